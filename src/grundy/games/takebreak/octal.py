"""Octal (take-and-break) games ``d0.d1d2…dk``: Kayles, Dawson's Kayles, Dawson's Chess and all others.

Digit ``di`` says what may remain after removing ``i`` counters from one heap: bit 1, nothing;
bit 2, one non-empty heap; bit 4, two non-empty heaps. ``d0`` is 0 or 4 (4: a heap may be split
in two without removing anything). A position is a tuple of heap sizes; several heaps are a sum.

Values come from a table built by the fastest kernel (:func:`grundy.tables.analysis.analyze`); once a
period is proved (Guy-Smith theorem) any heap size is answered from it, 10^18 included.

>>> from grundy import load_game, grundy_value
>>> dawson = load_game("dawson-kayles")
>>> dawson.spec, [grundy_value(dawson, n) for n in range(12)]
('dawson-kayles', [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3])
>>> load_game("octal(.137)") == load_game("dawsons-chess"), load_game("octal(4.0070)").spec
(False, 'octal(4.007)')
>>> grundy_value(load_game("kayles"), 10**18)
1
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.errors import InvalidGameError, NotSupportedError, TooManyMovesError
from grundy.model.game import HeapGame, HeapResult, Outcome, describe_split, describe_take
from grundy.model.laws import Laws
from grundy.model.period_rules import PeriodRule, octal_period_rule
from grundy.model.reason import Reason, period_reason
from grundy.model.textio import int_text

MOVE_LIST_LIMIT = 2_000_000
"""Largest heap whose moves are enumerated one by one: a heap of ``n`` has about ``n/2`` ways to
split, so winning moves of larger heaps with splitting moves are not listed (solve says so)."""

MISERE_LIMIT = 10_000
"""Largest heap accepted in misère play (solved by brute force over the game tree)."""

_CODE = re.compile(r"^([04]?)\.([0-7]+)$|^([04])$")


def parse_code(code: int | str) -> tuple[int, ...]:
    """Digits ``(d0, d1, …, dk)`` of an octal code such as ``"0.07"``, ``".137"`` or ``"4.007"``.

    Trailing zeros are dropped.

    >>> parse_code("0.77"), parse_code(".137"), parse_code("4.0070")
    ((0, 7, 7), (0, 1, 3, 7), (4, 0, 0, 7))
    >>> parse_code("0.8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidGameError: bad octal code '0.8': expected d0.d1d2... with octal digits 0-7 ...
    """
    text = str(code).strip()
    match = _CODE.match(text)
    if not match:
        raise InvalidGameError(
            f"bad octal code {text!r}: expected d0.d1d2... with octal digits 0-7 and d0 = 0 or 4, "
            f"e.g. 0.07 or 4.007")
    if match.group(3) is not None:
        digits = [int(match.group(3))]
    else:
        digits = [int(match.group(1) or 0), *map(int, match.group(2))]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) > 64:
        raise InvalidGameError(f"octal code {text!r} is longer than 64 digits")
    return tuple(digits)


def format_code(digits: tuple[int, ...]) -> str:
    """The canonical text of octal ``digits``.

    >>> format_code((0, 7, 7)), format_code((4,))
    ('0.77', '4.0')
    """
    return f"{digits[0]}." + ("".join(map(str, digits[1:])) or "0")


@dataclass(frozen=True)
class Octal(HeapGame):
    """The octal game with code ``digits = (d0, d1, …, dk)``."""

    digits: tuple[int, ...]
    name: ClassVar[str] = "octal"

    def __post_init__(self) -> None:
        if not self.digits or self.digits[0] not in (0, 4) or any(not 0 <= d <= 7 for d in self.digits):
            raise InvalidGameError(f"bad octal digits {self.digits!r}: d0 must be 0 or 4, others 0-7")

    @property
    def laws(self) -> Laws:
        """What Octal declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(octal_digits=self._octal_digits, splits=self._has_splits,
                    period_rule=self._period_rule,
                    heap_value=self._heap_value, heap_moves_to_value=self._heap_moves_to_value,
                    misere_outcome=self._misere_outcome, heap_reason=self._heap_reason,
                    samples=self._samples)

    @property
    def _octal_digits(self) -> tuple[int, ...]:
        return self.digits

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Octal:
        if kwargs or len(args) != 1:
            raise InvalidGameError("octal takes one code, e.g. octal(0.07) or octal(4.007)")
        return cls(parse_code(args[0]))

    @property
    def code(self) -> str:
        """The canonical code, e.g. ``"0.77"``."""
        return format_code(self.digits)

    @property
    def spec(self) -> str:
        return f"octal({self.code})"

    @property
    def _has_splits(self) -> bool:
        """Whether some move leaves two heaps (a digit with bit 4)."""
        return any(d & 4 for d in self.digits)

    def _period_rule(self) -> PeriodRule:
        return octal_period_rule(self.digits)

    # ---- moves ----------------------------------------------------------------------------
    def heap_options(self, n: int) -> Iterator[HeapResult]:
        for i, d in enumerate(self.digits):
            if i > n:
                break
            r = n - i
            if i > 0 and d & 1 and r == 0:
                yield (0,)
            if i > 0 and d & 2 and r > 0:
                yield (r,)
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    yield (a, r - a)

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for i, d in enumerate(self.digits):
            if i > n:
                break
            r = n - i
            if i > 0 and d & 1 and r == 0:
                yield describe_take(n, i), (0,)
            if i > 0 and d & 2 and r > 0:
                yield describe_take(n, i), (r,)
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    yield describe_split(n, i, a), (a, r - a)

    # ---- closed forms from the table and its period ---------------------------------------------
    def _heap_value(self, n: int) -> int | None:
        from grundy.tables.analysis import value_at

        return value_at(self, n)

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]] | None:
        from grundy.tables.analysis import value_at

        if n <= MOVE_LIST_LIMIT or not self._has_splits:
            if n <= 64:
                return None  # small heaps: the engine enumerates (and checks) the moves itself
            return [(label, result) for label, result in self.heap_moves(n)
                    if _xor(value_at(self, h) for h in result) == target]
        if value_at(self, n) == target:  # no move keeps the value
            return []
        raise TooManyMovesError(
            f"{self.spec}: a heap of {int_text(n)} has about {int_text(n // 2, grouped=True)} ways "
            f"to split, too many to list "
            f"the winning moves (limit: heaps up to {MOVE_LIST_LIMIT:,})")

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if max(position, default=0) > MISERE_LIMIT:
            raise NotSupportedError(
                f"{self.spec}: no misère quotient was found within the budget "
                f"('quotient_table(game, upto=N)' shows how far it gets), and brute force takes "
                f"heaps up to {MISERE_LIMIT:,}", parameters=("quotient",), spec=self.spec)
        return None

    def _heap_reason(self, n: int) -> Reason | None:
        from grundy.tables.analysis import known_periodicity

        found = known_periodicity(self)
        if found is None or n < found.preperiod + found.period:
            return None
        return period_reason(self.spec, found, n)

    def _samples(self) -> list[tuple[int, ...]]:
        return [*((n,) for n in range(19)), (1, 2), (3, 4, 5), (2, 2), (5, 0, 7), (6, 6)]


