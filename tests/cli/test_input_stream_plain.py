"""``grundy solve GAME --input LAYOUT FILE`` of a game (not a family whose parameters the input
gives) and of a family of one's own (``--params sum``, one game a case, ``--params after``) reads
its input in pieces of 64 KiB as it answers (:class:`~grundy.cli.judge_graph.StreamWords`), as the
catalog families do (tests/cli/test_family_stream.py): an input cut short prints the cases read
before it, then the one error, as the exported program does; before, the whole input was read
first, and such an input printed no case at all.

Checked: the cases of each layout are given when at most a piece more than their own words is read
(counted in bytes, no timing); the answers are the brute force's on inputs whose words, and a
``repeated`` input's case of zeros, are cut by the pieces; a cut-short input prints the lines of the
exported program.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.cli.judge_graph import StreamWords
from grundy.cli.judge_input import _cases
from tests.cli.test_family_stream import Counted
from tests.helpers import cli_output as cli
from tests.helpers import run_python_program


def take_some(position: tuple[int, ...], *, n: int = 1, m: int = 1) -> list[object]:
    """one heap; take 1..m (the family ls-take(n,m): its start is a heap of n)"""
    return [(position[0] - k,) for k in range(1, min(m, position[0]) + 1)]


def rows(position: tuple[int, ...]) -> list[object]:
    """a row of heaps of any length: take one or two from a heap (an empty heap is gone)"""
    options = [(*position[:i], h - k, *position[i + 1:]) for i, h in enumerate(position) for k in (1, 2)
               if k <= h]
    return [tuple(x for x in option if x) or () for option in options]


@pytest.fixture(scope="module", autouse=True)
def own_games() -> Iterator[None]:
    grundy.game("ls-take", start=lambda n, m: (n,))(take_some)
    grundy.game("ls-rows")(rows)
    yield
    for name in ("ls-take", "ls-rows"):
        catalog.unregister(name)


def solve_file(tmp_path: Path, text: str, *argv: str) -> tuple[int, str, str]:
    path = tmp_path / "judge.in"
    path.write_bytes(text.encode())
    return cli("solve", *argv, str(path))


def line(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


CUT = [  # (the game and its layout; an input cut short inside its third case; the words it ends with)
    (["nim", "--input", "cases"], "3\n2 1 2\n1 5\n2 7", "ended inside a case"),
    (["nim", "--input", "repeated"], "2 1 2\n1 5\n2 7", "ended inside a case"),
    (["wythoff", "--input", "cases", "--params", "sum"], "3\n1\n1 2\n2\n3 5 4 4\n1\n6",
     "ended inside a case"),
    (["ls-rows", "--input", "cases", "--params", "sum"], "3\n1\n2 1 1\n0\n2\n1 3", "ended inside a case"),
    (["ls-take(n,m)", "--input", "cases", "--params", "sum"], "3\n1 7 2\n2 5 3 9 4\n3 1 1",
     "ended inside a case"),
    (["ls-take(n,m)", "--input", "cases"], "3\n7 2\n9 4\n5", "ended inside a case"),
    (["ls-take(n,m)", "--input", "counted", "--params", "sum"], "2 7 2 9 4 5", "1 more words"),
    (["nim", "--input", "cases"], "2\n2 1 2\n1 5\nx", "1 more words"),
    (["nim", "--input", "cases"], "3\n2 1 2\n1 5\n2 7 x", "got 'x'"),
]


@pytest.mark.parametrize("argv, text, said", CUT)
def test_an_input_cut_short_prints_its_cases_then_the_error(tmp_path: Path, argv: list[str], text: str,
                                                            said: str) -> None:
    code, out, err = solve_file(tmp_path, text, *argv)
    assert code == 2 and said in err and len(err.splitlines()) == 1, err
    assert len(out.splitlines()) == 2 - ("counted" in argv), out
    exported = ["export", *argv, "--lang", "python", "--main"]
    if argv[0] == "ls-take(n,m)" and "sum" not in argv:
        exported.remove("ls-take(n,m)")
        exported.insert(1, "ls-take(n,m)")
    found, program, _ = cli(*exported)
    assert found == 0
    status, lines = run_python_program(program, text)
    assert status == 1 and lines == out.splitlines()


def test_cases_are_given_as_the_input_is_read() -> None:
    """Of 2 MB of cases, the first is given when at most its words and a piece more are read."""
    pick = random.Random(5)
    heaps = [[pick.randrange(10**9) for _ in range(pick.randrange(1, 9))] for _ in range(40_000)]
    body = "".join(f"{len(h)} {' '.join(map(str, h))}\n" for h in heaps)
    layouts = {"cases": f"{len(heaps)}\n{body}", "repeated": body + "0\n", "lines": body}
    for layout, text in layouts.items():
        data = text.encode()
        stream = Counted(data)
        cases = _cases("heap", layout, StreamWords(stream, "input"))
        first = next(cases)
        assert first == ([len(heaps[0]), *heaps[0]] if layout == "lines" else heaps[0])
        assert stream.read_bytes <= len(f"{len(heaps)}\n") + len(body.split("\n")[0]) + 1 + (1 << 16)
        assert stream.read_bytes < len(data) // 10
        assert sum(1 for _ in cases) == len(heaps) - 1 and stream.read_bytes == len(data)


@pytest.mark.parametrize("kind", ["heap", "pair", "positions:3"])
def test_a_case_of_zeros_cut_by_the_pieces_ends_the_input(kind: str) -> None:
    """``repeated``: the case of zeros that ends the input (a pair's ``0 0``) is read across the
    pieces' edge wherever it falls (its words are looked at before they are taken), and the words
    after it are the error; words cut by the edge are read whole."""
    width, per = {"heap": (1, "1 12345 "), "pair": (2, "123 45 "), "positions:3": (3, "1 2 345 ")}[kind]
    want = [int(x) for x in per.split()]
    if kind == "heap":
        want = want[1:]
    for pad in range(12):  # (the case of zeros moved across the edge of the first piece)
        seven = int("7" * (pad + 1))
        head = f"1 {seven} " if kind == "heap" else f"{seven} {per.split(' ', 1)[1]}"
        count = ((1 << 16) - len(head)) // len(per)
        text = head + per * count + " ".join(["00"] * width) + " 5 5"
        cases = _cases(kind, "repeated", StreamWords(io.BytesIO(text.encode()), "input"))
        assert next(cases) == [seven, *want[1:]]
        assert [next(cases) for _ in range(count)] == [want] * count
        with pytest.raises(grundy.GrundyError, match=r"^2 more words after the last case"):
            next(cases)


def test_a_game_on_its_own_text_is_read_line_by_line(tmp_path: Path) -> None:
    """A game whose positions are words (parse=str): cases of lines, answered as they are read;
    an input cut short prints its cases, then the error (there is no exported program)."""
    grundy.game("ls-word", parse=str, format=str)(lambda p: [p[:-1] or ()])
    grundy.game("ls-once", parse=str, format=str)(lambda p: [()] if p.startswith(("a", "x")) else [])
    try:
        words = ["ab", "abc", "0", "00100"]
        want = [line(len(w) % 2) for w in words]
        code, out, err = solve_file(tmp_path, f"{len(words)}\r\n" + "\r\n".join(words) + "\r\n",
                                    "ls-word", "--input", "cases")
        assert code == 0 and out.splitlines() == want, err
        code, out, err = solve_file(tmp_path, "5\n" + "\n".join(words), "ls-word", "--input", "cases")
        assert code == 2 and out.splitlines() == want and "5 cases announced, 4 lines follow" in err
        code, out, err = solve_file(tmp_path, "3\n" + "\n".join(words), "ls-word", "--input", "cases")
        assert code == 2 and out.splitlines() == want[:3] and "1 more lines after the last case" in err
        code, out, err = solve_file(tmp_path, "ab\n\nabc\nd\n", "ls-word", "--input", "counted")
        assert code == 2 and out == "" and "one line; got 3" in err
        big = " x" * 40_000  # (a line longer than a piece: one position, one move)
        code, out, err = solve_file(tmp_path, f"ab\n{big}\n\nabc", "ls-once", "--input", "lines")
        assert code == 0 and out.splitlines() == [line(1)] * 3, err
    finally:
        catalog.unregister("ls-word")
        catalog.unregister("ls-once")
