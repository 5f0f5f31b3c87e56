"""A game of one's own whose moves split a position into a sum (Multi-SG): the cutting game of
POJ 2311 (cut a w x h sheet in two along a grid line, no strip of width 1; w, h <= 200), solved by
``grundy.solve`` from the largest sheet against the mex table a contestant writes by hand, each in
its own process, interleaved, in the same session.

grundy explores the sheets the largest one can be cut into (every option a ``grundy.Sum`` of two
sheets, read as the XOR of their values inside the sheet it is an option of); the table by hand
loops over the same cuts. Prints each way's median CPU seconds (user + system of the child) and
peak resident memory, and grundy's ratio to the hand-written table; the two must agree on the
value of the largest sheet (checked).

Run: ``prlimit --as=8000000000 python bench/split_moves.py [--size 200] [--repeat 3]``;
``--before SRC`` also runs grundy from another checkout's ``src`` (e.g. the commit before a
change: ``git archive HEAD~1 src | tar -x -C /tmp/before``), interleaved.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

GRUNDY = '''
import sys
import grundy

@grundy.game("bench-cut", arity=2)
def cut(position):
    w, h = position
    return ([grundy.Sum((i, h), (w - i, h)) for i in range(2, w - 1)]
            + [grundy.Sum((w, j), (w, h - j)) for j in range(2, h - 1)])

n = int(sys.argv[1])
print(grundy.solve(grundy.load_game("bench-cut"), (n, n), limit=10**9).grundy)
'''

BY_HAND = '''
import sys

n = int(sys.argv[1])
g = [[0] * (n + 1) for _ in range(n + 1)]
for w in range(2, n + 1):
    for h in range(2, n + 1):
        seen = {g[i][h] ^ g[w - i][h] for i in range(2, w - 1)}
        seen |= {g[w][j] ^ g[w][h - j] for j in range(2, h - 1)}
        v = 0
        while v in seen:
            v += 1
        g[w][h] = v
print(g[n][n])
'''


def run(code: str, size: int, src: str | None = None) -> tuple[str, float, float]:
    """The child's output, CPU seconds and peak resident MB."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    process = subprocess.Popen([sys.executable, "-c", code, str(size)], stdout=subprocess.PIPE,
                               env=env, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    assert process.stdout is not None
    out = process.stdout.read().strip()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"a child failed: {out}")
    return out, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout's src, run too")
    args = parser.parse_args()
    ways = {"by hand": (BY_HAND, None), "grundy": (GRUNDY, None)}
    if args.before is not None:
        ways["grundy before"] = (GRUNDY, str(args.before))
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    answers = set()
    for _ in range(args.repeat):
        for name, (code, src) in ways.items():
            out, cpu, mb = run(code, args.size, src)
            answers.add(out)
            seen[name].append((cpu, mb))
    assert len(answers) == 1, answers
    hand = statistics.median(c for c, _ in seen["by hand"])
    print(f"cutting game {args.size} x {args.size} (value {answers.pop()}), median of {args.repeat}:")
    for name, runs in seen.items():
        cpu = statistics.median(c for c, _ in runs)
        peak = max(m for _, m in runs)
        print(f"  {name:14} CPU {cpu:7.2f} s  peak {peak:7.0f} MB  ratio to by hand {cpu / hand:5.2f}")


if __name__ == "__main__":
    main()
