"""A position that a conjectured rule of the P-positions calls N: the rule gives no Grundy value,
but a move into a position it calls P is a winning move — if the rule holds.

:class:`NPositionByRule` is raised where a value was asked (the engine cannot go on without one)
and carries the move; :func:`answer_by_rule` turns it into an answer with the outcome, the move
and no value, when the position asked is that one position (in a sum, the unknown value leaves
the outcome undecided: a refusal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.errors import SearchLimitError
from grundy.model.reason import Facts, Reason, template

if TYPE_CHECKING:
    from grundy.model.game import Game
    from grundy.patterns.record import Pattern
    from grundy.solving.solve import Solution


class NPositionByRule(SearchLimitError):
    """The conjectured rule of the P-positions calls ``position`` an N-position and its option
    ``target`` a P-position; the rule gives no Grundy value."""

    def __init__(self, message: str, *, position: Any, target: Any, rule: Pattern) -> None:
        super().__init__(message, parameters=("conjecture",))
        self.position = position
        self.target = target
        self.rule = rule


@template("p-rule-move")
def _text(f: Facts) -> str:
    return (f"by the conjectured rule of the P-positions ({f['rule']}), checked on all positions up "
            f"to {f['checked']}: this position is N and the move to {f['target']} reaches a P-position "
            f"by the rule; the rule gives no Grundy value")


def answer_by_rule(game: Game, position: Any, found: NPositionByRule, single: Any) -> Solution:
    """The answer "N, this move wins, value unknown" when ``single`` (the one part of the
    position asked, or ``None`` for a sum of several) is the position the rule spoke of; else
    ``found`` itself, re-raised with the reason."""
    from grundy.model.game import Move, Outcome
    from grundy.solving.solve import Solution

    if single is None or single != found.position:
        raise SearchLimitError(f"{found} (in a sum, a part whose value is unknown leaves the outcome "
                               f"undecided)", parameters=found.parameters) from None
    move = next((m for m in game.moves(position) if m.to == found.target
                 or (isinstance(m.to, tuple) and m.to == (found.target,))), None)
    if move is None:  # (a heap game's move leaves the heap as a 1-tuple; a pair's is the pair)
        move = Move(f"→ {found.target}", found.target)
    reason = Reason("p-rule-move", {"rule": found.rule.formula, "checked": found.rule.checked_upto,
                                    "target": game.format_position(move.to)})
    return Solution(game, position, Outcome.N, None, [move], reason,
                    note="the Grundy value is unknown: the conjectured rule describes the P-positions only")
