"""``grundy export 'NAME(n,k)'`` of a game of one's own that declares its start position: each case
of the input is the parameters of one game, and the program answers its start position. Checked in
the judges' layouts against brute forces written here: HDU 1517 "A Multiplication Game" (``n`` per
line, to the end of the input) and HDU 3951 "Coin Game" (``T``, then ``n k``); a case of several
games (``--params sum``); a heap game of one's own whose parameters the input gives (its heaps
read as a catalog family's); then the refusals."""

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
            (("of-heap(k)",), "heap game of your own is exported in Python only"),
            (("of-heap(k)", "--lang", "python", "--upto", "9"), "--upto has no use"),
            (("of-heap(j)", "--lang", "python"), "j is not a parameter of of-heap"),
            (("of-heap(k)", "--lang", "python", "--main", "--params", "sum"), "--params sum"),
            (("of-circle(n,k)", "--lang", "python", "--params", "sum"), "add --main"),
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


# ---- several games in a case (--params sum) ------------------------------------------------------

def test_params_sum_xors_the_games_of_a_case(tmp_path: Path) -> None:
    """``--params sum``: a case is k, then k games (each its parameters); the value is the XOR of
    their start positions' values, in the program and in ``solve --input``."""
    rng = random.Random(31)
    cases = [[(rng.randint(0, 9), rng.randint(1, 3)) for _ in range(rng.randint(1, 4))] for _ in range(12)]
    stdin = f"{len(cases)}\n" + "".join(f"{len(c)}\n" + "".join(f"{n} {k}\n" for n, k in c) for c in cases)
    want = []
    for c in cases:
        total = 0
        for n, k in c:
            total ^= ring(n, k)
        want.append(f"{total} {'N' if total else 'P'}")
    code, lines = run(export("of-circle(n,k)", "--input", "cases", "--params", "sum"), stdin)
    assert code == 0 and lines == want
    path = tmp_path / "sums.in"
    path.write_text(stdin)
    code, out, err = cli("solve", "of-circle(n,k)", "--input", "cases", "--params", "sum", str(path))
    assert code == 0 and out.splitlines() == want, err
    code, lines = run(export("of-circle(n,k)", "--params", "sum"), "3 1 4 2\n3 1 4\n")
    assert lines[0] == f"{ring(3, 1) ^ ring(4, 2)} {'N' if ring(3, 1) ^ ring(4, 2) else 'P'}"
    assert code == 1 and "a sum is the parameters n k of each of its games" in lines[1]


def test_the_memo_is_kept_for_a_parameter_the_moves_do_not_read() -> None:
    """A parameter that only the start function reads leaves the moves unchanged: the values found
    for one game stay for the next (MOVES_READ); each value of one the moves read has its memo."""
    from grundy.export.own_family import moves_read

    source = export("of-multiply(n)")
    assert "MOVES_READ = ()" in source
    namespace: dict[str, object] = {}
    exec(source, namespace)
    value, memos = namespace["grundy_value"], namespace["_MEMOS"]
    assert callable(value) and isinstance(memos, dict)
    value(1000)
    kept = len(memos[()])
    value(999)
    assert len(memos[()]) > kept  # (the positions of n = 1000 kept, those of 999 added)
    assert "MOVES_READ = ('k',)" in export("of-circle(n,k)")
    assert moves_read("def moves(p, *, k=1):\n    return eval('k')\n", ("k", "j")) == ("k", "j")


# ---- a heap game of one's own whose parameters the input gives -----------------------------------

@cache
def take_table(k: int, upto: int) -> tuple[int, ...]:
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[n - j] for j in range(1, k + 1) if j <= n}))
    return tuple(g)


@pytest.mark.parametrize(("layout", "where"), [("lines", "each"), ("single", "first"), ("cases", "last"),
                                               ("counted", "block")])
def test_a_heap_game_of_ones_own_reads_its_parameters(layout: str, where: str, tmp_path: Path) -> None:
    """'of-heap(k)' (take 1..k): the parameters where --params says, the heaps in the family
    layouts; the program's answers and solve --input's agree with a brute force."""
    rng = random.Random(7)
    games = [(rng.randint(1, 5), [rng.randint(0, 40) for _ in range(rng.randint(1, 3))]) for _ in range(6)]
    if where == "first" or where == "block":
        games = [(games[0][0], h) for _, h in games]
    if layout == "single":
        games = [(k, h[:1]) for k, h in games]
    if layout == "counted":
        games = games[:1]
    k0 = games[0][0]

    def case(heaps: list[int]) -> str:
        listed = " ".join(map(str, heaps))
        return listed if layout in ("lines", "single") else f"{len(heaps)} {listed}"

    if where == "each":
        stdin = "".join(f"{k} {case(h)}\n" for k, h in games)
    elif where == "first":
        stdin = f"{k0}\n{len(games)}\n" + "".join(case(h) + "\n" for _, h in games)
    elif where == "last":
        stdin = f"{len(games)}\n" + "".join(f"{case(h)} {k}\n" for k, h in games)
    else:
        stdin = f"{k0}\n" + "".join(case(h) + "\n" for _, h in games) + "0\n"
    want = []
    for k, heaps in games:
        total = 0
        for h in heaps:
            total ^= take_table(k, 40)[h]
        want.append(f"{total} {'N' if total else 'P'}")
    source = export("of-heap(k)", "--input", layout, "--params", where)
    assert "the parameters (k) given at run time" in source
    code, lines = run(source, stdin)
    assert code == 0 and lines == want, stdin
    path = tmp_path / "judge.in"
    path.write_text(stdin)
    code, out, err = cli("solve", "of-heap(k)", "--input", layout, "--params", where, str(path))
    assert code == 0 and out.splitlines() == want, err


def bad_moves(n: int, *, k: int = 1) -> list[object]:
    """a move to a larger heap when k = 3; a failure when k = 4; not a list when k = 5"""
    if k == 3 and n == 2:
        return [n + 1]
    if k == 4 and n == 1:
        raise RuntimeError("no")
    return "x" if k == 5 and n == 1 else [n - 1] * (n > 0)  # type: ignore[return-value]


def test_a_heap_family_errors_are_lines_and_the_bounds_hold() -> None:
    grundy.heap_game("of-bad")(bad_moves)
    try:
        source = export("of-bad(k)")
        code, lines = run(source, "1 5\n3 1\n3 5\n4 3\n5 3\n2 3\n")
        assert code == 1 and lines[:2] == ["1 N", "1 N"], lines
        assert "heap 2 (k=3): the move to 3 does not leave smaller heaps" in lines[2]
        assert "the move function at heap 1 (k=4) failed: RuntimeError: no" in lines[3]
        assert "returned str, not a list" in lines[4]
        assert lines[5] == "1 N"  # (k = 2: the chain n - 1)
    finally:
        catalog.unregister("of-bad")
    namespace: dict[str, object] = {}
    exec(export("of-heap(k)"), namespace)
    namespace["HEAP_STEPS"] = 1000
    value = namespace["grundy_value"]
    assert callable(value)
    with pytest.raises(ValueError, match="more than 1,000 options listed"):
        value(5000, 2)
    assert value(30, 2) == take_table(2, 40)[30]
    namespace["HEAP_MOST"] = 100
    with pytest.raises(ValueError, match="beyond the longest table this program keeps"):
        value(100, 3)

