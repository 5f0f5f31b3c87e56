"""Your own game in a few lines: the decorators :func:`heap_game` and :func:`game`.

A *heap game* is given by its move function ``moves(n)``: the options of one heap of ``n``, each
an ``int`` (a smaller heap), a tuple of ints (the heap splits into that many heaps, a sum) or
``()`` (the heap is gone). Several heaps are a disjunctive sum. Any other game is given by
``moves(position)`` over hashable positions; cycles are allowed (the answer is then win, lose or
draw, with Smith's generalised values). Keyword-only arguments with defaults are the game's
parameters: ``def take(n, *, k=3)`` makes ``take(k=5)`` a valid game spec.

Both decorators build a frozen dataclass (a :class:`~grundy.model.game.HeapGame` or
:class:`~grundy.model.game.Game` subclass, equal by parameters), register it in the catalogue
(so :func:`grundy.load_game`, sums and every command know the name), and return the function
itself, unchanged but for the attribute ``game_class`` (the generated class).

>>> import grundy
>>> @grundy.heap_game("take-doc")
... def take(n, *, k=2):
...     return [n - j for j in range(1, k + 1) if j <= n]
>>> [grundy.grundy_value(grundy.load_game("take-doc(k=3)"), n) for n in range(8)]
[0, 1, 2, 3, 0, 1, 2, 3]
>>> take(5), take.game_class.__name__
([4, 3], 'TakeDoc')
>>> grundy.solve(grundy.load_game("take-doc"), (7,)).winning_moves
[Move(label='7 → 6', to=(6,))]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field, make_dataclass
from typing import Any, TypeVar, overload

from grundy.catalog import find_entry, register
from grundy.define.base import _class_name, _describe, _parameters, _short
from grundy.define.domain import Domain
from grundy.define.query import Answering, answering
from grundy.define.sums import Sum
from grundy.define.user_games import UserGame, UserHeapGame
from grundy.errors import InvalidGameError
from grundy.model.bounded import Derived
from grundy.model.game import Game

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["Answering", "Sum", "UserGame", "UserHeapGame", "answering", "game", "heap_game"]


# ---- the decorators ---------------------------------------------------------------------------------

def _define(base: type, name: str, fn: Callable[..., Any], summary: str,
            parse: Callable[[str], Any] | None, fmt: Callable[[Any], str] | None,
            domain: Domain | None = None, start: Callable[..., Any] | None = None) -> type[Game]:
    if not callable(fn):
        raise InvalidGameError(f"game {name!r}: decorate a function, not {_short(fn)}")
    defaults = _parameters(fn, name)
    if "_derived" in defaults:  # (the name of the field each game derives its spec in)
        raise InvalidGameError(f"game {name!r}: parameter '_derived' is a name grundy uses; "
                               f"rename it")
    namespace = {"name": name.strip().lower(), "move_function": staticmethod(fn), "defaults": defaults,
                 "text_parse": None if parse is None else staticmethod(parse),
                 "text_format": None if fmt is None else staticmethod(fmt),
                 "__doc__": summary or _describe(fn), "__module__": getattr(fn, "__module__", __name__),
                 "origin": (getattr(fn, "__module__", ""), getattr(fn, "__qualname__", ""))}
    if domain is not None:
        namespace["domain"] = domain
    if start is not None:
        if not callable(start):
            raise InvalidGameError(f"game {name!r}: start must be a function of the game's parameters "
                                   f"(start=lambda k: (k, k)), got {_short(start)}")
        namespace["start_function"] = staticmethod(start)
    fields: list[Any] = [(k, type(v), field(default=v)) for k, v in defaults.items()]
    fields.append(("_derived", Derived, field(default_factory=Derived, init=False, repr=False,
                                              compare=False)))
    cls: type[Game] = make_dataclass(_class_name(name), fields,
                                     bases=(base,), namespace=namespace, frozen=True)
    previous = find_entry(name)
    target = previous.target if previous is not None else None
    same = getattr(target, "origin", None) == namespace["origin"]
    params = ", ".join(f"{k}={v}" for k, v in defaults.items())
    register(cls, summary=cls.__doc__ or "", params=f"({params})" if params else "", replace=same)
    return cls


def _function_name(fn: Callable[..., Any]) -> str:
    """The name a game decorated without one is registered under: the function's, with ``-``
    for ``_`` (``take_two`` → ``take-two``)."""
    return str(getattr(fn, "__name__", "game")).replace("_", "-").lower()


def _name_or_function(name: object, decorator: str) -> str | None:
    if name is None or isinstance(name, str):
        return name
    raise InvalidGameError(f"@grundy.{decorator}: the game's name must be a string, got {_short(name)}")


@overload
def heap_game(name: F, /) -> F: ...


@overload
def heap_game(name: str | None = None, *, summary: str = "", octal: str | None = None,
              splits: bool | None = None) -> Callable[[F], F]: ...


def heap_game(name: Any = None, *, summary: str = "", octal: str | None = None,
              splits: bool | None = None) -> Any:
    """Decorator: ``moves(n)`` lists the options of one heap of ``n`` (ints, tuples for splits,
    ``()`` for nothing left); the game is registered as ``name`` — or, written bare
    (``@grundy.heap_game``), under the function's name. Returns the function, with the
    generated class as its ``game_class`` attribute. ``octal="4.3303"`` declares the rules to be
    that octal game on every heap (checked on small heaps), so its periodicity theorem applies;
    ``splits=True`` declares that some move leaves two or more heaps (by default that is read,
    once, from the small heaps: :func:`~grundy.define.base.probe_splits`)."""
    if callable(name) and not isinstance(name, str):
        return heap_game(_function_name(name), summary=summary, octal=octal, splits=splits)(name)
    given = _name_or_function(name, "heap_game")
    code = None
    if octal is not None:
        from grundy.games.takebreak.octal import Octal, parse_code

        code = Octal(parse_code(octal)).code

    def decorate(fn: F) -> F:
        fn.game_class = _define(UserHeapGame, given or _function_name(fn), fn, summary,  # type: ignore[attr-defined]
                                None, None)
        fn.game_class.octal_code = code  # type: ignore[attr-defined]
        fn.game_class.declared_splits = splits  # type: ignore[attr-defined]
        return fn

    return decorate


@overload
def game(name: F, /) -> F: ...


@overload
def game(name: str | None = None, *, summary: str = "", parse: Callable[[str], Any] | None = None,
         format: Callable[[Any], str] | None = None, arity: int | None = None,
         minimum: int | tuple[int, ...] | None = None, valid: Callable[[Any], bool] | None = None,
         start: Callable[..., Any] | None = None) -> Callable[[F], F]: ...


def game(name: Any = None, *, summary: str = "", parse: Callable[[str], Any] | None = None,
         format: Callable[[Any], str] | None = None, arity: int | None = None,
         minimum: int | tuple[int, ...] | None = None, valid: Callable[[Any], bool] | None = None,
         start: Callable[..., Any] | None = None) -> Any:
    """Decorator: ``moves(position)`` lists the options of any hashable position (cycles allowed);
    registered as ``name``, or (written bare, ``@grundy.game``) under the function's name.
    By default the text ``"a b"`` is the tuple ``(a, b)``, ``"5"`` the 1-tuple ``(5,)`` and one
    word the string itself; ``parse`` and ``format`` change that. The game may declare its
    positions: ``arity=2`` (pairs of numbers), ``minimum=(1, 1)`` (least value of each
    coordinate; implies the arity) and ``valid(position)``; positions outside are refused, and
    tables show them blank. ``start(**parameters)`` gives the start position of each member of
    the family, so that ``grundy table 'NAME(k=1..8)'`` tabulates the start positions' values.
    Returns the function, with ``game_class`` set."""
    if callable(name) and not isinstance(name, str):
        return game(_function_name(name), summary=summary, parse=parse, format=format, arity=arity,
                    minimum=minimum, valid=valid, start=start)(name)
    given = _name_or_function(name, "game")

    def decorate(fn: F) -> F:
        label = given or _function_name(fn)
        domain = Domain.declared(arity=arity, minimum=minimum, valid=valid, name=label)
        fn.game_class = _define(UserGame, label, fn, summary, parse, format,  # type: ignore[attr-defined]
                                domain, start)
        return fn

    return decorate
