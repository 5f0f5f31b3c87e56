"""Rows of coins as judges write them (``HHTHT``, ``H`` heads up) in ``solve --input --params coins``
(``size-first``: the row's length ``N`` first) and in the programs ``export --main`` writes for the
coin-turning games on a row, against a brute force written here from the rules (every move tried).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from grundy.errors import GrundyError
from tests.helpers import cli_output as cli
from tests.helpers import compile_cpp_together, mex, python_lines
from tests.helpers import exported as export

HAS_GXX = shutil.which("g++") is not None
GAMES = ("turning-turtles", "mock-turtles", "ruler")


def turns(name: str, row: str, x: int) -> list[tuple[int, ...]]:
    """The sets of other coins (0-based) turned with the head at ``x``: turning-turtles at most one
    coin to its left, mock-turtles at most two, ruler any run of coins ending just left of it."""
    if name == "turning-turtles":
        return [()] + [(y,) for y in range(x)]
    if name == "mock-turtles":
        return [()] + [(y,) for y in range(x)] + [(y, z) for y in range(x) for z in range(y + 1, x)]
    return [tuple(range(x - k, x)) for k in range(x + 1)]


def flipped(row: str, coins: tuple[int, ...]) -> str:
    out = list(row)
    for y in coins:
        out[y] = "T" if out[y] == "H" else "H"
    return "".join(out)


def options(name: str, row: str) -> dict[tuple[int, ...], str]:
    """Every move: the coins turned (1-based, increasing) and the row after it."""
    return {tuple(sorted(c + 1 for c in (x, *extra))): flipped(row, (x, *extra))
            for x, ch in enumerate(row) if ch == "H" for extra in turns(name, row, x)}


@cache
def value(name: str, row: str) -> int:
    return mex(value(name, after) for after in options(name, row).values())


def line(v: int) -> str:
    return f"{v} {'N' if v else 'P'}"


def random_rows(seed: str, count: int = 40) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("HT") for _ in range(rng.randint(1, 9))) for _ in range(count)]


def run_lines(tmp_path: Path, *argv: str, text: str) -> tuple[int, list[str], str]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli(*argv, str(path))
    return code, out.split("\n")[:-1], err


@pytest.mark.parametrize("name", GAMES)
def test_rows_in_every_layout(name: str, tmp_path: Path) -> None:
    """Each layout (a row a line, its words joined; T rows; N and the row; rows up to a 0) through
    ``solve --input`` and the Python program, against the brute force."""
    rows = random_rows(name)
    want = [line(value(name, row)) for row in rows]
    inputs = {("lines", "coins"): "".join(f"{' '.join(row) if i % 3 == 0 else row}\n"
                                          for i, row in enumerate(rows)),
              ("cases", "coins"): f"{len(rows)}\n" + "\n".join(rows) + "\n",
              ("repeated", "coins"): "\n".join(rows) + "\n0\n",
              ("counted", "size-first"): f"{len(rows[0])}\n{rows[0]}\n",
              ("lines", "size-first"): "".join(f"{len(row)} {row}\n" for row in rows),
              ("cases", "size-first"): f"{len(rows)}\n" + "".join(f"{len(r)}\n{r}\n" for r in rows),
              ("repeated", "size-first"): "".join(f"{len(r)}\n{r}\n" for r in rows) + "0\n"}
    for (layout, params), text in inputs.items():
        expected = want[:1] if layout == "counted" else want
        code, got, err = run_lines(tmp_path, "solve", name, "--input", layout, "--params", params, text=text)
        assert (code, got) == (0, expected), (layout, params, err)
        program = export(name, "--lang", "python", "--main", "--input", layout, "--params", params)
        assert python_lines(program, text) == expected, (layout, params)


@pytest.mark.parametrize("name", GAMES)
def test_winning_moves_name_the_coins_turned(name: str, tmp_path: Path) -> None:
    """``--winning-moves``: each case's ``VALUE OUTCOME K``, then its ``K`` winning moves, each the
    coins it turns (from 1, increasing): every winning move of the brute force, once."""
    rows = random_rows(name + " moves", 25)
    code, got, err = run_lines(tmp_path, "solve", name, "--input", "lines", "--params", "coins",
                               "--winning-moves", text="\n".join(rows) + "\n")
    assert code == 0, err
    at = 0
    for row in rows:
        winning = sorted(coins for coins, after in options(name, row).items() if value(name, after) == 0)
        head = got[at].split()
        assert head == [*line(value(name, row)).split(), str(len(winning))]
        listed = [tuple(map(int, text.split())) for text in got[at + 1:at + 1 + len(winning)]]
        assert sorted(listed) == winning
        at += 1 + len(winning)
    assert at == len(got)


HEAD_VALUE = {"turning-turtles": lambda n: n, "ruler": lambda n: n & -n,
              "mock-turtles": lambda n: 2 * (n - 1) + (bin(n - 1).count("1") + 1) % 2}
"""The value of a lone head at coin n (the p-th odious number for mock-turtles), for heads too far
out for the brute force; the brute force checks it on the rows above."""


@pytest.mark.parametrize("name", GAMES)
def test_heads_positions_as_the_program_reads_them(name: str, tmp_path: Path) -> None:
    """Without ``--params``, ``solve --input`` reads each case as its heads' positions, as the
    exported program does (a head may be at coin 10^18), the same lines."""
    rows = random_rows(name + " heads")
    assert all(value(name, row) == xor(HEAD_VALUE[name](i) for i, c in enumerate(row, 1) if c == "H")
               for row in rows)
    cases = [[i for i, c in enumerate(row, 1) if c == "H"] for row in rows] + [[10**18, 2**63 + 5], [7, 7]]
    want = [line(xor(HEAD_VALUE[name](n) for n in heads)) for heads in cases]
    for layout, text in (("lines", "".join(" ".join(map(str, h)) + "\n" for h in cases if h)),
                         ("cases", f"{len(cases)}\n" + "".join(f"{len(h)} {' '.join(map(str, h))}\n"
                                                                for h in cases))):
        expected = [w for h, w in zip(cases, want, strict=True) if h or layout != "lines"]
        code, got, err = run_lines(tmp_path, "solve", name, "--input", layout, text=text)
        assert (code, got) == (0, expected), err
        program = export(name, "--lang", "python", "--main", "--input", layout)
        assert python_lines(program, text) == expected


def xor(values: object) -> int:
    total = 0
    for v in values:  # type: ignore[attr-defined]
        total ^= v
    return total


def test_rows_that_are_none(tmp_path: Path) -> None:
    """A letter other than H and T, a length that is not N: an error line quoting the row (a long
    row: its first coins and its length), exit status 2, the other cases answered; a layout
    that cannot be read (N not a number) stops with one line; other games refuse the option."""
    long_row = "H" * 45 + "x"
    text = f"4\n3 HTH\n2 HTH\n46 {long_row}\n1 H\n"
    code, got, err = run_lines(tmp_path, "solve", "ruler", "--input", "cases", "--params", "size-first",
                               text=text)
    assert code == 2 and err.count("\n") == 1 and "2 of 4 cases failed" in err
    assert got == ["0 P", "error: a row of 2 coins expected, got 3: 'HTH'",
                   f"error: not a row of H and T coins: 'x' at coin 46 of '{'H' * 30}...' (46 characters)",
                   "1 N"]
    program = export("ruler", "--lang", "python", "--main", "--input", "cases", "--params", "size-first")
    assert python_lines(program, text, error_lines=True) == got
    code, got, err = run_lines(tmp_path, "solve", "ruler", "--input", "counted", "--params", "size-first",
                               text="HTH\n")
    assert code == 2 and got == [] and err.count("\n") == 1 and "'HTH'" in err
    for argv in (("solve", "nim", "--input", "lines", "--params", "coins"),
                 ("solve", "ruler", "--input", "lines", "--winning-moves"),
                 ("solve", "ruler", "--input", "single", "--params", "coins"),
                 ("export", "nim", "--main", "--params", "coins"),
                 ("export", "ruler", "--main", "--input", "single", "--params", "coins"),
                 ("export", "ruler", "--main", "--params", "coins", "--winning-moves")):
        code, out, err = cli(*argv, *(["x.in"] if argv[0] == "solve" else []))
        assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)


def test_the_program_is_checked_before_it_is_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program that reads a row's heads wrong (from 0) is refused, not printed."""
    from grundy.catalog import load_game
    from grundy.export import main
    from grundy.reports.export_policy import export_game

    monkeypatch.setattr(main, "_PY_ROWS", main._PY_ROWS.replace("enumerate(row, 1)", "enumerate(row)"))
    with pytest.raises(GrundyError, match="internal error"):
        export_game(load_game("mock-turtles"), lang="cpp", main=True, input_format="lines", coins="coins")


