"""Judge problems about Nim-like games whose answer is a move, every winning move, or how many
there are, answered through grundy's public workflow (``grundy solve GAME --input LAYOUT FILE``,
with ``--winning-moves`` where the judge wants the moves, and the program to submit, ``grundy export
nim --main --winning-moves``), each compared with a brute force written here from the problem's
rules (plain recursion and mex), in the judge's own input layout. The judge's words (``Yes``/``No``,
``lose``) are the user's part: the tests map grundy's lines to them. Problems whose games are not
sums grundy knows (HDU 1730, 4315, 3389, Luogu P2148, POJ 1740) are answered through a game of
one's own at small sizes, after the user rewrites each case as one line; their docstrings say what
the full constraints need (HDU 1730 in its own layout, at full size, with --params after:
tests/contest/test_leftover_problems.py).

``--winning-moves`` prints, after each case's ``VALUE OUTCOME K``, its ``K`` winning moves one a
line, ``PART FROM TO`` for a move in one heap (its number from 1, its size before and after).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import compile_cpp_together, mex, run_python_program


def exported(game: str, layout: str, lang: str, tmp_path: Path, text: str) -> list[str]:
    """What the program ``grundy export GAME --main --input LAYOUT --winning-moves`` writes prints
    on ``text`` (C++ compiled with g++; skipped where it is absent)."""
    code, source, err = cli("export", game, "--lang", lang, "--main", "--input", layout, "--winning-moves")
    assert code == 0, err
    if lang == "python":
        status, lines = run_python_program(source, text)
        assert status == 0
        return lines
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    exe = compile_cpp_together([source], tmp_path, optimise="-O1")
    done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")[:-1]


def solve_input(tmp_path: Path, argv: list[str], text: str) -> list[str]:
    """``grundy solve ARGV FILE`` on a judge's input: its lines (exit status 0, nothing on stderr)."""
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", *argv, str(path))
    assert code == 0 and err == "", err
    return out.split("\n")[:-1]


def cases_with_moves(lines: list[str]) -> list[tuple[str, list[tuple[int, int, int]]]]:
    """The cases of ``--winning-moves`` output: each its outcome and its moves (part, from, to)."""
    out = []
    at = 0
    while at < len(lines):
        _, outcome, count = lines[at].split()
        moves = [tuple(map(int, line.split())) for line in lines[at + 1:at + 1 + int(count)]]
        assert all(len(m) == 3 for m in moves), lines
        out.append((outcome, moves))  # type: ignore[arg-type]
        at += 1 + int(count)
    return out


# ---- a brute force of Nim from its rules: take any positive number from one heap -----------------

@cache
def nim_wins(heaps: tuple[int, ...]) -> bool:
    """Whether the player to move wins (plain recursion; the heaps sorted, as order is no matter)."""
    return any(not nim_wins(tuple(sorted((*heaps[:i], b, *heaps[i + 1:]))))
               for i, h in enumerate(heaps) for b in range(h))


def nim_winning_moves(heaps: list[int]) -> list[tuple[int, int, int]]:
    """Every move (heap number from 1, size before, size after) to a position the mover wins,
    heap by heap, smaller sizes after first."""
    return [(i + 1, h, b) for i, h in enumerate(heaps) for b in range(h)
            if not nim_wins(tuple(sorted((*heaps[:i], b, *heaps[i + 1:]))))]


@cache
def nim_heap_value(h: int) -> int:
    """G(h) of one heap, by mex over its options (for the large sums: their value is the XOR)."""
    return mex(nim_heap_value(b) for b in range(h))


@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_hdu2176_p1247_poj2975_programs_to_submit(tmp_path: Path, lang: str) -> None:
    """The same answers from the programs ``grundy export nim --main --winning-moves`` writes, in
    each problem's layout (HDU 2176 and POJ 2975: cases ended by 0; P1247: one case)."""
    rng = random.Random(lang)
    cases = [[rng.randint(1, 10**9) for _ in range(rng.randint(1, 6))] for _ in range(30)]
    cases += [[rng.randint(1, 7) for _ in range(rng.randint(1, 4))] for _ in range(30)]
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases) + "0\n"
    assert exported("nim", "repeated", lang, tmp_path, text) == solve_input(
        tmp_path, ["nim", "--input", "repeated", "--winning-moves"], text)
    one = f"{len(cases[0])}\n{' '.join(map(str, cases[0]))}\n"
    assert exported("nim", "counted", lang, tmp_path, one) == solve_input(
        tmp_path, ["nim", "--input", "counted", "--winning-moves"], one)


