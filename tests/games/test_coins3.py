"""Products of three (or more) coin-turning games: ``product(A,B,C)``, heads ``x,y,z``; a move
picks a move of each factor (sets ``A``, ``B``, ``C`` whose largest coins form a head) and turns
every coin of ``A × B × C``. Values, winning moves, moves to every value, the reason, the exported
Python and C++ programs and ``solve --input`` are checked against a brute force written here: the
mex over the product moves, on every board of small boxes (a move never leaves the box of its
head). POJ 3533 (Light Switching Game: turn the eight corners of a cuboid, possibly flat, whose
far corner is lit) is the product of three Turning Turtles.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from grundy import grundy_value, load_game, solve
from grundy.errors import InvalidGameError, InvalidPositionError
from grundy.model.game import Outcome
from grundy.reports.export_policy import export_game
from grundy.solving.solve import moves_to_value
from tests.helpers import compile_cpp_together, run

GXX = shutil.which("g++")
Head = tuple[int, ...]
Board = frozenset[Head]

# ---- the brute force: each factor's move sets, their product, the mex ----
SETS: dict[str, Callable[[int], list[frozenset[int]]]] = {
    "turning-turtles": lambda p: [frozenset({p})] + [frozenset({p, q}) for q in range(1, p)],
    "mock-turtles": lambda p: ([frozenset({p})] + [frozenset({p, q}) for q in range(1, p)]
                               + [frozenset({p, q, r}) for q in range(1, p) for r in range(1, q)]),
    "ruler": lambda p: [frozenset(range(q, p + 1)) for q in range(1, p + 1)],
}


def options(names: tuple[str, ...], board: Board) -> Iterator[Board]:
    for head in board:
        for sets in itertools.product(*(SETS[n](p) for n, p in zip(names, head, strict=True))):
            yield board ^ frozenset(itertools.product(*sets))


def mex(seen: set[int]) -> int:
    return next(m for m in range(len(seen) + 1) if m not in seen)


@cache
def brute(names: tuple[str, ...], board: Board) -> int:
    return mex({brute(names, after) for after in options(names, board)})


def boards(box: tuple[int, ...], most: int) -> list[Board]:
    cells = list(itertools.product(*(range(1, b + 1) for b in box)))
    return [frozenset(c) for k in range(most + 1) for c in itertools.combinations(cells, k)]


def written(board: Board) -> str:
    return " ".join(",".join(map(str, h)) for h in sorted(board)) or "-"


PRODUCTS = [("ruler", "ruler", "ruler"), ("turning-turtles", "mock-turtles", "ruler"),
            ("mock-turtles", "ruler", "turning-turtles")]


@pytest.mark.parametrize("names", PRODUCTS)
def test_values_and_winning_moves_on_every_board_of_a_small_box(names: tuple[str, ...]) -> None:
    game = load_game(f"product({','.join(names)})")
    for board in boards((2, 2, 3), 12):  # every board of the 2 × 2 × 3 box (4096)
        value = brute(names, board)
        answer = solve(game, written(board))
        assert answer.grundy == value, (names, written(board))
        assert answer.outcome is (Outcome.N if value else Outcome.P)
        expected = {o for o in options(names, board) if brute(names, o) == 0}
        got = [frozenset(m.to) for m in answer.winning_moves]
        assert len(got) == len(set(got)) and set(got) == expected, (names, written(board))


def test_moves_to_every_value_and_a_larger_box() -> None:
    names = ("turning-turtles", "ruler", "mock-turtles")
    game = load_game(f"product({','.join(names)})")
    for board in boards((3, 2, 2), 2):  # boards of at most two heads of a 3 × 2 × 2 box
        value = brute(names, board)
        assert solve(game, written(board)).grundy == value
        for target in range(8):
            got = {frozenset(m.to) for m in moves_to_value(game, sorted(board), target)}
            want = {o for o in options(names, board) if brute(names, o) == target}
            assert got == want, (written(board), target)


def test_four_factors() -> None:
    names = ("ruler", "turning-turtles", "ruler", "mock-turtles")
    game = load_game(f"product({','.join(names)})")
    for board in boards((2, 2, 1, 2), 3):
        answer = solve(game, written(board))
        assert answer.grundy == brute(names, board), written(board)
        assert {frozenset(m.to) for m in answer.winning_moves} == {
            o for o in options(names, board) if brute(names, o) == 0}


# ---- POJ 3533: the eight corners of a cuboid (possibly flat) whose far corner is lit ----
def corner_options(board: Board) -> Iterator[Board]:
    for x, y, z in board:
        for a, b, c in itertools.product(range(1, x + 1), range(1, y + 1), range(1, z + 1)):
            yield board ^ frozenset(itertools.product({a, x}, {b, y}, {c, z}))


@cache
def cuboid_value(board: Board) -> int:
    return mex({cuboid_value(o) for o in corner_options(board)})


def test_poj_3533_cuboid_corners_are_the_product_of_three_turning_turtles() -> None:
    game = load_game("product(turning-turtles,turning-turtles,turning-turtles)")
    for board in boards((2, 3, 2), 12):
        assert solve(game, written(board)).grundy == cuboid_value(board), written(board)
    for board in boards((3, 2, 2), 12):
        assert solve(game, written(board)).grundy == cuboid_value(board), written(board)
    assert solve(game, "3,3,3").grundy == 1  # by hand: 3 ⊗ 3 = 2, 2 ⊗ 3 = 1


# ---- the reason, the command line, errors ----
def test_the_reason_shows_the_three_factors_values() -> None:
    game = load_game("product(ruler,ruler,ruler)")
    answer = solve(game, "1,1,1 2,2,2 2,3,4")
    assert answer.grundy == 8
    assert "so a head at (x,y,z) is worth v1(x) ⊗ v2(y) ⊗ v3(z)" in answer.reason
    assert answer.reason.endswith("1⊗1⊗1 ⊕ 2⊗2⊗2 ⊕ 2⊗1⊗4 = 1 ⊕ 1 ⊕ 8 = 8")
    assert answer.why is not None
    zh = answer.why.render("zh")
    assert "的乘积" in zh and "(x,y,z) 处的正面价值" in zh and "is the product" not in zh
    assert answer.winning_moves[0].label == "turn {2} × {3} × {4} (head 2,3,4 → tails)"


def test_positions_and_specs_are_checked() -> None:
    game = load_game("product(ruler,ruler,ruler)")
    assert game.spec == "product(ruler,ruler,ruler)"
    assert game.format_position(game.parse_position(" 2,3,4  1,1,1 ")) == "1,1,1 2,3,4"
    for bad in ("1,2", "1,2,3,4", "0,1,1", "1,1,1 1,1,1", "a,b,c"):
        with pytest.raises(InvalidPositionError):
            game.parse_position(bad)
    with pytest.raises(InvalidPositionError):
        game.validate([(1, 2)])
    for spec in ("product(ruler)", "product(ruler,ruler,ruler,ruler,ruler,ruler,ruler)",
                 "product(ruler,ruler,nim)"):
        with pytest.raises(InvalidGameError):
            load_game(spec)


# ---- the exported programs and solve --input ----
SMALL = [b for b in boards((2, 2, 2), 3) if b]


def _stdin(cases: list[Board], layout: str) -> str:
    numbers = [[c for h in sorted(b) for c in h] for b in cases]
    if layout == "lines":
        return "".join(" ".join(map(str, n)) + "\n" for n in numbers)
    return f"{len(numbers)}\n" + "".join(f"{len(n) // 3} {' '.join(map(str, n))}\n" for n in numbers)


@pytest.mark.parametrize("names", [("ruler", "ruler", "ruler"),
                                   ("turning-turtles", "mock-turtles", "ruler")])
def test_exported_programs_against_the_brute_force(names: tuple[str, ...], tmp_path: Path) -> None:
    game = load_game(f"product({','.join(names)})")
    want = [f"{v} {'N' if v else 'P'}" for v in (brute(names, b) for b in SMALL)]
    sources = []
    for layout in ("lines", "cases"):
        source = export_game(game, lang="python", main=True, input_format=layout).source
        assert "proved (the Tartan theorem" in source.splitlines()[1]
        assert "(x, y, z)" in source.splitlines()[0] and "3 numbers" in source
        done = subprocess.run([sys.executable, "-S", "-c", source], input=_stdin(SMALL, layout),
                              capture_output=True, text=True)
        assert done.stdout.splitlines() == want, done.stderr
        sources.append(export_game(game, lang="cpp", main=True, input_format=layout).source)
    if GXX is not None:
        exe = compile_cpp_together(sources, tmp_path, "-O2")
        for i, layout in enumerate(("lines", "cases")):
            done = subprocess.run([str(exe), str(i)], input=_stdin(SMALL, layout),
                                  capture_output=True, text=True)
            assert done.stdout.splitlines() == want, (layout, done.stderr)


def test_large_coordinates_agree_with_solve(tmp_path: Path) -> None:
    """The programs' own nim_mul against the engine's, coordinates up to 2**62."""
    import random

    rng = random.Random(5)
    game = load_game("product(turning-turtles,ruler,mock-turtles)")
    cases = [frozenset((rng.randrange(1, 2**62), rng.randrange(1, 2**62), rng.randrange(1, 2**20))
                       for _ in range(rng.randrange(1, 4))) for _ in range(40)]
    values = [grundy_value(game, game.validate(written(b))) for b in cases]
    want = [f"{v} {'N' if v else 'P'}" for v in values]
    source = export_game(game, lang="python", main=True).source
    done = subprocess.run([sys.executable, "-S", "-c", source], input=_stdin(cases, "lines"),
                          capture_output=True, text=True)
    assert done.stdout.splitlines() == want
    if GXX is not None:
        exe = compile_cpp_together([export_game(game, lang="cpp", main=True).source], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=_stdin(cases, "lines"), capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_a_line_that_is_not_a_board_is_an_error_line() -> None:
    source = export_game(load_game("product(ruler,ruler,ruler)"), lang="python", main=True).source
    done = subprocess.run([sys.executable, "-S", "-c", source], input="1 2\n0 1 1\n1 1 1\n",
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "error: a head is 3 numbers: got a count of 2"
    assert lines[1].startswith("error: (0, 1, 1) is not a coin") and lines[2] == "1 N"


def test_solve_input_reads_boards_as_the_export_does(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    names = ("ruler", "ruler", "ruler")
    path = tmp_path / "in.txt"
    path.write_text(_stdin(SMALL, "cases"))
    code, out, err = run(capsys, "solve", f"product({','.join(names)})", "--input", "cases", str(path))
    assert code == 0, err
    assert out.splitlines() == [f"{v} {'N' if v else 'P'}" for v in (brute(names, b) for b in SMALL)]
    code, out, _ = run(capsys, "solve", "product(ruler,ruler,ruler)", "--input", "cases", str(path),
                       "--winning-moves")
    lines = out.splitlines()
    first = lines[0].split()
    assert int(first[2]) == len([o for o in options(names, SMALL[0]) if brute(names, o) == 0])
    path.write_text("1\n1 1 1\n")
    code, out, err = run(capsys, "solve", "product(ruler,ruler,ruler)", "--input", "cases", str(path))
    assert code != 0 and "the input ended inside a case" in out + err


def test_hdu_4642_the_corner_decides() -> None:
    """HDU 4642 (docs/coins.md): turn the rectangle from a head to the far corner (n, m); the
    first player wins exactly when (n, m) shows heads (brute force on every board up to 2 × 3)."""
    for n, m in ((1, 3), (2, 2), (2, 3)):
        cells = list(itertools.product(range(1, n + 1), range(1, m + 1)))

        @cache
        def value(board: frozenset[tuple[int, int]], n: int = n, m: int = m) -> int:
            return mex({value(board ^ frozenset(itertools.product(range(a, n + 1), range(b, m + 1))))
                        for a, b in board})

        for k in range(len(cells) + 1):
            for heads in itertools.combinations(cells, k):
                assert (value(frozenset(heads)) != 0) == ((n, m) in heads), (n, m, heads)
