"""Small helpers the games share: move labels and a bound on the positions below some heaps.

>>> describe_take(7, 2), describe_split(7, 1, 2)
('take 2: 7 → 5', 'take 1, split 7 → 2 + 4')
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.model.textio import int_text


def positions_exceed(heaps: Iterable[int], limit: int) -> bool:
    """Whether heaps of these sizes have more than ``limit`` positions below them, ``∏(h+1)``
    (stopping as soon as the product passes ``limit``).

    >>> positions_exceed((3, 4), 20), positions_exceed((3, 4), 19)
    (False, True)
    """
    size = 1
    for h in heaps:
        size *= h + 1
        if size > limit:
            return True
    return False


def describe_split(n: int, k: int, a: int) -> str:
    """Label for removing ``k`` (possibly 0) from a heap of ``n`` and leaving heaps ``a`` and
    ``n - k - a``: ``'take 1, split 7 → 2 + 4'``."""
    return (f"{f'take {int_text(k)}, split' if k else 'split'} {int_text(n)} → {int_text(a)} + "
            f"{int_text(n - k - a)}")


def describe_take(n: int, k: int) -> str:
    """Label for removing ``k`` from a heap of ``n``: ``'take 2: 7 → 5'``."""
    return f"take {int_text(k)}: {int_text(n)} → {int_text(n - k)}"
