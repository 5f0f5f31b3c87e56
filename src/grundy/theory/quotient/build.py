"""Building the misère quotient heap by heap (:func:`misere_quotient`), on from a stored one
(:func:`continue_quotient`), and the answer of a verified candidate (:func:`finish_quotient`).

>>> from grundy.catalog import load_game
>>> q = misere_quotient(load_game("octal(0.75)"), upto=30)
>>> q.order, q.status
(8, 'proved')
>>> q.outcome((5, 9, 1000)).value
'N'
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame
from grundy.theory.quotient.candidate import State, Steps, full_table
from grundy.theory.quotient.periods import period_rule, proved_period, seen_period
from grundy.theory.quotient.presentation import element_names, presentation, word_text
from grundy.theory.quotient.result import MisereQuotient
from grundy.theory.quotient.settling import settle

DEFAULT_QUOTIENT_LIMIT = 10_000_000
"""Default budget (steps: table entries, options, verification states) of one quotient."""

AUTO_CHECKPOINTS = 8
"""Heaps between two looks for a proved period while extending automatically."""


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
    t = period_rule(game)
    st = State([[0]], [False], [()])
    proof: tuple[int, int] | None = None
    checked = 1
    stopped = None
    with collector_paused():
        while True:
            n = len(st.heap) - 1
            if upto is not None and n >= upto:
                break
            if upto is None:
                if need is not None and n >= need:
                    break
                if t is not None and n and n % AUTO_CHECKPOINTS == 0:
                    proof = proved_period(st.heap, t)
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


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a quotient is built (and resumed as it
    was): the building makes no reference cycles (its objects are freed by reference counting as
    ever), but the collector's passes over its many sets, tuples and lists cost 5–10 % of the
    CPU time (``bench/miseresolver.py``)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def continue_quotient(game: HeapGame, st: State, upto: int, steps: Steps) -> MisereQuotient:
    """The quotient of heaps ``0..upto`` built on from a verified ``Q_n`` (``st``, ``n < upto``;
    a stored quotient, checked again when it was read)."""
    if not len(st.heap) - 1 < upto:
        raise InvalidInputError(f"{game.spec}: the quotient is of heaps up to {len(st.heap) - 1} "
                                f"already, not below upto={upto!r}")
    checked = 0
    with collector_paused():
        while len(st.heap) - 1 < upto:
            st, checked = settle(st, game, steps)
        return finish_quotient(game, st, checked, steps)


def finish_quotient(game: HeapGame, st: State, checked: int, steps: Steps,
                    proof: tuple[int, int] | None = None, stopped: str | None = None) -> MisereQuotient:
    """The :class:`MisereQuotient` of a verified candidate ``st`` (``checked`` pairs verified):
    its presentation, and its status — proved by the periodicity theorem where it applies."""
    t = period_rule(game)
    found = seen_period(st.heap)
    if proof is None and t is not None:
        proof = proved_period(st.heap, t)
    nf, rel = presentation(st, steps)
    names = element_names(len(st.gens))
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
        tuple(word_text(w, names) for w in nf), tuple(nf),
        tuple((word_text(v, names), word_text(nf[x], names)) for v, x in rel),
        p, n0, status, n, checked, reason)


