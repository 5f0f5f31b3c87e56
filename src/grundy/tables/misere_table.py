"""The misère table of a heap game: the misère Grundy values of single heaps 0..N, their period
(proved where a law proves it, else observed) and Conway's genus of the first heaps — what
``grundy table GAME --misere`` prints, as a library function.

The misère value ``m(n)`` is the ``mex`` of the options' misère values, and 1 at a heap with no
move; the player to move loses a heap of ``n`` in misère play exactly when ``m(n) = 0``. The
values come from a law proved for every heap where the game has one (take-away games with a
finite subtraction set, Nim: :func:`grundy.theory.misere_laws.heap_law`), and otherwise from a brute
force over every position the heaps reach, bounded by ``limit`` steps
(:func:`grundy.theory.misere.misere_table`). A period is **proved** only where such a law proves it;
otherwise it is observed in the table, not proved (no periodicity theorem for misère values is
known in general).

>>> from grundy.catalog import load_game
>>> table = analyze_misere(load_game("subtraction(2,5)"), 20)
>>> table.periodicity.period, table.periodicity.preperiod, table.periodicity.proved
(7, 0, True)
>>> table.to_json()["genus"][:2]
[[0, 1, 2, 0], [0, 1, 2, 0]]
>>> genus_text((0, 1, 2, 0)), genus_text((12, 12, 14)), genus_text((4, 1, 4, 6))
('0^120', '12^(12,14)', '4^146')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidInputError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame
from grundy.model.periodic import Periodicity
from grundy.theory.misere_laws import LawKind, MisereMemo

if TYPE_CHECKING:
    from grundy.engine.limits import Budget
    from grundy.theory.quotient import MisereQuotient

__all__ = ["DEFAULT_LIMIT", "GENUS_HEAPS", "MAX_QUOTIENT_UPTO", "MAX_UPTO", "MisereTable", "QuotientTable",
           "analyze_misere", "genus_text", "heap_genera", "misere_periodicity", "periodicity_text",
           "quotient_table"]

DEFAULT_LIMIT = 200_000
"""Default brute-force budget (steps) of the misère values, and again of the genera."""

MAX_UPTO = 1_000_000
"""Largest ``upto`` of a misère table (reached only where a proved law gives the values)."""

GENUS_HEAPS = 100
"""The genus is computed for at most this many heaps (0, 1, …), within the budget."""

MAX_QUOTIENT_UPTO = 5_000
"""Largest ``upto`` of a quotient table (:func:`quotient_table`)."""

SHOWN_VALUES = 10_000
"""At most this many values are written as text (:meth:`MisereTable.to_json` gives them all)."""


@dataclass(frozen=True)
class MisereTable:
    """The misère values ``m(0..upto)`` of a heap game, their periodicity and the genera of the
    first heaps (as many as fit in ``limit`` steps, at most :data:`GENUS_HEAPS`)."""

    game: HeapGame
    upto: int
    values: list[int]
    periodicity: Periodicity | None
    genera: list[tuple[int, ...]]
    limit: int
    """The brute-force budget (steps) the values and, again, the genera had."""

    def to_json(self, *, summary: bool = False) -> dict[str, Any]:
        """The object ``grundy table GAME --misere --json [--summary]`` prints."""
        data: dict[str, Any] = {"game": self.game.spec, "upto": self.upto, "misere": True}
        if not summary:
            data["misere_values"] = self.values
        found = self.periodicity
        data["periodicity"] = None if found is None else {
            "period": found.period, "preperiod": found.preperiod, "saltus": found.saltus,
            "proved": found.proved, "reason": found.reason}
        data["genus"] = [list(g) for g in self.genera]
        return data

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str,
                   limit_hint: str = "limit=") -> list[str]:
        """The text of the table (``heading`` styles the title; ``limit_hint`` names the budget's
        parameter in the hint when the genera ran out of it)."""
        upto, values, genera = self.upto, self.values, self.genera
        out: list[str] = []
        if summary:
            out.append(heading(self.game.spec) + f"  misère values m(0..{upto:,})")
        else:
            out.append(heading(self.game.spec) + f"  misère Grundy values m(0..{upto:,}) (a heap with "
                                                 f"no move has m = 1)")
            shown = [str(v) for v in values[:SHOWN_VALUES]]
            out += _rows(shown, 10 if max(map(len, shown)) > 2 else 20)
            if len(values) > SHOWN_VALUES:
                out.append(f"  … {len(values) - SHOWN_VALUES:,} more values (--json prints them all)")
        out.append(f"  {periodicity_text(self.periodicity, upto)}")
        out.append(f"  largest value {max(values)}; P-positions (m = 0) at "
                   f"{sum(1 for v in values if v == 0):,} of the {len(values):,} heaps")
        if not genera:
            out.append(f"  genus: not computed (heap 0 needs more than {self.limit:,} steps)")
            return out
        stop = len(genera) - 1
        why = "" if stop == min(upto, GENUS_HEAPS - 1) else \
            f" (the budget of {self.limit:,} steps ran out at heap {stop + 1}; {limit_hint} raises it)"
        out.append(f"  genus v^γ1γ2… of heaps 0..{stop}{why}:")
        if not summary:
            out += _rows([genus_text(g) for g in genera], 10)
        return out


def analyze_misere(game: Game, upto: int, *, limit: int = DEFAULT_LIMIT,
                   budget: Budget | None = None) -> MisereTable:
    """The misère table of ``game`` (a heap game) for heaps ``0..upto``, brute force bounded by
    ``limit`` steps for the values and again for the genera (``budget``: the
    :class:`~grundy.engine.limits.Budget` whose room, nets and progress hook the two searches
    have, its room in place of ``limit`` unless it is the default budget).

    Raises :class:`~grundy.errors.InvalidInputError` for a game that is not a heap game or
    ``upto`` beyond :data:`MAX_UPTO`, and :class:`~grundy.theory.misere.MisereTableLimitError` (a
    :class:`~grundy.errors.SearchLimitError`) when the values need more than ``limit`` steps.

    >>> from grundy.catalog import load_game
    >>> table = analyze_misere(load_game("kayles"), 12)
    >>> table.values[:6], table.periodicity is None, table.genera[4]
    ([1, 0, 2, 3, 0, 1], True, (1, 0, 3, 1))
    """
    from grundy.theory.misere import misere_table

    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"misère tables are of heap games, and {game.spec!r} is not one")
    if not 0 <= upto <= MAX_UPTO:
        raise InvalidInputError(f"upto={upto!r}: misère tables go from 0 up to {MAX_UPTO:,}")
    memo = MisereMemo()
    if budget is not None and not budget.standard:
        limit = budget.room()
    values = misere_table(game, upto, memo=memo, budget=_part(budget, limit))
    periodicity = misere_periodicity(game, memo)
    if periodicity is None:
        from grundy.tables.periodicity import find_period

        periodicity = find_period(values)
    genera = heap_genera(game, min(upto + 1, GENUS_HEAPS), limit, memo, _part(budget, limit))
    return MisereTable(game, upto, values, periodicity, genera, limit)


def _part(budget: Budget | None, limit: int) -> Budget:
    """A budget of ``limit`` steps for one search: a part of ``budget`` where one was given."""
    from grundy.engine.limits import Budget

    return Budget(limit) if budget is None else budget.part(limit)


def misere_periodicity(game: HeapGame, memo: MisereMemo | None = None) -> Periodicity | None:
    """The period of the misère values where the game's law proves it, else ``None``.

    A take-away game with a finite subtraction set has its pairs ``(v(n), m(n))`` repeat with a
    proved period ``P`` from a heap ``s``; the least period of ``m`` alone divides ``P``, and one
    cycle of ``P`` heaps from ``s`` shows it; the least preperiod is then found going down from
    ``s``. Misère Nim: ``m(n) = n`` for ``n ≥ 2`` (period 1, saltus 1, from heap 2).

    >>> from grundy.catalog import load_game
    >>> found = misere_periodicity(load_game("subtraction(2,5)"))
    >>> found.period, found.preperiod, found.proved
    (7, 0, True)
    """
    from grundy.theory.misere_laws import heap_law

    law = heap_law(game, memo=memo or MisereMemo())
    if law is None:
        return None
    if law.kind is LawKind.NIM:
        return Periodicity(1, 2, 1, True, "misère Nim: m(0) = 1, m(1) = 0 and m(n) = n for n ≥ 2 "
                                          "(induction on n)")
    if law.kind is not LawKind.PERIODIC:
        return None
    s, big = law.start, law.period

    def m(n: int) -> int:
        return int(law.pair(n)[1])  # type: ignore[arg-type]

    p = next(d for d in range(1, big + 1)
             if big % d == 0 and all(m(n + d) == m(n) for n in range(s, s + big)))
    e = s
    while e > 0 and m(e - 1 + p) == m(e - 1):
        e -= 1
    return Periodicity(p, e, 0, True, f"each pair (v(n), m(n)) is the mex of the max S pairs "
                                      f"before it, and a window of max S pairs repeats with period "
                                      f"{big} from heap {s}")


def heap_genera(game: HeapGame, count: int, limit: int, memo: MisereMemo | None = None,
                budget: Budget | None = None) -> list[tuple[int, ...]]:
    """Conway's genus of heaps ``0, 1, …, count - 1``, stopping at the first heap that does not
    fit in ``limit`` brute-force steps (in all).

    >>> from grundy.catalog import load_game
    >>> heap_genera(load_game("nim"), 3, 10_000)
    [(0, 1, 2, 0), (1, 0, 3, 1), (2, 2, 0)]
    """
    from grundy.engine.search import Budget
    from grundy.theory.misere import GENUS_DEPTH, genus
    from grundy.theory.misere_laws import genus_entry, profile

    memo = memo or MisereMemo()
    budget = Budget(limit) if budget is None else budget
    found: list[tuple[int, ...]] = []
    for n in range(count):
        try:  # fill the memo within the shared budget; genus() then only reads it
            profile(game, (n,), memo, budget)
            for twos in range(GENUS_DEPTH):
                genus_entry(game, (n,), twos, memo, budget)
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except SearchLimitError:
            break
        found.append(genus(game, (n,), memo=memo))
    return found


def genus_text(gammas: tuple[int, ...]) -> str:
    """Conway's notation ``v^{γ1γ2…}`` (with commas when some entry has two digits)."""
    head, tail = gammas[0], gammas[1:]
    if all(g < 10 for g in tail):
        return f"{head}^" + "".join(map(str, tail))
    return f"{head}^(" + ",".join(map(str, tail)) + ")"