def test_hdu2176_every_winning_move(tmp_path: Path) -> None:
    """HDU 2176 取(m堆)石子游戏: cases ``m`` then ``m`` heaps, ended by ``m = 0``; take any number
    from one heap, who takes the last wins. Print ``No``, or ``Yes`` and every winning first move
    ``a b`` (a heap of ``a`` left with ``b``), in heap order."""
    rng = random.Random(2176)
    cases = [[rng.randint(1, 7) for _ in range(rng.randint(1, 4))] for _ in range(60)]
    cases += [[45, 45], [3, 6, 9], [5, 7, 8, 9, 10], [1], [2, 2, 3, 3]]
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases) + "0\n"
    lines = solve_input(tmp_path, ["nim", "--input", "repeated", "--winning-moves"], text)
    judge = []  # (the user's part: grundy's lines in the judge's words)
    for outcome, moves in cases_with_moves(lines):
        judge += ["Yes", *(f"{a} {b}" for _, a, b in moves)] if outcome == "N" else ["No"]
    expected = []
    for c in cases:
        moves = nim_winning_moves(c)
        expected += ["Yes", *(f"{a} {b}" for _, a, b in moves)] if moves else ["No"]
    assert judge == expected


def test_hdu2176_many_heaps_in_bulk(tmp_path: Path) -> None:
    """The same layout with 3,000 heaps a case (answered in bulk, from numpy columns): each heap
    with a winning move is listed once, in heap order, and exactly those moves leave value 0."""
    rng = random.Random(21762)
    cases = [[rng.randint(1, 200) for _ in range(3000)] for _ in range(3)]
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases) + "0\n"
    found = cases_with_moves(solve_input(tmp_path, ["nim", "--input", "repeated", "--winning-moves"],
                                         text))
    for c, (outcome, moves) in zip(cases, found, strict=True):
        total = 0
        for h in c:
            total ^= nim_heap_value(h)
        expected = [(i + 1, h, b) for i, h in enumerate(c) for b in range(h)
                    if total ^ nim_heap_value(h) ^ nim_heap_value(b) == 0]
        assert (outcome == "N") == (total != 0)
        assert moves == expected


def test_luogu_p1247_first_winning_move(tmp_path: Path) -> None:
    """Luogu P1247 取火柴游戏: ``k``, then ``k`` heaps (one case); print ``lose``, else ``a b``
    (take ``a`` from heap ``b``, the least ``b``, then the least ``a``) and the heaps after it."""
    rng = random.Random(1247)
    for _ in range(40):
        heaps = [rng.randint(1, 9) for _ in range(rng.randint(1, 4))]
        text = f"{len(heaps)}\n{' '.join(map(str, heaps))}\n"
        lines = solve_input(tmp_path, ["nim", "--input", "counted", "--winning-moves"], text)
        [(outcome, moves)] = cases_with_moves(lines)
        if outcome == "P":
            judge = ["lose"]
        else:
            part, before, after = moves[0]  # (in heap order: the least b; one move per heap)
            left = [*heaps[:part - 1], after, *heaps[part:]]
            judge = [f"{before - after} {part}", " ".join(map(str, left))]
        brute = sorted((i, a - b) for i, a, b in nim_winning_moves(heaps))
        if not brute:
            expected = ["lose"]
        else:
            b, a = brute[0]
            expected = [f"{a} {b}", " ".join(map(str, [*heaps[:b - 1], heaps[b - 1] - a, *heaps[b:]]))]
        assert judge == expected, heaps


def test_poj2975_count_winning_moves(tmp_path: Path) -> None:
    """POJ 2975 Nim: cases ``n k1 .. kn`` to a line ``0``; print how many first moves win."""
    rng = random.Random(2975)
    cases = [[rng.randint(1, 12) for _ in range(rng.randint(1, 4))] for _ in range(60)] + [[7, 11, 13]]
    text = "".join(f"{len(c)} {' '.join(map(str, c))}\n" for c in cases) + "0\n"
    lines = solve_input(tmp_path, ["nim", "--input", "repeated", "--winning-moves"], text)
    counts = [len(moves) for _, moves in cases_with_moves(lines)]
    assert counts == [len(nim_winning_moves(c)) for c in cases]
    assert counts[-1] == 3


# ---- HDU 1730 Northcott Game: a game of one's own on a row, the rows a sum ------------------------

def northcott_row(p: tuple[int, int]) -> list[object]:
    """a row: pieces at columns x and y; a move brings either one closer, without jumping"""
    x, y = p
    lo, hi = sorted(p)
    return [(c, y) for c in range(lo + 1, hi)] + [(x, c) for c in range(lo + 1, hi)]


