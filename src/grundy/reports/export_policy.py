"""What an exported program answers with, decided once for a game (:func:`export_game`): by the
simplest pattern of its values that has a formula (a proved period beats a conjectured formula),
else by its table (in Python, by the game's own move function beyond it), and, for a game on
pairs, by a pattern of its P-positions beyond the table; then the program is written in C++17 or
Python and its Python twin is checked against the table before it is returned.

Only what decides the game is exported: the heaps of a heap game are XORed only when the game says
its positions are sums of their heaps (:meth:`~grundy.model.game.Game.components`); Moore's Nim_k
is answered by Moore's theorem. A ``@grundy.game`` on one number (positions ``(n,)``) is a table of
``G(n)`` (or its pattern); several numbers of one input are read as a disjunctive sum only when
the game declares ``arity=1`` (then several numbers cannot be one position, and the sum is the one
meaning they can have; otherwise they could be a position of the game's own, and the input is
refused). A game with a declared domain (``minimum=``, ``valid=``) is tabulated from its least
position; an input outside the domain is an error for that input alone. Any other game is refused.

>>> from grundy.catalog import load_game
>>> result = export_game(load_game("subtraction(1,2)"), lang="python", upto=60)
>>> "proved (" in result.source and "n % 3" in result.source, result.plan.kind
(True, 'heap')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.errors import GrundyError, InvalidInputError, NotSupportedError
from grundy.export import code as writer
from grundy.export.code import LANGS, OutcomeRule, export_code
from grundy.export.main import INPUT_FORMATS
from grundy.export.model import pattern_law
from grundy.model.game import Game, HeapGame
from grundy.patterns.record import Pattern

__all__ = ["HEAP_UPTO", "PAIR_UPTO", "PROVED_P_POSITIONS", "ExportResult", "Plan", "export_game",
           "export_plan", "export_source", "is_sum_of_heaps"]

HEAP_UPTO = 1000
"""Default ``upto`` of a heap game (and of a game on one number)."""
PAIR_UPTO = 30
"""Default ``upto`` of a game on pairs."""

PROVED_P_POSITIONS: dict[str, tuple[str, str | None, str | None]] = {
    "wythoff": ("P iff min(a, b) = floor(k * phi) with k = |a - b|, phi = (1 + sqrt 5) / 2",
                "min(a, b) == (abs(a - b) + isqrt(5 * abs(a - b) * abs(a - b))) // 2", None),
    "fibonacci-nim": ("P iff n = 0 or the smallest Zeckendorf term of n exceeds the limit "
                      "(a = n, b = the limit)", None, "zeckendorf"),
    "dynamic-subtraction": ("P iff n = 0 or the smallest term of n's greedy form over H(1) = 1, "
                            "H(j+1) = H(j) + H(m), m least with K*H(m) >= H(j), exceeds the limit "
                            "(a = n, b = the limit)", None, "kfold"),
}
"""Pair games whose P-positions a theorem gives (the theorem is in the game's module docstring)."""

_THEOREMS = {"wythoff": "Wythoff's theorem, 1907", "fibonacci-nim": "Whinihan's theorem, 1963",
             "dynamic-subtraction": "Schwenk's theorem, 1970"}


@dataclass(frozen=True)
class Plan:
    """What an export of a game rests on (computed once, written in either language).

    ``kind`` is ``"heap"``, ``"pair"``, ``"number"`` (a game on one number) or ``"moore"``;
    ``table`` the exact values (``None`` cells: not positions of the game), ``best`` the pattern
    of the values that answers, ``period`` a heap game's period, ``rule`` the P-positions' rule
    of a pair game, ``source`` the move function (Python, beyond the table), ``origin`` the least
    position of a declared domain, ``domain`` the domain in words, ``sums`` whether several
    numbers of a game on one number are a sum."""

    name: str
    kind: str
    table: Any = None
    best: Any = None
    period: Any = None
    rule: Any = None
    source: str | None = None
    moore_k: int | None = None
    origin: tuple[int, ...] | None = None
    domain: str | None = None
    sums: bool = True

    def code_arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`grundy.export.code.export_code` for this plan."""
        args = {"name": self.name, "kind": self.kind, "pattern": self.best, "table": self.table,
                "move_source": self.source, "period": self.period, "outcome_rule": self.rule,
                "moore_k": self.moore_k}
        if self.domain is not None or self.kind == "number":
            corner = self.origin or ((0, 0) if self.kind == "pair" else (0,))
            table = (self.table[corner[0]:] if self.kind != "pair"
                     else [row[corner[1]:] for row in self.table[corner[0]:]])
            args.update(table=table, origin=corner, domain=self.domain, sums=self.sums)
        return args


@dataclass(frozen=True)
class ExportResult:
    """An exported program: its ``source``, the :class:`Plan` it was written from, its language,
    and the warnings about it (its size above
    :data:`grundy.export.code.SIZE_WARNING`)."""

    source: str
    plan: Plan
    lang: str
    warnings: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """The source's size in bytes."""
        return len(self.source.encode())

    @property
    def header(self) -> list[str]:
        """The header comment's lines: what the answers rest on (proved, conjecture, table)."""
        mark = "# " if self.lang == "python" else "// "
        lines = []
        for line in self.source.splitlines():
            if not line.startswith(mark) or line.startswith(mark + "Generated by grundy"):
                break
            lines.append(line[len(mark):])
        return lines

    @property
    def status(self) -> str:
        """What the values rest on, as the header says it: ``LAW: proved (THEOREM)``, ``LAW:
        conjecture, checked ...``, or the exact table and its range."""
        for line in self.header:
            if line.startswith(("values: ", "outcome: ")):
                return line.split(": ", 1)[1]
        return ""


def export_game(game: Game, *, lang: str = "cpp", main: bool = False, input_format: str = "lines",
                upto: int | None = None) -> ExportResult:
    """A self-contained program answering positions of ``game`` in C++17 (``lang="cpp"``) or
    Python; ``main=True`` adds a program reading positions (``input_format``: ``lines``,
    ``cases`` or ``counted``) and printing ``VALUE OUTCOME``; ``upto`` is the table's size
    (heaps ``0..upto``, pairs ``a, b <= upto``).

    >>> from grundy.catalog import load_game
    >>> result = export_game(load_game("nim"), lang="python", main=True, upto=10)
    >>> result.header[0].startswith("nim: the Grundy value of one heap n"), result.warnings
    (True, ())
    """
    if lang not in LANGS:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    if input_format not in INPUT_FORMATS:
        raise InvalidInputError(
            f"the input format must be one of {', '.join(INPUT_FORMATS)}, got {input_format!r}")
    if input_format != "lines" and not main:
        raise InvalidInputError(f"input_format={input_format!r} says what the program's main reads: "
                                f"it needs main=True")
    plan = export_plan(game, upto)
    source = export_source(game, lang=lang, main=main, input_format=input_format, plan=plan)
    size, limit = len(source.encode()), writer.SIZE_WARNING
    warnings: tuple[str, ...] = ()
    if size > limit:
        warnings = (f"the program is {size / 1024:.0f} KB, more than the {limit // 1024} KB many "
                    f"judges accept; a smaller upto makes it smaller",)
    return ExportResult(source, plan, lang, warnings)


def is_sum_of_heaps(game: HeapGame) -> bool:
    """Whether a position of several heaps is the disjunctive sum of its heaps, as the game says."""
    parts = game.components((1, 2))
    return parts is not None and [p for _, p in parts] == [(1,), (2,)] and all(g == game for g, _ in parts)


def export_plan(game: Game, upto: int | None = None) -> Plan:
    """The table of ``game`` to ``upto``, the patterns found in it, and the best pattern of the
    values that has a formula (proved first, then the simplest); Moore's rule; or a refusal."""
    from grundy.define.source import move_source

    if isinstance(game, HeapGame) and not is_sum_of_heaps(game):
        k = getattr(game, "k", None)
        if getattr(game, "name", "") == "moore" and isinstance(k, int):
            return Plan(game.spec, "moore", table=[], moore_k=k)
        raise NotSupportedError(f"{game.spec}: a position of several heaps is not the sum of its heaps "
                                f"(a move may change several), and export has no rule for it")
    if hasattr(game, "table_cells"):
        plan = _user_plan(game, upto)
        if plan is not None:
            return plan
    kind, table, patterns, period = _table_and_patterns(game, upto)
    best = next((p for p in patterns if p.describes == "values" and p.formula is not None), None)
    if best is not None and best.status != "proved" and period is not None and period.proved:
        best = None  # a proved period beats a conjectured formula
    rule = _p_rule(game, patterns) if kind == "pair" and best is None else None
    source = move_source(game) if best is None and period is None else None
    return Plan(game.spec, kind, table, best, period, rule, source)


def export_source(game: Game, *, lang: str, upto: int | None = None, main: bool = False,
                  input_format: str = "lines", plan: Plan | None = None) -> str:
    """The program for ``game`` (by :func:`export_plan`, or ``plan``), its Python twin checked
    against the table before the program is returned."""
    plan = plan or export_plan(game, upto)
    args = plan.code_arguments()
    code = export_code(lang=lang, main=main, input_format=input_format, **args)
    if plan.kind != "moore":
        _self_check(code if lang == "python" else export_code(lang="python", **args), plan)
    return code


def _p_rule(game: Game, patterns: list[Any], origin: tuple[int, ...] | None = None) -> Any:
    name = getattr(game, "name", "")
    if name in PROVED_P_POSITIONS:
        text, formula, code = PROVED_P_POSITIONS[name]
        if code == "kfold":  # the rule's one parameter is the game's own (dynamic-subtraction(K))
            k = getattr(game, "k", 0)
            text, code = text.replace("K*", f"{k}*"), f"kfold {k}"
        return OutcomeRule(text, f"proved ({_THEOREMS[name]})", formula, code)
    found = next((p for p in patterns if p.describes == "p-positions" and p.formula is not None), None)
    if found is None:
        return None
    n = found.checked_upto
    where = (f"a <= {n}, b <= {n}" if not origin or not any(origin)
             else f"{origin[0]} <= a <= {n}, {origin[1]} <= b <= {n}")
    return OutcomeRule(pattern_law(found.text), f"conjecture, checked for {where}", found.formula)


def _self_check(code: str, plan: Plan) -> None:
    """Run the Python program on a sample of the table (every cell of a small one) and compare; a
    cell that is not a position must be refused."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    table = plan.table
    corner = plan.origin or ((0, 0) if plan.kind == "pair" else (0,))
    if plan.kind != "pair":
        n0 = corner[0]
        step = max(1, (len(table) - n0) // 500)
        cells: list[tuple[tuple[int, ...], int | None]] = [
            ((n,), table[n]) for n in range(n0, len(table), step)]
    else:
        a0, b0 = corner
        side = len(table) - a0
        step = max(1, side // 25)
        cells = [((a, b), table[a][b]) for a in range(a0, len(table), step)
                 for b in range(b0, len(table[a]), step)]
    p_position = namespace.get("p_position")  # the P-positions' rule, used beyond the table
    for args, want in cells:
        try:
            got = value(*args)
        except ValueError:
            got = None
        if got != want:
            raise GrundyError(f"internal error: the exported program gives G{args} = {got}, the table "
                              f"{want}; please report it")
        if want is not None and p_position is not None and p_position(*args) != (want == 0):
            raise GrundyError(f"internal error: the exported rule for the P-positions is wrong at {args} "
                              f"(G = {want}); please report it")


def _table_and_patterns(game: Game, upto: int | None) -> tuple[str, Any, list[Any], Any]:
    from grundy.reports.tables import heap_patterns, pair_patterns

    if isinstance(game, HeapGame):
        from grundy.tables.analysis import analyze

        result = analyze(game, HEAP_UPTO if upto is None else upto)
        return "heap", result.first(result.upto + 1), heap_patterns(result), result.periodicity
    grid = game.table_2d(PAIR_UPTO if upto is None else upto)
    if grid is None:
        raise NotSupportedError(f"export needs a heap game or a game on pairs of numbers, not {game.spec}")
    if not grid or not grid[0]:
        raise InvalidInputError("upto must leave at least one position")
    return "pair", grid, pair_patterns(grid, game), None


# ---- the games of grundy.define with a declared domain, or on one number ----------------------

def _domain_words(domain: Any, kind: str) -> str | None:
    """The declared domain in words (``a >= 1, b >= 1``, ``and valid()``), or ``None``."""
    parts = []
    names = ("a", "b") if kind == "pair" else ("n",)
    if domain.minimum is not None:
        parts += [f"{v} >= {m}" for v, m in zip(names, domain.minimum, strict=True)]
    text = ", ".join(parts)
    if domain.valid is not None:
        text += (" and " if text else "") + ("those valid() accepts, which the program knows only "
                                             "inside its table")
    return text or None


def _user_plan(game: Any, upto: int | None) -> Plan | None:
    """The plan of a ``@grundy.game``: on pairs with a declared domain, or on one number; ``None``
    for a game on pairs from ``(0, 0)`` (the general path, as before) and refused otherwise."""
    from grundy.define import answering

    domain = type(game).domain
    with answering():
        cells = game.table_cells(PAIR_UPTO if upto is None else upto)
        line = None if cells is not None else game.table_line(HEAP_UPTO if upto is None else upto)
    if cells is not None:
        if not domain.declared_any:
            return None
        return _domain_pair_plan(game, cells, domain)
    if line is None:
        return None  # refused by the general path, with its message
    return _line_plan(game, line, domain)


def _domain_pair_plan(game: Any, cells: list[list[int | None]], domain: Any) -> Plan:
    from grundy.define.domain import domain_pair_patterns
    from grundy.define.source import move_source
    from grundy.reports.tables import pair_patterns

    a0, b0 = domain.minimum if domain.minimum is not None else (0, 0)
    table = [row[b0:] for row in cells[a0:]]
    if not table or not table[0]:
        raise InvalidInputError(f"upto must leave at least one position (the game's positions start "
                                f"at ({a0}, {b0}))")
    words = _domain_words(domain, "pair")
    patterns: list[Pattern] = []
    if domain.valid is None:  # beyond the table, only the minimum can be checked
        patterns = domain_pair_patterns(cells, (a0, b0), lambda grid: pair_patterns(grid, game))[0]
    best = next((p for p in patterns if p.describes == "values" and p.formula is not None), None)
    rule = _p_rule(game, patterns, (a0, b0)) if best is None else None
    source = move_source(game) if best is None and domain.valid is None else None
    return Plan(game.spec, "pair", _pad(table, a0, b0), best, None, rule, source, origin=(a0, b0),
                domain=words)


def _pad(table: list[list[int | None]], a0: int, b0: int) -> list[list[int | None]]:
    """The table indexed from ``(0, 0)`` (blank below the origin), as the self-check reads it."""
    width = b0 + len(table[0])
    blank: list[int | None] = [None] * width
    return [list(blank) for _ in range(a0)] + [blank[:b0] + row for row in table]


def _line_plan(game: Any, line: list[int | None], domain: Any) -> Plan:
    from grundy.define.domain import shift_formula
    from grundy.patterns.formulas import evaluate
    from grundy.patterns.search import find_patterns
    from grundy.reports.tables import PATTERN_STEPS

    n0 = domain.minimum[0] if domain.minimum is not None else 0
    values = line[n0:]
    if not values:
        raise InvalidInputError(f"upto must leave at least one position (the game's positions start "
                                f"at {n0})")
    upto = len(line) - 1
    best = None
    if domain.valid is None and all(v is not None for v in values):
        for p in find_patterns(values, steps=PATTERN_STEPS):  # type: ignore[arg-type]
            if p.describes != "values" or p.formula is None:
                continue
            if n0 == 0:
                best = p
                break
            formula = shift_formula(p.formula, {"n": n0})
            if all(evaluate(formula, n=n) == line[n] for n in range(n0, upto + 1)):
                best = Pattern("values", f"G(n) = {formula} (conjecture, checked for {n0} <= n <= {upto})",
                               formula, "conjecture", upto)
                break
    return Plan(game.spec, "number", line, best, origin=(n0,), domain=_domain_words(domain, "number"),
                sums=domain.arity == 1)
