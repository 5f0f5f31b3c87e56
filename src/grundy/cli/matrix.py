"""Two-player zero-sum matrix game: value and optimal mixed strategies, exact for rational payoffs.

Payoffs (to the row player, who maximises): integers, fractions (3/5) or decimals (0.25) give an
exact, verified answer. Pure saddle points and strictly dominated rows and columns are found
first. The solver (numpy, scipy, python-flint) is imported only when the command runs.

>>> read_matrix_text(None, "3,-1;-2,4")
'3,-1;-2,4'
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from grundy.cli.common import emit, print_json
from grundy.errors import InvalidInputError

if TYPE_CHECKING:
    from fractions import Fraction

    from grundy.matrix.lp import MatrixSolution

MAX_INPUT_BYTES = 64 * 1024 * 1024
SHOWN = 50

EPILOG = """examples:
  grundy matrix --matrix '3,-1;-2,4'
  grundy matrix payoffs.csv --json
  cat payoffs.csv | grundy matrix -

JSON keys: value, row_strategy, col_strategy (strings like "3/5"), exact, saddle_point
([row, column], 0-based, or null), removed_rows, removed_cols, unique.
"""


def read_matrix_text(file: str | None, matrix: str | None) -> str:
    """The matrix text from exactly one of a file path (``-`` = stdin) or ``--matrix``."""
    if (file is None) == (matrix is None):
        raise InvalidInputError("give exactly one matrix: a CSV file, '-' for stdin, or --matrix '3,-1;-2,4'")
    if matrix is not None:
        return matrix
    from grundy.model.textio import read_text_file

    assert file is not None
    return read_text_file(file, what="matrix file", max_bytes=MAX_INPUT_BYTES)


def _num(x: Fraction | float, exact: bool) -> str:
    if exact:
        text = str(x)
        if "/" not in text:
            return text
        return f"{text} ({float(x):.6g})" if len(text) <= 40 else f"≈ {float(x):.10g}  = {text}"
    return f"{float(x):.10g}"


def _strategy_lines(label: str, strategy: tuple[Fraction | float, ...], exact: bool) -> list[str]:
    support = [(k, x) for k, x in enumerate(strategy) if x > 0]
    lines = [f"  {label} (support {len(support)} of {len(strategy)}):"]
    lines += [f"    {k + 1}: {_num(x, exact)}" for k, x in support[:SHOWN]]
    if len(support) > SHOWN:
        lines.append(f"    … and {len(support) - SHOWN} more (--json lists all)")
    return lines


def _index_list(kind: str, items: tuple[int, ...]) -> str:
    shown = ", ".join(str(k + 1) for k in items[:SHOWN])
    return f"{kind} {shown}" + (" …" if len(items) > SHOWN else "")


def _uniqueness_text(sol: MatrixSolution) -> str:
    if sol.unique:
        return "yes: both optimal strategies are unique"
    if sol.unique is None:
        return "not decided" + ("" if sol.exact else " (floating-point answer)")
    who = [name for name, u in (("row", sol.unique_row), ("column", sol.unique_col)) if u is False]
    return f"no: the {' and '.join(who)} player has other optimal strategies (one is shown)"


def print_solution(sol: MatrixSolution, shape: tuple[int, int]) -> None:
    """Print a solution as text (1-based row and column numbers)."""
    v = sol.value
    lines = [f"matrix game {shape[0]}×{shape[1]}  (payoffs to the row player, who maximises)",
             f"  value:    {_num(v, sol.exact)}"]
    lines += _strategy_lines("row strategy", sol.row_strategy, sol.exact)
    lines += _strategy_lines("column strategy", sol.col_strategy, sol.exact)
    if sol.saddle_point is not None:
        i, j = sol.saddle_point
        lines.append(f"  saddle point: row {i + 1}, column {j + 1} (pure strategies)")
    removed = [_index_list(k, r) for k, r in (("rows", sol.removed_rows), ("columns", sol.removed_cols)) if r]
    if removed:
        lines.append(f"  strictly dominated, removed: {'; '.join(removed)}")
    cert = sol.certificate
    if sol.exact:
        lines.append(f"  exact:    yes, verified: the row strategy earns ≥ {cert.lower} against every column "
                     f"and the column strategy concedes ≤ {cert.upper} against every row")
    else:
        lines.append(f"  exact:    no (floating point); the row strategy earns ≥ {float(cert.lower):.12g}, "
                     f"the column strategy concedes ≤ {float(cert.upper):.12g}")
    lines.append(f"  unique:   {_uniqueness_text(sol)}")
    lines.append(f"  method:   {sol.method}")
    if sol.note:
        lines.append(f"  note:     {sol.note}")
    for line in lines:
        emit(line)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy matrix``."""
    parser.add_argument("file", nargs="?",
                        help="CSV file of payoffs to the row player, one row per line; '-' reads stdin")
    parser.add_argument("--matrix", "-m", help="the matrix inline: rows separated by ';', cells by ','")
    parser.add_argument("--float", dest="floating", action="store_true",
                        help="floating point only (skip the exact rational solution)")
    parser.add_argument("--no-reduce", action="store_true",
                        help="do not remove strictly dominated rows and columns")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def run(args: argparse.Namespace) -> int:
    """Solve the game and print the solution."""
    from grundy.matrix.lp import parse_matrix_text, solve_matrix_game

    rows = parse_matrix_text(read_matrix_text(args.file, args.matrix), inline=args.matrix is not None)
    sol = solve_matrix_game(rows, exact=False if args.floating else None, reduce=not args.no_reduce)
    if args.json:
        print_json(sol.to_json())
    else:
        print_solution(sol, (len(rows), len(rows[0])))
    return 0
