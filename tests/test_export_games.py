"""Every catalogue game's export (Python, and C++ where g++ is installed) against ``grundy solve``
and an independent brute force on random multi-part positions, or a clear refusal; the input
layouts; tables packed; the size warning; user games.

The C++ programs of all games are compiled together, once (each in its own namespace), and each is
fed all its positions in one run.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy import HeapGame, catalog, load_game, registered_games, solve
from grundy.core.game import Game
from grundy.errors import GrundyError, InvalidPositionError, NotSupportedError
from grundy.reports.export_policy import Plan, export_plan, export_source
from grundy.sequences.export import pack, unpack
from tests.helpers import brute_outcome, brute_value, compile_cpp_together, run

GXX = shutil.which("g++")
HEAP_UPTO, PAIR_UPTO = 20, 12
BRUTE_SUM = 12
SPECS = [spec for entry in registered_games() for spec in entry.examples
         if spec == entry.examples[0] or entry.name == "moore"]  # every game; every Moore's Nim_k


def user_split(n):  # type: ignore[no-untyped-def]
    """A user heap game: options as an int, a 1-tuple, a split, and () (the heap gone)."""
    out = [n - 1] if n >= 1 else []
    if n >= 2:
        out.append((n - 2,))
    out += [(k, n - 1 - k) for k in range(1, (n - 1) // 2 + 1)]
    if n == 3:
        out.append(())
    return out


def user_pairs(position):  # type: ignore[no-untyped-def]
    """A user game on pairs: take 1-3 from a, 1 or 4 from b, or one from each."""
    a, b = position
    return ([(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 4) if k <= b]
            + [(a - 1, b - 1)] * (a > 0 and b > 0))


USER_GAMES = {"export-test-split": user_split, "export-test-pairs": user_pairs}


def exported_kind(game: Game) -> str | None:
    """How the game is exported, or ``None`` when export must refuse it."""
    if isinstance(game, HeapGame):
        return "heap"
    try:
        return "pair" if game.table_2d(2) is not None else None
    except GrundyError:
        return None


def positions(game: Game, rng: random.Random) -> list[tuple[int, ...]]:
    """Multi-part positions: several heaps (some beyond the table), or pairs inside and beyond."""
    out: list[tuple[int, ...]] = []
    if isinstance(game, HeapGame):
        out += [(n,) for n in range(0, HEAP_UPTO + 1, 5)] + [(1, 1), (3, 3), (1, 2, 3), (2, 2, 2, 2)]
        while len(out) < 20:
            out.append(tuple(rng.randint(0, 5) for _ in range(rng.randint(2, 4))))
        out += [(HEAP_UPTO + 7,), (HEAP_UPTO + 3, 5)]
        return out
    for _ in range(40):
        top = PAIR_UPTO if len(out) < 25 else PAIR_UPTO + 14
        p = (rng.randint(0, top), rng.randint(0, top))
        try:
            game.validate(p)
        except InvalidPositionError:
            continue
        if tuple(game.validate(p)) == p:  # the export reads 'a b' as given
            out.append(p)
    return out


def check_answers(game: Game, source: str, todo: list[tuple[int, ...]], lines: list[str]) -> None:
    assert len(lines) == len(todo), (game.spec, lines)
    table = "values: exact values computed by grundy" in source
    conjecture = "conjecture" in source  # answers beyond the checked range are labelled so
    top = HEAP_UPTO if isinstance(game, HeapGame) else PAIR_UPTO
    for position, line in zip(todo, lines, strict=True):
        where = f"{game.spec} at {position}: exported {line!r}"
        if line.startswith("error:"):
            assert table and "beyond the table" in line, where
            assert max(position) > top, where
            continue
        if conjecture and max(position) > top:
            continue
        value, outcome = line.split()
        answer = solve(game, position)
        assert outcome == answer.outcome.value, where
        small = sum(position) <= BRUTE_SUM or not isinstance(game, HeapGame)  # independent brute force
        if small:
            assert outcome == brute_outcome(game, position).value, where
        if value != "-":
            assert int(value) == answer.grundy, where
            if small:
                assert int(value) == brute_value(game, position), where


def exports() -> tuple[list[tuple[Game, str, str, list[tuple[int, ...]]]], list[str]]:
    """(game, python source, C++ source, positions) for every exportable example spec and the user
    games; the refused."""
    rng = random.Random(2024)
    done, refused = [], []
    for spec in [*SPECS, *USER_GAMES]:
        game = load_game(spec)
        kind = exported_kind(game)
        upto = HEAP_UPTO if kind == "heap" else PAIR_UPTO
        if kind is None:
            with pytest.raises(NotSupportedError, match="export needs a heap game or a game on pairs"):
                export_source(game, lang="python", upto=upto)
            refused.append(spec)
            continue
        plan = export_plan(game, upto)
        python = export_source(game, lang="python", main=True, plan=plan)
        cpp = export_source(game, lang="cpp", main=True, plan=plan)
        done.append((game, python, cpp, positions(game, rng)))
    return done, refused


@pytest.fixture(scope="module")
def catalogue() -> Iterator[tuple[list[tuple[Game, str, str, list[tuple[int, ...]]]], list[str]]]:
    grundy.heap_game("export-test-split")(user_split)
    grundy.game("export-test-pairs")(user_pairs)
    try:
        with pytest.MonkeyPatch.context() as patch:  # a short formula search: whatever it finds is checked
            patch.setattr("grundy.reports.tables.PATTERN_STEPS", 2_000)
            yield exports()
    finally:
        for name in USER_GAMES:
            catalog.unregister(name)


@pytest.mark.slow
def test_every_catalogue_game_exports_or_is_refused(catalogue: Any, tmp_path: Path) -> None:
    """Python: each program run once on all its positions; agrees with solve and brute force."""
    done, refused = catalogue
    assert {"moore(2)", "moore(3)", "wythoff", "fibonacci-nim", "nim"} <= {g.spec for g, *_ in done}
    assert {"staircase", "ruler", "coin-slide"} <= set(refused)
    assert {"export-test-split", "export-test-pairs"} <= {g.spec for g, *_ in done}
    for i, (game, python, _, todo) in enumerate(done):
        script = tmp_path / f"p{i}.py"
        script.write_text(python)
        out = run_program([sys.executable, "-S", str(script)], todo)
        check_answers(game, python, todo, out)


@pytest.mark.slow
@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_every_catalogue_game_exports_to_cpp(catalogue: Any, tmp_path: Path) -> None:
    """C++: all programs compiled together once; each prints what its Python twin prints (checked
    against solve and brute force above), but where the twin uses the move function beyond the table."""
    done, _ = catalogue
    exe = compile_cpp_together([cpp for _, _, cpp, _ in done], tmp_path)
    for i, (game, python, _, todo) in enumerate(done):
        script = tmp_path / f"p{i}.py"
        script.write_text(python)
        got = run_program([str(exe), str(i)], todo)
        python_lines = run_program([sys.executable, "-S", str(script)], todo)
        for position, line, twin in zip(todo, got, python_lines, strict=True):
            where = (game.spec, position, line, twin)
            if line != twin:  # the Python twin may answer by the move function beyond the table
                assert "the move function" in python and not twin.startswith("error"), where
                assert line.startswith("error") or line == f"- {twin.split()[1]}", where


def run_program(command: list[str], todo: list[tuple[int, ...]]) -> list[str]:
    stdin = "".join(" ".join(map(str, p)) + "\n" for p in todo)
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    assert done.returncode == int("error:" in done.stdout), done.stderr
    return done.stdout.splitlines()


# ---- Moore's Nim: never the XOR ---------------------------------------------------------------

def test_moore_is_not_a_sum() -> None:
    """The issue's positions: 1 2 3, 1 1, 3 3 3 of moore(2) are N, N, P (XOR said P, P, N)."""
    source = export_source(load_game("moore(2)"), lang="python", main=True)
    assert "proved (Moore's theorem, 1910)" in source and "NOT a sum" in source
    done = subprocess.run([sys.executable, "-S", "-c", source], input="1 2 3\n1 1\n3 3 3\n0 7\n",
                          capture_output=True, text=True)
    assert done.stdout.split("\n") == ["- N", "- N", "- P", "7 N", ""]


