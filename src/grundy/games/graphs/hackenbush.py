"""Green Hackenbush: delete one edge of an undirected multigraph rooted at a ground vertex;
every edge no longer connected to the ground falls off. Whoever cannot move loses.

Values, without search:

* **colon principle** — on a tree, a branch hanging by an edge counts ``1 + (value of the
  subtree above it)``, and branches meeting at a vertex XOR;
* **fusion principle** — the vertices of a cycle may be fused into one vertex, its edges becoming
  loops (a loop is a stalk of length 1, so ``k`` loops count ``k mod 2``). Fusing every
  2-edge-connected block (networkx bridges) leaves a tree of bridges, valued by the colon principle.

A winning move is a deletion leaving value 0. Deleting a bridge changes only the values on the
path to the ground; deleting an edge inside a block re-analyses that block alone, so every winning
move of a graph of thousands of edges is found quickly. A position is the sorted tuple of the ids
of the edges still standing (an edge's id is its number in the file, counting from 0); as text:
``all``, ``all -3 -7`` (all but edges 3 and 7), ``0 1 4`` (just these), or ``none``.

>>> from grundy import load_game, solve
>>> game = load_game("green-hackenbush(example=1)")       # a tree
>>> answer = solve(game, game.parse_position("all"))
>>> answer.grundy, [m.label for m in answer.winning_moves]
(5, ['cut edge 3 (c–d)'])
>>> cycles = load_game("green-hackenbush(example=2)")     # a triangle, a loop, a double edge
>>> solve(cycles, cycles.parse_position("all")).grundy
2
"""

from __future__ import annotations

import difflib
import random
import re
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from grundy.errors import InvalidGameError, InvalidPositionError, SearchLimitError, TooManyMovesError
from grundy.games.graphs.fileio import (
    GraphData,
    check_name,
    from_networkx,
    graph_param,
    with_ground,
)
from grundy.model.bounded import BoundedCache, Derived
from grundy.model.game import ContentHashedGame, Move, Outcome, Position, split_tokens
from grundy.model.laws import Board, BoardKind, Family, Laws, graph_families
from grundy.model.reason import Facts, Reason, template

EXAMPLES: dict[int, tuple[str, str]] = {
    1: ("a tree", "g a\na b\na c\nc d\ng e\ne f\ne h\n"),
    2: ("cycles, a loop and a double edge", "g a\na b\nb g\nb c\nc c\ng d\nd e\nd e\n"),
    3: ("a square on a stalk, with a tail", "g a\na b\nb c\nc d\nd a\nc e\ne e\nb f\n"),
}
"""Built-in example graphs (edge lists, ground ``g``) for ``green-hackenbush(example=K)``."""

WORK_LIMIT = 2_000_000
"""Budget (edges × edges of a block) for re-analysing blocks when finding winning moves."""

MISERE_MOVES = 1000
"""The most misère winning moves of a forest listed (each is a forest written out: O(E))."""

BRUTE_FORCE_EDGES = 16
"""Largest position whose moves are listed for brute force (2^16 subsets at most)."""

Edges = Sequence[tuple[int, int]]


@dataclass
class _Tree:
    """The bridge tree of the ground's component: blocks (2-edge-connected components)."""

    root_vertex: int
    block_of: dict[int, int]                 # vertex -> block
    internal: list[list[int]]                # block -> its non-bridge edge ids
    weight: list[int]                        # block -> XOR of the vertex weights inside it
    parent: list[int]                        # block -> parent block (-1 at the root)
    parent_bridge: list[int]                 # block -> bridge to the parent (-1 at the root)
    attach: list[int]                        # block -> its vertex on the parent bridge (root: root)
    anchor: list[int]                        # block -> the parent's vertex on that bridge
    order: list[int]                         # blocks, parents before children
    value: list[int] = field(default_factory=list)
    bridge_child: dict[int, int] | None = None  # bridge edge -> the block below it (made on demand)
    children: dict[int, list[int]] | None = None  # block -> its child blocks (made on demand)


