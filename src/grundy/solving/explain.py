"""Step-by-step explanations (``grundy solve --explain``): how the answer follows from the
definitions, with every number computed.

* A position valued by brute force: each option with its value, then the mex, ``mex{0, 2} = 1``.
* A position valued by a rule: the rule with its numbers (the game's own reason).
* A sum: each part's value and how it was found, then the XOR of the values.
* Misère play: each option and whether the player who moves there wins.

>>> from grundy.catalog import load_game
>>> for line in explain_steps(load_game("subtraction(1,3,4)"), (6,)):
...     print(line)
G(6): the options of 6
  take 1: 6 → 5   G = 3
  take 3: 6 → 3   G = 1
  take 4: 6 → 2   G = 0
  G(6) = mex{0, 1, 3} = 2: an N-position (the player to move wins)
"""

from __future__ import annotations

from typing import Any

from grundy.engine.search import DEFAULT_LIMIT, Cache, grundy_value, outcome, xor_all
from grundy.errors import ResourceLimitError, SearchLimitError
from grundy.model.game import Game, Outcome, Position
from grundy.model.language import ENGLISH, Language
from grundy.model.textio import int_text

SHOWN_OPTIONS = 40
"""Options listed one by one (the mex line still uses all of them)."""

SHOWN_PARTS = 20
"""Parts of a sum explained one by one."""


def explain_steps(game: Game, position: Any, *, misere: bool = False, cache: Cache | None = None,
                  limit: int = DEFAULT_LIMIT, lang: Language = ENGLISH) -> list[str]:
    """Lines that derive the answer for ``position`` step by step (see the module docstring), in
    ``lang`` (:class:`~grundy.model.language.Language`)."""
    position = game.validate(position)
    cache = cache or Cache()
    if misere:
        try:
            return _misere_steps(game, position, cache, limit, lang)
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except SearchLimitError:
            law = _misere_law(game, position, limit, lang)
            if law is None:
                raise
            return law
    parts = game.components(position)
    if parts is not None:
        return _sum_steps(game, position, parts, cache, limit, lang)
    return _single_steps(game, position, cache, limit, "", lang)


def _misere_law(game: Game, position: Position, limit: int, t: Language) -> list[str] | None:
    """Misère play of a sum too large to search: the law of sums that decides it (SJ, genus), as
    :func:`grundy.solving.solve.solve` finds it, or ``None``."""
    from grundy.theory.misere import misere_outcome

    parts = game.components(position)
    answer = misere_outcome(parts if parts is not None else [(game, position)], limit=limit)
    if answer is None:
        return None
    return [t("misère play at {position}: too large to search move by move; a law of sums decides it:",
              position=game.format_position(position)), f"  {t.reason(answer.why)}"]


def _name(game: Game, position: Position) -> str:
    return f"G({game.format_position(position)})"


def _single_steps(game: Game, position: Position, cache: Cache, limit: int, indent: str,
                  t: Language = ENGLISH) -> list[str]:
    parts = game.components(position)
    if parts is not None:  # a part that is itself a sum (several heaps of one game): its heaps
        return _nested_sum_steps(game, position, parts, cache, limit, indent, t)
    rule = game.explain(position)
    value = grundy_value(game, position, cache=cache, limit=limit)
    name = _name(game, position)
    if rule is not None:
        return [indent + t("{name} = {value} by a rule: {rule}", name=name, value=int_text(value),
                           rule=t.reason(rule))]
    if game.closed_value(position) is not None:  # a formula, without a sentence: no options listed
        return [indent + t("{name} = {value} by the game's formula", name=name, value=int_text(value))]
    moves = list(game.moves(position))
    values = [grundy_value(game, m.to, cache=cache, limit=limit) for m in moves]
    lines = [indent + t("{name}: the options of {position}", name=name,
                        position=game.format_position(position))]
    for move, v in list(zip(moves, values, strict=True))[:SHOWN_OPTIONS]:
        lines.append(f"{indent}  {t.move(move.label)}   G = {int_text(v)}")
    if len(moves) > SHOWN_OPTIONS:
        lines.append(indent + t("  … and {n} more options", n=len(moves) - SHOWN_OPTIONS))
    seen = sorted(set(values))
    shown = ", ".join(map(int_text, seen[:30])) + (", …" if len(seen) > 30 else "")
    kind = t("a P-position (the player to move loses)" if value == 0 else
             "an N-position (the player to move wins)")
    if not moves:
        lines[-1] = indent + t("{name}: no move", name=name)
    lines.append(indent + t("  {name} = mex{{{shown}}} = {value}: {kind}", name=name, shown=shown,
                            value=int_text(value), kind=kind))
    return lines


