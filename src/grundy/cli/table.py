"""The body of ``grundy table`` for heap games: values, periodicity, rare values, timing, plot.

Kept out of :mod:`grundy.cli.app` so that the command line module stays small; numpy, numba and
matplotlib are imported only when a table is actually built or drawn.

>>> from grundy import load_game
>>> from grundy.sequences.periodicity import analyze
>>> print(periodicity_line(analyze(load_game("kayles"), 200)))
period 12 from heap 71 (proved: Guy-Smith periodicity theorem (octal code of length 2))
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console

from grundy.core.game import Game
from grundy.errors import InvalidInputError, NotSupportedError
from grundy.sequences.periodicity import METHODS, Progress, TableAnalysis, analyze

SHOWN_VALUES = 10_000
"""At most this many values are printed as text (``--json`` gives them all)."""

PLOTTED_POINTS = 200_000
"""Larger tables are subsampled evenly for ``--plot``."""


def periodicity_line(result: TableAnalysis) -> str:
    """One line: the period and preperiod, with proved/observed, or that none was found."""
    found = result.periodicity
    if found is None:
        return f"no period found in G(0..{result.upto})"
    saltus = f", saltus {found.saltus}" if found.saltus else ""
    status = f"proved: {found.reason}" if found.proved else f"observed in G(0..{result.upto}), not proved"
    return f"period {found.period} from heap {found.preperiod}{saltus} ({status})"


def rare_line(result: TableAnalysis) -> str | None:
    """Where the rare values sit (octal games with splitting moves), or ``None``."""
    rare = result.rare
    if rare is None:
        return None
    kind = "value and heap parity" if rare.delta else "value"
    first = " ".join(map(str, rare.positions)) + (" …" if rare.count > len(rare.positions) else "")
    where = f": at {first}; last at {rare.last}" if rare.count else ""
    return (f"rare values (mask {rare.mask:#x}, class by {kind}): {rare.count} "
            f"position{'s' if rare.count != 1 else ''}{where}")


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Progress | None]:
    """A rich progress bar on stderr (only on a terminal), shown once work takes over 0.5 s."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    bar = Progress("computing", BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task: list[Any] = []
    start = time.perf_counter()

    def update(done: int, total: int) -> None:
        if not task:
            if time.perf_counter() - start < 0.5:
                return
            bar.start()
            task.append(bar.add_task("table", total=total))
        bar.update(task[0], completed=done)

    try:
        yield update
    finally:
        if task:
            bar.stop()


def plot_table(result: TableAnalysis, path: str) -> None:
    """Scatter plot of ``G(n)`` against ``n`` into ``path`` (needs matplotlib: ``grundy[plot]``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NotSupportedError("--plot needs matplotlib: pip install 'grundy[plot]'") from None
    import numpy as np

    values = result.values
    step = max(1, len(values) // PLOTTED_POINTS)
    xs = np.arange(0, len(values), step)
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=110)
    ax.scatter(xs, values[::step], s=2 if len(xs) > 2000 else 8, linewidths=0)
    if result.rare is not None and result.rare.count:
        from grundy.sequences.builders import rare_positions

        hits = rare_positions(values, result.rare.mask, result.rare.delta, result.rare.sigma)
        ax.scatter(hits, values[hits], s=10, color="tab:red", linewidths=0, label="rare values")
        ax.legend(loc="upper left")
    found = result.periodicity
    if found is not None:
        ax.axvline(found.preperiod, color="gray", linestyle=":", linewidth=1)
    ax.set_xlabel("heap size n" + (f" (every {step}th)" if step > 1 else ""))
    ax.set_ylabel("G(n)")
    ax.set_title(f"{result.game.spec}: {periodicity_line(result)}", fontsize=9)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot write plot {path!r}: {exc}") from None
    finally:
        plt.close(fig)


def _own_process() -> bool:
    """Whether this is the ``grundy`` command's own process (not a library or test caller)."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    return Path(getattr(main, "__file__", None) or "").name == "grundy" or (
        spec is not None and spec.name == "grundy.__main__")


def run_table(game: Game, upto: int, *, method: str, summary: bool, json_out: bool,
              plot: str | None, out: Console, print_json: Callable[[Any], None]) -> None:
    """Build, analyse and print the table of a heap game (the ``grundy table`` command)."""
    if method not in METHODS:
        raise InvalidInputError(f"unknown --method {method!r} (choose from {', '.join(METHODS)})")
    if _own_process():
        import grundy.sequences.kernels

        grundy.sequences.kernels.LEAN_START = True
    with progress_bar(upto >= 200_000) as progress:
        result = analyze(game, upto, method, progress=progress)
    if plot is not None:
        plot_table(result, plot)
    if json_out:
        data = result.summary_json()
        if not summary:
            data["values"] = result.values.tolist()
        print_json(data)
        return
    spec = game.spec
    if not summary:
        values = result.values[:SHOWN_VALUES].tolist()
        out.print(f"[bold]{spec}[/bold]  Grundy values G(0..{upto})")
        width = max(len(str(v)) for v in values)
        per_row = 10 if width > 2 else 20
        label = len(str(min(upto, SHOWN_VALUES)))
        for start in range(0, len(values), per_row):
            row = " ".join(str(v).rjust(width) for v in values[start:start + per_row])
            out.print(f"  {str(start).rjust(label)}: {row}", markup=False)
        if len(result.values) > SHOWN_VALUES:
            out.print(f"  … {len(result.values) - SHOWN_VALUES:,} more values (--json prints them all)")
    else:
        out.print(f"[bold]{spec}[/bold]  G(0..{upto:,})")
    out.print(f"  {periodicity_line(result)}", markup=False)
    out.print(f"  largest value {result.max_value}", markup=False)
    rare = rare_line(result)
    if rare:
        out.print(f"  {rare}", markup=False)
    computed = "" if result.computed == result.upto + 1 else \
        f", {result.computed:,} values by mex and the rest from the proved period"
    out.print(f"  computed in {result.seconds:.3f} s ({result.method}{computed})", markup=False)
