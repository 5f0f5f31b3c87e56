"""A row of 10^6 coins in the judge's layout (HihoCoder 1172: ``N``, then the row of ``H`` and ``T``)
through ``grundy solve turning-turtles --input counted --params size-first``, the exported Python
program and the exported C++ program (``g++ -O2``), against a hand-written baseline (the XOR of
the heads' positions in a few lines of Python): each its own process, interleaved, in one session.
The benchmark checks they print the same value, then the median wall time and the peak memory of
each, and each one's ratio to the baseline.

Run: ``nice -n 5 python bench/coin_rows.py [--repeat 3] [--coins 1000000]`` (needs g++).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASELINE = """import sys
n, row = sys.stdin.read().split()
t = 0
for i, c in enumerate(row, 1):
    if c == "H":
        t ^= i
print(t, "N" if t else "P")
"""

LAYOUT = ("turning-turtles", "--main", "--input", "counted", "--params", "size-first")


def timed(argv: list[str], stdin: Path) -> tuple[float, int, str]:
    """Wall seconds, peak memory (KB, by ``/usr/bin/time``) and the output of one run."""
    start = time.perf_counter()
    with stdin.open("rb") as given:
        done = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], stdin=given, capture_output=True,
                              check=True)
    wall = time.perf_counter() - start
    return wall, int(done.stderr.decode().split()[-1]), done.stdout.decode().strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--coins", type=int, default=10**6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rng = random.Random(1172)
        data = folder / "row.in"
        data.write_text(f"{args.coins}\n" + "".join(rng.choice("HT") for _ in range(args.coins)) + "\n")
        exported = {lang: subprocess.run([sys.executable, "-m", "grundy", "export", *LAYOUT, "--lang", lang],
                                         capture_output=True, text=True, check=True).stdout
                    for lang in ("python", "cpp")}
        (folder / "p.py").write_text(exported["python"])
        (folder / "p.cpp").write_text(exported["cpp"])
        (folder / "base.py").write_text(BASELINE)
        subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(folder / "p"), str(folder / "p.cpp")],
                       check=True)
        ways = {"baseline (Python XOR)": [sys.executable, "-S", str(folder / "base.py")],
                "grundy solve --input": [sys.executable, "-m", "grundy", "solve", LAYOUT[0], *LAYOUT[2:],
                                         "-"],
                "exported Python": [sys.executable, "-S", str(folder / "p.py")],
                "exported C++ (-O2)": [str(folder / "p")]}
        times: dict[str, list[float]] = {way: [] for way in ways}
        peaks: dict[str, int] = {way: 0 for way in ways}
        outputs: set[str] = set()
        for _ in range(args.repeat):
            for way, argv in ways.items():  # (interleaved: the load falls on every way alike)
                wall, peak, out = timed(argv, data)
                times[way].append(wall)
                peaks[way] = max(peaks[way], peak)
                outputs.add(out)
        assert len(outputs) == 1, outputs
        base = statistics.median(times["baseline (Python XOR)"])
        print(f"{args.coins:,} coins, answer {outputs.pop()}, median of {args.repeat}:")
        for way in ways:
            median = statistics.median(times[way])
            print(f"  {way:24} {median:6.3f} s  ({median / base:4.2f}x baseline)  "
                  f"peak {peaks[way] / 1024:.0f} MB")


if __name__ == "__main__":
    main()
