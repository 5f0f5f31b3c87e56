"""The digraph token game: closed forms against the brute-force engine (acyclic graphs) and
against retrograde analysis of the product game (graphs with cycles)."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from grundy import Outcome, grundy_value, solve, winning_moves
from grundy.errors import InvalidPositionError, LoopyGameError, NotSupportedError
from grundy.games.graphs.digraph import Digraph
from tests.engine.test_loopy import product_outcomes, random_graph
from tests.helpers import brute_value, brute_winning_targets


@pytest.mark.parametrize("seed", range(25))
def test_acyclic_token_sums_match_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 9)
    game = Digraph.from_edges(n, random_graph(rng, n, rng.randint(0, 3 * n), acyclic=True))
    assert game.acyclic
    for k in (1, 2, 3):
        for position in list(itertools.combinations_with_replacement(range(n), k))[:40]:
            assert grundy_value(game, position) == brute_value(game, position)
            targets = {m.to for m in winning_moves(game, position)}
            assert targets == brute_winning_targets(game, position), position


@pytest.mark.parametrize("seed", range(25))
def test_loopy_token_sums_match_product_retrograde(seed: int) -> None:
    rng = random.Random(500 + seed)
    n = rng.randint(1, 6)
    edges = random_graph(rng, n, rng.randint(1, 3 * n))
    game = Digraph.from_edges(n, edges)
    code = {1: Outcome.N, -1: Outcome.P, 0: Outcome.D}
    assert [code[c] for c in game.vertex_outcomes().tolist()] == \
        [product_outcomes(n, edges, 1)[(v,)] for v in range(n)]
    for k in (1, 2, 3):
        table = product_outcomes(n, edges, k)
        for position, expected in table.items():
            answer = solve(game, position)
            assert answer.outcome is expected, (edges, position)
            # a winning move leads to a P-position; in an N-position there is one; else none
            assert all(table[m.to] is Outcome.P for m in answer.winning_moves)
            assert bool(answer.winning_moves) == (expected is Outcome.N)
            everything = {tuple(sorted(m.to)) for m in game.moves(position) if table[m.to] is Outcome.P}
            assert {m.to for m in answer.winning_moves} == everything
            if isinstance(answer.grundy, str):
                assert answer.grundy.startswith("inf(") and expected is not Outcome.P


def test_positions_and_names() -> None:
    game = Digraph.from_networkx(nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]))
    assert game.parse_position("d a a") == game.validate(["a", "d", "a"])
    assert game.format_position(game.parse_position("d a a")) == "a a d"
    for bad in ("", "zz", "a,zz"):
        with pytest.raises(InvalidPositionError):
            game.parse_position(bad)
    with pytest.raises(InvalidPositionError):
        game.validate((7,))
    with pytest.raises(LoopyGameError):
        brute_value(game, (0,))
    assert not game.acyclic
    assert solve(game, (0,)).grundy == 1  # a → b → c → d: γ(c) = 1, γ(b) = 0, γ(a) = 1


def test_undirected_networkx_graph_is_refused() -> None:
    with pytest.raises(ValueError, match="to_directed"):
        Digraph.from_networkx(nx.path_graph(3))


def test_identity_is_by_content() -> None:
    one = Digraph.from_edges(3, [(0, 1), (1, 2)])
    two = Digraph.from_edges(3, [(1, 2), (0, 1), (0, 1)])
    assert one == two and hash(one) == hash(two)
    assert one != Digraph.from_edges(3, [(0, 1)])


@pytest.mark.slow
def test_big_random_graph_uses_compiled_kernels() -> None:
    rng = random.Random(11)
    n = 20_000
    edges = [(u, rng.randrange(u)) for u in range(1, n) for _ in range(2)]
    game = Digraph.from_edges(n, edges)
    assert game.acyclic
    position = (n - 1, n - 2, n - 3)
    answer = solve(game, position)
    values = game.values
    assert answer.grundy == int(values[n - 1] ^ values[n - 2] ^ values[n - 3])
    for move in answer.winning_moves:
        assert grundy_value(game, move.to) == 0


@pytest.mark.parametrize("seed", range(20))
def test_misere_single_token_matches_product_retrograde(seed: int) -> None:
    rng = random.Random(900 + seed)
    n = rng.randint(1, 8)
    edges = random_graph(rng, n, rng.randint(0, 3 * n))
    game = Digraph.from_edges(n, edges)
    table = product_outcomes(n, edges, 1, misere=True)
    for (v,), expected in table.items():
        if expected is Outcome.D:
            with pytest.raises(NotSupportedError, match="draw"):
                solve(game, (v,), misere=True)
            continue
        answer = solve(game, (v,), misere=True)
        assert answer.outcome is expected, (edges, v)
        assert {m.to for m in answer.winning_moves} == \
            {m.to for m in game.moves((v,)) if table[m.to] is Outcome.P}
