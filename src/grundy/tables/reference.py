"""Tables of single-heap Grundy values, computed bottom-up (the reference implementation).

>>> from grundy import load_game
>>> grundy_table(load_game("subtraction(1,3,4)"), 10)
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
"""

from __future__ import annotations

from grundy.engine.search import mex
from grundy.errors import InvalidGameError, InvalidInputError, LoopyGameError, NotSupportedError
from grundy.model.game import Game, HeapGame

MAX_PLAIN_TABLE = 10**7
"""Largest table the pure-Python reference builds."""


def grundy_table(game: Game, upto: int, *, use_rules: bool = True) -> list[int]:
    """Grundy values of single heaps ``0..upto`` of a heap game, by the mex of each heap's moves.

    A heap's moves may split it into several smaller heaps; their values XOR together. With
    ``use_rules=False`` the game's closed forms (:meth:`~grundy.model.game.HeapGame.heap_value`) are not
    consulted: every value is the mex of its options (an independent reference for the kernels).
    """
    if not isinstance(game, HeapGame):
        raise NotSupportedError(f"{game.spec} is not played on heaps, so it has no table of heap values")
    if upto < 0:
        raise InvalidInputError(f"upto must be at least 0, got {upto}")
    if upto > MAX_PLAIN_TABLE:
        raise InvalidInputError(f"table up to {upto:,} is larger than the limit {MAX_PLAIN_TABLE:,}")
    values: list[int] = []
    for n in range(upto + 1):
        known = game.heap_value(n) if use_rules else None
        if known is None:
            seen = set()
            for label, result in game.heap_moves(n):
                v = 0
                for h in result:
                    if not 0 <= h < n:
                        _bad_move(game, n, label, result)
                    v ^= values[h]
                seen.add(v)
            known = mex(seen)
        values.append(known)
    return values


def _bad_move(game: Game, n: int, label: str, result: tuple[int, ...]) -> None:
    """Refuse a move that does not leave smaller heaps, in the engine's terms: a heap that can
    reach itself is loopy (:class:`LoopyGameError`), anything else breaks the rules of a heap game."""
    shown = " ".join(map(str, result))
    if n in result:
        raise LoopyGameError(
            f"{game.spec}: heap {n} can reach itself (move {label!r} leaves {shown!r}), so it has "
            f"no ordinary Grundy value (use a loopy-game solver)", (n,))
    raise InvalidGameError(
        f"{game.spec}: move {label!r} from heap {n} leaves {shown!r}; a heap game's moves must leave "
        f"heaps smaller than the heap moved from, and at least 0")
