"""Fresh Codeforces and AtCoder problems through grundy's public workflow (a catalog game, or a game
of one's own in a few lines, with ``grundy solve --input`` and ``grundy export --main``), each
compared with a brute force written here from the statement (plain recursion over every move), in
the judge's layout; the judges' words (Alice/Bob, Win/Lose, Takahashi/Aoki) are the outcome N/P of
each answer, mapped here.

- CF 1704F "Colouring Game": t cases (sum n <= 5 * 10^5), a row of R/B cells; Alice paints two
  neighbouring cells white, at least one of them red, Bob the same with blue; who cannot move loses.
  A partizan game; the user's part: more reds, Alice; more blues, Bob; equal, the maximal
  alternating runs are Dawson's Kayles heaps (a move whitens an RB pair of a run): ``dawson-kayles``,
  ``solve --input cases`` / ``export --main --input cases``.
- CF 1823E "Removing Graph": n vertices (<= 2 * 10^5) all of degree 2, l < r; a move erases k
  connected vertices, l <= k <= r; Alice or Bob. The user finds the cycles' lengths; a game of one's
  own on (1, n) a cycle, (0, n) a path, ``--input counted --params after`` (``k l r``, then the k
  cycles). Quadratic in a cycle's length: too slow at full size (the editorial's formula is needed).
- CF 63E "Sweets Game": a hexagon of 19 cells (rows of 3, 4, 5, 4, 3), chocolates 'O' or empty
  '.'; a move eats a run of chocolates along one of the three directions of the hexagon's lines;
  Karlsson (first) or Lillebror. A game of one's own on the bit mask of the board (reachable boards
  only), ``--input lines``. A full board (2^19 boards below it) needs ``--limit 50000000`` and 69 s
  in ``solve``; the exported program's 2,000,000 options per input stop it (an error line;
  ``export --limit`` raises that bound: tests/cli/test_rows_layout.py).
- AtCoder ARC 131 C "Zero XOR": N cookies (<= 4 * 10^5, A_i < 2^30); each turn one is eaten, and
  whoever leaves cookies whose XOR is 0 wins at once; Win or Lose for the first player. A game of
  one's own on rows, ``--input counted``; at full size a clear refusal (one position's options).
- AtCoder ARC 091 F "Strange Nim": N piles (<= 200), each A_i and its K_i (<= 10^9); a move takes 1
  to floor(X / K_i) stones from a pile i of X; Takahashi (first) or Aoki. A heap game of one's own
  with the keyword parameter k, ``--input counted --params sum-last`` (N, then N lines ``A K``).
  Refused before this file (``--params sum``/``sum-last`` were only for the catalog's families);
  at full size each pile is a refusal (10^9 is beyond a table; the conjectured self-similar pattern
  is found for some k, but its local check lists floor(X / k) options).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

from tests.helpers import exported as export
from tests.helpers import python_lines as run_python
from tests.helpers import registered_rules

RULES = '''
import grundy


@grundy.game("cfat-removing-graph", arity=2)
def removing_graph(position, *, l=1, r=2):
    """CF 1823E: (1, n) a cycle of n vertices, (0, n) a path; erase l..r connected vertices"""
    cyclic, n = position
    takes = range(l, min(r, n) + 1)
    if cyclic:
        return [(0, n - k) if n > k else () for k in takes]
    return [grundy.Sum((0, a), (0, n - k - a)) for k in takes for a in range(n - k + 1)]


@grundy.game("cfat-zero-xor")
def zero_xor(cookies):
    """ARC 131 C: eat one cookie; whoever leaves cookies whose XOR is 0 wins at once"""
    options = []
    for i, c in enumerate(cookies):
        if c in cookies[:i]:
            continue
        rest = cookies[:i] + cookies[i + 1:]
        x = 0
        for d in rest:
            x ^= d
        options.append(() if x == 0 else rest)
    return options


CELLS = tuple((x, y) for y in range(-2, 3) for x in range(-2, 3) if abs(x + y) <= 2)


@grundy.game("cfat-sweets")
def sweets(position):
    """CF 63E: remove a run of chocolates along a line of the hexagon (bit i: cell i, reading order)"""
    (mask,) = position
    options = set()
    for key in (lambda c: c[1], lambda c: c[0], lambda c: c[0] + c[1]):
        for v in range(-2, 3):
            line = sorted((i for i, c in enumerate(CELLS) if key(c) == v), key=lambda i: CELLS[i])
            for a in range(len(line)):
                taken = 0
                for i in line[a:]:
                    if not mask >> i & 1:
                        break
                    taken |= 1 << i
                    options.add((mask & ~taken,))
    return list(options)


LINES = [[0, 1, 2], [3, 4, 5, 6]]


@grundy.heap_game("cfat-rows")
def rows(mask):
    """a run of set bits cleared along LINES (a list: not carried into a program)"""
    return [mask & ~sum(1 << i for i in line[a:b]) for line in LINES for a in range(len(line))
            for b in range(a + 1, len(line) + 1) if all(mask >> i & 1 for i in line[a:b])]


@grundy.heap_game("cfat-strange-nim")
def strange_nim(n, *, k=1):
    """ARC 091 F: take 1..floor(n/k) stones from a pile"""
    return range(n - n // k, n)
'''
NAMES = ("cfat-removing-graph", "cfat-zero-xor", "cfat-sweets", "cfat-rows", "cfat-strange-nim")


@pytest.fixture(scope="module", autouse=True)
def rules_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The rules file (for ``grundy --rules`` in a subprocess), its games registered in this process
    for this file's tests only."""
    yield from registered_rules(tmp_path_factory, "cfat", RULES, NAMES)


