"""A heap game of one's own whose P-positions follow a conjectured rule, answered past the table
by that rule (CF 1537D "Deleting Divisors": t <= 10^4 cases n <= 10^9; a move subtracts a divisor
d of n, 1 < d < n; the player who cannot move loses; Alice (first) or Bob).

``grundy export GAME --conjecture`` writes the rule into the program (Python checks each answer
locally with the move function; C++ cannot, and says so in an error line), and ``grundy solve
GAME --input single --conjecture`` answers past the table by the same rule and the same check,
never by a table built up to the heap: the two print the same lines. Every outcome is compared
with a brute force written here from the statement (every divisor move tried), at heaps past the
table the rule was found on (0..16,383), where the rule answers.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import cli_output, deleting_wins, registered_rules
from tests.helpers import python_lines as run_python

RULES = '''
import grundy
from math import isqrt


@grundy.heap_game("hr-deleting")
def hr_deleting(n):
    """CF 1537D: subtract a divisor d of n, 1 < d < n"""
    divisors = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return [n - d for d in divisors if 1 < d < n]


@grundy.heap_game("hr-bent")
def hr_bent(n):
    """CF 1537D's moves, but heap 20001 may also go to 19999 and heap 20002 has no move"""
    if n == 20002:
        return []
    divisors = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            divisors |= {d, n // d}
    return [n - d for d in divisors if 1 < d < n] + ([19999] if n == 20001 else [])
'''

NAMES = ("hr-deleting", "hr-bent")
TABLE = 16_383  # (the heaps solve tabulates before it answers by a rule: define.heaps.PATTERN_TABLE)
TOP = 60_000  # (the brute force's range)


@pytest.fixture(scope="module", autouse=True)
def rules_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The rules file (for ``grundy --rules`` in a subprocess), its games registered in this
    process for this file's tests only."""
    yield from registered_rules(tmp_path_factory, "heaprule", RULES, NAMES)


@pytest.fixture(scope="module")
def wins() -> list[bool]:
    return deleting_wins(TOP)


def heaps() -> list[int]:
    """Heaps past the table (where the rule answers: odd, powers of two, even ones), a few in it."""
    rng = random.Random(1537)
    ns = [4, 12, 69, 1, 2, 8, 16_382, 16_383, 16_384, 16_385, 20_000, 32_768, 32_767, 36_864, 65_536 - 16]
    ns += [rng.randint(TABLE + 1, TOP) for _ in range(60)]
    return [n for n in ns if n <= TOP]


def single(ns: list[int]) -> str:
    return f"{len(ns)}\n" + "".join(f"{n}\n" for n in ns)


def solve_input(rules: Path, argv: list[str], stdin: str, *, error_lines: bool = False) -> list[str]:
    """``grundy --rules RULES solve ARGV -`` on ``stdin`` in a subprocess (with ``error_lines``,
    some cases may fail: status 2)."""
    done = subprocess.run([sys.executable, "-m", "grundy", "--rules", str(rules), "solve", *argv, "-"],
                          input=stdin, capture_output=True, text=True, timeout=600)
    assert done.returncode in ((0, 2) if error_lines else (0,)), done.stderr[-500:]
    return done.stdout.split("\n")[:-1]


def first_wins(line: str) -> bool:
    value, outcome = line.split()
    assert outcome in ("N", "P") and (value == "-" or (int(value) != 0) == (outcome == "N")), line
    return outcome == "N"


def by_rule(line: str, wins: bool) -> None:
    """A line past the table answered by the rule: ``- N`` (no value) or ``0 P``."""
    assert line == ("- N" if wins else "0 P"), line


def test_export_answers_past_the_table_by_the_rule(wins: list[bool]) -> None:
    code, program, err = cli_output("export", "hr-deleting", "--conjecture", "--main", "--input",
                                    "single", "--lang", "python")
    assert code == 0, err
    header = [line for line in program.splitlines() if line.startswith("# ")][:6]
    assert any("who wins: P iff" in line and "conjecture, checked for n <= 16383" in line
               for line in header), header
    assert "is a conjecture, checked up to heap 16,383" in err and "checked locally" in err
    ns = heaps()
    got = run_python(program, single(ns))
    assert [first_wins(line) for line in got] == [wins[n] for n in ns]
    for n, line in zip(ns, got, strict=True):
        if n > TABLE:
            by_rule(line, wins[n])
    # at judge size: answered by the rule (before, the program searched by the move function and
    # printed error lines there)
    big = [999_999_937, 10**9, 2**29, 2**28, 3 * 2**28, 999_999_999]
    got = run_python(program, single(big))
    assert got == ["0 P", "- N", "0 P", "- N", "- N", "0 P"]


def test_export_without_conjecture_never_answers_by_the_rule() -> None:
    code, program, err = cli_output("export", "hr-deleting", "--main", "--input", "single",
                                    "--lang", "python")
    assert code == 0, err
    assert "def p_position" not in program and "not used beyond the table" in err
    got = run_python(program, single([999_999_937, 10**9]), error_lines=True)
    assert got[0] == "0 P" and got[1].startswith("error:"), got  # (a prime has no move: exact)


def test_export_cpp_refuses_past_the_checked_range(tmp_path: Path) -> None:
    code, program, err = cli_output("export", "hr-deleting", "--conjecture", "--main", "--input",
                                    "single", "--lang", "cpp")
    assert code == 0, err
    assert "p_position" not in program.split("bool first_player_wins")[0].split("Generated by")[1]
    assert "this C++ program cannot check it there" in program
    source, binary = tmp_path / "d.cpp", tmp_path / "d"
    source.write_text(program)
    try:
        subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(binary), str(source)], check=True,
                       capture_output=True, timeout=300)
    except FileNotFoundError:
        pytest.skip("no g++")
    done = subprocess.run([str(binary)], input=single([69, 20_000, 16_383]), capture_output=True,
                          text=True, timeout=60)
    lines = done.stdout.split("\n")[:-1]
    assert lines[0] == "0 P" and lines[1].startswith("error:") and lines[2] == "0 P", lines


def test_solve_input_answers_by_the_rule_as_the_export(rules_file: Path, wins: list[bool]) -> None:
    ns = [*heaps(), 999_999_937, 10**9, 2**29, 3 * 2**28, 5_000_000, 12_345_678]
    got = solve_input(rules_file, ["hr-deleting", "--input", "single", "--conjecture"], single(ns))
    for n, line in zip(ns, got, strict=True):
        if n <= TOP:
            assert first_wins(line) == wins[n], (n, line)
        if n > TABLE:  # (before: the table built up to the heap, an exact value; past 1M, error lines)
            assert line in ("- N", "0 P"), (n, line)
    code, program, err = cli_output("export", "hr-deleting", "--conjecture", "--main", "--input",
                                    "single", "--lang", "python")
    assert code == 0, err
    assert run_python(program, single(ns)) == got


def test_the_local_check_refuses_where_the_rule_is_false(rules_file: Path) -> None:
    # heap 20001 (odd: P by the rule) may also move to 19999 (P by it); heap 20002 (even: N by the
    # rule) has no move: both fail the local check, in solve and in the exported program alike
    ns = [20_000, 20_001, 20_002, 20_003]
    got = solve_input(rules_file, ["hr-bent", "--input", "single", "--conjecture"], single(ns),
                      error_lines=True)
    assert got[0] == "- N" and got[3] == "0 P", got
    assert got[1].startswith("error:") and "false there" in got[1], got
    assert got[2].startswith("error:") and "false there" in got[2], got
    code, program, err = cli_output("export", "hr-bent", "--conjecture", "--main", "--input", "single",
                                    "--lang", "python")
    assert code == 0, err
    lines = run_python(program, single(ns), error_lines=True)
    assert lines[0] == "- N" and lines[3] == "0 P", lines
    assert all(line.startswith("error:") and "false there" in line for line in lines[1:3]), lines
