"""What is proved about a table: the one place that decides whether a pattern is a theorem.

A formula ``f(n)`` found in a heap game's table is **proved** when the game's period is proved
(``G(n + p) = G(n) + s`` for every ``n >= e``, by a theorem) and the formula is implied by it:

1. :func:`eventual_form` shows, by walking the formula's syntax tree, that ``f(n + m) = f(n) + d``
   for every ``n >= N0`` (a constant ``n``-free part, ``n`` itself, sums, ``% c``, ``// c``,
   ``& c``, comparisons that become constant from some ``n`` on, ``min``/``max`` where one side
   wins from some ``n`` on, bit functions of a periodic argument, ...), with the thresholds
   computed exactly from the formula's own values on one period;
2. both ``f`` and ``G`` then repeat with the common period ``M = lcm(m, p)`` from
   ``X = max(N0, e)`` on, with the same increase (``d·M/m == s·M/p``), so ``f = G`` everywhere
   once they agree on ``n < X + M``, which is checked against the values the proved period gives.

:func:`implied_by_period` returns that argument as a sentence (or ``None``); the pattern finders
(``grundy table``), the user games' answers (``grundy solve``) and the exports label a pattern
``"proved"`` exactly when it says so. A P-position rule (``P iff f(n)``) is treated the same way
with ``G(n) == 0`` for the values.

>>> from grundy.model.periodic import Periodicity
>>> octal_051 = Periodicity(1, 1, 0, True, "Guy-Smith periodicity theorem")
>>> print(implied_by_period("min(n, 1)", [0, 1, 1], octal_051))
the proved period 1 (preperiod 1, Guy-Smith periodicity theorem), which implies the formula: it \
repeats with period 1 from n = 2 and matches the values for n < 3
>>> implied_by_period("n > 0 and n < 100", [0, 1, 1], octal_051) is None  # wrong from n = 100 on
True
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grundy.errors import InvalidInputError
from grundy.model.game import Game, laws_of
from grundy.model.laws import Describes, Theorem
from grundy.model.periodic import Periodicity
from grundy.patterns.formulas import FormulaError, agrees, compiled, parse

MAX_CHECK = 1 << 17
"""Largest range ``X + M`` on which a formula is compared with the proved period (else not proved)."""


@dataclass(frozen=True)
class Form:
    """``f(n + period) = f(n) + step`` for every ``n >= start``."""

    start: int
    period: int
    step: int


class _GiveUp(Exception):
    pass


def _const(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _const(node.operand)
        return None if inner is None else -inner
    return None


def _bit_call(node: ast.expr) -> ast.expr | None:
    """The argument of ``ctz(x)`` or ``cto(x)``, else ``None``."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("ctz", "cto")
            and len(node.args) == 1):
        return node.args[0]
    return None


def _polynomial(node: ast.expr) -> bool:
    if isinstance(node, ast.Name | ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _polynomial(node.operand)
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult) and (
        _polynomial(node.left) and _polynomial(node.right))


