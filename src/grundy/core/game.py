"""The game model: rules (:class:`Game`) are objects, positions are immutable hashable values.

A :class:`Game` knows the moves of a position, how to read and write positions as text, and,
optionally, closed forms that answer without enumerating options (the *hooks*, all returning
``None`` when they do not apply). The algorithms in :mod:`grundy.core.engine` are plain functions over
``(game, position)`` that use a hook when it answers and brute force otherwise.

:class:`HeapGame` is the base of every game played on heaps of counters (Nim, subtraction and
take-and-break games): a position is a tuple of heap sizes, and a position of several heaps is the
disjunctive sum of its heaps.

>>> from grundy.core.game import Move, Outcome
>>> Move("take 2", (1,))
Move(label='take 2', to=(1,))
>>> Outcome.P.winner
'second'
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar

from grundy.core.periodic import Periodicity, PeriodRule, Progress, TableBuild
from grundy.errors import InvalidGameError, InvalidPositionError, NotSupportedError

Position = Hashable
"""Any immutable, hashable value; each game documents the shape of its positions."""


class Outcome(StrEnum):
    """Outcome class of a position under optimal play."""

    N = "N"
    """The Next player (the one to move) wins."""
    P = "P"
    """The Previous player (the one who just moved) wins: the player to move loses."""
    D = "D"
    """Neither player can force a win (loopy games only): a draw."""

    @property
    def winner(self) -> str:
        """``"first"`` (the player to move), ``"second"`` or ``"neither"``."""
        return {"N": "first", "P": "second", "D": "neither"}[self.value]


class Move:
    """A move: a human-readable ``label`` and the position it leads ``to``.

    A move inside one part of a sum (a heap of a multi-heap position, a component of a
    :class:`~grundy.core.sums.SumGame`) also records which ``part`` it changes (0-based) and that
    part's own move, ``part_move``; its label and whole resulting position are then built by the
    game (:meth:`Game.lift_label`, :meth:`Game.lift_position`) only when first read, so listing
    the winning moves of a sum of a million heaps stays linear in time and memory.

    >>> Move("take 2", (1,))
    Move(label='take 2', to=(1,))
    """

    __slots__ = ("label", "part", "part_move", "to")

    label: str
    """What the move does, for people."""
    to: Position
    """The position after the move."""

    def __init__(self, label: str, to: Position = None, *, part: int | None = None,
                 part_move: Move | None = None) -> None:
        self.label = label
        self.to = to
        self.part = part
        self.part_move = part_move

    @classmethod
    def lifted(cls, game: Game, whole: Position, part: int, part_move: Move) -> Move:
        """The move of ``whole`` (a position of ``game``) that makes ``part_move`` in part ``part``."""
        return _LiftedMove(game, whole, part, part_move)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (self.label, self.to) == (other.label, other.to)

    def __hash__(self) -> int:
        return hash((self.label, self.to))

    def __repr__(self) -> str:
        return f"Move(label={self.label!r}, to={self.to!r})"


class _LiftedMove(Move):
    """A move inside one part of a sum, its label and whole position built when first read."""

    __slots__ = ("_game", "_label", "_to", "_whole")

    def __init__(self, game: Game, whole: Position, part: int, part_move: Move) -> None:
        self._game = game
        self._whole = whole
        self._label: str | None = None
        self._to: Position = None
        self.part = part
        self.part_move = part_move

    @property
    def label(self) -> str:  # type: ignore[override]
        if self._label is None:
            assert self.part is not None and self.part_move is not None
            self._label = self._game.lift_label(self.part, self.part_move.label)
        return self._label

    @property
    def to(self) -> Position:  # type: ignore[override]
        if self._to is None:
            assert self.part is not None and self.part_move is not None
            self._to = self._game.lift_position(self._whole, self.part, self.part_move.to)
        return self._to


class Game(ABC):
    """The rules of an impartial game.

    Subclasses are frozen dataclasses (so games are hashable and compare by parameters) and
    implement :meth:`moves`, :meth:`parse_position`, :meth:`format_position` and :attr:`spec`.
    The remaining methods are optional hooks with safe defaults.
    """

    name: ClassVar[str] = ""
    """The registered short name, e.g. ``"nim"``."""

    takes_graph: ClassVar[bool] = False
    """Whether the game is played on a graph read from a file (``--graph FILE``), built by
    :meth:`from_graph`."""
    takes_ground: ClassVar[bool] = False
    """Whether a vertex of that graph is the ground (``--ground V``; Hackenbush)."""

    # ---- required -------------------------------------------------------------------------
    @property
    @abstractmethod
    def spec(self) -> str:
        """Canonical text of the game that :func:`grundy.load_game` reads back."""

    @abstractmethod
    def moves(self, position: Any) -> Iterable[Move]:
        """Every legal move from ``position`` (finitely many)."""

    @abstractmethod
    def parse_position(self, text: str) -> Position:
        """Read a position from its text form; raise :class:`InvalidPositionError` if illegal."""

    @abstractmethod
    def format_position(self, position: Any) -> str:
        """Write a position in the text form :meth:`parse_position` reads."""

    # ---- construction ---------------------------------------------------------------------
    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Game:
        """Build the game from the parameters of a spec such as ``bash(m=6)``."""
        if args or kwargs:
            raise InvalidGameError(f"game {cls.name!r} takes no parameters, got {_params(args, kwargs)}")
        return cls()

    @classmethod
    def from_graph(cls, data: Any, spec: str) -> Game:
        """The game on a graph read by :func:`grundy.graphs.graphio.read_graph` (games that
        declare :attr:`takes_graph`); ``spec`` is the text that names it."""
        raise NotSupportedError(f"game {cls.name!r} is not played on a graph file")

    # ---- optional hooks -------------------------------------------------------------------
    def options(self, position: Any) -> Iterator[Position]:
        """The positions one move away (successors), from :meth:`moves`."""
        return (move.to for move in self.moves(position))

    def validate(self, position: Any) -> Position:
        """Return ``position`` in canonical type, or raise :class:`InvalidPositionError`."""
        return position

    def canonical(self, position: Any) -> Position:
        """A key under which equivalent positions share cache entries (default: itself)."""
        return position

    def closed_value(self, position: Any) -> int | None:
        """The Grundy value by a formula, or ``None`` to let the engine compute it."""
        return None

    def components(self, position: Any) -> list[tuple[Game, Position]] | None:
        """If the position is a disjunctive sum, its parts as ``(game, position)`` pairs."""
        return None

    def lift_move(self, position: Any, index: int, move: Move) -> Move:
        """Turn a move of component ``index`` (see :meth:`components`) into a move of the whole
        (built lazily from :meth:`lift_label` and :meth:`lift_position`)."""
        return Move.lifted(self, position, index, move)

    def lift_label(self, index: int, label: str) -> str:
        """The label of a move of component ``index`` as a move of the whole."""
        raise NotImplementedError(f"{self.spec} has no components")

    def lift_position(self, position: Any, index: int, part: Position) -> Position:
        """``position`` with component ``index`` replaced by ``part``."""
        raise NotImplementedError(f"{self.spec} has no components")

    def moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        """Every move to a position of Grundy value ``target`` by a formula, or ``None``."""
        return None

    def closed_outcome(self, position: Any) -> Outcome | None:
        """The outcome by a rule (for games whose Grundy value has no closed form), or ``None``."""
        return None

    def winning_moves_rule(self, position: Any) -> list[Move] | None:
        """Every winning move by a rule, or ``None`` (the engine then searches)."""
        return None

    def closed_misere_outcome(self, position: Any) -> Outcome | None:
        """The misère-play outcome by a rule, or ``None`` (the engine then searches)."""
        return None

    def misere_winning_moves_rule(self, position: Any) -> list[Move] | None:
        """Every misère-play winning move by a rule, or ``None``."""
        return None

    def explain(self, position: Any, misere: bool = False) -> str | None:
        """One line naming the rule or theorem that decides ``position``, if a rule does."""
        return None

    def loopy_value(self, position: Any) -> str | None:
        """For games with cycles: the generalised Sprague-Grundy value (Smith) of a position
        that has no ordinary Grundy value, as text such as ``"inf(0,2)"`` (∞ with its finite
        options); ``None`` (the default) otherwise. :func:`grundy.solve` then takes the outcome
        (possibly :attr:`Outcome.D`) from :meth:`closed_outcome`, the winning moves from
        :meth:`winning_moves_rule` and the reason from :meth:`explain`."""
        return None

    def sample_positions(self) -> Iterable[Position]:
        """Small positions on which the conformance tests check this game against brute force."""
        return ()

    def draw(self, answer: Any, ax: Any) -> None:
        """Draw ``answer`` (a :class:`~grundy.core.solve.Solution` of this game) on matplotlib
        axes ``ax`` (``grundy solve --plot``); with ``ax=None`` only check that it can, raising
        :class:`NotSupportedError` (the default: the game has no picture) or a too-large error."""
        raise NotSupportedError(f"--plot draws games on graphs (digraph, green-hackenbush), not {self.spec}")

    def table_2d(self, upto: int) -> list[list[int]] | None:
        """For two-heap games (e.g. Wythoff): Grundy values ``G(a, b)`` for ``a, b ≤ upto``."""
        return None

    def take_away_rule(self) -> tuple[str, tuple[int, ...]] | None:
        """For heap games whose every move takes counters from one heap without splitting it:
        ``("only", S)`` when a move takes ``s`` counters for any ``s`` of the finite set ``S``
        (``s`` at most the heap), ``("all-but", E)`` when it takes any positive number not in the
        finite set ``E``; ``None`` (the default) otherwise. The misère-sum rules
        (:mod:`grundy.core.misere`) use it to prove facts about every heap size."""
        return None

    def _repr_html_(self) -> str:
        """A notebook shows the game's spec and what its class says it is."""
        from grundy.core.html import escape

        doc = (type(self).__doc__ or "").strip().split("\n\n")[0]
        return f"<div><b>{escape(self.spec)}</b>: {escape(' '.join(doc.split()))}</div>"

    def __str__(self) -> str:
        return self.spec


