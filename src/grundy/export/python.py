"""The Python writer of :func:`grundy.export.code.export_code`: plain Python 3.8+, only the
helpers the formula calls.

>>> "popcount" in _py_helpers({"cto"})[1] or "ctz" in _py_helpers({"cto"})[1]
True
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Sequence

from grundy.errors import InvalidInputError
from grundy.export import kfold
from grundy.export.main import python_main
from grundy.export.misere import PY_GENUS, PY_PAIR, PY_QUOTIENT, MisereRule
from grundy.export.model import (
    ALPHABET,
    HOLE,
    OCTAL_STEPS,
    PY_MEMO_MEX,
    Program,
    can_check,
    header,
    outside,
    pack,
    table_status,
    text_lines,
)
from grundy.export.rules import (
    PY_SPLIT,
    PY_SPLIT_MOVES,
    PY_STAIRCASE,
    PY_STRIP,
    PY_TREE_STAIRCASE,
    PY_WYTHOFF_MOVES,
    py_wins_and_answer,
)
from grundy.export.splits import MAX_HEAP, PY_SPARSE

_PY_FACTOR = '''def _prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _factor(name, n):  # {p: e} for 1 <= n < 2**64 (Miller-Rabin, Pollard's rho)
    if n < 1 or n >= 1 << 64:
        raise ValueError(f"{name}({n}) is undefined or too large (1 <= n < 2**64)")
    out, todo = {}, []
    for p in (2, 3, 5, 7, 11, 13):
        while n % p == 0:
            out[p], n = out.get(p, 0) + 1, n // p
    todo = [n] if n > 1 else []
    while todo:
        m = todo.pop()
        if _prime(m):
            out[m] = out.get(m, 0) + 1
            continue
        c, d = 1, m
        while d == m:
            x = y = 2
            d = 1
            while d == 1:
                x, y = (x * x + c) % m, (y * y + c) % m
                y = (y * y + c) % m
                d = math.gcd(abs(x - y), m)
            c += 1
        todo += [d, m // d]
    return out'''


_PY_HELPERS = {
    "_nonneg": ((), '''def _nonneg(name, x):
    if x < 0:
        raise ValueError(f"{name}({x}) is undefined (negative argument)")
    return x'''),
    "popcount": (("_nonneg",), '''def popcount(x):
    return bin(_nonneg("popcount", x)).count("1")'''),
    "ctz": (("_nonneg",), '''def ctz(x):  # trailing zero bits; ctz(0) = -1
    x = _nonneg("ctz", x)
    return (x & -x).bit_length() - 1'''),
    "cto": (("_nonneg", "ctz"), '''def cto(x):  # trailing one bits
    return ctz(_nonneg("cto", x) + 1)'''),
    "bit_length": (("_nonneg",), '''def bit_length(x):
    return _nonneg("bit_length", x).bit_length()'''),
    "isqrt": (("_nonneg",), '''def isqrt(x):
    return math.isqrt(_nonneg("isqrt", x))'''),
    **{name: (("_factor",), code) for name, code in (
        ("bigomega", '''def bigomega(x):  # prime factors of x >= 1, with multiplicity
    return sum(_factor("bigomega", x).values())'''),
        ("omega", '''def omega(x):  # distinct prime factors of x >= 1
    return len(_factor("omega", x))'''),
        ("numdiv", '''def numdiv(x):  # the number of divisors of x >= 1
    out = 1
    for e in _factor("numdiv", x).values():
        out *= e + 1
    return out'''))},
    "_factor": ((), _PY_FACTOR),
    "val": ((), '''def val(x, p):  # the exponent of p in x; val(0, p) = -1
    if x < 0 or p < 2:
        raise ValueError(f"val({x}, {p}) is undefined")
    if x == 0:
        return -1
    e = 0
    while x % p == 0:
        x, e = x // p, e + 1
    return e'''),
    "digitsum": ((), '''def digitsum(x, b):  # the sum of the base-b digits of x
    if x < 0 or b < 2:
        raise ValueError(f"digitsum({x}, {b}) is undefined")
    s = 0
    while x:
        x, r = divmod(x, b)
        s += r
    return s'''),
    "nimmul": ((), '''def nimmul(x, y, half=None):  # the nim product (Conway)
    if x < 0 or y < 0:
        raise ValueError(f"nimmul({x}, {y}) is undefined")
    if x < 2 or y < 2:
        return x * y
    if half is None:
        half = 1
        while 1 << (2 * half) <= max(x, y):
            half *= 2
    mask = (1 << half) - 1
    x1, x0, y1, y0 = x >> half, x & mask, y >> half, y & mask
    c, d = nimmul(x0, y0, half // 2 or 1), nimmul(x1, y1, half // 2 or 1)
    e = nimmul(x0 ^ x1, y0 ^ y1, half // 2 or 1)
    return ((e ^ c) << half) ^ c ^ nimmul(d, 1 << (half - 1), half // 2 or 1)'''),
    "G": ((), '''_G_MEMO = {}


def G(x, n):  # the formula's own value at x (a memoised recursion; 0 <= x < n)
    if x < 0 or x >= n:
        raise ValueError(f"the recursion G({x}) at n = {n} needs 0 <= x < n")
    if x not in _G_MEMO:
        if len(_G_MEMO) > 1 << 20:
            _G_MEMO.clear()
        _G_MEMO[x] = RECURSION(x)
    return _G_MEMO[x]'''),
}


def python_expression(node: ast.expr) -> str:
    """The Python text of a formula, with each recursion ``G(x)`` told its ``n`` (``G(x, n)``).

    >>> python_expression(ast.parse("n // 2 if n % 2 == 0 else G(n // 2)", mode="eval").body)
    'n // 2 if n % 2 == 0 else G(n // 2, n)'
    """
    class _Recursion(ast.NodeTransformer):
        def visit_Call(self, call: ast.Call) -> ast.AST:
            self.generic_visit(call)
            if isinstance(call.func, ast.Name) and call.func.id == "G" and len(call.args) == 1:
                return ast.Call(call.func, [*call.args, ast.Name("n", ast.Load())], [])
            return call

    return ast.unparse(_Recursion().visit(copy.deepcopy(node)))


def called(*nodes: ast.expr | None) -> set[str]:
    """The functions a formula calls."""
    return {n.func.id for node in nodes if node is not None for n in ast.walk(node)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def formula_helpers(*nodes: ast.expr | None) -> list[str]:
    """The helper functions (their Python text) the formulas call."""
    return _py_helpers(called(*nodes))


def _py_helpers(names: set[str], recursion: str = "grundy_value") -> list[str]:
    """The helpers that ``names`` call, each with those it calls; a recursion ``G(x)`` is the value
    ``recursion`` gives (a conjecture's formula, ``_by_pattern``, where a program's
    ``grundy_value`` checks it locally: that check is for the position asked alone)."""
    wanted = set()
    todo = [n for n in names if n in _PY_HELPERS]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += _PY_HELPERS[name][0]
    return [code.replace("RECURSION(x)", f"{recursion}(x)") for name, (_, code) in _PY_HELPERS.items()
            if name in wanted]


_PY_UNPACK = f'''def _unpack(text, runs):
    digit = {{ch: i for i, ch in enumerate("{ALPHABET}")}}
    numbers, x = [], 0
    for ch in text:
        d = digit[ch]
        if d >= 32:
            x = x * 32 + d - 32
        else:
            numbers.append(x * 32 + d)
            x = 0
    if not runs:
        return numbers
    return [v for i in range(0, len(numbers), 2) for v in [numbers[i]] * numbers[i + 1]]'''

_PY_ZECKENDORF = '''def p_position(n, limit):
    """Whinihan: P iff n = 0 or the smallest term of n's Zeckendorf form exceeds the limit."""
    if n == 0:
        return True
    fib = [1, 2]
    while fib[-1] + fib[-2] <= n:
        fib.append(fib[-1] + fib[-2])
    smallest = n
    for f in reversed(fib):
        if f <= n:
            n -= f
            smallest = f
    return smallest > limit'''

_PY_MOORE = '''def first_player_wins(heaps):
    """Moore's theorem: P iff every binary column sum of the heaps is 0 mod K + 1."""
    width = max((h.bit_length() for h in heaps), default=0)
    return any(sum(h >> b & 1 for h in heaps) % (K + 1) for b in range(width))


