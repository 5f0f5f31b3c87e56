"""Grundy's game, Lasker's Nim, the split game and Stripes: closed forms and kernels vs brute force."""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import grundy_value, load_game, moves_to_value, winning_moves
from grundy.errors import GrundyError, InvalidGameError, InvalidPositionError, NotSupportedError
from grundy.games.takebreak import grundy_game as gg
from grundy.games.takebreak.lasker import lasker_splits_to_value, lasker_value
from grundy.games.takebreak.octal import Octal
from grundy.games.takebreak.split_game import mex_stone_values, stone_distance, stone_value
from grundy.tables.kernels.grundy_game import (
    choose_classes,
    grundy_game_plain,
    grundy_game_table,
)
from grundy.tables.sparse import count_rare
from tests.helpers import brute_value

# OEIS A002188, the first 105 terms as printed there.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
           3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
           2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
           7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3]


# ---- Lasker's Nim -------------------------------------------------------------------------------

@pytest.mark.slow
def test_lasker_formula_matches_brute_force() -> None:
    game = load_game("lasker-nim")
    assert [brute_value(game, (n,)) for n in range(19)] == [lasker_value(n) for n in range(19)]


def test_lasker_formula_matches_mex_table() -> None:
    values: list[int] = []
    for n in range(400):
        seen = {values[k] for k in range(n)} | {values[a] ^ values[n - a] for a in range(1, n)}
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    assert values == [lasker_value(n) for n in range(400)]


def test_lasker_splits_exhaustive() -> None:
    for n in range(1, 130):
        for target in range(260):
            expected = [(a, n - a) for a in range(1, n // 2 + 1)
                        if lasker_value(a) ^ lasker_value(n - a) == target]
            assert lasker_splits_to_value(n, target) == expected, (n, target)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 2**12))
def test_lasker_splits_random(n: int, target: int) -> None:
    found = lasker_splits_to_value(n, target)
    assert all(lasker_value(a) ^ lasker_value(b) == target and a + b == n and 1 <= a <= b
               for a, b in found)
    if n <= 20_000:
        count = sum(1 for a in range(1, n // 2 + 1) if lasker_value(a) ^ lasker_value(n - a) == target)
        assert len(found) == count


@pytest.mark.slow
def test_lasker_moves_to_value_match_engine() -> None:
    game = load_game("lasker-nim")
    for n in range(40):
        for target in range(0, 45, 3):
            by_rule = {m.to for m in moves_to_value(game, (n,), target)}
            by_search = {m.to for m in moves_to_value(game, (n,), target, use_rules=False, limit=10**7)
                         } if n < 14 else {m.to for m in game.moves((n,))
                                           if grundy_value(game, m.to) == target}
            assert by_rule == by_search, (n, target)


def test_lasker_table_hook_matches_formula() -> None:
    game = load_game("lasker-nim")
    table = game.table_values(2000)  # type: ignore[attr-defined]
    assert table.tolist() == [lasker_value(n) for n in range(2001)]


def test_lasker_periodicity_is_proved_and_matches_detection() -> None:
    from grundy.tables.analysis import analyze
    from grundy.tables.periodicity import find_period

    result = analyze(load_game("lasker-nim"), 500)
    assert (result.period, result.preperiod, result.saltus, result.proved) == (4, 1, 4, True)
    observed = find_period(result.values)
    assert observed is not None and (observed.period, observed.preperiod, observed.saltus) == (4, 1, 4)


def test_lasker_huge_heaps_answer_at_once() -> None:
    game = load_game("lasker-nim")
    n = 10**18 + 3
    assert grundy_value(game, (n,)) == n + 1
    moves = winning_moves(game, (n, 7))
    assert moves and all(grundy_value(game, m.to) == 0 for m in moves)
    assert [m.to for m in winning_moves(game, (4 * 10**17,))] == [(0,), (2 * 10**17, 2 * 10**17)]


# ---- Grundy's game ------------------------------------------------------------------------------

def test_grundy_game_matches_oeis_and_brute_force() -> None:
    game = load_game("grundy-game")
    assert [grundy_value(game, n) for n in range(len(A002188))] == A002188
    assert [brute_value(game, (n,)) for n in range(24)] == A002188[:24]
    assert gg.python_table(len(A002188) - 1) == A002188


def test_grundy_game_kernels_match_python_reference() -> None:
    reference = gg.python_table(2500)
    assert grundy_game_plain(2500).tolist() == reference
    assert grundy_game_table(2500, method="sparse").tolist() == reference
    assert grundy_game_table(2500, method="plain", progress=lambda a, b: None).tolist() == reference


@pytest.mark.slow
def test_grundy_game_sparse_equals_plain_beyond_the_prefix() -> None:
    plain = grundy_game_plain(40_000)
    calls: list[tuple[int, int]] = []
    sparse = grundy_game_table(40_000, progress=lambda done, total: calls.append((done, total)))
    assert np.array_equal(plain, sparse)
    assert calls[-1] == (40_001, 40_001)


# Flammenkamp, "Sprague-Grundy Values of Grundy's Game" (wwwhomes.uni-bielefeld.de/achim/grundy.html):
# the first known sparse (rare) values, mask …11110, as (n, G(n)).
FLAMMENKAMP_RARE = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 0), (6, 1), (7, 0), (9, 1), (10, 0), (12, 1),
                    (15, 1), (20, 0), (23, 0), (26, 0), (28, 1), (31, 1), (34, 1), (37, 1), (40, 1),
                    (43, 1), (46, 1), (49, 1), (50, 0), (52, 1), (53, 0), (55, 1), (58, 1), (61, 1),
                    (87, 7), (90, 7), (93, 7), (146, 6), (149, 6), (152, 6), (158, 11), (161, 11),
                    (164, 11), (167, 11), (176, 7), (179, 7), (181, 12), (182, 7), (185, 7),
                    (188, 7), (190, 12), (193, 12), (196, 10), (231, 10)]


