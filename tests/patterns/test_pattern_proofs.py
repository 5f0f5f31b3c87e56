"""One notion of "proved" for patterns: a pattern is proved exactly when a theorem implies it.

For catalogue games and octal codes, the tables are recomputed here by plain mex (the octal rules
written out in this file); a formula counts as implied by the proved period when it matches the
values that period gives on a long range and at random huge heaps. Every pattern must then be
labelled proved if and only if it is implied; without a proved period nothing is proved.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from grundy import load_game
from grundy.model.periodic import Periodicity
from grundy.patterns.formulas import evaluate
from grundy.patterns.pairs import find_pair_patterns
from grundy.patterns.proof import eventual_form, implied_by_period
from grundy.patterns.search import find_patterns
from grundy.tables.analysis import analyze
from tests.helpers import heap_table, run

UPTO = 200
STEPS = 2000


def octal_options(code: str) -> Callable[[int], Iterator[tuple[int, ...]]]:
    """The options of a heap under an octal code ``d0.d1d2...``, from the definition."""
    head, _, tail = code.partition(".")
    digits = [int(head or 0), *map(int, tail)]

    def options(n: int) -> Iterator[tuple[int, ...]]:
        for i, d in enumerate(digits):
            r = n - i
            if r < 0:
                break
            if d & 1 and r == 0 and i > 0:
                yield ()
            if d & 2 and r > 0 and i > 0:
                yield (r,)
            if d & 4:
                for a in range(1, r // 2 + 1):
                    yield (a, r - a)
    return options


def takes(allowed: Callable[[int, int], bool]) -> Callable[[int], list[tuple[int]]]:
    return lambda n: [(n - k,) for k in range(1, n + 1) if allowed(n, k)]


GAMES: list[tuple[str, Callable[[int], object]]] = [
    ("nim", takes(lambda n, k: True)),
    ("allbut(1,3,4)", takes(lambda n, k: k not in (1, 3, 4))),
    ("allbut(2)", takes(lambda n, k: k != 2)),
    ("subtraction(1,2)", takes(lambda n, k: k in (1, 2))),
    ("subtraction(8)", takes(lambda n, k: k == 8)),
    ("subtraction(1,3,4)", takes(lambda n, k: k in (1, 3, 4))),
    ("subtraction(2,5,7)", takes(lambda n, k: k in (2, 5, 7))),
    ("subtraction(odd)", takes(lambda n, k: k % 2 == 1)),
    ("bash(3)", takes(lambda n, k: k <= 3)),
    *[(f"octal({code})", octal_options(code)) for code in
      ("0.51", "0.3", "0.31", "0.15", "0.07", "0.2", "0.33", "0.34", "0.12", "0.13", "0.35", "0.57",
       "4.7", "0.26", "0.55", "0.54", "4.3303", "0.52")],
]


def _truth(formula: str, values: list[int], found: Periodicity, boolean: bool) -> bool:
    """Whether the formula equals G (or marks G == 0) on 0..1499 and at 50 random huge heaps,
    with G extended by the proved period (a theorem), evaluated exactly with Python integers."""
    rng = random.Random(formula)
    points = [*range(1500), *(rng.randrange(10**12) for _ in range(50))]
    for n in points:
        g = found.value(values, n)
        try:
            got = evaluate(formula, n=n)
        except ValueError:
            return False
        if (bool(got) != (g == 0)) if boolean else (got != g):
            return False
    return True


@pytest.mark.parametrize(("spec", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_proved_exactly_when_a_proved_period_implies_it(spec: str, options: Callable[[int], object]) -> None:
    analysis = analyze(load_game(spec), UPTO)
    values = heap_table(UPTO, options)
    assert analysis.values.tolist() == values  # the engine's table is the brute force's
    found = analysis.periodicity
    assert found is not None and found.proved, spec  # every game here has a proved period
    patterns = find_patterns(values, periodicity=found, steps=STEPS)
    assert patterns, spec
    for p in patterns:
        if p.formula is None:
            assert p.status == "proved", p
            continue
        implied = _truth(p.formula, values, found, p.describes == "p-positions")
        assert (p.status == "proved") == implied, (spec, p)
        assert ("(proved" in p.text) == implied, (spec, p)


def test_the_examples_of_the_issue_are_proved() -> None:
    for spec, formula in (("octal(0.51)", "min(n, 1)"), ("subtraction(8)", "popcount(n & 8)"),
                          ("nim", "n")):
        a = analyze(load_game(spec), UPTO)
        found = [p for p in find_patterns(a.first(UPTO + 1), periodicity=a.periodicity, steps=STEPS)
                 if p.formula == formula]
        assert found and found[0].status == "proved", (spec, found)
        assert found[0].proof is not None and "which implies the formula" in found[0].proof
        assert "(proved: implied by the proved period" in found[0].text


def test_nothing_is_proved_without_a_theorem() -> None:
    for spec, options in GAMES[::3]:
        values = heap_table(120, options)
        for p in find_patterns(values, steps=STEPS):  # no periodicity given: only observed
            assert p.status == "conjecture" and "proved" not in p.text, (spec, p)
        observed = Periodicity(1, 0, 0, False)
        assert implied_by_period("0", values, observed) is None


def test_the_proof_of_a_formula_is_sound() -> None:
    # agreeing on the checked range is not enough: the formula must repeat like the values do
    one = Periodicity(1, 1, 0, True, "t")
    values = [0] + [1] * 50
    assert implied_by_period("min(n, 1)", values, one) is not None
    assert implied_by_period("min(n, 1) - (n == 1000)", values, one) is None
    assert implied_by_period("(n > 0) * (1 + (n > 60))", values, one) is None
    assert implied_by_period("n * n % 2 + (n % 2 == 0) * (n > 0)", values, one) is not None
    assert implied_by_period("popcount(n) > 0", values, one) is None  # not shown to repeat
    assert eventual_form("isqrt(n)") is None and eventual_form("n * n") is None
    assert eventual_form("n >> -1") is None and eventual_form("n << 100") is None
    ctz_table = [0] + [1 + (n % 2 == 0) for n in range(1, 40)]  # 0 1 2 1 2 1 2 ...
    two = Periodicity(2, 1, 0, True, "t")
    assert implied_by_period("min(ctz(n), 1) + 1", ctz_table, two) is not None
    assert implied_by_period("n % 2 <= ctz(n)", ctz_table, two, boolean=True) is None  # G(0) = 0 only
    assert implied_by_period("(n % 2 == 0) * (n > 0) + (n > 0) - (ctz(n) > 6)", ctz_table, two) is None
    assert implied_by_period("min(ctz(n), 2) + 1", ctz_table, two) is None
    nim = Periodicity(1, 0, 1, True, "t")
    assert implied_by_period("n ^ 1", list(range(10)), nim) is None
    assert implied_by_period("max(n, 3 - n)", list(range(10)), nim) is None


def test_table_solve_and_export_agree_on_proofs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "nim", "--upto", "30")
    assert code == 0 and "not proved" not in out
    assert "G(n) = n (proved: implied by the proved period 1 from heap 0, saltus 1)" in out
    code, out, _ = run(capsys, "table", "allbut(1,3,4)", "--upto", "60")
    assert code == 0 and "proved: a repeated state of the window recurrence" in out
    assert "observed" not in out and "conjecture" not in out
    code, out, _ = run(capsys, "table", "wythoff", "--upto", "30")
    assert code == 0 and "proved: Wythoff's theorem" in out


def test_pair_patterns_are_proved_only_as_declared_theorems() -> None:
    wythoff = load_game("wythoff")
    grid = wythoff.table_2d(30)
    declared = [p for p in find_pair_patterns(grid, steps=STEPS, theorems=wythoff.laws.theorems)
                if p.status == "proved"]
    assert len(declared) == 1 and declared[0].describes == "p-positions"
    assert all(p.status == "conjecture" for p in find_pair_patterns(grid, steps=STEPS))
    xor = [[a ^ b for b in range(12)] for a in range(12)]
    assert all(p.status == "conjecture" for p in find_pair_patterns(xor, steps=STEPS,
                                                                    theorems=wythoff.laws.theorems))
