"""``--params rows``: a judge's case ``n m``, then ``n`` positions of ``m`` numbers each, answered
as their sum (SPOJ MATGAME writes its matrix so: ``T``; a case ``N M``, then N rows of M numbers;
a move lowers the leftmost non-zero number of a row by 1..K), in ``grundy solve --input`` and in
the program of ``grundy export --lang python --main``, each compared with a brute force over the
whole matrix written here from the statement; and ``grundy export --limit N``, which sets the
options the Python program of a game of one's own may list for one input (CF 63E "Sweets Game":
a full board is beyond the default 2,000,000)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import exported as export
from tests.helpers import run_python_program

Matrix = tuple[tuple[int, ...], ...]


def row(cells: tuple[int, ...]) -> list[object]:
    """MATGAME, one row as a user writes it: its leading zeros dropped; lower its first number."""
    if not cells:
        return []
    return [(cells[0] - k, *cells[1:]) if k < cells[0] else cells[1:] for k in range(1, cells[0] + 1)]


def triple(position: tuple[int, int, int]) -> list[object]:
    """Nim on three heaps written as one position of three numbers (arity=3)."""
    return [(*position[:i], v, *position[i + 1:]) for i in range(3) for v in range(position[i])]


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    grundy.game("rows-matgame")(row)
    grundy.game("rows-triple", arity=3)(triple)
    yield
    for name in ("rows-matgame", "rows-triple"):
        catalog.unregister(name)


@cache
def matrix_wins(rows: Matrix) -> bool:
    """From the statement, the whole matrix at once (not row by row): in a row with a non-zero
    number, lower the leftmost one by 1..K; who cannot move loses."""
    nexts = []
    for i, r in enumerate(rows):
        j = next((j for j, x in enumerate(r) if x), None)
        if j is not None:
            nexts += [(*rows[:i], (*r[:j], r[j] - k, *r[j + 1:]), *rows[i + 1:]) for k in range(1, r[j] + 1)]
    return any(not matrix_wins(m) for m in nexts)


def case_text(c: Matrix) -> str:
    """One case: ``N M``, then its N rows."""
    return f"{len(c)} {len(c[0]) if c else 0}\n" + "".join(" ".join(map(str, r)) + "\n" for r in c)


def judge_text(cases: list[Matrix], *, counted: bool = True) -> str:
    """MATGAME's input: T (when ``counted``), then each case."""
    return (f"{len(cases)}\n" if counted else "") + "".join(map(case_text, cases))


def solve_lines(game: str, layout: str, text: str, tmp_path: Path) -> tuple[int, list[str]]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, _ = cli("solve", game, "--input", layout, "--params", "rows", str(path))
    return code, out.split("\n")[:-1]


def program(game: str, layout: str) -> str:
    return export(game, "--lang", "python", "--main", "--input", layout, "--params", "rows")


def test_matgame_against_brute_force(tmp_path: Path) -> None:
    rng = random.Random(1)
    cases: list[Matrix] = [((1, 1), (1, 1)), ((2, 1, 1),), ((3, 2), (3, 2))]  # the sample
    for _ in range(70):
        n, m = rng.randint(1, 3), rng.randint(1, 3)
        cases.append(tuple(tuple(rng.randint(1, 3) for _ in range(m)) for _ in range(n)))
    want = ["N" if matrix_wins(c) else "P" for c in cases]
    text = judge_text(cases)
    code, got = solve_lines("rows-matgame", "cases", text, tmp_path)
    assert code == 0
    assert [line.split()[1] for line in got] == want
    assert want[:3] == ["P", "N", "P"]  # (SECOND, FIRST, SECOND)
    status, lines = run_python_program(program("rows-matgame", "cases"), text)
    assert (status, lines) == (0, got)


def test_repeated_ends_at_a_case_of_zeros(tmp_path: Path) -> None:
    cases: list[Matrix] = [((2, 3), (1, 1)), ((1,), (2,), (3,)), ((1, 4),)]
    text = judge_text(cases, counted=False) + "0 0\n"
    code, got = solve_lines("rows-matgame", "repeated", text, tmp_path)
    assert code == 0
    assert [line.split()[1] for line in got] == ["N" if matrix_wins(c) else "P" for c in cases]
    assert run_python_program(program("rows-matgame", "repeated"), text) == (0, got)
    code, _ = solve_lines("rows-matgame", "repeated", text + "1 1\n5\n", tmp_path)
    assert code != 0  # (words after the case that ends the input)


def test_a_cut_short_input_prints_its_cases_first(tmp_path: Path) -> None:
    cases: list[Matrix] = [((1, 1), (1, 1)), ((2, 1, 1),)]
    text = judge_text(cases).replace("2\n", "3\n", 1) + "2 2\n1 1\n1\n"  # (a third case, cut short)
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", "rows-matgame", "--input", "cases", "--params", "rows", str(path))
    got = out.split("\n")[:-1]
    assert code == 2 and "ended inside a case" in err  # (the error on stderr, as the program's)
    assert got[0] == "0 P" and got[1].endswith(" N") and len(got) == 2
    status, lines = run_python_program(program("rows-matgame", "cases"), text)
    assert (status, lines) == (1, got)  # (the program's error is on stderr)


