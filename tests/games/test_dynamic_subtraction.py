"""k-fold dynamic subtraction: Schwenk's rule and the exact set of winning takes against a brute
force over the (n, limit) game written here, to heaps far beyond the value table's samples."""

from __future__ import annotations

import shutil
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from grundy import Outcome, grundy_value, load_game, outcome, solve, winning_moves
from grundy.errors import InvalidGameError, InvalidPositionError, SearchLimitError
from grundy.games.takeaway.dynamic import DynamicSubtraction, sequence, terms, walk
from grundy.games.takeaway.fibonacci import FibonacciNim, winning_takes
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together


def brute_losing_takes(k: int, upto: int) -> list[list[int]]:
    """``lost[n]``: every take ``t`` (1 ≤ t ≤ n) from a heap of ``n`` after which the opponent,
    at ``(n − t, min(k·t, n − t))``, loses — by the rules alone: ``win(n, l)`` is
    ``win(n, l − 1)`` or "taking ``l`` leaves a lost position"."""
    win: list[list[bool]] = []
    lost: list[list[int]] = []
    for n in range(upto + 1):
        row = [False] * (n + 1)
        good = []
        for t in range(1, n + 1):
            rest = n - t
            if not win[rest][min(k * t, rest)]:
                good.append(t)
            row[t] = row[t - 1] or bool(good and good[-1] == t)
        win.append(row)
        lost.append(good)
    return lost


def own_sequence(k: int, upto: int) -> list[int]:
    """The opening P-positions ``(n, n − 1)`` by brute force: the heaps with no winning take
    below ``n``."""
    lost = brute_losing_takes(k, upto)
    return [n for n in range(1, upto + 1) if not [t for t in lost[n] if t < n]]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7])
def test_every_outcome_and_winning_take_to_1200(k: int) -> None:
    upto = 1200
    lost = brute_losing_takes(k, upto)
    for n in range(1, upto + 1):
        assert list(walk(k, n, n).takes) == lost[n], (k, n)
        smallest = terms(k, n)[-1]
        for limit in {1, 2, smallest - 1, smallest, smallest + 1, n // 2, n - 1}:
            if 1 <= limit <= n:
                want = [t for t in lost[n] if t <= limit]
                assert list(walk(k, n, limit).takes) == want, (k, n, limit)
                assert (smallest <= limit) == bool(want)


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8, 20])
def test_the_sequence_is_the_opening_p_positions(k: int) -> None:
    assert sequence(k, 700)[:-1] == own_sequence(k, 700)


def test_sequence_start() -> None:
    assert sequence(1, 100)[:-1] == [1, 2, 4, 8, 16, 32, 64]
    assert sequence(2, 100)[:-1] == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    assert sequence(3, 60)[:-1] == [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55]


def test_engine_answers_match_brute_force() -> None:
    game = load_game("dynamic-subtraction(3)")
    lost = brute_losing_takes(3, 300)
    for n in (5, 17, 40, 41, 100, 299):
        for limit in (1, 3, n - 1):
            position = game.validate((n, limit))
            want = [t for t in lost[n] if t <= limit]
            assert (outcome(game, position) is Outcome.N) == bool(want)
            assert [n - m.to[0] for m in winning_moves(game, position)] == want


def test_values_match_a_mex_of_their_own() -> None:
    k, upto = 3, 60
    value: dict[tuple[int, int], int] = {}
    for n in range(upto + 1):
        for limit in range(n + 1):
            seen = {value[n - t, min(k * t, n - t)] for t in range(1, limit + 1)}
            value[n, limit] = next(v for v in range(len(seen) + 1) if v not in seen)
    game = DynamicSubtraction(3)
    assert game.table_2d(upto) == [[value[n, min(b, n)] for b in range(upto + 1)]
                                   for n in range(upto + 1)]
    assert grundy_value(game, (17, 16)) == value[17, 16]


