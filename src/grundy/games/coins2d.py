"""Coin-turning games on a grid: products of 1-D coin-turning games (the Tartan theorem).

A position is a finite set of heads on an unbounded board (every other coin shows tails), written
as ``x,y`` pairs separated by spaces, e.g. ``"1,2 3,3"`` (``"-"`` is the board with no head).

**Products** (Winning Ways, ch. 14; Conway, On Numbers and Games, ch. 11). Given two 1-D
coin-turning games ``G1`` and ``G2`` in which a move turns a set ``A`` of coins whose largest
coin ``x`` goes from heads to tails, their product ``G1 × G2`` is played on a grid: a move picks a
move of ``G1`` turning ``A`` (largest ``x``) and a move of ``G2`` turning ``B`` (largest ``y``),
with a head at the *far corner* ``(x, y)``, and turns every coin of ``A × B``. A coin turned
twice is unchanged, so a move is the symmetric difference of the heads with ``A × B``.

**Tartan theorem.** The value of a head at ``(x, y)`` is the nim-product ``v1(x) ⊗ v2(y)`` of
the 1-D values, and a position is worth the nim-sum over its heads. Moreover a move ``A × B``
changes the value by ``α ⊗ β``, where ``α`` and ``β`` are the changes of the 1-D moves, so the
moves to value ``t`` from a position of value ``g`` are found with one nim-inverse per ``A``:
``β = (g ⊕ t) ⊗ α⁻¹``, and the 1-D game lists its moves changing its value by ``β``.

* ``turning-corners``: coordinates from 0; a move turns the four corners ``(x,y), (x',y),
  (x,y'), (x',y')`` of a rectangle with ``x' < x``, ``y' < y`` whose far corner ``(x, y)`` is a
  head (a head in row or column 0 is never a far corner). It is the product of two copies of
  *Twins* (turn a coin and exactly one coin to its left, coins numbered from 0: ``v(x) = x``),
  so a head at ``(x, y)`` is worth ``x ⊗ y``.
* ``product(G1,G2)`` for ``G1, G2`` among ``turning-turtles``, ``mock-turtles`` and ``ruler``:
  coordinates from 1, like the coins of the 1-D games; ``x`` is the coin of ``G1`` (the column
  number) and ``y`` the coin of ``G2`` (the row number).

>>> from grundy import load_game, solve
>>> answer = solve(load_game("turning-corners"), "1,2 3,3")
>>> answer.grundy, answer.outcome.winner
(0, 'second')
>>> answer = solve(load_game("turning-corners"), "2,2 3,3")
>>> answer.grundy, len(answer.winning_moves), answer.winning_moves[-1].label
(1, 5, 'turn {2,3} × {2,3} (head 3,3 → tails)')
>>> answer.winning_moves[-1].to
((2, 3), (3, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, ClassVar, Protocol

from grundy.errors import InvalidGameError, InvalidPositionError, TooManyMovesError
from grundy.games.coins import MockTurtles, Ruler, TurningTurtles
from grundy.model.game import Game, Move, Position
from grundy.model.laws import ExportRule, Laws
from grundy.model.reason import Facts, Reason, template
from grundy.theory.nimber import nim_inverse, nim_mul

Head = tuple[int, int]
Board = tuple[Head, ...]
"""A position: the heads, sorted and distinct."""

MAX_RULE_STEPS = 1_000_000
"""Most 1-D move sets :meth:`moves_to_value` tries before refusing to list the moves."""


class CoinRule(Protocol):
    """What a 1-D coin-turning game supplies to a product (see :mod:`grundy.games.coins`)."""

    @property
    def name(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def head_rule(self) -> tuple[str, str]: ...

    def coin_value(self, p: int) -> int: ...

    def others(self, p: int) -> Iterator[tuple[int, ...]]: ...

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]: ...

    def xor_cost(self, p: int) -> int: ...


@dataclass(frozen=True)
class Twins:
    """The 1-D factor of turning-corners: turn coin ``p`` and exactly one coin ``q < p``
    (coins numbered from 0), so ``v(p) = p``.

    >>> Twins().others_with_xor(5, 3), Twins().others_with_xor(5, 6)
    ([(3,)], [])
    """

    name: ClassVar[str] = "twins"
    rule: ClassVar[str] = "v(x) = x"
    head_rule: ClassVar[tuple[str, str]] = ("n", "a head at coin n (coins from 0) is worth n")

    def coin_value(self, p: int) -> int:
        return p

    def others(self, p: int) -> Iterator[tuple[int, ...]]:
        return ((q,) for q in range(p))

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]:
        return [(w,)] if w < p else []

    def xor_cost(self, p: int) -> int:
        return 1


_FACTORS: dict[str, CoinRule] = {
    "turning-turtles": TurningTurtles(), "mock-turtles": MockTurtles(), "ruler": Ruler(),
}


def _count_others(factor: CoinRule, p: int) -> int:
    """How many move sets :meth:`CoinRule.others` lists for a head at ``p``."""
    if factor.name == "mock-turtles":
        return 1 + (p - 1) + (p - 1) * (p - 2) // 2
    return p  # twins, turning-turtles (empty set or one of p-1 coins), ruler (p runs)


_HEAD = re.compile(r"\(?(\d+),(\d+)\)?")


class _CoinGrid(Game):
    """A product of two 1-D coin-turning games; subclasses give the factors and the origin."""

    origin: ClassVar[int] = 1
    """The smallest coordinate."""

    @property
    def factors(self) -> tuple[CoinRule, CoinRule]:
        raise NotImplementedError

    # ---- positions --------------------------------------------------------------------------
    def validate(self, position: Any) -> Board:
        if isinstance(position, str):
            return self.parse_position(position)
        if not isinstance(position, Iterable):
            raise InvalidPositionError(f"{self.spec}: a position is a set of heads (x, y), got {position!r}")
        heads: list[Head] = []
        for head in position:
            if (not isinstance(head, tuple | list) or len(head) != 2
                    or any(isinstance(c, bool) or not isinstance(c, int) for c in head)):
                raise InvalidPositionError(f"{self.spec}: a head is a pair of integers (x, y), got {head!r}")
            heads.append((int(head[0]), int(head[1])))
        return self._board(heads, position)

    def _board(self, heads: list[Head], given: object) -> Board:
        seen: set[Head] = set()
        for x, y in heads:
            if x < self.origin or y < self.origin:
                raise InvalidPositionError(
                    f"{self.spec}: coordinates start at {self.origin}, got the head {x},{y} in {given!r}")
            if (x, y) in seen:
                raise InvalidPositionError(f"{self.spec}: the head {x},{y} is listed twice in {given!r}")
            seen.add((x, y))
        return tuple(sorted(seen))

    def parse_position(self, text: str) -> Board:
        """Read heads written ``x,y`` and separated by spaces (``-`` or nothing: no head)."""
        tokens = text.split()
        if tokens == ["-"]:
            return ()
        heads: list[Head] = []
        for token in tokens:
            match = _HEAD.fullmatch(token)
            if match is None:
                raise InvalidPositionError(
                    f"{self.spec}: a head is written x,y with whole numbers x, y >= {self.origin} "
                    f"(heads separated by spaces, e.g. '1,2 3,3'), got {token!r}")
            heads.append((int(match.group(1)), int(match.group(2))))
        return self._board(heads, text)

    def format_position(self, position: Any) -> str:
        return " ".join(f"{x},{y}" for x, y in position) or "-"

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, position: Any) -> Iterator[Move]:
        f1, f2 = self.factors
        for x, y in position:
            for rest_x in f1.others(x):
                for rest_y in f2.others(y):
                    yield self._move(position, (x, *rest_x), (y, *rest_y))

    @staticmethod
    def _move(position: Board, xs: tuple[int, ...], ys: tuple[int, ...]) -> Move:
        heads = set(position)
        heads.symmetric_difference_update(product(xs, ys))
        cols = ",".join(str(c) for c in sorted(xs))
        rows = ",".join(str(r) for r in sorted(ys))
        label = f"turn {{{cols}}} × {{{rows}}} (head {xs[0]},{ys[0]} → tails)"
        return Move(label, tuple(sorted(heads)))

    # ---- closed forms -----------------------------------------------------------------------
    def head_value(self, x: int, y: int) -> int:
        """The Tartan value ``v1(x) ⊗ v2(y)`` of a head at ``(x, y)``."""
        f1, f2 = self.factors
        return nim_mul(f1.coin_value(x), f2.coin_value(y))

    @property
    def laws(self) -> Laws:
        """What _CoinGrid declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        f1, f2 = self.factors
        export = ExportRule("grid", f1.head_rule[0], f"the Tartan theorem; {self._factor_text()}",
                            second=f2.head_rule[0], origin=self.origin)
        return Laws(value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, reason=self._reason, samples=self._samples,
                    export=export)

    def _value(self, position: Any) -> int:
        total = 0
        for x, y in position:
            total ^= self.head_value(x, y)
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        change = self._value(position) ^ target
        if change == 0:  # every move changes the value by α ⊗ β ≠ 0
            return []
        f1, f2 = self.factors
        steps = 0
        found: list[Move] = []
        for x, y in position:
            # try every move set of the side with fewer, solve the other side by its 1-D rule
            if _count_others(f1, x) <= _count_others(f2, y):
                steps += _count_others(f1, x) * f2.xor_cost(y)  # (each set of x: one solve at y)
                self._check_steps(steps, position)
                for rest_x in f1.others(x):
                    alpha = _xor_values(f1, (x, *rest_x))
                    beta = nim_mul(change, nim_inverse(alpha))
                    for rest_y in f2.others_with_xor(y, beta ^ f2.coin_value(y)):
                        found.append(self._move(position, (x, *rest_x), (y, *rest_y)))
            else:
                steps += _count_others(f2, y) * f1.xor_cost(x)
                self._check_steps(steps, position)
                for rest_y in f2.others(y):
                    beta = _xor_values(f2, (y, *rest_y))
                    alpha = nim_mul(change, nim_inverse(beta))
                    for rest_x in f1.others_with_xor(x, alpha ^ f1.coin_value(x)):
                        found.append(self._move(position, (x, *rest_x), (y, *rest_y)))
        return found

    def _check_steps(self, steps: int, position: Board) -> None:
        if steps > MAX_RULE_STEPS:
            raise TooManyMovesError(
                f"{self.spec}: finding the moves from {self.format_position(position)!r} would try "
                f"more than {MAX_RULE_STEPS:,} move sets")

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        f1, f2 = self.factors
        shown = list(position[:8])
        return Reason("tartan", {
            "factors": self._factor_text(), "heads": tuple(shown), "count": len(position),
            "factor_values": tuple((f1.coin_value(x), f2.coin_value(y)) for x, y in shown),
            "values": tuple(self.head_value(x, y) for x, y in shown),
            "total": self.closed_value(position)})

    def _factor_text(self) -> str:
        f1, f2 = self.factors
        return (f"{self.spec} is the product of {f1.name} ({f1.rule}) and {f2.name} ({f2.rule}), "
                f"so a head at (x,y) is worth v1(x) ⊗ v2(y)")

    def _samples(self) -> Iterable[Position]:
        o = self.origin
        small = [(x, y) for y in range(o, o + 2) for x in range(o, o + 3)]  # a 3 × 2 board
        boards: list[Board] = [tuple(sorted(c)) for k in range(len(small) + 1)
                               for c in combinations(small, k)]
        extra = [((o, o + 2), (o + 2, o + 2)), ((o + 1, o + 1), (o + 2, o + 2)),
                 ((o + 2, o + 1), (o + 1, o + 2), (o + 2, o + 2)), ((o + 2, o + 2),)]
        if self.origin == 0:  # four corners at a time: a 4 × 4 board stays small
            extra += [((3, 3),), ((0, 0), (3, 2)), ((1, 2), (3, 3)), ((2, 2), (3, 3))]
        return boards + [tuple(sorted(b)) for b in extra]