def grundy_run(rules: Path | None, argv: list[str], stdin: str, env: dict[str, str] | None = None
               ) -> subprocess.CompletedProcess[str]:
    """``grundy [--rules RULES] ARGV`` in a subprocess, on ``stdin``."""
    head = ["--rules", str(rules)] if rules is not None else []
    return subprocess.run([sys.executable, "-m", "grundy", *head, *argv], input=stdin,
                          capture_output=True, text=True, timeout=300,
                          env=None if env is None else {**os.environ, **env})


def both_routes(rules: Path | None, spec: str, options: list[str], stdin: str) -> list[str]:
    """The answers of ``solve SPEC --input OPTIONS -`` and of the exported Python main (``export
    SPEC --lang python --main OPTIONS``), which must agree."""
    done = grundy_run(rules, ["solve", spec, *options[:2], "-", *options[2:]], stdin)
    assert done.returncode == 0, done.stderr[-800:]
    got = done.stdout.split("\n")[:-1]
    program = export(spec, "--lang", "python", "--main", *options)  # (in this process: registered)
    assert run_python(program, stdin) == got
    return got


def first_wins(line: str) -> bool:
    """The outcome of an answer line ``VALUE OUTCOME``: the player to move wins."""
    value, outcome = line.split()
    assert outcome in ("N", "P") and (int(value) != 0) == (outcome == "N"), line
    return outcome == "N"


# ---- CF 1704F "Colouring Game" ------------------------------------------------------------------

@cache
def colouring_wins(cells: str, alice: bool) -> bool:
    """The player to move (Alice: red) wins: every pair of neighbours with one of her colour tried."""
    mine = "R" if alice else "B"
    return any(not colouring_wins(cells[:i] + "WW" + cells[i + 2:], not alice)
               for i in range(len(cells) - 1) if mine in cells[i:i + 2])


def alternating_runs(cells: str) -> list[int]:
    """The user's part: the lengths of the maximal runs whose neighbours differ."""
    runs, run = [], 1
    for a, b in pairwise(cells):
        if a != b:
            run += 1
        else:
            runs.append(run)
            run = 1
    return [*runs, run]


def test_cf1704f_colouring_game() -> None:
    rng = random.Random(1704)
    rows = ["RB", "RRB", "RBR", "RBRB", "RBBR", "RRBB", "RBRBRB", "BRRBRB", "RBRBRBRB"]
    rows += ["".join(rng.choice("RB") for _ in range(rng.randint(2, 11))) for _ in range(160)]
    judge = f"{len(rows)}\n" + "".join(f"{len(s)}\n{s}\n" for s in rows)
    equal = [s for s in rows if s.count("R") == s.count("B")]
    converted = f"{len(equal)}\n" + "".join(" ".join(map(str, [len(r := alternating_runs(s)), *r])) + "\n"
                                             for s in equal)
    lines = iter(both_routes(None, "dawson-kayles", ["--input", "cases"], converted))
    words = judge.split()
    for i in range(int(words[0])):
        cells = words[2 + 2 * i]
        reds, blues = cells.count("R"), cells.count("B")
        alice = reds > blues if reds != blues else first_wins(next(lines))
        assert alice == colouring_wins(cells, True), cells
    assert next(lines, None) is None
    assert any(s.count("R") == s.count("B") and colouring_wins(s, True) for s in rows)


# ---- CF 1823E "Removing Graph" ------------------------------------------------------------------

