"""Building misère quotients heap by heap: the guess, the verification and its repair
(the procedure of :mod:`grundy.theory.quotient`, whose module doc explains it).

A candidate is a :class:`State`: a finite commutative monoid (elements ``0..m-1``, ``0`` the
identity, a full multiplication table), its P-portion, the image of each heap ``0..n`` and the
set of images of each heap's options. :func:`grundy.theory.quotient_recal.settle` turns the
verified ``Q_n`` into the verified ``Q_{n+1}`` with these pieces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.errors import NotSupportedError, SearchLimitError
from grundy.model.game import HeapGame

if TYPE_CHECKING:
    import numpy as np

MAX_ORDER = 1_500
"""The largest quotient built (its multiplication table has ``order²`` entries)."""

MAX_POWERS = 64
"""How many copies of a new heap the guess follows before refusing."""

class Steps:
    def __init__(self, limit: int, spec: str) -> None:
        self.limit, self.spent, self.spec = limit, 0, spec

    def spend(self, units: int, what: str) -> None:
        self.spent += units
        if self.spent > self.limit:
            raise SearchLimitError(f"{self.spec}: the misère quotient needs more than {self.limit:,} "
                                   f"steps ({what}); raise limit=", parameters=("limit",))


class LazyMul(dict[int, list[int]]):
    """A candidate's multiplication table, each row built when first read (``m`` steps a row).

    Element ``d > 0`` is ``parent[d] · letter[d]`` with ``parent[d] < d``, and ``step[c][l]`` is
    ``c`` times letter ``l``, so row ``c`` is ``c, …`` with ``row[d] = step[row[parent[d]]][letter[d]]``.
    Most candidates are replaced after a few of their rows are read (the walks multiply by heap
    and option images only), so the ``m²`` table is built for the verified one alone.

    >>> t = LazyMul([[1], [0]], [-1, 0], [0, 0], Steps(10, "x"), "example")
    >>> t[1], t.full()
    ([1, 0], [[0, 1], [1, 0]])
    """

    def __init__(self, step: list[list[int]], parent: list[int], letter: list[int], steps: Steps,
                 what: str) -> None:
        super().__init__()
        self.step, self.parent, self.letter, self.steps, self.what = step, parent, letter, steps, what

    def __missing__(self, c: int) -> list[int]:
        step, parent, letter = self.step, self.parent, self.letter
        m = len(step)
        self.steps.spend(m, self.what)
        row = [c] * m
        for d in range(1, m):
            row[d] = step[row[parent[d]]][letter[d]]
        self[c] = row
        return row

    def full(self) -> list[list[int]]:
        """Every row, as lists."""
        return [self[c] for c in range(len(self.step))]


def full_table(mul: list[list[int]] | LazyMul) -> list[list[int]]:
    """``mul`` with every row built."""
    return mul.full() if isinstance(mul, LazyMul) else mul


def _key(word: tuple[int, ...]) -> tuple[int, ...]:
    """Multiset order of words (heap sizes sorted descending): every move makes a word smaller."""
    return word


@dataclass
class State:
    """``Q_n`` under construction: elements ``0..m-1`` (0 the identity)."""

    mul: list[list[int]] | LazyMul
    p: list[bool]
    rep: list[tuple[int, ...]]
    heap: list[int] = field(default_factory=lambda: [0])
    opts: list[frozenset[int]] = field(default_factory=lambda: [frozenset()])
    gens: list[int] = field(default_factory=list)
    seen: set[tuple[int, frozenset[int]]] | None = None
    """The pairs ``(x, O)`` its verification visited (once verified)."""

    @property
    def m(self) -> int:
        return len(self.p)


def _option_images(game: HeapGame, n: int, heap: list[int], mul: list[list[int]] | LazyMul,
                   steps: Steps) -> frozenset[int]:
    found: set[int] = set()
    count = 0
    for result in game.heap_options(n):
        x = 0
        for h in result:
            if not 0 <= h < n:
                raise NotSupportedError(f"{game.spec}: a move from heap {n} leaves {tuple(result)}, "
                                        f"not heaps smaller than {n}")
            x = mul[heap[h]][x]
        found.add(x)
        count += 1
    steps.spend(count + 1, f"options of heap {n}")
    return frozenset(found)


def _option_set_of_word(st: State, word: Iterable[int]) -> set[int]:
    x, o = 0, set[int]()
    mul = st.mul
    for j in word:
        row = mul[st.heap[j]]
        o = {row[y] for y in o} | {mul[t][x] for t in st.opts[j]}
        x = row[x]
    return o


def _extend(st: State, game: HeapGame, steps: Steps) -> State:
    """``Q_{n+1}`` from ``Q_n`` (``n = len(st.heap) - 1``): the guess of step 1 of the module doc."""
    n = len(st.heap)
    m, mul = st.m, st.mul
    t_set = _option_images(game, n, st.heap, mul, steps)
    order = sorted(range(m), key=lambda x: _key(st.rep[x]))
    below = [sorted(_option_set_of_word(st, st.rep[x])) for x in range(m)]
    steps.spend(m * (len(t_set) + 4), f"outcomes with heap {n}")
    columns = [list(st.p)]
    seen = {tuple(st.p): 0}
    while True:
        prev = columns[-1]
        col = [False] * m
        done = [False] * m
        for x in order:
            moves = bool(t_set) or bool(below[x])
            lost = moves and not any(prev[mul[x][t]] for t in t_set)
            if lost:
                for y in below[x]:
                    if not done[y]:
                        raise NotSupportedError(f"{game.spec}: quotient guess out of order at heap {n}")
                    if col[y]:
                        lost = False
                        break
            col[x], done[x] = lost, True
        steps.spend(m * (len(t_set) + 2), f"outcomes with heap {n}")
        key = tuple(col)
        if key in seen:
            start, end = seen[key], len(columns)
            break
        seen[key] = len(columns)
        columns.append(col)
        if len(columns) > MAX_POWERS:
            raise NotSupportedError(f"{game.spec}: copies of heap {n} do not repeat within "
                                    f"{MAX_POWERS} (no finite quotient found)")
    period = end - start

    def fold(k: int) -> int:
        return k if k < end else start + (k - start) % period

    # the candidate (x, k), 0 <= k < end, encoded x + m*k; reduce by indistinguishability
    size = m * end
    if size > 4 * MAX_ORDER * MAX_ORDER:
        raise NotSupportedError(f"{game.spec}: the quotient candidate at heap {n} is too large")
    gens = [(g, 0) for g in st.gens] + [(0, 1)]

    def times(s: int, g: tuple[int, int]) -> int:
        x, k = s % m, s // m
        return mul[x][g[0]] + m * fold(k + g[1])

    steps.spend(size * len(gens), f"reducing the candidate at heap {n}")
    trans = [[times(s, g) for g in gens] for s in range(size)]
    cls = moore_classes([1 if columns[s // m][s % m] else 0 for s in range(size)], trans, steps,
                        size * len(gens), f"reducing the candidate at heap {n}", game, n)
    # representatives: the least word of each class (k copies of heap n, then x's word)
    best: dict[int, tuple[tuple[int, ...], int]] = {}
    for s in range(size):
        x, k = s % m, s // m
        word = (n,) * k + st.rep[x]
        c = cls[s]
        if c not in best or _key(word) < _key(best[c][0]):
            best[c] = (word, s)
    # relabel: old elements keep their numbers where they stay distinct (they always do when the
    # guess holds), new ones follow in order of their words
    old_of = [cls[x] for x in range(m)]
    label: dict[int, int] = {}
    for x in range(m):
        label.setdefault(old_of[x], len(label))
    for c in sorted(best, key=lambda c: _key(best[c][0])):
        label.setdefault(c, len(label))
    inverse = {v: c for c, v in label.items()}
    new_m = len(label)
    steps.spend(new_m * new_m, f"multiplication table at heap {n}")
    reps_s = [best[inverse[i]][1] for i in range(new_m)]
    new_mul = [[0] * new_m for _ in range(new_m)]
    for i in range(new_m):
        xi, ki = reps_s[i] % m, reps_s[i] // m
        row = new_mul[i]
        for j in range(new_m):
            xj, kj = reps_s[j] % m, reps_s[j] // m
            row[j] = label[cls[mul[xi][xj] + m * fold(ki + kj)]]
    new_p = [columns[reps_s[i] // m][reps_s[i] % m] for i in range(new_m)]
    remap = [label[old_of[x]] for x in range(m)]
    image = label[cls[m * fold(1)]]
    out = State(new_mul, new_p, [best[inverse[i]][0] for i in range(new_m)],
                 [remap[h] for h in st.heap] + [image],
                 [frozenset(remap[t] for t in ts) for ts in st.opts]
                 + [frozenset(remap[t] for t in t_set)],
                 [])
    out.gens = _generators(new_mul, out.heap)
    return out


def _refine(st: State, game: HeapGame, steps: Steps,
            failure: list[tuple[tuple[int, ...], bool]] | None = None,
            known: set[tuple[int, frozenset[int]]] | None = None) -> tuple[State, int]:
    """Step 2 of the module doc, with repair: explore every reachable pair ``(x, O)`` of the
    candidate; if each is consistent (``x ∈ P`` iff ``O`` is non-empty and misses ``P``) the
    candidate is proved and returned unchanged. Otherwise the pairs themselves, with the outcome
    their options give, are minimised into the next candidate (right on every position one move
    deeper than before) — returned with ``0`` pairs verified. With ``failure`` given, the first
    inconsistent pair's word (heaps, largest first) and the outcome it should have are appended to
    it instead, and ``st`` is returned unchanged with ``0``; then ``known`` may give pairs already
    checked, a set closed under every letter (the walk of
    :func:`~grundy.theory.quotient_recal.first_failure`), which are not walked again."""
    if known is None:
        known = set()
    elif failure is None:
        raise ValueError("known pairs are for a verification that stops at the first failure")
    n = len(st.heap) - 1
    kinds: dict[tuple[int, frozenset[int]], int] = {}
    letter_of = [kinds.setdefault((st.heap[j], st.opts[j]), len(kinds)) for j in range(1, n + 1)]
    heap_of = {li: n - j for j, li in enumerate(reversed(letter_of))}  # least heap of each letter
    letters = list(kinds)
    mul, p = st.mul, st.p
    p_set = frozenset(x for x, isp in enumerate(p) if isp)
    rows = letter_rows(mul, letters)
    start: tuple[int, frozenset[int]] = (0, frozenset())
    raw = getattr(known, "raw", None) if known else None
    if failure is not None and st.m >= COMPILED_FROM_M and (not known or raw is not None):
        return _verify_compiled(st, steps, rows, heap_of, failure, known, raw, game, n)
    index = {start: 0}
    states = [start]
    trans: list[list[int]] = []
    parent: list[tuple[int, int]] = [(-1, -1)]
    consistent = True
    i = 0
    while i < len(states):
        x, o = states[i]
        out = bool(o) and o.isdisjoint(p_set)
        if p[x] != out:
            consistent = False
            if failure is not None:
                word, back = [], i
                while back:
                    back, li = parent[back]
                    word.append(heap_of[li])
                failure.append((tuple(sorted(word, reverse=True)), out))
                return st, 0
        steps.spend(len(letters) * (len(o) + 1), "verification")
        row = []
        for li, (rh, rts) in enumerate(rows):
            nxt = (rh[x], frozenset([rh[y] for y in o] + [rt[x] for rt in rts]))
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
        if len(states) > 50 * MAX_ORDER:
            raise NotSupportedError(f"{game.spec}: verifying the quotient of heaps ≤ {n} needs more "
                                    f"than {50 * MAX_ORDER:,} states")
    if consistent:
        st.seen = known.union(states)
        return st, len(st.seen)
    # Moore minimisation of the pairs by the outcome their options give
    cls = moore_classes([1 if (bool(o) and o.isdisjoint(p_set)) else 0 for _, o in states],
                        trans, steps, len(states) * len(letters), "refining the candidate", game, n)
    # classes numbered in order of first reach (BFS), the identity first
    label: dict[int, int] = {}
    first: list[int] = []
    for s in range(len(states)):
        if cls[s] not in label:
            label[cls[s]] = len(label)
            first.append(s)
    m = len(first)
    of = [label[c] for c in cls]
    step = [[of[trans[first[c]][li]] for li in range(len(letters))] for c in range(m)]
    # d = parent(d)·letter, in BFS order
    new_mul = LazyMul(step, [-1] + [of[parent[first[d]][0]] for d in range(1, m)],
                      [0] + [parent[first[d]][1] for d in range(1, m)], steps, "multiplication table")
    heap = [0] + [step[0][letter_of[j - 1]] for j in range(1, n + 1)]
    new_p = [bool(states[first[c]][1]) and not any(p[y] for y in states[first[c]][1]) for c in range(m)]
    opts = [frozenset[int]()] + [_option_images(game, j, heap, new_mul, steps) for j in range(1, n + 1)]
    return State(new_mul, new_p, _least_words(new_mul, heap, m), heap, opts,
                  _generators(new_mul, heap)), 0


COMPILED_FROM_M = 128
"""Candidates of at least this many elements are verified in compiled code
(:mod:`grundy.theory.quotient_walk`; the same pairs, in the same order, the same steps)."""


def _verify_compiled(st: State, steps: Steps, rows: list[tuple[list[int], list[list[int]]]],
                     heap_of: dict[int, int], failure: list[tuple[tuple[int, ...], bool]],
                     known: set[tuple[int, frozenset[int]]], raw: Any, game: HeapGame,
                     n: int) -> tuple[State, int]:
    """:func:`_refine` with ``failure`` given, its walk compiled."""
    from grundy.theory.quotient_walk import pair, walk

    trows = [rt for _, rts in rows for rt in rts]
    toff = [0]
    for _, rts in rows:
        toff.append(toff[-1] + len(rts))
    result = walk([rh for rh, _ in rows], trows, toff, st.p, (0, frozenset()), 1, 50 * MAX_ORDER,
                  steps.limit - steps.spent, raw)
    status, count, spent, parent, via, fails = result[:3] + result[7:10]
    steps.spend(int(spent), "verification")
    if status == 2:
        raise NotSupportedError(f"{game.spec}: verifying the quotient of heaps ≤ {n} needs more "
                                f"than {50 * MAX_ORDER:,} states")
    if status == 1:
        i = int(fails[0])
        word = []
        while i:
            word.append(heap_of[int(via[i])])
            i = int(parent[i])
        _, o = pair(result, int(fails[0]))
        failure.append((tuple(sorted(word, reverse=True)), bool(o) and not any(st.p[y] for y in o)))
        return st, 0
    st.seen = known.union(pair(result, i) for i in range(int(count)))
    return st, len(st.seen)


def moore_classes(cls: list[int], trans: list[list[int]] | np.ndarray, steps: Steps, per_round: int,
                  what: str, game: HeapGame, n: int) -> list[int]:
    """Moore's minimisation: the coarsest refinement of the classes ``cls`` (a number a state)
    that the transitions ``trans`` (a list of next states a state) respect, each round costing
    ``per_round`` steps of ``what``; refused past :data:`MAX_ORDER` classes (heaps ``≤ n``).
    Classes are numbered in order of their first state (as a dictionary of signatures would);
    with as many transitions from every state, a round is one sort of the signatures (numpy).

    >>> from grundy.catalog import load_game
    >>> moore_classes([0, 0, 1], [[1], [2], [2]], Steps(100, "kayles"), 3, "example", load_game("kayles"), 1)
    [0, 1, 2]
    """
    count = len(set(cls))
    table = _uniform(trans, len(cls))
    if table is None:
        while True:
            steps.spend(per_round, what)
            sig: dict[tuple[int, ...], int] = {}
            new = [sig.setdefault((cls[s], *(cls[t] for t in trans[s])), len(sig)) for s in range(len(cls))]
            if len(sig) == count:
                break
            cls, count = new, len(sig)
    else:
        import numpy as np

        current = np.asarray(cls, dtype=np.int64)
        _, current = np.unique(current, return_inverse=True)  # (labels 0..count-1: keys stay small)
        current = current.reshape(-1)
        start = current
        while True:
            steps.spend(per_round, what)
            ids = current
            for column in table.T:  # the signature's columns one at a time, renumbered densely
                _, ids = np.unique(ids * count + current[column], return_inverse=True)
                ids = ids.reshape(-1)
            _, first = np.unique(ids, return_index=True)
            if len(first) == count:
                break
            rank = np.empty(len(first), dtype=np.int64)
            rank[np.argsort(first)] = np.arange(len(first))
            current, count = rank[ids], len(first)
        cls = cls if current is start else current.tolist()
    if count > MAX_ORDER:
        raise NotSupportedError(f"{game.spec}: the misère quotient of heaps ≤ {n} has more than "
                                f"{MAX_ORDER:,} elements")
    return cls


def _uniform(trans: list[list[int]] | np.ndarray, size: int) -> np.ndarray | None:
    """``trans`` as a ``size × k`` array when every state has ``k ≥ 1`` transitions, else ``None``
    (and for fewer than :data:`SORTED_FROM` states: numpy is not loaded for a small quotient)."""
    if not isinstance(trans, list):
        return trans if trans.ndim == 2 and trans.shape[1] else None
    if size < SORTED_FROM or not trans or not trans[0] or any(len(row) != len(trans[0]) for row in trans):
        return None
    import numpy as np

    return np.asarray(trans, dtype=np.int64)


SORTED_FROM = 512
"""Moore's minimisation sorts the signatures with numpy from this many states on."""


