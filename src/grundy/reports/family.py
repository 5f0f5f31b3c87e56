"""A family of games over a parameter range, ``'GAME(k=A..B)'``, as ``grundy table`` reports it.

For heap games (:class:`FamilyTable`): each member's period and patterns, and how the period
depends on the parameter. A dependence is a **conjecture** fitted on the range (``period k + 1``
on k = 2..9), even where each member's period is proved: the theorem covers each game, not the
family.

For a game that is not a heap game but declares its start position per parameter
(``@grundy.game(..., start=lambda k: ...)``; :class:`StartFamilyTable`): the outcome and Grundy
value of each member's start position, and the patterns of that sequence over the parameter —
**conjectures**, checked on the range only.

>>> expand("bash(m=2..4)")
('m', [2, 3, 4], ['bash(m=2)', 'bash(m=3)', 'bash(m=4)'])
>>> linear_fit([2, 3, 4], [3, 4, 5])
'k + 1'
>>> family = analyze_family("bash(m=2..5)", 60)
>>> [(m.value, m.periodicity.period) for m in family.members]
[(2, 3), (3, 4), (4, 5), (5, 6)]
>>> print(family.dependence[0].text)
period m + 1 for m = 2..5 (conjecture: fitted on these 4 games; each one's period is proved)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grundy.catalog import is_family
from grundy.errors import GrundyError, InvalidInputError, NotSupportedError
from grundy.model.game import laws_of
from grundy.model.laws import Describes, Status
from grundy.model.periodic import Periodicity
from grundy.patterns.record import Pattern

__all__ = ["Dependence", "FamilyMember", "FamilyTable", "StartFamilyTable", "StartMember",
           "analyze_family", "expand", "is_family", "linear_fit", "shifted_patterns"]

RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*$")

MAX_MEMBERS = 64
"""Largest parameter range tabulated at once."""


def expand(spec: str) -> tuple[str, list[int], list[str]]:
    """The parameter that ranges, its values, and the members' specs."""
    from grundy.catalog import parse_spec

    name, args, kwargs = parse_spec(spec)
    ranged = [(key, m) for key, value in kwargs.items() if isinstance(value, str)
              and (m := RANGE.match(value))]
    ranged += [(str(i), m) for i, value in enumerate(args) if isinstance(value, str)
               and (m := RANGE.match(value))]
    if len(ranged) != 1:
        raise InvalidInputError(f"a family of games has exactly one parameter range A..B, e.g. "
                                f"'bash(m=2..9)'; got {spec!r}")
    key, match = ranged[0]
    lo, hi = int(match.group(1)), int(match.group(2))
    if not 0 <= lo <= hi or hi - lo + 1 > MAX_MEMBERS:
        raise InvalidInputError(f"a parameter range is A..B with A <= B and at most {MAX_MEMBERS} "
                                f"values; got {match.group(0).strip()!r} in {spec!r}")
    values = list(range(lo, hi + 1))
    specs = []
    for v in values:
        parts = [str(a) if str(i) != key else str(v) for i, a in enumerate(args)]
        parts += [f"{k}={v if k == key else w}" for k, w in kwargs.items()]
        specs.append(f"{name}({','.join(parts)})")
    return (key if not key.isdigit() else "k"), values, specs


def linear_fit(ks: list[int], ys: list[int | None]) -> str | None:
    """``y = a·k + b`` through every point, as text (``'2k + 1'``), if one line fits all (and
    there are at least three points, all known)."""
    if len(ks) < 3 or any(y is None for y in ys):
        return None
    points = [(k, int(y)) for k, y in zip(ks, ys, strict=True) if y is not None]
    (k0, y0), (k1, y1) = points[0], points[1]
    a = Fraction(y1 - y0, k1 - k0)
    b = y0 - a * k0
    if any(a * k + b != y for k, y in points):
        return None
    slope = "" if a == 0 else ("k" if a == 1 else f"{a}k" if a.denominator == 1 else f"({a})k")
    if not slope:
        return str(b)
    return slope + ("" if b == 0 else f" + {b}" if b > 0 else f" − {-b}")


