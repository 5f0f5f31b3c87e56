"""The brute-force engine's cost per position, against a plain recursive mex written here, same run.

A user's game written as a :class:`grundy.Game` (moves with labels, as users write them): a corner
game on pairs ``(a, b)`` — take 1..3 from one coordinate or from both. Both compute every
``G(a, b)`` with ``a, b < N`` and must agree.

Two hand-written baselines, both memoised recursive mex loops:

- ``plain``: the recursion with the moves written inline (no labels, no ``Move`` objects);
- ``plain over moves()``: the recursion a user writes over their own ``Game`` class, reading
  ``move.to`` of the game's ``moves()``: what the engine is asked to do, by hand.

Also printed: the game's ``moves()`` alone, called once a position (a floor for any engine that
is handed this game), the engine on the same game when it also defines ``options()`` (the
positions alone, no labels), and the engine on the same game written with ``@grundy.game`` (a
move function returning the options as a list; the values come from the graph of positions the
game explores as it is asked, :mod:`grundy.engine.explore`): each round a new member of that game
(parameter ``round``), so that every query is a first one, its graph built afresh. CPU time
(``time.process_time``), the rows interleaved, best of ``--repeat`` rounds.

Run: ``python bench/engine.py [N] [--repeat R]`` (defaults 200 and 5).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grundy
from grundy import Cache, Game, Move, grundy_value


@dataclass(frozen=True)
class Corner(Game):
    name = "corner-bench"

    @property
    def spec(self) -> str:
        return self.name

    def moves(self, position: Any) -> Iterator[Move]:
        a, b = position
        for k in (1, 2, 3):
            if k <= a:
                yield Move(f"a-{k}", (a - k, b))
            if k <= b:
                yield Move(f"b-{k}", (a, b - k))
            if k <= a and k <= b:
                yield Move(f"ab-{k}", (a - k, b - k))

    def parse_position(self, text: str) -> tuple[int, int]:
        a, b = map(int, text.split())
        return a, b

    def format_position(self, position: Any) -> str:
        return f"{position[0]} {position[1]}"


@dataclass(frozen=True)
class CornerListed(Corner):
    """The same game, also listing its options (positions alone): what the engine reads when a
    game defines ``options()``, with ``moves()`` kept for the labels of winning moves."""

    name = "corner-bench-options"

    def options(self, position: Any) -> Iterator[Any]:
        a, b = position
        for k in (1, 2, 3):
            if k <= a:
                yield (a - k, b)
            if k <= b:
                yield (a, b - k)
            if k <= a and k <= b:
                yield (a - k, b - k)


@grundy.game("corner-bench-user")
def corner_user(position: tuple[int, int], *, round: int = 0) -> list[tuple[int, int]]:
    """The same game with ``@grundy.game`` (``round`` only makes a new game, with its own graph)."""
    a, b = position
    options = []
    for k in (1, 2, 3):
        if k <= a:
            options.append((a - k, b))
        if k <= b:
            options.append((a, b - k))
        if k <= a and k <= b:
            options.append((a - k, b - k))
    return options


def plain(n: int) -> int:
    """The recursive mex a user writes by hand (memoised in a dict)."""
    sys.setrecursionlimit(max(10_000, 4 * n))
    memo: dict[tuple[int, int], int] = {}

    def g(a: int, b: int) -> int:
        key = (a, b)
        if key in memo:
            return memo[key]
        seen = set()
        for k in (1, 2, 3):
            if k <= a:
                seen.add(g(a - k, b))
            if k <= b:
                seen.add(g(a, b - k))
            if k <= a and k <= b:
                seen.add(g(a - k, b - k))
        m = 0
        while m in seen:
            m += 1
        memo[key] = m
        return m

    return sum(g(a, b) for a in range(n) for b in range(n))


def plain_over_moves(game: Game, n: int) -> int:
    """The recursive mex a user writes over their own game class (memoised in a dict)."""
    sys.setrecursionlimit(max(10_000, 4 * n))
    memo: dict[Any, int] = {}

    def g(position: Any) -> int:
        if position in memo:
            return memo[position]
        seen = {g(move.to) for move in game.moves(position)}
        m = 0
        while m in seen:
            m += 1
        memo[position] = m
        return m

    return sum(g((a, b)) for a in range(n) for b in range(n))


def engine(game: Game, n: int) -> int:
    cache = Cache()
    return sum(grundy_value(game, (a, b), cache=cache, limit=10**9) for a in range(n) for b in range(n))


def engine_user(n: int, rounds: list[int]) -> int:
    """The engine on the ``@grundy.game`` corner game, a new member each call (first queries)."""
    rounds.append(len(rounds))
    return engine(grundy.load_game(f"corner-bench-user(round={rounds[-1]})"), n)


def moves_alone(game: Game, n: int) -> int:
    """The game's own moves() alone, once per position (a floor for any engine)."""
    for a in range(n):
        for b in range(n):
            [move.to for move in game.moves((a, b))]
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=200, help="positions (a, b) with a, b < N")
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the best of each is shown")
    options = parser.parse_args()
    n, repeat = options.n, options.repeat
    game = Corner()
    runs = {"plain": lambda: plain(n), "plain over moves()": lambda: plain_over_moves(game, n),
            "engine": lambda: engine(game, n), "moves() alone": lambda: moves_alone(game, n),
            "engine, options()": lambda: engine(CornerListed(), n),
            "engine, @grundy.game": lambda: engine_user(n, rounds)}
    rounds: list[int] = []
    best: dict[str, float] = {}
    answers: dict[str, int] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            t0 = time.process_time()
            answers[name] = run()
            spent = time.process_time() - t0
            best[name] = min(best.get(name, spent), spent)
    assert answers["plain"] == answers["plain over moves()"] == answers["engine"] \
        == answers["engine, options()"] == answers["engine, @grundy.game"], answers
    positions = n * n
    print(f"{positions:,} positions, best of {repeat} (CPU µs a position, and ratio to each baseline):")
    for name, spent in best.items():
        print(f"  {name:20s} {spent / positions * 1e6:6.2f} µs   {spent / best['plain']:4.2f}x plain   "
              f"{spent / best['plain over moves()']:4.2f}x plain over moves()")


if __name__ == "__main__":
    main()
