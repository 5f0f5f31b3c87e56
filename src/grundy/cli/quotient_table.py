"""``grundy table GAME --misere --quotient``: renders
:func:`grundy.tables.misere_table.quotient_table` (the misère quotient of a heap game: its
order, a presentation, the P-portion and each heap's image)."""

from __future__ import annotations

import argparse

from grundy.cli.common import emit, heading, print_json, searching
from grundy.errors import InvalidInputError
from grundy.model.game import Game
from grundy.tables.misere_table import MAX_QUOTIENT_UPTO as MAX_UPTO


def run_quotient(args: argparse.Namespace, game: Game) -> int:
    """The body of ``grundy table GAME --misere --quotient``."""
    from grundy.tables.misere_table import quotient_table
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT

    if args.upto > MAX_UPTO:
        raise InvalidInputError(f"--upto {args.upto:,}: quotient tables go up to {MAX_UPTO:,} heaps")
    limit = DEFAULT_QUOTIENT_LIMIT if args.limit is None else args.limit
    table = searching(lambda: quotient_table(game, args.upto, limit=limit))
    if args.json:
        print_json(table.to_json())
        return 0
    for line in table.text_lines(summary=args.summary, heading=heading, upto_hint="--upto"):
        emit(line)
    return 0
