"""AtCoder EDPC K "Stones" (``N K``, then ``a_1 .. a_N``; tests/contest/test_set_layouts.py) at
its full constraints, ``N = 100``, ``K = 10^5``, read with ``--params size-first``, by each route
(``solve --input``, the C++ and the Python programs of ``export``), one process per route: wall
and CPU seconds (user + system of the child) and peak memory (GNU ``/usr/bin/time``, needed). The
inputs are made here, seeded: 100 members drawn from ``1..10^5``, from ``90,000..10^5`` (a long
table before the period) and from ``1..1000``.

Run: ``prlimit --as=8000000000 python bench/set_layouts.py``.
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


def inputs(rng: random.Random) -> dict[str, str]:
    k = 10**5
    out = {}
    for name, low, high in (("wide", 1, k), ("high", 90_000, k), ("low", 1, 1000)):
        members = sorted(rng.sample(range(low, high + 1), 100))
        out[name] = f"100 {k}\n{' '.join(map(str, members))}\n"
    return out


def main() -> None:
    if shutil.which("g++") is None or not Path("/usr/bin/time").exists():
        sys.exit("needs g++ and GNU /usr/bin/time")
    work = Path(tempfile.mkdtemp())
    for name, text in inputs(random.Random(2026)).items():
        (work / f"{name}.in").write_text(text)
    grundy = [sys.executable, "-m", "grundy"]
    layout = ["subtraction(S)", "--input", "counted", "--params", "size-first"]
    python = subprocess.run([*grundy, "export", *layout, "--main", "--lang", "python"], capture_output=True,
                            text=True, check=True).stdout
    (work / "k.py").write_text(python)
    cpp = subprocess.run([*grundy, "export", *layout, "--main"], capture_output=True, text=True,
                         check=True).stdout
    (work / "k.cpp").write_text(cpp)
    subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(work / "k"), str(work / "k.cpp")], check=True)
    routes = [("solve --input", [*grundy, "solve", *layout, "-"]),
              ("C++ program", [str(work / "k")]),
              ("Python program", [sys.executable, "-S", str(work / "k.py")])]
    print(f"load: {os.getloadavg()[0]:.2f}")
    for name in ("wide", "high", "low"):
        for title, argv in routes:
            wall, cpu, peak, status = run(argv, work / f"{name}.in")
            print(f"EDPC K {name:5} {title:15} wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
                  f"peak {peak / 1024:5.0f} MB  exit {status}")


if __name__ == "__main__":
    main()
