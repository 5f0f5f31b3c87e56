"""grundy's octal-game tables against a research octal solver (Rust), same game and N, same run.

The research solver is not part of grundy: see ``../shared/bench/octal-rust/README.md`` for what
it is and how to build it. This script only runs a binary that already exists (``--rust PATH``, or
``/tmp/octal-rust/target/release/octal``) and skips with a message when there is none.

For each game and N it runs, interleaved ``--repeat`` times (so both see the same machine load):

- the research solver, from a scratch directory (it writes files there); whole-command time;
- grundy in a fresh process: ``build(octal(code), N - 1, method)``; the kernel time (measured
  inside the process, numba's compiled code loaded from its cache) and the whole-command time.
  grundy's kernel may use ``--threads`` cores (default 1: one core each, as the research solver,
  which is single-threaded).

Each process's CPU seconds (user + system) are read too: on a loaded machine they change far
less than wall-clock times (grundy's are given for its kernel, measured inside the process, and
for the whole command, read from the kernel's accounting of the child: they include a warm-up
table of 2^16 heaps and counting the values at every power of two).
Each process's peak resident memory is read from the kernel's accounting of that one child
(``os.wait4``), so the two programs' memory is compared side by side; grundy's is also given
above its own start-up (Python, numpy, numba and LLVM loaded: a constant of about 150 MB), which
is what grows with N.

It checks that the two agree: the research solver prints the count of each value among
``G(0..2^k)`` at every power of two ``2^k`` (one value more than grundy's
:func:`grundy.tables.store.value_frequencies`, which counts ``G(0..2^k - 1)``) and among
``G(0..N-1)`` at the end, and ``G(N-1)``; all are compared with grundy's table. Then it prints
the best times and the ratios grundy / research (below 1: grundy is faster).

    python bench/octal_rust.py --games 0.161,0.167,0.014 --sizes 20,22 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

DEFAULT_BINARY = Path("/tmp/octal-rust/target/release/octal")

CHILD = r"""
import json, sys, time
import numpy as np
t0 = time.perf_counter()
from grundy import load_game
from grundy.tables.builders import build
from grundy.tables.store import value_frequencies
code, n, method, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
from grundy.tables.kernels import octal_threads
octal_threads.usable_cores = lambda: threads  # the cores grundy's kernel may use, for this child
game = load_game(f"octal({code})")
build(game, 1 << 16, method)  # loads the compiled kernels (numba's cache), not timed as kernel
import resource
loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
t1, c1 = time.perf_counter(), time.process_time()
built = build(game, n - 1, method)
t2, c2 = time.perf_counter(), time.process_time()
v = built.values
freqs = value_frequencies(v)
k = 1
extra = {}
while k < n:
    extra[k] = int(v[k])
    k *= 2
print(json.dumps({"kernel": t2 - t1, "setup": t1 - t0, "method": built.method, "sparse": built.sparse,
                  "loaded_rss": loaded, "dtype": v.dtype.name, "kernel_cpu": c2 - c1,
                  "freqs": {str(a): b for a, b in freqs.items()}, "at": extra,
                  "last": int(v[-1])}))
"""


def run_measured(argv: list[str], cwd: Path | None = None) -> tuple[float, str, int, float]:
    """Whole-command seconds, standard output, peak resident bytes and CPU seconds (user +
    system: what a loaded machine changes least) of one child process."""
    with tempfile.TemporaryFile(mode="w+") as out:
        t = time.perf_counter()
        child = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.DEVNULL, text=True)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - t
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise subprocess.CalledProcessError(child.returncode, argv)
        out.seek(0)
        return seconds, out.read(), usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def run_rust(binary: Path, code: str, n: int, scratch: Path
             ) -> tuple[float, dict[int, list[int]], int, int, float]:
    """Whole-command seconds, the frequency dumps ``{k: counts}``, ``G(n-1)``, peak bytes and CPU
    seconds."""
    seconds, out, peak, cpu = run_measured([str(binary), code, str(n)], scratch)
    dumps: dict[int, list[int]] = {}
    parts = re.split(r"^(\d+) freqs after .*$", out, flags=re.M)
    for head, body in zip(parts[1::2], parts[2::2], strict=True):
        items = json.loads(body[body.index("["):body.index("]") + 1])
        counts = [0] * len(items)
        for item in items:
            counts[item["nimber"]] = item["frequency"]
        dumps[int(head)] = counts  # the last dump for a key wins (the final one counts n values)
    last = re.findall(r"G\((\d+)\) = (\d+)", out)
    g_last = int(last[-1][1]) if last and int(last[-1][0]) == n - 1 else -1
    return seconds, dumps, g_last, peak, cpu


def run_grundy(code: str, n: int, method: str, threads: int = 1
               ) -> tuple[float, dict[str, object], int, float]:
    """Whole-command seconds, what the child process reports, its peak bytes and CPU seconds."""
    seconds, out, peak, cpu = run_measured([sys.executable, "-c", CHILD, code, str(n), method, str(threads)])
    return seconds, json.loads(out), peak, cpu


def _trim(counts: list[int]) -> list[int]:
    end = len(counts)
    while end and counts[end - 1] == 0:
        end -= 1
    return counts[:end]


def agree(n: int, ours: dict[str, object], dumps: dict[int, list[int]], g_last: int) -> list[str]:
    """The disagreements between the two tables' frequency counts (empty when they agree)."""
    problems = []
    freqs: dict[str, list[int]] = ours["freqs"]  # type: ignore[assignment]
    at: dict[str, int] = ours["at"]  # type: ignore[assignment]
    if g_last != ours["last"]:
        problems.append(f"G({n - 1}): research {g_last}, grundy {ours['last']}")
    for k, theirs in sorted(dumps.items()):
        if k == n:  # the final dump: G(0..n-1)
            mine = list(freqs[str(n)])
        elif str(k) in freqs and str(k) in at:  # G(0..k): one value more
            mine = list(freqs[str(k)])
            value = at[str(k)]
            mine += [0] * (value + 1 - len(mine))
            mine[value] += 1
        else:
            continue
        if _trim(mine) != _trim(theirs):
            problems.append(f"frequencies at {k} differ")
    if n not in dumps:
        problems.append("the research solver printed no final frequencies")
    elif checksum(dumps[n]) != checksum(freqs[str(n)]):
        problems.append(f"checksums differ: research {checksum(dumps[n])}, grundy {checksum(freqs[str(n)])}")
    return problems


