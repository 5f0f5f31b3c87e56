"""The program of a ``@grundy.game`` on positions of several numbers (it declares ``arity=N``; a
game on one number or on pairs has a table instead): Python only, carrying the game's move
function, as given, with its parameters set.

Each input is answered exactly, by the mex over every position reachable from it, memoised
across inputs and computed without recursion: an option that is ``grundy.Sum(...)`` (or ``Sum``)
is the XOR of its parts, ``()`` is no position left (value 0). What the engine refuses, the
program refuses for that input alone, with an error line: more than :data:`MOVE_STEPS` options
listed for one input, an option that is not a position of ``N`` numbers (or is below the
declared minimum), a failure of the move function, and a position that can be reached from
itself (a loopy game: ``grundy solve`` answers it by Smith's generalised values; the program
does not).

>>> moves = "def moves(p):\\n    return [(p[0] - 1, p[1], p[2])] if p[0] else []\\n"
>>> program = positions_program("tri", 3, None, moves, main=False, input_format="lines")
>>> namespace = {}
>>> exec(program, namespace)
>>> namespace["grundy_value"](3, 0, 0), namespace["answer"]([3, 0, 0, 2, 1, 1])
(1, (1, True))
"""

from __future__ import annotations

from grundy.export.main import python_main
from grundy.export.model import MEMO_KEPT, MOVE_STEPS, PY_MEMO_MEX

PY_SEARCH = '''
class Sum:
    """A move that splits a position into independent parts (grundy.Sum): its value is the XOR
    of theirs; Sum() or () is no position left."""

    def __init__(self, *parts):
        self.parts = parts


class grundy:  # (the one name of grundy the functions may use: grundy.Sum)
    Sum = Sum


%(functions)s

_MEMO = {}


def _shown(position):
    return " ".join(map(str, position)) if isinstance(position, tuple) else repr(position)


def _parts(option, into, where):
    """Append the positions ``option`` is made of to ``into`` (a sum's parts; () none)."""
    if isinstance(option, Sum):
        for part in option.parts:
            _parts(part, into, where)
        return
    if isinstance(option, list):
        option = tuple(option)
    if option == ():
        return
    if ARITY is not None and not (isinstance(option, tuple) and len(option) == ARITY and all(
            isinstance(x, int) and not isinstance(x, bool) for x in option)):
        raise ValueError(f"{where} gives {option!r}, which is not a position of {ARITY} integers")
    if MINIMUM is not None and any(x < m for x, m in zip(option, MINIMUM)):
        raise ValueError(f"{where} gives {option!r}, which is below the game's minimum {MINIMUM}")
    hash(option)
    into.append(option)


def _options(position, params):
    """The options of ``position``: each a tuple of the positions it is the sum of."""
    try:
        listed = moves(position, **params)
        if isinstance(listed, (str, bytes)):
            raise TypeError(f"it returned {listed!r}, not a list of options")
        options = []
        for option in listed:
            if ARITY is None and type(option) is tuple and option:  # (a tuple of any length: as is)
                hash(option)
                options.append((option,))
            elif (type(option) is tuple and len(option) == ARITY and MINIMUM is None
                    and all(type(x) is int for x in option)):  # (a plain position: checked at once)
                options.append((option,))
            else:
                parts = []
                _parts(option, parts, _where(position))
                options.append(tuple(parts))
            if len(options) > MOVE_STEPS:
                break
        return options
    except ValueError as exc:
        if str(exc).startswith(_where(position)):
            raise
        raise ValueError(f"{_where(position)} failed: ValueError: {exc}") from None
    except MemoryError:
        raise ValueError(f"{_where(position)} ran out of memory") from None
    except Exception as exc:  # the move function's own failure: an error line for this case only
        raise ValueError(f"{_where(position)} failed: {type(exc).__name__}: {exc}") from None


def _where(position):
    return f"the move function at position {_shown(position)!r}"


def _value(position, params):
    """The mex over every position reachable (_memo_mex); at most MOVE_STEPS options listed for
    one input, then an error for that input alone."""
    return _memo_mex(
        position, lambda x: _options(x, params),
        lambda: f"position {_shown(position)!r} was not settled within {MOVE_STEPS:,} options listed",
        lambda p: (f"position {_shown(p)!r} can be reached from itself: the game is loopy (grundy "
                   f"solve answers it; this program does not)"))
''' + PY_MEMO_MEX
"""The search both programs share: ``Sum``, ``_parts``, ``_options(position, params)`` and
``_value(position, params)``, the memoised mex (``%(functions)s``: the functions carried)."""


