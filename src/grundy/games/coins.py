"""Coin games on a row of coins: three coin-turning games and the coin-slide game.

**Coin-turning games** (Winning Ways, ch. 14). A position is a string of ``H`` (heads) and ``T``
(tails), coins numbered 1, 2, … from the left. Each move turns over a set of coins whose
rightmost goes from heads to tails; the others may go either way. Such a game is the sum of its
heads (a tail turned to heads acts like a new heap), so the Grundy value is the XOR over heads at
``p`` of a per-coin value ``v(p)``:

* ``turning-turtles``: a head, and optionally any one coin to its left; ``v(p) = p`` (Nim).
* ``mock-turtles``: a head, and optionally one or two coins to its left; ``v(p)`` is the
  ``p``-th odious number (odd number of 1 bits): 1, 2, 4, 7, 8, 11, …
* ``ruler``: a head and any run of consecutive coins ending just left of it; ``v(p)`` is the
  largest power of 2 dividing ``p``.

A move turning head ``p`` and the other coins ``Q`` changes the value by ``v(p) ⊕ ⊕_{q∈Q} v(q)``,
so the moves to value ``t`` are found head by head: ``Q`` must XOR to ``w = x ⊕ t ⊕ v(p)``
(one look-up for turtles, a table of values for mock turtles, prefix XORs for ruler).

**Coin-slide** (POI 2003/2004 "Game"). A position is a strip of cells, ``#`` a coin and ``.`` an
empty cell; a move takes one coin to the nearest empty cell on its right, or off the strip if
there is none. grundy has no closed form for it: positions are solved by the brute-force engine,
for strips of at most :data:`MAX_SLIDE_CELLS` cells.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("turning-turtles"), "THHTH")
>>> answer.grundy, [m.to for m in answer.winning_moves]
(4, ['HHHTT'])
>>> [mock_value(p) for p in range(1, 9)], [ruler_value(p) for p in range(1, 9)]
([1, 2, 4, 7, 8, 11, 13, 14], [1, 2, 1, 4, 1, 2, 1, 8])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.model.bounded import register_cache
from grundy.model.game import Game, Move, Position
from grundy.model.laws import ExportRule, Laws
from grundy.model.reason import Facts, Reason, template, xor_text

MAX_SLIDE_CELLS = 16
"""Longest coin-slide strip grundy searches by brute force."""

MAX_MISERE_COINS = 14
"""Longest row searched by brute force in misère play of the coin-turning games."""


def mock_value(p: int) -> int:
    """The Mock Turtles value of a head at coin ``p ≥ 1``: the ``p``-th odious number (odd number of 1 bits).

    >>> [mock_value(p) for p in range(1, 5)]
    [1, 2, 4, 7]
    """
    n = p - 1
    return 2 * n + (bin(n).count("1") % 2 == 0)


def ruler_value(p: int) -> int:
    """The Ruler value of a head at coin ``p ≥ 1``: the largest power of 2 dividing ``p``.

    >>> ruler_value(12)
    4
    """
    return p & -p


_RULER_PREFIX: list[int] = [0]
_RULER_WHERE: dict[int, list[int]] = {0: [0]}


def _forget_ruler() -> None:
    del _RULER_PREFIX[1:]
    _RULER_WHERE.clear()
    _RULER_WHERE[0] = [0]


register_cache(__name__ + "._RULER_PREFIX", _forget_ruler, lambda: len(_RULER_PREFIX) - 1)


def _flip(position: str, coins: Iterable[int]) -> str:
    chars = list(position)
    for p in coins:
        chars[p - 1] = "T" if chars[p - 1] == "H" else "H"
    return "".join(chars)


def _coins_left(p: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every set of at most ``most`` coins left of coin ``p``: the empty set, then single coins, …,
    each ``k``-set in the order of :func:`itertools.combinations`, made one at a time (its pool
    would hold all ``p - 1`` coins at once: a coin of 10**11 must not cost its memory)."""
    for k in range(most + 1):
        yield from _sets_below(1, p, k)


def _sets_below(low: int, p: int, k: int) -> Iterator[tuple[int, ...]]:
    """The ``k``-sets of coins ``low .. p - 1``, increasing, in lexicographic order."""
    if k == 0:
        yield ()
        return
    for q in range(low, p - k + 1):
        for rest in _sets_below(q + 1, p, k - 1):
            yield (q, *rest)


