"""Vertex geography: the matching theorem against an independent brute force of the game itself."""

from __future__ import annotations

import random
from functools import cache

import networkx as nx
import pytest

from grundy import InvalidGameError, InvalidPositionError, Outcome, load_game, solve
from grundy.engine.search import grundy_value, outcome, winning_moves
from grundy.games.graphs.fileio import read_graph
from grundy.games.graphs.geography import VertexGeography, _missable, maximum_matching


def brute_wins(adj: list[set[int]], v: int, visited: frozenset[int]) -> bool:
    """Depth-first search over (token, visited): the player to move wins iff some move reaches a
    position where the opponent loses."""

    @cache
    def wins(x: int, seen: frozenset[int]) -> bool:
        return any(not wins(u, seen | {u}) for u in adj[x] if u not in seen)

    return wins(v, visited)


def random_graph(rng: random.Random, n: int, bipartite: bool) -> list[tuple[int, int]]:
    p = rng.choice([0.2, 0.35, 0.5])
    side = [rng.randrange(2) for _ in range(n)]
    return [(u, w) for u in range(n) for w in range(u + 1, n)
            if rng.random() < p and (not bipartite or side[u] != side[w])]


def adjacency(n: int, edges: list[tuple[int, int]]) -> list[set[int]]:
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, w in edges:
        adj[u].add(w)
        adj[w].add(u)
    return adj


def check_all_starts(game: VertexGeography, adj: list[set[int]]) -> None:
    for v in range(len(adj)):
        position = game.validate(v)
        expected = brute_wins(adj, v, frozenset({v}))
        assert game.closed_outcome(position) is (Outcome.N if expected else Outcome.P), (v, adj)
        targets = {m.to for m in game.winning_moves_rule(position)}
        brute = {(u, frozenset({v, u})) for u in adj[v]
                 if u != v and not brute_wins(adj, u, frozenset({v, u}))}
        assert targets == brute, (v, adj)


@pytest.mark.parametrize("bipartite", [True, False])
def test_random_graphs_all_starts(bipartite: bool) -> None:
    rng = random.Random(20240 + bipartite)
    for _ in range(60):
        n = rng.randint(1, 10)
        edges = random_graph(rng, n, bipartite)
        check_all_starts(VertexGeography.from_edges(n, edges), adjacency(n, edges))


def test_mid_game_positions() -> None:
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(3, 9)
        edges = random_graph(rng, n, rng.random() < 0.5)
        game, adj = VertexGeography.from_edges(n, edges), adjacency(n, edges)
        v = rng.randrange(n)
        visited = frozenset({v, *rng.sample(range(n), rng.randint(0, n - 1))})
        position = game.validate((v, visited))
        expected = brute_wins(adj, v, visited)
        assert game.closed_outcome(position) is (Outcome.N if expected else Outcome.P)
        assert outcome(game, position, use_rules=False) is game.closed_outcome(position)
        brute = {(u, visited | {u}) for u in adj[v] if u not in visited
                 and not brute_wins(adj, u, visited | {u})}
        assert {m.to for m in game.winning_moves_rule(position)} == brute


