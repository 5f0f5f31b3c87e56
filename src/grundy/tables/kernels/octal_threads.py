"""The rare-value scan on several cores: heaps that do not need one another, computed side by side.

Every option of heap ``n`` of an octal game is a heap ``<= n - reach``, where ``reach`` is the
least ``i`` with a move leaving one heap of ``n - i``, or ``i + 1`` for a move splitting ``n - i``
(0.161 and 0.167: 2; 0.014: 4). So the ``reach`` heaps ``n, n + 1, ..., n + reach - 1`` need
none of one another, and up to ``reach`` threads can compute the table together: thread ``t``
takes the heaps ``start + t, start + t + T, ...`` and, before heap ``n``, waits until every
other thread has published all its heaps ``<= n - reach`` (a progress counter a thread, stored
with release order after the heap's value; a spin with ``pause``, yielding the core after a
while). Each heap is the exact mex of the rare-value scan
(:func:`grundy.tables.kernels.octal_rare.fill_octal_rare`), so the table is the same, bit for
bit, whatever the number of threads or the order they run in.

The rare heaps found meanwhile go into one list a thread (a list is appended by its own thread
only; the others read it up to its published length); the value counts into one array a thread.
The threads are Python threads running a compiled kernel without the GIL (``nogil``), so no
threading layer of numba is needed. A thread that must stop (a value wider than the table's
dtype, a value needing a new bit, its rare list full) raises a shared flag; the others stop at
their next heap, and :func:`fill_threads` keeps the heaps below the first one not done and
takes back the few done beyond it (their counts and rare heaps), which the next call computes
again.

Measured on 2 cores (``bench/octal_cores.py``) and discussed in ``docs/octal.md`` ("Cores").

>>> from grundy.tables.kernels.octal import octal_arrays
>>> reach(octal_arrays((0, 1, 6, 1))), reach(octal_arrays((0, 7, 7)))
(2, 1)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.tables.kernels import prepare

prepare()
import numba  # noqa: E402  (after prepare)
from numba import njit  # noqa: E402

from grundy.tables.kernels.atomics import cycles, load, pause, store, yield_core  # noqa: E402
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

STOPPED = 4
"""A thread's reason: it stopped because another thread stopped first."""

GAVE_UP = 5
"""A thread's reason: it waited for the others more than it worked (they are not running)."""

PATIENCE = 1 << 27
"""Processor cycles (about 50 ms) a thread runs before it may give up waiting (shorter: a few
milliseconds of another process on its core would make it give up)."""

SLOT = 32
"""``int64`` entries between two threads' counters in the control array (256 bytes: the
progress and the rare count of each thread on cache lines of their own)."""

SPINS = 2048
"""Spins (each a ``pause``) before a waiting thread yields its core."""

MIN_SPAN = 1 << 14
"""Stretches of fewer heaps are computed by one thread (starting threads costs more)."""

PROBE = 1 << 15
"""Heaps in a stretch that measures one thread's speed, or tries threads before they are
trusted (:func:`plan`)."""

GAIN = 1.1
"""Threads are kept while they compute at least this many times as many heaps a second as one
thread did on the last stretch it computed (:func:`judge`)."""

RETIME = 4
"""One thread is timed again when the heaps have grown this many times since it last was (a
heap's work grows slowly with ``n``; a timing costs :data:`PROBE` heaps on one thread)."""

SOLO_FIRST, SOLO_MOST = 1 << 17, 1 << 22
"""Heaps computed by one thread after threads did not pay, the first time and at most (the
span doubles each time they fail again)."""


@njit(cache=True, nogil=True)
def _ready(ctl: np.ndarray, t: int, threads: int, below: int) -> bool:  # pragma: no cover - compiled
    """Whether every other thread has published its heaps ``< below``."""
    for u in range(threads):
        if u != t and load(ctl, SLOT * u) < below:
            return False
    return True


@njit(cache=True, nogil=True)
def _wait(ctl: np.ndarray, t: int, threads: int, below: int) -> int:  # pragma: no cover - compiled
    """Wait until every other thread has published its heaps ``< below``: 1 if it waited, 0 if
    not, -1 if a thread stopped instead (then the caller stops too). A wait adds its spins to
    ``ctl[SLOT * t + 1]`` and its processor cycles to ``ctl[SLOT * t + 2]``."""
    stop_at = SLOT * threads
    waited = 0
    if not _ready(ctl, t, threads, below):
        waited = 1
        began = cycles()
        spins = 0
        while not _ready(ctl, t, threads, below) and load(ctl, stop_at) == 0:
            pause()
            spins += 1
            if spins % SPINS == 0:
                yield_core()
        ctl[SLOT * t + 1] += spins
        ctl[SLOT * t + 2] += cycles() - began
    # (the flag after the progress: a thread raises it before it publishes a value others must
    # not read with the old classes)
    return waited if load(ctl, stop_at) == 0 else -1


