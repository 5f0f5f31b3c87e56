"""Token games on a directed graph (``digraph``): a move slides one token along an out-edge.

Every impartial game is such a game on its graph of positions. Several tokens (possibly on the
same vertex) form a disjunctive sum. On an acyclic graph each vertex has an ordinary Grundy value,
computed for the whole graph at once in reverse topological order (:mod:`grundy.engine.loopy`). On a
graph with cycles the values are Smith's generalised Sprague-Grundy values — finite, or ∞_K with
``K`` the finite values among the followers — which decide sums of tokens too: a sum is a
P-position iff all its tokens are finite and XOR to 0; it is an N-position iff its tokens are
finite with XOR ≠ 0, or exactly one is ∞_K and the others XOR to a member of ``K``; otherwise
neither player can force a win (a draw, outcome ``D``).

The graph comes from a file (``grundy solve digraph --graph edges.txt a b``, or the spec
``digraph(graph=edges.txt)``), a networkx ``DiGraph`` (:meth:`Digraph.from_networkx`), arrays
(:meth:`Digraph.from_edges`), or a built-in example (``digraph(example=1)``).

>>> from grundy import load_game, solve
>>> game = load_game("digraph(example=1)")
>>> [game.format_position((v,)) + "=" + str(game.gvalue(v)) for v in range(4)]
['a=3', 'b=1', 'c=2', 'd=0']
>>> answer = solve(game, game.parse_position("a c"))
>>> answer.grundy, [m.label for m in answer.winning_moves]
(1, ['token at a → c'])
>>> loopy = load_game("digraph(example=2)")
>>> answer = solve(loopy, loopy.parse_position("x"))
>>> answer.outcome, answer.grundy
(<Outcome.D: 'D'>, 'inf()')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.engine.loopy import (
    INF,
    GValue,
    Inf,
    csr_from_edges,
    dag_values,
    generalized_values,
    infinity_options,
    retrograde_outcomes,
    reverse_csr,
    sum_value,
    value_outcome,
)
from grundy.errors import InvalidGameError, InvalidInputError, InvalidPositionError, NotSupportedError
from grundy.games.graphs.fileio import GraphData, from_networkx, graph_param
from grundy.model.bounded import Derived
from grundy.model.game import ContentHashedGame, Move, Outcome, Position, split_tokens
from grundy.model.laws import GRAPH_PARAMETERS, Board, BoardKind, Family, Laws, graph_families
from grundy.model.reason import Facts, Reason, template

EXAMPLES: dict[int, tuple[str, str]] = {
    1: ("an acyclic graph", "a b\na c\nb d\nc d\na d\nc b\ne a\ne c\nf e\nf b\ng f\ng e\ng a\n"),
    2: ("a graph with cycles", "x y\ny x\ny z\nz w\nw z\nz t\nu x\nu t\nv v\nv t\ns u\ns v\n"),
}
"""Built-in example graphs (edge lists) for ``digraph(example=K)``."""


@dataclass(frozen=True, eq=False)
class Digraph(ContentHashedGame):
    """Tokens on a directed graph. A position is a sorted tuple of token vertex indices."""

    names: tuple[str, ...] | None
    """Vertex names; ``None``: vertex ``i`` is named ``str(i)``."""
    indptr: np.ndarray = field(repr=False)
    indices: np.ndarray = field(repr=False)
    spec_text: str = "digraph"
    _derived: Derived = field(default_factory=Derived, init=False, repr=False, compare=False)
    name = "digraph"
    families = graph_families(Family(
        "digraph", ("E",), None, None, "E: any directed graph, its vertices any numbers, cycles allowed",
        "Smith's generalised Sprague-Grundy function (C. A. B. Smith 1966; A. S. Fraenkel, with Y. "
        "Yesha: its labelling algorithm): a vertex's value is a number or inf(K), K the finite values "
        "of its successors; from a vertex that reaches no cycle it is the Grundy value, the mex of its "
        "successors' (a sink: 0). Tokens: all finite: the value is the XOR of theirs, P iff 0; "
        "exactly one inf(K), the others XOR to a: the value is inf(K xor a), N iff a is in K, else a "
        "draw (D); two or more infinite: inf(), a draw"), GRAPH_PARAMETERS)
    """``digraph(E)``: the graph given at run time, as its edges (``grundy export 'digraph(E)'``)."""

    # ---- construction -----------------------------------------------------------------------
    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Digraph:
        if args or len(kwargs) != 1 or not kwargs.keys() <= {"example", "graph"}:
            raise InvalidGameError(
                "digraph needs a graph: use 'grundy solve digraph --graph FILE TOKENS...', the spec "
                f"digraph(graph=FILE), or digraph(example=K) with K in {sorted(EXAMPLES)}"
                + (f"; got {args or ''}{kwargs or ''}" if args or kwargs else ""))
        return cls.from_graph(*graph_param("digraph", kwargs, EXAMPLES))

    takes_graph = True

    @classmethod
    def from_graph(cls, data: GraphData, spec: str = "digraph") -> Digraph:
        """The game on a graph read by :mod:`grundy.games.graphs.fileio`."""
        indptr, indices = csr_from_edges(len(data.vertices), data.edges)
        game = cls(data.vertices, indptr, indices, spec)
        game._derived.seed("index", data._index())
        return game

    @classmethod
    def from_networkx(cls, graph: Any) -> Digraph:
        """The game on a networkx ``DiGraph`` (vertex names become text).

        >>> import networkx as nx
        >>> game = Digraph.from_networkx(nx.DiGraph([(1, 2), (2, 3)]))
        >>> game.gvalue(game.parse_position("1")[0])
        0
        """
        if not graph.is_directed():
            raise InvalidInputError("digraph needs a directed networkx graph; for an undirected one, "
                                    "pass G.to_directed() (every edge both ways)")
        return cls.from_graph(from_networkx(graph))

    @classmethod
    def from_edges(cls, n: int, edges: Iterable[tuple[int, int]] | np.ndarray) -> Digraph:
        """The game on vertices ``0..n-1`` (named by their numbers) with the given edges.

        >>> Digraph.from_edges(3, [(0, 1), (1, 2)]).gvalue(0)
        0
        """
        indptr, indices = csr_from_edges(n, edges)
        return cls(None, indptr, indices)

    # ---- identity (by content, hashed once) ------------------------------------------------------
    def _content(self) -> Iterator[bytes]:
        yield np.ascontiguousarray(self.indptr, dtype=np.int64).tobytes()
        yield np.ascontiguousarray(self.indices, dtype=np.int64).tobytes()
        yield "\0".join(self.names or ()).encode()

    # ---- vertices and values ---------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.indptr) - 1

    def vertex_name(self, v: int) -> str:
        return self.names[v] if self.names is not None else str(v)

    def successors(self, v: int) -> np.ndarray:
        return self.indices[self.indptr[v]:self.indptr[v + 1]]

    def _vertex(self, name: str) -> int:
        index: dict[str, int] = self._derived.get(
            "index", lambda: {} if self.names is None else {v: i for i, v in enumerate(self.names)})
        found = index.get(name) if self.names is not None else (
            int(name) if name.isdigit() and int(name) < self.n else None)
        if found is None:
            raise InvalidPositionError(f"unknown token vertex {name!r}: not a vertex of {self.spec} "
                                       f"(no edge names it; a vertex without edges is listed in a "
                                       f"JSON graph's \"vertices\")")
        return found

    @property
    def values(self) -> np.ndarray:
        """Generalised Sprague-Grundy value of every vertex (``-1`` = ∞), computed once."""
        return self._solved()[0]

    def _solved(self) -> tuple[np.ndarray, bool]:
        def solve() -> tuple[np.ndarray, bool]:
            reverse = reverse_csr(self.indptr, self.indices)
            dag = dag_values(self.indptr, self.indices, reverse=reverse)
            if dag is not None:
                return dag, True
            return generalized_values(self.indptr, self.indices, reverse=reverse), False

        return self._derived.get("values", solve)

    @property
    def acyclic(self) -> bool:
        """Whether the graph has no directed cycle."""
        return self._solved()[1]

    def vertex_outcomes(self, misere: bool = False) -> np.ndarray:
        """Outcome of a single token on every vertex, by retrograde analysis: ``1`` the player to
        move wins, ``-1`` loses, ``0`` draw (``misere=True``: whoever cannot move wins).

        >>> Digraph.from_edges(3, [(0, 0), (1, 2)]).vertex_outcomes().tolist()
        [0, 1, -1]
        """
        return self._derived.get("misere outcomes" if misere else "outcomes",
                                 lambda: retrograde_outcomes(self.indptr, self.indices, misere=misere))

    # ---- misère play of one token: retrograde analysis with sinks won -----------------------
    @property
    def laws(self) -> Laws:
        """What Digraph declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(misere_outcome=self._misere_outcome,
                    misere_winning_moves=self._misere_winning_moves, picture=self._picture,
                    samples=self._samples, value=self._value, loopy_value=self._loopy_value,
                    outcome=self._outcome, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, reason=self._reason,
                    board=Board(BoardKind.TOKENS, tokens=self._tokens))

    def _tokens(self, position: Any) -> list[tuple[str, list[str]]]:
        """Each token's vertex and the vertices it may move to (``grundy play``'s picture)."""
        return [(self.vertex_name(int(v)), [self.vertex_name(int(w)) for w in self.successors(int(v))])
                for v in position]

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if len(position) != 1:
            return None  # sums have no misère theory: the engine searches
        code = int(self.vertex_outcomes(misere=True)[position[0]])
        if code == 0:
            raise NotSupportedError(
                f"{self.spec}: in misère play neither player can force a win from "
                f"{self.format_position(position)!r} (a draw); misère answers here are win/lose only")
        return Outcome.N if code == 1 else Outcome.P

    def _misere_winning_moves(self, position: Any) -> list[Move] | None:
        if len(position) != 1:
            return None
        lost = self.vertex_outcomes(misere=True)
        succ = self.successors(position[0])
        return [self._move(position, 0, w) for w in succ[lost[succ] == -1].tolist()]

    def gvalue(self, v: int) -> GValue:
        """The generalised value of vertex ``v``: an int, or :class:`~grundy.engine.loopy.Inf`."""
        return infinity_options(self.indptr, self.indices, self.values, v)

    # ---- positions -----------------------------------------------------------------------------
    def validate(self, position: Any) -> tuple[int, ...]:
        if isinstance(position, str):
            return self.parse_position(position)
        if isinstance(position, int) and not isinstance(position, bool):
            position = (position,)
        if not isinstance(position, Sequence) or not position:
            raise InvalidPositionError(f"a position of {self.spec} is a non-empty tuple of token vertices, "
                                       f"got {position!r}")
        out = []
        for v in position:
            if isinstance(v, str):
                out.append(self._vertex(v))
            elif isinstance(v, bool) or not isinstance(v, int | np.integer) or not 0 <= v < self.n:
                raise InvalidPositionError(f"token vertex {v!r} is not a vertex number of {self.spec}")
            else:
                out.append(int(v))
        return tuple(sorted(out))

    def parse_position(self, text: str) -> tuple[int, ...]:
        tokens = split_tokens(text)
        if not tokens:
            raise InvalidPositionError(f"{self.spec}: give at least one token vertex")
        return tuple(sorted(self._vertex(t) for t in tokens))

    def format_position(self, position: Any) -> str:
        return " ".join(self.vertex_name(v) for v in position)

    def moves(self, position: Any) -> Iterator[Move]:
        seen: set[int] = set()
        for i, u in enumerate(position):
            if u in seen:
                continue
            seen.add(u)
            for w in self.successors(u).tolist():
                yield self._move(position, i, w)

    def _move(self, position: tuple[int, ...], i: int, w: int) -> Move:
        u = position[i]
        label = f"{self.vertex_name(u)} → {self.vertex_name(w)}"
        if len(position) > 1:
            label = "token at " + label
        return Move(label, tuple(sorted((*position[:i], w, *position[i + 1:]))))

    def _picture(self, answer: Any, ax: Any) -> None:
        """Vertices coloured by outcome and labelled with their values; winning moves in red."""
        from grundy.games.graphs.drawing import COLOURS, check_size, literal

        check_size(self.n)
        if ax is None:
            return
        game = self
        import networkx as nx

        from grundy.engine.loopy import value_outcome

        graph = nx.DiGraph()
        graph.add_nodes_from(range(game.n))
        for v in range(game.n):
            graph.add_edges_from((v, int(w)) for w in game.successors(v))
        layout = nx.spring_layout(graph, seed=1)
        values = [game.gvalue(v) for v in range(game.n)]
        colours = [COLOURS[value_outcome(g).value] for g in values]
        position: tuple[int, ...] = tuple(answer.position)
        tokens = Counter(position)
        edge_colours = ["#999999"] * graph.number_of_edges()
        red = set()
        for move in answer.winning_moves:
            before, after = Counter(position), Counter(move.to)
            (u,), (w,) = list((before - after).elements()), list((after - before).elements())
            red.add((u, w))
        edge_colours = ["#d62728" if e in red else "#999999" for e in graph.edges]
        widths = [2.5 if e in red else 1.0 for e in graph.edges]
        nx.draw_networkx_edges(graph, layout, ax=ax, edge_color=edge_colours, width=widths,
                               arrows=True, arrowsize=12, node_size=600)
        nx.draw_networkx_nodes(graph, layout, ax=ax, node_color=colours, node_size=600,
                               edgecolors=["black" if v in tokens else "white" for v in range(game.n)],
                               linewidths=[3.0 if v in tokens else 1.0 for v in range(game.n)])
        labels = {v: literal(f"{game.vertex_name(v)}\n{values[v]}" +
                             (f" ×{tokens[v]}" if tokens[v] > 1 else "")) for v in range(game.n)}
        nx.draw_networkx_labels(graph, layout, labels=labels, ax=ax, font_size=7)

    def _samples(self) -> Iterable[Position]:
        n = min(self.n, 12)
        singles = [(v,) for v in range(n)]
        pairs = [(u, v) for u in range(n) for v in range(u, n) if (u + v) % 3 == 0]
        triples = [(0, 1, 2), (1, 1, 3), (0, 2, 4)] if n >= 5 else []
        return singles + pairs[:20] + triples

    # ---- the generalised Sprague-Grundy rules ------------------------------------------------------
    def token_values(self, position: Sequence[int]) -> list[GValue]:
        return [self.gvalue(v) for v in position]

    def _value(self, position: Any) -> int | None:
        values = self.values[list(position)]
        if (values == INF).any():
            return None
        total = 0
        for g in values.tolist():
            total ^= g
        return total

    def _loopy_value(self, position: Any) -> str | None:
        value = sum_value(self.token_values(position))
        return str(value) if isinstance(value, Inf) else None

    def _outcome(self, position: Any) -> Outcome:
        return value_outcome(sum_value(self.token_values(position)))

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        values = self.values
        tokens = values[list(position)].tolist()
        infinite = [i for i, g in enumerate(tokens) if g == INF]
        if len(infinite) > 1:
            return []
        total = 0
        for g in tokens:
            total ^= g if g != INF else 0
        found: list[Move] = []
        seen: set[int] = set()
        for i, u in enumerate(position):
            if u in seen or (infinite and i != infinite[0]):
                continue
            seen.add(u)
            want = total ^ target if infinite else tokens[i] ^ total ^ target
            succ = self.successors(u)
            for w in succ[values[succ] == want].tolist():
                found.append(self._move(position, i, w))
        return found

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            if len(position) != 1:
                return None
            return Reason("misere-retrograde-token", {})
        values = self.token_values(position)
        facts: dict[str, Any] = {
            "tokens": tuple(self.vertex_name(v) for v in position[:8]), "count": len(position),
            "values": tuple(g if isinstance(g, int) else str(g) for g in values[:8]),
            "total": _plain(sum_value(values))}
        if self.acyclic:
            return Reason("digraph-sum" if len(position) > 1 else "digraph-vertex", facts)
        infinite = [g for g in values if isinstance(g, Inf)]
        facts["infinite"] = len(infinite)
        if len(infinite) == 1:
            facts["options"] = tuple(sorted(infinite[0].options))
            facts["rest"] = _plain(sum_value([g for g in values if not isinstance(g, Inf)]))
        return Reason("smith-graph", facts)


