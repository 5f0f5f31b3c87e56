"""AtCoder ABC 255 G "Constrained Nim" (tests/contest/test_forbidden_nim.py) at its full constraints:
``N = M = 2·10^5``, piles and pairs up to 10^18, each route in one process: wall and CPU seconds
(user + system of the child) and peak memory (GNU ``/usr/bin/time``, needed). Two inputs, seeded:

- ``random``: piles uniform in [1, 10^18], pairs ``X`` uniform in [1, 10^18], ``Y`` in [1, X];
- ``dense``: every pair on 2,000 heaps near 10^18 (100 pairs each, chains of lowered heaps: each
  heap may not move to the 100 listed heaps below it, nor take all), piles at and between them.

Routes: ``solve 'forbidden-nim(P)' --input counted --params counts-first`` and the programs of
``export`` with the same layout (C++ built with ``g++ -O2``).

Run: ``prlimit --as=8000000000 python bench/forbidden_nim.py``.
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

N = M = 2 * 10**5
TOP = 10**18


def inputs(rng: random.Random) -> dict[str, str]:
    piles = [rng.randint(1, TOP) for _ in range(N)]
    pairs = []
    for _ in range(M):
        x = rng.randint(1, TOP)
        pairs.append((x, rng.randint(1, x)))
    plain = f"{N} {M}\n{' '.join(map(str, piles))}\n" + "".join(f"{x} {y}\n" for x, y in pairs)
    heaps = [TOP - 3 * k for k in range(2000)][::-1]
    dense = []
    for i, x in enumerate(heaps):
        dense.append((x, x))
        dense += [(x, x - heaps[j]) for j in range(max(0, i - 99), i)]
    dense = dense[:M]
    piles = [rng.choice(heaps) + rng.randint(0, 2) for _ in range(N)]
    chains = f"{N} {len(dense)}\n{' '.join(map(str, piles))}\n" + "".join(f"{x} {y}\n" for x, y in dense)
    return {"random": plain, "dense": chains}


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    for name, text in inputs(random.Random(255)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy"]
    route = ["forbidden-nim(P)", "--main", "--input", "counted", "--params", "counts-first"]
    source = subprocess.run([*grundy, "export", *route, "--lang", "cpp"], capture_output=True, text=True,
                            check=True).stdout
    (work / "forbid.cpp").write_text(source)
    subprocess.run(["g++", "-O2", "-o", str(work / "forbid"), str(work / "forbid.cpp")], check=True)
    source = subprocess.run([*grundy, "export", *route, "--lang", "python"], capture_output=True,
                            text=True, check=True).stdout
    (work / "forbid.py").write_text(source)
    routes = [("solve --input", [*grundy, "solve", route[0], *route[2:], "-"]),
              ("C++ program", [str(work / "forbid")]),
              ("Python program", [sys.executable, str(work / "forbid.py")])]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for name in ("random", "dense"):
        answers = set()
        for title, argv in routes:
            wall, cpu, peak, status = run(argv, work / f"{name}.in")
            print(f"{name:7} {title:16} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  "
                  f"exit {status}")
            done = subprocess.run(argv, stdin=(work / f"{name}.in").open("rb"), capture_output=True)
            answers.add(done.stdout)
        print(f"{name:7} the three routes print the same line: {len(answers) == 1} ({answers.pop()!r})")


if __name__ == "__main__":
    main()
