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

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.game import Game
from grundy.patterns.record import Pattern

__all__ = ["UserTable", "grid_lines", "user_table"]

NO_LINE_SEARCH = "no pattern search: the game's domain does not start at 0"


@dataclass(frozen=True)
class UserTable:
    """A user's game's values: :attr:`line` (``G(n)``, ``n = 0..upto``) or :attr:`grid`
    (``G(a, b)``), ``None`` at the numbers outside its domain."""

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
    """The table of ``game`` up to ``upto`` if it is a game defined with ``@grundy.game`` /
    ``@grundy.heap_game`` that tabulates as a grid or a line (one budget: steps, with a time and
    memory safety net; ``limit`` steps, by default :data:`grundy.engine.search.DEFAULT_LIMIT`),
    else ``None`` (a catalogue game). A user's game whose positions are neither numbers nor pairs
    of numbers is refused with a :class:`NotSupportedError`."""
    if not hasattr(game, "table_cells"):
        if limit is not None:
            raise InvalidInputError(f"limit= applies to the tables of your own games, not {game.spec}",
                                    parameters=("limit",))
        return None
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT

    with answering(limit=DEFAULT_LIMIT if limit is None else limit):
        cells = game.table_cells(upto)
        line = None if cells is not None else game.table_line(upto)  # type: ignore[attr-defined]
    if cells is not None:
        from grundy.define.domain import domain_pair_patterns
        from grundy.reports.tables import pair_patterns

        minimum = getattr(type(game), "domain").minimum  # noqa: B009 (a user's game class)
        found, why = domain_pair_patterns(cells, minimum, pair_patterns) if patterns else ([], None)
        return UserTable(game, None, cells, found, why)
    if line is not None:
        from grundy.patterns.search import find_patterns
        from grundy.reports.tables import PATTERN_STEPS

        full = all(v is not None for v in line)
        values = [v for v in line if v is not None]
        found = find_patterns(values, steps=PATTERN_STEPS) if patterns and full else []
        return UserTable(game, line, None, found, NO_LINE_SEARCH if patterns and not full else None)
    family = ""
    if getattr(type(game), "start_function", None) is not None:
        import shlex

        names = list(getattr(game, "defaults", None) or ())
        start = shlex.quote(game.format_position(game.start_position()))  # type: ignore[attr-defined]
        family = (f"; it declares its start positions: 'grundy table {game.name}({names[0]}=A..B)' "
                  f"tabulates them" if names else
                  f"; it declares its start position: grundy solve {game.name} {start} solves it")
    raise NotSupportedError(f"no table for {game.spec}: its positions are neither numbers nor "
                            f"pairs of numbers (a game may declare arity=1 or arity=2){family}"
                            f"{_probe_failure(game)}")


def _probe_failure(game: Game) -> str:
    """Why the options of the pair ``(0, 0)``, which an undeclared game's table tries first, are
    not options, when the move function returned there (a game on pairs whose function returns
    ``None`` looks like a game on something else); nothing when it raised (a game on triples
    refuses a pair: that is no fault of its function)."""
    from grundy.errors import GrundyError, ResourceLimitError

    domain = getattr(type(game), "domain")  # noqa: B009 (a user's game class)
    if domain.arity is not None or domain.valid is not None or type(game).text_parse is not None:  # type: ignore[attr-defined]
        return ""
    try:
        type(game).move_function((0, 0), **game.params)  # type: ignore[attr-defined]
        game.options_of((0, 0))  # type: ignore[attr-defined]
    except ResourceLimitError:
        raise
    except GrundyError as exc:
        return f"; tried as a pair, (0, 0) has no options: {exc}"
    except Exception:
        return ""
    return ""


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
