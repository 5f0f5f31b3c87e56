"""The table of a user's heap game without a step budget (``grundy table``): ``G(n)`` for every
heap below a bound, at least as fast as the ``g[n] = mex(...)`` loop a user writes by hand.

The move function is called once per heap, as documented, and every option is checked where it is
read: an int option must be ``>= 0`` (a negative index would silently read another heap's value;
one ``>= n`` fails to index the table, as does a non-int) and not ``True`` or ``False`` (which
index it as 1 and 0: the test ``h <= 1`` that precedes theirs costs a heap above 1 nothing more
than the sign test did), a split a tuple or list of such heaps.
The first option that is not a plain heap or split stops the fast loops, and its heap goes through
the checked path of :meth:`UserHeapGame._slow_seen`, which raises the clear error of a bad option.

While the values are small (below :data:`SMALL`, as in most games), the options' values are
collected as bits of one int and the mex is read from a table (:data:`MEX`, for the values below
16) or from the int (``(~b & (b + 1)).bit_length() - 1``): no set per heap. A larger value sends
the rest of the chunk of :data:`CHUNK` heaps to the loops with a set (the next chunk tries the
bits again).

A heap whose options are a ``range`` of heaps below it (step 1: :func:`counted_range`) sends the
rest of the table to :func:`by_ranges`, which reads each such mex from the heaps of each value
(:func:`value_index`), a step per value read rather than per option (CF 255E's heap of 7.7e11
has 876,000 options and a mex of 2).

>>> import grundy
>>> @grundy.heap_game("fill-doc")
... def take(n):
...     return [n - k for k in (1, 2) if k <= n] + [(1, n - 2)] * (n > 2)
>>> g = []
>>> _ = fill_all(grundy.load_game("fill-doc"), g, 8, None)
>>> g
[0, 1, 2, 3, 0, 1, 2, 3]
"""

from __future__ import annotations

import time
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from grundy.define.base import splits_among
from grundy.errors import GrundyError
from grundy.model.periodic import Progress

if TYPE_CHECKING:
    from grundy.define import UserHeapGame

CHUNK = 4096
"""Most heaps between two calls of the progress hook (and two tries of the loops with bits)."""

FIRST_CHUNK = 16
"""Heaps of the first chunk; a chunk doubles (up to :data:`CHUNK`) while one takes less than
:data:`CHUNK_SECONDS`, so that a game whose heaps are slow (many options each) still shows its
progress. (The clock only paces the progress display: every loop gives the same values.)"""

CHUNK_SECONDS = 0.1

SMALL = 32
"""Values (of an option: the XOR of a split's heaps) the loops with bits handle: ``0..SMALL-1``
(the bits of one machine word; past it the ints grow and a set is as fast)."""

BIT = [1 << v for v in range(SMALL)]
"""``1 << v`` for each small value ``v``."""


def _mex_table(bits: int) -> list[int]:
    """The mex of every set of values below ``bits``, indexed by the set as bits (its trailing
    ones), built by doubling: the sets with bit ``k`` are those without it, but for the full one.

    >>> _mex_table(3)
    [0, 1, 0, 2, 0, 1, 0, 3]
    """
    table = [0]
    for k in range(bits):
        table += [m if m < k else k + 1 for m in table]
    return table


MEX = _mex_table(16)
"""``MEX[b]``: the mex of the values whose bits are set in ``b``, for ``b < 2**16``."""


class OverBudget(Exception):
    """The table's steps ran past the budget given to :func:`fill_all` (heap ``len(g)`` not
    tabulated)."""


def fill_all(game: UserHeapGame, g: list[int], stop: int, progress: Progress | None,
             splits: list[bool] | None = None, budget: float = float("inf")) -> float:
    """Extend ``g = G(0..len(g)-1)`` to ``G(0..stop-1)``; ``splits`` (a list) receives whether a
    move of the heaps tabulated split a heap. Returns the steps done: a heap and each of its
    options one (three each once the game has shown a split); past ``budget`` steps,
    :class:`OverBudget` (counted per heap, before it is tabulated: the same table stops at the
    same heap on any machine)."""
    fn = game._call()
    mixed = game.has_splits
    seen_split = False
    chunk = FIRST_CHUNK
    left = budget
    index: list[list[int]] | None = None  # (once a heap's options are a range: value_index)
    try:
        while len(g) < stop:
            end = min(len(g) + chunk, stop)
            started = time.monotonic()
            small = True
            while len(g) < end:
                loop = (_splits_small_values if small else _splits_any_values) if mixed else \
                    (_heaps_small_values if small else _heaps_any_values)
                if index is None:
                    options, split, left = loop(game, fn, g, end, left)
                else:  # (a heap's options were a range: the loop that reads counts)
                    options, split, left = by_ranges(game, fn, g, end, left, index)
                seen_split |= split
                if options is None:
                    break
                if type(options) is range:  # (counted_range, not yet counted: by_ranges counts it)
                    if index is None:
                        index, left = value_index(g), left - len(g)
                    options, split, left = by_ranges(game, fn, g, end, left, index, options)
                    seen_split |= split
                    continue
                # heap len(g) is not a plain one: its options have a split, or a large value, or
                # a bad option (the clear error)
                n = len(g)
                seen = game._slow_seen(n, options, g)
                v = 0
                while v in seen:
                    v += 1
                g.append(v)
                seen_split |= splits_among(options)
                mixed = mixed or any(type(o) is not int for o in options)
                small = False
            if progress and len(g) >= end:
                progress(len(g), stop)
            if chunk < CHUNK and time.monotonic() - started < CHUNK_SECONDS:
                chunk *= 2
    finally:
        if splits is not None:
            splits.append(seen_split)
    return budget - left


