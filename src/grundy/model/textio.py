"""Reading input text files the same way everywhere: UTF-8, with or without a byte-order mark,
with ``\\n``, ``\\r\\n`` or ``\\r`` line ends; ``-`` is standard input.

Heap tokens (``10**18`` too) are read by :func:`parse_heap` and :func:`check_heaps`.

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
import re
import sys
from collections.abc import Iterable, Sequence

from grundy.errors import InvalidInputError, InvalidPositionError
from grundy.model.bounded import kept

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

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


_INT_TOKEN = re.compile(r"[+-]?\d+")

BIG_DIGITS = 3000
"""Past about this many digits (:data:`BIG_BITS` bits) :func:`int_text` and :func:`parse_int`
convert with python-flint, in near-linear time, instead of with ``str``/``int``, which take time
quadratic in the digits (16 s for a million digits on CPython 3.11)."""

BIG_BITS = 10_000
"""Ints of more bits than this (3,011 decimal digits) are big for :func:`int_text`."""
_RECENT: dict[int, str] = kept(__name__ + "._RECENT", {})
"""The last few big conversions: the same heap is written many times."""
_RECENT_SIZE = 4


def int_text(value: int, grouped: bool = False) -> str:
    """``str(value)`` for an int, the same text (a ``-`` sign for a negative number) and the same
    ``sys.set_int_max_str_digits`` limit, but near-linear in the digits: a number of more than
    :data:`BIG_DIGITS` digits goes through python-flint (imported only then), and the last few
    such conversions are remembered. ``grouped``: ``f"{value:,}"``, digits grouped by commas.

    >>> int_text(-12), int_text(0), int_text(10**4000) == str(10**4000)
    ('-12', '0', True)
    >>> int_text(-1234567, grouped=True), int_text(10**4000, grouped=True) == f"{10**4000:,}"
    ('-1,234,567', True)
    """
    if type(value) is not int or value.bit_length() <= BIG_BITS:
        return f"{value:,}" if grouped else str(value)
    if grouped:
        digits = int_text(abs(value))
        first = len(digits) % 3 or 3
        return "-" * (value < 0) + ",".join(
            [digits[:first], *(digits[i:i + 3] for i in range(first, len(digits), 3))])
    text = _RECENT.get(value)
    if text is None:
        import flint

        text = str(flint.fmpz(value))
        if len(_RECENT) >= _RECENT_SIZE:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[value] = text
    limit = sys.get_int_max_str_digits()
    if limit and len(text) - (value < 0) > limit:
        return str(value)  # raises ValueError just as str() does
    return text


def json_text(data: Any, **options: Any) -> str:
    """``json.dumps(data, **options)``, the same text, with each int of ``data`` (in its dicts,
    lists and tuples) of more than :data:`BIG_BITS` bits written by :func:`int_text`.

    Each big int is dumped as a marker string, ``"\\u0000int#:K\\u0000"`` (its index ``K``),
    then swapped for its digits. A marker is used only when the dumped text holds its start
    ``"\\u0000int#:`` exactly once per big int (the start holds one ``"`` only, at its front,
    so its occurrences cannot overlap and :meth:`str.count` counts them all): then no string of
    the user (a value, a key, the output of ``default``) holds it. Otherwise the data are dumped
    again with more ``#`` than the longest run of ``#`` in that text, which the user's strings
    (dumped to the same text) cannot hold. Linear in the text, as ``json.dumps``.

    >>> json_text({"n": [10**4000, -1]}) == '{"n": [' + str(10**4000) + ', -1]}'
    True
    >>> json_text(["\\u0000int#:0\\u0000", 10**4000])[:26]  # a user's string that looks like one
    '["\\\\u0000int#:0\\\\u0000", 100'
    """
    import json

    big: list[int] = []
    tag = "int#:"

    def mark(value: Any) -> Any:
        if type(value) is int:
            if value.bit_length() <= BIG_BITS:
                return value
            big.append(value)
            return f"\u0000{tag}{len(big) - 1}\u0000"
        if type(value) is dict:
            return {k: mark(v) for k, v in value.items()}
        if type(value) in (list, tuple):
            return [mark(v) for v in value]
        return value

    for _attempt in range(3):
        big.clear()
        text = json.dumps(mark(data), **options)
        if not big:
            return text
        start = f'"\\u0000{tag}'  # a marker's start as json.dumps writes it (NUL: always escaped)
        if text.count(start) == len(big):
            found = re.compile(re.escape(start) + r'(\d+)\\u0000"')
            return found.sub(lambda m: int_text(big[int(m.group(1))]), text)
        longest = max((len(run) for run in re.findall("#+", text)), default=0)
        tag = "int" + "#" * (longest + 1) + ":"
    return json.dumps(data, **options)  # (a ``default`` that writes differently each time)


def parse_int(text: str) -> int:
    """``int(text)`` for decimal text, the same value and the same errors (the
    ``sys.set_int_max_str_digits`` limit too), but near-linear in the digits: plain ASCII digits
    (with an optional sign) past :data:`BIG_DIGITS` of them are read by python-flint.

    >>> parse_int("-12"), parse_int("+7"), parse_int("9" * 4000) == int("9" * 4000)
    (-12, 7, True)
    """
    if len(text) <= BIG_DIGITS or not text.isascii() or not _INT_TOKEN.fullmatch(text):
        return int(text)
    limit = sys.get_int_max_str_digits()
    if limit and len(text) - (text[0] in "+-") > limit:
        return int(text)  # raises ValueError just as int() does
    import flint

    return int(flint.fmpz(text[1:] if text[0] == "+" else text))

_POWER_TOKEN = re.compile(r"\+?(\d{1,20})\*\*(\d{1,9})")


def parse_heap(token: str, what: str = "heap") -> int:
    """Read one non-negative integer, quoting ``token`` in the error.

    >>> parse_heap("12"), parse_heap("10**18")
    (12, 1000000000000000000)
    >>> parse_heap("-1")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: heap must be a non-negative integer, got '-1'
    >>> parse_heap("10**10**10")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: heap must be ... (a power is one BASE**EXPONENT ...), got '10**10**10'
    """
    power = _POWER_TOKEN.fullmatch(token.strip())
    if power:  # 10**18: a power written as contest statements write it
        base, exponent = int(power.group(1)), int(power.group(2))
        if exponent * max(base, 2).bit_length() > 1 << 22:
            raise InvalidPositionError(f"{what} {token!r} has more than about four million bits")
        return int(base**exponent)
    if not _INT_TOKEN.fullmatch(token.strip()):
        hint = " (a power is one BASE**EXPONENT of digits, e.g. 10**18)" if "**" in token else ""
        raise InvalidPositionError(f"{what} must be a non-negative integer{hint}, got {token!r}")
    try:
        value = parse_int(token)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits())
        raise InvalidPositionError(
            f"{what} has {len(token.strip()):,} digits, more than this Python reads "
            f"(sys.set_int_max_str_digits raises the limit)") from None
    if value < 0:
        raise InvalidPositionError(f"{what} must be a non-negative integer, got {token!r}")
    return value


_SIGNED_POWER = re.compile(r"([+-]?)(\d{1,20})\*\*(\d{1,9})")


def is_number_token(token: str) -> bool:
    """Whether ``token`` is a whole number as grundy reads them: digits with an optional sign, or
    a power ``B**E`` (``10**18``, ``-2**64``).

    >>> is_number_token("-12"), is_number_token("10**18"), is_number_token("x1"), is_number_token("2**")
    (True, True, False, False)
    """
    token = token.strip()
    return bool(_INT_TOKEN.fullmatch(token) or _SIGNED_POWER.fullmatch(token))


def parse_number(token: str, what: str = "number") -> int:
    """Read one whole number, of either sign, written as digits or as a power ``B**E``
    (:func:`is_number_token`); a quoted one-line error otherwise (:func:`parse_heap` reads the
    non-negative ones).

    >>> parse_number("10**18"), parse_number("-2**3"), parse_number("+7")
    (1000000000000000000, -8, 7)
    """
    power = _SIGNED_POWER.fullmatch(token.strip())
    if power is None:
        if not _INT_TOKEN.fullmatch(token.strip()):
            raise InvalidPositionError(f"{what} must be a whole number (digits, or a power such as "
                                       f"10**18), got {token!r}")
        try:
            return parse_int(token.strip())
        except ValueError:
            raise InvalidPositionError(f"{what} has {len(token.strip()):,} digits, more than this "
                                       f"Python reads") from None
    sign = -1 if power.group(1) == "-" else 1
    return sign * parse_heap(token.strip().lstrip("+-"), what)


def split_tokens(text: str) -> list[str]:
    """Split position text on whitespace and commas."""
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


BULK_TEXT = 100_000
"""Characters of position text past which :func:`check_heaps` reads its numbers in bulk
(:func:`decimal_numbers`, numpy), as a file of a staircase's 2·10⁵ counts is."""


