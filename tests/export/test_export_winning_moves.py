"""``grundy export GAME --main --winning-moves``: the program prints, per position, ``VALUE OUTCOME K``
and its ``K`` winning moves ``PART FROM TO``, as ``grundy solve GAME --input LAYOUT --winning-moves``
does (Nim by Bouton's rule, a finite take-away set by each take); in Python and in C++ (compiled
once with g++ where present); refused in one line where the program could not find the moves."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.catalog import load_game
from grundy.errors import GrundyError
from grundy.reports.export_policy import _moves_check, export_game
from tests.helpers import cli_output, compile_cpp_together, run_python_program

GAMES = ["nim", "subtraction(1,3,4)", "bash(3)", "subtraction(2,5,7)"]


def judge_input(rng: random.Random, top: int) -> str:
    cases = [[rng.randint(0, top) for _ in range(rng.randint(1, 5))] for _ in range(60)]
    cases += [[2**40 + 7, 2**40 + 3, 4]]
    return "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases) + "0\n"


def solved(tmp_path: Path, game: str, text: str) -> list[str]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli_output("solve", game, "--input", "repeated", "--winning-moves", str(path))
    assert code == 0, err
    return out.split("\n")[:-1]


def program(game: str, lang: str) -> str:
    code, out, err = cli_output("export", game, "--lang", lang, "--main", "--input", "repeated",
                                "--winning-moves")
    assert code == 0, err
    return out


@pytest.mark.parametrize("game", GAMES)
def test_python_program_lists_the_moves_solve_lists(tmp_path: Path, game: str) -> None:
    text = judge_input(random.Random(game), 60)
    source = program(game, "python")
    assert "winning moves: " in source.split("\n\n")[0]
    status, lines = run_python_program(source, text)
    assert status == 0
    assert lines == solved(tmp_path, game, text)
    assert any(line.endswith(" N 2") or line.endswith(" N 3") for line in lines)  # (several moves)


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_cpp_program_lists_the_moves_solve_lists(tmp_path: Path) -> None:
    exe = compile_cpp_together([program(game, "cpp") for game in GAMES], tmp_path)
    for i, game in enumerate(GAMES):
        text = judge_input(random.Random(i), 60)
        done = subprocess.run([str(exe), str(i)], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split("\n")[:-1] == solved(tmp_path, game, text)


def test_refused_in_one_line() -> None:
    for argv, words in [(["lasker-nim", "--main"], "take from one heap"),
                        (["allbut(1,2)", "--main"], "take from one heap"),
                        (["nim", "--main", "--misere"], "normal play"),
                        (["nim"], "add --main"),
                        (["bash(m)", "--main"], "not of bash(m)"),
                        (["matrix", "--main"], "not of matrix")]:
        code, out, err = cli_output("export", *argv, "--winning-moves")
        assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1, err


OCTAL = ["kayles", "dawsons-chess", "octal(4.07)", "octal(0.11337)"]


@pytest.mark.parametrize("game", OCTAL)
def test_octal_programs_list_the_moves_solve_lists(tmp_path: Path, game: str) -> None:
    """An octal game's program lists its winning moves by the code's moves, a split as ``a b``
    (CF 305E reads the least cut off them); a heap with too many splits is an error line."""
    text = judge_input(random.Random(game), 90).replace(f"{2**40 + 7} {2**40 + 3} 4", "5 7 4")
    want = solved(tmp_path, game, text)
    assert any(len(line.split()) == 4 for line in want)  # (a split among the moves)
    status, lines = run_python_program(program(game, "python"), text)
    assert status == 0 and lines == want
    if shutil.which("g++") is not None:
        exe = compile_cpp_together([program(game, "cpp")], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.split("\n")[:-1] == want, done.stderr
    status, lines = run_python_program(program(game, "python"), "1\n10000000\n1\n3\n")
    assert status == 1 and lines[0].startswith("error: ") and lines[1].split()[1] == "N"
    assert game == "octal(0.11337)" or "has about 5000000 ways to split" in lines[0]  # (else: no table)


def test_a_wrong_program_fails_the_check() -> None:
    game = load_game("nim")
    result = export_game(game, lang="python", main=True, winning_moves=True)
    _moves_check(result.source, game, result.plan)  # (the right one passes)
    wrong = result.source.replace("return [left] if left < h else []", "return [left]")
    assert wrong != result.source
    with pytest.raises(GrundyError, match="winning moves"):
        _moves_check(wrong, game, result.plan)
