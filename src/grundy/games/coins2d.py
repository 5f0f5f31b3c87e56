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

import math
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

Head = tuple[int, ...]
Board = tuple[Head, ...]
"""A position: the heads, sorted and distinct."""

MAX_FACTORS = 6
"""Most factors of a product (a head is written with one coordinate per factor)."""

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


_HEAD = re.compile(r"\(?(\d+(?:,\d+)+)\)?")


class _CoinGrid(Game):
    """A product of two 1-D coin-turning games; subclasses give the factors and the origin."""

    origin: ClassVar[int] = 1
    """The smallest coordinate."""

    @property
    def factors(self) -> tuple[CoinRule, ...]:
        raise NotImplementedError

    @property
    def _coords(self) -> str:
        """How a head is written: ``x,y``, ``x,y,z`` or ``x1,...,xk``."""
        k = len(self.factors)
        return {2: "x,y", 3: "x,y,z"}.get(k, f"x1,...,x{k}")

    # ---- positions --------------------------------------------------------------------------
    def validate(self, position: Any) -> Board:
        if isinstance(position, str):
            return self.parse_position(position)
        if not isinstance(position, Iterable):
            raise InvalidPositionError(
                f"{self.spec}: a position is a set of heads ({self._coords}), got {position!r}")
        heads: list[Head] = []
        k = len(self.factors)
        for head in position:
            if (not isinstance(head, tuple | list) or len(head) != k
                    or any(isinstance(c, bool) or not isinstance(c, int) for c in head)):
                raise InvalidPositionError(
                    f"{self.spec}: a head is {k} integers ({self._coords}), got {head!r}")
            heads.append(tuple(int(c) for c in head))
        return self._board(heads, position)

    def _board(self, heads: list[Head], given: object) -> Board:
        seen: set[Head] = set()
        for head in heads:
            written = ",".join(map(str, head))
            if min(head) < self.origin:
                raise InvalidPositionError(
                    f"{self.spec}: coordinates start at {self.origin}, got the head {written} in {given!r}")
            if head in seen:
                raise InvalidPositionError(f"{self.spec}: the head {written} is listed twice in {given!r}")
            seen.add(head)
        return tuple(sorted(seen))

    def parse_position(self, text: str) -> Board:
        """Read heads written ``x,y`` (``x,y,z`` of three factors) and separated by spaces (``-``
        or nothing: no head)."""
        tokens = text.split()
        if tokens == ["-"]:
            return ()
        heads: list[Head] = []
        k = len(self.factors)
        for token in tokens:
            match = _HEAD.fullmatch(token)
            if match is None or match.group(1).count(",") != k - 1:
                example = " ".join(",".join(str(self.origin + i + j) for j in range(k)) for i in (0, 1))
                raise InvalidPositionError(
                    f"{self.spec}: a head is written {self._coords} with whole numbers >= {self.origin} "
                    f"(heads separated by spaces, e.g. '{example}'), got {token!r}")
            heads.append(tuple(int(c) for c in match.group(1).split(",")))
        return self._board(heads, text)

    def format_position(self, position: Any) -> str:
        return " ".join(",".join(map(str, head)) for head in position) or "-"

    # ---- moves ------------------------------------------------------------------------------
    def moves(self, position: Any) -> Iterator[Move]:
        for head in position:
            for chosen in _move_sets(self.factors, head):
                yield self._move(position, chosen)

    @staticmethod
    def _move(position: Board, coins: tuple[tuple[int, ...], ...]) -> Move:
        """The move turning every coin of the product of ``coins`` (one set per factor, its head
        first)."""
        heads = set(position)
        heads.symmetric_difference_update(product(*coins))
        sets = " × ".join("{" + ",".join(str(c) for c in sorted(s)) + "}" for s in coins)
        label = f"turn {sets} (head {','.join(str(s[0]) for s in coins)} → tails)"
        return Move(label, tuple(sorted(heads)))

    # ---- closed forms -----------------------------------------------------------------------
    def head_value(self, *head: int) -> int:
        """The Tartan value ``v1(x) ⊗ v2(y) (⊗ v3(z) ...)`` of a head at ``(x, y, ...)``."""
        total = 1
        for factor, p in zip(self.factors, head, strict=True):
            total = nim_mul(total, factor.coin_value(p))
        return total

    @property
    def laws(self) -> Laws:
        """What _CoinGrid declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        f1, f2, *more = self.factors
        export = ExportRule("grid", f1.head_rule[0], f"the Tartan theorem; {self._factor_text()}",
                            second=f2.head_rule[0], origin=self.origin,
                            more=tuple(f.head_rule[0] for f in more) or None)
        return Laws(value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, reason=self._reason, samples=self._samples,
                    export=export)

    def _value(self, position: Any) -> int:
        total = 0
        for head in position:
            total ^= self.head_value(*head)
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        change = self._value(position) ^ target
        if change == 0:  # every move changes the value by α ⊗ β ≠ 0
            return []
        factors = self.factors
        steps = 0
        found: list[Move] = []
        for head in position:
            # try every move set of every factor but the one with most, solve that one by its 1-D rule
            counts = [_count_others(f, p) for f, p in zip(factors, head, strict=True)]
            solved = max(range(len(factors)), key=lambda i: (counts[i], i))
            steps += math.prod(c for i, c in enumerate(counts) if i != solved) * factors[solved].xor_cost(
                head[solved])
            self._check_steps(steps, position)  # (before any move set is made)
            tried = [[(p, *rest) for rest in f.others(p)] if i != solved else [()]
                     for i, (f, p) in enumerate(zip(factors, head, strict=True))]
            factor, p = factors[solved], head[solved]
            for chosen in product(*tried):
                alpha = 1
                for i, coins in enumerate(chosen):
                    if i != solved:
                        alpha = nim_mul(alpha, _xor_values(factors[i], coins))
                beta = nim_mul(change, nim_inverse(alpha))
                for rest in factor.others_with_xor(p, beta ^ factor.coin_value(p)):
                    coins = (*chosen[:solved], (p, *rest), *chosen[solved + 1:])
                    found.append(self._move(position, coins))
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
        shown = list(position[:8])
        return Reason("tartan", {
            "factors": self._factor_text(), "heads": tuple(shown), "count": len(position),
            "factor_values": tuple(tuple(f.coin_value(p) for f, p in zip(self.factors, head, strict=True))
                                   for head in shown),
            "values": tuple(self.head_value(*head) for head in shown),
            "total": self.closed_value(position)})

    def _factor_text(self) -> str:
        *first, last = [f"{f.name} ({f.rule})" for f in self.factors]
        k = len(self.factors)
        worth = " ⊗ ".join(f"v{i}({c})" for i, c in enumerate(self._coords.split(","), 1)) if k <= 3 else \
            " ⊗ ... ⊗ ".join(("v1(x1)", f"v{k}(x{k})"))
        return (f"{self.spec} is the product of {', '.join(first)} and {last}, "
                f"so a head at ({self._coords}) is worth {worth}")

    def _samples(self) -> Iterable[Position]:
        o = self.origin
        if len(self.factors) > 2:  # every board of up to two heads of a 2 × 2 × 2 box, and a far head
            cells = list(product(range(o, o + 2), repeat=len(self.factors)))
            return [tuple(sorted(c)) for k in range(3) for c in combinations(cells, k)] + [
                ((o + 2,) * len(self.factors),)]
        small = [(x, y) for y in range(o, o + 2) for x in range(o, o + 3)]  # a 3 × 2 board
        boards: list[Board] = [tuple(sorted(c)) for k in range(len(small) + 1)
                               for c in combinations(small, k)]
        extra = [((o, o + 2), (o + 2, o + 2)), ((o + 1, o + 1), (o + 2, o + 2)),
                 ((o + 2, o + 1), (o + 1, o + 2), (o + 2, o + 2)), ((o + 2, o + 2),)]
        if self.origin == 0:  # four corners at a time: a 4 × 4 board stays small
            extra += [((3, 3),), ((0, 0), (3, 2)), ((1, 2), (3, 3)), ((2, 2), (3, 3))]
        return boards + [tuple(sorted(b)) for b in extra]


def _move_sets(factors: tuple[CoinRule, ...], head: Head) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every choice of one move set per factor at ``head`` (each set its head first), made one at a
    time: a factor's sets are never all in memory (a head may be 10**11 coins out)."""
    if not factors:
        yield ()
        return
    for rest in factors[0].others(head[0]):
        for tail in _move_sets(factors[1:], head[1:]):
            yield ((head[0], *rest), *tail)


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
    def factors(self) -> tuple[CoinRule, ...]:
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
    """The product of two or more 1-D coin-turning games, coordinates from 1 (``x`` for the first
    game, ``y`` for the second, ``z`` for the third: ``more`` holds the factors after the second).

    >>> game = CoinProduct("ruler", "mock-turtles")
    >>> game.spec, game.head_value(2, 3), game.closed_value(((2, 3), (1, 1)))
    ('product(ruler,mock-turtles)', 8, 9)
    >>> cube = CoinProduct("ruler", "ruler", ("ruler",))
    >>> cube.spec, cube.head_value(2, 2, 2), cube.closed_value(((2, 2, 2), (1, 1, 4)))
    ('product(ruler,ruler,ruler)', 1, 5)
    """

    first: str = "turning-turtles"
    second: str = "turning-turtles"
    more: tuple[str, ...] = ()
    name = "product"

    def __post_init__(self) -> None:
        for factor in (self.first, self.second, *self.more):
            if factor not in _FACTORS:
                raise InvalidGameError(
                    f"product: {factor!r} is not a coin-turning game grundy can multiply "
                    f"(choose from {', '.join(sorted(_FACTORS))})")

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Game:
        if kwargs or not 2 <= len(args) <= MAX_FACTORS:
            given = ", ".join([*map(str, args), *(f"{k}={v}" for k, v in kwargs.items())])
            raise InvalidGameError(f"product takes two coin-turning games or more (up to {MAX_FACTORS}), "
                                   f"e.g. product(ruler,mock-turtles) or product(ruler,ruler,ruler), "
                                   f"got ({given})")
        first, second, *more = (str(a).strip().lower() for a in args)
        return cls(first, second, tuple(more))

    @property
    def factors(self) -> tuple[CoinRule, ...]:
        return tuple(_FACTORS[f] for f in (self.first, self.second, *self.more))

    @property
    def spec(self) -> str:
        return f"product({','.join((self.first, self.second, *self.more))})"


@template("tartan")
def _tartan_text(f: Facts) -> str:
    terms = " ⊕ ".join("⊗".join(map(str, t)) for t in f["factor_values"])
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
