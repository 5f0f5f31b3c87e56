"""Misère quotients: the time to build (and prove) a quotient, and to answer a misère sum of
many heaps of a game whose quotient is proved.

Run: ``python bench/quotient.py [--heaps 10000] [--games kayles,octal(0.75),octal(0.72)]``.
For each game: the quotient's order, its status (proved by the periodicity theorem, with the
heaps checked), the build time and the steps' verification states; then, with the quotient kept,
the time to solve a misère sum of ``--heaps`` random heaps of sizes up to 10^6 (outcome and every
winning move), and of the single position ``1000000 123 45 7``. Steps, not seconds, bound the
work; the times are for information (the issue's bar: a sum of 10^4 heaps in about a second).
"""

from __future__ import annotations

import argparse
import random
import time

from grundy.catalog import load_game
from grundy.core.quotient_play import _QUOTIENTS, quotient_for, quotient_solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--heaps", type=int, default=10_000)
    parser.add_argument("--games", default="kayles,octal(0.75),octal(0.72)")
    args = parser.parse_args()
    rnd = random.Random(2024)
    for spec in args.games.split(","):
        game = load_game(spec)
        _QUOTIENTS.pop(game, None)
        start = time.perf_counter()
        q = quotient_for(game, 10**6)
        built = time.perf_counter() - start
        print(f"{spec}: order {q.order}, {q.status} (heaps ≤ {q.checked_upto}, period {q.period} "
              f"from {q.preperiod}), {q.verified_states:,} pairs verified, built in {built:.2f} s")
        if q.status != "proved":
            continue
        for label, position in (("1000000 123 45 7", (10**6, 123, 45, 7)),
                                (f"{args.heaps:,} random heaps ≤ 10^6",
                                 tuple(rnd.randint(1, 10**6) for _ in range(args.heaps)))):
            start = time.perf_counter()
            answer = quotient_solution(game, position)
            took = time.perf_counter() - start
            assert answer is not None
            print(f"  {label}: {answer.outcome.value}, {len(answer.winning_moves):,} winning moves "
                  f"(complete: {answer.moves_listed}) in {took:.2f} s")


if __name__ == "__main__":
    main()
