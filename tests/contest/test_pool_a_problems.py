"""Fresh POJ / LibreOJ / Luogu / HihoCoder problems (pool A) through the public workflow, each in
its judge's layout, against a brute force written here from the statement (every move tried):

1. POJ 2599 "A funny game" (Timus 1045): ``N K`` (N <= 1000, K the start), then the ``N - 1``
   flights of a tree; a move flies to a neighbour and destroys the airport left; who cannot move
   loses. "First player wins flying to airport L" (the smallest L) or "First player loses".
2. POJ 1143 "Number Game": lines ``n a_1 .. a_n`` (the numbers of 2..20 not yet forbidden) up to
   ``0``; choosing a number forbids it, its multiples and their sums with forbidden numbers; who
   cannot choose loses. Every winning move, in increasing order (the exported program lists them
   too: before, ``export --winning-moves`` refused a game of one's own on several numbers).
3. LibreOJ 10243 "移棋子游戏" (AcWing 1319): ``N M K`` (N <= 2000, M <= 6000, K <= N), the ``M``
   edges of a DAG, then the ``K`` vertices of the tokens; a move slides one token along an edge;
   who cannot move loses. win / lose.
4. Luogu P3150 "pb的游戏（1）": ``N``, then ``N`` numbers ``M`` (M <= 10^9); the player to move
   splits the number into two positive parts, the other keeps one of them and splits it in turn;
   who cannot split loses. "pb wins" (pb splits first) or "zs wins".
5. LibreOJ 10241 "取石子游戏 1": ``N K``; take 1..K stones of N, who takes the last wins; 1 if the
   first player wins, else 2.
6. HihoCoder 1172 "博弈游戏·Nim游戏·二": ``N`` (<= 10^4), then a row of ``H``/``T`` coins; turn a
   head over and, optionally, any one coin to its left; who turns the last head wins. Alice/Bob.

The judges' words, and reshaping an input that a route does not read as it stands (HihoCoder
1172's row without its count, or as its heads' positions for the exported program), are the
user's part. ``--params size-first`` / ``counts-first`` read a graph's counts on the case's first
line (POJ 2599's ``N K``, LibreOJ 10243's ``N M K``), and ``--winning-moves`` lists vertex
geography's winning first moves (POJ 2599's airport): before, every layout refused both inputs,
and the airport was only in ``solve --graph FILE K --json`` on the flights reshaped as a file.
"""

from __future__ import annotations

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


def run_lines(tmp_path: Path, *argv: str, text: str, name: str = "judge.in") -> list[str]:
    """``grundy ARGV FILE`` on ``text`` (in this process), which must succeed: its lines."""
    path = tmp_path / name
    path.write_text(text)
    code, out, err = cli(*argv, str(path))
    assert code == 0, err
    return out.split("\n")[:-1]


# ---- the games of one's own, as a user writes them ----------------------------------------------

def number_game(position: tuple[int, ...]) -> list[object]:
    """POJ 1143: the numbers of 2..20 still allowed; choosing x forbids x and every y whose y - x is
    forbidden (the forbidden numbers are closed under sums)"""
    allowed = set(position)
    out: list[object] = []
    for x in position:
        gone = {y for y in range(2, 21) if y not in allowed} | {x}
        for y in range(x + 1, 21):
            if y - x in gone:
                gone.add(y)
        out.append(tuple(y for y in range(2, 21) if y not in gone))
    return out


