"""The file of a stored table: a self-describing header, then the values (format 2).

A stored table is one file (no sidecar). Its first :data:`HEADER` bytes hold two header *slots*
of :data:`SLOT` bytes each; the values ``G(0..length-1)`` follow, little-endian ``uint8`` or
``uint16``. A slot is::

    MAGIC (8 bytes) | n: uint32 LE | n bytes of UTF-8 JSON | CRC-32 of those n bytes: uint32 LE

and its JSON gives the format, the game (spec and octal digits), the dtype, ``length`` (the
values the file has room for), ``computed`` (how many of them are final), ``sha256`` (SHA-256 of
the bytes of ``G(0..computed-1)``) and ``seq``, which grows by one with every header written.
Headers are written alternately into the two slots, so a write torn by a kill or a power cut
leaves the other slot, the previous state, intact; the valid slot with the larger ``seq`` wins.

Every open verifies the file before a value is used (:func:`verify`): a valid header, the game,
a size that holds the ``computed`` values and nothing after the ``length`` ones, and the SHA-256
of the computed values, streamed in blocks (linear time, constant memory). Any mismatch raises
:class:`StoredTableError` (``grundy table --rebuild`` then starts the file again).

Write order (:mod:`grundy.tables.store`): a chunk's values are written and flushed before the
header that counts them; a file is grown only after the header giving its new length; a new or
widened file is written beside its path and renamed over it. A run killed at any point leaves a
file that verifies (and resumes) or is refused, never one that gives wrong values.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.g"
>>> head = {"game": "kayles", "digits": [0, 7, 7], "dtype": "uint8", "length": 3, "computed": 3,
...         "seq": 0}
>>> _ = create(path, head, [bytes([0, 1, 2])])
>>> verify(path, "kayles", [0, 7, 7])[0]["computed"]
3
>>> with open(path, "r+b") as f:
...     _ = f.seek(HEADER + 1); _ = f.write(b"\\x05")
>>> try:
...     verify(path, "kayles", [0, 7, 7])
... except StoredTableError as exc:
...     print(str(exc).split(": ", 1)[1])
its values do not match the checksum in its header (rebuild it with rebuild=True)
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from grundy.errors import InvalidInputError

try:
    import fcntl
except ImportError:  # (Windows: no advisory locks; two writers of one table are not detected)
    fcntl = None  # type: ignore[assignment]

FORMAT = 2
"""Format of the stored table file (format 1 was a raw values file with a JSON sidecar)."""

MAGIC = b"GRUNDYT\x02"
"""First bytes of every header slot."""

SLOT = 2048
"""Bytes per header slot."""

HEADER = 2 * SLOT
"""Bytes before the values."""

BLOCK = 1 << 24
"""Bytes hashed (or copied) at once: memory stays bounded whatever the table's size."""

ITEMSIZE = {"uint8": 1, "uint16": 2}

REBUILD = " (rebuild it with rebuild=True)"


