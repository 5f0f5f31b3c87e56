"""The runs engine of subtraction games with huge members (:mod:`grundy.tables.subtraction_runs`):
against a plain mex table for random sets, against the known 1-2-K answer for huge ``k`` and ``n``,
and by local checks (``G(n)`` is the mex of its options) at random huge heaps, with the proving
window compared again here, value by value on a sample and run by run."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from grundy.tables.subtraction_runs import (
    RunsOutOfSteps,
    RunSteps,
    runs_first,
    runs_period,
    split_set,
)


def mex_table(s: tuple[int, ...], count: int) -> list[int]:
    g: list[int] = []
    for n in range(count):
        seen = {g[n - x] for x in s if x <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def least_period(g: list[int], start: int) -> tuple[int, int]:
    """(least period, least preperiod) of the table's tail from ``start`` on (checked on the table)."""
    n = len(g)
    for p in range(1, n - start):
        if all(g[x] == g[x + p] for x in range(start, n - p)):
            e = start
            while e > 0 and g[e - 1] == g[e - 1 + p]:
                e -= 1
            return p, e
    raise AssertionError("no period within the table")


def random_set(rng: random.Random, top: int) -> tuple[int, ...]:
    size = rng.randint(1, 4)
    members = {rng.randint(1, top) for _ in range(size)}
    if rng.random() < 0.5:
        members |= {rng.randint(1, 6) for _ in range(rng.randint(1, 3))}
    return tuple(sorted(members))


@pytest.mark.parametrize("seed", range(6))
def test_random_sets_against_the_mex_table(seed: int) -> None:
    rng = random.Random(seed)
    refused = 0
    for _ in range(50):
        s = random_set(rng, rng.choice((30, 300, 2000)))
        small_max = rng.choice((0, 1, 3, 8, 50, 4096))  # every cut of the set into small and large
        try:
            found = runs_period(s, RunSteps(10**7), small_max)
        except RunsOutOfSteps:  # (a set cut unnaturally fine: most of its members "large")
            assert small_max < 50, s
            refused += 1
            continue
        count = max(found.end, found.preperiod + found.period) + 3 * max(s) + 50
        count = min(count, 60_000)
        g = mex_table(s, count)
        assert [found.value(n) for n in range(count)] == g, (s, small_max)
        if found.preperiod + 2 * found.period + max(s) <= count:
            assert (found.period, found.preperiod) == least_period(g, found.preperiod), s
    assert refused <= 2


def test_one_two_k_oracle_huge() -> None:
    rng = random.Random(7)
    ks = [3, 4, 5, 6, 10**9, 10**9 - 1, 10**18, 10**18 - 1, 10**18 + 2]
    ks += [rng.randint(3, 10**18) for _ in range(30)]
    for k in ks:
        found = runs_period((1, 2, k))
        if k % 3:
            assert (found.period, found.preperiod) == (3, 0)
        else:
            assert (found.period, found.preperiod) == (k + 1, 0)
        for n in [rng.randint(0, 10**18) for _ in range(50)] + [k - 1, k, k + 1, 2 * k + 1]:
            r = n % (k + 1) if k % 3 == 0 else n
            expected = 3 if k % 3 == 0 and r == k else r % 3
            assert found.value(n) == expected, (k, n)


def window_repeats(found, start: int, p: int, top: int) -> bool:  # type: ignore[no-untyped-def]
    """G(x + p) == G(x) for every x in [start, start + top), re-done here: cut the window where
    either x or x + p enters another run; on each piece both sides are periodic (periods q1, q2),
    so agreeing on their first q1 + q2 places they agree on the whole piece (Fine and Wilf)."""
    runs = found.runs
    cuts = {start, start + top}
    for b in runs.starts + runs.ends:
        for c in (b, b - p):
            if start < c < start + top:
                cuts.add(c)
    cuts_sorted = sorted(cuts)
    for lo, hi in pairwise(cuts_sorted):
        q1 = len(runs.words[runs.find(lo)])
        q2 = len(runs.words[runs.find(lo + p)])
        if any(found.value(x) != found.value(x + p) for x in range(lo, min(hi, lo + q1 + q2))):
            return False
    return True


