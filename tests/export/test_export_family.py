"""Exports of game families whose parameters the input gives (``grundy export 'bash(m)'``): every
program, Python and C++ (compiled once), against grundy's own engine on many parameters and
positions (sums, heaps up to 2^64 - 1, degenerate parameters), in every layout and place of the
parameters; bad parameters and heaps it cannot answer give error lines, never a value.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from grundy import grundy_value, load_game, solve
from grundy.errors import InvalidInputError
from grundy.export.family import LAYOUTS, WHERE
from grundy.games.takebreak.stripes import MAX_STRIPE
from grundy.reports.export_policy import export_family
from tests.helpers import compile_cpp_together

pytestmark = pytest.mark.slow  # (every test here compiles or runs whole programs: 0.3 s or more)

GXX = shutil.which("g++")
BIG = [10**18, 2**64 - 1, 10**18 + 7]

Case = tuple[list[list[int]], list[int]]
"""One position: the parameters (each a list: one number, or a set's members) and the heaps."""


@cache
def _game(spec: str):  # type: ignore[no-untyped-def]
    return load_game(spec)


def _line(value: int | None, wins: bool) -> str:
    return f"{'-' if value is None else value} {'N' if wins else 'P'}"


def expected(family: str, case: Case) -> str:
    """grundy's own answer (the engine, by the catalogue's game with these parameters)."""
    params, heaps = case
    flat = [p[0] if p else 0 for p in params]
    if family == "bash(m)":
        if flat[0] < 1:
            return "error"
        spec = f"bash({flat[0]})"
    elif family == "bash(a,b)":
        if not 1 <= flat[0] <= flat[1]:
            return "error"
        spec = f"bash({flat[0]},{flat[1]})"
    elif family == "bounded-nim(m)":
        if flat[0] < 1:
            return "error"
        spec = f"bounded-nim({flat[0]})"
    elif family == "subtraction(S)":
        if not params[0] or min(params[0]) < 1:
            return "error"
        spec = f"subtraction({','.join(map(str, params[0]))})"
    elif family == "stripes(S)":
        if not params[0] or not all(1 <= s <= MAX_STRIPE for s in params[0]):
            return "error"
        spec = f"stripes({','.join(map(str, params[0]))})"
    elif family == "stripes(c,z,n)":
        if not all(1 <= x <= MAX_STRIPE for x in flat):
            return "error"
        spec = f"stripes({','.join(map(str, flat))})"
    else:
        assert family == "moore(k)"
        if flat[0] < 1:
            return "error"
        answer = solve(_game(f"moore({flat[0]})"), tuple(heaps))
        live = [h for h in heaps if h]
        return _line(live[0] if len(live) == 1 else 0 if not live else None, answer.outcome.value == "N")
    value = 0
    for h in heaps:
        value ^= grundy_value(_game(spec), h)
    return _line(value, value != 0)


def brute_bash(a: int, b: int, top: int) -> list[int]:
    """The plain mex, written here: take a..b."""
    g: list[int] = []
    for n in range(top):
        seen = {g[n - k] for k in range(a, b + 1) if k <= n}
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def test_the_formulas_against_a_plain_mex() -> None:
    ns: dict[str, object] = {"__name__": "check"}
    for spec in ("bash(m)", "bash(a,b)"):
        exec(export_family(spec, lang="python"), ns)
        value = ns["grundy_value"]
        for a, b in [(1, 1), (1, 2), (1, 7), (2, 3), (3, 3), (2, 9), (5, 6)]:
            want = brute_bash(a, b, 80)
            args = (b,) if spec == "bash(m)" else (a, b)
            if spec == "bash(m)" and a != 1:
                continue
            assert [value(n, *args) for n in range(80)] == want, (spec, a, b)  # type: ignore[operator]


def _cases(family: str, rng: random.Random) -> list[Case]:
    """Many positions, with the degenerate parameters and large heaps."""
    def heaps(top: int, big: bool = True) -> list[int]:
        out = [rng.randint(0, top) for _ in range(rng.randint(1, 4))]
        return out + ([rng.choice(BIG)] if big and rng.random() < 0.4 else [])

    cases: list[Case] = []
    if family in ("bash(m)", "bounded-nim(m)"):
        for m in [1, 1, 2, 3, 7, 10**6, 2**64 - 2, 0]:
            cases += [([[m]], heaps(60)) for _ in range(4)]
    elif family == "bash(a,b)":
        for a, b in [(1, 1), (2, 2), (2, 5), (3, 4), (7, 100), (10**17, 10**18), (5, 3), (0, 4)]:
            cases += [([[a], [b]], heaps(300)) for _ in range(4)]
    elif family == "subtraction(S)":
        sets = [[1], [2], [1, 3, 4], [2, 5], [5, 2, 2], [3, 7, 20], [1, 97], [4, 9, 11, 30],
                [6, 13, 17, 31, 32], [], [0, 3],
                [290, 604, 929, 1271, 1889], [130, 740, 1030, 1610, 1629, 1777],  # periods 6530, 5146
                [60, 511, 954, 1590, 1722, 1932], [1278, 1955, 1957]]  # from heaps 64046, 86363 on
        sets += [sorted(rng.sample(range(1, 40), rng.randint(1, 5))) for _ in range(8)]
        for s in sets:
            cases += [([s], heaps(3000)) for _ in range(3)] + [([s], [rng.choice(BIG), 5])]
    elif family == "stripes(S)":  # (HDU 2999: any set of lengths)
        for lengths in [[1], [2], [1, 3], [2, 3, 5], [3, 3, 1], [4, 7, 9, 12], [1000], [], [0, 2],
                        [MAX_STRIPE + 1, 1], [2, 5, 6, 11, 17, 20]]:
            cases += [([lengths], heaps(300, big=lengths in ([1], [2], [1, 3]))) for _ in range(3)]
    elif family == "stripes(c,z,n)":
        for czn in [(1, 1, 1), (2, 2, 2), (1, 5, 1), (2, 3, 5), (1, 2, 3), (4, 7, 9), (1000, 1, 3),
                    (0, 2, 3), (1, MAX_STRIPE + 1, 2)]:
            cases += [([[x] for x in czn], heaps(400, big=czn in PERIODIC)) for _ in range(3)]
    else:
        for k in [1, 2, 3, 5, 2**64 - 1, 0]:
            cases += [([[k]], [rng.randint(0, 6) for _ in range(rng.randint(1, 4))]) for _ in range(4)]
            cases.append(([[k]], [rng.choice(BIG), rng.choice(BIG), 3]))
    return cases


PERIODIC = [(1, 1, 1), (2, 2, 2), (1, 5, 1)]
"""Stripes whose period grundy proves (Guy-Smith): their exports answer rows up to 2^64 - 1 too."""

FAMILIES = ("bash(m)", "bash(a,b)", "bounded-nim(m)", "subtraction(S)", "stripes(c,z,n)", "stripes(S)",
            "moore(k)")


def _numbers(params: list[list[int]], sets: bool) -> list[int]:
    return [x for p in params for x in ([len(p), *p] if sets else p)]


def render(family: str, cases: list[Case], layout: str, where: str) -> str:
    """The cases as an input of ``layout`` with the parameters ``where`` (``first``: the first
    case's parameters for all)."""
    sets = family.endswith("(S)")

    def position(heaps: list[int]) -> list[int]:
        return heaps if layout in ("lines", "single") else [len(heaps), *heaps]

    if where == "block":
        return _blocks(cases, layout, sets, position)
    if where == "after":  # (the first number, T or n of counted, then the parameters)
        params = " ".join(map(str, _numbers(cases[0][0], sets)))
        if layout == "counted":
            return f"{len(cases[0][1])} {params}\n{' '.join(map(str, cases[0][1]))}\n"
        return f"{len(cases)} {params}\n" + "".join(" ".join(map(str, position(h))) + "\n" for _, h in cases)
    rows = []
    for params, heaps in cases:
        p = [] if where == "first" else _numbers(params, sets)
        rows.append(" ".join(map(str, p + position(heaps) if where == "each" else position(heaps) + p)))
    head = [" ".join(map(str, _numbers(cases[0][0], sets)))] if where == "first" else []
    count = [] if layout in ("lines", "counted") else [str(len(cases))]
    return "\n".join(head + count + rows) + "\n"


def _blocks(cases: list[Case], layout: str, sets: bool, position: Callable[[list[int]], list[int]]) -> str:
    """The cases as blocks (each run of cases with the same parameters: the parameters, then
    ``T`` and its cases); with ``cases``, a last block of zeros ends the input (with ``single``,
    its end does)."""
    rows: list[str] = []
    at = 0
    while at < len(cases):
        end = at
        while end < len(cases) and cases[end][0] == cases[at][0]:
            end += 1
        rows.append(" ".join(map(str, _numbers(cases[at][0], sets))))
        rows.append(str(end - at))
        rows += [" ".join(map(str, position(heaps))) for _, heaps in cases[at:end]]
        at = end
    if layout == "cases":
        rows.append(" ".join(["0"] * (1 if sets else len(cases[0][0]))))
    return "\n".join(rows) + "\n"


def _ends_the_input(params: list[list[int]], sets: bool) -> bool:
    """Whether a block with these parameters is the one that ends the input (all 0)."""
    return all(p == [] if sets else p == [0] for p in params)


def _plan(rng: random.Random) -> list[tuple[str, str, str, list[Case]]]:
    """(family, layout, where, cases) of every program run."""
    runs = []
    for family in FAMILIES:
        cases = _cases(family, rng)
        runs.append((family, "lines", "each", cases))
        runs.append((family, "cases", "each", cases))
        if not family.endswith("(S)"):
            runs.append((family, "lines", "last", cases))
        runs.append((family, "cases", "last", cases))
        first = [c for c in cases if c[0] == cases[2][0]]
        runs.append((family, "lines", "first", first))
        runs.append((family, "counted", "first", first[:1]))
        runs.append((family, "single", "first", [(p, h[:1]) for p, h in first]))
        runs.append((family, "single", "last", [(p, h[:1]) for p, h in cases]))  # Brave Game: n m
        runs.append((family, "single", "each", [(p, h[-1:]) for p, h in cases]))
        runs.append((family, "counted", "each", cases[-1:]))
        blocks = [c for c in cases if not _ends_the_input(c[0], family.endswith("(S)"))]
        runs.append((family, "cases", "block", blocks))  # (S-Nim, HDU 1536: to a block "0")
        runs.append((family, "single", "block", [(p, h[:1]) for p, h in blocks]))  # (HDU 2999)
        runs.append((family, "cases", "after", first))  # (P3235: T F, then the cases)
        runs.append((family, "counted", "after", first[:1]))  # (CF 603C: n k, then the n heaps)
        runs.append((family, "single", "after", [(p, h[:1]) for p, h in first]))
    return runs


def _check(done: subprocess.CompletedProcess[str], want: list[str], what: object) -> None:
    got = done.stdout.splitlines()
    assert len(got) == len(want), (what, done.stdout, done.stderr)
    for g, w in zip(got, want, strict=True):
        assert (g.startswith("error:") if w == "error" else g == w), (what, g, w)
    assert done.returncode == (1 if "error" in want else 0), (what, done.stderr)


@pytest.fixture(scope="module")
def plan() -> list[tuple[str, str, str, list[Case], str, list[str]]]:
    runs = []
    for family, layout, where, cases in _plan(random.Random(11)):
        stdin = render(family, cases, layout, where)
        if layout == "single":
            cases = [(p, h[:1]) for p, h in cases]
        want = [expected(family, (cases[0][0] if where in ("first", "after") else p, h)) for p, h in cases]
        if layout == "counted":
            want = want[:1]
        runs.append((family, layout, where, cases, stdin, want))
    return runs


def test_python_programs_against_the_engine(plan: list) -> None:  # type: ignore[type-arg]
    for family, layout, where, _, stdin, want in plan:
        source = export_family(family, lang="python", main=True, input_format=layout, where=where)
        done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                              text=True)
        _check(done, want, (family, layout, where))


