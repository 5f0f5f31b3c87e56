"""Periods of a misère quotient's heap images: the one seen, and the one the periodicity theorem
proves (Plambeck–Siegel's, for octal games and finite subtraction games, in the form proved in
``docs/misere.md``).

>>> proved_period([0, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2], 2)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.model.game import HeapGame
from grundy.model.laws import TakeKind


def period_rule(game: HeapGame) -> int | None:
    """``t`` of the periodicity theorem when it applies to ``game`` (octal games and take-away
    games with a finite subtraction set), else ``None``."""
    digits = game.octal_digits
    if digits is not None:
        return len(digits) - 1
    rule = game.take_away_rule()
    if rule is not None and rule.kind is TakeKind.ONLY and rule.values:
        return max(rule.values)
    return None


def seen_period(heap: Sequence[int]) -> tuple[int, int] | None:
    """The least ``(p, n0)`` (least ``p``, then least ``n0``) with ``heap[n+p] = heap[n]`` for all
    ``n0 ≤ n`` in range, over at least two whole periods; ``None`` when none."""
    top = len(heap) - 1
    for p in range(1, top // 2 + 1):
        n0 = top - p
        while n0 > 0 and heap[n0 - 1] == heap[n0 - 1 + p]:
            n0 -= 1
        if top - n0 + 1 >= 2 * p + max(1, n0 // 4):  # seen repeating over a long stretch
            return p, n0
    return None


def proved_period(heap: Sequence[int], t: int) -> tuple[int, int] | None:
    """``(p, n0)`` when the periodicity theorem applies to heaps ``0..N`` (``N = len(heap) - 1``):
    ``heap[n + p] = heap[n]`` for ``n0 ≤ n ≤ N - p``, ``n0 ≥ 1`` and ``N ≥ 2·n0 + 2·p + t``."""
    top = len(heap) - 1
    for p in range(1, top // 2 + 1):
        n0 = top - p
        while n0 > 1 and heap[n0 - 1] == heap[n0 - 1 + p]:
            n0 -= 1
        if top >= 2 * n0 + 2 * p + t:
            return p, n0
    return None