def removing_wins(n: int, edges: list[tuple[int, int]], low: int, high: int) -> bool:
    """Alice wins: every connected set of low..high remaining vertices erased, by bit masks."""
    near = [0] * n
    for u, v in edges:
        near[u - 1] |= 1 << (v - 1)
        near[v - 1] |= 1 << (u - 1)

    def connected(mask: int) -> bool:
        seen = reach = mask & -mask
        while reach:
            grown = 0
            for i in range(n):
                if reach >> i & 1:
                    grown |= near[i] & mask
            reach = grown & ~seen
            seen |= grown
        return seen == mask

    @cache
    def wins(left: int) -> bool:
        sub = left
        while sub:
            if low <= sub.bit_count() <= high and connected(sub) and not wins(left & ~sub):
                return True
            sub = (sub - 1) & left
        return False

    return wins((1 << n) - 1)


def random_cycles(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """The edges of a random graph of n vertices all of degree 2 (cycles of 3 or more)."""
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    sizes, left = [], n
    while left:
        size = left if left < 6 else rng.randint(3, left - 3) if rng.random() < 0.6 else left
        sizes.append(size)
        left -= size
    edges, at = [], 0
    for size in sizes:
        ring = labels[at:at + size]
        edges += [(ring[i], ring[(i + 1) % size]) for i in range(size)]
        at += size
    rng.shuffle(edges)
    return edges


def cycle_lengths(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """The user's part: the lengths of the graph's cycles."""
    near: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in edges:
        near[u].append(v)
        near[v].append(u)
    seen, lengths = [False] * (n + 1), []
    for start in range(1, n + 1):
        if not seen[start]:
            stack, size = [start], 0
            seen[start] = True
            while stack:
                size += 1
                for w in near[stack.pop()]:
                    if not seen[w]:
                        seen[w] = True
                        stack.append(w)
            lengths.append(size)
    return lengths


def test_cf1823e_removing_graph(rules_file: Path) -> None:
    rng = random.Random(1823)
    samples = [(6, 2, 3, [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)]),
               (6, 1, 2, [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 4)])]
    cases = samples + [(n, low, rng.randint(low + 1, n), random_cycles(rng, n))
                       for n in (3, 4, 5, 6, 6, 7, 8, 9, 9, 10) * 3 for low in [rng.randint(1, n - 1)]]
    for n, low, high, edges in cases:
        lengths = cycle_lengths(n, edges)
        converted = f"{len(lengths)} {low} {high}\n" + "".join(f"1 {c}\n" for c in lengths)
        (line,) = both_routes(rules_file, "cfat-removing-graph(l,r)",
                              ["--input", "counted", "--params", "after"], converted)
        assert first_wins(line) == removing_wins(n, edges, low, high), (n, low, high, lengths)


# ---- AtCoder ARC 131 C "Zero XOR" ---------------------------------------------------------------

@cache
def zero_xor_wins(cookies: tuple[int, ...]) -> bool:
    """The player to move wins: eat each cookie; leaving XOR 0 wins at once."""
    for i in range(len(cookies)):
        rest = cookies[:i] + cookies[i + 1:]
        x = 0
        for c in rest:
            x ^= c
        if x == 0 or not zero_xor_wins(rest):
            return True
    return False


def test_arc131c_zero_xor(rules_file: Path) -> None:
    rng = random.Random(131)
    rows = [(1, 2, 3, 5), (1, 2, 4), (1, 2, 4, 8), (7,), (3, 3), (1, 2, 3, 4, 5, 6)]
    rows += [tuple(rng.randint(1, 15) for _ in range(rng.randint(1, 7))) for _ in range(30)]
    for row in rows:
        judge = f"{len(row)}\n{' '.join(map(str, row))}\n"
        (line,) = both_routes(rules_file, "cfat-zero-xor", ["--input", "counted"], judge)
        assert first_wins(line) == zero_xor_wins(row), row


# ---- AtCoder ARC 091 F "Strange Nim" ------------------------------------------------------------

