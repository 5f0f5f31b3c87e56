"""What bounds a query besides its steps: the process's memory, and the step limit a library call
was given, for games whose rules search with a budget of their own (users' games,
:mod:`grundy.define`, read it when no ``answering`` block sets one).

>>> asked_limit.get() is None
True
>>> @asking
... def ask(*, limit=None):
...     return asked_limit.get()
>>> ask(limit=500), ask()
(500, None)
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

asked_limit: ContextVar[int | None] = ContextVar("grundy_asked_limit", default=None)
"""The steps the library call being answered may still spend (``None``: not given).

Why a context variable and not a parameter: the engine asks a game about its positions through
the fixed :class:`~grundy.model.game.Game` interface (``options(position)``, its laws), which
carries no budget, and a user's own game (:mod:`grundy.define`) must spend the budget of the call
that asked (``grundy_value(game, p, limit=N)``: N steps, not the default) when its move function
runs inside that call. Everything that can carry a budget explicitly does (``budget=`` of the
engine's functions, the :class:`~grundy.engine.search.Budget` of an
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
