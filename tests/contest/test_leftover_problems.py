"""Judge problems answered only at small sizes last round, taken again through grundy's public
workflow; each answer compared with a brute force written here from the statement (plain
recursion and mex, or every move tried), in the judge's own layout. The judge's words are the
user's part (mapped here from grundy's ``VALUE OUTCOME``).

- HDU 1729 "Stone Game": cases ``n`` (<= 50), then ``n`` boxes ``s c`` (capacity s <= 10^6, c stones
  in it), ended by a case ``0``; a move adds 1..c*c stones to one box, never past s; "Case i:" then
  Yes (first wins) or No. A game on pairs of one's own, ``--input repeated --params sum`` (a case:
  k, then k pairs, their sum), which ``solve --input`` and the exported programs read as the judge
  writes it (it used to need the user's rewrite into one line per case). Still small boxes only:
  a box of capacity 10^6 is a search of up to 10^12 options (the accepted solutions use the
  box's own recursion, which grundy does not find).
- HDU 3980 "Paint Chain": T cases ``n m`` (<= 1000), a circle of n beads, a move paints m
  consecutive unpainted ones; "Case #i: aekdycoin" (first) or "abcdxyzk". A family of one's own,
  ``paint(n,m)``; the program keeps a memo for each value of the parameters the move function
  reads (``m``), so cases that share an m search its rows once (it kept the last m's only: 100
  cases of n ~ 1000, m <= 10 took 40 s, now 5 s; 100 distinct m still 30 s).
- HDU 1730 "Northcott Game": cases to the end, each ``n m`` (n <= 1000 rows, 2 <= m <= 100), then n
  rows ``x y``; "I WIN!" (Tom, first) or "BAD LUCK!". A family of one's own on pairs, ``row(m)``,
  ``--input repeated --params after`` (a case: k, the parameters, then k positions); full size.
- POJ 2484 "A Funny Game": lines n (<= 10^6) up to 0, take one coin or two adjacent ones from a
  circle; Alice (first) or Bob. ``funny(n)`` exported with ``--conjecture``: past the games searched
  (n = 1..40), the pattern of their start values.
- HDU 1564 "Play a game": lines n (<= 10^4) up to 0, a piece at a corner of an n x n board moves to
  an adjacent unvisited cell; "8600" (first) or "ailyanlu". The same, its pattern over n = 1..5.
- Codeforces 255E "Furlo and Rublo and the Game": n (<= 77,777), then piles up to 7.7e11; a pile x
  goes to y, x^(1/4) <= y <= sqrt(x); Furlo (first) or Rublo. The move function returns a
  ``range``; the exported Python program reads each mex from the counts of the values below.

Brute forces: plain recursion and mex on the statement's positions (the circle's beads as a bit
mask, every path of the piece, every box), HDU 1730's partisan game by retrograde analysis, CF
255E by a sliding window over the statement's bounds; at full size where no brute force reaches,
the theorem the test names (mirror strategy, domino tiling).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from bisect import bisect_left
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import compile_cpp_together, mex, python_lines
from tests.helpers import exported as export

HAS_GXX = shutil.which("g++") is not None


def first_wins(line: str) -> bool:
    """The outcome of an answer line ``VALUE OUTCOME``: the player to move wins."""
    value, outcome = line.split()
    assert outcome in ("N", "P") and (value == "-" or (int(value) != 0) == (outcome == "N")), line
    return outcome == "N"


def solve_input(tmp_path: Path, argv: list[str], stdin: str) -> list[str]:
    """``grundy solve ARGV --input ... FILE`` in this process (the games of one's own registered
    here), which must succeed."""
    path = tmp_path / "judge.in"
    path.write_text(stdin)
    code, out, err = cli("solve", *argv, str(path))
    assert code == 0, err
    return out.split("\n")[:-1]


# ---- HDU 1729 "Stone Game": boxes of a game on pairs, a case k boxes -----------------------------

def box(p: tuple[int, int]) -> list[object]:
    """HDU 1729: a box of capacity s with c stones; add 1..c*c stones, at most up to s"""
    s, c = p
    return [(s, c + k) for k in range(1, min(c * c, s - c) + 1)]


@cache
def box_brute(s: int, c: int) -> int:
    return mex(box_brute(s, c + k) for k in range(1, min(c * c, s - c) + 1))


@pytest.fixture(scope="module")
def box_game() -> Iterator[str]:
    grundy.game("lo-box", arity=2)(box)
    yield "lo-box"
    catalog.unregister("lo-box")


def stone_game_input(rng: random.Random, count: int, most: int) -> tuple[str, list[list[tuple[int, int]]]]:
    """The judge's input: cases n, then n boxes s c, then the case 0 that ends it."""
    cases = []
    for _ in range(count):
        boxes = []
        for _ in range(rng.randint(1, 5)):
            s = rng.randint(0, most)
            boxes.append((s, rng.randint(0, s)))
        cases.append(boxes)
    text = "".join(f"{len(b)}\n" + "".join(f"{s} {c}\n" for s, c in b) for b in cases) + "0\n"
    return text, cases


