"""Who wins, the Grundy value, every winning move, and the rule that decided it."""

from __future__ import annotations

import argparse
import sys

from grundy.cli.common import PARAMS_HELP, PARAMS_PLACES, emit, flag_message, heading, positive_int, searching
from grundy.errors import GrundyError, InvalidInputError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

EPILOG = """examples:
  grundy solve nim 3 4 5
  grundy solve 'subtraction(1,3,4)' 10 7 --json
  grundy solve nim 3 4 --misere
  grundy solve 'octal(0.07)' 10**18
  grundy solve kayles --input cases judge.in   (a judge's input: T, then T cases 'n h1 .. hn')

sums of different games: separate the components with a lone '+', each written GAME POSITION:
  grundy solve nim 3 + 'subtraction(1,2,3)' 7 + nim 5
  grundy solve --every nim 3 + 'subtraction(1,2)' 5   (Every-SG: move in every component each turn)

games on graphs: the graph comes from a file (edge list 'u v' per line, or JSON):
  grundy solve digraph --graph edges.txt a b b      (tokens; cycles give draws)
  grundy solve green-hackenbush --graph g.txt --ground 0 --plot cut.png
"""

SHOWN_MOVES = 50
"""Winning moves printed as text (``--json`` lists them all)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy solve``."""
    parser.add_argument("game", nargs="?",
                        help="game name, with parameters if any: nim, 'subtraction(1,3,4)'")
    parser.add_argument("position", nargs="*",
                        help="the position: for heap games one number per heap; '+' starts another "
                             "game of a sum")
    parser.add_argument("--misere", action="store_true", help="misère play: whoever moves last loses")
    parser.add_argument("--quotient-file", metavar="F",
                        help="with --misere: use the misère quotient stored in F (written by grundy "
                             "table GAME --misere --quotient --store F; checked again before use)")
    parser.add_argument("--every", action="store_true",
                        help="Every-SG: each turn moves in every component (each heap, each part of "
                             "a sum) that has a move; the last to move wins")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--graph", metavar="FILE",
                        help="graph file (edge list 'u v' per line, or JSON) of a game on a graph")
    parser.add_argument("--ground", metavar="V", help="ground vertex (green-hackenbush)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the graph, winning moves highlighted (games on graphs; matplotlib)")
    parser.add_argument("--limit", type=positive_int, metavar="N",
                        help="brute-force budget in steps (positions + options); default 2,000,000 "
                             "(200,000 for a Grundy value once a rule decided the outcome); a given N "
                             "applies to both")
    parser.add_argument("--conjecture", action="store_true",
                        help="answer heaps of your own games beyond brute force by a conjectured "
                             "pattern (checked on a table, not proved); the answer says so")
    parser.add_argument("--upto", type=positive_int, metavar="N",
                        help="with --input --conjecture, a family of your own with start= and one "
                             "parameter: the games 1..N whose start values the pattern is found on "
                             "(default 40), as 'export --conjecture --upto N'")
    parser.add_argument("--explain", action="store_true",
                        help="show the derivation step by step: each option's value and the mex, or "
                             "the rule with its numbers, and the XOR of a sum")
    parser.add_argument("--batch", metavar="FILE",
                        help="solve one position per line of FILE ('-': stdin; lines 'GAME POSITION' "
                             "when no GAME is given), one answer per line ('N 2', or JSON lines)")
    parser.add_argument("--input", metavar="LAYOUT",
                        choices=("lines", "cases", "counted", "repeated", "single"),
                        help="read a judge's whole input from the one file given ('-': stdin) in "
                             "the layout of 'export --main': lines (a position per line), cases "
                             "(T, then T cases), counted (one case), repeated (cases to the end, or to "
                             "a case of zeros: a count of 0, a pair's 0 0); a case of a heap game is n then "
                             "n heaps (a sum), of a game of your own on other tuples of numbers n then "
                             "the n numbers of one position; a heap game or a family also single (T, "
                             "then T cases of one heap); "
                             "print 'VALUE OUTCOME' per case, as the exported program does")
    parser.add_argument("--winning-moves", action="store_true",
                        help="with --input: after each case's line 'VALUE OUTCOME K', its K winning "
                             "moves, one a line: 'PART FROM TO' for a move in one heap or part of a "
                             "sum (its number from 1, before, after), else the position after it")
    parser.add_argument("--outcome", action="store_true",
                        help="with --input: who wins each case and nothing else, '- N' or '0 P' (a "
                             "search that stops at a position's first option that is a P-position, "
                             "where a Grundy value needs every option: a game of your own whose "
                             "judge asks only who wins; export --outcome writes its program); a sum "
                             "is still valued by its parts")
    parser.add_argument("--params", choices=PARAMS_PLACES,
                        help="with --input, a family (parameters written as names, e.g. 'bash(m)'): "
                             "where the input gives the parameters: " + PARAMS_HELP)
    parser.add_argument("--file", dest="heap_file", metavar="F",
                        help="read the heaps (of any other game, the position: staircase's counts) "
                             "from this file ('-': stdin), separated by spaces, commas or newlines")


