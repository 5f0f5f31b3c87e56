"""Games on piles of at least one (``minimum=(1, 1)``) whose pattern is a ratio threshold or a bit
function of ``a`` and ``b`` themselves: the table, the export plan and ``--conjecture`` must find
it (shifting the coordinates to start at 0 hides both), checked here against a brute force of the
game's own rules at every cell of the domain, and a conjecture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

import grundy
from grundy.define import answering
from grundy.patterns.formulas import evaluate
from grundy.reports.user_tables import user_table

UPTO = 30


def submasks(c: int) -> Iterator[int]:
    d = c
    while d:
        yield d
        d = (d - 1) & c


def euclid(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Subtract a multiple of the smaller from the larger, leaving at least one."""
    a, b = p
    if a <= b:
        return [(a, b - k * a) for k in range(1, b // a + 1) if b - k * a >= 1]
    return [(a - k * b, b) for k in range(1, a // b + 1) if a - k * b >= 1]


def even_euclid(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Subtract an even multiple of the smaller from the larger, leaving at least one."""
    a, b = p
    if a >= b:
        return [(a - 2 * k * b, b) for k in range(1, a) if a - 2 * k * b >= 1]
    return [(a, b - 2 * k * a) for k in range(1, b) if b - 2 * k * a >= 1]


def set_bits(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Set some of the bits where the two piles differ, in both."""
    a, b = p
    return [(a | d, b | d) for d in submasks(a ^ b)]


def brute(moves: Callable[[tuple[int, int]], list[tuple[int, int]]]) -> Callable[[int, int], int]:
    @cache
    def g(a: int, b: int) -> int:
        seen = {g(*o) for o in moves((a, b))}
        m = 0
        while m in seen:
            m += 1
        return m

    return g


CASES = [
    (euclid, "p-positions", "P iff max(a, b) < φ·min(a, b), φ = (1 + √5)/2 ("),
    (even_euclid, "p-positions", "P iff max(a, b) < (1 + √2)·min(a, b) ("),
    (set_bits, "values", "G(a, b) = popcount(a ^ b) ("),
]


@pytest.mark.parametrize(("moves", "describes", "text"), CASES, ids=[c[0].__name__ for c in CASES])
def test_pattern_over_the_domain(moves: Callable[[tuple[int, int]], list[tuple[int, int]]],
                                 describes: str, text: str) -> None:
    name = f"t-dom-{moves.__name__.replace('_', '-')}"
    grundy.game(name, minimum=(1, 1))(moves)
    try:
        table = user_table(grundy.load_game(name), UPTO)
        assert table is not None and table.grid is not None
        g = brute(moves)
        assert all(table.grid[a][b] == (None if min(a, b) < 1 else g(a, b))
                   for a in range(UPTO + 1) for b in range(UPTO + 1))
        found = [p for p in table.patterns if p.describes == describes]
        assert found and found[0].text.startswith(text), table.patterns
        for p in table.patterns:
            assert p.status == "conjecture" and f"checked for 1 <= a <= {UPTO}, 1 <= b <= {UPTO}" in p.text
            assert p.formula is not None
            for a in range(1, UPTO + 1):
                for b in range(1, UPTO + 1):
                    got = evaluate(p.formula, a=a, b=b)
                    assert (got == g(a, b)) if p.describes == "values" else (bool(got) == (g(a, b) == 0))
    finally:
        grundy.catalog.unregister(name)


def test_conjecture_answers_a_large_pair_by_the_bit_function() -> None:
    grundy.game("t-dom-bits", minimum=(1, 1))(set_bits)
    try:
        game = grundy.load_game("t-dom-bits")
        a, b = 2**40, 2**40 + 2**14 - 1  # (its moves set bits: 3^14 moves reachable, too many to explore)
        with answering(conjecture=True) as context:
            answer = grundy.solve(game, (a, b))
        assert answer.grundy == bin(a ^ b).count("1")
        assert [p.text.startswith("G(a, b) = popcount(a ^ b) (conjecture") for p in context.used] == [True]
        with answering(), pytest.raises(grundy.GrundyError, match="popcount"):
            grundy.solve(game, (a, b))  # no conjecture: refused, quoting the pattern
    finally:
        grundy.catalog.unregister("t-dom-bits")


def test_a_p_position_rule_answers_p_positions_only() -> None:
    grundy.game("t-dom-euclid-big", minimum=(1, 1))(euclid)
    try:
        game = grundy.load_game("t-dom-euclid-big")
        big, small = 1999999999, 1999999998
        assert big * big - big * small - small * small < 0  # max < φ·min, in integers
        with answering(conjecture=True) as context:
            answer = grundy.solve(game, (big, small))
        assert (answer.outcome.value, answer.grundy, answer.winning_moves) == ("P", 0, [])
        assert [p.text.startswith("P iff max(a, b) < φ·min(a, b)") for p in context.used] == [True]
        # an N-position by the rule has no value by it: refused, with the move the rule suggests
        with answering(conjecture=True), pytest.raises(grundy.GrundyError) as info:
            grundy.solve(game, (big, 999999998))
        assert "N-position" in str(info.value) and "'1000000001 999999998'" in str(info.value)
        assert "gives no Grundy value" in str(info.value)
        with answering(), pytest.raises(grundy.GrundyError) as info:  # no conjecture: quoted only
            grundy.solve(game, (big, small))
        assert "P-positions follow a conjecture (P iff max(a, b) < φ·min(a, b)" in str(info.value)
    finally:
        grundy.catalog.unregister("t-dom-euclid-big")


def sorted_euclid(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Euclid's game on pairs a <= b (the smaller pile first)."""
    return [(min(o), max(o)) for o in euclid(p)]


@pytest.mark.parametrize(("valid", "moves", "where"), [
    (lambda p: min(p) >= 1, euclid, f"checked for 1 <= a <= {UPTO}, 1 <= b <= {UPTO}"),
    (lambda p: 1 <= p[0] <= p[1], sorted_euclid, f"checked on the positions with a, b <= {UPTO}"),
], ids=["rectangle", "triangle"])
def test_a_domain_given_by_a_predicate(valid: Callable[[tuple[int, int]], bool],
                                       moves: Callable[[tuple[int, int]], list[tuple[int, int]]],
                                       where: str) -> None:
    grundy.game("t-dom-valid", arity=2, valid=valid)(moves)
    try:
        table = user_table(grundy.load_game("t-dom-valid"), UPTO)
        assert table is not None and table.grid is not None and table.note is None
        g = brute(moves)
        (rule,) = [p for p in table.patterns if p.describes == "p-positions"]
        assert rule.text.startswith("P iff max(a, b) < φ·min(a, b)") and where in rule.text
        assert rule.formula is not None
        for a in range(UPTO + 1):
            for b in range(UPTO + 1):
                if valid((a, b)):
                    assert table.grid[a][b] == g(a, b)
                    assert bool(evaluate(rule.formula, a=a, b=b)) == (g(a, b) == 0)
                else:
                    assert table.grid[a][b] is None
    finally:
        grundy.catalog.unregister("t-dom-valid")
