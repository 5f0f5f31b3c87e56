"""The engine's Grundy search for a game with no hooks (no closed form, components or canonical
form; grundy.engine.search._plain_values): values against a recursive mex written here, for games
that list labelled moves, games that list positions (options), deep searches, and cycles."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from grundy import Cache, Game, Move, grundy_value
from grundy.errors import LoopyGameError


def corner_options(a: int, b: int) -> list[tuple[int, int]]:
    out = []
    for k in (1, 2, 3):
        if k <= a:
            out.append((a - k, b))
        if k <= b:
            out.append((a, b - k))
        if k <= a and k <= b and k != 2:
            out.append((a - k, b - k))
    return out


@functools.cache
def expected(a: int, b: int) -> int:
    seen = {expected(*o) for o in corner_options(a, b)}
    return min(set(range(len(seen) + 1)) - seen)


@dataclass(frozen=True)
class ByMoves(Game):
    name = "t-plain-moves"

    @property
    def spec(self) -> str:
        return self.name

    def moves(self, position: Any) -> Iterator[Move]:
        for o in corner_options(*position):
            yield Move(f"to {o}", o)

    def parse_position(self, text: str) -> tuple[int, int]:
        a, b = map(int, text.split())
        return a, b

    def format_position(self, position: Any) -> str:
        return f"{position[0]} {position[1]}"


@dataclass(frozen=True)
class ByOptions(ByMoves):
    name = "t-plain-options"

    def moves(self, position: Any) -> Iterator[Move]:
        raise AssertionError("the engine lists options, not moves, when options() is given")

    def options(self, position: Any) -> Iterator[Any]:
        return iter(corner_options(*position))


@dataclass(frozen=True)
class Loop(ByMoves):
    name = "t-plain-loop"

    def moves(self, position: Any) -> Iterator[Move]:
        a, b = position
        yield from super().moves(position)
        if a == 3 and b == 3:
            yield Move("back", (5, 5))  # (5, 5) -> ... -> (3, 3) -> (5, 5)


@pytest.mark.parametrize("game", [ByMoves(), ByOptions()])
def test_values_match_a_recursive_mex(game: Game) -> None:
    cache = Cache()
    assert cache.hooks(cache.number(game))[0] is None  # no closed form: the plain path
    for a in range(12):
        for b in range(12):
            assert grundy_value(game, (a, b), cache=cache) == expected(a, b), (a, b)
    # one deep search from scratch (the explicit stack, many options not yet valued)
    assert grundy_value(game, (60, 45)) == expected(60, 45)


def test_cycles_are_refused() -> None:
    with pytest.raises(LoopyGameError) as info:
        grundy_value(Loop(), (6, 6))
    assert "can reach itself" in str(info.value)
    assert grundy_value(Loop(), (2, 7)) == expected(2, 7)  # positions that never reach the cycle