def pb_split(p: tuple[int, int], *, m: int = 1) -> list[object]:
    """P3150: the two parts; the player to move keeps one and splits it (a part of 1 cannot be
    split). The start (m, 1): m to split."""
    a, b = p
    return [tuple(sorted((c, x - c))) for x in (a, b) for c in range(1, x // 2 + 1)]


NAMES = ("pa-number-game", "pa-pb")


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    """The games, registered for this file's tests only."""
    grundy.game("pa-number-game")(number_game)
    grundy.game("pa-pb", arity=2, start=lambda m: (m, 1))(pb_split)
    yield
    for name in NAMES:
        catalog.unregister(name)


# ---- 1. POJ 2599: A funny game -------------------------------------------------------------------

def random_tree(n: int, rng: random.Random) -> list[tuple[int, int]]:
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    return [(labels[i], labels[rng.randrange(i)]) for i in range(1, n)]


def airport_brute(n: int, k: int, edges: list[tuple[int, int]]) -> int | None:
    """From the statement: the smallest first flight that wins, None when the first player loses."""
    return min(airport_moves(n, k, edges), default=None)


def airport_moves(n: int, k: int, edges: list[tuple[int, int]]) -> list[int]:
    """Every first flight that wins, increasing (every play tried; the airports left behind are
    destroyed)."""
    adj: dict[int, list[int]] = {v: [] for v in range(1, n + 1)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)

    @cache
    def wins(v: int, gone: frozenset[int]) -> bool:
        return any(not wins(u, gone | {v}) for u in adj[v] if u not in gone)

    return sorted({u for u in adj[k] if not wins(u, frozenset({k}))})


def airport_text(n: int, k: int, edges: list[tuple[int, int]]) -> str:
    return f"{n} {k}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def airport_line(lines: list[str]) -> str:
    """The judge's line from the lines of one case with ``--winning-moves`` (``- N K``, then the
    ``K`` airports a first flight wins by, increasing)."""
    if lines == ["- P 0"]:
        return "First player loses"
    assert lines[0].startswith("- N ") and int(lines[0].split()[2]) == len(lines) - 1 > 0, lines
    return f"First player wins flying to airport {lines[1]}"


POJ2599 = ("vertex-geography(T)", "--input", "counted", "--params", "size-first", "--winning-moves")


def airport_want(n: int, k: int, edges: list[tuple[int, int]]) -> str:
    best = airport_brute(n, k, edges)
    return "First player loses" if best is None else f"First player wins flying to airport {best}"


def test_poj2599_funny_game(tmp_path: Path) -> None:
    """The input as it stands (``--params size-first``: ``N K``, then the flights), each case's
    winning first flights listed (``--winning-moves``), by grundy and by its Python program (C++:
    the slow test)."""
    rng = random.Random(2599)
    cases = [(4, 3, [(3, 2), (3, 1), (1, 4)]), (1, 1, []), (2, 2, [(1, 2)])]
    for _ in range(60):
        n = rng.randint(2, 9)
        cases.append((n, rng.randint(1, n), random_tree(n, rng)))
    program = export(POJ2599[0], "--lang", "python", "--main", *POJ2599[1:])
    for n, k, edges in cases:
        text = airport_text(n, k, edges)
        got = run_lines(tmp_path, "solve", *POJ2599, text=text)
        assert airport_line(got) == airport_want(n, k, edges), (n, k, edges)
        assert python_lines(program, text) == got


def tree_first_moves(n: int, k: int, edges: list[tuple[int, int]]) -> list[int]:
    """The winning first flights on a tree at full size, by the statement's recursion made
    iterative: once the token leaves v for u, only u's side of the tree is left (a child c of u
    wins iff no child of c does)."""
    adj: dict[int, list[int]] = {v: [] for v in range(1, n + 1)}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    parent, order, stack = {k: 0}, [], [k]
    while stack:
        v = stack.pop()
        order.append(v)
        for u in adj[v]:
            if u != parent[v]:
                parent[u] = v
                stack.append(u)
    wins: dict[int, bool] = {}
    for v in reversed(order):  # (children first)
        wins[v] = any(not wins[u] for u in adj[v] if u != parent[v])
    return sorted(u for u in adj[k] if not wins[u])


def test_poj2599_at_full_size(tmp_path: Path) -> None:
    """N = 1000: a random tree and a path, against the recursion on the tree's sides."""
    rng = random.Random(1045)
    path_edges = [(i, i + 1) for i in range(1, 1000)]
    for n, k, edges in ((1000, 500, random_tree(1000, rng)), (1000, 1, path_edges),
                        (1000, 500, path_edges), (1000, 501, path_edges)):
        moves = tree_first_moves(n, k, edges)
        got = run_lines(tmp_path, "solve", *POJ2599, text=airport_text(n, k, edges))
        assert got == [f"- {'N' if moves else 'P'} {len(moves)}", *map(str, moves)]
    program = export(POJ2599[0], "--lang", "python", "--main", *POJ2599[1:])
    assert python_lines(program, airport_text(n, k, edges)) == got


def test_vertex_geography_first_moves_on_any_graph(tmp_path: Path) -> None:
    """The winning first moves of vertex geography on random graphs with odd cycles (the matching
    of G - v found by Edmonds' search), every start of one graph (``--params first``), against
    the brute force of POJ 2599 on the same graph."""
    rng = random.Random(1045)
    for _ in range(25):
        n = rng.randint(1, 9)
        pairs = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)]
        edges = rng.sample(pairs, rng.randint(0, len(pairs)))
        text = (f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
                + f"{n}\n" + "".join(f"{k}\n" for k in range(1, n + 1)))
        argv = ("vertex-geography(G)", "--input", "single", "--params", "first", "--winning-moves")
        got = run_lines(tmp_path, "solve", *argv, text=text)
        want = []
        for k in range(1, n + 1):
            moves = airport_moves(n, k, edges)
            want += [f"- {'N' if moves else 'P'} {len(moves)}", *map(str, moves)]
        assert got == want, (n, edges)
        program = export(argv[0], "--lang", "python", "--main", *argv[1:])
        assert python_lines(program, text) == want


