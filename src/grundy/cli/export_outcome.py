"""``grundy export GAME --outcome``: the program that answers who wins from one heap, from the
P-positions grundy computed (:func:`grundy.reports.outcome_export.export_outcomes`), or, for a game
of one's own on tuples of numbers or on words, by the search that stops at a position's first P-option
(:func:`grundy.reports.export_policy.own_outcome_plan`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from grundy.cli.common import emit
from grundy.errors import InvalidInputError


def run_outcome(args: argparse.Namespace, layout: str) -> int:
    """Print the outcome program (its warnings on stderr); refuse the options it has no use for."""
    from grundy.catalog import load_family, load_game
    from grundy.reports.export_policy import outcome_by_search, own_family
    from grundy.reports.outcome_export import export_outcomes

    named = args.game == "matrix" or load_family(args.game) is not None or own_family(args.game) is not None
    game = None if named else load_game(args.game)
    if game is not None and outcome_by_search(game):
        return _own_outcome(args, layout, game)
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
    if game is None:
        raise InvalidInputError(f"--outcome is for one heap game or a game of your own on tuples of "
                                f"numbers, not {args.game} (export it without --outcome)")
    max_size = getattr(args, "max_size", 64 * 1024) or None
    result = export_outcomes(game, lang=args.lang, main=args.main, input_format=layout,
                             upto=args.upto, max_size=max_size, limit=getattr(args, "limit", None),
                             misere=getattr(args, "misere", False))
    for warning in result.warnings:
        print(f"grundy: warning: {warning.replace('max_size raises', '--max-size raises')}", file=sys.stderr)
    emit(result.source.rstrip("\n"))
    return 0


def _own_outcome(args: argparse.Namespace, layout: str, game: Any) -> int:
    """``--outcome`` of a game of one's own on tuples of numbers: the program that searches who
    wins alone (:func:`grundy.reports.export_policy.own_outcome_plan`), checked before it is
    printed; the options an outcome alone has no use for refused in one line."""
    from grundy.reports.export_policy import export_game

    clash = [(flag, why) for flag, used, why in (
        ("--winning-moves", getattr(args, "winning_moves", False),
         "the winning moves need every option's outcome: export without --outcome"),
        ("--conjecture", getattr(args, "conjecture", False),
         "the search is exact, nothing is conjectured"),
        ("--params", getattr(args, "params", None) is not None,
         "a case is one position (a line of several positions of a game declaring arity=: their "
         "sum), as solve --input --outcome reads it")) if used]
    if clash:
        raise InvalidInputError(f"--outcome of a game of your own does not go with {clash[0][0]}: "
                                f"{clash[0][1]}")
    result = export_game(game, lang=args.lang, upto=args.upto, main=args.main, input_format=layout,
                         limit=getattr(args, "limit", None), misere=getattr(args, "misere", False),
                         outcome=True)  # (its errors in the library's words: export.run says the flags)
    for warning in result.warnings:
        print(f"grundy: warning: {warning}", file=sys.stderr)
    emit(result.source.rstrip("\n"))
    return 0
