"""Who wins without the Grundy value (:mod:`grundy.engine.outcome_search`, ``solve --input
--outcome``): checked against plain recursions written here, on random games of one's own (some
with moves that split into sums), catalog games, ABC 354 E's row of cards in its judge's layout,
and the refusals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.engine.outcome_search import outcome_only
from grundy.engine.search import Cache
from grundy.errors import LoopyGameError, SearchLimitError
from tests.helpers import cli_output as cli


def cards_moves(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """ABC 354 E: the cards a1 b1 a2 b2 ...; remove two cards whose fronts or backs are equal"""
    out = []
    for i in range(0, len(cards), 2):
        for j in range(i + 2, len(cards), 2):
            if cards[i] == cards[j] or cards[i + 1] == cards[j + 1]:
                out.append(cards[:i] + cards[i + 2:j] + cards[j + 2:])
    return out


def swap_loop(p: tuple[int, int]) -> list[tuple[int, int]]:
    """swap the two numbers while they differ"""
    return [(p[1], p[0])] if p[0] != p[1] else []


def takes(steps: tuple[int, ...], split: bool) -> object:
    def moves(p: tuple[int, int]) -> list[object]:
        a, b = p
        out: list[object] = [(a - s, b) for s in steps if s <= a] + [(a, b - s) for s in steps if s <= b]
        if split and a >= 2:
            out.append(grundy.Sum((a - 2, 0), (0, b)))
        return out
    return moves


@pytest.fixture(autouse=True, scope="module")
def games() -> Iterator[None]:
    grundy.game("oc-cards")(cards_moves)
    grundy.game("oc-loop", arity=2)(swap_loop)
    yield
    for name in ("oc-cards", "oc-loop"):
        catalog.unregister(name)


def pair_wins(steps: tuple[int, ...], split: bool) -> object:
    """The plain recursion of :func:`takes`' game: a split leaves a sum, valued by the XOR."""
    @cache
    def value(a: int, b: int) -> int:
        seen = {value(a - s, b) for s in steps if s <= a} | {value(a, b - s) for s in steps if s <= b}
        if split and a >= 2:
            seen.add(value(a - 2, 0) ^ value(0, b))
        return min(set(range(len(seen) + 1)) - seen)
    return value


@pytest.mark.slow
def test_random_games_of_ones_own_against_a_plain_recursion() -> None:
    rng = random.Random(2026)
    for number in range(40):
        steps = tuple(sorted(rng.sample(range(1, 7), rng.randint(1, 3))))
        split = rng.random() < 0.4
        name = f"oc-take{number}"
        grundy.game(name, arity=2)(takes(steps, split))
        try:
            game, value = grundy.load_game(name), pair_wins(steps, split)
            for _ in range(8):
                a, b = rng.randint(0, 30), rng.randint(0, 30)
                wins = outcome_only(game, (a, b)).value == "N"
                assert wins == (value(a, b) != 0), (steps, split, a, b)  # type: ignore[operator]
        finally:
            catalog.unregister(name)


def test_catalog_games_by_their_rules_and_sums() -> None:
    kayles = grundy.load_game("kayles")
    assert [outcome_only(kayles, (n,)).value for n in range(6)] == ["P", "N", "N", "N", "N", "N"]
    assert outcome_only(kayles, (1, 1)).value == "P" and outcome_only(kayles, (4, 5, 1)).value == "N"
    s = grundy.load_game("subtraction(1,3,4)")
    assert [outcome_only(s, n).value for n in range(8)] == ["P", "N", "P", "N", "N", "N", "N", "P"]


@cache
def cards_win(cards: tuple[int, ...]) -> bool:
    return any(not cards_win(option) for option in cards_moves(cards))


def test_an_n_position_stops_at_its_first_p_option() -> None:
    """Fewer positions are settled than the value needs (every position reachable: 266 here;
    the search settles 144)."""
    deck = (1, 1, 2, 2, 1, 3, 3, 3, 2, 1, 4, 4, 1, 2, 3, 1, 4, 2, 2, 4)
    game = grundy.load_game("oc-cards")
    memo = Cache()
    assert (outcome_only(game, deck, cache=memo).value == "N") == cards_win(deck)
    reachable: set[tuple[int, ...]] = set()
    todo = [deck]
    while todo:
        p = todo.pop()
        if p not in reachable:
            reachable.add(p)
            todo += cards_moves(p)
    assert 0 < len(memo.wins) < len(reachable)


def test_a_cycle_and_the_budget_are_refused() -> None:
    with pytest.raises(LoopyGameError, match="can reach itself"):
        outcome_only(grundy.load_game("oc-loop"), (1, 2))
    with pytest.raises(SearchLimitError):
        outcome_only(grundy.load_game("oc-cards"), (1, 1) * 3 + (2, 3, 3, 2) * 4, limit=50)


def test_abc354e_in_its_judge_layout(tmp_path: Path) -> None:
    rng = random.Random(354)
    decks = [tuple(x for _ in range(rng.randint(1, 9)) for x in (rng.randint(1, k), rng.randint(1, k)))
             for k in (2, 3, 4) for _ in range(15)]
    path = tmp_path / "cards.in"
    path.write_text("".join(" ".join(map(str, d)) + "\n" for d in decks))
    code, out, err = cli("solve", "oc-cards", "--input", "lines", str(path), "--outcome")
    assert code == 0, err
    assert out.split("\n")[:-1] == ["- N" if cards_win(d) else "0 P" for d in decks]
    code, out, _ = cli("solve", "oc-cards", "--input", "lines", str(path))  # (the values agree)
    assert [line.split()[1] for line in out.split("\n")[:-1]] == ["N" if cards_win(d) else "P" for d in decks]


def test_outcome_refusals_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text("1 2\n")
    for argv, words in [(("nim", "3", "--outcome"), "goes with --input"),
                        (("nim", "--input", "lines", str(path), "--outcome", "--misere"), "--misere"),
                        (("nim", "--input", "lines", str(path), "--outcome", "--winning-moves"),
                         "--winning-moves"),
                        (("bash(m)", "--input", "lines", str(path), "--outcome"), "not a family's")]:
        code, _, err = cli("solve", *argv)
        assert code == 2 and words in err and err.count("\n") == 1, (argv, err)
    code, out, _ = cli("solve", "oc-loop", "--input", "lines", str(path), "--outcome")
    assert code == 2 and out.startswith("error:") and "without --outcome" in out
