"""grundy.clear_caches(): every module-level cache is registered, emptied by one call, and the
answers after it are the same as before (computed again)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

import grundy
from grundy.catalog import parse_sum
from grundy.model.bounded import cache_sizes
from grundy.theory.nimber import Nimber

QUESTIONS = [
    ["nim", "3", "4", "5"], ["kayles", "40", "17"], ["wythoff", "5", "8"], ["fibonacci-nim", "100", "99"],
    ["dynamic-subtraction(3)", "100"], ["subtraction(fibonacci)", "500"], ["subtraction(squares)", "300"],
    ["grundy-game", "200"], ["allbut(1,3,4)", "50"], ["ruler", "HTHHTTHHH"],
    ["turning-corners", "1,2", "3,3"], ["octal(0.137)", "60", "7"], ["t-cache-digits", "345"],
]

FILLED = ["grundy.model.game._LAWS", "grundy.tables.analysis._ORACLES",
          "grundy.games.takeaway.wythoff._TABLE", "grundy.games.takeaway.fibonacci._VALUES",
          "grundy.games.takeaway.dynamic._TABLES", "grundy.games.takeaway.infinite_subtraction._TABLES",
          "grundy.games.takebreak.grundy_game._table", "grundy.games.takeaway.allbut._solve",
          "grundy.games.coins._RULER_PREFIX", "grundy.theory.nimber._EXP", "grundy.define.query._STATES",
          "grundy.model.textio._RECENT"]
"""Caches the questions below fill (each must hold something before the clear)."""


def _digits(n: int) -> list[int]:
    return [n - int(d) for d in str(n) if d != "0"]


def _answers() -> list[Any]:
    out: list[Any] = []
    for tokens in QUESTIONS:
        game, position = parse_sum(tokens)
        s = grundy.solve(game, position)
        out.append((tokens, s.outcome, s.grundy, [m.label for m in s.winning_moves]))
    table = grundy.heap_table(grundy.load_game("kayles"), 300)
    out.append(("table", table.analysis.values.tolist(), table.analysis.period))
    out.append(("nimber", int(Nimber(2**40 + 12345) * Nimber(2**33 + 7))))
    out.append(("big", grundy.solve(grundy.load_game("nim"), (10**4000, 10**4000 + 1)).to_json()["grundy"]))
    return out


@pytest.fixture(autouse=True, scope="module")
def _own_game() -> Iterator[None]:
    grundy.heap_game("t-cache-digits")(_digits)
    yield  # (unregistered by tests/conftest.py after the module)


@pytest.mark.slow
def test_clear_caches_empties_every_registered_cache_and_keeps_the_answers() -> None:
    grundy.clear_caches()
    first = _answers()
    sizes = cache_sizes()
    empty = [name for name in FILLED if not sizes.get(name)]
    assert not empty, f"these caches were not filled (or not registered): {empty}"
    grundy.clear_caches()
    left = {name: size for name, size in cache_sizes().items() if size}
    assert not left, f"caches still holding entries after clear_caches(): {left}"
    assert _answers() == first


@pytest.mark.slow
def test_every_module_level_cache_is_registered() -> None:
    """The caches this module knows of are all in the registry once their modules are imported
    (a new cache must register itself, or be added here with the reason it need not)."""
    _answers()
    for module in ("grundy.cli.common", "grundy.engine.loopy", "grundy.games.takebreak.octal_match",
                   "grundy.patterns.arith", "grundy.patterns.formulas"):
        importlib.import_module(module)

    known = {"grundy.cli.common._WIDTH", "grundy.define.base._BOUND", "grundy.define.query._STATES",
             "grundy.engine.loopy._COMPILED", "grundy.games.coins._RULER_PREFIX",
             "grundy.games.takeaway.allbut._solve", "grundy.games.takeaway.dynamic._TABLES",
             "grundy.games.takeaway.dynamic.walk", "grundy.games.takeaway.fibonacci._VALUES",
             "grundy.games.takeaway.fibonacci.zeckendorf_walk",
             "grundy.games.takeaway.infinite_subtraction._TABLES", "grundy.games.takeaway.wythoff._TABLE",
             "grundy.games.takebreak.grundy_game._table",
             "grundy.games.takebreak.octal_match._declared_rule", "grundy.model.game._LAWS",
             "grundy.model.textio._RECENT", "grundy.patterns.arith._SIEVES",
             "grundy.patterns.formulas.compiled", "grundy.tables.analysis._BY_IDENTITY",
             "grundy.tables.analysis._ORACLES", "grundy.theory.nimber._EXP"}
    assert known <= set(cache_sizes())
