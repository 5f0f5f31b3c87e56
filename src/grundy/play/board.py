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
from grundy.model.game import Game, HeapGame

SHOWN_COUNTERS = 40
"""Counters drawn in a row; a larger heap is drawn shortened, its size always written."""


def board(game: Game, position: Any) -> list[str]:
    """Lines that picture ``position`` of ``game`` (see the module docstring)."""
    if isinstance(game, SumGame):
        lines: list[str] = []
        for part_game, part in game.components(position):
            lines.append(f"{part_game.spec}:")
            lines.extend("  " + line for line in board(part_game, part))
        return lines
    name = type(game).__name__
    if isinstance(game, HeapGame) or name in ("Wythoff", "SplitGame"):
        return _rows("pile" if name == "SplitGame" else "heap", position)
    if name == "Staircase":
        return _rows("step", position)
    if name == "FibonacciNim":
        n, limit = position
        return [*_rows("heap", (n,)), f"the next move may take at most {limit}"]
    if isinstance(position, str):
        width = max(len(str(len(position))), 1)
        return ["coin  " + " ".join(str(i).rjust(width) for i in range(1, len(position) + 1)),
                "      " + " ".join(c.rjust(width) for c in position)]
    if name == "Digraph":
        out = []
        for i, v in enumerate(position, 1):
            targets = [game.vertex_name(int(w)) for w in game.successors(int(v))]  # type: ignore[attr-defined]
            where = ", ".join(targets[:12]) + (", …" if len(targets) > 12 else "") if targets else "nowhere"
            out.append(f"token {i} at {game.vertex_name(int(v))}: may move to {where}")  # type: ignore[attr-defined]
        return out
    if name == "GreenHackenbush":
        standing = [m.label.removeprefix("cut edge ") for m in game.moves(position)]
        return [f"edges standing ({len(standing)}): " + ", ".join(standing[:30])
                + (", …" if len(standing) > 30 else "")] if standing else ["no edge touches the ground"]
    return [game.format_position(position)]


def _rows(what: str, sizes: Any) -> list[str]:
    width = len(str(len(sizes)))
    out = []
    for i, n in enumerate(sizes, 1):
        drawn = "●" * min(n, SHOWN_COUNTERS) + ("…" if n > SHOWN_COUNTERS else "") if n else "·"
        out.append(f"{what} {str(i).ljust(width)}  {drawn} {n}")
    return out
