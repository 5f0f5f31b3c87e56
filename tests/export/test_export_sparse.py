"""The sparse-space algorithm an exported octal game (and Grundy's game) carries beyond its table
(:mod:`grundy.export.splits`): compiled with ``g++ -std=c++17 -O2`` and run on many heaps and sums
of heaps far beyond a deliberately short table, compared with grundy's own tables and with a
plain mex written here; the Python twin on a smaller range; the size bound; heap 10^6 answered.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.export.code import SIZE_WARNING, export_code
from grundy.reports.export_policy import export_game
from grundy.tables.analysis import analyze
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

SPLITTING = {"0.77": (0, 7, 7), "0.07": (0, 0, 7), "0.137": (0, 1, 3, 7), "4.07": (4, 0, 7),
             "0.16": (0, 1, 6), "0.106": (0, 1, 0, 6)}
"""Octal games whose moves split a heap (Kayles, Dawson's Kayles, Dawson's Chess, ...)."""


def brute(digits: tuple[int, ...], upto: int, unequal: bool = False) -> list[int]:
    """G(0..upto) by the plain mex over the code's moves (remove k, leave 0, 1 or 2 heaps; with
    ``unequal``, two heaps must differ), written here."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for k, d in enumerate(digits):
            r = n - k
            if r < 0:
                break
            if d & 1 and r == 0 and k:
                seen.add(0)
            if d & 2 and r >= 1 and k:
                seen.add(g[r])
            if d & 4:
                seen.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1) if not (unequal and 2 * a == r))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def engine(spec: str, upto: int) -> list[int]:
    return analyze(grundy.load_game(spec), upto).first(upto + 1)


def lines_for(cases: list[list[int]], values: list[int]) -> list[str]:
    out = []
    for heaps in cases:
        total = 0
        for h in heaps:
            total ^= values[h]
        out.append(f"{total} {'N' if total else 'P'}")
    return out


