"""The family ``dynamic-subtraction(k)`` (POJ 3922 / HDU 2486), its parameter read per case: how
many runs its programs keep and how long they take on judge-sized inputs (n <= 10^8, k <= 10^5).

1. The runs of the sequence up to ``n = 10^8`` for ``k = floor(1.05^i)`` up to ``10^7`` (the
   bound proved in :mod:`grundy.export.kfold` is ``1.22·sqrt(n) + ln n + 4``, about 12,150),
   and up to ``2^64 - 1`` for a few ``k``;
2. CPU time of the exported Python and C++ (``g++ -O2``) programs on
   ``T = 10^4`` random cases (``n <= 10^8``, ``k <= 10^5``), and on ``T = 10^3`` cases of
   ``n = 10^8`` whose ``k`` alternates between 6,065 and 6,066 (near the most runs: the runs of
   the last ``k`` only are kept, so every case builds them again).

Run from the repository root::

    python bench/kfold_family.py
"""

from __future__ import annotations

import random
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def runs(k: int, n: int) -> int:
    """The runs the programs keep for the terms up to ``n`` (their construction, in Python)."""
    first: list[int] = []
    step: list[int] = []
    count: list[int] = []
    nxt, at, off = 1, 0, 0
    while nxt <= n:
        h = nxt
        d = first[at] + off * step[at] if at < len(first) else h
        c = k - (h + d - 1) // d + 1
        first.append(h)
        step.append(d)
        count.append(c)
        nxt = h + c * d
        off += 1
        if off == count[at]:
            at, off = at + 1, 0
    return len(first)


def timed(cmd: list[str], text: str) -> tuple[float, str]:
    """CPU seconds (user + system) of ``cmd`` fed ``text``, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, done.stdout


def main() -> None:
    n = 10**8
    ks = sorted(k for k in {int(1.05**i) for i in range(400)} | {6065} if k <= 10**7)
    worst = max((runs(k, n), k) for k in ks)
    print(f"most runs for n = 10^8 over {len(ks)} values of k: {worst[0]:,} (k = {worst[1]:,})")
    print("runs for n = 2^64 - 1: " + ", ".join(f"k = {k:,}: {runs(k, 2**64 - 1):,}"
                                                for k in (1, 2, 3, 1000, 10**4, 5 * 10**4)))
    args = ["dynamic-subtraction(k)", "--main", "--input", "single", "--params", "last"]
    grundy = [sys.executable, "-m", "grundy"]
    py = subprocess.run([*grundy, "export", *args, "--lang", "python"], capture_output=True, text=True,
                        check=True).stdout
    cpp = subprocess.run([*grundy, "export", *args, "--lang", "cpp"], capture_output=True, text=True,
                         check=True).stdout
    rng = random.Random(1)
    inputs = {
        "10^4 random cases": "10000\n" + "".join(f"{rng.randint(2, n)} {rng.randint(1, 10**5)}\n"
                                                  for _ in range(10**4)),
        "10^3 cases, k alternating 6065/6066": "1000\n" + "".join(f"{n} {6065 + i % 2}\n"
                                                                  for i in range(1000)),
    }
    with tempfile.TemporaryDirectory() as tmp:
        source, exe, script = Path(tmp) / "k.cpp", Path(tmp) / "k", Path(tmp) / "k.py"
        source.write_text(cpp)
        script.write_text(py)
        subprocess.run([shutil.which("g++") or "g++", "-std=c++17", "-O2", "-o", str(exe), str(source)],
                       check=True)
        for name, text in inputs.items():
            cpu_py, out_py = timed([sys.executable, str(script)], text)
            cpu_cpp, out_cpp = timed([str(exe)], text)
            assert out_py == out_cpp
            print(f"{name}: Python {cpu_py:.2f} s CPU, C++ {cpu_cpp:.3f} s CPU")


if __name__ == "__main__":
    main()
