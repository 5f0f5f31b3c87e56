"""The compiled pieces of the rare-value scan that one thread and several share.

:func:`_mark_options` marks a heap's options without a split, :func:`_mark_rare` the splits
with a rare part (one list of rare heaps at a time), and :func:`least_missing` finds the mex
from there: the least value that no split into two common heaps can make, and the confirmation
scan of those splits for the missing values below it. :mod:`grundy.tables.kernels.octal_rare`
runs them on one thread, :mod:`grundy.tables.kernels.octal_threads` on several.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from llvmlite import ir  # type: ignore[import-untyped]  # noqa: E402
from numba import njit, types  # noqa: E402  (after prepare)
from numba.core.extending import intrinsic  # noqa: E402

DONE, FULL, WIDER, NEW_BIT = 0, 1, 2, 3
"""Why :func:`fill_octal_rare` stopped: done, rare list full, a value too wide, a value needing a new bit."""

BLOCK = 64
"""Splits scanned between two tests for found values."""


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
def _below(word: Any, k: int, c: int) -> Any:  # pragma: no cover - compiled
    """The bits of ``word`` (values ``64k .. 64k+63``) for values below ``c``."""
    if 64 * k >= c:
        return np.uint64(0)
    if 64 * (k + 1) > c:
        return word & ((np.uint64(1) << np.uint64(c - 64 * k)) - np.uint64(1))
    return word


@njit(cache=True, nogil=True)
def _common_scan4(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray, c: int,
                  m: int, below: int) -> int:  # pragma: no cover - compiled
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
        a = max(1, r - below + 1)  # (pairs with a part >= below left out)
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
                  m: int, below: int) -> int:  # pragma: no cover - compiled
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
        a = max(1, r - below + 1)  # (pairs with a part >= below left out)
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
def _mark_options(values: np.ndarray, n: int, nothing: np.ndarray, single: np.ndarray, split: np.ndarray,
                  seen: np.ndarray, words: int, delta: int, below: int) -> int:  # pragma: no cover - compiled
    """Clear ``seen`` and mark the options of heap ``n`` without a split, and the split into two
    equal heaps, leaving out those with a heap ``>= below`` (``n``: none); return the parities
    that splits into two common heaps can make (bit 0: even, bit 1: odd)."""
    one = np.uint64(1)
    for w in range(words):
        seen[w] = np.uint64(0)
    for i in nothing:
        if i == n:
            seen[0] |= one
    for i in single:
        if i < n and n - i < below:
            v = values[n - i]
            seen[v >> 6] |= one << np.uint64(v & 63)
    kinds = 0
    for i in split:
        r = n - i
        if r < 2:
            continue
        kinds |= 1 << (delta & r)
        if r & 1 == 0 and r < 2 * below:
            seen[0] |= one  # the split into two equal heaps
    return kinds


@njit(cache=True, nogil=True)
def _mark_rare(values: np.ndarray, r: int, rare_at: np.ndarray, rare_value: np.ndarray, count: int,
               seen: np.ndarray, words: int, cap: int) -> None:  # pragma: no cover - compiled
    """Mark the values of the splits of ``r`` with a rare part among ``rare_at[:count]``
    (increasing; the rare heaps ``>= r`` at its end are skipped)."""
    one = np.uint64(1)
    zero = np.uint64(0)
    hi = count  # the rare heaps below r: all but the last few
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


@njit(cache=True, nogil=True)
def _scan64(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray,
            c: int, below: int) -> int:  # pragma: no cover - compiled
    """The least value below ``c <= 64`` that no option makes (``c`` if none): the unmarked
    values in one register, cleared by the splits into common heaps in blocks of 64."""
    one = np.uint64(1)
    zero = np.uint64(0)
    low = ~seen[0]
    if c < 64:
        low &= (one << np.uint64(c)) - one
    if low == zero:
        return c
    for i in split:
        r = n - i
        half = r // 2
        a = max(1, r - below + 1)  # (pairs with a part >= below left out)
        while a <= half and low != zero:
            top = min(half, a + 63)
            acc = zero
            for b in range(a, top + 1):
                x = values[b] ^ values[r - b]
                acc |= np.uint64(x < 64) << np.uint64(x & 63)
            low &= ~acc
            a = top + 1
        if low == zero:
            return c
    return _ctz(low)


@njit(cache=True, nogil=True)
def _scan_wide(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray, want: np.ndarray,
               c: int, below: int) -> int:  # pragma: no cover - compiled
    """:func:`_scan64` for any ``c``, with a byte a value in ``want`` (left all zero)."""
    one = np.uint64(1)
    m = c
    missing = 0
    for u in range(c):
        if not (seen[u >> 6] >> np.uint64(u & 63)) & one:
            want[u] = 1
            missing += 1
    if missing == 0:
        return m
    for i in split:
        r = n - i
        half = r // 2
        a = max(1, r - below + 1)  # (pairs with a part >= below left out)
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
    return m


@njit(cache=True, nogil=True)
def least_missing(values: np.ndarray, n: int, split: np.ndarray, seen: np.ndarray, want: np.ndarray,
                  impossible: np.ndarray, kinds: int, words: int, cap: int,
                  below: int) -> int:  # pragma: no cover - compiled
    """The mex of heap ``n`` once ``seen`` holds every option but the splits into two common
    heaps: ``c``, the least unmarked value that no such split can make, unless a value below
    ``c`` is missing too (the confirmation scan). Only the splits into two heaps below ``below``
    are scanned (``n``: all of them; less: the mex of the options without a heap ``>= below``,
    when ``seen`` holds only those: :mod:`.octal_spec`)."""
    zero = np.uint64(0)
    c = 0
    for w in range(words):
        u = ~seen[w] & impossible[kinds, w]
        if u != zero:
            c = 64 * w + _ctz(u)
            break
    if c <= 64:
        return _scan64(values, n, split, seen, c, below)
    if cap <= 256:  # values below 256: the missing ones in four registers
        return _common_scan4(values, n, split, seen, c, c, below)
    if cap <= 512:  # below 512: in eight registers
        return _common_scan8(values, n, split, seen, c, c, below)
    return _scan_wide(values, n, split, seen, want, c, below)
