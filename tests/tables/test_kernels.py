"""Table kernels (numba) against independent pure-Python references, on many small sets and codes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games.takebreak.octal import Octal
from grundy.tables.kernels.octal import fill_octal, octal_arrays, octal_plain_table, octal_sparse_table
from grundy.tables.kernels.subtraction import subtraction_table, value_dtype
from grundy.tables.reference import grundy_table
from tests.helpers import mex_table_subtraction


def reference_octal(digits: tuple[int, ...], upto: int) -> list[int]:
    """The mex of every option, with the options enumerated by the game's own move list."""
    return grundy_table(Octal(digits), upto, use_rules=False)


codes = st.tuples(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=5)).map(
    lambda t: (t[0], *t[1]))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=8), st.integers(0, 300))
def test_subtraction_kernel_matches_reference(moves: list[int], upto: int) -> None:
    table = subtraction_table(np.array(moves), upto)
    assert table.dtype == np.uint8
    assert table.tolist() == mex_table_subtraction(sorted(set(moves)), upto)


def test_subtraction_kernel_with_many_moves_uses_stamps() -> None:
    moves = list(range(1, 200, 2)) + [3 * k for k in range(1, 60)]
    assert subtraction_table(np.array(moves), 2000).tolist() == mex_table_subtraction(
        sorted(set(moves)), 2000)


@settings(max_examples=80, deadline=None)
@given(codes, st.integers(0, 160))
def test_octal_plain_kernel_matches_reference(digits: tuple[int, ...], upto: int) -> None:
    assert octal_plain_table(octal_arrays(digits), upto).tolist() == reference_octal(digits, upto)


@settings(max_examples=80, deadline=None)
@given(codes, st.integers(0, 160), st.integers(1, 31), st.integers(0, 1), st.integers(0, 1))
def test_sparse_kernel_is_exact_for_any_mask(digits: tuple[int, ...], upto: int, mask: int,
                                             delta: int, sigma: int) -> None:
    expected = reference_octal(digits, upto)
    got = octal_sparse_table(octal_arrays(digits), upto, mask=mask, delta=delta, sigma=sigma)
    assert got.tolist() == expected


@pytest.mark.parametrize("code", [(0, 7, 7), (0, 0, 7), (0, 1, 6), (4, 0, 0, 7), (0, 6), (0, 4, 4)])
def test_sparse_equals_plain_on_longer_tables(code: tuple[int, ...]) -> None:
    arrays = octal_arrays(code)
    plain = octal_plain_table(arrays, 3000)
    for mask, delta, sigma in [(1, 0, 0), (0x1E, 0, 0), (3, 1, 1), (0x100, 0, 1)]:
        assert (octal_sparse_table(arrays, 3000, mask=mask, delta=delta, sigma=sigma) == plain).all()


def test_value_width_adapts() -> None:
    assert value_dtype(255) is np.uint8 and value_dtype(256) is np.uint16
    assert value_dtype(70_000) is np.uint32
    # 4.007 has values above 255 before 3000: an 8-bit array is widened, not wrapped around.
    arrays = octal_arrays((4, 0, 0, 7))
    narrow = np.zeros(3001, dtype=np.uint8)
    widened = fill_octal(narrow, 0, 3001, arrays)
    reference = octal_plain_table(arrays, 3000)
    assert int(reference.max()) > 255
    assert widened.dtype == np.uint16 and (widened == reference).all()


def test_tables_extend_from_a_prefix() -> None:
    arrays = octal_arrays((0, 1, 6))
    full = octal_plain_table(arrays, 2000)
    part = np.zeros(2001, dtype=np.uint16)
    part[:700] = full[:700]
    part = fill_octal(part, 700, 2001, arrays, (0x1E, 0, 0))
    assert (part == full).all()
