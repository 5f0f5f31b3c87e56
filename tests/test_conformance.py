"""One conformance suite over every registered game (OpenSpiel's games_sim_test, for grundy).

For each example spec of each catalogue entry, on each of the game's sample positions:
spec and position text round-trip; the closed forms (value, outcome, winning moves, misère
outcome) agree with brute force over the option graph; the value is the mex of the options'
values; every winning move leads to a P-position.
"""

from __future__ import annotations

from typing import Any

import pytest

from grundy import (
    Game,
    LoopyGameError,
    Outcome,
    SearchLimitError,
    grundy_value,
    load_game,
    mex,
    outcome,
    registered_games,
    solve,
)
from grundy.catalog import ENTRIES
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets
from tests.marks import slow_params

CASES = [(entry.name, spec) for entry in registered_games() for spec in entry.examples]
SLOW = {"grundy-game", "kayles", "lasker-nim", "moore(3)", "octal(0.51)", "octal(0.6)", "octal(0.77)",
        "octal(4.007)", "stripes(1,2,3)", "stripes(1,5,1)", "stripes(2,3,5)"}
"""Specs whose brute-force checks take 0.3 s or more (marked slow)."""


def test_every_entry_has_examples() -> None:
    for entry in registered_games():
        assert entry.examples, f"{entry.name} has no example spec to test"


@pytest.mark.parametrize(("name", "spec"), CASES)
def test_spec_round_trip(name: str, spec: str) -> None:
    game = load_game(spec)
    assert load_game(game.spec) == game
    assert load_game(spec).spec == game.spec
    assert isinstance(hash(game), int)


def _samples(game: Game) -> list[Any]:
    samples = list(game.sample_positions())
    assert samples, f"{game.spec} has no sample positions"
    return samples


@pytest.mark.parametrize(("name", "spec"), CASES)
def test_position_text_round_trip(name: str, spec: str) -> None:
    game = load_game(spec)
    for position in _samples(game):
        hash(position)
        text = game.format_position(position)
        assert game.parse_position(text) == position, text


MAX_SKIPPED = 2
"""Sample positions a game that is not loopy may skip (brute force or grundy refused within the
budget): few, so that the checks below check something. Loopy games (digraph, cycle) skip the
positions on cycles, which their own solver's tests check."""


def _assert_few_skipped(spec: str, skipped: list[str]) -> None:
    if not spec.startswith(("digraph", "cycle")):
        assert len(skipped) <= MAX_SKIPPED, skipped


@pytest.mark.parametrize(("name", "spec"), slow_params(
    CASES, SLOW | {"product(mock-turtles,turning-turtles)", "product(ruler,mock-turtles)",
                   "product(turning-turtles,turning-turtles)"}, key=lambda case: case[1], unpack=True))
def test_rules_agree_with_brute_force(name: str, spec: str) -> None:
    game = load_game(spec)
    skipped: list[str] = []
    for position in _samples(game):
        try:
            expected = brute_value(game, position)
        except LoopyGameError:  # loopy games are checked by their own solver's tests
            skipped.append(f"{spec} {game.format_position(position)}")
            continue
        assert grundy_value(game, position) == expected, game.format_position(position)
        option_values = [grundy_value(game, m.to) for m in game.moves(position)]
        assert expected == mex(option_values)
        assert outcome(game, position) is brute_outcome(game, position)
        targets = winning_targets(game, position)
        assert targets == brute_winning_targets(game, position), game.format_position(position)
        assert all(outcome(game, t) is Outcome.P for t in targets)
    _assert_few_skipped(spec, skipped)


@pytest.mark.parametrize(("name", "spec"), slow_params(CASES, SLOW, key=lambda case: case[1], unpack=True))
def test_misere_rules_agree_with_brute_force(name: str, spec: str) -> None:
    game = load_game(spec)
    skipped: list[str] = []
    for position in _samples(game)[:30]:
        try:
            expected = brute_outcome(game, position, misere=True)
        except LoopyGameError:
            skipped.append(f"{spec} {game.format_position(position)}")
            continue
        try:
            got = outcome(game, position, misere=True)
        except SearchLimitError:  # grundy refuses (within its budget): never a wrong answer
            skipped.append(f"{spec} {game.format_position(position)}")
            continue
        assert got is expected, game.format_position(position)
        assert winning_targets(game, position, misere=True) == brute_winning_targets(
            game, position, misere=True)
        if game.closed_misere_outcome(position) is not None:  # decided by a rule: a reason says which
            answer = solve(game, position, misere=True)
            assert answer.outcome is expected
            assert answer.why.rule != "misere-brute-force", game.format_position(position)
    _assert_few_skipped(spec, skipped)


def test_every_entry_names_its_class() -> None:
    """A catalogue entry's name is its class's ``name`` (the catalogue repeats it so that looking a
    game up, or listing the games, imports no game module; this test keeps the two in step)."""
    for entry in ENTRIES:
        assert entry.load_class().name == entry.name, entry.target


def test_every_entry_lists_its_families() -> None:
    """The families a catalogue entry lists for ``grundy list`` are its class's, in order, as
    ``grundy export`` reads them (``bash(m)``)."""
    for entry in ENTRIES:
        declared = tuple(f.spelling(entry.name) for f in entry.load_class().families)
        assert entry.families == declared, entry.name
