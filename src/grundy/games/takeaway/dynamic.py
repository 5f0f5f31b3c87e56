"""k-fold dynamic subtraction: one heap; the first move may not take everything, and afterwards a
player may take at most ``k`` times what the opponent just took (Fibonacci Nim is ``k = 2``).

A position is a pair ``(n, limit)``: ``n`` counters left and at most ``limit`` may be taken now
(written ``n`` for the opening position, whose limit is ``n − 1``, or ``n limit``). A limit of at
least ``n`` is stored as ``n``. An opening heap of 1 has no legal move: a P-position.

**Theorem (Schwenk, "Take-away games", 1970).** Let ``H_1 = 1`` and ``H_{j+1} = H_j + H_m`` with
``m`` the least index such that ``k·H_m ≥ H_j`` (``k = 1``: the powers of 2; ``k = 2``: the
Fibonacci numbers; ``k = 3``: 1, 2, 3, 4, 6, 8, 11, 15, 21, …). Every ``n ≥ 1`` is, by the greedy
walk down this sequence, a sum of terms each more than ``k`` times the next. The player to move
wins iff the smallest term ``q(n)`` is at most the limit; the opening position is lost iff ``n``
is a term of the sequence.

**Every winning move.** If ``n = m + t`` with ``q(m) > k·t``, the greedy form of ``n`` is that of
``m`` followed by that of ``t`` (its terms are at most ``t``, so the chain condition holds and the
form is the unique one). Hence the winning takes are exactly the sums ``t`` of the ``j`` smallest
terms of ``n`` with ``t`` within the limit and ``t = n`` or the next term above ``k·t`` — at most
one per term. (Cross-checked against brute force in the tests, for ``k ≤ 8``.)

Grundy values have no simple closed form; grundy tabulates them for ``n ≤ 1000``
(:data:`MAX_VALUE_N`) and reports them as unknown beyond.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("dynamic-subtraction(3)"), 17)
>>> [m.label for m in answer.winning_moves]
['take 2: 17 → 15']
>>> terms(3, 17), sequence(3, 30)
([15, 2], [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, ClassVar

from grundy.errors import InvalidGameError, SearchLimitError, TooManyMovesError
from grundy.games.takeaway.fibonacci import heap_and_limit
from grundy.model.bounded import kept
from grundy.model.game import Game, Move, Outcome, Position, describe_take
from grundy.model.laws import ExportRule, Family, Laws
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_K = 10**6
"""Largest ``k`` (the sequence starts 1, 2, …, k + 1, so its length grows with ``k``)."""

MAX_VALUE_N = 1000
"""Largest ``n`` for which Grundy values are computed (by an O(n²) table per ``k``)."""

MAX_TERMS = 1_000_000
"""Most terms of the sequence grundy keeps (the walk needs them all, below ``n``)."""

MAX_TERM_BITS = 2**28
"""Most bits the kept terms may have in all (``k = 2``: a heap of about 19,000 bits, 5,800
digits; the time grows with the square of the heap's length)."""

MAX_LISTED_MOVES = 100_000
"""Most winning moves listed."""

SHOWN_TAKES = 8
"""Winning takes a reason names (the smallest; it gives their count too)."""


def sequence(k: int, n: int) -> list[int]:
    """The terms ``H_1 < H_2 < …`` of the ``k``-fold sequence up to ``n`` (and one beyond).

    >>> sequence(1, 20), sequence(2, 20)
    ([1, 2, 4, 8, 16, 32], [1, 2, 3, 5, 8, 13, 21])
    """
    h, m, bits = [1], 0, 1
    while h[-1] <= n:
        while k * h[m] < h[-1]:
            m += 1
        h.append(h[-1] + h[m])
        bits += h[-1].bit_length()
        if len(h) > MAX_TERMS or bits > MAX_TERM_BITS:
            raise SearchLimitError(
                f"dynamic-subtraction({k}): a heap of {n.bit_length():,} bits needs more than "
                f"{min(len(h), MAX_TERMS):,} terms ({bits:,} bits) of the sequence; grundy keeps at "
                f"most {MAX_TERMS:,} terms and {MAX_TERM_BITS:,} bits")
    return h


def terms(k: int, n: int) -> list[int]:
    """The greedy form of ``n`` over the ``k``-fold sequence, largest term first.

    >>> terms(2, 17), terms(1, 12), terms(3, 0)
    ([13, 3, 1], [8, 4], [])
    """
    out = []
    for h in reversed(sequence(k, n)):
        if h <= n:
            n -= h
            out.append(h)
    return out


@dataclass(frozen=True)
class Walk:
    """What one greedy walk finds for ``(n, limit)``: the terms of ``n`` (largest first) and the
    winning takes (increasing)."""

    terms: tuple[int, ...]
    takes: tuple[int, ...]


@partial(kept, __name__ + ".walk")
@lru_cache(maxsize=4)  # (one question reads it for the outcome, the moves and the reason)
def walk(k: int, n: int, limit: int) -> Walk:
    """The terms of ``n ≥ 1`` and every winning take from ``(n, limit)`` (module docstring).

    >>> walk(3, 17, 16)
    Walk(terms=(15, 2), takes=(2,))
    """
    form = terms(k, n)
    takes = []
    rest = 0
    for i in range(len(form) - 1, -1, -1):
        rest += form[i]
        if rest > limit:
            break
        if i == 0 or form[i - 1] > k * rest:
            takes.append(rest)
    return Walk(tuple(form), tuple(takes))


_TABLES: dict[int, list[list[int]]] = kept(__name__ + "._TABLES", {})


def _value_table(k: int, n: int) -> list[list[int]]:
    """``table[m][l]``: the Grundy value of ``(m, l)`` for ``l ≤ m ≤ n`` (grown on demand; the
    tables of the two ``k`` asked last are kept)."""
    table = _TABLES.pop(k, [[0]])
    for m in range(len(table), n + 1):
        row = [0] * (m + 1)
        seen: set[int] = set()
        g = 0
        for t in range(1, m + 1):  # row[t]: limit t; one more option (take t) each step
            rest = m - t
            seen.add(table[rest][min(k * t, rest)])
            while g in seen:
                g += 1
            row[t] = g
        table.append(row)
    while len(_TABLES) >= 2:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[k] = table
    return table


@dataclass(frozen=True)
class DynamicSubtraction(Game):
    """k-fold dynamic subtraction; a position is ``(n, limit)``.

    >>> DynamicSubtraction(3).table_2d(3)
    [[0, 0, 0, 0], [0, 1, 1, 1], [0, 0, 2, 2], [0, 0, 0, 3]]
    """

    k: int
    name = "dynamic-subtraction"
    families: ClassVar[tuple[Family, ...]] = (Family(
        "kfold", ("k",), None, "k >= 1", "k >= 1",
        "Schwenk's theorem, 1970: with H(1) = 1, H(j+1) = H(j) + H(m), m least with k*H(m) >= H(j), "
        "the player to move from (n, limit) wins iff the smallest term q(n) of n's greedy form over H "
        "is at most the limit, and q(n) is then the smallest winning take (every winning take is a "
        "sum of the smallest terms of n)"),)
    """``dynamic-subtraction(k)`` with ``k`` given at run time: who wins and the smallest winning
    take, by Schwenk's theorem (:mod:`grundy.export.kfold`)."""

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> DynamicSubtraction:
        if "k" in kwargs:
            args = (*args, kwargs.pop("k"))
        if (kwargs or len(args) != 1 or not isinstance(args[0], int) or isinstance(args[0], bool)
                or not 1 <= args[0] <= MAX_K):
            raise InvalidGameError(f"dynamic-subtraction(k) needs one integer 1 <= k <= {MAX_K:,}, "
                                   f"got {args or kwargs!r}")
        return cls(args[0])

    @property
    def spec(self) -> str:
        return f"dynamic-subtraction({self.k})"

    def validate(self, position: Any) -> tuple[int, int]:
        return heap_and_limit(self.spec, position)

    def parse_position(self, text: str) -> tuple[int, int]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return f"{int_text(position[0])} {int_text(position[1])}"

    def _move(self, n: int, t: int) -> Move:
        return Move(describe_take(n, t), (n - t, min(self.k * t, n - t)))

    def moves(self, position: Any) -> Iterable[Move]:
        n, limit = position
        for t in range(1, limit + 1):
            yield self._move(n, t)

    @property
    def laws(self) -> Laws:
        """What the game declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(outcome=self._outcome, winning_moves=self._winning_moves, value=self._value,
                    misere_outcome=self._misere_outcome, reason=self._reason,
                    pair_table=self._pair_table, samples=self._samples, export=ExportRule(
                        "p-positions", None, "Schwenk's theorem, 1970", code=f"kfold {self.k}",
                        words=f"P iff n = 0 or the smallest term of n's greedy form over H(1) = 1, "
                              f"H(j+1) = H(j) + H(m), m least with {self.k}*H(m) >= H(j), exceeds the "
                              f"limit (a = n, b = the limit)",
                        start="the start position (n, n - 1): the first move may not take all"))

    def _outcome(self, position: Any) -> Outcome:
        n, limit = position
        return Outcome.N if n and walk(self.k, n, limit).terms[-1] <= limit else Outcome.P

    def _winning_moves(self, position: Any) -> list[Move]:
        n, limit = position
        if not n:
            return []
        takes = walk(self.k, n, limit).takes
        if len(takes) > MAX_LISTED_MOVES:
            raise TooManyMovesError(f"{self.spec}: {len(takes):,} winning moves, more than grundy "
                                    f"lists ({MAX_LISTED_MOVES:,})")
        return [self._move(n, t) for t in takes]

    def _value(self, position: Any) -> int:
        n, limit = position
        if n > MAX_VALUE_N:
            raise SearchLimitError(
                f"{self.spec}: Grundy values have no simple closed form; grundy tabulates them "
                f"for n ≤ {MAX_VALUE_N}")
        return _value_table(self.k, n)[n][limit]

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if position[0] > MAX_VALUE_N:
            raise SearchLimitError(f"{self.spec}: misère play has no rule in grundy; brute force "
                                   f"is limited to n ≤ {MAX_VALUE_N}")
        return None

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        n, limit = position
        facts: dict[str, Any] = {"k": self.k, "n": n, "limit": limit}
        if not n:
            return Reason("dynamic-subtraction", facts)
        found = walk(self.k, n, limit)
        form = found.terms
        facts.update(term_count=len(form), smallest=form[-1],
                     terms=form if len(form) <= 6 else (*form[:3], *form[-2:]),
                     start=tuple(sequence(self.k, 128)[:8]))  # H_8 ≤ 2^7 for every k
        if found.takes:
            facts.update(takes=found.takes[:SHOWN_TAKES], take_count=len(found.takes))
        return Reason("dynamic-subtraction", facts)

    def _pair_table(self, upto: int) -> list[list[int]]:
        """Grundy values ``G(n, limit)`` for ``0 ≤ n, limit ≤ upto`` (a limit above ``n`` acts as ``n``)."""
        if upto > MAX_VALUE_N:
            raise SearchLimitError(f"{self.spec}: the table is limited to n ≤ {MAX_VALUE_N}")
        table = _value_table(self.k, max(upto, 0))
        return [[table[n][min(limit, n)] for limit in range(upto + 1)] for n in range(upto + 1)]

    def _samples(self) -> Iterable[Position]:
        opening = [(n, n - 1) for n in range(2, 22)]
        return [*opening, *((n, lim) for n in range(0, 14) for lim in range(min(n, 1), n + 1))]


def _sum(form: tuple[int, ...], count: int) -> str:
    if count <= 6:
        return "+".join(map(int_text, form))
    return ("+".join(map(int_text, form[:3])) + f"+…({count - 5:,} more)…+"
            + "+".join(map(int_text, form[-2:])))


@template("dynamic-subtraction")
def _dynamic_text(f: Facts) -> str:
    n, limit, k = f["n"], f["limit"], f["k"]
    if n == 0:
        return "no counters left: the player to move has lost"
    if n == 1 and limit == 0:
        return ("n = 1: the first move may not take every counter, so the player to move has "
                "no move and loses")
    start = ", ".join(map(int_text, f["start"]))
    rule = f"H = {start}, … (H(j+1) = H(j) + H(m), m least with {k}·H(m) ≥ H(j))"
    shown = _sum(f["terms"], f["term_count"])
    if f["term_count"] == 1 and limit == n - 1:
        return f"n = {int_text(n)} is a term of {rule}: the player to move loses (Schwenk's theorem)"
    q = f["smallest"]
    if "takes" in f:
        takes, count = f["takes"], f["take_count"]
        listed = ", ".join(map(int_text, takes)) + (
            f", … ({count:,} in all)" if count > len(takes) else "")
        more = f" (every winning take: {listed})" if count > 1 else ""
        return (f"n = {shown} over {rule}; its smallest term {int_text(q)} is within the limit "
                f"{int_text(limit)}: take {int_text(q)}{more}")
    return (f"n = {shown} over {rule}; its smallest term {int_text(q)} exceeds the limit "
            f"{int_text(limit)}, so the player to move loses (Schwenk's theorem)")
