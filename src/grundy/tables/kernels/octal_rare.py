"""Octal-game tables by the rare-value scan, with the rare/common split chosen from value frequencies.

The values of many octal games fall into two classes (Winning Ways, ch. 4, "Sparse Space
Spells Speed"): for a bit mask ``m`` call a value ``v`` *common* when ``popcount(v & m)`` is
odd and *rare* otherwise. The rare values form a subgroup of index 2 under XOR, so the XOR of
two common values is rare, and the XOR of a rare and a common value is common. With ``delta = 1``
the class of heap ``x`` also flips with the parity of ``x`` (Flammenkamp's domain type); then
two common heaps ``a + b = r`` make only values with ``parity(v & m) = r & 1``.

For each heap ``n`` the kernel

1. marks the options without a split and every split with a rare part (O(#rare heaps)), in a
   bit set of 64-bit words;
2. takes the least unmarked value ``c`` that no split into two common heaps can make (one
   word operation: unmarked bits AND the words of that class, count trailing zeros);
3. scans the splits into common heaps for the unmarked values below ``c`` only, and stops as
   soon as all of them are found (while ``c <= 64`` the missing values are one 64-bit word,
   and the splits are scanned in blocks of 64 whose option bits are OR-ed without a branch).

The answer is exactly the mex whatever the mask; a good mask makes the rare heaps few and the
scans short. Like the research solvers, :func:`grundy.tables.sparse.choose_mask` takes the
mask that makes the most frequent values common, greedily in order of frequency (a linear
functional over GF(2)), and the mask is chosen again at every power of two and whenever the
values need a new bit. Where every split removes tokens of one parity, classes that also flip
with the heap's parity are counted too, and taken when they make fewer than half as many heaps
rare (:func:`choose_rare_classes`; 0.104 to 2^18: 0.05 s against 11 s).

>>> from grundy.tables.kernels.octal import octal_arrays, octal_plain_table
>>> kayles = octal_arrays((0, 7, 7))
>>> octal_rare_table(kayles, 12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

import time

import numpy as np

from grundy.tables.kernels import prepare
from grundy.tables.sparse import BLOCK as BLOCK_COUNT
from grundy.tables.sparse import choose_mask, rare_positions

prepare()
from numba import njit  # noqa: E402  (after prepare)

from grundy.tables.kernels import octal_spec, octal_threads  # noqa: E402
from grundy.tables.kernels.octal import (  # noqa: E402
    OVERFLOW,
    NeedsWider,
    OctalArrays,
    Workspace,
    fill_octal_plain,
    table_buffer,
    widened,
)
from grundy.tables.kernels.octal_scan import (  # noqa: E402
    DONE,
    FULL,
    NEW_BIT,
    WIDER,
    _mark_options,
    _mark_rare,
    _popcount,
    least_missing,
)

RECHOOSE_FROM = 64
"""The mask is chosen again at every power of two from here on."""


@njit(cache=True, nogil=True)
def class_words(mask: int, cap: int, words: int) -> np.ndarray:  # pragma: no cover - compiled
    """``out[k, w]``: the values ``64w..64w+63`` that splits into common heaps cannot make when
    those splits make the parities in ``k`` (bit 0: even, bit 1: odd). Values ``>= cap`` (above
    every XOR of two values) are in every row."""
    out = np.zeros((4, words), dtype=np.uint64)
    one = np.uint64(1)
    for v in range(64 * words):
        bit = one << np.uint64(v & 63)
        w = v >> 6
        odd = _popcount(np.uint64(v & mask)) & 1
        high = v >= cap
        for k in range(4):
            makeable = (k >> odd) & 1
            if high or not makeable:
                out[k, w] |= bit
    return out


@njit(cache=True, nogil=True)
def fill_octal_rare(values: np.ndarray, start: int, stop: int, nothing: np.ndarray, single: np.ndarray,
                    split: np.ndarray, rare_at: np.ndarray, rare_value: np.ndarray, n_rare: int,
                    impossible: np.ndarray, seen: np.ndarray, want: np.ndarray, mask: int, delta: int,
                    sigma: int, cap: int, limit: int,
                    freq: np.ndarray) -> tuple[int, int, int]:  # pragma: no cover
    """Fill ``values[start:stop]``; return ``(reason, reached, n_rare)``.

    ``rare_at[:n_rare]`` (increasing) and ``rare_value`` hold the rare heaps ``x >= 1`` below
    ``start`` and their values; new rare heaps are appended. ``cap`` is a power of two above
    every value; the kernel stops (reason ``NEW_BIT``) after storing a value ``>= cap``, before a
    heap whose rare heap does not fit (``FULL``) and before a value above ``limit`` (``WIDER``).
    ``freq`` counts the values.
    """
    words = (cap >> 6) + 1
    for n in range(start, stop):
        if n_rare == rare_at.shape[0]:
            return FULL, n, n_rare
        kinds = _mark_options(values, n, nothing, single, split, seen, words, delta, n)
        for i in split:
            if n - i >= 2:
                _mark_rare(values, n - i, rare_at, rare_value, n_rare, seen, words, cap)
        m = least_missing(values, n, split, seen, want, impossible, kinds, words, cap, n)
        if m > limit:
            return WIDER, n, n_rare
        values[n] = m
        freq[m] += 1
        if n >= 1 and ((_popcount(np.uint64(m & mask)) & 1) ^ (delta & n)) == sigma:
            rare_at[n_rare] = n
            rare_value[n_rare] = m
            n_rare += 1
        if m >= cap:
            return NEW_BIT, n + 1, n_rare
    return DONE, stop, n_rare


class RareState:
    """What the rare-value scan keeps between calls: the counts, the mask and the rare heaps."""

    def __init__(self) -> None:
        self.position = -1  # values[:position] are accounted for
        self.freq = np.zeros(0, dtype=np.int64)
        self.mask = 0
        self.delta = 0
        self.sigma = 0
        self.split_parity: int | None = None
        """The parity of the tokens every split removes (:func:`split_parity`), if one."""
        self.cap = 1
        self.rare_at = np.zeros(0, dtype=np.int64)
        self.rare_value = np.zeros(0, dtype=np.int64)
        self.n_rare = 0
        self.impossible = np.zeros((4, 1), dtype=np.uint64)
        self.seen = np.zeros(1, dtype=np.uint64)
        self.want = np.zeros(1, dtype=np.uint8)
        self.spins = 0
        """How many times the threads spun waiting for one another (:mod:`.octal_threads`)."""
        self.busy = 0.0
        """How many threads were at work on average in the last stretch threads did (they wait
        for one another the rest of the time)."""
        self.trusted = False
        self.solo_until = 0
        self.solo_span = octal_threads.SOLO_FIRST
        self.solo_rate: float | None = None
        self.solo_at = 0
        """Whether threads are trusted with whole stretches, one thread's heaps after they did
        not pay, and one thread's heaps a second, timed up to heap ``solo_at``
        (:func:`.octal_threads.plan`)."""
        self.confirmed = self.computed_again = self.guessed = self.guess_lag = 0
        """Heaps confirmed from tentative values, and those of them computed again (their value
        was among the options left out); tentatives, and their lags added up (:mod:`.octal_spec`)."""
        self.plain_stretch = 0
        """Heaps computed by the plain kernel (when the rare heaps were too many)."""

    def restart(self, values: np.ndarray, start: int, limit: int) -> None:
        """Count ``values[:start]`` and choose the mask afresh."""
        self.freq = np.zeros(limit + 2, dtype=np.int64)
        self.count(values, 0, start)
        self.position = start
        self.rechoose(values)

    def rechoose(self, values: np.ndarray) -> None:
        """Choose the mask from the counts and list the rare heaps below :attr:`position`."""
        top = int(np.flatnonzero(self.freq)[-1]) if self.freq.any() else 0
        self.cap = 1 << max(top, 1).bit_length()
        self.mask, self.delta, self.sigma = choose_rare_classes(values, self.position, self.freq,
                                                                self.cap, self.split_parity)
        heaps = rare_positions(values, self.mask, self.delta, self.sigma, self.position)
        self.n_rare = len(heaps)
        size = max(1024, 2 * self.n_rare)
        self.rare_at = np.zeros(size, dtype=np.int64)
        self.rare_value = np.zeros(size, dtype=np.int64)
        self.rare_at[:self.n_rare] = heaps
        self.rare_value[:self.n_rare] = np.asarray(values[heaps]) if len(heaps) else 0
        self.impossible = class_words(self.mask, self.cap, (self.cap >> 6) + 1)
        self.seen = np.zeros((self.cap >> 6) + 1, dtype=np.uint64)
        self.want = np.zeros(self.cap + 64, dtype=np.uint8)

    def count(self, values: np.ndarray, lo: int, hi: int) -> None:
        """Add the values ``values[lo:hi]`` to the counts (in blocks: the table may be a memmap)."""
        for a in range(lo, hi, BLOCK_COUNT):
            counts = np.bincount(np.asarray(values[a:min(hi, a + BLOCK_COUNT)]), minlength=1)
            self.freq[:len(counts)] += counts

    def grow(self) -> None:
        """Double the room for rare heaps."""
        for name in ("rare_at", "rare_value"):
            old = getattr(self, name)
            new = np.zeros(2 * len(old), dtype=old.dtype)
            new[:len(old)] = old
            setattr(self, name, new)


DOMAIN_CAP = 1024
"""Values below this: the mask with heap-parity classes (``delta = 1``) is looked for too."""


def choose_rare_classes(values: np.ndarray, position: int, freq: np.ndarray, cap: int,
                        split_parity: int | None) -> tuple[int, int, int]:
    """``(mask, delta, sigma)`` for the heaps ``1..position-1`` of ``values`` (heap ``x`` is rare
    when ``parity(G(x) & mask) ^ (delta & x) == sigma``): the mask of
    :func:`~grundy.tables.sparse.choose_mask` with ``delta = sigma = 0``, unless classes that
    also flip with the heap's parity (``delta = 1``, Flammenkamp's domain type) make fewer than
    half as many heaps rare; then the mask with the fewest (exact counts over every mask, values
    below :data:`DOMAIN_CAP`).

    Two heaps of one class make values with ``parity(v & mask) == delta & (a + b)``, whatever
    the classes, so the table is the same with any of them; only the scan's speed differs. The
    scan is quick when the values of common heaps are what two common heaps cannot make. With
    ``delta = 0`` that is ``sigma = 0``; with ``delta = 1`` it needs every split of the game to
    remove a number of tokens of one parity (``split_parity``: ``None`` otherwise), and then
    ``sigma`` is that parity.

    >>> t = np.array([0, 1, 3, 2] * 32, dtype=np.uint8)  # parity(G(x) & 3) == x & 1: none rare
    >>> choose_rare_classes(t, 128, np.bincount(t, minlength=4), 4, 1)
    (3, 1, 1)
    >>> choose_rare_classes(t, 128, np.bincount(t, minlength=4), 4, None)  # (splits of both parities)
    (3, 0, 0)
    """
    mask, _ = choose_mask(freq[:cap])
    if split_parity is None or cap > DOMAIN_CAP or position < RECHOOSE_FROM:
        return mask, 0, 0
    by_parity = np.zeros((2, cap), dtype=np.int64)  # heaps >= 1 by their parity, value by value
    for a in range(1, position, BLOCK_COUNT):
        block = np.asarray(values[a:min(position, a + BLOCK_COUNT)])
        first = a & 1  # the parity of block[0]'s heap
        by_parity[first] += np.bincount(block[0::2], minlength=cap)[:cap]
        by_parity[1 - first] += np.bincount(block[1::2], minlength=cap)[:cap]
    parity = np.zeros(cap, dtype=np.int64)
    for bit in range(cap.bit_length() - 1):  # parity[v] = popcount(v) & 1, a bit at a time
        parity[1 << bit:2 << bit] = 1 - parity[:1 << bit]
    span = np.arange(cap)
    odd = parity[span[:, None] & span[None, :]]  # [mask, value]: parity(value & mask)
    even_heaps, odd_heaps = odd @ by_parity[0], odd @ by_parity[1]  # heaps of odd parity(G & mask)
    rare_plain = int((by_parity.sum() - even_heaps - odd_heaps)[mask])  # delta 0, sigma 0
    evens, odds = int(by_parity[0].sum()), int(by_parity[1].sum())
    # delta 1: heap x is rare when parity(G(x) & mask) ^ (x & 1) == sigma
    rare = (evens - even_heaps + odd_heaps) if split_parity == 0 else (even_heaps + odds - odd_heaps)
    rare[0] = position  # (mask 0: every heap in one class, no use)
    best = int(np.argmin(rare))
    if 2 * int(rare[best]) < rare_plain:
        return best, 1, split_parity
    return mask, 0, 0


def split_parity(split: np.ndarray) -> int | None:
    """The parity of the tokens every split removes, or ``None`` (none, or both parities)."""
    parities = {int(i) & 1 for i in split}
    return parities.pop() if len(parities) == 1 else None


PLAIN_STAMPS = (1 << 31) - 1
"""The plain kernel's stamps (``int32``) serve heaps below this."""

