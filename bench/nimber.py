"""Nim-multiplication of 64-bit numbers: ``grundy.theory.nimber.nim_mul`` (16-bit logarithm tables,
recursive split above) against ``nim_mul_plain`` (the same split, recursing to single bits), in
the same run on the same random pairs.

Run: ``python bench/nimber.py [--pairs 2000] [--bits 64] [--repeat 5]``. Prints the one-off
table build time, the best-of-N time per product of each method and the ratio; also times
``nim_inverse`` and the product of 256-bit numbers for information.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from grundy.theory.nimber import _tables, nim_inverse, nim_mul, nim_mul_plain


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--bits", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(2024)
    pairs = [(rng.getrandbits(args.bits), rng.getrandbits(args.bits)) for _ in range(args.pairs)]

    start = time.perf_counter()
    _tables()
    print(f"table build (once): {1e3 * (time.perf_counter() - start):.1f} ms")

    assert all(nim_mul(a, b) == nim_mul_plain(a, b) for a, b in pairs)
    fast = best(lambda: [nim_mul(a, b) for a, b in pairs], args.repeat) / len(pairs)
    plain = best(lambda: [nim_mul_plain(a, b) for a, b in pairs], args.repeat) / len(pairs)
    print(f"{args.bits}-bit product: tables {1e6 * fast:.2f} µs, plain recursion {1e6 * plain:.2f} µs, "
          f"ratio {plain / fast:.0f}x")

    inv = best(lambda: [nim_inverse(a | 1) for a, _ in pairs], args.repeat) / len(pairs)
    print(f"{args.bits}-bit inverse: {1e6 * inv:.2f} µs")
    big = [(rng.getrandbits(256), rng.getrandbits(256)) for _ in range(200)]
    wide = best(lambda: [nim_mul(a, b) for a, b in big], args.repeat) / len(big)
    print(f"256-bit product: {1e6 * wide:.2f} µs")


if __name__ == "__main__":
    main()
