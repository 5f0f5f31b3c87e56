"""The engine's Grundy search for a game with no hooks (no closed form, components or canonical
form; grundy.engine.search._plain_values): values against a recursive mex written here, for games
that list labelled moves, games that list positions (options), deep searches, and cycles."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from grundy import Cache, Game, HeapGame, Move, grundy_value
from grundy.errors import LoopyGameError
from tests.helpers import brute_value


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


@dataclass(frozen=True)
class SelfLoop(ByMoves):
    name = "t-plain-self-loop"

    def moves(self, position: Any) -> Iterator[Move]:
        yield from super().moves(position)
        if position == (1, 1):
            yield Move("stay", (1, 1))


def test_a_position_that_is_its_own_option_is_refused() -> None:
    cache = Cache()
    for a in range(3):  # every option of (1, 1) but itself valued first: the root alone is searched
        assert grundy_value(SelfLoop(), (a, 0), cache=cache) == expected(a, 0)
        assert grundy_value(SelfLoop(), (0, a), cache=cache) == expected(0, a)
    with pytest.raises(LoopyGameError, match="'1 1' can reach itself"):
        grundy_value(SelfLoop(), (1, 1), cache=cache)
    with pytest.raises(LoopyGameError, match="'1 1' can reach itself"):
        grundy_value(SelfLoop(), (4, 3))  # the same cycle met deep in a search


def steps_needed(a: int, b: int, known: set[tuple[int, int]]) -> int:
    """The budget a query of (a, b) spends, counted here: one step per position not ``known`` that
    it reaches through unknown positions, and one per option each of those lists."""
    seen, todo, steps = set(), [(a, b)], 0
    while todo:
        p = todo.pop()
        if p in seen or p in known:
            continue
        seen.add(p)
        options = corner_options(*p)
        steps += 1 + len(options)
        todo.extend(options)
    return steps


@pytest.mark.parametrize("game", [ByMoves(), ByOptions()])
def test_every_position_and_option_is_counted_and_the_limit_is_exact(game: Game) -> None:
    from grundy.engine.search import Budget
    from grundy.errors import SearchLimitError

    cache = Cache()
    for a, b in [(0, 0), (3, 2), (7, 9), (7, 10), (8, 10), (20, 4), (20, 5)]:
        fresh = steps_needed(a, b, set())
        budget = Budget(10**6)
        assert grundy_value(game, (a, b), cache=Cache(), budget=budget) == expected(a, b)
        assert budget.spent == fresh
        with pytest.raises(SearchLimitError, match="more than"):  # one step short: refused
            grundy_value(game, (a, b), cache=Cache(), limit=fresh - 1)
        # with what earlier queries found, only new positions count, and one step short is
        # refused too (a query whose options are all known builds its budget after the root)
        need = steps_needed(a, b, {p for (_, p) in cache.values})
        copy = Cache(values=dict(cache.values), games=list(cache.games), numbers=dict(cache.numbers))
        with pytest.raises(SearchLimitError):
            grundy_value(game, (a, b), cache=copy, limit=need - 1)
        shared = Budget(10**6)
        assert grundy_value(game, (a, b), cache=cache, budget=shared) == expected(a, b)
        assert shared.spent == need
        assert grundy_value(game, (a, b), cache=cache, limit=0) == expected(a, b)  # known: free
    filled = Cache()  # filled in order: each query lists one position, its options all valued
    for a in range(5):
        for b in range(5):
            need = 1 + len(corner_options(a, b))
            assert steps_needed(a, b, {p for (_, p) in filled.values}) == need
            with pytest.raises(SearchLimitError):
                grundy_value(game, (a, b), cache=filled, limit=need - 1)
            assert (a, b) not in {p for (_, p) in filled.values}
            assert grundy_value(game, (a, b), cache=filled, limit=need) == expected(a, b)


def test_lifted_moves_name_their_part_and_plain_moves_none() -> None:
    from grundy.catalog import load_game

    plain = Move("take 1", (2,))
    assert (plain.part, plain.part_move) == (None, None)
    assert plain == Move("take 1", (2,)) and hash(plain) == hash(Move("take 1", (2,)))
    nim = load_game("nim")
    lifted = nim.lift_move((3, 4), 1, plain)
    assert (lifted.part, lifted.part_move, lifted.to) == (1, plain, (3, 2))
    assert list(nim.options((1, 2))) == [m.to for m in nim.moves((1, 2))]


class Pins(HeapGame):
    """Kayles declared by its moves alone (no laws): a position of several heaps is a sum, met both
    at the root and deep inside the plain search, where the general search takes over."""

    name = "t-plain-pins"

    @property
    def spec(self) -> str:
        return self.name

    def heap_moves(self, n: int) -> Any:
        for take in (1, 2):
            for left in range(n - take + 1):
                yield f"take {take} at {left}", tuple(h for h in (left, n - take - left) if h)


@pytest.mark.parametrize("position", [(9,), (4, 5)])
def test_a_sum_met_in_the_plain_search_keeps_counting_in_the_same_budget(position: tuple[int, ...]) -> None:
    from grundy.engine.search import Budget
    from grundy.errors import SearchLimitError

    game = Pins()
    budget = Budget(10**6)
    assert grundy_value(game, position, cache=Cache(), budget=budget) == brute_value(game, position)
    steps = budget.spent
    assert steps > 0
    assert grundy_value(game, position, cache=Cache(), limit=steps) == brute_value(game, position)
    with pytest.raises(SearchLimitError):  # the steps before and after the sum add up
        grundy_value(game, position, cache=Cache(), limit=steps - 1)


@dataclass(frozen=True)
class Unordered(ByMoves):
    """The corner game with the coordinates unordered: (a, b) and (b, a) are one position, which
    the game says by its canonical form and by validating a list into a sorted tuple."""

    name = "t-plain-unordered"

    def canonical(self, position: Any) -> Any:
        return tuple(sorted(position))

    def validate(self, position: Any) -> Any:
        if not (isinstance(position, (tuple, list)) and len(position) == 2):
            raise ValueError(f"not a pair: {position!r}")
        return tuple(sorted(position))


@dataclass(frozen=True)
class Halves(ByMoves):
    """A pair (a, b) with a == b splits into two equal corners whose sum is 0 (read only where
    the game overrides components(): the plain search must not skip it)."""

    name = "t-plain-halves"

    def components(self, position: Any) -> Any:
        a, b = position
        return [(ByMoves(), (a, 0)), (ByMoves(), (a, 0))] if a == b and a > 0 else None


def test_overridden_canonical_validate_and_components_are_read_by_the_plain_search() -> None:
    # a class that defines canonical() declares that positions are not their own keys
    assert ByMoves.plain_keys and Halves.plain_keys and not Unordered.plain_keys

    class Again(Unordered):  # (inherited)
        pass

    assert not Again.plain_keys
    cache = Cache()
    calls = []
    game = Unordered()
    for a in range(10):
        for b in range(10):
            assert grundy_value(game, [b, a], cache=cache) == expected(a, b), (a, b)
    assert {p for (_, p) in cache.values} <= {(a, b) for a in range(10) for b in range(a, 10)}
    with pytest.raises(ValueError, match="not a pair"):
        grundy_value(game, (1, 2, 3), cache=cache)
    halves = Halves()
    for a in range(1, 8):
        assert grundy_value(halves, (a, a)) == 0  # by components, not the corner's mex
        calls.append(expected(a, a))
    assert any(calls)  # the corner's own value of some (a, a) is not 0: components were read