# ---- 2. POJ 1143: Number Game ----------------------------------------------------------------------

def closure(forbidden: frozenset[int]) -> frozenset[int]:
    """The numbers of 2..20 that are sums of forbidden ones (a fixpoint: every sum tried)."""
    out = set(forbidden)
    while True:
        more = {a + b for a in out for b in out if a + b <= 20} - out
        if not more:
            return frozenset(out)
        out |= more


@cache
def number_game_wins(allowed: frozenset[int]) -> bool:
    return bool(winning_choices(allowed))


def winning_choices(allowed: frozenset[int]) -> list[int]:
    """From the statement: a choice wins iff the position it leaves is lost."""
    forbidden = frozenset(range(2, 21)) - allowed
    return [x for x in sorted(allowed)
            if not number_game_wins(frozenset(range(2, 21)) - closure(forbidden | {x}))]


def number_game_report(cases: list[frozenset[int]], got: list[str]) -> list[str]:
    """The judge's output from ``solve --input repeated --winning-moves``: each case's line ``V O
    K``, then its ``K`` positions after a winning choice; the choice is the smallest number gone."""
    out, at = [], 0
    for i, allowed in enumerate(cases, 1):
        count = int(got[at].split()[2])
        after = [set() if line == "nothing left" else set(map(int, line.split()))
                 for line in got[at + 1:at + 1 + count]]
        at += 1 + count
        chosen = sorted(min(allowed - rest) for rest in after)
        out += [f"Test Case #{i}", f"The winning moves are: {' '.join(map(str, chosen))}" if chosen
                else "There's no winning move.", ""]
    assert at == len(got)
    return out


def test_poj1143_number_game(tmp_path: Path) -> None:
    """Positions reached by random plays from the full set (so their forbidden numbers are closed
    under sums, as the judge's are), the full set itself, and the statement's examples."""
    rng = random.Random(1143)
    cases = [frozenset({2, 5}), frozenset({2, 3}), frozenset({2, 3, 4, 5, 6}), frozenset(range(2, 21))]
    for _ in range(80):
        allowed = frozenset(range(2, 21))
        for _ in range(rng.randint(1, 4)):
            if allowed:
                allowed -= closure(frozenset(range(2, 21)) - allowed | {rng.choice(sorted(allowed))})
        if allowed:
            cases.append(allowed)
    text = "".join(f"{len(a)} {' '.join(map(str, sorted(a)))}\n" for a in cases) + "0\n"
    got = run_lines(tmp_path, "solve", "pa-number-game", "--input", "repeated", "--winning-moves",
                    text=text)
    # the program to submit (Python: it carries the move function) lists the same moves
    program = export("pa-number-game", "--lang", "python", "--main", "--input", "repeated",
                     "--winning-moves")
    assert python_lines(program, text) == got
    want = []
    for i, allowed in enumerate(cases, 1):
        chosen = winning_choices(allowed)
        want += [f"Test Case #{i}", f"The winning moves are: {' '.join(map(str, chosen))}" if chosen
                 else "There's no winning move.", ""]
    assert number_game_report(cases, got) == want


