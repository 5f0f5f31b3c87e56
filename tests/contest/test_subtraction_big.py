"""Codeforces 1194D "1-2-K Game": subtraction games whose set has a huge member.

CF 1194D: ``T <= 100`` lines ``n k`` (``0 <= n <= 10**9``, ``3 <= k <= 10**9``); a move takes 1, 2
or ``k`` chips (not more than there are), who cannot move loses; print Alice (first) or Bob.

The user's route: the family ``subtraction(S)``, each judge line rewritten as ``3 1 2 k n`` (the set
``{1, 2, k}`` first: ``--params each``; ``--input single``: ``T``, then ``T`` cases), through
``grundy export 'subtraction(S)' --main --input single`` (Python; C++ where g++ is present) and
``grundy solve 'subtraction(S)' --input single -``. The period of ``{1, 2, k}`` is proved at run
time on runs of values (:mod:`grundy.tables.subtraction_runs`), without a table of ``k`` values.
The answers are checked against a brute force written here (plain recursion and mex over the rules)
at small sizes, and at the judge's full size against the editorial's rule (period 3 when ``k % 3``,
else ``k + 1``), itself checked against the brute force here.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

from tests.contest.test_takeaway_problems import grundy_cli, run_python
from tests.helpers import compile_cpp_together

ROUTE = ("subtraction(S)", "--input", "single", "--params", "each")


@cache
def brute(n: int, k: int) -> int:
    """G(n) of the 1-2-K game by plain recursion and mex."""
    seen = {brute(n - t, k) for t in (1, 2, k) if t <= n}
    v = 0
    while v in seen:
        v += 1
    return v


def editorial(n: int, k: int) -> str:
    """The known rule (a test oracle only): Bob wins iff the period's residue is a P-position."""
    if k % 3:
        return "Bob" if n % 3 == 0 else "Alice"
    r = n % (k + 1)
    return "Bob" if r % 3 == 0 and r != k else "Alice"


def judge_input(cases: list[tuple[int, int]]) -> str:
    """The user's rewrite of the judge's lines ``n k``: ``T``, then ``3 1 2 k n`` per case."""
    return f"{len(cases)}\n" + "".join(f"3 1 2 {k} {n}\n" for n, k in cases)


def words(lines: list[str]) -> list[str]:
    """Alice / Bob from the program's ``VALUE OUTCOME`` lines (an error line fails)."""
    assert all(not line.startswith("error") and line.split()[-1] in "NP" for line in lines), lines
    return ["Alice" if line.split()[-1] == "N" else "Bob" for line in lines]


def small_cases() -> list[tuple[int, int]]:
    return [(n, k) for k in range(3, 16) for n in range(0, 40)]


def full_cases() -> list[tuple[int, int]]:
    rng = random.Random(1194)
    cases = [(10**9, 10**9), (10**9, 999_999_999), (999_999_999, 999_999_999), (0, 3), (10**9, 3)]
    while len(cases) < 100:
        k = rng.randint(3, 10**9) // 3 * 3 if rng.random() < 0.5 else rng.randint(3, 10**9)
        n = rng.choice((rng.randint(0, 10**9), k, k - 1, k + 1, 2 * k + 1))
        cases.append((min(n, 10**9), max(k, 3)))
    return cases


def test_the_editorial_rule_agrees_with_the_brute_force() -> None:
    for n, k in small_cases():
        assert editorial(n, k) == ("Alice" if brute(n, k) else "Bob"), (n, k)


@pytest.fixture(scope="module")
def python_program() -> str:
    return grundy_cli("export", ROUTE[0], "--main", "--lang", "python", *ROUTE[1:])


def test_python_program_small_against_the_brute_force(python_program: str) -> None:
    cases = small_cases()
    assert words(run_python(python_program, judge_input(cases))) == [
        "Alice" if brute(n, k) else "Bob" for n, k in cases]


def test_python_program_full_size(python_program: str) -> None:
    cases = full_cases()
    assert words(run_python(python_program, judge_input(cases))) == [editorial(n, k) for n, k in cases]


def test_grundy_solve_reads_the_same_input() -> None:
    cases = full_cases()[:30] + small_cases()[::7]
    lines = grundy_cli("solve", *ROUTE, "-", stdin=judge_input(cases)).split("\n")[:-1]
    assert words(lines) == [editorial(n, k) for n, k in cases]


