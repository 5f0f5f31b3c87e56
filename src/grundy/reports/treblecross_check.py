"""The export of Treblecross (``grundy export treblecross``): the program of
:mod:`grundy.export.treblecross`, checked before it is printed. Its Python ``answer`` (for a C++
program, the Python program's: the same algorithm, line for line) must agree, on every board of
3 to :data:`CHECK_CELLS` cells without three in a row, with a plain search over the game's own
moves (who wins, the moves to lost boards, the mex of the options' values), not with the 0.007
rule of :mod:`grundy.games.takebreak.treblecross`.

>>> from grundy.catalog import load_game
>>> source = treblecross_source(load_game("treblecross"), "python", True, "cases", False)
>>> source.splitlines()[0].startswith("# treblecross: who wins")
True
"""

from __future__ import annotations

from itertools import product
from typing import Any

from grundy.errors import GrundyError

CHECK_CELLS = 9
"""The longest board the check compares (every board of 3..9 cells: about 900)."""


def treblecross_source(game: Any, lang: str, main: bool, layout: str, moves: bool) -> str:
    """The program, after its Python twin has been checked (:func:`check_treblecross_program`)."""
    from grundy.export.treblecross import treblecross_program
    from grundy.games.takebreak.treblecross import MAX_CELLS, MAX_SEARCH_EMPTY

    code = treblecross_program(lang, main, layout, moves, MAX_CELLS, MAX_SEARCH_EMPTY)
    python = code if lang == "python" else treblecross_program("python", False, layout, moves, MAX_CELLS,
                                                                MAX_SEARCH_EMPTY)
    check_treblecross_program(game, python)
    return code


def check_treblecross_program(game: Any, code: str) -> None:
    """Raise :class:`~grundy.errors.GrundyError` unless the program's ``answer`` agrees with the plain
    search over ``game.moves`` on every board of 3..:data:`CHECK_CELLS` cells."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    values: dict[str, int] = {}

    def value(board: str) -> int:  # (memoised mex over the game's moves; boards are short)
        found = values.get(board)
        if found is None:
            seen = {value(m.to) for m in game.moves(board)}
            found = next(v for v in range(len(seen) + 1) if v not in seen)
            values[board] = found
        return found

    for n in range(3, CHECK_CELLS + 1):
        for cells in product(".X", repeat=n):
            board = "".join(cells)
            if "XXX" in board:
                continue
            wins = [_cell(board, m.to) for m in game.moves(board) if value(m.to) == 0]
            expected = (value(board), value(board) != 0, sorted(wins))
            got = namespace["answer"](board)
            if tuple(got) != expected:  # (boards this short have few empty cells: the value searched)
                raise GrundyError(f"treblecross: the program answers {got} for {board!r}, the search "
                                  f"{expected}; not printed")


def _cell(board: str, after: str) -> int:
    """The cell (from 1) a move from ``board`` to ``after`` marks."""
    return next(i for i, (a, b) in enumerate(zip(board, after, strict=True), 1) if a != b)
