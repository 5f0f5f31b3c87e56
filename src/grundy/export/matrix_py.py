"""The Python program of ``grundy export matrix`` (:mod:`grundy.export.matrix`): an exact simplex
method over the integers (fraction-free pivoting), read by the main of the chosen input layout.

>>> namespace: dict[str, object] = {"__name__": "doc"}
>>> exec(PY_SOLVER % {"side": 60, "cells": 2500, "strategies": True, "decimals": None}, namespace)
>>> [str(x) for x in namespace["solve"]([[3, -1], [-2, 4]])[0:1]]
['1']
"""

from __future__ import annotations

PY_SOLVER = '''import sys
from fractions import Fraction

MAX_SIDE = %(side)d  # m, n <= MAX_SIDE and m * n <= MAX_CELLS, else an error line for that case
MAX_CELLS = %(cells)d
STRATEGIES = %(strategies)r  # False: print the value alone
DECIMALS = %(decimals)r  # None: exact fractions (1/3); an integer d: every number rounded to d decimals


def pivot_cap(m, n):
    """The most pivots a game may take (it gets an error line beyond: never reached in practice)."""
    return 100 * (m + n) + 1000


def solve(rows):
    """The value and optimal strategies (v, p, q) of the game ``rows`` (payoffs to the row
    player, who maximises), exact Fractions: min_j (pA)_j = v = max_i (Aq)_i. A game with more
    rows than columns is solved as the column player's game, -A transposed (value -v, strategies
    q, p): the tableau has min(m, n) + 1 rows."""
    if len(rows) <= len(rows[0]):
        return _solve(rows)
    value, q, p = _solve([[-Fraction(row[j]) for row in rows] for j in range(len(rows[0]))])
    return -value, p, q


def _solve(rows):
    m, n = len(rows), len(rows[0])
    scale = 1
    for row in rows:
        for a in row:
            den = Fraction(a).denominator
            scale = scale * den // _gcd(scale, den)
    ints = [[int(Fraction(a) * scale) for a in row] for row in rows]
    shift = 1 - min(min(row) for row in ints)  # B = A + shift >= 1: the value of B is positive
    # maximise y_1 + ... + y_n subject to B y <= 1, y >= 0 (slacks s_1..s_m, right-hand side last);
    # every entry is an integer over the common denominator d (the last pivot): fraction-free
    table = [[a + shift for a in ints[i]] + [int(k == i) for k in range(m)] + [1] for i in range(m)]
    table.append([-1] * n + [0] * (m + 1))
    basis, d, bland = list(range(n, n + m)), 1, False
    for _ in range(pivot_cap(m, n)):
        c = _entering(table[m], n + m, bland)
        if c < 0:
            break
        r = _leaving(table, basis, c)
        pivot, prow = table[r][c], table[r]
        bland = prow[-1] == 0  # a degenerate pivot: Bland's rule until the objective grows again
        for i in range(m + 1):
            if i != r:
                f = table[i][c]
                table[i] = [(a * pivot - f * b) // d for a, b in zip(table[i], prow)]
        d, basis[r] = pivot, c
    else:
        raise ArithmeticError(f"no answer within {pivot_cap(m, n)} pivots")
    total = table[m][-1]  # y_1 + ... + y_n = total / d = 1 / (the value of B)
    q = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            q[b] = Fraction(table[i][-1], total)
    p = [Fraction(table[m][n + i], total) for i in range(m)]  # the dual: the slacks' reduced costs
    return (Fraction(d, total) - shift) / scale, p, q


def _gcd(a, b):
    while b:
        a, b = b, a %% b
    return a


def _entering(costs, width, bland):
    """The entering column: the most negative reduced cost (Dantzig), or with ``bland`` the first
    negative one (Bland's rule); -1 when none is negative (optimal)."""
    best = -1
    for j in range(width):
        if costs[j] < 0:
            if bland:
                return j
            if best < 0 or costs[j] < costs[best]:
                best = j
    return best


def _leaving(table, basis, c):
    """The leaving row: the least ratio rhs / entry over the positive entries of column c, ties
    to the smallest basic variable (Bland's rule). Every entry of B is >= 1, so one exists."""
    best = -1
    for i in range(len(basis)):
        a = table[i][c]
        if a > 0:
            if best < 0:
                best = i
                continue
            left, right = table[i][-1] * table[best][c], table[best][-1] * a
            if left < right or (left == right and basis[i] < basis[best]):
                best = i
    return best


def _text(x):
    """A number as printed: exact (1/3), or rounded to DECIMALS places, half away from zero."""
    if DECIMALS is None:
        return str(x)
    k = int(abs(x) * 10 ** DECIMALS + Fraction(1, 2))
    digits = str(k).rjust(DECIMALS + 1, "0")
    sign = "-" if x < 0 and k else ""
    return sign + (digits[:-DECIMALS] + "." + digits[-DECIMALS:] if DECIMALS else digits)


def _beyond(m, n):
    return f"a {m} x {n} game is beyond this program's bound (m, n <= {MAX_SIDE}, m * n <= {MAX_CELLS})"


def answer(rows):
    """One output line: the value, then (with STRATEGIES) p and q, each after a bar."""
    m, n = len(rows), len(rows[0])
    if m > MAX_SIDE or n > MAX_SIDE or m * n > MAX_CELLS:
        raise ValueError(_beyond(m, n))
    value, p, q = solve(rows)
    if not STRATEGIES:
        return _text(value)
    return " | ".join([_text(value), " ".join(map(_text, p)), " ".join(map(_text, q))])
'''
"""The solver, its bounds and the line printed per game (``%`` fills the bounds and options)."""