def test_huge_members_and_heaps_values(python_program: str) -> None:
    """Members and heaps up to 10**18: the program's values against the rule."""
    rng = random.Random(18)
    cases = [(rng.randint(0, 10**18), rng.randint(3, 10**18)) for _ in range(40)]
    cases += [(10**18, 10**18 - 1), (2 * 10**17 + 1, 10**17 - 1)]
    lines = run_python(python_program, judge_input(cases))
    for (n, k), line in zip(cases, lines, strict=True):
        r = n % (k + 1) if k % 3 == 0 else n
        assert int(line.split()[0]) == (3 if k % 3 == 0 and r == k else r % 3), (n, k, line)


@pytest.fixture(scope="module")
def cpp_program(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    if shutil.which("g++") is None:
        return None
    source = grundy_cli("export", ROUTE[0], "--main", "--lang", "cpp", *ROUTE[1:])
    return compile_cpp_together([source], tmp_path_factory.mktemp("cpp"), "-O2")


def test_cpp_program_small_against_the_brute_force(cpp_program: Path | None) -> None:
    if cpp_program is None:
        pytest.skip("g++ is not installed")
    cases = small_cases()
    done = subprocess.run([str(cpp_program), "0"], input=judge_input(cases), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert words(done.stdout.split("\n")[:-1]) == ["Alice" if brute(n, k) else "Bob" for n, k in cases]


def other_sets() -> tuple[str, list[int]]:
    """Lines ``|S| s1 .. sk n`` (``--input lines``): sets with members beyond the transducer's 4096
    (up to 2·10^18) whose runs prove the period within 300,000 steps, their values from the Python
    engine, itself checked against the mex table in tests/tables/test_subtraction_runs.py; a few
    against the mex table here."""
    from grundy.tables.subtraction_runs import RunsOutOfSteps, RunSteps, runs_period

    rng = random.Random(20)
    lines, expected = [], []
    kept = 0
    for i in range(40):
        s = {rng.randint(1, 7) for _ in range(rng.randint(0, 3))}
        if i < 10:
            s |= {rng.randint(4097, 20_000) for _ in range(rng.randint(1, 2))}
        else:  # (two large members far apart need a chunk per smaller one: beyond the budget)
            big = rng.randint(4097, 10**rng.randint(5, 18))
            s |= {big, rng.randint(big, 2 * big)} if rng.random() < 0.3 else {big}
        key = tuple(sorted(s))
        steps = RunSteps(10**7)
        try:
            found = runs_period(key, steps)
        except RunsOutOfSteps:
            continue
        if steps.spent > 300_000:  # (the programs' budget is for all the inputs together)
            continue
        kept += 1
        for n in [rng.randint(0, 4 * max(key)) for _ in range(3)] + [rng.randint(0, 10**18)]:
            lines.append(f"{len(key)} {' '.join(map(str, key))} {n}")
            expected.append(found.value(n))
    assert kept >= 25
    g = mex_table((3, 5, 4099), 30_000)
    for n in range(0, 30_000, 97):
        lines.append(f"3 3 5 4099 {n}")
        expected.append(g[n])
    return "\n".join(lines) + "\n", expected


def mex_table(s: tuple[int, ...], count: int) -> list[int]:
    g: list[int] = []
    for n in range(count):
        seen = {g[n - x] for x in s if x <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def test_both_programs_on_other_huge_sets(cpp_lines: Path | None) -> None:
    text, expected = other_sets()
    source = grundy_cli("export", "subtraction(S)", "--main", "--lang", "python")
    assert [int(line.split()[0]) for line in run_python(source, text)] == expected
    if cpp_lines is None:
        pytest.skip("g++ is not installed")
    done = subprocess.run([str(cpp_lines), "0"], input=text, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert [int(line.split()[0]) for line in done.stdout.split("\n")[:-1]] == expected


def test_cpp_program_full_size(cpp_program: Path | None) -> None:
    if cpp_program is None:
        pytest.skip("g++ is not installed")
    cases = full_cases()
    done = subprocess.run([str(cpp_program), "0"], input=judge_input(cases), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert words(done.stdout.split("\n")[:-1]) == [editorial(n, k) for n, k in cases]


@pytest.fixture(scope="module")
def cpp_lines(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    if shutil.which("g++") is None:
        return None
    source = grundy_cli("export", "subtraction(S)", "--main", "--lang", "cpp")
    return compile_cpp_together([source], tmp_path_factory.mktemp("cpp"), "-O2")
