"""Which positions a ``@grundy.game`` has: its arity (how many numbers a position is), the least
value of each coordinate (``minimum=(1, 1)``: piles of at least one) and a ``valid(position)``
predicate. Positions read or reached outside the domain are errors; tables show them blank and
patterns are looked for on the domain only.

>>> d = Domain.declared(arity=None, minimum=(1, 1), valid=None)
>>> d.arity, d.contains((1, 3)), d.contains((0, 3)), d.contains((1, 2, 3))
(2, True, False, False)
>>> d.why_not((0, 3))
'coordinate 1 is below its minimum 1'
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidGameError, InvalidPositionError
from grundy.model.game import split_tokens
from grundy.model.laws import Describes, Status
from grundy.model.textio import int_text, is_number_token, parse_number


@dataclass(frozen=True)
class Domain:
    """The declared domain of a game (all ``None``: any hashable position)."""

    arity: int | None = None
    minimum: tuple[int, ...] | None = None
    valid: Callable[[Any], bool] | None = None

    @classmethod
    def declared(cls, *, arity: int | None, minimum: int | tuple[int, ...] | None,
                 valid: Callable[[Any], bool] | None, name: str = "?") -> Domain:
        """The domain from a decorator's arguments, checked (a one-line error quoting them)."""
        if arity is not None and (isinstance(arity, bool) or not isinstance(arity, int) or arity < 1):
            raise InvalidGameError(f"game {name!r}: arity is a positive int, got {arity!r}")
        if isinstance(minimum, int) and not isinstance(minimum, bool):
            if arity is None:
                raise InvalidGameError(f"game {name!r}: minimum={minimum} needs arity=N (or give one "
                                       f"minimum per coordinate, e.g. minimum=(1, 1))")
            minimum = (minimum,) * arity
        if minimum is not None:
            if not isinstance(minimum, tuple) or not minimum or not all(
                    isinstance(m, int) and not isinstance(m, bool) for m in minimum):
                raise InvalidGameError(f"game {name!r}: minimum is an int or a tuple of ints, got "
                                       f"{minimum!r}")
            if arity is not None and arity != len(minimum):
                raise InvalidGameError(f"game {name!r}: arity={arity} but minimum={minimum!r} has "
                                       f"{len(minimum)} coordinates")
            arity = len(minimum)
        if valid is not None and not callable(valid):
            raise InvalidGameError(f"game {name!r}: valid must be a function of the position, got "
                                   f"{valid!r}")
        return cls(arity, minimum, valid)

    @property
    def declared_any(self) -> bool:
        """Whether anything is declared."""
        return self.arity is not None or self.valid is not None

    def why_not(self, position: Any) -> str | None:
        """Why ``position`` is outside the domain, or ``None`` when it is inside."""
        if self.arity is not None and not (  # (the common case first: a tuple of plain ints)
                position.__class__ is tuple and len(position) == self.arity
                and all(x.__class__ is int for x in position)):
            if not isinstance(position, tuple) or len(position) != self.arity or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in position):
                return f"a position is {self.arity} integer{'s' if self.arity > 1 else ''}"
        if self.minimum is not None:
            for i, (x, m) in enumerate(zip(position, self.minimum, strict=True)):
                if x < m:
                    return f"coordinate {i + 1} is below its minimum {m}"
        if self.valid is not None:
            try:
                ok = self.valid(position)
            except Exception as exc:
                return f"valid() failed on it: {type(exc).__name__}: {exc}"
            if not ok:
                return "valid() rejects it"
        return None

    def contains(self, position: Any) -> bool:
        """Whether ``position`` is in the domain."""
        return self.why_not(position) is None


class _Shift(ast.NodeTransformer):
    def __init__(self, shifts: dict[str, int]) -> None:
        self.shifts = shifts

    def visit_Name(self, node: ast.Name) -> ast.AST:
        k = self.shifts.get(node.id)
        if not k:
            return node
        return ast.BinOp(ast.Name(node.id, ast.Load()), ast.Sub(), ast.Constant(k))

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        """``(a - 1) + 1`` is ``a``, and ``(a - 1) + 3`` is ``a + 2``."""
        self.generic_visit(node)
        left = _offset(node.left)
        if left is None or not isinstance(node.op, ast.Add | ast.Sub) or not _is_int(node.right):
            return node
        inner, k = left
        total = k + (node.right.value if isinstance(node.op, ast.Add) else -node.right.value)  # type: ignore[attr-defined]
        if total == 0:
            return inner
        return ast.BinOp(inner, ast.Add() if total > 0 else ast.Sub(), ast.Constant(abs(total)))

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        """``a - 1 == b - 1`` is ``a == b``."""
        self.generic_visit(node)
        if len(node.comparators) != 1:
            return node
        left, right = _offset(node.left), _offset(node.comparators[0])
        if left is not None and right is not None and left[1] == right[1]:
            return ast.Compare(left[0], node.ops, [right[0]])
        return node


def _is_int(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _offset(node: ast.AST) -> tuple[ast.expr, int] | None:
    """``x ± k`` as ``(x, ±k)`` for a name ``x``, or ``None``."""
    if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub)
            and isinstance(node.left, ast.Name) and _is_int(node.right)):
        k = node.right.value  # type: ignore[attr-defined]
        return node.left, k if isinstance(node.op, ast.Add) else -k
    return None


