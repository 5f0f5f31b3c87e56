"""Nim arithmetic: the mex definition by brute force, field axioms on 64-bit and wider values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import GrundyError, InvalidInputError, Nimber
from grundy.theory.nimber import (
    NimberZeroDivisionError,
    nim_inverse,
    nim_mul,
    nim_mul_plain,
    nim_pow,
    nim_square,
)

SMALL = 64


def _mex_products(n: int) -> list[list[int]]:
    """a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }, straight from the definition."""
    table = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            m = 0
            while m in seen:
                m += 1
            table[a][b] = m
    return table


@pytest.mark.slow
def test_agrees_with_the_mex_definition_below_64() -> None:
    table = _mex_products(SMALL)
    for a in range(SMALL):
        for b in range(SMALL):
            assert nim_mul(a, b) == table[a][b] == int(Nimber(a) * Nimber(b)), (a, b)
            assert nim_mul_plain(a, b) == table[a][b]
    assert (table[2][2], table[4][4], table[8][8]) == (3, 6, 13)


def test_fermat_powers_square_to_three_halves() -> None:
    # D ⊗ D = 3D/2 for every Fermat 2-power D = 2^(2^k), and D ⊗ x = D·x for x < D
    for k in range(9):
        d = 1 << (1 << k)
        assert nim_mul(d, d) == 3 * d // 2
        assert nim_square(d) == 3 * d // 2
        assert nim_mul(d, d - 1) == d * (d - 1)


@pytest.mark.slow
def test_tables_agree_with_the_plain_recursion() -> None:
    import random

    rng = random.Random(7)
    for bits in (17, 31, 32, 33, 48, 63, 64, 65, 100, 128, 129, 300):
        for _ in range(60):
            a, b = rng.getrandbits(bits), rng.getrandbits(rng.randint(1, bits))
            assert nim_mul(a, b) == nim_mul_plain(a, b) == nim_mul(b, a), (a, b)
            assert nim_square(a) == nim_mul_plain(a, a)


U64 = st.integers(min_value=0, max_value=2**64 - 1)
WIDE = st.integers(min_value=0, max_value=2**300)
VALUES = st.one_of(U64, WIDE, st.integers(min_value=0, max_value=300))


@settings(max_examples=150, deadline=None)
@given(VALUES, VALUES, VALUES)
def test_field_axioms(a: int, b: int, c: int) -> None:
    x, y, z = Nimber(a), Nimber(b), Nimber(c)
    assert x * y == y * x
    assert (x * y) * z == x * (y * z)
    assert x * (y + z) == x * y + x * z
    assert x * 1 == x and x * 0 == 0 and x + x == 0 and x - y == x + y


@settings(max_examples=150, deadline=None)
@given(U64)
def test_inverse_64(a: int) -> None:
    if a:
        assert nim_mul(a, nim_inverse(a)) == 1
        assert Nimber(a) * Nimber(a).inverse() == 1
        assert Nimber(7) / Nimber(a) * Nimber(a) == 7


@settings(max_examples=60, deadline=None)
@given(WIDE)
def test_inverse_wide(a: int) -> None:
    if a:
        inv = nim_inverse(a)
        assert nim_mul(a, inv) == 1
        assert nim_inverse(inv) == a


@settings(max_examples=60, deadline=None)
@given(U64, st.integers(min_value=0, max_value=300))
def test_power_by_square_and_multiply(a: int, e: int) -> None:
    slow = 1
    for _ in range(e % 40):
        slow = nim_mul(slow, a)
    assert nim_pow(a, e % 40) == slow
    assert nim_pow(a, e + 1) == nim_mul(nim_pow(a, e), a)


def test_multiplicative_group_orders() -> None:
    # the nonzero nimbers below 2^(2^k) form a group of order 2^(2^k) - 1 (Lagrange)
    for a in (2, 3, 200, 65535, 2**32 - 5, 2**64 - 1, 12345678901234567):
        k = max(a.bit_length() - 1, 1).bit_length()
        order = 2 ** (2**k) - 1
        assert nim_pow(a, order) == 1, a
        assert Nimber(a) ** -1 == Nimber(a).inverse()


def test_nimber_type() -> None:
    x = Nimber(3)
    assert repr(x) == "Nimber(3)" and str(x) == "3"
    for result in (x + 1, 1 + x, x - 5, 5 - x, x * 2, 2 * x, x / 2, 2 / x, x**2, -x, x ^ 1):
        assert type(result) is Nimber
    assert x == 3 and hash(x) == hash(3) and x < 4
    assert Nimber(2) * Nimber(2) == Nimber(3)
    with pytest.raises(InvalidInputError, match="-2"):
        Nimber(-2)
    with pytest.raises(InvalidInputError, match="-1"):
        x * -1
    with pytest.raises(ZeroDivisionError):
        x / 0
    with pytest.raises(GrundyError, match="no inverse"):
        Nimber(0).inverse()
    with pytest.raises(NimberZeroDivisionError):
        nim_inverse(0)
    with pytest.raises(TypeError):
        x * 1.5
