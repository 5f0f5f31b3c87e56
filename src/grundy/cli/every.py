"""``grundy solve --every``: renders :func:`grundy.theory.every.solve_every` (Every-SG play, where
each turn moves in every component that still has a move and the last player to move wins)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from grundy.cli.common import emit, heading, searching
from grundy.errors import InvalidInputError, SearchLimitError
from grundy.model.game import Game, Position

SHOWN_MOVES = 50
"""Winning combined moves printed as text (``--json`` lists them all)."""

OnGraph = Callable[[str, str | None, str | None, list[str]], tuple[Any, Any]]
"""How ``grundy solve`` reads a game on a graph: ``(name, graph file, ground, tokens)``."""


def run_every(args: argparse.Namespace, on_graph: OnGraph) -> int:
    """The body of ``grundy solve --every`` (``on_graph`` reads ``--graph FILE``)."""
    from grundy.theory.every import solve_every

    if args.misere:
        raise InvalidInputError("--every and --misere do not combine: Every-SG is played in normal "
                                "play (the last player to move wins)")
    if args.plot is not None:
        raise InvalidInputError(f"--plot {args.plot!r} does not apply to --every")
    game, position = _game_and_position(args, on_graph)
    try:
        answer = searching(lambda budget: solve_every(game, position, budget=budget), args.limit)
    except SearchLimitError as exc:  # a table of values does not answer Every-SG: no such hint
        raise _without_table_hint(exc) from None
    from grundy.solving.writers import json_chunks, text_lines

    t = args.language
    if args.json:  # (the reason in the language asked; the keys and "why" stay)
        emit("".join(json_chunks(answer, reason=t.reason(answer.why))))
    else:
        for line in text_lines(answer, t, heading, SHOWN_MOVES):
            emit(line)
    return 0


def _without_table_hint(exc: SearchLimitError) -> SearchLimitError:
    """The refusal without its hint of a table of Grundy values (Every-SG needs remoteness, which
    no table of values gives)."""
    if "table" not in exc.parameters:
        return exc
    text = re.sub(r", or find a pattern to answer larger heaps with: analyze\(game, upto=N\)", "", str(exc))
    return type(exc)(text, parameters=tuple(p for p in exc.parameters if p != "table"), spec=exc.spec)


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
