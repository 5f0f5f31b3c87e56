"""The brute-force engine's cost per position, against a plain recursive mex written here, same run.

A user's game written as a :class:`grundy.Game` (moves with labels, as users write them): a corner
game on pairs ``(a, b)`` — take 1..3 from one coordinate or from both. Both compute every
``G(a, b)`` with ``a, b < N`` and must agree.

Run: ``python bench/engine.py [N]`` (default 200). Also prints, for information, the time of the
game's own ``moves()`` called once a position (labels and ``Move`` objects the plain recursion
never builds) against the same plain recursion.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

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


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    t0 = time.perf_counter()
    expected = plain(n)
    t1 = time.perf_counter()
    cache, game = Cache(), Corner()
    got = sum(grundy_value(game, (a, b), cache=cache, limit=10**9) for a in range(n) for b in range(n))
    t2 = time.perf_counter()
    assert got == expected, (got, expected)
    for a in range(n):  # the game's own moves() alone, once per position (a floor for any engine)
        for b in range(n):
            [move.to for move in game.moves((a, b))]
    t3 = time.perf_counter()
    positions = n * n
    each = [(t1 - t0) / positions * 1e6, (t2 - t1) / positions * 1e6]
    print(f"{positions:,} positions: plain recursive mex {t1 - t0:.2f} s ({each[0]:.1f} µs each), "
          f"engine {t2 - t1:.2f} s ({each[1]:.1f} µs each): ratio {(t2 - t1) / (t1 - t0):.1f}x; "
          f"the game's moves() alone, once a position: {(t3 - t2) / (t1 - t0):.1f}x")


if __name__ == "__main__":
    main()
