"""The program of a family of games of one's own whose parameters the input gives
(``grundy export 'NAME(n,k)'``, the parameters written as names): a ``@grundy.game`` that declares
its start position (``start=``, a function of its parameters). Each case is the named
parameters; the program answers the start position of that game. Python only: the program
carries the start function and the move function as given (the parameters not named keep the
game's values).

Each case is answered exactly, by the mex over every position reachable from its start,
memoised for each value of the parameters the move function reads (a game's positions keep their
values from one case to the next while those stay the same; past
:data:`~grundy.export.model.MEMO_KEPT` positions kept, in the memo in use or in all of them
together, they are let go before the next game); an option ``grundy.Sum(...)`` is the XOR of its
parts, ``()`` no position left.
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

from dataclasses import dataclass

from grundy.export.main import python_main
from grundy.export.model import MEMO_KEPT, MOVE_STEPS
from grundy.export.positions import PY_SEARCH

_PY_API = '''
_MEMOS = {}  # (a memo per value of the parameters the moves read: _MEMO is the one in use)
_VALUES = {}  # (the start value of each game answered: a game asked again is not searched again)


def grundy_value(*numbers):
    """The Grundy value of the start position of the game with these parameters (PARAMS)."""
    if len(numbers) != len(PARAMS):
        raise ValueError(f"a game is its {len(PARAMS)} parameters {' '.join(PARAMS)}, got "
                         f"{len(numbers)} numbers")
    beyond = _beyond(numbers)
    if beyond is not None:
        if beyond[0] is None:
            raise ValueError(f"past {PARAMS[0]} = {CHECKED} the conjectured rule gives the outcome alone")
        return beyond[0]
    if numbers in _VALUES:
        return _VALUES[numbers]
    if len(_VALUES) >= 1 << 16:
        _VALUES.clear()
    _VALUES[numbers] = _start_value(numbers)
    return _VALUES[numbers]


def _start_value(numbers):
    global _MEMO
    params = dict(FIXED, **dict(zip(PARAMS, numbers)))
    read = tuple(v for k, v in zip(PARAMS, numbers) if k in MOVES_READ)
    memo = _MEMOS.get(read)  # (a memo for each value of the parameters the moves read; past
    if memo is None or len(memo) > MEMO_KEPT:  # MEMO_KEPT positions kept, the one in use or all of
        if memo is not None or sum(map(len, _MEMOS.values())) > MEMO_KEPT:  # them together, they
            _MEMOS.clear()  # are let go before this game: what they forget is recomputed, never wrong)
        _MEMOS[read] = {}
    _MEMO = _MEMOS[read]
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
    beyond = _beyond(numbers)  # (past CHECKED, a conjectured rule may give the outcome alone)
    return beyond[1] if beyond is not None else grundy_value(*numbers) != 0


def _beyond(numbers):
    """The conjecture's answer (value or None, whether the first player wins) past CHECKED, or None
    where the search answers."""
    if CHECKED is None or len(numbers) != 1 or numbers[0] <= CHECKED:
        return None
    return _conjectured(numbers[0])


def answer(numbers):
    if not SUM:
        beyond = _beyond(numbers)
        if beyond is not None:
            return beyond
        value = grundy_value(*numbers)
        return value, value != 0
    if not numbers or len(numbers) % len(PARAMS):  # (a sum: the parameters of each of its games)
        raise ValueError(f"a sum is the parameters {' '.join(PARAMS)} of each of its games, got "
                         f"{len(numbers)} numbers")
    value = 0
    for at in range(0, len(numbers), len(PARAMS)):
        value ^= grundy_value(*numbers[at:at + len(PARAMS)])
    return value, value != 0
'''


_PY_POSITIONS_API = '''
_MEMOS = {}  # (a memo per value of the parameters the moves read: _MEMO is the one in use)


def grundy_value(params, positions):
    """The Grundy value of the sum of ``positions`` (each ARITY numbers) in the game with the
    parameters ``params`` (PARAMS)."""
    global _MEMO
    if len(params) != len(PARAMS):
        raise ValueError(f"a game is its {len(PARAMS)} parameters {' '.join(PARAMS)}, got "
                         f"{len(params)} numbers")
    given = dict(FIXED, **dict(zip(PARAMS, params)))
    read = tuple(v for k, v in zip(PARAMS, params) if k in MOVES_READ)
    memo = _MEMOS.get(read)  # (a memo for each value of the parameters the moves read; past
    if memo is None or len(memo) > MEMO_KEPT:  # MEMO_KEPT positions kept, the one in use or all of
        if memo is not None or sum(map(len, _MEMOS.values())) > MEMO_KEPT:  # them together, they
            _MEMOS.clear()  # are let go before this game: what they forget is recomputed, never wrong)
        _MEMOS[read] = {}
    _MEMO = _MEMOS[read]
    total = 0
    for position in positions:
        parts = []
        _parts(tuple(position), parts, f"the input's position {_shown(tuple(position))!r}")
        for part in parts:
            total ^= _value(part, given)
    return total


def answer(numbers):
    """A case's numbers: the parameters, then its positions (ARITY numbers each: their sum)."""
    params, rest = numbers[:len(PARAMS)], numbers[len(PARAMS):]
    if len(params) != len(PARAMS) or len(rest) % ARITY:
        raise ValueError(f"a case is the parameters {' '.join(PARAMS)}, then positions of {ARITY} "
                         f"numbers each, got {len(numbers)} numbers")
    value = grundy_value(params, [rest[i:i + ARITY] for i in range(0, len(rest), ARITY)])
    return value, value != 0
