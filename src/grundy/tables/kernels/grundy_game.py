"""Grundy's game table kernels: the plain O(N²) mex loop and the sparse-space method.

In Grundy's game a move splits one heap into two *unequal* non-empty heaps, so
``G(n) = mex{G(a) ⊕ G(n - a) : 1 ≤ a < n - a}``. No formula is known and the sequence is not
known to be periodic (Flammenkamp computed it to 2^35 heaps), so tables are computed.

*Plain*: every split of every heap, about N²/4 XORs in all; the options' values go into a stamp
array that is never cleared (the stamp of ``n`` is ``n + 1``).

*Sparse space* (Winning Ways ch. 4, "Sparse Space Spells Speed"; Flammenkamp): fix a bit mask
``m`` and a bit ``delta`` and call a heap ``x`` *common* when
``parity(popcount(G(x) & m)) ^ (delta & x) == 1``, *rare* otherwise. For a split ``a + b = n``
of two common heaps, ``parity(G(a) ⊕ G(b) & m) = delta & n``: such pairs never make a value
of the other class. So for each ``n`` the kernel marks the O(#rare) splits with a rare part,
takes the least unmarked value ``c`` of the class common pairs cannot make, and scans the common
pairs only until every missing value below ``c`` has been found (usually after a few pairs).
The answer is exactly the mex whatever the mask: the mask only decides the speed.
:func:`grundy_game_table` picks the mask and ``delta`` that make the fewest rare heaps on a plain
prefix, then continues with the sparse kernel.

>>> grundy_game_plain(20).tolist()
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
>>> bool((grundy_game_table(3000) == grundy_game_plain(3000)).all())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.tables import sparse
from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)

OVERFLOW = -1
"""Returned by a kernel when a value does not fit the array's dtype (the caller widens it)."""

PREFIX = 4096
"""Heaps computed by the plain kernel before the sparse-space classes are chosen."""

