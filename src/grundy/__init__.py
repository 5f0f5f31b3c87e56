"""grundy: solve impartial combinatorial games.

>>> import grundy
>>> kayles_free_example = grundy.load_game("subtraction(1,3,4)")
>>> grundy.grundy_value(kayles_free_example, 10)
1
>>> grundy.solve(grundy.load_game("nim"), (1, 2, 3)).outcome
<Outcome.P: 'P'>
"""

from typing import Any

from grundy.catalog import load_game, parse_sum, register, registered_games
from grundy.core.engine import Cache, grundy_value, mex, moves_to_value, outcome, winning_moves
from grundy.core.game import Game, HeapGame, Move, Outcome
from grundy.core.solve import Solution, solve
from grundy.core.sums import SumGame
from grundy.errors import (
    GrundyError,
    InvalidGameError,
    InvalidInputError,
    InvalidPositionError,
    LoopyGameError,
    NotSupportedError,
    SearchLimitError,
    UnknownGameError,
)

__version__ = "0.1.0"

_LAZY = {"Nimber": "grundy.core.nimber", "game": "grundy.define", "heap_game": "grundy.define",
         "grundy_table": "grundy.sequences.tables", "misere_quotient": "grundy.core.quotient",
         "MisereQuotient": "grundy.core.quotient"}
"""Public names imported on first use (the command line starts without them)."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "Cache", "Game", "GrundyError", "HeapGame", "InvalidGameError", "InvalidInputError",
    "InvalidPositionError", "LoopyGameError", "MisereQuotient", "Move", "Nimber",
    "NotSupportedError", "Outcome",
    "SearchLimitError", "Solution", "SumGame", "UnknownGameError", "game", "grundy_table",
    "grundy_value", "heap_game", "load_game", "mex", "misere_quotient", "moves_to_value", "outcome",
    "parse_sum",
    "register", "registered_games", "solve", "winning_moves",
]
