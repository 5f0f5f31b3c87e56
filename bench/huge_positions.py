"""Positions with thousand-digit heaps, answered by a rule (no search): Fibonacci Nim, Wythoff's
game and Moore's Nim_k, each against the same question on small heaps, measured in the same run.

Run: ``python bench/huge_positions.py [--repeat 5]``. Prints the best-of-N time of each case and
the bars it used to assert in the tests (Fibonacci Nim 0.5 s, Wythoff 0.5 s, Moore 2 s); the tests
keep the correctness part (tests/games/test_fibonacci.py, tests/games/test_wythoff.py,
tests/games/test_moore.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from grundy import outcome, solve, winning_moves
from grundy.games.takeaway.fibonacci import FibonacciNim
from grundy.games.takeaway.moore import Moore
from grundy.games.takeaway.wythoff import Wythoff, golden_floor


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _wythoff(k: int) -> None:
    game = Wythoff()
    a, b = golden_floor(k), golden_floor(k) + k
    outcome(game, (a, b))
    outcome(game, (b, a))
    winning_moves(game, (a + 1, b + 5))
    solve(game, (a + 10**998, b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sys.set_int_max_str_digits(0)
    cases: dict[str, tuple[Callable[[], object], Callable[[], object], float]] = {
        "fibonacci-nim: solve 10**1000 + 17 (small: 117)":
            (lambda: solve(FibonacciNim(), 10**1000 + 17), lambda: solve(FibonacciNim(), 117), 0.5),
        "wythoff: 2 outcomes, winning moves, solve (1000 digits; small: 4 digits)":
            (lambda: _wythoff(10**999 + 12345), lambda: _wythoff(1234), 0.5),
        "moore(2): solve (10**300, 10**300 + 7, 12345, 99) (small: (100, 107, 45, 99))":
            (lambda: solve(Moore(2), (10**300, 10**300 + 7, 12345, 99)),
             lambda: solve(Moore(2), (100, 107, 45, 99)), 2.0),
    }
    for name, (huge, small, bar) in cases.items():
        t, t0 = best(huge, args.repeat), best(small, args.repeat)
        print(f"{name}\n    {t * 1000:9.2f} ms   {t / t0:7.1f}x the small position ({t0 * 1000:.2f} ms)"
              f"   bar {bar:.1f} s {'met' if t < bar else 'NOT met'}")

if __name__ == "__main__":
    main()
