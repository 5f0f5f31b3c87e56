"""The prefix (failure) function in O(N), used to find the minimal periods of a table's tails.

For a sequence ``y``, ``pi[L-1]`` is the length of the longest proper prefix of ``y[:L]`` that
is also its suffix, so ``L - pi[L-1]`` is the minimal period of ``y[:L]``. Applied to the
reversed table, it gives the minimal period of every tail at once.

:func:`first_tail` runs it over the reversed table (or the reversed differences of its values)
without copying the table, with ``int32`` prefix values, and returns only the first tail that
passes a test: memory of 4 bytes a value of the part of the table it reads, whatever its dtype.

>>> import numpy as np
>>> prefix_function(np.array([1, 2, 1, 2, 1, 3])).tolist()
[0, 0, 1, 2, 3, 0]
>>> first_tail(np.array([9, 1, 2, 1, 2]), TailTest(repeats=2))  # period 2 over the last 4 values
(2, 4, 5)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)


@njit(cache=True, nogil=True)
def _prefix_function(y: np.ndarray, pi: np.ndarray) -> None:  # pragma: no cover - compiled
    n = y.shape[0]
    k = 0
    for i in range(1, n):
        while k > 0 and y[i] != y[k]:
            k = pi[k - 1]
        if y[i] == y[k]:
            k += 1
        pi[i] = k


def prefix_function(y: np.ndarray) -> np.ndarray:
    """The prefix function of ``y`` (``int64``)."""
    pi = np.zeros(len(y), dtype=np.int64)
    if len(y):
        _prefix_function(np.ascontiguousarray(y), pi)
    return pi


@njit(cache=True, nogil=True)
def _item(v: np.ndarray, top: int, i: int, diff: bool) -> Any:  # pragma: no cover - compiled
    """``y[i]``: the table read backwards from ``v[top - 1]`` (or its differences)."""
    if diff:
        return np.int64(v[top - 1 - i]) - np.int64(v[top - 2 - i])
    return np.int64(v[top - 1 - i])


@njit(cache=True, nogil=True)
def _first_tail(v: np.ndarray, top: int, count: int, diff: bool, pi: np.ndarray, repeats: int,
                more: int, shortest: int, pf: int, qf: int, extra: int, n: int,
                complete: bool) -> tuple[int, int, int]:  # pragma: no cover - compiled
    k = 0
    for i in range(1, count):
        yi = _item(v, top, i, diff)
        while k > 0 and yi != _item(v, top, k, diff):
            k = pi[k - 1]
        if yi == _item(v, top, k, diff):
            k += 1
        pi[i] = k
    for i in range(count):
        length = i + 1
        p = length - pi[i]
        if i + 1 < count and length + 1 - pi[i + 1] == p:
            continue  # not the longest tail (within the window) with this period
        if i + 1 == count and not complete:
            return -1, p, length  # the window's own period: its tail may go on beyond it
        if length >= repeats * p + more and length >= shortest and pf * (n - length) + qf * p + extra <= n:
            return p, length, count
    return -1, 0, count


class TailTest(NamedTuple):
    """Which tail :func:`first_tail` looks for: ``L >= repeats·p + more`` and ``L >= shortest``
    (a tail of length ``L`` and minimal period ``p``), and ``pf·(n - L) + qf·p + extra <= n`` for a
    table of ``n`` values (a periodicity theorem's length; zeros: no such test)."""

    repeats: int = 1
    more: int = 0
    shortest: int = 0
    pf: int = 0
    qf: int = 0
    extra: int = 0


def first_tail(v: np.ndarray, test: TailTest, *, window: int | None = None, diff: bool = False
               ) -> tuple[int, int, int]:
    """The first tail of ``v`` (in increasing length, among the longest tails of each minimal
    period) that passes ``test``: ``(p, L, _)``; ``(-1, 0, _)`` if none.

    With ``diff``, the tails of the differences ``v[i + 1] - v[i]``. With ``window`` shorter
    than the sequence, only its last ``window`` items are read: then ``(-1, q, window)`` means no
    tail shorter than the window passed and ``q`` is the window's minimal period (its tail may
    be longer than the window).
    """
    total = len(v) - (1 if diff else 0)
    if total <= 0:
        return -1, 0, 0
    count = total if window is None else min(window, total)
    pi = np.zeros(count, dtype=np.int32)
    n = len(v)
    return _first_tail(v, len(v), count, diff, pi, test.repeats, test.more, test.shortest, test.pf,
                       test.qf, test.extra, n, count == total)
