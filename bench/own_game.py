"""A user's heap game with a plain Python move function, tabulated to N = 10^6: grundy's builder
(``UserHeapGame.build_table``, what ``grundy table`` runs) against the loop a user writes by hand,
measured in the same run on the same move function.

Run: ``python bench/own_game.py [--upto 1000000] [--split-upto 20000] [--repeat 3]``. Prints the
CPU time of each (runs interleaved, so both see the same load) and the range of the
per-run ratios of CPU and wall time (the target is 1.0), for a digit game (``n - d`` for a
non-zero digit d of n), for a game with splits (take 1 or 2, or split into two heaps of at most 3
fewer), and, to ``--split-upto``, for the tutorial's splitting game (take 1, 2 or 4, or split a
heap in two: about n/2 options a heap). Also times the whole ``grundy table`` analysis (the
table, then the search for a period) for information.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import grundy
from grundy.catalog import unregister
from grundy.engine.limits import Budget, within
from grundy.tables.analysis import analyze


def digit_take(n: int) -> list[int]:
    return [n - int(d) for d in str(n) if d != "0"]


def take_or_split(n: int) -> list[Any]:
    return [n - k for k in (1, 2) if k <= n] + [(a, n - 3 - a) for a in (1, 2) if 2 * a <= n - 3]


def tutorial_split(n: int) -> list[Any]:
    return [n - t for t in (1, 2, 4) if t <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


def by_hand(moves: Callable[[int], list[Any]], upto: int) -> list[int]:
    """The loop a user writes: G(n) = mex of the XOR of each option's heaps."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for o in moves(n):
            if isinstance(o, int):
                seen.add(g[o])
            else:
                x = 0
                for h in o:
                    x ^= g[h]
                seen.add(x)
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def by_hand_ints(moves: Callable[[int], list[int]], upto: int) -> list[int]:
    """The same for a game without splits, as tight as a user writes it."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[m] for m in moves(n)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


BUILD_STEPS = 10**10
"""The step budget of each table (the default budget refuses the splitting game's 20,000 heaps)."""


def build(game: Any, upto: int) -> Any:
    """``game.build_table`` under a budget of :data:`BUILD_STEPS` steps (as ``grundy table --limit``)."""
    with within(Budget(BUILD_STEPS)):
        return game.build_table(upto, "auto", None)


def timed(fn: Callable[[], object]) -> tuple[float, float, object]:
    """CPU time (this process) and wall time of one call, and its result."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upto", type=int, default=10**6)
    parser.add_argument("--split-upto", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = [("bench-digit-take", digit_take, by_hand_ints, args.upto),
             ("bench-take-or-split", take_or_split, by_hand, args.upto),
             ("bench-tutorial-split", tutorial_split, by_hand, args.split_upto)]
    for name, moves, hand, upto in cases:
        grundy.heap_game(name)(moves)
        game = grundy.load_game(name)
        ratios, walls, hands, ours = [], [], [], []
        for run in range(args.repeat):  # interleaved, each first in turn: both see the same load
            if run % 2:
                c_ours, w_ours, built = timed(lambda: build(game, upto))  # noqa: B023
            c_hand, w_hand, want = timed(lambda: hand(moves, upto))  # noqa: B023
            if not run % 2:
                c_ours, w_ours, built = timed(lambda: build(game, upto))  # noqa: B023
            assert built.values.tolist() == want, name  # type: ignore[attr-defined]
            ratios.append(c_ours / c_hand)
            walls.append(w_ours / w_hand)
            hands.append(c_hand)
            ours.append(c_ours)
        start = time.perf_counter()
        with within(Budget(BUILD_STEPS)):
            analyze(game, upto)
        t_table = time.perf_counter() - start
        print(f"{name}: N = {upto:,}  CPU by hand {min(hands):.3f} s  build_table {min(ours):.3f} s  "
              f"ratio {min(ratios):.2f}-{max(ratios):.2f} CPU (median {statistics.median(ratios):.2f}), "
              f"{min(walls):.2f}-{max(walls):.2f} wall "
              f"(target 1.0)  whole analysis {t_table:.3f} s")
        unregister(name)


if __name__ == "__main__":
    main()