def check_locally(s: tuple[int, ...], found_value, n: int) -> None:  # type: ignore[no-untyped-def]
    seen = {found_value(n - x) for x in s if x <= n}
    v = 0
    while v in seen:
        v += 1
    assert found_value(n) == v, (s, n)


@pytest.mark.parametrize("s", [(1, 2, 10**18 - 3), (1, 2, 3, 10**12), (3, 5, 10**9 + 7),
                               (1, 4, 999_999_937), (1, 4, 10**6 + 3, 10**9 + 9), (2, 10**17, 3 * 10**17 + 1),
                               (1, 10**9), (10**18,), (1, 3, 4, 7 * 10**16 + 1)])
def test_huge_sets_locally_and_their_window(s: tuple[int, ...]) -> None:
    found = runs_period(s)
    rng = random.Random(sum(s))
    for n in [rng.randint(0, 10**19) for _ in range(200)] + [found.preperiod + found.period + 5]:
        check_locally(s, found.value, n)
    # the proving window again, independently: G(n + p) = G(n) on [start, start + max S), here
    # on a sample of places and on every run boundary of both windows (the values are constant
    # nowhere in particular, so both windows are sampled densely near each boundary)
    p, start, top = found.period, found.preperiod, max(s)
    runs = found.runs
    places = [start + rng.randrange(top) for _ in range(2000)]
    for b in runs.starts:
        for x in (b - p, b):
            places += [y for y in range(x - 3, x + 4) if start <= y < start + top]
    for y in places:
        assert found.value(y) == found.value(y + p), (s, y)
    assert window_repeats(found, start, p, top)
    assert p == 1 or not window_repeats(found, start, p - 1, top)  # (else gcd(p, p - 1) = 1 would be)
    if p > 1:  # and no smaller period works (a witness for each prime factor)
        for r in {q for q in range(2, 50) if p % q == 0}:
            assert runs.first_difference(start, p // r, top) >= 0


def test_budget_is_honest() -> None:
    with pytest.raises(RunsOutOfSteps, match="steps"):
        runs_period((1, 2, 10**9), RunSteps(10))
    # chunks are at most the smallest active large member long: 10**6 chunks to reach 10**15
    with pytest.raises(RunsOutOfSteps, match="steps"):
        runs_period((1, 4, 999_999_937, 10**15), RunSteps(2 * 10**6))


def test_runs_first_only_for_few_large_members() -> None:
    assert runs_first((1, 2, 10**9)) and runs_first((3, 5, 10**5, 2 * 10**5))
    rng = random.Random(3)
    snim = tuple(sorted({rng.randint(1, 10_000) for _ in range(100)}))  # S-Nim's kind of set
    assert not runs_first(snim) and not runs_first((1, 2, 3))


def test_split() -> None:
    assert split_set((1, 2, 10**9)) == ((1, 2), (10**9,))
    assert split_set((1, 5, 7, 10**9)) == ((1, 5, 7), (10**9,))
    assert split_set((1, 2, 30)) == ((1, 2, 30), ())
    assert split_set((10**18,)) == ((), (10**18,))


def test_natural_cuts_against_the_mex_table() -> None:
    """Small members and one or two large ones (beyond the transducer's 4096): the default cut."""
    rng = random.Random(11)
    for _ in range(12):
        s = {rng.randint(1, 7) for _ in range(rng.randint(1, 3))}
        s |= {rng.randint(4097, 20_000) for _ in range(rng.randint(1, 2))}
        key = tuple(sorted(s))
        found = runs_period(key)
        count = 100_000
        g = mex_table(key, count)
        assert [found.value(n) for n in range(count)] == g, key
