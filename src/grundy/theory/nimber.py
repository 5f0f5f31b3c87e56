"""Nim arithmetic: the non-negative integers as a field of characteristic 2 (Conway's nimbers).

Nim-addition ``a ⊕ b`` is bitwise XOR. Nim-multiplication ``a ⊗ b`` is defined by the mex rule

    a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b },

and with ⊕ it makes every set ``{0, …, 2^(2^k) - 1}`` a field. The numbers ``D = 2^(2^k)``
(Fermat 2-powers) multiply like this: ``D ⊗ x`` is the ordinary product ``D·x`` for ``x < D``, and
``D ⊗ D = D ⊕ D/2`` (the ordinary ``3D/2``). Writing ``a = a1·D + a0`` with ``a0, a1 < D`` turns
a product of ``2^(k+1)``-bit numbers into products of ``2^k``-bit halves (Karatsuba-style: three
half products and one product by the constant ``D/2``). This module recurses on that split, exactly,
for integers of any size; below 2^16 it uses logarithm tables of the field of 2^16 nimbers
(built once, on first use).

>>> Nimber(2) * Nimber(2), Nimber(4) * Nimber(4), Nimber(8) * Nimber(8)
(Nimber(3), Nimber(6), Nimber(13))
>>> Nimber(5) + Nimber(3), Nimber(5) - Nimber(3)
(Nimber(6), Nimber(6))
>>> Nimber(7).inverse(), Nimber(7) * Nimber(7).inverse()
(Nimber(11), Nimber(1))
>>> Nimber(11) / Nimber(2), Nimber(2) ** 3
(Nimber(6), Nimber(1))
>>> nim_mul(2**64, 2**64) == 2**64 + 2**63
True
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from grundy.errors import GrundyError, InvalidInputError
from grundy.model.bounded import register_cache

__all__ = ["Nimber", "NimberZeroDivisionError", "nim_inverse", "nim_mul", "nim_mul_plain",
           "nim_pow", "nim_square"]


class NimberZeroDivisionError(GrundyError, ZeroDivisionError):
    """Division by the nimber 0 (which has no inverse)."""


# ---- the 16-bit field by logarithms ------------------------------------------------------------
_BITS = 16
_ORDER = (1 << _BITS) - 1  # the multiplicative group of the 2^16 nimbers is cyclic of this order
_LOG: list[int] = []
_EXP: list[int] = []  # _EXP[i] = g^i for 0 <= i < 2 * _ORDER, so log sums need no reduction


def _forget_tables() -> None:
    _LOG.clear()
    _EXP.clear()


register_cache(__name__ + "._EXP", _forget_tables, lambda: len(_EXP))


def _tables() -> tuple[list[int], list[int]]:
    """Build (once) the logarithm and power tables of the 2^16 nimbers to a generator."""
    if not _EXP:
        # A generator: order 65535 = 3·5·17·257 exactly; test g^(65535/p) != 1 for each prime p.
        for g in range(2, 1 << _BITS):
            if all(_pow_plain(g, _ORDER // p) != 1 for p in (3, 5, 17, 257)):
                break
        exp = [1] * (2 * _ORDER)
        log = [0] * (1 << _BITS)
        # Multiplying by g is GF(2)-linear: g ⊗ x = XOR of g ⊗ 2^i over the bits i of x, and
        # a byte-wise table of that makes each step four look-ups.
        basis = [_mul_plain(g, 1 << i) for i in range(_BITS)]
        lo = [_xor_bits(basis, v) for v in range(256)]
        hi = [_xor_bits(basis, v << 8) for v in range(256)]
        x = 1
        for i in range(1, _ORDER):
            x = lo[x & 0xFF] ^ hi[x >> 8]
            exp[i] = x
            log[x] = i
        exp[_ORDER:] = exp[:_ORDER]
        _LOG[:] = log
        _EXP[:] = exp
    return _LOG, _EXP


def _xor_bits(basis: list[int], v: int) -> int:
    total, i = 0, 0
    while v:
        if v & 1:
            total ^= basis[i]
        v >>= 1
        i += 1
    return total


def _mul16(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    log, exp = _tables()
    return exp[log[a] + log[b]]


def _mul32(a: int, b: int) -> int:
    """Product of two nimbers below 2^32: three 16-bit products and one by 2^15, all by tables."""
    log, exp = _tables()
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    c0 = exp[log[a0] + log[b0]] if a0 and b0 else 0
    s, t = a0 ^ a1, b0 ^ b1
    c1 = exp[log[s] + log[t]] if s and t else 0
    c2 = exp[log[a1] + log[b1]] if a1 and b1 else 0
    if c2:
        c2 = exp[log[c2] + log[0x8000]]
    return ((c1 ^ c0) << 16) | (c0 ^ c2)


_M32 = 0xFFFFFFFF


def _mul64(a: int, b: int) -> int:
    """Product of two nimbers below 2^64: three 32-bit products, then ``c2 ⊗ 2^31`` by tables.

    ``2^31 = 2^15 ⊗ 2^16``, ``y ⊗ 2^15`` is two look-ups, and with ``D = 2^16``,
    ``(y1·D + y0) ⊗ D = (y1 ⊕ y0)·D ⊕ y1 ⊗ 2^15`` (as ``D ⊗ D = D ⊕ 2^15``).
    """
    a1, a0, b1, b0 = a >> 32, a & _M32, b >> 32, b & _M32
    c0 = _mul32(a0, b0)
    c1 = _mul32(a0 ^ a1, b0 ^ b1) ^ c0
    c2 = _mul32(a1, b1)
    if c2:
        log, exp = _LOG, _EXP
        l15 = log[0x8000]
        y1, y0 = c2 >> 16, c2 & 0xFFFF
        y1 = exp[log[y1] + l15] if y1 else 0  # y = c2 ⊗ 2^15 = y1·D + y0
        y0 = exp[log[y0] + l15] if y0 else 0
        c2 = ((y1 ^ y0) << 16) | (exp[log[y1] + l15] if y1 else 0)
    return (c1 << 32) | (c0 ^ c2)


# ---- the recursive split ----------------------------------------------------------------------
def _half_bits(n: int) -> int:
    """The h = 2^k with h < bits(n) <= 2h: ``n`` splits into two h-bit halves (n >= 2^32)."""
    h = 32
    bits = n.bit_length()
    while 2 * h < bits:
        h *= 2
    return h


def nim_mul(a: int, b: int) -> int:
    """The nim-product ``a ⊗ b`` of two non-negative integers (exact, any size).

    >>> [nim_mul(2, k) for k in range(8)]
    [0, 2, 3, 1, 8, 10, 11, 9]
    >>> nim_mul(2**32, 2**32) == 3 * 2**31
    True
    """
    if a < 0 or b < 0:
        raise InvalidInputError(f"nimbers are non-negative integers, got {min(a, b)!r}")
    return _mul(a, b)


def _mul(a: int, b: int) -> int:
    if a < b:
        a, b = b, a
    if b <= 1:
        return a if b else 0
    if a < 0x10000:
        return _mul16(a, b)
    if a < 0x100000000:
        return _mul32(a, b)
    if a >> 64 == 0:
        if b > _M32:
            return _mul64(a, b)
        return (_mul32(a >> 32, b) << 32) | _mul32(a & _M32, b)
    h = _half_bits(a)
    mask = (1 << h) - 1
    a1, a0 = a >> h, a & mask
    if b <= mask:  # b lies in the half field: (a1·D + a0) ⊗ b = (a1 ⊗ b)·D + a0 ⊗ b
        return (_mul(a1, b) << h) | _mul(a0, b)
    b1, b0 = b >> h, b & mask
    c0 = _mul(a0, b0)
    c1 = _mul(a0 ^ a1, b0 ^ b1) ^ c0  # = a1⊗b0 ⊕ a0⊗b1 ⊕ a1⊗b1
    c2 = _mul(a1, b1)
    return (c1 << h) | (c0 ^ _mul(c2, 1 << (h - 1)))


def nim_square(a: int) -> int:
    """``a ⊗ a``; cheaper than a product: ``(a1·D + a0)² = a1²·D ⊕ a0² ⊕ a1² ⊗ (D/2)``.

    >>> [nim_square(k) for k in range(8)]
    [0, 1, 3, 2, 6, 7, 5, 4]
    """
    if a < 0:
        raise InvalidInputError(f"nimbers are non-negative integers, got {a!r}")
    return _square(a)


def _square(a: int) -> int:
    if a < 0x100000000:
        return _mul(a, a)
    h = _half_bits(a)
    a1, a0 = a >> h, a & ((1 << h) - 1)
    s1 = _square(a1)
    return (s1 << h) | (_square(a0) ^ _mul(s1, 1 << (h - 1)))


def nim_inverse(a: int) -> int:
    """The nim-inverse of ``a > 0``: the ``b`` with ``a ⊗ b = 1``.

    Above 2^16 by the norm of the quadratic extension: ``D`` is a root of ``x² = x ⊕ D/2``, whose
    other root is ``D ⊕ 1``, so ``(a1·D ⊕ a0)⁻¹ = (a1·D ⊕ a0 ⊕ a1) ⊗ N⁻¹`` with the norm
    ``N = a0² ⊕ a0⊗a1 ⊕ a1²⊗(D/2)``, which lies in the half field.

    >>> [nim_inverse(k) for k in range(1, 8)]
    [1, 3, 2, 15, 12, 9, 11]
    >>> nim_inverse(0)
    Traceback (most recent call last):
    ...
    grundy.theory.nimber.NimberZeroDivisionError: the nimber 0 has no inverse
    """
    if a < 0:
        raise InvalidInputError(f"nimbers are non-negative integers, got {a!r}")
    if a == 0:
        raise NimberZeroDivisionError("the nimber 0 has no inverse")
    return _inverse(a)


def _inverse(a: int) -> int:
    if a < 0x10000:
        log, exp = _tables()
        return exp[_ORDER - log[a]]
    h = 16
    while a >> h:
        h *= 2
    h //= 2  # a = a1·D + a0 with D = 2^h, a1 > 0
    a1, a0 = a >> h, a & ((1 << h) - 1)
    norm = _square(a0) ^ _mul(a0, a1) ^ _mul(_square(a1), 1 << (h - 1))
    n_inv = _inverse(norm)
    return (_mul(a1, n_inv) << h) | _mul(a0 ^ a1, n_inv)


def nim_pow(a: int, e: int) -> int:
    """``a`` nim-multiplied by itself ``e`` times (``e >= 0``; ``0 ** 0 = 1``), by square-and-multiply.

    >>> nim_pow(2, 3), nim_pow(16, 17), nim_pow(16, 255)
    (1, 8, 1)
    """
    if a < 0 or e < 0:
        raise InvalidInputError(f"nim_pow needs a non-negative base and exponent, got {a!r}, {e!r}")
    result = 1
    while e:
        if e & 1:
            result = _mul(result, a)
        e >>= 1
        if e:
            a = _square(a)
    return result


# ---- the plain method (reference and benchmark baseline) ---------------------------------------
def nim_mul_plain(a: int, b: int) -> int:
    """``a ⊗ b`` by the same Fermat-2-power split, recursing down to single bits (no tables).

    The baseline of ``bench/nimber.py``; exact but slow.

    >>> nim_mul_plain(8, 8)
    13
    """
    if a < 0 or b < 0:
        raise InvalidInputError(f"nimbers are non-negative integers, got {min(a, b)!r}")
    return _mul_plain(a, b)


def _mul_plain(a: int, b: int) -> int:
    if a < b:
        a, b = b, a
    if b <= 1:
        return a if b else 0
    h = 1
    while (1 << (2 * h)) <= a:
        h *= 2
    mask = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & mask, b >> h, b & mask
    c0 = _mul_plain(a0, b0)
    c1 = _mul_plain(a0 ^ a1, b0 ^ b1) ^ c0
    c2 = _mul_plain(a1, b1)
    return (c1 << h) | (c0 ^ _mul_plain(c2, 1 << (h - 1)))


def _pow_plain(a: int, e: int) -> int:
    result = 1
    while e:
        if e & 1:
            result = _mul_plain(result, a)
        e >>= 1
        a = _mul_plain(a, a)
    return result


# ---- the number type ---------------------------------------------------------------------------
def _coerce(other: Any) -> int | None:
    if isinstance(other, float | complex):  # else float.__rmul__ would answer in ordinary arithmetic
        raise TypeError(f"nim arithmetic is defined on non-negative integers, got {other!r}")
    if isinstance(other, bool) or not isinstance(other, int):
        return None
    if other < 0:
        raise InvalidInputError(f"nimbers are non-negative integers, got {int(other)!r}")
    return int(other)


class Nimber(int):
    """A non-negative integer with nim arithmetic: ``+`` and ``-`` are XOR, ``*`` is the
    nim-product, ``/`` multiplies by the nim-inverse, ``**`` is a nim-power. A plain ``int``
    operand is read as a nimber; results are nimbers. Comparison, hashing and the other
    operators (``//``, ``%``, ``&``, …) are those of ``int``.

    >>> x = Nimber(3)
    >>> x * x, x * 2, 2 * x, x + x, -x, x ** 0
    (Nimber(2), Nimber(1), Nimber(1), Nimber(0), Nimber(3), Nimber(1))
    >>> Nimber(-1)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: nimbers are non-negative integers, got -1
    >>> Nimber(5) / 0
    Traceback (most recent call last):
    ...
    grundy.theory.nimber.NimberZeroDivisionError: division of Nimber(5) by the nimber 0
    """

    def __new__(cls, value: SupportsIndex = 0) -> Nimber:
        if isinstance(value, bool):
            value = int(value)
        number = int.__new__(cls, value)
        if number < 0:
            raise InvalidInputError(f"nimbers are non-negative integers, got {int(number)!r}")
        return number

    def __repr__(self) -> str:
        return f"Nimber({int(self)})"

    def __str__(self) -> str:
        return int.__repr__(self)

    def __add__(self, other: Any) -> Nimber:
        b = _coerce(other)
        return NotImplemented if b is None else Nimber(int(self) ^ b)

    __radd__ = __add__
    __sub__ = __add__
    __rsub__ = __add__
    __xor__ = __add__
    __rxor__ = __add__

    def __neg__(self) -> Nimber:
        return self

    def __pos__(self) -> Nimber:
        return self

    def __mul__(self, other: Any) -> Nimber:
        b = _coerce(other)
        return NotImplemented if b is None else Nimber(_mul(int(self), b))

    __rmul__ = __mul__

    def inverse(self) -> Nimber:
        """The nim-inverse (``self ⊗ self.inverse() == 1``); the nimber 0 has none.

        >>> Nimber(2).inverse()
        Nimber(3)
        """
        if self == 0:
            raise NimberZeroDivisionError("the nimber 0 has no inverse")
        return Nimber(_inverse(int(self)))

    def __truediv__(self, other: Any) -> Nimber:
        b = _coerce(other)
        if b is None:
            return NotImplemented
        if b == 0:
            raise NimberZeroDivisionError(f"division of {self!r} by the nimber 0")
        return Nimber(_mul(int(self), _inverse(b)))

    def __rtruediv__(self, other: Any) -> Nimber:
        a = _coerce(other)
        if a is None:
            return NotImplemented
        return Nimber(a) / self

    def __pow__(self, exponent: Any, modulo: None = None) -> Nimber:  # type: ignore[override]
        if modulo is not None:
            raise TypeError("Nimber ** takes no modulus")
        if isinstance(exponent, bool) or not isinstance(exponent, int):
            return NotImplemented
        if exponent < 0:
            return self.inverse() ** -exponent
        return Nimber(nim_pow(int(self), int(exponent)))
