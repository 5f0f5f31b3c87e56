"""The answer to one position as ``grundy solve`` reports it: the solution, with the patterns of
users' own games where ``conjecture`` allows them, and its JSON object.

>>> from grundy.catalog import load_game
>>> data = solution_json(load_game("nim"), (3, 4, 5))
>>> data["outcome"], data["grundy"], [m["move"] for m in data["winning_moves"]]
('N', 2, ['heap 1: take 2: 3 → 1'])
"""

from __future__ import annotations

from grundy.engine.limits import Budget, one_budget
from grundy.engine.search import DEFAULT_LIMIT, Cache
from grundy.errors import InvalidInputError, SearchLimitError
from grundy.model.game import Game, Position
from grundy.solving.solve import Solution, solve

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any


def solve_answer(game: Game, position: Position, *, misere: bool = False, limit: int | None = None,
                 conjecture: bool = False, cache: Cache | None = None, remoteness: bool = True,
                 budget: Budget | None = None) -> tuple[Solution, list[str]]:
    """Solve ``position``, and the texts of the conjectured patterns (of users' own games) the
    answer used.

    ``budget`` (or ``limit=N``, short for ``budget=Budget(N)``) budgets every step of the answer,
    as for :func:`~grundy.solving.solve.solve` (its progress hook sees the searches: the command
    line shows a counter); ``None`` is the default budget. For your own games the answer is one
    query (:class:`~grundy.define.Answering`) of that many steps, passed to ``solve``.

    ``position`` may also be a numpy array of heaps (``grundy solve GAME --file F``); a sum of many
    heaps is answered in bulk where the game's declaration allows it (:func:`grundy.solve` chooses,
    :mod:`grundy.solving.bulk`).
    """
    given = one_budget(limit, budget)
    own = game.own_rules  # (declared by the game: only then is there a query to open)
    if conjecture and not own:
        raise InvalidInputError("conjecture=True applies to your own games (defined with "
                                "@grundy.heap_game or @grundy.game)")
    if not own:  # no user's game: nothing to answer by pattern
        return solve(game, position, misere=misere, cache=cache, remoteness=remoteness, budget=given), []
    from grundy.define import answering
    from grundy.define.by_rule import NPositionByRule, answer_by_rule

    steps = DEFAULT_LIMIT if given is None or given.standard else given.room()
    with answering(conjecture=conjecture, limit=steps) as context:
        try:
            answer = solve(game, position, misere=misere, cache=cache, remoteness=remoteness, budget=given)
        except NPositionByRule as found:  # N by a rule of the P-positions: a move, no value
            if not isinstance(position, tuple | list | int):  # (a numpy array of heaps)
                position = game.validate(tuple(position.tolist()))  # type: ignore[attr-defined]
            answer = answer_by_rule(game, position, found, _single(game, position))
            return answer, [p.text for p in context.used]
    if context.used and answer.outcome.value == "N" and answer.moves_listed and not answer.winning_moves:
        raise SearchLimitError(f"{game.spec}: no answer: by the conjectured pattern the position is an "
                               f"N-position, but no move reaches a P-position, so the pattern is false")
    return answer, [p.text for p in context.used]  # patterns of user games, not proved


def _single(game: Game, position: Any) -> Any:
    """The one part of ``position`` (a heap, a pair), or ``None`` for a sum of several."""
    parts = game.components(position)
    if parts is None:
        return position[0] if isinstance(position, tuple) and len(position) == 1 else position
    if len(parts) != 1:
        return None
    part = parts[0][1]
    return part[0] if isinstance(part, tuple) and len(part) == 1 else part


def answer_json(answer: Solution, conjectures: list[str], steps: list[str] | None) -> dict[str, Any]:
    """The object ``grundy solve --json [--explain]`` prints (the web page's ``/api/solve`` too):
    :func:`grundy.solving.writers.answer_json`."""
    from grundy.solving import writers

    return writers.answer_json(answer, conjectures=conjectures, steps=steps)


def solution_json(game: Game, position: Position, *, misere: bool = False, explain: bool = False,
                  limit: int | None = None) -> dict[str, Any]:
    """``grundy solve GAME POSITION --json [--misere] [--explain]`` as an object."""
    answer, conjectures = solve_answer(game, position, misere=misere, limit=limit)
    steps = None
    if explain:
        from grundy.solving.explain import explain_steps

        steps = explain_steps(game, position, misere=misere, limit=DEFAULT_LIMIT if limit is None else limit)
    return answer_json(answer, conjectures, steps)
