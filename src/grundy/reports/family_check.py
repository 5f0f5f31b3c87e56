"""The check of a family's program before it is printed (:func:`check_family_program`): its
Python main (for a C++ program, or one without a main, the Python program of the same input, as
the other export checks do) is run on inputs written here in the layout it was asked for
(``--input``, ``--params``; sums of games, ``--params sum``: :mod:`grundy.reports.family_sums`),
and each of its lines is compared with grundy's own answer of the case it was written from (the
tests read every sample input back with ``solve --input``'s readers, and get the same cases).

The inputs are a fixed sample: for each parameter, small values (the smallest the family allows, the
one below it, values where its formula changes: ``a = b``, ``a = 1``), a large one, sets and lists
of pairs of a few shapes (and a subtraction set with a member past 4096), graphs of a few shapes
(cycles, loops, an edge twice; trees; successor lists) in the layout the family reads; single heaps
and sums of several (tokens on several vertices), and for the families whose value the engine gives
by a rule, heaps near 10**6 and 10**18. The engine values a heap of at most :data:`MEX_UPTO` by the
plain mex over the game's moves (no closed form of the family is used; a sum of heaps, the XOR of
their values), a larger one by ``solve``; in misère play, one heap by the plain search of its
options; a position of Moore's Nim by the plain search of what it reaches where that is small
(:data:`MOORE_SEARCH`); in the misère play of a family that has a misère program
(:mod:`grundy.export.family_misere`), a whole position by the plain search of what it reaches where
that is small (:data:`MISERE_SEARCH`), else by the SJ theorem or genus theory over the game's proved
heap law as ``solve --misere`` applies them (its other ways where they do not), and a large position
of Moore's Nim by its normal-play outcome, which Moore's misère rule gives wherever a heap is at
least 2 (that rule is tested against brute force in ``tests/export/test_family_misere.py``); a
graph's case as ``solve --input`` answers it (Green Hackenbush by the plain search of the edges left
standing, tokens on a digraph by ``solve``, vertex geography by the game's outcome). The work is
bounded by :data:`CHECK_POSITIONS`, the heaps valued (positions, for a family whose position is not
a sum of heaps), all inputs together.

A line of the program must be the engine's; an error of the engine (parameters outside the family,
a position it refuses) must be an error line of the program (the messages may differ).

>>> from grundy.catalog import load_family
>>> from grundy.export.family import python_family
>>> title, family = load_family("bash(a,b)")
>>> check_family_program(title, family, python_family(title, family, True, "cases", "last"),
...                      "cases", "last")
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from itertools import product
from math import prod
from typing import Any

from grundy.errors import GrundyError
from grundy.model.game import laws_of
from grundy.model.laws import GRAPH_PARAMETERS, PAIR_PARAMETERS, SET_PARAMETERS, Family

CHECKED_KINDS = ("formula", "subtraction", "moore", "stripes", "kfold", "misere", "forbidden", "digraph",
                 "hackenbush", "geography")
"""The family kinds whose programs this check runs (those read as numbers, sets, lists of pairs
and graphs; a family on a board is left to its tests)."""

CHECK_POSITIONS = 500
"""How many heaps (or positions) the check values, all its inputs together."""

MEX_UPTO = 64
"""The largest heap the engine values by the plain mex over its moves; a larger one by ``solve``."""

SUBTRACTION_MEX_UPTO = 20_000
"""The largest heap of a subtraction game the engine values by the plain mex (a few options a heap)."""

MOORE_SEARCH = 100
"""A position of Moore's Nim is valued by the plain search of what it reaches when the product of
its heaps plus one is at most this (and no heap is above 17); beyond, one heap by ``solve``, several
by the outcome the game declares (Moore's theorem)."""

_SETS = ((1,), (2,), (1, 2), (2, 3), (1, 3, 4), (3, 5, 7), (2, 5, 8, 9), (4, 7, 4), (0, 2))
"""The sets of the sample: one member, consecutive ones, ones whose period is long, a repeated
member, and a member 0 (refused)."""

_LONG_SET = (1, 5000)
"""A subtraction set with a member past 4096, whose values the program keeps as runs of words (its
other path): heaps near that member and twice it, valued by the plain mex too."""

_LONG_HEAPS = ((4999,), (5000,), (5001,), (10_001,), (1, 10_000))

_PAIRS = (((1, 1),), ((3, 2), (5, 5)), ((4, 1), (4, 2), (2, 1)), ((6, 3), (6, 6), (3, 1), (9, 4)))
"""The lists of pairs ``x y`` of the sample (forbidden-nim: a heap of ``x`` may not lose ``y``)."""

_GRAPHS = (((1, 2),), ((1, 2), (2, 3)), ((1, 2), (2, 3), (3, 1), (3, 4)), ((5, 5), (5, 6)),
           ((1, 2), (1, 2), (2, 3)), ((10, 20), (10, 30), (10, 40), (40, 50)), ((2, 1), (3, 1), (1, 4)))
"""The graphs of the sample, as their edges ``u v`` (directed for tokens): an edge, a path, a
cycle with a tail, a loop, an edge twice, a star, edges into a vertex."""

_TREES = (((1, 2),), ((1, 2), (2, 3)), ((1, 2), (1, 3), (3, 4), (3, 5)), ((3, 1), (1, 2), (1, 4)))
"""The trees of the sample (``T``: ``n``, then ``n - 1`` edges), each through vertex 1."""

_LISTS = (((0, 1),), ((0, 1), (1, 2), (2, 0)), ((0, 1), (0, 2), (2, 3), (3, 2)), ((1, 0), (2, 2)))
"""The directed graphs of the sample as successor lists (``L``: vertices ``0..n-1``)."""

MISERE_SEARCH = 5000
"""A position is valued in misère play by the plain search of what it reaches when the product of
its heaps plus one is at most this (and its counters at most ``4 MEX_UPTO``: the search's depth)."""

_SMALL = (0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 17, 33, 64)
_SUMS = ((3, 5), (1, 2, 3), (7, 7), (10, 4, 6), (0, 9))
_BIG = (10**6 + 3, 10**18 + 7)
_BIG_KINDS = ("formula", "subtraction", "moore", "misere", "kfold")
"""The kinds whose large heaps the engine answers by a rule (a formula, a proved period, a theorem)."""


def _numbers(family: Family) -> list[tuple[int, ...]]:
    """The whole-number parameters of the sample: each 0..3 (for three parameters, 1..3 and one
    with a 0), then each 1000 (a formula past the heaps near it)."""
    count = len(family.params)
    small = (list(product(range(4), repeat=count)) if count < 3
             else [(0,) * count, *product(range(1, 4), repeat=count)])
    return [*small, (1000,) * count]


def sample_params(family: Family) -> list[tuple[Any, ...]]:
    """The parameters' values the check reads, as :func:`grundy.cli.judge_family.family_cases`
    gives them (a set or a list of pairs as a tuple).

    >>> from grundy.catalog import load_family
    >>> sample_params(load_family("bash(m)")[1])[:3], sample_params(load_family("subtraction(S)")[1])[2]
    ([(0,), (1,), (2,)], ((1, 2),))
    """
    if len(family.params) == 1 and family.params[0] in SET_PARAMETERS:
        return [(s,) for s in _SETS] + [(_LONG_SET,)] * (family.kind == "subtraction")
    if len(family.params) == 1 and family.params[0] in PAIR_PARAMETERS:
        return [(p,) for p in _PAIRS]
    if len(family.params) == 1 and family.params[0] in GRAPH_PARAMETERS:
        reads = family.params[0]
        return [(g,) for g in (_TREES if reads == "T" else _LISTS if reads == "L" else _GRAPHS)]
    return [tuple(v) for v in _numbers(family)]


def _positions(family: Family, one: bool, big: bool = True) -> list[tuple[int, ...]]:
    """The positions each parameters' game is asked (``one``: a single heap each; ``big``: heaps
    near 10**6 and 10**18 too, where the engine answers them by a rule)."""
    big = big and family.kind in _BIG_KINDS
    found: list[tuple[int, ...]]
    if family.position is not None:  # (the keyword fixes it: the input gives none)
        return [(family.position,)]
    if family.kind in ("hackenbush", "geography"):  # (a vertex: of the graph, or of none of its edges)
        return [(v,) for v in (0, 1, 2, 3, 4, 5, 6, 10, 40, 50, 99)]
    if family.kind == "digraph":  # (tokens on vertices; on one no edge names, none moves)
        found = [(v,) for v in (0, 1, 2, 3, 4, 5, 10, 99)] + [(1, 2), (2, 3, 1), (1, 1), (0, 2), (99, 5)]
        return [p for p in found if not one or len(p) == 1]
    if family.kind == "kfold":  # (n, the start, or n limit)
        found = [(n,) for n in _SMALL] + [(5, 2), (8, 3), (13, 13), (9, 1), (4, 9), (0, 3)]
        found += [(b,) for b in _BIG] if big else []
    else:
        found = [(n,) for n in _SMALL] + [s for s in _SUMS if family.kind != "misere"]
        found += [(b,) for b in _BIG] if big else []
    return [p for p in found if not one or len(p) == 1]


def _params_words(params: tuple[Any, ...], reads: str = "") -> list[str]:
    """The parameters as the input writes them (a set: its size, then its members; pairs: their
    count, then each pair; a graph as ``reads`` says, :data:`~grundy.model.laws.GRAPH_READS`)."""
    words: list[str] = []
    for value in params:
        if reads in GRAPH_PARAMETERS:
            words += _graph_words(value, reads)
        elif isinstance(value, tuple):
            flat = (x for m in value for x in (m if isinstance(m, tuple) else (m,)))
            words += [str(len(value)), *map(str, flat)]
        else:
            words.append(str(value))
    return words


def _shown(family: Family, params: tuple[Any, ...]) -> str:
    """The parameters by their names (``a = 1, b = 2``; a set ``S = {1, 3, 4}``; pairs
    ``P = {4:1, 4:2}``).

    >>> from grundy.catalog import load_family
    >>> _shown(load_family("forbidden-nim(P)")[1], (((4, 1), (4, 2)),))
    'P = {4:1, 4:2}'
    """
    def text(value: Any) -> str:
        if not isinstance(value, tuple):
            return str(value)
        return "{" + ", ".join(":".join(map(str, m)) if isinstance(m, tuple) else str(m)
                               for m in value) + "}"

    return ", ".join(f"{name} = {text(value)}" for name, value in zip(family.params, params, strict=True))


def _graph_words(edges: tuple[tuple[int, int], ...], reads: str) -> list[str]:
    """A graph's words: ``m`` and its edges (``E``), ``n m`` first (``G``), ``n`` and its ``n - 1``
    edges (``T``), or ``n`` and each vertex's successors, their count first (``L``)."""
    flat = [str(x) for edge in edges for x in edge]
    if reads == "L":
        count = 1 + max(x for edge in edges for x in edge)
        words = [str(count)]
        for u in range(count):
            after = [str(v) for a, v in edges if a == u]
            words += [str(len(after)), *after]
        return words
    if reads == "T":
        return [str(len(edges) + 1), *flat]
    if reads == "G":
        return [str(len({x for edge in edges for x in edge})), str(len(edges)), *flat]
    return [str(len(edges)), *flat]


def _case_words(layout: str, position: tuple[int, ...], fixed: bool = False) -> list[str]:
    """One case's position as the layout writes it: one heap (``single``), the numbers of a line,
    or their count, then the numbers (``fixed``: none, a keyword fixes it)."""
    if fixed:
        return []
    numbers = [str(x) for x in position]
    return numbers if layout in ("single", "lines") else [str(len(position)), *numbers]


def _cases_text(family: Family, layout: str, where: str, cases: list[Case]) -> str:
    """The input of ``cases`` (each its parameters and position; ``first``, ``after``: all of them
    of the same parameters; ``counted``: one) in ``layout``, the parameters ``where``."""
    params, reads, fixed = cases[0][0], family.params[0], family.position is not None
    lines: list[list[str]] = []
    if reads in GRAPH_PARAMETERS and where in ("size-first", "counts-first"):
        lines = [_graph_case_words(p[0], reads, where, h) for p, h in cases]
    elif where == "size-first":  # (|S|, the heap, the members; one heap)
        lines = [[str(len(p[0])), str(h[0]), *map(str, p[0])] for p, h in cases]
    elif where == "counts-first":  # (n m, the n heaps, then the m members)
        lines = [[str(len(h)), *_params_words(p, reads)[:1], *map(str, h), *_params_words(p, reads)[1:]]
                 for p, h in cases]
    elif where == "after":  # (T, or n with counted, then the parameters, then the cases)
        head = str(len(cases[0][1]) if layout == "counted" else len(cases))
        lines = [[head, *_params_words(params, reads)]] + [
            [str(x) for x in h] if layout == "counted" else _case_words(layout, h, fixed) for _, h in cases]
        return "\n".join(" ".join(line) for line in lines) + "\n"
    elif where == "block":
        return _blocks_text(family, layout, cases)
    else:
        if where == "first":
            lines.append(_params_words(params, reads))
        for p, h in cases:
            words = _case_words(layout, h, fixed)
            lines.append(_params_words(p, reads) + words if where == "each" else
                         words + _params_words(p, reads) if where == "last" else words)
    if layout in ("cases", "single") and where != "first":
        lines.insert(0, [str(len(cases))])
    elif layout in ("cases", "single"):
        lines.insert(1, [str(len(cases))])
    return "\n".join(" ".join(line) for line in lines) + "\n"


def _graph_case_words(edges: tuple[tuple[int, int], ...], reads: str, where: str,
                      position: tuple[int, ...]) -> list[str]:
    """A graph's case whose counts come first: the graph's counts (``m``; ``n m``; a tree's ``n``),
    then its one vertex (``size-first``: POJ 2599's ``n k``) or the number ``k`` of its tokens
    (``counts-first``: LibreOJ 10243's ``N M K``), then the edges, then (``counts-first``) the
    ``k`` vertices."""
    words = _graph_words(edges, reads)
    counts = 2 if reads == "G" else 1
    if where == "size-first":
        return [*words[:counts], str(position[0]), *words[counts:]]
    return [*words[:counts], str(len(position)), *words[counts:], *map(str, position)]


def _blocks_text(family: Family, layout: str, cases: list[Case]) -> str:
    """Blocks of cases, each its parameters, then its cases (``repeated``: up to a count 0;
    ``counted``: one case a block); the blocks run to the end of the input."""
    reads, fixed = family.params[0], family.position is not None
    lines: list[str] = []
    at = 0
    while at < len(cases):
        params = cases[at][0]
        block: list[tuple[int, ...]] = []
        while at < len(cases) and cases[at][0] == params and (layout != "counted" or not block):
            block.append(cases[at][1])
            at += 1
        lines.append(" ".join(_params_words(params, reads)))
        if layout in ("cases", "single"):
            lines.append(str(len(block)))
        lines += [" ".join(_case_words(layout, h, fixed)) for h in block]
        if layout == "repeated":
            lines.append("0")
    return "\n".join(lines) + "\n"


Case = tuple[tuple[Any, ...], tuple[int, ...]]
"""A case of the sample: its parameters' values (a set, a list of pairs as a tuple) and its position."""


def sample_inputs(family: Family, layout: str, where: str) -> Iterator[tuple[str, list[Case]]]:
    """The inputs of the sample, each with the heaps it asks, up to :data:`CHECK_POSITIONS` of
    them: one input per parameters (all cases of one game) where the parameters are read once or
    a case is read alone, else one input of every game's cases."""
    one = layout == "single" or where == "size-first" or (where == "last" and layout == "lines"
                                                          and family.params[0] in SET_PARAMETERS)
    budget = CHECK_POSITIONS
    games: list[list[Case]] = []
    for params in sample_params(family):
        if where == "block" and all(p in (0, ()) for p in params):
            continue  # (parameters all 0 end the input)
        cases = []
        end_mark = layout == "lines" and where in ("each", "last") and all(p in (0, ()) for p in params)
        long = params == (_LONG_SET,)  # (big heaps: small games only)
        small = not long and all(isinstance(p, tuple) or p <= 3 for p in params)
        more = [h for h in _LONG_HEAPS if not one or len(h) == 1] if long else []
        for position in _positions(family, one, small) + more:
            if end_mark and not any(position):
                continue  # (a line of zeros that is no game ends the input: the judge's end mark)
            if budget < len(position):
                break
            budget -= len(position)
            cases.append((params, position))
        if cases:
            games.append(cases)
    if layout == "counted" and where != "block":  # (one case an input)
        yield from ((_cases_text(family, layout, where, [case]), [case]) for cases in games for case in cases)
        return
    if where in ("first", "after"):  # (one game an input)
        yield from ((_cases_text(family, layout, where, cases), cases) for cases in games)
        return
    flat = [c for cases in games for c in cases]
    if flat:
        yield _cases_text(family, layout, where, flat), flat


def _program_lines(code: Any, text: str) -> list[str]:
    """The lines the program's main (``code`` compiled) prints for ``text`` (its standard input);
    a stop of its main (an input it cannot read) is its last line."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(code, namespace)
    old_in, old_out, out = sys.stdin, sys.stdout, io.StringIO()
    try:
        sys.stdin, sys.stdout = io.StringIO(text), out
        try:
            namespace["main"]()
        except SystemExit as stop:
            if isinstance(stop.code, str):
                out.write(stop.code + "\n")
    finally:
        sys.stdin, sys.stdout = old_in, old_out
    return out.getvalue().splitlines()


class _Engine:
    """grundy's own answer of a case, as the program's line: ``VALUE OUTCOME`` (``- OUTCOME`` where
    the program prints no value: Moore's Nim, misère play; ``- OUTCOME TAKE`` of a k-fold game)."""

    def __init__(self, title: str, family: Family, misere: bool = False) -> None:
        from grundy.catalog import find_entry
        from grundy.engine.search import Cache

        entry = find_entry(title.partition("(")[0])
        assert entry is not None  # (the family was found by its name)
        self.cls: Any = entry.load_class()
        self.family, self.cache, self.misere_play = family, Cache(), misere
        self.searched: dict[tuple[Any, ...], bool] = {}
        self.memos: dict[Any, Any] = {}
        self.games: dict[tuple[Any, ...], Any] = {}
        self.misere: dict[tuple[Any, ...], dict[int, bool]] = {}
        self.values: dict[tuple[Any, ...], list[int]] = {}

    def _mex_value(self, params: tuple[Any, ...], game: Any, n: int) -> int:
        """``G(n)`` by the plain mex over the options of the heaps up to ``n`` (an option of
        several heaps, or none, the XOR of theirs: the Sprague-Grundy theorem)."""
        from grundy.engine.search import mex

        known = self.values.setdefault(params, [])
        for h in range(len(known), n + 1):
            found = []
            for option in game.heap_options(h):
                total = 0
                for m in option:
                    total ^= known[m]
                found.append(total)
            known.append(mex(found))
        return known[n]

    def _misere_wins(self, params: tuple[Any, ...], game: Any, n: int) -> bool:
        """Whether the player to move wins heap ``n`` in misère play (no move: a win), by the
        plain search of its options (a heap, or none left)."""
        known = self.misere.setdefault(params, {})
        for h in range(len(known), n + 1):
            options = [o[0] if o else None for o in game.heap_options(h)]
            known[h] = not options or any(o is None or not known[o] for o in options)
        return known[n]

    def line(self, params: tuple[Any, ...], numbers: list[int]) -> str:
        """The engine's line of the case (``error`` where the engine refuses it)."""
        from grundy.solving.solve import solve_value

        if self.family.kind in ("digraph", "hackenbush", "geography"):
            return self._graph_line(params[0], numbers)
        if params not in self.games:  # (the game the parameters' values name, a set's members in order)
            flat = [x for v in params for x in (v if isinstance(v, tuple) else (v,))]
            self.games[params] = self.cls.from_params(*flat, **dict(self.family.keywords))
        game, kind = self.games[params], self.family.kind
        if kind == "kfold":  # (n, its start (n, n - 1), or n limit)
            if len(numbers) not in (1, 2):
                return "error"
            position = game.validate((numbers[0], max(numbers[0] - 1, 0)) if len(numbers) == 1
                                     else tuple(numbers))
        else:
            position = game.validate(tuple(numbers))
        if kind == "kfold":  # (who wins, and the smallest winning take, by the game's rule)
            rule = laws_of(game).winning_moves
            moves = None if rule is None else rule(position)
            if moves is None:
                raise GrundyError(f"{game.spec}: no rule gives its winning moves")
            takes = [position[0] - move.to[0] for move in moves]
            return f"- N {min(takes)}" if takes else "- P -"
        if self.misere_play:  # (a sum, or Moore's Nim, in misère play)
            return f"- {'N' if self._misere_line(game, position) else 'P'}"
        if kind == "misere":  # (one heap: by the plain search of its options in misère play)
            wins = (self._misere_wins(params, game, numbers[0]) if len(numbers) == 1
                    and numbers[0] <= MEX_UPTO else
                    solve_value(game, position, misere=True, cache=self.cache)[0].value == "N")
            return f"- {'N' if wins else 'P'}"
        if kind == "moore":
            return self._moore_line(game, position, numbers)
        total = 0
        for n in numbers:
            plain = n <= MEX_UPTO or (kind == "subtraction" and n <= SUBTRACTION_MEX_UPTO)
            total ^= (self._mex_value(params, game, n) if plain
                      else self._solved(game, (n,)))
        return f"{total} {'N' if total else 'P'}"

    def _misere_line(self, game: Any, position: tuple[int, ...]) -> bool:
        """Whether the player to move wins ``position`` in misère play: by the plain search of what
        it reaches where that is small; else Moore's Nim by its normal-play outcome (a heap >= 2:
        Moore's misère rule), another game by ``solve --misere``."""
        from grundy.solving.solve import solve_value

        if prod(n + 1 for n in position) <= MISERE_SEARCH and sum(position) <= MEX_UPTO * 4:
            return self._misere_search(game, game.canonical(position))
        if self.family.kind == "moore" and max(position) >= 2:
            return bool(game.closed_outcome(position).value == "N")
        from grundy.theory.misere import MisereMemo, misere_outcome

        memo = self.memos.setdefault(game, MisereMemo())  # (a game's heap law found once)
        found = misere_outcome([(game, (n,)) for n in position], memo=memo)
        if found is not None:
            return found.outcome.value == "N"
        return bool(solve_value(game, position, misere=True, cache=self.cache)[0].value == "N")

    def _misere_search(self, game: Any, position: tuple[int, ...]) -> bool:
        """The plain misère search: the player to move wins with no move, or with a move to a
        position the other player loses (no rule of the game is used)."""
        key = (game, position)
        if key not in self.searched:
            options = [game.canonical(o) for o in game.options(position)]
            self.searched[key] = not options or not all(self._misere_search(game, o) for o in options)
        return self.searched[key]

    def _graph_line(self, edges: tuple[tuple[int, int], ...], numbers: list[int]) -> str:
        """A graph's case, as ``solve --input`` answers it: tokens on vertices (a sum; a vertex no
        edge names: no move), or Green Hackenbush grounded at a vertex (by the plain search of
        the edges left standing), or vertex geography started at one (by the game's outcome)."""
        import numpy as np

        from grundy.engine.search import grundy_value
        from grundy.games.graphs.fileio import GraphData
        from grundy.model.game import forget_laws
        from grundy.model.textio import int_text
        from grundy.solving.solve import solve_value

        kind, index, cls = self.family.kind, dict[int, int](), self.cls
        pairs = [index.setdefault(x, len(index)) for edge in edges for x in edge]
        names = tuple(str(x) for x in index)
        data = GraphData(names, np.array(pairs, dtype=np.int64).reshape(-1, 2),
                         names[0] if kind == "hackenbush" else None, "the check")
        if kind != "digraph" and len(numbers) != 1:
            raise GrundyError(f"a position is one vertex, got {len(numbers)} numbers")
        if kind == "digraph":
            on = tuple(index[t] for t in numbers if t in index)
            game = cls.from_graph(data) if on else cls.from_edges(1, [])
            outcome, value = solve_value(game, game.validate(on or (0,)), cache=self.cache)
            shown = "-" if value is None else value if isinstance(value, str) else int_text(value)
            text = f"{shown} {outcome.value}"
        elif kind == "hackenbush":
            whole = cls.from_graph(data)
            game = (whole.grounded_at(str(numbers[0])) if numbers[0] in index else
                    cls.from_graph(GraphData((str(numbers[0]),), np.zeros((0, 2), dtype=np.int64),
                                                  str(numbers[0]), "the check")))
            if self.misere_play:  # (a forest by solve --misere; a cycle: the program's error line)
                text = self._misere_hackenbush(game)
            else:
                value = grundy_value(game, game.full, use_rules=False)
                text = f"{value} {'N' if value else 'P'}"
            forget_laws(game)
        else:
            known = numbers[0] in index
            game = cls.from_graph(data) if known else cls.from_edges(1, [])
            outcome = game.closed_outcome(game.validate(index[numbers[0]] if known else 0))
            text = f"- {outcome.value}"
        forget_laws(game)
        return text

    def _misere_hackenbush(self, game: Any) -> str:
        """Green Hackenbush in misère play, where what stands on the ground is a forest (its
        branches there: ``ground_branches``): ``solve --misere``; with a cycle, a loop or an edge
        twice standing, an error (the program's line must be one)."""
        from grundy.solving.solve import solve_value

        if game.ground_branches(game.full) is None:
            raise GrundyError("a cycle stands on the ground: no misère rule for the program")
        return f"- {solve_value(game, game.full, misere=True, cache=self.cache)[0].value}"

    def _solved(self, game: Any, position: tuple[int, ...]) -> int:
        """The value ``solve`` gives (a heap game's: a number)."""
        from grundy.solving.solve import solve_value

        value = solve_value(game, position, cache=self.cache)[1]
        if not isinstance(value, int):
            raise GrundyError(f"internal error: {game.spec} {position}: solve gives no value; please "
                              f"report it")
        return value

    def _moore_line(self, game: Any, position: Any, numbers: list[int]) -> str:
        """Moore's Nim: the value where one heap at most is not empty (the program prints no
        other), and the outcome."""
        from grundy.engine.search import grundy_value

        value: int | None
        if prod(n + 1 for n in numbers) <= MOORE_SEARCH and max(numbers, default=0) <= 17:
            value = grundy_value(game, position, cache=self.cache, use_rules=False)
            wins = value != 0
        elif sum(1 for n in numbers if n) <= 1:  # (one heap: solve's value)
            value = self._solved(game, position)
            wins = value != 0
        else:  # (the outcome by Moore's theorem, which the game declares)
            wins, value = game.closed_outcome(position).value == "N", None
        shown = value if sum(1 for n in numbers if n) <= 1 else "-"
        return f"{shown} {'N' if wins else 'P'}"


def checked_layout(family: Family, layout: str, where: str, main: bool) -> str | None:
    """The layout whose main the check runs: the one asked for; for a program without a main (its
    functions alone) whose default layout a main cannot read (a graph spans several lines), cases;
    ``None`` where no main reads the parameters ``where``.

    >>> from grundy.catalog import load_family
    >>> checked_layout(load_family("digraph(E)")[1], "lines", "each", False)
    'cases'
    """
    from grundy.errors import InvalidInputError
    from grundy.export.family import check_layout

    for candidate in (layout,) if main else (layout, "cases"):
        try:
            check_layout(family, candidate, where, True)
        except InvalidInputError:
            continue
        return candidate
    return None


def check_family_program(title: str, family: Family, code: str, layout: str, where: str,
                         misere: bool = False) -> None:
    """Run the Python program ``code`` (its main reads ``layout``, the parameters ``where``) on
    the sample inputs and compare each line with the engine's answer of the case (``misere``:
    in misère play); a disagreement raises :class:`~grundy.errors.GrundyError` naming the first
    input that disagrees."""
    if family.kind not in CHECKED_KINDS or where in ("sum", "sum-last"):
        return  # (sums: grundy.reports.family_sums)
    engine, compiled = _Engine(title, family, misere), compile(code, "<export>", "exec")
    for text, cases in sample_inputs(family, layout, where):
        got = _program_lines(compiled, text)
        for number, case in enumerate(cases):
            try:
                want = engine.line(case[0], list(case[1]))
            except GrundyError:
                want = "error"
            line = got[number] if number < len(got) else "(no line)"
            if line != want and not (want == "error" and line.startswith("error")):
                shown = f"{_shown(family, case[0])}, position {' '.join(map(str, case[1]))}"
                raise GrundyError(f"internal error: the exported program of {title} (--input {layout} "
                                  f"--params {where}) answers {line!r} for {shown} (case {number + 1} of "
                                  f"its check's input), grundy {want!r}: not printed; please report it")
