"""Tables kept on disk, and the value frequencies of a table.

:func:`build_stored` keeps an octal game's table ``G(0..N)`` in one file (a numpy memmap, ``uint8``
while the values fit, else ``uint16``) behind a header with the game, the dtype, how many values
are computed and their SHA-256 (:mod:`grundy.tables.table_file`). The file is verified on
every open, then continued from the stored count, chunk by chunk, each chunk's values flushed
before the header that counts them: an interrupted run loses at most the chunk under way, and
the next run resumes.

>>> import tempfile, pathlib
>>> from grundy import load_game
>>> path = pathlib.Path(tempfile.mkdtemp()) / "kayles.g"
>>> built = build_stored(load_game("kayles"), 100, path)
>>> from grundy.tables.table_file import read_head
>>> built.values[:12].tolist(), read_head(path)["computed"]
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 101)
>>> value_frequencies([0, 1, 1, 2, 1])
{1: [1, 0, 0], 2: [1, 1, 0], 4: [1, 2, 1], 5: [1, 3, 1]}
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.engine.address_space import room_for, room_while
from grundy.errors import InvalidInputError
from grundy.model.period_rules import TableBuild
from grundy.model.periodic import Progress
from grundy.tables.sparse import BLOCK as COUNT_BLOCK
from grundy.tables.table_file import (
    BLOCK,
    HEADER,
    ITEMSIZE,
    StoredTableError,
    create,
    reserve,
    verify,
    write_head,
)

if TYPE_CHECKING:
    import numpy as np

    from grundy.tables.builders import OctalRules

CHUNK = 1 << 20
"""Heaps computed between two flushes to disk."""

PLAIN_LIMIT = (1 << 31) - 1
"""Heaps the plain kernel (``int32`` stamps) can fill."""

LARGEST_STORED = (1 << 16) - 1
"""Largest value a stored table holds (``uint16``)."""


def value_frequencies(values: Sequence[int] | np.ndarray, *, powers_of_two: bool = True
                      ) -> dict[int, list[int]]:
    """How often each value occurs in ``G(0..k-1)``, for every power of two ``k <= len(values)``
    and for ``k = len(values)`` (only the latter if not ``powers_of_two``).

    Each list has one entry per value ``0..max`` of the whole table. The research octal solvers
    publish the same counts (their dump at ``2^k`` counts ``G(0..2^k)``, one value more).

    >>> value_frequencies([0, 1, 0, 2, 2], powers_of_two=False)
    {5: [2, 1, 2]}
    """
    import numpy as np

    v = np.asarray(values)
    n = len(v)
    if n == 0:
        return {}
    width = int(v.max()) + 1
    stops = []
    k = 1
    while powers_of_two and k <= n:
        stops.append(k)
        k *= 2
    if not stops or stops[-1] != n:
        stops.append(n)
    out: dict[int, list[int]] = {}
    counts = np.zeros(width, dtype=np.int64)
    lo = 0
    for stop in stops:
        for a in range(lo, stop, COUNT_BLOCK):  # in blocks: a memmap of 2^32 values stays on disk
            counts += np.bincount(v[a:min(stop, a + COUNT_BLOCK)], minlength=width)
        lo = stop
        out[stop] = counts.tolist()
    return out


def stored_dtype(largest: int) -> str:
    """The compact dtype of a stored table whose values reach ``largest``.

    >>> stored_dtype(255), stored_dtype(256)
    ('uint8', 'uint16')
    """
    if largest <= 255:
        return "uint8"
    if largest <= LARGEST_STORED:
        return "uint16"
    raise InvalidInputError(f"a value {largest:,} does not fit a stored table (at most {LARGEST_STORED:,})")


def stored_bytes(upto: int, dtype: str) -> int:
    """Size in bytes of the values file of ``G(0..upto)`` in ``dtype`` (no allocation).

    >>> stored_bytes(2**32 - 1, "uint16") == 2**33
    True
    """
    import numpy as np

    return (upto + 1) * np.dtype(dtype).itemsize


def _values(path: Path | Any, dtype: str, length: int, mode: Any = "r+") -> np.memmap:
    import numpy as np

    return np.memmap(path, dtype=np.dtype(dtype).newbyteorder("<"), mode=mode, offset=HEADER,
                     shape=(length,))


def _start(path: Path, game: OctalRules, length: int, rebuild: bool) -> tuple[dict[str, Any], Any]:
    """The header and SHA-256 state of the table file at ``path``: verified if it exists (or
    started again if it does not verify and ``rebuild``), created if not."""
    digits = list(game.digits)
    if path.is_dir():
        raise InvalidInputError(f"store={str(path)!r} is a directory, not a file", parameters=("store",))
    if not path.parent.is_dir():
        raise InvalidInputError(f"store={str(path)!r}: no directory {str(path.parent)!r}",
                                parameters=("store",))
    if path.exists() and path.stat().st_size:  # (an empty file is started as a new table)
        try:
            head, digest = verify(path, game.spec, digits)
        except StoredTableError:
            if not rebuild:
                raise
        else:
            if head["length"] < length:  # the header gives the new room first, then the file grows
                head = {**head, "length": length, "seq": head["seq"] + 1}
                with open(path, "r+b") as handle:
                    write_head(handle, head)
                    reserve(handle, HEADER + length * ITEMSIZE[head["dtype"]])
            return head, digest
    head = {"game": game.spec, "digits": digits, "dtype": "uint8", "length": length, "computed": 0,
            "seq": 0}
    return create(path, head, [])


def _interrupted(path: Path, done: int) -> KeyboardInterrupt:
    """The interruption, saying what the file keeps (every chunk whose header was written)."""
    return KeyboardInterrupt(f"{str(path)!r} keeps G(0..{done - 1:,}); the same command continues "
                             "from there" if done else f"{str(path)!r} keeps no value yet")


def _widen(path: Path, head: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """Rewrite a ``uint8`` table file as ``uint16`` (block by block, beside it, then renamed)."""
    old = _values(path, "uint8", head["length"], "r")
    computed = head["computed"]
    try:
        blocks = (old[a:min(computed, a + BLOCK // 2)].astype("<u2").tobytes()
                  for a in range(0, computed, BLOCK // 2))
        return create(path, {**head, "dtype": "uint16", "seq": 0}, blocks)
    finally:
        del old


def build_stored(game: OctalRules, upto: int, path: str | os.PathLike[str],
                 progress: Progress | None = None, *, rebuild: bool = False) -> TableBuild:
    """The table ``G(0..upto)`` of an octal game, kept in the file ``path`` (resumable).

    Continues from the values already computed in ``path`` (none if it does not exist), after
    verifying the file (:func:`grundy.tables.table_file.verify`): a file that is damaged,
    truncated or another game's is refused with :class:`StoredTableError`, or, with ``rebuild``,
    started again. A file that is not a stored table is always refused. Returns the table as a
    read-only memmap.
    """
    if upto < 0:
        raise InvalidInputError(f"upto must be >= 0, got {upto:,}")
    if not game.has_splits and upto >= PLAIN_LIMIT:
        raise InvalidInputError(f"stored tables of octal games without splitting moves stop below "
                                f"{PLAIN_LIMIT:,} heaps (their periods are proved far sooner), got {upto:,}")
    path = Path(path)
    try:
        return _build(game, upto, path, progress, rebuild)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InvalidInputError(f"cannot keep a stored table in {str(path)!r}: {reason}") from None


def _build(game: OctalRules, upto: int, path: Path, progress: Progress | None,
           rebuild: bool) -> TableBuild:
    head, digest = _start(path, game, upto + 1, rebuild)
    # address space for the mappings (two at once, widening) while they are built, given back after
    with room_for(3 * (HEADER + 2 * head["length"])):
        return _fill(game, upto, path, progress, head, digest)


def _fill(game: OctalRules, upto: int, path: Path, progress: Progress | None, head: dict[str, Any],
          digest: Any) -> TableBuild:
    """The rest of :func:`_build`: the table filled chunk by chunk in its file; the table returned
    (a read-only mapping) keeps room for itself in the address space while it lives."""
    from grundy.tables.kernels.octal import NeedsWider, Workspace, fill_octal, octal_arrays

    length, dtype, computed = head["length"], head["dtype"], head["computed"]
    values = _values(path, dtype, length)
    arrays = octal_arrays(game.digits)
    work = Workspace()
    scan = bool(game.has_splits)
    if scan:
        from grundy.tables.kernels.octal_rare import fill_rare
    total = upto + 1
    done = computed
    handle = open(path, "r+b")  # reopened after a widening; closed below
    try:
        while done < total:  # (Ctrl-C: the chunks done are kept, see _interrupted)
            stop = min(total, done + CHUNK)
            view = values[:stop]
            try:
                if scan:
                    fill_rare(view, done, stop, arrays, work, auto=True, widen=False)
                else:
                    fill_octal(view, done, stop, arrays, None, work, widen=False)
            except NeedsWider:  # a value needs 16 bits: the file is widened, the chunk done again
                if dtype != "uint8":
                    stored_dtype(LARGEST_STORED + 1)  # refuses values above 16 bits
                del values, view
                handle.close()
                head, digest = _widen(path, head)
                handle = open(path, "r+b")
                dtype = "uint16"
                values = _values(path, dtype, length)
                if work.rare is not None:
                    work.rare.position = -1  # counts start again from the file
                continue
            values.flush()  # the values first, then the header that counts them
            for a in range(done, stop, BLOCK // 2):
                digest.update(values[a:min(stop, a + BLOCK // 2)].data.cast("B"))
            head = {**head, "computed": stop, "sha256": digest.hexdigest(), "seq": head["seq"] + 1}
            write_head(handle, head)
            done = stop
            if progress:
                progress(done, total)
        # the table is read from the file this process wrote, not from the path: another process
        # building the same table may have renamed its own copy (counting fewer values) over it
        del values
        table = _values(handle, dtype, length, "r")
        room_while(table, HEADER + table.nbytes)
    except KeyboardInterrupt:
        raise _interrupted(path, done) from None
    finally:
        handle.close()
    method = "rare-value scan (stored)" if scan else "plain kernel (stored)"
    sparse = None
    if scan and total > 1:  # the rare classes the scan uses: chosen from the value frequencies
        from grundy.tables.sparse import choose_mask

        counts = value_frequencies(table[:total], powers_of_two=False)[total]
        sparse = (choose_mask(counts)[0], 0, 0)
    return TableBuild(table[:total], method, total, None, sparse)
