"""The exported program of a game of one's own on tuples keeps its normal-play memo bounded between
inputs, as its misère memo is: past ``MEMO_KEPT`` values kept, the values of the inputs before are
let go before the next input, and every answer stays the same (each input is searched from what is
kept)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import python_lines


def take_one_or_two(position: tuple[int, ...]) -> list[object]:
    """three heaps; take 1 or 2 from one of them: G = (a mod 3) ^ (b mod 3) ^ (c mod 3)"""
    return [(*position[:i], x - k, *position[i + 1:])
            for i, x in enumerate(position) for k in (1, 2) if x >= k]


def row_of_any_length(position: tuple[int, ...]) -> list[object]:
    """a row of counters of any length: take 1 or 2 from one of them (an empty row is gone)"""
    options = [(*position[:i], x - k, *position[i + 1:])
               for i, x in enumerate(position) for k in (1, 2) if x >= k]
    return [tuple(y for y in option if y) or () for option in options]


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    grundy.game("mb-three", arity=3)(take_one_or_two)
    grundy.game("mb-row")(row_of_any_length)
    yield
    for name in ("mb-three", "mb-row"):
        catalog.unregister(name)


def brute(numbers: tuple[int, ...]) -> int:
    total = 0
    for x in numbers:
        total ^= x % 3
    return total


@pytest.mark.parametrize("name, argv", [("mb-three", ()), ("mb-row", ("--input", "cases"))])
def test_the_normal_play_memo_is_let_go_between_inputs(name: str, argv: tuple[str, ...]) -> None:
    code, source, err = cli("export", name, "--lang", "python", "--main", *argv)
    assert code == 0, err
    assert "past 500,000 kept, the memo is let go before the next input" in source.splitlines()[1]
    space: dict[str, object] = {"__name__": "not-main"}
    exec(source, space)  # (the program grundy wrote; its main does not run)
    assert space["MEMO_KEPT"] == 500_000
    space["MEMO_KEPT"] = 40  # (a small bound, to see it at work)
    memo = space["_MEMO"]
    assert isinstance(memo, dict)
    answer = space["answer"]
    assert callable(answer)
    rng = random.Random(7)
    cleared = 0
    for _ in range(60):
        numbers = tuple(rng.randint(0, 12) for _ in range(3))
        before = len(memo)
        assert answer(list(numbers)) == (brute(numbers), brute(numbers) != 0)
        reach = (numbers[0] + 1) * (numbers[1] + 1) * (numbers[2] + 1)  # (at most, what it reaches)
        assert len(memo) <= (before if before <= 40 else 0) + reach
        cleared += before > 40
    assert cleared > 10
    grundy_value = space["grundy_value"]
    assert callable(grundy_value)
    if name == "mb-three":
        assert grundy_value(11, 5, 4) == brute((11, 5, 4))


def test_the_program_answers_as_before_on_many_inputs() -> None:
    """Run as a program on a judge's input (its stdin), the answers are the brute force's."""
    rng = random.Random(70)
    cases = [tuple(rng.randint(0, 30) for _ in range(3)) for _ in range(80)]
    code, source, err = cli("export", "mb-three", "--lang", "python", "--main")
    assert code == 0, err
    assert "MEMO_KEPT = 500000" in source
    source = source.replace("MEMO_KEPT = 500000", "MEMO_KEPT = 100")
    got = python_lines(source, "".join(" ".join(map(str, c)) + "\n" for c in cases))
    assert got == [f"{brute(c)} {'N' if brute(c) else 'P'}" for c in cases]
