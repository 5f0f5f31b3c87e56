"""Treblecross, ``treblecross`` (UVa 10561): a strip of '.' and 'X'; a move puts an X in an empty
cell; whoever first makes three X in a row wins. Print WINNING or LOSING, and every winning move
(cells from 1, increasing).

Checked against a brute force of its own, plain recursion over the strings of the statement
(never the 0.007 reduction): every board of 3..12 cells, and random boards of 13..16 cells.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from grundy import load_game, solve
from grundy.games.takebreak.treblecross import MAX_SEARCH_EMPTY, octal_values, winning_cells
from grundy.tables.reference import grundy_table
from tests.helpers import cli_output, mex


@cache
def wins(board: str) -> bool:
    """The statement: the player to move wins iff some X makes three in a row or leaves a lost board."""
    nexts = [board[:c] + "X" + board[c + 1:] for c, ch in enumerate(board) if ch == "."]
    return any("XXX" in b or not wins(b) for b in nexts)


def winning(board: str) -> list[int]:
    """Every winning move of the statement, cells from 1, increasing."""
    return [c + 1 for c, ch in enumerate(board) if ch == "."
            and ("XXX" in (b := board[:c] + "X" + board[c + 1:]) or not wins(b))]


@cache
def value(board: str) -> int:
    """The Grundy value of the normal-play game (three in a row: no move), by the plain mex."""
    if "XXX" in board:
        return 0
    return mex({value(board[:c] + "X" + board[c + 1:]) for c, ch in enumerate(board) if ch == "."})


def boards(n: int) -> list[str]:
    return [b for b in ("".join(t) for t in product(".X", repeat=n)) if "XXX" not in b]


@pytest.mark.parametrize("n", range(3, 13))
def test_every_board_up_to_12_cells(n: int) -> None:
    for board in boards(n):
        assert winning_cells(board) == (wins(board), winning(board)), board


def test_random_boards_up_to_16_cells() -> None:
    rng = random.Random(10561)
    checked = 0
    while checked < 150:
        n = rng.randint(13, 16)
        board = "".join("X" if rng.random() < rng.choice([0.1, 0.2, 0.3]) else "." for _ in range(n))
        if "XXX" in board:
            continue
        assert winning_cells(board) == (wins(board), winning(board)), board
        checked += 1


@pytest.mark.parametrize("n", [3, 5, 8, 10])
def test_solve_answers_and_values_of_every_board(n: int) -> None:
    """``solve``: the outcome and the winning moves (labels by cell), and the value: 0 when lost,
    the plain mex when won with few empty cells (boards this short have at most 10)."""
    game = load_game("treblecross")
    for board in boards(n):
        answer = solve(game, board)
        assert answer.outcome.value == ("N" if wins(board) else "P")
        assert [m.label for m in answer.winning_moves] == [f"X on cell {c}" for c in winning(board)]
        assert answer.grundy == value(board), board


def test_a_won_board_with_many_empty_cells_has_no_value_but_every_move() -> None:
    board = "..X" + "." * 20
    answer = solve(load_game("treblecross"), board)
    assert board.count(".") > MAX_SEARCH_EMPTY
    assert answer.grundy is None and "not computed" in (answer.note or "")
    assert [int(m.label.split()[-1]) for m in answer.winning_moves] == winning_cells(board)[1]
    assert answer.outcome.value == "N"


def test_the_value_is_not_the_xor_of_the_runs() -> None:
    """Why only the outcome and the moves come from 0.007: '..X....' is won with XOR 1, value 3."""
    assert value("..X....") == 3 and octal_values(4)[4] == 1


def test_safe_stretches_are_0007_heaps_of_length_plus_2() -> None:
    """The stretch game (an X at offset j of L safe cells leaves max(0, j-2) and max(0, L-j-3)),
    written here, is 0.007 at L + 2; and octal_values is grundy's own table of octal(0.007)."""
    stretch: list[int] = []
    for n in range(60):
        stretch.append(mex({stretch[max(0, j - 2)] ^ stretch[max(0, n - j - 3)] for j in range(n)}))
    assert stretch == octal_values(61)[2:]
    assert octal_values(300) == grundy_table(load_game("octal(0.007)"), 300, use_rules=False)


def test_cli_solve_prints_cells_and_the_reason() -> None:
    code, out, err = cli_output("solve", "treblecross", "..X....")
    assert code == 0, err
    assert "X on cell 6" in out and "X on cell 7" in out and "0.007" in out
    code, out, _ = cli_output("solve", "treblecross", "X.X..X")
    assert code == 0 and "X on cell 2" in out and "makes three in a row" in out
    code, out, _ = cli_output("--lang", "zh", "solve", "treblecross", "X...X")
    assert code == 0 and "三连棋" in out


@pytest.mark.parametrize(("board", "words"), [
    ("..a..", "'.' (empty) and 'X' only"), ("XXX..", "already has three"), ("", "at least 3 cells"),
    ("X.", "at least 3 cells"), ("..xx.", "'.' (empty) and 'X' only")])
def test_bad_boards_are_one_line_errors(board: str, words: str) -> None:
    code, out, err = cli_output("solve", "treblecross", board)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err


def test_solve_input_cases_with_winning_moves(tmp_path) -> None:
    """The judge's layout (T, then T boards): ``VALUE OUTCOME K``, then the K cells."""
    path = tmp_path / "judge.in"
    path.write_text("3\n..X....\nX...X\n.X.X.\n")
    code, out, err = cli_output("solve", "treblecross", "--input", "cases", str(path), "--winning-moves")
    assert code == 0, err
    assert out.split("\n")[:-1] == ["3 N 2", "6", "7", "0 P 0", f"{value('.X.X.')} N 1", "3"]
