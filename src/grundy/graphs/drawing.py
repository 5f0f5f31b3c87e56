"""Pictures of games on graphs (``grundy solve ... --plot FILE.png``); matplotlib is imported
lazily, only here (install the ``plot`` extra).

* ``digraph``: vertices coloured by the outcome of one token (P blue, N orange, draw grey) and
  labelled with their (generalised) values; token vertices ringed; winning moves in red.
* ``green-hackenbush``: the ground is a square; standing edges black, winning cuts red, edges
  already gone or fallen dotted grey.

>>> import tempfile, os
>>> from grundy import load_game, solve
>>> game = load_game("digraph(example=1)")
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "g.png")
...     plot_solution(solve(game, game.parse_position("a c")), path)
...     os.path.getsize(path) > 1000
True
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from grundy.core.solve import Solution
from grundy.errors import InvalidInputError, NotSupportedError

MAX_PLOT_VERTICES = 400
"""Larger graphs are not drawn (the picture would be unreadable)."""

_COLOURS = {"P": "#9ecae1", "N": "#fdae6b", "D": "#cccccc"}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is installed in the test environment
        raise NotSupportedError("--plot needs matplotlib: pip install 'grundy[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_solution(answer: Solution, path: str) -> None:
    """Draw the graph of ``answer`` (a digraph or green-hackenbush solution) into ``path``."""
    from grundy.games.graphs.digraph import Digraph
    from grundy.games.graphs.hackenbush import GreenHackenbush

    game = answer.game
    if isinstance(game, Digraph):
        size = game.n
    elif isinstance(game, GreenHackenbush):
        size = len(game.names)
    else:
        raise NotSupportedError(f"--plot draws digraph and green-hackenbush positions, not {game.spec}")
    if size > MAX_PLOT_VERTICES:
        raise InvalidInputError(f"--plot: the graph has {size:,} vertices, more than {MAX_PLOT_VERTICES} "
                                "can be drawn legibly")
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 6))
    try:
        if isinstance(game, Digraph):
            _draw_digraph(ax, game, answer)
        else:
            _draw_hackenbush(ax, game, answer)
        ax.set_title(f"{game.spec}  {game.format_position(answer.position)}: "
                     f"{answer.outcome.value}, value {answer.grundy}", fontsize=9)
        ax.set_axis_off()
        fig.savefig(path, dpi=110, bbox_inches="tight")
    except OSError as exc:
        raise InvalidInputError(f"--plot: cannot write {path!r}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)


def _draw_digraph(ax: Any, game: Any, answer: Solution) -> None:
    import networkx as nx

    from grundy.graphs.loopy import value_outcome

    graph = nx.DiGraph()
    graph.add_nodes_from(range(game.n))
    for v in range(game.n):
        graph.add_edges_from((v, int(w)) for w in game.successors(v))
    layout = nx.spring_layout(graph, seed=1)
    values = [game.gvalue(v) for v in range(game.n)]
    colours = [_COLOURS[value_outcome(g).value] for g in values]
    position: tuple[int, ...] = tuple(answer.position)  # type: ignore[arg-type]
    tokens = Counter(position)
    edge_colours = ["#999999"] * graph.number_of_edges()
    red = set()
    for move in answer.winning_moves:
        before, after = Counter(position), Counter(move.to)  # type: ignore[call-overload]
        (u,), (w,) = list((before - after).elements()), list((after - before).elements())
        red.add((u, w))
    edge_colours = ["#d62728" if e in red else "#999999" for e in graph.edges]
    widths = [2.5 if e in red else 1.0 for e in graph.edges]
    nx.draw_networkx_edges(graph, layout, ax=ax, edge_color=edge_colours, width=widths,
                           arrows=True, arrowsize=12, node_size=600)
    nx.draw_networkx_nodes(graph, layout, ax=ax, node_color=colours, node_size=600,
                           edgecolors=["black" if v in tokens else "white" for v in range(game.n)],
                           linewidths=[3.0 if v in tokens else 1.0 for v in range(game.n)])
    labels = {v: f"{game.vertex_name(v)}\n{values[v]}" + (f" ×{tokens[v]}" if tokens[v] > 1 else "")
              for v in range(game.n)}
    nx.draw_networkx_labels(graph, layout, labels=labels, ax=ax, font_size=7)


def _draw_hackenbush(ax: Any, game: Any, answer: Solution) -> None:
    import networkx as nx

    graph = nx.MultiGraph()
    graph.add_nodes_from(range(len(game.names)))
    for u, v in game.edges:
        graph.add_edge(u, v)
    layout = nx.spring_layout(graph, seed=1)
    standing = set(answer.position)  # type: ignore[call-overload]
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
    nx.draw_networkx_labels(graph, layout, labels=dict(enumerate(game.names)), ax=ax, font_size=7)
