"""The guess of ``Q_{n+1}`` from ``Q_n`` (step 1 of :mod:`grundy.theory.quotient`): the outcomes
of ``X + k·H_{n+1}`` for each class ``x = [X]`` and ``k = 0, 1, …`` until the columns repeat, then
the pairs ``(x, k)`` reduced by indistinguishability.

>>> from grundy.catalog import load_game
>>> from grundy.theory.quotient.candidate import State, Steps
>>> st = State([[0]], [False], [()])
>>> for _ in range(3):
...     st = guess_next_heap(st, load_game("kayles"), Steps(10**6, "kayles"))
>>> st.m, st.heap
(6, [0, 1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.errors import NotSupportedError
from grundy.model.game import HeapGame
from grundy.theory.quotient.candidate import (
    MAX_ORDER,
    MAX_POWERS,
    LazyMul,
    State,
    Steps,
    full_table,
    generators,
    option_images,
    option_set_of_word,
)
from grundy.theory.quotient.moore import arrays_for, moore_classes


def guess_next_heap(st: State, game: HeapGame, steps: Steps) -> State:
    """``Q_{n+1}`` from ``Q_n`` (``n = len(st.heap) - 1``): the guess of step 1 of
    :mod:`grundy.theory.quotient`, to be verified."""
    n = len(st.heap)
    m, mul = st.m, st.mul
    t_set = option_images(game, n, st.heap, mul, steps)
    columns, start = _power_columns(st, game, n, t_set, steps)
    h = _same_monoid(st, columns, start, steps)
    if h is not None:  # what the reduction below would give, without it
        heap = [*st.heap, h]
        return State(st.mul, st.p, st.rep, heap, [*st.opts, t_set], generators(st.mul, heap))
    end = len(columns)
    period = end - start

    def fold(k: int) -> int:
        return k if k < end else start + (k - start) % period

    cls = _pair_classes(st, game, n, columns, fold, steps)
    best = _least_pairs(st, n, end, cls)
    label = _numbering(m, cls, best)
    inverse = {v: c for c, v in label.items()}
    new_m = len(label)
    steps.spend(new_m * new_m, f"multiplication table at heap {n}")
    reps_s = [best[inverse[i]][1] for i in range(new_m)]
    new_mul = _table(mul, m, reps_s, [label[c] for c in range(len(label))], cls, fold, end)
    new_p = [columns[reps_s[i] // m][reps_s[i] % m] for i in range(new_m)]
    remap = [label[cls[x]] for x in range(m)]
    heap = [remap[h] for h in st.heap] + [label[cls[m * fold(1)]]]
    opts = [frozenset(remap[t] for t in ts) for ts in st.opts] + [frozenset(remap[t] for t in t_set)]
    return State(new_mul, new_p, [best[inverse[i]][0] for i in range(new_m)], heap, opts,
                 generators(new_mul, heap))


def _same_monoid(st: State, columns: list[list[bool]], start: int, steps: Steps) -> int | None:
    """The element ``h`` of ``Q_n`` whose powers give the columns (``p[x·h^k]`` is column ``k`` at
    ``x``, and ``h^end = h^start`` as the columns fold), if one does; else ``None``.

    Then the reduction of the pairs ``(x, k)`` is ``Q_n`` itself, numbered as it is, with the new
    heap's image ``h``: ``(x, k) ↦ x·h^k`` is a homomorphism of the folded pairs onto ``Q_n`` that
    keeps every outcome, so pairs with one image are indistinguishable, and ``Q_n`` is reduced, so
    pairs with different images are not. (At most one ``h`` fits, as ``Q_n`` is reduced.)"""
    m, mul, p = st.m, st.mul, st.p
    end = len(columns)
    if end < 2:  # the new heap changes no outcome: the identity's image
        return 0
    first = columns[1]
    found = None
    for h in range(m):
        row = mul[h]
        if all(p[row[x]] == first[x] for x in range(m)):
            found = h
            break
    steps.spend(m * (found + 1 if found is not None else m), "outcomes with the new heap")
    if found is None:
        return None
    power = found
    for k in range(2, end):
        power = mul[found][power]
        row, col = mul[power], columns[k]
        if any(p[row[x]] != col[x] for x in range(m)):
            return None
    steps.spend(m * end, "outcomes with the new heap")
    powers = [0, found]
    for _ in range(end - 1):
        powers.append(mul[found][powers[-1]])
    return found if powers[end] == powers[start] else None


def _table(mul: list[list[int]] | LazyMul, m: int, reps: list[int], label: list[int], cls: list[int],
           fold: Callable[[int], int], end: int) -> list[list[int]]:
    """The multiplication of the reduced candidate: ``(x, k)(y, l) = (xy, fold(k + l))`` on the
    representatives ``reps`` (pairs encoded ``x + m·k``), mapped to the new numbers (numpy where
    :func:`~grundy.theory.quotient.moore.arrays_for` says so)."""
    new_m = len(reps)
    if not arrays_for(new_m):
        return [[label[cls[mul[ri % m][rj % m] + m * fold(ri // m + rj // m)]] for rj in reps] for ri in reps]
    import numpy as np

    xs = np.asarray(reps, dtype=np.int64) % m
    ks = np.asarray(reps, dtype=np.int64) // m
    table = np.asarray(full_table(mul), dtype=np.int64)
    folded = np.asarray([fold(k) for k in range(2 * end)], dtype=np.int64)
    pairs = table[xs[:, None], xs[None, :]] + m * folded[ks[:, None] + ks[None, :]]
    out: list[list[int]] = np.asarray(label, dtype=np.int64)[np.asarray(cls, dtype=np.int64)[pairs]].tolist()
    return out


def _power_columns(st: State, game: HeapGame, n: int, t_set: frozenset[int],
                   steps: Steps) -> tuple[list[list[bool]], int]:
    """Column ``k``: whether ``X + k·H_n`` is a P-position, for each class ``x = [X]`` (``X`` its
    least word), by the misère recursion; the columns until one repeats, and where its first copy
    stands (the columns from there on repeat)."""
    m, mul = st.m, st.mul
    order = sorted(range(m), key=lambda x: st.rep[x])
    below = [sorted(option_set_of_word(st, st.rep[x])) for x in range(m)]
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
            return columns, seen[key]
        seen[key] = len(columns)
        columns.append(col)
        if len(columns) > MAX_POWERS:
            raise NotSupportedError(f"{game.spec}: copies of heap {n} do not repeat within "
                                    f"{MAX_POWERS} (no finite quotient found)")


def _pair_classes(st: State, game: HeapGame, n: int, columns: list[list[bool]],
                  fold: Callable[[int], int],
                  steps: Steps) -> list[int]:
    """The pairs ``(x, k)`` (``0 ≤ k <`` the columns; encoded ``x + m·k``) with the product
    ``(x, k)(y, l) = (xy, fold(k + l))``, reduced by indistinguishability: each pair's class."""
    m, mul = st.m, st.mul
    size = m * len(columns)
    if size > 4 * MAX_ORDER * MAX_ORDER:
        raise NotSupportedError(f"{game.spec}: the quotient candidate at heap {n} is too large")
    gens = [(g, 0) for g in st.gens] + [(0, 1)]
    steps.spend(size * len(gens), f"reducing the candidate at heap {n}")
    trans = [[mul[s % m][g] + m * fold(s // m + k) for g, k in gens] for s in range(size)]
    return moore_classes([1 if columns[s // m][s % m] else 0 for s in range(size)], trans, steps,
                         size * len(gens), f"reducing the candidate at heap {n}", game, n)


def _least_pairs(st: State, n: int, end: int, cls: list[int]) -> dict[int, tuple[tuple[int, ...], int]]:
    """For each class, its least word (``k`` copies of heap ``n``, then ``x``'s word) and pair."""
    m = st.m
    best: dict[int, tuple[tuple[int, ...], int]] = {}
    for s in range(m * end):
        x, k = s % m, s // m
        word = (n,) * k + st.rep[x]
        c = cls[s]
        if c not in best or word < best[c][0]:
            best[c] = (word, s)
    return best


def _numbering(m: int, cls: list[int], best: dict[int, tuple[tuple[int, ...], int]]) -> dict[int, int]:
    """New element numbers: old elements keep theirs where they stay distinct (they always do when
    the guess holds), new ones follow in order of their least words."""
    label: dict[int, int] = {}
    for x in range(m):
        label.setdefault(cls[x], len(label))
    for c in sorted(best, key=lambda c: best[c][0]):
        label.setdefault(c, len(label))
    return label
