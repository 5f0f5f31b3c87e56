"""Staircase Nim on a rooted tree, ``tree-staircase`` (HDU 5996 "dingyeye loves stone").

HDU 5996: a tree rooted at 0, node i holds a_i stones; a move takes a positive number of stones
from a non-root node to its parent; who cannot move loses. Input: T, then per case n, fa[1..n-1],
a[0..n-1] (n <= 10^4); print "win" / "lose" for the first player.

Checked against a brute force of its own: the plain mex over the moves of the statement.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache

import pytest

from grundy import load_game, solve
from grundy.errors import GrundyError
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together


@cache
def brute(parents: tuple[int, ...], counts: tuple[int, ...]) -> int:
    """The Grundy value by the statement: mex over every move of k stones from node v to its parent."""
    seen = set()
    for v in range(1, len(counts)):
        for k in range(1, counts[v] + 1):
            to = list(counts)
            to[v] -= k
            to[parents[v - 1]] += k
            seen.add(brute(parents, tuple(to)))
    return next(g for g in range(len(seen) + 1) if g not in seen)


def random_tree(rng: random.Random, n: int, stones: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A random tree rooted at 0 whose node labels are shuffled (a parent may have a larger label)."""
    order = [0, *rng.sample(range(1, n), n - 1)]
    parent = {order[i]: order[rng.randrange(i)] for i in range(1, n)}
    return tuple(parent[v] for v in range(1, n)), tuple(rng.randint(0, stones) for _ in range(n))


def small_cases(count: int, seed: int = 5996) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rng = random.Random(seed)
    return [random_tree(rng, rng.randint(1, 5), rng.randint(0, 3)) for _ in range(count)]


@pytest.mark.parametrize("case", small_cases(60))
def test_value_and_winning_moves_match_the_brute_force(case) -> None:
    parents, counts = case
    game = load_game("tree-staircase")
    answer = solve(game, parents + counts)
    assert answer.grundy == brute(parents, counts)
    winning = {m.to for m in answer.winning_moves}
    expected = {m.to for m in game.moves(parents + counts)
                if brute(parents, game.validate(m.to)[len(parents):]) == 0}
    assert winning == expected


def test_text_and_bad_trees() -> None:
    game = load_game("tree-staircase")
    assert game.format_position(game.parse_position("0 0 1 | 3 1 2 5")) == "0 0 1 | 3 1 2 5"
    assert game.parse_position("0 0 1 3 1 2 5") == (0, 0, 1, 3, 1, 2, 5)
    for bad in ("1 2 | 1 1 1", "0 5 | 1 1 1", "0 0 | 1 1", ""):
        with pytest.raises(GrundyError):
            game.parse_position(bad)


def test_judge_layout_end_to_end(tmp_path) -> None:
    """HDU 5996's input through ``grundy solve tree-staircase --input cases``, mapped to win/lose."""
    cases = small_cases(40, seed=1)
    lines = [str(len(cases))]
    for parents, counts in cases:
        lines += [str(len(counts)), " ".join(map(str, parents)), " ".join(map(str, counts))]
    path = tmp_path / "in.txt"
    path.write_text("\n".join(lines) + "\n")
    out = subprocess.run([sys.executable, "-m", "grundy", "solve", "tree-staircase", "--input",
                          "cases", str(path)], capture_output=True, text=True, check=True).stdout
    got = ["win" if line.split()[1] == "N" else "lose" for line in out.splitlines()]
    assert got == ["win" if brute(p, c) else "lose" for p, c in cases]


def test_exported_programs_against_the_brute_force(tmp_path) -> None:
    """``grundy export tree-staircase --main`` (Python, and C++ where g++ is), in each layout; a case
    is n, the parents, the counts (HDU 5996), a line the 2n - 1 numbers; big counts and a bad tree."""
    cases = small_cases(30, seed=2)
    want = [f"{v} {'N' if v else 'P'}" for v in (brute(p, c) for p, c in cases)]
    big = ((0, 0, 1), (2**63, 5, 2**62 + 1, 7))  # (value 5 ^ (2^62 + 1), not brute-forced)
    cases.append(big)
    want.append(f"{5 ^ (2**62 + 1)} N")
    inputs = {"cases": f"{len(cases)}\n" + "".join(
                  f"{len(c)}\n{' '.join(map(str, p))}\n{' '.join(map(str, c))}\n" for p, c in cases),
              "lines": "".join(" ".join(map(str, p + c)) + "\n" for p, c in cases) + "1 2 1 1 1\n"}
    expected = {"cases": want, "lines": want}
    game = load_game("tree-staircase")
    sources = []
    for layout, stdin in inputs.items():
        source = export_game(game, lang="python", main=True, input_format=layout).source
        out = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                             text=True).stdout.splitlines()
        assert out[:len(want)] == expected[layout], layout
        sources.append(export_game(game, lang="cpp", main=True, input_format=layout).source)
        if layout == "lines":  # (the cycle 1 -> 2 -> 1: an error line, as solve refuses it)
            assert out[len(want)].startswith("error:") and len(out) == len(want) + 1
    if shutil.which("g++") is None:
        return
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, (layout, stdin) in enumerate(inputs.items()):
        out = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True,
                             text=True).stdout.splitlines()
        assert out[:len(want)] == expected[layout], layout
        if layout == "lines":
            assert out[len(want)].startswith("error:") and len(out) == len(want) + 1