def grundy_value(heaps):
    live = [h for h in heaps if h]
    if len(live) > 1:
        raise ValueError("no theorem gives the Grundy value of several non-empty heaps of Moore's Nim_k")
    return live[0] if live else 0


def answer(heaps):
    live = [h for h in heaps if h]
    return (grundy_value(heaps) if len(live) <= 1 else None), first_player_wins(heaps)'''


PY_NIM_MUL = '''def nim_mul(a, b):
    """The nim-product (Conway): with a, b < 2**(2h) and F = 2**h a Fermat 2-power,
    (a1 F + a0)(b1 F + b0) = (a1 b1 + a1 b0 + a0 b1) F + a0 b0 + a1 b1 (F / 2), as F F = F + F / 2."""
    if a < 2 or b < 2:
        return a * b
    h = 1
    while max(a, b) >> (2 * h):
        h *= 2
    low = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & low, b >> h, b & low
    c, top = nim_mul(a0, b0), nim_mul(a1, b1)
    middle = nim_mul(a1 ^ a0, b1 ^ b0) ^ c
    return (middle << h) ^ c ^ nim_mul(top, 1 << (h - 1))'''

PY_GRID = '''def grundy_value(numbers):
    """A board of heads x1 y1 x2 y2 ...: the XOR over its heads of coin_x(x) (nim-product) coin_y(y)
    (the Tartan theorem); a head listed twice cancels, as a sum of positions."""
    if len(numbers) % 2:
        raise ValueError("a head is two numbers x y: got an odd count")
    value = 0
    for x, y in zip(numbers[0::2], numbers[1::2]):
        if x < ORIGIN or y < ORIGIN:
            raise ValueError(f"({x}, {y}) is not a coin (coordinates from {ORIGIN})")
        value ^= nim_mul(coin_x(x), coin_y(y))
    return value
''' + py_wins_and_answer("numbers")

PY_GRID_MORE = '''def grundy_value(numbers):
    """A board of heads, each its coordinates (one per factor, COINS[i] the value of the i-th): the
    XOR over its heads of the nim-product of the factors' values (the Tartan theorem); a head
    listed twice cancels, as a sum of positions."""
    dim = len(COINS)
    if len(numbers) % dim:
        raise ValueError(f"a head is {dim} numbers: got a count of {len(numbers)}")
    value = 0
    for i in range(0, len(numbers), dim):
        head = numbers[i:i + dim]
        if min(head) < ORIGIN:
            raise ValueError(f"{tuple(head)} is not a coin (coordinates from {ORIGIN})")
        product = 1
        for coin, c in zip(COINS, head):
            product = nim_mul(product, coin(c))
        value ^= product
    return value
