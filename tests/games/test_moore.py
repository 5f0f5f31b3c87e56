"""Moore's Nim_k: the column-sum rule and the digit-DP winning-move set, against brute force."""

from __future__ import annotations

import itertools
import json
from itertools import combinations_with_replacement

import pytest

from grundy import grundy_value, load_game, outcome, solve
from grundy.errors import InvalidGameError, SearchLimitError, TooManyMovesError
from grundy.games.takeaway import moore
from grundy.games.takeaway.moore import Moore
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, run, winning_targets


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
    for n in (0, 1, 2, 7, 10**100):  # one heap: the player to move loses only a heap of 1
        heap = (0, n, 0)
        truth = "P" if n == 1 else "N"
        assert outcome(game, heap, misere=True).value == truth
        if n < 10:
            assert brute_outcome(game, heap, misere=True).value == truth
            assert {m.to for m in solve(game, heap, misere=True).winning_moves} == \
                brute_winning_targets(game, heap, misere=True)


@pytest.mark.parametrize("spec", ["moore", "moore(0)", "moore(x)", "moore(1,2)"])
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InvalidGameError):
        load_game(spec)


def own_options(k: int, position: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Moore's Nim_k written out here: lower between 1 and k heaps, each to any smaller size."""
    out: set[tuple[int, ...]] = set()
    for new in itertools.product(*(range(h + 1) for h in position)):
        changed = sum(1 for a, b in zip(position, new, strict=True) if a != b)
        if 1 <= changed <= k:
            out.add(new)
    return out


def own_value(k: int, position: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:
    if position not in memo:
        seen = {own_value(k, o, memo) for o in own_options(k, position)}
        memo[position] = min(set(range(len(seen) + 1)) - seen)
    return memo[position]


@pytest.mark.parametrize("k", [2, 3])
def test_moves_values_and_single_heaps_against_own_brute_force(k: int) -> None:
    game, memo = Moore(k), {}
    for position in [(7,), (0, 5), (6, 0, 0), *_positions(2, 4), *_positions(3, 2), (2, 1, 1, 1)]:
        assert {m.to for m in game.moves(position)} == own_options(k, position), position
        answer = solve(game, position)
        truth = own_value(k, position, memo)
        assert answer.grundy == truth, position
        assert {m.to for m in answer.winning_moves} == {
            o for o in own_options(k, position) if own_value(k, o, memo) == 0}, position
    for n in range(12):  # the law of single heaps, where it fires: G(n) = n
        assert own_value(k, (n,), memo) == n == grundy_value(game, (n,))


@pytest.mark.parametrize("spec, heaps", [
    ("moore(2)", (10**8,)), ("moore(2)", (2**63,)), ("moore(k=3)", (10**360,)),
    ("moore(2)", (0, 2**64 + 5, 0)), ("moore(3)", (2**63, 2**63 + 1, 7)),
])
def test_huge_heaps_answer_at_once(spec: str, heaps: tuple[int, ...]) -> None:
    game = load_game(spec)
    answer = solve(game, heaps, remoteness=True)
    live = [h for h in heaps if h]
    if len(live) == 1:
        assert answer.grundy == live[0]
        assert [m.to for m in answer.winning_moves] == [tuple(0 for _ in heaps)]
    else:
        assert answer.grundy is None and answer.note  # no closed form: said, not guessed
    for move in answer.winning_moves:
        assert outcome(game, move.to).value == "P"
    options = itertools.islice(game.moves(heaps), 3)  # lazily, whatever the sizes
    assert len(list(options)) == 3


def test_table_is_the_law_g_n_equals_n(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "moore(2)", "--upto", "100000", "--json", "--summary")
    data = json.loads(out)
    assert code == 0
    assert (data["period"], data["preperiod"], data["saltus"], data["proved"]) == (1, 0, 1, True)
    assert "Nim heap" in data["reason"] and data["max"] == 100000 and data["checksum"] == 100000 * 100001 // 2
    code, out, _ = run(capsys, "table", "moore(3)", "--upto", "30", "--json")
    memo: dict[tuple[int, ...], int] = {}
    assert json.loads(out)["values"] == [own_value(3, (n,), memo) for n in range(31)]


def test_winning_move_dp_is_bounded_in_steps(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = Moore(3)
    position = (2**40 + 3, 2**39 + 5, 2**38 + 9, 77)
    assert game.winning_moves_rule(position)  # (within the default bound)
    monkeypatch.setattr(moore, "MAX_DP_STEPS", 50)
    with pytest.raises(TooManyMovesError, match="50 steps"):
        game.winning_moves_rule(position)
    # solve still answers: the outcome by Moore's theorem, and why the moves are not listed
    answer = solve(game, position)
    columns = [sum(h >> b & 1 for h in position) % 4 for b in range(41)]  # Moore: P iff all 0 mod k+1
    assert answer.outcome.value == ("P" if not any(columns) else "N") == "N" and not answer.moves_listed
    assert answer.note is not None and "winning moves not listed" in answer.note and "50 steps" in answer.note
    big = [str(10**1100 + 1), str(10**1100 + 2), "5"]  # (a long position: its header is abbreviated)
    code, out, err = run(capsys, "solve", "moore(3)", *big)
    assert code == 0, err
    head = out.splitlines()[0]
    assert head.endswith(" …") and "parts)" not in head  # (no "(0 parts)" for a position that is no sum)
    assert "winning moves not listed" in out and "50 steps" in out
