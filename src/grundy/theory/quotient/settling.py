"""Settling ``Q_{n+1}`` from a verified ``Q_n``: guess, look for a failing sum, recalibrate or
repair, until a candidate is verified (:func:`settle`).

>>> from grundy.catalog import load_game
>>> from grundy.theory.quotient.candidate import State, Steps
>>> game, steps = load_game("kayles"), Steps(10**6, "kayles")
>>> st = State([[0]], [False], [()])
>>> for _ in range(6):
...     st, checked = settle(st, game, steps)
>>> st.m, checked > 0
(12, True)
"""

from __future__ import annotations

from operator import itemgetter

from grundy.errors import NotSupportedError
from grundy.model.game import HeapGame
from grundy.theory.quotient import recalibration, verification
from grundy.theory.quotient.candidate import (
    Images,
    LazyMul,
    State,
    Steps,
    full_table,
    letter_rows,
    option_images,
    option_set_of_word,
)
from grundy.theory.quotient.guess import guess_next_heap
from grundy.theory.quotient.recalibration import powers
from grundy.theory.quotient.verification import (
    MAX_PAIRS,
    Failure,
    Letter,
    Pair,
    Rows,
    SwitchToCompiled,
    _mask,
    grow_verified,
    heap_letters,
    mask_moves,
    verify,
)


def first_failure(st: State, steps: Steps, more: list[tuple[int, ...]] | None = None,
                  most: int = 8, walked: list[set[Pair]] | None = None) -> Failure | None:
    """A quick look for a failing sum: the verification's walk, but only over the positions
    that contain the newest heap (where a candidate for ``Q_{n+1}`` built on a verified ``Q_n``
    fails, in practice), shortest first. Returns the sum (heaps, largest first) and the outcome
    it should have, or ``None`` when none is found — which proves nothing: the full verification
    still runs, but skips the pairs walked (every pair with the newest heap, checked and closed
    under the letters), appended to ``walked`` when the walk found nothing and ended. With
    ``more``: the walk goes on past the first failing sum until ``most`` are found (or the walk
    ends), and the later ones are appended to ``more`` (:func:`settle` tries them on the next
    candidates before walking again)."""
    n = len(st.heap) - 1
    letters, _, heap_of = heap_letters(st)
    rows = letter_rows(st.mul, letters)
    start = (st.heap[n], _mask(st.opts[n]))
    if verification.compiled_walk(st.m, steps):
        return _first_failure_compiled(st, steps, rows, heap_of, start, more, most, walked)
    before, found_before = steps.spent, None if more is None else len(more)
    try:
        found = _first_failure_python(st, steps, letters, heap_of, start, more, most, walked,
                                      verification.python_cap(st.m, steps))
    except SwitchToCompiled:  # (done again compiled, as if it had been from the start)
        steps.walked += steps.spent - before
        steps.spent = before
        if more is not None:
            del more[found_before:]
        return _first_failure_compiled(st, steps, rows, heap_of, start, more, most, walked)
    steps.walked += steps.spent - before
    return found


def _first_failure_python(st: State, steps: Steps, letters: list[Letter], heap_of: dict[int, int],
                          start: Pair, more: list[tuple[int, ...]] | None, most: int,
                          walked: list[set[Pair]] | None, cap: int) -> Failure | None:
    """:func:`first_failure`'s walk in Python (sets as bit masks);
    :class:`~grundy.theory.quotient.verification.SwitchToCompiled` when ``steps.spent`` passes
    ``cap``.

    A pair ``s`` first reached from ``r`` by letter ``a`` is not taken by the letters ``b``
    before ``a`` while no pair has failed: the letters commute (the table does), so ``b`` takes
    ``s`` to ``a``'s image of ``r``'s ``b``-image, a pair listed before ``s`` and so taken by
    every letter already (a failing pair is not taken further: then all letters are tried).
    The pairs, their order, parents and steps are the walk's over every letter."""
    n = len(st.heap) - 1
    p = st.p
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    heap_images, moves = mask_moves(st, letters)
    index = {start: 0}
    states = [start]
    parent: list[tuple[int, int]] = [(-1, -1)]
    found: Failure | None = None
    spend, count = steps.spend, len(letters)
    listed = list(enumerate(moves))
    tails = [listed[li:] for li in range(count)]
    i = 0
    while i < len(states):
        x, o = states[i]
        out = o != 0 and not o & p_mask
        if p[x] != out:
            word, back = [n], i
            while back:
                back, li = parent[back]
                word.append(heap_of[li])
            sorted_word = tuple(sorted(word, reverse=True))
            if found is None:
                found = sorted_word, out
            elif more is not None:
                more.append(sorted_word)
            if more is None or len(more) + 1 >= most:
                return found
            i += 1
            continue
        spend(count * (o.bit_count() + 1), "looking for a failing sum")
        if steps.spent > cap:
            raise SwitchToCompiled
        ohs = heap_images(o)
        for li, (rh, g, by_x) in tails[parent[i][1] if found is None and i else 0]:
            nxt = (rh[x], ohs[g] | by_x[x])
            if nxt not in index:
                index[nxt] = len(states)
                states.append(nxt)
                parent.append((i, li))
        i += 1
        if len(states) > MAX_PAIRS:
            return found
    if found is None and walked is not None:
        walked.append(set(states))
    return found


