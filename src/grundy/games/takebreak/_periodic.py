"""Small integer helpers shared by the take-away games: residue-class hits inside an interval.

>>> list(residue_hits(0, 20, 7, 0, 2, 3))
[2, 3, 9, 10, 16, 17]
"""

from __future__ import annotations

from collections.abc import Iterator


def residue_hits(lo: int, hi: int, period: int, offset: int, jlo: int, jhi: int) -> Iterator[int]:
    """Every ``m`` in ``[lo, hi]`` with ``(m - offset) mod period`` in ``[jlo, jhi]``, increasing.

    Work is proportional to the number of periods the interval spans plus the hits, so a
    1,000-digit ``lo`` costs nothing more than a small one.

    >>> [m - 10**30 for m in residue_hits(10**30, 10**30 + 5, 4, 1, 0, 0)]
    [1, 5]
    """
    if lo > hi or jlo > jhi:
        return
    q = (lo - offset - jhi) // period
    while True:
        start = offset + q * period + jlo
        if start > hi:
            return
        end = offset + q * period + jhi
        yield from range(max(start, lo), min(end, hi) + 1)
        q += 1
