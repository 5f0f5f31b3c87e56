"""Many rows of text built at once with numpy: each row the same pieces of fixed text with
non-negative numbers written in decimal between them (a million JSON objects of winning moves,
a million heaps on a line), with no Python work per row.

Each number gets a slot of NUL bytes in a row template wide enough for the largest; the digits
are written right-aligned in it, eight bytes at a time, and the NULs left over are squeezed out of
all rows at once.

>>> import numpy as np
>>> rows([b"heap ", 0, b" takes ", 1, b"; "], [np.array([1, 20, 300]), np.array([7, 0, 12])]).tobytes()
b'heap 1 takes 7; heap 20 takes 0; heap 300 takes 12; '
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def rows(pieces: Sequence[bytes | int], numbers: Sequence[np.ndarray]) -> np.ndarray:
    """The rows, joined, as a uint8 array: row ``i`` is ``pieces`` in order, a ``bytes`` piece as
    it is (no NUL byte in it), an ``int`` piece ``k`` as ``numbers[k][i]`` in decimal."""
    count = int(numbers[0].size) if numbers else 0
    slots = [8 * -(-len(str(int(x.max()) if x.size else 0)) // 8) for x in numbers]
    template = bytearray()
    where: list[list[int]] = [[] for _ in numbers]
    for piece in pieces:
        if isinstance(piece, bytes):
            template += piece
        else:
            where[piece].append(len(template))
            template += bytes(slots[piece])
    block = np.empty((count, len(template)), dtype=np.uint8)
    block[:] = np.frombuffer(bytes(template), dtype=np.uint8)
    for x, slot, offsets in zip(numbers, slots, where, strict=True):
        if offsets:
            words = _digits(x, slot).view(np.uint64)
            for at in offsets:
                block[:, at:at + slot].view(np.uint64)[...] = words
    flat = block.reshape(-1)
    return flat[flat != 0]


def _digits(x: np.ndarray, slot: int) -> np.ndarray:
    """``x`` (non-negative) in decimal, right-aligned in ``slot`` NUL-padded bytes per number."""
    top = int(x.max()) if x.size else 0
    y: Any = x.astype(np.int32 if top < 2**31 else np.int64)
    out = np.zeros((x.size, slot), dtype=np.uint8)
    for c in range(len(str(top))):  # the digit c places from the right
        q = y // 10
        digit = (y - q * 10).astype(np.uint8) + 48
        if c:
            digit *= y != 0  # (a leading position stays NUL)
        out[:, slot - 1 - c] = digit
        y = q
    return out
