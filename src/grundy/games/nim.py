"""Nim: take any positive number of counters from one heap.

Bouton's theorem: a position is a P-position exactly when the XOR (nim-sum) of the heaps is 0;
the Grundy value of the position *is* that XOR. In misère play (the last mover loses) the
anti-Nim rule decides: play as in Nim unless every heap would be 0 or 1, then leave an odd number
of 1-heaps.

>>> from grundy import load_game, grundy_value, winning_moves, outcome
>>> nim = load_game("nim")
>>> grundy_value(nim, (3, 4, 5)), winning_moves(nim, (3, 4, 5))[0].to
(2, (1, 4, 5))
>>> outcome(nim, (1, 1, 1), misere=True)
<Outcome.P: 'P'>
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from grundy.game import HeapGame, HeapResult, Move, Outcome, describe_take


def _xor_expr(heaps: tuple[int, ...], total: int) -> str:
    shown = " ⊕ ".join(str(h) for h in heaps[:8]) + (" ⊕ …" if len(heaps) > 8 else "")
    return f"{shown} = {total}"


@dataclass(frozen=True)
class Nim(HeapGame):
    """Nim on any number of heaps (a position is a tuple of heap sizes)."""

    name = "nim"

    @property
    def spec(self) -> str:
        return "nim"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for k in range(1, n + 1):
            yield describe_take(n, k), (n - k,)

    def heap_value(self, n: int) -> int:
        return n

    def heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        return [(describe_take(n, n - target), (target,))] if target < n else []

    def closed_value(self, position: Any) -> int:
        return reduce(xor, position, 0)

    def winning_moves_rule(self, position: Any) -> list[Move]:
        total = reduce(xor, position, 0)
        moves = []
        for i, h in enumerate(position):
            if h ^ total < h:
                moves.append(self._heap_move(position, i, describe_take(h, h - (h ^ total)),
                                             (h ^ total,)))
        return moves

    def closed_misere_outcome(self, position: Any) -> Outcome:
        big = sum(1 for h in position if h > 1)
        if big == 0:
            ones = sum(position)
            return Outcome.N if ones % 2 == 0 else Outcome.P
        return Outcome.N if reduce(xor, position, 0) else Outcome.P

    def misere_winning_moves_rule(self, position: Any) -> list[Move]:
        big = [i for i, h in enumerate(position) if h > 1]
        if not big:
            if sum(position) % 2:
                return []
            return [self._heap_move(position, i, describe_take(1, 1), (0,))
                    for i, h in enumerate(position) if h == 1]
        if len(big) == 1:
            i = big[0]
            h = position[i]
            ones = sum(1 for h2 in position if h2 == 1)
            target = 1 if ones % 2 == 0 else 0
            return [self._heap_move(position, i, describe_take(h, h - target), (target,))]
        return self.winning_moves_rule(position)

    def explain(self, position: Any, misere: bool = False) -> str:
        total = reduce(xor, position, 0)
        if misere:
            if all(h <= 1 for h in position):
                ones = sum(position)
                return (f"anti-Nim rule: every heap is 0 or 1, and {ones} heap(s) of 1 is "
                        f"{'odd: the player to move loses' if ones % 2 else 'even: the player to move wins'}")
            return (f"anti-Nim rule: some heap exceeds 1, so play as in Nim: "
                    f"{_xor_expr(position, total)}{' ≠ 0' if total else ''}")
        return f"Bouton's theorem: the nim-sum {_xor_expr(position, total)}" + (" ≠ 0" if total else "")
