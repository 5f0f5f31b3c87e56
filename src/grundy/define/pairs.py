"""How a user's game on pairs (:class:`~grundy.define.UserGame` with positions ``(a, b)``)
answers a position too large to explore: by a pattern of its table ``G(a, b)``, ``a, b ≤``
:data:`PAIR_UPTO`, only when a conjecture is allowed (``--conjecture``), and only after a local
check — the value the pattern gives the position must be the mex of the values it gives the
position's options. A position whose exploration fits the budget is explored instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.define.query import Answering, game_state
from grundy.define.sums import Sum
from grundy.errors import GrundyError, ResourceLimitError, SearchLimitError
from grundy.model.laws import Describes
from grundy.patterns.record import Pattern

if TYPE_CHECKING:
    from grundy.define import UserGame

PAIR_UPTO = 64
"""The table ``G(a, b)``, ``a, b ≤ PAIR_UPTO``, whose patterns answer larger pairs."""


@dataclass
class PairState:
    """The patterns of a game's table ``G(a, b)`` (found once) and the positions they answered."""

    patterns: list[Pattern] | None = None
    """The patterns of the values (which answer a pair)."""
    p_rules: list[Pattern] = field(default_factory=list)
    """The patterns of the P-positions (which give no value: quoted in a refusal)."""
    used: dict[Any, Pattern] = field(default_factory=dict)


def pair_state(game: Any) -> PairState:
    """The state of one game (by class and parameters; see :func:`~grundy.define.query.game_state`)."""
    return game_state("pair", game, PairState)


def beyond_exploring(game: UserGame, position: Any, context: Answering) -> bool:
    """Whether ``position`` is a pair of a game on pairs with more pairs below it than the
    query's remaining steps (so exploring it cannot finish). When a conjecture may answer, also
    when the pairs below it, each with about half the options ``position`` has (the step count of
    exploring: a step per pair and per option), would not fit: so that the query does not spend
    its whole budget exploring before the pattern answers it."""
    if not (isinstance(position, tuple) and len(position) == 2):
        return False
    a, b = position
    if not (type(a) is int and a >= 0 and type(b) is int and b >= 0):
        return False
    below, room = (a + 1) * (b + 1), context.room()
    if below > room:
        return game.pairs() and _moves_down(game, position)
    if not context.conjecture or not game.pairs():
        return False
    return below * (1 + len(game.options_of(position)) / 2) > room and _moves_down(game, position)


def _moves_down(game: UserGame, position: tuple[int, int]) -> bool:
    """Whether no option of ``position`` has a coordinate larger than its own: only then do the
    pairs below it say how many positions exploring it may meet. A game whose moves go up (HDU
    1517: ``(p, n)`` to ``(p * k, n)``) is explored instead, however large its pair: what it
    reaches may be few positions, and the exploration's own budget bounds it."""
    a, b = position
    for option in game.options_of(position):
        for part in option.parts if isinstance(option, Sum) else (option,):
            if isinstance(part, tuple) and len(part) == 2 and (part[0] > a or part[1] > b):
                return False
    return True


def _patterns(game: UserGame, context: Answering) -> list[Pattern]:
    state = pair_state(game)
    if state.patterns is None:
        from grundy.define.domain import domain_pair_patterns
        from grundy.patterns.pairs import find_pair_patterns

        try:
            cells = game.table_cells(PAIR_UPTO)
        except ResourceLimitError:
            raise  # a safety net stopped it: a refusal, not "no pattern"
        except GrundyError:
            cells = None  # the small table has cycles, or does not fit the budget
        found = [] if cells is None else [
            p for p in domain_pair_patterns(cells, type(game).domain.minimum, find_pair_patterns)[0]
            if p.formula is not None]
        state.patterns = [p for p in found if p.describes == Describes.VALUES]
        state.p_rules = [p for p in found if p.describes == Describes.P_POSITIONS]
    return state.patterns


def has_pair_pattern(game: UserGame, position: Any, context: Answering) -> bool:
    """Whether ``position`` is a pair of numbers of a game on pairs whose small table shows a
    pattern (of the values or of the P-positions): then :func:`pair_value` answers it, or
    refuses quoting the pattern, where exploring it does not fit the budget."""
    if not (isinstance(position, tuple) and len(position) == 2 and all(
            type(x) is int and x >= 0 for x in position)) or not game.pairs():
        return False
    return bool(_patterns(game, context) or pair_state(game).p_rules)


