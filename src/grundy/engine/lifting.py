"""The moves of a sum, part by part: each part's moves lifted to the whole position, and where a
part has too many moves to list, the examples it found anyway (one of each class of a proved
period) lifted too, and the refusal raised again with all of them (so a sum of a heap of 10^18
and a small heap still shows winning moves).

>>> from grundy.catalog import load_game
>>> nim = load_game("nim")
>>> [m.label for m in lift_part_moves(nim, (3, 4), [(nim, (3,)), (nim, (4,))], [3, 0],
...                                   lambda g, p, t: [m for m in g.moves(p) if m.to[0] == t])]
['heap 2: take 4: 4 → 0']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grundy.errors import TooManyMovesError
from grundy.model.game import Game, Move, Position


def lift_part_moves(game: Game, position: Position, parts: Sequence[tuple[Game, Position]],
                    targets: Sequence[int], moves_of: Callable[[Game, Position, int], list[Move]]
                    ) -> list[Move]:
    """``moves_of(part_game, part, target)`` for each part and its target, lifted to ``position``;
    raises :class:`~grundy.errors.TooManyMovesError` (its examples: every move found) if a part did."""
    found: list[Move] = []
    unlisted: list[TooManyMovesError] = []
    for i, ((part_game, part), target) in enumerate(zip(parts, targets, strict=True)):
        try:
            own = moves_of(part_game, part, target)
        except TooManyMovesError as exc:  # its examples are winning moves all the same
            unlisted.append(exc)
            own = [m for m in exc.examples if isinstance(m, Move)]
        found.extend(game.lift_move(position, i, move) for move in own)
    if unlisted:
        raise TooManyMovesError(str(unlisted[0]), examples=tuple(found), spec=unlisted[0].spec)
    return found
