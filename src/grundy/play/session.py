"""A match against the perfect opponent: the state, reading a move, the computer's reply, and the
``--json`` turn objects that ``grundy play`` prints and ``grundy serve`` sends.

The computer wins when it can, as fast as it can (the option of least remoteness among the lost
ones), keeps a draw when it cannot win, and from a lost position delays as long as it can (the
option of largest remoteness).

>>> from grundy.catalog import load_game
>>> match = Match(load_game("nim"), (1, 2))
>>> match.to_move
'you'
>>> match.play("heap 2: take 1")        # a prefix of a label is enough when it is unambiguous
>>> match.position, match.to_move
((1, 1), 'computer')
>>> reply = match.computer_turn()
>>> reply.label, match.position
('heap 1: take 1: 1 → 0', (0, 1))
>>> match.play("0 0"); match.winner        # or write the position after the move
'you'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from grundy.engine.search import DEFAULT_LIMIT
from grundy.errors import GrundyError, InvalidInputError, ResourceLimitError, TooManyMovesError
from grundy.model.game import Game, Move, Outcome, Position
from grundy.model.language import ENGLISH, Language
from grundy.play.analysis import Facts, Oracle

MOVE_LIST_LIMIT = 5_000
"""Most moves listed for one position; beyond, the position's moves are 'too many to list'."""

REPEATS_FOR_DRAW = 3
"""A position that recurs this many times with the same player to move ends the match as a draw."""


class MoveError(InvalidInputError):
    """A move that is not legal, unknown, or ambiguous."""


@dataclass(frozen=True)
class Reply:
    """The computer's move and the one line that says why."""

    label: str
    to: Position
    why: str


