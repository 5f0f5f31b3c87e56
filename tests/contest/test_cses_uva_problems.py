"""CSES game-theory problems and UVa problems, each answered through the public workflow (a catalog
game or family, or a game of one's own in a few lines, then ``table``, ``solve --input`` or
``export --main``) in the judge's layout, against a brute force written here from the statement.

1. CSES 1729 "Stick Game": ``n k``, then ``p_1..p_k``; a move removes some p_i sticks, whoever
   takes the last wins. Print W or L for every heap 1..n (one string).
2. CSES 1730 "Nim Game I": ``t``; a case ``n``, then ``x_1..x_n``; Nim. first / second.
3. CSES 1098 "Nim Game II": as 1730, but a move removes 1, 2 or 3 sticks from one heap.
4. CSES 1099 "Stair Game": ``t``; a case ``n``, then ``p_1..p_n`` balls on stairs 1..n; a move
   takes some balls from a stair k >= 2 to stair k - 1; whoever moves last wins. first / second.
5. CSES 2207 "Grundy's Game": ``t``, then ``t`` heaps n; a move splits a heap into two unequal
   non-empty heaps. first / second.
6. CSES 2208 "Another Game": ``t``; a case ``n``, then the heaps; a move takes one coin from each
   of some non-empty set of non-empty heaps; whoever takes the last coin wins. first / second.
7. UVa 10404 "Bachet's Game": lines ``n m s_1..s_m``; a move removes s_i stones; whoever takes the
   last wins. "Stan wins" (first) or "Ollie wins".
8. UVa 12293 "Box Game": lines ``n`` up to ``0``; boxes of n and 1 balls; a move empties the box
   with fewer balls and splits the other's balls into both boxes, each non-empty. Alice (first)
   or Bob.
9. UVa 11927 "Games Are Important": cases ``n m``, ``m`` edges of a DAG, then the stones on each
   of the ``n`` nodes, up to ``0 0``; a move slides one stone along an edge. First or Second.

grundy prints ``VALUE OUTCOME`` per case; the judge's words, and turning the judge's objects into
the game's positions (CSES's stair k is step k - 1 of grundy's staircase; UVa 11927's stone counts
into lists of tokens), are the user's part.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
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


def solve_input(layout: str, text: str, game: str, *more: str, tmp_path: Path) -> list[str]:
    """``grundy solve GAME --input LAYOUT FILE`` (in this process), which must succeed: its lines."""
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", game, "--input", layout, str(path), *more)
    assert code == 0, err
    return out.split("\n")[:-1]


def first_second(lines: list[str]) -> list[str]:
    """grundy's outcome letters as the CSES words."""
    return ["first" if line.split()[1] == "N" else "second" for line in lines]


@cache
def wins_tuple(heaps: tuple[int, ...], rule: str) -> bool:
    """Plain recursion over whole positions (tuples of heaps) from the statements' moves."""
    nexts: list[tuple[int, ...]] = []
    for i, h in enumerate(heaps):
        if rule == "nim":
            takes = range(1, h + 1)
        elif rule == "nim123":
            takes = range(1, min(h, 3) + 1)
        elif rule == "stair":  # CSES stair i + 1 >= 2 sends balls down one stair
            takes = range(1, h + 1) if i >= 1 else range(0)
        else:
            takes = range(0)
        for k in takes:
            to = list(heaps)
            to[i] -= k
            if rule == "stair":
                to[i - 1] += k
            nexts.append(tuple(to))
    if rule == "another":
        idx = [i for i, h in enumerate(heaps) if h]
        for mask in range(1, 1 << len(idx)):
            nexts.append(tuple(h - 1 if i in idx and mask >> idx.index(i) & 1 else h
                               for i, h in enumerate(heaps)))
    return any(not wins_tuple(t, rule) for t in nexts)


def cases_text(cases: list[list[int]]) -> str:
    """CSES's layout: t, then each case's n and its n numbers."""
    return f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)


# ---- the games of one's own, as a user writes them -----------------------------------------------

