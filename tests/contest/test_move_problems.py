"""Judge problems about Nim-like games whose answer is a move, every winning move, or how many
there are, answered through grundy's public workflow (``grundy solve GAME --input LAYOUT FILE``,
with ``--winning-moves`` where the judge wants the moves), each compared with a brute force written
here from the problem's rules (plain recursion and mex), in the judge's own input layout. The
judge's words (``Yes``/``No``, ``lose``) are the user's part: the tests map grundy's lines to them.

``--winning-moves`` prints, after each case's ``VALUE OUTCOME K``, its ``K`` winning moves one a
line, ``PART FROM TO`` for a move in one heap (its number from 1, its size before and after).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from tests.helpers import cli_output as cli


def mex(values: object) -> int:
    seen = set(values)  # type: ignore[call-overload]
    m = 0
    while m in seen:
        m += 1
    return m


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
