"""A digest of every sweep game's quotient, heap by heap, to compare two checkouts of grundy.

Run: ``python bench/quotient_digest.py [--src SRC] [--codes 0.77,0.07,…] [--limit N] [--upto N]``.
For each game (by default the sweep's codes, :mod:`quotient_sweep`) the quotient is settled heap
by heap with ``--limit`` steps in all (the sweep's default budget unless given), as the sweep does,
until the periodicity theorem proves it, a heap is refused or ``--upto`` is reached. A line gives
the code, the last heap settled, the order, the steps spent, the refusal (its class and message)
and a SHA-1 of everything met on the way: after each heap the order, the steps spent so far, the
verified pairs' count, the heap images, the P-portion and each element's least word; then the
answer (its table, names and reason) and the refusal. With ``--src`` the package is imported from
that ``src`` directory (e.g. ``git archive COMMIT src | tar -x -C /tmp/before``), so two runs,
``diff``-ed, say whether a change kept every quotient, its numbering and its steps::

    python bench/quotient_digest.py --src /tmp/before/src > before.txt
    python bench/quotient_digest.py > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any


def digest(code: str, limit: int, upto: int) -> str:
    """One game's line (see the module)."""
    from grundy.catalog import load_game
    from grundy.errors import NotSupportedError, SearchLimitError
    from grundy.theory.quotient import finish_quotient
    from grundy.theory.quotient.candidate import State, Steps
    from grundy.theory.quotient.periods import period_rule, proved_period
    from grundy.theory.quotient.settling import settle

    game = load_game(f"octal({code})")
    steps, t = Steps(limit, game.spec), period_rule(game)
    st, checked, why = State([[0]], [False], [()]), 1, ""
    trail: list[Any] = []
    while len(st.heap) - 1 < upto:
        try:
            st, checked = settle(st, game, steps)
        except (SearchLimitError, NotSupportedError) as exc:
            why = f"{type(exc).__name__}: {exc}"
            break
        trail.append((st.m, steps.spent, checked, st.heap, st.p, [tuple(w) for w in st.rep]))
        if t is not None and proved_period(st.heap, t) is not None:
            break
    q = finish_quotient(game, st, checked, Steps(10**12, game.spec))
    blob = json.dumps([repr(q), trail, why, steps.spent], default=str)
    return (f"{code} {len(st.heap) - 1} {q.order} {steps.spent} {why[:70]} "
            f"{hashlib.sha1(blob.encode()).hexdigest()[:12]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", help="import grundy from this src directory (default: as installed)")
    parser.add_argument("--codes", help="comma-separated octal codes (default: the sweep's)")
    parser.add_argument("--limit", type=int, help="steps in all (default: the sweep's budget)")
    parser.add_argument("--upto", type=int, default=400, help="stop an unproved game here")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(Path(args.src).resolve()))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT
    from quotient_sweep import default_codes

    limit = DEFAULT_QUOTIENT_LIMIT if args.limit is None else args.limit
    for code in args.codes.split(",") if args.codes else default_codes():
        print(digest(code, limit, args.upto), flush=True)


if __name__ == "__main__":
    main()
