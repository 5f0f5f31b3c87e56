"""The export of a FIXED subtraction set with a huge member, ``subtraction(1,2,k)``: the program
answers every heap by the period the runs engine proves (``Laws.period_runs``: one period held
as runs of short words), in Python and C++, with every input layout; checked here against the
1-2-K oracle written below (not against grundy), on heaps up to 10**18.

A set whose period the runs do not prove (a member below ``RUNS_FROM``, or the runs' budget
spent) keeps the program of the table and its conjecture, with an error line beyond it.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys

import pytest

from grundy.catalog import load_game
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

KS = (3, 6, 999_999_999, 10**9, 10**12 + 2, 3 * 10**17, 10**18 - 1, 10**18, 10**18 + 1)
"""k % 3 == 0 (period k + 1) and k % 3 != 0 (period 3), from a table's reach to 10**18."""

LAYOUTS = ("lines", "cases", "counted", "repeated")
LAYOUT_K = 10**18 - 1
"""The k whose program is run with every input layout (period 10**18)."""


def oracle(k: int, n: int) -> int:
    """G(n) of subtraction(1, 2, k): period 3 if k % 3, else k + 1 with G = 3 at n = k mod (k + 1)."""
    if k % 3:
        return n % 3
    r = n % (k + 1)
    return 3 if r == k else r % 3


