"""A small expression grammar for closed forms, its safe evaluator, and a search for short formulas.

The grammar is a subset of Python, with Python's semantics (a boolean counts as 0 or 1 where a
number is needed): integer constants, the variables of the game (``n``; or ``a`` and ``b``),
``+ - * // % ^ & | << >>``, unary ``-``, comparisons (``< <= > >= == !=``, chained, and ``in`` /
``not in`` a literal set of constants such as ``{0, 2}``), ``and or not`` and the functions

- ``popcount(x)``: the number of 1 bits;  ``bit_length(x)``: as ``int.bit_length``;
- ``ctz(x)``: the number of trailing 0 bits, with **ctz(0) = -1** (so ``ctz(x) = bit_length(x & -x) - 1``);
- ``cto(x)``: the number of trailing 1 bits (``cto(x) = ctz(x + 1)``, so ``cto(0) = 0``);
- ``isqrt(x)``: the exact integer square root;  ``min``, ``max`` (two or more arguments), ``abs``;
- arithmetic functions (:mod:`grundy.patterns.arith`): ``bigomega(x)`` (Ω, prime factors with
  multiplicity), ``omega(x)`` (distinct prime factors), ``numdiv(x)`` (number of divisors),
  ``val(x, p)`` (the exponent of ``p`` in ``x``, ``val(0, p) = -1``), ``digitsum(x, b)`` (base ``b``),
  ``lpf(x)`` (the least prime factor, ``lpf(0) = 0``, ``lpf(1) = 1``), ``primepi(x)`` (π(x), the
  number of primes ``<= x``: the index of a prime);
- ``nimmul(x, y)``: the nim product ``x ⊗ y`` (:func:`grundy.theory.nimber.nim_mul`);
- ``A if C else B``, and ``G(x)``: the formula's own value at ``x`` — a recursion, allowed in a
  formula over ``n`` and only at ``0 <= x < n`` (so it ends; memoised). The pattern finder only
  writes recursions that shrink ``n`` by a factor (``G(n // 2)``, ``G(n - n // 3 - 1)``), a few
  hundred levels for any 64-bit ``n``; a recursion too deep for Python is an error, never a
  wrong value.

The bit functions and ``isqrt`` are undefined on negative numbers (an error, as is a division by
zero or a negative shift). :func:`evaluate` walks the checked syntax tree: nothing else runs.

>>> evaluate("ctz(n) + 1", n=12)
3
>>> evaluate("(a % 3) ^ (b % 3)", a=4, b=8)
3
>>> evaluate("n % 7 in {0, 2}", n=10**30 + 1)
1
>>> evaluate("n // 2 if n % 2 == 0 else G(n // 2)", n=10**18 + 1)  # take at most half
250000000000000000
>>> check_formula("__import__('os')")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.errors.InvalidInputError: formula "__import__('os')" is outside the grammar: ...
"""

from __future__ import annotations

import ast
import functools
import math
import operator
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError
from grundy.model.bounded import kept
from grundy.patterns import arith
from grundy.patterns.recursion import memoised

if TYPE_CHECKING:
    import numpy as np

VARIABLES = ("n", "a", "b")
FUNCTIONS = ("G", "abs", "bigomega", "bit_length", "cto", "ctz", "digitsum", "isqrt", "lpf", "max", "min",
             "nimmul", "numdiv", "omega", "popcount", "primepi", "val")
TWO_ARGUMENTS = frozenset({"digitsum", "nimmul", "val"})
MAX_FORMULA_CHARS = 2000
MAX_SHIFT = 1 << 16
"""Largest left shift :func:`evaluate` accepts (a bigger one would only exhaust the memory)."""

_BINOPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.BitXor: operator.xor,
    ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
}
_CMPOPS: dict[type, Callable[[int, int], bool]] = {
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.Eq: operator.eq, ast.NotEq: operator.ne,
}


FormulaError = InvalidInputError
"""Raised when a formula is outside the grammar, or undefined at the given values."""


def _nonneg(name: str, x: int) -> int:
    if x < 0:
        raise FormulaError(f"{name}({x}) is undefined (negative argument)")
    return x


