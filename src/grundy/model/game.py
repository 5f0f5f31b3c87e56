"""The game model: rules (:class:`Game`) are objects, positions are immutable hashable values.

A :class:`Game` knows the moves of a position and how to read and write positions as text, and
declares what else it knows in one :class:`~grundy.model.laws.Laws` (closed forms, facts); the
algorithms in :mod:`grundy.engine.search` use a declared rule when it answers, brute force otherwise.

:class:`HeapGame` is the base of every game played on heaps of counters (Nim, subtraction and
take-and-break games): a position is a tuple of heap sizes, and a position of several heaps is the
disjunctive sum of its heaps.

>>> from grundy.model.game import Move, Outcome
>>> Move("take 2", (1,))
Move(label='take 2', to=(1,))
>>> Outcome.P.winner
'second'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from operator import attrgetter

from grundy.errors import InvalidGameError, InvalidPositionError, NotSupportedError
from grundy.model.bounded import BoundedCache, Derived, kept
from grundy.model.labels import describe_split, describe_take, positions_exceed  # noqa: F401 (re-exported)
from grundy.model.laws import NO_LAWS, Family, Laws, TableMethod, TakeAway
from grundy.model.reason import Reason, as_reason
from grundy.model.textio import check_heaps, int_text, parse_heap, split_tokens  # noqa: F401 (re-exported)

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:  # (named in annotations only)
    from typing import Any, ClassVar, final

    from grundy.model.period_rules import PeriodRule, TableBuild
    from grundy.model.periodic import Periodicity, Progress
else:
    def final(method: object) -> object:
        """:func:`typing.final` for type checkers; nothing at run time (no typing at start-up)."""
        return method

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


_TO = attrgetter("to")
"""``move.to``, read in C (:meth:`Game.options` lists the positions of every move this way)."""


class Move:
    """A move: a human-readable ``label`` and the position it leads ``to``.

    A move inside one part of a sum (a heap of a multi-heap position, a component of a
    :class:`~grundy.engine.sums.SumGame`) also records which ``part`` it changes (0-based) and that
    part's own move, ``part_move``; its label and whole resulting position are then built by the
    game (:meth:`Game.lift_label`, :meth:`Game.lift_position`) only when first read, so listing
    the winning moves of a sum of a million heaps stays linear in time and memory.

    >>> Move("take 2", (1,))
    Move(label='take 2', to=(1,))
    """

    __slots__ = ("label", "to")

    label: str
    """What the move does, for people."""
    to: Position
    """The position after the move."""
    part: int | None = None
    """Which part of a sum the move changes (0-based), for a move built by :meth:`lifted`."""
    part_move: Move | None = None
    """That part's own move, for a move built by :meth:`lifted`."""

    def __init__(self, label: str, to: Position = None) -> None:
        # (two stores and no keyword-only parameters: a game builds one Move per option, and the
        # engine's cost per position is mostly the game's own moves())
        self.label = label
        self.to = to

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

    __slots__ = ("_game", "_label", "_to", "_whole", "part", "part_move")

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
    An author may override only the members named in :attr:`AUTHOR_MEMBERS`; everything else a
    game knows (closed forms, take-away set, period rules, table builders…) it declares as data
    in one :class:`~grundy.model.laws.Laws` returned by :attr:`laws`, and its capabilities as the
    typed class attributes named in :attr:`TRAITS`.

    >>> len(Game.AUTHOR_MEMBERS) <= 12
    True
    """

    AUTHOR_MEMBERS: ClassVar[tuple[str, ...]] = (
        "spec", "moves", "parse_position", "format_position", "from_params", "options",
        "validate", "canonical", "components", "laws", "heap_moves", "heap_options")
    """The members of :class:`Game` and :class:`HeapGame` a game author may override (the last
    two are :class:`HeapGame`'s). Graph games (:class:`ContentHashedGame`) add ``from_graph``."""
    TRAITS: ClassVar[tuple[str, ...]] = ("name", "takes_graph", "takes_ground", "heapwise",
                                         "plain_keys", "own_rules", "families")
    """The typed class attributes a game sets to declare what it is."""

    name: ClassVar[str] = ""
    """The registered short name, e.g. ``"nim"``."""

    takes_graph: ClassVar[bool] = False
    """Whether the game is played on a graph read from a file (``--graph FILE``), built by
    :meth:`ContentHashedGame.from_graph`."""
    takes_ground: ClassVar[bool] = False
    """Whether a vertex of that graph is the ground (``--ground V``; Hackenbush)."""
    plain_keys: ClassVar[bool] = True
    """Whether a position is its own memo key: declared when the class is made, false once a
    class defines :meth:`canonical` (the engine then calls no ``canonical`` per option)."""
    families: ClassVar[tuple[Family, ...]] = ()
    """The families this class makes when its parameters are written as names (``bash(m)``,
    ``subtraction(S)``): what an exported program computes with the parameters read at run time
    (:meth:`family`)."""

    @property
    def own_rules(self) -> bool:
        """Whether the rules are (or, in a sum, include) a user's own move function: a question
        about such a game is answered within one query of :mod:`grundy.define`. Declared: false
        here, true for the classes ``@grundy.heap_game``/``@grundy.game`` build."""
        return False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "canonical" in vars(cls):
            cls.plain_keys = False

    # ---- required -------------------------------------------------------------------------
    @property
    @abstractmethod
    def spec(self) -> str:
        """Canonical text of the game that :func:`grundy.load_game` reads back:
        ``"subtraction(1,3,4)"``."""

    @abstractmethod
    def moves(self, position: Any) -> Iterable[Move]:
        """Every legal move from ``position`` (finitely many): Nim's ``moves((2,))`` gives
        ``Move('take 1: 2 → 1', (1,))`` and ``Move('take 2: 2 → 0', (0,))``."""

    @abstractmethod
    def parse_position(self, text: str) -> Position:
        """Read a position from its text form; raise :class:`InvalidPositionError` if illegal:
        ``parse_position("3 4 5") == (3, 4, 5)`` for a heap game."""

    @abstractmethod
    def format_position(self, position: Any) -> str:
        """Write a position in the text form :meth:`parse_position` reads:
        ``format_position((3, 4, 5)) == "3 4 5"`` for a heap game."""

    # ---- construction ---------------------------------------------------------------------
    @classmethod
    def from_params(cls, *args: int | str, **kwargs: int | str) -> Game:
        """Build the game from the parameters of a spec such as ``bash(m=6)``:
        ``Bash.from_params(m=6)``."""
        if args or kwargs:
            raise InvalidGameError(f"game {cls.name!r} takes no parameters, got {_params(args, kwargs)}")
        return cls()

    @classmethod
    def family(cls, names: tuple[str, ...],
               keywords: tuple[tuple[str, str], ...] = ()) -> Family | None:
        """The family of games this class makes when its parameters are written as ``names``
        (``Bash.family(("m",))`` for ``bash(m)``; ``keywords``: the keyword arguments written
        with them, ``(("rest", "all"),)``), whose exported program reads them at run time: the
        one of :attr:`families` with those parameters and keywords, else ``None``."""
        return next((f for f in cls.families if f.params == names and f.keywords == keywords), None)

    # ---- what the author may write beyond the required four ---------------------------------
    def options(self, position: Any) -> Iterator[Position]:
        """The positions one move away (successors), from :meth:`moves`; a game overrides it to
        skip building move labels or to refuse a search (``list(game.options(p))``)."""
        return map(_TO, self.moves(position))

    def validate(self, position: Any) -> Position:
        """Return ``position`` in canonical type, or raise :class:`InvalidPositionError`:
        ``Nim().validate([3, 4]) == (3, 4)``."""
        return position

    def canonical(self, position: Any) -> Position:
        """A key under which equivalent positions share cache entries (default: itself):
        heap games sort their heaps, ``canonical((4, 3)) == (3, 4)``."""
        return position

    def components(self, position: Any) -> list[tuple[Game, Position]] | None:
        """If the position is a disjunctive sum, its parts as ``(game, position)`` pairs:
        ``Nim().components((3, 4)) == [(Nim(), (3,)), (Nim(), (4,))]``."""
        return None

    @property
    def laws(self) -> Laws:
        """Everything the game declares beyond its moves (closed forms, take-away set, octal
        digits, period rules, table builders…), one :class:`~grundy.model.laws.Laws`; the
        default declares nothing. ``Nim().laws.value((3, 4, 5)) == 2``. The library reads it
        through :func:`laws_of`, which builds it once per game."""
        return NO_LAWS

    # ---- what the library reads from the declaration (not for overriding) --------------------
    def lift_move(self, position: Any, index: int, move: Move) -> Move:
        """Turn a move of component ``index`` (see :meth:`components`) into a move of the whole
        (built lazily from :meth:`lift_label` and :meth:`lift_position`)."""
        return Move.lifted(self, position, index, move)

    def lift_label(self, index: int, label: str) -> str:
        """The label of a move of component ``index`` as a move of the whole (sum combinators
        only: :class:`HeapGame`, :class:`~grundy.engine.sums.SumGame`)."""
        raise NotImplementedError(f"{self.spec} has no components")

    def lift_position(self, position: Any, index: int, part: Position) -> Position:
        """``position`` with component ``index`` replaced by ``part`` (sum combinators only)."""
        raise NotImplementedError(f"{self.spec} has no components")

    def closed_value(self, position: Any) -> int | None:
        """The Grundy value by the declared formula (:attr:`Laws.value`), or ``None``."""
        rule = laws_of(self).value
        return None if rule is None else rule(position)

    def moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        """Every move to a position of Grundy value ``target`` by the declared formula, or ``None``."""
        rule = laws_of(self).moves_to_value
        return None if rule is None else rule(position, target)

    @final
    def closed_outcome(self, position: Any) -> Outcome | None:
        """The outcome by the declared rule (:attr:`Laws.outcome`), or ``None``."""
        rule = laws_of(self).outcome
        return None if rule is None else rule(position)

    @final
    def winning_moves_rule(self, position: Any) -> list[Move] | None:
        """Every winning move by the declared rule, or ``None`` (the engine then searches)."""
        rule = laws_of(self).winning_moves
        return None if rule is None else rule(position)

    @final
    def closed_misere_outcome(self, position: Any) -> Outcome | None:
        """The misère-play outcome by the declared rule, or ``None`` (the engine then searches);
        the declared :attr:`Laws.misere_check` runs first."""
        laws = laws_of(self)
        if laws.misere_check is not None:
            laws.misere_check(position)
        rule = laws.misere_outcome
        return None if rule is None else rule(position)

    @final
    def misere_winning_moves_rule(self, position: Any) -> list[Move] | None:
        """Every misère-play winning move by the declared rule, or ``None``."""
        rule = laws_of(self).misere_winning_moves
        return None if rule is None else rule(position)

    def explain(self, position: Any, misere: bool = False) -> Reason | None:
        """The rule or theorem that decides ``position`` with the numbers it uses, if a rule does
        (:attr:`Laws.reason`: a :class:`~grundy.model.reason.Reason`; ``str(reason)`` is its
        one-line text; a plain string is accepted too and becomes a ``"text"`` reason)."""
        rule = laws_of(self).reason
        return None if rule is None else as_reason(rule(position, misere))

    @final
    def loopy_value(self, position: Any) -> str | None:
        """For games with cycles: the generalised Sprague-Grundy value (Smith) of a position
        that has no ordinary Grundy value, as text such as ``"inf(0,2)"`` (∞ with its finite
        options); ``None`` otherwise (:attr:`Laws.loopy_value`). :func:`grundy.solve` then takes
        the outcome (possibly :attr:`Outcome.D`) from :attr:`Laws.outcome`, the winning moves
        from :attr:`Laws.winning_moves` and the reason from :attr:`Laws.reason`."""
        rule = laws_of(self).loopy_value
        return None if rule is None else rule(position)

    def sample_positions(self) -> Iterable[Position]:
        """Small positions on which the conformance tests check this game against brute force."""
        rule = laws_of(self).samples
        return () if rule is None else rule()

    @final
    def draw(self, answer: Any, ax: Any) -> None:
        """Draw ``answer`` (a :class:`~grundy.solving.solve.Solution` of this game) on matplotlib
        axes ``ax`` (``grundy solve --plot``); with ``ax=None`` only check that it can, raising
        :class:`NotSupportedError` (the game declares no :attr:`Laws.picture`) or a too-large error."""
        rule = laws_of(self).picture
        if rule is None:
            raise NotSupportedError(f"pictures are drawn of games on graphs (digraph, green-hackenbush), "
                                    f"not {self.spec}", parameters=("plot",))
        rule(answer, ax)

    @final
    def table_2d(self, upto: int) -> list[list[int]] | None:
        """For two-heap games (e.g. Wythoff): Grundy values ``G(a, b)`` for ``a, b ≤ upto``."""
        rule = laws_of(self).pair_table
        return None if rule is None else rule(upto)

    @final
    def take_away_rule(self) -> TakeAway | None:
        """The declared take-away set (:attr:`Laws.take_away`), or ``None``."""
        return laws_of(self).take_away

    def _repr_html_(self) -> str:
        """A notebook shows the game's spec and what its class says it is."""
        from grundy.model.html import escape

        doc = (type(self).__doc__ or "").strip().split("\n\n")[0]
        return f"<div><b>{escape(self.spec)}</b>: {escape(' '.join(doc.split()))}</div>"

    def __str__(self) -> str:
        return self.spec


def _params(args: Sequence[object], kwargs: Mapping[str, object]) -> str:
    parts = [str(a) for a in args] + [f"{k}={v}" for k, v in kwargs.items()]
    return "(" + ",".join(parts) + ")"


HeapResult = tuple[int, ...]
"""What one heap becomes after a move: ``(k,)`` for a smaller heap, ``(a, b)`` after a split,
``()`` when the heap is gone."""


class ContentHashedGame(Game):
    """Base of games built from large data (a graph): equal, and hashed, by content.

    The content (:meth:`_content`) is digested once and kept in the game's declared
    :class:`~grundy.model.bounded.Derived` store, so memo look-ups never re-read the data.
    Subclasses are ``@dataclass(frozen=True, eq=False)`` with a ``spec_text`` field, which is
    also their :attr:`spec`, and a ``_derived`` field.
    """

    spec_text: str

    @classmethod
    def from_graph(cls, data: Any, spec: str) -> ContentHashedGame:
        """The game on a graph read by :func:`grundy.games.graphs.fileio.read_graph` (games that
        declare :attr:`takes_graph`); ``spec`` is the text that names it."""
        raise NotSupportedError(f"game {cls.name!r} is not played on a graph file")

    @abstractmethod
    def _content(self) -> Iterable[bytes]:
        """The bytes that, with :attr:`name` and ``spec_text``, identify the game."""

    _derived: Derived
    """Data derived once from the game (a declared dataclass field of each subclass,
    ``field(default_factory=Derived, init=False, repr=False, compare=False)``)."""

    def _fingerprint(self) -> tuple[str, str, str]:
        return self._derived.get("fingerprint", self._digest)

    def _digest(self) -> tuple[str, str, str]:
        import hashlib

        h = hashlib.blake2b(digest_size=16)
        for part in self._content():
            h.update(part)
        return (self.name, self.spec_text, h.hexdigest())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ContentHashedGame) and self._fingerprint() == other._fingerprint()

    def __hash__(self) -> int:
        return hash(self._fingerprint())

    @property
    def spec(self) -> str:
        return self.spec_text


