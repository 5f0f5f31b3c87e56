"""The program of a ``@grundy.game`` whose positions are strings (``parse=str``: a position is the
text of a line, as ``grundy solve --input`` reads it): Python only, carrying the game's move
function, as given, with its parameters set.

It shares the search of the programs of games on several numbers (:mod:`grundy.export.positions`:
the memoised mex over every position reachable, ``grundy.Sum`` options, the options listed for
one input bounded, a loopy position an error line) and reads its input as ``solve`` does: lines
ended by ``\\n``, ``\\r\\n`` or ``\\r`` (UTF-8), each stripped of white space, blank lines skipped;
a line is one position, the word as written (``--input lines`` and ``repeated``: every line;
``cases``: a count ``T``, then ``T`` lines; ``counted``: one line).

>>> moves = "def moves(w):\\n    return [w[:i] + w[i + 1:] for i in range(len(w))]\\n"
>>> program = words_program("drop", moves, main=False, input_format="lines")
>>> namespace = {}
>>> exec(program, namespace)
>>> namespace["grundy_value"]("abc"), namespace["answer"](""), namespace["answer"](("ab", "a"))
(1, (0, False), (1, True))
"""

from __future__ import annotations

from grundy.export.main import PY_NUMBER
from grundy.export.model import MEMO_KEPT, MOVE_STEPS
from grundy.export.positions import PY_MISERE, PY_OUTCOME, PY_SEARCH

WORD_FORMATS = ("lines", "cases", "counted", "repeated")
"""The layouts a program on words reads (each a line a position; no sums of several on a line)."""

_PY_WORDS_API = '''

MEMO_KEPT = %(kept)d  # (values kept from one input to the next; past it, let go before the next)


def _shown(position):
    """A position as errors name it: a word as it is written."""
    if isinstance(position, str):
        return position
    return " ".join(map(str, position)) if isinstance(position, tuple) else repr(position)


def _let_go():
    """Between inputs: past MEMO_KEPT values kept, the values of the inputs before are let go
    (memory stays bounded; an input is searched from what is kept, so its answer is the same)."""
    if len(_MEMO) > MEMO_KEPT:
        _MEMO.clear()


def grundy_value(word):
    """The Grundy value of the position ``word`` (a line's text)."""
    if MISERE:
        raise ValueError("no Grundy value decides misère play: first_player_wins answers")
    _let_go()
    return _value(word, {})


def first_player_wins(word):
    return answer(word)[1]
'''

_PY_WORDS_ANSWER = '''

def answer(case):
    """The value (None in misère play) and the outcome of ``case``: one word (a line's text), or a
    tuple of words (their sum)."""
    parts = [case] if isinstance(case, str) else list(case)
    if MISERE:
        return None, _misere(parts, {})
    _let_go()
    total = 0
    for position in parts:
        total ^= _value(position, {})
    return total, total != 0
'''
"""The program's answers: ``grundy_value(word)``, ``first_player_wins(word)`` and
``answer(case)`` (:data:`_PY_WORDS_ANSWER`); ``_shown`` (a word as written in error lines) replaces
the search's own."""

_PY_WORDS_OUTCOME_ANSWER = '''

def answer(case):
    """Who wins ``case``: one word (a line's text), or a tuple of words (their sum), and the value
    where it is known: 0 for a P-position in normal play, else None (_outcome)."""
    parts = [case] if isinstance(case, str) else list(case)
    _let_go()
    wins = _outcome(parts, {})
    return (None if wins or MISERE else 0), wins
'''
"""``answer(case)`` of an outcome program (:data:`grundy.export.positions.PY_OUTCOME`)."""