def check_heaps(position: Any, what: str = "heap") -> tuple[int, ...]:
    """Validate a heap position given as an int, a sequence of ints, or text."""
    if type(position) is tuple and position and set(map(type, position)) == {int} \
            and min(position) >= 0:
        return position  # (already valid: checked in bulk, as a long staircase is, repeatedly)
    if isinstance(position, str):
        if len(position) > BULK_TEXT:
            numbers = decimal_numbers(position)
            if numbers is not None:
                return tuple(numbers.tolist())
        return tuple(parse_heap(t, what) for t in split_tokens(position))
    if isinstance(position, bool):
        raise InvalidPositionError(f"{what} must be a non-negative integer, got {position!r}")
    if isinstance(position, int) or hasattr(position, "__index__"):
        heaps: Iterable[Any] = (position,)
    elif isinstance(position, Iterable):
        heaps = position
    else:
        raise InvalidPositionError(f"a position of heaps must be integers, got {position!r}")
    out = []
    for h in heaps:
        if isinstance(h, bool) or not hasattr(h, "__index__"):
            raise InvalidPositionError(f"{what} must be a non-negative integer, got {h!r}")
        value = int(h.__index__())
        if value < 0:
            raise InvalidPositionError(f"{what} must be a non-negative integer, got {value!r}")
        out.append(value)
    return tuple(out)


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


