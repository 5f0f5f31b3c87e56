"""``grundy export matrix``: the exported programs (Python, and C++ compiled once where g++ is
here) read zero-sum matrix games and print each one's value and optimal strategies. Checked
against grundy's own solver (:mod:`grundy.matrix`) and against what is written here alone: the
printed strategies' certificate ``min_j (pA)_j = v = max_i (Aq)_i`` verified exactly with
Fractions (it proves the value, whatever solver found it), and the 2 x 2 closed form.
"""

from __future__ import annotations

import random
import resource
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from grundy.errors import GrundyError, InvalidInputError
from grundy.export.matrix import LAYOUTS, check_program, matrix_program, samples
from grundy.matrix import solve_matrix_game
from tests.helpers import compile_cpp_together, run

pytestmark = pytest.mark.slow  # (every test here compiles or runs whole programs: 0.3 s or more)

GXX = shutil.which("g++")

Game = list[list[Fraction]]

_BUILT: dict[str, Path] = {}


def game_text(game: Game) -> str:
    return f"{len(game)} {len(game[0])}\n" + "".join(" ".join(map(str, row)) + "\n" for row in game)


def cases_text(games: list[Game]) -> str:
    return f"{len(games)}\n" + "".join(map(game_text, games))


Done = subprocess.CompletedProcess[str]


def run_python(stdin: str, layout: str = "cases", limit: int | None = None) -> Done:
    code = matrix_program(lang="python", main=True, input_format=layout)
    return subprocess.run([sys.executable, "-S", "-c", code], input=stdin, capture_output=True, text=True,
                          preexec_fn=_capped(limit), timeout=600)


def run_cpp(stdin: str, layout: str, tmp_path: Path, limit: int | None = None) -> Done:
    if layout not in _BUILT:
        (tmp_path / layout).mkdir(exist_ok=True)
        source = matrix_program(lang="cpp", main=True, input_format=layout)
        alone = matrix_program(lang="cpp")  # (no main: compiled too, without a warning)
        _BUILT[layout] = compile_cpp_together([source, alone], tmp_path / layout, "-O2")
    return subprocess.run([str(_BUILT[layout]), "0"], input=stdin, capture_output=True, text=True,
                          preexec_fn=_capped(limit), timeout=600)


def _capped(limit: int | None):  # type: ignore[no-untyped-def]
    """A memory cap on the child (as ``prlimit --as=``), or none."""
    if limit is None:
        return None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def parse_line(line: str) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    value, p, q = line.split(" | ")
    return Fraction(value), [Fraction(x) for x in p.split()], [Fraction(x) for x in q.split()]


def certificate(game: Game, p: list[Fraction], q: list[Fraction]) -> tuple[Fraction, Fraction]:
    """``(min_j (pA)_j, max_i (Aq)_i)``: what p guarantees and what q concedes, exactly."""
    lower = min(sum(p[i] * game[i][j] for i in range(len(game))) for j in range(len(game[0])))
    upper = max(sum(a * x for a, x in zip(row, q, strict=True)) for row in game)
    return lower, upper


def closed_form_2x2(game: Game) -> Fraction:
    """The value of a 2 x 2 game: its saddle point, else (ad - bc) / (a + d - b - c)."""
    (a, b), (c, d) = game
    maximin, minimax = max(min(a, b), min(c, d)), min(max(a, c), max(b, d))
    if maximin == minimax:
        return maximin
    return (a * d - b * c) / (a + d - b - c)


def assert_exact_answer(game: Game, line: str) -> Fraction:
    value, p, q = parse_line(line)
    assert len(p) == len(game) and len(q) == len(game[0])
    assert min(p) >= 0 and min(q) >= 0 and sum(p) == 1 == sum(q)
    assert certificate(game, p, q) == (value, value), (game, line)
    if len(game) == len(game[0]) == 2:
        assert value == closed_form_2x2(game)
    return value


def assert_float_answer(game: Game, line: str, exact: Fraction) -> None:
    """A C++ line: the value within 1e-9 * max(1, |a|) of the exact one; the printed strategies'
    certificate within what 9 printed decimals can lose."""
    value, p, q = parse_line(line)
    most = max(1, *(abs(a) for row in game for a in row))
    assert abs(value - exact) <= Fraction(1, 10**9) * most, (game, line, exact)
    assert min(p) >= 0 and min(q) >= 0
    assert abs(sum(p) - 1) <= Fraction(len(p), 10**9) and abs(sum(q) - 1) <= Fraction(len(q), 10**9)
    lower, upper = certificate(game, p, q)
    slack = Fraction(len(p) + len(q) + 2, 10**9) * most
    assert lower >= exact - slack and upper <= exact + slack, (game, line)


