"""List every registered game with its parameters and a one-line description.

Games loaded with ``--rules FILE.py`` and games of installed packages (the ``grundy.games``
entry-point group) are listed too.
"""

from __future__ import annotations

import argparse

from grundy.cli.common import FAMILY_PLACES, columns, emit, heading, print_json

INTERMIXED = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``grundy list [--json]``."""
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of text")


def run(args: argparse.Namespace) -> int:
    """Print the catalogue."""
    from grundy.catalog import registered_games

    entries = registered_games()
    if args.json:
        print_json([e.as_json() for e in entries])
        return 0
    rows = [["game", "parameters", "description"]]
    for e in entries:
        name = e.name + (f" ({', '.join(e.aliases)})" if e.aliases else "")
        rows.append([name, e.params or "-", e.summary])
    lines = columns(rows)
    emit(heading(lines[0]))
    for line in lines[1:]:
        emit(line)
    families = [f for e in entries for f in e.families]
    if families:
        emit("")
        emit("families whose parameters the judge's input gives (grundy export 'bash(m)' --main "
             f"--params {'|'.join(FAMILY_PLACES)}): " + ", ".join(families))
    return 0
