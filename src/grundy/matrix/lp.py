"""Two-player zero-sum matrix games: the value and optimal mixed strategies, exact where possible.

The row player chooses a row with probabilities ``p``, the column player a column with
probabilities ``q``; the row player receives ``A[i][j]`` from the column player. By von
Neumann's minimax theorem there is a value ``v`` and strategies with
``min_j (pA)_j = v = max_i (Aq)_i``: ``p`` guarantees at least ``v`` against every column and
``q`` concedes at most ``v`` against every row. That pair of inequalities is the
**certificate** of optimality that :func:`solve_matrix_game` returns and, for rational payoffs,
checks in exact arithmetic.

The method: a pure saddle point if there is one; otherwise strictly dominated rows and columns
are removed (iteratively), the reduced game is solved by linear programming (HiGHS, through
scipy) in floating point, and for rational payoffs the LP's supports are turned into exact
fractions (:mod:`grundy.matrix.exact`). An exact answer is returned only after it is verified;
otherwise the float answer comes back with ``exact=False`` and a note saying why.

>>> sol = solve_matrix_game([[3, -1], [-2, 4]])
>>> sol.value, [str(x) for x in sol.row_strategy], [str(x) for x in sol.col_strategy]
(Fraction(1, 1), ['3/5', '2/5'], ['1/2', '1/2'])
>>> sol.exact, sol.unique, sol.saddle_point
(True, True, None)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.textio import clean_text

if TYPE_CHECKING:
    import numpy as np

Number = Fraction | float
MAX_CELLS = 4_000_000
"""Largest matrix accepted (rows × columns); beyond it the LP alone would exhaust memory."""
MAX_CELL_CHARS = 200
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,4})?")
_RATIO = re.compile(r"[+-]?\d+/\d+")


@dataclass(frozen=True)
class Certificate:
    """The proof of optimality: each strategy's payoff against every pure reply.

    ``row_payoffs[j]`` is what the row strategy earns against column ``j``; ``col_payoffs[i]`` is
    what row ``i`` earns against the column strategy. The strategies are optimal exactly when
    ``lower = min(row_payoffs)`` equals ``upper = max(col_payoffs)`` (both then equal the value).
    ``verified`` is True only when this was checked in exact rational arithmetic.
    """

    row_payoffs: tuple[Number, ...]
    col_payoffs: tuple[Number, ...]
    lower: Number
    upper: Number
    verified: bool

    @property
    def gap(self) -> Number:
        """``upper - lower``: 0 for an exactly verified answer."""
        return self.upper - self.lower


@dataclass(frozen=True)
class MatrixSolution:
    """The solution of a matrix game. Indices are 0-based positions in the input matrix."""

    value: Number
    row_strategy: tuple[Number, ...]
    col_strategy: tuple[Number, ...]
    exact: bool
    """True when every number is an exact fraction, proven optimal by the certificate."""
    saddle_point: tuple[int, int] | None
    removed_rows: tuple[int, ...]
    """Rows removed as strictly dominated by another row, in the order they were removed."""
    removed_cols: tuple[int, ...]
    unique: bool | None
    """True: both optimal strategies are unique; False: some player has another optimal
    strategy; None: not decided (always None for floating-point answers)."""
    certificate: Certificate
    method: str
    note: str | None = None
    unique_row: bool | None = field(default=None, repr=False)
    unique_col: bool | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The ``grundy matrix --json`` object (numbers as strings like ``"3/5"``)."""
        return {
            "value": _text(self.value),
            "value_decimal": float(self.value),
            "row_strategy": [_text(x) for x in self.row_strategy],
            "col_strategy": [_text(x) for x in self.col_strategy],
            "exact": self.exact,
            "saddle_point": list(self.saddle_point) if self.saddle_point else None,
            "removed_rows": list(self.removed_rows),
            "removed_cols": list(self.removed_cols),
            "unique": self.unique,
            "unique_row": self.unique_row,
            "unique_col": self.unique_col,
            "certificate": {"lower": _text(self.certificate.lower), "upper": _text(self.certificate.upper),
                            "verified": self.certificate.verified},
            "method": self.method,
            "note": self.note,
        }


