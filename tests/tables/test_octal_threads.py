"""The rare-value scan on several threads: the same table as one thread and as a brute force.

The brute force here is its own: the mex of every option of heap ``n``, the XORs of a split's
two parts taken with numpy a heap at a time (no kernel, no sparse-space classes).
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy.tables.kernels import octal_spec, octal_threads
from grundy.tables.kernels.octal import Workspace, octal_arrays, table_buffer
from grundy.tables.kernels.octal_rare import fill_rare, octal_rare_table
from grundy.tables.kernels.octal_spec import fill_spec
from grundy.tables.kernels.octal_threads import (
    DONE,
    FULL,
    NEW_BIT,
    PROBE,
    SOLO_FIRST,
    WIDER,
    fill_threads,
    plan,
    reach,
    thread_count,
)


def brute(code: str, upto: int) -> list[int]:
    """``G(0..upto)`` of ``octal(code)`` straight from the rule (Winning Ways ch. 4)."""
    digits = [int(ch) for ch in code.replace(".", "")]
    g = np.zeros(upto + 1, dtype=np.int64)
    for n in range(1, upto + 1):
        options = set()
        for i, d in enumerate(digits):
            if d & 1 and i == n:
                options.add(0)
            if d & 2 and 0 < i < n:
                options.add(int(g[n - i]))
            r = n - i
            if d & 4 and r >= 2:
                a = np.arange(1, r // 2 + 1)
                options.update((g[a] ^ g[r - a]).tolist())
        m = 0
        while m in options:
            m += 1
        g[n] = m
    return g.tolist()


def digits(code: str) -> tuple[int, ...]:
    return tuple(int(ch) for ch in code.replace(".", ""))


@pytest.fixture
def short_spans(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """Threads on stretches of any length (not only long ones), and a record of every threaded
    stretch: ``(start, reason, reached)``."""
    monkeypatch.setattr(octal_threads, "MIN_SPAN", 16)
    monkeypatch.setattr(octal_threads, "GAIN", -1.0)  # threads trusted however slow they are here
    monkeypatch.setattr(octal_threads, "PROBE", 16)
    monkeypatch.setattr(octal_threads, "PATIENCE", 1 << 62)  # and never give up waiting
    calls: list[tuple[int, int, int]] = []
    for module, name in ((octal_threads, "fill_threads"), (octal_spec, "fill_spec")):
        monkeypatch.setattr(module, name, _recording(getattr(module, name), calls))
    return calls


def _recording(real: Any, calls: list[tuple[int, int, int]]) -> Any:
    def recorded(values: np.ndarray, start: int, *args: Any) -> tuple[int, int]:
        reason, reached = real(values, start, *args)
        calls.append((start, reason, reached))
        return reason, reached

    return recorded


@pytest.fixture(params=["tentatives", "lock-step"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways of threads for games whose heaps need the other thread's last heap: tentative
    values confirmed in order (:mod:`.octal_spec`), and the lock-step of :mod:`.octal_threads`."""
    if request.param == "lock-step":
        monkeypatch.setattr(octal_spec, "applies", lambda arrays, threads: False)
    return str(request.param)


