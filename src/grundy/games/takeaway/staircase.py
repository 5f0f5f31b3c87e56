"""Staircase Nim: counters on steps 1..n; a move slides any positive number of counters from one
step ``i`` down to step ``i − 1`` (step 0 is the floor, where counters leave play).

A position is the tuple of counts on steps 1, 2, …, n (written ``c1 c2 … cn``).

**Theorem.** The Grundy value is the XOR of the counts on the *odd* steps: a move from an odd step
is a Nim move on that heap, and a move from an even step ``2j`` to the odd step ``2j − 1`` adds
counters to one Nim heap — a "reversible" increase (checked against brute force over all small
positions). Hence, with ``x = c1 ⊕ c3 ⊕ c5 ⊕ …`` and target value ``t``, every move to value ``t`` is

* from an odd step ``i``: slide ``cᵢ − (cᵢ ⊕ x ⊕ t)`` counters down, when ``cᵢ ⊕ x ⊕ t < cᵢ``;
* from an even step ``i``: slide ``(c_{i−1} ⊕ x ⊕ t) − c_{i−1}`` counters onto step ``i − 1``,
  when that number is between 1 and ``cᵢ``.

Winning moves (``t = 0``) can therefore come from even steps too (there is always one from an
odd step: the one holding the top bit of ``x``).

>>> from grundy import load_game, solve
>>> answer = solve(load_game("staircase"), (1, 3, 2))
>>> answer.grundy, [m.label for m in answer.winning_moves]
(3, ['move 1 from step 2 to step 1', 'move 1 from step 3 to step 2'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.model.game import Game, Move, Outcome, Position, check_heaps
from grundy.model.laws import Board, BoardKind, ExportRule, Laws
from grundy.model.reason import Facts, Reason, template, xor_text
from grundy.model.textio import int_text

MISERE_BRUTE_FORCE_LIMIT = 200_000
"""Largest estimated number of positions brute-forced in misère play (there is no misère rule)."""


def _label(k: int, i: int) -> str:
    return f"move {k} from step {i} to " + ("the floor" if i == 1 else f"step {i - 1}")


class _Slide(Move):
    """A move of :meth:`Staircase._moves_to_value`, its label and position built when first read
    (a staircase of 2·10⁵ steps may have thousands of winning moves: listing them stays linear)."""

    __slots__ = ("_idx", "_k", "_position")

    def __init__(self, position: tuple[int, ...], idx: int, k: int) -> None:
        self._position, self._idx, self._k = position, idx, k

    @property
    def label(self) -> str:  # type: ignore[override]
        return _label(self._k, self._idx + 1)

    @property
    def to(self) -> Position:  # type: ignore[override]
        return Staircase._slide(self._position, self._idx, self._k)


@dataclass(frozen=True)
class Staircase(Game):
    """Staircase Nim; a position is the tuple of counts on steps 1..n."""

    name = "staircase"

    @property
    def spec(self) -> str:
        return "staircase"

    def validate(self, position: Any) -> tuple[int, ...]:
        counts = check_heaps(position, "a step's count")
        if not counts:
            raise InvalidPositionError("staircase: give the counts on steps 1..n, e.g. '3 0 2'")
        return counts

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return " ".join(map(int_text, position))

    def moves(self, position: Any) -> Iterator[Move]:
        for idx, c in enumerate(position):
            for k in range(1, c + 1):
                yield Move(_label(k, idx + 1), self._slide(position, idx, k))

    @staticmethod
    def _slide(position: tuple[int, ...], idx: int, k: int) -> tuple[int, ...]:
        to = list(position)
        to[idx] -= k
        if idx:
            to[idx - 1] += k
        return tuple(to)

    @property
    def laws(self) -> Laws:
        """What Staircase declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, misere_outcome=self._misere_outcome,
                    reason=self._reason, samples=self._samples, export=ExportRule("staircase"),
                    size=self._size, board=Board(BoardKind.ROWS, "step"))

    def _size(self, position: Any) -> int:  # (the steps: JSON names a long staircase's moves)
        return len(position)

    def _value(self, position: Any) -> int:
        total = 0
        for c in position[::2]:  # steps 1, 3, 5, ...
            total ^= c
        return total

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        x = self._value(position) ^ target
        found: list[Move] = []
        if x == 0:
            return []
        for idx, c in enumerate(position):
            step = idx + 1
            if step % 2:
                k = c - (c ^ x)
            else:
                below = position[idx - 1]
                k = (below ^ x) - below
                if k > c:
                    continue
            if k > 0:
                found.append(_Slide(position, idx, k))
        return found

    def _winning_moves(self, position: Any) -> list[Move]:
        return self._moves_to_value(position, 0)

    def _misere_outcome(self, position: Any) -> Outcome | None:
        estimate, above = 1, 0
        for c in reversed(position):
            above += c
            estimate *= above + 1
            if estimate > MISERE_BRUTE_FORCE_LIMIT:
                raise SearchLimitError(
                    "staircase: no misère rule, and this position is too large to search by brute force")
        return None

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        odd = position[::2]
        return Reason("staircase-nim", {"odd_steps": tuple(odd[:8]), "count": len(odd),
                                        "total": self.closed_value(position)})

    def _samples(self) -> Iterable[Position]:
        small = [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]
        return [(0,), (3,), (1, 2), (2, 2), *small, (1, 0, 2, 1), (0, 2, 1, 1)]


@template("staircase-nim")
def _staircase_text(f: Facts) -> str:
    total = f["total"]
    return (f"staircase Nim = Nim on the odd steps 1, 3, 5, …: "
            f"{xor_text(f['odd_steps'], f['count'])} = {total}{' ≠ 0' if total else ''}")
