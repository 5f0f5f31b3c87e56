"""The Grundy values of single heaps 0..N (or of pairs a, b ≤ N), their period (proved or
observed), where the rare values sit, and the patterns found.

>>> from grundy import load_game
>>> from grundy.tables.analysis import analyze
>>> print(periodicity_line(analyze(load_game("kayles"), 200)))
period 12 from heap 71 (proved: Guy-Smith periodicity theorem (octal code of length 2))
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli import common
from grundy.cli.common import emit, heading, non_negative_int, print_json, progress_bar
from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.game import Game
from grundy.patterns.record import Pattern
from grundy.reports.heap_tables import periodicity_line, rare_line  # noqa: F401 (re-exported)
from grundy.reports.tables import (  # noqa: F401 (re-exported: the table command's objects)
    PATTERN_STEPS,
    PATTERN_VALUES,
    grid_json,
    heap_patterns,
    heap_table_json,
    pair_patterns,
    table_json,
)
from grundy.tables.analysis import METHODS, TableAnalysis

EPILOG = """examples:
  grundy table kayles --upto 200
  grundy table 'octal(0.16)' --upto 1000000 --summary
  grundy table 'subtraction(1,3,4)' --upto 100000 --json --summary
  grundy table wythoff --upto 20            (a game on pairs: the grid G(a, b))
"""

PLOTTED_POINTS = 200_000
"""Larger tables are subsampled evenly for ``--plot``."""


DEFAULT_UPTO = 50
"""The largest heap of a table when ``--upto`` is not given."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy table``."""
    parser.add_argument("game", help="a heap game, e.g. 'subtraction(1,3,4)', or a game on pairs (wythoff)")
    parser.add_argument("--upto", "-n", type=non_negative_int, default=None, metavar="N",
                        help=f"largest heap size (default {DEFAULT_UPTO}; a misère quotient without "
                             f"it grows until proved)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--summary", action="store_true",
                        help="only the periodicity, largest value, rare values and compute time")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the values into this PNG (matplotlib)")
    parser.add_argument("--method", default="auto", choices=METHODS,
                        help="auto (fastest exact route), plain or sparse (force a kernel)")
    parser.add_argument("--store", metavar="FILE",
                        help="keep the table in FILE on disk (memory-mapped, resumable: a rerun continues "
                             "where it stopped); octal games, up to 2**33 heaps; the file is verified "
                             "first (game, length, checksum). With --misere --quotient: the quotient "
                             "(JSON; checked again when read, built on for a larger --upto)")
    parser.add_argument("--rebuild", action="store_true",
                        help="with --store: start the file again if it does not verify (damaged, "
                             "truncated, another game's table) instead of refusing it")
    parser.add_argument("--no-patterns", dest="patterns", action="store_false",
                        help="do not look for patterns (formulas, P-position rules) in the table")
    from grundy.cli import misere_table

    misere_table.add_arguments(parser)  # --misere, --limit


def run(args: argparse.Namespace) -> int:
    """Build, analyse and print a table."""
    from grundy.catalog import load_game
    from grundy.reports.family import is_family

    args.upto_given = args.upto is not None  # (a quotient table without --upto grows until proved)
    if args.upto is None:
        args.upto = DEFAULT_UPTO

    if is_family(args.game):  # 'take(k=2..9)': every member, and how the period depends on k
        from grundy.cli.family import run_family

        return run_family(args)
    if args.rebuild and args.store is None:
        raise InvalidInputError("--rebuild applies to a table kept with --store FILE")
    game = load_game(args.game)
    own_heaps = _own_heap_game(game)
    # (a user's game's budget)
    own_steps = args.limit is not None and (hasattr(game, "table_cells") or own_heaps)
    if args.misere or (args.limit is not None and not own_steps) or args.quotient:
        from grundy.cli.misere_table import run_misere

        return run_misere(args, game)
    from grundy.reports.user_tables import user_table

    own = None if own_heaps else user_table(game, args.upto, patterns=args.patterns,
                                            limit=args.limit)  # one budget
    if own is not None:
        return _user_table(args, own)
    grid = game.table_2d(args.upto)
    if grid is not None:
        if args.store is not None:
            raise InvalidInputError(f"--store keeps heap tables of octal games, not {game.spec}")
        if args.method != "auto":
            raise InvalidInputError(f"--method {args.method} applies to heap games, not {game.spec}")
        patterns = pair_patterns(grid, game) if args.patterns else []
        _print_grid(game.spec, grid, args.json, args.summary, patterns, args.language)
        if args.plot is not None:
            plot_grid(game.spec, grid, args.plot)
        return 0
    if own_heaps:  # a user's heap game: one step budget (and its safety net), progress shown
        from grundy.define import answering
        from grundy.engine.search import DEFAULT_LIMIT

        with answering(limit=DEFAULT_LIMIT if args.limit is None else args.limit):
            run_table(game, args.upto, method=args.method, summary=args.summary, json_out=args.json,
                      plot=args.plot, patterns=args.patterns, store=args.store, rebuild=args.rebuild,
                      lang=args.language, show_progress=True)
        return 0
    run_table(game, args.upto, method=args.method, summary=args.summary, json_out=args.json,
              plot=args.plot, patterns=args.patterns, store=args.store, rebuild=args.rebuild,
              lang=args.language)
    return 0


