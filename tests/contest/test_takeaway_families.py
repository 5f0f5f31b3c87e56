"""Two classic take-away judge problems whose parameters each case gives, through the families
grundy exports (``grundy export FAMILY --main``, Python and C++ compiled with g++ where present, and
``grundy solve FAMILY --input``), in the judge's own input layout, against a brute force written
here from the problem's rules:

- POJ 3922 / HDU 2486 "A simple stone game": ``T``, then ``T`` lines ``n k``; the first move takes
  1..n-1 stones, each later move at most ``k`` times the previous take, the taker of the last stone
  wins; print the smallest winning first move, or ``lose``. ``dynamic-subtraction(k)``, ``--input
  single --params last``: a line ``- N TAKE`` or ``- P -`` per case.
- HDU 2897 "邂逅明下": lines ``n p q`` to the end of the input; take p..q coins, fewer than p left
  must all go, who takes the last coin LOSES; print WIN or LOST. ``bash(a,b,rest=all)`` in misère
  play, ``--input lines --params last``: ``- N`` or ``- P``.

grundy prints no judge's words (``Case i:``, ``lose``, ``WIN``): the test maps its lines to them,
as a user would. Each problem also gets one input of the judge's size, checked against a
reference independent of the program (the classic construction of POJ 3922, itself checked
against the brute force here; the misère game by a brute force over every heap up to the judge's
bound).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.contest.test_takeaway_problems import grundy_cli, run_python
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

KFOLD = ("dynamic-subtraction(k)", "--input", "single", "--params", "last")
MEET = ("bash(a,b,rest=all)", "--misere", "--input", "lines", "--params", "last")


# ---- POJ 3922 / HDU 2486 -----------------------------------------------------------------------

@cache
def kfold_wins(n: int, limit: int, k: int) -> bool:
    """Take 1..limit; the next player may take at most k times what was taken."""
    return any(not kfold_wins(n - t, k * t, k) for t in range(1, min(limit, n) + 1))


def kfold_brute(n: int, k: int) -> str:
    """The judge's answer by brute force: the smallest winning first move (1..n-1), or lose."""
    for t in range(1, n):
        if not kfold_wins(n - t, k * t, k):
            return str(t)
    return "lose"


def kfold_classic(n: int, k: int) -> str:
    """The classic construction of the judges' solutions: a[i] the losing starts, b[i] the
    largest number written with a[0..i] whose terms are each more than k times the next;
    a[i+1] = b[i] + 1, b[i+1] = b[j] + a[i+1] with j the last index with k * a[j] < a[i+1]
    (else a[i+1] alone); the answer is the smallest term of n's greedy form over a, or lose when
    n is one of the a[i]."""
    a, b, j = [1], [1], 0
    while a[-1] < n:
        a.append(b[-1] + 1)
        while a[j + 1] * k < a[-1]:
            j += 1
        b.append(b[j] + a[-1] if a[j] * k < a[-1] else a[-1])
    if a[-1] == n:
        return "lose"
    smallest = n
    for term in reversed(a):
        if term <= n:
            n -= term
            smallest = term
    return str(smallest)


def kfold_words(lines: list[str]) -> list[str]:
    """The judge's words of the program's lines ``- N TAKE`` / ``- P -`` (an error line fails)."""
    out = []
    for line in lines:
        value, outcome, take = line.split()
        assert value == "-" and outcome in "NP" and (take == "-") == (outcome == "P"), line
        out.append(take if outcome == "N" else "lose")
    return out


def kfold_small() -> tuple[str, list[str]]:
    rng = random.Random(3922)
    cases = [(n, k) for k in (1, 2, 3, 4, 7) for n in range(2, 42)]
    cases += [(rng.randint(2, 70), rng.randint(1, 12)) for _ in range(80)]
    cases += [(rng.randint(2, 40), rng.randint(20, 100)) for _ in range(10)] + [(16, 1), (11, 1), (32, 2),
                                                                                 (34, 2)]
    text = f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases)
    return text, [kfold_brute(n, k) for n, k in cases]


def kfold_large() -> tuple[str, list[str]]:
    """Judge-sized cases (n <= 10^8, k <= 10^5): the worst k for the runs (near sqrt(n / e)), the
    largest k, k = 1 and 2, n a losing start, and random ones."""
    rng = random.Random(2486)
    cases = [(10**8, 6065), (10**8, 10**5), (99_999_999, 10**5), (10**8, 1), (10**8, 2), (2**26, 1),
             (39_088_169, 2), (63_245_986, 2), (10**8 - 1, 3)]
    cases += [(rng.randint(2, 10**8), rng.randint(1, 10**5)) for _ in range(4)]
    cases += [(rng.randint(2, 10**8), rng.randint(1, 300)) for _ in range(6)]
    text = f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases)
    return text, [kfold_classic(n, k) for n, k in cases]


