"""``grundy export`` of a ``@grundy.game`` of one's own in misère play and on tuples of numbers of
any length: a Python program carrying the move function, checked here against brute forces written
in this file and against ``grundy solve --input`` line by line, in the judges' own layouts.

1. POJ 2068 "Nim": lines ``n S M1 .. M2n``; the player to move takes 1..M1 of S, then the next
   player's maximum leads; whoever takes the last stone loses (a tuple of ``2n + 2`` numbers,
   misère play: ``- N`` or ``- P`` a line).
2. HDU 4111 "Alice and Bob": ``T`` cases ``n`` and ``n`` piles, one position of any length (a move
   takes one stone or merges two piles): a case is one tuple.
3. HDU 5724 "Chess": ``T`` cases of ``n`` rows ``m p_1..p_m`` (``--params sum``): tuples of cells
   of any length, their sum; also in misère play, where the program searches the sum as a whole.

Before this, ``export --misere`` of these games and ``export`` of the tuple games were refused.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.errors import GrundyError
from tests.helpers import cli_output as cli
from tests.helpers import python_lines

pytestmark = pytest.mark.slow


def team_nim(position: tuple[int, ...]) -> list[object]:
    """POJ 2068: (n, S, M1..M2n): the player to move takes 1..M1 of S; then M2 is to move"""
    n, s, first, *rest = position
    return [(n, s - k, *rest, first) for k in range(1, min(first, s) + 1)]


def merge_piles(piles: tuple[int, ...]) -> list[object]:
    """HDU 4111: take one stone from a pile (an empty pile is gone), or merge two piles"""
    out = []
    for i, p in enumerate(piles):
        rest = piles[:i] + piles[i + 1:]
        out.append(tuple(sorted(rest + ((p - 1,) if p > 1 else ()))))
        for j in range(i + 1, len(piles)):
            out.append(tuple(sorted(rest[:j - 1] + rest[j:] + (p + piles[j],))))
    return [o if o else () for o in out]


def chess_row(cells: tuple[int, ...]) -> list[object]:
    """HDU 5724: the cells of a row's chessmen (1..20); one jumps right to the nearest empty cell"""
    out: list[object] = []
    for c in cells:
        e = c + 1
        while e in cells:
            e += 1
        if e <= 20:
            out.append(tuple(sorted(set(cells) - {c} | {e})))
    return out


def five(position: tuple[int, ...]) -> list[object]:
    """five counters or more: take one from the first five (the rest are never touched)"""
    a, b, c, d, e, *rest = position
    firsts = [a, b, c, d, e]
    return [(*firsts[:i], x - 1, *firsts[i + 1:], *rest) for i, x in enumerate(firsts) if x]


def words(position: str) -> list[object]:
    """a word: drop its last letter"""
    return [position[:-1] or ()]


NAMES = ("tm-team", "tm-merge", "tm-chess", "tm-words", "tm-five", "tm-five-start")


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    grundy.game("tm-team")(team_nim)
    grundy.game("tm-merge")(merge_piles)
    grundy.game("tm-chess")(chess_row)
    grundy.game("tm-words", parse=str, format=str)(words)
    grundy.game("tm-five")(five)
    grundy.game("tm-five-start", start=lambda: (1, 2, 0, 1, 3, 7))(five)
    yield
    for name in NAMES:
        catalog.unregister(name)


def export(*argv: str) -> str:
    code, out, err = cli("export", *argv)
    assert code == 0, err
    return out


def solve_lines(tmp_path: Path, stdin: str, *argv: str) -> list[str]:
    """``grundy solve ARGV --input ... FILE`` in this process: its lines."""
    path = tmp_path / "judge.in"
    path.write_text(stdin)
    code, out, err = cli("solve", *argv, str(path))
    assert code == 0, err
    return out.split("\n")[:-1]


# ---- brute forces, from the statements -----------------------------------------------------------

def team_brute(s: int, most: tuple[int, ...]) -> bool:
    """Whether the first team wins: ``wins[i][x]``, player i to move with x stones left (x = 0:
    the other took the last stone and lost), bottom up."""
    players = len(most)
    wins = [[True] * (s + 1) for _ in range(players)]
    for x in range(1, s + 1):
        for i in range(players):
            wins[i][x] = any(not wins[(i + 1) % players][x - k] for k in range(1, min(most[i], x) + 1))
    return wins[0][s]


@cache
def merge_wins(piles: tuple[int, ...]) -> bool:
    options = []
    for i in range(len(piles)):
        after = list(piles)
        after[i] -= 1
        options.append(tuple(sorted(x for x in after if x)))
        for j in range(i + 1, len(piles)):
            merged = [x for k, x in enumerate(piles) if k not in (i, j)] + [piles[i] + piles[j]]
            options.append(tuple(sorted(merged)))
    return any(not merge_wins(o) for o in options)


