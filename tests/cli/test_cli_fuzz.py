"""A fuzz test of the command line: random games of the catalogue, random positions (huge,
negative, garbage tokens) and options, run in-process. Every run must end in one of two ways:
exit 0 with an answer on stdout, or exit 2 with exactly one line on stderr — never a traceback.

Seeded and derandomized (the same examples on every run, in CI too), without a deadline; the
budgets stay small (``--limit``, ``--upto``) so that the examples take a few seconds in all.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import run

GAMES = ["nim", "kayles", "dawson-kayles", "dawsons-chess", "grundy-game", "lasker-nim",
         "mock-turtles", "ruler", "turning-turtles", "coin-slide", "staircase", "split-game",
         "wythoff", "fibonacci-nim", "turning-corners", "allbut(1,3,4)", "allbut(2,5,9)", "bash(3)",
         "bash(2,5)", "bash(2,5,rest=all)", "bounded-nim(2)", "moore(2)", "octal(0.07)",
         "octal(0.16)", "octal(4.007)", "stripes(1,5,1)", "subtraction(1,3,4)", "subtraction(squares)",
         "subtraction(fibonacci)", "product(ruler,mock-turtles)", "digraph(example=1)",
         "green-hackenbush(example=1)", "vertex-geography(example=1)",
         # malformed or unknown specs
         "nim(3)", "octal(0.9)", "subtraction()", "allbut(0)", "bash(m=-1)", "kayle", "octal(", "",
         "moore(0)", "stripes(1,2,0)", "product(nim,nim)"]

TOKENS = st.one_of(
    st.integers(min_value=0, max_value=40).map(str),
    st.sampled_from(["10**18", "10**30", "2**64", "-1", "-0", "x", "1,2", "0,0", "3,3 1,2", "+",
                     "HTHT", "##.#..", "a", "0x10", "1e3", "1_000", "", " ", "٣", "10**100000"]),
)

OPTIONS = {
    "solve": ["--json", "--misere", "--explain", "--every", "--limit", "--conjecture"],
    "table": ["--json", "--misere", "--summary", "--upto"],
    "export": ["--lang", "--main", "--upto"],
}

UPTO = st.sampled_from(["0", "1", "7", "20", "-1", "x", "10**40", "2**3"])


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(["solve"] * 6 + ["matrix"] * 2 + ["table", "export"]))
    if command == "matrix":
        cell = st.one_of(st.integers(-9, 9).map(str), st.sampled_from(["x", "1/2", "-0.5", "", "1e400"]))
        rows = draw(st.lists(st.lists(cell, min_size=1, max_size=3), min_size=1, max_size=3))
        text = ";".join(",".join(row) for row in rows)
        return ["matrix", "--matrix", text, *draw(st.sampled_from([[], ["--json"], ["--float"]]))]
    argv = [command, draw(st.sampled_from(GAMES))]
    if command == "solve":
        argv += draw(st.lists(TOKENS, max_size=4))
        if draw(st.booleans()):
            argv += ["+", draw(st.sampled_from(GAMES)), *draw(st.lists(TOKENS, max_size=2))]
    for option in draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=3, unique=True)):
        argv.append(option)
        if option == "--limit":
            argv.append(draw(st.sampled_from(["2000", "0", "-5", "x"])))
        elif option == "--upto":
            argv.append(draw(UPTO))
        elif option == "--lang":
            argv.append(draw(st.sampled_from(["python", "cpp", "rust"])))
    if command == "solve" and "--limit" not in argv:
        argv += ["--limit", "20000"]  # (brute force stays small: the test is about the outcome)
    if command in ("table", "export") and "--upto" not in argv:
        argv += ["--upto", "12"]
    return argv


@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=command_lines())
def test_every_command_line_answers_or_fails_in_one_line(argv: list[str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert "Traceback" not in out + err, argv
    if code == 0:
        assert out.strip(), argv
    else:
        assert code == 2, (argv, code, err)
        assert err.count("\n") == 1 and err.startswith("grundy: error: "), (argv, err)
