"""The batched formula search finds what the one-at-a-time search found: the same formulas, in
the same order, with the same ``(None, s)`` marks, for every budget (the step where a budget
runs out falls inside a batch too), on real tables, random ones, truth values and pairs."""

from __future__ import annotations

import random

import numpy as np
import pytest

from grundy.patterns import synthesis
from tests.helpers import heap_table
from tests.patterns import one_at_a_time


def octal_table(code: str, upto: int) -> list[int]:
    """``G(0..upto)`` of an octal game by its own mex (digit ``d_k``: take ``k``, leaving 0, 1
    or 2 heaps as bits 1, 2, 4 allow)."""
    digits = [int(d) for d in code.split(".")[1]]
    g = [0] * (upto + 1)
    for n in range(1, upto + 1):
        seen = set()
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g[n] = min(set(range(len(seen) + 1)) - seen)
    return g


def both(env: dict[str, np.ndarray], target: np.ndarray, **options: object) -> None:
    want = list(one_at_a_time.candidates(env, target, **options))  # type: ignore[arg-type]
    got = list(synthesis.candidates(env, target, **options))  # type: ignore[arg-type]
    assert got == want


def test_the_independent_octal_tables() -> None:
    assert octal_table("0.6", 12) == [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]  # published (Guy)
    assert octal_table("0.77", 12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]  # Kayles


@pytest.mark.parametrize("code, upto", [("0.6", 100), ("0.16", 255), ("0.07", 60), ("0.77", 40)])
@pytest.mark.parametrize("boolean", [False, True])
def test_real_tables(code: str, upto: int, boolean: bool) -> None:
    values = np.array(octal_table(code, upto), dtype=np.int64)
    target = (values == 0).astype(np.int64) if boolean else values
    both({"n": np.arange(len(values), dtype=np.int64)}, target, boolean=boolean, steps=4000)


def test_a_whole_budget_on_a_table_without_a_formula() -> None:
    values = np.array(octal_table("0.6", 100), dtype=np.int64)
    both({"n": np.arange(101, dtype=np.int64)}, values, steps=30_000)


@pytest.mark.parametrize("steps", [1, 2, 3, 7, 40, 41, 333, 1000, 2501])
def test_every_budget_ends_where_it_did(steps: int) -> None:
    n = np.arange(64, dtype=np.int64)
    both({"n": n}, n // 2 ^ (n % 3), steps=steps)
    both({"n": n}, (n % 3 == 1).astype(np.int64), boolean=True, steps=steps)


def test_formulas_found() -> None:
    n = np.arange(64, dtype=np.int64)
    found = [text for text, _ in synthesis.candidates({"n": n}, (n % 5) ^ (n // 3), steps=20_000) if text]
    assert "(n % 5) ^ (n // 3)" in found
    both({"n": n}, (n % 5) ^ (n // 3), steps=20_000)
    both({"n": n}, n * n - 3, steps=5000)
    both({"n": n}, np.full(64, 4, dtype=np.int64), steps=2000)  # a constant (a leaf)


@pytest.mark.parametrize("seed", range(12))
def test_random_targets(seed: int) -> None:
    rng = random.Random(seed)
    length = rng.choice([1, 2, 3, 5, 17, 64, 200])
    start = rng.choice([0, 5])
    n = np.arange(start, start + length, dtype=np.int64)
    kind = seed % 4
    if kind == 0:
        target = np.array([rng.randrange(4) for _ in n], dtype=np.int64)
    elif kind == 1:
        target = n % rng.randrange(2, 7) + rng.randrange(-3, 3)
    elif kind == 2:
        target = (n >> 1) ^ (n % 3) - 2
    else:
        target = np.array([rng.randrange(-2**40, 2**40) for _ in n], dtype=np.int64)
    constants = rng.choice([(), (7,), (12, 4, 3, 2), (2**35,)])
    both({"n": n}, target, steps=rng.randrange(1, 3000), constants=constants)
    both({"n": n}, target, boolean=True, steps=rng.randrange(1, 3000), max_size=rng.randrange(2, 9))


def test_values_at_the_ends_of_int64() -> None:
    """A variable or a target reaching the least int64 (whose negation wraps) is refused or
    missed exactly as one at a time."""
    least = np.iinfo(np.int64).min
    n = np.array([3, least, 5, 7, 2], dtype=np.int64)
    both({"n": n}, n % 3, steps=500)
    m = np.arange(5, dtype=np.int64)
    both({"n": m}, np.array([least, 1, 2, least, 0], dtype=np.int64), steps=2000)
    both({"n": m[:1]}, np.array([least], dtype=np.int64), steps=300)


def test_pairs() -> None:
    a, b = (x.ravel().astype(np.int64) for x in np.meshgrid(np.arange(12), np.arange(12), indexing="ij"))
    both({"a": a, "b": b}, (a % 3) ^ (b % 3), steps=6000)
    both({"a": a, "b": b}, (a == b).astype(np.int64), boolean=True, steps=3000)


def test_a_table_of_your_own_game() -> None:
    values = np.array(heap_table(40, lambda n: [(n - k,) for k in (1, 3, 4) if k <= n]), dtype=np.int64)
    both({"n": np.arange(41, dtype=np.int64)}, values, steps=5000)


def test_no_step_at_all_is_no_formula() -> None:
    """The one-at-a-time search raised its own 'exhausted' signal out of the generator here."""
    n = np.arange(10, dtype=np.int64)
    assert list(synthesis.candidates({"n": n}, n, steps=0)) == []
    assert synthesis.shortest_formula({"n": n}, lambda i, v: v == i, n, total=10, steps=0) is None
