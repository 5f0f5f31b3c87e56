"""A self-contained solution for a game, in C++17 or Python: by the simplest pattern of its values
that has a formula, else by its table (and, in Python, by the game's own move function beyond it).

This module only reads argv and prints: what the program answers with (the policy: a proved period
beats a conjectured formula, a pattern of the P-positions beyond a pair game's table, the table of
a game with a declared domain) is :func:`grundy.export_game` (:mod:`grundy.reports.export_policy`).
"""

from __future__ import annotations

import argparse

from grundy.cli.common import PARAMS_HELP, PARAMS_PLACES, emit, non_negative_int, positive_int
from grundy.errors import InvalidInputError, NotSupportedError, ResourceLimitError

EPILOG = """examples:
  grundy export 'subtraction(1,3,4)' --lang cpp --main > sub.cpp
  grundy export nim --lang cpp --main --input cases
  grundy export wythoff --lang python --upto 20
  grundy export fibonacci-nim --main --input cases      (a case: n alone, the start position)
  grundy export staircase --main                        (a line: the counters on steps 1..n)
  grundy export split-game --main                       (a line: the stone counts of piles 1..n)
  grundy export coin-slide --main --input cases         (a case: L k, then the k coins' cells)
  grundy export 'octal(0.007)' --upto 100000            (cut to 64 KB; the program computes the rest)
  grundy export grundy-game --main --input single --outcome --upto 1000000   (CSES 2207: '0 P' or '- N')
  grundy --rules cards.py export remove-pairs --outcome --lang python --main   (ABC 354 E: who wins alone)
  grundy export nim --misere --main --input cases       (misère Nim: '- N' or '- P' per case)
  grundy export nim --main --input repeated --winning-moves   (HDU 2176: every winning move)
  grundy export doc-half --rules half.py --upto 2000 --conjecture --lang python
  grundy export 'subtraction(1,2)' --claim 'G(n) = n % 3' --main       (your claim, checked first)
  grundy export doc-digit --rules digits.py --lang python --upto 1000 --main
  grundy export doc-calendar --rules calendar.py --lang python --main --input cases  (HDU 1079: y m d)
  grundy export 'doc-circle(n,k)' --rules circle.py --lang python --main --input cases  (HDU 3951)
      (doc-digit, doc-half, doc-calendar, doc-circle: games defined in docs/own-games.md, saved as
       digits.py, half.py, calendar.py, circle.py)
  grundy export 'bash(m)' --main --input single --params last       (Brave Game: T, then T lines n m)
  grundy export 'subtraction(S)' --main --input cases --params first   (one S-Nim block)
  grundy export 'subtraction(S)' --main --input cases --params block   (S-Nim's blocks, ended by 0)
  grundy export 'stripes(c,z,n)' --main --input single --params first  (POI Stripes)
  grundy export 'dynamic-subtraction(k)' --main --input single --params last   (POJ 3922: n k)
  grundy export 'bash(a,b,rest=all)' --misere --main --params last     (HDU 2897: lines n p q)
  grundy export 'bash(m)' --misere --main --params last    (HDU 4764: lines N K; a sum: SJ theorem)
  grundy export 'green-hackenbush(T,ground=1)' --main --input cases    (HDU 3094: no ground given)
  grundy export 'green-hackenbush(G,ground=1)' --main --input repeated --params sum    (POJ 3710)
  grundy export 'bash(m)' --main --input cases --params sum-last   (HDU 1851: k, then k piles M L)
  grundy export 'digraph(L)' --main --input repeated --params block    (HDU 1524: successor lists)
  grundy export matrix --main --input cases      (zero-sum matrix games: T, then T games m n + rows)

A family whose parameters the input gives: write the parameters as the names grundy list shows
(bash(m), bash(a,b), bounded-nim(m), subtraction(S), stripes(c,z,n), stripes(S), moore(k), digraph(E),
green-hackenbush(E): a position is its ground vertex; vertex-geography(E): a position is its start
vertex; vertex-geography(B): a board of '.'/'#' rows, then the cells asked or none;
dynamic-subtraction(k): a position n (the start) or n limit, the line '- N TAKE' (the smallest
winning take) or '- P -'; bash(a,b,rest=all) with --misere: one heap in misere play); with
--misere: bash(m), bash(a,b), bounded-nim(m) (a sum by the SJ theorem), subtraction(S) (genus
theory, tameness checked at run time), moore(k) (Moore's misere rule), green-hackenbush (a forest
standing: the SJ theorem over its branches), the others refused; the program's
functions take them as arguments (grundy_value(n, m)), and --main reads them where --params says:
first (once, before everything), each (default: each line or case starts with them), last (each
line or case ends with them), block (blocks of cases, each starting with them, to the end of the
input or to a block whose parameters are all 0), sum (a case is k, then k graphs, each its
parameters and its ground: their values XOR; green-hackenbush; a family of one heap with
whole-number parameters, bash(m) to stripes(c,z,n): k games, each its parameters, then its heap)
or sum-last (each game its heap, then its parameters); a set S is its size, then its
members; a graph E its number of edges m, then its m edges u v (the tokens of a position are
vertices); G the same after n (n m, then the m edges); T a tree, n then its n - 1 edges (digraph,
green-hackenbush and vertex-geography read all three); L successor lists, n then for each vertex
0..n-1 its count x and its x successors (digraph). green-hackenbush(T,ground=1): every case's
ground is 1, not in the input (a case is its graph alone; --params each or sum).
--input single (a heap game too): T, then T cases of one heap each; repeated, with --params
block or sum: cases up to one whose count is 0 (or the end of the input).
subtraction(S) proves its period at run time; a heap it cannot answer within its bounds, or a
parameter outside the family, is an error line for that input.

The header says what the answers rest on: proved (a theorem), or a conjecture and how far it was
checked, or the exact table and its range. An unproved pattern is first re-checked on a longer
table (--limit steps); beyond the checked range the program answers only with --conjecture, after
a local mex check (Python; C++ answers those inputs with an error line), and says so on stderr.
--input: lines (one position per line), cases (T, then T cases), counted (one case); a case
of a heap game is n then n heap sizes, of a pair game a b.
matrix: zero-sum matrix games read at run time, each m n then m rows of n payoffs (lines: games
up to the end of the input); one line per game: VALUE | p_1 .. p_m | q_1 .. q_n (docs/matrix.md).
A game of your own on one number (positions (n,)) reads several numbers as a sum only when it
declares arity=1; a game with a declared domain (minimum=, valid=) answers an input outside it
with an error line for that input alone.
A game of your own on positions of three or more numbers (arity=3), or on tuples of any length
(a line one position), is exported in Python only: the program carries your move function and
answers exactly (a line of several positions of arity=3 is their sum); with --misere, who wins
(POJ 2068: lines n S M1..M2n).
A family of your own games whose parameters the input gives: NAME(n,k), for a game that
declares start= (each case the parameters of one game, its start position answered; --params sum:
a case is k games, their values XORed; --conjecture, one parameter: past the games 1..--upto
searched, 40 by default, by the pattern of their start values, POJ 2484; Python); a game that
declares no start= but its arity: --params after, a case is k, the parameters, then k positions,
their sum (HDU 1730: n m, then n rows x y). A game on pairs or on N numbers, not a family:
--params sum, a case is k, then k positions, their sum (HDU 1729's boxes s c). A heap game of
your own whose keyword parameters the input gives: NAME(k,l), read as the families above
(--params, --input single); the program computes each game's table at run time by your move
function (Python).
"""

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy export``."""
    from grundy.export.main import INPUT_FORMATS
    from grundy.reports.export_policy import HEAP_UPTO, PAIR_UPTO

    parser.add_argument("game", help="a heap game ('subtraction(1,3,4)', your own), a game on pairs, "
                                     "or your own game on one number; matrix: zero-sum matrix games")
    parser.add_argument("more", nargs="*", help=argparse.SUPPRESS)  # (a sum of games: refused)
    parser.add_argument("--lang", choices=("cpp", "python"), default="cpp",
                        help="C++17 (default) or Python")
    parser.add_argument("--upto", "-n", type=non_negative_int, metavar="N",
                        help=f"table size: heaps 0..N (default {HEAP_UPTO}) or pairs a, b <= N "
                             f"(default {PAIR_UPTO})")
    parser.add_argument("--main", action="store_true",
                        help="add a program reading positions from stdin and printing VALUE OUTCOME "
                             "('-' for a value not known; with --outcome: '0 P' or '- N')")
    parser.add_argument("--conjecture", action="store_true",
                        help="beyond the range where an unproved pattern was checked, answer by it "
                             "after a local check (the Python program carries the move function "
                             "for it; C++ answers such inputs with an error line)")
    parser.add_argument("--unchecked", action="store_true",
                        help="with --conjecture: beyond the checked range, answer by the unproved "
                             "formula or period of the values without the local check (C++ too; for "
                             "heaps too large to list their options); the header says so")
    parser.add_argument("--claim", metavar="CLAIM",
                        help="answer by your claim, 'G(n) = FORMULA' or 'P iff CONDITION' (a heap "
                             "game), 'G(a, b) = FORMULA' (a game on pairs), checked first on a table "
                             "as long as --limit steps allow (refused with its first counterexample); "
                             "beyond the positions checked, as an unproved pattern: an error line, or "
                             "with --conjecture a local check (Python)")
    parser.add_argument("--limit", type=positive_int, metavar="STEPS",
                        help="steps for the table of your own game and for re-checking an unproved "
                             "pattern on a longer table; a game of your own whose Python program "
                             "carries its move function (on positions of several numbers, or "
                             "beyond its table): also the options it may list for one input "
                             "(default 2,000,000)")
    parser.add_argument("--max-size", type=non_negative_int, metavar="BYTES", default=64 * 1024,
                        help="keep the program under this many bytes (default 65536, what many judges "
                             "accept; 0: no bound): a heap game's longer table is cut, an octal "
                             "game's program computes the rest by its code")
    parser.add_argument("--misere", action="store_true",
                        help="misère play (whoever moves last loses): who wins a sum of heaps, by "
                             "Conway's genus theory where every heap is tame (Nim, subtraction and "
                             "Bash games), else by the misère quotient (Kayles, octal games: where "
                             "its period is not proved, the heaps it settled within --limit steps "
                             "or up to --upto); a game of your own on numbers: by searching every "
                             "position reachable (Python; a sum as a whole); a family whose "
                             "parameters the input gives: bash(m), bash(a,b), bounded-nim(m), "
                             "subtraction(S), moore(k), green-hackenbush (forests); the main "
                             "prints '- N' or '- P'")
    parser.add_argument("--input", choices=(*INPUT_FORMATS, "single"), default="lines",
                        help="what --main reads: lines (one position per line, default), cases "
                             "(T, then T cases), counted (one case) or repeated (cases to the end of "
                             "the input, or to a case of zeros: a count of 0, a pair's 0 0; a "
                             "family: with --params block or sum); a heap game or a family also "
                             "single (T, then T cases of one heap each)")
    parser.add_argument("--winning-moves", action="store_true",
                        help="with --main: after each position's line 'VALUE OUTCOME K', its K "
                             "winning moves, one a line 'PART FROM TO' (a sum of heaps of Nim, of "
                             "a finite take-away set (also subtraction(S), the set read from the "
                             "input), of an octal code, or, in Python, of a heap game of your own), "
                             "or the position after it (the split game)")
    parser.add_argument("--outcome", action="store_true",
                        help="a heap game: who wins from one heap, from the P-positions of heaps "
                             "0..--upto that grundy computed (cut by --max-size), past them only by a "
                             "proved period, else an error line; the main prints '0 P' or '- N' per "
                             "case, and an error line for a case of several heaps; with --misere, "
                             "from the misère P-positions, '- P' or '- N'; a game of your own on "
                             "tuples of numbers or words (Python): by a search that stops at a position's "
                             "first P-option, '0 P' or '- N' per case (a sum by its parts' values; "
                             "with --misere, '- P' or '- N', a sum searched as a whole)")
    parser.add_argument("--params", choices=PARAMS_PLACES,
                        help="a family (parameters written as names, e.g. 'bash(m)'): where --main "
                             "reads the parameters: " + PARAMS_HELP)


def run(args: argparse.Namespace) -> int:
    """Print the exported program (warnings on stderr, e.g. when it is large)."""
    import sys

    from grundy.catalog import load_game
    from grundy.reports.export_policy import export_game

    more = [word for word in getattr(args, "more", []) if word != "+"]
    if more:
        raise NotSupportedError(
            f"export writes a program for one game: a sum of different games "
            f"({' + '.join([args.game, *more])}) is not exported; export each game, answer each part "
            f"with its program and XOR the values (P iff the XOR is 0)")
    layout = getattr(args, "input", "lines")
    if layout != "lines" and not args.main:
        raise InvalidInputError(f"--input {layout} says what the program's main reads: add --main")
    moves = getattr(args, "winning_moves", False)
    if moves and not args.main:
        raise InvalidInputError("--winning-moves says what the program's main prints: add --main")
    if moves and (args.game == "matrix" or (_named_family(args.game) and not _catalog_family(args.game))):
        raise InvalidInputError(f"--winning-moves lists the moves of a sum of heaps of one game, not "
                                f"of {args.game}")
    claim = getattr(args, "claim", None)
    if claim is not None and (getattr(args, "outcome", False) or args.game == "matrix"
                              or _named_family(args.game)):
        raise InvalidInputError(f"--claim is exported for one game (a heap game, a game on pairs), "
                                f"not with "
                                f"{'--outcome' if getattr(args, 'outcome', False) else args.game}")
    unchecked = getattr(args, "unchecked", False)
    if unchecked and (not getattr(args, "conjecture", False) or getattr(args, "outcome", False)
                      or args.game == "matrix" or _named_family(args.game)):
        raise InvalidInputError("--unchecked goes with --conjecture, for one game whose values an unproved "
                                "formula or period gives (not a family, --outcome or matrix)")
    if getattr(args, "outcome", False):  # (who wins from one heap, from the P-positions)
        from grundy.cli.export_outcome import run_outcome

        try:
            return run_outcome(args, layout)
        except InvalidInputError as exc:
            raise InvalidInputError(_flags(str(exc))) from None
    if args.game == "matrix":
        return _matrix(args, layout)
    where = getattr(args, "params", None)
    if where is not None and not args.main:
        raise InvalidInputError(f"--params {where} says where the program's main reads the "
                                f"parameters: add --main")
    if where == "rows" and _named_family(args.game):
        raise InvalidInputError(f"--params rows (n m, then n positions of m numbers each) is for a game "
                                f"of your own on tuples or on N numbers, not for a family ({args.game})")
    if _family(args, layout) or _own_heap_family(args, layout) or _own_family(args, layout):
        return 0
    parts = getattr(args, "params", None) in ("sum", "rows")  # (a game on pairs or on N numbers: k
    rows = getattr(args, "params", None) == "rows"              # positions; rows: n m, then n of m)
    coins = getattr(args, "params", None) if getattr(args, "params", None) in ("coins", "size-first") \
        else None  # (a coin-turning game: a case is a row of coins, size-first after its length N)
    if getattr(args, "params", None) not in (None, "sum", "rows") and coins is None:
        raise InvalidInputError("--params is for a family, its parameters written as names (e.g. "
                                "'bash(m)', 'subtraction(S)'; see grundy list); --params sum also for a "
                                "game on pairs or on N numbers (a case: k, then k positions); --params "
                                "coins or size-first for a coin-turning game (a case: a row of coins)")
    if parts and layout == "single":
        raise InvalidInputError(f"--input single reads one heap a case; --params {args.params} a case "
                                f"of several positions")
    try:
        result = export_game(load_game(args.game), lang=args.lang, upto=args.upto, main=args.main,
                             input_format=layout, conjecture=getattr(args, "conjecture", False),
                             limit=getattr(args, "limit", None),
                             max_size=getattr(args, "max_size", 64 * 1024) or None,
                             misere=getattr(args, "misere", False), winning_moves=moves, parts=parts,
                             rows=rows, claim=claim, coins=coins, unchecked=unchecked)
    except InvalidInputError as exc:
        raise InvalidInputError(_flags(str(exc))) from None
    except ResourceLimitError as exc:
        raise ResourceLimitError(_flags(str(exc))) from None
    for warning in result.warnings:
        print(f"grundy: warning: {_flags(warning)}", file=sys.stderr)
    emit(result.source.rstrip("\n"))
    return 0


def _catalog_family(spec: str) -> bool:
    """Whether ``spec`` names a family of the catalogue (which says itself which moves it lists)."""
    from grundy.catalog import load_family

    return load_family(spec) is not None


def _named_family(spec: str) -> bool:
    """Whether ``spec`` names a family (its parameters written as names), built in or one's own."""
    from grundy.catalog import load_family
    from grundy.reports.export_policy import own_family

    return load_family(spec) is not None or own_family(spec) is not None


