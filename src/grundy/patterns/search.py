"""Patterns in a table of Grundy values: closed formulas, periodic P-positions, recognised sequences.

:func:`find_patterns` (heap games, a table ``G(0..N)``) and :func:`find_pair_patterns` (games on
pairs, a grid ``G(a, b)``) report what they find, simplest first. A pattern is ``"proved"`` only
where a theorem applies (a proved period of the game, plus a formula that syntactically depends
on ``n`` only modulo a divisor of that period); everything else is a ``"conjecture"`` checked on
every position of the table. Formulas use the grammar of :mod:`grundy.patterns.formulas`.

>>> [p.text for p in find_patterns([n % 3 for n in range(60)])]  # doctest: +NORMALIZE_WHITESPACE
['G(n) = n % 3 (conjecture, checked for n <= 59)',
 'P iff n % 3 == 0 (conjecture: period 3 seen for n <= 59)']
>>> find_pair_patterns([[a ^ b for b in range(20)] for a in range(20)])[0].formula
'a ^ b'
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import compress, count
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError
from grundy.model.laws import Describes, Status
from grundy.patterns.families import arithmetic_values, p_union, self_similar
from grundy.patterns.formulas import MAX_FORMULA_CHARS, agrees, size
from grundy.patterns.pairs import find_pair_patterns
from grundy.patterns.proof import eventual_form, implied_by_period
from grundy.patterns.recognise import beatty, beatty_membership, named_sets
from grundy.patterns.record import (
    MAX_SIZE,
    SEARCH_STEPS,
    Pattern,
    cost,
    fits,
    search_prefix,
    too_long,
    zero_tests,
)
from grundy.patterns.residues import formula_agrees, residue_law
from grundy.patterns.synthesis import best_formula, shortest_formula
from grundy.tables.periodicity import Periodicity, find_period

if TYPE_CHECKING:
    import numpy as np

# ---- heap games --------------------------------------------------------------------------------

def _as_ints(values: Sequence[int]) -> list[int]:
    try:
        out = list(map(int, values))
    except (TypeError, ValueError):
        raise InvalidInputError(
            f"a table of Grundy values must hold integers, got {list(values)[:10]!r}") from None
    if out and min(out) < 0:
        raise InvalidInputError(f"Grundy values are non-negative, got {min(out)}")
    return out


def periodic_modulus(formula: str) -> int | None:
    """``m`` such that the formula depends on ``n`` only through ``n mod m`` (from ``n = 0`` on),
    by :func:`grundy.patterns.proof.eventual_form`; ``None`` when that is not shown.

    >>> periodic_modulus("(n % 3 == 1) + (n + 1) % 6"), periodic_modulus("n // 2")
    (6, None)
    """
    form = eventual_form(formula)
    return form.period if form is not None and form.step == 0 and form.start == 0 else None


def _arange(count: int) -> np.ndarray:
    import numpy as np

    return np.arange(count, dtype=np.int64)


def _formula_search(target: list[int], expected: Callable[[int, int], bool], *, total: int, boolean: bool,
                    constants: Sequence[int], steps: int, reject: Callable[[str], bool]) -> str | None:
    """:func:`~grundy.patterns.synthesis.shortest_formula` over ``n = 0..len(target)-1``,
    confirmed on ``total`` points: replayed from the kept space of the search when there is one
    (:mod:`grundy.patterns.space`: then numpy is loaded only to confirm a candidate), else run."""
    from grundy.patterns import space

    kept = space.cached(space.space_key(len(target), boolean, constants, MAX_SIZE, steps))
    stream = None if kept is None else kept.candidates(target)
    if stream is not None:
        return best_formula(stream, lambda text: _agrees(text, expected, total), reject)
    import numpy as np

    return shortest_formula({"n": _arange(len(target))}, expected, np.array(target, dtype=np.int64),
                            total=total, full_env={"n": _arange(total)}, boolean=boolean,
                            constants=constants, max_size=MAX_SIZE, steps=steps, reject=reject)


EXACT_CONFIRM = 4096
"""Up to this many points a candidate is confirmed point by point in Python integers (stopping
at the first point it misses), not in numpy's int64 chunks: the same answer, without numpy."""