def _own_heap_game(game: Any) -> bool:
    """Whether ``game`` is a heap game of the user's own (``@grundy.heap_game``)."""
    if not game.own_rules:  # (declared: no user's game, no need to look further)
        return False
    from grundy.define.user_games import UserHeapGame

    return isinstance(game, UserHeapGame)


def _user_table(args: argparse.Namespace, table: Any) -> int:
    """The table of a user's game (:func:`grundy.reports.user_tables.user_table`): on pairs
    (cells outside its domain blank) or on one number."""
    spec = table.game.spec
    if table.grid is not None:
        if args.store is not None or args.method != "auto" or (args.plot is not None and table.blank):
            raise InvalidInputError(f"a table of {spec} takes --upto, --json, --summary, "
                                    f"--no-patterns" + ("" if table.blank else " and --plot"))
    elif args.store is not None or args.method != "auto" or args.plot is not None:
        raise InvalidInputError(f"a table of {spec} takes --upto, --json, --summary and "
                                f"--no-patterns")
    if args.json:
        print_json(table.to_json(summary=args.summary))
    else:
        for line in table.text_lines(summary=args.summary, heading=heading):
            emit(args.language.sentence(line))
    if args.plot is not None:
        plot_grid(spec, table.grid, args.plot)
    return 0


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
        from grundy.tables.builders import rare_positions

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
              plot: str | None, patterns: bool = True, store: str | None = None,
              rebuild: bool = False, lang: Any = None, show_progress: bool = False) -> None:
    """Build, analyse and print the table of a heap game (the ``grundy table`` command), its
    text in ``lang`` (a :class:`~grundy.model.language.Language`; English by default); a progress
    bar on a terminal for a large table, or with ``show_progress``."""
    from grundy.reports.heap_tables import heap_table

    with progress_bar(show_progress or upto >= 200_000) as progress:
        table = heap_table(game, upto, method=method, patterns=patterns, summary=summary,
                           store=store, rebuild=rebuild, progress=progress,
                           lean_start=common.OWN_PROCESS)
    if plot is not None:
        plot_table(table.analysis, plot)
    if json_out:
        print_json(table.to_json(summary=summary))
        return
    for line in table.text_lines(summary=summary, heading=heading):
        emit(line if lang is None else lang.sentence(line))


MATPLOTLIB_MISSING = ("--plot needs matplotlib, which is not installed: pip install matplotlib "
                      "(or, from a checkout of grundy, pip install '.[plot]')")


def _print_grid(spec: str, grid: list[list[int]], json_out: bool, summary: bool,
                patterns: list[Pattern], lang: Any = None) -> None:
    """Print a 2-D table ``G(a, b)`` (rows a, columns b) of a game on pairs, and its patterns."""
    from grundy.reports.user_tables import grid_lines

    if json_out:
        print_json(grid_json(spec, grid, patterns, summary=summary))
        return
    for line in grid_lines(spec, grid, patterns, summary=summary, heading=heading):
        emit(line if lang is None else lang.sentence(line))


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
