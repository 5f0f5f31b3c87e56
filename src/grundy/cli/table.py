"""The Grundy values of single heaps 0..N (or of pairs a, b ≤ N), their period (proved or
observed), where the rare values sit, and the patterns found.

>>> from grundy import load_game
>>> from grundy.sequences.analysis import analyze
>>> print(periodicity_line(analyze(load_game("kayles"), 200)))
period 12 from heap 71 (proved: Guy-Smith periodicity theorem (octal code of length 2))
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli import common
from grundy.cli.common import emit, heading, non_negative_int, print_json, progress_bar
from grundy.core.game import Game
from grundy.errors import InvalidInputError, NotSupportedError
from grundy.sequences.analysis import METHODS, TableAnalysis, analyze
from grundy.sequences.pattern import Pattern

EPILOG = """examples:
  grundy table kayles --upto 200
  grundy table 'octal(0.16)' --upto 1000000 --summary
  grundy table 'subtraction(1,3,4)' --upto 100000 --json --summary
  grundy table wythoff --upto 20            (a game on pairs: the grid G(a, b))
"""

SHOWN_VALUES = 10_000
"""At most this many values are printed as text (``--json`` gives them all)."""

PLOTTED_POINTS = 200_000
"""Larger tables are subsampled evenly for ``--plot``."""

PATTERN_VALUES = 100_001
"""The patterns are looked for in (at most) ``G(0..100000)``; each says how far it was checked."""

PATTERN_SECONDS = 1.0
"""Time for the formula search of the pattern finders."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy table``."""
    parser.add_argument("game", help="a heap game, e.g. 'subtraction(1,3,4)', or a game on pairs (wythoff)")
    parser.add_argument("--upto", "-n", type=non_negative_int, default=50, metavar="N",
                        help="largest heap size (default 50)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--summary", action="store_true",
                        help="only the periodicity, largest value, rare values and compute time")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the values into this PNG (matplotlib)")
    parser.add_argument("--method", default="auto", choices=METHODS,
                        help="auto (fastest exact route), plain or sparse (force a kernel)")
    parser.add_argument("--store", metavar="FILE",
                        help="keep the table in FILE on disk (memory-mapped, resumable: a rerun continues "
                             "where it stopped); octal games, up to 2**33 heaps")
    parser.add_argument("--no-patterns", dest="patterns", action="store_false",
                        help="do not look for patterns (formulas, P-position rules) in the table")
    from grundy.cli import misere_table

    misere_table.add_arguments(parser)  # --misere, --limit


def run(args: argparse.Namespace) -> int:
    """Build, analyse and print a table."""
    from grundy.catalog import load_game
    from grundy.cli.family import is_family

    if is_family(args.game):  # 'take(k=2..9)': every member, and how the period depends on k
        from grundy.cli.family import run_family

        return run_family(args, heap_patterns)
    game = load_game(args.game)
    if args.misere or args.limit is not None or args.quotient:
        from grundy.cli.misere_table import run_misere

        return run_misere(args, game)
    grid = game.table_2d(args.upto)
    if grid is not None:
        if args.store is not None:
            raise InvalidInputError(f"--store keeps heap tables of octal games, not {game.spec}")
        if args.method != "auto":
            raise InvalidInputError(f"--method {args.method} applies to heap games, not {game.spec}")
        patterns = pair_patterns(grid) if args.patterns else []
        _print_grid(game.spec, grid, args.json, args.summary, patterns)
        if args.plot is not None:
            plot_grid(game.spec, grid, args.plot)
        return 0
    run_table(game, args.upto, method=args.method, summary=args.summary, json_out=args.json,
              plot=args.plot, patterns=args.patterns, store=args.store)
    return 0


def heap_patterns(result: TableAnalysis) -> list[Pattern]:
    """The patterns of a heap game's table (its first :data:`PATTERN_VALUES` values), with the
    analysis' periodicity, so that a pattern is proved where the period is.

    >>> from grundy import load_game
    >>> [p.text for p in heap_patterns(analyze(load_game("subtraction(1,2)"), 100))][:1]
    ['G(n) = n % 3 (proved)']
    """
    from grundy.sequences.patterns import find_patterns

    return find_patterns(result.first(PATTERN_VALUES), periodicity=result.periodicity,
                         seconds=PATTERN_SECONDS)


def pair_patterns(grid: list[list[int]]) -> list[Pattern]:
    """The patterns of a grid ``G(a, b)`` (conjectures, checked on the whole grid)."""
    from grundy.sequences.pair_patterns import find_pair_patterns

    return find_pair_patterns(grid, seconds=PATTERN_SECONDS)


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


