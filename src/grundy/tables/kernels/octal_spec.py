"""The rare-value scan on several cores for games whose heaps need the heap just before another
thread's: values guessed side by side, then confirmed in order.

Where every option of heap ``n`` is a heap ``<= n - reach`` and ``reach`` is no more than the
threads (0.161 and 0.167: ``reach`` 2), the lock-step of :mod:`.octal_threads` makes each heap
wait for the other core's last one. Here a heap is first given a *tentative* value, on any
thread: ``m0 = mex(S)``, where ``S`` holds the options of ``n`` made of heaps below ``below``
only, ``below`` being how many heaps were final when the tentative began, rounded down to a
block of :data:`LINE` bytes of the table. The options left out (*late*: a single heap
``n - i >= below``; a split of ``r`` into ``a + (r - a)`` with ``r - a >= below``, that is
``a <= r - below``) are few: no thread takes a heap more than :data:`LAG` heaps beyond the last
final one. Then the heaps are confirmed in order, one thread at a time (whichever holds the
token): with every heap below ``n`` final, the late options are known; if none of them is
``m0``, then ``G(n) = m0`` exactly (every value below ``m0`` is in ``S``, and ``m0`` is in
neither ``S`` nor the late options); else heap ``n`` is computed again, exactly, with every
option. When no split into two common heaps can make ``m0`` (its class, as in
:func:`~grundy.tables.kernels.octal_scan.least_missing`), only the late single heaps and the
late splits with a rare part are checked. So the table
is the same, bit for bit, whatever the threads and their timing; only the confirming thread
writes the table, the counts and the rare heaps, and stops (a value wider than the dtype, a
value needing a new bit, the rare list full) exactly where one thread would.

A tentative reads only final heaps and the rare heaps below ``below``, so no thread waits for a
heap in progress and no cache line still being written is read by a tentative; threads
take :data:`CHUNK` heaps at a time from a shared counter, and the tentatives pass through a
ring of one ``int64`` a heap (``(m0 + 1) << 17 | apart << 16 | (n - below)``, ``apart`` when
no split into two common heaps makes ``m0``; 0: not ready).

Measured in ``docs/octal.md`` ("Cores"), with ``bench/octal_cores.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)

from grundy.tables.kernels import octal_threads  # noqa: E402
from grundy.tables.kernels.atomics import add, cycles, load, pause, store, swap, yield_core  # noqa: E402
from grundy.tables.kernels.octal import OctalArrays  # noqa: E402
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

CHUNK = 8
"""Heaps a thread takes from the shared counter at a time."""

LAG = 48
"""A thread takes no heap more than this many heaps above the last final one (the late options
of a heap, checked one by one when it is confirmed, grow with the lag, and so do the heaps
computed again)."""

LINE = 16
"""A tentative reads only whole blocks of this many bytes of the table, none still being written
(``below`` is rounded down to where a block starts). Longer blocks keep the scans off the line
the other core writes, but lengthen the lag, so more tentatives are computed again: measured
against blocks of 1 to 128 bytes (``docs/octal.md``, "Cores"), 16 bytes was as fast as any for
0.161 and faster for 0.167 (128 bytes: 7.4 % and 22.6 % of the heaps computed again; 16: 2.6 %
and 9.8 %)."""

SLOT = octal_threads.SLOT
CLAIM, FIN, BELOW, TOKEN, STOP = 0, SLOT, 2 * SLOT, 3 * SLOT, 4 * SLOT
"""``ctl`` entries, on cache lines of their own: the next heap not taken; the heaps final
(``ctl[FIN]``) and the rare heaps listed (``ctl[FIN + 1]``); the same rounded down to a multiple
of ``align`` (``ctl[BELOW]``, ``ctl[BELOW + 1]``: what tentatives read, stored only when it
changes); the confirming token; the stop flag (``ctl[STOP + 1]``: the confirming thread's
reason, ``ctl[STOP + 2]``: a thread gave up)."""

STATS = 5 * SLOT
"""Thread ``t``'s counts from ``ctl[STATS + SLOT * t]``: spins, cycles waited, cycles run,
heaps confirmed, heaps computed again, tentatives, their lags added up, cycles guessing, cycles
confirming."""


@njit(cache=True, nogil=True)
def _late_hit(values: np.ndarray, n: int, m0: int, below: int, single: np.ndarray,
              split: np.ndarray) -> bool:  # pragma: no cover - compiled
    """Whether a late option of heap ``n`` (a heap ``>= below`` in it) has the value ``m0``."""
    for i in single:
        if i < n and n - i >= below and values[n - i] == m0:
            return True
    for i in split:
        r = n - i
        top = min(r - below, r // 2)
        hit = False
        for a in range(1, top + 1):
            hit |= (values[a] ^ values[r - a]) == m0
        if hit:
            return True
    return False


@njit(cache=True, nogil=True)
def _late_rare_hit(values: np.ndarray, n: int, m0: int, below: int, single: np.ndarray,
                   split: np.ndarray, rare_at: np.ndarray, rare_value: np.ndarray,
                   count: int) -> bool:  # pragma: no cover - compiled
    """:func:`_late_hit` when no split into two common heaps makes ``m0`` (its class): only the
    late single heaps and the late splits with a rare part (``rare_at[:count]``: every rare
    heap below ``n``) can make it."""
    for i in single:
        if i < n and n - i >= below and values[n - i] == m0:
            return True
    for i in split:
        r = n - i
        if r < 2:
            continue
        if m0 == 0 and r & 1 == 0 and r >= 2 * below:  # (the equal split, late)
            return True
        j = 0  # the rare heaps x <= r - below, whose other part is late
        while j < count and rare_at[j] <= r - below:
            if rare_value[j] ^ values[r - rare_at[j]] == m0:
                return True
            j += 1
        j = count - 1  # the late rare heaps x < r
        while j >= 0 and rare_at[j] >= below:
            if rare_at[j] < r and rare_value[j] ^ values[r - rare_at[j]] == m0:
                return True
            j -= 1
    return False


@njit(cache=True, nogil=True)
def _confirm(values: np.ndarray, stop: int, ring: np.ndarray, ctl: np.ndarray, t: int,
             nothing: np.ndarray, single: np.ndarray, split: np.ndarray, rare_at: np.ndarray,
             rare_value: np.ndarray, impossible: np.ndarray, seen: np.ndarray, want: np.ndarray,
             mask: int, delta: int, sigma: int, cap: int, limit: int, freq: np.ndarray,
             align: int, phase: int) -> None:  # pragma: no cover - compiled
    """With the token: confirm the heaps from ``ctl[FIN]`` on while their tentatives are ready."""
    rmask = ring.shape[0] - 1
    words = (cap >> 6) + 1
    fin = ctl[FIN]
    n_rare = ctl[FIN + 1]
    done = 0
    again = 0
    while fin < stop:
        e = load(ring, fin & rmask)
        if e == 0:
            break
        if n_rare == rare_at.shape[0]:
            ctl[STOP + 1] = FULL
            store(ctl, STOP, 1)
            break
        m = (e >> 17) - 1
        below = fin - (e & 0xFFFF)
        if (e >> 16) & 1:  # (no split into two common heaps makes m)
            hit = _late_rare_hit(values, fin, m, below, single, split, rare_at, rare_value, n_rare)
        else:
            hit = _late_hit(values, fin, m, below, single, split)
        if hit:  # (the whole heap again)
            kinds = _mark_options(values, fin, nothing, single, split, seen, words, delta, fin)
            for i in split:
                if fin - i >= 2:
                    _mark_rare(values, fin - i, rare_at, rare_value, n_rare, seen, words, cap)
            m = least_missing(values, fin, split, seen, want, impossible, kinds, words, cap, fin)
            again += 1
        if m > limit:
            ctl[STOP + 1] = WIDER
            store(ctl, STOP, 1)
            break
        ring[fin & rmask] = 0
        values[fin] = m
        freq[m] += 1
        if fin >= 1 and ((_popcount(np.uint64(m & mask)) & 1) ^ (delta & fin)) == sigma:
            rare_at[n_rare] = fin
            rare_value[n_rare] = m
            n_rare += 1
            store(ctl, FIN + 1, n_rare)  # (before the heaps final: a tentative reads them after)
        fin += 1
        done += 1
        store(ctl, FIN, fin)
        if (fin + phase) & (align - 1) == 0:  # (heap fin starts a block of lines of values)
            store(ctl, BELOW + 1, n_rare)
            store(ctl, BELOW, fin)
        if m >= cap:
            ctl[STOP + 1] = NEW_BIT
            store(ctl, STOP, 1)
            break
    ctl[STATS + SLOT * t + 3] += done
    ctl[STATS + SLOT * t + 4] += again


@njit(cache=True, nogil=True)
def _guess(values: np.ndarray, n: int, stop: int, ring: np.ndarray, ctl: np.ndarray, t: int,
           nothing: np.ndarray, single: np.ndarray, split: np.ndarray, rare_at: np.ndarray,
           rare_value: np.ndarray, impossible: np.ndarray, seen: np.ndarray, want: np.ndarray,
           delta: int, cap: int, chunk: int, align: int) -> None:  # pragma: no cover - compiled
    """The tentatives of the heaps ``n .. n + chunk - 1`` (below ``stop``), into the ring."""
    rmask = ring.shape[0] - 1
    words = (cap >> 6) + 1
    lags = 0
    for h in range(n, min(n + chunk, stop)):
        below = load(ctl, BELOW)
        count = load(ctl, BELOW + 1)  # (after the heaps final: every rare heap below them)
        # the mex of the options of heap h made of heaps below ``below`` only
        kinds = _mark_options(values, h, nothing, single, split, seen, words, delta, below)
        hi = count  # (the rare heaps below ``below``)
        while hi > 0 and rare_at[hi - 1] >= below:
            hi -= 1
        for i in split:
            r = h - i
            if r >= 2:
                first = 0  # (the rare heaps a <= r - below: their other part is late)
                while first < hi and rare_at[first] <= r - below:
                    first += 1
                _mark_rare(values, r, rare_at[first:], rare_value[first:], hi - first, seen, words, cap)
        m0 = least_missing(values, h, split, seen, want, impossible, kinds, words, cap, below)
        apart = (impossible[kinds, m0 >> 6] >> np.uint64(m0 & 63)) & np.uint64(1)
        store(ring, h & rmask, ((m0 + 1) << 17) | (np.int64(apart) << 16) | (h - below))
        lags += h - below
        ctl[STATS + SLOT * t + 5] += 1
    ctl[STATS + SLOT * t + 6] += lags


@njit(cache=True, nogil=True)
def _idle(ctl: np.ndarray, ring: np.ndarray, fin: int, t: int, began: int,
          patience: int) -> bool:  # pragma: no cover - compiled
    """Wait until heap ``fin`` is final or its tentative is ready (or a thread stopped); whether
    this thread gives up instead, having waited more than it worked after ``patience`` cycles."""
    mine = STATS + SLOT * t
    rmask = ring.shape[0] - 1
    start = cycles()
    spins = 0
    while True:
        pause()
        spins += 1
        if spins % octal_threads.SPINS == 0:
            yield_core()
        if (load(ctl, FIN) != fin or load(ring, fin & rmask) != 0
                or load(ctl, STOP) != 0):
            break
    ctl[mine] += spins
    ctl[mine + 1] += cycles() - start
    ran = cycles() - began
    return ran > patience and 2 * ctl[mine + 1] > ran


@njit(cache=True, nogil=True)
def fill_spec_part(values: np.ndarray, stop: int, t: int, nothing: np.ndarray, single: np.ndarray,
                   split: np.ndarray, rare_at: np.ndarray, rare_value: np.ndarray, ctl: np.ndarray,
                   ring: np.ndarray, impossible: np.ndarray, seen: np.ndarray, want: np.ndarray,
                   mask: int, delta: int, sigma: int, cap: int, limit: int, freq: np.ndarray,
                   chunk: int, lag: int, align: int, phase: int,
                   patience: int) -> None:  # pragma: no cover - compiled
    """Thread ``t``: confirm heaps when it can take the token, else guess the next heaps, until
    ``ctl[FIN]`` reaches ``stop`` or a thread stops (``ctl``: see :data:`CLAIM`, :data:`STATS`)."""
    rmask = ring.shape[0] - 1
    began = cycles()
    while load(ctl, STOP) == 0:
        fin = load(ctl, FIN)
        if fin >= stop:
            break
        if load(ring, fin & rmask) != 0 and load(ctl, TOKEN) == 0 and swap(ctl, TOKEN, 0, 1):
            c0 = cycles()
            _confirm(values, stop, ring, ctl, t, nothing, single, split, rare_at, rare_value,
                     impossible, seen, want, mask, delta, sigma, cap, limit, freq, align, phase)
            store(ctl, TOKEN, 0)
            ctl[STATS + SLOT * t + 8] += cycles() - c0
            continue
        claim = load(ctl, CLAIM)
        if claim < stop and claim - fin <= lag:
            c0 = cycles()
            n = add(ctl, CLAIM, chunk)
            _guess(values, n, stop, ring, ctl, t, nothing, single, split, rare_at, rare_value,
                   impossible, seen, want, delta, cap, chunk, align)
            ctl[STATS + SLOT * t + 7] += cycles() - c0
            continue
        if _idle(ctl, ring, fin, t, began, patience):
            ctl[STOP + 2] = 1
            store(ctl, STOP, 1)
    ctl[STATS + SLOT * t + 2] = cycles() - began


def _lines(length: int, dtype: Any) -> np.ndarray:
    """A zeroed array starting on a cache line (64 bytes) and ending on one."""
    size = np.dtype(dtype).itemsize
    raw = np.zeros(length + 128 // size, dtype=dtype)
    skip = (-raw.ctypes.data % 64) // size
    return raw[skip:skip + length]


def _aside(array: np.ndarray) -> np.ndarray:
    """A copy of ``array`` with no cache line in common with another array."""
    out = octal_threads.apart(array.size, array.dtype)
    out[:] = array.ravel()
    return out.reshape(array.shape)


def applies(arrays: OctalArrays, threads: int) -> bool:
    """Whether ``threads`` threads fill the table by tentatives here: when each heap needs the
    last heap of another thread (:func:`~.octal_threads.reach` at most ``threads``)."""
    return threads >= 2 and octal_threads.reach(arrays) <= threads


def fill_spec(values: np.ndarray, start: int, stop: int, arrays: OctalArrays, state: Any, limit: int,
              threads: int) -> tuple[int, int]:
    """Fill ``values[start:stop]`` by ``threads`` threads of :func:`fill_spec_part`, as
    :func:`~.octal_threads.fill_threads` does (same arguments, same answer): ``state``'s counts
    and rare heaps are brought up to the heaps done, ``(reason, reached)`` returned."""
    ctl = _lines(STATS + SLOT * (threads + 1), np.int64)
    ctl[CLAIM] = ctl[FIN] = ctl[BELOW] = start
    ctl[FIN + 1] = ctl[BELOW + 1] = state.n_rare
    align = max(1, LINE // values.itemsize)  # (heaps a line)
    ring = _lines(1 << (2 * (LAG + (threads + 1) * CHUNK + align)).bit_length(), np.int64)
    # every array on lines of its own (a small array read at every heap that shares a line with
    # one being written, as the counts are, passes between the cores at every write)
    nothing, single, split, rare_at, rare_value, impossible = (
        _aside(a) for a in (*arrays, state.rare_at, state.rare_value, state.impossible))
    freq = _aside(state.freq)
    seen = [octal_threads.apart(len(state.seen), np.uint64) for _ in range(threads)]
    want = [octal_threads.apart(len(state.want), np.uint8) for _ in range(threads)]
    phase = (values.ctypes.data // values.itemsize) % align  # (heap -phase starts a line)
    def part(t: int) -> None:
        fill_spec_part(values, stop, t, nothing, single, split, rare_at, rare_value, ctl, ring,
                       impossible, seen[t], want[t], state.mask, state.delta, state.sigma,
                       state.cap, limit, freq, CHUNK, LAG, align, phase, octal_threads.PATIENCE)

    octal_threads.run_pinned(threads, part, ctl, STOP)
    state.freq[:] = freq
    state.rare_at[:] = rare_at
    state.rare_value[:] = rare_value
    return _account(ctl, state, threads)


def _account(ctl: np.ndarray, state: Any, threads: int) -> tuple[int, int]:
    """The threads' counts into ``state``, and ``(reason, reached)``."""
    stats = ctl[STATS:STATS + SLOT * threads].reshape(threads, SLOT)
    state.n_rare = int(ctl[FIN + 1])
    state.spins += int(stats[:, 0].sum())
    state.busy = float(np.sum(1 - stats[:, 1] / np.maximum(stats[:, 2], 1)))
    if ctl[STOP + 2]:
        state.busy = 0.0  # (a thread found the others not running: one thread goes on)
    state.confirmed += int(stats[:, 3].sum())
    state.computed_again += int(stats[:, 4].sum())
    state.guessed += int(stats[:, 5].sum())
    state.guess_lag += int(stats[:, 6].sum())
    reason = int(ctl[STOP + 1]) if ctl[STOP] else DONE
    return reason, int(ctl[FIN])