def _agrees(formula: str, expected: Callable[[int, int], bool], total: int) -> bool:
    """:func:`~grundy.patterns.formulas.agrees` over ``n = 0..total-1``: exactly, where the
    formula is undefined at a point it does not agree."""
    if total > EXACT_CONFIRM:
        return agrees(formula, expected, {"n": _arange(total)}, total)
    from grundy.patterns.formulas import FormulaError, compiled

    func = compiled(formula)
    try:
        return all(expected(n, int(func({"n": n}))) for n in range(total))
    except (FormulaError, ArithmeticError, ValueError, RecursionError):
        return False


def _values_formula(values: list[int], periodicity: Periodicity | None, text_len: int,
                    steps: int) -> Pattern | None:
    total = len(values)
    prefix = search_prefix(total)
    constants = []
    if periodicity is not None:
        p = periodicity.period
        constants = [d for d in range(2, min(p, 64) + 1) if p % d == 0] + [abs(periodicity.saltus)]
    formula = _formula_search(values[:prefix], lambda i, v: v == values[i], total=total, boolean=False,
                              constants=constants, steps=steps, reject=lambda f: too_long(f, text_len, total))
    if formula is None:
        return None
    return _labelled(Describes.VALUES, f"G(n) = {formula}", formula, values, periodicity)


def _labelled(describes: Describes, text: str, formula: str, values: list[int],
              periodicity: Periodicity | None) -> Pattern:
    """The pattern, ``"proved"`` exactly when :func:`~grundy.patterns.proof.implied_by_period` says so."""
    last = len(values) - 1
    proof = implied_by_period(formula, values, periodicity, boolean=describes == Describes.P_POSITIONS)
    if proof is not None and periodicity is not None:
        salt = f", saltus {periodicity.saltus}" if periodicity.saltus else ""
        why = f"implied by the proved period {periodicity.period} from heap {periodicity.preperiod}{salt}"
        return Pattern.stated(describes, text, f"proved: {why}", formula, Status.PROVED, last, proof)
    return Pattern.stated(describes, text, f"conjecture, checked for n <= {last}", formula, Status.CONJECTURE,
                          last)


def _set_text(items: Sequence[int]) -> str:
    return "{" + ", ".join(map(str, items)) + "}"


def _residue_pattern(values: list[int], found: Periodicity) -> Pattern | None:
    total, last = len(values), len(values) - 1
    p, e, s = found.period, found.preperiod, found.saltus
    if 3 * p > total or total < e + p:
        return None
    proved = found.proved
    where = (f"proved: period {p}, preperiod {e}, by {found.reason}" if proved
             else f"conjecture: period {p} seen for n <= {last}")
    if s > 0:  # beyond the preperiod every value grows: finitely many P-positions, all below e + p
        zeros = [n for n in range(min(total, e + p)) if values[n] == 0]
        if not proved or not zeros:
            return None
        formula = f"n in {_set_text(zeros)}"
        if not fits(formula):
            return None  # a long list restates the table
        return Pattern.stated(Describes.P_POSITIONS, f"P iff n in {_set_text(zeros)}", f"{where}, saltus {s}",
                              formula, Status.PROVED, last, f"{found.reason}; saltus {s} > 0")
    if s != 0:
        return None
    residues = sorted({n % p for n in range(e, e + p) if values[n] == 0})
    if len(residues) == 1:
        rule = f"n % {p} == {residues[0]}" if p > 1 else "True"
    else:
        rule = f"n % {p} in {_set_text(residues)}"
    extra_p = [n for n in range(e) if values[n] == 0 and n % p not in residues]
    extra_n = [n for n in range(e) if values[n] != 0 and n % p in residues]
    if (not residues and not extra_p) or 2 * e > total or len(extra_p) + len(extra_n) > max(4, p):
        return None  # nothing, or mostly exceptions: that restates the table
    formula, text = rule, rule
    if extra_n:
        formula = f"{formula} and n not in {_set_text(extra_n)}"
        text = f"{text}, except n in {_set_text(extra_n)}"
    if extra_p:
        formula = f"n in {_set_text(extra_p)}" + (f" or {formula}" if residues else "")
        text = (f"{text}, or n in {_set_text(extra_p)}" if residues else f"n in {_set_text(extra_p)}")
    if p == 1 and residues:
        formula = "n >= 0" if not extra_n and not extra_p else formula.replace("True and ", "")
    if not fits(formula):
        return None
    return Pattern.stated(Describes.P_POSITIONS, f"P iff {text}", where, formula,
                          Status.PROVED if proved else Status.CONJECTURE, last,
                          found.reason if proved else None)


