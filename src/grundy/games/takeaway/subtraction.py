"""Subtraction games: take ``s`` counters from one heap, for ``s`` in a fixed set ``S``.

>>> from grundy import load_game, grundy_value
>>> game = load_game("subtraction(1,3,4)")
>>> [grundy_value(game, n) for n in range(8)]
[0, 1, 0, 1, 2, 3, 2, 0]

Large heaps (from :data:`LARGE_HEAP` on) are answered from the table's period, which is proved
as soon as ``max S`` consecutive values repeat (:mod:`grundy.tables.periodicity`):

>>> grundy_value(game, 10**18)  # period 7: 10**18 = 7·142857142857142857 + 1
1

A set whose largest member is :data:`RUNS_FROM` or more (1-2-K: ``subtraction(1,2,k)``) is
valued from runs of values instead (:mod:`grundy.tables.subtraction_runs`): its period is
proved by the same window theorem, compared run by run, without a table of ``max S`` values:

>>> grundy_value(load_game("subtraction(1,2,999999999)"), 10**18)  # period 10**9, G(10**18) = G(0)
0
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidGameError, NotSupportedError
from grundy.model.bounded import kept
from grundy.model.game import HeapGame, HeapResult, describe_take
from grundy.model.laws import Family, Laws, TableMethod, TakeAway, TakeKind
from grundy.model.period_rules import PeriodRule, TableBuild
from grundy.model.periodic import Periodicity, Progress
from grundy.model.reason import Reason, period_reason

if TYPE_CHECKING:
    from grundy.model.periodic import PeriodRuns
    from grundy.tables.subtraction_runs import RunsPeriod

LARGE_HEAP = 10_000
"""Heaps from this size on are valued from the game's (proved) period instead of by brute force."""

RUNS_FROM = 1 << 17
"""Sets whose largest member is at least this are valued from runs of values
(:mod:`grundy.tables.subtraction_runs`), their period proved without a table of ``max S`` values
(the table is the fallback, when the runs' step budget runs out)."""

RUNS_STEPS = 20_000_000
"""The step budget of the runs of one set (a step: a heap's options, a value compared)."""

RUNS_LISTED = 1 << 16
"""The longest preperiod and period listed as a table of values from the runs (sums in bulk)."""

RUNS_TRIAL = 2_000_000
"""The runs' budget for a set whose period a table on demand could prove too (``2 max S`` below
:data:`~grundy.tables.analysis.ON_DEMAND_LIMIT`): past it, the table."""


RUNS_EXPORTED = 4096
"""The most cells (a run's start and each letter of its word) of one period's runs that ``grundy
export`` writes into a program (beyond: the program of the table, as for any game)."""


def _runs_of(s: tuple[int, ...]) -> RunsPeriod | str:
    """The proved period of ``subtraction(s)`` on runs of values, or why none within the budget."""
    from grundy.tables.analysis import ON_DEMAND_LIMIT
    from grundy.tables.subtraction_runs import RunsOutOfSteps, RunSteps, runs_period

    budget = RUNS_STEPS if 2 * s[-1] >= ON_DEMAND_LIMIT else RUNS_TRIAL
    try:
        return runs_period(s, RunSteps(budget))
    except RunsOutOfSteps:
        return f"no period proved within {budget:,} steps on runs of values"


_runs_of = kept(__name__ + "._runs_of", lru_cache(maxsize=64)(_runs_of))


def runs_periodicity(found: RunsPeriod) -> Periodicity:
    """The proved :class:`Periodicity` of a set's runs, its reason stating the window compared."""
    top = found.s[-1]
    multiple = "" if found.proved == found.period else f"; the least period divides {found.proved:,}"
    if found.preperiod < found.start:
        multiple += f"; the values agree back to heap {found.preperiod:,}"
    return Periodicity(found.period, found.preperiod, 0, True,
                       f"G(n + {found.proved:,}) = G(n) for n in [{found.start:,}, "
                       f"{found.start + top:,}), a window of max S = {top:,} values compared on "
                       f"runs of values, so for every n >= {found.start:,} by the window theorem (G(n) "
                       f"is the mex over the max S values before n){multiple}")


FAMILY = Family(
    "subtraction", ("S",), None, None, "S: one or more positive integers",
    "a finite subtraction set S: G(n) = mex of G(n - s), s in S, s <= n; for n >= max S it depends "
    "only on the max S values before n, so once a window of max S consecutive values (ending at "
    "n >= max S) repeats p heaps later, G(n + p) = G(n) from that window on (by induction)",
    misere="misere play: the pair (v, m) of a heap (normal and misere values, m = 1 with no move) is "
           "the mex of its options' v and of their m, so from heap max S on a function of the max S "
           "pairs before it: once a window of max S pairs repeats p heaps later, the pairs are "
           "periodic from it (by induction), and so is tameness (m = v, or (v, m) = (0, 1), (1, 0)); "
           "one heap: P iff m = 0; a sum of heaps all tame (each reaches only smaller heaps): "
           "Conway's genus theory, N iff some heap is firm (m = v) and the XOR of the v is not 0, "
           "or every heap is fickle and the XOR is 0; a sum with a heap at or past the least wild "
           "heap is an error line")
"""The family ``subtraction(S)`` (:attr:`Subtraction.families`)."""


