"""Every-SG play of a position as written: its components, and the answer by Smith's suspense
numbers (:func:`grundy.theory.remoteness.every_sg`) — what ``grundy solve --every`` prints.

The components are those of the sum as written, ``GAME POSITION + GAME POSITION …``, and a
position of several heaps of a heap game is one component per heap, as in a disjunctive sum:
``nim 3 4`` is two components, ``*3`` and ``*4``. A component stays one component for the rest
of the game: a Kayles row of 4 that a move splits into rows of 1 and 1 is still one component, in
which a move knocks pins from one of its rows.

>>> from grundy.catalog import parse_sum
>>> game, position = parse_sum("nim 3 4 + subtraction(1,2) 5")
>>> [(g.spec, g.format_position(p)) for g, p in every_components(game, position)]
[('nim', '3'), ('nim', '4'), ('subtraction(1,2)', '5')]
>>> answer = solve_every(game, position)
>>> answer.outcome.winner, answer.suspense
('first', (1, 1, 3))
"""

from __future__ import annotations

from typing import Any

from grundy.engine.search import DEFAULT_LIMIT
from grundy.model.game import Game, Position
from grundy.theory.remoteness import EveryAnswer, every_sg

__all__ = ["EveryAnswer", "every_components", "solve_every"]


def every_components(game: Game, position: Position) -> list[tuple[Game, Position]]:
    """The Every-SG components of a position: the parts of a sum and the heaps of a heap
    position, split as far as the games' :meth:`~grundy.model.game.Game.components` go."""
    parts = game.components(position)
    if parts is None:
        return [(game, position)]
    found: list[tuple[Game, Position]] = []
    for g, p in parts:
        found += every_components(g, p)
    return found


def solve_every(game: Game, position: Any, *, limit: int = DEFAULT_LIMIT) -> EveryAnswer:
    """The Every-SG answer for ``position`` of ``game`` played as the sum of its components
    (:func:`every_components`); brute force within ``limit`` steps in all.

    >>> from grundy.catalog import load_game
    >>> print("\\n".join(solve_every(load_game("nim"), (1, 2)).text_lines()[:3]))
    Every-SG  nim 1 + nim 2
      outcome:  N-position, first player (to move) wins
      suspense: nim 1: 1, nim 2: 1
    """
    return every_sg(every_components(game, game.validate(position)), limit=limit)
