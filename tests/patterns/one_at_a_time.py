"""The formula search of :mod:`grundy.patterns.synthesis` as it was first written: one
expression at a time (a numpy operation, a ``tobytes`` key and a dict look-up each). Kept here,
unchanged, as the reference the batched search must reproduce exactly: the same steps, the same
expressions kept, the same formulas in the same order (``tests/patterns/test_synthesis_batches.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grundy.patterns.formulas import Unsafe, vec_binary, vec_unary
from grundy.patterns.record import SEARCH_STEPS

if TYPE_CHECKING:
    import numpy as np

_BOUND = 1 << 31
"""Values the search keeps (so that every operation on two of them is exact in int64)."""

_PREC = {"or": 1, "and": 2, "not": 3, "cmp": 4, "|": 5, "^": 6, "&": 7, "<<": 8, ">>": 8, "+": 9,
         "-": 9, "*": 10, "//": 10, "%": 10, "neg": 11, "atom": 12}
_COMMUTATIVE = {"+", "*", "^", "&", "|", "min", "max", "==", "!=", "and", "or"}
_COMPARISONS = ("<", "<=", "==", "!=")
_UNARY = ("neg", "not", "abs", "popcount", "ctz", "cto", "bit_length", "isqrt")
_BINARY = ("+", "-", "*", "//", "%", "^", "&", "|", "<<", ">>", "min", "max", *_COMPARISONS)
_NEVER_UNSAFE = frozenset({"^", "&", "|", "min", "max", *_COMPARISONS})
"""Operations :func:`~grundy.patterns.formulas.vec_binary` computes for any operands (no bound
or value makes them refuse), so a level's worth of them is one vector operation."""


@dataclass(frozen=True)
class _Expr:
    text: str
    prec: int
    size: int
    values: Any  # np.ndarray
    bound: int
    boolean: bool
    const: bool = False


def _wrap(e: _Expr, need: int) -> str:
    return e.text if e.prec >= need else f"({e.text})"


def _binary_text(op: str, x: _Expr, y: _Expr) -> tuple[str, int]:
    if op in ("min", "max"):
        return f"{op}({x.text}, {y.text})", _PREC["atom"]
    if op in _COMPARISONS:
        prec = _PREC["cmp"]
        return f"{_wrap(x, prec + 1)} {op} {_wrap(y, prec + 1)}", prec
    prec = _PREC[op]
    need = max(prec, _PREC["neg"]) if op in ("^", "&", "|", "<<", ">>") else prec  # clarity
    return f"{_wrap(x, need)} {op} {_wrap(y, max(need, prec + 1))}", prec


def _unary_text(fn: str, e: _Expr) -> tuple[str, int]:
    if fn == "neg":
        return f"-{_wrap(e, _PREC['neg'])}", _PREC["neg"]
    if fn == "not":
        return f"not {_wrap(e, _PREC['not'])}", _PREC["not"]
    return f"{fn}({e.text})", _PREC["atom"]


def _constant(c: int, length: int) -> _Expr:
    import numpy as np

    return _Expr(str(c), _PREC["atom"] if c >= 0 else _PREC["neg"], 1,
                 np.full(length, c, dtype=np.int64), abs(c), False, True)


class _Exhausted(Exception):
    pass


