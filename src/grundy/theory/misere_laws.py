"""Misère facts of positions: brute force over the positions a component reaches, and laws proved
once and for all for the heaps of take-away games (games with :meth:`Game.take_away_rule`).

For every position ``x`` reachable from a component this module finds

* ``v(x)``: the normal-play Grundy value, ``mex`` of the options' ``v`` (0 with no option);
* ``m(x)``: the misère Grundy value, ``mex`` of the options' ``m``, and **1** with no option
  (so ``m(x) = 0`` exactly when the player to move loses ``x`` in misère play);
* the *SJ condition*: ``v(x) = 0`` and ``x`` has a move imply that some option has ``v = 1``;
* *tameness*: ``m(x) = v(x)``, or ``(v(x), m(x))`` is ``(0, 1)`` or ``(1, 0)`` (Conway's tame
  genera 0^{120} and 1^{031}, called *fickle*; the others are *firm*).

:mod:`grundy.theory.misere` turns these into outcomes of misère sums. The laws: for ``("only", S)``
(subtract ``s ∈ S``, ``k = max S``) the pair ``(v(n), m(n))`` is a function of the ``k`` pairs
before it once ``n ≥ k``, so when a window of ``k`` consecutive pairs recurs, the pairs are periodic
from the first window's start (proved); each condition at heap ``n`` depends on heaps ``n − k .. n``
only, so checking one period past the window settles it for every heap. For ``("all-but", E)``,
a heap above ``t = max E`` (``t = 0`` for Nim) can be emptied, so only heaps ``≤ t`` have value 0.

>>> from grundy.catalog import load_game
>>> law = heap_law(load_game("subtraction(1,3,4)"))
>>> law.start, law.period, [law.pair(n) for n in range(8)]
(0, 7, [(0, 1), (1, 0), (0, 1), (1, 0), (2, 2), (3, 3), (2, 2), (0, 1)])
>>> law.sj_fail, law.tame_fail
(None, None)
>>> law.pair(10**18)  # 10**18 ≡ 1 (mod 7)
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from grundy.engine.search import Budget, Cache, Key, _search, mex
from grundy.model.game import Game, Position
from grundy.model.laws import TakeKind
from grundy.model.reason import Facts, Reason, template

Profile = tuple[int, int, bool, bool]
"""``(v, m, sj, tame)`` of a position: its normal and misère Grundy values, and whether the SJ
condition and tameness hold at **every** position it reaches (itself included)."""

MAX_LAW_STEPS = 200_000
DECLARED_SJ_FROM = 256
"""A take-away set larger than this, of a game that proves the SJ condition (``TakeAway.sj``),
is not tabulated: its declared law answers (a window of that many heaps takes that many steps
a heap to repeat)."""
"""Most heaps the window recurrence of an ``("only", S)`` game runs before giving up."""

FICKLE = ((0, 1), (1, 0))
"""The ``(v, m)`` pairs of Conway's fickle genera 0^{120} and 1^{031}."""


def is_tame_pair(v: int, m: int) -> bool:
    """Whether ``(v, m)`` is a tame pair: ``m = v`` (firm) or fickle.

    >>> is_tame_pair(0, 1), is_tame_pair(3, 3), is_tame_pair(2, 0)
    (True, True, False)
    """
    return m == v or (v, m) in FICKLE


@dataclass
class MisereMemo:
    """Memo tables shared by misère queries (reuse one for many questions about the same games)."""

    cache: Cache = field(default_factory=Cache)
    profiles: dict[Key, Profile] = field(default_factory=dict)
    genus_states: dict[Key, int] = field(default_factory=dict)
    laws: dict[Game, HeapLaw | None] = field(default_factory=dict)


def _combine(_: Any, deps: list[Profile]) -> Profile:
    vs = {d[0] for d in deps}
    v, m = mex(vs), mex(d[1] for d in deps)
    sj = (v != 0 or 1 in vs) and all(d[2] for d in deps)
    tame = is_tame_pair(v, m) and all(d[3] for d in deps)
    return v, m, sj, tame


def profile(game: Game, position: Position, memo: MisereMemo, budget: Budget) -> Profile:
    """``(v, m, sj, tame)`` of ``position`` by brute force over every position it reaches (no hooks).

    >>> from grundy.catalog import load_game
    >>> from grundy.engine.search import Budget
    >>> profile(load_game("kayles"), (4,), MisereMemo(), Budget(10_000))
    (1, 0, True, True)
    """
    cache = memo.cache
    games = cache.games

    def expand(key: Key) -> tuple[bool, Any, list[Key] | None]:
        number, p = key
        g = games[number]
        options = budget.take(g.options(p), g)
        if not options:
            return True, (0, 1, True, True), None
        canonical = g.canonical
        return False, None, [(number, canonical(o)) for o in options]

    found: Profile = _search(cache.key(game, position), memo.profiles, expand, _combine, budget, games)
    return found


