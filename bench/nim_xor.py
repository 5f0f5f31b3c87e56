"""Deciding Nim with 10^7 heaps: ``grundy.games.takeaway.nim.nim_sum_array`` against a bare
``numpy.bitwise_xor.reduce`` over the same array, measured in the same run.

Run: ``python bench/nim_xor.py [--heaps 10000000] [--repeat 15]``. Prints the best-of-N time of
each, for a signed (int64, sign-checked) and an unsigned (uint64) array, and the ratios; the bar
is a ratio of at most 2. Also times the full list of winning moves
(``nim_winning_moves_array``) for information.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from grundy.games.takeaway.nim import nim_sum_array, nim_winning_moves_array


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--heaps", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    signed = rng.integers(0, 2**62, args.heaps, dtype=np.int64)
    unsigned = signed.astype(np.uint64)
    assert nim_sum_array(signed) == int(np.bitwise_xor.reduce(signed))
    worst = 0.0
    for name, arr in (("int64", signed), ("uint64", unsigned)):
        bare = best(lambda a=arr: np.bitwise_xor.reduce(a), args.repeat)
        ours = best(lambda a=arr: nim_sum_array(a), args.repeat)
        worst = max(worst, ours / bare)
        print(f"{name:7s} {args.heaps:,} heaps: bare bitwise_xor.reduce {bare * 1000:7.2f} ms   "
              f"nim_sum_array {ours * 1000:7.2f} ms   ratio {ours / bare:.2f}x")
    moves = best(lambda: nim_winning_moves_array(signed), max(3, args.repeat // 5))
    print(f"all winning moves (int64)       {moves * 1000:7.2f} ms")
    print(f"worst ratio {worst:.2f}x (bar: ≤ 2x)")


if __name__ == "__main__":
    main()