def _grow(st: State, seen: set[tuple[int, frozenset[int]]], old: set[tuple[int, frozenset[int]]],
          steps: Steps) -> set[tuple[int, frozenset[int]]] | None:
    """The verified pairs ``seen`` (closed under the letters ``old``) extended by the new heap's
    letter; ``None`` if some new pair is inconsistent."""
    n = len(st.heap) - 1
    letter = (st.heap[n], st.opts[n])
    if letter in old:
        return seen
    mul, p = st.mul, st.p
    p_set = frozenset(x for x, isp in enumerate(p) if isp)
    letters = [*old, letter]
    rows = letter_rows(mul, letters)
    out = set(seen)
    todo = []
    rh, rts = rows[-1]
    for x, o in seen:
        nxt = (rh[x], frozenset([rh[y] for y in o] + [rt[x] for rt in rts]))
        if nxt not in out:
            out.add(nxt)
            todo.append(nxt)
    steps.spend(len(seen), "verification")
    while todo:
        x, o = todo.pop()
        if p[x] != (bool(o) and o.isdisjoint(p_set)):
            return None
        steps.spend(len(letters) * (len(o) + 1), "verification")
        for rh, rts in rows:
            nxt = (rh[x], frozenset([rh[y] for y in o] + [rt[x] for rt in rts]))
            if nxt not in out:
                out.add(nxt)
                todo.append(nxt)
    return out


