"""Who wins, and nothing else: a depth-first search that stops at a position's first option that
is a P-position.

A position is an N-position as soon as one option is a P-position, so its other options need
not be searched; only a P-position needs every option searched (each an N-position). Where the
judge asks only who wins one big game (ABC 354 E: a row of at most 18 cards, a move removes two
that match), this visits a small part of what the Grundy value needs: the value is the mex over
*every* option, so every position reachable is valued.

What the search reads of a game is what :func:`~grundy.engine.search.grundy_value` reads: its
closed outcome (a rule it declares) ends the search at a position, unless the game declares that
rule a search of everything reachable (:attr:`~grundy.model.laws.Laws.outcome_searches`: a game of
one's own, whose outcome explores its whole graph); a position that splits into
components (a sum) is valued by the Sprague-Grundy theorem, the XOR of its parts' values (an
outcome-only search of a sum would walk the product of its parts); a value already in the
:class:`~grundy.engine.search.Cache` is used. A position that can reach itself is refused
(:class:`~grundy.errors.LoopyGameError`), and the work is counted in the same budget of steps.

>>> from grundy.catalog import load_game
>>> from grundy.model.game import Outcome
>>> kayles = load_game("kayles")
>>> [outcome_only(kayles, (n,)).value for n in range(8)]
['P', 'N', 'N', 'N', 'N', 'N', 'N', 'N']
"""

from __future__ import annotations

from typing import Any

from grundy.engine.limits import DEFAULT_LIMIT, Budget
from grundy.engine.search import Cache, Key, grundy_value
from grundy.errors import LoopyGameError
from grundy.model.game import Game, Outcome, Position, laws_of


def outcome_only(game: Game, position: Any, *, cache: Cache | None = None, limit: int = DEFAULT_LIMIT,
                 budget: Budget | None = None) -> Outcome:
    """The outcome of ``position`` in normal play, by the search of this module: N when the
    player to move wins. ``budget`` (or ``limit`` steps) bounds the work; a position that can
    reach itself raises :class:`~grundy.errors.LoopyGameError`."""
    position = game.validate(position)
    cache = cache or Cache()
    budget = budget or Budget(limit)
    rule = not laws_of(game).outcome_searches
    known = _known(game, position, cache, budget, rule)
    if known is not None:
        return Outcome.N if known else Outcome.P
    return Outcome.N if _search(game, position, cache, budget, rule) else Outcome.P


def _known(game: Game, position: Position, cache: Cache, budget: Budget, rule: bool) -> bool | None:
    """Whether the player to move wins ``position``, where that is known without a search: its
    outcome found before, its value cached, a rule the game declares (``rule``), or a sum valued
    by its parts; else ``None``."""
    key = cache.key(game, position)
    found = cache.wins.get(key)
    if found is not None:
        return found
    value = cache.values.get(key)
    if value is not None:
        return value != 0
    decided = game.closed_outcome(position) if rule else None
    if decided is not None:
        return decided is Outcome.N
    if game.components(position) is not None:  # (a sum: the XOR of its parts' values)
        return grundy_value(game, position, cache=cache, budget=budget) != 0
    return None


def _search(game: Game, root: Position, cache: Cache, budget: Budget, rule: bool) -> bool:
    """The depth-first search from ``root`` (not known at once): a frame is a position and the
    options still to look at; an option that is a P-position ends its frame (a win), a frame
    whose options are all N-positions is a P-position."""
    wins = cache.wins
    root_key = cache.key(game, root)
    stack: list[tuple[Key, Any]] = [(root_key, iter(_options(game, root, budget)))]
    active = {root_key}
    while stack:
        key, options = stack[-1]
        won: bool | None = False  # (no option left: a P-position)
        for option in options:
            budget.spend(1, game)
            found = _known(game, option, cache, budget, rule)
            if found is None:
                child = cache.key(game, option)
                if child in active:
                    raise _cycle(game, option)
                stack.append((child, iter(_options(game, option, budget))))
                active.add(child)
                won = None  # (the frame waits for its child)
                break
            if not found:
                won = True
                break
        while won is not None:  # (the frame is decided: so, maybe, the frames above it)
            wins[key] = won
            active.discard(key)
            stack.pop()
            if not stack:
                break
            if won:  # (an N-position: the frame above looks at its next option)
                won = None
            else:  # (a P-position: the frame above wins by moving there)
                key, won = stack[-1][0], True
    return wins[root_key]


def _options(game: Game, position: Position, budget: Budget) -> Any:
    """The options of ``position``, its expansion counted."""
    budget.spend(1, game)
    return game.options(position)


def _cycle(game: Game, position: Position) -> LoopyGameError:
    return LoopyGameError(
        f"{game.spec}: position {game.format_position(position)!r} can reach itself; the search for "
        f"who wins alone follows games without cycles (grundy's own answer, without --outcome, "
        f"handles cycles where the game does: draws and Smith's generalised values)", position)