def cases_upto(upto: int) -> list[list[int]]:
    """Single heaps across the range (the last one too), and sums of two and three heaps."""
    step = max(1, upto // 150)
    singles = [[n] for n in range(0, upto + 1, step)] + [[upto]]
    sums = [[n, upto - n] for n in range(1, upto, 7 * step)]
    sums += [[n, n // 2 + 1, upto - 3 * (n % 5)] for n in range(2, upto, 11 * step)]
    return singles + sums


def test_the_brute_force_agrees_with_published_values() -> None:
    """The test's own mex: Kayles and Grundy's game as published (Winning Ways)."""
    assert brute((0, 7, 7), 12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert brute((4,), 20, unequal=True) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


def _programs(short: int, main: bool = True) -> list[tuple[str, dict[str, object], str]]:
    """(name, export_code arguments, engine spec) of every splitting game with a table cut short
    (so that the algorithm answers nearly every heap)."""
    out = []
    for text, digits in SPLITTING.items():
        spec = f"octal({text})"
        args = {"name": spec, "kind": "heap", "pattern": None, "table": engine(spec, short),
                "main": main, "octal": digits}
        out.append((text, args, spec))
    args = {"name": "grundy-game", "kind": "heap", "pattern": None, "table": engine("grundy-game", short),
            "main": main, "octal": (4,), "unequal": True}
    out.append(("grundy", args, "grundy-game"))
    return out


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_the_cpp_algorithm_matches_grundy_and_the_brute_force(tmp_path: Path) -> None:
    """Tables of 20 heaps; the C++ programs answer heaps and sums up to 6,000 as grundy's tables
    do, and up to 1,200 as the plain mex written here does."""
    upto, small = 6000, 1200
    programs = _programs(20)
    exe = compile_cpp_together([export_code(lang="cpp", **args) for _, args, _ in programs],  # type: ignore[arg-type]
                               tmp_path, "-O2")
    for i, (text, args, spec) in enumerate(programs):
        digits, unequal = args["octal"], bool(args.get("unequal"))
        for top, values in ((upto, engine(spec, upto)), (small, brute(digits, small, unequal))):  # type: ignore[arg-type]
            cases = cases_upto(top)
            stdin = "".join(" ".join(map(str, c)) + "\n" for c in cases)
            done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True,
                                  timeout=600)
            assert done.returncode == 0, (text, done.stderr)
            assert done.stdout.splitlines() == lines_for(cases, values), (text, top)


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_the_cpp_main_reads_every_layout_then_computes_once(tmp_path: Path) -> None:
    """Grundy's game exported by grundy (its declared rule: unequal splits), in the three input
    layouts; the heaps come in any order, and a malformed word is an error line for its line."""
    values = engine("grundy-game", 3000)
    sources = [export_game(grundy.load_game("grundy-game"), lang="cpp", upto=30, main=True,
                           input_format=layout).source for layout in ("lines", "cases", "counted")]
    assert "split a heap into two unequal heaps" in sources[0]
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    cases = [[2999], [5, 3000], [40, 41, 1000], [0]]
    stdin = {0: "2999\n5 3000\nx 4\n40 41 1000\n0\n",
             1: "4\n1 2999\n2 5 3000\n3 40 41 1000\n1 0\n",
             2: "3 40 41 1000\n"}
    want = lines_for(cases, values)
    out = [subprocess.run([str(exe), str(i)], input=stdin[i], capture_output=True, text=True, timeout=300)
           for i in range(3)]
    assert out[0].stdout.splitlines() == [*want[:2], "error: not a non-negative integer: x", *want[2:]]
    assert out[0].returncode == 1
    assert out[1].stdout.splitlines() == want and out[1].returncode == 0
    assert out[2].stdout.splitlines() == want[2:3]


def test_the_python_algorithm_matches_grundy_and_the_brute_force() -> None:
    """The Python programs (tables of 20 heaps) up to 700 heaps, against both."""
    upto = 700
    for text, args, spec in _programs(20):
        source = export_code(lang="python", **args)  # type: ignore[arg-type]
        digits, unequal = args["octal"], bool(args.get("unequal"))
        assert brute(digits, upto, unequal) == engine(spec, upto), text  # type: ignore[arg-type]
        cases = cases_upto(upto)
        done = subprocess.run([sys.executable, "-S", "-c", source],
                              input="".join(" ".join(map(str, c)) + "\n" for c in cases),
                              capture_output=True, text=True, timeout=600)
        assert "Traceback" not in done.stderr, done.stderr
        assert done.stdout.splitlines() == lines_for(cases, engine(spec, upto)), text


def test_a_step_budget_answers_an_error_line_for_that_input_alone() -> None:
    """Past the program's steps, an error line for the heap asked; heaps inside stay answered."""
    args = {"name": "grundy-game", "kind": "heap", "pattern": None, "table": engine("grundy-game", 20),
            "main": True, "octal": (4,), "unequal": True}
    source = export_code(lang="python", **args).replace("OCTAL_STEPS = 50000000", "OCTAL_STEPS = 20000")  # type: ignore[arg-type]
    done = subprocess.run([sys.executable, "-S", "-c", source], input="9\n100000\n15\n",
                          capture_output=True, text=True, timeout=300)
    lines = done.stdout.splitlines()
    values = engine("grundy-game", 20)
    assert lines[0] == f"{values[9]} {'N' if values[9] else 'P'}" and lines[2].startswith(f"{values[15]} ")
    assert lines[1].startswith("error: heap 100000 is beyond the table (0..20), and computing it needs more "
                               "than the 20,000 steps")


def test_the_programs_stay_under_64_kb() -> None:
    """Default exports of games without a proved period keep under the judge's bound."""
    for spec in ("grundy-game", "octal(0.007)", "octal(0.106)"):
        for lang in ("cpp", "python"):
            result = export_game(grundy.load_game(spec), lang=lang, main=True)
            assert result.size <= SIZE_WARNING, (spec, lang, result.size)
            assert "sparse-space method" in result.status, (spec, lang)


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_heap_a_million_is_answered(tmp_path: Path) -> None:
    """Heap 10^6 of two sparse splitting games from a table of 20 heaps: octal 0.16 equal to
    grundy's table, octal 0.106 (no period known) consistent with it on a sum (a generous timeout;
    no timing asserted)."""
    n = 1_000_000
    sources = [export_code(lang="cpp", **args) for text, args, _ in _programs(20)  # type: ignore[arg-type]
               if text in ("0.16", "0.106")]
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input=f"{n}\n{n} 77\n", capture_output=True, text=True,
                          timeout=900)
    assert done.stdout.splitlines() == lines_for([[n], [n, 77]], engine("octal(0.16)", n))
    small = engine("octal(0.106)", 100_000)
    done = subprocess.run([str(exe), "1"], input=f"100000\n{n}\n{n} 100000\n", capture_output=True, text=True,
                          timeout=900)
    first, big, both = (int(line.split()[0]) for line in done.stdout.splitlines())
    assert first == small[100_000] and both == big ^ first and done.returncode == 0