def periodicity_text(found: Periodicity | None, upto: int) -> str:
    """One line on the period of the misère values ``m(0..upto)``.

    >>> periodicity_text(Periodicity(7, 0, 0, False), 100)
    'period 7 from heap 0 (observed in m(0..100), not proved)'
    """
    if found is None:
        return f"no period found in m(0..{upto:,})"
    saltus = f", saltus {found.saltus}" if found.saltus else ""
    status = f"proved: {found.reason}" if found.proved else \
        f"observed in m(0..{upto:,}), not proved"
    return f"period {found.period} from heap {found.preperiod}{saltus} ({status})"


@dataclass(frozen=True)
class QuotientTable:
    """The misère quotient of a heap game's heaps ``0..upto`` (:class:`MisereQuotient`), as
    ``grundy table GAME --misere --quotient`` reports it."""

    game: HeapGame
    upto: int
    quotient: MisereQuotient

    def to_json(self) -> dict[str, Any]:
        """The object ``grundy table GAME --misere --quotient --json`` prints."""
        return {"game": self.game.spec, "upto": self.upto, "misere": True,
                "quotient": self.quotient.to_json()}

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str,
                   upto_hint: str = "upto") -> list[str]:
        """The text of the quotient table (``upto_hint`` names the parameter that goes further)."""
        q = self.quotient
        names = q.names
        gen_heaps = [q.heaps.index(g) for g in q.generators]
        out = [heading(q.game.spec) + f"  misère quotient of heaps 0..{q.checked_upto:,}",
               f"  order {q.order}, generated by {', '.join(names[g] for g in q.generators) or '(none)'}"
               + (f" (heaps {', '.join(map(str, gen_heaps))})" if gen_heaps else "")]
        rel = ", ".join(f"{a} = {b}" for a, b in q.relations)
        out.append(f"  relations: {rel or '(none)'}")
        out.append(f"  P-portion ({len(q.p_portion)}): {', '.join(names[x] for x in q.p_portion)}")
        if q.status == "proved":
            out.append(f"  status: proved for every heap: {q.reason}")
        elif q.status == "observed":
            out.append(f"  status: exact for heaps ≤ {q.checked_upto:,} ({q.reason}); a larger "
                       f"{upto_hint} may reach the periodicity theorem")
        else:
            out.append(f"  status: exact for heaps ≤ {q.checked_upto:,} ({q.reason}); no period seen")
        if summary:
            return out
        start = q.preperiod if q.period is not None else None
        out.append("  heap → element" + (
            "" if start is None else f" (* marks the periodic part: period {q.period} from heap {start})"))
        cells = [f"{n}:{names[h]}" + ("*" if start is not None and n >= start else "")
                 for n, h in enumerate(q.heaps)]
        width = max(len(c) for c in cells) + 1
        for i in range(0, len(cells), 8):
            out.append("    " + "".join(c.ljust(width) for c in cells[i:i + 8]).rstrip())
        return out


