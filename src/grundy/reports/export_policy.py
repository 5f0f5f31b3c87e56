"""What an exported program answers with, decided once for a game (:func:`export_game`): by the
simplest pattern of its values that has a formula (a proved period beats a conjectured formula),
else by its table (in Python, by the game's own move function beyond it), and, for a game on
pairs, by a pattern of its P-positions beyond the table; then the program is written in C++17 or
Python and its Python twin is checked against the table before it is returned.

Only what decides the game is exported: the heaps of a heap game are XORed only when the game says
its positions are sums of their heaps (:meth:`~grundy.model.game.Game.components`); Moore's Nim_k
is answered by Moore's theorem. A ``@grundy.game`` on one number (positions ``(n,)``) is a table of
``G(n)`` (or its pattern); several numbers of one input are read as a disjunctive sum only when
the game declares ``arity=1`` (then several numbers cannot be one position, and the sum is the one
meaning they can have; otherwise they could be a position of the game's own, and the input is
refused). A game with a declared domain (``minimum=``, ``valid=``) is tabulated from its least
position; an input outside the domain is an error for that input alone. A game that states its
own export rule in its laws (:class:`~grundy.model.laws.ExportRule`: staircase, coin-turning heads,
the split game, coin-slide, Moore's Nim_k, the P-positions of a pair game by a theorem) is written
by it; this module never asks a game's name. Any other game is refused.

>>> from grundy.catalog import load_game
>>> result = export_game(load_game("subtraction(1,2)"), lang="python", upto=60)
>>> "proved (" in result.source and "n % 3" in result.source, result.plan.kind
(True, 'heap')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from grundy.engine.limits import Budget, one_budget
from grundy.errors import (
    GrundyError,
    InvalidInputError,
    NotSupportedError,
    ResourceLimitError,
    SearchLimitError,
)
from grundy.export import code as writer
from grundy.export.code import LANGS, OutcomeRule, export_code
from grundy.export.main import COIN_FORMATS, INPUT_FORMATS
from grundy.export.misere import MisereRule, misere_rule, quotient_rule
from grundy.export.model import MOVE_STEPS, pattern_law
from grundy.model.game import Game, HeapGame, laws_of
from grundy.model.laws import Describes, ExportRule, Status
from grundy.patterns.record import Pattern

__all__ = ["HEAP_UPTO", "PAIR_UPTO", "RECHECK_STEPS", "ExportResult", "Plan", "export_family",
           "export_game", "export_own_family", "export_plan", "export_source", "is_sum_of_heaps",
           "own_family"]

HEAP_UPTO = 1000
"""Default ``upto`` of a heap game (and of a game on one number)."""
PAIR_UPTO = 30
"""Default ``upto`` of a game on pairs."""

@dataclass(frozen=True)
class Plan:
    """What an export of a game rests on (computed once, written in either language).

    ``kind`` is ``"heap"``, ``"pair"``, ``"number"`` (a game on one number), ``"moore"``,
    ``"staircase"``, ``"split"`` (the split game), ``"strip"`` (coin-slide) or ``"misere"`` (a
    sum of heaps in misère play, by the law of its heaps, ``misere``) or ``"grid"`` (a product of
    coin-turning games: the formulas of its two factors and the least coordinate, ``grid``);
    ``checked`` the last position up to which an unproved pattern was compared with computed
    values (``None``: nothing unproved answers), ``conjecture`` whether it answers beyond (after a
    local check where the program can make one), ``notes`` what the export warns about;
    ``table`` the exact values (``None`` cells: not positions of the game), ``best`` the pattern
    of the values that answers, ``period`` a heap game's period, ``rule`` the P-positions' rule
    of a pair game, ``source`` the move function (Python, beyond the table), ``origin`` the least
    position of a declared domain, ``domain`` the domain in words, ``sums`` whether several
    numbers of a game on one number are a sum."""

    name: str
    kind: str
    table: Any = None
    best: Any = None
    period: Any = None
    rule: Any = None
    source: str | None = None
    moore_k: int | None = None
    origin: tuple[int, ...] | None = None
    domain: str | None = None
    sums: bool = True
    checked: int | None = None
    conjecture: bool = False
    unchecked: bool = False
    """With ``conjecture``: beyond ``checked``, the values' formula or period answers without the
    local check (the user's ``unchecked``; the header says so)."""
    notes: tuple[str, ...] = ()
    octal: tuple[int, ...] = ()
    unequal: bool = False
    start: str | None = None
    what: str | None = None
    misere: MisereRule | None = None
    grid: tuple[str, str, int] | None = None
    grid_more: tuple[str, ...] = ()
    """Of a product of three or more coin-turning games: the formulas of the third and later factors."""
    arity: int | None = None
    moves: tuple[int, ...] | None = None
    move_digits: tuple[int, ...] = ()
    move_options: bool = False
    runs: Any = None
    """With ``period`` (proved, longer than the table): one period of values as runs of words
    (:class:`~grundy.model.periodic.PeriodRuns`, the game's :attr:`~grundy.model.laws.Laws.period_runs`)."""
    misere_search: bool = False
    """Of kind ``"positions"``: who wins in misère play, by searching every sum reachable."""
    outcome_search: bool = False
    """Of kind ``"positions"``: who wins alone (normal play), by the search that stops at a first
    P-option (:data:`grundy.export.positions.PY_OUTCOME`)."""
    steps: int | None = None
    """Of a program that carries the move function (kind ``"positions"``, or a game of one's own
    beyond its table): the options it may list for one input (``limit=``; ``None``:
    :data:`grundy.export.model.MOVE_STEPS`)."""
    text: bool = False
    """Of kind ``"positions"``: a position is a line's text, a word (``parse=str``;
    :mod:`grundy.export.words`)."""

    def code_arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`grundy.export.code.export_code` for this plan."""
        args = {"name": self.name, "kind": self.kind, "pattern": self.best, "table": self.table,
                "move_source": self.source, "period": self.period, "outcome_rule": self.rule,
                "moore_k": self.moore_k, "checked": self.checked, "conjecture": self.conjecture,
                "unchecked": self.unchecked,
                "octal": self.octal, "unequal": self.unequal, "start": self.start, "what": self.what,
                "misere": self.misere, "grid": self.grid, "grid_more": self.grid_more, "moves": self.moves,
                "move_digits": self.move_digits, "move_options": self.move_options,
                "runs": None if self.runs is None else self.runs.runs,
                "steps": self.steps or MOVE_STEPS}
        if self.domain is not None or self.kind == "number":
            corner = self.origin or ((0, 0) if self.kind == "pair" else (0,))
            table = (self.table[corner[0]:] if self.kind != "pair"
                     else [row[corner[1]:] for row in self.table[corner[0]:]])
            args.update(table=table, origin=corner, domain=self.domain, sums=self.sums)
        return args


@dataclass(frozen=True)
class ExportResult:
    """An exported program: its ``source``, the :class:`Plan` it was written from, its language,
    and the warnings about it (its size above
    :data:`grundy.export.code.SIZE_WARNING`)."""

    source: str
    plan: Plan
    lang: str
    warnings: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """The source's size in bytes."""
        return len(self.source.encode())

    @property
    def header(self) -> list[str]:
        """The header comment's lines: what the answers rest on (proved, conjecture, table)."""
        mark = "# " if self.lang == "python" else "// "
        lines = []
        for line in self.source.splitlines():
            if not line.startswith(mark) or line.startswith(mark + "Generated by grundy"):
                break
            lines.append(line[len(mark):])
        return lines

    @property
    def status(self) -> str:
        """What the values rest on, as the header says it: ``LAW: proved (THEOREM)``, ``LAW:
        conjecture, checked ...``, or the exact table and its range."""
        for line in self.header:
            if line.startswith(("values: ", "outcome: ")):
                return line.split(": ", 1)[1]
        return ""


def export_game(game: Game, *, lang: str = "cpp", main: bool = False, input_format: str = "lines",
                upto: int | None = None, conjecture: bool = False, limit: int | None = None,
                max_size: int | None = writer.SIZE_WARNING, budget: Budget | None = None,
                misere: bool = False, winning_moves: bool = False, parts: bool = False,
                rows: bool = False, claim: str | None = None, coins: str | None = None,
                unchecked: bool = False, outcome: bool = False) -> ExportResult:
    """A self-contained program answering positions of ``game`` in C++17 (``lang="cpp"``) or
    Python; ``main=True`` adds a program reading positions (``input_format``: ``lines``,
    ``cases`` or ``counted``) and printing ``VALUE OUTCOME``; ``upto`` is the table's size
    (heaps ``0..upto``, pairs ``a, b <= upto``).

    No program answers past what was checked: an unproved period or formula of a heap game is
    first compared with a table extended as far as ``limit`` steps allow (by default
    :data:`RECHECK_STEPS`; a false one is dropped, and the table exported instead); beyond the
    checked range the program answers by it only with ``conjecture``, after the local check
    ``solve --conjecture`` makes (the Python program carries the move function for it; a C++
    program cannot, and answers such inputs with an error line); otherwise with an error line.
    ``limit`` also bounds the table of a game of your own, and the options a Python program that
    carries its move function may list for one input. ``budget``: the steps as a
    :class:`~grundy.engine.limits.Budget` (``limit=N`` is short for ``budget=Budget(N)``; not
    both). ``warnings`` say what may fail. ``misere=True``: who wins a sum of heaps in misère play
    (the player who moves last loses), by Conway's genus theory where a law makes every heap of the
    game tame (Nim, finite take-away sets: :mod:`grundy.export.misere`); refused otherwise.
    ``winning_moves=True``: the main also lists each position's winning moves (a sum of heaps of a
    game whose every move takes from one heap: Nim, or a finite take-away set; refused otherwise).
    ``parts=True`` (a game on pairs, or on positions of several numbers; ``cases``, ``counted`` or
    ``repeated``): a case is a count ``k``, then ``k`` positions, answered as their sum (HDU 1729's
    boxes ``s c``); a count of 0 is the empty sum (``0 P``), and ends a ``repeated`` input.
    ``rows=True`` (with ``parts``; a game of one's own on tuples or on ``N`` numbers): a case is
    ``n m``, then ``n`` positions of ``m`` numbers each, their sum (SPOJ MATGAME's matrix); ``0 0``
    ends a ``repeated`` input.
    ``claim``: by your claim ``G(n) = ...`` / ``P iff ...``, first checked (:mod:`grundy.reports.claims`).
    ``coins`` (a coin-turning game, its export rule ``heads``): a case is a row of coins ``HHTHT``
    (``"coins"``), or its length ``N``, then the row (``"size-first"``, HihoCoder 1172), read as
    the positions of its heads (:func:`_coins_format`).
    ``unchecked`` (with ``conjecture``): beyond the checked range, the unproved formula or period
    of the values answers without the local check, in C++ too (a heap too large to list its
    options, ARC 151 C's gap of 10^18 cells); the header and a warning say so.
    ``outcome=True``: who wins alone, by a search (a game of one's own: :func:`own_outcome_plan`).

    ``max_size`` (bytes; ``None``: no bound) keeps the program small enough for a judge: a heap
    game's table that would make it larger is cut to the longest that fits (an octal game's
    program computes the heaps beyond by the sparse-space method over its moves; otherwise the
    warning says where the table ends).

    >>> from grundy.catalog import load_game
    >>> result = export_game(load_game("nim"), lang="python", main=True, upto=10)
    >>> result.header[0].startswith("nim: the Grundy value of one heap n"), result.warnings
    (True, ())
    """
    _check_arguments(lang, input_format, main, max_size)
    declared = game.laws.export
    if declared is not None and declared.kind == "treblecross":  # (a board game: a program of its own)
        return _treblecross(game, lang, main, input_format, winning_moves,
                            upto=upto, conjecture=conjecture, misere=misere, parts=parts, limit=limit)
    plan = _first_plan(game, upto, conjecture, one_budget(limit, budget), claim=claim, misere=misere,
                       parts=parts, winning_moves=winning_moves, outcome=outcome)
    if parts:
        plan = _tuples_plan(game, plan)
    if plan.text:
        _refuse_for_words(plan, input_format, parts, winning_moves)
    _refuse_unused(plan, upto, one_budget(limit, budget), conjecture)
    if unchecked:
        plan = _unchecked(plan, conjecture)
    if plan.kind == "positions" or plan.source is not None:  # (a program carrying the move function)
        plan = _positions_steps(plan, one_budget(limit, budget))
    input_format, plan = _layout(game, plan, input_format, parts=parts, rows=rows, coins=coins,
                                 other=misere or parts or winning_moves)
    if winning_moves:
        plan = replace(plan, **_move_rule(game, plan, misere, lang))
    source = export_source(game, lang=lang, main=main, input_format=input_format, plan=plan)
    notes: tuple[str, ...] = ()
    if max_size is not None and len(source.encode()) > max_size and _cuttable(plan):
        plan, source, notes = _cut(game, plan, max_size, len(source.encode()), lang=lang, main=main,
                                   input_format=input_format)
    return ExportResult(source, plan, lang, _warnings(plan, notes, lang, len(source.encode()), max_size))


def _check_arguments(lang: str, input_format: str, main: bool, max_size: int | None) -> None:
    """Refuse, in one line, a language, layout or size :func:`export_game` has no meaning for."""
    if lang not in LANGS:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    if input_format not in (*INPUT_FORMATS, "single"):
        raise InvalidInputError(
            f"the input format must be one of {', '.join(INPUT_FORMATS)}, got {input_format!r}")
    if input_format != "lines" and not main:
        raise InvalidInputError(f"input_format={input_format!r} says what the program's main reads: "
                                f"it needs main=True")
    if max_size is not None and max_size < 1:
        raise InvalidInputError(f"max_size must be a positive number of bytes, got {max_size}")


def _layout(game: Game, plan: Plan, input_format: str, *, parts: bool, rows: bool, coins: str | None,
            other: bool) -> tuple[str, Plan]:
    """The layout the main reads (a case of ``k`` positions, a row of coins) and the plan saying so."""
    if parts:
        input_format = _parts_format(game, plan, input_format, rows)
    if coins is not None:
        input_format = _coins_format(game, input_format, coins, other)
        plan = replace(plan, domain="a row of H and T coins, read as the positions n >= 1 of its heads "
                                    "(coins numbered from 1 at the left)")
    return input_format, plan


def _warnings(plan: Plan, notes: tuple[str, ...], lang: str, size: int,
              max_size: int | None) -> tuple[str, ...]:
    """What may fail, for stderr: the plan's notes, a cut table, past the checked range, the size."""
    most = writer.SIZE_WARNING if max_size is None else max_size
    warnings = plan.notes + notes + _beyond_warning(plan, lang)
    if size > most:
        warnings += (f"the program is {size / 1024:.0f} KB, more than the {most // 1024} KB many "
                     f"judges accept; a smaller upto makes it smaller",)
    return warnings


def _first_plan(game: Game, upto: int | None, conjecture: bool, budget: Budget | None, *,
                claim: str | None, misere: bool, parts: bool, winning_moves: bool, outcome: bool) -> Plan:
    """The plan :func:`export_game` starts from: the outcome search's (``outcome``), by a claim,
    of misère play, or :func:`export_plan`'s."""
    if outcome:
        return own_outcome_plan(game, misere=misere, winning_moves=winning_moves, parts=parts,
                                claim=claim is not None)
    if claim is not None:
        return _claim_plan(game, claim, upto, conjecture, budget, misere or parts)
    if misere:
        return _misere_plan(game, upto, budget, conjecture)
    return export_plan(game, upto, conjecture=conjecture, budget=budget)


def _unchecked(plan: Plan, conjecture: bool) -> Plan:
    """``plan`` answering beyond its checked range by its unproved formula or period without the
    local check (and without the move function, which only that check used); refused where
    there is no such formula or period."""
    if not conjecture:
        raise InvalidInputError("unchecked goes with conjecture (answer beyond the checked range at all)")
    if plan.checked is None or (plan.best is None and plan.period is None) or plan.kind not in ("heap",
                                                                                               "number"):
        raise InvalidInputError(f"{plan.name}: unchecked answers by an unproved formula or period of a "
                                f"heap game's values beyond the range it was checked on; this program "
                                f"has none, so unchecked has no use")
    return replace(plan, unchecked=True, source=None)


def _treblecross(game: Game, lang: str, main: bool, input_format: str, winning_moves: bool,
                 **unused: Any) -> ExportResult:
    """The program of Treblecross (:mod:`grundy.reports.treblecross_check`): who wins each board and,
    with ``winning_moves``, every winning cell; the options it has no use for are refused."""
    from grundy.reports.treblecross_check import treblecross_source

    given = [name for name, value in unused.items() if value not in (None, False)]
    if given:
        raise InvalidInputError(f"{game.spec}: its program answers boards by a proved rule; "
                                f"{', '.join(given)} is not for it")
    if input_format not in ("lines", "cases", "counted", "repeated"):
        raise InvalidInputError(f"{game.spec}: a board is read one a line (--input lines, cases, counted "
                                f"or repeated), not {input_format}")
    if winning_moves and not main:
        raise InvalidInputError("winning_moves says what the program's main prints: it needs main=True")
    source = treblecross_source(game, lang, main, input_format, winning_moves)
    return ExportResult(source, Plan(game.spec, "treblecross", table=[]), lang)


def _refuse_for_words(plan: Plan, input_format: str, parts: bool, winning_moves: bool) -> None:
    """Refuse, in one line, what a program on words (``parse=str``) does not read or write: a case
    is one line, the word as written, as ``grundy solve --input`` reads it."""
    from grundy.export.words import WORD_FORMATS

    if parts:
        raise InvalidInputError(f"{plan.name}: a case of this game is one line, its word (parse=str), "
                                f"so --params sum/rows (a case of k positions) has no use there")
    if input_format not in WORD_FORMATS:
        raise InvalidInputError(f"{plan.name}: a position of this game is a line, its word (parse=str): "
                                f"--input {', '.join(WORD_FORMATS)}, not {input_format}")
    if winning_moves:
        raise NotSupportedError(f"{plan.name}: the program on words (parse=str) prints no winning moves "
                                f"(grundy solve {plan.name} --input lines --winning-moves FILE lists them)")


def _coins_format(game: Game, input_format: str, coins: str, other: bool) -> str:
    """The layout whose case is a row of coins (``LAYOUT+coins``, ``LAYOUT+size-first``: its
    length first), for a coin-turning game; refused in one line for any other game, for ``single``
    and with an option (``other``: misère play, sums, winning moves) the program has no rule for."""
    declared = game.laws.export
    if declared is None or declared.kind != "heads":
        raise InvalidInputError(f"{game.spec}: --params {coins} (a case is a row of coins HHTHT) is for "
                                f"a coin-turning game on a row (turning-turtles, mock-turtles, ruler)")
    if input_format == "single" or other:
        raise InvalidInputError(f"{game.spec}: a program reading rows of coins answers their values "
                                f"(normal play) with --input lines, cases, counted or repeated"
                                f"{'' if input_format == 'single' else ', nothing more'}")
    return f"{input_format}+{coins}"


def _parts_format(game: Game, plan: Plan, input_format: str, rows: bool = False) -> str:
    """The layout whose case is ``k`` positions (``LAYOUT+sum``), for a game on pairs or on
    positions of several numbers; refused in one line for any other game or layout."""
    if input_format == "lines":
        raise InvalidInputError("a case of k positions (their sum) is read with --input cases, counted "
                                "or repeated; --input lines reads several positions on a line as their "
                                "sum already")
    if rows and plan.kind != "positions":
        raise InvalidInputError(f"{game.spec}: --params rows (a case: n m, then n positions of m numbers "
                                f"each, their sum) is for a game of your own on tuples of numbers or on "
                                f"N numbers" + ("; a game on pairs: --params sum (k, then k pairs)"
                                                if plan.kind == "pair" else ""))
    if rows:
        return f"{input_format}+rows"
    if plan.kind not in ("pair", "positions") or plan.start is not None:
        raise InvalidInputError(f"{game.spec}: a case of k positions (their sum) is for a game on pairs "
                                f"or on positions of several numbers; a case of this game is "
                                f"{'one number n' if plan.start is not None else 'n, then n numbers'} "
                                f"already")
    return f"{input_format}+sum"


def _tuples_plan(game: Any, plan: Plan) -> Plan:
    """For a case of k positions: a game of one's own that its probe reads as a game on one number
    but declares no arity (HDU 5724's rows: a position is a tuple of cells of any length, each
    written as its count and its numbers, as ``solve --input --params sum`` reads them) is answered
    by its move function on tuples of any length; ``plan`` otherwise."""
    layout = game.laws.input_layout
    if plan.kind != "number" or layout is None or layout() != "number":
        return plan
    return _positions_plan(game, type(game).domain, None)


def export_family(spec: str, *, lang: str = "cpp", main: bool = False, input_format: str = "lines",
                  where: str = "each", winning_moves: bool = False, misere: bool = False) -> str:
    """The program of the game family ``spec`` names, its parameters written as names
    (``bash(m)``, ``subtraction(S)``, ``stripes(c,z,n)``, ``moore(k)``): the parameters are
    arguments of its functions, read at run time (``where``: ``first``, ``each`` or ``last`` in
    the input); see :mod:`grundy.export.family`. Before it is returned, its main (for C++, or
    without a main, the Python program of the same input) is run on a fixed sample of inputs in
    that layout and each line compared with the engine's
    (:func:`grundy.reports.family_check.check_family_program`; sums of games:
    :mod:`grundy.reports.family_sums`): a disagreement is an internal error, never a program.
    ``misere``: who wins in misère play (:mod:`grundy.export.family_misere`; a family of misère
    play only, ``bash(a,b,rest=all)``, is its own), checked against the engine's misère answers.

    >>> "def grundy_value(n, m):" in export_family("bounded-nim(m)", lang="python")
    True
    """
    from grundy.catalog import load_family
    from grundy.export.family_code import family_code

    found = load_family(spec)
    if found is None:
        raise InvalidInputError(f"{spec!r} names no family: write the parameters as the names "
                                f"grundy list shows, e.g. bash(m), subtraction(S), stripes(c,z,n)")
    misere = misere and found[1].kind != "misere"  # (a family of misère play: its program is)
    code = family_code(found[0], found[1], lang=lang, main=main, input_format=input_format,
                       where=where, winning_moves=winning_moves, misere=misere)
    if where in ("sum", "sum-last") and found[1].kind != "hackenbush":  # (checked by the engine)
        from grundy.reports.family_sums import check_sums_program

        python = code if lang == "python" else family_code(found[0], found[1], lang="python", main=True,
                                                            input_format=input_format, where=where)
        check_sums_program(found[0], found[1], python, input_format, where)
    from grundy.reports.family_check import CHECKED_KINDS, check_family_program, checked_layout

    layout = checked_layout(found[1], input_format, where, main)  # (its main's lines run)
    if where not in ("sum", "sum-last") and found[1].kind in CHECKED_KINDS and layout is not None:
        python = (code if lang == "python" and main and not winning_moves else
                  family_code(found[0], found[1], lang="python", main=True, input_format=layout,
                              where=where, misere=misere))
        check_family_program(found[0], found[1], python, layout, where, misere=misere)
    if found[1].kind == "forbidden":  # (its values checked against the plain mex)
        from grundy.reports.forbidden_check import check_forbidden_program

        python = code if lang == "python" else family_code(found[0], found[1], lang="python")
        check_forbidden_program(found[0], python)
    return code


def not_carried(title: str, what: str, outside: Any) -> NotSupportedError:
    """The refusal of an export whose program would carry the user's ``what`` (its move or start
    function), which it cannot: it reads the names ``outside`` from outside the function, or (none)
    its source cannot be read."""
    why = (f"it reads {', '.join(sorted(outside))} from outside the function (define, or import, them "
           f"inside it)" if outside else "its source cannot be read")
    return NotSupportedError(f"{title}: export carries the {what} into the program, and {why}")


def own_family(spec: str) -> tuple[Game, tuple[str, ...]] | None:
    """A family of a game of one's own, its parameters written as names (``circle(n,k)``, or with
    others set: ``circle(n,k=2)``): the game (the others set, the named ones at their defaults)
    and the names; ``None`` when ``spec`` names no such family (a heap game's family:
    :func:`grundy.reports.own_heap_export.own_heap_family`)."""
    from grundy.define import UserGame
    from grundy.reports.own_heap_export import named_own_family

    found = named_own_family(spec, heap=False)
    if found is None:
        return None
    assert isinstance(found[0], UserGame)
    return found[0], found[1]


def export_own_family(game: Game, names: tuple[str, ...], *, lang: str = "python", main: bool = False,
                      input_format: str = "lines", sums: bool = False, after: bool = False,
                      conjecture: bool = False, upto: int | None = None) -> str:
    """The Python program of the family of ``game`` (a ``@grundy.game`` that declares ``start=``)
    whose parameters ``names`` each case gives: the start position of each game
    (:mod:`grundy.export.own_family`), checked against the engine on small parameters before it
    is returned (:func:`_own_family_check`); ``sums``: a case is ``k`` games, their values XORed.
    ``after`` (a game that declares no start, on positions of a declared ``arity``): a case is
    ``k``, the parameters, then ``k`` positions, the value of their sum (HDU 1730's ``n m``, then
    ``n`` rows), checked by :func:`_own_positions_check`. ``conjecture`` (one parameter): the start
    values of the games ``1..upto`` (default :data:`START_UPTO`) are searched, and a game past
    ``upto`` is answered by the pattern found over them (a conjecture; refused when none is
    found), see :func:`start_conjecture`."""
    from grundy.define import UserGame
    from grundy.define.source import position_move_source, start_source
    from grundy.export.own_family import own_family_program

    assert isinstance(game, UserGame)
    title = f"{game.name}({','.join(names)})"
    if lang != "python":
        raise InvalidInputError(f"{title}: a family of a game of your own is exported in Python only "
                                f"(the program carries your functions): use lang python")
    if after:
        return _own_positions_family(game, names, title, main, input_format)
    if game.laws.start is None:
        raise InvalidInputError(f"{title}: the program answers the start position of each game of the "
                                f"family, and {game.name} declares none: declare start= (a function of "
                                f"its parameters), or export one game, e.g. {game.name}"
                                f"({names[0]}={game.defaults[names[0]]})")
    domain = type(game).domain
    if domain.valid is not None:
        raise NotSupportedError(f"{title}: the game declares valid=, which an exported program cannot "
                                f"check (declare minimum= instead)")
    sources = [position_move_source(game), start_source(game)]
    for (source, outside), what in zip(sources, ("move function", "start function"), strict=True):
        if source is None:
            raise not_carried(title, what, outside)
    fixed = {k: v for k, v in game.params.items() if k not in names}
    found = start_conjecture(game, names, upto) if conjecture else None
    code = own_family_program(title, names, fixed, str(sources[1][0]), str(sources[0][0]),
                              arity=domain.arity, minimum=domain.minimum, main=main,
                              input_format=input_format, sums=sums, conjecture=found)
    _own_family_check(code, game, names)
    return code


START_UPTO = 40
"""The games of a family of one's own (its parameter ``1..START_UPTO``) whose start values a
conjecture of its pattern is found on, by default."""


def start_conjecture(game: Any, names: tuple[str, ...], upto: int | None) -> Any:
    """The pattern of the start values of the games ``1..upto`` of a family of one parameter, as a
    :class:`~grundy.export.own_family.StartConjecture` (the formula of the values if one is found,
    else the rule of the P-positions), or one line saying why there is none.

    >>> import grundy
    >>> @grundy.game("doc-sc", start=lambda n: (n,), arity=1)
    ... def take(p, *, n=0):
    ...     return [(p[0] - k,) for k in (1, 2) if k <= p[0]]
    >>> start_conjecture(grundy.load_game("doc-sc"), ("n",), 12).text
    'G(start) = n % 3'
    >>> grundy.catalog.unregister("doc-sc")
    """
    from grundy.export.own_family import StartConjecture
    from grundy.export.python import formula_helpers, python_expression
    from grundy.patterns.formulas import parse
    from grundy.reports.family import MAX_MEMBERS, expand, start_family

    title = f"{game.name}({','.join(names)})"
    upto = START_UPTO if upto is None else upto
    if len(names) != 1 or not 4 <= upto <= MAX_MEMBERS:
        raise InvalidInputError(f"{title}: conjecture answers past the games searched by the pattern of "
                                f"their start values over one parameter, for upto 4..{MAX_MEMBERS} games "
                                f"(the parameter 1..upto)" + ("" if len(names) == 1 else
                                                              f"; {title} has {len(names)}"))
    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    key, values, specs = expand(f"{game.name}({','.join([*fixed, f'{names[0]}=1..{upto}'])})")
    table = start_family(title, key, values, specs)
    best = next((p for p in table.patterns if p.formula is not None and p.describes is Describes.VALUES),
                None) or next((p for p in table.patterns if p.formula is not None), None)
    if best is None:
        raise NotSupportedError(f"{title}: no pattern of the start values of {names[0]} = 1..{upto}; "
                                f"the program answers by the search alone (drop conjecture)")
    node = parse(str(best.formula), ("n",))
    kind = "values" if best.describes is Describes.VALUES else "p"
    return StartConjecture(kind, python_expression(node), best.rule, upto, tuple(formula_helpers(node)),
                           str(best.formula))


def _own_positions_family(game: Any, names: tuple[str, ...], title: str, main: bool,
                          input_format: str) -> str:
    """The program of a family of a game of one's own on positions of a declared arity, each case
    its parameters and its positions (:func:`export_own_family` with ``after``)."""
    from grundy.define.source import position_move_source
    from grundy.export.own_family import own_family_program

    domain = type(game).domain
    if domain.arity is None or domain.valid is not None:
        raise InvalidInputError(f"{title}: a case's positions are read as numbers, so the game must "
                                f"declare arity= (and no valid=, which an exported program cannot "
                                f"check: declare minimum= instead)")
    source, outside = position_move_source(game)
    if source is None:
        raise not_carried(title, "move function", outside)
    fixed = {k: v for k, v in game.params.items() if k not in names}
    code = own_family_program(title, names, fixed, "", source, arity=domain.arity,
                              minimum=domain.minimum, main=main, input_format=input_format,
                              positions=True)
    _own_positions_check(code, game, names)
    return code


def _own_positions_check(code: str, game: Any, names: tuple[str, ...]) -> None:
    """Run the program on the games whose named parameters are 0..3 and the positions whose
    numbers are each at most 3 past the game's minimum, and compare with the engine's values; a
    position the engine refuses must get an error from the program too; the check ends where the
    engine's :data:`CHECK_STEPS`, for all of them together, run out."""
    from itertools import islice, product

    from grundy.catalog import load_game
    from grundy.engine.limits import Budget
    from grundy.engine.search import grundy_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    domain = type(game).domain
    low = domain.minimum or (0,) * domain.arity
    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    budget = Budget(CHECK_STEPS)
    for values in islice(product(range(4), repeat=len(names)), 64):
        given = [f"{k}={v}" for k, v in zip(names, values, strict=True)]
        try:
            member = load_game(f"{game.name}({','.join(fixed + given)})")
        except GrundyError:
            continue  # (parameters the game refuses: no game to compare)
        for position in islice(product(*(range(x, x + 4) for x in low)), 256):
            try:
                want: int | None = grundy_value(member, position, budget=budget)
            except SearchLimitError:
                return  # (the check's budget is spent: what was compared so far is the check)
            except GrundyError:
                want = None
            try:
                got = value(values, [position])
            except ValueError:
                got = None
            if got != want:
                raise GrundyError(f"internal error: the exported program gives {got} for {position} of "
                                  f"{member.spec}, the engine {want}; please report it")


def _own_family_check(code: str, game: Any, names: tuple[str, ...]) -> None:
    """Run the program on the games whose named parameters are 0..5 (at most 216 of them) and
    compare with the engine's value of each one's start position; a game the engine refuses
    (its start or its moves failing, a loopy start) must get an error from the program too; the
    check ends where the engine's :data:`CHECK_STEPS`, for all the games together, run out."""
    from itertools import islice, product

    from grundy.catalog import load_game
    from grundy.engine.limits import Budget
    from grundy.engine.search import grundy_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    budget = Budget(CHECK_STEPS)  # (all the games together: the smallest parameters first)
    for values in islice(product(range(6), repeat=len(names)), 216):
        spec = f"{game.name}({','.join(fixed + [f'{k}={v}' for k, v in zip(names, values, strict=True)])})"
        try:
            member = load_game(spec)
            start = member.laws.start
            assert start is not None
            want: int | None = grundy_value(member, start(), budget=budget)
        except SearchLimitError:
            break  # (the check's budget is spent: the games compared so far are the check)
        except GrundyError:
            want = None
        try:
            got = value(*values)
        except ValueError:
            got = None
        if got is None and want is not None and _outcome_alone(namespace, values) == (want != 0):
            continue  # (past the games searched, a conjectured rule of the P-positions: its outcome)
        if got != want:
            raise GrundyError(f"internal error: the exported program gives {got} for {spec}, the "
                              f"engine {want}; please report it")


def _outcome_alone(namespace: dict[str, Any], values: tuple[int, ...]) -> bool | None:
    """Whether the first player wins the game of parameters ``values`` by the program's conjectured
    rule, where it gives the outcome alone (no value); ``None`` where it gives none."""
    beyond = namespace["_beyond"](values)
    return None if beyond is None or beyond[0] is not None else bool(beyond[1])


def _refuse_unused(plan: Plan, upto: int | None, budget: Budget | None, conjecture: bool) -> None:
    """Refuse an option a program written from a theorem's algorithm alone has no use for (it has
    no table and nothing unproved), rather than ignore it."""
    if plan.kind == "positions":  # (limit: the options the program may list for one input)
        given = [name for name, used in (("upto", upto is not None), ("conjecture", conjecture)) if used]
        if given:
            raise InvalidInputError(f"{plan.name}: the program answers by the move function alone (no "
                                    f"table, nothing unproved), so {given[0]} has no use there")
        return
    if plan.kind not in _RULES or plan.kind == "misere":  # (misère: its plan says which it uses)
        return
    given = [name for name, used in (("upto", upto is not None), ("conjecture", conjecture),
                                     ("limit", budget is not None and not budget.standard)) if used]
    if given:
        raise InvalidInputError(f"{plan.name}: the program is written from a theorem's algorithm "
                                f"alone (no table, nothing unproved), so {given[0]} has no use there")


def _cuttable(plan: Plan) -> bool:
    """Whether the program is a heap game's table alone (which can be cut)."""
    return plan.kind == "heap" and plan.best is None and plan.period is None and len(plan.table) > 1


def _cut(game: Game, plan: Plan, max_size: int, size: int,
         **options: Any) -> tuple[Plan, str, tuple[str, ...]]:
    """The plan with the longest prefix of its table whose program fits in ``max_size`` bytes (the
    whole table's program is ``size`` bytes)."""
    from dataclasses import replace

    from grundy.export.model import packed_sizes

    def attempt(count: int) -> tuple[Plan, str]:
        cut = replace(plan, table=plan.table[:count])
        return cut, export_source(game, plan=cut, **options)

    sizes = packed_sizes(plan.table)

    def text_bytes(count: int) -> int:  # the packed table as written: 96 characters a line, quoted
        return sizes[count - 1] + 7 * (sizes[count - 1] // 96 + 1)

    overhead = size - text_bytes(len(plan.table))
    low, high = 1, len(plan.table) - 1  # the longest prefix whose estimate fits
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if overhead + text_bytes(middle) <= max_size else (low, middle - 1)
    best = attempt(low)
    while len(best[1].encode()) > max_size and low > 1:  # (the estimate is close; step down to fit)
        low = max(1, low * 49 // 50)
        best = attempt(low)
    kept = len(best[0].table) - 1
    beyond = ("the program computes the heaps beyond it by the sparse-space method over its moves"
              if plan.octal else
              "beyond it, " + ("the move function answers" if options["lang"] == "python"
                               and plan.source is not None else "an error line"))
    note = (f"the table of heaps 0..{len(plan.table) - 1:,} would make the program larger than "
            f"{max_size:,} bytes: it holds heaps 0..{kept:,} ({beyond}); max_size raises the bound")
    return best[0], best[1], (note,)


def _beyond_warning(plan: Plan, lang: str) -> tuple[str, ...]:
    """What the program does beyond the range where its conjecture was checked (for stderr)."""
    if plan.checked is None:
        return ()
    where = {"pair": f"a, b <= {plan.checked:,}", "heap": f"heap {plan.checked:,}",
             "number": f"n = {plan.checked:,}"}[plan.kind]
    if plan.best is not None:
        law = pattern_law(plan.best.text)
    elif plan.period is not None:
        law = f"the period {plan.period.period} from heap {plan.period.preperiod}"
    else:
        law = f"the rule for the P-positions ({plan.rule.text if plan.rule else ''})"
    if "(your claim" in (plan.best.text if plan.best is not None else "") or (
            plan.best is None and plan.rule is not None and plan.rule.status.startswith("your claim")):
        law = f"your claim {law if plan.best is not None else plan.rule.text}"
    head = f"{law} is a conjecture, checked up to {where}"
    if plan.unchecked:
        return (f"{head}: beyond it the program answers by the conjecture WITHOUT any check (unchecked); "
                f"it may be wrong there",)
    if not plan.conjecture and lang == "python" and plan.source is not None and plan.kind != "number":
        return (f"{head}: beyond it the program does not use it and computes each value by the move "
                f"function (exact, within its bound on the options listed; conjecture answers by the "
                f"pattern there after a local check)",)
    if not plan.conjecture:
        return (f"{head}: beyond it the program answers with an error line (conjecture answers "
                f"there after a local check)",)
    if lang == "python" and plan.source is not None:
        return (f"{head}: beyond it the program answers by the conjecture, each answer checked locally "
                f"(an error line where the check fails); it may still be wrong there",)
    return (f"{head}: beyond it this program cannot check the conjecture and answers with an error "
            f"line (the Python export checks it by the move function)",)


def is_sum_of_heaps(game: HeapGame) -> bool:
    """Whether a position of several heaps is the disjunctive sum of its heaps, as the game says."""
    parts = game.components((1, 2))
    return parts is not None and [p for _, p in parts] == [(1,), (2,)] and all(g == game for g, _ in parts)


def export_plan(game: Game, upto: int | None = None, *, conjecture: bool = False,
                limit: int | None = None, budget: Budget | None = None) -> Plan:
    """The table of ``game`` to ``upto``, the patterns found in it, and the best pattern of the
    values that has a formula (proved first, then the simplest), re-checked on a longer table
    when it is not proved (:func:`export_game`); Moore's rule; or a refusal. ``budget`` or
    ``limit``: as for :func:`export_game`."""
    from grundy.define.source import move_source

    given = one_budget(limit, budget)
    limit = None if given is None or given.standard else given.room()

    declared = game.laws.export  # (the game's own export rule, when it declares one)
    if isinstance(game, HeapGame) and not is_sum_of_heaps(game):
        if declared is not None and declared.kind == "moore" and declared.parameter is not None:
            return Plan(game.spec, "moore", table=[], moore_k=declared.parameter)
        raise NotSupportedError(f"{game.spec}: a position of several heaps is not the sum of its heaps "
                                f"(a move may change several), and export has no rule for it")
    if declared is not None and declared.kind in _RULE_KINDS:
        return Plan(game.spec, _RULE_KINDS[declared.kind], table=[])
    if declared is not None and declared.kind == "heads":
        return _coin_plan(game, declared)
    if declared is not None and declared.kind == "grid":
        assert declared.formula is not None and declared.second is not None
        return Plan(game.spec, "grid", table=[], what=declared.theorem,
                    grid=(declared.formula, declared.second, declared.origin or 0),
                    grid_more=declared.more or ())
    if limit is not None and limit < 1:
        raise InvalidInputError(f"limit must be a positive number of steps, got {limit}")
    if declared is not None and declared.kind == "defined":  # (a game of grundy.define)
        plan = _user_plan(game, upto, limit)
        if plan is not None:
            return _gated(plan, conjecture)
    try:
        with _query(_raised(limit)):  # (a game of one's own: its table within the default steps and nets)
            kind, table, patterns, period = _table_and_patterns(game, upto)
    except ResourceLimitError as exc:
        raise ResourceLimitError(f"{game.spec}: the table to export stopped: {exc}; a smaller upto "
                                 f"makes it shorter") from None
    runs = _declared_runs(game, table) if kind == "heap" and not (period and period.proved) else None
    if runs is not None:  # (a proved period too long for the table: its runs answer every heap)
        period = runs.periodicity
    best = next((p for p in patterns if p.describes == Describes.VALUES and p.formula is not None), None)
    if best is not None and best.status != Status.PROVED and period is not None and period.proved:
        best = None  # a proved period beats a conjectured formula
    if kind == "heap" and best is None and period is not None and not period.proved:
        best = next((p for p in patterns if p.describes == Describes.VALUES and p.formula is not None
                     and p.status == Status.PROVED), None)  # (a proved formula beats an observed period)
    own_heap = kind == "heap" and best is None and period is None and game.own_rules
    rule = _p_rule(game, patterns, heap=own_heap) if (kind == "pair" or own_heap) and best is None else None
    if own_heap and rule is not None and conjecture and upto is None:
        kind, table, patterns, rule = _heap_rule_table(game)
    unproved = (best is not None and best.status != Status.PROVED) or (
        best is None and period is not None and not period.proved)
    source = move_source(game) if (best is None and period is None) or unproved else None
    left_out = _not_carried(game) if source is None and ((best is None and period is None) or unproved) \
        else ()
    unequal = declared is not None and declared.kind == "unequal-split"  # (Grundy's game)
    octal = (4,) if unequal else game.octal_digits if isinstance(game, HeapGame) else None
    plan = Plan(game.spec, kind, table, best, period, rule, source, octal=tuple(octal or ()),
                unequal=unequal, start=declared.start if kind == "pair" and declared is not None else None,
                runs=runs, notes=left_out)
    if kind == "heap" and unproved:
        assert isinstance(game, HeapGame)
        return _gated(_rechecked(game, plan, RECHECK_STEPS if limit is None else limit), conjecture)
    return _gated(plan, conjecture)


def _claim_plan(game: Game, claim: str, upto: int | None, conjecture: bool, budget: Budget | None,
                other_play: bool = False) -> Plan:
    """The plan of a heap game answered by the user's ``claim``, checked on its table extended as
    a found pattern's re-check is (refused with its first counterexample); beyond the heaps checked,
    a claim of the values answers as a conjectured formula does, one of the P-positions as a
    conjectured rule (after the table of heaps ``0..upto``)."""
    from grundy.define.source import move_source
    from grundy.patterns.claims import parse_claim
    from grundy.reports.claims import ClaimError, check_claim

    if other_play:
        raise InvalidInputError(f"{game.spec}: a claim is exported for one heap game in normal play, "
                                f"a line a position (not misere, not parts)")
    limit = None if budget is None or budget.standard else budget.room()
    pair = parse_claim(claim).variables != ("n",)
    check = check_claim(game, claim, upto=upto if pair else HEAP_UPTO if upto is None else upto,
                        limit=RECHECK_STEPS if limit is None else limit)
    if not check.holds:
        raise ClaimError(f"{game.spec}: your claim {check.claim.law} is {check.refusal()}; not exported")
    pattern, proved = check.pattern, check.proof is not None
    source = None if proved else move_source(game)
    notes = () if proved or source is not None else _not_carried(game)
    if pair:  # (G(a, b) = ...: the plan of the game's grid, answered by the claim)
        base = export_plan(game, upto, budget=budget)
        if pattern.describes != Describes.VALUES or base.kind != "pair" or base.origin or base.domain:
            raise NotSupportedError(f"{game.spec}: a claim of a game on pairs is exported as G(a, b) = "
                                    f"..., for a game on pairs from (0, 0) with no declared domain")
        return replace(base, best=pattern, period=None, rule=None, source=source, checked=check.checked,
                       conjecture=conjecture, notes=notes)
    if pattern.describes == Describes.VALUES:
        return Plan(game.spec, "heap", table=list(check.values), best=pattern, source=source,
                    checked=None if proved else check.checked, conjecture=conjecture and not proved,
                    notes=notes)
    rows = (HEAP_UPTO if upto is None else upto) + 1  # (P iff ...: who wins beyond the table)
    rule = OutcomeRule(pattern.rule, "proved (" + check.proof + ")" if check.proof else
                       f"your claim, checked for n <= {check.checked}", pattern.formula)
    return Plan(game.spec, "heap", table=list(check.values[:rows]), rule=rule, source=source,
                checked=None if proved else rows - 1, conjecture=conjecture and not proved, notes=notes)


def _not_carried(game: Game) -> tuple[str, ...]:
    """Why a program that would answer beyond its table by the user's move function cannot carry
    it (a warning for stderr), or nothing."""
    from grundy.define.source import uncarried_names

    outside = uncarried_names(game)
    if not outside:
        return ()
    return (f"the move function reads {', '.join(sorted(outside))} from outside the function, which "
            f"a Python program cannot carry: it answers its table alone, an error line beyond it "
            f"(define them inside the function, or make them constants: numbers, strings, tuples "
            f"of them)",)


def _heap_rule_table(game: Game) -> tuple[str, Any, list[Any], Any]:
    """A heap game of one's own answered beyond its table by a conjectured rule for its
    P-positions (``conjecture``, no ``upto``): the table and the rule of the heaps
    ``grundy solve`` tabulates before it answers by such a rule
    (:data:`~grundy.define.heaps.PATTERN_TABLE`), so that the program's lines are solve's."""
    from grundy.define.heaps import PATTERN_TABLE

    try:
        with _query(None):
            kind, table, patterns, _ = _table_and_patterns(game, PATTERN_TABLE - 1)
    except ResourceLimitError as exc:
        raise ResourceLimitError(f"{game.spec}: the table of the heaps the rule for the P-positions is "
                                 f"checked on stopped: {exc}; upto=N checks it on heaps 0..N") from None
    return kind, table, patterns, _p_rule(game, patterns, heap=True)


def _declared_runs(game: Game, table: list[int]) -> Any:
    """The game's proved period with one period of values as runs (:attr:`Laws.period_runs
    <grundy.model.laws.Laws.period_runs>`), where the period is longer than ``table`` and
    saltus-free; else ``None``."""
    declared = laws_of(game).period_runs
    found = None if declared is None else declared()
    if found is None or not found.periodicity.proved or found.periodicity.saltus:
        return None
    size = found.periodicity.preperiod + found.periodicity.period
    return found if size > len(table) else None


def _misere_plan(game: Game, upto: int | None, budget: Budget | None, conjecture: bool) -> Plan:
    """The plan of a heap game in misère play: the law that makes its heaps tame
    (:func:`misere_rule`), else its misère quotient (:func:`quotient_rule`: of every heap where it
    is proved, else of heaps up to ``upto`` or as far as the ``budget``'s steps settle). An option
    that would change nothing is refused: ``conjecture`` (nothing unproved is exported), ``upto``
    and a budget where a law answers every heap."""
    if not isinstance(game, HeapGame) and game.laws.input_layout is not None:
        return _own_misere_plan(game)  # (a game of one's own on tuples of numbers: its search)
    if not isinstance(game, HeapGame) or not is_sum_of_heaps(game):
        raise NotSupportedError(f"{game.spec}: export in misère play is written for sums of heaps of "
                                f"one heap game and for games of your own on tuples of numbers "
                                f"(grundy solve --misere answers the others)")
    if conjecture:
        raise InvalidInputError(f"{game.spec}: export in misère play uses only proved laws and exact "
                                f"quotients; conjecture has no use there")
    limit = None if budget is None or budget.standard else budget.room()
    try:
        rule = misere_rule(game)
    except NotSupportedError:
        return Plan(game.spec, "misere", table=[], misere=quotient_rule(game, upto, limit))
    if upto is not None or limit is not None:
        raise InvalidInputError(f"{game.spec}: in misère play a law answers every heap, so "
                                f"{'upto' if upto is not None else 'limit'} has no use there")
    return Plan(game.spec, "misere", table=[], misere=rule)


_RULES = ("moore", "staircase", "tree", "split", "strip", "misere", "grid")
"""The kinds of program written from a theorem's algorithm, with no table to check them against."""

RECHECK_STEPS = 4_000_000
"""Steps (heaps times the options of the largest heap) a heap game's table may be extended by to
re-check an unproved pattern before it is exported (``limit=`` raises it)."""

RECHECK_HEAPS = 1_000_000
"""The most heaps a re-check tabulates (``limit=`` does not raise it: the table stays in memory)."""


def _gated(plan: Plan, conjecture: bool) -> Plan:
    """``plan`` answering beyond its checked range only with ``conjecture``: a heap or one-number
    game answered by an unproved formula or period is checked up to its table (or how far the
    re-check reached)."""
    from dataclasses import replace

    if plan.kind in _RULES or plan.checked is not None:
        return replace(plan, conjecture=conjecture)
    best, period, rule = plan.best, plan.period, plan.rule
    unproved = (best is not None and best.status != Status.PROVED) or (
        best is None and period is not None and not period.proved)
    if best is None and rule is not None and not rule.status.startswith("proved"):
        if not conjecture:
            note = (f"the rule for the P-positions ({rule.text}) is a conjecture, {rule.status[12:]}: "
                    f"not used beyond the table (conjecture uses it there, after a local check)")
            return replace(plan, rule=None, notes=(*plan.notes, note))
        unproved = True
    if not unproved:
        return plan
    return replace(plan, checked=len(plan.table) - 1, conjecture=conjecture)


def _rechecked(game: HeapGame, plan: Plan, steps: int) -> Plan:
    """The plan with its unproved formula or period compared with the game's table extended as far
    as ``steps`` allow: checked that far, or dropped (the table exported) where it is false."""
    from dataclasses import replace

    from grundy.patterns.formulas import compiled

    table = plan.table
    upto = len(table) - 1
    best, period = plan.best, plan.period
    if best is not None:
        assert best.formula is not None
        func = compiled(best.formula)
        law = pattern_law(best.text)

        def rule(n: int) -> int:
            return int(func({"n": n}))
    else:
        assert period is not None
        law = (f"period {period.period} from heap {period.preperiod}"
               + (f" (saltus {period.saltus})" if period.saltus else ""))

        def rule(n: int) -> int:
            return period.value(table, n)
    values, wrong, reached = table, None, (upto, 0)
    try:
        with _query(steps):
            for values, cost in _extended(game, upto, steps):
                reached = (len(values) - 1, cost)
                wrong = next((n for n in range(upto + 1, len(values)) if rule(n) != values[n]), None)
                if wrong is not None:
                    break
    except ResourceLimitError as exc:
        raise ResourceLimitError(
            f"{game.spec}: the re-check of the {law} seen on heaps 0..{upto:,}, on a longer table "
            f"(up to {steps:,} steps), stopped: {exc}; a smaller limit= checks the pattern on fewer "
            f"heaps{_reached_hint(*reached)}, a smaller upto starts from a shorter table") from None
    if wrong is not None:
        found = None if plan.notes else _refound(values)
        false = (f"the {law} seen on heaps 0..{upto:,} is false at heap {wrong:,} (G = {values[wrong]}, "
                 f"not {rule(wrong)}; found by extending the table to {len(values) - 1:,})")
        if found is not None:  # (a formula of the longer table, re-checked further in its turn)
            note = f"{false}: on heaps 0..{len(values) - 1:,}, {found.rule} instead"
            return _rechecked(game, replace(plan, best=found, period=None, notes=(note,)), steps)
        return replace(plan, best=None, period=None,
                       notes=(f"{false}: exported as the table of heaps 0..{upto:,} instead",))
    checked = len(values) - 1
    if best is not None:
        best = replace(best, checked_upto=checked)
    return replace(plan, best=best, checked=checked)


def _raised(limit: int | None) -> int | None:
    """The steps the table of a game of one's own may take: ``limit`` where it raises the default
    budget (``--limit 40000000 --upto 9494``); a smaller one bounds only the re-check of a pattern."""
    from grundy.engine.search import DEFAULT_LIMIT

    return limit if limit is not None and limit > DEFAULT_LIMIT else None


def _query(limit: int | None) -> Any:
    """The query a game of one's own is tabulated in while its program is planned: ``limit``
    steps (the default budget's where ``None``) and the query's nets, so that a slow move function
    is stopped with a refusal instead of running for minutes (the catalogue's games never arm them)."""
    from grundy.define import answering
    from grundy.engine.search import DEFAULT_LIMIT

    return answering(limit=DEFAULT_LIMIT if limit is None else limit)


def _reached_hint(heap: int, cost: int) -> str:
    """How to stop the re-check where it got before a safety net stopped it."""
    return f" (limit={max(cost, 1)} checks it up to heap {heap:,}, where this one got)" if cost else ""


def _refound(values: list[int]) -> Pattern | None:
    """A formula of the values the pattern families find in ``values`` (a table longer than the
    one whose pattern proved false there), looked for whatever period the table seems to show:
    a self-similar recursion or a function of an arithmetic function (a conjecture, checked on
    ``values``), or ``None``."""
    from grundy.patterns.families import arithmetic_values, self_similar
    from grundy.patterns.formulas import size

    found = [f for f in (family(values, steps=REFOUND_STEPS) for family in (self_similar, arithmetic_values))
             if f is not None]
    if not found:
        return None
    formula, last = min(found, key=size), len(values) - 1
    return Pattern.stated(Describes.VALUES, f"G(n) = {formula}", f"conjecture, checked for n <= {last}",
                          formula, Status.CONJECTURE, last)


REFOUND_STEPS = 20_000
"""Steps of the formula search (for the base of a recursion) after a pattern proved false."""


WIDTH_HEAPS = 8
"""The last heaps of a longer table whose options :func:`_extended` counts to guess its cost."""


def _extended(game: HeapGame, upto: int, steps: int) -> Iterator[tuple[list[int], int]]:
    """``G(0..N)`` for ``N`` = ``upto``·4^k while (at most :data:`RECHECK_HEAPS` and) the cost,
    ``N`` times the options of the widest of heaps ``N - 7 .. N`` (plus one), is within
    ``steps``; each with its cost."""
    from grundy.tables.analysis import analyze

    size = max(upto, 64)
    while size < RECHECK_HEAPS:
        size = min(4 * size, RECHECK_HEAPS)
        # (the widest of the last few heaps: one heap of a class with no move would guess 0 options)
        width = 1 + max(sum(1 for _ in game.heap_options(size - i)) for i in range(WIDTH_HEAPS))
        if size * width > steps:
            return
        yield analyze(game, size).first(size + 1), size * width


def _move_rule(game: Game, plan: Plan, misere: bool, lang: str) -> dict[str, Any]:
    """How an exported program finds the winning moves of a sum of heaps of ``game``: the takes
    (``moves``; ``()``: any number, Nim) of its declared take-away set, the moves of its octal
    code (``move_digits``, a split leaving two heaps), or, a heap game of one's own in Python, the
    options of the move function the program carries (``move_options``); refused in one line for
    any other game."""
    from grundy.model.game import laws_of
    from grundy.model.laws import TakeKind

    laws = laws_of(game)
    if plan.kind == "split" and not misere:  # (by its stones: the piles after each winning move)
        return {"moves": ()}
    if plan.kind == "pair" and not misere and laws.export_moves == "wythoff":
        return {"moves": ()}  # (by the partners of Wythoff's P-pairs: the pair after each winning move)
    take = laws.take_away
    if not misere and plan.kind == "heap" and laws.octal_digits is not None and take is None:
        return {"moves": (), "move_digits": tuple(laws.octal_digits)}
    carried = plan.source is not None and (plan.checked is None or plan.conjecture)
    if not misere and plan.kind == "heap" and take is None and carried and lang == "python":
        return {"moves": (), "move_options": True}
    if not misere and plan.kind == "positions" and lang == "python":  # (by the options it lists)
        return {"moves": ()}
    if misere or plan.kind != "heap" or take is None or (take.kind == TakeKind.ALL_BUT and take.values):
        raise InvalidInputError(f"{game.spec}: the winning moves are listed for a sum of heaps of "
                                f"normal play whose moves take from one heap any number (Nim), a "
                                f"number of a finite set (subtraction games) or as an octal code "
                                f"says, or (in Python) by the move function of a heap game of one's "
                                f"own that the program carries (its table, or a conjecture with "
                                f"--conjecture) or of a game of one's own on several numbers (one "
                                f"position a line), for the split game and for one pair of Wythoff's "
                                f"game")
    return {"moves": () if take.kind == TakeKind.ALL_BUT else tuple(sorted(take.values))}


def _moves_check(code: str, game: Game, plan: Plan) -> None:
    """Run the Python program's ``winning_moves`` on sums of heaps of the table and compare with
    the engine's winning moves (heap by heap, in its order)."""
    import random

    from grundy.solving.solve import solve

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    rng = random.Random(0)
    if plan.kind in ("split", "pair"):
        _positions_moves_check(namespace["winning_positions"], game, rng, plan.kind)
        return
    top = min(len(plan.table) - 1, 200)
    for size in [1, 2, 3, 4] * 15:
        heaps = tuple(rng.randint(0, top) for _ in range(size))
        answer = solve(game, heaps)
        want = [(1 if m.part is None else m.part + 1, heaps[m.part or 0],
                 _left(m.to if m.part_move is None else m.part_move.to)) for m in answer.winning_moves]
        got = namespace["winning_moves"](list(heaps), answer.grundy)
        if [tuple(m) for m in got] != want:
            raise GrundyError(f"internal error: the exported program's winning moves of {heaps} are "
                              f"{got}, the engine's {want}; please report it")


def _left(position: Any) -> int | tuple[int, ...]:
    """What a move leaves of one heap, as the exported program's ``heap_moves`` gives it: one
    heap (a number), or the heaps of a split (a tuple)."""
    if len(position) == 1:
        return int(position[0])
    return tuple(int(h) for h in position)


def _positions_moves_check(listed: Any, game: Game, rng: Any, kind: str) -> None:
    """Compare the program's ``winning_positions`` with the engine's winning moves, in the
    engine's order: the split game's on rows of up to 7 piles, Wythoff's on pairs up to 40 and
    near 10**18."""
    from grundy.solving.solve import solve

    rows = ([tuple(rng.randint(0, 3) for _ in range(size)) for size in [1, 2, 3, 4, 5, 6, 7] * 8]
            if kind == "split" else
            [(a, b) for a in range(41) for b in range(41)]
            + [(10**18 + rng.randint(0, 99), 10**18 + rng.randint(0, 10**17)) for _ in range(50)])
    for piles in rows:
        want: list[tuple[Any, ...]] = [tuple(m.to) for m in solve(game, piles).winning_moves]  # type: ignore[arg-type]
        got = [tuple(after) for after in listed(list(piles))]
        if got != want:
            raise GrundyError(f"internal error: the exported program's winning moves of {piles} lead "
                              f"to {got}, the engine's to {want}; please report it")


def export_source(game: Game, *, lang: str, upto: int | None = None, main: bool = False,
                  input_format: str = "lines", plan: Plan | None = None) -> str:
    """The program for ``game`` (by :func:`export_plan`, or ``plan``), its Python twin checked
    against the table before the program is returned."""
    plan = plan or export_plan(game, upto)
    if plan.kind == "positions":
        return _positions_source(game, plan, lang, main, input_format)
    args = plan.code_arguments()
    code = export_code(lang=lang, main=main, input_format=input_format, **args)
    if plan.kind not in _RULES:
        _self_check(code if lang == "python" else export_code(lang="python", **args), plan)
    if plan.runs is not None:
        _runs_check(code if lang == "python" else export_code(lang="python", **args), game, plan)
    if plan.kind == "misere":
        _misere_check(code if lang == "python" else export_code(lang="python", **args), game)
    if plan.kind == "grid":
        _grid_check(code if lang == "python" else export_code(lang="python", **args), game, plan)
    if plan.moves is not None:
        _moves_check(code if lang == "python" and main else export_code(lang="python", main=True, **args),
                     game, plan)
    if input_format in COIN_FORMATS:
        _coins_check(code if lang == "python" else
                     export_code(lang="python", main=True, input_format=input_format, **args), game)
    return code


def _coins_check(code: str, game: Game) -> None:
    """Run the Python program's reading of a row of coins (``_row_line``) on every row of 1 to 8
    coins, on long random rows and on rows that are none, and compare with the engine's answer
    of the row (its value, computed head by head) and with ``solve --input``'s refusal."""
    import random
    from itertools import product

    from grundy.model.textio import coin_row
    from grundy.solving.solve import solve_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    rng = random.Random(1172)
    rows = ["".join(t) for n in range(1, 9) for t in product("HT", repeat=n)]
    rows += ["".join(rng.choice("HT") for _ in range(rng.randint(50, 3000))) for _ in range(20)]
    for row in rows:
        _, value = solve_value(game, row)
        want = f"{value} {'N' if value else 'P'}"
        got = namespace["_row_line"](row, len(row))
        if got != want:
            raise GrundyError(f"internal error: the exported program answers the row {row[:40]!r} "
                              f"{got!r}, the engine {want!r}; please report it")
    for row, count in (("HHXT", 4), ("HTH", 2), ("h", 1), ("T" * 60 + "x", 61)):
        try:
            coin_row(row, count)
        except InvalidInputError as exc:
            want = f"error: {exc}"
        got = namespace["_row_line"](row, count)
        if got != want:
            raise GrundyError(f"internal error: the exported program answers the row {row!r} {got!r}, "
                              f"solve --input {want!r}; please report it")


RUNS_SAMPLE = 400
"""How many run boundaries of a period held as runs :func:`_runs_check` compares around."""


def _runs_check(code: str, game: Game, plan: Plan) -> None:
    """Run the Python program where a period held as runs could go wrong and compare with the
    engine's values: around the first :data:`RUNS_SAMPLE` runs' starts and the end of the period,
    the same heaps one and a million periods on, and heaps near 10**18 and 2**64."""
    from grundy.engine.search import grundy_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    e, p = plan.runs.periodicity.preperiod, plan.runs.periodicity.period
    edges = [start for start, _ in plan.runs.runs[:RUNS_SAMPLE]] + [e, e + p]
    near = {x + d for x in edges for d in (-2, -1, 0, 1, 2) if x + d >= 0}
    heaps = sorted(near | {x + k * p for x in near for k in (1, 10**6)}
                   | {10**18 + d for d in range(-3, 4)} | {2**64 - 1 - d for d in range(4)})
    for n in heaps:
        want, got = grundy_value(game, (n,)), value(n)
        if got != want:
            raise GrundyError(f"internal error: the exported program gives G({n}) = {got}, the "
                              f"engine {want}; please report it")


def _positions_source(game: Game, plan: Plan, lang: str, main: bool, input_format: str) -> str:
    """The Python program of a game on positions of several numbers (or on tuples of any length),
    checked against the engine (:func:`_positions_check`); C++ is refused (a C++ program cannot
    carry a Python move function)."""
    from grundy.export.positions import positions_program

    assert plan.source is not None
    if lang != "python":
        what = f"positions of {plan.arity} numbers" if plan.arity is not None else "tuples of numbers"
        what = "words (parse=str)" if plan.text else what
        raise InvalidInputError(f"{plan.name}: a game on {what} is exported in Python only (the "
                                f"program carries your move function): use lang python")
    if plan.text:
        return _words_source(game, plan, main, input_format)
    code = positions_program(plan.name, plan.arity, plan.origin, plan.source, main=main,
                             input_format=input_format, misere=plan.misere_search,
                             steps=plan.steps or MOVE_STEPS, moves=plan.moves is not None,
                             outcome=plan.outcome_search)
    _positions_check(code, game, plan)
    if plan.moves is not None:
        _positions_moves_check_own(code, game, plan)
    return code


def _words_source(game: Game, plan: Plan, main: bool, input_format: str) -> str:
    """The Python program of a game on words (``parse=str``), checked against the engine on the
    words a judge's lines hold (:mod:`grundy.reports.words_check`)."""
    from grundy.reports.words_check import words_source

    assert plan.source is not None
    return words_source(game, plan.source, main=main, input_format=input_format,
                        misere=plan.misere_search, steps=plan.steps or MOVE_STEPS,
                        outcome=plan.outcome_search)


def _positions_moves_check_own(code: str, game: Game, plan: Plan) -> None:
    """Compare the program's ``winning_positions`` with the engine's winning moves (the positions
    they leave, as ``solve --input --winning-moves`` writes them, in its order) on the positions
    the check of its values samples, within :data:`CHECK_STEPS`."""
    from grundy.engine.limits import Budget
    from grundy.reports.words_check import engine_answer
    from grundy.solving.solve import solve

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    listed, budget = namespace["winning_positions"], Budget(CHECK_STEPS)
    namespace["MOVE_STEPS"] = max(namespace["MOVE_STEPS"], CHECK_STEPS)
    for position in _positions_sample(game, plan):
        try:
            engine_answer(game, position, False, budget)  # (the budget: past it, the check ends)
            answer = solve(game, game.validate(position))
        except SearchLimitError:
            break
        except GrundyError:
            continue  # (a position the engine refuses: the check of the values saw the error line)
        want = [game.format_position(m.to) for m in answer.winning_moves]
        got = [" ".join(words) for words in listed(list(position))]
        if got != want:
            raise GrundyError(f"internal error: the exported program's winning moves of {position} "
                              f"lead to {got}, the engine's to {want}; please report it")


POSITIONS_SAMPLE = 300
"""How many positions the check of a game on positions compares with the engine (and as many
sums of two of them)."""
CHECK_STEPS = 2_000_000
"""The engine's steps for the whole of that check (and of a family's of one's own): it compares the
positions (games) it settles within them, the first ones first."""


def _positions_check(code: str, game: Game, plan: Plan) -> None:
    """Run the Python program on positions the engine answers and compare: those reachable from
    the declared start (breadth first), else the positions whose coordinates are within 3 of the
    least ones (tuples of any length: of lengths 1..4); single positions and sums of two, as a
    line (or a case of two positions) gives them. Where the engine refuses (a position outside
    the game, a failure of the move function) or finds a loopy value, the program must answer
    with an error. In misère play the outcomes are compared (the engine's misère search); of an
    outcome program, its ``0 P`` / ``- N`` with the engine's values (0, or not). The
    check ends where the engine's :data:`CHECK_STEPS`, for all the positions together, run out."""
    from itertools import pairwise

    from grundy.define.sums import Sum
    from grundy.engine.limits import Budget
    from grundy.reports.words_check import engine_answer, program_answer

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    answer, misere = namespace["answer"], plan.misere_search
    alone = plan.outcome_search and not misere  # (its lines: '0 P' or '- N')
    # (a bound set lower with limit= refuses inputs, as intended: the answers are checked past it)
    namespace["MOVE_STEPS"] = max(namespace["MOVE_STEPS"], CHECK_STEPS)
    budget = Budget(CHECK_STEPS)  # (all the positions together, the nearest first)
    values: list[tuple[tuple[int, ...], Any]] = []
    for position in _positions_sample(game, plan):
        try:
            want = _compared(answer, game, position, misere, alone, budget)
        except SearchLimitError:
            break  # (the check's budget is spent: the positions compared so far are the check)
        if want is not None:
            values.append((position, want))
    if not values and plan.arity is None:  # (nothing compared: a program that was not checked)
        tried = "those reachable from the start" if game.laws.start else "tuples of 1 to 4 numbers 0..3"
        raise NotSupportedError(f"{plan.name}: the engine answers none of the positions the check tries "
                                f"({tried}), so the program cannot be checked before it is printed; "
                                f"declare start= (the check then takes the positions reachable from it)")
    for (p, v), (q, w) in pairwise(values):
        try:
            want = v ^ w if not misere else engine_answer(game, Sum(p, q), misere, budget)
        except SearchLimitError:
            break
        want = _seen_as(want, alone)
        if program_answer(answer, (p, q), misere, alone) != want:
            raise GrundyError(f"internal error: the exported program is wrong on the sum {p} + {q}; "
                              f"please report it")
        if plan.arity is not None and program_answer(answer, [*p, *q], misere, alone) != want:
            raise GrundyError(f"internal error: the exported program is wrong on the line of {p} and "
                              f"{q}; please report it")
    # (an outcome program: larger positions too, as far as what is left of the budget goes)
    for position in _deeper_sample(game, plan) if plan.outcome_search else []:
        try:
            _compared(answer, game, position, misere, alone, budget)
        except SearchLimitError:
            break


def _compared(answer: Any, game: Game, position: Any, misere: bool, alone: bool, budget: Any) -> Any:
    """The engine's answer for ``position`` (:func:`~grundy.reports.words_check.engine_answer`),
    once the program's is found the same (else an internal error); ``alone``: the program prints
    the outcome alone."""
    from grundy.reports.words_check import engine_answer, program_answer

    want = engine_answer(game, position, misere, budget)
    got = program_answer(answer, list(position), misere, alone)
    if got != _seen_as(want, alone):
        raise GrundyError(f"internal error: the exported program gives {got} for {position}, the "
                          f"engine {want}; please report it")
    return want


DEEPER_SAMPLE = 150
"""How many larger positions the check of an outcome program adds (seeded): its search stops
early only where a position's options have options of their own."""


def _deeper_sample(game: Game, plan: Plan) -> list[tuple[int, ...]]:
    """Larger positions than :func:`_positions_sample`'s, for the check of an outcome program
    (whose search of a small position ends a move or two from it): of a game with no declared
    start, tuples of 5 to 10 numbers 0..2 (any length), else coordinates up to 12 above the least
    ones; seeded, the same each time."""
    import random

    if game.laws.start is not None:
        return []  # (the sample is the positions reachable from the start already)
    rng = random.Random(2026)
    if plan.arity is None:
        return [tuple(rng.randint(0, 2) for _ in range(rng.randint(5, 10))) for _ in range(DEEPER_SAMPLE)]
    low = plan.origin or (0,) * plan.arity
    return [tuple(m + rng.randint(0, 12) for m in low) for _ in range(DEEPER_SAMPLE)]


def _seen_as(value: Any, outcome: bool) -> Any:
    """The engine's ``value`` as an outcome program answers it (``outcome``): ``"N"`` for a
    non-zero value (no value printed), 0 and ``None`` (an error line) as they are."""
    return "N" if outcome and value else value


def _positions_sample(game: Game, plan: Plan) -> list[tuple[int, ...]]:
    """The positions :func:`_positions_check` compares: reachable from the start, or a corner (of
    tuples of any length: those of lengths 1..4 with numbers 0..3, the smallest sums first)."""
    from itertools import islice, product

    from grundy.define.sums import Sum

    start = game.laws.start
    if start is None and plan.arity is None:
        tuples = [t for k in range(1, 5) for t in product(range(4), repeat=k)]
        return sorted(tuples, key=lambda t: (sum(t), len(t)))[:POSITIONS_SAMPLE]
    if start is None:
        assert plan.arity is not None
        low = plan.origin or (0,) * plan.arity
        corner = product(*[range(m, m + 4) for m in low])
        return sorted(islice(corner, POSITIONS_SAMPLE), key=sum)
    seen: dict[Any, None] = {start(): None}
    frontier = list(seen)
    while frontier and len(seen) < POSITIONS_SAMPLE:
        nxt = []
        for position in frontier:
            for option in game.options(position):
                for part in option.parts if isinstance(option, Sum) else (option,):
                    if part not in seen and part != ():
                        seen[part] = None
                        nxt.append(part)
        frontier = nxt
    return [p for p in islice(seen, POSITIONS_SAMPLE) if isinstance(p, tuple)]


def _grid_check(code: str, game: Game, plan: Plan) -> None:
    """Run the Python program on boards of one to three heads (every board of one or two heads of
    a 4 × 4 corner, of three or more factors a 2 × 2 × ... box, three-head boards, heads far out)
    and compare with the engine's values (its own nim-product)."""
    from itertools import combinations, product

    from grundy.engine.search import grundy_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    assert plan.grid is not None
    o, dim = plan.grid[2], 2 + len(plan.grid_more)
    cells = list(product(range(o, o + (4 if dim == 2 else 2)), repeat=dim))
    far: list[tuple[int, ...]] = [(*head, *(o + 2 + i for i in range(dim - 2)))  # (later ones small)
                                  for head in ((2**40 + 3, 5 + o), (o + 7, 2**63 - 1), (2**32, 2**32 + 1))]
    boards = [b for k in (1, 2) for b in combinations(cells, k)] + list(combinations(cells[::3] + far, 3))
    for board in boards:
        want = grundy_value(game, game.validate(" ".join(",".join(map(str, head)) for head in board)))
        got = namespace["grundy_value"]([v for head in board for v in head])
        if got != want:
            raise GrundyError(f"internal error: the exported program gives {got} for the heads {board}, "
                              f"the engine {want}; please report it")


def _misere_check(code: str, game: Game) -> None:
    """Run the Python program on sums of one to three heaps below 16 (that it answers) and compare
    with :func:`grundy.solving.solve.solve` in misère play (by the same theorems or quotient, or
    by brute force where they do not decide)."""
    from itertools import combinations_with_replacement

    from grundy.model.game import Outcome
    from grundy.solving.solve import solve

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    wins, limit = namespace["first_player_wins"], namespace["LIMIT"]
    for count in range(1, 4):
        for heaps in combinations_with_replacement(range(16 if limit is None else min(16, limit)), count):
            want = solve(game, heaps, misere=True).outcome == Outcome.N
            if wins(list(heaps)) != want:
                raise GrundyError(f"internal error: the exported misère program says "
                                  f"{'N' if not want else 'P'} for heaps {list(heaps)}; please report it")


def _p_rule(game: Game, patterns: list[Any], origin: tuple[int, ...] | None = None,
            heap: bool = False) -> Any:
    declared = game.laws.export
    if declared is not None and declared.kind == "p-positions":  # (a theorem's rule in code of its own)
        return OutcomeRule(declared.words or "", f"proved ({declared.theorem})", declared.formula,
                           declared.code)
    theorem = next((t for t in game.laws.theorems if t.describes == Describes.P_POSITIONS), None)
    if theorem is not None:  # (a theorem's formula, declared by the game: Laws.theorems)
        return OutcomeRule(theorem.words, f"proved ({theorem.name})", theorem.formula)
    found = next((p for p in patterns if p.describes == Describes.P_POSITIONS and p.formula is not None),
                 None)
    if found is None:
        return None
    n = found.checked_upto
    where = (f"n <= {n}" if heap
             else f"a <= {n}, b <= {n}" if not origin or not any(origin)
             else f"{origin[0]} <= a <= {n}, {origin[1]} <= b <= {n}")
    return OutcomeRule(pattern_law(found.text), f"conjecture, checked for {where}", found.formula)


def _self_check(code: str, plan: Plan) -> None:
    """Run the Python program on a sample of the table (every cell of a small one) and compare; a
    cell that is not a position must be refused."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    table = plan.table
    corner = plan.origin or ((0, 0) if plan.kind == "pair" else (0,))
    if plan.kind != "pair":
        n0 = corner[0]
        step = max(1, (len(table) - n0) // 500)
        cells: list[tuple[tuple[int, ...], int | None]] = [
            ((n,), table[n]) for n in range(n0, len(table), step)]
    else:
        a0, b0 = corner
        side = len(table) - a0
        step = max(1, side // 25)
        cells = [((a, b), table[a][b]) for a in range(a0, len(table), step)
                 for b in range(b0, len(table[a]), step)]
    p_position = namespace.get("p_position")  # the P-positions' rule, used beyond the table
    for args, want in cells:
        try:
            got = value(*args)
        except ValueError:
            got = None
        if got != want:
            raise GrundyError(f"internal error: the exported program gives G{args} = {got}, the table "
                              f"{want}; please report it")
        if want is not None and p_position is not None and p_position(*args) != (want == 0):
            raise GrundyError(f"internal error: the exported rule for the P-positions is wrong at {args} "
                              f"(G = {want}); please report it")


def _table_and_patterns(game: Game, upto: int | None) -> tuple[str, Any, list[Any], Any]:
    from grundy.reports.tables import heap_patterns, pair_patterns

    if isinstance(game, HeapGame):
        from grundy.tables.analysis import analyze

        result = analyze(game, HEAP_UPTO if upto is None else upto)
        return "heap", result.first(result.upto + 1), heap_patterns(result), result.periodicity
    grid = game.table_2d(PAIR_UPTO if upto is None else upto)
    if grid is None:
        families = [f"'{game.name}({','.join(f.params)})'" for f in game.families]
        hint = (f"; export its family {' or '.join(families)} instead, whose program reads the game "
                f"from the judge's input" if families else
                f"; 'grundy solve {game.spec} --input lines FILE' answers a judge's input of its "
                f"positions, one a line, as solve reads them" if game.own_rules else "")
        raise NotSupportedError(f"export needs a heap game or a game on pairs of numbers, not {game.spec}"
                                f"{hint}")
    if not grid or not grid[0]:
        raise InvalidInputError("upto must leave at least one position")
    return "pair", grid, pair_patterns(grid, game), None


_RULE_KINDS = {"staircase": "staircase", "tree-staircase": "tree", "split-stones": "split", "strip": "strip"}
"""The export rules a game declares (:class:`~grundy.model.laws.ExportRule`) that are written as
their own kind of program, by the kind."""


def _coin_plan(game: Game, declared: ExportRule) -> Plan:
    """A coin-turning game read as the positions of its heads (coins numbered from 1 at the left):
    the value of one head by its theorem, a row the XOR over its heads."""
    from grundy.patterns.formulas import evaluate

    formula, theorem = declared.formula or "", declared.theorem or ""
    law = f"G(head at n) = {formula}"
    pattern = Pattern(Describes.VALUES, f"{law} (proved: {theorem})", formula, Status.PROVED, 0,
                      proof=f"{theorem}; a row of coins is the sum of its heads (the coin-turning theorem)")
    table: list[int | None] = [None] + [evaluate(formula, n=n) for n in range(1, 65)]
    what = ("the Grundy value of one head at coin n; several numbers are the heads of one row, whose "
            "value is the XOR of theirs (the coin-turning theorem)")
    return Plan(game.spec, "number", table, pattern, origin=(1,), sums=True, what=what,
                domain="n >= 1: one head at coin n (coins numbered from 1 at the left); several numbers "
                       "are the heads of one row")


# ---- the games of grundy.define with a declared domain, or on one number ----------------------

def _domain_words(domain: Any, kind: str) -> str | None:
    """The declared domain in words (``a >= 1, b >= 1``, ``and valid()``), or ``None``."""
    parts = []
    names = ("a", "b") if kind == "pair" else ("n",)
    if domain.minimum is not None:
        parts += [f"{v} >= {m}" for v, m in zip(names, domain.minimum, strict=True)]
    text = ", ".join(parts)
    if domain.valid is not None:
        text += (" and " if text else "") + ("those valid() accepts, which the program knows only "
                                             "inside its table")
    return text or None


def _user_plan(game: Any, upto: int | None, limit: int | None = None) -> Plan | None:
    """The plan of a ``@grundy.game``: on pairs with a declared domain, or on one number; ``None``
    for a game on pairs from ``(0, 0)`` (the general path, as before) and refused otherwise. The
    values are the game's declared table (:attr:`Laws.position_table
    <grundy.model.laws.Laws.position_table>`): the pairs up to :data:`PAIR_UPTO`, or the numbers
    up to :data:`HEAP_UPTO` (by default)."""
    laws = laws_of(game)
    if laws.input_layout is not None and laws.input_layout() == "tuple":  # (rows of any length, even
        return _positions_plan(game, type(game).domain, None)            # where pairs lead to pairs)
    if laws.input_layout is not None and laws.input_layout() == "text":  # (words: parse=str)
        return _positions_plan(game, type(game).domain, None, text=True)
    table = laws.position_table
    if table is None:
        return None
    from grundy.define import answering
    from grundy.define.position_table import NoPositionTable
    from grundy.engine.search import DEFAULT_LIMIT

    domain = type(game).domain
    try:
        with answering(limit=DEFAULT_LIMIT if limit is None else limit):
            values = table(PAIR_UPTO if upto is None else upto)
            if values.grid is None and upto is None:  # (one number: the longer default table)
                values = table(HEAP_UPTO)
    except NoPositionTable:
        if domain.arity is not None:  # (positions of several numbers: a Python program, no table)
            return _positions_plan(game, domain, domain.arity)
        if game.laws.input_layout() == "tuple":  # (tuples of numbers of any length: the same)
            return _positions_plan(game, domain, None)
        return None  # refused by the general path, with its message
    if values.grid is not None:
        if not domain.declared_any:
            return None
        return _domain_pair_plan(game, values.grid, domain)
    assert values.line is not None
    return _line_plan(game, values.line, domain)


def _positions_plan(game: Any, domain: Any, arity: int | None, misere: bool = False,
                    text: bool = False) -> Plan:
    """The plan of a ``@grundy.game`` on positions of ``arity`` numbers (no table; ``None``:
    tuples of any length; ``text``: words, ``parse=str``, :mod:`grundy.export.words`): a Python
    program carrying its move function (:mod:`grundy.export.positions`); ``misere``: who wins in
    misère play, by its search."""
    from grundy.define.source import position_move_source

    if domain.valid is not None or (text and domain.minimum is not None):
        declared = "valid=" if domain.valid is not None else "minimum="
        instead = "let the move function refuse what is not a position" if text else \
            "declare minimum= instead, or let the move function refuse what is not a position"
        raise NotSupportedError(f"{game.spec}: the game declares {declared}, which an exported program "
                                f"cannot check ({instead})")
    source, outside = position_move_source(game)
    if source is None:
        raise not_carried(game.spec, "move function", outside)
    return Plan(game.spec, "positions", source=source, origin=domain.minimum,
                arity=arity, misere_search=misere, text=text)


def _own_misere_plan(game: Any) -> Plan:
    """The plan of a ``@grundy.game`` on tuples of numbers in misère play: the program searches
    every sum reachable (:data:`grundy.export.positions.PY_MISERE`), declared ``arity=`` numbers a
    position (probed pairs: 2), else a tuple of any length; refused for positions that are not
    numbers (``parse=``, ``valid=``)."""
    layout = game.laws.input_layout()
    if layout is None:
        raise NotSupportedError(f"{game.spec}: export in misère play reads positions of numbers; this "
                                f"game's positions are read from their own text (grundy solve "
                                f"{game.spec} --misere --input lines FILE answers them)")
    domain = type(game).domain
    arity = domain.arity if domain.arity is not None else 2 if layout == "pair" else None
    return _positions_plan(game, domain, arity, misere=True, text=layout == "text")


def outcome_by_search(game: Game) -> bool:
    """Whether ``export --outcome`` of ``game`` is written by the outcome search (a game of one's
    own that is not a heap game: :func:`own_outcome_plan`), not from a heap game's P-positions."""
    return not isinstance(game, HeapGame) and game.laws.input_layout is not None


def own_outcome_plan(game: Any, *, misere: bool = False, winning_moves: bool = False,
                     parts: bool = False, claim: bool = False) -> Plan:
    """The plan of ``export --outcome`` of a ``@grundy.game`` on tuples of numbers (or words,
    ``parse=str``: :mod:`grundy.export.words`): a Python
    program carrying its move function that answers who wins alone, by the search of
    :mod:`grundy.engine.outcome_search` (:data:`grundy.export.positions.PY_OUTCOME`): in normal
    play a sum of several positions (a line of a game that declares ``arity=``) by its parts'
    values; with ``misere``, every sum searched as a whole, the search stopping at a sum's first
    losing option. Declared ``arity=`` numbers a position (probed pairs: 2), else a tuple of any
    length. Refused in one line: another game (a heap game's outcome program holds its
    P-positions), positions read from their own text, and what an outcome alone has no use for."""
    given = [name for name, used in (("winning_moves", winning_moves), ("a case of k positions", parts),
                                     ("a claim", claim)) if used]
    if given:
        raise InvalidInputError(f"{game.spec}: the outcome program of a game of your own prints who wins "
                                f"each case, one position a case (a line of several positions: their "
                                f"sum); {given[0]} has no use there (export without outcome)")
    if not outcome_by_search(game):
        raise NotSupportedError(f"{game.spec}: an outcome program by the search is written for a game of "
                                f"your own on tuples of numbers (@grundy.game); a heap game's holds its "
                                f"P-positions")
    layout = game.laws.input_layout()
    if layout is None:
        raise NotSupportedError(f"{game.spec}: the outcome program reads positions of numbers; this "
                                f"game's positions are read from their own text (grundy solve "
                                f"{game.spec} --input lines FILE {'--misere' if misere else '--outcome'} "
                                f"answers them)")
    domain = type(game).domain
    arity = domain.arity if domain.arity is not None else 2 if layout == "pair" else None
    return replace(_positions_plan(game, domain, arity, misere=misere, text=layout == "text"),
                   outcome_search=True)


def _positions_steps(plan: Plan, budget: Budget | None) -> Plan:
    """``plan`` with the options its program may list for one input: ``budget``'s steps when given."""
    if budget is None or budget.standard:
        return plan
    return replace(plan, steps=budget.room())


def _domain_pair_plan(game: Any, cells: list[list[int | None]], domain: Any) -> Plan:
    from grundy.define.domain import domain_pair_patterns
    from grundy.define.source import move_source
    from grundy.reports.tables import pair_patterns

    a0, b0 = domain.minimum if domain.minimum is not None else (0, 0)
    table = [row[b0:] for row in cells[a0:]]
    if not table or not table[0]:
        raise InvalidInputError(f"upto must leave at least one position (the game's positions start "
                                f"at ({a0}, {b0}))")
    words = _domain_words(domain, "pair")
    patterns: list[Pattern] = []
    if domain.valid is None:  # beyond the table, only the minimum can be checked
        patterns = domain_pair_patterns(cells, (a0, b0), lambda grid: pair_patterns(grid, game))[0]
    best = next((p for p in patterns if p.describes == Describes.VALUES and p.formula is not None), None)
    rule = _p_rule(game, patterns, (a0, b0)) if best is None else None
    unproved = best is None or best.status != Status.PROVED
    source = move_source(game) if unproved and domain.valid is None else None
    left_out = _not_carried(game) if source is None and unproved and domain.valid is None else ()
    return Plan(game.spec, "pair", _pad(table, a0, b0), best, None, rule, source, origin=(a0, b0),
                domain=words, notes=left_out)


def _pad(table: list[list[int | None]], a0: int, b0: int) -> list[list[int | None]]:
    """The table indexed from ``(0, 0)`` (blank below the origin), as the self-check reads it."""
    width = b0 + len(table[0])
    blank: list[int | None] = [None] * width
    return [list(blank) for _ in range(a0)] + [blank[:b0] + row for row in table]


def _line_plan(game: Any, line: list[int | None], domain: Any) -> Plan:
    from grundy.define.domain import shift_formula
    from grundy.patterns.formulas import evaluate
    from grundy.patterns.search import find_patterns
    from grundy.reports.tables import PATTERN_STEPS

    n0 = domain.minimum[0] if domain.minimum is not None else 0
    values = line[n0:]
    if not values:
        raise InvalidInputError(f"upto must leave at least one position (the game's positions start "
                                f"at {n0})")
    upto = len(line) - 1
    best = None
    if domain.valid is None and all(v is not None for v in values):
        for p in find_patterns(values, steps=PATTERN_STEPS):  # type: ignore[arg-type]
            if p.describes != Describes.VALUES or p.formula is None:
                continue
            if n0 == 0:
                best = p
                break
            formula = shift_formula(p.formula, {"n": n0})
            if all(evaluate(formula, n=n) == line[n] for n in range(n0, upto + 1)):
                best = Pattern(Describes.VALUES,
                               f"G(n) = {formula} (conjecture, checked for {n0} <= n <= {upto})",
                               formula, Status.CONJECTURE, upto)
                break
    source = None
    if (best is None or best.status != Status.PROVED) and domain.valid is None:
        # (the table, and beyond it the move function: a program by a formula cannot carry it, so
        # an unproved formula would answer nothing past the table, not even with --conjecture)
        from grundy.define.source import position_move_source

        source = position_move_source(game)[0]
        if source is not None:
            best = None
    left_out = _not_carried(game) if source is None and best is None and domain.valid is None else ()
    return Plan(game.spec, "number", line, best, origin=(n0,), domain=_domain_words(domain, "number"),
                sums=domain.arity == 1, source=source, notes=left_out)
