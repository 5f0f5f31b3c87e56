"""Exports of a game *family* whose parameters a judge's input gives (``grundy export 'bash(m)'``):
the parameters are arguments of the exported functions, read at run time with the positions.

A family is declared by its game's class (:meth:`grundy.model.game.Game.family`, a
:class:`~grundy.model.laws.Family`), found from a spec whose parameters are written as names
(:func:`grundy.catalog.load_family`; :func:`grundy.reports.export_policy.export_family` writes
its program by :func:`grundy.export.family_code.family_code`). What the program computes, by
the family's kind:

- ``formula`` (``bash(m)``, ``bash(a,b)``, ``bounded-nim(m)``): a heap's value by a proved formula
  over ``n`` and the parameters; several heaps are a sum;
- ``subtraction`` (``subtraction(S)``): the mex table of the set ``S`` (:data:`PY_SUBTRACTION`),
  and beyond it a period the program proves itself: a window of ``max S`` values that repeats;
- ``moore`` (``moore(k)``): who wins by Moore's theorem;
- ``stripes`` (``stripes(c,z,n)``): the plain mex table of the octal game with the digit 7 at
  ``c``, ``z``, ``n``, up to the longest row it may compute;
- ``digraph`` (``digraph(E)``): tokens on a directed graph given as its edges, cycles allowed:
  each vertex's generalised Sprague-Grundy value (Smith; a number, or ``inf(K)``) by the mex from
  the sinks back, then the Fraenkel-Yesha labelling in stages; a sum by Smith's rule (P, N or D,
  a draw);
- ``hackenbush`` (``green-hackenbush(E)``): Green Hackenbush on an undirected multigraph given as
  its edges, a position its ground vertex, by the fusion and colon principles.
- ``geography`` (``vertex-geography(E)``): who wins vertex geography on an undirected graph given
  as its edges, a position its start vertex, by the maximum-matching theorem
  (:mod:`grundy.export.geography`, which also writes the whole program of ``geography-grid``,
  ``vertex-geography(B)``: a board of ``.``/``#`` cells, read by a main of its own).

Where the parameters stand in the input (:data:`WHERE`): ``first`` (once, before everything),
``each`` (every line or case starts with them), ``last`` (every line or case ends with them),
``block`` (blocks of cases), ``sum`` (a case is ``k`` games, each its parameters and its
position, their values XORed) or ``sum-last`` (the same, each game its position, then its
parameters: HDU 1851's piles ``M L``) or ``size-first`` (a case is the set's size, then its one
heap, then the set's members: EDPC K's ``N K``, then ``a_1 .. a_N``). A set parameter is its size,
then its members; a graph, its
number of edges ``m``, then ``m`` edges ``u v`` (or as :data:`~grundy.model.laws.GRAPH_READS`
says: ``n m``, a tree, successor lists). A family whose position a keyword fixes
(``green-hackenbush(T,ground=1)``) reads no position: a case is its parameters. Layouts
(:data:`LAYOUTS`): those of :mod:`grundy.export.main` (``repeated`` with ``block`` or ``sum``
only: cases up to one whose count is 0), and ``single`` (``T``, then ``T`` cases of one heap
each, no count). The Python main reads the input in pieces as it answers (one case held at a
time); so does the C++ main (pieces of 64 KiB, a word at a time).

>>> from grundy.model.laws import Family
>>> bash = Family("formula", ("m",), "n % (m + 1)", "m >= 1", "m >= 1", "the Bash game")
>>> source = python_family("bash(m)", bash, True, "lines", "each")
>>> namespace: dict[str, object] = {"__name__": "doc"}
>>> exec(source, namespace)
>>> namespace["grundy_value"](10, 3), namespace["answer"]([10, 7], [3])
(2, (1, True))
"""

from __future__ import annotations

from grundy.errors import InvalidInputError
from grundy.export.geography import MOVES_HEADER, PY_GEOGRAPHY_MOVES, graph_header, python_graph_body
from grundy.export.main import INPUT_FORMATS, PY_NUMBER
from grundy.export.model import PY_SUBTRACTION_SET
from grundy.model.laws import GRAPH_PARAMETERS, GRAPH_READS, PAIR_PARAMETERS, SET_PARAMETERS, Family

LAYOUTS = (*(f for f in INPUT_FORMATS if f != "repeated"), "single", "repeated")
"""What a family program's main reads: one position per line, ``T`` cases, one case, ``T``
cases of one heap each, or cases up to one whose count is 0 or the end of the input (with the
parameters ``block``: in each block; ``sum``: the cases of sums)."""

WHERE = ("first", "each", "last", "block", "sum", "sum-last", "after", "size-first", "counts-first")
"""Where the parameters stand: once before everything, at the start or at the end of each
line or case, at the start of each block of cases (blocks follow one another to the end of
the input, or to a block whose parameters are all 0: an empty set, a graph written 0, n m both 0),
``sum``: a case is ``k``, then ``k`` games, each its parameters and its position, whose values
XOR (POJ 3710: ``k`` graphs), ``sum-last``: the same, each game its position, then its
parameters (HDU 1851: ``k`` piles ``M L``), or ``after``: once, right after the input's first number (``T F``,
then ``T`` cases; with ``counted``, ``n k``, then the ``n`` heaps), or ``size-first``: a case is
the set's size, then its one heap, then the set's members (AtCoder EDPC K "Stones": ``N K``, then
``a_1 .. a_N``; a family whose one parameter is a set), or ``counts-first``: a case is ``n m`` (its
number of heaps, the size of the family's one set or list of pairs), then the ``n`` heaps, then the
``m`` members (AtCoder ABC 255 G: ``N M``, then ``A_1 .. A_N``, then ``M`` pairs ``X Y``). For a graph
read ``E``, ``G`` or ``T``, ``size-first`` is its counts, then one vertex (the position), then its
edges (POJ 2599: ``n k``, then ``n - 1`` edges), and ``counts-first`` its counts and ``k``, then its
edges, then the ``k`` numbers of the position (LibreOJ 10243: ``N M K``, the edges, then ``K``
tokens): the parts in the order of their counts."""

SUM_KINDS = ("hackenbush", "formula", "stripes", "own-heap")
"""The family kinds whose cases may be sums of games of different parameters (their values XOR):
Green Hackenbush (``green-hackenbush(E)``), and one heap (or row) with whole-number parameters
(``bash(m)``, ``bash(a,b)``, ``bounded-nim(m)``, ``stripes(c,z,n)``, a heap game of one's own with
keyword parameters; not a set: :func:`sums_of`)."""

SUMS = ("sum", "sum-last")
"""The places of the parameters that make a case a sum of ``k`` games: each game its parameters,
then its position (``sum``), or its position, then its parameters (``sum-last``)."""


def sums_of(family: Family) -> bool:
    """Whether a case of ``family`` may be a sum of games of their own parameters: a graph family
    of :data:`SUM_KINDS`, or one whose parameters are all whole numbers.

    >>> from grundy.catalog import load_family
    >>> [sums_of(load_family(s)[1]) for s in ("bash(m)", "stripes(c,z,n)", "subtraction(S)", "moore(k)")]
    [True, True, False, False]
    """
    return family.kind in SUM_KINDS and (family.kind == "hackenbush" or not any(
        p in SET_PARAMETERS or p in GRAPH_PARAMETERS for p in family.params))

