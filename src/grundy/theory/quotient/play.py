"""Misère sums of heaps of one game answered by its misère quotient: the outcome from the product
of the heaps' images, and every winning move (each heap's options mapped into the quotient).

A heap of ``n`` wins for the player to move in the sum exactly when some option ``o`` of some
heap ``h`` makes ``rest(h) · [o]`` a P-element, ``rest(h)`` being the product of the other heaps.
The images of a heap's options form a small set (at most the quotient's order), so only heaps
whose option set reaches the P-portion have their moves listed.

>>> from grundy.catalog import load_game
>>> answer = quotient_solution(load_game("kayles"), (3, 5))
>>> answer.outcome.value, [m.label for m in answer.winning_moves]
('N', ['heap 1: take 2: 3 → 1', 'heap 2: take 2: 5 → 3', 'heap 2: take 2, split 5 → 1 + 2'])
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError, SearchLimitError
from grundy.model.bounded import register_cache
from grundy.model.game import HeapGame, Move, Outcome
from grundy.model.reason import Reason
from grundy.theory.misere import MISERE_NOTE
from grundy.theory.quotient.build import DEFAULT_QUOTIENT_LIMIT, misere_quotient
from grundy.theory.quotient.result import MisereQuotient

MOVE_LIST_LIMIT = 2_000_000
"""Heaps larger than this (with splitting moves) do not have their moves listed one by one."""

LISTED_MOVES = 1_000_000
"""At most this many winning moves are listed; beyond, the list is marked incomplete."""

CACHE_SIZE = 32
"""How many games' quotients a process keeps (:data:`_QUOTIENTS`)."""


class QuotientCache:
    """The quotients computed in this process, one per game (the one covering the most heaps), at
    most ``size`` games; past that the least recently used is dropped. Dropping one is harmless:
    it is only recomputed the next time a sum of that game asks for it. The largest quotient kept
    has at most :data:`~grundy.theory.quotient.candidate.MAX_ORDER` elements, so the cache holds at most
    ``size`` such tables.

    >>> cache = QuotientCache(size=2)
    >>> for key in "abc":
    ...     cache[key] = key.upper()  # any value; the quotients in practice
    >>> len(cache), cache.get("a"), cache.get("c")
    (2, None, 'C')
    """

    def __init__(self, size: int = CACHE_SIZE) -> None:
        if size < 1:
            raise InvalidInputError(f"a quotient cache holds at least one game, not {size!r}")
        self.size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()

    def get(self, game: Any, default: Any = None) -> Any:
        """The quotient kept for ``game`` (marked as recently used), or ``default``."""
        if game not in self._items:
            return default
        self._items.move_to_end(game)
        return self._items[game]

    def __setitem__(self, game: Any, quotient: Any) -> None:
        self._items[game] = quotient
        self._items.move_to_end(game)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, game: Any, default: Any = None) -> Any:
        """Forget ``game``'s quotient (returning it, or ``default``)."""
        return self._items.pop(game, default)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, game: object) -> bool:
        return game in self._items


_QUOTIENTS = QuotientCache()
"""The largest quotient computed so far for each of the last :data:`CACHE_SIZE` games used."""
register_cache(__name__ + "._QUOTIENTS", _QUOTIENTS.clear, _QUOTIENTS.__len__)


def quotient_for(game: HeapGame, need: int, limit: int = DEFAULT_QUOTIENT_LIMIT) -> MisereQuotient:
    """The game's quotient covering heaps up to ``need`` (proved for all heaps where the
    periodicity theorem allows), kept in :data:`_QUOTIENTS` for later calls."""
    known = _QUOTIENTS.get(game)
    if known is not None and known.covers(need):
        return known
    found = misere_quotient(game, need=need, limit=limit)
    if known is None or found.checked_upto >= known.checked_upto:
        _QUOTIENTS[game] = found
    return found


def _power(q: MisereQuotient, x: int, k: int) -> int:
    out = 0
    while k:
        if k & 1:
            out = q.table[out][x]
        x = q.table[x][x]
        k >>= 1
    return out


@dataclass(frozen=True)
class QuotientAnswer:
    """A misère sum answered by the quotient (what :func:`grundy.solving.solve.solve` reports)."""

    outcome: Outcome
    winning_moves: list[Move]
    why: Reason
    note: str
    moves_listed: bool

    @property
    def reason(self) -> str:
        """The text of :attr:`why`."""
        return self.why.text


