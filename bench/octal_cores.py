"""The octal rare-value scan on 1 thread against T threads (default 2), same game and N, same run.

One command (on an idle machine with at least 2 cores):

    python bench/octal_cores.py --games 0.161,0.014,0.167 --sizes 24 --repeat 3

(about 20 minutes: 0.014 to 2^24 takes about 4 minutes a run on one thread). ``--always`` puts
threads on every stretch (no timing against one thread); ``--sizes 20`` takes a minute.

For each game and N it runs, interleaved ``--repeat`` times (so both see the same machine load),
a fresh process that builds ``G(0..N-1)`` with :func:`grundy.tables.builders.build` (method
``auto``, the way ``grundy table`` builds it) on 1 thread, then one on T threads
(:mod:`grundy.tables.kernels.octal_threads`; the child sets how many cores the kernel sees). Each
child times the build after loading the compiled kernels (a warm-up table of 2^16 heaps) and
reports:

- wall-clock seconds and CPU seconds (user + system, all threads) of the build;
- how many times the threads spun waiting for one another, and the CPU seconds that cost (the
  spins times the cost of one spin, measured in the same process): the CPU seconds of the build
  less those are its *work*; with T threads, work above the 1-thread CPU is what sharing the
  table costs (cache lines passed between cores, the extra rare lists);
- the table's checksum (the sum of the values) and a digest of its bytes: the two must agree.

``--lockstep`` also runs, in the same interleaved rounds, T threads in lock-step
(:mod:`grundy.tables.kernels.octal_threads`) where tentative values would be used
(:mod:`grundy.tables.kernels.octal_spec`: codes whose heaps need the heap two back, 0.161 and
0.167). ``--side-by-side`` also runs two 1-thread builds at once: on this shared machine
independent work on the two cores is at times much slower than on one (the two virtual cores
then share a physical one), and the ratio it prints is the most threads could gain then.

``--one-core`` also runs the tentatives' way on one thread (guesses and confirmations taking
turns, nothing passed between cores): its CPU against the plain scan's is what the way itself
costs, and 2 threads that way can be at most 2 over it as fast as one; the kernel's own cycle
counters split that time into guessing and confirming.

With ``--always`` threads compute every stretch; by default (as ``grundy table`` runs) threads
are timed against one thread on adjacent stretches and kept only where they are faster
(:func:`grundy.tables.kernels.octal_threads.plan`).

The parent reads each child's peak resident memory (``os.wait4``) and prints, per game and N,
the medians: wall 1 / wall T (the speed-up), CPU T / CPU 1 and work T / CPU 1 (the growth of
work), peak memory, and the load average before and after. On a loaded machine wall-clock
times of T threads in lock-step suffer far more than 1 thread (a thread that is not running
holds the other up), so there compare the work; on an idle machine, the speed-up.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from statistics import median
from typing import Any

CHILD = r"""
import hashlib, json, sys, time
import numpy as np
from grundy import load_game
from grundy.tables.builders import build
from grundy.tables.kernels import atomics, octal_spec, octal_threads
from numba import njit

code, n, threads, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
octal_threads.usable_cores = lambda: threads  # the cores the kernel may use, for this child
if "always" in mode:  # threads on every stretch, however much they wait
    octal_threads.GAIN = -1.0
    octal_threads.PATIENCE = 1 << 62
if "lockstep" in mode:  # no tentatives: the lock-step of octal_threads for every game
    octal_spec.applies = lambda arrays, threads: False
cycles = {"guess": 0, "confirm": 0}
real_account = octal_spec._account

def account(ctl, state, t):  # the kernel's own cycle counters: guessing, confirming
    s = ctl[octal_spec.STATS:octal_spec.STATS + octal_spec.SLOT * t].reshape(t, octal_spec.SLOT)
    cycles["guess"] += int(s[:, 7].sum())
    cycles["confirm"] += int(s[:, 8].sum())
    return real_account(ctl, state, t)

octal_spec._account = account
if "one-core" in mode:  # the tentatives' way on one thread: nothing passes between cores
    real_spec = octal_spec.fill_spec
    octal_spec.fill_spec = lambda v, a, b, arrays, state, limit, t: real_spec(v, a, b, arrays, state, limit,
                                                                              1)