STEPS = {"python": 30_000_000, "cpp": 2_000_000_000}
"""How many steps (a heap's options looked at, a window compared) a program may spend on its
run-time tables, all inputs together; past it an input that needs more gets an error line."""

RUNS_TRIAL = {"python": 2_000_000, "cpp": 100_000_000}
"""How many steps the runs of values (a subtraction set with a member beyond 4096) may take where a
table could prove the period too (``2 max S`` below the longest table): past them, the table."""

MAX_STRIPE = 100_000
"""The longest run a ``stripes(S)`` program accepts (the POI task asks up to 1000, AtCoder ABC 278 G
up to 2000); the game's own ``grundy.games.takebreak.stripes.MAX_STRIPE``, which a test keeps
equal."""

MOST = {"python": 2_000_000, "cpp": 20_000_000}
"""The longest run-time table a program keeps (values held in memory)."""


def check_layout(family: Family, layout: str, where: str, main: bool) -> None:
    """Refuse a layout the family's main cannot read, in one line."""
    if layout not in LAYOUTS:
        raise InvalidInputError(f"the input format must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    if where not in WHERE:
        raise InvalidInputError(f"the parameters stand {' or '.join(WHERE)} in the input, got {where!r}")
    if layout == "repeated" and where not in ("block", *SUMS):
        raise InvalidInputError("a family's cases to the end of the input: --params block (each block "
                                "its parameters, then its cases; with --input repeated, cases up to "
                                "one whose count is 0) or --params sum or sum-last (each case k, then k "
                                "games)")
    _check_sum_and_fixed(family, layout, where)
    _check_size_first(family, layout, where)
    _check_counts_first(family, layout, where)
    if layout != "lines" and not main:
        raise InvalidInputError(f"input_format={layout!r} says what the program's main reads: it "
                                f"needs main=True")
    if where == "after" and layout not in ("cases", "counted", "single"):
        raise InvalidInputError("--params after: the parameters follow the input's first number (T, "
                                "or n with counted): read cases, counted or single")
    if where == "block" and layout == "lines":
        raise InvalidInputError("a block of cases is the parameters, then its cases: read cases, "
                                "counted or single, not lines")
    if where == "last" and layout == "lines" and any(p in PAIR_PARAMETERS for p in family.params):
        raise InvalidInputError(f"a line cannot end with the pairs {family.params[0]} (their count comes "
                                f"first): put the parameters first or each, or read cases")
    if main and layout == "lines" and any(p in GRAPH_PARAMETERS for p in family.params):
        raise InvalidInputError(f"the graph {family.params[0]} spans several lines: read cases, "
                                f"counted or single")


def _check_sum_and_fixed(family: Family, layout: str, where: str) -> None:
    """Refuse a sum of games the family cannot add, or a fixed position where there is none to read."""
    if where in SUMS and not sums_of(family):
        graphs = "green-hackenbush and " if where == "sum" else ""
        raise InvalidInputError(f"--params {where} (a case is k games, their values XORed) is for "
                                f"{graphs}the families of one heap with whole-number parameters "
                                f"(bash(m), bash(a,b), bounded-nim(m), stripes(c,z,n), a heap game of "
                                f"your own), not {family.kind} "
                                f"({param_words(family)})")
    if where == "sum-last" and family.kind == "hackenbush":
        raise InvalidInputError("--params sum-last (each game its position, then its parameters) is for "
                                "a family of one heap; a graph's game is read with --params sum")
    if where in SUMS and layout not in ("cases", "counted", "repeated"):
        raise InvalidInputError(f"a case of --params {where} is k, then k games: read cases, counted or "
                                f"repeated, not {layout}")
    if family.position is not None and where not in ("each", "sum"):
        raise InvalidInputError(f"{family.fixed}={family.position} fixes every case's position: a case "
                                f"is its parameters alone, read with --params each or sum, not {where}")


def _check_size_first(family: Family, layout: str, where: str) -> None:
    """Refuse ``--params size-first`` (a case: the set's size, then one heap, then the set's
    members) where there is no single set parameter to split, or no such case to read."""
    if where != "size-first":
        return
    graph = _counted_graph(family)
    if not graph and (len(family.params) != 1 or family.params[0] not in SET_PARAMETERS
                      or family.kind == "own-heap"):
        raise InvalidInputError(f"--params size-first (a case is the set's size, then one heap, then "
                                f"the set's members; or a graph's counts, then one vertex, then its "
                                f"edges) is for a family whose one parameter is a set (subtraction(S), "
                                f"stripes(S)) or a graph read E, G or T, not {family.kind} "
                                f"({param_words(family)})")
    if layout not in ("counted", "single", *(() if graph else ("lines",))):
        raise InvalidInputError(f"a case of --params size-first is the set's size, then one heap, then "
                                f"the set's members (a graph's counts, then one vertex, then its edges): "
                                f"read counted (one case: EDPC K), single (T, then T cases)"
                                f"{'' if graph else ' or lines (a case a line)'}, not {layout}")


def _counted_graph(family: Family) -> bool:
    """Whether the family's one parameter is a graph whose counts stand before its edges (``E``,
    ``G``, ``T``: not successor lists) and whose position the input gives."""
    return (len(family.params) == 1 and family.params[0] in GRAPH_PARAMETERS
            and family.params[0] != "L" and family.position is None)


def _check_counts_first(family: Family, layout: str, where: str) -> None:
    """Refuse ``--params counts-first`` (a case: ``n m``, the ``n`` heaps, then the ``m`` members of
    the one set or list of pairs) where there is no such parameter, or no such case to read."""
    if where != "counts-first":
        return
    if not _counted_graph(family) and (
            len(family.params) != 1 or family.params[0] not in (*SET_PARAMETERS, *PAIR_PARAMETERS)
            or family.kind == "own-heap"):
        raise InvalidInputError(f"--params counts-first (a case is n m, then n heaps, then the m "
                                f"members of a set or pairs; or a graph's counts and k, then its "
                                f"edges, then k tokens) is for a family whose one parameter is a set, "
                                f"a list of pairs (subtraction(S), forbidden-nim(P)) or a graph read "
                                f"E, G or T, not {family.kind} ({param_words(family)})")
    if layout not in ("counted", "cases"):
        raise InvalidInputError(f"a case of --params counts-first is n m, then n heaps, then the m "
                                f"members (a graph's counts and k, then its edges, then k tokens): "
                                f"read counted (one case: ABC 255 G) or cases (T, then T cases), not "
                                f"{layout}")


def param_words(family: Family) -> str:
    """The parameters as the input writes them (``m``; ``|S|, then the members of S``)."""
    return ", ".join(f"|{p}|, then the members of {p}" if p in SET_PARAMETERS else
                     f"|{p}|, then its |{p}| pairs x y" if p in PAIR_PARAMETERS else
                     f"the graph {p}: {GRAPH_READS[p]}" if p in GRAPH_PARAMETERS else p
                     for p in family.params)


def _graph_counts(name: str) -> str:
    """The numbers that stand before a graph's edges: ``m`` (E), ``n m`` (G), ``n`` (T)."""
    return {"E": "the graph's number of edges m", "G": "the graph's numbers of vertices and edges n m",
            "T": "the tree's number of vertices n"}[name]


def _one_vertex(family: Family) -> str:
    """One number of a position on a graph, in words."""
    return {"digraph": "one token's vertex", "hackenbush": "the ground vertex"}.get(
        family.kind, "the start vertex")


def describe(family: Family, layout: str, where: str) -> str:
    """What the main reads, in one line, for the header.

    >>> from grundy.catalog import load_family
    >>> describe(load_family("bash(m)")[1], "single", "first")
    'first the parameters (m), then the number of cases T, then T cases, each one heap'
    """
    if where in SUMS or family.position is not None:
        return _describe_fixed_or_sum(family, layout, where)
    if where == "size-first":
        name = family.params[0]
        count = {"lines": "one case per line, each", "counted": "one case:",
                 "single": "the number of cases T, then T cases, each"}[layout]
        if name in GRAPH_PARAMETERS:
            return f"{count} {_graph_counts(name)}, then {_one_vertex(family)}, then the graph's edges u v"
        return f"{count} |{name}|, then one heap, then the members of {name}"
    if where == "counts-first":
        name = family.params[0]
        count = {"counted": "one case:", "cases": "the number of cases T, then T cases, each"}[layout]
        if name in GRAPH_PARAMETERS:
            return (f"{count} {_graph_counts(name)} and k, then the graph's edges u v, then the k "
                    f"numbers of the position ({_one_vertex(family)} when k is 1)")
        members = f"its |{name}| pairs x y" if name in PAIR_PARAMETERS else f"the members of {name}"
        return f"{count} n |{name}|, then n heap sizes, then {members}"
    case = {"lines": "one position per line: its heap sizes",
            "cases": "the number of cases T, then T cases, each n then n heap sizes",
            "counted": "one case: n, then n heap sizes",
            "single": "the number of cases T, then T cases, each one heap",
            "repeated": "cases up to one whose n is 0 (or the end of the input), each n then n heap "
                        "sizes"}[layout]
    if family.kind == "digraph":  # (a position is tokens on vertices)
        case = case.replace("n heap sizes", "the vertices of its n tokens").replace("one heap", "one token")
    if family.kind in ("hackenbush", "geography"):  # (a position is the ground or start vertex)
        vertex = "the ground vertex" if family.kind == "hackenbush" else "the start vertex"
        case = (case.replace("n then n heap sizes", f"1 then {vertex}")
                .replace("n, then n heap sizes", f"1, then {vertex}")
                .replace("its heap sizes", vertex).replace("one heap", vertex))
    if family.kind == "kfold":  # (a position is n, the start, or n limit)
        case = (case.replace("n then n heap sizes", "1 then n, or 2 then n limit")
                .replace("n, then n heap sizes", "1 then n, or 2 then n limit")
                .replace("its heap sizes", "n (the start (n, n - 1)) or n limit")
                .replace("one heap", "one heap n (the start (n, n - 1))"))
    params = f"the parameters ({param_words(family)})"
    if where == "first":
        return f"first {params}, then {case}"
    if where == "after" and layout == "counted":
        return f"one case: n, then {params}, then n heap sizes"
    if where == "after":
        return f"the number of cases T, then {params}, then T cases, {case.split(' cases, ', 1)[1]}"
    if where == "block":
        return (f"blocks, each {params}, then {case.replace('one case: ', 'one case, ')}; up to the end "
                f"of the input, or a block whose parameters are all 0 (an empty set, a graph of no "
                f"edges), which ends it")
    part = "line" if layout == "lines" else "case"
    return f"{case}; each {part} {'starts' if where == 'each' else 'ends'} with {params}"


def _describe_fixed_or_sum(family: Family, layout: str, where: str) -> str:
    """What the main reads when each case is a sum of games, or its position is fixed."""
    vertex = {"hackenbush": "ground vertex", "formula": "heap", "stripes": "row (its length)"}.get(
        family.kind, "vertex")
    params = f"the parameters ({param_words(family)})"
    if where == "sum-last":
        params, position = f"its {vertex}", f", then {params}"
    elif family.position is None:
        position = f", then its {vertex}"
    else:
        position = f" (its {vertex} is {family.position} in every case, not in the input)"
    count = {"cases": "the number of cases T, then T cases", "counted": "one case",
             "single": "the number of cases T, then T cases",
             "repeated": "cases up to one whose k is 0 (or the end of the input)"}[layout]
    if where in SUMS:
        return (f"{count}, each k, then k games, each {params}{position}; a case's value is the XOR "
                f"of its games' values")
    return f"{count}, each {params}{position}"


def header(title: str, family: Family, main: bool, layout: str, where: str,
           misere: bool = False) -> list[str]:
    """The header comment's lines (without the comment marks): what the answers rest on
    (``misere``: of the misère program, :mod:`grundy.export.family_misere`)."""
    given = f"the parameters ({', '.join(family.params)}) given at run time"
    if misere and family.kind != "misere":
        from grundy.export.family_misere import misere_header

        lines = misere_header(title, family, given)
    elif family.kind == "moore":
        lines = [f"{title}: who wins Moore's Nim_k, {given} (reduce 1 to k heaps in one move; several "
                 f"heaps are NOT a sum).",
                 f"outcome: P iff every binary column sum of the heaps is 0 mod k + 1: proved "
                 f"({family.theorem})",
                 "values: only of a position with at most one non-empty heap (a lone heap n is a Nim "
                 "heap: n); otherwise no theorem gives the value, and the main prints '-'"]
    elif family.kind == "hackenbush":
        grounded = ("the vertex a position names" if family.position is None
                    else f"vertex {family.position} in every case")
        lines = [f"{title}: the Grundy value of Green Hackenbush on an undirected multigraph, {given}, "
                 f"grounded at {grounded} (a move deletes one edge; what loses "
                 f"contact with the ground falls off).", f"values: proved ({family.theorem})"]
    elif family.kind == "digraph":
        lines = [f"{title}: the generalised Sprague-Grundy value of tokens on a directed graph, "
                 f"cycles allowed, {given} (a move slides one token along an edge u -> v; a play may "
                 f"never end: a draw).", _values_line(family)]
    elif family.kind == "geography":
        lines = graph_header(title, given)
    elif family.kind == "kfold":
        lines = [f"{title}: who wins k-fold dynamic subtraction on one heap, and the smallest winning "
                 f"take, {given} (the first move may not take all; each later move takes at most k "
                 f"times the last take; whoever takes the last counter wins).",
                 f"outcome and take: proved ({family.theorem}). The terms of each k are kept as runs "
                 f"of one step: at most 1.22 sqrt(n) + ln(n) + 3 runs for the terms up to n, at most "
                 f"KFOLD_MOST of them (a heap that needs more gets an error line, never a guess)",
                 "values: the Grundy value has no closed form; the main prints '-'"]
    elif family.kind == "misere":
        lines = [f"{title}: who wins one heap in misere play (whoever takes the last counter loses), "
                 f"{given}.",
                 f"outcome: P iff {family.formula}: proved ({family.theorem})",
                 "values: no Grundy value decides misere play, so the main prints '-'; a position of "
                 "several heaps (a sum) has no rule here: an error line"]
    else:
        one, many = ("row (its length)", "rows") if family.kind == "stripes" else ("heap n", "heaps")
        lines = [f"{title}: the Grundy value of one {one}, {given}; several {many} are a sum, whose "
                 f"value is the XOR of theirs (Sprague-Grundy theorem)."]
        lines.append(_values_line(family))
    lines.append(f"parameters: {family.words}; any other is an error line for each position it "
                 f"comes with")
    if main and family.kind == "kfold":
        lines.append(f"input ({layout}, parameters {where}): {describe(family, layout, where)}; "
                     f"output: one line 'VALUE OUTCOME TAKE' (VALUE '-'; N: the player to move wins; "
                     f"TAKE the smallest winning take, '-' if none) per position")
    elif main:
        draw = (", D: neither player can force a win; VALUE a number or inf(K)"
                if family.kind == "digraph" else "")
        lines.append(f"input ({layout}, parameters {where}): {describe(family, layout, where)}; "
                     f"output: one line 'VALUE OUTCOME' (N: the player to move wins{draw}) per "
                     f"{'case' if where in SUMS else 'position'}")
    return lines


def _values_line(family: Family) -> str:
    if family.kind == "formula":
        return f"values: G(n) = {family.formula}: proved ({family.theorem})"
    if family.kind == "digraph":
        return (f"values: {family.theorem}. Computed for the whole graph: from the sinks back, then "
                f"in stages i = 0, 1, ..., each O(V + E), at most G + 2 of them (G the largest finite "
                f"value, G (G + 1) / 2 <= E); no recursion. A token on a vertex no edge names has no "
                f"move (value 0)")
    if family.kind == "forbidden":
        return (f"values: {family.theorem}; the listed heaps taken in increasing order, each by a "
                f"binary search per forbidden target: O(M log M) for M pairs, any heap up to 10^18")
    if family.kind == "subtraction":
        return (f"values: the mex table, computed at run time up to the heaps asked; beyond it, a "
                f"period the program proves at run time: {family.theorem}. A set with a member "
                f"beyond RUNS_SMALL_MAX (1-2-K) is kept as runs of values instead (a word repeated "
                f"on an interval), each window compared run by run (Fine and Wilf), so its period is "
                f"proved for members up to 10^18 without a table of max S values. The work is "
                f"bounded (a table of at most SUB_MOST heaps, SUB_STEPS steps for all inputs): a heap it "
                f"cannot answer within them gets an error line, never a guess")
    return (f"values: {family.theorem}. The work is bounded (a table of at most ROW_MOST rows, "
            f"ROW_STEPS steps for all inputs): a row it cannot answer within them gets an error "
            f"line, never a guess")


# ---- Python ------------------------------------------------------------------------------------

_PY_MAIN = "\n\n" + PY_NUMBER + '''


def _answer_line(heaps, params):
    try:
        value, wins = answer(heaps, params)  # (wins None: a draw)
        return f"{'-' if value is None else value} {'D' if wins is None else 'N' if wins else 'P'}"
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"


class _Words:
    """The words of one line (a list), or of the whole input (None): read in pieces as they are
    taken, so that only a piece of the input and the case being read are held, never all its words
    (each case is answered before the next is read)."""

    def __init__(self, words=None):
        self.words, self.at, self.stream, self.tail = words or [], 0, words is None, ""

    def more(self):
        """Whether a word is left (the next piece of the input read if needed)."""
        while self.at >= len(self.words) and self.stream:
            piece = sys.stdin.read(1 << 16)
            text = self.tail + piece
            self.words, self.at, self.tail = text.split(), 0, ""
            if not piece:
                self.stream = False
            elif not text[-1].isspace():  # (its last word may go on in the next piece)
                self.tail = self.words.pop()
        return self.at < len(self.words)

    def left(self):
        """How many words are not taken yet (all of them read)."""
        count = 0
        while self.more():
            count += len(self.words) - self.at
            self.at = len(self.words)
        return count

    def take(self):
        if self.at >= len(self.words) and not self.more():
            raise EOFError("the input ended inside a case")
        self.at += 1
        return _number(self.words[self.at - 1])

    def params(self):
        """The parameters, in order; self.empty: all of them are 0 as written (a number 0, an empty
        set, a graph written 0 (n m both 0), successor lists of no vertex)."""
        out, self.empty = [], True
        for kind in PARAMS:
            if kind == "one":
                value = self.take()
                self.empty = self.empty and value == 0
            elif kind == "lists":  # (n, then each vertex's x and its x successors: the edges u v)
                count = self.take()
                value = [x for u in range(count) for _ in range(self.take()) for x in (u, self.take())]
                self.empty = self.empty and count == 0
            else:
                count, written = (self.take(), True) if kind == "set" else self._edges(kind)
                value = [self.take() for _ in range(count)]
                self.empty = self.empty and count == 0 and written
            out.append(value)
        return out

    def _edges(self, kind):
        """How many numbers a graph's edges are: m (E), n m (G: n not used), n of a tree (T: n - 1
        edges), two each; and whether its sizes are all 0 as written (n alone is not empty)."""
        vertices = self.take() if kind == "graph-nm" else 0
        count = self.take()
        written = vertices == 0 and count == 0
        return 2 * (max(count - 1, 0) if kind == "tree" else count), written

    def heaps(self):
        if FIXED is not None:  # (the position is not in the input)
            return [FIXED]
        if LAYOUT == "single" or WHERE in ("sum", "sum-last"):
            return [self.take()]
        if LAYOUT == "lines":
            return [self.take() for _ in range(len(self.words) - self.at)]
        return [self.take() for _ in range(self.take())]


def _line(words, fixed):
    """The position and parameters of one line."""
    if WHERE == "size-first":  # (|S|, the heap, then the members: the whole line)
        return list(_size_first(_Words(words), 1))[0]  # (its words all read)
    if WHERE == "last" and "set" in PARAMS:  # (one heap, then the set: its size, then its members)
        reader = _Words(words[1:] + words[:1])
        params = reader.params()
        if reader.at + 1 != len(words):
            raise ValueError(f"a line is one heap, then the set (its size, then its members): "
                             f"{len(words)} words, not {reader.at + 1}")
        return reader.heaps(), params
    if WHERE == "last":
        words = words[len(words) - len(PARAMS):] + words[:len(words) - len(PARAMS)]
    reader = _Words(words)
    params = fixed if WHERE == "first" else reader.params()
    return reader.heaps(), params


def _cases():
    """Each position's heaps and parameters (or why its line cannot be read)."""
    if LAYOUT == "lines":
        fixed = None
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if WHERE == "first" and fixed is None:
                reader = _Words(words)
                fixed = reader.params()
                if reader.at < len(words):
                    raise EOFError(f"{len(words) - reader.at} more words on the parameters' line")
                continue
            try:
                case = _line(words, fixed)
            except (ValueError, EOFError) as exc:
                yield exc
                continue
            if (WHERE in ("each", "last") and all(w.strip("0") == "" for w in words)
                    and _answer_line(*case).startswith("error")):
                return  # (a line of zeros that is no game: the judge's end mark, HDU 4764's 0 0)
            yield case
        return
    reader = _Words()
    if WHERE in ("block", "sum", "sum-last"):
        yield from (_blocks if WHERE == "block" else _sums)(reader)
        return
    if WHERE == "size-first":
        yield from _size_first(reader)
        return
    if WHERE == "counts-first":
        yield from _counts_first(reader)
        return
    first = reader.take() if WHERE == "after" else None  # (T, or n with counted, then the parameters)
    fixed = reader.params() if WHERE in ("first", "after") else None
    for _ in range(1 if LAYOUT == "counted" else first if first is not None else reader.take()):
        params = reader.params() if WHERE == "each" else fixed
        heaps = ([reader.take() for _ in range(first)] if first is not None and LAYOUT == "counted"
                 else reader.heaps())
        yield heaps, (reader.params() if WHERE == "last" else params)
    if reader.more():
        raise EOFError(f"{reader.left()} more words after the last case")


def _size_first(reader, count=None):
    """Each case: the set's size, then its one heap, then the set's members (EDPC K: N K, then
    a_1 .. a_N; a graph: its counts, then one vertex, then its edges: POJ 2599's n k, then n - 1
    edges); counted (or a line): one case, single: T, then T cases."""
    for _ in range(count or (1 if LAYOUT == "counted" else reader.take())):
        size = reader.take() if PARAMS[0] == "set" else reader._edges(PARAMS[0])[0]
        heap = reader.take()
        yield [heap], [[reader.take() for _ in range(size)]]
    if reader.more():
        raise EOFError(f"{reader.left()} more words after the last case")


def _counts_first(reader):
    """Each case: n m, then its n heaps, then the m members of its one parameter (a set, or pairs
    x y: ABC 255 G's N M, A_1 .. A_N, then M pairs X Y; a graph: its counts and k, then its edges,
    then the k numbers of the position); counted: one case, cases: T, then T cases."""
    for _ in range(1 if LAYOUT == "counted" else reader.take()):
        if PARAMS[0] not in ("set", "pairs"):  # (a graph's counts and k, then the parts in that order)
            size = reader._edges(PARAMS[0])[0]
            k = reader.take()
            edges = [reader.take() for _ in range(size)]
            yield [reader.take() for _ in range(k)], [edges]
            continue
        n, m = reader.take(), reader.take()
        heaps = [reader.take() for _ in range(n)]
        yield heaps, [[reader.take() for _ in range(m * (2 if PARAMS[0] == "pairs" else 1))]]
    if reader.more():
        raise EOFError(f"{reader.left()} more words after the last case")


def _blocks(reader):
    """The cases of each block (its parameters, then its cases; repeated: cases up to one whose
    count is 0), up to the end of the input or a block whose parameters are all 0 (an empty set, a
    graph written 0: n m both 0)."""
    while reader.more():
        params = reader.params()
        if reader.empty:
            break
        if LAYOUT == "repeated":
            while reader.more():
                heaps = reader.heaps()
                if not heaps:
                    break
                yield heaps, params
            continue
        for _ in range(1 if LAYOUT == "counted" else reader.take()):
            yield reader.heaps(), params
    if reader.more():
        raise EOFError(f"{reader.left()} more words after the block that ends the input")


def _sums(reader):
    """Each case's line: k, then k games (each its parameters, then its position; sum-last: its
    position, then its parameters), answered one by one as read (one game held at a time); its
    value the XOR of theirs (Sprague-Grundy theorem). repeated: cases up to one whose k is 0, or
    the end of the input."""
    left = 1 if LAYOUT == "counted" else -1 if LAYOUT == "repeated" else reader.take()
    while left > 0 or left < 0 and reader.more():
        left -= left > 0
        parts = reader.take()
        if parts == 0 and LAYOUT == "repeated":
            break
        total, error = 0, None
        for _ in range(parts):
            heaps = reader.heaps() if WHERE == "sum-last" else None
            params = reader.params()
            heaps = heaps or reader.heaps()
            try:
                total ^= answer(heaps, params)[0]
            except (ValueError, ArithmeticError, RecursionError) as exc:
                error = error or exc
        yield f"error: {error}" if error else f"{total} {'N' if total else 'P'}"
    if reader.more():
        raise EOFError(f"{reader.left()} more words after the last case")


def main():
    write = sys.stdout.write  # (a print per line costs more than the answer)
    failed = False
    try:
        for case in _cases():  # (an error, a case's line, or its position and parameters)
            text = (f"error: {case}" if isinstance(case, Exception) else case if isinstance(case, str)
                    else _answer_line(*case))
            failed = failed or text.startswith("error")
            write(text + "\\n")
    except (ValueError, EOFError) as exc:
        sys.exit(f"error: {exc}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''

_PY_LINE = _PY_MAIN[_PY_MAIN.index("def _answer_line"):_PY_MAIN.index("\n\n\nclass _Words")]
"""The main's ``_answer_line`` (a family may write its own in its place)."""

PY_SUBTRACTION_MOVES = '''def _answer_line(heaps, params):
    try:
        value, _ = answer(heaps, params)
        moves = [f"{part} {h} {h - s}" for part, h in enumerate(heaps, 1) if value
                 for s in subtraction_set(params[0])
                 if s <= h and grundy_value(h - s, params[0]) == value ^ grundy_value(h, params[0])]
        return "\\n".join([f"{value} {'N' if value else 'P'} {len(moves)}", *moves])
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"'''
"""The line of one position of subtraction(S) with its winning moves, in solve's order (the heap's
number, then the take, each increasing)."""

PY_SUBTRACTION = '''SUB_STEPS = %(steps)d  # steps (a heap's options, a window compared), all inputs together
SUB_MOST = %(most)d  # the longest table kept for one set
RUNS_TRIAL = %(trial)d  # steps the runs may take on a set a table could also prove
_STEPS = RunSteps(SUB_STEPS)  # (shared by the table and the runs of values)
_SETS = {}
_BASE, _MASK = 1000003, (1 << 64) - 1


class _Sub:
    """G(0..) of one subtraction set S, extended as asked, and its period once proved: a window of
    max S values ending at heap t >= max S that equals the one ending at t + p proves
    G(n + p) = G(n) for every n >= t - max S (Brent's cycle search over the windows, each match
    of their rolling hashes compared value by value)."""

    def __init__(self, s):
        self.s, self.w, self.g, self.period, self.runs = s, s[-1], [], None, None
        self.hash = self.saved = self.saved_hash = 0
        self.power, self.lam, self.top = 1, 0, pow(_BASE, self.w - 1, 1 << 64)

    def step(self):
        g, n = self.g, len(self.g)
        seen = {g[n - x] for x in self.s if x <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
        _STEPS.spent += len(self.s) + 1
        t = n + 1  # the window g[t - w:t] ends here
        if t > self.w:
            self.hash = ((self.hash - (g[t - 1 - self.w] + 1) * self.top) * _BASE + v + 1) & _MASK
        else:
            self.hash = (self.hash * _BASE + v + 1) & _MASK
        if t < self.w:
            return
        if t == self.w:
            self.saved, self.saved_hash = t, self.hash
            return
        self.lam += 1
        if self.hash == self.saved_hash:
            _STEPS.spent += self.w
            if g[t - self.w:t] == g[self.saved - self.w:self.saved]:
                e, p = self.saved - self.w, t - self.saved
                while e > 0 and g[e - 1] == g[e - 1 + p]:
                    e -= 1
                self.period = (e, p)
                return
        if self.lam == self.power:
            self.saved, self.saved_hash, self.power, self.lam = t, self.hash, 2 * self.power, 0

    def _try_runs(self):
        """The period proved on runs of values; where a table could prove it too (2 max S <
        SUB_MOST), only for a set of few large members (runs_first) and within RUNS_TRIAL steps,
        else False: the table then (a set whose values have little structure)."""
        if 2 * self.w >= SUB_MOST:
            try:
                return runs_period(self.s, _STEPS)
            except RunsOutOfSteps as exc:
                raise ValueError(f"max S = {self.w}: {exc} on runs of values (the steps this "
                                 f"program allows itself for all inputs)") from None
        if not runs_first(self.s):
            return False
        trial = RunSteps(max(0, min(RUNS_TRIAL, SUB_STEPS - _STEPS.spent)))
        try:
            return runs_period(self.s, trial)
        except RunsOutOfSteps:
            return False
        finally:
            _STEPS.spent += trial.spent

    def value(self, n):
        if self.w > RUNS_SMALL_MAX and self.runs is None:  # a large member: runs of values
            self.runs = self._try_runs()
        if self.runs:
            return self.runs.value(n)
        while self.period is None and len(self.g) <= n:
            if _STEPS.spent > SUB_STEPS or len(self.g) >= SUB_MOST:
                raise ValueError(f"heap {n}: the table holds {len(self.g)} heaps (max S = {self.w}) "
                                 f"without a proved period, within the {SUB_STEPS} steps and "
                                 f"{SUB_MOST} heaps this program allows itself")
            self.step()
        if n < len(self.g):
            return self.g[n]
        e, p = self.period
        return self.g[e + (n - e) %% p]


@SUBTRACTION_SET@

def grundy_value(n, s):
    """G(n) of the subtraction game with the set s (a list of positive integers)."""
    key = subtraction_set(s)
    if key not in _SETS:
        _SETS[key] = _Sub(key)
    return _SETS[key].value(n)


def answer(heaps, params):
    value = 0
    for h in heaps or (0,):  # (no heap: heap 0, of value 0, which checks the parameters)
        value ^= grundy_value(h, params[0])
    return value, value != 0'''

PY_DIGRAPH = '''INF, UNSET = -1, -2  # a vertex's value: finite (>= 0), INF (infinite) or UNSET (unknown yet)
_GRAPHS = {}


def _csr(n, tails, heads):
    """The heads of the edges leaving each vertex u: heads[first[u]:first[u + 1]] (counting sort,
    a repeated edge kept as often as given)."""
    first = [0] * (n + 1)
    for u in tails:
        first[u + 1] += 1
    for u in range(n):
        first[u + 1] += first[u]
    ends, fill = [0] * len(tails), first[:]
    for u, v in zip(tails, heads):
        ends[fill[u]] = v
        fill[u] += 1
    return first, ends


def _from_the_sinks(n, first, ends, rfirst, rends):
    """The Grundy value of each vertex from which no cycle can be reached: the mex of its
    successors', from the sinks back (a vertex is done once all its successors are); UNSET
    elsewhere. O(V + E)."""
    value, left = [UNSET] * n, [first[u + 1] - first[u] for u in range(n)]
    ready = [u for u in range(n) if left[u] == 0]
    while ready:
        u = ready.pop()
        seen = {value[v] for v in ends[first[u]:first[u + 1]]}
        g = 0
        while g in seen:
            g += 1
        value[u] = g
        for w in rends[rfirst[u]:rfirst[u + 1]]:
            left[w] -= 1
            if left[w] == 0:
                ready.append(w)
    return value


def _smith(n, first, ends, rfirst, rends, value):
    """Smith's generalised Sprague-Grundy values of the vertices still UNSET (those from which a
    cycle can be reached), by the Fraenkel-Yesha labelling in stages i = 0, 1, ...: label i every
    unlabelled u that has no successor labelled i and whose every successor that is unlabelled or
    INF has a successor labelled i (until no more can be); then label INF every unlabelled vertex
    with no successor labelled i. A vertex valued from the sinks back with value i takes part in
    stage i as labelled at its start (first in the queue: a vertex is labelled only after them).
    base[u] counts u's edges to unlabelled or INF successors (kept from stage to stage), cnt[u]
    those of them without a successor labelled i. A stage costs O(V + E) at most (the unlabelled
    vertices, and the predecessors of those that get a successor labelled i), and a vertex
    unlabelled after stage i has successors of every value 0..i, so there are at most G + 2
    stages, G the largest finite value (G (G + 1) / 2 <= E): O((V + E) (G + 2)) time, O(V + E)
    memory, no recursion."""
    todo = [u for u in range(n) if value[u] == UNSET]
    if not todo:
        return
    ranked, base = {}, [0] * n
    for u in range(n):
        if value[u] >= 0:
            ranked.setdefault(value[u], []).append(u)
    for u in todo:
        base[u] = sum(1 for v in ends[first[u]:first[u + 1]] if value[v] < 0)
    cnt, has, i = [0] * n, [False] * n, 0  # has[u]: u has a successor labelled i (this stage)
    while todo:
        queue = list(ranked.get(i, ()))
        for u in todo:
            cnt[u] = base[u]
            if cnt[u] == 0:
                queue.append(u)
        marked, head = [], 0
        while head < len(queue):
            x = queue[head]
            head += 1
            if value[x] == UNSET:
                if has[x] or cnt[x]:
                    continue
                value[x] = i
                for p in rends[rfirst[x]:rfirst[x + 1]]:
                    if value[p] == UNSET:
                        base[p] -= 1
            for p in rends[rfirst[x]:rfirst[x + 1]]:
                if not has[p]:
                    has[p] = True
                    marked.append(p)
                    if value[p] < 0:  # (p no longer holds its predecessors back)
                        for q in rends[rfirst[p]:rfirst[p + 1]]:
                            cnt[q] -= 1
                            if cnt[q] == 0 and value[q] == UNSET and not has[q]:
                                queue.append(q)
        for u in todo:
            if value[u] == UNSET and not has[u]:
                value[u] = INF
        todo = [u for u in todo if value[u] == UNSET]
        for p in marked:
            has[p] = False
        i += 1


class Graph:
    """One graph (edges u1 v1 u2 v2 ...: a move from u to v), its vertices numbered 0..n-1 in the
    order first named, and the generalised Sprague-Grundy value of each (INF: infinite)."""

    def __init__(self, edges):
        self.index = {}
        tails = [self.index.setdefault(u, len(self.index)) for u in edges[0::2]]
        heads = [self.index.setdefault(v, len(self.index)) for v in edges[1::2]]
        n = len(self.index)
        self.first, self.ends = _csr(n, tails, heads)
        rfirst, rends = _csr(n, heads, tails)
        self.value = _from_the_sinks(n, self.first, self.ends, rfirst, rends)
        _smith(n, self.first, self.ends, rfirst, rends, self.value)
        self.options = {}

    def of(self, vertex):
        """The value of a token on ``vertex`` (0 on a vertex no edge names: no move) and, if it is
        infinite, K: the finite values of its successors (sorted)."""
        u = self.index.get(vertex)
        if u is None:
            return 0, None
        if self.value[u] != INF:
            return self.value[u], None
        if u not in self.options:
            self.options[u] = sorted({self.value[v] for v in self.ends[self.first[u]:self.first[u + 1]]
                                      if self.value[v] >= 0})
        return INF, self.options[u]


def graph_values(edges):
    """The solved graph of the edges (the last one is kept: the same edges again are the same graph;
    many large graphs in one input hold one at a time)."""
    key = tuple(edges)
    if key not in _GRAPHS:
        _GRAPHS.clear()
        _GRAPHS[key] = Graph(edges)
    return _GRAPHS[key]


def _text(value, options):
    return str(value) if options is None else "inf(" + ",".join(map(str, options)) + ")"


def value_text(vertex, edges):
    """The generalised value of a token on ``vertex``: '3', or 'inf(0,2)' (infinite, K = {0, 2})."""
    return _text(*graph_values(edges).of(vertex))


def grundy_value(vertex, edges):
    """The finite value of a token on ``vertex`` (a ValueError if it is infinite)."""
    value, options = graph_values(edges).of(vertex)
    if options is not None:
        raise ValueError(f"vertex {vertex} has the infinite value {_text(value, options)}: a play "
                         f"from it may never end")
    return value


_LAST = [None, None]  # the last graph asked and its values (kept: the same list again is the same graph)


def answer(heaps, params):
    """The sum of tokens on the vertices ``heaps`` by Smith's rule: its value (an int, or the text
    'inf(K)') and True (N: the player to move wins), False (P) or None (D: a draw)."""
    if _LAST[0] is not params[0]:
        _LAST[:] = params[0], graph_values(params[0])
    total, infinite = 0, []
    for token in heaps:
        value, options = _LAST[1].of(token)
        if options is None:
            total ^= value
        else:
            infinite.append(options)
    if not infinite:
        return total, total != 0
    if len(infinite) > 1:
        return "inf()", None  # (neither player can force a win)
    shifted = sorted(k ^ total for k in infinite[0])
    return _text(INF, shifted), (True if total in infinite[0] else None)'''

PY_HACKENBUSH = '''_GROUNDS = {}


def _bridges(root, adj, order, bridges):
    """Depth first from ``root`` (no recursion): each vertex of its component gets its order (after
    those of the components before), and the ids of the bridges (edges on no cycle) are added."""
    low = {root: len(order)}
    order[root] = len(order)
    stack = [(root, -1, iter(adj[root]))]
    while stack:
        u, through, rest = stack[-1]
        for v, i in rest:
            if i == through:
                continue
            if v in order:
                low[u] = min(low[u], order[v])
            else:
                order[v] = low[v] = len(order)
                stack.append((v, i, iter(adj[v])))
                break
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[u])
                if low[u] > order[parent]:
                    bridges.add(through)


def ground_values(edges):
    """The value of Green Hackenbush on the multigraph of the edges u1 v1 u2 v2 ... (a loop: u u)
    grounded at each of its vertices, all at once, in O(V + E). Fusion principle: the vertices of
    each 2-edge-connected block are fused, its edges becoming loops (k loops count k mod 2); colon
    principle: on the tree of bridges left, a branch hanging by a bridge counts 1 + its value, and
    branches at a vertex XOR. Each tree of blocks is valued from one root (down), then rerooted
    (the branch towards the root, seen from a block, is its parent's whole value with the block's
    own branch XORed out)."""
    key = tuple(edges)
    if key in _GROUNDS:
        return _GROUNDS[key]
    adj = {}
    for i, (u, v) in enumerate(zip(edges[0::2], edges[1::2])):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    order, bridges, roots = {}, set(), []
    for root in adj:
        if root not in order:
            roots.append(root)
            _bridges(root, adj, order, bridges)
    block = {}
    for start in order:  # (the blocks: reached without crossing a bridge)
        if start in block:
            continue
        block[start], todo = start, [start]
        while todo:
            u = todo.pop()
            for v, i in adj[u]:
                if i not in bridges and v not in block:
                    block[v] = start
                    todo.append(v)
    down = dict.fromkeys(set(block.values()), 0)
    for i, (u, v) in enumerate(zip(edges[0::2], edges[1::2])):
        if i not in bridges:
            down[block[u]] ^= 1
    ranked = sorted(order, key=order.get)
    for u in reversed(ranked):  # (children before parents)
        for v, i in adj[u]:
            if i in bridges and order[v] > order[u]:  # (v hangs from u by this bridge)
                down[block[u]] ^= down[block[v]] + 1
    whole = {block[r]: down[block[r]] for r in roots}
    for u in ranked:  # (parents before children)
        for v, i in adj[u]:
            if i in bridges and order[v] > order[u]:
                towards_root = whole[block[u]] ^ (down[block[v]] + 1)
                whole[block[v]] = down[block[v]] ^ (towards_root + 1)
    _GROUNDS.clear()  # (only the last graph is kept: many large graphs in one input hold one at a time)
    _GROUNDS[key] = values = {u: whole[block[u]] for u in order}
    return values


def hackenbush_value(ground, edges):
    """Green Hackenbush on the multigraph of the edges grounded at ``ground`` (0 if no edge names
    it). For many grounds of one graph, ``ground_values(edges)`` gives them all at once."""
    return ground_values(edges).get(ground, 0)


_LAST = [None, None]  # the last graph asked and its values (kept: the same list again is the same graph)


def answer(heaps, params):
    if len(heaps) != 1:
        raise ValueError(f"a position is one ground vertex, got {len(heaps)} numbers")
    if _LAST[0] is not params[0]:
        _LAST[:] = params[0], ground_values(params[0])
    value = _LAST[1].get(heaps[0], 0)
    return value, value != 0'''


PY_MOORE = '''def first_player_wins(heaps, k):
    """Moore's theorem: P iff every binary column sum of the heaps is 0 mod k + 1."""
    check(k)
    width = max((h.bit_length() for h in heaps), default=0)
    return any(sum(h >> b & 1 for h in heaps) % (k + 1) for b in range(width))


def answer(heaps, params):
    live = [h for h in heaps if h]
    wins = first_player_wins(heaps, params[0])
    return (live[0] if len(live) == 1 else 0 if not live else None), wins'''

PY_STRIPES = '''ROW_STEPS = %(steps)d  # steps (pairs of rows looked at, values compared), all inputs together
ROW_MOST = %(most)d  # the longest table kept for one set of lengths
_SPENT = [0]
_TABLES = {}


class _Rows:
    """G(0..) of one set of lengths, extended as asked, and its period once proved by the Guy-Smith
    theorem: G(n + p) = G(n) for e <= n < 2e + p + t (t the longest removal) implies it for every
    n >= e; tried each time the table's length reaches a power of two."""

    def __init__(self, lengths):
        self.lengths, self.t, self.g, self.period = lengths, lengths[-1], [], None
        self.left = []  # left[r]: a bit for each value of the rows r stones leave (i and r - i)

    def step(self):
        g, left, x = self.g, self.left, len(self.g)
        seen = 0  # removing s leaves x - s stones, in one or two rows: their values, as bits
        for s in self.lengths:
            if s > x:
                break
            seen |= left[x - s]
        v = (~seen & (seen + 1)).bit_length() - 1  # the least value not seen
        g.append(v)
        bits = 0
        for w in {g[i] ^ g[x - i] for i in range(x // 2 + 1)}:
            bits |= 1 << w
        left.append(bits)
        _SPENT[0] += x // 2 + 1 + len(self.lengths)
        if len(g) & (len(g) - 1) == 0:
            self.prove()

    def prove(self):
        g, size = self.g, len(self.g)
        for p in range(1, size // 2 + 1):
            n = size - 1 - p
            while n >= 0 and g[n] == g[n + p]:
                n -= 1
            _SPENT[0] += size - p - n
            e = n + 1
            if 2 * e + 2 * p + self.t <= size:
                self.period = (e, p)
                return

    def value(self, row):
        while self.period is None and len(self.g) <= row:
            if len(self.g) >= ROW_MOST or _SPENT[0] > ROW_STEPS:
                raise ValueError(f"row {row}: the table holds {len(self.g)} rows without a period "
                                 f"proved by the Guy-Smith theorem, within the {ROW_STEPS} steps and "
                                 f"{ROW_MOST} rows this program allows itself")
            self.step()
        if row < len(self.g):
            return self.g[row]
        e, p = self.period
        return self.g[e + (row - e) %% p]


def _rows(lengths):
    """The table of one set of lengths (sorted, repeats dropped)."""
    lengths = tuple(sorted(set(lengths)))
    if lengths not in _TABLES:
        _TABLES[lengths] = _Rows(lengths)
    return _TABLES[lengths]
%(front)s'''

PY_STRIPES_CZN = '''

def grundy_value(row, c, z, n):
    """G(row): the mex over removing c, z or n consecutive stones (0, 1 or 2 rows remain)."""
    check(c, z, n)
    return _rows((c, z, n)).value(row)


def answer(heaps, params):
    value = 0
    for h in heaps or (0,):  # (no heap: heap 0, of value 0, which checks the parameters)
        value ^= grundy_value(h, *params)
    return value, value != 0'''

PY_STRIPES_SET = '''

def grundy_value(row, S):
    """G(row): the mex over removing exactly s consecutive stones, s in S (0, 1 or 2 rows remain)."""
    if not S:
        raise ValueError("the set S of lengths is empty")
    for s in S:
        if not 1 <= s <= %(most_stripe)d:
            raise ValueError(f"a length of S must be from 1 to %(most_stripe)d, got {s}")
    return _rows(S).value(row)


def answer(heaps, params):
    value = 0
    for h in heaps or (0,):  # (no heap: heap 0, of value 0, which checks the parameters)
        value ^= grundy_value(h, params[0])
    return value, value != 0'''


_PY_GRAPH = {"E": "graph", "G": "graph-nm", "T": "tree", "L": "lists"}
"""How the Python main reads each graph parameter (:data:`grundy.model.laws.GRAPH_READS`)."""


def python_family(title: str, family: Family, main: bool, layout: str, where: str,
                  moves: bool = False, misere: bool = False) -> str:
    """The Python source of a family's program; ``moves``: each position's line is followed by
    its winning moves (``subtraction(S)``: :data:`PY_SUBTRACTION_MOVES`); ``misere``: who wins
    in misère play (:mod:`grundy.export.family_misere`)."""
    out = [f"# {line}" for line in header(title, family, main, layout, where, misere)]
    if moves:
        out.append(f"# then, after each line 'VALUE OUTCOME K', {MOVES_HEADER[family.kind]}")
    out += ["# Generated by grundy; needs only Python 3.8+.", ""]
    if family.kind == "subtraction":  # (the runs' engine is annotated)
        out += ["from __future__ import annotations", ""]
    out += ["import sys", "", ""]
    kinds = ", ".join(repr("set" if p in SET_PARAMETERS else "pairs" if p in PAIR_PARAMETERS
                           else _PY_GRAPH.get(p, "one")) for p in family.params)
    if main:
        out += [f"PARAMS = ({kinds},)  # each parameter: one number, a set (its size, then its members), "
                f"pairs (their count m, then m pairs x y) or a graph (graph: m, then m edges u v; "
                f"graph-nm: n m, then m edges; tree: n, then n - 1 "
                f"edges; lists: n, then each vertex's successors, their count first)",
                f"WHERE = {where!r}  # the parameters: first (once), each (start of a case), last, block, "
                f"sum, sum-last, after, size-first, counts-first",
                f"LAYOUT = {layout!r}",
                f"FIXED = {family.position!r}  # every case's position, when the input does not give it",
                "", ""]
    if misere and family.kind != "misere":
        from grundy.export.family_misere import check_source, python_misere

        out.append(check_source(title, family) + python_misere(family))
    else:
        out.append(_py_body(title, family))
    if main and family.kind == "kfold":  # (its line has a third column: the smallest winning take)
        from grundy.export.kfold import PY_FAMILY_LINE

        out.append(_PY_MAIN.replace(_PY_LINE, PY_FAMILY_LINE))
    elif main and moves:
        line = PY_GEOGRAPHY_MOVES if family.kind == "geography" else PY_SUBTRACTION_MOVES
        out.append(_PY_MAIN.replace(_PY_LINE, line))
    elif main:
        out.append(_PY_MAIN)
    return "\n".join(out).rstrip("\n") + "\n"


def _py_body(title: str, family: Family) -> str:
    """``check`` (of the parameters), ``grundy_value`` (or ``first_player_wins``) and
    ``answer(heaps, params)`` of the family."""
    from grundy.export.python import python_expression
    from grundy.patterns.formulas import parse

    check = ""
    names = ", ".join(family.params)
    if family.check is not None:
        shown = ", ".join(f"{p} = {{{p}}}" for p in family.params)
        test = python_expression(parse(family.check, family.params))
        check = (f"def check({names}):\n    if not ({test}):\n"
                 f"        raise ValueError(f\"{title} needs {family.words}, got {shown}\")\n\n\n")
    if family.kind == "subtraction":
        from grundy.tables.subtraction_runs import engine_source

        body = PY_SUBTRACTION.replace("@SUBTRACTION_SET@", PY_SUBTRACTION_SET)
        return (engine_source() + "\n\n" +
                body % {"steps": STEPS["python"], "most": MOST["python"], "trial": RUNS_TRIAL["python"]})
    if family.kind == "forbidden":
        from grundy.export.forbidden import PY_FORBIDDEN

        return PY_FORBIDDEN
    if family.kind == "kfold":
        from grundy.export.kfold import python_family_body

        return python_family_body(check)
    if family.kind == "misere":
        return check + _py_misere(family)
    if family.kind == "moore":
        return check + PY_MOORE
    if family.kind == "digraph":
        return PY_DIGRAPH
    if family.kind == "hackenbush":
        return PY_HACKENBUSH
    if family.kind == "geography":
        return python_graph_body()
    if family.kind == "stripes":
        front = (PY_STRIPES_SET % {"most_stripe": MAX_STRIPE} if family.params == ("S",)
                 else PY_STRIPES_CZN)
        return check + PY_STRIPES % {"steps": STEPS["python"], "most": MOST["python"] // 100,
                                     "front": front}
    assert family.formula is not None
    value = python_expression(parse(family.formula, ("n", *family.params)))
    return (check +
            f"def grundy_value(n, {names}):\n    # G(n) = {family.formula}: proved ({family.theorem})\n"
            f"    check({names})\n    return int({value})\n\n\n"
            "def answer(heaps, params):\n    value = 0\n"
            "    for h in heaps or (0,):  # (no heap: heap 0, of value 0, which checks the parameters)\n"
            "        value ^= grundy_value(h, *params)\n    return value, value != 0")


def _py_misere(family: Family) -> str:
    """``first_player_wins(n, params...)`` and ``answer`` of a ``misere`` family (one heap)."""
    from grundy.export.python import python_expression
    from grundy.patterns.formulas import parse

    assert family.formula is not None
    names = ", ".join(family.params)
    lost = python_expression(parse(family.formula, ("n", *family.params)))
    return (f"def first_player_wins(n, {names}):\n"
            f"    # misere play (whoever takes the last counter loses): P iff {family.formula}: "
            f"proved ({family.theorem})\n"
            f"    check({names})\n    return not ({lost})\n\n\n"
            "def answer(heaps, params):\n    if len(heaps) != 1:\n"
            "        raise ValueError(f\"misere play: a position is one heap here, got {len(heaps)} "
            "heaps (a sum has no rule in this program)\")\n"
            "    return None, first_player_wins(heaps[0], *params)")
