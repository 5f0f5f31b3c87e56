"""One budget per query for users' own games (:mod:`grundy.define`): steps, and as a safety net
time and memory, shared by every path that answers the query — the table of a heap game, the
pattern found in it and its local check, the graph of positions of any other game.

Steps decide what is answered (a table step — one heap or one option in the tight loop of
:meth:`~grundy.define.UserHeapGame.fill_table` — costs :data:`TABLE_STEP` of a step, since that
loop does about a quarter of the work of a search step); time and memory only stop a query that
runs away (a move function that builds a huge list), with a refusal.

>>> with answering(limit=1000) as context:
...     context.room()
1000
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from grundy.engine.limits import (
    _CHECK_EVERY,
    _PROGRESS_EVERY,
    DEFAULT_LIMIT,
    MEMORY_LIMIT,
    Budget,
    asked,
    resident_bytes,
    within,
)
from grundy.errors import SearchLimitError
from grundy.model.bounded import BoundedCache, kept
from grundy.patterns.record import Pattern

TABLE_STEP = 0.125
"""What one step of the table loop costs in search steps (see ``bench/own_game.py``: a heap or
an option of the loop takes about a tenth of the time of a search step; once the game has shown
a split, each option counts three)."""

SAFETY_SECONDS = 10.0
"""The safety net of the default budget: a query stops after this much CPU time of the process,
whatever its steps (CPU time, so that other work on the machine does not stop it)."""

MEMORY_ALLOWANCE = 512 * 2**20
"""Memory a query may add to the process (at least; 512 bytes a step for larger limits)."""

SECONDS_PER_STEP = 5e-6
"""The safety net of a larger ``--limit``: a query may run this much CPU time per step of its budget."""

_WATCH_EVERY = 0.05
"""Seconds between the watchdog's looks at the clock and the memory (main thread only)."""


class Answering(Budget):
    """One query: a :class:`~grundy.engine.limits.Budget` of ``limit`` steps (its time net
    :data:`SAFETY_SECONDS`, more for a larger limit; its memory net set when the watchdog is
    armed) that also records whether conjectured patterns are allowed, the patterns used, and the
    heaps whose values a checked pattern vouches for (filled in while answering). Its own work is
    counted with :meth:`~grundy.engine.limits.Budget.charge` (fractions of a step for a table's
    heaps) and checked with :meth:`~grundy.engine.limits.Budget.check`.

    >>> query = Answering(limit=1000)
    >>> query.charge(2.5, "a table"); query.room(), query.conjecture
    (997, False)
    """

    __slots__ = ("conjecture", "extended", "states", "used", "vouched")

    shared = True  # (one query, shared by everything that answers it: see engine.limits.within)

    def __init__(self, conjecture: bool = False, limit: int = DEFAULT_LIMIT) -> None:
        # (the Budget's fields set here directly, not through Budget.__init__: a query is made at
        # each question about a user's game, so its making is on the engine's path)
        seconds = max(SAFETY_SECONDS, limit * SECONDS_PER_STEP)
        self.limit, self.spent, self.memory, self._hook, self.standard = limit, 0, MEMORY_LIMIT, None, False
        self._next_check, self._next_report, self.work = _CHECK_EVERY, _PROGRESS_EVERY, None
        self._deadline, self._seconds = self.clock() + seconds, seconds
        self.conjecture = conjecture
        self.used: list[Pattern] = []
        self.vouched: dict[tuple[Any, Any], int] = {}
        self.extended: set[Any] = set()
        self.states: dict[tuple[str, Any], Any] = {}
        """The per-game states (:func:`game_state`) this query used, held until it ends."""

    def __repr__(self) -> str:
        return (f"Answering(conjecture={self.conjecture!r}, limit={self.limit!r}, spent={self.spent!r}, "
                f"used={self.used!r})")

    def measure_memory(self) -> None:
        """Set the memory the query may grow to, from what the process uses now (read when the
        watchdog is armed, not for every query: reading it is a file read)."""
        start = resident_bytes() or 0
        self.memory = min(MEMORY_LIMIT, start + max(MEMORY_ALLOWANCE, 512 * self.limit))

    def vouch(self, game: Any, where: str, value: int, options: dict[Any, int], pattern: Pattern) -> None:
        """The local check of a conjectured pattern: ``value`` (what the pattern gives the position
        ``where``) must be the mex of the values it gives the options (``options``: option →
        value); then the pattern vouches for all of them in this query. A refusal otherwise."""
        seen = set(options.values())
        mex = 0
        while mex in seen:
            mex += 1
        if mex != value:
            raise SearchLimitError(
                f"{game.spec}: no answer at {where}: the conjectured pattern {pattern.text} gives it "
                f"{value}, but the mex of the values it gives the options is {mex}, so the pattern "
                f"is false there")

    def remember(self, game: Any, position: Any, value: int, options: dict[Any, int]) -> None:
        """Record the values a checked pattern vouches for (the position's and its options')."""
        self.vouched[(game, position)] = value
        for option, v in options.items():
            self.vouched.setdefault((game, option), v)