def test_k2_is_fibonacci_nim() -> None:
    two, fib = DynamicSubtraction(2), FibonacciNim()
    assert two.table_2d(80) == fib.table_2d(80)
    for n in [*range(1, 200), 10**40 + 3, 3**200]:
        for limit in (1, 5, n - 1):
            assert list(walk(2, n, limit).takes) == winning_takes(n, limit), (n, limit)


def test_huge_heap_every_move_leads_to_a_p_position() -> None:
    game = load_game("dynamic-subtraction(3)")
    n = 10**300 + 7
    form = terms(3, n)
    assert sum(form) == n and all(3 * b < a for a, b in pairwise(form))
    answer = solve(game, n)
    assert answer.outcome is Outcome.N and answer.grundy is None
    assert answer.winning_moves and len(answer.winning_moves) == len(walk(3, n, n - 1).takes)
    for move in answer.winning_moves:
        assert outcome(game, move.to) is Outcome.P
    assert "smallest term" in answer.reason and "3·H(m)" in answer.reason


def test_reason_names_the_numbers() -> None:
    game = load_game("dynamic-subtraction(3)")
    assert solve(game, 15).reason == (
        "n = 15 is a term of H = 1, 2, 3, 4, 6, 8, 11, 15, … (H(j+1) = H(j) + H(m), m least with "
        "3·H(m) ≥ H(j)): the player to move loses (Schwenk's theorem)")
    assert "its smallest term 2 is within the limit 16: take 2" in solve(game, 17).reason
    assert "smallest term 40 exceeds the limit 5" in solve(game, "40 5").reason


def test_parse_and_errors() -> None:
    game = load_game("dynamic-subtraction(4)")
    assert game.parse_position("10") == (10, 9)
    assert game.parse_position("10 30") == (10, 10)
    assert load_game("k-fold-nim(k=2)") == DynamicSubtraction(2)
    for bad in ("dynamic-subtraction", "dynamic-subtraction(0)", "dynamic-subtraction(1,2)",
                "dynamic-subtraction(x)"):
        with pytest.raises(InvalidGameError):
            load_game(bad)
    with pytest.raises(InvalidPositionError):
        game.parse_position("10 0")
    with pytest.raises(SearchLimitError):
        grundy_value(game, 5000)
    with pytest.raises(SearchLimitError):
        outcome(DynamicSubtraction(1000), 10**5000)  # the sequence grows too slowly: refused


@pytest.mark.parametrize("k", [1, 3, 4])
def test_export_answers_beyond_its_table_by_schwenks_rule(k: int, tmp_path: Path) -> None:
    """The exported programs (Python; C++ where g++ is installed) read ``n limit`` and answer
    every position to 1,000 like the brute force, and huge heaps like the library; a number alone
    is the start position ``(n, n − 1)``, as a contest states it."""
    game = DynamicSubtraction(k)
    lost = brute_losing_takes(k, 1000)
    small = [(n, limit) for n in range(1, 1001) for limit in {1, 2, n // 3, n - 1} if limit >= 1]
    huge = [(n, limit) for n in (2**64 - 1, 10**19 + 7, 3**40, 2**63) for limit in (1, 7, 10**6, n)]
    want = ["N" if [t for t in lost[n] if t <= limit] else "P" for n, limit in small]
    want += [outcome(game, game.validate(p)).value for p in huge]
    starts = range(1, 400)
    want += ["N" if [t for t in lost[n] if t < n] else "P" for n in starts]
    text = "".join(f"{n} {limit}\n" for n, limit in small + huge) + "".join(f"{n}\n" for n in starts)
    programs = {lang: export_game(game, lang=lang, main=True, upto=20).source
                for lang in ("python", "cpp")}
    assert "proved (Schwenk's theorem, 1970)" in programs["python"]
    script = tmp_path / "answer.py"
    script.write_text(programs["python"])
    done = subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                          text=True, timeout=120, check=True)
    assert [line.split()[1] for line in done.stdout.splitlines()] == want
    if shutil.which("g++") is None:
        return
    exe = compile_cpp_together([programs["cpp"]], tmp_path)
    done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=120,
                          check=True)
    assert [line.split()[1] for line in done.stdout.splitlines()] == want
