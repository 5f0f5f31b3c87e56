"""The rare-value scan's classes: heap-parity classes (``delta = 1``) where they make fewer heaps
rare, chosen by exact counts, and the same table whatever the classes.

The counts are checked against a count of their own (bit by bit, heap by heap), and the tables
against the plain kernel and, in ``test_octal_threads.py``, a brute force of their own.
"""

from __future__ import annotations

import numpy as np
import pytest

from grundy.tables.kernels.octal import Workspace, octal_arrays, octal_plain_table, table_buffer
from grundy.tables.kernels.octal_rare import (
    PLAIN_SHARE,
    PLAIN_SHARE_WIDE,
    choose_rare_classes,
    fill_rare,
    plain_share,
    split_parity,
)
from grundy.tables.sparse import choose_mask


def rare_count(values: list[int], mask: int, delta: int, sigma: int) -> int:
    """Heaps ``x >= 1`` with ``parity(G(x) & mask) ^ (delta & x) == sigma``, counted one by one."""
    return sum(1 for x in range(1, len(values))
               if (bin(values[x] & mask).count("1") % 2) ^ (delta & x) == sigma)


def digits(code: str) -> tuple[int, ...]:
    return tuple(int(ch) for ch in code.replace(".", ""))


@pytest.mark.parametrize("seed", range(6))
def test_the_classes_chosen_have_the_fewest_rare_heaps(seed: int) -> None:
    """Random tables, some with heap-parity structure: when ``delta = 1`` is chosen its mask has
    the fewest rare heaps of any mask, and fewer than half the plain mask's; else none does."""
    rng = np.random.default_rng(seed)
    size, cap = 300, 16
    values = rng.integers(0, cap, size)
    if seed % 2:  # parity(G(x) & 5) == x & 1 on most heaps
        for x in range(1, size):
            while (bin(int(values[x]) & 5).count("1") % 2) != (x & 1) and rng.random() < 0.95:
                values[x] = rng.integers(0, cap)
    table = values.astype(np.uint8)
    freq = np.bincount(table, minlength=cap)
    for parity in (0, 1):
        mask, delta, sigma = choose_rare_classes(table, size, freq, cap, parity)
        listed = table.tolist()
        best = min(rare_count(listed, m, 1, parity) for m in range(1, cap))
        plain = rare_count(listed, choose_mask(freq)[0], 0, 0)
        if delta == 1:
            assert sigma == parity and rare_count(listed, mask, 1, sigma) == best < plain / 2
        else:
            assert (mask, sigma) == (choose_mask(freq)[0], 0) and not 2 * best < plain
    assert choose_rare_classes(table, size, freq, cap, None)[1:] == (0, 0)


def test_split_parity() -> None:
    assert split_parity(octal_arrays(digits("0.104")).split) == 1  # splits remove 3
    assert split_parity(octal_arrays(digits("0.0404")).split) == 0  # 2 and 4
    assert split_parity(octal_arrays(digits("0.77")).split) is None  # 1 and 2
    assert split_parity(octal_arrays(digits("0.3")).split) is None  # no split


@pytest.mark.parametrize("code", ["0.104", "0.142", "0.204", "0.005", "0.152", "0.041"])
def test_heap_parity_classes_are_chosen_and_the_table_is_exact(code: str) -> None:
    arrays = octal_arrays(digits(code))
    work = Workspace(1)
    got = fill_rare(table_buffer(20001), 0, 20001, arrays, work)
    assert work.rare is not None and work.rare.delta == 1  # (they fire here)
    assert np.array_equal(np.asarray(got, dtype=np.int64), octal_plain_table(arrays, 20000).astype(np.int64))


def test_wide_values_turn_to_the_plain_kernel_sooner() -> None:
    """Values from 512 on are confirmed through a byte a value: ``auto`` then takes the plain
    kernel from a smaller share of rare heaps, and the table is the same."""
    assert plain_share(256) == plain_share(512) == PLAIN_SHARE > plain_share(1024) == PLAIN_SHARE_WIDE
    arrays = octal_arrays(digits("0.007"))  # from heap 65,536: values past 512, 20 % of heaps rare
    work = Workspace(1)
    got = fill_rare(table_buffer(70000), 0, 70000, arrays, work, auto=True)
    assert work.rare is not None and work.rare.cap > 512 and work.rare.n_rare > 0.2 * 70000
    assert work.rare.plain_stretch == 70000 - 64  # (every heap from 64 on: 0.25 would have left the last)
    assert np.array_equal(np.asarray(got, dtype=np.int64), octal_plain_table(arrays, 69999).astype(np.int64))
