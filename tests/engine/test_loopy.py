"""Loopy token games: retrograde analysis and Smith's generalised values against brute force.

The oracle is a plain retrograde analysis of the *product* game (all placements of 1-3 tokens),
written here independently of :mod:`grundy.engine.loopy`; on acyclic graphs the oracle is the engine.
"""

from __future__ import annotations

import itertools
import random
from collections import deque

import numpy as np
import pytest

from grundy.engine.loopy import (
    Inf,
    csr_from_edges,
    dag_values,
    generalized_values,
    infinity_options,
    retrograde_outcomes,
    sum_value,
    value_outcome,
)
from grundy.model.game import Outcome


def random_graph(rng: random.Random, n: int, m: int, acyclic: bool = False) -> list[tuple[int, int]]:
    edges = []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if acyclic:
            if u == v:
                continue
            u, v = max(u, v), min(u, v)
        edges.append((u, v))
    return edges


def product_outcomes(n: int, edges: list[tuple[int, int]], k: int,
                     misere: bool = False) -> dict[tuple[int, ...], Outcome]:
    """Retrograde analysis of the game with ``k`` tokens (a position is a sorted tuple); in
    misère play a player without a move wins."""
    succ: dict[int, set[int]] = {v: set() for v in range(n)}
    for u, v in edges:
        succ[u].add(v)
    states = list(itertools.combinations_with_replacement(range(n), k))
    options: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    preds: dict[tuple[int, ...], set[tuple[int, ...]]] = {s: set() for s in states}
    for s in states:
        opts = set()
        for i in range(k):
            for w in succ[s[i]]:
                opts.add(tuple(sorted((*s[:i], w, *s[i + 1:]))))
        options[s] = opts
        for o in opts:
            preds[o].add(s)
    result: dict[tuple[int, ...], Outcome] = {}
    left = {s: len(options[s]) for s in states}
    queue = deque(s for s in states if not options[s])
    for s in queue:
        result[s] = Outcome.N if misere else Outcome.P
    while queue:
        s = queue.popleft()
        for p in preds[s]:
            if p in result:
                continue
            if result[s] is Outcome.P:
                result[p] = Outcome.N
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    result[p] = Outcome.P
                    queue.append(p)
    return {s: result.get(s, Outcome.D) for s in states}


CODE = {1: Outcome.N, -1: Outcome.P, 0: Outcome.D}


@pytest.mark.parametrize("seed", range(60))
def test_sums_of_tokens_match_product_retrograde(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 7)
    edges = random_graph(rng, n, rng.randint(0, 3 * n))
    indptr, indices = csr_from_edges(n, edges)
    values = generalized_values(indptr, indices)
    gvals = [infinity_options(indptr, indices, values, v) for v in range(n)]
    single = retrograde_outcomes(indptr, indices)
    for v in range(n):
        assert value_outcome(gvals[v]) is CODE[int(single[v])], (edges, v)
    for k in (1, 2, 3):
        for state, expected in product_outcomes(n, edges, k).items():
            got = value_outcome(sum_value([gvals[v] for v in state]))
            assert got is expected, (edges, state)


@pytest.mark.parametrize("seed", range(20))
def test_dag_values_are_plain_mex(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(1, 40)
    edges = random_graph(rng, n, rng.randint(0, 4 * n), acyclic=True)
    indptr, indices = csr_from_edges(n, edges)
    values = dag_values(indptr, indices)
    assert values is not None
    expected: list[int] = []
    for v in range(n):  # edges go from larger to smaller vertices: increasing order is topological
        seen = {expected[w] for (u, w) in edges if u == v}
        m = 0
        while m in seen:
            m += 1
        expected.append(m)
    assert values.tolist() == expected
    assert generalized_values(indptr, indices).tolist() == expected


def test_smith_values_satisfy_their_definition() -> None:
    """γ(u) = m finite: no follower has m, every j < m occurs, every follower of larger or
    infinite value has a follower of value m; γ(u) = ∞ otherwise (checked on random graphs)."""
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(1, 25)
        edges = random_graph(rng, n, rng.randint(0, 3 * n))
        indptr, indices = csr_from_edges(n, edges)
        g = generalized_values(indptr, indices).tolist()
        succ = [indices[indptr[v]:indptr[v + 1]].tolist() for v in range(n)]
        for u in range(n):
            if g[u] == -1:
                continue
            m = g[u]
            assert m not in [g[w] for w in succ[u]]
            assert all(j in [g[w] for w in succ[u]] for j in range(m))
            for w in succ[u]:
                if g[w] == -1 or g[w] > m:
                    assert m in [g[x] for x in succ[w]]


@pytest.mark.parametrize("kind", ["dag", "loopy"])
def test_compiled_kernels_agree_with_plain_python(kind: str) -> None:
    rng = np.random.default_rng(5)
    n, m = 3000, 9000
    edges = rng.integers(0, n, (m, 2))
    if kind == "dag":
        edges = np.sort(edges, axis=1)[:, ::-1]
        edges = edges[edges[:, 0] != edges[:, 1]]
    indptr, indices = csr_from_edges(n, edges)
    for fn in (generalized_values, retrograde_outcomes):
        plain = fn(indptr, indices, backend="python")
        fast = fn(indptr, indices, backend="numba")
        assert np.array_equal(plain, fast)
    if kind == "dag":
        assert (generalized_values(indptr, indices) >= 0).all()


def test_sum_rules() -> None:
    k = Inf(frozenset({0, 3}))
    assert sum_value([k, 3]) == Inf(frozenset({3, 0}))
    assert value_outcome(sum_value([k, 3])) is Outcome.N
    assert value_outcome(sum_value([k, 1])) is Outcome.D
    assert value_outcome(sum_value([k, k])) is Outcome.D
    assert value_outcome(sum_value([2, 2])) is Outcome.P
    with pytest.raises(ValueError, match="backend"):
        generalized_values(*csr_from_edges(1, []), backend="gpu")


def test_edges_out_of_range_are_an_input_error() -> None:
    from grundy.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match=r"0\.\.2"):
        csr_from_edges(3, [(0, 3)])


@pytest.mark.parametrize("backend", ["python", "numba"])
def test_dense_acyclic_part_feeding_a_cycle(backend: str) -> None:
    """A complete DAG (vertex i has value i) whose top vertex may also enter a 2-cycle."""
    k = 40
    edges = [(i, j) for i in range(k) for j in range(i)] + [(k - 1, k), (k, k + 1), (k + 1, k)]
    values = generalized_values(*csr_from_edges(k + 2, edges), backend=backend).tolist()
    assert values[:k - 1] == list(range(k - 1))
    assert values[k - 1:] == [-1, -1, -1]  # k-1 may enter the cycle, which has no way out
    edges.append((k + 1, 0))  # now the cycle can escape to a P-position
    values = generalized_values(*csr_from_edges(k + 2, edges), backend=backend).tolist()
    assert values[k - 1:] == [k - 1, 0, 1]
