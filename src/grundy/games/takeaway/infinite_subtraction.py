"""Subtraction games with an infinite subtraction set, loaded as ``subtraction(NAME)``.

| name | S | Grundy value of a heap ``n`` |
|---|---|---|
| ``odd`` | 1, 3, 5, … | ``n mod 2`` (every option of an odd heap is even, and vice versa) |
| ``powers-of-2`` | 1, 2, 4, 8, … | ``n mod 3`` (no power of 2 is divisible by 3, and 1, 2 are in S) |
| ``powers-of-K``, ``K`` odd | 1, K, K², … (``K = 1``: 1) | ``n mod 2`` (every take is odd, and 1 is one) |
| ``powers-of-K``, ``K ≥ 4`` even | 1, K, K², … | ``2`` if ``n mod (K+1) = K``, else ``n mod (K+1) mod 2`` |
| ``fibonacci`` | 1, 2, 3, 5, 8, … | no known closed form: tabulated (``n ≤ 10⁷`` by default) |
| ``squares`` | 1, 4, 9, 16, … | no known closed form: tabulated (``n ≤ 10⁶`` by default) |
| ``prime-powers`` | ``p^k``, ``k ≥ 0``: 1, 2, 3, 4, 5, 7, … | ``n mod 6`` (a multiple of 6 is no ``p^k``) |
| ``primes-and-1`` | ``p^0``, ``p^1``: 1, 2, 3, 5, 7, … | ``n mod 4`` (no multiple of 4 is 1 or prime) |

The closed forms are one theorem: when S holds ``1..p−1`` and no multiple of ``p``, ``G(n) = n mod
p`` (by induction: the options of ``n`` have the values ``(n − s) mod p``, every residue but ``n mod
p`` once ``n ≥ p − 1``, and ``0..n−1`` below). An odd ``K`` is the case ``p = 2``. For an even ``K``,
``K^j ≡ (−1)^j (mod K+1)``: from ``n`` with ``r = n mod (K+1)`` the take 1 reaches residue ``r − 1``,
the take ``K`` (when ``n ≥ K``) residue ``r + 1``, and no take any other residue, so by induction the
values of residues ``0, 1, …, K−1, K`` are ``0 1 0 1 … 1 2`` (``r = 0``: options ``2`` and ``1``;
odd ``r``: ``0`` and ``0`` or ``2``; even ``0 < r < K``: only ``1``; ``r = K``: ``1`` and ``0``).

Misère play of one heap: the player to move loses iff ``n`` is odd (``odd``) or
``n mod 3 = 1`` (``powers-of-2``), brute-force checked; other misère positions are searched up to
heaps of 3,000. The two closed forms answer any heap size exactly; winning moves are found among the
``O(log n)`` powers of 2, or described by parity for ``odd``. The tables ``G(0..N)`` are built by
the mex recurrence, in O(N·|S ∩ [1, N]|) time (O(N·√N) for squares, O(N·log N) for fibonacci) and N
to 2N bytes; :data:`TABLE_LIMITS` bounds them only to keep one question from taking minutes or
gigabytes, and may be raised. Beyond it grundy raises :class:`~grundy.errors.SearchLimitError`
(saying how to raise it) instead of guessing.

>>> from grundy import load_game, solve
>>> game = load_game("subtraction(powers-of-2)")
>>> answer = solve(game, 10**30)
>>> answer.grundy, len(answer.winning_moves) > 0, answer.reason.endswith(f"n mod 3 = {10**30} mod 3 = 1")
(1, True, True)
>>> [solve(load_game("subtraction(squares)"), n).grundy for n in range(8)]
[0, 1, 0, 1, 2, 0, 1, 0]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from math import isqrt
from typing import Any

from grundy.engine.search import mex
from grundy.errors import InvalidGameError, SearchLimitError, TooManyMovesError
from grundy.model.bounded import register_cache
from grundy.model.game import HeapGame, HeapResult, Move, Outcome, describe_take
from grundy.model.laws import Laws
from grundy.model.periodic import Periodicity
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

KINDS = ("odd", "powers-of-2", "fibonacci", "squares", "prime-powers", "primes-and-1")
"""The registered infinite subtraction sets (and ``powers-of-K`` for every ``K ≥ 1``)."""

_POWERS = re.compile(r"powers-of-([1-9][0-9]*)")


def power_base(kind: str) -> int | None:
    """``K`` of the set ``powers-of-K`` (1, K, K², …), else ``None``.

    >>> power_base("powers-of-10"), power_base("powers-of-2"), power_base("odd")
    (10, 2, None)
    """
    match = _POWERS.fullmatch(kind)
    return int(match.group(1)) if match else None


def powers_value(n: int, k: int) -> int:
    """``G(n)`` of ``subtraction(powers-of-K)`` (the theorem above): ``n mod 2`` for an odd ``K``;
    for an even ``K``, 2 where ``n mod (K+1) = K``, else ``n mod (K+1) mod 2``.

    >>> [powers_value(n, 4) for n in range(11)], [powers_value(n, 3) for n in range(4)]
    ([0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0], [0, 1, 0, 1])
    """
    if k % 2:
        return n % 2
    r = n % (k + 1)
    return 2 if r == k else r % 2

TABLE_LIMITS = {"fibonacci": 10_000_000, "squares": 1_000_000}
"""Largest heap whose Grundy value is tabulated by default, for the sets without a closed form.

