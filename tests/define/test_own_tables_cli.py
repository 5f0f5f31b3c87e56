"""``grundy table`` of your own ``@grundy.game`` games as a new user meets it: a game on pairs whose
options are sums of pairs is a table of pairs; ``--limit`` raises the budget its error names; a
game that is not on pairs says why the pair ``(0, 0)`` failed.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from grundy import catalog
from tests.helpers import run

RULES = '''
import grundy


@grundy.game("own-pairsplit")
def pairsplit(p):
    """take one from a, or split (a, b) into the sum (k, b) + (a - k, b + 1)"""
    a, b = p
    return [(a - 1, b)] * (a >= 1) + [grundy.Sum((k, b), (a - k, b + 1)) for k in range(1, a)]


@grundy.game("own-heavy")
def heavy(p):
    # move to any smaller pair
    a, b = p
    return [(x, y) for x in range(a + 1) for y in range(b + 1) if (x, y) != (a, b)]


@grundy.game("own-walk", start=lambda: (0, 0, 3))
def walk(p):
    """a king walks right or up on a 3 x 3 board"""
    x, y, size = p
    return [(x + dx, y + dy, size) for dx, dy in ((1, 0), (0, 1), (1, 1)) if max(x + dx, y + dy) < size]


@grundy.game("own-none")
def none(p):
    a, b = p
    if a > 0:
        return [(a - 1, b)]
'''


@pytest.fixture
def rules(tmp_path: Path) -> str:
    path = tmp_path / "own_tables.py"
    path.write_text(RULES)
    yield str(path)
    for name in ("own-pairsplit", "own-heavy", "own-none", "own-walk"):
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


@cache
def pairsplit(a: int, b: int) -> int:
    """Plain mex, a split's value the XOR of its parts' (written here)."""
    seen = {pairsplit(a - 1, b)} if a else set()
    seen |= {pairsplit(k, b) ^ pairsplit(a - k, b + 1) for k in range(1, a)}
    m = 0
    while m in seen:
        m += 1
    return m


def test_sums_of_pairs_are_a_table_of_pairs(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "table", "own-pairsplit", "--upto", "7", "--json", "--no-patterns",
                         "--rules", rules)
    assert code == 0, err
    assert json.loads(out)["values"] == [[pairsplit(a, b) for b in range(8)] for a in range(8)]


def test_limit_raises_the_budget_of_a_table(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "table", "own-heavy", "--upto", "12", "--rules", rules, "--limit", "500")
    assert code == 2 and not out and err.count("\n") == 1 and "raise --limit" in err
    code, out, err = run(capsys, "table", "own-heavy", "--upto", "12", "--rules", rules,
                         "--limit", "100000", "--json")
    assert code == 0, err
    g = [[0] * 13 for _ in range(13)]  # plain mex over every smaller pair, written here
    for a in range(13):
        for b in range(13):
            seen = {g[x][y] for x in range(a + 1) for y in range(b + 1) if (x, y) != (a, b)}
            g[a][b] = min(set(range(len(seen) + 1)) - seen)
    assert json.loads(out)["values"] == g


def test_no_table_says_why_the_pair_failed(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "table", "own-none", "--upto", "5", "--rules", rules)
    assert code == 2 and not out and err.count("\n") == 1
    assert "no table for own-none" in err and "returned None at position '0 0'" in err


def test_a_start_position_is_offered_where_a_position_is_missing(capsys: pytest.CaptureFixture[str],
                                                                  rules: str) -> None:
    code, out, err = run(capsys, "table", "own-walk", "--rules", rules)
    assert code == 2 and "no table for own-walk" in err and "grundy solve own-walk '0 0 3' solves it" in err
    code, out, err = run(capsys, "solve", "own-walk", "--rules", rules)
    assert code == 2 and "give a position, e.g. its start position '0 0 3'" in err
    code, out, err = run(capsys, "solve", "own-walk", "0 0 3", "--json", "--rules", rules)

    @cache
    def wins(x: int, y: int) -> bool:  # written here: the player to move wins
        return any(not wins(x + dx, y + dy) for dx, dy in ((1, 0), (0, 1), (1, 1)) if max(x + dx, y + dy) < 3)

    assert code == 0 and json.loads(out)["outcome"] == ("N" if wins(0, 0) else "P")


def test_misere_refuses_a_sum_that_contains_its_position() -> None:
    import grundy
    from grundy.errors import NotSupportedError

    @grundy.game("own-grow", arity=1)
    def grow(p: tuple[int]) -> list[object]:
        (n,) = p  # (n,) → (n,) + (0,): sums that grow without end
        return [(n - 1,)] * (n >= 1) + [grundy.Sum((n,), (0,))] * (n >= 3)

    try:
        for misere in (False, True):
            with pytest.raises(NotSupportedError, match="must have no cycles"):
                grundy.solve(grundy.load_game("own-grow"), (6,), misere=misere)
    finally:
        catalog.unregister("own-grow")


def test_a_refusal_names_the_octal_game_the_rules_agree_with() -> None:
    import grundy
    from grundy.define import answering

    @grundy.heap_game("own-124")
    def take_or_split(n: int) -> list[object]:
        # take 1, 2 or 4, or split in two: octal 4.3303 (checked by the octal game's own options)
        return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]

    octal = grundy.load_game("octal(4.3303)")
    for n in range(1, 12):
        mine = {tuple(sorted(x for x in (o if isinstance(o, tuple) else (o,)) if x))
                for o in take_or_split(n)}
        assert mine == {tuple(sorted(x for x in o.to if x)) for o in octal.moves((n,))}
    try:
        with answering(limit=100_000), pytest.raises(grundy.GrundyError) as info:
            grundy.solve(grundy.load_game("own-124"), (10**12 + 1,), limit=100_000)
        assert 'agree with octal 4.3303 on heaps ≤ ' in str(info.value)
        assert 'heap_game(..., octal="4.3303") declares them that game' in str(info.value)
    finally:
        catalog.unregister("own-124")
