"""The Grundy values of single heaps 0..N (or of pairs a, b ≤ N), their period (proved or
observed), where the rare values sit, and the patterns found.

>>> from grundy import load_game
>>> from grundy.tables.analysis import analyze
>>> print(periodicity_line(analyze(load_game("kayles"), 200)))
period 12 from heap 71 (proved: Guy-Smith periodicity theorem (octal code of length 2))
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from grundy.cli import common
from grundy.cli.common import (
    emit,
    heading,
    non_negative_int,
    positive_int,
    print_json,
    progress_bar,
    searching,
)
from grundy.reports.heap_tables import periodicity_line, rare_line  # noqa: F401 (re-exported)
from grundy.reports.table_query import DEFAULT_UPTO, OptionWords, TableKind, TableRequest, listed, plan_table
from grundy.tables.analysis import METHODS

if TYPE_CHECKING:
    from grundy.reports.table_query import Table, TablePlan

EPILOG = """examples:
  grundy table kayles --upto 200
  grundy table 'octal(0.16)' --upto 1000000 --summary
  grundy table 'subtraction(1,3,4)' --upto 100000 --json --summary
  grundy table wythoff --upto 20            (a game on pairs: the grid G(a, b))
  grundy table 'subtraction(1,2)' --claim 'G(n) = n % 3'       (your claim, checked)
  grundy table 'subtraction(1,2)' --claim 'P iff n % 3 == 0'
"""


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
    from grundy.tables.misere_table import DEFAULT_LIMIT as MISERE_LIMIT

    parser.add_argument("--misere", action="store_true",
                        help="misère Grundy values of single heaps, their period and each heap's genus")
    parser.add_argument("--quotient", action="store_true",
                        help="with --misere: the misère quotient (order, presentation, P-portion, "
                             "each heap's image; proved for every heap where the periodicity "
                             "theorem applies)")
    parser.add_argument("--claim", metavar="CLAIM",
                        help="check your claim about a heap game, 'G(n) = FORMULA' or 'P iff "
                             "CONDITION' (the formula language of the patterns), on heaps 0..--upto "
                             "(default 1000), then on a table 4 times longer each round within --limit "
                             "steps (default 4,000,000; heaps times the options of the largest heap): "
                             "'your claim, checked for n <= N', or its first counterexample (exit 1); "
                             "a game on pairs: 'G(a, b) = FORMULA' on a, b <= --upto (default 30)")
    parser.add_argument("--limit", type=positive_int, metavar="N",
                        help=f"brute-force budget in steps (positions + options) of --misere "
                             f"(default {MISERE_LIMIT:,}) and of the table of a game defined with "
                             f"@grundy.game or @grundy.heap_game (default 2,000,000; a heap or "
                             f"an option of a heap game's table is 1/8 of a step)")


class CommandLineWords(OptionWords):
    """The options of a request named as this command's flags (``--limit 10``, ``--misere``)."""

    def option(self, name: str, value: object = None) -> str:
        flag = "--no-patterns" if name == "patterns" else "--" + name
        return flag if value is None else f"{flag} {value}"

    def options(self, names: Sequence[str]) -> str:
        flags = [self.option(name) for name in names]  # (--json: after --upto, as --help lists it)
        return listed([*flags[:1], "--json", *flags[1:]] if names[:1] == ["upto"] else flags)


WORDS = CommandLineWords()


def run(args: argparse.Namespace) -> int:
    """Build, analyse and print a table (:func:`grundy.reports.table_query.build_table`)."""
    if common.OWN_PROCESS:
        _one_blas_thread()
        common.QUICK_EXIT = args.store is None  # (a table kept on disk: its file is closed as usual)
    if getattr(args, "claim", None) is not None:
        return _claim(args)
    request = TableRequest(args.game, args.upto, misere=args.misere, quotient=args.quotient,
                           summary=args.summary, method=args.method, patterns=args.patterns,
                           store=args.store, rebuild=args.rebuild, limit=args.limit, plot=args.plot)
    plan = plan_table(request, words=WORDS)
    table = _build(plan)
    if table.kind is TableKind.HEAPS and args.plot is not None:
        table.draw(args.plot)  # (a heap table is drawn before it is printed)
    if args.json:
        print_json(table.to_json())
    else:
        for line in table.text_lines(heading=heading, words=WORDS):
            emit(args.language.sentence(line))
    if table.kind is not TableKind.HEAPS and args.plot is not None:
        table.draw(args.plot)
    return 0


def _claim(args: argparse.Namespace) -> int:
    """Check the user's claim on the game's table and print the verdict (exit 1 when it is false)."""
    from grundy.catalog import load_game
    from grundy.errors import InvalidInputError
    from grundy.reports.claims import check_claim

    given = [flag for flag, used in (("--misere", args.misere), ("--quotient", args.quotient),
                                     ("--store", args.store), ("--plot", args.plot),
                                     ("--summary", args.summary)) if used]
    if given:
        raise InvalidInputError(f"--claim checks a claim on the table; {given[0]} has no use there")
    check = check_claim(load_game(args.game), args.claim, upto=args.upto, limit=args.limit)
    if args.json:
        print_json(check.to_json())
    else:
        for line in check.lines():
            emit(line)
    return 0 if check.holds else 1


def _one_blas_thread() -> None:
    """In the command's own process, before numpy is first imported: numpy's BLAS starts one
    thread rather than one per core (unless ``OPENBLAS_NUM_THREADS`` is set already). Nothing a
    table computes calls BLAS, and starting its thread pool is about a fifth of numpy's import
    (~0.02 s of CPU)."""
    import os
    import sys

    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _build(plan: TablePlan) -> Table:
    """Build the planned table, with the live progress a terminal shows: a counter for a misère
    search, a bar for a large heap table or one of your own."""
    if plan.kind in (TableKind.MISERE, TableKind.QUOTIENT):
        return searching(lambda budget: plan.replace(request=plan.request.replace(budget=budget))
                         .build(words=WORDS), plan.request.limit)
    if plan.kind is not TableKind.HEAPS:
        return plan.build(words=WORDS)
    with progress_bar(plan.own or plan.request.size >= 200_000) as progress:
        return plan.build(progress=progress, words=WORDS, lean_start=common.OWN_PROCESS)