Not a mathematical bound: a table to ``N`` takes O(N·|S ∩ [1, N]|) steps (about 0.7·N^1.5 for
squares: 10⁶ in about a second) and N to 2N bytes. Raise an entry to go further."""

PLAIN_TABLE = 20_000
"""Tables up to this size are built in plain Python (no numpy or numba start-up)."""

MISERE_BRUTE_FORCE_LIMIT = 3_000
"""Largest heap brute-forced in misère play where no rule applies (instead of hanging)."""

MAX_LISTED_MOVES = 100_000
"""Most winning moves grundy lists; ``subtraction(odd)`` on a huge heap has more."""

RESIDUE = {"odd": 2, "powers-of-2": 3, "prime-powers": 6, "primes-and-1": 4}
"""The sets holding ``1..p−1`` and no multiple of ``p``: ``G(n) = n mod p`` (the theorem above)."""

SIEVE_LIMIT = 10_000_000
"""Largest heap whose takes of a set of primes are listed (by a sieve up to the heap): the winning
moves of a larger heap are more than grundy lists anyway (some n / (φ(p)·ln n) of them)."""

MAX_LISTED_BITS = 2**30
"""Most bits of heaps the listed winning moves may write in all (each move names the heap before
and after): ``subtraction(powers-of-2)`` on a heap of a million digits has some 1.6 million
winning moves, each as long as the heap."""


def _powers_moves(n: int, residue: int, what: str) -> list[tuple[str, HeapResult]]:
    """The moves ``n → n - 2^k`` with ``2^k ≡ residue (mod 3)``, increasing; ``2^k mod 3`` is 1
    for even ``k`` and 2 for odd ``k``, so they are counted, and only they are built. A refusal
    when they are too many or too long (:data:`MAX_LISTED_MOVES`, :data:`MAX_LISTED_BITS`)."""
    top = n.bit_length() - 1  # 2^top <= n
    count = 0 if residue == 0 or n == 0 else (top // 2 + 1 if residue == 1 else (top + 1) // 2)
    if count > MAX_LISTED_MOVES or count * n.bit_length() > MAX_LISTED_BITS:
        raise TooManyMovesError(
            f"subtraction(powers-of-2){what}: {count:,} moves from a heap of {n.bit_length():,} bits "
            f"win, more than grundy lists (at most {MAX_LISTED_MOVES:,} moves and "
            f"{MAX_LISTED_BITS:,} bits of heaps in all)")
    if count == 0:
        return []
    return [(describe_take(n, 1 << k), (n - (1 << k),)) for k in range(residue - 1, top + 1, 2)]


_TABLES: dict[str, Any] = {"fibonacci": [], "squares": []}
register_cache(__name__ + "._TABLES", lambda: _TABLES.update(fibonacci=[], squares=[]),
               lambda: sum(map(len, _TABLES.values())))


def members(kind: str, n: int) -> Iterator[int]:
    """The members of the set ``kind`` that are at most ``n``, increasing.

    >>> list(members("fibonacci", 20)), list(members("powers-of-2", 20))
    ([1, 2, 3, 5, 8, 13], [1, 2, 4, 8, 16])
    """
    if kind == "odd":
        yield from range(1, n + 1, 2)
    elif power_base(kind) is not None:
        k, s = power_base(kind) or 2, 1
        while s <= n:
            yield s
            if k == 1:
                break
            s *= k
    elif kind == "fibonacci":
        a, b = 1, 2
        while a <= n:
            yield a
            a, b = b, a + b
    elif kind == "squares":
        yield from (i * i for i in range(1, isqrt(n) + 1))
    else:
        yield from _prime_members(kind, n)


def _prime_members(kind: str, n: int) -> list[int]:
    """The members ``≤ n`` of ``prime-powers`` (1 and every ``p^k``) or ``primes-and-1``, by a
    sieve of Eratosthenes up to ``n`` (at most :data:`SIEVE_LIMIT`).

    >>> _prime_members("prime-powers", 16), _prime_members("primes-and-1", 12)
    ([1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16], [1, 2, 3, 5, 7, 11])
    """
    if n > SIEVE_LIMIT:
        raise TooManyMovesError(
            f"subtraction({kind}): the takes from heap {int_text(n, grouped=True)} are "
            f"more than {n // max(n.bit_length(), 1):,} primes, more than grundy lists (heaps up to "
            f"{SIEVE_LIMIT:,}); its value is n mod {RESIDUE[kind]}")
    sieve = bytearray([1]) * (n + 1)
    sieve[:2] = b"\0" * min(2, n + 1)
    for p in range(2, isqrt(n) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytearray(len(range(p * p, n + 1, p)))
    found = {1} if n >= 1 else set()
    for p in range(2, n + 1):
        if sieve[p]:
            found.add(p)
            q = p * p
            while kind == "prime-powers" and q <= n:
                found.add(q)
                q *= p
    return sorted(found)


def _table(kind: str, n: int) -> Any:
    """``G(0..m)`` for some ``m ≥ n`` (grown geometrically, kept for later questions)."""
    limit = TABLE_LIMITS[kind]
    if n > limit:
        raise SearchLimitError(
            f"subtraction({kind}): the Grundy values have no known closed form, so grundy tabulates "
            f"them by the mex recurrence, by default for heaps up to {limit:,} (a time and memory "
            f"bound, not a mathematical one); heap {int_text(n, grouped=True)} needs a larger table: "
            f"raise TABLE_LIMITS[{kind!r}] in {__name__} to at least {int_text(n)}")
    values = _TABLES[kind]
    if n < len(values):
        return values
    size = min(max(n + 1, 2 * len(values), 1024), limit + 1)
    if size <= PLAIN_TABLE:
        plain = list(values)
        sets = list(members(kind, size))
        for m in range(len(plain), size):
            plain.append(mex(plain[m - s] for s in sets if s <= m))
        values = plain
    else:
        import numpy as np

        from grundy.tables.kernels.subtraction import subtraction_table

        moves = np.fromiter(members(kind, size), dtype=np.int64)
        values = subtraction_table(moves, size - 1, prefix=np.asarray(values, dtype=np.int64))
    _TABLES[kind] = values
    return values


@dataclass(frozen=True)
class InfiniteSubtraction(HeapGame):
    """``subtraction(kind)`` for an infinite set: ``odd``, ``powers-of-2``, ``fibonacci`` or ``squares``."""

    kind: str
    name = "subtraction"

    def __post_init__(self) -> None:
        if self.kind not in KINDS and power_base(self.kind) is None:
            raise InvalidGameError(
                f"unknown subtraction set {self.kind!r}; named sets: {', '.join(KINDS)}, "
                f"powers-of-K (K >= 1, e.g. powers-of-3)")

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> InfiniteSubtraction:
        if kwargs or len(args) != 1 or not isinstance(args[0], str):
            raise InvalidGameError(f"give one named set, e.g. subtraction(odd); names: {', '.join(KINDS)}")
        return cls(args[0].lower())

    @property
    def spec(self) -> str:
        return f"subtraction({self.kind})"

    @property
    def laws(self) -> Laws:
        """What InfiniteSubtraction declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(periodicity=self._periodicity(), heap_value=self._heap_value,
                    heap_moves_to_value=self._heap_moves_to_value, heap_reason=self._heap_reason,
                    reason=self._reason, misere_outcome=self._misere_outcome,
                    misere_winning_moves=self._misere_winning_moves)

    def _periodicity(self) -> Periodicity | None:
        # odd takes: G(n) = n mod 2 (induction: from even n every move reaches odd, and 1 reaches 0);
        # powers of 2: G(n) = n mod 3 (no power of 2 is a multiple of 3, and 1, 2 reach the others)
        # prime powers: n mod 6, 1 and primes: n mod 4 (S holds 1..p-1 and no multiple of p)
        if self.kind == "odd":
            return Periodicity(2, 0, 0, True, "theorem: G(n) = n mod 2 for odd takes")
        if self.kind == "powers-of-2":
            return Periodicity(3, 0, 0, True, "theorem: G(n) = n mod 3 for power-of-2 takes")
        if self.kind in RESIDUE:
            p = RESIDUE[self.kind]
            return Periodicity(p, 0, 0, True, f"theorem: G(n) = n mod {p}: the takes hold 1..{p - 1} "
                                              f"and no multiple of {p}")
        k = power_base(self.kind)
        if k is not None and k % 2:
            return Periodicity(2, 0, 0, True, f"theorem: G(n) = n mod 2 for odd takes (powers of {k})")
        if k is not None:
            return Periodicity(k + 1, 0, 0, True, f"theorem: powers of {k} are ±1 mod {k + 1}, so "
                                                  f"G(n) depends on n mod {k + 1} alone")
        return None

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for s in members(self.kind, n):
            yield describe_take(n, s), (n - s,)

    def _heap_value(self, n: int) -> int:
        if self.kind in RESIDUE:
            return n % RESIDUE[self.kind]
        k = power_base(self.kind)
        if k is not None:
            return powers_value(n, k)
        return int(_table(self.kind, n)[n])

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        if self.kind == "odd":
            if target != (n + 1) % 2:
                return []
            count = (n + 1) // 2
            if count > MAX_LISTED_MOVES:
                raise TooManyMovesError(
                    f"subtraction(odd): every odd take from {int_text(n)} reaches value {target}: "
                    f"{int_text(count, grouped=True)} "
                    f"moves, more than the {MAX_LISTED_MOVES:,} grundy lists")
            return [(describe_take(n, s), (n - s,)) for s in range(1, n + 1, 2)]
        if self.kind == "powers-of-2":
            return _powers_moves(n, (n - target) % 3, "")
        if self.kind in RESIDUE:
            p = RESIDUE[self.kind]
            return [(describe_take(n, s), (n - s,)) for s in members(self.kind, n)
                    if (n - s) % p == target]
        k = power_base(self.kind)
        if k is not None:  # (some log_K n takes)
            return [(describe_take(n, s), (n - s,)) for s in members(self.kind, n)
                    if powers_value(n - s, k) == target]
        values = _table(self.kind, n)
        return [(describe_take(n, s), (n - s,)) for s in members(self.kind, n) if values[n - s] == target]

    def _heap_reason(self, n: int) -> Reason:
        return Reason("infinite-subtraction", {"set": self.kind, "n": n, "value": self.heap_value(n)})

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if len(position) != 1:
            return None
        n = position[0]
        if not misere:
            return self._heap_reason(n)
        if self.kind not in ("odd", "powers-of-2"):
            return None
        return Reason("infinite-subtraction-misere", {"set": self.kind, "n": n})

    # ---- misère play ------------------------------------------------------------------------
    def _misere_lost(self, n: int) -> bool:
        return n % 2 == 1 if self.kind == "odd" else n % 3 == 1

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if len(position) == 1 and self.kind in ("odd", "powers-of-2"):
            return Outcome.P if self._misere_lost(position[0]) else Outcome.N
        if max(position, default=0) > MISERE_BRUTE_FORCE_LIMIT:
            raise SearchLimitError(
                f"{self.spec}: no misère rule for this position, and brute force is limited to heaps "
                f"up to {MISERE_BRUTE_FORCE_LIMIT:,}")
        return None

    def _misere_winning_moves(self, position: Any) -> list[Move] | None:
        if len(position) != 1 or self.kind not in ("odd", "powers-of-2"):
            return None
        n = position[0]
        if self.kind == "odd" and n % 2 == 0 and n // 2 > MAX_LISTED_MOVES:
            raise TooManyMovesError(
                f"subtraction(odd), misère: every odd take from {int_text(n)} wins: "
                f"{int_text(n // 2, grouped=True)} moves, more than "
                f"the {MAX_LISTED_MOVES:,} grundy lists")
        if self.kind == "powers-of-2":
            return [Move(label, to) for label, to in _powers_moves(n, (n - 1) % 3, ", misère")]
        return [Move(describe_take(n, s), (n - s,)) for s in members(self.kind, n)
                if self._misere_lost(n - s)]