'''
"""The API of a family whose cases give the parameters and then positions (``--params after``):
``grundy_value(params, positions)``, ``answer(numbers)``."""


@dataclass(frozen=True)
class StartConjecture:
    """A conjectured pattern of the start values of a family of one parameter, which the program
    answers by past ``checked``: ``expression`` (Python, over ``n``) is the value (``values``) or
    true at the P-positions (``p``); ``text`` says it; ``helpers`` the functions it calls."""

    kind: str
    expression: str
    text: str
    checked: int
    helpers: tuple[str, ...] = ()
    formula: str = ""
    """The same pattern in grundy's formula language (what ``solve --input`` evaluates)."""

    def code(self) -> str:
        """``_conjectured(n)``: (the value or None, whether the first player wins)."""
        body = (f"    value = int({self.expression})\n    return value, value != 0" if self.kind == "values"
                else f"    return None, not ({self.expression})")
        helpers = "".join(h + "\n\n\n" for h in self.helpers)
        return (f"{helpers}def _conjectured(n):\n    \"\"\"{self.text}: past n = {self.checked}, a "
                f"conjecture (not proved)\"\"\"\n{body}\n")


def own_family_program(title: str, names: tuple[str, ...], fixed: dict[str, object], start: str,
                       moves: str, *, arity: int | None, minimum: tuple[int, ...] | None, main: bool,
                       input_format: str, sums: bool = False, positions: bool = False,
                       conjecture: StartConjecture | None = None) -> str:
    """The Python program of the family ``title`` (e.g. ``circle(n,k)``): the parameters ``names``
    read from each case, the others ``fixed``; ``start`` and ``moves`` the stand-alone sources of
    the start function and of the move function; ``arity``, ``minimum``: the game's declared
    domain; ``main``: with a main reading ``input_format``; ``sums``: a case is ``k`` games (each its
    parameters), their start positions' values XORed (``--params sum``); ``positions`` (a game
    without ``start``, ``--params after``): a case is ``k``, the parameters, then ``k`` positions of
    ``arity`` numbers (``start`` then unused), the value of their sum; ``conjecture``: a pattern of
    the start values (one parameter), by which a game past its ``checked`` is answered."""
    from grundy.export.main import describe

    listed = " ".join(names)
    if positions:
        what, carried, reached, kept = ("of a sum of positions in each game of the family",
                                        "its move function", "the positions asked", "")
    else:
        what, carried, reached, kept = ("of the start position of each game of the family",
                                        "its start function and its move function", "the start",
                                        "; the start value of each game kept, for a game asked again")
    header = [
        f"# {title}: the Grundy value {what}, its parameters {listed} read from the input (a game "
        f"of your own: {carried}, carried below as given)",
        f"# values: exact, the mex over every position reachable from {reached} (memoised for each "
        f"value of the parameters the move function reads; past {MEMO_KEPT:,} positions kept, the "
        f"memos are let go before the next game{kept}); at "
        f"most {MOVE_STEPS:,} options listed for one case, else an error line for it; a position that "
        f"can be reached from itself (a loopy game) is an error line",
    ]
    if conjecture is not None:
        header.append(f"# past {names[0]} = {conjecture.checked}: by the conjecture {conjecture.text}, "
                      f"not proved and not checked there (a start's value needs the whole search)")
    if fixed:
        header.append("# the other parameters: " + ", ".join(f"{k}={v!r}" for k, v in fixed.items()))
    kind = "param-positions" if positions else "param-sums" if sums else "params"
    if main:
        header.append(f"# input: {describe(kind, input_format, names=listed, arity=arity or 1)}")
    out = [*header, "# Generated by grundy; needs only Python 3.8+.", "", "import sys", "",
           f"PARAMS = {names!r}", f"FIXED = {fixed!r}", f"ARITY = {arity!r}", f"MINIMUM = {minimum!r}",
           f"MOVE_STEPS = {MOVE_STEPS}", f"MEMO_KEPT = {MEMO_KEPT}  # (positions kept from one game to the "
           f"next; past it, let go)", f"SUM = {sums!r}  # a case: k games, their values XORed",
           f"MOVES_READ = {moves_read(moves, names)!r}  # the parameters the move function reads (a "
           f"memo for each of their values)",
           f"CHECKED = {None if conjecture is None else conjecture.checked!r}  # past it: the conjecture", ""]
    functions = ("" if positions else "# the start position, as given\n" + start.strip("\n") + "\n\n\n")
    functions += "# the move function, as given\n" + moves.strip("\n")
    text = "\n".join(out) + PY_SEARCH % {"functions": functions} + (
        _PY_POSITIONS_API if positions else _PY_API)
    if conjecture is not None:
        text += "\n\n" + conjecture.code()
    if main:
        text += python_main(kind, input_format)
    return text


DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})
"""Names through which a function may read its arguments without naming them."""


def moves_read(moves: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The parameters among ``names`` that the move function ``moves`` (its source) reads: a
    parameter it never names (only the start function uses it) does not change the moves, so the
    positions' values stay valid from one game to the next; all of them when it may read its
    arguments without naming them (``locals()``, ``eval``...).

    >>> moves_read("def moves(p, *, s=0, k=1):\\n    return [(p[0] - k,)]\\n", ("s", "k"))
    ('k',)
    >>> moves_read("def moves(p, **given):\\n    return [(p[0] - given['k'],)]\\n", ("s", "k"))
    ('s', 'k')
    """
    import ast

    tree = ast.parse(moves)
    seen = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    if seen & DYNAMIC or any(isinstance(node, ast.FunctionDef) and node.args.kwarg is not None
                             for node in ast.walk(tree)):  # (**kwargs: read without their names)
        return names
    return tuple(n for n in names if n in seen)