@pytest.mark.skipif(GXX is None, reason="needs g++")
def test_cpp_programs_against_the_engine(plan: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    sources = [export_family(f, lang="cpp", main=True, input_format=layout, where=where)
               for f, layout, where, *_ in plan]
    sources += [export_family(f, lang="cpp") for f in FAMILIES]  # (the functions alone compile too)
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, (family, layout, where, _, stdin, want) in enumerate(plan):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        _check(done, want, (family, layout, where))


def test_a_period_the_program_cannot_prove_is_an_error_line(tmp_path: Path) -> None:
    """S = {1, 10^12}: no window of 10^12 values fits in a table, but the runs of values prove its
    period 10^12 + 1 (G = 2 at the residue 10^12, else the residue's parity); S = {1, 4, 999999937,
    10^15} needs about 10^6 chunks of runs: past the steps the program allows itself (lowered here,
    so that the test is quick), heap 10^18 is an error line, never a guess."""
    k = 10**12
    r = 10**18 % (k + 1)
    big = 2 if r == k else r % 2
    stdin = (f"2 1 {k} 3 5\n2 1 {k} {10**18}\n4 1 4 999999937 {10**15} {10**18}\n")
    want = ["0 P", f"{big} {'N' if big else 'P'}", "error"]
    source = export_family("subtraction(S)", lang="python", main=True)
    source = source.replace("SUB_STEPS = 30000000 ", "SUB_STEPS = 300000 ")
    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True, text=True)
    _check(done, want, "python")
    assert "no period proved within 300000 steps" in done.stdout
    if GXX is not None:
        cpp = export_family("subtraction(S)", lang="cpp", main=True)
        cpp = cpp.replace("SUB_STEPS = 2000000000ull", "SUB_STEPS = 300000ull")
        exe = compile_cpp_together([cpp], tmp_path)
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        _check(done, want, "cpp")
        assert "no period proved within 300000 steps" in done.stdout