SUM_SEPARATOR = "+"
"""Separates the components of a sum on the command line: ``nim 3 + kayles 5``."""


def split_segments(tokens: Sequence[str]) -> list[list[str]]:
    """Split command-line tokens on ``+`` into ``[game, position tokens...]`` segments.

    >>> split_segments(["nim", "3", "4", "+", "wythoff", "3", "5"])
    [['nim', '3', '4'], ['wythoff', '3', '5']]
    """
    segments: list[list[str]] = [[]]
    for token in tokens:
        if token == SUM_SEPARATOR:
            segments.append([])
        else:
            segments[-1].append(token)
    for segment in segments:
        if not segment:
            raise InvalidPositionError(
                f"empty component in sum {' '.join(tokens)!r}: write GAME POSITION on each side of '+'")
    return segments


def tokenize(text: str) -> list[str]:
    """Split on whitespace outside parentheses, so ``subtraction(1, 3)`` stays one token."""
    tokens: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch.isspace() and depth <= 0:
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        tokens.append("".join(current))
    return tokens


QUOTED = 40
"""The longest row a message quotes whole (a longer one: its first characters and its length)."""


def quoted(row: str) -> str:
    """A row as a message quotes it, as the exported program does.

    >>> quoted("HHX"), quoted("H" * 50)
    ("'HHX'", "'HHHHHHHHHHHHHHHHHHHHHHHHHHHHHH...' (50 characters)")
    """
    if len(row) <= QUOTED:
        return f"'{row}'"
    return f"'{row[:QUOTED - 10]}...' ({len(row)} characters)"


def coin_row(row: str, count: int | None = None) -> str:
    """A row of coins as the input gives it (``count``: the length ``N`` the input says it has),
    checked: ``H`` and ``T`` only, ``N`` coins; refused in one line that quotes it.

    >>> coin_row("HHTHT"), coin_row("", 0)
    ('HHTHT', '')
    >>> coin_row("HHXT")
    Traceback (most recent call last):
    grundy.errors.InvalidInputError: not a row of H and T coins: 'X' at coin 3 of 'HHXT'
    """
    bad = next((i for i, ch in enumerate(row) if ch not in "HT"), None) if row.strip("HT") else None
    if bad is not None:
        raise InvalidInputError(f"not a row of H and T coins: '{row[bad]}' at coin {bad + 1} of "
                                f"{quoted(row)}")
    if count is not None and count != len(row):
        raise InvalidInputError(f"a row of {count} coins expected, got {len(row)}: {quoted(row)}")
    return row
