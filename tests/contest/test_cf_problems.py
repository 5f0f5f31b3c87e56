"""Codeforces impartial-game problems answered through grundy's public workflow (a game of one's
own in a few lines, or a catalog family, with ``grundy solve --input`` / ``grundy export --main``),
each compared with a brute force written here from the statement (plain recursion over every
move), never with remembered outputs. The judges' words (Alice/Bob, First/Second, T/HL,
sjfnb/cslnb, A/B) are the outcome N/P of each line, mapped here.

- CF 1382B "Sequential Nim": t cases, each n piles (sum n <= 10^5, a_i <= 10^9); a move takes
  any positive number of stones from the first non-empty pile; First or Second. A game of one's
  own on rows of any length (``seqnim``), read as the judge writes a case (``n``, then the row).
- CF 1147C "Thanos Nim": n piles (n even, <= 50, a_i <= 50); a move picks exactly n/2 non-empty
  piles and takes at least one stone from each; whoever cannot move loses; Alice or Bob. A game
  of one's own on rows (``thanos``), ``--input counted``.
- CF 1191D "Tokitsukaze, CSL and Stone Game": n piles (<= 10^5, a_i <= 10^9); a move takes one
  stone; the player who leaves two equal piles (two empty ones too) or faces no stones loses;
  sjfnb (first) or cslnb. A game of one's own on rows whose moves are those leaving no two equal
  piles (a move that does loses at once, so it is never the better choice).
- CF 1396B "Stoned Game": t games, n piles (<= 100, a_i <= 100); a move takes one stone from a
  pile other than the one the previous move took from; T (first) or HL. A game of one's own on
  rows, the pile last taken from written as its count plus 10^6.
- CF 1600E "Array Game": an array of N (<= 2 * 10^5, 0 <= A_i <= 10^9); a move takes the left
  or the right end and appends it to a sequence that must stay strictly increasing; the last to
  move wins; Alice (first) or Bob. A game of one's own on rows ``(b, a_l..a_r)`` (``b``: one more
  than the last number taken, 0 before the first), one number shorter each move; the user puts
  the 0 before the judge's array (``n + 1``, then ``0`` and the array).
- CF 1537D "Deleting Divisors": t cases n (<= 10^9); a move subtracts a divisor d of n,
  1 < d < n; Alice (first) or Bob. A heap game of one's own, ``solve --input single
  --conjecture`` (the P-positions' rule found in the table: n odd or 2^odd).
- CF 1033C "Permutation Game": n cells (<= 10^5), a permutation a; a token moves from i to j
  when a_j > a_i and |i - j| is a multiple of a_i; for every start, A (first) or B. The
  permutation turned into its edges by a few lines of the user's, then ``digraph(E)`` with
  ``--input cases --params first`` (each start a case of one token).

The first four were read as games on pairs before this file (their move functions also take a
pair to pairs), so a judge's case ``1`` / ``5`` (one pile of 5) was answered as the pair (1, 5):
a wrong answer, now a test; CF 1600E's rows, one number shorter each move, were read as one
number (refused). What the workflow cannot do at full size is said at each test.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product
from pathlib import Path

import pytest

from tests.helpers import deleting_wins, registered_rules
from tests.helpers import exported as export
from tests.helpers import python_lines as run_python


def solve_input(rules: Path, argv: list[str], stdin: str) -> list[str]:
    """``grundy --rules RULES solve ARGV -`` on ``stdin`` in a subprocess."""
    done = subprocess.run([sys.executable, "-m", "grundy", "--rules", str(rules), "solve", *argv, "-"],
                          input=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    return done.stdout.split("\n")[:-1]


def first_wins(line: str) -> bool:
    """The outcome of an answer line ``VALUE OUTCOME``: the player to move wins."""
    value, outcome = line.split()
    assert outcome in ("N", "P") and (value == "-" or (int(value) != 0) == (outcome == "N")), line
    return outcome == "N"


# ---- the games of one's own, as a user writes them (a rules file; registered here too) ----------

RULES = '''
import grundy
from itertools import combinations, product
from math import isqrt


@grundy.game("seqnim")
def seqnim(p):
    """CF 1382B: take any positive number of stones from the first non-empty pile"""
    i = next((i for i, h in enumerate(p) if h), None)
    return [] if i is None else [p[:i] + (h,) + p[i + 1:] for h in range(p[i])]


@grundy.game("thanos")
def thanos(p):
    """CF 1147C: take at least one stone from each of exactly n/2 non-empty piles"""
    live = [i for i, h in enumerate(p) if h]
    out = set()
    for chosen in combinations(live, len(p) // 2):
        for takes in product(*[range(1, p[i] + 1) for i in chosen]):
            row = list(p)
            for i, t in zip(chosen, takes):
                row[i] -= t
            out.add(tuple(sorted(row)))
    return list(out)


@grundy.game("tokitsukaze")
def tokitsukaze(p):
    """CF 1191D: take one stone from a pile; a move leaving two equal piles loses (never made)"""
    out = set()
    for i, h in enumerate(p):
        row = tuple(sorted(p[:i] + (h - 1,) + p[i + 1:])) if h else None
        if row is not None and len(set(row)) == len(row):
            out.add(row)
    return list(out)


BAN = 10**6  # (a pile written BAN + h: h stones, the pile the last move took from)


@grundy.game("stoned")
def stoned(p):
    """CF 1396B: take one stone from a pile other than the one the last move took from"""
    piles = [h % BAN for h in p]
    return [tuple(h - (j == i) + BAN * (j == i) for j, h in enumerate(piles))
            for i, h in enumerate(p) if 0 < h < BAN]


@grundy.game("array-game")
def array_game(p):
    """CF 1600E: p = (b, a_l..a_r), b = 1 + the last number taken (0: none yet); take an end x >= b"""
    b, row = p[0], p[1:]
    if not row:
        return []
    ends = {(row[0] + 1,) + row[1:], (row[-1] + 1,) + row[:-1]}
    return [e for e in ends if e[0] - 1 >= b]


@grundy.heap_game("deleting")
def deleting(n):
    """CF 1537D: subtract a divisor d of n, 1 < d < n"""
    divisors = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return [n - d for d in divisors if 1 < d < n]
'''

NAMES = ("seqnim", "thanos", "tokitsukaze", "stoned", "array-game", "deleting")

EDGES = '''
import sys
words = sys.stdin.read().split()
n, a = int(words[0]), [0] + [int(w) for w in words[1:]]
edges = [(i, j) for i in range(1, n + 1) for j in range(i % a[i] or a[i], n + 1, a[i]) if a[j] > a[i]]
lines = [str(len(edges))] + [f"{i} {j}" for i, j in edges] + [str(n)] + [f"1 {i}" for i in range(1, n + 1)]
sys.stdout.write("\\n".join(lines) + "\\n")
'''
"""CF 1033C's permutation as ``digraph(E)`` reads it, the user's few lines: the edges, then every
start cell a case of one token."""


@pytest.fixture(scope="module", autouse=True)
def rules_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The rules file (for ``grundy --rules`` in a subprocess), its games registered in this process
    for this file's tests only."""
    yield from registered_rules(tmp_path_factory, "cf", RULES, NAMES)


