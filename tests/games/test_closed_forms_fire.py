"""Closed forms checked where they actually fire, against brute force written here.

The conformance suite's sample positions are small; some closed forms only answer for large
heaps (a finite subtraction set's period from heap 10,000 on, an octal game's winning moves above
heap 64). These tests check them there, and check that they did fire.
"""

from __future__ import annotations

import pytest

from grundy import load_game, solve
from grundy.engine.search import mex
from grundy.games.takeaway.subtraction import LARGE_HEAP
from tests.helpers import mex_table_subtraction


def octal_table(digits: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) of the octal game d0.d1d2..., by its definition (no grundy code)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for k, d in enumerate(digits):
            if k > n:
                continue
            rest = n - k
            if k and d & 1 and rest == 0:  # (d0 may only split: taking nothing is no move)
                seen.add(0)
            if k and d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest >= 2:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest))
        g.append(mex(seen))
    return g


def octal_winning_targets(digits: tuple[int, ...], n: int, g: list[int]) -> set[tuple[int, ...]]:
    """The heaps one move from n whose value is 0 (each as a sorted tuple of non-empty heaps)."""
    found: set[tuple[int, ...]] = set()
    for k, d in enumerate(digits):
        if k > n:
            continue
        rest = n - k
        if k and d & 1 and rest == 0:
            found.add(())
        if k and d & 2 and rest > 0 and g[rest] == 0:
            found.add((rest,))
        if d & 4 and rest >= 2:
            found.update(tuple(sorted((a, rest - a))) for a in range(1, rest) if g[a] == g[rest - a])
    return found


@pytest.mark.parametrize("moves", [(1, 3, 4), (2, 5, 7), (1, 2, 3, 4, 5, 6)])
def test_finite_subtraction_period_fires_past_the_threshold(moves: tuple[int, ...]) -> None:
    game = load_game(f"subtraction({','.join(map(str, moves))})")
    table = mex_table_subtraction(list(moves), LARGE_HEAP + 60)
    for n in range(LARGE_HEAP, LARGE_HEAP + 60):
        assert game.heap_value(n) is not None  # the closed form answers here...
        answer = solve(game, (n,))
        assert answer.grundy == table[n]  # ...and agrees with the hand-written table
        expected = {(n - s,) for s in moves if s <= n and table[n - s] == 0}
        assert {m.to for m in answer.winning_moves} == expected


@pytest.mark.parametrize("spec", ["kayles", "dawson-kayles", "octal(0.137)", "octal(4.007)"])
def test_octal_moves_to_value_fire_above_64(spec: str) -> None:
    game = load_game(spec)
    digits = game.digits  # type: ignore[attr-defined]
    table = octal_table(digits, 130)
    for n in range(65, 131):
        assert game.heap_moves_to_value(n, 0) is not None  # the closed form answers here
        answer = solve(game, (n,))
        assert answer.grundy == table[n]
        got = {tuple(sorted(h for h in m.to if h)) for m in answer.winning_moves}
        assert got == octal_winning_targets(digits, n, table), n
