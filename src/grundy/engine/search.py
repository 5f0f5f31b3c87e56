"""The Sprague-Grundy engine: Grundy values, outcomes and every winning move of any game.

All searches are iterative (an explicit stack, no Python recursion), memoised in a
:class:`Cache` that can be reused across queries, bounded by a position budget (so a question
that is too large raises :class:`~grundy.errors.SearchLimitError` instead of hanging), and use a
game's closed forms (its hooks) wherever they answer.

>>> from grundy.catalog import load_game
>>> s = load_game("subtraction(1,3,4)")
>>> [grundy_value(s, n) for n in range(10)]
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
>>> outcome(s, 7), [move.label for move in winning_moves(s, 10)]
(<Outcome.P: 'P'>, ['take 1: 10 → 9', 'take 3: 10 → 7'])
>>> mex([0, 1, 3])
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice, repeat

from grundy.engine.limits import _CHECK_EVERY, DEFAULT_LIMIT, Budget, _asked, asking
from grundy.errors import LoopyGameError
from grundy.model.game import Game, Move, Outcome, Position, value_rule

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

Key = tuple[int, Position]
"""A memo key: (the game's number in its :class:`Cache`, the canonical position)."""
_Declared = tuple[Game, int, "Callable[[Any], int | None] | None", "Callable[[Any], Any] | None"]
"""What :meth:`Cache.declared` remembers: the game, its number, its closed form or ``None``, its
canonical-key function (``None`` when :attr:`Game.plain_keys`: no call per option)."""


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([]), mex([1, 2]), mex([0, 2, 1, 5])
    (0, 0, 3)
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def xor_all(values: Iterable[int]) -> int:
    """Nim-sum (bitwise XOR) of ``values``.

    >>> xor_all([3, 4, 5])
    2
    """
    total = 0
    for v in values:
        total ^= v
    return total


class Cache:
    """Memo tables shared by queries: Grundy values and misère outcomes of positions (and the
    normal-play outcomes :mod:`grundy.engine.outcome_search` finds without values).

    Games are numbered on first sight, so that keys hash fast: a key is
    ``(game number, canonical position)``. (Written out rather than a dataclass, whose module is
    not imported at start-up; it compares and prints as the dataclass did.)

    >>> from grundy.catalog import load_game
    >>> cache = Cache()
    >>> grundy_value(load_game("subtraction(1,2)"), 100, cache=cache)
    1
    >>> len(cache.values) > 100
    True
    """

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(self, values: dict[Key, int] | None = None, misere: dict[Key, bool] | None = None,
                 games: list[Game] | None = None, numbers: dict[Game, int] | None = None) -> None:
        self.values: dict[Key, int] = {} if values is None else values
        self.misere: dict[Key, bool] = {} if misere is None else misere  # True: the player to move wins
        self.games: list[Game] = [] if games is None else games
        self.numbers: dict[Game, int] = {} if numbers is None else numbers
        self.wins: dict[Key, bool] = {}  # (normal play, found by grundy.engine.outcome_search)
        self._hooks: dict[int, tuple[Callable[[Any], int | None] | None, Callable[[Any], Any]]] = {}
        self._recent: _Declared | None = None  # (not compared, not printed)

    def _state(self) -> tuple[Any, ...]:
        return (self.values, self.misere, self.games, self.numbers, self._hooks)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Cache)
        return self._state() == other._state()

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(values={self.values!r}, misere={self.misere!r}, "
                f"games={self.games!r}, numbers={self.numbers!r})")

    def declared(self, game: Game) -> _Declared:
        """What the engine reads of ``game`` (:data:`_Declared`); the last game asked about is
        remembered, so that a run of queries about one game finds it by identity without hashing
        it."""
        recent = self._recent
        if recent is None or recent[0] is not game:
            number = self.number(game)
            closed, canonical = self.hooks(number)
            recent = self._recent = (game, number, closed, None if game.plain_keys else canonical)
        return recent

    def number(self, game: Game) -> int:
        """The number of ``game`` in this cache's keys."""
        found = self.numbers.get(game)
        if found is None:
            found = self.numbers[game] = len(self.games)
            self.games.append(game)
        return found

    def hooks(self, number: int) -> tuple[Callable[[Any], int | None] | None, Callable[[Any], Any]]:
        """What game ``number`` declares, read once: its closed form of the value
        (:func:`~grundy.model.game.value_rule`, or ``None``) and its canonical-key function."""
        found = self._hooks.get(number)
        if found is None:
            game = self.games[number]
            found = self._hooks[number] = (value_rule(game), game.canonical)
        return found

    def key(self, game: Game, position: Position) -> Key:
        """The memo key of ``position`` of ``game``."""
        return (self.number(game), game.canonical(position))

    def value_of(self, game: Game, position: Position) -> int | None:
        """The cached Grundy value of ``position``, if known."""
        return self.values.get(self.key(game, position))

    def clear(self) -> None:
        """Forget everything."""
        self.values.clear()
        self.misere.clear()
        self.wins.clear()