class _Search:
    """The state of one bottom-up search: the expressions kept, by size and by their values on
    the prefix (the first, smallest, of each), the formulas found and the steps left."""

    def __init__(self, target: np.ndarray, boolean: bool, steps: int) -> None:
        import numpy as np

        self.boolean = boolean
        self.steps = steps
        self.length = len(target)
        self.goal = (target != 0) if boolean else np.asarray(target, dtype=np.int64)
        self.goal_key = self.goal.astype(bool if boolean else np.int64).tobytes()
        self.seen: dict[bytes, _Expr] = {}
        self.levels: dict[int, list[_Expr]] = {1: []}
        self.emitted: set[str] = set()
        self.found: list[tuple[str, int]] = []
        self.minimum, self.maximum = np.minimum.reduce, np.maximum.reduce  # (the ufuncs: no wrapper per call)

    def tick(self) -> None:
        """One step of the budget (an expression built); past the last, :class:`_Exhausted`."""
        self.steps -= 1
        if self.steps < 0:
            raise _Exhausted

    def hit(self, values: np.ndarray, key: bytes | None = None) -> bool:
        """Whether ``values`` are the target (``key``: their bytes, when at hand and int64)."""
        import numpy as np

        if self.boolean:
            return (values != 0).tobytes() == self.goal_key
        if key is not None and values.dtype == np.int64:
            return key == self.goal_key
        return bool(np.array_equal(values, self.goal))

    def emit(self, text: str, s: int) -> None:
        """A formula found, of size ``s`` (each text once)."""
        if text not in self.emitted:
            self.emitted.add(text)
            self.found.append((text, s))

    def admit(self, values: np.ndarray, low: int | None = None,
              high: int | None = None) -> tuple[int, bytes] | None:
        """One step: ``(bound, key)`` of values worth keeping, or ``None`` — too big for exact
        int64 work, a constant (constants stay leaves), or values an expression has already
        (``low``, ``high``: their least and greatest, when known)."""
        self.steps -= 1  # (the step of :meth:`tick`, written inline: one call per expression)
        if self.steps < 0:
            raise _Exhausted
        if self.length:
            if low is None or high is None:
                low, high = int(self.minimum(values)), int(self.maximum(values))
            bound = max(high, -low)
            if bound >= _BOUND or (self.length > 1 and low == high):
                return None
        else:
            bound = 0
        key = values.tobytes()
        return None if key in self.seen else (bound, key)

    def add(self, values: np.ndarray, admitted: tuple[int, bytes], text: str, prec: int, s: int,
            is_bool: bool) -> None:
        """Keep an admitted expression (and emit it if it is the target)."""
        bound, key = admitted
        e = _Expr(text, prec, s, values, bound, is_bool)
        self.seen[key] = e
        self.levels.setdefault(s, []).append(e)
        if self.hit(values, key):
            self.emit(text, s)

    def leaves(self, env: Mapping[str, np.ndarray], constants: Collection[int]) -> None:
        """The expressions of size 1: the variables, then the small constants and ``constants``."""
        import numpy as np

        for name, raw in env.items():
            values = np.asarray(raw, dtype=np.int64)
            admitted = self.admit(values)
            if admitted is not None:
                self.add(values, admitted, name, _PREC["atom"], 1, False)
        for c in sorted({c for c in (0, 1, 2, 3, 4, 5, *constants) if abs(c) < _BOUND}):
            e = _constant(c, self.length)
            self.levels[1].append(e)
            if self.hit(e.values):
                self.emit(e.text, 1)

    def binary(self, op: str, i: int, j: int, s: int) -> None:
        """Every ``x op y`` of size ``s``, ``x`` of size ``i`` and ``y`` of size ``j``."""
        _combine(op, self.levels.get(i, []), self.levels.get(j, []), i == j, s, self.admit, self.add,
                 self.tick)

    def unary(self, s: int) -> None:
        """Every function of an expression of size ``s - 1`` (``not`` only of a truth value)."""
        for e in self.levels.get(s - 1, []):
            if e.const:
                continue
            for fn in ("not",) if e.boolean else _UNARY:
                try:
                    values = vec_unary(fn, e.values)
                except Unsafe:
                    self.tick()
                    continue
                admitted = self.admit(values)
                if admitted is not None:
                    text, prec = _unary_text(fn, e)
                    self.add(values, admitted, text, prec, s, fn == "not")

    def drain(self, by_size: bool = False) -> list[tuple[str, int]]:
        """The formulas found since the last call (``by_size``: smallest first)."""
        out = sorted(self.found, key=lambda t: t[1]) if by_size else list(self.found)
        self.found.clear()
        return out


def _splits(s: int) -> list[tuple[int, int]]:
    """The sizes ``(i, j)`` of the two operands of a binary expression of size ``s``, the most
    even first."""
    return sorted(((i, s - 1 - i) for i in range(1, s - 1)), key=lambda t: (abs(t[0] - t[1]), -t[0]))