@njit(cache=True, nogil=True)
def _leave(ctl: np.ndarray, t: int, began: int, reason: int, n: int, count: int,
           stopping: bool) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """What a thread returns; its cycles go to ``ctl[SLOT * t + 3]`` and, if it ``stopping``
    early, the flag is raised."""
    ctl[SLOT * t + 3] = cycles() - began
    if stopping:
        store(ctl, ctl.shape[0] - SLOT, 1)
    return reason, n, count


@njit(cache=True, nogil=True)
def fill_octal_rare_part(values: np.ndarray, start: int, stop: int, t: int, threads: int, reach: int,
                         nothing: np.ndarray, single: np.ndarray, split: np.ndarray,
                         base_at: np.ndarray, base_value: np.ndarray, n_base: int,
                         own_at: np.ndarray, own_value: np.ndarray, ctl: np.ndarray,
                         impossible: np.ndarray, seen: np.ndarray, want: np.ndarray, mask: int,
                         delta: int, sigma: int, cap: int, limit: int, freq: np.ndarray,
                         patience: int) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Thread ``t`` of ``threads``: fill the heaps ``start + t, start + t + threads, ...`` below
    ``stop``; return ``(reason, next, count)``: why it stopped, its first heap not done, and how
    many rare heaps it appended to ``own_at[t]`` / ``own_value[t]``.

    ``base_at[:n_base]`` are the rare heaps below ``start``; ``ctl[SLOT * u]`` is thread
    ``u``'s first heap not done, ``ctl[SLOT * u + 1 .. 3]`` how many times it spun waiting, the
    processor cycles it waited and those it ran, ``ctl[SLOT * u + SLOT // 2]`` the length of its
    rare list, and ``ctl[SLOT * threads]`` is set when a thread stops early. After ``patience``
    cycles a thread that has waited more than it worked gives up (:data:`GAVE_UP`). The reasons are those of
    :func:`~grundy.tables.kernels.octal_rare.fill_octal_rare`, and :data:`STOPPED`.
    """
    words = (cap >> 6) + 1
    size = own_at.shape[1]
    began = cycles()
    count = 0
    n = start + t
    while n < stop:
        if n > start:  # (heap start needs no other)
            waited = _wait(ctl, t, threads, n - reach + 1)
            if waited < 0:
                return _leave(ctl, t, began, STOPPED, n, count, False)
            if waited:
                ran = cycles() - began
                if ran > patience and 2 * ctl[SLOT * t + 2] > ran:  # waiting more than working
                    return _leave(ctl, t, began, GAVE_UP, n, count, True)
        if count == size:
            return _leave(ctl, t, began, FULL, n, count, True)
        kinds = _mark_options(values, n, nothing, single, split, seen, words, delta, n)
        for i in split:
            r = n - i
            if r < 2:
                continue
            _mark_rare(values, r, base_at, base_value, n_base, seen, words, cap)
            for u in range(threads):
                length = count if u == t else load(ctl, SLOT * u + SLOT // 2)
                _mark_rare(values, r, own_at[u], own_value[u], length, seen, words, cap)
        m = least_missing(values, n, split, seen, want, impossible, kinds, words, cap, n)
        if m > limit:
            return _leave(ctl, t, began, WIDER, n, count, True)
        values[n] = m
        freq[m] += 1
        if n >= 1 and ((_popcount(np.uint64(m & mask)) & 1) ^ (delta & n)) == sigma:
            own_at[t, count] = n
            own_value[t, count] = m
            count += 1
            store(ctl, SLOT * t + SLOT // 2, count)
        n += threads
        if m >= cap:
            store(ctl, SLOT * threads, 1)  # (before the progress that lets the others read it)
            store(ctl, SLOT * t, n)
            return _leave(ctl, t, began, NEW_BIT, n, count, False)
        store(ctl, SLOT * t, n)
    return _leave(ctl, t, began, DONE, n, count, False)


def reach(arrays: OctalArrays) -> int:
    """The least ``d`` such that every option of heap ``n`` is a heap ``<= n - d`` (a move that
    leaves one heap of ``n - i`` gives ``i``, one that splits ``n - i`` gives ``i + 1``; a large
    number when no move leaves a heap).

    >>> from grundy.tables.kernels.octal import octal_arrays
    >>> reach(octal_arrays((0, 0, 1, 4))), reach(octal_arrays((4, 0, 0, 7)))
    (4, 1)
    """
    steps = [int(i) for i in arrays.single] + [int(i) + 1 for i in arrays.split]
    return min(steps, default=1 << 30)


def affinity() -> set[int]:
    """The cores the calling thread may run on."""
    try:
        return os.sched_getaffinity(0)
    except AttributeError:  # pragma: no cover - not Linux
        return set(range(os.cpu_count() or 1))


def pin(cores: set[int]) -> None:
    """Let the calling thread run on ``cores`` only (where the system allows it)."""
    try:
        os.sched_setaffinity(0, cores)
    except (AttributeError, OSError):  # pragma: no cover - not Linux, or not allowed
        pass


def usable_cores() -> int:
    """The cores this process may run on."""
    return len(affinity())


def thread_count(arrays: OctalArrays, threads: int | None) -> int:
    """How many threads :func:`fill_threads` uses for this game: ``threads`` (default: every
    usable core, at most numba's thread count, so ``NUMBA_NUM_THREADS=1`` — as a survey's Dask
    workers have it — keeps one), at most :func:`reach` (heaps further apart need one another)."""
    wanted = min(usable_cores(), numba.config.NUMBA_NUM_THREADS) if threads is None else threads  # type: ignore[attr-defined]
    return max(1, min(wanted, reach(arrays)))


def fill_threads(values: np.ndarray, start: int, stop: int, arrays: OctalArrays, state: Any, limit: int,
                 threads: int) -> tuple[int, int]:
    """Fill ``values[start:stop]`` by ``threads`` threads of :func:`fill_octal_rare_part`, with
    ``state`` the :class:`~grundy.tables.kernels.octal_rare.RareState`: its counts and rare heaps
    are brought up to the heaps kept. Returns ``(reason, reached)`` as
    :func:`~grundy.tables.kernels.octal_rare.fill_octal_rare` does: ``values[:reached]`` are done
    (``reached > start`` unless the reason is ``WIDER`` or ``FULL`` at ``start``)."""
    size = max(16, len(state.rare_at) - state.n_rare)  # FULL: the state's list grows, as with one thread
    own_at = np.zeros((threads, size), dtype=np.int64)
    own_value = np.zeros((threads, size), dtype=np.int64)
    ctl = np.zeros(SLOT * (threads + 1), dtype=np.int64)
    for u in range(threads):
        ctl[SLOT * u] = start + u
    freq = np.zeros((threads, len(state.freq)), dtype=np.int64)
    seen = [apart(len(state.seen), np.uint64) for _ in range(threads)]
    want = [apart(len(state.want), np.uint8) for _ in range(threads)]
    results: list[tuple[int, int, int]] = [(STOPPED, start, 0)] * threads
    d = reach(arrays)

    def part(t: int) -> None:
        results[t] = fill_octal_rare_part(
            values, start, stop, t, threads, d, *arrays, state.rare_at, state.rare_value,
            state.n_rare, own_at, own_value, ctl, state.impossible, seen[t], want[t],
            state.mask, state.delta, state.sigma, state.cap, limit, freq[t], PATIENCE)

    run_pinned(threads, part, ctl, SLOT * threads)
    reached = min(result[1] for result in results)
    state.spins += int(ctl[1:SLOT * threads:SLOT].sum())
    waited, ran = ctl[2:SLOT * threads:SLOT], ctl[3:SLOT * threads:SLOT]
    state.busy = float(np.sum(1 - waited / np.maximum(ran, 1)))  # threads at work, on average
    if any(result[0] == GAVE_UP for result in results):
        state.busy = 0.0  # (a thread found the others not running: one thread goes on)
    _keep_below(values, reached, results, own_at, own_value, freq, state, start, threads)
    for reason, done, _ in results:
        if reason == NEW_BIT and done - threads < reached:  # a value kept needs a new bit
            return NEW_BIT, reached
    for reason, done, _ in results:
        if done == reached and reason in (WIDER, FULL):
            return reason, reached
    return DONE, reached  # done, or stopped for a heap taken back: the caller goes on


def run_pinned(threads: int, part: Callable[[int], None], ctl: np.ndarray, flag: int) -> None:
    """Run ``part(t)`` for ``t < threads`` at once, ``part(0)`` on the calling thread, each on a
    core of its own where there are enough; a part that raises sets ``ctl[flag]`` (the others,
    which would wait for it, stop) and its error is raised once all have ended."""
    cores = sorted(affinity())
    errors: list[BaseException] = []

    def run(t: int) -> None:
        before = affinity()
        if len(cores) >= threads:  # a core each: the scheduler may otherwise put two on one
            pin({cores[t]})
        try:
            part(t)
        except BaseException as error:  # the others would wait for this thread: stop them
            ctl[flag] = 1
            errors.append(error)
        finally:
            pin(before)

    workers = [threading.Thread(target=run, args=(t,), daemon=True) for t in range(1, threads)]
    for worker in workers:
        worker.start()
    run(0)
    for worker in workers:
        worker.join()
    if errors:
        raise errors[0]


def apart(length: int, dtype: Any) -> np.ndarray:
    """A zeroed scratch array of a thread with no cache line in common with another's (a line
    written by two cores passes between them at every write)."""
    pad = 128 // np.dtype(dtype).itemsize
    return np.zeros(length + 2 * pad, dtype=dtype)[pad:pad + length]


def _keep_below(values: np.ndarray, reached: int, results: list[tuple[int, int, int]],
                own_at: np.ndarray, own_value: np.ndarray, freq: np.ndarray, state: Any,
                start: int, threads: int) -> None:
    """Take back the heaps ``>= reached`` that threads did, then add the counts and the rare
    heaps of the others to ``state``."""
    kept = []
    for t, (_, done, count) in enumerate(results):
        first = reached + (start + t - reached) % threads  # its first heap >= reached
        for h in range(first, done, threads):
            freq[t, values[h]] -= 1
        k = int(np.searchsorted(own_at[t, :count], reached))
        kept.append((own_at[t, :k], own_value[t, :k]))
    state.freq += freq.sum(axis=0)
    at = np.concatenate([pair[0] for pair in kept])
    value = np.concatenate([pair[1] for pair in kept])
    order = np.argsort(at, kind="stable")
    while state.n_rare + len(at) > len(state.rare_at):
        state.grow()
    state.rare_at[state.n_rare:state.n_rare + len(at)] = at[order]
    state.rare_value[state.n_rare:state.n_rare + len(at)] = value[order]
    state.n_rare += len(at)


def plan(state: Any, n: int, bound: int, threads: int) -> tuple[int, int]:
    """How many threads compute the heaps from ``n``, and up to which heap (at most ``bound``).

    Threads in lock-step pay only where a heap's work is long against passing a cache line
    between cores, and where each thread has a core of its own (on a machine busy with other
    work, a thread that is not running holds the others up). So one thread first computes
    :data:`PROBE` heaps, timed; then threads compute :data:`PROBE` heaps, timed, and
    :func:`judge` trusts them with whole stretches if they were :data:`GAIN` times as fast, else
    one thread computes the next :data:`SOLO_FIRST` heaps (twice as many each time threads fail
    again, up to :data:`SOLO_MOST`) before threads are tried again. Timing decides only the
    speed: the table is the same. One thread is timed again each time ``n`` grows :data:`RETIME`-fold.
    """
    if threads < 2 or bound - n < MIN_SPAN:
        return 1, bound
    if n < state.solo_until:
        return 1, min(bound, state.solo_until)
    if state.solo_rate is None or n >= RETIME * state.solo_at:  # (a heap's work grows with n)
        return 1, min(bound, n + PROBE)
    return threads, bound if state.trusted else min(bound, n + PROBE)


def judge(state: Any, ways: int, start: int, reached: int, seconds: float) -> None:
    """After ``ways`` threads computed the heaps ``start .. reached`` in ``seconds``: note one
    thread's speed, or trust the threads, or give one thread the next heaps."""
    rate = (reached - start) / max(seconds, 1e-9)
    if ways == 1:
        if reached - start >= MIN_SPAN:
            state.solo_rate, state.solo_at = rate, reached
        return
    if reached - start < MIN_SPAN and state.busy > 0:  # (stopped early: too short to tell)
        return
    if state.busy > 0 and rate >= GAIN * state.solo_rate:
        state.trusted, state.solo_span = True, SOLO_FIRST
    else:
        state.trusted = False
        state.solo_until = reached + state.solo_span
        state.solo_span = min(2 * state.solo_span, SOLO_MOST)
