"""Trust in ``--conjecture`` for users' own games: a conjecture is checked locally before it
answers (the value must be the mex of the values it gives the options), it belongs to the exact
game and parameters it was found for, and one budget bounds the whole query."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.define import answering
from grundy.errors import SearchLimitError
from tests.helpers import heap_table, run

RULES = '''
import grundy


@grundy.heap_game("cj-upto")
def take_upto(n, *, k=3):
    return [n - j for j in range(1, min(k, n) + 1)]


@grundy.heap_game("cj-split")
def take_or_split(n):
    """take 1, 2 or 4, or split a heap in two"""
    return [n - t for t in (1, 2, 4) if t <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]
'''
NAMES = ("cj-upto", "cj-split")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "cj_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def upto_options(k: int):  # type: ignore[no-untyped-def]
    return lambda n: [(n - j,) for j in range(1, min(k, n) + 1)]


def test_a_false_conjecture_is_refused_never_printed(capsys: pytest.CaptureFixture[str],
                                                     rules: str) -> None:
    truth = heap_table(999, upto_options(998))
    assert truth[999] == 0 and truth[998] == 998  # G(n) = n holds below 999 only
    # the budget tabulates a few hundred heaps: the pattern seen there is G(n) = n
    code, out, err = run(capsys, "solve", "cj-upto(k=998)", "999", "--conjecture", "--json",
                         "--rules", rules, "--limit", "20000")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "heap 999" in err and "G(n) = n" in err and "false" in err
    # where the conjecture is locally consistent it answers, and says so
    code, out, err = run(capsys, "solve", "cj-upto(k=998)", "998", "--conjecture", "--json",
                         "--rules", rules, "--limit", "20000")
    data = json.loads(out)
    assert code == 0 and data["grundy"] == truth[998] and data["status"] == "conjecture"
    assert [m["to"] for m in data["winning_moves"]] == ["0"]


def test_a_conjecture_belongs_to_its_parameters(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    big = 10**15
    for k in (3, 4):  # the brute force shows the period k + 1 that the pattern extrapolates
        assert heap_table(60, upto_options(k)) == [n % (k + 1) for n in range(61)]
    code, out, err = run(capsys, "solve", "cj-upto(k=3)", str(big + 1), "+", "cj-upto(k=4)", str(big + 2),
                         "--conjecture", "--json", "--rules", rules)
    data = json.loads(out)
    assert code == 0, err
    assert data["grundy"] == ((big + 1) % 4) ^ ((big + 2) % 5)
    assert sorted(data["conjectures"]) == sorted(  # type: ignore[arg-type]
        [t for t in data["conjectures"] if "n % 4" in t or "n % 5" in t])  # type: ignore[union-attr]
    assert any("n % 4" in t for t in data["conjectures"]) and any("n % 5" in t for t in data["conjectures"])


def test_one_budget_for_the_whole_query(rules: str) -> None:
    from grundy.cli.rules import load_rules

    load_rules(rules)
    calls: list[int] = []
    game = grundy.load_game("cj-split")
    original = type(game).move_function

    def counted(n: int) -> list[object]:
        calls.append(n)
        return original(n)  # type: ignore[no-any-return]

    cls = type(game)
    cls.move_function = staticmethod(counted)  # type: ignore[assignment]
    try:
        heap = 20_001
        with answering(conjecture=True, limit=60_000) as context:
            answer = grundy.solve(game, (heap,))
        # the table, the check at the heap and its winning moves: a few hundred heaps, never one
        # table extension per option (the heap has 10,000 options)
        assert len(calls) < 1_000 and context.spent <= 60_000
        table = heap_table(300, lambda n: [(n - t,) for t in (1, 2, 4) if t <= n]
                           + [(a, n - a) for a in range(1, n // 2 + 1)])
        period = [table[1 + (n - 1) % 6] for n in range(1, 301)]
        assert table[1:] == period  # period 6 from heap 1, which the conjecture extrapolates
        assert answer.grundy == table[1 + (heap - 1) % 6]
        for move in answer.winning_moves:
            v = 0
            for h in move.to:
                v ^= table[1 + (h - 1) % 6] if h else 0
            assert v == 0
        # a heap whose check does not fit the budget is refused at once, by steps
        calls.clear()
        with answering(conjecture=True, limit=20_000), pytest.raises(SearchLimitError, match="steps"):
            grundy.solve(game, (200_000,))
        assert len(calls) < 1_000
    finally:
        cls.move_function = staticmethod(original)  # type: ignore[assignment]


def test_exploring_a_game_shares_the_budget() -> None:
    @grundy.game("cj-token")
    def token(p, *, copy=1):  # type: ignore[no-untyped-def]
        a, b = p
        return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    try:
        one, two = grundy.load_game("cj-token"), grundy.load_game("cj-token(copy=2)")
        with answering(limit=2_000) as context:  # one query: (20, 20) takes 1,281 steps
            assert grundy.grundy_value(one, (20, 20)) == 0 and context.spent == 1_281
            with pytest.raises(SearchLimitError, match="budget of 2,000"):
                grundy.grundy_value(two, (20, 20))  # the rest of the budget is too small
        with answering(limit=2_000):
            assert grundy.grundy_value(two, (20, 20)) == 0  # a query of its own fits
    finally:
        catalog.unregister("cj-token")


PAIR_RULES = '''
import grundy

STUCK = (10**9 + 1, 10**9)


@grundy.game("cj-pairs")
def pairs(position, *, stuck=0):
    a, b = position
    if stuck and position == STUCK:
        return []  # no move here: the pattern of the small table is false at this one pair
    return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
'''


def test_pairs_are_answered_by_a_checked_pattern(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    path = tmp_path / "cj_pairs.py"
    path.write_text(PAIR_RULES)
    rules = str(path)
    # an independent brute force of the small grid shows G(a, b) = (a % 3) ^ (b % 3)
    g: dict[tuple[int, int], int] = {}
    for a in range(12):
        for b in range(12):
            seen = {g[(a - k, b)] for k in (1, 2) if k <= a} | {g[(a, b - k)] for k in (1, 2) if k <= b}
            g[(a, b)] = min(set(range(5)) - seen)
    assert all(v == (a % 3) ^ (b % 3) for (a, b), v in g.items())
    try:
        a, b = 1999999999, 1999999998
        code, out, err = run(capsys, "solve", "cj-pairs", str(a), str(b), "--rules", rules)
        assert code == 2 and "--conjecture" in err and err.count("\n") == 1
        code, out, err = run(capsys, "solve", "cj-pairs", str(a), str(b), "--rules", rules,
                             "--conjecture", "--json")
        assert code == 0, err
        data = json.loads(out)
        assert data["grundy"] == (a % 3) ^ (b % 3) and data["status"] == "conjecture"
        options = {(a - k, b) for k in (1, 2)} | {(a, b - k) for k in (1, 2)}
        assert data["winning_moves"]
        for move in data["winning_moves"]:
            x, y = map(int, move["to"].split())
            assert (x % 3) ^ (y % 3) == 0 and (x, y) in options
        code, out, err = run(capsys, "solve", "cj-pairs(stuck=1)", str(10**9 + 1), str(10**9),
                             "--rules", rules, "--conjecture", "--json")
        assert code == 2 and out == "" and "false there" in err
        # 40,000 pairs below (199, 199), 4 options each: exploring needs ~200,000 steps; within
        # 100,000 the conjecture answers at once, instead of the search spending the budget first
        code, out, err = run(capsys, "solve", "cj-pairs", "199", "199", "--rules", rules,
                             "--limit", "100000", "--conjecture", "--json")
        assert code == 0, err
        assert json.loads(out)["grundy"] == 0 and json.loads(out)["status"] == "conjecture"
        code, out, err = run(capsys, "solve", "cj-pairs", "199", "199", "--rules", rules,
                             "--limit", "100000")
        assert code == 2 and "100,000 steps" in err
    finally:
        if catalog.find_entry("cj-pairs") is not None:
            catalog.unregister("cj-pairs")


def test_solve_builds_the_table_when_it_is_cheaper(capsys: pytest.CaptureFixture[str], rules: str,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "digit_rules.py"
    path.write_text("import grundy\n\n\n@grundy.heap_game('cj-digit')\n"
                    "def digit(n):\n    return [n - int(d) for d in str(n) if d != '0']\n")
    try:
        heap = 100_000  # a search would need ~640,000 steps; the table loop costs an eighth of that
        want = heap_table(heap, lambda n: [(n - int(d),) for d in str(n) if d != "0"])
        code, out, err = run(capsys, "solve", "cj-digit", str(heap), "--json", "--limit", "200000",
                             "--rules", str(path))
        assert code == 0, err
        data = json.loads(out)
        assert data["grundy"] == want[heap] and "status" not in data
        assert {m["to"] for m in data["winning_moves"]} == {
            str(heap - int(d)) for d in str(heap) if d != "0" and want[heap - int(d)] == 0}
    finally:
        if catalog.find_entry("cj-digit") is not None:
            catalog.unregister("cj-digit")
