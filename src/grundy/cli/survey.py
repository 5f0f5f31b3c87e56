"""Compute many games' tables on Dask into SQLite, and report on the database.

``grundy survey SPEC... --upto N [--db FILE] [--workers K | --scheduler ADDRESS] [--extend N]``
and ``grundy survey report [--db FILE] [--markdown | --json] [--plot FILE.png]``. dask, numpy and
matplotlib are imported only when the command runs.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="grundy")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["survey", "0.??", "--upto", "2**10", "--dry-run"])
>>> args.specs, args.upto, args.db
(['0.??'], 1024, 'survey.sqlite')
"""

from __future__ import annotations

import argparse
import sys

from grundy.cli.common import non_negative_int
from grundy.errors import InvalidInputError

DEFAULT_DB = "survey.sqlite"

EPILOG = """SPEC: a catalogue spec (kayles, 'octal(0.137)', 'subtraction(1,3,4)'), a code (0.137) or a
pattern of octal codes: '?' or 'd' is any digit 0-7, [0-3] or [137] a class of digits:
  0.???  or 0.ddd      every code 0.d1d2d3 (512 codes)
  4.d7                 4.07, 4.17, ..., 4.77
Codes that are the same game (trailing zeros; a take-all bit that never acts; a named game)
are recorded as equivalent to one representative, which alone is computed.

examples:
  grundy survey '0.???' --upto 2**16 --db three.sqlite
  grundy survey --extend 2**18 --db three.sqlite     (continue every unproved game)
  grundy survey kayles 'octal(0.16)' --upto 100000 --scheduler tcp://10.0.0.5:8786
  grundy survey report --db three.sqlite --markdown
  grundy survey report --db three.sqlite --plot periods.png
"""


def heap_count(text: str) -> int:
    """An ``argparse`` type: a whole number >= 0, also written ``2**16``, ``2^16`` or ``65_536``.

    >>> heap_count("2^16"), heap_count("1_000")
    (65536, 1000)
    """
    return non_negative_int(text.replace("^", "**"))


def _workers(text: str) -> int:
    from grundy.cli.common import whole_number

    value = whole_number(text.replace("^", "**"))
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``grundy survey`` (and its ``report`` form) on ``commands``."""
    p = commands.add_parser(
        "survey", help="compute many games' tables (octal code patterns) on Dask into SQLite",
        description="Compute the tables of many games, their periods proved where the Guy-Smith theorem "
                    "allows, on a Dask cluster, one SQLite row per game (rerun to resume). "
                    "'grundy survey report' prints the database.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``grundy survey`` (and ``grundy survey report``)."""
    p.add_argument("specs", nargs="*", metavar="SPEC", help="games or code patterns; or 'report'")
    p.add_argument("--upto", "-n", type=heap_count, metavar="N", help="largest heap of new games' tables")
    p.add_argument("--extend", type=heap_count, metavar="N",
                   help="continue stored unproved games to heap N from where they stopped "
                        "(without SPEC: every unproved game of the database)")
    p.add_argument("--db", default=DEFAULT_DB, metavar="FILE.sqlite",
                   help=f"the survey database (default {DEFAULT_DB})")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_workers, metavar="K",
                       help="worker processes of the local Dask cluster (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="use a running Dask cluster, e.g. tcp://HOST:8786 (its workers need grundy)")
    p.add_argument("--dry-run", action="store_true",
                   help="list the games and equivalences the specs expand to, compute nothing")
    report = p.add_argument_group("report (grundy survey report)")
    form = report.add_mutually_exclusive_group()
    form.add_argument("--markdown", action="store_true", help="a Markdown table")
    form.add_argument("--json", action="store_true", help="a JSON list of rows")
    report.add_argument("--plot", metavar="FILE.png", help="draw preperiod against period (matplotlib)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run a survey, or print a report; return the exit code."""
    if args.specs and args.specs[0] == "report":
        return _report(args)
    if args.markdown or args.json or args.plot:
        raise InvalidInputError("--markdown, --json and --plot belong to 'grundy survey report'")
    if args.dry_run:
        return _dry_run(args)
    if not args.specs and args.extend is None:
        raise InvalidInputError("give the games to survey (e.g. '0.???') or --extend N")
    from grundy.survey.run import require_dask, run_survey

    require_dask()

    summary = run_survey(args.specs, db=args.db, upto=args.upto, extend=args.extend,
                         workers=args.workers, scheduler=args.scheduler)
    for spec, error in summary.failed:
        sys.stderr.write(f"grundy survey: {spec} failed: {error}\n")
    sys.stdout.write(summary.text("--extend N") + f"; database {args.db}\n")
    if summary.interrupted:
        return 130
    return 1 if summary.failed else 0


def _dry_run(args: argparse.Namespace) -> int:
    from grundy.survey.codes import expand

    entries = expand(args.specs)
    for e in entries:
        sys.stdout.write(e.spec + (f"  = {e.representative}  ({e.rule})" if e.representative else "") + "\n")
    computed = {e.computed_spec for e in entries}
    sys.stdout.write(f"{len(entries):,} games, {len(computed):,} to compute\n")
    return 0


def _report(args: argparse.Namespace) -> int:
    from grundy.survey import report

    if len(args.specs) > 1:
        raise InvalidInputError(f"'grundy survey report' takes no games, got {' '.join(args.specs[1:])!r}")
    if args.upto is not None or args.extend is not None or args.workers or args.scheduler:
        raise InvalidInputError("'grundy survey report' takes only --db, --markdown, --json and --plot")
    rows = report.load_rows(args.db)
    if args.json:
        sys.stdout.write(report.format_json(rows) + "\n")
    elif args.markdown:
        sys.stdout.write(report.format_markdown(rows) + "\n")
    elif not args.plot:  # --plot alone only draws
        sys.stdout.write(report.format_text(rows) + "\n")
    if args.plot:
        count = report.plot(rows, args.plot)
        sys.stderr.write(f"grundy survey: {count:,} games drawn into {args.plot}\n")
    return 0