def shift_formula(formula: str, shifts: dict[str, int]) -> str:
    """``formula`` over shifted variables (``a' = a - 1``) written over the original ones.

    >>> shift_formula("a % 3 == b", {"a": 1, "b": 2})
    '(a - 1) % 3 == b - 2'
    >>> [shift_formula(f, {"a": 1, "b": 1}) for f in ("popcount((a + 1) ^ (b + 1))", "a == b")]
    ['popcount(a ^ b)', 'a == b']
    """
    tree = _Shift(shifts).visit(ast.parse(formula, mode="eval"))
    return ast.unparse(ast.fix_missing_locations(tree))


def domain_pair_patterns(grid: list[list[int | None]], minimum: tuple[int, ...] | None,
                         find: Callable[[list[list[int]]], list[Any]]) -> tuple[list[Any], str | None]:
    """The patterns of a grid ``G(a, b)`` with blank cells outside the domain: when the domain is
    the rectangle from ``minimum`` (or, without one, from its first row and column: a ``valid=``
    predicate ``min(p) >= 1``), the patterns of that rectangle (``find``), rewritten over ``a``
    and ``b`` and checked again on every cell, and the ratio thresholds and bit functions over
    ``a`` and ``b`` themselves; on any other domain, these last only. Returns the patterns and,
    when none could be looked for, why."""
    from grundy.patterns.formulas import evaluate
    from grundy.patterns.pairs import find_domain_families
    from grundy.patterns.record import Pattern

    if minimum is None:
        used = [(a, b) for a, row in enumerate(grid) for b, v in enumerate(row) if v is not None]
        minimum = (min(a for a, _ in used), min(b for _, b in used)) if used else (0, 0)
    a0, b0 = minimum
    upto = len(grid) - 1
    sub = [row[b0:] for row in grid[a0:]]
    if not sub or not sub[0] or any(v is None for row in sub for v in row):
        families = find_domain_families(grid, 0, 0)
        if families:
            return families, None
        return [], "no pattern search: the game's domain is not a rectangle of the table"
    if (a0, b0) == (0, 0):
        return find(sub), None  # type: ignore[arg-type]
    out = []
    for p in find(sub):  # type: ignore[arg-type]
        if p.formula is None or p.describes not in (Describes.VALUES, Describes.P_POSITIONS):
            continue
        formula = shift_formula(p.formula, {"a": a0, "b": b0})
        holds = all(
            (evaluate(formula, a=a, b=b) == grid[a][b]) if p.describes == Describes.VALUES
            else (bool(evaluate(formula, a=a, b=b)) == (grid[a][b] == 0))
            for a in range(a0, upto + 1) for b in range(b0, upto + 1))
        if not holds:
            continue
        where = f"conjecture, checked for {a0} <= a <= {upto}, {b0} <= b <= {upto}"
        law = f"G(a, b) = {formula}" if p.describes == Describes.VALUES else f"P iff {formula}"
        out.append(Pattern.stated(p.describes, law, where, formula, Status.CONJECTURE, upto))
    for p in find_domain_families(grid, a0, b0):  # over a and b themselves (ratios, bits)
        if p.describes == Describes.VALUES:  # (simpler than the shifted one, when there is one)
            out = [p] + [q for q in out if q.describes != Describes.VALUES]
        elif not any(q.describes == p.describes for q in out):
            out.append(p)
    return out, None


# ---- the default text and domain of a position ---------------------------------------------

def default_parse(text: str) -> Any:
    """A position from its text: numbers (``10**18`` too) make a tuple, one word is a name.

    >>> default_parse("3 10**2"), default_parse("5"), default_parse("v")
    ((3, 100), (5,), 'v')
    """
    tokens = split_tokens(text)
    if not tokens:
        raise InvalidPositionError("give a position, e.g. '3 4'")
    items = tuple(parse_number(t, "a number of the position") if is_number_token(t) else t
                  for t in tokens)  # (10**18 is a number, as everywhere)
    if len(items) == 1 and isinstance(items[0], str):
        return items[0]  # one word: a name (a vertex, a state)
    return items  # numbers are a tuple, one number a 1-tuple: "5" is (5,)


def outside_default_domain(position: Any) -> str | None:
    """Why ``position`` is outside the default domain of a ``@grundy.game`` (its numbers are
    non-negative, as heaps are, unless the game declares ``minimum=`` or ``valid=``), or ``None``.

    >>> outside_default_domain((-1, 4))[:40], outside_default_domain((0, 4)), outside_default_domain("v")
    ("coordinate 1 is -1: a position's numbers", None, None)
    """
    items = position if isinstance(position, tuple) else (position,)
    for i, x in enumerate(items):
        if isinstance(x, int) and not isinstance(x, bool) and x < 0:
            return (f"coordinate {i + 1} is {x}: a position's numbers are at least 0 unless the game "
                    f"declares minimum= (e.g. minimum=(-9, 0)) or valid=")
    return None


def default_format(position: Any) -> str:
    """``str`` of the position (of each item of a tuple, joined by spaces), a number of more than
    3,000 digits written in near-linear time (:func:`~grundy.model.textio.int_text`).

    >>> default_format((3, "a", 10**4000)) == "3 a " + str(10**4000), default_format("v")
    (True, 'v')
    """
    if isinstance(position, tuple):
        return " ".join(map(int_text, position))
    return int_text(position)
