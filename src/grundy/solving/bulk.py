"""A sum of many heaps answered in bulk with numpy: the representation :func:`~grundy.solving.solve.solve`
chooses for a position of :data:`BULK_SUM` heaps or more when the game's declaration
(:class:`~grundy.model.laws.Laws`) says what each heap's moves are and what they are worth:

- ``take_away`` of kind ``ALL_BUT`` with nothing excluded: a move takes any positive number of
  counters from one heap, so each heap is a Nim heap, ``G(h) = h`` (Bouton's theorem); in misère
  play the anti-Nim rule decides;
- ``take_away`` of kind ``ONLY`` (a finite set ``S``) and ``value_table``, the values of every heap
  up to the largest at once (a proved period, or a table): heap ``h`` takes ``s`` to win when
  ``G(h - s) == G(h) ^ X``, ``X`` the nim-sum (the Sprague-Grundy theorem).

The values are an array look-up, the nim-sum one ``bitwise_xor.reduce``, the winning moves two
arrays (heap indices, takes) — no Python work per heap. The answer is one
:class:`~grundy.solving.solve.Solution`, its winning moves a lazy :class:`HeapMoves` (a
:class:`~grundy.model.game.Move` built when read, by the game's own label functions); the one
JSON writer (:mod:`grundy.solving.writers`) renders them column by column.

>>> from grundy import load_game, solve
>>> heaps = tuple(range(1, 1_201))
>>> answer = solve(load_game("subtraction(1,3,4)"), heaps)
>>> type(answer.winning_moves).__name__, len(answer.winning_moves), answer.winning_moves[0].label
('HeapMoves', 1197, 'heap 4: take 1: 4 → 3')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

import numpy as np

from grundy.engine.search import DEFAULT_LIMIT, Budget, Cache, moves_to_value
from grundy.errors import GrundyError
from grundy.model.game import Game, HeapGame, Move, Position, check_heaps, describe_take, laws_of
from grundy.model.laws import TakeKind

BULK_SUM = 1_000
"""From this many heaps on, a sum of heaps whose declaration allows it is answered in bulk."""

CHUNK = 1 << 16
"""Heaps handled per vectorised step (temporary arrays stay a few MB whatever the input)."""

FULL_TABLE = 1 << 24
"""Below this heap size the values are tabulated in full from the period (16 MB at most as bytes)."""


def applies(game: Game, count: int, misere: bool) -> bool:
    """Whether a position of ``count`` heaps of ``game`` may be answered in bulk (what the game
    declares; the heaps themselves are looked at by :func:`bulk_solution`)."""
    if count < BULK_SUM or not isinstance(game, HeapGame) or not game.heapwise:
        return False
    laws = laws_of(game)
    rule = laws.take_away
    if rule is None:
        return False
    if rule.kind is TakeKind.ALL_BUT:
        return not rule.values
    return not misere and bool(rule.values) and laws.value_table is not None


class Bulk(NamedTuple):
    """A sum of many heaps answered in bulk: what :func:`~grundy.solving.solve.solve` makes its
    :class:`~grundy.solving.solve.Solution` of."""

    position: tuple[int, ...]
    heaps: np.ndarray
    values: np.ndarray
    """Each heap's Grundy value."""
    total: int
    """The nim-sum of the values."""
    moves: HeapMoves
    wins: bool
    """Whether the player to move wins (in the play asked, normal or misère)."""


def bulk_solution(game: Game, heaps: Any, misere: bool) -> Bulk | None:
    """The answer to ``heaps`` (a sequence or numpy array) of ``game`` computed in bulk, or
    ``None`` when the heaps do not allow it (a heap beyond 64 bits, no table of values for them):
    then the general path answers."""
    arr = _heap_array(heaps)
    if arr is None:
        return None
    rule = laws_of(game).take_away
    assert rule is not None
    if rule.kind is TakeKind.ALL_BUT:
        values, total, parts, takes, wins = _nim(arr, misere)
    else:
        try:
            found = _takes(game, arr, tuple(sorted(set(rule.values))))
        except GrundyError:  # the game's own rule cannot answer the order check within its budget
            return None
        if found is None:
            return None
        values, total, parts, takes = found
        wins = bool(total)
    position = tuple(arr.tolist())
    return Bulk(position, arr, values, total, HeapMoves(game, arr, parts, takes, position), wins)


def _heap_array(heaps: Any) -> np.ndarray | None:
    """The heaps as a one-dimensional int64 array, or ``None`` (empty, or a heap beyond int64)."""
    if isinstance(heaps, np.ndarray):
        arr = heaps
    else:
        try:
            arr = np.array(check_heaps(heaps), dtype=np.int64)
        except OverflowError:
            return None
    if arr.ndim != 1 or arr.size == 0 or arr.dtype.kind not in "iu" or int(arr.min()) < 0:
        return None
    return arr.astype(np.int64, copy=False)


