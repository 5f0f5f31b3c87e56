"""The time limit's refusal says what was measured — the steps spent, the positions explored (a
call of the move function each) and the CPU time a position, or a step — so that a slow move
function (few positions, each slow) is told from too many positions reachable (many, each
quick); it no longer blames the move function whatever the cause. The clock is a fake one here,
advanced by the move functions, so every number is known."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

import grundy
from grundy import catalog
from grundy.define import answering, query
from grundy.engine.limits import Budget
from grundy.errors import ResourceLimitError

NOW = [0.0]
TICK = [0.5]
"""The fake CPU clock, and what each call of the move function adds to it."""


def _watchdog_if_late() -> None:
    """What the query's watchdog does on its next look at the clock, done now: once the clock is
    past the query's deadline, the refusal is raised inside the move function's call."""
    context = query.active()
    assert context is not None
    if NOW[0] > context._deadline:  # type: ignore[operator]
        query._watchdog(signal.SIGALRM, None)


def path(position: tuple[int, int]) -> list[tuple[int, int]]:
    """A long path, one move from each position; each call takes TICK of the fake clock."""
    NOW[0] += TICK[0]
    _watchdog_if_late()
    a, b = position
    return [(a + 1, b)]


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    NOW[0] = 0.0
    monkeypatch.setattr(Budget, "clock", staticmethod(lambda: NOW[0]))
    grundy.game("t-refusal-path", arity=2)(path)
    yield
    catalog.unregister("t-refusal-path")


def refusal(limit: int) -> str:
    game = grundy.load_game("t-refusal-path")
    with answering(limit=limit), pytest.raises(ResourceLimitError) as raised:
        grundy.grundy_value(game, (0, 0))
    message = str(raised.value)
    assert "\n" not in message
    return message


def test_a_slow_move_function_shows_as_few_slow_positions() -> None:
    TICK[0] = 0.5  # (the default budget's 10 s pass in the 21st call)
    message = refusal(query.DEFAULT_LIMIT)
    assert message == ("the query stopped after 10 s of CPU time without an answer (the time limit "
                       "of a budget of 2,000,000 steps): 40 steps spent, 21 positions explored (a "
                       "call of the move function each), 500 ms of CPU time a position")
    assert "too slow" not in message


def test_many_positions_show_as_many_quick_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    TICK[0] = 2**-16
    monkeypatch.setattr(query, "SAFETY_SECONDS", 2**-6)  # (passed in the 1,025th call)
    message = refusal(3000)
    assert message.endswith(": 2,048 steps spent, 1,025 positions explored (a call of the move "
                            "function each), 15.3 µs of CPU time a position"), message


def test_steps_charged_without_a_graph_show_the_time_a_step() -> None:
    context = query.Answering(limit=10_000)
    context.charge(250, "a table")
    NOW[0] = 20.0
    with pytest.raises(ResourceLimitError) as raised:
        context.check("the query")
    assert str(raised.value).endswith(
        "(the time limit of a budget of 10,000 steps): 250 steps spent, 80 ms of CPU time a step")


def test_a_search_refused_by_the_clock_shows_the_time_a_step() -> None:
    budget = Budget(10**6, seconds=1.0)
    NOW[0] = 2.5
    game = grundy.load_game("kayles")
    with pytest.raises(ResourceLimitError) as raised:
        budget.spend(20_000, game)
    assert "after 1 s of CPU time and 20,000 steps (125 µs of CPU time a step)" in str(raised.value)