def _first_failure_compiled(st: State, steps: Steps, rows: Rows, heap_of: dict[int, int], start: Pair,
                            more: list[tuple[int, ...]] | None, most: int,
                            walked: list[set[Pair]] | None) -> Failure | None:
    """:func:`first_failure`'s walk in compiled code (same pairs, order and steps)."""
    from grundy.theory.quotient.walk import pair, walk, walked_pairs

    n = len(st.heap) - 1
    trows = [rt for _, rts in rows for rt in rts]
    toff = [0]
    for _, rts in rows:
        toff.append(toff[-1] + len(rts))
    stop_after = 1 if more is None else max(1, most - len(more))
    result = walk([rh for rh, _ in rows], trows, toff, st.p, start, stop_after, MAX_PAIRS,
                  steps.limit - steps.spent)
    status, spent, parent, via, fails = result[0], result[2], result[7], result[8], result[9]
    steps.spend(int(spent), "looking for a failing sum")
    found: Failure | None = None
    for i in fails.tolist():
        word, back = [n], i
        while back:
            word.append(heap_of[int(via[back])])
            back = int(parent[back])
        sorted_word = tuple(sorted(word, reverse=True))
        if found is None:
            _, o = pair(result, i)
            found = sorted_word, o != 0 and not any(st.p[y] for y in range(o.bit_length()) if o >> y & 1)
        elif more is not None:
            more.append(sorted_word)
    if status == 0 and found is None and walked is not None:
        walked.append(walked_pairs(result))
    return found


def still_failing(st: State, words: list[tuple[int, ...]], steps: Steps) -> Failure | None:
    """The first of ``words`` (failing sums of an earlier candidate) on which ``st`` fails too,
    with the outcome its options give in ``st``; the ones before it are dropped from ``words``."""
    while words:
        word = words.pop(0)
        o = option_set_of_word(st, word)
        x = 0
        for j in word:
            x = st.mul[st.heap[j]][x]
        steps.spend(len(word) * (len(o) + 1) + 1, "looking for a failing sum")
        out = bool(o) and not any(st.p[y] for y in o)
        if st.p[x] != out:
            return word, out
    return None


MAX_REPAIRS = 200
"""Repairs of one heap's candidate before refusing."""


