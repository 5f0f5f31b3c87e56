"""Start-up cost of ``grundy solve nim 3 4 5`` against a bare ``python -c pass``, same run.

Run: ``python bench/startup.py [--repeat 20]``. Prints the median wall time of each and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def median_wall(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    bare = median_wall([sys.executable, "-c", "pass"], args.repeat)
    solve = median_wall([sys.executable, "-m", "grundy", "solve", "nim", "3", "4", "5"], args.repeat)
    print(f"python -c pass           median {bare * 1000:7.1f} ms")
    print(f"grundy solve nim 3 4 5   median {solve * 1000:7.1f} ms")
    print(f"ratio                    {solve / bare:.1f}x")


if __name__ == "__main__":
    main()