def forced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the threads asked for even where heaps need their neighbours (strict alternation)."""
    monkeypatch.setattr(octal_threads, "thread_count", lambda arrays, threads: threads or 1)


# 0.161, 0.167: G(n) needs G(n-2) (reach 2); 0.014, 0.00444: reach 4; 0.0404, 0.04: reach 3;
# 0.0666, 0.164, 0.04: values above 255 (two bytes a heap, and new bits mid-stretch)
# 0.104, 0.142: heap-parity classes (delta 1, sigma 1: test_rare_classes.py)
CODES = ["0.161", "0.167", "0.014", "0.0666", "0.164", "0.0404", "0.04", "0.00444", "0.104", "0.142"]


@pytest.mark.parametrize("code", CODES)
def test_two_threads_equal_one_thread_and_brute_force(code: str,
                                                       short_spans: list[tuple[int, int, int]]) -> None:
    upto = 3000
    expected = brute(code, upto)
    arrays = octal_arrays(digits(code))
    one = octal_rare_table(arrays, upto, threads=1)
    assert not short_spans
    two = octal_rare_table(arrays, upto, threads=2)
    assert short_spans, "no stretch was computed by threads"
    assert one.tolist() == expected
    assert two.tolist() == expected
    assert two.dtype == one.dtype


@pytest.mark.parametrize("code", ["0.77", "4.007", "0.6"])
def test_games_that_need_the_previous_heap_keep_one_thread(code: str) -> None:
    arrays = octal_arrays(digits(code))
    assert reach(arrays) == 1 and thread_count(arrays, 2) == 1
    assert octal_rare_table(arrays, 2000, threads=2).tolist() == brute(code, 2000)


@pytest.mark.parametrize("code", ["0.77", "4.007", "0.6", "0.161", "0.0666"])
@pytest.mark.parametrize("threads", [2, 3])
def test_threads_in_strict_alternation_are_still_exact(code: str, threads: int,
                                                       short_spans: list[tuple[int, int, int]],
                                                       monkeypatch: pytest.MonkeyPatch, way: str) -> None:
    """More threads than the game lets work at once: each waits for the heap before its own
    (lock-step), or they guess values confirmed in order."""
    forced(monkeypatch)
    arrays = octal_arrays(digits(code))
    assert octal_rare_table(arrays, 1500, threads=threads).tolist() == brute(code, 1500)
    assert short_spans


def test_every_way_of_stopping_is_taken_and_kept_exact(short_spans: list[tuple[int, int, int]],
                                                       way: str) -> None:
    """0.0666 needs new bits and a wider dtype within threaded stretches; a rare list of 8
    fills up (heaps taken back from the thread that went on are computed again)."""
    code, upto = "0.0666", 6000
    expected = brute(code, upto)
    arrays = octal_arrays(digits(code))
    work = Workspace(threads=2)
    values = fill_rare(table_buffer(upto + 1), 0, upto + 1, arrays, work)
    assert values.tolist() == expected
    assert (work.rare.confirmed > 0) == (way == "tentatives")
    reasons = {reason for _, reason, _ in short_spans}
    assert {NEW_BIT, WIDER} <= reasons
    assert all(reached > start or reason in (WIDER, FULL) for start, reason, reached in short_spans)
    # a full rare list: 50 places left in the state's list before a stretch of 2048 heaps
    work = Workspace(threads=2)
    values = fill_rare(table_buffer(upto + 1), 0, 2048, arrays, work)
    state = work.rare
    state.rare_at = state.rare_at[:state.n_rare + 50].copy()
    state.rare_value = state.rare_value[:state.n_rare + 50].copy()
    short_spans.clear()
    values = fill_rare(values, 2048, upto + 1, arrays, work)
    assert values.tolist() == expected
    assert FULL in {reason for _, reason, _ in short_spans}


def test_counts_and_rare_heaps_are_those_of_one_thread(short_spans: list[tuple[int, int, int]],
                                                       way: str) -> None:
    code, upto = "0.164", 5000
    arrays = octal_arrays(digits(code))
    works = [Workspace(threads=1), Workspace(threads=2)]
    tables = [fill_rare(table_buffer(upto + 1), 0, upto + 1, arrays, work) for work in works]
    assert tables[0].tolist() == tables[1].tolist()
    one, two = (work.rare for work in works)
    assert (one.freq == two.freq).all()
    assert one.n_rare == two.n_rare and one.mask == two.mask
    assert (one.rare_at[:one.n_rare] == two.rare_at[:two.n_rare]).all()
    assert (one.rare_value[:one.n_rare] == two.rare_value[:two.n_rare]).all()
    assert (two.confirmed > 0) == (way == "tentatives")


@pytest.mark.parametrize("fill", [fill_threads, fill_spec])
def test_a_threaded_stretch_reports_done_at_its_end(short_spans: list[tuple[int, int, int]],
                                                    fill: Any) -> None:
    arrays = octal_arrays(digits("0.161"))
    values = octal_rare_table(arrays, 1 << 12, threads=1)
    work = Workspace(threads=1)
    part = table_buffer(len(values))
    part[:1 << 11] = values[:1 << 11]
    fill_rare(part, 0, 1 << 11, arrays, work)  # the counts and rare heaps of the first half
    reason, reached = fill(part, 1 << 11, len(values), arrays, work.rare, work.limit(part.dtype), 2)
    assert (reason, reached) == (DONE, len(values))
    assert part.tolist() == values.tolist()


def test_reach_and_thread_count() -> None:
    assert reach(octal_arrays(digits("0.161"))) == 2
    assert reach(octal_arrays(digits("0.014"))) == 4
    assert reach(octal_arrays(digits("0.0404"))) == 3
    assert thread_count(octal_arrays(digits("0.014")), 3) == 3
    assert thread_count(octal_arrays(digits("0.161")), 8) == 2
    assert thread_count(octal_arrays(digits("0.161")), None) >= 1


def test_threads_that_do_not_pay_leave_the_next_heaps_to_one_thread(
        short_spans: list[tuple[int, int, int]], monkeypatch: pytest.MonkeyPatch) -> None:
    """When the threads wait too much (here: always), one thread computes the next heaps, and
    threads are tried again after them; the table is the same."""
    monkeypatch.setattr(octal_threads, "GAIN", 1e9)
    monkeypatch.setattr(octal_threads, "MIN_SPAN", 64)
    monkeypatch.setattr(octal_threads, "PROBE", 100)
    monkeypatch.setattr(octal_threads, "SOLO_FIRST", 300)
    code, upto = "0.167", 3000
    work = Workspace(threads=2)
    values = fill_rare(table_buffer(upto + 1), 0, upto + 1, octal_arrays(digits(code)), work)
    assert values.tolist() == brute(code, upto)
    starts = [start for start, _, _ in short_spans]  # (the first stretches stop early: new bits)
    gaps = [b - a for a, b in pairwise(starts[1:])]
    assert len(gaps) >= 2 and gaps[0] >= 300 and gaps == sorted(gaps)  # one thread ever longer
    assert not work.rare.trusted and work.rare.solo_span > 300


def test_plan() -> None:
    class State:
        trusted, solo_until, solo_rate, solo_at = False, 0, None, 0

    state = State()
    assert plan(state, 1 << 20, 1 << 21, 1) == (1, 1 << 21)
    assert plan(state, 1 << 20, (1 << 20) + 100, 2) == (1, (1 << 20) + 100)  # too short for threads
    assert plan(state, 1 << 20, 1 << 21, 2) == (1, (1 << 20) + PROBE)  # one thread, timed
    state.solo_rate, state.solo_at = 1e6, 1 << 20
    assert plan(state, 1 << 20, 1 << 21, 2) == (2, (1 << 20) + PROBE)  # then threads, timed
    assert plan(state, 1 << 21, 1 << 22, 2) == (2, (1 << 21) + PROBE)  # (2n: no new timing yet)
    assert plan(state, 1 << 22, 1 << 23, 2) == (1, (1 << 22) + PROBE)  # one thread again at 4n
    state.trusted = True
    assert plan(state, 1 << 20, 1 << 21, 2) == (2, 1 << 21)
    assert plan(state, 1 << 22, 1 << 23, 2) == (1, (1 << 22) + PROBE)
    state.solo_until = (1 << 20) + SOLO_FIRST
    assert plan(state, 1 << 20, 1 << 21, 2) == (1, (1 << 20) + SOLO_FIRST)


@pytest.mark.parametrize("code", ["0.014", "0.161"])
def test_threads_that_give_up_waiting_leave_an_exact_table(
        code: str, short_spans: list[tuple[int, int, int]], monkeypatch: pytest.MonkeyPatch) -> None:
    """A thread that waits more than it works gives up at once (no patience): the stretch ends
    there, the heaps done are kept and one thread goes on."""
    monkeypatch.setattr(octal_threads, "PATIENCE", 0)
    monkeypatch.setattr(octal_threads, "GAIN", 1.1)
    upto = 4000
    work = Workspace(threads=2)
    values = fill_rare(table_buffer(upto + 1), 0, upto + 1, octal_arrays(digits(code)), work)
    assert values.tolist() == brute(code, upto)
    assert short_spans


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.161", "0.014", "0.167"])
def test_threads_on_every_long_stretch_at_2_17(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stretch lengths of a real table (no short spans), threads trusted everywhere."""
    monkeypatch.setattr(octal_threads, "GAIN", -1.0)
    monkeypatch.setattr(octal_threads, "PATIENCE", 1 << 62)
    arrays = octal_arrays(digits(code))
    one = octal_rare_table(arrays, 1 << 17, threads=1)
    two = octal_rare_table(arrays, 1 << 17, threads=2)
    assert (one == two).all()
    assert one[:3001].tolist() == brute(code, 3000)


