"""grundy's misère quotients against Siegel's MisereSolver: same game, same heaps, same run.

MisereSolver (the program behind the quotients Plambeck and Siegel published) is not part of
grundy: ``../shared/bench/miseresolver/README.md`` says what it is and how to compile it with a
JDK (``javac -d /tmp/ms …``). This script only runs compiled classes (``--classpath``, default
``/tmp/ms``) and says so when there are none.

For each game (``CODE`` or ``CODE:N``) it runs, ``--repeat`` times and interleaved (so both see
the same machine load):

- MisereSolver's driver: heaps ``0..N``, or without ``N`` heap by heap until its periodicity
  check holds; ``MS_DUMP`` writes its quotient (order, P-portion, heap images, table);
- grundy in a fresh process: ``misere_quotient(octal(CODE), upto=N)`` (without ``N``: until the
  periodicity theorem proves it), the quotient written as JSON.

grundy's modules are compiled to byte-code before the first run (``compileall``, as installing
the package does; MisereSolver's classes are compiled too), so neither side's times include
compiling its source — which matters where ``PYTHONDONTWRITEBYTECODE`` is set: each run would
compile grundy's modules again (about 0.05 CPU s).

Both are whole-process figures: wall time, CPU time (user + system) and peak resident memory (the
child's ``ru_maxrss``). Then it checks the two quotients isomorphic: the map that sends grundy's
image of heap ``n`` to MisereSolver's (every heap both computed) extends, through products of heap
images, to a well-defined bijection that keeps every product and the P-portion. It prints the
facts (order, size of the P-portion, period, preperiod) of both, the median times and the ratios
grundy / MisereSolver of wall and of CPU time (below 1: grundy is faster; MisereSolver's CPU time
counts the JVM's compiler and collector threads too, so the wall ratio is the fairer one on an
idle machine, the CPU ratio on a loaded one).

    python bench/miseresolver.py 0.77 0.15 0.44 0.07:33 0.137:32 --repeat 3

With ``--against SRC`` (the ``src`` directory of another checkout of grundy, e.g. ``git worktree
add /tmp/before COMMIT``) the same child runs on that source too, interleaved with the other two,
and two more columns give its median CPU seconds with the ratio of this checkout's to it, and
whether the two wrote the same JSON byte for byte (the quotient, its numbering included):

    python bench/miseresolver.py 0.56:74 0.26:22 --repeat 3 --against /tmp/before/src
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

DEFAULT_CLASSPATH = Path("/tmp/ms")
DRIVER = "org.cgsuite.core.misere.solver.Driver"

CHILD = r"""
import json, sys
from grundy.catalog import load_game
from grundy.theory.quotient import misere_quotient
code, upto, out = sys.argv[1], sys.argv[2], sys.argv[3]
q = misere_quotient(load_game(f"octal({code})"), upto=int(upto) if upto else None, limit=10**12)
json.dump({"order": q.order, "p": list(q.p_portion), "prefn": list(q.heaps),
           "table": [list(r) for r in q.table], "period": q.period, "preperiod": q.preperiod,
           "status": q.status}, open(out, "w"))