def _family(args: argparse.Namespace, layout: str) -> bool:
    """Print the program of a family (parameters written as names), if the game is one."""
    from grundy.catalog import load_family
    from grundy.reports.export_policy import export_family

    found = load_family(args.game)
    if found is None:
        return False
    where = getattr(args, "params", None)
    misere = getattr(args, "misere", False)
    if found[1].kind == "misere" and not misere:
        raise InvalidInputError(f"{args.game}: the family's program is of misère play (whoever takes "
                                f"the last counter loses): add --misere")
    given = [flag for flag, value in (("--upto", args.upto), ("--limit", getattr(args, "limit", None)),
                                      ("--conjecture", getattr(args, "conjecture", False) or None))
             if value is not None]
    if given:
        raise InvalidInputError(f"{args.game}: a family's program computes its values at run time, "
                                f"{given[0]} has no use there")
    source = export_family(args.game, lang=args.lang, main=args.main, input_format=layout,
                           where=where or "each", winning_moves=getattr(args, "winning_moves", False),
                           misere=misere)
    most = getattr(args, "max_size", 64 * 1024)
    if most and len(source.encode()) > most:  # (a family's program has no table to cut)
        import sys

        print(f"grundy: warning: the program is {len(source.encode()):,} bytes, more than --max-size "
              f"{most:,}", file=sys.stderr)
    emit(source.rstrip("\n"))
    return True