def popcount(x: int) -> int:
    """The number of 1 bits of ``x >= 0``.

    >>> popcount(7), ctz(12), ctz(0), cto(7), bit_length(8), isqrt(10**20 - 1)
    (3, 2, -1, 3, 4, 9999999999)
    """
    return _nonneg("popcount", x).bit_count()


def ctz(x: int) -> int:
    """Trailing zero bits of ``x >= 0``; ``ctz(0) = -1``."""
    x = _nonneg("ctz", x)
    return (x & -x).bit_length() - 1


def cto(x: int) -> int:
    """Trailing one bits of ``x >= 0`` (``cto(0) = 0``)."""
    return ctz(_nonneg("cto", x) + 1)


def bit_length(x: int) -> int:
    """``x.bit_length()`` for ``x >= 0``."""
    return _nonneg("bit_length", x).bit_length()


def isqrt(x: int) -> int:
    """``math.isqrt`` (``x >= 0``)."""
    return math.isqrt(_nonneg("isqrt", x))


_FUNCS: dict[str, Callable[..., int]] = {
    "popcount": popcount, "ctz": ctz, "cto": cto, "bit_length": bit_length, "isqrt": isqrt,
    "abs": abs, "min": min, "max": max, **{name: getattr(arith, name) for name in
                                           ("bigomega", "omega", "numdiv", "val", "digitsum", "nimmul",
                                            "lpf", "primepi")},
}


# ---- checking ----------------------------------------------------------------------------------

def parse(formula: str, variables: Collection[str] | None = None) -> ast.expr:
    """The syntax tree of ``formula`` after checking it against the grammar."""
    if not isinstance(formula, str):
        raise FormulaError(f"a formula must be a string, got {formula!r}")
    if len(formula) > MAX_FORMULA_CHARS:
        raise FormulaError(f"formula {formula[:40]!r}... is longer than {MAX_FORMULA_CHARS} characters")
    try:
        tree = ast.parse(formula.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"formula {formula!r} is not an expression: {exc.msg}") from None
    names = tuple(VARIABLES if variables is None else variables)
    _check(tree.body, formula, names)
    return tree.body


def _refuse(formula: str, why: str) -> FormulaError:
    return FormulaError(f"formula {formula!r} is outside the grammar: {why}")


def _check(node: ast.AST, formula: str, names: tuple[str, ...]) -> None:
    if isinstance(node, ast.Constant):
        if type(node.value) is not int:
            raise _refuse(formula, f"the constant {node.value!r} is not an integer")
    elif isinstance(node, ast.Name):
        if node.id not in names:
            raise _refuse(formula, f"the name {node.id!r} is not a variable ({', '.join(names)})")
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _BINOPS:
            raise _refuse(formula, f"the operator {type(node.op).__name__} is not allowed")
        _check(node.left, formula, names)
        _check(node.right, formula, names)
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, ast.USub | ast.Not):
            raise _refuse(formula, f"the unary operator {type(node.op).__name__} is not allowed")
        _check(node.operand, formula, names)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            _check(value, formula, names)
    elif isinstance(node, ast.Compare):
        _check(node.left, formula, names)
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                if not isinstance(right, ast.Set | ast.Tuple) or not all(
                        isinstance(e, ast.Constant) and type(e.value) is int for e in right.elts):
                    raise _refuse(formula, "'in' needs a literal set of integer constants, e.g. {0, 2}")
            elif type(op) in _CMPOPS:
                _check(right, formula, names)
            else:
                raise _refuse(formula, f"the comparison {type(op).__name__} is not allowed")
    elif isinstance(node, ast.IfExp):
        for part in (node.test, node.body, node.orelse):
            _check(part, formula, names)
    elif isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id == "G" and "n" not in names:
            raise _refuse(formula, "G(x) (the recursion) is a formula over n only")
        if not isinstance(node.func, ast.Name) or node.func.id not in (*_FUNCS, "G"):
            called = node.func.id if isinstance(node.func, ast.Name) else ast.unparse(node.func)
            raise _refuse(formula, f"the function {called!r} is not one of {', '.join(FUNCTIONS)}")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise _refuse(formula, "functions take plain positional arguments")
        want_many = node.func.id in ("min", "max")
        want = 2 if node.func.id in TWO_ARGUMENTS else 1
        if (len(node.args) < 2) if want_many else (len(node.args) != want):
            need = ("two or more arguments" if want_many else
                    "exactly two arguments" if want == 2 else "exactly one argument")
            raise _refuse(formula, f"{node.func.id} takes {need}")
        for arg in node.args:
            _check(arg, formula, names)
    else:
        raise _refuse(formula, f"{type(node).__name__} ({ast.unparse(node)!r}) is not allowed")