def _xor(values: Iterator[int]) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


@dataclass(frozen=True)
class _Named(Octal):
    """An octal game registered under its own name (its spec is that name)."""

    code_digits: ClassVar[tuple[int, ...]] = ()

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Octal:
        if args or kwargs:
            raise InvalidGameError(f"game {cls.name!r} takes no parameters "
                                   f"(it is octal({format_code(cls.code_digits)}))")
        return cls(cls.code_digits)

    @property
    def spec(self) -> str:
        return self.name


@dataclass(frozen=True)
class Kayles(_Named):
    """Kayles, 0.77: knock down one pin or two adjacent pins from a row."""

    name: ClassVar[str] = "kayles"
    code_digits: ClassVar[tuple[int, ...]] = (0, 7, 7)


@dataclass(frozen=True)
class DawsonKayles(_Named):
    """Dawson's Kayles, 0.07: take two adjacent stones from a row."""

    name: ClassVar[str] = "dawson-kayles"
    code_digits: ClassVar[tuple[int, ...]] = (0, 0, 7)


@dataclass(frozen=True)
class DawsonsChess(_Named):
    """Dawson's Chess, 0.137 (Dawson's Kayles on one fewer stone)."""

    name: ClassVar[str] = "dawsons-chess"
    code_digits: ClassVar[tuple[int, ...]] = (0, 1, 3, 7)
