"""Pair patterns: bit functions of both coordinates, and ratio thresholds decided exactly.

Each grid is computed here: by plain mex over the moves of a game written with ``@grundy.game``
(and checked against grundy's own grid), or written out directly with Python integers. The finder
must name the rule, the rule must hold on the whole grid, and nothing is claimed proved.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import grundy
from grundy.patterns.formulas import evaluate
from grundy.patterns.pairs import find_pair_patterns

UPTO = 60
STEPS = 2000  # the two families need no formula search; keep the general one short


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def brute_grid(moves: Callable[[tuple[int, int]], list[tuple[int, int]]]) -> list[list[int]]:
    g = [[0] * (UPTO + 1) for _ in range(UPTO + 1)]
    for a in range(UPTO + 1):
        for b in range(UPTO + 1):
            g[a][b] = mex({g[x][y] for x, y in moves((a, b))})
    return g


def euclid(position: tuple[int, int]) -> list[tuple[int, int]]:
    """Euclid's game: subtract a positive multiple of the smaller number from the larger (>= 0)."""
    a, b = position
    if min(a, b) == 0:
        return []
    if a <= b:
        return [(a, b - k * a) for k in range(1, b // a + 1)]
    return [(a - k * b, b) for k in range(1, a // b + 1)]


def bounded_two_heap_nim(position: tuple[int, int]) -> list[tuple[int, int]]:
    """Two heaps, take 1 to 3 from one of them."""
    a, b = position
    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]


def popcount(x: int) -> int:
    return bin(x).count("1")


def ctz(x: int) -> int:
    return (x & -x).bit_length() - 1


def grid_of(f: Callable[[int, int], int]) -> list[list[int]]:
    return [[f(a, b) for b in range(UPTO + 1)] for a in range(UPTO + 1)]


def p_grid(p: Callable[[int, int], bool]) -> list[list[int]]:
    return grid_of(lambda a, b: 0 if p(a, b) else 1 + (a + b) % 2)


VALUE_GRIDS: list[tuple[list[list[int]], str]] = [
    (grid_of(lambda a, b: popcount((a >> 1) ^ b)), "popcount((a >> 1) ^ b)"),
    (grid_of(lambda a, b: ctz(a | b) + 1), "ctz(a | b) + 1"),
    (grid_of(lambda a, b: ctz((a & b) + 1)), "cto(a & b)"),
    (grid_of(lambda a, b: (a ^ b).bit_length()), "bit_length(a ^ b)"),
    (grid_of(lambda a, b: popcount(a & (b >> 1))), "popcount(a & (b >> 1))"),
    (grid_of(lambda a, b: popcount((a << 1) | b) + 1), "popcount((a << 1) | b) + 1"),
    (grid_of(lambda a, b: ctz(a ^ (b + 1)) + 1), "ctz(a ^ (b + 1)) + 1"),
]

RATIO_GRIDS: list[tuple[list[list[int]], str]] = [
    (p_grid(lambda a, b: max(a, b) ** 2 < 2 * min(a, b) ** 2), "max(a, b) < √2·min(a, b)"),
    (p_grid(lambda a, b: max(a, b) < 2 * min(a, b)), "max(a, b) < 2·min(a, b)"),
    (p_grid(lambda a, b: 2 * max(a, b) <= 3 * min(a, b)), "max(a, b) <= 3/2·min(a, b)"),
    (p_grid(lambda a, b: max(a, b) ** 2 < 3 * min(a, b) ** 2 or a == b == 0),
     "max(a, b) < √3·min(a, b), or a = b = 0"),
]


def _check(grid: list[list[int]], found: list[grundy.patterns.record.Pattern]) -> None:
    for p in found:
        assert p.status == "conjecture" and "conjecture, checked for a <= 60, b <= 60" in p.text
        if p.formula is None:
            continue
        for a in range(UPTO + 1):
            for b in range(UPTO + 1):
                got = evaluate(p.formula, a=a, b=b)
                if p.describes == "values":
                    assert got == grid[a][b], (p, a, b)
                else:
                    assert bool(got) == (grid[a][b] == 0), (p, a, b)


@pytest.mark.parametrize(("grid", "formula"), VALUE_GRIDS, ids=[f for _, f in VALUE_GRIDS])
def test_bit_functions_of_both_coordinates(grid: list[list[int]], formula: str) -> None:
    found = find_pair_patterns(grid, steps=STEPS)
    assert any(p.describes == "values" and p.formula == formula for p in found), found
    _check(grid, found)


@pytest.mark.parametrize(("grid", "rule"), RATIO_GRIDS, ids=[r for _, r in RATIO_GRIDS])
def test_ratio_thresholds(grid: list[list[int]], rule: str) -> None:
    found = find_pair_patterns(grid, steps=STEPS)
    assert any(p.describes == "p-positions" and p.text.startswith(f"P iff {rule} (") for p in found), found
    _check(grid, found)


def test_own_games_on_pairs() -> None:
    for name, moves, expected in (
            ("t-euclid", euclid, "P iff max(a, b) < φ·min(a, b) and a ≠ b, or min(a, b) = 0, φ = (1 + √5)/2"),
            ("t-nim2-bounded", bounded_two_heap_nim, "P iff a % 4 == b % 4")):
        grundy.game(name)(moves)
        try:
            grid = grundy.load_game(name).table_2d(UPTO)
            assert grid == brute_grid(moves)
            found = find_pair_patterns(grid, steps=STEPS)
            assert any(p.text.startswith(f"{expected} (") for p in found), found
            _check(grid, found)
        finally:  # (a game left registered would join every later test's catalogue)
            grundy.catalog.unregister(name)


def test_no_ratio_rule_where_there_is_none() -> None:
    grid = p_grid(lambda a, b: max(a, b) < 2 * min(a, b) and (a * b) % 7 != 3)
    found = find_pair_patterns(grid, steps=STEPS)
    assert not any("min(a, b)" in p.text for p in found)
    _check(grid, found)
