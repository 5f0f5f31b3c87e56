"""A sum of many heaps of one take-away game, answered in bulk with numpy.

For a heap game whose moves take ``s`` counters for ``s`` in a finite set ``S`` (subtraction
games, Bash) and whose values on the heaps at hand come from a proved period (or a table), the
answer to a position of a million heaps needs no Python work per heap: the values are an array
look-up, the nim-sum ``X`` one ``bitwise_xor.reduce``, and the winning moves, for each take ``s``,
the heaps ``h`` with ``G(h - s) == G(h) ^ X`` — the Sprague-Grundy theorem, as in the general path
(:func:`grundy.solving.solve.solve`), whose answer this one reproduces exactly: the same values, the
same moves in the same order, the same text and JSON. Before answering, a sample of the heaps
(the first ones, the first with several winning moves, the largest) is answered by the general
path as well and compared, values, move labels and order included; on any difference the bulk
answer is not used.

>>> from grundy import load_game, solve
>>> answer = heap_sum_solution(load_game("subtraction(1,3,4)"), (7, 10, 2, 5))
>>> answer.grundy, [m.label for m in answer.winning_moves]
(2, ['heap 1: take 1: 7 → 6', 'heap 1: take 3: 7 → 4', 'heap 4: take 4: 5 → 1'])
>>> general = solve(load_game("subtraction(1,3,4)"), (7, 10, 2, 5))
>>> answer.winning_moves == general.winning_moves and answer.to_json() == general.to_json() | {
...     "reason": answer.reason, "why": answer.why.to_json()}  # (64 parts or more: the same reason)
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from grundy.engine.search import DEFAULT_LIMIT, Budget, Cache
from grundy.errors import GrundyError
from grundy.model.game import Game, HeapGame, Move, Outcome, Position, check_heaps, describe_take
from grundy.model.laws import TakeKind
from grundy.model.reason import Reason
from grundy.solving.solve import SHORT_POSITION, Solution, part_moves, part_value, sum_reason
from grundy.tables.analysis import value_table
from grundy.tables.text_rows import rows

CHUNK = 1 << 16
"""Heaps handled per vectorised step (temporary arrays stay a few MB whatever the input)."""

FULL_TABLE = 1 << 24
"""Below this heap size the values are tabulated in full from the period (16 MB at most as bytes)."""

SAMPLE = 16
"""The first heaps also answered by the general path, to check the bulk answer."""


def heap_sum_solution(game: Game, heaps: Any) -> Solution | None:
    """The answer to ``heaps`` (a sequence or numpy array of heap sizes) of ``game``, computed in
    bulk; ``None`` when this path does not apply (no finite take set, no proved period or table
    for these heaps, heaps beyond 64 bits, a game that writes its moves its own way) — then the
    general path answers."""
    if not _bulk_game(game):
        return None
    rule = game.take_away_rule()
    if rule is None or rule.kind is not TakeKind.ONLY or not rule.values:
        return None
    arr = _heap_array(heaps)
    if arr is None:
        return None
    table = value_table(game, int(arr.max()))  # type: ignore[arg-type]
    if table is None:
        return None
    takes = np.array(sorted(set(rule.values)), dtype=np.int64)
    lookup = _Lookup(*table, top=int(arr.max()), pad=int(takes[-1]))
    values = np.concatenate([lookup(arr[i:i + CHUNK]) for i in range(0, arr.size, CHUNK)])
    total = int(np.bitwise_xor.reduce(values))
    parts, moved = _winning_moves(arr, values, total, takes, lookup)
    try:
        checked = _check(game, arr, values, total, parts, moved)  # type: ignore[arg-type]
    except GrundyError:  # the general path cannot answer a heap of the sample within its budget
        checked = None
    if checked is None:
        return None
    parts, moved = checked
    position = tuple(arr.tolist())
    whole = game.explain(position)  # a rule for the whole position (bounded Nim), as in general
    reason = whole or sum_reason(arr.size, values[:8].tolist(),
                                 [(game, (h,)) for h in position[:3]], total)
    return HeapSumSolution(game, position, Outcome.N if total else Outcome.P, total,
                           _TakeMoves(game, position, arr, parts, moved), reason, heaps=arr)


def _bulk_game(game: Game) -> bool:
    """A heap game that declares each move to change one heap (:attr:`HeapGame.heapwise`: a
    position is the sum of its heaps). Whether its labels and texts are the ones the bulk text
    writes (``heap i: LABEL``, heaps written as numbers) is checked on a sample against the
    general path before a bulk answer is used (:func:`_check`)."""
    return isinstance(game, HeapGame) and game.heapwise


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


@dataclass(frozen=True)
class _Lookup:
    """``G(n)`` for arrays of heaps ``n <= top``, from
    :func:`~grundy.tables.analysis.value_table`: a table of every value up to ``top`` when that
    is below :data:`FULL_TABLE` values (one look-up per heap), else the period's residues.
    :meth:`below` gives ``G(n - s)`` for a take ``s <= pad``, and :attr:`sentinel` where ``n < s``."""

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


def _winning_moves(arr: np.ndarray, values: np.ndarray, total: int, takes: np.ndarray,
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


def _check(game: HeapGame, arr: np.ndarray, values: np.ndarray, total: int, parts: np.ndarray,
           moved: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The moves in the order the general path lists them (by take ascending or descending within
    a heap), after checking a sample of heaps against it; ``None`` on any difference."""
    cache, budget = Cache(), Budget(DEFAULT_LIMIT, seconds=math.inf)
    counts = np.bincount(parts, minlength=arr.size) if parts.size else np.zeros(arr.size, np.int64)
    several = np.flatnonzero(counts >= 2)
    descending = False
    if several.size:  # the order within a heap, as the game lists them
        i = int(several[0])
        general = _general(game, arr, values, total, i, cache, budget)
        mine = _fast(arr, parts, moved, i)
        if general == mine[::-1]:
            descending = True
        elif general != mine:
            return None
    if descending:
        order = np.lexsort((-moved, parts))
        parts, moved = parts[order], moved[order]
    sample = {*range(min(SAMPLE, arr.size)), int(np.argmax(arr)), *several[:3].tolist(),
              *several[-1:].tolist()}
    for i in sorted(sample):
        if part_value(game, (int(arr[i]),), cache, budget) != int(values[i]):
            return None
        mine = _fast(arr, parts, moved, i)
        if _general(game, arr, values, total, i, cache, budget) != mine:
            return None
    return parts, moved