PLAIN_SHARE = 0.25
"""With ``auto``, heaps are computed by the plain kernel while more than this share of them is
rare, where every value is below 512 (the missing values are confirmed in registers)."""

PLAIN_SHARE_WIDE = 0.06
"""The same from 512 on, where the missing values are confirmed through a byte a value
(:func:`~grundy.tables.kernels.octal_scan.least_missing`), several times slower: 0.007 to 2^18
(values to 1064, 8 % of its heaps rare) took 10.5 s by the rare-value scan and 7.6 s by the
plain kernel."""


def plain_share(cap: int) -> float:
    """The share of rare heaps above which ``auto`` takes the plain kernel, for values below ``cap``."""
    return PLAIN_SHARE if cap <= 512 else PLAIN_SHARE_WIDE


def fill_rare(values: np.ndarray, start: int, stop: int, arrays: OctalArrays, work: Workspace,
              *, auto: bool = False, widen: bool = True) -> np.ndarray:
    """Fill ``values[start:stop]`` by the rare-value scan (in place; widened if needed:
    :func:`~grundy.tables.kernels.octal.widened`, or :class:`NeedsWider` without ``widen``).

    ``work`` keeps the counts and the rare heaps between calls that continue one another. With
    ``auto``, stretches up to the next power of two where many heaps are rare are computed by
    the plain kernel instead (it is faster there).
    """
    threads = octal_threads.thread_count(arrays, work.threads)
    state: RareState | None = work.rare
    if state is None or state.position != start or len(state.freq) < work.limit(values.dtype) + 2:
        state = RareState()
        state.split_parity = split_parity(arrays.split)
        work.rare = state
        state.restart(values, start, work.limit(values.dtype))
    n = start
    while n < stop:
        limit = work.limit(values.dtype)
        bound = min(stop, max(RECHOOSE_FROM, 1 << n.bit_length()))  # choose again there
        if auto and RECHOOSE_FROM <= n and bound < PLAIN_STAMPS and state.n_rare > plain_share(state.cap) * n:
            seen = work.stamps(values.dtype, "seen")
            if fill_octal_plain(values, n, bound, *arrays, seen, limit) == OVERFLOW:
                values = _wider(values, state, work, widen)
                continue
            state.count(values, n, bound)
            state.plain_stretch += bound - n
            state.position = n = bound
            state.rechoose(values)
            continue
        ways, end = octal_threads.plan(state, n, bound, threads)
        began, first = time.perf_counter(), n
        if ways > 1:
            fill = octal_spec.fill_spec if octal_spec.applies(arrays, ways) else octal_threads.fill_threads
            reason, n = fill(values, n, end, arrays, state, limit, ways)
        else:
            reason, n, state.n_rare = fill_octal_rare(
                values, n, end, *arrays, state.rare_at, state.rare_value, state.n_rare,
                state.impossible, state.seen, state.want, state.mask, state.delta, state.sigma,
                state.cap, limit, state.freq)
        if threads > 1:
            octal_threads.judge(state, ways, first, n, time.perf_counter() - began)
        state.position = n
        if reason == FULL:
            state.grow()
        elif reason == WIDER:
            values = _wider(values, state, work, widen)
        elif reason == NEW_BIT or (n == bound and n < stop):
            state.rechoose(values)
    return values


def _wider(values: np.ndarray, state: RareState, work: Workspace, widen: bool) -> np.ndarray:
    """``values`` in the next wider dtype (and room to count its values)."""
    if not widen:
        raise NeedsWider(values.dtype.name)
    values = widened(values)
    freq = np.zeros(work.limit(values.dtype) + 2, dtype=np.int64)
    freq[:len(state.freq)] = state.freq
    state.freq = freq
    return values


def octal_rare_table(arrays: OctalArrays, upto: int, threads: int | None = None) -> np.ndarray:
    """Grundy values ``G(0..upto)`` by the rare-value scan (``uint8``, widened if needed), on
    ``threads`` threads (default: every usable core, see :mod:`.octal_threads`)."""
    return fill_rare(table_buffer(upto + 1), 0, upto + 1, arrays, Workspace(threads))