def _build(edges: Edges, ids: Iterable[int], root: int, weights: dict[int, int] | None = None) -> _Tree:
    """Decompose the component of ``root`` in the edges ``ids`` and value it (colon + fusion)."""
    import networkx as nx

    ids = list(ids)
    multiplicity: Counter[tuple[int, int]] = Counter()
    for i in ids:
        u, v = edges[i]
        if u != v:
            multiplicity[(u, v) if u < v else (v, u)] += 1
    # What nx.bridges does for a multigraph, without its copies of the graph: an edge is a bridge
    # iff it is single and lies on no chain of the chain decomposition.
    graph = nx.Graph()
    graph.add_node(root)
    graph.add_edges_from(multiplicity)
    reach = nx.node_connected_component(graph, root)
    on_chains = {(u, v) if u < v else (v, u)
                 for chain in nx.chain_decomposition(graph, root=root) for u, v in chain}
    bridge_pairs = {pair for pair, k in multiplicity.items()
                    if k == 1 and pair not in on_chains and pair[0] in reach}
    parent_of = {v: v for v in reach}

    def find(x: int) -> int:
        while parent_of[x] != x:
            parent_of[x] = parent_of[parent_of[x]]
            x = parent_of[x]
        return x

    bridges: list[tuple[int, int, int]] = []
    inner: list[tuple[int, int]] = []
    for i in ids:
        u, v = edges[i]
        if u not in reach:
            continue
        if ((u, v) if u < v else (v, u)) in bridge_pairs:
            bridges.append((i, u, v))
        else:
            inner.append((i, u))
            parent_of[find(u)] = find(v)
    roots = sorted({find(v) for v in reach}, key=lambda r: r != find(root))
    number = {r: k for k, r in enumerate(roots)}
    block_of = {v: number[find(v)] for v in reach}
    nblocks = len(roots)
    internal: list[list[int]] = [[] for _ in range(nblocks)]
    for i, u in inner:
        internal[block_of[u]].append(i)
    weight = [0] * nblocks
    for v, w in (weights or {}).items():
        if v in block_of:
            weight[block_of[v]] ^= w
    adjacent: list[list[tuple[int, int, int, int]]] = [[] for _ in range(nblocks)]
    for i, u, v in bridges:
        adjacent[block_of[u]].append((i, block_of[v], v, u))
        adjacent[block_of[v]].append((i, block_of[u], u, v))
    parent, parent_bridge, attach, anchor = [-1] * nblocks, [-1] * nblocks, [root] * nblocks, [root] * nblocks
    order, seen = [0], [False] * nblocks
    seen[0] = True
    for b in order:  # breadth-first: the list grows while we walk it
        for i, c, at, here in adjacent[b]:
            if not seen[c]:
                seen[c] = True
                parent[c], parent_bridge[c], attach[c], anchor[c] = b, i, at, here
                order.append(c)
    tree = _Tree(root, block_of, internal, weight, parent, parent_bridge, attach, anchor, order)
    value = [(len(internal[b]) & 1) ^ weight[b] for b in range(nblocks)]
    for b in reversed(order[1:]):
        value[parent[b]] ^= 1 + value[b]
    tree.value = value
    return tree


def hackenbush_value(edges: Edges, ids: Iterable[int], ground: int) -> int:
    """The Green Hackenbush value of the edges ``ids`` (pairs of vertex numbers) rooted at ``ground``.

    >>> hackenbush_value([(0, 1), (1, 2), (1, 3)], [0, 1, 2], 0)   # a stalk forking in two: 1 + (1 ⊕ 1)
    1
    >>> hackenbush_value([(0, 1), (1, 2), (2, 0)], [0, 1, 2], 0)   # a triangle: three loops
    1
    """
    return _build(edges, ids, ground).value[0]