def _text(x: Number) -> str:
    return str(x) if isinstance(x, Fraction) else repr(float(x))


@dataclass
class _Payoffs:
    """A parsed matrix: integer matrix ``B`` with ``A = B / denominator`` (rational input), and
    its float version; ``inexact`` lists the first float cell that is not an integer."""

    floats: np.ndarray
    B: np.ndarray | None
    denominator: int
    inexact: str | None


def parse_cell(text: str, where: str = "") -> Fraction:
    """Parse one payoff written as an integer, a fraction ``3/5`` or a decimal ``-0.25`` / ``1e-3``.

    >>> parse_cell("3/5"), parse_cell("-0.25"), parse_cell("2e3")
    (Fraction(3, 5), Fraction(-1, 4), Fraction(2000, 1))
    >>> parse_cell("x")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: non-numeric cell 'x'
    """
    s = text.strip()
    if len(s) <= MAX_CELL_CHARS and (_NUMBER.fullmatch(s) or _RATIO.fullmatch(s)):
        exponent = re.search(r"[eE]([+-]?\d+)$", s)
        if exponent is None or abs(int(exponent.group(1))) <= 400:
            try:
                return Fraction(s)
            except ZeroDivisionError:
                raise InvalidInputError(f"zero denominator in cell {text!r}{where}") from None
    if s.lower().lstrip("+-") in ("nan", "inf", "infinity"):
        raise InvalidInputError(f"non-finite cell {text!r}{where}")
    raise InvalidInputError(f"non-numeric cell {text!r}{where}")


def parse_matrix_text(text: str, *, inline: bool | None = None) -> list[list[int | Fraction]]:
    """Parse a matrix of payoffs. Blank lines and ``#`` comments are ignored.

    * A **file** (``inline=False``) has one row per line; its cells are separated by commas,
      semicolons or whitespace (tabs or spaces), detected from the text and the same on every
      line. A line that separates its cells differently, or mixes ``,`` and ``;`` (decimal
      commas are not read: write ``3.5``), is refused with an error quoting it.
    * The **inline** form (``inline=True``, as in ``--matrix '3,-1;-2,4'``) separates rows by
      ``;`` (or line ends) and cells by commas or whitespace.
    * ``inline=None`` (the default): inline if the text is a single line, else a file.

    >>> parse_matrix_text("3,-1; -2, 4/3")
    [[3, -1], [-2, Fraction(4, 3)]]
    >>> parse_matrix_text("3;-1\\n-2;4\\n", inline=False)
    [[3, -1], [-2, 4]]
    >>> parse_matrix_text("3;-1\\n-2,4\\n")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: line 2: '-2,4' separates cells with ',', but line 1 uses ';'
    """
    text = clean_text(text)
    if inline is None:
        inline = "\n" not in text.strip()
    if inline:
        lines = list(enumerate(re.split(r"[;\n]", text), start=1))
        return _parse_rows(lines, lambda line, _: re.split(r"\s*,\s*|\s+", line))
    first: tuple[str, int] | None = None  # the delimiter and the line that set it

    def split(line: str, line_no: int) -> list[str]:
        nonlocal first
        if "," in line and ";" in line:
            raise InvalidInputError(
                f"line {line_no}: {_shown(line)} mixes ',' and ';' between cells (decimal commas "
                f"are not read: write 3.5, not 3,5)")
        mark = "," if "," in line else ";" if ";" in line else " " if len(line.split()) > 1 else None
        if mark is not None:
            if first is None:
                first = mark, line_no
            elif first[0] != mark:
                raise InvalidInputError(
                    f"line {line_no}: {_shown(line)} separates cells with {_NAMES[mark]}, but line "
                    f"{first[1]} uses {_NAMES[first[0]]}")
        return line.split() if mark in (" ", None) else [c.strip() for c in line.split(mark)]

    return _parse_rows(list(enumerate(text.split("\n"), start=1)), split)