def row_moves(row: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = []
    for c in row:
        e = c + 1
        while e in row:
            e += 1
        if e <= 20:
            out.append(tuple(sorted(set(row) - {c} | {e})))
    return out


@cache
def row_value(row: tuple[int, ...]) -> int:
    seen = {row_value(o) for o in row_moves(row)}
    m = 0
    while m in seen:
        m += 1
    return m


@cache
def rows_misere_wins(rows: frozenset[tuple[tuple[int, ...], int]]) -> bool:
    """Misère play of a sum of rows (a multiset: row -> count), by its moves: no move wins."""
    bag = Counter(dict(rows))
    moved = False
    for row in bag:
        for after in row_moves(row):
            moved = True
            nxt = bag.copy()
            nxt[row] -= 1
            nxt[after] += 1
            if not rows_misere_wins(frozenset((r, c) for r, c in nxt.items() if c)):
                return True
    return not moved


# ---- 1. POJ 2068 in misère play ------------------------------------------------------------------

def test_poj2068_misere_program_agrees_with_solve_and_the_brute_force(tmp_path: Path) -> None:
    """The judge's lines are positions (tuples of 2n + 2 numbers); the program answers each by the
    misère search, '- N' (the first team wins: the judge's 1) or '- P'."""
    rng = random.Random(2068)
    cases = [(1, 101, (4, 4)), (1, 100, (4, 4)), (3, 97, (8, 7, 6, 5, 4, 3))]
    for _ in range(40):
        n = rng.randint(1, 4)
        cases.append((n, rng.randint(1, 200), tuple(rng.randint(1, 16) for _ in range(2 * n))))
    stdin = "".join(f"{n} {s} {' '.join(map(str, m))}\n" for n, s, m in cases)
    program = export("tm-team", "--lang", "python", "--main", "--misere")
    assert "misère play" in program.splitlines()[0]
    got = python_lines(program, stdin)
    assert got == solve_lines(tmp_path, stdin, "tm-team", "--misere", "--input", "lines")
    assert got == [f"- {'N' if team_brute(s, m) else 'P'}" for _, s, m in cases]
    assert [int(line == "- N") for line in got[:3]] == [0, 1, 1]  # (the sample)


def test_misere_program_refuses_what_it_cannot_answer(tmp_path: Path) -> None:
    """The options listed for one input are bounded (--limit sets the bound): past it, an error
    line for that input alone; a position the move function fails on is an error line too."""
    program = export("tm-team", "--lang", "python", "--main", "--misere", "--limit", "500")
    assert "at most 500 options" in program
    lines = python_lines(program, "1 10 2 3\n1 1000 16 15\n0\n", error_lines=True)
    assert lines[0] == ("- N" if team_brute(10, (2, 3)) else "- P")
    assert lines[1].startswith("error: the misère search was not settled within 500 options")
    assert lines[2].startswith("error: the move function at position '0' failed: ValueError")


def test_misere_export_refusals() -> None:
    """C++ cannot carry the move function; --upto and --conjecture have no use: each one line."""
    for argv, said in ((["--lang", "cpp"], "Python only"), (["--lang", "python", "--upto", "5"], "upto"),
                       (["--lang", "python", "--conjecture"], "conjecture")):
        code, out, err = cli("export", "tm-team", "--misere", *argv)
        assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1


def test_misere_program_of_a_game_on_words() -> None:
    """A game whose positions are words (``parse=str``; refused before): its misère program reads a
    line as its word, against the brute force (drop the last letter; a one-letter word's only move
    leaves nothing, which the player to move then wins)."""
    @cache
    def wins(word: str) -> bool:
        return len(word) > 1 and not wins(word[:-1])

    words = ["a", "ab", "abc", "abcd", "x" * 31, "y" * 40]
    source = export("tm-words", "--misere", "--lang", "python", "--main")
    assert python_lines(source, "\n".join(words) + "\n") == [f"- {'N' if wins(w) else 'P'}" for w in words]


# ---- 2. HDU 4111: one position of any length a case ----------------------------------------------

def test_hdu4111_program_reads_a_case_as_one_tuple(tmp_path: Path) -> None:
    rng = random.Random(4111)
    cases = [tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 5))) for _ in range(40)]
    cases += [(1,), (1, 1), (2,), (5,)]
    stdin = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    program = export("tm-merge", "--lang", "python", "--main", "--input", "cases")
    got = python_lines(program, stdin)
    assert got == solve_lines(tmp_path, stdin, "tm-merge", "--input", "cases")
    assert [line.endswith(" N") for line in got] == [merge_wins(tuple(sorted(c))) for c in cases]
    lines = "".join(f"{' '.join(map(str, c))}\n" for c in cases)  # (one position a line)
    assert python_lines(export("tm-merge", "--lang", "python", "--main"), lines) == got
    misere = python_lines(export("tm-merge", "--lang", "python", "--main", "--input", "cases",
                                 "--misere"), stdin)
    assert misere == solve_lines(tmp_path, stdin, "tm-merge", "--misere", "--input", "cases")