@cache
def strange_value(x: int, k: int) -> int:
    """The mex over every take 1..floor(x / k)."""
    seen = {strange_value(x - t, k) for t in range(1, x // k + 1)}
    return next(v for v in range(len(seen) + 1) if v not in seen)


def test_arc091f_strange_nim_piles_of_their_own_parameters(rules_file: Path) -> None:
    rng = random.Random(91)
    samples = [[(5, 2), (3, 3)], [(3, 3)], [(28, 3), (16, 4), (19, 2)]]  # Aoki, Takahashi, Aoki
    games = samples + [[(rng.randint(1, 60), rng.randint(1, 7)) for _ in range(rng.randint(1, 4))]
                       for _ in range(25)]
    for piles in games:
        judge = f"{len(piles)}\n" + "".join(f"{a} {k}\n" for a, k in piles)
        (line,) = both_routes(rules_file, "cfat-strange-nim(k)",
                              ["--input", "counted", "--params", "sum-last"], judge)
        total = 0
        for a, k in piles:
            total ^= strange_value(a, k)
        assert line == f"{total} {'N' if total else 'P'}", piles
        swapped = f"{len(piles)}\n" + "".join(f"{k} {a}\n" for a, k in piles)
        assert both_routes(rules_file, "cfat-strange-nim(k)",
                           ["--input", "counted", "--params", "sum"], swapped) == [line]
    assert [strange_value(5, 2) ^ strange_value(3, 3), strange_value(3, 3)] == [0, 1]


def test_arc091f_a_range_of_options_past_the_budget_is_refused_not_listed(rules_file: Path) -> None:
    """A conjectured pattern's local check at a heap of 10^9 whose options are a range of 3 * 10^8
    heaps: a refusal by the budget, not a list of every heap (a MemoryError after gigabytes)."""
    done = grundy_run(rules_file, ["solve", "cfat-strange-nim(k=3)", "999999937", "--conjecture"], "",
                      env={"GRUNDY_ADDRESS_SPACE_GIB": "2"})
    assert done.returncode == 2
    assert "checking the conjectured pattern at heap 999,999,937 needs more than" in done.stderr
    assert "MemoryError" not in done.stderr


# ---- CF 63E "Sweets Game" -----------------------------------------------------------------------

def sweets_picture_lines() -> list[list[int]]:
    """The board's lines read off the picture: row r (3, 4, 5, 4, 3 cells) indented 5 - its length
    half cells; a line steps 2 half cells along a row, or one row down and one half cell left or
    right."""
    at: dict[tuple[int, int], int] = {}
    for r, size in enumerate((3, 4, 5, 4, 3)):
        for c in range(size):
            at[(r, 5 - size + 2 * c)] = len(at)
    lines = []
    for dr, dx in ((0, 2), (1, 1), (1, -1)):
        for (r, x) in at:
            if (r - dr, x - dx) not in at:  # (the first cell of a line)
                line = []
                while (r, x) in at:
                    line.append(at[(r, x)])
                    r, x = r + dr, x + dx
                lines.append(line)
    return lines


def sweets_wins(board: str) -> bool:
    """Karlsson wins: every run of chocolates on every line eaten, by sets of cells."""
    lines = sweets_picture_lines()

    @cache
    def wins(full: frozenset[int]) -> bool:
        for line in lines:
            for a in range(len(line)):
                for b in range(a + 1, len(line) + 1):
                    run = line[a:b]
                    if not all(i in full for i in run):
                        break
                    if not wins(full - set(run)):
                        return True
        return False

    return wins(frozenset(i for i, ch in enumerate(board) if ch == "O"))


def test_cf63e_sweets_game(rules_file: Path) -> None:
    rng = random.Random(63)
    boards = ["OOO" + "." * 16, "O" * 5 + "." * 14, "O.O.O.O.O" + "." * 10, "." * 19]
    for _ in range(30):
        cells = rng.sample(range(19), rng.randint(1, 8))
        boards.append("".join("O" if i in cells else "." for i in range(19)))
    masks = [sum(1 << i for i, ch in enumerate(b) if ch == "O") for b in boards]  # the user's part
    lines = both_routes(rules_file, "cfat-sweets", ["--input", "lines"], "".join(f"{m}\n" for m in masks))
    for board, line in zip(boards, lines, strict=True):
        assert first_wins(line) == sweets_wins(board), board


def test_a_move_function_not_carried_says_why(rules_file: Path) -> None:
    """A heap game whose move function reads a list from the rules file is exported as its table
    alone; the export says so, and why, on stderr (it said nothing: beyond the table, error lines)."""
    done = grundy_run(rules_file, ["export", "cfat-rows", "--lang", "python", "--upto", "20"], "")
    assert done.returncode == 0, done.stderr
    assert "the move function reads LINES from outside the function" in done.stderr
    namespace: dict[str, object] = {}
    exec(done.stdout, namespace)
    with pytest.raises(ValueError, match="beyond the table"):
        namespace["grundy_value"](100)  # type: ignore[operator]
