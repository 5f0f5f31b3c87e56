"""Undirected vertex geography (the "bipartite-graph game", 二分图博弈).

A token sits on a vertex of an undirected graph. A move slides it to an adjacent vertex that has
not been visited yet (the start counts as visited). Whoever cannot move loses.

**Theorem** (see Fraenkel, Scheinerman and Ullman, "Undirected edge geography", 1993; it holds
for every undirected graph, bipartite or not): the player to move from the start ``v`` wins iff
**every maximum matching of G covers v**, i.e. iff ``ν(G − v) < ν(G)`` (ν = size of a maximum
matching). If some maximum matching ``M``
misses ``v``, every move of the first player goes to a matched vertex and the second player
answers along ``M``; if every maximum matching covers ``v``, the first player follows one.

A position after some moves is the game on the unvisited vertices plus the token's vertex, so the
theorem decides every position, and the winning moves are the moves to the neighbours ``u`` that
some maximum matching of ``G − v`` misses (from ``u`` the opponent then loses). grundy finds one
maximum matching with networkx (Hopcroft–Karp on bipartite graphs, Edmonds' blossom algorithm
otherwise) and then the vertices that some maximum matching misses — the set ``D`` of the
Gallai–Edmonds decomposition — by one alternating-forest search from the unmatched vertices
(blossoms shrunk with union–find, so near-linear after the matching).

``grundy export 'vertex-geography(E)'`` (a graph read at run time) and
``'vertex-geography(B)'`` (a board of ``.``/``#`` cells) write a judge's program that answers
every start by the same theorem (:mod:`grundy.export.geography`).

The theorem gives the **outcome**, not a Grundy value: the value of a geography position in a sum
of games is not given by it (grundy brute-forces it on small graphs only).

A position is ``(token vertex, frozenset of visited vertices)``; as text ``v`` for a fresh start,
``v | a b c`` after the token has visited ``a b c`` too. On the grid shorthand
``vertex-geography(grid=NxM)`` the vertices are ``r,c`` (0-based), the moves the four neighbours.

>>> from grundy import load_game, solve
>>> board = load_game("vertex-geography(grid=3x3)")
>>> solve(board, board.parse_position("0,0")).outcome.winner     # a corner of an odd board
'second'
>>> answer = solve(board, board.parse_position("0,1"))
>>> answer.outcome.winner, [m.label for m in answer.winning_moves]
('first', ['0,1 → 0,0', '0,1 → 0,2', '0,1 → 1,1'])
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.errors import InvalidGameError, InvalidInputError, InvalidPositionError, SearchLimitError
from grundy.games.graphs.fileio import GraphData, from_networkx, graph_param
from grundy.model.bounded import BoundedCache, Derived
from grundy.model.game import ContentHashedGame, Move, Outcome, Position
from grundy.model.laws import Family, Laws, graph_families
from grundy.model.reason import Facts, Reason, template

EXAMPLES: dict[int, tuple[str, str]] = {
    1: ("two triangles joined by an edge, with a tail (not bipartite)",
        "a b\nb c\nc a\nc d\nd e\ne f\nf d\na g\n"),
    2: ("the Petersen graph", "0 1\n1 2\n2 3\n3 4\n4 0\n0 5\n1 6\n2 7\n3 8\n4 9\n5 7\n7 9\n9 6\n6 8\n8 5\n"),
}
"""Built-in example graphs (edge lists) for ``vertex-geography(example=K)``."""

MAX_GRID_CELLS = 4_000_000
"""Largest board of the grid shorthand."""

SEARCH_DEPTH = 200
"""Brute force (the engine's search over visited sets, for a Grundy value) stops at positions
with more visited vertices than this: the outcome and winning moves never need it."""

_CACHE_SIZE = 64
_GRID = re.compile(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*")
SEPARATOR = "|"
"""Separates the token's vertex from the other visited vertices in a position's text."""

GeoPosition = tuple[int, frozenset[int]]
_THEOREM = ("the player to move from v wins iff every maximum matching covers v (Fraenkel, "
            "Scheinerman and Ullman, 1993)")


@dataclass(frozen=True)
class Analysis:
    """The matching numbers behind one position: in the token's component of the unvisited
    graph (``size`` vertices), ``nu`` with the token's vertex and ``nu_without`` without it."""

    wins: bool
    size: int
    nu: int
    nu_without: int
    bipartite: bool
    winning_targets: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class VertexGeography(ContentHashedGame):
    """Vertex geography on an undirected graph (loops and parallel edges are ignored)."""

    names: tuple[str, ...]
    adjacency: tuple[tuple[int, ...], ...] = field(repr=False)
    spec_text: str = "vertex-geography"
    grid: tuple[int, int] | None = None
    _derived: Derived = field(default_factory=Derived, init=False, repr=False, compare=False)
    _analyses: BoundedCache[Any, Analysis] = field(
        default_factory=lambda: BoundedCache(_CACHE_SIZE), init=False, repr=False, compare=False)
    name = "vertex-geography"
    families = (
        *graph_families(Family("geography", ("E",), None, None, "E: any undirected graph (loops and "
                               "repeated edges too), its vertices any numbers", _THEOREM)),
        Family("geography-grid", ("B",), None, None, "B: a board of n rows of m cells, '.' free and "
               "'#' blocked", _THEOREM))
    """``vertex-geography(E)``: the graph given at run time, a position its start vertex;
    ``vertex-geography(B)``: a board of free and blocked cells given at run time
    (``grundy export 'vertex-geography(E)'``)."""

    # ---- construction -----------------------------------------------------------------------
    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> VertexGeography:
        if args or len(kwargs) != 1 or not kwargs.keys() <= {"example", "graph", "grid"}:
            raise InvalidGameError(
                "vertex-geography needs a graph: use 'grundy solve vertex-geography --graph FILE V', "
                "the spec vertex-geography(graph=FILE), vertex-geography(grid=NxM), or "
                f"vertex-geography(example=K) with K in {sorted(EXAMPLES)}"
                + (f"; got {args or ''}{kwargs or ''}" if args or kwargs else ""))
        if "grid" in kwargs:
            return cls.from_grid(str(kwargs["grid"]))
        return cls.from_graph(*graph_param("vertex-geography", kwargs, EXAMPLES))

    takes_graph = True

    @classmethod
    def from_graph(cls, data: GraphData, spec: str = "vertex-geography") -> VertexGeography:
        """The game on a graph read by :mod:`grundy.games.graphs.fileio` (edges taken undirected)."""
        return cls(data.vertices, _adjacency(len(data.vertices), data.edges), spec)

    @classmethod
    def from_networkx(cls, graph: Any) -> VertexGeography:
        """The game on a networkx graph (vertex names become text; directions are ignored).

        >>> import networkx as nx
        >>> game = VertexGeography.from_networkx(nx.path_graph(3))
        >>> game.closed_outcome(game.parse_position("1")), game.closed_outcome(game.parse_position("0"))
        (<Outcome.N: 'N'>, <Outcome.P: 'P'>)
        """
        return cls.from_graph(from_networkx(graph))

    @classmethod
    def from_edges(cls, n: int, edges: Iterable[tuple[int, int]]) -> VertexGeography:
        """The game on vertices ``0..n-1`` (named by their numbers) with the given edges.

        >>> game = VertexGeography.from_edges(2, [(0, 1)])
        >>> game.closed_outcome(game.validate(0))
        <Outcome.N: 'N'>
        """
        pairs = np.array(list(edges), dtype=np.int64).reshape(-1, 2)
        if len(pairs) and (pairs.min() < 0 or pairs.max() >= n):
            raise InvalidInputError(f"an edge uses a vertex outside 0..{n - 1}")
        return cls(tuple(str(v) for v in range(n)), _adjacency(n, pairs))

    @classmethod
    def from_grid(cls, size: str) -> VertexGeography:
        """The ``N×M`` board (``size`` is ``"NxM"``): vertices ``r,c``, moves to the 4 neighbours.

        >>> VertexGeography.from_grid("2x3").adjacency[0]
        (1, 3)
        """
        match = _GRID.fullmatch(size)
        if not match:
            raise InvalidGameError(f"vertex-geography(grid={size}): expected grid=NxM, e.g. grid=8x8")
        rows, cols = int(match.group(1)), int(match.group(2))
        if rows < 1 or cols < 1 or rows * cols > MAX_GRID_CELLS:
            raise InvalidGameError(
                f"vertex-geography(grid={size}): the board must have 1 to {MAX_GRID_CELLS:,} cells")
        names = tuple(f"{r},{c}" for r in range(rows) for c in range(cols))
        adjacency = tuple(
            tuple(r2 * cols + c2 for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                  if 0 <= r2 < rows and 0 <= c2 < cols)
            for r in range(rows) for c in range(cols))
        return cls(names, adjacency, f"vertex-geography(grid={rows}x{cols})", (rows, cols))

    def _content(self) -> Iterator[bytes]:
        yield "\0".join(self.names).encode()
        for row in self.adjacency:
            yield np.asarray(row, dtype=np.int64).tobytes() + b"|"

    # ---- positions ---------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.names)

    def vertex_name(self, v: int) -> str:
        return self.names[v]

    def _vertex(self, name: str) -> int:
        index = self._derived.get("index", lambda: {v: i for i, v in enumerate(self.names)})
        found = index.get(name)
        if found is None:
            raise InvalidPositionError(f"unknown vertex {name!r}: not a vertex of {self.spec} "
                                       f"(no edge names it; a vertex without edges is listed in a "
                                       f"JSON graph's \"vertices\")")
        return found

    def validate(self, position: Any) -> GeoPosition:
        if isinstance(position, str):
            return self.parse_position(position)
        if isinstance(position, int | np.integer) and not isinstance(position, bool):
            v = self._check(position)
            return (v, frozenset((v,)))
        if (isinstance(position, tuple) and len(position) == 2
                and isinstance(position[1], Iterable) and not isinstance(position[1], str)):
            v = self._check(position[0])
            visited = frozenset(self._check(u) for u in position[1]) | {v}
            return (v, visited)
        raise InvalidPositionError(
            f"a position of {self.spec} is a vertex or (vertex, visited vertices), got {position!r}")

    def _check(self, v: Any) -> int:
        if isinstance(v, str):
            return self._vertex(v)
        if isinstance(v, bool) or not isinstance(v, int | np.integer) or not 0 <= v < self.n:
            raise InvalidPositionError(f"vertex {v!r} is not a vertex number of {self.spec}")
        return int(v)

    def parse_position(self, text: str) -> GeoPosition:
        head, bar, tail = text.partition(SEPARATOR)
        tokens = self._tokens(head)
        if self.grid is not None and len(tokens) == 2 and all(t.isdigit() for t in tokens):
            tokens = [f"{int(tokens[0])},{int(tokens[1])}"]  # '0 0' for the cell 0,0
        if len(tokens) != 1:
            raise InvalidPositionError(
                f"{self.spec}: expected the token's vertex (then optionally '{SEPARATOR}' and the "
                f"other visited vertices), got {text!r}")
        v = self._vertex(tokens[0])
        visited = {v, *(self._vertex(t) for t in self._tokens(tail))} if bar else {v}
        return (v, frozenset(visited))

    def _tokens(self, text: str) -> list[str]:
        if self.grid is not None:  # cell names contain a comma
            return [re.sub(r"\s+", "", t) for t in re.findall(r"\d+\s*,\s*\d+|\S+", text)]
        return [t for t in re.split(r"[\s,]+", text.strip()) if t]

    def format_position(self, position: Any) -> str:
        v, visited = position
        if len(visited) == 1:
            return self.names[v]
        others = " ".join(self.names[u] for u in sorted(visited) if u != v)
        return f"{self.names[v]} {SEPARATOR} {others}"

    def moves(self, position: Any) -> Iterator[Move]:
        v, visited = position
        for u in self.adjacency[v]:
            if u not in visited:
                yield Move(f"{self.names[v]} → {self.names[u]}", (u, visited | {u}))

    def options(self, position: Any) -> Iterator[Position]:
        if len(position[1]) > SEARCH_DEPTH:
            raise SearchLimitError(
                f"{self.spec}: brute force over visited sets stops at {SEARCH_DEPTH} visited vertices "
                f"(the outcome and the winning moves come from the matching theorem)")
        return (move.to for move in self.moves(position))

    @property
    def laws(self) -> Laws:
        """What VertexGeography declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(samples=self._samples, outcome=self._outcome, winning_moves=self._winning_moves,
                    reason=self._reason)

    def _samples(self) -> Iterable[Position]:
        starts = [(v, frozenset((v,))) for v in range(min(self.n, 12))]
        later = [m.to for s in starts[:3] for m in self.moves(s)]
        return starts + later + [m.to for s in later[:3] for m in self.moves(s)]

    # ---- the matching theorem ----------------------------------------------------------------
    def analysis(self, position: Any) -> Analysis:
        """The matching numbers and winning targets of ``position`` (cached per position).

        >>> board = VertexGeography.from_grid("3x3")
        >>> board.analysis(board.parse_position("0,0"))
        Analysis(wins=False, size=9, nu=4, nu_without=4, bipartite=True, winning_targets=())
        """
        return self._analyses.get(position, lambda: _analyse(self.adjacency, position[0], position[1]))

    def _outcome(self, position: Any) -> Outcome:
        if len(position[1]) == 1:  # (a start: every start's outcome is found at once, then kept)
            lost = self._derived.get("lost starts", lambda: lost_starts(self.adjacency))
            return Outcome.P if lost[position[0]] else Outcome.N
        return Outcome.N if self.analysis(position).wins else Outcome.P

    def _winning_moves(self, position: Any) -> list[Move]:
        v, visited = position
        return [Move(f"{self.names[v]} → {self.names[u]}", (u, visited | {u}))
                for u in self.analysis(position).winning_targets]

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        a = self.analysis(position)
        return Reason("vertex-geography", {
            "vertex": self.names[position[0]], "visited": len(position[1]), "size": a.size,
            "bipartite": a.bipartite, "matching": a.nu, "matching_without": a.nu_without,
            "wins": a.wins})


def _adjacency(n: int, edges: np.ndarray) -> tuple[tuple[int, ...], ...]:
    """Sorted neighbour tuples of an undirected simple graph (loops and repeats dropped)."""
    sets: list[set[int]] = [set() for _ in range(n)]
    for u, v in np.asarray(edges, dtype=np.int64).reshape(-1, 2).tolist():
        if u != v:
            sets[u].add(v)
            sets[v].add(u)
    return tuple(tuple(sorted(s)) for s in sets)


def _analyse(adjacency: Sequence[Sequence[int]], v: int, visited: frozenset[int]) -> Analysis:
    """Apply the theorem to the component of ``v`` in the graph of unvisited vertices plus ``v``."""
    # The component, numbered locally, with a 2-colouring attempt.
    local = {v: 0}
    order = [v]
    colour = [0]
    bipartite = True
    for x in order:  # breadth-first: the list grows while we walk it
        cx = colour[local[x]]
        for y in adjacency[x]:
            if y in visited:
                continue
            k = local.get(y)
            if k is None:
                local[y] = len(order)
                order.append(y)
                colour.append(1 - cx)
            elif colour[k] == cx:
                bipartite = False
    adj = [[local[y] for y in adjacency[x] if y not in visited] for x in order]
    mate = maximum_matching(adj, colour if bipartite else None)
    nu = sum(1 for m in mate if m >= 0) // 2
    if mate[0] < 0 or _missable(adj, mate)[0]:
        return Analysis(False, len(order), nu, nu, bipartite, ())
    # Every maximum matching covers v: M minus v's edge is a maximum matching of G − v.
    without = list(mate)
    without[without[0]] = -1
    without[0] = -1
    missable = _missable(adj, without, removed=0)
    targets = tuple(sorted(order[u] for u in adj[0] if missable[u]))
    return Analysis(True, len(order), nu, nu - 1, bipartite, targets)


def lost_starts(adjacency: Sequence[Sequence[int]]) -> list[bool]:
    """Whether the player to move loses from each start (only the start visited), all at once: by
    the theorem, exactly at the vertices some maximum matching misses (the set ``D`` of the
    Gallai–Edmonds decomposition). One maximum matching of each component (Hopcroft–Karp on a
    bipartite one, the blossom algorithm on the others), then one alternating-forest search over
    the whole graph (:func:`_missable`).

    >>> lost_starts([[1], [0, 2], [1], []])  # a path a–b–c, and a lone vertex
    [True, False, True, True]
    """
    n = len(adjacency)
    mate, seen = [-1] * n, [False] * n
    for start in range(n):
        if seen[start] or not adjacency[start]:
            continue
        local, order, colour, bipartite = {start: 0}, [start], [0], True
        seen[start] = True
        for x in order:  # breadth-first: the list grows while we walk it
            cx = colour[local[x]]
            for y in adjacency[x]:
                k = local.get(y)
                if k is None:
                    local[y] = len(order)
                    order.append(y)
                    colour.append(1 - cx)
                    seen[y] = True
                elif colour[k] == cx:
                    bipartite = False
        found = maximum_matching([[local[y] for y in adjacency[x]] for x in order],
                                 colour if bipartite else None)
        for i, m in enumerate(found):
            if m >= 0:
                mate[order[i]] = order[m]
    return _missable(adjacency, mate)


def maximum_matching(adj: Sequence[Sequence[int]], colour: Sequence[int] | None = None) -> list[int]:
    """A maximum matching of the graph ``adj`` (vertices ``0..n-1``) as a mate array (``-1``:
    unmatched), by networkx: Hopcroft–Karp when a 2-colouring ``colour`` is given, else the
    blossom algorithm.

    >>> mate = maximum_matching([[1, 2], [0, 2], [0, 1]])          # a triangle
    >>> sorted(mate).count(-1), all(mate[mate[x]] == x for x in range(3) if mate[x] >= 0)
    (1, True)
    """
    import networkx as nx

    n = len(adj)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((x, y) for x in range(n) for y in adj[x] if x < y)
    mate = [-1] * n
    if colour is not None:
        found = nx.bipartite.hopcroft_karp_matching(graph, top_nodes=[x for x in range(n) if colour[x] == 0])
        for x, y in found.items():
            mate[x] = y
    else:
        for x, y in nx.max_weight_matching(graph, maxcardinality=True):
            mate[x], mate[y] = y, x
    return mate


def _missable(adj: Sequence[Sequence[int]], mate: Sequence[int], removed: int = -1) -> list[bool]:
    """Which vertices some maximum matching misses (Gallai–Edmonds ``D``), given a maximum matching
    ``mate`` of the graph ``adj`` without the vertex ``removed``.

    These are the even ("outer") vertices of Edmonds' alternating forest grown from every unmatched
    vertex at once: as the matching is maximum, the search finds no augmenting path and its outer
    vertices, blossoms included, are exactly ``D``. Blossoms are merged with union–find, and the
    walk to a blossom's base costs at most twice the vertices it absorbs: O((V + E) α(V)).

    >>> _missable([[1], [0, 2], [1]], [1, 0, -1])      # a path a–b–c matched a–b
    [True, False, True]
    """
    n = len(adj)
    even, odd = 1, 2
    label = [0] * n
    parent = [-1] * n   # an odd vertex -> the even vertex that labelled it
    root = [-1] * n
    link = list(range(n))  # union-find over blossoms; the set of a base is headed by it
    queue: deque[int] = deque()
    for x in range(n):
        if x != removed and mate[x] < 0:
            label[x], root[x] = even, x
            queue.append(x)

    def base(x: int) -> int:
        while link[x] != x:
            link[x] = link[link[x]]
            x = link[x]
        return x

    def up(b: int) -> int:  # the next blossom base towards the root, -1 past it
        m = mate[b]
        return -1 if m < 0 else base(parent[m])

    stamp = [0] * n
    clock = 0
    while queue:
        x = queue.popleft()
        for w in adj[x]:
            if w == removed:
                continue
            if label[w] == 0:  # w is matched (unmatched vertices are roots), and so is its mate
                m = mate[w]
                label[w], parent[w], root[w] = odd, x, root[x]
                label[m], root[m] = even, root[x]
                queue.append(m)
            elif label[w] == even:
                bx, bw = base(x), base(w)
                if bx == bw:
                    continue
                if root[x] != root[w]:
                    raise AssertionError("augmenting path found: the matching was not maximum")
                clock += 1
                a, b = bx, bw
                while True:  # walk up from both sides in turn; the first vertex seen twice is the LCA
                    if a >= 0:
                        if stamp[a] == clock:
                            break
                        stamp[a] = clock
                        a = up(a)
                    a, b = b, a
                lca = a
                for start in (bx, bw):
                    b = start
                    while b != lca:
                        m = mate[b]
                        nxt = base(parent[m])
                        if label[m] == odd:
                            label[m] = even
                            queue.append(m)
                        link[b] = lca
                        link[m] = lca
                        b = nxt
    return [lab == even for lab in label]


@template("vertex-geography")
def _geography_text(f: Facts) -> str:
    v, size, nu = f["vertex"], f["size"], f["matching"]
    where = (f"the token's component of unvisited vertices ({size} vertices)"
             if f["visited"] > 1 else f"the component of {v} ({size} vertices)")
    how = "Hopcroft–Karp" if f["bipartite"] else "Edmonds' blossom algorithm"
    if f["wins"]:
        verdict = (f"ν(G − {v}) = {f['matching_without']} < ν(G) = {nu}: every maximum matching "
                   f"covers {v}, so the player to move wins (move to a vertex some maximum matching "
                   f"of G − {v} misses)")
    else:
        verdict = (f"ν(G − {v}) = ν(G) = {nu}: a maximum matching misses {v}, so the player to "
                   f"move loses (the opponent answers along it)")
    return (f"vertex geography theorem (first player wins iff every maximum matching covers the "
            f"start): in {where}, by {how}, {verdict}")
