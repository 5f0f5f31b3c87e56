"""``solve``: the full answer for one position — who wins, the Grundy value, every winning move,
the remoteness, and the rule or theorem that decided it. This is what ``grundy solve`` prints.

>>> from grundy import load_game
>>> answer = solve(load_game("nim"), (3, 4, 5), remoteness=True)
>>> answer.outcome.winner, answer.grundy, [m.label for m in answer.winning_moves]
('first', 2, ['heap 1: take 2: 3 → 1'])
>>> answer.reason
"Bouton's theorem: the nim-sum 3 ⊕ 4 ⊕ 5 = 2 ≠ 0"
>>> answer.remoteness  # moves to the end when the winner hurries and the loser delays
11

Sums with many parts (a multi-heap position, a :class:`~grundy.engine.sums.SumGame`) are answered
part by part: each distinct part is valued once, its winning moves found once, and the moves are
lifted into the whole position lazily, so a million heaps take time and memory linear in the
input and the answer; heaps of a game whose declaration allows it are answered in bulk with numpy
(:mod:`grundy.solving.bulk`). Every answer is written by :mod:`grundy.solving.writers`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from grundy.engine.limits import asking, one_budget
from grundy.engine.search import (
    DEFAULT_LIMIT,
    Budget,
    Cache,
    grundy_value,
    moves_to_value,
    outcome,
    winning_moves,
    xor_all,
)
from grundy.errors import GrundyError, ResourceLimitError, SearchLimitError, TooManyMovesError
from grundy.model.game import Game, Move, Outcome, Position, laws_of
from grundy.model.reason import Facts, Reason, as_reason, template
from grundy.model.record import FrozenRecord

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from grundy.solving.bulk import Bulk

VALUE_LIMIT_WHEN_DECIDED = 200_000
"""Default brute-force budget for the Grundy value of a position whose outcome a rule already
decided (a ``limit`` given explicitly is used as it is)."""

REMOTENESS_LIMIT = 20_000
"""Brute-force budget for the remoteness that :func:`solve` reports alongside the answer."""

LARGE_SUM = 64
"""From this many parts on, a sum is solved part by part with shared work (see the module doc)."""


class Solution(FrozenRecord):
    """Everything grundy knows about one position (a frozen record: compared, hashed and printed
    by its fields but :attr:`quoted`, :attr:`listed_parts` and :attr:`heaps`; :meth:`replace`
    copies it with some fields changed). Written as JSON and text by :mod:`grundy.solving.writers`
    (:meth:`to_json`, :meth:`json_chunks`, :meth:`json_bytes`)."""

    game: Game
    position: Position
    outcome: Outcome
    grundy: int | str | None
    """The Grundy value; ``None`` in misère play or where it could not be computed, ``"inf"``
    for loopy positions of infinite generalised value."""
    winning_moves: Sequence[Move]
    """A list, or for a large sum answered in bulk a sequence that builds each :class:`Move` when
    read (:class:`~grundy.solving.bulk.HeapMoves`)."""
    why: Reason
    """The rule or theorem that decided the answer, with the numbers it used
    (:class:`~grundy.model.reason.Reason`); :attr:`reason` is its text."""
    misere: bool
    note: str | None
    """Why ``grundy`` is missing, or why the winning moves are not listed, when that happens."""
    moves_listed: bool
    """False when the winning moves exist but are too many to list (see :attr:`note`)."""
    remoteness: int | None
    """Moves to the end when the winner hurries and the loser delays (normal play), if computed."""
    quoted: tuple[GrundyError, ...]
    """The errors :attr:`note` quotes (their ``parameters`` say which call arguments it names)."""
    listed_parts: Sequence[tuple[Game, Position]] | None
    """The parts, when the solver has listed them already (:attr:`parts` then reuses them)."""
    heaps: Any
    """The heaps as a numpy array, for a sum answered in bulk (:mod:`grundy.solving.bulk`), else
    ``None``: the same heaps as :attr:`position`, its text and parts built from the array."""

    kind: ClassVar[str] = "position"
    """What the answer answers (an Every-SG answer says ``"every"``): how the writers write it."""

    _fields: ClassVar[tuple[str, ...]] = (
        "game", "position", "outcome", "grundy", "winning_moves", "why", "misere", "note",
        "moves_listed", "remoteness", "quoted", "listed_parts", "heaps")
    _hidden: ClassVar[tuple[str, ...]] = ("quoted", "listed_parts", "heaps")

    def __init__(self, game: Game, position: Position, outcome: Outcome, grundy: int | str | None,
                 winning_moves: Sequence[Move], why: Reason, misere: bool = False,
                 note: str | None = None, moves_listed: bool = True, remoteness: int | None = None,
                 quoted: tuple[GrundyError, ...] = (),
                 listed_parts: Sequence[tuple[Game, Position]] | None = None, heaps: Any = None) -> None:
        self._init(game, position, outcome, grundy, winning_moves, why, misere, note, moves_listed,
                   remoteness, quoted, listed_parts, heaps)

    @functools.cached_property
    def reason(self) -> str:
        """The rule or theorem that decided the answer, in one line (the text of :attr:`why`)."""
        return self.why.text

    @functools.cached_property
    def parts(self) -> Sequence[tuple[Game, Position]] | None:
        """The position's parts (a sum's components, a multi-heap position's heaps), or ``None``."""
        if self.heaps is not None:
            from grundy.solving.bulk import HeapParts

            return HeapParts(self.game, self.heaps)
        if self.listed_parts is not None:
            return self.listed_parts
        return self.game.components(self.position)

    @functools.cached_property
    def position_text(self) -> str:
        """The position as the game writes it."""
        if self.heaps is not None:
            from grundy.solving.bulk import heaps_text

            return heaps_text(self.game, self.heaps)
        return self.game.format_position(self.position)

    def position_prefix(self, chars: int) -> tuple[str, bool]:
        """The first ``chars`` characters of :attr:`position_text`, and whether that is all of it."""
        if self.heaps is not None:
            from grundy.solving.bulk import heaps_text

            count = int(self.heaps.size)
            first = min(count, chars // 2 + 1)  # (each heap but the last takes two characters or more)
            text = heaps_text(self.game, self.heaps[:first])
            return text[:chars], first == count and len(text) <= chars
        text = self.position_text
        return text[:chars], len(text) <= chars

    def _repr_html_(self) -> str:
        """A notebook shows the answer as a compact table and the winning moves: what the text
        writer shows (:func:`grundy.solving.writers.summary`), as HTML."""
        from grundy.model.html import solution_html
        from grundy.solving.writers import summary

        return solution_html(summary(self))

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``grundy solve`` (:func:`grundy.solving.writers.answer_json`)."""
        from grundy.solving.writers import answer_json

        return answer_json(self)

    def json_chunks(self, chunk: int = 10_000) -> Iterator[str]:
        """:meth:`to_json` as JSON text in pieces, the winning moves ``chunk`` at a time (memory
        stays bounded however many there are; :func:`grundy.solving.writers.json_chunks`).

        >>> from grundy import load_game
        >>> import json
        >>> answer = solve(load_game("nim"), (3, 4, 5))
        >>> json.loads("".join(answer.json_chunks())) == answer.to_json()
        True
        """
        from grundy.solving.writers import json_chunks

        return json_chunks(self, chunk)

    def json_bytes(self, chunk: int = 10_000, errors: str = "strict") -> Iterator[bytes]:
        """:meth:`json_chunks` encoded in UTF-8 (``errors`` as in :meth:`str.encode`)."""
        from grundy.solving.writers import json_bytes

        return json_bytes(self, chunk, errors)


@asking
def solve(game: Game, position: Any, *, misere: bool = False, cache: Cache | None = None,
          limit: int | None = None, remoteness: bool = False, budget: Budget | None = None) -> Solution:
    """Solve ``position`` of ``game`` (normal play, or misère play with ``misere=True``).

    ``budget``: the :class:`~grundy.engine.limits.Budget` the answer may spend — each search it
    needs gets up to the steps it has left (``budget.room()``), with its time and memory nets and
    its progress hook; ``limit=N`` is short for ``budget=Budget(N)`` (not both). By default (or
    with :meth:`Budget.default() <grundy.engine.limits.Budget.default>`) each search gets
    :data:`~grundy.engine.search.DEFAULT_LIMIT` steps, but the Grundy value of a position whose
    outcome a rule decided only :data:`VALUE_LIMIT_WHEN_DECIDED`.

    >>> from grundy import load_game
    >>> solve(load_game("kayles"), 30, budget=Budget(100)).grundy  # (the moves: a search of 31 options)
    7
    >>> solve(load_game("kayles"), 30, budget=Budget(10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.SearchLimitError: kayles: brute force would need more than 10 steps ...

    ``remoteness``: also compute the remoteness (a brute force of at most
    :data:`REMOTENESS_LIMIT` steps, skipped where it does not finish; ``grundy solve`` asks for it).

    ``position`` may be a tuple, list or numpy array of heaps: from
    :data:`~grundy.solving.bulk.BULK_SUM` heaps on, a game whose declaration allows it (a take-away
    set, and for a finite one its table of values) is answered in bulk (:mod:`grundy.solving.bulk`),
    the same answer in time and memory linear in the heaps, its moves read lazily.
    """
    given = one_budget(limit, budget)
    position, bulk = _many_heaps(game, position, misere)
    if bulk is not None:
        return bulk
    position = game.validate(position)
    cache = cache or Cache()
    decided_limit = VALUE_LIMIT_WHEN_DECIDED if given is None or given.standard else given.room()
    limit = DEFAULT_LIMIT if given is None else given.room()
    if misere:
        return _solve_misere(game, position, cache, given, limit, decided_limit)
    loopy = game.loopy_value(position)
    if loopy is not None:  # an infinite generalised value: the ordinary engine does not apply
        decided, rule_moves = game.closed_outcome(position), game.winning_moves_rule(position)
        if decided is not None and rule_moves is not None:
            return Solution(game, position, decided, loopy, rule_moves,
                            as_reason(game.explain(position)) or Reason("smith", {}))
    parts = game.components(position)
    if parts is not None and len(parts) >= LARGE_SUM:
        return _solve_large_sum(game, position, parts, cache, _steps(given, limit, seconds=float("inf")))
    by_rule = game.closed_outcome(position)
    value: int | None
    note = None
    quoted: tuple[GrundyError, ...] = ()
    try:
        steps = limit if by_rule is None else min(limit, decided_limit)
        value = grundy_value(game, position, cache=cache, **_spend(given, steps))
    except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
        raise
    except SearchLimitError as exc:
        if by_rule is None:
            raise
        value, note, quoted = None, f"Grundy value not computed: {exc}", (exc,)
    result = by_rule if by_rule is not None else (Outcome.N if value else Outcome.P)
    if value is None and result is Outcome.P:  # a P-position has value 0, by definition
        value, note, quoted = 0, None, ()
    listed = True
    try:
        moves = winning_moves(game, position, cache=cache, **_spend(given, limit))
    except TooManyMovesError as exc:  # (some may still be listed: the examples it found)
        moves, listed = _examples(exc), False
        note = "; ".join(filter(None, [note, f"winning moves not {'all ' * bool(moves)}listed: {exc}"]))
    return Solution(game, position, result, value, moves, _reason(game, position, cache), False,
                    note, listed, _remoteness(game, position) if remoteness else None, quoted)


@asking
def solve_value(game: Game, position: Any, *, misere: bool = False, cache: Cache | None = None,
                limit: int | None = None, budget: Budget | None = None) -> tuple[Outcome, int | str | None]:
    """The outcome and the Grundy value :func:`solve` gives, computing nothing else (no winning
    move, reason or remoteness): what ``grundy solve --batch`` and ``--input`` print. ``budget``
    and ``limit`` as for :func:`solve`.

    >>> from grundy import load_game
    >>> solve_value(load_game("nim"), (3, 4, 5))
    (<Outcome.N: 'N'>, 2)
    """
    given = one_budget(limit, budget)
    if misere:  # (the misère answer's rules decide it together with its moves)
        answer = solve(game, position, misere=True, cache=cache, budget=given)
        return answer.outcome, answer.grundy
    position = game.validate(position)
    cache = cache or Cache()
    decided_limit = VALUE_LIMIT_WHEN_DECIDED if given is None or given.standard else given.room()
    budget_limit = DEFAULT_LIMIT if given is None else given.room()
    loopy = game.loopy_value(position)
    if loopy is not None:  # an infinite value: solve's own path, without the reason it writes
        decided = game.closed_outcome(position)  # (a reason counts what the position reaches)
        if decided is not None and game.winning_moves_rule(position) is not None:
            return decided, loopy
        answer = solve(game, position, cache=cache, budget=given)
        return answer.outcome, answer.grundy
    try:  # the value within the smaller budget solve gives it: then it is solve's value
        value = grundy_value(game, position, cache=cache, **_spend(given, decided_limit))
    except ResourceLimitError:
        raise
    except SearchLimitError:
        value = None
    if value is not None:
        return (Outcome.N if value else Outcome.P), value
    parts = game.components(position)
    if parts is not None and len(parts) >= LARGE_SUM:
        shared = _steps(given, budget_limit, seconds=float("inf"))
        values: dict[Any, int] = {}
        for part_game, part_position in parts:
            key = (id(part_game), part_position)
            if key not in values:
                values[key] = part_value(part_game, part_position, cache, shared)
        total = xor_all(values[(id(g), p)] for g, p in parts)
        return (Outcome.N if total else Outcome.P), total
    by_rule = game.closed_outcome(position)
    try:
        steps = budget_limit if by_rule is None else min(budget_limit, decided_limit)
        value = grundy_value(game, position, cache=cache, **_spend(given, steps))
    except ResourceLimitError:
        raise
    except SearchLimitError:
        if by_rule is None:
            raise
        value = None
    result = by_rule if by_rule is not None else (Outcome.N if value else Outcome.P)
    return result, 0 if value is None and result is Outcome.P else value


def _spend(given: Budget | None, limit: int) -> dict[str, Any]:
    """The keywords of one search of ``limit`` steps: ``budget=`` a part of the budget the call
    was given (its safety nets and progress hook, :meth:`~grundy.engine.limits.Budget.part`),
    else ``limit=`` (the engine's fast path makes a budget only if the search needs one)."""
    return {"limit": limit} if given is None else {"budget": given.part(limit)}


def _steps(given: Budget | None, limit: int, seconds: float | None = None) -> Budget:
    """The budget of one search of ``limit`` steps: a part of the budget the call was given (its
    safety nets and progress hook, :meth:`~grundy.engine.limits.Budget.part`), else
    ``Budget(limit)`` (the default nets)."""
    if given is None:
        return Budget(limit) if seconds is None else Budget(limit, seconds=seconds)
    return given.part(limit, seconds=seconds)


def _many_heaps(game: Game, position: Any, misere: bool) -> tuple[Any, Solution | None]:
    """The bulk answer to a sum of many heaps where the game's declaration allows it
    (:mod:`grundy.solving.bulk`); else the position, a numpy array of heaps as a tuple."""
    import sys

    numpy = sys.modules.get("numpy")  # (an array comes from a caller that imported numpy)
    array = numpy is not None and isinstance(position, numpy.ndarray)
    if not (array or isinstance(position, tuple | list)):
        return position, None
    from grundy.model.game import HeapGame

    if isinstance(game, HeapGame) and len(position) >= LARGE_SUM:
        from grundy.solving.bulk import applies, bulk_solution

        if applies(game, len(position), misere):
            found = bulk_solution(game, position, misere)
            if found is not None:
                return found.position, _bulk_answer(game, found, misere)
    return (tuple(position.tolist()) if array else position), None


def _bulk_answer(game: Game, found: Bulk, misere: bool) -> Solution:
    """The solution of a sum answered in bulk, with the reason the general path gives."""
    position, total = found.position, found.total
    reason = as_reason(game.explain(position, misere))  # a rule for the whole position (Bouton)
    if reason is None:
        reason = sum_reason(len(position), found.values[:8].tolist(),
                            [(game, (h,)) for h in position[:3]], total)
    note = None
    if misere:  # (theory.misere imported only for misère play)
        from grundy.theory.misere import MISERE_NOTE

        note = MISERE_NOTE
    return Solution(game, position, Outcome.N if found.wins else Outcome.P, None if misere else total,
                    found.moves, reason, misere, note, heaps=found.heaps)


def _examples(exc: TooManyMovesError) -> list[Move]:
    """The winning moves a :class:`TooManyMovesError` found anyway (one of each class)."""
    return [m for m in exc.examples if isinstance(m, Move)]


def _remoteness(game: Game, position: Position) -> int | None:
    from grundy.theory.remoteness import remoteness_or_none

    searchable = laws_of(game).searchable  # (false: a user's pair answered beyond exploring)
    if searchable is not None and not searchable(position):
        return None

    return remoteness_or_none(game, position, REMOTENESS_LIMIT)


def _solve_misere(game: Game, position: Position, cache: Cache, given: Budget | None, limit: int,
                  rule_limit: int) -> Solution:
    """Misère play: the game's own rule, else the SJ theorem or genus theory over its parts,
    else brute force within the budget."""
    from grundy.theory.misere import MISERE_NOTE

    note = MISERE_NOTE
    quotient = _misere_quotient_solution(game, position, limit, first=True)
    if quotient is not None:
        return quotient
    parts = game.components(position)
    refused: SearchLimitError | None = None
    try:
        own = game.closed_misere_outcome(position)
    except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
        raise
    except SearchLimitError as exc:  # no rule of the game's own: the laws of sums may still apply
        own, refused = None, exc  # (several heaps of one game are a sum, as with '+')
    if own is None:
        from grundy.theory.misere import misere_outcome

        answer = misere_outcome(parts if parts is not None else [(game, position)],
                                budget=_steps(given, min(limit, rule_limit)))
        if answer is None and refused is not None:
            raise refused
        if answer is not None:
            moves = [move if parts is None else game.lift_move(position, i, move)
                     for i, move in answer.winning_moves]
            return Solution(game, position, answer.outcome, None, moves, answer.why, True,
                            note, answer.winning_moves_complete)
        quotient = _misere_quotient_solution(game, position, limit, first=False)
        if quotient is not None:
            return quotient
    result = outcome(game, position, misere=True, cache=cache, **_spend(given, limit))
    listed = True
    try:
        moves = winning_moves(game, position, misere=True, cache=cache, **_spend(given, limit))
    except TooManyMovesError as exc:
        moves, listed = _examples(exc), False
        note = f"{note}; winning moves not {'all ' * bool(moves)}listed: {exc}"
    reason = as_reason(game.explain(position, misere=True)) or Reason("misere-brute-force", {})
    return Solution(game, position, result, None, moves, reason, True, note, listed)


def _misere_quotient_solution(game: Game, position: Position, limit: int,
                              first: bool) -> Solution | None:
    """Heaps of one heap game by the game's misère quotient, where it can be computed
    (:mod:`grundy.theory.quotient.play`); ``None`` otherwise. Octal games (wild, as most are) ask
    first (``first=True``); other heap games after the SJ theorem and genus theory."""
    from grundy.model.game import HeapGame

    if not isinstance(game, HeapGame) or (game.octal_digits is not None) != first:
        return None
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT
    from grundy.theory.quotient.play import quotient_solution

    budget = limit if limit != DEFAULT_LIMIT or not first else DEFAULT_QUOTIENT_LIMIT
    answer = quotient_solution(game, position, budget)
    if answer is None:
        return None
    return Solution(game, position, answer.outcome, None, answer.winning_moves, answer.why, True,
                    answer.note, answer.moves_listed)


def _solve_large_sum(game: Game, position: Position, parts: list[tuple[Game, Position]],
                     cache: Cache, budget: Budget) -> Solution:
    """A sum of many parts: value each distinct part once, find each distinct part's winning
    moves once, lift them lazily (time and memory linear in the parts and the moves).

    The steps of brute force are bounded as usual, but not the clock: the work grows with the
    number of parts, not with a search (a million heaps valued by their proved period take
    seconds, all of them linear): ``budget`` has no clock."""
    values: dict[Any, int] = {}
    keys = []
    for part_game, part_position in parts:
        key = (id(part_game), part_position)  # parts repeat (heaps of one size): value each once
        keys.append(key)
        if key not in values:
            values[key] = part_value(part_game, part_position, cache, budget)
    total = xor_all(values[k] for k in keys)
    moves: list[Move] = []
    note = None
    listed = True
    if total:
        found: dict[Any, list[Move]] = {}
        try:
            for i, key in enumerate(keys):
                own = found.get(key)
                if own is None:
                    part_game, part_position = parts[i]
                    own = part_moves(part_game, part_position, values[key] ^ total, cache, budget)
                    found[key] = own
                moves.extend(Move.lifted(game, position, i, m) for m in own)
        except TooManyMovesError as exc:
            moves, listed, note = [], False, f"winning moves not listed: {exc}"
    result = Outcome.N if total else Outcome.P
    whole = as_reason(game.explain(position))  # a rule for the whole (Bouton's theorem): one clause
    reason = whole or sum_reason(len(parts), [values[k] for k in keys[:8]], parts[:3], total)
    return Solution(game, position, result, total, moves, reason, False, note, listed,
                    listed_parts=parts)


def part_value(game: Game, position: Position, cache: Cache, budget: Budget) -> int:
    """The Grundy value of one part of a large sum: by the part's rule, else brute force."""
    value = game.closed_value(position)
    return grundy_value(game, position, cache=cache, budget=budget) if value is None else value


def part_moves(game: Game, position: Position, target: int, cache: Cache,
               budget: Budget) -> list[Move]:
    """The moves of one part of a large sum to value ``target``: by rule, else brute force."""
    own = game.moves_to_value(position, target)
    return moves_to_value(game, position, target, cache=cache, budget=budget) if own is None else own


def sum_reason(count: int, first_values: list[int], first_parts: Sequence[tuple[Game, Position]],
               total: int) -> Reason:
    """The reason for a large sum of ``count`` parts, summarised: the first parts' values and the
    rules behind them."""
    rules: list[Reason] = []
    for part_game, part_position in first_parts[:3]:
        rule = as_reason(part_game.explain(part_position)) or Reason("mex", {})
        if str(rule) not in map(str, rules):
            rules.append(rule)
    return Reason("sprague-grundy-large-sum", {
        "count": count, "values": tuple(first_values[:8]), "total": total, "part_rules": tuple(rules)})


@template("sprague-grundy-large-sum")
def _large_sum_text(f: Facts) -> str:
    shown = " ⊕ ".join(map(str, f["values"])) + " ⊕ …"
    rules = "; ".join("the mex of its options" if r.rule == "mex" else r.text for r in f["part_rules"])
    return (f"Sprague-Grundy theorem: the value of a sum of {f['count']:,} parts is the XOR of their "
            f"values, {shown} = {f['total']}; each part valued by its own rule, e.g. {rules}")


def _reason(game: Game, position: Position, cache: Cache) -> Reason:
    own = as_reason(game.explain(position))
    if own:
        return own
    parts = game.components(position)
    if parts is None:
        return Reason("brute-force", {})
    values = [cache.value_of(g, p) for g, p in parts]
    known = [v for v in values if v is not None]
    facts: dict[str, Any] = {}
    if len(known) == len(values):
        facts = {"values": tuple(known[:8]), **({"count": len(known)} if len(known) > 8 else {}),
                 "total": xor_all(known)}
    rules: list[Reason] = []
    for g, p in parts[:8]:
        rule = _part_rule(g, p)
        if str(rule) not in map(str, rules):
            rules.append(rule)
    return Reason("sprague-grundy-sum", {**facts, "part_rules": tuple(rules[:3])})


@template("sprague-grundy-sum")
def _sum_text(f: Facts) -> str:
    expr = ""
    if "total" in f:
        shown = " ⊕ ".join(map(str, f["values"])) + (" ⊕ …" if "count" in f else "")
        expr = f": {shown} = {f['total']}"
    rules = "; ".join("the mex of the options (brute force)" if r.rule == "mex" else r.text
                      for r in f["part_rules"])
    return (f"Sprague-Grundy theorem: the value of a sum is the XOR of its parts' values{expr}; "
            f"part values by {rules}")


def _part_rule(game: Game, position: Position) -> Reason:
    """How a part of a sum is valued: its own rule; for a part that is a sum itself (several heaps
    of one game), the rules of its heaps; else brute force."""
    rule = as_reason(game.explain(position))
    if rule is not None:
        return rule
    sub = game.components(position)
    if sub is None:
        return Reason("mex", {})
    rules: list[Reason] = []
    for g, p in sub[:3]:
        own = as_reason(g.explain(p)) or Reason("mex", {})
        if str(own) not in map(str, rules):
            rules.append(own)
    return Reason("xor-of-heaps", {"count": len(sub), "part_rules": tuple(rules)})


@template("xor-of-heaps")
def _heaps_text(f: Facts) -> str:
    return (f"the XOR of its heaps' values, {'; '.join(r.text for r in f['part_rules'])}"
            + ("; …" if f["count"] > 3 else ""))


@template("mex")
def _mex_text(f: Facts) -> str:
    return "the mex of its options (brute force)"


@template("brute-force")
def _brute_text(f: Facts) -> str:
    return "brute force: the Grundy value is the mex of the options' values"


@template("misere-brute-force")
def _misere_brute_text(f: Facts) -> str:
    return ("brute force over the misère game tree: a position is won exactly when some move "
            "leads to a lost one, and a player with no move wins")


@template("smith")
def _smith_text(f: Facts) -> str:
    return "Smith's generalised Sprague-Grundy values"
