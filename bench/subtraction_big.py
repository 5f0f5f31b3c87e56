"""Subtraction games with a huge member (Codeforces 1194D "1-2-K Game"): the runs of values
(:mod:`grundy.tables.subtraction_runs`) prove their period without a table of ``max S`` values.

1. Steps, runs and seconds of :func:`runs_period` for 1-2-K (``k`` from 10^3 to 10^18, both
   ``k % 3 == 0`` and not) and a few other sets with huge members;
2. CPU time of the exported Python and C++ (``g++ -O2``) programs (``grundy export
   'subtraction(S)' --main --input single --params each``) on CF 1194D's largest input:
   ``T = 100`` cases ``3 1 2 k n``, ``k, n <= 10^9``, half of the ``k`` multiples of 3 (each case
   a new set: its period proved again).

Run from the repository root::

    python bench/subtraction_big.py
"""

from __future__ import annotations

import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grundy.tables.subtraction_runs import RunSteps, runs_period  # noqa: E402

SETS = [(1, 2, 10**k + d) for k in (3, 9, 18) for d in (0, 2)] + [
    (3, 5, 10**9 + 7), (1, 2, 3, 4, 5, 10**18 - 7), (1, 4, 10**6 + 3, 10**9 + 9), (2, 10**17, 3 * 10**17 + 1)]


def cf1194d_input(seed: int = 1) -> str:
    rng = random.Random(seed)
    lines = []
    for i in range(100):
        k = rng.randint(3, 10**9)
        if i % 2 == 0:
            k = max(3, k // 3 * 3)
        lines.append(f"3 1 2 {k} {rng.randint(0, 10**9)}")
    return "100\n" + "\n".join(lines) + "\n"


def timed(cmd: list[str], text: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, input=text, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    print("set | least period | preperiod | runs | steps | seconds")
    for s in SETS:
        steps = RunSteps(10**8)
        t0 = time.perf_counter()
        found = runs_period(s, steps)
        seconds = time.perf_counter() - t0
        print(f"{s} | {found.period} | {found.preperiod} | {len(found.runs.starts)} | {steps.spent} | "
              f"{seconds:.4f}")
    source = subprocess.run([sys.executable, "-m", "grundy", "export", "subtraction(S)", "--main",
                             "--lang", "python", "--input", "single", "--params", "each"],
                            capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}).stdout
    path = Path("/tmp/grundy_cf1194d.py")
    path.write_text(source)
    text = cf1194d_input()
    best = min(timed([sys.executable, "-S", str(path)], text) for _ in range(5))
    print(f"CF 1194D, T = 100, k, n <= 10^9: Python program {best:.3f} s CPU (best of 5)")
    if shutil.which("g++"):
        cpp = subprocess.run([sys.executable, "-m", "grundy", "export", "subtraction(S)", "--main",
                              "--lang", "cpp", "--input", "single", "--params", "each"],
                             capture_output=True, text=True, check=True,
                             env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}).stdout
        Path("/tmp/grundy_cf1194d.cpp").write_text(cpp)
        subprocess.run(["g++", "-std=c++17", "-O2", "-o", "/tmp/grundy_cf1194d", "/tmp/grundy_cf1194d.cpp"],
                       check=True)
        best = min(timed(["/tmp/grundy_cf1194d"], text) for _ in range(5))
        print(f"CF 1194D, T = 100, k, n <= 10^9: C++ program {best:.3f} s CPU (best of 5)")


if __name__ == "__main__":
    main()
