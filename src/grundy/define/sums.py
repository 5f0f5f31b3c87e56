"""``grundy.Sum(p, q, ...)``: an option of a ``@grundy.game`` that is a sum of positions of the
same game (a move that splits a position into independent parts, as in Multi-SG games). Its
Grundy value is the XOR of the parts' values; a move in a sum moves in one part.

>>> Sum((3,), Sum((1,), (2,))) == Sum((2,), (1,), (3,))
True
>>> Sum((3,), (4,))
Sum((3,), (4,))

The empty sum, ``Sum()`` (or ``()`` as an option), is "no position left": it has no move and
value 0, so a move that removes the last token or turns the last coin needs no sentinel
position. A sum of one part is that part:

>>> Sum(), Sum() == Sum(()), Sum((3,)), Sum(Sum(), (3,))
(Sum(), True, (3,), (3,))
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from grundy.define.base import _short
from grundy.errors import InvalidPositionError


class Sum:
    """A sum of positions of one game (order does not matter; nested sums are flattened; the
    empty position ``()`` and empty sums are left out). ``Sum()`` is the empty sum; a sum of
    one part is that part itself."""

    __slots__ = ("_hash", "parts")

    def __new__(cls, *parts: Any) -> Any:
        if len(parts) == 2:  # (the common case, a split in two: two tuples of ints, quickly)
            a, b = parts
            if (a.__class__ is tuple and b.__class__ is tuple and a and b
                    and {*map(type, a), *map(type, b)} == _INT):
                self = super().__new__(cls)
                self.parts = (a, b) if a <= b else (b, a)
                self._hash = hash(("Sum", self.parts))
                return self
            if _same_ordered_kind(a, b) and a and b:
                # two parts of one kind (tuples holding more than ints): ordered by their
                # first difference, without the repr of whole parts, which costs as much as
                # the parts are long (a position that carries a game's data along)
                pair = (a, b) if _compare(a, b) <= 0 else (b, a)
                try:
                    hashed = hash(("Sum", pair))
                except TypeError:  # (the general way below names the culprit)
                    pass
                else:
                    self = super().__new__(cls)
                    self.parts, self._hash = pair, hashed
                    return self
        flat: list[Hashable] = []
        for part in parts:
            if part.__class__ is tuple:  # the common case: hashability checked once, below
                if part:
                    flat.append(part)
            elif isinstance(part, Sum):
                flat.extend(part.parts)
            else:
                part = hashable(part, "a part of a Sum")
                if not is_empty(part):
                    flat.append(part)
        try:
            hash(tuple(flat))
        except TypeError:
            for part in flat:
                hashable(part, "a part of a Sum")  # raises the clear error for the first culprit
            raise
        if len(flat) == 1:
            return flat[0]
        if _numbers_only(flat):
            flat.sort()  # type: ignore[call-arg]
        elif len(flat) == 2 and _same_ordered_kind(*flat):
            if _compare(flat[0], flat[1]) > 0:  # (two parts of one kind: the order of the quick way
                flat.reverse()                  # above, however the sum was written)
        else:
            flat.sort(key=repr)
        self = super().__new__(cls)
        self.parts = tuple(flat)
        self._hash = hash(("Sum", self.parts))
        return self

    parts: tuple[Hashable, ...]
    _hash: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and self.parts == other.parts

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.parts))})"

    def replace(self, index: int, option: Any) -> Any:
        """This sum with part ``index`` replaced by ``option`` (a position or a sum; ``()`` or
        ``Sum()`` removes the part)."""
        rest = self.parts[:index] + self.parts[index + 1:]
        return Sum(*rest, option)


_INT = {int}
_ORDERED = (tuple, str)


def _same_ordered_kind(a: Any, b: Any) -> bool:
    """Whether two parts are both tuples or both strings (put in order by :func:`_compare`)."""
    kind = a.__class__
    return kind is b.__class__ and kind in _ORDERED


def _compare(a: Any, b: Any) -> int:
    """-1, 0 or 1: ``a`` before, with or after ``b`` in the order of two parts of a sum. Ints
    and strings compare as themselves, tuples by their first elements that differ, anything
    else (or two things of different kinds) by its ``repr``, as a sum of more parts is ordered.
    The order is antisymmetric, so a sum of two parts has one form, whatever order they come
    in (two parts with one ``repr`` that differ keep theirs, as with ``repr`` alone)."""
    kind = a.__class__
    if kind is b.__class__:
        if kind is int or kind is str:
            return (a > b) - (a < b)
        if kind is tuple:
            for x, y in zip(a, b, strict=False):
                if x is y or x == y:
                    continue
                found = _compare(x, y)
                if found:
                    return found
            return (len(a) > len(b)) - (len(a) < len(b))
    ra, rb = repr(a), repr(b)
    return (ra > rb) - (ra < rb)


def _numbers_only(parts: list[Hashable]) -> bool:
    """Whether every part is a tuple of ints: such parts are ordered as numbers (a canonical
    order that needs no ``repr``); any other mix is ordered by ``repr``."""
    for part in parts:
        if part.__class__ is not tuple:
            return False
        for x in part:
            if x.__class__ is not int:
                return False
    return True


def hashable(position: Any, what: str = "a position") -> Hashable:
    """``position`` as a hashable value (a list becomes a tuple), or one clear error naming
    ``what`` it is."""
    if isinstance(position, list):
        position = tuple(position)
    try:
        hash(position)
    except TypeError:
        raise InvalidPositionError(f"{what} must be hashable (a tuple, not a list), got "
                                   f"{_short(position)}") from None
    return position  # type: ignore[no-any-return,unused-ignore]


def is_empty(position: Any) -> bool:
    """Whether ``position`` is "no position left": ``()`` or the empty :class:`Sum`.

    >>> is_empty(()), is_empty(Sum()), is_empty((0,)), is_empty(0)
    (True, True, False, False)
    """
    return (type(position) is tuple and not position) or (type(position) is Sum and not position.parts)
