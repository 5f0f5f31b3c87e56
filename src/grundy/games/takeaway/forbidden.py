"""Nim with forbidden moves ``forbidden-nim(P)``: take any positive number of counters from one
heap, except that from a heap of exactly ``x`` counters one may not take exactly ``y``, for each
listed pair ``x:y`` of the finite list ``P`` (``1 <= y <= x``; AtCoder ABC 255 G "Constrained
Nim"). Heaps up to 10¹⁸ and lists of 2·10⁵ pairs are valued exactly, in ``O(M log M)``.

**The rule, and why it holds.** Write ``G(n)`` for the value of heap ``n``, ``H(n) = max G(0..n)``
(``H(-1) = -1``), ``F(n) = {x - y : (x, y) in P, x = n}`` the heaps that ``n`` may not move to,
and call ``n`` *lowered* when ``G(n) <= H(n - 1)``.

1. *The values of ``0..n`` are exactly ``0..H(n)``.* By induction: ``G(n)`` is the mex of a
   subset of ``{G(0), ..., G(n-1)} = {0..H(n-1)}``, so ``G(n) <= H(n-1) + 1``; either it is
   ``H(n-1) + 1`` (a new value, and ``H(n) = H(n-1) + 1``) or it is one already there.
2. *A heap with no forbidden move is never lowered*: it reaches every smaller heap, hence every
   value ``0..H(n-1)``, so ``G(n) = H(n-1) + 1``. So only the listed ``x`` can be lowered, and
   every heap that is not lowered raises ``H`` by exactly 1: ``H(n) = n - L(n)``, ``L(n)`` the
   number of lowered heaps ``<= n``. For a heap ``n`` not listed, ``G(n) = H(n) = n - L(n)``:
   from the last listed heap ``x <= n`` (if any), ``G(n) = H(x) + (n - x)``.
3. *A listed heap.* A value ``v <= H(n-1)`` is missing from the options of ``n`` exactly when
   every heap ``m < n`` of value ``v`` is forbidden, i.e. when ``v``'s number of occurrences
   below ``n``, ``c(v)``, equals the number of heaps of ``F(n)`` worth ``v`` (``F(n)`` is a set:
   repeated pairs count once). By 1, ``v``'s first occurrence is the one heap where ``H``
   reaches ``v``, and every later one is a lowered heap: ``c(v) = 1 + (lowered heaps below n
   worth v)``. So ``G(n)`` is the least ``v`` among the values of ``F(n)`` with that count equal,
   else ``H(n-1) + 1``; the values of ``F(n)`` come from 2 (or from the listed heaps already
   computed). The listed heaps are taken in increasing order, each in ``O(|F(n)| log M)``.

The heaps of value ``t`` are, by the same facts, the one heap where ``H`` first reaches ``t`` and
the lowered heaps worth ``t``: so every winning move of any heap is listed directly (a move to a
heap of value ``t`` not forbidden from the heap moved).

>>> from grundy import load_game
>>> game = load_game("forbidden-nim(1:1, 3:3, 3:2, 4:3, 4:4)")
>>> [game.heap_value(n) for n in range(8)]
[0, 0, 1, 0, 2, 3, 4, 5]
>>> game.heap_value(10**18) == 10**18 - 2
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from grundy.errors import GrundyError, InvalidGameError, SearchLimitError
from grundy.model.bounded import kept
from grundy.model.game import HeapGame, HeapResult, Outcome, Position, describe_take
from grundy.model.laws import Family, Laws
from grundy.model.periodic import Periodicity
from grundy.model.reason import Facts, Reason, template

MISERE_BRUTE_FORCE_LIMIT = 2_000
"""Largest heap brute-forced in misère play (no misère rule is known here)."""

FAMILY = Family(
    "forbidden", ("P",), None, None,
    "P: pairs x y, 1 <= y <= x (from a heap of exactly x, taking exactly y is forbidden)",
    "G(n) = n - L(n) for a heap n no pair names (L(n): the heaps <= n whose value is lower than "
    "the largest value before them); a heap x a pair names is worth the least value v of its "
    "forbidden targets whose every occurrence below x is forbidden, else the largest value "
    "before x plus one (proved in grundy.games.takeaway.forbidden)")
"""The family ``forbidden-nim(P)`` (:attr:`ForbiddenNim.families`)."""


@dataclass(frozen=True)
class _Solved:
    """The values of the listed heaps, in increasing order of heap."""

    heaps: list[int]  # the listed heaps x, increasing
    values: list[int]  # G(x)
    tops: list[int]  # H(x) = max G(0..x)
    lowered: dict[int, list[int]]  # value -> the lowered heaps worth it, increasing

    def value(self, n: int) -> int:
        """``G(n)`` of any heap (rule 2 between the listed heaps)."""
        j = bisect_right(self.heaps, n) - 1
        if j < 0:
            return n
        if self.heaps[j] == n:
            return self.values[j]
        return self.tops[j] + (n - self.heaps[j])

    def top(self, n: int) -> int:
        """``H(n) = max G(0..n)`` (``-1`` for ``n < 0``)."""
        j = bisect_right(self.heaps, n) - 1
        return n if j < 0 else self.tops[j] + (n - self.heaps[j])

    def first(self, t: int) -> int:
        """The least heap of value ``t`` (where ``H`` first reaches ``t``), for ``t >= 0``."""
        j = bisect_left(self.tops, t) - 1  # (the last listed heap with H < t)
        at = t if j < 0 else self.heaps[j] + (t - self.tops[j])
        if j + 1 < len(self.heaps) and self.heaps[j + 1] <= at:
            return self.heaps[j + 1]  # (H stays below t up to it, and reaches t there)
        return at


def _solve_pairs(pairs: tuple[tuple[int, int], ...]) -> _Solved:
    """The listed heaps' values, in increasing order (rules 1-3 of the module)."""
    targets: dict[int, set[int]] = {}
    for x, y in pairs:
        targets.setdefault(x, set()).add(x - y)
    solved = _Solved([], [], [], {})
    extra: dict[int, int] = {}  # value -> its lowered heaps so far
    last, top = -1, -1  # the last listed heap and H there
    for x in sorted(targets):
        before = top + (x - 1 - last)  # H(x - 1)
        counts: dict[int, int] = {}
        for m in targets[x]:
            v = solved.value(m)
            counts[v] = counts.get(v, 0) + 1
        missing = [v for v, c in counts.items() if c == 1 + extra.get(v, 0)]
        value = min(missing) if missing else before + 1
        if missing:
            extra[value] = extra.get(value, 0) + 1
            solved.lowered.setdefault(value, []).append(x)
        last, top = x, max(before, value)
        solved.heaps.append(x)
        solved.values.append(value)
        solved.tops.append(top)
    return solved


