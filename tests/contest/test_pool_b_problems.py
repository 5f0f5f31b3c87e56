"""Fresh judge problems from Codeforces, AtCoder, CodeChef and TopCoder, each answered through the
public workflow (a catalog family, or a game of one's own in a few lines, then ``solve --input`` or
``export --main``) in the judge's layout, against a brute force written here from the statement.

1. AtCoder ABC 354 E "Remove Pairs": N <= 18 cards ``A_i B_i``; a move removes two cards whose
   fronts or whose backs are equal; who cannot move loses. Takahashi (first) or Aoki.
2. CodeChef NUMGAME "Yet Another Number Game": ``T`` <= 10^4, then ``N`` <= 10^9 each; a move
   subtracts a proper divisor of N; who cannot move loses. ALICE (first) or BOB.
3. AtCoder AGC 017 D "Game on Tree": ``N`` <= 10^5, then ``N - 1`` edges; a move removes an edge
   and the part cut off from vertex 1; who cannot move loses. Alice (first) or Bob.
4. Codeforces 2004E "Not a Nim Problem": ``t``, then each ``n`` and ``a_1..a_n`` (<= 10^7); a move
   takes ``y`` stones from a pile of ``x`` with ``gcd(x, y) = 1``. Alice (first) or Bob.
5. Codeforces 1747C "Swap Game": ``t``, then each ``n`` and ``a_1..a_n``; a move needs ``a_1 > 0``,
   lowers it by one and swaps it with some ``a_i`` (``i >= 2``). Alice (first) or Bob.
6. Codeforces 1104B "Game with string": a string (<= 10^5 letters); a move deletes two equal
   adjacent letters; who cannot move loses. "Yes" if the first player wins, else "No".
7. TopCoder "TheDivisionGame": the numbers ``A..B`` form a collection; a move replaces some ``X``
   by ``X / Y`` for a divisor ``Y > 1``. Count the intervals ``L <= A <= B <= R`` (``R - L <=
   10^6``, ``R <= 10^9 + 10^6``) the first player wins.
8. AtCoder ARC 151 C "01 Game": ``N`` (<= 10^18) cells, ``M`` of them written ``X_i Y_i`` (0 or 1);
   a move writes 0 or 1 in an empty cell, never equal to a neighbour; who cannot move loses.
   Takahashi (first) or Aoki.

grundy prints ``VALUE OUTCOME`` per case; the judge's words, and turning the judge's objects into
the game's positions (the cards into one row of numbers, the intervals into prefix XORs), are the
user's part.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from math import gcd, isqrt
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import exported as export
from tests.helpers import mex, python_lines, xor_all

GXX = shutil.which("g++")


def solve_input(layout: str, text: str, game: str, *more: str, tmp_path: Path) -> list[str]:
    """``grundy solve GAME --input LAYOUT FILE`` (in this process, this file's games registered),
    which must succeed: its lines."""
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", game, "--input", layout, str(path), *more)
    assert code == 0, err
    return out.split("\n")[:-1]


def first_wins(lines: list[str]) -> list[bool]:
    """Whether the player to move wins, line by line of ``VALUE OUTCOME``."""
    assert all(line.endswith((" N", " P")) for line in lines), lines
    return [line.endswith(" N") for line in lines]


# ---- the games, as a user writes them -----------------------------------------------------------

def remove_pairs(cards: tuple[int, ...]) -> list[object]:
    """ABC 354 E: the cards as one row ``a1 b1 a2 b2 ...``; remove two cards whose fronts or
    whose backs are equal"""
    out: list[object] = []
    for i in range(0, len(cards), 2):
        for j in range(i + 2, len(cards), 2):
            if cards[i] == cards[j] or cards[i + 1] == cards[j + 1]:
                out.append(cards[:i] + cards[i + 2:j] + cards[j + 2:])
    return out


def pair_steps(p: tuple[int, ...]) -> list[object]:
    """A game on pairs with no move from (0, 0) or (1, 1): take 2 from both numbers"""
    a, b = p
    return [(a - 2, b - 2)] if a >= 2 and b >= 2 else []


def proper_divisor(n: int) -> list[int]:
    """CodeChef NUMGAME: subtract a proper divisor"""
    divisors: set[int] = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return [n - d for d in divisors if d < n]


def coprime_take(x: int) -> list[int]:
    """CF 2004E: take y stones from a pile of x, gcd(x, y) = 1"""
    return [x - y for y in range(1, x + 1) if gcd(x, y) == 1]


def swap_game(a: tuple[int, ...]) -> list[object]:
    """CF 1747C: a_1 > 0 goes down by one and swaps with some a_i, i >= 2"""
    if not a or a[0] == 0:
        return []
    return [(a[i], *a[1:i], a[0] - 1, *a[i + 1:]) for i in range(1, len(a))]


def pair_delete(s: str) -> list[object]:
    """CF 1104B: delete two equal adjacent letters (nothing left: ())"""
    return [s[:i] + s[i + 2:] or () for i in range(len(s) - 1) if s[i] == s[i + 1]]


def division(x: int) -> list[int]:
    """TopCoder TheDivisionGame: replace x by x / y for a divisor y > 1"""
    divisors: set[int] = set()
    for d in range(1, isqrt(x) + 1):
        if x % d == 0:
            divisors |= {d, x // d}
    return [x // y for y in divisors if y > 1]


def zero_one(h: int) -> list[object]:
    """ARC 151 C: a gap of L empty cells between ends l and r (0, 1, or 2: no neighbour there),
    as the heap 9L + 3l + r; writing d in its i-th cell splits it in two gaps"""
    length, left, right = h // 9, h % 9 // 3, h % 3
    return [(9 * (i - 1) + 3 * left + d, 9 * (length - i) + 3 * d + right)
            for i in range(1, length + 1) for d in (0, 1)
            if not (i == 1 and d == left) and not (i == length and d == right)]


NAMES = ("pb-remove-pairs", "pb-numgame", "pb-numgame-alone", "pb-coprime", "pb-swap", "pb-pair-delete",
         "pb-division", "pb-zero-one", "pb-pair-steps")


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    """The games, registered for this file's tests only."""
    grundy.game("pb-remove-pairs")(remove_pairs)
    grundy.heap_game("pb-numgame")(proper_divisor)
    grundy.heap_game("pb-numgame-alone")(proper_divisor)  # (its table not grown by another test)
    grundy.heap_game("pb-coprime")(coprime_take)
    grundy.game("pb-swap")(swap_game)
    grundy.game("pb-pair-delete", parse=str, format=str)(pair_delete)
    grundy.heap_game("pb-division")(division)
    grundy.heap_game("pb-zero-one", splits=True)(zero_one)
    grundy.game("pb-pair-steps")(pair_steps)
    yield
    for name in NAMES:
        catalog.unregister(name)


# ---- 1. ABC 354 E: Remove Pairs ------------------------------------------------------------------

def takahashi_wins(cards: list[tuple[int, int]]) -> bool:
    """From the statement: a bit mask of the cards left; a move removes two of them with equal
    fronts or equal backs; who cannot move loses."""
    n = len(cards)

    @cache
    def wins(mask: int) -> bool:
        for i in range(n):
            for j in range(i + 1, n):
                if mask >> i & mask >> j & 1 and (cards[i][0] == cards[j][0] or cards[i][1] == cards[j][1]):
                    if not wins(mask & ~(1 << i) & ~(1 << j)):
                        return True
        return False

    return wins((1 << n) - 1)


def test_abc354e_remove_pairs(tmp_path: Path) -> None:
    """Each case's cards written as one row ``a1 b1 a2 b2 ...`` (the user's part), a line a case:
    ``--input lines``. A single card has no move, so the move function shows no move from
    ``(0, 0)`` or ``(1, 1)``: that once made grundy read the game as one on pairs, and each
    line as a sum of 2N pairs with no move, "0 P" for every case (WRONG for most of them)."""
    rng = random.Random(354)
    decks = [[(1, 9), (2, 5), (4, 9), (1, 4), (2, 5)],  # (sample 1: Aoki)
             [(3, 2), (1, 7), (4, 1), (1, 8), (5, 2), (9, 8), (2, 1), (6, 8), (5, 2)]]  # (sample 2)
    for _ in range(40):
        k = rng.randint(1, 4)
        decks.append([(rng.randint(1, k), rng.randint(1, k)) for _ in range(rng.randint(1, 9))])
    want = [takahashi_wins(deck) for deck in decks]
    assert want[:2] == [False, True] and True in want[2:] and False in want[2:]
    text = "".join(" ".join(f"{a} {b}" for a, b in deck) + "\n" for deck in decks)
    assert first_wins(solve_input("lines", text, "pb-remove-pairs", tmp_path=tmp_path)) == want
    program = export("pb-remove-pairs", "--main", "--input", "lines", "--lang", "python")
    assert first_wins(python_lines(program, text)) == want


def test_a_game_on_pairs_with_no_move_from_the_first_pairs(tmp_path: Path) -> None:
    """The other side of ABC 354 E's fix: a game on pairs whose first pairs have no move is still
    read as one on pairs (a line of several pairs, their sum), from the moves of larger pairs."""
    lines = ["2 3", "5 4 3 3 2 2", "1 1 4 4 7 9", "4 4"]
    pairs = [[int(w) for w in line.split()] for line in lines]
    want = [xor_all(min(p[i], p[i + 1]) // 2 % 2 for i in range(0, len(p), 2)) != 0
            for p in pairs]  # (each pair a chain of min(a, b) // 2 moves)
    got = solve_input("lines", "".join(line + "\n" for line in lines), "pb-pair-steps", tmp_path=tmp_path)
    assert first_wins(got) == want == [True, False, True, False]


# ---- 2. CodeChef NUMGAME: subtract a proper divisor ---------------------------------------------

def numgame_wins(upto: int) -> list[bool]:
    """From the statement: ``wins[n]`` when some proper divisor ``d`` leaves ``n - d`` lost."""
    divisors: list[list[int]] = [[] for _ in range(upto + 1)]
    for d in range(1, upto // 2 + 1):
        for m in range(2 * d, upto + 1, d):
            divisors[m].append(d)
    wins = [False] * (upto + 1)
    for n in range(1, upto + 1):
        wins[n] = any(not wins[n - d] for d in divisors[n])
    return wins


def test_codechef_numgame(tmp_path: Path) -> None:
    """``T``, then ``T`` numbers: ``--input single``, with ``--conjecture`` (the values follow
    ``ctz(n)``, a pattern no theorem proves) for the heaps past the table the pattern is found on;
    the exported Python program (which carries the move function and checks the pattern at each
    heap past its own table) prints the same lines."""
    wins = numgame_wins(40_000)
    rng = random.Random(2010)
    heaps = list(range(1, 60)) + [rng.randint(16_000, 40_000) for _ in range(60)]
    text = f"{len(heaps)}\n" + "".join(f"{n}\n" for n in heaps)
    lines = solve_input("single", text, "pb-numgame", "--conjecture", tmp_path=tmp_path)
    assert first_wins(lines) == [wins[n] for n in heaps]
    program = export("pb-numgame", "--main", "--input", "single", "--lang", "python", "--conjecture")
    assert python_lines(program, text) == lines


def test_codechef_numgame_a_heap_of_a_million(tmp_path: Path) -> None:
    """A heap between the pattern's table (16,383) and the densest table grundy builds: with
    ``--conjecture`` it is answered by the pattern, checked locally, as the exported program
    answers it. It used to be answered by a table of every heap below it, which the budget's steps
    allowed but which calls the move function (a divisor loop) 907,012 times: the query stopped on
    its clock after 10 s, one error line a case, where the program answered in a millisecond."""
    code, out, err = cli("solve", "pb-numgame-alone", "907012", "--conjecture", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["status"] == "conjecture" and answer["grundy"] == 2 and answer["outcome"] == "N"
    program = export("pb-numgame-alone", "--main", "--input", "single", "--lang", "python", "--conjecture")
    assert python_lines(program, "1\n907012\n") == ["2 N"]


# ---- 3. AGC 017 D: Game on Tree ------------------------------------------------------------------

def tree_alice_wins(n: int, edges: list[tuple[int, int]]) -> bool:
    """From the statement: the edges still hanging from vertex 1; removing one drops every edge
    no longer joined to vertex 1."""

    def rooted(kept: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        seen, stack = {1}, [1]
        while stack:
            v = stack.pop()
            for a, b in kept:
                for x, y in ((a, b), (b, a)):
                    if x == v and y not in seen:
                        seen.add(y)
                        stack.append(y)
        return frozenset(e for e in kept if e[0] in seen)

    @cache
    def wins(kept: frozenset[tuple[int, int]]) -> bool:
        return any(not wins(rooted(kept - {e})) for e in kept)

    return wins(frozenset(edges))


def test_agc017d_game_on_tree(tmp_path: Path) -> None:
    """``N`` and its ``N - 1`` edges, one case: ``'green-hackenbush(T,ground=1)' --input
    counted``, one input a tree; the exported program reads the same."""
    rng = random.Random(17)
    program = export("green-hackenbush(T,ground=1)", "--main", "--input", "counted", "--lang", "python")
    for _ in range(25):
        n = rng.randint(2, 9)
        edges = [(rng.randint(1, v - 1), v) for v in range(2, n + 1)]
        names = list(range(1, n + 1))
        rng.shuffle(names)
        names.remove(1)
        names.insert(0, 1)  # (vertex 1 kept, the others renamed)
        edges = [(names[a - 1], names[b - 1]) if rng.random() < 0.5 else (names[b - 1], names[a - 1])
                 for a, b in edges]
        text = f"{n}\n" + "".join(f"{a} {b}\n" for a, b in edges)
        want = [tree_alice_wins(n, edges)]
        assert first_wins(solve_input("counted", text, "green-hackenbush(T,ground=1)",
                                      tmp_path=tmp_path)) == want
        assert first_wins(python_lines(program, text)) == want


@pytest.mark.slow
def test_agc017d_at_full_size(tmp_path: Path) -> None:
    """N = 10^5: a path from vertex 1 (a recursion 10^5 deep for a recursive program; cutting its
    k-th edge leaves the path of its first k - 1 edges, so it is a heap of N - 1) and a random
    tree, ``solve --input counted`` and the exported Python program agreeing."""
    rng = random.Random(100_000)
    n = 100_000
    program = export("green-hackenbush(T,ground=1)", "--main", "--input", "counted", "--lang", "python")
    path = [(v - 1, v) for v in range(2, n + 1)]
    tree = [(rng.randint(1, v - 1), v) for v in range(2, n + 1)]
    found = []
    for edges in (path, tree):
        text = f"{n}\n" + "".join(f"{a} {b}\n" for a, b in edges)
        lines = solve_input("counted", text, "green-hackenbush(T,ground=1)", tmp_path=tmp_path)
        assert python_lines(program, text) == lines and len(lines) == 1
        found += lines
    assert found[0] == f"{n - 1} N"


# ---- 4. CF 2004E: Not a Nim Problem --------------------------------------------------------------

@cache
def coprime_value(x: int) -> int:
    """From the statement: the mex over the piles ``x - y``, ``gcd(x, y) = 1``."""
    return mex(coprime_value(x - y) for y in range(1, x + 1) if gcd(x, y) == 1)


def test_cf2004e_not_a_nim_problem(tmp_path: Path) -> None:
    """``t``, then each case ``n`` and its ``n`` piles: ``--input cases`` of a heap game (piles
    up to 150 here: at 10^7, where the values follow the index of the least prime factor, a
    pattern grundy does not know, the program's memoised mex lists too many options and prints an
    error line)."""
    rng = random.Random(2004)
    cases = [[3, 2, 9], [3, 3, 6, 1], [1, 2, 3, 4, 5]]  # (the samples: Bob, Alice, Bob)
    cases += [[rng.randint(1, 150) for _ in range(rng.randint(1, 6))] for _ in range(40)]
    want = [xor_all(coprime_value(x) for x in case) != 0 for case in cases]
    assert want[:3] == [False, True, False]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n" + " ".join(map(str, c)) + "\n" for c in cases)
    assert first_wins(solve_input("cases", text, "pb-coprime", tmp_path=tmp_path)) == want
    program = export("pb-coprime", "--main", "--input", "cases", "--lang", "python")
    assert first_wins(python_lines(program, text)) == want


# ---- 5. CF 1747C: Swap Game ----------------------------------------------------------------------

@cache
def swap_alice_wins(a: tuple[int, ...]) -> bool:
    """From the statement: a_1 = 0 loses; else a_1 - 1 swapped with some a_i."""
    if a[0] == 0:
        return False
    return any(not swap_alice_wins((a[i], *a[1:i], a[0] - 1, *a[i + 1:])) for i in range(1, len(a)))


def test_cf1747c_swap_game(tmp_path: Path) -> None:
    """``t``, then each case ``n`` and its ``n`` numbers, one position: ``--input cases`` of a
    game of one's own on rows of any length (small numbers: at 10^9 the moves are beyond any
    search, and no pattern of rows is looked for)."""
    rng = random.Random(1747)
    cases = [(1, 1), (2, 1), (5, 4, 4)]  # (the samples: Bob, Alice, Alice)
    cases += [tuple(rng.randint(1, 4) for _ in range(rng.randint(2, 4))) for _ in range(40)]
    want = [swap_alice_wins(c) for c in cases]
    assert want[:3] == [False, True, True]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n" + " ".join(map(str, c)) + "\n" for c in cases)
    assert first_wins(solve_input("cases", text, "pb-swap", tmp_path=tmp_path)) == want


# ---- 6. CF 1104B: Game with string ---------------------------------------------------------------

@cache
def string_first_wins(s: str) -> bool:
    """From the statement: delete two equal adjacent letters; who cannot loses."""
    return any(not string_first_wins(s[:i] + s[i + 2:]) for i in range(len(s) - 1) if s[i] == s[i + 1])


def test_cf1104b_game_with_string(tmp_path: Path) -> None:
    """A string a line: ``--input lines`` of a game of one's own on words (``parse=str``)."""
    rng = random.Random(1104)
    words = ["abacaba", "iiq", "abba"]  # (the samples: No, Yes, No)
    words += ["".join(rng.choice("ab") for _ in range(rng.randint(1, 12))) for _ in range(40)]
    want = [string_first_wins(w) for w in words]
    assert want[:3] == [False, True, False]
    text = "".join(w + "\n" for w in words)
    assert first_wins(solve_input("lines", text, "pb-pair-delete", tmp_path=tmp_path)) == want


# ---- 7. TopCoder TheDivisionGame -----------------------------------------------------------------

@cache
def division_value(x: int) -> int:
    """From the statement: the mex over ``x / y`` for the divisors ``y > 1`` of ``x``."""
    return mex(division_value(x // y) for y in range(2, x + 1) if x % y == 0)


def count_winning(values: list[int]) -> int:
    """The user's part: intervals with a non-zero XOR, by prefix XORs (pairs of equal prefixes
    are the intervals the first player loses)."""
    seen: dict[int, int] = {0: 1}
    prefix = losing = 0
    for v in values:
        prefix ^= v
        losing += seen.get(prefix, 0)
        seen[prefix] = seen.get(prefix, 0) + 1
    n = len(values)
    return n * (n + 1) // 2 - losing


def test_topcoder_the_division_game(tmp_path: Path) -> None:
    """The values of ``L..R`` from ``solve --input single`` (one heap a case), counted by the
    user. (At the full size, ``R - L = 10^6`` numbers near 10^9, the values follow Ω(n), a
    conjecture grundy finds; its exported Python program answers about 500 such numbers a second,
    checking the pattern at each, and the C++ program answers none past its table.)"""
    for low, high in ((9, 10), (2, 50), (1000, 1150)):
        numbers = list(range(low, high + 1))
        want = sum(xor_all(division_value(x) for x in range(a, b + 1)) != 0
                   for a in numbers for b in numbers if a <= b)
        text = f"{len(numbers)}\n" + "".join(f"{x}\n" for x in numbers)
        lines = solve_input("single", text, "pb-division", tmp_path=tmp_path)
        assert count_winning([int(line.split()[0]) for line in lines]) == want
    assert count_winning([division_value(9), division_value(10)]) == 2  # (the first example)


# ---- 8. ARC 151 C: 01 Game -----------------------------------------------------------------------

@cache
def row_first_wins(row: tuple[int, ...]) -> bool:
    """From the statement: a row of cells (-1 empty); write 0 or 1 in an empty cell, never equal
    to a neighbour."""
    for i, c in enumerate(row):
        if c == -1:
            for d in (0, 1):
                if (i == 0 or row[i - 1] != d) and (i == len(row) - 1 or row[i + 1] != d):
                    if not row_first_wins((*row[:i], d, *row[i + 1:])):
                        return True
    return False


def gaps(n: int, written: list[tuple[int, int]]) -> list[int]:
    """The user's part: the gaps between the written cells, each as the heap 9L + 3l + r."""
    heaps, last, label = [], 0, 2
    for x, y in [*written, (n + 1, 2)]:
        heaps.append(9 * (x - last - 1) + 3 * label + y)
        last, label = x, y
    return heaps


def test_arc151c_01_game(tmp_path: Path) -> None:
    """``N M`` and the ``M`` written cells, turned into the gaps between them (a heap game whose
    heap codes a gap and its two ends): ``--input counted``, one case the gaps' heaps. Small rows
    here; N up to 10^18 below (:func:`test_arc151c_01_game_at_full_size`)."""
    rng = random.Random(151)
    for _ in range(40):
        n = rng.randint(1, 8)
        row = [-1] * n
        for i in rng.sample(range(n), rng.randint(0, n)):
            d = rng.randint(0, 1)
            if (i == 0 or row[i - 1] != d) and (i == n - 1 or row[i + 1] != d):
                row[i] = d
        written = [(i + 1, c) for i, c in enumerate(row) if c != -1]
        heaps = gaps(n, written)
        text = f"{len(heaps)}\n" + " ".join(map(str, heaps)) + "\n"
        assert first_wins(solve_input("counted", text, "pb-zero-one", tmp_path=tmp_path)) == \
            [row_first_wins(tuple(row))], row


def cpp_lines(source: str, stdin: str, tmp_path: Path) -> list[str]:
    """The lines a C++ program prints on ``stdin`` (compiled with ``-Wall -Wextra -Werror``)."""
    (tmp_path / "p.cpp").write_text(source)
    subprocess.run([GXX or "g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o",
                    str(tmp_path / "p"), str(tmp_path / "p.cpp")], check=True)
    done = subprocess.run([str(tmp_path / "p")], input=stdin, capture_output=True, text=True, timeout=300,
                          check=True)
    return done.stdout.splitlines()


def random_row(rng: random.Random, n: int, cells: int) -> list[tuple[int, int]]:
    """``cells`` written cells of a row of ``n`` (``X_i Y_i``, increasing, never equal to a
    written neighbour), as a judge's input gives them."""
    written: dict[int, int] = {}
    for x in sorted(rng.sample(range(1, n + 1), cells) if n < 10**6 else
                    {rng.randint(1, n) for _ in range(cells)} | {rng.randint(1, 20), n - rng.randint(0, 20)}):
        if not 1 <= x <= n:
            continue
        d = rng.randint(0, 1)
        if written.get(x - 1) != d:
            written[x] = d
    return sorted(written.items())


def test_arc151c_01_game_at_full_size(tmp_path: Path) -> None:
    """N up to 10^18. The table of the gaps' heaps shows values linear on each residue class mod 18
    (a gap with one free end: its length; both free: its length mod 2; both ends written: 0 or 1),
    a conjecture: ``export --conjecture --unchecked`` answers by it past the table, unchecked (the
    options of a gap of 10^17 cells cannot be listed for a local check), and says so. Checked:
    each program against the engine's table on every heap of the table, against the brute force of
    the statement on small rows, and at 10^18 against the law read off the engine's table here
    (two values of each class: its slope), which the conjecture is; the answers there are only as
    good as it."""
    code, out, err = cli("table", "pb-zero-one", "--upto", "600")
    assert code == 0, err
    assert ("pattern: G(18k + r) = 1 for r in {0, 4, 9, 13, 17}, 2k for r in {2, 5, 6, 7}, 2k + 1 for r "
            "in {11, 14, 15, 16}, 0 for the other r; except G(0) = 0, G(4) = 0 (conjecture, checked for "
            "n <= 600)") in out  # (as docs/own-games.md quotes it)
    game = catalog.load_game("pb-zero-one")
    upto = 2000
    table = [grundy.grundy_value(game, h) for h in range(upto + 1)]

    def by_law(h: int) -> int:  # (past the table: the class's line through two of its values there)
        if h <= upto:
            return table[h]
        r = h % 18
        far, near = upto - (upto - r) % 18, upto - (upto - r) % 18 - 18
        return table[far] + (table[far] - table[near]) * ((h - far) // 18)

    rng = random.Random(1510)
    small, want_small = [], []
    for _ in range(40):
        n = rng.randint(1, 8)
        cells = [-1] * n
        for i in rng.sample(range(n), rng.randint(0, n)):
            d = rng.randint(0, 1)
            if (i == 0 or cells[i - 1] != d) and (i == n - 1 or cells[i + 1] != d):
                cells[i] = d
        small.append(gaps(n, [(i + 1, c) for i, c in enumerate(cells) if c != -1]))
        want_small.append(row_first_wins(tuple(cells)))
    inside = [[h] for h in range(upto + 1)]
    big = []
    for _ in range(60):
        n = rng.choice([10**18, rng.randint(1, 10**18), rng.randint(10**17, 10**18)])
        big.append(gaps(n, random_row(rng, n, rng.randint(0, 6))))
    big.append(gaps(10**18, []))  # (no cell written: one gap of 10^18 cells, no end)
    big.append([9 * 10**18 + 3 * 2 + 0])  # (the largest: 10^18 cells with one free end)
    cases = small + inside + big
    text = "".join(" ".join(map(str, heaps)) + "\n" for heaps in cases)
    want = ([xor_all(table[h] for h in heaps) for heaps in small] + table
            + [xor_all(by_law(h) for h in heaps) for heaps in big])
    assert [v != 0 for v in want[:len(small)]] == want_small  # (the table and the brute force agree)
    for lang in ("python", "cpp") if GXX is not None else ("python",):
        program = export("pb-zero-one", "--main", "--lang", lang, "--upto", str(upto), "--conjecture",
                         "--unchecked")
        assert "WITHOUT any check (exported with unchecked)" in program
        lines = python_lines(program, text) if lang == "python" else cpp_lines(program, text, tmp_path)
        assert len(lines) == len(want)
        assert lines == [f"{v} {'N' if v else 'P'}" for v in want]
