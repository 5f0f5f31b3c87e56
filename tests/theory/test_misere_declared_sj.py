"""Bash games declare that every heap meets the SJ condition (``TakeAway.sj``), so a misère sum
of Bash heaps with a take too long to tabulate (``bash(10**9)``) is decided by the SJ theorem
without a table of its heaps; checked against a plain misère search of the whole sum."""

from __future__ import annotations

import random
import resource
import subprocess
import sys

import pytest

import grundy
from grundy.theory.misere_laws import DECLARED_SJ_FROM, LawKind, heap_law


def misere_table(a: int, b: int, high: int, low: int) -> list[list[bool]]:
    """``wins[x][y]``: the player to move wins the misère sum of heaps ``x <= high`` and ``y <=
    low``, a move taking a..b from one heap (the last mover loses), bottom-up."""
    wins = [[False] * (low + 1) for _ in range(high + 1)]
    for x in range(high + 1):
        for y in range(low + 1):
            options = [(x - t, y) for t in range(a, min(b, x) + 1)]
            options += [(x, y - t) for t in range(a, min(b, y) + 1)]
            wins[x][y] = not options or any(not wins[p][q] for p, q in options)
    return wins


@pytest.mark.parametrize("spec, a, b", [(f"bash({DECLARED_SJ_FROM + 1})", 1, DECLARED_SJ_FROM + 1),
                                        (f"bash(3,{DECLARED_SJ_FROM + 40})", 3, DECLARED_SJ_FROM + 40)])
def test_a_long_take_is_decided_by_the_declared_law(spec: str, a: int, b: int) -> None:
    game = grundy.load_game(spec)
    assert heap_law(game).kind is LawKind.SJ  # (not tabulated: its take is longer than the bound)
    rng = random.Random(b)
    wins = misere_table(a, b, 3 * b, 6)
    cases = [(rng.randrange(0, 3 * b), rng.randrange(0, 7)) for _ in range(40)]
    cases += [(b + a, 1), (b + 1, 0), (a, a), (0, 0), (2 * (a + b), 2), (3 * b, 6)]
    for heaps in cases:
        answer = grundy.solve(game, heaps, misere=True)
        assert (answer.outcome.value == "N") == wins[heaps[0]][heaps[1]], heaps
        x, y = heaps  # every winning move, each once: the options that are misère P-positions
        options = [(x - t, y) for t in range(a, min(b, x) + 1)]
        options += [(x, y - t) for t in range(a, min(b, y) + 1)]
        losing = sorted(o for o in options if not wins[o[0]][o[1]])
        assert sorted(m.to for m in answer.winning_moves) == losing, heaps
        if answer.outcome.value == "N" and max(heaps) >= a:  # (no move left: the player to move won)
            assert answer.winning_moves, heaps


def test_a_take_of_a_billion_answers_in_little_memory() -> None:
    """Before, the law tabulated the set of 10^9 takes (out of memory)."""
    code = ("import grundy; g = grundy.load_game('bash(1000000000)'); "
            "a = grundy.solve(g, (10**18, 37), misere=True); "
            "print(a.outcome.value, [m.to for m in a.winning_moves])")
    limit = 1_500_000_000
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    assert done.returncode == 0, done.stderr
    # 10^18 = (10^9 - 1)(10^9 + 1) + 1: value 1; 37: value 37; s = 36, a value > 1: N. The moves:
    # heap 1 to value 37 (take 999,999,965), or heap 2 emptied (values 1, 0: s = 1, none > 1: P).
    assert done.stdout.split("\n")[0] == "N [(999999999000000035, 37), (1000000000000000000, 0)]"