def _own_heap_family(args: argparse.Namespace, layout: str) -> bool:
    """Print the program of a heap game of one's own whose parameters the input gives (written as
    names: 'mcoins(k,l)'), if the game is one."""
    from grundy.reports.own_heap_export import export_own_heap_family, own_heap_family

    found = own_heap_family(args.game)
    if found is None:
        return False
    where = getattr(args, "params", None)
    given = [flag for flag, value in (("--upto", args.upto), ("--limit", getattr(args, "limit", None)),
                                      ("--conjecture", getattr(args, "conjecture", False) or None),
                                      ("--misere", getattr(args, "misere", False) or None),
                                      ("--winning-moves", getattr(args, "winning_moves", False) or None))
             if value is not None]
    if given == ["--winning-moves"]:  # (its main lists none: refused, not dropped without a word)
        raise InvalidInputError(f"{args.game}: this program lists no winning moves ('grundy solve "
                                f"{args.game} --input LAYOUT --winning-moves FILE' lists them)")
    if given:
        raise InvalidInputError(f"{args.game}: the program computes each game's table at run time by "
                                f"your move function, {given[0]} has no use there")
    try:
        source = export_own_heap_family(*found, lang=args.lang, main=args.main, input_format=layout,
                                        where=where or "each")
    except InvalidInputError as exc:
        raise InvalidInputError(_flags(str(exc))) from None
    emit(source.rstrip("\n"))
    return True


