"""Search for the shortest formula of :mod:`grundy.patterns.formulas` that reproduces a table.

Bottom-up enumeration by size, as in program synthesis: every expression of size ``s`` is built
from smaller ones, and two expressions with the same values on the prefix (observational
equivalence) are kept once, the first (smallest) one. A meet-in-the-middle step finds ``L op R``
for ``op`` in ``+ - ^`` at once from the two halves (``R = target - L`` and so on), so that
``(a % 3) ^ (b % 3)`` costs no more than its halves. The search is bounded by a size cap and a
number of steps (expressions built), never by time, so its result does not depend on the load of
the machine; its candidates agree with the target on the prefix only, and
:func:`shortest_formula` confirms them on the whole table.

The expressions are built in batches: all ``x op y`` of one operation and two sizes are one
matrix operation (rows: expressions, columns: the prefix), and only the expressions kept get a
text, when one is asked for. The order is that of a loop over ``x`` then ``y``, so the steps,
the expressions kept and the formulas found are those of building them one at a time.

>>> import numpy as np
>>> n = np.arange(64, dtype=np.int64)
>>> shortest_formula({"n": n}, lambda i, v: v == i % 3, n % 3, total=64)
'n % 3'
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from grundy.patterns.expressions import BINARY as _BINARY
from grundy.patterns.expressions import COMMUTATIVE as _COMMUTATIVE
from grundy.patterns.expressions import COMPARISONS as _COMPARISONS
from grundy.patterns.expressions import LEAF_CONSTANTS as _LEAF_CONSTANTS
from grundy.patterns.expressions import MEET as _MEET
from grundy.patterns.expressions import NATURAL as _NATURAL
from grundy.patterns.expressions import PREC as _PREC
from grundy.patterns.expressions import UNARY as _UNARY
from grundy.patterns.expressions import Text
from grundy.patterns.expressions import binary_text as _binary_text
from grundy.patterns.expressions import constant_text as _constant_text
from grundy.patterns.expressions import unary_text as _unary_text
from grundy.patterns.formulas import agrees, size, vec_binary, vec_unary
from grundy.patterns.record import SEARCH_STEPS

if TYPE_CHECKING:
    import numpy as np

_BOUND = 1 << 31
"""Values the search keeps (so that every operation on two of them is exact in int64: a sum,
difference or product of two kept values never needs :class:`~grundy.patterns.formulas.Unsafe`)."""

_WIDTHS = (1 << 7, 1 << 15, 1 << 31)
_DTYPES = ("int8", "int16", "int32", "int64")
"""The widths of :meth:`_Search.keys`: a row of values below ``_WIDTHS[w]`` in absolute value
is written in ``_DTYPES[w]``."""
_BATCH = 4096
"""Expressions built in one matrix operation (bounds the memory of a batch)."""
_SMALL = 512
"""Expressions of several small operations gathered into one batch before they are kept (a
batch costs a few dozen numpy calls, whatever its size)."""

Ref = tuple[int, int]
"""An expression kept: its size and its place among the kept expressions of that size."""
Node = tuple[Any, ...]
"""How an expression was built: ``("leaf", text, precedence)``, ``("unary", function, operand)``
or ``("binary", operation, left, right)`` (operands as :data:`Ref`)."""
class _Exhausted(Exception):
    pass


class _Level:
    """The expressions of one size kept so far: their values (one row each), least and greatest
    values, whether each is a truth value or a constant, and how each was built (for its text)."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.blocks: list[tuple[Any, ...]] = []  # (values, low, high, boolean, const) of each batch
        self.starts: list[int] = []  # where each batch's expressions begin
        self.builds: list[Callable[[int], Node]] = []  # how each batch's expressions were built
        self.count = 0
        self._rows: tuple[Any, ...] | None = None

    def add(self, values: np.ndarray, low: np.ndarray, high: np.ndarray, boolean: np.ndarray,
            const: np.ndarray, build: Callable[[int], Node]) -> None:
        """A batch of expressions kept; ``build(t)``: how its ``t``-th one was built."""
        self.blocks.append((values, low, high, boolean, const))
        self.starts.append(self.count)
        self.builds.append(build)
        self.count += len(values)
        self._rows = None

    def nodes(self) -> list[Node]:
        """How each expression was built, in order (:meth:`node` of every index)."""
        ends = [*self.starts[1:], self.count]
        return [n for build, a, b in zip(self.builds, self.starts, ends, strict=True)
                for n in _batch_nodes(build, b - a)]

    def node(self, index: int) -> Node:
        """How the expression at ``index`` was built."""
        b = bisect.bisect_right(self.starts, index) - 1
        return self.builds[b](index - self.starts[b])

    def rows(self) -> tuple[Any, ...]:
        """``(values, low, high, bound, boolean, const)``, one entry per expression, in order."""
        if self._rows is None:
            import numpy as np

            empty = np.zeros(0, dtype=np.int64)
            parts = self.blocks or [(np.zeros((0, self.length), dtype=np.int64), empty, empty,
                                     empty.astype(bool), empty.astype(bool))]
            values, low, high, boolean, const = (np.concatenate(part) for part in zip(*parts, strict=True))
            self.blocks = [(values, low, high, boolean, const)]  # (one copy of the values, not two)
            self._rows = (values, low, high, np.maximum(high, -low), boolean, const)
        return self._rows


