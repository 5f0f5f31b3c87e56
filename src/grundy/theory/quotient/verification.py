"""The verification of a misère-quotient candidate (step 2 of :mod:`grundy.theory.quotient`) and
its repair: every pair ``(x, O)`` reachable from ``(1, ∅)`` by adding heaps is visited once and
checked (``x ∈ P`` iff ``O`` is non-empty and misses ``P``); an inconsistent candidate is either
reported by its first failing sum or repaired (the pairs minimised, right one move deeper).

>>> from grundy.catalog import load_game
>>> from grundy.theory.quotient.candidate import State, Steps
>>> from grundy.theory.quotient.guess import guess_next_heap
>>> game, steps = load_game("kayles"), Steps(10**6, "kayles")
>>> st = State([[0]], [False], [()])
>>> for _ in range(3):
...     st = guess_next_heap(st, game, steps)
>>> verify(st, game, steps)[1] > 0   # pairs verified: the guess is right
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import reduce
from itertools import chain
from operator import or_
from typing import Any

from grundy.errors import NotSupportedError
from grundy.model.game import HeapGame
from grundy.theory.quotient.candidate import (
    MAX_ORDER,
    Images,
    LazyMul,
    State,
    Steps,
    generators,
    least_words,
    letter_rows,
    option_images,
)
from grundy.theory.quotient.moore import moore_classes

Pair = tuple[int, int]
"""A pair ``(x, O)`` of a walk: an element and a set of elements as a bit mask (bit ``y`` for ``y``)."""
Letter = tuple[int, frozenset[int]]
"""A letter ``(h, T)``: a heap's image and the set of its options' images."""
Rows = list[tuple[list[int], list[list[int]]]]
Failure = tuple[tuple[int, ...], bool]

COMPILED_FROM_M = 128
"""Candidates of at least this many elements may be walked in compiled code
(:mod:`grundy.theory.quotient.walk`; the same pairs, in the same order, the same steps), once
:func:`compiled_walk` says it is worth loading."""

PYTHON_WALK_STEPS = 10_000_000
"""Steps of walks in Python (about half a CPU second) after which the compiled walk is loaded
(about half a CPU second too: numba's import, numpy and the cached compiled functions): a quotient
whose walks are few and short never pays for it, and one whose walks are many pays at most about
as much again. A walk in Python that passes it is left and done again compiled (its steps given
back: the compiled walk spends the same)."""


class SwitchToCompiled(Exception):
    """A look for a failing sum in Python passed :func:`python_cap`: it is done again in compiled
    code (:func:`~grundy.theory.quotient.settling.first_failure`)."""


def compiled_loaded(steps: Steps) -> bool:
    """Whether the compiled code (:mod:`grundy.theory.quotient.walk`) is loaded, or worth loading
    now: the walks of this quotient in Python passed :data:`PYTHON_WALK_STEPS`."""
    return steps.walked >= PYTHON_WALK_STEPS or "grundy.theory.quotient.walk" in sys.modules


def compiled_walk(m: int, steps: Steps) -> bool:
    """Whether a walk over the pairs of a candidate of ``m`` elements runs compiled: from
    :data:`COMPILED_FROM_M` elements, once :func:`compiled_loaded` says so. (Which way changes no
    result: both walk the same pairs in the same order and spend the same steps.)"""
    return m >= COMPILED_FROM_M and compiled_loaded(steps)


def python_cap(m: int, steps: Steps) -> int:
    """The value of ``steps.spent`` past which a look for a failing sum in Python over a candidate
    of ``m`` elements stops (:class:`SwitchToCompiled`): where the walks in Python pass
    :data:`PYTHON_WALK_STEPS` (none below :data:`COMPILED_FROM_M` elements)."""
    if m < COMPILED_FROM_M:
        return 1 << 62
    return steps.spent + PYTHON_WALK_STEPS - steps.walked

MAX_PAIRS = 50 * MAX_ORDER
"""The most pairs a walk visits before refusing."""


def heap_letters(st: State) -> tuple[list[Letter], list[int], dict[int, int]]:
    """The distinct letters ``(h, T)`` (a heap's image and its options' images) of heaps ``1..n``,
    each heap's letter number, and the least heap of each letter."""
    n = len(st.heap) - 1
    kinds: dict[Letter, int] = {}
    letter_of = [kinds.setdefault((st.heap[j], st.opts[j]), len(kinds)) for j in range(1, n + 1)]
    heap_of: dict[int, int] = {}
    for j, li in enumerate(letter_of, start=1):
        heap_of.setdefault(li, j)
    return list(kinds), letter_of, heap_of


def verify(st: State, game: HeapGame, steps: Steps, failure: list[Failure] | None = None,
           known: set[Pair] | None = None) -> tuple[State, int]:
    """Step 2 of :mod:`grundy.theory.quotient`, with repair: explore every reachable pair
    ``(x, O)`` of the candidate; if each is consistent the candidate is proved and returned
    unchanged with the number of pairs verified. Otherwise the pairs themselves, with the outcome
    their options give, are minimised into the next candidate (right on every position one move
    deeper than before) — returned with ``0`` pairs verified. With ``failure`` given, the first
    inconsistent pair's word (heaps, largest first) and the outcome it should have are appended to
    it instead, and ``st`` is returned unchanged with ``0``; then ``known`` may give pairs already
    checked, a set closed under every letter (the walk of
    :func:`~grundy.theory.quotient.settling.first_failure`), which are not walked again."""
    if known is None:
        known = set()
    elif failure is None:
        raise ValueError("known pairs are for a verification that stops at the first failure")
    n = len(st.heap) - 1
    letters, letter_of, heap_of = heap_letters(st)
    rows = letter_rows(st.mul, letters)
    raw = getattr(known, "raw", None) if known else None
    if failure is not None and compiled_walk(st.m, steps) and (not known or raw is not None):
        return _verify_compiled(st, steps, rows, heap_of, failure, known, raw, game, n)
    before = steps.spent
    states, trans, parent, failed = _walk_all(st, letters, steps, known, failure is not None, game)
    steps.walked += steps.spent - before
    if failure is not None and failed is not None:
        word, back = [], failed
        while back:
            back, li = parent[back]
            word.append(heap_of[li])
        failure.append((tuple(sorted(word, reverse=True)), _lost(st.p, states[failed][1])))
        return st, 0
    if failed is None:
        st.seen = known.union(states)
        return st, len(st.seen)
    return _repair(st, game, steps, states, trans, parent, letter_of), 0


def _lost(p: list[bool], o: int) -> bool:
    """Whether a position whose options' images are ``o`` (a bit mask) is a misère P-position."""
    return o != 0 and not o & _mask(x for x, isp in enumerate(p) if isp)


def _walk_all(st: State, letters: list[Letter], steps: Steps, known: set[Pair], stop: bool, game: HeapGame
              ) -> tuple[list[Pair], list[list[int]], list[tuple[int, int]], int | None]:
    """The breadth-first walk from ``(1, ∅)`` (sets as bit masks): the pairs, each one's
    transitions (letters whose pair is in ``known`` left out), its parent and letter, and the first
    inconsistent pair (``None`` when all are consistent); with ``stop`` the walk ends there."""
    p = st.p
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    heap_images, moves = mask_moves(st, letters)
    start: Pair = (0, 0)
    index = {start: 0}
    states = [start]
    trans: list[list[int]] = []
    parent: list[tuple[int, int]] = [(-1, -1)]
    failed: int | None = None
    spend, count, limit = steps.spend, len(letters), MAX_PAIRS
    i = 0
    while i < len(states):
        x, o = states[i]
        if p[x] != (o != 0 and not o & p_mask) and failed is None:
            failed = i
            if stop:
                break
        spend(count * (o.bit_count() + 1), "verification")
        row = []
        ohs = heap_images(o)
        for li, (rh, g, by_x) in enumerate(moves):
            nxt = (rh[x], ohs[g] | by_x[x])
            k = index.get(nxt)
            if k is None:
                if nxt in known:
                    continue  # checked, and so is everything it leads to (no trans: no repair)
                k = index[nxt] = len(states)
                states.append(nxt)
                parent.append((i, li))
            row.append(k)
        trans.append(row)
        i += 1
        if len(states) > limit:
            raise NotSupportedError(f"{game.spec}: verifying the quotient of heaps ≤ {len(st.heap) - 1} "
                                    f"needs more than {MAX_PAIRS:,} states")
    return states, trans, parent, failed


Moves = list[tuple[list[int], int, list[int]]]
"""A walk's letters ``(h, T)``: the row of ``h``, the number of ``h`` among the distinct heap
images of the letters and ``xT`` for every ``x`` (a bit mask)."""


class HeapImages:
    """``O ↦ [Oh for each h]`` for the distinct heap images ``hs`` of a walk's letters (sets as bit
    masks), remembered: the images under every ``h`` at once, as one integer that holds them side
    by side (``m`` bits each) — the union over ``y`` in ``O`` of ``y``'s images, read off a table."""

    def __init__(self, mul: list[list[int]] | LazyMul, hs: tuple[int, ...], m: int) -> None:
        self.rows = [mul[h] for h in hs]
        self.side: list[int] | None = None  # (a table of len(hs) * m * m bits: only while small)
        if len(hs) * m * m <= SIDE_BITS:
            self.side = [sum(1 << (row[y] + g * m) for g, row in enumerate(self.rows)) for y in range(m)]
        self.shifts = [g * m for g in range(len(hs))]
        self.full = (1 << m) - 1
        self.met: dict[int, list[int]] = {}
        self.room = MET_BITS // max(1, len(hs) * m)  # sets remembered before the memory is cleared

    def __call__(self, o: int) -> list[int]:
        found = self.met.get(o)
        if found is None:
            if self.side is not None:
                both = reduce(or_, map(self.side.__getitem__, _members(o)), 0)
                full = self.full
                found = [both >> shift & full for shift in self.shifts]
            else:
                members = _members(o)
                found = [_mask(row[y] for y in members) for row in self.rows]
            if len(self.met) >= self.room:
                self.met.clear()
            self.met[o] = found
        return found


SIDE_BITS = 1 << 30
"""At most this many bits (128 MB) in a walk's table of images side by side; a larger candidate
(past grundy's bounds, as ``bench/quotient_beyond.py`` raises them) takes each image apart."""

MET_BITS = 1 << 31
"""At most about this many bits (256 MB) of images remembered by a walk; then they are forgotten
and found again (the steps spent are the same either way)."""


def mask_moves(st: State, letters: list[Letter]) -> tuple[HeapImages, Moves]:
    """The letters ``(h, T)`` of a walk as maps of pairs ``(x, O) ↦ (xh, Oh ∪ xT)`` on bit masks:
    the images ``Oh`` under the distinct ``h`` (:class:`HeapImages`, kept in ``st.images`` for
    the next walk over the same table with the same letters) and each letter (:data:`Moves`)."""
    if st.images is None:
        st.images = Images()
    images, mul = st.images, st.mul
    hs = tuple(sorted({h for h, _ in letters}))
    number = {h: g for g, h in enumerate(hs)}
    moves: Moves = []
    for h, ts in letters:
        by_x = images.of_letters.get((h, ts))
        if by_x is None:
            trows = [mul[t] for t in ts]
            by_x = images.of_letters[h, ts] = _row_masks(trows, st.m)
        moves.append((mul[h], number[h], by_x))
    heap_images = images.of_walks.get(hs)
    if heap_images is None:
        heap_images = images.of_walks[hs] = HeapImages(mul, hs, st.m)
    return heap_images, moves


def _repair(st: State, game: HeapGame, steps: Steps, states: list[Pair], trans: list[list[int]],
            parent: list[tuple[int, int]], letter_of: list[int]) -> State:
    """The next candidate: the pairs minimised (Moore) by the outcome their options give, classes
    numbered in order of first reach (the identity first), each class ``d`` the product of its
    first pair's parent's class and a letter."""
    n = len(st.heap) - 1
    p = st.p
    letters = len(trans[0]) if trans else 0
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    lost = [1 if o != 0 and not o & p_mask else 0 for _, o in states]
    cls = moore_classes(lost, trans, steps,
                        len(states) * letters, "refining the candidate", game, n)
    label: dict[int, int] = {}
    first: list[int] = []
    for s in range(len(states)):
        if cls[s] not in label:
            label[cls[s]] = len(label)
            first.append(s)
    m = len(first)
    of = [label[c] for c in cls]
    step = [[of[trans[first[c]][li]] for li in range(letters)] for c in range(m)]
    new_mul = LazyMul(step, [-1] + [of[parent[first[d]][0]] for d in range(1, m)],
                      [0] + [parent[first[d]][1] for d in range(1, m)], steps, "multiplication table")
    heap = [0] + [step[0][letter_of[j - 1]] for j in range(1, n + 1)]
    new_p = [lost[first[c]] == 1 for c in range(m)]
    opts = [frozenset[int]()] + [option_images(game, j, heap, new_mul, steps) for j in range(1, n + 1)]
    return State(new_mul, new_p, least_words(new_mul, heap, m), heap, opts, generators(new_mul, heap))


def _verify_compiled(st: State, steps: Steps, rows: Rows, heap_of: dict[int, int],
                     failure: list[Failure], known: set[Pair], raw: Any, game: HeapGame,
                     n: int) -> tuple[State, int]:
    """:func:`verify` with ``failure`` given, its walk compiled."""
    from grundy.theory.quotient.walk import pair, pairs, walk

    trows = [rt for _, rts in rows for rt in rts]
    toff = [0]
    for _, rts in rows:
        toff.append(toff[-1] + len(rts))
    result = walk([rh for rh, _ in rows], trows, toff, st.p, (0, 0), 1, MAX_PAIRS,
                  steps.limit - steps.spent, raw)
    status, _count, spent, parent, via, fails = result[:3] + result[7:10]
    steps.spend(int(spent), "verification")
    if status == 2:
        raise NotSupportedError(f"{game.spec}: verifying the quotient of heaps ≤ {n} needs more "
                                f"than {MAX_PAIRS:,} states")
    if status == 1:
        i = int(fails[0])
        word = []
        while i:
            word.append(heap_of[int(via[i])])
            i = int(parent[i])
        _, o = pair(result, int(fails[0]))
        failure.append((tuple(sorted(word, reverse=True)), _lost(st.p, o)))
        return st, 0
    st.seen = known.union(pairs(result))
    return st, len(st.seen)


def grow_verified(st: State, seen: set[Pair], old: set[Letter], steps: Steps,
                  images: Images | None = None) -> set[Pair] | None:
    """The verified pairs ``seen`` (closed under the letters ``old``) extended by the new heap's
    letter; ``None`` if some new pair is inconsistent. The walk runs on bit masks; ``images``
    remembers them and the products met (valid while the table is the same:
    :func:`~grundy.theory.quotient.settling.settle` hands it on from heap to heap).

    The letters' maps ``(x, O) ↦ (xh, Oh ∪ xT)`` commute (the table does): an old letter takes
    the new letter's image ``L(q)`` of a pair ``q`` of ``seen`` to ``L(q')``, ``q'`` the old
    letter's image of ``q`` — in ``seen``, so ``L(q')`` is among the pairs added first. Such a
    pair's old letters are not looked at (they add nothing), only its steps are spent; the pairs
    met and their order are the same."""
    n = len(st.heap) - 1
    letter = (st.heap[n], st.opts[n])
    if letter in old:
        return seen
    if images is None:
        images = Images()
    st.images = images  # (the table is the one these images are of)
    p = st.p
    p_mask = _mask(x for x, isp in enumerate(p) if isp)
    heap_images, moves = mask_moves(st, [*old, letter])
    out = set(seen)
    todo = []
    row, by_o, by_x, chunks = _letter_map(st, *letter, images)
    met, g = heap_images.met, moves[-1][1]
    for x, o in seen:
        oh = by_o.get(o)
        if oh is None:
            ohs = met.get(o)
            oh = by_o[o] = _moved(o, chunks) if ohs is None else ohs[g]
        nxt = (row[x], oh | by_x[x])
        if nxt not in out:
            out.add(nxt)
            todo.append(nxt)
    steps.spend(len(seen), "verification")
    first = len(todo)
    while todo:
        x, o = todo.pop()
        if p[x] != (o != 0 and not o & p_mask):
            return None
        steps.spend(len(moves) * (o.bit_count() + 1), "verification")
        if len(todo) < first:  # (the new letter's image of a pair of seen: see below)
            first = len(todo)
            oh = by_o.get(o)
            if oh is None:
                ohs = met.get(o)
                oh = by_o[o] = _moved(o, chunks) if ohs is None else ohs[g]
            nxt = (row[x], oh | by_x[x])
            if nxt not in out:
                out.add(nxt)
                todo.append(nxt)
            continue
        ohs = heap_images(o)
        for rh, gh, bx in moves:
            nxt = (rh[x], ohs[gh] | bx[x])
            if nxt not in out:
                out.add(nxt)
                todo.append(nxt)
    return out


def _mask(elements: Iterable[int]) -> int:
    """A set of elements as a bit mask."""
    mask = 0
    for y in elements:
        mask |= 1 << y
    return mask


def _row_masks(rows: list[list[int]], m: int) -> list[int]:
    """For each ``x < m``, the set ``{row[x] for row in rows}`` as a bit mask (each one or-ed in
    C)."""
    if not rows:
        return [0] * m
    bit = [1 << y for y in range(m)].__getitem__
    masks = list(map(bit, rows[0]))
    for row in rows[1:]:  # (a row at a time: each or-ed in C)
        masks = list(map(or_, masks, map(bit, row)))
    return masks


def _members(mask: int) -> list[int]:
    """The elements of a bit mask, in increasing order."""
    data = mask.to_bytes((mask.bit_length() + 7) >> 3, "little")
    while len(_BYTE_MEMBERS) < len(data):
        k = len(_BYTE_MEMBERS)
        _BYTE_MEMBERS.append([[8 * k + j for j in range(8) if b >> j & 1] for b in range(256)])
    return list(chain.from_iterable(map(list.__getitem__, _BYTE_MEMBERS, data)))


_BYTE_MEMBERS: list[list[list[int]]] = []
"""``_BYTE_MEMBERS[k][b]``: the elements of byte ``k`` of a mask when that byte is ``b`` (built
when first needed)."""


def _moved(mask: int, chunks: list[list[int]]) -> int:
    """The image of the set ``mask`` under a multiplication, a byte at a time (``chunks``:
    :func:`_byte_images`)."""
    image = 0
    for table in chunks:
        if not mask:
            break
        image |= table[mask & 255]
        mask >>= 8
    return image


def _byte_images(row: list[int]) -> list[list[int]]:
    """For each byte ``c`` of a mask, the image of each of its 256 values under ``row``."""
    chunks = []
    for base in range(0, len(row), 8):
        table = [0] * 256
        for bit, y in enumerate(row[base:base + 8]):
            one = 1 << y
            for v in range(1 << bit, 1 << (bit + 1)):
                table[v] = table[v - (1 << bit)] | one
        chunks.append(table)
    return chunks


def _letter_map(st: State, h: int, ts: frozenset[int], images: Images
                ) -> tuple[list[int], dict[int, int], list[int], list[list[int]]]:
    """A letter ``(h, T)`` as the pieces of its map of pairs ``(x, O) ↦ (xh, Oh ∪ xT)``: the row of
    ``h``, the images ``Oh`` remembered, ``xT`` for every ``x`` (sets as bit masks), and ``h``'s
    byte images (:func:`_byte_images`)."""
    mul = st.mul
    by_x = images.of_letters.get((h, ts))
    if by_x is None:
        trows = [mul[t] for t in ts]
        by_x = images.of_letters[h, ts] = _row_masks(trows, st.m)
    chunks = images.of_bytes.get(h)
    if chunks is None:
        chunks = images.of_bytes[h] = _byte_images(mul[h])
    return mul[h], images.of_sets.setdefault(h, {}), by_x, chunks