''' + py_wins_and_answer("numbers")

_PY_RULES = {"staircase": PY_STAIRCASE, "tree": PY_TREE_STAIRCASE, "split": PY_SPLIT,
             "strip": PY_STRIP}
"""The programs written from a theorem's algorithm alone, by kind."""


def _packed(name: str, values: Sequence[int]) -> list[str]:
    text, runs = pack(values)
    body = [f'    "{piece}"' for piece in text_lines(text)]
    return [f"{name} = _unpack(", *body, f"    , {runs})"]


def python_program(program: Program) -> str:
    """The Python source of ``program``."""
    kind = program.kind
    out = [f"# {line}" for line in header(program)]
    out += ["# Generated by grundy; needs only Python 3.8+.", ""]
    helpers = _py_helpers(called(program.node, program.rule_node),
                          "_by_pattern" if _gated(program) else "grundy_value")
    imports = (["import math"] if any("math." in h for h in helpers) else []) + ["import sys"]
    out += imports
    blocks: list[str] = list(helpers)
    if kind == "moore":
        blocks += [f"K = {program.moore_k}", _PY_MOORE]
        return _py_join(out, blocks, program)
    if kind in _PY_RULES:
        blocks.append(_PY_RULES[kind])
        return _py_join(out, blocks, program)
    if kind == "grid":
        assert program.node is not None and program.second is not None
        helpers = _py_helpers(called(program.node, program.second, *program.more))
        return _py_join(out[:-1] + (["import math"] if any("math." in h for h in helpers) else [])
                        + ["import sys"], [*helpers, *_py_grid(program)], program)
    if kind == "misere":
        assert program.misere is not None
        return _py_join(out, blocks + _py_misere(program.misere), program)
    params = "a, b" if kind == "pair" else "n"
    blocks += _py_values(program, params)
    uses_rule = program.rule is not None and program.node is None
    if uses_rule:
        blocks += _py_rule(program, params)
    else:
        blocks.append(f"def first_player_wins({params}):\n    return grundy_value({params}) != 0")
    blocks.append(_py_answer(program, uses_rule))
    return _py_join(out, blocks, program)


def _py_grid(program: Program) -> list[str]:
    """A grid's blocks: the factors' values, the nim-product, a board's value."""
    assert program.node is not None and program.second is not None
    first, second = python_expression(program.node), python_expression(program.second)
    coins = [f"def coin_x(n):\n    return int({first})", f"def coin_y(n):\n    return int({second})"]
    if program.more:  # (three or more factors: coin_z, or coin_3, coin_4, ...)
        names = ["z"] if len(program.more) == 1 else [str(i) for i in range(3, program.dim + 1)]
        coins += [f"def coin_{c}(n):\n    return int({python_expression(node)})"
                  for c, node in zip(names, program.more, strict=True)]
        coins.append(f"COINS = ({', '.join(f'coin_{c}' for c in ['x', 'y', *names])})")
    return [f"ORIGIN = {program.corner[0]}", *coins, PY_NIM_MUL, PY_GRID_MORE if program.more else PY_GRID]


def _py_misere(rule: MisereRule) -> list[str]:
    """A misère program's blocks: the pairs of its heaps, then the genus rule; or its quotient."""
    head = [f"LIMIT = {rule.limit}"]
    if rule.law == "quotient":
        head += [f"START, PERIOD = {rule.start}, {rule.period}",
                 f"# the image of each heap 0..{len(rule.values) - 1}", *_packed("IMAGES", rule.values),
                 "# 1: an element of the P-portion", *_packed("P", rule.misere),
                 f"# the product of elements x and y: PRODUCTS[x * {len(rule.misere)} + y]",
                 *_packed("PRODUCTS", rule.products)]
        return [_PY_UNPACK, "\n".join(head), PY_QUOTIENT]
    if rule.law == "periodic":
        head += [f"START, PERIOD = {rule.start}, {rule.period}", f"# v(0..{len(rule.values) - 1})",
                 *_packed("V", rule.values), f"# m(0..{len(rule.misere) - 1})", *_packed("M", rule.misere)]
        return [_PY_UNPACK, "\n".join(head), PY_PAIR[rule.law], PY_GENUS]
    return ["\n".join(head), PY_PAIR[rule.law], PY_GENUS]


def _gated(program: Program) -> bool:
    """Whether the values are an unproved formula or period (``_by_pattern``), which
    ``grundy_value`` answers by only where it was checked (or after a local check)."""
    return program.checked is not None and (program.node is not None or program.period is not None)


def _py_values(program: Program, params: str) -> list[str]:
    """``grundy_value``: by the formula, the period (gated by ``CHECKED`` where unproved) or the
    table (and beyond it the move function or an octal game's algorithm)."""
    blocks: list[str] = []
    if program.node is None and program.runs is None:
        blocks.append(_PY_UNPACK)
    gated = _gated(program)
    name = "_by_pattern" if gated else "grundy_value"
    if program.node is not None:
        blocks.append(f"def {name}({params}):\n    # {program.status}\n{_py_guard(program)}"
                      f"    return int({python_expression(program.node)})")
    elif program.period is not None and program.runs is not None:
        blocks += _py_runs(program)
    elif program.period is not None:
        e, p, s = program.period.preperiod, program.period.period, program.period.saltus
        blocks.append("\n".join([f"# G(0..{e + p - 1})", *_packed("HEAD", program.values),
                                 f"PREPERIOD, PERIOD, SALTUS = {e}, {p}, {s}"]))
        blocks.append(f"def {name}(n):\n    if n < 0:\n"
                      '        raise ValueError(f"a heap is >= 0, got {n}")\n'
                      "    if n < len(HEAD):\n        return HEAD[n]\n"
                      "    q, r = divmod(n - PREPERIOD, PERIOD)\n"
                      "    return HEAD[PREPERIOD + r] + q * SALTUS")
    if gated:
        blocks += _py_gate(program, params)
    elif program.node is None and program.period is None:
        blocks += _py_table(program, params)
    return blocks


def _py_runs(program: Program) -> list[str]:
    """``grundy_value`` by a proved period held as runs of words (:attr:`Program.runs`)."""
    assert program.period is not None and program.runs is not None
    e, p = program.period.preperiod, program.period.period
    starts = ", ".join(str(a) for a, _ in program.runs)
    words = ", ".join(repr(tuple(w)) for _, w in program.runs)
    return ["\n".join([f"# G(0..{e + p - 1}) as runs: from RUN_STARTS[i] to the next start, the word "
                       f"RUN_WORDS[i] repeated", f"RUN_STARTS = [{starts}]", f"RUN_WORDS = [{words}]",
                       f"PREPERIOD, PERIOD = {e}, {p}"]),
            "def grundy_value(n):\n    if n < 0:\n"
            '        raise ValueError(f"a heap is >= 0, got {n}")\n'
            "    if n >= PREPERIOD + PERIOD:\n        n = PREPERIOD + (n - PREPERIOD) % PERIOD\n"
            "    low, high = 0, len(RUN_STARTS) - 1  # the last run starting at n or before\n"
            "    while low < high:\n        middle = (low + high + 1) // 2\n"
            "        if RUN_STARTS[middle] <= n:\n            low = middle\n"
            "        else:\n            high = middle - 1\n"
            "    word = RUN_WORDS[low]\n    return word[(n - RUN_STARTS[low]) % len(word)]"]


def _py_table(program: Program, params: str) -> list[str]:
    """``grundy_value`` by the packed table; beyond it by the move function, an octal game's
    algorithm, or an error."""
    kind = program.kind
    size = f"ROWS, COLS = {program.rows}, {program.cols}"
    if program.origin:
        size += "\nORIGIN = " + (f"{program.origin[0]}" if kind != "pair" else
                                 f"{program.origin[0]}, {program.origin[1]}")
    blocks = ["\n".join([f"# {table_status(program)}" + (
        " (0: not a position, v + 1: the value v)" if program.holes else ""),
        *_packed("TABLE", program.values), size])]
    if program.move_source is not None and kind == "number":  # (a @grundy.game on (n,))
        blocks += _py_number_search(program)
    elif program.move_source is not None:
        fname = move_function(program.move_source, kind)
        blocks += ["# the move function, as given\n" + program.move_source.strip("\n"),
                   f"MOVES = {fname}\nKIND = {kind!r}\nMOVE_STEPS = {program.steps}\n{_memo_kept()}\n"
                   f"RANGES = {kind == 'heap' and not program.holes and not program.origin}  # (a heap "
                   f"whose options are a range: by counts)",
                   _PY_MEX.strip("\n"), _PY_RANGES.strip("\n")]
    inside, where = _py_inside(program)
    what = {"heap": "heap {n}", "number": "{n}", "pair": "({a}, {b})"}[kind]
    a0, b0 = (program.corner * 2)[:2]
    limits = {"heap": "0..{ROWS - 1}", "number": f"{a0}..{{{a0} + ROWS - 1}}",
              "pair": ("a <= {ROWS - 1}, b <= {COLS - 1}" if not program.origin else
                       f"{a0} <= a <= {{{a0} + ROWS - 1}}, {b0} <= b <= {{{b0} + COLS - 1}}")}[kind]
    beyond = ("    _let_go()\n    return _value((n,), {})"
              if program.move_source is not None and kind == "number"
              else "    return _by_moves(" + ("(a, b)" if kind == "pair" else "n") + ")"
              if program.move_source is not None else
              f'    raise ValueError(f"{what} is beyond the table ({limits})")')
    if program.octal:
        blocks.append(PY_SPARSE % {"digits": program.octal, "unequal": program.unequal,
                                   "steps": OCTAL_STEPS["python"], "most": MAX_HEAP["python"]})
        beyond = "    return _by_octal(n)"
    if program.holes:
        hit = (f"        value = TABLE[{where}]\n        if value == 0:\n"
               f'            raise ValueError(f"{what} {HOLE}")\n'
               "        return value - 1\n")
    else:
        hit = f"        return TABLE[{where}]\n"
    return [*blocks, f"def grundy_value({params}):\n{_py_guard(program)}    if {inside}:\n{hit}" + beyond]


def _py_number_search(program: Program) -> list[str]:
    """The search beyond the table of a game of one's own on one number: its move function (on
    positions ``(n,)``, options ``(m,)``, ``grundy.Sum(...)`` or ``()``), carried as given, and the
    memoised mex over what it reaches (:data:`grundy.export.positions.PY_SEARCH`)."""
    from grundy.export.positions import PY_SEARCH

    assert program.move_source is not None
    move_function(program.move_source, "number")
    minimum = program.origin if program.origin and program.origin != (0,) else None
    return [f"ARITY = 1\nMINIMUM = {minimum!r}\nMOVE_STEPS = {program.steps}\n{_memo_kept()}",
            (PY_SEARCH % {"functions": "# the move function, as given\n"
                          + program.move_source.strip("\n")}).strip("\n"), PY_LET_GO.strip("\n")]


def _memo_kept() -> str:
    """The program's bound on the values its memo keeps from one input to the next
    (:data:`grundy.export.model.MEMO_KEPT`, as a program of positions)."""
    from grundy.export.model import MEMO_KEPT

    return (f"MEMO_KEPT = {MEMO_KEPT}  # (values kept from one input to the next; past it, let go "
            f"before the next)")


PY_LET_GO = '''
def _let_go():
    """Between inputs: past MEMO_KEPT values kept, the values of the inputs before are let go
    (memory stays bounded; an input is searched from what is kept, so its answer is the same)."""
    if len(_MEMO) > MEMO_KEPT:
        _MEMO.clear()
