"""Patterns in tables: formulas found (and confirmed), P-position rules, honesty of "proved", the grammar."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidInputError
from grundy.patterns.formulas import check_formula, evaluate, size
from grundy.patterns.recognise import Quadratic, beatty
from grundy.patterns.search import Pattern, find_pair_patterns, find_patterns, periodic_modulus
from grundy.patterns.synthesis import shortest_formula
from grundy.tables.periodicity import Periodicity
from tests.helpers import heap_table

# ---- an independent brute force: mex over options, nothing from the engine ----------------------


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m




def pair_table(upto: int, options) -> list[list[int]]:  # options(a, b) -> list of pairs
    g = [[0] * (upto + 1) for _ in range(upto + 1)]
    for a in range(upto + 1):
        for b in range(upto + 1):
            g[a][b] = mex({g[x][y] for x, y in options(a, b)})
    return g


def subtraction(s: tuple[int, ...]):
    return lambda n: [(n - k,) for k in s if k <= n]


# the functions of the grammar, written again for Python's eval
def _nonneg(x: int) -> int:
    if x < 0:
        raise ValueError(x)
    return x


FUNCS = {
    "popcount": lambda x: bin(_nonneg(x)).count("1"),
    "ctz": lambda x: -1 if x == 0 else (len(bin(_nonneg(x))) - len(bin(x).rstrip("0"))),
    "cto": lambda x: len(bin(_nonneg(x))) - len(bin(x).rstrip("1")),
    "bit_length": lambda x: len(bin(_nonneg(x))) - 2 if x else 0,
    "isqrt": lambda x: math.isqrt(_nonneg(x)),
    "min": min, "max": max, "abs": abs,
}


def py_eval(formula: str, **env: int) -> int:
    return int(eval(formula, {"__builtins__": {}, **FUNCS}, env))  # the test's own oracle


def values_formula(patterns: list[Pattern]) -> str | None:
    return next((p.formula for p in patterns if p.describes == "values" and p.formula), None)


def p_formulas(patterns: list[Pattern]) -> list[str]:
    return [p.formula for p in patterns if p.describes == "p-positions" and p.formula]


def test_helper_functions_agree() -> None:
    for x in range(200):
        for name in ("popcount", "ctz", "cto", "bit_length", "isqrt"):
            assert evaluate(f"{name}(n)", n=x) == FUNCS[name](x), (name, x)


# ---- formulas found ---------------------------------------------------------------------------

def test_subtraction_1_2_is_n_mod_3() -> None:
    table = heap_table(90, subtraction((1, 2)))
    found = find_patterns(table)
    assert values_formula(found) == "n % 3"
    assert "n % 3 == 0" in p_formulas(found)


def test_ruler_values() -> None:
    table = [0] + [next(k for k in range(20) if n >> k & 1) + 1 for n in range(1, 150)]
    assert values_formula(find_patterns(table)) == "ctz(n) + 1"


def test_ruler_coin_game() -> None:
    # one head at position n; turn over coins n-k+1..n: the option is the XOR of G(n-1..n-k+1)
    g = [0]
    for n in range(1, 130):
        seen, acc = {0}, 0
        for k in range(1, n):
            acc ^= g[n - k]
            seen.add(acc)
        g.append(mex(seen))
    formula = values_formula(find_patterns(g))
    assert formula is not None
    assert all(py_eval(formula, n=n) == (n & -n) for n in range(1, 5000))


def test_nim_on_two_heaps() -> None:
    grid = pair_table(20, lambda a, b: [(x, b) for x in range(a)] + [(a, y) for y in range(b)])
    found = find_pair_patterns(grid)
    assert values_formula(found) == "a ^ b"
    assert "a == b" in p_formulas(found)


@pytest.mark.slow
def test_two_heaps_of_subtraction_1_2() -> None:
    def options(a: int, b: int) -> list[tuple[int, int]]:
        return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]

    found = find_pair_patterns(pair_table(20, options))
    assert values_formula(found) == "(a % 3) ^ (b % 3)"
    assert "a % 3 == b % 3" in p_formulas(found)


def test_saltus_game() -> None:
    table = heap_table(100, lambda n: [(n - k,) for k in range(2, n + 1, 2)])  # remove an even number
    assert values_formula(find_patterns(table)) == "n // 2"


def test_popcount_game() -> None:
    # remove one set bit: Nim with heaps of size 1
    table = heap_table(128, lambda n: [(n - (1 << k),) for k in range(8) if n >> k & 1])
    found = find_patterns(table)
    assert values_formula(found) == "popcount(n) % 2"
    assert any("evil" in p.text for p in found)


# ---- P-positions --------------------------------------------------------------------------------

@pytest.mark.slow
def test_residue_classes_proved_and_observed() -> None:
    table = heap_table(100, subtraction((1, 3, 4)))
    proved = Periodicity(7, 0, 0, True, "a window of max S = 4 values repeats")
    found = find_patterns(table, periodicity=proved)
    rule = next(p for p in found if p.describes == "p-positions")
    assert rule.formula == "n % 7 in {0, 2}" and rule.status == "proved"
    assert rule.text.startswith("P iff n % 7 in {0, 2}")
    unproved = find_patterns(table)
    assert all(p.status == "conjecture" and p.checked_upto == 100 for p in unproved)
    assert any(p.formula == "n % 7 in {0, 2}" for p in unproved)


def fibonacci_upto(n: int) -> set[int]:
    out, a, b = set(), 1, 2
    while a <= n:
        out.add(a)
        a, b = b, a + b
    return out


@pytest.mark.slow
def test_fibonacci_p_positions() -> None:
    fib = fibonacci_upto(400)
    table = [0 if n in fib else 1 + n % 2 for n in range(401)]
    found = find_patterns(table)
    rule = next(p for p in found if "Fibonacci" in p.text)
    assert rule.status == "conjecture"
    assert rule.formula is not None
    assert all(bool(py_eval(rule.formula, n=n)) == (n in fibonacci_upto(3000)) for n in range(1, 3000))


def wythoff_pairs(count: int) -> list[tuple[int, int]]:
    used: set[int] = set()
    pairs = []
    for k in range(count):
        a = mex(used)
        pairs.append((a, a + k))
        used.update((a, a + k))
    return pairs


@pytest.mark.slow
def test_beatty_p_positions() -> None:
    lower = {a for a, _ in wythoff_pairs(300)}
    table = [0 if n in lower else 1 for n in range(300)]
    found = find_patterns(table)
    rule = next(p for p in found if p.describes == "p-positions")
    assert "φ" in rule.text and rule.formula is not None
    assert all(bool(evaluate(rule.formula, n=n)) == (n in lower) for n in range(300))
    assert beatty(sorted(lower)[:40]) == Quadratic(1, 1, 5, 2)


@pytest.mark.slow
def test_powers_of_two_and_squares() -> None:
    for name, member in (("powers of two", lambda n: n > 0 and n & (n - 1) == 0),
                         ("squares", lambda n: math.isqrt(n) ** 2 == n)):
        found = find_patterns([0 if member(n) else 1 + n % 3 for n in range(300)])
        assert any(name in p.text for p in found), name


@pytest.mark.slow
def test_wythoff_game() -> None:
    def options(a: int, b: int) -> list[tuple[int, int]]:
        return ([(x, b) for x in range(a)] + [(a, y) for y in range(b)]
                + [(a - k, b - k) for k in range(1, min(a, b) + 1)])

    grid = pair_table(40, options)
    rule = next(p for p in find_pair_patterns(grid) if p.describes == "p-positions")
    assert "⌊k·φ⌋" in rule.text and "y_k = x_k + k" in rule.text
    assert rule.formula is not None
    pairs = set(wythoff_pairs(200))
    for a in range(300):
        for b in range(0, 300, 7):
            assert bool(evaluate(rule.formula, a=a, b=b)) == ((a, b) in pairs or (b, a) in pairs)


@pytest.mark.slow
def test_ratio_threshold() -> None:
    phi = (1 + 5 ** 0.5) / 2
    grid = [[0 if b < a * phi else 1 + (a + b) % 2 for b in range(30)] for a in range(30)]
    rule = next(p for p in find_pair_patterns(grid) if p.describes == "p-positions")
    assert rule.text.startswith("P iff b < φ·a")
    grid2 = [[0 if b < 2 * a else 1 for b in range(25)] for a in range(25)]
    assert any(p.formula == "b < 2 * a" for p in find_pair_patterns(grid2))


# ---- honesty ----------------------------------------------------------------------------------

def test_proved_only_with_a_proof() -> None:
    table = heap_table(60, subtraction((1, 2)))
    proved = find_patterns(table, periodicity=Periodicity(3, 0, 0, True, "a window repeats"))
    assert proved[0].formula == "n % 3" and proved[0].status == "proved"
    observed = find_patterns(table, periodicity=Periodicity(3, 0, 0, False))
    assert all(p.status == "conjecture" for p in observed)
    saltus = find_patterns([n // 2 for n in range(60)], periodicity=Periodicity(2, 0, 1, True, "x"))
    assert next((p.formula, p.status) for p in saltus if p.describes == "values") == ("n // 2", "proved")


def test_periodic_modulus() -> None:
    assert periodic_modulus("n % 3") == 3
    assert periodic_modulus("(n * n + 1) % 4 + (n & 7)") == 8
    assert periodic_modulus("n // 2") is None
    assert periodic_modulus("popcount(n) % 2") is None
    assert periodic_modulus("n % 3 + n") is None


@pytest.mark.slow
def test_no_pattern_restates_the_table() -> None:
    table = [0, 1, 0, 2, 3, 1]
    for p in find_patterns(table):
        assert p.formula is None or 2 * size(p.formula) <= len(table)
    long_period = ([0, 1, 2, 3, 0, 2, 1, 4, 0, 3] * 3)[:25]
    assert not any("period 10" in p.text for p in find_patterns(long_period))


def test_size_cap() -> None:
    import numpy as np

    a = np.repeat(np.arange(12), 12)
    b = np.tile(np.arange(12), 12)
    target = (a % 5) * 3 + (b % 7)

    def expected(i: int, v: int) -> bool:
        return v == int(target[i])

    assert shortest_formula({"a": a, "b": b}, expected, target, total=144, max_size=3) is None


tables = st.lists(st.integers(0, 4), min_size=8, max_size=60)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tables)
def test_random_tables_never_get_wrong_formulas(table: list[int]) -> None:
    for p in find_patterns(table, steps=2000):
        assert p.status == "conjecture" and p.checked_upto == len(table) - 1
        if p.formula is None:
            continue
        for n, v in enumerate(table):
            want = v if p.describes == "values" else int(v == 0)
            got = evaluate(p.formula, n=n)
            oracle = py_eval(p.formula, n=n)
            if p.describes == "p-positions":
                got, oracle = int(bool(got)), int(bool(oracle))
            assert got == oracle == want, (p, n)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(3, 7), st.lists(st.integers(0, 2), min_size=49, max_size=49))
def test_random_grids_never_get_wrong_formulas(side: int, cells: list[int]) -> None:
    grid = [cells[a * 7:a * 7 + side] for a in range(side)]
    for p in find_pair_patterns(grid, steps=2000):
        if p.formula is None:
            continue
        for a in range(side):
            for b in range(side):
                want = grid[a][b] if p.describes == "values" else int(grid[a][b] == 0)
                got = evaluate(p.formula, a=a, b=b)
                oracle = py_eval(p.formula, a=a, b=b)
                if p.describes == "p-positions":
                    got, oracle = int(bool(got)), int(bool(oracle))
                assert got == oracle == want


def test_to_json() -> None:
    p = find_patterns(heap_table(60, subtraction((1, 2))))[0]
    assert p.to_json() == {"describes": "values", "text": p.text, "formula": "n % 3",
                           "status": "conjecture", "checked_upto": 60}


# ---- the grammar -------------------------------------------------------------------------------

@pytest.mark.parametrize("formula", [
    "__import__('os').system('true')", "n.bit_length()", "n ** 2", "lambda: 1", "'a'", "1.5",
    "x + 1", "min(n)", "abs(n, n)", "print(n)", "[n][0]", "val(n)", "nimmul(n)", "n in [1, 2]",
    "n in {n}", "~n", "popcount(x=n)", "n / 2", "(n := 3)", "",
])
def test_grammar_refuses(formula: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        check_formula(formula)
    assert repr(formula)[1:-1][:10] in str(info.value)


def test_evaluator_semantics() -> None:
    assert evaluate("ctz(n)", n=0) == -1
    assert evaluate("cto(n)", n=0) == 0 and evaluate("cto(n)", n=7) == 3
    big = 10**40 + 7
    assert evaluate("isqrt(5 * n * n)", n=big) == math.isqrt(5 * big * big)
    assert evaluate("(n % 3 == 1) + 1", n=4) == 2
    assert evaluate("n and 5", n=0) == 0 and evaluate("n or 5", n=0) == 5
    assert evaluate("-7 // 2 + -7 % 3", n=0) == -4 + 2
    assert evaluate("0 < n < 10", n=5) == 1 and evaluate("0 < n < 10", n=10) == 0
    assert evaluate("n not in {1, 2}", n=3) == 1
    for bad in ("1 // (n - n)", "popcount(-n)", "1 << -n", "isqrt(n - 10)"):
        with pytest.raises(InvalidInputError):
            evaluate(bad, n=1)
    with pytest.raises(InvalidInputError):
        evaluate("n", m=1)