def stone_game_words(lines: list[str]) -> list[str]:
    return [f"Case {i}:\n{'Yes' if first_wins(line) else 'No'}" for i, line in enumerate(lines, 1)]


def test_hdu1729_stone_game_judge_layout(box_game: str, tmp_path: Path) -> None:
    rng = random.Random(1729)
    stdin, cases = stone_game_input(rng, 40, 40)
    expected = []
    for i, boxes in enumerate(cases, 1):
        total = 0
        for s, c in boxes:
            total ^= box_brute(s, c)
        expected.append(f"Case {i}:\n{'Yes' if total else 'No'}")
    argv = ["--input", "repeated", "--params", "sum"]
    got = solve_input(tmp_path, [box_game, *argv], stdin)
    assert stone_game_words(got) == expected
    program = export(box_game, "--lang", "python", "--main", "--upto", "40", *argv)
    assert python_lines(program, stdin) == got
    # boxes past the table (capacity 60): the Python program's carried move function answers them
    far, far_cases = stone_game_input(rng, 8, 60)
    assert [int(line.split()[0]) for line in python_lines(program, far)] == [
        _xor(box_brute(s, c) for s, c in b) for b in far_cases]
    if HAS_GXX:  # the C++ program reads the same layout (within its table)
        exe = compile_cpp_together([export(box_game, "--main", "--upto", "40", *argv)], tmp_path)
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split("\n")[:-1] == got


def _xor(values: object) -> int:
    total = 0
    for v in values:  # type: ignore[attr-defined]
        total ^= v
    return total


def test_params_sum_of_pairs_other_layouts(box_game: str, tmp_path: Path) -> None:
    # cases (T, then T cases k + k pairs), counted (one case), a case of no boxes (the empty sum)
    stdin = "3\n2\n3 1\n5 2\n0\n1\n4 4\n"
    want = [f"{box_brute(3, 1) ^ box_brute(5, 2)} N", "0 P", "0 P"]
    assert solve_input(tmp_path, [box_game, "--input", "cases", "--params", "sum"], stdin) == want
    program = export(box_game, "--lang", "python", "--main", "--input", "cases", "--params", "sum")
    assert python_lines(program, stdin) == want
    counted = export(box_game, "--lang", "python", "--main", "--input", "counted", "--params", "sum")
    assert python_lines(counted, "2\n3 1\n5 2\n") == want[:1]
    assert "each k, then k positions a b (their sum)" in program.split("\n")[2]
    # a catalog game on pairs too (Wythoff: two queens' positions, their sum)
    code, out, err = cli("solve", "wythoff", "--input", "counted", "--params", "sum",
                         str(_write(tmp_path, "2\n1 2\n3 5\n")))
    assert code == 0 and out == "0 P\n", err


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "in.txt"
    path.write_text(text)
    return path


def test_params_sum_refused_where_a_case_is_already_a_sum(box_game: str, tmp_path: Path) -> None:
    path = _write(tmp_path, "1\n2 3 4\n")
    for argv in (["nim", "--input", "cases"], [box_game, "--input", "lines"]):
        code, _, err = cli("solve", *argv, "--params", "sum", str(path))
        assert code == 2 and err.count("\n") == 1 and "k positions" in err, err
        code, _, err = cli("export", *argv, "--params", "sum", "--main", "--lang", "python")
        assert code == 2 and err.count("\n") == 1 and "k positions" in err, err
    code, _, err = cli("export", box_game, "--params", "sum", "--lang", "python")
    assert code == 2 and "add --main" in err


# ---- a game on three numbers, a case k positions (the same layout) --------------------------------

def triple(p: tuple[int, int, int]) -> list[object]:
    """a position (a, b, c): lower one number by 1 or 2, the others stay"""
    return [(*p[:i], p[i] - d, *p[i + 1:]) for i in range(3) for d in (1, 2) if p[i] >= d]


