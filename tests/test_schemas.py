"""The published JSON Schemas: valid schemas, shipped in the package, documented, and met by the JSON
of every kind of answer (2, 100, 5,000 and 10**6 heaps; misère; Every-SG; --batch lines and their
errors; each kind of table; play; the web API). Every other JSON the suite prints is validated too,
by :func:`tests.helpers.run` and the web tests' client (see :mod:`tests.schemas`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.helpers import run
from tests.schemas import NAMES, check, load

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = load(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith(f"/{name}.schema.json")


def test_every_schema_file_is_named_and_documented() -> None:
    files = {p.name.removesuffix(".schema.json") for p in (ROOT / "src/grundy/schemas").glob("*.schema.json")}
    assert files == set(NAMES)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert f"src/grundy/schemas/{name}.schema.json" in readme, name


def test_the_schemas_reject_what_they_do_not_describe() -> None:
    good = {"game": "nim", "position": "1", "misere": False, "outcome": "N", "winner": "first", "grundy": 1,
            "winning_moves": [{"move": "take 1: 1 → 0", "to": "0"}], "winning_moves_complete": True,
            "reason": "r", "why": {"rule": "bouton", "facts": {}}}
    check("solve", good, "a hand-made answer")
    for broken in ({k: v for k, v in good.items() if k != "outcome"}, {**good, "outcome": "X"},
                   {**good, "surprise": 1}, {**good, "winning_moves": [{"to": "0"}]},
                   {**good, "why": {"rule": "bouton"}}):
        with pytest.raises(AssertionError, match="not valid against solve"):
            check("solve", broken, "a broken answer")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)  # run() validates what it prints against the schema
    assert code == 0, err
    return out


@pytest.mark.parametrize("heaps", [2, 100, 5_000, 10**6])
def test_sums_of_every_size_meet_the_solve_schema(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  heaps: int) -> None:
    path = tmp_path / "heaps.txt"
    path.write_text("\n".join(str(i % 1000 + 1) for i in range(heaps)) + "\n")
    for game in ("nim", "kayles"):
        data = json.loads(_json(capsys, "solve", game, "--file", str(path), "--json"))
        assert data["game"] == game and data["outcome"] in {"N", "P"}


@pytest.mark.parametrize("argv", [
    ("solve", "kayles", "10", "--misere", "--json"),
    ("solve", "kayles", "10", "--misere", "--explain", "--json"),
    ("solve", "nim", "3", "4", "5", "--explain", "--json"),
    ("solve", "wythoff", "10**30", "10**30", "--json"),
    ("solve", "kayles", "10**18", "--json"),
    ("solve", "nim", "3", "+", "subtraction(1,2,3)", "7", "--json"),
    ("solve", "--every", "nim", "3", "+", "subtraction(1,2)", "4", "--json"),
    ("table", "kayles", "--upto", "100", "--json"),
    ("table", "wythoff", "--upto", "6", "--json"),
    ("table", "bash(m=2..5)", "--upto", "40", "--json"),
    ("table", "kayles", "--upto", "30", "--misere", "--json"),
    ("table", "octal(0.75)", "--misere", "--quotient", "--upto", "24", "--json"),
    ("list", "--json"),
    ("matrix", "--matrix", "3,-1;-2,4", "--json"),
])
def test_each_kind_of_answer_meets_its_schema(capsys: pytest.CaptureFixture[str],
                                              argv: tuple[str, ...]) -> None:
    assert _json(capsys, *argv).strip()


def test_batch_lines_and_their_errors_meet_the_solve_schema(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_text("3 4\n-1\n1 1\nx y\n")
    code, out, _ = run(capsys, "solve", "nim", "--batch", str(path), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(lines) == 4
    assert [sorted(d) for d in lines if "error" in d] == [["error", "input", "line"]] * 2


def test_a_played_game_meets_the_play_schema(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nwhy\nbogus\nheap 1: take 1\nundo\nquit\n"))
    out = _json(capsys, "play", "nim", "1", "2", "3", "--json")
    kinds = [sorted(json.loads(line))[0] for line in out.splitlines()]
    assert "error" in kinds and "explanation" in kinds and "quit" in kinds
