"""Test helpers: tiny games and a brute-force oracle independent of the engine's hooks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from grundy import Game, Move, Outcome, grundy_value, outcome, winning_moves
from grundy.cli.app import main
from grundy.core.engine import mex
from grundy.errors import InvalidPositionError


@dataclass(frozen=True)
class Chain(Game):
    """Position n has the single option n-1: a path as deep as you like (values alternate 0/1)."""

    name = "chain"

    @property
    def spec(self) -> str:
        return "chain"

    def moves(self, position: Any) -> Iterator[Move]:
        if position > 0:
            yield Move("step", position - 1)

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: Any) -> str:
        return str(position)


@dataclass(frozen=True)
class Cycle(Game):
    """Positions 0..k-1 on a cycle, plus an exit from 0 to the terminal position -1."""

    k: int = 3
    name = "cycle"

    @property
    def spec(self) -> str:
        return f"cycle({self.k})"

    def moves(self, position: Any) -> Iterator[Move]:
        if position >= 0:
            yield Move("around", (position + 1) % self.k)
        if position == 0:
            yield Move("exit", -1)

    def parse_position(self, text: str) -> int:
        value = int(text)
        if value < -1:
            raise InvalidPositionError(text)
        return value

    def format_position(self, position: Any) -> str:
        return str(position)


def brute_value(game: Game, position: Any) -> int:
    """The Grundy value by plain mex recursion over the whole option graph (no closed forms)."""
    return grundy_value(game, position, use_rules=False)


def brute_outcome(game: Game, position: Any, misere: bool = False) -> Outcome:
    return outcome(game, position, misere=misere, use_rules=False)


def brute_winning_targets(game: Game, position: Any, misere: bool = False) -> set[Any]:
    return {m.to for m in winning_moves(game, position, misere=misere, use_rules=False)}


def winning_targets(game: Game, position: Any, misere: bool = False) -> set[Any]:
    return {m.to for m in winning_moves(game, position, misere=misere)}


def mex_table_subtraction(subtraction_set: list[int], upto: int) -> list[int]:
    """A hand-written subtraction-game table, the way users write it."""
    values: list[int] = []
    for n in range(upto + 1):
        values.append(mex(values[n - s] for s in subtraction_set if s <= n))
    return values


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process: its exit status (it must exit), stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


def solve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    """``grundy solve ARGV --json``, which must succeed, as a dict."""
    code, out, err = run(capsys, "solve", *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data