class _Search:
    """The state of one bottom-up search: the expressions kept, by size and by their values on
    the prefix (the first, smallest, of each), the formulas found and the steps left."""

    def __init__(self, target: np.ndarray, boolean: bool, steps: int,
                 log: list[tuple[Any, ...]] | None = None) -> None:
        import numpy as np

        self.log = log
        """What the search did, in order, for :mod:`grundy.patterns.space` (``None``: not kept):
        ``("keep", s, a, b)`` kept the expressions ``a..b-1`` of size ``s``, ``("const", c)`` a
        constant leaf, ``("drain", by_size)``, ``("meet", s)`` and ``("mark", s)`` (``(None, s)``)."""
        self.boolean = boolean
        self.steps = steps
        self.length = len(target)
        self.goal = (np.asarray(target) != 0) if boolean else np.asarray(target, dtype=np.int64)
        goal = self.goal[None, :]
        self.goal_key = b"" if boolean else self.keys(goal, _bounds(goal))[0]
        self.seen: dict[bytes, Ref] = {}
        self.levels: dict[int, _Level] = {}
        self.texts: dict[Ref, Text] = {}
        self.emitted: set[str] = set()
        self.found: list[tuple[str, int]] = []

    # ---- the budget, the texts, the formulas found --------------------------------------------

    def take(self, count: int) -> int:
        """How many of ``count`` expressions about to be built (one step each) the budget allows."""
        allowed = max(0, min(count, self.steps))
        self.steps -= allowed
        return allowed

    def text(self, ref: Ref) -> Text:
        """The expression kept at ``ref``, written out (built from its parts' texts, once)."""
        got = self.texts.get(ref)
        if got is None:
            node = self.levels[ref[0]].node(ref[1])
            if node[0] == "leaf":
                got = node[1], node[2]
            elif node[0] == "unary":
                got = _unary_text(node[1], self.text(node[2]))
            else:
                got = _binary_text(node[1], self.text(node[2]), self.text(node[3]))
            self.texts[ref] = got
        return got

    def mark(self, s: int) -> tuple[None, int]:
        """``(None, s)``: the sizes up to ``s`` are done."""
        if self.log is not None:
            self.log.append(("mark", s))
        return None, s

    def emit(self, text: str, s: int) -> None:
        """A formula found, of size ``s`` (each text once)."""
        if text not in self.emitted:
            self.emitted.add(text)
            self.found.append((text, s))

    def drain(self, by_size: bool = False) -> list[tuple[str, int]]:
        """The formulas found since the last call (``by_size``: smallest first)."""
        if self.log is not None:
            self.log.append(("drain", by_size))
        out = sorted(self.found, key=lambda t: t[1]) if by_size else list(self.found)
        self.found.clear()
        return out

    # ---- keeping expressions ------------------------------------------------------------------

    def keys(self, rows: np.ndarray, bound: np.ndarray) -> list[bytes]:
        """The values of each row as bytes (what two expressions with the same values share), in
        the narrowest of int8, int16, int32 that holds the row (``bound``: its largest absolute
        value; int64 above): short keys hash fast, and rows of different widths differ."""
        import numpy as np

        if not self.length:
            return [b""] * len(rows)
        if not len(rows):
            return []
        width = np.searchsorted(_WIDTHS, bound, side="right")
        narrow, wide = int(width.min()), int(width.max())
        if narrow == wide:
            return _row_bytes(rows, narrow)
        out: list[bytes] = [b""] * len(rows)
        for w in range(narrow, wide + 1):
            chosen = width == w
            for place, key in zip(np.flatnonzero(chosen).tolist(), _row_bytes(rows[chosen], w), strict=True):
                out[place] = key
        return out

    def keep(self, rows: np.ndarray, s: int, boolean: np.ndarray,
             node: Callable[[int], Node]) -> None:
        """Keep, in order, the rows (expressions of size ``s`` already paid for) worth keeping:
        exact in int64, not constant (constants stay leaves), values no expression has yet; and
        emit those that are the target. ``node(k)``: how row ``k`` was built (asked only for
        the text of a formula found)."""
        import numpy as np

        if self.length:
            low, high = rows.min(axis=1), rows.max(axis=1)
            fit = (np.maximum(high, -low) < _BOUND) & (low > -_BOUND)  # (-low wraps at the least int64)
            if self.length > 1:
                fit &= low != high
        else:
            low = high = np.zeros(len(rows), dtype=np.int64)
            fit = np.ones(len(rows), dtype=bool)
        fresh = np.flatnonzero(fit)
        level = self.levels.setdefault(s, _Level(self.length))
        seen, base = self.seen, level.count
        if len(fresh) == len(rows):  # (all of them: no copy)
            keys = self.keys(rows, np.maximum(high, -low))
        else:
            keys = self.keys(rows[fresh], np.maximum(high[fresh], -low[fresh]))
        first = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1), strict=True))  # each key's first place
        places = sorted(first[key] for key in first.keys() - seen.keys())
        if not places:
            return
        seen.update(zip([keys[p] for p in places], [(s, base + t) for t in range(len(places))], strict=True))
        if self.log is not None:
            self.log.append(("keep", s, base, base + len(places)))
        kept = fresh[places]
        values = rows[kept]
        level.add(values, low[kept], high[kept], boolean[kept], np.zeros(len(kept), dtype=bool),
                  functools.partial(_through, node, kept))
        if self.boolean:
            hits = np.flatnonzero(((values != 0) == self.goal).all(axis=1)).tolist()
        else:
            ref = seen.get(self.goal_key)
            hits = [ref[1] - base] if ref is not None and ref[0] == s and ref[1] >= base else []
        for h in hits:
            self.emit(self.text((s, base + h))[0], s)

    def leaves(self, env: Mapping[str, np.ndarray], constants: Collection[int]) -> None:
        """The expressions of size 1: the variables, then the small constants and ``constants``."""
        import numpy as np

        for name, raw in env.items():
            values = np.asarray(raw, dtype=np.int64).reshape(1, -1)
            if not self.take(1):
                raise _Exhausted
            self.keep(values, 1, np.zeros(1, dtype=bool), functools.partial(_leaf, (name, _PREC["atom"])))
        level = self.levels.setdefault(1, _Level(self.length))
        for c in sorted({c for c in (*_LEAF_CONSTANTS, *constants) if abs(c) < _BOUND}):
            values = np.full((1, self.length), c, dtype=np.int64)
            level.add(values, np.array([c]), np.array([c]), np.zeros(1, dtype=bool), np.ones(1, dtype=bool),
                      functools.partial(_leaf, _constant_text(c)))
            if self.log is not None:
                self.log.append(("const", c))
            if np.array_equal(values[0] != 0 if self.boolean else values[0], self.goal):
                self.emit(str(c), 1)

    # ---- building expressions -----------------------------------------------------------------

    def binary(self, ops: list[str], i: int, j: int, s: int) -> None:
        """Every ``x op y`` of size ``s``, ``x`` of size ``i`` and ``y`` of size ``j``, in the
        order of a loop over the operations, then ``x``, then ``y``; kept a few thousand at a time
        (one batch may hold several operations)."""
        if i not in self.levels or j not in self.levels:
            return
        left, right = self.levels[i].rows(), self.levels[j].rows()
        waiting: list[tuple[str, np.ndarray, np.ndarray, np.ndarray]] = []
        count = 0
        for op in ops:
            for ix, iy in _pairs(op, left, right, i == j):
                allowed = self.take(len(ix))
                for start in range(0, allowed, _BATCH):
                    part = self._built(op, (i, ix[start:allowed][:_BATCH]), (j, iy[start:allowed][:_BATCH]))
                    if len(part[1]) >= _SMALL:  # (a large part alone: no copy into a batch)
                        self._keep_built(waiting, i, j, s)
                        self._keep_built([part], i, j, s)
                        waiting, count = [], 0
                        continue
                    waiting.append(part)
                    count += len(part[1])
                    if count >= _SMALL:
                        self._keep_built(waiting, i, j, s)
                        waiting, count = [], 0
                if allowed < len(ix):
                    self._keep_built(waiting, i, j, s)
                    raise _Exhausted
        self._keep_built(waiting, i, j, s)

    def _built(self, op: str, left: tuple[int, np.ndarray],
               right: tuple[int, np.ndarray]) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
        """``(op, x, y, values)``: the ``x op y`` that are defined (each has cost its step)."""
        import numpy as np

        (i, ix), (j, iy) = left, right
        xv, _, _, xb, _, _ = self.levels[i].rows()
        yv, ylow, _, yb, _, _ = self.levels[j].rows()
        safe = None  # (what vec_binary refuses; + - * never, on kept values)
        if op in ("//", "%"):
            safe = yv[iy].all(axis=1)
        elif op == ">>" and self.length:
            safe = ylow[iy] >= 0
        elif op == "<<":
            by = yb[iy]
            safe = (by < 63) & (xb[ix] < np.left_shift(1, 62 - np.minimum(by, 62)))
            if self.length:
                safe &= ylow[iy] >= 0
        if safe is not None:
            ix, iy = ix[safe], iy[safe]
        rows = vec_binary(op, xv[ix], yv[iy], 0, 0) if self.length else np.zeros((len(ix), 0), dtype=np.int64)
        return op, ix, iy, rows

    def _keep_built(self, built: list[tuple[str, np.ndarray, np.ndarray, np.ndarray]], i: int, j: int,
                    s: int) -> None:
        import numpy as np

        if not built:
            return
        ops = tuple(op for op, _, _, _ in built)
        which = np.repeat(np.arange(len(built)), [len(x) for _, x, _, _ in built])
        truth = np.array([op in _COMPARISONS or op in ("and", "or") for op in ops])
        if len(built) == 1:
            _, ix, iy, rows = built[0]
        else:
            ix, iy, rows = (np.concatenate(part) for part in zip(*(b[1:] for b in built), strict=True))
        self.keep(rows, s, truth[which], functools.partial(_binary_node, ops, which, (i, ix), (j, iy)))

    def unary(self, s: int) -> None:
        """Every function of an expression of size ``s - 1`` (``not`` only of a truth value), in
        the order of a loop over the expressions then the functions."""
        import numpy as np

        if s - 1 not in self.levels:
            return
        values, low, _, _, boolean, const = self.levels[s - 1].rows()
        each = np.flatnonzero(~const)
        counts = np.where(boolean[each], 1, len(_UNARY))
        at = np.repeat(each, counts)
        within = np.arange(len(at)) - np.repeat(np.cumsum(counts) - counts, counts)
        fn = np.where(boolean[at], _UNARY.index("not"), within)
        allowed = self.take(len(at))
        natural = np.array([name in _NATURAL for name in _UNARY])
        for start in range(0, allowed, _BATCH):
            part_at, part_fn = at[start:allowed][:_BATCH], fn[start:allowed][:_BATCH]
            if self.length:
                safe = ~(natural[part_fn] & (low[part_at] < 0))
                part_at, part_fn = part_at[safe], part_fn[safe]
            rows = np.empty((len(part_at), self.length), dtype=np.int64)
            present = np.flatnonzero(np.bincount(part_fn, minlength=len(_UNARY))).tolist()
            for f in present if self.length else ():
                chosen = part_fn == f
                rows[chosen] = vec_unary(_UNARY[f], values[part_at[chosen]])
            self.keep(rows, s, part_fn == _UNARY.index("not"),
                      functools.partial(_unary_node, s - 1, part_at, part_fn))
        if allowed < len(at):
            raise _Exhausted

    def meet_in_the_middle(self, s: int) -> None:
        """``x op y == goal`` with ``x`` of size ``s`` and ``y`` any kept expression (no larger)
        or a constant, for ``+ - ^``, in the order of a loop over ``x`` then the operations."""
        import numpy as np

        if s not in self.levels:
            return
        if self.log is not None:
            self.log.append(("meet", s))
        values, _, _, _, _, const = self.levels[s].rows()
        each = np.flatnonzero(~const)
        x, goal = values[each], self.goal
        hits: list[tuple[int, int, Ref | None, int]] = []  # (x, which way, y, or the constant y)
        for way, need in enumerate((goal - x, x - goal, goal + x, goal ^ x)):
            found = [self.seen.get(key) for key in self.keys(need, _bounds(need))]
            flat = np.zeros(len(need), dtype=bool)
            if self.length:
                flat = (need == need[:, :1]).all(axis=1) & (need[:, 0] > -_BOUND) & (need[:, 0] < _BOUND)
            for k in np.flatnonzero(flat | np.array([f is not None for f in found], dtype=bool)).tolist():
                hits.append((k, way, found[k], int(need[k, 0]) if flat[k] else 0))
        for k, way, y, constant in sorted(hits, key=lambda h: (h[0], h[1])):
            self._meet(_MEET[way], (s, int(each[k])), y, constant)

    def _meet(self, way: tuple[str, bool], x: Ref, y: Ref | None, constant: int) -> None:
        op, x_left = way
        if y is None:
            if op == "^" and constant == 0:
                return
            y_text, y_size = _constant_text(constant), 1
        else:
            y_text, y_size = self.text(y), y[0]
        if y_size > x[0]:
            return
        x_text = self.text(x)
        text, _ = _binary_text(op, x_text, y_text) if x_left else _binary_text(op, y_text, x_text)
        self.emit(text, x[0] + y_size + 1)


