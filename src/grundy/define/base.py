"""What the classes made by :func:`grundy.heap_game` and :func:`grundy.game` share: the game's
parameters (keyword-only arguments of the move function), the bound move function, its checked
results, and the one-line description of the game.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from grundy.errors import GrundyError, InvalidGameError, ResourceLimitError
from grundy.model.bounded import BoundedCache, Derived, kept

# ---- parameters, shared by both kinds of game -----------------------------------------------------

def _parameters(fn: Callable[..., Any], name: str) -> dict[str, int | str | bool]:
    """The keyword-only parameters of a move function and their defaults."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        raise InvalidGameError(f"game {name!r}: cannot read the signature of {fn!r}") from None
    params = list(sig.parameters.values())
    usage = f"def {getattr(fn, '__name__', 'moves')}(position, *, k=3)"
    if not params or params[0].kind not in (inspect.Parameter.POSITIONAL_ONLY,
                                            inspect.Parameter.POSITIONAL_OR_KEYWORD):
        raise InvalidGameError(f"game {name!r}: the move function takes the position as its first "
                               f"argument ({usage})")
    out: dict[str, int | str | bool] = {}
    for p in params[1:]:
        default = p.default
        if p.kind is not inspect.Parameter.KEYWORD_ONLY or default is inspect.Parameter.empty:
            raise InvalidGameError(f"game {name!r}: parameter {p.name!r} must be keyword-only with a "
                                   f"default ({usage})")
        if not isinstance(default, int | str):
            raise InvalidGameError(f"game {name!r}: parameter {p.name!r} has default {default!r}; "
                                   f"defaults must be int, str or bool")
        out[p.name] = default
    return out


_BOUND: BoundedCache[Any, Callable[[Any], Any]] = kept(__name__ + "._BOUND", BoundedCache(1024))
"""Move functions with a game's parameters bound, for the last 1024 own games with parameters
(one forgotten is bound again, the same)."""


class _Defined:
    """What the generated classes of both decorators share (mixed into Game subclasses)."""

    name: ClassVar[str] = ""
    move_function: ClassVar[Callable[..., Any]]
    defaults: ClassVar[dict[str, int | str | bool]] = {}
    text_parse: ClassVar[Callable[[str], Any] | None] = None
    text_format: ClassVar[Callable[[Any], str] | None] = None
    _derived: ClassVar[Derived | None] = None
    """What a game derives once from its parameters (its spec, its bound move function): the
    classes the decorators make declare it a field of their own (``_define``), so each game
    holds a :class:`~grundy.model.bounded.Derived` store; a class written by hand without that
    field derives them again at each use (the same values)."""

    @property
    def own_rules(self) -> bool:
        """True: the rules are a user's own move function (see :attr:`Game.own_rules`)."""
        return True

    @property
    def params(self) -> dict[str, Any]:
        """The game's parameters, by name."""
        return {k: getattr(self, k) for k in self.defaults}

    @property
    def spec(self) -> str:
        derived = self._derived
        return self._spec() if derived is None else derived.get("spec", self._spec)

    def _spec(self) -> str:
        changed = [f"{k}={v}" for k, v in self.params.items() if v != self.defaults[k]]
        return self.name + (f"({','.join(changed)})" if changed else "")

    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Any:
        shown = ", ".join(f"{k}={v}" for k, v in cls.defaults.items()) or "none"
        if args:
            raise InvalidGameError(f"game {cls.name!r} takes keyword parameters only (its parameters: "
                                   f"{shown}), got {', '.join(map(str, args))!r}")
        values: dict[str, Any] = {}
        for key, value in kwargs.items():
            if key not in cls.defaults:
                raise InvalidGameError(f"game {cls.name!r} has no parameter {key!r} "
                                       f"(its parameters: {shown})")
            default = cls.defaults[key]
            if isinstance(default, bool):
                if value not in (0, 1, "true", "false"):
                    raise InvalidGameError(f"parameter {key!r} of {cls.name!r} is true or false, "
                                           f"got {value!r}")
                value = value in (1, "true")
            elif isinstance(default, int) and not isinstance(value, int):
                raise InvalidGameError(f"parameter {key!r} of {cls.name!r} is an integer, got {value!r}")
            elif isinstance(default, str):
                value = str(value)
            values[key] = value
        return cls(**values)

    def _call(self) -> Callable[[Any], Any]:
        """The move function with this game's parameters bound (made once per game)."""
        fn = type(self).move_function
        if not self.defaults:
            return fn
        derived = self._derived
        if derived is not None:
            return derived.get("call", lambda: functools.partial(fn, **self.params))
        return _BOUND.get(self, lambda: functools.partial(fn, **self.params))

    def _raised(self, where: str, exc: BaseException) -> InvalidGameError:
        text = " ".join(str(exc).split())
        return InvalidGameError(f"{self.spec}: the move function failed at {where}: "
                                f"{type(exc).__name__}{': ' + text if text else ''}")

    def _options_at(self, where: str, position: Any) -> list[Any]:
        """The move function's options at ``position`` (named ``where`` in errors), as a list; a
        failure of the user's code is one :class:`InvalidGameError` naming the position."""
        try:
            got = self._call()(position)
        except GrundyError:
            raise
        except Exception as exc:
            raise self._raised(where, exc) from None
        return self._listed(where, got)

    def _listed(self, where: str, got: Any) -> list[Any]:
        """The options a move function returned, as a list (a clear error if it is no iterable)."""
        if isinstance(got, str | bytes) or not isinstance(got, Iterable):
            raise InvalidGameError(f"{self.spec}: the move function returned {_short(got)} at {where}; "
                                   f"it must return a list (or any iterable) of options")
        try:
            return list(got)
        except GrundyError:
            raise
        except Exception as exc:
            raise self._raised(where, exc) from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-")) or "UserGame"


