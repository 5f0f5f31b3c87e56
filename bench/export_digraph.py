"""The exported ``digraph(E)`` programs (``grundy export 'digraph(E)' --main --input cases
--params first``) on large graphs with cycles: wall time and peak memory of the C++ program
(``g++ -std=c++17 -O2``) and of the Python one, each in its own process, and their answers
checked against each other and against the engine (``grundy.engine.loopy``).

    prlimit --as=8000000000 python bench/export_digraph.py           # V = 10^6 (about 2 minutes)
    prlimit --as=8000000000 python bench/export_digraph.py --quick   # V = 10^5

Inputs (each with its tokens: 1 to 4 a position; ``random`` 10^5 positions)
------
path     vertex k + 1 moves to k, 1 into a 2-cycle that leaves to a sink, a self-loop on top: V
         vertices that all reach the cycle, labelled along the path (no recursion).
random   V vertices, 3V random edges (cycles everywhere; most sums are draws).
dag      V vertices, 3V edges from the larger end to the smaller (acyclic: the pass from the
         sinks alone, as before graphs with cycles were answered).
ladder   built to need many stages: G = V / 1000 vertices of values 0..G-1 (each moves to all
         below it) and V / 3333 vertices that move to all of them and to themselves (infinite):
         G + 1 stages, each with all of these still unlabelled.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def inputs(n: int) -> dict[str, tuple[list[tuple[int, int]], list[list[int]]]]:
    rng = random.Random(1)
    a, b, s = 10**12, 10**12 + 1, 10**12 + 2
    path = [(1, a), (a, b), (b, a), (b, s), (n, n), *((k + 1, k) for k in range(1, n))]
    loopy = [(rng.randrange(n), rng.randrange(n)) for _ in range(3 * n)]
    dag = [(max(u, v), min(u, v)) for u, v in ((rng.randrange(n), rng.randrange(n))
                                               for _ in range(3 * n)) if u != v]
    g, top = n // 1000, n // 3333
    ladder = [(j, i) for j in range(g) for i in range(j)]
    ladder += [(n + k, j) for k in range(top) for j in range(g)] + [(n + k, n + k) for k in range(top)]
    many = [[rng.randrange(n) for _ in range(rng.randint(1, 4))] for _ in range(n // 10)]
    return {"path": (path, [[n], [n - 1], [12345], [a, b]]), "random": (loopy, many),
            "dag": (dag, many), "ladder": (ladder, [[n, g - 1], [n + 1], [g - 2]])}


def write(path: Path, edges: list[tuple[int, int]], tokens: list[list[int]]) -> None:
    with path.open("w") as f:
        f.write(f"{len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges))
        f.write(f"{len(tokens)}\n" + "".join(f"{len(t)} {' '.join(map(str, t))}\n" for t in tokens))


def engine_lines(edges: list[tuple[int, int]], tokens: list[list[int]]) -> list[str]:
    """What ``grundy solve digraph`` would print for each position (vertices renumbered)."""
    from grundy.engine.loopy import sum_value, value_outcome
    from grundy.games.graphs.digraph import Digraph

    index: dict[int, int] = {}
    for u, v in edges:
        index.setdefault(u, len(index))
        index.setdefault(v, len(index))
    for t in tokens:
        for x in t:
            index.setdefault(x, len(index))
    game = Digraph.from_edges(len(index), [(index[u], index[v]) for u, v in edges])
    out = []
    for t in tokens:
        value = sum_value(game.token_values([index[x] for x in t]))
        out.append(f"{value} {value_outcome(value).value}")
    return out


def run(command: list[str], stdin: Path, tmp: Path) -> tuple[float, int, list[str]]:
    """Wall time, the program's own peak resident memory (KB, by GNU time: a child forked from
    this big process would count its pages) and its output lines."""
    start = time.perf_counter()
    with stdin.open() as f:
        done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(tmp / "peak"), *command], stdin=f,
                              capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    return wall, int((tmp / "peak").read_text().split()[-1]), done.stdout.splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="V = 10^5 instead of 10^6")
    n = 100_000 if parser.parse_args().quick else 1_000_000
    from grundy.reports.export_policy import export_family

    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        (tmp / "p.py").write_text(export_family("digraph(E)", lang="python", main=True,
                                                input_format="cases", where="first"))
        (tmp / "p.cpp").write_text(export_family("digraph(E)", lang="cpp", main=True,
                                                 input_format="cases", where="first"))
        subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(tmp / "p"), str(tmp / "p.cpp")], check=True)
        print(f"V = {n:,}")
        for name, (edges, tokens) in inputs(n).items():
            write(tmp / "in.txt", edges, tokens)
            want = engine_lines(edges, tokens)
            programs = (("C++", [str(tmp / "p")]), ("Python", [sys.executable, "-S", str(tmp / "p.py")]))
            for lang, command in programs:
                wall, peak, out = run(command, tmp / "in.txt", tmp)
                assert out == want, f"{name} {lang}: differs from the engine"
                print(f"{name:7} {len(edges):>9,} edges  {lang:6}  {wall:6.2f} s  {peak / 1024:7.0f} MB")


if __name__ == "__main__":
    main()
