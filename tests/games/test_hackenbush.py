"""Green Hackenbush: colon and fusion principles against brute force over every edge subset."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from grundy import Cache, grundy_value, load_game, solve, winning_moves
from grundy.errors import InvalidGameError, InvalidPositionError, SearchLimitError
from grundy.games.graphs.fileio import parse_edge_list, with_ground
from grundy.games.graphs.hackenbush import GreenHackenbush, deletions_to_value, hackenbush_value
from tests.marks import slow_params


def random_multigraph(rng: random.Random, vertices: int, edges: int) -> str:
    lines = []
    for _ in range(edges):
        u = rng.randrange(vertices)
        v = u if rng.random() < 0.1 else rng.randrange(vertices)  # loops and parallel edges happen
        lines.append(f"v{u} v{v}")
    return "\n".join(lines) + "\n"


def game_of(text: str, ground: str = "v0") -> GreenHackenbush:
    data = parse_edge_list(text, "random")
    if ground not in data.vertices:
        data = parse_edge_list(text + f"{ground} {ground}\n", "random")
    return GreenHackenbush.from_graph(with_ground(data, ground))


@pytest.mark.parametrize("seed", slow_params(range(40), {28}))
def test_every_subset_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    game = game_of(random_multigraph(rng, rng.randint(2, 7), rng.randint(1, 12)))
    cache = Cache()
    grundy_value(game, game.full, cache=cache, use_rules=False)  # fills every reachable subset
    subsets = [p for (_, p) in cache.values]
    assert game.full in subsets
    for position in subsets:
        expected = cache.values[(0, position)]
        assert game.closed_value(position) == expected, (game.edges, position)
    for position in subsets[:: max(1, len(subsets) // 40)]:
        by_rule = {m.to for m in winning_moves(game, position)}
        brute = {m.to for m in game.moves(position) if cache.values[(0, m.to)] == 0}
        assert by_rule == brute, (game.edges, position)
        target = rng.randrange(4)
        ids = deletions_to_value(game.edges, position, game.ground, target)
        brute_ids = [i for i, m in zip(position, game.moves(position), strict=True)
                     if cache.values[(0, m.to)] == target]
        assert ids == sorted(brute_ids)


def test_classic_shapes() -> None:
    stalk = [(i, i + 1) for i in range(5)]
    assert hackenbush_value(stalk, range(5), 0) == 5
    assert hackenbush_value([(0, 0)] * 3, range(3), 0) == 1
    triangle_on_stalk = [(0, 1), (1, 2), (2, 3), (3, 1)]
    assert hackenbush_value(triangle_on_stalk, range(4), 0) == 2  # 1 + (three loops = 1)
    square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert hackenbush_value(square, range(4), 0) == 0


def test_position_text() -> None:
    game = load_game("green-hackenbush(example=2)")
    assert game.format_position(game.full) == "all"
    assert game.parse_position("") == game.full == game.parse_position("all")
    assert game.parse_position("none") == ()
    cut = game.parse_position("all -3")
    assert 4 not in cut  # the loop above the cut bridge fell off
    assert game.parse_position(game.format_position(cut)) == cut
    assert game.parse_position("0 3 4") == (0,)  # edge 0 is g–a; 3 and 4 hang from b, not connected
    for bad in ("x", "99", "all -x", "-1"):
        with pytest.raises(InvalidPositionError):
            game.parse_position(bad)


def test_networkx_input_and_errors() -> None:
    graph = nx.MultiGraph([(0, 1), (1, 2), (2, 0), (1, 1)])
    game = GreenHackenbush.from_networkx(graph, ground=0)
    assert game.closed_value(game.full) == 0  # 3 cycle edges + 1 loop: 4 loops
    assert solve(game, game.full).outcome.value == "P"
    with pytest.raises(InvalidGameError, match="ground"):
        load_game("green-hackenbush")
    with pytest.raises(InvalidGameError, match="no such example"):
        load_game("green-hackenbush(example=9)")


@pytest.mark.slow
def test_large_tree_is_fast_and_exact() -> None:
    rng = random.Random(3)
    n = 4000
    edges = [(rng.randrange(v), v) for v in range(1, n)]
    value = hackenbush_value(edges, range(len(edges)), 0)
    # the colon principle by hand, children before parents
    children: dict[int, list[int]] = {}
    for u, v in edges:
        children.setdefault(u, []).append(v)
    val = [0] * n
    for v in reversed(range(n)):
        for c in children.get(v, []):
            val[v] ^= 1 + val[c]
    assert value == val[0]
    moves = deletions_to_value(edges, range(len(edges)), 0, 0)
    assert all(hackenbush_value(edges, [j for j in range(len(edges)) if j != i], 0) == 0
               for i in moves[:3])


def test_work_limit_is_a_clean_error() -> None:
    cycle = [(i, (i + 1) % 50) for i in range(50)]
    with pytest.raises(SearchLimitError, match="value is"):
        deletions_to_value(cycle, range(50), 0, 1, work_limit=100)


@pytest.mark.parametrize("seed", range(30))
def test_simple_deletions_keep_the_block_whole(seed: int) -> None:
    from grundy.games.graphs.hackenbush import _simple_deletions

    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edges = [(i, (i + 1) % n) for i in range(n)]  # a cycle, plus chords, double edges and loops
    for _ in range(rng.randint(0, 8)):
        u = rng.randrange(n)
        edges.append((u, u if rng.random() < 0.2 else rng.randrange(n)))
    block = list(range(len(edges)))
    simple = _simple_deletions(edges, block)
    for i in block:
        rest = nx.MultiGraph()
        rest.add_nodes_from(range(n))
        rest.add_edges_from(e for j, e in enumerate(edges) if j != i)
        whole = nx.is_connected(rest) and not nx.has_bridges(rest)
        assert (i in simple) == whole, (edges, i)


def test_misere_brute_force_is_bounded() -> None:
    from grundy import outcome

    small = load_game("green-hackenbush(example=3)")
    assert outcome(small, small.full, misere=True).value in "NP"
    stalk = GreenHackenbush.from_graph(with_ground(parse_edge_list(
        "".join(f"{i} {i + 1}\n" for i in range(40)), "stalk"), "0"))
    assert outcome(stalk, stalk.full, misere=True).value == "N"  # a forest: the SJ theorem decides
    assert solve(stalk, stalk.full).grundy == 40  # normal play needs no brute force
    ring = GreenHackenbush.from_graph(with_ground(parse_edge_list(  # a cycle: searched
        "".join(f"{i} {i + 1}\n" for i in range(40)) + "40 0\n", "ring"), "0"))
    with pytest.raises(SearchLimitError, match="out of reach"):
        outcome(ring, ring.full, misere=True)
