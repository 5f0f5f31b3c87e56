"""A self-contained solution for a game, in C++17 or Python: by the simplest pattern of its values
that has a formula, else by its table (and, in Python, by the game's own move function beyond it).

Only what decides the game is exported: the heaps of a heap game are XORed only when the game says
its positions are sums of their heaps (:meth:`~grundy.core.game.Game.components`); Moore's Nim_k
is answered by Moore's theorem; any other game is refused.

>>> from grundy import load_game
>>> code = export_source(load_game("subtraction(1,2)"), lang="python", upto=60)
>>> "proved (" in code and "n % 3" in code
True
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from grundy.cli.common import emit, non_negative_int
from grundy.core.game import Game, HeapGame
from grundy.errors import GrundyError, InvalidInputError, NotSupportedError

EPILOG = """examples:
  grundy export 'subtraction(1,3,4)' --lang cpp --main > sub.cpp
  grundy export nim --lang cpp --main --input cases
  grundy export wythoff --lang python --upto 20
  grundy export doc-digit --rules digits.py --lang python --upto 1000 --main
      (doc-digit: the digit game defined in docs/own-games.md, saved as digits.py)

The header says what the answers rest on: proved (a theorem), or a conjecture and how far it was
checked, or the exact table and its range. --input: lines (one position per line), cases (T, then
T cases), counted (one case); a case of a heap game is n then n heap sizes, of a pair game a b.
"""

HEAP_UPTO = 1000
"""Default ``--upto`` of a heap game."""
PAIR_UPTO = 30
"""Default ``--upto`` of a game on pairs."""

PROVED_P_POSITIONS: dict[str, tuple[str, str | None, str | None]] = {
    "wythoff": ("P iff min(a, b) = floor(k * phi) with k = |a - b|, phi = (1 + sqrt 5) / 2",
                "min(a, b) == (abs(a - b) + isqrt(5 * abs(a - b) * abs(a - b))) // 2", None),
    "fibonacci-nim": ("P iff n = 0 or the smallest Zeckendorf term of n exceeds the limit "
                      "(a = n, b = the limit)", None, "zeckendorf"),
}
"""Pair games whose P-positions a theorem gives (the theorem is in the game's module docstring)."""

_THEOREMS = {"wythoff": "Wythoff's theorem, 1907", "fibonacci-nim": "Whinihan's theorem, 1963"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy export``."""
    from grundy.sequences.export_main import INPUT_FORMATS

    parser.add_argument("game", help="a heap game ('subtraction(1,3,4)', your own) or a game on pairs")
    parser.add_argument("--lang", choices=("cpp", "python"), default="cpp",
                        help="C++17 (default) or Python")
    parser.add_argument("--upto", "-n", type=non_negative_int, metavar="N",
                        help=f"table size: heaps 0..N (default {HEAP_UPTO}) or pairs a, b <= N "
                             f"(default {PAIR_UPTO})")
    parser.add_argument("--main", action="store_true",
                        help="add a program reading positions from stdin and printing VALUE OUTCOME")
    parser.add_argument("--input", choices=INPUT_FORMATS, default="lines",
                        help="what --main reads: lines (one position per line, default), cases "
                             "(T, then T cases) or counted (one case)")


def run(args: argparse.Namespace) -> int:
    """Print the exported program (warning on stderr when it is large)."""
    import sys

    from grundy.catalog import load_game
    from grundy.sequences.export import SIZE_WARNING

    layout = getattr(args, "input", "lines")
    if layout != "lines" and not args.main:
        raise InvalidInputError(f"--input {layout} says what the program's main reads: add --main")
    game = load_game(args.game)
    source = export_source(game, lang=args.lang, upto=args.upto, main=args.main,
                           input_format=layout)
    size = len(source.encode())
    if size > SIZE_WARNING:
        print(f"grundy: warning: the program is {size / 1024:.0f} KB, more than the "
              f"{SIZE_WARNING // 1024} KB many judges accept; a smaller --upto makes it smaller",
              file=sys.stderr)
    emit(source.rstrip("\n"))
    return 0


def is_sum_of_heaps(game: HeapGame) -> bool:
    """Whether a position of several heaps is the disjunctive sum of its heaps, as the game says."""
    parts = game.components((1, 2))
    return parts is not None and [p for _, p in parts] == [(1,), (2,)] and all(g == game for g, _ in parts)


@dataclass(frozen=True)
class Plan:
    """What an export of a game rests on (computed once, written in either language)."""

    name: str
    kind: str
    table: Any = None
    best: Any = None
    period: Any = None
    rule: Any = None
    source: str | None = None
    moore_k: int | None = None


def export_plan(game: Game, upto: int | None = None) -> Plan:
    """The table of ``game`` to ``upto``, the patterns found in it, and the best pattern of the
    values that has a formula (proved first, then the simplest); Moore's rule; or a refusal."""
    from grundy.cli.rules import move_source

    if isinstance(game, HeapGame) and not is_sum_of_heaps(game):
        k = getattr(game, "k", None)
        if getattr(game, "name", "") == "moore" and isinstance(k, int):
            return Plan(game.spec, "moore", table=[], moore_k=k)
        raise NotSupportedError(f"{game.spec}: a position of several heaps is not the sum of its heaps "
                                f"(a move may change several), and export has no rule for it")
    kind, table, patterns, period = _table_and_patterns(game, upto)
    best = next((p for p in patterns if p.describes == "values" and p.formula is not None), None)
    if best is not None and best.status != "proved" and period is not None and period.proved:
        best = None  # a proved period beats a conjectured formula
    rule = _p_rule(game, patterns) if kind == "pair" and best is None else None
    source = move_source(game) if best is None and period is None else None
    return Plan(game.spec, kind, table, best, period, rule, source)


def export_source(game: Game, *, lang: str, upto: int | None = None, main: bool = False,
                  input_format: str = "lines", plan: Plan | None = None) -> str:
    """The program for ``game`` (by :func:`export_plan`, or ``plan``), its Python twin checked
    against the table before the program is returned."""
    from grundy.sequences.export import export_code

    plan = plan or export_plan(game, upto)
    args = {"name": plan.name, "kind": plan.kind, "pattern": plan.best, "table": plan.table,
            "move_source": plan.source, "period": plan.period, "outcome_rule": plan.rule,
            "moore_k": plan.moore_k}
    code = export_code(lang=lang, main=main, input_format=input_format, **args)
    if plan.kind != "moore":
        _self_check(code if lang == "python" else export_code(lang="python", **args), plan.kind, plan.table)
    return code


def _p_rule(game: Game, patterns: list[Any]) -> Any:
    from grundy.sequences.export import OutcomeRule

    name = getattr(game, "name", "")
    if name in PROVED_P_POSITIONS:
        text, formula, code = PROVED_P_POSITIONS[name]
        return OutcomeRule(text, f"proved ({_THEOREMS[name]})", formula, code)
    found = next((p for p in patterns if p.describes == "p-positions" and p.formula is not None), None)
    if found is None:
        return None
    return OutcomeRule(found.text.split(" (")[0], f"conjecture, checked for a <= {found.checked_upto}, "
                       f"b <= {found.checked_upto}", found.formula)


def _self_check(code: str, kind: str, table: Any) -> None:
    """Run the Python program on a sample of the table (every cell of a small one) and compare."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    if kind == "heap":
        step = max(1, len(table) // 500)
        cells: list[tuple[tuple[int, ...], int]] = [((n,), table[n]) for n in range(0, len(table), step)]
    else:
        side = len(table)
        step = max(1, side // 25)
        cells = [((a, b), table[a][b]) for a in range(0, side, step) for b in range(0, len(table[a]), step)]
    p_position = namespace.get("p_position")  # the P-positions' rule, used beyond the table
    for args, want in cells:
        got = value(*args)
        if got != want:
            raise GrundyError(f"internal error: the exported program gives G{args} = {got}, the table "
                              f"{want}; please report it")
        if p_position is not None and p_position(*args) != (want == 0):
            raise GrundyError(f"internal error: the exported rule for the P-positions is wrong at {args} "
                              f"(G = {want}); please report it")


def _table_and_patterns(game: Game, upto: int | None) -> tuple[str, Any, list[Any], Any]:
    from grundy.cli.table import heap_patterns, pair_patterns

    if isinstance(game, HeapGame):
        from grundy.sequences.analysis import analyze

        result = analyze(game, HEAP_UPTO if upto is None else upto)
        return "heap", result.first(result.upto + 1), heap_patterns(result), result.periodicity
    grid = game.table_2d(PAIR_UPTO if upto is None else upto)
    if grid is None:
        raise NotSupportedError(f"export needs a heap game or a game on pairs of numbers, not {game.spec}")
    if not grid or not grid[0]:
        raise InvalidInputError("--upto must leave at least one position")
    return "pair", grid, pair_patterns(grid, game), None
