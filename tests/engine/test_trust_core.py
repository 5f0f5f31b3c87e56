"""Trust: facts that look authoritative are exact, options are honoured or refused, limits are
honest, and large inputs stay linear. Each test failed before the fix it guards."""

from __future__ import annotations

import json
from math import isqrt
from pathlib import Path

import pytest

from grundy import load_game, solve
from grundy.engine import limits
from grundy.engine import search as engine
from grundy.errors import SearchLimitError
from tests.helpers import brute_value, mex_table_subtraction, run, solve_json


def test_a_p_position_has_value_zero_even_when_no_table_reaches_it() -> None:
    k = 10**300
    a = (k + isqrt(5 * k * k)) // 2  # ⌊k·φ⌋: (a, a + k) is a Wythoff P-position
    answer = solve(load_game("wythoff"), (a, a + k))
    assert answer.outcome.value == "P" and answer.grundy == 0 and answer.note is None


@pytest.mark.slow
def test_plot_of_a_pair_table_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wy.png"
    code, _, err = run(capsys, "table", "wythoff", "--upto", "30", "--plot", str(path))
    assert code == 0, err
    assert path.stat().st_size > 1000


@pytest.mark.parametrize("spec", ["bash(6)", "bounded-nim(3)", "bash(2,5)", "subtraction(powers-of-2)",
                                  "subtraction(odd)"])
def test_games_with_a_period_theorem_say_proved(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", spec, "--upto", "20", "--json", "--summary")
    assert code == 0, err
    assert json.loads(out)["proved"] is True


def test_huge_bash_table_is_answered_from_its_proved_period(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "bash(6)", "--upto", "100000000", "--json", "--summary")
    assert code == 0, err
    data = json.loads(out)
    assert (data["period"], data["preperiod"], data["proved"]) == (7, 0, True)


def test_piped_list_keeps_brackets_and_does_not_wrap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("fibonacci-nim"))
    assert "'n [limit]'" in line and len(line) > 80


def test_vertex_names_are_printed_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph = tmp_path / "g.txt"
    graph.write_text("[red]a [bold]b\n[bold]b c\n")
    code, out, err = run(capsys, "solve", "digraph", "--graph", str(graph), "[red]a")
    assert code == 0, err
    assert "[red]a" in out
    code, out, err = run(capsys, "solve", "digraph", "--graph", str(graph), "[bold]b")
    assert code == 0, err
    assert "[bold]b" in out and "winning moves (1)" in out


def test_unknown_options_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "nim", "3", "-x")
    assert code == 2 and out == "" and "unrecognized arguments: -x" in err and err.count("\n") == 1


def test_many_heaps_give_compact_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = mex_table_subtraction([1, 3, 4], 1000)
    heaps = [(7 * i + 3) % 1000 for i in range(19_999)]
    total = 0
    for h in heaps:
        total ^= table[h]
    heaps.append(1 if total == 0 else 0)  # an N-position, so that there are winning moves
    total ^= table[heaps[-1]]
    path = tmp_path / "heaps.txt"
    path.write_text(" ".join(map(str, heaps)))
    data = solve_json(capsys, "subtraction(1,3,4)", "--file", str(path))
    assert data["grundy"] == total
    moves = data["winning_moves"]
    assert moves and all("to" not in m and {"part", "part_from", "part_to"} <= set(m) for m in moves)
    for m in moves[:200]:  # each move makes the XOR 0
        i, new = m["part"] - 1, int(m["part_to"])
        assert int(m["part_from"]) == heaps[i] and total ^ table[heaps[i]] ^ table[new] == 0
    assert "20,000 parts" in data["reason"] and len(data["reason"]) < 2000


def test_the_default_budget_refuses_in_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "DEFAULT_SECONDS", 0.05)
    with pytest.raises(SearchLimitError, match=r"stopped after 0\.05 s"):
        engine.grundy_value(load_game("kayles"), (30, 40, 50, 60), use_rules=False)


def test_an_explicit_limit_counts_steps_not_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "DEFAULT_SECONDS", 0.0)
    assert engine.grundy_value(load_game("subtraction(1,3,4)"), (300,), use_rules=False,
                               limit=10_000) == mex_table_subtraction([1, 3, 4], 300)[300]


def test_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MEMORY_LIMIT", 1)
    with pytest.raises(SearchLimitError, match="GiB of memory"):
        engine.grundy_value(load_game("kayles"), (25, 26, 27), use_rules=False, limit=10**8)


def test_explain_shows_the_options_and_the_mex(capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game("subtraction(2,5)")
    code, out, _ = run(capsys, "solve", "subtraction(2,5)", "9", "--explain")
    assert code == 0
    values = sorted({brute_value(game, (9 - s,)) for s in (2, 5)})
    assert f"G(9) = mex{{{', '.join(map(str, values))}}} = {brute_value(game, (9,))}" in out
    code, out, _ = run(capsys, "solve", "nim", "3", "+", "subtraction(1,2)", "4", "--explain")
    assert "3 ⊕ 1 = 2" in out


def test_batch_answers_one_line_per_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["3 4 5", "1 2 3", "", "# a comment", "7"]
    path = tmp_path / "batch.txt"
    path.write_text("\ufeff" + "\r\n".join(lines))
    code, out, err = run(capsys, "solve", "nim", "--batch", str(path))
    assert code == 0, err
    assert out.splitlines() == ["N 2", "P 0", "N 7"]
    path.write_text("nim 3 4 5\nkayles 4 + nim 1\n")
    code, out, _ = run(capsys, "solve", "--batch", str(path), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["grundy"] for r in rows] == [2, brute_value(load_game("kayles"), (4,)) ^ 1]
    path.write_text("3 4\n-1\n")
    code, out, err = run(capsys, "solve", "nim", "--batch", str(path))
    assert code == 2 and "line 2" in err and err.count("\n") == 1
    assert out.splitlines()[0] == "N 7" and out.splitlines()[1].startswith("error: line 2:")


def test_powers_are_read_as_heaps(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "octal(0.07)", "10**18")
    assert data["position"] == str(10**18) and isinstance(data["grundy"], int)


def test_a_large_sum_is_bounded_in_steps_not_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "DEFAULT_SECONDS", 0.0)  # any clock check would refuse at once
    heaps = tuple(range(5000))
    table = mex_table_subtraction([1, 3, 4], 5000)
    total = 0
    for h in heaps:
        total ^= table[h]
    assert solve(load_game("subtraction(1,3,4)"), heaps).grundy == total
