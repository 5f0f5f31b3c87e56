"""The table of a heap game as ``grundy table GAME --upto N`` reports it: the analysis of
``G(0..N)`` (:func:`grundy.tables.analysis.analyze`), the patterns found in it, its JSON object
and its text.

A ``summary`` whose period was proved without building the table stays lean: no pattern search
and no value frequencies (both need the table), so ``grundy table kayles --upto 10**8 --summary``
needs neither numpy nor numba.

>>> from grundy.catalog import load_game
>>> table = heap_table(load_game("kayles"), 200)
>>> print(table.text_lines(summary=True)[1])
  period 12 from heap 71 (proved: Guy-Smith periodicity theorem (octal code of length 2))
>>> table.to_json(summary=True)["period"]
12
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.engine.limits import Budget
from grundy.model.game import Game
from grundy.model.periodic import Progress
from grundy.patterns.record import Pattern
from grundy.tables.analysis import TableAnalysis

__all__ = ["HeapTable", "heap_table", "periodicity_line", "rare_line"]

SHOWN_VALUES = 10_000
"""At most this many values are written as text (:meth:`HeapTable.to_json` gives them all)."""


@dataclass(frozen=True)
class HeapTable:
    """The analysed table of a heap game and the patterns found in it (none when ``lean``)."""

    analysis: TableAnalysis
    patterns: list[Pattern]
    lean: bool = False
    """A summary whose period was proved without a table: no patterns, no frequencies."""
    octal_note: str | None = None
    """For a user's heap game whose options agree with an octal code on the table: that note."""

    def to_json(self, *, summary: bool = False) -> dict[str, Any]:
        """The object ``grundy table GAME --upto N --json [--summary]`` prints."""
        from grundy.reports.tables import heap_table_json

        data = heap_table_json(self.analysis, self.patterns, summary=summary, lean=self.lean)
        if self.octal_note is not None:
            data["octal_note"] = self.octal_note
        return data

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str) -> list[str]:
        """The text ``grundy table GAME --upto N [--summary]`` prints."""
        result = self.analysis
        game, upto = result.game, result.upto
        out: list[str] = []
        if not summary:
            values = result.first(SHOWN_VALUES)
            out.append(heading(game.spec) + f"  Grundy values G(0..{upto})")
            width = max(len(str(v)) for v in values)
            per_row = 10 if width > 2 else 20
            label = len(str(min(upto, SHOWN_VALUES)))
            for start in range(0, len(values), per_row):
                row = " ".join(str(v).rjust(width) for v in values[start:start + per_row])
                out.append(f"  {str(start).rjust(label)}: {row}")
            if upto + 1 > SHOWN_VALUES:
                out.append(f"  … {upto + 1 - SHOWN_VALUES:,} more values (--json prints them all)")
        else:
            out.append(heading(game.spec) + f"  G(0..{upto:,})")
        out.append(f"  {periodicity_line(result)}")
        if self.octal_note is not None:
            out.append(f"  {self.octal_note}")
        out.append(f"  largest value {result.max_value}")
        rare = rare_line(result)
        if rare:
            out.append(f"  {rare}")
        out += [f"  pattern: {pattern.text}" for pattern in self.patterns]
        computed = "" if result.computed == result.upto + 1 else \
            f", {result.computed:,} values by mex and the rest from the proved period"
        out.append(f"  computed in {result.seconds:.3f} s ({result.method}{computed})")
        return out


def heap_table(game: Game, upto: int, *, method: str = "auto", patterns: bool = True,
               summary: bool = False, store: str | None = None, rebuild: bool = False,
               progress: Progress | None = None, limit: int | None = None,
               lean_start: bool = False, budget: Budget | None = None) -> HeapTable:
    """Build and analyse ``G(0..upto)`` of a heap game (``method``, ``store``, ``rebuild`` and
    ``progress`` as for :func:`~grundy.tables.analysis.analyze`) and look for its patterns
    (unless ``patterns`` is false, or a ``summary`` is lean: see the module's note). ``limit``:
    the step budget of a table that calls your own move function (``@grundy.heap_game``; by
    default :data:`~grundy.engine.search.DEFAULT_LIMIT`, a heap or an option 1/8 of a step);
    ``budget``: the same as a :class:`~grundy.engine.limits.Budget` (``limit=N`` is short for
    ``budget=Budget(N)``; not both).
    ``lean_start``: a compiled kernel this table is the first to load loads numba without scipy
    (:class:`~grundy.tables.kernels.lean_numba`: faster, but no BLAS in compiled code for the
    rest of the process; the command line asks for it in its own process)."""
    from contextlib import nullcontext

    from grundy.engine.limits import one_budget, within
    from grundy.reports.tables import heap_patterns
    from grundy.tables.analysis import analyze
    from grundy.tables.kernels import lean_numba

    with within(one_budget(limit, budget)):  # (a game's table builder, behind its laws, reads it)
        with lean_numba() if lean_start else nullcontext():  # (the patterns' period kernel too)
            result = analyze(game, upto, method, progress=progress, store=store, rebuild=rebuild)
            lean = summary and result.lean
            found = heap_patterns(result) if patterns and not lean else []
    from grundy.model.game import laws_of

    rule = laws_of(game).octal_note  # (a user's heap game: an octal game?)
    note = None if rule is None else rule(upto)
    return HeapTable(result, found, lean, note)


def periodicity_line(result: TableAnalysis) -> str:
    """One line: the period and preperiod, with proved/observed, or that none was found."""
    found = result.periodicity
    if found is None:
        return f"no period found in G(0..{result.upto})"
    saltus = f", saltus {found.saltus}" if found.saltus else ""
    status = f"proved: {found.reason}" if found.proved else f"observed in G(0..{result.upto}), not proved"
    return f"period {found.period} from heap {found.preperiod}{saltus} ({status})"


def rare_line(result: TableAnalysis) -> str | None:
    """Where the rare values sit (octal games with splitting moves), or ``None``."""
    rare = result.rare
    if rare is None:
        return None
    kind = "value and heap parity" if rare.delta else "value"
    first = " ".join(map(str, rare.positions)) + (" …" if rare.count > len(rare.positions) else "")
    where = f": at {first}; last at {rare.last}" if rare.count else ""
    return (f"rare values (mask {rare.mask:#x}, class by {kind}): {rare.count} "
            f"position{'s' if rare.count != 1 else ''}{where}")
