"""The classes a decorated move function becomes: :class:`UserHeapGame` (a game on heaps, from
``moves(n)``) and :class:`UserGame` (any hashable positions, from ``moves(position)``; cycles
allowed). :func:`grundy.heap_game` and :func:`grundy.game` (in :mod:`grundy.define`) build a frozen
subclass per game; the answers, tables and reasons of those games are written here."""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from itertools import repeat
from typing import Any, ClassVar

from grundy.define import base
from grundy.define import reasons as _reasons  # noqa: F401  (the templates of these rules)
from grundy.define.base import _Defined, _short
from grundy.define.by_rule import NPositionByRule
from grundy.define.domain import Domain, default_format, default_parse, outside_default_domain
from grundy.define.fill import counted_range, move_result
from grundy.define.heaps import heap_state
from grundy.define.pairs import beyond_exploring, has_pair_pattern, pair_state, pair_value
from grundy.define.query import Answering, active, current, game_state
from grundy.define.sums import Sum, hashable, is_empty
from grundy.engine.explore import KEPT_POSITIONS, PositionGraph
from grundy.errors import (
    GrundyError,
    InvalidGameError,
    InvalidInputError,
    InvalidPositionError,
    NotSupportedError,
    ResourceLimitError,
    SearchLimitError,
)
from grundy.model.game import Game, HeapGame, HeapResult, Move, Outcome, Position, split_tokens
from grundy.model.laws import Describes, ExportRule, Laws, PositionValues, Status, TableMethod
from grundy.model.period_rules import PeriodRule, TableBuild
from grundy.model.periodic import Progress
from grundy.model.reason import Reason

CHUNK = 4096
"""Heaps between two calls of the progress hook of the table builder."""

EMPTY = Sum()
"""The empty sum: what an option ``()`` or ``grundy.Sum()`` of a ``@grundy.game`` stands for."""
NOTHING = "nothing left"
"""How the empty sum is written (a move label reads ``→ nothing left``)."""


# ---- heap games -----------------------------------------------------------------------------------