_Expand = Callable[[Key], "tuple[bool, Any, list[Key] | None]"]


def _search(root: Key, memo: dict[Key, Any], expand: _Expand,
            combine: Callable[[Any, list[Any]], Any], budget: Budget, games: list[Game]) -> Any:
    """Post-order evaluation of ``root`` over the option DAG with an explicit stack.

    ``expand(key)`` returns ``(True, value, None)`` when the key is decided at once, or
    ``(False, tag, deps)``; ``combine(tag_and_key, dep_values)`` then gives the key's value.
    """
    if root in memo:
        return memo[root]
    # A frame is [key, deps or None before expansion, index of the next dep to wait for, tag].
    stack: list[list[Any]] = [[root, None, 0, None]]
    active: set[Key] = set()  # expanded keys whose frames are on the stack
    while stack:
        frame = stack[-1]
        deps = frame[1]
        if deps is None:
            key = frame[0]
            if key in memo:
                stack.pop()
                continue
            done, tag, deps = expand(key)
            if done:
                memo[key] = tag
                stack.pop()
                continue
            budget.spend(1, games[key[0]])
            frame[1] = deps
            frame[3] = tag
            active.add(key)
            i = 0
        else:
            i = frame[2]
        n = len(deps)
        while i < n:
            dep = deps[i]
            if dep in memo:
                i += 1
                continue
            if dep in active:
                raise _loopy(games[dep[0]], dep[1])
            break
        if i < n:
            frame[2] = i
            stack.append([deps[i], None, 0, None])
            continue
        key = frame[0]
        memo[key] = combine(frame[3], [memo[d] for d in deps])
        active.discard(key)
        stack.pop()
    return memo[root]


def _loopy(game: Game, pos: Position) -> LoopyGameError:
    return LoopyGameError(
        f"{game.spec}: position {game.format_position(pos)!r} can reach itself, so it "
        f"has no ordinary Grundy value; grundy solves games with cycles on graphs: write the "
        f"positions and moves as a graph file and solve it as the game 'digraph(graph=FILE)' "
        f"(draws and Smith's generalised values)", pos, parameters=("graph",))


class _NotPlain(Exception):
    """A position of the game splits into components: the general search takes over, with the
    budget spent so far (``None`` if none was needed yet)."""

    def __init__(self, budget: Budget | None) -> None:
        super().__init__()
        self.budget = budget


def _listed(position: Position, options: Callable[[Any], Iterable[Position]],
            canonical: Callable[[Any], Any] | None, number: int, budget: Budget, game: Game) -> list[Key]:
    """The memo keys of the options of ``position`` (of game ``number``; ``canonical`` ``None``:
    positions are their own keys), paid for in ``budget``: one step for the position and one per
    option (what :meth:`Budget.take` and :meth:`Budget.spend` do, in one pass, keys built in C)."""
    listed = islice(options(position), budget.limit - budget.spent + 1)
    deps = list(zip(repeat(number), listed if canonical is None else map(canonical, listed)))
    budget.spent += len(deps) + 1
    if budget.spent > budget.limit or budget.spent >= budget._next_check:
        budget.spend(0, game)  # (refuses past the limit, or checks the clock and the memory)
    return deps


def _plain_values(game: Game, root: Key, canonical: Callable[[Any], Any] | None, memo: dict[Key, int],
                  budget: Budget | None, limit: int, use_rules: bool) -> int:
    """:func:`_search` for the Grundy value of ``root`` (not in ``memo``), a position of a game
    that declares no closed form of its value: the same post-order walk, with the options listed
    and their mex taken inline. Raises :class:`_NotPlain` (values found so far stay in ``memo``,
    each the mex of its options) at a position that splits into components, where the general
    search sums them instead.

    The root is expanded first, without a stack: when its options are all valued already (a
    table filled in order, a position next to one solved), that is the whole search. Without a
    ``budget`` (the query's own, of ``limit`` steps), the root's listing is counted before the
    budget is built, and the budget only if the search goes on or the count calls for it (past
    the limit, or a check of the clock and the memory due): the same steps, the same refusals."""
    number, position = root
    if use_rules and game.components(position) is not None:
        raise _NotPlain(budget)
    if budget is None:
        listed = islice(game.options(position), limit + 1)
        deps = list(zip(repeat(number), listed if canonical is None else map(canonical, listed)))
        spent = len(deps) + 1
        if spent > limit or spent >= _CHECK_EVERY:
            budget = Budget(limit)
            budget.spend(spent, game)
    else:
        deps = _listed(position, game.options, canonical, number, budget, game)
    try:
        seen = set(map(memo.__getitem__, deps))  # (every option valued: the common case, in C)
    except KeyError:
        if budget is None:
            budget = Budget(limit)
            budget.spend(spent, game)
        return _plain_walk(game, root, deps, canonical, memo, budget, use_rules)
    m = 0
    while m in seen:
        m += 1
    memo[root] = m
    return m


