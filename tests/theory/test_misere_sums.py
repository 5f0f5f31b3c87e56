"""Misère sums by the SJ theorem and genus theory, against brute force written here."""

from __future__ import annotations

import itertools
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from grundy.catalog import load_game
from grundy.model.game import Game, Move, Outcome
from grundy.theory.misere import (
    GENUS,
    SJ,
    MisereAnswer,
    MisereMemo,
    genus,
    misere_outcome,
    misere_table,
    misere_value,
)
from grundy.theory.misere_laws import heap_law

sys.setrecursionlimit(10_000)

SPECS = ("nim", "bash(2)", "bash(3)", "subtraction(1,3,4)", "subtraction(2,5)", "kayles",
         "dawson-kayles", "allbut(1)", "lasker-nim")
GAMES = [load_game(s) for s in SPECS]
ATOMS = [(g, (n,)) for g in GAMES for n in range(9)]
MEMO = MisereMemo()


def canon(game: Game, position: Any) -> Any:
    return tuple(sorted(h for h in position if h)) if isinstance(position, tuple) else position


# ---- independent brute force: options only, no engine --------------------------------------------

@cache
def sum_wins(parts: tuple[tuple[Game, Any], ...]) -> bool:
    """Misère play: True when the player to move wins the sum (no move: the mover wins)."""
    children = list(sum_children(parts))
    return not children or any(not sum_wins(c) for c in children)


def sum_children(parts: tuple[tuple[Game, Any], ...]) -> Iterator[tuple[tuple[Game, Any], ...]]:
    for i, (g, p) in enumerate(parts):
        for o in g.options(p):
            yield (*parts[:i], (g, canon(g, o)), *parts[i + 1:])


def mex(values: Any) -> int:
    s, m = set(values), 0
    while m in s:
        m += 1
    return m


@cache
def misere_grundy_with_twos(game: Game, position: Any, twos: int, ones: int) -> int:
    """Misère Grundy value of position + twos×*2 + ones×*1, straight from the definition."""
    vals = [misere_grundy_with_twos(game, canon(game, o), twos, ones) for o in game.options(position)]
    if twos:
        vals += [misere_grundy_with_twos(game, position, twos - 1, ones + 1),
                 misere_grundy_with_twos(game, position, twos - 1, ones)]
    if ones:
        vals.append(misere_grundy_with_twos(game, position, twos, ones - 1))
    return mex(vals) if vals else 1


def check(parts: list[tuple[Game, Any]], counts: Counter[str]) -> None:
    """Each rule alone, then both: wherever an answer comes, it is brute force's."""
    answers = [misere_outcome(parts, memo=MEMO, rules=rules) for rules in ((SJ,), (GENUS,))]
    both = misere_outcome(parts, memo=MEMO)
    counts["none"] += both is None
    assert (both is None) == all(a is None for a in answers)
    if (answers[0] is None) != (answers[1] is None):
        counts["only " + (answers[0] or answers[1]).rule] += 1  # type: ignore[union-attr]
    for answer in answers:
        if answer is not None:
            counts[answer.rule] += 1
            agree(parts, answer)


def agree(parts: list[tuple[Game, Any]], answer: MisereAnswer) -> None:
    key = tuple((g, canon(g, p)) for g, p in parts)
    wins = sum_wins(key)
    assert answer.outcome == (Outcome.N if wins else Outcome.P), (parts, answer)
    expected = {(i, canon(parts[i][0], c[i][1])) for i in range(len(parts))
                for c in sum_children(key) if c[i] != key[i] and not sum_wins(c)}
    got = {(i, canon(parts[i][0], m.to)) for i, m in answer.winning_moves}
    assert answer.winning_moves_complete
    assert got == expected, (parts, answer)


@pytest.mark.slow
def test_pairs_of_catalogue_games_agree_with_brute_force() -> None:
    counts: Counter[str] = Counter()
    for a, b in itertools.combinations_with_replacement(ATOMS, 2):
        check([a, b], counts)
    assert counts[SJ] > 500 and counts[GENUS] > 50 and counts["none"] > 50, counts


@pytest.mark.slow
def test_triples_and_multi_heap_components_agree_with_brute_force() -> None:
    rng = random.Random(2009)
    counts: Counter[str] = Counter()
    for _ in range(150):
        check(rng.sample(ATOMS, 3), counts)
    for g in GAMES:
        for heaps in [(3, 4), (1, 1, 2), (2, 5), (0, 6)]:
            check([(g, heaps), rng.choice(ATOMS)], counts)
    assert counts[SJ] > 100 and counts[GENUS] > 10 and counts["none"] > 10, counts