def test_positions_of_n_numbers(tmp_path: Path) -> None:
    """A game on positions of 3 numbers: each row is one position (m must be 3, else that case
    alone is an error line); the sum of rows XORs every number here (Nim)."""
    rng = random.Random(3)
    cases = [tuple(tuple(rng.randint(0, 4) for _ in range(3)) for _ in range(rng.randint(1, 3)))
             for _ in range(25)]
    text = f"{len(cases) + 1}\n" + "".join(map(case_text, cases[:10])) + "1 2\n1 1\n" \
        + "".join(map(case_text, cases[10:]))  # (case 11: rows of 2 numbers)
    code, got = solve_lines("rows-triple", "cases", text, tmp_path)
    assert code == 2
    values = []
    for c in cases:
        x = 0
        for r in c:
            for v in r:
                x ^= v
        values.append(f"{x} {'N' if x else 'P'}")
    assert got[:10] == values[:10] and got[11:] == values[10:]
    assert got[10].startswith("error: ") and "3 numbers" in got[10]
    status, lines = run_python_program(program("rows-triple", "cases"), text)
    assert status == 1 and lines[:10] + lines[11:] == got[:10] + got[11:] and lines[10].startswith("error: ")


@cache
def matrix_wins_misere(rows: Matrix) -> bool:
    """The same moves, whoever moves last loses: no move is a win."""
    nexts = []
    for i, r in enumerate(rows):
        j = next((j for j, x in enumerate(r) if x), None)
        if j is not None:
            nexts += [(*rows[:i], (*r[:j], r[j] - k, *r[j + 1:]), *rows[i + 1:]) for k in range(1, r[j] + 1)]
    return not nexts or any(not matrix_wins_misere(m) for m in nexts)


def test_misere_and_the_empty_matrix(tmp_path: Path) -> None:
    """Misère play, with a case of no rows (``0 2``: the empty sum, a win for the player to move)."""
    rng = random.Random(7)
    cases: list[Matrix] = [tuple(tuple(rng.randint(1, 2) for _ in range(2)) for _ in range(rng.randint(1, 3)))
                           for _ in range(20)]
    text = f"{len(cases) + 1}\n" + "".join(map(case_text, cases)) + "0 2\n"
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, _ = cli("solve", "rows-matgame", "--misere", "--input", "cases", "--params", "rows", str(path))
    got = out.split("\n")[:-1]
    assert code == 0
    assert got == [f"- {'N' if matrix_wins_misere(c) else 'P'}" for c in cases] + ["- N"]
    source = export("rows-matgame", "--misere", "--lang", "python", "--main", "--input", "cases",
                    "--params", "rows")
    assert run_python_program(source, text) == (0, got)


@pytest.mark.parametrize("argv", [["wythoff"], ["bash(m)"], ["rows-matgame", "--input", "lines"],
                                  ["rows-matgame", "--input", "single"]])
def test_refused_in_one_line(argv: list[str], tmp_path: Path) -> None:
    path = tmp_path / "judge.in"
    path.write_text("1\n1 1\n1\n")
    layout = argv[2:] or ["--input", "cases"]
    for command in (["solve", argv[0], *layout, "--params", "rows", str(path)],
                    ["export", argv[0], "--lang", "python", "--main", *layout, "--params", "rows"]):
        code, out, err = cli(*command)
        assert code == 2 and out == "", command
        assert err.startswith("grundy: error: ") and err.count("\n") == 1, err


# ---- export --limit: the options the program of a game of one's own lists for one input ---------

def test_export_limit_sets_the_programs_bound(tmp_path: Path) -> None:
    """CF 63E's board (the rules of tests/contest/test_cf_at_problems.py, in a subprocess): the
    first 12 cells full (4095) is settled within the default bound, not within --limit 20000;
    --limit 50000000 writes that bound into the program, and its header says it."""
    from tests.contest.test_cf_at_problems import RULES, sweets_wins

    rules = tmp_path / "cfat_rules.py"
    rules.write_text(RULES)

    def exported_with(*limit: str) -> str:
        done = subprocess.run([sys.executable, "-m", "grundy", "--rules", str(rules), "export", "cfat-sweets",
                               "--lang", "python", "--main", *limit], capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    stdin = "4095\n7\n"
    default, small = exported_with(), exported_with("--limit", "20000")
    large = exported_with("--limit", "50000000")
    status, lines = run_python_program(default, stdin)
    assert status == 0 and [line.split()[1] == "N" for line in lines] == [
        sweets_wins("O" * 12 + "." * 7), sweets_wins("OOO" + "." * 16)]
    status, cut = run_python_program(small, stdin)
    assert status == 1 and cut[0].startswith("error: ") and "20,000" in cut[0] and cut[1] == lines[1]
    assert "at most 20,000 options" in small and "at most 50,000,000 options" in large
    assert "MOVE_STEPS = 50000000\n" in large and "MOVE_STEPS = 2000000\n" in default
    assert run_python_program(large, stdin) == (0, lines)
