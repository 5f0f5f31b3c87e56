"""Every theorem a catalogue game declares (``Laws.theorems``) against a brute force of its own,
and the one record read by both its readers: the pattern finders and the export."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from grundy.catalog import load_game, registered_games
from grundy.model.laws import Describes, Status, Theorem
from grundy.patterns.formulas import evaluate
from grundy.patterns.pairs import find_pair_patterns

SIDE = 24
"""Pairs ``a, b < SIDE`` the declared formulas are checked on."""

DECLARING = sorted({spec for entry in registered_games() for spec in entry.examples
                    if load_game(spec).laws.theorems})


def _mex_grid(game: Any, side: int) -> list[list[int]]:
    """``G(a, b)`` for ``a, b < side`` by a plain memoised mex over the game's own moves."""
    @cache
    def g(position: tuple[int, int]) -> int:
        seen = {g(tuple(m.to)) for m in game.moves(position)}
        v = 0
        while v in seen:
            v += 1
        return v

    return [[g((a, b)) for b in range(side)] for a in range(side)]


def _holds(theorem: Theorem, grid: list[list[int]]) -> bool:
    for a, row in enumerate(grid):
        for b, v in enumerate(row):
            got = evaluate(theorem.formula, a=a, b=b)
            if (bool(got) != (v == 0)) if theorem.describes == Describes.P_POSITIONS else got != v:
                return False
    return True


def test_some_game_declares_a_theorem() -> None:
    assert "wythoff" in DECLARING


@pytest.mark.parametrize("spec", DECLARING)
def test_declared_theorems_hold_against_brute_force(spec: str) -> None:
    game = load_game(spec)
    grid = _mex_grid(game, SIDE)
    for theorem in game.laws.theorems:
        assert theorem.proof and theorem.name and theorem.words, theorem
        assert _holds(theorem, grid), theorem


def test_the_check_can_fail() -> None:
    grid = _mex_grid(load_game("wythoff"), SIDE)
    assert not _holds(Theorem(Describes.P_POSITIONS, "a == b", "not a theorem"), grid)


def test_one_record_labels_the_table_and_answers_the_export() -> None:
    from grundy.reports.export_policy import export_plan

    wythoff = load_game("wythoff")
    (theorem,) = wythoff.laws.theorems
    proved = [p for p in find_pair_patterns(wythoff.table_2d(20), steps=2_000, theorems=wythoff.laws.theorems)
              if p.status == Status.PROVED]
    assert [(p.describes, p.formula, p.proof) for p in proved] == [
        (Describes.P_POSITIONS, theorem.formula, theorem.proof)]
    rule = export_plan(wythoff, 20).rule
    assert rule is not None
    assert (rule.formula, rule.status, rule.text) == (
        theorem.formula, f"proved ({theorem.name})", theorem.words)
