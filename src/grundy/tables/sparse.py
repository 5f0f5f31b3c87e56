"""The rare and common classes of the sparse-space method, in one place.

Winning Ways ch. 4 ("Sparse Space Spells Speed"; Flammenkamp): fix a bit mask ``mask``, a bit
``delta`` and a bit ``sigma``, and *label* heap ``x`` by ``parity(G(x) & mask) ^ (delta & x)``;
the heap is *rare* when its label is ``sigma``, *common* otherwise. The table kernels
(:mod:`grundy.tables.kernels`) give the exact mex whatever the classes; good classes make the
rare heaps few and the kernels fast. This module chooses the classes and lists the rare heaps:

- :func:`choose_classes`: every mask of up to :data:`MAX_MASK_BITS` bits, ``delta`` and ``sigma``
  tried, the fewest rare heaps in the later half of a prefix kept (the classes ``grundy table``
  and the survey report, :func:`table_classes`; the survey's sparse kernel, :func:`sparse_classes`;
  with ``bits=None`` and ``sigmas=(0,)``, Grundy's game kernel);
- :func:`choose_mask`: the mask that makes the most frequent values common, from value counts
  (the octal rare-value scan, :mod:`grundy.tables.kernels.octal_rare`);
- :func:`parities`, :func:`count_rare`, :func:`rare_positions`: labels and rare heaps of a table.

A mask may be negative: an infinite bitstring of ones above its low bits (``-2`` is Flammenkamp's
``…11110`` for Grundy's game). numpy is imported only by the functions that take arrays, so
:func:`choose_classes` on a list (the numpy-free path of :mod:`grundy.tables.proved_period`) stays
plain Python.

>>> choose_classes([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7])  # (mask, delta, sigma, count)
(7, 0, 0, 1)
>>> import numpy as np
>>> rare_positions(np.array([0, 1, 2, 3, 1, 4, 3, 2]), 4, 1, 1).tolist()
[1, 3, 7]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

BLOCK = 1 << 16
"""Heaps read at a time when a table is counted or its rare heaps listed (a table may be a memory
map of 2^30 values; a block's work space, a few bytes a heap of it, is all that is allocated)."""

MASK_PREFIX = 8192
"""The classes a table reports are chosen on this many first values (:func:`table_classes`)."""

RARE_FRACTION = 0.1
"""The survey continues a table with the sparse kernel when at most this fraction of the
prefix's later half is rare (:func:`sparse_classes`)."""

MAX_MASK_BITS = 10
""":func:`choose_classes` tries the masks of up to this many bits (unless told otherwise)."""

Classes = tuple[int, int, int]
"""``(mask, delta, sigma)``: heap ``x`` is rare when ``parity(G(x) & mask) ^ (delta & x) == sigma``."""


def parity(v: int) -> int:
    """``popcount(v) & 1`` of a non-negative integer.

    >>> parity(0b1011)
    1
    """
    return bin(v).count("1") & 1


def parities(values: np.ndarray | Sequence[int], mask: int) -> np.ndarray:
    """``parity(values[n] & mask)`` for every ``n`` (``int64``; ``mask`` may be negative).

    >>> parities([0, 1, 2, 3, 7], 3).tolist()
    [0, 1, 1, 0, 0]
    """
    import numpy as np

    v = np.asarray(values).astype(np.int64) & np.int64(mask)
    for shift in (32, 16, 8, 4, 2, 1):
        v ^= v >> shift
    return v & 1


def _ones_numpy(values: np.ndarray, lo: int, bits: int) -> Callable[[int], tuple[int, int]]:
    """For a mask: how many heaps of ``values[lo:]`` have label 1 with ``delta`` 0 and with 1."""
    import numpy as np

    table = parities(np.arange(1 << bits), -1)
    tail = np.asarray(values[lo:]).astype(np.int64)
    odd = np.arange(lo, len(values)) & 1

    def ones(mask: int) -> tuple[int, int]:
        par = table[tail & mask]
        return int(par.sum()), int((par ^ odd).sum())

    return ones


def _ones_python(values: Sequence[int], lo: int, bits: int) -> Callable[[int], tuple[int, int]]:
    """:func:`_ones_numpy` in plain Python (for short lists, without numpy)."""
    table = [parity(u) for u in range(1 << bits)]
    tail = values[lo:]

    def ones(mask: int) -> tuple[int, int]:
        par = [table[v & mask] for v in tail]
        return sum(par), sum(q ^ (x & 1) for q, x in zip(par, range(lo, len(values)), strict=True))

    return ones


def choose_classes(values: np.ndarray | list[int], *, bits: int | None = MAX_MASK_BITS,
                   sigmas: tuple[int, ...] = (1, 0)) -> tuple[int, int, int, int]:
    """The classes with the fewest rare heaps ``x >= 1`` in the later half of ``values``.

    Returns ``(mask, delta, sigma, count)``. The masks ``1 .. 2^b - 1`` are tried in increasing
    order, where ``b`` is the bit length of the largest value, at most ``bits`` (``None``: no
    limit); then ``delta`` 0 and 1, then ``sigma`` in the order of ``sigmas``; the first best is
    kept. A list is searched in plain Python, an array with numpy (the same choice).

    >>> choose_classes([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1], bits=None, sigmas=(0,))
    (3, 0, 0, 2)
    """
    n = len(values)
    top = (max(values) if isinstance(values, list) else int(values.max())) if n else 0
    b = max(1, top.bit_length() if bits is None else min(bits, top.bit_length()))
    lo = max(1, n // 2)
    size = max(0, n - lo)
    ones = _ones_python(values, lo, b) if isinstance(values, list) else _ones_numpy(values, lo, b)
    best = (n + 1, 1, 0, 0)
    for mask in range(1, 1 << b):
        by_delta = ones(mask)
        for delta in (0, 1):
            for sigma in sigmas:
                count = by_delta[delta] if sigma else size - by_delta[delta]
                if count < best[0]:
                    best = (count, mask, delta, sigma)
    count, mask, delta, sigma = best
    return mask, delta, sigma, count


def infinite_mask(mask: int, bits: int) -> int:
    """``mask``'s low ``bits`` bits followed by ones in every higher bit, in its shortest form
    (ones from the highest zero bit up; a negative ``int64``).

    >>> infinite_mask(0b110, 3), infinite_mask(0b010, 3)
    (-2, -6)
    """
    mask = (mask & ((1 << bits) - 1)) | (-1 << bits)
    while bits > 0 and mask & (1 << (bits - 1)):
        bits -= 1
        mask = (mask & ((1 << bits) - 1)) | (-1 << bits)
    return mask


def table_classes(values: np.ndarray | list[int]) -> Classes:
    """The classes a table reports: chosen on its first :data:`MASK_PREFIX` values.

    Every route to a table (kernel, stored file, a period proved in plain Python, the survey)
    reports these, so the same game shows the same classes.
    """
    mask, delta, sigma, _ = choose_classes(values[:MASK_PREFIX])
    return mask, delta, sigma


def sparse_classes(prefix: np.ndarray) -> Classes | None:
    """The classes for the sparse kernel, if they make at most :data:`RARE_FRACTION` of the
    later half of ``prefix[:MASK_PREFIX]`` rare; else ``None`` (the plain kernel is faster)."""
    head = prefix[:MASK_PREFIX]
    mask, delta, sigma, count = choose_classes(head)
    lo = max(1, len(head) // 2)
    return (mask, delta, sigma) if count <= RARE_FRACTION * max(1, len(head) - lo) else None


def count_rare(values: np.ndarray, mask: int, delta: int, sigma: int = 0, start: int = 1) -> int:
    """How many heaps ``x >= start`` of the table are rare: ``parity(G(x) & mask) ^ (delta & x) == sigma``.

    >>> import numpy as np
    >>> count_rare(np.array([0, 1, 2, 3, 1, 4, 3, 2]), 4, 1, 1)  # heaps 1, 3 and 7
    3
    """
    import numpy as np

    label = parities(values[start:], mask)
    if delta:
        label ^= np.arange(start, len(values)) & 1
    return int(np.count_nonzero(label == sigma))


def _rare_blocks(values: np.ndarray, mask: int, delta: int, sigma: int, stop: int,
                 block: int = BLOCK) -> Iterator[np.ndarray]:
    """The rare heaps ``1 <= x < stop``, block by block (each an increasing ``int64`` array)."""
    import numpy as np

    table = parities(np.arange(1 << 16), mask).astype(np.uint8)
    for lo in range(0, stop, block):
        hi = min(stop, lo + block)
        v = np.asarray(values[lo:hi])
        small = v.dtype.kind == "u" and v.dtype.itemsize <= 2
        par = table[v] if small else parities(v, mask).astype(np.uint8)
        if delta:
            par ^= (np.arange(lo, hi) & 1).astype(np.uint8)
        hits = np.flatnonzero(par == sigma) + lo
        yield hits[hits >= 1]


def rare_positions(values: np.ndarray, mask: int, delta: int, sigma: int = 0,
                   stop: int | None = None) -> np.ndarray:
    """The rare heaps ``1 <= x < stop`` (default: the whole table), in increasing order (``int64``).

    Works through the table in blocks (it may be a memory map of 10^9 values), with a lookup
    table of parities for values of up to 16 bits.
    """
    import numpy as np

    stop = len(values) if stop is None else stop
    found = list(_rare_blocks(values, mask, delta, sigma, stop))
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def rare_summary(values: np.ndarray, mask: int, delta: int, sigma: int = 0, first: int = 20
                 ) -> tuple[int, list[int], int | None]:
    """How many heaps ``x >= 1`` of the table are rare, the first ``first`` of them and the last,
    in blocks (memory bounded by a block, however many heaps are rare).

    >>> import numpy as np
    >>> rare_summary(np.array([0, 1, 2, 3, 1, 4, 3, 2]), 4, 1, 1, first=2)
    (3, [1, 3], 7)
    """
    count, last = 0, None
    head: list[int] = []
    for hits in _rare_blocks(values, mask, delta, sigma, len(values)):
        if len(hits):
            count += len(hits)
            head.extend(int(h) for h in hits[:max(0, first - len(head))])
            last = int(hits[-1])
    return count, head, last


def choose_mask(freq: Sequence[int] | np.ndarray) -> tuple[int, int]:
    """The mask whose common values (odd ``popcount(v & mask)``) are the most frequent, greedily.

    ``freq[v]`` counts the value ``v``. Values are taken in decreasing frequency (ties: smaller
    first); each value that the values taken before do not already determine (it is not in their
    span over GF(2)) is made common: a linear functional over GF(2), as the research solvers
    choose it. Returns ``(mask, rare_count)``, the count of the values ``v >= 1`` that end up rare.

    >>> choose_mask([5, 0, 0, 4])  # 3 is made common (mask 2: 2 and 3 common, 1 rare)
    (2, 0)
    >>> choose_mask([0, 100, 3, 97, 5])  # 1, 3 and 4 common, so 2 = 1 ^ 3 is rare (3 times)
    (5, 3)
    """
    import numpy as np

    counts = np.asarray(freq, dtype=np.int64)
    order = sorted((v for v in range(1, len(counts)) if counts[v] > 0), key=lambda v: (-counts[v], v))
    basis: dict[int, tuple[int, int]] = {}  # pivot (highest bit) -> (vector, class: 1 common)
    for v in order:
        x, fx = v, 0
        while x:
            top = x.bit_length() - 1
            if top not in basis:
                break
            bx, bf = basis[top]
            x, fx = x ^ bx, fx ^ bf
        if x:
            basis[x.bit_length() - 1] = (x, 1 ^ fx)  # so that v itself is common
    mask = 0
    for top in sorted(basis):  # lower pivots first: their mask bits are known when reducing
        x, fx = basis[top]
        rest = x & ~(1 << top)
        if parity(rest & mask) != fx:
            mask |= 1 << top
    rare = sum(int(counts[v]) for v in range(1, len(counts)) if not parity(v & mask))
    return mask, rare
