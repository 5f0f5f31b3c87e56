"""What bounds a query: its :class:`Budget` of steps (which decide the answer) with time and
memory as safety nets only (which can only refuse) and the progress hook it reports to, passed
explicitly (``budget=``; ``limit=N`` is the shorthand ``budget=Budget(N)``), and the one piece of
context that is not passed: the budget a game's own rules see behind the fixed game interface
(:func:`asked`, set by :class:`within`).

>>> asked() is None
True
>>> @asking
... def ask(*, limit=None, budget=None):
...     return asked().limit
>>> ask(limit=500), ask(budget=Budget(700))
(500, 700)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from functools import wraps
from itertools import islice

from grundy.errors import InvalidInputError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from contextvars import Token
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

_asked: ContextVar[Budget | int | None] = ContextVar("grundy_asked_budget", default=None)
"""The budget a game's own rules see behind the game interface (:func:`asked`); ``None``: none
given, the default; a plain budget is held as the steps it had left when the call began (an int,
what :func:`asked` makes a budget of), a query as itself.

Why this one piece of context is a context variable and not a parameter: the engine asks a game
about its positions through the fixed :class:`~grundy.model.game.Game` interface
(``options(position)``, the functions of its laws), which carries no budget, and a game of your
own (:mod:`grundy.define`) must spend the budget of the call that asked (``grundy_value(game, p,
limit=N)``: N steps, not the default; a query, :class:`~grundy.define.Answering`, shared) when
its move function runs inside that call. Everything else passes its budget explicitly (the
``budget=`` of the engine's and the solver's functions, the progress hook inside the budget).
The variable is set only by :class:`within` — by the public functions for their extent
(:func:`asking`) and by the engine where it calls a game's rules — and reset when they return;
it is per thread and per asyncio task, so concurrent calls never see each other's budget; and a
call given no budget sees none (the default), not the budget of a call it is nested in, unless
that is a query (a budget that is :attr:`Budget.shared`), which everything answering it shares."""


def asked() -> Budget | None:
    """The budget of the call being answered, as a game's own rules see it (see :data:`_asked`):
    a shared query itself, or a fresh budget of the steps the call had left when it began (the
    rules read its ``limit``, and spend a query of their own); ``None`` outside any call given
    one."""
    given = _asked.get()
    return Budget(given) if isinstance(given, int) else given


class within:  # (lower case: a context manager used as a function; no contextlib at start-up)
    """Run the block with :func:`asked` set to ``budget``: a query (:attr:`Budget.shared`) as it
    is, a plain budget as the steps it has left now (what the game's rules read, to spend their
    own steps, as many as the call had left), ``None`` as the default. Inside a query, a plain
    budget or ``None`` leaves the query in place: the query answers everything asked in it."""

    __slots__ = ("_budget", "_token")

    def __init__(self, budget: Budget | None) -> None:
        self._budget = budget
        self._token: Token[Budget | int | None] | None = None

    def __enter__(self) -> None:
        self._token = enter(self._budget)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _asked.reset(self._token)
            self._token = None


def enter(budget: Budget | int | None) -> Token[Budget | int | None] | None:
    """:class:`within`'s entry (``budget`` may also be a number of steps: ``limit=``), for the
    engine's hot paths (``_asked.reset(token)`` in a ``finally`` when the token is not ``None``)."""
    now = _asked.get()
    if isinstance(budget, Budget) and budget.shared:
        return _asked.set(budget)  # a query: itself
    if now is not None and not isinstance(now, int) and now.shared:
        return None  # inside a query: the query stays
    if budget is None:
        return None if now is None else _asked.set(None)
    return _asked.set(budget if isinstance(budget, int) else budget.room())  # (its steps left, now)


