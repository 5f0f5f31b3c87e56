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
from grundy.errors import GrundyError, InvalidPositionError, NotSupportedError
from grundy.export.code import pack, unpack
from grundy.model.game import Game
from grundy.reports.export_policy import Plan, export_plan, export_source
from tests.helpers import brute_outcome, brute_value, compile_cpp_together, run

GXX = shutil.which("g++")
HEAP_UPTO, PAIR_UPTO = 20, 12
BRUTE_SUM = 12
SPECS = [spec for entry in registered_games() for spec in entry.examples
         if (spec == entry.examples[0] or entry.name == "moore")  # every game; every Moore's Nim_k
         and entry.name not in ("staircase", "tree-staircase", "ruler", "mock-turtles", "turning-turtles",
                                "split-game", "coin-slide", "treblecross")]
# (tree-staircase: tests/games/test_tree_staircase.py; treblecross: tests/contest/test_treblecross_judge.py;
# staircase by the odd-steps theorem, coin-turning games by their heads: tests/export/test_export_contest.py;
# the split game and coin-slide by the rules they declare: tests/export/test_export_rules.py)


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
    if game.laws.export is not None and game.laws.export.kind == "grid":
        return "grid"  # (boards of heads: tests/export/test_export_grid.py)
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
        if kind == "grid":
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
    assert refused  # (games with no export rule, e.g. on graphs, are refused in one line)
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
    assert code == 0 and err == "" and len(out) < 16_000  # 1,001 values, packed, and the algorithm
    assert "py_popcount" not in out and "py_isqrt" not in out
    code, out, err = run(capsys, "export", "grundy-game", "--upto", "1000", "--lang", "python",
                         "--max-size", "6000")  # the table cut to fit
    assert code == 0 and len(out.encode()) <= 6000
    assert re.fullmatch(r"grundy: warning: the table of heaps 0..1,000 would make the program larger than "
                        r"6,000 bytes: it holds heaps 0..\d+ .*\n", err)
    monkeypatch.setattr("grundy.export.code.SIZE_WARNING", 1024)
    code, out, err = run(capsys, "export", "grundy-game", "--upto", "1000", "--lang", "python",
                         "--max-size", "0")  # no bound: the warning only
    assert code == 0 and len(out) > 1024
    assert re.fullmatch(r"grundy: warning: the program is \d+ KB, more than the 1 KB .*\n", err)
    code, out, err = run(capsys, "export", "nim", "--lang", "python")
    assert "def popcount" not in out and "import math" not in out


# ---- beyond the table: the P-positions --------------------------------------------------------

def test_a_conjectured_p_rule_answers_beyond_the_table_and_says_so() -> None:
    """A pair table whose P-positions are a == b (Nim on two heaps); beyond it, only the outcome."""
    from grundy.export.code import OutcomeRule, export_code

    grid = [[a ^ b for b in range(6)] for a in range(6)]
    rule = OutcomeRule("P iff a == b", "conjecture, checked for a <= 5, b <= 5", "a == b")
    code = export_code(name="two-nim", kind="pair", lang="python", pattern=None, table=grid, main=True,
                       outcome_rule=rule)
    assert "beyond the table, who wins: P iff a == b: conjecture, checked for a <= 5, b <= 5" in code
    done = subprocess.run([sys.executable, "-S", "-c", code], input="2 3\n40 40\n40 41\n1 2 3\n5 5\n",
                          capture_output=True, text=True)
    assert done.stdout.splitlines() == ["1 N", "0 P", "- N", "error: expected two numbers a b, got 3", "0 P"]
    assert done.returncode == 1
    wythoff = export_source(load_game("wythoff"), lang="cpp", upto=5)
    assert "beyond the table, who wins: P iff" in wythoff and "proved (Wythoff's theorem, 1907)" in wythoff


def test_the_self_check_catches_a_wrong_program() -> None:
    from grundy.export.code import OutcomeRule, export_code
    from grundy.reports.export_policy import _self_check

    code = export_code(name="t", kind="heap", lang="python", pattern=None, table=[0, 1, 2, 0])
    _self_check(code, Plan("t", "heap", [0, 1, 2, 0]))
    with pytest.raises(GrundyError, match=r"gives G\(3,\) = 0, the table 3"):
        _self_check(code, Plan("t", "heap", [0, 1, 2, 3]))
    grid = [[a ^ b for b in range(4)] for a in range(4)]
    wrong = OutcomeRule("P iff a == 0", "conjecture", "a == 0")
    code = export_code(name="t", kind="pair", lang="python", pattern=None, table=grid, outcome_rule=wrong)
    with pytest.raises(GrundyError, match="rule for the P-positions is wrong at"):
        _self_check(code, Plan("t", "pair", grid))


# ---- games of grundy.define on one number, or with a declared domain ---------------------------

