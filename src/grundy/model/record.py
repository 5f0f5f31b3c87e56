"""Frozen records written out by hand, for the few classes built at every start-up.

A ``@dataclass(frozen=True)`` costs about a millisecond to build at import (its methods are
generated and compiled), and importing :mod:`dataclasses` itself (with :mod:`inspect`, :mod:`ast`
and :mod:`dis`) costs more than the rest of ``grundy solve nim 3 4 5``; the classes on that
command's path subclass :class:`FrozenRecord` instead, and nothing on it imports
:mod:`dataclasses` (nor :mod:`typing`). A subclass lists its fields in ``_fields`` and sets them
once, in its own ``__init__``, by :meth:`FrozenRecord._init`; it then compares, hashes, prints
and refuses assignment as a frozen dataclass does. Fields named in ``_hidden`` are left out of
the comparison, the hash and the printed form (a dataclass's ``field(compare=False,
repr=False)``); a record that holds a mapping sets ``__hash__ = None``, as a dataclass would.

>>> class Point(FrozenRecord):
...     _fields = ("x", "y")
...     def __init__(self, x: int, y: int = 0) -> None:
...         self._init(x, y)
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash(Point(1)), p.replace(y=2)
(Point(x=1, y=0), True, True, Point(x=1, y=2))
>>> p.x = 3
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Self


def _frozen(message: str) -> Exception:
    """:class:`dataclasses.FrozenInstanceError` (what a frozen dataclass raises), imported only
    when raised."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


class FrozenRecord:
    """Base of a hand-written frozen record (see the module)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _hidden: ClassVar[tuple[str, ...]] = ()

    def _init(self, *values: Any) -> None:
        """Set every field, in the order of ``_fields``: in ``__init__`` only (the one place a
        record is written to)."""
        fields = self._fields
        if len(values) != len(fields):
            raise TypeError(f"{type(self).__qualname__} has {len(fields)} fields, got {len(values)} values")
        try:  # (one dict update: a record such as Laws, of 34 fields, is made for each game)
            self.__dict__.update(zip(fields, values, strict=True))
        except AttributeError:  # (a subclass without a __dict__)
            for name, value in zip(fields, values, strict=True):
                object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        """The compared fields' values (all but ``_hidden``)."""
        return tuple(getattr(self, name) for name in self._fields if name not in self._hidden)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields
                          if name not in self._hidden)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, FrozenRecord)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise _frozen(f"cannot delete field {name!r}")

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (what :func:`dataclasses.replace` does for a dataclass)."""
        unknown = sorted(set(changes) - set(self._fields))
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {unknown[0]!r}")
        return type(self)(**{name: changes.get(name, getattr(self, name)) for name in self._fields})
