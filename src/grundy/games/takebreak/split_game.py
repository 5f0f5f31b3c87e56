"""The split game: piles ``1..n`` in a row; a move takes one stone from pile ``i`` and adds one
stone to each of piles ``j`` and ``k``, ``i < j ≤ k ≤ n`` (two stones to pile ``j`` if ``j = k``).

A position is the tuple of stone counts, one per pile (``n`` is its length). Each stone is an
independent game whose value depends only on its distance ``d = n − i`` to the last pile:
a stone at distance ``d`` becomes two stones at distances ``x ≥ y`` below ``d``, so

    ``g(d) = mex{g(x) ⊕ g(y) : 0 ≤ y ≤ x < d}``,

and the value of a position is the XOR of ``g(n − i)`` over the piles with an odd count (two
stones on one pile cancel). **Theorem** (proved in ``docs/splitting.md``): ``g(0) = 0`` and
``g(d)`` is the ``d``-th *odious* number (odd number of 1 bits): 1, 2, 4, 7, 8, 11, 13, 14, …
The tests check it against the mex recursion and the whole game against brute force.

>>> from grundy import load_game, grundy_value, winning_moves
>>> game = load_game("split-game")
>>> [stone_value(d) for d in range(10)]
[0, 1, 2, 4, 7, 8, 11, 13, 14, 16]
>>> grundy_value(game, (1, 0, 0)), grundy_value(game, (1, 1, 0))
(2, 3)
>>> [m.label for m in winning_moves(game, (1, 1, 0))]
['pile 1 → piles 2 and 3']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidPositionError, TooManyMovesError
from grundy.model.game import Game, Move, check_heaps
from grundy.model.laws import Board, BoardKind, ExportRule, Laws
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_PILES = 100_000
"""Most piles accepted in a position (winning moves take O(n) per pile with a stone)."""


def stone_value(d: int) -> int:
    """``g(d)``: the value of one stone ``d`` piles before the last (the ``d``-th odious number).

    >>> [stone_value(d) for d in range(6)]
    [0, 1, 2, 4, 7, 8]
    """
    if d <= 0:
        return 0
    e = d - 1
    return 2 * e + (1 - (bin(e).count("1") & 1))


def stone_distance(value: int) -> int | None:
    """The distance ``d`` with ``stone_value(d) == value``, or ``None`` (evil non-zero values).

    >>> [stone_distance(v) for v in (0, 1, 2, 3, 4, 7)]
    [0, 1, 2, None, 3, 4]
    """
    if value == 0:
        return 0
    if bin(value).count("1") & 1 == 0:
        return None
    return value // 2 + 1


def mex_stone_values(count: int) -> list[int]:
    """``g(0..count-1)`` by the mex recursion (the definition; no theorem used).

    >>> mex_stone_values(6)
    [0, 1, 2, 4, 7, 8]
    """
    values: list[int] = []
    made: set[int] = set()  # g(x) ^ g(y) for 0 <= y <= x < len(values)
    for _ in range(count):
        m = 0
        while m in made:
            m += 1
        values.append(m)
        made.update(m ^ v for v in values)
    return values


@dataclass(frozen=True)
class SplitGame(Game):
    """The split game on ``n`` piles (``n`` = the length of the position)."""

    name = "split-game"

    @property
    def spec(self) -> str:
        return "split-game"

    # ---- positions --------------------------------------------------------------------------
    def validate(self, position: Any) -> tuple[int, ...]:
        counts = check_heaps(position, "stone count")
        if not counts:
            raise InvalidPositionError("split-game: a position needs at least one pile (stone counts)")
        if len(counts) > MAX_PILES:
            raise InvalidPositionError(
                f"split-game: {len(counts):,} piles is more than the limit {MAX_PILES:,}")
        return counts

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return " ".join(map(int_text, position))

    # ---- moves ------------------------------------------------------------------------------
    def _move(self, position: tuple[int, ...], i: int, j: int, k: int) -> Move:
        counts = list(position)
        counts[i] -= 1
        counts[j] += 1
        counts[k] += 1
        where = f"pile {j + 1} twice" if j == k else f"piles {j + 1} and {k + 1}"
        return Move(f"pile {i + 1} → {where}", tuple(counts))

    def moves(self, position: Any) -> Iterator[Move]:
        n = len(position)
        for i, c in enumerate(position):
            if c:
                for j in range(i + 1, n):
                    for k in range(j, n):
                        yield self._move(position, i, j, k)

    # ---- closed forms -----------------------------------------------------------------------
    @property
    def laws(self) -> Laws:
        """What SplitGame declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(value=self._value, moves_to_value=self._moves_to_value, reason=self._reason,
                    samples=self._samples, export=ExportRule("split-stones"),
                    board=Board(BoardKind.ROWS, "pile"))

    def _value(self, position: Any) -> int:
        n = len(position)
        total = 0
        for i, c in enumerate(position):
            if c & 1:
                total ^= stone_value(n - 1 - i)
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        """Every move to value ``target``: moving a stone at distance ``d`` to distances ``x ≥ y``
        changes the value by ``g(d) ⊕ g(x) ⊕ g(y)``, so ``g(y)`` is determined by ``x``."""
        n = len(position)
        change = self._value(position) ^ target
        found: list[Move] = []
        work = 0
        for i, c in enumerate(position):
            if not c:
                continue
            d = n - 1 - i
            want = change ^ stone_value(d)  # g(x) ^ g(y) must equal this
            work += d
            if work > 50_000_000:
                raise TooManyMovesError(f"split-game: {n:,} piles are too many to list every move")
            for x in range(d - 1, -1, -1):  # pile j = n - 1 - x from left to right
                y = stone_distance(want ^ stone_value(x))
                if y is not None and y <= x:
                    found.append(self._move(position, i, n - 1 - x, n - 1 - y))
        return found

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        n = len(position)
        odd = [n - 1 - i for i, c in enumerate(position) if c & 1]
        return Reason("split-stones", {"distances": tuple(odd[:6]), "count": len(odd),
                                       "values": tuple(stone_value(d) for d in odd[:6]),
                                       "total": self.closed_value(position)})

    def _samples(self) -> list[tuple[int, ...]]:
        return [(0,), (1,), (0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (1, 0, 0), (0, 1, 0), (1, 1, 0),
                (2, 0, 0), (1, 0, 1), (0, 2, 1), (1, 1, 1), (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0),
                (1, 1, 0, 0), (1, 0, 1, 0), (0, 1, 1, 1), (2, 1, 0, 0), (1, 0, 0, 0, 0)]


@template("split-stones")
def _split_text(f: Facts) -> str:
    more = ["…"] if f["count"] > 6 else []
    names = [f"g({d})" for d in f["distances"]] + more
    values = [str(v) for v in f["values"]] + more
    shown = f"{' ⊕ '.join(names)} = {' ⊕ '.join(values)}" if f["count"] else "0"
    return (f"each stone is a separate game whose value g(d) depends on its distance d to the "
            f"last pile (g(0) = 0, and g(1), g(2), … are the odious numbers 1, 2, 4, 7, …); "
            f"the value is the XOR over piles with an odd count: {shown} = {f['total']}")