class UserHeapGame(_Defined, HeapGame):
    """Base of the heap games made by :func:`heap_game` (a class-based definition may subclass it
    and set ``move_function``; ``grundy.catalog.register`` then adds it)."""

    octal_code: ClassVar[str | None] = None
    """The octal game these rules declare themselves to be (``heap_game(..., octal="4.3303")``)."""
    declared_splits: ClassVar[bool | None] = None
    """Whether a move splits a heap, as declared (``heap_game(..., splits=True)``); ``None``: read
    once from the small heaps (:func:`~grundy.define.base.probe_splits`)."""

    @property
    def laws(self) -> Laws:
        return Laws(period_rule=self._period_rule, splits=self._splits(),
                    table_builder=self._build_table, heap_value=self._heap_value,
                    heap_moves_to_value=self._heap_moves_to_value, heap_reason=self._heap_reason,
                    step_budget=True, octal_note=self._octal_note)

    def _octal_note(self, upto: int) -> str | None:
        """Which octal game these rules agree with on heaps ``0..upto`` (none when declared)."""
        from grundy.games.takebreak.octal_match import octal_note

        return octal_note(self, upto)

    def _period_rule(self) -> PeriodRule | None:
        """The declared octal game's periodicity theorem (the declaration checked on small heaps)."""
        from grundy.games.takebreak.octal_match import declared_rule

        return declared_rule(self)

    def _splits(self) -> bool:
        """:attr:`declared_splits`, or read once from the small heaps (:func:`probe_splits`)."""
        declared = type(self).declared_splits
        return base.probe_splits(self) if declared is None else declared

    def heap_options(self, n: int, listed: Any = None) -> list[HeapResult]:
        """The distinct options of one heap of ``n`` (each a tuple of heaps), checked; ``listed``:
        what the move function has returned at ``n`` already (then it is not called again)."""
        where = f"heap {n}"
        seen: dict[HeapResult, None] = {}
        for option in self._options_at(where, n) if listed is None else self._listed(where, listed):
            parts = self._check(n, option)
            seen.setdefault(tuple(sorted(parts)) if len(parts) > 1 else parts, None)
        return list(seen)

    def _check(self, n: int, option: Any) -> HeapResult:
        """The heaps ``option`` leaves, as Python ints (an integer of another type, such as
        numpy's, is read by ``operator.index``, as the tight loops index with it), or the clear
        error."""
        parts = option if isinstance(option, tuple | list) else (option,)
        heaps = []
        for h in parts:
            try:
                heap = None if isinstance(h, bool) else operator.index(h)
            except TypeError:
                heap = None
            if heap is None or not 0 <= heap < n:
                if isinstance(option, Sum):
                    raise InvalidGameError(
                        f"{self.spec}: move to {_short(option)} from heap {n}: a heap game splits a "
                        f"heap by a tuple of the heaps it leaves, e.g. (a, b), not Sum(a, b) "
                        f"(Sum is for @grundy.game)")
                what = "move to" if parts is not option else "split into"
                raise InvalidGameError(
                    f"{self.spec}: {what} {_short(option)} from heap {n}: every heap a move leaves "
                    f"must be an int >= 0 and smaller than {n} (use @grundy.game for "
                    f"games with cycles)")
            heaps.append(heap)
        return tuple(heaps)

    def heap_moves(self, n: int) -> list[tuple[str, HeapResult]]:
        # a heap removed leaves a heap of 0 (a position keeps at least one heap)
        return [(f"{n} → {' + '.join(map(str, r))}", r) if r else (f"{n} → nothing", (0,))
                for r in self.heap_options(n)]

    def _slow_seen(self, n: int, options: list[Any], g: list[int]) -> set[int]:
        """The values of options that may be splits (tuples); anything unusual is checked."""
        seen = set()
        for option in options:
            total = 0
            cls = option.__class__
            if cls is int and 0 <= option < n:
                seen.add(g[option])
                continue
            if cls is tuple:
                for h in option:
                    if h.__class__ is not int or not 0 <= h < n:
                        break
                    total ^= g[h]
                else:
                    seen.add(total)
                    continue
                total = 0
            for h in self._check(n, option):
                total ^= g[h]
            seen.add(total)
        return seen

    def fill_table(self, g: list[int], stop: int, *, limit: int | None = None,
                   progress: Progress | None = None, splits: list[bool] | None = None) -> int:
        """Extend ``g = G(0..len(g)-1)`` towards ``G(0..stop-1)``: ``G(n)`` is the mex of the XORs
        of the parts of each option, in a tight loop with no engine. With ``limit``, stop (without
        error) once more than that many steps (heaps + options) are done. Returns the steps done
        (without ``limit``: the heaps added, by :func:`grundy.define.fill.fill_all`); ``splits``
        (a list) receives whether a move of the heaps tabulated split a heap."""
        if limit is None:
            from grundy.define.fill import fill_all

            before = len(g)
            fill_all(self, g, stop, progress, splits)
            return len(g) - before
        fn = self._call()
        append = g.append
        steps = 0
        cap = float("inf") if limit is None else limit
        mixed = split = False
        for a in range(len(g), stop, CHUNK):
            for n in range(a, min(a + CHUNK, stop)):
                if steps > cap:
                    if splits is not None:
                        splits.append(split)
                    return steps
                options = move_result(self, fn, n)
                if type(options) is not list:
                    if counted_range(options, n):  # (the rest by counts, within what is left)
                        return steps + self._fill_by_ranges(g, stop, cap - steps, options, split, splits)
                    options = self._listed(f"heap {n}", options)
                if mixed:
                    seen: set[int] = set()
                    add = seen.add
                    try:
                        for o in options:
                            if o.__class__ is int:
                                if o < 0:
                                    raise IndexError
                                add(g[o])
                            else:
                                x = 0
                                for h in o:  # (a non-int part fails to index g)
                                    if h <= 1 and (h < 0 or h is True or h is False):
                                        raise IndexError
                                    x ^= g[h]
                                add(x)
                                if len(o) > 1:
                                    split = True
                    except (TypeError, IndexError):
                        seen = self._slow_seen(n, options, g)  # raises the clear error
                        split = split or base.splits_among(options)
                    steps += 2 * len(options)  # an option of a game with splits costs 3 steps
                else:
                    try:
                        seen = {g[o] for o in options}
                        if options and min(options) <= 1 and (
                                min(options) < 0 or bool in map(type, options)):
                            raise TypeError  # a negative heap, or True or False
                    except (TypeError, IndexError):
                        seen = self._slow_seen(n, options, g)
                        split = split or base.splits_among(options)
                        mixed = True  # splits (or errors): check each option from now on
                v = 0
                while v in seen:
                    v += 1
                append(v)
                steps += len(options) + 1
            if progress:
                progress(len(g), stop)
        if splits is not None:
            splits.append(split)
        return steps

    def _fill_by_ranges(self, g: list[int], stop: int, cap: float, first: range, split: bool,
                        splits: list[bool] | None) -> int:
        """The rest of :meth:`fill_table` once heap ``len(g)``'s options are a range below it
        (``first``): :func:`~grundy.define.fill.by_ranges` to ``stop`` within ``cap`` steps (the
        index of the values so far one step a heap); returns the steps done."""
        from grundy.define.fill import OverBudget, by_ranges, value_index

        left = cap - len(g)
        try:
            _, more, left = by_ranges(self, self._call(), g, stop, left, value_index(g), first)
            split = split or more
        except OverBudget as out:  # (heap len(g) not tabulated: the budget is spent)
            split, left = split or bool(out.args[0]), 0
        if splits is not None:
            splits.append(split)
        return int(cap - left)

    def _build_table(self, upto: int, method: TableMethod, progress: Progress | None) -> TableBuild:
        """``G(0..upto)`` within the query's step budget (:func:`~grundy.define.query.current`:
        ``grundy table --limit N``, a library call's ``limit=``, else the default), each heap and
        option a table step (:data:`~grundy.define.query.TABLE_STEP` of a search step); past it,
        one refusal saying how far the table got."""
        import numpy as np

        from grundy.define.fill import OverBudget, fill_all
        from grundy.define.query import TABLE_STEP

        if method == "sparse":
            raise InvalidInputError(f"method 'sparse' applies to octal games only, not {self.spec}")
        values: list[int] = []
        seen: list[bool] = []
        context = current()
        try:
            spent = fill_all(self, values, upto + 1, progress, seen, context.room() / TABLE_STEP)
        except OverBudget:
            raise SearchLimitError(
                f"{self.spec}: the table of heaps 0..{upto:,} needs more than {context.limit:,} steps "
                f"(a heap or an option is {TABLE_STEP:g} of a step; it reached heap "
                f"{len(values):,}); limit= raises the budget", parameters=("limit",),
                spec=self.spec) from None
        context.charge(spent * TABLE_STEP, self.spec)
        return TableBuild(np.array(values, dtype=np.int64), "python (the move function)", upto + 1,
                          splits=any(seen))

    # ---- any heap: the table within the budget, a checked pattern beyond it --------------------
    def _heap_value(self, n: int) -> int | None:
        state = heap_state(self)
        if n < len(state.table):
            return state.table[n]
        return state.value(self, n, current())

    def _heap_moves_to_value(self, n: int, target: int) -> list[tuple[str, HeapResult]] | None:
        """The moves of heap ``n`` to options of value ``target``, each option valued once (by
        the table, or by the pattern that answered ``n``, which vouches for its options)."""
        context = current()
        value = self._heap_value(n)
        used = heap_state(self).used.get(n)
        if target == 0 and value == 0 and used is not None and used.describes == Describes.P_POSITIONS:
            return []  # (P by the rule, whose local check found no option P by it: no move to one)
        table = heap_state(self).table
        vouched = context.vouched
        found = []
        for r in self.heap_options(n):
            total = 0
            try:
                for h in r:
                    v = table[h] if h < len(table) else vouched.get((self, h))
                    total ^= self._heap_value(h) if v is None else v  # type: ignore[operator]
            except NPositionByRule:
                if target == 0 and len(r) == 1:
                    continue  # N by the rule of the P-positions: no move to a P-position
                raise
            if total == target:
                found.append((f"{n} → {' + '.join(map(str, r))}", r) if r else (f"{n} → nothing", (0,)))
        return found

    def _heap_reason(self, n: int) -> Reason | None:
        state = heap_state(self)
        used = state.used.get(n)
        if used is None:
            reached = state.reached.get(n)
            return None if reached is None else Reason("mex-reachable", {"heaps": reached})
        rule = used.rule
        if used.status == Status.PROVED:
            facts: dict[str, Any] = {"pattern": rule, "proof": used.proof}
            from grundy.games.takebreak.octal_match import declared_agreement

            declared = declared_agreement(self)
            if declared is not None:  # proved for the declared game; the rules checked to agree
                facts.update(declared_octal=declared[0], agrees_upto=declared[1])
            return Reason("proved-pattern", facts)
        return Reason("conjectured-pattern", {"pattern": rule, "checked_upto": used.checked_upto})