def letter_rows(mul: list[list[int]] | LazyMul, letters: list[tuple[int, frozenset[int]]]
                ) -> list[tuple[list[int], list[list[int]]]]:
    """For each letter ``(h, T)`` of a walk, the rows of ``h`` and of each element of ``T`` (the
    table is commutative: ``x·h`` is ``mul[h][x]``)."""
    return [(mul[h], [mul[t] for t in ts]) for h, ts in letters]


def _generators(mul: list[list[int]] | LazyMul, heap: list[int]) -> list[int]:
    """Greedy generators: each heap image not yet generated by the earlier ones."""
    gens: list[int] = []
    reach = {0}
    for h in heap[1:]:
        if h not in reach:
            gens.append(h)
            frontier = list(reach)
            while frontier:
                nxt = {mul[h][y] for y in frontier}
                frontier = [z for z in nxt if z not in reach]
                reach.update(frontier)
    return gens


def _least_words(mul: list[list[int]] | LazyMul, heap: list[int], m: int) -> list[tuple[int, ...]]:
    """The least word (multiset order: largest heap first) of each element."""
    word: dict[int, tuple[int, ...]] = {0: ()}
    for j in range(1, len(heap)):
        if len(word) == m:
            break
        h = heap[j]
        before = sorted(word, key=lambda y: word[y])
        power, k = [0], 0
        seen_powers = {0}
        while True:
            k += 1
            nxt = mul[h][power[-1]]
            fresh = [y for y in before if mul[nxt][y] not in word]
            for y in fresh:  # least remainder first
                z = mul[nxt][y]
                if z not in word:
                    word[z] = (j,) * k + word[y]
            if nxt in seen_powers:
                break
            seen_powers.add(nxt)
            power.append(nxt)
    return [word[x] for x in range(m)]


