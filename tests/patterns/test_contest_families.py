"""The pattern families contests need: self-similar (recursive) values, arithmetic functions,
P-descriptions from two simple sets, and nim products of pair grids.

Each family is found from a small table and then checked against a brute force written here
(its own mex recursion, or its own divisor count), far beyond that table; the exported code of a
recursive formula is checked the same way.
"""

from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Callable, Iterable
from functools import reduce
from pathlib import Path

import pytest

from grundy.export.code import export_code
from grundy.patterns.arith import bigomega, digitsum, factor, numdiv, omega, val
from grundy.patterns.formulas import FormulaError, check_formula, evaluate, recursive, size
from grundy.patterns.pairs import find_pair_patterns
from grundy.patterns.search import find_patterns

Options = Callable[[int], Iterable[int]]


def mex(seen: set[int]) -> int:
    m = 0
    while m in seen:
        m += 1
    return m


def brute(upto: int, options: Options) -> list[int]:
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[o] for o in options(n)}))
    return g


def values_formula(table: list[int]) -> str:
    found = [p for p in find_patterns(table) if p.describes == "values" and p.formula]
    assert found, table[:40]
    assert found[0].status == "conjecture" and "conjecture, checked for n <= " in found[0].text
    return found[0].formula  # type: ignore[return-value]


def p_formula(table: list[int]) -> str:
    found = [p for p in find_patterns(table) if p.describes == "p-positions" and p.formula]
    assert found, table[:40]
    assert found[0].status == "conjecture"
    return found[0].formula  # type: ignore[return-value]


# ---- self-similar values -----------------------------------------------------------------------

