"""Octal tables in a few bytes a heap: the narrowest dtype, widening in place, the period searches
in bounded windows, and the memory a table takes per heap (counted by tracemalloc and by the
resident set of a child process, never by time). Values are checked against a brute force."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import load_game
from grundy.model.period_rules import PeriodRule
from grundy.tables import analysis, periodicity
from grundy.tables.analysis import analyze
from grundy.tables.builders import build, narrowest
from grundy.tables.kernels import octal as octal_kernels
from grundy.tables.kernels.octal import octal_arrays, octal_plain_table, table_buffer, widened
from grundy.tables.kernels.octal_rare import octal_rare_table
from grundy.tables.periodicity import find_period, prove_period
from grundy.tables.sparse import rare_positions, rare_summary
from grundy.tables.store import build_stored
from tests.helpers import brute_octal

# ---- the narrowest dtype -------------------------------------------------------------------------

def test_narrowest_dtype() -> None:
    assert [narrowest(v).__name__ for v in (0, 255, 256, 65535, 65536)] == [
        "uint8", "uint8", "uint16", "uint16", "uint32"]


@pytest.mark.parametrize(("spec", "upto", "dtype"), [
    ("octal(0.161)", 20_000, "uint8"),  # largest value 138: one byte a heap
    ("octal(0.014)", 20_000, "uint16"),  # values pass 255 at heap 11,058: two bytes a heap
    ("octal(0.6)", 500, "uint8"),  # the small numpy path keeps a byte too
])
def test_tables_take_the_narrowest_dtype(spec: str, upto: int, dtype: str) -> None:
    built = build(load_game(spec), upto, "auto")
    assert built.values.dtype.name == dtype == narrowest(int(built.values.max())).__name__


def test_widening_in_place_keeps_every_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(octal_kernels, "WIDEN_BLOCK", 7)  # several blocks, overlapping their sources
    values = table_buffer(100)
    values[:] = np.arange(100) * 37 % 256
    expected = values.tolist()
    wide = widened(values)
    assert wide.dtype == np.uint16 and wide.tolist() == expected
    assert np.shares_memory(wide, values.base)  # the same buffer: no second table
    other = np.arange(10, dtype=np.uint8)  # an array without room is copied
    assert widened(other).tolist() == other.tolist() and not np.shares_memory(widened(other), other)


def test_a_table_widened_by_the_kernel_equals_brute_force() -> None:
    digits = (4, 4, 4)  # 4.44: G(2861) = 256
    truth = brute_octal(digits, 3000)
    assert max(truth) > 255
    arrays = octal_arrays(digits)
    for table in (octal_rare_table(arrays, 3000), octal_plain_table(arrays, 3000)):
        assert table.dtype == np.uint16 and table.tolist() == truth


def test_a_stored_table_widens_its_file_not_a_copy_in_memory(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.tables import store

    monkeypatch.setattr(store, "CHUNK", 1000)
    built = build_stored(load_game("octal(4.44)"), 3000, tmp_path / "t.g")  # type: ignore[arg-type]
    assert built.values.dtype.name == "uint16"
    assert np.asarray(built.values).tolist() == brute_octal((4, 4, 4), 3000)


# ---- period searches in bounded windows ------------------------------------------------------------

class _Rule:
    def __init__(self, rule: PeriodRule) -> None:
        self.rule = rule

    def period_rule(self) -> PeriodRule:
        return self.rule


def _brute_prove(values: list[int], rule: PeriodRule) -> tuple[int, int] | None:
    """The least period p (with the least preperiod e for it) such that the table shows
    values[n + p] == values[n] for e <= n and is long enough for the rule, tried among the minimal
    periods of the tails (the candidates :func:`prove_period` documents), by brute force."""
    n = len(values)
    best: dict[int, int] = {}  # minimal period of a tail -> its longest length
    for length in range(1, n + 1):
        tail = values[n - length:]
        p = next(q for q in range(1, length + 1) if all(tail[i] == tail[i + q] for i in range(length - q)))
        best[p] = length
    for p in sorted(best):
        length = best[p]
        if length > p and rule.values_needed(p, n - length) <= n:
            return p, n - length
    return None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=40), st.lists(st.integers(0, 3), min_size=1, max_size=9),
       st.integers(1, 160), st.integers(2, 120), st.sampled_from([(1, 1), (2, 2), (2, 1)]),
       st.integers(0, 4))
def test_windowed_proofs_are_exact_up_to_half_the_window(pre: list[int], cycle: list[int], n: int,
                                                         window: int, factors: tuple[int, int],
                                                         extra: int) -> None:
    values = (pre + cycle * 200)[:n]
    rule = _Rule(PeriodRule(*factors, extra, "rule"))
    truth = _brute_prove(values, rule.rule)
    array = np.array(values, dtype=np.uint8)
    saved = periodicity.COMPILED_FROM, periodicity.PROOF_WINDOW
    try:
        periodicity.COMPILED_FROM = -1  # the compiled search, on the whole table
        whole = prove_period(rule, array)
        periodicity.PROOF_WINDOW = window  # and within the last `window` values
        windowed = prove_period(rule, array)
    finally:
        periodicity.COMPILED_FROM, periodicity.PROOF_WINDOW = saved
    short = prove_period(rule, array)  # the numpy search (a short table)
    got = [None if f is None else (f.period, f.preperiod) for f in (whole, windowed, short)]
    assert got[0] == got[2] == truth
    if truth is None or truth[0] <= window // 2:
        assert got[1] == truth
    else:  # periods above half the window are not looked for beyond it
        assert got[1] in (None, truth)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=30), st.lists(st.integers(0, 5), min_size=1, max_size=6),
       st.integers(0, 3), st.integers(1, 300))
def test_the_compiled_observed_period_equals_the_numpy_one(pre: list[int], cycle: list[int], saltus: int,
                                                          n: int) -> None:
    values = [*pre, *(c + saltus * k for k in range(100) for c in cycle)][:n]
    expected = [find_period(values), find_period(values, saltus_allowed=False)]
    saved = periodicity.COMPILED_FROM
    try:
        periodicity.COMPILED_FROM = -1
        assert [find_period(values), find_period(values, saltus_allowed=False)] == expected
    finally:
        periodicity.COMPILED_FROM = saved


def test_rare_summary_equals_the_list_of_rare_heaps() -> None:
    rng = random.Random(5)
    values = np.array([rng.randrange(64) for _ in range(5000)], dtype=np.uint8)
    for mask, delta, sigma in ((1, 0, 0), (6, 1, 1), (63, 0, 1)):
        hits = rare_positions(values, mask, delta, sigma)
        assert rare_summary(values, mask, delta, sigma) == (len(hits), hits[:20].tolist(), int(hits[-1]))


# ---- memory per heap -------------------------------------------------------------------------------

def _traced_peak(work: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("spec", ["octal(0.161)", "octal(0.014)"])
def test_memory_per_heap_of_a_table_and_its_analysis(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The extra memory per extra heap, between two table sizes: at most 2.5 bytes (tracemalloc
    counts every numpy buffer). The period searches' windows are made small so that both sizes lie
    beyond them (their work space is a constant, 8 MB each at the default)."""
    monkeypatch.setattr(periodicity, "PROOF_WINDOW", 1 << 13)
    monkeypatch.setattr(analysis, "OBSERVED_WINDOW", 1 << 13)
    game = load_game(spec)
    analyze(game, 5000, "sparse")  # compiled kernels loaded before counting
    small, large = 1 << 17, 1 << 19
    peaks = [_traced_peak(lambda n=n: analyze(game, n - 1, "auto")) for n in (small, large)]
    per_heap = (peaks[1] - peaks[0]) / (large - small)
    assert per_heap <= 2.5, f"{per_heap:.2f} bytes a heap (peaks {peaks})"


