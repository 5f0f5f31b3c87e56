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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.errors import InvalidGameError, NotSupportedError, TooManyMovesError
from grundy.model.game import HeapGame, HeapResult, Move, Outcome, describe_split, describe_take
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
        too_many = (f"{self.spec}: a heap of {int_text(n)} has about {int_text(n // 2, grouped=True)} "
                    f"ways to split, too many to list the winning moves (limit: heaps up to "
                    f"{MOVE_LIST_LIMIT:,})")
        from grundy.tables.analysis import known_periodicity

        found = known_periodicity(self)
        if found is None or not found.proved or found.saltus:
            raise TooManyMovesError(too_many)
        examples, count = residue_moves(self.digits, n, target, lambda h: value_at(self, h),
                                        found.preperiod, found.period)
        if not examples:
            raise TooManyMovesError(too_many)
        pre, p = found.preperiod, found.period
        raise TooManyMovesError(
            f"{too_many}; {int_text(count, grouped=True)} of them win, found by the proved period "
            f"{p} from heap {pre}: {len(examples)} listed, one of each class (a split a + b with "
            f"a ≥ {pre} wins exactly when a split a ± {p}k of the same removal does)",
            examples=tuple(Move(label, tuple(result)) for label, result in examples))

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


def residue_moves(digits: tuple[int, ...], n: int, target: int, value: Callable[[int], int],
                  preperiod: int, period: int) -> tuple[list[tuple[str, HeapResult]], int]:
    """The moves of a heap of ``n`` of the octal game ``digits`` to value ``target``, one of each
    class, and how many there are in all, for ``G`` periodic (``value(h + period) = value(h)`` for
    every ``h >= preperiod``) and ``n`` large: a finite search over residues.

    A split ``a + (r - a)`` of ``r = n - i`` (after removing ``i``) with ``a < preperiod`` is tried
    alone; one with ``a, r - a >= preperiod`` has the values of ``a0 + (r - a0)`` for the ``a0 ≡ a
    (mod period)`` in ``[preperiod, preperiod + period)``, so the winners among those are whole
    classes ``range(a0, r // 2 + 1, period)``: the smallest of each class is listed, all counted.
    Either some split of value ``target`` is found or provably none exists.

    >>> from grundy.tables.analysis import value_at
    >>> kayles = Octal((0, 7, 7))  # G(n + 12) = G(n) from n = 71 on
    >>> moves, count = residue_moves((0, 7, 7), 10**18, 0, lambda h: value_at(kayles, h), 71, 12)
    >>> moves[0][0], len(moves), count
    ('take 2, split 1000000000000000000 → 1 + 999999999999999997', 18, 83333333333333338)
    """
    found: list[tuple[str, HeapResult]] = []
    count = 0
    start = max(preperiod, 1)
    for i, d in enumerate(digits):
        if i > n:
            break
        r = n - i
        if i > 0 and d & 1 and r == 0 and target == 0:
            found.append((describe_take(n, i), (0,)))
            count += 1
        if i > 0 and d & 2 and r > 0 and value(r) == target:
            found.append((describe_take(n, i), (r,)))
            count += 1
        if not d & 4 or r < 2:
            continue
        half = r // 2
        cut = start - 1 if r - half >= start else half  # above cut: both parts periodic
        for a in range(1, min(cut, half) + 1):
            if value(a) ^ value(r - a) == target:
                found.append((describe_split(n, i, a), (a, r - a)))
                count += 1
        for a in range(cut + 1, min(cut + period, half) + 1):
            if value(a) ^ value(r - a) == target:
                found.append((describe_split(n, i, a), (a, r - a)))
                count += (half - a) // period + 1  # the class a, a + period, … ≤ r / 2
    return found, count


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
