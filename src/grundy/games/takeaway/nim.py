"""Nim: take any positive number of counters from one heap.

Bouton's theorem: a position is a P-position exactly when the XOR (nim-sum) of the heaps is 0;
the Grundy value of the position *is* that XOR. In misère play (the last mover loses) the
anti-Nim rule decides: play as in Nim unless every heap would be 0 or 1, then leave an odd number
of 1-heaps.

>>> from grundy import load_game, grundy_value, winning_moves, outcome
>>> nim = load_game("nim")
>>> grundy_value(nim, (3, 4, 5)), winning_moves(nim, (3, 4, 5))[0].to
(2, (1, 4, 5))
>>> outcome(nim, (1, 1, 1), misere=True)
<Outcome.P: 'P'>
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import reduce
from operator import xor

from grundy.errors import InvalidInputError, InvalidPositionError
from grundy.model.game import HeapGame, HeapResult, Move, Outcome, check_heaps, describe_take
from grundy.model.laws import Laws, TakeAway, TakeKind
from grundy.model.reason import Facts, Reason, template
from grundy.model.record import FrozenRecord
from grundy.model.textio import int_text, parse_int

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:  # numpy is imported lazily, only by the functions that take arrays
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    from grundy.model.periodic import Periodicity


def _xor_expr(heaps: Any, total: int, count: int) -> str:
    """``3 ⊕ 4 ⊕ 5 = 2``; past 8 heaps the first 8, then ``⊕ … (1,000 heaps)``."""
    shown = " ⊕ ".join(map(int_text, heaps[:8]))
    return shown + (f" ⊕ … ({count:,} heaps)" if count > 8 else "") + f" = {int_text(total)}"


class Nim(HeapGame, FrozenRecord):
    """Nim on any number of heaps (a position is a tuple of heap sizes). A frozen record of no
    fields (compared, hashed and printed as a frozen dataclass would be), not a dataclass: it is
    built at every ``grundy solve nim``, where importing :mod:`dataclasses` would cost more than
    the answer."""

    name = "nim"

    @property
    def spec(self) -> str:
        return "nim"

    def validate(self, position: Any) -> tuple[int, ...]:
        if type(position).__module__ == "numpy" and getattr(position, "ndim", 0) == 1:
            nim_sum_array(position)  # checks dtype and signs at numpy speed
            heaps: tuple[int, ...] = tuple(position.tolist())
            if not heaps:
                raise InvalidPositionError("nim: a position needs at least one heap")
            return heaps
        return super().validate(position)

    @property
    def laws(self) -> Laws:
        """What Nim declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(take_away=self._take_away(), heap_value=self._heap_value,
                    periodicity=self._periodicity(), heap_moves_to_value=self._heap_moves_to_value,
                    value=self._value, winning_moves=self._winning_moves,
                    misere_outcome=self._misere_outcome,
                    misere_winning_moves=self._misere_winning_moves, reason=self._reason)

    def _take_away(self) -> TakeAway:
        return TakeAway(TakeKind.ALL_BUT, ())

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for k in range(1, n + 1):
            yield describe_take(n, k), (n - k,)

    def heap_options(self, n: int) -> Iterator[HeapResult]:  # (no labels: searches are label-free)
        return ((n - k,) for k in range(1, n + 1))

    def _heap_value(self, n: int) -> int:
        return n

    def _periodicity(self) -> Periodicity:
        """Bouton's theorem as a periodicity: ``G(n + 1) = G(n) + 1`` for every ``n >= 0``."""
        from grundy.model.periodic import Periodicity

        return Periodicity(1, 0, 1, True, "Bouton's theorem: G(n) = n")

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        return [(describe_take(n, n - target), (target,))] if target < n else []

    def _value(self, position: Any) -> int:
        return reduce(xor, position, 0)

    def _winning_moves(self, position: Any) -> list[Move]:
        total = reduce(xor, position, 0)
        moves = []
        for i, h in enumerate(position):
            if h ^ total < h:
                moves.append(self._heap_move(position, i, describe_take(h, h - (h ^ total)),
                                             (h ^ total,)))
        return moves

    def _misere_outcome(self, position: Any) -> Outcome:
        big = sum(1 for h in position if h > 1)
        if big == 0:
            ones = sum(position)
            return Outcome.N if ones % 2 == 0 else Outcome.P
        return Outcome.N if reduce(xor, position, 0) else Outcome.P

    def _misere_winning_moves(self, position: Any) -> list[Move]:
        big = [i for i, h in enumerate(position) if h > 1]
        if not big:
            if sum(position) % 2:
                return []
            return [self._heap_move(position, i, describe_take(1, 1), (0,))
                    for i, h in enumerate(position) if h == 1]
        if len(big) == 1:
            i = big[0]
            h = position[i]
            ones = sum(1 for h2 in position if h2 == 1)
            target = 1 if ones % 2 == 0 else 0
            return [self._heap_move(position, i, describe_take(h, h - target), (target,))]
        return self._winning_moves(position)

    def _reason(self, position: Any, misere: bool = False) -> Reason:
        return nim_reason(position, reduce(xor, position, 0), misere)