def _named_patterns(zeros: set[int], table: list[int], periodicity: Periodicity | None) -> list[Pattern]:
    out = []
    last = len(table) - 1
    head = min(last, 1000)
    for named in named_sets():
        # a cheap look at the first thousand positions, then the whole table
        if any(named.contains(n) != (n in zeros) for n in range(1, head + 1)):
            continue
        members = {n for n in range(last + 1) if named.contains(n)}
        if len(members) < 5 or not (zeros ^ members) <= {0}:
            continue
        if zeros == members:
            text, formula = f"n is one of the {named.name}", named.formula
        elif 0 in zeros:
            text, formula = f"n = 0 or n is one of the {named.name}", f"n == 0 or {named.formula}"
        else:
            text, formula = f"n > 0 and n is one of the {named.name}", f"n > 0 and ({named.formula})"
        out.append(_labelled(Describes.P_POSITIONS, f"P iff {text}", formula, table, periodicity))
    return out


def _beatty_pattern(zeros: list[int], last: int, text_len: int) -> Pattern | None:
    alpha = beatty(zeros)
    if alpha is None or alpha.floor_mul(len(zeros) + (zeros[0] != 0)) <= last:
        return None  # not recognised, or a term below the end of the table is missing
    k0 = "0" if zeros[0] == 0 else "1"
    formula = beatty_membership(alpha)
    if zeros[0] == 0:
        formula = f"n == 0 or {formula}"
    text = f"P iff n = ⌊k·{alpha.factor()}⌋ for some k >= {k0}, {alpha.name()} = {alpha}"
    return Pattern.stated(Describes.P_POSITIONS, text, f"conjecture, checked for n <= {last}",
                          None if too_long(formula, text_len, last + 1) else formula, Status.CONJECTURE, last)


def _text_length(table: list[int]) -> int:
    """The length of the table written out (``", ".join``), what :func:`too_long` compares a
    formula with; for a table whose every value takes a character, ``3·len - 2`` at least, so
    from ``MAX_FORMULA_CHARS / 3`` values on that bound answers as the length itself (a
    formula longer than the bound does not fit) and the table is not written out.

    >>> _text_length([0, 12, 3]), _text_length(list(range(700))) >= MAX_FORMULA_CHARS
    (8, True)
    """
    bound = 3 * len(table) - 2
    return bound if bound >= MAX_FORMULA_CHARS else len(", ".join(map(str, table)))


