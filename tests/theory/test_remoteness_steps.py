"""The remoteness line of ``grundy solve`` is bounded by steps, never by seconds: the same input
prints the same line (or none) however slow the machine, a large option pays for its size, and
the values printed agree with a brute force written here."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from grundy import Game, Move, SearchLimitError, load_game, solve
from grundy.solving.solve import REMOTENESS_LIMIT
from grundy.theory.remoteness import SIZE_UNIT, SQUARE_UNIT, _cost, remoteness, remoteness_or_none, step_cost
from tests.helpers import run
from tests.theory.test_remoteness import brute_remoteness


def expected_cost(position: Any) -> int:
    """The documented measure, written out here: one step, one per SIZE_UNIT words, and w*w //
    SQUARE_UNIT per integer of w words (an integer is 1 + bits // 64 words)."""
    def words(p: Any) -> int:
        if isinstance(p, int):
            return 1 + abs(p).bit_length() // 64
        if isinstance(p, (tuple, list, frozenset, set)):
            return 1 + sum(words(x) for x in p)
        if isinstance(p, (str, bytes)):
            return max(1, -(-len(p) // 8))
        return 1

    def ints(p: Any) -> list[int]:
        if isinstance(p, int):
            return [p]
        if isinstance(p, (tuple, list, frozenset, set)):
            return [i for x in p for i in ints(x)]
        return []

    return 1 + words(position) // SIZE_UNIT + sum(words(i) ** 2 for i in ints(position)) // SQUARE_UNIT


def test_step_cost_is_the_documented_measure() -> None:
    cases: list[Any] = [0, 1, -5, 2**63 - 1, 2**63, -(2**63), 2**64, 10**420, 10**430, 10**1000, 10**5000,
                        (), (1,), (2**63,), (3, 4, 5), tuple(range(9)), tuple(range(254)), tuple(range(255)),
                        tuple(range(600)), (1, (2, 3)), ("a", "b"), "HTHT", "H" * 5000, frozenset({1, 2}),
                        (1.5, 2), (2**63,) * 9, (-(2**63),) * 9, (True, False), (10**600, 1),
                        ((10**3000,), 7)]
    for position in cases:
        assert step_cost(position) == expected_cost(position), position
        assert _cost(position) == step_cost(position), position  # (the quick path agrees)
    assert step_cost(7) == step_cost((3, 4, 5)) == 1  # ordinary positions: one step, as before


@dataclass(frozen=True)
class Wide(Game):
    """Position n > 0 has ``width`` options, all the terminal position 0 written as ``n - n``
    plus a huge even number: options as large as you like (each a P-position: remoteness 1)."""

    width: int = 50
    size: int = 3000
    produced: list[int] = field(default_factory=list, compare=False, hash=False)
    name = "wide"

    @property
    def spec(self) -> str:
        return f"wide({self.width})"

    def moves(self, position: Any) -> Iterator[Move]:
        if position > 0 and position % 2:
            for i in range(self.width):
                self.produced.append(i)
                yield Move(f"to {i}", 2 * (10**self.size + i))

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: Any) -> str:
        return "big" if position > 10**9 else str(position)


def test_a_large_option_pays_for_its_size_as_it_is_listed() -> None:
    """Options of 3,000 digits cost 48 steps each: a budget of 2,000 steps lists 41 of them (the
    41st is the one past the budget) and stops, before producing the rest."""
    option_cost = expected_cost(2 * 10**3000)
    assert option_cost == 48
    game = Wide(width=1000)
    with pytest.raises(SearchLimitError):
        remoteness(game, 1, limit=2000)
    left = 2000 - 1  # (expanding the root, a small number, cost one step)
    assert len(game.produced) == left // option_cost + 1
    # listing an option and expanding it (to list its options) each pay its size: 1 + 2 * 20 * 48
    assert remoteness(Wide(width=20), 1, limit=1 + 2 * 20 * option_cost) == 1
    with pytest.raises(SearchLimitError):
        remoteness(Wide(width=20), 1, limit=2 * 20 * option_cost)
    assert remoteness_or_none(Wide(width=1000), 1) is None


def test_a_huge_position_is_refused_before_its_options_are_listed() -> None:
    game = Wide(size=100_000)
    assert remoteness_or_none(game, 10**100_000 + 1) is None
    assert game.produced == []  # its own cost (52,650 steps) is past the budget of 50,000
    nim = load_game("nim")
    assert remoteness_or_none(nim, 10**1_000_000, REMOTENESS_LIMIT) is None
    assert remoteness_or_none(nim, (10**100_000, 10**100_000, 7), REMOTENESS_LIMIT) is None


def jumping_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every clock reading an hour later than the one before (a very slow machine)."""
    for name in ("monotonic", "perf_counter", "time"):
        ticks = itertools.count(1)
        real = getattr(time, name)
        monkeypatch.setattr(time, name, lambda real=real, ticks=ticks: real() + 3600.0 * next(ticks))


CLOCK_CASES = [["nim", "70", "1"], ["nim", "3", "4", "5"], ["kayles", "12", "9"], ["nim", "10**18"],
               ["subtraction(1,3,4)", "40", "+", "nim", "5"], ["nim", "10**5000", "3"],
               ["grundy-game", "20"], ["dawson-kayles", "9", "6"]]


def test_the_remoteness_line_does_not_depend_on_the_clock(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The same answers, with the same remoteness lines, on a clock that jumps an hour at every
    reading (nim 70 1 lists 70 options at once: a clock checked while listing them would stop)."""
    before = []
    for argv in CLOCK_CASES:
        code, out, err = run(capsys, "solve", *argv)
        assert code == 0, err
        before.append(out)
    assert "moves:    3 to the end" in before[0]
    assert sum("to the end" in out for out in before) == 6  # nim 10**18 and 10**5000 3: none
    with monkeypatch.context() as patch:
        jumping_clock(patch)
        for argv, expected in zip(CLOCK_CASES, before, strict=True):
            code, out, err = run(capsys, "solve", *argv)
            assert code == 0, err
            assert out == expected, argv


SMALL = [("nim", (1, 2, 3)), ("nim", (2, 2)), ("nim", (3, 4, 5)), ("nim", (6, 1)), ("kayles", (4, 3)),
         ("kayles", (9,)), ("subtraction(1,3,4)", 9), ("subtraction(1,2)", 13), ("grundy-game", 12),
         ("dawson-kayles", (9, 6)), ("lasker-nim", (5, 3)), ("wythoff", (4, 6))]


@pytest.mark.parametrize(("spec", "position"), SMALL)
def test_the_printed_remoteness_against_brute_force(capsys: pytest.CaptureFixture[str], spec: str,
                                                    position: Any) -> None:
    game = load_game(spec)
    p = game.validate(position)
    expected = brute_remoteness(game)(p)
    assert solve(game, p, remoteness=True).remoteness == expected
    text = " ".join(map(str, position)) if isinstance(position, tuple) else str(position)
    code, out, err = run(capsys, "solve", spec, *text.split(), "--json")
    assert code == 0, err
    assert json.loads(out)["remoteness"] == expected
