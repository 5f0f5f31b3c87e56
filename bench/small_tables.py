"""What a small table and a 200,000-heap table cost end to end, against their yardsticks.

Runs, interleaved, ``grundy solve nim 3``, ``grundy table 'octal(0.6)' --upto 100`` (with and
without ``--no-patterns``) and ``--upto 300``, ``grundy table 'octal(0.16)' --upto 200000``
(with and without ``--no-patterns``) and the plain mex loop in C (``ref_sg octal 200001 0.16``,
built from ``../shared/bench/ref_sg.c`` with ``gcc -O2``), and prints each command's median CPU
seconds (user + system of the child, as ``/usr/bin/time -f '%U %S'`` reports them) and its ratio
to ``solve nim 3`` or to the C loop (docs/octal.md, "Tables at speed").

Bytecode is compiled once and reused, as in an installed package: the children run with
``PYTHONPYCACHEPREFIX`` (a fixed directory, default ``/tmp/grundy-bench-pyc``) and without
``PYTHONDONTWRITEBYTECODE`` (with an editable install and that variable set, every run would
recompile every module); one warm-up round also fills numba's cache.

    gcc -O2 -o /tmp/ref_sg ../shared/bench/ref_sg.c
    python bench/small_tables.py --ref /tmp/ref_sg --repeat 7
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess

NIM = "solve nim 3"
C_LOOP = "ref_sg octal 200001 0.16"
TABLES = ["table octal(0.6) --upto 100", "table octal(0.6) --upto 100 --no-patterns",
          "table octal(0.6) --upto 300", "table octal(0.16) --upto 200000",
          "table octal(0.16) --upto 200000 --no-patterns"]


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one run of ``argv`` (its output discarded)."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({process.returncode})")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="interleaved rounds (median of these)")
    parser.add_argument("--ref", help="the C loop, built from ../shared/bench/ref_sg.c (omit: no C row)")
    parser.add_argument("--grundy", default=shutil.which("grundy") or "grundy", help="the grundy command")
    parser.add_argument("--pyc", default="/tmp/grundy-bench-pyc", help="PYTHONPYCACHEPREFIX of the runs")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = args.pyc
    commands: dict[str, list[str]] = {NIM: [args.grundy, *NIM.split()]}
    commands.update({t: [args.grundy, *t.split()] for t in TABLES})
    if args.ref:
        commands[C_LOOP] = [args.ref, *C_LOOP.split()[1:]]
    for argv in commands.values():  # warm-up: bytecode written, numba's cache filled
        if argv[0] != args.ref:
            cpu_seconds(argv, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.repeat):
        for name, argv in commands.items():
            times[name].append(cpu_seconds(argv, env))
    median = {name: statistics.median(t) for name, t in times.items()}
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; medians of {args.repeat} interleaved runs")
    for name in commands:
        against = median[C_LOOP] if "200000" in name and C_LOOP in median else median[NIM]
        yardstick = "the C loop" if "200000" in name and C_LOOP in median else NIM
        ratio = "" if name in (NIM, C_LOOP) else f"  {median[name] / against:.3f}x {yardstick}"
        print(f"{name:48s} {median[name]:7.3f} s CPU{ratio}")


if __name__ == "__main__":
    main()