'''
"""The bound of a memo over the move function: let go between inputs past ``MEMO_KEPT`` values."""


def _py_rule(program: Program, params: str) -> list[str]:
    """``p_position`` and ``first_player_wins`` of a pair (or heap) game with a rule for its
    P-positions beyond the table (a conjectured rule checked locally where the program can)."""
    assert program.rule is not None
    pair = program.kind == "pair"
    shown, where = ("({a}, {b})", "a, b") if pair else ("heap {n}", "n")
    blocks: list[str] = []
    if program.rule_node is not None:
        blocks.append(f"def p_position({params}):\n    # {program.rule.text}: {program.rule.status}\n"
                      f"    return bool({ast.unparse(program.rule_node)})")
    else:
        blocks.append(_PY_ZECKENDORF if program.rule.code == "zeckendorf"
                      else kfold.python_rule(program.rule.code or ""))
    beyond = f"    return not p_position({params})"
    if program.checked is not None:  # a conjectured rule: checked locally, or not used
        if can_check(program):
            check = _PY_RULE_CHECK if pair else _PY_HEAP_RULE_CHECK
            blocks.append(check.strip("\n").replace("INSIDE", _py_inside(program)[0]))
            beyond = f"    _rule_check({params})\n" + beyond
        else:
            beyond = (f'    raise ValueError(f"{shown} is beyond the table ({where} <= '
                      f'{program.checked}), where the rule for the P-positions was checked; this '
                      f'program cannot check it there (the Python export with the move function can)")')
    blocks.append(f"def first_player_wins({params}):\n{_py_guard(program)}"
                  f"    if {_py_inside(program)[0]}:\n"
                  f"        return grundy_value({params}) != 0\n{beyond}")
    return blocks


def _py_answer(program: Program, uses_rule: bool) -> str:
    """``answer``, which the main calls with the numbers of one position (a sum where they are)."""
    if program.kind == "heap":
        one = ("" if not uses_rule else
               "    if len(heaps) == 1 and heaps[0] >= ROWS:  # (one heap beyond the table: who wins "
               "by the rule; a P-position's value is 0)\n"
               "        wins = first_player_wins(heaps[0])\n        return (None if wins else 0), wins\n")
        return ("def answer(heaps):\n" + one + "    value = 0\n    for h in heaps:\n"
                "        value ^= grundy_value(h)\n    return value, value != 0")
    if program.kind == "number":
        one = ("" if program.sums else
               '    if len(numbers) != 1:\n        raise ValueError(f"a position is one number n, got '
               '{len(numbers)} (the game does not declare arity=1, so several numbers are not a sum)")\n')
        head = ("def answer(numbers):\n    # several numbers: a sum, whose value is the XOR of theirs\n"
                if program.sums else "def answer(numbers):\n")
        return (head + one + "    value = 0\n    for n in numbers:\n"
                "        value ^= grundy_value(n)\n    return value, value != 0")
    check = ""
    if program.start is not None:
        check += (f"    if len(numbers) == 1:  # {program.start}\n"
                  "        numbers = [numbers[0], max(numbers[0] - 1, 0)]\n")
    check += ("    if len(numbers) > 2 and len(numbers) % 2 == 0:  # several pairs: their sum\n"
              "        value = 0\n        for i in range(0, len(numbers), 2):\n"
              "            value ^= grundy_value(numbers[i], numbers[i + 1])\n"
              "        return value, value != 0\n")
    check += ('    if len(numbers) != 2:\n        raise ValueError(f"expected two numbers a b, '
              'got {len(numbers)}")\n    a, b = numbers\n')
    if uses_rule:
        check += (f"    if not ({_py_inside(program)[0]}):  # (a P-position's value is 0)\n"
                  "        wins = first_player_wins(a, b)\n"
                  "        return (None if wins else 0), wins\n")
    return ("def answer(numbers):\n" + check + "    value = grundy_value(a, b)\n"
            "    return value, value != 0")


_PY_LOCAL_CHECK = '''
def _local_check(position, value):
    """The conjecture's local check: its value must be the mex of the values it gives the options
    (the XOR of the parts of a split), else an error for this input alone."""
    seen = set()
    options = _options(position)
    if len(options) > MOVE_STEPS:
        raise ValueError(f"{_shown(position)}: too many options to check the conjecture locally")
    for option in options:
        total = 0
        for p in option:
            total ^= _by_pattern(*p) if KIND == "pair" else _by_pattern(p)
        seen.add(total)
    mex = 0
    while mex in seen:
        mex += 1
    if mex != value:
        raise ValueError(f"{_shown(position)}: the conjectured pattern gives {value}, but the mex of the "
                         f"values it gives the options is {mex}, so the pattern is false there")
