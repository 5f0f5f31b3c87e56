"""All-but games: the proved arithmetic periodicity against brute force for many sets S."""

from __future__ import annotations

from itertools import combinations

import pytest

from grundy import grundy_value, load_game, outcome, solve
from grundy.errors import InvalidGameError
from grundy.games.takeaway.allbut import AllBut
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets
from tests.marks import slow_params

SETS = [c for r in (1, 2, 3) for c in combinations(range(1, 8), r)]


def _plain_table(excluded: tuple[int, ...], upto: int) -> list[int]:
    values: list[int] = []
    for n in range(upto + 1):
        seen = {values[m] for m in range(n) if n - m not in excluded}
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values


@pytest.mark.parametrize("excluded", SETS)
def test_values_match_a_plain_table(excluded: tuple[int, ...]) -> None:
    game = AllBut(excluded)
    law = game.law
    upto = max(120, law.start + 3 * law.period + 20)
    assert [game.heap_value(n) for n in range(upto + 1)] == _plain_table(excluded, upto)


@pytest.mark.parametrize("excluded", slow_params(SETS[::3], {(1,), (4,), (7,), (1, 4), (1, 7), (2, 5), (3, 4),
                                                            (3, 7), (4, 7), (6, 7), (3, 4, 6)}))
def test_winning_moves_match_brute_force(excluded: tuple[int, ...]) -> None:
    game = AllBut(excluded)
    table = _plain_table(excluded, 40)
    assert brute_value(game, (40,)) == table[40]
    for n in range(41):
        assert winning_targets(game, (n,)) == brute_winning_targets(game, (n,)), n
        for target in range(5):
            got = {r for _, r in game.heap_moves_to_value(n, target)}
            want = {r for _, r in game.heap_moves(n) if table[r[0]] == target}
            assert got == want, (n, target)
    for position in [(5, 9), (3, 8, 11)]:
        assert grundy_value(game, position) == brute_value(game, position)
        assert outcome(game, position, misere=True) is brute_outcome(game, position, misere=True)


def test_huge_heap_positions_of_value() -> None:
    game = AllBut((2, 5, 9))
    n = 10**100 + 3
    answer = solve(game, n)
    value = game.heap_value(n)
    assert answer.grundy == value
    for m in game.positions_of_value(value):
        assert game.heap_value(m) == value
    for move in answer.winning_moves:
        assert game.heap_value(move.to[0]) == 0


@pytest.mark.parametrize("spec", ["allbut", "allbut(0)", "allbut(x)", "allbut(65)"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InvalidGameError):
        load_game(spec)
