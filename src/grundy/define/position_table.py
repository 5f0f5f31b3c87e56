"""The table a game defined with ``@grundy.game`` declares (:attr:`Laws.position_table
<grundy.model.laws.Laws.position_table>`): the values of its positions of one number or of pairs
of numbers up to ``upto``, ``None`` outside its domain, or one refusal saying why there is none
(its positions are neither, and how else to see it)."""

from __future__ import annotations

import shlex
from typing import Any

from grundy.errors import GrundyError, NotSupportedError, ResourceLimitError
from grundy.model.laws import PositionValues


class NoPositionTable(NotSupportedError):
    """The refusal of :func:`position_values`: the game's positions are neither numbers nor pairs
    of numbers (a caller with another way to answer, ``grundy export``'s general path, takes it)."""


def position_values(game: Any, upto: int) -> PositionValues:
    """``G(a, b)`` (a game on pairs) or ``G(n)`` (a game on one number) of ``game`` (a
    :class:`~grundy.define.user_games.UserGame`, which calls this: not imported here) up to
    ``upto``, within the query's step budget; refused (:class:`NotSupportedError`) when its
    positions are neither numbers nor pairs of numbers (:class:`NoPositionTable`)."""
    cells = game.table_cells(upto)
    if cells is not None:
        return PositionValues(None, cells, type(game).domain.minimum)
    line = game.table_line(upto)
    if line is not None:
        return PositionValues(line, None, type(game).domain.minimum)
    raise NoPositionTable(f"no table for {game.spec}: its positions are neither numbers nor "
                            f"pairs of numbers (a game may declare arity=1 or arity=2)"
                            f"{_start_hint(game)}{_probe_failure(game)}")


def _start_hint(game: Any) -> str:
    """How a game that declares its start positions is seen instead (or nothing)."""
    if type(game).start_function is None:
        return ""
    names = list(type(game).defaults or ())
    start = shlex.quote(game.format_position(game.start_position()))
    return (f"; it declares its start positions: 'grundy table {game.name}({names[0]}=A..B)' "
            f"tabulates them" if names else
            f"; it declares its start position: grundy solve {game.name} {start} solves it")


def _probe_failure(game: Any) -> str:
    """Why the options of the pair ``(0, 0)``, which an undeclared game's table tries first, are
    not options, when the move function returned there (a game on pairs whose function returns
    ``None`` looks like a game on something else); nothing when it raised (a game on triples
    refuses a pair: that is no fault of its function)."""
    cls: Any = type(game)
    domain = cls.domain
    if domain.arity is not None or domain.valid is not None or cls.text_parse is not None:
        return ""
    try:
        cls.move_function((0, 0), **game.params)
        game.options_of((0, 0))
    except ResourceLimitError:
        raise
    except GrundyError as exc:
        return f"; tried as a pair, (0, 0) has no options: {exc}"
    except Exception:
        return ""
    return ""
