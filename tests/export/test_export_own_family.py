"""``grundy export 'NAME(n,k)'`` of a game of one's own that declares its start position: each case
of the input is the parameters of one game, and the program answers its start position. Checked in
the judges' layouts against brute forces written here: HDU 1517 "A Multiplication Game" (``n`` per
line, to the end of the input) and HDU 3951 "Coin Game" (``T``, then ``n k``); then the refusals."""

from __future__ import annotations

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


def export(*argv: str) -> str:
    code, out, err = cli("export", *argv, "--lang", "python", "--main")
    assert code == 0, err
    return out


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def multiply(position: tuple[int, int], *, n: int = 10) -> list[tuple[int, int]]:
    """HDU 1517: multiply p by 2..9; who first makes p >= n wins"""
    p, target = position
    return [] if p >= target else [(p * k, target) for k in range(2, 10)]


def circle(position: tuple[str, int], *, n: int = 5, k: int = 1) -> list[object]:
    """HDU 3951: n coins in a circle (then a row); take 1..k consecutive coins"""
    shape, size = position
    if shape == "ring":
        return [("row", size - j) for j in range(1, min(k, size) + 1)]
    return [grundy.Sum(("row", a), ("row", size - j - a)) for j in range(1, min(k, size) + 1)
            for a in range(size - j + 1)]


def plain(position: tuple[int], *, k: int = 2, mode: str = "all") -> list[tuple[int]]:
    """take 1..k, no start declared"""
    return [(position[0] - j,) for j in range(1, k + 1) if j <= position[0]]


def heap_take(n: int, *, k: int = 2) -> list[int]:
    """take 1..k (a heap game)"""
    return [n - j for j in range(1, k + 1) if j <= n]


@pytest.fixture(scope="module", autouse=True)
def games() -> Iterator[None]:
    grundy.game("of-multiply", minimum=(1, 1), start=lambda n: (1, n))(multiply)
    grundy.game("of-circle", start=lambda n, k: ("ring", n))(circle)
    grundy.game("of-plain", arity=1)(plain)
    grundy.heap_game("of-heap")(heap_take)
    yield
    for name in ("of-multiply", "of-circle", "of-plain", "of-heap"):
        catalog.unregister(name)


@cache
def stan_wins(p: int, n: int) -> bool:
    return p < n and any(not stan_wins(p * k, n) for k in range(2, 10))


def test_hdu1517_lines_to_the_end() -> None:
    rng = random.Random(1517)
    ns = [1, 2, 9, 10, 17, 18, 162, 163, 34012226, 2**32 - 1, *(rng.randint(2, 2**32 - 1) for _ in range(25))]
    code, lines = run(export("of-multiply(n)"), "".join(f"{n}\n" for n in ns))
    assert code == 0
    assert ["Stan wins." if line.endswith(" N") else "Ollie wins." for line in lines] == [
        "Stan wins." if stan_wins(1, n) else "Ollie wins." for n in ns]


@cache
def row(size: int, k: int) -> int:
    return mex({row(a, k) ^ row(size - j - a, k) for j in range(1, min(k, size) + 1)
                for a in range(size - j + 1)})


def ring(size: int, k: int) -> int:
    return mex({row(size - j, k) for j in range(1, min(k, size) + 1)})


def test_hdu3951_cases_of_n_and_k() -> None:
    cases = [(n, k) for n in range(0, 13) for k in range(1, 5)]
    stdin = f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases)
    code, lines = run(export("of-circle(n,k)", "--input", "cases"), stdin)
    assert code == 0
    assert lines == [f"{ring(n, k)} {'N' if ring(n, k) else 'P'}" for n, k in cases]
    # one parameter from the input, the other set in the spec
    code, lines = run(export("of-circle(n,k=2)"), "".join(f"{n}\n" for n in range(9)))
    assert code == 0 and lines == [f"{ring(n, 2)} {'N' if ring(n, 2) else 'P'}" for n in range(9)]


def test_error_lines_and_the_bound() -> None:
    code, lines = run(export("of-multiply(n)"), "0\n5\n1 2\n")
    assert code == 1 and "below the game's minimum" in lines[0] and lines[1].endswith(" N")
    assert "a game is its 1 parameters n, got 2 numbers" in lines[2]
    namespace: dict[str, object] = {}
    exec(export("of-circle(n,k)"), namespace)
    namespace["MOVE_STEPS"] = 500
    value = namespace["grundy_value"]
    assert callable(value)
    with pytest.raises(ValueError, match="not settled within 500 options"):
        value(60, 3)
    assert value(5, 2) == ring(5, 2)


def test_refusals_are_one_line() -> None:
    for argv, words in [
            (("of-plain(k)", "--lang", "python"), "declares none: declare start="),
            (("of-circle(n,k)",), "exported in Python only"),
            (("of-circle(n,k)", "--lang", "python", "--upto", "9"), "--upto has no use"),
            (("of-circle(n,k)", "--lang", "python", "--main", "--params", "first"), "--params has no use"),
            (("of-circle(n,j)", "--lang", "python"), "j is not a parameter of of-circle"),
            (("of-heap(k)", "--lang", "python"), "a heap game of your own is exported one game at a time"),
            (("of-plain(mode)", "--lang", "python"), "parameter mode is not a whole number")]:
        code, out, err = cli("export", *argv)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, (argv, err)


def test_solve_input_answers_the_same_layouts(tmp_path: Path) -> None:
    """``grundy solve 'NAME(n,k)' --input LAYOUT`` reads what the exported program reads and
    answers each game's start position by the engine."""
    cases = [(n, k) for n in range(0, 10) for k in range(1, 4)]
    path = tmp_path / "judge.in"
    path.write_text(f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases))
    code, out, err = cli("solve", "of-circle(n,k)", "--input", "cases", str(path))
    assert code == 0, err
    assert out.splitlines() == [f"{ring(n, k)} {'N' if ring(n, k) else 'P'}" for n, k in cases]
    path.write_text("162\n17\n2 3\n")
    code, out, err = cli("solve", "of-multiply(n)", "--input", "lines", str(path))
    assert code == 2 and out.splitlines()[:2] == ["4 N", "0 P"] and "1 parameters" in err
    code, out, err = cli("solve", "of-multiply(n)", "--input", "repeated", str(path))
    assert code == 0, err
    assert [line.endswith(" N") for line in out.splitlines()] == [stan_wins(1, n) for n in (162, 17, 2, 3)]
