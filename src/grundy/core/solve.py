"""``solve``: the full answer for one position — who wins, the Grundy value, every winning move,
and the rule or theorem that decided it. This is what ``grundy solve`` prints.

>>> from grundy import load_game
>>> answer = solve(load_game("nim"), (3, 4, 5))
>>> answer.outcome.winner, answer.grundy, [m.label for m in answer.winning_moves]
('first', 2, ['heap 1: take 2: 3 → 1'])
>>> answer.reason
"Bouton's theorem: the nim-sum 3 ⊕ 4 ⊕ 5 = 2 ≠ 0"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.core.engine import DEFAULT_LIMIT, Cache, grundy_value, outcome, winning_moves, xor_all
from grundy.core.game import Game, Move, Outcome, Position
from grundy.errors import SearchLimitError, TooManyMovesError

VALUE_LIMIT_WHEN_DECIDED = 200_000
"""Brute-force budget for the Grundy value of a position whose outcome a rule already decided."""


@dataclass(frozen=True)
class Solution:
    """Everything grundy knows about one position."""

    game: Game
    position: Position
    outcome: Outcome
    grundy: int | str | None
    """The Grundy value; ``None`` in misère play or where it could not be computed, ``"inf"``
    for loopy positions of infinite generalised value."""
    winning_moves: list[Move]
    reason: str
    misere: bool = False
    note: str | None = None
    """Why ``grundy`` is missing, or why the winning moves are not listed, when that happens."""
    moves_listed: bool = True
    """False when the winning moves exist but are too many to list (see :attr:`note`)."""

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``grundy solve``."""
        fmt = self.game.format_position
        data: dict[str, Any] = {
            "game": self.game.spec,
            "position": fmt(self.position),
            "misere": self.misere,
            "outcome": self.outcome.value,
            "winner": self.outcome.winner,
            "grundy": self.grundy,
            "winning_moves": [{"move": m.label, "to": fmt(m.to)} for m in self.winning_moves],
            "winning_moves_complete": self.moves_listed,
            "reason": self.reason,
        }
        if self.note:
            data["note"] = self.note
        return data


def solve(game: Game, position: Any, *, misere: bool = False, cache: Cache | None = None,
          limit: int = DEFAULT_LIMIT) -> Solution:
    """Solve ``position`` of ``game`` (normal play, or misère play with ``misere=True``)."""
    position = game.validate(position)
    cache = cache or Cache()
    if misere:
        result = outcome(game, position, misere=True, cache=cache, limit=limit)
        moves = winning_moves(game, position, misere=True, cache=cache, limit=limit)
        reason = game.explain(position, misere=True) or (
            "brute force over the misère game tree: a position is won exactly when some move "
            "leads to a lost one, and a player with no move wins")
        return Solution(game, position, result, None, moves, reason, True,
                        "Grundy values do not decide misère play")
    loopy = game.loopy_value(position)
    if loopy is not None:  # an infinite generalised value: the ordinary engine does not apply
        decided, rule_moves = game.closed_outcome(position), game.winning_moves_rule(position)
        if decided is not None and rule_moves is not None:
            return Solution(game, position, decided, loopy, rule_moves,
                            game.explain(position) or "Smith's generalised Sprague-Grundy values")
    by_rule = game.closed_outcome(position)
    value: int | None
    note = None
    try:
        budget = limit if by_rule is None else min(limit, VALUE_LIMIT_WHEN_DECIDED)
        value = grundy_value(game, position, cache=cache, limit=budget)
    except SearchLimitError as exc:
        if by_rule is None:
            raise
        value, note = None, f"Grundy value not computed: {exc}"
    result = by_rule if by_rule is not None else (Outcome.N if value else Outcome.P)
    listed = True
    try:
        moves = winning_moves(game, position, cache=cache, limit=limit)
    except TooManyMovesError as exc:
        moves, listed = [], False
        note = "; ".join(filter(None, [note, f"winning moves not listed: {exc}"]))
    return Solution(game, position, result, value, moves, _reason(game, position, cache), False,
                    note, listed)


def _reason(game: Game, position: Position, cache: Cache) -> str:
    own = game.explain(position)
    if own:
        return own
    parts = game.components(position)
    if parts is None:
        return "brute force: the Grundy value is the mex of the options' values"
    values = [cache.value_of(g, p) for g, p in parts]
    known = [v for v in values if v is not None]
    expr = ""
    if len(known) == len(values):
        shown = " ⊕ ".join(str(v) for v in known[:8]) + (" ⊕ …" if len(known) > 8 else "")
        expr = f": {shown} = {xor_all(known)}"
    rules: list[str] = []
    for g, p in parts:
        rule = g.explain(p)
        if rule is None:
            rule = ("the XOR of its heaps' values, each the mex of its options (brute force)"
                    if g.components(p) is not None else "the mex of the options (brute force)")
        if rule not in rules:
            rules.append(rule)
    return (f"Sprague-Grundy theorem: the value of a sum is the XOR of its parts' values{expr}; "
            f"part values by {'; '.join(rules[:3])}")
