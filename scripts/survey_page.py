"""Print the Markdown table of a survey database, one row per distinct game (for a docs page).

Each row is a game that was computed (a representative) with every code of the survey that is the
same game; its status is ``proved`` (the Guy-Smith theorem proves the period from the table),
``period P observed, not proved`` (the table repeats with period P from its preperiod on, but
not far enough for the theorem), ``no period found up to N`` or ``not computed yet`` (a survey
interrupted before this game: listed after the table). Only what the database holds is printed.

    python scripts/survey_page.py '0.????' --db survey-0dddd.sqlite > table.md
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

from grundy.survey.codes import expand, sort_key
from grundy.survey.report import load_rows

NOT_COMPUTED = {"upto": None, "period": None, "preperiod": None, "max_value": None, "rare_count": None,
                "proved": False}
"""The results of a game the database does not hold yet (an interrupted survey)."""


def _kind(row: dict[str, Any]) -> str:
    if row["upto"] is None:
        return "not computed yet"
    if row["proved"]:
        return "proved"
    return "observed" if row["period"] is not None else "no period found"


def _status(row: dict[str, Any]) -> str:
    kind = _kind(row)
    if kind == "observed":
        return f"period {row['period']} observed, not proved (checked up to {row['upto']:,})"
    if kind == "no period found":
        return f"no period found up to {row['upto']:,}"
    return kind


UNPROVED = ("observed", "no period found")


def _lengths(unproved: list[dict[str, Any]]) -> str:
    """How far the tables of the unproved games go: ``N to 65,536 heaps, M to 16,384 heaps``."""
    counts = Counter(int(r["upto"]) for r in unproved)
    parts = [f"{n:,} to {upto:,} heaps" for upto, n in sorted(counts.items(), reverse=True)]
    return "Tables of the unproved games: " + (", ".join(parts) if parts else "none") + "."


def _short(spec: str) -> str:
    return spec[6:-1] if spec.startswith("octal(") else spec


def page(specs: list[str], rows: list[dict[str, Any]]) -> str:
    """The counts and the table of the games ``specs`` expand to, with their results in ``rows``
    (from :func:`grundy.survey.report.load_rows`)."""
    by_spec: dict[str, dict[str, Any]] = {r["game"]: r for r in rows}
    members: dict[str, list[str]] = {}
    entries = expand(specs)
    for entry in entries:
        members.setdefault(entry.computed_spec, []).append(entry.spec)
    distinct = sorted(members, key=sort_key)
    states = Counter(_kind(by_spec.get(s, NOT_COMPUTED)) for s in distinct)
    lines = [f"{len(entries):,} codes, {len(distinct):,} distinct games: {states['proved']:,} proved, "
             f"{states['observed']:,} with a period observed but not proved, {states['no period found']:,} "
             f"with no period found, {states['not computed yet']:,} not computed yet.", "",
             _lengths([by_spec[s] for s in distinct if _kind(by_spec.get(s, NOT_COMPUTED)) in UNPROVED]), "",
             "| game | period | preperiod | max | rare | status | codes that are the same game |",
             "|---|---:|---:|---:|---:|---|---|"]
    waiting = [s for s in distinct if _kind(by_spec.get(s, NOT_COMPUTED)) == "not computed yet"]
    for spec in distinct:
        if spec in waiting:
            continue
        r = by_spec.get(spec, NOT_COMPUTED)
        same = [_short(m) for m in sorted(members[spec], key=sort_key) if m != spec]

        def show(key: str, row: dict[str, Any] = r) -> str:
            return "-" if row[key] is None else str(row[key])

        lines.append(f"| {_short(spec)} | {show('period')} | {show('preperiod')} | {show('max_value')} | "
                     f"{show('rare_count')} | {_status(r)} | {', '.join(same)} |")
    if waiting:
        groups = [", ".join([_short(s), *(_short(m) for m in sorted(members[s], key=sort_key) if m != s)])
                  for s in waiting]
        lines += ["", f"Not computed yet ({len(waiting):,} distinct games; after each, the codes that are "
                      f"the same game): " + "; ".join(groups) + "."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("specs", nargs="+", metavar="SPEC", help="the survey's specs, e.g. '0.????'")
    parser.add_argument("--db", required=True)
    args = parser.parse_args(argv)
    print(page(args.specs, load_rows(args.db)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