_NAMES = {",": "','", ";": "';'", " ": "whitespace"}


def _shown(line: str, width: int = 60) -> str:
    return repr(line if len(line) <= width else line[:width] + "…")


def _parse_rows(lines: list[tuple[int, str]],
                split: Callable[[str, int], list[str]]) -> list[list[int | Fraction]]:
    rows: list[list[int | Fraction]] = []
    for line_no, raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        cells = split(line, line_no)
        row: list[int | Fraction]
        try:
            if "_" in line:  # int() would accept 1_000; parse_cell does not
                raise ValueError(line)
            row = [int(c) for c in cells]  # the common case, fast
        except ValueError:
            exact = [parse_cell(c, f" (row {len(rows) + 1}, column {k + 1})") for k, c in enumerate(cells)]
            row = [int(x) if x.denominator == 1 else x for x in exact]
        rows.append(row)
        if len(rows) * len(cells) > MAX_CELLS:
            raise InvalidInputError(f"matrix too large: more than {MAX_CELLS} cells (line {line_no})")
    return _check_shape(rows)


def _check_shape(rows: Sequence[Sequence[Any]]) -> Any:
    if len(rows) == 0 or len(rows[0]) == 0:
        raise InvalidInputError("empty matrix: give at least one row and one column")
    width = len(rows[0])
    for k, row in enumerate(rows):
        if len(row) != width:
            raise InvalidInputError(f"ragged matrix: row {k + 1} has {len(row)} cells, row 1 has {width}")
    if len(rows) * width > MAX_CELLS:
        raise InvalidInputError(f"matrix too large: {len(rows)}×{width} exceeds {MAX_CELLS} cells")
    return rows


def _cell(x: Any, i: int, j: int) -> int | Fraction | float:
    """One payoff as an int, a Fraction or (a non-integer float) a float."""
    import numpy as np

    if type(x) is int:
        return x
    if isinstance(x, Fraction):
        return x
    where = f" (row {i + 1}, column {j + 1})"
    if isinstance(x, complex | np.complexfloating):
        raise InvalidInputError(f"non-numeric cell {x!r}{where}")
    if isinstance(x, Integral | np.integer):
        return int(x)
    if isinstance(x, Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, str):
        return parse_cell(x, where)
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise InvalidInputError(f"non-finite cell {str(x)!r}{where}")
        return Fraction(x)
    if isinstance(x, float | np.floating):
        f = float(x)
        if not math.isfinite(f):
            raise InvalidInputError(f"non-finite cell {f!r}{where}")
        return int(f) if f.is_integer() else f
    raise InvalidInputError(f"non-numeric cell {x!r}{where}")