'''


_PY_RULE_CHECK = '''
def _rule_check(a, b):
    """The conjectured rule's local check: a P-position by the rule has no option that is one, an
    N-position has one (inside the table, the table says), else an error for this input alone."""
    options = _options((a, b))
    if len(options) > MOVE_STEPS:
        raise ValueError(f"({a}, {b}): too many options to check the rule for the P-positions locally")

    def p_at(a, b):
        return grundy_value(a, b) == 0 if INSIDE else p_position(a, b)

    some = any(not option or p_at(*option[0]) for option in options)  # (() leaves nothing: P)
    if some == p_position(a, b):
        raise ValueError(f"({a}, {b}): the conjectured rule for the P-positions says {'P' if some else 'N'}, "
                         f"but {'an option is' if some else 'no option is'} a P-position by it, so the "
                         f"rule is false there")
'''


_PY_HEAP_RULE_CHECK = '''
def _rule_check(n):
    """The conjectured rule's local check: a P-position by the rule has no option that is one, an
    N-position has one (inside the table, the table says), else an error for this input alone."""
    options = _options(n)
    if len(options) > MOVE_STEPS:
        raise ValueError(f"heap {n}: too many options to check the rule for the P-positions locally")
    if any(len(option) > 1 for option in options):
        raise ValueError(f"heap {n}: a move there splits the heap, and the rule for the P-positions does "
                         f"not decide a sum")

    def p_at(n):
        return grundy_value(n) == 0 if INSIDE else p_position(n)

    some = any(not option or p_at(option[0]) for option in options)  # (() leaves nothing: P)
    if some == p_position(n):
        raise ValueError(f"heap {n}: the conjectured rule for the P-positions says {'P' if some else 'N'}, "
                         f"but {'an option is' if some else 'no option is'} a P-position by it, so the "
                         f"rule is false there")
