"""The parts of a table as ``grundy table`` reports it: the patterns found in a heap game's values
or in the grid of a game on pairs, and their JSON objects (the one entry point that chooses and
builds every table is :func:`grundy.reports.table_query.build_table`).

>>> from grundy.catalog import load_game
>>> from grundy.tables.analysis import analyze
>>> data = heap_table_json(analyze(load_game("subtraction(1,2)"), 20), [])
>>> data["period"], data["proved"]
(3, True)
"""

from __future__ import annotations

from typing import Any

from grundy.model.game import Game
from grundy.patterns.record import SEARCH_STEPS, Pattern
from grundy.tables.analysis import TableAnalysis
from grundy.tables.periodicity import COMPILED_FROM

PATTERN_VALUES = 100_001
"""The patterns are looked for in (at most) ``G(0..100000)``; each says how far it was checked."""

PATTERN_STEPS = SEARCH_STEPS
"""Steps of the formula search of the pattern finders: the pattern search's one budget,
:data:`grundy.patterns.record.SEARCH_STEPS` (a module global here so that a test can lower it)."""


def heap_patterns(result: TableAnalysis) -> list[Pattern]:
    """The patterns of a heap game's table (its first :data:`PATTERN_VALUES` values), with the
    analysis' periodicity, so that a pattern is proved where the period is.

    >>> from grundy.catalog import load_game
    >>> from grundy.tables.analysis import analyze
    >>> [p.text for p in heap_patterns(analyze(load_game("subtraction(1,2)"), 100))][:1]
    ['G(n) = n % 3 (proved: implied by the proved period 3 from heap 0)']
    """
    from grundy.patterns.search import find_patterns

    found = result.periodicity
    if found is None and result.table is not None and len(result.table) > COMPILED_FROM:
        from grundy.tables.periodicity import find_period

        # what find_patterns would observe on the list, found on the array itself: the compiled
        # search the analysis loaded for this array's type answers (no second type to load)
        found = find_period(result.table[:PATTERN_VALUES])
    return find_patterns(result.first(PATTERN_VALUES), periodicity=found, steps=PATTERN_STEPS)


def pair_patterns(grid: list[list[int]], game: Game | None = None) -> list[Pattern]:
    """The patterns of a grid ``G(a, b)``: proved where they state a theorem of ``game``,
    otherwise conjectures checked on the whole grid."""
    from grundy.patterns.pairs import find_pair_patterns
    from grundy.patterns.proof import game_theorems

    return find_pair_patterns(grid, steps=PATTERN_STEPS, theorems=() if game is None else game_theorems(game))


def heap_table_json(result: TableAnalysis, found: list[Pattern], *, summary: bool = False,
                    lean: bool = False) -> dict[str, Any]:
    """The object ``grundy table GAME --upto N --json`` prints for a heap game."""
    data = result.summary_json()
    data["patterns"] = [p.to_json() for p in found]
    if not lean:  # value counts in G(0..2^k - 1) for each k, and in the whole table
        data["frequencies"] = {str(k): v for k, v in result.frequencies().items()}
    if not summary:
        data["values"] = result.first(result.upto + 1)
    return data


def grid_json(spec: str, grid: list[list[int]], patterns: list[Pattern], *,
              summary: bool = False) -> dict[str, Any]:
    """The object ``grundy table GAME --upto N --json`` prints for a game on pairs."""
    data: dict[str, Any] = {"game": spec, "upto": len(grid) - 1, "patterns": [p.to_json() for p in patterns]}
    if not summary:
        data["values"] = grid
    return data