PY_MISERE = """

_WINS = {}  # misère play: a sum (its parts in a fixed order) -> whether the player to move wins
WINS_KEPT = %(kept)d  # (sums kept from one input to the next; past it, let go before the next)


def _state(parts):
    \"\"\"The sum of ``parts`` as one key: its parts in a fixed order (a sum does not depend on it).\"\"\"
    if len(parts) < 2:
        return tuple(parts)
    try:
        return tuple(sorted(parts))
    except TypeError:  # (parts that do not compare: ordered by their text)
        return tuple(sorted(parts, key=repr))


def _sum_options(state, params):
    \"\"\"The sums one move leads to from the sum ``state``: a move in one of its parts, that part
    replaced by the parts of the option (an option () or Sum(): the part is gone).\"\"\"
    if len(state) == 1:  # (one position: its options, each a sum in order already if of one part)
        return [option if len(option) < 2 else _state(option) for option in _options(state[0], params)]
    out = []
    for i, part in enumerate(state):
        if part in state[:i]:
            continue  # (the same part again: the same sums)
        rest = state[:i] + state[i + 1:]
        for option in _options(part, params):
            out.append(_state(rest + option))
    return out


def _misere(parts, params):
    \"\"\"Whether the player to move wins the sum of ``parts`` in misère play (whoever moves last
    loses): a sum with no move is won by the player to move, any other iff some move leads to a sum
    the player to move loses. Every sum reachable is searched (a sum as a whole: no theorem adds
    misère outcomes), memoised in _WINS and without recursion; at most MOVE_STEPS options listed
    for one input, else an error for it alone, as is a sum that can be reached from itself.\"\"\"
    root = _state(parts)
    if root in _WINS:
        return _WINS[root]
    if len(_WINS) > WINS_KEPT:  # (the sums of the inputs before are let go: memory stays bounded)
        _WINS.clear()
    stack, expanding, steps = [root], {}, 0
    while stack:
        x = stack[-1]
        if x in _WINS:
            stack.pop()
            continue
        if x not in expanding:
            expanding[x] = _sum_options(x, params)
            steps += len(expanding[x]) + 1
            if steps > MOVE_STEPS:
                whole = (f" (a sum of {len(root)} positions, searched as a whole: no theorem here decides "
                         f"a misère sum from its parts)") if len(root) > 1 else ""
                raise ValueError(f"the misère search was not settled within {MOVE_STEPS:,} options "
                                 f"listed{whole}")
            todo = [s for s in expanding[x] if s not in _WINS]
            for s in todo:
                if s in expanding:
                    raise ValueError(f"position {' + '.join(map(_shown, s))!r} can be reached from itself: "
                                     f"the game is loopy (grundy solve answers it; this program does not)")
            if todo:
                stack.extend(todo)
                continue
        options = expanding.pop(x)
        _WINS[x] = not options or not all(_WINS[s] for s in options)
        stack.pop()
    return _WINS[root]
"""
"""Misère play: the outcome of a sum of positions by searching every sum it reaches (the plain
misère recursion; a sum of one part is the position itself)."""

