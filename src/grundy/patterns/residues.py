"""Values linear on each residue class: ``G(mk + r) = a_r·k + b_r`` for ``n = mk + r >= n0``.

Arithmetic periodicity (``G(n + p) = G(n) + s``, :func:`grundy.tables.periodicity.find_period`) is
the case of one slope for every class. Many games have a slope of their own per class instead:
"``n // 2`` on the odd heaps, 0 on the even ones", or AtCoder ARC 151 C, whose heap ``9L + 3l + r``
codes a gap of ``L`` cells between ends ``l`` and ``r``: the value is ``L`` with one end free,
``L mod 2`` with both free, 0 or 1 with both ends written (modulus 18, as ``L mod 2`` needs two
lengths per class). Neither the period finder nor the short formulas of the search say that.

:func:`residue_law` finds the smallest modulus ``m`` (2 to :data:`MAX_MODULUS`) whose classes are
each on a line from some ``n0`` on, the least such ``n0``, and the few heaps below it off their
lines (the exceptions, listed). The law is seen once the second difference at lag ``m``,
``G(n) - 2·G(n - m) + G(n - 2m)``, is 0 for every ``n >= n0 + 2m`` of the table: the last ``n``
where it is not (the *bend*) fixes ``n0``, as the heap ``2m`` below it is the last one off its
line. Its evidence: at least three periods past ``n0`` (each class on one line at three heaps at
least), ``n0`` at most half the table, at most ``max(4, m // 2)`` exceptions, no class falling
(a value cannot go below 0), and the slopes not all equal (that is a period with a saltus,
which the period finder reports and may prove). What it returns is a conjecture, checked on
every heap of the table.

>>> law = residue_law([k if n % 2 else 0 for n in range(200) for k in [n // 2]], steps=1000)
>>> law.modulus, law.start, law.slopes, law.offsets
(2, 0, (0, 1), (0, 0))
>>> law.text()
'G(2k + r) = k for r = 1, 0 for r = 0'
>>> law.formula()
'n // 2 if n % 2 == 1 else 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.patterns.record import PREFIX

if TYPE_CHECKING:
    import numpy as np

MAX_MODULUS = 64
"""Largest modulus tried."""
REPEATS = 3
"""Periods of the table past ``n0`` the law needs (so each class is on its line at 3 heaps)."""
LISTED = 512
"""Up to this many values the table is looked at as a list (numpy is not loaded)."""


@dataclass(frozen=True)
class ResidueLaw:
    """``G(mk + r) = slopes[r]·k + offsets[r]`` for every ``n = mk + r >= start``, and below
    ``start`` too except at the heaps of ``exceptions`` (heap, its value)."""

    modulus: int
    start: int
    slopes: tuple[int, ...]
    offsets: tuple[int, ...]
    exceptions: tuple[tuple[int, int], ...]

    def value(self, n: int) -> int:
        """``G(n)`` by the law (the listed value at an exception).

        >>> law = ResidueLaw(2, 1, (0, 1), (5, 0), ((0, 0),))
        >>> law.value(0), law.value(7), law.value(8)
        (0, 3, 5)
        """
        for heap, v in self.exceptions:
            if heap == n:
                return v
        k, r = divmod(n, self.modulus)
        return self.slopes[r] * k + self.offsets[r]

    def groups(self) -> list[tuple[tuple[int, int], list[int]]]:
        """The classes by their line ``(slope, offset)``, in the order of their first class, but
        the line of the most classes last (the "otherwise"; of those, a constant, the later)."""
        by_line: dict[tuple[int, int], list[int]] = {}
        for r in range(self.modulus):
            by_line.setdefault((self.slopes[r], self.offsets[r]), []).append(r)
        items = list(by_line.items())
        widest = max(range(len(items)), key=lambda i: (len(items[i][1]), items[i][0][0] == 0, i))
        return [item for i, item in enumerate(items) if i != widest] + [items[widest]]

    def text(self) -> str:
        """The law for a person: ``G(18k + r) = 2k + 1 for r in {11, 14}, ..., 0 for the other r``,
        then the exceptions."""
        m = self.modulus
        parts = []
        groups = self.groups()
        for i, ((a, b), residues) in enumerate(groups):
            line = _line("k", a, b, times="")
            if i == len(groups) - 1 and len(residues) > 1:
                parts.append(f"{line} for the other r")
            elif len(residues) == 1:
                parts.append(f"{line} for r = {residues[0]}")
            else:
                parts.append(f"{line} for r in {_set_text(residues)}")
        out = f"G({m}k + r) = " + ", ".join(parts)
        if self.exceptions:
            out += "; except " + ", ".join(f"G({n}) = {v}" for n, v in self.exceptions)
        return out

    def formula(self) -> str:
        """The law in the grammar of :mod:`grundy.patterns.formulas` (``A if n % m in {..} else B``),
        the exceptions first."""
        m = self.modulus
        groups = self.groups()
        tests: list[tuple[str, str]] = []
        by_value: dict[int, list[int]] = {}
        for n, v in self.exceptions:
            by_value.setdefault(v, []).append(n)
        for (a, b), residues in groups[:-1]:
            test = f"n % {m} == {residues[0]}" if len(residues) == 1 else f"n % {m} in {_set_text(residues)}"
            heaps = by_value.pop(b, []) if a == 0 else []  # (exceptions of that value join the class,
            if heaps:                                        # tested before the other classes)
                tests.insert(0, (f"{_heaps_test(heaps)} or {test}", str(b)))
            else:
                tests.append((test, _line(f"n // {m}", a, b, times=" * ")))
        tests[:0] = [(_heaps_test(heaps), str(v)) for v, heaps in by_value.items()]
        (a, b), _ = groups[-1]
        out = _line(f"n // {m}", a, b, times=" * ")
        for test, value in reversed(tests):
            out = f"{value} if {test} else {out}"
        return out

    def p_positions(self) -> tuple[str, str] | None:
        """The P-positions (``G = 0``) by the law, as a text and a formula: the classes on the line
        0, less the heaps below ``start`` off it, and the finitely many other heaps of value 0
        (each rising class is 0 at one heap at most); ``None`` where there is none.

        >>> ResidueLaw(3, 2, (0, 1, 0), (0, 0, 2), ((0, 5), (1, 1))).p_positions()
        ('n % 3 == 0, except n in {0}', 'n % 3 == 0 and n not in {0}')
        """
        m = self.modulus
        zero = [r for r in range(m) if self.slopes[r] == 0 and self.offsets[r] == 0]
        heaps = {n for n, _ in self.exceptions}
        off = sorted(n for n, v in self.exceptions if v and n % m in zero)
        extra = {n for n, v in self.exceptions if v == 0 and n % m not in zero}
        for r in range(m):
            a, b = self.slopes[r], self.offsets[r]
            if a > 0 and b <= 0 and b % a == 0 and m * (-b // a) + r not in heaps:
                extra.add(m * (-b // a) + r)
        if not zero and not extra:
            return None
        rule = f"n % {m} == {zero[0]}" if len(zero) == 1 else f"n % {m} in {_set_text(zero)}"
        text, formula = rule, rule
        if off:
            off_text = _set_text(off)
            text, formula = f"{text}, except n in {off_text}", f"{formula} and n not in {off_text}"
        listed = _set_text(sorted(extra))
        if not zero:
            return f"n in {listed}", f"n in {listed}"
        if extra:
            text, formula = f"{text}, or n in {listed}", f"n in {listed} or {formula}"
        return text, formula


def _line(k: str, a: int, b: int, *, times: str) -> str:
    """``a·k + b`` written out: ``k``, ``2k + 1``, ``3`` (``times``: between ``a`` and ``k``)."""
    if a == 0:
        return str(b)
    term = k if a == 1 else (f"{a}{times}({k})" if times and " " in k else f"{a}{times}{k}")
    return term if b == 0 else f"{term} + {b}" if b > 0 else f"{term} - {-b}"


def _heaps_test(heaps: list[int]) -> str:
    return f"n == {heaps[0]}" if len(heaps) == 1 else f"n in {_set_text(heaps)}"


def _set_text(items: Sequence[int]) -> str:
    return "{" + ", ".join(map(str, items)) + "}"


class _Steps:
    """A count of the positions looked at, in units of :data:`~grundy.patterns.record.PREFIX`."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, points: int) -> bool:
        """Charge ``points`` positions (at least one step); whether the budget still allows it."""
        self.left -= max(1, -(-points // PREFIX))
        return self.left >= 0


def _bend_list(values: list[int], m: int, low: int, top: int, budget: _Steps) -> int | None:
    """The largest ``n`` in ``[max(low, 2m), top)`` where the lag-``m`` second difference is not
    0, ``max(low, 2m) - 1`` if none; ``None`` if the budget ran out. (Plain Python.)"""
    low = max(low, 2 * m)
    for n in range(top - 1, low - 1, -1):
        if (top - 1 - n) % PREFIX == 0 and not budget.spend(PREFIX):
            return None
        if values[n] - 2 * values[n - m] + values[n - 2 * m]:
            return n
    return low - 1


def _bend_array(values: np.ndarray, m: int, low: int, top: int, budget: _Steps) -> int | None:
    """:func:`_bend_list` on an int64 array, in chunks from the top that double in size."""
    import numpy as np

    low, width = max(low, 2 * m), PREFIX
    while top > low:
        bottom = max(low, top - width)
        if not budget.spend(top - bottom):
            return None
        d2 = values[bottom:top] - 2 * values[bottom - m:top - m] + values[bottom - 2 * m:top - 2 * m]
        hit = np.flatnonzero(d2)
        if len(hit):
            return bottom + int(hit[-1])
        top, width = bottom, 2 * width
    return low - 1


def _slopes(values: list[int], m: int) -> list[int]:
    """The slope of each class mod ``m`` between its last two heaps of the table."""
    total = len(values)
    return [values[last] - values[last - m] for r in range(m) for last in [r + m * ((total - 1 - r) // m)]]


def _law_for(values: list[int], m: int, bend: int) -> ResidueLaw | None:
    """The law of modulus ``m`` whose lines hold above ``bend - 2m`` (the last heap off its line),
    if its evidence suffices (the module's rules)."""
    total = len(values)
    start = max(0, bend - 2 * m + 1)
    if total - start < REPEATS * m or 2 * start > total:
        return None
    slopes = _slopes(values, m)
    if min(slopes) < 0 or min(slopes) == max(slopes):
        return None
    offsets = []
    for r in range(m):
        last = r + m * ((total - 1 - r) // m)
        offsets.append(values[last] - slopes[r] * (last // m))
    exceptions = tuple((n, values[n]) for n in range(start)
                       if values[n] != slopes[n % m] * (n // m) + offsets[n % m])
    if len(exceptions) > max(4, m // 2):
        return None
    start = exceptions[-1][0] + 1 if exceptions else 0
    return ResidueLaw(m, start, tuple(slopes), tuple(offsets), exceptions)


def residue_law(table: Sequence[int], *, steps: int, max_modulus: int = MAX_MODULUS) -> ResidueLaw | None:
    """The law of the smallest modulus ``m <= max_modulus`` that the table shows (the module's
    rules), or ``None``; ``steps`` bounds the positions looked at (a step per
    :data:`~grundy.patterns.record.PREFIX` of them; none found when they run out)."""
    values = list(table)
    total = len(values)
    budget = _Steps(steps)
    array = None
    if total > LISTED:
        import numpy as np

        array = np.asarray(values, dtype=np.int64)
    for m in range(2, min(max_modulus, total // REPEATS) + 1):
        if not budget.spend(m):
            return None
        slopes = _slopes(values, m)  # (the slopes at the top: one for all, or a falling class, is no law)
        if min(slopes) < 0 or min(slopes) == max(slopes):
            continue
        floor = min(total, total // 2 + 2 * m)  # a bend above it leaves n0 beyond half the table

        def bend_in(low: int, top: int, m: int = m) -> int | None:
            return (_bend_list(values, m, low, top, budget) if array is None
                    else _bend_array(array, m, low, top, budget))

        bend = bend_in(floor, total)  # (the top first: most moduli end there)
        if bend is not None and bend < floor:
            bend = bend_in(0, floor)
        if bend is None:
            return None
        law = _law_for(values, m, bend)
        if law is not None:
            return law
    return None


def formula_agrees(formula: str, table: Sequence[int]) -> bool:
    """Whether ``formula`` gives every value of the table (a short table in plain Python)."""
    if len(table) > LISTED:
        import numpy as np

        from grundy.patterns.formulas import agrees

        return agrees(formula, lambda i, v: v == table[i], {"n": np.arange(len(table), dtype=np.int64)},
                      len(table))
    from grundy.patterns.formulas import compiled

    func = compiled(formula)
    return all(func({"n": n}) == v for n, v in enumerate(table))


__all__ = ["MAX_MODULUS", "ResidueLaw", "formula_agrees", "residue_law"]
