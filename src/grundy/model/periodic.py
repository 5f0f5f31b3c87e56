"""What a heap game can declare about its table of values: periods, the theorems that prove them,
and tables it builds itself.

These are plain data, shared by the games (which declare them through the :class:`HeapGame`
hooks) and by :mod:`grundy.tables` (which finds, proves and uses periods).

>>> Periodicity(12, 71, 0, True, "Guy-Smith periodicity theorem").value([0] * 83, 10**18) == 0
True

The theorems that prove periods, octal codes and the tables builders return are in
:mod:`grundy.model.period_rules` (not needed to answer a position, so not imported at start-up).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grundy.model.record import FrozenRecord

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called between chunks of a long computation."""


class Periodicity(FrozenRecord):
    """``G(n + period) = G(n) + saltus`` for every ``n >= preperiod`` (``proved``, or only observed)."""

    period: int
    preperiod: int
    saltus: int
    proved: bool
    reason: str
    """The theorem that proves it, or ``"observed"``."""

    _fields = ("period", "preperiod", "saltus", "proved", "reason")

    def __init__(self, period: int, preperiod: int, saltus: int = 0, proved: bool = False,
                 reason: str = "observed") -> None:
        self._init(period, preperiod, saltus, proved, reason)

    def value(self, values: Sequence[int] | Any, n: int) -> int:
        """``G(n)`` for any ``n``, from a table that holds ``G(0..preperiod + period - 1)``.

        >>> Periodicity(2, 1, 3).value([7, 0, 1], 6)  # 7 0 1 3 4 6 7
        7
        """
        if n < self.preperiod + self.period:
            return int(values[n])
        q, r = divmod(n - self.preperiod, self.period)
        return int(values[self.preperiod + r]) + q * self.saltus


class PeriodRuns(FrozenRecord):
    """A proved period (saltus 0) and one period of values as runs of short words: for ``n <
    preperiod + period``, ``G(n) = word[(n - start) % len(word)]`` for the run ``(start, word)``
    with the greatest ``start <= n`` (the first run starts at 0); beyond, ``G(n) = G(preperiod +
    (n - preperiod) % period)``. A period of 10**9 heaps held in a few words (1-2-K).

    >>> found = PeriodRuns(Periodicity(10, 0, 0, True, "a theorem"), ((0, (0, 1, 2)), (9, (3,))))
    >>> [found.value(n) for n in (0, 8, 9, 10, 19, 10**18 + 9)]
    [0, 2, 3, 0, 3, 3]
    """

    periodicity: Periodicity
    runs: tuple[tuple[int, tuple[int, ...]], ...]

    _fields = ("periodicity", "runs")

    def __init__(self, periodicity: Periodicity, runs: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
        self._init(periodicity, runs)

    def value(self, n: int) -> int:
        """``G(n)`` for any heap ``n >= 0``."""
        from bisect import bisect_right

        e, p = self.periodicity.preperiod, self.periodicity.period
        if n >= e + p:
            n = e + (n - e) % p
        i = bisect_right(self.runs, n, key=lambda run: run[0]) - 1
        start, word = self.runs[i]
        return word[(n - start) % len(word)]
