"""A heap game of one's own whose move function returns a ``range`` of heaps: the engine (the table
of ``grundy table``, the budgeted table of a query, the value of one large heap) reads the mex
from the heaps of each value below (one step per value) instead of listing the range, and gives
exactly the values the same options as a list give — against a brute force mex written here.
The reach: CF 255E "Furlo and Rublo" tabulated to 10^6 heaps, and its heap of 7.7e11 answered,
within the default budget (listing its ranges, the table stopped at heap 87,002)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import isqrt
from typing import Any

import pytest

import grundy
from grundy import catalog
from grundy.define import answering, fill
from grundy.define.query import TABLE_STEP
from grundy.errors import InvalidGameError, SearchLimitError

NAME = "t-range"


@pytest.fixture(autouse=True)
def _unregister() -> Iterator[None]:
    yield
    for name in (NAME, NAME + "-list"):
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def mex(values: set[int]) -> int:
    v = 0
    while v in values:
        v += 1
    return v


def brute(moves: Callable[[int], Any], stop: int) -> list[int]:
    """G(0..stop-1) by the definition, the options listed (a split: the XOR of its heaps)."""
    g: list[int] = []
    for n in range(stop):
        seen = set()
        for option in list(moves(n)):
            parts = (option,) if isinstance(option, int) else option
            total = 0
            for h in parts:
                total ^= g[h]
            seen.add(total)
        g.append(mex(seen))
    return g


def furlo(x: int) -> range:
    """CF 255E: x to y, x^(1/4) <= y <= sqrt(x), y < x"""
    low = isqrt(isqrt(x))
    low += low ** 4 < x
    return range(low, min(isqrt(x), x - 1) + 1)


def scattered(n: int) -> range:
    """A range below n whose ends jump about (empty ones too): many values in play."""
    lo = (n * 2654435761 + 7) % (n + 1)
    return range(lo, lo + (n * 40503 + 11) % (n + 1 - lo))


GAMES: list[Callable[[int], Any]] = [
    lambda n: range(max(0, n - 5), n - 1),  # take 2..5 (an empty range, stop -1, below heap 2)
    furlo,
    scattered,
    lambda n: range(n),  # nim: a value per heap
    lambda n: range(n // 2, n) if n % 7 != 3 else [n - 1, n // 3],  # ranges and lists mixed
    lambda n: [n - 1] * (n > 0) if n < 37 else range(n - 9, n - 3),  # a range first at heap 37
    lambda n: [(1, n - 2)] * (n > 2) + [0] * (n > 0) if n % 5 == 0 else range(n // 3, n),  # splits
    lambda n: range(n % 3, n, 2),  # a step: listed, as before
    lambda n: range(n - 1, -1, -3),  # a negative step: listed
    lambda n: range(n + 4, n + 2),  # empty, its start beyond the heap
    lambda n: range(-2, -5) if n % 2 else range(0, 0),  # empty, one of them below 0
]


def define(moves: Callable[[int], Any], name: str = NAME) -> Any:
    grundy.heap_game(name)(moves)
    return grundy.load_game(name)


@pytest.mark.parametrize("chunk", [16, fill.CHUNK])
@pytest.mark.parametrize("index", range(len(GAMES)))
def test_a_range_gives_the_values_of_the_same_list(index: int, chunk: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fill, "CHUNK", chunk)
    moves = GAMES[index]
    stop = 700
    truth = brute(moves, stop)
    as_range = define(moves).build_table(stop - 1, "auto", None).values.tolist()
    as_list = define(lambda n: list(moves(n)), NAME + "-list").build_table(stop - 1, "auto", None)
    assert as_range == as_list.values.tolist() == truth
    g: list[int] = []  # the budgeted builder of a query (HeapState.extend), in two calls
    game = grundy.load_game(NAME)
    game.fill_table(g, 300, limit=10**9)
    game.fill_table(g, stop, limit=10**9)
    assert g == truth


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_one_heap_is_the_mex_of_its_range(index: int) -> None:
    moves = GAMES[index]
    truth = brute(moves, 3000)
    game = define(moves)
    for n in (2999, 5, 1500, 2998, 0, 1, 2, 2000):  # (the table kept between them)
        with answering():  # (nim: 4.5 million options below heap 3000)
            assert grundy.grundy_value(game, (n,)) == truth[n]


def window_table(top: int) -> list[int]:
    """Furlo's G(0..top) by a sliding window (its bounds only grow): the count of each value."""
    g: list[int] = []
    count: dict[int, int] = {}
    lo = hi = 0
    for x in range(top + 1):
        while hi < x and hi * hi <= x:
            count[g[hi]] = count.get(g[hi], 0) + 1
            hi += 1
        while lo < hi and lo ** 4 < x:
            count[g[lo]] -= 1
            lo += 1
        g.append(mex({v for v, c in count.items() if c}))
    return g


def test_furlo_table_of_a_million_heaps_within_the_default_budget() -> None:
    top = 10**6
    game = define(furlo)
    with answering() as context:
        values = game.build_table(top, "auto", None).values.tolist()
        spent = context.spent
    truth = window_table(top)
    assert values == truth
    # each heap two steps and one per value read (its mex + 1), and the index of the first heaps
    assert top * 3 * TABLE_STEP <= spent <= sum(v + 3 for v in truth) * TABLE_STEP + 1000


def test_furlo_heap_of_7_7e11_answered_within_the_default_budget() -> None:
    n = 770_000_000_000
    options = furlo(n)
    g = window_table(options.stop)
    want = mex({g[y] for y in options})
    game = define(furlo)
    with answering():
        assert grundy.grundy_value(game, (n,)) == want
    with answering():
        assert grundy.grundy_value(game, (n - 1,)) == mex({g[y] for y in furlo(n - 1)})


def test_past_the_budget_one_refusal_naming_the_range() -> None:
    game = define(furlo)
    with answering(limit=20_000), pytest.raises(SearchLimitError) as error:
        grundy.grundy_value(game, (770_000_000_000,))
    text = str(error.value)
    assert "\n" not in text
    assert "heap 770,000,000,000 moves to the heaps 937..877,496" in text and "limit=" in text


def test_the_table_budget_counts_steps_and_refuses_past_it() -> None:
    game = define(furlo)
    with answering(limit=10_000), pytest.raises(SearchLimitError, match="reached heap"):
        game.build_table(10**6, "auto", None)


def test_a_range_reaching_the_heap_is_the_clear_error_a_list_gives() -> None:
    for moves in (lambda n: range(n + 1), lambda n: range(max(0, n - 2), n + (n == 9))):
        game = define(moves)
        with pytest.raises(InvalidGameError, match="smaller than"):
            game.build_table(20, "auto", None)
        with pytest.raises(InvalidGameError, match="smaller than"):
            game.fill_table([], 20, limit=10**6)