def test_a_heap_game_that_is_not_a_sum_is_refused() -> None:
    class Together(HeapGame):
        name = "together-test"

        @property
        def spec(self) -> str:
            return "together-test"

        def heap_moves(self, n: int) -> Any:
            return [(f"take {k}", (n - k,)) for k in range(1, n + 1)]

        def components(self, position: Any) -> Any:
            return None

    with pytest.raises(NotSupportedError, match="not the sum of its heaps"):
        export_source(Together(), lang="cpp")


def test_nim_is_proved_by_bouton() -> None:
    for lang in ("python", "cpp"):
        source = export_source(load_game("nim"), lang=lang)
        header = source.split("\n", 3)[:3]
        assert any("proved (" in line and "Bouton's theorem" in line for line in header), header
        assert "conjecture" not in source


# ---- input layouts ------------------------------------------------------------------------------

LAYOUTS = {
    "lines": ("3 4 5\n1 1\n7\n", "1 2\n5 9\n0 0\n"),
    "cases": ("3\n3\n3 4 5\n2\n1 1\n1\n7\n", "3\n1 2\n5 9\n0 0\n"),
    "counted": ("3\n3 4 5\n", "1 2\n"),
}
WANT = {("heap", "lines"): ["2 N", "0 P", "7 N"], ("heap", "cases"): ["2 N", "0 P", "7 N"],
        ("heap", "counted"): ["2 N"], ("pair", "lines"): ["0 P", "- N", "0 P"],
        ("pair", "cases"): ["0 P", "- N", "0 P"], ("pair", "counted"): ["0 P"]}