def northcott_brute(m: int, rows: list[tuple[int, int]]) -> bool:
    """Whether Tom (black, first) wins, from the statement's rules: each player moves a piece of
    his own colour left or right any number of cells in its row, not past the other piece nor off
    columns 1..m; who cannot move loses. Loopy and partisan: retrograde analysis over every
    position of the board and the player to move (a draw would be ``None``: the test fails)."""
    import itertools

    cells = [(x, y) for x in range(1, m + 1) for y in range(1, m + 1) if x != y]
    states = [(board, turn) for board in itertools.product(cells, repeat=len(rows)) for turn in (0, 1)]

    def moves(board: tuple[tuple[int, int], ...], turn: int) -> list[tuple[tuple[int, int], ...]]:
        out = []
        for i, (x, y) in enumerate(board):
            mine, other = (x, y) if turn == 0 else (y, x)
            lo, hi = (other + 1, m) if mine > other else (1, other - 1)
            for c in range(lo, hi + 1):
                if c != mine:
                    row = (c, y) if turn == 0 else (x, c)
                    out.append((*board[:i], row, *board[i + 1:]))
        return out

    options = {s: [(b, 1 - s[1]) for b in moves(*s)] for s in states}
    parents: dict[object, list[object]] = {s: [] for s in states}
    for s, opts in options.items():
        for o in opts:
            parents[o].append(s)
    result: dict[object, bool] = {}
    left = {s: len(opts) for s, opts in options.items()}
    todo = [s for s in states if not options[s]]
    for s in todo:
        result[s] = False
    while todo:
        s = todo.pop()
        for p in parents[s]:
            if p in result:
                continue
            if not result[s]:
                result[p] = True
                todo.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    result[p] = False
                    todo.append(p)
    start = (tuple(rows), 0)
    assert start in result, "a draw"
    return result[start]


def northcott_lines(text: str) -> str:
    """The user's rewrite of the judge's input (cases ``n m``, then ``n`` rows ``x y``, to the end)
    into one line per case, its rows' pairs: a sum, as ``--input lines`` reads a pair game."""
    words = text.split()
    out = []
    at = 0
    while at < len(words):
        n = int(words[at])
        out.append(" ".join(words[at + 2:at + 2 + 2 * n]))
        at += 2 + 2 * n
    return "".join(line + "\n" for line in out)


def test_hdu1730_northcott(tmp_path: Path) -> None:
    """HDU 1730 Northcott Game: cases to the end of the input, each ``n m`` (rows, columns) and
    ``n`` rows ``x y`` (Tom's black piece, Jerry's white one); Tom first; print ``I WIN!`` if Tom
    wins, else ``BAD LUCK!``."""
    rng = random.Random(1730)
    cases = []
    for _ in range(14):
        m, n = rng.randint(2, 5), rng.randint(1, 2)
        cases.append((m, [tuple(rng.sample(range(1, m + 1), 2)) for _ in range(n)]))
    text = "".join(f"{len(rows)} {m}\n" + "".join(f"{x} {y}\n" for x, y in rows) for m, rows in cases)
    grundy.game("mv-northcott", arity=2)(northcott_row)
    try:
        lines = solve_input(tmp_path, ["mv-northcott", "--input", "lines"], northcott_lines(text))
    finally:
        catalog.unregister("mv-northcott")
    judge = ["I WIN!" if line.split()[1] == "N" else "BAD LUCK!" for line in lines]
    assert judge == ["I WIN!" if northcott_brute(m, rows) else "BAD LUCK!" for m, rows in cases]


def batch_answers(tmp_path: Path, argv: list[str], lines: list[str]) -> list[bool]:
    """``grundy solve GAME --batch FILE``: whether the player to move wins, per line."""
    path = tmp_path / "batch.txt"
    path.write_text("".join(line + "\n" for line in lines))
    code, out, err = cli("solve", *argv, "--batch", str(path))
    assert code == 0 and err == "", err
    assert all(line.split()[0] in ("N", "P") for line in out.split("\n")[:-1]), out
    return [line.split()[0] == "N" for line in out.split("\n")[:-1]]


# ---- HDU 4315 Climbing the Hill: a game of one's own on (k, a1, ..., an) -------------------------

def climb(p: tuple[int, ...]) -> list[object]:
    """HDU 4315: (k, a1, ..., an) cells from the top (0); a person climbs without passing the one
    above (cells are one person's, the top anyone's); who brings the k-th person to the top wins"""
    k, *a = p
    options: list[object] = []
    for i, x in enumerate(a):
        above = a[i - 1] if i else 0
        for y in range(above + 1 if above else 0, x):
            options.append(() if (i + 1 == k and y == 0) else (k, *a[:i], y, *a[i + 1:]))
    return options