class HeapGame(Game):
    """Base of games played on heaps: a position is a tuple of heap sizes, summed disjunctively.

    Subclasses implement :meth:`heap_moves` (and optionally :meth:`heap_options`) and declare
    closed forms for one heap in their :attr:`laws` (:attr:`Laws.heap_value`,
    :attr:`Laws.heap_moves_to_value`, :attr:`Laws.heap_reason`). Several heaps are a sum: the
    engine XORs the heap values.
    """

    heapwise: ClassVar[bool] = True
    """Whether each move changes one heap, as :meth:`heap_moves` lists them (then a position is
    the sum of its heaps); Moore's Nim_k, whose moves change up to k heaps, sets ``False``."""

    def heap_moves(self, n: int) -> Iterable[tuple[str, HeapResult]]:
        """Moves of one heap of ``n``: pairs (label, resulting heaps); results must be < n.
        Kayles' ``heap_moves(3)`` has ``('take 1, split 3 → 1 + 1', (1, 1))``."""
        raise NotImplementedError

    def heap_options(self, n: int) -> Iterable[HeapResult]:
        """The heaps one move from a heap of ``n``, without labels (what the engine searches;
        default: the results of :meth:`heap_moves`). Games override it to skip building labels:
        Nim's ``list(heap_options(2)) == [(1,), (0,)]``."""
        return (result for _, result in self.heap_moves(n))

    # ---- what the library reads from the declaration (not for overriding) --------------------
    @final
    def heap_value(self, n: int) -> int | None:
        """Grundy value of a single heap by the declared formula, or ``None``."""
        rule = laws_of(self).heap_value
        return None if rule is None else rule(n)

    @final
    def heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]] | None:
        """Moves of one heap to heaps whose values XOR to ``target`` by formula, or ``None``."""
        rule = laws_of(self).heap_moves_to_value
        return None if rule is None else rule(n, target)

    @final
    def heap_explain(self, n: int) -> Reason | None:
        """The rule behind :meth:`heap_value` for heap ``n``, if there is one."""
        rule = laws_of(self).heap_reason
        return None if rule is None else as_reason(rule(n))

    @property
    @final
    def octal_digits(self) -> tuple[int, ...] | None:
        """The digits ``d0 d1 … dk`` of the octal code this game is (its rules as data: its moves
        and their labels follow the code), or ``None`` for a game that is no octal game."""
        return laws_of(self).octal_digits

    @property
    @final
    def has_splits(self) -> bool:
        """Whether some move leaves two or more heaps (take-and-break games)."""
        return laws_of(self).splits

    @final
    def period_rule(self) -> PeriodRule | None:
        """The theorem that proves a period of this game's table from finitely many values
        (:class:`~grundy.model.period_rules.PeriodRule`), or ``None`` when none is known."""
        rule = laws_of(self).period_rule
        return None if rule is None else rule()

    @final
    def known_periodicity(self) -> Periodicity | None:
        """The table's periodicity when a theorem gives it outright (Lasker's Nim), or ``None``."""
        found = laws_of(self).periodicity
        return found() if callable(found) else found

    @final
    def table_head(self, count: int) -> list[int] | None:
        """``G(0..count-1)`` in plain Python when the game can give it cheaply (no numpy), so that
        a short period is proved without loading the compiled kernels; ``None`` otherwise."""
        rule = laws_of(self).table_head
        return None if rule is None else rule(count)

    @final
    def build_table(self, upto: int, method: TableMethod | str,
                    progress: Progress | None) -> TableBuild | None:
        """The game's own builder of ``G(0..upto)`` (a compiled kernel or a vectorised formula),
        or ``None`` for the generic one."""
        rule = laws_of(self).table_builder
        return None if rule is None else rule(upto, TableMethod(method), progress)

    # ---- Game implementation --------------------------------------------------------------
    def validate(self, position: Any) -> tuple[int, ...]:
        heaps = check_heaps(position)
        if not heaps:
            raise InvalidPositionError(f"{self.spec}: a position needs at least one heap")
        return heaps

    def parse_position(self, text: str) -> tuple[int, ...]:
        return self.validate(text)

    def format_position(self, position: Any) -> str:
        return " ".join(map(int_text, position))

    def canonical(self, position: Any) -> Position:
        if len(position) == 1:
            return position
        return tuple(sorted(h for h in position if h))

    def moves(self, position: Any) -> Iterator[Move]:
        for i, n in enumerate(position):
            for label, result in self.heap_moves(n):
                yield self._heap_move(position, i, label, result)

    def options(self, position: Any) -> Iterator[Position]:
        if not self.heapwise:  # moves not heap by heap (Moore's Nim_k)
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
        rule = value_rule(self)
        return None if rule is None else rule(position)

    def components(self, position: Any) -> list[tuple[Game, Position]] | None:
        if len(position) == 1:
            return None
        return [(self, (n,)) for n in position]

    def lift_move(self, position: Any, index: int, move: Move) -> Move:
        if len(position) == 1:
            return Move(move.label, tuple(move.to))  # type: ignore[arg-type]
        return Move.lifted(self, position, index, move)

    def moves_to_value(self, position: Any, target: int) -> list[Move] | None:
        laws = laws_of(self)
        if laws.moves_to_value is not None:
            return laws.moves_to_value(position, target)
        if len(position) != 1 or laws.heap_moves_to_value is None:
            return None
        found = laws.heap_moves_to_value(position[0], target)
        if found is None:
            return None
        return [Move(label, tuple(result)) for label, result in found]

    def explain(self, position: Any, misere: bool = False) -> Reason | None:
        laws = laws_of(self)
        if laws.reason is not None:
            return as_reason(laws.reason(position, misere))
        if misere or len(position) != 1 or laws.heap_reason is None:
            return None
        return as_reason(laws.heap_reason(position[0]))

    def sample_positions(self) -> Iterable[Position]:
        rule = laws_of(self).samples
        if rule is not None:
            return rule()
        singles = [(n,) for n in range(25)]
        return [*singles, (1, 2), (3, 4, 5), (2, 2), (5, 0, 7)]


