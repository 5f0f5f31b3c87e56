"""``grundy table 'GAME(k=A..B)'`` for a game that is not a heap game but declares its start
position per parameter (``@grundy.game(..., start=lambda k: ...)``): the outcome and Grundy
value of each member's start position, and the patterns of that sequence over the parameter —
**conjectures**, checked on the range only.

>>> shifted_patterns([k % 2 for k in range(3, 12)], 3)[0].text
'G(start) = n % 2 (conjecture, checked for n = 3..11)'
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import emit, heading, print_json
from grundy.errors import GrundyError, NotSupportedError
from grundy.sequences.pattern import Pattern


def shifted_patterns(values: list[int], lo: int, name: str = "n") -> list[Pattern]:
    """The patterns of ``values`` (the value at ``n = lo, lo + 1, ...``): a formula for the values
    and one true exactly at the P-positions, over ``n`` itself, each checked again on every point;
    texts name the range (of the parameter ``name``)."""
    import numpy as np

    from grundy.sequences.formulas import evaluate
    from grundy.sequences.pattern import MAX_SIZE, SEARCH_STEPS
    from grundy.sequences.synthesis import shortest_formula

    hi = lo + len(values) - 1
    where = f"n = {lo}..{hi}" if name == "n" else f"n = {name} = {lo}..{hi}"
    env = {"n": np.arange(lo, hi + 1, dtype=np.int64)}
    zero = [v == 0 for v in values]
    out = []
    found = shortest_formula(env, lambda i, v: v == values[i], np.array(values, dtype=np.int64),
                             total=len(values), max_size=MAX_SIZE, steps=SEARCH_STEPS // 2)
    if found is not None and all(evaluate(found, n=lo + i) == v for i, v in enumerate(values)):
        out.append(Pattern("values", f"G(start) = {found} (conjecture, checked for {where})", found,
                           "conjecture", hi))
    found = shortest_formula(env, lambda i, v: bool(v) == zero[i], np.array(zero, dtype=np.int64),
                             total=len(values), boolean=True, max_size=MAX_SIZE,
                             steps=SEARCH_STEPS // 2)
    if found is not None and all(bool(evaluate(found, n=lo + i)) == z for i, z in enumerate(zero)):
        out.append(Pattern("p-positions", f"P iff {found} (conjecture, checked for {where})", found,
                           "conjecture", hi))
    return out


def run_start_family(args: argparse.Namespace, key: str, values: list[int], specs: list[str]) -> int:
    """Solve each member's declared start position (one budget each) and report the sequence."""
    from grundy.catalog import load_game
    from grundy.core.solve import solve
    from grundy.define import answering

    rows: list[dict[str, Any]] = []
    for value, spec in zip(values, specs, strict=True):
        game = load_game(spec)
        start = getattr(game, "start_position", lambda: None)()
        if start is None:
            raise NotSupportedError(f"no table for the family {args.game!r}: {game.spec} is not a heap "
                                    f"game and declares no start position (@grundy.game(..., "
                                    f"start=lambda {key}: ...))")
        try:
            with answering():
                answer = solve(game, start)
        except GrundyError as exc:
            raise NotSupportedError(f"{spec}: the start position {game.format_position(start)!r} is "
                                    f"not solved: {exc}") from None
        rows.append({"game": spec, key: value, "start": game.format_position(start),
                     "outcome": answer.outcome.value, "grundy": answer.grundy})
    grundy_values = [r["grundy"] for r in rows]
    patterns: list[Pattern] = []
    if args.patterns and all(isinstance(v, int) for v in grundy_values):
        patterns = shifted_patterns(grundy_values, values[0], key)
    if args.json:
        print_json({"family": args.game, "parameter": key, "members": rows,
                    "patterns": [p.to_json() for p in patterns]})
        return 0
    emit(heading(args.game) + f"  the start position of each game, {key} = {values[0]}..{values[-1]}")
    for row in rows:
        emit(f"  {key} = {row[key]}: start {row['start']}: {row['outcome']}-position, "
             f"G = {row['grundy']}")
    for pattern in patterns:
        emit(f"  pattern: {pattern.text}")
    return 0
