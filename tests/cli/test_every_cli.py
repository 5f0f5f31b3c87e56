"""``grundy solve --every`` (Every-SG sums) against Every-SG played directly here: the rules of
each game written out by hand, a state is the tuple of component positions, a move moves in
every component that still has a move, and whoever cannot move loses."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import run

Rows = tuple[int, ...]
"""A component's position: its rows (heaps), sorted, zeros dropped."""


def norm(rows: list[int] | tuple[int, ...]) -> Rows:
    return tuple(sorted(r for r in rows if r))


def take_from_one_row(takes: Callable[[int], list[int]]) -> Callable[[Rows], list[Rows]]:
    """Moves of a game that takes ``t in takes(n)`` from one row of ``n`` (no splitting)."""
    def moves(rows: Rows) -> list[Rows]:
        return [norm((*rows[:i], n - t, *rows[i + 1:])) for i, n in enumerate(rows) for t in takes(n)]
    return moves


def kayles(rows: Rows) -> list[Rows]:
    """Knock down one pin or two adjacent pins; the rest of the row falls into two rows."""
    found = []
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for width in (1, 2):
            for left in range(n - width + 1):
                found.append(norm((*rest, left, n - width - left)))
    return found


RULES: dict[str, Callable[[Rows], list[Rows]]] = {
    "nim": take_from_one_row(lambda n: list(range(1, n + 1))),
    "subtraction(1,2)": take_from_one_row(lambda n: [s for s in (1, 2) if s <= n]),
    "subtraction(1,3,4)": take_from_one_row(lambda n: [s for s in (1, 3, 4) if s <= n]),
    "kayles": kayles,
}


@cache
def options(spec: str, rows: Rows) -> tuple[Rows, ...]:
    return tuple(set(RULES[spec](rows)))


def combined(specs: tuple[str, ...], state: tuple[Rows, ...]) -> list[tuple[Rows, ...]]:
    per = [options(s, p) or (p,) for s, p in zip(specs, state, strict=True)]
    if all(not options(s, p) for s, p in zip(specs, state, strict=True)):
        return []
    return list(product(*per))


@cache
def wins(specs: tuple[str, ...], state: tuple[Rows, ...]) -> bool:
    return any(not wins(specs, s) for s in combined(specs, state))


def every_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "solve", "--every", *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def check(capsys: pytest.CaptureFixture[str], parts: list[tuple[str, int]]) -> dict[str, Any]:
    """Solve the sum of single heaps ``parts`` with the CLI and compare with direct play."""
    argv: list[str] = []
    for spec, n in parts:
        argv += (["+"] if argv else []) + [spec, str(n)]
    data = every_json(capsys, *argv)
    specs = tuple(s for s, _ in parts)
    state = tuple(norm([n]) for _, n in parts)
    assert data["outcome"] == ("N" if wins(specs, state) else "P"), parts
    assert data["winning_moves_complete"] is True
    found = {tuple(norm([int(x) for x in to.split()]) for to in move["to"])
             for move in data["winning_moves"]}
    assert found == {s for s in combined(specs, state) if not wins(specs, s)}, parts
    return data


SMALL_SUMS = [[(a, n), (b, m)] for a, b in [("nim", "subtraction(1,2)"), ("subtraction(1,3,4)", "kayles"),
                                            ("kayles", "nim"), ("subtraction(1,2)", "subtraction(1,3,4)")]
              for n in range(0, 7) for m in range(1, 7, 2)]


@pytest.mark.parametrize("parts", SMALL_SUMS, ids=lambda p: " + ".join(f"{s} {n}" for s, n in p))
def test_sums_against_direct_play(capsys: pytest.CaptureFixture[str], parts: list[tuple[str, int]]) -> None:
    check(capsys, parts)


def test_three_components(capsys: pytest.CaptureFixture[str]) -> None:
    for n, m, k in [(3, 4, 5), (2, 6, 1), (5, 5, 5), (0, 3, 4)]:
        check(capsys, [("subtraction(1,3,4)", n), ("subtraction(1,2)", m), ("kayles", k)])


def test_the_heaps_of_a_position_are_components(capsys: pytest.CaptureFixture[str]) -> None:
    """``nim 3 4`` is Every-SG of the heaps *3 and *4 (both moved each turn), not one Nim
    position in which a move takes from one heap; a split Kayles row stays one component."""
    heaps = every_json(capsys, "nim", "3", "4")
    assert heaps == every_json(capsys, "nim", "3", "+", "nim", "4")
    assert [c["game"] for c in heaps["components"]] == ["nim", "nim"]
    assert heaps["winning_moves"] == [{"moves": ["take 3: 3 → 0", "take 4: 4 → 0"], "to": ["0", "0"]}]
    # kayles 4 5 = kayles 4 + kayles 5: compare with direct play of the two rows as components
    rows = every_json(capsys, "kayles", "4", "5")
    check_data = check(capsys, [("kayles", 4), ("kayles", 5)])
    assert rows == check_data


def test_a_finished_component_gets_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    data = check(capsys, [("nim", 0), ("subtraction(1,2)", 3)])
    assert data["suspense"] == [0, 2]
    assert data["outcome"] == "P"
    data = check(capsys, [("nim", 0), ("subtraction(1,3,4)", 4)])
    assert all(m["moves"][0] is None for m in data["winning_moves"])


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--every", "nim", "3", "+", "subtraction(1,2)", "5")
    assert code == 0
    assert "Every-SG  nim 3 + subtraction(1,2) 5" in out
    assert "N-position, first player (to move) wins" in out
    assert "suspense: nim 3: 1, subtraction(1,2) 5: 3" in out
    assert "winning moves (3;" in out
    assert "take 1: 3 → 2 | take 2: 5 → 3   ⇒  nim 2 + subtraction(1,2) 3" in out
    assert "the largest, 3, is odd" in out


def test_many_combined_moves_show_one(capsys: pytest.CaptureFixture[str]) -> None:
    data = every_json(capsys, "nim", "30", "40", "50", "60")
    assert data["winning_moves_complete"] is False
    assert len(data["winning_moves"]) == 1
    assert "3,600,000 combined moves" in str(data["note"])
    _, out, _ = run(capsys, "solve", "--every", "nim", "30", "40", "50", "60")
    assert "winning moves (one shown;" in out and "note:" in out


def test_heaps_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "heaps.txt"
    path.write_text("3\n4\n")
    assert every_json(capsys, "nim", "--file", str(path)) == every_json(capsys, "nim", "3", "4")


@pytest.mark.parametrize("argv, message", [
    (["nim", "3", "--misere"], "--every and --misere do not combine"),
    (["nim", "3", "--plot", "x.png"], "--plot 'x.png' does not apply to --every"),
    (["nim", "3", "+"], "empty component"),
    (["nim", "100000", "--limit", "1000"], "brute force would need more than 1,000 steps"),
])
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "solve", "--every", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
