"""A user's heap game answers a huge heap by searching only the heaps it can reach, when they are
few (options ``n // 2``, ``n // 3``: O(log² n) heaps), chosen by counting, within the step budget;
a game whose every heap below is reachable is still tabulated (or answered by its pattern)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

import grundy
from grundy import catalog
from grundy.define import answering
from grundy.define.heaps import heap_state
from grundy.errors import SearchLimitError

NAMES = ("rh-third", "rh-split-half", "rh-take")


@pytest.fixture
def games() -> Iterator[None]:
    @grundy.heap_game("rh-third")
    def third(n):  # type: ignore[no-untyped-def]
        return [n // 2, n // 3] if n else []

    @grundy.heap_game("rh-split-half")
    def split_half(n):  # type: ignore[no-untyped-def]
        return [n // 2, n // 5] + ([(n // 3, n // 7)] if n > 6 else []) if n else []

    @grundy.heap_game("rh-take")
    def take(n):  # type: ignore[no-untyped-def]
        return [n - k for k in (1, 2, 5) if k <= n]

    yield
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def mex(values: set[int]) -> int:
    v = 0
    while v in values:
        v += 1
    return v


@cache
def brute_third(n: int) -> int:
    return mex({brute_third(n // 2), brute_third(n // 3)}) if n else 0


@cache
def brute_split(n: int) -> int:
    if not n:
        return 0
    seen = {brute_split(n // 2), brute_split(n // 5)}
    if n > 6:
        seen.add(brute_split(n // 3) ^ brute_split(n // 7))
    return mex(seen)


HUGE = [10**9, 10**9 + 7, 999_999_999, 2**61 - 1, 10**18, 12_345_678_901_234]


def test_huge_heaps_by_the_reachable_heaps_within_a_small_budget(games: None) -> None:
    third, split = grundy.load_game("rh-third"), grundy.load_game("rh-split-half")
    for n in HUGE:
        with answering(limit=20_000):  # every heap below n would be 10^9 steps and more
            assert grundy.grundy_value(third, (n,)) == brute_third(n)
        with answering(limit=1_000_000):  # (tens of thousands of heaps n // (2^a 3^b 5^c 7^d))
            assert grundy.grundy_value(split, (n,)) == brute_split(n)
    # a sum of heaps near 10^9: the XOR of theirs
    heaps = (10**9, 10**9 - 1, 10**9 + 1, 987_654_321)
    expected = 0
    for h in heaps:
        expected ^= brute_third(h)
    assert grundy.grundy_value(third, heaps, limit=20_000) == expected
    assert len(heap_state(third).table) <= 1 << 14  # no table of every heap below


def test_winning_moves_and_the_reason_say_the_method(games: None) -> None:
    third = grundy.load_game("rh-third")
    n = 10**12 + 39
    answer = grundy.solve(third, (n,), limit=50_000)
    assert answer.grundy == brute_third(n)
    expected = {h for h in (n // 2, n // 3) if brute_third(h) == 0}
    assert {move.to[0] for move in answer.winning_moves} == expected
    assert "reachable" in answer.reason and "heaps" in answer.reason


def test_a_game_reaching_every_heap_below_is_tabulated_not_searched(games: None) -> None:
    take = grundy.load_game("rh-take")
    truth = [0] * 3001
    for n in range(1, 3001):
        truth[n] = mex({truth[n - k] for k in (1, 2, 5) if k <= n})
    assert grundy.grundy_value(take, (3000,)) == truth[3000]
    state = heap_state(take)
    assert len(state.table) > 3000 and 3000 not in state.reached
    # beyond the table's reach, without a proved pattern: refused by counting, quickly (the
    # heaps reachable are as many as lie below)
    with pytest.raises(SearchLimitError):
        grundy.grundy_value(take, (10**18,), limit=100_000)


def test_a_large_budget_never_switches_to_a_table_of_every_heap(games: None) -> None:
    from grundy.define.heaps import DENSE_HEAPS

    take = grundy.load_game("rh-take")
    truth = [0] * 40
    for n in range(1, 40):
        truth[n] = mex({truth[n - k] for k in (1, 2, 5) if k <= n})
    heaps = tuple(10**9 + k for k in range(10))
    with answering(limit=10**12, conjecture=True) as context:
        value = grundy.grundy_value(take, heaps)
    expected = 0
    for h in heaps:
        expected ^= truth[h % 3]  # (its period 3, checked against the brute force below)
    assert all(truth[n] == truth[n % 3] for n in range(40))
    assert value == expected and context.used  # by the conjectured pattern, checked locally
    assert len(heap_state(take).table) < DENSE_HEAPS
    assert context.spent < 10**7  # neither a table nor a search of 10^9 heaps


def test_kept_memos_are_bounded_in_number_and_a_search_under_way_keeps_its_own(
        games: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches' memos are held by at most MEMOS_KEPT games (so the count read before each
    search is bounded, however many games a judge's input names); a move function that asks about
    another game while its own search runs does not lose that search's values."""
    from grundy.define import heaps

    monkeypatch.setattr(heaps, "MEMOS_KEPT", 3)
    monkeypatch.setattr(heaps, "SEARCHED_KEPT", 40)  # (the inner searches alone pass it)
    inner = [f"rh-inner-{k}" for k in range(6)]
    try:
        def divide_by(d: int) -> Callable[[int], list[int]]:
            return lambda n: [n // d, n // (d + 1)] if n else []

        for k, name in enumerate(inner):
            grundy.heap_game(name)(divide_by(k + 2))

        @grundy.heap_game("rh-outer")
        def outer(n):  # type: ignore[no-untyped-def]
            if n > 10**11:  # (the outer search's largest heaps: each asks an inner game)
                g = grundy.grundy_value(grundy.load_game(inner[n % 6]), (n,), limit=50_000)
                return [n // 2, n // 3] + ([n // 5] if g else [])
            return [n // 2, n // 3] if n else []

        @cache
        def brute_outer(n: int) -> int:
            if n <= 10**11:
                return brute_third(n)
            d = n % 6 + 2

            @cache
            def g_inner(m: int) -> int:
                return mex({g_inner(m // d), g_inner(m // (d + 1))}) if m else 0

            seen = {brute_outer(n // 2), brute_outer(n // 3)}
            if g_inner(n):
                seen.add(brute_outer(n // 5))
            return mex(seen)

        for n in (10**12 + 1, 10**12 + 3, 7 * 10**11 + 5):
            with answering(limit=2_000_000):
                assert grundy.grundy_value(grundy.load_game("rh-outer"), (n,)) == brute_outer(n)
            assert len(heaps._MEMOS) <= 3 + 1  # (at most one more: the search under way)
    finally:
        for name in (*inner, "rh-outer"):
            if catalog.find_entry(name) is not None:
                catalog.unregister(name)


def test_a_memo_under_way_is_never_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """_keep_within drops the memos searched longest ago, but not one whose search is under way
    (a move function asking about another game runs a search inside the search of its own)."""
    from collections import OrderedDict

    from grundy.define import heaps

    monkeypatch.setattr(heaps, "MEMOS_KEPT", 2)
    monkeypatch.setattr(heaps, "SEARCHED_KEPT", 14)
    monkeypatch.setattr(heaps, "_MEMOS", OrderedDict())
    outer = {h: 1 for h in range(8)}
    heaps._keep_within(outer)
    monkeypatch.setattr(heaps, "_ACTIVE", {id(outer)})
    others = [{h: 0 for h in range(5)} for _ in range(4)]
    for memo in others:
        heaps._keep_within(memo)
        memo.update({h: 0 for h in range(5, 9)})  # (its search fills it)
    assert outer == {h: 1 for h in range(8)} and id(outer) in heaps._MEMOS
    assert [len(m) for m in others] == [0, 0, 0, 9] and len(heaps._MEMOS) == 2
    # a memo that must be emptied before its own search is still kept (and counted) as it fills
    monkeypatch.setattr(heaps, "SEARCHED_KEPT", 10)
    big = {h: 0 for h in range(20)}
    heaps._keep_within(big)
    assert big == {} and id(big) in heaps._MEMOS and outer == {h: 1 for h in range(8)}
