"""Your own games on the command line: --rules, grundy table (values and patterns), grundy solve
--conjecture, grundy export (C++ compiled with g++, Python run), and one-line errors."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy import catalog
from tests.helpers import run

RULES = '''
import grundy


@grundy.heap_game("own-digit")
def digit_take(n):
    return [n - int(d) for d in str(n) if d != "0"]


@grundy.heap_game("own-take")
def take(n, *, k=2):
    return [n - j for j in range(1, k + 1) if j <= n]


@grundy.heap_game("own-split")
def split(n):
    return [n - 1] * (n > 0) + [(a, n - a) for a in range(1, (n + 1) // 2)]


@grundy.game("own-pairs")
def pairs(position):
    a, b = position
    return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]


@grundy.game("own-loop")
def loop(p):
    (n,) = p  # "3" is the 1-tuple (3,)
    return [(m,) for m in {0: [1], 1: [0, 2], 2: [], 3: [3]}[n]]
'''
NAMES = ("own-digit", "own-take", "own-split", "own-pairs", "own-loop")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "own_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def heap_brute(upto: int, options) -> list[int]:  # type: ignore[no-untyped-def]
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for o in options(n):
            x = 0
            for h in (o if isinstance(o, tuple) else (o,)):
                x ^= g[h]
            seen.add(x)
        g.append(mex(seen))
    return g


DIGIT = heap_brute(300, lambda n: [n - int(d) for d in str(n) if d != "0"])
SPLIT = heap_brute(80, lambda n: [n - 1] * (n > 0) + [(a, n - a) for a in range(1, (n + 1) // 2)])


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.slow
def test_table_of_a_user_heap_game(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    data = json_of(capsys, "table", "own-digit", "--rules", rules, "--upto", "300", "--json")
    assert data["values"] == DIGIT and isinstance(data["patterns"], list)
    data = json_of(capsys, "--rules", rules, "table", "own-split", "--upto", "80", "--json")
    assert data["values"] == SPLIT
    data = json_of(capsys, "table", "own-take(k=3)", f"--rules={rules}", "--upto", "100", "--json")
    assert data["values"] == [n % 4 for n in range(101)]
    top = data["patterns"][0]  # type: ignore[index]
    assert (top["formula"], top["status"], top["checked_upto"]) == ("n % 4", "conjecture", 100)
    code, out, _ = run(capsys, "table", "own-take", "--rules", rules, "--upto", "60", "--summary")
    assert code == 0 and "pattern: G(n) = n % 3 (conjecture, checked for n <= 60)" in out


@pytest.mark.slow
def test_proved_patterns_of_catalogue_games(capsys: pytest.CaptureFixture[str]) -> None:
    data = json_of(capsys, "table", "subtraction(1,2)", "--upto", "100", "--json")
    text = "G(n) = n % 3 (proved: implied by the proved period 3 from heap 0)"
    assert data["patterns"][0] == {"describes": "values", "text": text,  # type: ignore[index]
                                   "formula": "n % 3", "status": "proved", "checked_upto": 100}
    data = json_of(capsys, "table", "wythoff", "--upto", "12", "--json")
    assert data["patterns"] and all(p["status"] == "conjecture" for p in data["patterns"])  # type: ignore[union-attr]


@pytest.mark.slow
def test_table_of_a_user_pair_game(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    data = json_of(capsys, "table", "own-pairs", "--rules", rules, "--upto", "10", "--json")
    want = [[0] * 11 for _ in range(11)]
    for a in range(11):
        for b in range(11):
            options = [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
            want[a][b] = mex({want[x][y] for x, y in options})
    assert data["values"] == want
    assert any(p["formula"] == "a % 3 == b % 3" for p in data["patterns"])  # type: ignore[union-attr]
    code, out, _ = run(capsys, "table", "own-pairs", "--rules", rules, "--upto", "6")
    assert code == 0 and "pattern: P iff a % 3 == b % 3" in out


def test_solve_user_games(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    data = json_of(capsys, "solve", "own-digit", "57", "123", "--rules", rules, "--json")
    assert data["grundy"] == DIGIT[57] ^ DIGIT[123]
    data = json_of(capsys, "solve", "own-split", "30", "+", "nim", "5", "--rules", rules, "--json")
    assert data["grundy"] == SPLIT[30] ^ 5
    for position, outcome in (("0", "P"), ("1", "N"), ("2", "P"), ("3", "D")):
        data = json_of(capsys, "solve", "own-loop", position, "--rules", rules, "--json")
        assert data["outcome"] == outcome, position
    assert data["winning_moves"] == [] and str(data["grundy"]).startswith("inf")


def test_conjecture_flag(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "solve", "own-take(k=3)", "1000000000000000", "--rules", rules)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "grundy table own-take(k=3) --upto N" in err and "--conjecture" in err and "--limit" in err
    data = json_of(capsys, "solve", "own-take(k=3)", "1000000000000002", "--rules", rules, "--conjecture",
                   "--json")
    assert data["grundy"] == 2 and data["status"] == "conjecture"
    assert str(data["reason"]).startswith(
        "by the conjectured pattern G(n) = n % 4, checked on all positions up to")
    assert data["winning_moves"] == [{"move": "1000000000000002 → 1000000000000000",
                                      "to": "1000000000000000"}]
    code, out, _ = run(capsys, "solve", "own-take(k=3)", "1000000000000002", "--rules", rules,
                       "--conjecture")
    assert code == 0 and "status:   conjecture" in out


@pytest.mark.parametrize(("body", "words"), [
    ("raise ValueError('broken on purpose')", ["bad_rules.py", "ValueError", "broken on purpose"]),
    ("def f(:", ["bad_rules.py", "SyntaxError", "line"]),
    ("import grundy\n@grundy.heap_game('own-digit')\ndef f(n):\n    return [n + 1]\n",
     ["own-digit", "heap 0", "1"]),
    ("import grundy\n@grundy.heap_game('own-digit')\ndef f(n):\n    return {}['x']\n",
     ["own-digit", "heap 0", "KeyError"]),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str,
                             words: list[str]) -> None:
    path = tmp_path / "bad_rules.py"
    path.write_text(body + "\n")
    try:
        code, out, err = run(capsys, "table", "own-digit", "--rules", str(path), "--upto", "5")
    finally:
        if catalog.find_entry("own-digit") is not None:
            catalog.unregister("own-digit")
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("grundy: error: ")
    assert all(w in err for w in words), err


def _python_values(code: str, calls: list[str]) -> list[int]:
    namespace: dict[str, object] = {}
    exec(code, namespace)
    return [eval(c, namespace) for c in calls]


@pytest.mark.slow
def test_export_python_round_trip(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "export", "own-digit", "--rules", rules, "--lang", "python", "--upto", "50")
    assert code == 0, err
    assert "def moves(n):" in out and "TABLE = " in out
    assert _python_values(out, [f"grundy_value({n})" for n in range(301)]) == DIGIT  # beyond the table too
    code, out, err = run(capsys, "export", "own-take(k=4)", "--rules", rules, "--lang", "python",
                         "--upto", "200", "--conjecture")  # re-checked on a longer table, checked locally
    assert code == 0 and "G(n) = n % 5: conjecture, checked on all positions up to 204800" in out
    assert "checked up to heap 204,800: beyond it the program answers by the conjecture" in err
    assert _python_values(out, ["grundy_value(10**20 + 3)", "first_player_wins(10)"]) == [3, False]
    code, out, err = run(capsys, "export", "own-pairs", "--rules", rules, "--lang", "python", "--upto", "9",
                         "--main")
    assert code == 0, err
    done = subprocess.run([sys.executable, "-S", "-"], input=out.replace(
        'if __name__ == "__main__":', 'if True:'), capture_output=True, text=True, check=False)
    assert done.returncode == 0


GXX = shutil.which("g++")


@pytest.mark.slow
@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
@pytest.mark.parametrize(("game", "kind"),
                         [("own-split", "heap"), ("own-pairs", "pair"), ("own-digit", "heap")])
def test_export_cpp_compiles_and_agrees(capsys: pytest.CaptureFixture[str], rules: str, tmp_path: Path,
                                        game: str, kind: str) -> None:
    upto = "12" if kind == "pair" else "80"
    code, out, err = run(capsys, "export", game, "--rules", rules, "--lang", "cpp", "--upto", upto, "--main")
    assert code == 0, err
    source, binary = tmp_path / "solution.cpp", tmp_path / "solution"
    source.write_text(out)
    built = subprocess.run([GXX, "-std=c++17", "-O2", "-Wall", "-o", str(binary), str(source)],  # type: ignore[list-item]
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0 and built.stderr == "", built.stderr
    if kind == "heap":
        want = SPLIT if game == "own-split" else DIGIT
        lines = "\n".join(str(n) for n in range(81)) + "\n"
        expected = [f"{want[n]} {'N' if want[n] else 'P'}" for n in range(81)]
    else:
        lines = "\n".join(f"{a} {b}" for a in range(13) for b in range(13)) + "\n"
        expected = []
        for a in range(13):
            for b in range(13):
                v = (a % 3) ^ (b % 3)
                expected.append(f"{v} {'N' if v else 'P'}")
    done = subprocess.run([str(binary)], input=lines, capture_output=True, text=True, check=False)
    assert done.stdout.split("\n")[:-1] == expected
