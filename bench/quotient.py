"""Misère quotients: the time to build (and prove) a quotient, and to answer a misère sum of
many heaps of a game whose quotient is proved.

Run: ``python bench/quotient.py [--heaps 10000] [--games kayles,octal(0.75),octal(0.72)]``.
For each game: the quotient's order, its status (proved by the periodicity theorem, with the
heaps checked), the build time and the steps' verification states; then, with the quotient kept,
the time to solve a misère sum of ``--heaps`` random heaps of sizes up to 10^6 (outcome and every
winning move), and of the single position ``1000000 123 45 7``. Then the quotient is saved and
loaded again (the load re-verifies it), and Dawson's Kayles (0.07) and Dawson's Chess (0.137):
with the default budget (heaps ≤ 26 and ≤ 25 settle; one heap further is refused), then with
``--limit 10**9`` steps as far as the recalibrating repair goes (0.07: heaps ≤ 27, 30, 33;
0.137: ≤ 26). ``python bench/quotient_sweep.py`` runs the default budget over many octal codes.
Steps, not seconds, bound the work; the times are CPU seconds, for information (the issue's
bar: a sum of 10^4 heaps in about a second).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from grundy.catalog import load_game
from grundy.errors import NotSupportedError, SearchLimitError
from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT, misere_quotient
from grundy.theory.quotient.play import _QUOTIENTS, quotient_for, quotient_solution
from grundy.theory.quotient.store import load_quotient, save_quotient


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--heaps", type=int, default=10_000)
    parser.add_argument("--games", default="kayles,octal(0.75),octal(0.72)")
    parser.add_argument("--no-dawson", action="store_true", help="skip the Dawson's Kayles/Chess rows")
    args = parser.parse_args()
    rnd = random.Random(2024)
    for spec in args.games.split(","):
        game = load_game(spec)
        _QUOTIENTS.pop(game, None)
        start = time.process_time()
        q = quotient_for(game, 10**6)
        built = time.process_time() - start
        print(f"{spec}: order {q.order}, {q.status} (heaps ≤ {q.checked_upto}, period {q.period} "
              f"from {q.preperiod}), {q.verified_states:,} pairs verified, built in {built:.2f} s")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "q.json"
            start = time.process_time()
            save_quotient(q, path)
            back = load_quotient(game, path)
            took = time.process_time() - start
            print(f"  saved and loaded (checksum, monoid laws, {back.verified_states:,} pairs re-verified) "
                  f"in {took:.2f} s")
        if q.status != "proved":
            continue
        for label, position in (("1000000 123 45 7", (10**6, 123, 45, 7)),
                                (f"{args.heaps:,} random heaps ≤ 10^6",
                                 tuple(rnd.randint(1, 10**6) for _ in range(args.heaps)))):
            start = time.process_time()
            answer = quotient_solution(game, position)
            took = time.process_time() - start
            assert answer is not None
            print(f"  {label}: {answer.outcome.value}, {len(answer.winning_moves):,} winning moves "
                  f"(complete: {answer.moves_listed}) in {took:.2f} s")
    if not args.no_dawson:
        rows = [("dawson-kayles", n, None) for n in (24, 25, 26, 27)]
        rows += [("dawsons-chess", n, None) for n in (23, 24, 25, 26)]
        rows += [("dawson-kayles", n, 10**9) for n in (27, 30, 33)]
        rows += [("dawsons-chess", 26, 10**9)]
        for spec, upto, limit in rows:
            start = time.process_time()
            try:
                q = misere_quotient(load_game(spec), upto=upto, limit=limit or DEFAULT_QUOTIENT_LIMIT)
                what = f"order {q.order}, {q.status}"
            except (SearchLimitError, NotSupportedError) as exc:
                what = f"refused: {exc}"
            budget = "default budget" if limit is None else f"limit {limit:,}"
            print(f"{spec} heaps ≤ {upto} ({budget}): {what} ({time.process_time() - start:.2f} s)")

if __name__ == "__main__":
    main()