def check_formula(formula: str, *, variables: Collection[str] | None = None) -> None:
    """Raise :class:`~grundy.errors.InvalidInputError` (quoting ``formula``) if it is outside the grammar.

    >>> check_formula("popcount(n) % 2 == 0")
    >>> check_formula("n ** 2")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: formula 'n ** 2' is outside the grammar: the operator Pow is not allowed
    """
    parse(formula, variables)


def size(formula: str | ast.AST) -> int:
    """The number of nodes of a formula (constants, variables, operators, calls).

    >>> size("ctz(n) + 1"), size("n % 7 in {0, 2}")
    (4, 6)
    """
    node = parse(formula) if isinstance(formula, str) else formula
    count = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Set | ast.Tuple):
            continue
        if isinstance(sub, ast.expr):
            count += 1
        if isinstance(sub, ast.Compare):
            count += len(sub.ops) - 1
        if isinstance(sub, ast.BoolOp):
            count += len(sub.values) - 2
        if isinstance(sub, ast.Call):
            count -= 1  # the function's name
        if isinstance(sub, ast.UnaryOp) and isinstance(sub.op, ast.USub) and isinstance(
                sub.operand, ast.Constant):
            count -= 1  # a negative constant
    return count


# ---- exact evaluation --------------------------------------------------------------------------

Compiled = Callable[[Mapping[str, int]], int]


def _compile(node: ast.expr, own: list[Callable[[int], int]]) -> Compiled:
    """``node`` as a function of an environment; ``own[0]``: the formula's own value at a number
    (for ``G``), filled in by :func:`compiled`."""
    if isinstance(node, ast.IfExp):
        test, body, orelse = (_compile(part, own) for part in (node.test, node.body, node.orelse))
        return lambda env: body(env) if test(env) else orelse(env)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "G":
        where = _compile(node.args[0], own)

        def recurse(env: Mapping[str, int]) -> int:
            x, n = where(env), env["n"]
            if x < 0 or x >= n:
                raise FormulaError(f"G({x}) at n={n}: the recursion needs 0 <= x < n")
            return own[0](x)
        return recurse
    if isinstance(node, ast.Constant):
        value = _int(node)
        return lambda env: value
    if isinstance(node, ast.Name):
        name = node.id
        return lambda env: env[name]
    if isinstance(node, ast.BinOp):
        left, right, fn = _compile(node.left, own), _compile(node.right, own), _BINOPS[type(node.op)]
        if isinstance(node.op, ast.LShift):
            def shift(env: Mapping[str, int]) -> int:
                x, s = left(env), right(env)
                if s > MAX_SHIFT:
                    raise FormulaError(f"the shift {x} << {s} is too large")
                return fn(x, s)
            return shift
        return _pair(fn, node.left, node.right, left, right)
    if isinstance(node, ast.UnaryOp):
        inner = _compile(node.operand, own)
        if isinstance(node.op, ast.Not):
            return lambda env: not inner(env)
        return lambda env: -inner(env)
    if isinstance(node, ast.BoolOp):
        parts = [_compile(v, own) for v in node.values]
        if isinstance(node.op, ast.And):
            def all_of(env: Mapping[str, int]) -> int:
                result = 1
                for part in parts:
                    result = part(env)
                    if not result:
                        return result
                return result
            return all_of

        def any_of(env: Mapping[str, int]) -> int:
            result = 0
            for part in parts:
                result = part(env)
                if result:
                    return result
            return result
        return any_of
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMPOPS:
        return _pair(_CMPOPS[type(node.ops[0])], node.left, node.comparators[0],
                     _compile(node.left, own), _compile(node.comparators[0], own))
    if isinstance(node, ast.Compare):
        first = _compile(node.left, own)
        tests: list[Callable[[int, Mapping[str, int]], tuple[bool, int]]] = []
        for op, rhs in zip(node.ops, node.comparators, strict=True):
            tests.append(_compare_step(op, rhs, own))

        def compare(env: Mapping[str, int]) -> int:
            x = first(env)
            for test in tests:
                ok, x = test(x, env)
                if not ok:
                    return False
            return True
        return compare
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    func = _FUNCS[node.func.id]
    args = [_compile(a, own) for a in node.args]
    return lambda env: func(*(arg(env) for arg in args))


