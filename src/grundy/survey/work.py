"""What a survey worker computes for one game: the table, its periodicity and its statistics.

:func:`compute_game` runs on a Dask worker and returns a :class:`GameResult` (plain data, no
database access: only the client writes). A fresh game is computed by
:func:`grundy.tables.analysis.analyze`; an unproved octal game is *continued* from its stored
table by :func:`continue_octal`, which fills ``values[start:stop]`` with the octal kernels
(``fill_octal`` fills any range given the values before it) and tries the Guy-Smith theorem at
every power of two from 4096 and at the end (the loop ``analyze`` uses,
:func:`grundy.tables.builders.fill_proving`).

>>> r = compute_game("octal(0.07)", 300)
>>> r.period, r.preperiod, r.proved, r.resumed_from, r.table is None
(34, 53, True, 0, True)
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import numpy as np

    from grundy.games.takebreak.octal import Octal
    from grundy.tables.periodicity import Periodicity

@dataclass
class GameResult:
    """One computed game: the columns of its database row, and its table if it is unproved."""

    spec: str
    upto: int
    computed: int
    """Values computed by mex in this run (the rest came from the stored table or the period)."""
    resumed_from: int
    """The first heap computed in this run: 0 for a fresh table, else the stored table's length."""
    period: int | None
    preperiod: int | None
    saltus: int | None
    proved: bool
    reason: str | None
    max_value: int
    rare_count: int | None
    rare_classes: tuple[int, int, int] | None
    frequencies: dict[int, int] | None
    """``{value: count}`` over ``G(0..upto)`` (``None`` for tables with too many distinct values)."""
    seconds: float
    method: str
    version: str
    table: bytes | None = None
    """``zlib``-compressed values ``G(0..upto)`` of an unproved octal game (to continue later)."""
    table_dtype: str | None = None

    def frequencies_json(self) -> str | None:
        """The value frequencies as JSON text: ``{"value": count, ...}``."""
        if self.frequencies is None:
            return None
        return json.dumps({str(v): c for v, c in sorted(self.frequencies.items())})


def pack_table(values: np.ndarray) -> tuple[bytes, str]:
    """``values`` as compressed bytes and the name of their dtype."""
    return zlib.compress(values.tobytes(), 6), values.dtype.name


def unpack_table(data: bytes, dtype: str) -> np.ndarray:
    """The values stored by :func:`pack_table`."""
    import numpy as np

    return np.frombuffer(zlib.decompress(data), dtype=np.dtype(dtype)).copy()


MAX_FREQUENCIES = 10_000
"""Value frequencies are stored for tables with at most this many distinct values."""


def frequencies(values: np.ndarray) -> dict[int, int] | None:
    """``{value: count}`` over the table (``None`` if it has more than :data:`MAX_FREQUENCIES` values).

    >>> import numpy as np
    >>> frequencies(np.array([0, 1, 1, 2, 1]))
    {0: 1, 1: 3, 2: 1}
    """
    import numpy as np

    if not len(values):
        return {}
    if int(values.max()) <= 1 << 16:
        counts = np.bincount(values.astype(np.int64))
        found = {v: int(c) for v, c in enumerate(counts.tolist()) if c}
    else:
        distinct, counts = np.unique(values, return_counts=True)
        found = dict(zip(distinct.tolist(), counts.tolist(), strict=True))
    return found if len(found) <= MAX_FREQUENCIES else None


def continue_octal(game: Octal, prefix: np.ndarray, upto: int
                   ) -> tuple[np.ndarray, Periodicity | None, int]:
    """Extend the octal table ``prefix`` (``G(0..len-1)``) to ``G(0..upto)`` without recomputing it.

    Returns the table, its proved period (if a checkpoint proves one, the rest is filled from it)
    and how many values were computed by mex.
    """
    import numpy as np

    from grundy.tables.builders import fill_proving
    from grundy.tables.kernels.octal import Workspace, fill_octal, octal_arrays
    from grundy.tables.periodicity import prove_period
    from grundy.tables.sparse import sparse_classes

    start = len(prefix)
    total = upto + 1
    values = np.zeros(total, dtype=prefix.dtype)
    values[:start] = prefix
    arrays = octal_arrays(game.digits)
    sparse = sparse_classes(prefix) if game.has_splits else None
    work = Workspace()

    def fill(values: np.ndarray, a: int, b: int) -> np.ndarray:
        return fill_octal(values, a, b, arrays, sparse, work)

    values, stop, found = fill_proving(values, start, "auto", game, total, fill, None)
    if found is None:  # the last checkpoint: the whole table
        found = prove_period(game, values)
    return values, found, stop - start


def compute_game(spec: str, upto: int, table: bytes | None = None, dtype: str | None = None,
                 delay: float = 0.0) -> GameResult:
    """Compute ``spec``'s table ``G(0..upto)`` (continuing ``table`` if given) and its statistics.

    ``delay`` (seconds, for tests) makes the task slow on purpose.
    """

    import grundy
    from grundy.catalog import load_game
    from grundy.tables.analysis import analyze
    from grundy.tables.periodicity import find_period
    from grundy.tables.sparse import count_rare, table_classes

    if delay:
        time.sleep(delay)
    t0 = time.perf_counter()
    game = load_game(spec)
    is_octal = isinstance(getattr(game, "digits", None), tuple)
    found: Periodicity | None
    if table is not None and dtype is not None and is_octal:
        prefix = unpack_table(table, dtype)
        resumed_from = len(prefix)
        values, found, computed = continue_octal(cast("Octal", game), prefix, upto)
        if found is None:
            found = find_period(values)
        method = "continued with the octal kernel" + (" + proved period" if found and found.proved else "")
    else:
        analysis = analyze(game, upto)
        values, found, computed = analysis.values, analysis.periodicity, analysis.computed
        method = analysis.method
        resumed_from = 0
    proved = bool(found and found.proved)
    classes = table_classes(values) if getattr(game, "has_splits", False) else None
    packed = pack_table(values) if is_octal and not proved else (None, None)
    return GameResult(
        spec=spec, upto=upto, computed=int(computed), resumed_from=resumed_from,
        period=found.period if found else None, preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else None, proved=proved, reason=found.reason if found else None,
        max_value=int(values.max()) if len(values) else 0,
        rare_count=count_rare(values, *classes) if classes else None, rare_classes=classes,
        frequencies=frequencies(values),
        seconds=time.perf_counter() - t0, method=method, version=grundy.__version__,
        table=packed[0], table_dtype=packed[1])
