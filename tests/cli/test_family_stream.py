"""``grundy solve FAMILY --input LAYOUT --params WHERE FILE`` reads a family's input in pieces as it
answers (:class:`~grundy.cli.judge_graph.StreamWords`), one game of a sum at a time
(:func:`~grundy.cli.judge_family.sum_answers`), and values a heap of a ``formula`` family by the
formula the family declares (:func:`~grundy.cli.judge_family.declared_value`, the one its exported
program computes) instead of building a game per parameters.

Checked here: on a mixed input (sums of ``bash(m)``, ``bash(a,b)``, ``stripes(c,z,n)`` and cases of
``bounded-nim(m)``; repeated and distinct parameters, parameters no game has, heaps up to 10^30,
CRLF line ends and a byte-order mark, words cut by the 64 KiB pieces) every line is the one the
game that a case's parameters name gives (``grundy.solve`` on ``load_game``: what ``solve --input``
answered before it read in pieces); the declared formulas agree with their games; and only a
piece of the input is read before the first case is answered (counted in bytes, no timing).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from grundy import load_game, solve
from grundy.catalog import load_family
from grundy.cli.judge_family import declared_value, family_cases, sum_answers
from grundy.cli.judge_graph import StreamWords
from grundy.errors import GrundyError
from grundy.model.game import Outcome
from tests.helpers import python_lines as run_python
from tests.helpers import run, run_python_program

SPECS = {"bash(m)": "bash({})", "bash(a,b)": "bash({},{})", "bounded-nim(m)": "bounded-nim({})",
         "stripes(c,z,n)": "stripes({},{},{})"}
"""Each family's game spelled with its parameters' values."""


def game_value(family: str, params: tuple[int, ...], heaps: list[int]) -> int | str:
    """The value of ``heaps`` in the game ``params`` name, by grundy's own game and solver (the
    answer ``solve --input`` gave by building that game), or ``"error"``."""
    try:
        game = load_game(SPECS[family].format(*params))
    except GrundyError:
        return "error"
    return solve(game, heaps[0] if len(heaps) == 1 else tuple(heaps)).grundy


def expected_line(family: str, games: list[tuple[tuple[int, ...], list[int]]]) -> str:
    """The line of a case: the XOR of its games' values (``error`` where one has no game)."""
    total = 0
    for params, heaps in games:
        found = game_value(family, params, heaps)
        if found == "error":
            return "error"
        assert isinstance(found, int)
        total ^= found
    return f"{total} {'N' if total else 'P'}"


def agrees(got: list[str], want: list[str]) -> bool:
    return len(got) == len(want) and all(
        g.startswith("error: ") if w == "error" else g == w for g, w in zip(got, want, strict=True))


def hdu1851_mixed(pick: random.Random, cases: int) -> tuple[str, list[str]]:
    """HDU 1851's layout (``T``, each case ``n``, then ``n`` piles ``M L``), CRLF and a BOM: few
    distinct L (a game reused) and many (each its own), L = 0 now and then (no game: an error line),
    piles up to 10^30."""
    text, want = [f"\ufeff{cases}\r\n"], []
    for _ in range(cases):
        games = []
        for _ in range(pick.randrange(0, 40)):
            most = pick.choice([1, 2, 3, pick.randrange(1, 10**9), pick.randrange(1, 10**20)])
            most = 0 if pick.random() < 0.005 else most
            games.append(((most,), [pick.choice([0, pick.randrange(50), pick.randrange(10**30)])]))
        text.append(f"{len(games)}\r\n" + "".join(f"{h[0]} {p[0]}\r\n" for p, h in games))
        want.append(expected_line("bash(m)", games))
    return "".join(text), want


def test_a_mixed_sum_input_answers_as_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, want = hdu1851_mixed(random.Random(1851), 400)
    assert len(text.encode()) > 2 * (1 << 16)  # (words cut by the pieces)
    assert "error" in want and "0 P" in want and len(set(want)) > 300
    path = tmp_path / "hdu1851.in"
    path.write_bytes(text.encode())
    code, out, err = run(capsys, "solve", "bash(m)", "--input", "cases", "--params", "sum-last", str(path))
    assert agrees(out.splitlines(), want), err
    assert code == 2 and f"{want.count('error')} of 400 cases failed" in err