# ---- heap games ------------------------------------------------------------------------------

@dataclass(frozen=True)
class FamilyMember:
    """One game of a family of heap games: its periodicity and patterns in ``G(0..upto)``."""

    game: str
    value: int
    periodicity: Periodicity | None
    patterns: list[Pattern]

    def to_json(self, parameter: str) -> dict[str, Any]:
        """The member's row of ``--json`` (the parameter's value under its name)."""
        found = self.periodicity
        return {"game": self.game, parameter: self.value, "period": found.period if found else None,
                "preperiod": found.preperiod if found else None,
                "saltus": found.saltus if found else None, "proved": bool(found and found.proved),
                "patterns": [p.to_json() for p in self.patterns]}


@dataclass(frozen=True)
class Dependence:
    """A linear rule in the parameter for the period, preperiod or saltus: a conjecture."""

    describes: str
    formula: str
    text: str
    status: Status = Status.CONJECTURE

    def to_json(self) -> dict[str, Any]:
        return {"describes": str(self.describes), "formula": self.formula, "text": self.text,
                "status": str(self.status)}


@dataclass(frozen=True)
class FamilyTable:
    """Every member of a family of heap games, and the dependences fitted on the range."""

    family: str
    parameter: str
    upto: int
    members: list[FamilyMember]
    dependence: list[Dependence]

    def to_json(self) -> dict[str, Any]:
        """The object ``grundy table 'GAME(k=A..B)' --json`` prints."""
        return {"family": self.family, "parameter": self.parameter, "upto": self.upto,
                "members": [m.to_json(self.parameter) for m in self.members],
                "dependence": [d.to_json() for d in self.dependence]}

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str) -> list[str]:
        """The text of the family (``summary``: without each member's first pattern)."""
        key = self.parameter
        out = [heading(self.family) + f"  {len(self.members)} games, G(0..{self.upto}) each"]
        for member in self.members:
            found = member.periodicity
            period = ("no period found" if found is None else
                      f"period {found.period} from heap {found.preperiod}"
                      + (f", saltus {found.saltus}" if found.saltus else "")
                      + (" (proved)" if found.proved else " (observed)"))
            first = next((p.text for p in member.patterns if p.describes == Describes.VALUES), None)
            shown = f"; {first}" if first and not summary else ""
            out.append(f"  {key} = {member.value}: {period}{shown}")
        for dep in self.dependence:
            out.append(f"  depends on {key}: {dep.text}")
        if not self.dependence:
            out.append(f"  depends on {key}: no linear rule for the period fits every game of the range")
        return out


def dependences(parameter: str, values: list[int], members: list[FamilyMember]) -> list[Dependence]:
    """The linear rules in the parameter that fit the period, preperiod and saltus of every
    member (each a conjecture: fitted on the range, whatever each member's proof)."""
    rows = [m.to_json(parameter) for m in members]
    found = []
    for what in ("period", "preperiod", "saltus"):
        fit = linear_fit(values, [r[what] for r in rows])
        if fit is not None:
            fit = fit.replace("k", parameter)
            proved = all(r["proved"] for r in rows)
            found.append(Dependence(
                what, fit, f"{what} {fit} for {parameter} = {values[0]}..{values[-1]} (conjecture: "
                           f"fitted on these {len(values)} games"
                           + ("; each one's period is proved)" if proved else ")")))
    return found


def analyze_family(spec: str, upto: int, *, patterns: bool = True) -> FamilyTable | StartFamilyTable:
    """Tabulate each member of the family ``spec`` (``'bash(m=2..9)'``, one parameter range of
    at most :data:`MAX_MEMBERS` values): heap games up to heap ``upto`` with their periods,
    patterns and the dependences on the parameter; other games that declare a start position
    per parameter, the start position of each (``upto`` unused)."""
    from grundy.catalog import load_game
    from grundy.model.game import HeapGame
    from grundy.reports.tables import heap_patterns
    from grundy.tables.analysis import analyze

    key, values, specs = expand(spec)
    if not isinstance(load_game(specs[0]), HeapGame):
        return start_family(spec, key, values, specs, patterns=patterns)
    members = []
    for value, member in zip(values, specs, strict=True):
        result = analyze(load_game(member), upto)
        members.append(FamilyMember(member, value, result.periodicity,
                                    heap_patterns(result) if patterns else []))
    return FamilyTable(spec, key, upto, members, dependences(key, values, members))