# ---- games on any positions (cycles allowed) --------------------------------------------------------


class UserGame(_Defined, Game):
    """Base of the games made by :func:`game`: the values come from the whole graph of positions
    reachable from the one asked about (explored within the step budget), by Smith's generalised
    Sprague-Grundy values, which are the ordinary ones when the graph has no cycle."""

    domain: ClassVar[Domain] = Domain()
    """The positions the game declares (arity, minimum, valid); any hashable one by default."""
    start_function: ClassVar[Callable[..., Any] | None] = None
    """The start position of the game, a function of its parameters (``start=``), if declared."""

    def start_position(self) -> Position | None:
        """The declared start position for this game's parameters (checked), or ``None``."""
        start = type(self).start_function
        if start is None:
            return None
        try:
            position = start(**self.params)
        except GrundyError:
            raise
        except Exception as exc:
            raise self._raised("its start position (start=)", exc) from None
        return self.validate(position)

    def parse_position(self, text: str) -> Position:
        parse = type(self).text_parse
        if parse is None:
            if not split_tokens(text) and type(self).start_function is not None:
                start = self.format_position(self.start_position())
                raise InvalidPositionError(f"{self.spec}: give a position, e.g. its start position "
                                           f"{start!r}")
            position = default_parse(text)
            if (type(self).domain.arity == 1 and isinstance(position, tuple) and len(position) > 1
                    and all(type(x) is int for x in position)):
                # a game on one number: several numbers are the sum of their positions (as an
                # exported program reads them)
                return self.validate(Sum(*((x,) for x in position)))
            return self._inside(position, text)
        try:
            position = hashable(parse(text))
        except GrundyError:
            raise
        except Exception as exc:
            raise InvalidPositionError(f"{self.spec}: cannot read position {text!r}: {exc}") from None
        return self._inside(position, text)

    def _inside(self, position: Any, shown: Any) -> Any:
        domain = type(self).domain
        if isinstance(position, Sum):
            return position
        why = domain.why_not(position) if domain.declared_any else None
        if why is None and domain.minimum is None and domain.valid is None:
            why = outside_default_domain(position)  # the default domain: numbers of at least 0
        if why is not None:
            raise InvalidPositionError(f"{self.spec}: position {shown!r} is not a position of the "
                                       f"game: {why}")
        return position

    def format_position(self, position: Any) -> str:
        if isinstance(position, Sum):
            return " + ".join(self.format_position(p) for p in position.parts) or NOTHING
        fmt = type(self).text_format
        return default_format(position) if fmt is None else str(fmt(position))

    def validate(self, position: Any) -> Position:
        if isinstance(position, str):
            return self.parse_position(position)
        position = hashable(position)
        if is_empty(position):
            return EMPTY
        if isinstance(position, Sum):
            for part in position.parts:
                self._inside(part, part)
            return position
        return self._inside(position, position)

    def options_of(self, position: Any, checked: set[Any] | None = None) -> list[Position]:
        """The distinct options of ``position`` (checked to be hashable); the options of a
        :class:`~grundy.define.sums.Sum` are its moves in one part. ``checked``: the positions
        seen inside the game's domain (this game's, :func:`game_state`), when the caller holds
        it already (an exploration: looked up once, not at each position)."""
        if isinstance(position, Sum):
            return list(dict.fromkeys(position.replace(i, o) for i, part in enumerate(position.parts)
                                      for o in self.options_of(part, checked)))
        try:
            got = self._call()(position)
        except GrundyError:
            raise
        except Exception as exc:
            raised = self._raised(self._where(position), exc)
            if isinstance(exc, TypeError) and self._read_as_numbers(position):
                raised = InvalidGameError(f"{raised}; a position's text is read as numbers unless the "
                                          f"game declares parse= (parse=str keeps a word such as "
                                          f"'0123' as it is)")
            raise raised from None
        if got.__class__ is not list and got.__class__ is not tuple:
            got = self._listed(self._where(position), got)
        # (each option hashable, a list made a tuple: hashable() at each, only where one is a
        # list or one is not hashable, where it converts or raises the clear error)
        if any(map(isinstance, got, repeat(list))):
            unique = dict.fromkeys(hashable(o) for o in got)
        else:
            try:
                unique = dict.fromkeys(got)
            except TypeError:
                unique = dict.fromkeys(hashable(o) for o in got)
        # "no position left": the empty sum, never passed to the move function (looked up by
        # hash: ``() in`` a list would compare () with every option)
        options = list(dict.fromkeys(EMPTY if o == () else o for o in unique)) if () in unique \
            else list(unique)
        domain = type(self).domain
        if domain.declared_any:
            if checked is None:
                checked = game_state("checked", self, set)  # (positions inside the domain, seen)
            if len(checked) >= KEPT_POSITIONS:
                checked.clear()  # (bounded as the graph is: checked again where met again)
            for o in options:
                for part in o.parts if isinstance(o, Sum) else (o,):
                    if part in checked:
                        continue
                    why = domain.why_not(part)
                    if why is None:
                        checked.add(part)
                    else:
                        raise InvalidGameError(f"{self.spec}: the move function moves from "
                                               f"{self._where(position)} to {_short(part)}, which is "
                                               f"not a position of the game ({why})")
        return options

    def _read_as_numbers(self, position: Any) -> bool:
        """Whether ``position`` is numbers that the default reading made of a text (no ``parse=``,
        no declared arity): a move function written for strings fails on them."""
        return (type(self).text_parse is None and type(self).domain.arity is None
                and isinstance(position, tuple) and all(type(x) is int for x in position))

    def _where(self, position: Any) -> str:
        """``position`` as errors name it (written only when one is raised)."""
        return f"position {self.format_position(position)!r}"

    def moves(self, position: Any) -> list[Move]:
        return [Move(f"→ {self.format_position(o) or repr(o)}", o) for o in self.options_of(position)]

    def options(self, position: Any) -> Iterator[Position]:
        """The options, as :meth:`moves` gives them, without their labels (a search reads only
        the positions: writing each one's text took two thirds of POJ 2068's misère search); of a
        position of the graph explored already (a misère search explores it first, to check it),
        read from the graph, in the same order, without calling the move function again."""
        graph = _graph_state(self)
        try:
            v = graph.index.get(position)
        except TypeError:  # (not hashable: the move function's own path says what is wrong)
            v = None
        if v is None or v in graph.folded or v in graph.sums:
            return iter(self.options_of(position))
        positions = graph.positions
        return iter([positions[w] for w in graph.succ[v]])

    def _graph(self, *roots: Position, context: Answering | None = None,
               graph: PositionGraph | None = None) -> PositionGraph:
        """The graph of positions with ``roots`` explored (within the query's budget:
        ``context``, by default :func:`~grundy.define.query.current`); ``graph``: this game's
        (:func:`_graph_state`), when the caller has it already."""
        if graph is None:
            graph = _graph_state(self)
        if context is None:
            context = current()
        room = context.room()
        outer, started = context.work, context.clock()  # (what a refusal meanwhile reports)
        context.work = lambda: (graph.busy_steps, graph.busy_calls, context.clock() - started)
        checked: set[Any] | None = None  # (the domain's, looked up once for the whole exploration)
        if type(self).domain.declared_any:
            checked = game_state("checked", self, set)
        options: Callable[[Any], list[Position]] = partial(self.options_of, checked=checked)
        try:
            steps = graph.explore(options, roots, room, self.spec, _parts)
        except SearchLimitError:
            if room == context.limit:
                raise
            raise SearchLimitError(f"{self.spec}: the positions reachable need more than the {room:,} "
                                   f"steps left of the query's budget of {context.limit:,} (positions "
                                   f"and moves); raise limit=", parameters=("limit",)) from None
        finally:
            context.work = outer
        context.charge(steps, self.spec)
        return graph

    def _general_value(self, position: Any) -> Any:
        """The generalised value: explored within the budget, or, for a pair too large to
        explore, by a pattern checked locally (:mod:`grundy.define.pairs`)."""
        context = active()
        if context is not None:  # (outside a query's block, nothing is vouched for)
            found = context.vouched.get((self, position))
            if found is not None:
                return found
        graph = _graph_state(self)
        if position in graph.index:
            return graph.value(position)
        if context is None:
            context = current()  # (a query of its own, outside a block)
        if beyond_exploring(self, position, context):
            return pair_value(self, position, context)
        try:
            return self._graph(position, context=context, graph=graph).value(position)
        except SearchLimitError as exc:  # (a pair whose moves go up, reaching too much: its pattern)
            if isinstance(exc, ResourceLimitError) or not has_pair_pattern(self, position, context):
                raise
            return pair_value(self, position, context, explored=True)

    @property
    def laws(self) -> Laws:
        return Laws(value=self._value, loopy_value=self._loopy_value, outcome=self._outcome,
                    moves_to_value=self._moves_to_value, winning_moves=self._winning_moves,
                    reason=self._reason, pair_table=self._pair_table,
                    misere_check=self._misere_check, searchable=self._searchable,
                    step_budget=True, position_table=self._position_values,
                    export=ExportRule("defined"), input_layout=self._input_layout,
                    start=None if type(self).start_function is None else self._start,
                    outcome_searches=True)

    def _input_layout(self) -> str | None:
        """How a case of this game is written in a judge's input (:attr:`Laws.input_layout`)."""
        arity = type(self).domain.arity
        if arity == 1:
            return "sum"
        if arity is not None and arity >= 3:
            return f"positions:{arity}"
        if self.any_length():
            return "tuple"  # (a row of any length: a case is n, then n numbers, never a pair a b)
        if self.pairs():
            return "pair"
        if self.table_line(0) is not None:
            return "number"
        domain = type(self).domain
        if domain.valid is None and type(self).text_parse is None:
            return "tuple"  # (probed: neither pairs nor one number; a case is n, then n numbers)
        if type(self).text_parse is str:
            return "text"  # (parse=str: a case is one line, the word as written)
        return None

    def _start(self) -> Position:
        """The declared start position (checked), for :attr:`Laws.start`."""
        start = self.start_position()
        assert start is not None  # (declared only when the game has a start function)
        return start

    def _position_values(self, upto: int) -> PositionValues:
        """The values of the positions up to ``upto`` (:mod:`grundy.define.position_table`)."""
        from grundy.define.position_table import position_values

        return position_values(self, upto)

    def _misere_check(self, position: Any) -> None:
        """The check of normal play before a misère search: options that are sums must not lead
        back to a part of themselves (``(n,) → (n,) + (0,)`` grows sums without end, which the
        misère search would follow); a position too large to explore is left to the misère
        search's own budget."""
        if not isinstance(position, Sum) and position in _graph_state(self).index:
            return  # (explored, and so checked, already: a misère search asks at each position)
        if isinstance(position, Sum) or not beyond_exploring(self, position, current()):
            try:
                self._graph(position)
            except ResourceLimitError:
                raise  # (a safety net: a refusal, never read as "no check here")
            except SearchLimitError:
                pass

    def _value(self, position: Any) -> int | None:
        value = self._general_value(position)
        return value if isinstance(value, int) else None

    def _loopy_value(self, position: Any) -> str | None:
        value = self._general_value(position)
        return None if isinstance(value, int) else str(value)

    def _outcome(self, position: Any) -> Outcome:
        from grundy.engine.loopy import value_outcome

        return value_outcome(self._general_value(position))

    def _moves_to_value(self, position: Any, target: int) -> list[Move]:
        return [m for m in self.moves(position) if self._general_value(m.to) == target]

    def _winning_moves(self, position: Any) -> list[Move]:
        if self._general_value(position) == 0:  # a P-position: no option has value 0 (the mex)
            return []
        return self._moves_to_value(position, 0)

    def _searchable(self, position: Any) -> bool:
        """False where a conjectured pattern answered ``position`` (a pair too large to explore,
        so its remoteness, which explores, is not looked for)."""
        return position not in pair_state(self).used

    def _reason(self, position: Any, misere: bool = False) -> Reason | None:
        if misere:
            return None
        used = pair_state(self).used.get(position)
        if used is not None:
            return Reason("conjectured-pair-pattern",
                          {"pattern": used.rule, "checked_upto": used.checked_upto})
        count, cyclic = self._graph(position).reach(position)
        return Reason("smith-positions" if cyclic else "mex-explored", {"explored": count})

    def pairs(self) -> bool:
        """Whether the positions are pairs of numbers: declared (``arity=2``), or, undeclared,
        when the move function takes ``(0, 0)`` and ``(1, 1)`` to pairs (a game on triples or
        names does not)."""
        domain = type(self).domain
        if domain.arity is not None:
            return domain.arity == 2
        if domain.valid is not None or type(self).text_parse is not None:
            return False
        return _shows_numbers(self, 2)

    def any_length(self) -> bool:
        """Whether the positions are rows of numbers of any length: nothing declared, and the
        move function takes ``(0, 0)``, ``(1, 1)`` to pairs and ``(0, 0, 0)``, ``(1, 1, 1)`` to
        triples (Sequential Nim's piles, where a move keeps the row's length), or, a game not on
        pairs, takes those pairs to rows of numbers and those triples to rows of two or more
        (CF 1600E's array, one number shorter each move). Such a game may also answer pairs or
        one number, but a judge's case of it is ``n`` and ``n`` numbers, one row."""
        domain = type(self).domain
        if domain.arity is not None or domain.valid is not None or domain.minimum is not None \
                or type(self).text_parse is not None:
            return False
        twos = base.probe_options(self, (0, 0), (1, 1))
        threes = base.probe_options(self, (0, 0, 0), (1, 1, 1))
        if _all_numbers(twos, 2):
            return _all_numbers(threes, 3)
        return bool(threes) and _rows(threes, 2) and twos is not None and _rows(twos, 1)

    def table_cells(self, upto: int) -> list[list[int | None]] | None:
        """``G(a, b)`` for ``a, b ≤ upto`` of a game on pairs, ``None`` at pairs outside its
        domain; ``None`` for a game not on pairs."""
        if not self.pairs():
            return None
        domain = type(self).domain
        cells = [[(a, b) if domain.contains((a, b)) else None for b in range(upto + 1)]
                 for a in range(upto + 1)]
        roots = [c for row in cells for c in row if c is not None]
        graph = self._graph(*roots)
        grid: list[list[int | None]] = []
        for row in cells:
            grid.append([])
            for cell in row:
                v = None if cell is None else graph.value(cell)
                if v is not None and not isinstance(v, int):
                    raise NotSupportedError(
                        f"{self.spec}: position {self.format_position(cell)!r} can reach itself and "
                        f"has no ordinary Grundy value (value {v}); grundy.solve answers it",
                        parameters=("solve",))
                grid[-1].append(v)
        return grid

    def table_line(self, upto: int) -> list[int | None] | None:
        """``G((n,))`` for ``n ≤ upto`` of a game on one number (1-tuples: declared ``arity=1``,
        or taken by the move function from ``(0,)`` and ``(1,)`` to 1-tuples), ``None`` outside
        its domain; ``None`` for any other game."""
        domain = type(self).domain
        if domain.arity is None and domain.valid is None and type(self).text_parse is None:
            if not _shows_numbers(self, 1):
                return None
        elif domain.arity != 1:
            return None
        cells = [(n,) if domain.contains((n,)) else None for n in range(upto + 1)]
        graph = self._graph(*[c for c in cells if c is not None])
        line: list[int | None] = []
        for cell in cells:
            v = None if cell is None else graph.value(cell)
            if v is not None and not isinstance(v, int):
                raise NotSupportedError(
                    f"{self.spec}: position {self.format_position(cell)!r} can reach itself and has no "
                    f"ordinary Grundy value (value {v}); grundy.solve answers it", parameters=("solve",))
            line.append(v)
        return line

    def _pair_table(self, upto: int) -> list[list[int]] | None:
        """The grid of :meth:`table_cells` when every pair from ``(0, 0)`` is a position."""
        grid = self.table_cells(upto)
        if grid is None or any(v is None for row in grid for v in row):
            return None
        return grid  # type: ignore[return-value]


