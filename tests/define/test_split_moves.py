"""A game whose moves split a position into a sum (Multi-SG: the cutting game, POJ 2311) explores
its positions, not every sum of them: each option that is a sum is read as the XOR of its parts'
values, inside the position it is an option of. Checked against a plain mex table written here,
with the count of positions explored, the steps charged, the winning moves (sums among them),
and the ordering of a sum's parts."""

from __future__ import annotations

import pytest

import grundy
from grundy import catalog
from grundy.define.sums import Sum
from grundy.engine.explore import PositionGraph
from grundy.errors import NotSupportedError


def _cut(position: tuple[int, int]) -> list[object]:
    """Cut a w x h sheet in two along a grid line, no strip of width 1."""
    w, h = position
    return ([grundy.Sum((i, h), (w - i, h)) for i in range(2, w - 1)]
            + [grundy.Sum((w, j), (w, h - j)) for j in range(2, h - 1)])


@pytest.fixture
def cutting() -> object:
    grundy.game("split-cut", arity=2)(_cut)
    yield grundy.load_game("split-cut")
    catalog.unregister("split-cut")


def own_cutting(top: int) -> list[list[int]]:
    """The cutting game by its own mex, sheets 2..top on each side (index [w][h])."""
    g = [[0] * (top + 1) for _ in range(top + 1)]
    for w in range(2, top + 1):
        for h in range(2, top + 1):
            seen = {g[i][h] ^ g[w - i][h] for i in range(2, w - 1)}
            seen |= {g[w][j] ^ g[w][h - j] for j in range(2, h - 1)}
            g[w][h] = next(v for v in range(len(seen) + 1) if v not in seen)
    return g


def test_values_and_what_is_explored(cutting: grundy.Game) -> None:
    grundy.clear_caches()
    want = own_cutting(24)
    answer = grundy.solve(cutting, (24, 17))
    assert answer.grundy == want[24][17]
    # the sheets a 24 x 17 sheet can be cut into (itself included), found here: no sum among them
    seen, todo = {(24, 17)}, [(24, 17)]
    while todo:
        w, h = todo.pop()
        for part in [(i, h) for i in range(2, w - 1)] + [(w, j) for j in range(2, h - 1)]:
            if part not in seen:
                seen.add(part)
                todo.append(part)
    assert answer.why.facts["explored"] == len(seen) == 22 * 15, answer.why.facts  # (no 23, no 16)
    for w in range(2, 25):
        for h in range(2, 18):
            assert grundy.grundy_value(cutting, (w, h)) == want[w][h], (w, h)
    # every winning move, by the table here: a cut into two sheets of equal value
    want_moves = {tuple(sorted([(i, 17), (24 - i, 17)])) for i in range(2, 23)
                  if want[i][17] == want[24 - i][17]}
    want_moves |= {tuple(sorted([(24, j), (24, 17 - j)])) for j in range(2, 16)
                   if want[24][j] == want[24][17 - j]}
    got = {m.to.parts for m in answer.winning_moves}
    assert got == want_moves and got


def test_sums_are_not_positions_of_the_graph() -> None:
    graph = PositionGraph()
    options = {(6,): [Sum((3,), (4,)), (5,)], (5,): [Sum((2,), (3,))],
               (4,): [Sum((2,), (2,))], (3,): [(2,)], (2,): []}
    steps = graph.explore(lambda p: options[p], [(6,)], 100, "demo",
                          lambda p: p.parts if isinstance(p, Sum) and p.parts else None)
    assert sorted(graph.index) == [(2,), (3,), (4,), (5,), (6,)]  # no sum among them
    assert steps == sum(1 + len(o) for o in options.values())  # a position, then each option
    # by hand: G(2) = 0, G(3) = 1, G(4) = mex{0 ^ 0} = 1, G(5) = mex{0 ^ 1} = 0,
    # G(6) = mex{G(3) ^ G(4), G(5)} = mex{0, 0} = 1
    assert [graph.value((n,)) for n in range(2, 7)] == [0, 1, 1, 0, 1]


def test_a_sum_that_leads_back_to_its_own_part_is_refused() -> None:
    graph = PositionGraph()
    with pytest.raises(NotSupportedError, match="must have no cycles"):
        graph.explore(lambda p: {(1,): [Sum((1,), (0,))], (0,): []}[p], [(1,)], 100, "demo",
                      lambda p: p.parts if isinstance(p, Sum) and p.parts else None)


def test_parts_of_numbers_in_numeric_order() -> None:
    assert Sum((157, 200), (43, 200)).parts == ((43, 200), (157, 200))
    assert Sum((10,), (9,)).parts == ((9,), (10,))
    assert Sum((2,), "b").parts == ("b", (2,))  # (a mix: by repr, "'" before "(")
    with pytest.raises(grundy.GrundyError, match="hashable"):
        Sum((1,), ([2],))