def _params(args: Sequence[object], kwargs: Mapping[str, object]) -> str:
    parts = [str(a) for a in args] + [f"{k}={v}" for k, v in kwargs.items()]
    return "(" + ",".join(parts) + ")"


_INT_TOKEN = re.compile(r"[+-]?\d+")
_POWER_TOKEN = re.compile(r"\+?(\d{1,20})\*\*(\d{1,9})")


def parse_heap(token: str, what: str = "heap") -> int:
    """Read one non-negative integer, quoting ``token`` in the error.

    >>> parse_heap("12"), parse_heap("10**18")
    (12, 1000000000000000000)
    >>> parse_heap("-1")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: heap must be a non-negative integer, got '-1'
    """
    power = _POWER_TOKEN.fullmatch(token.strip())
    if power:  # 10**18: a power written as contest statements write it
        base, exponent = int(power.group(1)), int(power.group(2))
        if exponent * max(base, 2).bit_length() > 1 << 22:
            raise InvalidPositionError(f"{what} {token!r} has more than about four million bits")
        return int(base**exponent)
    if not _INT_TOKEN.fullmatch(token.strip()):
        raise InvalidPositionError(f"{what} must be a non-negative integer, got {token!r}")
    try:
        value = int(token)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits())
        raise InvalidPositionError(
            f"{what} has {len(token.strip()):,} digits, more than this Python reads "
            f"(sys.set_int_max_str_digits raises the limit)") from None
    if value < 0:
        raise InvalidPositionError(f"{what} must be a non-negative integer, got {token!r}")
    return value


