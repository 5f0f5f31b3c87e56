"""Remoteness (how long a game lasts under optimal play) and Every-SG sums (suspense numbers).

**Remoteness** (Steinhaus 1925; Smith 1966): ``R = 0`` at a terminal position. The winner
*hurries* and the loser *delays*: if some option has even remoteness (a P-position), ``R = 1 +
min`` over those options; otherwise ``R = 1 + max`` over all options. ``R`` is odd exactly at
the N-positions, and it is the number of moves the game lasts when the winner wins as fast as
possible and the loser holds out as long as possible.

**Every-SG** (the "continued conjunctive" compound, 中文 Every-SG): several games are played at
once; on each turn the player moves in **every** component that still has a move, and whoever
moves last wins. Then the player who wins a component wants it to last (the game ends only when
the longest component ends), and the loser wants it over. Smith's **suspense number** measures
this: ``S = 0`` at a terminal position; if some option has even suspense, ``S = 1 + max`` over
those; otherwise ``S = 1 + min`` over all options. ``S`` is odd exactly at the N-positions, and
**the first player wins an Every-SG sum iff its largest suspense number is odd** (Smith 1966;
Winning Ways, ch. 9; Conway, ONAG, ch. 14).

Both numbers are computed by an iterative memoised search over the option graph (the
brute force of :mod:`grundy.engine.search`, with the same work budget), using only the game's
moves: no closed forms.

>>> from grundy.catalog import load_game
>>> s = load_game("subtraction(1,2)")
>>> [remoteness(s, n) for n in range(8)], [suspense(s, n) for n in range(8)]
([0, 1, 1, 2, 3, 3, 4, 5], [0, 1, 1, 2, 3, 3, 4, 5])


Every-SG sums are answered by :func:`grundy.theory.every.every_sg` from these suspense numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from grundy.engine.search import DEFAULT_LIMIT, Budget
from grundy.errors import GrundyError, LoopyGameError
from grundy.model.game import Game, Position

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

SMALL_LIMIT = 50_000
"""Budget of :func:`remoteness_or_none` (a number shown beside an answer must come cheap)."""

Memo = dict[Hashable, int]
_Combine = Callable[[list[int]], int]


def _remoteness_rule(values: list[int]) -> int:
    if not values:
        return 0
    even = [r for r in values if r % 2 == 0]
    return 1 + (min(even) if even else max(values))


def _suspense_rule(values: list[int]) -> int:
    if not values:
        return 0
    even = [s for s in values if s % 2 == 0]
    return 1 + (max(even) if even else min(values))


def _evaluate(game: Game, position: Position, rule: _Combine, memo: Memo, budget: Budget) -> int:
    """Post-order evaluation of ``rule`` over the options of ``position`` with an explicit stack."""
    canonical = game.canonical
    root = canonical(position)
    if root in memo:
        return memo[root]
    # A frame: [position, key, option positions (None before expansion), their keys, next index].
    stack: list[list[Any]] = [[position, root, None, None, 0]]
    active: set[Hashable] = set()
    while stack:
        frame = stack[-1]
        if frame[2] is None:
            if frame[1] in memo:
                stack.pop()
                continue
            budget.spend(1, game)
            options = budget.take(game.options(frame[0]), game)
            frame[2], frame[3] = options, [canonical(o) for o in options]
            active.add(frame[1])
        options, keys, i = frame[2], frame[3], frame[4]
        while i < len(keys) and keys[i] in memo:
            i += 1
        if i < len(keys):
            frame[4] = i
            if keys[i] in active:
                raise LoopyGameError(
                    f"{game.spec}: position {game.format_position(options[i])!r} can reach itself, so "
                    f"it has no remoteness (the game may never end)", options[i])
            stack.append([options[i], keys[i], None, None, 0])
            continue
        memo[frame[1]] = rule([memo[k] for k in keys])
        active.discard(frame[1])
        stack.pop()
    return memo[root]


def remoteness(game: Game, position: Any, *, limit: int = DEFAULT_LIMIT, memo: Memo | None = None,
               budget: Budget | None = None) -> int:
    """Steinhaus–Smith remoteness of ``position``: odd iff the player to move wins.

    ``memo`` (a dict) may be shared between calls on the same game, and ``budget`` (a
    :class:`~grundy.engine.search.Budget`, replacing ``limit``) between searches. Raises
    :class:`~grundy.errors.SearchLimitError` past ``limit`` units of work and
    :class:`~grundy.errors.LoopyGameError` if a position can reach itself.

    >>> from grundy.catalog import load_game
    >>> [remoteness(load_game("subtraction(1,3,4)"), n) for n in range(10)]
    [0, 1, 2, 1, 1, 3, 3, 4, 5, 6]
    """
    position = game.validate(position)
    return _evaluate(game, position, _remoteness_rule, {} if memo is None else memo,
                     budget or Budget(limit))


def suspense(game: Game, position: Any, *, limit: int = DEFAULT_LIMIT, memo: Memo | None = None,
             budget: Budget | None = None) -> int:
    """Smith's suspense number of ``position`` (the Every-SG "step" count): odd iff the player
    to move wins; the winner of the component delays, the loser hurries.

    >>> from grundy.catalog import load_game
    >>> [suspense(load_game("subtraction(1,3,4)"), n) for n in range(10)]
    [0, 1, 2, 3, 1, 3, 3, 2, 3, 4]
    """
    position = game.validate(position)
    return _evaluate(game, position, _suspense_rule, {} if memo is None else memo,
                     budget or Budget(limit))


REMOTENESS_SECONDS = 2.0
"""Longest :func:`remoteness_or_none` searches before giving up: far more than its step budget
needs, so only a position whose options are slow to produce (a heap of a million digits) meets it."""


def remoteness_or_none(game: Game, position: Any, limit: int = SMALL_LIMIT) -> int | None:
    """:func:`remoteness`, or ``None`` when it is not computable within ``limit`` units of work
    (or not defined: a position that can reach itself, a position with too many moves).

    >>> from grundy.catalog import load_game
    >>> remoteness_or_none(load_game("nim"), (2, 2)), remoteness_or_none(load_game("nim"), 10**18)
    (4, None)
    """
    try:  # a short clock too: it is an extra, and must never hold up the answer it comes with
        return remoteness(game, position, budget=Budget(limit, seconds=REMOTENESS_SECONDS))
    except GrundyError:
        return None