def test_a_stored_table_keeps_no_byte_a_heap_in_memory(tmp_path: Path) -> None:
    """Built with a file (``--store``), the values live in the file's memory map: the memory the
    process allocates (tracemalloc: every numpy buffer, not the map) does not grow with the table
    (counts, rare heaps and checksums are taken in blocks of :data:`grundy.tables.sparse.BLOCK`)."""
    game = load_game("octal(0.161)")
    build_stored(game, 5000, tmp_path / "warm.g")  # type: ignore[arg-type]  # kernels loaded
    small, large = 1 << 17, 1 << 19
    peaks = [_traced_peak(lambda n=n: build_stored(game, n - 1, tmp_path / f"{n}.g"))  # type: ignore[arg-type, misc]
             for n in (small, large)]
    assert peaks[1] - peaks[0] <= 0.05 * (large - small), f"peaks {peaks}"
    assert np.asarray(build_stored(game, large - 1, tmp_path / f"{large}.g").values[:3001]).tolist() == \
        brute_octal((0, 1, 6, 1), 3000)  # type: ignore[arg-type]


CHILD = r"""
import json, resource, sys
from grundy import load_game
from grundy.tables.analysis import analyze
game = load_game(sys.argv[1])
analyze(game, 70_000, "auto")  # kernels loaded, period searches at their window sizes
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
result = analyze(game, int(sys.argv[2]) - 1, "auto")
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"base": base * 1024, "peak": peak * 1024, "dtype": result.values.dtype.name}))
"""


@pytest.mark.slow
def test_resident_memory_of_a_table_of_2_22_heaps() -> None:
    """The resident set of a child process analysing 2^22 heaps of 0.161 (values in one byte)
    grows by at most 2.5 bytes a heap plus the period searches' 16 MB."""
    heaps = 1 << 22
    out = subprocess.run([sys.executable, "-c", CHILD, "octal(0.161)", str(heaps)], capture_output=True,
                         text=True, check=True).stdout
    data = json.loads(out)
    assert data["dtype"] == "uint8"
    grown = data["peak"] - data["base"]
    assert grown <= 2.5 * heaps + (16 << 20), f"{grown / heaps:.2f} bytes a heap"


def test_ctrl_c_keeps_the_chunks_done_and_the_next_run_continues(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.tables import store
    from grundy.tables.kernels import octal_rare
    from grundy.tables.table_file import read_head

    monkeypatch.setattr(store, "CHUNK", 500)
    real = octal_rare.fill_rare
    calls = []

    def interrupted(values: Any, start: int, stop: int, *args: Any, **kwargs: Any) -> Any:
        calls.append(start)
        if len(calls) == 3:
            values[start:stop] = 99  # half-written values past the header's count
            raise KeyboardInterrupt
        return real(values, start, stop, *args, **kwargs)

    monkeypatch.setattr(octal_rare, "fill_rare", interrupted)
    path = tmp_path / "t.g"
    with pytest.raises(KeyboardInterrupt, match=r"keeps G\(0\.\.999\); the same command continues"):
        build_stored(load_game("octal(0.161)"), 2000, path)  # type: ignore[arg-type]
    assert read_head(path)["computed"] == 1000
    monkeypatch.setattr(octal_rare, "fill_rare", real)
    built = build_stored(load_game("octal(0.161)"), 2000, path)  # type: ignore[arg-type]
    assert np.asarray(built.values).tolist() == brute_octal((0, 1, 6, 1), 2000)
