"""The graph of positions a user's `@grundy.game` builds as it is asked (grundy.engine.explore):
values valued once, whatever the order of the queries, against a recursive mex and a retrograde
analysis written here; the cost of a run of queries is what they explore; a reason counts the
positions its own position reaches."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import grundy
from grundy import Cache, Outcome, catalog, grundy_value, outcome
from grundy.engine import explore


def corner_options(a: int, b: int) -> list[tuple[int, int]]:
    return ([(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
            + [(a - k, b - k) for k in (1, 3) if k <= min(a, b)])


def corner(position: tuple[int, int], *, order: int = 0) -> list[tuple[int, int]]:
    """The corner game (``order`` only tells the tests' games apart: each has its own graph)."""
    return corner_options(*position)


@functools.cache
def expected(a: int, b: int) -> int:
    seen = {expected(*o) for o in corner_options(a, b)}
    m = 0
    while m in seen:
        m += 1
    return m


@pytest.mark.parametrize("order", [0, 1, 2])
def test_queries_in_any_order_agree_with_a_recursive_mex(order: int) -> None:
    game = grundy.load_game(f"t-graph-corner(order={order})")  # (a game, and a graph, per order)
    cells = [(a, b) for a in range(14) for b in range(14)]
    if order == 1:
        cells.reverse()
    elif order == 2:
        random.Random(7).shuffle(cells)
    cache = Cache()
    for a, b in cells:
        assert grundy_value(game, (a, b), cache=cache) == expected(a, b), (a, b)


def test_a_run_of_queries_values_each_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counted(values: object) -> int:
        calls.append(1)
        return grundy.mex(values)  # type: ignore[arg-type]

    monkeypatch.setattr(explore, "mex", counted)
    game = grundy.load_game("t-graph-corner(order=9)")
    for a in range(20):
        for b in range(20):
            assert grundy_value(game, (a, b), cache=Cache()) == expected(a, b)
    assert len(calls) == 400  # each position once (was: the whole graph again at each query)


def test_a_reason_counts_what_its_position_reaches() -> None:
    game = grundy.load_game("t-graph-corner(order=10)")
    assert grundy.solve(game, (9, 9)).reason.endswith("(100 positions explored)")
    one = grundy.solve(game, (1, 1))  # explored already, by the query before
    assert one.reason == ("the mex of the options' values, over every position reachable "
                          "(4 positions explored)")
    assert one.why.facts["explored"] == len({(0, 0), (0, 1), (1, 0), (1, 1)})


# A loopy game: take 2 or 3 from a, or 2 from b; where a + b is a multiple of 3 (and a != b),
# also swap a and b (so draws too).
def loopy_options(a: int, b: int) -> list[tuple[int, int]]:
    swap = [(b, a)] if (a + b) % 3 == 0 and a != b else []
    return [(a - k, b) for k in (2, 3) if k <= a] + [(a, b - 2)] * (b > 1) + swap


def loopy(position: tuple[int, int]) -> list[tuple[int, int]]:
    return loopy_options(*position)


@pytest.fixture(autouse=True, scope="module")
def _games() -> Iterator[None]:
    """The two games, registered for this module's tests only."""
    grundy.game("t-graph-corner")(corner)
    grundy.game("t-graph-loopy")(loopy)
    yield
    for name in ("t-graph-corner", "t-graph-loopy"):
        catalog.unregister(name)


def retrograde(upto: int) -> dict[tuple[int, int], Outcome]:
    """Win, lose or draw of every position of the loopy game reachable from a, b <= upto (its
    positions stay within that square), by retrograde analysis written here."""
    cells = [(a, b) for a in range(upto + 1) for b in range(upto + 1)]
    succ = {p: set(loopy_options(*p)) for p in cells}
    result: dict[tuple[int, int], Outcome] = {}
    changed = True
    while changed:
        changed = False
        for p in cells:
            if p in result:
                continue
            if any(result.get(o) is Outcome.P for o in succ[p]):
                result[p] = Outcome.N
                changed = True
            elif all(result.get(o) is Outcome.N for o in succ[p]):
                result[p] = Outcome.P
                changed = True
    return {p: result.get(p, Outcome.D) for p in cells}


def test_a_cycle_met_after_acyclic_queries_values_the_old_positions_too() -> None:
    truth = retrograde(9)
    assert {o for o in truth.values()} == {Outcome.N, Outcome.P, Outcome.D}
    game = grundy.load_game("t-graph-loopy")
    cache = Cache()
    # (a, b) with a + b < 3 reach no cycle: valued as a plain graph first
    early = [(a, b) for a in range(3) for b in range(3) if a + b < 3]
    for p in early + [p for p in truth if p not in early]:
        assert outcome(game, p, cache=cache) is truth[p], p
    for p in early:  # asked again once the graph has cycles
        assert outcome(game, p, cache=cache) is truth[p], p
    reason = grundy.solve(game, (2, 2)).reason  # (2, 2), (0, 2), (2, 0), (0, 0): no cycle
    assert reason.startswith("the mex of the options' values") and "(4 positions" in reason
    reason = grundy.solve(game, (1, 2)).reason  # (1, 2) ⇄ (2, 1), (1, 0) and (0, 1)
    assert reason.startswith("Smith's generalised") and "(4 positions" in reason


class _HashedList(list):  # type: ignore[type-arg]
    """A list that hashes: an option written so is still made a tuple."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))


def _moves_of(listed: Callable[[int, int], Any]) -> Callable[[tuple[int, int]], Any]:
    def moves(position: tuple[int, int]) -> Any:
        return listed(*position)

    return moves


def test_options_written_any_way_are_the_same_positions() -> None:
    """A list or tuple of options, a generator, options written as lists, repeated: the positions
    are tuples, each listed once, and the values those of the recursive mex."""
    shapes: dict[str, Callable[[int, int], Any]] = {
        "list": corner_options,
        "tuple": lambda a, b: tuple(corner_options(a, b)),
        "generator": lambda a, b: (o for o in corner_options(a, b)),
        "lists, repeated": lambda a, b: [list(o) for o in corner_options(a, b)] + corner_options(a, b),
        "hashed lists": lambda a, b: [_HashedList(o) for o in corner_options(a, b)],
    }
    for i, listed in enumerate(shapes.values()):
        grundy.game(f"t-graph-shape-{i}")(_moves_of(listed))
        try:
            game = grundy.load_game(f"t-graph-shape-{i}")
            options = game.options_of((3, 2))
            assert options == list(dict.fromkeys(corner_options(3, 2))), i
            assert {type(o) for o in options} == {tuple}, i
            cache = Cache()
            for a in range(9):
                for b in range(9):
                    assert grundy_value(game, (a, b), cache=cache) == expected(a, b), (i, a, b)
        finally:
            catalog.unregister(f"t-graph-shape-{i}")


def test_a_faulty_move_function_is_named_at_its_position() -> None:
    def unhashable(position: tuple[int, int]) -> Any:
        a, b = position
        return [(a - 1, [b])] if a else []

    def no_list(position: tuple[int, int]) -> Any:
        return 5

    def failing(position: tuple[int, int]) -> Any:
        a, b = position
        return [(a - 1, b)] if a < 2 else 1 // (a - 2)

    def below(position: tuple[int, int]) -> Any:
        a, b = position
        return [(a - 1, b)]

    cases = [(unhashable, {}, grundy.InvalidPositionError,
              r"must be hashable \(a tuple, not a list\), got \(1, \[4\]\)"),
             (no_list, {}, grundy.InvalidGameError, r"returned 5 at position '2 4'; it must return a list"),
             (failing, {}, grundy.InvalidGameError,
              r"t-graph-bad-2: the move function failed at position '2 4': ZeroDivisionError"),
             (below, {"minimum": (0, 0)}, grundy.InvalidGameError,
              r"moves from position '0 4' to \(-1, 4\), which is not a position of the game")]
    for i, (fn, declared, error, text) in enumerate(cases):
        grundy.game(f"t-graph-bad-{i}", **declared)(fn)
        try:
            with pytest.raises(error, match=text):
                grundy_value(grundy.load_game(f"t-graph-bad-{i}"), (2, 4), cache=Cache())
        finally:
            catalog.unregister(f"t-graph-bad-{i}")


def test_a_position_that_is_its_own_option_is_a_draw() -> None:
    def stay(position: tuple[int]) -> list[tuple[int]]:
        (n,) = position
        return [(n,)] if n == 0 else [(n - 1,)]

    grundy.game("t-graph-stay")(stay)
    try:
        game = grundy.load_game("t-graph-stay")
        assert grundy.solve(game, (0,)).outcome is Outcome.D  # the first position asked
        assert grundy.solve(game, (3,)).outcome is Outcome.D
        with pytest.raises(grundy.LoopyGameError, match="'0' can reach itself"):
            grundy_value(game, (2,), cache=Cache())
    finally:
        catalog.unregister("t-graph-stay")


def test_the_spec_derived_once_is_the_games() -> None:
    game = grundy.load_game("t-graph-corner(order=3)")
    assert game.spec == game.spec == "t-graph-corner(order=3)"
    assert grundy.load_game("t-graph-corner").spec == "t-graph-corner"
    again = grundy.load_game("t-graph-corner(order=3)")
    assert again == game and hash(again) == hash(game) and repr(game) == repr(again)
    assert "Derived" not in repr(game) and game != grundy.load_game("t-graph-corner(order=4)")


def test_a_parameter_named_as_the_derived_field_is_refused_clearly() -> None:
    def moves(position: tuple[int, int], *, _derived: int = 0) -> list[tuple[int, int]]:
        return []

    with pytest.raises(grundy.InvalidGameError, match="parameter '_derived' is a name grundy uses"):
        grundy.game("t-graph-derived")(moves)
    assert catalog.find_entry("t-graph-derived") is None


def test_the_limit_of_a_library_call_bounds_a_users_game() -> None:
    from grundy import solve, winning_moves
    from grundy.errors import SearchLimitError

    game = grundy.load_game("t-graph-corner(order=11)")
    for call in (grundy_value, outcome, winning_moves, solve):  # 961 pairs below: past 500 steps
        with pytest.raises(SearchLimitError, match="500 steps"):
            call(game, (30, 30), limit=500)  # type: ignore[operator]
    assert grundy_value(game, (30, 30)) == expected(30, 30)  # the default budget: explored
    grundy.heap_game("t-graph-heap")(lambda n: [n - k for k in (1, 2) if k <= n])
    try:
        heaps = grundy.load_game("t-graph-heap")
        with pytest.raises(SearchLimitError, match="500 steps"):
            grundy_value(heaps, (100_000,), limit=500)
        assert grundy_value(heaps, (100_000,)) == 100_000 % 3
    finally:
        catalog.unregister("t-graph-heap")


def test_a_pair_answered_by_its_pattern_is_not_searched_for_its_remoteness(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy import solve
    from grundy.define import answering
    from grundy.theory import remoteness

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a position too large to explore was searched")

    game = grundy.load_game("t-graph-corner(order=12)")
    monkeypatch.setattr(remoteness, "remoteness_or_none", refuse)
    with answering(conjecture=True):
        answer = solve(game, (2000000000, 1999999998), remoteness=True)
    assert answer.remoteness is None and answer.why.rule == "conjectured-pair-pattern"
    assert not game.laws.searchable((2000000000, 1999999998)) and game.laws.searchable((3, 4))
