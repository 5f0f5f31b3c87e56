"""grundy against published values, periods and preperiods (``tests/data/octal_reference.csv``).

Every row cites its source (OEIS, Winning Ways, Flammenkamp's octal tables). Rows marked
``full`` must be *proved* by :func:`grundy.tables.analysis.analyze` with exactly the published period
and preperiod (converted to grundy's convention: the least ``e`` with ``G(n + p) = G(n) + s`` for
all ``n >= e``); rows marked ``values`` check the published first values only.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from grundy import load_game
from grundy.games.takebreak import grundy_game
from grundy.tables.analysis import analyze
from grundy.tables.periodicity import find_period, proof_length
from tests.marks import slow_params

DATA = Path(__file__).parents[1] / "data" / "octal_reference.csv"


def _rows() -> list[dict[str, str]]:
    with DATA.open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


ROWS = _rows()
FULL = [r for r in ROWS if r["check"] == "full"]


def _values(row: dict[str, str]) -> list[int]:
    return [int(v) for v in row["values"].split()]


def _table(spec: str, upto: int) -> Any:
    game = load_game(spec)
    if spec == "grundy-game":
        return np.asarray(grundy_game.table(upto))
    return analyze(game, upto).values


def test_the_file_is_well_formed() -> None:
    assert len(ROWS) >= 30
    assert all(r["source"] for r in ROWS), "every row cites a source"
    codes = {r["game"] for r in FULL} - {"kayles", "dawson-kayles", "dawsons-chess"}
    assert len(codes) >= 20, "at least 20 more octal games are checked fully"
    for name in ("kayles", "dawson-kayles", "dawsons-chess", "grundy-game"):
        assert any(r["game"] == name and r["values"] for r in ROWS), name


@pytest.mark.parametrize("row", [r for r in ROWS if r["values"]], ids=lambda r: r["game"])
def test_published_values(row: dict[str, str]) -> None:
    values = _values(row)
    start = int(row["values_from"])
    table = _table(row["game"], start + len(values))
    assert table[start:start + len(values)].tolist() == values


@pytest.mark.parametrize("row", slow_params(FULL, {"octal(0.127)"}, key=lambda r: r["game"]),
                         ids=lambda r: r["game"])
def test_published_period_is_proved(row: dict[str, str]) -> None:
    game = load_game(row["game"])
    period, preperiod, saltus = int(row["period"]), int(row["preperiod"]), int(row["saltus"])
    rule = proof_length(game, period, preperiod)
    assert rule is not None
    result = analyze(game, rule[0] + period)
    assert result.proved, row["game"]
    assert (result.period, result.preperiod, result.saltus) == (period, preperiod, saltus), row["game"]


@pytest.mark.parametrize("row", [r for r in ROWS if r["check"] == "values" and r["period"]],
                         ids=lambda r: r["game"])
def test_long_periods_are_not_contradicted_early(row: dict[str, str]) -> None:
    """Rows too long to prove: no *proved* period may appear before the published preperiod."""
    game = load_game(row["game"])
    result = analyze(game, 20_000)
    assert not result.proved or result.preperiod >= int(row["preperiod"])


def test_kayles_convention() -> None:
    """The preperiod convention of the issue: Kayles has period 12 and preperiod 71."""
    values = _table("kayles", 400)
    found = find_period(values)
    assert found is not None and (found.period, found.preperiod) == (12, 71)
    assert all(values[n + 12] == values[n] for n in range(71, 388))
    assert values[70 + 12] != values[70]