_PY_API = """

MEMO_KEPT = %(kept)d  # (values kept from one input to the next; past it, let go before the next)


def _let_go():
    \"\"\"Between inputs: past MEMO_KEPT values kept, the values of the inputs before are let go
    (memory stays bounded; an input is searched from what is kept, so its answer is the same).\"\"\"
    if len(_MEMO) > MEMO_KEPT:
        _MEMO.clear()


def _position(numbers):
    position = tuple(numbers)
    if ARITY is not None and len(position) != ARITY:
        raise ValueError(f"a position is {ARITY} numbers, got {len(position)}")
    if MINIMUM is not None and any(x < m for x, m in zip(position, MINIMUM)):
        raise ValueError(f"position {_shown(position)!r} is below the game's minimum {MINIMUM}")
    return position


def _sum_parts(numbers):
    \"\"\"The positions whose sum is asked: ``numbers`` a tuple of positions (a case of k positions;
    none: the empty sum), or the numbers of one line (ARITY numbers a position, several positions
    their sum; a game whose positions have any length: the line is one position).\"\"\"
    if isinstance(numbers, tuple):
        return [_position(p) for p in numbers if p != ()]  # (() is no position: nothing left)
    if ARITY is None:
        return [_position(numbers)] if numbers else []
    if not numbers or len(numbers) %% ARITY:
        raise ValueError(f"a position is {ARITY} numbers, and a line several positions (their sum): "
                         f"got {len(numbers)} numbers")
    return [_position(numbers[i:i + ARITY]) for i in range(0, len(numbers), ARITY)]


def grundy_value(*numbers):
    \"\"\"The Grundy value of one position (its numbers).\"\"\"
    if MISERE:
        raise ValueError("no Grundy value decides misère play: first_player_wins answers")
    _let_go()
    return _value(_position(numbers), {})


def first_player_wins(*numbers):
    return answer(list(numbers))[1]
"""

_PY_ANSWER = """

def answer(numbers):
    \"\"\"The value (None in misère play) and the outcome of the sum of the positions ``numbers``
    holds (see _sum_parts).\"\"\"
    parts = _sum_parts(numbers)
    if MISERE:
        return None, _misere(parts, {})
    _let_go()
    total = 0
    for position in parts:
        total ^= _value(position, {})
    return total, total != 0
"""


PY_OUTCOME = """

_WINS = {}  # who wins alone: a position (misère play: a sum) -> whether the player to move wins


def _option_wins(option, params):
    \"\"\"Whether the player to move wins the option (a tuple of the positions it is the sum of),
    where that is known at once: a position's outcome or value found before, a sum of several
    positions (the XOR of their values, Sprague-Grundy theorem; no position: a loss); else None.\"\"\"
    if len(option) == 1:
        position = option[0]
        found = _WINS.get(position)
        if found is None and position in _MEMO:
            return _MEMO[position] != 0
        return found
    total = 0
    for position in option:
        total ^= _value(position, params)
    return total != 0


def _first_wins(root, options, known, key, words):
    \"\"\"Whether the player to move wins ``root``, by a depth-first search without recursion that
    stops at a position's first option the player to move loses (a win needs no more; only a loss
    has every option searched): a frame is a position, its options still to look at, and whether
    it has any (no move: a win in misère play, else a loss). ``options(x)``: the options of x;
    ``known(option)``: whether the player to move wins it, where known at once, else None (then
    ``key(option)`` is searched); ``words(x)``: a position in an error. At most MOVE_STEPS options
    listed, else an error for this input alone, as is a position that can be reached from itself.\"\"\"
    listed = options(root)
    steps = len(listed) + 1
    stack, active = [(root, iter(listed), bool(listed))], {root}
    while stack:
        x, todo, moves = stack[-1]
        won = MISERE if not moves else False  # (no option left: a loss, or no move at all)
        for option in todo:
            found = known(option)
            if found is None:
                child = key(option)
                if child in active:
                    raise ValueError(f"position {words(child)!r} can be reached from itself: the game "
                                     f"is loopy (grundy solve answers it; this program does not)")
                listed = options(child)
                steps += len(listed) + 1
                if steps > MOVE_STEPS:
                    raise ValueError(f"position {words(root)!r} was not settled within {MOVE_STEPS:,} "
                                     f"options listed")
                stack.append((child, iter(listed), bool(listed)))
                active.add(child)
                won = None  # (the frame waits for its child)
                break
            if not found:
                won = True
                break
        while won is not None:  # (the frame is decided: so, maybe, the frames above it)
            _WINS[x] = won
            active.discard(x)
            stack.pop()
            if not stack:
                break
            if won:  # (a win for the player to move there: the frame above looks further)
                won = None
            else:  # (a loss there: the frame above wins by moving there)
                x, won = stack[-1][0], True
    return _WINS[root]


def _outcome(parts, params):
    \"\"\"Whether the player to move wins the sum of ``parts``: one position by _first_wins, a sum
    of several by the XOR of their values (normal play); in misère play the sum as a whole (its
    options: _sum_options), by _first_wins too.\"\"\"
    if len(_WINS) > MEMO_KEPT:  # (the outcomes of the inputs before are let go, as the values are)
        _WINS.clear()
    if MISERE:
        root = _state(parts)
        if root in _WINS:
            return _WINS[root]
        return _first_wins(root, lambda s: _sum_options(s, params), _WINS.get, lambda s: s,
                           lambda s: " + ".join(map(_shown, s)))
    if len(parts) != 1:
        total = 0
        for position in parts:
            total ^= _value(position, params)
        return total != 0
    found = _option_wins(tuple(parts), params)
    if found is not None:
        return found
    return _first_wins(parts[0], lambda x: _options(x, params), lambda o: _option_wins(o, params),
                       lambda o: o[0], _shown)
"""
"""Who wins alone (``export --outcome`` of a game of one's own): ``_outcome(parts, params)``,
the search of :mod:`grundy.engine.outcome_search` written into the program (``_first_wins``), over
its own ``_WINS``; in normal play, an option that is a sum of several positions is valued by their
values (``_value``); in misère play the sums are searched as wholes (:data:`PY_MISERE`'s
``_state`` and ``_sum_options``)."""

