"""Play a game against a perfect opponent, one command per line.

Commands: a move (its label as 'hint' or 'grundy solve' shows it, an unambiguous prefix of one,
or the position after it), 'hint' (every legal move with the outcome, Grundy value and
remoteness of the position it leads to), 'why' (the current position explained as 'grundy solve
--explain'), 'undo' (take back your last move and the reply), 'quit'.

With --json, each turn is one JSON object on a line: "position", "to_move" ("you"/"computer"),
"outcome", "remoteness" and "value" of the position, "moves" (every legal move: "move", "to",
and "outcome", "remoteness", "value" after it), "computer_move" ({"move", "to", "why"}) when the
computer just moved, and, at the end, "winner" ("you", "computer" or "draw"). A bad command gives
{"error": "..."} and the match goes on; 'why' gives {"explanation": [...]}. The command ends
when the match does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from grundy.cli.common import emit, flag_message, heading, positive_int, print_json
from grundy.errors import GrundyError, InvalidInputError

EPILOG = """examples:
  grundy play nim 3 4 5
  grundy play kayles 8 --first computer
  grundy play 'subtraction(1,3,4)' 12 + nim 3 --misere
  grundy play digraph --graph edges.txt a        (loopy: draws are possible)
  printf 'hint\\nheap 1: take 2\\nquit\\n' | grundy play nim 3 4 5 --json
