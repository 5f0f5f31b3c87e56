"""``grundy table GAME --misere``: the misère Grundy values of single heaps 0..N, their period,
and Conway's genus of each heap.

The misère value ``m(n)`` is the ``mex`` of the options' misère values, and 1 at a heap with no
move; the player to move loses a heap of ``n`` in misère play exactly when ``m(n) = 0``. The
values come from a law proved for every heap where the game has one (take-away games with a
finite subtraction set, Nim: :func:`grundy.core.misere_laws.heap_law`), and otherwise from a brute
force over every position the heaps reach, bounded by ``--limit``. A period is **proved** only
where such a law proves it; otherwise it is observed in the table, not proved (no periodicity
theorem for misère values is known in general).

>>> from grundy.catalog import load_game
>>> from grundy.core.misere_laws import MisereMemo
>>> found = misere_periodicity(load_game("subtraction(2,5)"), MisereMemo())
>>> found.period, found.preperiod, found.proved
(7, 0, True)
>>> genus_text((0, 1, 2, 0)), genus_text((12, 12, 14)), genus_text((4, 1, 4, 6))
('0^120', '12^(12,14)', '4^146')
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.common import emit, heading, positive_int, print_json, searching
from grundy.core.game import Game, HeapGame
from grundy.core.misere_laws import MisereMemo
from grundy.core.periodic import Periodicity
from grundy.errors import InvalidInputError, SearchLimitError

DEFAULT_LIMIT = 200_000
"""Default brute-force budget (steps) of the misère values, and again of the genera."""

MAX_UPTO = 1_000_000
"""Largest ``--upto`` of a misère table (reached only where a proved law gives the values)."""

GENUS_HEAPS = 100
"""The genus is computed for at most this many heaps (0, 1, …), within the budget."""

SHOWN_VALUES = 10_000
"""At most this many values are printed as text (``--json`` gives them all)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy table`` for misère play."""
    parser.add_argument("--misere", action="store_true",
                        help="misère Grundy values of single heaps, their period and each heap's genus")
    parser.add_argument("--quotient", action="store_true",
                        help="with --misere: the misère quotient (order, presentation, P-portion, "
                             "each heap's image; proved for every heap where the periodicity "
                             "theorem applies)")
    parser.add_argument("--limit", type=positive_int, metavar="N",
                        help=f"brute-force budget of --misere in steps (positions + options); "
                             f"default {DEFAULT_LIMIT:,}")


def run_misere(args: argparse.Namespace, game: Game) -> int:
    """The body of ``grundy table GAME --misere``."""
    if not args.misere:
        what = "--quotient" if args.quotient else f"--limit {args.limit}"
        raise InvalidInputError(f"{what} applies to misère tables (--misere) only")
    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"--misere tables are of heap games, and {game.spec!r} is not one")
    if args.quotient:
        from grundy.cli.quotient_table import run_quotient

        return run_quotient(args, game)
    if args.plot is not None:
        raise InvalidInputError(f"--plot {args.plot!r} does not apply to --misere tables")
    if args.method != "auto":
        raise InvalidInputError(f"--method {args.method} does not apply to --misere tables")
    if args.upto > MAX_UPTO:
        raise InvalidInputError(f"--upto {args.upto:,}: misère tables go up to {MAX_UPTO:,}")
    limit = DEFAULT_LIMIT if args.limit is None else args.limit
    values, periodicity, genera = searching(lambda: misere_analysis(game, args.upto, limit))
    if args.json:
        print_json(misere_json(game, args.upto, values, periodicity, genera, summary=args.summary))
        return 0
    _print(game, args.upto, values, periodicity, genera, args.summary, limit)
    return 0


def misere_analysis(game: HeapGame, upto: int,
                    limit: int) -> tuple[list[int], Periodicity | None, list[tuple[int, ...]]]:
    """The misère values ``m(0..upto)``, their periodicity and the genus of the first heaps."""
    memo = MisereMemo()
    values = misere_values(game, upto, limit, memo)
    periodicity = misere_periodicity(game, memo)
    if periodicity is None:
        from grundy.sequences.periodicity import find_period

        periodicity = find_period(values)
    return values, periodicity, heap_genera(game, min(upto + 1, GENUS_HEAPS), limit, memo)


def misere_json(game: Game, upto: int, values: list[int], periodicity: Periodicity | None,
                genera: list[tuple[int, ...]], *, summary: bool = False) -> dict[str, Any]:
    """The object ``grundy table GAME --misere --json`` prints."""
    data: dict[str, Any] = {"game": game.spec, "upto": upto, "misere": True}
    if not summary:
        data["misere_values"] = values
    data["periodicity"] = None if periodicity is None else {
        "period": periodicity.period, "preperiod": periodicity.preperiod,
        "saltus": periodicity.saltus, "proved": periodicity.proved, "reason": periodicity.reason}
    data["genus"] = [list(g) for g in genera]
    return data


def misere_values(game: HeapGame, upto: int, limit: int, memo: MisereMemo) -> list[int]:
    """``m(0..upto)``: from the game's proved law, or by brute force within ``limit`` steps in
    all (refused, naming ``--limit``, beyond it)."""
    from grundy.core.engine import Budget
    from grundy.core.misere_laws import heap_law, profile

    law = heap_law(game, memo=memo)
    if law is not None and law.pair(0)[1] is not None:
        return [int(law.pair(n)[1]) for n in range(upto + 1)]  # type: ignore[arg-type]
    budget = Budget(limit)
    values: list[int] = []
    try:
        for n in range(upto + 1):
            values.append(profile(game, (n,), memo, budget)[1])
    except SearchLimitError:
        raise SearchLimitError(
            f"{game.spec}: the misère values of heaps 0..{upto:,} need more than {limit:,} "
            f"brute-force steps (heaps 0..{len(values) - 1} fit): lower --upto or raise --limit"
        ) from None
    return values


def misere_periodicity(game: HeapGame, memo: MisereMemo) -> Periodicity | None:
    """The period of the misère values where the game's law proves it, else ``None``.

    A take-away game with a finite subtraction set has its pairs ``(v(n), m(n))`` repeat with a
    proved period ``P`` from a heap ``s``; the least period of ``m`` alone divides ``P``, and one
    cycle of ``P`` heaps from ``s`` shows it; the least preperiod is then found going down from
    ``s``. Misère Nim: ``m(n) = n`` for ``n ≥ 2`` (period 1, saltus 1, from heap 2).
    """
    from grundy.core.misere_laws import heap_law

    law = heap_law(game, memo=memo)
    if law is None:
        return None
    if law.kind == "nim":
        return Periodicity(1, 2, 1, True, "misère Nim: m(0) = 1, m(1) = 0 and m(n) = n for n ≥ 2 "
                                          "(induction on n)")
    if law.kind != "only":
        return None
    s, big = law.start, law.period

    def m(n: int) -> int:
        return int(law.pair(n)[1])  # type: ignore[arg-type]

    p = next(d for d in range(1, big + 1)
             if big % d == 0 and all(m(n + d) == m(n) for n in range(s, s + big)))
    e = s
    while e > 0 and m(e - 1 + p) == m(e - 1):
        e -= 1
    return Periodicity(p, e, 0, True, f"each pair (v(n), m(n)) is the mex of the max S pairs "
                                      f"before it, and a window of max S pairs repeats with period "
                                      f"{big} from heap {s}")


def heap_genera(game: HeapGame, count: int, limit: int, memo: MisereMemo) -> list[tuple[int, ...]]:
    """Conway's genus of heaps ``0, 1, …, count - 1``, stopping at the first heap that does not
    fit in ``limit`` brute-force steps (in all)."""
    from grundy.core.engine import Budget
    from grundy.core.misere import GENUS_DEPTH, genus
    from grundy.core.misere_laws import genus_entry, profile

    budget = Budget(limit)
    found: list[tuple[int, ...]] = []
    for n in range(count):
        try:  # fill the memo within the shared budget; genus() then only reads it
            profile(game, (n,), memo, budget)
            for twos in range(GENUS_DEPTH):
                genus_entry(game, (n,), twos, memo, budget)
        except SearchLimitError:
            break
        found.append(genus(game, (n,), memo=memo))
    return found


def genus_text(gammas: tuple[int, ...]) -> str:
    """Conway's notation ``v^{γ1γ2…}`` (with commas when some entry has two digits)."""
    head, tail = gammas[0], gammas[1:]
    if all(g < 10 for g in tail):
        return f"{head}^" + "".join(map(str, tail))
    return f"{head}^(" + ",".join(map(str, tail)) + ")"


