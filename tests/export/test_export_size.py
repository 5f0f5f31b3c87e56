"""Exported programs stay under a judge's size bound (64 KB by default): a heap game's longer table
is cut to what fits, and an octal game's program carries the algorithm (the sparse-space method
over its code's moves, run up to the heap asked) instead of the data. Checked in Python and in C++
(``g++ -std=c++17 -O2``) against grundy on multi-part inputs far beyond the table kept.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.export.code import export_code
from grundy.reports.export_policy import export_game
from grundy.tables.analysis import analyze
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")
CODES = [(0, 0, 0, 7), (0, 1, 3, 7), (4, 7), (0, 6), (0, 5, 1), (0, 0, 4), (0, 4, 4, 3), (0, 1, 6)]


def octal_value(digits: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) of the octal game by grundy (its name for the code)."""
    text = f"{digits[0]}." + "".join(map(str, digits[1:]))
    return analyze(grundy.load_game(f"octal({text})"), upto).first(upto + 1)


def run_python(source: str, stdin: str) -> list[str]:
    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True, text=True)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


def sums(values: list[int], cases: list[list[int]]) -> list[str]:
    out = []
    for heaps in cases:
        total = 0
        for h in heaps:
            total ^= values[h]
        out.append(f"{total} {'N' if total else 'P'}")
    return out


CASES = [[0], [3, 4], [5, 6, 7], [39, 1], [120, 200, 7], [299], [250, 251, 252, 253]]


def test_the_octal_algorithm_extends_a_short_table(tmp_path: Path) -> None:
    """export_code(octal=...) with only heaps 0..3 tabulated: the program computes the rest by the
    sparse-space method over the code's moves, equal to grundy's table for every code, in Python and C++."""
    stdin = "".join(" ".join(map(str, c)) + "\n" for c in CASES)
    sources = []
    for digits in CODES:
        values = octal_value(digits, 300)
        args = {"name": f"octal {digits}", "kind": "heap", "pattern": None, "table": values[:4],
                "main": True, "octal": digits}
        python = export_code(lang="python", **args)  # type: ignore[arg-type]
        assert "exact values computed by grundy for heaps 0..3; beyond it, computed by the program" in python
        assert run_python(python, stdin) == sums(values, CASES), digits
        sources.append(export_code(lang="cpp", **args))  # type: ignore[arg-type]
    if GXX is None:
        pytest.skip("g++ is not installed")
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, digits in enumerate(CODES):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == sums(octal_value(digits, 300), CASES), digits


def test_a_large_table_is_cut_to_fit_and_an_octal_game_computes_the_rest(tmp_path: Path) -> None:
    """octal(0.007) (Treblecross, no known period) to 6,000 heaps with a bound of 8 KB (16 KB in
    C++): the table is cut to fit, the warning says so, and both programs answer heaps far beyond
    it exactly."""
    game = grundy.load_game("octal(0.007)")
    values = analyze(game, 9000).first(9001)
    cases = [[5000, 3], [8999], [1, 2, 3], [7000, 7001, 6999]]
    stdin = "".join(" ".join(map(str, c)) + "\n" for c in cases)
    python = export_game(game, lang="python", upto=6000, main=True, max_size=8192)
    assert python.size <= 8192 and any("it holds heaps 0.." in w and "sparse-space method" in w
                                       for w in python.warnings), python.warnings
    assert run_python(python.source, stdin) == sums(values, cases)
    if GXX is None:
        pytest.skip("g++ is not installed")
    cpp = export_game(game, lang="cpp", upto=6000, main=True, max_size=16384)  # (C++ is longer)
    assert cpp.size <= 16384 and any("it holds heaps 0.." in w for w in cpp.warnings)
    exe = compile_cpp_together([cpp.source], tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == sums(values, cases)


def test_a_table_that_is_not_an_octal_game_is_cut_and_says_where_it_ends(tmp_path: Path) -> None:
    game = grundy.load_game("subtraction(squares)")
    values = analyze(game, 3000).first(3001)
    result = export_game(game, lang="cpp", upto=3000, main=True, max_size=6000)
    assert result.size <= 6000
    note = next(w for w in result.warnings if "it holds heaps 0.." in w)
    kept = int(note.split("it holds heaps 0..")[1].split(" ")[0].replace(",", ""))
    assert 100 < kept < 3000 and "an error line" in note
    unbounded = export_game(game, lang="cpp", upto=3000, main=True, max_size=None)
    assert unbounded.size > 6000 and not any("it holds" in w for w in unbounded.warnings)
    if GXX is None:
        return
    cases = [[kept, 1], [kept + 1], [kept // 2, 7]]
    exe = compile_cpp_together([result.source], tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input="".join(" ".join(map(str, c)) + "\n" for c in cases),
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert lines[0] == sums(values, cases[:1])[0] and lines[2] == sums(values, cases[2:])[0]
    assert lines[1].startswith("error:") and "beyond the table" in lines[1]


def test_the_cli_bounds_the_size_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    code, out, err = run(capsys, "export", "grundy-game", "--upto", "40000", "--lang", "python")
    assert code == 0 and len(out.encode()) <= 64 * 1024 and "--max-size raises the bound" in err
    code, out, err = run(capsys, "export", "grundy-game", "--upto", "40000", "--lang", "python",
                         "--max-size", "0")
    assert code == 0 and len(out.encode()) > 64 * 1024 and "more than the 64 KB" in err