def pair_value(game: UserGame, position: tuple[int, int], context: Answering,
               explored: bool = False) -> int:
    """The value of ``position`` by a conjectured pattern, checked locally, or a refusal
    (``explored``: exploring what it reaches ran out of the budget; else the pairs below it
    were too many to try)."""
    from grundy.define.sums import Sum
    from grundy.patterns.formulas import evaluate

    a, b = position
    shown = game.format_position(position)
    patterns = _patterns(game, context)
    if not patterns and context.conjecture and pair_state(game).p_rules:
        return _by_p_rule(game, position, context)
    if not patterns or not context.conjecture:
        best = f" (a conjecture: {patterns[0].text})" if patterns else ""
        rules = pair_state(game).p_rules
        if not patterns and rules:
            best = (f"; its P-positions follow a conjecture ({rules[0].text}), which gives no "
                    f"Grundy value")
        why = ("the positions it reaches" if explored else f"about {(a + 1) * (b + 1):,} pairs below it")
        raise SearchLimitError(
            f"{game.spec}: position {shown!r} is beyond brute force within {context.limit:,} steps "
            f"({why}) and no proved pattern gives its value{best}"
            f"; limit= raises the budget" + (", conjecture=True uses the conjectured pattern"
                                              if patterns else ""), parameters=("limit", "conjecture"))
    chosen = patterns[0]
    formula = chosen.formula
    assert formula is not None

    def rule(p: Any) -> int:
        if isinstance(p, Sum):
            total = 0
            for part in p.parts:
                total ^= rule(part)
            return total
        return evaluate(formula, a=p[0], b=p[1])

    value = rule(position)
    options = game.options_of(position)
    context.charge(len(options) + 1, f"{game.spec}: checking the conjectured pattern at {shown!r}")
    values = {o: rule(o) for o in options}
    context.vouch(game, repr(shown), value, values, chosen)
    context.remember(game, position, value, values)
    if chosen not in context.used:
        context.used.append(chosen)
    pair_state(game).used[position] = chosen
    return value


def _by_p_rule(game: UserGame, position: tuple[int, int], context: Answering) -> int:
    """The value 0 of a pair that the conjectured rule of the P-positions calls P, checked
    locally (the rule calls every option N, so none has value 0 and the mex is 0); a refusal at
    a pair it calls N (the rule gives no value) or where the check fails."""
    from grundy.define.sums import Sum
    from grundy.patterns.formulas import evaluate

    rule = pair_state(game).p_rules[0]
    formula = rule.formula
    assert formula is not None
    shown = game.format_position(position)
    options = game.options_of(position)
    context.charge(len(options) + 1, f"{game.spec}: checking the conjectured rule at {shown!r}")
    if isinstance(position, Sum) or any(isinstance(o, Sum) for o in options):
        raise SearchLimitError(f"{game.spec}: no answer at {shown!r}: a move there is a sum, whose "
                               f"outcome the conjectured rule {rule.text} does not decide")

    def is_p(p: Any) -> bool:
        return bool(evaluate(formula, a=p[0], b=p[1]))

    to_p = next((o for o in options if is_p(o)), None)
    if not is_p(position):
        if to_p is None:
            raise SearchLimitError(f"{game.spec}: no answer at {shown!r}: by the conjectured rule "
                                   f"{rule.text} it is an N-position, but no move reaches a P-position "
                                   f"by it: the rule is false there")
        from grundy.define.by_rule import NPositionByRule

        if rule not in context.used:
            context.used.append(rule)
        raise NPositionByRule(f"{game.spec}: no value at {shown!r}: by the conjectured rule {rule.text} "
                              f"it is an N-position (a move to {game.format_position(to_p)!r} reaches a "
                              f"P-position by the rule), but the rule gives no Grundy value",
                              position=position, target=to_p, rule=rule)
    if to_p is not None:
        raise SearchLimitError(f"{game.spec}: no answer at {shown!r}: the conjectured rule {rule.text} "
                               f"calls it a P-position and its option {game.format_position(to_p)!r} "
                               f"too, so the rule is false there")
    context.remember(game, position, 0, {})
    if rule not in context.used:
        context.used.append(rule)
    pair_state(game).used[position] = rule
    return 0
