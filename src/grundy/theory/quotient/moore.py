"""Moore's partition refinement: the coarsest partition of a finite automaton's states that
keeps their classes and respects every transition — how a misère-quotient candidate is reduced
by indistinguishability."""

from __future__ import annotations

import sys
from itertools import chain
from itertools import count as counter
from operator import itemgetter
from typing import TYPE_CHECKING

from grundy.errors import NotSupportedError
from grundy.model.game import HeapGame
from grundy.theory.quotient.candidate import MAX_ORDER, Steps

if TYPE_CHECKING:
    import numpy as np


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
        width = len(trans[0]) if trans else 0
        if len(cls) >= 2 and all(len(row) == width for row in trans):
            return _refined_by_columns(cls, list(zip(*trans, strict=True)), steps, per_round, what, game, n)
        while True:
            steps.spend(per_round, what)
            get = cls.__getitem__
            sig: dict[tuple[int, ...], int] = {}
            new = [sig.setdefault((c, *map(get, row)), len(sig)) for c, row in zip(cls, trans, strict=True)]
            found = len(sig)
            if found == count:
                break
            cls, count = new, found
            _refuse_past_max(count, game, n)
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
            _refuse_past_max(len(first), game, n)
            rank = np.empty(len(first), dtype=np.int64)
            rank[np.argsort(first)] = np.arange(len(first))
            current, count = rank[ids], len(first)
        cls = cls if current is start else current.tolist()
    _refuse_past_max(count, game, n)
    return cls


def moore_columns(cls: list[int], columns: list[list[int]], steps: Steps, per_round: int, what: str,
                  game: HeapGame, n: int) -> list[int]:
    """:func:`moore_classes` with the transitions given column by column (``columns[g][x]``:
    where transition ``g`` takes state ``x``), on lists."""
    if len(cls) >= 2:
        return _refined_by_columns(cls, columns, steps, per_round, what, game, n)
    trans = [list(row) for row in zip(*columns, strict=True)] if columns else [[] for _ in cls]
    return moore_classes(cls, trans, steps, per_round, what, game, n)


def _refined_by_columns(cls: list[int], columns: list[tuple[int, ...]] | list[list[int]], steps: Steps,
                        per_round: int, what: str, game: HeapGame, n: int) -> list[int]:
    """:func:`moore_classes` with ``columns[g][x]`` the state ``x`` goes to by transition ``g``
    (at least two states), in C: a round reads each column's classes with an ``itemgetter``
    and labels each signature by its first state (``dict.setdefault`` against a counter); the
    last partition is numbered in order of first state at the end, as the rounds would."""
    start, count = cls, len(set(cls))
    gathers = [itemgetter(*column) for column in columns]
    while True:
        steps.spend(per_round, what)
        first: dict[tuple[int, ...], int] = {}
        signatures = zip(cls, *[gather(cls) for gather in gathers], strict=True)
        new = list(map(first.setdefault, signatures, counter()))
        if len(first) == count:
            break
        before, cls, grown, count = cls, new, len(first) - count, len(first)
        _refuse_past_max(count, game, n)
        if grown * FEW_SPLIT <= count and len(cls) >= FEW_SPLIT_FROM:
            cls, count = _few_split_rounds(before, cls, count, columns, steps, per_round, what, game, n)
            break
    _refuse_past_max(count, game, n)
    if cls is start:
        return cls
    number = {label: i for i, label in enumerate(dict.fromkeys(cls))}
    return list(map(number.__getitem__, cls))


FEW_SPLIT = 8
"""Moore's rounds go on class by class (:func:`_few_split_rounds`) once a round adds at most one
class for this many it has (and the automaton has :data:`FEW_SPLIT_FROM` states): the reductions
of recalibrated products often end in a long run of rounds that each split a few classes."""

FEW_SPLIT_FROM = 64
"""The fewest states for :data:`FEW_SPLIT`."""


