"""Grundy's game tables: the sparse-space kernel against plain mex loops, same run.

Grundy's game is not an octal game (its splits must be unequal), so the C reference has no mode
for it; the closest baseline is ``ref_sg octal N 4.0`` (split a heap into any two non-empty
heaps): the same N²/4 split loop, with equal parts allowed. The benchmark

1. builds ``../shared/bench/ref_sg.c`` with ``gcc -O2`` and times it on ``octal 4.0`` to N;
2. times grundy's plain kernel (the same loop, compiled by numba) and the sparse-space kernel on
   Grundy's game to N, and checks that both give the same table;
3. times ``grundy table grundy-game --upto 1000000 --summary`` (the whole command: start-up,
   numba cache load, compute) and reports its peak memory;
4. CSES 2207 at full size (``t`` = 10^5 heaps up to 10^6: 1..2000, seeded random ones, 10^6): the
   programs of ``grundy export grundy-game --main --input single`` (C++: the sparse-space method at
   run time) and of ``... --outcome --upto 1000000`` (C++ and Python: the P-positions of grundy's
   table), each run on that input, and ``grundy solve grundy-game --input single`` on it; every
   program's outcomes are compared with solve's. CPU seconds and peak memory of each process.

CPU seconds (user + system of each process) are reported next to wall time because this machine
is shared; ratios use CPU time. Run from the repository root::

    python bench/grundy_game.py            # N = 200000 for the ratios, then 10^6 (about a minute)
    python bench/grundy_game.py --n 100000 # a quicker ratio run
    python bench/grundy_game.py --judge-only   # only step 4 (CSES 2207 at full size)
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF_C = ROOT.parent / "shared" / "bench" / "ref_sg.c"

KERNEL = """
import resource, sys, time
import numpy as np
from grundy.tables.kernels.grundy_game import grundy_game_table
n, method = int(sys.argv[1]), sys.argv[2]
grundy_game_table(1000, method=method)  # JIT (or cache load) outside the timing
t = time.process_time()  # CPU time: the machine is shared, the kernel single-threaded
values = grundy_game_table(n, method=method)
dt = time.process_time() - t
np.save(sys.argv[3], values)
print(dt, int(values.max()), int(values.astype(np.int64).sum()))
"""


def run(cmd: list[str]) -> tuple[float, float, int, str]:
    """Run ``cmd``; return (wall s, CPU s, peak RSS MB, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = after.ru_maxrss // 1024  # the largest child so far (kB on Linux)
    return wall, cpu, peak, done.stdout


def peak_of(cmd: list[str]) -> tuple[float, float, int, str]:
    """Like :func:`run`, with the peak memory of this one process (via /usr/bin/time if present)."""
    gnu_time = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    if gnu_time is None:
        return run(cmd)
    with tempfile.NamedTemporaryFile(suffix=".txt") as report:
        wall, cpu, _, out = run([gnu_time, "-f", "%M", "-o", report.name, *cmd])
        peak = int(Path(report.name).read_text().split()[-1]) // 1024
    return wall, cpu, peak, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200_000, help="table size for the ratio runs")
    parser.add_argument("--big", type=int, default=1_000_000, help="table size of the CLI run")
    parser.add_argument("--judge-only", action="store_true", help="only CSES 2207 at full size")
    args = parser.parse_args()
    if args.judge_only:
        judge(args.big)
        return
    n = args.n
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "ref_sg"
        subprocess.run(["gcc", "-O2", "-o", str(exe), str(REF_C)], check=True)
        c_wall, c_cpu, _, _ = run([str(exe), "octal", str(n), "4.0"])
        print(f"C ref_sg octal {n} 4.0 (naive split loop):        wall {c_wall:7.2f} s  cpu {c_cpu:7.2f} s")
        results = {}
        for method in ("plain", "sparse"):
            out_file = str(Path(tmp) / f"{method}.npy")
            wall, cpu, peak, out = peak_of([sys.executable, "-c", KERNEL, str(n), method, out_file])
            kernel_s = float(out.split()[0])
            results[method] = (kernel_s, out_file, out.split()[1:])
            print(f"grundy {method:6} kernel, Grundy's game to {n}:    kernel cpu {kernel_s:7.2f} s  "
                  f"(process cpu {cpu:.2f} s, peak {peak} MB)")
        import numpy as np

        same = np.array_equal(np.load(results["plain"][1]), np.load(results["sparse"][1]))
        print(f"plain and sparse tables identical: {same}  (max, checksum: {results['sparse'][2]})")
        if not same:
            raise SystemExit("MISMATCH between the plain and the sparse kernel")
        print(f"ratio C naive cpu / grundy sparse kernel:  {c_cpu / results['sparse'][0]:8.1f}x")
        speedup = results["plain"][0] / results["sparse"][0]
        print(f"ratio grundy plain / grundy sparse kernel: {speedup:8.1f}x")
    cmd = [sys.executable, "-m", "grundy", "table", "grundy-game", "--upto", str(args.big), "--summary"]
    wall, cpu, peak, out = peak_of(cmd)
    print(f"grundy table grundy-game --upto {args.big} --summary: wall {wall:.2f} s, cpu {cpu:.2f} s, "
          f"peak {peak} MB")
    print("  " + "\n  ".join(out.strip().splitlines()[1:]))
    judge(args.big)


