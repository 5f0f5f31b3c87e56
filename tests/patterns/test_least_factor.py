"""Values by the least prime factor: the primitives ``lpf`` and ``primepi`` (exact, vectorised,
and in the exported Python and C++ code), and the family ``G(n) = G(lpf(n))`` on the composite
heaps with a formula in ``primepi(n)`` on the primes (Codeforces 2004E's take-a-coprime-number).

Every check compares with a brute force written here: trial division, a count of primes, and the
plain mex over the moves of the game.
"""

from __future__ import annotations

import shutil
import subprocess
from math import gcd
from pathlib import Path

import numpy as np
import pytest

from grundy.errors import InvalidInputError
from grundy.export.code import export_code
from grundy.model.laws import Status
from grundy.patterns.arith import lpf, primepi, vec_arith
from grundy.patterns.families import least_factor_values
from grundy.patterns.formulas import agrees, evaluate, parse, vec_eval
from grundy.patterns.record import Pattern
from grundy.patterns.search import find_patterns


def own_lpf(x: int) -> int:
    """Trial division (0 and 1: themselves)."""
    return next((d for d in range(2, int(x ** 0.5) + 1) if x % d == 0), x) if x > 1 else x


def own_pi(upto: int) -> list[int]:
    """π(0..upto) by counting the numbers with no divisor below them."""
    out, count = [], 0
    for x in range(upto + 1):
        count += x > 1 and own_lpf(x) == x
        out.append(count)
    return out


def coprime_brute(upto: int) -> list[int]:
    """CF 2004E from its statement: take y from x with gcd(x, y) = 1; plain mex."""
    g: list[int] = []
    for x in range(upto + 1):
        seen = {g[x - y] for y in range(1, x + 1) if gcd(x, y) == 1}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def test_the_primitives_against_trial_division() -> None:
    pi = own_pi(3000)
    assert [lpf(x) for x in range(3001)] == [own_lpf(x) for x in range(3001)]
    assert [primepi(x) for x in range(3001)] == pi
    x = np.arange(3001, dtype=np.int64)
    assert vec_arith("lpf", x).tolist() == [own_lpf(v) for v in range(3001)]
    assert vec_arith("primepi", x).tolist() == pi
    assert lpf(2**61 - 1) == 2**61 - 1 and lpf(1_000_003 * 999_983) == 999_983
    assert primepi(10**7) == 664_579  # (the known count)
    for bad in ("lpf(-1)", "primepi(-3)", f"primepi({1 << 40})"):
        with pytest.raises(InvalidInputError):
            evaluate(bad)


def test_a_branch_is_evaluated_only_where_it_answers() -> None:
    """``A if C else B`` in int64: each branch on its own points (``G(lpf(n))`` only at the
    composite ``n``; ``10 // n`` not at 0), the same values as the exact evaluation."""
    n = np.arange(200, dtype=np.int64)
    table = np.array([own_lpf(v) % 7 for v in range(200)], dtype=np.int64)
    for formula in ("n % 7 if lpf(n) == n else G(lpf(n))", "0 if n == 0 else 10 // n"):
        got = vec_eval(parse(formula), {"n": n, "G": table}, 200).tolist()
        assert got == [evaluate(formula, n=v) if "G" not in formula else table[v] for v in range(200)]


def test_cf2004e_is_found_and_holds_far_beyond_its_table() -> None:
    """The pattern found in G(0..400) is the conjecture of the least prime factor, checked to 400,
    and right up to 2,500 (plain mex) and at the composite heaps reaching those primes."""
    far = coprime_brute(2500)
    found = find_patterns(far[:401])
    values = [p for p in found if p.describes == "values"]
    assert values and "G(lpf(n))" in (values[0].formula or "") and "primepi(n)" in (values[0].formula or "")
    assert values[0].status == Status.CONJECTURE and values[0].checked_upto == 400
    assert values[0].text.endswith("(conjecture, checked for n <= 400)")
    formula = values[0].formula
    assert formula is not None
    assert [evaluate(formula, n=x) for x in range(2501)] == far
    assert evaluate(formula, n=10**7) == 0 and evaluate(formula, n=9_999_991) == 664_579
    assert evaluate(formula, n=3 * 9_999_991) == 2  # (its least prime factor is 3)


def test_other_values_on_the_primes_and_what_refuses_the_family() -> None:
    """A table of this shape with another rule on the primes (p mod 4 and the prime's index); one
    composite heap changed far past the head, or a table of Ω(n), is not of the family."""
    pi = own_pi(1500)
    table = [0, 3] + [0] * 1499
    for x in range(2, 1501):
        p = own_lpf(x)
        table[x] = p % 4 + pi[p] if x == p else table[p]
    formula = least_factor_values(table, steps=8000)
    assert formula is not None
    assert agrees(formula, lambda i, v: v == table[i], {"n": np.arange(1501, dtype=np.int64)}, 1501)
    broken = list(table)
    broken[1491] += 1  # (1491 = 3 * 7 * 71)
    assert least_factor_values(broken, steps=8000) is None
    omega = [0] + [sum(1 for d in range(2, x + 1) if x % d == 0 and own_lpf(d) == d) for x in range(1, 400)]
    assert least_factor_values(omega, steps=8000) is None
    assert find_patterns([n % 3 for n in range(200)])[0].formula == "n % 3"  # (ordinary patterns as before)


def _program_values(code: str, lang: str, heaps: list[int], tmp_path: Path) -> list[int]:
    text = "".join(f"{h}\n" for h in heaps)
    if lang == "python":
        import sys

        done = subprocess.run([sys.executable, "-S", "-c", code], input=text, capture_output=True,
                              text=True, timeout=300)
    else:
        (tmp_path / "p.cpp").write_text(code)
        build = subprocess.run(["g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-o", str(tmp_path / "p"),
                                str(tmp_path / "p.cpp")], capture_output=True, text=True, timeout=300)
        assert build.returncode == 0 and build.stderr == "", build.stderr[:2000]
        done = subprocess.run([str(tmp_path / "p")], input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return [int(line.split()[0]) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_the_exported_helpers(lang: str, tmp_path: Path) -> None:
    """``lpf`` and ``primepi`` written out by the export (its sieve grown as heaps come, in an
    order that makes it grow several times), against trial division and the count of primes."""
    if lang == "cpp" and shutil.which("g++") is None:
        pytest.skip("g++ is not installed")
    pi = own_pi(20000)
    heaps = [5, 20000, 3, 7919, 4096, 12345, 1, 0, 19997, *range(0, 20000, 37)]
    for formula, want in (("lpf(n)", own_lpf), ("primepi(n)", pi.__getitem__)):
        pattern = Pattern("values", f"G(n) = {formula}", formula, "conjecture", 0)
        code = export_code(name="g", kind="heap", lang=lang, pattern=pattern, table=[0], main=True)
        assert _program_values(code, lang, heaps, tmp_path) == [want(h) for h in heaps]
    big = [2**61 - 1, 1_000_003 * 999_983, 10**18]
    pattern = Pattern("values", "G(n) = lpf(n)", "lpf(n)", "conjecture", 0)
    code = export_code(name="g", kind="heap", lang=lang, pattern=pattern, table=[0], main=True)
    assert _program_values(code, lang, big, tmp_path) == [2**61 - 1, 999_983, 2]
