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
>>> answer = every_sg([(load_game("nim"), 3), (s, 5)])
>>> answer.outcome.winner, answer.suspense
('first', (1, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import product
from math import prod
from typing import Any

from grundy.engine.search import DEFAULT_LIMIT, Budget
from grundy.errors import GrundyError, LoopyGameError
from grundy.model.game import Game, Move, Outcome, Position
from grundy.model.reason import Facts, Reason, template

SMALL_LIMIT = 50_000
"""Budget of :func:`remoteness_or_none` (a number shown beside an answer must come cheap)."""

LIST_LIMIT = 10_000
"""Largest number of combined moves (the product over components) :func:`every_sg` lists."""

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


CombinedMove = tuple[Move | None, ...]
"""One move of an Every-SG sum: a move per component (``None`` where the component is over)."""


@dataclass(frozen=True)
class EveryAnswer:
    """The answer for an Every-SG sum of components."""

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

    @property
    def reason(self) -> str:
        """The text of :attr:`why`."""
        return self.why.text

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of an Every-SG answer."""

        def fmt(index: int, position: Position) -> str:
            return self.components[index][0].format_position(position)

        data: dict[str, Any] = {
            "mode": "every",
            "components": [{"game": g.spec, "position": g.format_position(p), "suspense": s}
                           for (g, p), s in zip(self.components, self.suspense, strict=True)],
            "outcome": self.outcome.value,
            "winner": self.outcome.winner,
            "suspense": list(self.suspense),
            "winning_moves": [
                {"moves": [None if m is None else m.label for m in combined],
                 "to": [fmt(i, p if m is None else m.to)
                        for i, ((_, p), m) in enumerate(zip(self.components, combined, strict=True))]}
                for combined in self.winning_moves],
            "winning_moves_complete": self.winning_moves_complete,
            "reason": self.reason,
            "why": self.why.to_json(),
        }
        if self.note:
            data["note"] = self.note
        return data

    def text_lines(self, *, heading: Callable[[str], str] = str, shown: int = 50) -> list[str]:
        """The answer as ``grundy solve --every`` writes it (at most ``shown`` winning moves)."""
        parts = self.components
        written = [f"{g.spec} {g.format_position(p)}" for g, p in parts]
        verdict = {"N": "first player (to move) wins", "P": "second player wins"}[self.outcome.value]
        out = [heading("Every-SG") + "  " + " + ".join(written),
               f"  outcome:  {heading(self.outcome.value + '-position')}, {verdict}",
               "  suspense: " + ", ".join(f"{w}: {s}" for w, s in zip(written, self.suspense, strict=True))]
        moves = self.winning_moves
        if moves:
            count = f"{len(moves)}" if self.winning_moves_complete else "one shown"
            out.append(f"  winning moves ({count}; one move in every component that has one):")
            for combined in moves[:shown]:
                labels = " | ".join("—" if m is None else m.label for m in combined)
                to = " + ".join(f"{g.spec} {g.format_position(p if m is None else m.to)}"
                                for (g, p), m in zip(parts, combined, strict=True))
                out.append(f"    {labels}   ⇒  {to}")
            if len(moves) > shown:
                out.append(f"    … and {len(moves) - shown} more (--json lists all)")
        else:
            out.append("  winning moves: none")
        if self.note:
            out.append(f"  note:     {self.note}")
        out.append(f"  why:      {self.reason}")
        return out


def every_sg(components: Sequence[tuple[Game, Any]], *, limit: int = DEFAULT_LIMIT,
             list_limit: int = LIST_LIMIT) -> EveryAnswer:
    """Solve the Every-SG sum of ``components`` (pairs ``(game, position)``): on each turn the
    player moves in every component that still has a move; whoever moves last wins.

    The first player wins iff the largest suspense number is odd. A combined move wins iff the
    largest suspense among the components' new positions is even; they are all listed when the
    number of combined moves is at most ``list_limit``, otherwise one winning combined move is
    given (each won component moved to the even option of largest suspense, each lost one to its
    option of least suspense) and ``winning_moves_complete`` is false.

    A component is played as given: a Nim position ``(3, 4)`` is one component in which a move
    takes from one heap; pass ``(nim, 3)`` and ``(nim, 4)`` for two components.

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
    budget = Budget(limit)
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
