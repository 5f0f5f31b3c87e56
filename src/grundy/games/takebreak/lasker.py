"""Lasker's Nim: take any number of counters from one heap, or split a heap into two non-empty heaps.

The Grundy value of a heap of ``n`` (Lasker; Winning Ways ch. 4) is

* ``n`` when ``n ≡ 1`` or ``2 (mod 4)``,
* ``n + 1`` when ``n ≡ 3 (mod 4)``,
* ``n - 1`` when ``n ≡ 0 (mod 4)`` and ``n > 0``, and ``0`` for ``n = 0``.

This map is its own inverse, so the heap that has a given value is found at once, and every
split of a heap of ``n`` into ``a + b`` with ``G(a) ⊕ G(b) = t`` is found from the binary
identity ``x + y = (x ⊕ y) + 2 (x ∧ y)`` without trying every ``a``: huge heaps are answered
instantly, winning moves included.

>>> from grundy import load_game, grundy_value, winning_moves
>>> lasker = load_game("lasker-nim")
>>> [grundy_value(lasker, n) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> [m.to for m in winning_moves(lasker, (10**18 + 2,))]
[(0,), (500000000000000001, 500000000000000001)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError, TooManyMovesError
from grundy.model.game import HeapGame, HeapResult, describe_take
from grundy.model.laws import Laws, TableMethod
from grundy.model.period_rules import TableBuild
from grundy.model.periodic import Periodicity, Progress
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_LISTED_SPLITS = 100_000
"""Largest number of splits :meth:`LaskerNim.heap_moves_to_value` lists before refusing."""

# n = 4q + r  ->  G(n) = 4 (q + _SHIFT[r]) + _LOW[r]   (n > 0)
_SHIFT = (-1, 0, 0, 1)
_LOW = (3, 1, 2, 0)


def lasker_value(n: int) -> int:
    """The Grundy value of a Lasker's Nim heap of ``n`` (an involution of the naturals).

    >>> [lasker_value(n) for n in range(12)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]
    >>> all(lasker_value(lasker_value(n)) == n for n in range(100))
    True
    """
    if n == 0:
        return 0
    return n + (-1, 0, 0, 1)[n & 3]


def describe_split(n: int, a: int, b: int) -> str:
    """Label of the move splitting a heap of ``n`` into ``a`` and ``b``.

    >>> describe_split(7, 3, 4)
    'split 7 → 3 + 4'
    """
    return f"split {int_text(n)} → {int_text(a)} + {int_text(b)}"


def _subsets(mask: int) -> Iterator[int]:
    """Every submask of ``mask`` (including 0 and ``mask``)."""
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


def _popcount(x: int) -> int:
    return bin(x).count("1")


def lasker_splits_to_value(n: int, target: int) -> list[tuple[int, int]]:
    """Every split ``n = a + b`` (``1 ≤ a ≤ b``) with ``G(a) ⊕ G(b) = target``, sorted by ``a``.

    Write ``a = 4p + r`` and ``b = 4q + s``; then ``G(a) = 4P + ρ(r)`` with ``P = p + δ(r)``,
    so the condition splits into ``ρ(r) ⊕ ρ(s) = target mod 4`` and ``P ⊕ Q = target // 4``
    with ``P + Q`` fixed, whose solutions are ``P = (P ∧ Q) + any submask of P ⊕ Q``.

    >>> lasker_splits_to_value(10, 0)
    [(5, 5)]
    >>> lasker_splits_to_value(7, 7)
    [(1, 6), (2, 5), (3, 4)]
    """
    found: set[tuple[int, int]] = set()
    high = target >> 2
    for r in range(4):
        for s in range(4):
            if (_LOW[r] ^ _LOW[s]) != (target & 3) or (n - r - s) % 4 or n - r - s < 0:
                continue
            total = (n - r - s) // 4 + _SHIFT[r] + _SHIFT[s]  # P + Q
            if total < high or (total - high) % 2:
                continue
            both = (total - high) // 2  # P ∧ Q
            if both & high:
                continue
            if (1 << _popcount(high)) > 4 * MAX_LISTED_SPLITS:
                raise TooManyMovesError(
                    f"lasker-nim: a heap of {n} has more than {MAX_LISTED_SPLITS:,} splits to "
                    f"value {target}; too many to list")
            for sub in _subsets(high):
                big_p = both | sub
                a = 4 * (big_p - _SHIFT[r]) + r
                b = n - a
                if 1 <= a <= b:
                    found.add((a, b))
            if len(found) > MAX_LISTED_SPLITS:
                raise TooManyMovesError(
                    f"lasker-nim: a heap of {n} has more than {MAX_LISTED_SPLITS:,} splits to "
                    f"value {target}; too many to list")
    return sorted(found)


@dataclass(frozen=True)
class LaskerNim(HeapGame):
    """Lasker's Nim: take any positive number from one heap, or split one heap into two."""

    name = "lasker-nim"

    @property
    def spec(self) -> str:
        return "lasker-nim"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for k in range(1, n + 1):
            yield describe_take(n, k), (n - k,)
        for a in range(1, n // 2 + 1):
            yield describe_split(n, a, n - a), (a, n - a)

    @property
    def laws(self) -> Laws:
        """What LaskerNim declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(heap_value=self._heap_value, heap_moves_to_value=self._heap_moves_to_value,
                    heap_reason=self._heap_reason, splits=self._has_splits,
                    periodicity=self._periodicity(), table_builder=self._build_table,
                    samples=self._samples)

    def _heap_value(self, n: int) -> int:
        return lasker_value(n)

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        moves: list[tuple[str, HeapResult]] = []
        heap = lasker_value(target)  # the only heap of value ``target`` (G is an involution)
        if heap < n:
            moves.append((describe_take(n, n - heap), (heap,)))
        for a, b in lasker_splits_to_value(n, target):
            moves.append((describe_split(n, a, b), (a, b)))
        return moves

    def _heap_reason(self, n: int) -> Reason:
        return Reason("lasker-nim", {"n": n, "residue": n & 3, "value": lasker_value(n)})

    @property
    def _has_splits(self) -> bool:
        return True

    def _periodicity(self) -> Periodicity:
        """Lasker's theorem as a periodicity: ``G(n + 4) = G(n) + 4`` for every ``n >= 1``."""
        return Periodicity(4, 1, 4, True, "Lasker's theorem (arithmetic period 4, saltus 4)")

    def _build_table(self, upto: int, method: TableMethod, progress: Progress | None) -> TableBuild:
        if method == "sparse":
            raise InvalidInputError("method 'sparse' applies to octal games, not lasker-nim (a formula)")
        values = self.table_values(upto, progress=progress)
        return TableBuild(values, "formula", upto + 1)

    def table_values(self, upto: int, method: str = "auto", progress: Any = None) -> Any:
        """``G(0..upto)`` by the formula, vectorised (``grundy table lasker-nim``).

        >>> LaskerNim().table_values(8).tolist()
        [0, 1, 2, 4, 3, 5, 6, 8, 7]
        """
        import numpy as np

        n = np.arange(upto + 1, dtype=np.int64)
        values = n + np.array([-1, 0, 0, 1], dtype=np.int64)[n & 3]
        values[0] = 0
        if progress is not None:
            progress(upto + 1, upto + 1)
        return values

    def _samples(self) -> list[tuple[int, ...]]:
        # splits make brute force explore every partition of the heap: keep the heaps small
        return [*((n,) for n in range(15)), (1, 2), (3, 4, 5), (2, 2), (5, 0, 7), (6, 6), (4, 8)]


@template("lasker-nim")
def _lasker_text(f: Facts) -> str:
    rule = {1: "n ≡ 1 (mod 4): G(n) = n", 2: "n ≡ 2 (mod 4): G(n) = n",
            3: "n ≡ 3 (mod 4): G(n) = n + 1", 0: "n ≡ 0 (mod 4): G(n) = n − 1"}[f["residue"]]
    if f["n"] == 0:
        return "Lasker's Nim: an empty heap has no move, so G(0) = 0"
    return f"Lasker's Nim formula: {rule}, so G({f['n']}) = {f['value']}"
