"""Explicit, bounded caches: what the library remembers between calls, and how much.

A :class:`BoundedCache` keeps at most ``maxsize`` entries and forgets the least recently used
one past that. Only values that can be computed again from their key are kept in one, so
forgetting an entry costs time, never a different answer.

>>> cache = BoundedCache[str, int](maxsize=2)
>>> cache.get("a", lambda: 1), cache.get("b", lambda: 2), cache.get("c", lambda: 3)
(1, 2, 3)
>>> "a" in cache, len(cache)
(False, 2)

Every cache the library keeps between calls at module level registers itself here, by name
(:func:`kept` for a dict, a :class:`BoundedCache` or a :func:`functools.lru_cache` function;
:func:`register_cache` for a table grown from a seed), so that :func:`clear_caches`
(``grundy.clear_caches()``) forgets them all at once and :func:`cache_sizes` tells what each
holds. Clearing never changes an answer: everything cached is computed again on demand.

>>> squares = kept("doc.squares", {})
>>> squares[3] = 9
>>> cache_sizes()["doc.squares"]
1
>>> clear_caches(); cache_sizes()["doc.squares"]
0
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Generic, TypeVar

    K = TypeVar("K", bound=Hashable)
    V = TypeVar("V")
    C = TypeVar("C")

    class _Generic(Generic[K, V]):
        """:class:`typing.Generic` in ``K`` and ``V``, for type checkers."""
else:
    K = V = C = None

    class _Generic:
        """What ``Generic[K, V]`` is at run time here: nothing (typing is not imported at start-up;
        ``BoundedCache[K, V]`` is written in annotations only)."""

        __slots__ = ()

        def __class_getitem__(cls, _: object) -> type:
            return cls


class BoundedCache(_Generic[K, V]):
    """A least-recently-used map of at most ``maxsize`` entries, filled on demand by
    :meth:`get`; :meth:`clear` empties it."""

    __slots__ = ("_data", "maxsize")

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError(f"a bounded cache needs maxsize >= 1, got {maxsize!r}")
        self.maxsize = maxsize
        self._data: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` (and kept) when there is none."""
        data = self._data
        try:
            value = data[key]
        except KeyError:
            value = data[key] = make()
            if len(data) > self.maxsize:
                data.popitem(last=False)
            return value
        data.move_to_end(key)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def items(self) -> list[tuple[K, V]]:
        """The entries, the least recently used first."""
        return list(self._data.items())

    def forget(self, key: K) -> None:
        """Forget the entry of ``key``, if there is one."""
        if key in self._data:
            del self._data[key]


_CACHES: dict[str, tuple[Callable[[], object], Callable[[], int]]] = {}
"""Name → (how to clear the cache, how many entries it holds): :func:`register_cache`."""


def register_cache(name: str, clear: Callable[[], object], size: Callable[[], int]) -> None:
    """Register a module-level cache under ``name`` (the module's name and the variable's):
    ``clear()`` empties it (back to its seed, for a table grown from one) and ``size()`` counts
    the entries it holds beyond that seed (0 once cleared)."""
    _CACHES[name] = (clear, size)


def kept(name: str, cache: C) -> C:
    """Register ``cache`` (a dict, a :class:`BoundedCache`, or a function wrapped by
    :func:`functools.lru_cache` / :func:`functools.cache`) under ``name`` and return it, so a
    module writes ``_MEMO = kept(__name__ + "._MEMO", {})``."""
    cache_clear = getattr(cache, "cache_clear", None)
    if cache_clear is not None:
        info = cache.cache_info  # type: ignore[attr-defined]
        register_cache(name, cache_clear, lambda: int(info().currsize))
    else:
        register_cache(name, cache.clear, cache.__len__)  # type: ignore[attr-defined]
    return cache


def clear_caches() -> None:
    """Forget everything the library keeps between calls (every registered cache of the modules
    imported so far): the memory is freed, and later calls compute again what they need, with
    the same answers. A :class:`~grundy.engine.search.Cache` passed by the caller is the
    caller's own and is left alone. Call it between questions, not while another thread is
    answering one (a table grown on demand is emptied in place).

    >>> import grundy
    >>> grundy.clear_caches()
    """
    for clear, _ in list(_CACHES.values()):
        clear()


def cache_sizes() -> dict[str, int]:
    """How many entries each registered cache holds (beyond its seed), by name."""
    return {name: size() for name, (_, size) in _CACHES.items()}


class Derived:
    """Data derived, once each, from the immutable object that holds this store: a declared
    field of that object (``field(default_factory=Derived, init=False, repr=False,
    compare=False)``), so nothing is ever set on a frozen object after construction. It holds
    one entry per name its owner uses (a handful of constants), so it is bounded by the code.

    >>> d = Derived()
    >>> d.get("index", lambda: {"a": 0}), d.get("index", lambda: {})
    ({'a': 0}, {'a': 0})
    """

    __slots__ = ("_data",)

    def __init__(self) -> None:
        self._data: dict[str, object] = {}

    def get(self, name: str, make: Callable[[], V]) -> V:
        """The value derived under ``name``, made by ``make()`` the first time."""
        try:
            return self._data[name]  # type: ignore[return-value]
        except KeyError:
            value = self._data[name] = make()
            return value

    def seed(self, name: str, value: object) -> None:
        """Give the value of ``name`` when the owner's maker already has it (it must equal what
        ``make`` would derive)."""
        self._data.setdefault(name, value)

    def __repr__(self) -> str:
        return f"Derived({sorted(self._data)})"
