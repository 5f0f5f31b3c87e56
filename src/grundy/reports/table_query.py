"""One entry point for every table: :func:`build_table` chooses what a request asks for — a
family over a parameter, a misère table, a misère quotient, a table of a game of your own, the
grid of a game on pairs, or the table of a heap game — builds it and returns a :class:`Table`
that renders itself as JSON (``grundy table --json``) and as text. The command line, the web page
and the notebook all call it and only render what it returns.

The choice reads what a game declares (:class:`~grundy.model.laws.Laws`: ``position_table`` for a
game of your own on numbers or pairs, ``pair_table`` for the catalogue's games on pairs,
``step_budget`` for a table that calls your own move function), never its type or name.

>>> table = build_table(TableRequest("subtraction(1,2)", 20))
>>> table.kind, table.to_json()["period"]
(<TableKind.HEAPS: 'heaps'>, 3)
>>> table.text_lines()[-3]
'  pattern: G(n) = n % 3 (proved: implied by the proved period 3 from heap 0)'
>>> build_table(TableRequest("wythoff", 3, patterns=False)).to_json()["values"][1]
[1, 2, 0, 4]
>>> build_table(TableRequest("wythoff", 3, store="w.bin"))
Traceback (most recent call last):
...
grundy.errors.InvalidInputError: store= keeps heap tables of octal games, not wythoff
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from grundy.engine.limits import Budget, one_budget
from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.game import Game, HeapGame, laws_of
from grundy.model.record import FrozenRecord

if TYPE_CHECKING:
    from grundy.model.periodic import Progress
    from grundy.reports.heap_tables import HeapTable
    from grundy.tables.misere_table import QuotientTable

__all__ = ["DEFAULT_UPTO", "OptionWords", "Table", "TableKind", "TablePlan", "TableRequest",
           "build_table", "plan_table"]

DEFAULT_UPTO = 50
"""The largest heap of a table when ``upto`` is not given."""


class TableKind(StrEnum):
    """What a table is, as :func:`plan_table` chooses it."""

    HEAPS = "heaps"
    """``G(0..N)`` of a heap game (:class:`~grundy.reports.heap_tables.HeapTable`)."""
    PAIRS = "pairs"
    """``G(a, b)`` of a catalogue game on pairs (Wythoff)."""
    POSITIONS = "positions"
    """A game of your own (``@grundy.game``) on one number or on pairs, blank outside its domain."""
    MISERE = "misere"
    """Misère values of single heaps and their genus."""
    QUOTIENT = "quotient"
    """The misère quotient of a heap game."""
    FAMILY = "family"
    """Every member of a family over a parameter (``'take(k=2..9)'``)."""


SWITCHES = frozenset({"misere", "quotient", "rebuild", "summary"})
"""The options that are yes or no (named ``misere=True`` by the library)."""


class OptionWords:
    """How a refusal or a hint names the options of a request: as the library's parameters
    (``limit=``, ``misere=True``, ``plot='x.png'``). The command line names its flags instead
    (a subclass in :mod:`grundy.cli.table`).

    >>> words = OptionWords()
    >>> words.option("misere"), words.option("limit", 10), words.options(["upto", "summary"])
    ('misere=True', 'limit=10', 'upto= and summary=')
    """

    def option(self, name: str, value: object = None) -> str:
        """One option, with ``value`` as it is written (already quoted where it is text)."""
        if value is not None:
            return f"{name}={value}"
        return f"{name}=True" if name in SWITCHES else f"{name}="

    def options(self, names: Sequence[str]) -> str:
        """The options a table takes, listed."""
        return listed([f"{name}=" for name in names])


def listed(items: Sequence[str]) -> str:
    """``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


LIBRARY_WORDS = OptionWords()


