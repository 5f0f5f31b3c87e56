"""Budgets of ``solve``: an explicit ``limit`` is honoured everywhere, the default caps the value of
a position whose outcome a rule decided."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from grundy import Outcome, solve
from grundy.errors import SearchLimitError
from grundy.solving import solve as solve_module
from tests.helpers import Chain, heap_table, run


@dataclass(frozen=True)
class DecidedChain(Chain):
    """A chain whose outcome a rule gives (the parity), its value only by search."""

    def closed_outcome(self, position: Any) -> Outcome:
        return Outcome.N if position % 2 else Outcome.P


def test_an_explicit_limit_raises_the_value_budget_of_a_decided_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "VALUE_LIMIT_WHEN_DECIDED", 1_000)  # (the test stays small)
    n = 1_001  # odd: an N-position of value 1, more steps than the cap
    default = solve(DecidedChain(), n)
    assert default.outcome is Outcome.N and default.grundy is None and "not computed" in (default.note or "")
    given = solve(DecidedChain(), n, limit=4 * n)
    assert given.outcome is Outcome.N and given.grundy == 1 and given.note is None
    with pytest.raises(SearchLimitError):  # an explicit small limit is honoured as well
        solve(DecidedChain(), n, limit=10)


def _allbut_options(excluded: tuple[int, ...]) -> Any:
    return lambda n: [(n - k,) for k in range(1, n + 1) if k not in excluded]


def test_explain_values_a_multi_heap_part_by_its_law(capsys: pytest.CaptureFixture[str]) -> None:
    """A part with several heaps is explained heap by heap from the proved law, not by listing the
    options of the whole part (which a heap of 10⁸ makes astronomically many)."""
    g = heap_table(301, _allbut_options((2, 5, 9)))  # independent plain mex
    code, out, err = run(capsys, "solve", "allbut(2,5,9)", "18", "56", "301", "+", "nim", "5",
                         "--explain")
    assert code == 0, err
    steps = out.split("step by step:")[1]
    for n in (18, 56, 301):
        assert f"G({n}) = {g[n]} by a rule: all-but game" in steps
    part = g[18] ^ g[56] ^ g[301]
    assert f"G(18 56 301) = {g[18]} ⊕ {g[56]} ⊕ {g[301]} = {part}" in steps
    assert f"{part} ⊕ 5 = {part ^ 5}" in steps and "mex{" not in steps
    why = next(line for line in out.splitlines() if line.lstrip().startswith("why:"))
    assert "brute force" not in why and "all-but game" in why
    code, out, err = run(capsys, "solve", "allbut(2,5,9)", "18", "56", "35001686", "+", "nim", "5",
                         "--explain")  # the reported case: answered from the law at once
    assert all(g[n + 4] == g[n] + 2 for n in range(7, 298))  # the law, seen on the plain table
    big = g[7 + (35001686 - 7) % 4] + (35001686 - 7) // 4 * 2
    assert code == 0 and f"G(35001686) = {big} by a rule" in out and len(out.splitlines()) < 30


def _octal_options(code: str) -> Any:
    """Options of one heap of the octal game ``code`` (e.g. '0.452'), written out here."""
    digits = [int(d) for d in code.split(".")[1]]

    def options(n: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for k, d in enumerate(digits, 1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                out.append(())
            if d & 2 and rest > 0:
                out.append((rest,))
            if d & 4 and rest > 1:
                out.extend((a, rest - a) for a in range(1, rest // 2 + 1))
        return out

    return options


def test_a_heap_beyond_any_table_waits_for_the_period_to_be_proved(
        capsys: pytest.CaptureFixture[str]) -> None:
    """octal(0.452) is proved periodic only past 1,024 heaps (period 20 from heap 498): a heap of
    10⁹ (beyond any table) grows the table within its bound until the proof, then is answered."""
    g = heap_table(1100, _octal_options("0.452"))  # independent plain mex
    assert all(g[n + 20] == g[n] for n in range(498, 1080))  # the period, seen on the plain table
    for n in (10**9, 10**30):
        code, out, err = run(capsys, "solve", "octal(0.452)", str(n), "--json")
        assert code == 0, err
        assert json.loads(out)["grundy"] == g[498 + (n - 498) % 20]


@pytest.mark.parametrize("spec", ["nim", "allbut(1,3,4)", "bash(3)", "bash(2,5)", "bash(2,5,rest=all)"])
def test_label_free_options_are_the_moves(spec: str) -> None:
    """Searches (the remoteness, the engine) use options without labels, which write out heap
    sizes; they must be exactly the moves' results."""
    from grundy import load_game

    game = load_game(spec)
    for n in range(30):
        assert sorted(map(tuple, game.heap_options(n))) == sorted(tuple(r) for _, r in game.heap_moves(n))


def test_a_huge_heap_in_a_sum_is_not_written_out_while_searching(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The remoteness search of a sum with a heap of 100,000 digits builds no move labels (each
    would write the heap out); the answer comes from the rules at once."""
    code, out, err = run(capsys, "solve", "nim", "26", "11", "+", "bash(2,5,rest=all)", "10**100000", "5",
                         "--json")
    assert code == 0, err
    g = heap_table(40, lambda n: [(0,)] if 0 < n < 2 else [(n - k,) for k in range(2, min(5, n) + 1)])
    assert all(g[n + 7] == g[n] for n in range(7, 33))  # period 7, seen on the plain table
    huge = 10**100000
    assert json.loads(out)["grundy"] == 26 ^ 11 ^ g[7 + (huge - 7) % 7] ^ g[5]
