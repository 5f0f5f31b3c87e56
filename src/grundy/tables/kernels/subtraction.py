"""Subtraction-game table kernel: ``G(n) = mex{G(n - s) : s in S, s <= n}`` in O(N·|S|).

The values of a game with ``|S|`` moves are at most ``|S|``, so they are stored in the narrowest
unsigned type that holds ``|S|`` (``uint8`` for fewer than 256 moves: 10^8 values take 100 MB).

>>> import numpy as np
>>> subtraction_table(np.array([2, 5]), 12).tolist()
[0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2]
"""

from __future__ import annotations

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)


def value_dtype(bound: int) -> type[np.unsignedinteger]:
    """The narrowest unsigned dtype holding every value ``0..bound``.

    >>> value_dtype(3).__name__, value_dtype(300).__name__, value_dtype(70000).__name__
    ('uint8', 'uint16', 'uint32')
    """
    if bound < 2**8:
        return np.uint8
    if bound < 2**16:
        return np.uint16
    return np.uint32


@njit(cache=True, nogil=True)
def fill_subtraction(values: np.ndarray, start: int, stop: int, moves: np.ndarray
                     ) -> None:  # pragma: no cover
    """Fill ``values[start:stop]`` in place; ``moves`` sorted ascending, every value < 64 bits.

    The options' values are collected in a bit set (``|S| < 64``) or a stamp array.
    """
    k = moves.shape[0]
    if k < 64:
        top = moves[k - 1]
        for n in range(start, stop):
            seen = np.uint64(0)
            if n >= top:  # every move is legal: no bounds test in the hot loop
                for j in range(k):
                    seen |= np.uint64(1) << np.uint64(values[n - moves[j]])
            else:
                for j in range(k):
                    s = moves[j]
                    if s > n:
                        break
                    seen |= np.uint64(1) << np.uint64(values[n - s])
            m = 0
            while (seen >> np.uint64(m)) & np.uint64(1):
                m += 1
            values[n] = m
    else:
        stamp = np.zeros(k + 2, dtype=np.int64)
        for n in range(start, stop):
            for j in range(k):
                s = moves[j]
                if s > n:
                    break
                stamp[values[n - s]] = n + 1
            m = 0
            while stamp[m] == n + 1:
                m += 1
            values[n] = m


def subtraction_table(moves: np.ndarray, upto: int, prefix: np.ndarray | None = None) -> np.ndarray:
    """Grundy values ``G(0..upto)`` of the subtraction game with move set ``moves``.

    ``prefix`` (values already known for ``0..len(prefix)-1``) is copied and extended.
    """
    moves = np.array(sorted(set(int(s) for s in moves)), dtype=np.int64)
    values = np.zeros(upto + 1, dtype=value_dtype(len(moves)))
    start = 0
    if prefix is not None:
        start = min(len(prefix), upto + 1)
        values[:start] = prefix[:start]
    fill_subtraction(values, start, upto + 1, moves)
    return values
