"""Findings of the randomized audit of games of one's own (``bench/audit_own_games.py``), each
pinned by the smallest case that showed it, against values computed here by a plain mex."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy import catalog
from tests.helpers import run

RULES = '''
import grundy


@grundy.game("audit-line", arity=1)
def line(p):
    # take one or two: G(n) = n % 3, which the table's pattern finder sees
    (n,) = p
    return [(n - d,) for d in (1, 2) if n - d >= 0]


@grundy.game("audit-split", arity=1)
def split(p):
    # take one, or split off a part of one (seed 2, game 0 of the audit): G(n) = n % 2
    (n,) = p
    return [(n - 1,)] * (n >= 1) + [grundy.Sum((a,), (n - 1 - a,)) for a in range(n) if n - 1 - a >= a]
'''
NAMES = ("audit-line", "audit-split")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "audit_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def _mex_line(upto: int, options) -> list[int]:
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for parts in options(n):
            v = 0
            for q in parts:
                v ^= g[q]
            seen.add(v)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


LINE = _mex_line(60, lambda n: [[n - d] for d in (1, 2) if n - d >= 0])
SPLIT = _mex_line(60, lambda n: [[n - 1]] * (n >= 1) + [[a, n - 1 - a] for a in range(n)
                                                          if n - 1 - a >= a])


@pytest.mark.parametrize("name, values", [("audit-line", LINE), ("audit-split", SPLIT)])
@pytest.mark.parametrize("conjecture", [False, True])
def test_one_number_game_past_its_table_is_answered_by_its_move_function(
        capsys: pytest.CaptureFixture[str], rules: str, name: str, values: list[int],
        conjecture: bool) -> None:
    """A game on one number (``arity=1``) whose table shows a conjectured formula was exported by
    that formula with no move function, so every position past ``--upto`` was an error line, with
    ``--conjecture`` too ("this program cannot check the conjecture there (the Python export with
    the move function can)", from the Python export itself), where the program without a formula
    answers exactly by the move function it carries."""
    code, source, err = run(capsys, "--rules", rules, "export", name, "--lang", "python", "--main",
                            "--upto", "12", *(["--conjecture"] if conjecture else []))
    assert code == 0, err
    heaps = [5, 15, 16, 40, 57]
    done = subprocess.run([sys.executable, "-S", "-c", source], input="\n".join(map(str, heaps)) + "\n",
                          capture_output=True, text=True, check=False)
    want = [f"{values[n]} {'N' if values[n] else 'P'}" for n in heaps]
    assert done.stdout.splitlines() == want, done.stdout + done.stderr


FAMILY_RULES = '''
import grundy


@grundy.game("audit-last", start=lambda n, k: (n, 0))
def last(p, *, n=5, k=1):
    # take 1..k + (the last take), never the last take again (seed 3, game 4 of the audit)
    left, before = p
    return [(left - t, t) for t in range(1, min(left, k + before) + 1) if t != before]
'''


def _last_value(n: int, k: int) -> int:
    memo: dict[tuple[int, int], int] = {}

    def g(left: int, before: int) -> int:
        if (left, before) not in memo:
            seen = {g(left - t, t) for t in range(1, min(left, k + before) + 1) if t != before}
            memo[left, before] = min(set(range(len(seen) + 1)) - seen)
        return memo[left, before]
    return g(n, 0)


def test_family_conjecture_whose_formula_is_a_comparison_prints_a_number(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The start values of ``audit-last(n,k=1)`` follow ``G(start) = n != 3`` on n = 1..16; the
    exported program answered the games past 16 by that formula as it evaluates in Python, a
    bool, and printed ``True N`` where the judge reads ``1 N``."""
    path = tmp_path / "audit_family.py"
    path.write_text(FAMILY_RULES)
    try:
        code, source, err = run(capsys, "--rules", str(path), "export", "audit-last(n,k=1)", "--lang",
                                "python", "--main", "--conjecture", "--upto", "16")
        assert code == 0, err
        games = [5, 16, 17, 20, 33]
        done = subprocess.run([sys.executable, "-S", "-c", source], input="".join(f"{n}\n" for n in games),
                              capture_output=True, text=True, check=False)
        want = [f"{_last_value(n, 1)} {'N' if _last_value(n, 1) else 'P'}" for n in games]
        assert done.stdout.splitlines() == want, done.stdout + done.stderr
    finally:
        if catalog.find_entry("audit-last") is not None:
            catalog.unregister("audit-last")


HEAP_RULES = '''
import grundy


@grundy.heap_game("audit-kw")
def kw(n, *, a=2, b=3):
    return [n - d for d in (1, a, b) if 0 < d <= n]
'''


def test_heap_family_export_refuses_winning_moves_it_does_not_list(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``export 'audit-kw(a,b)' --winning-moves`` printed a program whose main wrote ``1 N`` and no
    moves (``solve --input --winning-moves`` writes ``1 N 1`` and the move): the flag was dropped
    without a word, so a judge asking for the moves got lines that do not answer it."""
    path = tmp_path / "audit_kw.py"
    path.write_text(HEAP_RULES)
    try:
        code, out, err = run(capsys, "--rules", str(path), "export", "audit-kw(a,b)", "--lang", "python",
                             "--main", "--input", "single", "--params", "first", "--winning-moves")
        assert code == 2 and out == "" and "lists no winning moves" in err and err.count("\n") == 1
        judge = tmp_path / "judge.in"
        judge.write_text("2 3\n1\n5\n")
        code, out, err = run(capsys, "--rules", str(path), "solve", "audit-kw(a,b)", "--input", "single",
                             "--params", "first", "--winning-moves", str(judge))
        assert (code, out.split("\n")[:2]) == (0, ["1 N 1", "1 5 4"]), err  # G(5) = 1: to 4 (G = 0)
    finally:
        if catalog.find_entry("audit-kw") is not None:
            catalog.unregister("audit-kw")
