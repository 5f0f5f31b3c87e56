"""Moore's Nim_k: a move takes any positive numbers of counters from at least one and at most
``k`` heaps.

**Theorem (Moore, 1910).** Write the heaps in binary and add each column of digits *without
carry*, modulo ``k + 1``. The position is a P-position iff every column sum is 0 mod ``k + 1``.
(``k = 1`` is Nim.)

**Every winning move.** Choose the set ``T`` of at most ``k`` heaps to reduce. The other heaps fix
each column's residue, and since ``|T| ≤ k`` the new heaps in ``T`` must have *exactly*
``r_b = −(column sum of the others) mod (k+1)`` ones in column ``b``. grundy counts the ways
column by column (a digit DP whose state is the set of heaps of ``T`` still equal to their old
prefix), so every winning move is listed without trying reductions one by one; every heap in
``T`` must end strictly smaller, which makes the sets ``T`` disjoint. Positions with more than
:data:`MAX_LISTED_MOVES` winning moves are refused rather than listed.

Grundy values of Nim_k (``k ≥ 2``) have no known closed form: they are computed by brute force
for small positions (at most :data:`MAX_VALUE_POSITIONS` positions below), and reported as
unknown beyond.

>>> from grundy import load_game, solve
>>> game = load_game("moore(2)")
>>> answer = solve(game, (1, 2, 3))
>>> answer.outcome.winner, [m.to for m in answer.winning_moves]
('first', [(1, 1, 1)])
>>> answer.reason
'Moore: column sums of 1 2 3 in binary, mod 3: [2, 2] (most significant first), not all 0'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from grundy.core.game import HeapGame, HeapResult, Move, Outcome, Position, positions_exceed
from grundy.core.periodic import Periodicity
from grundy.errors import InvalidGameError, SearchLimitError, TooManyMovesError

MAX_LISTED_MOVES = 5_000
"""Most winning moves grundy lists for one position."""

MAX_VALUE_POSITIONS = 20_000
"""Largest ``∏ (h + 1)`` for which Grundy values of Nim_k (k ≥ 2) are computed by brute force."""

MAX_SUBSETS = 20_000
"""Most candidate heap sets ``T`` examined when listing winning moves."""


def column_sums(heaps: Iterable[int], k: int) -> list[int]:
    """Binary column sums without carry, mod ``k + 1``, least significant column first.

    >>> column_sums([1, 2, 3], 2)
    [2, 2]
    """
    heaps = list(heaps)
    width = max((h.bit_length() for h in heaps), default=0)
    return [sum((h >> b) & 1 for h in heaps) % (k + 1) for b in range(width)]


def _completions(old: list[int], needs: list[int], width: int) -> list[dict[int, int]]:
    """``ways[b][mask]``: the number of ways to choose digits of columns ``b-1 .. 0`` for the heaps
    of ``T`` (indexed 0..len(old)-1), given that the heaps in ``mask`` still equal their old prefix
    above column ``b``; every heap must end strictly smaller than ``old``."""
    m = len(old)
    ways: list[dict[int, int]] = [{0: 1}]
    for b in range(width):
        need = needs[b]
        bits = [(h >> b) & 1 for h in old]
        below = ways[-1]
        level: dict[int, int] = {}
        for mask in range(1 << m):
            total = 0
            for chosen in combinations(range(m), need):
                new_mask = mask
                ok = True
                for i in range(m):
                    if mask >> i & 1:
                        one = i in chosen
                        if one and not bits[i]:
                            ok = False
                            break
                        if one != bool(bits[i]):
                            new_mask &= ~(1 << i)
                if ok:
                    total += below.get(new_mask, 0)
            if total:
                level[mask] = total
        ways.append(level)
    return ways


def _enumerate(old: list[int], needs: list[int], ways: list[dict[int, int]]) -> Iterator[list[int]]:
    width, m = len(needs), len(old)
    stack: list[tuple[int, int, list[int]]] = [(width, (1 << m) - 1, [0] * m)]
    while stack:
        b, mask, values = stack.pop()
        if b == 0:
            yield values
            continue
        bit = b - 1
        for chosen in combinations(range(m), needs[bit]):
            new_mask, ok = mask, True
            for i in range(m):
                old_bit = (old[i] >> bit) & 1
                one = i in chosen
                if mask >> i & 1:
                    if one and not old_bit:
                        ok = False
                        break
                    if one != bool(old_bit):
                        new_mask &= ~(1 << i)
            if ok and ways[bit].get(new_mask, 0):
                stack.append((bit, new_mask, [v | (1 << bit) if i in chosen else v
                                              for i, v in enumerate(values)]))


@dataclass(frozen=True)
class Moore(HeapGame):
    """Moore's Nim_k: reduce between 1 and ``k`` heaps in one move."""

    k: int
    name = "moore"

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Moore:
        if "k" in kwargs:
            args = (*args, kwargs.pop("k"))
        if kwargs or len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
            raise InvalidGameError(f"moore(k) needs one positive integer k, got {args or kwargs!r}")
        return cls(args[0])

    @property
    def spec(self) -> str:
        return f"moore({self.k})"

    def canonical(self, position: Any) -> Position:
        return tuple(sorted(h for h in position if h))

    def components(self, position: Any) -> list[tuple[Any, Position]] | None:
        return None if self.k > 1 else super().components(position)

    def known_periodicity(self) -> Periodicity:
        """One heap alone is a Nim heap: ``G(n) = n`` (Bouton's theorem)."""
        return Periodicity(1, 0, 1, True, "Bouton's theorem: one heap alone is a Nim heap, G(n) = n")

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for t in range(1, n + 1):
            yield f"take {t}: {n} → {n - t}", (n - t,)

    def moves(self, position: Any) -> Iterator[Move]:
        live = [i for i, h in enumerate(position) if h]
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in combinations(live, size):
                for takes in product(*(range(1, position[i] + 1) for i in chosen)):
                    yield self._move(position, dict(zip(chosen, (position[i] - t for i, t in
                                                                  zip(chosen, takes, strict=True)),
                                                        strict=True)))

    @staticmethod
    def _move(position: tuple[int, ...], new: dict[int, int]) -> Move:
        parts = [f"heap {i + 1}: {position[i]} → {v}" for i, v in sorted(new.items())]
        to = tuple(new.get(i, h) for i, h in enumerate(position))
        return Move(", ".join(parts), to)

    # ---- rules --------------------------------------------------------------------------------
    def closed_outcome(self, position: Any) -> Outcome:
        return Outcome.N if any(column_sums(position, self.k)) else Outcome.P

    def closed_value(self, position: Any) -> int | None:
        if self.k == 1:
            total = 0
            for h in position:
                total ^= h
            return total
        if positions_exceed(position, MAX_VALUE_POSITIONS):
            raise SearchLimitError(
                f"{self.spec}: Grundy values of Moore's Nim have no known closed form; grundy "
                f"computes them only for ∏(h+1) ≤ {MAX_VALUE_POSITIONS:,}")
        return None

    def moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        if self.k == 1:
            return super().moves_to_value(position, target)
        return self.winning_moves_rule(position) if target == 0 else None

    def winning_moves_rule(self, position: Any) -> list[Move]:
        k = self.k
        live = [i for i, h in enumerate(position) if h]
        found: list[Move] = []
        examined = 0
        for size in range(1, min(k, len(live)) + 1):
            for chosen in combinations(live, size):
                examined += 1
                if examined > MAX_SUBSETS:
                    raise SearchLimitError(f"{self.spec}: too many heap sets to examine for winning moves")
                others = [h for i, h in enumerate(position) if i not in chosen]
                old = [position[i] for i in chosen]
                width = max(h.bit_length() for h in old)
                rest = column_sums(others, k) + [0] * width
                needs = [(-rest[b]) % (k + 1) for b in range(width)]
                if any(need > size for need in needs) or any(
                        rest[b] for b in range(width, len(rest))):
                    continue
                ways = _completions(old, needs, width)
                count = ways[width].get((1 << size) - 1, 0)
                if len(found) + count > MAX_LISTED_MOVES:
                    raise TooManyMovesError(
                        f"{self.spec}: more than {MAX_LISTED_MOVES:,} winning moves; too many to list")
                for values in _enumerate(old, needs, ways):
                    found.append(self._move(position, dict(zip(chosen, values, strict=True))))
        return found

    def explain(self, position: Any, misere: bool = False) -> str | None:
        if misere:
            return None
        sums = column_sums(position, self.k)[::-1]
        shown = " ".join(map(str, position[:8])) + (" …" if len(position) > 8 else "")
        verdict = "not all 0" if any(sums) else "all 0: a P-position"
        cols = sums if len(sums) <= 16 else [*sums[:16], "…"]
        return (f"Moore: column sums of {shown} in binary, mod {self.k + 1}: "
                f"{cols} (most significant first), {verdict}")

    def closed_misere_outcome(self, position: Any) -> Outcome | None:
        if positions_exceed(position, MAX_VALUE_POSITIONS):
            raise SearchLimitError(f"{self.spec}: no misère rule, and the position is too large "
                                   f"to search by brute force")
        return None

    def sample_positions(self) -> Iterable[Position]:
        small = [(a, b, c) for a in range(4) for b in range(a, 4) for c in range(b, 4)]
        return [(0,), (5,), (1, 2), (3, 3), *small, (1, 1, 1, 1), (2, 3, 1, 1), (1, 2, 3, 4)]