def _few_split_rounds(before: list[int], cls: list[int], count: int,
                      columns: list[tuple[int, ...]] | list[list[int]], steps: Steps, per_round: int,
                      what: str, game: HeapGame, n: int) -> tuple[list[int], int]:
    """Moore's rounds after the one that refined ``before`` into ``cls`` (``count`` classes), with
    the same partitions, rounds and steps, but where a round looks only at the classes that can
    split: two states of a class that agreed on their successors' classes before the last round
    are told apart by this one only through a successor in a class that the last round split
    (its members ``moved``), so only the classes of those successors' predecessors are refined,
    by their members' signatures. Returns the classes (labels in no particular order) and their
    count. (The labels of ``cls`` are below its length, as :func:`_refined_by_columns` gives
    them; new ones are taken from there on.)"""
    size = len(cls)
    pred: list[list[int]] = [[] for _ in range(size)]
    for column in columns:
        for x, z in enumerate(column):
            pred[z].append(x)
    members: dict[int, list[int]] = {}
    for x, c in enumerate(cls):
        members.setdefault(c, []).append(x)
    split_from: dict[int, set[int]] = {}
    for b, c in zip(before, cls, strict=True):
        split_from.setdefault(b, set()).add(c)
    moved = [x for cs in split_from.values() if len(cs) > 1 for c in cs for x in members[c]]
    cls, fresh = list(cls), size
    while True:
        steps.spend(per_round, what)
        label = cls.__getitem__
        touched = set(map(label, chain.from_iterable(map(pred.__getitem__, moved))))
        several = [c for c in touched if len(members[c]) > 1]
        states = list(chain.from_iterable(map(members.__getitem__, several)))
        if not states:
            return cls, count
        pick = itemgetter(*states)
        first: dict[tuple[int, ...], int] = {}
        ids = list(map(first.setdefault, zip(pick(cls), *[map(label, pick(column)) for column in columns],
                                             strict=True), counter()))
        if len(first) == len(several):
            return cls, count
        fresh, moved = _relabel(states, ids, several, cls, members, fresh)
        count += len(first) - len(several)
        _refuse_past_max(count, game, n)


def _relabel(states: list[int], ids: list[int], several: list[int], cls: list[int],
             members: dict[int, list[int]], fresh: int) -> tuple[int, list[int]]:
    """:func:`_few_split_rounds`' new classes: in each class refined, the states whose signature
    (``ids``) is its first state's keep its label, the others get new ones (from ``fresh`` on);
    ``members`` follow. Returns the next new label and the members of the classes that split."""
    keep: dict[int, int] = {}
    new: dict[int, int] = {}
    split: set[int] = set()
    for x, i in zip(states, ids, strict=True):
        c = cls[x]
        if keep.setdefault(c, i) != i:
            lab = new.get(i)
            if lab is None:
                lab = new[i] = fresh
                fresh += 1
            cls[x] = lab
            split.add(c)
    moved: list[int] = []
    for c in split:
        old = members[c]
        moved += old
        members[c] = []
        for x in old:
            members.setdefault(cls[x], []).append(x)
    return fresh, moved


def _refuse_past_max(count: int, game: HeapGame, n: int) -> None:
    """Refuse a partition of more than :data:`MAX_ORDER` classes (rounds only refine: as soon as
    one has that many)."""
    if count > MAX_ORDER:
        raise NotSupportedError(f"{game.spec}: the misère quotient of heaps ≤ {n} has more than "
                                f"{MAX_ORDER:,} elements")


def _uniform(trans: list[list[int]] | np.ndarray, size: int) -> np.ndarray | None:
    """``trans`` as a ``size × k`` array when every state has ``k ≥ 1`` transitions, else ``None``
    (and where :func:`arrays_for` says no: numpy is not loaded for a small quotient)."""
    if not isinstance(trans, list):
        return trans if trans.ndim == 2 and trans.shape[1] else None
    if not arrays_for(size) or not trans or not trans[0] or any(len(row) != len(trans[0]) for row in trans):
        return None
    import numpy as np

    return np.asarray(trans, dtype=np.int64)


SORTED_FROM = 512
"""Moore's minimisation sorts the signatures with numpy from this many states on (and the guess's
table and a recalibrated product's columns are built with numpy from this many elements) — once
numpy is loaded: :func:`arrays_for`."""

NUMPY_AT_ONCE_FROM = 16384
"""From this many states or elements numpy is loaded for the work (loading it costs about 0.1 CPU
s, more than the lists cost on the products of 4,096–16,383 elements that the order-144 quotients
of 0.07, 0.17 and 0.4–0.43 build: they took 0.07–0.12 CPU s less without it)."""


def arrays_for(size: int) -> bool:
    """Whether work on ``size`` states or elements is done with numpy: from :data:`SORTED_FROM`
    when numpy is loaded already, from :data:`NUMPY_AT_ONCE_FROM` in any case. (Which way changes
    no result: both number the classes, and build the tables, the same.)"""
    return size >= SORTED_FROM and (size >= NUMPY_AT_ONCE_FROM or "numpy" in sys.modules)