@pytest.mark.slow
def test_input_layouts_round_trip(tmp_path: Path) -> None:
    """nim (heaps) and wythoff (pairs; 5 9 is beyond a table of a, b <= 4) in each layout, Python
    and C++ (the six C++ programs compiled together)."""
    sources = []
    for kind, spec, upto in (("heap", "nim", 30), ("pair", "wythoff", 4)):
        plan = export_plan(load_game(spec), upto)
        for layout in sorted(LAYOUTS):
            python = export_source(load_game(spec), lang="python", main=True, input_format=layout, plan=plan)
            cpp = export_source(load_game(spec), lang="cpp", main=True, input_format=layout, plan=plan)
            assert f"input ({layout})" in python and f"input ({layout})" in cpp
            stdin = LAYOUTS[layout][kind == "pair"]
            done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True,
                                  text=True)
            assert done.stdout.splitlines() == WANT[kind, layout] and done.returncode == 0, done.stderr
            sources.append((cpp, stdin, WANT[kind, layout]))
    if GXX is None:
        pytest.skip("g++ is not installed")
    exe = compile_cpp_together([s for s, _, _ in sources], tmp_path)
    for i, (_, stdin, want) in enumerate(sources):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want and done.returncode == 0, done.stderr


def test_input_needs_main(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "export", "nim", "--input", "cases")
    assert code == 2 and out == ""
    assert err == "grundy: error: --input cases says what the program's main reads: add --main\n"


def test_a_broken_layout_stops_with_one_line() -> None:
    python = export_source(load_game("nim"), lang="python", upto=10, main=True, input_format="cases")
    for stdin, why in (("2\n1 5\n", "the input ended inside a case"), ("1\n2 3 x\n", "not a non-negative"),
                       ("1\n1 3\n9\n", "more words after the last case")):
        done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True,
                              text=True)
        assert done.returncode == 1 and why in done.stderr


# ---- size ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("values", [[], [0], [5] * 1000, [*range(200), 2**40, 0, 0, 7],
                                    [random.Random(1).randint(0, 3000) for _ in range(500)]])
def test_packed_tables_round_trip(values: list[int]) -> None:
    text, _ = pack(values)
    assert unpack(*pack(values)) == values
    assert set(text) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-+")


def test_large_exports_warn_and_stay_small(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, "export", "grundy-game", "--upto", "1000", "--lang", "cpp")
    assert code == 0 and err == "" and len(out) < 8_000  # 1,001 values, packed
    assert "py_popcount" not in out and "py_isqrt" not in out
    monkeypatch.setattr("grundy.sequences.export.SIZE_WARNING", 1024)
    code, out, err = run(capsys, "export", "grundy-game", "--upto", "1000", "--lang", "python")
    assert code == 0 and len(out) > 1024
    assert re.fullmatch(r"grundy: warning: the program is \d+ KB, more than the 1 KB .*\n", err)
    code, out, err = run(capsys, "export", "nim", "--lang", "python")
    assert "def popcount" not in out and "import math" not in out


# ---- beyond the table: the P-positions --------------------------------------------------------

def test_a_conjectured_p_rule_answers_beyond_the_table_and_says_so() -> None:
    """A pair table whose P-positions are a == b (Nim on two heaps); beyond it, only the outcome."""
    from grundy.sequences.export import OutcomeRule, export_code

    grid = [[a ^ b for b in range(6)] for a in range(6)]
    rule = OutcomeRule("P iff a == b", "conjecture, checked for a <= 5, b <= 5", "a == b")
    code = export_code(name="two-nim", kind="pair", lang="python", pattern=None, table=grid, main=True,
                       outcome_rule=rule)
    assert "beyond the table, who wins: P iff a == b, conjecture, checked for a <= 5, b <= 5" in code
    done = subprocess.run([sys.executable, "-S", "-c", code], input="2 3\n40 40\n40 41\n1 2 3\n5 5\n",
                          capture_output=True, text=True)
    assert done.stdout.splitlines() == ["1 N", "- P", "- N", "error: expected two numbers a b, got 3", "0 P"]
    assert done.returncode == 1
    wythoff = export_source(load_game("wythoff"), lang="cpp", upto=5)
    assert "beyond the table, who wins: P iff" in wythoff and "proved (Wythoff's theorem, 1907)" in wythoff


def test_the_self_check_catches_a_wrong_program() -> None:
    from grundy.reports.export_policy import _self_check
    from grundy.sequences.export import OutcomeRule, export_code

    code = export_code(name="t", kind="heap", lang="python", pattern=None, table=[0, 1, 2, 0])
    _self_check(code, Plan("t", "heap", [0, 1, 2, 0]))
    with pytest.raises(GrundyError, match=r"gives G\(3,\) = 0, the table 3"):
        _self_check(code, Plan("t", "heap", [0, 1, 2, 3]))
    grid = [[a ^ b for b in range(4)] for a in range(4)]
    wrong = OutcomeRule("P iff a == 0", "conjecture", "a == 0")
    code = export_code(name="t", kind="pair", lang="python", pattern=None, table=grid, outcome_rule=wrong)
    with pytest.raises(GrundyError, match="rule for the P-positions is wrong at"):
        _self_check(code, Plan("t", "pair", grid))