def checksum(counts: list[int]) -> int:
    """The sum of the values G(0..N-1), from their counts (what ``ref_sg.c`` prints)."""
    return sum(v * c for v, c in enumerate(counts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rust", type=Path, default=None, help="the research solver's binary")
    parser.add_argument("--games", default="0.161,0.167,0.014")
    parser.add_argument("--sizes", default="18,20", help="exponents k: N = 2^k heaps")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--method", default="auto", choices=["auto", "sparse", "plain"])
    parser.add_argument("--threads", type=int, default=1,
                        help="cores grundy's kernel may use (default 1: one core each, as the research "
                             "solver; see bench/octal_cores.py for 1 against 2)")
    args = parser.parse_args(argv)
    binary = args.rust or DEFAULT_BINARY
    if not binary.exists():
        hint = "" if shutil.which("cargo") else " (cargo is not installed either)"
        print(f"skipped: no research solver binary at {binary}{hint}; "
              "see ../shared/bench/octal-rust/README.md to build one, then pass --rust PATH")
        return 0
    rows = []
    mb = 1 << 20
    with tempfile.TemporaryDirectory(prefix="octal-rust-") as scratch:
        for code in args.games.split(","):
            for k in (int(s) for s in args.sizes.split(",")):
                n = 1 << k
                rust_t, ours_whole, ours_kernel, problems, method = [], [], [], [], ""
                rust_mem, ours_mem, ours_grown, rust_cpu, ours_cpu, whole_cpu = [], [], [], [], [], []
                for _ in range(args.repeat):
                    seconds, dumps, g_last, peak, cpu = run_rust(binary, code, n, Path(scratch))
                    rust_cpu.append(cpu)
                    for f in Path(scratch).iterdir():
                        f.unlink()
                    rust_t.append(seconds)
                    rust_mem.append(peak)
                    whole, ours, ours_peak, cpu = run_grundy(code, n, args.method, args.threads)
                    whole_cpu.append(cpu)
                    ours_cpu.append(float(ours["kernel_cpu"]))  # type: ignore[arg-type]
                    ours_whole.append(whole)
                    ours_kernel.append(float(ours["kernel"]))  # type: ignore[arg-type]
                    ours_mem.append(ours_peak)
                    ours_grown.append(ours_peak - int(ours["loaded_rss"]))  # type: ignore[call-overload]
                    method = f"{ours['method']} {ours['sparse']} {ours['dtype']}"
                    problems = agree(n, ours, dumps, g_last)
                r, w, kt = median(rust_t), median(ours_whole), median(ours_kernel)
                rm, om, og = median(rust_mem), median(ours_mem), median(ours_grown)
                rc, oc, wc = median(rust_cpu), median(ours_cpu), median(whole_cpu)
                total = checksum(ours["freqs"][str(n)])  # type: ignore[index]
                status = (f"tables agree (checksum {total}, value counts at every power of two)"
                          if not problems else "DISAGREE: " + "; ".join(problems))
                print(f"{code} N=2^{k}: research {r:.3f}s  grundy kernel {kt:.3f}s "
                      f"(ratio {kt / r:.2f})  whole command {w:.3f}s (ratio {w / r:.2f})  "
                      f"CPU seconds: research {rc:.2f}, grundy kernel {oc:.2f} (ratio {oc / rc:.2f}), "
                      f"whole command {wc:.2f} (ratio {wc / rc:.2f})  "
                      f"peak memory: research {rm / mb:.0f} MB, grundy {om / mb:.0f} MB "
                      f"({og / mb:.0f} MB above its start-up: {og / n:.2f} bytes a heap)  "
                      f"[{method}] {status}", flush=True)
                rows.append((code, k, r, kt, w, not problems))
    print(f"cpu count {os.cpu_count()}; medians of {args.repeat} interleaved runs each")
    return 0 if all(row[-1] for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