@cache
def climb_wins(k: int, a: tuple[int, ...]) -> bool:
    """Brute force of the statement: the player to move wins if the king can reach the top now,
    or some climb leaves a position the opponent loses."""
    for i, x in enumerate(a):
        floor = a[i - 1] + 1 if i and a[i - 1] > 0 else 0
        for y in range(floor, x):
            if i == k - 1 and y == 0:
                return True
            if not climb_wins(k, (*a[:i], y, *a[i + 1:])):
                return True
    return False


def test_hdu4315_climbing_the_hill(tmp_path: Path) -> None:
    """HDU 4315 Climbing the Hill: cases to the end of the input, ``N k`` then ``N`` increasing
    cells (0 is the top); print ``Alice`` if the first player wins, else ``Bob``. The user rewrites
    each case as one line ``k a1 .. aN`` (the position of the game below) for ``--batch``: no
    ``--input`` layout reads a position of any length. Only small hills: the search grows with the
    cells (``climb 2 300 600`` is refused at the default 2,000,000 steps; the judge's cells reach
    10^5, which needs the staircase argument, not a search)."""
    rng = random.Random(4315)
    cases = []
    for _ in range(40):
        n = rng.randint(2, 4)
        cases.append((rng.randint(2, n), sorted(rng.sample(range(1, 10), n))))
    cases += [(1, [1, 5]), (2, [1, 2]), (2, [2, 3])]
    text = "".join(f"{len(a)} {k}\n{' '.join(map(str, a))}\n" for k, a in cases)
    words = text.split()  # (the user's rewrite: each case's k and cells on one line)
    lines, at = [], 0
    while at < len(words):
        n = int(words[at])
        lines.append(" ".join(words[at + 1:at + 2 + n]))
        at += 2 + n
    grundy.game("mv-climb")(climb)
    try:
        wins = batch_answers(tmp_path, ["mv-climb"], lines)
    finally:
        catalog.unregister("mv-climb")
    judge = ["Alice" if w else "Bob" for w in wins]
    assert judge == ["Alice" if climb_wins(k, tuple(a)) else "Bob" for k, a in cases]


# ---- HDU 3389 Game: cards in boxes 1..N, a game of one's own on the counts -----------------------

def boxes(p: tuple[int, ...]) -> list[object]:
    """HDU 3389: c1..cN cards in boxes 1..N; move any positive number of cards from box B to a box
    A < B with (A + B) % 2 == 1 and (A + B) % 3 == 0"""
    options: list[object] = []
    for b in range(2, len(p) + 1):
        for a in range(1, b):
            if (a + b) % 2 == 1 and (a + b) % 3 == 0:
                for t in range(1, p[b - 1] + 1):
                    after = list(p)
                    after[b - 1] -= t
                    after[a - 1] += t
                    options.append(tuple(after))
    return options


@cache
def boxes_wins(p: tuple[int, ...]) -> bool:
    """Brute force of the statement (plain recursion)."""
    n = len(p)
    return any(not boxes_wins(tuple(c + (t if i == a - 1 else -t if i == b - 1 else 0)
                                    for i, c in enumerate(p)))
               for b in range(1, n + 1) for a in range(1, b) if (a + b) % 6 == 3
               for t in range(1, p[b - 1] + 1))


def test_hdu3389_cards_in_boxes(tmp_path: Path) -> None:
    """HDU 3389 Game: ``T`` cases, each ``N`` then the cards in boxes 1..N; print ``Case i: Alice``
    if the first player wins, else ``Case i: Bob``. The user rewrites each case as one line of
    its counts for ``--batch`` (a position of any length). Only small cases: the judge's N reaches
    10^4, which needs the staircase argument (Nim on the boxes B % 6 in {0, 2, 5}), not a search."""
    rng = random.Random(3389)
    cases = [tuple(rng.randint(0, 2) for _ in range(rng.randint(1, 5))) for _ in range(40)]
    grundy.game("mv-boxes")(boxes)
    try:
        wins = batch_answers(tmp_path, ["mv-boxes"], [" ".join(map(str, c)) for c in cases])
    finally:
        catalog.unregister("mv-boxes")
    judge = [f"Case {i}: {'Alice' if w else 'Bob'}" for i, w in enumerate(wins, 1)]
    assert judge == [f"Case {i}: {'Alice' if boxes_wins(c) else 'Bob'}" for i, c in enumerate(cases, 1)]


