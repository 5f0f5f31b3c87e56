"""``grundy table GAME --misere --quotient``: renders
:func:`grundy.tables.misere_table.quotient_table` (the misère quotient of a heap game: its
order, a presentation, the P-portion and each heap's image)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from grundy.cli.common import emit, heading, print_json, searching
from grundy.errors import InvalidInputError
from grundy.model.game import Game
from grundy.tables.misere_table import MAX_QUOTIENT_UPTO as MAX_UPTO

if TYPE_CHECKING:
    from grundy.tables.misere_table import QuotientTable


def run_quotient(args: argparse.Namespace, game: Game) -> int:
    """The body of ``grundy table GAME --misere --quotient``."""
    from grundy.tables.misere_table import quotient_table
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT

    if args.upto > MAX_UPTO:
        raise InvalidInputError(f"--upto {args.upto:,}: quotient tables go up to {MAX_UPTO:,} heaps")
    limit = DEFAULT_QUOTIENT_LIMIT if args.limit is None else args.limit
    if args.plot is not None or args.method != "auto":
        what = f"--plot {args.plot!r}" if args.plot is not None else f"--method {args.method}"
        raise InvalidInputError(f"{what} does not apply to quotient tables")
    if args.store is not None:
        table = searching(lambda: _stored(game, args.upto, args.store, limit, args.rebuild))
    else:
        upto = args.upto if getattr(args, "upto_given", True) else None  # (None: grow until proved)
        table = searching(lambda: quotient_table(game, upto, limit=limit))
    if args.json:
        print_json(table.to_json())
        return 0
    for line in table.text_lines(summary=args.summary, heading=heading, upto_hint="--upto"):
        emit(args.language.sentence(line))
    return 0


def _stored(game: Game, upto: int, path: str, limit: int, rebuild: bool) -> QuotientTable:
    """``--store FILE``: the quotient kept in ``path`` (read and checked again, built on, or
    computed and written; :func:`grundy.theory.quotient.store.stored_quotient`)."""
    from grundy.tables.misere_table import QuotientTable
    from grundy.theory.quotient.store import QuotientFileError, stored_quotient

    try:
        q = stored_quotient(game, upto, path, limit=limit, rebuild=rebuild)
    except QuotientFileError as exc:
        raise QuotientFileError(f"{exc}; --rebuild computes it again and overwrites the file") from None
    return QuotientTable(q.game, upto, q)