# ---- random game graphs: the theorems themselves ---------------------------------------------------

@dataclass(frozen=True)
class Dag(Game):
    """Position i has options ``edges[i]`` (all smaller): any finite impartial game."""

    edges: tuple[tuple[int, ...], ...]
    name = "dag"

    @property
    def spec(self) -> str:
        return f"dag{len(self.edges)}"

    def moves(self, position: Any) -> Iterator[Move]:
        for j in self.edges[position]:
            yield Move(f"{position}→{j}", j)

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: Any) -> str:
        return str(position)


def random_dag(rng: random.Random, size: int) -> Dag:
    return Dag(tuple(tuple(sorted(rng.sample(range(i), rng.randint(0, min(i, 4))))) for i in range(size)))


@pytest.mark.slow
def test_random_games_agree_with_brute_force() -> None:
    rng = random.Random(7)
    counts: Counter[str] = Counter()
    for _ in range(60):
        dag = random_dag(rng, 12)
        for _ in range(15):
            check([(dag, rng.randrange(12)) for _ in range(rng.randint(2, 3))], counts)
    # the SJ condition implies tameness (fickle exactly at values 0 and 1), never the converse
    assert counts["only " + SJ] == 0 and counts[SJ] > 200, counts
    assert counts["only " + GENUS] > 20 and counts["none"] > 20, counts


# ---- single positions --------------------------------------------------------------------------------

def test_misere_value_and_table_match_the_definition() -> None:
    for g in GAMES:
        table = misere_table(g, 12)  # type: ignore[arg-type]
        for n in range(13):
            assert table[n] == misere_value(g, n) == misere_grundy_with_twos(g, (n,), 0, 0), (g, n)


def test_genus_matches_its_definition() -> None:
    positions = [(g, (n,)) for g in GAMES for n in range(8)] + \
        [(load_game("nim"), (2, 2)), (load_game("nim"), (1, 1, 3)), (load_game("kayles"), (2, 3))]
    for g, p in positions:
        found = genus(g, p, depth=6)
        assert found[0] == sum_value(g, p)
        full = list(found)
        while len(full) < 9:
            full.append(full[-2])
        for k in range(8):
            assert full[k + 1] == misere_grundy_with_twos(g, canon(g, p), k, 0), (g, p, found)


@cache
def sum_value(game: Game, position: Any) -> int:
    """Normal-play Grundy value from the definition."""
    return mex(sum_value(game, canon(game, o)) for o in game.options(position))


def test_genus_of_nim_heaps_is_conways() -> None:
    nim = load_game("nim")
    assert [genus(nim, (n,)) for n in range(5)] == [(0, 1, 2, 0), (1, 0, 3, 1), (2, 2, 0),
                                                     (3, 3, 1), (4, 4, 6)]


# ---- huge heaps --------------------------------------------------------------------------------------

def test_huge_heaps_answer_from_laws() -> None:
    bash3, nim = load_game("bash(3)"), load_game("nim")
    parts = [(bash3, (10**18,)), (bash3, (10**18 + 3,)), (nim, (10**18,)), (nim, (5,))]
    answer = misere_outcome(parts, limit=1000)
    assert answer is not None and answer.rule == SJ
    # values 0, 3, 10**18, 5: nim-sum ≠ 0 and some value > 1
    assert answer.outcome == Outcome.N
    assert answer.winning_moves and answer.winning_moves_complete
    sub = load_game("subtraction(1,3,4)")
    answer = misere_outcome([(sub, (10_000_000, 5))], limit=1000)
    assert answer is not None


def test_heap_laws_agree_with_brute_force() -> None:
    for spec in ("bash(3)", "subtraction(1,3,4)", "subtraction(2,5)", "bash(2,5)", "nim", "allbut(1)"):
        g = load_game(spec)
        law = heap_law(g)
        assert law is not None
        for n in range(60):
            v, m = law.pair(n)
            assert v == sum_value(g, (n,))
            if m is not None:
                assert m == misere_grundy_with_twos(g, (n,), 0, 0)


def test_kayles_is_refused_and_a_small_budget_refuses() -> None:
    kayles = load_game("kayles")
    assert misere_outcome([(kayles, (5,)), (kayles, (7,))]) is None
    assert misere_outcome([(kayles, (60,)), (kayles, (7,))], limit=100) is None


@pytest.mark.parametrize("spec", ["nim", "bash(3)", "subtraction(1,3,4)"])
def test_misere_value_of_huge_heaps(spec: str) -> None:
    g = load_game(spec)
    law = heap_law(g)
    assert law is not None
    n = 10**18
    assert misere_value(g, n) == law.pair(n)[1]