def quotient_solution(game: Any, position: Any, limit: int = DEFAULT_QUOTIENT_LIMIT) -> QuotientAnswer | None:
    """A misère sum of heaps of ``game`` answered by its quotient, or ``None`` when the game is
    not a heap game or its quotient is out of reach (too large, not within ``limit`` steps, or not
    proved for a heap this large)."""
    if not isinstance(game, HeapGame) or not game.heapwise or not position:
        return None
    try:
        q = quotient_for(game, max(position), limit)
    except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
        raise
    except (SearchLimitError, NotSupportedError):
        return None
    if not all(q.covers(n) for n in position):
        return None
    sizes = sorted(set(position))
    count: dict[int, int] = {}
    for n in position:
        count[n] = count.get(n, 0) + 1
    image = {n: q.heap(n) for n in sizes}
    full = [_power(q, image[n], count[n]) for n in sizes]
    prefix = [0]
    for x in full:
        prefix.append(q.table[prefix[-1]][x])
    total = prefix[-1]
    wins = not q.is_p(total)
    moves: list[Move] = []
    complete = True
    note = MISERE_NOTE
    if wins:
        suffix = [0] * (len(sizes) + 1)
        for i in range(len(sizes) - 1, -1, -1):
            suffix[i] = q.table[full[i]][suffix[i + 1]]
        grouped = game.octal_digits is not None and q.status == "proved"  # big heaps cost O(period)
        own: dict[int, list[Move]] = {}
        how_many: dict[int, int] = {}
        good_of: dict[int, set[int]] = {}
        for i, n in enumerate(sizes):
            rest = q.table[q.table[prefix[i]][_power(q, image[n], count[n] - 1)]][suffix[i + 1]]
            good = {t for t in q.option_images(n) if q.is_p(q.table[rest][t])}
            if not good:
                continue
            good_of[n] = good
            if n > MOVE_LIST_LIMIT and game.has_splits and not grouped:
                complete = False
                continue
            counted = _winning_heap_moves(game, q, n, good, count_only=True)
            assert isinstance(counted, int)
            how_many[n] = counted
        if sum(how_many[n] * count[n] for n in how_many) > LISTED_MOVES:
            complete = False  # one move of each class still listed, for the first heap of each size
            for i, n in enumerate(position):
                if n in how_many and n not in own:
                    found = _winning_heap_moves(game, q, n, good_of[n], one_of_each=True)
                    assert isinstance(found, list)
                    own[n] = found
                    moves.extend(game.lift_move(position, i, m) for m in found)
        else:
            for n in how_many:
                found = _winning_heap_moves(game, q, n, good_of[n])
                assert isinstance(found, list)
                own[n] = found
            for i, n in enumerate(position):
                moves.extend(game.lift_move(position, i, m) for m in own.get(n, ()))
        if not complete:
            note = (f"{note}; winning moves not all listed (a heap above {MOVE_LIST_LIMIT:,} with "
                    f"splitting moves, or more than {LISTED_MOVES:,} moves)")
            if moves:
                note += ("; those listed are one of each class: a split a + b of a heap wins "
                         "exactly when the split (a ± k·period) + (b ∓ k·period) of the same "
                         "removal does, while both parts stay past the preperiod")
    then = "none" if all(not q.option_images(n) for n in sizes) else "wins" if wins else "loses"
    rule = q.explain(position)
    reason = Reason(rule.rule, {**rule.facts, "then": then})
    return QuotientAnswer(Outcome.N if wins else Outcome.P, moves, reason, note, complete)


def _winning_heap_moves(game: HeapGame, q: MisereQuotient, n: int, good: set[int],
                        count_only: bool = False, one_of_each: bool = False) -> list[Move] | int:
    """The moves of a heap of ``n`` to options whose image is in ``good`` (or, with
    ``count_only``, how many there are). Octal games: each removal's splits ``a + (r - a)`` are
    grouped — below the preperiod one by one, above it by ``a mod period`` (both parts' images
    repeat there) — so a heap of 10^6 costs about ``preperiod + period`` look-ups; labels are
    built for the winners only, as :meth:`~grundy.games.takebreak.octal.Octal.heap_moves`
    writes them."""
    from grundy.model.game import describe_split, describe_take

    digits = game.octal_digits
    if digits is None or n <= 64:
        found = [Move(label, tuple(result)) for label, result in game.heap_moves(n)
                 if q.product(q.heap(h) for h in result) in good]
        return len(found) if count_only else found[:1] if one_of_each else found
    total = 0
    moves: list[Move] = []
    for i, d in enumerate(digits):
        if i > n:
            break
        r = n - i
        if i > 0 and d & 1 and r == 0 and 0 in good:
            total += 1
            moves.append(Move(describe_take(n, i), (0,)))
        if i > 0 and d & 2 and r > 0 and q.heap(r) in good:
            total += 1
            moves.append(Move(describe_take(n, i), (r,)))
        if d & 4 and r >= 2:
            ranges = _split_winners(q, r, good)
            total += sum((a.stop - a.start + a.step - 1) // a.step for a in ranges)  # (len() overflows)
            if one_of_each:  # the first of each class (the classes of a proved period)
                moves.extend(Move(describe_split(n, i, block[0]), (block[0], r - block[0]))
                             for block in ranges if block)
            elif not count_only:
                for a in sorted(a for block in ranges for a in block):
                    moves.append(Move(describe_split(n, i, a), (a, r - a)))
    return total if count_only else moves


def _split_winners(q: MisereQuotient, r: int, good: set[int]) -> list[range]:
    """The ``a`` (``1 ≤ a ≤ r/2``) with ``[a]·[r - a]`` in ``good``, as ranges."""
    table = q.table
    half = r // 2
    if q.status != "proved" or q.period is None or q.preperiod is None:
        return [range(a, a + 1) for a in range(1, half + 1)
                if table[q.heap(a)][q.heap(r - a)] in good]
    n0, p = max(q.preperiod, 1), q.period
    cut = n0 - 1 if r - half >= n0 else half  # above cut: a ≥ n0 and r - a ≥ n0 both
    out = [range(a, a + 1) for a in range(1, cut + 1) if table[q.heap(a)][q.heap(r - a)] in good]
    for a in range(cut + 1, min(cut + p, half) + 1):
        if table[q.heap(a)][q.heap(r - a)] in good:
            out.append(range(a, half + 1, p))
    return out
