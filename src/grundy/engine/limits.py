"""What bounds a query: its :class:`Budget` of steps (which decide the answer) with time and
memory as safety nets only (which can only refuse), the progress hook a budget reports to, and
the step limit a library call was given, for games whose rules search with a budget of their own
(users' games, :mod:`grundy.define`, read it when no ``answering`` block sets one).

>>> asked_limit.get() is None
True
>>> @asking
... def ask(*, limit=None):
...     return asked_limit.get()
>>> ask(limit=500), ask()
(500, None)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from functools import wraps
from itertools import islice

from grundy.errors import ResourceLimitError, SearchLimitError
from grundy.model.game import Game, HeapGame

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from contextvars import Token
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

asked_limit: ContextVar[int | None] = ContextVar("grundy_asked_limit", default=None)
"""The steps the library call being answered may still spend (``None``: not given).

Why a context variable and not a parameter: the engine asks a game about its positions through
the fixed :class:`~grundy.model.game.Game` interface (``options(position)``, its laws), which
carries no budget, and a user's own game (:mod:`grundy.define`) must spend the budget of the call
that asked (``grundy_value(game, p, limit=N)``: N steps, not the default) when its move function
runs inside that call. Everything that can carry a budget explicitly does (``budget=`` of the
engine's functions, the :class:`~grundy.engine.limits.Budget` of an
:class:`~grundy.define.Answering`); this variable only crosses the game interface, it is set for
the extent of one call (reset in a ``finally``), and it is per thread and per asyncio task, so
concurrent calls never see each other's limit."""


def asking(fn: F) -> F:
    """Run ``fn`` with :data:`asked_limit` set to its ``limit=`` keyword (or the room left in its
    ``budget=``), when one is given."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        budget = kwargs.get("budget")
        limit = kwargs.get("limit") if budget is None else budget.limit - budget.spent
        if limit is None:
            return fn(*args, **kwargs)
        token = asked_limit.set(limit)
        try:
            return fn(*args, **kwargs)
        finally:
            asked_limit.reset(token)

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
_progress: ContextVar[ProgressHook | None] = ContextVar("grundy_progress", default=None)
"""The hook of :class:`reporting_progress`, read by each :class:`Budget` when it is made.

Why a context variable and not a parameter: one question builds budgets at many depths (a sum's
parts, the remoteness, the misère search, an explanation, a user's game's own searches behind the
game interface), and the hook only displays a counter — it never changes an answer — so it is set
around the whole question by the command line (``with reporting_progress(hook)``) instead of being
threaded through every call. Scoped to that block, per thread and per asyncio task."""
_PROGRESS_EVERY = 1 << 16


class reporting_progress:  # (lower case: a context manager used as a function)
    """Call ``hook(units_of_work_so_far)`` now and then during brute-force searches in this block
    (``with reporting_progress(hook): ...``).

    The command line uses it to show a live counter; the hook may raise (e.g. KeyboardInterrupt)
    to stop the search. (A class, not a :func:`contextlib.contextmanager`: :mod:`contextlib` is
    not imported at start-up.)
    """

    def __init__(self, hook: ProgressHook) -> None:
        self._hook = hook
        self._tokens: list[Token[ProgressHook | None]] = []

    def __enter__(self) -> None:
        self._tokens.append(_progress.set(self._hook))

    def __exit__(self, *exc: object) -> None:
        _progress.reset(self._tokens.pop())


DEFAULT_SECONDS = 5.0
"""The default budget also stops a search after this long, so that a question too large for brute
force is refused in seconds; an explicit ``limit`` (``--limit``) bounds the steps only. A safety
net only: it raises :class:`~grundy.errors.ResourceLimitError`, which no fallback reads as "no
answer here, try another way" (``tests/engine/test_safety_nets.py``), so the clock can turn an
answer into a refusal, never into a different answer."""

MEMORY_LIMIT = 4 * 2**30
"""A search stops once the process's resident memory passes this, whatever its step limit."""

_CHECK_EVERY = 1 << 14
"""Units of work between checks of the clock, the memory and the progress hook."""


def _pattern_hint(game: Game) -> str:
    """Where a table can help (heap games, whose tables have periods and patterns), say so."""
    if isinstance(game, HeapGame):
        return ", or find a pattern to answer larger heaps with: analyze(game, upto=N)"
    return ""


def _hint_parameters(game: Game) -> tuple[str, ...]:
    """The parameters a budget's refusal names (the table only where :func:`_pattern_hint` does)."""
    return ("limit", "table") if isinstance(game, HeapGame) else ("limit",)


class Budget:
    """The work a query may still do: the one budget object a question carries, shared by every
    search and table that answers it.

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

    __slots__ = ("_deadline", "_hook", "_next_check", "_next_report", "_seconds", "limit", "memory", "spent")

    def __init__(self, limit: int, *, seconds: float | None = None, memory: int | None = None) -> None:
        self.limit = limit
        self.spent = 0  # (an int for searches; a query's own work is charged in fractions too)
        self.memory = memory  # (None: MEMORY_LIMIT, read at each check)
        self._hook = _progress.get()
        self._next_check = _CHECK_EVERY
        self._next_report = _PROGRESS_EVERY
        if seconds is None and limit == DEFAULT_LIMIT:
            seconds = DEFAULT_SECONDS
        self._deadline = None if seconds is None else time.monotonic() + seconds
        self._seconds = seconds

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
        process has grown past ``memory``."""
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise ResourceLimitError(f"{what} stopped after {self._seconds:g} s without an answer (the "
                                   f"time limit of a budget of {self.limit:,} steps); the move "
                                   f"function is too slow for this position")
        used = resident_bytes()
        if used is not None and used > (MEMORY_LIMIT if self.memory is None else self.memory):
            raise ResourceLimitError(f"{what} stopped at {used / 2**30:.1f} GiB of memory without an "
                                   f"answer: the move function lists too many options or too large "
                                   f"positions")

    def _check(self, game: Game) -> None:
        self._next_check = self.spent + _CHECK_EVERY
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise ResourceLimitError(
                f"{game.spec}: brute force stopped after {self._seconds:g} s and {self.spent:,} steps "
                f"without an answer; raise the step limit (limit=) to search longer"
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
