"""Bash games (巴什博弈) and bounded Nim: take between ``a`` and ``b`` counters from one heap.

* ``bash(m)``: take 1..m. Grundy value ``n mod (m+1)``; the player to move wins iff
  ``(m+1) ∤ n``.
* ``bash(a,b)``: take ``a..b``; with fewer than ``a`` left there is no move. Grundy value
  ``⌊(n mod (a+b)) / a⌋``.
* ``bash(a,b,rest=all)``: as above, but with ``0 < n < a`` left the mover must take them all.
  Grundy value ``⌊((n−b−1) mod (a+b)) / a⌋`` for ``n ≥ 1`` (0 for ``n = 0``), so the player to move
  wins iff ``n mod (a+b)`` is in ``[1, b]`` — the founding document's unproved claim, which the
  brute-force cross-check confirms.
* ``--misere`` (single heap): whoever takes the last counter loses. The player to move loses
  iff ``(n−a) mod (a+b) < a`` (plain) or ``n mod (a+b) ∈ [1, a]`` (``rest=all``).
* ``bounded-nim(m)``: Nim where a move takes 1..m from one heap; the value is the XOR of
  ``h mod (m+1)`` over the heaps.

All answers are exact for heaps of any size; every winning move is found from residue classes,
never by trying takes one by one.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("bash(3)"), 10)
>>> answer.grundy, [m.label for m in answer.winning_moves], answer.reason
(2, ['take 2: 10 → 8'], 'Bash game: 4 ∤ 10, Grundy value 10 mod 4 = 2')
>>> solve(load_game("bash(2,3,rest=all)"), 10**100).outcome.winner
'second'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.errors import InvalidGameError, SearchLimitError
from grundy.games.takebreak._periodic import residue_hits
from grundy.model.game import HeapGame, HeapResult, Move, Outcome, describe_take, positions_exceed
from grundy.model.laws import Family, Laws, TakeAway, TakeKind
from grundy.model.period_rules import PeriodRule
from grundy.model.reason import Facts, Reason, template, xor_text

MISERE_BRUTE_FORCE_LIMIT = 200_000
"""Largest ``∏ (h + 1)`` of a several-heap misère position searched by brute force."""


def _positive(value: int | str, what: str) -> int:
    if not isinstance(value, int) or value <= 0:
        raise InvalidGameError(f"{what} must be a positive integer, got {value!r}")
    return value


_BASH_M = ("the Bash game: the options n - m .. n - 1 of heap n hold every residue mod m + 1 but "
           "n's, so G(n) = n mod (m + 1), by induction on n")
_SJ_M = ("the SJ condition holds at every heap: a heap n > 0 of value 0 is a multiple of m + 1, "
         "so n >= m + 1, and taking m leaves n - m = 1 (mod m + 1), of value 1")
_SJ_AB = ("the SJ condition holds at every heap: a heap n >= a (it has a move) of value 0 has "
          "r = n mod (a + b) < a, so n >= a + b, and taking b leaves residue r + a in a..2a - 1 "
          "(below a + b), of value 1")
FAMILIES = {
    ("bash", ("m",)): Family("formula", ("m",), "n % (m + 1)", "m >= 1", "m >= 1", _BASH_M, misere=_SJ_M),
    ("bash", ("a", "b")): Family(
        "formula", ("a", "b"), "n % (a + b) // a", "1 <= a <= b", "1 <= a <= b",
        "the Bash game taking a..b: by induction on n, the options n - b .. n - a of heap n hold "
        "every value below floor((n mod (a + b)) / a) and not that one (a period a + b, proved "
        "by a window of b values)", misere=_SJ_AB),
    ("bounded-nim", ("m",)): Family("formula", ("m",), "n % (m + 1)", "m >= 1", "m >= 1", _BASH_M,
                                    misere=_SJ_M),
    ("bash", ("a", "b", "rest=all")): Family(
        "misere", ("a", "b"), "1 <= n % (a + b) <= a", "1 <= a <= b", "1 <= a <= b",
        "misere Bash taking a..b, fewer than a all at once, by induction on n with r = n mod (a + b): "
        "from r in 1..a every move leaves 0 (its mover took the last counter) or a heap of residue "
        "0 or a+1..a+b-1 (t in a..b taken from n >= a + b), each won by the player to move; from "
        "r = 0 (n > 0) a take of b, and from r in a+1..a+b-1 a take of max(a, r - a), leaves a "
        "residue in 1..a",
        keywords=(("rest", "all"),)),
}
"""The families of :attr:`Bash.families` and :attr:`BoundedNim.families`, by name and parameters:
the laws of :meth:`Bash._heap_value` (``bash(m)`` is ``bash(1,m)``) as formulas over ``n``."""


OCTAL_TAKE_MAX = 1000
"""The largest ``b`` of a ``bash(a,b,rest=all)`` declared as its octal code (a longer code would
be a tuple of ``b`` digits, and its quotient's period out of reach anyway)."""


@dataclass(frozen=True)
class Bash(HeapGame):
    """Take ``a..b`` counters from one heap; ``rest_all``: fewer than ``a`` left must all be taken."""

    a: int
    b: int
    rest_all: bool = False
    name = "bash"
    families: ClassVar[tuple[Family, ...]] = (FAMILIES["bash", ("m",)], FAMILIES["bash", ("a", "b")],
                                              FAMILIES["bash", ("a", "b", "rest=all")])
    """``bash(m)`` and ``bash(a,b)`` with the parameters given at run time, by the law of
    :meth:`_heap_value` written as a formula, and ``bash(a,b,rest=all)`` in misère play, by the
    law of :meth:`_misere_lost` (:data:`FAMILIES`)."""

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Bash:
        rest = kwargs.pop("rest", "none")
        if rest not in ("all", "none"):
            raise InvalidGameError(f"bash: rest must be 'all' or 'none', got {rest!r}")
        if "m" in kwargs:
            args = (*args, kwargs.pop("m"))
        if "a" in kwargs or "b" in kwargs:
            if "a" not in kwargs or "b" not in kwargs:
                raise InvalidGameError("bash: give both a= and b=, e.g. bash(a=2,b=5)")
            args = (*args, kwargs.pop("a"), kwargs.pop("b"))
        if kwargs:
            raise InvalidGameError(f"bash: unknown parameter(s) {sorted(kwargs)!r}")
        if len(args) == 1:
            a, b = 1, _positive(args[0], "bash(m): m")
        elif len(args) == 2:
            a, b = _positive(args[0], "bash(a,b): a"), _positive(args[1], "bash(a,b): b")
            if a > b:
                raise InvalidGameError(f"bash(a,b) needs a ≤ b, got a={a}, b={b}")
        else:
            raise InvalidGameError("bash takes bash(m), bash(a,b) or bash(a,b,rest=all)")
        return cls(a, b, rest == "all" and a > 1)


    @property
    def spec(self) -> str:
        if self.rest_all:
            return f"bash({self.a},{self.b},rest=all)"
        return f"bash({self.b})" if self.a == 1 else f"bash({self.a},{self.b})"

    @property
    def period(self) -> int:
        """``a + b``: the period of the Grundy values."""
        return self.a + self.b

    @property
    def laws(self) -> Laws:
        """What Bash declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(period_rule=self._period_rule, table_head=self._table_head,
                    take_away=self._take_away(), heap_value=self._heap_value,
                    heap_moves_to_value=self._heap_moves_to_value, heap_reason=self._heap_reason,
                    misere_outcome=self._misere_outcome,
                    misere_winning_moves=self._misere_winning_moves, reason=self._reason,
                    value_table=self._value_table, octal_digits=self._octal_digits())

    def _octal_digits(self) -> tuple[int, ...] | None:
        """``bash(a,b,rest=all)`` is the octal game ``0.1…13…3`` (digit 1, take all, for a take
        below ``a``; digit 3, take and leave 0 or 1 heap, for ``a..b``): declared, with ``b`` at
        most :data:`OCTAL_TAKE_MAX`, so that its misère quotient is proved by the periodicity
        theorem of octal games (the plain Bash game is tame: genus theory answers it).

        >>> Bash(2, 3, True)._octal_digits(), Bash(2, 3)._octal_digits()
        ((0, 1, 3, 3), None)
        """
        if not self.rest_all or self.b > OCTAL_TAKE_MAX:
            return None
        return (0,) + (1,) * (self.a - 1) + (3,) * (self.b - self.a + 1)

    def _value_table(self, top: int) -> tuple[list[int] | Any, int, int] | None:
        from grundy.tables.analysis import value_table

        return value_table(self, top)

    def _period_rule(self) -> PeriodRule:
        # a take-away game whose moves from n >= a remove a..b: each value is the mex of values in
        # a window of the b before it, so b values repeating at distance p repeat forever
        return PeriodRule(1, 1, self.b, f"a window of max take = {self.b} values repeats")

    def _table_head(self, count: int) -> list[int]:
        return [self._heap_value(n) for n in range(count)]

    # ---- rules ------------------------------------------------------------------------------
    def _take_away(self) -> TakeAway | None:
        if self.rest_all:
            return None
        sj = Reason("bash-sj", {"game": self.spec, "a": self.a, "b": self.b})
        return TakeAway(TakeKind.ONLY, range(self.a, self.b + 1), sj=sj)

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        if self.rest_all and 0 < n < self.a:
            yield describe_take(n, n), (0,)
            return
        for k in range(self.a, min(self.b, n) + 1):
            yield describe_take(n, k), (n - k,)

    def heap_options(self, n: int) -> list[HeapResult]:  # (no labels: a label writes out n)
        if self.rest_all and 0 < n < self.a:
            return [(0,)]
        return [(n - k,) for k in range(self.a, min(self.b, n) + 1)]

    def _take_range(self, n: int) -> tuple[int, int]:
        """The interval of heaps one move away from ``n`` (empty when ``lo > hi``)."""
        if self.rest_all and 0 < n < self.a:
            return 0, 0
        return n - min(self.b, n), n - self.a

    def _heap_value(self, n: int) -> int:
        if self.rest_all:
            return 0 if n == 0 else ((n - self.b - 1) % self.period) // self.a
        return (n % self.period) // self.a

    def _value_hits(self, lo: int, hi: int, target: int) -> list[int]:
        """Heaps in ``[lo, hi]`` of Grundy value ``target``."""
        a, p = self.a, self.period
        jlo, jhi = target * a, min(target * a + a - 1, p - 1)
        if not self.rest_all:
            return list(residue_hits(lo, hi, p, 0, jlo, jhi))
        found = list(residue_hits(max(lo, 1), hi, p, self.b + 1, jlo, jhi))
        if lo == 0 <= hi and target == 0:
            found.insert(0, 0)
        return found

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        lo, hi = self._take_range(n)
        return [(describe_take(n, n - m), (m,)) for m in self._value_hits(lo, hi, target)]

    def _heap_reason(self, n: int) -> Reason:
        p = self.period
        return Reason("bash", {"a": self.a, "b": self.b, "rest_all": self.rest_all, "n": n,
                               "period": p, "remainder": n % p, "value": self.heap_value(n)})

    # ---- misère play: single heap by rule -----------------------------------------------------
    def _misere_lost(self, n: int) -> bool:
        """True when the player to move on a single heap of ``n`` loses in misère play."""
        if self.rest_all:
            return n >= 1 and (n - 1) % self.period < self.a
        return (n - self.a) % self.period < self.a

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if len(position) != 1:
            if positions_exceed(position, MISERE_BRUTE_FORCE_LIMIT):
                raise SearchLimitError(
                    f"{self.spec}: this misère sum of several heaps is too large to search by brute "
                    f"force (∏(h+1) > {MISERE_BRUTE_FORCE_LIMIT:,}); solve (grundy.solve, grundy solve "
                    f"--misere) decides it by the SJ theorem")
            return None
        return Outcome.P if self._misere_lost(position[0]) else Outcome.N

    def _misere_winning_moves(self, position: Any) -> list[Move] | None:
        if len(position) != 1:
            return None
        n = position[0]
        lo, hi = self._take_range(n)
        if self.rest_all:
            hits = residue_hits(max(lo, 1), hi, self.period, 1, 0, self.a - 1)
        else:
            hits = residue_hits(lo, hi, self.period, self.a, 0, self.a - 1)
        return [Move(describe_take(n, n - m), (m,)) for m in hits]

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if not misere or len(position) != 1:
            return None if misere or len(position) != 1 else self._heap_reason(position[0])
        n, p = position[0], self.period
        shift = 0 if self.rest_all else self.a
        return Reason("misere-bash", {"a": self.a, "b": self.b, "rest_all": self.rest_all, "n": n,
                                      "period": p, "remainder": (n - shift) % p})


@dataclass(frozen=True)
class BoundedNim(Bash):
    """Nim where a move takes 1..m counters from one heap: value ``⊕ (h mod (m+1))``."""

    name = "bounded-nim"
    families = (FAMILIES["bounded-nim", ("m",)],)
    """``bounded-nim(m)`` with ``m`` given at run time (:data:`FAMILIES`)."""

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> BoundedNim:
        if "m" in kwargs:
            args = (*args, kwargs.pop("m"))
        if kwargs or len(args) != 1:
            raise InvalidGameError("bounded-nim takes one parameter m, e.g. bounded-nim(3)")
        return cls(1, _positive(args[0], "bounded-nim(m): m"))


    @property
    def spec(self) -> str:
        return f"bounded-nim({self.b})"

    @property
    def laws(self) -> Laws:
        """What BoundedNim declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return super().laws.replace(value=self._value, reason=self._reason)

    def _value(self, position: Any) -> int:
        total = 0
        for h in position:
            total ^= h % self.period
        return total

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return super()._reason(position, misere)
        p = self.period
        return Reason("bounded-nim", {"period": p, "residues": tuple(h % p for h in position[:8]),
                                      "count": len(position), "value": self.closed_value(position)})





@template("bash")
def _bash_text(f: Facts) -> str:
    n, p, r, g = f["n"], f["period"], f["remainder"], f["value"]
    if f["a"] == 1 and not f["rest_all"]:
        return f"Bash game: {p} {'∤' if r else '|'} {n}, Grundy value {n} mod {p} = {g}"
    if f["rest_all"]:
        where = "in [1, b]" if 1 <= r <= f["b"] else "not in [1, b]"
        return (f"Bash game with rest=all: n mod (a+b) = {n} mod {p} = {r} is {where}; "
                f"Grundy value ⌊((n−b−1) mod (a+b))/a⌋ = {g}" if n else
                "Bash game with rest=all: the heap is empty")
    where = "≥ a" if r >= f["a"] else "< a"
    return (f"Bash game: n mod (a+b) = {n} mod {p} = {r} {where}; "
            f"Grundy value ⌊(n mod (a+b))/a⌋ = {g}")


@template("misere-bash")
def _misere_bash_text(f: Facts) -> str:
    n, p, r = f["n"], f["period"], f["remainder"]
    if f["rest_all"]:
        return (f"misère Bash with rest=all: the player to move loses iff n mod (a+b) ∈ [1, a]; "
                f"{n} mod {p} = {r}")
    return (f"misère Bash: the player to move loses iff (n−a) mod (a+b) < a; "
            f"({n}−{f['a']}) mod {p} = {r}")


@template("bash-sj")
def _bash_sj_text(f: Facts) -> str:
    a, b = f["a"], f["b"]
    return (f"{f['game']}: every heap meets the SJ condition (proved: a heap n >= {a} of value 0 has "
            f"n mod {a + b} < {a}, so n >= {a + b}, and taking {b} leaves a residue in "
            f"{a}..{2 * a - 1}, of value 1)")


@template("bounded-nim")
def _bounded_nim_text(f: Facts) -> str:
    return (f"bounded Nim: the value is the XOR of heap mod {f['period']}: "
            f"{xor_text(f['residues'], f['count'])} = {f['value']}")
