"""Families of heap patterns the general formula search reaches too late or not at all:

- **self-similar values**: ``G(n) = G(x) + c`` (or ``^ c``) with ``x = n // m`` or
  ``x = n - n // m - 1`` on some residues of ``n`` mod ``m``, and a formula elsewhere, e.g.
  ``G(2k) = k, G(2k + 1) = G(k)`` ("take at most half"): ``n // 2 if n % 2 == 0 else G(n // 2)``;
- **arithmetic functions**: ``G(n) = h(F(n))`` with ``F`` one of Ω, ω, the number of divisors,
  a ``p``-adic valuation or a digit sum, and ``h`` a short formula;
- **values by the least prime factor**: ``G(n) = G(lpf(n))`` for every composite ``n``, and on
  the primes a short formula in ``n`` and ``primepi(n)`` (the prime's index), as taking ``y``
  coprime to the heap has ``G(p) = primepi(p)`` for the odd primes (Codeforces 2004E);
- **P-descriptions from two simple sets**: ``P iff A or B`` (or ``A and B``, ``A and not B``) with
  ``A``, ``B`` residue classes, powers of two (of odd or even exponent), parities of Ω or of a
  valuation, primes, digit sums..., e.g. "P iff n is odd or n = 2^(odd)".

Each tries a fixed, finite list of candidates (their number is the step count, independent of
the machine's load) and keeps a candidate only if it agrees with the *whole* table: what they
return is a conjecture checked there.

>>> t = [0]
>>> for n in range(1, 300):
...     t.append(n // 2 if n % 2 == 0 else t[n // 2])
>>> self_similar(t, steps=5000)
'n // 2 if n % 2 == 0 else G(n // 2)'
>>> p_union([int(not (n == 0 or n % 2 == 1 or ((n & (n - 1)) == 0 and (n.bit_length() - 1) % 2 == 1)))
...          for n in range(300)])
'n == 0 or n % 2 == 1 or n > 0 and (n & (n - 1)) == 0 and ctz(n) % 2 == 1'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grundy.patterns.arith import TooLarge, vec_arith
from grundy.patterns.formulas import agrees, size
from grundy.patterns.record import MAX_SIZE, PREFIX
from grundy.patterns.synthesis import shortest_formula

if TYPE_CHECKING:
    import numpy as np

MODULI = (2, 3, 4)
"""The ``m`` of ``G(n // m)`` tried."""
DESCENTS: tuple[tuple[str, Callable[[np.ndarray, int], np.ndarray]], ...] = (
    ("n // {m}", lambda n, m: n // m), ("n - n // {m} - 1", lambda n, m: n - n // m - 1))
"""The smaller positions ``x`` of ``G(n) = G(x) + c`` tried: both shrink ``n`` by a factor, so the
recursion has few levels ("take at most 1/m of the heap" recurses on ``n - n // m - 1``)."""
MIN_TABLE = 32
"""Shortest table the families look at (fewer values say too little)."""


def _residue_test(m: int, residues: list[int]) -> str:
    if len(residues) == 1:
        return f"n % {m} == {residues[0]}"
    return f"n % {m} in {{{', '.join(map(str, residues))}}}"


def self_similar(table: list[int], *, steps: int) -> str | None:
    """``BASE if TEST else G(n // m) + c`` agreeing with the whole table, or ``None``.

    For each ``m`` of :data:`MODULI` and each smaller position ``x`` of :data:`DESCENTS`, the
    residues ``r`` where ``G(n) - G(x)`` (or ``G(n) ^ G(x)``) is one constant ``c`` for every
    ``n >= 1`` of the table are recursive; the other positions (and ``n = 0``) need a formula of
    their own, searched with ``steps``.
    """
    total = len(table)
    if total < MIN_TABLE or (total <= LISTED and not _recursion_seen(table)):
        return None
    import numpy as np

    values = np.array(table, dtype=np.int64)
    n = np.arange(1, total, dtype=np.int64)
    best: str | None = None
    for m in MODULI:
        for descent, smaller in DESCENTS:
            if descent == "n - n // {m} - 1" and m == 2:
                continue  # (n // 2 on the odd heaps, the same recursion)
            x = smaller(n, m)
            for op in ("+", "^"):
                diff = values[n] - values[x] if op == "+" else values[n] ^ values[x]
                found = _recursive_residues(diff, n, m)
                if found is None:
                    continue
                c, residues = found
                formula = _with_base(values, m, residues, _recursion(descent.format(m=m), op, c), steps,
                                     plain=op == "+" and c == 0)
                if formula is not None and (best is None or size(formula) < size(best)):
                    best = formula
            if best is None and total >= MAP_TABLE:
                best = _mapped(values, n, x, m, descent.format(m=m), steps)
    return best


def _recursion(descent: str, op: str, c: int) -> str:
    """``G(x) + c`` (or ``^ c``) as written in a formula."""
    return f"G({descent})" + ("" if c == 0 else f" {op} {c}" if c > 0 or op == "^" else f" - {-c}")


MAP_TABLE = 1024
"""Shortest table where :func:`_mapped` looks for ``G(n) = h(G(x))`` (a map read off the table
needs many values of ``G(x)`` on each residue to be worth a conjecture)."""
MAP_FROM = 16
"""Largest first heap of the residues where ``G(n) = h(G(x))``: the heaps below it are the base's."""


def _mapped(values: np.ndarray, n: np.ndarray, x: np.ndarray, m: int, descent: str,
            steps: int) -> str | None:
    """``BASE if TEST else (C >> 4 * G(x)) & 15``: on the residues ``r`` mod ``m`` where, from
    some heap ``n0 <= MAP_FROM`` on, ``G(n)`` is one function ``h`` of ``G(x)`` (not a constant,
    its arguments and values below 16: ``C`` packs ``h(v)`` in bits ``4v..4v+3``), as "remove one,
    or halve an even heap" has ``G(2k) = mex(0, G(k))`` for ``2k >= 6``; ``None`` if none."""
    groups: dict[tuple[tuple[int, int], ...], list[tuple[int, int]]] = {}
    for r in range(m):
        found = _map_on(values, n, x, n % m == r)
        if found is not None:
            groups.setdefault(found[0], []).append((r, found[1]))
    if not groups:
        return None
    table, chosen = max(groups.items(), key=lambda item: (len(item[1]), -max(n0 for _, n0 in item[1])))
    packed = sum(h << (4 * v) for v, h in table)
    below = max(n0 for _, n0 in chosen)
    return _with_base(values, m, [r for r, _ in chosen], f"({packed} >> 4 * G({descent})) & 15", steps,
                      below=below)


def _map_on(values: np.ndarray, n: np.ndarray, x: np.ndarray,
            part: np.ndarray) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """``(h, n0)``: the map ``h`` (pairs ``v, h(v)``) with ``G(n) = h(G(x))`` for the heaps ``n >= n0``
    of ``part`` (``n0`` the least, at most :data:`MAP_FROM`), read off the second half of the part."""
    import numpy as np

    heaps, keys, got = n[part], values[x[part]], values[n[part]]
    if len(heaps) < 64 or int(keys.max()) >= 16 or int(got.max()) >= 16:
        return None
    tail = len(heaps) // 2
    h = np.full(16, -1, dtype=np.int64)
    h[keys[tail:]] = got[tail:]
    if bool((h[keys[tail:]] != got[tail:]).any()):
        return None  # (two values for one key in the second half: not a function)
    seen = h[h >= 0]
    if len(seen) < 2 or int(seen.min()) == int(seen.max()):
        return None  # (one key, or a constant: the base's formula says it)
    wrong = heaps[h[keys] != got]
    n0 = int(wrong.max()) + 1 if len(wrong) else 1
    if n0 > MAP_FROM:
        return None
    return tuple((v, int(h[v])) for v in range(16) if h[v] >= 0), n0


LISTED = 512
"""Up to this many values, the families first look at the table as a list (no numpy) and
go on only where one of them could apply: what they return is the same."""


def _recursion_seen(table: list[int]) -> bool:
    """Whether :func:`self_similar` finds any recursive residue in ``table`` (what
    :func:`_recursive_residues` looks for, in plain Python): where none, it returns ``None``."""
    total = len(table)
    for m in MODULI:
        for descent, smaller in DESCENTS:
            if descent == "n - n // {m} - 1" and m == 2:
                continue
            for op in ("+", "^"):
                diffs: dict[int, list[int]] = {}
                for k in range(1, total):
                    x = smaller(k, m)  # type: ignore[arg-type]
                    d = table[k] - table[x] if op == "+" else table[k] ^ table[x]
                    diffs.setdefault(k % m, []).append(d)
                for part in diffs.values():  # (the head is in the part: a clash there is one here)
                    if len(part) >= 8 and min(part) == max(part):
                        return True
    return False


def _recursive_residues(diff: np.ndarray, n: np.ndarray, m: int) -> tuple[int, list[int]] | None:
    """``(c, residues)``: the constant ``c`` shared by the most residues where ``diff`` is ``c``."""
    by_c: dict[int, list[int]] = {}
    head, head_n = diff[:PREFIX], n[:PREFIX]
    for r in range(m):
        first = head[head_n % m == r]  # (two values in the head: not one constant, cheap first)
        if len(first) and int(first.min()) != int(first.max()):
            continue
        part = diff[n % m == r]
        if len(part) >= 8 and int(part.min()) == int(part.max()):
            by_c.setdefault(int(part[0]), []).append(r)
    if not by_c:
        return None
    c = max(by_c, key=lambda k: (len(by_c[k]), -abs(k)))
    return c, by_c[c]


def _with_base(values: np.ndarray, m: int, residues: list[int], recurse: str, steps: int, *,
               below: int = 1, plain: bool = False) -> str | None:
    """``BASE if TEST else RECURSE``: ``recurse`` on the ``residues`` mod ``m`` from heap ``below``
    on, a formula searched (with ``steps``) on the other heaps; agreeing with the whole table
    (``plain``: ``recurse`` is ``G(x)`` itself, which cannot give ``G(0) != 0``)."""
    import numpy as np

    total = len(values)
    others = [r for r in range(m) if r not in residues]
    n = np.arange(total, dtype=np.int64)
    base_mask = np.isin(n % m, others) | (n < below)
    base = n[base_mask]
    if not others and below <= 1:
        if int(values[0]) != 0 and plain:
            return None
        formula = f"{recurse} if n > 0 else {int(values[0])}"
    else:
        if len(base) < 16:
            return None
        target = values[base]

        def expected(i: int, v: int) -> bool:
            return v == int(target[i])

        head = base[:PREFIX]
        found = shortest_formula({"n": head}, expected, target[:PREFIX], total=len(base),
                                 full_env={"n": base}, max_size=MAX_SIZE - 2, steps=steps)
        if found is None:
            return None
        test = " or ".join(([f"n < {below}"] if below > 1 else ["n == 0"] if 0 in residues else [])
                           + ([_residue_test(m, others)] if others else []))
        formula = f"{found} if {test} else {recurse}"
    env = {"n": n, "G": values}
    ok = agrees(formula, lambda i, v: v == int(values[i]), env, total)
    return formula if ok else None


# ---- arithmetic functions ----------------------------------------------------------------------

ARITHMETIC = ("bigomega(n)", "omega(n)", "numdiv(n)", "val(n, 2)", "val(n, 3)", "val(n, 5)",
              *(f"digitsum(n, {b})" for b in (3, 4, 5, 6, 7, 8, 9, 10)))
"""The functions ``F`` of ``G(n) = h(F(n))`` tried (``popcount`` is ``digitsum(n, 2)`` and is
in the general search already)."""


def _arith_values(text: str, n: np.ndarray) -> np.ndarray | None:
    import numpy as np

    name, _, rest = text.partition("(")
    second = rest.rstrip(")").split(", ")[1:] if "," in rest else []
    try:
        if second:
            return vec_arith(name, n, np.full(len(n), int(second[0]), dtype=np.int64))
        return vec_arith(name, n)
    except TooLarge:
        return None


def _a_function_of(keys: np.ndarray, values: np.ndarray) -> bool:
    """Whether equal keys always carry equal values."""
    import numpy as np

    order = np.lexsort((values, keys))
    k, v = keys[order], values[order]
    same_key = k[1:] == k[:-1]
    return not bool((same_key & (v[1:] != v[:-1])).any())


def arithmetic_values(table: list[int], *, steps: int) -> str | None:
    """``h(F(n))`` (or ``h(F(n)) if n > 0 else G(0)``) agreeing with the whole table, or ``None``.

    >>> arithmetic_values([0] + [sum(e for e in _omega_list(k)) for k in range(1, 200)], steps=2000)
    'bigomega(n) if n > 0 else 0'
    """
    total = len(table)
    if total < MIN_TABLE or (total <= LISTED and not _arithmetic_seen(table)):
        return None
    import numpy as np

    values = np.array(table, dtype=np.int64)
    n = np.arange(1, total, dtype=np.int64)
    per_function = max(steps // len(ARITHMETIC), 200)
    for text in ARITHMETIC:
        head = _arith_values(text, n[:PREFIX])  # (a clash in the head is one in the table: cheap first)
        if head is None or not _a_function_of(head, values[1:PREFIX + 1]) or len(set(head.tolist())) < 3:
            continue
        keys = _arith_values(text, n)
        if keys is None or not _a_function_of(keys, values[1:]):
            continue
        found = shortest_formula({text: keys[:PREFIX]}, lambda i, v: v == int(values[i + 1]),
                                 values[1:PREFIX + 1], total=len(n),
                                 full_env={"n": n}, max_size=5, steps=per_function)
        if found is None:
            continue
        full = {"n": np.arange(total, dtype=np.int64)}
        if agrees(found, lambda i, v: v == int(values[i]), full, total):
            return found
        return f"{found} if n > 0 else {int(values[0])}"
    return None


def _arithmetic_seen(table: list[int]) -> bool:
    """Whether some ``F`` of :data:`ARITHMETIC` passes the first test of
    :func:`arithmetic_values` (on the head: ``G`` a function of ``F``, ``F`` taking three values
    at least), in plain Python: where none, it returns ``None``."""
    from grundy.patterns.formulas import compiled

    head = range(1, min(len(table) - 1, PREFIX) + 1)
    for text in ARITHMETIC:
        func = compiled(text)
        value_of: dict[int, int] = {}
        consistent = all(value_of.setdefault(func({"n": k}), table[k]) == table[k] for k in head)
        if consistent and len(value_of) >= 3:
            return True
    return False


def _omega_list(k: int) -> list[int]:
    """The exponents of ``k`` (a doctest helper)."""
    out, p = [], 2
    while p * p <= k:
        e = 0
        while k % p == 0:
            k, e = k // p, e + 1
        if e:
            out.append(e)
        p += 1
    return out + ([1] if k > 1 else [])


# ---- values by the least prime factor ---------------------------------------------------------

def least_factor_values(table: list[int], *, steps: int) -> str | None:
    """``G(lpf(n))`` on the composite ``n``, a formula ``h`` in ``n`` and ``primepi(n)`` on the
    primes, and ``G(0)``, ``G(1)`` as they are: agreeing with the whole table, or ``None``.

    >>> t = [0, 1] + [0] * 298
    >>> primes = [p for p in range(2, 300) if all(p % d for d in range(2, p))]
    >>> for n in range(2, 300):
    ...     least = next(p for p in primes if n % p == 0)
    ...     t[n] = primes.index(least) + 1 if least > 2 else 0
    >>> least_factor_values(t, steps=4000)
    '0 if n == 0 else 1 if n == 1 else ctz(n) ^ primepi(n) if lpf(n) == n else G(lpf(n))'
    """
    total = len(table)
    if total < MIN_TABLE or not _least_factor_seen(table):
        return None
    import numpy as np

    values = np.array(table, dtype=np.int64)
    n = np.arange(total, dtype=np.int64)
    try:
        least = vec_arith("lpf", n)
    except TooLarge:
        return None
    composite = least < n
    if bool((values[composite] != values[least[composite]]).any()):
        return None
    primes = n[(least == n) & (n >= 2)]
    index = vec_arith("primepi", primes)
    found = shortest_formula({"n": primes[:PREFIX], "primepi(n)": index[:PREFIX]},
                             lambda i, v: v == int(values[primes[i]]), values[primes[:PREFIX]],
                             total=len(primes), full_env={"n": primes}, max_size=5, steps=steps)
    if found is None:
        return None
    formula = f"{table[0]} if n == 0 else {table[1]} if n == 1 else {found} if lpf(n) == n else G(lpf(n))"
    env = {"n": n, "G": values}
    return formula if agrees(formula, lambda i, v: v == int(values[i]), env, total) else None


def _least_factor_seen(table: list[int]) -> bool:
    """Whether the head of the table (to :data:`PREFIX`) has ``G(n) = G(lpf(n))`` at every
    composite ``n`` and three values at least on the primes, in plain Python: where not,
    :func:`least_factor_values` returns ``None``."""
    on_primes: set[int] = set()
    for k in range(2, min(len(table), PREFIX + 1)):
        least = next((p for p in range(2, int(k ** 0.5) + 1) if k % p == 0), k)
        if least == k:
            on_primes.add(table[k])
        elif table[k] != table[least]:
            return False
    return len(on_primes) >= 3


# ---- P-descriptions from two simple sets -------------------------------------------------------

ATOMS = (
    "n == 0", *(f"n % {m} == {r}" for m in (2, 3, 4, 5, 6) for r in range(m)),
    "n > 0 and (n & (n - 1)) == 0", "n > 0 and (n & (n - 1)) == 0 and ctz(n) % 2 == 1",
    "n > 0 and (n & (n - 1)) == 0 and ctz(n) % 2 == 0", "n > 0 and ctz(n) % 2 == 1",
    "n > 0 and ctz(n) % 2 == 0", "(n & (n + 1)) == 0", "popcount(n) % 2 == 0",
    "isqrt(n) * isqrt(n) == n", "n > 0 and bigomega(n) == 1", "n > 0 and bigomega(n) % 2 == 0",
    "n > 0 and bigomega(n) % 2 == 1", "n > 0 and val(n, 3) % 2 == 1", "n > 0 and val(n, 3) % 2 == 0",
    *(f"digitsum(n, {b}) % {k} == 0" for b in (3, 10) for k in (2, 3)),
)
"""Simple sets of heaps, simplest first, that :func:`p_union` combines two at a time."""


def _mask(formula: str, upto: int) -> int:
    """The members below ``upto`` of the set ``formula`` describes, as the bits of an integer:
    in int64 where that is exact (:func:`_vector_members`), else exactly in Python
    (:func:`_exact_members`, the same members), which is also how a short table is looked at
    while numpy is not loaded (up to :data:`LISTED` heaps: a short table does not load it)."""
    import sys

    got = _vector_members(formula, upto) if upto > LISTED or "numpy" in sys.modules else None
    return _exact_members(formula, upto) if got is None else got


def _vector_members(formula: str, upto: int) -> int | None:
    """:func:`_mask` in int64 (numpy), or ``None`` where that is not exact."""
    import numpy as np

    from grundy.patterns.formulas import Unsafe, parse, vec_eval

    try:
        got = vec_eval(parse(formula), {"n": np.arange(upto, dtype=np.int64)}, upto).tolist()
    except Unsafe:
        return None
    return sum(1 << x for x, v in enumerate(got) if v)


def _exact_members(formula: str, upto: int) -> int:
    """:func:`_mask` in Python integers (a heap where the formula is undefined is no member)."""
    from grundy.patterns.formulas import FormulaError, compiled

    func = compiled(formula)
    out = 0
    for x in range(upto):
        try:
            if func({"n": x}):
                out |= 1 << x
        except (FormulaError, ArithmeticError):
            pass
    return out


GLANCE = 64
"""Heaps :func:`p_union` first looks at an atom on (its mask on the whole head only if needed)."""


def _may_fit(atom: str, goals: list[int], head: int) -> bool:
    """Whether ``atom`` can be part of a description :func:`p_union` tries: each set in ``A``,
    ``A or B`` (both within the goal), ``A and B`` (both containing it) or ``A and not B`` (``A``
    containing it, ``B`` disjoint from it) is within, contains or misses the goal, on every
    first stretch of heaps too, so an atom that does none of these on the first
    :data:`GLANCE` heaps (of the ``head`` looked at) of a goal is in no description of it (and
    is not evaluated further)."""
    width = min(GLANCE, head)
    mask = _mask(atom, width)
    glance = (1 << width) - 1
    return any(mask & ~g & glance == 0 or g & glance & ~mask == 0 or mask & g == 0 for g in goals)


def p_union(table: list[int]) -> str | None:
    """``A``, ``A or B``, ``A and B`` or ``A and not B`` for two simple sets (:func:`_atoms`) equal
    to the P-positions of the whole table (the simplest found), or ``None``."""
    total = len(table)
    if total < MIN_TABLE:
        return None
    head = min(total, 512)  # a cheap look at the head, then the whole table
    target = sum(1 << x for x in range(head) if table[x] == 0)
    goals = [(target, "")] + ([(target & ~1, "n == 0 or ")] if target & 1 else [])
    atoms = [(text, _mask(text, head)) for text in ATOMS if _may_fit(text, [g for g, _ in goals], head)]
    found: list[str] = []
    for goal, zero in goals:
        for i, (a, ma) in enumerate(atoms):
            if ma == goal:
                found.append(zero + a)
            for b, mb in atoms[i + 1:]:
                if ma | mb == goal:
                    found.append(f"{zero}{a} or {b}")
                if ma & mb == goal:
                    found.append(f"{zero}({a}) and ({b})" if zero else f"{a} and {b}")
            for b, mb in atoms:
                if ma & ~mb == goal and a != b:
                    found.append(f"{zero}({a} and not ({b}))" if zero else f"{a} and not ({b})")
    if not found:
        return None
    import numpy as np

    env = {"n": np.arange(total, dtype=np.int64)}
    for formula in sorted(found, key=size):
        if agrees(formula, lambda i, v: bool(v) == (table[i] == 0), env, total):
            return formula
    return None
