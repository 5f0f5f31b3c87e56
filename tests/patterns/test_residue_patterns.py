"""Values linear on each residue class (:mod:`grundy.patterns.residues`): found in synthetic tables
of that shape (the modulus, ``n0`` and exceptions they were built with), in the table of a game
of that shape (checked against its own brute force), and not found where the table has no such
law (no false pattern)."""

from __future__ import annotations

import random
from functools import cache
from math import isqrt

import pytest

from grundy.model.laws import Describes, Status
from grundy.patterns.formulas import evaluate
from grundy.patterns.record import SEARCH_STEPS
from grundy.patterns.residues import ResidueLaw, residue_law
from grundy.patterns.search import find_patterns
from tests.helpers import mex

STEPS = SEARCH_STEPS // 4  # (find_patterns' share for this finder)


def minimal_cycle(slopes: list[int]) -> int:
    """The least ``d`` with ``slopes[r] == slopes[(r + d) % m]`` for every ``r``."""
    m = len(slopes)
    return next(d for d in range(1, m + 1) if all(slopes[r] == slopes[(r + d) % m] for r in range(m)))


def synthetic(rng: random.Random, m: int, total: int) -> tuple[list[int], int, dict[int, int]]:
    """A table ``a_r·k + b_r`` (slopes whose cycle is exactly ``m``, so no smaller modulus has a law),
    with a few exceptions below some heap: the table, ``n0`` (one past the last exception) and the
    exceptions."""
    while True:
        slopes = [rng.choice([0, 0, 1, 2, 3]) for _ in range(m)]
        if minimal_cycle(slopes) == m:
            break
    offsets = [rng.randint(0, 5) for _ in range(m)]
    table = [slopes[n % m] * (n // m) + offsets[n % m] for n in range(total)]
    exceptions: dict[int, int] = {}
    for n in rng.sample(range(min(total // 3, 3 * m)), rng.randint(0, min(4, m // 2))):
        exceptions[n] = table[n] + rng.randint(1, 3)
        table[n] = exceptions[n]
    return table, max(exceptions, default=-1) + 1, exceptions


@pytest.mark.parametrize("seed", range(12))
def test_a_synthetic_table_is_found_with_its_modulus_start_and_exceptions(seed: int) -> None:
    rng = random.Random(seed)
    m = rng.choice([2, 3, 4, 5, 6, 8, 12, 18, 30, 64])
    total = rng.randint(max(200, 16 * m), 2000)  # (a law of m classes needs ~2m numbers: more data)
    table, n0, exceptions = synthetic(rng, m, total)
    law = residue_law(table, steps=STEPS)
    assert law is not None
    assert (law.modulus, law.start, dict(law.exceptions)) == (m, n0, exceptions)
    assert all(law.value(n) == table[n] for n in range(total))
    formula = law.formula()
    assert all(evaluate(formula, n=n) == table[n] for n in range(total))
    best = find_patterns(table)
    values = [p for p in best if p.describes is Describes.VALUES]
    assert values and values[0].formula == formula and values[0].status is Status.CONJECTURE
    assert values[0].text.startswith(f"G({m}k + r) = ") and f"checked for n <= {total - 1}" in values[0].text
    for p in best:
        if p.describes is Describes.P_POSITIONS and p.formula is not None:
            assert all(bool(evaluate(p.formula, n=n)) == (table[n] == 0) for n in range(total))


def test_half_on_odd_heaps_and_zero_on_even_ones() -> None:
    """``n // 2`` on the odd heaps, 0 on the even ones: its text and formula, and its P-positions."""
    table = [n // 2 if n % 2 else 0 for n in range(100)]
    found = {p.describes: p for p in find_patterns(table)}
    assert found[Describes.VALUES].rule == "G(2k + r) = k for r = 1, 0 for r = 0"
    assert found[Describes.P_POSITIONS].rule == "P iff n % 2 == 0, or n in {1}"


def test_the_text_and_formula_of_a_law() -> None:
    law = ResidueLaw(4, 3, (0, 2, 0, 1), (1, 0, 0, 3), ((0, 7), (2, 5)))
    assert law.text() == ("G(4k + r) = 1 for r = 0, 2k for r = 1, k + 3 for r = 3, 0 for r = 2; "
                          "except G(0) = 7, G(2) = 5")
    assert [evaluate(law.formula(), n=n) for n in range(12)] == [law.value(n) for n in range(12)] == \
        [7, 0, 5, 3, 1, 2, 0, 4, 1, 4, 0, 5]


# ---- a game of that shape: ARC 151 C's gaps ---------------------------------------------------

def gap_options(h: int) -> list[tuple[int, int]]:
    """ARC 151 C from its statement: the heap ``9L + 3l + r`` is ``L`` empty cells between ends
    ``l``, ``r`` (0 or 1 written, 2: no neighbour); writing ``d`` in a cell (never equal to a
    written neighbour) leaves two gaps."""
    length, left, right = h // 9, h % 9 // 3, h % 3
    return [(9 * (i - 1) + 3 * left + d, 9 * (length - i) + 3 * d + right)
            for i in range(1, length + 1) for d in (0, 1)
            if not (i == 1 and d == left) and not (i == length and d == right)]


@cache
def gap_value(h: int) -> int:
    return mex({gap_value(a) ^ gap_value(b) for a, b in gap_options(h)})


def test_arc151c_gaps() -> None:
    """The gaps' table (its own mex brute force here) has modulus 18 (``L mod 2`` with both ends
    free needs two lengths a class), from heap 5 (a gap of no cell between equal ends is 0, not 1)."""
    table = [gap_value(h) for h in range(9 * 60)]
    law = residue_law(table, steps=STEPS)
    assert law is not None and (law.modulus, law.start, law.exceptions) == (18, 5, ((0, 0), (4, 0)))
    best = find_patterns(table)[0:2]
    assert {p.describes for p in best} == {Describes.VALUES, Describes.P_POSITIONS}
    for h in range(9 * 60, 9 * 75):  # (past the table it was found on)
        assert law.value(h) == gap_value(h), h


# ---- no false pattern -------------------------------------------------------------------------

def _random(rng: random.Random, total: int) -> list[int]:
    return [rng.randint(0, 4) for _ in range(total)]


def _late(rng: random.Random, total: int) -> list[int]:
    """Per-class linear only in the last third of the table (too late to be a law)."""
    law = [n // 3 if n % 3 else 1 for n in range(total)]
    return [rng.randint(0, 9) if n < 2 * total // 3 else law[n] for n in range(total)]


def _falling(rng: random.Random, total: int) -> list[int]:
    """One class falls (a value cannot stay non-negative): not a law."""
    return [max(0, 1000 - n // 2) if n % 2 else n // 2 for n in range(total)]


def _wide(rng: random.Random, total: int) -> list[int]:
    """Linear per class mod 70 (beyond the moduli tried)."""
    slopes = [rng.randint(0, 3) for _ in range(70)]
    return [slopes[n % 70] * (n // 70) + n % 7 for n in range(total)]


NOT_A_LAW = {
    "random": _random, "late": _late, "falling": _falling, "wide": _wide,
    "isqrt": lambda rng, total: [isqrt(n) for n in range(total)],
    "popcount": lambda rng, total: [bin(n).count("1") for n in range(total)],
    "bit_length": lambda rng, total: [n.bit_length() for n in range(total)],
    "square mod": lambda rng, total: [n * n % 11 + n // 13 * (n % 2) for n in range(total)],
}


@pytest.mark.parametrize("kind", sorted(NOT_A_LAW))
@pytest.mark.parametrize("total", [120, 700, 3000])
def test_no_law_where_the_table_has_none(kind: str, total: int) -> None:
    rng = random.Random(f"{kind} {total}")
    table = NOT_A_LAW[kind](rng, total)
    law = residue_law(table, steps=STEPS)
    assert law is None, law
    assert not any(p.text.startswith("G(") and "k + r)" in p.text for p in find_patterns(table))


def test_a_common_slope_is_left_to_the_period() -> None:
    """One slope for every class is arithmetic periodicity: the period finder reports it (and may
    prove it), not this finder."""
    table = [n // 3 * 2 + [0, 5, 1][n % 3] for n in range(300)]
    assert residue_law(table, steps=STEPS) is None
    assert not any("k + r)" in p.text for p in find_patterns(table))


def test_the_steps_bound_the_search() -> None:
    """Out of steps, nothing is found (the same answer however loaded the machine is)."""
    table = [n // 2 if n % 2 else 0 for n in range(5000)]
    assert residue_law(table, steps=STEPS) is not None
    assert residue_law(table, steps=3) is None
