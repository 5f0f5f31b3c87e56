"""``grundy export matrix``: a self-contained program (C++17 or Python) that reads two-player
zero-sum matrix games at run time and prints each one's value and optimal mixed strategies.

The program carries its own solver: the simplex method on ``max Σy`` subject to ``By ≤ 1``,
``y ≥ 0``, where ``B`` is the payoff matrix made positive (Python: shifted, exact integers with
fraction-free pivoting, :mod:`grundy.export.matrix_py`; C++: scaled into ``[1, 2]``, ``long
double``, :mod:`grundy.export.matrix_cpp`); Dantzig's rule, Bland's rule after a degenerate pivot,
so it cannot cycle. Every answer satisfies von Neumann's certificate ``min_j (pA)_j = v =
max_i (Aq)_i`` (Python exactly; C++ checks it in ``long double`` and prints an error line where it
fails).

Input layouts (:data:`LAYOUTS`): a game is ``m n``, then ``m`` rows of ``n`` payoffs (line breaks
do not matter); ``lines`` reads games up to the end of the input (a game ``0 0`` ends it too),
``cases`` the number of games ``T`` then ``T`` games, ``counted`` one game.

Before a program is printed, its Python twin is run on :func:`samples` and compared with a
reference solver (the command line passes grundy's own, :mod:`grundy.matrix`, which this layer may
not import) by :func:`check_program`.

>>> code = matrix_program(lang="python")
>>> namespace: dict[str, object] = {"__name__": "doc"}
>>> exec(code, namespace)
>>> namespace["answer"]([[3, -1], [-2, 4]])
'1 | 3/5 2/5 | 1/2 1/2'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from grundy.errors import GrundyError, InvalidInputError

LAYOUTS = ("lines", "cases", "counted")
"""What the main reads: games up to the end of the input, ``T`` games, or one game."""

BOUNDS = {"python": (1000, 10_000), "cpp": (1000, 250_000)}
"""``(MAX_SIDE, MAX_CELLS)``: the largest game a program answers (``m, n <= MAX_SIDE``,
``m * n <= MAX_CELLS``); a larger one gets an error line. See docs/matrix.md for the times."""

DIGITS = 9
"""The decimals the C++ program prints of every number."""

Reference = Callable[[list[list[Fraction]]], "Fraction | None"]
"""A solver the check compares with: a game's exact value, or ``None`` where it has none."""


def matrix_program(*, lang: str = "cpp", main: bool = False, input_format: str = "lines") -> str:
    """The program's source: ``solve`` and ``answer`` (one output line per game), and with
    ``main`` a main reading ``input_format``. A layout or language it has not is refused."""
    if input_format not in LAYOUTS:
        raise InvalidInputError(f"a matrix game's program reads {', '.join(LAYOUTS)}, got {input_format!r}")
    if input_format != "lines" and not main:
        raise InvalidInputError(f"input_format={input_format!r} says what the program's main reads: "
                                f"it needs main=True")
    side, cells = BOUNDS.get(lang, (0, 0))
    if lang == "python":
        from grundy.export.matrix_py import PY_MAIN, PY_SOLVER

        body = PY_SOLVER % {"side": side, "cells": cells, "strategies": True, "decimals": None}
        body += PY_MAIN % {"layout": input_format} if main else ""
        return _comment(header("python", main, input_format), "#") + "\n\n" + body
    if lang == "cpp":
        from grundy.export.matrix_cpp import CPP_MAIN, CPP_SOLVER

        body = CPP_SOLVER % {"side": side, "cells": cells, "strategies": "true", "digits": DIGITS}
        body += CPP_MAIN % {"layout": LAYOUTS.index(input_format)} if main else ""
        return _comment(header("cpp", main, input_format), "//") + "\n" + body
    raise InvalidInputError(f"lang must be cpp or python, got {lang!r}")


def _comment(lines: list[str], mark: str) -> str:
    return "\n".join(f"{mark} {line}" for line in lines)


def describe(layout: str) -> str:
    """What the main reads, in one line.

    >>> describe("counted")
    'one game: m n, then m rows of n payoffs'
    """
    game = "m n, then m rows of n payoffs"
    return {"lines": f"games up to the end of the input (a game 0 0 ends it too), each {game}",
            "cases": f"the number of games T, then T games, each {game}",
            "counted": f"one game: {game}"}[layout]


_PIVOTS = ("Pivots by Dantzig's rule, and by Bland's rule after a degenerate pivot until the objective "
           "grows: no basis repeats, so it ends")
_WORDS = {
    "python": {
        "theorem": "Every answer satisfies it exactly (Fractions).",
        "method": "shifted to be >= 1 (so the origin is feasible and the value of B positive): q = y / "
                  "sum(y), p from the dual (the slacks' reduced costs), v = 1 / sum(y) with the shift and "
                  "scale undone. " + _PIVOTS + ".",
        "arithmetic": "arithmetic: exact. Payoffs are scaled to integers and pivoted fraction-free (every "
                      "entry is a subdeterminant of the integer tableau, so its size is bounded by "
                      "Hadamard's bound); numbers are printed as exact fractions (DECIMALS = d rounds them "
                      "to d places)."},
    "cpp": {
        "theorem": "Every answer is checked against it: the printed value is the midpoint of min_j (pA)_j "
                   "and max_i (Aq)_i, which may differ by at most TOL * max(1, max |a_ij|) (long double), "
                   "else the game gets an error line.",
        "method": "scaled into [1, 2] (so the origin is feasible and the value of B positive): q = y / "
                  "sum(y), p from the dual (the slacks' reduced costs), v from p and q on the payoffs "
                  "themselves (above). " + _PIVOTS + " (in exact arithmetic; rounded, the pivot cap below "
                  "ends it).",
        "arithmetic": f"arithmetic: long double (64-bit mantissa), not exact rationals: the exact strategies "
                      f"are ratios of subdeterminants, which overflow 128 bits already for a 10 x 10 game "
                      f"with payoffs near 10^9. The final basis' primal and dual values get two rounds of "
                      f"iterative refinement (residuals on A - min A + span, exact for integer payoffs); "
                      f"where the certificate still fails, the other player's program (-A transposed) is "
                      f"tried, then the game gets an error line (ill-conditioned games, e.g. payoffs 0 and "
                      f"1 next to +-10^9). Numbers are printed with DIGITS = {DIGITS} decimals."},
}
"""The header's words that differ between the languages."""


