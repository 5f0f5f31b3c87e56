"""Judge inputs through ``grundy solve``: ``--batch`` answers every line (a line beginning with
``#`` is a position where the game reads one), computes only what it prints, and makes each game
once for all lines; ``--input lines|cases|counted`` reads a judge's whole input and prints the
answers of the exported program. Counts, not clocks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy import catalog
from tests.helpers import run


def test_batch_lines_beginning_with_a_hash_are_positions(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    positions = ["##", ".#", "#.#", "#..#", "#", "..##"]
    alone = [run(capsys, "solve", "coin-slide", p, "--json")[1] for p in positions]
    path = tmp_path / "coins.txt"
    path.write_text("\n".join(["# a comment", *positions, "#\tanother"]) + "\n")
    code, out, err = run(capsys, "solve", "coin-slide", "--batch", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == len(positions)  # one answer per position, in order
    for line, whole in zip(lines, alone, strict=True):
        data = json.loads(whole)
        assert line == f"{data['outcome']} {data['grundy']}"
    # GAME POSITION lines: a '# ' line no game reads is a comment, '#x' an error line of its own
    path.write_text("nim 3 4\n# comment\n#x\nnim 1 1\n")
    code, out, err = run(capsys, "solve", "--batch", str(path))
    assert out.splitlines()[0] == "N 7" and out.splitlines()[1].startswith("error: line 3")
    assert out.splitlines()[2] == "P 0" and len(out.splitlines()) == 3 and code == 2


def test_batch_text_computes_no_winning_move(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import grundy.solving.solve as solving

    lines = ["kayles 10 7 3", "subtraction(1,2) 9", "nim 5 5", "nim " + " ".join(["3"] * 101),
             "kayles 4 + nim 2", "octal(0.07) 10**18"]
    expected = ""
    for line in lines:
        data = json.loads(run(capsys, "solve", *line.split(), "--json")[1])
        expected += f"{data['outcome']} {data['grundy']}\n"
    path = tmp_path / "b.txt"
    path.write_text("\n".join(lines) + "\n")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("winning moves computed for --batch")

    monkeypatch.setattr(solving, "winning_moves", refuse)
    monkeypatch.setattr(solving, "_reason", refuse)
    monkeypatch.setattr(solving, "_remoteness", refuse)
    monkeypatch.setattr(solving, "part_moves", refuse)
    code, out, err = run(capsys, "solve", "--batch", str(path))
    assert (code, out) == (0, expected), err


def test_batch_makes_each_game_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    graph = tmp_path / "g.txt"
    graph.write_text("a b\nb c\nc a\nc d\n")
    made: list[str] = []
    load = catalog.load_game

    def counting(spec: str):  # type: ignore[no-untyped-def]
        made.append(spec)
        return load(spec)

    monkeypatch.setattr(catalog, "load_game", counting)
    spec = f"digraph(graph={graph})"
    path = tmp_path / "b.txt"
    path.write_text("".join(f"{spec} {v}\n" for v in "abcd" * 50) + "nim 3\n" * 50)
    code, out, err = run(capsys, "solve", "--batch", str(path))
    assert code == 0, err and len(out.splitlines()) == 250
    assert sorted(made) == sorted([spec, "nim"])


def test_a_long_staircase_from_a_file_in_linear_work(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from grundy.games.takeaway.staircase import Staircase

    rng = random.Random(5)
    counts = [rng.randrange(10**9) for _ in range(200_000)]
    path = tmp_path / "stairs.txt"
    path.write_text("\n".join(" ".join(map(str, counts[i:i + 10])) for i in range(0, len(counts), 10)))
    built = [0]
    slide = Staircase._slide

    def counting(position: tuple[int, ...], idx: int, k: int) -> tuple[int, ...]:
        built[0] += 1
        return slide(position, idx, k)

    monkeypatch.setattr(Staircase, "_slide", staticmethod(counting))
    code, out, err = run(capsys, "solve", "staircase", "--file", str(path))
    assert code == 0, err
    total = 0
    for c in counts[::2]:
        total ^= c
    assert f"grundy:   {total}" in out
    listed = int(out.split("winning moves (")[1].split(")")[0])
    # thousands of winning moves, but no whole position of 2·10^5 counts built for each
    assert listed > 1000 and built[0] < 100
    assert len(out) < 20_000  # the moves are named, not each followed by 2·10^5 numbers