def cases_input(rows: list[tuple[int, ...]]) -> str:
    """``t``, then each case ``n`` and its row, as the judges write them."""
    return f"{len(rows)}\n" + "".join(f"{len(r)}\n{' '.join(map(str, r))}\n" for r in rows)


def both_routes(rules: Path, game: str, layout: str, stdin: str) -> list[str]:
    """The answers of ``solve --input`` and of the exported Python main, which must agree."""
    got = solve_input(rules, [game, "--input", layout], stdin)
    program = export(game, "--lang", "python", "--main", "--input", layout)
    assert "a tuple of numbers (any length)" in program
    assert run_python(program, stdin) == got
    return got


# ---- CF 1382B "Sequential Nim" ------------------------------------------------------------------

@cache
def sequential_wins(row: tuple[int, ...]) -> bool:
    """Every take from the first non-empty pile tried."""
    live = [i for i, h in enumerate(row) if h]
    if not live:
        return False
    i = live[0]
    return any(not sequential_wins((*row[:i], row[i] - t, *row[i + 1:])) for t in range(1, row[i] + 1))


def test_cf1382b_sequential_nim(rules_file: Path) -> None:
    rng = random.Random(1382)
    rows = [(5,), (1, 5), (2, 5, 4), (1,) * 8, (1, 2, 3, 4, 5, 6), (1, 1, 2, 1, 2, 2), (30,),
            (1, 30), (1, 1, 1)]
    rows += [tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rng.randint(1, 6))) for _ in range(40)]
    got = both_routes(rules_file, "seqnim", "cases", cases_input(rows))
    # (the one pile of 5 was read as the pair (1, 5) and answered "0 P": wrong)
    assert ["First" if first_wins(line) else "Second" for line in got] == [
        "First" if sequential_wins(r) else "Second" for r in rows]
    # at full size (a row of 10^5 piles up to 10^9) the first move function call lists up to 10^9
    # rows: refused (the query stops at 1 GiB), as no theorem of sequential compounds is known to
    # grundy: an error line, never an answer


# ---- CF 1147C "Thanos Nim" -----------------------------------------------------------------------