def run(args: argparse.Namespace) -> int:
    """Solve one position (or, with ``--batch``, one per line) and print the answer."""
    if args.quotient_file is not None and (not args.misere or args.every or args.batch is not None):
        raise InvalidInputError(f"--quotient-file {args.quotient_file!r} applies to "
                                f"grundy solve GAME HEAPS... --misere")
    if args.upto is not None and (args.input is None or not args.conjecture):
        raise InvalidInputError(f"--upto {args.upto} is the games a family's conjecture is found on: it "
                                f"goes with --input and --conjecture")
    if args.outcome:
        _outcome_allowed(args)
    if args.params is not None and args.input is None:
        raise InvalidInputError(f"--params {args.params} says where a judge's input gives a family's "
                                f"parameters: it goes with --input")
    if args.every:
        if args.game is None:
            raise InvalidInputError("give the game and the position, e.g. "
                                    "grundy solve --every nim 3 + 'subtraction(1,2)' 5")
        from grundy.cli.every import run_every

        return run_every(args, game_on_graph)
    if args.input is not None:
        from grundy.cli.judge_input import run_input

        if args.winning_moves:
            return run_input(args, lambda game, position, cache: _moves(args, game, position, cache))
        return run_input(args, lambda game, position, cache: _value(args, game, position, cache))
    if args.winning_moves:
        raise InvalidInputError("--winning-moves lists each case's winning moves: it goes with --input "
                                "(one position: grundy solve GAME POSITION lists them)")
    if args.batch is not None:
        return run_batch(args)
    if args.game is None:
        raise InvalidInputError("give the game and the position, e.g. 'grundy solve nim 3 4 5'")
    game, position = _game_and_position(args)
    if args.quotient_file is not None:
        _use_stored_quotient(game, args.quotient_file, args.limit)
    answer, conjectures = _solve(args, game, position)
    if args.plot is not None:
        from grundy.games.graphs.drawing import plot_solution

        plot_solution(answer, args.plot)
    steps = None
    if args.explain:
        from grundy.solving.explain import explain_steps

        steps = explain_steps(game, answer.position, misere=args.misere, limit=_limit(args),
                              lang=args.language)
    t = args.language
    if args.json:  # (the reason in the language asked; the keys and "why" stay)
        write_json(answer, reason=None if t.english else t.reason(answer.why),
                   conjectures=conjectures, steps=steps)
        return 0
    print_answer(answer, t)
    for text in conjectures:
        emit(t("  status:   conjecture: {text}", text=text))
    if steps is not None:
        emit(t("  step by step:"))
        for line in steps:
            emit(f"    {line}")
    return 0




def _use_stored_quotient(game: Any, path: str, limit: int | None) -> None:
    """``--quotient-file F``: the quotient in ``F``, checked again against ``game``'s rules, is the
    one the misère answer uses (for heaps it does not cover, one is computed as without it)."""
    from grundy.theory.quotient import DEFAULT_QUOTIENT_LIMIT
    from grundy.theory.quotient.play import _QUOTIENTS
    from grundy.theory.quotient.store import load_quotient

    q = load_quotient(game, path, DEFAULT_QUOTIENT_LIMIT if limit is None else limit)  # (no brute force)
    known = _QUOTIENTS.get(game)
    if known is None or q.checked_upto >= known.checked_upto:
        _QUOTIENTS[game] = q


def _limit(args: argparse.Namespace) -> int:
    from grundy.engine.search import DEFAULT_LIMIT

    return DEFAULT_LIMIT if args.limit is None else int(args.limit)


def _given_limit(args: argparse.Namespace) -> int | None:
    """``--limit N`` when given (an explicit budget applies everywhere), else ``None``."""
    return None if args.limit is None else int(args.limit)