@pytest.mark.skipif(GXX is None, reason="needs g++")
def test_stripes_without_a_proved_period_is_an_error_line_beyond_its_table(tmp_path: Path) -> None:
    """stripes(2,3,5) shows no period within the program's bounds: a row of 10^18 is refused,
    the rows of the table are answered."""
    from grundy.tables.analysis import analyze

    assert analyze(_game("stripes(2,3,5)"), 20000).periodicity is None  # (nor does grundy find one)
    exe = compile_cpp_together([export_family("stripes(c,z,n)", lang="cpp", main=True, where="first")],
                               tmp_path, "-O2")
    stdin = "2 3 5\n1000000000000000000\n100 37\n"
    want = ["error", expected("stripes(c,z,n)", ([[2], [3], [5]], [100, 37]))]
    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
    _check(done, want, "cpp")
    assert "without a period proved by the Guy-Smith theorem" in done.stdout


def test_the_header_says_what_the_answers_rest_on() -> None:
    sub = export_family("subtraction(S)", lang="cpp")
    assert "a period the program proves at run time" in sub and "repeats p heaps later" in sub
    assert "proved (the Bash game" in export_family("bash(m)", lang="python")
    assert "proved (Moore's theorem, 1910)" in export_family("moore(k)", lang="python", main=True)


