"""``subtraction(S)`` with a huge member: values, moves, reasons and sums from the runs of values
(:mod:`grundy.tables.subtraction_runs`), where the table could prove no period."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from grundy import grundy_value, load_game
from grundy.errors import NotSupportedError
from grundy.games.takeaway import subtraction
from tests.contest.test_takeaway_problems import grundy_cli


def one_two_k(n: int, k: int) -> int:
    """The known rule (a test oracle)."""
    if k % 3:
        return n % 3
    r = n % (k + 1)
    return 3 if r == k else r % 3


def test_values_and_sums_against_the_rule() -> None:
    rng = random.Random(5)
    for k in (999_999_999, 10**9, 3 * 10**17, 10**18 + 1):
        game = load_game(f"subtraction(1,2,{k})")
        heaps = [rng.randint(0, 10**18) for _ in range(5)] + [k, k + 1]
        for n in heaps:
            assert grundy_value(game, n) == one_two_k(n, k), (k, n)
        total = 0
        for n in heaps:
            total ^= one_two_k(n, k)
        assert grundy_value(game, tuple(heaps)) == total


def test_solve_states_the_proved_period() -> None:
    out = grundy_cli("solve", "subtraction(1,2,1000000000)", "999999999999")
    assert "grundy:   0" in out and "periodic with period 3 from heap 0" in out
    out = grundy_cli("solve", "subtraction(1,2,999999999)", "999999999999")
    assert "grundy:   3" in out and "period 1,000,000,000 from heap 0" in out
    assert "take 999999999: 999999999999 → 999000000000" in out  # to G = 0


def test_the_table_reports_the_proved_period() -> None:
    out = grundy_cli("table", "subtraction(1,2,1000000000)", "--upto", "40")
    assert "period 3 from heap 0 (proved: G(n + 3) = G(n) for n in [0, 1,000,000,000)" in out


def test_beyond_the_budget_is_one_honest_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subtraction, "RUNS_STEPS", 5000)
    subtraction._runs_of.cache_clear()
    try:
        game = load_game("subtraction(1,4,999999937,1000000000000000)")
        with pytest.raises(NotSupportedError, match="no period proved within 5,000 steps on runs"):
            grundy_value(game, 10**18)
    finally:
        subtraction._runs_of.cache_clear()


def test_small_heaps_and_their_sums_do_not_pay_for_the_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs are found only when a heap past the table's reach (or a table that long) asks for
    them: a small heap, and a sum of small heaps, of a set whose runs would take the whole budget
    are answered by brute force as before."""
    import grundy.tables.subtraction_runs as runs

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the runs were computed for small heaps")

    monkeypatch.setattr(runs, "runs_period", never)
    game = load_game("subtraction(1,4,999999941,1000000000000007)")
    assert grundy_value(game, 5) == 0 and grundy_value(game, (5, 6, 9)) == _xor_mod5([5, 6, 9]) == 3
    assert grundy_value(game, tuple(range(3000))) == _xor_mod5(range(3000))
    out = grundy_cli("solve", "subtraction(1,4,999999941,1000000000000007)", "9")
    assert "grundy:   2" in out


def _xor_mod5(heaps: Iterable[int]) -> int:
    """{1, 4} below 999999941: G(n) = n mod 5 in (0, 1, 0, 1, 2)."""
    total = 0
    for n in heaps:
        total ^= (0, 1, 0, 1, 2)[n % 5]
    return total
