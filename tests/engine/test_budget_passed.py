"""One budget object a question carries, passed explicitly (``budget=``; ``limit=N`` the shorthand
``budget=Budget(N)``): its steps decide the answer, two threads' budgets never meet, and a call
nested in another sees the outer call's budget only when it is passed. The one piece of context
that is not passed — the budget a game's rules see behind the game interface,
:func:`grundy.engine.limits.asked` — is what these games record."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import grundy
from grundy.catalog import load_game
from grundy.define import answering
from grundy.engine.limits import DEFAULT_LIMIT, Budget, asked
from grundy.errors import GrundyError, InvalidInputError, SearchLimitError
from grundy.model.game import Game, Move
from grundy.reports.answers import solve_answer
from grundy.reports.export_policy import export_game
from grundy.reports.table_query import TableRequest, build_table
from grundy.theory.every import solve_every


def brute(n: int, options: dict[int, list[int]]) -> int:
    """The mex recursion of the game below, written here (heaps in increasing order)."""
    values: list[int] = []
    for k in range(n + 1):
        seen = {values[m] for m in options[k]}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values[n]


@dataclass(frozen=True, eq=False)
class Seeing(Game):
    """Take 1 or 2 from a heap; every listing records the budget the game's rules see (and, with
    ``inner``, asks a question of its own about ``inner`` inside its move function, with
    ``inner_budget`` when one is given)."""

    seen: list[Any] = field(default_factory=list)
    inner: Game | None = None
    inner_budget: Budget | None = None
    barrier: threading.Barrier | None = None

    @property
    def spec(self) -> str:
        return "seeing"

    def moves(self, position: Any) -> Iterator[Move]:
        given = asked()
        self.seen.append(None if given is None else given.limit)
        if self.barrier is not None:
            self.barrier.wait(timeout=30)  # (both threads inside their calls at once)
            object.__setattr__(self, "barrier", None)
        if self.inner is not None:
            grundy.solve(self.inner, 3, budget=self.inner_budget)
        for take in (1, 2):
            if position >= take:
                yield Move(f"take {take}", position - take)

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: Any) -> str:
        return str(position)


def test_the_steps_of_a_budget_passed_decide_the_answer() -> None:
    game = Seeing()
    options = {n: [m for m in (n - 1, n - 2) if m >= 0] for n in range(40)}
    answer = grundy.solve(game, 30, budget=Budget(200))
    assert answer.grundy == brute(30, options) == 0
    with pytest.raises(SearchLimitError, match="more than 20 steps"):
        grundy.solve(game, 30, budget=Budget(20))
    for steps in (20, 200):  # limit=N is the same budget as budget=Budget(N)
        try:
            by_limit = grundy.solve(game, 30, limit=steps).to_json()
        except SearchLimitError as exc:
            by_limit = str(exc)
        try:
            by_budget = grundy.solve(game, 30, budget=Budget(steps)).to_json()
        except SearchLimitError as exc:
            by_budget = str(exc)
        assert by_limit == by_budget
    kayles = load_game("kayles")  # its value by its proved period; its moves by a search
    assert grundy.solve(kayles, 30, budget=Budget(100)).grundy == 7
    with pytest.raises(SearchLimitError, match="more than 10 steps"):
        grundy.solve(kayles, 30, budget=Budget(10))


def test_a_budget_passed_reaches_the_move_function() -> None:
    game = Seeing()
    grundy.solve(game, 5, budget=Budget(777))
    assert game.seen and set(game.seen) == {777}


@pytest.mark.slow
def test_the_hook_of_a_budget_passed_sees_the_search() -> None:
    game = Seeing()
    seen: list[int] = []
    grundy.grundy_value(game, 40_000, budget=Budget(10**6, progress=seen.append))
    assert seen and seen == sorted(seen)  # (the hook is the budget's: passed, not ambient)


@pytest.mark.parametrize("call", [
    lambda: grundy.solve(load_game("nim"), (3, 4), limit=10, budget=Budget(10)),
    lambda: solve_answer(load_game("nim"), (3, 4), limit=10, budget=Budget(10)),
    lambda: TableRequest("kayles", 10, misere=True, limit=10, budget=Budget(10)),
    lambda: solve_every(load_game("nim"), (1, 2), limit=10, budget=Budget(10)),
    lambda: grundy.outcome(load_game("nim"), (3, 4), limit=10, budget=Budget(10)),
    lambda: export_game(load_game("nim"), lang="python", limit=10, budget=Budget(10)),
    lambda: grundy.heap_table(load_game("kayles"), 10, limit=10, budget=Budget(10)),
])
def test_a_limit_and_a_budget_at_once_are_refused(call: Any) -> None:
    with pytest.raises(InvalidInputError, match=r"give limit=10 or budget=Budget\(10\), not both") as info:
        call()
    assert isinstance(info.value, GrundyError) and isinstance(info.value, ValueError)


@pytest.mark.slow
def test_a_table_takes_the_budget_as_its_limit() -> None:
    by_limit = build_table(TableRequest("kayles", 12, misere=True, limit=50_000)).to_json()
    by_budget = build_table(TableRequest("kayles", 12, misere=True, budget=Budget(50_000))).to_json()
    assert by_limit == by_budget
    with pytest.raises(SearchLimitError):
        build_table(TableRequest("kayles", 40, misere=True, budget=Budget(50)))


@pytest.mark.slow
def test_the_table_of_your_own_game_spends_the_budget_passed() -> None:
    @grundy.heap_game("t-budget-digits")  # (unregistered by tests/conftest.py after the module)
    def digits(n: int) -> list[int]:
        return [n - int(d) for d in str(n) if d != "0"]

    game = load_game("t-budget-digits")
    with pytest.raises(SearchLimitError, match="more than 2,000 steps"):
        grundy.heap_table(game, 100_000, budget=Budget(2_000))
    values = grundy.heap_table(game, 60, budget=Budget(2_000)).analysis.values.tolist()
    options = {n: [n - int(d) for d in str(n) if d != "0"] for n in range(61)}
    assert values == [brute(n, options) for n in range(61)]


def test_a_table_request_holds_one_budget() -> None:
    request = TableRequest("kayles", 12, misere=True, budget=Budget(50_000))
    assert request.limit == 50_000 and request.replace(upto=5).limit == 50_000
    assert request.replace(limit=9).limit == 9 == request.replace(limit=9).budget.limit  # type: ignore[union-attr]
    assert TableRequest("kayles", budget=Budget.default()).limit is None  # (the default steps)


def test_two_budgets_in_two_threads_do_not_meet() -> None:
    barrier = threading.Barrier(2)
    games = {1_000: Seeing(barrier=barrier), 5_000: Seeing(barrier=barrier)}
    errors: list[BaseException] = []

    def run(steps: int) -> None:
        try:
            grundy.solve(games[steps], 12, budget=Budget(steps))
        except BaseException as exc:  # (reported below, in the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(steps,)) for steps in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors
    for steps, game in games.items():
        assert game.seen and set(game.seen) == {steps}
    assert asked() is None  # (and nothing is left set in this thread)


def test_a_nested_call_sees_the_outer_budget_only_when_passed() -> None:
    inner = Seeing()
    grundy.solve(Seeing(inner=inner), 4, budget=Budget(1_234))
    # none passed: the default (no budget at all, or the default steps of its own searches)
    assert inner.seen and set(inner.seen) <= {None, DEFAULT_LIMIT} and 1_234 not in inner.seen
    inner = Seeing()
    grundy.solve(Seeing(inner=inner, inner_budget=Budget(55)), 4, budget=Budget(1_234))
    assert inner.seen and set(inner.seen) == {55}
    outer = Seeing(inner=Seeing())
    grundy.solve(outer, 4, limit=99)
    assert set(outer.seen) == {99} and asked() is None


def test_a_query_is_shared_by_what_answers_it() -> None:
    """A query (``answering``, an ``Answering``) is the budget of everything asked inside it."""
    inner = Seeing()
    with answering(limit=4_321) as query:
        grundy.solve(Seeing(inner=inner), 4)
        grundy.solve(Seeing(inner=inner), 4, budget=Budget(100))  # (the query stays)
    assert set(inner.seen) == {4_321}
    inner = Seeing()
    grundy.solve(Seeing(inner=inner), 4, budget=query)  # (passed explicitly)
    assert set(inner.seen) == {4_321} and asked() is None
