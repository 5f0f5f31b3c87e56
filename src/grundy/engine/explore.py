"""The graph of positions of any game, explored from given positions, valued by Smith's generalised
Sprague-Grundy function (:mod:`grundy.engine.loopy`): games with cycles get win, lose or draw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grundy.engine.search import mex, xor_all
from grundy.errors import NotSupportedError, SearchLimitError

Position = Hashable


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
    csr: tuple[Any, Any] | None = None
    """The successor lists as CSR arrays, built for Smith's values once the graph has a cycle."""
    values: Any = None
    """Smith's values of every position (numpy, ``-1`` = ∞), once the graph has a cycle."""
    cyclic: bool = False
    sums: set[int] = field(default_factory=set)
    """Positions that are sums of others (their value is the XOR of their parts')."""
    plain: list[int] = field(default_factory=list)
    """The ordinary Grundy values, while the graph has no cycle: extended as positions are added
    (the positions explored before are closed under moves, so their values never change)."""

    def explore(self, options: Callable[[Position], list[Position]], roots: Iterable[Position],
                limit: int, what: str,
                parts: Callable[[Position], Sequence[Position] | None] | None = None) -> int:
        """Add the positions reachable from ``roots`` (``options(p)``: the options of ``p``),
        at most ``limit`` steps (positions + moves) of new work; then value every position.
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
        start = len(self.positions)
        todo = []
        for root in roots:
            if root not in self.index:
                self._add(root)
                todo.append(root)
        if not todo:
            return 0
        steps = 0
        index = self.index
        while todo:
            position = todo.pop()
            summed = parts(position) if parts is not None else None
            if summed is not None:
                self.sums.add(index[position])
            listed = options(position) if summed is None else summed
            ids: list[Any] = list(map(index.get, listed))
            if None in ids:  # new positions among the options: added in their order
                for i, found in enumerate(ids):
                    if found is None:
                        option = listed[i]
                        found = index.get(option)  # (listed twice: added just before)
                        if found is None:
                            found = len(self.positions)
                            self._add(option)
                            todo.append(option)
                        ids[i] = found
            self.succ[index[position]] = ids
            steps += 1 + len(ids)
            if steps > limit:
                raise SearchLimitError(
                    f"{what}: the positions reachable need more than {limit:,} steps (positions "
                    f"and moves); raise limit=", parameters=("limit",))
        self._solve(start)
        return steps

    def reset(self) -> None:
        """Forget every position."""
        self.index, self.positions, self.succ, self.csr, self.values = {}, [], [], None, None
        self.cyclic, self.sums, self.plain = False, set(), []

    def _add(self, position: Position) -> None:
        self.index[position] = len(self.positions)
        self.positions.append(position)
        self.succ.append([])

    def _solve(self, start: int) -> None:
        """Value the positions from number ``start`` on (those just added). While the graph has no
        cycle, only they are valued (mex, or XOR for a sum), in reverse topological order: the
        positions before ``start`` are closed under moves and valued already, so a run of
        queries costs what it explores, not the whole graph each time. Once there is a cycle,
        Smith's values are computed over the whole graph."""
        if not self.cyclic:
            if start == len(self.succ) - 1 and start not in self.succ[start]:
                order: list[int] | None = [start]  # (one position added, not its own option)
            else:
                order = _topological(self.succ, start)
            if order is not None:
                values, succ, sums = self.plain, self.succ, self.sums
                values.extend([0] * (len(succ) - len(values)))
                for v in reversed(order):
                    parts = map(values.__getitem__, succ[v])
                    values[v] = xor_all(parts) if v in sums else mex(parts)
                return
        if self.sums:
            raise NotSupportedError("a game whose options are sums (grundy.Sum) must have no cycles: "
                                    "the value of a sum of positions with cycles is not their XOR")
        import numpy as np

        from grundy.engine.loopy import generalized_values

        self.cyclic, self.plain = True, []
        indptr = np.zeros(len(self.succ) + 1, dtype=np.int64)
        np.cumsum([len(s) for s in self.succ], out=indptr[1:])
        indices = np.fromiter((w for s in self.succ for w in s), dtype=np.int64, count=int(indptr[-1]))
        self.csr = (indptr, indices)
        self.values = generalized_values(indptr, indices)

    def value(self, position: Position) -> Any:
        """The generalised value: an int, or ``Inf`` (∞ with the finite values of its options)."""
        v = self.index[position]
        if not self.cyclic:
            return self.plain[v]
        from grundy.engine.loopy import infinity_options

        assert self.csr is not None
        return infinity_options(self.csr[0], self.csr[1], self.values, v)

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