LAWS_KEPT = 4096
"""Games whose :class:`~grundy.model.laws.Laws` :func:`laws_of` keeps (least recently used
forgotten first; a forgotten declaration is built again from the game, the same)."""

_LAWS: BoundedCache[Game, Laws] = kept(__name__ + "._LAWS", BoundedCache(LAWS_KEPT))


def laws_of(game: Game) -> Laws:
    """``game.laws``, built once per game (kept in a :class:`~grundy.model.bounded.BoundedCache`
    of :data:`LAWS_KEPT` games): what the engine and the table builders read.

    >>> from grundy.catalog import load_game
    >>> laws_of(load_game("kayles")).octal_digits
    (0, 7, 7)
    """
    return _LAWS.get(game, lambda: game.laws)


def forget_laws(game: Game) -> None:
    """Let :func:`laws_of` forget ``game`` (its declaration refers to the game, so a kept one keeps
    it alive): a caller done with a large game (one graph of a judge's input) lets it go."""
    _LAWS.forget(game)


def value_rule(game: Game) -> Callable[[Position], int | None] | None:
    """The closed form of the Grundy value ``game`` declares, read once (the engine calls it at
    every position): :attr:`Laws.value`, or for a heap game :attr:`Laws.heap_value` applied to
    a position of one heap; ``None`` when the game declares neither.

    >>> from grundy.catalog import load_game
    >>> value_rule(load_game("lasker-nim"))((7,)), value_rule(load_game("coin-slide")) is None
    (8, True)
    """
    laws = laws_of(game)
    if laws.value is not None or not isinstance(game, HeapGame):
        return laws.value
    heap_value = laws.heap_value
    if heap_value is None:
        return None

    def of_one_heap(position: Any) -> int | None:
        return heap_value(position[0]) if len(position) == 1 else None

    return of_one_heap
