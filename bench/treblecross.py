"""UVa 10561 "Treblecross" (tests/contest/test_treblecross_judge.py) at full size: ``T`` boards of
``n = 200`` cells, each route in one process: wall and CPU seconds (user + system of the child)
and peak memory (GNU ``/usr/bin/time``, needed). Boards seeded: each cell an X with probability
0.02, 0.05 or 0.1 (chosen per board), redrawn while three are in a row.

Routes: ``solve treblecross --input cases - --winning-moves`` and the programs of ``export
treblecross --main --input cases --winning-moves`` (C++ built with ``g++ -O2``); the three must
print the same lines.

Run: ``prlimit --as=8000000000 python bench/treblecross.py [T]`` (T: 1,000 by default).
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


def boards(rng: random.Random, count: int, n: int = 200) -> list[str]:
    found: list[str] = []
    while len(found) < count:
        p = rng.choice([0.02, 0.05, 0.1])
        board = "".join("X" if rng.random() < p else "." for _ in range(n))
        if "XXX" not in board:
            found.append(board)
    return found


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    work = Path(tempfile.mkdtemp())
    judge = work / "judge.in"
    judge.write_text(f"{count}\n" + "".join(b + "\n" for b in boards(random.Random(10561), count)))
    grundy = [sys.executable, "-m", "grundy"]
    route = ["treblecross", "--main", "--input", "cases", "--winning-moves"]
    for lang, name in (("cpp", "treble.cpp"), ("python", "treble.py")):
        source = subprocess.run([*grundy, "export", *route, "--lang", lang], capture_output=True, text=True,
                                check=True).stdout
        (work / name).write_text(source)
    subprocess.run(["g++", "-O2", "-std=c++17", "-o", str(work / "treble"), str(work / "treble.cpp")],
                   check=True)
    routes = [("solve --input", [*grundy, "solve", "treblecross", "--input", "cases", "-",
                                 "--winning-moves"]),
              ("C++ program", [str(work / "treble")]),
              ("Python program", [sys.executable, str(work / "treble.py")])]
    print(f"load: {os.getloadavg()[0]:.2f}; T = {count:,} boards of 200 cells")
    answers = set()
    for title, argv in routes:
        wall, cpu, peak, status = run(argv, judge)
        print(f"{title:16} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")
        answers.add(subprocess.run(argv, stdin=judge.open("rb"), capture_output=True).stdout)
    print(f"the three routes print the same lines: {len(answers) == 1}")


if __name__ == "__main__":
    main()
