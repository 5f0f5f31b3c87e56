"""The export of a game of one's own whose positions are words (``parse=str``): the program of
:mod:`grundy.export.words`, checked against the engine before it is printed, on the words a
judge's lines will hold (:func:`check_sample`): the start position (declared, else the empty
word) and every word reachable from it, breadth first; each character of a few alphabets alone;
then words of 2 to :data:`LONGEST` characters over the characters of the words the engine
answered (the longest last), and sums of two of them. Where the engine refuses a word (its move
function fails on it, say), the program must answer it with an error line.

>>> import grundy
>>> from grundy.define.source import position_move_source
>>> @grundy.game("doc-words-drop", parse=str)
... def drop(word):
...     return [word[:i] + word[i + 1:] for i in range(len(word)) if word[i] == "a"]
>>> game = grundy.load_game("doc-words-drop")
>>> moves = position_move_source(game)[0]
>>> namespace = {}
>>> exec(words_source(game, moves, main=False, input_format="lines", steps=10**6), namespace)
>>> namespace["grundy_value"]("banana"), namespace["answer"]("bbb")
(1, (0, False))
>>> grundy.catalog.unregister("doc-words-drop")
"""

from __future__ import annotations

import random
from typing import Any

from grundy.errors import GrundyError, NotSupportedError, SearchLimitError

CHECK_STEPS = 100_000
"""The engine's steps for the whole check (all the words together, the nearest first)."""
WORD_STEPS = 20_000
"""The engine's steps for one word: a word it does not settle within them is passed over (not
compared), and the check goes on with the next (a long word may be settled at once)."""
REACHED = 300
"""How many words reachable from the start the check compares (breadth first)."""
ALPHABETS = "0123456789abcxyzABCXYZ.#*-"
"""The characters tried alone (each a line of one character), besides those of the start's words."""
LONGEST = 24
"""The longest random word the check compares (:data:`RANDOM_WORDS` of them, the longest last)."""
RANDOM_WORDS = 120
"""How many random words of 2..:data:`LONGEST` characters the check compares."""


def words_source(game: Any, source: str, *, main: bool, input_format: str, misere: bool = False,
                 steps: int, outcome: bool = False) -> str:
    """The program of ``game`` (``parse=str``) carrying its move function ``source`` (stand-alone,
    :func:`grundy.define.source.position_move_source`), checked (:func:`check_words_program`)."""
    from grundy.export.words import words_program

    code = words_program(game.spec, source, main=main, input_format=input_format, misere=misere,
                         steps=steps, outcome=outcome)
    check_words_program(code, game, misere, outcome and not misere)
    return code


def check_words_program(code: str, game: Any, misere: bool = False, alone: bool = False) -> int:
    """Compare the program's ``answer`` with the engine on :func:`check_sample`'s words and sums of
    two; raise :class:`~grundy.errors.GrundyError` on a difference, and
    :class:`~grundy.errors.NotSupportedError` where the engine answers none of the words. The number
    of words compared. ``alone``: the program prints the outcome alone, ``0 P`` or ``- N``
    (compared with the engine's value: 0, or not)."""
    from grundy.define.sums import Sum
    from grundy.engine.limits import Budget

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    answer = namespace["answer"]
    namespace["MOVE_STEPS"] = max(namespace["MOVE_STEPS"], CHECK_STEPS)  # (a lower limit= is checked past)
    spent = 0  # (the engine's steps so far, all the words together)
    values: list[tuple[str, Any]] = []

    def engine(case: Any) -> Any:
        """The engine's answer within the steps of one word (:data:`PASSED` past them)."""
        nonlocal spent
        budget = Budget(max(1, min(WORD_STEPS, CHECK_STEPS - spent)))
        try:
            return engine_answer(game, case, misere, budget)
        except SearchLimitError:
            return PASSED
        finally:
            spent += budget.spent

    def compare(word: str) -> None:
        want = engine(word)
        if want is PASSED:
            return
        got = program_answer(answer, word, misere, alone)
        if got != _seen(want, alone):
            raise GrundyError(f"internal error: the exported program gives {got} for the word {word!r}, "
                              f"the engine {want}; please report it")
        if want is not None:
            values.append((word, want))

    for word in [*_reached(game), *ALPHABETS]:
        if spent < CHECK_STEPS:
            compare(word)
    if not values:
        raise NotSupportedError(f"{game.spec}: the engine answers none of the words the check tries (the "
                                f"start, one character of {ALPHABETS!r}), so the program cannot be checked "
                                f"before it is printed; declare start= (the check then takes the words "
                                f"reachable from it)")
    for word in _random_words(sorted({c for known, _ in values for c in known})):
        if spent < CHECK_STEPS:
            compare(word)
    for (p, v), (q, w) in zip(values[::7], values[1::7], strict=False):  # (sums of two words)
        want = v ^ w if not misere else engine(Sum(p, q)) if spent < CHECK_STEPS else PASSED
        if want is not PASSED and program_answer(answer, (p, q), misere, alone) != _seen(want, alone):
            raise GrundyError(f"internal error: the exported program is wrong on the sum {p!r} + {q!r}; "
                              f"please report it")
    return len(values)