def test_classic_construction_agrees_with_the_brute_force() -> None:
    """The reference of the judge-sized input, checked here for every n < 60 and k <= 12."""
    for k in range(1, 13):
        for n in range(2, 60):
            assert kfold_classic(n, k) == kfold_brute(n, k), (n, k)


def test_hdu2486_sample() -> None:
    source = grundy_cli("export", KFOLD[0], "--main", "--lang", "python", *KFOLD[1:])
    lines = run_python(source, "4\n16 1\n11 1\n32 2\n34 2\n")
    assert [f"Case {i}: {w}" for i, w in enumerate(kfold_words(lines), 1)] == [
        "Case 1: lose", "Case 2: 1", "Case 3: 3", "Case 4: lose"]


# ---- HDU 2897 ----------------------------------------------------------------------------------

def meet_table(p: int, q: int, top: int) -> list[bool]:
    """Whether the player to move wins each heap 0..top (misère: 0 means the other player took the
    last coin and lost): a heap below p must all be taken; else take p..q. Bottom up, with the
    count of lost heaps among the heaps a take of p..q reaches."""
    wins = [True]
    lost_in_reach = 0  # lost heaps among n - q .. n - p
    for n in range(1, top + 1):
        if n - p >= 0:
            lost_in_reach += not wins[n - p]
        if n - q - 1 >= 0:
            lost_in_reach -= not wins[n - q - 1]
        wins.append(not wins[0] if n < p else lost_in_reach > 0)
    return wins


@cache
def meet_wins(n: int, p: int, q: int) -> bool:
    """The same by plain recursion (small heaps)."""
    if n == 0:
        return True
    takes = [n] if n < p else range(p, min(q, n) + 1)
    return any(not meet_wins(n - t, p, q) for t in takes)


def meet_words(lines: list[str]) -> list[str]:
    assert all(line in ("- N", "- P") for line in lines), lines
    return ["WIN" if line == "- N" else "LOST" for line in lines]


def meet_small() -> tuple[str, list[str]]:
    rows = [(n, p, q) for q in range(1, 9) for p in range(1, q + 1) for n in range(1, 3 * (p + q) + 2)]
    return ("".join(f"{n} {p} {q}\n" for n, p, q in rows),
            ["WIN" if meet_wins(n, p, q) else "LOST" for n, p, q in rows])


def meet_large() -> tuple[str, list[str]]:
    """The judge's bounds (n < 65536, p <= q <= 100): every pair's table by the window brute force."""
    rng = random.Random(2897)
    pairs = [(1, 100), (100, 100), (37, 64), (2, 5), (1, 1), (99, 100)]
    tables = {pq: meet_table(*pq, 65535) for pq in pairs}
    rows = [(rng.randint(1, 65535), *rng.choice(pairs)) for _ in range(3000)]
    rows += [(65535, p, q) for p, q in pairs]
    return ("".join(f"{n} {p} {q}\n" for n, p, q in rows),
            ["WIN" if tables[p, q][n] else "LOST" for n, p, q in rows])


def test_window_brute_force_agrees_with_the_recursion() -> None:
    for q in range(1, 9):
        for p in range(1, q + 1):
            assert meet_table(p, q, 60) == [meet_wins(n, p, q) for n in range(61)], (p, q)


# ---- the programs ------------------------------------------------------------------------------

PROBLEMS = {"kfold-small": (KFOLD, kfold_small, kfold_words),
            "kfold-large": (KFOLD, kfold_large, kfold_words),
            "meet-small": (MEET, meet_small, meet_words), "meet-large": (MEET, meet_large, meet_words)}


@pytest.fixture(scope="module")
def inputs() -> dict[str, tuple[str, list[str]]]:
    return {name: make() for name, (_, make, _) in PROBLEMS.items()}


