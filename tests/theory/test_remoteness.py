"""Remoteness, suspense and Every-SG sums against brute force written here (plain recursion over
the games' moves, no engine)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import pytest

from grundy import Game, Outcome, SearchLimitError, load_game
from grundy.solving.writers import answer_json
from grundy.theory.every import every_sg
from grundy.theory.remoteness import remoteness, remoteness_or_none, suspense
from tests.helpers import Cycle

GAMES = ["nim", "subtraction(1,2)", "subtraction(1,3,4)", "kayles"]


def options_of(game: Game) -> Callable[[Any], tuple[Any, ...]]:
    @cache
    def options(position: Any) -> tuple[Any, ...]:
        return tuple(m.to for m in game.moves(position))

    return options


def brute_wins(game: Game) -> Callable[[Any], bool]:
    options = options_of(game)

    @cache
    def wins(position: Any) -> bool:
        return any(not wins(o) for o in options(position))

    return wins


def brute_remoteness(game: Game) -> Callable[[Any], int]:
    """Steinhaus: the winner moves to a losing option of least remoteness; the loser to the
    option of greatest remoteness."""
    options, wins = options_of(game), brute_wins(game)

    @cache
    def r(position: Any) -> int:
        opts = options(position)
        if not opts:
            return 0
        losing = [r(o) for o in opts if not wins(o)]
        return 1 + (min(losing) if losing else max(r(o) for o in opts))

    return r


def brute_every(parts: list[tuple[Game, Any]]) -> Callable[[tuple[Any, ...]], bool]:
    """The Every-SG sum played directly: a state is the tuple of component positions; a move
    moves in every component that has a move; whoever cannot move (all over) loses."""
    options = [options_of(g) for g, _ in parts]

    def combined(state: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        per = [options[i](p) or (p,) for i, p in enumerate(state)]
        if all(not options[i](p) for i, p in enumerate(state)):
            return []
        return list(product(*per))

    @cache
    def wins(state: tuple[Any, ...]) -> bool:
        return any(not wins(s) for s in combined(state))

    wins.combined = combined  # type: ignore[attr-defined]
    return wins


@pytest.mark.parametrize("spec", GAMES)
def test_remoteness_and_suspense_against_brute_force(spec: str) -> None:
    game = load_game(spec)
    r, wins = brute_remoteness(game), brute_wins(game)
    memo: dict[Any, int] = {}
    for n in range(16):
        p = game.validate(n)
        assert remoteness(game, p, memo=memo) == r(p), n
        assert remoteness(game, p) % 2 == (1 if wins(p) else 0)
        assert suspense(game, p) % 2 == (1 if wins(p) else 0)


def test_suspense_values() -> None:
    # by hand for subtraction(1,3,4): at 4 the winner must take all (0 is the only P-option)
    game = load_game("subtraction(1,3,4)")
    assert [suspense(game, n) for n in range(10)] == [0, 1, 2, 3, 1, 3, 3, 2, 3, 4]
    assert [remoteness(game, n) for n in range(10)] == [0, 1, 2, 1, 1, 3, 3, 4, 5, 6]
    assert [suspense(load_game("nim"), n) for n in range(6)] == [0, 1, 1, 1, 1, 1]


def test_multi_heap_positions() -> None:
    nim = load_game("nim")
    r = brute_remoteness(nim)
    for position in [(1, 1), (2, 2), (1, 2, 3), (3, 3, 1)]:
        assert remoteness(nim, position) == r(nim.validate(position))


def small_sums() -> list[list[tuple[str, int]]]:
    sums = [[(a, n), (b, m)] for a in GAMES for b in GAMES for n in range(1, 8) for m in range(1, 8)
            if GAMES.index(a) <= GAMES.index(b)]
    sums += [[(a, n), (b, m), (c, k)] for a, b, c in [("nim", "subtraction(1,2)", "kayles"),
                                                      ("subtraction(1,3,4)", "subtraction(1,2)", "kayles"),
                                                      ("subtraction(1,3,4)", "subtraction(1,3,4)", "nim")]
             for n in range(0, 6) for m in range(1, 6) for k in range(1, 6)]
    return sums


@pytest.mark.slow
def test_every_sg_against_direct_play() -> None:
    for specs in small_sums():
        parts = [(load_game(s), load_game(s).validate(n)) for s, n in specs]
        wins = brute_every(parts)
        state = tuple(p for _, p in parts)
        answer = every_sg(parts)
        assert (answer.outcome is Outcome.N) == wins(state), specs
        assert answer.winning_moves_complete
        found = {tuple(p if m is None else m.to for (_, p), m in zip(parts, combined, strict=True))
                 for combined in answer.winning_moves}
        expected = {s for s in wins.combined(state) if not wins(s)}  # type: ignore[attr-defined]
        assert found == expected, specs


def test_the_remoteness_rule_is_wrong_for_every_sg() -> None:
    """subtraction(1,2) at 3 + subtraction(1,3,4) at 3. Remoteness 2 and 1: the largest, 2, is
    even, which would say the player to move loses. But the first player wins: in the second
    component the quick win (take 3) is a mistake; taking 1 (to the P-position 2) keeps that
    component alive for 3 moves, one more than the lost first component lasts. Suspense 2 and 3
    see it: the largest is 3, odd."""
    a, b = load_game("subtraction(1,2)"), load_game("subtraction(1,3,4)")
    parts = [(a, a.validate(3)), (b, b.validate(3))]
    assert brute_every(parts)((a.validate(3), b.validate(3)))
    assert (remoteness(a, 3), remoteness(b, 3)) == (2, 1)
    assert (suspense(a, 3), suspense(b, 3)) == (2, 3)
    answer = every_sg(parts)
    assert answer.outcome is Outcome.N
    assert {combined[1].label for combined in answer.winning_moves if combined[1]} == {"take 1: 3 → 2"}
    # and the count of such sums among the small ones: the remoteness rule is wrong on several
    wrong = 0
    for specs in small_sums():
        parts = [(load_game(s), load_game(s).validate(n)) for s, n in specs]
        truth = brute_every(parts)(tuple(p for _, p in parts))
        wrong += truth != (max(remoteness(g, p) for g, p in parts) % 2 == 1)
    assert wrong > 0


def test_every_sg_unlisted_moves_and_json() -> None:
    nim, s = load_game("nim"), load_game("subtraction(1,3,4)")
    parts = [(nim, nim.validate(6)), (s, s.validate(8)), (nim, nim.validate(5))]
    full = every_sg(parts)
    short = every_sg(parts, list_limit=10)
    assert full.winning_moves_complete and not short.winning_moves_complete
    assert short.outcome is full.outcome is Outcome.N
    assert short.winning_moves[0] in full.winning_moves
    assert short.note and "combined moves" in short.note
    data = json.loads(json.dumps(answer_json(full)))
    assert data["mode"] == "every" and data["winner"] == "first"
    assert data["suspense"] == [1, 3, 1]
    assert data["components"][1] == {"game": "subtraction(1,3,4)", "position": "8", "suspense": 3}
    assert all(len(m["moves"]) == 3 for m in data["winning_moves"])
    assert "largest" in data["reason"]


def test_every_sg_terminal_components() -> None:
    nim = load_game("nim")
    over = every_sg([(nim, 0), (nim, 0)])
    assert over.outcome is Outcome.P and "no component has a move" in over.reason
    one = every_sg([(nim, 0), (nim, 4)])
    assert one.outcome is Outcome.N
    assert [[None if m is None else m.to for m in c] for c in one.winning_moves] == [[None, (0,)]]


def test_limits_and_none() -> None:
    nim = load_game("nim")
    assert remoteness_or_none(nim, (2, 2)) == 4
    assert remoteness_or_none(nim, 10**18) is None
    assert remoteness_or_none(Cycle(3), 1) is None  # loopy: no remoteness
    with pytest.raises(SearchLimitError):
        remoteness(load_game("kayles"), 60, limit=100)
    with pytest.raises(SearchLimitError):
        every_sg([(nim, 10**18)], limit=1000)
