"""What a small table and a 200,000-heap table cost end to end, against their yardsticks.

Runs, interleaved, ``grundy solve nim 3``, ``grundy table 'octal(0.6)' --upto 100`` (with and
without ``--no-patterns``) and ``--upto 300``, ``grundy table 'octal(0.16)' --upto 200000``
(with and without ``--no-patterns``) and the plain mex loop in C (``ref_sg octal 200001 0.16``,
built from ``../shared/bench/ref_sg.c`` with ``gcc -O2``), and prints each command's median CPU
seconds (user + system of the child, as ``/usr/bin/time -f '%U %S'`` reports them) and its ratio
to ``solve nim 3`` or to the C loop (docs/octal.md, "Tables at speed").

The formula search's spaces are kept in a fresh directory (``GRUNDY_SEARCH_CACHE``), filled by
the warm-up round as a first run of each command would fill ``~/.cache/grundy-search``; the rows
marked ``[space not kept]`` run with it empty, as that first run does (then the search replays a
space shipped with the package where there is one for its key, else it runs), for each tree.

Bytecode is compiled once and reused, as in an installed package: the children run with
``PYTHONPYCACHEPREFIX`` (a fixed directory, default ``/tmp/grundy-bench-pyc``) and without
``PYTHONDONTWRITEBYTECODE`` (with an editable install and that variable set, every run would
recompile every module); one warm-up round also fills numba's cache.

    gcc -O2 -o /tmp/ref_sg ../shared/bench/ref_sg.c
    python bench/small_tables.py --ref /tmp/ref_sg --repeat 7

``--before SRC`` also runs every ``grundy`` command with ``PYTHONPATH=SRC`` (another checkout's
``src``, e.g. the commit before a change: ``git archive HEAD src | tar -x -C /tmp/before``),
interleaved with the others, and prints both columns.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile

NIM = "solve nim 3"
C_LOOP = "ref_sg octal 200001 0.16"
TABLES = ["table octal(0.6) --upto 100", "table octal(0.6) --upto 100 --no-patterns",
          "table octal(0.6) --upto 300", "table octal(0.16) --upto 200000",
          "table octal(0.16) --upto 200000 --no-patterns"]
UNKEPT = " [space not kept]"
"""A row run with ``GRUNDY_SEARCH_CACHE`` empty, as a first run is: no space of the formula search
is kept on disk, and the search replays one shipped with the package (grundy.patterns.space)
where there is one for its key, else runs (with numpy)."""
UNKEPT_TABLES = ["table octal(0.6) --upto 100", "table octal(0.6) --upto 300",
                 "table octal(0.16) --upto 200000"]


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
    parser.add_argument("--before", metavar="SRC", help="also run grundy with PYTHONPATH=SRC (interleaved)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = args.pyc
    spaces = tempfile.TemporaryDirectory(prefix="grundy-bench-search-")  # (removed at the end)
    env["GRUNDY_SEARCH_CACHE"] = spaces.name
    envs = {"": env}
    if args.before:
        envs["before"] = {**env, "PYTHONPATH": args.before,
                          "PYTHONPYCACHEPREFIX": args.pyc.rstrip("/") + "-before"}
    commands: dict[str, list[str]] = {NIM: [args.grundy, *NIM.split()]}
    commands.update({t: [args.grundy, *t.split()] for t in TABLES})
    commands.update({t + UNKEPT: [args.grundy, *t.split()] for t in UNKEPT_TABLES})
    if args.ref:
        commands[C_LOOP] = [args.ref, *C_LOOP.split()[1:]]
    for tree in list(envs):  # (each tree's rows with no space kept on disk)
        envs[tree + UNKEPT] = {**envs[tree], "GRUNDY_SEARCH_CACHE": ""}
    runs = [(name, tree) for name in commands for tree in envs
            if tree.endswith(UNKEPT) == name.endswith(UNKEPT)
            and (tree.removesuffix(UNKEPT) == "" or commands[name][0] != args.ref)]
    for name, tree in runs:  # warm-up: bytecode written, numba's cache filled, spaces kept
        if commands[name][0] != args.ref:
            cpu_seconds(commands[name], envs[tree])
    times: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    for _ in range(args.repeat):
        for name, tree in runs:
            times[name, tree].append(cpu_seconds(commands[name], envs[tree]))
    spaces.cleanup()
    median = {run: statistics.median(t) for run, t in times.items()}
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; medians of {args.repeat} interleaved runs")
    for name in commands:
        for tree in envs:
            if (name, tree) in median:
                label = tree.removesuffix(UNKEPT)
                print(f"{name + (' (' + label + ')' if label else ''):76s} {_row(name, tree, median)}")


def _row(name: str, tree: str, median: dict[tuple[str, str], float]) -> str:
    """The command's median CPU seconds and its ratio to its yardstick (run from the same tree)."""
    seconds = median[name, tree]
    if name in (NIM, C_LOOP):
        return f"{seconds:7.3f} s CPU"
    big = "200000" in name and (C_LOOP, "") in median
    against = median[C_LOOP, ""] if big else median[NIM, tree.removesuffix(UNKEPT)]
    return f"{seconds:7.3f} s CPU  {seconds / against:.3f}x {'the C loop' if big else NIM}"


if __name__ == "__main__":
    main()