@pytest.mark.parametrize("code", ["0.0666", "0.161"])
def test_a_stored_table_by_threads(code: str, short_spans: list[tuple[int, int, int]],
                                   tmp_path: Path) -> None:
    """The file-backed table (a memory map, widened on disk when a value passes 255)."""
    from grundy import load_game
    from grundy.tables.store import build_stored

    game: Any = load_game(f"octal({code})")
    built = build_stored(game, 4000, tmp_path / "t.g")
    assert np.asarray(built.values).tolist() == brute(code, 4000)
    assert short_spans


def test_an_error_in_one_thread_stops_the_others_and_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Else the others would wait for it for ever.)"""
    arrays = octal_arrays(digits("0.161"))
    work = Workspace(threads=1)
    values = fill_rare(table_buffer(1 << 12), 0, 1 << 11, arrays, work)
    real = octal_threads.fill_octal_rare_part

    def failing(*args: Any) -> tuple[int, int, int]:
        if args[3] == 1:
            raise RuntimeError("thread 1 failed")
        return real(*args)

    monkeypatch.setattr(octal_threads, "fill_octal_rare_part", failing)
    with pytest.raises(RuntimeError, match="thread 1 failed"):
        fill_threads(values, 1 << 11, 1 << 12, arrays, work.rare, 255, 2)
    real_spec = octal_spec.fill_spec_part

    def failing_spec(*args: Any) -> None:
        if args[2] == 1:
            raise RuntimeError("thread 1 failed")
        real_spec(*args)

    monkeypatch.setattr(octal_spec, "fill_spec_part", failing_spec)
    with pytest.raises(RuntimeError, match="thread 1 failed"):
        fill_spec(values, 1 << 11, 1 << 12, arrays, work.rare, 255, 2)


def test_numba_thread_count_bounds_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """A survey's Dask worker has NUMBA_NUM_THREADS=1: its tables keep one thread."""
    import numba

    arrays = octal_arrays(digits("0.014"))
    monkeypatch.setattr(octal_threads, "usable_cores", lambda: 2)
    monkeypatch.setattr(numba.config, "NUMBA_NUM_THREADS", 1)
    assert octal_threads.thread_count(arrays, None) == 1
    monkeypatch.setattr(numba.config, "NUMBA_NUM_THREADS", 2)
    assert octal_threads.thread_count(arrays, None) == 2
    assert octal_threads.thread_count(arrays, 1) == 1