@cache
def thanos_wins(row: tuple[int, ...]) -> bool:
    """Every choice of n/2 non-empty piles and every take from each tried."""
    live = [i for i, h in enumerate(row) if h]
    for chosen in combinations(live, len(row) // 2):
        for takes in product(*[range(1, row[i] + 1) for i in chosen]):
            after = list(row)
            for i, t in zip(chosen, takes, strict=True):
                after[i] -= t
            if not thanos_wins(tuple(after)):
                return True
    return False


def test_cf1147c_thanos_nim(rules_file: Path) -> None:
    rng = random.Random(1147)
    rows = [(8, 8), (3, 1, 4, 1)] + [tuple(rng.randint(1, 4) for _ in range(rng.choice((2, 4))))
                                     for _ in range(12)]
    for row in rows:  # (one game per input: n, then the piles)
        stdin = f"{len(row)}\n{' '.join(map(str, row))}\n"
        (line,) = both_routes(rules_file, "thanos", "counted", stdin)
        assert first_wins(line) == thanos_wins(row), row
    # at full size (50 piles up to 50) the move function alone lists C(50, 25)-many choices: the
    # query stops after its 10 s of CPU time (25 s wall), an error line


# ---- CF 1191D "Tokitsukaze, CSL and Stone Game" -------------------------------------------------

@cache
def stones_wins(row: tuple[int, ...]) -> bool:
    """The statement's rules: no stones before one's turn loses; leaving two equal piles loses."""
    for i, h in enumerate(row):
        if h:
            after = (*row[:i], h - 1, *row[i + 1:])
            if len(set(after)) == len(after) and not stones_wins(tuple(sorted(after))):
                return True
    return False


def test_cf1191d_tokitsukaze_stone_game(rules_file: Path) -> None:
    rng = random.Random(1191)
    rows = [(0,), (1, 0), (2, 2), (2, 3, 1), (0, 0), (1, 1, 2), (3, 3, 1)]
    rows += [tuple(rng.randint(0, 5) for _ in range(rng.randint(1, 4))) for _ in range(12)]
    for row in rows:
        stdin = f"{len(row)}\n{' '.join(map(str, row))}\n"
        (line,) = both_routes(rules_file, "tokitsukaze", "counted", stdin)
        assert ("sjfnb" if first_wins(line) else "cslnb") == ("sjfnb" if stones_wins(row) else "cslnb"), row
    # at full size (10^5 piles up to 10^9) refused: 10 s of CPU time (18 s wall), an error line


# ---- CF 1396B "Stoned Game" ---------------------------------------------------------------------

@cache
def stoned_wins(row: tuple[int, ...], last: int) -> bool:
    return any(not stoned_wins((*row[:i], h - 1, *row[i + 1:]), i)
               for i, h in enumerate(row) if h and i != last)


def test_cf1396b_stoned_game(rules_file: Path) -> None:
    rng = random.Random(1396)
    rows = [(2,), (1, 1)] + [tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 4))) for _ in range(25)]
    got = both_routes(rules_file, "stoned", "cases", cases_input(rows))
    assert ["T" if first_wins(line) else "HL" for line in got] == [
        "T" if stoned_wins(r, -1) else "HL" for r in rows]
    # at full size (100 piles up to 100) refused: each game stops after 10 s of CPU time


# ---- CF 1600E "Array Game" ----------------------------------------------------------------------

def array_first_wins(a: list[int]) -> bool:
    """Every take from either end tried, the sequence kept strictly increasing."""

    @cache
    def wins(left: int, right: int, last: int) -> bool:  # (a[left:right] remains; -1: nothing taken)
        if left == right:
            return False
        return any(x > last and not wins(left + (i == left), right - (i != left), x)
                   for i, x in ((left, a[left]), (right - 1, a[right - 1])))

    return wins(0, len(a), -1)


def test_cf1600e_array_game(rules_file: Path) -> None:
    rng = random.Random(1600)
    arrays = [[5], [5, 4, 5], [5, 8, 2, 1, 10, 9], [0], [0, 0], [3, 1, 2, 3]]
    arrays += [[rng.randint(0, 6) for _ in range(rng.randint(1, 9))] for _ in range(30)]
    stdin = "".join(f"{len(a) + 1}\n0 {' '.join(map(str, a))}\n" for a in arrays) + "0\n"
    got = both_routes(rules_file, "array-game", "repeated", stdin)
    # (before, a case of rows that shrink was read as one number: "does not declare arity=1")
    assert ["Alice" if first_wins(line) else "Bob" for line in got] == [
        "Alice" if array_first_wins(a) else "Bob" for a in arrays]
    # at full size: a random array of 2 * 10^5 numbers is answered in 1.2 s (its increasing runs
    # from the ends are short); an increasing array, or a mountain, is refused at 1 GiB (each
    # position holds the rest of the array: about n^2 numbers)


# ---- CF 1537D "Deleting Divisors" ---------------------------------------------------------------