def _nim(arr: np.ndarray, misere: bool) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, bool]:
    """Nim heaps: the nim-sum and every winning move (heap indices, takes); in misère play by the
    anti-Nim rule (play as in Nim unless every heap would be 0 or 1, then leave an odd number of
    1-heaps). The values are the heaps themselves; last, whether the player to move wins."""
    total = int(np.bitwise_xor.reduce(arr))
    big = np.flatnonzero(arr > 1)
    if misere and big.size <= 1:
        ones = int(np.count_nonzero(arr == 1))
        if big.size == 0:  # the player to move wins iff the 1-heaps are even: take one of them
            parts = np.flatnonzero(arr == 1) if ones % 2 == 0 else np.zeros(0, dtype=np.intp)
            return arr, total, parts, np.ones(parts.size, dtype=np.int64), ones % 2 == 0
        left = 1 if ones % 2 == 0 else 0  # one big heap: leave an odd number of 1-heaps
        return arr, total, big, arr[big] - left, True
    if not total:
        return arr, total, np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64), False
    targets = arr ^ total
    parts = np.flatnonzero(targets < arr)
    return arr, total, parts, arr[parts] - targets[parts], True


def _takes(game: Game, arr: np.ndarray, takes: tuple[int, ...]
           ) -> tuple[np.ndarray, int, np.ndarray, np.ndarray] | None:
    """A finite take set: the values by the declared table, the nim-sum and the winning moves in
    the order the game lists a heap's moves."""
    value_table = laws_of(game).value_table
    assert value_table is not None
    top = int(arr.max())
    table = value_table(top)
    if table is None:
        return None
    lookup = _Lookup(*table, top=top, pad=takes[-1])
    values = np.concatenate([lookup(arr[i:i + CHUNK]) for i in range(0, arr.size, CHUNK)])
    total = int(np.bitwise_xor.reduce(values))
    parts, moved = _winning_takes(arr, values, total, np.array(takes, dtype=np.int64), lookup)
    ordered = _in_order(game, arr, values, total, parts, moved)
    return None if ordered is None else (values, total, *ordered)


