"""``grundy export 'digraph(E)'``: tokens on a directed graph that the judge's input gives as its
edges, in Python and C++ (compiled once), against a brute force of the token game written here:
random acyclic graphs with any vertex numbers and repeated edges, sums of tokens, graphs with
cycles (a token that can reach one gets an error line), and a path of 200,000 vertices.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from grundy.reports.export_policy import export_family
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

Edges = tuple[tuple[int, int], ...]


def brute_value(edges: Edges, vertex: int) -> int | None:
    """The mex recursion over the moves from ``vertex``; ``None`` where a cycle can be reached."""
    succ: dict[int, list[int]] = {}
    for u, v in edges:
        succ.setdefault(u, []).append(v)

    @cache
    def value(x: int, depth: int) -> int | None:
        if depth > len(edges) + 1:
            return None  # (a path longer than the edges: a cycle)
        values = [value(y, depth + 1) for y in succ.get(x, [])]
        if any(w is None for w in values):
            return None
        return next(m for m in range(len(values) + 1) if m not in values)

    return value(vertex, 0)


def brute_line(edges: Edges, tokens: list[int]) -> str:
    values = [brute_value(edges, t) for t in tokens]
    if any(v is None for v in values):
        return "error"
    total = 0
    for v in values:
        total ^= v  # type: ignore[operator]
    return f"{total} {'N' if total else 'P'}"


def random_dag(rng: random.Random) -> tuple[Edges, list[int]]:
    names = rng.sample(range(10**12), rng.randint(2, 25))  # (a random order is a topological one)
    edges = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))
             if rng.random() < 0.3]
    edges += rng.sample(edges, min(len(edges), 2))  # (an edge twice: a move listed twice)
    return tuple(edges), names


def graph_text(edges: Edges) -> str:
    return f"{len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


_BUILT: dict[tuple[str, str], Path] = {}


def run_both(layout: str, where: str, stdin: str, tmp_path: Path) -> list[list[str]]:
    """What the Python and (if g++ is here) the C++ program print (each compiled once)."""
    outs = []
    python = export_family("digraph(E)", lang="python", main=True, input_format=layout, where=where)
    outs.append(subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True,
                               text=True).stdout.splitlines())
    if GXX is not None:
        if (layout, where) not in _BUILT:
            cpp = export_family("digraph(E)", lang="cpp", main=True, input_format=layout, where=where)
            _BUILT[layout, where] = compile_cpp_together([cpp], tmp_path, "-O2")
        outs.append(subprocess.run([str(_BUILT[layout, where]), "0"], input=stdin, capture_output=True,
                                   text=True).stdout.splitlines())
    return outs


def simple(lines: list[str]) -> list[str]:
    return ["error" if line.startswith("error:") else line for line in lines]


def test_random_acyclic_graphs_one_graph_first_then_cases(tmp_path: Path) -> None:
    rng = random.Random(3)
    for _ in range(12):  # (twelve inputs, each one graph, then its cases)
        edges, names = random_dag(rng)
        cases = [[rng.choice([*names, 7]) for _ in range(rng.randint(1, 4))] for _ in range(15)]
        stdin = graph_text(edges) + f"{len(cases)}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n"
                                                                  for c in cases)
        want = [brute_line(edges, c) for c in cases]
        for out in run_both("cases", "first", stdin, tmp_path):
            assert out == want


def test_a_graph_with_each_case_and_tokens_that_reach_a_cycle(tmp_path: Path) -> None:
    """Each case its own graph (``single``, parameters ``each``); a token from which the cycle
    2 -> 3 -> 2 can be reached is an error line of its own, the others are answered."""
    cycle: Edges = ((1, 2), (2, 3), (3, 2), (3, 4), (5, 4), (6, 5), (6, 1))
    rng = random.Random(8)
    cases: list[tuple[Edges, int]] = [(cycle, t) for t in (1, 2, 4, 5, 6, 9)]
    for _ in range(20):
        edges, names = random_dag(rng)
        cases.append((edges, rng.choice(names)))
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{t}\n" for e, t in cases)
    want = [brute_line(e, [t]) for e, t in cases]
    assert want[:6] == ["error", "error", "0 P", "1 N", "error", "0 P"]
    for out in run_both("single", "each", stdin, tmp_path):
        assert simple(out) == want
        assert out[0].startswith("error: vertex 1: a cycle can be reached from it")


def test_a_path_of_200000_vertices(tmp_path: Path) -> None:
    """No recursion: a token d moves from the sink has the value d mod 2."""
    n = 200_000
    edges: Edges = tuple((i + 1, i) for i in range(n))
    tokens = [n, n - 1, 12345, 0]
    stdin = graph_text(edges) + f"{len(tokens)} {' '.join(map(str, tokens))}\n"
    total = 0
    for t in tokens:
        total ^= t % 2
    for out in run_both("counted", "first", stdin, tmp_path):
        assert out == [f"{total} {'N' if total else 'P'}"]


def test_lines_cannot_hold_a_graph() -> None:
    from grundy.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="spans several lines"):
        export_family("digraph(E)", lang="python", main=True, input_format="lines", where="first")


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_an_edge_count_of_2_to_the_63_is_refused_not_wrapped(tmp_path: Path) -> None:
    """2 · 2**63 wraps to 0 in 64 bits: read so, the words after it would be taken for positions."""
    cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
    exe = compile_cpp_together([cpp], tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input=f"{2**63}\n1 2\n1\n1 1\n", capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    assert "a graph of 9223372036854775808 edges" in done.stderr


def test_one_graph_read_first_is_shared_by_every_case(tmp_path: Path) -> None:
    """A graph of 50,000 edges read once, then 20,000 cases: the C++ main keeps one copy of it
    (a copy a case was 8 GB), under a 512 MB cap; the values are those of the brute force's
    recursion on a tree whose vertex i moves to its parent."""
    import resource

    rng = random.Random(4)
    m, count = 50_000, 20_000
    parent = [0] + [rng.randrange(i) for i in range(1, m + 1)]
    edges = [(i, parent[i]) for i in range(1, m + 1)]
    depth = [0] * (m + 1)
    for i in range(1, m + 1):
        depth[i] = depth[parent[i]] + 1  # (one move: a path, so G = depth mod 2)
    tokens = [rng.randrange(m + 1) for _ in range(count)]
    stdin = f"{m}\n" + "".join(f"{u} {v}\n" for u, v in edges) + f"{count}\n" + "".join(
        f"1 {t}\n" for t in tokens)
    want = [f"{depth[t] % 2} {'N' if depth[t] % 2 else 'P'}" for t in tokens]
    python = export_family("digraph(E)", lang="python", main=True, input_format="cases", where="first")
    done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want
    if GXX is None:
        return
    cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
    exe = compile_cpp_together([cpp], tmp_path, "-O2")

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True, preexec_fn=capped)
    assert done.returncode == 0 and done.stdout.splitlines() == want