def plot_table(result: TableAnalysis, path: str) -> None:
    """Scatter plot of ``G(n)`` against ``n`` into ``path`` (needs matplotlib)."""
    plt = _pyplot()
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
    _save(fig, plt, path)


def run_table(game: Game, upto: int, *, method: str, summary: bool, json_out: bool,
              plot: str | None, patterns: bool = True, store: str | None = None) -> None:
    """Build, analyse and print the table of a heap game (the ``grundy table`` command)."""
    if common.OWN_PROCESS:
        import grundy.sequences.kernels

        grundy.sequences.kernels.LEAN_START = True
    with progress_bar(upto >= 200_000) as progress:
        result = analyze(game, upto, method, progress=progress, store=store)
    if plot is not None:
        plot_table(result, plot)
    # a --summary whose period was proved without numpy stays lean: the patterns need numpy
    lean = summary and result.table is None
    found = heap_patterns(result) if patterns and not lean else []
    if json_out:
        data = result.summary_json()
        data["patterns"] = [p.to_json() for p in found]
        if not lean:  # value counts in G(0..2^k - 1) for each k, and in the whole table
            data["frequencies"] = {str(k): v for k, v in result.frequencies().items()}
        if not summary:
            data["values"] = result.values.tolist()
        print_json(data)
        return
    spec = game.spec
    if not summary:
        values = result.values[:SHOWN_VALUES].tolist()
        emit(heading(spec) + f"  Grundy values G(0..{upto})")
        width = max(len(str(v)) for v in values)
        per_row = 10 if width > 2 else 20
        label = len(str(min(upto, SHOWN_VALUES)))
        for start in range(0, len(values), per_row):
            row = " ".join(str(v).rjust(width) for v in values[start:start + per_row])
            emit(f"  {str(start).rjust(label)}: {row}")
        if len(result.values) > SHOWN_VALUES:
            emit(f"  … {len(result.values) - SHOWN_VALUES:,} more values (--json prints them all)")
    else:
        emit(heading(spec) + f"  G(0..{upto:,})")
    emit(f"  {periodicity_line(result)}")
    emit(f"  largest value {result.max_value}")
    rare = rare_line(result)
    if rare:
        emit(f"  {rare}")
    for pattern in found:
        emit(f"  pattern: {pattern.text}")
    computed = "" if result.computed == result.upto + 1 else \
        f", {result.computed:,} values by mex and the rest from the proved period"
    emit(f"  computed in {result.seconds:.3f} s ({result.method}{computed})")


MATPLOTLIB_MISSING = ("--plot needs matplotlib, which is not installed: pip install matplotlib "
                      "(or, from a checkout of grundy, pip install -e '.[plot]')")


def _print_grid(spec: str, grid: list[list[int]], json_out: bool, summary: bool,
                patterns: list[Pattern]) -> None:
    """Print a 2-D table ``G(a, b)`` (rows a, columns b) of a game on pairs, and its patterns."""
    upto = len(grid) - 1
    if json_out:
        data: dict[str, Any] = {"game": spec, "upto": upto, "patterns": [p.to_json() for p in patterns]}
        if not summary:
            data["values"] = grid
        print_json(data)
        return
    emit(heading(spec) + f"  Grundy values G(a, b), 0 ≤ a, b ≤ {upto} (rows a, columns b)")
    if not summary:
        _print_rows(grid)
    emit(f"  largest value {max(max(row) for row in grid)}")
    for pattern in patterns:
        emit(f"  pattern: {pattern.text}")


def _print_rows(grid: list[list[int]]) -> None:
    upto = len(grid) - 1
    width = max(len(str(upto)), *(len(str(v)) for row in grid for v in row))
    emit("  " + " " * width + " │ " + " ".join(str(b).rjust(width) for b in range(len(grid[0]))))
    emit("  " + "─" * width + "─┼" + "─" * ((width + 1) * len(grid[0])))
    for a, row in enumerate(grid):
        emit(f"  {str(a).rjust(width)} │ " + " ".join(str(v).rjust(width) for v in row))


def plot_grid(spec: str, grid: list[list[int]], path: str) -> None:
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


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NotSupportedError(MATPLOTLIB_MISSING) from None
    return plt


def _save(fig: Any, plt: Any, path: str) -> None:
    try:
        fig.tight_layout()
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"cannot write plot {path!r}: {exc}") from None
    finally:
        plt.close(fig)
