"""All-but subtraction games ``allbut(S)``: take any positive number of counters except those in S.

A heap ``n`` can move to every ``m < n`` except ``n − s`` for ``s ∈ S``. Let ``t = max S``.

**Why the values are exactly computable for any heap.** A value once used at position ``m`` is an
option of every ``n > m + t``, so it can only recur within ``t`` of its first use; hence the
values used so far are always ``0..M`` and ``G(n)`` is the least of ``M + 1`` and the values whose
every occurrence lies at a position ``n − s``. That choice depends only on the last ``t`` values,
written relative to ``M`` (and marked *old* once an earlier copy has left the window): a finite
state. grundy runs this recurrence until a state repeats — at ``n₁`` and ``n₂`` — which *proves*
``G(n + p) = G(n) + σ`` for all ``n ≥ n₁`` (period ``p = n₂ − n₁``, saltus ``σ``: the growth of
``M``). Values and every winning move of a heap of 10¹⁰⁰ are then read off directly.

>>> from grundy import load_game, solve
>>> game = load_game("allbut(1,3,4)")
>>> [game.heap_value(n) for n in range(12)]
[0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 3, 3]
>>> game.law
ArithmeticPeriod(start=0, period=12, saltus=4)
>>> solve(game, 10**100).grundy == (10**100 // 12) * 4 + game.heap_value(10**100 % 12)
True
>>> [m.to for m in solve(game, 10**100).winning_moves]
[(0,), (1,), (4,)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, NamedTuple

from grundy.errors import InvalidGameError, SearchLimitError
from grundy.model.bounded import kept
from grundy.model.game import HeapGame, HeapResult, Outcome, Position, describe_take
from grundy.model.laws import Laws, TakeAway, TakeKind
from grundy.model.periodic import Periodicity
from grundy.model.reason import Facts, Reason, template

MAX_STEPS = 1_000_000
"""Most heap sizes the window recurrence may run before a state must repeat."""

MAX_EXCLUDED = 64
"""Largest member of S supported (the recurrence's state is the last ``max S`` values)."""

MISERE_BRUTE_FORCE_LIMIT = 2_000
"""Largest heap brute-forced in misère play (there is no misère rule here)."""


class ArithmeticPeriod(NamedTuple):
    """``G(n + period) = G(n) + saltus`` for every ``n ≥ start``."""

    start: int
    period: int
    saltus: int


@template("all-but")
def _all_but_text(f: Facts) -> str:
    return (f"all-but game: G(n + {f['period']}) = G(n) + {f['saltus']} for n ≥ {f['preperiod']} "
            f"(proved by a repeated state of the window recurrence); G({f['n']}) = {f['value']}")


@dataclass(frozen=True)
class _Solved:
    values: list[int]  # G(0 .. start + period - 1)
    law: ArithmeticPeriod
    by_residue: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    prefix: dict[int, list[int]] = field(default_factory=dict)


@partial(kept, __name__ + "._solve")
@cache
def _solve(excluded: tuple[int, ...]) -> _Solved:
    t = max(excluded)
    exset = frozenset(excluded)
    window: list[int] = [-1] * t  # window[i]: position n-1-i, as M - value, or -1 (old/absent)
    top = -1  # M: the largest value used so far
    values: list[int] = []
    seen: dict[bytes, tuple[int, int]] = {}
    n = 0
    while True:
        state = bytes(d + 1 for d in window)  # 0 ≤ d < t ≤ 64, so every entry fits a byte
        if state in seen:
            start, top_then = seen[state]
            law = ArithmeticPeriod(start, n - start, top - top_then)
            break
        if n >= MAX_STEPS:  # pragma: no cover - no such S is known
            raise SearchLimitError(f"allbut: no period found for S = {excluded} within {MAX_STEPS:,} heaps")
        seen[state] = (n, top)
        offsets: dict[int, list[int]] = {}
        for i, d in enumerate(window):
            if d >= 0:
                offsets.setdefault(d, []).append(i + 1)
        best = -1  # largest d (smallest value) whose every occurrence is an excluded distance away
        for d, dists in offsets.items():
            if d > best and all(s in exset for s in dists):
                best = d
        if best < 0:
            top += 1
            value = top
            window = [d + 1 if d >= 0 else -1 for d in window]
            entry = 0
        else:
            value = top - best
            entry = best
        values.append(value)
        if t:
            dropped = window[-1]
            window = [entry, *window[:-1]]
            if dropped >= 0:
                window = [-1 if d == dropped else d for d in window]
        n += 1
    solved = _Solved(values, law)
    for r in range(law.start, law.start + law.period):
        solved.by_residue.setdefault(values[r] % law.saltus, []).append((r, values[r]))
    for m in range(law.start):
        solved.prefix.setdefault(values[m], []).append(m)
    return solved


@dataclass(frozen=True)
class AllBut(HeapGame):
    """``allbut(S)``: take any positive number except the members of the finite set ``S``."""

    excluded: tuple[int, ...]
    name = "allbut"

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> AllBut:
        if kwargs or not args:
            raise InvalidGameError("allbut(S) needs a finite non-empty set S of positive integers, "
                                   "e.g. allbut(1,3,4)")
        members: set[int] = set()
        for value in args:
            if not isinstance(value, int) or value <= 0:
                raise InvalidGameError(f"allbut: members of S must be positive integers, got {value!r}")
            members.add(value)
        if max(members) > MAX_EXCLUDED:
            raise InvalidGameError(
                f"allbut: grundy supports excluded takes up to {MAX_EXCLUDED}, got {max(members)!r}")
        return cls(tuple(sorted(members)))

    @property
    def spec(self) -> str:
        return f"allbut({','.join(map(str, self.excluded))})"

    @property
    def law(self) -> ArithmeticPeriod:
        """The proved arithmetic periodicity of the Grundy values."""
        return _solve(self.excluded).law

    @property
    def laws(self) -> Laws:
        """What AllBut declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(take_away=self._take_away(), periodicity=self._periodicity(),
                    heap_value=self._heap_value, heap_moves_to_value=self._heap_moves_to_value,
                    heap_reason=self._heap_reason, misere_outcome=self._misere_outcome,
                    samples=self._samples)

    def _take_away(self) -> TakeAway:
        return TakeAway(TakeKind.ALL_BUT, self.excluded)

    def _periodicity(self) -> Periodicity:
        start, period, saltus = self.law
        return Periodicity(period, start, saltus, True, "a repeated state of the window recurrence")

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for k in range(1, n + 1):
            if k not in self.excluded:
                yield describe_take(n, k), (n - k,)

    def heap_options(self, n: int) -> Iterator[HeapResult]:  # (no labels: searches are label-free)
        return ((n - k,) for k in range(1, n + 1) if k not in self.excluded)

    def _heap_value(self, n: int) -> int:
        solved = _solve(self.excluded)
        start, period, saltus = solved.law
        if n < len(solved.values):
            return solved.values[n]
        q, r = divmod(n - start, period)
        return solved.values[start + r] + q * saltus

    def positions_of_value(self, value: int) -> list[int]:
        """Every heap size whose Grundy value is ``value``, increasing (finitely many).

        >>> AllBut((1,)).positions_of_value(3)
        [6, 7]
        """
        solved = _solve(self.excluded)
        _, period, saltus = solved.law
        found = list(solved.prefix.get(value, []))
        for r, g in solved.by_residue.get(value % saltus, []):
            if g <= value:
                found.append(r + (value - g) // saltus * period)
        return sorted(found)

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        return [(describe_take(n, n - m), (m,)) for m in self.positions_of_value(target)
                if m < n and n - m not in self.excluded]

    def _heap_reason(self, n: int) -> Reason:
        start, period, saltus = self.law
        return Reason("all-but", {"period": period, "saltus": saltus, "preperiod": start, "n": n,
                                  "value": self.heap_value(n)})

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if max(position, default=0) > MISERE_BRUTE_FORCE_LIMIT:
            raise SearchLimitError(f"{self.spec}: no misère rule, and brute force is limited to heaps "
                                   f"up to {MISERE_BRUTE_FORCE_LIMIT:,}")
        return None

    def _samples(self) -> Iterable[Position]:
        return [*((n,) for n in range(30)), (3, 5), (4, 6, 7), (9, 9)]