@dataclass(frozen=True)
class _Lookup:
    """``G(n)`` for arrays of heaps ``n <= top``, from the declared ``(head, preperiod, period)``:
    a table of every value up to ``top`` when that is below :data:`FULL_TABLE` values (one
    look-up per heap), else the period's residues. :meth:`below` gives ``G(n - s)`` for a take
    ``s <= pad``, and :attr:`sentinel` where ``n < s``."""

    head: Any
    preperiod: int
    period: int
    top: int
    pad: int

    @functools.cached_property
    def sentinel(self) -> int:
        """A number no value, and no XOR of values, equals."""
        return 1 << int(np.asarray(self.head).max()).bit_length()

    @functools.cached_property
    def full(self) -> bool:
        return self.period == 0 or self.top < FULL_TABLE

    @functools.cached_property
    def array(self) -> np.ndarray:
        """The values, from ``-pad`` on (a sentinel below 0): every one up to ``top`` if
        :attr:`full`, else the head and one period."""
        head = np.asarray(self.head)
        e, p = self.preperiod, self.period
        if p and self.full and self.top >= e + p:
            head = np.concatenate([head[:e], np.tile(head[e:e + p], -(-(self.top + 1 - e) // p))])
        padded = np.concatenate([np.full(self.pad, self.sentinel), head])
        return padded.astype(np.min_scalar_type(self.sentinel))

    def __call__(self, heaps: np.ndarray) -> np.ndarray:
        table, e, p = self.array, self.preperiod, self.period
        if self.full:
            return table[heaps + self.pad]
        return table[np.where(heaps < e + p, heaps, e + (heaps - e) % p) + self.pad]

    def below(self, heaps: np.ndarray, take: int) -> np.ndarray:
        if self.full:
            return self.array[heaps + (self.pad - take)]
        rest = heaps - take
        return np.where(rest < 0, self.sentinel, self(np.maximum(rest, 0)))


def _winning_takes(arr: np.ndarray, values: np.ndarray, total: int, takes: np.ndarray,
                   lookup: _Lookup) -> tuple[np.ndarray, np.ndarray]:
    """Every move to a P-position: heap ``i`` takes ``s`` when ``G(h - s) == G(h) ^ total``; as
    two arrays (heap indices, takes) ordered by heap, then by take (ascending)."""
    if not total:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    found_parts, found_takes = [], []
    for start in range(0, arr.size, CHUNK):
        heaps, target = arr[start:start + CHUNK], values[start:start + CHUNK] ^ total
        hits = np.empty((heaps.size, takes.size), dtype=bool)
        for k, s in enumerate(takes.tolist()):
            np.equal(lookup.below(heaps, s), target, out=hits[:, k])
        rows, cols = np.nonzero(hits)  # row-major: by heap, then by take
        found_parts.append(rows + start)
        found_takes.append(takes[cols])
    return np.concatenate(found_parts), np.concatenate(found_takes)


def _in_order(game: Game, arr: np.ndarray, values: np.ndarray, total: int, parts: np.ndarray,
              moved: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The moves in the order the game lists one heap's moves to a value (by take ascending or
    descending), read from its own rule on the first heap with several; ``None`` when that rule
    finds other moves than the declared take set gives (the game is then answered in general)."""
    counts = np.bincount(parts, minlength=arr.size) if parts.size else np.zeros(arr.size, np.int64)
    several = np.flatnonzero(counts >= 2)
    if not several.size:
        return parts, moved
    i = int(several[0])
    h = int(arr[i])
    target = int(values[i]) ^ total
    own = game.moves_to_value((h,), target)  # the game's own rule, else its moves searched
    if own is None:
        own = moves_to_value(game, (h,), target, cache=Cache(), budget=Budget(DEFAULT_LIMIT))
    lo, hi = np.searchsorted(parts, [i, i + 1])
    mine = moved[lo:hi].tolist()
    theirs = [h - int(m.to[0]) for m in own]  # type: ignore[index]
    if theirs == mine:
        return parts, moved
    if theirs != mine[::-1]:
        return None
    order = np.lexsort((-moved, parts))
    return parts[order], moved[order]


def heaps_text(game: Game, heaps: np.ndarray) -> str:
    """The heaps as ``game.format_position`` writes them, built from the array: the text between
    two heaps read from the game's own text of two model heaps.

    >>> from grundy import load_game
    >>> heaps_text(load_game("nim"), np.array([3, 14, 0]))
    '3 14 0'
    """
    sep = _separator(game)
    if sep is None:
        return game.format_position(tuple(heaps.tolist()))
    return _joined(heaps, sep.encode("utf-8")).decode("utf-8")


def heaps_json(game: Game, heaps: np.ndarray, quote: Callable[[str], str]) -> bytes | None:
    """:func:`heaps_text` as a JSON string in UTF-8 (``quote`` writes a JSON string), or ``None``
    when the game writes its heaps so that it is not built from the array."""
    sep = _separator(game)
    if sep is None:
        return None
    return b'"' + _joined(heaps, quote(sep)[1:-1].encode("utf-8")) + b'"'


def _separator(game: Game) -> str | None:
    """The text between two heaps as the game writes a position, when it writes each heap as its
    number and nothing else; ``None`` otherwise."""
    a, b = _MODEL_HEAPS
    text = game.format_position((a, b))
    sep = text.removeprefix(str(a)).removesuffix(str(b))
    if text != f"{a}{sep}{b}" or not sep or "\0" in sep or any(c.isdigit() for c in sep):
        return None
    return sep


def _joined(heaps: np.ndarray, gap: bytes) -> bytes:
    from grundy.solving.text_rows import rows

    return bytes(rows([0, gap], [heaps])[:-len(gap)].tobytes())


_MODEL_HEAPS = (7 * 10**21 + 7, 3 * 10**21 + 3)
"""Two heaps no text holds by chance (:func:`heaps_text`)."""


class HeapParts(Sequence[tuple[Game, Position]]):
    """The parts of a many-heap position, ``(game, (h,))``, built when read."""

    def __init__(self, game: Game, heaps: np.ndarray) -> None:
        self.game, self.heaps = game, heaps

    def __len__(self) -> int:
        return int(self.heaps.size)

    @overload
    def __getitem__(self, i: int) -> tuple[Game, Position]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[Game, Position]]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [(self.game, (h,)) for h in self.heaps[i].tolist()]
        return self.game, (int(self.heaps[i]),)


class HeapMoves(Sequence[Move]):
    """The winning moves of a many-heap position, heap ``parts[k]`` taking ``takes[k]``: a
    sequence of known length whose :class:`Move` is built when read, with the game's own labels
    (lifted into the whole position, as every move of a part of a sum is)."""

    def __init__(self, game: Game, heaps: np.ndarray, parts: np.ndarray, takes: np.ndarray,
                 position: Position = None) -> None:
        self.game, self.heaps, self.parts, self.takes = game, heaps, parts, takes
        self.position = position
        """The whole position as a tuple (what a move read is lifted into)."""

    def __len__(self) -> int:
        return int(self.parts.size)

    @overload
    def __getitem__(self, k: int) -> Move: ...
    @overload
    def __getitem__(self, k: slice) -> list[Move]: ...

    def __getitem__(self, k: int | slice) -> Any:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        i = int(self.parts[k])
        return self.move(self.game, self.position, i, int(self.heaps[i]), int(self.takes[k]))

    @staticmethod
    def move(game: Game, position: Position, i: int, h: int, s: int) -> Move:
        """Heap ``i`` (from 0), of ``h`` counters, taking ``s``: the move of the declared take-away
        set, labelled as the game labels it, lifted into ``position``."""
        return Move.lifted(game, position, i, Move(describe_take(h, s), (h - s,)))

    def columns(self, start: int, stop: int) -> list[np.ndarray]:
        """Moves ``start..stop`` as the numbers their text is made of: the heap's number (from 1),
        the take, the heap and what is left."""
        parts, taken = self.parts[start:stop], self.takes[start:stop]
        heaps = self.heaps[parts]
        return [parts + 1, taken, heaps, heaps - taken]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]