def split_tokens(text: str) -> list[str]:
    """Split position text on whitespace and commas."""
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def check_heaps(position: Any, what: str = "heap") -> tuple[int, ...]:
    """Validate a heap position given as an int, a sequence of ints, or text."""
    if isinstance(position, str):
        return tuple(parse_heap(t, what) for t in split_tokens(position))
    if isinstance(position, bool):
        raise InvalidPositionError(f"{what} must be a non-negative integer, got {position!r}")
    if isinstance(position, int) or hasattr(position, "__index__"):
        heaps: Iterable[Any] = (position,)
    elif isinstance(position, Iterable):
        heaps = position
    else:
        raise InvalidPositionError(f"a position of heaps must be integers, got {position!r}")
    out = []
    for h in heaps:
        if isinstance(h, bool) or not hasattr(h, "__index__"):
            raise InvalidPositionError(f"{what} must be a non-negative integer, got {h!r}")
        value = int(h.__index__())
        if value < 0:
            raise InvalidPositionError(f"{what} must be a non-negative integer, got {value!r}")
        out.append(value)
    return tuple(out)


HeapResult = tuple[int, ...]
"""What one heap becomes after a move: ``(k,)`` for a smaller heap, ``(a, b)`` after a split,
``()`` when the heap is gone."""