def genus_entry(game: Game, position: Position, twos: int, memo: MisereMemo, budget: Budget) -> int:
    """The misère Grundy value of ``position + *2 + … + *2`` (``twos`` nim-heaps of 2), by brute
    force over states (position, heaps of 2 left, heaps of 1 left).

    >>> from grundy.catalog import load_game
    >>> from grundy.engine.search import Budget
    >>> [genus_entry(load_game("nim"), (1,), k, MisereMemo(), Budget(10_000)) for k in range(4)]
    [0, 3, 1, 3]
    """
    cache = memo.cache
    games = cache.games

    def expand(key: Key) -> tuple[bool, Any, list[Key] | None]:
        number, state = key
        p: Position = state[0]  # type: ignore[index]
        a: int = state[1]  # type: ignore[index]
        b: int = state[2]  # type: ignore[index]
        g = games[number]
        canonical = g.canonical
        deps: list[Key] = [(number, (canonical(o), a, b)) for o in budget.take(g.options(p), g)]
        if a:
            deps += [(number, (p, a - 1, b + 1)), (number, (p, a - 1, b))]
        if b:
            deps.append((number, (p, a, b - 1)))
        if not deps:
            return True, 1, None
        return False, None, deps

    number, p = cache.key(game, position)
    return int(_search((number, (p, twos, 0)), memo.genus_states, expand,
                       lambda _, values: mex(values), budget, games))


# ---- laws for every heap of a take-away game ---------------------------------------------------

class LawKind(StrEnum):
    """Which law of :func:`heap_law` describes every heap of a take-away game."""

    PERIODIC = "only"
    """A finite take-away set: ``(v(n), m(n))`` periodic from a proved point on."""
    NIM = "nim"
    """Take any number (all-but with nothing excluded): every heap is a Nim heap."""
    SJ = "sj"
    """The game proves the SJ condition at every heap (:attr:`~grundy.model.laws.TakeAway.sj`):
    the values by the game's rule, and ``m(n) = 1, 0, v(n)`` for ``v(n) = 0, 1, >= 2`` (the SJ
    condition makes every heap tame, by induction)."""
    ALL_BUT = "all-but"
    """All-but games: the values by the game's rule, ``m(n)`` not known."""


@dataclass(frozen=True)
class HeapLaw:
    """Proved facts about every heap of a take-away game.

    ``pair(n)`` gives ``(v(n), m(n))`` (``m`` is ``None`` where the law does not know it);
    ``sj_fail`` / ``tame_fail`` is the least heap where the SJ condition / tameness fails or is
    not known (``None``: no heap), so a condition holds at every heap ``≤ n`` when ``n`` is below it.
    """

    game: Game
    kind: LawKind
    why: Reason
    """The law with its numbers (:class:`~grundy.model.reason.Reason`)."""
    sj_fail: int | None
    tame_fail: int | None
    start: int = 0
    period: int = 1
    pairs: tuple[tuple[int, int], ...] = ()
    value_of: Callable[[int], int] | None = None

    def pair(self, n: int) -> tuple[int, int | None]:
        """``(v(n), m(n))`` of a single heap of ``n`` (``m`` may be ``None``, see above)."""
        if self.kind is LawKind.PERIODIC:
            if n >= len(self.pairs):
                n = self.start + (n - self.start) % self.period
            return self.pairs[n]
        assert self.value_of is not None
        if self.kind is LawKind.NIM:
            return n, (n if n >= 2 else 1 - n)
        value = self.value_of(n)
        if self.kind is LawKind.SJ:
            return value, (value if value >= 2 else 1 - value)
        return value, None

    @property
    def reason(self) -> str:
        """The text of :attr:`why`."""
        return self.why.text

    def holds(self, fail: int | None, n: int) -> bool:
        """Whether a condition whose least failing heap is ``fail`` holds at every heap ``≤ n``."""
        return fail is None or fail > n


