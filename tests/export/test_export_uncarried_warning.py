"""An exported program of a ``@grundy.game`` on pairs or on one number whose move function reads a
list from the rules file (which a program cannot carry) answers its table alone; the export says
so on stderr, as it does for a heap game (before, the pair and one-number exports were silent and
their programs printed error lines past the table without a word at export time). The table's
values are checked against a brute force written here."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output, run_python_program

STEPS = [(4, 0), (2, 2), (0, 1)]  # (a list: not carried)
STEPS_CARRIED = ((4, 0), (2, 2), (0, 1))  # (a tuple of numbers: carried)
WARNING = "reads STEPS from outside the function"


def pair_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    return [(p[0] - x, p[1] - y) for x, y in STEPS if p[0] >= x and p[1] >= y]


def pair_moves_carried(p: tuple[int, int]) -> list[tuple[int, int]]:
    return [(p[0] - x, p[1] - y) for x, y in STEPS_CARRIED if p[0] >= x and p[1] >= y]


def line_moves(p: tuple[int]) -> list[tuple[int]]:
    return [(p[0] - x,) for x, _ in STEPS if 0 < x <= p[0]] + ([(p[0] - 1,)] if p[0] % 3 == 2 else [])


@cache
def pair_value(a: int, b: int) -> int:
    seen = {pair_value(a - x, b - y) for x, y in ((4, 0), (2, 2), (0, 1)) if a >= x and b >= y}
    return min(set(range(len(seen) + 1)) - seen)


@pytest.fixture(autouse=True, scope="module")
def games() -> Iterator[None]:
    grundy.game("uw-pair", arity=2)(pair_moves)
    grundy.game("uw-pair-carried", arity=2)(pair_moves_carried)
    grundy.game("uw-line", arity=1)(line_moves)
    yield
    for name in ("uw-pair", "uw-pair-carried", "uw-line"):
        catalog.unregister(name)


@pytest.mark.parametrize("lang", ["python", "cpp"])
def test_a_pair_game_reading_a_list_warns(lang: str) -> None:
    code, _, err = cli_output("export", "uw-pair", "--lang", lang, "--main", "--upto", "10")
    assert code == 0 and WARNING in err


def test_the_one_number_game_reading_a_list_warns() -> None:
    code, _, err = cli_output("export", "uw-line", "--lang", "python", "--main", "--upto", "40")
    assert code == 0 and WARNING in err


def test_the_program_answers_its_table_and_error_lines_beyond() -> None:
    code, source, _ = cli_output("export", "uw-pair", "--lang", "python", "--main", "--upto", "10")
    assert code == 0
    stdin = "3 4\n10 10 2 7\n20 25\n"
    status, lines = run_python_program(source, stdin)
    assert status == 1
    assert lines[0] == f"{pair_value(3, 4)} {'N' if pair_value(3, 4) else 'P'}"
    both = pair_value(10, 10) ^ pair_value(2, 7)
    assert lines[1] == f"{both} {'N' if both else 'P'}"
    assert lines[2].startswith("error:") and "beyond the table" in lines[2]


def test_a_tuple_is_carried_without_a_warning() -> None:
    code, source, err = cli_output("export", "uw-pair-carried", "--lang", "python", "--main", "--upto", "10")
    assert code == 0 and "outside the function" not in err
    status, lines = run_python_program(source, "20 25\n")
    assert status == 0 and lines == [f"{pair_value(20, 25)} {'N' if pair_value(20, 25) else 'P'}"]
