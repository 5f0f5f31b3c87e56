"""Inputs and limits: BOM + CRLF files, matrix delimiters, a floor with nothing on it, heap games
whose moves do not shrink the heap, raisable table limits, and user text drawn literally."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from grundy import load_game, solve
from grundy.errors import InvalidGameError, InvalidInputError, LoopyGameError, SearchLimitError
from grundy.games.graphs.fileio import read_graph
from grundy.games.graphs.hackenbush import GreenHackenbush
from grundy.games.takeaway import infinite_subtraction
from grundy.games.takeaway.nim import parse_heaps_text
from grundy.matrix.lp import parse_matrix_text, solve_matrix_game
from grundy.model.game import HeapGame, HeapResult
from grundy.model.textio import clean_text, read_text_file
from grundy.tables.reference import grundy_table

BOM = "\ufeff".encode()


def write(tmp_path: Path, name: str, text: str, bom: bool = True) -> str:
    path = tmp_path / name
    path.write_bytes((BOM if bom else b"") + text.replace("\n", "\r\n").encode())
    return str(path)


# ---- BOM and CRLF everywhere ---------------------------------------------------------------
def test_text_reader_strips_bom_and_crlf(tmp_path: Path) -> None:
    assert read_text_file(write(tmp_path, "h.txt", "3 4\n5\n")) == "3 4\n5\n"
    assert clean_text("\ufeffa\rb\r\nc") == "a\nb\nc"
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe3")
    with pytest.raises(InvalidInputError, match="not UTF-8"):
        read_text_file(tmp_path / "bad.txt", what="heap file")


def test_graph_files_with_bom_and_crlf(tmp_path: Path) -> None:
    edges = write(tmp_path, "g.txt", "0 1\n1 2\n1 3\n")
    data = read_graph(edges)
    assert data.vertices == ("0", "1", "2", "3")  # not '\ufeff0'
    as_json = write(tmp_path, "g.json", '{"edges": [["g", "a"], ["a", "b"]], "ground": "g"}\n')
    assert read_graph(as_json).ground == "g"
    game = load_game(f"green-hackenbush(graph={edges},ground=0)")
    assert solve(game, game.parse_position("all")).grundy == 1  # a stalk: 1 + (1 ⊕ 1)


def test_heap_and_matrix_text_with_bom_and_crlf(tmp_path: Path) -> None:
    assert parse_heaps_text("\ufeff3, 4\r\n5\r\n").tolist() == [3, 4, 5]
    text = read_text_file(write(tmp_path, "m.csv", "3,-1\n-2,4\n"))
    assert parse_matrix_text(text, inline=False) == [[3, -1], [-2, 4]]
    assert parse_matrix_text("\ufeff3,-1\r\n-2,4\r\n") == [[3, -1], [-2, 4]]


# ---- matrix delimiters ---------------------------------------------------------------------
@pytest.mark.parametrize("text", ["3;-1\n-2;4\n", "3,-1\n-2,4\n", "3\t-1\n-2\t4\n", "3 -1\n-2   4\n",
                                  "# payoffs\n3 ; -1\n\n-2 ; 4  # row 2\n"])
def test_matrix_file_delimiters_are_detected(text: str) -> None:
    assert parse_matrix_text(text, inline=False) == [[3, -1], [-2, 4]]
    assert parse_matrix_text(text) == [[3, -1], [-2, 4]]  # several lines: a file


def test_semicolon_file_is_a_2x2_game_not_4x1() -> None:
    solution = solve_matrix_game("3;-1\n-2;4\n")
    assert len(solution.row_strategy) == 2 and len(solution.col_strategy) == 2


def test_inline_matrix_keeps_semicolon_rows() -> None:
    assert parse_matrix_text("3,-1;-2,4") == [[3, -1], [-2, 4]]
    assert parse_matrix_text("3,-1;-2,4", inline=True) == [[3, -1], [-2, 4]]
    assert parse_matrix_text("3;-1", inline=False) == [[3, -1]]  # one row of a file
    assert parse_matrix_text("3;-1", inline=True) == [[3], [-1]]


@pytest.mark.parametrize(("text", "needle"), [
    ("3;-1\n-2,4\n", "line 2: '-2,4' separates cells with ',', but line 1 uses ';'"),
    ("3,5;2,1\n4,0;1,5\n", "line 1: '3,5;2,1' mixes ',' and ';'"),
    ("3 -1\n-2,4\n", "line 2: '-2,4' separates cells with ',', but line 1 uses whitespace"),
])
def test_inconsistent_matrix_files_are_refused_quoting_the_line(text: str, needle: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        parse_matrix_text(text, inline=False)
    assert needle in str(info.value) and "\n" not in str(info.value)


# ---- Green Hackenbush: a ground that touches no edge ---------------------------------------
@pytest.mark.parametrize("ground", ["G", "floor"])
def test_ground_on_no_edge_is_an_empty_floor(tmp_path: Path, ground: str) -> None:
    path = write(tmp_path, "g.txt", "g a\na b\n", bom=False)
    game = load_game(f"green-hackenbush(graph={path},ground={ground})")
    answer = solve(game, game.parse_position("all"))
    assert (answer.grundy, answer.outcome.value, answer.winning_moves) == (0, "P", [])
    assert f"the ground vertex {ground!r} touches no edge" in answer.reason
    assert ("did you mean 'g'" in answer.reason) == (ground == "G")


def test_isolated_ground_in_json(tmp_path: Path) -> None:
    path = write(tmp_path, "g.json", '{"edges": [["a", "b"]], "vertices": ["g"], "ground": "g"}', bom=False)
    game = GreenHackenbush.from_graph(read_graph(path))
    assert solve(game, game.full).grundy == 0


# ---- heap games whose moves do not shrink the heap -----------------------------------------
@dataclass(frozen=True)
class Stay(HeapGame):
    """From a heap of 3 one move leaves it at 3 (a self-loop); otherwise take 1."""

    name = "stay"

    @property
    def spec(self) -> str:
        return "stay"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        if n:
            yield "take 1", (n - 1,)
        if n == 3:
            yield "pass", (3,)


@dataclass(frozen=True)
class Grow(HeapGame):
    """From a heap of 2 one move makes it 5."""

    name = "grow"

    @property
    def spec(self) -> str:
        return "grow"

    def heap_moves(self, n: int) -> Iterator[tuple[str, HeapResult]]:
        if n:
            yield "take 1", (n - 1,)
        if n == 2:
            yield "grow", (5,)


def test_a_heap_that_reaches_itself_is_loopy_in_tables_and_solve() -> None:
    with pytest.raises(LoopyGameError, match=r"stay: heap 3 can reach itself \(move 'pass' leaves '3'\)"):
        grundy_table(Stay(), 5)
    with pytest.raises(LoopyGameError):
        solve(Stay(), 3)
    assert grundy_table(Stay(), 2) == [0, 1, 0]


def test_a_move_to_a_larger_heap_is_an_invalid_heap_game() -> None:
    with pytest.raises(InvalidGameError, match=r"grow: move 'grow' from heap 2 leaves '5'"):
        grundy_table(Grow(), 4)


# ---- table limits are raisable --------------------------------------------------------------
def test_squares_to_ten_to_the_five() -> None:
    answer = solve(load_game("subtraction(squares)"), 100_000)
    assert answer.grundy is not None and answer.outcome.value == ("N" if answer.grundy else "P")
    # the winning moves reach heaps of the value 0, by the table itself
    game = load_game("subtraction(squares)")
    assert all(solve(game, m.to).grundy == 0 for m in answer.winning_moves[:5])


def test_squares_table_matches_a_plain_mex_loop() -> None:
    n = 30_000  # above the plain-Python size, so the compiled kernel builds it
    squares = [i * i for i in range(1, 200) if i * i <= n]
    values = [0] * (n + 1)
    for m in range(1, n + 1):
        seen = {values[m - s] for s in squares if s <= m}
        values[m] = next(v for v in range(len(seen) + 1) if v not in seen)
    game = load_game("subtraction(squares)")
    assert [game.heap_value(k) for k in range(0, n + 1, 997)] == values[::997]
    assert game.heap_value(n) == values[n]


def test_table_limit_message_says_how_to_raise_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(infinite_subtraction.TABLE_LIMITS, "fibonacci", 1_000)
    game = load_game("subtraction(fibonacci)")
    with pytest.raises(SearchLimitError, match=r"not a mathematical one.*TABLE_LIMITS\['fibonacci'\]"):
        solve(game, 1_001)
    monkeypatch.setitem(infinite_subtraction.TABLE_LIMITS, "fibonacci", 2_000)
    assert solve(game, 1_001).grundy is not None


# ---- user text in pictures, and the matplotlib hint ----------------------------------------
@pytest.mark.slow
def test_vertex_names_are_drawn_literally(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from grundy.games.graphs.drawing import MISSING_MATPLOTLIB, plot_solution

    path = write(tmp_path, "g.txt", "$\\frac$ [red]a\n[red]a $x$\n", bom=False)
    game = load_game(f"digraph(graph={path})")
    out = tmp_path / "g.png"
    plot_solution(solve(game, game.parse_position("$\\frac$")), str(out))
    assert out.stat().st_size > 1000
    assert "pip install matplotlib" in MISSING_MATPLOTLIB and "grundy[plot]" not in MISSING_MATPLOTLIB
