"""Infinite subtraction sets: closed forms and tables against brute force; sums with other games."""

from __future__ import annotations

import pytest

from grundy import grundy_value, load_game, outcome, solve, winning_moves
from grundy.catalog import parse_sum
from grundy.errors import InvalidGameError, SearchLimitError, TooManyMovesError
from grundy.games.takeaway.infinite_subtraction import KINDS, InfiniteSubtraction
from tests.helpers import (
    brute_outcome,
    brute_value,
    brute_winning_targets,
    mex_table_subtraction,
    winning_targets,
)
from tests.marks import slow_params


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_values_and_moves_match_brute_force(kind: str) -> None:
    game = InfiniteSubtraction(kind)
    for n in range(120):
        assert game.heap_value(n) == brute_value(game, (n,)), n
        assert winning_targets(game, (n,)) == brute_winning_targets(game, (n,)), n
    for position in [(3, 5), (7, 8, 9), (10, 4)]:
        assert grundy_value(game, position) == brute_value(game, position)
        assert winning_targets(game, position) == brute_winning_targets(game, position)


@pytest.mark.parametrize("kind", slow_params(KINDS, {"fibonacci", "odd"}))
def test_misere_matches_brute_force(kind: str) -> None:
    game = InfiniteSubtraction(kind)
    for n in range(60):
        assert outcome(game, (n,), misere=True) is brute_outcome(game, (n,), misere=True), n
        assert winning_targets(game, (n,), misere=True) == brute_winning_targets(game, (n,), misere=True)


def test_tables_match_a_hand_written_mex_table() -> None:
    fibs = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597]
    expected = mex_table_subtraction(fibs, 2000)
    game = load_game("subtraction(fibonacci)")
    assert [game.heap_value(n) for n in range(2001)] == expected  # type: ignore[attr-defined]
    squares = [i * i for i in range(1, 45)]
    assert [load_game("subtraction(squares)").heap_value(n)  # type: ignore[attr-defined]
            for n in range(2001)] == mex_table_subtraction(squares, 2000)


def test_huge_heaps() -> None:
    n = 10**100 + 7
    answer = solve(load_game("subtraction(powers-of-2)"), n)
    assert answer.grundy == n % 3
    assert {m.to[0] % 3 for m in answer.winning_moves} == {0}
    assert grundy_value(load_game("subtraction(odd)"), n) == 1
    answer = solve(load_game("subtraction(odd)"), n)  # 5·10^99 winning moves: not listed
    assert answer.outcome.value == "N" and answer.grundy == 1 and not answer.winning_moves
    assert answer.note and "every odd take" in answer.note
    with pytest.raises(TooManyMovesError):
        winning_moves(load_game("subtraction(odd)"), n)
    assert solve(load_game("subtraction(odd)"), 10**100).outcome.value == "P"
    with pytest.raises(SearchLimitError, match=r"TABLE_LIMITS\['squares'\]"):
        solve(load_game("subtraction(squares)"), 10**6 + 1)  # the default table limit, raisable


@pytest.mark.slow
def test_founding_sum_example() -> None:
    """One heap with S = {1,2,3}, one heap with odd takes only, the rest plain Nim."""
    game, position = parse_sum("subtraction(1,2,3) 7 + subtraction(odd) 9 + nim 3 5")
    expected = (7 % 4) ^ (9 % 2) ^ 3 ^ 5
    assert grundy_value(game, position) == expected
    assert winning_targets(game, position) == brute_winning_targets(game, position)


def test_names() -> None:
    assert load_game("subtraction(powers-of-2)").spec == "subtraction(powers-of-2)"
    assert load_game("subtraction(ODD)") == InfiniteSubtraction("odd")
    for spec in ["subtraction(primes)", "subtraction(odd,3)"]:
        with pytest.raises(InvalidGameError):
            load_game(spec)


@pytest.mark.parametrize("kind", ["odd", "powers-of-2"])
def test_misere_reason_states_the_rule_and_the_computed_residue(kind: str) -> None:
    game = InfiniteSubtraction(kind)
    modulus = 2 if kind == "odd" else 3
    for n in range(30):
        answer = solve(game, n, misere=True)
        assert answer.outcome is brute_outcome(game, (n,), misere=True), n
        assert answer.why.rule == "infinite-subtraction-misere"
        assert answer.reason.endswith(f"; {n} mod {modulus} = {n % modulus}"), answer.reason


def test_powers_of_2_lists_only_the_winning_powers_and_refuses_too_long_lists() -> None:
    game = InfiniteSubtraction("powers-of-2")
    for n in [5, 64, 1000, 2**40 + 3]:
        for misere in (False, True):
            expected = {n - s for s in (1 << k for k in range(n.bit_length())) if s <= n
                        and (n - s) % 3 == (1 if misere else 0)}
            assert {m.to[0] for m in winning_moves(game, (n,), misere=misere)} == expected
    huge = 10**200000  # 332,193 winning moves, each naming a 200,001-digit heap
    for misere in (False, True):
        answer = solve(game, huge - 1 if misere else huge, misere=misere)
        assert not answer.moves_listed and "more than grundy lists" in (answer.note or "")
