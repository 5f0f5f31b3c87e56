"""A safety net (time, memory: :class:`~grundy.errors.ResourceLimitError`) can only turn an answer
into a refusal, never into a different answer: with every brute-force step refused by the safety
net, each query either gives exactly the answer it gives without it, or raises it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from grundy import load_game, solve
from grundy.engine.search import Budget
from grundy.errors import ResourceLimitError
from grundy.play.analysis import Oracle
from grundy.solving.explain import explain_steps
from grundy.solving.writers import answer_json
from grundy.tables.misere_table import heap_genera
from grundy.theory.every import every_sg
from grundy.theory.misere import misere_outcome


def _solve(spec: str, position: Any, **kw: Any) -> Callable[[], Any]:
    return lambda: solve(load_game(spec), position, **kw).to_json()


def _oracle(spec: str, start: Any, position: Any, misere: bool = False, limit: int = 2_000_000
            ) -> Callable[[], Any]:
    def facts() -> Any:
        game = load_game(spec)
        oracle = Oracle(game, game.validate(start), misere=misere, limit=limit)
        return oracle.facts(game.validate(position)), oracle.note
    return facts


QUERIES: dict[str, Callable[[], Any]] = {
    "nim": _solve("nim", (3, 4, 5)),
    "nim, remoteness": _solve("nim", (3, 4, 5), remoteness=True),
    "kayles 10**18": _solve("kayles", (10**18,)),
    "kayles 7 5 by rule, value by search": _solve("kayles", (7, 5), limit=1000),
    "lasker misère": _solve("lasker-nim", (5, 6), misere=True),
    "grundy-game misère": _solve("grundy-game", (9, 7), misere=True),
    "subtraction misère": _solve("subtraction(1,3,4)", (9, 4), misere=True),
    "bash misère": _solve("bash(3)", (9, 4), misere=True),
    "wythoff": _solve("wythoff", (4, 7), remoteness=True),
    "explain misère": lambda: explain_steps(load_game("grundy-game"), (9, 7), misere=True),
    "misère theorems": lambda: misere_outcome([(load_game("grundy-game"), (9,)), (load_game("nim"), (2,))]),
    "genera": lambda: heap_genera(load_game("subtraction(1,2)"), 6, 10_000),
    "every-sg": lambda: answer_json(every_sg([(load_game("nim"), 3), (load_game("kayles"), 4)])),
    "play": _oracle("kayles", (6,), (4,)),
    "play misère": _oracle("dawson-kayles", (8,), (5,), misere=True),
    "play, no table": _oracle("grundy-game", (40,), (30,), limit=2000),
}


@pytest.mark.parametrize("name", list(QUERIES))
def test_a_safety_net_only_refuses(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    query = QUERIES[name]
    expected = query()

    def refuse(self: Budget, units: int, game: Any) -> None:
        raise ResourceLimitError(f"{game.spec}: the safety net (in a test)")

    monkeypatch.setattr(Budget, "spend", refuse)
    try:
        got = query()
    except ResourceLimitError:
        return
    assert got == expected, name