def take_at_most(m: int) -> Options:
    """Take at least one and at most a 1/m share of the heap."""
    return lambda n: [n - k for k in range(1, n // m + 1)]


@pytest.mark.parametrize(("m", "expected"), [
    (2, "n // 2 if n % 2 == 0 else G(n // 2)"),
    (3, "n // 3 if n % 3 == 0 else G(n - n // 3 - 1)"),
])
@pytest.mark.slow
def test_take_at_most_a_share_is_recursive_far_beyond_the_table(m: int, expected: str) -> None:
    formula = values_formula(brute(300, take_at_most(m)))
    assert formula == expected and recursive(formula)
    far = brute(3000, take_at_most(m))
    assert [evaluate(formula, n=n) for n in range(3001)] == far


def test_a_recursive_formula_answers_huge_heaps_exactly() -> None:
    formula = "n // 2 if n % 2 == 0 else G(n // 2)"

    def by_hand(n: int) -> int:  # strip the trailing 1 bits, then halve
        while n % 2:
            n //= 2
        return n // 2

    for n in (10**18 + 1, 2**200 - 1, 3 * 2**150 + 2**80 - 1):
        assert evaluate(formula, n=n) == by_hand(n)


@pytest.mark.slow
def test_a_recursion_with_a_constant() -> None:
    # G(n) = G(n / 2) + 1 on the even heaps, n % 4 on the odd ones (a table of its own recursion)
    def own(upto: int) -> list[int]:
        g = [0]
        for n in range(1, upto + 1):
            g.append(g[n // 2] + 1 if n % 2 == 0 else n % 4)
        return g
    formula = values_formula(own(400))
    assert recursive(formula) and "G(n // 2) + 1" in formula
    assert [evaluate(formula, n=n) for n in range(20001)] == own(20000)


def halve_or_remove(n: int) -> list[int]:
    """CF 603C with k odd: remove one, or halve an even heap (k halves: their values cancel in pairs)"""
    return [n - 1] * (n > 0) + [n // 2] * (n > 0 and n % 2 == 0)


def test_a_map_of_the_half_heaps_value_far_beyond_the_table() -> None:
    """G(2k) = mex(0, G(k)) from heap 6 on, G = 0 on the odd heaps from 5: the value on the even
    heaps is a function of the half heap's value, not G(k) + c; found from 2,000 heaps (the map
    packed as bits), checked against the brute force to 60,000 and a recursion by hand at 10^18."""
    from grundy.patterns import families

    table = brute(2000, halve_or_remove)
    formula = families.self_similar(table, steps=4000)
    assert formula is not None and recursive(formula) and ">> 4 * G(n // 2)) & 15" in formula, formula
    assert [evaluate(formula, n=n) for n in range(60001)] == brute(60000, halve_or_remove)

    def by_hand(n: int) -> int:
        if n < 5:
            return [0, 1, 0, 1, 2][n]
        return 0 if n % 2 else 1 if by_hand(n // 2) != 1 else 2

    for n in (10**18, 2**60 * 5, 3 * 2**41, 2**61):
        assert evaluate(formula, n=n) == by_hand(n)
    assert families.self_similar(table[:1000], steps=4000) is None  # (shorter than MAP_TABLE: not looked for)
    noisy = [v ^ (i % 7 == 3 and i > 1500) for i, v in enumerate(table)]
    assert families.self_similar(noisy, steps=4000) is None  # (a clash in the second half)


def test_the_recursion_only_descends() -> None:
    check_formula("G(n // 2) + 1 if n > 0 else 0")
    with pytest.raises(FormulaError, match="0 <= x < n"):
        evaluate("G(n)", n=5)
    with pytest.raises(FormulaError, match="over n only"):
        check_formula("G(a)", variables=("a", "b"))


# ---- arithmetic functions ----------------------------------------------------------------------

def own_factor_count(n: int) -> int:
    count, p = 0, 2
    while p * p <= n:
        while n % p == 0:
            n, count = n // p, count + 1
        p += 1
    return count + (n > 1)


@pytest.mark.slow
def test_moving_to_a_proper_divisor_is_big_omega() -> None:
    def options(n: int) -> list[int]:
        return [d for d in range(1, n) if n % d == 0]
    formula = values_formula(brute(300, options))
    assert "bigomega(n)" in formula
    far = brute(2500, options)
    assert all(evaluate(formula, n=n) == far[n] for n in range(1, 2501))
    assert all(evaluate(formula, n=n) == own_factor_count(n) for n in range(1, 20000, 7))


@pytest.mark.slow
def test_dividing_by_a_prime_is_the_parity_of_big_omega() -> None:
    def options(n: int) -> list[int]:
        return [n // p for p in range(2, n + 1) if n % p == 0 and own_factor_count(p) == 1]
    formula = values_formula(brute(300, options))
    far = brute(3000, options)
    assert all(evaluate(formula, n=n) == far[n] for n in range(1, 3001))


@pytest.mark.slow
def test_lowering_base_3_digits_is_the_digit_sum() -> None:
    def digits(n: int) -> list[int]:
        out = []
        while n:
            n, r = divmod(n, 3)
            out.append(r)
        return out

    def options(n: int) -> list[int]:  # lower any digits of n (base 3), at least one
        ds = digits(n)
        out = [0]
        for i, d in enumerate(ds):
            out = [x + k * 3**i for x in out for k in range(d + 1)]
        return [x for x in out if x != n]
    formula = values_formula(brute(243, options))
    assert formula == "digitsum(n, 3)"
    far = brute(3**8, options)
    assert [evaluate(formula, n=n) for n in range(3**8 + 1)] == far


@pytest.mark.parametrize(("make", "name"), [
    (lambda n: sum(n % d == 0 for d in range(1, n + 1)), "numdiv"),
    (lambda n: next(e for e in range(64) if n % 3 ** (e + 1)), "val"),
])
@pytest.mark.slow
def test_a_function_of_an_arithmetic_function(make: Callable[[int], int], name: str) -> None:
    table = [0] + [make(n) + 1 for n in range(1, 400)]
    formula = values_formula(table)
    assert name in formula
    assert all(evaluate(formula, n=n) == make(n) + 1 for n in range(1, 6000, 5))


@pytest.mark.slow
def test_the_arithmetic_functions_against_counting() -> None:
    for n in range(1, 3000):
        divisors = [d for d in range(1, n + 1) if n % d == 0]
        primes = [d for d in divisors if d > 1 and all(d % q for q in range(2, math.isqrt(d) + 1))]
        assert numdiv(n) == len(divisors) and omega(n) == len(primes)
        assert bigomega(n) == own_factor_count(n)
        assert digitsum(n, 10) == sum(map(int, str(n))) and val(n, 2) == (n & -n).bit_length() - 1
    big = (2**31 - 1) * (2**13 - 1) * 3**5 * 2**11
    assert big < 2**64 and factor(big) == {2: 11, 3: 5, 2**13 - 1: 1, 2**31 - 1: 1}
    assert numdiv(big) == 12 * 6 * 2 * 2 and bigomega((2**61 - 1) * 3) == 2
    with pytest.raises(FormulaError, match="2\\*\\*64"):
        evaluate("numdiv(n)", n=2**64 + 1)
    with pytest.raises(FormulaError, match="bigomega"):
        evaluate("bigomega(n)", n=0)


# ---- P-descriptions ----------------------------------------------------------------------------

@pytest.mark.slow
def test_deleting_divisors_p_iff_odd_or_an_odd_power_of_two() -> None:
    # subtract a divisor d of n with 1 < d < n: P iff n is odd or n = 2^(odd)
    def options(n: int) -> list[int]:
        return [n - d for d in range(2, n) if n % d == 0]
    formula = p_formula(brute(300, options))
    assert "n % 2 == 1" in formula and "ctz(n) % 2 == 1" in formula
    far = brute(5000, options)
    assert all(bool(evaluate(formula, n=n)) == (far[n] == 0) for n in range(5001))


# ---- pairs: nim products -----------------------------------------------------------------------

def coin_product_grid(upto: int, first: Callable[[int], list[list[int]]],
                      second: Callable[[int], list[list[int]]]) -> list[list[int]]:
    """The values of one coin of the product of two coin-turning games (brute force): a move turns
    the coins of ``S × T`` for a move ``S`` of the first game at ``a`` and ``T`` of the second at
    ``b`` (each listing the other coins it turns); the coin's value is the mex of the XORs."""
    g = [[0] * (upto + 1) for _ in range(upto + 1)]
    for a in range(upto + 1):
        for b in range(upto + 1):
            seen = set()
            for s in first(a):
                for t in second(b):
                    cells = [(x, y) for x in [a, *s] for y in [b, *t] if (x, y) != (a, b)]
                    seen.add(reduce(lambda acc, c: acc ^ g[c[0]][c[1]], cells, 0))
            g[a][b] = mex(seen)
    return g


def twins(a: int) -> list[list[int]]:  # turn the coin and one coin to its left: G(a) = a
    return [[x] for x in range(a)]


def ruler(b: int) -> list[list[int]]:  # turn a run of coins ending at b: G(b) = 2^cto(b)
    return [list(range(b - k, b)) for k in range(b + 1)]


@pytest.mark.parametrize(("second", "expected", "far_value"), [
    (twins, "nimmul(a, b)", lambda a, b: nim(a, b)),
    (ruler, "nimmul(a, 1 << cto(b))", lambda a, b: nim(a, ((b + 1) & -(b + 1)))),
])
@pytest.mark.slow
def test_tartan_products_are_found_and_hold_far_beyond(second: Callable[[int], list[list[int]]],
                                                        expected: str,
                                                        far_value: Callable[[int, int], int]) -> None:
    small = coin_product_grid(12, twins, second)
    found = next(p for p in find_pair_patterns(small) if p.describes == "values")
    assert found.formula == expected and found.status == "conjecture"
    far = coin_product_grid(24, twins, second)
    assert all(evaluate(expected, a=a, b=b) == far[a][b] for a in range(25) for b in range(25))
    assert evaluate(expected, a=10**6, b=12345) == far_value(10**6, 12345)


def nim(a: int, b: int) -> int:
    """The nim product by its definition on small numbers, recursively through the Fermat
    2-powers (independent of the library's tables)."""
    if a < 2 or b < 2:
        return a * b
    half = 1
    while 1 << (2 * half) <= max(a, b):
        half *= 2
    a1, a0, b1, b0 = a >> half, a & ((1 << half) - 1), b >> half, b & ((1 << half) - 1)
    c, d, e = nim(a0, b0), nim(a1, b1), nim(a0 ^ a1, b0 ^ b1)
    return ((e ^ c) << half) ^ c ^ nim(d, 1 << (half - 1))


def test_nim_products_by_the_mex_definition() -> None:
    g = [[0] * 20 for _ in range(20)]
    for a in range(20):
        for b in range(20):
            g[a][b] = mex({g[x][b] ^ g[a][y] ^ g[x][y] for x in range(a) for y in range(b)})
    assert all(evaluate("nimmul(a, b)", a=a, b=b) == g[a][b] == nim(a, b)
               for a in range(20) for b in range(20))


@pytest.mark.slow
def test_powers_of_two_of_a_sum() -> None:
    # a coin at (a, b) turns itself and any set of coins nearer the corner (a' + b' < a + b)
    grid = [[1 << (a + b) for b in range(10)] for a in range(10)]
    formula = find_pair_patterns(grid)[0].formula
    assert formula is not None

    def spanned(values: list[int]) -> set[int]:
        reach = {0}
        for v in values:
            reach |= {r ^ v for r in reach}
        return reach
    far = {}
    for s in range(16):
        lower = [far[t] for t in range(s)]
        far[s] = mex(spanned(lower))
    assert all(evaluate(formula, a=a, b=s - a) == far[s] for s in range(16) for a in range(s + 1))
    # the same game with coins from (1, 1): G(a, b) = 2^(a + b - 2), found on the domain
    from grundy.define.domain import domain_pair_patterns

    cells: list[list[int | None]] = [[None if min(a, b) < 1 else 1 << (a + b - 2) for b in range(10)]
                                     for a in range(10)]
    shifted = domain_pair_patterns(cells, (1, 1), find_pair_patterns)[0][0].formula
    assert shifted is not None
    assert all(evaluate(shifted, a=a, b=s - a) == far[s - 2] for s in range(2, 18) for a in range(1, s))


# ---- export of a recursive formula -------------------------------------------------------------

def _recursive_pattern() -> object:
    return next(p for p in find_patterns(brute(300, take_at_most(2))) if p.describes == "values")


@pytest.mark.slow
def test_python_export_of_a_recursion_is_memoised_code_not_a_table() -> None:
    pattern = _recursive_pattern()
    code = export_code(name="take-half", kind="heap", lang="python", pattern=pattern,  # type: ignore[arg-type]
                       table=brute(300, take_at_most(2)))
    assert "_G_MEMO" in code and "TABLE" not in code
    namespace: dict[str, object] = {}
    exec(code, namespace)
    value = namespace["grundy_value"]
    far = brute(2000, take_at_most(2))
    assert [value(n) for n in range(2001)] == far  # type: ignore[operator]
    assert value(10**18 + 1) == evaluate(pattern.formula, n=10**18 + 1)  # type: ignore[attr-defined,operator]


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
@pytest.mark.slow
def test_cpp_export_of_recursion_and_arithmetic(tmp_path: Path) -> None:
    pattern = _recursive_pattern()
    far = brute(1500, take_at_most(2))
    divisor = find_patterns(brute(200, lambda n: [d for d in range(1, n) if n % d == 0]))
    omega_pattern = next(p for p in divisor if p.describes == "values")
    lines = [str(n) for n in range(1501)] + ["1000000000000000001"]
    for pat, expect in ((pattern, [*far, evaluate(pattern.formula, n=10**18 + 1)]),  # type: ignore[attr-defined]
                        (omega_pattern, [own_factor_count(n) if n else 0 for n in range(1501)]
                         + [bigomega(10**18 + 1)])):
        code = export_code(name="g", kind="heap", lang="cpp", pattern=pat, table=[0], main=True)  # type: ignore[arg-type]
        src = tmp_path / "g.cpp"
        src.write_text(code)
        exe = tmp_path / "g"
        build = subprocess.run(["g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-o", str(exe), str(src)],
                               capture_output=True, text=True, timeout=300)
        assert build.returncode == 0 and build.stderr == "", build.stderr[:2000]
        run = subprocess.run([str(exe)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                             timeout=60)
        got = [int(line.split()[0]) for line in run.stdout.splitlines()]
        assert got == expect


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_cpp_export_of_nim_products_and_digit_sums(tmp_path: Path) -> None:
    import random

    from grundy.patterns.record import Pattern

    rng = random.Random(26)
    pairs = [(rng.randrange(1 << rng.randrange(1, 64)), rng.randrange(1 << rng.randrange(1, 64)))
             for _ in range(300)]
    for formula in ("nimmul(a, 1 << cto(b))", "nimmul(a, b) ^ digitsum(a, 7) + val(b + 1, 3)"):
        pattern = Pattern("values", f"G(a, b) = {formula}", formula, "conjecture", 12)
        code = export_code(name="g", kind="pair", lang="cpp", pattern=pattern, table=[[0]], main=True)
        src, exe = tmp_path / "p.cpp", tmp_path / "p"
        src.write_text(code)
        build = subprocess.run(["g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-o", str(exe), str(src)],
                               capture_output=True, text=True, timeout=300)
        assert build.returncode == 0 and build.stderr == "", build.stderr[:2000]
        shown = [(a, b) for a, b in pairs if b < 1 << 62]
        run = subprocess.run([str(exe)], input="".join(f"{a} {b}\n" for a, b in shown),
                             capture_output=True, text=True, timeout=60)
        got = [int(line.split()[0]) for line in run.stdout.splitlines()]
        want = [evaluate(formula, a=a, b=b) for a, b in shown]
        assert got == want
        if formula.startswith("nimmul(a, 1"):
            assert want == [nim(a, (b + 1) & -(b + 1)) for a, b in shown]


def test_sizes_count_the_new_nodes() -> None:
    assert size("n // 2 if n % 2 == 0 else G(n // 2)") == 13
    assert size("nimmul(a, b)") == 3 and size("digitsum(n, 3)") == 3