@cache
def triple_brute(p: tuple[int, int, int]) -> int:
    return mex(triple_brute(q) for q in triple(p))  # type: ignore[arg-type]


def test_params_sum_of_positions_of_three_numbers(tmp_path: Path) -> None:
    grundy.game("lo-triple", arity=3)(triple)
    try:
        rng = random.Random(3)
        cases = [[tuple(rng.randint(0, 6) for _ in range(3)) for _ in range(rng.randint(0, 3))]
                 for _ in range(12)]
        stdin = f"{len(cases)}\n" + "".join(
            f"{len(c)}\n" + "".join(" ".join(map(str, p)) + "\n" for p in c) for c in cases)
        want = [_xor(triple_brute(p) for p in c) for c in cases]  # type: ignore[arg-type]
        argv = ["--input", "cases", "--params", "sum"]
        got = solve_input(tmp_path, ["lo-triple", *argv], stdin)
        assert [int(line.split()[0]) for line in got] == want
        program = export("lo-triple", "--lang", "python", "--main", *argv)
        assert python_lines(program, stdin) == got
    finally:
        catalog.unregister("lo-triple")


# ---- HDU 3980 "Paint Chain": a family of one's own, a memo for each m -----------------------------

PAINT = '''
import grundy


@grundy.game("lo-paint", start=lambda n, m: ("ring", n))
def paint(position, *, n=5, m=1):
    """HDU 3980: a circle of n beads, a move paints m consecutive unpainted ones"""
    with open(LOG, "a") as log:
        log.write("x")
    shape, size = position
    if shape == "ring":
        return [("row", size - m)] if m <= size else []
    return [grundy.Sum(("row", a), ("row", size - m - a)) for a in range(size - m + 1)]
'''


def circle_first_wins(n: int, m: int) -> bool:
    """Every move tried on the circle itself (a bit mask of the unpainted beads)."""

    @cache
    def wins(left: int) -> bool:
        for start in range(n):
            run = sum(1 << ((start + i) % n) for i in range(m))
            if m <= n and left & run == run and not wins(left & ~run):
                return True
        return False

    return wins((1 << n) - 1)


@pytest.fixture()
def paint_log(tmp_path: Path) -> Iterator[Path]:
    """The log a rules file's move function writes a character to at each call, its game
    registered in this process for one test."""
    log = tmp_path / "calls.log"
    rules = tmp_path / "paint_rules.py"
    rules.write_text(PAINT.replace("LOG", repr(str(log))))
    exec(compile(rules.read_text(), str(rules), "exec"), {})
    yield log
    catalog.unregister("lo-paint")


def test_hdu3980_paint_chain_a_memo_for_each_m(paint_log: Path, tmp_path: Path) -> None:
    log = paint_log
    rng = random.Random(3980)
    cases = [(rng.randint(1, 11), rng.randint(1, 4)) for _ in range(30)] + [(3, 1), (4, 2)]
    stdin = f"{len(cases)}\n" + "".join(f"{n} {m}\n" for n, m in cases)
    expected = [f"Case #{i}: {'aekdycoin' if circle_first_wins(n, m) else 'abcdxyzk'}"
                for i, (n, m) in enumerate(cases, 1)]
    log.write_text("")
    got = solve_input(tmp_path, ["lo-paint(n,m)", "--input", "cases"], stdin)
    assert [f"Case #{i}: {'aekdycoin' if first_wins(line) else 'abcdxyzk'}"
            for i, line in enumerate(got, 1)] == expected
    # each position (a ring or a row of each size, for each m) had its moves listed once at most:
    # the games of one m share their positions' values (each (n, m) a game of its own searched
    # them all again: 89 calls here, for these 64 positions)
    positions = {(shape, size, m) for n, m in cases for shape, size in
                 [("ring", n), *[("row", s) for s in range(n + 1)]]}
    assert len(log.read_text()) <= len(positions)
    # the exported program: a memo for each m (it kept the last m's only), the same answers
    program = export("lo-paint(n,m)", "--lang", "python", "--main", "--input", "cases")
    assert python_lines(program, stdin) == got
    namespace: dict[str, object] = {"__name__": "paint_program"}
    exec(compile(program, "<paint>", "exec"), namespace)
    calls = []
    moves = namespace["moves"]

    def counted(*args: object, **kwargs: object) -> object:
        calls.append((args[0], kwargs["m"]))
        return moves(*args, **kwargs)  # type: ignore[operator]

    namespace["moves"] = counted
    value = namespace["grundy_value"]
    for n, m in [(30, 1), (30, 2), (31, 1), (29, 2), (32, 3), (33, 1)]:
        assert (value(n, m) != 0) == first_wins_by_rows(n, m)  # type: ignore[operator]
    assert len(calls) == len(set(calls)), "a position of one m searched twice"