class TableRequest(FrozenRecord):
    """What a table is asked for with: the game (a spec, a family spec ``'take(k=2..9)'``, or a
    :class:`~grundy.model.game.Game`) and ``upto`` (``None``: :data:`DEFAULT_UPTO`, and a misère
    quotient grows until proved); the other options as ``grundy table`` has them. ``plot``: the
    file a picture of the table is to be drawn into (checked here to apply; drawn by
    :meth:`Table.draw`). ``budget``: the :class:`~grundy.engine.limits.Budget` the table may
    spend (its steps, safety nets and progress hook); ``limit=N`` is short for
    ``budget=Budget(N)`` (not both), and :attr:`limit` is the budget's steps (``None`` for no
    budget or :meth:`~grundy.engine.limits.Budget.default`). (A
    :class:`~grundy.model.record.FrozenRecord`, as the other records of ``grundy table``'s
    start: a dataclass costs a millisecond to make.)

    >>> TableRequest("kayles", misere=True).size
    50
    >>> TableRequest("kayles", misere=True, budget=Budget(500)).limit
    500
    """

    game: str | Game
    upto: int | None
    misere: bool
    quotient: bool
    summary: bool
    method: str
    patterns: bool
    store: str | None
    rebuild: bool
    limit: int | None
    plot: str | None
    budget: Budget | None

    _fields = ("game", "upto", "misere", "quotient", "summary", "method", "patterns", "store",
               "rebuild", "limit", "plot", "budget")

    def __init__(self, game: str | Game, upto: int | None = None, *, misere: bool = False,
                 quotient: bool = False, summary: bool = False, method: str = "auto",
                 patterns: bool = True, store: str | None = None, rebuild: bool = False,
                 limit: int | None = None, plot: str | None = None, budget: Budget | None = None) -> None:
        budget = one_budget(limit, budget)
        limit = None if budget is None or budget.standard else budget.room()
        self._init(game, upto, misere, quotient, summary, method, patterns, store, rebuild, limit, plot,
                   budget)

    def replace(self, **changes: Any) -> TableRequest:
        """A copy with some fields changed; ``budget=`` or ``limit=`` replaces both (the steps are
        the budget's)."""
        if "limit" in changes and "budget" not in changes:
            changes["budget"] = None
        elif "limit" not in changes:
            changes["limit"] = None
        return super().replace(**changes)

    @property
    def size(self) -> int:
        """``upto``, or :data:`DEFAULT_UPTO` when not given."""
        return DEFAULT_UPTO if self.upto is None else self.upto


class Table(FrozenRecord):
    """A built table: its :attr:`kind` and the report of that kind, rendered to JSON
    (:meth:`to_json`) and text (:meth:`text_lines`), drawn when :attr:`drawable`."""

    kind: TableKind
    report: Any
    """A :class:`~grundy.reports.heap_tables.HeapTable`, :class:`~grundy.reports.user_tables.UserTable`,
    :class:`~grundy.tables.misere_table.MisereTable`, :class:`~grundy.tables.misere_table.QuotientTable`
    or a family table of :mod:`grundy.reports.family`."""
    summary: bool

    _fields = ("kind", "report", "summary")

    def __init__(self, kind: TableKind, report: Any, summary: bool = False) -> None:
        self._init(kind, report, summary)

    @property
    def game(self) -> Game | None:
        """The game tabulated (``None`` for a family)."""
        if self.kind is TableKind.FAMILY:
            return None
        return self.report.analysis.game if self.kind is TableKind.HEAPS else self.report.game

    def to_json(self) -> dict[str, Any]:
        """The object ``grundy table ... --json`` prints (valid against ``table.schema.json``)."""
        if self.kind in (TableKind.QUOTIENT, TableKind.FAMILY):
            return self.report.to_json()
        return self.report.to_json(summary=self.summary)

    def text_lines(self, *, heading: Callable[[str], str] = str,
                   words: OptionWords = LIBRARY_WORDS) -> list[str]:
        """The text ``grundy table ...`` prints (``heading`` styles the title; ``words`` names
        the options a hint mentions)."""
        if self.kind is TableKind.MISERE:
            return self.report.text_lines(summary=self.summary, heading=heading,
                                          limit_hint=words.option("limit"))
        if self.kind is TableKind.QUOTIENT:
            return self.report.text_lines(summary=self.summary, heading=heading,
                                          upto_hint=words.option("upto"))
        return self.report.text_lines(summary=self.summary, heading=heading)

    @property
    def drawable(self) -> bool:
        """Whether :meth:`draw` draws the table: a heap table, or a grid with no blank cell."""
        if self.kind is TableKind.HEAPS:
            return True
        return self.kind in (TableKind.PAIRS, TableKind.POSITIONS) and self.report.grid is not None \
            and not self.report.blank

    def draw(self, path: str) -> None:
        """Draw the table into the PNG file ``path`` (:mod:`grundy.reports.plots`; matplotlib)."""
        from grundy.reports import plots

        if not self.drawable:
            raise NotSupportedError(f"no picture of this table ({self.kind.value}): pictures are of "
                                    f"heap tables and of grids of pairs", parameters=("plot",))
        if self.kind is TableKind.HEAPS:
            plots.plot_table(self.report.analysis, path)
        else:
            plots.plot_grid(self.report.game.spec, self.report.grid, path)

    def png(self) -> bytes | None:
        """The picture of :meth:`draw` as PNG bytes; ``None`` without matplotlib or a picture."""
        from grundy.reports.plots import png

        return png(self.draw) if self.drawable else None


