"""``grundy matrix``: inline, file and stdin input, the JSON contract, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import run


def test_inline_matrix_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "matrix", "--matrix", "3,-1;-2,4")
    assert code == 0, err
    assert "value:    1" in out and "3/5 (0.6)" in out and "2/5 (0.4)" in out and "exact:    yes" in out


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "matrix", "--matrix", "3,-1;-2,4", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["value"] == "1" and data["row_strategy"] == ["3/5", "2/5"]
    assert data["col_strategy"] == ["1/2", "1/2"] and data["exact"] is True and data["saddle_point"] is None
    _, out, _ = run(capsys, "matrix", "--matrix", "2,3;1,0", "--json")
    assert json.loads(out)["saddle_point"] == [0, 0]


def test_csv_file_with_fractions_and_decimals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.csv"
    path.write_text("# payoffs to the row player\n1/2, -1\n-0.25, 3/4\n\n", encoding="utf-8")
    code, out, _ = run(capsys, "matrix", str(path), "--json")
    data = json.loads(out)
    # p(1/2) - (1-p)/4 = -p + 3(1-p)/4  =>  p = 2/5, value = 1/20
    assert code == 0 and data["value"] == "1/20" and data["row_strategy"] == ["2/5", "3/5"]


@pytest.mark.slow
def test_stdin_and_float_option() -> None:
    result = subprocess.run([sys.executable, "-m", "grundy", "matrix", "-", "--json", "--float"],
                            input="0,-1,1\n1,0,-1\n-1,1,0\n", capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["exact"] is False and abs(data["value_decimal"]) < 1e-9


def test_dominance_and_degeneracy_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "matrix", "--matrix", "4,2;1,3;0,1")
    assert "strictly dominated, removed: rows 3" in out
    _, out, _ = run(capsys, "matrix", "--matrix", "0,1;0,-1")
    assert "unique:   no: the row player has other optimal strategies" in out


@pytest.mark.parametrize("argv", [
    ["matrix", "--matrix", "1,2;3"],
    ["matrix", "--matrix", ""],
    ["matrix", "--matrix", "1,abc"],
    ["matrix", "--matrix", "1,nan"],
    ["matrix", "--matrix", "inf,1"],
    ["matrix", "--matrix", "1/0"],
    ["matrix", "no-such-file.csv"],
    ["matrix"],
    ["matrix", "x.csv", "--matrix", "1"],
])
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: "), err


def test_binary_file_is_rejected(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, "matrix", str(path))
    assert code == 2 and "not UTF-8" in err


def test_underscores_and_empty_cells_are_rejected(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("1_0,2", "1,,2", "1;;2,3"):
        code, _, err = run(capsys, "matrix", "--matrix", text)
        assert code == 2 and err.startswith("grundy: error: "), text


def test_the_matrix_command_keeps_solve_light() -> None:
    code = (
        "import sys\n"
        "from grundy.cli.app import main\n"
        "try:\n    main(['solve', 'nim', '3', '4', '5'])\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('flint', 'scipy', 'numpy', 'grundy.matrix.lp') if m in sys.modules]\n"
        "print('HEAVY=' + ','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "HEAVY=", result.stdout