def _describe(fn: Callable[..., Any]) -> str:
    """One line about a move function: the first line of its docstring, else its first comment
    line (``# take one or two``), else its name.

    >>> def take(n):
    ...     # take one or two counters
    ...     return [n - 1, n - 2]
    >>> _describe(take)
    'take one or two counters'
    """
    doc = (fn.__doc__ or "").strip()
    if doc:
        return doc.split("\n")[0].strip()
    try:
        lines = inspect.getsource(fn).splitlines()
    except (OSError, TypeError):
        lines = []
    for line in lines:
        text = line.strip()
        if text.startswith("#") and text.lstrip("#").strip():
            return text.lstrip("#").strip()
    return f"a game defined by {getattr(fn, '__name__', 'a function')}()"


SPLIT_PROBE = 256
"""Heaps whose options tell, once, whether an undeclared heap game splits heaps."""
SPLIT_PROBE_OPTIONS = 100_000
"""Options past which :func:`probe_splits` looks at no further heap."""


def splits_among(options: list[Any]) -> bool:
    """Whether one of a move function's options leaves two or more heaps."""
    return any(isinstance(o, tuple | list) and len(o) > 1 for o in options)


def probe_splits(game: Any) -> bool:
    """Whether a move of a heap below :data:`SPLIT_PROBE` splits a heap, looking at no heap past
    :data:`SPLIT_PROBE_OPTIONS` options listed, nor from the first whose move function fails (a
    fact about the rules, read once: the game's laws keep it). The calls are steps of the query
    that asks (or of one of their own, with the default budget) and run under its safety net: a
    move function that loops at heap 100 is stopped, with one refusal."""
    from grundy.define.query import active, answering

    context = active()  # (a listed option is a table step: TABLE_STEP of a search step)
    if context is not None:
        return _probe_splits(game, context)
    from grundy.engine.limits import asked
    from grundy.engine.search import DEFAULT_LIMIT

    given = asked()
    with answering(limit=DEFAULT_LIMIT if given is None else given.limit):
        own = active()
        assert own is not None
        return _probe_splits(game, own)


def _probe_splits(game: Any, context: Any) -> bool:
    from grundy.define.query import TABLE_STEP

    listed = 0
    for n in range(SPLIT_PROBE):
        try:
            options = game._options_at(f"heap {n}", n)
        except ResourceLimitError:
            raise
        except GrundyError:
            break
        context.charge((1 + len(options)) * TABLE_STEP, f"{game.spec}: the options of heaps "
                      f"0..{SPLIT_PROBE - 1} (does a move split a heap?)")
        if splits_among(options):
            return True
        listed += len(options)
        if listed > SPLIT_PROBE_OPTIONS:
            break
    return False


def probe_options(game: Any, *positions: Any) -> list[Any] | None:
    """The options of ``positions`` (a probe of what the positions look like), or ``None`` when
    the move function refuses one of them; a safety net's refusal (:class:`ResourceLimitError`)
    is not a "no": it propagates, so the probe's answer never depends on the machine's speed."""
    try:
        return [o for p in positions for o in game.options_of(p)]
    except ResourceLimitError:
        raise
    except GrundyError:
        return None