def _own_family(args: argparse.Namespace, layout: str) -> bool:
    """Print the program of a family of a game of one's own (parameters written as names), if the
    game is one: each case its parameters, the answer its start position."""
    from grundy.reports.export_policy import export_own_family, own_family

    found = own_family(args.game)
    if found is None:
        return False
    conjecture = getattr(args, "conjecture", False)
    given = [flag for flag, value in (("--upto", None if conjecture else args.upto),
                                      ("--limit", getattr(args, "limit", None)),
                                      ("--misere", getattr(args, "misere", False) or None),
                                      ("--params", getattr(args, "params", None) not in (None, "sum",
                                                                                      "after")
                                       or None))
             if value is not None]
    if given:
        raise InvalidInputError(f"{args.game}: each case is the parameters of one game (--params sum: k "
                                f"games, their values XORed), whose start position the program answers "
                                f"at run time; {given[0]} has no use there (--upto: with --conjecture, "
                                f"the games whose start values its pattern is found on)")
    sums, after = getattr(args, "params", None) == "sum", getattr(args, "params", None) == "after"
    if after and found[0].laws.start is not None:
        raise InvalidInputError(f"{args.game}: each case is the parameters of one game, answered at its "
                                f"start; --params after (k, the parameters, then k positions) is for a "
                                f"game that declares no start=")
    if layout == "single":
        raise InvalidInputError(f"{args.game}: --input single is for a graph or a board; each case here "
                                f"is the parameters of one game (--input lines, cases, counted or "
                                f"repeated)")
    try:
        source = export_own_family(*found, lang=args.lang, main=args.main, input_format=layout,
                                   sums=sums, after=after, conjecture=conjecture, upto=args.upto)
    except InvalidInputError as exc:
        raise InvalidInputError(_flags(str(exc))) from None
    if conjecture:
        import sys

        print(f"grundy: warning: {args.game}: past the games searched, the program answers by a "
              f"conjecture (see its header), not proved", file=sys.stderr)
    emit(source.rstrip("\n"))
    return True