def settle(base: State, game: HeapGame, steps: Steps) -> tuple[State, int]:
    """``Q_{n+1}`` from ``Q_n``: guess (:func:`~grundy.theory.quotient.guess.guess_next_heap`),
    verify (:func:`~grundy.theory.quotient.verification.verify`); on failure a failing sum —
    found by a quick walk over the positions with the new heap (:func:`first_failure`), else by
    the verification's own walk — is handed to
    :func:`~grundy.theory.quotient.recalibration.recalibrate_for`, which frees one or two of its
    heaps as a whole cyclic component (MisereSolver's recalibration) so that the word comes out right; when
    no such guess helps, a plain repair (the pairs minimised, right one move deeper) is the next
    candidate. Only a verified candidate is returned: the guesses change speed, never answers.
    One walk collects several failing sums; the next candidates are tried on the later ones
    first (a sum still failing is the next guess's target, with no walk), and a walk runs again
    only when none of them fails any more.
    When the new heap's options have the images of an earlier heap's, the base is the answer
    (:func:`_same_options`); when the new heap leaves the monoid as it was, the base's
    verification is extended by the new heap's letter only. Where the collected sums lead to a
    refusal (a candidate too large to verify), the heap is settled again with one fresh walk per
    round.

    The recalibrations get a hint (:class:`_IndexHint`): where the settlings of the last two
    heaps that grew the index of some heaps' images grew a heap's by as much, a heap freed now
    starts from its index grown as much again. Where the hint leads to a refusal, the heap is
    settled again without it (as above)."""
    agreed = _agreed(base.grown)
    hint = _IndexHint(base, agreed, steps) if agreed else None
    try:
        try:
            st, checked = _settle(base, game, steps, 6, hint)
        except NotSupportedError:
            if hint is None or not hint.found:
                raise
            st, checked = _settle(base, game, steps, 6, None)
    except NotSupportedError:
        st, checked = _settle(base, game, steps, 1, None)
    grown = _growth(base, st, steps)  # (the last two growths kept)
    st.grown = (*(base.grown or ())[-1:], grown) if grown else base.grown
    return st, checked


def _indices(mul: list[list[int]] | LazyMul, images: set[int], steps: Steps) -> dict[int, int]:
    """The index of each of ``images``: the least ``i`` with ``h^(i+p) = h^i`` for some ``p ≥ 1``
    (one step a power)."""
    found = {}
    for h in images:
        index, period = powers(mul, h)
        steps.spend(index + period, "indices of the heaps' images")
        found[h] = index
    return found


def _growth(base: State, st: State, steps: Steps) -> dict[int, int] | None:
    """How much the index of each heap's image grew from ``Q_n`` (``base``) to ``Q_{n+1}``
    (``st``), for the heaps whose grew; ``None`` when none did (always when the table is the
    same)."""
    if st.mul is base.mul:
        return None
    n = len(base.heap)
    before = _indices(base.mul, set(base.heap[1:]), steps)
    after = _indices(st.mul, set(st.heap[1:n]), steps)
    grown = {j: after[st.heap[j]] - before[base.heap[j]] for j in range(1, n)}
    return {j: d for j, d in grown.items() if d > 0} or None


def _agreed(grown: tuple[dict[int, int], ...] | None) -> dict[int, int]:
    """The growth of the heaps whose index grew by as much at the last two heaps that grew one
    (:attr:`State.grown`)."""
    if grown is None or len(grown) < 2:
        return {}
    return {j: d for j, d in grown[-1].items() if grown[-2].get(j) == d}


class _IndexHint:
    """The least index a recalibration gives each heap it frees while settling the heap after
    ``base`` (a guess: the verification judges the candidates): for a heap of ``agreed``
    (:func:`_agreed`), its index in ``base`` plus its growth, worked out when first asked for
    (:attr:`found`). On 0.26 and 0.27 every odd heap from 11 on (on 0.57 from 15 on) grows the
    indices of heaps 3, 4, 7 and 8 by one, on 4.7 every heap from 8 on those of heaps 2 and 4:
    freed once with the index it ends with, such a heap is not freed again for the next power
    (0.27 to heap 22: 62 recalibrations instead of 78)."""

    def __init__(self, base: State, agreed: dict[int, int], steps: Steps) -> None:
        self.base, self.agreed, self.steps = base, agreed, steps
        self.found: dict[int, int] | None = None

    def __call__(self) -> dict[int, int]:
        if self.found is None:
            base, agreed = self.base, self.agreed
            index = _indices(base.mul, {base.heap[j] for j in agreed}, self.steps)
            self.found = {j: index[base.heap[j]] + d for j, d in agreed.items()}
        return self.found