def deletions_to_value(edges: Edges, ids: Sequence[int], ground: int, target: int,
                       work_limit: int = WORK_LIMIT, tree: _Tree | None = None) -> list[int]:
    """The ids of every edge whose deletion leaves the value ``target`` (sorted).

    >>> deletions_to_value([(0, 1), (1, 2), (1, 3)], [0, 1, 2], 0, 0)
    [0]
    """
    tree = tree or _build(edges, ids, ground)
    value, parent = tree.value, tree.parent
    if value[0] == target:
        return []  # no option has the value of its position (the mex)
    need = [-1] * len(value)  # the value a block must take for the whole to be worth ``target``
    need[0] = target
    for b in tree.order[1:]:
        p = parent[b]
        if need[p] >= 0:
            x = value[p] ^ (1 + value[b]) ^ need[p]
            need[b] = x - 1  # -1: impossible (would need 1 + x == 0)
    simple = {b: _simple_deletions(edges, tree.internal[b])
              for b in range(len(value)) if need[b] >= 0 and tree.internal[b]}
    work = sum((len(tree.internal[b]) - len(simple[b])) * len(tree.internal[b]) for b in simple)
    if work > work_limit:
        raise SearchLimitError(
            f"green-hackenbush: finding every winning move means re-analysing blocks of cycles "
            f"({work:,} edge steps > {work_limit:,}); the value is {value[0]}")
    children: list[list[int]] = [[] for _ in value]
    for c in tree.order[1:]:
        children[parent[c]].append(c)
    found: list[int] = []
    for b in tree.order:
        p = parent[b]
        if p >= 0 and need[p] >= 0 and value[p] ^ (1 + value[b]) == need[p]:
            found.append(tree.parent_bridge[b])  # the branch above this bridge falls off
        block = tree.internal[b]
        if need[b] < 0 or not block:
            continue
        hanging: dict[int, int] = {}
        for c in children[b]:
            hanging[tree.anchor[c]] = hanging.get(tree.anchor[c], 0) ^ (1 + value[c])
        for i in block:
            if i in simple[b]:
                new = value[b] ^ 1  # the block stays one block, with one edge (one loop) fewer
            else:
                rest = [j for j in block if j != i]
                new = _build(edges, rest, tree.attach[b], hanging).value[0]
            if new == need[b]:
                found.append(i)
    return sorted(found)


def _simple_deletions(edges: Edges, block: Sequence[int]) -> set[int]:
    """The edges of a 2-edge-connected block whose deletion leaves it 2-edge-connected.

    Loops always qualify. For the other edges: take a depth-first spanning tree, give each
    non-tree edge a random 64-bit label and each tree edge the XOR of the labels of the non-tree
    edges covering it. ``{e, f}`` is a 2-edge cut exactly when ``e`` and ``f`` have equal labels
    (always when it is a cut; by a 2^-64 accident otherwise), so an edge whose label is unique is
    in no 2-edge cut: exact, since accidents only send an edge to the slow exact path.
    """
    rng = random.Random(len(block))
    adjacent: dict[int, list[tuple[int, int]]] = {}
    simple = set()
    for i in block:
        u, v = edges[i]
        if u == v:
            simple.add(i)
            continue
        adjacent.setdefault(u, []).append((v, i))
        adjacent.setdefault(v, []).append((u, i))
    if not adjacent:
        return simple
    start = next(iter(adjacent))
    up_edge = {start: -1}
    order = [start]
    stack = [(start, iter(adjacent[start]))]
    label: dict[int, int] = {}
    mark: dict[int, int] = dict.fromkeys(adjacent, 0)
    while stack:
        v, it = stack[-1]
        for w, i in it:
            if i == up_edge[v] or i in label:
                continue
            if w in up_edge:  # a non-tree edge (seen first from this end)
                label[i] = rng.getrandbits(64)
                mark[v] ^= label[i]
                mark[w] ^= label[i]
            else:
                up_edge[w] = i
                order.append(w)
                stack.append((w, iter(adjacent[w])))
            break
        else:
            stack.pop()
    for v in reversed(order[1:]):
        i = up_edge[v]
        label[i] = mark[v]
        u, w = edges[i]
        mark[u if w == v else w] ^= mark[v]
    counts = Counter(label.values())
    simple.update(i for i, x in label.items() if counts[x] == 1)
    return simple