def candidates(env: Mapping[str, np.ndarray], target: np.ndarray, *, boolean: bool = False,
               constants: Collection[int] = (), max_size: int = 9,
               steps: int = SEARCH_STEPS) -> Iterator[tuple[str | None, int]]:
    """``(formula, size)`` agreeing with ``target`` on the prefix; ``(None, s)`` when sizes ``<= s`` are done.

    ``env`` maps each variable to its values on the prefix; ``boolean`` compares truth values only.
    ``steps`` bounds the expressions built (each costs one vector operation on the prefix).
    """
    search = _Search(target, boolean, steps)
    search.leaves(env, constants)
    yield from search.drain()
    yield None, 1
    binary = [*_BINARY, "and", "or"] if boolean else list(_BINARY)
    try:
        for s in range(2, max_size + 1):
            for i, j in _splits(s):
                for op in binary:
                    if op not in _COMMUTATIVE or i >= j:
                        search.binary(op, i, j, s)
                yield from search.drain()
            search.unary(s)
            if not boolean:
                _meet_in_the_middle(search.levels.get(s - 1, []), search.seen, search.goal, search.emit)
            yield from search.drain(by_size=True)
            yield None, s
    except _Exhausted:
        yield from search.drain(by_size=True)


def _combine(op: str, left: list[_Expr], right: list[_Expr], same: bool, s: int,
             admit: Callable[..., tuple[int, bytes] | None],
             add: Callable[[np.ndarray, tuple[int, bytes], str, int, int, bool], None],
             tick: Callable[[], None]) -> None:
    const_right = op in ("//", "%", ">>")
    stacked = None
    if op in _NEVER_UNSAFE and right:  # x op y for every y of the level in one operation
        import numpy as np

        stacked = np.stack([y.values for y in right])
    for ix, x in enumerate(left):
        if x.const and (const_right or op in ("and", "or")):
            continue
        if op in ("and", "or") and not x.boolean:
            continue
        rows = None
        for iy, y in enumerate(right):
            if same and op in _COMMUTATIVE and iy < ix:
                continue
            if (x.const and y.const) or (const_right and not y.const):
                continue
            if op in ("and", "or"):
                if not y.boolean:
                    continue
            if stacked is not None:
                if rows is None:
                    rows = vec_binary(op, x.values[None, :], stacked, x.bound, 0)
                    lows, highs = rows.min(axis=1).tolist(), rows.max(axis=1).tolist()
                values = rows[iy]
                admitted = admit(values, lows[iy], highs[iy])
            else:
                try:
                    values = vec_binary(op, x.values, y.values, x.bound, y.bound)
                except Unsafe:
                    tick()
                    continue
                admitted = admit(values)
            if admitted is None:
                continue  # (its text is never built)
            if rows is not None:
                values = values.copy()  # (a row of its own, not a view keeping the others)
            if op in ("and", "or"):
                prec = _PREC[op]
                text = f"{_wrap(x, prec)} {op} {_wrap(y, prec + 1)}"
            else:
                text, prec = _binary_text(op, x, y)
            add(values, admitted, text, prec, s, op in _COMPARISONS or op in ("and", "or"))


def _meet_in_the_middle(new: list[_Expr], seen: dict[bytes, _Expr], goal: np.ndarray,
                        emit: Callable[[str, int], None]) -> None:
    """``x op y == goal`` with ``x`` new and ``y`` any kept expression or constant, for ``+ - ^``."""
    for x in new:
        if x.const:
            continue
        for op, need, x_left in (("+", goal - x.values, True), ("-", x.values - goal, True),
                                 ("-", goal + x.values, False), ("^", goal ^ x.values, True)):
            y = seen.get(need.tobytes())
            if y is None and len(need) and (need == need[0]).all() and abs(int(need[0])) < _BOUND:
                y = _constant(int(need[0]), len(need))
            if y is None or y.size > x.size or (y.const and op == "^" and y.text == "0"):
                continue
            text, _ = _binary_text(op, x, y) if x_left else _binary_text(op, y, x)
            emit(text, x.size + y.size + 1)
