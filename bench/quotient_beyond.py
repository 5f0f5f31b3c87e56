"""Past grundy's bound of 1,500 elements: one more heap of a stored misère quotient, as an experiment.

``grundy table GAME --misere --quotient --upto N --store FILE`` keeps the verified quotient of
heaps ``≤ N``; this script reads it back (checked again, as ``--store`` does), raises the bounds
of :mod:`grundy.theory.quotient` for this process only (``--max-order`` elements, 50 times as many
verified pairs, 40 times as many elements in a recalibration) and settles heap ``N + 1`` the same
way — guess, quick walk, recalibration, verification — printing each repair round with the CPU
time spent, and at the end the order, the P-portion, the pairs verified, the CPU time and the peak
resident memory. A heap that is settled here is verified like any other (only a candidate that
passes the verification is returned); the bounds only decide how far the search may go.

    grundy table 'octal(0.07)' --misere --quotient --upto 33 --store q33.json --limit 1000000000000
    prlimit --as=8000000000 python bench/quotient_beyond.py 'octal(0.07)' q33.json --max-order 20000
"""

from __future__ import annotations

import argparse
import resource
import time

from grundy.catalog import load_game
from grundy.errors import NotSupportedError, SearchLimitError
from grundy.theory.quotient import candidate, guess, moore, recalibration, settling, verification
from grundy.theory.quotient.candidate import Steps
from grundy.theory.quotient.store import _load_state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("store", help="a file written by grundy table GAME --misere --quotient --store, "
                                      "or 'rebuild:N': settle heaps 1..N in this process first (so "
                                      "that the recalibrations' index hint has the history a stored "
                                      "quotient lacks)")
    parser.add_argument("--max-order", type=int, default=20_000)
    parser.add_argument("--limit", type=int, default=10**13, help="steps")
    args = parser.parse_args()
    game = load_game(args.game)
    start = time.process_time()
    if args.store.startswith("rebuild:"):
        st = candidate.State([[0]], [False], [()])
        steps = Steps(args.limit, game.spec)
        for _ in range(int(args.store.partition(":")[2])):
            st, _ = settling.settle(st, game, steps)
        print(f"settled heaps 0..{len(st.heap) - 1}: order {st.m} "
              f"({time.process_time() - start:.1f} CPU s)", flush=True)
    else:
        st, _, _ = _load_state(game, args.store, args.limit)
        print(f"read {args.store}: heaps 0..{len(st.heap) - 1}, order {st.m} "
              f"({time.process_time() - start:.1f} CPU s)", flush=True)
    for module in (candidate, moore, guess):
        module.MAX_ORDER = args.max_order  # type: ignore[attr-defined]
    verification.MAX_PAIRS = 50 * args.max_order
    recalibration.MAX_RECAL = 40 * args.max_order
    real = recalibration.recalibrate_for

    def logged(cand: candidate.State, game_: object, word: tuple[int, ...], should: bool,
               steps: Steps, at_least: dict[int, int] | None = None) -> candidate.State | None:
        found = real(cand, game_, word, should, steps, at_least)  # type: ignore[arg-type]
        print(f"{time.process_time() - start:8.1f} CPU s  candidate of {cand.m} elements fails "
              f"{'+'.join(map(str, word))}; recalibrated: {found.m if found else 'no guess fits'}",
              flush=True)
        return found

    recalibration.recalibrate_for = logged  # type: ignore[assignment]
    try:
        settled, checked = settling.settle(st, game, Steps(args.limit, game.spec))
    except (NotSupportedError, SearchLimitError) as exc:  # a refusal is a result here too
        print(f"heap {len(st.heap)} refused: {exc}; {time.process_time() - start:.1f} CPU s, peak "
              f"resident {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB", flush=True)
        raise SystemExit(1) from None
    print(f"heap {len(settled.heap) - 1}: order {settled.m}, P-portion {sum(settled.p)}, "
          f"{checked:,} pairs verified; {time.process_time() - start:.1f} CPU s, peak resident "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB", flush=True)


if __name__ == "__main__":
    main()