def find_patterns(values: Sequence[int], *, periodicity: Periodicity | None = None,
                  max_patterns: int = 5, steps: int = SEARCH_STEPS) -> list[Pattern]:
    """The patterns of a heap game's table ``G(0..N)``, simplest first (at most ``max_patterns``).

    ``periodicity``: the game's period if known (``proved=True`` makes it a theorem); otherwise
    the period the table shows, if any, gives conjectures. ``steps`` bounds the formula search
    (a count of expressions built, so the result does not depend on the machine's load).

    >>> from grundy.tables.periodicity import Periodicity
    >>> top = find_patterns([n % 3 for n in range(30)], periodicity=Periodicity(3, 0, 0, True, "a window"))
    >>> top[0].text, top[0].status.value
    ('G(n) = n % 3 (proved: implied by the proved period 3 from heap 0)', 'proved')
    """
    table = _as_ints(values)
    if not table:
        return []
    last = len(table) - 1
    text_len = _text_length(table)
    found = periodicity if periodicity is not None else find_period(table)
    out: list[Pattern] = []
    formula = _values_formula(table, found, text_len, steps)
    if formula is None:
        formula = _family_formula(table, found, text_len, steps)
    period_shown = found is not None and 3 * found.period <= len(table) and 2 * found.preperiod <= len(table)
    if formula is None and not period_shown:  # (a period shown has one slope, and may be proved)
        out.extend(_residue_patterns(table, found, text_len, steps // 4))
        formula = out[0] if out else None
    elif formula is not None:
        out.append(formula)
    if found is not None:
        residue = _residue_pattern(table, found)
        if residue is not None:
            out.append(residue)
        if formula is None and 3 * found.period <= len(table) and 2 * found.preperiod <= len(table):
            head = table[found.preperiod:found.preperiod + found.period]
            shown = " ".join(map(str, head[:24])) + (" ..." if len(head) > 24 else "")
            salt = f" + {found.saltus}" if found.saltus else ""
            status = Status.PROVED if found.proved else Status.CONJECTURE
            how = f"proved by {found.reason}" if found.proved else f"conjecture, seen for n <= {last}"
            law = f"G(n + {found.period}) = G(n){salt} for n >= {found.preperiod}: {shown}"
            out.append(Pattern.stated(Describes.VALUES, law, how, None, status, last,
                                      found.reason if found.proved else None))
    zeros = list(compress(count(), map(operator.not_, table)))  # (the n with G(n) = 0, at C speed)
    if zeros:
        out.extend(_named_patterns(set(zeros), table, found))
        if not any(p.describes == Describes.P_POSITIONS for p in out):
            beat = _beatty_pattern(zeros, last, text_len)
            if beat is not None:
                out.append(beat)
        if not any(p.describes == Describes.P_POSITIONS for p in out) and formula is None:
            union = p_union(table)
            if union is not None:
                out.append(_labelled(Describes.P_POSITIONS, f"P iff {union}", union, table, found))
    if not any(p.describes == Describes.P_POSITIONS for p in out) and zeros and len(zeros) < len(table):
        out.extend(_p_formula(table, formula, text_len, steps // 2, found))
    return sorted((p for p in out if fits(p.formula)), key=cost)[:max_patterns]


def _family_formula(table: list[int], periodicity: Periodicity | None, text_len: int,
                    steps: int) -> Pattern | None:
    """A self-similar (recursive) formula, or a function of an arithmetic function of ``n``
    (:mod:`grundy.patterns.families`), with a quarter of the search's steps each; not for a
    table with a period (the period describes it, and says more)."""
    if periodicity is not None:
        return None
    found = [f for f in (family(table, steps=steps // 4) for family in (self_similar, arithmetic_values))
             if f is not None and not too_long(f, text_len, len(table))]
    if not found:
        return None
    best = min(found, key=size)  # (Ω(n) rather than a recursion saying the same)
    return _labelled(Describes.VALUES, f"G(n) = {best}", best, table, periodicity)


def _residue_patterns(table: list[int], periodicity: Periodicity | None, text_len: int,
                      steps: int) -> list[Pattern]:
    """Values linear on each residue class, with slopes not all equal (:mod:`grundy.patterns.residues`),
    as a readable law and its formula, then the P-positions it gives; not where a period the
    table shows describes the table (it has one slope, and may be proved)."""
    law = residue_law(table, steps=steps)
    if law is None:
        return []
    formula = law.formula()
    if too_long(formula, text_len, len(table)) or not formula_agrees(formula, table):
        return []
    out = [_labelled(Describes.VALUES, law.text(), formula, table, periodicity)]
    zeros = law.p_positions()
    if zeros is not None and formula_agrees(zeros[1], [int(v == 0) for v in table]):
        out.append(_labelled(Describes.P_POSITIONS, f"P iff {zeros[0]}", zeros[1], table, periodicity))
    return out


def _derived_p_formula(values_formula: Pattern | None) -> list[str]:
    """``X == Y`` from ``G = X ^ Y`` or ``X - Y``, and ``G == 0``."""
    if values_formula is None or values_formula.formula is None:
        return []
    return zero_tests(values_formula.formula)


def _p_formula(table: list[int], values_formula: Pattern | None, text_len: int,
               steps: int, periodicity: Periodicity | None) -> list[Pattern]:
    total = len(table)

    def expected(i: int, v: int) -> bool:
        return bool(v) == (table[i] == 0)

    for formula in _derived_p_formula(values_formula):
        if agrees(formula, expected, {"n": _arange(total)}, total):
            return [_labelled(Describes.P_POSITIONS, f"P iff {formula}", formula, table, periodicity)]
    prefix = search_prefix(total)
    target = [int(v == 0) for v in table[:prefix]]
    found = _formula_search(target, expected, total=total, boolean=True, constants=(), steps=steps,
                            reject=lambda f: too_long(f, text_len, total))
    return [] if found is None else [_labelled(Describes.P_POSITIONS, f"P iff {found}", found, table,
                                               periodicity)]


__all__ = ["Pattern", "find_pair_patterns", "find_patterns", "periodic_modulus"]