@pytest.mark.parametrize("rows", [1, 2, 3, 4])
@pytest.mark.parametrize("cols", [1, 2, 3, 4])
def test_grid_boards(rows: int, cols: int) -> None:
    game = load_game(f"vertex-geography(grid={rows}x{cols})")
    assert isinstance(game, VertexGeography)
    right = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    down = [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    adj = adjacency(rows * cols, right + down)
    check_all_starts(game, adj)
    for r in range(rows):
        for c in range(cols):
            # the known answer for boards: an even board is a first-player win from every cell;
            # on an odd board the second player wins exactly from the cells coloured like a corner
            first = (rows * cols) % 2 == 0 or (r + c) % 2 == 1
            winner = solve(game, game.parse_position(f"{r},{c}")).outcome.winner
            assert winner == ("first" if first else "second")


@pytest.mark.slow
def test_missable_is_gallai_edmonds_d() -> None:
    """The alternating-forest set equals {x : ν(G − x) = ν(G)} computed by networkx."""
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randint(1, 14)
        edges = random_graph(rng, n, rng.random() < 0.3)
        adj = [sorted(s) for s in adjacency(n, edges)]
        mate = maximum_matching(adj)
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(edges)
        nu = len(nx.max_weight_matching(graph, maxcardinality=True))
        expected = [len(nx.max_weight_matching(nx.restricted_view(graph, [x], []), maxcardinality=True)) == nu
                    for x in range(n)]
        assert _missable(adj, mate) == expected, edges


def test_engine_brute_force_agrees_on_small_graphs() -> None:
    for spec in ("vertex-geography(example=1)", "vertex-geography(example=2)", "vertex-geography(grid=3x3)"):
        game = load_game(spec)
        for v in range(game.n):  # type: ignore[attr-defined]
            position = game.validate(v)
            assert outcome(game, position) is outcome(game, position, use_rules=False)
            assert {m.to for m in winning_moves(game, position)} == {
                m.to for m in winning_moves(game, position, use_rules=False)}


def test_positions_text_and_errors() -> None:
    board = load_game("vertex-geography(grid=3x4)")
    assert board.parse_position("1,2") == board.parse_position("1 2") == (6, frozenset({6}))
    later = board.parse_position("1,1 | 0,0 0,1")
    assert later == (5, frozenset({0, 1, 5}))
    assert board.format_position(later) == "1,1 | 0,0 0,1"
    assert board.parse_position(board.format_position(later)) == later
    assert load_game("bipartite-game(grid=3x4)") == board
    with pytest.raises(InvalidPositionError, match="'3,0'"):
        board.parse_position("3,0")
    with pytest.raises(InvalidPositionError):
        board.parse_position("0,0 0,1")
    with pytest.raises(InvalidGameError, match="grid=3by4"):
        load_game("vertex-geography(grid=3by4)")
    with pytest.raises(InvalidGameError, match="needs a graph"):
        load_game("vertex-geography")
    moves = list(board.moves(later))
    assert [m.label for m in moves] == ["1,1 → 1,0", "1,1 → 1,2", "1,1 → 2,1"]


def test_graph_file_and_networkx(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "g.txt"
    path.write_text("# a 5-cycle with a tail\na b\nb c\nc d\nd e\ne a\ne f\n")
    game = VertexGeography.from_graph(read_graph(path), f"vertex-geography(graph={path})")
    assert load_game(f"vertex-geography(graph={path})") == game
    again = VertexGeography.from_networkx(nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"),
                                                    ("e", "a"), ("e", "f")]))
    for v in "abcdef":
        assert game.closed_outcome(game.parse_position(v)) is again.closed_outcome(again.parse_position(v))
    answer = solve(game, game.parse_position("a"))
    # 6 vertices, a perfect matching (a-b, c-d, e-f): every start is a first-player win
    assert answer.outcome is Outcome.N
    assert "ν(G − a) = 2 < ν(G) = 3" in answer.reason
    assert "Edmonds" in answer.reason


def test_grundy_value_is_brute_force_only() -> None:
    game = load_game("vertex-geography(example=1)")
    assert game.closed_value(game.validate("a")) is None
    assert grundy_value(game, game.validate("a")) == grundy_value(game, game.validate("a"), use_rules=False)


@pytest.mark.slow
def test_large_graph_agrees_with_networkx() -> None:
    rng = random.Random(11)
    n = 600
    edges = [(u, rng.randrange(n)) for u in range(n) for _ in range(2)]
    game = VertexGeography.from_edges(n, edges)
    graph = nx.Graph([(u, w) for u, w in edges if u != w])
    nu = len(nx.max_weight_matching(graph, maxcardinality=True))
    for v in range(3):
        without = len(nx.max_weight_matching(nx.restricted_view(graph, [v], []), maxcardinality=True))
        assert game.closed_outcome(game.validate(v)) is (Outcome.N if without < nu else Outcome.P)


@pytest.mark.slow
def test_large_boards() -> None:
    board = load_game("vertex-geography(grid=100x101)")
    assert board.closed_outcome(board.parse_position("0,0")) is Outcome.N
    odd = load_game("vertex-geography(grid=101x101)")
    assert odd.closed_outcome(odd.parse_position("50,50")) is Outcome.P
    assert len(odd.winning_moves_rule(odd.parse_position("50,51"))) == 4
