"""A game on pairs whose moves make a coordinate larger is explored, however large the pair: the
pairs below it say nothing of what it reaches. HDU 1517 "A Multiplication Game": ``p`` starts
at 1, a move multiplies it by 2..9, and whoever first makes ``p >= n`` wins (``n`` up to 2^32 - 1),
checked against a memoised search written here. A game whose moves go down keeps the quick
refusal of a pair too large to explore."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

import grundy
from grundy import catalog
from grundy.errors import SearchLimitError


def multiply(position: tuple[int, int]) -> list[tuple[int, int]]:
    p, n = position
    return [] if p >= n else [(p * k, n) for k in range(2, 10)]


def subtract(position: tuple[int, int]) -> list[tuple[int, int]]:
    a, b = position
    return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - 1)] * (b > 0)


@pytest.fixture(scope="module", autouse=True)
def games() -> Iterator[None]:
    grundy.game("tu-multiply", minimum=(1, 1))(multiply)
    grundy.game("tu-subtract", arity=2)(subtract)
    yield
    catalog.unregister("tu-multiply")
    catalog.unregister("tu-subtract")


@cache
def stan_wins(p: int, n: int) -> bool:
    return p < n and any(not stan_wins(p * k, n) for k in range(2, 10))


def test_hdu1517_judge_sizes() -> None:
    game = grundy.load_game("tu-multiply")
    for n in [2, 9, 10, 17, 18, 19, 162, 163, 34012226, 10**9 + 7, 2**32 - 1]:
        answer = grundy.solve(game, (1, n))
        assert (answer.outcome == grundy.Outcome.N) == stan_wins(1, n), n


def test_a_game_going_down_is_still_refused_at_once() -> None:
    with pytest.raises(SearchLimitError, match="pairs below it"):
        grundy.solve(grundy.load_game("tu-subtract"), (10**6, 10**6), limit=10_000)