# ---- 3. HDU 5724: k rows, each its count and its cells; normal and misère play -------------------

def chess_cases(seed: int, count: int, low: int) -> list[list[tuple[int, ...]]]:
    rng = random.Random(seed)
    return [[tuple(sorted(rng.sample(range(low, 21), rng.randint(1, 4)))) for _ in range(rng.randint(1, 3))]
            for _ in range(count)]


def chess_text(layout: str, cases: list[list[tuple[int, ...]]]) -> str:
    body = "".join(f"{len(c)}\n" + "".join(f"{len(r)} {' '.join(map(str, r))}\n" for r in c)
                   for c in cases)
    return (f"{len(cases)}\n" + body) if layout == "cases" else body + "0\n"


@pytest.mark.parametrize("layout", ["cases", "repeated"])
def test_hdu5724_rows_program_agrees_with_solve(tmp_path: Path, layout: str) -> None:
    cases = [*chess_cases(5724, 30, 13), []]  # (a case of no rows: the empty sum)
    if layout == "repeated":
        cases = cases[:-1]  # (there a count of 0 ends the input)
    stdin = chess_text(layout, cases)
    program = export("tm-chess", "--lang", "python", "--main", "--input", layout, "--params", "sum")
    got = python_lines(program, stdin)
    assert got == solve_lines(tmp_path, stdin, "tm-chess", "--input", layout, "--params", "sum")
    want = []
    for case in cases:
        total = 0
        for row in case:
            total ^= row_value(row)
        want.append(f"{total} {'N' if total else 'P'}")
    assert got == want


def test_hdu5724_rows_in_misere_play(tmp_path: Path) -> None:
    """A sum of rows in misère play: the program searches the sum as a whole (no theorem adds
    misère outcomes), as the brute force here does; the empty sum is won by the player to move
    (no move), in the program and in solve."""
    cases = [*chess_cases(57240, 25, 15), []]
    stdin = chess_text("cases", cases)
    program = export("tm-chess", "--lang", "python", "--main", "--input", "cases", "--params", "sum",
                     "--misere")
    got = python_lines(program, stdin)
    assert got == solve_lines(tmp_path, stdin, "tm-chess", "--misere", "--input", "cases", "--params",
                              "sum")
    want = [rows_misere_wins(frozenset(Counter(c).items())) for c in cases]
    assert got == [f"- {'N' if w else 'P'}" for w in want]
    assert got[-1] == "- N"
    small = export("tm-chess", "--lang", "python", "--main", "--input", "cases", "--params", "sum",
                   "--misere", "--limit", "3000")  # (checked past its bound; it refuses a large sum)
    lines = python_lines(small, "2\n4\n3 1 2 3\n3 4 5 6\n2 9 10\n3 1 5 9\n1\n1 20\n", error_lines=True)
    assert lines[0].startswith("error: the misère search was not settled within 3,000 options")
    assert "searched as a whole" in lines[0] and lines[1] == "- N"


# ---- the check before printing -------------------------------------------------------------------

def test_a_wrong_misere_program_fails_the_check() -> None:
    """The misère program is compared with the engine (single positions and sums of two) before it
    is printed: one that calls a sum with no move a loss is refused."""
    from grundy.reports.export_policy import _positions_check, export_game

    game = grundy.load_game("tm-chess")
    result = export_game(game, lang="python", main=True, input_format="cases", parts=True, misere=True)
    _positions_check(result.source, game, result.plan)  # (the right one passes)
    wrong = result.source.replace("_WINS[x] = not options or", "_WINS[x] = bool(options) and")
    assert wrong != result.source
    with pytest.raises(GrundyError, match="internal error"):
        _positions_check(wrong, game, result.plan)
    normal = export_game(game, lang="python", main=True, input_format="cases", parts=True)
    _positions_check(normal.source, game, normal.plan)
    wrong = normal.source.replace("total ^= _value(position, {})", "total += _value(position, {})")
    assert wrong != normal.source
    with pytest.raises(GrundyError, match="internal error"):
        _positions_check(wrong, game, normal.plan)


def test_a_program_that_cannot_be_checked_is_refused() -> None:
    """A game on tuples whose move function fails on every small tuple the check tries (fewer than
    five numbers) cannot be compared with the engine: refused, unless it declares a start, whose
    reachable positions are then compared."""
    code, out, err = cli("export", "tm-five", "--lang", "python", "--main")
    assert code == 2 and out == "" and "cannot be checked" in err and len(err.strip().splitlines()) == 1
    program = export("tm-five-start", "--lang", "python", "--main", "--misere")
    lines = python_lines(program, "1 2 0 1 3 7\n1 0 0 0 0\n0 0 0 0 0 4\n")
    assert lines == ["- P", "- P", "- N"]  # (7 moves, then 1, then none: the last mover loses)
