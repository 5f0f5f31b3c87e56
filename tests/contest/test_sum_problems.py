"""Judge problems whose case is a SUM of games of one family, each game with its own parameters
(``--params sum``: each game its parameters, then its heap; ``--params sum-last``: its heap, then
its parameters), through ``grundy solve FAMILY --input`` and the programs ``grundy export FAMILY
--main`` writes (Python, and C++ compiled with g++ where present), in the judge's own layout,
against a brute force written here from the statement:

- HDU 1851 "A Simple Game": ``T``, then ``T`` cases, each ``n``, then ``n`` lines ``M L``: pile
  ``i`` holds ``M`` stones and a move takes ``1..L`` of them (a Bash game per pile, each with its
  own ``L``); the player who cannot move loses. ``bash(m)``, ``--input cases --params sum-last``.
- a sum of Bash games taking ``a..b``, each game ``a b n``, cases ``k`` to one whose ``k`` is 0:
  ``bash(a,b)``, ``--input repeated --params sum`` (the parameters first).
- a sum of Stripes rows (remove exactly ``c``, ``z`` or ``n`` consecutive stones, leaving 0, 1
  or 2 rows), one case ``k``, then ``k`` games ``c z n row``: ``stripes(c,z,n)``, ``--input
  counted --params sum``.

grundy prints no judge's words: the test compares the outcomes (N: the first player wins).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from tests.contest.test_takeaway_problems import grundy_cli
from tests.helpers import compile_cpp_together, mex, run_python_program, xor_all
from tests.helpers import python_lines as run_python

GXX = shutil.which("g++")

HDU1851 = ("bash(m)", "--input", "cases", "--params", "sum-last")
BASH_AB = ("bash(a,b)", "--input", "repeated", "--params", "sum")
STRIPES = ("stripes(c,z,n)", "--input", "counted", "--params", "sum")
PROGRAMS = (HDU1851, BASH_AB, STRIPES)


# ---- the brute forces, from the statements -----------------------------------------------------

@cache
def take_table(low: int, high: int, upto: int) -> tuple[int, ...]:
    """G(0..upto) of one pile from which a move takes low..high stones (plain mex)."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[n - t] for t in range(low, min(high, n) + 1)}))
    return tuple(g)


@cache
def row_table(lengths: tuple[int, ...], upto: int) -> tuple[int, ...]:
    """G(0..upto) of a row from which a move removes exactly s consecutive stones, s in lengths,
    leaving the stones on either side as two rows (plain mex)."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[left] ^ g[n - s - left] for s in lengths if s <= n for left in range(n - s + 1)}))
    return tuple(g)


def hdu1851_input(cases: list[list[tuple[int, int]]]) -> str:
    """The judge's layout: T, then each case n, then n lines M L."""
    return f"{len(cases)}\n" + "".join(f"{len(c)}\n" + "".join(f"{m} {most}\n" for m, most in c)
                                        for c in cases)


def hdu1851_small() -> tuple[str, list[bool]]:
    pick = random.Random(1851)
    cases = [[(pick.randrange(0, 41), pick.randrange(1, 12)) for _ in range(pick.randrange(1, 11))]
             for _ in range(100)]
    cases[:3] = [[(5, 2), (6, 3)], [(1, 1)], [(0, 3), (0, 1)]]  # (2 ^ 2 = 0; 1; no stone at all)
    wins = [xor_all(take_table(1, most, m)[m] for m, most in c) != 0 for c in cases]
    return hdu1851_input(cases), wins


def bash_ab_small() -> tuple[str, list[bool]]:
    pick = random.Random(2)
    cases = []
    for _ in range(60):
        k = pick.randrange(1, 6)
        games = []
        for _ in range(k):
            a = pick.randrange(1, 5)
            games.append((a, pick.randrange(a, 8), pick.randrange(0, 40)))
        cases.append(games)
    text = "".join(f"{len(c)}\n" + "".join(f"{a} {b} {n}\n" for a, b, n in c) for c in cases) + "0\n"
    return text, [xor_all(take_table(a, b, n)[n] for a, b, n in c) != 0 for c in cases]


def stripes_small() -> list[tuple[str, bool]]:
    pick = random.Random(3)
    out = []
    for _ in range(12):
        games = [(pick.randrange(1, 5), pick.randrange(1, 5), pick.randrange(1, 5), pick.randrange(0, 30))
                 for _ in range(pick.randrange(1, 5))]
        text = f"{len(games)}\n" + "".join(f"{c} {z} {n} {row}\n" for c, z, n, row in games)
        out.append((text, xor_all(row_table((c, z, n), row)[row] for c, z, n, row in games) != 0))
    return out


def outcomes(lines: list[str]) -> list[bool]:
    """Whether the first player wins, per line ``VALUE OUTCOME`` (an error line fails)."""
    assert all(len(line.split()) == 2 and line.split()[1] in ("N", "P") for line in lines), lines
    return [line.split()[1] == "N" for line in lines]


# ---- the programs ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def python_programs() -> dict[tuple[str, ...], str]:
    return {args: grundy_cli("export", args[0], "--main", "--lang", "python", *args[1:]) for args in PROGRAMS}


