"""Treblecross (UVa 10561): a strip of ``n ≥ 3`` cells, written as a string of ``.`` (empty) and
``X``; a move puts an ``X`` in an empty cell, and whoever first makes three ``X`` in a row wins.
Cells are numbered from 1 at the left, as the judge numbers them.

**The game grundy plays.** A board with three in a row has no move; on any other board of
``n ≥ 3`` cells some cell is empty (a full board is three in a row). So the game ends exactly
when someone completes three, and that player moved last: Treblecross is the normal-play game
on these boards, its winner the winner of Treblecross. (Boards of 1 or 2 cells, where the board
can fill up without three, a draw, are refused.)

**Theorem (the reduction to the octal game 0.007).** Let ``B`` be a board without three in a
row.

1. *Immediate wins.* If some empty cell completes three (``XX.``, ``.XX`` or ``X.X`` around it),
   ``B`` is won and its winning moves are exactly those cells: any other move leaves the cell
   empty and still completing three, for the opponent.
2. Otherwise call an empty cell *safe* when no ``X`` is within distance 2 of it. *A move on an
   unsafe cell loses*: an ``X`` at ``c`` next to an ``X`` at ``c + 1`` gives ``XX``, and neither
   ``c − 1`` nor ``c + 2`` holds an ``X`` (that would have been an immediate win), while one of them
   is on the board (``n ≥ 3``): the opponent completes three there; an ``X`` at ``c`` with one at
   ``c + 2`` (and ``c + 1`` empty) gives ``X.X``, completed at ``c + 1`` (mirror images alike). A
   move on a safe cell leaves no immediate win (the new ``X`` is 3 or more from every other).
   Hence, by induction on the empty cells, ``B`` is won iff the *safe game* is won: players in
   turn put an ``X`` on a safe cell, the one who cannot loses (then every move is unsafe, a loss;
   some move exists, as above).
3. *The stretches are independent heaps.* The safe cells form maximal runs of consecutive cells,
   *stretches*. An ``X`` at ``c`` makes exactly ``c − 2 .. c + 2`` unsafe. Two stretches are at
   least 6 cells apart: if safe ``c`` is followed by unsafe ``c + 1``, some ``X`` is within 2 of
   ``c + 1`` but not within 2 of ``c``, so at ``c + 3``, and the next safe cell is ``≥ c + 6``. So
   a move in one stretch changes no other, and the safe game is the disjunctive sum of its
   stretches (Sprague-Grundy).
4. *A stretch of L safe cells is the heap ``L + 2`` of 0.007* (take three adjacent counters from
   a row, leaving 0, 1 or 2 rows). An ``X`` at offset ``j`` (``0 ≤ j < L``) leaves the stretches
   ``max(0, j − 2)`` and ``max(0, L − 1 − j − 2)``; in 0.007 the heap ``L + 2`` has exactly the
   options ``(j, L − 1 − j)`` for ``0 ≤ j < L``. By induction ``S(L) = G₀.₀₀₇(L + 2)`` (and
   ``S(0) = 0 = G₀.₀₀₇(h)`` for ``h ≤ 2``, heaps with no move): the options' values agree pair
   by pair, since a left part ``j < 2`` is a heap of 0.007 with no move, as is the empty stretch.

In terms of the *empty runs* (maximal runs of ``.``): each holds at most one stretch (its cells
more than 2 from an ``X``), and a run of ``m`` empty cells with ``e`` of its two ends at an ``X``
(the others at the board's edge) is the 0.007 heap ``m + 2 − 2e`` (a value 0 when that is ``≤ 2``):
a run between two ``X`` loses 2, a run at one edge is its length, the empty board of ``n`` is the
heap ``n + 2``. So ``B`` (case 2) is won iff the XOR ``x`` of the runs' 0.007 values is not 0, and
the winning moves are the safe cells whose ``X`` makes it 0 (at offset ``j`` of a stretch of
``L``: ``x ⊕ G(L + 2) ⊕ G(j) ⊕ G(L − 1 − j) = 0``).

**What is exact.** The outcome and every winning move, for every board (by the theorem; the
0.007 values by the plain mex, in :func:`octal_values`). The Grundy value of a *lost* board is 0
by definition. That of a *won* board, as a part of a sum with other games, is not the XOR ``x``:
the losing moves next to an ``X`` reach won boards of all sorts of values, and an immediate win's
value depends on the rest of the board. grundy computes it only by brute force over the board's
moves, for boards of at most :data:`MAX_SEARCH_EMPTY` empty cells; otherwise it says it is not
computed.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("treblecross"), "..X....")
>>> answer.outcome.value, [m.label for m in answer.winning_moves]
('N', ['X on cell 6', 'X on cell 7'])
>>> [m.label for m in solve(load_game("treblecross"), "X.X..X").winning_moves]
['X on cell 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from grundy.errors import InvalidPositionError, SearchLimitError
from grundy.model.game import Game, Move, Outcome, Position
from grundy.model.laws import ExportRule, Laws
from grundy.model.reason import SHOWN, Facts, Reason, template, xor_text

MAX_CELLS = 5_000
"""Longest board: the 0.007 values are computed by the plain mex, ``O(n²)`` (UVa: ``n ≤ 200``)."""

MAX_SEARCH_EMPTY = 10
"""Most empty cells of a won board whose Grundy value (and misère outcome) the brute force over
its moves searches: at most ``2^10`` boards."""

_VALUES: list[int] = [0, 0, 0]


def octal_values(upto: int) -> list[int]:
    """``G(0..upto)`` of the octal game 0.007 (take three adjacent counters from a row, leaving 0,
    1 or 2 rows), by the mex over ``G(a) ⊕ G(h − 3 − a)``; computed once and kept.

    >>> octal_values(12)
    [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1]
    """
    values = _VALUES
    for h in range(len(values), upto + 1):
        seen = {values[a] ^ values[h - 3 - a] for a in range((h - 3) // 2 + 1)}
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values[:upto + 1]


def completing(board: str) -> list[int]:
    """The empty cells (0-based) where an ``X`` makes three in a row.

    >>> completing("XX..X.X")
    [2, 5]
    """
    n = len(board)
    return [c for c in range(n) if board[c] == "." and any(
        0 <= s and s + 3 <= n and board[s:s + 3].count("X") == 2 for s in range(c - 2, c + 1))]


def stretches(board: str) -> list[tuple[int, int]]:
    """The maximal runs of safe cells (empty, no ``X`` within 2), as ``(first cell, length)``,
    0-based.

    >>> stretches("......X......"), stretches("X....X")
    ([(0, 4), (9, 4)], [])
    """
    n = len(board)
    safe = [board[c] == "." and "X" not in board[max(0, c - 2):c + 3] for c in range(n)]
    runs: list[tuple[int, int]] = []
    c = 0
    while c < n:
        if safe[c]:
            start = c
            while c < n and safe[c]:
                c += 1
            runs.append((start, c - start))
        else:
            c += 1
    return runs


def winning_cells(board: str) -> tuple[bool, list[int]]:
    """Whether the player to move wins ``board`` (no three in a row on it), and every winning
    move: the cells, 1-based, increasing (the theorem of this module).

    >>> winning_cells("..X...."), winning_cells("X...X")
    ((True, [6, 7]), (False, []))
    """
    if "XXX" in board:
        return False, []
    now = completing(board)
    if now:
        return True, [c + 1 for c in now]
    runs = stretches(board)
    g = octal_values(len(board) + 2)
    total = 0
    for _, length in runs:
        total ^= g[length + 2]
    if total == 0:
        return False, []
    cells = [start + j + 1 for start, length in runs for j in range(length)
             if total ^ g[length + 2] ^ g[j] ^ g[length - 1 - j] == 0]
    return True, cells


def _place(board: str, c: int) -> str:
    return board[:c] + "X" + board[c + 1:]


@dataclass(frozen=True)
class Treblecross(Game):
    """Treblecross: put an X in an empty cell; whoever makes three X in a row wins."""

    name = "treblecross"

    @property
    def spec(self) -> str:
        return "treblecross"

    def validate(self, position: Any) -> str:
        if not isinstance(position, str):
            raise InvalidPositionError(f"treblecross: a position is a board of '.' and 'X' such as "
                                       f"'..X....', got {position!r}")
        board = "".join(position.split())
        bad = next((ch for ch in board if ch not in ".X"), None)
        if bad is not None:
            raise InvalidPositionError(f"treblecross: a board is written with '.' (empty) and 'X' only, "
                                       f"got {bad!r} in {board[:40]!r}")
        if len(board) < 3:
            raise InvalidPositionError(f"treblecross: a board has at least 3 cells, got {len(board)} "
                                       f"({board!r}; on fewer nobody can make three in a row)")
        if len(board) > MAX_CELLS:
            raise SearchLimitError(f"treblecross: boards of at most {MAX_CELLS:,} cells (the 0.007 "
                                   f"values are computed by the plain mex), got {len(board):,}")
        return board

    def parse_position(self, text: str) -> str:
        board = self.validate(text)
        if "XXX" in board:  # (a board reached by a move may have it; a board given may not)
            raise InvalidPositionError(f"treblecross: the board {board[:40]!r} already has three X in a "
                                       f"row at cell {board.index('XXX') + 1}: the game is over")
        return board

    def format_position(self, position: Any) -> str:
        return str(position)

    def moves(self, position: Any) -> Iterator[Move]:
        if "XXX" in position:
            return
        for c, ch in enumerate(position):
            if ch == ".":
                yield Move(f"X on cell {c + 1}", _place(position, c))

    @property
    def laws(self) -> Laws:
        """What Treblecross declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(outcome=self._outcome, winning_moves=self._winning_moves, value=self._value,
                    misere_outcome=self._misere_outcome, reason=self._reason, samples=self._samples,
                    searchable=self._searchable, export=ExportRule("treblecross"),
                    export_moves="cell")

    def _outcome(self, position: Any) -> Outcome:
        return Outcome.N if winning_cells(position)[0] else Outcome.P

    def _winning_moves(self, position: Any) -> list[Move]:
        return [Move(f"X on cell {c}", _place(position, c - 1)) for c in winning_cells(position)[1]]

    def _value(self, position: Any) -> int | None:
        if not winning_cells(position)[0]:
            return 0  # (a lost board, or a finished one: value 0 by definition)
        self._searched(position, "the Grundy value of a won board (as a part of a sum it is not "
                                 "the XOR of its runs' 0.007 values)",
                       " (who wins and the winning moves are exact, by the 0.007 reduction)")
        return None  # (the brute force over the board's moves)

    def _misere_outcome(self, position: Any) -> Outcome | None:
        self._searched(position, "misère play (whoever makes three in a row loses)")
        return None

    @staticmethod
    def _searched(position: Any, what: str, note: str = "") -> None:
        empty = position.count(".")
        if empty > MAX_SEARCH_EMPTY:
            raise SearchLimitError(f"treblecross: {what} is found only by brute force, for boards of "
                                   f"at most {MAX_SEARCH_EMPTY} empty cells; this one has {empty}{note}")

    def _searchable(self, position: Any) -> bool:
        return "XXX" in position or position.count(".") <= MAX_SEARCH_EMPTY

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        if "XXX" in position:
            return None  # (a finished board, reached by a move: no move, the engine says so)
        now = completing(position)
        if now:
            return Reason("treblecross-three", {"cells": tuple(c + 1 for c in now[:SHOWN]),
                                                "count": len(now)})
        runs = stretches(position)
        g = octal_values(len(position) + 2)
        values = [g[length + 2] for _, length in runs]
        total = 0
        for v in values:
            total ^= v
        return Reason("treblecross-0.007", {
            "starts": tuple(s + 1 for s, _ in runs[:SHOWN]), "lengths": tuple(n for _, n in runs[:SHOWN]),
            "values": tuple(values[:SHOWN]), "count": len(runs), "total": total})

    def _samples(self) -> Iterable[Position]:
        boards = ["".join(t) for n in range(3, 8) for t in product(".X", repeat=n)]
        return [*[b for b in boards if "XXX" not in b][::3], "..X....", "........", ".........X."]


@template("treblecross-three")
def _three_text(f: Facts) -> str:
    count = f["count"]
    cells = ", ".join(map(str, f["cells"])) + (", …" if count > len(f["cells"]) else "")
    if count == 1:
        return f"treblecross: 1 cell makes three in a row with an X: {cells}; that is the winning move"
    return f"treblecross: {count} cells make three in a row with an X: {cells}; those are the winning moves"


@template("treblecross-0.007")
def _stretch_text(f: Facts) -> str:
    total, count = f["total"], f["count"]
    if not count:
        return ("treblecross: no cell makes three in a row, and every empty cell is within 2 of an X "
                "(an X there gives the opponent three in a row): 0 runs of safe cells, every move loses")
    runs = ", ".join(f"{s}..{s + n - 1} (L = {n})" for s, n in zip(f["starts"], f["lengths"], strict=True))
    more = ", …" if count > len(f["starts"]) else ""
    return (f"treblecross: no cell makes three in a row; an X within 2 of an X gives the opponent three "
            f"in a row, so play is on the {count} run{'s' if count > 1 else ''} of safe cells {runs}{more}, "
            f"each the heap L + 2 of the octal game 0.007: {xor_text(f['values'], count)} = {total}"
            f"{' ≠ 0' if total else ''}")
