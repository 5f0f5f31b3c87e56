"""``grundy table 'GAME(k=A..B)'``: each member's period, and the period's dependence on k."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy.errors import InvalidInputError
from grundy.patterns.formulas import evaluate
from grundy.reports.family import expand, linear_fit
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


START_RULES = '''
import grundy


@grundy.game("fam-rows", start=lambda n, m: (m,) * n)
def rows(p, *, n=2, m=3):
    # n piles of m counters: take one or two from a pile
    return [p[:i] + (h - k,) + p[i + 1:] for i, h in enumerate(p) for k in (1, 2) if k <= h]


@grundy.game("fam-word", start=lambda n: "w" * n)
def word(p, *, n=2):
    return [p[:-1]] if p else []


@grundy.game("fam-nostart")
def nostart(p, *, n=2):
    return []
'''


def test_family_of_start_positions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from grundy import catalog

    path = tmp_path / "fam_rules.py"
    path.write_text(START_RULES)
    rules = str(path)

    def brute(p: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:  # plain mex, written here
        if p not in memo:
            seen = {brute((*p[:i], h - k, *p[i + 1:]), memo) for i, h in enumerate(p)
                    for k in (1, 2) if k <= h}
            memo[p] = min(set(range(len(seen) + 1)) - seen)
        return memo[p]

    try:
        code, out, err = run(capsys, "table", "fam-rows(n=1..7,m=2)", "--json", "--rules", rules)
        assert code == 0, err
        data = json.loads(out)
        memo: dict[tuple[int, ...], int] = {}
        want = [brute((2,) * n, memo) for n in range(1, 8)]
        assert [r["grundy"] for r in data["members"]] == want == [2 if n % 2 else 0 for n in range(1, 8)]
        assert [r["outcome"] for r in data["members"]] == ["N" if v else "P" for v in want]
        assert data["patterns"] and all(p["status"] == "conjecture" for p in data["patterns"])
        for p in data["patterns"]:
            for n, v in zip(range(1, 8), want, strict=True):
                got = evaluate(p["formula"], n=n)
                assert (got == v) if p["describes"] == "values" else (bool(got) == (v == 0))
        # every start a P-position: said so (a search had found the bare, always-true "P iff n")
        assert all(brute((3,) * n, memo) == 0 for n in range(1, 5))
        code, out, err = run(capsys, "table", "fam-rows(n=1..4,m=3)", "--rules", rules)
        assert code == 0 and "every start is a P-position (conjecture, checked for n = 1..4)" in out
        assert "P iff" not in out
        # the range over m with n fixed: the texts speak of m (not of the fixed n), the formulas
        # (over the grammar's n) still hold at every member, and the values are the brute force's
        code, out, err = run(capsys, "table", "fam-rows(m=1..12,n=3)", "--json", "--rules", rules)
        data = json.loads(out)
        want = [brute((m,) * 3, memo) for m in range(1, 13)]
        assert code == 0 and [r["grundy"] for r in data["members"]] == want
        texts = {p["describes"]: p["text"] for p in data["patterns"]}
        assert texts == {"values": "G(start) = m % 3 (conjecture, checked for m = 1..12)",
                         "p-positions": "P iff m % 3 == 0 (conjecture, checked for m = 1..12)"}
        for p in data["patterns"]:
            for m, v in zip(range(1, 13), want, strict=True):
                got = evaluate(p["formula"], n=m)
                assert (got == v) if p["describes"] == "values" else (bool(got) == (v == 0))
        code, out, err = run(capsys, "table", "fam-rows(n=1..2,m=2)", "--rules", rules)
        assert code == 0 and "pattern" not in out  # two games: too few for a pattern
        code, out, err = run(capsys, "table", "fam-rows(n=1..3,m=2)", "--misere", "--rules", rules)
        assert code == 2 and "--misere" in err and not out  # refused, never the normal-play values
        code, out, err = run(capsys, "table", "fam-nostart(n=1..3)", "--rules", rules)
        assert code == 2 and "declares no start position" in err
        code, out, err = run(capsys, "table", "fam-word", "--rules", rules)
        assert code == 2 and "no table for fam-word" in err and "fam-word(n=A..B)" in err
        code, out, err = run(capsys, "table", "fam-word(n=1..5)", "--json", "--rules", rules)
        assert code == 0 and [r["grundy"] for r in json.loads(out)["members"]] == [n % 2 for n in range(1, 6)]
    finally:
        for name in ("fam-rows", "fam-word", "fam-nostart"):
            if catalog.find_entry(name) is not None:
                catalog.unregister(name)