class TablePlan(FrozenRecord):
    """The table :func:`plan_table` chose for a request, not yet built: :meth:`build` builds it."""

    request: TableRequest
    kind: TableKind
    game: Game | None
    """The game (``None`` for a family)."""
    own: bool
    """Whether the table calls a move function of your own (one step budget, ``limit=``)."""

    _fields = ("request", "kind", "game", "own")

    def __init__(self, request: TableRequest, kind: TableKind, game: Game | None, own: bool = False) -> None:
        self._init(request, kind, game, own)

    def build(self, *, progress: Progress | None = None, words: OptionWords = LIBRARY_WORDS,
              lean_start: bool = False) -> Table:
        """Check the request's options against the kind of table (refusals name them in
        ``words``) and build the table; ``progress(done, total)`` is called while a heap table
        is built; ``lean_start`` as for :func:`~grundy.reports.heap_tables.heap_table`."""
        check_options(self, words)
        request = self.request
        if self.kind is TableKind.HEAPS:
            return Table(self.kind, _heaps(self, progress, lean_start), request.summary)
        if self.kind is TableKind.PAIRS:
            from grundy.reports.user_tables import grid_table

            assert self.game is not None
            grid = self.game.table_2d(request.size)
            assert grid is not None
            return Table(self.kind, grid_table(self.game, grid, patterns=request.patterns), request.summary)
        if self.kind is TableKind.POSITIONS:
            return _positions(self, words)
        if self.kind is TableKind.MISERE:
            from grundy.tables.misere_table import DEFAULT_LIMIT, analyze_misere

            limit = DEFAULT_LIMIT if request.limit is None else request.limit
            table = analyze_misere(self.game, request.size, limit=limit, budget=request.budget)  # type: ignore[arg-type]
            return Table(self.kind, table, request.summary)
        if self.kind is TableKind.QUOTIENT:
            return Table(self.kind, _quotient(self), request.summary)
        from grundy.reports.family import analyze_family

        assert isinstance(request.game, str)
        return Table(self.kind, analyze_family(request.game, request.size, patterns=request.patterns),
                     request.summary)


def build_table(request: TableRequest, *, progress: Progress | None = None,
                words: OptionWords = LIBRARY_WORDS) -> Table:
    """The table ``request`` asks for, chosen (:func:`plan_table`) and built
    (:meth:`TablePlan.build`): what ``grundy table`` prints, the web page's ``/api/table`` and
    the notebook's :func:`~grundy.notebook.table` show."""
    return plan_table(request, words=words).build(progress=progress, words=words)


def plan_table(request: TableRequest, *, words: OptionWords = LIBRARY_WORDS) -> TablePlan:
    """Which table ``request`` asks for (nothing is computed yet, but the game is loaded): a
    family for a family spec; with ``misere``, ``quotient`` or a ``limit`` for a game that does
    not spend a step budget of its own, a misère table or quotient; a game of your own on numbers
    or pairs; a catalogue game on pairs; else the table of a heap game."""
    from grundy.catalog import is_family

    if isinstance(request.game, str) and is_family(request.game):  # 'take(k=2..9)': every member
        return TablePlan(request, TableKind.FAMILY, None)
    if request.rebuild and request.store is None:
        raise InvalidInputError(f"{words.option('rebuild')} applies to a table kept with "
                                f"{words.option('store', 'FILE')}")
    if isinstance(request.game, str):
        from grundy.catalog import load_game

        game = load_game(request.game)
    else:
        game = request.game
    laws = laws_of(game)
    own = laws.step_budget
    if request.misere or request.quotient or (request.limit is not None and not own):
        return TablePlan(request, TableKind.QUOTIENT if request.quotient else TableKind.MISERE, game)
    if laws.position_table is not None:
        return TablePlan(request, TableKind.POSITIONS, game, own)
    if laws.pair_table is not None:
        return TablePlan(request, TableKind.PAIRS, game)
    return TablePlan(request, TableKind.HEAPS, game, own)


def check_options(plan: TablePlan, words: OptionWords = LIBRARY_WORDS) -> None:
    """Refuse the options of ``plan.request`` that its kind of table does not take, naming them
    in ``words`` (before anything is computed; a game of your own's picture is checked once its
    table shows whether it has blank cells)."""
    request, kind = plan.request, plan.kind
    spec = "" if plan.game is None else plan.game.spec
    if kind is TableKind.FAMILY:
        if (request.store is not None or request.plot is not None or request.method != "auto"
                or request.misere or request.quotient or request.limit is not None or request.rebuild):
            raise InvalidInputError(
                f"a family of games takes {words.options(['upto', 'summary', 'patterns'])} (tabulate "
                f"one member for {words.option('misere')}, {words.option('quotient')} or "
                f"{words.option('limit')})")
    elif kind in (TableKind.MISERE, TableKind.QUOTIENT):
        _check_misere(plan, words)
    elif kind is TableKind.PAIRS:
        if request.store is not None:
            raise InvalidInputError(f"{words.option('store')} keeps heap tables of octal games, not {spec}")
        if request.method != "auto":
            raise InvalidInputError(f"{words.option('method', request.method)} applies to heap games, "
                                    f"not {spec}")