def move_result(game: UserHeapGame, fn: Any, n: int) -> Any:
    """What the move function returns at heap ``n``, a failure of the user's code one clear
    error."""
    try:
        return fn(n)
    except GrundyError:
        raise
    except Exception as exc:
        raise game._raised(f"heap {n}", exc) from None


def listed_options(game: UserHeapGame, fn: Any, n: int) -> list[Any]:
    """The options of heap ``n`` as a list, a failure of the user's code one clear error (the
    hot loops below inline the common case: the call returned a list; the budgeted builder,
    ``UserHeapGame.fill_table`` with a limit, calls it)."""
    try:
        options = fn(n)
    except GrundyError:
        raise
    except Exception as exc:
        raise game._raised(f"heap {n}", exc) from None
    return options if type(options) is list else game._listed(f"heap {n}", options)


# The four loops below fill heaps len(g)..end-1 and return (None, whether a move split a heap, the
# steps left), or stop at the first heap they cannot value and return its options (the heap not
# yet in g; its steps already counted, so the slow path does not count them again).
Loop = tuple[list[Any] | None, bool, float]

def _heaps_small_values(game: UserHeapGame, fn: Any, g: list[int], end: int, left: float) -> Loop:
    """Options that are ints, values below :data:`SMALL`."""
    append = g.append
    bit = BIT
    mex = MEX
    limit = len(mex)
    listed = list
    for n in range(len(g), end):
        try:
            options = fn(n)  # (the user's own function: no frame in between)
        except GrundyError:
            raise
        except Exception as exc:
            raise game._raised(f"heap {n}", exc) from None
        if type(options) is not listed:
            if counted_range(options, n):
                return options, False, left  # (not counted: fill_all reads it by counts)
            options = game._listed(f"heap {n}", options)
        left -= len(options) + 1
        if left < 0:
            raise OverBudget
        b = 0
        try:
            for o in options:
                if o <= 1 and (o < 0 or o is True or o is False):  # (one test for a heap > 1)
                    return options, False, left
                b |= bit[g[o]]  # a heap >= n, a non-int or a large value raises
            append(mex[b] if b < limit else (~b & (b + 1)).bit_length() - 1)
        except Exception:
            return options, False, left
    return None, False, left


def _heaps_any_values(game: UserHeapGame, fn: Any, g: list[int], end: int, left: float) -> Loop:
    """Options that are ints, any values."""
    append = g.append
    for n in range(len(g), end):
        options = move_result(game, fn, n)
        if type(options) is not list:
            if counted_range(options, n):
                return options, False, left  # (not counted: fill_all reads it by counts)
            options = game._listed(f"heap {n}", options)
        left -= len(options) + 1
        if left < 0:
            raise OverBudget
        try:
            seen = {g[o] if o > 1 or (o >= 0 and o is not True and o is not False) else []
                    for o in options}  # ([] fails to hash: a negative or a bool)
        except Exception:
            return options, False, left
        v = 0
        while v in seen:
            v += 1
        append(v)
    return None, False, left