AUTO_QUOTIENT_UPTO = 400
"""How far a quotient table without ``upto`` grows (it stops earlier once proved)."""


def quotient_table(game: Game, upto: int | None = None, *, limit: int | None = None) -> QuotientTable:
    """The misère quotient of heaps ``0..upto`` of ``game`` (a heap game; ``upto`` at most
    :data:`MAX_QUOTIENT_UPTO`), brute force within ``limit`` steps (by default
    :data:`~grundy.theory.quotient.DEFAULT_QUOTIENT_LIMIT`; :func:`grundy.theory.quotient.misere_quotient`).
    Without ``upto``: heap by heap until the periodicity theorem proves it for every heap, up to
    :data:`AUTO_QUOTIENT_UPTO`, or until a heap is not settled within ``limit`` steps — then the
    quotient of the heaps before it, saying so.

    >>> from grundy.catalog import load_game
    >>> print("\\n".join(quotient_table(load_game("octal(0.75)"), 24).text_lines()[:2]))
    octal(0.75)  misère quotient of heaps 0..24
      order 8, generated by a, b, c (heaps 1, 2, 5)
    >>> quotient_table(load_game("octal(0.75)")).quotient.status
    'proved'
    """
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT, misere_quotient

    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"misère tables are of heap games, and {game.spec!r} is not one")
    if upto is not None and not 0 <= upto <= MAX_QUOTIENT_UPTO:
        raise InvalidInputError(f"upto={upto!r}: quotient tables go from 0 up to "
                                f"{MAX_QUOTIENT_UPTO:,} heaps")
    limit = DEFAULT_QUOTIENT_LIMIT if limit is None else limit
    if upto is None:
        q = misere_quotient(game, need=AUTO_QUOTIENT_UPTO, limit=limit, partial=True)
        return QuotientTable(game, q.checked_upto, q)
    return QuotientTable(game, upto, misere_quotient(game, upto=upto, limit=limit))


def _rows(values: list[str], per_row: int) -> list[str]:
    width = max(len(v) for v in values)
    label = len(str(len(values) - 1))
    return [f"  {str(start).rjust(label)}: " +
            " ".join(v.rjust(width) for v in values[start:start + per_row])
            for start in range(0, len(values), per_row)]
