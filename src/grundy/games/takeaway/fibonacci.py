"""Fibonacci Nim: one heap; the first move may not take everything, and afterwards a player may
take at most twice what the opponent just took.

A position is a pair ``(n, limit)``: ``n`` counters left and at most ``limit`` may be taken now
(written ``n`` for the opening position, whose limit is ``n − 1``, or ``n limit``). A limit of at
least ``n`` is stored as ``n``. An opening heap of 1 has no legal move (the first move may not take
everything): a P-position.

**Theorem (Whinihan, 1963).** Write ``n`` in Zeckendorf form (a sum of non-consecutive
Fibonacci numbers 1, 2, 3, 5, 8, …). The player to move wins iff the smallest term ``q(n)`` is at
most the limit; in particular the opening position is lost iff ``n`` is a Fibonacci number.

**Every winning move.** If ``n = m + k`` with ``q(m) > 2k`` then ``k < F_{j−1}`` where
``q(m) = F_j``, so the Zeckendorf form of ``n`` is that of ``m`` followed by that of ``k``. Hence the
winning takes are exactly the sums ``k`` of the ``j`` smallest Zeckendorf terms of ``n`` for which
``k`` is within the limit and ``k = n`` or the next term exceeds ``2k`` — at most one per term, so a
1,000-digit ``n`` is answered in milliseconds. (Cross-checked against brute force.)

Grundy values have no simple closed form; grundy tabulates them for ``n ≤ 1000``
(:data:`MAX_VALUE_N`) and reports them as unknown beyond.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("fibonacci-nim"), 17)
>>> [m.label for m in answer.winning_moves]
['take 1: 17 → 16', 'take 4: 17 → 13']
>>> answer.reason
'n = 17 is not a Fibonacci number; Zeckendorf: n = 13+3+1, take 1 (every winning take: 1, 4)'
>>> zeckendorf(100)
[89, 8, 3]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import chain
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError, TooManyMovesError
from grundy.model.bounded import kept, register_cache
from grundy.model.game import Game, Move, Outcome, Position, check_heaps, describe_take
from grundy.model.laws import Board, BoardKind, ExportRule, Laws
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_VALUE_N = 1000
"""Largest ``n`` for which Grundy values are computed (by an O(n²) table)."""

ZECKENDORF_MAX_BITS = 2**18
"""Largest heap, in bits (about 78,900 digits), whose Zeckendorf form grundy computes: the walk
down the Fibonacci numbers takes one subtraction per number, so its time grows with the square
of the heap's length (2^18 bits: a few seconds), its memory only linearly."""

MAX_LISTED_MOVES = 100_000
"""Most winning moves listed."""

MAX_LISTED_BITS = 2**30
"""Most bits of heaps the listed winning moves may write in all (each names the heap before and
after the take)."""

SHOWN_TAKES = 8
"""Winning takes a reason names (the smallest; it gives their count too)."""


@dataclass(frozen=True)
class Zeckendorf:
    """What one walk down the Fibonacci numbers finds for ``(n, limit)``: how many terms ``n``'s
    Zeckendorf form has, its smallest term, the terms a reason shows (all when at most six, else
    the three largest and the two smallest), and the winning takes: how many, the smallest
    :data:`SHOWN_TAKES`, and all of them (increasing) unless listing their moves would pass
    :data:`MAX_LISTED_MOVES` or :data:`MAX_LISTED_BITS` (then ``None``)."""

    count: int
    smallest: int
    shown: tuple[int, ...]
    take_count: int
    first_takes: tuple[int, ...]
    takes: list[int] | None


def _check_size(n: int) -> None:
    if n.bit_length() > ZECKENDORF_MAX_BITS:
        raise SearchLimitError(
            f"fibonacci-nim: a heap of {n.bit_length():,} bits: grundy computes Zeckendorf forms "
            f"of heaps up to {ZECKENDORF_MAX_BITS:,} bits (about 78,900 digits; the time grows with "
            f"the square of the heap's length)")