def xt_split(position):  # type: ignore[no-untyped-def]
    """Multi-SG on one number: take one or two, or split n - 1 into two non-empty parts (a Sum)."""
    (n,) = position
    out = [(n - k,) for k in (1, 2) if k <= n]
    return out + [grundy.Sum((k,), (n - 1 - k,)) for k in range(1, (n - 1) // 2 + 1)]


def xt_from_one(position):  # type: ignore[no-untyped-def]
    (n,) = position
    return [(n - k,) for k in (1, 2, 3) if n - k >= 1]


def xt_free(position):  # type: ignore[no-untyped-def]
    (n,) = position
    return [(n - k,) for k in (1, 3, 4) if k <= n]


def xt_piles(position):  # type: ignore[no-untyped-def]
    a, b = position
    return [(a - k, b) for k in (1, 2, 3) if a - k >= 1] + [(a, b - k) for k in range(1, b)]


def xt_no_two(position):  # type: ignore[no-untyped-def]
    a, b = position
    return [(a - k, b) for k in range(1, a) if k != 2] + [(a, b - k) for k in range(1, b) if k != 2]


def xt_ordered(position):  # type: ignore[no-untyped-def]
    a, b = position
    return [(a - 1, b)] * (a > 0) + [(a, b - k) for k in (1, 2) if b - k >= a]


def _ordered(p: tuple[int, ...]) -> bool:
    return 0 <= p[0] <= p[1]


# name: (move function, decorator keywords, the domain (an independent test), kind, table size)
DOMAIN_GAMES: dict[str, tuple[Any, dict[str, Any], Any, str, int]] = {
    "xt-split": (xt_split, {"arity": 1}, lambda p: True, "number", 30),
    "xt-from-one": (xt_from_one, {"minimum": (1,)}, lambda p: p[0] >= 1, "number", 30),
    "xt-free": (xt_free, {}, lambda p: True, "number", 30),
    "xt-piles": (xt_piles, {"minimum": (1, 1)}, lambda p: min(p) >= 1, "pair", 10),
    "xt-no-two": (xt_no_two, {"minimum": (1, 1)}, lambda p: min(p) >= 1, "pair", 10),
    "xt-ordered": (xt_ordered, {"arity": 2, "valid": _ordered}, _ordered, "pair", 10),
}


def own_value(moves: Any, position: Any, memo: dict[Any, int]) -> int:
    """The test's own brute force: mex over the move function, a Sum the XOR of its parts."""
    if isinstance(position, grundy.Sum):
        total = 0
        for part in position.parts:
            total ^= own_value(moves, part, memo)
        return total
    if position not in memo:
        seen = {own_value(moves, o, memo) for o in moves(position)}
        memo[position] = min(set(range(len(seen) + 1)) - seen)
    return memo[position]


def domain_inputs(kind: str, upto: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Positions inside and beyond the table, outside the domain, and (one number) sums."""
    if kind == "pair":
        out = [(0, 0), (0, 3), (3, 0), (1, 1), (2, 1), (1, 2)]
        out += [(rng.randint(0, upto), rng.randint(0, upto)) for _ in range(20)]
        return out + [(rng.randint(0, upto + 12), rng.randint(0, upto + 12)) for _ in range(10)]
    out = [(0,), (1,), (upto,), (upto + 5,), (3, 4), (2, 0), (0, 2), (5, 5, 5), (upto + 9, 1)]
    for _ in range(20):
        out.append(tuple(rng.randint(0, upto + 8) for _ in range(rng.randint(1, 4))))
    return out


def expected_error(kind: str, position: tuple[int, ...], inside: Any, upto: int, sums: bool,
                   valid: bool) -> str | None:
    """Which error the line must be, from the test's own reading of the domain (None: a value);
    beyond the table, a game's valid() is not known (a minimum is)."""
    if kind == "number" and not sums and len(position) != 1:
        return "a position is one number n"
    parts = [position] if kind == "pair" else [(n,) for n in position]
    for part in parts:
        if valid and max(part) > upto:
            return "beyond"
        if not inside(part):
            return "is not a position of the game"
        if max(part) > upto:
            return "beyond"  # an answer by a formula or a rule, or the error 'beyond the table'
    return None


@pytest.fixture(scope="module")
def domain_exports() -> Iterator[list[tuple[str, Any, str, str, list[tuple[int, ...]]]]]:
    for name, (fn, keywords, _, _, _) in DOMAIN_GAMES.items():
        grundy.game(name, **keywords)(fn)
    rng = random.Random(17)
    try:
        out = []
        for name, (_, _, _, kind, upto) in DOMAIN_GAMES.items():
            game = load_game(name)
            plan = export_plan(game, upto)
            assert plan.kind == kind, name
            python = export_source(game, lang="python", main=True, plan=plan)
            cpp = export_source(game, lang="cpp", main=True, plan=plan)
            out.append((name, plan, python, cpp, domain_inputs(kind, upto, rng)))
        yield out
    finally:
        for name in DOMAIN_GAMES:
            catalog.unregister(name)


@pytest.mark.slow
def test_own_games_on_one_number_and_with_domains_export(domain_exports: Any, tmp_path: Path) -> None:
    """Python and C++ (compiled together once) against the test's own brute force and grundy solve,
    on random lines: several numbers (a sum only where arity=1 is declared), inputs outside the
    domain (an error line for that input alone), inside and beyond the table."""
    exe = compile_cpp_together([cpp for *_, cpp, _ in domain_exports], tmp_path) if GXX else None
    for i, (name, plan, python, _, todo) in enumerate(domain_exports):
        fn, keywords, inside, kind, upto = DOMAIN_GAMES[name]
        game, memo = load_game(name), {}
        script = tmp_path / f"d{i}.py"
        script.write_text(python)
        lines = run_program([sys.executable, "-S", str(script)], todo)
        cpp_lines = run_program([str(exe), str(i)], todo) if exe is not None else lines
        for position, line, cpp_line in zip(todo, lines, cpp_lines, strict=True):
            where = (name, position, line, cpp_line)
            error = expected_error(kind, position, inside, upto, plan.sums, "valid" in keywords)
            if error is not None and error != "beyond":
                assert line.startswith("error: ") and error in line, where
                assert cpp_line == line, where
                continue
            if line.startswith("error: "):
                assert error == "beyond", where
                if plan.checked is not None:  # an unproved formula answers only where it was checked
                    assert "where the conjectured pattern was checked" in line, where
                else:
                    assert "is beyond the table" in line, where
                    assert plan.best is None and plan.rule is None, where
                assert cpp_line == line, where
                continue
            value, outcome = line.split()
            parts = [position] if kind == "pair" else [(n,) for n in position]
            want = 0
            for part in parts:
                want ^= own_value(fn, part, memo)
            assert outcome == ("N" if want else "P"), where
            assert value in ("-", str(want)), where
            target = parts[0] if len(parts) == 1 else grundy.Sum(*parts)
            if parts and max(map(max, parts)) <= 3 * upto:
                assert solve(game, target).grundy == want, where
            if cpp_line != line:  # beyond the table, the Python twin may use the move function
                assert "by the move function" in python and error == "beyond", where
                if plan.checked is not None:  # (an unproved pattern: C++ answers only where checked)
                    assert "where the conjectured pattern was checked" in cpp_line, where
                elif kind == "pair":
                    assert cpp_line.endswith("is beyond the table (1 <= a <= 10, 1 <= b <= 10)"), where
                else:  # (a game on one number: the Python twin carries its move function too)
                    assert cpp_line.startswith("error: ") and "is beyond the table (" in cpp_line, where


def test_domain_exports_say_what_they_rest_on(domain_exports: Any) -> None:
    """The headers: the domain, the sums, the table's range from the least position."""
    by_name = {name: (plan, python, cpp) for name, plan, python, cpp, _ in domain_exports}
    plan, python, cpp = by_name["xt-split"]
    assert plan.sums and "several numbers are the disjunctive sum" in python
    plan, python, _ = by_name["xt-free"]
    assert not plan.sums and "does not declare arity=1" in python
    plan, python, cpp = by_name["xt-from-one"]
    assert "# positions: n >= 1; any other input is an error line" in python
    assert "// positions: n >= 1" in cpp
    _, python, _ = by_name["xt-no-two"]
    assert "exact values computed by grundy for 1 <= a <= 10, 1 <= b <= 10" in python
    _, python, cpp = by_name["xt-ordered"]
    assert "those valid() accepts, which the program knows only inside its table" in python
    assert "by the move function" not in python  # valid() is not exported: beyond the table, an error


def test_a_p_rule_from_the_least_position(tmp_path: Path) -> None:
    """Beyond the table of a game on piles >= 1, a P-position rule answers the outcome; below the
    minimum, an error line (Python and C++ alike)."""
    from grundy.export.code import OutcomeRule, export_code

    grid = [[a ^ b for b in range(1, 7)] for a in range(1, 7)]
    rule = OutcomeRule("P iff a == b", "conjecture, checked for 1 <= a <= 6, 1 <= b <= 6", "a == b")
    stdin = "2 3\n40 40\n40 41\n0 5\n5 0\n6 6\n7 1\n"
    want = ["1 N", "0 P", "- N", "error: (0, 5) is not a position of the game (a >= 1, b >= 1)",
            "error: (5, 0) is not a position of the game (a >= 1, b >= 1)", "0 P", "- N"]
    sources = []
    for lang in ("python", "cpp"):
        sources.append(export_code(name="piles", kind="pair", lang=lang, pattern=None, table=grid,
                                   main=True, outcome_rule=rule, origin=(1, 1), domain="a >= 1, b >= 1"))
    done = subprocess.run([sys.executable, "-S", "-c", sources[0]], input=stdin, capture_output=True,
                          text=True)
    assert done.stdout.splitlines() == want and done.returncode == 1
    if GXX is None:
        pytest.skip("g++ is not installed")
    exe = compile_cpp_together(sources[1:], tmp_path)
    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want and done.returncode == 1


def test_a_sum_of_one_number_games_in_each_layout(domain_exports: Any) -> None:
    """'cases' and 'counted' read k, then k numbers: the sum of k positions (G(n) = (n - 1) % 4:
    G(3) ^ G(4) = 2 ^ 3, G(2) ^ G(3) ^ G(1) = 1 ^ 2 ^ 0)."""
    for layout, stdin, want in (("cases", "2\n2\n3 4\n1\n0\n", ["1 N", "error: 0 is not a position of the "
                                                                      "game (n >= 1)"]),
                                ("counted", "3\n2 3 1\n", ["3 N"])):
        python = export_source(load_game("xt-from-one"), lang="python", upto=30, main=True,
                               input_format=layout)
        done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True,
                              text=True)
        assert done.stdout.splitlines() == want, (layout, done.stdout, done.stderr)


def test_export_game_is_the_library_call(capsys: pytest.CaptureFixture[str]) -> None:
    """grundy.export_game gives what the command prints, with its header and warnings."""
    assert "export_game" in dir(grundy) and "ExportResult" in grundy.__all__
    result = grundy.export_game(load_game("subtraction(1,3,4)"), lang="cpp", main=True, upto=100)
    code, out, err = run(capsys, "export", "subtraction(1,3,4)", "--lang", "cpp", "--main", "--upto", "100")
    assert code == 0 and err == "" and out == result.source
    assert result.size == len(out.encode()) and not result.warnings
    assert result.plan.period is not None and result.plan.period.proved
    assert result.header[1].startswith("values: G(n + 7) = G(n) for every n >= 0: proved (")
    assert result.status == result.header[1].removeprefix("values: ")
    assert grundy.export_game(load_game("moore(2)")).status.endswith("proved (Moore's theorem, 1910)")
    with pytest.raises(grundy.InvalidInputError, match="main=True"):
        grundy.export_game(load_game("nim"), input_format="cases")


def test_a_found_p_rule_of_a_game_from_its_least_position_says_where_it_was_checked() -> None:
    from grundy.patterns.record import Pattern
    from grundy.reports.export_policy import _p_rule

    found = [Pattern("values", "G(a, b) = ... (conjecture)", None, "conjecture", 9),
             Pattern("p-positions", "P iff a == b (conjecture, checked for 1 <= a <= 9, 1 <= b <= 9)",
                     "a == b", "conjecture", 9)]
    rule = _p_rule(load_game("nim"), found, (1, 1))
    assert (rule.text, rule.formula) == ("P iff a == b", "a == b")
    assert rule.status == "conjecture, checked for 1 <= a <= 9, 1 <= b <= 9"
    assert _p_rule(load_game("nim"), found).status == "conjecture, checked for a <= 9, b <= 9"


def test_a_found_p_rule_keeps_the_parentheses_of_its_law() -> None:
    """Only the closing status is cut from a found rule's text: 'φ = (1 + √5)/2' stays whole."""
    from grundy.patterns.record import Pattern
    from grundy.reports.export_policy import _p_rule

    text = "P iff max(a, b) < φ·min(a, b) and a ≠ b, or min(a, b) = 0, φ = (1 + √5)/2"
    found = [Pattern("p-positions", f"{text} (conjecture, checked for a <= 30, b <= 30)",
                     "a == b", "conjecture", 30)]
    assert _p_rule(load_game("nim"), found).text == text



@pytest.mark.slow
def test_a_p_position_beyond_the_table_prints_its_value_0_as_solve_input_does(tmp_path: Path) -> None:
    """Beyond Wythoff's table the programs answer by the rule of its P-pairs: a P-position's value is
    0 (Sprague-Grundy), an N-position's unknown ('-'); ``solve --input`` prints the same lines."""
    from tests.helpers import cli_output, python_lines

    pairs = [(618, 1000), (1000, 618), (1000, 1001), (3, 5), (4, 4), (10**17, 10**17 + 1)]
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli_output("solve", "wythoff", "--input", "lines", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["0 P", "0 P"] and lines[2].endswith(" N") and lines[3] == "0 P"
    program = export_source(load_game("wythoff"), lang="python", main=True)
    assert python_lines(program, text) == lines
    if shutil.which("g++"):
        exe = compile_cpp_together([export_source(load_game("wythoff"), lang="cpp", main=True)], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True)
        assert done.stdout.splitlines() == lines
