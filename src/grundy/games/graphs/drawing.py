"""Pictures of games on graphs (``grundy solve ... --plot FILE.png``); matplotlib is imported
lazily, only here (``pip install matplotlib``).

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

from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.solving.solve import Solution

MAX_PLOT_VERTICES = 400
"""Larger graphs are not drawn (the picture would be unreadable)."""

COLOURS = {"P": "#9ecae1", "N": "#fdae6b", "D": "#cccccc"}

MISSING_MATPLOTLIB = ("--plot needs matplotlib, which is not installed: pip install matplotlib "
                      "(or, from a checkout of grundy, pip install '.[plot]')")
"""The error without matplotlib: says what works both from a checkout and from an installed package."""


def literal(text: str) -> str:
    """``text`` as matplotlib draws it verbatim: user text (vertex names, file paths) must not turn
    into mathtext, so every ``$`` is escaped.

    >>> print(literal("[red]a $x$"))
    [red]a \\$x\\$
    """
    return text.replace("$", r"\$")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - matplotlib is installed in the test environment
        raise NotSupportedError(MISSING_MATPLOTLIB) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_solution(answer: Solution, path: str) -> None:
    """Draw the game of ``answer`` (a game on a graph) with its winning moves into ``path``."""
    game = answer.game
    game.draw(answer, None)  # refuses games that cannot draw themselves, before matplotlib loads
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 6))
    try:
        game.draw(answer, ax)
        ax.set_title(literal(f"{game.spec}  {game.format_position(answer.position)}: "
                             f"{answer.outcome.value}, value {answer.grundy}"), fontsize=9)
        ax.set_axis_off()
        fig.savefig(path, dpi=110, bbox_inches="tight")
    except OSError as exc:
        raise InvalidInputError(f"plot_solution: cannot write {path!r}: {exc.strerror or exc}",
                                parameters=("plot",)) from None
    finally:
        plt.close(fig)


def check_size(vertices: int) -> None:
    """Refuse a graph too large to draw legibly."""
    if vertices > MAX_PLOT_VERTICES:
        raise InvalidInputError(f"plot_solution: the graph has {vertices:,} vertices, more than "
                                f"{MAX_PLOT_VERTICES} can be drawn legibly", parameters=("plot",))

