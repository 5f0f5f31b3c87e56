"""The graph of positions of any game, explored from given positions, valued by Smith's generalised
Sprague-Grundy function (:mod:`grundy.engine.loopy`): games with cycles get win, lose or draw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from grundy.engine.search import mex, xor_all
from grundy.errors import NotSupportedError, SearchLimitError

Position = Hashable

KEPT_POSITIONS = 2_000_000
"""A graph that holds this many positions is forgotten before it explores more (every query
of a game adds to its one graph, and each query's budget bounds only what it adds): the
positions asked after that are explored again, from nothing, as a first query would."""


@dataclass
class PositionGraph:
    """The positions of a game explored so far (a set closed under moves), with Smith's
    generalised Sprague-Grundy values (the ordinary values where the graph has no cycle).

    >>> graph = PositionGraph()
    >>> graph.explore(lambda p: {0: [1], 1: [0, 2], 2: []}[p], [0], 100, "demo")
    6
    >>> [graph.value(p) for p in (0, 1, 2)], graph.cyclic
    ([0, 1, 0], True)
    """

    index: dict[Position, int] = field(default_factory=dict)
    positions: list[Position] = field(default_factory=list)
    succ: list[list[int]] = field(default_factory=list)
    values: list[int] = field(default_factory=list)
    """The value of every position: its Grundy value, or once the graph has a cycle Smith's
    generalised value (``-1`` = ∞). Extended as positions are added: the positions explored
    before are closed under moves, and a value depends only on the positions reached, so their
    values never change (:meth:`_solve`)."""
    cyclic: bool = False
    sums: set[int] = field(default_factory=set)
    """Positions that are sums of others (their value is the XOR of their parts')."""
    folded: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    """The options of a position that are sums, folded into it (never positions of the graph):
    its plain options' ids, and the sums as one flat list, each sum its number of parts then
    their ids (its value: the XOR of theirs)."""
    busy_steps: int = 0
    """The steps of the exploration under way, so far (what a refusal that stops it reports)."""
    busy_calls: int = 0
    """The calls of the move function of the exploration under way, so far (the last one may be
    running)."""
    reached: dict[int, tuple[int, bool]] = field(default_factory=dict)
    """:meth:`reach` of the positions asked (a position's reach never changes: the graph only
    grows by positions it does not reach)."""
    arrays: ReachArrays | None = None
    """The graph as CSR arrays, extended as it grows, for :meth:`reach` on a large graph."""

    def explore(self, options: Callable[[Position], list[Position]], roots: Iterable[Position],
                limit: int, what: str,
                parts: Callable[[Position], Sequence[Position] | None] | None = None) -> int:
        """Add the positions reachable from ``roots`` (``options(p)``: the options of ``p``),
        at most ``limit`` steps (positions + moves) of new work; then value the positions added.
        Returns the steps done; on any error (the limit, a failing move function, a stop from
        outside) the graph is forgotten, never left half-explored. ``parts(p)``: the parts of
        ``p`` when it is a sum (valued by XOR, not explored by moves), else ``None``."""
        try:
            return self._explore(options, roots, limit, what, parts)
        except BaseException:
            self.reset()
            raise

    def _explore(self, options: Callable[[Position], list[Position]], roots: Iterable[Position],
                 limit: int, what: str,
                 parts: Callable[[Position], Sequence[Position] | None] | None) -> int:
        todo = [root for root in dict.fromkeys(roots) if root not in self.index]
        if not todo:
            return 0
        if len(self.positions) >= KEPT_POSITIONS:
            self.reset()  # (the memory bound: what it held is explored again where asked)
        start = len(self.positions)
        for root in todo:
            self._add(root)
        steps = self.busy_steps = self.busy_calls = 0
        index = self.index
        while todo:
            position = todo.pop()
            v = index[position]
            summed = parts(position) if parts is not None else None
            if summed is not None:
                self.sums.add(v)
                listed = summed
            else:
                self.busy_calls += 1
                listed = options(position)
            ids: list[Any] = list(map(index.get, listed))
            if None in ids:  # new positions among the options: added in their order
                ids = self._new_options(v, listed, ids, todo, None if summed is not None else parts)
            self.succ[v] = ids
            steps += 1 + len(listed)
            self.busy_steps = steps
            if steps > limit:
                raise SearchLimitError(
                    f"{what}: the positions reachable need more than {limit:,} steps (positions "
                    f"and moves); raise limit=", parameters=("limit",))
        self._solve(start)
        return steps

    def _new_options(self, v: int, listed: Sequence[Position], ids: list[Any], todo: list[Position],
                     parts: Callable[[Position], Sequence[Position] | None] | None) -> list[int]:
        """The ids of ``v``'s options ``listed`` (``ids``: those known already, else ``None``), the
        new ones added (and put on ``todo``) in their order. An option that is a sum and not a
        position of the graph (``parts`` gives its parts) is folded into ``v``: its parts are
        added instead, and ``v``'s value reads it as the XOR of theirs (:attr:`folded`), so that
        a game whose moves split a position explores its positions, not every sum of them. The
        ids returned are what ``v``'s value depends on."""
        index = self.index
        plain: list[int] = []
        flat: list[int] = []
        in_sums: list[int] = []
        for option, found in zip(listed, ids, strict=True):
            if found is None:
                inner = None if parts is None else parts(option)
                if inner is not None:
                    flat.append(len(inner))
                    for part in inner:
                        found = index.get(part)
                        if found is None:
                            found = len(self.positions)
                            self._add(part)
                            todo.append(part)
                        flat.append(found)
                        in_sums.append(found)
                    continue
                found = index.get(option)  # (listed twice: added just before)
                if found is None:
                    found = len(self.positions)
                    self._add(option)
                    todo.append(option)
            plain.append(found)
        if not flat:
            return plain
        self.folded[v] = (plain, flat)
        return list(dict.fromkeys(plain + in_sums))

    def reset(self) -> None:
        """Forget every position."""
        self.index, self.positions, self.succ, self.values = {}, [], [], []
        self.cyclic, self.sums, self.folded = False, set(), {}
        self.reached, self.arrays = {}, None

    def _add(self, position: Position) -> None:
        self.index[position] = len(self.positions)
        self.positions.append(position)
        self.succ.append([])

    def _solve(self, start: int) -> None:
        """Value the positions from number ``start`` on (those just added); the positions before
        ``start`` are closed under moves and valued already, so a run of queries costs what it
        explores, not the whole graph each time. While the graph has no cycle, the new positions
        are valued in reverse topological order (mex, or XOR for a sum); once there is one, by
        Smith's values of the new positions, the old ones they move to given
        (:meth:`_smith`)."""
        if not self.cyclic:
            if start == len(self.succ) - 1 and start not in self.succ[start]:
                order: list[int] | None = [start]  # (one position added, not its own option)
            else:
                order = _topological(self.succ, start)
            if order is not None:
                values, succ, sums, folded = self.values, self.succ, self.sums, self.folded
                values.extend([0] * (len(succ) - len(values)))
                for v in reversed(order):
                    if v in folded:
                        values[v] = mex(_folded_values(values, *folded[v]))
                        continue
                    parts = map(values.__getitem__, succ[v])
                    values[v] = xor_all(parts) if v in sums else mex(parts)
                return
        if self.sums or self.folded:
            raise NotSupportedError("a game whose options are sums (grundy.Sum) must have no cycles: "
                                    "the value of a sum of positions with cycles is not their XOR")
        self.cyclic = True
        self._smith(start)

    def _smith(self, start: int) -> None:
        """Smith's values of the positions from ``start`` on, over the graph of them and the
        older positions they move to, each given its value (an infinite one ∞_K with leaves of
        the values ``K`` as its followers: all a value above it reads of it)."""
        import numpy as np

        from grundy.engine.loopy import generalized_values

        values, succ = self.values, self.succ
        new = len(succ) - start
        counts = np.fromiter(map(len, succ[start:]), dtype=np.int64, count=new)
        flat = np.fromiter(chain.from_iterable(succ[start:]), dtype=np.int64, count=int(counts.sum()))
        older = flat < start
        old, where = np.unique(flat[older], return_inverse=True)  # the older positions moved to
        local = flat - start
        local[older] = new + where
        given = [-2] * new + [values[w] for w in old.tolist()]
        rows: list[list[int]] = []  # the older infinite ones' leaves
        leaves: dict[int, int] = {}  # a finite value's leaf, after the older positions
        first_leaf = new + len(old)
        for w in old.tolist():
            if values[w] >= 0:
                rows.append([])
                continue
            seen = {values[u] for u in succ[w]}
            seen.discard(-1)
            rows.append([leaves.setdefault(x, first_leaf + len(leaves)) for x in sorted(seen)])
        given.extend(leaves)
        rows.extend([] for _ in leaves)
        indptr = np.zeros(new + len(rows) + 1, dtype=np.int64)
        np.cumsum(np.concatenate([counts, np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))]),
                  out=indptr[1:])
        indices = np.concatenate([local, np.fromiter(chain.from_iterable(rows), dtype=np.int64,
                                                     count=int(indptr[-1]) - len(local))])
        found_values = generalized_values(indptr, indices, given=np.array(given, dtype=np.int64))
        values.extend(found_values[:new].tolist())

    def value(self, position: Position) -> Any:
        """The generalised value: an int, or ``Inf`` (∞ with the finite values of its options)."""
        v = self.index[position]
        g = self.values[v]
        if g >= 0:
            return g
        from grundy.engine.loopy import Inf

        values = self.values
        return Inf(frozenset(values[w] for w in self.succ[v] if values[w] >= 0))

    def reach(self, position: Position) -> tuple[int, bool]:
        """How many positions ``position`` reaches (itself included), and whether a cycle is among
        them: its own part of the graph, which may hold positions other queries explored.

        >>> graph = PositionGraph()
        >>> graph.explore(lambda p: {0: [1], 1: [0], 2: [3], 3: []}[p], [0, 2], 100, "demo")
        7
        >>> graph.reach(0), graph.reach(2), graph.reach(3)
        ((2, True), (2, False), (1, False))
        """
        first = self.index[position]
        found = self.reached.get(first)
        if found is None:
            found = self.reached[first] = self._reach(first)
        return found

    def _reach(self, first: int) -> tuple[int, bool]:
        """:meth:`reach` of the position numbered ``first``: by a compiled depth-first search over
        CSR arrays of the graph on a large graph (:data:`REACH_ARRAYS`), else in Python."""
        if len(self.succ) > REACH_ARRAYS:
            if self.arrays is None:
                self.arrays = ReachArrays()
            return self.arrays.reach(self.succ, first)
        if not self.cyclic:
            seen, todo = {first}, [first]
            while todo:
                for w in self.succ[todo.pop()]:
                    if w not in seen:
                        seen.add(w)
                        todo.append(w)
            return len(seen), False
        # depth first, with the positions on the current path marked: an edge back to one of
        # them closes a cycle
        done: set[int] = set()
        on_path, stack = {first}, [(first, iter(self.succ[first]))]
        cycle = False
        while stack:
            v, rest = stack[-1]
            for w in rest:
                if w in on_path:
                    cycle = True
                elif w not in done:
                    on_path.add(w)
                    stack.append((w, iter(self.succ[w])))
                    break
            else:
                stack.pop()
                on_path.discard(v)
                done.add(v)
        return len(done), cycle