def judge(big: int, cases: int = 100_000) -> None:
    """CSES 2207 at full size: the exported programs and ``solve --input`` on one judge input."""
    import random

    rng = random.Random(2207)
    heaps = [*range(1, 2001), *(rng.randint(1, big) for _ in range(cases - 2001)), big]  # (every
    rng.shuffle(heaps)  # P-position of Grundy's game up to 10^6 is below 1223)
    text = f"{cases}\n" + "\n".join(map(str, heaps)) + "\n"
    grundy = [sys.executable, "-m", "grundy"]
    with tempfile.TemporaryDirectory() as tmp:
        judge_in = Path(tmp) / "judge.in"
        judge_in.write_text(text)

        def timed(label: str, cmd: list[str]) -> str:
            with judge_in.open() as stdin:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                gnu_time = shutil.which("time") or "/usr/bin/time"
                report = Path(tmp) / "peak.txt"
                done = subprocess.run([gnu_time, "-f", "%M", "-o", str(report), *cmd], stdin=stdin,
                                      capture_output=True, text=True)
                wall = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            peak = int(report.read_text().split()[-1]) // 1024
            print(f"{label:58} wall {wall:6.2f} s  cpu {cpu:6.2f} s  peak {peak:4} MB")
            return done.stdout

        def exported(name: str, *argv: str) -> Path:
            path = Path(tmp) / name
            out = timed(f"grundy export {' '.join(argv)}", [*grundy, "export", *argv])
            path.write_text(out)
            return path

        solved = timed("grundy solve grundy-game --input single", [*grundy, "solve", "grundy-game", "--input",
                                                                   "single", str(judge_in)])
        want = ["N" if line.endswith("N") else "P" for line in solved.splitlines()]
        base = ("grundy-game", "--main", "--input", "single")
        sources = {"sparse.cpp": exported("sparse.cpp", *base),
                   "outcome.cpp": exported("outcome.cpp", *base, "--outcome", "--upto", str(big)),
                   "outcome.py": exported("outcome.py", *base, "--outcome", "--upto", str(big), "--lang",
                                          "python")}
        for name, source in sources.items():
            print(f"  {name}: {source.stat().st_size:,} bytes")
            if name.endswith(".cpp"):
                exe = source.with_suffix("")
                subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(exe), str(source)], check=True)
                cmd = [str(exe)]
            else:
                cmd = [sys.executable, "-S", str(source)]
            out = timed(f"  {name} on {cases:,} heaps up to {big:,}", cmd)
            got = ["N" if line.endswith("N") else "P" for line in out.splitlines()]
            if got != want:
                raise SystemExit(f"MISMATCH: {name} and grundy solve disagree")
        print(f"  the outcomes of every program agree with solve's ({want.count('P'):,} P-positions "
              f"asked)")


if __name__ == "__main__":
    main()
