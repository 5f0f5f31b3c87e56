"""A claim of one's own (``G(n) = FORMULA``, ``P iff CONDITION``) checked against the engine's
table and exported honestly: "your claim, checked for n <= N", never proved unless a proved
period implies it; refused with its first counterexample; beyond the heaps checked, answered only
with ``conjecture`` after the local mex check (Python), an error line otherwise (and in C++).

``claim-bits`` is a heap game built so that ``G(n) = popcount(n) % 3 ^ (n >> 5 & 1) * 2`` (for
each smaller value ``v`` of that formula, a move to the nearest heap below within 128 that has
it): grundy's own pattern search finds no formula for it; the tests compare every program with a
brute force of their own (a mex loop over the move function, no grundy code).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy.errors import InvalidInputError
from grundy.reports.claims import CLAIM_STEPS, ClaimError, check_claim
from grundy.reports.export_policy import RECHECK_STEPS, export_game
from tests.export.test_export_checked import compile_and_run
from tests.helpers import cli_output, python_lines, registered_rules, run

GXX = shutil.which("g++")

RULES = '''
import grundy


@grundy.heap_game("claim-bits")
def bits(n):
    """for each smaller value v of f(n), the nearest heap below (within 128) whose f is v"""
    def f(m):
        return bin(m).count("1") % 3 ^ (m >> 5 & 1) * 2
    options = []
    for v in range(f(n)):
        m = next((m for m in range(n - 1, max(-1, n - 129), -1) if f(m) == v), None)
        if m is not None:
            options.append(m)
    return options
'''
CLAIM = "G(n) = popcount(n) % 3 ^ (n >> 5 & 1) * 2"
FALSE_LATE = "G(n) = (popcount(n) % 3 ^ (n >> 5 & 1) * 2) + (n > 3000)"
P_CLAIM = "P iff popcount(n) % 3 == 2 * (n >> 5 & 1)"
LIMIT = 100_000  # (checks claim-bits on heaps 0..64,000: heap 256,000 would cost 256,000)
FAR = 70_000


def f(m: int) -> int:
    return bin(m).count("1") % 3 ^ (m >> 5 & 1) * 2


def bits_moves(n: int) -> list[int]:
    options = []
    for v in range(f(n)):
        m = next((m for m in range(n - 1, max(-1, n - 129), -1) if f(m) == v), None)
        if m is not None:
            options.append(m)
    return options


def brute(moves: object, upto: int) -> list[int]:
    """G(0..upto) by a plain mex loop (no grundy code)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[m] for m in moves(n)}  # type: ignore[operator]
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from registered_rules(tmp_path_factory, "claims", RULES, ("claim-bits",))


@pytest.fixture(scope="module")
def values() -> list[int]:
    return brute(bits_moves, FAR)


def xor(values: list[int], heaps: list[int]) -> int:
    total = 0
    for h in heaps:
        total ^= values[h]
    return total


