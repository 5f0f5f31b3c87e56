"""Fibonacci Nim: Zeckendorf rule and the exact set of winning takes against brute force."""

from __future__ import annotations

import sys
from itertools import pairwise

import pytest

from grundy import Outcome, grundy_value, load_game, outcome, solve
from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.games.takeaway.fibonacci import FibonacciNim, winning_takes, zeckendorf
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets

G = FibonacciNim()
POSITIONS = [(n, lim) for n in range(0, 34) for lim in range(min(n, 1), n + 1)]


def test_zeckendorf_is_a_valid_representation() -> None:
    fibs = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987}
    for n in range(1000):
        terms = zeckendorf(n)
        assert sum(terms) == n and set(terms) <= fibs
        assert all(a > b for a, b in pairwise(terms))
        ordered = sorted(fibs)
        idx = [ordered.index(t) for t in terms]
        assert all(i - j >= 2 for i, j in pairwise(idx))


@pytest.mark.slow
def test_outcome_and_every_winning_move_match_brute_force() -> None:
    for position in POSITIONS:
        assert outcome(G, position) is brute_outcome(G, position), position
        assert winning_targets(G, position) == brute_winning_targets(G, position), position


def test_value_table_matches_brute_force() -> None:
    for position in POSITIONS[:300]:
        assert grundy_value(G, position) == brute_value(G, position), position


def test_misere_small_is_brute_force() -> None:
    for position in POSITIONS[:60]:
        assert outcome(G, position, misere=True) is brute_outcome(G, position, misere=True)


def test_thousand_digit_heap() -> None:
    n = 10**1000 + 17
    answer = solve(G, n)  # fast by the rule, not by search: bench/huge_positions.py times it
    assert answer.grundy is None and answer.note
    takes = winning_takes(n, n - 1)
    assert takes and takes[0] == zeckendorf(n)[-1]
    for m in answer.winning_moves:
        assert outcome(G, m.to).value == "P"


def test_parse() -> None:
    assert G.parse_position("10") == (10, 9)
    assert G.parse_position("10 30") == (10, 10)
    assert load_game("fibonacci") == G
    assert G.parse_position("1") == (1, 0) and G.parse_position("0") == (0, 0)
    for text in ["5 0", "1 2 3", "-4"]:
        with pytest.raises(InvalidPositionError):
            G.parse_position(text)


def test_table_2d_matches_brute_force() -> None:
    grid = G.table_2d(12)
    for n in range(13):
        for limit in range(1 if n else 0, 13):
            assert grid[n][limit] == brute_value(G, (n, min(n, limit))), (n, limit)


def test_an_opening_heap_of_one_has_no_legal_move() -> None:
    """The first move may not take everything, so an opening heap of 1 is a P-position."""
    assert list(G.moves(G.parse_position("1"))) == []
    assert brute_value(G, (1, 0)) == 0
    answer = solve(G, G.parse_position("1"))
    assert answer.outcome.value == "P" and answer.grundy == 0 and answer.winning_moves == []
    assert "no move" in answer.reason


def test_the_walk_agrees_with_brute_force_on_every_count_it_reports() -> None:
    from grundy.games.takeaway.fibonacci import SHOWN_TAKES, zeckendorf_walk

    lost = {p for p in POSITIONS if brute_outcome(G, p) is Outcome.P}  # n < 34
    for n in range(1, 34):
        for limit in range(1, n + 1):
            winning = [k for k in range(1, limit + 1) if (n - k, min(2 * k, n - k)) in lost]
            walk = zeckendorf_walk(n, limit)
            terms = zeckendorf(n)
            assert (walk.count, walk.smallest) == (len(terms), terms[-1])
            assert walk.takes == winning and walk.take_count == len(winning)
            assert walk.first_takes == tuple(winning[:SHOWN_TAKES])


def test_a_huge_heap_is_answered_without_listing_every_move() -> None:
    n = 10**20000 + 3  # its winning moves would write gigabytes
    answer = solve(G, n)
    assert answer.outcome is Outcome.N and not answer.moves_listed
    assert "winning moves from a heap of 66,439 bits, more than grundy lists" in (answer.note or "")
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # (as the command line does: the reason writes n in full)
    try:
        reason = answer.reason
    finally:
        sys.set_int_max_str_digits(limit)
    count = int(reason.rsplit("(", 1)[1].split(" in all")[0].replace(",", ""))
    assert count > 8 and reason.count(", ") >= 8  # the smallest takes, then the count
    with pytest.raises(SearchLimitError, match="up to 262,144 bits"):
        solve(G, 10**80000)