# ---- 3. LibreOJ 10243: 移棋子游戏 ------------------------------------------------------------------

def random_dag(n: int, m: int, rng: random.Random) -> list[tuple[int, int]]:
    """``m`` distinct edges, each from a later vertex of a random order to an earlier one."""
    order = list(range(1, n + 1))
    rng.shuffle(order)
    edges: set[tuple[int, int]] = set()
    while len(edges) < min(m, n * (n - 1) // 2):
        i, j = sorted(rng.sample(range(n), 2))
        edges.add((order[j], order[i]))
    return sorted(edges)


def tokens_brute(edges: list[tuple[int, int]], tokens: list[int]) -> bool:
    """From the statement: the player to move wins (every move of every token tried)."""
    out: dict[int, list[int]] = {}
    for u, v in edges:
        out.setdefault(u, []).append(v)

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        return any(not wins(tuple(sorted((*position[:i], v, *position[i + 1:]))))
                   for i, u in enumerate(position) for v in out.get(u, []))

    return wins(tuple(sorted(tokens)))


def tokens_text(n: int, edges: list[tuple[int, int]], tokens: list[int]) -> str:
    return (f"{n} {len(edges)} {len(tokens)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
            + " ".join(map(str, tokens)) + "\n")


LOJ10243 = ("digraph(G)", "--input", "counted", "--params", "counts-first")


def test_loj10243_tokens_on_a_dag(tmp_path: Path) -> None:
    rng = random.Random(10243)
    sample = [(2, 1), (2, 4), (1, 4), (1, 5), (4, 5), (1, 3), (3, 5), (3, 6)]
    cases = [(6, sample, [1, 2, 4, 6]), (3, [], [1, 2, 3]), (4, [(2, 1)], [3])]
    for _ in range(50):
        n = rng.randint(1, 7)
        cases.append((n, random_dag(n, rng.randint(0, 10), rng),
                      [rng.randint(1, n) for _ in range(rng.randint(1, 3))]))
    program = export(*LOJ10243[:1], "--lang", "python", "--main", *LOJ10243[1:])
    for n, edges, tokens in cases:
        want = "win" if tokens_brute(edges, tokens) else "lose"
        text = tokens_text(n, edges, tokens)
        (line,) = run_lines(tmp_path, "solve", *LOJ10243, text=text)
        assert ("win" if line.endswith(" N") else "lose") == want, (n, edges, tokens)
        assert python_lines(program, text) == [line]


def dag_values(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Each vertex's mex value, successors first (Kahn's order on the reversed edges)."""
    out: list[list[int]] = [[] for _ in range(n + 1)]
    into = [0] * (n + 1)
    for u, v in edges:
        out[u].append(v)
        into[v] += 1
    order = [v for v in range(1, n + 1) if into[v] == 0]
    for v in order:
        for w in out[v]:
            into[w] -= 1
            if into[w] == 0:
                order.append(w)
    value = [0] * (n + 1)
    for v in reversed(order):
        value[v] = mex(value[w] for w in out[v])
    return value


def test_loj10243_at_full_size(tmp_path: Path) -> None:
    """N = 2000, M = 6000, K = 2000: grundy and its Python program, against the mex values."""
    rng = random.Random(1319)
    n = 2000
    edges = random_dag(n, 6000, rng)
    tokens = [rng.randint(1, n) for _ in range(n)]
    value = dag_values(n, edges)
    total = 0
    for t in tokens:
        total ^= value[t]
    want = f"{total} {'N' if total else 'P'}"
    text = tokens_text(n, edges, tokens)
    assert run_lines(tmp_path, "solve", *LOJ10243, text=text) == [want]
    program = export(*LOJ10243[:1], "--lang", "python", "--main", *LOJ10243[1:])
    assert python_lines(program, text) == [want]


@pytest.mark.slow
@pytest.mark.skipif(not HAS_GXX, reason="needs g++")
def test_graph_counts_on_the_first_line_in_cpp(tmp_path: Path) -> None:
    """The C++ programs read POJ 2599's and LibreOJ 10243's inputs as they stand, and list the
    winning first moves of vertex geography (any graph, odd cycles too)."""
    rng = random.Random(2026)
    runs = []
    trees = [(1, 1, [])] + [(n, rng.randint(1, n), random_tree(n, rng))
                            for n in (rng.randint(2, 9) for _ in range(30))]
    for n, k, edges in trees:
        moves = airport_moves(n, k, edges)
        runs.append(((POJ2599[0], "--main", *POJ2599[1:]), airport_text(n, k, edges),
                     [f"- {'N' if moves else 'P'} {len(moves)}", *map(str, moves)]))
    for n in (5, 7, 9):  # (any graph, odd cycles too: every start of one graph)
        pairs = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)]
        edges = rng.sample(pairs, len(pairs) // 2)
        want = []
        for k in range(1, n + 1):
            moves = airport_moves(n, k, edges)
            want += [f"- {'N' if moves else 'P'} {len(moves)}", *map(str, moves)]
        runs.append((("vertex-geography(G)", "--main", "--input", "single", "--params", "first",
                      "--winning-moves"),
                     f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
                     + f"{n}\n" + "".join(f"{k}\n" for k in range(1, n + 1)), want))
    dags = [(n, random_dag(n, rng.randint(0, 10), rng), [rng.randint(1, n) for _ in range(3)])
            for n in (rng.randint(1, 7) for _ in range(30))]
    for n, edges, tokens in dags:
        runs.append(((LOJ10243[0], "--main", *LOJ10243[1:]), tokens_text(n, edges, tokens),
                     ["N" if tokens_brute(edges, tokens) else "P"]))
    binaries: dict[tuple[str, ...], Path] = {}
    for argv, text, want in runs:
        if argv not in binaries:
            source = tmp_path / f"p{len(binaries)}.cpp"
            source.write_text(export(*argv))
            binary = tmp_path / f"p{len(binaries)}"
            subprocess.run(["g++", "-std=c++17", "-O0", "-o", str(binary), str(source)], check=True)
            binaries[argv] = binary
        done = subprocess.run([str(binaries[argv])], input=text, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.split("\n")[:-1]
        assert [line.split()[-1] if len(want[0]) == 1 else line for line in lines] == want, argv


# ---- 4. Luogu P3150: pb的游戏（1） ------------------------------------------------------------------

@cache
def splitter_wins(n: int) -> bool:
    """From the statement: a split wins iff the other loses whichever part they keep and split."""
    return any(not splitter_wins(a) and not splitter_wins(n - a) for a in range(1, n))


def test_p3150_pb_game(tmp_path: Path) -> None:
    """A game on pairs of one's own whose start is (M, 1); its start values over M tabulated, then
    ``--conjecture``: past the games searched, the pattern of their outcomes (M odd: P)."""
    for n in range(1, 241):
        splitter_wins(n)
    ms = [1, 3, 7, 20, 5, *range(1, 241)]
    text = f"{len(ms)}\n" + "".join(f"{m}\n" for m in ms)
    want = ["pb wins" if splitter_wins(m) else "zs wins" for m in ms]
    got = run_lines(tmp_path, "solve", "pa-pb(m)", "--input", "cases", "--conjecture", text=text)
    assert ["pb wins" if line.endswith(" N") else "zs wins" for line in got] == want
    program = export("pa-pb(m)", "--lang", "python", "--main", "--input", "cases", "--conjecture")
    assert python_lines(program, text) == got
    # M up to 10^9: answered by the conjectured pattern, which the program says it rests on
    big = "3\n1000000000\n999999999\n123456789\n"
    assert [line.split()[1] for line in python_lines(program, big)] == ["N", "P", "P"]
    path = tmp_path / "big.in"
    path.write_text(big)
    code, out, err = cli("solve", "pa-pb(m)", "--input", "cases", "--conjecture", str(path))
    assert code == 0 and [line.split()[1] for line in out.split("\n")[:-1]] == ["N", "P", "P"]
    assert "conjecture" in err and "not proved" in err
    # without --conjecture, a game too big to search says which flag answers it
    path.write_text("1\n3000\n")
    code, out, err = cli("solve", "pa-pb(m)", "--input", "cases", "--limit", "1000", str(path))
    assert code == 2 and out.startswith("error: ") and "raise --limit; --conjecture answers" in out


# ---- 5. LibreOJ 10241: 取石子游戏 1 ----------------------------------------------------------------

@cache
def take_wins(n: int, k: int) -> bool:
    return any(not take_wins(n - t, k) for t in range(1, min(k, n) + 1))


def test_loj10241_take_one_to_k(tmp_path: Path) -> None:
    """One line ``N K``: the family ``bash(m)``, its parameter last on the line; many lines at
    once here (each a judge's input), and the exported program on each."""
    pairs = [(23, 3)] + [(n, k) for n in range(0, 60) for k in range(1, 9)]
    for k in range(1, 9):
        for n in range(60):
            take_wins(n, k)
    text = "".join(f"{n} {k}\n" for n, k in pairs)
    got = run_lines(tmp_path, "solve", "bash(m)", "--input", "lines", "--params", "last", text=text)
    assert ["1" if line.endswith(" N") else "2" for line in got] == \
        ["1" if take_wins(n, k) else "2" for n, k in pairs]
    program = export("bash(m)", "--lang", "python", "--main", "--input", "lines", "--params", "last")
    assert python_lines(program, text + "1000000000 999999998\n2000000000 999999999\n") == \
        [*got, "1 N", "0 P"]


# ---- 6. HihoCoder 1172: 博弈游戏·Nim游戏·二 --------------------------------------------------------

@cache
def coins_win(row: str) -> bool:
    """From the statement: turn a head over, and optionally any one coin to its left."""
    flip = {"H": "T", "T": "H"}
    for i, c in enumerate(row):
        if c != "H":
            continue
        turned = row[:i] + "T" + row[i + 1:]
        if not coins_win(turned):
            return True
        if any(not coins_win(turned[:j] + flip[turned[j]] + turned[j + 1:]) for j in range(i)):
            return True
    return False


def alice_bob(lines: list[str]) -> list[str]:
    """The judge's answer of each line ``VALUE OUTCOME``: Alice moves first."""
    return ["Alice" if line.endswith(" N") else "Bob" for line in lines]


HIHO1172 = ("turning-turtles", "--input", "counted", "--params", "size-first")
"""The judge's layout as it stands: ``N``, then the row of ``N`` coins."""


def test_hihocoder1172_turning_coins(tmp_path: Path) -> None:
    """The judge's input as it stands (``N``, then the row) through ``solve --input counted
    --params size-first`` and the exported Python program; many rows at once with ``--input cases``
    (``T``, then each case ``N`` and its row); and the old routes (``--batch`` on the rows, the
    program on the heads' positions) still agree."""
    rng = random.Random(1172)
    rows = ["HHTHTTHT", "T", "H", "TTTT"] + ["".join(rng.choice("HT") for _ in range(rng.randint(1, 9)))
                                             for _ in range(80)]
    want = ["Alice" if coins_win(row) else "Bob" for row in rows]
    program = export(*HIHO1172, "--lang", "python", "--main")
    for row, judge in list(zip(rows, want, strict=True))[:12]:  # (one case, exactly as the judge gives it)
        text = f"{len(row)}\n{row}\n"
        assert alice_bob(run_lines(tmp_path, "solve", *HIHO1172, text=text)) == [judge]
        assert alice_bob(python_lines(program, text)) == [judge]
    text = f"{len(rows)}\n" + "".join(f"{len(row)}\n{row}\n" for row in rows)
    got = run_lines(tmp_path, "solve", "turning-turtles", "--input", "cases", "--params", "size-first",
                    text=text)
    assert alice_bob(got) == want
    cases = export("turning-turtles", "--lang", "python", "--main", "--input", "cases", "--params",
                   "size-first")
    assert python_lines(cases, text) == got
    got = run_lines(tmp_path, "solve", "turning-turtles", "--batch", text="\n".join(rows) + "\n")
    assert ["Alice" if line.startswith("N") else "Bob" for line in got] == want
    heads_program = export("turning-turtles", "--lang", "python", "--main")
    headed = [row for row in rows if "H" in row]
    heads = "".join(" ".join(str(i) for i, c in enumerate(row, 1) if c == "H") + "\n" for row in headed)
    assert alice_bob(python_lines(heads_program, heads)) == \
        ["Alice" if coins_win(row) else "Bob" for row in headed]
    # N = 10^4: the value is the XOR of the heads' positions (checked on the small rows above)
    row = "".join(rng.choice("HT") for _ in range(10_000))
    total = 0
    for i, c in enumerate(row, 1):
        total ^= i if c == "H" else 0
    line = f"{total} {'N' if total else 'P'}"
    assert run_lines(tmp_path, "solve", *HIHO1172, text=f"{len(row)}\n{row}\n") == [line]
    assert python_lines(program, f"{len(row)}\n{row}\n") == [line]


@pytest.mark.slow
@pytest.mark.skipif(not HAS_GXX, reason="needs g++")
def test_hihocoder1172_in_cpp(tmp_path: Path) -> None:
    """The C++ programs read the judge's input as it stands (``N``, then the row; ``T`` such cases),
    against the statement's brute force, and a row of 10^6 coins against the XOR of its heads'
    positions (as the judge's 10^4 above)."""
    rng = random.Random(11720)
    rows = ["".join(rng.choice("HT") for _ in range(rng.randint(1, 9))) for _ in range(60)]
    exe = compile_cpp_together([export(*HIHO1172, "--main"),
                                export("turning-turtles", "--main", "--input", "cases", "--params",
                                       "size-first")], tmp_path, optimise="-O2")

    def run(index: int, text: str) -> list[str]:
        done = subprocess.run([str(exe), str(index)], input=text, capture_output=True, text=True,
                              timeout=120)
        return done.stdout.split("\n")[:-1]

    want = ["Alice" if coins_win(row) else "Bob" for row in rows]
    assert [alice_bob(run(0, f"{len(row)}\n{row}\n"))[0] for row in rows[:10]] == want[:10]
    assert alice_bob(run(1, f"{len(rows)}\n" + "".join(f"{len(r)}\n{r}\n" for r in rows))) == want
    row = "".join(rng.choice("HT") for _ in range(10**6))
    total = 0
    for i, c in enumerate(row, 1):
        total ^= i if c == "H" else 0
    assert run(0, f"{len(row)}\n{row}\n") == [f"{total} {'N' if total else 'P'}"]
    quote = f"'{row[:30]}...' ({len(row)} characters)"
    assert run(0, f"{len(row) + 1}\n{row}\n") == [f"error: a row of {len(row) + 1} coins expected, "
                                                    f"got {len(row)}: {quote}"]


def test_hihocoder1172_rows_that_are_none(tmp_path: Path) -> None:
    """A letter other than H and T, or a row whose length is not its N: one error line quoting
    the row, exit status 2 (the program: the same line, status 1)."""
    program = export(*HIHO1172, "--lang", "python", "--main")
    for text, message in (("5\nHHXTH\n", "not a row of H and T coins: 'X' at coin 3 of 'HHXTH'"),
                          ("8\nHHTHTTH\n", "a row of 8 coins expected, got 7: 'HHTHTTH'")):
        path = tmp_path / "bad.in"
        path.write_text(text)
        code, out, err = cli("solve", *HIHO1172, str(path))
        assert (code, out) == (2, f"error: {message}\n")
        assert err.count("\n") == 1 and message in err
        assert python_lines(program, text, error_lines=True) == [f"error: {message}"]