def one_budget(limit: int | None, budget: Budget | None) -> Budget | None:
    """The budget a call was given: ``budget=``, or ``limit=N`` as the shorthand ``Budget(N)``,
    or ``None`` (the default); both at once is an error.

    >>> one_budget(500, None).limit, one_budget(None, None)
    (500, None)
    >>> one_budget(500, Budget(10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: give limit=500 or budget=Budget(10), not both (...)
    """
    if budget is None:
        return None if limit is None else Budget(limit)
    if limit is not None:
        raise InvalidInputError(f"give limit={limit!r} or budget={budget!r}, not both "
                                f"(limit=N is short for budget=Budget(N))")
    return budget


def asking(fn: F) -> F:
    """Run ``fn`` :class:`within` the budget its ``budget=`` or ``limit=`` keywords give (see
    :func:`one_budget`; ``None``: the default, not the budget of a call it is nested in)."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        budget, limit = kwargs.get("budget"), kwargs.get("limit")
        if budget is None:
            if limit is None and _asked.get() is None:
                return fn(*args, **kwargs)  # (the common case: nothing to set)
            token = enter(limit)  # (the steps alone, for the game's rules to read)
        else:
            if limit is not None:
                one_budget(limit, budget)  # (refused: both given)
            token = enter(budget)
        try:
            return fn(*args, **kwargs)
        finally:
            if token is not None:
                _asked.reset(token)

    return wrapper  # type: ignore[return-value]


def resident_bytes() -> int | None:
    """This process's resident memory, or ``None`` where it cannot be read cheaply."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return None


_PAGE = 4096


DEFAULT_LIMIT = 2_000_000
"""Default budget of a single query's brute force, in units of work: one per position expanded
plus one per option listed (so a position with astronomically many options is refused too)."""

ProgressHook = Callable[[int], None]
"""A budget's progress hook (``Budget(..., progress=hook)``): called with the steps spent so far
now and then during a long search, to show a counter (it may raise, e.g. KeyboardInterrupt, to
stop the search); it never changes an answer."""
_PROGRESS_EVERY = 1 << 16


DEFAULT_SECONDS = 5.0
"""The default budget also stops a search after this much CPU time of the process, so that a
question too large for brute force is refused in seconds; an explicit ``limit`` (``--limit``)
bounds the steps only. A safety net only: it raises :class:`~grundy.errors.ResourceLimitError`,
which no fallback reads as "no answer here, try another way" (``tests/engine/test_safety_nets.py``),
so the clock can turn an answer into a refusal, never into a different answer."""

MEMORY_LIMIT = 4 * 2**30
"""A search stops once the process's resident memory passes this, whatever its step limit."""

_CHECK_EVERY = 1 << 14
"""Units of work between checks of the clock, the memory and the progress hook."""


Work = Callable[[], tuple[int, int, float]]
"""Work under way that a budget has not been charged for yet, as a refusal reads it
(:attr:`Budget.work`, set by whoever does it): its steps so far, the positions it explored (one
call of the move function each) and the CPU time it has taken."""


def per(seconds: float) -> str:
    """A time of CPU per unit of work, in the unit that suits it, to three significant digits.

    >>> per(2**-16), per(0.5), per(0.0123), per(12.5)
    ('15.3 µs', '500 ms', '12.3 ms', '12.5 s')
    """
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def _pattern_hint(game: Game) -> str:
    """Where a table can help (heap games, whose tables have periods and patterns), say so."""
    if isinstance(game, HeapGame):
        return ", or find a pattern to answer larger heaps with: analyze(game, upto=N)"
    return ""


def _hint_parameters(game: Game) -> tuple[str, ...]:
    """The parameters a budget's refusal names (the table only where :func:`_pattern_hint` does)."""
    return ("limit", "table") if isinstance(game, HeapGame) else ("limit",)


