"""CLI plumbing: option values that begin with '-', ``--batch`` line by line, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run


def test_option_values_may_begin_with_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    joined = run(capsys, "matrix", "--matrix=-6,-2,5;2,7,-1", "--json")
    assert joined[0] == 0
    for argv in (["--matrix", "-6,-2,5;2,7,-1"], ["-m", "-6,-2,5;2,7,-1"]):
        assert run(capsys, "matrix", *argv, "--json") == joined
    # a value that is a negative number reaches validation, which explains it in one line
    code, out, err = run(capsys, "solve", "nim", "3", "--limit", "-1")
    assert code == 2 and not out and err.count("\n") == 1 and "--limit" in err and "-1" in err
    # an option is still an option: a forgotten value is reported, not swallowed
    code, _, err = run(capsys, "solve", "nim", "3", "--limit", "--json")
    assert code == 2 and "--limit" in err and "expected one argument" in err


def test_batch_answers_every_line_and_marks_the_failed_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.txt"
    path.write_text("nim 3\nnim x\n\nnim 1 1\nnoSuchGame 4\nnim 2 + nim 2\n")
    code, out, err = run(capsys, "solve", "--batch", str(path))
    lines = out.splitlines()
    assert lines[0] == "N 3" and lines[2] == "P 0" and lines[4] == "P 0"
    assert lines[1].startswith("error: line 2: ") and "'x'" in lines[1]
    assert lines[3].startswith("error: line 5: ") and len(lines) == 5
    assert code == 2 and err.count("\n") == 1 and "2 of 5 batch lines failed" in err
    code, out, err = run(capsys, "solve", "--batch", str(path), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r.get("grundy") for r in rows] == [3, None, 0, None, 0]
    assert rows[1] == {"line": 2, "input": "nim x", "error": rows[1]["error"]} and "'x'" in rows[1]["error"]
    assert code == 2 and err.count("\n") == 1


def test_an_empty_batch_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.txt"
    for text in ("", "\n# only a comment\n\n"):
        path.write_text(text)
        code, out, err = run(capsys, "solve", "nim", "--batch", str(path))
        assert code == 2 and not out and err.count("\n") == 1 and "has no position" in err


def _one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    return err


def test_messages_say_what_to_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _one_line_error(capsys, "solve", "--every")
    assert "None" not in err and "give the game and the position" in err
    for workers in ("-1", "0"):  # one rule, one message
        err = _one_line_error(capsys, "survey", "0.1", "--upto", "10", "--workers", workers)
        assert f"must be at least 1, got '{workers}'" in err
    rules = tmp_path / "exits.py"
    rules.write_text("import sys\nsys.exit(3)\n")
    err = _one_line_error(capsys, "--rules", str(rules), "list")
    assert str(rules) in err and "sys.exit(3)" in err
    code, _, err = run(capsys, "solve", "digraph", "--graph", "my graph.txt", "a", "+", "nim", "1")
    assert code == 2 and "'digraph(graph=my graph.txt)'" in err  # a suggestion the shell reads as one word


def test_suggested_commands_are_quoted_for_the_shell() -> None:
    import shlex

    from grundy import SearchLimitError, grundy_value, load_game
    from grundy.cli.common import flag_message

    with pytest.raises(SearchLimitError) as info:
        grundy_value(load_game("subtraction(1,3,4)"), 10**6, limit=10, use_rules=False)
    assert info.value.parameters == ("limit", "table") and "analyze(game, upto=N)" in str(info.value)
    command = flag_message(info.value).split("with: ")[1]  # the library's hint as a shell command
    assert shlex.split(command) == ["grundy", "table", "subtraction(1,3,4)", "--upto", "N"]


def test_a_loopy_position_points_at_the_loopy_solver() -> None:
    from grundy import grundy_value
    from grundy.errors import LoopyGameError
    from tests.helpers import Cycle

    with pytest.raises(LoopyGameError) as info:
        grundy_value(Cycle(), 1)
    text = str(info.value)
    assert "'digraph(graph=FILE)'" in text and "loopy-game solver" not in text and "--" not in text
    from grundy.cli.common import flag_message

    assert "run 'grundy solve digraph --graph FILE POSITION'" in flag_message(info.value)


def test_survey_never_turns_another_file_into_a_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, content in (("notes.txt", b"my notes\n"), ("empty.sqlite", b"")):
        path = tmp_path / name
        path.write_bytes(content)
        err = _one_line_error(capsys, "survey", "report", "--db", str(path))
        assert "not a survey database" in err and path.read_bytes() == content
    path = tmp_path / "notes.txt"
    _one_line_error(capsys, "survey", "0.1", "--upto", "10", "--db", str(path), "--workers", "1")
    assert path.read_bytes() == b"my notes\n"


def test_a_rules_file_with_a_syntax_error_names_no_line_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "bad.py"
    rules.write_text("def f(:\n")
    assert "(line 1)" in _one_line_error(capsys, "--rules", str(rules), "list")
    rules.write_bytes(b"x = 1\n\0\n")  # a SyntaxError without a line number
    err = _one_line_error(capsys, "--rules", str(rules), "list")
    assert "line None" not in err and "SyntaxError" in err


def test_misere_explain_of_empty_heaps(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("allbut(1,3)", "subtraction(squares)"):
        code, out, err = run(capsys, "solve", game, "0", "0", "--misere", "--explain")
        assert code == 0 and "N-position" in out, err


@pytest.mark.parametrize("command", ["list", "solve", "table", "export", "matrix", "survey"])
def test_help_is_plain_text_and_its_examples_name_documented_games(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "``" not in out
    if command == "export":
        docs = (Path(__file__).parents[2] / "docs" / "own-games.md").read_text()
        for line in out.splitlines():
            if "--rules" in line and line.strip().startswith("grundy export"):
                name = line.split()[2].strip("'").split("(")[0]
                assert f'heap_game("{name}")' in docs or f'game("{name}"' in docs, line
