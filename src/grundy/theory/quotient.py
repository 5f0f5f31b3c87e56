"""Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008).

Fix a heap game and let ``A_n`` be the positions made of heaps of size at most ``n`` (every finite
sum of them; options stay inside). Two positions ``U``, ``V`` are *indistinguishable* when
``U + W`` and ``V + W`` have the same misère outcome for every ``W`` in ``A_n``. The classes form a
commutative monoid ``Q_n`` under ``+`` (written as a product), the **misère quotient**; its
**P-portion** is the set of classes of misère P-positions. Once ``Q_n`` is known, the outcome of any
sum of heaps ``≤ n`` is read off by multiplying the heaps' images and asking whether the product
lies in the P-portion.

How it is computed here (our own procedure; each result is *verified*, so correctness never rests
on the guess):

1. **Guess, heap by heap.** From ``Q_n`` and the images ``T`` of the options of heap ``n + 1``
   (for a split, the product of the parts' images), the outcomes of ``X + k·H_{n+1}`` are computed
   for each ``x = [X]`` of ``Q_n`` and ``k = 0, 1, …`` by the misère recursion (a position is P
   exactly when it has a move and every move leads to an N-position), taking ``X`` to be the
   least word of its class; the columns repeat after a few ``k`` and the pairs ``(x, k)`` with
   multiplication ``(x, k)(y, l) = (xy, k + l)`` (folded by that repetition) are reduced by
   indistinguishability (Moore's partition refinement). This is ``Q_{n+1}`` when the outcome of
   ``X + k·H_{n+1}`` depends on ``X`` only through its class.
2. **Verify.** The candidate ``(Q, P, Φ)`` is *correct* on ``A_N`` when ``Φ(X) ∈ P`` exactly for the
   P-positions ``X``. Track, for a position ``X``, the pair ``(Φ(X), O(X))`` with ``O(X)`` the set of
   images of its options; adding a heap ``j`` gives ``(Φ(X)h_j, O(X)h_j ∪ Φ(X)T_j)``, a function of
   the pair. Every pair reachable from ``(1, ∅)`` is visited once (finitely many) and checked:
   ``Φ(X) ∈ P`` iff ``O(X)`` is non-empty and misses ``P``. By induction on ``X`` this proves the
   candidate right on all of ``A_N``, and since it is reduced it *is* ``Q_N``.
3. **Periodicity theorem** (Plambeck–Siegel's, for octal games, in the form proved in
   ``docs/misere.md``): if the heap images repeat with period ``p`` from heap ``n0`` on all heaps
   ``≤ N`` and ``N ≥ 2·n0 + 2·p + t - 1`` (``t`` the code length), every heap's options beyond ``N``
   have the image set of a heap ``p`` smaller, so the verification above covers every heap:
   ``Q_N`` is the quotient of the whole game, and a heap of any size is its residue's image.

>>> from grundy.catalog import load_game
>>> q = misere_quotient(load_game("octal(0.75)"), upto=30)
>>> q.order, q.status
(8, 'proved')
>>> q.outcome((5, 9, 1000)).value
'N'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame, Outcome
from grundy.model.laws import TakeKind
from grundy.model.reason import Facts, Reason, template
from grundy.theory.quotient_build import State, Steps, full_table
from grundy.theory.quotient_recal import settle

__all__ = ["DEFAULT_QUOTIENT_LIMIT", "MisereQuotient", "finish_quotient", "misere_quotient"]

DEFAULT_QUOTIENT_LIMIT = 10_000_000
"""Default budget (steps: table entries, options, verification states) of one quotient."""

AUTO_CHECKPOINTS = 8
"""Heaps between two looks for a proved period while extending automatically."""


def _period_rule(game: HeapGame) -> int | None:
    """``t`` of the periodicity theorem when it applies to ``game`` (octal games and take-away
    games with a finite subtraction set), else ``None``."""
    digits = game.octal_digits
    if digits is not None:
        return len(digits) - 1
    rule = game.take_away_rule()
    if rule is not None and rule.kind is TakeKind.ONLY and rule.values:
        return max(rule.values)
    return None


def _find_period(heap: Sequence[int]) -> tuple[int, int] | None:
    """The least ``(p, n0)`` (least ``p``, then least ``n0``) with ``heap[n+p] = heap[n]`` for all
    ``n0 ≤ n`` in range, over at least two whole periods; ``None`` when none."""
    top = len(heap) - 1
    for p in range(1, top // 2 + 1):
        n0 = top - p
        while n0 > 0 and heap[n0 - 1] == heap[n0 - 1 + p]:
            n0 -= 1
        if top - n0 + 1 >= 2 * p + max(1, n0 // 4):  # seen repeating over a long stretch
            return p, n0
    return None


def _names(gens: int) -> list[str]:
    return [chr(ord("a") + i) if i < 26 else f"g{i + 1}" for i in range(gens)]


_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _word_text(exps: Sequence[int], names: Sequence[str]) -> str:
    text = "".join(name + (str(e).translate(_SUP) if e > 1 else "")
                   for name, e in zip(names, exps, strict=True) if e)
    return text or "1"


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of a heap game on heaps ``≤ checked_upto`` (or of every heap when
    ``status == "proved"``): elements ``0 .. order-1`` (``0`` the identity), multiplication,
    P-portion, each heap's image, a presentation, and the reason it is right.

    >>> from grundy.catalog import load_game
    >>> q = misere_quotient(load_game("kayles"), upto=40)
    >>> q.order, q.name(q.heap(1)), q.is_p(q.heap(1))
    (40, 'a', True)
    >>> x = q.product([q.heap(1), q.heap(1)])
    >>> q.name(x), q.is_p(x)  # two pins: two moves, the second player is forced to make the last
    ('1', False)
    """

    game: HeapGame
    table: tuple[tuple[int, ...], ...]
    p: tuple[bool, ...]
    heaps: tuple[int, ...]
    """Image of heaps ``0 .. checked_upto``."""
    options: tuple[frozenset[int], ...]
    """The images of each heap's options, heaps ``0 .. checked_upto``."""
    generators: tuple[int, ...]
    """Elements that generate the monoid, in order of the first heap mapping to each."""
    names: tuple[str, ...]
    """Each element as a word in the generators (``"1"`` the identity), e.g. ``"ab²"``."""
    normal_forms: tuple[tuple[int, ...], ...]
    relations: tuple[tuple[str, str], ...]
    """A complete presentation: ``(left, right)`` pairs; rewriting with them brings any word to
    its element's normal form (:attr:`names`)."""
    period: int | None
    preperiod: int | None
    status: str
    """``"proved"`` (periodicity theorem: every heap), ``"observed"`` (the heap images look
    periodic on heaps ``≤ checked_upto`` only) or ``"exact"`` (no period found; heaps
    ``≤ checked_upto``)."""
    checked_upto: int
    verified_states: int
    reason: str

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.p)

    @property
    def p_portion(self) -> tuple[int, ...]:
        """The elements of P-positions."""
        return tuple(x for x, isp in enumerate(self.p) if isp)

    def mul(self, x: int, y: int) -> int:
        """The product of two elements."""
        return self.table[x][y]

    def product(self, elements: Iterable[int]) -> int:
        """The product of several elements (``0``, the identity, for none)."""
        x = 0
        table = self.table
        for y in elements:
            x = table[x][y]
        return x

    def is_p(self, x: int) -> bool:
        """Whether ``x`` is in the P-portion (its positions are misère P-positions)."""
        return self.p[x]

    def name(self, x: int) -> str:
        """The element as a word in the generators."""
        return self.names[x]

    def covers(self, n: int) -> bool:
        """Whether a heap of ``n`` has a known image (checked, or by a proved period)."""
        return n <= self.checked_upto or self.status == "proved"

    def heap(self, n: int) -> int:
        """The image of a heap of ``n``; beyond :attr:`checked_upto` only with a proved period."""
        if n < 0:
            raise InvalidInputError(f"a heap must be non-negative, got {n!r}")
        if n < len(self.heaps):
            return self.heaps[n]
        if self.status != "proved" or self.period is None or self.preperiod is None:
            raise NotSupportedError(f"{self.game.spec}: the misère quotient is known for heaps ≤ "
                                    f"{self.checked_upto:,} only, not {n:,}")
        return self.heaps[self.preperiod + (n - self.preperiod) % self.period]

    def option_images(self, n: int) -> frozenset[int]:
        """The images of the options of a heap of ``n`` (beyond :attr:`checked_upto`: those of
        the heap a whole number of periods smaller, as the periodicity theorem's proof shows)."""
        if n < len(self.options):
            return self.options[n]
        self.heap(n)  # refuses unless proved
        assert self.period is not None
        top = self.checked_upto
        return self.options[n - self.period * -(-(n - top) // self.period)]

    def outcome(self, heaps: Iterable[int]) -> Outcome:
        """The misère outcome of the sum of these heaps."""
        return Outcome.P if self.p[self.product(self.heap(n) for n in heaps)] else Outcome.N

    def explain(self, heaps: Sequence[int]) -> Reason:
        """The heaps' images, their product and its P-portion membership (rule
        ``"misere-quotient"``; :func:`~grundy.theory.quotient_play.quotient_solution` adds ``"then"``,
        what the moves leave)."""
        x = self.product(self.heap(n) for n in heaps)
        return Reason("misere-quotient", {
            "game": self.game.spec, "order": self.order, "status": self.status,
            "checked_upto": self.checked_upto, "period": self.period, "preperiod": self.preperiod,
            "verified": self.reason, "heaps": tuple(heaps[:8]), "count": len(heaps),
            "images": tuple(self.names[self.heap(n)] for n in heaps[:8]), "product": self.names[x],
            "p_portion": bool(self.p[x])})

    def to_json(self) -> dict[str, Any]:
        """The ``quotient`` object of ``grundy table GAME --misere --quotient --json``."""
        return {
            "order": self.order,
            "generators": [self.names[g] for g in self.generators],
            "generator_heaps": [self.heaps.index(g) for g in self.generators],
            "relations": [f"{a} = {b}" for a, b in self.relations],
            "elements": list(self.names),
            "p_portion": [self.names[x] for x in self.p_portion],
            "heaps": [self.names[h] for h in self.heaps],
            "period": self.period,
            "preperiod": self.preperiod,
            "status": self.status,
            "checked_upto": self.checked_upto,
            "reason": self.reason,
        }


Word = tuple[int, ...]


def _presentation(st: State, steps: Steps) -> tuple[list[Word], list[tuple[Word, int]]]:
    """Normal forms (least words, degree first) and the minimal non-normal words with their
    elements: rewriting each such word to its element's normal form is a complete presentation."""
    r, m, mul = len(st.gens), st.m, st.mul
    nf: list[tuple[int, ...] | None] = [None] * m
    nf[0] = (0,) * r
    layer = [0]
    while layer:
        cand: dict[int, tuple[int, ...]] = {}
        for x in layer:
            w = nf[x]
            assert w is not None
            for i, g in enumerate(st.gens):
                y = mul[x][g]
                if nf[y] is None:
                    v = tuple(e + (k == i) for k, e in enumerate(w))
                    if y not in cand or tuple(-e for e in v) < tuple(-e for e in cand[y]):
                        cand[y] = v
        steps.spend(len(layer) * r + 1, "presentation")
        for y, v in cand.items():
            nf[y] = v
        layer = sorted(cand, key=lambda y: tuple(-e for e in cand[y]))
    if any(w is None for w in nf):
        raise NotSupportedError("the generators do not generate the quotient (internal error)")
    normal = {w: x for x, w in enumerate(nf)}
    rel: dict[tuple[int, ...], int] = {}
    for x, w in enumerate(nf):
        assert w is not None
        for i, g in enumerate(st.gens):
            v = tuple(e + (k == i) for k, e in enumerate(w))
            if v in normal or v in rel:
                continue
            if all(tuple(e - (k == j) for k, e in enumerate(v)) in normal for j in range(r) if v[j]):
                rel[v] = mul[x][g]
    rules = sorted(rel.items(), key=lambda kv: (sum(kv[0]), [-e for e in kv[0]]))
    return [w for w in nf if w is not None], rules


def misere_quotient(game: Game, upto: int | None = None, *, need: int | None = None,
                    limit: int = DEFAULT_QUOTIENT_LIMIT, partial: bool = False) -> MisereQuotient:
    """The misère quotient of a heap game.

    With ``upto``: of heaps ``0 .. upto`` (and of every heap if the periodicity theorem applies on
    that range). Without: extended heap by heap until the periodicity theorem proves it for every
    heap, or (with ``need``) until it covers heaps up to ``need``. Raises
    :class:`~grundy.errors.SearchLimitError` past ``limit`` steps and
    :class:`~grundy.errors.NotSupportedError` when the quotient is too large or the game is not
    played heap by heap — unless ``partial``: then the next heap's refusal ends the growth, and
    the answer is the (verified) quotient of the heaps settled before it, its reason saying why
    it stops there (the presentation then gets a fresh ``limit`` of its own).

    >>> from grundy.catalog import load_game
    >>> q = misere_quotient(load_game("dawson-kayles"), upto=12)
    >>> q.status, q.checked_upto, q.order % 2
    ('exact', 12, 0)
    """
    if not isinstance(game, HeapGame) or not game.heapwise:
        raise NotSupportedError(f"misère quotients are of heap games whose moves change one heap, "
                                f"not {game.spec}")
    if upto is not None and upto < 0:
        raise InvalidInputError(f"misère quotient: upto must be non-negative, got {upto!r}")
    steps = Steps(limit, game.spec)
    t = _period_rule(game)
    st = State([[0]], [False], [()])
    proof: tuple[int, int] | None = None
    checked = 1
    stopped = None
    while True:
        n = len(st.heap) - 1
        if upto is not None and n >= upto:
            break
        if upto is None:
            if need is not None and n >= need:
                break
            if t is not None and n and n % AUTO_CHECKPOINTS == 0:
                proof = _proved(st.heap, t)
                if proof is not None:
                    break
        try:
            st, checked = settle(st, game, steps)
        except ResourceLimitError:  # (a safety net: a refusal, never a shorter answer)
            raise
        except (SearchLimitError, NotSupportedError) as exc:
            if not partial:
                raise
            assert len(st.heap) == n + 1  # (settle builds a new state; the settled one is intact)
            stopped = (f"heap {n + 1} is not settled within the budget of {limit:,} steps"
                       if isinstance(exc, SearchLimitError) else f"heap {n + 1} is not settled: {exc}")
            steps = Steps(limit, game.spec)
            break
    return finish_quotient(game, st, checked, steps, proof, stopped)


def continue_quotient(game: HeapGame, st: State, upto: int, steps: Steps) -> MisereQuotient:
    """The quotient of heaps ``0..upto`` built on from a verified ``Q_n`` (``st``, ``n < upto``;
    a stored quotient, checked again when it was read)."""
    if not len(st.heap) - 1 < upto:
        raise InvalidInputError(f"{game.spec}: the quotient is of heaps up to {len(st.heap) - 1} "
                                f"already, not below upto={upto!r}")
    checked = 0
    while len(st.heap) - 1 < upto:
        st, checked = settle(st, game, steps)
    return finish_quotient(game, st, checked, steps)


def finish_quotient(game: HeapGame, st: State, checked: int, steps: Steps,
                    proof: tuple[int, int] | None = None, stopped: str | None = None) -> MisereQuotient:
    """The :class:`MisereQuotient` of a verified candidate ``st`` (``checked`` pairs verified):
    its presentation, and its status — proved by the periodicity theorem where it applies."""
    t = _period_rule(game)
    found = _find_period(st.heap)
    if proof is None and t is not None:
        proof = _proved(st.heap, t)
    nf, rel = _presentation(st, steps)
    names = _names(len(st.gens))
    n = len(st.heap) - 1
    if proof is not None:
        p, n0 = proof
        status = "proved"
        reason = (f"verified on every sum of heaps ≤ {n}; periodicity theorem: the heap images repeat "
                  f"with period {p} from heap {n0} through heap {n} ≥ 2·{n0} + 2·{p} + {t}, so every "
                  f"heap is covered")
    elif found is not None:
        p, n0 = found
        status = "observed"
        reason = (f"verified on every sum of heaps ≤ {n}; the heap images repeat with period {p} from "
                  f"heap {n0} up to {n}, not proved for larger heaps")
    else:
        p = n0 = None  # type: ignore[assignment]
        status = "exact"
        reason = f"verified on every sum of heaps ≤ {n}"
    if stopped is not None and proof is None:
        reason += f"; {stopped}"
    return MisereQuotient(
        game, tuple(tuple(row) for row in full_table(st.mul)), tuple(st.p), tuple(st.heap), tuple(st.opts),
        tuple(st.gens),
        tuple(_word_text(w, names) for w in nf), tuple(nf),
        tuple((_word_text(v, names), _word_text(nf[x], names)) for v, x in rel),
        p, n0, status, n, checked, reason)


def _proved(heap: Sequence[int], t: int) -> tuple[int, int] | None:
    """``(p, n0)`` when the periodicity theorem applies to heaps ``0..N`` (``N = len(heap) - 1``):
    ``heap[n + p] = heap[n]`` for ``n0 ≤ n ≤ N - p``, ``n0 ≥ 1`` and ``N ≥ 2·n0 + 2·p + t``."""
    top = len(heap) - 1
    for p in range(1, top // 2 + 1):
        n0 = top - p
        while n0 > 1 and heap[n0 - 1] == heap[n0 - 1 + p]:
            n0 -= 1
        if top >= 2 * n0 + 2 * p + t:
            return p, n0
    return None


_THEN = {"none": "; no move is left, and in misère play the player who cannot move wins",
         "wins": "; every listed move leaves a product in the P-portion",
         "loses": "; every move leaves a product outside it"}


@template("misere-quotient")
def _quotient_text(f: Facts) -> str:
    shown = " · ".join(f["images"]) + (" · …" if f["count"] > 8 else "")
    inside = "in" if f["p_portion"] else "not in"
    return (f"misère quotient of {f['game']} (order {f['order']}, {f['verified']}): "
            f"{shown} = {f['product']}, {inside} the P-portion") + _THEN.get(f.get("then", ""), "")
