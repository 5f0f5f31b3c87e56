"""Command-line contract for the take-away and Nim family: JSON answers, huge inputs, tables, sums."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy.games.takeaway.wythoff import golden_floor
from tests.helpers import run, solve_json


@pytest.mark.parametrize(("argv", "outcome", "grundy"), [
    (["bash(3)", "10"], "N", 2),
    (["bash(2,5)", "7"], "P", 0),
    (["bash(2,3,rest=all)", "4"], "P", 0),
    (["bounded-nim(3)", "5", "6", "7"], "P", 0),
    (["wythoff", "3", "5"], "P", 0),
    (["fibonacci-nim", "13"], "P", 0),
    (["moore(2)", "1", "2", "3"], "N", None),
    (["staircase", "1", "3", "2"], "N", 3),
    (["turning-turtles", "THHTH"], "N", 4),
    (["mock-turtles", "HHTH"], "N", 4),
    (["ruler", "THHTH"], "N", 2),
    (["coin-slide", "#."], "P", 0),
    (["subtraction(powers-of-2)", "9"], "P", 0),
    (["allbut(1,3,4)", "4"], "P", 0),
])
def test_solve_json(capsys: pytest.CaptureFixture[str], argv: list[str], outcome: str,
                    grundy: int | None) -> None:
    data = solve_json(capsys, *argv)
    assert data["outcome"] == outcome and data["reason"]
    if grundy is not None:
        assert data["grundy"] == grundy
    assert bool(data["winning_moves"]) == (outcome == "N")


def test_misere_bash_reason(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "bash(3)", "9", "--misere")
    assert data["outcome"] == "P" and "misère Bash" in str(data["reason"])


@pytest.mark.slow
def test_thousand_digit_inputs_answer_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    k = 10**999 + 1
    data = solve_json(capsys, "wythoff", str(golden_floor(k) + 3), str(golden_floor(k) + k))
    assert data["outcome"] == "N" and data["grundy"] is None and "note" in data
    data = solve_json(capsys, "fibonacci-nim", str(10**1000))
    assert data["outcome"] == "N" and data["grundy"] is None
    data = solve_json(capsys, "bash(2,5,rest=all)", str(10**1000))
    assert data["grundy"] == ((10**1000 - 6) % 7) // 2
    data = solve_json(capsys, "allbut(2,5,9)", str(10**100))
    assert data["grundy"] == (10**100 - 7) // 4 * 2 + [3, 4, 5, 4][(10**100 - 7) % 4]


def test_sum_of_different_games(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "subtraction(1,2,3)", "7", "+", "subtraction(odd)", "9", "+", "nim", "3", "5",
                      "+", "wythoff", "1", "2", "+", "bash(2,5)", "4")
    assert data["grundy"] == 3 ^ 1 ^ 3 ^ 5 ^ 0 ^ 2  # wythoff (1,2) is a P-position; bash(2,5) 4 has value 2


@pytest.mark.slow
def test_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "wythoff", "--upto", "20")
    assert code == 0 and out.count("\n") >= 23
    code, out, _ = run(capsys, "table", "bash(2,3,rest=all)", "--upto", "9", "--json")
    assert code == 0 and json.loads(out)["values"] == [0, 1, 1, 2, 0, 0, 1, 1, 2, 0]
    code, out, _ = run(capsys, "table", "fibonacci-nim", "--upto", "4", "--json")
    assert code == 0 and json.loads(out)["values"][4] == [0, 1, 1, 3, 3]


@pytest.mark.parametrize("argv", [
    ["solve", "bash(5,2)", "3"], ["solve", "wythoff", "1"], ["solve", "fibonacci-nim", "1", "2", "3"],
    ["solve", "staircase", "-1"], ["solve", "ruler", "HTX"], ["solve", "moore(0)", "1"],
    ["solve", "subtraction(primes)", "4"], ["solve", "allbut(0)", "3"],
    ["solve", "coin-slide", "#" * 40], ["solve", "subtraction(squares)", "100000000"],
    ["solve", "moore(2)", "1000000", "1000000", "5", "--misere"],
    ["solve", "kayles", str(10**100), "--misere", "--limit", "100"],  # (no quotient in 100 steps;
])                                                                    # with the default budget it answers)
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    grundy.clear_caches()  # (as a new process: a quotient kept from another test would answer)
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("grundy: error:") and err.count("\n") == 1, err
