"""``grundy solve --every``: Every-SG play, where each turn moves in every component that still has
a move and the last player to move wins (Smith's suspense numbers decide it).

The components are those of the sum as written, ``GAME POSITION + GAME POSITION …``, and a
position of several heaps of a heap game is one component per heap, as in a disjunctive sum:
``nim 3 4`` is two components, ``*3`` and ``*4``. A component stays one component for the rest
of the game: a Kayles row of 4 that a move splits into rows of 1 and 1 is still one component, in
which a move knocks pins from one of its rows.

>>> from grundy.catalog import parse_sum
>>> game, position = parse_sum("nim 3 4 + subtraction(1,2) 5")
>>> [(g.spec, g.format_position(p)) for g, p in every_components(game, position)]
[('nim', '3'), ('nim', '4'), ('subtraction(1,2)', '5')]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from grundy.cli.common import emit, heading, print_json, searching
from grundy.core.game import Game, Position
from grundy.errors import InvalidInputError

SHOWN_MOVES = 50
"""Winning combined moves printed as text (``--json`` lists them all)."""


def every_components(game: Game, position: Position) -> list[tuple[Game, Position]]:
    """The Every-SG components of a position: the parts of a sum and the heaps of a heap
    position, split as far as the games' :meth:`~grundy.core.game.Game.components` go."""
    parts = game.components(position)
    if parts is None:
        return [(game, position)]
    found: list[tuple[Game, Position]] = []
    for g, p in parts:
        found += every_components(g, p)
    return found


OnGraph = Callable[[str, str | None, str | None, list[str]], tuple[Any, Any]]
"""How ``grundy solve`` reads a game on a graph: ``(name, graph file, ground, tokens)``."""


def run_every(args: argparse.Namespace, on_graph: OnGraph) -> int:
    """The body of ``grundy solve --every`` (``on_graph`` reads ``--graph FILE``)."""
    from grundy.core.engine import DEFAULT_LIMIT
    from grundy.core.remoteness import every_sg

    if args.misere:
        raise InvalidInputError("--every and --misere do not combine: Every-SG is played in normal "
                                "play (the last player to move wins)")
    if args.plot is not None:
        raise InvalidInputError(f"--plot {args.plot!r} does not apply to --every")
    game, position = _game_and_position(args, on_graph)
    parts = every_components(game, game.validate(position))
    limit = DEFAULT_LIMIT if args.limit is None else args.limit
    answer = searching(lambda: every_sg(parts, limit=limit))
    if args.json:
        print_json(answer.to_json())
    else:
        print_every(answer)
    return 0


def _game_and_position(args: argparse.Namespace, on_graph: OnGraph) -> tuple[Game, Position]:
    from grundy.catalog import parse_sum

    if args.heap_file is not None:
        from grundy.cli.common import heap_file

        game, heaps = heap_file(args.game, args.position, args.heap_file)
        return game, game.validate(heaps if isinstance(heaps, tuple) else tuple(heaps.tolist()))
    if args.graph is not None or args.ground is not None:
        found: tuple[Game, Position] = on_graph(args.game, args.graph, args.ground, args.position)
        return found
    return parse_sum([args.game, *args.position])


def print_every(answer: Any) -> None:
    """Print an :class:`~grundy.core.remoteness.EveryAnswer` as text."""
    parts = answer.components
    written = [f"{g.spec} {g.format_position(p)}" for g, p in parts]
    verdict = {"N": "first player (to move) wins", "P": "second player wins"}[answer.outcome.value]
    emit(heading("Every-SG") + "  " + " + ".join(written))
    emit(f"  outcome:  {heading(answer.outcome.value + '-position')}, {verdict}")
    emit("  suspense: " + ", ".join(f"{w}: {s}" for w, s in zip(written, answer.suspense, strict=True)))
    moves = answer.winning_moves
    if moves:
        count = f"{len(moves)}" if answer.winning_moves_complete else "one shown"
        emit(f"  winning moves ({count}; one move in every component that has one):")
        for combined in moves[:SHOWN_MOVES]:
            labels = " | ".join("—" if m is None else m.label for m in combined)
            to = " + ".join(f"{g.spec} {g.format_position(p if m is None else m.to)}"
                            for (g, p), m in zip(parts, combined, strict=True))
            emit(f"    {labels}   ⇒  {to}")
        if len(moves) > SHOWN_MOVES:
            emit(f"    … and {len(moves) - SHOWN_MOVES} more (--json lists all)")
    else:
        emit("  winning moves: none")
    if answer.note:
        emit(f"  note:     {answer.note}")
    emit(f"  why:      {answer.reason}")
