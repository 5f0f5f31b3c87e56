"""Recognise integer sequences: named sets (Fibonacci numbers, powers of two, squares…) and Beatty
sequences ``⌊k·α⌋`` with ``α`` a quadratic irrational found from its continued fraction.

Every recognition is checked exactly (integer arithmetic) on all the data; the continued fraction
only proposes candidates.

>>> alpha = beatty([0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22])
>>> str(alpha), alpha.floor_mul(10**30) == (10**30 + math.isqrt(5 * 10**60)) // 2
('(1 + √5)/2', True)
>>> [s.name for s in named_sets() if s.contains(21) and s.contains(8) and s.contains(5)]
['Fibonacci numbers']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Quadratic:
    """The real number ``(p + q·√d) / r``.

    ``r > 0``; ``q = 0`` for a rational, else ``d`` is square-free and > 1.
    """

    p: int
    q: int
    d: int
    r: int

    @staticmethod
    def make(p: int, q: int, d: int, r: int) -> Quadratic:
        """The normal form: square factors of ``d`` moved into ``q``, ``r > 0``, no common factor."""
        if r == 0:
            raise ZeroDivisionError("r = 0")
        if q != 0:
            s = 2
            while s * s <= d:
                while d % (s * s) == 0:
                    d //= s * s
                    q *= s
                s += 1
            if d == 1:
                p, q, d = p + q, 0, 1
        if q == 0:
            d = 1
        if r < 0:
            p, q, r = -p, -q, -r
        g = math.gcd(math.gcd(p, q), r)
        return Quadratic(p // g, q // g, d, r // g)

    @property
    def rational(self) -> bool:
        """Whether the number is rational (``q = 0``)."""
        return self.q == 0

    def __float__(self) -> float:
        return (self.p + self.q * math.sqrt(self.d)) / self.r

    def __str__(self) -> str:
        if self.rational:
            return str(Fraction(self.p, self.r))
        root = "√" + str(self.d) if abs(self.q) == 1 else f"{abs(self.q)}√{self.d}"
        num = (f"{self.p} {'+' if self.q > 0 else '-'} {root}" if self.p
               else ("-" if self.q < 0 else "") + root)
        return f"({num})/{self.r}" if self.r != 1 else num

    def reciprocal(self) -> Quadratic:
        """``1 / self``."""
        if self.rational:
            return Quadratic.make(self.r, 0, 1, self.p)
        norm = self.p * self.p - self.q * self.q * self.d
        return Quadratic.make(self.r * self.p, -self.r * self.q, self.d, norm)

    def floor_mul(self, k: int) -> int:
        """``⌊k·self⌋`` exactly, for ``k >= 0``."""
        if self.rational:
            return self.p * k // self.r
        root = math.isqrt(self.q * self.q * self.d * k * k)
        if self.q > 0:
            return (self.p * k + root) // self.r
        return (self.p * k - root - (k > 0)) // self.r

    def floor_formula(self, x: str) -> str:
        """A formula of the grammar for ``⌊x·self⌋`` (``x``: the text of a non-negative expression).

        >>> Quadratic.make(1, 1, 5, 2).floor_formula("n")
        '(n + isqrt(5 * n * n)) // 2'
        """
        simple = x.isidentifier() or (x.endswith(")") and x.split("(", 1)[0].isidentifier()
                                      and x.count("(") == 1)
        x = x if simple else f"({x})"
        lin = "" if self.p == 0 else x if self.p == 1 else f"-{x}" if self.p == -1 else f"{self.p} * {x}"
        if self.rational:
            return f"{lin or '0'} // {self.r}" if self.r != 1 else lin or "0"
        c = self.q * self.q * self.d
        root = f"isqrt({c} * {x} * {x})"
        if self.q > 0:
            num = f"{lin} + {root}" if lin else root
        else:
            num = f"{lin} - {root} - ({x} > 0)" if lin else f"-{root} - ({x} > 0)"
        return f"({num}) // {self.r}" if self.r != 1 else num

    def name(self) -> str:
        """``φ`` for the golden ratio, else the number written out."""
        return {Quadratic(1, 1, 5, 2): "φ", Quadratic(3, 1, 5, 2): "φ²"}.get(self, str(self))

    def factor(self) -> str:
        """:meth:`name` as a factor of a product: ``(1 + √2)`` in ``(1 + √2)·b``, never
        ``1 + √2·b``.

        >>> Quadratic(1, 1, 2, 1).factor(), Quadratic(1, 1, 5, 2).factor(), Quadratic(0, 1, 2, 1).factor()
        ('(1 + √2)', 'φ', '√2')
        """
        name = self.name()
        return f"({name})" if " " in name and not name.startswith("(") else name


def continued_fraction(x: Fraction, terms: int = 40) -> list[int]:
    """The continued fraction of a rational (at most ``terms`` terms)."""
    out: list[int] = []
    while len(out) < terms:
        a = math.floor(x)
        out.append(a)
        if x == a:
            break
        x = 1 / (x - a)
    return out


def _convergent(terms: Sequence[int]) -> tuple[int, int, int, int]:
    """``(h, h_prev, k, k_prev)``: the last two convergents ``h/k`` of ``terms``."""
    h, h1, k, k1 = 1, 0, 0, 1
    for a in terms:
        h, h1 = a * h + h1, h
        k, k1 = a * k + k1, k
    return h, h1, k, k1


def from_continued_fraction(pre: Sequence[int], period: Sequence[int]) -> Quadratic | None:
    """The quadratic irrational ``[pre; period, period, …]`` (``None`` if that is rational)."""
    pt, pt1, qt, qt1 = _convergent(period)
    disc = (qt1 - pt) ** 2 + 4 * qt * pt1
    if math.isqrt(disc) ** 2 == disc:
        return None
    u, v = pt - qt1, 2 * qt  # y = (u + √disc) / v, the purely periodic part
    if not pre:
        return Quadratic.make(u, 1, disc, v)
    a, a1, b, b1 = _convergent(pre)
    x, y = a * u + a1 * v, b * u + b1 * v  # alpha = (x + a√disc) / (y + b√disc)
    return Quadratic.make(x * y - a * b * disc, a * y - x * b, disc, y * y - b * b * disc)


def quadratic_candidates(lo: Fraction, hi: Fraction) -> list[Quadratic]:
    """Quadratic irrationals with a short periodic continued fraction that ``[lo, hi]`` suggests.

    >>> [str(q) for q in quadratic_candidates(Fraction(1414, 1000), Fraction(1415, 1000))][:1]
    ['√2']
    """
    a, b = continued_fraction(lo), continued_fraction(hi)
    common: list[int] = []
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common.append(x)
    found: list[Quadratic] = []
    for pre in range(min(4, len(common))):
        for per in range(1, 5):
            tail = common[pre:]
            if len(tail) < 2 * per + 1:
                continue
            block = tail[:per]
            if any(t != block[i % per] for i, t in enumerate(tail)):
                continue
            alpha = from_continued_fraction(common[:pre], block)
            if alpha is None or alpha in found:
                continue
            if lo - Fraction(1, 10**9) <= Fraction(float(alpha)) <= hi + Fraction(1, 10**9):
                found.append(alpha)
    return found


def simplest_rational(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction with the smallest denominator in the closed interval ``[lo, hi]``.

    >>> simplest_rational(Fraction(31, 10), Fraction(32, 10))
    Fraction(16, 5)
    """
    if lo > hi:
        raise ValueError("empty interval")
    fl = math.floor(lo)
    if fl == lo or fl + 1 <= hi:
        return Fraction(fl if fl == lo else fl + 1)
    inner = simplest_rational(1 / (hi - fl), 1 / (lo - fl))
    return fl + 1 / inner