def _solve(args: argparse.Namespace, game: Any, position: Any, cache: Any = None,
           remoteness: bool = True) -> tuple[Any, list[str]]:  # (--batch skips the remoteness)
    """Solve, with the patterns of users' own games when they are defined (``--conjecture``)."""
    from grundy.reports.answers import solve_answer

    if args.conjecture and not game.own_rules:
        raise InvalidInputError("--conjecture applies to your own games (defined with "
                                "@grundy.heap_game, loaded with --rules FILE.py)")
    answer, conjectures = searching(
        lambda budget: solve_answer(game, position, misere=args.misere, conjecture=args.conjecture,
                                    cache=cache, remoteness=remoteness, budget=budget), _given_limit(args))
    if answer.note and answer.quoted:  # the errors a note quotes name parameters: write the flags
        note = answer.note
        for error in answer.quoted:
            note = note.replace(str(error), flag_message(error))
        answer = answer.replace(note=note)
    return answer, conjectures


def run_batch(args: argparse.Namespace) -> int:
    """``--batch FILE``: one position per line (``GAME POSITION`` lines when no GAME is given),
    one answer per line — ``N 2`` (outcome and Grundy value) as text, or a JSON object per line —
    with one process, one cache, and each game (with its tables) made once for all lines.

    Text computes only what it prints (no winning move, reason or remoteness). A line that begins
    with ``#`` is a position when the game reads it as one (``##.#`` of a coin game); otherwise a
    ``#`` alone or followed by a space is a comment, skipped, and anything else an error line: the
    answers are exactly as many as the positions.

    A line that cannot be answered gets its own line in its place, ``error: line K: MESSAGE``
    (JSON: ``{"line": K, "input": ..., "error": ...}``), and the others are still answered; then
    one line on stderr says how many failed and the exit status is 2. A file with no position at
    all (empty, or only blank and comment lines) is an error too: one line on stderr, exit 2."""
    from grundy.catalog import load_game
    from grundy.engine.search import Cache
    from grundy.model.textio import read_text_file
    from grundy.solving.writers import json_chunks, value_line

    if args.position or args.heap_file or args.graph or args.plot or args.explain:
        raise InvalidInputError("--batch reads every position from its file: give at most the game, "
                                "without positions, --file, --graph, --plot or --explain")
    fixed = load_game(args.game) if args.game is not None else None
    cache = Cache()
    fast = None  # many short lines of one heap game: each heap solved once, a line is their XOR
    if fixed is not None and not (args.json or args.misere or args.conjecture):
        from grundy.cli.judge_input import HeapLines

        fast = HeapLines.of(fixed, lambda game, position, cache: _value(args, game, position, cache),
                            cache)
    games: dict[str, Any] = {}
    out = sys.stdout
    count = 0
    failed: list[str] = []
    for number, line in enumerate(read_text_file(args.batch, what="batch file").split("\n"), 1):
        text = line.strip()
        if not text:
            continue
        try:
            game, position = _batch_position(fixed, games, text)
        except GrundyError as exc:
            if _comment(text):
                continue
            count += 1
            _batch_error(out, args.json, number, text, exc, failed)
            continue
        count += 1
        try:
            if args.json:
                answer, conjectures = _solve(args, game, position, cache, remoteness=False)
            else:
                found = None
                if fast is not None and type(position) is tuple and position \
                        and all(type(h) is int for h in position):
                    found = fast.heaps(position)
                result, value = found or _value(args, game, position, cache)
        except GrundyError as exc:
            _batch_error(out, args.json, number, text, exc, failed)
            continue
        if args.json:
            out.write("".join(json_chunks(answer, reason=args.language.reason(answer.why),
                                          conjectures=conjectures)) + "\n")
        else:
            out.write(value_line(result, value) + "\n")
    if count == 0:
        raise InvalidInputError(f"batch file {args.batch!r} has no position (blank lines and "
                                "'# ' comments are skipped)")
    if failed:
        first = failed[0]
        sys.stdout.flush()
        sys.stderr.write(f"grundy: error: {len(failed):,} of {count:,} batch lines failed "
                         f"(each marked in the output); first: {first}\n")
        return 2
    return 0


def _comment(text: str) -> bool:
    """Whether a line no game reads is a comment: ``#`` alone or followed by a space."""
    return text == "#" or text.startswith(("# ", "#\t"))