def _plain_walk(game: Game, root: Key, root_deps: list[Key], canonical: Callable[[Any], Any] | None,
                memo: dict[Key, int], budget: Budget, use_rules: bool) -> int:
    """The rest of :func:`_plain_values`: the walk with an explicit stack, from ``root`` (whose
    options, ``root_deps``, are listed and paid for) down to the positions not yet valued."""
    number, components, options = root[0], game.components, game.options
    value_of = memo.__getitem__
    # A frame is [key, its option keys or None before expansion, index of the next to wait for].
    stack: list[list[Any]] = [[root, root_deps, 0]]
    active: set[Key] = {root}  # expanded keys whose frames are on the stack
    while stack:
        frame = stack[-1]
        deps = frame[1]
        if deps is None:
            key = frame[0]
            if key in memo:
                stack.pop()
                continue
            if use_rules and components(key[1]) is not None:
                raise _NotPlain(budget)
            deps = frame[1] = _listed(key[1], options, canonical, number, budget, game)
            active.add(key)
        try:
            seen = set(map(value_of, deps))
        except KeyError:
            i = frame[2]
            while deps[i] in memo:
                i += 1
            if deps[i] in active:
                raise _loopy(game, deps[i][1]) from None
            frame[2] = i
            stack.append([deps[i], None, 0])
            continue
        m = 0
        while m in seen:
            m += 1
        key = frame[0]
        memo[key] = m
        active.discard(key)
        stack.pop()
    return memo[root]


def grundy_value(game: Game, position: Any, *, cache: Cache | None = None,
                 limit: int = DEFAULT_LIMIT, use_rules: bool = True,
                 budget: Budget | None = None) -> int:
    """The Grundy (nim-)value of ``position``: the mex of its options' values.

    Closed forms (:meth:`Game.closed_value`) and sum decompositions (:meth:`Game.components`,
    value = XOR of the parts) are used where the game has them, unless ``use_rules`` is false, in
    which case the whole option graph is searched by brute force (the test oracle). ``budget``:
    a :class:`Budget` shared with other searches that answer one question (then ``limit`` is
    not used); by default a new one of ``limit`` steps.

    >>> from grundy.catalog import load_game
    >>> budget = Budget(10_000)
    >>> grundy_value(load_game("nim"), (3, 4, 5), budget=budget), budget.spent
    (2, 0)
    """
    position = game.validate(position)
    if cache is None:
        cache = Cache()
    recent = cache._recent
    if recent is None or recent[0] is not game:
        recent = cache.declared(game)
    _, number, closed, canonical = recent
    work = budget
    if closed is None or not use_rules:
        root = (number, position if canonical is None else canonical(position))
        found = cache.values.get(root)
        if found is not None:
            return int(found)
        try:
            return _plain_values(game, root, canonical, cache.values, budget, limit, use_rules)
        except _NotPlain as split:
            work = split.budget
    work = work or Budget(limit)
    now = _asked.get()  # (the rules of your own games, behind the game interface, read it: enter())
    token = None if now is not None and not isinstance(now, int) and now.shared else \
        _asked.set(work.limit - work.spent)
    try:
        return _general_value(game, cache, work, closed, use_rules,
                              (number, position if canonical is None else canonical(position)))
    finally:
        if token is not None:
            _asked.reset(token)


def _general_value(game: Game, cache: Cache, work: Budget, closed: Callable[[Any], int | None] | None,
                   use_rules: bool, root: Key) -> int:  # (grundy_value with a closed form or sums)
    games = cache.games
    tried = None  # the root, once its closed form is asked (and gives no value)
    if closed is not None and use_rules:
        # the root first, without the search's stack and closures (what _search does first)
        found = cache.values.get(root)
        if found is not None:
            return int(found)
        value = closed(root[1])
        if value is not None:
            cache.values[root] = value
            return int(value)
        tried = root

    def expand(key: Key) -> tuple[bool, Any, list[Key] | None]:
        number, p = key
        g = games[number]
        closed, canonical = cache.hooks(number)
        if use_rules:
            if closed is not None and key is not tried:
                value = closed(p)
                if value is not None:
                    return True, value, None
            parts = g.components(p)
            if parts is not None:
                return False, True, [cache.key(cg, cp) for cg, cp in parts]
        return False, False, [(number, canonical(o)) for o in work.take(g.options(p), g)]

    def combine(is_sum: Any, values: list[Any]) -> int:
        return xor_all(values) if is_sum else mex(values)

    return int(_search(root, cache.values, expand, combine, work, games))


