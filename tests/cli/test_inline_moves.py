"""``--moves 'ARGS: EXPRESSION'``: a game from one line for ``table``, ``solve`` and ``export``,
checked against brute force written here; its errors are one line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from math import isqrt
from pathlib import Path

import pytest

from grundy import catalog
from grundy.cli.rules import MOVES_NAME
from tests.helpers import run

SQUARES = "n: [n - d*d for d in range(1, isqrt(n) + 1)]"
WYTHOFF = ("a, b: [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]"
           " + [(a - k, b - k) for k in range(1, min(a, b) + 1)]")


def mex(values: set[int]) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


def own_squares(upto: int) -> list[int]:
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[n - d * d] for d in range(1, isqrt(n) + 1)}))
    return g


def own_wythoff(upto: int) -> list[list[int]]:
    g = [[0] * (upto + 1) for _ in range(upto + 1)]
    for a in range(upto + 1):
        for b in range(upto + 1):
            g[a][b] = mex({g[a - k][b] for k in range(1, a + 1)} | {g[a][b - k] for k in range(1, b + 1)}
                          | {g[a - k][b - k] for k in range(1, min(a, b) + 1)})
    return g


@pytest.fixture(autouse=True)
def _forget() -> Iterator[None]:
    yield
    if catalog.find_entry(MOVES_NAME) is not None:
        catalog.unregister(MOVES_NAME)


def test_table_of_one_heap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "--moves", SQUARES, "--upto", "100", "--json")
    assert code == 0, err
    assert json.loads(out)["values"] == own_squares(100)


def test_table_of_pairs_and_option_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "--upto", "7", f"--moves={WYTHOFF}")
    assert code == 0, err
    rows = [line.split("│")[1].split() for line in out.splitlines() if "│" in line][1:]
    assert [[int(v) for v in row] for row in rows] == own_wythoff(7)


def test_solve_heaps_are_a_sum(capsys: pytest.CaptureFixture[str]) -> None:
    g = own_squares(300)
    code, out, err = run(capsys, "solve", "--moves", SQUARES, "200", "300")
    assert code == 0, err
    assert f"grundy:   {g[200] ^ g[300]}" in out


def test_export_carries_the_move_function(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The math names are written ``__import__('math').isqrt``: the program needs only Python,
    and answers beyond its table by the move function."""
    code, out, err = run(capsys, "export", "--moves", SQUARES, "--upto", "40", "--lang", "python",
                         "--main")
    assert code == 0, err
    assert "__import__('math').isqrt(n)" in out
    program = tmp_path / "squares.py"
    program.write_text(out)
    heaps = [7, 41, 99, 250, 600]
    done = subprocess.run([sys.executable, str(program)], input="".join(f"{n}\n" for n in heaps),
                          capture_output=True, text=True, timeout=60, check=True)
    g = own_squares(600)
    assert [int(line.split()[0]) for line in done.stdout.splitlines()] == [g[n] for n in heaps]


def test_leaving_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "--moves",
                         "a, b: [(a - 1, b) if a else (), (a, b - 1) if b else Sum()]", "0", "0")
    assert code == 0 and "→ nothing left" in out, err


@pytest.mark.parametrize(("argv", "says"), [
    (["table", "--moves", "n: [n-", "--upto", "5"], "not a Python lambda"),
    (["table", "--moves", "n [n - 1]"], "not a Python lambda"),
    (["table", "--moves", "n: 1, 2"], "write one lambda"),
    (["table", "--moves", "*a: [a]"], "plain names"),
    (["table", "--moves", "n, m=2: [n]"], "plain names"),
    (["table", "--moves", "n: [n - foo]", "--upto", "3"], "NameError: name 'foo' is not defined"),
    (["table", "--moves", "n: n - 1", "--upto", "3"], "must return a list"),
    (["table", "--moves"], "--moves needs a move function"),
    (["table", "--moves", "n: []", "--moves", "n: []"], "given once"),
    (["serve", "--moves", "n: [n - 1]"], "works with the commands solve, table, export"),
    (["list", "--moves", "n: [n - 1]"], "works with the commands"),
    (["solve", "--moves", "n: [n - 1] if n else []", "nim", "3"], "give no game name"),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("grundy: error: ") and err.count("\n") == 1, err
    assert says in err and "Traceback" not in err


def test_the_web_page_takes_no_code() -> None:
    """The web app runs only catalogue games: nothing it receives is compiled (its module says
    so); ``--moves`` is refused for ``serve`` above. Here: the app's source never evaluates."""
    source = Path(sys.modules["grundy"].__file__ or "").parent / "web"
    text = "".join(p.read_text() for p in source.glob("*.py"))
    assert "define_moves" not in text and "exec(" not in text and "eval(" not in text