def test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="names no family"):
        export_family("bash(3)")
    with pytest.raises(InvalidInputError, match="needs main=True"):
        export_family("bash(m)", input_format="cases")
    with pytest.raises(InvalidInputError, match="not lines"):
        export_family("bash(m)", main=True, where="block")
    assert set(LAYOUTS) == {"lines", "cases", "counted", "single", "repeated"}
    assert WHERE == ("first", "each", "last", "block", "sum", "sum-last", "after", "size-first",
                     "counts-first")
    with pytest.raises(InvalidInputError, match="read cases, counted or single"):
        export_family("bash(m)", main=True, where="after")


@pytest.mark.parametrize("argv", [
    ["export", "bash(m)", "--params", "first"],                      # no --main
    ["export", "wythoff", "--main", "--input", "single"],            # not a heap game nor a family
    ["export", "nim", "--main", "--params", "each"],
    ["export", "bash(m)", "--main", "--params", "block"],            # a line is no block
    ["export", "bash(m)", "--upto", "5"],
    ["export", "forbidden-nim(P)", "--misere"],                      # (no misère rule for its program)
    ["export", "bash(q)"],                                           # not the family's names
])
def test_cli_refuses_in_one_line(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", *argv], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == "", done
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_cli_warns_above_max_size() -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "export", "subtraction(S)", "--max-size", "100"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "more than --max-size 100" in done.stderr
    assert "grundy_value" in done.stdout


def test_the_stripe_bound_is_the_game_s() -> None:
    from grundy.export.family import MAX_STRIPE as PROGRAM_MOST
    from grundy.games.takebreak.stripes import MAX_STRIPE

    assert PROGRAM_MOST == MAX_STRIPE


def test_words_after_the_block_that_ends_the_input_are_an_error(tmp_path: Path) -> None:
    stdin = "3\n2\n5\n6\n0\n7\n"  # m = 3, heaps 5 and 6; then the block m = 0 ends it, and 7 is left
    sources = {"python": export_family("bash(m)", lang="python", main=True, input_format="single",
                                       where="block")}
    runs = {"python": [sys.executable, "-S", "-c", sources["python"]]}
    if GXX is not None:
        exe = compile_cpp_together([export_family("bash(m)", lang="cpp", main=True, input_format="single",
                                                  where="block")], tmp_path)
        runs["cpp"] = [str(exe), "0"]
    for lang, argv in runs.items():
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == ["1 N", "2 N"], (lang, done.stdout)
        assert done.returncode == 1 and "1 more words after the block that ends the input" in done.stderr
        done = subprocess.run(argv, input=stdin[:-2], capture_output=True, text=True)  # (ends at the 0)
        assert done.stdout.splitlines() == ["1 N", "2 N"] and done.returncode == 0, (lang, done.stderr)
