"""A proved period in plain Python, no numpy: the light path of ``analyze(method="auto")``.

Most octal and subtraction games prove their period within a few hundred values. Then the whole
table ``G(0..N)`` is determined, and its summary (largest value, checksum, first values, the rare
values' count and positions) follows from the head of the table and the period without building
the table, so ``grundy table kayles --upto 100000000 --summary`` needs neither numpy nor numba.
The full array is built (with numpy) only if asked for (:attr:`TableAnalysis.values`).

Every function here mirrors a numpy one in :mod:`grundy.tables.builders` or
:mod:`grundy.tables.periodicity`, and the tests check that both give identical results (the
rare classes are chosen by :func:`grundy.tables.sparse.table_classes`, in plain Python on a
list).

>>> from grundy import load_game
>>> head, found = proved_head(load_game("kayles"), 10**18)
>>> len(head), found.period, found.preperiod
(256, 12, 71)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from grundy.engine.search import mex
from grundy.model.game import HeapGame
from grundy.model.period_rules import HasPeriodRule, octal_code
from grundy.model.periodic import Periodicity

if TYPE_CHECKING:
    from grundy.tables.periodicity import RareInfo

HEAD_SIZES = (256, 512)
"""Head lengths tried, in order (longer heads are cheaper with numpy: :mod:`grundy.tables.builders`)."""


def octal_head(digits: tuple[int, ...], count: int, values: list[int]) -> list[int]:
    """Extend ``values`` to ``G(0..count-1)`` of the octal game ``digits`` (plain Python)."""
    for n in range(len(values), count):
        values.append(mex(octal_options(digits, values, n)))
    return values


def octal_options(digits: tuple[int, ...], values: list[int], n: int, take_all: bool = True) -> set[int]:
    """The values of the options of heap ``n`` in the octal game ``digits`` (``values`` holds at
    least ``G(0..n-1)``); without ``take_all``, not the moves that take a whole heap.

    >>> octal_options((0, 7, 7), [0, 1, 2, 3], 4)  # Kayles: 3, 2 (take 1, 2) and 1 ^ 2, 1 ^ 1
    {0, 2, 3}
    """
    found: set[int] = set()
    for i, d in enumerate(digits):
        if i > n:
            break
        r = n - i
        if take_all and i and d & 1 and r == 0:
            found.add(0)
        if i and d & 2 and r > 0:
            found.add(values[r])
        if d & 4 and r >= 2:
            found.update([values[a] ^ values[r - a] for a in range(1, r // 2 + 1)])
    return found


def subtraction_head(moves: Iterable[int], count: int, values: list[int] | None = None) -> list[int]:
    """Extend ``values`` (default: empty) to ``G(0..count-1)`` of the subtraction game ``moves``."""
    values = [] if values is None else values
    for n in range(len(values), count):
        values.append(mex(values[n - s] for s in moves if s <= n))
    return values


def prove_list(game: HasPeriodRule, values: list[int]) -> Periodicity | None:
    """:func:`grundy.tables.periodicity.prove_period` in plain Python (for short tables)."""
    from grundy.tables.periodicity import prefix_function

    rule = game.period_rule()
    if rule is None:
        return None
    n = len(values)
    pi = prefix_function(values[::-1])
    for i in range(n):  # tails in increasing length: minimal periods are non-decreasing
        length = i + 1
        p = length - pi[i]
        if i + 1 < n and length + 1 - pi[i + 1] == p:
            continue  # not the longest tail with this period
        if length > p and rule.values_needed(p, n - length) <= n:
            return Periodicity(p, n - length, 0, True, rule.theorem)
    return None


def proved_head(game: HeapGame, upto: int) -> tuple[list[int], Periodicity | None]:
    """A head of the table (at most 512 values) and the period it proves, if any."""
    values: list[int] = []
    found = None
    code = octal_code(game)  # an octal game: its head and theorem from the code alone
    rules: HasPeriodRule = game if code is None else code
    if rules.period_rule() is None:
        return values, None
    for size in HEAD_SIZES:
        count = min(size, upto + 1)
        head = octal_head(code.digits, count, []) if code is not None else game.table_head(count)
        if head is None:
            return [], None
        values = head
        found = prove_list(rules, values)
        if found is not None or count == upto + 1:
            break
    return values, found


def value(head: list[int], found: Periodicity | None, n: int) -> int:
    """``G(n)`` from the head and its proved period."""
    return head[n] if n < len(head) or found is None else found.value(head, n)


def checksum(head: list[int], found: Periodicity | None, upto: int) -> int:
    """``G(0) + … + G(upto)``."""
    if found is None or upto < len(head):
        return sum(head[:upto + 1])
    e, p = found.preperiod, found.period
    block = head[e:e + p]
    q, r = divmod(upto + 1 - e, p)
    return sum(head[:e]) + q * sum(block) + sum(block[:r])


def rare_info(head: list[int], found: Periodicity | None, upto: int, mask: int, delta: int,
              sigma: int) -> RareInfo:
    """:class:`RareInfo` of ``G(0..upto)`` from the head and its period, without the table."""
    from grundy.tables.periodicity import RareInfo
    from grundy.tables.sparse import parity

    def rare(x: int) -> bool:
        return (parity(value(head, found, x) & mask) ^ (delta & x)) == sigma

    if found is None:
        hits = [x for x in range(1, upto + 1) if rare(x)]
        return RareInfo(mask, delta, sigma, len(hits), tuple(hits[:20]), hits[-1] if hits else None)
    e, p = found.preperiod, found.period
    cycle = p if delta == 0 or p % 2 == 0 else 2 * p  # the labels' period from e on
    window_end = min(upto, max(len(head), e + cycle) - 1)
    direct = [x for x in range(1, window_end + 1) if rare(x)]
    start = max(e, 1)
    per_cycle = [x for x in range(start, start + cycle) if rare(x)]
    count = len(direct)
    first = direct[:20]
    last = direct[-1] if direct else None
    if per_cycle and upto > window_end:
        # every later rare position is one of per_cycle shifted by a multiple of the cycle
        def count_upto(m: int) -> int:  # rare positions in [start, m]
            q, r = divmod(m - start + 1, cycle)
            return q * len(per_cycle) + sum(1 for x in per_cycle if x - start < r)

        count += count_upto(upto) - count_upto(window_end)
        k = window_end + 1
        while len(first) < 20 and k <= upto:
            if rare(k):
                first.append(k)
            k += 1
        last = next(x for x in range(upto, upto - cycle - 1, -1) if rare(x))
    return RareInfo(mask, delta, sigma, count, tuple(first), last)
