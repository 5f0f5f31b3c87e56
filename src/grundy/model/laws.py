"""What a game declares about itself beyond its moves: its :class:`Laws`.

A game author writes the moves (:meth:`~grundy.model.game.Game.moves`, or
:meth:`~grundy.model.game.HeapGame.heap_moves`) and, when theory knows more, returns one
:class:`Laws` from the game's :attr:`~grundy.model.game.Game.laws` property: closed forms as
callables, facts as typed data. Every field is optional; ``None`` (or ``False``) means "not known,
compute it". The engine, the table builders and the misère rules read this declaration; none of
them asks whether a method was overridden.

>>> laws = Laws(take_away=TakeAway(TakeKind.ONLY, (1, 2)), periodicity=None)
>>> laws.take_away.kind, laws.value is None
(<TakeKind.ONLY: 'only'>, True)
>>> TableMethod("sparse") == "sparse"
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from enum import Enum, StrEnum

from grundy.model.record import FrozenRecord

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:  # (named in annotations only: not imported at start-up)
    from typing import Any

    from grundy.model.period_rules import PeriodRule, TableBuild
    from grundy.model.periodic import Periodicity, PeriodRuns, Progress
    from grundy.model.reason import Reason

Position = Hashable
HeapResult = tuple[int, ...]
if TYPE_CHECKING:  # (type aliases, for annotations only)
    Move = Any
    """A :class:`grundy.model.game.Move` (this module sits below :mod:`grundy.model.game`, which
    imports it, so it names the type without importing it)."""
    Outcome = Any
    """A :class:`grundy.model.game.Outcome` (named, not imported, as :data:`Move`)."""


class TakeKind(Enum):
    """How a take-away set is written: the moves it allows, or the moves it forbids."""

    ONLY = "only"
    """A move takes ``s`` counters for ``s`` in the (finite) set, ``s`` at most the heap."""
    ALL_BUT = "all-but"
    """A move takes any positive number of counters not in the (finite) set."""


class TakeAway(FrozenRecord):
    """The take-away set of a game whose every move takes counters from one heap without
    splitting it. The misère-sum rules (:mod:`grundy.theory.misere_laws`) use it to prove facts
    about every heap size. The set is the rules as data: a move of heap ``n`` taking ``s`` is
    labelled ``describe_take(n, s)`` (``take s: n → n - s``), as a sum of many heaps answered in
    bulk writes it (:mod:`grundy.solving.bulk`).

    >>> TakeAway(TakeKind.ALL_BUT, ())   # Nim: take any number
    TakeAway(kind=<TakeKind.ALL_BUT: 'all-but'>, values=())
    """

    kind: TakeKind
    values: Sequence[int]
    """The set, e.g. ``(1, 3, 4)``, or ``range(1, 7)`` for Bash (kept lazy: it may be large)."""
    sj: Any
    """Where the game proves that every heap meets the SJ condition (a heap of value 0 that has a
    move can move to one of value 1): the proof, a :class:`~grundy.model.reason.Reason`, so that
    the misère-sum rules need no table of its heaps (Bash with a take of 10^9); ``None``: not
    declared (the rules then tabulate the heaps, within their bound)."""

    _fields = ("kind", "values", "sj")
    _hidden = ("sj",)

    def __init__(self, kind: TakeKind, values: Sequence[int], sj: Any = None) -> None:
        self._init(kind, values, sj)


class PositionValues(FrozenRecord):
    """The values of a game on one number (:attr:`line`, ``G(n)`` for ``n = 0..upto``) or on pairs
    (:attr:`grid`, ``G(a, b)``, rows ``a``), ``None`` outside the game's domain, whose smallest
    position is :attr:`minimum` when declared.

    >>> PositionValues(None, [[None, 1], [1, 0]], (0, 1)).grid[1]
    [1, 0]
    """

    line: list[int | None] | None
    grid: list[list[int | None]] | None
    minimum: tuple[int, ...] | None

    _fields = ("line", "grid", "minimum")

    def __init__(self, line: list[int | None] | None, grid: list[list[int | None]] | None,
                 minimum: tuple[int, ...] | None = None) -> None:
        self._init(line, grid, minimum)


class TableMethod(StrEnum):
    """How a table of one-heap values is built (``grundy table --method``).

    >>> [m.value for m in TableMethod]
    ['auto', 'plain', 'sparse']
    """

    AUTO = "auto"
    """The builder chooses."""
    PLAIN = "plain"
    """A dense mex over every option."""
    SPARSE = "sparse"
    """The rare/common value split (octal games with splits)."""


class Describes(StrEnum):
    """What a pattern or a theorem describes: the Grundy values, or the P-positions (``G = 0``).
    A str enum: JSON writes ``"values"`` and ``"p-positions"``.

    >>> Describes.P_POSITIONS == "p-positions", [d.value for d in Describes]
    (True, ['values', 'p-positions'])
    """

    VALUES = "values"
    """The Grundy values (``G(n) = ...``, ``G(a, b) = ...``)."""
    P_POSITIONS = "p-positions"
    """The P-positions: a formula true exactly where ``G = 0``."""


class Status(StrEnum):
    """How far a pattern is known: proved by a theorem, or a conjecture checked on a table.
    A str enum: JSON writes ``"proved"`` and ``"conjecture"``.

    >>> Status("proved") is Status.PROVED, [s.value for s in Status]
    (True, ['proved', 'conjecture'])
    """

    PROVED = "proved"
    """A theorem proves it for every position."""
    CONJECTURE = "conjecture"
    """Checked on every position of a table, not proved beyond it."""


class Theorem(FrozenRecord):
    """A formula a game declares proved, written once: the pattern finders label a pattern with
    the same syntax tree proved by it (:func:`grundy.patterns.proof.declared_proof`), and
    ``grundy export`` answers beyond its table by it (see :attr:`Laws.theorems`).

    ``describes``: the values or the P-positions; ``formula``: in the grammar of
    :mod:`grundy.patterns.formulas` (over ``a, b`` for a game on pairs); ``proof``: the theorem's
    statement, as a proved pattern names it; ``name``: the theorem's short name, as an exported
    program's header names it (``proved (NAME)``); ``words``: the rule in plain ASCII words, for
    an exported program's comments.

    >>> Theorem(Describes.P_POSITIONS, "a == b", "Tweedledum", name="mirror").describes.value
    'p-positions'
    """

    describes: Describes
    formula: str
    proof: str
    name: str
    words: str

    _fields = ("describes", "formula", "proof", "name", "words")

    def __init__(self, describes: Describes | str, formula: str, proof: str, *, name: str = "",
                 words: str = "") -> None:
        self._init(Describes(describes), formula, proof, name or proof, words)


class BoardKind(StrEnum):
    """How ``grundy play`` pictures a position on a terminal (:class:`Board`)."""

    ROWS = "rows"
    """One row of counters per number of the position (heaps, piles, steps)."""
    TOKENS = "tokens"
    """Tokens on the vertices of a graph, each with the vertices it may move to."""
    EDGES = "edges"
    """The edges still standing."""


class Board(FrozenRecord):
    """How ``grundy play`` pictures a position of the game (:mod:`grundy.play.board`), declared
    by the game; the picture code never asks a game's name. A heap game that declares none is
    drawn as rows of heaps; any other game as its position's text (a string as cells numbered
    from 1).

    ``noun``: what one row is (``heap``, ``pile``, ``step``); ``rows``: the numbers drawn as
    rows when they are not the position itself; ``note``: a line under the picture;
    ``tokens``: each token's vertex and the vertices it may move to; ``edges``: the edges
    standing.

    >>> Board(BoardKind.ROWS, "step")
    Board(kind=<BoardKind.ROWS: 'rows'>, noun='step', rows=None, note=None, tokens=None, edges=None)
    """

    kind: BoardKind
    noun: str
    rows: Callable[[Position], Sequence[int]] | None
    note: Callable[[Position], str] | None
    tokens: Callable[[Position], list[tuple[str, list[str]]]] | None
    edges: Callable[[Position], list[str]] | None

    _fields = ("kind", "noun", "rows", "note", "tokens", "edges")

    def __init__(self, kind: BoardKind, noun: str = "heap", *,
                 rows: Callable[[Position], Sequence[int]] | None = None,
                 note: Callable[[Position], str] | None = None,
                 tokens: Callable[[Position], list[tuple[str, list[str]]]] | None = None,
                 edges: Callable[[Position], list[str]] | None = None) -> None:
        self._init(kind, noun, rows, note, tokens, edges)


ValueRule = Callable[["Position"], "int | None"]
OutcomeRule = Callable[["Position"], "Outcome | None"]
MovesRule = Callable[["Position"], "list[Move] | None"]
TableBuilder = Callable[[int, TableMethod, "Progress | None"], "TableBuild | None"]


class ExportRule(FrozenRecord):
    """How ``grundy export`` writes a program for the game where a table of one heap or pair
    would not, or what it adds to the table (declared by the game; the export code never asks a
    game's name).

    ``kind`` is one of :data:`EXPORT_KINDS`. ``formula``: over ``n`` (a coin-turning game's head)
    or ``a, b`` (a pair game's P-positions), in the grammar of :mod:`grundy.patterns.formulas`;
    ``theorem``: the proof's name or words; ``words``: the rule in words (P-positions);
    ``code``: a rule the export writes in code of its own instead of a formula (``zeckendorf``,
    ``kfold K``, see :class:`grundy.export.model.OutcomeRule`); ``start``: of a pair game whose
    start position one number gives, ``(n, n - 1)``, the words that say why; ``parameter``: the
    game's number the rule needs (Moore's ``k``); ``second``, ``origin``: of a ``grid`` game, the
    value of a head in row ``n`` (``formula``: in column ``n``) and the least coordinate; ``more``:
    of a product of three or more factors, the values of the third and later coordinates.

    >>> ExportRule("heads", "n & -n", "the ruler function").kind
    'heads'
    """

    kind: str
    formula: str | None
    theorem: str | None
    words: str | None
    code: str | None
    start: str | None
    parameter: int | None
    second: str | None
    origin: int | None
    more: tuple[str, ...] | None

    _fields = ("kind", "formula", "theorem", "words", "code", "start", "parameter", "second", "origin",
               "more")

    def __init__(self, kind: str, formula: str | None = None, theorem: str | None = None, *,
                 words: str | None = None, code: str | None = None, start: str | None = None,
                 parameter: int | None = None, second: str | None = None,
                 origin: int | None = None, more: tuple[str, ...] | None = None) -> None:
        self._init(kind, formula, theorem, words, code, start, parameter, second, origin, more)


class Family(FrozenRecord):
    """A game family whose parameters a judge's input gives (``grundy export 'bash(m)'``): what
    its exported program computes at run time, declared by the game's class
    (:meth:`grundy.model.game.Game.family`); the export code never asks a game's name.

    ``kind`` is one of :data:`FAMILY_KINDS`; ``params``: the parameters' names, in the order the
    input gives them (a name of :data:`SET_PARAMETERS` is a finite set, read as its size then its
    members); ``formula``: of a ``formula`` family, ``G(n)`` of one heap over ``n`` and the
    parameters, in the grammar of :mod:`grundy.patterns.formulas`; ``check``: a formula over the
    parameters, true exactly when they name a game of the family (``words`` says it);
    ``theorem``: what the values rest on, for the program's header; ``keywords``: keyword
    arguments the spelling fixes (``bash(a,b,rest=all)``: ``(("rest", "all"),)``), passed to the
    class with the parameters' values. A ``misere`` family's ``formula`` is, over ``n`` and the
    parameters, true exactly at the heaps the player to move loses in misère play.

    >>> Family("formula", ("m",), "n % (m + 1)", "m >= 1", "m >= 1", "Bash").params
    ('m',)
    >>> Family("misere", ("a", "b"), "1 <= n % (a + b) <= a", None, "", "",
    ...        keywords=(("rest", "all"),)).spelling("bash")
    'bash(a,b,rest=all)'
    """

    kind: str
    params: tuple[str, ...]
    formula: str | None
    check: str | None
    words: str
    theorem: str
    keywords: tuple[tuple[str, str], ...]
    fixed: str | None
    """The keyword that fixes every case's position, so that the input does not give it (``ground``:
    ``green-hackenbush(T,ground=1)``); ``None``: a position is always read."""
    position: int | None
    """The position fixed by that keyword (a vertex), or ``None``: read with each case."""
    misere: str
    """Why the family's program may answer misère play too (``--misere``), for its header: of a
    ``formula`` family, the proof that every heap meets the SJ condition (so the SJ theorem decides
    every sum, :mod:`grundy.export.family_misere`); of ``moore``, the proof of Moore's misère rule;
    ``""``: the family has no misère program."""

    _fields = ("kind", "params", "formula", "check", "words", "theorem", "keywords", "fixed", "position",
               "misere")

    def __init__(self, kind: str, params: tuple[str, ...], formula: str | None, check: str | None,
                 words: str, theorem: str, fixed: str | None = None, position: int | None = None, *,
                 keywords: tuple[tuple[str, str], ...] = (), misere: str = "") -> None:
        self._init(kind, tuple(params), formula, check, words, theorem, tuple(keywords), fixed, position,
                   misere)

    def spelling(self, name: str) -> str:
        """The family as ``grundy export`` reads it: ``bash(m)``, ``bash(a,b,rest=all)``,
        ``green-hackenbush(T,ground=1)``."""
        fixed = () if self.position is None else (f"{self.fixed}={self.position}",)
        return f"{name}({','.join((*self.params, *(f'{k}={v}' for k, v in self.keywords), *fixed))})"


FAMILY_KINDS = ("formula", "subtraction", "moore", "stripes", "digraph", "hackenbush", "geography",
                "geography-grid", "kfold", "misere", "forbidden")
"""How a family's program answers: ``formula`` (a heap's value by a formula over ``n`` and the
parameters; several heaps are a sum), ``subtraction`` (a finite subtraction set ``S`` given at
run time: the mex table, and a period the program proves), ``moore`` (Moore's Nim_k with ``k``
given: Moore's theorem), ``stripes`` (the octal game with digit 7 at the lengths ``c, z, n``:
the plain mex table at run time), ``digraph`` (tokens on a directed graph ``E`` given at run time,
cycles allowed: each vertex's generalised Sprague-Grundy value, a sum by Smith's rule with draws),
``hackenbush`` (Green Hackenbush on an undirected multigraph ``E`` given at run time, a position its ground
vertex: the fusion and colon principles), ``geography`` (vertex geography on an undirected graph
``E`` given at run time, a position its start vertex: who wins, by the maximum-matching theorem),
``geography-grid`` (the same on a board ``B`` of free and blocked cells, read with its own main:
the cells asked, or every free cell), ``kfold`` (k-fold dynamic subtraction with ``k`` given: who
wins and the smallest winning take, by Schwenk's theorem), ``misere`` (one heap in misère play: who
wins by a proved ``formula`` of the heaps the player to move loses), ``forbidden`` (Nim with a
finite list ``P`` of forbidden moves given at run time, ``x y``: from a heap of exactly ``x``, taking
exactly ``y``: each heap's value by the proved rule of :mod:`grundy.games.takeaway.forbidden`)."""

SET_PARAMETERS = ("S",)
"""The parameter names that stand for a finite set (read as its size, then its members)."""

PAIR_PARAMETERS = ("P",)
"""The parameter names that stand for a finite list of pairs (read as its size ``m``, then its
``m`` pairs ``x y``: ``forbidden-nim(P)``)."""

GRAPH_READS = {"E": "its number of edges m, then its m edges u v",
               "G": "its numbers of vertices and edges n m, then its m edges u v",
               "T": "a tree: its number of vertices n, then its n - 1 edges u v",
               "L": "successor lists: its number of vertices n, then for each vertex 0, 1, ..., n - 1 "
                    "in turn its number of successors x, then its x successors"}
"""How each graph parameter is read: its edges ``u v`` (directed for tokens: a move from vertex
``u`` to vertex ``v``; vertices are any numbers) after their count ``m`` (``E``), after ``n m``
(``G``, as most judges write a graph; ``n`` is read and not used), or, for a tree, after its
number of vertices ``n`` (``T``: ``n - 1`` edges; ``n = 0`` or ``1``: no edge); or, for a
directed graph only (``L``, as HDU 1524 writes one), the successor lists of the vertices
``0..n-1`` in turn, each its length ``x`` then its ``x`` successors (the edges ``i s``)."""

UNDIRECTED_READS = ("E", "G", "T")
"""The layouts of an undirected graph (successor lists would name each edge twice)."""

GRAPH_PARAMETERS = tuple(GRAPH_READS)
"""The parameter names that stand for a graph (:data:`GRAPH_READS`)."""

BOARD_PARAMETERS = ("B",)
"""The parameter names that stand for a board of cells, read as ``n m``, then ``n`` rows of ``.``
(free) and ``#`` (blocked): a family with one is read by a main of its own."""


EXPORT_KINDS = ("staircase", "tree-staircase", "heads", "split-stones", "strip", "moore", "p-positions",
                "unequal-split", "defined", "grid", "treblecross")
"""The export rules a game can declare: ``staircase`` (the odd-steps theorem), ``tree-staircase``
(staircase Nim on a rooted tree: the XOR over the odd-depth nodes), ``heads`` (a
coin-turning game: the value of one head at coin ``n`` by ``formula``, a row the XOR over its
heads), ``split-stones`` (the split game: a stone ``d`` piles before the last is worth the
``d``-th odious number), ``strip`` (coin-slide: the plain mex over the moves, on strips as long as
``grundy solve`` searches), ``moore`` (Moore's theorem for Nim_k, ``parameter`` = k),
``p-positions`` (a pair game: who wins beyond its table, by a theorem's rule in code of its own,
``code``; a theorem stated as a formula is declared once, in :attr:`Laws.theorems`),
``unequal-split`` (a move splits a heap into two unequal heaps, Grundy's game: the table, extended
beyond by the program's sparse-space algorithm), ``defined`` (a game of :mod:`grundy.define` on
pairs or on one number: the table of the positions of its declared domain), ``grid`` (a product
of two coin-turning games, the Tartan theorem: a head at ``(x, y)`` is worth the nim-product of
``formula`` at ``x`` and ``second`` at ``y``, coordinates from ``origin``; a board the XOR over
its heads), ``treblecross`` (a board of ``.`` and ``X``: who wins and every winning move by the
reduction to the octal game 0.007, :mod:`grundy.games.takebreak.treblecross`; a program of its
own, :mod:`grundy.export.treblecross`)."""


_LAW_FIELDS = ("value", "outcome", "winning_moves", "misere_outcome", "misere_winning_moves",
               "moves_to_value", "loopy_value", "reason", "samples", "picture", "pair_table",
               "take_away", "heap_value", "heap_moves_to_value", "heap_reason", "octal_digits",
               "splits", "period_rule", "periodicity", "table_head", "table_builder", "searchable",
               "export", "size", "step_budget", "octal_note", "position_table", "value_table",
               "theorems", "board", "misere_check", "start", "input_layout", "period_runs",
               "export_moves", "outcome_searches")
"""The fields of :class:`Laws`, in order."""


class Laws(FrozenRecord):
    """A game's declared theory: optional closed forms (callables returning ``None`` where they
    do not apply) and typed facts. Position-level fields take a position of the game; the
    ``heap_*`` fields take one heap size (heap games: several heaps are summed by the engine).

    >>> from grundy.catalog import load_game
    >>> laws = load_game("nim").laws
    >>> laws.value((3, 4, 5)), laws.take_away.kind.value, laws.periodicity.period
    (2, 'all-but', 1)

    A frozen record compared by its fields, like a frozen dataclass, but written out: it is
    built at every start-up, where a dataclass of 34 fields costs a millisecond
    (:class:`~grundy.model.record.FrozenRecord`). Copy it with changes by :meth:`replace`:

    >>> NO_LAWS.replace(splits=True).splits, NO_LAWS.splits
    (True, False)
    """

    _fields = _LAW_FIELDS

    value: ValueRule | None
    """The Grundy value by a formula: ``value((3, 4, 5)) == 2`` for Nim."""
    outcome: OutcomeRule | None
    """The outcome by a rule, for games whose value has no closed form (possibly ``Outcome.D``)."""
    winning_moves: MovesRule | None
    """Every winning move by a rule: Nim's ``winning_moves((1, 2))`` is ``[take 1 from heap 2]``."""
    misere_outcome: OutcomeRule | None
    """The misère-play outcome by a rule: ``misere_outcome((1,))`` is ``Outcome.P`` for Nim."""
    misere_winning_moves: MovesRule | None
    """Every misère-play winning move by a rule."""
    moves_to_value: Callable[[Position, int], list[Move] | None] | None
    """Every move to a position of Grundy value ``target``: ``moves_to_value((5,), 2)``."""
    loopy_value: Callable[[Position], str | None] | None
    """Games with cycles: Smith's generalised value of a position with no Grundy value, as text
    such as ``"inf(0,2)"``."""
    reason: Callable[[Position, bool], Reason | str | None] | None
    """One line naming the rule that decides a position: ``reason((3, 4, 5), False)``; the
    second argument is ``True`` for misère play."""
    samples: Callable[[], Iterable[Position]] | None
    """Small positions the conformance tests check against brute force: ``samples()``."""
    picture: Callable[[Any, Any], None] | None
    """Draw a solution on matplotlib axes (``grundy solve --plot``): ``picture(answer, ax)``;
    with ``ax=None`` only check that it can."""
    pair_table: Callable[[int], list[list[int]] | None] | None
    """Two-heap games (Wythoff): ``pair_table(4)`` is ``G(a, b)`` for ``a, b ≤ 4``."""
    take_away: TakeAway | None
    """The take-away set, for games whose every move takes from one heap without splitting it."""
    heap_value: Callable[[int], int | None] | None
    """The value of one heap by a formula: ``heap_value(10**18)``."""
    heap_moves_to_value: Callable[[int, int], list[tuple[str, HeapResult]] | None] | None
    """Moves of one heap to heaps whose values XOR to ``target``: ``heap_moves_to_value(7, 0)``."""
    heap_reason: Callable[[int], Reason | str | None] | None
    """The rule behind ``heap_value(n)``: ``heap_reason(7)``."""
    octal_digits: tuple[int, ...] | None
    """The digits ``d0 d1 … dk`` of the octal code the game is (Kayles: ``(0, 7, 7)``). The table
    layer builds such a game's tables from the code alone (compiled kernels, tables kept on disk),
    never calling back into the game."""
    splits: bool
    """Whether some move leaves two or more heaps (take-and-break games)."""
    period_rule: Callable[[], PeriodRule | None] | None
    """The theorem that proves a period of the table from finitely many values: ``period_rule()``
    (a callable: some rules are looked up only when a table needs them)."""
    periodicity: Periodicity | Callable[[], Periodicity | None] | None
    """The table's periodicity when a theorem gives it outright (Lasker's Nim: period 4), or a
    callable giving it where finding it is work that a small heap must not pay for (a subtraction
    set with a huge member: its runs of values); read through
    :meth:`~grundy.model.game.Game.known_periodicity`."""
    table_head: Callable[[int], list[int] | None] | None
    """``table_head(count)``: ``G(0..count-1)`` in plain Python (no numpy), for short periods."""
    table_builder: TableBuilder | None
    """The game's own builder of ``G(0..upto)``: ``table_builder(upto, TableMethod.AUTO, None)``."""
    searchable: Callable[[Position], bool] | None
    """Whether a search from ``position`` may list its options (the remoteness line); false for
    a position answered by a pattern because it is too large to explore: ``searchable(p)``."""
    export: ExportRule | None
    """How ``grundy export`` answers the game where a table of one heap or pair would not."""
    size: Callable[[Position], int] | None
    """How many parts a position that is not a sum has (a staircase's steps): JSON writes a
    winning move's whole resulting position only for short positions, so that the answer stays
    linear in the position's size: ``size((3, 0, 2)) == 3``."""
    step_budget: bool
    """Whether the game's answers and tables call a move function of the user's own
    (``@grundy.game``, ``@grundy.heap_game``), within the query's step budget (``limit=``)."""
    octal_note: Callable[[int], str | None] | None
    """A heap game of the user's own: one line saying which octal game its rules agree with on
    heaps ``0..upto``, or ``None``: ``octal_note(upto)``."""
    position_table: Callable[[int], PositionValues] | None
    """A game on positions of one or two numbers with a domain of its own (``@grundy.game``): its
    values up to ``upto`` (:class:`PositionValues`), refused when its positions are neither."""
    value_table: Callable[[int], tuple[Sequence[int], int, int] | None] | None
    """The values of every heap up to ``top`` at once, for a game with a finite
    :attr:`take_away` set: ``value_table(top)`` is ``(head, e, p)``, ``G(n) = head[n]`` for
    ``n < e + p`` and ``head[e + (n - e) % p]`` beyond (``p == 0``: ``head`` holds every value up
    to ``top``); ``None`` where it is not at hand. A sum of many heaps is then answered in bulk
    (:mod:`grundy.solving.bulk`)."""
    theorems: tuple[Theorem, ...]
    """The formulas the game declares proved (Wythoff's P-positions, :class:`Theorem`): a pattern
    found with the same formula is labelled proved, and ``grundy export`` answers beyond its table
    by it."""
    board: Board | None
    """How ``grundy play`` pictures a position (:class:`Board`)."""
    misere_check: Callable[[Position], None] | None
    """A check run wherever the misère rules are asked about a position, so before the misère
    search explores it: it raises when the position cannot be searched (a user's game whose sums
    grow without end) and returns nothing otherwise: ``misere_check(p)``."""
    start: Callable[[], Position] | None
    """The game's start position, for a game that declares one (a user's game, ``start=``):
    ``start()``; the family tables solve it for each member."""
    input_layout: Callable[[], str | None] | None
    """A game on numbers with a domain of its own (``@grundy.game``): how one case of it is
    written in a judge's input, as its exported program reads it: ``"sum"`` (numbers of a game
    on one number, declared ``arity=1``: their sum), ``"pair"`` (``a b``), ``"number"`` (one
    number), ``"positions:N"`` (``N`` numbers a position, declared ``arity=N``, ``N >= 3``;
    several positions, their sum) or ``"tuple"`` (undeclared, and its move function shows neither
    pairs nor one number: a case is ``n``, then the ``n`` numbers of one position, a line the
    numbers of one position) or ``"text"`` (positions are strings, ``parse=str``: a case is one
    line, the word as written); ``None`` when it cannot tell: ``input_layout()``."""
    period_runs: Callable[[], PeriodRuns | None] | None
    """A heap game whose proved :attr:`periodicity` is too long for a table: one period of its
    values as runs of short words (:class:`~grundy.model.periodic.PeriodRuns`), or ``None`` where
    they are not at hand; ``grundy export`` writes them into the program, which then answers every
    heap by the proved period: ``period_runs()``."""

    export_moves: str | None
    """How ``grundy export --winning-moves`` lists the winning moves of one position of a game on
    pairs, by a rule the export code writes (the game's moves are not in the program): ``"wythoff"``
    (each number is in exactly one P-pair, ⌊kφ⌋ and ⌊kφ⌋ + k: move a heap to the other heap's
    partner, or both heaps down to the P-pair of their difference); ``"cell"``: a board written as
    a string whose move marks one cell (Treblecross), a move listed as that cell's number from 1;
    ``"coins"``: a row of coins written as a string whose move turns some over (a coin-turning
    game), a move listed as the numbers from 1 of the coins it turns, increasing (``solve --input
    --winning-moves``); ``None``: not listed."""

    outcome_searches: bool
    """Whether the declared :attr:`outcome` is found by exploring every position reachable (a game
    of one's own: its graph explored, its values found): a search for who wins alone
    (:mod:`grundy.engine.outcome_search`, which stops at a position's first option that is a
    P-position) then does not ask it, and follows the moves itself."""

    def __init__(self, value: ValueRule | None = None,
                 outcome: OutcomeRule | None = None,
                 winning_moves: MovesRule | None = None,
                 misere_outcome: OutcomeRule | None = None,
                 misere_winning_moves: MovesRule | None = None,
                 moves_to_value: Callable[[Position, int], list[Move] | None] | None = None,
                 loopy_value: Callable[[Position], str | None] | None = None,
                 reason: Callable[[Position, bool], Reason | str | None] | None = None,
                 samples: Callable[[], Iterable[Position]] | None = None,
                 picture: Callable[[Any, Any], None] | None = None,
                 pair_table: Callable[[int], list[list[int]] | None] | None = None,
                 take_away: TakeAway | None = None,
                 heap_value: Callable[[int], int | None] | None = None,
                 heap_moves_to_value: Callable[[int, int], list[tuple[str, HeapResult]] | None] | None = None,
                 heap_reason: Callable[[int], Reason | str | None] | None = None,
                 octal_digits: tuple[int, ...] | None = None,
                 splits: bool = False,
                 period_rule: Callable[[], PeriodRule | None] | None = None,
                 periodicity: Periodicity | Callable[[], Periodicity | None] | None = None,
                 table_head: Callable[[int], list[int] | None] | None = None,
                 table_builder: TableBuilder | None = None,
                 searchable: Callable[[Position], bool] | None = None,
                 export: ExportRule | None = None,
                 size: Callable[[Position], int] | None = None,
                 step_budget: bool = False,
                 octal_note: Callable[[int], str | None] | None = None,
                 position_table: Callable[[int], PositionValues] | None = None,
                 value_table: Callable[[int], tuple[Sequence[int], int, int] | None] | None = None,
                 theorems: tuple[Theorem, ...] = (),
                 board: Board | None = None,
                 misere_check: Callable[[Position], None] | None = None,
                 start: Callable[[], Position] | None = None,
                 input_layout: Callable[[], str | None] | None = None,
                 period_runs: Callable[[], PeriodRuns | None] | None = None,
                 export_moves: str | None = None,
                 outcome_searches: bool = False) -> None:
        self._init(value, outcome, winning_moves, misere_outcome, misere_winning_moves,
                   moves_to_value, loopy_value, reason, samples, picture, pair_table, take_away,
                   heap_value, heap_moves_to_value, heap_reason, octal_digits, splits, period_rule,
                   periodicity, table_head, table_builder, searchable, export, size, step_budget,
                   octal_note, position_table, value_table, tuple(theorems), board, misere_check,
                   start, input_layout, period_runs, export_moves, outcome_searches)


NO_LAWS = Laws()
"""The declaration of a game that knows nothing beyond its moves."""


def graph_families(family: Family, reads: tuple[str, ...] = UNDIRECTED_READS) -> tuple[Family, ...]:
    """A family on a graph ``E`` (its ``words`` start ``"E: "``) and the same family read with each
    layout ``reads`` of :data:`GRAPH_READS`: ``digraph(E)``, ``digraph(G)``, ``digraph(T)``.

    >>> [f.params for f in graph_families(Family("digraph", ("E",), None, None, "E: any", "Smith"))]
    [('E',), ('G',), ('T',)]
    """
    return tuple(family.replace(params=(p,), words=p + family.words[1:]) for p in reads)

