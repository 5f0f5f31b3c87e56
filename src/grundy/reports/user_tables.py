"""The table of a game defined with ``@grundy.game`` as ``grundy table NAME --upto N`` reports it:
``G(n)`` of the positions ``n`` (games on one number) or the grid ``G(a, b)`` (games on pairs),
blank outside the game's domain, with the patterns found where the domain allows a search.

Patterns are looked for in a line only where every ``n`` from 0 is a position, and in a grid only
where the domain is a rectangle (:func:`grundy.define.domain.domain_pair_patterns`); otherwise
:attr:`UserTable.note` says why there was no search. The grid's text is :func:`grid_lines`, which
the catalogue's games on pairs (Wythoff) share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError
from grundy.model.game import Game
from grundy.patterns.record import Pattern

__all__ = ["UserTable", "grid_lines", "grid_table", "user_table"]

NO_LINE_SEARCH = "no pattern search: the game's domain does not start at 0"


@dataclass(frozen=True)
class UserTable:
    """A user's game's values: :attr:`line` (``G(n)``, ``n = 0..upto``) or :attr:`grid`
    (``G(a, b)``), ``None`` at the numbers outside its domain; a catalogue game on pairs
    (:func:`grid_table`) has a grid with no blank."""

    game: Game
    line: list[int | None] | None
    grid: list[list[int | None]] | None
    patterns: list[Pattern]
    note: str | None = None
    """Why no pattern was looked for, when none was."""

    @property
    def blank(self) -> bool:
        """Whether some cell is outside the game's domain."""
        cells = self.line if self.line is not None else [v for row in self.grid or [] for v in row]
        return any(v is None for v in cells)

    def to_json(self, *, summary: bool = False) -> dict[str, Any]:
        """The object ``grundy table NAME --upto N --json [--summary]`` prints."""
        if self.grid is not None:
            from grundy.reports.tables import grid_json

            return grid_json(self.game.spec, self.grid, self.patterns, summary=summary)  # type: ignore[arg-type]
        line = self.line or []
        data: dict[str, Any] = {"game": self.game.spec, "upto": len(line) - 1,
                                "patterns": [p.to_json() for p in self.patterns]}
        if not summary:
            data["values"] = line
        return data

    def text_lines(self, *, summary: bool = False, heading: Callable[[str], str] = str) -> list[str]:
        """The text ``grundy table NAME --upto N [--summary]`` prints."""
        if self.grid is not None:
            out = grid_lines(self.game.spec, self.grid, self.patterns, summary=summary, heading=heading)
            return out + ([f"  {self.note}"] if self.note is not None else [])
        line = self.line or []
        out = [heading(self.game.spec) + f"  Grundy values G(n) of the positions n = 0..{len(line) - 1}"]
        if not summary:
            width = max(len(str(v)) for v in line if v is not None)
            label = len(str(len(line) - 1))
            for start in range(0, len(line), 20):
                row = " ".join(("" if v is None else str(v)).rjust(width) for v in line[start:start + 20])
                out.append(f"  {str(start).rjust(label)}: {row}")
        out.append(f"  largest value {max(v for v in line if v is not None)}")
        out += [f"  pattern: {pattern.text}" for pattern in self.patterns]
        if self.note is not None:
            out.append(f"  {self.note}")
        return out


def user_table(game: Game, upto: int, *, patterns: bool = True, limit: int | None = None) -> UserTable | None:
    """The table of ``game`` up to ``upto`` if it is a game defined with ``@grundy.game`` that
    tabulates as a grid or a line (it declares :attr:`~grundy.model.laws.Laws.position_table`;
    one budget: steps, with a time and memory safety net; ``limit`` steps, by default
    :data:`grundy.engine.search.DEFAULT_LIMIT`), else ``None``. A user's game whose positions are
    neither numbers nor pairs of numbers is refused with a :class:`NotSupportedError`."""
    from grundy.model.game import laws_of

    laws = laws_of(game)
    if laws.position_table is None:
        if limit is not None and not laws.step_budget:
            raise InvalidInputError(f"limit= applies to the tables of your own games, not {game.spec}",
                                    parameters=("limit",))
        return None
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT

    with answering(limit=DEFAULT_LIMIT if limit is None else limit):
        values = laws.position_table(upto)
    if values.grid is not None:
        from grundy.define.domain import domain_pair_patterns
        from grundy.reports.tables import pair_patterns

        found, why = (domain_pair_patterns(values.grid, values.minimum, pair_patterns) if patterns
                      else ([], None))
        return UserTable(game, None, values.grid, found, why)
    from grundy.patterns.search import find_patterns
    from grundy.reports.tables import PATTERN_STEPS

    line = values.line or []
    full = all(v is not None for v in line)
    numbers = [v for v in line if v is not None]
    found = find_patterns(numbers, steps=PATTERN_STEPS) if patterns and full else []
    return UserTable(game, line, None, found, NO_LINE_SEARCH if patterns and not full else None)


def grid_table(game: Game, grid: list[list[int]], *, patterns: bool = True) -> UserTable:
    """The table of a catalogue game on pairs (Wythoff): its grid ``G(a, b)`` and the patterns
    found in it, proved where they state a theorem of ``game``.

    >>> from grundy.catalog import load_game
    >>> game = load_game("wythoff")
    >>> grid_table(game, game.table_2d(2), patterns=False).to_json()["values"][1]
    [1, 2, 0]
    """
    from grundy.reports.tables import pair_patterns

    return UserTable(game, None, grid, pair_patterns(grid, game) if patterns else [])  # type: ignore[arg-type]


def grid_lines(spec: str, grid: Sequence[Sequence[int | None]], patterns: list[Pattern], *,
               summary: bool = False, heading: Callable[[str], str] = str) -> list[str]:
    """The text of a 2-D table ``G(a, b)`` (rows a, columns b; blank cells outside a domain) and
    its patterns.

    >>> print("\\n".join(grid_lines("wythoff", [[0, 1], [1, 2]], [])))
    wythoff  Grundy values G(a, b), 0 ≤ a, b ≤ 1 (rows a, columns b)
        │ 0 1
      ──┼────
      0 │ 0 1
      1 │ 1 2
      largest value 2
    """
    upto = len(grid) - 1
    out = [heading(spec) + f"  Grundy values G(a, b), 0 ≤ a, b ≤ {upto} (rows a, columns b)"]
    if not summary:
        width = max(len(str(upto)), *(len(str(v)) for row in grid for v in row if v is not None))
        out.append("  " + " " * width + " │ " + " ".join(str(b).rjust(width) for b in range(len(grid[0]))))
        out.append("  " + "─" * width + "─┼" + "─" * ((width + 1) * len(grid[0])))
        for a, row in enumerate(grid):
            out.append(f"  {str(a).rjust(width)} │ " + " ".join(("" if v is None else str(v)).rjust(width)
                                                                for v in row))
    out.append(f"  largest value {max(v for row in grid for v in row if v is not None)}")
    out += [f"  pattern: {pattern.text}" for pattern in patterns]
    return out