def random_game(rng: random.Random, most_side: int = 7) -> Game:
    """A random game, often degenerate: small or large payoffs, equal rows, dominated rows,
    zero and negative payoffs, 1 x n and m x 1."""
    m, n = rng.randint(1, most_side), rng.randint(1, most_side)
    top = rng.choice([0, 1, 2, 5, 100, 10**9])
    game = [[Fraction(rng.randint(-top, top)) for _ in range(n)] for _ in range(m)]
    if m > 1 and rng.random() < 0.3:  # (a row repeated, or one dominated by another)
        game[1] = [a - rng.randint(0, 2) for a in game[0]]
    return game


def exact_value(game: Game) -> Fraction:
    solution = solve_matrix_game(game)
    assert solution.exact
    return solution.value


DEGENERATE: list[Game] = [[[Fraction(a) for a in row] for row in game] for game in (
    [[0]], [[-7]], [[1, 2, 3, 4]], [[4], [-1], [9]], [[5, 5, 5], [5, 5, 5], [5, 5, 5]],
    [[0, 0], [0, 0]], [[1, -1], [-1, 1]], [[2, 1], [3, 4]], [[3, 2, 4], [1, 0, 5], [2, 1, 3]],
    [[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[-5, -2], [-3, -4]], [[10**9, -10**9], [-10**9, 10**9]],
    [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]], [[3, 3, 1], [3, 3, 1], [1, 1, 3]],
    [[2, -1, 0, 0], [-1, 2, 0, 0]], [[1, 1], [1, 1], [0, 2]],
)]


def test_degenerate_and_random_games_python() -> None:
    rng = random.Random(11)
    games = DEGENERATE + [random_game(rng) for _ in range(250)]
    games += [[[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(3)] for _ in range(3)]
              for _ in range(20)]  # (fractional payoffs)
    games += [[[Fraction(rng.randint(-50, 50)) for _ in range(3)] for _ in range(200)]]  # (tall: -A^T)
    huge = 10**15
    games += [[[Fraction(rng.randint(-huge, huge)) for _ in range(4)] for _ in range(4)] for _ in range(5)]
    done = run_python(cases_text(games))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(games)
    for game, line in zip(games, lines, strict=True):
        assert assert_exact_answer(game, line) == exact_value(game)


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_degenerate_and_random_games_cpp(tmp_path: Path) -> None:
    rng = random.Random(12)
    games = DEGENERATE + [random_game(rng) for _ in range(250)]
    games += [[[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(3)] for _ in range(3)]
              for _ in range(20)]
    games += [[[Fraction(rng.randint(-50, 50)) for _ in range(30)] for _ in range(30)] for _ in range(3)]
    games += [[[Fraction(rng.randint(-50, 50)) for _ in range(n)] for _ in range(m)]
              for m, n in ((400, 5), (5, 400))]
    done = run_cpp(cases_text(games), "cases", tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(games)
    for game, line in zip(games, lines, strict=True):
        assert_float_answer(game, line, exact_value(game))


def test_the_worked_example_and_rock_paper_scissors() -> None:
    stdin = "2 2\n3 -1\n-2 4\n3 3\n0 -1 1\n1 0 -1\n-1 1 0\n"
    assert run_python(stdin, "lines").stdout.splitlines() == [
        "1 | 3/5 2/5 | 1/2 1/2", "0 | 1/3 1/3 1/3 | 1/3 1/3 1/3"]


def outputs(stdin: str, layout: str, tmp_path: Path) -> list[subprocess.CompletedProcess[str]]:
    """What the Python and (if g++ is here) the C++ program do with ``stdin``."""
    done = [run_python(stdin, layout)]
    if GXX is not None:
        done.append(run_cpp(stdin, layout, tmp_path))
    return done


def test_every_layout_reads_the_same_games(tmp_path: Path) -> None:
    rng = random.Random(5)
    games = [random_game(rng, 4) for _ in range(6)]
    texts = {"cases": cases_text(games), "lines": "".join(map(game_text, games)),
             "counted": game_text(games[0])}
    for layout in LAYOUTS:
        want = games if layout != "counted" else games[:1]
        for done in outputs(texts[layout], layout, tmp_path):
            assert done.returncode == 0, done.stderr
            lines = done.stdout.splitlines()
            assert len(lines) == len(want)
            for game, line in zip(want, lines, strict=True):
                assert_float_answer(game, line, exact_value(game))


def test_lines_stop_at_a_game_0_0_and_line_breaks_do_not_matter(tmp_path: Path) -> None:
    stdin = "1 2 5\n7 2 1 0\n1 0 0\n"
    for done in outputs(stdin, "lines", tmp_path):
        assert done.returncode == 0
        assert [line.split(" | ")[0] for line in done.stdout.splitlines()] in (
            ["5", "1"], ["5.000000000", "1.000000000"])  # (1 x 2: 5 7; 2 x 1: 0 / 1; then 0 0)


@pytest.mark.parametrize(("layout", "stdin", "answered", "why"), [
    ("cases", "2\n1 1 5\n1 2 3 x\n", 1, "not a payoff"),
    ("cases", "2\n1 1 5\n", 1, "the input ended inside a case"),
    ("cases", "1\n2 2 1 2 3\n", 0, "the input ended inside a case"),
    ("cases", "1\n1 1 5 7\n", 1, "more words after the last case"),
    ("cases", "-1\n1 1 5\n", 0, "not a number of cases"),
    ("counted", "0 3\n", 0, "not a positive integer"),
    ("counted", "1 1 1/0\n", 0, "not a payoff"),
    ("counted", "1 2 1e5 2\n", 0, "not a payoff"),
    ("counted", "1 2 nan 2\n", 0, "not a payoff"),
    ("lines", "1 1 4\n2 x\n", 1, "not a positive integer"),
    ("lines", "1 1 4\n2\n", 1, "the input ended inside a case"),
])
def test_bad_input_stops_with_one_line_never_a_value(layout: str, stdin: str, answered: int, why: str,
                                                      tmp_path: Path) -> None:
    for done in outputs(stdin, layout, tmp_path):
        assert done.returncode == 1
        assert len(done.stdout.splitlines()) == answered
        assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"error: {why}"), done.stderr


