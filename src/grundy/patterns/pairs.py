"""Patterns in a grid ``G(a, b)`` of a game played on pairs: formulas for the values, and P-position
rules (symmetric, Wythoff-like pairs ``(x_k, y_k)``, thresholds ``b < c·a`` and
``max(a, b) < c·min(a, b)``, periodic in ``a`` and ``b``), and bit functions of both coordinates
(:mod:`grundy.patterns.pair_families`).

Nothing here knows the game, so every pattern is a conjecture, checked on the whole grid, unless
it is exactly a formula the game declares proved (``theorems``, see
:func:`grundy.patterns.proof.game_theorems`).

>>> find_pair_patterns([[0, 1], [1, 0]])  # too small to say anything
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError
from grundy.model.laws import Describes, Status, Theorem
from grundy.patterns.formulas import agrees
from grundy.patterns.pair_families import bit_formula, nim_product, ratio_rules
from grundy.patterns.proof import declared_proof
from grundy.patterns.recognise import beatty, quadratic_candidates, simplest_rational
from grundy.patterns.record import (
    MAX_SIZE,
    PAIR_PREFIX,
    SEARCH_STEPS,
    Pattern,
    cost,
    fits,
    too_long,
    zero_tests,
)
from grundy.patterns.synthesis import shortest_formula

if TYPE_CHECKING:
    import numpy as np


def _grid(grid: Sequence[Sequence[int]]) -> list[list[int]]:
    try:
        rows = [[int(v) for v in row] for row in grid]
    except (TypeError, ValueError):
        raise InvalidInputError("a grid of Grundy values must be a list of rows of integers") from None
    if rows and any(len(row) != len(rows[0]) for row in rows):
        lengths = sorted({len(r) for r in rows})
        raise InvalidInputError(f"the rows of a grid must have equal lengths, got lengths {lengths}")
    if any(v < 0 for row in rows for v in row):
        raise InvalidInputError("Grundy values are non-negative")
    return rows


def _env(rows: int, cols: int) -> dict[str, np.ndarray]:
    import numpy as np

    return {"a": np.repeat(np.arange(rows, dtype=np.int64), cols),
            "b": np.tile(np.arange(cols, dtype=np.int64), rows)}


class _Grid:
    def __init__(self, rows: list[list[int]], theorems: Sequence[Theorem] = ()) -> None:
        self.rows = rows
        self.theorems = theorems
        self.r, self.c = len(rows), len(rows[0]) if rows else 0
        self.flat = [v for row in rows for v in row]
        self.last = min(self.r, self.c) - 1
        self.text_len = len(", ".join(map(str, self.flat)))
        self.p = [[v == 0 for v in row] for row in rows]

    def holds(self, formula: str, *, boolean: bool) -> bool:
        if not fits(formula):
            return False  # too long for the grammar: not a pattern

        def expected(i: int, v: int) -> bool:
            return bool(v) == (self.flat[i] == 0) if boolean else v == self.flat[i]

        return agrees(formula, expected, _env(self.r, self.c), self.r * self.c)

    def conjecture(self, describes: Describes, text: str, formula: str | None) -> Pattern:
        if formula is not None and too_long(formula, self.text_len, self.r * self.c):
            formula = None
        theorem = declared_proof(describes, formula, self.theorems)
        if theorem is not None:
            return Pattern.stated(describes, text, f"proved: {theorem}", formula, Status.PROVED, self.last,
                                  theorem)
        where = f"conjecture, checked for a <= {self.r - 1}, b <= {self.c - 1}"
        return Pattern.stated(describes, text, where, formula, Status.CONJECTURE, self.last)


def _search(g: _Grid, *, boolean: bool, steps: int) -> str | None:
    import numpy as np

    m_r, m_c = min(g.r, PAIR_PREFIX), min(g.c, PAIR_PREFIX)
    prefix = [g.rows[a][b] for a in range(m_r) for b in range(m_c)]
    target = np.array([v == 0 for v in prefix] if boolean else prefix, dtype=np.int64)

    def expected(i: int, v: int) -> bool:
        return bool(v) == (g.flat[i] == 0) if boolean else v == g.flat[i]

    return shortest_formula(_env(m_r, m_c), expected, target, total=g.r * g.c, full_env=_env(g.r, g.c),
                            boolean=boolean, max_size=MAX_SIZE, steps=steps,
                            reject=lambda f: too_long(f, g.text_len, g.r * g.c))


def _symmetric(g: _Grid) -> Pattern | None:
    if g.r >= 3 and g.c >= 3 and g.holds("a == b", boolean=True):
        return g.conjecture(Describes.P_POSITIONS, "P iff a == b", "a == b")
    return None


def _pairs(g: _Grid) -> Pattern | None:
    """P-positions ``(x_k, x_k + c·k)`` and their mirror images, ``x_k`` Beatty or the least unused."""
    s = min(g.r, g.c)
    ps = [(a, b) for a in range(s) for b in range(s) if g.p[a][b]]
    if any(not g.p[b][a] for a, b in ps):
        return None
    pairs = sorted((a, b) for a, b in ps if a <= b)
    used = [x for pair in pairs for x in pair]
    if len(pairs) < 5 or pairs[0] != (0, 0) or len(set(used)) != len(used) - 1:
        return None
    xs = [a for a, _ in pairs]
    c = pairs[1][1] - pairs[1][0]
    if c < 1 or any(y - x != c * k for k, (x, y) in enumerate(pairs)):
        return None
    step = "k" if c == 1 else f"{c}·k"
    alpha = beatty(xs, start=0)
    k = len(pairs)
    if alpha is not None and alpha.floor_mul(k) + c * k >= s:
        diff = "abs(a - b)" if c == 1 else f"abs(a - b) // {c}"
        formula = f"min(a, b) == {alpha.floor_formula(diff)}"
        if c > 1:
            formula = f"abs(a - b) % {c} == 0 and {formula}"
        text = (f"the P-positions are (x_k, y_k) and (y_k, x_k) with x_k = ⌊k·{alpha.factor()}⌋, "
                f"y_k = x_k + {step}" + (f", {alpha.name()} = {alpha}" if alpha.name() != str(alpha) else ""))
        if g.holds(formula, boolean=True):
            return g.conjecture(Describes.P_POSITIONS, text, formula)
    seen: set[int] = set()
    for x, y in pairs:  # x_k = the least number in no earlier pair
        least = next(i for i in range(s + 1) if i not in seen)
        if x != least:
            return None
        seen.update((x, y))
    text = (f"the P-positions are (x_k, y_k) and (y_k, x_k) with y_k - x_k = {step}, x_k the least "
            f"number in no earlier pair")
    return g.conjecture(Describes.P_POSITIONS, text, None)


def _threshold(g: _Grid, transpose: bool) -> Pattern | None:
    """P iff ``b < α·a`` (or ``<=``; or with ``a`` and ``b`` swapped)."""
    rows = g.r if not transpose else g.c
    cols = g.c if not transpose else g.r

    def p(i: int, j: int) -> bool:
        return g.p[j][i] if transpose else g.p[i][j]

    counts = []
    for i in range(rows):
        t = sum(p(i, j) for j in range(cols))
        if any(not p(i, j) for j in range(t)):
            return None
        counts.append(t)
    if counts[0] not in (0, 1) or sum(0 < t < cols for t in counts) < 4:
        return None
    strict = counts[0] == 0
    lo, hi = Fraction(0), Fraction(cols)
    for i, t in enumerate(counts[1:], start=1):
        if t >= cols:
            lo = max(lo, Fraction(cols - 1, i))  # every b in the row is below the bound
            continue
        # strict: t = ceil(α·i) (t-1 < α·i <= t); inclusive: t = floor(α·i) + 1 (t-1 <= α·i < t)
        lo, hi = max(lo, Fraction(t - 1, i)), min(hi, Fraction(t, i))
    if lo > hi:
        return None
    x, y = ("b", "a") if transpose else ("a", "b")
    rel = "<" if strict else "<="
    rational: list[tuple[str, str, str]] = []
    q = simplest_rational(lo, hi)
    if q == 0 and not strict:
        rational.append((f"{y} == 0", f"{y} = 0", ""))  # (not "b <= 0·a")
    elif q.denominator < 50:
        lhs = y if q.denominator == 1 else f"{q.denominator} * {y}"
        rhs = x if q.numerator == 1 else f"{q.numerator} * {x}"
        rational.append((f"{lhs} {rel} {rhs}", f"{y} {rel} {q}·{x}", ""))
    irrational: list[tuple[str, str, str]] = []
    for alpha in quadratic_candidates(lo, hi):
        bound = alpha.floor_formula(x)
        formula = f"{x} > 0 and {y} <= {bound}" if strict else f"{y} <= {bound}"
        irrational.append((formula, f"{y} {rel} {alpha.factor()}·{x}",
                           f", {alpha.name()} = {alpha}" if alpha.name() != str(alpha) else ""))
    # a small denominator first; a quadratic irrational before a large one (13/8 is φ seen from afar)
    options = rational + irrational if q.denominator <= 3 else irrational + rational
    for formula, rule, note in options:
        if g.holds(formula, boolean=True):
            return g.conjecture(Describes.P_POSITIONS, f"P iff {rule}{note}", formula)
    return None


def _ratio(g: _Grid) -> Pattern | None:
    """P iff ``max(a, b) < c·min(a, b)`` (:func:`grundy.patterns.pair_families.ratio_rules`)."""
    for formula, text in ratio_rules(g.p):
        if g.holds(formula, boolean=True):
            return g.conjecture(Describes.P_POSITIONS, f"P iff {text}", formula)
    return None


def _bits(g: _Grid) -> str | None:
    """``F(S(a) op T(b)) + c`` (:func:`grundy.patterns.pair_families.bit_formula`) on the grid."""
    import numpy as np

    env = _env(g.r, g.c)
    found = bit_formula(np.array(g.flat, dtype=np.int64), env["a"], env["b"])
    return found if found is not None and g.holds(found, boolean=False) else None


def _nim(g: _Grid, steps: int) -> str | None:
    """``nimmul(F(a), H(b))`` (:func:`grundy.patterns.pair_families.nim_product`) on the grid."""
    import numpy as np

    def one_variable(name: str, values: list[int]) -> str | None:
        if values == list(range(len(values))):
            return name
        count = len(values)
        env = {name: np.arange(count, dtype=np.int64)}
        return shortest_formula(env, lambda i, v: v == values[i], np.array(values, dtype=np.int64),
                                total=count, max_size=MAX_SIZE - 2, steps=steps)

    found = nim_product(g.rows, one_variable)
    return found if found is not None and g.holds(found, boolean=False) else None


def _least_period(items: list[list[bool]]) -> int | None:
    n = len(items)
    for p in range(1, n // 3 + 1):
        if all(items[i] == items[i + p] for i in range(n - p)):
            return p
    return None


def _periodic(g: _Grid) -> Pattern | None:
    pa = _least_period(g.p)
    pb = _least_period([list(col) for col in zip(*g.p, strict=True)])
    if pa is None or pb is None:
        return None
    cells = [(x, y) for x in range(pa) for y in range(pb) if g.p[x][y]]
    if not cells or len(cells) == pa * pb:
        return None
    if pa == pb and cells == [(i, i) for i in range(pa)]:
        formula, text = f"a % {pa} == b % {pb}", f"P iff a % {pa} == b % {pb}"
    elif len(cells) == 1:
        x, y = cells[0]
        tests = [f"a % {pa} == {x}"] * (pa > 1) + [f"b % {pb} == {y}"] * (pb > 1)  # (x % 1 is 0)
        formula = " and ".join(tests)
        text = f"P iff {formula}"
    else:
        codes = "{" + ", ".join(str(x * pb + y) for x, y in cells) + "}"
        formula = f"(a % {pa}) * {pb} + b % {pb} in {codes}"
        text = "P iff (a % {}, b % {}) in {{{}}}".format(pa, pb, ", ".join(f"({x}, {y})" for x, y in cells))
    if not g.holds(formula, boolean=True):
        return None
    return g.conjecture(Describes.P_POSITIONS, text, formula)


def _derived(g: _Grid, values: str | None) -> Pattern | None:
    if values is None:
        return None
    options = zero_tests(values)
    for formula in options:
        if g.holds(formula, boolean=True):
            return g.conjecture(Describes.P_POSITIONS, f"P iff {formula}", formula)
    return None


def find_pair_patterns(grid: Sequence[Sequence[int]], *, max_patterns: int = 5,
                       steps: int = SEARCH_STEPS, theorems: Sequence[Theorem] = ()) -> list[Pattern]:
    """The patterns of a grid ``grid[a][b] = G(a, b)`` (``0 <= a, b <= N``), simplest first.

    ``theorems``: what the game declares proved (:func:`grundy.patterns.proof.game_theorems`); a
    pattern that states one of them exactly is labelled proved, every other one is a conjecture.

    >>> [p.formula for p in find_pair_patterns([[(a + b) % 3 for b in range(12)] for a in range(12)])]
    ['(a + b) % 3', '(a % 3) * 3 + b % 3 in {0, 5, 7}']
    """
    g = _Grid(_grid(grid), theorems)
    if g.r < 3 or g.c < 3:
        return []
    out: list[Pattern] = []
    values = _bits(g)
    if values is None:
        values = _nim(g, steps // 8)
    if values is None:
        values = _search(g, boolean=False, steps=steps)
    if values is not None:
        out.append(g.conjecture(Describes.VALUES, f"G(a, b) = {values}", values))
    finders: list[Callable[[], Pattern | None]] = [
        lambda: _symmetric(g), lambda: _periodic(g), lambda: _pairs(g),
        lambda: _threshold(g, False), lambda: _threshold(g, True), lambda: _ratio(g)]
    for finder in finders:
        found = finder()
        if found is not None:
            out.append(found)
            break
    if not any(p.describes == Describes.P_POSITIONS for p in out) and any(v == 0 for v in g.flat):
        derived = _derived(g, values)
        if derived is None:
            formula = _search(g, boolean=True, steps=steps // 2)
            derived = (None if formula is None
                       else g.conjecture(Describes.P_POSITIONS, f"P iff {formula}", formula))
        if derived is not None:
            out.append(derived)
    return sorted((p for p in out if fits(p.formula)), key=cost)[:max_patterns]


def find_domain_families(grid: Sequence[Sequence[int | None]], a0: int, b0: int) -> list[Pattern]:
    """The bit functions and ratio thresholds of a grid whose cells before ``(a0, b0)`` are outside
    a game's domain (``None``), looked for over ``a`` and ``b`` themselves: shifting the
    coordinates to start at 0, as the general search does, hides them (``max(a, b) < φ·min(a, b)``
    is no threshold of ``a - 1`` and ``b - 1``). Each is checked on every cell of the domain and is
    a conjecture.

    >>> phi = [[None if min(a, b) < 1 else int(max(a, b) ** 2 - a * b - min(a, b) ** 2 >= 0)
    ...         for b in range(30)] for a in range(30)]
    >>> [p.text for p in find_domain_families(phi, 1, 1)]
    ['P iff max(a, b) < φ·min(a, b), φ = (1 + √5)/2 (conjecture, checked for 1 <= a <= 29, 1 <= b <= 29)']
    """
    import numpy as np

    cells = [(a, b, v) for a, row in enumerate(grid) for b, v in enumerate(row)
             if a >= a0 and b >= b0 and v is not None]
    if len(cells) < 9:
        return []
    upto = len(grid) - 1
    where = (f"conjecture, checked for {a0} <= a <= {upto}, {b0} <= b <= {upto}"
             if len(cells) == (upto + 1 - a0) * (len(grid[0]) - b0)
             else f"conjecture, checked on the positions with a, b <= {upto}")
    a, b, v = (np.array(column, dtype=np.int64) for column in zip(*cells, strict=True))
    env = {"a": a, "b": b}

    def holds(formula: str, *, boolean: bool) -> bool:
        def expected(i: int, got: int) -> bool:
            return bool(got) == (int(v[i]) == 0) if boolean else got == int(v[i])

        return fits(formula) and agrees(formula, expected, env, len(cells))

    out: list[Pattern] = []
    values = bit_formula(v, a, b)
    if values is not None and holds(values, boolean=False):
        out.append(Pattern.stated(Describes.VALUES, f"G(a, b) = {values}", where, values, Status.CONJECTURE,
                                  upto))
    p = [[None if x < a0 or y < b0 or cell is None else cell == 0 for y, cell in enumerate(row)]
         for x, row in enumerate(grid)]
    for formula, text in ratio_rules(p):
        if holds(formula, boolean=True):
            out.append(Pattern.stated(Describes.P_POSITIONS, f"P iff {text}", where, formula,
                                      Status.CONJECTURE, upto))
            break
    return out