def _splits_small_values(game: UserHeapGame, fn: Any, g: list[int], end: int, left: float) -> Loop:
    """Options that are ints or splits (tuples or lists of ints), values below :data:`SMALL`."""
    append = g.append
    bit = BIT
    mex = MEX
    limit = len(mex)
    listed = list
    plain = int
    pair = tuple
    kind_of = type
    size = len
    split = False
    for n in range(len(g), end):
        try:
            options = fn(n)
        except GrundyError:
            raise
        except Exception as exc:
            raise game._raised(f"heap {n}", exc) from None
        if type(options) is not listed:
            if counted_range(options, n):
                return options, split, left  # (not counted: fill_all reads it by counts)
            options = game._listed(f"heap {n}", options)
        left -= 3 * len(options) + 1
        if left < 0:
            raise OverBudget
        b = 0
        try:
            for o in options:
                kind = kind_of(o)
                if kind is pair and size(o) == 2:
                    x, y = o
                    if ((x <= 1 and (x < 0 or x is True or x is False))
                            or (y <= 1 and (y < 0 or y is True or y is False))):
                        return options, split, left
                    b |= bit[g[x] ^ g[y]]
                    split = True
                elif kind is plain:
                    if o < 0:
                        return options, split, left
                    b |= bit[g[o]]
                elif kind is pair or kind is listed:
                    x = 0
                    for h in o:
                        if h <= 1 and (h < 0 or h is True or h is False):
                            return options, split, left
                        x ^= g[h]
                    b |= bit[x]
                    if size(o) > 1:
                        split = True
                else:
                    return options, split, left
            append(mex[b] if b < limit else (~b & (b + 1)).bit_length() - 1)
        except Exception:
            return options, split, left
    return None, split, left


def _splits_any_values(game: UserHeapGame, fn: Any, g: list[int], end: int, left: float) -> Loop:
    """Options that are ints or splits, any values."""
    append = g.append
    plain = int
    split = False
    for n in range(len(g), end):
        options = move_result(game, fn, n)
        if type(options) is not list:
            if counted_range(options, n):
                return options, split, left  # (not counted: fill_all reads it by counts)
            options = game._listed(f"heap {n}", options)
        left -= 3 * len(options) + 1
        if left < 0:
            raise OverBudget
        seen: set[int] = set()
        add = seen.add
        try:
            for o in options:
                kind = type(o)
                if kind is plain:
                    if o < 0:
                        return options, split, left
                    add(g[o])
                elif kind is tuple or kind is list:
                    x = 0
                    for h in o:
                        if h <= 1 and (h < 0 or h is True or h is False):
                            return options, split, left
                        x ^= g[h]
                    add(x)
                    if len(o) > 1:
                        split = True
                else:
                    return options, split, left
        except Exception:
            return options, split, left
        v = 0
        while v in seen:
            v += 1
        append(v)
    return None, split, left


# ---- options that are a range of heaps -----------------------------------------------------------

def counted_range(options: Any, n: int) -> bool:
    """Whether the options of heap ``n`` are a ``range`` of heaps below ``n`` with step 1 (read by
    counts; any other range is listed and checked as a list is)."""
    return type(options) is range and options.step == 1 and 0 <= options.start and options.stop <= n


def value_index(g: list[int]) -> list[list[int]]:
    """``index[v]``: the heaps (in order) whose value in ``g`` is ``v``.

    >>> value_index([0, 1, 0, 2])
    [[0, 2], [1], [3]]
    """
    index: list[list[int]] = []
    for h, v in enumerate(g):
        while len(index) <= v:
            index.append([])
        index[v].append(h)
    return index


def range_mex(index: list[list[int]], lo: int, hi: int) -> int:
    """The mex of the values of the heaps ``lo..hi-1`` (all in ``index``): one bisection per value
    up to the mex.

    >>> range_mex(value_index([0, 1, 0, 2]), 1, 3), range_mex(value_index([0, 1, 0, 2]), 3, 4)
    (2, 0)
    """
    v = 0
    for heaps in index:
        i = bisect_left(heaps, lo)
        if i == len(heaps) or heaps[i] >= hi:
            return v
        v += 1
    return v


def by_ranges(game: UserHeapGame, fn: Any, g: list[int], end: int, left: float,
              index: list[list[int]], first: range | None = None) -> Loop:
    """Fill heaps ``len(g)..end-1`` (``first``: the options of heap ``len(g)``, already asked)
    keeping ``index`` (:func:`value_index`) in step with ``g``: a heap whose options are a range
    below it (:func:`counted_range`) costs two steps and one per value read (its mex, plus one);
    any other heap its options (three each) and one, checked by the slow path. Returns as the
    loops above do; past the budget, :class:`OverBudget` (heap ``len(g)`` not tabulated; its
    argument: whether a move of the heaps tabulated split a heap)."""
    append = g.append
    split = False
    for n in range(len(g), end):
        options = first if first is not None else move_result(game, fn, n)
        first = None
        if counted_range(options, n):
            v = range_mex(index, options.start, options.stop)
            left -= v + 2
            if left < 0:
                raise OverBudget(split)
        else:
            if type(options) is not list:
                options = game._listed(f"heap {n}", options)
            left -= 3 * len(options) + 1
            if left < 0:
                raise OverBudget(split)
            seen = game._slow_seen(n, options, g)  # (the clear error of a bad option)
            split = split or splits_among(options)
            v = 0
            while v in seen:
                v += 1
        append(v)
        while len(index) <= v:
            index.append([])
        index[v].append(n)
    return None, split, left