REACH_ARRAYS = 20_000
"""Past this many positions :meth:`PositionGraph.reach` counts over CSR arrays with a compiled
kernel (:func:`~grundy.engine.loopy.reach_count`), not in Python (``solve --json`` writes the count
of each answer: 1,000 lines of HDU 5754's knight each reach about 10^5 positions)."""


class ReachArrays:
    """A graph's successor lists as CSR arrays, extended by the rows added since (rows never
    change once explored), with the marks of :func:`~grundy.engine.loopy.reach_count`."""

    def __init__(self) -> None:
        import numpy as np

        self.rows, self.edges, self.stamp = 0, 0, 0
        self.indptr = np.zeros(1, np.int64)
        self.indices = np.zeros(0, np.int64)
        self.mark = np.zeros(0, np.int64)

    def reach(self, succ: list[list[int]], first: int) -> tuple[int, bool]:
        from grundy.engine.loopy import reach_count

        self._extend(succ)
        self.stamp += 2
        return reach_count(self.indptr[:self.rows + 1], self.indices[:self.edges], first, self.mark,
                           self.stamp)

    def _extend(self, succ: list[list[int]]) -> None:
        """Append the rows of ``succ`` from :attr:`rows` on (room doubled as needed)."""
        import numpy as np

        if len(succ) == self.rows:
            return
        new = succ[self.rows:]
        counts = np.fromiter(map(len, new), dtype=np.int64, count=len(new))
        total = int(counts.sum())
        flat = np.fromiter(chain.from_iterable(new), dtype=np.int64, count=total)
        rows, edges = len(succ), self.edges + total
        if rows + 1 > len(self.indptr):
            self.indptr = np.resize(self.indptr, 2 * rows + 1)
            self.mark = np.concatenate([self.mark, np.zeros(2 * rows + 1 - len(self.mark), np.int64)])
        if edges > len(self.indices):
            self.indices = np.resize(self.indices, 2 * edges)
        np.cumsum(counts, out=self.indptr[self.rows + 1:rows + 1])
        self.indptr[self.rows + 1:rows + 1] += self.edges
        self.indices[self.edges:edges] = flat
        self.rows, self.edges = rows, edges


def _folded_values(values: list[int], plain: list[int], flat: list[int]) -> list[int]:
    """The values of a position's options: its plain options', then each folded sum's (the XOR
    of its parts')."""
    out = [values[w] for w in plain]
    i, end = 0, len(flat)
    while i < end:
        count = flat[i]
        x = 0
        for w in flat[i + 1:i + 1 + count]:
            x ^= values[w]
        out.append(x)
        i += 1 + count
    return out


def _topological(succ: list[list[int]], start: int = 0) -> list[int] | None:
    """The vertices from ``start`` on, each before its successors among them (Kahn's algorithm;
    edges to vertices before ``start`` are ignored), or ``None`` on a cycle among them."""
    indegree = [0] * (len(succ) - start)
    for v in range(start, len(succ)):
        for w in succ[v]:
            if w >= start:
                indegree[w - start] += 1
    ready = [v + start for v, d in enumerate(indegree) if d == 0]
    order = []
    while ready:
        v = ready.pop()
        order.append(v)
        for w in succ[v]:
            if w >= start:
                indegree[w - start] -= 1
                if indegree[w - start] == 0:
                    ready.append(w)
    return order if len(order) == len(indegree) else None
