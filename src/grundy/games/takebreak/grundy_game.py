"""Grundy's game: split one heap into two unequal non-empty heaps.

Heaps of 1 and 2 cannot be split, so they are lost. No formula for the Grundy values is known,
and they are not known to be periodic (Flammenkamp computed them to 2^35 heaps; OEIS A002188).
grundy computes them by mex: small tables in plain Python, larger ones with the compiled
sparse-space kernel of :mod:`grundy.tables.kernels.grundy_game` (10^6 heaps in seconds), up to
:data:`MAX_HEAP`.

>>> from grundy import load_game, grundy_value, winning_moves
>>> game = load_game("grundy-game")
>>> [grundy_value(game, n) for n in range(14)]
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
>>> [m.label for m in winning_moves(game, (7,))]
[]
>>> [m.label for m in winning_moves(game, (8,))]
['split 8 → 1 + 7']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.bounded import register_cache
from grundy.model.game import HeapGame, HeapResult
from grundy.model.laws import ExportRule, Laws, TableMethod
from grundy.model.period_rules import TableBuild
from grundy.model.periodic import Progress
from grundy.model.reason import Facts, Reason, template
from grundy.model.textio import int_text

if TYPE_CHECKING:
    import numpy as np

MAX_HEAP = 10**7
"""Largest heap whose value is computed on demand (a table that long takes about a minute)."""

PYTHON_TABLE = 1500
"""Tables up to this size are computed in plain Python (no numba import)."""

_table: list[int] | np.ndarray = [0]
"""The values ``G(0..len-1)`` computed so far (shared by every instance): a list while small,
the kernel's numpy array once large."""


def _forget_table() -> None:
    global _table
    _table = [0]


register_cache(__name__ + "._table", _forget_table, lambda: len(_table) - 1)


def python_table(upto: int) -> list[int]:
    """``G(0..upto)`` by the plain mex loop in pure Python (the reference implementation).

    >>> python_table(10)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    """
    values: list[int] = []
    for n in range(upto + 1):
        seen = {values[a] ^ values[n - a] for a in range(1, (n + 1) // 2)}
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    return values


def table(upto: int, *, method: str = "auto", progress: Callable[[int, int], None] | None = None,
          start: list[int] | np.ndarray | None = None) -> list[int] | np.ndarray:
    """``G(0..upto)`` of Grundy's game, by the fastest exact route.

    ``method``: ``"auto"`` (plain Python for small tables, else the sparse-space kernel),
    ``"sparse"`` or ``"plain"`` (force a compiled kernel). ``start``: a shorter table of the
    kernel's, continued rather than computed again.

    >>> table(5)
    [0, 0, 0, 1, 0, 2]
    """
    if upto < 0:
        raise InvalidInputError(f"upto must be at least 0, got {upto}")
    if method not in ("auto", "sparse", "plain"):
        raise InvalidInputError(f"unknown method {method!r} for grundy-game (auto, sparse, plain)")
    if method == "auto" and upto <= PYTHON_TABLE:
        return python_table(upto)
    from grundy.tables.kernels.grundy_game import grundy_game_table

    held = start if start is not None and not isinstance(start, list) else None
    return grundy_game_table(upto, method=method, progress=progress, start=held)


def heap_value(n: int) -> int:
    """``G(n)``, from a table grown on demand (by a quarter at least, the table so far continued,
    up to :data:`MAX_HEAP`)."""
    global _table
    if n >= len(_table):
        if n > MAX_HEAP:
            raise NotSupportedError(
                f"grundy-game: no formula is known, and a heap of {int_text(n, grouped=True)} is above "
                f"the largest table computed on demand ({MAX_HEAP:,}); 'analyze(game, upto=N)' "
                f"computes larger tables", parameters=("table",), spec="grundy-game")
        size = min(max(len(_table) + len(_table) // 16, n + 1, 64), MAX_HEAP + 1)
        _table = table(size - 1, start=_table)
    return int(_table[n])


def describe_split(n: int, a: int, b: int) -> str:
    """Label of the move splitting a heap of ``n`` into ``a`` and ``b``."""
    return f"split {int_text(n)} → {int_text(a)} + {int_text(b)}"


@dataclass(frozen=True)
class GrundyGame(HeapGame):
    """Grundy's game: a move splits one heap into two heaps of different sizes."""

    name = "grundy-game"

    @property
    def spec(self) -> str:
        return "grundy-game"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        for a in range(1, (n + 1) // 2):
            yield describe_split(n, a, n - a), (a, n - a)

    @property
    def laws(self) -> Laws:
        """What GrundyGame declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(heap_value=self._heap_value, heap_moves_to_value=self._heap_moves_to_value,
                    heap_reason=self._heap_reason, table_builder=self._build_table,
                    samples=self._samples, export=ExportRule("unequal-split"))

    def _heap_value(self, n: int) -> int:
        return heap_value(n)

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]]:
        heap_value(n)  # grow the table once, then read it directly
        values = _table
        if isinstance(values, list):
            parts = [a for a in range(1, (n + 1) // 2) if values[a] ^ values[n - a] == target]
        else:  # vectorised over every split of a large heap
            import numpy as np

            a = np.arange(1, (n + 1) // 2)
            parts = (a[(values[a] ^ values[n - a]) == target]).tolist()
        return [(describe_split(n, a, n - a), (a, n - a)) for a in parts]

    def _heap_reason(self, n: int) -> Reason:
        return Reason("grundy-game-table", {"n": n, "value": heap_value(n),
                                            "splits": max((n - 1) // 2, 0), "table_upto": len(_table) - 1})

    def _build_table(self, upto: int, method: TableMethod, progress: Progress | None) -> TableBuild:
        """``G(0..upto)`` for ``grundy table`` (the sparse-space kernel for long tables), as the
        numpy array a :class:`TableBuild` holds (:func:`table` gives a list for short tables).

        >>> GrundyGame().build_table(8, "auto", None).values.tolist()
        [0, 0, 0, 1, 0, 2, 1, 0, 2]
        """
        import numpy as np

        values = table(upto, method=method, progress=progress)
        if isinstance(values, list):
            values = np.array(values, dtype=np.int64)
        return TableBuild(values, "game kernel", upto + 1)

    def _samples(self) -> list[tuple[int, ...]]:
        return [*((n,) for n in range(23)), (1, 2), (3, 4, 5), (2, 2), (5, 0, 7), (6, 6), (9, 10)]


@template("grundy-game-table")
def _grundy_game_text(f: Facts) -> str:
    return (f"Grundy's game has no known formula: G({f['n']}) = {f['value']} is the mex of the "
            f"values of its {f['splits']} splits, from a table of G(0..{f['table_upto']})")