def _batch_position(fixed: Any, games: dict[str, Any], text: str) -> tuple[Any, Any]:
    """The game and position of one batch line; the games of ``GAME POSITION`` lines are made
    once per spec (``games``), so a graph is read and a table built once for all lines."""
    if fixed is not None:
        return fixed, fixed.parse_position(text)
    from grundy.catalog import load_game
    from grundy.model.textio import split_segments, tokenize

    tokens = tokenize(text)
    if not tokens:
        raise InvalidInputError("nothing to solve: give GAME POSITION")
    parts = []
    for segment in split_segments(tokens):
        game = games.get(segment[0])
        if game is None:
            game = games[segment[0]] = load_game(segment[0])
        parts.append((game, game.parse_position(" ".join(segment[1:]))))
    if len(parts) == 1:
        return parts[0]
    from grundy.engine.sums import SumGame

    return SumGame(tuple(g for g, _ in parts)), tuple(p for _, p in parts)


def _batch_error(out: Any, json_out: bool, number: int, text: str, exc: GrundyError,
                 failed: list[str]) -> None:
    """The line in place of an answer that failed."""
    import json

    message = " ".join(flag_message(exc).split())
    failed.append(f"line {number} ({text[:60]!r}): {message}")
    if json_out:
        out.write(json.dumps({"line": number, "input": text, "error": message},
                             ensure_ascii=False) + "\n")
    else:
        out.write(f"error: line {number}: {message}\n")


def _outcome_allowed(args: argparse.Namespace) -> None:
    """``--outcome`` goes with ``--input``, for a game whose case is one position (or a sum the
    engine values by its parts); refused in one line with what it has no use for."""
    if args.input is None:
        raise InvalidInputError("--outcome prints who wins each case of a judge's input: it goes with "
                                "--input (one position: grundy solve GAME POSITION says who wins)")
    clash = [flag for flag, given in (("--misere", args.misere), ("--winning-moves", args.winning_moves),
                                      ("--conjecture", args.conjecture), ("--params", args.params))
             if given]
    if clash:
        raise InvalidInputError(f"--outcome (normal play, a game's cases one position each) does not go "
                                f"with {', '.join(clash)}" + (" (misère answers are outcomes already)"
                                                              if args.misere else ""))


def _value(args: argparse.Namespace, game: Any, position: Any, cache: Any) -> tuple[Any, Any]:
    """The outcome and Grundy value :func:`_solve` gives, computing nothing else (with
    ``--conjecture``, the whole answer: its winning moves check the pattern)."""
    if args.conjecture:
        answer, _ = _solve(args, game, position, cache, remoteness=False)
        return answer.outcome, answer.grundy
    from grundy.solving.solve import solve_value

    limit = _given_limit(args)

    def work(budget: Any) -> tuple[Any, Any]:
        if args.outcome:  # (who wins alone: '- N', or '0 P' (a P-position's value is 0), as the
            from grundy.engine.outcome_search import outcome_only  # exported outcome programs print)
            from grundy.model.game import Outcome

            found = outcome_only(game, position, cache=cache, budget=budget)
            return found, 0 if found is Outcome.P else None
        return solve_value(game, position, misere=args.misere, cache=cache, budget=budget)

    tty = vars(args).get("_stderr_tty")
    if tty is None:  # (read once per run: a judge's input has 10^5 lines)
        tty = args._stderr_tty = sys.stderr.isatty()
    run = searching if tty else _run
    if not game.own_rules:  # (declared by the game: only a user's game needs a query)
        return run(work, limit)
    from grundy.define import answering

    with answering(limit=_limit(args)):
        return run(work, limit)


def _moves(args: argparse.Namespace, game: Any, position: Any, cache: Any) -> tuple[Any, ...]:
    """``--input --winning-moves``: the outcome, the Grundy value, the number of winning moves
    and their lines (:func:`grundy.cli.judge_input.move_lines`), from the whole answer."""
    from grundy.cli.judge_input import MoveLines, move_lines

    answer, _ = _solve(args, game, position, cache, remoteness=False)
    if not answer.moves_listed:
        raise InvalidInputError(f"the winning moves of this case are too many to list ({answer.note})")
    lines = MoveLines(move_lines(answer))
    return answer.outcome, answer.grundy, len(lines), lines


def _run(work: Any, limit: int | None) -> Any:
    """:func:`searching` without a terminal: ``work`` with the budget of ``--limit``."""
    from grundy.engine.limits import one_budget

    return work(one_budget(limit, None))


