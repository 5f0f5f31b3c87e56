"""What a survey worker computes for one game: the table, its periodicity and its statistics.

:func:`compute_game` runs on a Dask worker and returns a :class:`GameResult` (plain data, no
database access: only the client writes). A fresh game is computed by
:func:`grundy.tables.analysis.analyze`; an unproved octal game is *continued* from its stored
table by :func:`continue_octal`, which fills ``values[start:stop]`` with the kernels a fresh
table uses (the rare-value scan continues from any table: it counts the values before it) and
tries the Guy-Smith theorem at every power of two from 4096 and at the end (the loop ``analyze``
uses, :func:`grundy.tables.builders.fill_proving`).

A staged survey computes a large table in two stages: :func:`first_stage` computes it to a
power of two ``pause`` as ``analyze`` would, and, unless a period is proved there, returns that
stage with an estimate of the rest's cost from the kernel's own times (:func:`estimate_seconds`);
the second stage continues the stored table. The proofs are tried at the same heaps as in one
stage, so the results are the same.

A Dask task computes a *batch* of games (:func:`compute_batch`: the survey's planner groups
small games so that each task is worth its scheduling), and each worker is warmed up once when
the cluster starts (:func:`warm_up`: numba's compiled kernels loaded before the first task).

>>> r = compute_game("octal(0.07)", 300)
>>> r.period, r.preperiod, r.proved, r.resumed_from, r.table is None
(34, 53, True, 0, True)
>>> batch = [("octal(0.07)", 300, None, None, None), ("nonsense", 9, None, None, None)]
>>> [type(x).__name__ for x in compute_batch(batch)]
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
    estimate: float | None = None
    """For the first stage of a staged survey: the CPU seconds the rest of the table should cost
    (:func:`estimate_seconds`; not stored: it orders the second stage)."""

    @property
    def first_stage_of(self) -> int | None:
        """The ``upto`` of the survey whose first stage this result is (:data:`STAGE_MARK`), or ``None``."""
        return None if self.proved else stage_target(self.method)

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
                   ) -> tuple[np.ndarray, Periodicity | None, int, str]:
    """Extend the octal table ``prefix`` (``G(0..len-1)``) to ``G(0..upto)`` without recomputing it,
    with the kernel a fresh table uses (the rare-value scan with plain stretches for games with
    splitting moves, else the plain kernel; :func:`grundy.tables.builders.build_octal`).

    Returns the table, its period (proved at a checkpoint, the rest then filled from it, or at
    the end; else observed, as :func:`grundy.tables.analysis.analyze` observes it), how many values
    were computed by mex, and the kernel's name (``+ proved period`` when a checkpoint proved it).
    """
    import numpy as np

    from grundy.tables.analysis import prove_or_observe
    from grundy.tables.builders import fill_octal_table

    start = len(prefix)
    values = np.zeros(upto + 1, dtype=prefix.dtype)
    values[:start] = prefix
    digits = game.octal_digits
    if digits is None:
        raise InvalidInputError(f"{game.spec} is no octal game: the octal kernel cannot continue its table")
    values, stop, found, kernel, _, _ = fill_octal_table(game, digits, values, start, "auto", None)
    if found is None:
        found = prove_or_observe(game, values, True)
    return values, found, stop - start, kernel


FIRST_STAGE_MIN = 1 << 14
"""The least table a staged survey's first stage computes: above ``analyze``'s numpy route (its
kernel route is the one-stage table's), with three of its checkpoints to time."""


def stage_pause(upto: int) -> int | None:
    """Where a staged survey to ``upto`` pauses: the largest power of two at most a quarter of the
    table, if at least :data:`FIRST_STAGE_MIN` (else the table is computed in one stage).

    >>> stage_pause(2**18), stage_pause(2**16 - 1), stage_pause(2**16 - 2)
    (65536, 16384, None)
    """
    pause = 1 << max(0, ((upto + 1) // 4).bit_length() - 1)
    return pause if FIRST_STAGE_MIN <= pause <= (upto + 1) // 4 else None


STAGE_MARK = "; stage 1 of a survey to "
"""Ends the ``method`` of a game stored by the first stage of a staged survey, followed by the
``upto`` of the survey (:func:`first_stage`): the second stage continues it."""

CONTINUED = "continued with the "
"""Begins the ``method`` of a table continued from a stored one."""


def stage_target(method: str) -> int | None:
    """The ``upto`` of the staged survey whose first stage stored a row of this ``method``, or ``None``.

    >>> stage_target("rare-value scan; stage 1 of a survey to 262144"), stage_target("plain kernel")
    (262144, None)
    """
    _, mark, tail = method.rpartition(STAGE_MARK)
    return int(tail) if mark and tail.isdigit() else None


def first_stage(game: HeapGame, upto: int, pause: int
                ) -> tuple[np.ndarray, Periodicity | None, int, str, float | None]:
    """The first stage of a staged survey: ``game``'s table to ``pause`` heaps (a checkpoint of
    the whole table's: a power of two from 16384), computed as :func:`analyze` computes the
    table to ``upto``, with the same proofs tried on the way.

    Returns ``(values, period, computed, method, estimate)``: if a period is proved, the whole
    table ``G(0..upto)`` filled from it and ``estimate`` ``None``, exactly what one stage gives;
    else the ``pause`` values, and the CPU seconds :func:`estimate_seconds` expects the rest of
    the table to cost (from the times the kernel reached ``pause / 4``, ``pause / 2``, ``pause``).
    """
    import numpy as np

    from grundy.tables.analysis import analyze
    from grundy.tables.periodicity import prove_period, tile

    marks: dict[int, float] = {}
    c0 = time.process_time()

    def progress(done: int, total: int) -> None:
        marks[done] = time.process_time() - c0

    analysis = analyze(game, pause - 1, progress=progress)
    values, found = analysis.values, analysis.periodicity
    computed, method = analysis.computed, analysis.method
    if not (found and found.proved):
        times = [marks.get(pause >> k) for k in (2, 1, 0)]
        known = None if None in times else [t for t in times if t is not None]
        return values, found, computed, method, estimate_seconds(known, pause, upto + 1)
    if computed == pause and "proved period" not in method:
        # proved at the end of the stage: a whole table's checkpoint proves the same prefix
        # (and says so in its method); a period known otherwise is used at the end of the table
        if prove_period(game, values) is None:
            built = analyze(game, upto)
            return built.values, built.periodicity, built.computed, built.method, None
        method += " + proved period"
    whole = np.zeros(upto + 1, dtype=values.dtype)
    whole[:len(values)] = values
    tile(whole, found, len(values))
    return whole, found, computed, method, None


def estimate_seconds(times: list[float] | None, pause: int, total: int) -> float | None:
    """The CPU seconds the table from ``pause`` to ``total`` heaps should cost, from the seconds
    ``times`` at which it reached ``pause / 4``, ``pause / 2`` and ``pause``: each doubling of the
    table costs ``r`` times the one before, ``r`` the growth of the last two (kept between 2 and 4:
    the kernels' cost per heap grows at most linearly with the heap), and a part of a doubling
    its share. ``None`` without the times.

    >>> estimate_seconds([1.0, 3.0, 7.0], 1 << 16, 1 << 18)  # 2 s, 4 s: then 8 s and 16 s
    24.0
    >>> estimate_seconds([1.0, 2.0, 3.0], 1 << 16, 3 << 16)  # growth at least 2: 2 s, then half of 4 s
    4.0
    >>> estimate_seconds([0.0, 0.0, 0.0], 1 << 16, 1 << 18)
    0.0
    """
    if times is None or total <= pause:
        return None
    last = times[2] - times[1]
    before = times[1] - times[0]
    growth = min(4.0, max(2.0, last / before)) if before > 0 else 4.0
    cost, size, step = 0.0, pause, max(0.0, last)
    while size < total:
        step *= growth
        share = min(1.0, (total - size) / size)
        cost += step * share
        size *= 2
    return cost


def compute_game(spec: str, upto: int, table: bytes | None = None, dtype: str | None = None,
                 delay: float = 0.0, pause: int | None = None) -> GameResult:
    """Compute ``spec``'s table ``G(0..upto)`` (continuing ``table`` if given) and its statistics.

    ``pause``: for a fresh octal game, the first stage of a staged survey (:func:`first_stage`):
    unless a period is proved in the first ``pause`` values, the result is that stage, to
    ``pause - 1``, its ``method`` marked with :data:`STAGE_MARK`, with an ``estimate`` of the
    rest. ``delay`` (seconds, for tests) makes the task slow on purpose.
    """

    import grundy
    from grundy.catalog import load_game
    from grundy.model.game import HeapGame
    from grundy.tables.analysis import analyze

    if delay:
        time.sleep(delay)
    t0, c0 = time.perf_counter(), time.process_time()
    game = load_game(spec)
    heaps = game if isinstance(game, HeapGame) else None
    is_octal = heaps is not None and heaps.octal_digits is not None
    found: Periodicity | None
    prefix, refused, estimate = None, "", None
    if table is not None and dtype is not None and is_octal:
        try:
            prefix = unpack_table(table, dtype, spec)
        except StoredSurveyTableError as exc:  # never continued: computed again from heap 0
            refused = f" ({exc}: computed again from heap 0)"
    resumed_from = 0 if prefix is None else len(prefix)
    if prefix is not None:
        assert heaps is not None
        values, found, computed, kernel = continue_octal(heaps, prefix, upto)
        method = CONTINUED + kernel
    elif pause is not None and is_octal and not refused and pause == stage_pause(upto):
        assert heaps is not None
        values, found, computed, method, estimate = first_stage(heaps, upto, pause)
        if not (found and found.proved):
            method += f"{STAGE_MARK}{upto}"
    else:
        analysis = analyze(game, upto)
        values, found, computed = analysis.values, analysis.periodicity, analysis.computed
        method = analysis.method + refused
    result = _result(spec, heaps, values, found, int(computed), resumed_from, method)
    result.seconds, result.cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    result.version, result.estimate = grundy.__version__, estimate
    return result


def _result(spec: str, heaps: HeapGame | None, values: np.ndarray, found: Periodicity | None,
            computed: int, resumed_from: int, method: str) -> GameResult:
    """The row of a computed table ``values`` (``G(0..len-1)``; its times are filled in after)."""
    from grundy.tables.sparse import count_rare, table_classes

    is_octal = heaps is not None and heaps.octal_digits is not None
    proved = bool(found and found.proved)
    classes = table_classes(values) if heaps is not None and heaps.has_splits else None
    packed = pack_table(values, spec) if is_octal and not proved else (None, None)
    return GameResult(
        spec=spec, upto=len(values) - 1, computed=computed, resumed_from=resumed_from,
        period=found.period if found else None, preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else None, proved=proved, reason=found.reason if found else None,
        max_value=int(values.max()) if len(values) else 0,
        rare_count=count_rare(values, *classes) if classes else None, rare_classes=classes,
        frequencies=frequencies(values), seconds=0.0, method=method, version="",
        table=packed[0], table_dtype=packed[1])


@dataclass(frozen=True)
class GameFailure:
    """A game of a batch that raised: its spec and the error in one line."""

    spec: str
    error: str


BatchItem = tuple[str, int, "bytes | None", "str | None", "int | None"]
"""One game of a batch: spec, upto, stored table and its dtype (``None, None``: from heap 0), and
where a staged survey's first stage stops (``None``: in one stage)."""


def compute_batch(items: list[BatchItem], delay: float = 0.0) -> list[GameResult | GameFailure]:
    """:func:`compute_game` for each game of ``items``, in order; a game that raises becomes a
    :class:`GameFailure` and the batch goes on (one bad game does not lose the others)."""
    done: list[GameResult | GameFailure] = []
    for spec, upto, table, dtype, pause in items:
        try:
            done.append(compute_game(spec, upto, table, dtype, delay, pause))
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
