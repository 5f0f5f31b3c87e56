"""The program of a family of games of one's own whose parameters the input gives
(``grundy export 'NAME(n,k)'``, the parameters written as names): a ``@grundy.game`` that declares
its start position (``start=``, a function of its parameters). Each case is the named
parameters; the program answers the start position of that game. Python only: the program
carries the start function and the move function as given (the parameters not named keep the
game's values).

Each case is answered exactly, by the mex over every position reachable from its start,
memoised while the parameters stay the same (the memo of the last parameters only, so memory
follows one game); an option ``grundy.Sum(...)`` is the XOR of its parts, ``()`` no position left.
An error line, for that case alone: more than :data:`MOVE_STEPS` options listed, a failure of
either function, an option that is not a position of the game's declared arity (or below its
minimum), a loopy position.

>>> program = own_family_program("take(n,k)", ("n", "k"), {},
...     "def start(n, k):\\n    return (n,)\\n",
...     "def moves(p, *, n=5, k=1):\\n    return [(p[0] - j,) for j in range(1, k + 1) if j <= p[0]]\\n",
...     arity=1, minimum=None, main=False, input_format="lines")
>>> namespace = {}
>>> exec(program, namespace)
>>> [namespace["answer"]([n, 2]) for n in range(4)]
[(0, False), (1, True), (2, True), (0, False)]
"""

from __future__ import annotations

from grundy.export.main import python_main
from grundy.export.model import MOVE_STEPS

_PY_BODY = '''
class Sum:
    """A move that splits a position into independent parts (grundy.Sum): its value is the XOR
    of theirs; Sum() or () is no position left."""

    def __init__(self, *parts):
        self.parts = parts


class grundy:  # (the one name of grundy the functions may use: grundy.Sum)
    Sum = Sum


%(start)s


%(moves)s

_MEMO = {}
_LAST = [None]


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
    where = f"the move function at position {_shown(position)!r}"
    try:
        listed = moves(position, **params)
        if isinstance(listed, (str, bytes)):
            raise TypeError(f"it returned {listed!r}, not a list of options")
        options = []
        for option in listed:
            parts = []
            _parts(option, parts, where)
            options.append(tuple(parts))
            if len(options) > MOVE_STEPS:
                break
        return options
    except ValueError as exc:
        if str(exc).startswith(where):
            raise
        raise ValueError(f"{where} failed: ValueError: {exc}") from None
    except MemoryError:
        raise ValueError(f"{where} ran out of memory") from None
    except Exception as exc:  # the move function's own failure: an error line for this case only
        raise ValueError(f"{where} failed: {type(exc).__name__}: {exc}") from None


def _value(position, params):
    """The mex over every position reachable, iteratively; at most MOVE_STEPS options listed for
    one case, then an error for that case alone."""
    if position in _MEMO:
        return _MEMO[position]
    stack = [position]
    expanding = {}
    steps = 0
    while stack:
        x = stack[-1]
        if x in _MEMO:
            stack.pop()
            continue
        if x not in expanding:
            expanding[x] = _options(x, params)
            steps += len(expanding[x]) + 1
            if steps > MOVE_STEPS:
                raise ValueError(f"the start position was not settled within {MOVE_STEPS:,} options listed")
            todo = [p for option in expanding[x] for p in option if p not in _MEMO]
            for p in todo:
                if p in expanding:
                    raise ValueError(f"position {_shown(p)!r} can be reached from itself: the game "
                                     f"is loopy (grundy solve answers it; this program does not)")
            if todo:
                stack.extend(todo)
                continue
        seen = set()
        for option in expanding.pop(x):
            total = 0
            for p in option:
                total ^= _MEMO[p]
            seen.add(total)
        value = 0
        while value in seen:
            value += 1
        _MEMO[x] = value
        stack.pop()
    return _MEMO[position]


def grundy_value(*numbers):
    """The Grundy value of the start position of the game with these parameters (PARAMS)."""
    if len(numbers) != len(PARAMS):
        raise ValueError(f"a game is its {len(PARAMS)} parameters {' '.join(PARAMS)}, got "
                         f"{len(numbers)} numbers")
    params = dict(FIXED, **dict(zip(PARAMS, numbers)))
    if _LAST[0] != numbers:  # (the memo of the last parameters only)
        _MEMO.clear()
        _LAST[0] = numbers
    shown = ", ".join(f"{k}={v}" for k, v in zip(PARAMS, numbers))
    try:
        first = start(**params)
    except Exception as exc:
        raise ValueError(f"the start function failed at {shown}: {type(exc).__name__}: {exc}") from None
    parts = []
    _parts(first, parts, f"the start function at {shown}")
    total = 0
    for part in parts:
        total ^= _value(part, params)
    return total


def first_player_wins(*numbers):
    return grundy_value(*numbers) != 0


def answer(numbers):
    value = grundy_value(*numbers)
    return value, value != 0
'''


def own_family_program(title: str, names: tuple[str, ...], fixed: dict[str, object], start: str,
                       moves: str, *, arity: int | None, minimum: tuple[int, ...] | None, main: bool,
                       input_format: str) -> str:
    """The Python program of the family ``title`` (e.g. ``circle(n,k)``): the parameters ``names``
    read from each case, the others ``fixed``; ``start`` and ``moves`` the stand-alone sources of
    the start function and of the move function; ``arity``, ``minimum``: the game's declared
    domain; ``main``: with a main reading ``input_format``."""
    from grundy.export.main import describe

    listed = " ".join(names)
    header = [
        f"# {title}: the Grundy value of the start position of each game of the family, its parameters "
        f"{listed} read from the input (a game of your own: its start function and its move function, "
        f"carried below as given)",
        f"# values: exact, the mex over every position reachable from the start (memoised for the last "
        f"parameters read); at most {MOVE_STEPS:,} options listed for one case, else an error line for "
        f"it; a position that can be reached from itself (a loopy game) is an error line",
    ]
    if fixed:
        header.append("# the other parameters: " + ", ".join(f"{k}={v!r}" for k, v in fixed.items()))
    if main:
        header.append(f"# input: {describe('params', input_format, names=listed)}")
    out = [*header, "# Generated by grundy; needs only Python 3.8+.", "", "import sys", "",
           f"PARAMS = {names!r}", f"FIXED = {fixed!r}", f"ARITY = {arity!r}", f"MINIMUM = {minimum!r}",
           f"MOVE_STEPS = {MOVE_STEPS}", ""]
    text = "\n".join(out) + _PY_BODY % {
        "start": "# the start position, as given\n" + start.strip("\n"),
        "moves": "# the move function, as given\n" + moves.strip("\n")}
    if main:
        text += python_main("params", input_format)
    return text
