"""Misère play: several heaps of one game are a sum, and take the same laws (SJ, genus) as a sum
written with '+', where the game has no misère rule of its own for several heaps."""

from __future__ import annotations

import json
from itertools import product

import pytest

from grundy import load_game, solve
from grundy.errors import GrundyError
from grundy.games.takeaway import bash
from tests.helpers import brute_outcome, brute_winning_targets, run


def test_heaps_of_one_game_are_answered_like_a_sum(capsys: pytest.CaptureFixture[str]) -> None:
    heaps = ["1000000000000000000", "999999999999999998", "7"]
    code, out, err = run(capsys, "solve", "--misere", "bash(m=3)", *heaps, "--json")
    assert code == 0, err
    summed = ["bash(3)", heaps[0], "+", "bash(3)", heaps[1], "+", "bash(3)", heaps[2]]
    code, out_sum, err = run(capsys, "solve", "--misere", *summed, "--json")
    assert code == 0, err
    one, other = json.loads(out), json.loads(out_sum)
    assert one["outcome"] == other["outcome"] == "N" and "SJ theorem" in one["reason"]
    assert [m["part_to"] for m in one["winning_moves"]] == [m["part_to"] for m in other["winning_moves"]]


def test_heaps_of_one_game_against_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    """With bash's own brute-force bound made tiny, the laws of sums answer (where the old code
    refused); the answers agree with a plain search of the misère game tree."""
    monkeypatch.setattr(bash, "MISERE_BRUTE_FORCE_LIMIT", 4)
    game = load_game("bash(3)")
    for heaps in product(range(7), repeat=3):
        answer = solve(game, heaps, misere=True)
        assert answer.outcome == brute_outcome(game, heaps, misere=True), heaps
        assert {m.to for m in answer.winning_moves} == brute_winning_targets(game, heaps, misere=True)


def test_explain_of_a_misere_sum_too_large_to_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "--misere", "bash(3)", "10**18", "7", "--explain")
    assert code == 0, err
    steps = out.split("step by step:")[1]
    assert "a law of sums decides it" in steps and "SJ theorem" in steps


def test_single_heaps_beyond_brute_force_take_the_laws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A single heap past the game's misère brute-force bound is answered by the laws (SJ, genus)
    where they apply, as part of a sum would be; checked against a plain search."""
    from grundy.games.takeaway import allbut

    monkeypatch.setattr(allbut, "MISERE_BRUTE_FORCE_LIMIT", 0)
    game = load_game("allbut(2,5,9)")
    for n in range(1, 40):
        try:
            answer = solve(game, (n,), misere=True)
        except GrundyError:  # no law applies: refused, as before
            continue
        assert answer.outcome == brute_outcome(game, (n,), misere=True), n
        assert {m.to for m in answer.winning_moves} == brute_winning_targets(game, (n,), misere=True)
