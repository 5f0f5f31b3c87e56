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
