"""What a survey worker computes for one game: the table, its periodicity and its statistics.

:func:`compute_game` runs on a Dask worker and returns a :class:`GameResult` (plain data, no
database access: only the client writes). A fresh game is computed by
:func:`grundy.tables.analysis.analyze`; an unproved octal game is *continued* from its stored
table by :func:`continue_octal`, which fills ``values[start:stop]`` with the octal kernels
(``fill_octal`` fills any range given the values before it) and tries the Guy-Smith theorem at
every power of two from 4096 and at the end (the loop ``analyze`` uses,
:func:`grundy.tables.builders.fill_proving`).

A Dask task computes a *batch* of games (:func:`compute_batch`: the survey's planner groups
small games so that each task is worth its scheduling), and each worker is warmed up once when
the cluster starts (:func:`warm_up`: numba's compiled kernels loaded before the first task).

>>> r = compute_game("octal(0.07)", 300)
>>> r.period, r.preperiod, r.proved, r.resumed_from, r.table is None
(34, 53, True, 0, True)
>>> [type(x).__name__ for x in compute_batch([("octal(0.07)", 300, None, None), ("nonsense", 9, None, None)])]
['GameResult', 'GameFailure']
"""

from __future__ import annotations

import hashlib
import json
import time
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError

if TYPE_CHECKING:
    import numpy as np

    from grundy.model.game import HeapGame
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
    cpu_seconds: float = 0.0
    """CPU seconds of the worker process spent on this game (not stored: for measurements)."""
    table: bytes | None = None
    """``zlib``-compressed values ``G(0..upto)`` of an unproved octal game (to continue later)."""
    table_dtype: str | None = None

    def frequencies_json(self) -> str | None:
        """The value frequencies as JSON text: ``{"value": count, ...}``."""
        if self.frequencies is None:
            return None
        return json.dumps({str(v): c for v, c in sorted(self.frequencies.items())})


TABLE_MAGIC = b"GRUNDYS1"
"""First bytes of a stored table (older grundy stored bare zlib data, without a checksum)."""


class StoredSurveyTableError(InvalidInputError):
    """A survey's stored table that does not verify (damaged, edited, another game's, or written
    by an older grundy without a checksum): it is not continued, the game is computed again."""


def _table_digest(spec: str, dtype: str, raw: bytes) -> bytes:
    return hashlib.sha256(f"{spec}\0{dtype}\0".encode() + raw).digest()


def pack_table(values: np.ndarray, spec: str) -> tuple[bytes, str]:
    """``values`` (the table of ``spec``) as stored bytes, and the name of their dtype: a magic
    number, the SHA-256 of the game, the dtype and the values, then the values compressed.

    >>> import numpy as np
    >>> data, dtype = pack_table(np.array([0, 1, 2, 3], dtype=np.uint8), "kayles")
    >>> unpack_table(data, dtype, "kayles").tolist()
    [0, 1, 2, 3]
    >>> try:
    ...     unpack_table(data, dtype, "octal(0.6)")
    ... except StoredSurveyTableError as exc:
    ...     print(exc)
    the stored table of 'octal(0.6)' does not match its checksum (damaged, edited or another game's)
    """
    raw = values.tobytes()
    dtype = values.dtype.name
    return TABLE_MAGIC + _table_digest(spec, dtype, raw) + zlib.compress(raw, 6), dtype


def unpack_table(data: bytes, dtype: str, spec: str) -> np.ndarray:
    """The values stored by :func:`pack_table` for ``spec``, verified against their checksum;
    raises :class:`StoredSurveyTableError` if they do not verify."""
    import numpy as np

    def bad(why: str) -> StoredSurveyTableError:
        return StoredSurveyTableError(f"the stored table of {spec!r} {why}")

    if not data.startswith(TABLE_MAGIC):
        raise bad("has no checksum (written by an older grundy, or damaged)")
    head = len(TABLE_MAGIC) + 32
    try:
        raw = zlib.decompress(data[head:])
        kind = np.dtype(dtype)
    except (zlib.error, TypeError, ValueError):
        raise bad("cannot be read (damaged)") from None
    if (kind.kind not in "iu" or len(raw) % kind.itemsize
            or _table_digest(spec, kind.name, raw) != data[len(TABLE_MAGIC):head]):
        raise bad("does not match its checksum (damaged, edited or another game's)")
    return np.frombuffer(raw, dtype=kind).copy()


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