@pytest.fixture(scope="module")
def cpp_program(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """The three C++ programs, compiled once (``None`` without g++): 0 HDU 1851, 1 bash(a,b),
    2 stripes(c,z,n)."""
    if GXX is None:
        return None
    sources = [grundy_cli("export", args[0], "--main", "--lang", "cpp", *args[1:]) for args in PROGRAMS]
    assert all(source.startswith("// ") for source in sources)
    return compile_cpp_together(sources, tmp_path_factory.mktemp("cpp"), "-O2")


def cpp_lines(program: Path, index: int, text: str) -> list[str]:
    done = subprocess.run([str(program), str(index)], input=text, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split("\n")[:-1]


def test_hdu1851_sample_by_solve() -> None:
    """The first case of the brief: piles 5 (take 1..2) and 6 (take 1..3): 2 ^ 2 = 0, P."""
    assert grundy_cli("solve", *HDU1851, "-", stdin="1\n2\n5 2\n6 3\n") == "0 P\n"
    assert grundy_cli("solve", *HDU1851[:-1], "sum", "-", stdin="1\n2\n5 2\n6 3\n") == "1 N\n"


def test_hdu1851_by_solve_and_both_programs(python_programs: dict, cpp_program: Path | None) -> None:
    text, wins = hdu1851_small()
    assert outcomes(grundy_cli("solve", *HDU1851, "-", stdin=text).split("\n")[:-1]) == wins
    assert outcomes(run_python(python_programs[HDU1851], text)) == wins
    if cpp_program is None:
        pytest.skip("g++ is not installed")
    assert outcomes(cpp_lines(cpp_program, 0, text)) == wins


def test_parameters_first_bash_ab_repeated(python_programs: dict, cpp_program: Path | None) -> None:
    text, wins = bash_ab_small()
    assert outcomes(grundy_cli("solve", *BASH_AB, "-", stdin=text).split("\n")[:-1]) == wins
    assert outcomes(run_python(python_programs[BASH_AB], text)) == wins
    if cpp_program is None:
        pytest.skip("g++ is not installed")
    assert outcomes(cpp_lines(cpp_program, 1, text)) == wins


def test_parameters_first_stripes_counted(python_programs: dict, cpp_program: Path | None) -> None:
    for text, wins in stripes_small():
        assert outcomes(grundy_cli("solve", *STRIPES, "-", stdin=text).split("\n")[:-1]) == [wins]
        assert outcomes(run_python(python_programs[STRIPES], text)) == [wins]
        if cpp_program is not None:
            assert outcomes(cpp_lines(cpp_program, 2, text)) == [wins]


def test_hdu1851_large_values(python_programs: dict, cpp_program: Path | None) -> None:
    """Piles and takes up to 10^9 (T = 10, n = 1000): each program and solve agree with the Bash
    law G = M mod (L + 1), itself checked against the brute force here on every M, L <= 40."""
    assert all(take_table(1, most, 40)[m] == m % (most + 1) for most in range(1, 41) for m in range(41))
    pick = random.Random(10**9)
    cases = [[(pick.randrange(0, 10**9 + 1), pick.randrange(1, 10**9 + 1)) for _ in range(1000)]
             for _ in range(10)]
    rest = xor_all(m % (most + 1) for m, most in cases[0][:-1])
    cases[0][-1] = (rest, max(rest, 1))  # (its value is rest: a P case)
    text = hdu1851_input(cases)
    wins = [xor_all(m % (most + 1) for m, most in c) != 0 for c in cases]
    assert wins[0] is False
    assert outcomes(grundy_cli("solve", *HDU1851, "-", stdin=text).split("\n")[:-1]) == wins
    assert outcomes(run_python(python_programs[HDU1851], text)) == wins
    if cpp_program is not None:
        assert outcomes(cpp_lines(cpp_program, 0, text)) == wins


def test_a_bad_game_is_an_error_line(python_programs: dict, cpp_program: Path | None) -> None:
    """L = 0 is no Bash game: its case is an error line (the others are answered), in all three."""
    text = "2\n2\n5 0\n6 3\n1\n4 5\n"
    by_solve = grundy_cli("solve", *HDU1851, "-", stdin=text).split("\n")[:-1]
    assert by_solve[0].startswith("error: ") and by_solve[1] == "4 N"
    code, lines = run_python_program(python_programs[HDU1851], text)
    assert code == 1 and lines[1] == "4 N", lines
    assert lines[0] == "error: bash(m) needs m >= 1, got m = 0"
    if cpp_program is not None:
        done = subprocess.run([str(cpp_program), "0"], input=text, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 1 and done.stdout.split("\n")[:-1] == lines


@pytest.mark.parametrize("argv, words", [
    (["export", "bash(m)", "--main", "--input", "lines", "--params", "sum-last"], "not lines"),
    (["export", "subtraction(S)", "--main", "--input", "cases", "--params", "sum"], "not subtraction"),
    (["export", "moore(k)", "--main", "--input", "cases", "--params", "sum-last"], "not moore"),
    (["export", "green-hackenbush(E)", "--main", "--input", "cases", "--params", "sum-last"],
     "read with --params sum"),
    (["solve", "bash(m)", "--input", "single", "--params", "sum-last", "-"], "not single"),
    (["solve", "bash(m)", "--input", "cases", "--params", "sum", "--misere", "-"], "--misere has no use"),
])
def test_refusals_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err, err


def test_the_engine_check_catches_a_wrong_program() -> None:
    """The check run before a sum program is printed fails on a program that reads the other order."""
    from grundy.catalog import load_family
    from grundy.errors import GrundyError
    from grundy.export.family import python_family
    from grundy.reports.family_sums import check_sums_program

    title, family = load_family("bash(a,b)")  # type: ignore[misc]
    for layout in ("cases", "counted", "repeated"):
        check_sums_program(title, family, python_family(title, family, True, layout, "sum"), layout, "sum")
        wrong = python_family(title, family, True, layout, "sum-last")
        with pytest.raises(GrundyError, match="internal error"):
            check_sums_program(title, family, wrong, layout, "sum")