_solve = kept(__name__ + "._solve", lru_cache(maxsize=16)(_solve_pairs))


@template("forbidden-nim")
def _forbidden_text(f: Facts) -> str:
    if f["cut"]:
        return (f"Nim with forbidden moves: heap {f['n']} has {f['forbidden']} forbidden take(s), and "
                f"every heap below it worth {f['value']} is one of its forbidden targets: G({f['n']}) = "
                f"{f['value']}, the least value its allowed moves miss")
    return (f"Nim with forbidden moves: heap {f['n']} has {f['forbidden']} forbidden take(s), which "
            f"leave every value below reachable; G({f['n']}) = {f['n']} - {f['lowered']} "
            f"= {f['value']} ({f['lowered']} heap(s) up to it worth less than a value before them)")


@dataclass(frozen=True, eq=False)
class ForbiddenNim(HeapGame):
    """``forbidden-nim(P)``: Nim where a heap of ``x`` may not lose exactly ``y``, for ``x:y`` in ``P``.

    Its hash, spec and values are computed once per game (a list of 2·10⁵ pairs is not hashed again
    for each heap valued)."""

    pairs: tuple[tuple[int, int], ...]
    name = "forbidden-nim"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, ForbiddenNim) and self.pairs == other.pairs)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.name, self.pairs))

    @cached_property
    def _solved(self) -> _Solved:
        return _solve(self.pairs)

    @classmethod
    def from_params(cls, *args: Any, **kwargs: int | str) -> ForbiddenNim:
        if kwargs:
            raise InvalidGameError(f"forbidden-nim takes pairs x:y, not {sorted(kwargs)!r}")
        pairs = {_pair(a) for a in args}
        return cls(tuple(sorted(pairs)))

    families = (FAMILY,)
    """``forbidden-nim(P)``: the pairs given at run time (``M``, then ``M`` pairs ``x y``)."""

    @cached_property
    def spec(self) -> str:
        return f"forbidden-nim({','.join(f'{x}:{y}' for x, y in self.pairs)})"

    @property
    def laws(self) -> Laws:
        """What ForbiddenNim declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(periodicity=self._periodicity(), heap_value=self._heap_value,
                    heap_moves_to_value=self._heap_moves_to_value, heap_reason=self._heap_reason,
                    misere_outcome=self._misere_outcome,
                    samples=self._samples)

    def _periodicity(self) -> Periodicity:
        """``G(n + 1) = G(n) + 1`` from the heap after the last one a pair names (rule 2: none of
        them is lowered); not always the least such heap."""
        start = self.pairs[-1][0] + 1 if self.pairs else 0
        return Periodicity(1, start, 1, True, "every heap after the last one a forbidden move names "
                                              "reaches every value below it, so gets a new one")

    def _forbidden(self, n: int) -> frozenset[int]:
        """The takes forbidden from heap ``n``."""
        i = bisect_left(self.pairs, (n, 0))
        found = set()
        while i < len(self.pairs) and self.pairs[i][0] == n:
            found.add(self.pairs[i][1])
            i += 1
        return frozenset(found)

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        banned = self._forbidden(n)
        for k in range(1, n + 1):
            if k not in banned:
                yield describe_take(n, k), (n - k,)

    def heap_options(self, n: int) -> Iterator[HeapResult]:  # (no labels: searches are label-free)
        banned = self._forbidden(n)
        return ((n - k,) for k in range(1, n + 1) if k not in banned)

    def _heap_value(self, n: int) -> int:
        return self._solved.value(n)

    def positions_of_value(self, t: int) -> list[int]:
        """Every heap of value ``t``, increasing (finitely many: its first and the lowered ones).

        >>> ForbiddenNim(((1, 1), (3, 2), (3, 3), (4, 3), (4, 4))).positions_of_value(0)
        [0, 1, 3]
        """
        solved = self._solved
        return sorted({solved.first(t), *solved.lowered.get(t, [])}) if t >= 0 else []

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        banned = self._forbidden(n)
        return [(describe_take(n, n - m), (m,)) for m in self.positions_of_value(target)
                if m < n and n - m not in banned]

    def _heap_reason(self, n: int) -> Reason:
        solved = self._solved
        value = solved.value(n)
        banned = self._forbidden(n)
        lowered = n - solved.top(n)
        return Reason("forbidden-nim", {"n": n, "value": value, "cut": value < solved.top(n - 1) + 1,
                                        "forbidden": len(banned), "lowered": lowered})

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if max(position, default=0) > MISERE_BRUTE_FORCE_LIMIT:
            raise SearchLimitError(f"{self.spec}: no misère rule, and brute force is limited to heaps "
                                   f"up to {MISERE_BRUTE_FORCE_LIMIT:,}")
        return None

    def _samples(self) -> Iterable[Position]:
        return [*((n,) for n in range(12)), (3, 5), (4, 6, 7), (9, 9)]


def _pair(arg: Any) -> tuple[int, int]:
    """A pair ``x:y`` (or ``(x, y)``, as an input's reader gives it), checked: ``1 <= y <= x``."""
    if isinstance(arg, tuple) and len(arg) == 2:
        x, y = arg
    elif isinstance(arg, str) and arg.count(":") == 1:
        from grundy.model.textio import is_number_token, parse_number

        left, right = (part.strip() for part in arg.split(":"))
        if not (is_number_token(left) and is_number_token(right)):
            raise InvalidGameError(f"forbidden-nim: a pair is x:y of whole numbers, got {arg!r}")
        try:
            x, y = parse_number(left, "a pair's heap"), parse_number(right, "a pair's take")
        except GrundyError as exc:
            raise InvalidGameError(f"forbidden-nim: {exc}") from None
    else:
        raise InvalidGameError(f"forbidden-nim: a pair is x:y (from a heap of x, taking y is "
                               f"forbidden), got {arg!r}")
    if not (isinstance(x, int) and isinstance(y, int) and 1 <= y <= x):
        raise InvalidGameError(f"forbidden-nim: a pair x:y needs 1 <= y <= x, got {x}:{y}")
    return x, y
