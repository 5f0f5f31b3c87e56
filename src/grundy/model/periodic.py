"""What a heap game can declare about its table of values: periods, the theorems that prove them,
and tables it builds itself.

These are plain data, shared by the games (which declare them through the :class:`HeapGame`
hooks) and by :mod:`grundy.tables` (which finds, proves and uses periods).

>>> rule = PeriodRule(2, 2, 2, "Guy-Smith periodicity theorem (octal code of length 2)")
>>> rule.values_needed(period=12, preperiod=71)  # Kayles
168
>>> Periodicity(12, 71, 0, True, rule.theorem).value([0] * 83, 10**18) == 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called between chunks of a long computation."""


@dataclass(frozen=True)
class Periodicity:
    """``G(n + period) = G(n) + saltus`` for every ``n >= preperiod`` (``proved``, or only observed)."""

    period: int
    preperiod: int
    saltus: int = 0
    proved: bool = False
    reason: str = "observed"
    """The theorem that proves it, or ``"observed"``."""

    def value(self, values: Sequence[int] | Any, n: int) -> int:
        """``G(n)`` for any ``n``, from a table that holds ``G(0..preperiod + period - 1)``.

        >>> Periodicity(2, 1, 3).value([7, 0, 1], 6)  # 7 0 1 3 4 6 7
        7
        """
        if n < self.preperiod + self.period:
            return int(values[n])
        q, r = divmod(n - self.preperiod, self.period)
        return int(values[self.preperiod + r]) + q * self.saltus


@dataclass(frozen=True)
class PeriodRule:
    """A periodicity theorem of the form: if a table of
    ``preperiod_factor·e + period_factor·p + extra`` values shows ``G(n + p) = G(n)`` for every
    ``n >= e`` in it, then that holds for every ``n >= e``.

    Subtraction games with ``max S = k`` (and octal games without splitting moves) have the rule
    ``(1, 1, k)``: each value is the mex of the ``k`` before it. Octal games with splitting moves
    and a code of length ``k`` have Guy and Smith's ``(2, 2, k)``.
    """

    preperiod_factor: int
    period_factor: int
    extra: int
    theorem: str

    def values_needed(self, period: int, preperiod: int) -> int:
        """How many table values prove ``(period, preperiod)`` by this rule."""
        return self.preperiod_factor * preperiod + self.period_factor * period + self.extra


def octal_period_rule(digits: tuple[int, ...]) -> PeriodRule:
    """The periodicity theorem of the octal game with code digits ``d0 d1 … dk``: a window of
    ``k`` values without splitting moves, Guy and Smith's ``(2, 2, k)`` with them.

    >>> octal_period_rule((0, 7, 7)).theorem
    'Guy-Smith periodicity theorem (octal code of length 2)'
    """
    k = len(digits) - 1
    if not any(d & 4 for d in digits):
        return PeriodRule(1, 1, k, f"a window of {k} = max removal values repeats")
    return PeriodRule(2, 2, k, f"Guy-Smith periodicity theorem (octal code of length {k})")


@dataclass(frozen=True)
class OctalCode:
    """An octal game as the table builders see it: the data its rules declare
    (:attr:`~grundy.model.laws.Laws.octal_digits`) and nothing else, so that building its table
    never calls back into the game.

    >>> code = OctalCode((0, 7, 7), "octal(0.77)")
    >>> code.has_splits, code.period_rule().extra
    (True, 2)
    """

    digits: tuple[int, ...]
    spec: str

    @property
    def has_splits(self) -> bool:
        return any(d & 4 for d in self.digits)

    def period_rule(self) -> PeriodRule:
        return octal_period_rule(self.digits)


def octal_code(game: Any) -> OctalCode | None:
    """The octal code a heap game declares (:attr:`HeapGame.octal_digits
    <grundy.model.game.HeapGame.octal_digits>`) as an :class:`OctalCode`, or ``None``."""
    digits = game.octal_digits
    return None if digits is None else OctalCode(tuple(digits), game.spec)


@dataclass
class TableBuild:
    """A computed table ``G(0..N)`` and how it was obtained (what a table builder returns)."""

    values: Any
    """A numpy array of the values."""
    method: str
    """How it was computed, for people (``"subtraction kernel + proved period"``)."""
    computed: int
    """How many values were computed by mex (the rest follow from a proved period)."""
    periodicity: Periodicity | None = None
    sparse: tuple[int, int, int] | None = None
    """``(mask, delta, sigma)`` of the rare classes, for octal games with splitting moves."""
    splits: bool | None = None
    """Whether a move of the heaps tabulated splits a heap, for builders that see it (own games);
    ``None``: the game's declared :attr:`~grundy.model.laws.Laws.splits`."""


class HasPeriodRule(Protocol):
    """Anything that declares a periodicity theorem (every :class:`~grundy.model.game.HeapGame`)."""

    def period_rule(self) -> PeriodRule | None: ...
