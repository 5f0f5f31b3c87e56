"""The theorems that prove a period of a heap game's table, the octal codes the table builders
read, and what a table builder returns (:mod:`grundy.model.periodic` holds the periodicity itself).

>>> rule = PeriodRule(2, 2, 2, "Guy-Smith periodicity theorem (octal code of length 2)")
>>> rule.values_needed(period=12, preperiod=71)  # Kayles
168
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from grundy.model.periodic import Periodicity


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
    plain_heaps: int = 0
    """Heaps of an octal game with splitting moves computed by the plain kernel, whose work on a
    heap grows with the heap (O(N²) in all): what decides how far a table is built on demand."""


class HasPeriodRule(Protocol):
    """Anything that declares a periodicity theorem (every :class:`~grundy.model.game.HeapGame`)."""

    def period_rule(self) -> PeriodRule | None: ...