def _align(*forms: Form) -> list[Form]:
    m = math.lcm(*(f.period for f in forms))
    if m > MAX_CHECK:
        raise _GiveUp
    start = max(f.start for f in forms)
    return [Form(start, m, f.step * (m // f.period)) for f in forms]


def _periodic(*forms: Form) -> Form:
    """Several periodic parts combined (by any operation): periodic with the common period."""
    if any(f.step for f in forms):
        raise _GiveUp
    aligned = _align(*forms)
    return Form(aligned[0].start, aligned[0].period, 0)


class _Analyser:
    def __init__(self) -> None:
        self.funcs: dict[str, Callable[[int], int]] = {}

    def value(self, node: ast.expr, n: int) -> int:
        text = ast.unparse(node)
        func = self.funcs.get(text)
        if func is None:
            compiled_func = compiled(text, ("n",))
            self.funcs[text] = func = lambda k: int(compiled_func({"n": k}))
        try:
            return func(n)
        except (FormulaError, ArithmeticError, ValueError):
            raise _GiveUp from None

    def leaves(self, node: ast.expr, form: Form, lo: int, hi: int) -> int:
        """A point from which ``node`` (with law ``form``, ``step != 0``) stays outside ``[lo, hi]``."""
        m, d = form.period, form.step
        last = form.start
        for r in range(form.start, form.start + m):
            v = self.value(node, r)
            k = max(0, (hi - v) // d + 1) if d > 0 else max(0, (v - lo) // -d + 1)
            last = max(last, r + m * k)
        return last

    def sign_from(self, left: ast.expr, right: ast.expr, fl: Form, fr: Form) -> tuple[int, int]:
        """``(N1, sign)``: ``left - right`` has the sign ``sign`` (±1) for every ``n >= N1``."""
        a, b = _align(fl, fr)
        diff = ast.BinOp(left=left, op=ast.Sub(), right=right)
        d = a.step - b.step
        assert d != 0
        return self.leaves(diff, Form(a.start, a.period, d), 0, 0), 1 if d > 0 else -1

    def form(self, node: ast.expr) -> Form:
        if _const(node) is not None or isinstance(node, ast.Constant):
            return Form(0, 1, 0)
        if isinstance(node, ast.Name):
            if node.id != "n":
                raise _GiveUp
            return Form(0, 1, 1)
        if isinstance(node, ast.UnaryOp):
            inner = self.form(node.operand)
            if isinstance(node.op, ast.USub):
                return Form(inner.start, inner.period, -inner.step)
            if isinstance(node.op, ast.UAdd):
                return inner
            return _periodic(inner)  # not, ~
        if isinstance(node, ast.BinOp):
            return self.binop(node)
        if isinstance(node, ast.BoolOp):
            return _periodic(*(self.form(v) for v in node.values))
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self.call(node.func.id, node.args)
        raise _GiveUp

    def binop(self, node: ast.BinOp) -> Form:
        op, left, right = node.op, node.left, node.right
        cl, cr = _const(left), _const(right)
        if cr is not None and cr > 0 and isinstance(op, ast.Mod | ast.BitAnd) and _polynomial(left):
            # an integer polynomial in n modulo c (or its low bits) repeats with period c (2^L)
            return Form(0, cr if isinstance(op, ast.Mod) else 1 << cr.bit_length(), 0)
        fl, fr = self.form(left), self.form(right)
        if isinstance(op, ast.Add | ast.Sub):
            a, b = _align(fl, fr)
            return Form(a.start, a.period, a.step + b.step if isinstance(op, ast.Add) else a.step - b.step)
        if isinstance(op, ast.Mult):
            if cl is not None or cr is not None:
                c, f = (cl, fr) if cl is not None else (cr, fl)
                assert c is not None
                return Form(f.start, f.period, c * f.step)
            return _periodic(fl, fr)
        if isinstance(op, ast.LShift | ast.RShift) and cr is not None and not 0 <= cr <= 62:
            raise _GiveUp  # a negative shift is an error; a huge one is no pattern
        if isinstance(op, ast.LShift) and cr is not None:
            return Form(fl.start, fl.period, fl.step << cr)
        if isinstance(op, ast.FloorDiv | ast.Mod | ast.RShift) and cr is not None:
            c = (1 << cr) if isinstance(op, ast.RShift) else cr
            if c == 0:
                raise _GiveUp
            k = abs(c) // math.gcd(abs(c), fl.step)  # k·step is a multiple of c
            if fl.period * k > MAX_CHECK:
                raise _GiveUp
            step = 0 if isinstance(op, ast.Mod) else fl.step * k // c
            return Form(fl.start, fl.period * k, step)
        if isinstance(op, ast.BitAnd | ast.BitOr | ast.BitXor):
            if cl is None and cr is None:
                return _periodic(fl, fr)
            c, f = (cl, fr) if cl is not None else (cr, fl)
            assert c is not None
            if c < 0:
                raise _GiveUp
            # f & c depends on f mod 2^L; f | c = f + c - (f & c); f ^ c = f + c - 2·(f & c)
            modulus = 1 << c.bit_length()
            k = modulus // math.gcd(modulus, f.step)
            if f.period * k > MAX_CHECK:
                raise _GiveUp
            step = 0 if isinstance(op, ast.BitAnd) else f.step * k
            return Form(f.start, f.period * k, step)
        if cr is None or cl is not None:
            return _periodic(fl, fr)  # e.g. a constant shifted by n: give up unless periodic
        raise _GiveUp

    def compare(self, node: ast.Compare) -> Form:
        parts: list[Form] = []
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            fl = self.form_or_none(left)
            if isinstance(op, ast.In | ast.NotIn):
                if not isinstance(right, ast.Set):
                    raise _GiveUp
                items = [_const(e) for e in right.elts]
                if any(i is None for i in items):
                    raise _GiveUp
                fl = self.form(left)
                if fl.step == 0:
                    parts.append(fl)
                else:
                    ints = [i for i in items if i is not None]
                    parts.append(Form(self.leaves(left, fl, min(ints), max(ints)), 1, 0))
            else:
                fr = self.form_or_none(right)
                special = self.bit_compare(left, right, fl, fr)
                if special is not None:
                    parts.append(special)
                    left = right
                    continue
                if _bit_call(left) is not None or _bit_call(right) is not None:
                    fl, fr = self.form(left), self.form(right)  # a bit function that is not periodic: give up
                a, b = _align(fl, fr)
                if a.step == b.step:
                    parts.append(Form(a.start, a.period, 0))
                else:
                    start, _ = self.sign_from(left, right, fl, fr)
                    parts.append(Form(start, 1, 0))
            left = right
        return _periodic(*parts)

    def form_or_none(self, node: ast.expr) -> Form:
        """:meth:`form`, or a placeholder (step 1) for ``ctz``/``cto`` of a growing argument, which
        only :meth:`bit_compare` can use."""
        try:
            return self.form(node)
        except _GiveUp:
            if _bit_call(node) is None:
                raise
            return Form(0, 1, 1)

    def bit_compare(self, left: ast.expr, right: ast.expr, fl: Form, fr: Form) -> Form | None:
        """``ctz(x) op g`` or ``cto(x) op g`` (either side) for a growing ``x`` and a periodic ``g``
        (a constant, say): from the point where ``x > 0``, the comparison depends only on ``g`` and
        on ``x mod 2^(c+1)``, ``c`` the largest value of ``g``."""
        for call, other in ((left, right), (right, left)):
            inner = _bit_call(call)
            if inner is None or _bit_call(other) is not None:
                continue
            fo = self.form(other)
            if fo.step:
                return None
            top = max(self.value(other, r) for r in range(fo.start, fo.start + fo.period))
            clamped = self.clamped(inner, top)
            return None if clamped is None else _periodic(clamped, fo)
        return None

    def clamped(self, inner: ast.expr, top: int) -> Form | None:
        """The law of ``min(ctz(x), top + 1)`` (or ``cto``) for a growing ``x``: periodic, as it
        depends only on ``x mod 2^(top+1)`` once ``x > 0``; ``None`` if ``x`` does not grow."""
        fx = self.form(inner)
        if fx.step <= 0:
            return None  # periodic (handled as usual) or eventually negative (undefined)
        start = self.leaves(inner, fx, -1, 0)
        if top < 0:
            return Form(start, 1, 0)  # ctz(x), cto(x) >= 0 > top once x > 0
        modulus = 1 << (top + 1)
        k = modulus // math.gcd(modulus, fx.step)
        if fx.period * k > MAX_CHECK:
            raise _GiveUp
        return Form(start, fx.period * k, 0)

    def call(self, name: str, args: list[ast.expr]) -> Form:
        if name == "min" and len(args) == 2:  # min(ctz(x), g): ctz clamped by a periodic g
            for call, other in ((args[0], args[1]), (args[1], args[0])):
                inner = _bit_call(call)
                if inner is None or _bit_call(other) is not None:
                    continue
                try:
                    self.form(call)
                    break  # ctz of a periodic argument: the usual rule
                except _GiveUp:
                    pass
                fo = self.form(other)
                if fo.step:
                    raise _GiveUp
                top = max(self.value(other, r) for r in range(fo.start, fo.start + fo.period))
                clamped = self.clamped(inner, top)
                if clamped is None:
                    raise _GiveUp
                return _periodic(clamped, fo)
        forms = [self.form(a) for a in args]
        if name in ("min", "max"):
            best_node, best = args[0], forms[0]
            for node, f in zip(args[1:], forms[1:], strict=True):
                a, b = _align(best, f)
                if a.step == b.step:
                    best_node, best = ast.Call(ast.Name(name), [best_node, node], []), Form(a.start, a.period,
                                                                                            a.step)
                    continue
                start, sign = self.sign_from(best_node, node, best, f)
                keep_left = (sign < 0) == (name == "min")
                chosen = a if keep_left else b
                best_node = best_node if keep_left else node
                best = Form(max(start, chosen.start), chosen.period, chosen.step)
            return best
        if name == "abs":
            f = forms[0]
            if f.step == 0:
                return f
            start = self.leaves(args[0], f, 0, 0)
            return Form(start, f.period, abs(f.step))
        return _periodic(*forms)  # popcount, ctz, cto, bit_length, isqrt of a periodic argument


def eventual_form(formula: str) -> Form | None:
    """A law ``f(n + m) = f(n) + d`` for ``n >= N0`` that the formula provably obeys, or ``None``.

    >>> eventual_form("popcount(n & 8)"), eventual_form("n // 2 + (n % 3 == 1)")
    (Form(start=0, period=16, step=0), Form(start=0, period=6, step=3))
    >>> eventual_form("max(n - 5, 2 * (n % 2))")
    Form(start=9, period=2, step=2)
    >>> eventual_form("n * n") is None
    True
    """
    try:
        return _Analyser().form(parse(formula, ("n",)))
    except (_GiveUp, InvalidInputError, RecursionError):
        return None


def implied_by_period(formula: str, values: Sequence[int], periodicity: Periodicity | None, *,
                      boolean: bool = False) -> str | None:
    """Why ``formula`` equals ``G(n)`` (``boolean``: is true exactly where ``G(n) == 0``) for every
    ``n``, as a sentence, when the proved ``periodicity`` implies it; ``None`` when it does not.

    ``values`` holds ``G(0..k)`` for some ``k >= preperiod + period - 1`` (a longer table is fine);
    the rest of the values follow from the period. This is the single test of "proved" that the
    table, the answers of user games and the exports share.

    >>> from grundy.model.periodic import Periodicity
    >>> nim = Periodicity(1, 0, 1, True, "G(n) = n: every smaller heap is one move away")
    >>> implied_by_period("n", [0], nim) is not None
    True
    >>> implied_by_period("n == 0", [0], nim, boolean=True) is not None
    True
    """
    if periodicity is None or not periodicity.proved:
        return None
    e, p, s = periodicity.preperiod, periodicity.period, periodicity.saltus
    if len(values) < e + p:
        return None
    law = eventual_form(formula)
    if law is None:
        return None
    if boolean:
        if law.step:
            return None
        if s:  # G grows by s > 0 each period: G(n) == 0 only before the preperiod ends
            law = Form(law.start, law.period, 0)
    m = math.lcm(law.period, p)
    start = max(law.start, e)
    if start + m > MAX_CHECK:
        return None
    if not boolean and law.step * (m // law.period) != s * (m // p):
        return None
    if boolean and s:
        # G(n) > 0 from some point on; the formula must be false on a whole period after it
        lowest = min(int(values[r]) for r in range(e, e + p))
        if s < 0:
            return None
        start = max(start, e + p * max(0, -(-(1 - lowest) // s)))
        if start + m > MAX_CHECK:
            return None
    count = start + m
    import numpy as np

    table = [periodicity.value(values, i) for i in range(count)]

    def expected(i: int, v: int) -> bool:
        return bool(v) == (table[i] == 0) if boolean else v == table[i]

    if not agrees(formula, expected, {"n": np.arange(count, dtype=np.int64)}, count):
        return None
    return (f"the proved period {p} (preperiod {e}{f', saltus {s}' if s else ''}, "
            f"{periodicity.reason}), which implies the formula: it repeats with period {m}"
            f"{f' (increasing by {law.step * (m // law.period)})' if law.step and not boolean else ''}"
            f" from n = {start} and matches the values for n < {count}")


def game_theorems(game: Game) -> tuple[Theorem, ...]:
    """The formulas a game declares proved (:attr:`~grundy.model.laws.Laws.theorems`).

    >>> from grundy import load_game
    >>> [t.describes.value for t in game_theorems(load_game("wythoff"))], game_theorems(load_game("kayles"))
    (['p-positions'], ())
    """
    return laws_of(game).theorems


def declared_proof(describes: Describes | str, formula: str | None,
                   theorems: Sequence[Theorem]) -> str | None:
    """The statement of the theorem among ``theorems`` that states exactly ``formula`` (same
    syntax tree), or ``None``.

    >>> mirror = [Theorem("p-positions", "a == b", "the mirror strategy")]
    >>> declared_proof("p-positions", "(a)==b", mirror), declared_proof("p-positions", "a == b + 1", mirror)
    ('the mirror strategy', None)
    """
    if formula is None:
        return None
    try:
        tree = ast.dump(parse(formula))
    except InvalidInputError:
        return None
    for theorem in theorems:
        if theorem.describes == describes and ast.dump(parse(theorem.formula)) == tree:
            return theorem.proof
    return None


__all__ = ["Form", "Theorem", "declared_proof", "eventual_form", "game_theorems", "implied_by_period"]
