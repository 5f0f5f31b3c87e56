"""Octal-game table kernels: the plain O(N²) mex loop and the sparse-space method.

An octal code ``d0.d1d2…dk`` is passed as three arrays of removal counts ``i``: ``nothing``
(remove ``i`` leaving nothing), ``single`` (leave one non-empty heap) and ``split`` (leave two
non-empty heaps; ``i = 0`` when ``d0 = 4``).

*Plain*: for each ``n`` every option is enumerated, O(N²) in all. While every value is below 64
the options' values go into a 64-bit set (no memory traffic); after that, into a stamp array
(never cleared: the stamp of ``n`` is ``n + 1``).

*Sparse space* (Winning Ways, ch. 4, "Sparse Space Spells Speed"; Flammenkamp's octal pages):
fix a bit mask ``m`` and label each position ``x`` by ``s(x) = parity(popcount(G(x) & m)) ^
(delta & x)``. Positions with ``s(x) = sigma`` are *rare*. Two non-rare heaps ``a + b = r``
can only make values with ``parity(v & m) = delta & r``; every other value of a split comes from
a pair with a rare member, O(#rare) pairs. So the kernel marks the non-split options and the
pairs with a rare member, finds the least missing value ``c`` that no pair of common heaps can
make, and scans the O(n) common pairs only for the missing values below ``c`` (stopping as soon
as all are found). The result is exactly the mex, whatever the mask: the mask only decides speed.

>>> import numpy as np
>>> kayles = octal_arrays((0, 7, 7))
>>> octal_plain_table(kayles, 12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> octal_sparse_table(kayles, 12, mask=1, delta=0, sigma=0).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)

OVERFLOW = -1
"""Returned by a kernel when a value does not fit the array's dtype (the caller widens it)."""


class OctalArrays(NamedTuple):
    """The removal counts of an octal code, by kind of move."""

    nothing: np.ndarray
    single: np.ndarray
    split: np.ndarray


def octal_arrays(digits: tuple[int, ...]) -> OctalArrays:
    """Split octal ``digits`` ``(d0, d1, …)`` into the kernels' move arrays.

    >>> octal_arrays((0, 0, 7)).split.tolist()
    [2]
    """
    nothing = [i for i, d in enumerate(digits) if i > 0 and d & 1]
    single = [i for i, d in enumerate(digits) if i > 0 and d & 2]
    split = [i for i, d in enumerate(digits) if d & 4]
    return OctalArrays(*(np.array(a, dtype=np.int64) for a in (nothing, single, split)))


@njit(cache=True, nogil=True)
def _parity(v: Any) -> Any:  # pragma: no cover - compiled
    v ^= v >> 32
    v ^= v >> 16
    v ^= v >> 8
    v ^= v >> 4
    v ^= v >> 2
    v ^= v >> 1
    return v & 1