def _general(game: HeapGame, arr: np.ndarray, values: np.ndarray, total: int, i: int,
             cache: Cache, budget: Budget) -> list[tuple[str, tuple[int, ...]]]:
    """The moves of heap ``i`` to a P-position as the general path finds them: (label, heaps)."""
    if not total:
        return []
    found = part_moves(game, (int(arr[i]),), int(values[i]) ^ total, cache, budget)
    return [(game.lift_label(i, m.label), tuple(m.to)) for m in found]  # type: ignore[arg-type]


def _fast(arr: np.ndarray, parts: np.ndarray, moved: np.ndarray,
          i: int) -> list[tuple[str, tuple[int, ...]]]:
    """The moves of heap ``i`` found in bulk, in the form of :func:`_general`."""
    lo, hi = np.searchsorted(parts, [i, i + 1])
    h = int(arr[i])
    return [(f"heap {i + 1}: {describe_take(h, s)}", (h - s,)) for s in moved[lo:hi].tolist()]


class HeapSumSolution(Solution):
    """A :class:`~grundy.solving.solve.Solution` answered in bulk: the position's text, its parts
    and the JSON of its winning moves are built from arrays, without a Python object per heap."""

    heaps: Any
    """The heaps, a numpy int64 array (the same as :attr:`position`); not compared nor printed."""

    _fields = (*Solution._fields, "heaps")
    _hidden = (*Solution._hidden, "heaps")

    def __init__(self, game: Game, position: Position, outcome: Outcome, grundy: int | str | None,
                 winning_moves: Sequence[Move], why: Reason, misere: bool = False,
                 note: str | None = None, moves_listed: bool = True, remoteness: int | None = None,
                 quoted: tuple[GrundyError, ...] = (),
                 listed_parts: Sequence[tuple[Game, Position]] | None = None, heaps: Any = None) -> None:
        self._init(game, position, outcome, grundy, winning_moves, why, misere, note, moves_listed,
                   remoteness, quoted, listed_parts, heaps)

    @functools.cached_property
    def parts(self) -> Sequence[tuple[Game, Position]] | None:
        return _HeapParts(self.game, self.heaps)

    @functools.cached_property
    def position_text(self) -> str:
        return _heaps_text(self.heaps)

    @property
    def _bulk(self) -> bool:
        """Whether the JSON is written in bulk (a short position's moves also give ``"to"``, the
        whole resulting position: the general writer writes those)."""
        return isinstance(self.winning_moves, _TakeMoves) and self.heaps.size > SHORT_POSITION

    def position_prefix(self, chars: int) -> tuple[str, bool]:
        count = int(self.heaps.size)
        first = min(count, chars // 2 + 1)  # (each heap but the last takes two characters or more)
        text = _heaps_text(self.heaps[:first])
        return text[:chars], first == count and len(text) <= chars

    def json_bytes(self, chunk: int = 10_000, errors: str = "strict") -> Iterator[bytes]:
        moves = self.winning_moves
        if not self._bulk or not isinstance(moves, _TakeMoves):
            yield from super().json_bytes(chunk, errors)
            return
        import json

        marks = "\u0000moves\u0000", "\u0000position\u0000"
        text = json.dumps(self._json(marks[0], marks[1]), ensure_ascii=False)
        head, _, tail = text.partition(json.dumps(marks[0]))
        before, _, after = head.partition(json.dumps(marks[1]))
        yield (before + '"').encode("utf-8", errors)
        yield rows([0, b" "], [self.heaps])[:-1].tobytes()  # (digits and spaces: nothing to escape)
        yield ('"' + after + "[").encode("utf-8", errors)
        for start in range(0, len(moves), chunk):
            parts = moves.parts[start:start + chunk]
            taken = moves.takes[start:start + chunk]
            heaps = self.heaps[parts]
            if start:
                yield b", "
            yield rows(_JSON_MOVE, [parts + 1, taken, heaps, heaps - taken])[:-2].tobytes()
        yield ("]" + tail).encode("utf-8", errors)

    def json_chunks(self, chunk: int = 10_000) -> Iterator[str]:
        if not self._bulk:
            yield from super().json_chunks(chunk)
            return
        for text in self.json_bytes(chunk):  # (each piece ends between two moves: whole characters)
            yield text.decode("utf-8")


def _heaps_text(heaps: np.ndarray) -> str:
    """The heaps separated by spaces, as :meth:`HeapGame.format_position` writes them."""
    return rows([0, b" "], [heaps])[:-1].tobytes().decode("ascii")


_JSON_MOVE: list[bytes | int] = [
    b'{"move": "heap ', 0, b": take ", 1, b": ", 2, " → ".encode(), 3, b'", "part": ', 0,
    b', "part_from": "', 2, b'", "part_to": "', 3, b'"}, ']
"""A winning move's JSON object, as :meth:`Solution.json_chunks` writes a lifted heap move: numbers
0 to 3 are the heap's number (from 1), the take, the heap and what is left."""


class _HeapParts(Sequence[tuple[Game, Position]]):
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


class _TakeMoves(Sequence[Move]):
    """The winning moves of a many-heap position, heap ``parts[k]`` taking ``takes[k]``, each
    :class:`Move` built when read (lifted into the whole position, as the general path does)."""

    def __init__(self, game: Game, position: tuple[int, ...], heaps: np.ndarray, parts: np.ndarray,
                 takes: np.ndarray) -> None:
        self.game, self.position, self.heaps = game, position, heaps
        self.parts, self.takes = parts, takes

    def __len__(self) -> int:
        return int(self.parts.size)

    @overload
    def __getitem__(self, k: int) -> Move: ...
    @overload
    def __getitem__(self, k: slice) -> list[Move]: ...

    def __getitem__(self, k: int | slice) -> Any:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        i, s = int(self.parts[k]), int(self.takes[k])
        h = int(self.heaps[i])
        return Move.lifted(self.game, self.position, i, Move(describe_take(h, s), (h - s,)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]
