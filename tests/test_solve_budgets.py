"""Budgets of ``solve``: an explicit ``limit`` is honoured everywhere, the default caps the value of
a position whose outcome a rule decided."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from grundy import Outcome, solve
from grundy.core import solve as solve_module
from grundy.errors import SearchLimitError
from tests.helpers import Chain


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