class ContentHashedGame(Game):
    """Base of games built from large data (a graph): equal, and hashed, by content.

    The content (:meth:`_content`) is digested once and kept on the (frozen) instance, so
    memo look-ups never re-read the data. Subclasses are ``@dataclass(frozen=True, eq=False)``
    with a ``spec_text`` field, which is also their :attr:`spec`.
    """

    spec_text: str

    @abstractmethod
    def _content(self) -> Iterable[bytes]:
        """The bytes that, with :attr:`name` and ``spec_text``, identify the game."""

    def _fingerprint(self) -> tuple[str, str, str]:
        found: tuple[str, str, str] | None = self.__dict__.get("_fp")
        if found is None:
            import hashlib

            h = hashlib.blake2b(digest_size=16)
            for part in self._content():
                h.update(part)
            found = (self.name, self.spec_text, h.hexdigest())
            object.__setattr__(self, "_fp", found)
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ContentHashedGame) and self._fingerprint() == other._fingerprint()

    def __hash__(self) -> int:
        return hash(self._fingerprint())

    @property
    def spec(self) -> str:
        return self.spec_text


class HeapGame(Game):
    """Base of games played on heaps: a position is a tuple of heap sizes, summed disjunctively.

    Subclasses implement :meth:`heap_moves` (and optionally the closed forms :meth:`heap_value`
    and :meth:`heap_moves_to_value`). Several heaps are a sum: the engine XORs the heap values.
    """

    def heap_moves(self, n: int) -> Iterable[tuple[str, HeapResult]]:
        """Moves of one heap of ``n``: pairs (label, resulting heaps); results must be < n."""
        raise NotImplementedError

    def heap_value(self, n: int) -> int | None:
        """Grundy value of a single heap by formula, or ``None``."""
        return None

    def heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]] | None:
        """Moves of one heap to heaps whose values XOR to ``target`` by formula, or ``None``."""
        return None

    def heap_explain(self, n: int) -> str | None:
        """The rule behind :meth:`heap_value` for heap ``n``, if there is one."""
        return None

    # ---- what the game declares about its table of values (used by grundy.sequences) ------
    @property
    def octal_digits(self) -> tuple[int, ...] | None:
        """The digits ``d0 d1 … dk`` of the octal code this game is (its rules as data: its moves
        and their labels follow the code), or ``None`` for a game that is no octal game."""
        return None

    @property
    def has_splits(self) -> bool:
        """Whether some move leaves two or more heaps (take-and-break games)."""
        return False

    def period_rule(self) -> PeriodRule | None:
        """The theorem that proves a period of this game's table from finitely many values
        (:class:`~grundy.core.periodic.PeriodRule`), or ``None`` when none is known."""
        return None

    def known_periodicity(self) -> Periodicity | None:
        """The table's periodicity when a theorem gives it outright (Lasker's Nim), or ``None``."""
        return None

    def table_head(self, count: int) -> list[int] | None:
        """``G(0..count-1)`` in plain Python when the game can give it cheaply (no numpy), so that
        a short period is proved without loading the compiled kernels; ``None`` otherwise."""
        return None

    def build_stored_table(self, upto: int, path: str, progress: Progress | None, *,
                           rebuild: bool = False) -> TableBuild | None:
        """The game's builder of a table kept on disk in ``path`` (memory-mapped, resumable,
        verified on open; ``rebuild`` starts a file that does not verify again), or ``None`` when
        the game has none (then ``grundy table --store`` refuses it)."""
        return None

    def build_table(self, upto: int, method: str, progress: Progress | None) -> TableBuild | None:
        """The game's own builder of ``G(0..upto)`` (a compiled kernel or a vectorised formula),
        or ``None`` for the generic one. ``method`` is ``"auto"``, ``"plain"`` or ``"sparse"``."""
        return None

    # ---- Game implementation --------------------------------------------------------------
    def validate(self, position: Any) -> tuple[int, ...]:
        heaps = check_heaps(position)
        if not heaps:
            raise InvalidPositionError(f"{self.spec}: a position needs at least one heap")
        return heaps

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return " ".join(str(h) for h in position)

    def canonical(self, position: Any) -> Position:
        if len(position) == 1:
            return position
        return tuple(sorted(h for h in position if h))

    def heap_options(self, n: int) -> Iterable[HeapResult]:
        """The heaps one move from a heap of ``n``, without labels (what the engine searches;
        default: the results of :meth:`heap_moves`). Games override it to skip building labels."""
        return (result for _, result in self.heap_moves(n))

    def moves(self, position: Any) -> Iterator[Move]:
        for i, n in enumerate(position):
            for label, result in self.heap_moves(n):
                yield self._heap_move(position, i, label, result)

    def options(self, position: Any) -> Iterator[Position]:
        if type(self).moves is not HeapGame.moves:  # moves not heap by heap (Moore's Nim_k)
            yield from super().options(position)
            return
        if len(position) == 1:
            for result in self.heap_options(position[0]):
                yield tuple(result)
            return
        for i, n in enumerate(position):
            before, after = position[:i], position[i + 1:]
            for result in self.heap_options(n):
                yield before + tuple(result) + after

    def _heap_move(self, position: tuple[int, ...], i: int, label: str, result: HeapResult) -> Move:
        if len(position) == 1:
            return Move(label, tuple(result))
        return Move.lifted(self, position, i, Move(label, tuple(result)))

    def lift_label(self, index: int, label: str) -> str:
        return f"heap {index + 1}: {label}"

    def lift_position(self, position: Any, index: int, part: Position) -> Position:
        return position[:index] + tuple(part) + position[index + 1:]  # type: ignore[arg-type]

    def closed_value(self, position: Any) -> int | None:
        if len(position) == 1:
            return self.heap_value(position[0])
        return None

    def components(self, position: Any) -> list[tuple[Game, Position]] | None:
        if len(position) == 1:
            return None
        return [(self, (n,)) for n in position]

    def lift_move(self, position: Any, index: int, move: Move) -> Move:
        if len(position) == 1:
            return Move(move.label, tuple(move.to))  # type: ignore[arg-type]
        return Move.lifted(self, position, index, move)

    def moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        if len(position) != 1:
            return None
        found = self.heap_moves_to_value(position[0], target)
        if found is None:
            return None
        return [Move(label, tuple(result)) for label, result in found]

    def explain(self, position: Any, misere: bool = False) -> str | None:
        if misere or len(position) != 1:
            return None
        return self.heap_explain(position[0])

    def sample_positions(self) -> Iterable[Position]:
        singles = [(n,) for n in range(25)]
        return [*singles, (1, 2), (3, 4, 5), (2, 2), (5, 0, 7)]


def positions_exceed(heaps: Iterable[int], limit: int) -> bool:
    """Whether heaps of these sizes have more than ``limit`` positions below them, ``∏(h+1)``
    (stopping as soon as the product passes ``limit``).

    >>> positions_exceed((3, 4), 20), positions_exceed((3, 4), 19)
    (False, True)
    """
    size = 1
    for h in heaps:
        size *= h + 1
        if size > limit:
            return True
    return False


def describe_split(n: int, k: int, a: int) -> str:
    """Label for removing ``k`` (possibly 0) from a heap of ``n`` and leaving heaps ``a`` and
    ``n - k - a``: ``'take 1, split 7 → 2 + 4'``."""
    return f"{f'take {k}, split' if k else 'split'} {n} → {a} + {n - k - a}"


def describe_take(n: int, k: int) -> str:
    """Label for removing ``k`` from a heap of ``n``: ``'take 2: 7 → 5'``."""
    return f"take {k}: {n} → {n - k}"