def periodicity_text(found: Periodicity | None, upto: int) -> str:
    """One line on the period of the misère values."""
    if found is None:
        return f"no period found in m(0..{upto:,})"
    saltus = f", saltus {found.saltus}" if found.saltus else ""
    status = f"proved: {found.reason}" if found.proved else \
        f"observed in m(0..{upto:,}), not proved"
    return f"period {found.period} from heap {found.preperiod}{saltus} ({status})"


def _rows(values: list[str], per_row: int) -> list[str]:
    width = max(len(v) for v in values)
    label = len(str(len(values) - 1))
    return [f"  {str(start).rjust(label)}: " +
            " ".join(v.rjust(width) for v in values[start:start + per_row])
            for start in range(0, len(values), per_row)]


def _print(game: Game, upto: int, values: list[int], periodicity: Periodicity | None,
           genera: list[tuple[int, ...]], summary: bool, limit: int) -> None:
    if summary:
        emit(heading(game.spec) + f"  misère values m(0..{upto:,})")
    else:
        emit(heading(game.spec) + f"  misère Grundy values m(0..{upto:,}) (a heap with no move has m = 1)")
        shown = [str(v) for v in values[:SHOWN_VALUES]]
        for line in _rows(shown, 10 if max(map(len, shown)) > 2 else 20):
            emit(line)
        if len(values) > SHOWN_VALUES:
            emit(f"  … {len(values) - SHOWN_VALUES:,} more values (--json prints them all)")
    emit(f"  {periodicity_text(periodicity, upto)}")
    emit(f"  largest value {max(values)}; P-positions (m = 0) at "
         f"{sum(1 for v in values if v == 0):,} of the {len(values):,} heaps")
    if not genera:
        emit(f"  genus: not computed (heap 0 needs more than {limit:,} steps)")
        return
    stop = len(genera) - 1
    why = "" if stop == min(upto, GENUS_HEAPS - 1) else \
        f" (the budget of {limit:,} steps ran out at heap {stop + 1}; --limit raises it)"
    emit(f"  genus v^γ1γ2… of heaps 0..{stop}{why}:")
    if not summary:
        for line in _rows([genus_text(g) for g in genera], 10):
            emit(line)
