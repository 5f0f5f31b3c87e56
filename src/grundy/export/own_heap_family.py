"""The program of a heap game of one's own whose parameters the input gives (``grundy export
'NAME(k,l)'`` for a ``@grundy.heap_game`` with keyword parameters ``k`` and ``l``): Python only, it
carries the move function as given and reads the parameters where ``--params`` says (``first``,
``each``, ``last``, ``block``; ``sum`` or ``sum-last``: a case is ``k`` games, each its parameters
and its heap, their values XORed: ARC 091 F's piles ``A K``), with the heaps in any layout a family reads
(:mod:`grundy.export.family`: its main).

Each game (each set of parameters' values) gets its own table ``G(0..n)``, computed bottom-up by
the plain mex as far as the largest heap asked (a split is the XOR of its parts, ``()`` a heap
removed), kept for the next case with the same parameters. The work is bounded, all inputs
together: at most :data:`~grundy.export.family.STEPS` options listed and a table of at most
:data:`~grundy.export.family.MOST` heaps per game; a heap past either, a failure of the move
function, or an option that is not smaller heaps, is an error line for that input alone.

>>> program = own_heap_family_program("take(k)", ("k",), {},
...     "def moves(n, *, k=1):\\n    return [n - j for j in range(1, k + 1) if j <= n]\\n",
...     main=False, layout="lines", where="each")
>>> namespace = {}
>>> exec(program, namespace)
>>> [namespace["grundy_value"](n, 2) for n in range(6)], namespace["answer"]([4, 5], [3])
([0, 1, 2, 0, 1, 2], (1, True))
"""

from __future__ import annotations

from grundy.model.laws import Family

_PY_BODY = '''HEAP_STEPS = %(steps)d  # options listed, all inputs together
HEAP_MOST = %(most)d  # the longest table kept for one game
_SPENT = [0]
_TABLES = {}


def _value_of(option, h, table, shown):
    """The value of one option of heap h: a smaller heap, or a tuple of them (a sum; () none)."""
    parts = (option,) if type(option) is int else option
    if type(parts) is not tuple:
        raise ValueError(f"heap {h} ({shown}): the move function listed {option!r}, not a heap (an int) "
                         f"or a tuple of heaps")
    total = 0
    for p in parts:
        if type(p) is not int or not 0 <= p < h:
            raise ValueError(f"heap {h} ({shown}): the move to {option!r} does not leave smaller heaps")
        total ^= table[p]
    return total


def grundy_value(n, *params):
    """The Grundy value of heap n in the game with these parameters (NAMES), by its table."""
    if len(params) != len(NAMES):
        raise ValueError(f"a game is its {len(NAMES)} parameters {' '.join(NAMES)}, got {len(params)}")
    table = _TABLES.setdefault(params, [])
    if n < len(table):
        return table[n]
    keywords = dict(KEYWORDS, **dict(zip(NAMES, params)))
    shown = ", ".join(f"{k}={v}" for k, v in zip(NAMES, params))
    if n >= HEAP_MOST:
        raise ValueError(f"heap {n} ({shown}): beyond the longest table this program keeps "
                         f"({HEAP_MOST:,} heaps)")
    for h in range(len(table), n + 1):
        try:
            options = moves(h, **keywords)
        except Exception as exc:
            raise ValueError(f"the move function at heap {h} ({shown}) failed: {type(exc).__name__}: "
                             f"{exc}") from None
        if type(options) is range and options.step == 1 and 0 <= options.start and options.stop <= h:
            options = list(options)  # (a range of smaller heaps, as the engine takes it)
        if type(options) is not list:
            raise ValueError(f"the move function at heap {h} ({shown}) returned "
                             f"{type(options).__name__}, not a list (or a range of smaller heaps)")
        _SPENT[0] += len(options) + 1
        if _SPENT[0] > HEAP_STEPS:
            raise ValueError(f"heap {n} ({shown}): the tables need more than {HEAP_STEPS:,} options "
                             f"listed (all inputs together)")
        seen = {_value_of(option, h, table, shown) for option in options}
        value = 0
        while value in seen:
            value += 1
        table.append(value)
    return table[n]


def answer(heaps, params):
    """The value of a sum of heaps in the game the parameters name, and whether the player to move
    wins."""
    total = 0
    for h in heaps:
        total ^= grundy_value(h, *params)
    return total, total != 0
'''


def own_heap_family_program(title: str, names: tuple[str, ...], fixed: dict[str, object], moves: str,
                            *, main: bool, layout: str, where: str) -> str:
    """The Python program of the family ``title`` (``mcoins(k,l)``): the parameters ``names`` read
    from the input (``where``), the game's other parameters ``fixed``; ``moves`` the stand-alone
    source of the move function; ``main``: with the family main reading ``layout``."""
    from grundy.export.family import _PY_MAIN, MOST, STEPS, check_layout, describe

    family = family_of(names)
    check_layout(family, layout, where, main)
    listed = ", ".join(names)
    header = [
        f"{title}: the Grundy value of one heap n, the parameters ({listed}) given at run time; several "
        f"heaps are a sum, whose value is the XOR of theirs (Sprague-Grundy theorem).",
        "values: exact, the mex table of each game (its parameters' values) computed at run time by "
        "the move function, carried below as given, up to the largest heap asked; at most HEAP_MOST "
        "heaps per game and HEAP_STEPS options listed for all inputs together: past them, a failure of "
        "the move function, or an option that is not smaller heaps, an error line for that input",
    ]
    if fixed:
        header.append("the other parameters: " + ", ".join(f"{k}={v!r}" for k, v in fixed.items()))
    if main:
        header.append(f"input ({layout}, parameters {where}): {describe(family, layout, where)}; "
                      f"output: one line 'VALUE OUTCOME' (N: the player to move wins) per position")
    out = [f"# {line}" for line in header]
    out += ["# Generated by grundy; needs only Python 3.8+.", "", "import sys", "",
            f"NAMES = {names!r}  # the parameters the input gives",
            f"KEYWORDS = {fixed!r}  # the game's other parameters"]
    if main:
        out += [f"PARAMS = {('one',) * len(names)!r}", f"WHERE = {where!r}", f"LAYOUT = {layout!r}",
                "FIXED = None  # (every case's position is in the input)"]
    out += ["", "", "# the move function, as given", moves.strip("\n"), "", ""]
    out.append(_PY_BODY % {"steps": STEPS["python"], "most": MOST["python"]})
    text = "\n".join(out)
    if main:
        text += _PY_MAIN
    return text.rstrip("\n") + "\n"


def family_of(names: tuple[str, ...]) -> Family:
    """The family record its main and ``solve --input`` read (whole-number parameters)."""
    return Family("own-heap", names, None, None, "whole numbers, as the move function takes them",
                  "the plain mex, by the move function")
