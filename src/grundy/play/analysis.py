"""What the perfect opponent knows: the outcome and remoteness of positions, for normal or misère
play, loopy games (draws) included.

:class:`Oracle` first tries an exact **retrograde analysis** of every position reachable from the
start (within :data:`EXACT_STEPS` steps): terminal positions are lost (normal play) or won (misère
play) for the player to move; a position is won when some option is lost, lost when every option
is won, and a draw when neither follows (a cycle neither player need leave). Processed in
breadth-first order, this also gives each position's **remoteness**: the winner hurries (1 + the
least remoteness of a lost option), the loser delays (1 + the largest of the won options), the
numbers of :mod:`grundy.theory.remoteness` for normal play.

When the reachable positions are too many for :data:`EXACT_STEPS` (``nim 10**18``), it falls back to the
library: outcomes by the games' theorems (closed forms, Smith's values on loopy graphs; in misère
play a heap game's proved misère quotient, :mod:`grundy.theory.quotient.play`, and the SJ theorem
and genus theory, :mod:`grundy.theory.misere`), else one bounded search
(:func:`grundy.engine.search.outcome`); remoteness where a small search finds it
(:func:`grundy.theory.remoteness.remoteness`).

The retrograde pass is the one of :func:`grundy.engine.loopy.retrograde_outcomes` (the tests check
that the outcomes agree) done in breadth-first order, which is what gives the remoteness too.

>>> from grundy.catalog import load_game
>>> oracle = Oracle(load_game("subtraction(1,2)"), (4,))
>>> oracle.exact, oracle.facts((4,))
(True, Facts(outcome=<Outcome.N: 'N'>, remoteness=3, value=1))
>>> oracle.facts((3,))
Facts(outcome=<Outcome.P: 'P'>, remoteness=2, value=0)
>>> Oracle(load_game("nim"), (1, 1), misere=True).facts((1, 1)).outcome  # misère: take one, leave one
<Outcome.N: 'N'>
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass

from grundy.engine.search import DEFAULT_LIMIT, Budget, Cache, grundy_value, outcome
from grundy.errors import GrundyError, NotSupportedError, ResourceLimitError, SearchLimitError
from grundy.model.game import Game, Outcome, Position

EXACT_STEPS = 250_000
"""Steps (positions and options) of the exact analysis with the default budget; ``--limit N``
makes it ``N``. Steps, not seconds: the same input always gets the same analysis."""

MISERE_STEPS = 20_000
"""Steps of one misère-theorem query (:func:`grundy.theory.misere.misere_outcome`) in the fallback."""

REMOTENESS_STEPS = 50_000
"""Steps that the remoteness searches of one match may take in all, when the positions are too
many for the exact analysis."""


@dataclass(frozen=True)
class Facts:
    """What perfect play makes of one position, for the player to move there."""

    outcome: Outcome | None
    """N (the player to move wins), P (loses), D (draw); ``None`` if not computable in the budget."""
    remoteness: int | None
    """Moves to the end when the winner hurries and the loser delays (``None``: unknown, or a draw)."""
    value: int | str | None
    """The Grundy value (normal play; Smith's ``"inf(…)"`` on loopy graphs), or ``None``."""


def retrograde(game: Game, start: Position, *, misere: bool = False,
               budget: Budget | None = None) -> dict[Hashable, tuple[Outcome, int | None]]:
    """Outcome and remoteness of every position reachable from ``start``, keyed by
    ``game.canonical(position)``; raises :class:`~grundy.errors.SearchLimitError` past the budget.

    >>> from grundy.catalog import load_game
    >>> table = retrograde(load_game("subtraction(1,3,4)"), (7,))
    >>> [table[(n,)][0].value for n in range(8)], table[(7,)][1]
    (['P', 'N', 'P', 'N', 'N', 'N', 'N', 'P'], 4)
    """
    budget = budget or Budget(DEFAULT_LIMIT)
    canonical = game.canonical
    index: dict[Hashable, int] = {canonical(start): 0}
    positions: list[Position] = [start]
    successors: list[list[int]] = []
    while len(successors) < len(positions):
        budget.spend(1, game)
        ids = []
        for option in budget.take(game.options(positions[len(successors)]), game):
            key = canonical(option)
            j = index.get(key)
            if j is None:
                j = index[key] = len(positions)
                positions.append(option)
            ids.append(j)
        successors.append(ids)
    n = len(positions)
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for i, ids in enumerate(successors):
        for j in ids:
            predecessors[j].append(i)
    won: list[bool | None] = [None] * n
    far = [0] * n
    left = [len(ids) for ids in successors]
    queue = deque(i for i in range(n) if not successors[i])
    for i in queue:
        won[i] = misere  # no move: normal play, the player to move lost; misère play, won
    while queue:  # breadth first: remoteness never decreases along the queue
        j = queue.popleft()
        for i in predecessors[j]:
            if won[i] is not None:
                continue
            if not won[j]:  # a move to a lost position wins, by the quickest such move
                won[i], far[i] = True, far[j] + 1
                queue.append(i)
            else:
                left[i] -= 1
                if not left[i]:  # every move goes to a won position: lost, by the longest
                    won[i], far[i] = False, far[j] + 1
                    queue.append(i)
    keys = list(index)
    return {keys[i]: ((Outcome.D, None) if won[i] is None else
                      (Outcome.N if won[i] else Outcome.P, far[i])) for i in range(n)}


class Oracle:
    """Outcome, remoteness and value of the positions of one match (see the module docstring)."""

    def __init__(self, game: Game, start: Position, *, misere: bool = False,
                 limit: int = DEFAULT_LIMIT) -> None:
        self.game, self.misere, self.limit = game, misere, limit
        self._exact_steps = EXACT_STEPS if limit == DEFAULT_LIMIT else limit
        self.cache = Cache()
        self.note: str | None = None
        self._table: dict[Hashable, tuple[Outcome, int | None]] | None
        try:
            self._table = retrograde(game, start, misere=misere, budget=Budget(self._exact_steps))
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except SearchLimitError as exc:
            self._table = None
            self.note = (f"too many positions to analyse them all ({exc}); outcomes come from the "
                         f"game's theorems, remoteness where a small search finds it")
        self._facts: dict[Hashable, Facts] = {}
        self._searching = self._theorems = self._extend = self._quotient = True
        from grundy.theory.misere import MisereMemo

        self._misere_memo = MisereMemo()
        self._far_memo: dict[Hashable, int] = {}
        self._far_budget = Budget(REMOTENESS_STEPS)

    @property
    def exact(self) -> bool:
        """Whether every reachable position was analysed exactly."""
        return self._table is not None

    def facts(self, position: Position) -> Facts:
        """The :class:`Facts` of ``position`` (memoised)."""
        key = self.game.canonical(position)
        found = self._facts.get(key)
        if found is None:
            found = self._facts[key] = self._compute(position, key)
        return found

    def _compute(self, position: Position, key: Hashable) -> Facts:
        game = self.game
        value = self._value(position)
        known = None
        if self._table is not None:
            known = self._table.get(key)
            if known is None and self._extend:  # not reached from the start under this form
                try:
                    self._table.update(retrograde(game, position, misere=self.misere,
                                                  budget=Budget(self._exact_steps)))
                    known = self._table.get(key)
                except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
                    raise
                except SearchLimitError:
                    self._extend = False  # (a position before the start, after 'undo'): theorems
        if known is not None:
            return Facts(known[0], known[1], value)
        result = self._outcome(position, value)
        far = None
        if result is not None and result is not Outcome.D and not self.misere:
            far = self._remoteness(position)
        return Facts(result, far, value)

    def _outcome(self, position: Position, value: int | str | None) -> Outcome | None:
        """The outcome by the game's theorems, else by one bounded search (after one search ran
        past the budget, the others would too: only theorems answer from then on; likewise the
        misère theorems are not asked again once they did not answer)."""
        game = self.game
        try:
            try:
                decided = (game.closed_misere_outcome(position) if self.misere
                           else game.closed_outcome(position))
            except NotSupportedError:  # no rule of its own here: the quotient or theorems may answer
                decided = None
            if decided is not None:
                return decided
            if self.misere and self._quotient:  # a heap game's misère quotient, where proved
                from grundy.theory.quotient.play import quotient_solution

                by_quotient = quotient_solution(game, position)
                if by_quotient is not None:
                    return by_quotient.outcome
                self._quotient = False  # out of its reach (or not a heap game): stop asking
            if self.misere and self._theorems:  # the SJ theorem or genus theory over the parts
                from grundy.theory.misere import misere_outcome

                parts = game.components(position)
                answer = misere_outcome(parts if parts is not None else [(game, position)],
                                        limit=MISERE_STEPS, memo=self._misere_memo)
                if answer is not None:
                    return answer.outcome
                self._theorems = False  # they do not apply to this game (or not cheaply): stop asking
            if isinstance(value, int):
                return Outcome.N if value else Outcome.P
            if self._searching:
                return outcome(game, position, misere=self.misere, cache=self.cache,
                               limit=self._exact_steps)
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except SearchLimitError:
            self._searching = False
        except GrundyError:
            pass
        return None

    def _remoteness(self, position: Position) -> int | None:
        """The remoteness by a search sharing one memo and one budget of
        :data:`REMOTENESS_STEPS` steps over the whole match."""
        from grundy.theory.remoteness import remoteness

        try:
            return remoteness(self.game, position, memo=self._far_memo, budget=self._far_budget)
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except GrundyError:
            return None

    def _value(self, position: Position) -> int | str | None:
        if self.misere:
            return None
        game = self.game
        try:
            loopy = game.loopy_value(position)
            if loopy is not None:
                return loopy
            return grundy_value(game, position, cache=self.cache, limit=min(self.limit, 200_000))
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except GrundyError:
            return None


def describe(facts: Facts, misere: bool = False) -> str:
    """The facts of a position as a short phrase, for the player to move there.

    >>> describe(Facts(Outcome.P, 4, 0))
    'P-position (value 0, remoteness 4)'
    """
    kind = "?" if facts.outcome is None else facts.outcome.value
    extra = [f"value {facts.value}"] if facts.value is not None else []
    if facts.remoteness is not None:
        extra.append(f"remoteness {facts.remoteness}")
    return f"{kind}-position" + (f" ({', '.join(extra)})" if extra else "")