def test_a_game_beyond_the_bounds_is_an_error_line_the_others_answered(tmp_path: Path) -> None:
    big = 1001  # (MAX_SIDE is 1,000 in both programs)
    stdin = f"3\n1 1 2\n1 {big} {' '.join(['1'] * big)}\n1 1 -3\n"
    for done in outputs(stdin, "cases", tmp_path):
        lines = done.stdout.splitlines()
        assert done.returncode == 1 and len(lines) == 3
        assert lines[0].startswith("2") and lines[2].startswith("-3")
        assert lines[1].startswith("error: a 1 x 1001 game is beyond this program's bound")


def test_a_thousand_10x10_games_in_python_under_a_memory_cap() -> None:
    rng = random.Random(7)
    games = [[[Fraction(rng.randint(-100, 100)) for _ in range(10)] for _ in range(10)] for _ in range(1000)]
    done = run_python(cases_text(games), limit=1 << 30)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for k in range(0, 1000, 50):  # (the certificate of every 50th, against grundy's solver)
        assert assert_exact_answer(games[k], lines[k]) == exact_value(games[k])


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_judge_sized_games_in_cpp_under_a_memory_cap(tmp_path: Path) -> None:
    rng = random.Random(9)
    big = [[Fraction(rng.randint(-1000, 1000)) for _ in range(100)] for _ in range(100)]
    small = [[[Fraction(rng.randint(-100, 100)) for _ in range(10)] for _ in range(10)] for _ in range(1000)]
    done = run_cpp(cases_text([big, *small]), "cases", tmp_path, limit=1 << 28)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1001
    assert_float_answer(big, lines[0], exact_value(big))
    for k in range(1, 1001, 100):
        assert_float_answer(small[k - 1], lines[k], exact_value(small[k - 1]))


def test_a_40x40_game_in_python_is_exact() -> None:
    rng = random.Random(10)
    game = [[Fraction(rng.randint(-10**6, 10**6)) for _ in range(40)] for _ in range(40)]
    done = run_python(cases_text([game]), limit=1 << 30)
    assert done.returncode == 0
    assert assert_exact_answer(game, done.stdout.strip()) == exact_value(game)


def test_the_check_before_printing_catches_a_wrong_program() -> None:
    code = matrix_program(lang="python")
    check_program(code, exact_value)  # (the right one passes)
    wrong = code.replace("(Fraction(d, total) - shift) / scale", "(Fraction(d, total) - shift) / scale + 1")
    assert wrong != code
    with pytest.raises(GrundyError, match="internal error"):
        check_program(wrong, lambda game: None)
    off_by = code.replace("q[b] = Fraction(table[i][-1], total)", "q[b] = Fraction(table[i][-1], total) * 0")
    with pytest.raises(GrundyError, match="internal error"):
        check_program(off_by, exact_value)
    assert len(samples()) >= 40


