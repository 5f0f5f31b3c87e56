"""JSON text of an answer without importing :mod:`json` (whose decoder and scanner ``grundy solve
--json`` never uses): :func:`dumps` writes what ``json.dumps(value, ensure_ascii=False)`` writes.

Strings go through the C encoder that :mod:`json` itself uses for them; ``None``, booleans, whole
numbers, lists, tuples and dicts with string keys are written here; anything else (a float, a
dict with other keys, an object JSON cannot hold) is handed to :func:`json.dumps`, which then
writes, or refuses, it exactly as it would have.

>>> dumps({"game": "nim", "heaps": (3, 4, 5), "misere": False, "note": None, "why": "3 ⊕ 4"})
'{"game": "nim", "heaps": [3, 4, 5], "misere": false, "note": null, "why": "3 ⊕ 4"}'
>>> dumps([1.5, {1: "a"}])
'[1.5, {"1": "a"}]'
"""

from __future__ import annotations

try:
    from _json import encode_basestring as quote  # (what json.dumps uses for a str, non-ASCII kept)
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    from json.encoder import py_encode_basestring as quote


def dumps(value: object) -> str:
    """``json.dumps(value, ensure_ascii=False)`` (for data without reference cycles)."""
    out: list[str] = []
    _write(value, out)
    return "".join(out)


def _write(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(quote(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(", ")
            _write(item, out)
        out.append("]")
    elif isinstance(value, dict) and all(isinstance(key, str) for key in value):
        out.append("{")
        for i, (key, item) in enumerate(value.items()):
            out.append(", " + quote(key) + ": " if i else quote(key) + ": ")
            _write(item, out)
        out.append("}")
    else:
        import json

        out.append(json.dumps(value, ensure_ascii=False))
