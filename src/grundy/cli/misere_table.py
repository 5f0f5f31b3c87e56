"""``grundy table GAME --misere``: renders :func:`grundy.tables.misere_table.analyze_misere`
(the misère values of single heaps 0..N, their period and each heap's genus)."""

from __future__ import annotations

import argparse

from grundy.cli.common import emit, heading, positive_int, print_json, searching
from grundy.errors import InvalidInputError
from grundy.model.game import Game
from grundy.tables.misere_table import DEFAULT_LIMIT, MAX_UPTO


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy table`` for misère play."""
    parser.add_argument("--misere", action="store_true",
                        help="misère Grundy values of single heaps, their period and each heap's genus")
    parser.add_argument("--quotient", action="store_true",
                        help="with --misere: the misère quotient (order, presentation, P-portion, "
                             "each heap's image; proved for every heap where the periodicity "
                             "theorem applies)")
    parser.add_argument("--limit", type=positive_int, metavar="N",
                        help=f"brute-force budget in steps (positions + options) of --misere "
                             f"(default {DEFAULT_LIMIT:,}) and of the table of a game defined with "
                             f"@grundy.game or @grundy.heap_game (default 2,000,000; a heap or "
                             f"an option of a heap game's table is 1/8 of a step)")


def run_misere(args: argparse.Namespace, game: Game) -> int:
    """The body of ``grundy table GAME --misere``."""
    from grundy.model.game import HeapGame
    from grundy.tables.misere_table import analyze_misere

    if not args.misere:
        what = "--quotient" if args.quotient else f"--limit {args.limit}"
        raise InvalidInputError(f"{what} applies to misère tables (--misere)" + (
            "" if args.quotient else " and to the tables of games defined with @grundy.game"))
    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"--misere tables are of heap games, and {game.spec!r} is not one")
    if args.quotient:
        from grundy.cli.quotient_table import run_quotient

        return run_quotient(args, game)
    if args.store is not None:
        raise InvalidInputError(f"--store {args.store!r} keeps misère quotients (--misere --quotient), "
                                f"not misère tables")
    if args.plot is not None:
        raise InvalidInputError(f"--plot {args.plot!r} does not apply to --misere tables")
    if args.method != "auto":
        raise InvalidInputError(f"--method {args.method} does not apply to --misere tables")
    if args.upto > MAX_UPTO:
        raise InvalidInputError(f"--upto {args.upto:,}: misère tables go up to {MAX_UPTO:,}")
    limit = DEFAULT_LIMIT if args.limit is None else args.limit
    table = searching(lambda: analyze_misere(game, args.upto, limit=limit))
    if args.json:
        print_json(table.to_json(summary=args.summary))
        return 0
    for line in table.text_lines(summary=args.summary, heading=heading, limit_hint="--limit"):
        emit(args.language.sentence(line))
    return 0
