"""Bash games and bounded Nim: closed forms against brute force for every small parameter choice."""

from __future__ import annotations

import pytest

from grundy import grundy_value, load_game, outcome, solve
from grundy.errors import InvalidGameError
from grundy.games.takeaway.bash import Bash
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets

PARAMS = [(a, b) for a in range(1, 5) for b in range(a, 7)]


@pytest.mark.parametrize(("a", "b"), PARAMS)
@pytest.mark.parametrize("rest", [False, True])
def test_bash_closed_forms_match_brute_force(a: int, b: int, rest: bool) -> None:
    game = Bash(a, b, rest and a > 1)
    for n in range(0, 3 * (a + b) + 3):
        assert game.heap_value(n) == brute_value(game, (n,)), (game.spec, n)
        assert winning_targets(game, (n,)) == brute_winning_targets(game, (n,)), (game.spec, n)
        for target in range(4):
            got = {m[1] for m in game.heap_moves_to_value(n, target)}
            want = {r for _, r in game.heap_moves(n) if brute_value(game, r) == target}
            assert got == want, (game.spec, n, target)
        assert outcome(game, (n,), misere=True) is brute_outcome(game, (n,), misere=True), (game.spec, n)
        assert winning_targets(game, (n,), misere=True) == brute_winning_targets(
            game, (n,), misere=True), (game.spec, n)


@pytest.mark.parametrize(("a", "b"), PARAMS)
def test_founding_document_rest_all_rule_holds(a: int, b: int) -> None:
    """The document's unproved claim: with rest=all the mover wins iff n mod (a+b) ∈ [1, b]."""
    game = Bash(a, b, a > 1)
    for n in range(60):
        wins = brute_outcome(game, (n,)).value == "N"
        assert wins == (1 <= n % (a + b) <= b), n
        # misère: the document's "replace n by n − a" rule, i.e. the mover wins iff (n−a) mod (a+b) ∈ [1, b]
        wins_misere = brute_outcome(game, (n,), misere=True).value == "N"
        assert wins_misere == (1 <= (n - a) % (a + b) <= b), n


def test_bounded_nim_sums() -> None:
    game = load_game("bounded-nim(3)")
    for position in [(1, 2), (5, 6, 7), (4, 8, 9), (10, 3, 2)]:
        assert grundy_value(game, position) == brute_value(game, position)
        assert winning_targets(game, position) == brute_winning_targets(game, position)


def test_huge_heaps_are_instant() -> None:
    n = 10**1000 + 7
    answer = solve(load_game("bash(2,5)"), n)
    assert answer.grundy == (n % 7) // 2
    assert all(grundy_value(load_game("bash(2,5)"), m.to) == 0 for m in answer.winning_moves)
    answer = solve(load_game("bash(3,7,rest=all)"), n, misere=True)
    assert answer.outcome is brute_outcome(load_game("bash(3,7,rest=all)"), (n % 10 + 10,), misere=True)


@pytest.mark.parametrize("spec", ["bash(0)", "bash(5,2)", "bash(1,2,3)", "bash(2,3,rest=some)",
                                  "bash(x)", "bounded-nim", "bounded-nim(-1)"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InvalidGameError):
        load_game(spec)


def test_spec_round_trip() -> None:
    assert load_game("bash(m=3)") == load_game("bash(1,3)") == load_game("bash(3)")
    assert load_game("bash(1,4,rest=all)").spec == "bash(4)"
    assert load_game("bash(a=2,b=5,rest=all)").spec == "bash(2,5,rest=all)"