def test_sums_of_two_parameters_and_of_stripes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``bash(a,b)`` (a > b or a = 0: no game), cases to one whose k is 0; ``stripes(c,z,n)``, whose
    games are built (no formula declared), one case of many games."""
    pick = random.Random(7)
    cases = [[((pick.randrange(0, 6), pick.randrange(3, 9)), [pick.randrange(0, 10**12)])
              for _ in range(pick.randrange(1, 5))] for _ in range(80)]
    path = tmp_path / "ab.in"
    path.write_text("".join(f"{len(c)}\n" + "".join(f"{a} {b} {h[0]}\n" for (a, b), h in c)
                            for c in cases) + "0\n")
    code, out, _ = run(capsys, "solve", "bash(a,b)", "--input", "repeated", "--params", "sum", str(path))
    want = [expected_line("bash(a,b)", c) for c in cases]
    assert "error" in want and agrees(out.splitlines(), want) and code == 2
    rows = [((pick.randrange(1, 5), pick.randrange(1, 5), pick.randrange(1, 5)), [pick.randrange(0, 40)])
            for _ in range(60)]
    path.write_text(f"{len(rows)}\n" + "".join(f"{c} {z} {n} {r[0]}\n" for (c, z, n), r in rows))
    code, out, err = run(capsys, "solve", "stripes(c,z,n)", "--input", "counted", "--params", "sum",
                         str(path))
    assert code == 0 and out.splitlines() == [expected_line("stripes(c,z,n)", rows)], err


def test_cases_of_several_heaps_by_the_formula(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not a sum of games: each case its parameters, then its heaps (``bounded-nim(m)``, m = 0 no
    game), and lines of ``bash(m)`` (a line with no heap is ``0 P``, as the programs print)."""
    pick = random.Random(3)
    cases = [((pick.randrange(0, 7),), [pick.randrange(0, 10**15) for _ in range(pick.randrange(1, 6))])
             for _ in range(50)]
    path = tmp_path / "each.in"
    path.write_text(f"{len(cases)}\n" + "".join(f"{p[0]} {len(h)} {' '.join(map(str, h))}\n"
                                                for p, h in cases))
    code, out, _ = run(capsys, "solve", "bounded-nim(m)", "--input", "cases", "--params", "each", str(path))
    want = [expected_line("bounded-nim(m)", [case]) for case in cases]
    assert "error" in want and agrees(out.splitlines(), want) and code == 2
    path.write_text("3 10 7\r\n\r\n0 5\r5\n4 9\n")
    code, out, err = run(capsys, "solve", "bash(m)", "--input", "lines", "--params", "each", str(path))
    lines = out.splitlines()
    assert lines[0] == "1 N" and lines[1].startswith("error: ") and lines[3] == "4 N", out
    assert lines[2] == "0 P" and code == 2, err  # (no heap: no move, as the exported programs print)


@pytest.mark.parametrize("family", ["bash(m)", "bash(a,b)", "bounded-nim(m)"])
def test_the_declared_formula_is_the_games_value(family: str) -> None:
    found = load_family(family)
    assert found is not None
    value = declared_value(found[1])
    assert value is not None
    arity = len(found[1].params)
    for params in [p for p in ((1,), (2,), (5,), (0,)) if arity == 1] or \
            [(a, b) for a in range(0, 5) for b in range(0, 7)]:
        for heaps in ([0], [1], [7], [10**18 + 3], [3, 9, 27]):
            want = game_value(family, params, heaps)
            got = value(params, heaps)
            assert (got is None) if want == "error" else got == want, (params, heaps, got, want)
    assert value((2,) * arity, []) is None  # (no heap: the game's own error)


def test_families_of_other_kinds_declare_no_formula() -> None:
    for name in ("stripes(c,z,n)", "subtraction(S)", "moore(k)", "green-hackenbush(E)"):
        found = load_family(name)
        assert found is not None and declared_value(found[1]) is None, name


class Counted(io.RawIOBase):
    """A stream of ``data`` that counts the bytes read from it."""

    def __init__(self, data: bytes) -> None:
        self.data, self.read_bytes = data, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        piece = self.data[self.read_bytes:self.read_bytes + len(buffer)]
        buffer[:len(piece)] = piece
        self.read_bytes += len(piece)
        return len(piece)


def test_only_a_piece_of_the_input_is_read_before_a_case_is_answered() -> None:
    """20 cases of 10^4 piles (about 2 MB): the first case is answered when at most its own words
    and a piece of 64 KiB more are read; the others are answered as the rest is read."""
    pick = random.Random(20)
    cases = [[(pick.randrange(1, 10**9), pick.randrange(1, 10**9)) for _ in range(10**4)] for _ in range(20)]
    data = (f"{len(cases)}\n" + "".join(f"{len(c)}\n" + "".join(f"{m} {most}\n" for m, most in c)
                                        for c in cases)).encode()
    first = len(f"{len(cases)}\n{len(cases[0])}\n" + "".join(f"{m} {most}\n" for m, most in cases[0]))
    stream = Counted(data)
    family = load_family("bash(m)")[1]  # type: ignore[index]
    value = declared_value(family)
    assert value is not None
    answers = sum_answers(family, "cases", "sum-last", StreamWords(stream, "input"),
                          lambda params, heap: value(params, [heap]))  # type: ignore[misc]
    total = 0
    for m, most in cases[0]:
        total ^= m % (most + 1)
    assert next(answers) == ((Outcome.N if total else Outcome.P), total)
    assert stream.read_bytes <= first + (1 << 16) < len(data) // 10
    assert len(list(answers)) == 19 and stream.read_bytes == len(data)


