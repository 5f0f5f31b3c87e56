"""Judge inputs through the command line against the library call and a hand-written solution:
each workload run three ways, each way its own process, interleaved, in the same session.

Workloads (the sizes of a contest's full constraints):

- ``sparse``: a heap game of one's own with options ``n // 2`` and ``n // 3`` (a rules file),
  1,000 lines of 3 heaps each up to 10¹⁸: ``grundy --rules R solve GAME --input lines IN``;
- ``tree``: Green Hackenbush on 3 trees of 10⁵ edges each: ``grundy solve --batch IN`` with
  ``green-hackenbush(graph=T,ground=0) all`` lines;
- ``staircase``: one staircase of 2·10⁵ steps: ``grundy solve staircase --batch IN`` (and, for
  the whole answer with its winning moves, ``--file``);
- ``lines``: 10⁵ lines of Kayles, 1 to 3 heaps below 100 each: ``grundy solve kayles --input
  lines IN``.

The library way calls ``grundy.grundy_value`` per position in one process; the hand-written way
is the few lines a contestant writes (a memoised mex, the colon principle, the odd steps' XOR, a
table). Every way prints one Grundy value per case; the benchmark checks they agree, then prints
the median wall and CPU time (user + system) and the peak memory of each, and the CLI's ratios to
the library and to the hand-written solution (the goal: CLI ≤ 1.5× the library, ≤ 10 s and ≤ 1 GiB
on each input).

Run: ``prlimit --as=8000000000 python bench/judge.py [--repeat 3] [--only tree,lines] [--small]``
(``--small``: a tenth of the sizes, to try it quickly). On a loaded machine the wall times wait for
a core; the CPU times show the work.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

RULES = '''
import grundy


@grundy.heap_game("bench-half-third")
def half_third(n):
    """move to n // 2 or n // 3"""
    return [n // 2, n // 3] if n else []
'''

LIBRARY = {
    "sparse": '''
import sys
sys.path.insert(0, {folder!r})
import bench_rules  # noqa: F401  (defines the game)
import grundy
game = grundy.load_game("bench-half-third")
out = []
for line in open(sys.argv[1]):
    if line.split():
        out.append(str(grundy.grundy_value(game, tuple(map(int, line.split())))))
print("\\n".join(out))
''',
    "tree": '''
import sys
import grundy
out = []
for line in open(sys.argv[1]):
    spec, position = line.split()
    game = grundy.load_game(spec)
    out.append(str(grundy.grundy_value(game, game.parse_position(position))))
print("\\n".join(out))
''',
    "staircase": '''
import sys
import grundy
game = grundy.load_game("staircase")
print(grundy.grundy_value(game, tuple(map(int, open(sys.argv[1]).read().split()))))
''',
    "lines": '''
import sys
import grundy
game = grundy.load_game("kayles")
cache = grundy.Cache()
out = [str(grundy.grundy_value(game, tuple(map(int, line.split())), cache=cache))
       for line in open(sys.argv[1]) if line.split()]
print("\\n".join(out))
''',
}

HAND = {
    "sparse": '''
import sys
from functools import lru_cache
@lru_cache(maxsize=None)
def g(n):
    if n == 0:
        return 0
    seen = {g(n // 2), g(n // 3)}
    v = 0
    while v in seen:
        v += 1
    return v
out = []
for line in open(sys.argv[1]):
    if line.split():
        x = 0
        for h in map(int, line.split()):
            x ^= g(h)
        out.append(str(x))
print("\\n".join(out))
''',
    "tree": '''
import sys
from collections import defaultdict
out = []
for line in open(sys.argv[1]):
    path = line.split()[0].split("graph=")[1].split(",")[0]
    adjacent = defaultdict(list)
    for edge in open(path):
        u, v = edge.split()
        adjacent[u].append(v)
        adjacent[v].append(u)
    # colon principle: G(v) = XOR over children c of (G(c) + 1), from the ground "0"
    order, parent, stack = [], {"0": None}, ["0"]
    while stack:
        v = stack.pop()
        order.append(v)
        for w in adjacent[v]:
            if w not in parent:
                parent[w] = v
                stack.append(w)
    value = dict.fromkeys(order, 0)
    for v in reversed(order):
        if parent[v] is not None:
            value[parent[v]] ^= value[v] + 1
    out.append(str(value["0"]))
print("\\n".join(out))
''',
    "staircase": '''
import sys
counts = list(map(int, open(sys.argv[1]).read().split()))
x = 0
for c in counts[::2]:
    x ^= c
print(x)
''',
    "lines": '''
import sys
g = [0] * 100
for n in range(100):
    seen = set()
    for take in (1, 2):
        for left in range(0, n - take + 1):
            seen.add(g[left] ^ g[n - take - left])
    while g[n] in seen:
        g[n] += 1
out = []
for line in open(sys.argv[1]):
    if line.split():
        x = 0
        for h in map(int, line.split()):
            x ^= g[h]
        out.append(str(x))
print("\\n".join(out))
''',
}


def run(cmd: list[str], out: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak resident MB of ``cmd``, its output
    written to ``out``."""
    start = time.perf_counter()
    with out.open("wb") as sink:
        child = subprocess.Popen(cmd, stdout=sink)
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(cmd)} failed with exit status {os.waitstatus_to_exitcode(status)}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def values(path: Path) -> list[str]:
    """The Grundy value of each answer line (``VALUE OUTCOME``, ``OUTCOME VALUE`` or ``VALUE``)."""
    out = []
    for line in path.read_text().split("\n"):
        words = line.split()
        if words:
            out.append(words[1] if words[0] in ("N", "P") else words[0])
    return out


def write_inputs(folder: Path, scale: float) -> dict[str, tuple[Path, list[str]]]:
    """Each workload's input file and its CLI arguments (after ``grundy``)."""
    rng = random.Random(2024)
    (folder / "bench_rules.py").write_text(RULES)
    sparse = folder / "sparse.in"
    sparse.write_text("".join(" ".join(str(rng.randrange(10**rng.choice((9, 12, 18))))
                                       for _ in range(3)) + "\n" for _ in range(int(1000 * scale))))
    edges = int(100_000 * scale)
    lines = []
    for k in range(3):
        tree = folder / f"tree{k}.txt"
        tree.write_text("".join(f"{rng.randrange(max(0, v - 40), v)} {v}\n" for v in range(1, edges + 1)))
        lines.append(f"green-hackenbush(graph={tree},ground=0) all\n")
    trees = folder / "trees.in"
    trees.write_text("".join(lines))
    stairs = folder / "stairs.in"
    stairs.write_text(" ".join(str(rng.randrange(10**9)) for _ in range(int(200_000 * scale))) + "\n")
    kayles = folder / "kayles.in"
    kayles.write_text("".join(" ".join(str(rng.randrange(100)) for _ in range(rng.randrange(1, 4))) + "\n"
                              for _ in range(int(100_000 * scale))))
    return {
        "sparse": (sparse, ["--rules", str(folder / "bench_rules.py"), "solve", "bench-half-third",
                            "--input", "lines", str(sparse)]),
        "tree": (trees, ["solve", "--batch", str(trees)]),
        "staircase": (stairs, ["solve", "staircase", "--batch", str(stairs)]),
        "lines": (kayles, ["solve", "kayles", "--input", "lines", str(kayles)]),
    }


def _medians(runs: dict[str, list[tuple[float, float, float]]]) -> Callable[[int, str], float]:
    """``median(i, way)``: the median of field ``i`` (wall, CPU) of the runs of ``way``."""
    return lambda i, way: statistics.median(r[i] for r in runs[way])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="sparse,tree,staircase,lines")
    parser.add_argument("--small", action="store_true", help="a tenth of the sizes")
    args = parser.parse_args()
    python = sys.executable
    grundy_cli = [python, "-m", "grundy"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        inputs = write_inputs(folder, 0.1 if args.small else 1.0)
        print(f"{'workload':<10} {'way':<8} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}   CLI cpu ratio")
        for name in args.only.split(","):
            path, cli_args = inputs[name]
            scripts = {}
            for way, source in (("library", LIBRARY[name]), ("hand", HAND[name])):
                script = folder / f"{name}_{way}.py"
                script.write_text(source.format(folder=str(folder)) if way == "library" else source)
                scripts[way] = [python, str(script), str(path)]
            ways: dict[str, list[str]] = {"cli": [*grundy_cli, *cli_args], **scripts}
            if name == "staircase":  # the whole answer too: every winning move, named
                ways["cli-file"] = [*grundy_cli, "solve", "staircase", "--file", str(path)]
            runs: dict[str, list[tuple[float, float, float]]] = {way: [] for way in ways}
            outputs: dict[str, list[str]] = {}
            for _ in range(args.repeat):
                for way, cmd in ways.items():  # interleaved
                    out = folder / f"{name}_{way}.out"
                    runs[way].append(run(cmd, out))
                    if way != "cli-file":
                        outputs[way] = values(out)
            if not outputs["cli"] == outputs["library"] == outputs["hand"]:
                sys.exit(f"{name}: the answers differ between the CLI, the library and the hand-written way")
            median = _medians(runs)
            for way in ways:
                ratio = ""
                if way.startswith("cli"):
                    ratio = (f"{median(1, way) / median(1, 'library'):.2f}× library, "
                             f"{median(1, way) / median(1, 'hand'):.2f}× hand")
                print(f"{name:<10} {way:<8} {median(0, way):8.2f} {median(1, way):8.2f} "
                      f"{max(r[2] for r in runs[way]):8.0f}   {ratio}")
            print(f"{name:<10} ({len(outputs['cli']):,} answers agree)")


if __name__ == "__main__":
    main()