@njit(cache=True, nogil=True)
def fill_octal_plain(values: np.ndarray, start: int, stop: int, nothing: np.ndarray, single: np.ndarray,
                     split: np.ndarray, seen: np.ndarray, limit: int) -> int:  # pragma: no cover
    """Fill ``values[start:stop]`` by the plain mex loop; return the largest value or OVERFLOW.

    ``seen`` is a stamp array above every XOR of two values; ``limit`` is the largest value allowed.
    """
    top = 0
    for n in range(start):
        if values[n] > top:
            top = values[n]
    for n in range(start, stop):
        stamp = n + 1
        if top < 64:  # every value and every XOR of two values is below 64: a bit set
            bits = np.uint64(0)
            for i in nothing:
                if i == n:
                    bits |= np.uint64(1)
            for i in single:
                if i < n:
                    bits |= np.uint64(1) << np.uint64(values[n - i])
            for i in split:
                r = n - i
                acc = np.uint64(0)
                for a in range(1, r // 2 + 1):
                    acc |= np.uint64(1) << np.uint64(values[a] ^ values[r - a])
                bits |= acc
            m = 0
            while m < 64 and (bits >> np.uint64(m)) & np.uint64(1):
                m += 1
        else:
            for i in nothing:
                if i == n:
                    seen[0] = stamp
            for i in single:
                if i < n:
                    seen[values[n - i]] = stamp
            for i in split:
                r = n - i
                for a in range(1, r // 2 + 1):
                    seen[values[a] ^ values[r - a]] = stamp
            m = 0
            while seen[m] == stamp:
                m += 1
        if m > limit:
            return OVERFLOW
        values[n] = m
        if m > top:
            top = m
    return top


@njit(cache=True, nogil=True)
def fill_octal_sparse(values: np.ndarray, start: int, stop: int, nothing: np.ndarray, single: np.ndarray,
                      split: np.ndarray, seen: np.ndarray, need: np.ndarray, mask: int, delta: int,
                      sigma: int, limit: int) -> int:  # pragma: no cover
    """Fill ``values[start:stop]`` by the sparse-space method; return the number of rare positions.

    Returns OVERFLOW if a value does not fit. ``seen`` and ``need`` are stamp arrays longer than
    ``limit`` + 2 and above every XOR of two values.
    """
    rare = np.empty(1024, dtype=np.int64)  # grows by doubling: memory follows the rare count
    n_rare = 0
    cap = 1  # a power of two above every value so far
    for x in range(start):
        while values[x] >= cap:
            cap *= 2
    for x in range(1, start):
        if (_parity(np.int64(values[x]) & mask) ^ (delta & x)) == sigma:
            if n_rare == rare.shape[0]:
                bigger = np.empty(2 * n_rare, dtype=np.int64)
                bigger[:n_rare] = rare
                rare = bigger
            rare[n_rare] = x
            n_rare += 1
    for n in range(start, stop):
        stamp = n + 1
        for i in nothing:
            if i == n:
                seen[0] = stamp
        for i in single:
            if i < n:
                seen[values[n - i]] = stamp
        for i in split:
            r = n - i
            for j in range(n_rare):
                x = rare[j]
                if x >= r:
                    break
                seen[values[x] ^ values[r - x]] = stamp
        # The least value that no pair of common heaps can make, and the candidates below it.
        n_need = 0
        v = 0
        while True:
            if v >= cap:  # above every value and every XOR of two values so far
                break
            if seen[v] != stamp:
                pv = _parity(np.int64(v) & mask)
                possible = False
                for i in split:
                    r = n - i
                    if r >= 2 and pv == (delta & r):
                        possible = True
                if not possible:
                    break
                need[v] = stamp
                n_need += 1
            v += 1
        m = v
        if n_need > 0:
            for i in split:
                r = n - i
                if r < 2:
                    continue
                for a in range(1, r // 2 + 1):
                    x = values[a] ^ values[r - a]
                    if need[x] == stamp:
                        need[x] = 0
                        n_need -= 1
                        if n_need == 0:
                            break
                if n_need == 0:
                    break
            if n_need > 0:
                for u in range(m):
                    if need[u] == stamp:
                        m = u
                        break
        if m > limit:
            return OVERFLOW
        values[n] = m
        while m >= cap:
            cap *= 2
        if n >= 1 and (_parity(np.int64(m) & mask) ^ (delta & n)) == sigma:
            if n_rare == rare.shape[0]:
                bigger = np.empty(2 * n_rare, dtype=np.int64)
                bigger[:n_rare] = rare
                rare = bigger
            rare[n_rare] = n
            n_rare += 1
    return n_rare


LARGEST_VALUE = (1 << 22) - 1
"""Largest Grundy value the kernels store (in ``uint32``; the stamp arrays then take 16 MB each)."""


class Workspace:
    """The kernels' stamp arrays, sized to the values' dtype (never to the table's length).

    XORs of values below ``2**b`` stay below ``2**b``, so ``2**b + 2`` stamps suffice for ``b``-bit
    values; stamps are ``int32`` (a table has fewer than 2**31 entries).
    """

    def __init__(self, threads: int | None = None) -> None:
        self._arrays: dict[tuple[str, str], np.ndarray] = {}
        self.threads = threads
        """Threads for the rare-value scan (``None``: every usable core; see :mod:`.octal_threads`)."""
        self.rare: Any = None
        """The rare-value scan's state between calls (see :mod:`.octal_rare`)."""

    @staticmethod
    def limit(dtype: np.dtype) -> int:
        """The largest value a kernel may store in an array of ``dtype``."""
        return min(int(np.iinfo(dtype).max), LARGEST_VALUE)

    def stamps(self, dtype: np.dtype, which: str) -> np.ndarray:
        """The ``which`` (``"seen"`` or ``"need"``) stamp array for values of ``dtype``."""
        key = (np.dtype(dtype).name, which)
        if key not in self._arrays:
            self._arrays[key] = np.zeros(self.limit(dtype) + 3, dtype=np.int32)
        return self._arrays[key]


class NeedsWider(Exception):
    """Raised by a fill told not to widen (``widen=False``) when a value does not fit the dtype."""


def table_buffer(total: int) -> np.ndarray:
    """A zeroed ``uint8`` table of ``total`` values with room behind it to be widened in place to
    ``uint16`` (:func:`widened`). The room is untouched zero pages until then: a table whose
    values fit a byte keeps about one byte a heap of memory.

    >>> table_buffer(5).tolist(), widened(table_buffer(5)).dtype.name
    ([0, 0, 0, 0, 0], 'uint16')
    """
    return np.zeros(2 * max(total, 1), dtype=np.uint8)[:total]


WIDEN_BLOCK = 1 << 20
"""Values moved at a time when a table is widened in place."""


def widened(values: np.ndarray) -> np.ndarray:
    """``values`` in the next wider dtype (``uint8`` to ``uint16`` to ``uint32``).

    A table from :func:`table_buffer` is widened in place, from the top down in blocks (each
    value's two new bytes lie at or above its old byte, so nothing unread is overwritten): no
    second table. Any other array is copied. Raises :class:`OverflowError` past ``uint32``.
    """
    if values.dtype == np.uint32:
        raise OverflowError(f"an octal game value above {LARGEST_VALUE:,}")
    base = values.base
    n = len(values)
    if (values.dtype == np.uint8 and isinstance(base, np.ndarray) and type(base) is np.ndarray
            and base.dtype == np.uint8 and base.flags.c_contiguous and values.flags.c_contiguous
            and base.nbytes == 2 * n and n and base.ctypes.data == values.ctypes.data):
        wide = base[:2 * n].view(np.uint16)
        for top in range(n, 0, -WIDEN_BLOCK):
            lo = max(0, top - WIDEN_BLOCK)
            wide[lo:top] = values[lo:top].copy()  # (the block's own bytes overlap: copied first)
        return wide
    return values.astype(np.uint16 if values.dtype == np.uint8 else np.uint32)


def fill_octal(values: np.ndarray, start: int, stop: int, arrays: OctalArrays,
               sparse: tuple[int, int, int] | None = None, work: Workspace | None = None,
               *, widen: bool = True) -> np.ndarray:
    """Fill ``values[start:stop]`` in place (plain, or sparse with ``(mask, delta, sigma)``).

    Returns ``values``, or a widened table (``uint8`` to ``uint16`` to ``uint32``,
    :func:`widened`) if a value did not fit; without ``widen``, raises :class:`NeedsWider`
    instead. Raises :class:`OverflowError` past :data:`LARGEST_VALUE`.
    """
    work = work or Workspace()
    while True:
        limit = work.limit(values.dtype)
        seen = work.stamps(values.dtype, "seen")
        if sparse is None:
            result = fill_octal_plain(values, start, stop, *arrays, seen, limit)
        else:
            need = work.stamps(values.dtype, "need")
            result = fill_octal_sparse(values, start, stop, *arrays, seen, need, *sparse, limit)
        if result != OVERFLOW:
            return values
        if not widen:
            raise NeedsWider(values.dtype.name)
        values = widened(values)


def _table(arrays: OctalArrays, upto: int, sparse: tuple[int, int, int] | None) -> np.ndarray:
    return fill_octal(table_buffer(upto + 1), 0, upto + 1, arrays, sparse)


def octal_plain_table(arrays: OctalArrays, upto: int) -> np.ndarray:
    """Grundy values ``G(0..upto)`` by the plain mex loop (``uint8``, widened if needed)."""
    return _table(arrays, upto, None)


def octal_sparse_table(arrays: OctalArrays, upto: int, *, mask: int, delta: int, sigma: int
                       ) -> np.ndarray:
    """Grundy values ``G(0..upto)`` by the sparse-space method with the given rare classes."""
    return _table(arrays, upto, (mask, delta, sigma))