def test_the_cases_of_a_layout_are_read_as_they_are_taken() -> None:
    """``family_cases`` over a stream: the first of 10^5 lines of ``bash(m)`` is given when only a
    piece is read (lines, and cases of ``--params each``)."""
    family = load_family("bash(m)")[1]  # type: ignore[index]
    lines = "".join(f"{m} {h}\n" for m, h in zip(range(1, 10**5 + 1), range(10**5), strict=True)).encode()
    for layout, data in (("lines", lines), ("cases", b"100000\n" + lines.replace(b" ", b" 1 "))):
        stream = Counted(data)
        cases = family_cases(family, layout, "each", StreamWords(stream, "input"))
        assert next(cases) == ((1,), [0]) and stream.read_bytes <= 1 << 16 < len(data) // 2
        assert sum(1 for _ in cases) == 10**5 - 1 and stream.read_bytes == len(data)


def test_an_input_cut_short_answers_its_cases_then_stops_as_the_program(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cases read before the input ends inside one (or has words after the last) are printed,
    then the error, on stderr: the lines of the exported program."""
    program = run(capsys, "export", "bash(m)", "--main", "--input", "cases", "--params", "sum-last",
                  "--lang", "python")[1]
    path = tmp_path / "cut.in"
    for text, words in (("3\n2\n5 2\n6 3\n1\n4 1\n2\n7 3\n", "ended inside a case"),
                        ("1\n2\n5 2\n6 3\n9 9\n", "2 more words after the last case")):
        path.write_text(text)
        code, out, err = run(capsys, "solve", "bash(m)", "--input", "cases", "--params", "sum-last",
                             str(path))
        status, lines = run_python_program(program, text)
        assert code == 2 and words in err and out.splitlines() == lines and status == 1, (out, lines)
    assert run_python(program, "1\n2\n5 2\n6 3\n") == ["0 P"]


def test_the_tables_of_many_games_stay_while_small(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A sum of ``stripes(c,z,n)`` games of 70 parameters, asked in turn three times: each game's
    table is built once (more than the 64 games whose tables were all that was kept: a round of
    70 forgot each table before it was asked again, and built 420)."""
    import grundy
    from grundy.tables import analysis

    grundy.clear_caches()
    built: list[object] = []
    real = analysis.analyze
    monkeypatch.setattr(analysis, "analyze", lambda game, *rest: built.append(game) or real(game, *rest))
    params = [(c, z, n) for c in range(1, 6) for z in range(1, 6) for n in range(1, 4)][:70]
    games = [(p, [(7 * i + 3) % 1000]) for i, p in enumerate(params * 3)]
    path = tmp_path / "rows.in"
    path.write_text(f"{len(games)}\n" + "".join(f"{c} {z} {n} {r[0]}\n" for (c, z, n), r in games))
    code, out, err = run(capsys, "solve", "stripes(c,z,n)", "--input", "counted", "--params", "sum",
                         str(path))
    assert code == 0 and out.splitlines() == [expected_line("stripes(c,z,n)", games)], err
    assert len(built) == len(set(built)) == 70


def test_the_tables_kept_hold_at_most_the_values_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the values allowed, the least recently used tables are forgotten (the one just built
    is kept, even alone past the bound), and a game forgotten answers the same once built again."""
    import grundy
    from grundy.tables import analysis

    grundy.clear_caches()
    monkeypatch.setattr(analysis, "VALUES_KEPT", 600)
    games = [load_game(f"stripes({c},{z},1)") for c in (2, 3) for z in (2, 3, 4, 5)]
    first = [analysis.value_at(game, 900) for game in games]
    for game in games:
        analysis.value_at(game, 900)
        kept = {id(o): o for _, o in analysis._ORACLES.items()}
        kept.update((id(o), o) for _, (_, o) in analysis._BY_IDENTITY.items())
        assert game in analysis._ORACLES and analysis._oracle(game).size > 0
        assert len(kept) == 1 or sum(o.size for o in kept.values()) <= 600, [o.size for o in kept.values()]
    assert len(analysis._ORACLES) < len(games)
    grundy.clear_caches()
    assert [analysis.value_at(g, 900) for g in games] == first