def header(lang: str, main: bool, layout: str) -> list[str]:
    """The header comment's lines (without the comment marks)."""
    side, cells = BOUNDS[lang]
    lines = [
        "matrix: the value and optimal mixed strategies of two-player zero-sum matrix games read at run "
        "time (the row player picks row i, the column player column j, and the column player pays a_ij "
        "to the row player, who maximises).",
        "theorem: von Neumann's minimax theorem (1928): there are a value v and mixed strategies p (rows), "
        "q (columns) with min_j (pA)_j = v = max_i (Aq)_i; this certificate proves both optimal. "
        + _WORDS[lang]["theorem"],
        "method: the simplex method on max y_1 + ... + y_n subject to B y <= 1, y >= 0, with B the payoffs "
        + _WORDS[lang]["method"],
        _WORDS[lang]["arithmetic"],
        f"cost: a game with more rows than columns is solved as -A transposed, so the tableau has k + 1 "
        f"rows, k = min(m, n); a pivot takes (k + 1)(m + n + 1) operations; the number of pivots is usually "
        f"a small multiple of m + n (exponential in the worst case, as for every known pivoting rule); a "
        f"game that needs more than pivot_cap(m, n) = 100 (m + n) + 1000 pivots gets an error line. Bounds: "
        f"m, n <= MAX_SIDE = {side:,}, m * n <= MAX_CELLS = {cells:,}; a larger game gets an error line. "
        f"Memory: (k + 1)(m + n + 1) numbers besides the payoffs, no recursion.",
    ]
    if main:
        lines.append(
            f"input ({layout}): {describe(layout)}; a payoff is an integer, a decimal (-2.5) or a fraction "
            f"(3/4). Output: one line per game 'VALUE | p_1 ... p_m | q_1 ... q_n' (STRATEGIES = "
            f"{'False' if lang == 'python' else 'false'}: VALUE alone). A word that cannot be read or the "
            f"input ending inside a game stops the program with one line 'error: ...' on stderr (the games "
            f"before it answered); a game it cannot answer gets its own line 'error: ...' (exit status 1).")
    twin = "this program" if lang == "python" else "the Python twin of this program (the same simplex, exact)"
    lines.append(f"checked: before it was printed, {twin} was run on {len(samples())} games (saddle points, "
                 f"dominated rows, 1 x n, m x 1, equal, fractional and large payoffs, random ones), each "
                 f"value equal to grundy's solver's and each certificate verified exactly.")
    lines.append("Generated by grundy export matrix; " + ("needs only Python 3.8+." if lang == "python"
                                                          else "C++17, nothing beyond the standard library."))
    return lines


def samples() -> list[list[list[Fraction]]]:
    """The games the check runs: degenerate ones, then seeded random ones."""
    fixed: list[list[list[int | Fraction]]] = [
        [[3, -1], [-2, 4]], [[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[5]], [[1, 2, 3]], [[1], [-2], [3]],
        [[7, 7], [7, 7]], [[0, 1], [0, -1]], [[2, 3], [1, 4]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        [[10**12, -10**12], [-10**12, 10**12 + 1]],
        [[Fraction(1, 2), -1], [Fraction(-1, 4), Fraction(3, 4)], [-1, 0]],
        [[-3, -3, -3], [-3, -3, -3]], [[4, 0, 2], [0, 4, 2], [1, 1, 1], [-1, 5, 0]]]
    rng = random.Random(2024)
    games = [[[Fraction(a) for a in row] for row in game] for game in fixed]
    for k in range(30):
        m, n = rng.randint(1, 6), rng.randint(1, 6)
        top = [1, 3, 9, 1000][k % 4]
        games.append([[Fraction(rng.randint(-top, top)) for _ in range(n)] for _ in range(m)])
    return games


def check_program(code: str, reference: Reference) -> None:
    """Run the Python program ``code`` on :func:`samples`: each value must be ``reference``'s
    (where it has one) and each certificate hold exactly; else an internal error."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    for game in samples():
        value, p, q = namespace["solve"](game)
        want = reference(game)
        lower = min(sum(p[i] * game[i][j] for i in range(len(game))) for j in range(len(game[0])))
        upper = max(sum(a * x for a, x in zip(row, q, strict=True)) for row in game)
        fair = min(p) >= 0 <= min(q) and sum(p) == 1 == sum(q) and lower == value == upper
        if not fair or (want is not None and value != want):
            shown = [[str(a) for a in row] for row in game]
            raise GrundyError(f"internal error: the exported matrix program gives the value {value} for "
                              f"{shown}, grundy's solver {want} (certificate {lower} .. {upper}); please "
                              f"report it")
