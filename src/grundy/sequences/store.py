"""Tables kept on disk, and the value frequencies of a table.

:func:`build_stored` keeps an octal game's table ``G(0..N)`` in a file (a numpy memmap, ``uint8``
while the values fit, else ``uint16``) with a small JSON sidecar (game, dtype, how many values
are computed, format version). It continues from the stored count, chunk by chunk, flushing each
chunk: an interrupted run loses at most the chunk under way, and the next run resumes.

>>> import tempfile, pathlib
>>> from grundy import load_game
>>> path = pathlib.Path(tempfile.mkdtemp()) / "kayles.g"
>>> built = build_stored(load_game("kayles"), 100, path)
>>> built.values[:12].tolist(), json.loads(sidecar(path).read_text())["computed"]
([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 101)
>>> value_frequencies([0, 1, 1, 2, 1])
{1: [1, 0, 0], 2: [1, 1, 0], 4: [1, 2, 1], 5: [1, 3, 1]}
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.core.periodic import Progress, TableBuild
from grundy.errors import InvalidInputError

if TYPE_CHECKING:
    import numpy as np

    from grundy.sequences.builders import OctalRules

VERSION = 1
"""Format version of the sidecar (and of the raw little-endian values file)."""

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
        for a in range(lo, stop, 1 << 24):  # in blocks: a memmap of 2^32 values stays on disk
            counts += np.bincount(v[a:min(stop, a + (1 << 24))], minlength=width)
        lo = stop
        out[stop] = counts.tolist()
    return out


def sidecar(path: str | os.PathLike[str]) -> Path:
    """The JSON sidecar of a stored table: ``PATH.json``."""
    return Path(f"{os.fspath(path)}.json")


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


def _read_meta(path: Path, spec: str, code: list[int]) -> dict[str, Any] | None:
    meta_path = sidecar(path)
    if not meta_path.exists():
        if path.exists() and path.stat().st_size:
            raise InvalidInputError(f"{str(path)!r} exists but has no sidecar {str(meta_path)!r}: "
                                    "not a stored table (remove it or choose another path)")
        return None
    try:
        meta: dict[str, Any] = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"unreadable table sidecar {str(meta_path)!r}: {exc}") from None
    if meta.get("version") != VERSION:
        raise InvalidInputError(f"{str(path)!r} is a stored table of format version "
                                f"{meta.get('version')!r}, not {VERSION}")
    if meta.get("digits") != code:
        raise InvalidInputError(f"{str(path)!r} holds the table of {meta.get('game')!r}, not of {spec!r}")
    if meta.get("dtype") not in ("uint8", "uint16"):
        raise InvalidInputError(f"{str(path)!r}: bad dtype {meta.get('dtype')!r} in its sidecar")
    return meta


def _write_meta(path: Path, game: Any, dtype: str, computed: int, length: int) -> None:
    meta = {"version": VERSION, "game": game.spec, "digits": list(game.digits), "dtype": dtype,
            "computed": computed, "length": length, "byteorder": "little"}
    tmp = sidecar(path).with_suffix(".json.tmp")
    tmp.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, sidecar(path))


def _open(path: Path, dtype: str, length: int) -> np.memmap:
    """The values file as a writable memmap of ``length`` values (grown or created as needed)."""
    import numpy as np

    size = length * np.dtype(dtype).itemsize
    with open(path, "ab") as handle:
        if handle.tell() < size:
            handle.truncate(size)
    return np.memmap(path, dtype=np.dtype(dtype).newbyteorder("<"), mode="r+", shape=(length,))


def _widen(path: Path, game: Any, computed: int, length: int) -> np.memmap:
    """Rewrite a ``uint8`` values file as ``uint16`` (block by block), and its sidecar."""
    import numpy as np

    old = np.memmap(path, dtype=np.uint8, mode="r", shape=(length,))
    tmp = path.with_name(path.name + ".wide")
    new = _open(tmp, "uint16", length)
    for a in range(0, computed, 1 << 24):
        new[a:min(computed, a + (1 << 24))] = old[a:min(computed, a + (1 << 24))]
    new.flush()
    del old, new
    os.replace(tmp, path)
    _write_meta(path, game, "uint16", computed, length)
    return _open(path, "uint16", length)


def build_stored(game: OctalRules, upto: int, path: str | os.PathLike[str],
                 progress: Progress | None = None) -> TableBuild:
    """The table ``G(0..upto)`` of an octal game, kept in the file ``path`` (resumable).

    Continues from the values already computed in ``path`` (none if it does not exist); refuses
    a file that holds another game's table. Returns the table as a read-only memmap.
    """
    import numpy as np

    from grundy.sequences.kernels.octal import Workspace, fill_octal, octal_arrays

    digits, rules = game.digits, game
    if upto < 0:
        raise InvalidInputError(f"upto must be >= 0, got {upto:,}")
    if not rules.has_splits and upto >= PLAIN_LIMIT:
        raise InvalidInputError(f"stored tables of octal games without splitting moves stop below "
                                f"{PLAIN_LIMIT:,} heaps (their periods are proved far sooner), got {upto:,}")
    path = Path(path)
    meta = _read_meta(path, game.spec, list(digits))
    computed = int(meta["computed"]) if meta else 0
    dtype = str(meta["dtype"]) if meta else "uint8"
    length = max(upto + 1, int(meta["length"]) if meta else 0)
    values = _open(path, dtype, length)
    if not meta:
        _write_meta(path, game, dtype, 0, length)
    arrays = octal_arrays(digits)
    work = Workspace()
    scan = bool(rules.has_splits)
    if scan:
        from grundy.sequences.kernels.octal_rare import fill_rare
    total = upto + 1
    done = computed
    while done < total:
        stop = min(total, done + CHUNK)
        view = values[:stop]
        if scan:
            out = fill_rare(view, done, stop, arrays, work, auto=True)
        else:
            out = fill_octal(view, done, stop, arrays, None, work)
        if out is not view:  # widened: a value needs 16 bits
            stored_dtype(int(np.asarray(out[done:stop]).max()))  # refuses values above 16 bits
            values = _widen(path, game, done, length)
            dtype = "uint16"
            values[done:stop] = out[done:stop]
            if work.rare is not None:
                work.rare.position = -1  # counts start again from the file
        values.flush()
        done = stop
        _write_meta(path, game, dtype, max(done, computed), length)
        if progress:
            progress(done, total)
    table = np.memmap(path, dtype=np.dtype(dtype).newbyteorder("<"), mode="r", shape=(length,))
    method = "rare-value scan (stored)" if scan else "plain kernel (stored)"
    sparse = None
    if scan and total > 1:  # the rare classes the scan uses: chosen from the value frequencies
        from grundy.sequences.kernels.octal_rare import choose_mask

        sparse = (choose_mask(np.bincount(table[:total]))[0], 0, 0)
    return TableBuild(table[:total], method, total, None, sparse)