@template("infinite-subtraction")
def _infinite_subtraction_text(f: Facts) -> str:
    kind, n = f["set"], f["n"]
    if kind == "odd":
        return f"S = odd numbers: the Grundy value is n mod 2 = {n} mod 2 = {f['value']}"
    if kind == "powers-of-2":
        return f"S = powers of 2: the Grundy value is n mod 3 = {n} mod 3 = {f['value']}"
    if kind in RESIDUE:
        p = RESIDUE[kind]
        return (f"S = {kind}: S holds 1..{p - 1} and no multiple of {p}, so the Grundy value is "
                f"n mod {p} = {n} mod {p} = {f['value']}")
    k = power_base(kind)
    if k is not None and k % 2:
        return (f"S = powers of {k}: every take is odd and 1 is one, so the Grundy value is "
                f"n mod 2 = {n} mod 2 = {f['value']}")
    if k is not None:
        return (f"S = powers of {k}: each is 1 or -1 mod {k + 1}, so the Grundy value is 2 if "
                f"n mod {k + 1} = {k}, else n mod {k + 1} mod 2; {n} mod {k + 1} = {n % (k + 1)}, "
                f"G = {f['value']}")
    return (f"S = {kind}: no closed form is known; G({n}) = {f['value']} from the "
            f"table of G(m) = mex{{G(m − s) : s in S, s ≤ m}}, exact")


@template("infinite-subtraction-misere")
def _infinite_subtraction_misere_text(f: Facts) -> str:
    n = f["n"]
    if f["set"] == "odd":  # 0 wins (no move), so every odd n, whose takes all leave even, loses
        return (f"misère, S = odd numbers: the player to move loses iff n is odd; "
                f"{int_text(n)} mod 2 = {n % 2}")
    # 0 wins; n ≡ 1 (mod 3) loses: no power of 2 is ≡ 0, so its moves leave n' ≢ 1, and from
    # n' ≡ 0 or 2 a take of 1 or 2 (or of a power ≡ 2 or 1) reaches ≡ 1
    return (f"misère, S = powers of 2: the player to move loses iff n mod 3 = 1; "
            f"{int_text(n)} mod 3 = {n % 3}")
