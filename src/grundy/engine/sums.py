"""Disjunctive sums of games, possibly of different games.

A position of a :class:`SumGame` is a tuple holding one position per component. A move is a move
in exactly one component. By the Sprague-Grundy theorem the value of a sum is the XOR of its
components' values, and the winning moves are the component moves that bring that XOR to 0; the
engine uses both facts through :meth:`SumGame.components`.

>>> from grundy.catalog import parse_sum
>>> from grundy.engine.search import grundy_value, winning_moves
>>> game, position = parse_sum("nim 3 + subtraction(1,3,4) 10")
>>> game.spec
'nim + subtraction(1,3,4)'
>>> grundy_value(game, position)
2
>>> [game.format_position(m.to) for m in winning_moves(game, position)]
['nim 1 + subtraction(1,3,4) 10']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidGameError, InvalidPositionError
from grundy.model.game import Game, Move, Outcome, Position
from grundy.model.laws import Laws
from grundy.model.textio import SUM_SEPARATOR, split_segments, tokenize  # (the last two re-exported)


@dataclass(frozen=True)
class SumGame(Game):
    """The disjunctive sum of ``parts`` (games); positions are tuples of part positions."""

    parts: tuple[Game, ...]
    name = "sum"

    def __post_init__(self) -> None:
        if not self.parts:
            raise InvalidGameError("a sum needs at least one component game")

    @property
    def own_rules(self) -> bool:
        """Whether a part's rules are a user's own (:attr:`Game.own_rules`).

        >>> from grundy.catalog import load_game
        >>> SumGame((load_game("nim"), load_game("kayles"))).own_rules
        False
        """
        return any(part.own_rules for part in self.parts)

    @property
    def spec(self) -> str:
        return f" {SUM_SEPARATOR} ".join(g.spec for g in self.parts)

    def validate(self, position: Any) -> tuple[Position, ...]:
        if not isinstance(position, Sequence) or isinstance(position, str) \
                or len(position) != len(self.parts):
            raise InvalidPositionError(
                f"a position of {self.spec!r} needs {len(self.parts)} components, got {position!r}")
        return tuple(g.validate(p) for g, p in zip(self.parts, position, strict=True))

    def canonical(self, position: Any) -> Position:
        return tuple(g.canonical(p) for g, p in zip(self.parts, position, strict=True))

    def moves(self, position: Any) -> Iterator[Move]:
        for i, (game, part) in enumerate(zip(self.parts, position, strict=True)):
            for move in game.moves(part):
                yield self.lift_move(position, i, move)

    def options(self, position: Any) -> Iterator[Position]:
        """The positions one move away, from the parts' own options (no move labels: a label
        writes out heap sizes, and a heap of 10**100000 takes long to write)."""
        for i, (game, part) in enumerate(zip(self.parts, position, strict=True)):
            for option in game.options(part):
                yield self.lift_position(position, i, option)

    def components(self, position: Any) -> list[tuple[Game, Position]]:
        return list(zip(self.parts, position, strict=True))

    def lift_label(self, index: int, label: str) -> str:
        return f"{self.parts[index].spec}: {label}"

    def lift_position(self, position: Any, index: int, part: Position) -> Position:
        return (*tuple(position[:index]), part, *tuple(position[index + 1:]))

    @property
    def laws(self) -> Laws:
        """What SumGame declares beyond its moves (see :class:`~grundy.model.laws.Laws`)."""
        return Laws(misere_outcome=self._misere_outcome, samples=self._samples)

    def _misere_outcome(self, position: Any) -> Outcome | None:
        if len(self.parts) == 1:
            return self.parts[0].closed_misere_outcome(position[0])
        return None

    def parse_position(self, text: str) -> tuple[Position, ...]:
        """Read ``'GAME POSITION + GAME POSITION ...'``, each GAME written as its part's spec."""
        segments = split_segments(tokenize(text)) if text.strip() else []
        if len(segments) != len(self.parts) or any(
                "".join(s[0].split()).lower() != g.spec for s, g in zip(segments, self.parts, strict=False)):
            raise InvalidPositionError(f"{text!r} is not a position of {self.spec!r}: write "
                                       f"GAME POSITION for each of its {len(self.parts)} parts, "
                                       f"separated by '{SUM_SEPARATOR}'")
        return tuple(g.parse_position(" ".join(s[1:])) for s, g in zip(segments, self.parts, strict=True))

    def format_position(self, position: Any) -> str:
        return f" {SUM_SEPARATOR} ".join(
            f"{g.spec} {g.format_position(p)}" for g, p in zip(self.parts, position, strict=True))

    def _samples(self) -> Iterable[Position]:
        return ()