def test_grundy_game_sparse_classes_are_flammenkamps() -> None:
    values = grundy_game_plain(20_000)
    assert choose_classes(values[:4096]) == (-2, 0)
    rare = [(n, int(v)) for n, v in enumerate(values[:232]) if bin(int(v) >> 1).count("1") % 2 == 0]
    assert rare == FLAMMENKAMP_RARE
    assert count_rare(values[:232], -2, 0, start=0) == len(FLAMMENKAMP_RARE)
    # Flammenkamp knows 1287 rare values up to 2^35, so they must be at most that many here.
    assert count_rare(values, -2, 0, start=0) <= 1287


def test_grundy_game_winning_moves_and_errors() -> None:
    game = load_game("grundy-game")
    for n in range(60):
        expected = [(a, n - a) for a in range(1, (n + 1) // 2)
                    if A002188[a] ^ A002188[n - a] == 0]
        assert [m.to for m in winning_moves(game, (n,))] == expected
    with pytest.raises(NotSupportedError, match="no formula"):
        grundy_value(game, (gg.MAX_HEAP + 1,))
    with pytest.raises(GrundyError):
        gg.table(10, method="fast")


# ---- split game ---------------------------------------------------------------------------------

def test_split_game_stone_values_are_odious_numbers() -> None:
    assert mex_stone_values(600) == [stone_value(d) for d in range(600)]
    odious = [v for v in range(1, 2000) if bin(v).count("1") % 2 == 1]
    assert [stone_value(d) for d in range(1, 900)] == odious[:899]
    assert all(stone_distance(stone_value(d)) == d for d in range(2000))


@pytest.mark.slow
def test_split_game_matches_brute_force_exhaustively() -> None:
    game = load_game("split-game")
    for n in range(1, 5):
        for position in itertools.product(range(3), repeat=n):
            assert grundy_value(game, position) == brute_value(game, position), position
            expected = {m.to for m in winning_moves(game, position, use_rules=False)}
            assert {m.to for m in winning_moves(game, position)} == expected, position


def test_split_game_moves_to_value_in_move_order() -> None:
    game = load_game("split-game")
    for position in [(1, 0, 1, 0, 1), (2, 1, 0, 3, 0, 1), (0, 1, 1, 1, 1, 1, 0)]:
        for target in range(16):
            expected = [m for m in game.moves(position) if grundy_value(game, m.to) == target]
            assert moves_to_value(game, position, target) == expected


def test_split_game_errors() -> None:
    game = load_game("split-game")
    with pytest.raises(InvalidPositionError):
        game.parse_position("1 -1")
    with pytest.raises(InvalidPositionError):
        game.parse_position("")


# ---- Stripes ------------------------------------------------------------------------------------

def test_stripes_is_the_octal_game() -> None:
    def code(spec: str) -> str:
        game = load_game(spec)
        assert isinstance(game, Octal)
        return game.code

    assert code("stripes(1,2,3)") == "0.777" and code("stripes(2,2,2)") == code("dawson-kayles")
    game = load_game("stripes(1,5,1)")
    assert [grundy_value(game, n) for n in range(16)] == [brute_value(game, (n,)) for n in range(16)]
    assert load_game("stripes(2,2,2)").spec == "stripes(2,2,2)"


def test_stripes_huge_row_from_the_proved_period() -> None:
    stripes = load_game("stripes(2,2,2)")
    dawson = load_game("dawson-kayles")
    for n in (10**18, 10**18 + 1, 12345678901):
        assert grundy_value(stripes, (n,)) == grundy_value(dawson, (n,))


@pytest.mark.parametrize("spec", ["stripes()", "stripes(0,1,2)", "stripes(1,2,x)",
                                  "stripes(1,2,100001)", "stripes(a=1,b=2,c=3)"])
def test_stripes_bad_parameters(spec: str) -> None:
    with pytest.raises(InvalidGameError):
        load_game(spec)


def test_stripes_of_any_number_of_lengths_against_a_plain_mex() -> None:
    for lengths in [(2,), (1, 3), (2, 3), (2, 5, 6, 11)]:
        g: list[int] = []
        for n in range(80):  # remove exactly s consecutive stones: i stones stay left, n - s - i right
            seen = {g[i] ^ g[n - s - i] for s in lengths if s <= n for i in range(n - s + 1)}
            g.append(min(set(range(len(seen) + 1)) - seen))
        game = load_game(f"stripes({','.join(map(str, lengths))})")
        assert [grundy_value(game, (n,)) for n in range(80)] == g, lengths


@pytest.mark.slow
def test_cli_solves_each_game() -> None:
    for args, needle in [(["lasker-nim", "1000000000000000002"], "500000000000000001"),
                         (["grundy-game", "8"], "split 8 → 1 + 7"),
                         (["split-game", "1", "1", "0"], "pile 1 → piles 2 and 3"),
                         (["stripes(1,5,1)", "7"], "N-position")]:
        done = subprocess.run([sys.executable, "-m", "grundy", "solve", *args],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert needle in done.stdout
    done = subprocess.run([sys.executable, "-m", "grundy", "solve", "stripes(1,2,0)", "3"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
