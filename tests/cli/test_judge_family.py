"""``grundy solve 'bash(m)' --input LAYOUT --params WHERE FILE``: a judge's input of a family whose
parameters the input gives, read as the exported program reads it and answered by the engine for
the game each case's parameters name. Checked against the engine's own answer per case (the
expectations of tests/export/test_export_family.py, which the exported programs meet too), in
every layout and place of the parameters, with degenerate parameters (error lines) and large heaps.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grundy.catalog import load_family
from grundy.cli.judge_family import family_cases
from grundy.errors import InvalidInputError
from tests.export.test_export_family import _plan, expected, render
from tests.helpers import run


def _agrees(got: str, want: str, family: str) -> bool:
    if want == "error":
        return got.startswith("error:")
    if family == "moore(k)" and want.startswith("-"):  # (the program has no value there; the
        return got.split()[-1] == want.split()[-1]  # engine may compute one: the outcome agrees)
    return got == want


@pytest.mark.slow
def test_family_inputs_answer_as_the_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(5)
    runs = _plan(random.Random(11))
    runs = [r for r in runs if r[0] != "subtraction(S)" or rng.random() < 0.5]  # (the long periods)
    assert {r[0] for r in runs} >= {"bash(m)", "bash(a,b)", "stripes(c,z,n)", "moore(k)"}
    seen = set()
    for family, layout, where, cases in runs:
        path = tmp_path / "judge.in"
        path.write_text(render(family, cases, layout, where))
        if layout == "single":
            cases = [(p, h[:1]) for p, h in cases]
        want = [expected(family, (cases[0][0] if where == "first" else p, h)) for p, h in cases]
        want = want[:1] if layout == "counted" else want
        code, out, err = run(capsys, "solve", family, "--input", layout, "--params", where, str(path))
        got = out.splitlines()
        assert len(got) == len(want), (family, layout, where, out, err)
        for g, w in zip(got, want, strict=True):
            assert _agrees(g, w, family), (family, layout, where, g, w)
        assert code == (2 if "error" in want else 0), (family, layout, where, err)
        seen.add((layout, where))
    assert len(seen) >= 8


def test_a_bad_line_is_its_own_error_and_the_others_are_answered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.txt"
    path.write_text("3 1 3 4\n5 6\n7 x\n\n4\n")  # S = {1, 3, 4}, then three lines
    code, out, err = run(capsys, "solve", "subtraction(S)", "--input", "lines", "--params", "first",
                         str(path))
    lines = out.splitlines()
    assert lines[0] == "1 N" and lines[1].startswith("error:") and lines[2] == "2 N", out  # G(5)^G(6)
    assert code == 2 and "1 of 3 cases failed" in err


@pytest.mark.parametrize("spec, params", [("bash(m)", "3"), ("subtraction(S)", "2 1 3"),
                                          ("bounded-nim(m)", "3"), ("stripes(c,z,n)", "1 5 1")])
def test_a_case_of_no_heap_is_a_p_position_as_the_program_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, params: str) -> None:
    """A case ``0`` (no heap) has no move: ``0 P``, the exported program's line (before, solve
    refused it: "a position needs at least one heap")."""
    from tests.helpers import exported, python_lines

    text = f"{params}\n2\n0\n1 1\n"
    path = tmp_path / "in.txt"
    path.write_text(text)
    code, out, err = run(capsys, "solve", spec, "--input", "cases", "--params", "first", str(path))
    assert code == 0, err
    program = exported(spec, "--main", "--input", "cases", "--params", "first", "--lang", "python")
    assert out.splitlines() == python_lines(program, text) and out.splitlines()[0] == "0 P"


@pytest.mark.parametrize("spec, bad, good", [("bash(m)", "0", "3"), ("subtraction(S)", "0", "2 1 3"),
                                              ("bash(a,b)", "3 2", "2 3"),
                                              ("stripes(c,z,n)", "0 1 1", "1 5 1")])
@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_bad_parameters_with_no_heap_are_an_error_as_in_solve(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, bad: str, good: str,
        lang: str) -> None:
    """A case whose parameters are invalid and that has no heap is an error line in the programs,
    as ``solve`` refuses its parameters (before, the programs printed ``0 P``: no heap was valued,
    so the parameters were never checked)."""
    import shutil
    import subprocess

    from tests.helpers import compile_cpp_together, exported, run_python_program

    if lang == "cpp" and shutil.which("g++") is None:
        pytest.skip("no g++ here")

    text = f"3\n{bad} 0\n{good} 0\n{bad} 1 4\n"  # (each case: its parameters, the count, the heaps)
    path = tmp_path / "in.txt"
    path.write_text(text)
    code, out, _ = run(capsys, "solve", spec, "--input", "cases", "--params", "each", str(path))
    want = out.splitlines()
    assert code == 2 and want[0].startswith("error:") and want[1] == "0 P" and want[2].startswith("error:")
    program = exported(spec, "--main", "--input", "cases", "--params", "each", "--lang", lang)
    if lang == "python":
        got = run_python_program(program, text)[1]
    else:
        exe = compile_cpp_together([program], tmp_path)
        got = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True).stdout.splitlines()
    assert [line.startswith("error:") for line in got] == [True, False, True] and got[1] == "0 P", got


@pytest.mark.parametrize("argv, words", [
    (["digraph(E)", "--input", "lines"], "spans several lines"),
    (["vertex-geography(B)", "--input", "counted"], "takes a board"),
    (["wythoff", "--input", "single"], "reads heap games and families"),
    (["nim", "--input", "lines", "--params", "first"], "is for a family"),
    (["bash(m)", "--input", "repeated"], "--params block"),
])
def test_what_cannot_be_read_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    argv: list[str], words: str) -> None:
    path = tmp_path / "in.txt"
    path.write_text("1\n1 2\n")
    code, out, err = run(capsys, "solve", *argv, str(path))
    assert code == 2 and not out and words in err and len(err.strip().splitlines()) == 1, err


def test_params_without_input_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "nim", "3", "--params", "each")
    assert code == 2 and "goes with --input" in err


def test_a_case_cut_short_stops_the_input() -> None:
    family = load_family("bash(a,b)")[1]  # type: ignore[index]
    with pytest.raises(InvalidInputError, match="ended inside a case"):
        list(family_cases(family, "cases", "each", "2  1 3 1 5  2"))
    with pytest.raises(InvalidInputError, match="more words after the last case"):
        list(family_cases(family, "counted", "first", "1 3  1 5  9"))


def test_blocks_to_a_block_of_zeros(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "snim.in"  # HDU 1536's sample: S = {2, 5}, then S = {1, 2, 3, 4, 5}, then 0
    path.write_text("2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n"
                    "4 2 3 7 12\n0\n")
    code, out, err = run(capsys, "solve", "subtraction(S)", "--input", "cases", "--params", "block",
                         str(path))
    assert code == 0, err
    assert [line.split()[1] for line in out.splitlines()] == ["P", "N", "N", "N", "N", "P"]  # LWW, WWL
    path.write_text("1 3\n1\n4\n0\n9\n")
    code, out, err = run(capsys, "solve", "subtraction(S)", "--input", "single", "--params", "block",
                         str(path))
    assert code == 2 and "after the block that ends the input" in err


def test_the_places_of_the_parameters_are_the_programs() -> None:
    from grundy.cli.common import FAMILY_PLACES, PARAMS_PLACES
    from grundy.export.family import WHERE

    assert FAMILY_PLACES == WHERE
    assert PARAMS_PLACES == (*WHERE, "rows", "coins")  # (rows, coins: not a family's places)
