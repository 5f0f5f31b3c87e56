"""A self-contained solution for a game, in C++17 or Python: by the simplest pattern of its values
that has a formula, else by its table (and, in Python, by the game's own move function beyond it).

>>> from grundy import load_game
>>> code = export_source(load_game("subtraction(1,2)"), lang="python", upto=60)
>>> "return int(n % 3)" in code
True
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import emit, non_negative_int
from grundy.core.game import Game, HeapGame
from grundy.errors import InvalidInputError, NotSupportedError

EPILOG = """examples:
  grundy export 'subtraction(1,3,4)' --lang cpp --main > sub.cpp
  grundy export wythoff --lang python --upto 20
  grundy export doc-digit --rules digits.py --lang python --upto 1000 --main
      (doc-digit: the digit game defined in docs/own-games.md, saved as digits.py)

The code says where the formula comes from: proved (a theorem) or a conjecture, checked on all
positions up to N. Without a formula it holds the table G(0..N) (pairs: G(a, b), a, b <= N).
"""

HEAP_UPTO = 1000
"""Default ``--upto`` of a heap game."""
PAIR_UPTO = 30
"""Default ``--upto`` of a game on pairs."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy export``."""
    parser.add_argument("game", help="a heap game ('subtraction(1,3,4)', your own) or a game on pairs")
    parser.add_argument("--lang", choices=("cpp", "python"), default="cpp",
                        help="C++17 (default) or Python")
    parser.add_argument("--upto", "-n", type=non_negative_int, metavar="N",
                        help=f"table size: heaps 0..N (default {HEAP_UPTO}) or pairs a, b <= N "
                             f"(default {PAIR_UPTO})")
    parser.add_argument("--main", action="store_true",
                        help="add a program reading one position per line of stdin")


def run(args: argparse.Namespace) -> int:
    """Print the exported program."""
    from grundy.catalog import load_game

    game = load_game(args.game)
    emit(export_source(game, lang=args.lang, upto=args.upto, main=args.main).rstrip("\n"))
    return 0


def export_source(game: Game, *, lang: str, upto: int | None = None, main: bool = False) -> str:
    """The program for ``game``: its table to ``upto``, the patterns found in it, and the best
    pattern of the values that has a formula (proved first, then the simplest)."""
    from grundy.cli.rules import move_source
    from grundy.sequences.export import export_code

    kind, table, patterns, period = _table_and_patterns(game, upto)
    best = next((p for p in patterns if p.describes == "values" and p.formula is not None), None)
    if best is not None and best.status != "proved" and period is not None and period.proved:
        best = None  # a proved period beats a conjectured formula
    source = move_source(game) if lang == "python" and best is None and period is None else None
    return export_code(name=game.spec, kind=kind, lang=lang, pattern=best, table=table, main=main,
                       move_source=source, period=period)


def _table_and_patterns(game: Game, upto: int | None) -> tuple[str, Any, list[Any], Any]:
    from grundy.cli.table import heap_patterns, pair_patterns

    if isinstance(game, HeapGame):
        from grundy.sequences.analysis import analyze

        result = analyze(game, HEAP_UPTO if upto is None else upto)
        return "heap", result.first(result.upto + 1), heap_patterns(result), result.periodicity
    grid = game.table_2d(PAIR_UPTO if upto is None else upto)
    if grid is None:
        raise NotSupportedError(f"export needs a heap game or a game on pairs of numbers, not {game.spec}")
    if not grid or not grid[0]:
        raise InvalidInputError("--upto must leave at least one position")
    return "pair", grid, pair_patterns(grid), None