def first_wins_by_rows(n: int, m: int) -> bool:
    """HDU 3980 by the rows a first move leaves (plain recursion and mex on a row of free beads)."""

    @cache
    def row(size: int) -> int:
        return mex(row(a) ^ row(size - m - a) for a in range(size - m + 1))

    return n >= m and row(n - m) == 0


# ---- HDU 1730 "Northcott Game": a family on pairs, each case n m, then n rows ---------------------

def northcott_row(p: tuple[int, int], *, m: int = 100) -> list[object]:
    """HDU 1730, a row: Tom's piece at column x, Jerry's at y (of m); a move brings either piece
    closer to the other, not past it (moving away is undone by the other player: no use)"""
    x, y = p
    lo, hi = sorted(p)
    return [(c, y) for c in range(lo + 1, hi)] + [(x, c) for c in range(lo + 1, hi)]


@pytest.fixture(scope="module")
def northcott() -> Iterator[str]:
    grundy.game("lo-northcott", arity=2, minimum=(1, 1))(northcott_row)
    yield "lo-northcott(m)"
    catalog.unregister("lo-northcott")


def test_hdu1730_northcott_judge_layout(northcott: str, tmp_path: Path) -> None:
    """HDU 1730: cases to the end of the input, each ``n m`` (n <= 1000 rows, 2 <= m <= 100 columns),
    then n rows ``x y`` (Tom's black piece, Jerry's white one); Tom first; "I WIN!" if Tom wins,
    else "BAD LUCK!". ``--params after``: a case is k, the parameters (m), then k positions (it
    used to need the user's rewrite of each case into one line)."""
    from tests.contest.test_move_problems import northcott_brute

    rng = random.Random(1730)
    cases = []
    for _ in range(14):
        m, n = rng.randint(2, 5), rng.randint(1, 2)
        cases.append((m, [tuple(rng.sample(range(1, m + 1), 2)) for _ in range(n)]))
    stdin = "".join(f"{len(rows)} {m}\n\n" + "".join(f"{x} {y}\n" for x, y in rows) for m, rows in cases)
    argv = ["--input", "repeated", "--params", "after"]
    got = solve_input(tmp_path, [northcott, *argv], stdin)
    judge = ["I WIN!" if first_wins(line) else "BAD LUCK!" for line in got]
    assert judge == ["I WIN!" if northcott_brute(m, rows) else "BAD LUCK!" for m, rows in cases]
    program = export(northcott, "--lang", "python", "--main", *argv)
    assert python_lines(program, stdin) == got
    assert "each k, then the parameters m, then k positions of 2 numbers (their sum)" in program
    # the full size: 30 cases of 1,000 rows on boards of up to 100 columns (the moves do not read
    # m: one memo for every case)
    big = []
    for _ in range(30):
        m = rng.randint(2, 100)
        big.append(f"1000 {m}\n" + "".join("{} {}\n".format(*rng.sample(range(1, m + 1), 2))
                                         for _ in range(1000)))
    text = "".join(big)
    assert python_lines(program, text) == solve_input(tmp_path, [northcott, *argv], text)


def test_params_after_refused_where_it_cannot_read(northcott: str, tmp_path: Path,
                                                   paint_log: Path) -> None:
    # a family that declares start= reads each case as the parameters of one game
    code, _, err = cli("export", "lo-paint(n,m)", "--lang", "python", "--main", "--params", "after")
    assert code == 2 and "declares no start=" in err, err
    # a case that does not hold its parameters and k positions: an error line for it
    code, out, err = cli("solve", northcott, "--input", "lines", "--params", "after",
                         str(_write(tmp_path, "5 1 3 2\n5 1 3\n")))
    assert code == 2 and out.split("\n")[0].startswith("error: a case of lo-northcott(m) is its 1 "
                                                        "parameters, then positions of 2 numbers")
    assert out.split("\n")[1] == "1 N"
    code, _, err = cli("export", northcott, "--lang", "python", "--params", "after")
    assert code == 2 and "add --main" in err


# ---- POJ 2484 "A Funny Game": the pattern of a family's start values, exported --------------------