'''


def _py_gate(program: Program, params: str) -> list[str]:
    """``grundy_value`` of a program whose formula or period is a conjecture: by it up to
    ``CHECKED``; beyond, after the local check when the program carries the move function, else
    an error."""
    position = "(a, b)" if program.kind == "pair" else "n"
    beyond = "a > CHECKED or b > CHECKED" if program.kind == "pair" else "n > CHECKED"
    shown = "({a}, {b})" if program.kind == "pair" else ("heap {n}" if program.kind == "heap" else "{n}")
    where = {"pair": f"a, b <= {program.checked}", "heap": f"heap {program.checked}",
             "number": f"n = {program.checked}"}[program.kind]
    blocks = [f"CHECKED = {program.checked}  # the conjecture agrees with the computed values up to here"]
    if program.move_source is not None:
        fname = move_function(program.move_source, program.kind)
        why = "for the local check" if can_check(program) else "beyond the checked range"
        blocks += [f"# the move function, as given ({why})\n" + program.move_source.strip("\n"),
                   f"MOVES = {fname}\nKIND = {program.kind!r}\nMOVE_STEPS = {program.steps}\n{_memo_kept()}\n"
                   "RANGES = False  # (no table here to count ranges in)", _PY_MEX.strip("\n")]
    if program.unchecked:  # (the user asked: beyond CHECKED, the conjecture unchecked)
        tail = f"    return _by_pattern({params})  # beyond CHECKED: unchecked (exported with unchecked)"
    elif can_check(program):
        blocks += [_PY_LOCAL_CHECK.strip("\n"),
                   f"def _shown(position):\n    {params} = position\n    return f\"{shown}\""]
        tail = (f"    value = _by_pattern({params})\n    if {beyond}:\n"
                f"        _local_check({position}, value)\n    return value")
    elif program.move_source is not None:  # (no conjecture asked: the exact mex by the moves there)
        tail = f"    if {beyond}:\n        return _by_moves({position})\n    return _by_pattern({params})"
    else:
        why = ("this program cannot check the conjecture there (the Python export with the move "
               "function can)" if program.conjecture else
               "the conjecture is not proved; export with conjecture to answer it after a local check")
        tail = (f"    if {beyond}:\n        raise ValueError(f\"{shown} is beyond {where}, where the "
                f"conjectured pattern was checked; {why}\")\n    return _by_pattern({params})")
    blocks.append(f"def grundy_value({params}):\n{tail}")
    return blocks


def _py_guard(program: Program) -> str:
    """The first lines of ``grundy_value`` of a game with a declared minimum: an input below it is
    not a position."""
    if not program.origin:
        return ""
    test = (f"n < {program.origin[0]}" if program.kind != "pair"
            else f"a < {program.origin[0]} or b < {program.origin[1]}")
    return f'    if {test}:\n        raise ValueError(f"{outside(program)}")\n'


def _py_inside(program: Program) -> tuple[str, str]:
    """The test that a position is in the table, and its index there."""
    if program.kind != "pair":
        if program.origin:
            return "ORIGIN <= n < ORIGIN + ROWS", "n - ORIGIN"
        return "0 <= n < ROWS", "n"
    if program.origin:
        return ("ORIGIN[0] <= a < ORIGIN[0] + ROWS and ORIGIN[1] <= b < ORIGIN[1] + COLS",
                "(a - ORIGIN[0]) * COLS + (b - ORIGIN[1])")
    return "0 <= a < ROWS and 0 <= b < COLS", "a * COLS + b"


def _py_join(out: list[str], blocks: list[str], program: Program) -> str:
    if program.moves is not None:
        blocks = [*blocks, _py_octal_moves(program.move_digits) if program.move_digits
                  else _PY_OWN_MOVES.strip("\n") if program.move_options
                  else _py_heap_moves(program.moves) if program.kind == "heap"
                  else PY_WYTHOFF_MOVES if program.kind == "pair" else PY_SPLIT_MOVES]
    text = "\n".join(out) + "".join("\n\n\n" + b for b in blocks) + "\n"
    if program.main:
        text += python_main(program.kind, program.input_format, program.start is not None,
                            moves=program.moves is not None, dim=program.dim)
    return text


def _py_heap_moves(takes: tuple[int, ...]) -> str:
    """``heap_moves(h, total)``: the sizes heap ``h`` may be left with by a winning move of a sum of
    value ``total`` (by Bouton's rule for Nim, ``takes == ()``; else each take of the set, in order).

    >>> print(_py_heap_moves(()).splitlines()[-2])
        left = h ^ total
    """
    if not takes:
        return ("def heap_moves(h, total):\n    # Nim (Bouton): the heap goes to h XOR the value of the "
                "sum, where that is smaller\n    left = h ^ total\n    return [left] if left < h else []")
    return (f"TAKES = {takes!r}\n\n\ndef heap_moves(h, total):\n"
            f"    # each take that leaves the heap the value G(h) XOR the value of the sum\n"
            f"    target = grundy_value(h) ^ total\n"
            f"    return [h - s for s in TAKES if s <= h and grundy_value(h - s) == target]")


_PY_OWN_MOVES = """
def heap_moves(h, total):
    # each option the move function lists (several heaps: their tuple; once each) that leaves
    # the value G(h) XOR the value of the sum; one heap whose value is unknown (total None: beyond the
    # table, by the rule for the P-positions): each option that is a P-position
    options = _options(h)
    if len(options) > MOVE_STEPS:
        raise ValueError(f"heap {h}: more than {MOVE_STEPS:,} options, too many to list its winning moves")
    if total is None and any(len(option) > 1 for option in options):
        raise ValueError(f"heap {h}: a move there splits the heap, and the rule for the P-positions "
                         f"does not decide a sum")
    if total is None:
        found = [option for option in options if not option or not first_player_wins(option[0])]
    else:
        target = grundy_value(h) ^ total
        found = [option for option in options if _xor_of(option) == target]
    return [option[0] if len(option) == 1 else option for option in dict.fromkeys(found)]


def _xor_of(heaps):
    value = 0
    for h in heaps:
        value ^= grundy_value(h)
    return value
"""
"""``heap_moves(h, total)`` of a heap game of one's own, by the options of the move function the
program carries (its ``_options``), in their order: what the engine lists."""


MOVE_LIST_LIMIT = 2_000_000
"""The largest heap of a code with splits whose winning moves an exported program lists (a heap of
``n`` has about ``n / 2`` splits), as ``grundy solve`` lists them; a larger one is an error line."""


def _py_octal_moves(digits: tuple[int, ...]) -> str:
    """``heap_moves(h, total)``: what heap ``h`` may be left with by a winning move of a sum of
    value ``total``, by the moves of the octal code ``digits`` in the engine's order (each take
    ``i``: nothing left ``0``, one heap ``r``, then the splits ``(a, r - a)``, ``a <= r - a``).

    >>> namespace = {"grundy_value": lambda n: [0, 1, 1, 2, 0][n]}
    >>> exec(_py_octal_moves((0, 1, 3, 7)), namespace)
    >>> namespace["heap_moves"](4, 1), namespace["heap_moves"](3, 2)
    ([2, 1], [0])
    """
    guard = _PY_SPLIT_GUARD.replace("LIMIT", str(MOVE_LIST_LIMIT)) if any(d & 4 for d in digits) else ""
    return _PY_OCTAL_MOVES.replace("DIGIT_TUPLE", repr(tuple(digits))).replace("GUARD\n", guard).rstrip("\n")


_PY_SPLIT_GUARD = """    if h > LIMIT:
        raise ValueError(f"a heap of {h} has about {h // 2} ways to split, too many to list its "
                         f"winning moves (heaps up to LIMIT)")
"""

_PY_OCTAL_MOVES = """DIGITS = DIGIT_TUPLE


def heap_moves(h, total):
    # each move of the octal code (take i: leave nothing, one heap, or split the rest in two)
    # that leaves the value G(h) XOR the value of the sum; a split is the pair of its heaps
GUARD
    target = grundy_value(h) ^ total
    found = []
    for i, d in enumerate(DIGITS):
        if i > h:
            break
        r = h - i
        if i > 0 and d & 1 and r == 0 and target == 0:
            found.append(0)
        if i > 0 and d & 2 and r > 0 and grundy_value(r) == target:
            found.append(r)
        if d & 4 and r >= 2:
            found += [(a, r - a) for a in range(1, r // 2 + 1)
                      if grundy_value(a) ^ grundy_value(r - a) == target]
    return found
"""


_PY_MEX = '''
_MEMO = {}