def nim_reason(heaps: Any, total: int, misere: bool = False, small: bool | None = None) -> Reason:
    """The reason for Nim heaps (a sequence or a numpy array) of nim-sum ``total``: Bouton's
    theorem, or in misère play the anti-Nim rule (``small``: every heap is 0 or 1, if known)."""
    count = len(heaps)
    shown = tuple(heaps[:8].tolist() if hasattr(heaps, "tolist") else heaps[:8])
    counted = {"count": count} if count > 8 else {}
    if not misere:
        return Reason("bouton", {"heaps": shown, **counted, "total": total})
    if small is None:
        small = all(h <= 1 for h in heaps)
    if small:
        ones = heaps.sum() if hasattr(heaps, "sum") else sum(heaps)
        return Reason("anti-nim-ones", {"ones": int(ones)})
    return Reason("anti-nim", {"heaps": shown, **counted, "total": total})


def _xor_facts(f: Facts) -> str:
    return _xor_expr(f["heaps"], f["total"], f.get("count", len(f["heaps"])))


@template("bouton")
def _bouton(f: Facts) -> str:
    return f"Bouton's theorem: the nim-sum {_xor_facts(f)}" + (" ≠ 0" if f["total"] else "")


@template("anti-nim-ones")
def _anti_nim_ones(f: Facts) -> str:
    ones = f["ones"]
    return (f"anti-Nim rule: every heap is 0 or 1, and {ones} heap(s) of 1 is "
            f"{'odd: the player to move loses' if ones % 2 else 'even: the player to move wins'}")


@template("anti-nim")
def _anti_nim(f: Facts) -> str:
    return (f"anti-Nim rule: some heap exceeds 1, so play as in Nim: "
            f"{_xor_facts(f)}{' ≠ 0' if f['total'] else ''}")


# ---- large inputs: numpy arrays of heaps ------------------------------------------------------

def nim_sum_array(heaps: npt.ArrayLike) -> int:
    """The nim-sum of a one-dimensional integer array of heaps, at numpy speed.

    Unsigned arrays need one pass (``numpy.bitwise_xor.reduce``); signed arrays also check that
    no heap is negative (a second, vectorised pass).

    >>> import numpy as np
    >>> nim_sum_array(np.array([3, 4, 5]))
    2
    >>> nim_sum_array(np.array([3, -4]))
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: heaps must be non-negative, got -4
    """
    import numpy as np

    arr = np.asarray(heaps)
    if arr.ndim != 1 or arr.dtype.kind not in "iu":
        raise InvalidPositionError(
            f"heaps must be a one-dimensional integer array, got shape {arr.shape} of {arr.dtype}")
    if arr.size == 0:
        return 0
    if arr.dtype.kind == "u":
        return int(np.bitwise_xor.reduce(arr))
    total = 0
    for start in range(0, arr.size, _CHUNK):  # the sign check re-reads a chunk still in cache
        chunk = arr[start:start + _CHUNK]
        low = chunk.min()
        if low < 0:
            raise InvalidPositionError(f"heaps must be non-negative, got {int(low)}")
        total ^= int(np.bitwise_xor.reduce(chunk))
    return total


_CHUNK = 1 << 16


def nim_winning_moves_array(heaps: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Every winning Nim move of an array position: ``(indices, new_sizes)`` (empty if lost).

    >>> import numpy as np
    >>> nim_winning_moves_array(np.array([3, 4, 5]))
    (array([0]), array([1]))
    """
    import numpy as np

    arr = np.asarray(heaps)
    total = nim_sum_array(arr)
    if total == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=arr.dtype)
    targets = arr ^ arr.dtype.type(total)
    indices = np.flatnonzero(targets < arr)
    return indices, targets[indices]


_HEAP_TOKEN = re.compile(r"\+?\d+")


def parse_heaps_text(text: str) -> Any:
    """Read heaps separated by whitespace and/or commas, as from ``grundy solve nim --file``.

    Returns a numpy ``int64`` array when every heap fits (fast path), else a tuple of Python
    integers; a malformed or negative token is an :class:`~grundy.errors.InvalidInputError`
    quoting it.

    >>> parse_heaps_text("3, 4 5").tolist()
    [3, 4, 5]
    >>> parse_heaps_text("1 x 2")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: heap file: heap 2 must be a non-negative integer, got 'x'
    """
    import numpy as np

    from grundy.model.textio import decimal_numbers

    fast = decimal_numbers(text.removeprefix("\ufeff"))  # plain numbers: parsed in bulk
    if fast is not None:
        return fast
    tokens = text.removeprefix("\ufeff").replace(",", " ").split()  # a BOM; CRLF is whitespace
    if not tokens:
        raise InvalidInputError("heap file: no heaps found")
    try:
        strings = np.array(tokens)
        if strings.dtype.itemsize // 4 < 19:  # every token has < 19 characters: fits int64
            arr = strings.astype(np.int64)
            if arr.min() >= 0:
                return arr
    except (ValueError, OverflowError):
        pass
    out = []
    for i, token in enumerate(tokens):
        if not _HEAP_TOKEN.fullmatch(token):
            raise InvalidInputError(f"heap file: heap {i + 1} must be a non-negative integer, got {token!r}")
        out.append(parse_int(token))
    return check_heaps(out)