def heap_law(game: Game, *, memo: MisereMemo | None = None, budget: Budget | None = None) -> HeapLaw | None:
    """The :class:`HeapLaw` of ``game`` if it declares a :meth:`Game.take_away_rule`, else ``None``.

    >>> from grundy.catalog import load_game
    >>> law = heap_law(load_game("nim"))
    >>> law.sj_fail, law.tame_fail, law.pair(10**18)
    (None, None, (1000000000000000000, 1000000000000000000))
    """
    memo = memo or MisereMemo()
    if game in memo.laws:
        return memo.laws[game]
    rule = game.take_away_rule()
    budget = budget or Budget(MAX_LAW_STEPS * 4)
    law: HeapLaw | None = None
    declared = rule.sj if rule is not None else None
    if rule is not None and rule.kind is TakeKind.ONLY and rule.values and len(rule.values) <= (
            MAX_LAW_STEPS if declared is None else DECLARED_SJ_FROM):  # (else no window repeats in reach)
        law = _only_law(game, tuple(sorted(set(rule.values))), budget)
    if law is None and declared is not None:  # (declared: no table of the heaps)
        law = _declared_sj_law(game, declared, memo, budget)
    elif law is None and rule is not None and rule.kind is TakeKind.ALL_BUT:
        law = _all_but_law(game, tuple(sorted(set(rule.values))), memo, budget)
    memo.laws[game] = law
    return law


def _declared_sj_law(game: Game, proof: Reason, memo: MisereMemo, budget: Budget) -> HeapLaw:
    """The law of a game that proves the SJ condition at every heap: each heap's value by the
    engine (the game's own rule), no heap failing either condition."""
    from grundy.engine.search import grundy_value

    def value_of(n: int) -> int:
        return grundy_value(game, (n,), cache=memo.cache, budget=budget)

    return HeapLaw(game, LawKind.SJ, proof, None, None, value_of=value_of)


def _only_law(game: Game, takes: tuple[int, ...], budget: Budget) -> HeapLaw | None:
    k = takes[-1]
    pairs: list[tuple[int, int]] = []
    seen: dict[tuple[tuple[int, int], ...], int] = {}
    start = period = -1
    for n in range(MAX_LAW_STEPS):
        budget.spend(len(takes), game)
        options = [pairs[n - s] for s in takes if s <= n]
        pairs.append((mex(o[0] for o in options), mex(o[1] for o in options) if options else 1))
        if n + 1 >= k:
            window = tuple(pairs[n + 1 - k:])
            if window in seen:
                start = seen[window]
                period = n + 1 - k - start
                break
            seen[window] = n + 1 - k
    if period <= 0:
        return None
    # pairs now covers heaps 0 .. start + period + k - 1, so each condition is seen over a full
    # period of heaps n >= start + k, where it is periodic.
    sj_fail = next((n for n, (v, _) in enumerate(pairs) if v == 0 and n >= takes[0]
                    and all(pairs[n - s][0] != 1 for s in takes if s <= n)), None)
    tame_fail = next((n for n, (v, m) in enumerate(pairs) if not is_tame_pair(v, m)), None)
    reason = Reason("misere-heap-period", {"game": game.spec, "period": period, "preperiod": start,
                                           "window": k})
    return HeapLaw(game, LawKind.PERIODIC, reason, sj_fail, tame_fail, start, period, tuple(pairs))


def _all_but_law(game: Game, excluded: tuple[int, ...], memo: MisereMemo,
                 budget: Budget) -> HeapLaw:
    from grundy.engine.search import grundy_value

    def value_of(n: int) -> int:
        return grundy_value(game, (n,), cache=memo.cache, budget=budget)

    if not excluded:  # Nim: v(n) = n, and m(n) = n except m(0) = 1, m(1) = 0 (induction on n)
        reason = Reason("misere-nim-heaps", {"game": game.spec})
        return HeapLaw(game, LawKind.NIM, reason, None, None, value_of=value_of)
    t = excluded[-1]
    sj_fail = None
    for n in range(1, t + 1):  # a heap above t can be emptied, so v(n) > 0 there
        takes = [s for s in range(1, n + 1) if s not in excluded]
        if takes and value_of(n) == 0 and not any(value_of(n - s) == 1 for s in takes):
            sj_fail = n
            break
    reason = Reason("misere-all-but", {"game": game.spec, "largest_excluded": t})
    return HeapLaw(game, LawKind.ALL_BUT, reason, sj_fail, 0, value_of=value_of)


@template("misere-heap-period")
def _heap_period_text(f: Facts) -> str:
    return (f"{f['game']}: the normal and misère values of single heaps repeat with period "
            f"{f['period']} from heap {f['preperiod']} (proved: a window of max S = {f['window']} "
            f"values repeats)")


@template("misere-nim-heaps")
def _nim_heaps_text(f: Facts) -> str:
    return (f"{f['game']}: only the empty heap has value 0, and a heap's misère value is "
            f"its size (1 and 0 for heaps 0 and 1)")


@template("misere-all-but")
def _all_but_text(f: Facts) -> str:
    t = f["largest_excluded"]
    return (f"{f['game']}: a heap above {t} can be emptied, so only heaps up to {t} can have "
            f"value 0 (checked)")
