"""Exported solutions: C++ (g++ -Wall, no warnings) and plain Python, checked against brute force."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from grundy.errors import InvalidInputError
from grundy.export.code import export_code
from grundy.patterns.formulas import evaluate
from grundy.patterns.search import Pattern
from tests.helpers import compile_cpp_together, heap_table

GXX = shutil.which("g++")


# ---- an independent brute force ---------------------------------------------------------------

def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m




def pair_table(upto: int, options) -> list[list[int]]:
    g = [[0] * (upto + 1) for _ in range(upto + 1)]
    for a in range(upto + 1):
        for b in range(upto + 1):
            g[a][b] = mex({g[x][y] for x, y in options(a, b)})
    return g


SUB12 = heap_table(60, lambda n: [(n - k,) for k in (1, 2) if k <= n])
EVEN = heap_table(60, lambda n: [(n - k,) for k in range(2, n + 1, 2)])
BITS = heap_table(63, lambda n: [(n - (1 << k),) for k in range(6) if n >> k & 1])
NIM2 = pair_table(12, lambda a, b: [(x, b) for x in range(a)] + [(a, y) for y in range(b)])
SUB12_PAIR = pair_table(12, lambda a, b: [(a - k, b) for k in (1, 2) if k <= a]
                        + [(a, b - k) for k in (1, 2) if k <= b])
LASKER = heap_table(40, lambda n: [(n - k,) for k in range(1, n + 1)]
                    + [(i, n - i) for i in range(1, n // 2 + 1)])


def pattern(formula: str, status: str = "conjecture", upto: int = 60) -> Pattern:
    return Pattern("values", f"G = {formula}", formula, status, upto,
                   "a test theorem" if status == "proved" else None)


HEAP_CASES = [("n % 3", SUB12), ("n // 2", EVEN), ("popcount(n) % 2", BITS)]
PAIR_CASES = [("a ^ b", NIM2), ("(a % 3) ^ (b % 3)", SUB12_PAIR)]


def heap_lines(table: list[int]) -> tuple[str, list[str]]:
    lines, want = [], []
    top = len(table) - 1
    for n in range(len(table)):
        lines.append(str(n))
        want.append(f"{table[n]} {'N' if table[n] else 'P'}")
    for i in range(0, top - 2, 5):  # sums of heaps: the XOR of their values
        heaps = [i, (3 * i + 1) % (top + 1), top - i]
        lines.append(" ".join(map(str, heaps)))
        v = table[heaps[0]] ^ table[heaps[1]] ^ table[heaps[2]]
        want.append(f"{v} {'N' if v else 'P'}")
    return "\n".join(lines) + "\n\n", want


def pair_lines(grid: list[list[int]]) -> tuple[str, list[str]]:
    lines, want = [], []
    for a, row in enumerate(grid):
        for b, v in enumerate(row):
            lines.append(f"{a} {b}")
            want.append(f"{v} {'N' if v else 'P'}")
    return "\n".join(lines) + "\n", want


def run(exe: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(exe, input=stdin, capture_output=True, text=True, timeout=60)


# ---- C++ --------------------------------------------------------------------------------------

BIG = [0, 1, 2, 3, 7, 8, 12, 2**31 - 1, 2**32, 2**40 + 3, 10**18, 2**63 - 1, 2**63, 2**64 - 1]
BIT_FORMULA = ("popcount(n) + ctz(n) + cto(n) + bit_length(n) + (n >> 60) + (n % 7 in {0, 2}) + (n and 3)"
               " + min(n, 5) + max(n // 100000000000000000, 1) - abs(-2) + isqrt(n) % 1000 + 10")
SQUARE_FORMULA = "isqrt(5 * n * n) % 1000 + (n + isqrt(5 * n * n)) // 2 % 997"


@functools.cache
def cpp_sources() -> dict[str, str]:
    """Every C++ program of this file (compiled together, once, with -O2 -Wall)."""
    from grundy import load_game
    from grundy.reports.export_policy import export_source

    out = {}
    for formula, table in HEAP_CASES:
        out[f"heap {formula}"] = export_code(name="test", kind="heap", lang="cpp", pattern=pattern(formula),
                                             table=table, main=True)
    for formula, grid in PAIR_CASES:
        out[f"pair {formula}"] = export_code(name="test", kind="pair", lang="cpp",
                                             pattern=pattern(formula, "proved"), table=grid, main=True)
    for formula in (BIT_FORMULA, SQUARE_FORMULA, "n * n * n"):
        out[f"big {formula}"] = export_code(name="big", kind="heap", lang="cpp", pattern=pattern(formula),
                                            table=[], main=True)
    out["lasker"] = export_code(name="lasker", kind="heap", lang="cpp", pattern=None, table=LASKER, main=True)
    out["nim table"] = export_code(name="nim", kind="pair", lang="cpp", pattern=None, table=NIM2, main=True)
    out["library heap"] = export_code(name="x", kind="heap", lang="cpp", pattern=pattern("n % 3"),
                                      table=SUB12)
    out["library pair"] = export_code(name="x", kind="pair", lang="cpp", pattern=None, table=NIM2)
    out["period"] = export_source(load_game("subtraction(1,3,4)"), lang="cpp", upto=100, main=True)
    return out


@pytest.fixture(scope="module")
def cpp(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], list[str]]:
    """The command running one program of :func:`cpp_sources`."""
    if GXX is None:
        pytest.skip("g++ is not installed, so the C++ export cannot be compiled")
    names = list(cpp_sources())
    exe = compile_cpp_together(list(cpp_sources().values()), tmp_path_factory.mktemp("cpp"), "-O2")
    return lambda name: [str(exe), str(names.index(name))]


@pytest.mark.parametrize(("formula", "table"), HEAP_CASES)
def test_cpp_heap_formula(formula: str, table: list[int], cpp: Callable[[str], list[str]]) -> None:
    assert "conjecture, checked on all positions up to 60" in cpp_sources()[f"heap {formula}"]
    stdin, want = heap_lines(table)
    done = run(cpp(f"heap {formula}"), stdin)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:-1] == want


@pytest.mark.parametrize(("formula", "grid"), PAIR_CASES)
def test_cpp_pair_formula(formula: str, grid: list[list[int]], cpp: Callable[[str], list[str]]) -> None:
    assert f"values: G = {formula}: proved (a test theorem)" in cpp_sources()[f"pair {formula}"]
    stdin, want = pair_lines(grid)
    done = run(cpp(f"pair {formula}"), stdin)
    assert done.stdout.split("\n")[:-1] == want


@pytest.mark.parametrize(("formula", "heaps"), [(BIT_FORMULA, BIG), (SQUARE_FORMULA, BIG[:11])])
def test_cpp_is_exact_on_huge_heaps(formula: str, heaps: list[int], cpp: Callable[[str], list[str]]) -> None:
    done = run(cpp(f"big {formula}"), "\n".join(map(str, heaps)) + "\n")
    assert done.returncode == 0, done.stderr
    got = [int(line.split()[0]) for line in done.stdout.splitlines()]
    assert got == [evaluate(formula, n=n) for n in heaps]


def test_cpp_refuses_rather_than_overflow(cpp: Callable[[str], list[str]]) -> None:
    done = run(cpp("big n * n * n"), "10\n18446744073709551615\n2\n")
    assert done.stdout == ("1000 N\nerror: overflow: the formula needs more than 128 bits at this input "
                           "(the Python export has no such limit)\n8 N\n") and done.returncode == 1


def test_cpp_tables(cpp: Callable[[str], list[str]]) -> None:
    stdin, want = heap_lines(LASKER)
    assert run(cpp("lasker"), stdin).stdout.split("\n")[:-1] == want
    beyond = run(cpp("lasker"), "3\n41\n2 41\n")
    assert beyond.returncode == 1
    assert beyond.stdout.split("\n") == [f"{LASKER[3]} N", "error: heap 41 is beyond the table (0..40)",
                                          "error: heap 41 is beyond the table (0..40)", ""]
    stdin, want = pair_lines(NIM2)
    assert run(cpp("nim table"), stdin).stdout.split("\n")[:-1] == want
    done = run(cpp("nim table"), "13 0\n1 2 3\n1 2\n")
    assert done.returncode == 1
    assert done.stdout.split("\n")[:3] == ["error: (13, 0) is beyond the table (a <= 12, b <= 12)",
                                           "error: expected two numbers a b, got 3", "3 N"]


def test_cpp_reads_numbers_as_a_judge_writes_them(cpp: Callable[[str], list[str]]) -> None:
    """Leading zeros are a number; past 2^64 - 1 a number is too large (not 'not a number'), and
    the next line is still answered."""
    done = run(cpp("lasker"), "0000000000000000000000003\n100000000000000000000\n3 x\n2\n")
    assert done.stdout.split("\n") == [
        f"{LASKER[3]} N",
        "error: a number is too large for this program (above 2^64 - 1): 100000000000000000000",
        "error: not a non-negative integer: x", f"{LASKER[2]} N", ""]


def test_cpp_without_main_compiles_cleanly(cpp: Callable[[str], list[str]]) -> None:
    """Compiled (without warnings) with the others; no main of its own."""
    assert "int main()" not in cpp_sources()["library heap"] + cpp_sources()["library pair"]
    assert cpp("library pair")


# ---- Python ------------------------------------------------------------------------------------

def python_values(code: str, calls: list[str]) -> list[int]:
    """Run the export with ``python -S -`` (no site-packages: grundy is not importable) and call it."""
    program = code + "\nfor _v in [" + ", ".join(calls) + "]:\n    print(int(_v))\n"
    done = run([sys.executable, "-S", "-"], program)
    assert done.returncode == 0, done.stderr
    return [int(line) for line in done.stdout.split()]


@pytest.mark.parametrize(("formula", "table"), HEAP_CASES)
def test_python_heap_formula(formula: str, table: list[int]) -> None:
    code = export_code(name="t", kind="heap", lang="python", pattern=pattern(formula), table=table)
    assert "grundy" not in code.replace("# Generated by grundy", "").replace("grundy_value", "")
    assert python_values(code, [f"grundy_value({n})" for n in range(len(table))]) == table
    assert python_values(code, [f"first_player_wins({n})" for n in range(len(table))]) == [
        int(v != 0) for v in table]


@pytest.mark.parametrize(("formula", "grid"), PAIR_CASES)
def test_python_pair_formula(formula: str, grid: list[list[int]]) -> None:
    code = export_code(name="t", kind="pair", lang="python", pattern=pattern(formula), table=grid)
    calls = [f"grundy_value({a}, {b})" for a in range(len(grid)) for b in range(len(grid))]
    assert python_values(code, calls) == [v for row in grid for v in row]


def test_python_main(tmp_path: Path) -> None:
    script = tmp_path / "solution.py"
    script.write_text(export_code(name="t", kind="heap", lang="python", pattern=None, table=SUB12, main=True))
    stdin, want = heap_lines(SUB12)
    done = run([sys.executable, "-S", str(script)], stdin)
    assert done.stdout.split("\n")[:-1] == want
    script.write_text(export_code(name="t", kind="pair", lang="python", pattern=pattern("a ^ b"), table=NIM2,
                                  main=True))
    stdin, want = pair_lines(NIM2)
    assert run([sys.executable, "-S", str(script)], stdin).stdout.split("\n")[:-1] == want
    assert run([sys.executable, "-S", str(script)], "1 x\n").returncode != 0


def test_python_table_refuses_beyond() -> None:
    code = export_code(name="t", kind="heap", lang="python", pattern=None, table=SUB12)
    done = run([sys.executable, "-S", "-"], code + "\ngrundy_value(61)\n")
    assert done.returncode != 0 and "beyond the table" in done.stderr


MOVES_LASKER = """
def moves(n):
    # remove any number, or split a heap into two non-empty heaps
    return [n - k for k in range(1, n + 1)] + [(i, n - i) for i in range(1, n // 2 + 1)]
"""

MOVES_DEEP = """
def f(n):
    return [n - k for k in (1, 3, 4) if k <= n]
"""


def test_python_moves_beyond_the_table() -> None:
    code = export_code(name="lasker", kind="heap", lang="python", pattern=None, table=LASKER[:10],
                       move_source=MOVES_LASKER)
    assert python_values(code, [f"grundy_value({n})" for n in range(41)]) == LASKER
    deep = heap_table(6000, lambda n: [(n - k,) for k in (1, 3, 4) if k <= n])
    code = export_code(name="sub", kind="heap", lang="python", pattern=None, table=[0],
                       move_source=MOVES_DEEP)
    assert python_values(code, ["grundy_value(6000)", "grundy_value(5999)"]) == [deep[6000], deep[5999]]


def test_python_moves_beyond_the_table_are_bounded() -> None:
    """The move function lists at most MOVE_STEPS options for one input beyond the table (here
    lowered to 3,000): past that, an error line for that input alone; the next is answered."""
    digits = "def moves(n):\n    return [n - int(d) for d in str(n) if d != '0']\n"
    want = heap_table(400, lambda n: [(n - int(d),) for d in str(n) if d != "0"])
    code = export_code(name="digits", kind="heap", lang="python", pattern=None, table=want[:50],
                       move_source=digits, main=True)
    assert "MOVE_STEPS = 2000000" in code and "at most 2,000,000 options listed for one input" in code
    code = code.replace("MOVE_STEPS = 2000000", "MOVE_STEPS = 3000")
    done = run([sys.executable, "-S", "-c", code], f"300 7\n{10**18}\n400\n")
    assert done.stdout.splitlines() == [
        f"{want[300] ^ want[7]} {'N' if want[300] ^ want[7] else 'P'}",
        f"error: heap {10**18} is beyond the table, and the move function did not settle it "
        "within 3,000 options",
        f"{want[400]} {'N' if want[400] else 'P'}"]
    assert done.returncode == 1


def test_a_move_function_out_of_memory_is_an_error_line() -> None:
    """A move function that cannot list the options of a huge heap (MemoryError), or that fails,
    costs that input an error line; the program goes on."""
    resource = pytest.importorskip("resource")
    code = export_code(name="nimish", kind="heap", lang="python", pattern=None, table=list(range(10)),
                       move_source="def moves(n):\n    return list(range(n))\n", main=True)
    cap = 1 << 30

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    done = subprocess.run([sys.executable, "-S", "-c", code], input=f"5\n{10**12}\n12 3\n", text=True,
                          capture_output=True, preexec_fn=limit, timeout=60)
    assert done.stdout.splitlines() == [
        "5 N", f"error: the move function ran out of memory listing the options of heap {10**12}", "15 N"]
    broken = "def moves(n):\n    return list(range(n)) if n < 20 else [[0, 1][n]]\n"
    code = export_code(name="broken", kind="heap", lang="python", pattern=None, table=list(range(10)),
                       move_source=broken, main=True)
    done = run([sys.executable, "-S", "-c", code], "5\n30\n12 3\n")
    assert done.stdout.splitlines() == [
        "5 N", "error: the move function failed at heap 30: IndexError: list index out of range", "15 N"]


def test_a_p_rule_answers_beyond_the_table_before_the_move_function() -> None:
    """A pair game with a move function and a rule for its P-positions: beyond the table the main
    answers by the rule at once (the move function would list 10^18 options), as the C++ does;
    grundy_value still computes a value by the moves."""
    from grundy.export.code import OutcomeRule

    grid = [[a ^ b for b in range(8)] for a in range(8)]
    source = "def moves(a, b):\n    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]\n"
    rule = OutcomeRule("P iff a == b", "conjecture, checked for a <= 7, b <= 7", "a == b")
    code = export_code(name="two-nim", kind="pair", lang="python", pattern=None, table=grid,
                       move_source=source, outcome_rule=rule, main=True)
    assert ("beyond the table, who wins: P iff a == b: conjecture, checked for a <= 7, b <= 7; "
            "the main then prints an N-position's value as '-'") in code
    done = run([sys.executable, "-S", "-c", code], f"3 5\n{10**18} 1\n{10**18} {10**18}\n")
    assert done.stdout.splitlines() == ["6 N", "- N", "0 P"] and done.returncode == 0
    library = export_code(name="two-nim", kind="pair", lang="python", pattern=None, table=grid,
                          move_source=source, outcome_rule=rule)
    assert python_values(library, ["grundy_value(9, 12)", "first_player_wins(9, 9)"]) == [9 ^ 12, 0]


def test_a_formula_dividing_by_zero_beyond_its_range_is_an_error_line() -> None:
    """A formula checked on heaps <= 60 may divide by zero further on: that input gets an error
    line (the C++ helper py_mod says 'modulo by zero' the same way), the next is answered."""
    code = export_code(name="t", kind="heap", lang="python", pattern=pattern("n % (70 - n)"),
                       table=[n % (70 - n) for n in range(61)], main=True)
    done = run([sys.executable, "-S", "-c", code], "5\n70\n3\n")
    lines = done.stdout.splitlines()
    assert lines[0::2] == ["5 N", "3 N"] and re.fullmatch(r"error: .*modulo by zero", lines[1]), lines
    assert done.returncode == 1


def test_a_value_too_long_to_print_is_an_error_line() -> None:
    """Python 3.11+ refuses to print an int of more than 4,300 digits: an error line for that input
    (n * n of a 3,000-digit heap), and the program goes on (here reading 'cases')."""
    code = export_code(name="t", kind="heap", lang="python", pattern=pattern("n * n"),
                       table=[n * n for n in range(61)], main=True, input_format="cases")
    done = run([sys.executable, "-S", "-c", code], "3\n1 5\n1 " + "9" * 3000 + "\n1 3\n")
    lines = done.stdout.splitlines()
    assert len(lines) == 3 and lines[0::2] == ["25 N", "9 N"], done.stderr[-500:]
    assert lines[1].startswith("error: ") or lines[1] == f"{(10**3000 - 1) ** 2} N"


def test_python_pair_moves() -> None:
    source = "def moves(a, b):\n    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]\n"
    code = export_code(name="nim", kind="pair", lang="python", pattern=None, table=[[0]], move_source=source)
    assert python_values(code, ["grundy_value(5, 9)", "grundy_value(7, 7)"]) == [5 ^ 9, 0]


def test_python_loopy_moves_refused() -> None:
    source = "def moves(n):\n    return [n + 1] if n < 5 else [0]\n"
    code = export_code(name="loop", kind="heap", lang="python", pattern=None, table=[], move_source=source)
    done = run([sys.executable, "-S", "-"], code + "\ngrundy_value(2)\n")
    assert done.returncode != 0 and "loopy" in done.stderr


# ---- bad requests -----------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    {"kind": "graph"}, {"lang": "java"},
    {"pattern": Pattern("p-positions", "P iff n % 3 == 0", "n % 3 == 0", "conjecture", 9)},
    {"pattern": pattern("a ^ b")},  # pair variables in a heap game
    {"pattern": pattern("n ** 2")},
    {"move_source": "x = 1"}, {"move_source": "def f(a, b): return []"},
])
def test_bad_requests(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"name": "t", "kind": "heap", "lang": "python", "pattern": None, "table": SUB12}
    args.update(kwargs)
    with pytest.raises(InvalidInputError):
        export_code(**args)  # type: ignore[arg-type]


def test_a_proved_period_answers_every_heap(request: pytest.FixtureRequest) -> None:
    """subtraction(1,3,4) has period 7, proved: the export answers heaps far beyond its table."""
    from grundy import load_game
    from grundy.reports.export_policy import export_source
    from grundy.tables.analysis import value_at

    game = load_game("subtraction(1,3,4)")
    heaps = [0, 5, 12, 10**18 + 3, 2**63 + 11]
    expected = [value_at(game, h) for h in heaps]  # type: ignore[arg-type]
    source = export_source(game, lang="python", upto=100)
    assert "G(n + 7) = G(n) for every n >= 0: proved (" in source
    run_py = subprocess.run([sys.executable, "-"], input=source + "\nimport sys\n" + "\n".join(
        f"print(grundy_value({h}))" for h in heaps), capture_output=True, text=True, check=True)
    assert [int(x) for x in run_py.stdout.split()] == expected
    if GXX is None:
        pytest.skip("g++ is not installed")
    cpp = request.getfixturevalue("cpp")
    out = run(cpp("period"), "\n".join(map(str, heaps)) + "\n").stdout.split("\n")
    assert [int(line.split()[0]) for line in out if line] == expected


def test_an_observed_period_is_exported_as_a_conjecture() -> None:
    from grundy.export.code import export_code
    from grundy.model.periodic import Periodicity

    table = [n % 3 for n in range(40)]
    source = export_code(name="x", kind="heap", lang="python", pattern=None, table=table,
                         period=Periodicity(3, 0, 0, False))
    assert "G(n + 3) = G(n) for n >= 0: conjecture, observed on every heap up to 39, not proved" in source
    namespace: dict[str, object] = {}
    exec(source, namespace)
    assert namespace["grundy_value"](10**20 + 2) == (10**20 + 2) % 3  # type: ignore[operator]
