"""Every call of a user's heap-game function is bounded: the table of a ``@grundy.heap_game``
gets the step budget of a ``@grundy.game`` table (default, ``--limit N``, ``limit=``), the probe
of heaps 0..255 (does a move split a heap?) runs inside the query's budget and safety net, and
Ctrl-C ends it with one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.define import query
from tests.helpers import run

RULES = '''
import grundy


@grundy.heap_game("hb-grundy")
def grundys(n):
    """Grundy's game: split a heap into two unequal heaps"""
    return [(a, n - a) for a in range(1, (n + 1) // 2)]


@grundy.heap_game("hb-loop")
def loop(n):
    while n == 100:
        pass
    return [n - 1] if n else []


@grundy.heap_game("hb-wide")
def wide(n):
    return list(range(n))


@grundy.heap_game("hb-interrupt")
def interrupt(n):
    if n == 50:
        raise KeyboardInterrupt
    return [n - 1] if n else []
'''
NAMES = ("hb-grundy", "hb-loop", "hb-wide", "hb-interrupt")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "hb_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def grundys_game(upto: int) -> list[int]:
    g = [0] * (upto + 1)
    for n in range(upto + 1):
        seen = {g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)}
        while g[n] in seen:
            g[n] += 1
    return g


def table_steps(upto: int) -> int:
    """The table's steps up to ``upto``: a heap and each option of a game that splits, 1 + 3."""
    return sum(1 + 3 * ((n + 1) // 2 - 1) for n in range(upto + 1))


def test_a_heap_game_table_has_the_step_budget(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    upto = 400
    need = table_steps(upto) * query.TABLE_STEP  # search steps
    code, out, err = run(capsys, "--rules", rules, "table", "hb-grundy", "--upto", str(upto),
                         "--limit", str(int(need) - 10), "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "needs more than" in err and "--limit" in err and "limit=" not in err
    code, out, err = run(capsys, "--rules", rules, "table", "hb-grundy", "--upto", str(upto),
                         "--limit", str(int(need) + 10), "--json")
    assert code == 0, err
    import json

    assert json.loads(out)["values"] == grundys_game(upto)
    # the library: the same budget, limit= raises it; the default refuses Grundy's game at 10^5
    game = grundy.load_game("hb-grundy")
    with pytest.raises(grundy.SearchLimitError, match="limit="):
        grundy.heap_table(game, upto, limit=int(need) - 10)
    assert list(grundy.heap_table(game, upto, limit=int(need) + 10).analysis.values) == grundys_game(upto)


def test_the_split_probe_runs_inside_the_budget_and_the_safety_net(
        rules: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(query, "SAFETY_SECONDS", 1.0)  # (the safety net sooner: 1 s)
    monkeypatch.setattr(query, "SECONDS_PER_STEP", 5e-7)
    for argv in (["solve", "hb-loop", "50"], ["table", "hb-loop", "--upto", "50"]):
        code, out, err = run(capsys, "--rules", rules, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "stopped after" in err, err
    # the probe's calls are steps of the query: a tiny budget refuses them
    # (heaps 0..255 of a Nim heap list 32,640 options: 4,080 steps)
    code, out, err = run(capsys, "--rules", rules, "solve", "hb-wide", "7", "--limit", "4000")
    assert code == 2 and err.count("\n") == 1 and "heaps 0..255" in err
    code, out, err = run(capsys, "--rules", rules, "solve", "hb-wide", "7", "--limit", "5000")
    assert code == 0 and "grundy:   7" in out


def test_ctrl_c_in_a_move_function_ends_with_one_line(rules: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--rules", rules, "table", "hb-interrupt", "--upto", "60")
    assert code == 130 and err.count("\n") == 1 and "Traceback" not in err