"""

SHOWN_HINTS = 60
"""Moves listed by 'hint' as text (--json lists every move)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grundy play``."""
    parser.add_argument("game", help="game name, with parameters if any: nim, 'subtraction(1,3,4)'")
    parser.add_argument("position", nargs="*",
                        help="the start position, as for 'grundy solve'; '+' starts another game of a sum")
    parser.add_argument("--misere", action="store_true", help="misère play: whoever moves last loses")
    parser.add_argument("--first", choices=("you", "computer"), default="you",
                        help="who moves first (default: you)")
    parser.add_argument("--json", action="store_true", help="one JSON object per turn (see above)")
    parser.add_argument("--graph", metavar="FILE", help="graph file of a game on a graph")
    parser.add_argument("--ground", metavar="V", help="ground vertex (green-hackenbush)")
    parser.add_argument("--limit", type=positive_int, metavar="N",
                        help="brute-force budget in steps; default 2,000,000")


def run(args: argparse.Namespace) -> int:
    """Play one match, reading commands from stdin."""
    from grundy.cli.solve import game_on_graph
    from grundy.engine.search import DEFAULT_LIMIT
    from grundy.play.session import Match

    if args.graph is not None or args.ground is not None:
        game, position = game_on_graph(args.game, args.graph, args.ground, args.position)
    else:
        from grundy.catalog import parse_sum

        if not args.position:
            raise InvalidInputError(f"give the start position too, e.g. 'grundy play {args.game} 3 4 5'")
        game, position = parse_sum([args.game, *args.position])
    match = Match(game, position, misere=args.misere, first=args.first,
                  limit=DEFAULT_LIMIT if args.limit is None else args.limit, describe=flag_message)
    Player(match, json_out=args.json, lang=args.language).run(_lines(args.language))
    return 0


def _lines(t: Any = None) -> Iterator[str]:
    """Commands: ``input()`` with a prompt on a terminal, else one per line of stdin."""
    if sys.stdin.isatty():
        prompt = "your move (or hint, why, undo, quit): " if t is None else \
            t("your move (or hint, why, undo, quit): ")
        while True:
            try:
                yield input(prompt)
            except EOFError:
                return
    else:
        yield from sys.stdin


class Player:
    """The command loop of one match, printing text or ``--json`` turn objects."""

    def __init__(self, match: Any, *, json_out: bool = False, lang: Any = None) -> None:
        from grundy.model.language import ENGLISH

        self.match, self.json, self.t = match, json_out, lang or ENGLISH

    def run(self, commands: Iterator[str]) -> None:
        """Play until the match ends, ``quit``, or the commands run out."""
        from grundy.play.session import HINT, QUIT, respond

        match, t = self.match, self.t
        self._computer_moves()
        self._show_turn()
        if match.over:
            return
        for raw in commands:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            if self.json:
                answer = respond(match, self._typed(text), t)
                print_json(answer)
                sys.stdout.flush()
                if answer.get("quit") or match.over:
                    return  # the match has ended: "winner" was in the last object
                continue
            word = " ".join(text.split()).lower()
            if word in QUIT:
                emit(t("you stopped the match"))
                return
            if word in HINT:
                self._hint()
            elif word == "why":
                for line in match.explanation(t):
                    emit(f"  {line}")
            elif word == "undo":
                if match.undo():
                    self._show_turn()
                else:
                    emit(t("  nothing to undo"))
            elif match.over:
                emit(t("  the match is over: 'undo' takes back a move, 'quit' leaves"))
            else:
                try:
                    match.play(self._typed(text))
                except GrundyError as exc:
                    emit("  " + " ".join(match.describe(exc).split()))
                    continue
                emit(t("you: {move}   ⇒  {position}", move=t.move(match.your_move),
                       position=match.game.format_position(match.position)))
                self._computer_moves()
                self._show_turn()
                if match.over:
                    return
        if not match.over and not self.json:
            emit(t("(no more input: the match is left unfinished)"))

    def _typed(self, text: str) -> str:
        """A move typed as it was shown in the output's language (``第 1 堆：取 2：3 → 1``): its
        label; anything else as typed."""
        if self.t.english:
            return text
        wanted = " ".join(text.split())
        for move in self.match.moves() or []:
            if " ".join(self.t.move(move.label).split()) == wanted:
                return str(move.label)
        return text

    def _computer_moves(self) -> None:
        match, t = self.match, self.t
        if match.to_move == "computer" and not match.over:
            reply = match.computer_turn()
            if not self.json:
                emit(t("computer: {move}   ⇒  {position}", move=t.move(reply.label),
                       position=match.game.format_position(reply.to)))
                emit(t("  why: {why}", why=t.sentence(reply.why)))

    def _show_turn(self) -> None:
        match, t = self.match, self.t
        if self.json:
            from grundy.play.session import localized_turn

            print_json(localized_turn(match.turn_json(), t))
            sys.stdout.flush()
            return
        from grundy.play.board import board

        game = match.game
        emit()
        shown = game.format_position(match.position)
        emit((heading(shown) if " + " in shown else heading(game.spec) + f"  {shown}")
             + (t("  (misère: whoever moves last loses)") if match.misere else ""))
        for line in board(game, match.position):
            emit(f"  {t.sentence(line)}")
        winner = match.winner
        if winner == "draw":
            emit(heading(t("a draw")) + t(": the position repeated; neither side can force a win"))
        elif winner is not None:
            rule = t("whoever moves last loses" if match.misere else "whoever moves last wins")
            emit(heading(t("you win" if winner == "you" else "the computer wins"))
                 + t(": no move is left ({rule})", rule=rule))
        elif match.moves() is None:
            emit(t("  (this position has too many moves to list: write the position after your move)"))
        sys.stdout.flush()

    def _hint(self) -> None:
        from grundy.play.analysis import describe

        match, t = self.match, self.t
        if self.json:
            print_json(match.turn_json())
            return
        here = match.facts()
        emit(t("  here: {what} for the player to move", what=t.sentence(describe(here, match.misere))))
        moves = match.moves()
        if moves is None:
            emit(t("  too many moves to list them all"))
            return
        from grundy.cli.common import columns

        rows = []
        for move in moves[:SHOWN_HINTS]:
            after = match.facts(move.to)
            mark = "wins" if after.outcome is not None and after.outcome.value == "P" else \
                "draw" if after.outcome is not None and after.outcome.value == "D" else ""
            shown = "⇒ " + match.game.format_position(move.to)
            rows.append([t.move(move.label), shown, t.sentence(describe(after, match.misere)),
                         t(mark) if mark else mark])
        for line in columns(rows, "  "):
            emit(line.rstrip())
        if len(moves) > SHOWN_HINTS:
            emit(t("  … and {n} more (--json lists them all)", n=len(moves) - SHOWN_HINTS))