def continue_octal(game: HeapGame, prefix: np.ndarray, upto: int
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
    digits = game.octal_digits
    if digits is None:
        raise InvalidInputError(f"{game.spec} is no octal game: the octal kernel cannot continue its table")
    arrays = octal_arrays(digits)
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
    from grundy.model.game import HeapGame
    from grundy.tables.analysis import analyze
    from grundy.tables.periodicity import find_period
    from grundy.tables.sparse import count_rare, table_classes

    if delay:
        time.sleep(delay)
    t0, c0 = time.perf_counter(), time.process_time()
    game = load_game(spec)
    heaps = game if isinstance(game, HeapGame) else None
    is_octal = heaps is not None and heaps.octal_digits is not None
    found: Periodicity | None
    prefix, refused = None, ""
    if table is not None and dtype is not None and is_octal:
        try:
            prefix = unpack_table(table, dtype, spec)
        except StoredSurveyTableError as exc:  # never continued: computed again from heap 0
            refused = f" ({exc}: computed again from heap 0)"
    if prefix is not None:
        resumed_from = len(prefix)
        assert heaps is not None
        values, found, computed = continue_octal(heaps, prefix, upto)
        if found is None:
            found = find_period(values)
        method = "continued with the octal kernel" + (" + proved period" if found and found.proved else "")
    else:
        analysis = analyze(game, upto)
        values, found, computed = analysis.values, analysis.periodicity, analysis.computed
        method = analysis.method + refused
        resumed_from = 0
    proved = bool(found and found.proved)
    classes = table_classes(values) if heaps is not None and heaps.has_splits else None
    packed = pack_table(values, spec) if is_octal and not proved else (None, None)
    return GameResult(
        spec=spec, upto=upto, computed=int(computed), resumed_from=resumed_from,
        period=found.period if found else None, preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else None, proved=proved, reason=found.reason if found else None,
        max_value=int(values.max()) if len(values) else 0,
        rare_count=count_rare(values, *classes) if classes else None, rare_classes=classes,
        frequencies=frequencies(values),
        seconds=time.perf_counter() - t0, method=method, version=grundy.__version__,
        cpu_seconds=time.process_time() - c0, table=packed[0], table_dtype=packed[1])


@dataclass(frozen=True)
class GameFailure:
    """A game of a batch that raised: its spec and the error in one line."""

    spec: str
    error: str


BatchItem = tuple[str, int, "bytes | None", "str | None"]
"""One game of a batch: spec, upto, stored table and its dtype (``None, None``: from heap 0)."""


def compute_batch(items: list[BatchItem], delay: float = 0.0) -> list[GameResult | GameFailure]:
    """:func:`compute_game` for each game of ``items``, in order; a game that raises becomes a
    :class:`GameFailure` and the batch goes on (one bad game does not lose the others)."""
    done: list[GameResult | GameFailure] = []
    for spec, upto, table, dtype in items:
        try:
            done.append(compute_game(spec, upto, table, dtype, delay))
        except Exception as exc:  # reported by the client as this game's failure
            done.append(GameFailure(spec, f"{type(exc).__name__}: {exc}"))
    return done


WARM_UP = (("octal(0.16)", 20_000), ("octal(0.007)", 20_000))
"""Small tables whose computation loads every kernel a survey of octal games uses (the rare-value
scan, the plain kernel, the period search and proof)."""


def warm_up() -> float:
    """Load what a survey's tasks use (numba's compiled kernels, from its cache or compiled once)
    by computing the small tables :data:`WARM_UP`; returns the seconds it took. Run once on each
    worker when a local cluster starts, so that no task pays for it.

    >>> warm_up() >= 0
    True
    """
    t0 = time.perf_counter()
    for spec, upto in WARM_UP:
        compute_game(spec, upto)
    WARMED["seconds"] = time.perf_counter() - t0
    return WARMED["seconds"]


WARMED: dict[str, float] = {}
"""``{"seconds": s}`` once :func:`warm_up` has run in this process (a worker warmed up has it)."""