# ---- Luogu P2148 E&D: a game of one's own on a pair, the pairs a sum -------------------------------

def e_and_d(p: tuple[int, int]) -> list[object]:
    """P2148: a pair of heaps; empty one, split the other into two positive heaps (the new pair)"""
    a, b = p
    return [(k, a - k) for k in range(1, a)] + [(k, b - k) for k in range(1, b)]


@cache
def e_and_d_value(a: int, b: int) -> int:
    """Brute force: the mex over the pairs one split makes."""
    return mex({e_and_d_value(k, s - k) for s in (a, b) for k in range(1, s)})


def test_luogu_p2148_e_and_d(tmp_path: Path) -> None:
    """Luogu P2148 E&D: ``T`` cases, each ``n`` (even) then ``n`` heaps, heaps 2i-1 and 2i a pair;
    print ``YES`` if the first player wins, else ``NO``. The user writes each case's heaps on one
    line (``--input lines`` reads a line of several pairs as their sum). The table finds
    ``G(a, b) = cto(a - 1 | b - 1)`` (a conjecture); the judge's heaps reach 2·10^9, beyond what
    the engine or the conjecture's local check (every split listed) can answer."""
    rng = random.Random(2148)
    cases = [[rng.randint(1, 14) for _ in range(2 * rng.randint(1, 3))] for _ in range(30)]
    grundy.game("mv-ed", arity=2, minimum=(1, 1))(e_and_d)
    try:
        lines = solve_input(tmp_path, ["mv-ed", "--input", "lines"],
                            "".join(" ".join(map(str, c)) + "\n" for c in cases))
    finally:
        catalog.unregister("mv-ed")
    judge = ["YES" if line.split()[1] == "N" else "NO" for line in lines]
    expected = []
    for c in cases:
        total = 0
        for i in range(0, len(c), 2):
            total ^= e_and_d_value(c[i], c[i + 1])
        expected.append("YES" if total else "NO")
    assert judge == expected


# ---- POJ 1740 A New Stone Game: a game of one's own on the piles ---------------------------------

def new_stone(p: tuple[int, ...]) -> list[object]:
    """POJ 1740: piles (sorted); take at least one stone from a pile, then move any of its other
    stones onto piles that still have stones"""
    options: set[tuple[int, ...]] = set()
    for i, h in enumerate(p):
        others = [x for j, x in enumerate(p) if j != i]

        def spread(rest: int, at: int, piles: list[int]) -> None:
            if at == len(piles):
                for left in range(rest + 1):  # (what stays on the pile chosen)
                    options.add(tuple(sorted(x for x in (*piles, left) if x)))
                return
            for give in range(rest + 1):
                piles[at] += give
                spread(rest - give, at + 1, piles)
                piles[at] -= give

        for taken in range(1, h + 1):
            spread(h - taken, 0, others)
    return sorted(options)


@cache
def new_stone_wins(p: tuple[int, ...]) -> bool:
    """Brute force of the statement: remove r >= 1 stones from pile i, then give the other
    piles (non-empty ones) g_j >= 0 stones each out of the h - r left; the rest stays."""
    import itertools

    for i, h in enumerate(p):
        others = p[:i] + p[i + 1:]
        for r in range(1, h + 1):
            for gifts in itertools.product(range(h - r + 1), repeat=len(others)):
                if sum(gifts) <= h - r:
                    after = [x + g for x, g in zip(others, gifts, strict=True)] + [h - r - sum(gifts)]
                    if not new_stone_wins(tuple(sorted(x for x in after if x))):
                        return True
    return False


def test_poj1740_a_new_stone_game(tmp_path: Path) -> None:
    """POJ 1740 A New Stone Game: cases ``n`` then ``n`` piles, ended by ``0``; print ``1`` if
    the first player wins, else ``0``. The user rewrites each case as one line of its piles for
    ``--batch`` (a position of any length, not a sum). Only small cases: the judge's 10 piles of
    up to 100 need the pairing argument (the second player wins iff the piles pair up)."""
    rng = random.Random(1740)
    cases = [tuple(sorted(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))) for _ in range(30)]
    cases += [(x, x) for x in range(1, 4)] + [(1, 1, 2, 2), (1, 1, 3, 3), (1, 2, 2, 3), (2, 2, 2)]
    grundy.game("mv-new-stone")(new_stone)
    try:
        wins = batch_answers(tmp_path, ["mv-new-stone"], [" ".join(map(str, c)) for c in cases])
    finally:
        catalog.unregister("mv-new-stone")
    assert ["1" if w else "0" for w in wins] == ["1" if new_stone_wins(c) else "0" for c in cases]
