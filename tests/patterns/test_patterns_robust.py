"""The pattern search is deterministic (a budget of steps, never of seconds) and never fails on
candidates too long for the formula grammar (they are dropped)."""

from __future__ import annotations

import random
import time

import pytest

from grundy.patterns.formulas import MAX_FORMULA_CHARS, evaluate
from grundy.patterns.pairs import find_pair_patterns
from grundy.patterns.search import find_patterns
from grundy.tables.periodicity import Periodicity
from tests.helpers import heap_table


def _long_preperiod_table() -> list[int]:
    """450 P-positions in a preperiod of 500, then a period of 600 without any: the rule
    'P iff n in {...}' would be longer than the grammar allows."""
    rng = random.Random(7)
    cycle = [rng.randrange(1, 5) for _ in range(600)]
    head = [0 if n % 10 else 1 for n in range(500)]
    return head + [cycle[i % 600] for i in range(1900)]


def test_an_over_long_candidate_is_dropped_not_fatal() -> None:
    table = _long_preperiod_table()
    for periodicity in (None, Periodicity(600, 500, 0, False), Periodicity(600, 500, 0, True, "a theorem")):
        found = find_patterns(table, periodicity=periodicity, steps=500)
        assert all(p.formula is None or len(p.formula) <= MAX_FORMULA_CHARS for p in found)
        for p in found:  # what is kept is right
            if p.formula is not None and p.describes == "p-positions":
                assert all(bool(evaluate(p.formula, n=n)) == (v == 0) for n, v in enumerate(table))
    saltus = [0 if n % 3 else 1 for n in range(1000)] + [n - 997 for n in range(1000, 3100)]
    for proved in (False, True):
        found = find_patterns(saltus, periodicity=Periodicity(1, 1000, 1, proved, "t"), steps=500)
        assert all(p.formula is None or len(p.formula) <= MAX_FORMULA_CHARS for p in found)


def test_an_over_long_pair_rule_is_dropped() -> None:
    rng = random.Random(3)
    cell = [[rng.random() < 0.5 for _ in range(40)] for _ in range(40)]
    grid = [[0 if cell[a % 40][b % 40] else 1 for b in range(121)] for a in range(121)]
    found = find_pair_patterns(grid, steps=300)  # period 40 × 40: 800 cells listed is too long
    assert all(p.formula is None or len(p.formula) <= MAX_FORMULA_CHARS for p in found)


def _frozen_search() -> tuple[object, object]:
    table = heap_table(150, lambda n: [(n - k,) for k in (2, 5, 7) if k <= n])
    grid = [[(a % 3) ^ (b % 3) for b in range(15)] for a in range(15)]
    return ([p.text for p in find_patterns(table, steps=3000)],
            [p.text for p in find_pair_patterns(grid, steps=3000)])


def test_the_search_never_looks_at_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    normal = _frozen_search()
    ticks = [0.0]

    def jumping() -> float:  # an hour passes at every look at the clock
        ticks[0] += 3600.0
        return ticks[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, jumping)
    assert _frozen_search() == normal
    assert normal[0] and normal[1]