def funny(position: tuple[str, int], *, n: int = 5) -> list[object]:
    """POJ 2484: n coins on a circle, take one coin or two adjacent ones"""
    shape, size = position
    if shape == "ring":  # (a first move leaves a row)
        return [("row", size - j) for j in (1, 2) if j <= size]
    return [grundy.Sum(("row", a), ("row", size - j - a)) for j in (1, 2) if j <= size
            for a in range(size - j + 1)]


def ring_first_wins(n: int, sizes: tuple[int, ...] = (1, 2)) -> bool:
    """Every move tried on the circle itself (a bit mask of the coins left)."""

    @cache
    def wins(left: int) -> bool:
        for start in range(n):
            for k in sizes:
                run = sum(1 << ((start + i) % n) for i in range(k))
                if k <= n and left & run == run and not wins(left & ~run):
                    return True
        return False

    return wins((1 << n) - 1)


def test_poj2484_funny_game_by_its_start_pattern(tmp_path: Path) -> None:
    """POJ 2484: lines n (1 <= n <= 10^6) up to 0; Alice (first) or Bob. The family's start values
    searched for n = 1..40 show the pattern G(start) = (n < 3) * n; with --conjecture the program
    answers past 40 by it (it used to search each n: n = 2000 was already an error line)."""
    grundy.game("lo-funny", start=lambda n: ("ring", n))(funny)
    try:
        code, program, err = cli("export", "lo-funny(n)", "--lang", "python", "--main", "--input",
                                 "repeated", "--conjecture")
        assert code == 0, err
        assert "past the games searched, the program answers by a conjecture" in err
        assert "# past n = 40: by the conjecture G(start) = (n < 3) * n, not proved" in program
        small = [*range(1, 13), 2, 1, 9]
        lines = python_lines(program, "".join(f"{n}\n" for n in small) + "0\n")
        assert ["Alice" if first_wins(x) else "Bob" for x in lines] == [
            "Alice" if ring_first_wins(n) else "Bob" for n in small]
        # the full size: 10^5 lines, n up to 10^6 (Bob wins every n >= 3: after Alice's move he takes
        # the one or two coins that split the row left into two equal rows, then mirrors her)
        rng = random.Random(2484)
        big = [rng.randint(1, 10**6) for _ in range(100_000)] + [10**6, 3, 41]
        lines = python_lines(program, "".join(f"{n}\n" for n in big) + "0\n")
        assert [first_wins(x) for x in lines] == [n <= 2 for n in big]
        # without --conjecture the exported program searches each game (no pattern used), and the
        # option is refused where no pattern over one parameter can be found
        code, _, err = cli("export", "lo-funny(n)", "--lang", "python", "--conjecture", "--upto", "3")
        assert code == 2 and "upto 4..64" in err, err
    finally:
        catalog.unregister("lo-funny")


# ---- HDU 1564 "Play a game": the same, a piece at a corner of an n x n board ----------------------

def corner(p: tuple[int, int], *, n: int = 2) -> list[object]:
    """HDU 1564: the piece moves to an adjacent unvisited cell (a position: the visited cells as bits
    of r * n + c, and the piece's cell)"""
    seen, at = p
    r, c = divmod(at, n)
    out: list[object] = []
    for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        cell = rr * n + cc
        if 0 <= rr < n and 0 <= cc < n and not seen >> cell & 1:
            out.append((seen | 1 << cell, cell))
    return out


def corner_brute(n: int) -> bool:
    """Every path tried from the corner (0, 0): whether the player to move wins."""

    def wins(at: tuple[int, int], seen: frozenset[tuple[int, int]]) -> bool:
        r, c = at
        return any(not wins(nxt, seen | {nxt}) for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                   if 0 <= nxt[0] < n and 0 <= nxt[1] < n and nxt not in seen)

    return wins((0, 0), frozenset({(0, 0)}))