spins, busy, again = [0], [[]], [0, 0]

def counting(real):
    def counted(values, start, stop, arrays, state, limit, t):
        before = (state.spins, state.confirmed, state.computed_again)
        out = real(values, start, stop, arrays, state, limit, t)
        spins[0] += state.spins - before[0]
        again[0] += state.confirmed - before[1]
        again[1] += state.computed_again - before[2]
        busy[0].append(round(state.busy, 2))
        return out
    return counted

octal_threads.fill_threads = counting(octal_threads.fill_threads)
octal_spec.fill_spec = counting(octal_spec.fill_spec)
pause = atomics.pause

@njit
def pauses(k):
    for _ in range(k):
        pause()

game = load_game(f"octal({code})")
build(game, 1 << 16, "auto")  # loads the compiled kernels (numba's cache); not timed
pauses(10)
c = time.process_time()
pauses(2_000_000)
pause_cost = (time.process_time() - c) / 2_000_000
spins[0], busy[0], again[:] = 0, [], [0, 0]
cycles.update(guess=0, confirm=0)
t1, c1 = time.perf_counter(), time.process_time()
built = build(game, n - 1, "auto")
t2, c2 = time.perf_counter(), time.process_time()
v = np.asarray(built.values)
digest = hashlib.sha256(v.tobytes()).hexdigest()[:16]
print(json.dumps({"wall": t2 - t1, "cpu": c2 - c1, "spins": spins[0], "pause": pause_cost,
                  "checksum": int(v.sum(dtype=np.int64)), "digest": digest, "busy": busy[0],
                  "method": built.method, "dtype": v.dtype.name, "confirmed": again[0],
                  "again": again[1], **cycles}))
