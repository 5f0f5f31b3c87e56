"""Matrix games: grundy's float and exact solvers against nashpy's ``linear_program``, same run.

Run: ``python bench/matrix.py [--sizes 200 1000] [--repeat 3] [--seed 6]``.

For each size n, one random n×n game with integer payoffs in [-10, 10] (numpy seed ``--seed``).
Timed, interleaved, median of ``--repeat`` runs:

* nashpy: ``nashpy.linalg.minimax.linear_program(A)`` (the row strategy only);
* grundy float: ``solve_matrix_game(A, exact=False)`` (both strategies, saddle/dominance checks,
  float certificate);
* grundy exact: ``solve_matrix_game(A)`` (exact rational strategies, verified, uniqueness decided).

Prints the times, the ratio grundy-float / nashpy, and checks that the three values agree within
1e-9 (nashpy's value is the guarantee ``min_j (xA)_j`` of its strategy ``x``).

Then ``--degenerate`` small games with payoffs in {-1, 0, 1} (ties everywhere): how often
nashpy's ``support_enumeration`` returns no equilibrium at all, against grundy's exact, verified
answers on the same games.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    from nashpy.linalg.minimax import linear_program

    from grundy.matrix.lp import solve_matrix_game

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--exact-repeat", type=int, default=1, help="runs of the exact solver per size")
    parser.add_argument("--degenerate", type=int, default=300, help="number of small degenerate games")
    args = parser.parse_args()
    print(f"{'n':>5} {'nashpy s':>9} {'grundy float s':>15} {'ratio':>6} {'grundy exact s':>15} "
          f"{'exact':>5} {'support':>8} {'|Δvalue|':>9}")
    for n in args.sizes:
        A = np.random.default_rng([args.seed, n]).integers(-10, 11, size=(n, n))
        nash_times, float_times = [], []
        x = sol_f = None
        for _ in range(args.repeat):
            t, x = timed(lambda A=A: linear_program(A))
            nash_times.append(t)
            t, sol_f = timed(lambda A=A: solve_matrix_game(A, exact=False))
            float_times.append(t)
        exact_times = []
        sol_e = None
        for _ in range(args.exact_repeat):
            t, sol_e = timed(lambda A=A: solve_matrix_game(A))
            exact_times.append(t)
        assert x is not None and sol_f is not None and sol_e is not None
        nash_value = float((np.asarray(x) @ A).min())
        diff = max(abs(nash_value - float(sol_f.value)), abs(nash_value - float(sol_e.value)))
        tn, tf, te = (statistics.median(ts) for ts in (nash_times, float_times, exact_times))
        support = sum(1 for p in sol_e.row_strategy if p)
        print(f"{n:>5} {tn:>9.3f} {tf:>15.3f} {tf / tn:>6.2f} {te:>15.3f} {sol_e.exact!s:>5} "
              f"{support:>8} {diff:>9.1e}", flush=True)
        assert diff < 1e-9, f"values disagree by {diff}"
        assert sol_e.exact and sol_e.certificate.verified
    degenerate(args.degenerate, args.seed)


def degenerate(count: int, seed: int) -> None:
    import warnings

    import nashpy

    from grundy.matrix.lp import solve_matrix_game

    rng = np.random.default_rng(seed)
    nash_none = grundy_exact = 0
    for _ in range(count):
        m, n = (int(k) for k in rng.integers(2, 5, size=2))
        A = rng.integers(-1, 2, size=(m, n))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if not list(nashpy.Game(A, -A).support_enumeration()):
                nash_none += 1
        sol = solve_matrix_game(A)
        grundy_exact += sol.exact and sol.certificate.verified
    print(f"degenerate games ({count}, payoffs in {{-1,0,1}}, 2..4 × 2..4): nashpy support_enumeration "
          f"found no equilibrium in {nash_none}; grundy exact and verified in {grundy_exact}")


if __name__ == "__main__":
    main()
