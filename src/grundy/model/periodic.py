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