def _nested_sum_steps(game: Game, position: Position, parts: list[tuple[Game, Position]],
                      cache: Cache, limit: int, indent: str, t: Language) -> list[str]:
    """A part of a sum that is a sum itself: each of its parts (at most :data:`SHOWN_PARTS`
    explained), then their XOR — every value from the parts' own rules, never from the options of
    the whole (which a heap of 10⁸ would make astronomically many)."""
    lines = [indent + t("{name}: the XOR of its {n} parts' values", name=_name(game, position),
                        n=len(parts))]
    values = []
    for i, (part_game, part_position) in enumerate(parts):
        if i < SHOWN_PARTS:
            lines.extend(_single_steps(part_game, part_position, cache, limit, indent + "  ", t))
        values.append(grundy_value(part_game, part_position, cache=cache, limit=limit))
    if len(parts) > SHOWN_PARTS:
        lines.append(indent + t("  … and {n} more parts", n=len(parts) - SHOWN_PARTS))
    shown = " ⊕ ".join(map(int_text, values[:SHOWN_PARTS])) + (" ⊕ …" if len(values) > SHOWN_PARTS else "")
    lines.append(f"{indent}  {_name(game, position)} = {shown} = {int_text(xor_all(values))}")
    return lines


def _sum_steps(game: Game, position: Position, parts: list[tuple[Game, Position]], cache: Cache,
               limit: int, t: Language) -> list[str]:
    lines = [t("a sum of {n} parts: its value is the XOR of the parts' values (Sprague-Grundy theorem)",
               n=len(parts))]
    values = []
    for i, (part_game, part_position) in enumerate(parts):
        if i < SHOWN_PARTS:
            lines.append(t("part {i}, {game} {position}:", i=i + 1, game=part_game.spec,
                           position=part_game.format_position(part_position)))
            lines.extend(_single_steps(part_game, part_position, cache, limit, "  ", t))
        values.append(grundy_value(part_game, part_position, cache=cache, limit=limit))
    if len(parts) > SHOWN_PARTS:
        lines.append(t("… and {n} more parts", n=len(parts) - SHOWN_PARTS))
    total = xor_all(values)
    shown = " ⊕ ".join(map(int_text, values[:SHOWN_PARTS])) + (" ⊕ …" if len(values) > SHOWN_PARTS else "")
    verdict = t("a P-position: every move leaves a non-zero XOR" if total == 0 else
                "an N-position: a move that makes the XOR 0 wins")
    lines.append(t("XOR of the values: {shown} = {total}: {verdict}", shown=shown,
                   total=int_text(total), verdict=verdict))
    return lines


def _misere_steps(game: Game, position: Position, cache: Cache, limit: int,
                  t: Language) -> list[str]:
    here = outcome(game, position, misere=True, cache=cache, limit=limit)
    moves = list(game.moves(position))
    lines = [t("misère play at {position}: the player who cannot move wins",
               position=game.format_position(position))]
    if not moves:
        return [*lines, t("  no move: the player to move has made no last move and wins (N-position)")]
    for move in moves[:SHOWN_OPTIONS]:
        there = outcome(game, move.to, misere=True, cache=cache, limit=limit)
        lines.append(t("  {move}   then the opponent to move: wins" if there is Outcome.N else
                       "  {move}   then the opponent to move: loses", move=t.move(move.label)))
    if len(moves) > SHOWN_OPTIONS:
        lines.append(t("  … and {n} more options", n=len(moves) - SHOWN_OPTIONS))
    lines.append(t("  some move leaves the opponent lost: an N-position" if here is Outcome.N else
                   "  every move leaves the opponent winning: a P-position"))
    return lines
