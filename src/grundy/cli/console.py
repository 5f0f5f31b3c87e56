"""Every console: text in ASCII spellings where the stream cannot encode a character, JSON valid in
any encoding, and a failed write reported in one line.

A Windows console, a CI log or a pipe under an ASCII locale cannot encode ``→`` or ``⊕``: rather
than a ``UnicodeEncodeError`` half-way through an answer, :func:`prepare_console` gives standard
output and standard error an error handler that writes those characters as ASCII spellings
(:data:`ASCII` — ``->``, ``(+)``, ``10^18``; letters without their accents; anything else as
``\\uXXXX``). Only characters the stream cannot encode are touched: a UTF-8 terminal sees the
text unchanged. JSON output gets a handler of its own, which writes ``\\uXXXX`` escapes, so that the
document stays valid JSON and decodes to the same strings (non-ASCII characters only ever occur
inside JSON strings). One mechanism for every command and every language: a text in another
script falls back to escapes the same way.

>>> ascii_spelling("heap 1: take 2: 3 → 1; 1 ⊕ 4 = 5; 10¹⁸ ≥ 2·71; misère")
'heap 1: take 2: 3 -> 1; 1 (+) 4 = 5; 10^18 >= 2*71; misere'
>>> json_escaped('{"move": "3 → 1 𝄞"}')
'{"move": "3 \\\\u2192 1 \\\\ud834\\\\udd1e"}'
"""

from __future__ import annotations

import codecs
import errno
import sys

ASCII = {
    "→": "->", "←": "<-", "⇒": "=>", "⟺": "<=>", "⇄": "<->", "↻": "(loop)", "⊕": "(+)", "⊗": "(x)",
    "—": "--", "–": "-", "−": "-", "…": "...", "·": "*", "×": "x", "≤": "<=", "≥": ">=", "≠": "!=",
    "≡": "==", "≈": "~", "±": "+/-", "∓": "-/+", "∞": "inf", "√": "sqrt", "∈": " in ", "∅": "{}",
    "∩": "&", "∪": "|", "∧": "and", "∤": " does not divide ", "∏": "prod", "Σ": "sum", "⌊": "floor(",
    "⌋": ")", "●": "o", "○": ".", "─": "-", "│": "|", "┼": "+", "µ": "u", "φ": "phi", "Φ": "Phi",
    "α": "alpha", "β": "beta", "γ": "gamma", "ν": "nu", "ρ": "rho", "σ": "sigma", "ᵢ": "_i",
    "₁": "_1", "₂": "_2", "‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "\u00a0": " ",
}
"""ASCII spellings of the characters grundy's texts use."""

SUPERSCRIPTS = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7",
                "⁸": "8", "⁹": "9", "⁻": "-"}
"""Superscript digits: an exponent, written ``^18`` (one ``^`` per run of them)."""

TEXT_ERRORS = "grundy-ascii"
"""The codec error handler of text output (:func:`ascii_spelling` of what cannot be encoded)."""

JSON_ERRORS = "grundy-json"
"""The codec error handler of JSON output (``\\uXXXX`` escapes of what cannot be encoded)."""

WRITE_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, errno.EDQUOT}
"""An :class:`OSError` with one of these and no file name is a failed write of the output."""


def _spell(text: str, start: int, end: int) -> str:
    import unicodedata

    out = []
    for i in range(start, end):
        ch = text[i]
        if ch in SUPERSCRIPTS:
            out.append(("" if i > 0 and text[i - 1] in SUPERSCRIPTS else "^") + SUPERSCRIPTS[ch])
            continue
        spelled = ASCII.get(ch)
        if spelled is None:
            bare = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            spelled = bare if bare else _escape(ch)
        out.append(spelled)
    return "".join(out)


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a UTF-16 surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_spelling(text: str) -> str:
    """``text`` with every non-ASCII character in its ASCII spelling (see the module doc)."""
    return _spell(text, 0, len(text)) if not text.isascii() else text


def json_escaped(text: str) -> str:
    """JSON text with every non-ASCII character written ``\\uXXXX`` (the same JSON value)."""
    return "".join(ch if ch.isascii() else _escape(ch) for ch in text)


def _text_handler(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return _spell(error.object, error.start, error.end), error.end


def _json_handler(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_escape(ch) for ch in error.object[error.start:error.end]), error.end


codecs.register_error(TEXT_ERRORS, _text_handler)
codecs.register_error(JSON_ERRORS, _json_handler)


def prepare_console(json: bool = False) -> None:
    """Give standard output (``json``: the JSON handler, else the text one) and standard error
    (always text) the fallback for what their encoding cannot write. Streams that cannot be
    reconfigured (a test's capture) are left as they are."""
    for stream, errors in ((sys.stdout, JSON_ERRORS if json else TEXT_ERRORS), (sys.stderr, TEXT_ERRORS)):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = str(getattr(stream, "encoding", "") or "").lower().replace("-", "").replace("_", "")
        if reconfigure is None or encoding in ("utf8", "utf16", "utf32"):
            continue  # (every character encodes: nothing to fall back from)
        try:
            reconfigure(errors=errors)
        except (ValueError, OSError):  # pragma: no cover - a closed or detached stream
            pass


def is_write_failure(exc: OSError) -> bool:
    """Whether ``exc`` is a failed write of the output (a full disk, ``> /dev/full``, a closed
    descriptor), not an error about a file the command was asked to read."""
    return exc.filename is None and exc.errno in WRITE_ERRNOS


def silence_stdout() -> None:
    """Point standard output at the null device, so that what is still buffered is not written
    again (and fails again) when the interpreter exits."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no descriptor to replace
        pass
