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

from grundy.theory.quotient.build import (
    DEFAULT_QUOTIENT_LIMIT,
    continue_quotient,
    finish_quotient,
    misere_quotient,
)
from grundy.theory.quotient.result import MisereQuotient

__all__ = ["DEFAULT_QUOTIENT_LIMIT", "MisereQuotient", "continue_quotient", "finish_quotient",
           "misere_quotient"]
