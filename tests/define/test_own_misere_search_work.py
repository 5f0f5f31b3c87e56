"""The misère search of a game of one's own (POJ 2068, tests/contest/test_classic_problems.py):
where its time went, and the work it now does, counted in calls (no timing).

Profiled on one full-size line (n = 10, S = 8192, 163,633 positions), ``solve --input lines
--misere`` spent two thirds of its time writing the text of every option of every position (the
move labels of ``moves``, which a search never reads), and called the move function three times a
position: once to explore the graph (the check of sums before a misère search), once for the
profile of the misère laws, once for the misère search itself; and the check ran its setup again
at each position of the search. Now a search reads the options without labels
(``UserGame.options``), a position of the graph explored already gives its options from the graph
(the same ones, in the same order), and the check returns at once for a position it has explored:
the move function is called once a position, and no position is written as text. The answers are
checked against a brute force written here."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import grundy
from grundy import catalog
from grundy.define import user_games
from grundy.solving.solve import solve_value


def team_nim(position: tuple[int, ...]) -> list[object]:
    """POJ 2068: (n, S, M1..M2n): the player to move takes 1..M1 of S; then M2 is to move"""
    n, s, first, *rest = position
    return [(n, s - k, *rest, first) for k in range(1, min(first, s) + 1)]


CALLS: list[int] = []


def counted(position: tuple[int, ...]) -> list[object]:
    CALLS.append(1)
    return team_nim(position)


@pytest.fixture(autouse=True)
def games() -> Iterator[None]:
    grundy.game("wk-team")(counted)
    yield
    catalog.unregister("wk-team")


def team_brute(s: int, most: tuple[int, ...]) -> bool:
    """Whether the player to move wins (misère), bottom up over the stones left."""
    players = len(most)
    wins = [[True] * (s + 1) for _ in range(players)]
    for x in range(1, s + 1):
        for i in range(players):
            wins[i][x] = any(not wins[(i + 1) % players][x - k] for k in range(1, min(most[i], x) + 1))
    return wins[0][s]


def reachable(root: tuple[int, ...]) -> int:
    seen, todo = {root}, [root]
    while todo:
        for option in team_nim(todo.pop()):
            if option not in seen:
                seen.add(option)  # type: ignore[arg-type]
                todo.append(option)  # type: ignore[arg-type]
    return len(seen)


def test_the_move_function_is_called_once_a_position_and_nothing_is_written(
        monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[object] = []
    real = user_games.UserGame.format_position

    def counting(self: user_games.UserGame, position: object) -> str:
        written.append(position)
        return real(self, position)

    monkeypatch.setattr(user_games.UserGame, "format_position", counting)
    rng = random.Random(2068)
    for _ in range(6):
        n = rng.randint(1, 3)
        most = tuple(rng.randint(1, 9) for _ in range(2 * n))
        s = rng.randint(40, 300)
        game = grundy.load_game("wk-team")
        grundy.clear_caches()
        CALLS.clear()
        written.clear()
        root = (n, s, *most)
        outcome, value = solve_value(game, root, misere=True)
        assert (outcome.value == "N") == team_brute(s, most) and value is None
        assert len(CALLS) <= reachable(root) + 2  # (three times as many before; + the winning moves)
        assert len(written) <= 20  # (the winning moves' labels only; one for each option before)