def _components(option):
    """An option as a tuple of positions (a heap game's option may be several heaps; ``()``:
    no position left)."""
    if KIND == "pair":
        return (tuple(option),) if len(option) else ()
    if isinstance(option, int):
        return (option,)
    return tuple(option)


def _options(position):
    """The options the move function lists, at most MOVE_STEPS + 1 of them (a move function that
    yields its options is not run past what one input may use)."""
    shown = f"heap {position}" if KIND == "heap" else repr(position)
    try:
        listed = MOVES(*position) if KIND == "pair" else MOVES(position)
        options = []
        for option in listed:
            options.append(_components(option))
            if len(options) > MOVE_STEPS:
                break
        return options
    except MemoryError:
        raise ValueError(f"the move function ran out of memory listing the options of {shown}") from None
    except Exception as exc:  # the move function's own failure: an error line for this input only
        raise ValueError(f"the move function failed at {shown}: {type(exc).__name__}: {exc}") from None


def _by_moves(position):
    """Memoised mex over the move function (_memo_mex); at most MOVE_STEPS options listed for
    one input, then an error for that input alone (a heap whose options are a range: _by_range).
    Past MEMO_KEPT values kept, those of the positions before are let go first."""
    _let_go()
    shown = f"heap {position}" if KIND == "heap" else position
    found = _by_range(position) if RANGES else None
    if found is not None:
        return found
    return _memo_mex(position, _options,
                     lambda: (f"{shown} is beyond the table, and the move function did not settle it "
                              f"within {MOVE_STEPS:,} options"),
                     lambda p: f"position {p!r} can be reached from itself: the game is loopy")