PASSED = object()
"""The engine's answer to a word it did not settle within its steps (not compared)."""


def check_sample(game: Any) -> list[str]:
    """The words reached from the start and the one-character words, in the check's order (the
    random words follow them, over the characters of those the engine answers)."""
    return [*_reached(game), *ALPHABETS]


def _reached(game: Any) -> list[str]:
    """The start (declared, else the empty word) and the words reachable from it, breadth first,
    up to :data:`REACHED` of them (and :data:`CHECK_STEPS` options listed); none where the start
    cannot be had."""
    from grundy.define.sums import Sum

    start = game.laws.start
    try:
        first = start() if start is not None else game.validate("")
    except GrundyError:
        return []
    seen: dict[Any, None] = {first: None}
    frontier, listed = list(seen), 0
    while frontier and len(seen) < REACHED and listed < CHECK_STEPS:
        nxt = []
        for position in frontier:
            try:
                options = list(game.options(position))
            except GrundyError:
                continue  # (the engine refuses it: the program must too, as the check will see)
            listed += len(options) + 1  # (bounded as the check is: the options listed)
            for option in options:
                for part in option.parts if isinstance(option, Sum) else (option,):
                    if part not in seen and part != ():
                        seen[part] = None
                        nxt.append(part)
        frontier = nxt
    return [p for p in list(seen)[:REACHED] if isinstance(p, str)]


def _random_words(letters: list[str]) -> list[str]:
    """:data:`RANDOM_WORDS` words of 2..:data:`LONGEST` characters over ``letters``, shortest first
    (none over no letter: the engine answered only the empty word)."""
    if not letters:
        return []
    rng = random.Random(10578)
    words = ["".join(rng.choice(letters) for _ in range(rng.randint(2, LONGEST)))
             for _ in range(RANDOM_WORDS)]
    return sorted(words, key=len)


def engine_answer(game: Any, position: Any, misere: bool, budget: Any) -> Any:
    """The engine's value of ``position`` (misère: whether the player to move wins), or ``None``
    where it refuses; a :class:`~grundy.errors.SearchLimitError` of the budget is raised."""
    from grundy.engine.search import grundy_value, outcome
    from grundy.model.game import Outcome

    try:
        if misere:
            return outcome(game, game.validate(position), misere=True, budget=budget) == Outcome.N
        return grundy_value(game, position, budget=budget)
    except SearchLimitError:
        raise
    except GrundyError:
        return None


def program_answer(answer: Any, case: Any, misere: bool, alone: bool = False) -> Any:
    """The program's value (misère: whether the player to move wins), ``None`` for an error line;
    ``alone`` (an outcome program): 0 for its ``0 P``, ``"N"`` for its ``- N``."""
    try:
        found = answer(case)
    except ValueError:
        return None
    if alone:
        return {(0, False): 0, (None, True): "N"}.get(tuple(found), found)
    return found[1] if misere else found[0]


def _seen(value: Any, alone: bool) -> Any:
    """The engine's value as an outcome program (``alone``) answers it: ``"N"`` when not 0."""
    return "N" if alone and value else value
