"""How a user's heap game (:class:`~grundy.define.UserHeapGame`) answers one heap within one
query's budget (:mod:`grundy.define.query`): from its table when the table reaches the heap (or
can be built that far within the budget), otherwise from a pattern found in the table — a proved
one always, a conjectured one only when asked — and never without checking the pattern locally:
the value it gives the heap must be the mex of the values it gives the heap's options (the XOR of
the parts of a split). An answer that fails the check is refused, never printed.

The state (table and patterns) belongs to one game: equal games are equal by class and
parameters, so ``take(k=3)`` and ``take(k=4)`` never share a table or a pattern.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.define.query import TABLE_STEP, Answering, game_state
from grundy.errors import GrundyError, ResourceLimitError, SearchLimitError
from grundy.patterns.record import Pattern

if TYPE_CHECKING:
    from grundy.define import UserHeapGame
    from grundy.model.periodic import Periodicity

PATTERN_TABLE = 1 << 14
"""Heaps tabulated (within the step budget) to look for the pattern that answers larger heaps."""

REACH_SHARE = 0.8
"""Share of a query's remaining steps the table may take to reach the heap asked about (the rest
lists its winning moves)."""


@dataclass
class HeapState:
    """A user heap game's table so far, and the patterns found in it."""

    table: list[int] = field(default_factory=list)
    patterns: list[Pattern] | None = None
    periodicity: Periodicity | None = None
    used: dict[int, Pattern] = field(default_factory=dict)

    def extend(self, game: UserHeapGame, stop: int, context: Answering, share: float = 0.5) -> None:
        """Extend the table towards ``stop`` with at most ``share`` of the query's remaining
        steps; a game whose table falls short is not extended again in this query."""
        if len(self.table) >= stop or game in context.extended:
            return
        allowed = context.room() * share / TABLE_STEP
        spent = game.fill_table(self.table, stop, limit=int(allowed))
        context.spend(spent * TABLE_STEP, game.spec)
        if len(self.table) < stop:
            context.extended.add(game)

    def value(self, game: UserHeapGame, n: int, context: Answering) -> int:
        """``G(n)``: the table (built to ``n`` if the budget allows), else a pattern, checked."""
        if n < len(self.table):
            return self.table[n]
        vouched = context.vouched.get((game, n))
        if vouched is not None:
            return vouched
        if n < context.limit / TABLE_STEP:
            self.extend(game, min(n + 1, PATTERN_TABLE), context)
            if n < len(self.table) or self.reachable(game, n, context):
                self.extend(game, n + 1, context, REACH_SHARE)
            if n < len(self.table):
                return self.table[n]
        return self.by_pattern(game, n, context)

    def reachable(self, game: UserHeapGame, n: int, context: Answering) -> bool:
        """Whether the table may reach heap ``n`` within half the remaining budget, judged by the
        options of the last heap tabulated (a lower bound for games whose options grow)."""
        if not self.table or game in context.extended:
            return False
        options = game.heap_options(len(self.table) - 1)
        width = 1 + len(options) * (3 if game.has_splits else 1)
        return (n + 1 - len(self.table)) * width * TABLE_STEP <= context.room() * REACH_SHARE

    def find(self, game: UserHeapGame, context: Answering) -> list[Pattern]:
        """The patterns of the table (looked for once, on a table of up to :data:`PATTERN_TABLE`
        heaps built within the budget)."""
        if self.patterns is None:
            from grundy.patterns.search import find_patterns
            from grundy.tables.periodicity import find_period, prove_period

            self.extend(game, PATTERN_TABLE, context)
            proved = prove_period(game, self.table) if game.period_rule() is not None else None
            self.periodicity = proved or find_period(self.table)
            self.patterns = find_patterns(self.table, periodicity=self.periodicity)
        return self.patterns

    def rule(self, pattern: Pattern) -> Callable[[int], int]:
        """``G(m)`` for any ``m`` by ``pattern`` (the table where it reaches)."""
        table = self.table
        if pattern.formula is not None:
            from grundy.patterns.formulas import compiled

            func = compiled(pattern.formula)
            return lambda m: table[m] if m < len(table) else int(func({"n": m}))
        periodicity = self.periodicity
        assert periodicity is not None
        return lambda m: table[m] if m < len(table) else periodicity.value(table, m)

    def by_pattern(self, game: UserHeapGame, n: int, context: Answering) -> int:
        usable = [p for p in self.find(game, context) if p.describes == "values"
                  and (p.formula is not None or self.periodicity is not None)]
        chosen = next((p for p in usable if p.status == "proved"), None)
        if chosen is None and context.conjecture and usable:
            chosen = usable[0]
        spec = game.spec
        rules = [p for p in self.find(game, context) if p.describes == "p-positions" and p.formula]
        if chosen is None and context.conjecture and not usable and rules:
            return self.by_p_rule(game, n, rules[0], context)
        if chosen is None:  # (conjecture=True named only where it was not given and would help)
            best = f" (a conjecture: {usable[0].text})" if usable else ""
            which = "pattern, proved or conjectured," if context.conjecture else "proved pattern"
            more = ", conjecture=True uses a conjectured pattern" if usable and not context.conjecture else ""
            raise SearchLimitError(
                f"{spec}: heap {n:,} is beyond brute force within {context.limit:,} steps and no "
                f"{which} gives its value{best}{_octal_hint(game)}; 'analyze(game, upto=N)' looks "
                f"for a pattern, limit= raises the budget{more}",
                parameters=("table", "limit", "conjecture"), spec=spec)
        rule = self.rule(chosen)
        value = rule(n)
        if chosen.status != "proved":
            self.check(game, n, value, chosen, rule, context)
            if chosen not in context.used:
                context.used.append(chosen)
        self.used[n] = chosen
        return value

    def by_p_rule(self, game: UserHeapGame, n: int, rule: Pattern, context: Answering) -> int:
        """The value 0 of a heap the conjectured rule of the P-positions calls P, checked locally
        (the rule calls every option N, so none has value 0 and the mex is 0); at a heap it calls
        N, :class:`~grundy.define.by_rule.NPositionByRule` with a move to a heap it calls P (the
        value stays unknown); a refusal where the check fails or a move splits the heap."""
        from grundy.define.by_rule import NPositionByRule
        from grundy.patterns.formulas import compiled

        func, table = compiled(rule.formula or "0"), self.table

        def is_p(m: int) -> bool:
            return table[m] == 0 if m < len(table) else bool(func({"n": m}))

        options = game.heap_options(n)
        context.spend(len(options) + 1, f"{game.spec}: checking the conjectured rule at heap {n:,}")
        if any(len(o) != 1 for o in options):
            raise SearchLimitError(f"{game.spec}: no answer at heap {n:,}: a move there splits the heap, "
                                   f"and the conjectured rule {rule.text} does not decide a sum")
        to_p = next((o[0] for o in options if is_p(o[0])), None)
        if is_p(n):
            if to_p is not None:
                raise SearchLimitError(f"{game.spec}: no answer at heap {n:,}: the conjectured rule "
                                       f"{rule.text} calls it a P-position and its option {to_p:,} too, "
                                       f"so the rule is false there")
            context.remember(game, n, 0, {})
            if rule not in context.used:
                context.used.append(rule)
            self.used[n] = rule
            return 0
        if to_p is None:
            raise SearchLimitError(f"{game.spec}: no answer at heap {n:,}: by the conjectured rule "
                                   f"{rule.text} it is an N-position, but no move reaches a P-position "
                                   f"by it: the rule is false there")
        if rule not in context.used:
            context.used.append(rule)
        raise NPositionByRule(f"{game.spec}: no value at heap {n:,}: by the conjectured rule {rule.text} "
                              f"it is an N-position (the move to {to_p:,} reaches a P-position by the "
                              f"rule), but the rule gives no Grundy value", position=n, target=to_p,
                              rule=rule)

    def check(self, game: UserHeapGame, n: int, value: int, pattern: Pattern,
              rule: Callable[[int], int], context: Answering) -> None:
        """Refuse unless ``value`` is the mex of the pattern's values of the options of heap
        ``n`` (then the pattern vouches for those values in this query)."""
        options = game.heap_options(n)
        context.spend(len(options) + 1, f"{game.spec}: checking the conjectured pattern at heap {n:,}")
        parts: dict[int, int] = {}
        totals: dict[Any, int] = {}
        for option in options:
            total = 0
            for h in option:
                v = parts.get(h)
                if v is None:
                    v = parts[h] = rule(h)
                total ^= v
            totals[option] = total
        context.vouch(game, f"heap {n:,}", value, totals, pattern)
        context.remember(game, n, value, parts)


def heap_state(game: Any) -> HeapState:
    """The state of one game (by class and parameters; see :func:`~grundy.define.query.game_state`)."""
    return game_state("heap", game, HeapState)


def _octal_hint(game: UserHeapGame) -> str:
    """Which octal game the rules agree with on the small heaps (its period is proved once the
    game declares that code), or nothing."""
    if getattr(game, "octal_code", None) is not None:
        return ""
    from grundy.games.takebreak.octal_match import MATCH_HEAPS, infer_octal

    try:  # (at most MATCH_STEPS options compared)
        match = infer_octal(game.heap_options, MATCH_HEAPS)
    except ResourceLimitError:
        raise
    except GrundyError:
        return ""  # (the move function's own error is for the search to report)
    if match is None:
        return ""
    return (f"; these rules agree with octal {match.code} on heaps ≤ {match.checked_upto}: "
            f"heap_game(..., octal=\"{match.code}\") declares them that game, whose period is proved")