''' + PY_MEMO_MEX + PY_LET_GO


_PY_RANGES = '''
DENSE_MOST = 1 << 22
_DENSE = []  # G(0), G(1), ...: every heap below the ranges asked, in order
_COUNTS = []  # _COUNTS[v][i]: how many heaps below i have the value v (i <= len(_DENSE))


def _range_of(n):
    """The options of heap n when the move function gives them as a range of heaps below n
    (step 1), else None (the general path lists them)."""
    try:
        listed = MOVES(n)
    except Exception:
        return None  # (the general path says why)
    if type(listed) is range and listed.step == 1 and 0 <= listed.start and listed.stop <= n:
        return listed
    return None


def _by_range(n):
    """G(n) when the options of heap n are a range: the mex read from the counts of the values
    below (the heaps tabulated in order up to the range's end), else None."""
    options = _range_of(n)
    if options is None:
        return None
    if options.stop > DENSE_MOST:
        raise ValueError(f"heap {n}: its options reach heap {options.stop - 1:,}, past the "
                         f"{DENSE_MOST:,} heaps this program tabulates")
    _dense_to(options.stop)
    return _range_mex(options.start, options.stop)


def _range_mex(lo, hi):
    """The mex of the values of the heaps lo..hi-1 (all in _DENSE)."""
    v = 0
    while v < len(_COUNTS) and _COUNTS[v][hi] - _COUNTS[v][lo]:
        v += 1
    return v


def _dense_to(stop):
    """Extend _DENSE and _COUNTS to the heaps 0..stop-1, in order: the table's values, then each
    heap by the counts when its options are a range, else by the memoised mex."""
    while len(_DENSE) < stop:
        m = len(_DENSE)
        options = None if m < ROWS else _range_of(m)
        value = (TABLE[m] if m < ROWS else _range_mex(options.start, options.stop)
                 if options is not None else _memo_mex(m, _options, lambda: (
                     f"heap {m} is beyond the table, and the move function did not settle it within "
                     f"{MOVE_STEPS:,} options"), lambda p: f"position {p!r} can be reached from itself"))
        _DENSE.append(value)
        while len(_COUNTS) <= value:
            _COUNTS.append([0] * (m + 1))
        for v, counts in enumerate(_COUNTS):
            counts.append(counts[m] + (v == value))
'''
"""The heaps whose options the move function gives as a ``range`` (CF 255E: ``range(ceil(x^(1/4)),
isqrt(x) + 1)``): every heap below the range's end tabulated once, in order, with the count of
each value below each heap, so that a range's mex is read in one step per value (a heap of
7.7e11 has a range of 876,000 heaps)."""


def move_function(source: str, kind: str) -> str:
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise InvalidInputError(f"the move function does not parse: {exc.msg} (line {exc.lineno})") from None
    defs = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    chosen = [d for d in defs if d.name == "moves"] or (defs if len(defs) == 1 else [])
    if not chosen:
        names = ", ".join(d.name for d in defs) or "none"
        raise InvalidInputError(
            f"the move source must define one function (or one named 'moves'); found {names}")
    want = 1 if kind in ("heap", "number") else 2
    got = len(chosen[0].args.args)
    if got != want:
        raise InvalidInputError(f"the move function {chosen[0].name!r} of a {kind} game takes {want} "
                                f"argument{'s' if want > 1 else ''}, not {got}")
    return chosen[0].name
