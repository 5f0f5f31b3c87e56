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
unknown beyond. One exception, proved: a position with a single non-empty heap is a Nim heap
(a move takes 1..n counters from it, whatever ``k``), so ``G(n) = n`` for every size, and
``grundy table 'moore(k)'`` gives ``G(n) = n`` by this law. Outcomes and winning moves follow
Moore's theorem for heaps of any size (Python integers, no 64-bit limit); the digit DP that lists
winning moves stops after :data:`MAX_DP_STEPS` steps.

>>> from grundy import load_game, solve
>>> game = load_game("moore(2)")
>>> answer = solve(game, (1, 2, 3))
>>> answer.outcome.winner, [m.to for m in answer.winning_moves]
('first', [(1, 1, 1)])
>>> answer.reason
'Moore: column sums of 1 2 3 in binary, mod 3: [2, 2] (most significant first), not all 0'
>>> solve(game, (2**70,)).grundy
1180591620717411303424
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from grundy.errors import InvalidGameError, InvalidInputError, SearchLimitError, TooManyMovesError
from grundy.model.game import HeapGame, HeapResult, Move, Outcome, Position, positions_exceed
from grundy.model.laws import ExportRule, Family, Laws, TableMethod
from grundy.model.period_rules import TableBuild
from grundy.model.periodic import Periodicity, Progress
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

MAX_LISTED_MOVES = 5_000
"""Most winning moves grundy lists for one position."""

MAX_VALUE_POSITIONS = 20_000
"""Largest ``∏ (h + 1)`` for which Grundy values of Nim_k (k ≥ 2) are computed by brute force."""

MAX_SUBSETS = 20_000
"""Most candidate heap sets ``T`` examined when listing winning moves."""

MAX_DP_STEPS = 3_000_000
"""Most steps (digit choices tried) of the digit DP that counts winning moves, over all sets ``T``."""

MISERE = ("Moore's misere rule: P iff some heap is >= 2 and every binary column sum is 0 mod k + 1 "
          "(the normal rule), or every heap is <= 1 and the number of 1s is 1 mod k + 1. Proof, Q "
          "those positions: (i) no move joins two of Q: a normal P-position with a heap >= 2 has a "
          "bit j >= 1 set in a non-zero multiple of k + 1 heaps, so >= k + 1 heaps >= 2, and a move "
          "(<= k heaps) leaves one of them and a normal N-position; from heaps <= 1 a move takes "
          "1..k 1s; (ii) from a non-empty position outside Q a move enters Q: heaps <= 1, c 1s: take "
          "(c - 1) mod (k + 1) of them; t heaps >= 2, t <= k: bring each to 0 or 1 (x of them to 1) "
          "and empty y <= k - t of the c 1s, c - y + x then takes every residue mod k + 1, or "
          "(c < k - t) every value 0..c + t, 1 among them; t > k: Moore's normal-play move touches "
          "<= k heaps and leaves a heap >= 2; the empty position (no move: a win) is outside Q as "
          "k >= 1. Induction on the counters")
FAMILY = Family("moore", ("k",), None, "k >= 1", "k >= 1", "Moore's theorem, 1910", misere=MISERE)
"""The family ``moore(k)`` (:attr:`Moore.families`)."""

ONE_HEAP = "one Moore heap is a Nim heap (a move takes 1..n counters from it), so G(n) = n"
"""The law behind the values of single heaps."""