def _game_and_position(args: argparse.Namespace) -> tuple[Any, Any]:
    from grundy.catalog import parse_sum

    tokens = [args.game, *args.position]
    if args.heap_file is not None:
        return _game_with_heap_file(args)
    if args.graph is not None or args.ground is not None:
        return game_on_graph(args.game, args.graph, args.ground, args.position)
    return parse_sum(tokens)


def game_on_graph(name: str, graph: str | None, ground: str | None, tokens: list[str]) -> tuple[Any, Any]:
    """The game and position of ``grundy solve NAME --graph FILE [--ground V] TOKENS...``.

    >>> game_on_graph("nim", "g.txt", None, ["3"])
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: --graph/--ground apply to games on graphs, not 'nim'
    """
    from grundy.catalog import find_entry
    from grundy.model.game import ContentHashedGame

    entry = find_entry(name)
    cls = entry.load_class() if entry is not None else None
    if cls is None or not cls.takes_graph or not issubclass(cls, ContentHashedGame):
        raise InvalidInputError(f"--graph/--ground apply to games on graphs, not {name!r}")
    if graph is None:
        raise InvalidInputError(f"--ground {ground!r} needs --graph FILE")
    if ground is not None and not cls.takes_ground:
        raise InvalidInputError(f"--ground applies to green-hackenbush, not to {entry.name}")  # type: ignore[union-attr]
    if "+" in tokens:
        import shlex

        raise InvalidInputError(
            f"a sum with --graph: write the graph game as a spec instead, e.g. "
            f"{shlex.quote(f'{name}(graph={graph})')}")
    from grundy.games.graphs.fileio import read_graph, with_ground

    data = read_graph(graph)
    spec = f"{entry.name}(graph={graph}" + (f",ground={ground})" if ground is not None else ")")  # type: ignore[union-attr]
    if ground is not None:
        data = with_ground(data, ground)
    game = cls.from_graph(data, spec)
    return game, game.parse_position(" ".join(tokens))


def _game_with_heap_file(args: argparse.Namespace) -> tuple[Any, Any]:
    """``solve GAME --file PATH``: a heap game whose heaps are read from a file or stdin; any
    other game reads its position there (numbers separated by spaces, commas or newlines, as
    staircase's counts), as it reads one from the command line."""
    from grundy.catalog import load_game
    from grundy.cli.common import heap_file
    from grundy.model.game import HeapGame

    other = load_game(args.game)
    if not isinstance(other, HeapGame):
        from grundy.model.textio import read_text_file

        if args.position:
            raise InvalidInputError(f"give the position either on the command line or in --file, "
                                    f"not both: {' '.join(args.position)!r}")
        text = read_text_file(args.heap_file, what="position file")
        return other, other.parse_position(" ".join(text.replace(",", " ").split()))
    game, heaps = heap_file(args.game, args.position, args.heap_file)
    # an array of heaps as it is: grundy.solve answers a sum of many heaps in bulk where it can
    return game, game.validate(heaps) if isinstance(heaps, tuple) else heaps


def write_json(answer: Any, **extras: Any) -> None:
    """Print the answer's JSON object on one line (:func:`grundy.solving.writers.json_bytes`;
    ``extras`` as for :func:`~grundy.solving.writers.answer_json`), streaming the winning moves (a
    sum of a million heaps may have a million of them); as bytes, when standard output takes UTF-8."""
    from grundy.solving.writers import json_bytes, json_chunks

    out = sys.stdout
    raw = getattr(out, "buffer", None)
    if raw is not None and (out.encoding or "").lower().replace("-", "").replace("_", "") == "utf8":
        out.flush()
        for piece in json_bytes(answer, 1 << 13, out.errors or "strict", **extras):
            raw.write(piece)
        raw.write(b"\n")
        return
    for chunk in json_chunks(answer, **extras):
        out.write(chunk)
    out.write("\n")


def print_answer(answer: Any, lang: Any = None) -> None:
    """Print a :class:`~grundy.solving.solve.Solution` as text (in ``lang``, a
    :class:`~grundy.model.language.Language`; English by default) by
    :func:`grundy.solving.writers.text_lines`."""
    from grundy.solving.writers import text_lines

    for line in text_lines(answer, lang, heading, SHOWN_MOVES):
        emit(line)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run it as: grundy solve ...")
