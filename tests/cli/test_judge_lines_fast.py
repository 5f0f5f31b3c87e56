"""Many short lines of one heap game through ``grundy solve --input lines`` and ``--batch``: each
heap is solved once for all lines and a line is the XOR of its heaps' values, with the same
answers, byte for byte, as the general path (which still answers every line it cannot: errors,
misère play, games whose moves change several heaps). A staircase's JSON stays linear in its
number of steps. Counts and bytes, not clocks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from grundy.cli import judge_input
from tests.helpers import run


def kayles_values(upto: int) -> list[int]:
    """Kayles by its own mex recursion: take 1 or 2 adjacent pins, the rest in two rows."""
    g: list[int] = []
    for n in range(upto):
        seen = {g[left] ^ g[n - take - left] for take in (1, 2) for left in range(n - take + 1)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def random_lines(rng: random.Random, count: int, below: int, junk: bool) -> list[str]:
    odd = ["-1", "x", "3,4", "007", "0", "1e3", "99999999999999999999999", "2_0"]
    lines = []
    for _ in range(count):
        words = [rng.choice(odd) if junk and rng.random() < 0.05 else str(rng.randrange(below))
                 for _ in range(rng.randrange(1, 4))]
        lines.append(" ".join(words))
    return lines


def counting_values(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the calls of the value path (``solve_value``) the command line makes."""
    import grundy.solving.solve as solving

    calls = [0]
    plain = solving.solve_value

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return plain(*args, **kwargs)

    monkeypatch.setattr(solving, "solve_value", counting)
    return calls


@pytest.mark.parametrize("way", [["--input", "lines"], ["--batch"]])
def test_kayles_lines_are_xors_of_heaps_solved_once(way: list[str], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    g = kayles_values(40)
    lines = random_lines(random.Random(3), 3000, 40, junk=False)
    path = tmp_path / "kayles.in"
    path.write_text("\n".join(lines) + "\n")
    calls = counting_values(monkeypatch)
    code, out, err = run(capsys, "solve", "kayles", *way, str(path))
    assert code == 0, err
    answers = out.splitlines()
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        total = 0
        for h in map(int, line.split()):
            total ^= g[h]
        words = answer.split()
        value, outcome = (words[1], words[0]) if way == ["--batch"] else (words[0], words[1])
        assert (int(value), outcome) == (total, "N" if total else "P"), line
    # each heap solved once (at most 40 heaps), not each of the 3000 lines: here by Kayles's
    # closed form (its proved period), read once, so the value path is not called at all
    assert calls[0] == 0


def test_one_line_of_many_distinct_heaps_asks_no_query_per_heap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A judge's sum of 10^5 distinct heaps of 10^18 on one line: each heap by the game's closed
    form, with no query (budget, validation, solve) per heap; a game without one for some heap
    (a subtraction game past its table) still goes by the value path there."""
    rng = random.Random(5)
    heaps = [rng.randrange(10**18) for _ in range(100_000)]
    path = tmp_path / "nim.in"
    path.write_text(" ".join(map(str, heaps)) + "\n3 x\n")
    calls = counting_values(monkeypatch)
    code, out, _ = run(capsys, "solve", "nim", "--input", "lines", str(path))
    total = 0
    for h in heaps:
        total ^= h
    assert out.splitlines()[0] == f"{total} {'N' if total else 'P'}"
    assert out.splitlines()[1].startswith("error:") and code != 0
    assert calls[0] == 0
    path.write_text("1 2 3\n7\n")
    code, out, _ = run(capsys, "solve", "kayles", "--misere", "--input", "lines", str(path))
    assert code == 0 and calls[0] > 0  # (misère play: the general path, as before)


@pytest.mark.parametrize("game", ["kayles", "nim", "subtraction(1,2,5)", "moore(k=2)"])
@pytest.mark.parametrize("way", [["--input", "lines"], ["--batch"], ["--input", "cases"]])
def test_the_same_bytes_as_the_general_path(game: str, way: list[str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(hash((game, tuple(way))) & 0xFFFF)
    lines = random_lines(rng, 150, 12, junk=way[-1] != "cases")
    if way[-1] == "cases":  # the number of cases, then each case's count and heaps
        text = f"{len(lines)}\n" + "".join(f"{len(x.split())} {x}\n" for x in lines)
    else:
        text = "\n".join([*lines[:100], "", *lines[100:]]) + "\n"
    path = tmp_path / "in.txt"
    path.write_text(text)
    argv = ["solve", game, *way, str(path)]
    fast = run(capsys, *argv)
    monkeypatch.setattr(judge_input.HeapLines, "of", classmethod(lambda cls, *a: None))
    general = run(capsys, *argv)
    assert fast == general


def test_heap_lines_reads_each_word_and_solves_each_heap_once() -> None:
    from grundy.catalog import load_game
    from grundy.engine.search import Cache
    from grundy.solving.solve import solve_value

    asked: list[Any] = []

    def value(game: Any, position: Any, cache: Any) -> Any:
        asked.append(position)
        return solve_value(game, position, cache=cache)

    lines = judge_input.HeapLines.of(load_game("kayles"), value, Cache())
    assert lines is not None
    g = kayles_values(12)
    for _ in range(50):
        assert lines.line("3 4 11") == (("N" if g[3] ^ g[4] ^ g[11] else "P"), g[3] ^ g[4] ^ g[11])
    assert lines.line("3 x") is None  # (a word that is not a number: the general path says why)
    assert asked == [] and lines.solved == 3  # (each heap once, by Kayles's closed form)
    with_value_path = judge_input.HeapLines.of(load_game("octal(0.6)"), value, Cache())
    assert with_value_path is not None
    with_value_path._closed = None  # (the path of a game without a closed form)
    for _ in range(50):
        with_value_path.line("3 4 11")
    assert sorted(asked) == [(3,), (4,), (11,)] and with_value_path.solved == 3
    assert judge_input.HeapLines.of(load_game("moore(k=2)"), value, Cache()) is None  # not a sum


def staircase_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, steps: int) -> str:
    rng = random.Random(steps)
    path = tmp_path / f"stairs{steps}.txt"
    path.write_text(" ".join(str(rng.randrange(10**9)) for _ in range(steps)))
    code, out, err = run(capsys, "solve", "staircase", "--file", str(path), "--json")
    assert code == 0, err
    return str(out)


def test_a_long_staircase_in_json_is_linear(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small, large = (staircase_json(capsys, tmp_path, n) for n in (2_000, 20_000))
    # ten times the steps, about ten times the bytes (each move written with its whole position
    # would be a hundred times)
    assert len(large.encode()) < 12 * len(small.encode())
    moves = json.loads(large)["winning_moves"]
    assert len(moves) > 100 and all("to" not in m for m in moves)
    short = json.loads(staircase_json(capsys, tmp_path, 100))  # at most 100 steps: "to" given
    assert short["winning_moves"] and all("to" in m for m in short["winning_moves"])
