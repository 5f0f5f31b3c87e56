"""The graph of positions of any game, explored from given positions, valued by Smith's generalised
Sprague-Grundy function (:mod:`grundy.engine.loopy`): games with cycles get win, lose or draw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grundy.errors import SearchLimitError

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
    values: Any = None
    cyclic: bool = False
    sums: set[int] = field(default_factory=set)
    """Positions that are sums of others (their value is the XOR of their parts')."""
    plain: list[int] | None = None
    """The ordinary Grundy values, when the graph has sums (and no cycle)."""

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
        todo = []
        for root in roots:
            if root not in self.index:
                self._add(root)
                todo.append(root)
        if not todo:
            return 0
        steps = 0
        while todo:
            position = todo.pop()
            ids = []
            summed = parts(position) if parts is not None else None
            if summed is not None:
                self.sums.add(self.index[position])
            for option in options(position) if summed is None else summed:
                if option not in self.index:
                    self._add(option)
                    todo.append(option)
                ids.append(self.index[option])
            self.succ[self.index[position]] = ids
            steps += 1 + len(ids)
            if steps > limit:
                raise SearchLimitError(
                    f"{what}: the positions reachable need more than {limit:,} steps (positions "
                    f"and moves); raise limit=", parameters=("limit",))
        self._solve()
        return steps

    def reset(self) -> None:
        """Forget every position."""
        self.index, self.positions, self.succ, self.csr, self.values = {}, [], [], None, None
        self.cyclic, self.sums, self.plain = False, set(), None

    def _add(self, position: Position) -> None:
        self.index[position] = len(self.positions)
        self.positions.append(position)
        self.succ.append([])

    def _solve(self) -> None:
        if self.sums:
            self.plain = _plain_values(self.succ, self.sums)
            return
        import numpy as np

        from grundy.engine.loopy import INF, generalized_values

        indptr = np.zeros(len(self.succ) + 1, dtype=np.int64)
        np.cumsum([len(s) for s in self.succ], out=indptr[1:])
        indices = np.fromiter((w for s in self.succ for w in s), dtype=np.int64, count=int(indptr[-1]))
        self.csr = (indptr, indices)
        self.values = generalized_values(indptr, indices)
        self.cyclic = bool((self.values == INF).any()) or self.cyclic or _has_cycle(self.succ)

    def value(self, position: Position) -> Any:
        """The generalised value: an int, or ``Inf`` (∞ with the finite values of its options)."""
        from grundy.engine.loopy import infinity_options

        v = self.index[position]
        if self.plain is not None:
            return self.plain[v]
        assert self.csr is not None
        return infinity_options(self.csr[0], self.csr[1], self.values, v)


def _plain_values(succ: list[list[int]], sums: set[int]) -> list[int]:
    """Ordinary Grundy values over an acyclic graph with sum vertices (XOR of their parts), in
    reverse topological order; a cycle is refused (sums and cycles do not mix)."""
    from grundy.engine.search import mex, xor_all
    from grundy.errors import NotSupportedError

    order = _topological(succ)
    if order is None:
        raise NotSupportedError("a game whose options are sums (grundy.Sum) must have no cycles: "
                                "the value of a sum of positions with cycles is not their XOR")
    values = [0] * len(succ)
    for v in reversed(order):
        parts = (values[w] for w in succ[v])
        values[v] = xor_all(parts) if v in sums else mex(parts)
    return values


def _topological(succ: list[list[int]]) -> list[int] | None:
    """The vertices, each before its successors (Kahn's algorithm), or ``None`` on a cycle."""
    indegree = [0] * len(succ)
    for s in succ:
        for w in s:
            indegree[w] += 1
    ready = [v for v, d in enumerate(indegree) if d == 0]
    order = []
    while ready:
        v = ready.pop()
        order.append(v)
        for w in succ[v]:
            indegree[w] -= 1
            if indegree[w] == 0:
                ready.append(w)
    return order if len(order) == len(succ) else None


def _has_cycle(succ: list[list[int]]) -> bool:
    """Whether the graph has a directed cycle."""
    return _topological(succ) is None