def _plain(value: Any) -> int | str:
    return value if isinstance(value, int) else str(value)


def _options(options: Sequence[int]) -> str:
    if not options:
        return "with no finite option"
    return "with finite options {" + ", ".join(str(k) for k in options) + "}"


def _shown(f: Facts) -> str:
    return ", ".join(f"{v}: {g}" for v, g in zip(f["tokens"], f["values"], strict=True)) + (
        ", …" if f["count"] > 8 else "")


@template("misere-retrograde-token")
def _misere_token_text(f: Facts) -> str:
    return ("misère retrograde analysis of one token: a vertex without moves is won, a "
            "vertex is won iff some move leads to a lost one, lost iff every move leads "
            "to a won one")


@template("digraph-vertex")
def _vertex_text(f: Facts) -> str:
    return (f"Grundy value of vertex {_shown(f)}: the mex of its successors' values "
            f"(every vertex valued in reverse topological order)")


@template("digraph-sum")
def _digraph_sum_text(f: Facts) -> str:
    return (f"Sprague-Grundy theorem: the tokens' values ({_shown(f)}) XOR to {f['total']}; "
            f"each is the mex of its successors' values")


@template("smith-graph")
def _smith_graph_text(f: Facts) -> str:
    head = f"Smith's generalised Sprague-Grundy values on a graph with cycles ({_shown(f)}): "
    total = f["total"]
    if f["infinite"] == 0:
        return head + f"all finite, so they XOR as in Nim: {total}" + (" ≠ 0" if total else "")
    if f["infinite"] > 1:
        return head + "two or more infinite tokens: neither player can force a win (draw)"
    options, rest = f["options"], f["rest"]
    if f["count"] == 1:
        why = ("a move to a follower of value 0 wins" if 0 in options
               else "no follower has value 0, so neither player can force a win (draw)")
        return head + f"infinite, {_options(options)}: {why}"
    verdict = ("which is among them: move the infinite token to a vertex of that value"
               if rest in options else "which is not among them: a draw")
    return head + f"one infinite token, {_options(options)}; the others XOR to {rest}, {verdict}"