_FURTHER_PROBES = (2, 3, 5, 8)
"""The numbers of the positions probed when ``(0, ..., 0)`` and ``(1, ..., 1)`` have no move."""


def _shows_numbers(game: Any, arity: int) -> bool:
    """Whether the move function shows positions of ``arity`` numbers: it takes ``(0, ..., 0)``
    and ``(1, ..., 1)`` to such positions; where neither has a move (which says nothing: a single
    card of ABC 354 E's row of cards ``a1 b1 a2 b2 ...`` has none), a few larger positions of
    ``arity`` numbers, and none of them with a move either is no sign of such positions."""
    options = base.probe_options(game, (0,) * arity, (1,) * arity)
    if options == []:
        further = [tuple(_FURTHER_PROBES[(i + k) % len(_FURTHER_PROBES)] for i in range(arity))
                   for k in range(len(_FURTHER_PROBES))]
        options = base.probe_options(game, *further)
        if not options:
            return False
    return _all_numbers(options, arity)


def _all_numbers(options: list[Any] | None, arity: int) -> bool:
    """Whether the probed ``options`` show positions of ``arity`` numbers: each one such a tuple,
    a sum of them or the empty sum, and, if there are any, at least one not empty (a move function
    that only ever leaves nothing, as ``p[:-1]`` does on a word, says nothing about numbers)."""
    if options is None or not all(_numbers(o, arity) for o in options):
        return False
    return not options or any(not is_empty(o) for o in options)


def _rows(options: list[Any] | None, shortest: int) -> bool:
    """Whether the probed ``options`` are all rows (tuples) of at least ``shortest`` ints."""
    return options is not None and all(
        type(o) is tuple and len(o) >= shortest and all(type(x) is int for x in o) for o in options)


def _numbers(option: Any, arity: int) -> bool:
    """Whether ``option`` is a tuple of ``arity`` ints, or a sum of such tuples."""
    if isinstance(option, Sum):
        return all(_numbers(part, arity) for part in option.parts)
    return isinstance(option, tuple) and len(option) == arity and all(type(x) is int for x in option)


def _parts(position: Any) -> tuple[Hashable, ...] | None:
    """The parts of a sum (valued by XOR); the empty sum is an ordinary position with no move."""
    return position.parts if isinstance(position, Sum) and position.parts else None


def _graph_state(game: UserGame) -> PositionGraph:
    """The positions of ``game`` explored so far (see :func:`grundy.define.query.game_state`)."""
    return game_state("graph", game, PositionGraph)