@pytest.mark.slow
@pytest.mark.skipif(not HAS_GXX, reason="needs g++")
def test_rows_in_cpp(tmp_path: Path) -> None:
    """The C++ programs of the three games, in each layout, against the brute force; and the
    error lines as the Python program writes them."""
    runs = []
    for name in GAMES:
        rows = random_rows(name + " cpp")
        want = [line(value(name, row)) for row in rows]
        runs += [((name, "--input", "lines", "--params", "coins"), "\n".join(rows) + "\n", want),
                 ((name, "--input", "repeated", "--params", "coins"), " ".join(rows) + " 0", want),
                 ((name, "--input", "cases", "--params", "size-first"),
                  f"{len(rows)}\n" + "".join(f"{len(r)}\n{r}\n" for r in rows), want),
                 ((name, "--input", "lines", "--params", "size-first"),
                  "".join(f"{len(r)} {r}\n" for r in rows), want),
                 ((name, "--input", "counted", "--params", "coins"), rows[0], want[:1])]
    bad = "3\n3 HTH\n2 HTH\n4 HHXT\n"
    runs.append((("ruler", "--input", "cases", "--params", "size-first"), bad,
                 python_lines(export("ruler", "--lang", "python", "--main", "--input", "cases", "--params",
                                     "size-first"), bad, error_lines=True)))
    exe = compile_cpp_together([export(*argv, "--main") for argv, _, _ in runs], tmp_path)
    for index, (argv, text, want) in enumerate(runs):
        done = subprocess.run([str(exe), str(index)], input=text, capture_output=True, text=True, timeout=60)
        assert done.stdout.split("\n")[:-1] == want, argv
