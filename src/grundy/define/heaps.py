"""How a user's heap game (:class:`~grundy.define.UserHeapGame`) answers one heap within one
query's budget (:mod:`grundy.define.query`): from its table when the table reaches the heap (or
can be built that far within the budget), otherwise from a pattern found in the table — a proved
one always, a conjectured one only when asked — and never without checking the pattern locally:
the value it gives the heap must be the mex of the values it gives the heap's options (the XOR of
the parts of a split). An answer that fails the check is refused, never printed. With
``conjecture``, where the table shows no pattern of the values but a rule for the P-positions, a
heap past the table the rule was found on is answered by the rule (checked) and never by a longer
table, as ``grundy export --conjecture`` writes the program.

The state (table and patterns) belongs to one game: equal games are equal by class and
parameters, so ``take(k=3)`` and ``take(k=4)`` never share a table or a pattern.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.define.query import TABLE_STEP, Answering, game_state
from grundy.errors import GrundyError, ResourceLimitError, SearchLimitError
from grundy.model.bounded import kept
from grundy.model.laws import Describes, Status
from grundy.patterns.record import Pattern

if TYPE_CHECKING:
    from grundy.define import UserHeapGame
    from grundy.model.periodic import Periodicity

PATTERN_TABLE = 1 << 14
"""Heaps tabulated (within the step budget) to look for the pattern that answers larger heaps."""

REACH_SHARE = 0.8
"""Share of a query's remaining steps the table may take to reach the heap asked about (the rest
lists its winning moves)."""

DENSE_HEAPS = 1 << 24
"""Most heaps a table of every heap below the one asked about may hold, whatever the budget (its
memory): past them the heap is answered by a proved pattern, by the heaps it reaches, or by a
conjectured pattern, or refused (the budget's size never switches the method)."""

SPARSE_FIRST = 2048
"""Heaps the search from a heap beyond the table's reach visits before it counts: the density of
the heaps visited (a depth-first search goes down first) estimates how many are reachable."""

SEARCHED_HEAPS = 1 << 20
"""Most heaps the search of the heaps reachable from one heap may hold (a dict: memory), whatever
the budget."""

SEARCHED_KEPT = 1 << 21
"""Most values of heaps beyond the tables that the searches keep between questions, over all games
together (dicts: memory): past it the games searched longest ago drop theirs before the next search
(each value is exact, and found again when needed), so that many large heaps of many games asked in
turn (a judge's input, a parameter per case) stay within memory."""

MEMOS_KEPT = 256
"""Most games whose memos of searched heaps are kept (so that the count of values kept, read
before each search, is a sum over a bounded number of memos, however many games are asked)."""

_MEMOS: OrderedDict[int, dict[int, int]] = kept(__name__ + "._MEMOS", OrderedDict())
"""The games' memos of searched heaps (by ``id``, each held here), the one searched last at the end."""

_ACTIVE: set[int] = set()
"""The memos of the searches under way (a move function may ask about another game): never
dropped while their search runs."""


def _keep_within(memo: dict[int, int]) -> None:
    """Before a search that fills ``memo``: drop the memos searched longest ago (``memo`` too,
    if need be; never one whose search is under way) until at most :data:`MEMOS_KEPT` are kept
    and they hold at most :data:`SEARCHED_KEPT` values."""
    _MEMOS[id(memo)] = memo
    _MEMOS.move_to_end(id(memo))
    total = sum(map(len, _MEMOS.values()))
    for key in list(_MEMOS):
        if len(_MEMOS) <= MEMOS_KEPT and total <= SEARCHED_KEPT:
            break
        if key in _ACTIVE:
            continue
        dropped = memo if key == id(memo) else _MEMOS.pop(key)  # (``memo`` stays kept: it fills now)
        total -= len(dropped)
        dropped.clear()


PROBE_TABLE = 256
"""Heaps whose options tell whether their number grows with the heap (then a heap far beyond
the table is not asked its options: it would list too many)."""

SPARSE_SHARE = 0.5
"""Share of a query's remaining steps a search of the heaps reachable from one heap may take."""

SPARSE_RATIO = 0.03125
"""The search of the reachable heaps (a step each, and one per option) stops, and the table of
every heap below is built instead, once it has visited this share of those heaps: a table step
costs :data:`~grundy.define.query.TABLE_STEP` of a search step, so the search is the cheaper
method only when far fewer heaps are reachable than lie below (options ``n // 2``, ``n // 3``:
O(log² n) of them)."""


@dataclass
class HeapState:
    """A user heap game's table so far, and the patterns found in it."""

    table: list[int] = field(default_factory=list)
    patterns: list[Pattern] | None = None
    periodicity: Periodicity | None = None
    used: dict[int, Pattern] = field(default_factory=dict)
    searched: dict[int, int] = field(default_factory=dict)
    """Values found by a search of the heaps reachable from a heap beyond the table."""
    reached: dict[int, int] = field(default_factory=dict)
    """Heap asked about → how many heaps its search visited (its reason says so)."""
    estimate: float = 0.0
    """Of the last search stopped: how many heaps are reachable, by the density of those visited
    between the lowest and the heap asked about (a depth-first search goes down first)."""
    grows: bool | None = None
    """Whether the number of options grows with the heap (:meth:`few_options`), once read."""
    cost: float = 1.0
    """Of the last search stopped: the steps a heap visited took (itself and its options)."""
    index: list[list[int]] = field(default_factory=list)
    """The heaps of the table by value (:func:`~grundy.define.fill.value_index`), for the heaps
    whose options are a range (:meth:`by_range`); it covers the first :attr:`indexed` heaps."""
    indexed: int = 0
    ranged: bool | None = None
    """Whether the move function returns a range at heap ``PROBE_TABLE - 1`` (read once: only
    then is it asked the options of a heap beyond, whose list may not fit in memory)."""

    def extend(self, game: UserHeapGame, stop: int, context: Answering, share: float = 0.5) -> None:
        """Extend the table towards ``stop`` with at most ``share`` of the query's remaining
        steps; a game whose table falls short is not extended again in this query."""
        if len(self.table) >= stop or game in context.extended:
            return
        allowed = context.room() * share / TABLE_STEP
        spent = game.fill_table(self.table, stop, limit=int(allowed))
        context.charge(spent * TABLE_STEP, game.spec)
        if len(self.table) < stop:
            context.extended.add(game)

    def value(self, game: UserHeapGame, n: int, context: Answering) -> int:
        """``G(n)``: the table where it reaches; else, by counting, a search of the heaps reachable
        from ``n`` while they are few, or the table built to ``n`` where the budget allows (with
        ``conjecture``, past the table the patterns were found on, a pattern first); beyond the
        table's reach a proved pattern, else the search, else a pattern, checked."""
        if n < len(self.table):
            return self.table[n]
        vouched = context.vouched.get((game, n))
        if vouched is not None:
            return vouched
        found = self.searched.get(n)
        if found is not None:
            return found
        rule = self.p_rule(game, n, context)
        if rule is not None:  # (conjecture: by the rule past its table, as the exported program)
            return self.by_p_rule(game, n, rule, context)
        found = self.by_range(game, n, context)
        if found is not None:
            return found
        # by counting: the heaps reachable from n, searched alone while they are few; the table
        # of every heap below where the budget and memory allow it (a larger budget never makes
        # a table of 10^9 heaps); beyond the first heaps, a proved pattern first
        dense = n < min(context.limit / TABLE_STEP, DENSE_HEAPS)
        gap = n + 1 - len(self.table)
        found, self.estimate = None, 0.0
        searchable = self.few_options(game, context)  # (the table now holds the first heaps)
        if n < len(self.table):
            return self.table[n]
        if searchable:
            found = self.search(game, n, context, gap * SPARSE_RATIO if dense else SPARSE_FIRST)
        if (found is None and not dense and self.estimate and self.proved(game, context) is None
                and self.estimate * self.cost <= context.room() * SPARSE_SHARE
                and self.estimate <= SEARCHED_HEAPS):
            found = self.search(game, n, context, float("inf"))
        if found is not None:
            return found
        if self.values_rule(game, n, context):  # (conjecture: by the pattern past its table, too)
            return self.by_pattern(game, n, context)
        if dense and n >= PATTERN_TABLE and self.proved(game, context) is not None:
            return self.by_pattern(game, n, context)
        if dense:
            self.extend(game, min(n + 1, PATTERN_TABLE), context)
            if n < len(self.table) or self.reachable(game, n, context):
                self.extend(game, n + 1, context, REACH_SHARE)
            if n < len(self.table):
                return self.table[n]
        return self.by_pattern(game, n, context)

    def by_range(self, game: UserHeapGame, n: int, context: Answering) -> int | None:
        """``G(n)`` when the options of heap ``n`` are a range of heaps below it (step 1): the
        table built to the range's end (at most :data:`DENSE_HEAPS` heaps, within
        :data:`REACH_SHARE` of the steps left), the mex read from the heaps of each value
        (:attr:`index`, a table step per heap indexed and per value read); ``None`` for any other
        options (a heap beyond :data:`PROBE_TABLE` is asked only when :attr:`ranged`). Where the
        table falls short, a refusal, unless a pattern may answer (a proved one, or a conjectured
        one when allowed)."""
        from grundy.define.fill import counted_range, move_result, range_mex

        fn = game._call()
        if n > PROBE_TABLE and self.ranged is None:
            context.charge(1, f"{game.spec}: the options of heap {PROBE_TABLE - 1}")
            self.ranged = type(move_result(game, fn, PROBE_TABLE - 1)) is range
        if n > PROBE_TABLE and not self.ranged:
            return None
        options = move_result(game, fn, n)
        context.charge(1, f"{game.spec}: the options of heap {n:,}")
        if not counted_range(options, n):
            return None
        lo, hi, table = options.start, options.stop, self.table
        if hi > len(table) and hi <= DENSE_HEAPS and (  # (a heap is at least a table step)
                (hi - len(table)) * TABLE_STEP <= context.room() * REACH_SHARE):
            self.extend(game, min(hi, PATTERN_TABLE), context)
            self.extend(game, hi, context, REACH_SHARE)
        if hi > len(table):
            if context.conjecture or self.proved(game, context) is not None:
                return None
            within = (f"needs more than {context.limit:,} steps" if hi <= DENSE_HEAPS else
                      f"would hold more than {DENSE_HEAPS:,} heaps")
            raise SearchLimitError(
                f"{game.spec}: heap {n:,} moves to the heaps {lo:,}..{hi - 1:,}, and the table to heap "
                f"{hi - 1:,} {within} (it reached heap {len(table):,}); limit= raises the budget",
                parameters=("limit",), spec=game.spec)
        index = self.index
        for h in range(self.indexed, len(table)):
            v = table[h]
            while len(index) <= v:
                index.append([])
            index[v].append(h)
        value = range_mex(index, lo, hi)
        context.charge((len(table) - self.indexed + value + 1) * TABLE_STEP,
                       f"{game.spec}: the values of the heaps {lo:,}..{hi - 1:,}")
        self.indexed = len(table)
        return value

    def p_rule(self, game: UserHeapGame, n: int, context: Answering) -> Pattern | None:
        """With ``conjecture``, at a heap past the table the patterns were looked for in (its
        :data:`PATTERN_TABLE` heaps): the conjectured rule for the P-positions that answers
        there (:meth:`by_pattern`'s choice: no pattern of the values) instead of a longer table
        or a search, as the exported program does (``grundy export --conjecture``); else ``None``."""
        if not context.conjecture or n < PATTERN_TABLE:
            return None
        patterns = self.find(game, context)
        if n < len(self.table) or any(p.describes == Describes.VALUES and (
                p.formula is not None or self.periodicity is not None) for p in patterns):
            return None
        return next((p for p in patterns if p.describes == Describes.P_POSITIONS and p.formula), None)

    def values_rule(self, game: UserHeapGame, n: int, context: Answering) -> bool:
        """With ``conjecture``, at a heap past the table the patterns were looked for in: whether
        a pattern of the values answers there (:meth:`by_pattern`, checked locally) instead of a
        longer table, as the exported program answers past the table it checked the
        pattern on (``grundy export --conjecture``), once a search of the heaps reachable from it
        (exact) has not answered: a move function slower than a step (a divisor loop) would
        otherwise fill a table of up to :data:`DENSE_HEAPS` heaps, and the query stop on its
        clock, where the program answers (CodeChef NUMGAME at 10^6)."""
        if not context.conjecture or n < PATTERN_TABLE:
            return False
        patterns = self.find(game, context)
        return n >= len(self.table) and any(p.describes == Describes.VALUES and (
            p.formula is not None or self.periodicity is not None) for p in patterns)

    def proved(self, game: UserHeapGame, context: Answering) -> Pattern | None:
        """The proved pattern of the values, if the table shows one."""
        return next((p for p in self.find(game, context) if p.describes == Describes.VALUES
                     and p.status == Status.PROVED
                     and (p.formula is not None or self.periodicity is not None)),
                    None)

    def few_options(self, game: UserHeapGame, context: Answering) -> bool:
        """Whether a search of the heaps reachable from a heap may pay: not when the number of
        options grows with the heap (compared at heaps 127 and 255, once: a fact of the rules),
        as with a split ``(a, n - a)`` for every ``a`` — each heap then lists about as many
        options as there are heaps below it, and reaches most of them."""
        self.extend(game, PROBE_TABLE, context)
        if self.grows is None:
            top = min(len(self.table), PROBE_TABLE) - 1
            if top < 2:
                return False
            wide, narrow = len(game.heap_options(top)), len(game.heap_options(top // 2))
            context.charge(wide + narrow + 2, f"{game.spec}: the options of heaps {top // 2} and {top}")
            self.grows = wide > narrow + 1
        return not self.grows

    def search(self, game: UserHeapGame, n: int, context: Answering, cap: float) -> int | None:
        """``G(n)`` by a memoised search of the heaps reachable from ``n`` alone (the table answers
        the heaps it holds), or ``None`` once it has visited more than ``cap`` heaps or spent
        :data:`SPARSE_SHARE` of the remaining steps (the values found so far are kept: each is
        exact)."""
        _keep_within(self.searched)
        _ACTIVE.add(id(self.searched))
        try:
            return self._search(game, n, context, cap)
        finally:
            _ACTIVE.discard(id(self.searched))

    def _search(self, game: UserHeapGame, n: int, context: Answering, cap: float) -> int | None:
        table, memo = self.table, self.searched
        known = len(table)
        fn = game._call()
        budget = context.room() * SPARSE_SHARE
        spent = visited = 0
        lowest = n
        stack = [n]
        expanded: dict[int, list[Any]] = {}  # heap -> its options (a heap, or a split's tuple)
        try:
            while stack:
                heap = stack[-1]
                options = expanded.get(heap)
                if options is None:
                    if heap in memo:  # (reached again by another path)
                        stack.pop()
                        continue
                    visited += 1
                    if heap < lowest:
                        lowest = heap
                    if visited > cap or spent > budget:
                        self.estimate = visited * (n + 1 - known) / (n + 1 - lowest)
                        self.cost = spent / visited
                        return None
                    options = expanded[heap] = _options(game, fn, heap)
                    spent += 1 + len(options)
                    if spent > budget:  # (the steps spent stay within the room left)
                        self.estimate = visited * (n + 1 - known) / (n + 1 - lowest)
                        self.cost = spent / visited
                        return None
                    size = len(stack)
                    for o in options:
                        if type(o) is int:
                            if o >= known and o not in memo:
                                stack.append(o)
                        else:
                            stack.extend(h for h in o if h >= known and h not in memo)
                    if len(stack) > size:
                        continue
                stack.pop()
                del expanded[heap]
                seen = set()
                for o in options:
                    if type(o) is int:
                        seen.add(table[o] if o < known else memo[o])
                    else:
                        total = 0
                        for h in o:
                            total ^= table[h] if h < known else memo[h]
                        seen.add(total)
                v = 0
                while v in seen:
                    v += 1
                memo[heap] = v
        finally:
            context.charge(spent, f"{game.spec}: the heaps reachable from heap {n:,}")
        self.reached[n] = visited
        return memo[n]

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
        usable = [p for p in self.find(game, context) if p.describes == Describes.VALUES
                  and (p.formula is not None or self.periodicity is not None)]
        chosen = next((p for p in usable if p.status == Status.PROVED), None)
        if chosen is None and context.conjecture and usable:
            chosen = usable[0]
        spec = game.spec
        rules = [p for p in self.find(game, context) if p.describes == Describes.P_POSITIONS and p.formula]
        if chosen is None and context.conjecture and not usable and rules:
            return self.by_p_rule(game, n, rules[0], context)
        if chosen is None:  # (conjecture=True named only where it was not given and would help)
            best = f" (a conjecture: {usable[0].text})" if usable else ""
            which = "pattern, proved or conjectured," if context.conjecture else "proved pattern"
            more = ", conjecture=True uses a conjectured pattern" if usable and not context.conjecture else ""
            within = (f"within {context.limit:,} steps" if context.limit / TABLE_STEP <= DENSE_HEAPS else
                      f"(past {DENSE_HEAPS:,} heaps no table is built, and more heaps are reachable "
                      f"from it than {context.limit:,} steps search)")
            raise SearchLimitError(
                f"{spec}: heap {n:,} is beyond brute force {within} and no "
                f"{which} gives its value{best}{_octal_hint(game)}; 'analyze(game, upto=N)' looks "
                f"for a pattern, limit= raises the budget{more}",
                parameters=("table", "limit", "conjecture"), spec=spec)
        rule = self.rule(chosen)
        value = rule(n)
        if chosen.status != Status.PROVED:
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
        context.charge(len(options) + 1, f"{game.spec}: checking the conjectured rule at heap {n:,}")
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
        ``n`` (then the pattern vouches for those values in this query). Options that are a range
        of heaps are counted before they are listed: a range past the budget is a refusal, not a
        list of a billion heaps (and a MemoryError)."""
        from grundy.define.fill import counted_range, move_result

        what = f"{game.spec}: checking the conjectured pattern at heap {n:,}"
        listed = move_result(game, game._call(), n)
        ranged = counted_range(listed, n)
        if ranged:  # (charged before it is listed, by its length)
            context.charge(len(listed) + 1, what)
        options = game.heap_options(n, listed)  # (the move function called once)
        if not ranged:
            context.charge(len(options) + 1, what)
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


def _options(game: UserHeapGame, fn: Any, n: int) -> list[Any]:
    """The distinct options of heap ``n``, each a heap (an int) or a split (a tuple of heaps):
    quickly when the move function lists plain heaps below ``n``, else by the checked
    :meth:`~grundy.define.UserHeapGame.heap_options` (and its clear error)."""
    try:
        listed = fn(n)
    except GrundyError:
        raise
    except Exception as exc:
        raise game._raised(f"heap {n}", exc) from None
    if type(listed) is list:
        if not listed:
            return []
        if set(map(type, listed)) == {int} and min(listed) >= 0 and max(listed) < n:
            return list(dict.fromkeys(listed))
    return [o[0] if len(o) == 1 else o for o in game.heap_options(n)]


def heap_state(game: Any) -> HeapState:
    """The state of one game (by class and parameters; see :func:`~grundy.define.query.game_state`)."""
    return game_state("heap", game, HeapState)


def _octal_hint(game: UserHeapGame) -> str:
    """Which octal game the rules agree with on the small heaps (its period is proved once the
    game declares that code), or nothing."""
    if game.octal_code is not None:
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
