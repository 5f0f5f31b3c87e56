"""Coin games: per-coin values and exact move sets against brute force over all short strings."""

from __future__ import annotations

from itertools import product

import pytest

from grundy import Cache, Outcome, grundy_value, load_game, moves_to_value, outcome, solve
from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.games.coins import CoinSlide, MockTurtles, Ruler, TurningTurtles, mock_value, ruler_value
from tests.helpers import brute_outcome, brute_value, brute_winning_targets, winning_targets

TURNING = [TurningTurtles(), MockTurtles(), Ruler()]


def _strings(alphabet: str, longest: int) -> list[str]:
    return ["".join(t) for n in range(1, longest + 1) for t in product(alphabet, repeat=n)]


@pytest.mark.parametrize("game", TURNING, ids=lambda g: g.spec)
def test_values_and_every_move_to_each_value_match_brute_force(game: TurningTurtles) -> None:
    cache = Cache()  # one brute-force memo (use_rules=False) for all strings

    def brute(position: str) -> int:
        return grundy_value(game, position, cache=cache, use_rules=False)

    for position in _strings("HT", 8):
        assert grundy_value(game, position) == brute(position), position
        options = [(m.to, brute(m.to)) for m in game.moves(position)]
        winning = {m.to for m in moves_to_value(game, position, 0)}
        assert winning == {to for to, v in options if v == 0}, position
        assert winning_targets(game, position) == winning
        if len(position) <= 6:
            for target in range(1, 8):
                got = {m.to for m in moves_to_value(game, position, target)}
                assert got == {to for to, v in options if v == target}, (position, target)
    assert brute_value(game, "HTHH") == grundy_value(game, "HTHH")


def test_value_sequences() -> None:
    odious = [n for n in range(200) if bin(n).count("1") % 2 == 1]
    assert [mock_value(p) for p in range(1, 51)] == odious[:50]
    assert [ruler_value(p) for p in range(1, 17)] == [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]


def test_long_rows_are_fast() -> None:
    for game, row in zip(TURNING, ["HT" * 2000, "HT" * 300, "HT" * 2000], strict=True):
        answer = solve(game, row)
        assert all(grundy_value(game, m.to) == 0 for m in answer.winning_moves)


@pytest.mark.slow
def test_misere_small() -> None:
    for game in TURNING:
        for position in _strings("HT", 5):
            assert outcome(game, position, misere=True) is brute_outcome(game, position, misere=True)
            assert isinstance(outcome(game, position, misere=True), Outcome)
            assert winning_targets(game, position, misere=True) == brute_winning_targets(
                game, position, misere=True)


def test_coin_slide_brute_force_and_limits() -> None:
    game = CoinSlide()
    assert [m.to for m in game.moves("##.#")] == [".###", "#.##", "##.."]
    assert grundy_value(game, "#.") == 0 and grundy_value(game, "##") == 2
    assert outcome(game, "##.#..##").value == "N"
    with pytest.raises(SearchLimitError):
        game.parse_position("#" * 30)
    with pytest.raises(InvalidPositionError):
        game.parse_position("#x.")


def test_parse() -> None:
    assert load_game("ruler").parse_position("th h") == "THH"
    for text in ["", "HTX", "1010"]:
        with pytest.raises(InvalidPositionError):
            TurningTurtles().parse_position(text)


def test_coin_slide_against_a_plain_recursion_without_canonical_keys() -> None:
    from functools import cache

    @cache
    def plain(s: str) -> int:
        seen = set()
        for i, ch in enumerate(s):
            if ch == "#":
                j = s.find(".", i + 1)
                t = list(s)
                t[i] = "."
                if j >= 0:
                    t[j] = "#"
                seen.add(plain("".join(t)))
        g = 0
        while g in seen:
            g += 1
        return g

    game = CoinSlide()
    cache_ = Cache()
    for position in _strings("#.", 9):
        assert grundy_value(game, position, cache=cache_) == plain(position), position