"""


def run_child(code: str, n: int, threads: int, mode: str) -> tuple[dict[str, object], int]:
    """What one child reports, and its peak resident bytes."""
    return run_children(code, n, [(threads, mode)])[0]


def run_children(code: str, n: int, ways: list[tuple[int, str]]) -> list[tuple[dict[str, object], int]]:
    """What children run side by side report (one a way: threads, mode), and their peak
    resident bytes."""
    outs = [tempfile.TemporaryFile(mode="w+") for _ in ways]
    children = [subprocess.Popen([sys.executable, "-c", CHILD, code, str(n), str(t), m],
                                 stdout=out, text=True)
                for (t, m), out in zip(ways, outs, strict=True)]
    results = []
    for child, out in zip(children, outs, strict=True):
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status):
            raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), CHILD)
        out.seek(0)
        results.append((json.loads(out.read()), usage.ru_maxrss * 1024))
        out.close()
    return results


def _line(code: str, k: int, t: int, mode: str, one: list[tuple[dict[str, object], int]],
          many: list[tuple[dict[str, object], int]], med: Any, load: float) -> str:
    """One report line: 1 thread against ``t`` threads run the ``mode`` way."""
    mb = 1 << 20

    def work(rs: list[tuple[dict[str, object], int]]) -> float:
        return median(float(r["cpu"]) - float(r["spins"]) * float(r["pause"])  # type: ignore[arg-type]
                      for r, _ in rs)

    w1, wt = med(one, "wall"), med(many, "wall")
    c1, ct, kt = med(one, "cpu"), med(many, "cpu"), work(many)
    p1 = median(p for _, p in one) / mb
    pt = median(p for _, p in many) / mb
    stretches = [b for r, _ in many for b in r["busy"]]  # type: ignore[attr-defined]
    threaded = (f"{len(stretches) / len(many):.0f} stretches by threads a run, "
                f"{median(stretches):.2f} threads at work in them (median)" if stretches
                else "no stretch by threads")
    confirmed = med(many, "confirmed")
    again = (f", {med(many, 'again') / confirmed:.1%} of the heaps confirmed computed again"
             if confirmed else "")
    return (f"{code} N=2^{k}: 1 thread wall {w1:.2f}s CPU {c1:.2f}s | {t} threads ({mode}) wall "
            f"{wt:.2f}s CPU {ct:.2f}s (spinning {ct - kt:.2f}s, work {kt:.2f}s; {threaded}{again}) | "
            f"speed-up "
            f"{w1 / wt:.2f}x, CPU growth {ct / c1:.2f}x, work growth {kt / c1:.2f}x | peak memory "
            f"{p1:.0f} / {pt:.0f} MB")


def _one_core_line(one: list[tuple[dict[str, object], int]], spec: list[tuple[dict[str, object], int]],
                   med: Any) -> str:
    """The tentatives' way on one thread against the plain scan on one thread."""
    confirmed = med(spec, "confirmed")
    if not confirmed:
        return "  tentatives on one core: not used for this code (its heaps are not two apart)"
    guess, check = med(spec, "guess"), med(spec, "confirm")
    ratio = med(spec, "cpu") / med(one, "cpu")
    return (f"  tentatives on one core: CPU {med(spec, 'cpu'):.2f}s = {ratio:.2f}x the plain scan's "
            f"(cycles {guess / (guess + check):.0%} guessing, {check / (guess + check):.0%} confirming; "
            f"{med(spec, 'again') / confirmed:.1%} computed again): 2 threads this way at most "
            f"{2 / ratio:.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="0.161,0.014,0.167")
    parser.add_argument("--sizes", default="20", help="exponents k: N = 2^k heaps")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--always", action="store_true",
                        help="threads on every stretch (by default threads are timed against one thread, "
                             "and kept only where they are faster)")
    parser.add_argument("--side-by-side", action="store_true",
                        help="also run two 1-thread builds at once: how much slower independent work on the "
                             "two cores is than on one at that moment (the best threads can do then)")
    parser.add_argument("--lockstep", action="store_true",
                        help="also time threads in lock-step (octal_threads) where tentatives (octal_spec) "
                             "would be used, in the same interleaved runs")
    parser.add_argument("--one-core", action="store_true",
                        help="also run the tentatives' way (octal_spec) on one thread, where it is used: "
                             "its CPU against the plain scan's is its own cost, with no line passed "
                             "between cores (the most 2 threads can gain that way is 2 over it)")
    args = parser.parse_args(argv)
    ok = True
    for code in args.games.split(","):
        for k in (int(s) for s in args.sizes.split(",")):
            n = 1 << k
            load = os.getloadavg()[0]
            mode = "always" if args.always else "judged"
            ways = [(1, mode), (args.threads, mode)]
            if args.lockstep:
                ways.append((args.threads, mode + "-lockstep"))
            if args.one_core:
                ways.append((2, "always-one-core"))
            runs: dict[tuple[int, str], list[tuple[dict[str, object], int]]] = {way: [] for way in ways}
            side: list[tuple[dict[str, object], int]] = []
            for _ in range(args.repeat):
                for t, m in ways:
                    runs[t, m].append(run_child(code, n, t, m))
                if args.side_by_side:
                    side += run_children(code, n, [(1, mode), (1, mode)])
            pairs = [float(r["wall"]) for r, _ in side]  # type: ignore[arg-type]
            one = runs[1, mode]

            def med(rs: list[tuple[dict[str, object], int]], key: str) -> float:
                return median(float(r[key]) for r, _ in rs)  # type: ignore[arg-type]

            sums = {(r["checksum"], r["digest"]) for rs in [*runs.values(), side] for r, _ in rs}
            agree = len(sums) == 1
            ok = ok and agree
            checksum, digest = next(iter(sums))
            for (t, m), many in runs.items():
                if m == "always-one-core":
                    print(_one_core_line(one, many, med), flush=True)
                elif t > 1:
                    print(_line(code, k, t, m, one, many, med, load), flush=True)
            if pairs:
                alone = med(one, "wall")
                print(f"  two 1-thread builds side by side: wall {median(pairs):.2f}s each (median; "
                      f"{min(pairs):.2f}-{max(pairs):.2f}s) against {alone:.2f}s alone: independent work on "
                      f"the two cores at {2 * alone / median(pairs):.2f}x", flush=True)
            print(f"  load {load:.1f} -> {os.getloadavg()[0]:.1f} | "
                  + (f"tables agree (checksum {checksum}, sha256 {digest}) [{one[0][0]['method']}]" if agree
                     else f"TABLES DIFFER: {sorted(sums)}"), flush=True)
    print(f"cpu count {os.cpu_count()}; medians of {args.repeat} interleaved runs each; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
