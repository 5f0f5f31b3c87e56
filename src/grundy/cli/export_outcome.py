"""``grundy export GAME --outcome``: the program that answers who wins from one heap, from the
P-positions grundy computed (:func:`grundy.reports.outcome_export.export_outcomes`)."""

from __future__ import annotations

import argparse
import sys

from grundy.cli.common import emit
from grundy.errors import InvalidInputError


def run_outcome(args: argparse.Namespace, layout: str) -> int:
    """Print the outcome program (its warnings on stderr); refuse the options it has no use for."""
    from grundy.catalog import load_family, load_game
    from grundy.reports.outcome_export import export_outcomes

    given = [flag for flag, used in (("--winning-moves", getattr(args, "winning_moves", False)),
                                     ("--params", getattr(args, "params", None) is not None),
                                     ("--conjecture", getattr(args, "conjecture", False))) if used]
    if given == ["--conjecture"]:
        raise InvalidInputError("--outcome answers from the P-positions grundy computed, and past them only "
                                "by a proved period: a conjecture has no local check there (a heap's "
                                "options are positions of two heaps), so --conjecture has no use")
    if given:
        raise InvalidInputError(f"--outcome writes who wins from one heap, from its P-positions; "
                                f"{given[0]} has no use there")
    if args.game == "matrix" or load_family(args.game) is not None:
        raise InvalidInputError(f"--outcome is for one heap game, not {args.game} (export it without "
                                f"--outcome)")
    max_size = getattr(args, "max_size", 64 * 1024) or None
    result = export_outcomes(load_game(args.game), lang=args.lang, main=args.main, input_format=layout,
                             upto=args.upto, max_size=max_size, limit=getattr(args, "limit", None),
                             misere=getattr(args, "misere", False))
    for warning in result.warnings:
        print(f"grundy: warning: {warning.replace('max_size raises', '--max-size raises')}", file=sys.stderr)
    emit(result.source.rstrip("\n"))
    return 0
