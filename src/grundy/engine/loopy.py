"""Token games on directed graphs, loopy ones included: Grundy values, retrograde analysis and
Smith's generalised Sprague-Grundy values.

A directed graph is given in CSR form: ``indptr`` (length ``n + 1``) and ``indices`` (the
successors of vertex ``v`` are ``indices[indptr[v]:indptr[v + 1]]``). Every function runs one
iterative kernel over the whole graph (no per-vertex Python recursion); the kernels are plain
Python functions that are compiled with numba (imported lazily) for graphs of more than
:data:`JIT_THRESHOLD` vertices + edges, and run as they are on small graphs (no compile wait).

* :func:`dag_values` — ordinary Grundy values by the mex in reverse topological order
  (``None`` if the graph has a cycle).
* :func:`retrograde_outcomes` — win / lose / draw of a single token, by retrograde analysis.
* :func:`generalized_values` — Smith's generalised Sprague-Grundy function γ: a finite value,
  or ∞ (encoded ``-1``); an ∞ vertex is written ∞_K with ``K`` the finite values of its
  followers (:func:`infinity_options`).
* :func:`sum_value` / :func:`value_outcome` — a sum of tokens: finite values XOR; ``∞_K + a =
  ∞_{K⊕a}``; two infinities make ``∞_∅``. A sum is P iff it is finite 0, N iff it is finite
  non-zero or ``∞_K`` with ``0 ∈ K``, and a draw otherwise.

>>> import numpy as np
>>> indptr, indices = csr_from_edges(4, [(0, 0), (1, 0), (1, 2), (3, 1)])   # ↻0 ← 1 → 2, 3 → 1
>>> values = generalized_values(indptr, indices)                           # γ = ∞, ∞_{0}, 0, 0
>>> values.tolist()
[-1, -1, 0, 0]
>>> [str(infinity_options(indptr, indices, values, v)) for v in range(4)]
['inf()', 'inf(0)', '0', '0']
>>> retrograde_outcomes(indptr, indices).tolist()                          # draw, win, lose, lose
[0, 1, -1, -1]
>>> value_outcome(sum_value([Inf(frozenset({1})), 1]))
<Outcome.N: 'N'>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.errors import InvalidInputError
from grundy.model.bounded import kept
from grundy.model.game import Outcome

JIT_THRESHOLD = 20_000
"""Graphs with more vertices + edges than this run the numba-compiled kernels."""

INF = -1
"""The code of an infinite generalised value in the arrays of :func:`generalized_values`."""

WIN, LOSE, DRAW = 1, -1, 0
"""Codes of :func:`retrograde_outcomes`: the player to move wins, loses, or neither can win."""


@dataclass(frozen=True)
class Inf:
    """The generalised Sprague-Grundy value ∞_K: infinite, with finite options ``K``.

    >>> str(Inf(frozenset({2, 0})))
    'inf(0,2)'
    """

    options: frozenset[int]

    def __str__(self) -> str:
        return "inf(" + ",".join(str(k) for k in sorted(self.options)) + ")"


GValue = int | Inf
"""A generalised Sprague-Grundy value: a non-negative int, or :class:`Inf`."""


# ---- graph construction ------------------------------------------------------------------------
def csr_from_edges(n: int, edges: Iterable[tuple[int, int]] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR arrays ``(indptr, indices)`` of the graph on ``0..n-1`` with the given edges.

    Parallel edges are merged (they give the same moves); successors are sorted.

    >>> [a.tolist() for a in csr_from_edges(3, [(0, 2), (0, 1), (0, 2)])]
    [[0, 2, 2, 2], [1, 2]]
    """
    arr = np.asarray(edges if isinstance(edges, np.ndarray) else list(edges), dtype=np.int64)
    arr = arr.reshape(-1, 2)
    if len(arr) and (arr.min() < 0 or arr.max() >= n):
        raise InvalidInputError(f"edge endpoints must be vertex numbers 0..{n - 1}, got "
                                f"{int(arr.min())}..{int(arr.max())}")
    if len(arr):
        keys = np.sort(arr[:, 0] * np.int64(max(n, 1)) + arr[:, 1])
        fresh = np.ones(len(keys), dtype=bool)
        fresh[1:] = keys[1:] != keys[:-1]
        keys = keys[fresh]  # (np.unique is much slower here)
        src, dst = keys // max(n, 1), keys % max(n, 1)
    else:
        src = dst = np.zeros(0, dtype=np.int64)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return indptr, dst.astype(np.int64)