class StoredTableError(InvalidInputError):
    """A stored table file that cannot be trusted: damaged, truncated, or another game's (the
    message names the parameter ``rebuild=True`` that starts it again)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, parameters=("rebuild",))


def quoted(path: Path) -> str:
    return repr(str(path))


def pack_slot(head: dict[str, Any]) -> bytes:
    """One header slot (:data:`SLOT` bytes) holding ``head``."""
    text = json.dumps({"format": FORMAT, **head, "byteorder": "little"}, sort_keys=True).encode()
    slot = MAGIC + struct.pack("<I", len(text)) + text + struct.pack("<I", zlib.crc32(text))
    if len(slot) > SLOT:
        raise InvalidInputError(f"the game {head['game']!r} is too long to name in a stored table's header")
    return slot.ljust(SLOT, b"\0")


def unpack_slot(slot: bytes) -> dict[str, Any] | None:
    """The header in a slot, or ``None`` if the slot is empty, torn or damaged."""
    if len(slot) < 16 or not slot.startswith(MAGIC):
        return None
    (n,) = struct.unpack_from("<I", slot, 8)
    if 12 + n + 4 > len(slot):
        return None
    text = slot[12:12 + n]
    (crc,) = struct.unpack_from("<I", slot, 12 + n)
    if zlib.crc32(text) != crc:
        return None
    try:
        head = json.loads(text)
    except ValueError:
        return None
    return head if isinstance(head, dict) else None


def write_head(handle: Any, head: dict[str, Any]) -> None:
    """Write ``head`` into the slot ``seq % 2`` of an open file and make it durable."""
    handle.seek((head["seq"] % 2) * SLOT)
    handle.write(pack_slot(head))
    handle.flush()
    os.fsync(handle.fileno())


def reserve(handle: Any, size: int) -> None:
    """Grow an open file to ``size`` bytes, reserving the disk space where the platform can (so
    that a full disk is an error now, not a crash while the memory map is written)."""
    handle.flush()
    if handle.seek(0, os.SEEK_END) >= size:
        return
    try:
        os.posix_fallocate(handle.fileno(), 0, size)
    except (AttributeError, OSError) as exc:
        if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
            raise
        handle.truncate(size)


def create(path: Path, head: dict[str, Any], blocks: Iterable[bytes]) -> tuple[dict[str, Any], Any]:
    """Write a new table file beside ``path`` and rename it over ``path``: ``head`` (its
    ``sha256`` set to that of the bytes of ``blocks``, which are its ``computed`` values), the
    values, then zeros up to ``head["length"]`` values. Returns the header and the SHA-256 object."""
    tmp = path.with_name(path.name + ".tmp")
    digest = hashlib.sha256()
    # opened without truncating, locked, then emptied: a second process writing the same table
    # at the same moment is refused, instead of emptying the copy this one is about to rename
    with os.fdopen(os.open(tmp, os.O_RDWR | os.O_CREAT, 0o666), "r+b") as handle:
        try:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InvalidInputError(f"{quoted(path)} is being written by another process (its "
                                    f"{quoted(tmp)} is locked): wait for it to finish") from None
        try:
            handle.truncate(0)
            handle.write(bytes(HEADER))
            for block in blocks:
                digest.update(block)
                handle.write(block)
            reserve(handle, HEADER + head["length"] * ITEMSIZE[head["dtype"]])
            head = {**head, "sha256": digest.hexdigest()}
            write_head(handle, head)  # (flushes and syncs the whole file)
            os.replace(tmp, path)  # (under the lock)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    return head, digest


def read_head(path: Path) -> dict[str, Any]:
    """The newest valid header of a table file (no check of the values: see :func:`verify`)."""
    with open(path, "rb") as handle:
        first = handle.read(HEADER)
    heads = [h for h in (unpack_slot(first[:SLOT]), unpack_slot(first[SLOT:])) if h is not None]
    if not heads:
        if first.startswith(MAGIC) or first[SLOT:SLOT + len(MAGIC)] == MAGIC:
            raise StoredTableError(f"{quoted(path)} is damaged: no readable header{REBUILD}")
        old = Path(f"{path}.json")
        if old.exists():
            raise InvalidInputError(f"{quoted(path)} is a stored table of an older grundy (format 1, "
                                    f"no checksum): remove it and {quoted(old)}, and build it again")
        raise InvalidInputError(f"{quoted(path)} is not a stored table of grundy "
                                "(remove it or choose another path)")
    head = max(heads, key=lambda h: h.get("seq", -1))
    if head.get("format") != FORMAT:
        newer = isinstance(head.get("format"), int) and head["format"] > FORMAT
        raise StoredTableError(f"{quoted(path)} is a stored table of format {head.get('format')!r}, "
                               f"not {FORMAT}" + (" (written by a newer grundy: upgrade grundy to read "
                                                  "it, or " if newer else " (") + REBUILD[2:])
    ok = (head.get("dtype") in ITEMSIZE and all(isinstance(head.get(k), int) and head[k] >= 0
                                                 for k in ("length", "computed", "seq"))
          and head["computed"] <= head["length"] and isinstance(head.get("sha256"), str))
    if not ok:
        raise StoredTableError(f"{quoted(path)} is damaged: an inconsistent header{REBUILD}")
    return head


def verify(path: Path, spec: str, digits: list[int]) -> tuple[dict[str, Any], Any]:
    """Check a table file against the game and its own header; return the header and the
    SHA-256 object of its computed values (to continue when the table grows).

    Raises :class:`StoredTableError` on any mismatch. Reads the file once, block by block.
    """
    head = read_head(path)
    if head.get("digits") != digits:
        other = head.get("game")
        if other == spec:  # (a header edited or damaged so that its name and digits disagree)
            raise StoredTableError(f"{quoted(path)} is damaged: its header names {spec!r} but gives "
                                   f"the octal digits {head.get('digits')!r}, not {digits!r}{REBUILD}")
        raise StoredTableError(f"{quoted(path)} holds the table of {other!r}, not of {spec!r}{REBUILD}")
    item = ITEMSIZE[head["dtype"]]
    size = path.stat().st_size
    if size < HEADER:
        raise StoredTableError(f"{quoted(path)} is truncated: {size:,} bytes, shorter than its "
                               f"header ({HEADER:,} bytes){REBUILD}")
    need = HEADER + head["computed"] * item
    if size < need:
        raise StoredTableError(f"{quoted(path)} is truncated: {size:,} bytes, but its header counts "
                               f"{head['computed']:,} computed values ({need:,} bytes){REBUILD}")
    room = HEADER + head["length"] * item
    if size > room:
        raise StoredTableError(f"{quoted(path)} has {size - room:,} bytes after the {head['length']:,} "
                               f"values its header describes{REBUILD}")
    digest = hashlib.sha256()
    left = head["computed"] * item
    buffer = bytearray(min(BLOCK, max(left, 1)))
    view = memoryview(buffer)
    with open(path, "rb") as handle:
        handle.seek(HEADER)
        while left:
            got = handle.readinto(view[:min(left, len(buffer))])
            if not got:
                break
            digest.update(view[:got])
            left -= got
    if left or digest.hexdigest() != head["sha256"]:
        raise StoredTableError(f"{quoted(path)} is damaged: its values do not match the checksum "
                               f"in its header{REBUILD}")
    return head, digest
