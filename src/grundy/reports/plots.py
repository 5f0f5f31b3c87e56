"""Pictures of tables (matplotlib, imported only when one is drawn): ``G(n)`` against ``n`` for a
heap game (:func:`plot_table`, rare values in red, the preperiod dotted) and the heat map of
``G(a, b)`` for a game on pairs (:func:`plot_grid`, P-positions marked). ``grundy table --plot``
writes them to a file; the notebook shows them as PNG (:func:`png`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.tables.analysis import TableAnalysis

PLOTTED_POINTS = 200_000
"""Larger tables are subsampled evenly."""

MATPLOTLIB_MISSING = ("drawing a table needs matplotlib, which is not installed: pip install matplotlib "
                      "(or, from a checkout of grundy, pip install '.[plot]')")


def plot_table(result: TableAnalysis, path: str) -> None:
    """Scatter plot of ``G(n)`` against ``n`` into ``path`` (needs matplotlib)."""
    from grundy.reports.heap_tables import periodicity_line

    plt = _pyplot()
    import numpy as np

    values = result.values
    step = max(1, len(values) // PLOTTED_POINTS)
    xs = np.arange(0, len(values), step)
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=110)
    ax.scatter(xs, values[::step], s=2 if len(xs) > 2000 else 8, linewidths=0)
    if result.rare is not None and result.rare.count:
        from grundy.tables.sparse import rare_positions

        hits = rare_positions(values, result.rare.mask, result.rare.delta, result.rare.sigma)
        ax.scatter(hits, values[hits], s=10, color="tab:red", linewidths=0, label="rare values")
        ax.legend(loc="upper left")
    found = result.periodicity
    if found is not None:
        ax.axvline(found.preperiod, color="gray", linestyle=":", linewidth=1)
    ax.set_xlabel("heap size n" + (f" (every {step}th)" if step > 1 else ""))
    ax.set_ylabel("G(n)")
    ax.set_title(f"{result.game.spec}: {periodicity_line(result)}", fontsize=9)
    _save(fig, plt, path)


def plot_grid(spec: str, grid: Sequence[Sequence[int | None]], path: str) -> None:
    """Draw ``G(a, b)`` as a heat map into ``path``, P-positions (value 0) marked."""
    plt = _pyplot()
    import numpy as np

    values = np.array(grid)
    fig, ax = plt.subplots(figsize=(7, 6), dpi=110)
    image = ax.imshow(values, origin="lower", cmap="viridis", interpolation="nearest")
    zeros = np.argwhere(values == 0)
    ax.scatter(zeros[:, 1], zeros[:, 0], s=6, color="white", label="P-positions (G = 0)")
    fig.colorbar(image, ax=ax, label="G(a, b)")
    ax.set_xlabel("b")
    ax.set_ylabel("a")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(f"{spec}: G(a, b), 0 ≤ a, b ≤ {len(grid) - 1}", fontsize=9)
    _save(fig, plt, path)


def png(draw: Callable[[str], None]) -> bytes | None:
    """The PNG that ``draw(path)`` writes, or ``None`` without matplotlib."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return None
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "table.png")
        draw(path)
        with open(path, "rb") as handle:
            return handle.read()


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NotSupportedError(MATPLOTLIB_MISSING, parameters=("plot",)) from None
    return plt


def _save(fig: Any, plt: Any, path: str) -> None:
    try:
        fig.tight_layout()
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot write plot {path!r}: {exc}") from None
    finally:
        plt.close(fig)