def _settle(base: State, game: HeapGame, steps: Steps, most: int,
            hint: _IndexHint | None) -> tuple[State, int]:
    """:func:`settle`, collecting up to ``most`` failing sums per walk, the recalibrations'
    ``hint`` (if any)."""
    n = len(base.heap)
    if base.seen is not None:
        same = _same_options(base, game, steps)
        if same is not None:
            return same, len(base.seen)
    cand = guess_next_heap(base, game, steps)
    if base.seen is not None and cand.m == base.m and cand.p == base.p and cand.mul == base.mul:
        images = base.images if base.images is not None else Images()
        grown = grow_verified(cand, base.seen, {(base.heap[j], base.opts[j]) for j in range(1, n)}, steps,
                              images)
        if grown is not None:  # same monoid: the verification carries over, new letter added
            cand.mul, cand.seen, cand.images = base.mul, grown, images  # (its table checked already)
            return cand, len(grown)
    pending: list[tuple[int, ...]] = []  # failing sums of an earlier candidate, to try first
    for _ in range(MAX_REPAIRS):
        quick = still_failing(cand, pending, steps)
        earlier = quick is not None  # (a failing sum of an earlier candidate)
        walked: list[set[Pair]] = []
        if quick is None:
            quick = first_failure(cand, steps, pending, most, walked)
        failure: list[Failure] = [] if quick is None else [quick]
        if quick is None:
            fixed, checked = verify(cand, game, steps, failure, walked[0] if walked else None)
            if checked:
                return _commutative(fixed, game, steps), checked
        recal = recalibration.recalibrate_for(cand, game, *failure[0], steps,
                                              hint() if hint is not None else None)
        if recal is not None:
            cand = recal
            continue
        if earlier:  # no guess fixes an earlier candidate's sum: walk this one's own sums first
            pending.clear()
            continue
        cand, _ = verify(cand, game, steps)
    raise NotSupportedError(f"{game.spec}: the quotient of heaps ≤ {n} was not settled "
                            f"after {MAX_REPAIRS} repairs")


def _same_options(base: State, game: HeapGame, steps: Steps) -> State | None:
    """``Q_{n+1}`` when the new heap's options have the images of some heap ``j``'s options in the
    verified ``Q_n``: then it is ``Q_n``, the new heap mapped to heap ``j``'s image. (Replacing
    every copy of the new heap by heap ``j`` in a position keeps its outcome, by induction on the
    position: the options' images are the same sets, so their outcomes are.) ``None`` otherwise."""
    n = len(base.heap)
    t_set = option_images(game, n, base.heap, base.mul, steps)
    for j in range(1, n):
        if base.opts[j] == t_set:
            return State(base.mul, base.p, base.rep, [*base.heap, base.heap[j]], [*base.opts, t_set],
                         base.gens, base.seen, base.images)
    return None


def _commutative(st: State, game: HeapGame, steps: Steps) -> State:
    """``st`` with its whole table built, after checking it is a commutative monoid: the walks
    multiply ``x`` by a heap image ``h`` as ``mul[h][x]``, which is ``x·h`` only then, and the
    extension of its verified pairs by a later heap's letter
    (:func:`~grundy.theory.quotient.verification.grow_verified`) leaves out moves that the
    letters commuting makes idle (every candidate is a commutative monoid by construction; this
    makes the verified table's answers rest on no such claim). Associativity by Light's test:
    ``(x·g)·y = x·(g·y)`` for the generators ``g``, which must generate the table (no steps
    spent on it: it changes no answer, it only refuses a table that is not a monoid)."""
    mul = st.mul = full_table(st.mul)
    m = len(mul)
    steps.spend(m * (m - 1) // 2 + 1, "checking the quotient")
    if any(mul[x][y] != mul[y][x] for x in range(m) for y in range(x)):
        raise NotSupportedError(f"{game.spec}: a candidate quotient of heaps ≤ {len(st.heap) - 1} is "
                                f"not commutative (internal error)")
    if not _associative(mul, st.gens):
        raise NotSupportedError(f"{game.spec}: a candidate quotient of heaps ≤ {len(st.heap) - 1} is "
                                f"not an associative table generated by its heaps (internal error)")
    return st


def _associative(mul: list[list[int]], gens: list[int]) -> bool:
    """Whether ``gens`` generate the commutative table ``mul`` and pass Light's test (rows
    compared whole, in C)."""
    m = len(mul)
    reach, frontier = {0}, [0]
    while frontier:
        frontier = [z for z in {mul[g][y] for y in frontier for g in gens} if z not in reach]
        reach.update(frontier)
    if len(reach) != m:
        return False
    if m < 2:
        return True
    for g in gens:
        col_g, pick = mul[g], itemgetter(*mul[g])
        if any(tuple(mul[col_g[x]]) != pick(mul[x]) for x in range(m)):
            return False
    return True
