"""The rare/common classes (grundy.tables.sparse) against a brute force of their definition."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.tables.sparse import choose_classes, count_rare, infinite_mask, rare_positions, sparse_classes


def label(v: int, x: int, mask: int, delta: int) -> int:
    """parity(v & mask) ^ (delta & x), counted bit by bit."""
    bits = v & mask
    ones = 0
    while bits:
        ones += bits & 1
        bits >>= 1
    return (ones % 2) ^ (delta & x)


def brute_choice(values: list[int], bits: int | None, sigmas: tuple[int, ...]) -> tuple[int, int, int, int]:
    n = len(values)
    top = max(values, default=0)
    b = max(1, top.bit_length() if bits is None else min(bits, top.bit_length()))
    lo = max(1, n // 2)
    candidates = []
    for mask in range(1, 1 << b):
        for delta in (0, 1):
            for k, sigma in enumerate(sigmas):
                count = sum(label(values[x], x, mask, delta) == sigma for x in range(lo, n))
                candidates.append((count, mask, delta, k, sigma))
    count, mask, delta, _, sigma = min(candidates)  # fewest, then the first tried
    return mask, delta, sigma, count


values_lists = st.lists(st.one_of(st.integers(0, 3), st.integers(0, 60)), max_size=40)


@settings(max_examples=40, deadline=None)
@given(values_lists, st.sampled_from([None, 3, 10]), st.sampled_from([(1, 0), (0,)]))
def test_choice_is_the_first_fewest_in_both_paths(values: list[int], bits: int | None,
                                                  sigmas: tuple[int, ...]) -> None:
    expected = brute_choice(values, bits, sigmas)
    assert choose_classes(values, bits=bits, sigmas=sigmas) == expected
    assert choose_classes(np.array(values, dtype=np.uint16), bits=bits, sigmas=sigmas) == expected


@settings(max_examples=40, deadline=None)
@given(values_lists, st.integers(-8, 40), st.integers(0, 1), st.integers(0, 1), st.integers(0, 70))
def test_rare_heaps_by_definition(values: list[int], mask: int, delta: int, sigma: int, stop: int) -> None:
    stop = min(stop, len(values))
    expected = [x for x in range(1, stop) if label(values[x], x, mask, delta) == sigma]
    for dtype in (np.uint16, np.uint32, np.int64):
        table = np.array(values, dtype=dtype)
        assert rare_positions(table, mask, delta, sigma, stop).tolist() == expected
        assert count_rare(table[:stop], mask, delta, sigma) == len(expected)


def test_infinite_mask_and_sparse_classes() -> None:
    assert infinite_mask(0b110, 3) == -2 == infinite_mask(0b1110, 4)
    assert infinite_mask(0b010, 3) == -6
    for low, bits in ((0b110, 3), (0b010, 3), (0b1, 1)):
        for x in range(1 << bits):
            assert label(x, 0, infinite_mask(low, bits), 0) == label(x, 0, low, 0)  # same below 2^bits
    few = np.array([3 if x % 50 == 0 else (1, 2, 4, 7)[x % 4] for x in range(2000)])  # 3 is rare for 7
    mask, delta, sigma, count = choose_classes(few)
    assert count == sum(label(int(few[x]), x, mask, delta) == sigma for x in range(1000, 2000)) <= 100
    assert sparse_classes(few) == (mask, delta, sigma)
    assert sparse_classes(np.arange(2000) % 7) is None  # most heaps rare whatever the classes