class _CoinRow(Game):
    """Common text handling: a position is a string over an alphabet (``symbols``)."""

    symbols: str = "HT"

    def validate(self, position: Any) -> str:
        if not isinstance(position, str):
            raise InvalidPositionError(f"{self.spec}: a position is a string like "
                                       f"{self.symbols[0] * 2 + self.symbols[1]!r}, got {position!r}")
        text = "".join(position.split()).upper() if self.symbols == "HT" else "".join(position.split())
        if not text or any(ch not in self.symbols for ch in text):
            raise InvalidPositionError(
                f"{self.spec}: a position is a non-empty string of {' and '.join(self.symbols)}, "
                f"got {position!r}")
        return text

    @property
    def spec(self) -> str:
        return self.name  # these games take no parameters

    def parse_position(self, text: str) -> str:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return str(position)


@dataclass(frozen=True)
class _CoinTurning(_CoinRow):
    """A coin-turning game given by the per-coin value and the sets turned with each head."""

    def coin_value(self, p: int) -> int:
        raise NotImplementedError

    def others(self, p: int) -> Iterator[tuple[int, ...]]:
        """Every set of other coins (all left of ``p``) that may be turned with head ``p``."""
        raise NotImplementedError

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]:
        """The sets of :meth:`others` whose values XOR to ``w``."""
        raise NotImplementedError

    def xor_cost(self, p: int) -> int:
        """About how many steps :meth:`others_with_xor` takes at ``p`` (a product of games bounds
        its search for moves by it)."""
        return 1

    def moves(self, position: Any) -> Iterator[Move]:
        for p, ch in enumerate(position, start=1):
            if ch == "H":
                for rest in self.others(p):
                    yield self._move(position, p, rest)

    @staticmethod
    def _move(position: str, p: int, rest: tuple[int, ...]) -> Move:
        label = f"turn {p} (H→T)" + "".join(
            f", {q} ({'H→T' if position[q - 1] == 'H' else 'T→H'})" for q in rest)
        return Move(label, _flip(position, (p, *rest)))

    @property
    def laws(self) -> Laws:
        """What _CoinTurning declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, reason=self._reason,
                    misere_outcome=self._misere_outcome, samples=self._samples,
                    export=ExportRule("heads", *self.head_rule), export_moves="coins")

    head_rule = ("", "")
    """The value of one head at coin ``n`` as a formula over ``n``, and the theorem that gives it
    (what ``grundy export`` writes)."""

    def _value(self, position: Any) -> int:
        total = 0
        for p, ch in enumerate(position, start=1):
            if ch == "H":
                total ^= self.coin_value(p)
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        x = self._value(position) ^ target
        found = []
        for p, ch in enumerate(position, start=1):
            if ch == "H":
                for rest in self.others_with_xor(p, x ^ self.coin_value(p)):
                    found.append(self._move(position, p, rest))
        return found

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        heads = [p for p, ch in enumerate(position, start=1) if ch == "H"]
        return Reason("coins", {"game": self.spec, "rule": self.rule, "heads": tuple(heads[:8]),
                                "count": len(heads),
                                "values": tuple(self.coin_value(p) for p in heads[:8]),
                                "total": self.closed_value(position)})

    rule = ""

    def _misere_outcome(self, position: Any) -> None:
        if len(position) > MAX_MISERE_COINS:
            raise SearchLimitError(f"{self.spec}: no misère rule, and brute force is limited to "
                                   f"{MAX_MISERE_COINS} coins")
        return None

    def _samples(self) -> Iterable[Position]:
        return ["".join(t) for n in range(1, 6) for t in product("HT", repeat=n)]


@dataclass(frozen=True)
class TurningTurtles(_CoinTurning):
    """Turn a head to tails and optionally any one coin to its left: Nim with heap ``p`` per head."""

    name = "turning-turtles"
    head_rule = ("n", "a head at coin n is a Nim heap of n")
    rule = "v(p) = p"

    def coin_value(self, p: int) -> int:
        return p

    def others(self, p: int) -> Iterator[tuple[int, ...]]:
        return _coins_left(p, 1)

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]:
        if w == 0:
            return [()]
        return [(w,)] if w < p else []


@dataclass(frozen=True)
class MockTurtles(_CoinTurning):
    """Turn a head to tails and optionally one or two coins to its left."""

    name = "mock-turtles"
    head_rule = ("2 * (n - 1) + 1 - popcount(n - 1) % 2",
                 "a head at coin n has the n-th odious number (an odd number of 1 bits)")
    rule = "v(p) = the p-th odious number"

    def coin_value(self, p: int) -> int:
        return mock_value(p)

    def others(self, p: int) -> Iterator[tuple[int, ...]]:
        return _coins_left(p, 2)

    def xor_cost(self, p: int) -> int:
        return p  # (one pass over the coins left of p)

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]:
        def coin_of(v: int) -> int:  # the coin q < p with mock_value(q) == v, or 0
            q = (v >> 1) + 1
            return q if v > 0 and q < p and mock_value(q) == v else 0

        found: list[tuple[int, ...]] = [()] if w == 0 else []
        if coin_of(w):
            found.append((coin_of(w),))
        for q1 in range(1, p):
            q2 = coin_of(w ^ mock_value(q1))
            if q2 > q1:
                found.append((q1, q2))
        return found


@dataclass(frozen=True)
class Ruler(_CoinTurning):
    """Turn a head to tails together with any run of consecutive coins ending just left of it."""

    name = "ruler"
    head_rule = ("n & -n", "a head at coin n has the largest power of 2 dividing n (the ruler function)")
    rule = "v(p) = the largest power of 2 dividing p"

    def coin_value(self, p: int) -> int:
        return ruler_value(p)

    def others(self, p: int) -> Iterator[tuple[int, ...]]:
        for q in range(p, 0, -1):  # the run q..p-1 (empty when q == p)
            yield tuple(range(q, p))

    def xor_cost(self, p: int) -> int:
        return p  # (the prefix XORs up to p, kept)

    def others_with_xor(self, p: int, w: int) -> list[tuple[int, ...]]:
        # the run q..p-1 XORs to R(p-1) ⊕ R(q-1), with prefix XORs R(k) = v(1) ⊕ … ⊕ v(k)
        while len(_RULER_PREFIX) < p:
            k = len(_RULER_PREFIX)
            value = _RULER_PREFIX[-1] ^ ruler_value(k)
            _RULER_PREFIX.append(value)
            _RULER_WHERE.setdefault(value, []).append(k)
        need = _RULER_PREFIX[p - 1] ^ w
        return [tuple(range(k + 1, p)) for k in reversed(_RULER_WHERE.get(need, [])) if k <= p - 1]


@dataclass(frozen=True)
class CoinSlide(_CoinRow):
    """Coin-slide: move a coin to the nearest empty cell on its right, or off the strip."""

    name = "coin-slide"
    symbols = "#."

    def validate(self, position: Any) -> str:
        text = super().validate(position)
        if len(text) > MAX_SLIDE_CELLS:
            raise SearchLimitError(
                f"coin-slide: no closed form is known to grundy; brute force is limited to strips of "
                f"{MAX_SLIDE_CELLS} cells, got {len(text)}")
        return text

    def canonical(self, position: Any) -> Position:
        """The strip without its empty cells at the far left: only the coin counts between
        consecutive empty cells matter (moves correspond one to one), so such positions share
        memo entries.

        >>> CoinSlide().canonical("..##.#.")
        '##.#.'
        """
        return position.lstrip(".")

    def moves(self, position: Any) -> Iterator[Move]:
        for i, ch in enumerate(position):
            if ch == "#":
                j = position.find(".", i + 1)
                chars = list(position)
                chars[i] = "."
                if j >= 0:
                    chars[j] = "#"
                    label = f"coin {i + 1} → cell {j + 1}"
                else:
                    label = f"coin {i + 1} off the strip"
                yield Move(label, "".join(chars))

    @property
    def laws(self) -> Laws:
        """What CoinSlide declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(samples=self._samples, export=ExportRule("strip"))

    def _samples(self) -> Iterable[Position]:
        return ["".join(t) for n in range(1, 7) for t in product("#.", repeat=n)]


@template("coins")
def _coins_text(f: Facts) -> str:
    return (f"{f['game']}: the value is the XOR of the heads' values {f['rule']}: "
            f"{xor_text(f['values'], f['count']) or '0'} = {f['total']}")
