"""The Sprague-Grundy theorem on sums of different games, checked against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import SumGame, grundy_value, load_game, outcome, parse_sum, winning_moves
from grundy.errors import InvalidPositionError
from tests.helpers import brute_value

COMPONENT_SPECS = ["nim", "subtraction(1,3,4)", "subtraction(2,3)", "subtraction(1)"]


@st.composite
def mixed_sums(draw: st.DrawFn) -> tuple[SumGame, tuple[tuple[int, ...], ...]]:
    specs = draw(st.lists(st.sampled_from(COMPONENT_SPECS), min_size=2, max_size=3))
    games = tuple(load_game(s) for s in specs)
    positions = tuple(
        tuple(draw(st.lists(st.integers(0, 7), min_size=1, max_size=2))) for _ in games)
    return SumGame(games), positions


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(mixed_sums())
def test_sum_value_is_xor_and_matches_brute_force(case: tuple[SumGame, tuple[tuple[int, ...], ...]]) -> None:
    game, position = case
    value = grundy_value(game, position)
    expected = 0
    for part, pos in zip(game.parts, position, strict=True):
        expected ^= grundy_value(part, pos)
    assert value == expected == brute_value(game, position)
    brute_targets = {m.to for m in winning_moves(game, position, use_rules=False)}
    assert {m.to for m in winning_moves(game, position)} == brute_targets
    assert all(outcome(game, t).value == "P" for t in brute_targets)


def test_parse_and_format_round_trip() -> None:
    game, position = parse_sum("nim 3 4 + subtraction(1,3,4) 10 + nim 5")
    assert parse_sum(game.format_position(position)) == (game, position)
    assert game.parse_position(game.format_position(position)) == position


def test_empty_component_is_an_error() -> None:
    try:
        parse_sum("nim 3 + + nim 4")
    except InvalidPositionError as exc:
        assert "empty component" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected an error")
