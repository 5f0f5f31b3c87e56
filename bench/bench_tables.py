"""Table benchmarks: ``grundy table … --summary`` against the C reference ``ref_sg.c``, same run.

Builds ``../shared/bench/ref_sg.c`` with ``gcc -O2``, runs each case through both (wall time of
the whole process, numba start-up and JIT cache loading included), checks that the checksums
(sum of all values), largest values and first 20 values agree, and prints the ratios. Also
reports time and peak memory of the long octal(0.16) tables.

Run from the repository root::

    python bench/bench_tables.py            # all cases (about two minutes on 2 cores)
    python bench/bench_tables.py --quick    # the two cheapest bars only
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF_C = ROOT.parent / "shared" / "bench" / "ref_sg.c"
SUB_SET = "1,3,4,7,11,13,17,19,23,29"


CPU: dict[str, float] = {}
"""CPU seconds (user + system) of the last run of each command line, for load-independent ratios."""


def timed(cmd: list[str]) -> tuple[float, int, str]:
    """Run ``cmd``; return (wall seconds, peak RSS in MB, stdout); record its CPU time in CPU."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    CPU[" ".join(cmd)] = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss // 1024  # Linux: kB
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{err}")
    return wall, peak, out


def build_reference() -> str:
    target = Path(tempfile.gettempdir()) / "grundy_ref_sg"
    subprocess.run(["gcc", "-O2", "-o", str(target), str(REF_C)], check=True)
    return str(target)


def c_run(ref: str, mode: str, n: int, arg: str) -> tuple[float, float, dict[str, object]]:
    cmd = [ref, mode, str(n), arg]
    wall, _, out = timed(cmd)
    parts = out.split()
    data = {"checksum": int(parts[1]), "max": int(parts[3]), "first": [int(x) for x in parts[5:]]}
    return wall, CPU[" ".join(cmd)], data


def grundy_run(spec: str, n: int, method: str) -> tuple[float, float, int, dict[str, object]]:
    exe = shutil.which("grundy") or sys.executable
    cmd = [exe] if exe.endswith("grundy") else [exe, "-m", "grundy"]
    cmd += ["table", spec, "--upto", str(n), "--summary", "--json", "--method", method]
    wall, peak, out = timed(cmd)
    return wall, CPU[" ".join(cmd)], peak, json.loads(out)


_KERNEL_ONLY = """
import sys, time
import numpy as np
from grundy import load_game
from grundy.tables.analysis import analyze
game = load_game(sys.argv[1])
analyze(game, 3000, sys.argv[3])  # imports numpy/numba and loads the compiled kernels
start = time.process_time()
analyze(game, int(sys.argv[2]), sys.argv[3])
print(time.process_time() - start)
"""


def kernel_only(spec: str, n: int, method: str) -> float:
    """CPU seconds of ``analyze`` alone, in a process where numba is already loaded."""
    out = subprocess.run([sys.executable, "-c", _KERNEL_ONLY, spec, str(n), method],
                         capture_output=True, text=True, check=True).stdout
    return max(float(out.strip()), 1e-4)


def same(c: dict[str, object], g: dict[str, object]) -> bool:
    return all(c[k] == g[k] for k in ("checksum", "max", "first"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the two cheapest bars")
    args = parser.parse_args()
    ref = build_reference()
    grundy_run("kayles", 10, "auto")  # warm numba's on-disk cache, as any second run would have it
    grundy_run("octal(0.16)", 20_000, "sparse")
    grundy_run("octal(0.16)", 20_000, "plain")
    grundy_run(f"subtraction({SUB_SET})", 10**5, "plain")

    cases = [  # (label, spec, N, method, C mode, C arg, bar: "<= x" or ">= x faster")
        ("subtraction to 1e8 (auto)", f"subtraction({SUB_SET})", 10**8, "auto", "sub", SUB_SET, ("le", 1.5)),
        ("subtraction to 1e8 (plain kernel)", f"subtraction({SUB_SET})", 10**8, "plain", "sub", SUB_SET,
         ("le", 1.5)),
        ("octal(0.07) to 1e5 (plain)", "octal(0.07)", 10**5, "plain", "octal", "0.07", ("le", 1.5)),
    ]
    if not args.quick:
        cases += [
            ("octal(0.07) to 2e5 (auto)", "octal(0.07)", 2 * 10**5, "auto", "octal", "0.07", ("ge", 20)),
            ("octal(0.16) to 2e5 (auto)", "octal(0.16)", 2 * 10**5, "auto", "octal", "0.16", ("ge", 10)),
        ]
    print("wall: elapsed seconds of the whole process; cpu: user + system seconds (load-independent);")
    print("kernel: CPU seconds of analyze() alone, numpy and numba already loaded (vs C's CPU seconds)")
    print(f"{'case':36} {'C wall':>7} {'ours':>6} {'C cpu':>7} {'ours':>6} {'kernel':>7}  {'wall ratio':>12} "
          f"{'cpu ratio':>12} {'kernel ratio':>13}  bar (wall)     ok  same table")
    failed = False
    for label, spec, n, method, mode, arg, (kind, bar) in cases:
        c_wall, c_cpu, c_data = c_run(ref, mode, n, arg)
        g_wall, g_cpu, _, g_data = grundy_run(spec, n, method)

        def show(c: float, g: float, le: bool) -> str:
            return f"{g / c:.3f}×" if le else f"{c / g:.1f}× faster"

        ok = g_wall / c_wall <= bar if kind == "le" else c_wall / g_wall >= bar
        text = f"≤ {bar}× C" if kind == "le" else f"≥ {bar}× faster"
        agree = same(c_data, g_data)
        failed |= not (ok and agree)
        kernel = kernel_only(spec, n, method)
        print(f"{label:36} {c_wall:7.2f} {g_wall:6.2f} {c_cpu:7.2f} {g_cpu:6.2f} {kernel:7.3f}  "
              f"{show(c_wall, g_wall, kind == 'le'):>12} {show(c_cpu, g_cpu, kind == 'le'):>12} "
              f"{show(c_cpu, kernel, kind == 'le'):>13}  {text:14} {'yes' if ok else 'NO':3} "
              f"{'yes' if agree else 'NO'}")
    if not args.quick:
        print()
        print(f"{'long table':38} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}  result")
        long_cases = [("octal(0.16)", 10**6, "auto"), ("octal(0.16)", 10**6, "sparse"),
                      ("octal(0.16)", 600_000, "sparse")]
        if _registered("grundy-game"):
            long_cases.append(("grundy-game", 10**6, "auto"))
        for spec, n, method in long_cases:
            wall, cpu, peak, data = grundy_run(spec, n, method)
            found = (f"period {data['period']} preperiod {data['preperiod']} "
                     f"{'proved' if data['proved'] else 'observed' if data['period'] else 'no period'}")
            name = f"{spec} to {n:,} ({method})"
            print(f"{name:38} {wall:7.2f} {cpu:6.2f} {peak:8d}  "
                  f"{found}; max {data['max']}; {data['method']}")
    sys.exit(1 if failed else 0)


def _registered(name: str) -> bool:
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-m", "grundy", "list", "--json"], capture_output=True,
                         text=True, env=env).stdout
    return any(entry["name"] == name for entry in json.loads(out or "[]"))


if __name__ == "__main__":
    main()
