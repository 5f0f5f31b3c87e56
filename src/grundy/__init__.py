"""grundy: solve impartial combinatorial games.

>>> import grundy
>>> kayles_free_example = grundy.load_game("subtraction(1,3,4)")
>>> grundy.grundy_value(kayles_free_example, 10)
1
>>> grundy.solve(grundy.load_game("nim"), (1, 2, 3)).outcome
<Outcome.P: 'P'>
"""

from grundy.catalog import load_game, parse_sum, register, registered_games
from grundy.engine.search import Budget, Cache, grundy_value, mex, moves_to_value, outcome, winning_moves
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
from grundy.model.bounded import clear_caches
from grundy.model.game import Game, HeapGame, Move, Outcome
from grundy.solving.solve import Solution, solve

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:  # the lazy names, for type checkers and editors (imported on first use below)
    from typing import Any

    from grundy.define import game, heap_game
    from grundy.define.sums import Sum
    from grundy.engine.sums import SumGame
    from grundy.reports.claims import ClaimCheck, check_claim
    from grundy.reports.export_policy import ExportResult, export_game
    from grundy.reports.family import FamilyTable, StartFamilyTable, analyze_family
    from grundy.reports.heap_tables import HeapTable, heap_table
    from grundy.tables.misere_table import MisereTable, QuotientTable, analyze_misere, quotient_table
    from grundy.tables.reference import grundy_table
    from grundy.theory.every import EveryAnswer, solve_every
    from grundy.theory.nimber import Nimber
    from grundy.theory.quotient import MisereQuotient, misere_quotient

    __version__: str

_LAZY = {"Nimber": "grundy.theory.nimber", "game": "grundy.define", "heap_game": "grundy.define",
         "Sum": "grundy.define.sums", "misere_quotient": "grundy.theory.quotient",
         "MisereQuotient": "grundy.theory.quotient",
         "grundy_table": "grundy.tables.reference",
         "export_game": "grundy.reports.export_policy", "ExportResult": "grundy.reports.export_policy",
         "analyze_misere": "grundy.tables.misere_table", "MisereTable": "grundy.tables.misere_table",
         "quotient_table": "grundy.tables.misere_table", "QuotientTable": "grundy.tables.misere_table",
         "analyze_family": "grundy.reports.family", "FamilyTable": "grundy.reports.family",
         "StartFamilyTable": "grundy.reports.family",
         "heap_table": "grundy.reports.heap_tables", "HeapTable": "grundy.reports.heap_tables",
         "solve_every": "grundy.theory.every", "SumGame": "grundy.engine.sums",
         "EveryAnswer": "grundy.theory.every",
         "check_claim": "grundy.reports.claims", "ClaimCheck": "grundy.reports.claims"}
"""Public names imported on first use (the command line starts without them)."""


def __getattr__(name: str) -> "Any":  # (quoted: typing is not imported at start-up)
    if name == "__version__":  # written once, in pyproject.toml; read from the installed metadata
        from importlib.metadata import PackageNotFoundError, version

        try:
            value: Any = version("grundy")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree never installed
            value = "0+unknown"
    else:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'grundy' has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the lazy ones included (``dir(grundy)``, tab completion)."""
    return sorted({*globals(), *_LAZY, "__version__"})


__all__ = [
    "Budget", "Cache", "ClaimCheck", "EveryAnswer", "ExportResult", "FamilyTable", "Game", "GrundyError",
    "HeapGame", "HeapTable", "InvalidGameError", "InvalidInputError", "InvalidPositionError",
    "LoopyGameError", "MisereQuotient", "MisereTable", "Move", "Nimber", "NotSupportedError", "Outcome",
    "QuotientTable",
    "SearchLimitError", "Solution", "StartFamilyTable", "Sum", "SumGame", "UnknownGameError",
    "analyze_family", "analyze_misere", "check_claim", "clear_caches", "export_game", "game", "grundy_table",
    "grundy_value",
    "heap_game", "heap_table", "load_game", "mex", "misere_quotient", "moves_to_value", "outcome",
    "parse_sum", "quotient_table", "register", "registered_games", "solve", "solve_every",
    "winning_moves",
]