class Budget:
    """The work a query may still do: the one budget object a question carries, passed
    explicitly (``budget=``); a function that runs several searches gives each a :meth:`part` of
    it (the steps it allows, with its nets and progress hook), as ``limit=N`` gives each
    ``Budget(N)``.

    It counts steps up to ``limit`` — what decides an answer, so the same question gets the same
    answer on any machine — and, as safety nets only, time and memory, which can turn a runaway
    query into a refusal (:class:`~grundy.errors.ResourceLimitError`) but never into another
    answer. Two kinds of work are counted in the same steps:

    - a search's (:meth:`spend`: one step per position expanded, one per option listed; every few
      thousand steps the memory (``memory``, by default :data:`MEMORY_LIMIT`), the clock (for the
      default limit, :data:`DEFAULT_SECONDS`) and the progress hook are looked at);
    - the work of a query about your own games (:meth:`charge`, a fraction of a step per heap of
      a table; :meth:`check` reads the time and memory nets): a query,
      :class:`grundy.define.Answering`, is a budget of this class that also records the
      patterns it used.

    >>> budget = Budget(100, seconds=60.0)
    >>> budget.charge(12.5, "a table"); budget.room()
    87
    """

    __slots__ = ("_deadline", "_hook", "_next_check", "_next_report", "_seconds", "limit", "memory", "spent",
                 "standard", "work")

    clock = staticmethod(time.process_time)
    """The clock of the time net: the CPU time of this process, so that other work on the machine
    does not turn a search into a refusal."""
    clock_words = "s of CPU time"
    """How the time net's seconds are written in a refusal."""

    shared = False
    """Whether this budget is a query shared by everything that answers it, calls made inside it
    included (:class:`~grundy.define.Answering`), rather than one call's own (see :class:`within`)."""

    def __init__(self, limit: int, *, seconds: float | None = None, memory: int | None = None,
                 progress: ProgressHook | None = None) -> None:
        self.limit = limit
        self.spent = 0  # (an int for searches; a query's own work is charged in fractions too)
        self.memory = memory  # (None: MEMORY_LIMIT, read at each check)
        self.standard = False
        self.work: Work | None = None
        self._hook = progress
        self._next_check = _CHECK_EVERY
        self._next_report = _PROGRESS_EVERY
        if seconds is None and limit == DEFAULT_LIMIT:
            seconds = DEFAULT_SECONDS
        self._deadline = None if seconds is None else self.clock() + seconds
        self._seconds = seconds

    @classmethod
    def default(cls, *, progress: ProgressHook | None = None) -> Budget:
        """The default budget as an object (what a call given no budget spends: each search
        :data:`DEFAULT_LIMIT` steps, or less where the call says so), to carry a progress hook
        without changing the steps: a function given it answers as given none.

        >>> Budget.default().standard, Budget(DEFAULT_LIMIT).standard
        (True, False)
        """
        budget = cls(DEFAULT_LIMIT, progress=progress)
        budget.standard = True
        return budget

    def __repr__(self) -> str:
        return "Budget.default()" if self.standard else f"Budget({self.limit!r})"

    def part(self, limit: int, *, seconds: float | None = None) -> Budget:
        """A fresh budget of ``limit`` steps for one search of the question this budget answers,
        with this budget's safety nets (its clock, unless ``seconds`` is given; its memory) and
        its progress hook: what a function given ``budget=`` gives each search it runs, where it
        would give ``Budget(limit)`` to each with ``limit=``.

        >>> budget = Budget(1_000, seconds=60.0, progress=print)
        >>> part = budget.part(10); part.limit, part.seconds, part.progress is print
        (10, 60.0, True)
        """
        if seconds is None and not self.standard:
            seconds = self._seconds  # (a default budget's parts: the default nets, as Budget(limit))
        return Budget(limit, seconds=seconds, memory=self.memory, progress=self._hook)

    @property
    def progress(self) -> ProgressHook | None:
        """The progress hook (``None``: none)."""
        return self._hook

    @property
    def seconds(self) -> float | None:
        """The time net: how long the query may run (``None``: no limit)."""
        return self._seconds

    def room(self) -> int:
        """Steps left."""
        return max(0, int(self.limit - self.spent))

    def spend(self, units: int, game: Game) -> None:
        """Account for ``units`` of a search of ``game``, raising :class:`SearchLimitError` past
        the limit."""
        self.spent += units
        if self.spent > self.limit:
            raise SearchLimitError(
                f"{game.spec}: brute force would need more than {self.limit:,} steps "
                f"(positions and options); raise the limit (limit=){_pattern_hint(game)}",
                parameters=_hint_parameters(game), spec=game.spec)
        if self.spent >= self._next_check:
            self._check(game)

    def charge(self, steps: float, what: str) -> None:
        """Account for ``steps`` of a query's own work; past the limit, a
        :class:`SearchLimitError` about ``what``."""
        self.spent += steps  # type: ignore[assignment]  # (fractions of a step: see the class)
        if self.spent > self.limit:
            raise SearchLimitError(f"{what} needs more than {self.limit:,} steps (positions and "
                                   f"moves); raise limit=", parameters=("limit",))

    def check(self, what: str) -> None:
        """The safety nets of a query's own work: refuse once ``what`` has run too long or the
        process has grown past ``memory``, saying what was measured (:meth:`measured`)."""
        if self._deadline is not None and self.clock() > self._deadline:
            raise ResourceLimitError(f"{what} stopped after {self._seconds:g} {self.clock_words} without "
                                     f"an answer (the time limit of a budget of {self.limit:,} steps): "
                                     f"{self.measured()}")
        used = resident_bytes()
        if used is not None and used > (MEMORY_LIMIT if self.memory is None else self.memory):
            raise ResourceLimitError(f"{what} stopped at {used / 2**30:.1f} GiB of memory without an "
                                     f"answer: {self.measured()}")

    def measured(self) -> str:
        """What the work so far measured, for a refusal: the steps spent (those charged and those
        of the :attr:`work` under way), and the CPU time a position explored (by one call of the
        move function each) where a graph is being explored, else a step. Slow positions point
        to the move function; many quick ones to too many positions reachable.

        >>> budget = Budget(1_000, seconds=60.0)
        >>> budget.charge(250, "a table"); budget.measured()  # doctest: +ELLIPSIS
        '250 steps spent, ... of CPU time a step'
        """
        steps = int(self.spent)
        work = self.work
        calls, busy = 0, 0.0
        if work is not None:
            more, calls, busy = work()
            steps += more
        text = f"{steps:,} steps spent"
        if calls:
            return (f"{text}, {calls:,} position{'s' * (calls != 1)} explored (a call of the move "
                    f"function each), {per(busy / calls)} of CPU time a position")
        if steps and self._deadline is not None and self._seconds is not None:
            elapsed = self.clock() - (self._deadline - self._seconds)
            return f"{text}, {per(elapsed / steps)} of CPU time a step"
        return text

    def _check(self, game: Game) -> None:
        self._next_check = self.spent + _CHECK_EVERY
        if self._deadline is not None and self.clock() > self._deadline:
            assert self._seconds is not None
            elapsed = self.clock() - (self._deadline - self._seconds)
            raise ResourceLimitError(
                f"{game.spec}: brute force stopped after {self._seconds:g} {self.clock_words} and "
                f"{self.spent:,} steps ({per(elapsed / self.spent)} of CPU time a step) without an "
                f"answer; raise the step limit (limit=) to search longer"
                f"{_pattern_hint(game)}", parameters=_hint_parameters(game), spec=game.spec)
        used = resident_bytes()
        memory = MEMORY_LIMIT if self.memory is None else self.memory
        if used is not None and used > memory:
            raise ResourceLimitError(
                f"{game.spec}: brute force stopped at {used / 2**30:.1f} GiB of memory after "
                f"{self.spent:,} steps (the limit is {memory / 2**30:g} GiB): the positions are "
                f"too large or too many to search")
        if self._hook is not None and self.spent >= self._next_report:
            self._next_report = self.spent + _PROGRESS_EVERY
            self._hook(self.spent)

    def take(self, items: Iterable[Any], game: Game) -> list[Any]:
        """``list(items)``, but stop with :class:`SearchLimitError` once the budget runs out."""
        taken = list(islice(items, self.limit - self.spent + 1))
        self.spend(len(taken), game)
        return taken