def _pair(fn: Callable[[int, int], int], a: ast.expr, b: ast.expr, left: Compiled,
          right: Compiled) -> Compiled:
    """``fn`` of the values of ``a`` and ``b`` (compiled: ``left`` and ``right``), a variable or a
    constant among them read in place: one call fewer each (a family's formula is evaluated per
    heap of a judge's input, 10^6 of them)."""
    if isinstance(a, ast.Name) and isinstance(b, ast.Constant):
        x, c = a.id, _int(b)
        return lambda env: fn(env[x], c)
    if isinstance(a, ast.Name) and isinstance(b, ast.Name):
        x, y = a.id, b.id
        return lambda env: fn(env[x], env[y])
    if isinstance(a, ast.Name):
        x = a.id
        return lambda env: fn(env[x], right(env))
    if isinstance(b, ast.Constant):
        c = _int(b)
        return lambda env: fn(left(env), c)
    return lambda env: fn(left(env), right(env))


def _compare_step(op: ast.cmpop, right: ast.expr,
                  own: list[Callable[[int], int]]) -> Callable[[int, Mapping[str, int]], tuple[bool, int]]:
    """One link of a comparison chain: ``(holds, the right operand's value)``."""
    if isinstance(op, ast.In | ast.NotIn):
        assert isinstance(right, ast.Set | ast.Tuple)
        members = frozenset(_int(e) for e in right.elts)
        want = isinstance(op, ast.In)
        return lambda x, env: ((x in members) == want, x)
    fn, value = _CMPOPS[type(op)], _compile(right, own)

    def step(x: int, env: Mapping[str, int]) -> tuple[bool, int]:
        y = value(env)
        return fn(x, y), y
    return step


def _int(node: ast.expr) -> int:
    """The value of a (checked) integer constant."""
    assert isinstance(node, ast.Constant) and type(node.value) is int
    return node.value


@functools.partial(kept, __name__ + ".compiled")
@functools.lru_cache(maxsize=256)
def compiled(formula: str, variables: tuple[str, ...] = VARIABLES) -> Compiled:
    """``formula`` checked and turned into a function of an environment ``{name: value}``.

    A recursive formula (``G(x)``) reads its own values through
    :func:`grundy.patterns.recursion.memoised`.
    """
    own: list[Callable[[int], int]] = []
    func = _compile(parse(formula, variables), own)
    own.append(memoised(func, formula))
    return func


def recursive(formula: str | ast.AST) -> bool:
    """Whether a formula calls ``G`` (its own value at a smaller number).

    >>> recursive("n // 2 if n % 2 == 0 else G(n // 2)"), recursive("n % 3")
    (True, False)
    """
    node = parse(formula) if isinstance(formula, str) else formula
    return any(isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "G"
               for sub in ast.walk(node))


def evaluate(formula: str, **variables: int) -> int:
    """The value of ``formula`` (exact, for integers of any size); booleans come out as 0 or 1.

    >>> evaluate("n // 2 + (n % 3 == 0)", n=9), evaluate("a == b", a=10**40, b=10**40)
    (5, 1)
    >>> evaluate("10 // n", n=0)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: formula '10 // n' is undefined at n=0: integer division or modulo by zero
    """
    for name, value in variables.items():
        if name not in VARIABLES or type(value) is not int:
            raise FormulaError(f"a formula's variables are integers named {', '.join(VARIABLES)}, "
                               f"got {name}={value!r}")
    func = compiled(formula)
    try:
        return int(func(variables))
    except KeyError as exc:
        raise FormulaError(f"formula {formula!r} needs a value for {exc.args[0]}") from None
    except RecursionError:
        raise FormulaError(f"formula {formula!r} recurses too deeply at "
                           f"{', '.join(f'{k}={v}' for k, v in variables.items())}") from None
    except (ZeroDivisionError, ValueError, OverflowError, MemoryError) as exc:
        at = ", ".join(f"{k}={v}" for k, v in variables.items())
        raise FormulaError(f"formula {formula!r} is undefined at {at}: {exc}") from None