_PY_WORDS_MAIN = "\n\n" + PY_NUMBER + '''


def _lines():
    """The input's lines as grundy solve --input reads them: ended by \\\\n, \\\\r\\\\n or \\\\r, each
    stripped of white space, blank lines skipped (UTF-8)."""
    for raw in sys.stdin.buffer:  # (bytes up to a \\n: no character of UTF-8 is cut)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            sys.exit(f"error: the input is not UTF-8 text ({exc.reason})")
        for line in text.replace("\\r", "\\n").split("\\n"):
            line = line.strip()
            if line:
                yield line


def _answer_line(word):
    try:
        value, wins = answer(word)
        return f"{'-' if value is None else value} {'N' if wins else 'P'}"
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"


def main():
    write = sys.stdout.write  # (a print per line costs more than the answer)
    lines, count = _lines(), None
    if LAYOUT == "cases":
        first = next(lines, None)
        try:
            count = 0 if first is None else _number(first)
        except ValueError as exc:
            sys.exit(f"error: {exc}")
    elif LAYOUT == "counted":
        lines = list(lines)
        if len(lines) != 1:
            sys.exit(f"error: the input is one position, one line; got {len(lines)} lines")
    given, failed = 0, False
    for word in lines:
        if count is not None and given == count:
            sys.exit(f"error: {1 + sum(1 for _ in lines)} more lines after the last case")
        given += 1
        text = _answer_line(word)
        failed = failed or text.startswith("error")
        write(text + "\\n")
    if count is not None and given < count:
        sys.exit(f"error: the input ended inside a case: {count} cases announced, {given} lines follow")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''
"""The main: one line ``VALUE OUTCOME`` (or ``error: ...``) per position read (:data:`WORD_FORMATS`)."""


def _header(name: str, main: bool, input_format: str, misere: bool, steps: int,
            outcome: bool = False) -> list[str]:
    """The program's header comment: what it answers, on what it rests, what it reads."""
    limits = (f"at most {steps:,} options listed for one input, else an error line for it; a position "
              f"that can be reached from itself (a loopy game) is an error line (grundy solve answers it)")
    memo = f"memoised; past {MEMO_KEPT:,} kept, the memo is let go before the next input"
    stop = ("a depth-first search that stops at a position's first option that is a loss (only a "
            "loss has every option searched; " + memo + ")")
    if outcome and not misere:
        header = [f"# {name}: who wins a position, a word (a game of your own, by its move function, "
                  f"carried below as given); the outcome alone: '0 P' (a P-position's value is 0) or '- N'",
                  f"# outcome: exact, by {stop}; a sum (an option grundy.Sum) is valued by the "
                  f"Sprague-Grundy theorem, the XOR of its parts' Grundy values, each the mex over every "
                  f"position reachable from it; "
                  + limits.replace("for one input,", "for one input (by the search, and by each part's "
                                                     "value),")]
    elif outcome:
        header = [f"# {name}: who wins a position, a word, in misère play (whoever moves last loses; a "
                  f"game of your own, by its move function, carried below as given)",
                  f"# outcome: exact, by {stop}: no move is a win, else a win iff some move reaches a "
                  f"loss; a sum is searched as a whole; a line is '- N' or '- P'; {limits}"]
    elif misere:
        header = [f"# {name}: who wins a position, a word, in misère play (whoever moves last loses; a "
                  f"game of your own, by its move function, carried below as given)",
                  f"# outcome: exact, by searching every position reachable from the one asked ({memo}): "
                  f"no move is a win, else a win iff some move reaches a loss; a line is '- N' or '- P'; "
                  f"{limits}"]
    else:
        header = [f"# {name}: the Grundy value of a position, a word (a game of your own, by its move "
                  f"function, carried below as given)",
                  f"# values: exact, the mex over every position reachable from the one asked ({memo}); "
                  f"{limits}"]
    header.append("# positions: a line is one position, its text as written (parse=str), stripped of "
                  "white space at its ends; blank lines are skipped, as grundy solve --input reads them")
    if main:
        read = {"lines": "one position a line", "repeated": "one position a line, to the end of the input",
                "cases": "the number of cases T on a line, then T positions, one a line",
                "counted": "one position, one line"}[input_format]
        header.append(f"# input ({input_format}): {read}; output: one line 'VALUE OUTCOME' (N: the player "
                      f"to move wins, P: loses), or 'error: MESSAGE'")
    return header


def words_program(name: str, source: str, *, main: bool, input_format: str, misere: bool = False,
                  steps: int = MOVE_STEPS, outcome: bool = False) -> str:
    """The Python program answering positions that are words of the game ``name`` by its move
    function ``source`` (``def moves(position)``, stand-alone); ``main``: with a ``main`` reading
    ``input_format`` (:data:`WORD_FORMATS`); ``misere``: who wins in misère play (the search of
    :data:`grundy.export.positions.PY_MISERE`); ``steps``: the options it may list for one input;
    ``outcome``: who wins alone, by the search of :data:`grundy.export.positions.PY_OUTCOME`."""
    if input_format not in WORD_FORMATS:
        raise ValueError(f"input format {input_format!r}")
    title = " ".join(name.split())
    out = [*_header(title, main, input_format, misere, steps, outcome),
           "# Generated by grundy; needs only Python 3.8+.", "", "import sys", "", "ARITY = None",
           "MINIMUM = None", f"MOVE_STEPS = {steps}",
           f"MISERE = {misere}", *([f"LAYOUT = {input_format!r}"] if main else []), ""]
    text = ("\n".join(out) + PY_SEARCH % {"functions": "# the move function, as given\n" + source.strip("\n")}
            + (PY_MISERE % {"kept": MEMO_KEPT} if misere else "") + _PY_WORDS_API % {"kept": MEMO_KEPT}
            + (PY_OUTCOME + _PY_WORDS_OUTCOME_ANSWER if outcome else _PY_WORDS_ANSWER))
    if main:
        text += _PY_WORDS_MAIN
    return text