def test_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "export", "matrix", "--lang", "python", "--main", "--input", "counted")
    assert code == 0 and err == ""
    assert "von Neumann's minimax theorem" in out and "min_j (pA)_j = v = max_i (Aq)_i" in out
    done = subprocess.run([sys.executable, "-S", "-c", out], input="2 3\n1 -1 0\n-1 1 0\n",
                          capture_output=True, text=True)
    assert done.stdout == "0 | 1/2 1/2 | 1/2 1/2 0\n"
    code, out, err = run(capsys, "export", "matrix")
    assert code == 0 and out.startswith("// matrix:") and "long double" in out and "int main" not in out
    refused = ((["--upto", "5"], "--upto"), (["--misere"], "--misere"), (["--conjecture"], "--conjecture"),
               (["--main", "--params", "first"], "--params"),
               (["--main", "--input", "single"], "--input single"), (["--input", "cases"], "add --main"))
    for argv, word in refused:
        code, out, err = run(capsys, "export", "matrix", *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and word in err, err


def test_the_library_refuses_what_it_has_not() -> None:
    with pytest.raises(InvalidInputError, match="reads lines, cases, counted"):
        matrix_program(lang="python", main=True, input_format="single")
    with pytest.raises(InvalidInputError, match="lang must be"):
        matrix_program(lang="java")
    with pytest.raises(InvalidInputError, match="needs main=True"):
        matrix_program(lang="cpp", input_format="cases")


def test_the_constants_a_judge_edits(tmp_path: Path) -> None:
    """``STRATEGIES = False``: the value alone; Python's ``DECIMALS = 6``: rounded half away from
    zero; C++'s ``DIGITS``: its decimals."""
    stdin = "3\n2 2\n3 -1\n-2 4\n1 2 -1/3 7\n2 2\n1 0\n0 2\n"  # (values 1, -1/3, 2/3)
    code = matrix_program(lang="python", main=True, input_format="cases")
    edited = code.replace("STRATEGIES = True", "STRATEGIES = False")
    edited = edited.replace("DECIMALS = None", "DECIMALS = 6")
    done = subprocess.run([sys.executable, "-S", "-c", edited], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == ["1.000000", "-0.333333", "0.666667"]
    rounded = code.replace("DECIMALS = None", "DECIMALS = 0")
    done = subprocess.run([sys.executable, "-S", "-c", rounded], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == ["1 | 1 0 | 1 1", "0 | 1 | 1 0", "1 | 1 0 | 1 0"]
    if GXX is not None:
        source = matrix_program(lang="cpp", main=True, input_format="cases")
        source = source.replace("STRATEGIES = true", "STRATEGIES = false").replace("DIGITS = 9", "DIGITS = 6")
        (tmp_path / "edited").mkdir()
        exe = compile_cpp_together([source], tmp_path / "edited", "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == ["1.000000", "-0.333333", "0.666667"]


def test_ill_conditioned_games_an_error_line_never_a_wrong_value(tmp_path: Path) -> None:
    """Payoffs 0 and 1 next to ±10^9: the value turns on differences of 10^-9 of the largest payoff.
    Python answers every one exactly (its certificate checked here proves the value, with no other
    solver); C++ answers each correctly or with an error line (its certificate failed by rounding),
    which happened to about 0.15% of such games when measured (none of these 400; at most 2% is
    allowed)."""
    rng = random.Random(13)
    payoffs = [Fraction(a) for a in (0, 1, 10**9, -10**9)]
    games = [[[rng.choice(payoffs) for _ in range(n)] for _ in range(rng.randint(1, 9))]
             for n in (rng.randint(1, 9) for _ in range(400))]
    done = run_python(cases_text(games))
    assert done.returncode == 0, done.stderr
    values = [assert_exact_answer(game, line)
              for game, line in zip(games, done.stdout.splitlines(), strict=True)]
    if GXX is None:
        return
    lines = run_cpp(cases_text(games), "cases", tmp_path).stdout.splitlines()
    failed = 0
    for game, value, line in zip(games, values, lines, strict=True):
        if line.startswith("error: the certificate failed by rounding"):
            failed += 1
        else:
            assert_float_answer(game, line, value)
    assert failed <= len(games) // 50
