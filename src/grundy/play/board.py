"""A plain-text picture of a position for ``grundy play`` on a terminal: heaps (and pairs, steps)
as rows of counters, coin strips with their cells numbered, tokens on a graph with where they
may go, and a sum as its parts one under another.

>>> from grundy.catalog import load_game
>>> print("\\n".join(board(load_game("nim"), (3, 0, 5))))
heap 1  ●●● 3
heap 2  · 0
heap 3  ●●●●● 5
>>> print("\\n".join(board(load_game("turning-turtles"), "THTTH")))
coin  1 2 3 4 5
      T H T T H
"""

from __future__ import annotations

from typing import Any

from grundy.engine.sums import SumGame
from grundy.model.game import Game, HeapGame, laws_of
from grundy.model.laws import Board, BoardKind

SHOWN_COUNTERS = 40
"""Counters drawn in a row; a larger heap is drawn shortened, its size always written."""


def board(game: Game, position: Any) -> list[str]:
    """Lines that picture ``position`` of ``game`` (see the module docstring), as the game's
    :attr:`~grundy.model.laws.Laws.board` declares it."""
    if isinstance(game, SumGame):
        lines: list[str] = []
        for part_game, part in game.components(position):
            lines.append(f"{part_game.spec}:")
            lines.extend("  " + line for line in board(part_game, part))
        return lines
    declared = laws_of(game).board
    if declared is None and isinstance(game, HeapGame):
        declared = HEAPS
    if declared is not None:
        return _declared(declared, position)
    if isinstance(position, str):
        width = max(len(str(len(position))), 1)
        return ["coin  " + " ".join(str(i).rjust(width) for i in range(1, len(position) + 1)),
                "      " + " ".join(c.rjust(width) for c in position)]
    return [game.format_position(position)]


HEAPS = Board(BoardKind.ROWS, "heap")
"""The picture of a heap game that declares none: a row of counters per heap."""


def _declared(declared: Board, position: Any) -> list[str]:
    """The picture a :class:`~grundy.model.laws.Board` declares."""
    if declared.kind is BoardKind.TOKENS:
        assert declared.tokens is not None
        out = []
        for i, (vertex, targets) in enumerate(declared.tokens(position), 1):
            where = ", ".join(targets[:12]) + (", …" if len(targets) > 12 else "") if targets else "nowhere"
            out.append(f"token {i} at {vertex}: may move to {where}")
        return out
    if declared.kind is BoardKind.EDGES:
        assert declared.edges is not None
        standing = declared.edges(position)
        return [f"edges standing ({len(standing)}): " + ", ".join(standing[:30])
                + (", …" if len(standing) > 30 else "")] if standing else ["no edge touches the ground"]
    rows = _rows(declared.noun, position if declared.rows is None else declared.rows(position))
    return rows if declared.note is None else [*rows, declared.note(position)]


def _rows(what: str, sizes: Any) -> list[str]:
    width = len(str(len(sizes)))
    out = []
    for i, n in enumerate(sizes, 1):
        drawn = "●" * min(n, SHOWN_COUNTERS) + ("…" if n > SHOWN_COUNTERS else "") if n else "·"
        out.append(f"{what} {str(i).ljust(width)}  {drawn} {n}")
    return out
