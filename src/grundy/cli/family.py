"""``grundy table 'GAME(k=A..B)' --upto N``: renders
:func:`grundy.reports.family.analyze_family` (each member's period and patterns and how the period
depends on the parameter, or each member's declared start position)."""

from __future__ import annotations

import argparse

from grundy.cli.common import emit, heading, print_json
from grundy.errors import InvalidInputError


def run_family(args: argparse.Namespace) -> int:
    """The body of ``grundy table 'GAME(k=A..B)'``."""
    from grundy.reports.family import analyze_family

    if (args.store is not None or args.plot is not None or args.method != "auto" or args.misere
            or args.quotient or args.limit is not None or args.rebuild):
        raise InvalidInputError("a family of games takes --upto, --json, --summary and --no-patterns "
                                "(tabulate one member for --misere, --quotient or --limit)")
    family = analyze_family(args.game, args.upto, patterns=args.patterns)
    if args.json:
        print_json(family.to_json())
        return 0
    for line in family.text_lines(summary=args.summary, heading=heading):
        emit(args.language.sentence(line))
    return 0
