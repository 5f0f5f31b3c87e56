"""Two families of pair patterns that the general formula search reaches too late:

- **bit functions of both coordinates**: ``G(a, b) = F(S(a) op T(b)) + c`` with ``F`` one of
  ``popcount``, ``ctz``, ``cto``, ``bit_length`` (or nothing), ``op`` one of ``& | ^``, ``S`` and
  ``T`` small shifts (``x``, ``x >> 1``, ``x >> 2``, ``x << 1``, ``x + 1``) and ``c`` a small
  constant, e.g. ``popcount((a >> 1) ^ b)`` or ``ctz(a | b) + 1``;
- **ratio thresholds**: ``P iff max(a, b) < c·min(a, b)`` (or ``<=``) for a rational or quadratic
  irrational ``c`` (φ, √2, 2, ...), decided with integer arithmetic only (``⌊c·y⌋`` through
  ``isqrt``), never floats.

A third, **nim products** ``G(a, b) = f(a) ⊗ g(b)`` (the Tartan theorem: the value of a coin of a
product of two coin-turning games), is recognised by :func:`nim_product` from the grid itself.

All try a fixed, finite list of candidates (a count of steps, independent of the machine's
load) and confirm each on the whole grid; what they return is a conjecture checked there.

>>> import numpy as np
>>> a, b = np.repeat(np.arange(20), 20), np.tile(np.arange(20), 20)
>>> grid = [[bin((x >> 1) ^ y).count("1") for y in range(20)] for x in range(20)]
>>> bit_formula(np.array(grid).ravel(), a, b)
'popcount((a >> 1) ^ b)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from grundy.patterns.formulas import Unsafe, vec_unary
from grundy.patterns.recognise import Quadratic, quadratic_candidates, simplest_rational

if TYPE_CHECKING:
    import numpy as np

SHIFTS = ("{}", "{} >> 1", "{} >> 2", "{} << 1", "{} + 1")
"""The small shifts of each coordinate tried (as text patterns)."""
FUNCTIONS = ("", "popcount", "ctz", "cto", "bit_length")
OPERATORS = ("^", "&", "|")
WELL_KNOWN = (Quadratic(1, 1, 5, 2), Quadratic(0, 1, 2, 1), Quadratic(0, 1, 3, 1), Quadratic(1, 1, 2, 1),
              Quadratic(3, 1, 5, 2), Quadratic(0, 1, 5, 1))
"""φ, √2, √3, 1 + √2, φ², √5: tried whenever they fit the P-positions, even on a grid too small for
their continued fractions to show."""
MAX_OFFSET = 3
"""Largest ``|c|`` in ``F(...) + c``."""


def _shifted(x: np.ndarray, how: str) -> np.ndarray:
    if how == "{}":
        return x
    if how == "{} + 1":
        return x + 1
    return x >> int(how[-1]) if ">>" in how else x << int(how[-1])


def _combine(op: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return x ^ y if op == "^" else x & y if op == "&" else x | y


def bit_formula(values: np.ndarray, a: np.ndarray, b: np.ndarray) -> str | None:
    """``F(S(a) op T(b)) + c`` equal to ``values`` at every point ``(a[i], b[i])``, the simplest
    first (fewest shifts, then the order of :data:`FUNCTIONS`), or ``None``. At most
    ``len(SHIFTS)² · len(OPERATORS) · len(FUNCTIONS)`` (375) candidates, each one array operation.
    """
    import numpy as np

    if not len(values):
        return None
    order = sorted(((sa, sb, fn) for sa in SHIFTS for sb in SHIFTS for fn in FUNCTIONS),
                   key=lambda t: ((t[0] != "{}") + (t[1] != "{}"), FUNCTIONS.index(t[2]),
                                  SHIFTS.index(t[0]), SHIFTS.index(t[1])))
    for sa, sb, fn in order:
        for op in OPERATORS:
            inner = _combine(op, _shifted(a, sa), _shifted(b, sb))
            try:
                got = vec_unary(fn, inner) if fn else inner
            except Unsafe:
                continue
            diff = values - got
            c = int(diff[0])
            if abs(c) > MAX_OFFSET or not np.array_equal(diff, np.full_like(diff, c)):
                continue
            left, right = sa.format("a"), sb.format("b")
            text = f"{_paren(left)} {op} {_paren(right)}"
            text = f"{fn}({text})" if fn else text
            if c:
                text = f"{text} {'+' if c > 0 else '-'} {abs(c)}"
            return text
    return None


def _paren(x: str) -> str:
    return x if x.isidentifier() else f"({x})"


def ratio_rules(p: Sequence[Sequence[bool | None]]) -> list[tuple[str, str]]:
    """Candidate rules ``(formula, text)`` for ``P iff max(a, b) < c·min(a, b)`` (or ``<=``) that the
    P-positions ``p[a][b]`` suggest, each to be confirmed on the grid by the caller; ``c`` is the
    simplest rational, or a quadratic irrational, between the largest ratio of a P-position and the
    smallest ratio of an N-position (``min(a, b) > 0``). A cell ``None`` (outside a game's domain)
    says nothing.

    >>> p = [[max(x, y) * max(x, y) < 2 * min(x, y) * min(x, y) for y in range(30)] for x in range(30)]
    >>> ratio_rules(p)[0][1]
    'max(a, b) < √2·min(a, b)'
    """
    size = min(len(p), len(p[0]) if p else 0)
    lo, hi = Fraction(0), None
    rows = 0
    for x in range(1, size):
        row_p = row_n = False
        for y in range(x + 1, size):  # max = y, min = x (the diagonal may be an exception)
            ratio = Fraction(y, x)
            seen = [v for v in (p[x][y], p[y][x]) if v is not None]
            if not seen:
                continue
            if seen[0] != seen[-1]:
                return []  # not symmetric
            if seen[0]:
                lo, row_p = max(lo, ratio), True
            else:
                hi, row_n = ratio if hi is None else min(hi, ratio), True
        rows += row_p and row_n
    if hi is None or lo > hi or rows < 4 or lo <= 1:
        return []
    big, small = "max(a, b)", "min(a, b)"
    rational: list[tuple[str, str, str]] = []
    q = simplest_rational(lo, hi)
    if q.denominator < 50:
        lhs = big if q.denominator == 1 else f"{q.denominator} * {big}"
        rhs = small if q.numerator == 1 else f"{q.numerator} * {small}"
        rational += [(f"{lhs} < {rhs}", f"{big} < {q}·{small}", ""),
                     (f"{lhs} <= {rhs}", f"{big} <= {q}·{small}", "")]
    irrational: list[tuple[str, str, str]] = []
    known = [a for a in WELL_KNOWN if float(lo) <= float(a) <= float(hi)]  # each confirmed by the caller
    for alpha in known + [a for a in quadratic_candidates(lo, hi) if a not in known]:
        if alpha.rational or alpha.q < 0:
            continue
        bound = alpha.floor_formula(small)  # x < α·y ⟺ x <= ⌊α·y⌋ for y > 0, α irrational
        note = f", {alpha.name()} = {alpha}" if alpha.name() != str(alpha) else ""
        irrational += [(f"{small} > 0 and {big} <= {bound}", f"{big} < {alpha.factor()}·{small}", note)]
    # a small denominator first; a quadratic irrational before a large one (17/12 is √2 seen from afar)
    out = rational + irrational if q.denominator <= 3 else irrational + rational
    variants: list[tuple[str, str]] = []
    for formula, text, note in out:
        for diagonal, also in (("", ""), ("a != b and ", " and a ≠ b")):
            variants += [(f"{diagonal}{formula}", f"{text}{also}{note}"),
                         (f"{small} == 0 or {diagonal}{formula}", f"{text}{also}, or min(a, b) = 0{note}"),
                         (f"{big} == 0 or {diagonal}{formula}", f"{text}{also}, or a = b = 0{note}")]
    return variants


def nim_product(grid: Sequence[Sequence[int]],
                one_variable: Callable[[str, list[int]], str | None]) -> str | None:
    """``nimmul(F(a), H(b))`` equal to ``grid[a][b]`` everywhere, or ``None``.

    If ``G = f ⊗ g``, then ``G(a, b) ⊗ G(i, j) = G(a, j) ⊗ G(i, b)`` for a fixed cell ``(i, j)``
    with ``G(i, j) ≠ 0``; that identity is checked on the whole grid, and then ``f(a) = G(a, j)``,
    ``g(b) = G(i, b) ⊗ G(i, j)⁻¹``. ``one_variable(name, values)`` finds a formula over ``name``
    for the values of ``f`` (or ``g``); the product of the two is confirmed by the caller.

    >>> from grundy.theory.nimber import nim_mul
    >>> nim_product([[nim_mul(a, b) for b in range(12)] for a in range(12)],
    ...             lambda name, values: name if values == list(range(len(values))) else None)
    'nimmul(a, b)'
    """
    from grundy.theory.nimber import nim_inverse, nim_mul

    rows = [list(r) for r in grid]
    if len(rows) < 3 or len(rows[0]) < 3:
        return None
    corner = next(((i, j) for i, row in enumerate(rows) for j, v in enumerate(row) if v), None)
    if corner is None:
        return None
    i, j = corner
    c = rows[i][j]
    column = [row[j] for row in rows]
    line = rows[i]
    for a, row in enumerate(rows):  # no zero divisors: a cheap look first
        if any((v == 0) != (column[a] == 0 or line[b] == 0) for b, v in enumerate(row)):
            return None
    for a, row in enumerate(rows):
        if any(nim_mul(v, c) != nim_mul(column[a], line[b]) for b, v in enumerate(row)):
            return None
    inverse = nim_inverse(c)
    f, g = column, [nim_mul(v, inverse) for v in line]
    if len(set(f)) < 3 or len(set(g)) < 3:
        return None  # a product with a constant: the general search says it better
    left, right = one_variable("a", f), one_variable("b", g)
    if left is None or right is None:
        return None
    return f"nimmul({left}, {right})"
