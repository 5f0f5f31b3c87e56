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
moves: no closed forms. The budget counts steps, never seconds: one per position expanded and
one per option listed, more for a large position (:func:`step_cost`), so a heap of a million
digits pays for its size before its options are listed, and the work and memory of a search stay
in proportion to its budget on any machine.

>>> from grundy.catalog import load_game
>>> s = load_game("subtraction(1,2)")
>>> [remoteness(s, n) for n in range(8)], [suspense(s, n) for n in range(8)]
([0, 1, 1, 2, 3, 3, 4, 5], [0, 1, 1, 2, 3, 3, 4, 5])


Every-SG sums are answered by :func:`grundy.theory.every.every_sg` from these suspense numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from grundy.engine.search import DEFAULT_LIMIT, Budget
from grundy.errors import GrundyError, LoopyGameError, ResourceLimitError
from grundy.model.game import Game, Position
from grundy.model.textio import BIG_BITS

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

SMALL_LIMIT = 50_000
"""Budget of :func:`remoteness_or_none` (a number shown beside an answer must come cheap)."""

SIZE_UNIT = 256
"""Machine words (64 bits each) of a position that one step pays for (see :func:`step_cost`):
positions of ordinary size (up to 254 small heaps, a number below 2^16000) cost one step, so the
memory a search holds stays within about ``8 * SIZE_UNIT`` bytes (2 KiB) per step of its budget
(40 MB for 20,000 steps)."""

SQUARE_UNIT = 512
"""An integer of ``w`` words also costs ``digit_work(w) // SQUARE_UNIT`` steps (see
:func:`step_cost`): nothing below about 10^420, 5 steps at 10^1000, 47 at 10^3000, 48 up to
about 10^5800, 101 at 10^10000, 1,713 at 10^100000, 25,953 at 10^1000000 (it was quadratic
throughout, ``w * w``: 52,650 at 10^100000, when ``str`` wrote every number)."""

BIG_WORDS = 1 + (BIG_BITS >> 6)
"""Words of an integer of :data:`~grundy.model.textio.BIG_BITS` bits: past them
:func:`~grundy.model.textio.int_text` writes the decimal text with python-flint, not ``str``."""


def digit_work(words: int) -> int:
    """The work of writing an integer of ``words`` words in decimal, as
    :func:`~grundy.model.textio.int_text` writes it, in units of ``1 / SQUARE_UNIT`` step:
    ``w * w`` up to :data:`BIG_WORDS` words (``str``, quadratic), then ``w * b * b`` for ``b``
    the bits of ``w`` (python-flint's divide and conquer, near-linear: measured 0.13 µs a word
    at 10^3000 up to 2 µs at 10^3000000), and never less than at :data:`BIG_WORDS` (a larger
    number never costs less).

    >>> digit_work(1), digit_work(BIG_WORDS) == BIG_WORDS**2, digit_work(5191)
    (1, True, 877279)
    """
    if words <= BIG_WORDS:
        return words * words
    return max(BIG_WORDS * BIG_WORDS, words * words.bit_length() ** 2)

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


def position_words(position: Any) -> int:
    """A deterministic measure of a position's size, in 64-bit machine words: an integer takes
    one word plus one per whole 64 bits, a string or bytes one per started 8 characters (at least
    one), a tuple, list or set one plus those of its items; anything else one.

    >>> position_words(7), position_words(2**64), position_words((3, 4, 5)), position_words("abc")
    (1, 2, 4, 1)
    """
    return _measure(position)[0]


def step_cost(position: Any) -> int:
    """The steps a search pays to produce ``position`` as an option or to list its options: one,
    plus one per :data:`SIZE_UNIT` words of its size (:func:`position_words`: producing, hashing
    and storing it take time and memory in proportion), plus, for the integers it holds,
    :func:`digit_work` of their words over :data:`SQUARE_UNIT` (a move's label writes its numbers
    in decimal, by :func:`~grundy.model.textio.int_text`: quadratic in their length up to 3,000
    digits, near-linear past them). A deterministic function of the position: what a budget of
    steps buys never depends on the machine's speed or load.

    >>> step_cost(7), step_cost((3, 4, 5)), step_cost(10**1000), step_cost(10**100_000)
    (1, 1, 6, 1734)
    """
    words, squares = _measure(position)
    return 1 + words // SIZE_UNIT + squares // SQUARE_UNIT