def heaps(k: int, count: int = 60) -> list[int]:
    """Heaps up to 10**18 where a period of runs could go wrong: around multiples of k + 1 (the
    run of 3 at k, the period's end), and at random."""
    rng = random.Random(k)
    top = 10**18
    near = [m * (k + 1) + d for m in (0, 1, 2, rng.randrange(1, top // (k + 1) + 2), top // (k + 1))
            for d in (-2, -1, 0, 1, 2)]
    return sorted({n for n in near + list(range(8)) + [top] if 0 <= n <= top}
                  | {rng.randrange(top + 1) for _ in range(count)})


def spec(k: int) -> str:
    return f"subtraction(1,2,{k})"


def python_value(k: int):  # type: ignore[no-untyped-def]
    namespace: dict[str, object] = {"__name__": "test"}
    exec(export_game(load_game(spec(k)), lang="python").source, namespace)
    return namespace["grundy_value"]


@pytest.fixture(scope="module")
def cpp() -> dict[str, list[str]]:
    """The C++ programs (every k with lines, and LAYOUT_K with each layout), compiled once."""
    if GXX is None:
        pytest.skip("g++ is not installed")
    import tempfile
    from pathlib import Path

    names = [f"k{k}" for k in KS] + list(LAYOUTS)
    sources = [export_game(load_game(spec(k)), lang="cpp", main=True).source for k in KS]
    sources += [export_game(load_game(spec(LAYOUT_K)), lang="cpp", main=True, input_format=layout).source
                for layout in LAYOUTS]
    exe = compile_cpp_together(sources, Path(tempfile.mkdtemp(prefix="subruns")), "-O1")
    return {name: [str(exe), str(i)] for i, name in enumerate(names)}


@pytest.mark.parametrize("k", KS)
def test_python_answers_every_heap_by_the_proved_period(k: int) -> None:
    result = export_game(load_game(spec(k)), lang="python", main=True)
    assert result.warnings == ()
    assert "proved (" in result.status and "conjecture" not in "\n".join(result.header)
    if k % 3 == 0 and k > 10**4:  # (a period longer than the table: held as runs)
        assert f"G(n + {k + 1}) = G(n) for every n >= 0" in result.status
        assert "by the window theorem" in result.status and "runs of short words" in result.header[2]
    value = python_value(k)
    for n in heaps(k):
        assert value(n) == oracle(k, n), (k, n)


@pytest.mark.parametrize("k", KS)
def test_cpp_answers_every_heap_by_the_proved_period(cpp: dict[str, list[str]], k: int) -> None:
    todo = heaps(k)
    out = subprocess.run(cpp[f"k{k}"], input="".join(f"{n}\n" for n in todo) + "1 2 3\n",
                         capture_output=True, text=True, timeout=60)
    want = [f"{oracle(k, n)} {'N' if oracle(k, n) else 'P'}" for n in todo]
    total = oracle(k, 1) ^ oracle(k, 2) ^ oracle(k, 3)
    assert out.returncode == 0 and out.stdout.splitlines() == [*want, f"{total} {'N' if total else 'P'}"]


def layout_input(layout: str, positions: list[list[int]]) -> str:
    case = ["".join(f"{len(p)} " + " ".join(map(str, p))) for p in positions]
    if layout == "lines":
        return "".join(" ".join(map(str, p)) + "\n" for p in positions)
    if layout == "cases":
        return f"{len(positions)}\n" + "\n".join(case) + "\n"
    if layout == "counted":
        return case[0] + "\n"
    return "\n".join(case) + "\n0\n"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_input_layout(cpp: dict[str, list[str]], layout: str) -> None:
    k = LAYOUT_K
    rng = random.Random(7)
    positions = [[k, 10**18], [rng.randrange(10**18) for _ in range(3)], [k - 1, 2 * k + 1, 5], [0]]
    if layout == "counted":
        positions = positions[:1]
    want = []
    for p in positions:
        total = 0
        for n in p:
            total ^= oracle(k, n)
        want.append(f"{total} {'N' if total else 'P'}")
    stdin = layout_input(layout, positions)
    python = export_game(load_game(spec(k)), lang="python", main=True, input_format=layout).source
    for command in ([sys.executable, "-S", "-c", python], cpp[layout]):
        out = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and out.stdout.splitlines() == want, (command[:2], out.stderr)


def test_winning_moves_from_the_runs() -> None:
    """A take of k from a heap of k + 3 (value 0 there, at 3) wins the sum (k + 3) + nothing."""
    k = 999_999_999
    source = export_game(load_game(spec(k)), lang="python", main=True, winning_moves=True).source
    out = subprocess.run([sys.executable, "-S", "-c", source], input=f"{k}\n{10**18 + k}\n",
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[0].startswith("3 N ")
    assert f"1 {10**18 + k} {10**18}" in out.stdout  # (G(10**18) = 0: the take of k)


def test_a_set_below_the_runs_keeps_its_table() -> None:
    """subtraction(1,2,99999): no runs (a member below RUNS_FROM); the table's n % 3 is found
    false by the re-check (at heap 99,999), so the table is exported, and a heap beyond it is an
    error line, as before."""
    result = export_game(load_game("subtraction(1,2,99999)"), lang="python", main=True)
    assert result.status == "exact values computed by grundy for heaps 0..1000"
    assert "runs" not in "\n".join(result.header)
    out = subprocess.run([sys.executable, "-S", "-c", result.source], input=f"{10**18}\n",
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and out.stdout.startswith("error:")


def test_runs_out_of_steps_keeps_the_conjecture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs' budget spent (a tiny RUNS_STEPS, a set not asked before): the program of the
    table and its conjecture, as before the runs."""
    from grundy.games.takeaway import subtraction

    monkeypatch.setattr(subtraction, "RUNS_STEPS", 10)
    game = load_game("subtraction(1,2,999999993)")
    assert game.laws.period_runs is not None and game.laws.period_runs() is None
    result = export_game(game, lang="python", main=True)
    assert "conjecture" in result.status and "runs of short words" not in "\n".join(result.header)
    subtraction._runs_of.cache_clear()  # type: ignore[attr-defined]


def test_too_many_runs_keeps_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """More run cells than RUNS_EXPORTED: no runs are written (the law says None)."""
    from grundy.games.takeaway import subtraction

    monkeypatch.setattr(subtraction, "RUNS_EXPORTED", 5)  # (two runs: 1 + 3 and 1 + 1 cells)
    game = load_game(spec(999_999_999))
    assert game.laws.period_runs() is None  # type: ignore[misc]
    result = export_game(game, lang="cpp", main=True)
    assert "conjecture" in result.status and "RUN_STARTS" not in result.source
    monkeypatch.setattr(subtraction, "RUNS_EXPORTED", 6)
    found = load_game(spec(999_999_999)).laws.period_runs()  # type: ignore[misc]
    assert found is not None and found.runs == ((0, (0, 1, 2)), (999_999_999, (3,)))
