"""Positions and descriptions of users' ``@grundy.game`` games: a one-number position is a
1-tuple, moves have labels, ``grundy list`` describes a game by its docstring or first comment."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import heap_table, run

RULES = '''
import grundy


@grundy.game("pos-line")
def line(p):
    # a token on a line moves one or two steps left
    (n,) = p
    return [(n - k,) for k in (1, 2) if k <= n]


@grundy.game("pos-pair")
def pair(p):
    """take one from either heap"""
    a, b = p
    return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)


@grundy.game("pos-plain")
def plain(p):
    return []
'''
NAMES = ("pos-line", "pos-pair", "pos-plain")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "pos_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def test_one_number_is_a_one_tuple(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "solve", "pos-line", "7", "--json", "--rules", rules)
    assert code == 0, err
    data = json.loads(out)
    # a plain mex over n -> n-1, n-2 (written here): G(n) = n % 3
    g: list[int] = []
    for n in range(8):
        seen = {g[n - k] for k in (1, 2) if k <= n}
        g.append(min(set(range(3)) - seen))
    assert data["grundy"] == g[7] == 1 and data["position"] == "7"
    assert data["winning_moves"] == [{"move": "→ 6", "to": "6"}]
    code, out, err = run(capsys, "table", "pos-line", "--upto", "12", "--json", "--rules", rules)
    assert code == 0, err
    more: list[int] = []
    for n in range(13):
        more.append(min(set(range(3)) - {more[n - k] for k in (1, 2) if k <= n}))
    assert json.loads(out)["values"] == more
    game = grundy.load_game("pos-line")
    assert game.parse_position("7") == (7,) and game.format_position((7,)) == "7"
    assert game.parse_position("3 4") == (3, 4) and game.parse_position("e") == "e"


def test_list_describes_by_docstring_or_comment(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, err = run(capsys, "list", "--json", "--rules", rules)
    assert code == 0, err
    summary = {e["name"]: e["summary"] for e in json.loads(out)}
    assert summary["pos-line"] == "a token on a line moves one or two steps left"
    assert summary["pos-pair"] == "take one from either heap"
    assert "grundy_rules" not in summary["pos-plain"] and "plain" in summary["pos-plain"]


def test_moves_have_labels() -> None:
    grundy.game("pos-empty", format=lambda p: "")(lambda p: [(0,), ()] if p != (0,) else [])
    try:
        game = grundy.load_game("pos-empty")  # (an option written "" is labelled by its repr;
        # the option () is "no position left", the empty sum)
        assert [m.label for m in game.moves((1,))] == ["→ (0,)", "→ nothing left"]
    finally:
        catalog.unregister("pos-empty")


def test_options_that_are_sums_of_positions() -> None:
    @grundy.game("pos-lasker")
    def lasker(p):  # type: ignore[no-untyped-def]
        (n,) = p  # take any number, or split the heap in two (Lasker's Nim), written as one game
        splits = [grundy.Sum((a,), (n - a,)) for a in range(1, n // 2 + 1)]
        return [(n - k,) for k in range(1, n + 1)] + splits

    try:
        game = grundy.load_game("pos-lasker")
        want = heap_table(20, lambda n: [(n - k,) for k in range(1, n + 1)]
                          + [(a, n - a) for a in range(1, n // 2 + 1)])
        assert [grundy.grundy_value(game, (n,)) for n in range(21)] == want
        answer = grundy.solve(game, (8,))
        assert {m.to for m in answer.winning_moves} == {(0,), grundy.Sum((4,), (4,))}
        assert {m.label for m in answer.winning_moves} == {"→ 0", "→ 4 + 4"}
        # a sum's own moves are the moves of its parts, so misère play is searched on the real tree
        assert grundy.solve(game, grundy.Sum((1,), (1,)), misere=True).outcome.value == "N"
        assert grundy.solve(game, grundy.Sum((1,), (1,), (1,)), misere=True).outcome.value == "P"

        grundy.game("pos-loop-sum")(lambda p: [grundy.Sum(p, p)])
        with pytest.raises(grundy.NotSupportedError, match="no cycles"):
            grundy.grundy_value(grundy.load_game("pos-loop-sum"), (1,))
    finally:
        for name in ("pos-lasker", "pos-loop-sum"):
            catalog.unregister(name)


def test_json_of_a_position_that_looks_like_the_moves_marker() -> None:
    """The JSON answer is written in pieces around the winning moves; a position whose text is
    what a marker for them would be is still written as the position (and the moves as moves)."""
    grundy.game("pos-marker")(lambda p: [p[:-1]] if p else [])
    try:
        game = grundy.load_game("pos-marker")
        for position in ("\u0000moves\u0000", "a\u0000moves\u0000", '"\u0000moves\u0000"'):
            answer = grundy.solve(game, position)
            text = "".join(answer.json_chunks())
            assert json.loads(text) == answer.to_json()
            assert text == json.dumps(answer.to_json(), ensure_ascii=False)
    finally:
        catalog.unregister("pos-marker")


DOMAIN_RULES = '''
import grundy


@grundy.game("dom-piles", minimum=(1, 1))
def piles(p):
    a, b = p  # take one or two from a pile, leaving at least one
    return [(a - k, b) for k in (1, 2) if a - k >= 1] + [(a, b - k) for k in (1, 2) if b - k >= 1]


@grundy.game("dom-triple")
def triple(p):
    a, b, c = p
    return [(a - 1, b, c)] * (a > 0) + [(a, b, c - 1)] * (c > 0)


@grundy.game("dom-half", arity=2, valid=lambda p: p[0] <= p[1])
def half(p):
    a, b = p
    return [(a, b - 1)] * (b > a) + [(a - 1, b)] * (a > 0)


@grundy.game("dom-leaks", minimum=(1, 1))
def leaks(p):
    a, b = p
    return [(a - 1, b)] * (a > 0)
'''


def test_domains_and_arity(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dom_rules.py"
    path.write_text(DOMAIN_RULES)
    rules = str(path)
    try:
        code, out, err = run(capsys, "table", "dom-piles", "--upto", "7", "--json", "--rules", rules)
        assert code == 0, err
        data = json.loads(out)
        # an independent mex over the piles' options (written here), on the domain a, b >= 1
        want: dict[tuple[int, int], int] = {}
        for a in range(1, 8):
            for b in range(1, 8):
                seen = {want[(a - k, b)] for k in (1, 2) if a - k >= 1}
                seen |= {want[(a, b - k)] for k in (1, 2) if b - k >= 1}
                want[(a, b)] = min(set(range(6)) - seen)
        grid = data["values"]
        assert grid[0] == [None] * 8 and all(row[0] is None for row in grid)
        assert all(grid[a][b] == want[(a, b)] for a, b in want)
        values = [p for p in data["patterns"] if p["describes"] == "values"]
        assert values, data["patterns"]
        for p in data["patterns"]:  # each pattern holds on the domain, by the brute force
            from grundy.patterns.formulas import evaluate

            for (a, b), v in want.items():
                got = evaluate(p["formula"], a=a, b=b)
                assert (got == v) if p["describes"] == "values" else (bool(got) == (v == 0))
        code, out, err = run(capsys, "solve", "dom-piles", "0", "3", "--rules", rules)
        assert code == 2 and "'0 3'" in err and "minimum 1" in err and err.count("\n") == 1
        # a game on triples is not tabulated as pairs, and the error does not blame its moves
        code, out, err = run(capsys, "table", "dom-triple", "--upto", "3", "--rules", rules)
        assert code == 2 and "no table for dom-triple" in err and "move function" not in err
        code, out, err = run(capsys, "table", "dom-half", "--upto", "4", "--json", "--rules", rules)
        assert code == 0, err
        grid = json.loads(out)["values"]
        assert all((grid[a][b] is None) == (a > b) for a in range(5) for b in range(5))
        code, out, err = run(capsys, "solve", "dom-leaks", "1", "1", "--rules", rules)
        assert code == 2 and "not a position of the game" in err and "move function" in err
    finally:
        for name in ("dom-piles", "dom-triple", "dom-half", "dom-leaks"):
            if catalog.find_entry(name) is not None:
                catalog.unregister(name)
