"""``export --conjecture --unchecked``: past the checked range, an unproved formula of the values
answers without the local check (in C++ too), for heaps too large to list their options (ARC 151
C's gaps of 10^18 cells, tests/contest/test_pool_b_problems.py); the header and stderr say so.
Without ``--unchecked`` nothing changes (the C++ program answers such heaps with an error line).

The game here: from an odd heap, move to any smaller odd heap; an even heap has no move. By
induction ``G(2k) = 0`` and ``G(2k + 1) = k`` (the options of ``2k + 1`` are the odd heaps
``1, 3, .., 2k - 1``, of values ``0 .. k - 1``): ``n // 2`` on the odd heaps, 0 on the even ones,
a law per residue class that grundy finds as a conjecture. (Its even heaps have no move: the
re-check of the conjecture on a longer table once guessed its cost from one even heap, 0 options,
and set out to tabulate 51,200 heaps; it counts the widest of the last heaps now.)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output, mex

GXX = shutil.which("g++")
UPTO = 200
FAR = [10**18 + 1, 10**18, 2**64 - 1, 2**64 - 2, 12_345_678_901_234_567, 2**63 + 1]


def odd_moves(n):  # type: ignore[no-untyped-def]
    return list(range(1, n, 2)) if n % 2 else []


@pytest.fixture(scope="module", autouse=True)
def game() -> Iterator[None]:
    grundy.heap_game("unchecked-odd")(odd_moves)
    yield
    catalog.unregister("unchecked-odd")


def brute(upto: int) -> list[int]:
    """G(0..upto) by a mex loop of its own."""
    g: list[int] = []
    for n in range(upto + 1):
        g.append(mex({g[m] for m in odd_moves(n)}))
    return g


def closed(n: int) -> int:
    """The value by the induction of the module's docstring."""
    return n // 2 if n % 2 else 0


def run(lang: str, source: str, stdin: str, tmp_path: Path) -> list[str]:
    if lang == "python":
        done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                              text=True, timeout=300, check=False)
    else:
        (tmp_path / "p.cpp").write_text(source)
        subprocess.run([GXX or "g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o",
                        str(tmp_path / "p"), str(tmp_path / "p.cpp")], check=True)
        done = subprocess.run([str(tmp_path / "p")], input=stdin, capture_output=True, text=True,
                              timeout=300, check=False)
    return done.stdout.splitlines() + [f"error: {line}" for line in done.stderr.splitlines()]


@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_unchecked_answers_past_the_table_and_says_so(lang: str, tmp_path: Path) -> None:
    if lang == "cpp" and GXX is None:
        pytest.skip("no g++")
    code, source, err = cli_output("export", "unchecked-odd", "--lang", lang, "--main", "--upto", str(UPTO),
                                   "--conjecture", "--unchecked")
    assert code == 0, err
    assert "G(2k + r) = k for r = 1, 0 for r = 0: conjecture, checked on all positions up to" in source
    assert "WITHOUT any check (exported with unchecked)" in source
    assert "WITHOUT any check (unchecked)" in err
    assert "def odd_moves" not in source  # (no local check: the move function is not carried)
    table = brute(UPTO)
    heaps = list(range(UPTO + 1)) + FAR
    want = [table[n] if n <= UPTO else closed(n) for n in heaps]
    got = run(lang, source, "".join(f"{n}\n" for n in heaps) + "3 5 7\n", tmp_path)
    assert got == [f"{v} {'N' if v else 'P'}" for v in want] + ["0 P"]  # (1 ^ 2 ^ 3 = 0)


def test_without_unchecked_the_cpp_program_still_refuses(tmp_path: Path) -> None:
    if GXX is None:
        pytest.skip("no g++")
    code, source, err = cli_output("export", "unchecked-odd", "--main", "--upto", str(UPTO),
                                   "--conjecture")
    assert code == 0, err
    assert "WITHOUT any check" not in source
    got = run("cpp", source, f"{UPTO - 1}\n{10**18 + 1}\n", tmp_path)
    assert got[0] == f"{closed(UPTO - 1)} N" and got[1].startswith("error:"), got


@pytest.mark.parametrize(("argv", "words"), [
    (["unchecked-odd", "--unchecked"], "--unchecked goes with --conjecture"),
    (["nim", "--conjecture", "--unchecked"], "unchecked has no use"),
    (["bash(m)", "--conjecture", "--unchecked"], "--unchecked goes with --conjecture, for one game"),
    (["unchecked-odd", "--outcome", "--conjecture", "--unchecked"], "not a family, --outcome or matrix"),
])
def test_unchecked_is_refused_where_it_has_no_use(argv: list[str], words: str) -> None:
    code, out, err = cli_output("export", *argv)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1, err