_watched: list[Answering] = []


def _watchdog(signum: int, frame: Any) -> None:
    if _watched:
        _watched[-1].check("the query")  # raised here, inside whatever the query was running


@contextmanager
def answering(*, conjecture: bool = False, limit: int = DEFAULT_LIMIT) -> Iterator[Answering]:
    """Within this block (one query), users' games share one budget of ``limit`` steps; heaps
    beyond it are answered by a pattern — a proved one always, a conjectured one only with
    ``conjecture=True`` — checked at the heap asked about; the patterns used are listed in the
    yielded :class:`Answering` (``grundy solve --conjecture``). Once a user's game is asked
    something in the block (in the main thread), a watchdog also stops the block when it runs too
    long or uses too much memory (a move function that builds a huge list); a query about the
    catalogue's games alone never arms it.

    The block is the query's scope, as ``budget=`` of a call is a call's: functions called in it
    with no budget of their own answer the query (:class:`grundy.engine.limits.within`); a query
    may also be passed explicitly, ``grundy.solve(game, n, budget=query)``."""
    context = Answering(conjecture, limit)
    try:
        with within(context):
            yield context
    finally:
        _disarm(context)


_armed: dict[int, Any] = {}
"""id of the armed query → the SIGALRM handler it replaced."""


def _arm(context: Answering) -> None:
    """Start the watchdog for ``context`` (the first time a user's game is asked something):
    only in the main thread, only where the process has no SIGALRM handler and no interval timer
    of its own, and undone by :func:`_disarm` when the block ends (the handler the process had is
    put back: ``tests/engine/test_process_state.py``)."""
    if (_watched or threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, None)
            or signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0)):
        return
    context.measure_memory()
    _armed[id(context)] = signal.signal(signal.SIGALRM, _watchdog)
    _watched.append(context)
    signal.setitimer(signal.ITIMER_REAL, _WATCH_EVERY, _WATCH_EVERY)


def _disarm(context: Answering) -> None:
    if id(context) in _armed:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        _watched.remove(context)
        signal.signal(signal.SIGALRM, _armed.pop(id(context)))


def current() -> Answering:
    """The query being answered (:func:`grundy.engine.limits.asked`: the one piece of context
    that crosses the game interface); outside one, a fresh one, of the steps the library call
    was given (its ``limit=`` or ``budget=``), else the default budget."""
    given = asked()
    if not isinstance(given, Answering):
        return Answering() if given is None else Answering(limit=given.limit)
    if not _watched:
        _arm(given)
    return given


def active() -> Answering | None:
    """The query being answered, as :func:`current` gives it, but ``None`` outside
    :func:`answering` (where :func:`current` would make a fresh one): a caller that may need no
    budget at all makes that fresh one only when it does (one ``Answering()`` is what two calls
    of :func:`current` would give, outside a block: each a fresh one, nothing spent)."""
    context = asked()
    if not isinstance(context, Answering):
        return None
    if not _watched:
        _arm(context)
    return context


GAMES_KEPT = 256
"""Own games whose states (tables, patterns, explored positions) are kept between queries."""

_STATES: BoundedCache[tuple[str, Any], Any] = kept(__name__ + "._STATES", BoundedCache(GAMES_KEPT))

S = TypeVar("S")


def game_state(kind: str, game: Any, make: Callable[[], S]) -> S:
    """The state of ``kind`` (``"heap"``, ``"pair"``, ``"graph"``) of ``game`` (by class and
    parameters), made by ``make()`` when there is none. States are kept for the last
    :data:`GAMES_KEPT` games used; a state forgotten is rebuilt from the rules (the same values,
    found again), and none is forgotten while a query that used it is being answered.

    >>> game_state("doc", "g", list) is game_state("doc", "g", list)
    True
    """
    key = (kind, game)
    context = active()
    if context is not None:
        found = context.states.get(key)
        if found is not None:
            return found
    state: S = _STATES.get(key, make)
    if context is not None:
        context.states[key] = state
    return state
