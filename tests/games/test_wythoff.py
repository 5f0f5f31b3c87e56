"""Wythoff's game: the integer-exact theorem, every winning move, and the Grundy table."""

from __future__ import annotations

import json

import pytest

from grundy import Outcome, grundy_value, load_game, outcome, solve, winning_moves
from grundy.cli.app import main
from grundy.errors import InvalidPositionError
from grundy.games.takeaway.wythoff import Wythoff, golden_floor, grundy_grid, is_p_position, partner
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets

W = Wythoff()
SMALL = [(a, b) for a in range(13) for b in range(13)]


def test_golden_floor_matches_exact_rational_bounds() -> None:
    # ⌊kφ⌋ = m  ⇔  m ≤ kφ < m+1  ⇔  (2m − k)² ≤ 5k² < (2m + 2 − k)² (with 2m − k ≥ 0)
    for k in [*range(2000), 10**40 + 3, 7**300]:
        m = golden_floor(k)
        assert 2 * m - k >= 0 and (2 * m - k) ** 2 <= 5 * k * k < (2 * m + 2 - k) ** 2


def test_partner_is_an_involution_covering_every_number() -> None:
    seen = set()
    for x in range(5000):
        y = partner(x)
        assert partner(y) == x and is_p_position(x, y)
        seen.add(min(x, y))
    assert is_p_position(partner(10**500), 10**500)


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_rules_match_brute_force(misere: bool) -> None:
    for position in SMALL:
        assert outcome(W, position, misere=misere) is brute_outcome(W, position, misere=misere), position
        assert winning_targets(W, position, misere) == brute_winning_targets(W, position, misere), position


def test_grundy_table_matches_brute_force() -> None:
    grid = grundy_grid(13, 13)
    for a, b in SMALL:
        assert grid[a][b] == brute_value(W, (a, b)) == grundy_value(W, (a, b))
    assert grundy_grid(3, 40)[2][39] == brute_value(W, (2, 39))


def test_thousand_digit_heaps() -> None:
    k = 10**999 + 12345
    a, b = golden_floor(k), golden_floor(k) + k
    assert outcome(W, (a, b)) is Outcome.P and outcome(W, (b, a)) is Outcome.P
    moves = winning_moves(W, (a + 1, b + 5))
    answer = solve(W, (a + 10**998, b))  # bench/huge_positions.py times these
    assert moves and all(is_p_position(*m.to) for m in moves)
    assert answer.grundy is None and answer.note and "no closed form" in answer.note
    assert all(is_p_position(*m.to) for m in answer.winning_moves)


def test_bad_positions() -> None:
    for text in ["3", "1 2 3", "-1 2", "a b"]:
        with pytest.raises(InvalidPositionError):
            W.parse_position(text)


@pytest.mark.slow
def test_cli_table_2d(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["table", "wythoff", "--upto", "20", "--json"])
    assert info.value.code in (0, None)
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "wythoff" and len(data["values"]) == 21
    assert data["values"][3][5] == 0 and data["values"][20][20] == brute_value(W, (20, 20))
    with pytest.raises(SystemExit):
        main(["table", "wythoff", "--upto", "5"])
    out = capsys.readouterr().out
    assert "G(a, b)" in out and "3 │ 3 4 5 6 2 0" in out


def test_sum_with_nim() -> None:
    from grundy.catalog import parse_sum

    game, position = parse_sum("wythoff 3 4 + nim 2")
    expected = grundy_value(load_game("wythoff"), (3, 4)) ^ 2
    assert grundy_value(game, position) == expected
