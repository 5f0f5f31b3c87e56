"""The command line: output contract, JSON keys, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers import mex_table_subtraction, run, solve_json


def test_nim_345(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "nim", "3", "4", "5")
    assert data["outcome"] == "N" and data["winner"] == "first" and data["grundy"] == 2
    assert data["winning_moves"] == [{"move": "heap 1: take 2: 3 → 1", "to": "1 4 5",
                                      "part": 1, "part_from": "3", "part_to": "1"}]
    assert {"game", "position", "reason"} <= set(data)


def test_nim_123_is_lost(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "nim", "1", "2", "3")
    assert code == 0 and "P-position" in out and "winning moves: none" in out
    data = solve_json(capsys, "nim", "1", "2", "3")
    assert data["outcome"] == "P" and data["winner"] == "second" and data["winning_moves"] == []


@pytest.mark.slow
def test_subtraction_agrees_with_hand_table(capsys: pytest.CaptureFixture[str]) -> None:
    table = mex_table_subtraction([1, 3, 4], 30)
    data = solve_json(capsys, "subtraction(1,3,4)", "10")
    assert data["grundy"] == table[10]
    code, out, _ = run(capsys, "table", "subtraction(1,3,4)", "--upto", "30", "--json")
    assert code == 0 and json.loads(out)["values"] == table


def test_sum_of_different_games(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "nim", "3", "+", "subtraction(1,2,3)", "7", "+", "nim", "5")
    assert data["grundy"] == 3 ^ 3 ^ 5
    for move in data["winning_moves"]:  # type: ignore[union-attr]
        target = solve_json(capsys, *move["to"].split())  # the 'to' text is valid CLI input
        assert target["outcome"] == "P"


def test_misere_json_has_null_grundy(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "nim", "1", "1", "--misere")
    assert data["grundy"] is None and data["outcome"] == "N"


@pytest.mark.parametrize("argv", [
    ["solve", "nim", "-1"],
    ["solve", "nosuchgame", "3"],
    ["solve", "subtraction()", "5"],
    ["solve", "subtraction(0,2)", "5"],
    ["solve", "subtraction(1,x", "5"],
    ["solve", "nim", "3.5"],
    ["solve", "nim"],
    ["solve"],
    ["solve", "nim", "3", "+"],
    ["table", "nim", "--upto", "-3"],
    ["solve", "nim", "3", "--bogus"],
])
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: "), err


def test_unknown_game_suggests_a_close_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "solve", "nimm", "3")
    assert "did you mean 'nim'" in err


def test_list_names_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--json")
    names = {e["name"] for e in json.loads(out)}
    assert code == 0 and {"nim", "subtraction"} <= names


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_solve_nim_imports_no_heavy_library(extra: list[str]) -> None:
    # nor the standard library's slow-to-import modules: start-up is the speed bar of this command
    # (bench/startup.py); dataclasses brings inspect, ast and dis
    code = (
        "import sys\n"
        "before = set(sys.modules)  # (what the interpreter's start-up imported, .pth files included)\n"
        "from grundy.cli.app import main\n"
        f"try:\n    main(['solve', 'nim', '3', '4', '5', *{extra!r}])\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('numba', 'scipy', 'numpy', 'networkx', 'matplotlib', 'flint', 'rich',\n"
        "                     'dataclasses', 'inspect', 'typing', 'contextlib')\n"
        "         if m in set(sys.modules) - before]\n"
        "print('HEAVY=' + ','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "HEAVY=", result.stdout


def test_console_script_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "grundy", "solve", "nim", "1", "2", "3", "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0
    assert json.loads(result.stdout)["outcome"] == "P"


def test_moves_too_many_to_list_are_flagged(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "octal(0.07)", str(10**18))
    assert data["outcome"] == "N" and data["winning_moves"]  # one of each class of the period
    assert data["winning_moves_complete"] is False and "not all listed" in str(data["note"])
    assert solve_json(capsys, "nim", "3", "4", "5")["winning_moves_complete"] is True


def test_limit_option_bounds_brute_force(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # no misère rule decides a sum of Kayles rows within 10 steps (the quotient needs more, and a
    # quotient another test computed in this process is set aside): brute force, which --limit bounds
    monkeypatch.setattr("grundy.theory.quotient.play._QUOTIENTS", {})
    code, _, err = run(capsys, "solve", "kayles", "30", "5", "--misere", "--limit", "10")
    assert code == 2 and "more than 10 steps" in err and err.count("\n") == 1
