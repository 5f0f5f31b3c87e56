"""Wythoff's game: two heaps; take any number from one heap, or the same number from both.

**Theorem (Wythoff, 1907).** The P-positions are the pairs ``(a_k, b_k)`` (either order) with
``a_k = ⌊k·φ⌋`` and ``b_k = a_k + k``, ``φ = (1+√5)/2``. grundy decides this exactly with integer
square roots: ``⌊k·φ⌋ = (k + isqrt(5k²)) // 2``; no floating point, so 1,000-digit heaps are
answered in microseconds. Every winning move is found directly: each number is in exactly one
pair, so reducing one heap reaches at most one P-position per heap, and the pair with
difference ``|b − a|`` is the only one reachable by taking from both.

**Misère play** (the last mover loses): the P-positions are those of normal play except that
``(0, 0)`` and ``(1, 2)`` are replaced by ``(0, 1)`` and ``(2, 2)`` (checked by brute force).

Grundy values have no known closed form: grundy computes them by a bit-mask table for positions
with ``(a+1)(b+1) ≤ 10⁶`` (:data:`MAX_TABLE_CELLS`) and reports them as unknown beyond.

>>> from grundy import load_game, solve
>>> w = load_game("wythoff")
>>> [m.to for m in solve(w, (7, 10)).winning_moves]
[(7, 4), (6, 10), (4, 7)]
>>> golden_floor(10**50) == (10**50 + isqrt(5 * 10**100)) // 2
True
>>> w.table_2d(4)
[[0, 1, 2, 3, 4], [1, 2, 0, 4, 5], [2, 0, 1, 5, 3], [3, 4, 5, 6, 2], [4, 5, 3, 2, 7]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from math import isqrt
from typing import Any

from grundy.errors import InvalidInputError, InvalidPositionError, SearchLimitError
from grundy.model.bounded import register_cache
from grundy.model.game import Game, Move, Outcome, Position, check_heaps
from grundy.model.laws import Board, BoardKind, Describes, Laws, Theorem
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_TABLE_CELLS = 1_000_000
"""Largest ``(a+1)·(b+1)`` for which Grundy values are computed (by table)."""
_BOARD = Board(BoardKind.ROWS, "heap")
"""``grundy play`` draws the two heaps as rows of counters."""


def golden_floor(k: int) -> int:
    """``⌊k·φ⌋`` exactly, for any non-negative integer ``k``.

    >>> [golden_floor(k) for k in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    """
    return (k + isqrt(5 * k * k)) // 2


def partner(x: int) -> int:
    """The unique ``y`` such that ``{x, y}`` is a Wythoff P-position (normal play).

    >>> [partner(x) for x in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]
    """
    if x == 0:
        return 0
    base = (isqrt(5 * x * x) - x) // 2  # about x/φ: x = a_k for k = base or base + 1
    for k in (base, base + 1):
        if k > 0 and golden_floor(k) == x:
            return x + k
    base = (3 * x - isqrt(5 * x * x)) // 2  # about x/φ²: x = b_k for k near it
    for k in (base - 1, base, base + 1, base + 2):
        if k > 0 and golden_floor(k) + k == x:
            return x - k
    raise AssertionError(f"no Wythoff pair contains {x}")  # pragma: no cover - Beatty theorem


def _partner(x: int, misere: bool) -> int:
    if misere and x <= 2:
        return (1, 0, 2)[x]
    return partner(x)


def _lower_of_difference(d: int, misere: bool) -> int:
    """The smaller heap of the P-position whose heaps differ by ``d``."""
    if misere and d <= 1:
        return (2, 0)[d]
    return golden_floor(d)


def is_p_position(x: int, y: int, misere: bool = False) -> bool:
    """Whether ``(x, y)`` is lost for the player to move.

    >>> is_p_position(3, 5), is_p_position(5, 3), is_p_position(4, 6), is_p_position(0, 1, misere=True)
    (True, True, False, True)
    """
    x, y = min(x, y), max(x, y)
    return _lower_of_difference(y - x, misere) == x


_TABLE: list[list[int]] = [[0]]


def _forget_table() -> None:
    global _TABLE
    _TABLE = [[0]]


register_cache(__name__ + "._TABLE", _forget_table, lambda: len(_TABLE) * len(_TABLE[0]) - 1)


def grundy_grid(rows: int, cols: int) -> list[list[int]]:
    """Grundy values ``G(a, b)`` for ``a < rows`` and ``b < cols`` (bit-mask mex per cell).

    >>> grundy_grid(2, 3)
    [[0, 1, 2], [1, 2, 0]]
    """
    if rows * cols > MAX_TABLE_CELLS:
        raise SearchLimitError(
            f"wythoff: Grundy values have no closed form; grundy tabulates them only for "
            f"(a+1)·(b+1) ≤ {MAX_TABLE_CELLS:,}, and this position is larger")
    global _TABLE
    if rows <= len(_TABLE) and cols <= len(_TABLE[0]):
        return [row[:cols] for row in _TABLE[:rows]]
    want = rows, cols
    if max(rows, len(_TABLE)) * max(cols, len(_TABLE[0])) <= MAX_TABLE_CELLS:
        rows, cols = max(rows, len(_TABLE)), max(cols, len(_TABLE[0]))  # grow the shared table
    grid = [[0] * cols for _ in range(rows)]
    col_seen = [0] * cols
    diag_seen: dict[int, int] = {}
    for a in range(rows):
        row_seen = 0
        row = grid[a]
        for b in range(cols):
            seen = row_seen | col_seen[b] | diag_seen.get(b - a, 0)
            g = (~seen & (seen + 1)).bit_length() - 1
            row[b] = g
            bit = 1 << g
            row_seen |= bit
            col_seen[b] |= bit
            diag_seen[b - a] = diag_seen.get(b - a, 0) | bit
    if rows >= len(_TABLE) and cols >= len(_TABLE[0]):
        _TABLE = grid
    return [row[: want[1]] for row in grid[: want[0]]]


THEOREM = Theorem(
    Describes.P_POSITIONS, "min(a, b) == (abs(a - b) + isqrt(5 * abs(a - b) * abs(a - b))) // 2",
    "Wythoff's theorem: the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirror images",
    name="Wythoff's theorem, 1907",
    words="P iff min(a, b) = floor(k * phi) with k = |a - b|, phi = (1 + sqrt 5) / 2")
"""Wythoff's P-positions as a formula, ``min(a, b) = ⌊|a − b|·φ⌋`` with ``⌊d·φ⌋ = (d +
isqrt(5d²)) // 2``: what ``grundy table`` labels proved, and what ``grundy export`` answers by
beyond its table."""


@dataclass(frozen=True)
class Wythoff(Game):
    """Wythoff's game; a position is a pair ``(a, b)`` of heap sizes."""

    name = "wythoff"

    @property
    def spec(self) -> str:
        return "wythoff"

    def validate(self, position: Any) -> tuple[int, int]:
        heaps = check_heaps(position)
        if len(heaps) != 2:
            raise InvalidPositionError(
                f"a wythoff position is two heaps 'a b', got {position!r}")
        return heaps[0], heaps[1]

    def parse_position(self, text: str) -> tuple[int, int]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return f"{int_text(position[0])} {int_text(position[1])}"

    def canonical(self, position: Any) -> Position:
        return (min(position), max(position))

    def moves(self, position: Any) -> Iterator[Move]:
        x, y = position
        for t in range(1, x + 1):
            yield Move(f"take {t} from heap 1", (x - t, y))
        for t in range(1, y + 1):
            yield Move(f"take {t} from heap 2", (x, y - t))
        for t in range(1, min(x, y) + 1):
            yield Move(f"take {t} from both", (x - t, y - t))

    # ---- rules ------------------------------------------------------------------------------
    @property
    def laws(self) -> Laws:
        """What Wythoff declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(outcome=self._outcome, misere_outcome=self._misere_outcome, value=self._value,
                    winning_moves=self._winning_moves,
                    misere_winning_moves=self._misere_winning_moves, reason=self._reason,
                    pair_table=self._pair_table, samples=self._samples, theorems=(THEOREM,),
                    board=_BOARD, export_moves="wythoff")

    def _outcome(self, position: Any) -> Outcome:
        return Outcome.P if is_p_position(*position) else Outcome.N

    def _misere_outcome(self, position: Any) -> Outcome:
        return Outcome.P if is_p_position(position[0], position[1], misere=True) else Outcome.N

    def _value(self, position: Any) -> int:
        x, y = position
        if x == 0 or y == 0:
            return x + y  # one heap: plain Nim
        return grundy_grid(x + 1, y + 1)[x][y]

    def _winning(self, position: Any, misere: bool) -> list[Move]:
        x, y = position
        if is_p_position(x, y, misere):
            return []
        found: list[Move] = []
        target = _partner(x, misere)
        if target < y:
            found.append(Move(f"take {int_text(y - target)} from heap 2", (x, target)))
        target = _partner(y, misere)
        if target < x:
            found.append(Move(f"take {int_text(x - target)} from heap 1", (target, y)))
        low = _lower_of_difference(abs(y - x), misere)
        t = min(x, y) - low
        if t > 0:
            found.append(Move(f"take {int_text(t)} from both", (x - t, y - t)))
        return found

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._winning(position, False)

    def _misere_winning_moves(self, position: Any) -> list[Move]:
        return self._winning(position, True)

    def _reason(self, position: Any, misere: bool = False) -> Reason:
        """The rule for ``position``, with the smaller heap named ``a`` and the larger ``b`` (the
        user's order does not matter), every number computed from the position.

        >>> w = Wythoff()
        >>> str(w.explain((2, 1))).split(": ", 1)[1]
        'with a = 1 the smaller heap and b = 2 the larger, a = ⌊(b−a)·φ⌋ = ⌊1·φ⌋ = 1: a P-position'
        >>> str(w.explain((2, 1), misere=True)).split("; ", 1)[1]
        'with a = 1 the smaller heap and b = 2 the larger, b−a = 1 and the only misère P-position \
with b−a = 1 is (0,1): a ≠ 0, an N-position'
        """
        x, y = position
        a, b = min(x, y), max(x, y)
        d = b - a
        if misere and d <= 1:  # the two exceptional differences: one P-position each
            return Reason("misere-wythoff", {"a": a, "b": b, "difference": d,
                                             "lower": _lower_of_difference(d, True)})
        return Reason("misere-wythoff" if misere else "wythoff",
                      {"a": a, "b": b, "difference": d, "floor": golden_floor(d)})

    def _pair_table(self, upto: int) -> list[list[int]]:
        """Grundy values ``G(a, b)`` for ``0 ≤ a, b ≤ upto``."""
        if upto < 0:
            raise InvalidInputError(f"upto must be at least 0, got {upto}")
        side = isqrt(MAX_TABLE_CELLS) - 1
        if upto > side:
            raise SearchLimitError(
                f"wythoff: a table of G(a, b) for a, b ≤ {upto:,} has {(upto + 1) ** 2:,} cells; grundy "
                f"builds tables of at most {MAX_TABLE_CELLS:,} cells (a, b ≤ {side:,}): the values have "
                f"no closed form, and the grid grows with the square of the bound")
        return grundy_grid(upto + 1, upto + 1)

    def _samples(self) -> Iterable[Position]:
        return [(a, b) for a in range(7) for b in range(7)]


@template("wythoff")
def _wythoff_text(f: Facts) -> str:
    return _wythoff_rest("Wythoff's theorem: ", f)


@template("misere-wythoff")
def _misere_wythoff_text(f: Facts) -> str:
    play = ("misère Wythoff: the normal-play P-positions except that (0,0) and (1,2) are "
            "replaced by (0,1) and (2,2); ")
    if "lower" not in f:
        return _wythoff_rest(play, f)
    a, b, d, low = f["a"], f["b"], f["difference"], f["lower"]
    verdict = f"a = {low}, a P-position" if a == low else f"a ≠ {low}, an N-position"
    return (f"{play}with a = {a} the smaller heap and b = {b} the larger, b−a = {d} and the only "
            f"misère P-position with b−a = {d} is ({low},{low + d}): {verdict}")


def _wythoff_rest(play: str, f: Facts) -> str:
    a, b, d, low = f["a"], f["b"], f["difference"], f["floor"]
    named = f"{play}with a = {a} the smaller heap and b = {b} the larger"
    if low == a:
        return f"{named}, a = ⌊(b−a)·φ⌋ = ⌊{d}·φ⌋ = {low}: a P-position"
    return f"{named}, ⌊(b−a)·φ⌋ = ⌊{d}·φ⌋ = {low} ≠ a: an N-position"
