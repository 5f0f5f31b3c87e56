"""Exact arithmetic for matrix games: support systems, verification, exact simplex, uniqueness.

Everything here works on an **integer** payoff matrix ``B`` (a rational matrix scaled by the
common denominator of its entries; scaling changes neither the optimal strategies nor the
support structure) and uses python-flint (imported lazily, inside the functions).

The float linear program only *suggests* supports. :func:`exact_from_float` turns a suggestion
into rational strategies by solving the equalising equations of the support exactly, and
accepts them only when :func:`guarantee` proves, in exact arithmetic, that the row strategy
secures at least as much as the column strategy concedes — which is the definition of optimality,
so an accepted answer can never be a tolerance artefact. :func:`exact_simplex` (integer pivoting)
is the fallback for games the float LP cannot resolve; :func:`uniqueness` decides whether each
player's optimal strategy is unique.

>>> import numpy as np
>>> from fractions import Fraction
>>> B = np.array([[3, -1], [-2, 4]])
>>> p, q, v = exact_from_float(B, np.array([0.6, 0.4]), np.array([0.5, 0.5]))
>>> [str(x) for x in p], [str(x) for x in q], str(v)
(['3/5', '2/5'], ['1/2', '1/2'], '1')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

SUPPORT_TOL = 1e-9
"""A float probability above this (relative to 1) is taken to be in the support."""
TIGHT_TOLS = (1e-9, 1e-6, 1e-3)
"""A float payoff within this of the value (relative to the largest |payoff|) is taken as tight;
looser tolerances are tried only when the tighter ones do not give a verified answer."""


def _fmpz_mat(rows: Any) -> Any:
    """A ``flint.fmpz_mat`` from a list of integer rows or an integer numpy array."""
    import flint

    if hasattr(rows, "dtype") and rows.dtype.kind in "iu":
        return flint.fmpz_mat(rows.tolist())  # already Python ints
    return flint.fmpz_mat([[int(x) for x in row] for row in rows])


def float_matrix(B: np.ndarray) -> np.ndarray:
    """``B / max|B|`` in floating point, correctly rounded even for integers beyond float range.

    >>> import numpy as np
    >>> float_matrix(np.array([[10**400, -(10**399)]], dtype=object)).tolist()
    [[1.0, -0.1]]
    """
    import numpy as np

    if B.dtype != object:
        F = B.astype(float)
        top = float(np.abs(F).max())
        return F / top if top else F
    top = max(abs(int(x)) for x in B.flat) or 1
    return np.array([[int(x) / top for x in row] for row in B], dtype=float)


def _to_fraction(x: Any) -> Fraction:
    return Fraction(int(x.p), int(x.q))


def payoffs_against(Bz: Any, strategy: Sequence[Fraction], rows: bool) -> list[Fraction]:
    """Exact payoffs of a mixed strategy against every pure reply.

    ``rows=True``: ``strategy`` is the row player's, the result is ``(strategy·B)_j`` for every
    column ``j``; ``rows=False``: the column player's, the result is ``(B·strategy)_i``.
    ``Bz`` is the integer matrix as a ``flint.fmpz_mat``.

    >>> Bz = _fmpz_mat([[3, -1], [-2, 4]])
    >>> payoffs_against(Bz, [Fraction(3, 5), Fraction(2, 5)], rows=True)
    [Fraction(1, 1), Fraction(1, 1)]
    """
    import flint

    den = math.lcm(*(x.denominator for x in strategy))
    nums = [x.numerator * (den // x.denominator) for x in strategy]
    if rows:
        prod = flint.fmpz_mat([nums]) * Bz
        out = [prod[0, j] for j in range(prod.ncols())]
    else:
        prod = Bz * flint.fmpz_mat([[a] for a in nums])
        out = [prod[i, 0] for i in range(prod.nrows())]
    return [Fraction(int(x), den) for x in out]


def is_distribution(strategy: Sequence[Fraction]) -> bool:
    """Whether every probability is ≥ 0 and they sum to exactly 1.

    >>> is_distribution([Fraction(1, 3), Fraction(2, 3)]), is_distribution([Fraction(-1), Fraction(2)])
    (True, False)
    """
    return all(x >= 0 for x in strategy) and sum(strategy, Fraction(0)) == 1


def guarantee(Bz: Any, strategy: Sequence[Fraction], rows: bool) -> Fraction | None:
    """What a strategy guarantees exactly: the row player's minimum over columns (``rows=True``)
    or the column player's maximum over rows; ``None`` if it is not a probability vector.

    >>> Bz = _fmpz_mat([[3, -1], [-2, 4]])
    >>> guarantee(Bz, [Fraction(1), Fraction(0)], rows=True)
    Fraction(-1, 1)
    """
    if not is_distribution(strategy):
        return None
    values = payoffs_against(Bz, strategy, rows)
    return min(values) if rows else max(values)


def _solve_linear(M: list[list[int]], rhs: list[int]) -> list[Fraction] | None:
    """One exact solution of ``M x = rhs`` (free variables set to 0), or ``None`` if inconsistent."""
    import flint

    if not M:
        return None
    nvars = len(M[0])
    if len(M) == nvars:
        try:
            sol = _fmpz_mat(M).solve(flint.fmpz_mat([[b] for b in rhs]))
            return [_to_fraction(sol[i, 0]) for i in range(nvars)]
        except ZeroDivisionError:  # singular: fall through to the general elimination
            pass
    aug = flint.fmpq_mat([[*row, b] for row, b in zip(M, rhs, strict=True)])
    reduced, rank = aug.rref()
    x = [Fraction(0)] * nvars
    for r in range(rank):
        pivot = next((c for c in range(nvars + 1) if reduced[r, c] != 0), None)
        if pivot is None or pivot == nvars:  # a row 0 = nonzero: inconsistent
            return None
        x[pivot] = _to_fraction(reduced[r, nvars])
    return x


def _equalising(B: np.ndarray, support: list[int], equal_on: list[int]) -> list[Fraction] | None:
    """Row strategy on ``support`` making every column of ``equal_on`` pay the same (exactly)."""
    if not support or not equal_on:
        return None
    sub = B[:, equal_on][support, :]
    M = [[int(x) for x in sub[:, k]] + [-1] for k in range(len(equal_on))]
    M.append([1] * len(support) + [0])
    rhs = [0] * len(equal_on) + [1]
    sol = _solve_linear(M, rhs)
    if sol is None:
        return None
    full = [Fraction(0)] * B.shape[0]
    for i, x in zip(support, sol[:-1], strict=True):
        full[i] = x
    return full


def exact_from_float(B: np.ndarray, p: np.ndarray, q: np.ndarray
                     ) -> tuple[list[Fraction], list[Fraction], Fraction] | None:
    """Exact optimal strategies ``(p, q, value)`` of the integer game ``B`` from approximate ones.

    Tries the supports of the float strategies (the equalising equations of the support, a
    square system for a non-degenerate LP vertex), then the complementary-slackness systems of
    every nearly tight reply (which also catch probabilities too small to tell from 0).
    Returns ``None`` unless the exact check proves both strategies optimal.

    >>> import numpy as np
    >>> exact_from_float(np.array([[1, 0], [0, 1]]), np.array([0.5, 0.5]), np.array([0.5, 0.5]))[2]
    Fraction(1, 2)
    """
    import numpy as np

    Bf = float_matrix(B)
    v_float = float(p @ Bf @ q)
    P = [int(i) for i in np.flatnonzero(p > SUPPORT_TOL)]
    T = [int(j) for j in np.flatnonzero(q > SUPPORT_TOL)]
    row_candidates = [(P, T)]
    col_candidates = [(T, P)]
    for tol in TIGHT_TOLS:
        tight_cols = [int(j) for j in np.flatnonzero(p @ Bf - v_float <= tol)]
        tight_rows = [int(i) for i in np.flatnonzero(v_float - Bf @ q <= tol)]
        row_candidates += [(tight_rows, tight_cols), (P, sorted(set(T) | set(tight_cols)))]
        col_candidates += [(tight_cols, tight_rows), (T, sorted(set(P) | set(tight_rows)))]
    Bz = _fmpz_mat(B)
    negT = -B.T
    best_row: tuple[Fraction, list[Fraction]] | None = None
    best_col: tuple[Fraction, list[Fraction]] | None = None
    tried: set[tuple[bool, tuple[int, ...], tuple[int, ...]]] = set()
    for (support, equal_on), (csupport, cequal_on) in zip(row_candidates, col_candidates, strict=True):
        key = (True, tuple(support), tuple(equal_on))
        if key not in tried:
            tried.add(key)
            rp = _equalising(B, support, equal_on)
            low = guarantee(Bz, rp, rows=True) if rp is not None else None
            if rp is not None and low is not None and (best_row is None or low > best_row[0]):
                best_row = (low, rp)
        key = (False, tuple(csupport), tuple(cequal_on))
        if key not in tried:
            tried.add(key)
            cq = _equalising(negT, csupport, cequal_on)
            high = guarantee(Bz, cq, rows=False) if cq is not None else None
            if cq is not None and high is not None and (best_col is None or high < best_col[0]):
                best_col = (high, cq)
        if best_row is not None and best_col is not None and best_row[0] == best_col[0]:
            return best_row[1], best_col[1], best_row[0]
    return None


def _one_side_unique(B: np.ndarray, Bz: Any, p: list[Fraction], q: list[Fraction], v: Fraction
                     ) -> bool | None:
    """Is ``p`` the row player's only optimal strategy? ``None`` when undecided.

    Every optimal row strategy puts weight only on the rows that are best replies to ``q`` and
    equalises the columns ``S`` of ``q``'s support; if those equations have one solution,
    ``p`` is unique. Otherwise ``p`` is unique exactly when no nonzero null direction keeps every
    active constraint (zero probabilities, other tight columns) satisfied.
    """

    col_payoff = payoffs_against(Bz, q, rows=False)
    best = [i for i, x in enumerate(col_payoff) if x == v]
    S = [j for j, x in enumerate(q) if x > 0]
    sub = B[best, :][:, S]
    R = _fmpz_mat([[int(x) for x in sub[:, k]] for k in range(len(S))] + [[1] * len(best)])
    if R.rank() == len(best):
        return True
    row_payoff = payoffs_against(Bz, p, rows=True)
    zero_rows = [k for k, i in enumerate(best) if p[i] == 0]
    tight_other = [j for j, x in enumerate(row_payoff) if x == v and q[j] == 0]
    if not zero_rows and not tight_other:
        return False  # p is in the relative interior: every null direction is feasible
    null, nullity = R.nullspace()
    N = [[int(null[k, c]) for c in range(nullity)] for k in range(len(best))]
    G = [N[k] for k in zero_rows]
    for j in tight_other:
        G.append([sum(int(B[i, j]) * N[k][c] for k, i in enumerate(best)) for c in range(nullity)])
    feasible = _cone_is_nonzero(G, nullity)
    return None if feasible is None else not feasible


def _cone_is_nonzero(G: list[list[int]], r: int, limit: int = 5000) -> bool | None:
    """Whether ``{y ∈ Q^r : G y ≥ 0}`` contains a nonzero vector (``None``: too many cases).

    Either ``G`` has rank < r (a whole line of solutions), or the cone is pointed and, if not
    {0}, has an extreme ray: the null vector of some r - 1 linearly independent rows of ``G``.

    >>> _cone_is_nonzero([[1, 0], [0, 1]], 2), _cone_is_nonzero([[1, 0], [-1, 1], [0, -1]], 2)
    (True, False)
    """
    from itertools import combinations, islice

    if not G or _fmpz_mat(G).rank() < r:
        return True
    subsets = list(islice(combinations(range(len(G)), r - 1), limit + 1))
    if len(subsets) > limit:
        return None
    for subset in subsets:
        if subset:
            null, nullity = _fmpz_mat([G[k] for k in subset]).nullspace()
            if nullity != 1:
                continue
            y = [int(null[c, 0]) for c in range(r)]
        else:
            y = [1]
        for sign in (1, -1):
            if all(sign * sum(g * x for g, x in zip(row, y, strict=True)) >= 0 for row in G):
                return True
    return False


EXACT_SIMPLEX_CELLS = 5_000
"""Largest reduced game handed to :func:`exact_simplex` when the LP's supports fail."""


