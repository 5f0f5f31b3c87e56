"""Stripes (POI 2000): remove exactly ``c``, ``z`` or ``n`` consecutive stones from a row (or, with
any number of lengths, ``stripes(2,3)``: exactly one of them).

Removing ``s`` consecutive stones from a row leaves nothing, one shorter row, or two rows: that
is the octal game whose code has the digit 7 at positions ``c``, ``z`` and ``n`` (and 0
elsewhere), so ``stripes(1,2,3)`` is ``octal(0.777)`` and ``stripes(2,2,2)`` is Dawson's Kayles
``octal(0.07)``. Every octal method applies: compiled tables, the sparse-space kernel, and the
Guy-Smith periodicity theorem, which answers any row length once the period is proved.

>>> from grundy import load_game, grundy_value
>>> game = load_game("stripes(2,3,5)")
>>> game.code, [grundy_value(game, n) for n in range(12)]
('0.07707', [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 1, 1])
>>> grundy_value(load_game("stripes(2,2,2)"), 10**18) == grundy_value(load_game("dawson-kayles"), 10**18)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from grundy.errors import InvalidGameError
from grundy.games.takebreak.octal import Octal
from grundy.model.laws import Family

MAX_STRIPE = 100_000
"""Longest stripe accepted: a bound on the digits a game holds, far above the judges' (POI 2000 asks
up to 1000, AtCoder ABC 278 G up to 2000); a table's cost is its rows times the lengths."""


FAMILY = Family(
    "stripes", ("c", "z", "n"), None,
    f"1 <= c <= {MAX_STRIPE} and 1 <= z <= {MAX_STRIPE} and 1 <= n <= {MAX_STRIPE}",
    f"1 <= c, z, n <= {MAX_STRIPE}",
    "the plain mex over every move (remove c, z or n consecutive stones, leaving 0, 1 or 2 rows), "
    "computed at run time up to the rows asked; beyond it, a period the program proves at run time "
    "by the Guy-Smith theorem: G(n + p) = G(n) for e <= n < 2e + p + t, t = max(c, z, n), implies "
    "it for every n >= e")
"""The family ``stripes(c,z,n)`` (:attr:`Stripes.families`)."""

SET_FAMILY = Family(
    "stripes", ("S",), None, None, f"S: a non-empty set of lengths from 1 to {MAX_STRIPE}",
    "the plain mex over every move (remove exactly s consecutive stones, s in S, leaving 0, 1 or "
    "2 rows), computed at run time up to the rows asked; beyond it, a period the program proves at "
    "run time by the Guy-Smith theorem: G(n + p) = G(n) for e <= n < 2e + p + t, t = max S, "
    "implies it for every n >= e")
"""The family ``stripes(S)``: any set of lengths (HDU 2999 "Stone Game, Why are you always
there?"), the set given at run time (:attr:`Stripes.families`)."""


def stripes_digits(lengths: tuple[int, ...]) -> tuple[int, ...]:
    """The octal digits of the game removing exactly one of ``lengths`` consecutive stones.

    >>> stripes_digits((1, 3, 3))
    (0, 7, 0, 7)
    """
    digits = [0] * (max(lengths) + 1)
    for s in lengths:
        digits[s] = 7
    return tuple(digits)


@dataclass(frozen=True)
class Stripes(Octal):
    """``stripes(c,z,n)``: remove exactly ``c``, ``z`` or ``n`` consecutive stones from a row (any
    number of lengths: exactly one of them)."""

    lengths: tuple[int, ...] = field(default=(1, 1, 1))
    name: ClassVar[str] = "stripes"

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Stripes:
        if kwargs or not args:
            raise InvalidGameError("stripes takes the stripe lengths, e.g. stripes(1,5,1) (POI 2000: "
                                   "three of them) or stripes(2,3)")
        for value in args:
            if not isinstance(value, int) or not 1 <= value <= MAX_STRIPE:
                raise InvalidGameError(
                    f"stripe lengths must be integers from 1 to {MAX_STRIPE}, got {value!r}")
        lengths = tuple(int(v) for v in args)
        return cls(stripes_digits(lengths), lengths)

    families = (FAMILY, SET_FAMILY)
    """``stripes(c,z,n)`` and ``stripes(S)`` with the lengths given at run time (the plain mex
    table)."""

    @property
    def spec(self) -> str:
        return f"stripes({','.join(map(str, self.lengths))})"
