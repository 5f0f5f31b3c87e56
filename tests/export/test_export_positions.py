"""``grundy export`` of a ``@grundy.game`` on positions of several numbers (``arity=3`` and more):
a Python program carrying the move function, checked here against brute forces written in this
file (HDU 1079 "Calendar Game" in its judge's layout, a three-dimensional cutting game whose cuts
are sums), and its refusals: C++, options with no use, names from outside the function, a loopy
game, a failing move function, options that are not positions, the bound on options listed."""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import run_python_program as run

pytestmark = pytest.mark.slow


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


# ---- the games, registered for this file only ---------------------------------------------------

def calendar(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """HDU 1079: the next day, or the same day of the next month (if it exists); 2001-11-04 wins"""
    import datetime

    end = datetime.date(2001, 11, 4)
    y, m, d = p
    if (y, m, d) == (2001, 11, 4):
        return []
    nxt = datetime.date(y, m, d) + datetime.timedelta(days=1)
    out = [(nxt.year, nxt.month, nxt.day)]
    ny, nm = (y + 1, 1) if m == 12 else (y, m + 1)
    try:
        if datetime.date(ny, nm, d) <= end:
            out.append((ny, nm, d))
    except ValueError:
        pass
    return out


def box(p: tuple[int, int, int], *, least: int = 1) -> list[object]:
    """cut an a x b x c box in two along one axis (each part at least `least` thick): a sum"""
    out: list[object] = []
    for axis in range(3):
        for cut in range(least, p[axis] - least + 1):
            one, two = list(p), list(p)
            one[axis], two[axis] = cut, p[axis] - cut
            out.append(grundy.Sum(tuple(one), tuple(two)))
    return out


def loop(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """step a token around a triangle of three cells, or stop at (0, 0, 0)"""
    if p == (0, 0, 0):
        return []
    return [(p[1], p[2], p[0]), (0, 0, 0)]


def broken(p: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """fails at 5 and gives a pair at 7"""
    if p[0] == 5:
        raise KeyError("five")
    if p[0] == 7:
        return [(1, 2)]
    return [(p[0] - 1, p[1], p[2])] if p[0] else []


def grow(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """shrink any coordinate by one"""
    return [(*p[:i], p[i] - 1, *p[i + 1:]) for i in range(3) if p[i]]


def END() -> int:  # (a function of the test module: no program can carry it)
    return 7


def outside(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """reads a name from outside the function"""
    return [(p[0] - END(), p[1], p[2])]


@pytest.fixture(scope="module", autouse=True)
def games() -> Iterator[None]:
    grundy.game("tp-calendar", arity=3, start=lambda: (1900, 1, 1))(calendar)
    grundy.game("tp-box", arity=3, minimum=(1, 1, 1))(box)
    grundy.game("tp-loop", arity=3)(loop)
    grundy.game("tp-broken", arity=3)(broken)
    grundy.game("tp-grow", arity=3)(grow)
    grundy.game("tp-outside", arity=3)(outside)
    grundy.game("tp-valid", arity=3, valid=lambda p: p[0] <= 9)(grow)
    yield
    for name in ("tp-calendar", "tp-box", "tp-loop", "tp-broken", "tp-grow", "tp-outside", "tp-valid"):
        catalog.unregister(name)


def export(*argv: str) -> str:
    code, out, err = cli("export", *argv, "--lang", "python")
    assert code == 0, err
    return out


# ---- HDU 1079 "Calendar Game", in its judge's layout --------------------------------------------

def calendar_wins() -> dict[tuple[int, int, int], bool]:
    """Every date from 1900-01-01 to 2001-11-04, backwards: whether the player to move wins."""
    end = datetime.date(2001, 11, 4)
    wins: dict[tuple[int, int, int], bool] = {}
    day = end
    while day >= datetime.date(1900, 1, 1):
        key = (day.year, day.month, day.day)
        later = [day + datetime.timedelta(days=1)] if day < end else []
        y, m = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
        try:
            same = datetime.date(y, m, day.day)
            if same <= end:
                later.append(same)
        except ValueError:
            pass
        wins[key] = any(not wins[(d.year, d.month, d.day)] for d in later)
        day -= datetime.timedelta(days=1)
    return wins


def test_hdu1079_calendar_game() -> None:
    wins = calendar_wins()
    rng = random.Random(1079)
    dates = [*rng.sample(sorted(wins), 150), (2001, 11, 4), (2001, 11, 3), (1900, 1, 1), (2000, 2, 29)]
    source = export("tp-calendar", "--main", "--input", "cases")
    stdin = f"{len(dates)}\n" + "".join(f"{y} {m} {d}\n" for y, m, d in dates)
    code, lines = run(source, stdin)
    assert code == 0
    assert ["YES" if line.endswith(" N") else "NO" for line in lines] == [
        "YES" if wins[d] else "NO" for d in dates]
    # a date that is not one is an error line of its own; the program goes on
    code, lines = run(source, "2\n2001 2 29\n2001 11 3\n")
    assert code == 1 and lines[0].startswith("error: the move function at position '2001 2 29' failed")
    assert lines[1] == "1 N"


# ---- a cutting game in three dimensions: every cut a sum -----------------------------------------

@cache
def box_value(a: int, b: int, c: int) -> int:
    sizes = (a, b, c)
    seen = set()
    for axis in range(3):
        for cut in range(1, sizes[axis]):
            one, two = list(sizes), list(sizes)
            one[axis], two[axis] = cut, sizes[axis] - cut
            seen.add(box_value(*one) ^ box_value(*two))
    return mex(seen)


def test_box_cutting_with_sums_and_several_positions_a_line() -> None:
    source = export("tp-box", "--main")
    rng = random.Random(3)
    lines = [[rng.randint(1, 6) for _ in range(3 * rng.randint(1, 3))] for _ in range(80)]
    code, out = run(source, "".join(" ".join(map(str, line)) + "\n" for line in lines))
    assert code == 0
    expected = []
    for line in lines:
        total = 0
        for i in range(0, len(line), 3):
            total ^= box_value(*line[i:i + 3])
        expected.append(f"{total} {'N' if total else 'P'}")
    assert out == expected
    code, out = run(source, "0 2 2\n2 2\n")
    assert code == 1 and "below the game's minimum" in out[0] and "is 3 numbers" in out[1]


def test_parameters_are_set_in_the_program() -> None:
    namespace: dict[str, object] = {}
    exec(export("tp-box(least=2)"), namespace)
    value = namespace["grundy_value"]
    assert callable(value)
    for p in [(1, 1, 1), (4, 1, 1), (5, 2, 3), (6, 4, 4)]:
        assert value(*p) == grundy.grundy_value(grundy.load_game("tp-box(least=2)"), p)
    assert value(4, 1, 1) == 1 and value(3, 3, 3) == 0  # (a cut leaves two parts of at least 2)


# ---- what the program refuses, each for one input --------------------------------------------------

def test_loopy_failing_and_bad_options_are_error_lines() -> None:
    code, out = run(export("tp-loop", "--main"), "1 2 3\n0 0 0\n")
    assert code == 1 and "can be reached from itself" in out[0] and out[1] == "0 P"
    code, out = run(export("tp-broken", "--main"), "3 0 0\n6 1 1\n8 0 0\n2 0 0\n")
    assert out[0] == "1 N" and "at position '5 1 1' failed: KeyError" in out[1]
    assert "gives (1, 2), which is not a position of 3 integers" in out[2] and out[3] == "0 P"


def test_the_bound_on_options_listed() -> None:
    namespace: dict[str, object] = {}
    exec(export("tp-grow"), namespace)
    namespace["MOVE_STEPS"] = 1000
    value = namespace["grundy_value"]
    assert callable(value)
    assert value(3, 3, 3) == 1  # (64 positions: within the bound)
    with pytest.raises(ValueError, match="not settled within 1,000 options"):
        value(20, 20, 20)
    assert value(5, 5, 4) == 0  # (what was settled is kept; each input has its own bound)


def test_refusals_are_one_line() -> None:
    for argv, words in [
            (("tp-grow",), "exported in Python only"),
            (("tp-grow", "--lang", "python", "--upto", "9"), "so --upto has no use"),
            (("tp-outside", "--lang", "python"), "it reads END from outside the function"),
            (("tp-valid", "--lang", "python"), "declares valid=")]:
        code, out, err = cli("export", *argv)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, (argv, err)
    code, out, err = cli("export", "tp-grow", "--lang", "python", "--limit", "9")  # (the bound)
    assert code == 0 and "MOVE_STEPS = 9\n" in out and "at most 9 options listed" in out, err


def test_solve_input_reads_positions_of_three_numbers(tmp_path: Path) -> None:
    """``grundy solve --input`` reads the judge's layout as the exported program does (a case is
    three numbers; a line of six is a sum of two dates), each case answered by the engine."""
    wins = calendar_wins()
    dates = random.Random(7).sample(sorted(wins), 40)
    path = tmp_path / "judge.in"
    path.write_text(f"{len(dates)}\n" + "".join(f"{y} {m} {d}\n" for y, m, d in dates))
    code, out, err = cli("solve", "tp-calendar", "--input", "cases", str(path))
    assert code == 0, err
    assert [line.endswith(" N") for line in out.splitlines()] == [wins[d] for d in dates]
    path.write_text("2001 11 3 2001 11 3\n2001 11 2\n")
    code, out, err = cli("solve", "tp-calendar", "--input", "lines", str(path))
    assert (code, out) == (0, "0 P\n0 P\n"), err
