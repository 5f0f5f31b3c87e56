"""Fresh AtCoder problems (tests/contest/test_atcoder_problems.py) at their full constraints, each
by the route its test takes, one process per route: wall and CPU seconds (user + system of the
child) and peak memory (GNU ``/usr/bin/time``, needed). The inputs are made here, seeded:

- ABC 297 G: ``N L R`` = 2·10^5 piles up to 10^9, ``solve 'bash(a,b)' --input counted --params
  after`` and the programs of ``export`` with the same layout;
- ABC 206 F: 20 cases of 100 intervals in [1, 100], the user's script (a game of one's own whose
  positions carry the case's intervals, ``grundy.Sum`` for a choice);
- ABC 278 G: the table of ``stripes(1..2000)`` to row 2000 (``L = 1``, ``R = N = 2000``), the
  programs of ``export 'stripes(S)' --main --params first``;
- AGC 010 F: a tree of 3,000 vertices, the user's reduction to ``digraph(E)`` (a move to a
  neighbour with fewer stones), ``solve 'digraph(E)' --input cases --params first``.

Run: ``prlimit --as=8000000000 python bench/atcoder_problems.py``.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from fresh_problems import run

INTERVALS = '''
import sys, grundy

@grundy.game("bench-intervals")
def intervals(position):
    lo, hi, pairs = position
    return [grundy.Sum((lo, a, pairs), (b, hi, pairs)) for a, b in pairs if lo <= a and b <= hi]

words = list(map(int, sys.stdin.read().split()))
game, at = grundy.load_game("bench-intervals"), 1
for _ in range(words[0]):
    n = words[at]
    pairs = tuple(sorted({(words[at + 1 + 2 * i], words[at + 2 + 2 * i]) for i in range(n)}))
    at += 1 + 2 * n
    print("Alice" if grundy.grundy_value(game, (1, 100, pairs)) else "Bob")
'''


def inputs(rng: random.Random) -> dict[str, str]:
    lo = rng.randint(1, 10**9)
    piles = f"{2 * 10**5} {lo} {rng.randint(lo, 10**9)}\n" + " ".join(
        str(rng.randint(1, 10**9)) for _ in range(2 * 10**5)) + "\n"
    cases = "20\n"
    for _ in range(20):
        cases += "100\n"
        for _ in range(100):
            a = rng.randint(1, 99)
            cases += f"{a} {rng.randint(a + 1, min(100, a + rng.choice([1, 2, 5, 10, 40, 99])))}\n"
    stripes = f"2000 {' '.join(map(str, range(1, 2001)))}\n2000\n1999\n"
    n = 3000
    stones = [rng.randint(1, 10**9) for _ in range(n)]
    edges = []
    for v in range(2, n + 1):
        u = rng.randint(1, v - 1)
        edges += [(u, v)] * (stones[v - 1] < stones[u - 1]) + [(v, u)] * (stones[u - 1] < stones[v - 1])
    tree = (f"{len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges) + f"{n}\n"
            + "".join(f"1 {v}\n" for v in range(1, n + 1)))
    return {"297": piles, "206": cases, "278": stripes, "010": tree}


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "intervals.py").write_text(INTERVALS)
    for name, text in inputs(random.Random(2026)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy"]

    def export(path: str, *argv: str) -> list[str]:
        python = path.endswith(".py")
        more = ["--lang", "python"] if python else []
        source = subprocess.run([*grundy, "export", *argv, *more], capture_output=True, text=True,
                                check=True)
        if python:
            (work / path).write_text(source.stdout)
            return [sys.executable, str(work / path)]
        (work / f"{path}.cpp").write_text(source.stdout)
        subprocess.run(["g++", "-O2", "-o", str(work / path), str(work / f"{path}.cpp")], check=True)
        return [str(work / path)]

    bash = ["bash(a,b)", "--main", "--input", "counted", "--params", "after"]
    stripes = ["stripes(S)", "--main", "--input", "lines", "--params", "first"]
    routes = [
        ("ABC 297 G solve --input", "297", [*grundy, "solve", *bash[:1], *bash[2:], "-"]),
        ("ABC 297 G C++ program", "297", export("bash", *bash)),
        ("ABC 297 G Python program", "297", export("bash.py", *bash)),
        ("ABC 206 F user's script", "206", [sys.executable, str(work / "intervals.py")]),
        ("ABC 278 G C++ program", "278", export("stripes", *stripes)),
        ("ABC 278 G Python program", "278", export("stripes.py", *stripes)),
        ("AGC 010 F solve --input", "010",
         [*grundy, "solve", "digraph(E)", "--input", "cases", "--params", "first", "-"]),
    ]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, name, argv in routes:
        wall, cpu, peak, status = run(argv, work / f"{name}.in")
        print(f"{title:28} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
