"""UVa 10561 "Treblecross" in the judge's layout: ``T``, then ``T`` boards of '.' and 'X' (3 <= n <=
200, none with three in a row yet). For each board print ``WINNING`` or ``LOSING``; when winning,
the next line lists every winning move (cells from 1, increasing, space separated).

Answered through the public workflow: ``grundy solve treblecross --input cases --winning-moves``
and the programs of ``grundy export treblecross --main --input cases --winning-moves`` (Python, and
C++ with g++), whose lines ``VALUE OUTCOME K`` and the ``K`` cells the user turns into the judge's
words. Checked against a brute force written here (plain recursion over the strings), and the
programs against ``solve --input`` on boards of the full size.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from grundy.errors import GrundyError
from grundy.reports.treblecross_check import check_treblecross_program
from tests.helpers import cli_output, compile_cpp_together, exported, python_lines, run_python_program

HAS_GXX = shutil.which("g++") is not None


@cache
def wins(board: str) -> bool:
    nexts = [board[:c] + "X" + board[c + 1:] for c, ch in enumerate(board) if ch == "."]
    return any("XXX" in b or not wins(b) for b in nexts)


def judge_answer(board: str) -> list[str]:
    """The judge's lines for one board, by the brute force."""
    cells = [c + 1 for c, ch in enumerate(board) if ch == "."
             and ("XXX" in (b := board[:c] + "X" + board[c + 1:]) or not wins(b))]
    return ["WINNING", " ".join(map(str, cells))] if cells else ["LOSING"]


def judge_words(lines: list[str]) -> list[str]:
    """grundy's lines (``VALUE OUTCOME K``, then K cells) in the judge's words: the user's part."""
    out, at = [], 0
    while at < len(lines):
        _, outcome, k = lines[at].split()
        cells = lines[at + 1:at + 1 + int(k)]
        out += ["WINNING", " ".join(cells)] if outcome == "N" else ["LOSING"]
        at += 1 + int(k)
    return out


def random_boards(rng: random.Random, count: int, low: int, high: int) -> list[str]:
    found: list[str] = []
    while len(found) < count:
        board = "".join("X" if rng.random() < rng.choice([0.05, 0.15, 0.3]) else "."
                        for _ in range(rng.randint(low, high)))
        if "XXX" not in board:
            found.append(board)
    return found


def judge_input(boards: list[str]) -> str:
    return f"{len(boards)}\n" + "".join(b + "\n" for b in boards)


SMALL = ["..X....", "X.X..X", "...", "X.X", ".X.", "X...X", "......",
         *random_boards(random.Random(10561), 120, 3, 14)]
FULL = [*random_boards(random.Random(200), 40, 200, 200), "." * 200, "X" + "." * 198 + "X"]


def solve_input(text: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli_output("solve", "treblecross", "--input", "cases", str(path), "--winning-moves")
    assert code == 0, err
    return out.split("\n")[:-1]


def test_solve_input_against_the_brute_force(tmp_path: Path) -> None:
    lines = solve_input(judge_input(SMALL), tmp_path)
    assert judge_words(lines) == [line for b in SMALL for line in judge_answer(b)]


def test_solve_input_at_full_size_lists_moves_that_leave_lost_boards(tmp_path: Path) -> None:
    """n = 200: each listed cell is a move after which the opponent (by grundy's own rule, checked
    against the brute force above) loses, and a lost board's every move leaves a won one."""
    from grundy.games.takebreak.treblecross import winning_cells

    lines = solve_input(judge_input(FULL), tmp_path)
    words = judge_words(lines)
    at = 0
    for board in FULL:
        won, cells = winning_cells(board)
        empty = [c + 1 for c, ch in enumerate(board) if ch == "."]
        after = {c: board[:c - 1] + "X" + board[c:] for c in empty}
        losing_after = [c for c in empty if "XXX" in after[c] or not winning_cells(after[c])[0]]
        assert words[at] == ("WINNING" if won else "LOSING") and cells == losing_after
        if won:
            assert words[at + 1] == " ".join(map(str, cells))
        at += 2 if won else 1


@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_programs_to_submit(tmp_path: Path, lang: str) -> None:
    """The exported programs: the brute force's answers on small boards, ``solve --input``'s lines
    (values included) on boards of 200 cells."""
    if lang == "cpp" and not HAS_GXX:
        pytest.skip("g++ is not installed")
    source = exported("treblecross", "--lang", lang, "--main", "--input", "cases", "--winning-moves")
    small, full = judge_input(SMALL), judge_input(FULL)
    if lang == "python":
        got_small, got_full = python_lines(source, small), python_lines(source, full)
    else:
        exe = compile_cpp_together([source], tmp_path, optimise="-O2")
        got_small, got_full = (subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True,
                                              timeout=120, check=True).stdout.split("\n")[:-1]
                               for text in (small, full))
    assert judge_words(got_small) == [line for b in SMALL for line in judge_answer(b)]
    assert got_small == solve_input(small, tmp_path)
    assert got_full == solve_input(full, tmp_path)


def test_python_program_bad_boards_are_error_lines() -> None:
    source = exported("treblecross", "--lang", "python", "--main", "--input", "lines")
    code, lines = run_python_program(source, "..X....\n..a..\nXXX..\nX.\n...\n")
    assert code == 1
    assert lines[0] == "3 N" and lines[4] == "1 N"
    assert all(line.startswith("error: ") for line in lines[1:4])


def test_the_export_check_can_fail() -> None:
    """A program with a wrong rule (a run of L safe cells taken as the heap L + 1) is refused."""
    from grundy.catalog import load_game
    from grundy.export.treblecross import treblecross_program

    good = treblecross_program("python", False, "lines", False, 5000, 10)
    check_treblecross_program(load_game("treblecross"), good)
    bad = good.replace("total ^= g[length + 2]", "total ^= g[length + 1]")
    assert bad != good
    with pytest.raises(GrundyError, match="not printed"):
        check_treblecross_program(load_game("treblecross"), bad)


@pytest.mark.parametrize("flags", [["--misere"], ["--upto", "10"], ["--input", "single"]])
def test_export_options_it_has_no_use_for_are_refused(flags: list[str]) -> None:
    code, out, err = cli_output("export", "treblecross", "--main", *flags)
    assert code == 2 and out == "" and err.count("\n") == 1, err
