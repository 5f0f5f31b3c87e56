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
from grundy.export.model import MOVE_STEPS, PY_MEMO_MEX

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
    where = f"the move function at position {_shown(position)!r}"
    try:
        listed = moves(position, **params)
        if isinstance(listed, (str, bytes)):
            raise TypeError(f"it returned {listed!r}, not a list of options")
        options = []
        for option in listed:
            if (type(option) is tuple and len(option) == ARITY and MINIMUM is None
                    and all(type(x) is int for x in option)):  # (a plain position: checked at once)
                options.append((option,))
            else:
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


_PY_API = """

def _position(numbers):
    position = tuple(numbers)
    if len(position) != ARITY:
        raise ValueError(f"a position is {ARITY} numbers, got {len(position)}")
    if MINIMUM is not None and any(x < m for x, m in zip(position, MINIMUM)):
        raise ValueError(f"position {_shown(position)!r} is below the game's minimum {MINIMUM}")
    return position


def grundy_value(*numbers):
    \"\"\"The Grundy value of one position (its ARITY numbers).\"\"\"
    return _value(_position(numbers), {})


def first_player_wins(*numbers):
    return grundy_value(*numbers) != 0


def answer(numbers):
    \"\"\"The value and the outcome of the sum of the positions ``numbers`` holds (ARITY numbers each).\"\"\"
    if not numbers or len(numbers) % ARITY:
        raise ValueError(f"a position is {ARITY} numbers, and a line several positions (their sum): "
                         f"got {len(numbers)} numbers")
    total = 0
    for i in range(0, len(numbers), ARITY):
        total ^= _value(_position(numbers[i:i + ARITY]), {})
    return total, total != 0
"""


_PY_ROWS = """

def grundy_value(*numbers):
    \"\"\"The Grundy value of one position, a row of any number of numbers (the empty row is no
    position left, value 0, as grundy reads it).\"\"\"
    return _value(tuple(numbers), {}) if numbers else 0


def first_player_wins(*numbers):
    return grundy_value(*numbers) != 0


def answer(numbers):
    \"\"\"The value and the outcome of the one position (a row) that ``numbers`` is.\"\"\"
    total = grundy_value(*numbers)
    return total, total != 0
"""
"""The functions of a game on rows of any length (``arity`` ``None``): a line or a case is one row."""


def positions_program(name: str, arity: int | None, minimum: tuple[int, ...] | None, source: str, *,
                      main: bool, input_format: str) -> str:
    """The Python program answering positions of ``arity`` numbers of the game ``name`` by its move
    function ``source`` (``def moves(position)``, stand-alone); ``arity`` ``None``: rows of any
    length, one a line (a case: ``n``, then its ``n`` numbers); ``minimum``: its declared least
    coordinates; ``main``: with a ``main`` reading ``input_format``."""
    from grundy.export.main import describe

    title = " ".join(name.split())
    low = "" if minimum is None else f"; each coordinate at least its minimum {minimum}"
    what = "a row of any number of numbers" if arity is None else f"a position of {arity} numbers"
    header = [
        f"# {title}: the Grundy value of {what} (a game of your own, by its "
        f"move function, carried below as given)",
        f"# values: exact, the mex over every position reachable from the one asked (memoised); at "
        f"most {MOVE_STEPS:,} options listed for one input, else an error line for it; a position that "
        f"can be reached from itself (a loopy game) is an error line (grundy solve answers it)",
        f"# positions: {arity} numbers{low}; several positions on one line are their sum" if arity
        else "# positions: rows of numbers of any length, one row a line (not a sum)",
    ]
    kind = "positions" if arity is not None else "tuple"
    if main:
        header.append(f"# input: {describe(kind, input_format, arity=arity or 0)}")
    out = [*header, "# Generated by grundy; needs only Python 3.8+.", "", "import sys", "",
           f"ARITY = {arity}", f"MINIMUM = {minimum!r}", f"MOVE_STEPS = {MOVE_STEPS}", ""]
    text = ("\n".join(out) + PY_SEARCH % {"functions": "# the move function, as given\n" + source.strip("\n")}
            + (_PY_API if arity is not None else _PY_ROWS))
    if main:
        text += python_main(kind, input_format)
    return text