def _bounds(rows: np.ndarray) -> np.ndarray:
    """The largest absolute value of each row, as :meth:`_Search.keys` needs it (``_BOUND`` for
    a row reaching ``-2**31`` or below: the least int64 is its own absolute value)."""
    import numpy as np

    if not rows.shape[1]:
        return np.zeros(len(rows), dtype=np.int64)
    low, high = rows.min(axis=1), rows.max(axis=1)
    return np.where(low > -_BOUND, np.maximum(high, -low), _BOUND)


def _through(node: Callable[[int], Node], kept: np.ndarray, t: int) -> Node:
    return node(int(kept[t]))


def _batch_nodes(build: Callable[[int], Node], count: int) -> list[Node]:
    """``[build(t) for t in range(count)]`` for one batch of a :class:`_Level`, the kept
    expressions of a batch of ``x op y`` or of functions at once (the builds are this module's)."""
    if not isinstance(build, functools.partial) or build.func is not _through:
        return [build(t) for t in range(count)]
    node, kept = build.args
    func, args = node.func, node.args
    ks = kept[:count]
    if func is _binary_node:
        ops, which, (i, ix), (j, iy) = args
        return [("binary", ops[w], (i, x), (j, y)) for w, x, y in
                zip(which[ks].tolist(), ix[ks].tolist(), iy[ks].tolist(), strict=True)]
    if func is _unary_node:
        size, at, fn = args
        return [("unary", _UNARY[f], (size, a))
                for a, f in zip(at[ks].tolist(), fn[ks].tolist(), strict=True)]
    return [build(t) for t in range(count)]