def line(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


def test_the_game_is_what_the_claim_says_and_grundy_finds_no_formula(rules: Path, values: list[int]) -> None:
    assert values == [f(n) for n in range(FAR + 1)]
    table = grundy.heap_table(grundy.load_game("claim-bits"), 3000)
    assert not [p for p in table.patterns if p.formula is not None], table.patterns


def test_a_true_claim_is_checked_to_n_not_proved(rules: Path) -> None:
    check = check_claim(grundy.load_game("claim-bits"), CLAIM, limit=LIMIT)
    assert check.holds and check.counterexample is None and check.proof is None
    assert check.checked == 64_000
    assert check.pattern.text == f"{CLAIM} (your claim, checked for n <= 64000)"
    assert str(check.pattern.status) == "conjecture"
    assert check.lines()[1].startswith("your claim, checked for n <= 64,000")
    assert CLAIM_STEPS == RECHECK_STEPS  # (the same default budget as the export's re-check)


def test_a_claim_implied_by_a_proved_period_is_proved() -> None:
    game = grundy.load_game("subtraction(1,3,4)")
    check = check_claim(game, "P iff n % 7 in {0, 2}", upto=100, limit=1000)
    assert check.holds and check.proof is not None and "proved period 7" in check.proof
    late = check_claim(game, "P iff n % 7 in {0, 2} and n < 1000000000", upto=100, limit=1000)
    assert late.holds and late.proof is None  # (n is read outside n % m: not implied)


def test_a_false_claim_is_refused_with_its_first_counterexample(rules: Path) -> None:
    game = grundy.load_game("claim-bits")
    check = check_claim(game, FALSE_LATE, limit=LIMIT)
    assert not check.holds and check.counterexample == (3001, f(3001) + 1, f(3001))
    assert check.refusal() == (f"false at heap 3001: the claim gives {f(3001) + 1}, grundy computes "
                               f"G(3001) = {f(3001)}")
    with pytest.raises(ClaimError, match=r"your claim .* is false at heap 3001"):
        export_game(game, lang="python", claim=FALSE_LATE, limit=LIMIT)
    p_check = check_claim(grundy.load_game("subtraction(1,2,3)"), "P iff n % 4 == 0 or n == 9")
    assert p_check.counterexample == (9, 1, 1)
    assert "the claim says P, grundy computes G(9) = 1" in p_check.refusal()
    undefined = check_claim(grundy.load_game("nim"), "G(n) = n + 0 // (n - 50)", upto=60)
    assert undefined.counterexample == (50, None, 50)
    assert undefined.refusal() == ("false at heap 50: the claim's formula is undefined there, grundy "
                                   "computes G(50) = 50")


def test_the_command_line(rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli_output("table", "claim-bits", "--claim", CLAIM,
                                "--limit", str(LIMIT))
    assert code == 0 and "your claim, checked for n <= 64,000" in out, (out, err)
    code, out, _ = run(capsys, "table", "claim-bits", "--claim", FALSE_LATE, "--limit", str(LIMIT),
                       "--json")  # (validated against the table schema)
    data = json.loads(out)
    assert code == 1 and data["holds"] is False and data["counterexample"]["position"] == 3001
    code, out, err = cli_output("export", "claim-bits", "--claim", FALSE_LATE,
                                "--limit", str(LIMIT))
    assert code == 2 and out == "" and "false at heap 3001" in err and len(err.splitlines()) == 1
    for bad in ("G(n) = n ** 2", "n % 3", "G(n) = __import__('os')", "P iff"):
        for command in ("table", "export"):
            code, out, err = cli_output(command, "nim", "--claim", bad)
            assert code == 2 and out == "" and len(err.splitlines()) == 1, (bad, err)
            assert f"claim {bad!r}" in err, err
    with pytest.raises(InvalidInputError, match="claim 'G\\(n\\) = n \\*\\* 2'"):
        check_claim(grundy.load_game("nim"), "G(n) = n ** 2")


SUMS = [[5], [1999, 3], [2048], [64_000], [3000, 12], [64_001], [4096, 1, 65_000], [69_999, 2]]


def judge_inputs(sums: list[list[int]]) -> tuple[str, str]:
    """The same positions as judge inputs: 'cases' (T, then each case n and its n heaps) and
    'single' (T, then one heap a line: the single heaps among them)."""
    cases = f"{len(sums)}\n" + "".join(f"{len(s)}\n{' '.join(map(str, s))}\n" for s in sums)
    singles = [s[0] for s in sums if len(s) == 1]
    return cases, f"{len(singles)}\n" + "".join(f"{h}\n" for h in singles)


@pytest.mark.parametrize("conjecture", [False, True])
def test_a_true_claim_is_exported_and_answers_as_the_brute_force(rules: Path, values: list[int],
                                                                 conjecture: bool) -> None:
    """Within the heaps checked (0..64,000) every program answers by the claim, exactly; beyond,
    the Python program answers by the claim only with conjecture, after the local check (right
    here, the claim being true), else by the move function it carries (exact), and the C++
    program never (an error line)."""
    game = grundy.load_game("claim-bits")
    cases, singles = judge_inputs(SUMS)
    ones = [s for s in SUMS if len(s) == 1]
    for layout, stdin, asked in (("cases", cases, SUMS), ("single", singles, ones)):
        result = export_game(game, lang="python", main=True, input_format=layout, claim=CLAIM,
                             limit=LIMIT, conjecture=conjecture)
        status = f"values: {CLAIM}: your claim, checked on all positions up to 64000, not proved"
        assert status in result.header
        assert result.header[2].startswith("beyond heap 64000")
        assert "your claim" in result.header[2]
        assert any(w.startswith(f"your claim {CLAIM} is a conjecture, checked up to heap 64,000")
                   for w in result.warnings), result.warnings
        got = python_lines(result.source, stdin, error_lines=True)
        for heaps, text in zip(asked, got, strict=True):  # (beyond: by the move function, or the claim)
            assert text == line(xor(values, heaps)), (heaps, text)
        if GXX is None:
            continue
        cpp = export_game(game, lang="cpp", main=True, input_format=layout, claim=CLAIM, limit=LIMIT,
                          conjecture=conjecture).source
        assert f"// values: {CLAIM}: your claim, checked on all positions up to 64000, not proved" in cpp
        for heaps, text in zip(asked, compile_and_run(cpp, stdin), strict=True):
            if max(heaps) > 64_000:
                assert text.startswith("error:") and "beyond heap 64000" in text, (heaps, text)
            else:
                assert text == line(xor(values, heaps)), (heaps, text)


def test_the_local_check_catches_a_claim_false_beyond_the_heaps_checked(rules: Path,
                                                                        values: list[int]) -> None:
    """Checked on heaps 0..200 only (a budget too small to extend), the claim false from heap
    3,001 is exported; with conjecture, the Python program answers beyond 200 after the local
    check, right where the claim is, and an error line where it is false: never a wrong answer."""
    game = grundy.load_game("claim-bits")
    result = export_game(game, lang="python", main=True, claim=FALSE_LATE, upto=200, limit=10,
                         conjecture=True)
    assert "your claim, checked on all positions up to 200, not proved" in result.status
    asked = [[7], [150, 3], [2999], [3000, 5], [3001], [5000], [40_000, 1], [65_000]]
    got = python_lines(result.source, "".join(" ".join(map(str, s)) + "\n" for s in asked),
                       error_lines=True)
    for heaps, text in zip(asked, got, strict=True):
        if max(heaps) > 3000:
            assert text.startswith("error:") and "mex" in text, (heaps, text)
        else:
            assert text == line(xor(values, heaps)), (heaps, text)


def test_a_claim_of_the_p_positions(rules: Path, values: list[int]) -> None:
    """P iff ...: the program holds the table of heaps 0..upto; beyond it, who wins from one heap
    by the claim, with conjecture after the local check (Python), else an error line."""
    game = grundy.load_game("claim-bits")
    check = check_claim(game, P_CLAIM, limit=LIMIT)
    assert check.holds and check.checked == 64_000
    result = export_game(game, lang="python", main=True, claim=P_CLAIM, limit=LIMIT, conjecture=True)
    assert any(f"{P_CLAIM}: your claim, checked for n <= 64000" in h for h in result.header)
    asked = [[5], [100, 200], [999], [33], [50_000], [60_000], [2 ** 40 + 3]]
    got = python_lines(result.source, "".join(" ".join(map(str, s)) + "\n" for s in asked),
                       error_lines=True)
    for heaps, text in zip(asked, got, strict=True):
        if max(heaps) <= 1000 or len(heaps) > 1:
            assert text == line(xor(values, heaps)), (heaps, text)
        else:
            value = f(heaps[0])  # (the claim holds there: the local check passes)
            assert text == ("0 P" if value == 0 else "- N"), (heaps, text)


def test_a_proved_claim_of_a_catalogue_game_answers_every_heap() -> None:
    """subtraction(1,3,4): a formula of its values, implied by the proved period 7, answers any
    heap, in Python and C++, against the game's own mex loop."""
    game = grundy.load_game("subtraction(1,3,4)")
    claim = "G(n) = (n % 7 - 2) * (n % 7 in {4, 5}) + (n % 7 in {1, 3}) + 2 * (n % 7 == 6)"
    table = brute(lambda n: [n - s for s in (1, 3, 4) if n >= s], 700)
    sums = [[0], [6], [699, 1], [10 ** 18 + 5], [10 ** 12, 3, 4]]
    result = export_game(game, lang="python", main=True, input_format="cases", claim=claim)
    assert result.status.startswith(f"{claim}: proved (implied by the proved period 7")
    assert result.warnings == ()
    stdin = judge_inputs(sums)[0]
    want = [line(xor(table, [h % 7 + 693 if h > 700 else h for h in s])) for s in sums]
    assert python_lines(result.source, stdin) == want
    if GXX is not None:
        cpp = export_game(game, lang="cpp", main=True, input_format="cases", claim=claim).source
        assert compile_and_run(cpp, stdin) == want


PAIR_RULES = '''
import grundy


@grundy.game("claim-pairs")
def take_one_or_two(p):
    a, b = p
    return [(a - k, b) for k in (1, 2) if a >= k] + [(a, b - k) for k in (1, 2) if b >= k]
'''


@pytest.fixture(scope="module")
def pair_rules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from registered_rules(tmp_path_factory, "claim_pairs", PAIR_RULES, ("claim-pairs",))


def pair_brute(side: int) -> list[list[int]]:
    """G(a, b) for a, b <= side by a plain mex loop over the moves (no grundy code)."""
    g = [[0] * (side + 1) for _ in range(side + 1)]
    for a in range(side + 1):
        for b in range(side + 1):
            seen = {g[a - k][b] for k in (1, 2) if a >= k} | {g[a][b - k] for k in (1, 2) if b >= k}
            v = 0
            while v in seen:
                v += 1
            g[a][b] = v
    return g


def test_a_claim_about_a_game_on_pairs(pair_rules: Path) -> None:
    """G(a, b) = ...: checked on the grid a, b <= --upto (30 by default), refused with the first
    counterexample, exported under the same policy (Python: beyond the grid after the local check
    with conjecture, else by the move function; C++: an error line), right against a brute force
    of the test's own."""
    game = grundy.load_game("claim-pairs")
    claim = "G(a, b) = (a % 3) ^ (b % 3)"
    check = check_claim(game, claim)
    assert check.holds and check.checked == 30
    assert check.pattern.text.endswith("(your claim, checked for a, b <= 30)")
    wrong = check_claim(game, "G(a, b) = (a % 3) ^ (b % 3) ^ (a == 7 and b == 5)")
    assert wrong.counterexample == ((7, 5), 2, 3)
    assert wrong.refusal() == "false at (7, 5): the claim gives 2, grundy computes G(7, 5) = 3"
    assert check_claim(game, "P iff a % 3 == b % 3", upto=12).holds
    code, _, err = cli_output("table", "nim", "--claim", claim)
    assert code == 2 and "is checked on a game on pairs" in err
    g = pair_brute(210)
    asked = [(3, 5), (30, 29), (31, 0), (100, 200), (210, 7), (4, 4)]
    stdin = "".join(f"{a} {b}\n" for a, b in asked)
    for conjecture in (False, True):
        result = export_game(game, lang="python", main=True, claim=claim, conjecture=conjecture)
        status = "values: G(a, b) = a % 3 ^ b % 3: your claim, checked on all positions up to 30, not proved"
        assert status in result.header
        for (a, b), text in zip(asked, python_lines(result.source, stdin, error_lines=True), strict=True):
            assert text == line(g[a][b]), ((a, b), text)  # (beyond the grid: the moves, or the claim)
        if GXX is None:
            continue
        cpp = export_game(game, lang="cpp", main=True, claim=claim, conjecture=conjecture).source
        for (a, b), text in zip(asked, compile_and_run(cpp, stdin), strict=True):
            if max(a, b) > 30:
                assert text.startswith("error:"), text
            else:
                assert text == line(g[a][b]), ((a, b), text)
    with pytest.raises(ClaimError, match=r"false at \(7, 5\)"):
        export_game(game, lang="python", claim="G(a, b) = (a % 3) ^ (b % 3) ^ (a == 7 and b == 5)")


def test_a_recursive_claim() -> None:
    """A claim that reads its own value at a smaller heap (``G(n // 2)``): take at least one
    counter and at most half the heap, ``G(2k) = k``, ``G(2k + 1) = G(k)``."""
    from grundy import catalog

    grundy.heap_game("claim-half")(lambda n: [n - k for k in range(1, n // 2 + 1)])
    try:
        game = grundy.load_game("claim-half")
        check = check_claim(game, "G(n) = n // 2 if n % 2 == 0 else G(n // 2)", upto=300, limit=100_000)
        assert check.holds and check.checked == 300  # (heap 1,200 would cost 1,200 × 601 steps)
        wrong = check_claim(game, "G(n) = n // 2 if n % 2 == 0 or n > 200 else G(n // 2)", upto=300,
                            limit=100_000)
        assert wrong.counterexample == (201, 100, 50)  # (G(201) = G(100) = 50)
    finally:
        catalog.unregister("claim-half")