@dataclass(frozen=True)
class Subtraction(HeapGame):
    """The subtraction game ``subtraction(S)`` for a finite set ``S`` of positive integers."""

    subtraction_set: tuple[int, ...]
    name = "subtraction"

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Subtraction:
        if kwargs:
            raise InvalidGameError(f"subtraction takes a set of numbers, not {sorted(kwargs)!r}")
        if not args:
            raise InvalidGameError("subtraction(S) needs a non-empty set S, e.g. subtraction(1,3,4)")
        if len(args) == 1 and isinstance(args[0], str):  # a named infinite set, e.g. powers-of-2
            from grundy.games.takeaway.infinite_subtraction import InfiniteSubtraction

            return InfiniteSubtraction.from_params(*args)  # type: ignore[return-value]
        for value in args:
            if not isinstance(value, int) or value <= 0:
                raise InvalidGameError(
                    f"subtraction set members must be positive integers, got {value!r}")
        return cls(tuple(sorted(set(int(v) for v in args))))

    families = (FAMILY,)
    """``subtraction(S)``: the set given at run time (its program builds the mex table and
        proves a period as :meth:`_period_rule` does: a window of ``max S`` values repeats)."""

    @property
    def spec(self) -> str:
        return f"subtraction({','.join(map(str, self.subtraction_set))})"

    @property
    def laws(self) -> Laws:
        """What Subtraction declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(period_rule=self._period_rule, table_head=self._table_head,
                    table_builder=self._build_table, take_away=self._take_away(),
                    heap_value=self._heap_value, heap_moves_to_value=self._heap_moves_to_value,
                    heap_reason=self._heap_reason, value_table=self._value_table,
                    periodicity=self._periodicity, period_runs=self._period_runs)

    def _runs(self) -> RunsPeriod | None:
        """The period proved on runs of values, for a set with a member of :data:`RUNS_FROM` or
        more (``None`` otherwise, or when the runs' budget ran out; where a table on demand could
        prove it too, only for a set of few large members:
        :func:`~grundy.tables.subtraction_runs.runs_first`)."""
        if not self._runs_wanted():
            return None
        found = _runs_of(self.subtraction_set)
        return None if isinstance(found, str) else found

    def _runs_wanted(self) -> bool:
        s = self.subtraction_set
        if s[-1] < RUNS_FROM:
            return False
        from grundy.tables.analysis import ON_DEMAND_LIMIT
        from grundy.tables.subtraction_runs import runs_first

        return 2 * s[-1] >= ON_DEMAND_LIMIT or runs_first(s)  # (else a table proves it sooner)

    def _periodicity(self) -> Periodicity | None:
        found = self._runs()
        return None if found is None else runs_periodicity(found)

    def _period_runs(self) -> PeriodRuns | None:
        """One period of the values proved on runs, as its runs (``None`` without runs, or with
        more than :data:`RUNS_EXPORTED` runs or word cells): what ``grundy export`` writes."""
        found = self._runs()
        if found is None:
            return None
        from grundy.model.periodic import PeriodRuns

        runs, top, cells = found.runs, found.preperiod + found.period, 0
        out: list[tuple[int, tuple[int, ...]]] = []
        for start, end, word in zip(runs.starts, runs.ends, runs.words, strict=True):
            if start >= top:
                break
            kept = tuple(word[:end - start])  # (a run shorter than its word: the word cut to it)
            cells += len(kept) + 1
            if cells > RUNS_EXPORTED:
                return None
            out.append((start, kept))
        return PeriodRuns(runs_periodicity(found), tuple(out))

    def _large_value(self, n: int) -> int:
        """``G(n)`` of a large heap: from the runs' period, else from the table's."""
        from grundy.tables.analysis import value_at

        found = self._runs()
        if found is not None:
            return found.value(n)
        try:
            return value_at(self, n)
        except NotSupportedError as exc:
            if not self._runs_wanted():
                raise
            why = _runs_of(self.subtraction_set)
            raise NotSupportedError(f"{exc} ({why})", parameters=exc.parameters) from None

    def _value_table(self, top: int) -> tuple[list[int] | Any, int, int] | None:
        runs = self._runs() if top >= LARGE_HEAP else None  # (small heaps: the table, no runs)
        if runs is not None:  # one period of values, when it is short enough to list
            size = runs.preperiod + runs.period
            return None if size > RUNS_LISTED else (
                [runs.value(n) for n in range(size)], runs.preperiod, runs.period)
        from grundy.tables.analysis import value_table

        return value_table(self, top)

    def _period_rule(self) -> PeriodRule:
        top = max(self.subtraction_set)
        return PeriodRule(1, 1, top, f"a window of max S = {top} values repeats")

    def _table_head(self, count: int) -> list[int]:
        from grundy.tables.proved_period import subtraction_head

        return subtraction_head(self.subtraction_set, count)

    def _build_table(self, upto: int, method: TableMethod, progress: Progress | None) -> TableBuild:
        from grundy.tables.builders import build_subtraction

        return build_subtraction(self.subtraction_set, upto, method, progress, self)

    def _take_away(self) -> TakeAway:
        return TakeAway(TakeKind.ONLY, self.subtraction_set)

    def heap_options(self, n: int) -> list[HeapResult]:
        return [(n - s,) for s in self.subtraction_set if s <= n]

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for s in self.subtraction_set:
            if s > n:
                break
            yield describe_take(n, s), (n - s,)

    def _heap_value(self, n: int) -> int | None:
        if n < LARGE_HEAP:
            return None  # brute force is instant, and needs no numpy
        return self._large_value(n)

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]] | None:
        if n < LARGE_HEAP:
            return None
        return [(describe_take(n, s), (n - s,)) for s in self.subtraction_set
                if s <= n and self._large_value(n - s) == target]

    def _heap_reason(self, n: int) -> Reason | None:
        if n < LARGE_HEAP:
            return None
        runs = self._runs()
        if runs is not None:
            return period_reason(self.spec, runs_periodicity(runs), n)
        from grundy.tables.analysis import known_periodicity, value_at

        value_at(self, n)
        found = known_periodicity(self)
        if found is None or n < found.preperiod + found.period:
            return None
        return period_reason(self.spec, found, n)
