"""Fresh HDU / UVa / SPOJ / BZOJ problems (pool C) through the public workflow, in the judge's
layout, against a brute force written here from the statement (plain recursion and mex over the
judge's own objects).

1. HDU 4764 "Stone": lines ``N k`` (N <= 10^8, k <= 100) up to ``0 0``; players write numbers,
   each 1..k more than the last (the first 1..k); who first writes a number >= N loses. Tang / Jiang.
2. UVa 10578 "The Game of 31": lines of the digits played so far (cards 1..6, four of each);
   a move lays a card, the sum staying <= 31; who cannot lay one loses. Print the line, then A or B.
3. UVa 10536 "Game of Euler": ``N`` (< 100,000) boards of 4 x 4 (``X`` covered, ``.`` not), each
   after a blank line; a move covers 1..3 uncovered cells in a row or a column; who covers the
   last cell loses. WINNING / LOSING for the player to move.
4. UVa 11489 "Integer Game": ``T`` numbers (up to 1000 digits); a move deletes a digit so that the
   digits left sum to a multiple of 3; who cannot move loses. ``Case i: S`` (first) or ``T``.
5. SPOJ QCJ3 "The Game": ``N`` cases, each ``S`` then the coins on squares 1..S (each < 25); a
   move puts one coin on any square to its left (square 0 off the board). Tom Wins (first) / Hanks.
6. BZOJ 2463 "谁能赢呢?": lines ``n`` (<= 10000) up to ``0``; a stone at a corner of an n x n
   board moves to an unvisited neighbour cell; who cannot move loses. Alice (first) / Bob.
7. UVa 12469 "Stones": lines ``n`` (2 <= n <= 1000) up to ``0``; the first move takes any number
   but not all, then at most twice the last take; who takes the last stone wins. Alicia (first) /
   Roberto.

grundy prints ``VALUE OUTCOME`` per case; the judge's words, and turning the judge's objects into
positions (a board into the mask of its free cells, a number into its digits' counts mod 3, coins
into Nim heaps), are the user's part.
"""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.helpers import cli_output as cli
from tests.helpers import compile_cpp_together, python_lines, registered_rules
from tests.helpers import exported as export

HAS_GXX = shutil.which("g++") is not None

