"""Positions and descriptions of users' ``@grundy.game`` games: a one-number position is a
1-tuple, moves have labels, ``grundy list`` describes a game by its docstring or first comment."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import run

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
    grundy.game("pos-empty", format=lambda p: "")(lambda p: [()] if p else [])
    try:
        game = grundy.load_game("pos-empty")
        assert [m.label for m in game.moves((1,))] == ["→ ()"]
    finally:
        catalog.unregister("pos-empty")