def _leaf(text: Text, k: int) -> Node:
    return "leaf", *text


def _unary_node(s: int, at: np.ndarray, fn: np.ndarray, k: int) -> Node:
    return "unary", _UNARY[int(fn[k])], (s, int(at[k]))


def _binary_node(ops: tuple[str, ...], which: np.ndarray, left: tuple[int, np.ndarray],
                 right: tuple[int, np.ndarray], k: int) -> Node:
    return "binary", ops[int(which[k])], (left[0], int(left[1][k])), (right[0], int(right[1][k]))


def _row_bytes(rows: np.ndarray, width: int) -> list[bytes]:
    """Each row's values as bytes, written in ``_DTYPES[width]``."""
    import numpy as np

    dtype = np.dtype(_DTYPES[width])
    flat = np.ascontiguousarray(rows, dtype=dtype).view(np.dtype((np.void, rows.shape[1] * dtype.itemsize)))
    keys: list[Any] = flat.ravel().tolist()  # (a void array lists bytes)
    return keys


def _pairs(op: str, left: tuple[Any, ...], right: tuple[Any, ...],
           same: bool) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The operands ``(x, y)`` of ``x op y`` worth building, as index arrays in the order of a
    loop over ``x`` then ``y``, a few rows of ``x`` at a time: a constant only on the right of
    ``// % >>`` (and always there), never two constants, truth values only for ``and``/``or``,
    and each unordered pair once for a commutative operation on one size."""
    import numpy as np

    _, _, _, _, x_bool, x_const = left
    _, _, _, _, y_bool, y_const = right
    const_right, logic = op in ("//", "%", ">>"), op in ("and", "or")
    x_ok = ~(x_const & (const_right or logic))
    y_ok = y_const.copy() if const_right else np.ones(len(y_const), dtype=bool)
    if logic:
        x_ok &= x_bool
        y_ok &= y_bool
    rows = max(1, _BATCH // max(1, len(y_ok)))
    columns = np.arange(len(y_ok))
    for start in range(0, len(x_ok), rows):
        stop = min(len(x_ok), start + rows)
        grid = x_ok[start:stop, None] & y_ok[None, :] & ~(x_const[start:stop, None] & y_const[None, :])
        if same and op in _COMMUTATIVE:
            grid &= columns[None, :] >= np.arange(start, stop)[:, None]
        ix, iy = np.nonzero(grid)
        if len(ix):
            yield ix + start, iy


def _splits(s: int) -> list[tuple[int, int]]:
    """The sizes ``(i, j)`` of the two operands of a binary expression of size ``s``, the most
    even first."""
    return sorted(((i, s - 1 - i) for i in range(1, s - 1)), key=lambda t: (abs(t[0] - t[1]), -t[0]))


def candidates(env: Mapping[str, np.ndarray], target: np.ndarray, *, boolean: bool = False,
               constants: Collection[int] = (), max_size: int = 9,
               steps: int = SEARCH_STEPS) -> Iterator[tuple[str | None, int]]:
    """``(formula, size)`` agreeing with ``target`` on the prefix; ``(None, s)`` when sizes ``<= s`` are done.

    ``env`` maps each variable to its values on the prefix; ``boolean`` compares truth values only.
    ``steps`` bounds the expressions built (each one step, whether kept or not).
    """
    length = _counting(env)
    if length is None:
        return run(_Search(target, boolean, steps), env, boolean=boolean, constants=constants,
                   max_size=max_size)
    from grundy.patterns import space

    key = space.space_key(length, boolean, constants, max_size, steps)
    kept = space.cached(key)
    replay = None if kept is None else kept.candidates(target.tolist())
    if replay is not None:
        return replay
    return _keeping(key, env, target, boolean=boolean, constants=constants, max_size=max_size, steps=steps)


def _counting(env: Mapping[str, np.ndarray]) -> int | None:
    """``L`` when the one variable is ``n = 0..L-1`` (the search a :mod:`~grundy.patterns.space`
    keeps), else ``None``."""
    import numpy as np

    n = env.get("n") if len(env) == 1 else None
    if n is None or n.ndim != 1 or not np.array_equal(n, np.arange(len(n))):
        return None
    return len(n)


def _keeping(key: tuple[Any, ...], env: Mapping[str, np.ndarray], target: np.ndarray, *, boolean: bool,
             constants: Collection[int], max_size: int, steps: int) -> Iterator[tuple[str | None, int]]:
    """The search, logged; when it runs to its end (no formula stopped it), its space is kept."""
    from grundy.patterns import space

    search = _Search(target, boolean, steps, log=[])
    yield from run(search, env, boolean=boolean, constants=constants, max_size=max_size)
    space.keep(key, space.build(search, boolean))


def run(search: _Search, env: Mapping[str, np.ndarray], *, boolean: bool, constants: Collection[int],
        max_size: int) -> Iterator[tuple[str | None, int]]:
    """:func:`candidates` with the search given (one that keeps its log, say)."""
    try:
        search.leaves(env, constants)
    except _Exhausted:
        yield from search.drain(by_size=True)
        return
    yield from search.drain()
    yield search.mark(1)
    binary = [*_BINARY, "and", "or"] if boolean else list(_BINARY)
    try:
        for s in range(2, max_size + 1):
            for i, j in _splits(s):
                search.binary([op for op in binary if op not in _COMMUTATIVE or i >= j], i, j, s)
                yield from search.drain()
            search.unary(s)
            if not boolean:
                search.meet_in_the_middle(s - 1)
            yield from search.drain(by_size=True)
            yield search.mark(s)
    except _Exhausted:
        yield from search.drain(by_size=True)


def shortest_formula(env: Mapping[str, np.ndarray], expected: Callable[[int, int], bool],
                     target: np.ndarray, *, total: int, full_env: Mapping[str, np.ndarray] | None = None,
                     boolean: bool = False, constants: Collection[int] = (), max_size: int = 9,
                     steps: int = SEARCH_STEPS, reject: Callable[[str], bool] | None = None) -> str | None:
    """The shortest formula found (within the bounds) that ``agrees`` with ``expected`` on ``total`` points.

    ``env`` and ``target`` are the prefix the search fits on; ``full_env`` (default ``env``) holds
    the variables on all ``total`` points, where every candidate is confirmed.
    """
    full = env if full_env is None else full_env
    stream = candidates(env, target, boolean=boolean, constants=constants, max_size=max_size, steps=steps)
    return best_formula(stream, lambda text: agrees(text, expected, full, total), reject)


def best_formula(stream: Iterator[tuple[str | None, int]], confirm: Callable[[str], bool],
                 reject: Callable[[str], bool] | None = None) -> str | None:
    """The formula :func:`shortest_formula` picks from the candidates ``stream``: the first
    ``confirm``-ed (and not ``reject``-ed) one of the least size, once no smaller one can follow."""
    best: tuple[int, str] | None = None
    for text, s in stream:
        if text is None:
            if best is not None and best[0] <= s + 1:
                break
            continue
        if best is not None and s >= best[0]:
            continue
        if reject is not None and reject(text):
            continue
        if confirm(text):
            best = (size(text), text)
    return None if best is None else best[1]


def built_space(key: tuple[Any, ...]) -> dict[str, Any]:
    """The data of the space of ``key`` (:func:`grundy.patterns.space.space_key`), from a search
    (numpy) run to its end: any target will do, the space does not depend on it
    (``scripts/ship_spaces.py``, the tests)."""
    import numpy as np

    from grundy.patterns import space

    _, _, length, boolean, constants, max_size, steps = key
    search = _Search(np.zeros(length, dtype=np.int64), boolean, steps, log=[])
    for _ in run(search, {"n": np.arange(length, dtype=np.int64)}, boolean=boolean,
                 constants=constants, max_size=max_size):
        pass
    return space.build(search, boolean)
