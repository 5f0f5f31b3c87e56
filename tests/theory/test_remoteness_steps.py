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
    """The documented measure, written out here: one step, one per SIZE_UNIT words, and the work
    of writing its integers in decimal over SQUARE_UNIT (an integer is 1 + bits // 64 words): w*w
    for w words up to 157 (10,000 bits: int_text uses str), past them w * bits(w)**2 (python-flint),
    at least 157*157."""
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

    def digits(w: int) -> int:
        return w * w if w <= 157 else max(157 * 157, w * len(bin(w)[2:]) ** 2)

    return 1 + words(position) // SIZE_UNIT + sum(digits(words(i)) for i in ints(position)) // SQUARE_UNIT


def test_step_cost_is_the_documented_measure() -> None:
    cases: list[Any] = [0, 1, -5, 2**63 - 1, 2**63, -(2**63), 2**64, 10**420, 10**430, 10**1000, 10**5000,
                        (), (1,), (2**63,), (3, 4, 5), tuple(range(9)), tuple(range(254)), tuple(range(255)),
                        tuple(range(600)), (1, (2, 3)), ("a", "b"), "HTHT", "H" * 5000, frozenset({1, 2}),
                        (1.5, 2), (2**63,) * 9, (-(2**63),) * 9, (True, False), (10**600, 1),
                        ((10**3000,), 7), 2**10047, 2**10048, -(2**10048), 10**5000, 10**5900, 10**6000,
                        10**100_000, (10**100_000, 10**100_000, 7), 2**(1 << 20)]
    for position in cases:
        assert step_cost(position) == expected_cost(position), position
        assert _cost(position) == step_cost(position), position  # (the quick path agrees)
    assert step_cost(7) == step_cost((3, 4, 5)) == 1  # ordinary positions: one step, as before
    # a larger number never costs less (the switch from str to python-flint included)
    costs = [step_cost(1 << b) for b in range(0, 200_000, 61)]
    assert costs == sorted(costs)


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
    assert remoteness_or_none(game, 10**100_000 + 1, 1733) is None
    assert game.produced == []  # its own cost (1,734 steps) is past the budget
    nim = load_game("nim")
    assert remoteness_or_none(nim, 10**1_000_000, REMOTENESS_LIMIT) is None
    assert remoteness_or_none(nim, (10**100_000, 10**100_000, 7), REMOTENESS_LIMIT) is None


def test_a_number_of_100000_digits_costs_what_writing_it_costs() -> None:
    """Decimal text past 3,000 digits is near-linear (python-flint), and so is its charge: a
    position of 10^100000 with 10 options of that size costs 1,734 steps to expand, each option
    as much to list and to expand, 36,414 in all, within the budget of 50,000 (when every number
    was charged as quadratic, the position alone cost 52,650: no answer)."""
    game = Wide(width=10, size=100_000)
    assert step_cost(10**100_000 + 1) == 1734
    assert remoteness_or_none(game, 10**100_000 + 1) == 1  # (its options are all terminal)
    assert len(game.produced) == 10
    with pytest.raises(SearchLimitError):
        remoteness(Wide(width=10, size=100_000), 10**100_000 + 1, limit=21 * 1734 - 1)


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


def test_a_users_game_on_a_number_of_60000_digits_has_its_remoteness_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A user's game whose positions are huge numbers: the moves' labels write them by int_text
    (near-linear), as the budget now charges them, and the remoteness of a short line of play is
    answered (charged as quadratic, the first position alone cost more than the 20,000 steps)."""
    import sys

    import grundy
    from grundy import catalog

    @grundy.game("t-halve-bits")
    def halve(p: Any) -> list[Any]:  # drop the lower half of the bits; 1 moves to 0
        (n,) = p
        return [(n >> (n.bit_length() // 2),)] if n > 1 else [(0,)] * n

    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        n, length = 10**60_000, 0  # the line of play, counted here: one move from each position
        while n:
            n, length = (n >> (n.bit_length() // 2) if n > 1 else 0), length + 1
        game = grundy.load_game("t-halve-bits")
        answer = solve(game, (10**60_000,), remoteness=True)
        assert answer.remoteness == length == 19
        assert game.format_position((10**60_000, "a")) == str(10**60_000) + " a"
        assert [m.label for m in game.moves((10**60_000,))] == [f"→ {10**60_000 >> 99_658}"]
        code, out, err = run(capsys, "solve", "t-halve-bits", str(10**60_000))
        assert code == 0, err
        assert f"moves:    {length} to the end" in out and out.startswith("t-halve-bits  1000")
    finally:
        sys.set_int_max_str_digits(old)
        catalog.unregister("t-halve-bits")