def test_hdu1564_corner_by_its_start_pattern() -> None:
    """HDU 1564: lines n (n <= 10^4) up to 0; "8600" (first wins) or "ailyanlu". The start values of
    n = 1..5 show "P iff n % 2 == 1" (n = 6 is past the search's budget); with --conjecture the
    program answers past 5 by it (a board of 10^8 cells is beyond any search)."""
    grundy.game("lo-corner", start=lambda n: (1, 0))(corner)
    try:
        code, program, err = cli("export", "lo-corner(n)", "--lang", "python", "--main", "--input",
                                 "repeated", "--conjecture", "--upto", "5")
        assert code == 0, err
        assert "# past n = 5: by the conjecture P iff n % 2 == 1, not proved" in program
        lines = python_lines(program, "1\n2\n3\n4\n0\n")
        assert [first_wins(x) for x in lines] == [corner_brute(n) for n in (1, 2, 3, 4)]
        # the full size (the outcome alone past 5: '- N' / '- P'): the first player wins iff n is
        # even (the board is tiled by dominoes, and he moves to the other half of the piece's one;
        # n odd: the board without the corner is tiled, and the second player does that)
        big = [10**4, 9999, 6, 7, 5000, 4999]
        lines = python_lines(program, "".join(f"{n}\n" for n in big) + "0\n")
        assert ["8600" if first_wins(x) else "ailyanlu" for x in lines] == [
            "8600" if n % 2 == 0 else "ailyanlu" for n in big]
        assert lines[0] == "- N"
    finally:
        catalog.unregister("lo-corner")


# ---- CF 255E "Furlo and Rublo and the Game": options a range of heaps ----------------------------

def furlo(x: int) -> range:
    """CF 255E: x to y, x^(1/4) <= y <= sqrt(x), y < x (the options as a range of heaps)"""
    from math import isqrt

    low = isqrt(isqrt(x))
    low += low ** 4 < x
    return range(low, min(isqrt(x), x - 1) + 1)


def furlo_window_table(top: int) -> list[int]:
    """G(0..top) from the statement, by a sliding window: the options of x are the y with
    y^4 >= x, y^2 <= x and y < x, whose bounds only grow with x; the count of each value in the
    window gives the mex."""
    g: list[int] = []
    count: dict[int, int] = {}
    lo = hi = 0  # the window: heaps lo..hi-1
    for x in range(top + 1):
        while hi < x and hi * hi <= x:
            count[g[hi]] = count.get(g[hi], 0) + 1
            hi += 1
        while lo < hi and lo ** 4 < x:
            count[g[lo]] -= 1
            lo += 1
        v = 0
        while count.get(v, 0):
            v += 1
        g.append(v)
    return g


def test_cf255e_furlo_full_size_by_ranges(tmp_path: Path) -> None:
    """CF 255E: n (<= 77,777), then a_1..a_n (<= 7.7e11); Furlo (first) or Rublo. The move function
    returns its options as a range; the exported Python program tabulates the heaps below a
    range's end once, in order, with the counts of each value, and reads each mex from them (it
    used to list the 876,000 options of each large heap: an error line past 2,000,000 options)."""
    from math import isqrt

    grundy.heap_game("lo-furlo")(furlo)
    try:
        counted = export("lo-furlo", "--lang", "python", "--main", "--input", "counted")
        each = export("lo-furlo", "--lang", "python", "--main", "--input", "cases")
    finally:
        catalog.unregister("lo-furlo")
    top = 770_000_000_000
    g = furlo_window_table(isqrt(top))
    rng = random.Random(255)
    piles = [rng.randint(1, top) for _ in range(150)] + [rng.randint(1, 10**6) for _ in range(300)]
    piles += [k ** 4 + d for k in (30, 31, 200, 936) for d in (-1, 0, 1)]
    piles += [k * k + d for k in (1000, 50_000, 877_496) for d in (-1, 0, 1)] + [top, 1, 2, 3, 4]

    heaps_of: dict[int, list[int]] = {}  # value -> the heaps (in order) that have it
    for y, v in enumerate(g):
        heaps_of.setdefault(v, []).append(y)

    def value(x: int) -> int:  # (whether some heap of the range has each value: by bisection)
        options = furlo(x)
        return mex(v for v, heaps in heaps_of.items()
                   if bisect_left(heaps, options.start) < bisect_left(heaps, options.stop))

    assert all(value(x) == mex(g[y] for y in furlo(x)) for x in range(1, 3000))
    want = [value(x) for x in piles]
    lines = python_lines(each, f"{len(piles)}\n" + "".join(f"1 {x}\n" for x in piles))
    assert [int(line.split()[0]) for line in lines] == want
    # the judge's layout at full size: 77,777 piles up to 7.7e11, one line (the XOR)
    big = [rng.randint(1, top) for _ in range(77_777)]
    (line,) = python_lines(counted, f"{len(big)}\n{' '.join(map(str, big))}\n")
    assert int(line.split()[0]) == _xor(value(x) for x in big)
