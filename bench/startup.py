"""Start-up cost of ``grundy solve nim 3 4 5`` (text and ``--json``) against a bare
``python -c pass``, interleaved in the same run.

Run: ``python bench/startup.py [--repeat 30]``. Prints the median wall time of each and the ratios
(the bar: each ≤ 4× a bare interpreter, on an idle machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("grundy")  # the console script, as users run it
    grundy = [str(script)] if script.exists() else [sys.executable, "-m", "grundy"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "grundy solve nim 3 4 5": [*grundy, "solve", "nim", "3", "4", "5"],
        "grundy solve nim 3 4 5 --json": [*grundy, "solve", "nim", "3", "4", "5", "--json"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():  # warm the file cache
        wall(cmd)
    for _ in range(args.repeat):
        for name, cmd in commands.items():
            times[name].append(wall(cmd))
    bare = statistics.median(times["python -c pass"])
    print(f"load average {os.getloadavg()[0]:.2f}, {args.repeat} interleaved runs each")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:32s} median {median * 1000:7.1f} ms   ratio {median / bare:4.1f}x")


if __name__ == "__main__":
    main()
