"""A set parameter whose size comes before the heap and whose members come after it
(``--params size-first``), through ``grundy solve FAMILY --input`` and the programs ``grundy
export FAMILY --main`` writes (Python, and C++ compiled with g++ where present), in the judge's
own layout, against a brute force written here from the statement:

- AtCoder EDPC K "Stones": ``N K`` on the first line, then ``a_1 .. a_N`` (``1 <= N <= 100``,
  ``1 <= a_1 < ... < a_N <= K <= 10^5``); a move removes exactly ``a_i`` stones from the pile of
  ``K``; the player who cannot move loses. ``subtraction(S)``, ``--input counted --params
  size-first``; the same cases ``T`` at a time (``--input single``) and one a line (``--input
  lines``).
- ``stripes(S)`` read the same way (remove exactly ``s`` consecutive stones of a row, ``s`` in
  ``S``, leaving the stones on either side as two rows).

grundy prints no judge's words: the test compares the outcomes (N: the first player, "First",
wins).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.contest.test_takeaway_problems import grundy_cli
from tests.helpers import compile_cpp_together, mex
from tests.helpers import python_lines as run_python

GXX = shutil.which("g++")

EDPC_K = ("subtraction(S)", "--input", "counted", "--params", "size-first")
MANY = ("subtraction(S)", "--input", "single", "--params", "size-first")
LINES = ("subtraction(S)", "--input", "lines", "--params", "size-first")
ROWS = ("stripes(S)", "--input", "single", "--params", "size-first")
PROGRAMS = (EDPC_K, MANY, LINES, ROWS)

SAMPLES = [("2 4\n2 3\n", True), ("2 5\n2 3\n", False), ("2 7\n2 3\n", True),
           ("3 20\n1 2 3\n", False), ("3 21\n1 2 3\n", True), ("1 100000\n1\n", False)]
"""The six samples of EDPC K, each with whether "First" is the answer."""


# ---- the brute forces, from the statements -----------------------------------------------------

def stones_wins(members: list[int], k: int) -> bool:
    """Whether the player to move wins the pile of ``k``: win[i] iff some move leads to a loss."""
    win = [False] * (k + 1)
    for i in range(1, k + 1):
        win[i] = any(a <= i and not win[i - a] for a in members)
    return win[k]


def rows_value(lengths: list[int], row: int) -> int:
    """G(row) of a row from which a move removes exactly s consecutive stones, s in lengths
    (plain mex over every place)."""
    g: list[int] = []
    for n in range(row + 1):
        g.append(mex({g[left] ^ g[n - s - left] for s in lengths if s <= n for left in range(n - s + 1)}))
    return g[row]


def stones_case(pick: random.Random, most_k: int, most_n: int) -> tuple[list[int], int]:
    """A case of the statement's constraints: a_1 < ... < a_N <= K."""
    k = pick.randrange(1, most_k + 1)
    n = pick.randrange(1, min(most_n, k) + 1)
    return sorted(pick.sample(range(1, k + 1), n)), k


def stones_input(members: list[int], k: int) -> str:
    """The judge's layout: ``N K``, then ``a_1 .. a_N``."""
    return f"{len(members)} {k}\n{' '.join(map(str, members))}\n"


def outcomes(lines: list[str]) -> list[bool]:
    """Whether the first player wins, per line ``VALUE OUTCOME`` (an error line fails)."""
    assert all(len(line.split()) == 2 and line.split()[1] in ("N", "P") for line in lines), lines
    return [line.split()[1] == "N" for line in lines]


# ---- the programs ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def python_programs() -> dict[tuple[str, ...], str]:
    return {args: grundy_cli("export", args[0], "--main", "--lang", "python", *args[1:]) for args in PROGRAMS}