def _matrix(args: argparse.Namespace, layout: str) -> int:
    """Print the program for zero-sum matrix games read at run time, its Python twin first run
    against grundy's own solver (:func:`grundy.export.matrix.check_program`)."""
    from fractions import Fraction

    from grundy.export.matrix import check_program, matrix_program
    from grundy.matrix import solve_matrix_game

    given = [flag for flag, value in (("--upto", args.upto), ("--limit", getattr(args, "limit", None)),
                                      ("--conjecture", getattr(args, "conjecture", False) or None),
                                      ("--misere", getattr(args, "misere", False) or None),
                                      ("--params", getattr(args, "params", None)),
                                      ("--input single", "single" if layout == "single" else None),
                                      ("--input repeated", "repeated" if layout == "repeated" else None))
             if value is not None]
    if given:
        raise InvalidInputError(f"matrix: the program solves each game it reads at run time, {given[0]} "
                                f"has no use there (--input: lines, cases or counted)")

    def reference(game: list[list[Fraction]]) -> Fraction | None:
        solution = solve_matrix_game(game)
        return Fraction(solution.value) if solution.exact else None

    source = matrix_program(lang=args.lang, main=args.main, input_format=layout)
    check_program(source if args.lang == "python" else matrix_program(lang="python"), reference)
    emit(source.rstrip("\n"))
    return 0


def _flags(text: str) -> str:
    """The library's words for its parameters, as this command's flags."""
    return (text.replace("a smaller upto", "a smaller --upto").replace("upto must", "--upto must")
            .replace("(conjecture answers", "(--conjecture answers").replace("limit must", "--limit must")
            .replace("; conjecture answers", "; --conjecture answers")
            .replace("; max_size raises", "; --max-size raises")
            .replace("raise limit=", "raise --limit").replace("so upto has no use", "so --upto has no use")
            .replace("a smaller limit=", "a smaller --limit").replace("(limit=", "(--limit ")
            .replace("so limit has no use", "so --limit has no use")
            .replace("so conjecture has no use", "so --conjecture has no use")
            .replace("; conjecture has no use", "; --conjecture has no use")
            .replace("use lang python", "use --lang python")
            .replace("unchecked answers by", "--unchecked answers by")
            .replace("needs conjecture", "needs --conjecture")
            .replace("so unchecked has no use", "so --unchecked has no use")
            .replace("a smaller limit= checks it", "a smaller --limit checks it"))
