"""Reading input text files the same way everywhere: UTF-8, with or without a byte-order mark,
with ``\\n``, ``\\r\\n`` or ``\\r`` line ends; ``-`` is standard input.

Heap files, graph files and matrix files all go through :func:`read_text_file` (or
:func:`clean_text` for text already in memory), so a file saved by a Windows editor (BOM + CRLF)
reads exactly like the plain one.

>>> clean_text("\\ufeff3 4\\r\\n5\\r\\n")
'3 4\\n5\\n'
>>> decode_text(b"\\xef\\xbb\\xbf0 1\\r\\n", "g.txt")
'0 1\\n'
>>> decode_text(b"\\xff\\xfe", "g.txt")
Traceback (most recent call last):
...
grundy.errors.InvalidInputError: g.txt: not UTF-8 text (byte 0xff at offset 0)
"""

from __future__ import annotations

import os
import sys

from grundy.errors import InvalidInputError

MAX_INPUT_BYTES = 1 << 30
"""Largest input file read (1 GiB): a guard against reading a device or a runaway pipe, not a
limit of any algorithm; :func:`read_text_file` takes a smaller ``max_bytes`` where a caller wants one."""

BOM = "\ufeff"


def clean_text(text: str) -> str:
    """``text`` without a leading byte-order mark, with every line end turned into ``\\n``."""
    if text.startswith(BOM):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def decode_text(data: bytes, source: str) -> str:
    """Decode UTF-8 bytes (a BOM is dropped) and normalise line ends; quote ``source`` on error."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(
            f"{source}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None
    return clean_text(text)


def read_text_file(path: str | os.PathLike[str], *, what: str = "file",
                   max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The text of the file at ``path`` (``"-"``: standard input), via :func:`decode_text`.

    ``what`` names the file in errors (``"graph file"``, ``"heap file"``...), which quote the path.

    >>> read_text_file("/no/such/file.txt", what="graph file")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: cannot read graph file '/no/such/file.txt': No such file or directory
    """
    name = os.fspath(path)
    try:
        if name == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a replaced stdin may be text-only
            if stream is None:
                text = sys.stdin.read(max_bytes + 1)
                if len(text) > max_bytes:
                    raise InvalidInputError(f"{what} on standard input is larger than {max_bytes:,} bytes")
                return clean_text(text)
            data = stream.read(max_bytes + 1)
        else:
            with open(name, "rb") as handle:
                data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InvalidInputError(f"cannot read {what} {name!r}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InvalidInputError(f"{what} {name!r} is larger than {max_bytes:,} bytes")
    return decode_text(data, f"{what} {name!r}" if name != "-" else f"{what} on standard input")