@pytest.fixture(scope="module")
def cpp_program(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """The programs of :data:`PROGRAMS`, compiled once (``None`` without g++), by their index."""
    if GXX is None:
        return None
    sources = [grundy_cli("export", args[0], "--main", "--lang", "cpp", *args[1:]) for args in PROGRAMS]
    assert all(source.startswith("// ") for source in sources)
    return compile_cpp_together(sources, tmp_path_factory.mktemp("cpp"), "-O2")


def cpp_lines(program: Path, index: int, text: str) -> list[str]:
    done = subprocess.run([str(program), str(index)], input=text, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split("\n")[:-1]


def all_three(args: tuple[str, ...], text: str, python_programs: dict,
              cpp_program: Path | None) -> list[list[bool]]:
    """The outcomes of ``solve --input``, the Python program and the C++ one (where g++ is)."""
    found = [outcomes(grundy_cli("solve", *args, "-", stdin=text).split("\n")[:-1]),
             outcomes(run_python(python_programs[args], text))]
    if cpp_program is not None:
        found.append(outcomes(cpp_lines(cpp_program, PROGRAMS.index(args), text)))
    return found


def test_the_brute_force_on_the_samples() -> None:
    for text, first in SAMPLES:
        head, members = text.split("\n")[:2]
        assert stones_wins([int(a) for a in members.split()], int(head.split()[1])) is first


@pytest.mark.parametrize("text, first", SAMPLES)
def test_edpc_k_samples(text: str, first: bool, python_programs: dict, cpp_program: Path | None) -> None:
    for found in all_three(EDPC_K, text, python_programs, cpp_program):
        assert found == [first]


def test_edpc_k_small_random(python_programs: dict, cpp_program: Path | None) -> None:
    """Random cases of the statement's constraints, small enough for many: one input each (the
    judge's layout), and the same cases T at a time and one a line."""
    pick = random.Random(255)
    cases = [stones_case(pick, 60, 8) for _ in range(200)]
    wins = [stones_wins(members, k) for members, k in cases]
    assert 15 < len(wins) - sum(wins) < 185  # (both outcomes are checked, "Second" 23 times)
    for (members, k), first in list(zip(cases, wins, strict=True))[:12]:
        for found in all_three(EDPC_K, stones_input(members, k), python_programs, cpp_program):
            assert found == [first]
    many = f"{len(cases)}\n" + "".join(stones_input(members, k) for members, k in cases)
    for found in all_three(MANY, many, python_programs, cpp_program):
        assert found == wins
    lines = "".join(stones_input(members, k).replace("\n", " ", 1) for members, k in cases)
    for found in all_three(LINES, lines, python_programs, cpp_program):
        assert found == wins


def test_edpc_k_full_size(python_programs: dict, cpp_program: Path | None) -> None:
    """N = 100 and K up to 10^5, the statement's largest: random sets, sets of large members
    only (a long table before any period), and {1} (Second iff K even)."""
    pick = random.Random(10**5)
    cases = [(sorted(pick.sample(range(1, 10**5 + 1), 100)), 10**5),
             (sorted(pick.sample(range(90_000, 10**5 + 1), 100)), 10**5),
             (sorted(pick.sample(range(1, 1001), 100)), 99_999),
             ([1], 10**5)]
    for members, k in cases:
        first = stones_wins(members, k)
        for found in all_three(EDPC_K, stones_input(members, k), python_programs, cpp_program):
            assert found == [first]


def test_stripes_sets_read_size_first(python_programs: dict, cpp_program: Path | None) -> None:
    pick = random.Random(2999)
    cases = [(sorted(pick.sample(range(1, 7), pick.randrange(1, 4))), pick.randrange(0, 30))
             for _ in range(60)]
    wins = [rows_value(lengths, row) != 0 for lengths, row in cases]
    assert 0 < sum(wins) < len(wins)
    text = f"{len(cases)}\n" + "".join(stones_input(lengths, row) for lengths, row in cases)
    for found in all_three(ROWS, text, python_programs, cpp_program):
        assert found == wins


def test_a_bad_line_is_an_error_line(python_programs: dict, cpp_program: Path | None) -> None:
    """With lines, a line of more (or fewer) words than its set's size says is its error line;
    the others are answered, in all three."""
    text = "2 4 2 3\n2 5 2 3 9\n3 21 1 2\n1 3 1\n"
    want = ["2 N", "error", "error", "1 N"]
    found = [grundy_cli("solve", *LINES, "-", stdin=text).split("\n")[:-1],
             run_python(python_programs[LINES], text, error_lines=True)]
    if cpp_program is not None:
        done = subprocess.run([str(cpp_program), str(PROGRAMS.index(LINES))], input=text,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1
        found.append(done.stdout.split("\n")[:-1])
    for lines in found:
        assert [line if not line.startswith("error") else "error" for line in lines] == want, lines


@pytest.mark.parametrize("argv, words", [
    (["export", "bash(m)", "--main", "--input", "counted", "--params", "size-first"], "not formula"),
    (["export", "stripes(c,z,n)", "--main", "--input", "single", "--params", "size-first"], "not stripes"),
    (["export", "digraph(L)", "--main", "--input", "counted", "--params", "size-first"], "not digraph"),
    (["export", "digraph(E)", "--main", "--input", "cases", "--params", "size-first"], "not cases"),
    (["export", "subtraction(S)", "--main", "--input", "cases", "--params", "size-first"], "not cases"),
    (["solve", "subtraction(S)", "--input", "cases", "--params", "size-first", "-"], "not cases"),
    (["solve", "subtraction(S)", "--input", "repeated", "--params", "size-first", "-"], "--params block"),
    (["export", "subtraction(S)", "--params", "size-first"], "add --main"),
])
def test_refusals_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err, err
