"""Benchmarks of the games on graphs: time and peak memory, with ratios against baselines run
in the same invocation (each case in its own process, so peak memory is its own).

    python bench/graphs.py                 # the full sizes of issue 5 (about a minute)
    python bench/graphs.py --quick         # smaller sizes, for a smoke test

Cases
-----
dag        random DAG, 10^6 vertices / 5·10^6 edges: Grundy value of every vertex (numba kernel).
           Baseline: the textbook networkx program (topological sort + a Python mex per vertex)
           on a 10^5-vertex DAG of the same density, against grundy on that same graph.
dag-file   the same size end to end: `grundy solve digraph --graph dag.txt U V W --json` on a
           68 MB edge-list file (reading, values, winning moves), peak memory of that process.
loopy      random digraph with cycles, 10^6 vertices / 5·10^6 edges: Smith's generalised values
           and the retrograde win/lose/draw of every vertex.
hackenbush random multigraph with 10^5 edges (a random tree plus 5% extra edges: cycles, loops,
           parallel edges): the value by the colon + fusion principles.
hb-moves   every winning move of a 1,000-edge Hackenbush graph. Baseline: recompute the value
           after each deletion (what one writes without the block-local update).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from typing import Any

import numpy as np


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def random_dag(n: int, m: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    keep = a != b
    a, b = a[keep], b[keep]
    perm = rng.permutation(n)  # hide the topological order
    return np.stack([perm[np.maximum(a, b)], perm[np.minimum(a, b)]], axis=1)


def networkx_baseline(n: int, edges: np.ndarray) -> list[int]:
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges.tolist())
    value: dict[int, int] = {}
    for v in reversed(list(nx.topological_sort(graph))):
        seen = {value[w] for w in graph.successors(v)}
        m = 0
        while m in seen:
            m += 1
        value[v] = m
    return [value[v] for v in range(n)]


def case_dag(quick: bool) -> dict[str, Any]:
    from grundy.engine.loopy import csr_from_edges, dag_values

    t = time.perf_counter()
    dag_values(*csr_from_edges(3, [(2, 1), (1, 0)]), backend="numba")  # compile (or load the cache)
    compile_s = time.perf_counter() - t
    small_n = 10**4 if quick else 10**5
    small = random_dag(small_n, 5 * small_n, 1)
    t = time.perf_counter()
    expected = networkx_baseline(small_n, small)
    base_s = time.perf_counter() - t
    t = time.perf_counter()
    got = dag_values(*csr_from_edges(small_n, small), backend="numba")
    ours_small = time.perf_counter() - t
    assert got is not None and got.tolist() == expected, "grundy disagrees with the baseline"
    n = 10**5 if quick else 10**6
    edges = random_dag(n, 5 * n, 2)
    t = time.perf_counter()
    values = dag_values(*csr_from_edges(n, edges))
    total = time.perf_counter() - t
    assert values is not None
    return {"case": "dag", "vertices": n, "edges": len(edges), "seconds": round(total, 3),
            "compile_or_cache_load_s": round(compile_s, 2), "max_value": int(values.max()),
            "baseline": f"networkx topological sort + Python mex, {small_n:,} vertices",
            "baseline_s": round(base_s, 3), "grundy_same_graph_s": round(ours_small, 4),
            "speedup": round(base_s / ours_small, 1), "peak_mb": round(peak_mb())}


def case_loopy(quick: bool) -> dict[str, Any]:
    from grundy.engine.loopy import INF, csr_from_edges, generalized_values, retrograde_outcomes

    generalized_values(*csr_from_edges(2, [(0, 1), (1, 0)]), backend="numba")
    retrograde_outcomes(*csr_from_edges(2, [(0, 1)]), backend="numba")
    n = 10**5 if quick else 10**6
    rng = np.random.default_rng(3)
    # sparse enough that cycles, draws and finite values all occur: out-degrees 0..9
    degrees = rng.integers(0, 10, n)
    src = np.repeat(np.arange(n), degrees)
    dst = rng.integers(0, n, len(src))
    t = time.perf_counter()
    indptr, indices = csr_from_edges(n, np.stack([src, dst], axis=1))
    values = generalized_values(indptr, indices)
    smith_s = time.perf_counter() - t
    t = time.perf_counter()
    outcomes = retrograde_outcomes(indptr, indices)
    retro_s = time.perf_counter() - t
    assert ((values == 0) == (outcomes == -1)).all(), "Smith value 0 must be exactly the lost vertices"
    return {"case": "loopy", "vertices": n, "edges": len(indices), "seconds": round(smith_s, 3),
            "retrograde_s": round(retro_s, 3), "infinite": int((values == INF).sum()),
            "draws": int((outcomes == 0).sum()), "max_value": int(values.max()),
            "peak_mb": round(peak_mb())}


def random_hackenbush(edges: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    tree = int(edges * 0.95)
    out = [(rng.randrange(v), v) for v in range(1, tree + 1)]
    for _ in range(edges - tree):
        u = rng.randrange(tree + 1)
        out.append((u, u if rng.random() < 0.2 else rng.randrange(tree + 1)))
    return out


def case_hackenbush(quick: bool) -> dict[str, Any]:
    from grundy.games.graphs.hackenbush import hackenbush_value

    m = 10**4 if quick else 10**5
    edges = random_hackenbush(m, 4)
    t = time.perf_counter()
    value = hackenbush_value(edges, range(len(edges)), 0)
    return {"case": "hackenbush", "edges": m, "seconds": round(time.perf_counter() - t, 3),
            "value": value, "peak_mb": round(peak_mb())}


def case_hb_moves(quick: bool) -> dict[str, Any]:
    from grundy.games.graphs.hackenbush import deletions_to_value, hackenbush_value

    m = 300 if quick else 1000
    edges = random_hackenbush(m, 5)
    ids = list(range(m))
    t = time.perf_counter()
    ours = deletions_to_value(edges, ids, 0, 0)
    ours_s = time.perf_counter() - t
    t = time.perf_counter()
    naive = [i for i in ids if hackenbush_value(edges, [j for j in ids if j != i], 0) == 0]
    base_s = time.perf_counter() - t
    assert ours == naive, "winning moves disagree with the baseline"
    return {"case": "hb-moves", "edges": m, "winning_moves": len(ours), "seconds": round(ours_s, 3),
            "baseline": "recompute the value after each deletion", "baseline_s": round(base_s, 3),
            "speedup": round(base_s / ours_s, 1), "peak_mb": round(peak_mb())}


def case_dag_file(quick: bool) -> dict[str, Any]:
    import os
    import tempfile

    n = 10**5 if quick else 10**6
    edges = random_dag(n, 5 * n, 6)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "dag.txt")
        with open(path, "w") as handle:
            handle.write("\n".join(f"{u} {v}" for u, v in edges.tolist()) + "\n")
        tokens = [str(v) for v in edges[:3, 0].tolist()]
        cmd = [sys.executable, "-m", "grundy", "solve", "digraph", "--graph", path, *tokens, "--json"]
        t = time.perf_counter()
        result = subprocess.run(cmd, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - t
        size_mb = os.path.getsize(path) / 2**20
    answer = json.loads(result.stdout)
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"case": "dag-file", "command": "grundy solve digraph --graph dag.txt U V W --json",
            "vertices": n, "edges": len(edges), "file_mb": round(size_mb), "seconds": round(seconds, 2),
            "grundy": answer["grundy"], "peak_mb": round(child_mb)}


CASES = {"dag": case_dag, "dag-file": case_dag_file, "loopy": case_loopy, "hackenbush": case_hackenbush,
         "hb-moves": case_hb_moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument("--case", choices=sorted(CASES), help="run one case in this process")
    args = parser.parse_args()
    if args.case:
        print(json.dumps(CASES[args.case](args.quick)))
        return
    for name in CASES:
        cmd = [sys.executable, __file__, "--case", name] + (["--quick"] if args.quick else [])
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if result.returncode:
            print(f"{name}: FAILED\n{result.stderr}")
            continue
        print(result.stdout.strip())


if __name__ == "__main__":
    main()