def _terms(n: int) -> Iterator[tuple[int, int]]:
    """The greedy walk: each Zeckendorf term of ``n``, largest first, with the remainder after it
    (the sum of the smaller terms); one pair of Fibonacci numbers in memory, not a list."""
    _check_size(n)
    a, b = 1, 2
    while b <= n:
        a, b = b, a + b
    rest = n
    while rest:
        while a > rest:
            a, b = b - a, a
        rest -= a
        yield a, rest


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf terms of ``n`` (distinct, non-consecutive Fibonacci numbers), largest first.

    >>> zeckendorf(17), zeckendorf(0)
    ([13, 3, 1], [])
    """
    return [term for term, _ in _terms(n)]


@partial(kept, __name__ + ".zeckendorf_walk")
@lru_cache(maxsize=4)  # (one question reads it for the outcome, the moves and the reason)
def zeckendorf_walk(n: int, limit: int) -> Zeckendorf:
    """The Zeckendorf form of ``n ≥ 1`` and the winning takes of ``(n, limit)`` in one walk, in
    memory linear in ``n``'s length (the takes kept only while their moves may be listed).

    After a term ``t`` is subtracted, the remainder ``r`` is the sum of the smaller terms, so (by
    the module docstring) ``r`` is a winning take iff ``0 < r ≤ limit`` and ``t > 2r``; and ``n``
    itself is one iff ``n ≤ limit``.

    >>> z = zeckendorf_walk(17, 16)
    >>> z.count, z.smallest, z.shown, z.take_count, z.takes
    (3, 1, (13, 3, 1), 2, [1, 4])
    """
    room = min(MAX_LISTED_MOVES, MAX_LISTED_BITS // (2 * n.bit_length()))
    head: list[int] = []
    tail: list[int] = []
    takes: list[int] | None = []
    last: deque[int] = deque(maxlen=SHOWN_TAKES)
    count = take_count = 0
    for term, rest in chain([(0, n)] if n <= limit else [], _terms(n)):
        if term:
            count += 1
            if count <= 6:
                head.append(term)
            tail = [*tail[-1:], term]
        if term == 0 or (0 < rest <= limit and term > 2 * rest):  # (0, n): take everything
            take_count += 1
            last.append(rest)
            if takes is not None:
                takes.append(rest)
                if len(takes) > room:
                    takes = None
    shown = head if count <= 6 else [*head[:3], *tail]
    return Zeckendorf(count, tail[-1], tuple(shown), take_count, tuple(reversed(last)),
                      None if takes is None else takes[::-1])


def winning_takes(n: int, limit: int) -> list[int]:
    """Every winning take from ``(n, limit)``, increasing (empty for a P-position).

    >>> winning_takes(17, 16), winning_takes(40, 39), winning_takes(13, 12)
    ([1, 4], [1, 6], [])
    """
    if n == 0:
        return []
    walk = zeckendorf_walk(n, limit)
    if walk.takes is None:
        raise TooManyMovesError(f"fibonacci-nim: {walk.take_count:,} winning moves from a heap of "
                                f"{n.bit_length():,} bits, more than grundy lists (at most "
                                f"{MAX_LISTED_MOVES:,} moves and {MAX_LISTED_BITS:,} bits of heaps "
                                f"in all)")
    return list(walk.takes)


_VALUES: list[list[int]] = [[0]]
register_cache(__name__ + "._VALUES", lambda: _VALUES.__delitem__(slice(1, None)), lambda: len(_VALUES) - 1)


def _value_table(n: int) -> list[list[int]]:
    """``table[m][l]``: the Grundy value of ``(m, l)`` for ``l ≤ m ≤ n`` (grown on demand)."""
    table = _VALUES
    for m in range(len(table), n + 1):
        row = [0] * (m + 1)
        seen: set[int] = set()
        g = 0
        for k in range(1, m + 1):  # row[k]: limit k; one more option (take k) each step
            rest = m - k
            seen.add(table[rest][min(2 * k, rest)])
            while g in seen:
                g += 1
            row[k] = g
        table.append(row)
    return table


def _short(terms: Sequence[int], count: int) -> str:
    """The Zeckendorf terms (all of them, or the first 3 and last 2 of ``count``) as a sum."""
    if count <= 6:
        return "+".join(map(int_text, terms))
    return ("+".join(map(int_text, terms[:3])) + f"+…({count - 5:,} more)…+"
            + "+".join(map(int_text, terms[-2:])))


def heap_and_limit(spec: str, position: Any) -> tuple[int, int]:
    """A position ``(n, limit)`` of a take-away game whose next take is bounded by ``limit``
    (Fibonacci Nim, k-fold dynamic subtraction): ``n`` alone is the opening heap, where any take
    but the whole heap is allowed (``limit = n - 1``); the limit is capped at ``n``.

    >>> heap_and_limit("fibonacci-nim", (20,)), heap_and_limit("fibonacci-nim", "20 50")
    ((20, 19), (20, 20))
    """
    values = check_heaps(position)
    if len(values) == 1:
        n = values[0]
        return n, max(n - 1, 0)  # an opening heap of 0 or 1: no legal move (a P-position)
    if len(values) != 2:
        raise InvalidPositionError(f"a {spec} position is 'n' or 'n limit', got {position!r}")
    n, limit = values
    if n > 0 and limit < 1 and (n, limit) != (1, 0):  # (1, 0): the opening heap of 1
        raise InvalidPositionError(f"{spec}: the limit must be at least 1, got {limit!r}")
    return n, min(n, limit)


_EXPORT = ExportRule(
    "p-positions", None, "Whinihan's theorem, 1963", code="zeckendorf",
    words="P iff n = 0 or the smallest Zeckendorf term of n exceeds the limit (a = n, b = the limit)",
    start="the start position (n, n - 1): the first move may not take all")
"""Who wins beyond an exported table (Whinihan's rule), and the start position one number gives."""


def _heap_row(position: Any) -> tuple[int]:
    return (position[0],)


def _limit_note(position: Any) -> str:
    return f"the next move may take at most {position[1]}"


_BOARD = Board(BoardKind.ROWS, "heap", rows=_heap_row, note=_limit_note)
"""``grundy play`` draws the heap as a row of counters, and the limit of the next move under it."""


@dataclass(frozen=True)
class FibonacciNim(Game):
    """Fibonacci Nim; a position is ``(n, limit)``."""

    name = "fibonacci-nim"

    @property
    def spec(self) -> str:
        return "fibonacci-nim"

    def validate(self, position: Any) -> tuple[int, int]:
        return heap_and_limit(self.spec, position)

    def parse_position(self, text: str) -> tuple[int, int]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return f"{int_text(position[0])} {int_text(position[1])}"

    def moves(self, position: Any) -> Iterable[Move]:
        n, limit = position
        for k in range(1, limit + 1):
            yield Move(describe_take(n, k), (n - k, min(2 * k, n - k)))

    @property
    def laws(self) -> Laws:
        """What FibonacciNim declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(outcome=self._outcome, winning_moves=self._winning_moves, value=self._value,
                    misere_outcome=self._misere_outcome, reason=self._reason,
                    pair_table=self._pair_table, samples=self._samples, export=_EXPORT,
                    board=_BOARD)

    def _outcome(self, position: Any) -> Outcome:
        n, limit = position
        return Outcome.N if n and zeckendorf_walk(n, limit).smallest <= limit else Outcome.P

    def _winning_moves(self, position: Any) -> list[Move]:
        n, _ = position
        return [Move(describe_take(n, k), (n - k, min(2 * k, n - k)))
                for k in winning_takes(*position)]

    def _value(self, position: Any) -> int:
        n, limit = position
        if n > MAX_VALUE_N:
            raise SearchLimitError(
                f"fibonacci-nim: Grundy values have no simple closed form; grundy tabulates them "
                f"for n ≤ {MAX_VALUE_N}")
        return _value_table(n)[n][limit]

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if position[0] > MAX_VALUE_N:
            raise SearchLimitError(
                f"fibonacci-nim: misère play has no rule in grundy; brute force is limited to "
                f"n ≤ {MAX_VALUE_N}")
        return None

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        n, limit = position
        if not n:
            return Reason("fibonacci-nim", {"n": 0, "limit": limit, "terms": (), "term_count": 0})
        walk = zeckendorf_walk(n, limit)
        facts = {"n": n, "limit": limit, "terms": walk.shown, "term_count": walk.count}
        if walk.smallest <= limit and not (n == 1 and limit == 0) and not (
                walk.count == 1 and limit == n - 1):
            facts["takes"] = walk.first_takes
            facts["take_count"] = walk.take_count
        return Reason("fibonacci-nim", facts)

    def _pair_table(self, upto: int) -> list[list[int]]:
        """Grundy values ``G(n, limit)`` for ``0 ≤ n, limit ≤ upto`` (a limit above ``n`` acts as ``n``).

        >>> FibonacciNim().table_2d(3)
        [[0, 0, 0, 0], [0, 1, 1, 1], [0, 0, 2, 2], [0, 0, 0, 3]]
        """
        if upto > MAX_VALUE_N:
            raise SearchLimitError(f"fibonacci-nim: the table is limited to n ≤ {MAX_VALUE_N}")
        table = _value_table(max(upto, 0))
        return [[table[n][min(limit, n)] for limit in range(upto + 1)] for n in range(upto + 1)]

    def _samples(self) -> Iterable[Position]:
        opening = [(n, n - 1) for n in range(2, 22)]
        return [*opening, *((n, lim) for n in range(0, 14) for lim in range(min(n, 1), n + 1))]


@template("fibonacci-nim")
def _fibonacci_text(f: Facts) -> str:
    n, limit, terms = f["n"], f["limit"], f["terms"]
    if n == 0:
        return "no counters left: the player to move has lost"
    q = terms[-1]
    opening = limit == n - 1
    if n == 1 and limit == 0:
        return ("n = 1: the first move may not take every counter, so the player to move has "
                "no move and loses")
    if f["term_count"] == 1 and opening:
        return (f"n = {int_text(n)} is a Fibonacci number: the player to move loses "
                f"(Whinihan's theorem)")
    lead = f"n = {int_text(n)} is not a Fibonacci number; " if opening else ""
    shown = _short(terms, f["term_count"])
    if q <= limit:
        takes, count = f["takes"], f["take_count"]
        listed = ", ".join(map(int_text, takes)) + (
            f", … ({count:,} in all)" if count > len(takes) else "")
        more = f" (every winning take: {listed})" if count > 1 else ""
        return f"{lead}Zeckendorf: n = {shown}, take {int_text(q)}{more}"
    return (f"Zeckendorf: n = {shown}; its smallest term {int_text(q)} exceeds the limit "
            f"{int_text(limit)}, so the player to move loses")
