"""``grundy table GAME --misere`` against misère values, periods and genera computed here by plain
recursion over hand-written rules (no engine, no laws)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from grundy.engine.search import mex
from tests.helpers import run

Rows = tuple[int, ...]


def norm(rows: tuple[int, ...]) -> Rows:
    return tuple(sorted(r for r in rows if r))


def subtraction(takes: tuple[int, ...]) -> Callable[[Rows], list[Rows]]:
    def moves(rows: Rows) -> list[Rows]:
        return [norm((*rows[:i], n - t, *rows[i + 1:])) for i, n in enumerate(rows) for t in takes if t <= n]
    return moves


def kayles(rows: Rows) -> list[Rows]:
    return [norm((*rows[:i], *rows[i + 1:], left, n - width - left))
            for i, n in enumerate(rows) for width in (1, 2) for left in range(n - width + 1)]


RULES: dict[str, Callable[[Rows], list[Rows]]] = {
    "nim": lambda rows: [norm((*rows[:i], k, *rows[i + 1:])) for i, n in enumerate(rows) for k in range(n)],
    "subtraction(1,3,4)": subtraction((1, 3, 4)),
    "subtraction(2,5)": subtraction((2, 5)),
    "bash(3)": subtraction((1, 2, 3)),
    "subtraction(3,4,9)": subtraction((3, 4, 9)),
    "kayles": kayles,
}


@cache
def normal(spec: str, rows: Rows) -> int:
    return mex(normal(spec, o) for o in RULES[spec](rows))


@cache
def misere(spec: str, rows: Rows, twos: int = 0, ones: int = 0) -> int:
    """Misère value of ``rows + twos·*2 + ones·*1``: mex of the options, 1 with no option."""
    options = [misere(spec, o, twos, ones) for o in RULES[spec](rows)]
    if twos:
        options += [misere(spec, rows, twos - 1, ones + 1), misere(spec, rows, twos - 1, ones)]
    if ones:
        options.append(misere(spec, rows, twos, ones - 1))
    return mex(options) if options else 1


def table_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "table", *argv, "--misere", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("spec, upto", [("nim", 30), ("subtraction(1,3,4)", 60), ("subtraction(2,5)", 60),
                                        ("bash(3)", 40), ("subtraction(3,4,9)", 80),
                                        pytest.param("kayles", 20, marks=pytest.mark.slow)])
def test_values_and_genus_against_brute_force(capsys: pytest.CaptureFixture[str], spec: str,
                                              upto: int) -> None:
    data = table_json(capsys, spec, "--upto", str(upto))
    assert data["misere_values"] == [misere(spec, norm((n,))) for n in range(upto + 1)]
    assert data["genus"], "some genus computed"
    for n, gammas in enumerate(data["genus"]):
        rows = norm((n,))
        assert gammas[0] == normal(spec, rows)
        full = [misere(spec, rows, k) for k in range(8)]
        # the shown entries, then the last two alternating, reproduce γ1..γ8
        shown = gammas[1:]
        extended = shown + [shown[len(shown) - 2 + (i % 2)] for i in range(8 - len(shown))]
        assert extended == full, (spec, n, gammas, full)


@pytest.mark.parametrize("spec", ["subtraction(1,3,4)", "subtraction(2,5)", "bash(3)", "subtraction(3,4,9)",
                                  "nim"])
def test_proved_periods_hold_and_are_least(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    found = table_json(capsys, spec, "--upto", "10", "--summary")["periodicity"]
    assert found["proved"] is True and "misere_values" not in table_json(capsys, spec, "--summary")
    p, e, saltus = found["period"], found["preperiod"], found["saltus"]
    m = [misere(spec, norm((n,))) for n in range(e + 6 * p + 40)]

    def holds(q: int, start: int) -> bool:
        return all(m[n + q] == m[n] + (saltus if q == p else 0) for n in range(start, len(m) - q))

    assert holds(p, e)
    assert e == 0 or not holds(p, e - 1)
    assert not any(holds(q, e) for q in range(1, p) if saltus == 0)


@pytest.mark.slow
def test_observed_periods_are_not_called_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "grundy-game", "--misere", "--upto", "25")
    assert code == 0
    assert "period 3 from heap 3 (observed in m(0..25), not proved)" in out
    found = table_json(capsys, "grundy-game", "--upto", "25")["periodicity"]
    assert found == {"period": 3, "preperiod": 3, "saltus": 0, "proved": False, "reason": "observed"}


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "subtraction(2,5)", "--misere", "--upto", "12")
    assert code == 0
    assert "misère Grundy values m(0..12)" in out
    assert "   0: 1 1 0 0 1 2 0 1 1 0 0 1 2" in out
    assert "period 7 from heap 0 (proved:" in out
    assert "genus v^γ1γ2… of heaps 0..12:" in out
    assert "0^120 0^120 1^031 1^031 0^120  2^20" in out


def test_genus_stops_within_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    data = table_json(capsys, "kayles", "--upto", "20", "--limit", "20000")
    assert 0 < len(data["genus"]) < 21
    code, out, _ = run(capsys, "table", "kayles", "--misere", "--upto", "20", "--limit", "20000")
    assert code == 0 and "steps ran out at heap" in out and "--limit raises it" in out


@pytest.mark.parametrize("argv, message", [
    pytest.param(["kayles", "--misere", "--upto", "60"], "lower --upto or raise --limit",
                 marks=pytest.mark.slow),
    (["wythoff", "--misere"], "'wythoff' is not one"),
    (["nim", "--limit", "10"],
     "--limit 10 applies to misère tables (--misere) and to the tables of games defined"),
    (["nim", "--misere", "--plot", "x.png"], "does not apply to --misere"),
    (["nim", "--misere", "--upto", "2000000"], "misère tables go up to 1,000,000"),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "table", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