# reach 2: with 2 threads, tentative values confirmed in order (octal_spec); 0.0666 and 0.164
# pass 255 and need new bits within stretches
SPEC_CODES = ["0.161", "0.167", "0.0666", "0.164"]


@pytest.mark.parametrize("code", SPEC_CODES)
@pytest.mark.parametrize(("lag", "chunk", "line"), [(0, 1, 64), (5, 3, 1), (48, 8, 64), (300, 16, 256)])
def test_tentatives_equal_one_thread_and_brute_force(code: str, lag: int, chunk: int, line: int,
                                                     short_spans: list[tuple[int, int, int]],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever heaps the threads take and how far they guess ahead: the table of one thread.
    Some tentatives were wrong (a late option had their value) and were computed again."""
    monkeypatch.setattr(octal_spec, "LAG", lag)
    monkeypatch.setattr(octal_spec, "CHUNK", chunk)
    monkeypatch.setattr(octal_spec, "LINE", line)
    upto = 3000
    arrays = octal_arrays(digits(code))
    assert octal_spec.applies(arrays, 2)
    work = Workspace(threads=2)
    two = fill_rare(table_buffer(upto + 1), 0, upto + 1, arrays, work)
    assert two.tolist() == brute(code, upto)
    assert two.tolist() == octal_rare_table(arrays, upto, threads=1).tolist()
    state = work.rare
    assert state.confirmed > upto // 2  # (the first stretches: one thread, then the plan's probes)
    assert state.guessed >= state.confirmed
    assert state.computed_again > 0


def test_tentatives_stop_exactly_where_one_thread_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stretch by tentatives ends at the first heap one thread stops at (a value too wide for
    ``uint8``, a value needing a new bit), with the counts and rare heaps of one thread."""
    arrays = octal_arrays(digits("0.0666"))
    expected = np.array(brute("0.0666", 6000))
    wide = int(np.argmax(expected > 255))
    ends = []
    for threads in (1, 2):
        work = Workspace(threads=1)
        values = fill_rare(table_buffer(6001), 0, 1000, arrays, work)
        state = work.rare
        stop = 6001
        if threads == 1:
            ends.append(fill_threads_one(values, 1000, stop, arrays, state, work))
        else:
            ends.append(fill_spec(values, 1000, stop, arrays, state, work.limit(values.dtype), 2))
        reached = ends[-1][1]
        assert values[:reached].tolist() == expected[:reached].tolist()
        ends.append((int(state.n_rare), int(state.freq.sum())))
    assert ends[0] == ends[2] and ends[1] == ends[3]
    assert ends[0][0] in (NEW_BIT, WIDER) and ends[0][1] <= wide


def fill_threads_one(values: np.ndarray, start: int, stop: int, arrays: Any, state: Any,
                     work: Workspace) -> tuple[int, int]:
    """One thread's stretch, as :func:`fill_rare` runs it."""
    from grundy.tables.kernels.octal_rare import fill_octal_rare

    reason, reached, state.n_rare = fill_octal_rare(
        values, start, stop, *arrays, state.rare_at, state.rare_value, state.n_rare,
        state.impossible, state.seen, state.want, state.mask, state.delta, state.sigma,
        state.cap, work.limit(values.dtype), state.freq)
    return reason, reached