def exact_simplex(B: np.ndarray) -> tuple[list[Fraction], list[Fraction], Fraction]:
    """Optimal strategies ``(p, q, value)`` by a simplex method in exact integer arithmetic.

    The fallback for games the float LP cannot resolve. With ``P = B - min(B) + 1 > 0`` the
    column player's LP ``max Σy : P y ≤ 1, y ≥ 0`` is feasible at ``y = 0``; it is solved with
    fraction-free (integer) pivoting, Dantzig's rule for the first ``10(m + n)`` pivots and then
    Bland's rule, which cannot cycle. Then
    ``q = y / Σy``, ``p`` = the duals (the slacks' reduced costs) normalised, and
    ``value = 1 / Σy + min(B) - 1``.

    >>> import numpy as np
    >>> p, q, v = exact_simplex(np.array([[3, -1], [-2, 4]]))
    >>> [str(x) for x in p], [str(x) for x in q], str(v)
    (['3/5', '2/5'], ['1/2', '1/2'], '1')
    """
    m, n = B.shape
    low = min(int(x) for x in B.flat)
    P = [[int(x) - low + 1 for x in row] for row in B]
    width = n + m + 1
    T = [P[i] + [1 if k == i else 0 for k in range(m)] + [1] for i in range(m)]
    objective = [-1] * n + [0] * (m + 1)
    basis = [n + i for i in range(m)]
    D = 1
    pivots = 0
    while True:
        pivots += 1
        if pivots <= 10 * (m + n):  # Dantzig's rule (most negative reduced cost) first: fast
            best = min(range(n + m), key=objective.__getitem__)
            enter = best if objective[best] < 0 else None
        else:  # then Bland's rule (first negative), which cannot cycle
            enter = next((j for j in range(n + m) if objective[j] < 0), None)
        if enter is None:
            break
        leave = None
        for i in range(m):
            if T[i][enter] > 0:
                if leave is None:
                    leave = i
                    continue
                lhs = T[i][-1] * T[leave][enter]
                rhs = T[leave][-1] * T[i][enter]
                if lhs < rhs or (lhs == rhs and basis[i] < basis[leave]):
                    leave = i
        assert leave is not None  # bounded: P > 0 keeps every column's entries positive
        pivot_row = T[leave]
        pivot = pivot_row[enter]
        for row in (*T[:leave], *T[leave + 1:], objective):
            factor = row[enter]
            for j in range(width):
                row[j] = (pivot * row[j] - factor * pivot_row[j]) // D
        D = pivot
        basis[leave] = enter
    y = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = Fraction(T[i][-1], D)
    x = [Fraction(objective[n + i], D) for i in range(m)]
    total = sum(y, Fraction(0))
    return [xi / total for xi in x], [yj / total for yj in y], 1 / total + low - 1


def uniqueness(B: np.ndarray, p: list[Fraction], q: list[Fraction], v: Fraction) -> tuple[bool | None,
                                                                                          bool | None]:
    """Whether each player's optimal strategy is unique: ``(row, column)``, ``None`` = undecided.

    >>> import numpy as np
    >>> F = Fraction
    >>> uniqueness(np.array([[1, -1], [-1, 1]]), [F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)], F(0))
    (True, True)
    >>> uniqueness(np.array([[0, 1], [0, -1]]), [F(1), F(0)], [F(1), F(0)], F(0))
    (False, True)
    """
    Bz = _fmpz_mat(B)
    return _one_side_unique(B, Bz, p, q, v), _one_side_unique(-B.T, -Bz.transpose(), q, p, -v)
