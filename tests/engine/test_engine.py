"""The engine: mex, Grundy values, outcomes, winning moves, misère play, limits and loops."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import (
    Cache,
    LoopyGameError,
    Outcome,
    SearchLimitError,
    grundy_value,
    load_game,
    mex,
    outcome,
    winning_moves,
)
from tests.helpers import Chain, Cycle, brute_value, mex_table_subtraction


@given(st.sets(st.integers(min_value=0, max_value=40)))
def test_mex_is_least_missing_value(values: set[int]) -> None:
    m = mex(values)
    assert m not in values
    assert all(k in values for k in range(m))


def test_mex_of_empty_set_is_zero() -> None:
    assert mex([]) == 0


@given(st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=4, unique=True),
       st.integers(min_value=0, max_value=60))
def test_subtraction_values_match_hand_written_table(subtraction_set: list[int], n: int) -> None:
    spec = "subtraction(" + ",".join(map(str, subtraction_set)) + ")"
    assert grundy_value(load_game(spec), n) == mex_table_subtraction(subtraction_set, n)[n]


def test_value_is_mex_of_option_values() -> None:
    game = load_game("subtraction(2,5,6)")
    for n in range(40):
        options = [grundy_value(game, m.to) for m in game.moves((n,))]
        assert grundy_value(game, n) == mex(options)


@pytest.mark.slow
def test_deep_chain_has_no_recursion_error() -> None:
    depth = 10**6
    cache = Cache()
    assert grundy_value(Chain(), depth, cache=cache, limit=3 * depth) == depth % 2
    assert outcome(Chain(), depth + 1, cache=cache, limit=100) is Outcome.N


def test_loop_raises_loopy_game_error_naming_a_position() -> None:
    with pytest.raises(LoopyGameError) as info:
        grundy_value(Cycle(3), 1)
    assert info.value.position in {0, 1, 2}
    assert "can reach itself" in str(info.value)


def test_limit_stops_brute_force() -> None:
    with pytest.raises(SearchLimitError):
        grundy_value(Chain(), 10_000, limit=100)


def test_cache_is_reused_across_queries() -> None:
    cache = Cache()
    game = load_game("subtraction(1,3,4)")
    grundy_value(game, 500, cache=cache)
    size = len(cache.values)
    assert grundy_value(game, 400, cache=cache) == mex_table_subtraction([1, 3, 4], 400)[400]
    assert len(cache.values) == size


@pytest.mark.slow
@settings(max_examples=60)
@given(st.lists(st.integers(min_value=0, max_value=12), min_size=1, max_size=4))
def test_winning_moves_lead_to_p_positions(heaps: list[int]) -> None:
    game = load_game("subtraction(1,2,5)")
    position = tuple(heaps)
    moves = winning_moves(game, position)
    assert all(outcome(game, m.to) is Outcome.P for m in moves)
    assert bool(moves) == (outcome(game, position) is Outcome.N)
    assert grundy_value(game, position) == brute_value(game, position)


@settings(max_examples=60)
@given(st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=4))
def test_misere_nim_rule_matches_brute_force(heaps: list[int]) -> None:
    nim = load_game("nim")
    position = tuple(heaps)
    by_rule = outcome(nim, position, misere=True)
    assert by_rule is outcome(nim, position, misere=True, use_rules=False)
    assert {m.to for m in winning_moves(nim, position, misere=True)} == {
        m.to for m in winning_moves(nim, position, misere=True, use_rules=False)}


def test_misere_subtraction_by_brute_force() -> None:
    game = load_game("subtraction(1,2)")
    # Misère one heap, take 1 or 2: the player to move loses exactly when n ≡ 1 (mod 3).
    assert [outcome(game, n, misere=True).value for n in range(8)] == list("NPNNPNNP")


def test_astronomically_many_options_are_refused_not_enumerated() -> None:
    from grundy import SumGame

    game = SumGame((load_game("nim"), load_game("subtraction(1,2)")))
    with pytest.raises(SearchLimitError):  # misère sums have no rule: brute force, bounded
        outcome(game, ((10**18,), (5,)), misere=True, limit=10_000)


@pytest.mark.slow
def test_progress_hook_sees_long_searches() -> None:
    from grundy.engine.limits import Budget

    seen: list[int] = []
    grundy_value(Chain(), 200_000, budget=Budget(10**6, progress=seen.append))
    assert seen and seen == sorted(seen)