# ---- games that declare their start position --------------------------------------------------

@dataclass(frozen=True)
class StartMember:
    """One game of a family and the solution of its declared start position."""

    game: str
    value: int
    start: str
    outcome: str
    grundy: Any

    def to_json(self, parameter: str) -> dict[str, Any]:
        return {"game": self.game, parameter: self.value, "start": self.start,
                "outcome": self.outcome, "grundy": self.grundy}


@dataclass(frozen=True)
class StartFamilyTable:
    """The start positions of a family of (non-heap) games, and the patterns of their values."""

    family: str
    parameter: str
    members: list[StartMember]
    patterns: list[Pattern]

    def to_json(self) -> dict[str, Any]:
        """The object ``grundy table 'GAME(k=A..B)' --json`` prints for such a family."""
        return {"family": self.family, "parameter": self.parameter,
                "members": [m.to_json(self.parameter) for m in self.members],
                "patterns": [p.to_json() for p in self.patterns]}

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str) -> list[str]:
        key, members = self.parameter, self.members
        out = [heading(self.family) + f"  the start position of each game, {key} = "
                                      f"{members[0].value}..{members[-1].value}"]
        for m in members:
            out.append(f"  {key} = {m.value}: start {m.start}: {m.outcome}-position, G = {m.grundy}")
        for pattern in self.patterns:
            out.append(f"  pattern: {pattern.text}")
        return out


def start_family(spec: str, key: str, values: list[int], specs: list[str], *,
                 patterns: bool = True) -> StartFamilyTable:
    """Solve each member's declared start position (one budget each) and find the patterns of
    the values over the parameter."""
    from grundy.catalog import load_game
    from grundy.define import answering
    from grundy.solving.solve import solve

    members = []
    for value, member in zip(values, specs, strict=True):
        game = load_game(member)
        declared = laws_of(game).start
        start = None if declared is None else declared()
        if start is None:
            raise NotSupportedError(f"no table for the family {spec!r}: {game.spec} is not a heap "
                                    f"game and declares no start position (@grundy.game(..., "
                                    f"start=lambda {key}: ...))")
        try:
            with answering():
                answer = solve(game, start)
        except GrundyError as exc:
            raise NotSupportedError(f"{member}: the start position {game.format_position(start)!r} is "
                                    f"not solved: {exc}", parameters=exc.parameters,
                                    spec=exc.spec) from None
        members.append(StartMember(member, value, game.format_position(start),
                                   answer.outcome.value, answer.grundy))
    grundy_values = [m.grundy for m in members]
    found: list[Pattern] = []
    if patterns and all(isinstance(v, int) for v in grundy_values):
        found = shifted_patterns(grundy_values, values[0], key)
    return StartFamilyTable(spec, key, members, found)


MIN_START_MEMBERS = 4
"""Fewer start positions than this have no pattern (any short formula fits two or three)."""