def connected_part(edges: Edges, ids: Iterable[int], ground: int) -> tuple[int, ...]:
    """The ids (sorted) of the edges among ``ids`` still connected to ``ground``.

    >>> connected_part([(0, 1), (2, 3), (1, 1)], [0, 1, 2], 0)
    (0, 2)
    """
    ids = list(ids)
    adjacent: dict[int, list[int]] = {}
    for i in ids:
        u, v = edges[i]
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
    seen = {ground}
    queue = deque([ground])
    while queue:
        for w in adjacent.get(queue.popleft(), ()):
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return tuple(sorted(i for i in ids if edges[i][0] in seen))


@dataclass(frozen=True, eq=False)
class GreenHackenbush(ContentHashedGame):
    """Green Hackenbush on a multigraph with a ground vertex (positions: tuples of edge ids)."""

    names: tuple[str, ...]
    edges: tuple[tuple[int, int], ...] = field(repr=False)
    ground: int
    spec_text: str = "green-hackenbush"
    _derived: Derived = field(default_factory=Derived, init=False, repr=False, compare=False)
    _trees: BoundedCache[tuple[int, ...], _Tree] = field(
        default_factory=lambda: BoundedCache(1), init=False, repr=False, compare=False)
    """The decomposition of the last position asked about."""
    name = "green-hackenbush"
    families = graph_families(Family(
        "hackenbush", ("E",), None, None, "E: any undirected multigraph (loops and repeated edges too), "
        "its vertices any numbers", "the fusion principle (the vertices of a cycle may be fused, its "
        "edges becoming loops, each a stalk of length 1) and the colon principle (a branch hanging by "
        "an edge counts 1 + its value, and branches meeting at a vertex XOR)", fixed="ground",
        misere="misere play, where what stands on the ground is a forest: its branches at the ground "
               "(each an edge at the ground with the tree above it, of value 1 + the tree's by the "
               "colon principle) are the parts of a sum, and every position a branch reaches is "
               "empty or again a branch, of value >= 1, so no position of value 0 has a move and the "
               "SJ condition holds (ground_branches); a cycle, a loop or an edge twice in the ground's "
               "component is an error line"))
    """``green-hackenbush(E)``: the graph given at run time, a position its ground vertex
    (``green-hackenbush(T,ground=1)``: every case grounded at vertex 1, the input names no ground)."""

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> GreenHackenbush:
        keys = set(kwargs)
        if args or keys not in ({"example"}, {"graph"}, {"graph", "ground"}):
            raise InvalidGameError(
                "green-hackenbush needs a graph and its ground: use 'grundy solve green-hackenbush "
                "--graph FILE --ground V', the spec green-hackenbush(graph=FILE,ground=V), or "
                f"green-hackenbush(example=K) with K in {sorted(EXAMPLES)}"
                + (f"; got {args or ''}{kwargs or ''}" if args or kwargs else ""))
        ground = kwargs.get("ground")
        data, spec = graph_param("green-hackenbush", {k: v for k, v in kwargs.items() if k != "ground"},
                                 EXAMPLES)
        if "example" in kwargs:
            return cls.from_graph(with_ground(data, "g"), spec)
        if ground is not None:
            spec = f"{spec[:-1]},ground={ground})"
        return cls.from_graph(with_ground(data, None if ground is None else str(ground), add_missing=True),
                              spec)

    takes_graph = True
    takes_ground = True

    @classmethod
    def from_graph(cls, data: GraphData, spec: str = "green-hackenbush") -> GreenHackenbush:
        """The game on a graph read by :mod:`grundy.games.graphs.fileio` (its ground must be set)."""
        if data.ground is None:
            raise InvalidGameError(f"{data.source}: green-hackenbush needs a ground vertex "
                                   "(--ground V, or \"ground\" in a JSON file)")
        data = with_ground(data, data.ground, add_missing=True)  # a ground on no edge: an empty floor
        edges = tuple((int(u), int(v)) for u, v in data.edges.tolist())
        return cls(data.vertices, edges, data.index_of(str(data.ground), "ground vertex"), spec)

    @classmethod
    def from_networkx(cls, graph: Any, ground: Any) -> GreenHackenbush:
        """The game on a networkx (multi)graph rooted at ``ground``.

        >>> import networkx as nx
        >>> game = GreenHackenbush.from_networkx(nx.cycle_graph(4), ground=0)
        >>> game.closed_value(game.full)
        0
        """
        return cls.from_graph(with_ground(from_networkx(graph), str(ground)))

    def grounded_at(self, name: str) -> GreenHackenbush:
        """The same multigraph grounded at the vertex ``name`` (a name no edge has: a new vertex
        that touches no edge, an empty floor), its edges shared, not copied.

        >>> import networkx as nx
        >>> game = GreenHackenbush.from_networkx(nx.path_graph(3), ground=0)
        >>> middle, away = game.grounded_at("1"), game.grounded_at("7")
        >>> middle.closed_value(middle.full), away.names, away.full
        (0, ('0', '1', '2', '7'), ())
        """
        index = self._derived.get("index", lambda: {v: i for i, v in enumerate(self.names)})
        found = index.get(name)
        if found is None:
            check_name(name, "ground")
            return type(self)((*self.names, name), self.edges, len(self.names), self.spec_text)
        return type(self)(self.names, self.edges, found, self.spec_text)

    def _content(self) -> Iterator[bytes]:
        yield repr((self.names, self.edges, self.ground)).encode()

    @property
    def full(self) -> tuple[int, ...]:
        """The starting position: every edge connected to the ground."""
        return self._derived.get("full", lambda: connected_part(self.edges, range(len(self.edges)),
                                                                self.ground))

    # ---- positions ---------------------------------------------------------------------------
    def validate(self, position: Any) -> tuple[int, ...]:
        if isinstance(position, str):
            return self.parse_position(position)
        if not isinstance(position, Iterable):
            raise InvalidPositionError(f"a position of {self.spec} is a tuple of edge ids, got {position!r}")
        ids = set()
        for i in position:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self.edges):
                raise InvalidPositionError(
                    f"{i!r} is not an edge id of {self.spec} (0..{len(self.edges) - 1})")
            ids.add(i)
        return connected_part(self.edges, ids, self.ground)

    def parse_position(self, text: str) -> tuple[int, ...]:
        tokens = split_tokens(text)
        if not tokens or tokens == ["all"]:
            return self.full
        if tokens == ["none"]:
            return ()
        if tokens[0] == "all":
            drop = {self._edge_id(t[1:] if t.startswith("-") else "", t) for t in tokens[1:]}
            return connected_part(self.edges, set(self.full) - drop, self.ground)
        return self.validate([self._edge_id(t, t) for t in tokens])

    def _edge_id(self, digits: str, token: str) -> int:
        if not digits.isdigit() or int(digits) >= len(self.edges):
            raise InvalidPositionError(
                f"{token!r} is not an edge id of {self.spec}: write 'all', 'all -3 -7', '0 1 4' or "
                f"'none' (edges are numbered 0..{len(self.edges) - 1} in file order)")
        return int(digits)

    def format_position(self, position: Any) -> str:
        if position == self.full:
            return "all"
        if not position:
            return "none"
        missing = sorted(set(self.full) - set(position))
        if len(missing) < len(position):
            return "all " + " ".join(f"-{i}" for i in missing)
        return " ".join(str(i) for i in position)

    def _label(self, i: int) -> str:
        u, v = self.edges[i]
        return f"cut edge {i} ({self.names[u]}–{self.names[v]})"

    def moves(self, position: Any) -> Iterator[Move]:
        if len(position) > BRUTE_FORCE_EDGES:  # only brute force (e.g. misère play) lists moves
            raise SearchLimitError(
                f"{self.spec}: brute force over the {len(position)} edges of this position is out "
                f"of reach (misère play is searched for at most {BRUTE_FORCE_EDGES} edges)")
        for i in position:
            rest = [j for j in position if j != i]
            yield Move(self._label(i), connected_part(self.edges, rest, self.ground))

    @property
    def laws(self) -> Laws:
        """What GreenHackenbush declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(picture=self._picture, samples=self._samples, value=self._value,
                    moves_to_value=self._moves_to_value, winning_moves=self._winning_moves,
                    misere_outcome=self._misere_outcome, misere_winning_moves=self._misere_moves,
                    reason=self._reason, board=Board(BoardKind.EDGES, edges=self._standing))

    def _standing(self, position: Any) -> list[str]:
        """The edges standing, as the moves that cut them name them (``grundy play``'s picture)."""
        return [m.label.removeprefix("cut edge ") for m in self.moves(position)]

    def _picture(self, answer: Any, ax: Any) -> None:
        """The ground a square; standing edges black, winning cuts red, fallen edges dotted."""
        from grundy.games.graphs.drawing import check_size, literal

        check_size(len(self.names))
        if ax is None:
            return
        game = self
        import networkx as nx

        graph = nx.MultiGraph()
        graph.add_nodes_from(range(len(game.names)))
        for u, v in game.edges:
            graph.add_edge(u, v)
        layout = nx.spring_layout(graph, seed=1)
        standing = set(answer.position)
        cuts = {int(m.group(1)) for move in answer.winning_moves
                if (m := re.match(r"cut edge (\d+)", move.label))}
        seen: Counter[tuple[int, int]] = Counter()
        for i, (u, v) in enumerate(game.edges):
            key = (min(u, v), max(u, v))
            rad = 0.25 * seen[key] * (-1) ** seen[key]
            seen[key] += 1
            colour = "#d62728" if i in cuts else ("black" if i in standing else "#bbbbbb")
            nx.draw_networkx_edges(graph, layout, edgelist=[(u, v)], ax=ax, edge_color=colour,
                                   width=2.5 if i in cuts else 1.5, arrows=True, arrowstyle="-",
                                   style="solid" if i in standing else "dotted",
                                   connectionstyle=f"arc3,rad={rad}", node_size=300)
        shapes = ["s" if v == game.ground else "o" for v in range(len(game.names))]
        for shape in ("s", "o"):
            nodes = [v for v in range(len(game.names)) if shapes[v] == shape]
            nx.draw_networkx_nodes(graph, layout, nodelist=nodes, node_shape=shape, ax=ax, node_size=300,
                                   node_color="#74c476" if shape == "s" else "#dddddd")
        nx.draw_networkx_labels(graph, layout, labels={v: literal(name) for v, name in enumerate(game.names)},
                                ax=ax, font_size=7)

    def _samples(self) -> Iterable[Position]:
        full = self.full
        samples: list[Position] = [full, ()]
        samples += [m.to for m in self.moves(full)]
        samples += [connected_part(self.edges, full[k::3], self.ground) for k in range(3)]
        return list(dict.fromkeys(samples))[:16]

    # ---- rules ---------------------------------------------------------------------------------
    def _value(self, position: Any) -> int:
        return self._tree(position).value[0] if position else 0

    def _tree(self, position: tuple[int, ...]) -> _Tree:
        """The decomposition of ``position``, remembered for the last position asked about."""
        return self._trees.get(position, lambda: _build(self.edges, position, self.ground))

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        if not position:
            return []
        tree = self._tree(position)
        found = deletions_to_value(self.edges, position, self.ground, target, tree=tree)
        return [Move(self._label(i), self._after_deletion(position, i, tree)) for i in found]

    def _after_deletion(self, position: tuple[int, ...], i: int, tree: _Tree) -> tuple[int, ...]:
        """The position after deleting edge ``i``: a bridge takes its whole branch with it, any
        other edge goes alone (the block stays connected)."""
        if tree.bridge_child is None:
            tree.bridge_child = {tree.parent_bridge[b]: b for b in tree.order[1:]}
        child = tree.bridge_child.get(i)
        if child is None:
            return tuple(j for j in position if j != i)
        children = tree.children
        if children is None:
            children = tree.children = {}
            for b in tree.order[1:]:
                children.setdefault(tree.parent[b], []).append(b)
        dropped = set()
        stack = [child]
        while stack:
            b = stack.pop()
            dropped.add(tree.parent_bridge[b])
            dropped.update(tree.internal[b])
            stack.extend(children.get(b, ()))
        return tuple(j for j in position if j not in dropped)

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    # ---- misère play on a forest: the SJ theorem over the branches at the ground ---------------
    def ground_branches(self, position: Any) -> list[int] | None:
        """The values of the branches at the ground (each an edge at the ground with all that
        stands on it) when what stands is a forest, ``None`` when it has a cycle or a loop.

        The branches are the parts of a disjunctive sum, and each is a component of the SJ
        theorem (docs/misere.md) whose condition holds trivially: every position a branch reaches
        is empty or again a branch, of value 1 + the value above its ground edge >= 1, so no
        position of value 0 has a move. Hence the misère outcome of any sum of forests:
        :func:`misere_forest_wins` of all their branches' values.

        >>> import networkx as nx
        >>> vee = GreenHackenbush.from_networkx(nx.Graph([(0, 1), (1, 2), (0, 3), (3, 4)]), ground=0)
        >>> vee.ground_branches(vee.full), vee.closed_value(vee.full)
        ([2, 2], 0)
        """
        if not position:
            return []
        tree = self._tree(tuple(position))
        if any(tree.internal):
            return None
        return [tree.value[b] + 1 for b in tree.order[1:] if tree.parent[b] == 0]

    def _misere_outcome(self, position: Any) -> Outcome | None:
        branches = self.ground_branches(position)
        if branches is None:
            return None  # (a cycle: the fusion principle is not for misère play; searched)
        return Outcome.N if misere_forest_wins(branches) else Outcome.P

    def _misere_moves(self, position: Any) -> list[Move] | None:
        """Every misère winning move of a forest. A cut changes one branch, of value ``v``, to a
        value ``w`` (0: its ground edge cut); the forest left is lost for the opponent only for
        ``w`` in ``{0, 1, s ^ v}`` (``s`` the nim-sum), by the rule. The cuts inside the branch
        that give it ``w`` are those that give the whole the value ``s ^ v ^ w`` (the colon
        principle's :func:`deletions_to_value`, once per value), kept where they lie in it."""
        branches = self.ground_branches(position)
        if branches is None:
            return None
        position = tuple(position)
        tree = self._tree(position)
        top: dict[int, int] = {}  # block -> the branch (the root's child block) it stands in
        for b in tree.order[1:]:
            top[b] = b if tree.parent[b] == 0 else top[tree.parent[b]]
        branch_of = {tree.parent_bridge[b]: top[b] for b in tree.order[1:]}
        s, big = 0, sum(v > 1 for v in branches)
        for v in branches:
            s ^= v
        cuts: dict[int, list[int]] = {}
        found: set[int] = set()
        for b, v in zip([b for b in tree.order[1:] if tree.parent[b] == 0], branches, strict=True):
            for w in {0, 1, s ^ v} - {v}:
                whole, left_big = s ^ v ^ w, big - (v > 1) + (w > 1)
                if (whole != 0 and left_big > 0) or (whole == 0 and left_big == 0):
                    continue  # (the forest left is won for the opponent, by the rule)
                if w == 0:
                    found.add(tree.parent_bridge[b])
                    continue
                if whole not in cuts:
                    cuts[whole] = deletions_to_value(self.edges, position, self.ground, whole, tree=tree)
                found.update(i for i in cuts[whole] if branch_of[i] == b)
        if len(found) > MISERE_MOVES:
            raise TooManyMovesError(f"{self.spec}: {len(found):,} winning cuts, more than "
                                    f"{MISERE_MOVES:,} to list (each a forest to write out)")
        return [Move(self._label(i), self._after_deletion(position, i, tree)) for i in sorted(found)]

    def _close_names(self) -> str:
        """`` (did you mean 'g'?)`` when vertices on some edge have names close to the ground's."""
        used = {self.names[v].lower(): self.names[v] for edge in self.edges for v in edge}
        close = [used[c] for c in difflib.get_close_matches(
            self.names[self.ground].lower(), sorted(used), n=3, cutoff=0.5)]
        return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            branches = self.ground_branches(position)
            if branches is None:
                return None
            total = 0
            for v in branches:
                total ^= v
            return Reason("hackenbush-misere", {"branches": len(branches), "values": branches[:8],
                                                "total": total, "big": sum(v > 1 for v in branches),
                                                "wins": misere_forest_wins(branches)})
        if not position:
            if not any(self.ground in edge for edge in self.edges):
                return Reason("hackenbush-floating", {"ground": self.names[self.ground],
                                                      "close": self._close_names()})
            return Reason("hackenbush-empty", {})
        tree = self._tree(position)
        cycles = sum(len(b) for b in tree.internal)
        return Reason("hackenbush", {"edges": len(position), "cycle_edges": cycles,
                                     "blocks": sum(1 for b in tree.internal if b),
                                     "value": tree.value[0]})


def misere_forest_wins(branches: Sequence[int]) -> bool:
    """Whether the player to move wins the misère sum of branches of these values (each an edge at
    the ground with a tree on it, of value >= 1): the SJ theorem, some value > 1 and a nim-sum
    not 0, or none > 1 and the nim-sum 0 (no branch at all: no move, a win).

    >>> misere_forest_wins([2, 2]), misere_forest_wins([1, 1]), misere_forest_wins([])
    (False, True, True)
    """
    total = 0
    for v in branches:
        total ^= v
    big = any(v > 1 for v in branches)
    return (total != 0 and big) or (total == 0 and not big)


@template("hackenbush-misere")
def _misere_text(f: Facts) -> str:
    values = ", ".join(map(str, f["values"])) + (", …" if f["branches"] > len(f["values"]) else "")
    why = (f"{f['big']} branch(es) of value > 1 and s ≠ 0" if f["wins"] and f["big"] else
           "no branch of value > 1 and s = 0" if f["wins"] else
           f"{f['big']} branch(es) of value > 1 and s = 0" if f["big"] else
           "no branch of value > 1 and s ≠ 0")
    return (f"misère play on a forest: the SJ theorem over its {f['branches']} branch(es) at the "
            f"ground (values {values or 'none'}; each position a branch reaches is empty or of "
            f"value >= 1, so the SJ condition holds), s = {f['total']}: {why}, so the "
            f"{'first' if f['wins'] else 'second'} player wins")


@template("hackenbush-floating")
def _floating_text(f: Facts) -> str:
    return (f"the ground vertex {f['ground']!r} touches no edge{f['close']}, "
            f"so nothing stands on the ground: no edge, value 0, the player to move loses")


@template("hackenbush-empty")
def _empty_text(f: Facts) -> str:
    return "no edge is left: the player to move loses"


@template("hackenbush")
def _hackenbush_text(f: Facts) -> str:
    cycles, value = f["cycle_edges"], f["value"]
    if not cycles:
        return (f"colon principle on a tree: a branch counts 1 + the value above it, branches at a "
                f"vertex XOR; value {value}")
    return (f"fusion principle: {f['blocks']} block(s) of {cycles} edge(s) on cycles fused "
            f"into loops (k loops count k mod 2), then the colon principle on the "
            f"{f['edges'] - cycles} bridge(s); value {value}")
