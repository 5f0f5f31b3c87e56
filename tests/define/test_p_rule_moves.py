"""A conjectured rule of the P-positions answers an N-position too: the outcome and a winning move
into a position the rule calls P, with the value unknown (and said so). Checked against a brute
force written here, beyond the table the rule was found in."""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

import pytest

import grundy
from grundy import catalog
from grundy.errors import SearchLimitError
from grundy.reports.answers import solve_answer

NAME = "doc-deleting-divisors"
LIMIT = 1_000
"""A budget that tabulates a few hundred heaps and explores none above 8,000 (its steps over
``TABLE_STEP``): the rule answers the larger ones."""


def divisor_moves(n: int) -> list[int]:
    """Subtract a divisor d of n with 1 < d < n."""
    divisors = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return sorted(n - d for d in divisors if 1 < d < n)


def brute(upto: int) -> list[int]:
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[o] for o in divisor_moves(n)}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


@pytest.fixture
def game() -> Iterator[grundy.Game]:
    grundy.heap_game(NAME)(divisor_moves)
    try:
        yield catalog.load_game(NAME)
    finally:
        catalog.unregister(NAME)


@pytest.mark.slow
def test_n_positions_by_the_rule_get_a_winning_move_and_no_value(game: grundy.Game) -> None:
    truth = brute(10_000)
    by_rule = 0
    for n in range(8_001, 10_001, 41):
        answer, conjectures = solve_answer(game, (n,), conjecture=True, limit=LIMIT)
        assert answer.outcome.value == ("P" if truth[n] == 0 else "N"), n
        if not conjectures:
            assert answer.grundy == truth[n]  # (the table reached it)
            continue
        by_rule += 1
        assert conjectures[0].startswith("P iff")
        if truth[n] == 0:
            assert answer.grundy == 0 and not answer.winning_moves
        else:
            assert answer.grundy is None and "unknown" in (answer.note or "")
            (move,) = answer.winning_moves
            (target,) = move.to
            assert target in divisor_moves(n) and truth[target] == 0
    assert by_rule > 10  # the rule, not the table, answered most of them


@pytest.mark.slow
def test_a_sum_with_a_part_of_unknown_value_is_refused(game: grundy.Game) -> None:
    with pytest.raises(SearchLimitError, match="undecided"):
        solve_answer(game, (10**9, 10**9 - 1), conjecture=True, limit=30_000)
    answer, conjectures = solve_answer(game, (10**9,), conjecture=True, limit=30_000)
    assert answer.outcome.value == "N" and answer.grundy is None and conjectures
    assert answer.why.rule == "p-rule-move"
    (move,) = answer.winning_moves
    assert move.to == (10**9 - 5**9,)  # the largest odd divisor taken: an odd heap, P by the rule


def wythoff_p_positions(upto: int) -> set[tuple[int, int]]:
    """(x_k, x_k + k) and its mirror, x_k the least number in no earlier pair (Wythoff, 1907)."""
    used: set[int] = set()
    out: set[tuple[int, int]] = set()
    k = 0
    while True:
        x = next(i for i in range(upto + 2) if i not in used)
        if x > upto:
            return out
        used |= {x, x + k}
        out |= {(x, x + k), (x + k, x)}
        k += 1


@pytest.fixture
def wythoff() -> Iterator[grundy.Game]:
    def moves(p: tuple[int, int]) -> list[tuple[int, int]]:
        a, b = p
        return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
                + [(a - k, b - k) for k in range(1, min(a, b) + 1)])
    grundy.game("doc-p-wythoff", arity=2)(moves)
    try:
        yield catalog.load_game("doc-p-wythoff")
    finally:
        catalog.unregister("doc-p-wythoff")


@pytest.mark.slow
def test_a_pair_the_rule_calls_n_gets_a_winning_move(wythoff: grundy.Game) -> None:
    p_positions = wythoff_p_positions(5000)
    for position in ((3000, 4000), (4000, 1000)):
        answer, conjectures = solve_answer(wythoff, position, conjecture=True)
        assert answer.outcome.value == "N" and answer.grundy is None and conjectures
        (move,) = answer.winning_moves
        assert move.to in p_positions and move.to in wythoff.options_of(position)  # type: ignore[attr-defined]
    answer, _ = solve_answer(wythoff, (2472, 4000), conjecture=True)
    assert (2472, 4000) in p_positions and answer.outcome.value == "P" and answer.grundy == 0
