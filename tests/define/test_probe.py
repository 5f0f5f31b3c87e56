"""A safety net's refusal (time or memory) is never read as "the move function says no": the
probes that decide what a game's positions look like let it through, so what is printed never
depends on the machine's speed."""

from __future__ import annotations

from typing import Any

import pytest

from grundy.define.base import probe_options
from grundy.errors import InvalidGameError, ResourceLimitError, SearchLimitError


class _Game:
    def __init__(self, error: Exception | None) -> None:
        self.error = error

    def options_of(self, position: Any) -> list[Any]:
        if self.error is not None:
            raise self.error
        return [(position[0] - 1,)] if position[0] else []


def test_a_refusing_move_function_is_a_no() -> None:
    assert probe_options(_Game(None), (0,), (1,)) == [(0,)]
    assert probe_options(_Game(InvalidGameError("no such position")), (0, 0)) is None


def test_a_safety_net_refusal_propagates() -> None:
    with pytest.raises(ResourceLimitError):
        probe_options(_Game(ResourceLimitError("the query stopped after 10 s")), (0, 0))
    assert issubclass(ResourceLimitError, SearchLimitError)  # callers that refuse still refuse