def another(p: tuple[int, ...]) -> list[object]:
    """CSES 2208: take one coin from each heap of a non-empty set of non-empty heaps"""
    idx = [i for i, x in enumerate(p) if x]
    out: list[object] = []
    for mask in range(1, 1 << len(idx)):
        q = list(p)
        for j, i in enumerate(idx):
            if mask >> j & 1:
                q[i] -= 1
        out.append(tuple(q))
    return out


def box(n: int) -> range:
    """UVa 12293: the larger box's n balls split into two non-empty boxes; the larger box is kept"""
    return range((n + 1) // 2, n)


NAMES = ("cu-another", "cu-box")


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    """The games, registered for this file's tests only."""
    grundy.game("cu-another")(another)
    grundy.heap_game("cu-box")(box)
    yield
    for name in NAMES:
        catalog.unregister(name)


# ---- 1. CSES 1729: Stick Game ------------------------------------------------------------------

def stick_brute(n: int, moves: list[int]) -> str:
    win = [False] * (n + 1)
    for i in range(1, n + 1):
        win[i] = any(p <= i and not win[i - p] for p in moves)
    return "".join("W" if w else "L" for w in win[1:])


def stick_by_table(text: str) -> str:
    """The route: the table of subtraction(p_1..p_k) up to n, its values read as W (non-zero) or L."""
    words = text.split()
    n, k = int(words[0]), int(words[1])
    moves = words[2:2 + k]
    code, out, err = cli("table", f"subtraction({','.join(moves)})", "--upto", str(n), "--json")
    assert code == 0, err
    return "".join("W" if v else "L" for v in json.loads(out)["values"][1:])


def test_cses1729_stick_game() -> None:
    assert stick_by_table("10 3\n1 2 5\n") == "WWLWWLWWLW"  # (3 loses: to 2 or 1, both win)
    rng = random.Random(1729)
    for _ in range(40):
        n = rng.randint(1, 300)
        moves = sorted(rng.sample(range(1, n + 1), rng.randint(1, min(n, 8))))
        assert stick_by_table(f"{n} {len(moves)}\n{' '.join(map(str, moves))}\n") == stick_brute(n, moves)


# ---- 2-4, 6. CSES 1730, 1098, 1099, 2208: heaps in CSES's layout ---------------------------------

def random_cases(rng: random.Random, count: int, most: int, longest: int, least: int = 1) -> list[list[int]]:
    return [[rng.randint(least, most) for _ in range(rng.randint(1, longest))] for _ in range(count)]


def test_cses1730_nim_game_i(tmp_path: Path) -> None:
    sample = cases_text([[5, 7, 2, 5], [4, 1], [3, 5, 6]])
    want = ["first", "first", "second"]  # (the statement's example)
    assert first_second(solve_input("cases", sample, "nim", tmp_path=tmp_path)) == want
    cases = random_cases(random.Random(1730), 60, 5, 3)
    got = first_second(solve_input("cases", cases_text(cases), "nim", tmp_path=tmp_path))
    assert got == ["first" if wins_tuple(tuple(c), "nim") else "second" for c in cases]


def test_cses1098_nim_game_ii(tmp_path: Path) -> None:
    cases = random_cases(random.Random(1098), 60, 9, 3)
    want = ["first" if wins_tuple(tuple(c), "nim123") else "second" for c in cases]
    for game in ("subtraction(1,2,3)", "bounded-nim(3)"):
        assert first_second(solve_input("cases", cases_text(cases), game, tmp_path=tmp_path)) == want


def test_cses1099_stair_game(tmp_path: Path) -> None:
    """CSES's stair 1 is where balls stop: stair k is grundy's step k - 1, so a case's counts drop
    p_1 (a single stair: a case of no step, no move, as the exported program answers it too)."""
    cases = random_cases(random.Random(1099), 80, 3, 4, least=0)
    text = cases_text([c[1:] for c in cases])
    want = ["first" if wins_tuple(tuple(c), "stair") else "second" for c in cases]
    assert any(len(c) == 1 for c in cases)
    assert first_second(solve_input("cases", text, "staircase", tmp_path=tmp_path)) == want
    source = export("staircase", "--main", "--input", "cases", "--lang", "python")
    assert first_second(python_lines(source, text)) == want


def test_cses2208_another_game(tmp_path: Path) -> None:
    """A game of one's own on the tuple of heaps (a case: n, then the n numbers of one position);
    small heaps only: the position is not a sum, and grundy finds no rule for tuples of any length."""
    cases = random_cases(random.Random(2208), 50, 3, 3)
    got = first_second(solve_input("cases", cases_text(cases), "cu-another", tmp_path=tmp_path))
    assert got == ["first" if wins_tuple(tuple(c), "another") else "second" for c in cases]


# ---- 5. CSES 2207: Grundy's Game ---------------------------------------------------------------

def grundys_game(upto: int) -> list[int]:
    """From the statement: split a heap into two unequal non-empty heaps (their values XOR)."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex(g[a] ^ g[n - a] for a in range(1, (n + 1) // 2) if 2 * a != n))
    return g


def test_cses2207_grundys_game(tmp_path: Path) -> None:
    rng = random.Random(2207)
    heaps = [rng.randint(1, 120) for _ in range(200)] + [1, 2, 3, 4, 1222, 1223]
    text = f"{len(heaps)}\n" + "\n".join(map(str, heaps)) + "\n"
    g = grundys_game(1223)
    want = ["first" if g[n] else "second" for n in heaps]
    assert first_second(solve_input("single", text, "grundy-game", tmp_path=tmp_path)) == want
    source = export("grundy-game", "--main", "--input", "single", "--lang", "python")
    assert first_second(python_lines(source, text)) == want
    if HAS_GXX:
        exe = compile_cpp_together([export("grundy-game", "--main", "--input", "single")], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=300)
        assert first_second(done.stdout.split("\n")[:-1]) == want


# ---- 7. UVa 10404: Bachet's Game ---------------------------------------------------------------

SAMPLE_10404 = ("20 3 1 3 8\n21 3 1 3 8\n22 3 1 3 8\n23 3 1 3 8\n1000000 10 1 23 38 11 7 5 4 8 3 13\n"
                "999996 10 1 23 38 11 7 5 4 8 3 13\n")


def stan_ollie(lines: list[str]) -> list[str]:
    return ["Stan wins" if line.split()[1] == "N" else "Ollie wins" for line in lines]


def test_uva10404_bachets_game(tmp_path: Path) -> None:
    """A line is one heap, then the set (its size, then its members): ``--params last``."""
    want = ["Stan wins", "Stan wins", "Ollie wins", "Stan wins", "Stan wins", "Ollie wins"]
    rng = random.Random(10404)
    text = SAMPLE_10404
    for _ in range(40):
        moves = sorted({1, *rng.sample(range(2, 30), rng.randint(0, 9))})
        n = rng.randint(1, 500)
        text += f"{n} {len(moves)} {' '.join(map(str, rng.sample(moves, len(moves))))}\n"
        want.append("Stan wins" if stick_brute(n, moves)[-1] == "W" else "Ollie wins")
    args = ("subtraction(S)", "--params", "last")
    assert stan_ollie(solve_input("lines", text, *args, tmp_path=tmp_path)) == want
    assert stan_ollie(python_lines(export(*args, "--main", "--lang", "python"), text)) == want
    if HAS_GXX:
        exe = compile_cpp_together([export(*args, "--main")], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=300)
        assert stan_ollie(done.stdout.split("\n")[:-1]) == want


def test_uva10404_a_line_not_one_heap_then_its_set_is_an_error_line(tmp_path: Path) -> None:
    """Two heaps before the set would be misread as one heap and a set: the count must match."""
    path = tmp_path / "judge.in"
    path.write_text("20 3 1 3 8\n5 2 2 1 3\n7 3 1 3 8 9\n")
    code, out, err = cli("solve", "subtraction(S)", "--input", "lines", "--params", "last", str(path))
    lines = out.split("\n")[:-1]
    assert code == 2 and lines[0] == "3 N"
    assert all(x.startswith("error: a line is one heap") for x in lines[1:])
    assert "2 of 3 cases failed" in err


# ---- 8. UVa 12293: Box Game --------------------------------------------------------------------

def box_wins(upto: int) -> list[bool]:
    """From the statement, on the two boxes: from (n, 1) the larger box n splits into (a, n - a),
    and the next player empties the smaller; n wins iff some split's larger box loses.
    (The losing n below each size are counted, so that each n costs one subtraction.)"""
    win = [False] * (upto + 1)
    losing = [0] * (upto + 2)  # losing[m]: how many n < m lose
    for n in range(1, upto + 1):
        low = (n + 1) // 2  # the larger box after a split: low..n-1
        win[n] = n > 1 and losing[n] - losing[low] > 0
        losing[n + 1] = losing[n] + (not win[n])
    return win


def test_uva12293_box_game() -> None:
    """A heap game of one's own (the larger box, split); its pattern is a conjecture, so the Python
    export answers past its table by it, each answer checked locally against the move function."""
    code, out, err = cli("table", "cu-box", "--upto", "100")
    assert code == 0 and "P iff n is one of the numbers 2^k - 1 (conjecture" in out, err
    source = export("cu-box", "--main", "--lang", "python", "--conjecture", "--upto", "200")
    ns = [*range(2, 700), 2 ** 19 - 1, 2 ** 19, 2 ** 20 - 1, 10 ** 6]
    win = box_wins(2 ** 20)
    lines = python_lines(source, "\n".join(map(str, ns)) + "\n")  # (the judge's final 0: the user's)
    assert ["Alice" if x.split()[1] == "N" else "Bob" for x in lines] == \
        ["Alice" if win[n] else "Bob" for n in ns]


# ---- 9. UVa 11927: Games Are Important ---------------------------------------------------------

def dag_wins(n: int, edges: list[tuple[int, int]], stones: list[int]) -> bool:
    """From the statement: the multiset of stones' nodes, a stone slides along an edge."""
    succ: dict[int, list[int]] = {v: [] for v in range(n)}
    for a, b in edges:
        succ[a].append(b)

    @cache
    def wins(tokens: tuple[int, ...]) -> bool:
        for i, v in enumerate(tokens):
            for w in succ[v]:
                if not wins(tuple(sorted((*tokens[:i], w, *tokens[i + 1:])))):
                    return True
        return False

    return wins(tuple(sorted(v for v in range(n) for _ in range(stones[v]))))


def test_uva11927_games_are_important(tmp_path: Path) -> None:
    """The judge's cases rewritten by the user: each case's stone counts as one query ``k v_1..v_k``
    (the stones' nodes), then 0; ``digraph(G)`` reads blocks of a graph and its queries. A graph
    ``n 0`` (no edge) is a graph, not the ``0 0`` that ends the input."""
    rng = random.Random(11927)
    judge, ours, want = [], [], []
    for _ in range(30):
        n = rng.randint(1, 6)
        edges = sorted({(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4})
        stones = [rng.randint(0, 2) for _ in range(n)]
        if sum(stones) > 5:
            stones = [min(s, 1) for s in stones]
        body = f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)
        judge.append(body + "".join(f"{s}\n" for s in stones) + "\n")
        # (no stone at all: a query of 0 tokens would end the block, so one token on a sink, value 0)
        tokens = [v for v in range(n) for _ in range(stones[v])] or [n - 1]
        ours.append(body + f"{len(tokens)} {' '.join(map(str, tokens))}\n0\n")
        want.append("First" if dag_wins(n, edges, stones) else "Second")
    assert judge  # (the judge's layout, kept for the record; grundy reads the rewritten one)
    text = "".join(ours) + "0 0\n"
    args = ("digraph(G)", "--input", "repeated", "--params", "block")
    lines = solve_input("repeated", text, *args[:1], *args[3:], tmp_path=tmp_path)
    assert ["First" if x.split()[1] == "N" else "Second" for x in lines] == want
    lines = python_lines(export(*args, "--main", "--lang", "python"), text)
    assert ["First" if x.split()[1] == "N" else "Second" for x in lines] == want
    if HAS_GXX:
        exe = compile_cpp_together([export(*args, "--main")], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=300)
        assert ["First" if x.split()[1] == "N" else "Second" for x in done.stdout.split("\n")[:-1]] == want
