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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.model.game import Game, Move, Outcome, Position, check_heaps, describe_take
from grundy.model.laws import Laws
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_VALUE_N = 1000
"""Largest ``n`` for which Grundy values are computed (by an O(n²) table)."""

_FIBS: list[int] = [1, 2]


def _fibs_upto(n: int) -> list[int]:
    while _FIBS[-1] < n:
        _FIBS.append(_FIBS[-1] + _FIBS[-2])
    return _FIBS


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf terms of ``n`` (distinct, non-consecutive Fibonacci numbers), largest first.

    >>> zeckendorf(17), zeckendorf(0)
    ([13, 3, 1], [])
    """
    fibs = _fibs_upto(n)
    terms: list[int] = []
    i = len(fibs) - 1
    while n:
        while fibs[i] > n:
            i -= 1
        terms.append(fibs[i])
        n -= fibs[i]
        i -= 2
    return terms


def winning_takes(n: int, limit: int) -> list[int]:
    """Every winning take from ``(n, limit)``, increasing (empty for a P-position).

    >>> winning_takes(17, 16), winning_takes(40, 39), winning_takes(13, 12)
    ([1, 4], [1, 6], [])
    """
    terms = zeckendorf(n)
    takes: list[int] = []
    k = 0
    for j in range(len(terms) - 1, -1, -1):  # j: index of the next-larger term once k is taken
        k += terms[j]
        if k > limit:
            break
        if j == 0 or terms[j - 1] > 2 * k:
            takes.append(k)
    return takes


_VALUES: list[list[int]] = [[0]]


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
        return "+".join(map(str, terms))
    return "+".join(map(str, terms[:3])) + f"+…({count - 5} more)…+" + "+".join(map(str, terms[-2:]))


@dataclass(frozen=True)
class FibonacciNim(Game):
    """Fibonacci Nim; a position is ``(n, limit)``."""

    name = "fibonacci-nim"

    @property
    def spec(self) -> str:
        return "fibonacci-nim"

    def validate(self, position: Any) -> tuple[int, int]:
        values = check_heaps(position)
        if len(values) == 1:
            n = values[0]
            return n, max(n - 1, 0)  # an opening heap of 0 or 1: no legal move (a P-position)
        if len(values) != 2:
            raise InvalidPositionError(f"a fibonacci-nim position is 'n' or 'n limit', got {position!r}")
        n, limit = values
        if n > 0 and limit < 1 and (n, limit) != (1, 0):  # (1, 0): the opening heap of 1
            raise InvalidPositionError(f"fibonacci-nim: the limit must be at least 1, got {limit!r}")
        return n, min(n, limit)

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
                    pair_table=self._pair_table, samples=self._samples)

    def _outcome(self, position: Any) -> Outcome:
        n, limit = position
        return Outcome.N if n and zeckendorf(n)[-1] <= limit else Outcome.P

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
        terms = zeckendorf(n) if n else []
        facts = {"n": n, "limit": limit, "terms": tuple(terms if len(terms) <= 6 else
                                                        [*terms[:3], *terms[-2:]]),
                 "term_count": len(terms)}
        if terms and terms[-1] <= limit and not (n == 1 and limit == 0) and not (
                len(terms) == 1 and limit == n - 1):
            facts["takes"] = tuple(winning_takes(n, limit))
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
        return f"n = {n} is a Fibonacci number: the player to move loses (Whinihan's theorem)"
    lead = f"n = {n} is not a Fibonacci number; " if opening else ""
    shown = _short(terms, f["term_count"])
    if q <= limit:
        takes = f["takes"]
        more = f" (every winning take: {', '.join(map(str, takes))})" if len(takes) > 1 else ""
        return f"{lead}Zeckendorf: n = {shown}, take {q}{more}"
    return (f"Zeckendorf: n = {shown}; its smallest term {q} exceeds the limit {limit}, "
            f"so the player to move loses")