@dataclass
class Match:
    """You against the perfect opponent, from ``start``; ``first`` is ``"you"`` or ``"computer"``."""

    game: Game
    start: Position
    misere: bool = False
    first: str = "you"
    limit: int = DEFAULT_LIMIT
    describe: Callable[[BaseException], str] = str
    """How an error is written to the player (the command line writes its flags for the
    parameters a library error names: :func:`grundy.reports.messages.command_line_message`; the
    web page its own: :func:`grundy.reports.messages.web_message`)."""
    oracle: Oracle = field(init=False)
    history: list[tuple[Position, str]] = field(init=False)
    last_reply: Reply | None = field(init=False, default=None)
    your_move: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.first not in ("you", "computer"):
            raise InvalidInputError(f"first= is 'you' or 'computer', not {self.first!r}",
                                    parameters=("first",))
        self.start = self.game.validate(self.start)
        self.oracle = Oracle(self.game, self.start, misere=self.misere, limit=self.limit)
        self.history = [(self.start, self.first)]
        self._moves: dict[Any, list[Move] | None] = {}
        self._turns, self._retry = 0, 1

    # ---- state ----------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position."""
        return self.history[-1][0]

    @property
    def to_move(self) -> str:
        """``"you"`` or ``"computer"``."""
        return self.history[-1][1]

    def moves(self, position: Position | None = None) -> list[Move] | None:
        """Every legal move of ``position`` (the current one by default), or ``None`` when there
        are more than :data:`MOVE_LIST_LIMIT` (a heap of 10¹⁸ in Nim)."""
        position = self.position if position is None else position
        key = self.game.canonical(position), self.game.format_position(position)
        if key not in self._moves:
            listed = list(islice(self.game.moves(position), MOVE_LIST_LIMIT + 1))
            self._moves[key] = listed if len(listed) <= MOVE_LIST_LIMIT else None
        return self._moves[key]

    def facts(self, position: Position | None = None) -> Facts:
        """Outcome, remoteness and value of ``position`` (the current one by default)."""
        return self.oracle.facts(self.position if position is None else position)

    @property
    def over(self) -> bool:
        """Whether the match has ended (no move left, or a draw by repetition)."""
        return self.winner is not None

    @property
    def winner(self) -> str | None:
        """``"you"``, ``"computer"``, ``"draw"``, or ``None`` while the match goes on."""
        if self._repeats() >= REPEATS_FOR_DRAW:
            return "draw"
        if next(iter(self.game.moves(self.position)), None) is not None:
            return None
        other = "computer" if self.to_move == "you" else "you"
        return self.to_move if self.misere else other  # normal play: whoever moved last won

    def _repeats(self) -> int:
        here = self.game.canonical(self.position), self.to_move
        return sum(1 for p, who in self.history if (self.game.canonical(p), who) == here)

    # ---- moves ----------------------------------------------------------------------------
    def find_move(self, text: str) -> Move:
        """The legal move written ``text``: a label, an unambiguous prefix of one, or the position
        after the move. Raises :class:`MoveError` quoting ``text`` otherwise."""
        wanted = " ".join(text.split())
        if not wanted:
            raise MoveError("type a move (its label or the position after it); 'hint' lists them")
        moves = self.moves()
        target = self._parse_target(wanted)
        if moves is None:  # too many to list: the position after the move, checked in the budget
            if target is None:
                raise MoveError(f"{wanted!r}: this position has too many moves to name them; write the "
                                f"position after your move")
            return self._find_far(target, wanted)
        lower = wanted.lower()
        exact = [m for m in moves if " ".join(m.label.split()).lower() == lower]
        if exact:
            return exact[0]
        if target is not None:
            key = self.game.canonical(target)
            for move in moves:
                if self.game.canonical(move.to) == key:
                    return move
        found = [m for m in moves if " ".join(m.label.split()).lower().startswith(lower)]
        if len(found) > 1:  # 'take 2' names 'take 2: 3 → 1', not 'take 20: …'
            whole = [m for m in found if not " ".join(m.label.split())[len(lower)].isalnum()]
            found = whole if whole else found
        if len(found) == 1:
            return found[0]
        if not found:
            raise MoveError(f"{wanted!r} is not a legal move here; 'hint' lists every move")
        shown = "; ".join(m.label for m in found[:4]) + ("; …" if len(found) > 4 else "")
        raise MoveError(f"{wanted!r} is ambiguous: {len(found)} moves start so ({shown})")

    def _parse_target(self, text: str) -> Position | None:
        try:
            return self.game.validate(self.game.parse_position(text))
        except (GrundyError, ValueError, TypeError):
            return None

    def _find_far(self, target: Position, text: str) -> Move:
        key = self.game.canonical(target)
        for move in islice(self.game.moves(self.position), self.limit):
            if self.game.canonical(move.to) == key:
                return move
        raise MoveError(f"{text!r} is not one move away (checked {self.limit:,} moves)")

    def play(self, text: str) -> None:
        """Make your move ``text`` (see :meth:`find_move`)."""
        if self.over:
            raise MoveError("the match is over; 'undo' takes back a move")
        if self.to_move != "you":
            raise MoveError("it is the computer's turn")
        move = self.find_move(text)
        self.last_reply, self.your_move = None, move.label
        self._push(move.to, "computer")

    def _push(self, position: Position, who: str) -> None:
        self.history.append((self.game.validate(position), who))
        self._turns += 1
        if not self.oracle.exact and self._turns >= self._retry:
            # the start had too many positions to analyse exactly; the game shrinks as it goes, so
            # try again from here, less and less often while it still fails
            fresh = Oracle(self.game, self.position, misere=self.misere, limit=self.limit)
            if fresh.exact:
                self.oracle = fresh
            else:
                self._retry = 2 * self._turns

    def undo(self) -> bool:
        """Take back your last move (and the computer's reply to it); false if there is none."""
        for back in range(len(self.history) - 2, -1, -1):
            if self.history[back][1] == "you":
                del self.history[back + 1:]
                self.last_reply = None
                return True
        return False

    def computer_turn(self) -> Reply:
        """The perfect opponent moves (see the module docstring); returns what it did and why."""
        if self.over or self.to_move != "computer":
            raise MoveError("it is not the computer's turn")
        reply = self.choose()
        self._push(reply.to, "you")
        self.last_reply = reply
        return reply

    def choose(self) -> Reply:
        """The computer's choice at the current position (not played)."""
        here = self.facts()
        moves = self.moves()
        if moves is None:  # too many to list: the winning moves by the game's theorems, or any move
            return self._choose_unlisted(here)
        rated = [(m, self.facts(m.to)) for m in moves]
        lost = [(m, f) for m, f in rated if f.outcome is Outcome.P]
        if lost:
            move, after = min(lost, key=lambda mf: _far(mf[1], 0))
            ends = ("" if after.remoteness is None  # (not known: nothing said about the end)
                    else "; you have no move left" if after.remoteness == 0
                    else f"; you lose in {after.remoteness} more move{'s' * (after.remoteness != 1)} "
                         f"whatever you do")
            value = " (Grundy value 0)" if after.value == 0 else ""
            return Reply(move.label, move.to, f"wins: to a P-position{value}{ends}")
        drawn = [(m, f) for m, f in rated if f.outcome is Outcome.D]
        if drawn:
            move = drawn[0][0]
            return Reply(move.label, move.to,
                         "no move wins, so it keeps the draw: to a position neither player can win")
        if here.outcome is None or any(f.outcome is None for _, f in rated):
            move = rated[0][0]
            return Reply(move.label, move.to, "no winning move found within the budget; it moves on")
        move, after = max(rated, key=lambda mf: _far(mf[1], -1))
        hold = (f": this one holds out longest ({after.remoteness} more move"
                f"{'s' * (after.remoteness != 1)})"
                if after.remoteness is not None else "")
        return Reply(move.label, move.to, f"lost against perfect play, so it delays{hold}")

    def _choose_unlisted(self, here: Facts) -> Reply:
        """A position with too many moves to rate each: a winning move by the game's theorems
        (one of each class of a proved period, where there are too many to list), else a move
        that says truly why it was chosen."""
        if here.outcome is Outcome.N:
            found = self._winning_unlisted()
            if found:
                return Reply(found[0].label, found[0].to,
                             "wins: to a P-position (its theorem gives the move; too many moves to "
                             "list them all)")
        move = next(iter(self.game.moves(self.position)))
        if here.outcome is Outcome.P:
            return Reply(move.label, move.to,
                         "lost against perfect play (every move leads to an N-position): it takes "
                         "one of its many moves")
        if here.outcome is Outcome.N:
            return Reply(move.label, move.to, "a winning move exists but was not found within the "
                                              "budget; it takes one of its many moves")
        return Reply(move.label, move.to, "the outcome is not known within the budget; it takes "
                                          "one of its many moves")

    def _winning_unlisted(self) -> list[Move]:
        from grundy.engine.search import winning_moves
        from grundy.solving.solve import solve

        try:
            if self.misere:  # the misère quotient (one of each class), else the misère theorems
                answer = solve(self.game, self.position, misere=True, limit=self.limit)
                return list(answer.winning_moves)
            return winning_moves(self.game, self.position, limit=self.limit)
        except ResourceLimitError:  # (a safety net: a refusal, never a fallback)
            raise
        except TooManyMovesError as exc:  # the examples are winning moves too
            return [m for m in exc.examples if isinstance(m, Move)]
        except GrundyError:
            return []

    def explanation(self, lang: Language = ENGLISH) -> list[str]:
        """The current position explained as ``grundy solve --explain`` does: the reason, then
        the steps (in ``lang``, a :class:`~grundy.model.language.Language`)."""
        from grundy.solving.explain import explain_steps
        from grundy.solving.solve import solve

        try:
            answer = solve(self.game, self.position, misere=self.misere, limit=self.limit)
            return [lang.sentence(f"why: {lang.reason(answer.why)}"),
                    *explain_steps(self.game, self.position, misere=self.misere, limit=self.limit,
                                   lang=lang)]
        except GrundyError as exc:
            return [lang.sentence(f"not explained within the budget: {' '.join(self.describe(exc).split())}")]

    # ---- the --json protocol ----------------------------------------------------------------
    def turn_json(self) -> dict[str, Any]:
        """This turn as the object ``grundy play --json`` prints (see :mod:`grundy.cli.play`)."""
        game, here = self.game, self.facts()
        data: dict[str, Any] = {"game": game.spec, "position": game.format_position(self.position),
                                "misere": self.misere, "to_move": self.to_move,
                                "outcome": None if here.outcome is None else here.outcome.value,
                                "remoteness": here.remoteness, "value": here.value}
        moves = self.moves()
        if moves is None:
            data["moves"] = []
            data["moves_complete"] = False
            data["note"] = f"more than {MOVE_LIST_LIMIT:,} legal moves: too many to list"
        else:
            data["moves"] = [self.move_json(m) for m in moves]
            data["moves_complete"] = True
        if self.last_reply is not None:
            data["computer_move"] = {"move": self.last_reply.label,
                                     "to": game.format_position(self.last_reply.to),
                                     "why": self.last_reply.why}
        winner = self.winner
        if winner is not None:
            data["winner"] = winner
        return data

    def move_json(self, move: Move) -> dict[str, Any]:
        """One legal move: its label, the position after it, and that position's facts."""
        after = self.facts(move.to)
        return {"move": move.label, "to": self.game.format_position(move.to),
                "outcome": None if after.outcome is None else after.outcome.value,
                "remoteness": after.remoteness, "value": after.value}