def test_cf1537d_deleting_divisors(rules_file: Path) -> None:
    # the table is exact to 16,383; beyond it the P-positions' rule (a conjecture) answers, each
    # answer checked by the move function; the brute force reaches 40,000
    wins = deleting_wins(40_000)
    rng = random.Random(1537)
    ns = [4, 12, 69, 1, 2, 8, 32768, 16384, 32767, 36864] + [rng.randint(16_384, 40_000) for _ in range(15)]
    got = solve_input(rules_file, ["deleting", "--input", "single", "--conjecture"],
                      f"{len(ns)}\n" + "".join(f"{n}\n" for n in ns))
    assert ["Alice" if first_wins(line) else "Bob" for line in got] == [
        "Alice" if wins[n] else "Bob" for n in ns]
    # at full size (10^4 cases n <= 10^9) `solve --input single --conjecture` took 7 min 24 s and
    # 16 cases stopped at the 10 s budget (error lines) while it built the table up to each heap
    # below 2^24; now it answers past heap 16,383 by the rule, as `export --conjecture` (Python)
    # does: tests/contest/test_heaprule_problems.py, bench/heap_rule.py


# ---- CF 1033C "Permutation Game" ----------------------------------------------------------------

def permutation_answers(a: list[int]) -> str:
    n = len(a)

    @cache
    def wins(i: int) -> bool:
        return any(a[j] > a[i] and abs(i - j) % a[i] == 0 and not wins(j) for j in range(n))

    return "".join("A" if wins(i) else "B" for i in range(n))


def test_cf1033c_permutation_game(rules_file: Path, tmp_path: Path) -> None:
    rng = random.Random(1033)
    perms = [[3, 6, 5, 4, 2, 7, 1, 8], [3, 11, 2, 5, 10, 9, 7, 13, 15, 8, 4, 12, 6, 1, 14], [1], [2, 1]]
    perms += [rng.sample(range(1, n + 1), n) for n in (3, 5, 9, 14, 20, 31)]
    program = export("digraph(E)", "--lang", "python", "--main", "--input", "cases", "--params", "first")
    for a in perms:
        judge = f"{len(a)}\n{' '.join(map(str, a))}\n"
        converted = subprocess.run([sys.executable, "-c", EDGES], input=judge, capture_output=True,
                                   text=True, check=True).stdout
        got = solve_input(rules_file, ["digraph(E)", "--input", "cases", "--params", "first"], converted)
        assert run_python(program, converted) == got
        assert "".join("A" if first_wins(line) else "B" for line in got) == permutation_answers(a)
    # at full size (n = 10^5: 1,162,086 edges) `solve --input` took 12.2 s and 314 MB, the
    # exported C++ 0.73 s and 92 MB (the user's conversion to edges not counted)


# ---- the two general fixes these problems needed ------------------------------------------------

def test_rows_of_any_length_are_read_as_rows(rules_file: Path) -> None:
    # a game of one's own whose move function takes pairs to pairs and triples to triples plays on
    # rows of any length: a case is n, then the row (it was read as a pair a b: one pile of 5 was
    # the pair (1, 5), "0 P", and a line of three piles was refused)
    assert solve_input(rules_file, ["seqnim", "--input", "cases"], "1\n1\n5\n") == ["5 N"]
    assert solve_input(rules_file, ["seqnim", "--input", "lines"], "2 5 4\n1 5\n") == ["1 N", "0 P"]
    assert solve_input(rules_file, ["seqnim", "--input", "repeated"], "1 5\n2 1 5\n0\n") == ["5 N", "0 P"]
    # the empty row is no position left (value 0), in the program as in grundy
    assert both_routes(rules_file, "seqnim", "counted", "0\n") == ["0 P"]
    # a game written for pairs (it unpacks a, b) is still read as pairs
    assert solve_input(rules_file, ["--moves", "a, b: [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)",
                                    "--input", "cases"], "1\n3 4\n")[0].endswith(" N")


def test_export_carries_imports_and_constants(rules_file: Path) -> None:
    # the move functions read names from the top of the rules file: isqrt (from math), combinations
    # and product (from itertools), BAN (a constant); each is carried into the program, inside the
    # function (they were refused: "it reads isqrt from outside the function")
    program = export("deleting", "--lang", "python", "--upto", "100")
    assert "from math import isqrt" in program
    namespace: dict[str, object] = {}
    exec(program, namespace)
    value = namespace["grundy_value"]
    wins = deleting_wins(3000)
    for n in (101, 128, 999, 2048, 2999):  # (beyond the table: the memoised mex by the move function)
        assert (value(n) != 0) == wins[n], n  # type: ignore[operator]
    assert "BAN = 1000000" in export("stoned", "--lang", "python")
    assert "from itertools import combinations" in export("thanos", "--lang", "python")