# ---- vectorised evaluation (numpy int64, exact or refused) -------------------------------------

_BOUND = 1 << 31
"""Values kept by the search (so that every operation on two of them is exact in int64)."""


class Unsafe(Exception):
    """An int64 operation might overflow (fall back to exact evaluation) or is undefined."""


def vec_unary(name: str, x: np.ndarray) -> np.ndarray:
    """A function of the grammar on an int64 array with ``|x| < 2**62`` (raises :class:`Unsafe`)."""
    import numpy as np

    if name == "neg":
        return -x
    if name == "not":
        return (x == 0).astype(np.int64)
    if name == "abs":
        return np.abs(x)
    if len(x) and int(x.min()) < 0:
        raise Unsafe(f"{name} of a negative number")
    if name == "popcount":
        return np.bitwise_count(x).astype(np.int64)
    if name == "bit_length":
        return _bit_length(x)
    if name == "ctz":
        return _bit_length(x & -x) - 1
    if name == "cto":
        y = x + 1
        return _bit_length(y & -y) - 1
    if name == "isqrt":
        r = np.floor(np.sqrt(x.astype(np.float64))).astype(np.int64)
        for _ in range(2):
            r -= (r * r > x).astype(np.int64)
            r += ((r + 1) * (r + 1) <= x).astype(np.int64)
        return r
    raise AssertionError(name)


def _bit_length(x: np.ndarray) -> np.ndarray:
    import numpy as np

    e = np.frexp(x.astype(np.float64))[1].astype(np.int64)
    too_big = (e > 0) & (np.left_shift(np.int64(1), np.maximum(e - 1, 0)) > x)
    return e - too_big.astype(np.int64)


def vec_binary(op: str, x: np.ndarray, y: np.ndarray, bx: int, by: int) -> np.ndarray:
    """``x op y`` on int64 arrays bounded by ``bx`` and ``by``; raises :class:`Unsafe` if not exact."""
    import numpy as np

    if op in ("+", "-"):
        if max(bx, by) >= 1 << 62:
            raise Unsafe("overflow")
        return x + y if op == "+" else x - y
    if op == "*":
        if bx * by >= 1 << 63:
            raise Unsafe("overflow")
        return x * y
    if op in ("//", "%"):
        if not y.all():
            raise Unsafe("division by zero")
        if bx >= 1 << 62:
            raise Unsafe("overflow")
        return np.floor_divide(x, y) if op == "//" else np.mod(x, y)
    if op == "^":
        return x ^ y
    if op == "&":
        return x & y
    if op == "|":
        return x | y
    if op == "<<":
        if len(y) and int(y.min()) < 0:
            raise Unsafe("negative shift")
        if by >= 63 or bx << by >= 1 << 62:
            raise Unsafe("overflow")
        return np.left_shift(x, y)
    if op == ">>":
        if len(y) and int(y.min()) < 0:
            raise Unsafe("negative shift")
        return np.right_shift(x, np.minimum(y, 63))
    if op in ("min", "max"):
        return np.minimum(x, y) if op == "min" else np.maximum(x, y)
    compare = {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
               "==": np.equal, "!=": np.not_equal}
    if op in compare:
        return compare[op](x, y).astype(np.int64)
    if op == "and":
        return np.where(x != 0, y, x)
    if op == "or":
        return np.where(x != 0, x, y)
    raise AssertionError(op)


def _bound(x: np.ndarray) -> int:
    return int(abs(x).max()) if len(x) else 0


_AST_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%",
            ast.BitXor: "^", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>",
            ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


