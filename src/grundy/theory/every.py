"""Every-SG play of a position as written: its components, and the answer by Smith's suspense
numbers (:func:`every_sg`) — what ``grundy solve --every`` prints.

The components are those of the sum as written, ``GAME POSITION + GAME POSITION …``, and a
position of several heaps of a heap game is one component per heap, as in a disjunctive sum:
``nim 3 4`` is two components, ``*3`` and ``*4``. A component stays one component for the rest
of the game: a Kayles row of 4 that a move splits into rows of 1 and 1 is still one component, in
which a move knocks pins from one of its rows.

>>> from grundy.catalog import parse_sum
>>> game, position = parse_sum("nim 3 4 + subtraction(1,2) 5")
>>> [(g.spec, g.format_position(p)) for g, p in every_components(game, position)]
[('nim', '3'), ('nim', '4'), ('subtraction(1,2)', '5')]
>>> answer = solve_every(game, position)
>>> answer.outcome.winner, answer.suspense
('first', (1, 1, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from math import prod
from typing import Any, ClassVar

from grundy.engine.limits import one_budget
from grundy.engine.search import DEFAULT_LIMIT, Budget
from grundy.errors import GrundyError
from grundy.model.game import Game, Move, Outcome, Position
from grundy.model.reason import Facts, Reason, template
from grundy.theory.remoteness import Memo, suspense

LIST_LIMIT = 10_000
"""Largest number of combined moves (the product over components) :func:`every_sg` lists."""

__all__ = ["EveryAnswer", "every_components", "every_sg", "solve_every"]


def every_components(game: Game, position: Position) -> list[tuple[Game, Position]]:
    """The Every-SG components of a position: the parts of a sum and the heaps of a heap
    position, split as far as the games' :meth:`~grundy.model.game.Game.components` go."""
    parts = game.components(position)
    if parts is None:
        return [(game, position)]
    found: list[tuple[Game, Position]] = []
    for g, p in parts:
        found += every_components(g, p)
    return found


def solve_every(game: Game, position: Any, *, limit: int | None = None,
                budget: Budget | None = None) -> EveryAnswer:
    """The Every-SG answer for ``position`` of ``game`` played as the sum of its components
    (:func:`every_components`); brute force within the steps of ``budget`` in all (its nets and
    progress hook too; ``limit=N`` is short for ``budget=Budget(N)``, not both; by default
    :data:`~grundy.engine.search.DEFAULT_LIMIT` steps).

    >>> from grundy.catalog import load_game
    >>> answer = solve_every(load_game("nim"), (1, 2))
    >>> answer.outcome.winner, answer.suspense, len(answer.winning_moves)
    ('first', (1, 1), 1)
    """
    given = one_budget(limit, budget)
    return every_sg(every_components(game, game.validate(position)),
                    budget=Budget(DEFAULT_LIMIT) if given is None else given.part(given.room()))


CombinedMove = tuple[Move | None, ...]
"""One move of an Every-SG sum: a move per component (``None`` where the component is over)."""


@dataclass(frozen=True)
class EveryAnswer:
    """The answer for an Every-SG sum of components, as data: its JSON and text are written by
    :mod:`grundy.solving.writers` (``answer_json(answer)``, ``text_lines(answer)``), the one
    writer of every answer of ``grundy solve``."""

    components: tuple[tuple[Game, Position], ...]
    outcome: Outcome
    suspense: tuple[int, ...]
    """The suspense number of each component."""
    winning_moves: list[CombinedMove]
    """Every winning combined move when :attr:`winning_moves_complete`, else one of them."""
    winning_moves_complete: bool
    why: Reason
    """The rule (``"every-sg"``) with the suspense numbers (:class:`~grundy.model.reason.Reason`)."""
    note: str | None = None
    kind: ClassVar[str] = "every"
    """What the answer answers (a :class:`~grundy.solving.solve.Solution` says ``"position"``):
    how :mod:`grundy.solving.writers` writes it."""

    @property
    def reason(self) -> str:
        """The text of :attr:`why`."""
        return self.why.text