def _measure(position: Any) -> tuple[int, int]:
    """(:func:`position_words`, the sum of :func:`digit_work` over its integers)."""
    words = squares = 0
    pending = [position]
    while pending:
        item = pending.pop()
        if isinstance(item, int):
            w = 1 + (abs(int(item)).bit_length() >> 6)
            words += w
            squares += w * w if w <= BIG_WORDS else digit_work(w)
        elif isinstance(item, (tuple, list, frozenset, set)):
            words += 1
            if item and set(map(type, item)) == {int} and -_SMALL < min(item) and max(item) < _SMALL:
                words += len(item)  # (small ints, measured in bulk: one word each)
                squares += len(item)
            else:
                pending.extend(item)
        elif isinstance(item, (str, bytes)):
            words += 1 + ((len(item) - 1) >> 3 if item else 0)
        else:
            words += 1
    return words, squares


_SMALL = 1 << 63


def _cost(option: Any) -> int:
    """:func:`step_cost`, quickly for the common options (a small number, a few small heaps)."""
    kind = type(option)
    if kind is int:
        if -_SMALL < option < _SMALL:
            return 1
    elif kind is tuple:
        if len(option) <= 2:
            for item in option:
                if type(item) is not int or not -_SMALL < item < _SMALL:
                    break
            else:
                return 1
        elif len(option) < SIZE_UNIT - 1:
            try:
                high, low = max(option), min(option)
            except TypeError:  # (not all numbers)
                return step_cost(option)
            if type(high) is int and type(low) is int and -_SMALL < low and high < _SMALL:
                return 1
    return step_cost(option)


def _listed(game: Game, position: Position, budget: Budget) -> list[Position]:
    """The options of ``position``, each charged its :func:`step_cost`, stopping with
    :class:`~grundy.errors.SearchLimitError` as soon as the budget is spent (before a further
    option is produced: the memory held stays within the budget too)."""
    taken: list[Position] = []
    append, left, cost = taken.append, budget.limit - budget.spent, 0
    for option in game.options(position):
        append(option)
        if type(option) is int and -_SMALL < option < _SMALL:  # (the common case, inline)
            cost += 1
        else:
            cost += _cost(option)
        if cost > left:
            break
    budget.spend(cost, game)
    return taken


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
            budget.spend(_cost(frame[0]), game)  # (before its options: they may be slow to list)
            options = _listed(game, frame[0], budget)
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
    :class:`~grundy.engine.limits.Budget`, replacing ``limit``) between searches. Raises
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


def remoteness_or_none(game: Game, position: Any, limit: int = SMALL_LIMIT) -> int | None:
    """:func:`remoteness`, or ``None`` when it is not computable within ``limit`` units of work
    (or not defined: a position that can reach itself, a position with too many moves).

    Whether it answers depends on the game and the position only, never on the machine's speed
    or load: the budget counts steps (a large option pays for its size, :data:`SIZE_UNIT`) and
    has no clock. A safety net that stops the search for lack of memory
    (:class:`~grundy.errors.ResourceLimitError`) is let through as a refusal, not read as ``None``.

    >>> from grundy.catalog import load_game
    >>> remoteness_or_none(load_game("nim"), (2, 2)), remoteness_or_none(load_game("nim"), 10**18)
    (4, None)
    """
    try:  # steps only (seconds=inf: no clock, even for limit=DEFAULT_LIMIT)
        return remoteness(game, position, budget=Budget(limit, seconds=float("inf")))
    except ResourceLimitError:
        raise
    except GrundyError:
        return None