CHUNK = 1 << 16
"""Heaps per kernel call, between which progress is reported (and Ctrl-C is noticed)."""


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
def fill_plain(values: np.ndarray, start: int, stop: int, seen: np.ndarray,
               limit: int) -> int:  # pragma: no cover - compiled
    """Fill ``values[start:stop]`` by the plain mex loop; return 0, or OVERFLOW.

    ``seen`` is a stamp array longer than twice any value.
    """
    for n in range(start, stop):
        stamp = n + 1
        for a in range(1, (n + 1) // 2):  # a < n - a
            seen[values[a] ^ values[n - a]] = stamp
        m = 0
        while seen[m] == stamp:
            m += 1
        if m > limit:
            return OVERFLOW
        values[n] = m
    return 0


@njit(cache=True, nogil=True)
def fill_sparse(values: np.ndarray, start: int, stop: int, seen: np.ndarray, need: np.ndarray,
                rare: np.ndarray, n_rare: int, mask: int, delta: int,
                limit: int) -> int:  # pragma: no cover - compiled
    """Fill ``values[start:stop]`` by the sparse-space method; return the new rare count.

    ``rare[:n_rare]`` lists the rare heaps below ``start`` in increasing order; the array must
    have room for ``stop - start`` more. Returns OVERFLOW if a value does not fit.
    """
    cap = 1  # a power of two above every value so far
    for x in range(start):
        while values[x] >= cap:
            cap *= 2
    for n in range(start, stop):
        stamp = n + 1
        for j in range(n_rare):
            x = rare[j]
            if x >= n:
                break
            if 2 * x != n:
                seen[values[x] ^ values[n - x]] = stamp
        # c: the least unmarked value of the class no pair of common heaps can make; the
        # unmarked values below it must be looked for among the common pairs.
        common_parity = 1 - (delta & n)
        n_need = 0
        v = 0
        while True:
            if seen[v] != stamp:
                if _parity(np.int64(v) & mask) == common_parity or v >= cap:
                    break
                need[v] = stamp
                n_need += 1
            v += 1
        m = v
        if n_need > 0:
            for a in range(1, (n + 1) // 2):
                x = values[a] ^ values[n - a]
                if need[x] == stamp:
                    need[x] = 0
                    n_need -= 1
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
        if n >= 1 and (_parity(np.int64(m) & mask) ^ (delta & n)) == 0:
            rare[n_rare] = n
            n_rare += 1
    return n_rare


def _stamp_size(upto: int, dtype: Any) -> int:
    """Room for every value, every XOR of two values and their mex: values are at most the
    number of splits, ``(n - 1) // 2``, and at most the dtype's largest value."""
    top = min(upto // 2 + 1, int(np.iinfo(dtype).max))
    return 2 * (1 << top.bit_length()) + 2


def choose_classes(values: np.ndarray) -> tuple[int, int]:
    """The ``(mask, delta)`` with the fewest rare heaps in the second half of ``values``.

    The mask is Flammenkamp's infinite bitstring (e.g. ``…11110`` for Grundy's game; a negative
    ``int64``): the best low bits (:func:`grundy.tables.sparse.choose_classes`, rare heaps
    labelled 0) extended by ones to every higher bit, so that the classes still make sense once
    the values outgrow the prefix.

    >>> choose_classes(grundy_game_plain(4000))  # …11110: every bit but the lowest
    (-2, 0)
    """
    low, delta, _, _ = sparse.choose_classes(values, bits=None, sigmas=(0,))
    top = int(values.max()) if len(values) else 0
    return sparse.infinite_mask(low, max(top.bit_length(), 1)), delta


def _widen(values: np.ndarray) -> np.ndarray:
    if values.dtype == np.uint32:  # pragma: no cover - a value above 2**32 needs 2**33 heaps
        raise OverflowError("Grundy's game value above 2**32")
    return values.astype(np.uint32)


def grundy_game_plain(upto: int) -> np.ndarray:
    """``G(0..upto)`` of Grundy's game by the plain kernel (``uint16``, widened if needed)."""
    values = np.zeros(upto + 1, dtype=np.uint16)
    while True:
        seen = np.zeros(_stamp_size(upto, values.dtype), dtype=np.int64)
        if fill_plain(values, 0, upto + 1, seen, int(np.iinfo(values.dtype).max)) != OVERFLOW:
            return values
        values = _widen(values)


def grundy_game_table(upto: int, *, method: str = "auto",
                      progress: Callable[[int, int], None] | None = None,
                      start: np.ndarray | None = None) -> np.ndarray:
    """``G(0..upto)`` of Grundy's game (``uint16``, widened to ``uint32`` if needed).

    ``method``: ``"auto"``/``"sparse"`` (plain prefix, then the sparse-space kernel with the
    best classes found on it) or ``"plain"``. ``progress(done, total)`` is called between chunks.
    ``start``: a shorter table this function gave before, continued rather than computed again
    (the same classes, chosen on the same prefix, and the same rare heaps: the same values).

    >>> bool((grundy_game_table(9000, start=grundy_game_table(5000)) == grundy_game_table(9000)).all())
    True
    """
    if upto < PREFIX or (method == "plain" and progress is None):  # one call, no chunks
        return grundy_game_plain(upto)
    held = 0 if start is None or method == "plain" or len(start) <= PREFIX else min(len(start), upto + 1)
    values = np.zeros(upto + 1, dtype=np.uint16 if start is None else start.dtype)
    values[:held] = [] if start is None else start[:held]
    seen = np.zeros(_stamp_size(upto, values.dtype), dtype=np.int64)
    need = np.zeros_like(seen)
    first = min(PREFIX, upto + 1) if method != "plain" else 0
    if first and not held:  # a prefix of PREFIX heaps: values are below 2**11, no overflow possible
        fill_plain(values, 0, first, seen, int(np.iinfo(values.dtype).max))
    mask, delta = choose_classes(values[:first]) if method != "plain" else (0, 0)
    heaps = sparse.rare_positions(values, mask, delta, 0, max(first, held))
    n_rare = len(heaps)
    rare = np.zeros(max(1024, 2 * n_rare), dtype=np.int64)
    rare[:n_rare] = heaps
    done = max(first, held)
    while done <= upto:
        stop = min(done + CHUNK, upto + 1)
        if method == "plain":
            result = fill_plain(values, done, stop, seen, int(np.iinfo(values.dtype).max))
        else:
            if len(rare) < n_rare + (stop - done):
                rare = np.concatenate([rare, np.zeros(max(len(rare), stop - done), dtype=np.int64)])
            result = fill_sparse(values, done, stop, seen, need, rare, n_rare, mask, delta,
                                 int(np.iinfo(values.dtype).max))
        if result == OVERFLOW:
            values = _widen(values)
            seen = np.zeros(_stamp_size(upto, values.dtype), dtype=np.int64)
            need = np.zeros_like(seen)
            continue
        if method != "plain":
            n_rare = result
        done = stop
        if progress is not None:
            progress(done, upto + 1)
    return values
