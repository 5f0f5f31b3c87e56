"""``grundy table 'GAME(k=A..B)'``: each member's period, and the period's dependence on k."""

from __future__ import annotations

import json

import pytest

from grundy.cli.family import expand, linear_fit
from grundy.errors import InvalidInputError
from tests.helpers import mex_table_subtraction, run


def least_period(values: list[int]) -> int:
    """The least p with values[n + p] == values[n] for all n (a brute force written here)."""
    return next(p for p in range(1, len(values)) if all(
        values[n + p] == values[n] for n in range(len(values) - p)))


def test_bash_family_period_is_m_plus_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "bash(m=2..7)", "--upto", "120", "--json")
    assert code == 0, err
    data = json.loads(out)
    for row in data["members"]:
        m = row["m"]
        assert row["period"] == least_period(mex_table_subtraction(list(range(1, m + 1)), 120))
    periods = {d["describes"]: d for d in data["dependence"]}
    assert periods["period"]["formula"] == "m + 1" and periods["period"]["status"] == "conjecture"


def test_text_output_and_no_false_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "subtraction(1,2..6)", "--upto", "200")
    assert code == 0 and "k = 4: period 5" in out
    assert "depends on k: period" not in out  # periods 3, 2, 5, 2, 7 fit no line


def test_linear_fit_and_expand() -> None:
    assert linear_fit([1, 2, 3], [3, 5, 7]) == "2k + 1"
    assert linear_fit([1, 2, 3], [3, 5, 8]) is None
    assert expand("subtraction(1,2..3)")[2] == ["subtraction(1,2)", "subtraction(1,3)"]
    with pytest.raises(InvalidInputError, match="exactly one parameter range"):
        expand("bash(2..3,4..5)")
