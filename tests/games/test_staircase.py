"""Staircase Nim: XOR of the odd steps and the exact winning-move set, against brute force."""

from __future__ import annotations

from itertools import product

import pytest

from grundy import grundy_value, load_game, moves_to_value, outcome
from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.games.takeaway.staircase import Staircase
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets

G = Staircase()
POSITIONS = [p for n in (1, 2, 3, 4) for p in product(range(4 if n < 4 else 3), repeat=n)]


@pytest.mark.slow
def test_value_and_winning_moves_match_brute_force() -> None:
    for position in POSITIONS:
        assert grundy_value(G, position) == brute_value(G, position), position
        assert winning_targets(G, position) == brute_winning_targets(G, position), position


def test_moves_to_every_value_match_brute_force() -> None:
    for position in POSITIONS[::5]:
        for target in range(4):
            got = {m.to for m in moves_to_value(G, position, target)}
            want = {m.to for m in G.moves(position) if brute_value(G, m.to) == target}
            assert got == want, (position, target)


def test_even_steps_give_winning_moves_too() -> None:
    assert winning_targets(G, (1, 3, 2)) == {(2, 2, 2), (1, 4, 1)}


def test_misere_small_and_guard() -> None:
    for position in POSITIONS[:80]:
        assert outcome(G, position, misere=True) is brute_outcome(G, position, misere=True)
    with pytest.raises(SearchLimitError):
        outcome(G, (10**6, 5, 7), misere=True)


def test_huge() -> None:
    big = (10**100, 3, 10**100 + 1, 10**50)
    assert grundy_value(G, big) == 10**100 ^ (10**100 + 1)
    assert all(grundy_value(G, t) == 0 for t in winning_targets(G, big))


def test_parse() -> None:
    assert load_game("staircase").parse_position("3, 0 2") == (3, 0, 2)
    for text in ["", "1 -2", "x"]:
        with pytest.raises(InvalidPositionError):
            G.parse_position(text)
