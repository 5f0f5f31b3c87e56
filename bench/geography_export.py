"""The exported vertex-geography programs (``grundy export 'vertex-geography(E)'`` and
``'vertex-geography(B)'``) on large judge inputs, C++ and Python, each run its own process,
interleaved, in the same session; the two must print the same answers.

Workloads (seeded):

- ``board300``: a 300 x 300 board, each cell blocked with probability 1/4, every cell answered;
- ``board1000``: the same at 1000 x 1000 (C++ only: the Python program would take minutes);
- ``graph``: a random graph of 100,000 vertices and 200,000 edges (not bipartite; read first),
  then 100,000 cases, every vertex once (``--input cases --params first``);
- ``oddboard``: the 1000 x 1000 board's graph with one diagonal edge added (an odd cycle: not
  bipartite, so Edmonds' search finishes the matching), every free cell asked (C++ only).

Prints the median wall and CPU time (user + system) and the peak memory of each program.

Run: ``prlimit --as=8000000000 python bench/geography_export.py [--repeat 3]``
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from grundy.reports.export_policy import export_family


def inputs(folder: Path) -> dict[str, Path]:
    """The workloads' input files."""
    rng = random.Random(1)
    out = {}
    for size in (300, 1000):
        rows = ("".join(rng.choice("...#") for _ in range(size)) for _ in range(size))
        out[f"board{size}"] = folder / f"board{size}.txt"
        out[f"board{size}"].write_text(f"{size} {size}\n" + "\n".join(rows) + "\n")
    n, m = 100_000, 200_000
    edges: list[tuple[int, int]] = []
    while len(edges) < m:
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.append((a, b))
    out["graph"] = folder / "graph.txt"
    out["graph"].write_text(f"{m}\n" + "".join(f"{a} {b}\n" for a, b in edges) + f"{n}\n"
                            + "".join(f"1 {v}\n" for v in range(n)))
    out["oddboard"] = folder / "oddboard.txt"
    out["oddboard"].write_text(board_graph(out["board1000"].read_text().split()[2:]))
    return out


def board_graph(rows: list[str]) -> str:
    """The graph of a board (cell r, c is vertex r * m + c) with one diagonal edge between free
    cells of the same colour, then every free cell as a case."""
    n, m = len(rows), len(rows[0])
    free = [r * m + c for r in range(n) for c in range(m) if rows[r][c] == "."]
    edges = [(p, q) for p in free for q in (p + 1, p + m)
             if (q != p + 1 or (p + 1) % m) and q < n * m and rows[q // m][q % m] == "."]
    edges.append(next((p, p + m + 1) for p in free if p % m + 1 < m and p + m + 1 < n * m
                      and rows[(p + m + 1) // m][(p + m + 1) % m] == "."))
    return (f"{len(edges)}\n" + "".join(f"{p} {q}\n" for p, q in edges) + f"{len(free)}\n"
            + "".join(f"1 {p}\n" for p in free))


def programs(folder: Path) -> dict[str, dict[str, list[str]]]:
    """Each family's commands, by language."""
    out: dict[str, dict[str, list[str]]] = {}
    cases = {"input_format": "cases", "where": "first"}
    for name, spec, options in (("board", "vertex-geography(B)", {}),
                                ("graph", "vertex-geography(E)", cases)):
        python = folder / f"{name}.py"
        python.write_text(export_family(spec, lang="python", main=True, **options))
        out[name] = {"python": [sys.executable, "-S", str(python)]}
        if shutil.which("g++"):
            source = folder / f"{name}.cpp"
            source.write_text(export_family(spec, lang="cpp", main=True, **options))
            subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(folder / name), str(source)], check=True)
            out[name]["cpp"] = [str(folder / name)]
    return out


def run(command: list[str], stdin: Path) -> tuple[float, float, int, bytes]:
    """Wall and CPU seconds, peak memory (KB) and output of one run, as /usr/bin/time measures
    them (a child forked from this Python process would count its pages in its peak)."""
    with stdin.open("rb") as feed:
        done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command], stdin=feed,
                              capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed on {stdin.name}: {done.stderr.decode()[-500:]}")
    wall, user, system, memory = done.stderr.decode().split()[-4:]
    return float(wall), float(user) + float(system), int(memory), done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files, commands = inputs(folder), programs(folder)
        runs: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
        for _ in range(args.repeat):
            for work, path in files.items():
                outputs = set()
                for lang, command in commands["board" if work.startswith("board") else "graph"].items():
                    if work in ("board1000", "oddboard") and lang == "python":
                        continue
                    wall, cpu, memory, output = run(command, path)
                    outputs.add(output)
                    runs.setdefault((work, lang), []).append((wall, cpu, memory))
                assert len(outputs) == 1, f"{work}: the programs disagree"
        for (work, lang), times in runs.items():
            print(f"{work:10} {lang:7} wall {statistics.median(t[0] for t in times):6.2f} s  "
                  f"cpu {statistics.median(t[1] for t in times):6.2f} s  "
                  f"peak {max(t[2] for t in times) / 1024:6.1f} MB")
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
