""""No position left": ``grundy.Sum()`` or ``()`` as an option of a ``@grundy.game`` is the empty
sum (no move, value 0), so coin-turning and "remove the token" games need no sentinel position.
Checked against brute force written here, in the library, ``solve``, ``table`` and ``export``."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.define.sums import Sum
from tests.helpers import run

RULES = '''
import grundy


@grundy.game("empty-turtles")
def turtles(position):
    """One head at x (cells 0, 1, ...): turn it over, and maybe one coin to its left."""
    (x,) = position
    return [grundy.Sum()] + [(y,) for y in range(x)]


@grundy.game("empty-token", arity=2)
def token(position):
    """A token at (a, b) steps down or left; from an edge it may leave the board."""
    a, b = position
    return [(a - 1, b) if a else (), (a, b - 1) if b else ()]
'''


def mex(values: set[int]) -> int:
    return next(v for v in range(len(values) + 1) if v not in values)


def own_token(upto: int) -> list[list[int]]:
    """The token game by its own mex: leaving the board is an option of value 0."""
    g = [[0] * (upto + 1) for _ in range(upto + 1)]
    for a in range(upto + 1):
        for b in range(upto + 1):
            g[a][b] = mex({g[a - 1][b] if a else 0, g[a][b - 1] if b else 0})
    return g


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "empty_rules.py"
    path.write_text(RULES)
    yield path
    for name in ("empty-turtles", "empty-token"):
        catalog.unregister(name)


def test_sum_of_nothing_and_of_one_part() -> None:
    assert Sum() == Sum(()) == Sum((), Sum()) and Sum().parts == ()
    assert Sum((3,)) == (3,) and Sum(Sum(), (3,)) == (3,) and Sum((), [4]) == (4,)
    assert Sum((1,), (2,)).replace(0, Sum()) == (2,)
    assert Sum((1,), (2,), (5,)).replace(2, ()) == Sum((1,), (2,))


def test_library_values_moves_and_sums(rules: Path) -> None:
    exec(compile(rules.read_text(), str(rules), "exec"), {})
    turtles = grundy.load_game("empty-turtles")
    want: list[int] = []
    for x in range(12):
        want.append(mex({0, *want[:x]}))
    assert [grundy.grundy_value(turtles, (x,)) for x in range(12)] == want == list(range(1, 13))
    answer = grundy.solve(turtles, (0,))
    assert [(m.label, m.to) for m in answer.winning_moves] == [("→ nothing left", Sum())]
    # a sum whose part leaves nothing: the other part stays, and the value is the XOR
    total = grundy.solve(turtles, Sum((2,), (5,)))
    assert total.grundy == 3 ^ 6
    assert grundy.grundy_value(turtles, Sum()) == 0 and grundy.solve(turtles, ()).grundy == 0
    token = grundy.load_game("empty-token")
    assert token.table_2d(7) == own_token(7)


def test_a_loopy_game_may_leave_nothing() -> None:
    """The empty sum is an ordinary position with no move: a game with cycles may use it (a sum
    of several parts in a loopy game is refused, as before)."""
    grundy.game("empty-loop")(lambda p: [(1 - p[0],), ()])  # (0,) ↔ (1,), or leave
    try:
        game = grundy.load_game("empty-loop")
        assert grundy.solve(game, (0,)).outcome is grundy.Outcome.N
        assert [m.to for m in grundy.solve(game, (0,)).winning_moves] == [Sum()]
    finally:
        catalog.unregister("empty-loop")


def test_cli_solve_and_table(capsys: pytest.CaptureFixture[str], rules: Path) -> None:
    code, out, err = run(capsys, "--rules", str(rules), "solve", "empty-turtles", "0")
    assert code == 0 and "→ nothing left" in out and "grundy:   1" in out, err
    code, out, err = run(capsys, "--rules", str(rules), "table", "empty-token", "--upto", "6")
    assert code == 0, err
    rows = [line.split("│")[1].split() for line in out.splitlines() if "│" in line][1:]
    assert [[int(v) for v in row] for row in rows] == own_token(6)


def test_export_answers_beyond_the_table(capsys: pytest.CaptureFixture[str], rules: Path,
                                         tmp_path: Path) -> None:
    code, out, err = run(capsys, "--rules", str(rules), "export", "empty-token", "--upto", "5",
                         "--lang", "python", "--main")
    assert code == 0, err
    program = tmp_path / "token.py"
    program.write_text(out)
    cells = [(a, b) for a in range(0, 13, 3) for b in range(0, 13, 4)]
    done = subprocess.run([sys.executable, str(program)], input="".join(f"{a} {b}\n" for a, b in cells),
                          capture_output=True, text=True, timeout=60, check=True)
    want = own_token(12)
    assert [int(line.split()[0]) for line in done.stdout.splitlines()] == [want[a][b] for a, b in cells]
