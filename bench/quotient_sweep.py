"""Misère quotients of many octal games within one budget: how far each gets.

Run: ``python bench/quotient_sweep.py [--limit 10000000] [--codes 0.77,0.07,…] [--markdown]``.
Without ``--codes``: every two-digit code ``0.ab`` (``a, b`` in 1..7, and ``0.0b``), the
one-digit codes, the codes Plambeck and Siegel discuss (0.106, 4.7, …) and a fixed sample of
three-digit codes. Each game's quotient is built heap by heap as ``grundy.misere_quotient`` does
(:func:`grundy.theory.quotient.settling.settle`), all heaps sharing one budget of ``--limit`` steps
(the default budget of ``grundy table GAME --misere --quotient``), and after every heap the
periodicity theorem is tried. A row gives the order and

* ``proved from N`` — the theorem applied on heaps ≤ N (period p from heap n0): every heap;
* ``exact to N (observed period p from n0)`` / ``exact to N`` — verified on heaps ≤ N only, the
  next heap refused (budget, or a candidate beyond 1,500 elements), or ``--upto`` reached;

with the steps spent and CPU seconds (for information; steps, not seconds, bound the work).
"""

from __future__ import annotations

import argparse
import random
import time

from grundy.catalog import load_game
from grundy.errors import NotSupportedError, SearchLimitError
from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT, finish_quotient
from grundy.theory.quotient.candidate import State, Steps
from grundy.theory.quotient.periods import period_rule, proved_period, seen_period
from grundy.theory.quotient.settling import settle

PAPERS = ["0.75", "0.77", "0.07", "0.137", "0.31", "0.34", "0.35", "0.71", "0.72", "0.51", "0.6",
          "4.7", "0.106", "0.4", "0.26", "0.53", "0.54", "0.55", "0.57", "0.644", "0.764", "0.775"]


def default_codes() -> list[str]:
    codes = [f"0.{a}" for a in range(1, 8)] + [f"0.0{b}" for b in range(1, 8)]
    codes += [f"0.{a}{b}" for a in range(1, 8) for b in range(1, 8)]
    rnd = random.Random(19)
    sample = sorted({f"0.{rnd.randrange(8)}{rnd.randrange(8)}{rnd.randrange(1, 8)}" for _ in range(24)})
    out: list[str] = []
    for code in [*PAPERS, *codes, *sample]:
        if code not in out:
            out.append(code)
    return out


def sweep(code: str, limit: int, upto: int) -> tuple[str, int | None, str, int, float]:
    """(code, order, status text, steps, seconds) of one game."""
    game = load_game(f"octal({code})")
    steps = Steps(limit, game.spec)
    t = period_rule(game)
    st, checked, why = State([[0]], [False], [()]), 1, ""
    start = time.process_time()
    while len(st.heap) - 1 < upto:
        try:
            st, checked = settle(st, game, steps)
        except SearchLimitError:
            why = "budget"
            break
        except NotSupportedError as exc:
            text = str(exc)
            why = ("refused: more than 1,500 elements" if "more than 1,500 elements" in text
                   else "refused: " + text.split(": ", 1)[-1][:70])
            break
        if t is not None and proved_period(st.heap, t) is not None:
            break
    seconds = time.process_time() - start
    n = len(st.heap) - 1
    q = finish_quotient(game, st, checked, Steps(10**9, game.spec))
    if q.status == "proved":
        text = f"proved from {n} (period {q.period} from {q.preperiod})"
    else:
        found = seen_period(st.heap)
        seen = f", observed period {found[0]} from {found[1]}" if found is not None else ""
        text = f"exact to {n}{seen}" + (f"; heap {n + 1}: {why}" if why else "")
    return code, q.order, text, steps.spent, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=DEFAULT_QUOTIENT_LIMIT)
    parser.add_argument("--upto", type=int, default=400, help="stop an unproved game here")
    parser.add_argument("--codes", help="comma-separated octal codes (default: the sweep above)")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    codes = args.codes.split(",") if args.codes else default_codes()
    if args.markdown:
        print("| code | order | status | steps | CPU s |")
        print("|---|---:|---|---:|---:|")
    for code in codes:
        code, order, text, spent, seconds = sweep(code, args.limit, args.upto)
        if args.markdown:
            print(f"| {code} | {order} | {text} | {spent:,} | {seconds:.1f} |", flush=True)
        else:
            print(f"{code:>7}  order {order:>5}  {text}  ({spent:,} steps, {seconds:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
