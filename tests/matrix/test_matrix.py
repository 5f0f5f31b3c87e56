"""Matrix games: exact values against brute-force support enumeration, the certificate, the
uniqueness flag against the set of all optimal vertices, dominance, bad input."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidInputError
from grundy.matrix.lp import MatrixSolution, remove_dominated, solve_matrix_game

Matrix = list[list[int]]


def _gauss(M: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """Solve a square system in plain Fractions (independent of python-flint); None if singular."""
    n = len(M)
    A = [[*row, bb] for row, bb in zip(M, b, strict=True)]
    for c in range(n):
        pivot = next((r for r in range(c, n) if A[r][c] != 0), None)
        if pivot is None:
            return None
        A[c], A[pivot] = A[pivot], A[c]
        for r in range(n):
            if r != c and A[r][c] != 0:
                f = A[r][c] / A[c][c]
                A[r] = [x - f * y for x, y in zip(A[r], A[c], strict=True)]
    return [A[i][n] / A[i][i] for i in range(n)]


def optimal_vertices(A: list[list[Fraction]]) -> tuple[Fraction, set[tuple[Fraction, ...]]]:
    """Brute force over supports: every basic solution of the row player's LP (square support
    systems ``p·A[:, J] = v``, ``Σp = 1``, ``p ≥ 0``); the value is the best guarantee, and the
    optimal strategies are the convex hull of the returned vertices."""
    m, n = len(A), len(A[0])
    found: list[tuple[Fraction, tuple[Fraction, ...]]] = []
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                M = [[A[i][j] for i in rows] + [Fraction(-1)] for j in cols]
                M.append([Fraction(1)] * k + [Fraction(0)])
                sol = _gauss(M, [Fraction(0)] * k + [Fraction(1)])
                if sol is None or min(sol[:k]) < 0:
                    continue
                p = [Fraction(0)] * m
                for a, i in enumerate(rows):
                    p[i] = sol[a]
                found.append((min(sum(p[i] * A[i][j] for i in range(m)) for j in range(n)), tuple(p)))
    value = max(g for g, _ in found)
    return value, {p for g, p in found if g == value}


def check_certificate(A: list[list[Fraction]], sol: MatrixSolution) -> None:
    """Recompute, in plain Fractions, that each strategy guarantees the value."""
    p, q = sol.row_strategy, sol.col_strategy
    assert all(isinstance(x, Fraction) and x >= 0 for x in (*p, *q))
    assert sum(p) == 1 and sum(q) == 1
    m, n = len(A), len(A[0])
    assert min(sum(p[i] * A[i][j] for i in range(m)) for j in range(n)) == sol.value
    assert max(sum(A[i][j] * q[j] for j in range(n)) for i in range(m)) == sol.value
    assert sol.certificate.verified and sol.certificate.lower == sol.certificate.upper == sol.value
    for i in sol.removed_rows:
        assert p[i] == 0
    for j in sol.removed_cols:
        assert q[j] == 0


def check_against_brute_force(A: list[list[Fraction]]) -> MatrixSolution:
    sol = solve_matrix_game(A)
    assert sol.exact, sol.note
    check_certificate(A, sol)
    value, row_vertices = optimal_vertices(A)
    neg_t = [[-A[i][j] for i in range(len(A))] for j in range(len(A[0]))]
    neg_value, col_vertices = optimal_vertices(neg_t)
    assert sol.value == value == -neg_value
    assert sol.row_strategy in row_vertices or sol.unique_row is False
    assert sol.unique_row == (len(row_vertices) == 1)
    assert sol.unique_col == (len(col_vertices) == 1)
    assert sol.unique == (len(row_vertices) == 1 and len(col_vertices) == 1)
    return sol


small_matrices = st.integers(1, 4).flatmap(lambda m: st.integers(1, 4).flatmap(
    lambda n: st.integers(1, 5).flatmap(lambda r: st.lists(
        st.lists(st.integers(-r, r), min_size=n, max_size=n), min_size=m, max_size=m))))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_matrices)
def test_small_games_against_support_enumeration(A: Matrix) -> None:
    check_against_brute_force([[Fraction(x) for x in row] for row in A])


@pytest.mark.slow
def test_random_rational_games_against_support_enumeration() -> None:
    rng = random.Random(6)
    for _ in range(60):
        m, n = rng.randint(2, 5), rng.randint(2, 5)
        A = [[Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n)] for _ in range(m)]
        check_against_brute_force(A)


@pytest.mark.slow
def test_very_degenerate_games() -> None:
    rng = random.Random(60)
    for _ in range(150):  # entries in {-1, 0, 1}: ties everywhere, many optimal strategies
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        check_against_brute_force([[Fraction(rng.randint(-1, 1)) for _ in range(n)] for _ in range(m)])


def test_textbook_examples() -> None:
    sol = solve_matrix_game([[3, -1], [-2, 4]])
    assert sol.value == 1 and sol.row_strategy == (Fraction(3, 5), Fraction(2, 5))
    assert sol.col_strategy == (Fraction(1, 2), Fraction(1, 2)) and sol.unique
    rps = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert rps.value == 0 and rps.row_strategy == (Fraction(1, 3),) * 3 and rps.unique is True
    saddle = solve_matrix_game([[4, 5, 6], [3, 9, 1], [2, 0, 8]])
    assert saddle.saddle_point == (0, 0) and saddle.value == 4 and saddle.method == "pure saddle point"


@pytest.mark.parametrize(("A", "row", "col"), [
    ([[0, 1], [0, -1]], False, True),   # row 2 can be mixed in up to 1/2
    ([[0, 0], [0, 0]], False, False),   # every strategy is optimal
    ([[1, 1], [1, 1]], False, False),
    ([[2]], True, True),
    ([[1, 0], [0, 1], [1, 0]], False, True),  # duplicate rows
])
def test_uniqueness_flag(A: Matrix, row: bool, col: bool) -> None:
    sol = solve_matrix_game(A)
    assert (sol.unique_row, sol.unique_col) == (row, col)
    assert sol.unique == (row and col)


def test_fractions_decimals_and_strings_scale_exactly() -> None:
    base = [[3, -1, 2], [-2, 4, 0], [1, 1, -3]]
    plain = solve_matrix_game(base)
    shifted = [[f"{x}/7" if x < 0 else f"{x / 4}" for x in row] for row in base]  # "-1/7", "0.75"
    as_fractions = [[Fraction(x, 7) if x < 0 else Fraction(x, 4) for x in row] for row in base]
    assert solve_matrix_game(shifted).value == solve_matrix_game(as_fractions).value
    scaled = solve_matrix_game([[Fraction(x, 3) + Fraction(1, 2) for x in row] for row in base])
    assert scaled.value == plain.value / 3 + Fraction(1, 2)
    assert scaled.row_strategy == plain.row_strategy
    assert solve_matrix_game(np.array(base)).value == plain.value
    assert solve_matrix_game("3,-1,2; -2,4,0; 1 1 -3").value == plain.value  # the inline form
    assert solve_matrix_game("3,-1,2\n-2,4,0\n1,1,-3\n").value == plain.value  # a file


def test_tiny_probabilities_are_not_rounded_away() -> None:
    big = 10**12
    sol = solve_matrix_game([[big, 0], [0, 1]])
    assert sol.exact and sol.value == Fraction(big, big + 1)
    assert sol.row_strategy == (Fraction(1, big + 1), Fraction(big, big + 1))


def test_floats_give_a_float_answer_unless_exact_requested() -> None:
    sol = solve_matrix_game([[1.5, 0.0], [0.0, 1.0]])
    assert not sol.exact and sol.unique is None and sol.note and "1.5" in sol.note
    assert abs(sol.value - 0.6) < 1e-9 and not sol.certificate.verified
    exact = solve_matrix_game([[1.5, 0.0], [0.0, 1.0]], exact=True)
    assert exact.exact and exact.value == Fraction(3, 5)
    assert solve_matrix_game([[1.0, 2.0], [3.0, 0.0]]).exact  # integral floats are exact


def test_float_and_exact_answers_agree_on_random_games() -> None:
    rng = np.random.default_rng(6)
    for size in (8, 30, 60):
        A = rng.integers(-10, 11, size=(size, size + 3))
        exact = solve_matrix_game(A)
        approx = solve_matrix_game(A, exact=False)
        assert exact.exact and not approx.exact
        assert abs(float(exact.value) - approx.value) < 1e-9
        assert approx.certificate.gap < 1e-9
        Af = [[Fraction(int(x)) for x in row] for row in A]
        check_certificate(Af, exact)


def test_dominance_removal_keeps_the_value() -> None:
    rng = random.Random(66)
    for _ in range(40):
        m, n = rng.randint(2, 6), rng.randint(2, 6)
        A = [[rng.randint(-5, 5) for _ in range(n)] for _ in range(m)]
        A.append([x - rng.randint(1, 3) for x in A[0]])  # a planted strictly dominated row
        full = solve_matrix_game(A, reduce=False)
        reduced = solve_matrix_game(A)
        assert full.value == reduced.value
        if reduced.saddle_point is None:
            assert m in reduced.removed_rows
        check_certificate([[Fraction(x) for x in row] for row in A], reduced)


def test_remove_dominated_is_iterated() -> None:
    rows, cols, removed_rows, removed_cols = remove_dominated(np.array([[3, 1, 4], [2, 0, 1], [5, -1, 0]]))
    assert (rows, cols, removed_rows, removed_cols) == ([0], [1], [1, 2], [0, 2])


@pytest.mark.parametrize("bad", [
    [], [[]], [[1, 2], [3]], [[1, "x"]], [[1, float("nan")]], [[float("inf"), 1]],
    [["1/0"]], [["nan"]], [["-inf"]], [["1e999999"]], [1, 2, 3], "1,2;3", "", [[1j]],
    np.zeros((0, 3)), np.zeros((2, 2, 2)), np.array([[1.0, np.nan]]), [[None]], 42,
])
def test_bad_input_raises_invalid_input(bad: object) -> None:
    with pytest.raises(InvalidInputError):
        solve_matrix_game(bad)


def test_json_contract() -> None:
    data = solve_matrix_game([[3, -1], [-2, 4]]).to_json()
    assert data["value"] == "1" and data["row_strategy"] == ["3/5", "2/5"]
    assert data["col_strategy"] == ["1/2", "1/2"] and data["exact"] is True and data["saddle_point"] is None
    assert solve_matrix_game([[1, 2], [0, 3]]).to_json()["saddle_point"] == [0, 0]


def test_interior_point_solutions_also_give_the_exact_answer() -> None:
    from grundy.matrix.exact import exact_from_float
    from grundy.matrix.lp import linprog_strategies

    rng = np.random.default_rng(66)
    for shape in ((30, 40), (40, 30), (25, 25)):
        B = rng.integers(-4, 5, size=shape)
        p, q, _ = linprog_strategies(B.astype(float), method="highs-ipm")
        found = exact_from_float(B, p, q)
        assert found is not None
        assert found[2] == solve_matrix_game(B, reduce=False).value


def test_payoffs_beyond_float_precision_and_range() -> None:
    huge = 10**200  # integers far beyond 2**53: the LP sees rounded floats, the answer is exact
    sol = solve_matrix_game([[3 * huge, -huge], [-2 * huge, 4 * huge]])
    assert sol.exact and sol.value == huge and sol.row_strategy == (Fraction(3, 5), Fraction(2, 5))
    nudged = solve_matrix_game([[Fraction(3, 10**40) + 1, -1], [-2, 4]])
    check_certificate([[Fraction(3, 10**40) + 1, Fraction(-1)], [Fraction(-2), Fraction(4)]], nudged)
    with pytest.raises(InvalidInputError):
        solve_matrix_game([[10**400, 1]])
    tiny = solve_matrix_game([[1.5e-250, -1e-250], [-2e-250, 4e-250]])
    assert not tiny.exact and abs(tiny.value / 1e-250 - 0.8 / 1.7) < 1e-9


def test_unverified_exact_answers_are_never_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.matrix import exact as matrix_exact

    A = [[3, -1, 0], [-2, 4, 1], [0, 1, -1]]
    monkeypatch.setattr(matrix_exact, "exact_from_float", lambda B, p, q: None)
    sol = solve_matrix_game(A)  # the supports fail: the exact simplex answers
    assert sol.exact and sol.method.startswith("exact simplex") and sol.value == Fraction(1, 2)
    monkeypatch.setattr(matrix_exact, "EXACT_SIMPLEX_CELLS", 0)
    sol = solve_matrix_game(A)
    assert not sol.exact and sol.note and "floating point" in sol.note and not sol.certificate.verified
    wrong = ([Fraction(1), Fraction(0), Fraction(0)], [Fraction(1), Fraction(0), Fraction(0)], Fraction(3))
    monkeypatch.setattr(matrix_exact, "exact_from_float", lambda B, p, q: wrong)
    sol = solve_matrix_game(A)
    assert not sol.exact and sol.unique is None and abs(sol.value - float(solve_matrix_game(
        A, exact=False).value)) < 1e-9


def test_second_lp_is_tried_when_the_first_supports_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.matrix import exact as matrix_exact

    real = matrix_exact.exact_from_float
    calls: list[int] = []

    def first_fails(B: np.ndarray, p: np.ndarray, q: np.ndarray) -> object:
        calls.append(1)
        return None if len(calls) == 1 else real(B, p, q)

    monkeypatch.setattr(matrix_exact, "exact_from_float", first_fails)
    sol = solve_matrix_game([[3, -1, 0], [-2, 4, 1], [0, 1, -1]])
    assert sol.exact and len(calls) == 2


def test_exact_simplex_against_support_enumeration() -> None:
    from grundy.matrix.exact import exact_simplex

    rng = random.Random(606)
    for _ in range(80):
        m, n = rng.randint(1, 4), rng.randint(1, 4)
        r = rng.choice([1, 2, 9])
        A = [[rng.randint(-r, r) for _ in range(n)] for _ in range(m)]
        p, q, v = exact_simplex(np.array(A))
        Af = [[Fraction(x) for x in row] for row in A]
        assert v == optimal_vertices(Af)[0]
        assert min(sum(p[i] * Af[i][j] for i in range(m)) for j in range(n)) == v
        assert max(sum(Af[i][j] * q[j] for j in range(n)) for i in range(m)) == v
        assert all(x >= 0 for x in (*p, *q)) and sum(p) == 1 and sum(q) == 1


def test_games_beyond_float_resolution_use_the_exact_simplex() -> None:
    big = 10**200  # the float LP sees [[1, 0], [0, 0]]: its supports are useless here
    sol = solve_matrix_game([[big, -1], [-1, 1]])
    assert sol.exact and sol.method.startswith("exact simplex")
    p = Fraction(2, big + 3)
    assert sol.value == 1 - 2 * p and sol.row_strategy == (p, 1 - p)
    approx = solve_matrix_game([[float(big), -1.0], [-1.0, 1.0]])
    assert not approx.exact and approx.note and "bracket" in approx.note
    assert approx.certificate.lower <= 1 <= approx.certificate.upper


ILL_CONDITIONED = [[0, -10**9, 1, 0, 10**9, -10**9, 0], [1, 1, 1, 1, 1, 1, 0],
                   [-10**9, 0, -10**9, 10**9, 10**9, 10**9, 1], [10**9, 10**9, 10**9, 0, 10**9, -10**9, 1],
                   [0, 0, 0, -10**9, 0, 1, -10**9], [-10**9, 0, 10**9, -10**9, 0, -10**9, 1],
                   [0, 0, 10**9, -10**9, 0, 10**9, 10**9], [-10**9, 0, 10**9, 1, 1, 0, 1]]
"""An 8 x 7 game HiGHS called unbounded (scipy 1.x): payoffs 0 and 1 next to ±10^9."""


def test_a_game_highs_fails_on_is_solved_by_the_exact_simplex(monkeypatch: pytest.MonkeyPatch) -> None:
    sol = solve_matrix_game(ILL_CONDITIONED)
    assert sol.exact and sol.value == Fraction(10**9, 9) and sol.certificate.verified
    assert sol.row_strategy == tuple(Fraction(x) for x in (0, 0, Fraction(1, 3), Fraction(4, 9), 0, 0,
                                                          Fraction(2, 9), 0))
    from grundy.errors import NotSupportedError
    from grundy.matrix import lp

    def fails(M: np.ndarray, method: str | None = None) -> tuple[np.ndarray, np.ndarray, float]:
        raise NotSupportedError("the linear program failed: (simulated)")

    monkeypatch.setattr(lp, "linprog_strategies", fails)
    sol = solve_matrix_game([[3, -1], [-2, 4]])
    assert sol.exact and sol.value == 1 and sol.method.startswith("exact simplex")
    with pytest.raises(NotSupportedError, match="simulated"):
        solve_matrix_game([[3, -1], [-2, 4]], exact=False)  # (no exact fallback in floating point)


def test_highs_failing_on_the_column_players_lp_goes_on_to_the_exact_simplex(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.errors import NotSupportedError
    from grundy.matrix import exact as matrix_exact
    from grundy.matrix import lp

    real = lp.linprog_strategies
    calls: list[int] = []

    def second_fails(M: np.ndarray, method: str | None = None) -> tuple[np.ndarray, np.ndarray, float]:
        calls.append(1)
        if len(calls) == 2:
            raise NotSupportedError("the linear program failed: (simulated)")
        return real(M, method)

    monkeypatch.setattr(lp, "linprog_strategies", second_fails)
    monkeypatch.setattr(matrix_exact, "exact_from_float", lambda *args: None)
    sol = solve_matrix_game([[3, -1, 0], [-2, 4, 1], [0, 1, -1]])
    assert len(calls) == 2 and sol.exact and sol.method.startswith("exact simplex")
    assert sol.certificate.verified and sol.certificate.lower == sol.certificate.upper == sol.value