def shifted_patterns(values: list[int], lo: int, name: str = "n") -> list[Pattern]:
    """The patterns of ``values`` (the value at ``n = lo, lo + 1, ...``): a formula for the values
    and one true exactly at the P-positions, over ``n`` itself, each checked again on every point;
    texts name the range and write the formula over the parameter ``name`` (the field
    ``formula`` stays over ``n``, as the grammar has it). A periodic sequence of P-positions is
    said as such; a formula as large as the data it explains is no pattern, and fewer than
    :data:`MIN_START_MEMBERS` values have none.

    >>> shifted_patterns([k % 2 for k in range(3, 12)], 3)[0].text
    'G(start) = n % 2 (conjecture, checked for n = 3..11)'
    >>> for p in shifted_patterns([2 * (k % 2 == 0) for k in range(1, 13)], 1, "m"):
    ...     print(p.text)
    G(start) = (m - 1) % 2 * 2 (conjecture, checked for m = 1..12)
    P iff m % 2 == 1 (conjecture, checked for m = 1..12)
    >>> shifted_patterns([0] * 8, 1)[1].text
    'every start is a P-position (conjecture, checked for n = 1..8)'
    """
    from grundy.patterns.formulas import evaluate

    if len(values) < MIN_START_MEMBERS:
        return []
    hi = lo + len(values) - 1
    where = f"{name} = {lo}..{hi}"
    zero = [v == 0 for v in values]
    out = []
    found = _sequence_formula(values, lo, boolean=False)
    if found is not None and all(evaluate(found, n=lo + i) == v for i, v in enumerate(values)):
        out.append(Pattern.stated(Describes.VALUES, f"G(start) = {_renamed(found, name)}",
                                  f"conjecture, checked for {where}", found, Status.CONJECTURE, hi))
    if all(zero) or not any(zero):  # (a search would find a constant, or a bare truthy "n")
        kind = "P" if all(zero) else "N"
        out.append(Pattern.stated(Describes.P_POSITIONS, f"every start is a {kind}-position",
                                  f"conjecture, checked for {where}", "1" if all(zero) else "0",
                                  Status.CONJECTURE, hi))
        return out
    found = _periodic_rule(zero, lo) or _sequence_formula([int(z) for z in zero], lo, boolean=True)
    if found is not None and all(bool(evaluate(found, n=lo + i)) == z for i, z in enumerate(zero)):
        out.append(Pattern.stated(Describes.P_POSITIONS, f"P iff {_renamed(found, name)}",
                                  f"conjecture, checked for {where}", found, Status.CONJECTURE, hi))
    return out


def _sequence_formula(values: list[int], lo: int, *, boolean: bool) -> str | None:
    """The simpler of the simplest formulas of ``values`` over ``n`` and over ``n - lo`` (written
    over ``n``; the smaller, then the one calling fewer functions), or ``None``; none that is as
    large as the data."""
    import numpy as np

    from grundy.define.domain import shift_formula
    from grundy.patterns.record import MAX_SIZE, SEARCH_STEPS, size, too_long
    from grundy.patterns.synthesis import shortest_formula

    target = np.array(values, dtype=np.int64)
    found: list[tuple[int, int, str]] = []
    for start in (lo, 0) if lo else (0,):
        env = {"n": np.arange(start, start + len(values), dtype=np.int64)}
        formula = shortest_formula(env, lambda i, v: (bool(v) == bool(values[i])) if boolean
                                   else v == values[i], target, total=len(values), boolean=boolean,
                                   max_size=MAX_SIZE, steps=SEARCH_STEPS // 4)
        if formula is not None and not too_long(formula, len(", ".join(map(str, values))), len(values)):
            calls = len(re.findall(r"\w\(", formula))
            found.append((size(formula), calls,
                          shift_formula(formula, {"n": lo - start}) if start != lo else formula))
    return min(found)[2] if found else None


def _periodic_rule(zero: list[bool], lo: int) -> str | None:
    """``n % p == r`` (or ``n % p in {...}``) when the P-positions repeat with a period ``p`` seen
    at least twice."""
    for p in range(1, len(zero) // 2 + 1):
        if all(zero[i] == zero[i + p] for i in range(len(zero) - p)):
            residues = sorted({(lo + i) % p for i in range(p) if zero[i]})
            if len(residues) == 1:
                return f"n % {p} == {residues[0]}"
            return f"n % {p} in {{{', '.join(map(str, residues))}}}"
    return None


def _renamed(formula: str, name: str) -> str:
    """``formula`` (over ``n``) with ``n`` written as the parameter ``name``."""
    return formula if name == "n" else re.sub(r"\bn\b", name, formula)