def as_payoffs(A: Any, floats_exactly: bool = False) -> _Payoffs:
    """Validate and convert a payoff matrix (list of rows, numpy array, fractions, strings).

    Non-integer floats make the matrix inexact (``B`` is None) unless ``floats_exactly``, which
    takes each float as the binary fraction it is.

    >>> as_payoffs([[1, "1/2"]]).B, as_payoffs([[1, "1/2"]]).denominator
    (array([[2, 1]]), 2)
    """
    import numpy as np

    if isinstance(A, str):
        A = parse_matrix_text(A)
    if isinstance(A, list | tuple):
        try:
            arr = np.asarray(A)
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is not None and arr.dtype.kind in "iuf" and arr.ndim == 2:
            A = arr
    if isinstance(A, np.ndarray) and A.dtype.kind in "iuf":
        if A.ndim != 2 or A.size == 0:
            raise InvalidInputError(f"a payoff matrix must be a non-empty 2-d array, got shape {A.shape}")
        if A.size > MAX_CELLS:
            raise InvalidInputError(f"matrix too large: {A.shape[0]}×{A.shape[1]} exceeds {MAX_CELLS} cells")
        if A.dtype.kind == "f":
            if not np.isfinite(A).all():
                bad = A[~np.isfinite(A)][0]
                raise InvalidInputError(f"non-finite cell {float(bad)!r} in the payoff matrix")
            if (A == np.round(A)).all() and np.abs(A).max() < 2**53:
                A = A.astype(np.int64)
            elif not floats_exactly:
                bad = A[A != np.round(A)]
                first = repr(float(bad[0])) if bad.size else "a huge float"
                return _Payoffs(A.astype(float), None, 1, first)
            else:
                A = A.tolist()
        if isinstance(A, np.ndarray):
            return _Payoffs(A.astype(float), A.astype(object if np.abs(A).max() >= 2**62 else np.int64),
                            1, None)
    if not isinstance(A, Sequence | np.ndarray) or any(
            not isinstance(r, Sequence | np.ndarray) or isinstance(r, str) for r in A):
        raise InvalidInputError(f"a payoff matrix must be a list of rows, got {type(A).__name__}")
    rows = _check_shape(list(A))
    cells = [[_cell(x, i, j) for j, x in enumerate(row)] for i, row in enumerate(rows)]
    try:
        floats = np.array([[float(x) for x in row] for row in cells], dtype=float)
    except OverflowError:
        raise InvalidInputError("a payoff is beyond the floating-point range (about 1e308)") from None
    if not np.isfinite(floats).all() or np.abs(floats).max() > 1e300:
        raise InvalidInputError("a payoff is beyond the floating-point range (about 1e300)")
    inexact = next((repr(x) for row in cells for x in row if isinstance(x, float)), None)
    if inexact is not None and not floats_exactly:
        return _Payoffs(floats, None, 1, inexact)
    exact_cells = [[x if isinstance(x, int | Fraction) else Fraction(x) for x in row] for row in cells]
    den = math.lcm(*{x.denominator for row in exact_cells for x in row if type(x) is not int})
    ints = [[x * den if type(x) is int else x.numerator * (den // x.denominator) for x in row]
            for row in exact_cells]
    big = max(abs(x) for row in ints for x in row) >= 2**62
    B = np.array(ints, dtype=object if big else np.int64)
    return _Payoffs(floats, B, den, inexact)


def saddle_point(M: np.ndarray) -> tuple[int, int] | None:
    """A pure saddle point ``(i, j)``: ``M[i, j]`` is the minimum of its row and the maximum of
    its column (then it is the value); ``None`` if there is none.

    >>> import numpy as np
    >>> saddle_point(np.array([[1, 2], [0, -1]])), saddle_point(np.array([[1, -1], [-1, 1]]))
    ((0, 0), None)
    """
    row_min = M.min(axis=1)
    col_max = M.max(axis=0)
    i = int(row_min.argmax())
    j = int(col_max.argmin())
    return (i, j) if row_min[i] == col_max[j] else None


def _dominated_rows(M: np.ndarray) -> list[int]:
    """Rows of ``M`` strictly dominated (smaller in every column) by some other row.

    All pairs are compared on the first few columns at once (in chunks, to bound memory); only
    the surviving pairs are compared on every column.
    """
    import numpy as np

    m, n = M.shape
    head = M[:, :min(n, 8)]
    chunk = max(1, 2_000_000 // (m * head.shape[1]))
    dominated = np.zeros(m, dtype=bool)
    for start in range(0, m, chunk):
        ks, rows = np.nonzero((head[start:start + chunk, None, :] > head[None, :, :]).all(axis=2))
        keep = ~dominated[rows]
        ks, rows = ks[keep] + start, rows[keep]
        for b in range(0, ks.size, 4096):
            k, i = ks[b:b + 4096], rows[b:b + 4096]
            dominated[i[(M[k] > M[i]).all(axis=1)]] = True
    return [int(i) for i in np.flatnonzero(dominated)]


def remove_dominated(M: np.ndarray) -> tuple[list[int], list[int], list[int], list[int]]:
    """Iterated removal of strictly dominated rows (for the maximiser) and columns (minimiser).

    Returns ``(rows_kept, cols_kept, removed_rows, removed_cols)`` as indices into ``M``. No
    strictly dominated strategy is played in any optimal strategy, so the reduced game has the
    same value and the same optimal strategies (padded with zeros).

    >>> import numpy as np
    >>> remove_dominated(np.array([[3, 1, 4], [2, 0, 1], [5, -1, 0]]))
    ([0], [1], [1, 2], [0, 2])
    """
    rows = list(range(M.shape[0]))
    cols = list(range(M.shape[1]))
    removed_rows: list[int] = []
    removed_cols: list[int] = []
    changed = True
    while changed:
        changed = False
        if len(rows) > 1:
            bad = _dominated_rows(M[rows, :][:, cols])
            if bad:
                removed_rows += [rows[k] for k in bad]
                rows = [r for k, r in enumerate(rows) if k not in set(bad)]
                changed = True
        if len(cols) > 1:
            bad = _dominated_rows(-M[rows, :][:, cols].T)
            if bad:
                removed_cols += [cols[k] for k in bad]
                cols = [c for k, c in enumerate(cols) if k not in set(bad)]
                changed = True
    return rows, cols, removed_rows, removed_cols


IPM_CELLS = 300_000
"""From this many cells on, HiGHS's interior-point method (with crossover to a vertex) beats its
dual simplex on dense games (measured by ``bench/matrix.py``: about 1.7× at 1000×1000)."""


def linprog_strategies(M: np.ndarray, method: str | None = None) -> tuple[np.ndarray, np.ndarray, float]:
    """Float optimal strategies ``(p, q, value)`` by one HiGHS linear program.

    Maximise ``v`` subject to ``(pM)_j ≥ v`` for every column, ``Σp = 1``, ``p ≥ 0``; the
    column strategy is the LP's dual (the marginals of the column constraints). ``method`` is a
    scipy HiGHS method; by default dual simplex, or interior point + crossover for large games.

    >>> import numpy as np
    >>> p, q, v = linprog_strategies(np.array([[3.0, -1.0], [-2.0, 4.0]]))
    >>> [round(float(x), 9) for x in p], [round(float(x), 9) for x in q], round(v, 9)
    ([0.6, 0.4], [0.5, 0.5], 1.0)
    """
    import numpy as np
    from scipy.optimize import linprog

    m, n = M.shape
    top = float(np.abs(M).max())
    scale = 1.0  # HiGHS scales the LP itself; only extreme magnitudes get an exact power of 2 here
    if top > 2.0**100 or 0 < top < 2.0**-100:
        scale = 2.0 ** math.floor(math.log2(top))
    c = np.zeros(m + 1)
    c[-1] = -1.0
    A_ub = np.hstack((-M.T / scale, np.ones((n, 1))))
    A_eq = np.ones((1, m + 1))
    A_eq[0, -1] = 0.0
    bounds = [(0.0, None)] * m + [(None, None)]
    if method is None:
        method = "highs-ipm" if m * n >= IPM_CELLS else "highs-ds"
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method=method,
                  options={"presolve": False})  # presolve finds nothing in a dense game: 10-20% saved
    if res.status != 0 or res.x is None:  # (HiGHS can fail: see _reduced_game)
        raise NotSupportedError(f"the linear program failed: {res.message}")
    p = _clean(res.x[:m])
    q = _clean(-np.asarray(res.ineqlin.marginals))
    return p, q, float(res.x[-1]) * scale


def _clean(x: np.ndarray) -> np.ndarray:
    import numpy as np

    x = np.clip(np.asarray(x, dtype=float), 0.0, None)
    total = x.sum()
    return x / total if total > 0 else np.full(x.shape, 1.0 / x.size)


def solve_matrix_game(A: Any, *, exact: bool | None = None, reduce: bool = True) -> MatrixSolution:
    """Solve the zero-sum game with payoff matrix ``A`` (to the row player, who maximises).

    Parameters
    ----------
    A : list of rows, numpy array, or CSV text
        Payoffs: ints, ``Fraction``s, floats, ``Decimal``s or strings such as ``"3/5"`` / ``"0.25"``.
    exact : bool or None
        ``None`` (default): exact rational answer when every payoff is rational (all but
        non-integer floats, which are approximations); ``True``: also treat floats as the exact
        binary fractions they are; ``False``: floating point only.
    reduce : bool
        Remove strictly dominated rows and columns first (reported in the solution).

    Returns
    -------
    MatrixSolution
        The value, one optimal strategy per player, the certificate, and whether they are unique.

    Examples
    --------
    >>> sol = solve_matrix_game([[4, 2], [1, 3], [0, 1]])
    >>> str(sol.value), sol.row_strategy, sol.col_strategy, sol.removed_rows
    ('5/2', (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1)), (Fraction(1, 4), Fraction(3, 4)), (2,))
    >>> solve_matrix_game("2, 3; 1, 0").saddle_point
    (0, 0)
    """
    payoffs = as_payoffs(A, floats_exactly=exact is True)
    want_exact = payoffs.B is not None and exact is not False
    M = payoffs.B if want_exact else payoffs.floats
    assert M is not None
    m, n = M.shape
    note = None
    if exact is None and payoffs.inexact is not None:
        note = (f"floating-point payoffs such as {payoffs.inexact}: answer in floating point "
                "(write fractions or decimal strings for an exact answer)")
    saddle = saddle_point(M)
    rows, cols = list(range(m)), list(range(n))
    removed_rows: list[int] = []
    removed_cols: list[int] = []
    if saddle is not None:
        p_red = [1.0 if i == saddle[0] else 0.0 for i in range(m)]
        q_red = [1.0 if j == saddle[1] else 0.0 for j in range(n)]
        method = "pure saddle point"
        exact_pq: tuple[list[Fraction], list[Fraction], Fraction] | None = None
        if want_exact:
            exact_pq = ([Fraction(x) for x in p_red], [Fraction(x) for x in q_red],
                        Fraction(int(M[saddle]), 1))
    else:
        if reduce:
            rows, cols, removed_rows, removed_cols = remove_dominated(M)
        p_red, q_red, method, exact_pq, note = _reduced_game(payoffs, M, rows, cols, want_exact, note)
    return _finish(payoffs, M, rows, cols, removed_rows, removed_cols, saddle, method, note,
                   p_red, q_red, exact_pq)


_Exact = tuple[list[Fraction], list[Fraction], Fraction]
"""Exact strategies and value ``(p, q, v)``."""


def _reduced_game(payoffs: _Payoffs, M: np.ndarray, rows: list[int], cols: list[int], want_exact: bool,
                  note: str | None) -> tuple[list[float], list[float], str, _Exact | None, str | None]:
    """Float strategies of the reduced game by HiGHS, and (``want_exact``) exact ones from its
    supports, else from the column player's LP, else by the exact simplex method; a game HiGHS
    fails on (it called one with payoffs 0, 1 and ±10^9 unbounded) goes to the exact simplex."""
    from grundy.matrix import exact as mx

    sub = M[rows, :][:, cols]
    try:
        p_f, q_f, _ = linprog_strategies(payoffs.floats[rows, :][:, cols])
    except NotSupportedError:
        if not (want_exact and sub.size <= mx.EXACT_SIMPLEX_CELLS):
            raise
        p_e, q_e, v_e = mx.exact_simplex(sub)
        return ([float(x) for x in p_e], [float(x) for x in q_e],
                "exact simplex (integer pivoting; the float LP failed)", (p_e, q_e, v_e), note)
    p_red, q_red = list(p_f), list(q_f)
    method = "linear programming (HiGHS)"
    exact_pq = None
    if want_exact:
        exact_pq = mx.exact_from_float(sub, p_f, q_f)
        if exact_pq is None:  # another vertex: the column player's own LP, dual and primal swapped
            try:
                q_2, p_2, _ = linprog_strategies(-payoffs.floats[rows, :][:, cols].T)
                exact_pq = mx.exact_from_float(sub, p_2, q_2)
            except NotSupportedError:  # (HiGHS failed there: the exact simplex below)
                pass
        if exact_pq is None and sub.size <= mx.EXACT_SIMPLEX_CELLS:
            exact_pq = mx.exact_simplex(sub)
            method = "exact simplex (integer pivoting)"
        if exact_pq is None:
            note = ("the LP's supports did not yield a verified exact solution (degenerate game); "
                    "answer in floating point")
        else:
            method += ", supports solved and verified in exact rationals"
    return p_red, q_red, method, exact_pq, note


def _finish(payoffs: _Payoffs, M: np.ndarray, rows: list[int], cols: list[int], removed_rows: list[int],
            removed_cols: list[int], saddle: tuple[int, int] | None, method: str, note: str | None,
            p_red: list[float], q_red: list[float],
            exact_pq: tuple[list[Fraction], list[Fraction], Fraction] | None) -> MatrixSolution:
    """Embed the reduced game's strategies in the full game and build the certificate."""
    from grundy.matrix import exact as mx

    m, n = M.shape
    if exact_pq is not None:
        p_sub, q_sub, v_sub = exact_pq
        p = [Fraction(0)] * m
        q = [Fraction(0)] * n
        for k, i in enumerate(rows):
            p[i] = p_sub[k]
        for k, j in enumerate(cols):
            q[j] = q_sub[k]
        Bz = mx._fmpz_mat(M)
        row_pay = mx.payoffs_against(Bz, p, rows=True)
        col_pay = mx.payoffs_against(Bz, q, rows=False)
        lower, upper = min(row_pay), max(col_pay)
        ok = mx.is_distribution(p) and mx.is_distribution(q) and lower == upper == v_sub
        if ok:
            den = payoffs.denominator
            u_row, u_col = mx.uniqueness(M[rows, :][:, cols], p_sub, q_sub, v_sub)
            unique = True if (u_row and u_col) else (False if False in (u_row, u_col) else None)
            cert = Certificate(tuple(x / den for x in row_pay), tuple(x / den for x in col_pay),
                               lower / den, upper / den, True)
            return MatrixSolution(v_sub / den, tuple(p), tuple(q), True, saddle, tuple(removed_rows),
                                  tuple(removed_cols), unique, cert, method, note, u_row, u_col)
        note = "exact verification failed; answer in floating point"
    import numpy as np

    pf = np.zeros(m)
    qf = np.zeros(n)
    pf[rows] = p_red
    qf[cols] = q_red
    F = payoffs.floats
    row_payf = pf @ F
    col_payf = F @ qf
    lo, hi = float(row_payf.min()), float(col_payf.max())
    if hi - lo > 1e-9 * max(1.0, abs(lo), abs(hi)):
        bracket = f"the float strategies only bracket the value: {lo:.10g} ≤ v ≤ {hi:.10g}"
        note = f"{note}; {bracket}" if note else bracket
    cert = Certificate(tuple(float(x) for x in row_payf), tuple(float(x) for x in col_payf), lo, hi, False)
    return MatrixSolution((lo + hi) / 2, tuple(float(x) for x in pf), tuple(float(x) for x in qf), False,
                          saddle, tuple(removed_rows), tuple(removed_cols), None, cert, method, note)