def vec_eval(node: ast.expr, env: Mapping[str, np.ndarray], length: int) -> np.ndarray:
    """A checked formula on arrays of int64 values (raises :class:`Unsafe` unless exact).

    ``env["G"]``, when present, is the table the recursion ``G(x)`` reads (the whole table, not
    a slice: ``G(x)`` is looked up there, where the recursion allows it). ``A if C else B`` evaluates
    each branch only on the points it answers (``G(lpf(n))`` only where ``lpf(n) < n``).
    """
    import numpy as np

    def go(node: ast.expr) -> np.ndarray:
        if isinstance(node, ast.IfExp):
            test = go(node.test) != 0
            if test.all() or not test.any():
                return go(node.body if test.all() else node.orelse)
            out = np.empty(length, dtype=np.int64)
            for branch, where in ((node.body, test), (node.orelse, ~test)):
                part = {k: v if k == "G" else v[where] for k, v in env.items()}
                out[where] = vec_eval(branch, part, int(where.sum()))
            return out
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in arith.SPECIAL:
            args = [go(a) for a in node.args]
            try:
                if any(_bound(a) >= 1 << 62 for a in args):
                    raise arith.TooLarge("overflow")
                return arith.vec_special(node.func.id, args, env.get("G"), env.get("n"))
            except arith.TooLarge as exc:
                raise Unsafe(str(exc)) from None
        if isinstance(node, ast.Constant):
            if abs(_int(node)) >= 1 << 62:
                raise Unsafe("big constant")
            return np.full(length, _int(node), dtype=np.int64)
        if isinstance(node, ast.Name):
            return env[node.id]
        if isinstance(node, ast.BinOp):
            x, y = go(node.left), go(node.right)
            return vec_binary(_AST_OPS[type(node.op)], x, y, _bound(x), _bound(y))
        if isinstance(node, ast.UnaryOp):
            return vec_unary("not" if isinstance(node.op, ast.Not) else "neg", go(node.operand))
        if isinstance(node, ast.BoolOp):
            result = go(node.values[0])
            for value in node.values[1:]:
                result = vec_binary("and" if isinstance(node.op, ast.And) else "or", result, go(value), 0, 0)
            return result
        if isinstance(node, ast.Compare):
            x = go(node.left)
            truth = np.ones(length, dtype=bool)
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.In | ast.NotIn):
                    assert isinstance(right, ast.Set | ast.Tuple)
                    members = [_int(e) for e in right.elts]
                    hit = np.isin(x, np.array(members, dtype=object).astype(np.int64)) if all(
                        abs(m) < 1 << 62 for m in members) else _raise_unsafe()
                    truth &= hit if isinstance(op, ast.In) else ~hit
                else:
                    y = go(right)
                    truth &= vec_binary(_AST_OPS[type(op)], x, y, 0, 0).astype(bool)
                    x = y
            return truth.astype(np.int64)
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        args = [go(a) for a in node.args]
        name = node.func.id
        if name in ("min", "max"):
            result = args[0]
            for arg in args[1:]:
                result = vec_binary(name, result, arg, 0, 0)
            return result
        if _bound(args[0]) >= 1 << 62:
            raise Unsafe("overflow")
        return vec_unary(name, args[0])

    return go(node)


def _raise_unsafe() -> np.ndarray:
    raise Unsafe("big constant")


def agrees(formula: str, expected: Callable[[int, int], bool], env: Mapping[str, np.ndarray],
           count: int, chunk: int = 1 << 16) -> bool:
    """Whether ``expected(i, value)`` holds for every point ``i < count`` of ``env``.

    Evaluated in int64 chunks where that is exact, else exactly (Python integers); a formula that
    is undefined at a point does not agree there. ``env["G"]`` (optional) is the table a recursive
    formula reads in the vectorised evaluation; the exact one follows the formula's own recursion
    (the same values wherever the formula agrees with the table below the point).
    """
    node = parse(formula)
    func = compiled(formula)
    names = [k for k in env if k != "G"]
    for start in range(0, count, chunk):
        stop = min(count, start + chunk)
        part = {k: v if k == "G" else v[start:stop] for k, v in env.items()}
        try:
            got = vec_eval(node, part, stop - start).tolist()
        except Unsafe:
            got = []
            for i in range(stop - start):
                try:
                    got.append(int(func({k: int(part[k][i]) for k in names})))
                except (FormulaError, ArithmeticError, ValueError, RecursionError):
                    return False
        if not all(expected(start + i, g) for i, g in enumerate(got)):
            return False
    return True