def _xor_values(factor: CoinRule, coins: tuple[int, ...]) -> int:
    total = 0
    for p in coins:
        total ^= factor.coin_value(p)
    return total


@dataclass(frozen=True)
class TurningCorners(_CoinGrid):
    """Turn the four corners of a rectangle whose far corner (largest x and y) is a head.

    >>> TurningCorners().closed_value(((3, 3), (1, 2)))
    0
    """

    name = "turning-corners"
    origin = 0

    @property
    def factors(self) -> tuple[CoinRule, CoinRule]:
        return (_TWINS, _TWINS)

    @property
    def spec(self) -> str:
        return self.name

    def _factor_text(self) -> str:
        return ("turning-corners is the product of two copies of Twins (turn a coin and one coin "
                "to its left, coins from 0, v(x) = x), so a head at (x,y) is worth x ⊗ y")


_TWINS = Twins()


@dataclass(frozen=True)
class CoinProduct(_CoinGrid):
    """The product of two 1-D coin-turning games, coordinates from 1 (``x`` for the first game).

    >>> game = CoinProduct("ruler", "mock-turtles")
    >>> game.spec, game.head_value(2, 3), game.closed_value(((2, 3), (1, 1)))
    ('product(ruler,mock-turtles)', 8, 9)
    """

    first: str = "turning-turtles"
    second: str = "turning-turtles"
    name = "product"

    def __post_init__(self) -> None:
        for factor in (self.first, self.second):
            if factor not in _FACTORS:
                raise InvalidGameError(
                    f"product: {factor!r} is not a coin-turning game grundy can multiply "
                    f"(choose from {', '.join(sorted(_FACTORS))})")

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Game:
        if kwargs or len(args) != 2:
            given = ", ".join([*map(str, args), *(f"{k}={v}" for k, v in kwargs.items())])
            raise InvalidGameError(f"product takes two coin-turning games, e.g. "
                                   f"product(ruler,mock-turtles), got ({given})")
        return cls(*(str(a).strip().lower() for a in args))

    @property
    def factors(self) -> tuple[CoinRule, CoinRule]:
        return (_FACTORS[self.first], _FACTORS[self.second])

    @property
    def spec(self) -> str:
        return f"product({self.first},{self.second})"


@template("tartan")
def _tartan_text(f: Facts) -> str:
    terms = " ⊕ ".join(f"{u}⊗{v}" for u, v in f["factor_values"])
    values = " ⊕ ".join(map(str, f["values"]))
    more = " ⊕ …" if f["count"] > 8 else ""
    total = f["total"]
    if not f["count"]:
        worked = "no heads: 0"
    elif f["count"] == 1:
        worked = f"{terms} = {total}"
    else:
        worked = f"{terms}{more} = {values}{more} = {total}"
    return f"Tartan theorem: {f['factors']}; {worked}"
