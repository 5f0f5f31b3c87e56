"""A sum of 10⁶ heaps of a game with a proved period: ``grundy solve GAME --file heaps.txt``
(text, and ``--json``) against a plain Python loop that reads the file and XORs the periodic
values, each run as its own process, interleaved, in the same session.

Run: ``prlimit --as=8000000000 python bench/large_sum.py [--heaps 1000000] [--repeat 3] [--game nim]``
(``--game nim``: Nim's heaps, the loop XORs the heaps themselves). Writes
the heaps file (random heaps below 10⁶, fixed seed) to a temporary directory, checks that the
JSON answer's Grundy value is the loop's and that its winning moves are as many as the text says,
and prints the median wall time and CPU time (user + system) of each, their ratios to the loop's,
and the peak memory (the bar: ≤ 3× the loop, text and JSON). On a loaded machine the wall times
wait for a core; the CPU times show the work.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAME = "subtraction(1,3,4)"
TAKES = (1, 3, 4)

LOOP = """
import sys
takes = {takes}
values = []
for n in range(64):  # the mex of the values one take below: one period and more
    seen = {{values[n - s] for s in takes if s <= n}}
    values.append(min(set(range(len(takes) + 1)) - seen))
period = next(p for p in range(1, 32) if values[p:p + 32] == values[:32])
cycle = values[:period]
total = 0
with open(sys.argv[1]) as f:
    for token in f.read().split():
        total ^= cycle[int(token) % period]
print(total)
"""

NIM_LOOP = """
import sys
total = 0
with open(sys.argv[1]) as f:
    for token in f.read().split():
        total ^= int(token)
print(total)
"""


def run(cmd: list[str], out: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak resident MB of ``cmd``, its output
    written to ``out``."""
    start = time.perf_counter()
    with out.open("wb") as sink:
        child = subprocess.Popen(cmd, stdout=sink)
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        sys.exit(f"{' '.join(cmd)} failed with exit status {child.returncode}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--heaps", type=int, default=10**6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--game", choices=(GAME, "nim"), default=GAME)
    args = parser.parse_args()
    game = args.game
    loop = LOOP.format(takes=TAKES) if game == GAME else NIM_LOOP
    script = Path(sys.executable).with_name("grundy")  # the console script, as users run it
    grundy = [str(script)] if script.exists() else [sys.executable, "-m", "grundy"]
    with tempfile.TemporaryDirectory() as tmp:
        heaps = Path(tmp, "heaps.txt")
        rng = random.Random(2026)  # (a seed whose nim-sum is not 0: moves to list)
        heaps.write_text("\n".join(str(rng.randrange(10**6)) for _ in range(args.heaps)) + "\n")
        outs = {name: Path(tmp, f"{name}.out") for name in ("loop", "text", "json")}
        commands = {
            "loop": [sys.executable, "-c", loop, str(heaps)],
            "text": [*grundy, "solve", game, "--file", str(heaps)],
            "json": [*grundy, "solve", game, "--file", str(heaps), "--json"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        peaks: dict[str, float] = dict.fromkeys(commands, 0.0)
        for _ in range(args.repeat):
            for name, cmd in commands.items():
                seconds, used, peak = run(cmd, outs[name])
                times[name].append(seconds)
                cpu[name].append(used)
                peaks[name] = max(peaks[name], peak)
        total = int(outs["loop"].read_text())
        answer = json.loads(outs["json"].read_text(encoding="utf-8"))
        text = outs["text"].read_text(encoding="utf-8")
        moves = len(answer["winning_moves"])
        if answer["grundy"] != total or (f"winning moves ({moves})" not in text and moves):
            sys.exit(f"answers disagree: loop {total}, JSON {answer['grundy']} with {moves} moves")
    loop, loop_cpu = statistics.median(times["loop"]), statistics.median(cpu["loop"])
    print(f"{game}, {args.heaps:,} heaps below 10^6, nim-sum {total}, {moves:,} winning moves; "
          f"load average {os.getloadavg()[0]:.1f}, median of {args.repeat} interleaved runs")
    for name, label in (("loop", "plain Python loop (read, XOR)"), ("text", "grundy solve --file"),
                        ("json", "grundy solve --file --json")):
        median, used = statistics.median(times[name]), statistics.median(cpu[name])
        print(f"{label:32s} wall {median:6.2f} s ({median / loop:4.2f}x)   CPU {used:6.2f} s "
              f"({used / loop_cpu:4.2f}x)   peak {peaks[name]:5.0f} MB")


if __name__ == "__main__":
    main()