def _takes(sizes: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple of amounts ``1..h`` for heaps of ``sizes``, first heap slowest, made lazily
    (``itertools.product`` would first copy each ``range`` into a tuple: a heap of 10^8 is
    gigabytes, one of 2^63 an ``OverflowError``).

    >>> list(_takes([2, 1]))
    [(1, 1), (2, 1)]
    """
    if not sizes:
        yield ()
        return
    for t in range(1, sizes[0] + 1):
        for rest in _takes(sizes[1:]):
            yield (t, *rest)


_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")


def _bits(h: int, width: int) -> bytes:
    """The ``width`` lowest binary digits of ``h``, least significant first, as bytes 0 and 1
    (in time linear in ``width``: ``h >> b`` for every column would be quadratic).

    >>> list(_bits(6, 4))
    [0, 1, 1, 0]
    """
    return format(h, f"0{width}b")[::-1][:width].encode("ascii").translate(_BIT_VALUES)


def column_sums(heaps: Iterable[int], k: int) -> list[int]:
    """Binary column sums without carry, mod ``k + 1``, least significant column first.

    >>> column_sums([1, 2, 3], 2)
    [2, 2]
    """
    heaps = list(heaps)
    width = max((h.bit_length() for h in heaps), default=0)
    if not heaps or not width:
        return []
    return [sum(column) % (k + 1) for column in zip(*(_bits(h, width) for h in heaps), strict=True)]


Choices = dict[tuple[tuple[int, ...], int, int], list[tuple[tuple[int, ...], int]]]
"""The digit choices of a column, by (old digits of the heaps, ones needed, mask) — see :func:`_choices`."""


def _choices(memo: Choices, bits: tuple[int, ...], need: int, mask: int) -> list[tuple[tuple[int, ...], int]]:
    """The heaps that may get a 1 in a column (``need`` of them) whose old digits are ``bits``,
    when the heaps in ``mask`` still equal their old prefix, each with the mask below it, in
    ``combinations`` order; remembered in ``memo`` (a column repeats one of few digit patterns).

    >>> _choices({}, (1, 0), 1, 0b11)  # heap 1, still equal, cannot take a 1 over its old 0
    [((0,), 3)]
    >>> _choices({}, (1, 0), 1, 0b01)  # heap 1 already smaller: heap 0 keeps its 1, or drops it
    [((0,), 1), ((1,), 0)]
    """
    key = (bits, need, mask)
    found = memo.get(key)
    if found is None:
        found = []
        m = len(bits)
        for chosen in combinations(range(m), need):
            new_mask, ok = mask, True
            for i in range(m):
                if mask >> i & 1:
                    one = i in chosen
                    if one and not bits[i]:
                        ok = False  # a heap equal so far cannot rise above its old digit
                        break
                    if one != bool(bits[i]):
                        new_mask &= ~(1 << i)
            if ok:
                found.append((chosen, new_mask))
        memo[key] = found
    return found


def _completions(old: list[int], needs: list[int], width: int, steps: list[int],
                 spec: str) -> list[dict[int, int]]:
    """``ways[b][mask]``: the number of ways to choose digits of columns ``b-1 .. 0`` for the heaps
    of ``T`` (indexed 0..len(old)-1), given that the heaps in ``mask`` still equal their old prefix
    above column ``b``; every heap must end strictly smaller than ``old``. ``steps[0]`` counts
    the work against :data:`MAX_DP_STEPS`."""
    m = len(old)
    ways: list[dict[int, int]] = [{0: 1}]
    digits = [_bits(h, width) for h in old]
    memo: Choices = {}
    for b in range(width):
        need = needs[b]
        bits = tuple(row[b] for row in digits)
        below = ways[-1]
        level: dict[int, int] = {}
        steps[0] += (1 << m) * len(list(combinations(range(m), need)))
        if steps[0] > MAX_DP_STEPS:
            raise TooManyMovesError(f"{spec}: listing the winning moves takes more than "
                                    f"{MAX_DP_STEPS:,} steps of the digit DP")
        for mask in range(1 << m):
            total = 0
            for _, new_mask in _choices(memo, bits, need, mask):
                total += below.get(new_mask, 0)
            if total:
                level[mask] = total
        ways.append(level)
    return ways


_Path = tuple[tuple[int, ...], "_Path | None"]
"""The digits chosen so far, most recent first: (heaps given a 1 in this column, the rest)."""


def _enumerate(old: list[int], needs: list[int], ways: list[dict[int, int]]) -> Iterator[list[int]]:
    """Every way to complete the digits, most significant column first, as the new heap sizes.
    Each choice is kept once, linked to the choices above it (copying the digits so far at every
    column would take time quadratic in the number of columns); a completed path is read out
    into binary text, which ``int(…, 2)`` reads in linear time."""
    width, m = len(needs), len(old)
    digits = [_bits(h, width) for h in old]
    memo: Choices = {}
    stack: list[tuple[int, int, _Path | None]] = [(width, (1 << m) - 1, None)]
    while stack:
        b, mask, path = stack.pop()
        if b == 0:
            rows = [bytearray(b"0" * width) for _ in range(m)]
            column = 0  # the path's most recent choice is column 0's
            while path is not None:
                for i in path[0]:
                    rows[i][width - 1 - column] = 49  # ord("1"), most significant digit first
                column += 1
                path = path[1]
            yield [int(row, 2) if width else 0 for row in rows]
            continue
        bit = b - 1
        below = ways[bit]
        for chosen, new_mask in _choices(memo, tuple(row[bit] for row in digits), needs[bit], mask):
            if below.get(new_mask, 0):
                stack.append((bit, new_mask, (chosen, path)))


@dataclass(frozen=True)
class Moore(HeapGame):
    """Moore's Nim_k: reduce between 1 and ``k`` heaps in one move."""

    k: int
    name = "moore"
    heapwise = False

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Moore:
        if "k" in kwargs:
            args = (*args, kwargs.pop("k"))
        if kwargs or len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
            raise InvalidGameError(f"moore(k) needs one positive integer k, got {args or kwargs!r}")
        return cls(args[0])

    families = (FAMILY,)
    """``moore(k)`` with ``k`` given at run time: who wins by Moore's theorem."""

    @property
    def spec(self) -> str:
        return f"moore({self.k})"

    def canonical(self, position: Any) -> Position:
        return tuple(sorted(h for h in position if h))

    def components(self, position: Any) -> list[tuple[Any, Position]] | None:
        return None if self.k > 1 else super().components(position)

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for t in range(1, n + 1):
            yield f"take {t}: {n} → {n - t}", (n - t,)

    def moves(self, position: Any) -> Iterator[Move]:
        live = [i for i, h in enumerate(position) if h]
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in combinations(live, size):
                for takes in _takes([position[i] for i in chosen]):
                    yield self._move(position, dict(zip(chosen, (position[i] - t for i, t in
                                                                  zip(chosen, takes, strict=True)),
                                                        strict=True)))

    @staticmethod
    def _move(position: tuple[int, ...], new: dict[int, int]) -> Move:
        parts = [f"heap {i + 1}: {int_text(position[i])} → {int_text(v)}" for i, v in sorted(new.items())]
        to = tuple(new.get(i, h) for i, h in enumerate(position))
        return Move(", ".join(parts), to)

    # ---- rules --------------------------------------------------------------------------------
    @property
    def laws(self) -> Laws:
        """What Moore declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(outcome=self._outcome, value=self._value, moves_to_value=self._moves_to_value,
                    winning_moves=self._winning_moves, heap_value=self._heap_value,
                    heap_reason=self._heap_reason, periodicity=self._periodicity(),
                    table_builder=self._build_table, reason=self._reason,
                    misere_outcome=self._misere_outcome,
                    misere_winning_moves=self._misere_winning_moves, samples=self._samples,
                    export=ExportRule("moore", parameter=self.k))

    def _outcome(self, position: Any) -> Outcome:
        return Outcome.N if any(column_sums(position, self.k)) else Outcome.P

    def _value(self, position: Any) -> int | None:
        if self.k == 1:
            total = 0
            for h in position:
                total ^= h
            return total
        live = [h for h in position if h]
        if len(live) <= 1:  # a single heap is a Nim heap
            return live[0] if live else 0
        if positions_exceed(position, MAX_VALUE_POSITIONS):
            raise SearchLimitError(
                f"{self.spec}: Grundy values of Moore's Nim have no known closed form; grundy "
                f"computes them only for ∏(h+1) ≤ {MAX_VALUE_POSITIONS:,}")
        return None

    def _moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        if self.k == 1:
            return None  # (Nim: the engine's sum of heaps answers)
        live = [i for i, h in enumerate(position) if h]
        if len(live) == 1:  # a Nim heap: its options are the smaller heaps
            i = live[0]
            return [self._move(position, {i: target})] if target < position[i] else []
        return self._winning_moves(position) if target == 0 else None

    def _winning_moves(self, position: Any) -> list[Move]:
        k = self.k
        live = [i for i, h in enumerate(position) if h]
        found: list[Move] = []
        examined = 0
        steps = [0]
        for size in range(1, min(k, len(live)) + 1):
            for chosen in combinations(live, size):
                examined += 1
                if examined > MAX_SUBSETS:
                    raise TooManyMovesError(f"{self.spec}: too many heap sets to examine for winning moves")
                others = [h for i, h in enumerate(position) if i not in chosen]
                old = [position[i] for i in chosen]
                width = max(h.bit_length() for h in old)
                rest = column_sums(others, k) + [0] * width
                needs = [(-rest[b]) % (k + 1) for b in range(width)]
                if any(need > size for need in needs) or any(
                        rest[b] for b in range(width, len(rest))):
                    continue
                ways = _completions(old, needs, width, steps, self.spec)
                count = ways[width].get((1 << size) - 1, 0)
                if len(found) + count > MAX_LISTED_MOVES:
                    raise TooManyMovesError(
                        f"{self.spec}: more than {MAX_LISTED_MOVES:,} winning moves; too many to list")
                for values in _enumerate(old, needs, ways):
                    found.append(self._move(position, dict(zip(chosen, values, strict=True))))
        return found

    # ---- the table of single heaps: G(n) = n -------------------------------------------------
    def _heap_value(self, n: int) -> int:
        return n

    def _heap_reason(self, n: int) -> Reason:
        return Reason("moore-heap", {"n": n, "value": n})

    def _periodicity(self) -> Periodicity:
        """``G(n + 1) = G(n) + 1`` from heap 0: period 1, saltus 1 (proved, :data:`ONE_HEAP`)."""
        return Periodicity(1, 0, 1, True, ONE_HEAP)

    def _build_table(self, upto: int, method: TableMethod, progress: Progress | None) -> TableBuild:
        """``G(0..upto) = 0..upto`` (``grundy table 'moore(k)'``), by the law, not by mex.

        >>> Moore(2).build_table(5, "auto", None).values.tolist()
        [0, 1, 2, 3, 4, 5]
        """
        import numpy as np

        if method == "sparse":
            raise InvalidInputError(f"method 'sparse' applies to octal games, not {self.spec} (a law)")
        if progress:
            progress(upto + 1, upto + 1)
        return TableBuild(np.arange(upto + 1, dtype=np.int64), "law: G(n) = n", upto + 1)

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            live = [h for h in position if h]
            return Reason("moore-misere-heap", {"n": live[0] if live else 0}) if len(live) <= 1 else None
        sums = column_sums(position, self.k)[::-1]
        return Reason("moore", {"k": self.k, "heaps": tuple(position[:8]), "count": len(position),
                                "column_sums": tuple(sums[:16]), "columns": len(sums),
                                "all_zero": not any(sums)})

    def _misere_outcome(self, position: Any) -> Outcome | None:
        live = [h for h in position if h]
        if len(live) <= 1:  # a misère Nim heap: the player to move loses only a heap of 1
            return Outcome.P if live == [1] else Outcome.N
        if positions_exceed(position, MAX_VALUE_POSITIONS):
            raise SearchLimitError(f"{self.spec}: no misère rule, and the position is too large "
                                   f"to search by brute force")
        return None

    def _misere_winning_moves(self, position: Any) -> list[Move] | None:
        live = [i for i, h in enumerate(position) if h]
        if len(live) != 1:
            return None
        i = live[0]  # a misère Nim heap of n >= 2: the winning move leaves one counter
        return [self._move(position, {i: 1})] if position[i] >= 2 else []

    def _samples(self) -> Iterable[Position]:
        small = [(a, b, c) for a in range(4) for b in range(a, 4) for c in range(b, 4)]
        return [(0,), (5,), (1, 2), (3, 3), *small, (1, 1, 1, 1), (2, 3, 1, 1), (1, 2, 3, 4)]


@template("moore-misere-heap")
def _moore_misere_heap_text(f: Facts) -> str:
    n = f["n"]
    return (f"misère, at most one non-empty heap (n = {int_text(n)}): the player to move loses iff "
            f"n = 1 (from 0 there is no move, and from n ≥ 2 a move to 1 wins): "
            f"{'n = 1' if n == 1 else 'n ≠ 1'}")


@template("moore-heap")
def _moore_heap_text(f: Facts) -> str:
    return f"{ONE_HEAP}: G({f['n']}) = {f['value']}"


@template("moore")
def _moore_text(f: Facts) -> str:
    shown = " ".join(map(str, f["heaps"])) + (" …" if f["count"] > 8 else "")
    sums = list(f["column_sums"])
    verdict = "all 0: a P-position" if f["all_zero"] else "not all 0"
    cols = sums if f["columns"] <= 16 else [*sums, "…"]
    return (f"Moore: column sums of {shown} in binary, mod {f['k'] + 1}: "
            f"{cols} (most significant first), {verdict}")