QUIT = ("quit", "exit", "q")
HINT = ("hint", "h", "?")


def respond(match: Match, text: str, lang: Language = ENGLISH) -> dict[str, Any]:
    """One command of the ``--json`` protocol (a move, ``hint``, ``why``, ``undo``, ``quit``) and
    the object that answers it: the next turn (after the computer's reply to a move), or
    ``{"explanation": [...]}``, ``{"quit": true}``, ``{"error": "..."}``; the explanation and the
    computer's ``why`` in ``lang`` (the keys stay).

    >>> from grundy.catalog import load_game
    >>> match = Match(load_game("nim"), (2,))
    >>> respond(match, "take 5")["error"]
    "'take 5' is not a legal move here; 'hint' lists every move"
    >>> respond(match, "0")["winner"]
    'you'
    """
    word = " ".join(text.split()).lower()
    if word in QUIT:
        return {"quit": True}
    if word in HINT:
        return match.turn_json()
    if word == "why":
        return {"explanation": match.explanation(lang)}
    if word == "undo":
        return match.turn_json() if match.undo() else {"error": "nothing to undo"}
    if match.over:
        return {"error": "the match is over: 'undo' takes back a move, 'quit' leaves"}
    try:
        match.play(text)
    except GrundyError as exc:
        return {"error": " ".join(match.describe(exc).split())}
    if match.to_move == "computer" and not match.over:
        match.computer_turn()
    return localized_turn(match.turn_json(), lang)


def localized_turn(data: dict[str, Any], lang: Language) -> dict[str, Any]:
    """A turn object with the computer's ``why`` in ``lang`` (the keys stay)."""
    reply = data.get("computer_move")
    if isinstance(reply, dict) and not lang.english:
        data["computer_move"] = {**reply, "why": lang.sentence(reply["why"])}
    return data


def _far(facts: Facts, sign: int) -> int:
    """Sort key: remoteness (unknown last when minimising, first when maximising)."""
    if facts.remoteness is None:
        return 10**18 if sign == 0 else -1
    return facts.remoteness