def beatty(terms: Sequence[int], start: int | None = None) -> Quadratic | None:
    """``α > 1`` (quadratic irrational) with ``terms[i] = ⌊(start + i)·α⌋`` for every ``i``, if recognised.

    ``start`` defaults to 0 when the terms begin with 0, else 1. At least 6 terms are needed.
    """
    if start is None:
        start = 0 if terms and terms[0] == 0 else 1
    if len(terms) < 6:
        return None
    lo, hi = Fraction(1), Fraction(10**9)
    for i, x in enumerate(terms[:2000]):  # enough to propose; all the terms are checked below
        k = start + i
        if k == 0:
            if x != 0:
                return None
            continue
        lo, hi = max(lo, Fraction(x, k)), min(hi, Fraction(x + 1, k))
    if lo >= hi:
        return None
    for alpha in quadratic_candidates(lo, hi):
        if float(alpha) > 1 and all(alpha.floor_mul(start + i) == x for i, x in enumerate(terms)):
            return alpha
    return None


def beatty_membership(alpha: Quadratic, x: str = "n") -> str:
    """A formula: ``x`` is ``⌊k·α⌋`` for some ``k >= 1`` (``α > 1`` irrational)."""
    gamma = alpha.reciprocal()
    nxt = f"{x} + 1"
    return f"{gamma.floor_formula(nxt)} - {gamma.floor_formula(x)} == 1"


@dataclass(frozen=True)
class NamedSet:
    """A named set of non-negative integers with a membership test and a formula for it."""

    name: str
    contains: Callable[[int], bool]
    formula: str
    """Membership as a formula of the grammar over ``n``."""


def _square(x: int) -> bool:
    return x >= 0 and math.isqrt(x) ** 2 == x


def named_sets() -> list[NamedSet]:
    """The named sets tried for P-positions, simplest first."""
    return [
        NamedSet("powers of two", lambda n: n > 0 and n & (n - 1) == 0, "n > 0 and (n & (n - 1)) == 0"),
        NamedSet("numbers 2^k - 1", lambda n: n & (n + 1) == 0, "(n & (n + 1)) == 0"),
        NamedSet("evil numbers (even popcount)", lambda n: n.bit_count() % 2 == 0, "popcount(n) % 2 == 0"),
        NamedSet("odious numbers (odd popcount)", lambda n: n.bit_count() % 2 == 1, "popcount(n) % 2 == 1"),
        NamedSet("squares", _square, "isqrt(n) * isqrt(n) == n"),
        NamedSet("triangular numbers", lambda n: _square(8 * n + 1),
                 "isqrt(8 * n + 1) * isqrt(8 * n + 1) == 8 * n + 1"),
        NamedSet("Fibonacci numbers", lambda n: _square(5 * n * n + 4) or _square(5 * n * n - 4),
                 "isqrt(5 * n * n + 4) * isqrt(5 * n * n + 4) == 5 * n * n + 4 or "
                 "isqrt(5 * n * n - 4) * isqrt(5 * n * n - 4) == 5 * n * n - 4"),
    ]
