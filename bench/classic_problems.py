"""Classic judge problems of this round (tests/contest/test_classic_problems.py,
test_sum_problems.py, test_fresh_problems.py) at their full constraints, each by the route its
test takes, one process per route: wall and CPU seconds (user + system of the child) and peak
memory (GNU ``/usr/bin/time``, needed). The inputs are made here, seeded:

- HDU 2177 (Wythoff, every winning move): 10^4 lines of pairs up to 10^6, the C++ and Python
  programs of ``export wythoff --main --input repeated --winning-moves``;
- Luogu P4018 / P4860: ``T`` = 10^6 heaps up to 5·10^7, the programs of ``export
  'subtraction(prime-powers)'`` (and ``primes-and-1``) ``--main --input single``;
- HDU 5011 (Lasker's Nim): one case of 10^6 piles up to 10^9, ``export lasker-nim --main --input
  repeated``;
- HDU 1851 (piles ``M L``, Bash with its own ``L``): 100 cases of 10^4 piles up to 10^9, the
  programs of ``export 'bash(m)' --main --input cases --params sum-last``, and ``solve 'bash(m)'
  --input cases --params sum-last`` on the same input;
- HDU 5724 (rows ``m p1..pm`` of a 1 x 20 board) as the judge writes them: 10 cases of 1,000
  rows, ``solve --input cases --params sum`` of a game of one's own on tuples, ``--limit 10^8``.

Run: ``prlimit --as=8000000000 python bench/classic_problems.py``.
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

RULES = '''
import grundy

@grundy.game("bench-chess-row")
def row(cells):
    occupied = set(cells)
    out = []
    for c in cells:
        to = c + 1
        while to in occupied:
            to += 1
        if to <= 20:
            out.append(tuple(sorted((occupied - {c}) | {to})))
    return out
'''


def inputs(rng: random.Random) -> dict[str, str]:
    pairs = "".join(f"{rng.randint(0, 10**6)} {rng.randint(0, 10**6)}\n" for _ in range(10**4)) + "0 0\n"
    heaps = "\n".join(str(rng.randint(1, 5 * 10**7)) for _ in range(10**6))
    piles = f"{10**6}\n" + " ".join(str(rng.randint(1, 10**9)) for _ in range(10**6)) + "\n"
    sums = "100\n" + "".join(
        "10000\n" + "".join(f"{rng.randint(1, 10**9)} {rng.randint(1, 10**9)}\n" for _ in range(10**4))
        for _ in range(100))
    rows = "10\n" + "".join(
        "1000\n" + "".join(f"{len(r)} {' '.join(map(str, r))}\n"
                           for r in (rng.sample(range(1, 21), rng.randint(1, 20)) for _ in range(1000)))
        for _ in range(10))
    return {"2177": pairs, "4018": f"{10**6}\n{heaps}\n", "5011": piles, "1851": sums, "5724": rows}


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    (work / "rules.py").write_text(RULES)
    for name, text in inputs(random.Random(2026)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy", "--rules", str(work / "rules.py")]

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

    wythoff = ["wythoff", "--main", "--input", "repeated", "--winning-moves"]
    powers = ["subtraction(prime-powers)", "--main", "--input", "single"]
    primes = ["subtraction(primes-and-1)", "--main", "--input", "single"]
    lasker = ["lasker-nim", "--main", "--input", "repeated"]
    bash = ["bash(m)", "--main", "--input", "cases", "--params", "sum-last"]
    routes = [
        ("HDU 2177 C++ program", "2177", export("wythoff", *wythoff)),
        ("HDU 2177 Python program", "2177", export("wythoff.py", *wythoff)),
        ("P4018 C++ program", "4018", export("powers", *powers)),
        ("P4018 Python program", "4018", export("powers.py", *powers)),
        ("P4860 C++ program", "4018", export("primes", *primes)),
        ("P4860 Python program", "4018", export("primes.py", *primes)),
        ("HDU 5011 C++ program", "5011", export("lasker", *lasker)),
        ("HDU 5011 Python program", "5011", export("lasker.py", *lasker)),
        ("HDU 1851 C++ program", "1851", export("bash", *bash)),
        ("HDU 1851 Python program", "1851", export("bash.py", *bash)),
        ("HDU 1851 solve --input", "1851", [*grundy, "solve", *bash[:1], *bash[2:], "-"]),
        ("HDU 5724 solve --input (rows)", "5724",
         [*grundy, "solve", "bench-chess-row", "--input", "cases", "--params", "sum", "-",
          "--limit", "100000000"]),
    ]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for title, name, argv in routes:
        wall, cpu, peak, status = run(argv, work / f"{name}.in")
        print(f"{title:34} wall {wall:7.2f} s  cpu {cpu:7.2f} s  peak {peak / 1024:6.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