@asking
def outcome(game: Game, position: Any, *, misere: bool = False, cache: Cache | None = None,
            limit: int = DEFAULT_LIMIT, use_rules: bool = True, budget: Budget | None = None) -> Outcome:
    """Outcome class of ``position``: N if the player to move wins, P otherwise.

    In misère play (``misere=True``) the player who makes the last move loses. ``budget``: as
    for :func:`grundy_value` (then ``limit`` is not given).

    >>> from grundy.catalog import load_game
    >>> outcome(load_game("nim"), (1, 2, 3)), outcome(load_game("nim"), (1, 1), misere=True)
    (<Outcome.P: 'P'>, <Outcome.N: 'N'>)
    """
    position = game.validate(position)
    if misere:
        won = _misere_wins(game, position, cache, budget or Budget(limit), use_rules)
        return Outcome.N if won else Outcome.P
    if use_rules:
        decided = game.closed_outcome(position)
        if decided is not None:
            return decided
    value = grundy_value(game, position, cache=cache, limit=limit, use_rules=use_rules, budget=budget)
    return Outcome.N if value else Outcome.P


def _misere_wins(game: Game, position: Position, cache: Cache | None, budget: Budget,
                 use_rules: bool) -> bool:
    cache = cache or Cache()
    games = cache.games

    def expand(key: Key) -> tuple[bool, Any, list[Key] | None]:
        number, p = key
        g = games[number]
        if use_rules:
            decided = g.closed_misere_outcome(p)
            if decided is not None:
                return True, decided is Outcome.N, None
        canonical = g.canonical
        deps = [(number, canonical(o)) for o in budget.take(g.options(p), g)]
        if not deps:
            return True, True, None  # no move: the previous player moved last and loses
        return False, None, deps

    def combine(_: Any, wins: list[Any]) -> bool:
        return not all(wins)

    return bool(_search(cache.key(game, position), cache.misere, expand, combine, budget, games))


@asking
def winning_moves(game: Game, position: Any, *, misere: bool = False,
                  cache: Cache | None = None, limit: int = DEFAULT_LIMIT,
                  use_rules: bool = True, budget: Budget | None = None) -> list[Move]:
    """Every move from ``position`` to a P-position (empty when ``position`` is a P-position).
    ``budget``: as for :func:`grundy_value` (then ``limit`` is not given).

    >>> from grundy.catalog import load_game
    >>> winning_moves(load_game("nim"), (3, 4, 5))
    [Move(label='heap 1: take 2: 3 → 1', to=(1, 4, 5))]
    """
    position = game.validate(position)
    cache = cache or Cache()
    if misere:
        rule = game.misere_winning_moves_rule(position) if use_rules else None
        if rule is not None:
            return rule
        budget = budget or Budget(limit)
        return [m for m in budget.take(game.moves(position), game)
                if not _misere_wins(game, m.to, cache, budget, use_rules)]
    if use_rules:
        rule = game.winning_moves_rule(position)
        if rule is not None:
            return rule
    if budget is not None:
        return moves_to_value(game, position, 0, cache=cache, use_rules=use_rules, budget=budget)
    return moves_to_value(game, position, 0, cache=cache, limit=limit, use_rules=use_rules)


@asking
def moves_to_value(game: Game, position: Any, target: int, *, cache: Cache | None = None,
                   limit: int = DEFAULT_LIMIT, use_rules: bool = True,
                   budget: Budget | None = None) -> list[Move]:
    """Every move from ``position`` to a position of Grundy value ``target``.

    In a sum, these are the component moves that change that component's value ``g`` to
    ``g ⊕ total ⊕ target`` (the Sprague-Grundy theorem), found component by component.
    ``budget``: as for :func:`grundy_value`.
    """
    cache = cache or Cache()
    budget = budget or Budget(limit)
    if use_rules:
        parts = game.components(position)
        if parts is not None:
            values = [grundy_value(cg, cp, cache=cache, budget=budget) for cg, cp in parts]
            total = xor_all(values)
            from grundy.engine.lifting import lift_part_moves  # (a part's examples lifted too)

            return lift_part_moves(game, position, parts, [v ^ total ^ target for v in values],
                                   lambda g, p, t: moves_to_value(g, p, t, cache=cache, budget=budget))
        by_rule = game.moves_to_value(position, target)
        if by_rule is not None:
            return by_rule
    return [m for m in budget.take(game.moves(position), game)
            if grundy_value(game, m.to, cache=cache, use_rules=use_rules, budget=budget) == target]

