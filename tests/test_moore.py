"""Moore's Nim_k: the column-sum rule and the digit-DP winning-move set, against brute force."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from grundy import grundy_value, load_game, outcome, solve
from grundy.errors import InvalidGameError, SearchLimitError
from grundy.games.takeaway.moore import Moore
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets


def _positions(heaps: int, top: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(top + 1), heaps))


@pytest.mark.parametrize("k", [1, *(pytest.param(k, marks=pytest.mark.slow) for k in (2, 3))])
def test_rule_and_winning_moves_match_brute_force(k: int) -> None:
    game = Moore(k)
    positions = _positions(2, 6) + _positions(3, 4) + _positions(4, 2) + [(1, 2, 3, 4), (3, 1, 2)]
    for position in positions:
        assert outcome(game, position) is brute_outcome(game, position), position
        assert winning_targets(game, position) == brute_winning_targets(game, position), position


def test_values_by_brute_force_and_nim_for_k1() -> None:
    assert grundy_value(Moore(1), (3, 4, 5)) == 2
    game = Moore(2)
    for position in _positions(3, 3):
        assert grundy_value(game, position) == brute_value(game, position)


def test_large_positions() -> None:
    game = Moore(2)
    big = 10**300
    position = (big, big + 7, 12345, 99)
    answer = solve(game, position)  # bench/huge_positions.py times it
    assert answer.grundy is None and answer.note
    assert answer.winning_moves
    for move in answer.winning_moves:
        assert outcome(game, move.to).value == "P"
        changed = sum(1 for a, b in zip(position, move.to, strict=True) if a != b)
        assert 1 <= changed <= 2
    with pytest.raises(SearchLimitError):
        outcome(game, position, misere=True)


def test_misere_small() -> None:
    game = Moore(2)
    for position in _positions(3, 2):
        assert outcome(game, position, misere=True) is brute_outcome(game, position, misere=True)


@pytest.mark.parametrize("spec", ["moore", "moore(0)", "moore(x)", "moore(1,2)"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InvalidGameError):
        load_game(spec)