"""


def timed(argv: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float, int]:
    """(stdout, wall s, CPU s, peak RSS bytes) of one child process (read with ``wait4``)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err, text=True, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode:
            sys.exit(f"{argv[0]} failed ({proc.returncode}): {err.read().strip()[-400:]}")
        return out.read(), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def isomorphism(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    """``None`` when the quotients ``a`` and ``b`` (order, p, prefn, table) are isomorphic by the
    map sending ``a``'s image of each heap to ``b``'s; else why not."""
    if a["order"] != b["order"]:
        return f"orders differ: {a['order']} and {b['order']}"
    ta, tb = a["table"], b["table"]
    common = min(len(a["prefn"]), len(b["prefn"]))
    f: dict[int, int] = {0: 0}
    for n in range(1, common):
        x, y = a["prefn"][n], b["prefn"][n]
        if f.setdefault(x, y) != y:
            return f"heap {n}: the map is not well defined"
    todo = list(f)
    gens = [(a["prefn"][n], b["prefn"][n]) for n in range(1, common)]
    while todo:  # close under multiplication by the heap images
        x = todo.pop()
        for ga, gb in gens:
            xa, yb = ta[x][ga], tb[f[x]][gb]
            if xa not in f:
                f[xa] = yb
                todo.append(xa)
            elif f[xa] != yb:
                return f"the map is not well defined at element {xa}"
    if len(f) != a["order"] or len(set(f.values())) != b["order"]:
        return "the heap images do not generate both quotients alike (not a bijection)"
    m = a["order"]
    if any(f[ta[x][y]] != tb[f[x]][f[y]] for x in range(m) for y in range(m)):
        return "a product is not kept"
    if sorted(f[x] for x in a["p"]) != sorted(b["p"]):
        return "the P-portion is not kept"
    return None


def misere_solver(classpath: Path, code: str, upto: int | None) -> tuple[dict[str, Any], float, float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "q.json"
        env = dict(os.environ, MS_DUMP=str(dump))
        argv = ["java", "-cp", str(classpath), DRIVER, code] + ([str(upto)] if upto is not None else [])
        out, wall, cpu, rss = timed(argv, env)
        data = json.loads(dump.read_text())
    found = re.search(r"Solution found: period (\d+), preperiod (\d+)", out)
    data["period"], data["preperiod"] = (int(found[1]), int(found[2])) if found else (None, None)
    return data, wall, cpu, rss


def grundy_side(code: str, upto: int | None, src: Path | None = None
                ) -> tuple[dict[str, Any], float, float, int, str]:
    """grundy's child on ``code`` (this checkout, or the source directory ``src``): the quotient,
    wall s, CPU s, peak RSS bytes and the JSON as written."""
    env = None if src is None else dict(os.environ, PYTHONPATH=str(src))
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "q.json"
        _, wall, cpu, rss = timed([sys.executable, "-c", CHILD, code, "" if upto is None else str(upto),
                                   str(dump)], env)
        text = dump.read_text()
        return json.loads(text), wall, cpu, rss, text


def facts(q: dict[str, Any]) -> str:
    period = "" if q["period"] is None else f", period {q['period']}, preperiod {q['preperiod']}"
    return f"order {q['order']}, |P| = {len(q['p'])}, heaps 0..{len(q['prefn']) - 1}{period}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["0.77", "0.15", "0.44"],
                        help="octal codes, CODE:N for heaps 0..N (default: until proved)")
    parser.add_argument("--classpath", type=Path, default=DEFAULT_CLASSPATH,
                        help="MisereSolver's compiled classes (see its README)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--against", type=Path, default=None,
                        help="the src directory of another checkout of grundy, run too (before/after)")
    args = parser.parse_args()
    if not (args.classpath / DRIVER.replace(".", "/")).with_suffix(".class").exists():
        sys.exit(f"no MisereSolver classes in {args.classpath}: compile them as its README says "
                 f"(javac -d {args.classpath} ...), or pass --classpath")
    spec = importlib.util.find_spec("grundy")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("grundy is not importable (set PYTHONPATH=src)")
    compileall.compile_dir(next(iter(spec.submodule_search_locations)), quiet=1)
    if args.against is not None:
        if not (args.against / "grundy").is_dir():
            sys.exit(f"--against {args.against}: no grundy package there (give a checkout's src)")
        compileall.compile_dir(args.against / "grundy", quiet=1)
    extra = " CPU s against / ratio | same JSON |" if args.against is not None else ""
    print("| game | MisereSolver | grundy | isomorphic | wall s (MS / grundy) | ratio | CPU s (MS / grundy) "
          "| CPU ratio | peak MB (MS / grundy) |" + extra)
    print("|---|---|---|---|---:|---:|---:|---:|---:|" + ("---:|---|" if extra else ""))
    for spec in args.games:
        code, _, top = spec.partition(":")
        upto = int(top) if top else None
        ms_runs, gr_runs, old_runs = [], [], []
        for _ in range(args.repeat):
            ms_runs.append(misere_solver(args.classpath, code, upto))
            gr_runs.append(grundy_side(code, upto))
            if args.against is not None:
                old_runs.append(grundy_side(code, upto, args.against))
        ms, gr = ms_runs[0][0], gr_runs[0][0]
        why = isomorphism(gr, ms)
        ms_wall, gr_wall = median(r[1] for r in ms_runs), median(r[1] for r in gr_runs)
        ms_cpu, gr_cpu = median(r[2] for r in ms_runs), median(r[2] for r in gr_runs)
        ms_rss, gr_rss = max(r[3] for r in ms_runs), max(r[3] for r in gr_runs)
        print(f"| {spec} | {facts(ms)} | {facts(gr)} | {'yes' if why is None else 'NO: ' + why} "
              f"| {ms_wall:.2f} / {gr_wall:.2f} | {gr_wall / ms_wall:.2f} | {ms_cpu:.2f} / {gr_cpu:.2f} "
              f"| {gr_cpu / ms_cpu:.2f} | {ms_rss / 2**20:.0f} / {gr_rss / 2**20:.0f} |"
              + against(gr_runs, old_runs), flush=True)


def against(gr_runs: list[tuple[Any, ...]], old_runs: list[tuple[Any, ...]]) -> str:
    """The two columns of ``--against`` (empty without it): the other checkout's median CPU s, the
    ratio of this one's to it, and whether every run wrote the same JSON."""
    if not old_runs:
        return ""
    gr_cpu, old_cpu = median(r[2] for r in gr_runs), median(r[2] for r in old_runs)
    same = all(r[4] == gr_runs[0][4] for r in gr_runs + old_runs)
    return f" {old_cpu:.2f} / {gr_cpu / old_cpu:.2f} | {'yes' if same else 'NO'} |"


if __name__ == "__main__":
    main()
