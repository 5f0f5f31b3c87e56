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
from typing import Any

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


_SEPARATORS = b" \t\n\r\x0b\x0c,"


def decimal_numbers(text: str) -> Any:
    """The numbers of ``text`` — runs of ASCII digits separated by whitespace and/or commas —
    as a numpy int64 array, parsed in bulk (a few passes over the bytes, none per number in
    Python); ``None`` when the text holds anything else (a sign, a letter, a number of 19 digits
    or more, nothing at all), which the caller reads its own way.

    >>> decimal_numbers("3, 4\\n 005\\n").tolist(), decimal_numbers("3 -4"), decimal_numbers(" ")
    ([3, 4, 5], None, None)
    """
    import numpy as np

    data = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    kind = np.full(256, 2, dtype=np.uint8)  # byte → 1 digit, 0 separator, 2 anything else
    kind[48:58] = 1
    kind[np.frombuffer(_SEPARATORS, dtype=np.uint8)] = 0
    kinds = kind[data]
    digits = kinds == 1
    if not digits.any() or (kinds == 2).any():
        return None
    edges = np.diff(digits.view(np.int8), prepend=np.int8(0), append=np.int8(0))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    lengths = ends - starts
    longest = int(lengths.max())
    if longest >= 19:
        return None
    # each number's digits from its last one back, as uint8 (separators read as 0, and a number's
    # own length masks the digits of the number before it)
    values = np.zeros(starts.size, dtype=np.int64)
    padded = np.concatenate([np.zeros(longest, dtype=np.uint8), np.where(digits, data - 48, 0)])
    last = ends + (longest - 1)
    for k in range(longest):
        digit = padded[last - k]
        digit[lengths <= k] = 0
        values += digit.astype(np.int64) * (10**k)
    return values