def _check_misere(plan: TablePlan, words: OptionWords) -> None:
    """The options of a misère table or quotient (see :func:`check_options`)."""
    from grundy.tables.misere_table import MAX_QUOTIENT_UPTO, MAX_UPTO

    request, game = plan.request, plan.game
    assert game is not None
    if not request.misere:
        what = words.option("quotient") if request.quotient else words.option("limit", request.limit)
        raise InvalidInputError(f"{what} applies to misère tables ({words.option('misere')})" + (
            "" if request.quotient else " and to the tables of games defined with @grundy.game"))
    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"{words.option('misere')} tables are of heap games, and {game.spec!r} "
                                f"is not one")
    plot = None if request.plot is None else words.option("plot", repr(request.plot))
    method = None if request.method == "auto" else words.option("method", request.method)
    if request.quotient:
        if request.size > MAX_QUOTIENT_UPTO:
            raise InvalidInputError(f"{words.option('upto', f'{request.size:,}')}: quotient tables go "
                                    f"up to {MAX_QUOTIENT_UPTO:,} heaps")
        if plot is not None or method is not None:
            raise InvalidInputError(f"{plot or method} does not apply to quotient tables")
        return
    if request.store is not None:
        raise InvalidInputError(f"{words.option('store', repr(request.store))} keeps misère quotients "
                                f"({words.option('misere')} {words.option('quotient')}), not misère tables")
    if plot is not None or method is not None:
        raise InvalidInputError(f"{plot or method} does not apply to {words.option('misere')} tables")
    if request.size > MAX_UPTO:
        raise InvalidInputError(f"{words.option('upto', f'{request.size:,}')}: misère tables go up "
                                f"to {MAX_UPTO:,}")


def _heaps(plan: TablePlan, progress: Progress | None, lean_start: bool = False) -> HeapTable:
    """The table of a heap game; one of your own (``@grundy.heap_game``) within one step budget
    (``limit=``, and its safety net) for the whole table, its patterns and its octal note."""
    from grundy.reports.heap_tables import heap_table

    request, game = plan.request, plan.game
    assert game is not None

    def build() -> HeapTable:
        return heap_table(game, request.size, method=request.method, patterns=request.patterns,
                          summary=request.summary, store=request.store, rebuild=request.rebuild,
                          progress=progress, lean_start=lean_start)

    if not plan.own:
        return build()
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT

    with answering(limit=DEFAULT_LIMIT if request.limit is None else request.limit):
        return build()


def _positions(plan: TablePlan, words: OptionWords) -> Table:
    """The table of a game of your own on numbers or pairs, and the options it takes."""
    from grundy.reports.user_tables import user_table

    request, game = plan.request, plan.game
    assert game is not None
    table = user_table(game, request.size, patterns=request.patterns, limit=request.limit)
    assert table is not None
    takes = ["upto", "summary", "patterns"]
    if table.grid is not None and not table.blank:
        takes.append("plot")
    if request.store is not None or request.method != "auto" or (
            request.plot is not None and "plot" not in takes):
        raise InvalidInputError(f"a table of {game.spec} takes {words.options(takes)}")
    return Table(TableKind.POSITIONS, table, request.summary)


def _quotient(plan: TablePlan) -> QuotientTable:
    """The misère quotient: kept in ``store`` (read and checked again, built on, or computed and
    written), or computed (without ``upto``: grown until proved)."""
    from grundy.tables.misere_table import QuotientTable, quotient_table
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT

    request, game = plan.request, plan.game
    assert game is not None
    limit = DEFAULT_QUOTIENT_LIMIT if request.limit is None else request.limit
    if request.store is None:
        return quotient_table(game, request.upto, limit=limit)
    from grundy.theory.quotient.store import QuotientFileError, stored_quotient

    try:
        q = stored_quotient(game, request.size, request.store, limit=limit, rebuild=request.rebuild)
    except QuotientFileError as exc:
        raise QuotientFileError(f"{exc}; rebuild=True computes it again and overwrites the file",
                                parameters=("rebuild",)) from None
    return QuotientTable(q.game, request.size, q)
