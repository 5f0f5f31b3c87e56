"""``grundy table 'GAME(k=A..B)' --upto N``: a family of games over a parameter range — each
member's period and patterns, and how the period depends on the parameter.

A dependence is a **conjecture** fitted on the range (``period k + 1`` on k = 2..9), even where
each member's period is proved: the theorem covers each game, not the family.

>>> expand("bash(m=2..4)")
('m', [2, 3, 4], ['bash(m=2)', 'bash(m=3)', 'bash(m=4)'])
>>> linear_fit([2, 3, 4], [3, 4, 5])
'k + 1'
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from grundy.cli.common import emit, heading, print_json
from grundy.errors import InvalidInputError

RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*$")

MAX_MEMBERS = 64
"""Largest parameter range tabulated in one command."""


def is_family(spec: str) -> bool:
    """Whether ``spec`` has a parameter range ``A..B``."""
    return ".." in spec


def expand(spec: str) -> tuple[str, list[int], list[str]]:
    """The parameter that ranges, its values, and the members' specs."""
    from grundy.catalog import parse_spec

    name, args, kwargs = parse_spec(spec)
    ranged = [(key, m) for key, value in kwargs.items() if isinstance(value, str)
              and (m := RANGE.match(value))]
    ranged += [(str(i), m) for i, value in enumerate(args) if isinstance(value, str)
               and (m := RANGE.match(value))]
    if len(ranged) != 1:
        raise InvalidInputError(f"a family of games has exactly one parameter range A..B, e.g. "
                                f"'bash(m=2..9)'; got {spec!r}")
    key, match = ranged[0]
    lo, hi = int(match.group(1)), int(match.group(2))
    if not 0 <= lo <= hi or hi - lo + 1 > MAX_MEMBERS:
        raise InvalidInputError(f"a parameter range is A..B with A <= B and at most {MAX_MEMBERS} "
                                f"values; got {match.group(0).strip()!r} in {spec!r}")
    values = list(range(lo, hi + 1))
    specs = []
    for v in values:
        parts = [str(a) if str(i) != key else str(v) for i, a in enumerate(args)]
        parts += [f"{k}={v if k == key else w}" for k, w in kwargs.items()]
        specs.append(f"{name}({','.join(parts)})")
    return (key if not key.isdigit() else "k"), values, specs


def linear_fit(ks: list[int], ys: list[int | None]) -> str | None:
    """``y = a·k + b`` through every point, as text (``'2k + 1'``), if one line fits all."""
    if len(ks) < 3 or any(y is None for y in ys):
        return None
    points = [(k, int(y)) for k, y in zip(ks, ys, strict=True) if y is not None]
    (k0, y0), (k1, y1) = points[0], points[1]
    a = Fraction(y1 - y0, k1 - k0)
    b = y0 - a * k0
    if any(a * k + b != y for k, y in points):
        return None
    slope = "" if a == 0 else ("k" if a == 1 else f"{a}k" if a.denominator == 1 else f"({a})k")
    if not slope:
        return str(b)
    return slope + ("" if b == 0 else f" + {b}" if b > 0 else f" − {-b}")


def run_family(args: argparse.Namespace, heap_patterns: Callable[[Any], list[Any]]) -> int:
    """Tabulate each member of the family and report the dependence on the parameter
    (``heap_patterns``: the patterns of one member's analysed table, as ``grundy table`` finds them)."""
    from grundy.catalog import load_game
    from grundy.sequences.analysis import analyze

    if args.store is not None or args.plot is not None or args.method != "auto":
        raise InvalidInputError("a family of games takes --upto, --json, --summary and --no-patterns")
    key, values, specs = expand(args.game)
    from grundy.core.game import HeapGame

    if not isinstance(load_game(specs[0]), HeapGame):
        from grundy.cli.start_family import run_start_family

        return run_start_family(args, key, values, specs)
    rows: list[dict[str, Any]] = []
    for value, spec in zip(values, specs, strict=True):
        result = analyze(load_game(spec), args.upto)
        found = result.periodicity
        patterns = heap_patterns(result) if args.patterns else []
        rows.append({"game": spec, key: value, "period": found.period if found else None,
                     "preperiod": found.preperiod if found else None,
                     "saltus": found.saltus if found else None, "proved": bool(found and found.proved),
                     "patterns": [p.to_json() for p in patterns]})
    dependence = []
    for what in ("period", "preperiod", "saltus"):
        fit = linear_fit(values, [r[what] for r in rows])
        if fit is not None:
            fit = fit.replace("k", key)
            proved = all(r["proved"] for r in rows)
            dependence.append({"describes": what, "formula": fit,
                               "text": f"{what} {fit} for {key} = {values[0]}..{values[-1]} (conjecture: "
                                       f"fitted on these {len(values)} games"
                                       + ("; each one's period is proved)" if proved else ")"),
                               "status": "conjecture"})
    if args.json:
        print_json({"family": args.game, "parameter": key, "upto": args.upto, "members": rows,
                    "dependence": dependence})
        return 0
    emit(heading(args.game) + f"  {len(rows)} games, G(0..{args.upto}) each")
    for row in rows:
        period = ("no period found" if row["period"] is None else
                  f"period {row['period']} from heap {row['preperiod']}"
                  + (f", saltus {row['saltus']}" if row["saltus"] else "")
                  + (" (proved)" if row["proved"] else " (observed)"))
        first = next((p["text"] for p in row["patterns"] if p["describes"] == "values"), None)
        emit(f"  {key} = {row[key]}: {period}" + (f"; {first}" if first and not args.summary else ""))
    for dep in dependence:
        emit(f"  depends on {key}: {dep['text']}")
    if not dependence:
        emit(f"  depends on {key}: no linear rule for the period fits every game of the range")
    return 0