def every_sg(components: Sequence[tuple[Game, Any]], *, limit: int = DEFAULT_LIMIT,
             list_limit: int = LIST_LIMIT, budget: Budget | None = None) -> EveryAnswer:
    """Solve the Every-SG sum of ``components`` (pairs ``(game, position)``): on each turn the
    player moves in every component that still has a move; whoever moves last wins.

    The first player wins iff the largest suspense number is odd. A combined move wins iff the
    largest suspense among the components' new positions is even; they are all listed when the
    number of combined moves is at most ``list_limit``, otherwise one winning combined move is
    given (each won component moved to the even option of largest suspense, each lost one to its
    option of least suspense) and ``winning_moves_complete`` is false.

    A component is played as given: a Nim position ``(3, 4)`` is one component in which a move
    takes from one heap; pass ``(nim, 3)`` and ``(nim, 4)`` for two components. ``budget``: a
    :class:`~grundy.engine.limits.Budget` to spend instead of a new one of ``limit`` steps.

    >>> from grundy.catalog import load_game
    >>> answer = every_sg([(load_game("subtraction(1,3,4)"), 6), (load_game("kayles"), 4)])
    >>> answer.outcome.winner, answer.suspense
    ('first', (3, 3))
    >>> for combined in answer.winning_moves:
    ...     print(" and ".join(m.label for m in combined))
    take 4: 6 → 2 and take 2: 4 → 2
    take 4: 6 → 2 and take 2, split 4 → 1 + 1
    """
    if not components:
        raise GrundyError("an Every-SG sum needs at least one component")
    parts = tuple((g, g.validate(p)) for g, p in components)
    budget = Budget(limit) if budget is None else budget
    memos: dict[Game, Memo] = {}

    def s_of(game: Game, position: Position) -> int:
        return suspense(game, position, memo=memos.setdefault(game, {}), budget=budget)

    numbers = tuple(s_of(g, p) for g, p in parts)
    top = max(numbers)
    result = Outcome.N if top % 2 else Outcome.P
    reason = Reason("every-sg", {"suspense": numbers[:12], "count": len(numbers), "largest": top})
    if result is Outcome.P:
        return EveryAnswer(parts, result, numbers, [], True, reason)
    choices: list[list[tuple[Move, int]] | None] = []
    for g, p in parts:
        moves = budget.take(g.moves(p), g)
        choices.append([(m, s_of(g, m.to)) for m in moves] if moves else None)
    count = prod(len(c) for c in choices if c is not None)
    if count <= list_limit:
        lists = [c if c is not None else [(None, 0)] for c in choices]
        found: list[CombinedMove] = [tuple(m for m, _ in combo) for combo in product(*lists)
                                     if max(s for _, s in combo) % 2 == 0]
        return EveryAnswer(parts, result, numbers, found, True, reason)
    one: list[Move | None] = []
    for c, s in zip(choices, numbers, strict=True):
        if c is None:
            one.append(None)
        elif s % 2:  # won here: stay won, as long as possible
            one.append(max((x for x in c if x[1] % 2 == 0), key=lambda x: x[1])[0])
        else:        # lost here: end it as soon as possible
            one.append(min(c, key=lambda x: x[1])[0])
    note = (f"{count:,} combined moves (more than {list_limit:,}): one winning move is shown — "
            f"each won component to its even option of largest suspense, each lost one to its "
            f"option of least suspense")
    return EveryAnswer(parts, result, numbers, [tuple(one)], False, reason, note)


@template("every-sg")
def _every_sg_text(f: Facts) -> str:
    shown = ", ".join(str(s) for s in f["suspense"]) + (", …" if f["count"] > 12 else "")
    top = f["largest"]
    return (f"Every-SG (Smith's suspense numbers; the winner of a component delays, the loser "
            f"hurries): suspense {shown}; the largest, {top}, is "
            + ("odd, so the player to move wins" if top % 2 else
               "even, so the player to move loses" if top else
               "0: no component has a move, so the player to move loses"))
