"""Judge inputs through ``grundy solve``: ``--batch`` answers every line (a line beginning with
``#`` is a position where the game reads one), computes only what it prints, and makes each game
once for all lines; ``--input lines|cases|counted`` reads a judge's whole input and prints the
answers of the exported program. Counts, not clocks."""

from __future__ import annotations

import json
from collections.abc import Iterator
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


ONE_NUMBER = '''
import grundy


@grundy.game("ji-squares", arity=1)
def squares(p):
    (n,) = p
    return [(n - d * d,) for d in range(1, int(n ** 0.5) + 1)]


@grundy.game("ji-pairs", arity=2)
def pairs(p):
    a, b = p
    return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]
'''


@pytest.fixture
def own_rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "ji_rules.py"
    path.write_text(ONE_NUMBER)
    yield str(path)
    for name in ("ji-squares", "ji-pairs"):
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def squares_values(upto: int) -> list[int]:
    g = [0] * (upto + 1)
    for n in range(1, upto + 1):
        seen = {g[n - d * d] for d in range(1, int(n ** 0.5) + 1)}
        while g[n] in seen:
            g[n] += 1
    return g


def exported_answers(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                     layout: str, text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """What the program ``grundy export ... --lang python --main --input LAYOUT --upto 60`` prints
    (a table to 60 covers every position of the inputs: a pattern that is only a conjecture is not
    used beyond its table, where the program answers with an error line)."""
    import io
    import runpy
    import sys

    code, source, err = run(capsys, "export", *argv, "--lang", "python", "--main", "--input", layout,
                            "--upto", "60")
    assert code == 0, err
    program = tmp_path / "exported.py"
    program.write_text(source)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    with pytest.raises(SystemExit):
        runpy.run_path(str(program), run_name="__main__")
    return str(capsys.readouterr().out)


def test_input_layouts_answer_as_the_exported_program(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        own_rules: str) -> None:
    import random

    rng = random.Random(3)
    heaps = [[rng.randrange(0, 60) for _ in range(rng.randrange(1, 5))] for _ in range(40)]
    inputs = {"lines": "".join(" ".join(map(str, h)) + "\n" for h in heaps),
              "cases": f"{len(heaps)}\n" + "".join(f"{len(h)}\n{' '.join(map(str, h))}\n" for h in heaps),
              "counted": f"{len(heaps[0])} " + " ".join(map(str, heaps[0])) + "\n"}
    squares = squares_values(60)
    for argv in (["kayles"], ["ji-squares", "--rules", own_rules], ["ji-pairs", "--rules", own_rules]):
        for layout, text in inputs.items():
            if argv[0] == "ji-pairs":  # a pair game's case is a b
                pairs = [(h[0], h[-1]) for h in heaps]
                text = {"lines": "".join(f"{a} {b}\n" for a, b in pairs),
                        "cases": f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs),
                        "counted": f"{pairs[0][0]} {pairs[0][1]}\n"}[layout]
            path = tmp_path / f"{layout}.in"
            path.write_text(text)
            code, out, err = run(capsys, "solve", *argv, "--input", layout, str(path))
            assert code == 0, err
            assert out == exported_answers(capsys, tmp_path, argv, layout, text, monkeypatch)
            cases = 1 if layout == "counted" else len(heaps)
            assert len(out.splitlines()) == cases
            if argv[0] == "ji-squares":  # the parts of a case are a sum: XOR of an own brute force
                for h, line in zip(heaps, out.splitlines(), strict=False):
                    total = 0
                    for n in h:
                        total ^= squares[n]
                    assert line == f"{total} {'N' if total else 'P'}"


def test_several_numbers_of_a_game_on_one_number_are_a_sum(
        capsys: pytest.CaptureFixture[str], own_rules: str) -> None:
    squares = squares_values(40)
    code, out, err = run(capsys, "solve", "ji-squares", "3", "4", "5", "40", "--json", "--rules", own_rules)
    assert code == 0, err
    data = json.loads(out)
    assert data["grundy"] == squares[3] ^ squares[4] ^ squares[5] ^ squares[40]
    code, out, err = run(capsys, "solve", "ji-pairs", "3", "4", "5", "--rules", own_rules)
    assert code == 2 and "3 4 5" in err  # a pair game: three numbers are no position


def test_input_answers_many_lines_in_one_process(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    load = catalog.load_game

    def counting(spec: str):  # type: ignore[no-untyped-def]
        made.append(spec)
        return load(spec)

    monkeypatch.setattr(catalog, "load_game", counting)
    path = tmp_path / "many.in"
    path.write_text("".join(f"{n % 97} {n % 13}\n" for n in range(20_000)))
    code, out, err = run(capsys, "solve", "subtraction(1,3,4)", "--input", "lines", str(path))
    assert code == 0, err and made == ["subtraction(1,3,4)"]
    g = [0] * 100
    for n in range(1, 100):
        seen = {g[n - k] for k in (1, 3, 4) if k <= n}
        while g[n] in seen:
            g[n] += 1
    lines = out.splitlines()
    assert len(lines) == 20_000
    for n in (0, 1, 96, 12_345, 19_999):
        v = g[n % 97] ^ g[n % 13]
        assert lines[n] == f"{v} {'N' if v else 'P'}"
    # a layout that cannot be read: one line on stderr, after the cases read before it (as the
    # exported program prints them)
    path.write_text("3\n2 1 1\n")
    code, out, err = run(capsys, "solve", "nim", "--input", "cases", str(path))
    assert code == 2 and out == "0 P\n" and err.count("\n") == 1 and "ended inside a case" in err
