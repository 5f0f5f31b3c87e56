"""``grundy export 'green-hackenbush(E)'``: Green Hackenbush on a multigraph that the judge's input
gives as its edges, a position its ground vertex, in Python and C++ (compiled once), against a
brute force of the game written here (delete an edge, drop what lost the ground): random graphs
with cycles, loops, repeated edges and parts away from the ground; and a path of 200,000 edges.
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

pytestmark = pytest.mark.slow  # (every test here compiles or runs whole programs: 0.3 s or more)

GXX = shutil.which("g++")

Edges = tuple[tuple[int, int], ...]


def brute_value(edges: Edges, ground: int) -> int:
    """The mex over deleting one standing edge, then keeping only the edges still connected to
    the ground (states: the sets of edges standing)."""
    def attached(standing: frozenset[int]) -> frozenset[int]:
        reached, todo = {ground}, [ground]
        while todo:
            x = todo.pop()
            for i in standing:
                u, v = edges[i]
                for a, b in ((u, v), (v, u)):
                    if a == x and b not in reached:
                        reached.add(b)
                        todo.append(b)
        return frozenset(i for i in standing if edges[i][0] in reached)

    @cache
    def value(standing: frozenset[int]) -> int:
        seen = {value(attached(standing - {i})) for i in standing}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    return value(attached(frozenset(range(len(edges)))))


def random_graph(rng: random.Random) -> tuple[Edges, list[int]]:
    names = rng.sample(range(10**9), rng.randint(1, 7))
    edges = [(rng.choice(names), rng.choice(names)) for _ in range(rng.randint(1, 9))]  # (loops too)
    edges += rng.sample(edges, min(len(edges), rng.randint(0, 2)))  # (an edge twice)
    return tuple(edges[:11]), names


def test_random_multigraphs_against_the_brute_force(tmp_path: Path) -> None:
    rng = random.Random(17)
    cases = []
    for _ in range(150):
        edges, names = random_graph(rng)
        cases.append((edges, rng.choice([*names, 5])))
    stdin = f"{len(cases)}\n" + "".join(f"{len(e)}\n" + "".join(f"{u} {v}\n" for u, v in e) + f"{g}\n"
                                        for e, g in cases)
    want = [(lambda v: f"{v} {'N' if v else 'P'}")(brute_value(e, g)) for e, g in cases]
    assert len(set(want)) > 3  # (values 0 to at least 3: cycles, loops and branches all count)
    python = export_family("green-hackenbush(E)", lang="python", main=True, input_format="single",
                           where="each")
    done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want, done.stderr
    if GXX is not None:
        cpp = export_family("green-hackenbush(E)", lang="cpp", main=True, input_format="single",
                            where="each")
        exe = compile_cpp_together([cpp], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_a_long_path_and_one_graph_for_several_grounds(tmp_path: Path) -> None:
    """No recursion: a path of n edges from the ground is worth n; grounded at its far end too,
    and at a vertex no edge names (nothing stands: 0)."""
    n = 200_000
    stdin = f"{n}\n" + "".join(f"{i} {i + 1}\n" for i in range(n)) + f"3\n0\n{n}\n{n + 7}\n"
    sources = [export_family("green-hackenbush(E)", lang="python", main=True, input_format="single",
                             where="first")]
    want = [f"{n} N", f"{n} N", "0 P"]
    done = subprocess.run([sys.executable, "-S", "-c", sources[0]], input=stdin, capture_output=True,
                          text=True)
    assert done.stdout.splitlines() == want, done.stderr
    if GXX is not None:
        cpp = export_family("green-hackenbush(E)", lang="cpp", main=True, input_format="single",
                            where="first")
        exe = compile_cpp_together([cpp], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_every_vertex_as_the_ground(tmp_path: Path) -> None:
    """One graph (several components, cycles, loops, repeated edges), every vertex of it as the
    ground, and one no edge names: all against the brute force."""
    rng = random.Random(29)
    programs = {"python": [sys.executable, "-S", "-c", export_family(
        "green-hackenbush(E)", lang="python", main=True, input_format="single", where="first")]}
    if GXX is not None:
        cpp = export_family("green-hackenbush(E)", lang="cpp", main=True, input_format="single",
                            where="first")
        programs["cpp"] = [str(compile_cpp_together([cpp], tmp_path, "-O2")), "0"]
    for _ in range(12):
        edges: list[tuple[int, int]] = []
        for _ in range(rng.randint(1, 3)):  # (components)
            part, _ = random_graph(rng)
            edges += part[:6]
        grounds = [*sorted({x for e in edges for x in e}), 10**9 + 7]
        stdin = (f"{len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
                 + f"{len(grounds)}\n" + "".join(f"{g}\n" for g in grounds))
        want = [(lambda v: f"{v} {'N' if v else 'P'}")(brute_value(tuple(edges), g)) for g in grounds]
        for lang, argv in programs.items():
            done = subprocess.run(argv, input=stdin, capture_output=True, text=True)
            assert done.stdout.splitlines() == want, (lang, edges, done.stderr)


@pytest.mark.skipif(GXX is None, reason="needs g++")
def test_many_grounds_of_one_large_graph_in_linear_memory(tmp_path: Path) -> None:
    """A path 0 - 1 - ... - n grounded at every vertex: at i it is two stalks, of lengths i and
    n - i, worth i ^ (n - i). 100,001 grounds of a 100,000-edge graph under a 512 MB cap (one
    graph's values, not a copy of the edges per ground)."""
    n = 100_000
    stdin = (f"{n}\n" + "".join(f"{i} {i + 1}\n" for i in range(n)) + f"{n + 1}\n"
             + "".join(f"{i}\n" for i in range(n + 1)))
    cpp = export_family("green-hackenbush(E)", lang="cpp", main=True, input_format="single", where="first")
    exe = compile_cpp_together([cpp], tmp_path, "-O2")
    done = subprocess.run(["prlimit", "--as=512000000", str(exe), "0"], input=stdin, capture_output=True,
                          text=True)
    got = done.stdout.splitlines()
    assert done.returncode == 0 and len(got) == n + 1, done.stderr[-300:]
    assert all(line == f"{i ^ (n - i)} {'N' if i ^ (n - i) else 'P'}" for i, line in enumerate(got))
