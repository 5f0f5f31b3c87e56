"""The table of a user's heap game without a step budget (``grundy table``): ``G(n)`` for every
heap below a bound, at least as fast as the ``g[n] = mex(...)`` loop a user writes by hand.

The move function is called once per heap, as documented. Games whose options are all heaps (ints)
take the tightest loop: the option values are read in C (``set(map(g.__getitem__, options))``)
and the check that no option is negative (a negative index would silently read another heap's
value) is made once per chunk of heaps, in C, before any of the chunk's values is kept or the next
chunk starts. Anything unusual (a split, a non-int, a heap out of range, a failure of the user's
code) goes to the checked path of :meth:`UserHeapGame._slow_seen` and its clear errors; a
negative option found by the chunk check is reported at the first heap that returned one.

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

from typing import TYPE_CHECKING, Any

from grundy.errors import GrundyError, InvalidGameError
from grundy.model.periodic import Progress

if TYPE_CHECKING:
    from grundy.define import UserHeapGame

CHUNK = 4096
"""Heaps between two checks of the options for negative heaps (and calls of the progress hook)."""

LONG = 64
"""Options of one heap beyond which they are checked at once rather than with the chunk."""


def fill_all(game: UserHeapGame, g: list[int], stop: int, progress: Progress | None,
             splits: list[bool] | None = None) -> None:
    """Extend ``g = G(0..len(g)-1)`` to ``G(0..stop-1)``; ``splits`` (a list) receives whether a
    move of the heaps tabulated split a heap."""
    fn = game._call()
    mixed = game.has_splits
    seen_split = [False]
    try:
        _fill(game, fn, g, stop, progress, mixed, seen_split)
    finally:
        if splits is not None:
            splits.append(seen_split[0])


def _fill(game: UserHeapGame, fn: Any, g: list[int], stop: int, progress: Progress | None,
          mixed: bool, seen_split: list[bool]) -> None:
    while len(g) < stop:
        start = len(g)
        end = min(start + CHUNK, stop)
        heaps: list[int] = []  # every option of the chunk's heaps read so far (all-int games)
        try:
            if mixed:
                seen_split[0] |= _mixed(game, fn, g, end)
            else:
                mixed = _ints(game, fn, g, start, end, heaps)
                seen_split[0] |= mixed
        except BaseException:
            _audit(game, fn, g, start, end, heaps)  # an earlier negative option is the first error
            raise
        _audit(game, fn, g, start, end, heaps)
        if progress and len(g) >= end:
            progress(len(g), stop)


def _audit(game: UserHeapGame, fn: Any, g: list[int], start: int, end: int, heaps: list[int]) -> None:
    """If an option of heaps ``start..`` is negative, raise the clear error of the first heap
    that returned one (the chunk is read again option by option, the table cut back to
    ``start``)."""
    if not heaps or min(heaps) >= 0:
        return
    del g[start:]
    _mixed(game, fn, g, end)
    raise InvalidGameError(f"{game.spec}: the move function returned a negative heap at a heap "
                           f"from {start} to {end - 1}, and none when called again")


def _called(game: UserHeapGame, fn: Any, n: int) -> list[Any]:
    """The options of heap ``n`` as a list, a failure of the user's code one clear error."""
    try:
        options = fn(n)
    except GrundyError:
        raise
    except Exception as exc:
        raise game._raised(f"heap {n}", exc) from None
    return options if options.__class__ is list else game._listed(f"heap {n}", options)


def _ints(game: UserHeapGame, fn: Any, g: list[int], start: int, end: int,
          heaps: list[int]) -> bool:
    """Heaps ``len(g)..end-1`` (of the chunk from ``start``) of a game whose options so far were
    all ints; every option goes to ``heaps`` (for :func:`_audit`). At the first option that is
    not a plain heap, that heap goes through the checked path and this returns true (the game
    has splits from now on)."""
    append = g.append
    getitem = g.__getitem__
    long = LONG
    for n in range(len(g), end):
        try:
            options = fn(n)
        except GrundyError:
            raise
        except Exception as exc:
            raise game._raised(f"heap {n}", exc) from None
        if options.__class__ is not list:
            options = game._listed(f"heap {n}", options)
        try:
            seen = set(map(getitem, options))  # a negative option is caught by _audit
        except (TypeError, IndexError):
            _audit(game, fn, g, start, end, heaps)
            seen = game._slow_seen(n, options, g)  # raises, or the values of a heap with splits
            v = 0
            while v in seen:
                v += 1
            append(v)
            return True
        if len(options) <= long:
            heaps += options
        elif min(options) < 0:  # (a long list is checked at once: the chunk's list stays short)
            heaps.append(-1)
            _audit(game, fn, g, start, end, heaps)
        if 0 in seen:
            v = 1
            while v in seen:
                v += 1
            append(v)
        else:
            append(0)
    return False


def _mixed(game: UserHeapGame, fn: Any, g: list[int], end: int) -> bool:
    """Heaps ``len(g)..end-1`` of a game whose options may be splits (tuples of heaps), each
    option checked as it is read; whether an option split a heap."""
    append = g.append
    splits = False
    for n in range(len(g), end):
        options = _called(game, fn, n)
        seen: set[int] = set()
        add = seen.add
        try:
            for o in options:
                if o.__class__ is int:
                    if o < 0:
                        raise IndexError
                    add(g[o])
                elif len(o) == 2:
                    a, b = o
                    if a < 0 or b < 0:
                        raise IndexError
                    add(g[a] ^ g[b])
                    splits = True
                else:
                    x = 0
                    for h in o:  # (a non-int part fails to index g)
                        if h < 0:
                            raise IndexError
                        x ^= g[h]
                    add(x)
                    if len(o) > 2:
                        splits = True
        except (TypeError, IndexError, ValueError):
            seen = game._slow_seen(n, options, g)  # raises the clear error
        v = 0
        while v in seen:
            v += 1
        append(v)
    return splits