@pytest.fixture(scope="module")
def cpp_program(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """The two C++ programs, compiled once (``None`` without g++): 0 the k-fold game, 1 HDU 2897."""
    if GXX is None:
        return None
    sources = [grundy_cli("export", args[0], "--main", "--lang", "cpp", *args[1:]) for args in (KFOLD, MEET)]
    return compile_cpp_together(sources, tmp_path_factory.mktemp("cpp"), "-O2")


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_python_program(inputs: dict, name: str) -> None:
    args, _, words = PROBLEMS[name]
    text, expected = inputs[name]
    source = grundy_cli("export", args[0], "--main", "--lang", "python", *args[1:])
    assert words(run_python(source, text)) == expected


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_cpp_program(inputs: dict, cpp_program: Path | None, name: str) -> None:
    if cpp_program is None:
        pytest.skip("g++ is not installed")
    args, _, words = PROBLEMS[name]
    text, expected = inputs[name]
    done = subprocess.run([str(cpp_program), "0" if args is KFOLD else "1"], input=text,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert words(done.stdout.split("\n")[:-1]) == expected


@pytest.mark.parametrize("name", ["kfold-small", "meet-small", "meet-large"])
def test_grundy_solve_reads_the_same_input(inputs: dict, name: str) -> None:
    """``grundy solve FAMILY --input ...`` answers as the programs do (grundy's own solver for the
    game each case names: Schwenk's rule with every winning move, the misère Bash rule)."""
    args, _, words = PROBLEMS[name]
    text, expected = inputs[name]
    assert words(grundy_cli("solve", *args, "-", stdin=text).split("\n")[:-1]) == expected


# ---- bad input ---------------------------------------------------------------------------------

BAD_KFOLD = "5\n10 0\n10 3\n1 4\n0 2\n7 1\n"
"""k = 0 is no game (an error line); 1 4: the first move may not take the only stone (lose);
0 2: no stone, no move (lose)."""


def test_bad_parameters_are_error_lines_in_both_languages(cpp_program: Path | None) -> None:
    kfold = grundy_cli("export", KFOLD[0], "--main", "--lang", "python", *KFOLD[1:])
    meet = grundy_cli("export", MEET[0], "--main", "--lang", "python", *MEET[1:])
    runs = [(kfold, BAD_KFOLD, "0"), (meet, "5 3 2\n5 0 2\n5 2 4\n", "1")]
    want = [["error: dynamic-subtraction(k) needs k >= 1, got k = 0", "- N 2", "- P -", "- P -", "- N 1"],
            ["error: bash(a,b,rest=all) needs 1 <= a <= b, got a = 3, b = 2",
             "error: bash(a,b,rest=all) needs 1 <= a <= b, got a = 0, b = 2", "- N"]]
    for (source, text, index), lines in zip(runs, want, strict=True):
        done = subprocess.run([sys.executable, "-S", "-c", source], input=text, capture_output=True,
                              text=True, timeout=60)
        assert done.stdout.split("\n")[:-1] == lines and done.returncode == 1
        if cpp_program is not None:
            done = subprocess.run([str(cpp_program), index], input=text, capture_output=True, text=True,
                                  timeout=60)
            assert done.stdout.split("\n")[:-1] == lines and done.returncode == 1
    for source, text in ((kfold, "1\n5 x\n"), (meet, "5 2 x\n")):  # (a word that is not a number)
        done = subprocess.run([sys.executable, "-S", "-c", source], input=text, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert (done.stdout + done.stderr).strip() == "error: not a non-negative integer: x"


def test_a_sum_of_heaps_in_misere_play_is_an_error_line() -> None:
    meet = grundy_cli("export", MEET[0], "--main", "--lang", "python", *MEET[1:])
    done = subprocess.run([sys.executable, "-S", "-c", meet], input="3 4 2 5\n7 2 5\n", capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.startswith("error: misere play: a position is one heap here, got 2 heaps")
    assert done.stdout.split("\n")[1] == "- N"


@pytest.mark.parametrize("argv", [
    ["export", "bash(a,b,rest=all)", "--main"],  # (its program is of misère play)
    ["export", "dynamic-subtraction(k)", "--misere"],  # (no misère rule for its program)
    ["export", "dynamic-subtraction(k)", "--upto", "30"],
    ["solve", "bash(a,b,rest=all)", "--input", "lines", "--params", "last", "-"],
])
def test_the_command_line_refuses_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err


def test_heaps_up_to_2_64_agree_with_grundys_solver(cpp_program: Path | None) -> None:
    """Beyond the judge's bounds: 64-bit heaps (the C++ program's terms pass 2^64 - 1 in 128-bit
    arithmetic), answered alike by both programs and by ``grundy solve`` (Schwenk's rule over the
    whole sequence); a k whose sequence needs more runs than a program keeps is an error line."""
    top = 2**64 - 1
    cases = [(top, 1), (top, 2), (top, 3), (top - 1, 10), (2**63, 1), (12200160415121876738, 2),
             (top, 1000), (10**18, 777)]
    text = f"{len(cases)}\n" + "".join(f"{n} {k}\n" for n, k in cases)
    by_grundy = grundy_cli("solve", *KFOLD, "-", stdin=text).split("\n")[:-1]
    words = kfold_words(by_grundy)  # (2^64 - 1 = 2^63 + ... + 1; 2^63 and F(93) are terms)
    assert (words[0], words[4], words[5]) == ("1", "lose", "lose")
    source = grundy_cli("export", KFOLD[0], "--main", "--lang", "python", *KFOLD[1:])
    assert run_python(source, text) == by_grundy
    if cpp_program is not None:
        done = subprocess.run([str(cpp_program), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert done.stdout.split("\n")[:-1] == by_grundy
    too_many = "1\n18446744073709551615 1000000000\n"
    done = subprocess.run([sys.executable, "-S", "-c", source], input=too_many, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.startswith("error: heap 18446744073709551615: the sequence of k = 1000000000 needs "
                                  "more than 500000 runs")
    if cpp_program is not None:
        done = subprocess.run([str(cpp_program), "0"], input=too_many, capture_output=True, text=True,
                              timeout=60)
        assert done.stdout.startswith("error: heap 18446744073709551615: the sequence of k = 1000000000 "
                                      "needs more than 2000000 runs")