PY_MAIN = '''

LAYOUT = %(layout)r


def _payoff(word):
    """An integer, a decimal (-2.5) or a fraction (3/4), exactly."""
    body = word[1:] if word[:1] in "+-" else word
    top, _, bottom = body.partition("/")
    whole, _, part = top.partition(".")
    ok = (whole.isdigit() and (part.isdigit() or "." not in top) and (bottom.isdigit() or "/" not in body)
          and body.isascii() and not ("." in top and "/" in body))
    if not ok or (bottom and int(bottom) == 0):
        raise ValueError(f"not a payoff (an integer, a decimal or a fraction p/q): {word}")
    return Fraction(word)


def _size(word):
    if not (word.isascii() and word.isdigit()) or int(word) == 0:
        raise ValueError(f"not a positive integer: {word}")
    return int(word)


def main():
    words = sys.stdin.read().split()
    at, failed = 0, False
    cases = None
    try:
        if LAYOUT == "cases":
            if not words:
                raise ValueError("the input is empty: the number of cases T comes first")
            if not (words[0].isascii() and words[0].isdigit()):
                raise ValueError(f"not a number of cases: {words[0]}")
            cases, at = int(words[0]), 1
        elif LAYOUT == "counted":
            cases = 1
        done = 0
        while (done < cases) if cases is not None else at < len(words):
            if at + 2 > len(words):
                raise ValueError("the input ended inside a case")
            if LAYOUT == "lines" and words[at] == words[at + 1] == "0":
                at = len(words)  # (a case 0 0 ends the input)
                break
            m, n = _size(words[at]), _size(words[at + 1])
            at += 2
            if at + m * n > len(words):
                raise ValueError("the input ended inside a case")
            cells = words[at:at + m * n]
            at += m * n
            if m > MAX_SIDE or n > MAX_SIDE or m * n > MAX_CELLS:
                text = f"error: {_beyond(m, n)}"
            else:
                text = _line([[_payoff(w) for w in cells[i * n:(i + 1) * n]] for i in range(m)])
            failed = failed or text.startswith("error")
            print(text)
            done += 1
        if at < len(words):
            raise ValueError("more words after the last case")
    except ValueError as exc:
        sys.stdout.flush()
        sys.exit(f"error: {exc}")
    sys.exit(1 if failed else 0)


def _line(rows):
    try:
        return answer(rows)
    except ArithmeticError as exc:
        return f"error: {exc}"


if __name__ == "__main__":
    main()
'''
"""The main: read the games of the chosen layout and print one line per game."""