def reverse_csr(indptr: np.ndarray, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR arrays of the reversed graph (the predecessors of each vertex).

    >>> [a.tolist() for a in reverse_csr(*csr_from_edges(3, [(0, 2), (1, 2)]))]
    [[0, 0, 0, 2], [0, 1]]
    """
    n = len(indptr) - 1
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr))
    order = np.argsort(indices, kind="stable")
    rindptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(indices, minlength=n), out=rindptr[1:])
    return rindptr, src[order]


# ---- kernels (plain Python over numpy arrays; numba compiles them for big graphs) ----------
def _dag_kernel(n: int, indptr: Any, indices: Any, rindptr: Any, rindices: Any, val: Any) -> int:
    """Mex in reverse topological order (Kahn's algorithm from the sinks); returns how many
    vertices were valued (``< n`` when the graph has a cycle).

    ``val`` on entry: ``-2`` at the vertices to value; any other entry is a value given (final:
    a finite value, or ``-1``, ∞), never recomputed; a finite one counts as valued (it is
    returned in the count), an infinite one is never, so the vertices above it stay ``-2``."""
    cnt = np.empty(n, np.int64)
    queue = np.empty(n, np.int64)
    maxdeg = 0
    tail = 0
    for v in range(n):
        d = indptr[v + 1] - indptr[v]
        cnt[v] = d
        maxdeg = max(maxdeg, d)
        if val[v] != -2:
            if val[v] >= 0:
                queue[tail] = v
                tail += 1
        elif d == 0:
            queue[tail] = v
            tail += 1
    stamp = np.zeros(maxdeg + 2, np.int64)
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        if val[v] == -2:
            deg = indptr[v + 1] - indptr[v]
            for k in range(indptr[v], indptr[v + 1]):
                g = val[indices[k]]
                if g <= deg:
                    stamp[g] = v + 1
            m = 0
            while stamp[m] == v + 1:
                m += 1
            val[v] = m
        for k in range(rindptr[v], rindptr[v + 1]):
            p = rindices[k]
            cnt[p] -= 1
            if cnt[p] == 0 and val[p] == -2:
                queue[tail] = p
                tail += 1
    return tail


def _retro_kernel(n: int, indptr: Any, rindptr: Any, rindices: Any, out: Any, sink: int) -> None:
    """Retrograde analysis: sinks get ``sink`` (-1: the player to move loses, normal play; 1:
    wins, misère play); a predecessor of a loser wins; a vertex whose every follower wins loses;
    everything never decided is a draw."""
    cnt = np.empty(n, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        cnt[v] = indptr[v + 1] - indptr[v]
        out[v] = 0
        if cnt[v] == 0:
            out[v] = sink
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for k in range(rindptr[v], rindptr[v + 1]):
            p = rindices[k]
            if out[p] != 0:
                continue
            if out[v] == -1:
                out[p] = 1
                queue[tail] = p
                tail += 1
            else:
                cnt[p] -= 1
                if cnt[p] == 0:
                    out[p] = -1
                    queue[tail] = p
                    tail += 1


def _smith_kernel(n: int, indptr: Any, indices: Any, rindptr: Any, rindices: Any, val: Any) -> None:
    """Smith's generalised Sprague-Grundy values by the Fraenkel-Yesha labelling, stage ``i``:
    label ``i`` every unlabelled ``u`` with no follower labelled ``i`` whose every unlabelled or
    infinite follower has a follower labelled ``i`` (propagated with counters); then label ∞
    every unlabelled vertex with no follower labelled ``i``.

    On entry ``val`` holds the values of the vertices that reach no cycle (from
    :func:`_dag_kernel`) and ``-2`` elsewhere; those values are final, and a pre-valued vertex of
    value ``i`` takes part in stage ``i`` as if labelled then. Each stage scans only the vertices
    still unlabelled."""
    cnt = np.zeros(n, np.int64)
    has_i = np.zeros(n, np.bool_)
    queue = np.empty(n, np.int64)
    touched = np.empty(n, np.int64)
    todo = np.empty(n, np.int64)
    ntodo = 0
    top = -1
    for v in range(n):
        if val[v] == -2:
            todo[ntodo] = v
            ntodo += 1
        elif val[v] > top:
            top = val[v]
    first = np.zeros(top + 2, np.int64)  # pre-valued vertices bucketed by value
    for v in range(n):
        if val[v] >= 0:
            first[val[v] + 1] += 1
    for g in range(top + 1):
        first[g + 1] += first[g]
    bucket = np.empty(first[top + 1] + 1, np.int64)
    fill = first.copy()
    for v in range(n):
        if val[v] >= 0:
            bucket[fill[val[v]]] = v
            fill[val[v]] += 1
    i = 0
    while ntodo > 0:
        tail = 0
        if i <= top:
            for b in range(first[i], first[i + 1]):
                queue[tail] = bucket[b]
                tail += 1
        for t in range(ntodo):
            v = todo[t]
            c = 0
            for k in range(indptr[v], indptr[v + 1]):
                if val[indices[k]] < 0:
                    c += 1
            cnt[v] = c
            if c == 0:
                queue[tail] = v
                tail += 1
        ntouched = 0
        head = 0
        while head < tail:
            v = queue[head]
            head += 1
            if val[v] == -2:
                if has_i[v] or cnt[v] != 0:
                    continue
                val[v] = i
            elif val[v] != i:
                continue
            for k in range(rindptr[v], rindptr[v + 1]):
                p = rindices[k]
                if has_i[p]:
                    continue
                has_i[p] = True
                touched[ntouched] = p
                ntouched += 1
                if val[p] < 0:  # p unresolved: its predecessors lose one obstacle
                    for k2 in range(rindptr[p], rindptr[p + 1]):
                        q = rindices[k2]
                        cnt[q] -= 1
                        if cnt[q] == 0 and val[q] == -2 and not has_i[q]:
                            queue[tail] = q
                            tail += 1
        kept = 0
        for t in range(ntodo):
            v = todo[t]
            if val[v] == -2:
                if has_i[v]:
                    todo[kept] = v
                    kept += 1
                else:
                    val[v] = -1
        ntodo = kept
        for t in range(ntouched):
            has_i[touched[t]] = False
        i += 1


_COMPILED: dict[str, Callable[..., Any]] = kept(__name__ + "._COMPILED", {})


def _reach_kernel(first: int, indptr: Any, indices: Any, mark: Any, stamp: int, stack: Any,
                  edge: Any) -> int:
    """Depth first from ``first``: ``2 * count + cycle``, ``count`` the vertices reached (``first``
    included) and ``cycle`` 1 when an edge goes back to a vertex on the current path (a cycle among
    them). ``mark[v]``: ``stamp`` while ``v`` is on the path, ``stamp + 1`` once it is done (any
    other value: not met yet, so ``mark`` is never cleared between calls); ``stack``, ``edge``: the
    path and each one's next edge (room for every vertex)."""
    count = 0
    cycle = 0
    top = 0
    stack[0] = first
    edge[0] = indptr[first]
    mark[first] = stamp
    while top >= 0:
        v = stack[top]
        e = edge[top]
        if e < indptr[v + 1]:
            edge[top] = e + 1
            w = indices[e]
            m = mark[w]
            if m == stamp:
                cycle = 1
            elif m != stamp + 1:
                top += 1
                stack[top] = w
                edge[top] = indptr[w]
                mark[w] = stamp
        else:
            mark[v] = stamp + 1
            count += 1
            top -= 1
    return 2 * count + cycle


def reach_count(indptr: Any, indices: Any, first: int, mark: np.ndarray, stamp: int, *,
                backend: str = "auto") -> tuple[int, bool]:
    """How many vertices ``first`` reaches (itself included) and whether a cycle is among them, in
    time proportional to what it reaches: ``mark`` (one int64 a vertex) is kept between calls, each
    call with a ``stamp`` larger by 2 than any before (:func:`_reach_kernel`).

    >>> indptr, indices = csr_from_edges(4, [(0, 1), (1, 0), (2, 3)])
    >>> mark = np.zeros(4, np.int64)
    >>> reach_count(indptr, indices, 0, mark, 2), reach_count(indptr, indices, 2, mark, 4)
    ((2, True), (2, False))
    """
    n, indptr, indices = _prepare(indptr, indices)
    stack, edge = np.empty(n, np.int64), np.empty(n, np.int64)
    found = _kernel(_reach_kernel, n + len(indices), backend)(first, indptr, indices, mark, stamp,
                                                              stack, edge)
    return int(found) // 2, bool(found % 2)


def _kernel(fn: Callable[..., Any], size: int, backend: str) -> Callable[..., Any]:
    """``fn`` itself, or its numba-compiled twin (compiled once, cached on disk)."""
    if backend not in ("auto", "python", "numba"):
        raise ValueError(f"backend must be 'auto', 'python' or 'numba', got {backend!r}")
    if backend == "python" or (backend == "auto" and size <= JIT_THRESHOLD):
        return fn
    compiled = _COMPILED.get(fn.__name__)
    if compiled is None:
        import numba

        compiled = _COMPILED[fn.__name__] = numba.njit(cache=True)(fn)
    return compiled


def _prepare(indptr: Any, indices: Any) -> tuple[int, np.ndarray, np.ndarray]:
    indptr = np.ascontiguousarray(indptr, dtype=np.int64)
    indices = np.ascontiguousarray(indices, dtype=np.int64)
    return len(indptr) - 1, indptr, indices


# ---- public functions --------------------------------------------------------------------------
def dag_values(indptr: Any, indices: Any, *, backend: str = "auto",
               reverse: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray | None:
    """Grundy value of every vertex of an acyclic graph, or ``None`` if it has a cycle.

    >>> dag_values(*csr_from_edges(4, [(0, 1), (0, 2), (1, 2), (2, 3)])).tolist()
    [2, 0, 1, 0]
    >>> dag_values(*csr_from_edges(2, [(0, 1), (1, 0)])) is None
    True
    """
    n, indptr, indices = _prepare(indptr, indices)
    rindptr, rindices = reverse or reverse_csr(indptr, indices)
    val = np.full(n, -2, np.int64)
    done = _kernel(_dag_kernel, n + len(indices), backend)(n, indptr, indices, rindptr, rindices, val)
    return val if done == n else None


def retrograde_outcomes(indptr: Any, indices: Any, *, misere: bool = False,
                        backend: str = "auto") -> np.ndarray:
    """Outcome of one token on each vertex: ``1`` win (N), ``-1`` loss (P), ``0`` draw; in
    misère play (``misere=True``) a player who cannot move wins.

    >>> retrograde_outcomes(*csr_from_edges(3, [(0, 0), (1, 2)])).tolist()
    [0, 1, -1]
    >>> retrograde_outcomes(*csr_from_edges(3, [(0, 0), (1, 2)]), misere=True).tolist()
    [0, -1, 1]
    """
    n, indptr, indices = _prepare(indptr, indices)
    rindptr, rindices = reverse_csr(indptr, indices)
    out = np.empty(n, np.int8)
    _kernel(_retro_kernel, n + len(indices), backend)(n, indptr, rindptr, rindices, out,
                                                      1 if misere else -1)
    return out


def generalized_values(indptr: Any, indices: Any, *, backend: str = "auto",
                       reverse: tuple[np.ndarray, np.ndarray] | None = None,
                       given: np.ndarray | None = None) -> np.ndarray:
    """Smith's generalised Sprague-Grundy value of every vertex (``-1`` = ∞).

    On an acyclic graph these are the ordinary Grundy values, computed in one pass.

    >>> generalized_values(*csr_from_edges(3, [(0, 1), (1, 0), (1, 2)])).tolist()  # 0 ⇄ 1 → 2
    [0, 1, 0]

    ``given``: values known already (``-2`` where not), kept as they are: a vertex's value
    depends only on the vertices it reaches, so a graph grown from one valued already (closed
    under moves) values only its new vertices, the old ones they move to given (a finite one
    needs no follower here; an infinite one ∞_K needs followers of the values ``K``, and only
    those: given leaves). Below, vertex 1 is ∞_{0}, given with a follower of value 0, and
    vertex 0 moves to it and to a 1: γ(0) = 0, since from 1 a move goes back to a 0.

    >>> indptr, indices = csr_from_edges(4, [(0, 1), (0, 3), (1, 2)])
    >>> generalized_values(indptr, indices, given=np.array([-2, -1, 0, 1])).tolist()
    [0, -1, 0, 1]
    """
    n, indptr, indices = _prepare(indptr, indices)
    rindptr, rindices = reverse or reverse_csr(indptr, indices)
    if given is None:
        val = np.full(n, -2, np.int64)
    else:
        val = np.array(given, dtype=np.int64)
        if val.shape != (n,) or (val < -2).any():
            raise InvalidInputError(f"given= must be {n} values (-2: to compute, -1: ∞, or a value)")
    size = n + len(indices)
    _kernel(_dag_kernel, size, backend)(n, indptr, indices, rindptr, rindices, val)
    if (val == -2).any():
        _kernel(_smith_kernel, size, backend)(n, indptr, indices, rindptr, rindices, val)
    return val


def infinity_options(indptr: Any, indices: Any, values: np.ndarray, v: int) -> GValue:
    """The generalised value of vertex ``v`` as an ``int`` or ``Inf(K)`` (``K`` = the finite
    values among its followers)."""
    g = int(values[v])
    if g != INF:
        return g
    succ = values[indices[indptr[v]:indptr[v + 1]]]
    return Inf(frozenset(int(x) for x in np.unique(succ[succ >= 0])))


def sum_value(parts: Sequence[GValue]) -> GValue:
    """The generalised value of a sum of tokens (Smith): XOR of finite values; ``∞_K + a``
    is ``∞_{K⊕a}``; two or more infinities give ``∞_∅``.

    >>> sum_value([3, 5]), sum_value([Inf(frozenset({0, 2})), 2])
    (6, Inf(options=frozenset({0, 2})))
    >>> sum_value([Inf(frozenset()), Inf(frozenset({1}))])
    Inf(options=frozenset())
    """
    total = 0
    infinite: list[Inf] = []
    for p in parts:
        if isinstance(p, Inf):
            infinite.append(p)
        else:
            total ^= p
    if not infinite:
        return total
    if len(infinite) > 1:
        return Inf(frozenset())
    return Inf(frozenset(k ^ total for k in infinite[0].options))


def value_outcome(value: GValue) -> Outcome:
    """Outcome of a position of generalised value ``value``: P iff 0, N iff non-zero or ∞_K
    with 0 in K, else a draw.

    >>> value_outcome(0), value_outcome(Inf(frozenset({1})))
    (<Outcome.P: 'P'>, <Outcome.D: 'D'>)
    """
    if isinstance(value, Inf):
        return Outcome.N if 0 in value.options else Outcome.D
    return Outcome.N if value else Outcome.P
