"""The outcome class of a position: who wins under optimal play.

>>> Outcome.P.winner
'second'
"""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """Outcome class of a position under optimal play."""

    N = "N"
    """The Next player (the one to move) wins."""
    P = "P"
    """The Previous player (the one who just moved) wins: the player to move loses."""
    D = "D"
    """Neither player can force a win (loopy games only): a draw."""

    @property
    def winner(self) -> str:
        """``"first"`` (the player to move), ``"second"`` or ``"neither"``."""
        return {"N": "first", "P": "second", "D": "neither"}[self.value]
