"""Subtraction games: take ``s`` counters from one heap, for ``s`` in a fixed set ``S``.

>>> from grundy import load_game, grundy_value
>>> game = load_game("subtraction(1,3,4)")
>>> [grundy_value(game, n) for n in range(8)]
[0, 1, 0, 1, 2, 3, 2, 0]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from grundy.errors import InvalidGameError
from grundy.game import HeapGame, HeapResult, describe_take


@dataclass(frozen=True)
class Subtraction(HeapGame):
    """The subtraction game ``subtraction(S)`` for a finite set ``S`` of positive integers."""

    subtraction_set: tuple[int, ...]
    name = "subtraction"

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Subtraction:
        if kwargs:
            raise InvalidGameError(f"subtraction takes a set of numbers, not {sorted(kwargs)!r}")
        if not args:
            raise InvalidGameError("subtraction(S) needs a non-empty set S, e.g. subtraction(1,3,4)")
        if len(args) == 1 and isinstance(args[0], str):  # a named infinite set, e.g. powers-of-2
            from grundy.games.infinite_subtraction import InfiniteSubtraction

            return InfiniteSubtraction.from_params(*args)  # type: ignore[return-value]
        for value in args:
            if not isinstance(value, int) or value <= 0:
                raise InvalidGameError(
                    f"subtraction set members must be positive integers, got {value!r}")
        return cls(tuple(sorted(set(int(v) for v in args))))

    @property
    def spec(self) -> str:
        return f"subtraction({','.join(map(str, self.subtraction_set))})"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for s in self.subtraction_set:
            if s > n:
                break
            yield describe_take(n, s), (n - s,)