RULES = '''
import grundy


@grundy.game("pc-thirty-one", parse=str, format=str)
def thirty_one(played):
    """UVa 10578: the cards laid so far (sorted: the order does not matter), four of each of 1..6"""
    total = sum(map(int, played))
    return ["".join(sorted(played + str(d))) for d in range(1, 7)
            if played.count(str(d)) < 4 and total + d <= 31]


@grundy.heap_game("pc-euler")
def euler(n):
    """UVa 10536: n is the mask of the uncovered cells; a pin covers 1..3 of them in a line"""
    out = set()
    for cell in range(16):
        r, c = divmod(cell, 4)
        for dr, dc in ((0, 1), (1, 0)):
            mask = 0
            for k in range(3):
                rr, cc = r + dr * k, c + dc * k
                if rr > 3 or cc > 3 or not n >> (rr * 4 + cc) & 1:
                    break
                mask |= 1 << (rr * 4 + cc)
                out.add(n & ~mask)
    return sorted(out)


@grundy.game("pc-integer", arity=3)
def integer(counts):
    """UVa 11489: how many digits are 0, 1, 2 mod 3; delete one, the rest summing to 0 mod 3"""
    total = (counts[1] + 2 * counts[2]) % 3
    return [tuple(c - (i == r) for i, c in enumerate(counts)) for r in range(3)
            if counts[r] and (total - r) % 3 == 0]


@grundy.game("pc-corner", start=lambda n: (n, 1, 0))
def corner(position, *, n=1):
    """BZOJ 2463: the board's side, the visited cells (a mask) and the stone's cell"""
    size, visited, cell = position
    r, c = divmod(cell, size)
    out = []
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < size and 0 <= cc < size and not visited >> (rr * size + cc) & 1:
            out.append((size, visited | 1 << (rr * size + cc), rr * size + cc))
    return out
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from registered_rules(tmp_path_factory, "pool_c", RULES,
                                ("pc-thirty-one", "pc-euler", "pc-integer", "pc-corner"))


def solve_input(tmp_path: Path, text: str, *argv: str, ok: bool = True) -> list[str]:
    """``grundy solve ARGV FILE`` on ``text`` (in this process): its lines."""
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", *argv, str(path))
    assert (code == 0) == ok, err
    return out.split("\n")[:-1]


def own_program(rules: Path, *argv: str) -> str:
    """``grundy export ARGV`` (the rules' games registered in this process), which must succeed."""
    code, out, err = cli("export", *argv)
    assert code == 0, err
    return out


def first_wins(line: str) -> bool:
    return line.split()[1] == "N"


# ---- 1. HDU 4764 "Stone": misère Bash, the parameter after the heap ------------------------------

def hdu4764_brute(n: int, k: int) -> str:
    """Tang writes first; the numbers written are x (0 before the first); who writes >= n loses."""
    @cache
    def wins(x: int) -> bool:  # (the player to write, the last number written x < n)
        return any(x + d < n and not wins(x + d) for d in range(1, k + 1))

    return "Tang" if wins(0) else "Jiang"


def test_hdu4764_stone(tmp_path: Path) -> None:
    """``solve 'bash(m)' --input lines --params last --misere``: the heap is N (who writes N or more
    takes the last counter and loses). The judge's closing ``0 0`` is no game (``m = 0``): a line of
    zeros that is no game ends the input, as the judge means it (it was an error line before). The
    exported program (``export 'bash(m)' --misere``) prints solve's lines."""
    argv = ("bash(m)", "--input", "lines", "--params", "last", "--misere")
    sample = solve_input(tmp_path, "1 1\n30 3\n10 2\n0 0\n", *argv)
    assert ["Tang" if first_wins(line) else "Jiang" for line in sample] == ["Jiang", "Tang", "Jiang"]
    rng = random.Random(4764)
    cases = [(rng.randint(1, 60), rng.randint(1, 8)) for _ in range(300)]
    lines = solve_input(tmp_path, "".join(f"{n} {k}\n" for n, k in cases) + "0 0\n", *argv)
    assert ["Tang" if first_wins(line) else "Jiang" for line in lines] == \
        [hdu4764_brute(n, k) for n, k in cases]
    big = [(rng.randint(1, 10**8), rng.randint(1, 100)) for _ in range(3000)]  # (full size)
    lines = solve_input(tmp_path, "".join(f"{n} {k}\n" for n, k in big) + "0 0\n", *argv)
    assert [first_wins(line) for line in lines] == [(n - 1) % (k + 1) != 0 for n, k in big]
    program = export("bash(m)", "--main", "--input", "lines", "--params", "last", "--misere", "--lang",
                     "python")
    text = "".join(f"{n} {k}\n" for n, k in cases + big) + "0 0\n"  # (the program: the same lines)
    assert python_lines(program, text) == solve_input(tmp_path, text, *argv)


def test_lines_of_a_family_end_at_a_line_of_zeros_that_is_no_game(tmp_path: Path) -> None:
    """The exported programs of a family read ``lines`` to the end mark too (normal play: the heap
    N - 1, HDU 4764 as the user may write it); a line of zeros that is a game is still answered.
    ``solve`` prints the same lines and says on stderr (exit 2) that lines follow the end mark."""
    rng = random.Random(47640)
    cases = [(rng.randint(0, 60), rng.randint(1, 8)) for _ in range(200)]
    text = "".join(f"{n} {k}\n" for n, k in cases) + "0 0\n7 3\n"
    want = [f"{n % (k + 1)} {'N' if n % (k + 1) else 'P'}" for n, k in cases]
    args = ("bash(m)", "--main", "--input", "lines", "--params", "last")
    assert python_lines(export(*args, "--lang", "python"), text) == want
    assert solve_input(tmp_path, text, "bash(m)", "--input", "lines", "--params", "last", ok=False) == want
    code, _, err = cli("solve", "bash(m)", "--input", "lines", "--params", "last", str(tmp_path / "judge.in"))
    assert code == 2 and "1 more line after a line of zeros" in err  # (solve says what it left unread)
    if HAS_GXX:
        exe = compile_cpp_together([export(*args)], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.split("\n")[:-1] == want
    each = ("bash(m)", "--input", "lines", "--params", "each")  # (m = 0 first: no game either)
    assert solve_input(tmp_path, "3 5\n0 0\n", *each) == ["1 N"]
    assert solve_input(tmp_path, "0 0\n1 1\n", "nim", "--input", "lines") == ["0 P", "0 P"]


# ---- 2. UVa 10578 "The Game of 31": a game of one's own on words --------------------------------

def game31_brute(played: str) -> str:
    """A moves first; the player to move is A after an even number of cards."""
    @cache
    def wins(cards: tuple[int, ...]) -> bool:
        return any(cards.count(d) < 4 and sum(cards) + d <= 31
                   and not wins(tuple(sorted((*cards, d)))) for d in range(1, 7))

    mover_wins = wins(tuple(sorted(map(int, played))))
    a_moves = len(played) % 2 == 0
    return "A" if mover_wins == a_moves else "B"


def test_uva10578_game_of_31(rules: Path, tmp_path: Path) -> None:
    """``solve pc-thirty-one --input lines`` (``parse=str``: a line is the word as written)."""
    sample = ["356656", "35665", "3566", "111126666", "552525"]
    rng = random.Random(10578)
    games = list(sample)
    while len(games) < 400:
        deck = [d for d in "123456" for _ in range(4)]
        rng.shuffle(deck)
        played = ""
        for card in deck[:rng.randint(1, 12)]:
            if sum(map(int, played + card)) > 31:
                break
            played += card
        if played:
            games.append(played)
    lines = solve_input(tmp_path, "\n".join(games) + "\n", "pc-thirty-one", "--input", "lines")
    got = [f"{g} {'A' if first_wins(line) == (len(g) % 2 == 0) else 'B'}" for g, line in zip(games, lines,
                                                                                              strict=True)]
    assert got[:5] == ["356656 B", "35665 B", "3566 A", "111126666 A", "552525 A"]
    assert got == [f"{g} {game31_brute(g)}" for g in games]


def game31_positions() -> list[str]:
    """Every position of the game of 31 (each card 1..6 at most four times, the sum at most 31), as
    a judge's line would hold it: the cards in an order of their own (shuffled)."""
    rng = random.Random(105780)
    out = []
    for counts in itertools.product(range(5), repeat=6):
        if sum(d * c for d, c in zip(range(1, 7), counts, strict=True)) <= 31:
            cards = [str(d) for d, c in zip(range(1, 7), counts, strict=True) for _ in range(c)]
            rng.shuffle(cards)
            out.append("".join(cards))
    return out


def test_uva10578_exported_program(rules: Path, tmp_path: Path) -> None:
    """``export pc-thirty-one --lang python --main --input lines`` (``parse=str``: before, export
    refused a game on words, and only ``solve --input`` answered it): the program, run on the line
    of every position of the game (the empty one aside: a blank line is no case, as solve reads it),
    answers as the brute force, in the judge's words (the line, then A or B), and as solve does."""
    positions = game31_positions()
    assert len(positions) > 1000 and "" in positions
    lines = [p for p in positions if p]
    program = own_program(rules, "pc-thirty-one", "--lang", "python", "--main", "--input", "lines")
    assert "def moves(played):" in program and "parse=str" in program
    answers = python_lines(program, "\n".join(lines) + "\n")
    got = [f"{g} {'A' if first_wins(line) == (len(g) % 2 == 0) else 'B'}"
           for g, line in zip(lines, answers, strict=True)]
    assert got == [f"{g} {game31_brute(g)}" for g in lines]
    sample = python_lines(program, "356656\n35665\r\n\n  3566 \n111126666\n552525\n")
    assert [f"{g} {'A' if first_wins(a) == (len(g) % 2 == 0) else 'B'}"
            for g, a in zip(["356656", "35665", "3566", "111126666", "552525"], sample, strict=True)] == \
        ["356656 B", "35665 B", "3566 A", "111126666 A", "552525 A"]
    assert solve_input(tmp_path, "\n".join(lines[::7]) + "\n", "pc-thirty-one", "--input", "lines") == \
        answers[::7]
    namespace: dict[str, object] = {"__name__": "library"}
    exec(compile(own_program(rules, "pc-thirty-one", "--lang", "python"), "<program>", "exec"), namespace)
    first = namespace["first_player_wins"]
    assert callable(first) and first("") == (game31_brute("") == "A")  # (no card laid: A to move)


# ---- 3. UVa 10536 "Game of Euler": misère, one heap a case, every mask ---------------------------

def euler_mask(board: list[str]) -> int:
    """The user's reading: the mask of the uncovered cells (row by row)."""
    return sum(1 << (r * 4 + c) for r in range(4) for c in range(4) if board[r][c] == ".")


@cache
def euler_brute_wins(board: tuple[str, ...]) -> bool:
    """The player to move wins: the board full, the other covered the last cell and lost."""
    cells = [(r, c) for r in range(4) for c in range(4) if board[r][c] == "."]
    if not cells:
        return True
    for r, c in cells:
        for dr, dc in ((0, 1), (1, 0)):
            rows = [list(row) for row in board]
            for k in range(3):
                rr, cc = r + dr * k, c + dc * k
                if rr > 3 or cc > 3 or rows[rr][cc] != ".":
                    break
                rows[rr][cc] = "X"
                if not euler_brute_wins(tuple("".join(row) for row in rows)):
                    return True
    return False


@pytest.mark.slow
def test_uva10536_game_of_euler(rules: Path, tmp_path: Path) -> None:
    """``export pc-euler --main --input single --outcome --misere --upto 65535``: the misère
    P-positions of every mask, in Python and C++, on 99,999 boards (the judge's N < 100,000)."""
    args = ("pc-euler", "--main", "--input", "single", "--outcome", "--misere", "--upto", "65535")
    python = own_program(rules, *args, "--lang", "python")
    assert "misère play" in python and "exact for heaps 0..65535" in python
    samples = [["XXX.", "XXX.", ".XXX", ".XXX"], ["XXXX", "...X", "XX.X", "XX.X"], ["...."] * 4]
    rng = random.Random(10536)
    boards = samples + [["".join(rng.choice(".X") for _ in range(4)) for _ in range(4)]
                        for _ in range(99_996)]
    boards = [b if "." in "".join(b) else ["...X", *b[1:]] for b in boards]  # (one cell free)
    text = f"{len(boards)}\n" + "\n".join(str(euler_mask(b)) for b in boards) + "\n"
    lines = python_lines(python, text)
    words = ["WINNING" if first_wins(line) else "LOSING" for line in lines]
    assert words[:3] == ["LOSING", "WINNING", "LOSING"]
    assert all(line.startswith("- ") for line in lines)  # (no value in misère play)
    for i in range(0, len(boards), 41):
        assert (words[i] == "WINNING") == euler_brute_wins(tuple(boards[i])), boards[i]
    if HAS_GXX:
        exe = compile_cpp_together([own_program(rules, *args)], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.split("\n")[:-1] == lines


def test_single_heap_misere_outcome_programs_small(tmp_path: Path) -> None:
    """``--outcome --misere`` of a catalog game: misère Nim past its table by the proved law (m(n)
    = n from heap 2), and a subtraction game, against plain misère recursion; no heap is a win."""
    def brute(takes: tuple[int, ...] | None, n: int) -> bool:
        @cache
        def wins(h: int) -> bool:
            moves = range(h) if takes is None else [h - t for t in takes if t <= h]
            return not moves or any(not wins(m) for m in moves)
        return wins(n)

    for game, takes in (("nim", None), ("subtraction(1,3,4)", (1, 3, 4))):
        source = export(game, "--main", "--input", "cases", "--outcome", "--misere", "--upto", "40",
                        "--lang", "python")
        heaps = list(range(41)) + ([500, 10**12] if takes is None else [])
        text = f"{len(heaps) + 1}\n0\n" + "".join(f"1 {h}\n" for h in heaps)
        lines = python_lines(source, text, error_lines=True)
        assert lines[0] == "- N"  # (no heap: the player to move cannot move, and wins)
        want = [f"- {'N' if brute(takes, h) else 'P'}" for h in heaps if h <= 40]
        assert lines[1:42] == want
        if takes is None:
            assert lines[42:] == ["- N", "- N"] and "misère Nim" in source
        if HAS_GXX:
            exe = compile_cpp_together([export(game, "--main", "--input", "cases", "--outcome",
                                               "--misere", "--upto", "40")], tmp_path)
            done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
            assert done.stdout.split("\n")[:-1] == lines


def test_single_layout_of_a_misere_program(tmp_path: Path) -> None:
    """``export kayles --main --input single --misere`` (T, then T heaps: one heap a case) is the
    misère program read one heap a case, as ``cases`` reads ``1 n``; it was refused before."""
    @cache
    def wins(n: int) -> bool:  # (misère Kayles: no move wins)
        rows = [(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)]
        return not rows or any(not sum_wins(tuple(sorted(r))) for r in rows)

    @cache
    def sum_wins(heaps: tuple[int, ...]) -> bool:
        heaps = tuple(h for h in heaps if h)
        if len(heaps) <= 1:
            return wins(heaps[0] if heaps else 0)
        return any(not sum_wins(tuple(sorted((*heaps[:i], a, n - k - a, *heaps[i + 1:]))))
                   for i, n in enumerate(heaps) for k in (1, 2) if k <= n for a in range(n - k + 1))

    heaps = list(range(25))
    text = f"{len(heaps)}\n" + "\n".join(map(str, heaps)) + "\n"
    want = [f"- {'N' if wins(n) else 'P'}" for n in heaps]
    args = ("kayles", "--main", "--input", "single", "--misere")
    assert python_lines(export(*args, "--lang", "python"), text) == want
    if HAS_GXX:
        exe = compile_cpp_together([export(*args)], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.stdout.split("\n")[:-1] == want


# ---- 4. UVa 11489 "Integer Game": a game of one's own on three numbers -----------------------------

def integer_brute(digits: str) -> str:
    @cache
    def wins(word: str) -> bool:
        return any(sum(map(int, word[:i] + word[i + 1:])) % 3 == 0 and not wins(word[:i] + word[i + 1:])
                   for i in range(len(word)))

    return "S" if wins("".join(sorted(digits))) else "T"


def integer_case(digits: str) -> str:
    """The user's reading: how many digits are 0, 1 and 2 mod 3."""
    return " ".join(str(sum(int(d) % 3 == r for d in digits)) for r in range(3))


def test_uva11489_integer_game(rules: Path, tmp_path: Path) -> None:
    """``export pc-integer --lang python --main --input cases`` (and ``solve``), the counts of the
    digits mod 3 a case; up to 1000 digits."""
    rng = random.Random(11489)
    numbers = ["44455", "44555"] + ["".join(rng.choice("0123456789") for _ in range(rng.randint(1, 9)))
                                    for _ in range(150)]
    numbers = [s.lstrip("0") or "7" for s in numbers]
    text = f"{len(numbers)}\n" + "\n".join(integer_case(s) for s in numbers) + "\n"
    program = own_program(rules, "pc-integer", "--lang", "python", "--main", "--input", "cases")
    lines = python_lines(program, text)
    got = [f"Case {i}: {'S' if first_wins(line) else 'T'}" for i, line in enumerate(lines, 1)]
    assert got == [f"Case {i}: {integer_brute(s)}" for i, s in enumerate(numbers, 1)]
    assert solve_input(tmp_path, text, "pc-integer", "--input", "cases") == lines
    big = ["".join(rng.choice("0123456789") for _ in range(1000)) for _ in range(200)]  # (full size)
    lines = python_lines(program, f"{len(big)}\n" + "\n".join(integer_case(s) for s in big) + "\n")
    for s, line in zip(big, lines, strict=True):  # (the forum's rule: a first move, then 0 mod 3 digits)
        c0, total = sum(int(d) % 3 == 0 for d in s), sum(map(int, s)) % 3
        first = total == 0 or any(int(d) % 3 == total for d in s)
        left = c0 if total == 0 else c0 + 1
        assert first_wins(line) == (first and left % 2 == 1), s[:20]


# ---- 5. SPOJ QCJ3 "The Game": coins moving left, one Nim heap a coin ------------------------------

def qcj3_brute(coins: tuple[int, ...]) -> bool:
    @cache
    def wins(board: tuple[int, ...]) -> bool:
        for i, c in enumerate(board):
            if c and i:
                for j in range(i):
                    after = list(board)
                    after[i] -= 1
                    after[j] += 1
                    if not wins(tuple(after)):
                        return True
        return False

    return wins((0, *coins))


def test_spoj_qcj3_the_game(tmp_path: Path) -> None:
    """``solve nim --input cases``: a coin on square i is a Nim heap of i (the user writes each
    square's coins as that many heaps)."""
    def case(coins: list[int]) -> str:
        heaps = [i for i, c in enumerate(coins, 1) for _ in range(c)]
        return f"{len(heaps)}\n{' '.join(map(str, heaps))}"

    rng = random.Random(3)
    small = [[1], [2]] + [[rng.randint(0, 2) for _ in range(rng.randint(1, 3))] for _ in range(40)]
    small = [c if any(c) else [*c[:-1], 1] for c in small]
    lines = solve_input(tmp_path, f"{len(small)}\n" + "\n".join(map(case, small)) + "\n", "nim",
                        "--input", "cases")
    words = ["Tom Wins" if first_wins(line) else "Hanks Wins" for line in lines]
    assert words[:2] == ["Tom Wins", "Hanks Wins"]
    assert words == ["Tom Wins" if qcj3_brute(tuple(c)) else "Hanks Wins" for c in small]
    big = [[rng.randint(0, 24) for _ in range(24)] for _ in range(100)]  # (full size)
    lines = solve_input(tmp_path, f"{len(big)}\n" + "\n".join(map(case, big)) + "\n", "nim",
                        "--input", "cases")
    for coins, line in zip(big, lines, strict=True):
        x = 0
        for i, c in enumerate(coins, 1):
            x ^= i * (c % 2)
        assert first_wins(line) == (x != 0)


# ---- 6. BZOJ 2463 "谁能赢呢?": a family with a start, past the search by a conjecture ---------------

def corner_brute(n: int) -> bool:
    """Plain search over the paths from the corner (small n)."""
    def wins(cell: tuple[int, int], seen: frozenset[tuple[int, int]]) -> bool:
        r, c = cell
        return any(not wins(nxt, seen | {nxt}) for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if 0 <= nxt[0] < n and 0 <= nxt[1] < n and nxt not in seen)

    return wins((0, 0), frozenset({(0, 0)}))


def test_bzoj2463_who_wins(rules: Path, tmp_path: Path) -> None:
    """``export 'pc-corner(n)' --lang python --main --input repeated --conjecture --upto 4``: the
    boards n = 1..4 searched, past them the pattern ``P iff n % 2 == 1`` (the domino argument proves
    it; grundy says conjecture, checked to 4)."""
    code, program, err = cli("export", "pc-corner(n)", "--lang", "python", "--main",
                             "--input", "repeated", "--conjecture", "--upto", "4")
    assert code == 0 and "conjecture" in err and "n % 2 == 1" in program, err
    sizes = [2, 1, 3, 4, 1, 2]
    lines = python_lines(program, "\n".join(map(str, sizes)) + "\n0\n")
    assert lines == [("1 N" if corner_brute(n) else "0 P") for n in sizes]
    assert first_wins(lines[0])  # (the sample: n = 2, Alice)
    namespace: dict[str, object] = {"__name__": "judge"}
    exec(compile(program, "<export>", "exec"), namespace)
    first_player_wins = namespace["first_player_wins"]
    assert callable(first_player_wins)  # (its API too, past the games searched: the outcome alone)
    assert [first_player_wins(n) for n in (3, 4, 9999, 10_000)] == [False, True, False, True]
    rng = random.Random(2463)
    big = [rng.randint(1, 10_000) for _ in range(10_000)]  # (full size)
    lines = python_lines(program, "\n".join(map(str, big)) + "\n0\n")
    assert [first_wins(line) for line in lines] == [n % 2 == 0 for n in big]
    assert solve_input(tmp_path, "2\n3\n0\n", "pc-corner(n)", "--input",
                       "repeated") == ["1 N", "0 P"]


# ---- 7. UVa 12469 "Stones": Fibonacci Nim from n, to a line 0 ------------------------------------

@cache
def fibonacci_value(n: int, most: int) -> int:
    """G of n stones, at most ``most`` to take (plain recursion and mex)."""
    seen = {fibonacci_value(n - k, 2 * k) for k in range(1, min(n, most) + 1)}
    return next(v for v in range(len(seen) + 1) if v not in seen)


@cache
def fibonacci_wins(n: int, most: int) -> bool:
    """Whether the player to move wins n stones, at most ``most`` to take (plain recursion)."""
    return any(not fibonacci_wins(n - k, 2 * k) for k in range(1, min(n, most) + 1))


def test_uva12469_stones(tmp_path: Path) -> None:
    """``export fibonacci-nim --main --input repeated`` (Python and C++) and ``solve``: every n of the
    judge's range; the values ``solve`` prints against the brute force's (the first move: any but
    all, so at most n - 1)."""
    sizes = [*range(2, 1001), 8]
    text = "\n".join(map(str, sizes)) + "\n0\n"
    want = ["Alicia" if fibonacci_wins(n, n - 1) else "Roberto" for n in sizes]
    program = export("fibonacci-nim", "--main", "--input", "repeated", "--lang", "python")
    lines = python_lines(program, text)
    assert ["Alicia" if first_wins(line) else "Roberto" for line in lines] == want
    assert want[-1] == "Roberto"  # (the statement's 8: Roberto, who plays second, wins)
    solved = solve_input(tmp_path, text, "fibonacci-nim", "--input", "repeated")
    assert [first_wins(line) for line in solved] == [w == "Alicia" for w in want]
    for n, line in zip(sizes[:60], solved, strict=False):
        assert line == f"{fibonacci_value(n, n - 1)} {'N' if fibonacci_value(n, n - 1) else 'P'}"
    if HAS_GXX:
        exe = compile_cpp_together([export("fibonacci-nim", "--main", "--input", "repeated")], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.stdout.split("\n")[:-1] == lines