_PY_OUTCOME_ANSWER = """

def answer(numbers):
    \"\"\"Who wins the sum of the positions ``numbers`` holds (see _sum_parts), and the value where
    it is known: 0 for a P-position in normal play (by definition), else None (_outcome).\"\"\"
    parts = _sum_parts(numbers)
    _let_go()
    wins = _outcome(parts, {})
    return (None if wins or MISERE else 0), wins
"""
"""``answer(numbers)`` of an outcome program: ``(0, False)`` or ``(None, True)``, the line ``0 P``
or ``- N`` that ``export --outcome`` of a heap game and ``solve --input --outcome`` print (misère
play: ``- P`` or ``- N``)."""


PY_WINNING_POSITIONS = """

def winning_positions(numbers):
    \"\"\"The winning moves of one position (its numbers): the positions they leave, in the order the
    move function lists them (each once), each as its words: its numbers, a sum's parts joined by
    '+' (in increasing order), or 'nothing left'.\"\"\"
    parts = _sum_parts(numbers)
    if len(parts) != 1:
        raise ValueError(f"the winning moves are listed for one position, got a sum of {len(parts)}")
    _let_go()
    out, seen = [], set()
    for option in _options(parts[0], {}):
        total = 0
        for part in option:
            total ^= _value(part, {})
        if total == 0 and option not in seen:
            seen.add(option)
            out.append(_words(option))
    return out


def _words(option):
    if not option:
        return ["nothing", "left"]
    words = []
    for part in sorted(option):
        words += (["+"] if words else []) + [str(x) for x in part]
    return words
"""
"""``winning_positions(numbers)`` of a game of one's own on several numbers, normal play: the
positions after its winning moves, as ``solve --input --winning-moves`` writes them."""


def _case_reader(arity: int | None, parts: bool, rows: bool = False) -> str:
    """The main's reader of one case (``_case(take)``): one position (``arity`` numbers, or a count
    and its numbers), or with ``parts`` a count ``k`` and ``k`` positions (a tuple of them), with
    ``rows`` too ``n m`` and ``n`` positions of ``m`` numbers each (a tuple of them)."""
    one = "range(ARITY)" if arity is not None else "range(take())"
    body = (f"tuple(tuple(take() for _ in {one}) for _ in range(take()))" if parts
            else f"[take() for _ in {one}]")
    if rows:  # (the arguments are read in order: n, then m)
        body = "(lambda n, m: tuple(tuple(take() for _ in range(m)) for _ in range(n)))(take(), take())"
    return f"\n\ndef _case(take):\n    return {body}\n"


