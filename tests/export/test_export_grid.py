"""Exports of products of coin-turning games (turning-corners, ``product(G1,G2)``): a board of
heads ``x y`` by the Tartan theorem, in Python and C++ (compiled once), against brute forces of the
grid moves written here, and against the engine's values (its own nim-product) for coordinates
below 2**62.
"""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

Board = frozenset[tuple[int, int]]


def corner_moves(board: Board) -> list[Board]:
    """turning-corners: a head (x, y) and x' < x, y' < y; the four corners are turned."""
    return [board ^ {(x, y), (a, y), (x, b), (a, b)}
            for x, y in board for a in range(x) for b in range(y)]


def ruler_sets(p: int) -> list[set[int]]:
    """ruler: turn coin p and any run of coins just left of it."""
    return [set(range(q, p + 1)) for q in range(1, p + 1)]


def mock_sets(p: int) -> list[set[int]]:
    """mock-turtles: turn coin p and at most two coins left of it."""
    return [{p}] + [{p, q} for q in range(1, p)] + [{p, q, r} for q in range(1, p) for r in range(1, q)]


def product_moves(board: Board) -> list[Board]:
    """product(ruler,mock-turtles): a head (x, y), a ruler set A at x and a mock-turtles set B at
    y; every coin of A × B is turned."""
    return [board ^ {(a, b) for a in first for b in second}
            for x, y in board for first in ruler_sets(x) for second in mock_sets(y)]


@cache
def value(name: str, board: Board) -> int:
    moves = corner_moves(board) if name == "turning-corners" else product_moves(board)
    seen = {value(name, after) for after in moves}
    return next(m for m in range(len(seen) + 1) if m not in seen)


def boards(name: str) -> list[tuple[tuple[int, int], ...]]:
    origin = 0 if name == "turning-corners" else 1
    cells = [(x, y) for x in range(origin, origin + 4) for y in range(origin, origin + 3)]
    return [b for k in range(1, 4) for b in itertools.combinations(cells, k)]


@pytest.mark.parametrize("name", ["turning-corners", "product(ruler,mock-turtles)"])
def test_small_boards_against_the_brute_force(name: str, tmp_path: Path) -> None:
    game = grundy.load_game(name)
    cases = boards(name)
    want = [f"{v} {'N' if v else 'P'}" for v in (value(name, frozenset(b)) for b in cases)]
    stdin = "".join(" ".join(f"{x} {y}" for x, y in b) + "\n" for b in cases)
    source = export_game(game, lang="python", main=True).source
    assert "proved (the Tartan theorem" in source.splitlines()[1]
    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want, done.stderr
    if GXX is not None:
        exe = compile_cpp_together([export_game(game, lang="cpp", main=True).source], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_large_coordinates_agree_with_solve_in_every_layout(tmp_path: Path) -> None:
    """Nim-products of large numbers: the programs' own nim_mul against the engine's."""
    rng = random.Random(11)
    sources, inputs, wants = [], [], []
    for name in ("turning-corners", "product(ruler,mock-turtles)", "product(turning-turtles,ruler)"):
        game = grundy.load_game(name)
        cases = [[(rng.randrange(1, 2**rng.choice((8, 32, 62))), rng.randrange(1, 2**62))
                  for _ in range(rng.randrange(1, 4))] for _ in range(30)]
        cases = [sorted(set(c)) for c in cases]
        numbers = [[v for head in c for v in head] for c in cases]
        values = [grundy.grundy_value(game, game.validate(" ".join(f"{x},{y}" for x, y in c)))
                  for c in cases]
        layouts = {"lines": "".join(" ".join(map(str, n)) + "\n" for n in numbers),
                   "cases": f"{len(numbers)}\n" + "".join(f"{len(n) // 2} {' '.join(map(str, n))}\n"
                                                          for n in numbers),
                   "counted": f"{len(numbers[0]) // 2}\n{' '.join(map(str, numbers[0]))}\n"}
        for layout, stdin in layouts.items():
            want = [f"{v} {'N' if v else 'P'}" for v in (values if layout != "counted" else values[:1])]
            source = export_game(game, lang="python", main=True, input_format=layout).source
            done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin,
                                  capture_output=True, text=True)
            assert done.stdout.splitlines() == want, (name, layout, done.stderr)
            sources.append(export_game(game, lang="cpp", main=True, input_format=layout).source)
            inputs.append(stdin)
            wants.append(want)
    if GXX is None:
        return
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, (stdin, want) in enumerate(zip(inputs, wants, strict=True)):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want, i


def test_a_line_that_is_not_a_board_is_an_error_line_of_its_own() -> None:
    source = export_game(grundy.load_game("product(ruler,mock-turtles)"), lang="python", main=True).source
    done = subprocess.run([sys.executable, "-S", "-c", source], input="1 2 3\n0 1\n1 1\n",
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("error: a head is two numbers") and lines[1].startswith("error: (0, 1)")
    assert lines[2] == "1 N" and done.returncode == 1


def test_a_wrong_nim_product_is_caught_before_the_program_is_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The export runs its program against the engine's values (heads near the corner and far out):
    a nim-product that forgets the F/2 term is refused as an internal error."""
    from grundy.errors import GrundyError
    from grundy.export import python as writer

    wrong = writer.PY_NIM_MUL.replace("^ nim_mul(top, 1 << (h - 1))", "^ top")
    assert wrong != writer.PY_NIM_MUL
    monkeypatch.setattr(writer, "PY_NIM_MUL", wrong)
    with pytest.raises(GrundyError, match="internal error"):
        export_game(grundy.load_game("turning-corners"), lang="cpp")


@pytest.mark.parametrize(("argv", "flag"), [
    (["turning-corners", "--upto", "50"], "--upto"), (["staircase", "--conjecture"], "--conjecture"),
    (["moore(2)", "--limit", "1000"], "--limit"),
])
def test_an_option_a_theorems_program_has_no_use_for_is_refused(argv: list[str], flag: str) -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "export", *argv], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and f"so {flag} has no use" in done.stderr
