"""``solve --batch --json`` of a loopy game of one's own (HDU 5754's knight; here a game with values
past 1 and draws too, tests/engine/test_loopy_reuse.py's hopper): each answer's reason
counts the positions its position reaches (``why.facts.explored``), a fact of that position alone,
so it is counted for each line; the graph explored is kept between lines (what a line adds is
explored and valued once, as for the text answers), and the count now runs over CSR arrays of that
kept graph, extended by the rows each query adds (each row converted once), with a compiled
depth-first search, and is kept for a position asked again. Before, each line's count was a
depth-first search in Python over the whole part of the graph it reaches.

Checked against a plain count written here (every position reached, and whether a cycle is among
them) on random graphs grown query by query, with and without the compiled kernel; and through the
command line, the counts of a kept graph against those of a fresh game per line."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy import catalog
from grundy.engine import explore, loopy
from grundy.engine.explore import PositionGraph, ReachArrays
from tests.engine.test_loopy_reuse import hopper, random_graph
from tests.helpers import cli_output


def plain_reach(succ: dict[int, list[int]], root: int) -> tuple[int, bool]:
    """The positions ``root`` reaches, and whether one of them reaches itself again (a cycle)."""
    def reached(v: int) -> set[int]:
        seen, todo = {v}, [v]
        while todo:
            for w in succ[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    mine = reached(root)
    cycle = any(v in reached(w) for v in mine for w in succ[v])
    return len(mine), cycle


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("compiled", [False, True])
def test_counts_over_the_arrays_are_the_plain_counts(seed: int, compiled: bool,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore, "REACH_ARRAYS", 0)  # (the arrays for every graph)
    if compiled:
        monkeypatch.setattr(loopy, "JIT_THRESHOLD", 0)
    rng = random.Random(seed)
    n = rng.randint(2, 80)
    succ = random_graph(rng, n)
    graph = PositionGraph()
    converted = []
    real = ReachArrays._extend

    def counting(self: ReachArrays, rows: list[list[int]]) -> None:
        converted.append(len(rows) - self.rows)
        real(self, rows)

    monkeypatch.setattr(ReachArrays, "_extend", counting)
    for root in rng.sample(range(n), n) + rng.sample(range(n), n // 2):  # (some asked again)
        graph.explore(succ.__getitem__, [root], 10**6, "demo")
        assert graph.reach(root) == plain_reach(succ, root), (seed, root)
        for v in rng.sample(sorted(graph.index), min(3, len(graph.index))):  # (positions met before)
            assert graph.reach(v) == plain_reach(succ, v), (seed, v)
    assert graph.arrays is not None and sum(converted) == len(graph.positions)  # (each row once)
    assert graph.arrays.stamp == 2 * len(graph.reached)  # (a position asked again: not counted again)


def test_the_kernel_alone() -> None:
    indptr, indices = loopy.csr_from_edges(5, [(0, 1), (1, 2), (2, 1), (3, 4), (4, 4)])
    mark = np.zeros(5, np.int64)
    for backend in ("python", "numba"):
        got = [loopy.reach_count(indptr, indices, v, mark, 2 * (v + 1) + 10 * (backend == "numba"),
                                 backend=backend) for v in range(5)]
        assert got == [(3, True), (2, True), (2, True), (2, True), (1, True)]
    indptr, indices = loopy.csr_from_edges(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    assert loopy.reach_count(indptr, indices, 0, np.zeros(4, np.int64), 2) == (4, False)


@pytest.fixture()
def hoppers() -> Iterator[None]:
    for i in range(1, 44):
        grundy.game(f"t-arrays-hopper{i}", arity=2)(hopper)
    yield
    for i in range(1, 44):
        catalog.unregister(f"t-arrays-hopper{i}")


def test_json_lines_of_a_kept_graph_count_as_fresh_games(tmp_path: Path, hoppers: None,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines of one game (one kept graph, counted over its arrays past 50 positions) and the same
    positions each in a game of its own (a fresh graph each): the same JSON, counts included."""
    monkeypatch.setattr(explore, "REACH_ARRAYS", 50)
    rng = random.Random(5754)
    cases = [(rng.randint(0, 40), rng.randint(0, 40)) for _ in range(40)] + [(0, 0), (2, 0), (40, 40)]
    path = tmp_path / "lines.txt"
    path.write_text("".join(f"t-arrays-hopper1 {a} {b}\n" for a, b in cases))
    code, out, err = cli_output("solve", "--batch", str(path), "--json")
    assert code == 0, err
    kept = [json.loads(line) for line in out.splitlines()]
    path.write_text("".join(f"t-arrays-hopper{i + 1} {a} {b}\n" for i, (a, b) in enumerate(cases)))
    code, out, err = cli_output("solve", "--batch", str(path), "--json")
    assert code == 0, err
    fresh = [json.loads(line) for line in out.splitlines()]
    for k, f in zip(kept, fresh, strict=True):
        f["game"] = k["game"]
        assert k == f
    assert {line["outcome"] for line in kept} == {"N", "P", "D"}
    for (a, b), line in zip(cases, kept, strict=True):
        succ: dict[object, list[object]] = {}
        todo = [(a, b)]
        while todo:
            p = todo.pop()
            if p not in succ:
                succ[p] = hopper(p)  # type: ignore[arg-type]
                todo += succ[p]
        assert line["why"]["facts"]["explored"] == len(succ)
