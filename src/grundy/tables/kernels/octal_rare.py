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
values need a new bit.

>>> from grundy.tables.kernels.octal import octal_arrays, octal_plain_table
>>> kayles = octal_arrays((0, 7, 7))
>>> octal_rare_table(kayles, 12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.tables.kernels import prepare
from grundy.tables.sparse import BLOCK as BLOCK_COUNT
from grundy.tables.sparse import choose_mask, rare_positions

prepare()
from llvmlite import ir  # type: ignore[import-untyped]  # noqa: E402
from numba import njit, types  # noqa: E402  (after prepare)
from numba.core.extending import intrinsic  # noqa: E402

from grundy.tables.kernels.octal import (  # noqa: E402
    OVERFLOW,
    NeedsWider,
    OctalArrays,
    Workspace,
    fill_octal_plain,
    table_buffer,
    widened,
)

DONE, FULL, WIDER, NEW_BIT = 0, 1, 2, 3
"""Why :func:`fill_octal_rare` stopped: done, rare list full, a value too wide, a value needing a new bit."""

BLOCK = 64
"""Splits scanned between two tests for found values."""

RECHOOSE_FROM = 64
"""The mask is chosen again at every power of two from here on."""


def _ctz_typing(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Count trailing zeros of a nonzero uint64."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


def _popcount_typing(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


_ctz: Any = intrinsic(_ctz_typing)
_popcount: Any = intrinsic(_popcount_typing)


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
def _below(word: Any, k: int, c: int) -> Any:  # pragma: no cover - compiled
    """The bits of ``word`` (values ``64k .. 64k+63``) for values below ``c``."""
    if 64 * k >= c:
        return np.uint64(0)
    if 64 * (k + 1) > c:
        return word & ((np.uint64(1) << np.uint64(c - 64 * k)) - np.uint64(1))
    return word


@njit(cache=True, nogil=True)
def _common_scan4(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray, c: int,
                  m: int) -> int:  # pragma: no cover - compiled
    """The least value below ``c`` that no option makes (``m`` if none), where every value is
    below 256: the unmarked values below ``c`` in four 64-bit words, cleared by the splits
    into common heaps in blocks of 64 (no branch inside a block), until none is left."""
    one = np.uint64(1)
    zero = np.uint64(0)
    words = seen.shape[0]
    m0 = _below(~seen[0], 0, c)
    m1 = _below(~seen[1], 1, c) if words > 1 else zero
    m2 = _below(~seen[2], 2, c) if words > 2 else zero
    m3 = _below(~seen[3], 3, c) if words > 3 else zero
    for i in split:
        r = n - i
        half = r // 2
        a = 1
        while a <= half and (m0 | m1 | m2 | m3) != zero:
            top = min(half, a + 63)
            a0 = zero
            a1 = zero
            a2 = zero
            a3 = zero
            for b in range(a, top + 1):
                x = values[b] ^ values[r - b]
                bit = one << np.uint64(x & 63)
                w = x >> 6
                a0 |= bit * np.uint64(w == 0)
                a1 |= bit * np.uint64(w == 1)
                a2 |= bit * np.uint64(w == 2)
                a3 |= bit * np.uint64(w == 3)
            m0 &= ~a0
            m1 &= ~a1
            m2 &= ~a2
            m3 &= ~a3
            a = top + 1
        if (m0 | m1 | m2 | m3) == zero:
            return m
    if m0 != zero:
        return _ctz(m0)
    if m1 != zero:
        return 64 + _ctz(m1)
    if m2 != zero:
        return 128 + _ctz(m2)
    return 192 + _ctz(m3)


@njit(cache=True, nogil=True)
def _common_scan8(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray, c: int,
                  m: int) -> int:  # pragma: no cover - compiled
    """:func:`_common_scan4` for values below 512, in eight words."""
    one = np.uint64(1)
    zero = np.uint64(0)
    words = seen.shape[0]
    m0 = _below(~seen[0], 0, c)
    m1 = _below(~seen[1], 1, c) if words > 1 else zero
    m2 = _below(~seen[2], 2, c) if words > 2 else zero
    m3 = _below(~seen[3], 3, c) if words > 3 else zero
    m4 = _below(~seen[4], 4, c) if words > 4 else zero
    m5 = _below(~seen[5], 5, c) if words > 5 else zero
    m6 = _below(~seen[6], 6, c) if words > 6 else zero
    m7 = _below(~seen[7], 7, c) if words > 7 else zero
    for i in split:
        r = n - i
        half = r // 2
        a = 1
        while a <= half and (m0 | m1 | m2 | m3 | m4 | m5 | m6 | m7) != zero:
            top = min(half, a + 63)
            a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = zero
            for b in range(a, top + 1):
                x = values[b] ^ values[r - b]
                bit = one << np.uint64(x & 63)
                w = x >> 6
                a0 |= bit * np.uint64(w == 0)
                a1 |= bit * np.uint64(w == 1)
                a2 |= bit * np.uint64(w == 2)
                a3 |= bit * np.uint64(w == 3)
                a4 |= bit * np.uint64(w == 4)
                a5 |= bit * np.uint64(w == 5)
                a6 |= bit * np.uint64(w == 6)
                a7 |= bit * np.uint64(w == 7)
            m0 &= ~a0
            m1 &= ~a1
            m2 &= ~a2
            m3 &= ~a3
            m4 &= ~a4
            m5 &= ~a5
            m6 &= ~a6
            m7 &= ~a7
            a = top + 1
        if (m0 | m1 | m2 | m3 | m4 | m5 | m6 | m7) == zero:
            return m
    for k, word in enumerate((m0, m1, m2, m3, m4, m5, m6, m7)):
        if word != zero:
            return 64 * k + _ctz(word)
    return m


@njit(cache=True, nogil=True)
def fill_octal_rare(values: np.ndarray, start: int, stop: int, nothing: np.ndarray, single: np.ndarray,
                    split: np.ndarray, rare_at: np.ndarray, rare_value: np.ndarray, n_rare: int,
                    impossible: np.ndarray, seen: np.ndarray, want: np.ndarray, mask: int, delta: int,
                    cap: int, limit: int, freq: np.ndarray) -> tuple[int, int, int]:  # pragma: no cover
    """Fill ``values[start:stop]``; return ``(reason, reached, n_rare)``.

    ``rare_at[:n_rare]`` (increasing) and ``rare_value`` hold the rare heaps ``x >= 1`` below
    ``start`` and their values; new rare heaps are appended. ``cap`` is a power of two above
    every value; the kernel stops (reason ``NEW_BIT``) after storing a value ``>= cap``, before a
    heap whose rare heap does not fit (``FULL``) and before a value above ``limit`` (``WIDER``).
    ``freq`` counts the values.
    """
    one = np.uint64(1)
    zero = np.uint64(0)
    words = (cap >> 6) + 1
    for n in range(start, stop):
        if n_rare == rare_at.shape[0]:
            return FULL, n, n_rare
        for w in range(words):
            seen[w] = zero
        for i in nothing:
            if i == n:
                seen[0] |= one
        for i in single:
            if i < n:
                v = values[n - i]
                seen[v >> 6] |= one << np.uint64(v & 63)
        kinds = 0
        for i in split:
            r = n - i
            if r < 2:
                continue
            kinds |= 1 << (delta & r)
            if r & 1 == 0:
                seen[0] |= one  # the split into two equal heaps
            hi = n_rare  # the rare heaps below r: all but the last few
            while hi > 0 and rare_at[hi - 1] >= r:
                hi -= 1
            if words == 1:  # every value below 64: one register
                acc = zero
                for j in range(hi):
                    acc |= one << np.uint64(rare_value[j] ^ values[r - rare_at[j]])
                seen[0] |= acc
            elif cap <= 256:  # values below 256: four registers, no chain through memory
                a0 = zero
                a1 = zero
                a2 = zero
                a3 = zero
                for j in range(hi):
                    v = rare_value[j] ^ values[r - rare_at[j]]
                    bit = one << np.uint64(v & 63)
                    w = v >> 6
                    a0 |= bit * np.uint64(w == 0)
                    a1 |= bit * np.uint64(w == 1)
                    a2 |= bit * np.uint64(w == 2)
                    a3 |= bit * np.uint64(w == 3)
                seen[0] |= a0
                seen[1] |= a1
                if words > 2:
                    seen[2] |= a2
                if words > 3:
                    seen[3] |= a3
            else:
                for j in range(hi):
                    v = rare_value[j] ^ values[r - rare_at[j]]
                    seen[v >> 6] |= one << np.uint64(v & 63)
        # c: the least unmarked value that no split into common heaps makes
        c = 0
        for w in range(words):
            u = ~seen[w] & impossible[kinds, w]
            if u != zero:
                c = 64 * w + _ctz(u)
                break
        m = c
        if c <= 64:
            low = ~seen[0]
            if c < 64:
                low &= (one << np.uint64(c)) - one
            if low != zero:
                for i in split:
                    r = n - i
                    half = r // 2
                    a = 1
                    while a <= half and low != zero:
                        top = min(half, a + 63)
                        acc = zero
                        for b in range(a, top + 1):
                            x = values[b] ^ values[r - b]
                            acc |= np.uint64(x < 64) << np.uint64(x & 63)
                        low &= ~acc
                        a = top + 1
                    if low == zero:
                        break
                if low != zero:
                    m = _ctz(low)
        elif cap <= 256:  # values below 256: the missing ones in four registers, as above
            m = _common_scan4(values, n, split, seen, c, m)
        elif cap <= 512:  # below 512: in eight registers
            m = _common_scan8(values, n, split, seen, c, m)
        else:
            missing = 0
            for u in range(c):
                if not (seen[u >> 6] >> np.uint64(u & 63)) & one:
                    want[u] = 1
                    missing += 1
            if missing:
                for i in split:
                    r = n - i
                    half = r // 2
                    a = 1
                    while a <= half:
                        top = min(half, a + BLOCK - 1)
                        hit = 0
                        for b in range(a, top + 1):
                            hit |= want[values[b] ^ values[r - b]]
                        if hit:
                            for b in range(a, top + 1):
                                x = values[b] ^ values[r - b]
                                if want[x]:
                                    want[x] = 0
                                    missing -= 1
                            if missing == 0:
                                break
                        a = top + 1
                    if missing == 0:
                        break
                if missing:
                    for u in range(c):
                        if want[u]:
                            m = u
                            break
                    for u in range(m, c):
                        want[u] = 0
        if m > limit:
            return WIDER, n, n_rare
        values[n] = m
        freq[m] += 1
        if n >= 1 and ((_popcount(np.uint64(m & mask)) & 1) ^ (delta & n)) == 0:
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
        self.cap = 1
        self.rare_at = np.zeros(0, dtype=np.int64)
        self.rare_value = np.zeros(0, dtype=np.int64)
        self.n_rare = 0
        self.impossible = np.zeros((4, 1), dtype=np.uint64)
        self.seen = np.zeros(1, dtype=np.uint64)
        self.want = np.zeros(1, dtype=np.uint8)
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
        self.mask, _ = choose_mask(self.freq[:self.cap])
        self.delta = 0
        heaps = rare_positions(values, self.mask, self.delta, 0, self.position)
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


PLAIN_STAMPS = (1 << 31) - 1
"""The plain kernel's stamps (``int32``) serve heaps below this."""

PLAIN_SHARE = 0.25
"""With ``auto``, heaps are computed by the plain kernel while more than this share of them is rare."""


def fill_rare(values: np.ndarray, start: int, stop: int, arrays: OctalArrays, work: Workspace,
              *, auto: bool = False, widen: bool = True) -> np.ndarray:
    """Fill ``values[start:stop]`` by the rare-value scan (in place; widened if needed:
    :func:`~grundy.tables.kernels.octal.widened`, or :class:`NeedsWider` without ``widen``).

    ``work`` keeps the counts and the rare heaps between calls that continue one another. With
    ``auto``, stretches up to the next power of two where many heaps are rare are computed by
    the plain kernel instead (it is faster there).
    """
    state: RareState | None = work.rare
    if state is None or state.position != start or len(state.freq) < work.limit(values.dtype) + 2:
        state = RareState()
        work.rare = state
        state.restart(values, start, work.limit(values.dtype))
    n = start
    while n < stop:
        limit = work.limit(values.dtype)
        bound = min(stop, max(RECHOOSE_FROM, 1 << n.bit_length()))  # choose again there
        if auto and RECHOOSE_FROM <= n and bound < PLAIN_STAMPS and state.n_rare > PLAIN_SHARE * n:
            seen = work.stamps(values.dtype, "seen")
            if fill_octal_plain(values, n, bound, *arrays, seen, limit) == OVERFLOW:
                values = _wider(values, state, work, widen)
                continue
            state.count(values, n, bound)
            state.plain_stretch += bound - n
            state.position = n = bound
            state.rechoose(values)
            continue
        reason, n, state.n_rare = fill_octal_rare(
            values, n, bound, *arrays, state.rare_at, state.rare_value, state.n_rare,
            state.impossible, state.seen, state.want, state.mask, state.delta, state.cap, limit,
            state.freq)
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


def octal_rare_table(arrays: OctalArrays, upto: int) -> np.ndarray:
    """Grundy values ``G(0..upto)`` by the rare-value scan (``uint8``, widened if needed)."""
    return fill_rare(table_buffer(upto + 1), 0, upto + 1, arrays, Workspace())