def positions_program(name: str, arity: int | None, minimum: tuple[int, ...] | None, source: str, *,
                      main: bool, input_format: str, misere: bool = False,
                      steps: int = MOVE_STEPS, moves: bool = False, outcome: bool = False) -> str:
    """The Python program answering positions of ``arity`` numbers (``None``: a tuple of numbers
    of any length, one position a line, a case its count and its numbers) of the game ``name`` by
    its move function ``source`` (``def moves(position)``, stand-alone); ``minimum``: its declared
    least coordinates; ``main``: with a ``main`` reading ``input_format``; ``misere``: who wins in
    misère play (:data:`PY_MISERE`); ``steps``: the options it may list for one input; ``moves``:
    each line followed by the winning moves of its one position (:data:`PY_WINNING_POSITIONS`);
    ``outcome``: who wins alone, ``0 P`` or ``- N`` (:data:`PY_OUTCOME`; with ``misere``, ``- P``
    or ``- N`` by the same search, which stops at a first losing option)."""
    from grundy.export.main import describe, layout_parts

    title = " ".join(name.split())
    low = "" if minimum is None else f"; each coordinate at least its minimum {minimum}"
    numbers = f"{arity} numbers" if arity is not None else "a tuple of numbers (any length)"
    limits = (f"at most {steps:,} options listed for one input, else an error line for it; a position "
              f"that can be reached from itself (a loopy game) is an error line (grundy solve answers it)")
    if misere:
        header = [
            f"# {title}: who wins a position of {numbers} in misère play (whoever moves last loses; "
            f"a game of your own, by its move function, carried below as given)",
            (f"# outcome: exact, by searching every position reachable from the one asked (memoised; "
             f"past {MEMO_KEPT:,} kept, the memo is let go before the next input): " if not outcome else
             f"# outcome: exact, by a depth-first search that stops at a position's first option that "
             f"is a loss (only a loss has every option searched; memoised, past {MEMO_KEPT:,} kept, the "
             f"memo is let go before the next input): ")
            + f"no move is a win, else a win iff some move reaches a loss; a sum of several positions is "
            f"searched as a whole (no theorem decides a misère sum from its parts' outcomes); no Grundy "
            f"value decides misère play, so a line is '- N' or '- P'; {limits}"]
    elif outcome:
        header = [
            f"# {title}: who wins a position of {numbers} (a game of your own, by its move function, "
            f"carried below as given); the outcome alone: '0 P' (a P-position's value is 0) or '- N'",
            f"# outcome: exact, by a depth-first search that stops at a position's first option that is "
            f"a P-position (only a P-position has every option searched; memoised, past {MEMO_KEPT:,} "
            f"kept, the memo is let go before the next input); a sum of several positions (an option "
            f"grundy.Sum(...){', a line of several positions' if arity else ''}) is "
            f"valued by the Sprague-Grundy theorem, the XOR of its parts' Grundy values, each the mex "
            f"over every position reachable from it; "
            + limits.replace("for one input,", "for one input (by the search, and by each part's value),")]
    else:
        header = [
            f"# {title}: the Grundy value of a position of {numbers} (a game of your own, by its "
            f"move function, carried below as given)",
            f"# values: exact, the mex over every position reachable from the one asked (memoised; "
            f"past {MEMO_KEPT:,} kept, the memo is let go before the next input); "
            f"{limits}"]
    header.append(f"# positions: {arity} numbers{low}; several positions on one line are their sum"
                  if arity is not None else
                  "# positions: the numbers of a line are one position (a case: its count, then its "
                  "numbers); several positions are a sum only in a case of several positions (params sum or "
                  "rows)")
    if main:
        header.append(f"# input: {describe('positions', input_format, arity=arity)}")
    if moves:
        header.append("# then, after each line 'VALUE OUTCOME K', the positions its K winning moves "
                      "leave, one a line (a sum's parts joined by '+'; 'nothing left'); a line of "
                      "several positions (a sum) is an error line")
    out = [*header, "# Generated by grundy; needs only Python 3.8+.", "", "import sys", "",
           f"ARITY = {arity}", f"MINIMUM = {minimum!r}", f"MOVE_STEPS = {steps}",
           f"MISERE = {misere}", f"ZERO_WIDTH = {arity or 1}", ""]
    text = ("\n".join(out) + PY_SEARCH % {"functions": "# the move function, as given\n" + source.strip("\n")}
            + (PY_MISERE if misere else "") % {"kept": MEMO_KEPT} + _PY_API % {"kept": MEMO_KEPT}
            + (PY_OUTCOME + _PY_OUTCOME_ANSWER if outcome else _PY_ANSWER)
            + (PY_WINNING_POSITIONS if moves else ""))
    if main:
        text += (_case_reader(arity, layout_parts(input_format)[1], input_format.endswith("+rows"))
                 + python_main("positions", input_format, moves=moves))
    return text
