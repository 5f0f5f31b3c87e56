"""Exported Python programs of games of one's own on judge inputs at full size: the CPU time of
each program (a subprocess; its children's CPU time), on an input generated here with a fixed
seed.

- HDU 3980 "Paint Chain" (``paint(n,m)``, a family with start=): 100 cases n in 900..1000, m in
  1..10 (a memo for each m), and 100 cases n = 1000, m = 1..100 (each m new);
- HDU 1730 "Northcott Game" (``row(m)``, ``--input repeated --params after``): 100 cases of 1,000
  rows, m in 2..100;
- CF 255E "Furlo and Rublo" (options a ``range``, ``--input counted``): 77,777 piles up to 7.7e11;
- Luogu P2575 "高手过招" (a 20-bit row, ``--upto 0``): 100 cases of 1,000 random rows (every
  mask reached).

Run: ``python bench/leftover_programs.py [--only NAME]``; state the load (``uptime``) with the
numbers.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

RULES = '''
import grundy


@grundy.game("bl-paint", start=lambda n, m: ("ring", n))
def paint(position, *, n=5, m=1):
    shape, size = position
    if shape == "ring":
        return [("row", size - m)] if m <= size else []
    return [grundy.Sum(("row", a), ("row", size - m - a)) for a in range(size - m + 1)]


@grundy.game("bl-row", arity=2, minimum=(1, 1))
def row(p, *, m=100):
    x, y = p
    lo, hi = sorted(p)
    return [(c, y) for c in range(lo + 1, hi)] + [(x, c) for c in range(lo + 1, hi)]


@grundy.heap_game("bl-furlo")
def furlo(x):
    from math import isqrt

    low = isqrt(isqrt(x))
    low += low ** 4 < x
    return range(low, min(isqrt(x), x - 1) + 1)


@grundy.game("bl-jump", arity=1)
def jump(p):
    (mask,) = p
    options = []
    for i in range(20):
        if mask >> i & 1:
            j = i + 1
            while j < 20 and mask >> j & 1:
                j += 1
            if j < 20:
                options.append((mask ^ (1 << i) | (1 << j),))
    return options
'''


def inputs(rng: random.Random) -> dict[str, tuple[list[str], str]]:
    """Each benchmark: the export's arguments and the input."""
    paint = "100\n" + "".join(f"{rng.randint(900, 1000)} {rng.randint(1, 10)}\n" for _ in range(100))
    paint_wide = "100\n" + "".join(f"1000 {m}\n" for m in range(1, 101))
    rows = []
    for _ in range(100):
        m = rng.randint(2, 100)
        rows.append(f"1000 {m}\n" + "".join("{} {}\n".format(*rng.sample(range(1, m + 1), 2))
                                          for _ in range(1000)))
    piles = [rng.randint(1, 770_000_000_000) for _ in range(77_777)]
    jump = "100\n" + "".join("1000\n" + " ".join(str(rng.getrandbits(20)) for _ in range(1000)) + "\n"
                             for _ in range(100))
    return {
        "hdu3980": (["bl-paint(n,m)", "--input", "cases"], paint),
        "hdu3980-each-m-new": (["bl-paint(n,m)", "--input", "cases"], paint_wide),
        "hdu1730": (["bl-row(m)", "--input", "repeated", "--params", "after"], "".join(rows)),
        "cf255e": (["bl-furlo", "--input", "counted"], f"{len(piles)}\n{' '.join(map(str, piles))}\n"),
        "p2575": (["bl-jump", "--input", "cases", "--upto", "0"], jump),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=None, help="one benchmark by name")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rules = Path(tmp) / "rules.py"
        rules.write_text(RULES)
        for name, (argv, stdin) in inputs(random.Random(7)).items():
            if args.only not in (None, name):
                continue
            program = subprocess.run([sys.executable, "-m", "grundy", "--rules", str(rules), "export",
                                      *argv, "--lang", "python", "--main"], capture_output=True,
                                     text=True, check=True).stdout
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            done = subprocess.run([sys.executable, "-S", "-c", program], input=stdin,
                                  capture_output=True, text=True)
            spent = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
            lines = done.stdout.count("\n")
            print(f"{name:22} {spent:7.2f} s CPU  {lines:,} lines  exit {done.returncode}")


if __name__ == "__main__":
    main()
