"""A claim of one's own about a heap game's table: ``G(n) = FORMULA`` (its values) or ``P iff
CONDITION`` (its P-positions), the formula in the grammar of :mod:`grundy.patterns.formulas`
(parsed and checked, never run as Python), and where it first disagrees with computed values.

>>> claim = parse_claim("G(n) = n % 3")
>>> claim.law, claim.describes.value, claim.formula
('G(n) = n % 3', 'values', 'n % 3')
>>> first_disagreement(claim, [0, 1, 2, 0, 1, 0])
5
>>> first_disagreement(parse_claim("P iff n % 3 == 0"), [0, 1, 2, 0, 1, 2]) is None
True
>>> parse_claim("G(n) = n ** 2")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.errors.InvalidInputError: claim 'G(n) = n ** 2': formula 'n ** 2' is outside the grammar: ...
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError
from grundy.model.laws import Describes
from grundy.patterns.formulas import Unsafe, compiled, parse, vec_eval

_VALUES = re.compile(r"\s*G\s*\(\s*n\s*\)\s*=(?!=)(?P<formula>.*)", re.DOTALL)
_PAIR_VALUES = re.compile(r"\s*G\s*\(\s*a\s*,\s*b\s*\)\s*=(?!=)(?P<formula>.*)", re.DOTALL)
PAIR = ("a", "b")
"""The variables of a claim about a game on pairs (``G(a, b) = ...``)."""
_P_POSITIONS = re.compile(r"\s*P\s+iff\s+(?P<formula>.*)", re.DOTALL)

CHUNK = 1 << 16
"""Heaps compared at once (in int64 where that is exact)."""


@dataclass(frozen=True)
class Claim:
    """A user's claim: ``describes`` the values (``G(n) = formula``) or the P-positions
    (``P iff formula``); ``law`` the claim written back in one form."""

    describes: Describes
    formula: str
    variables: tuple[str, ...] = ("n",)
    """``("n",)`` (a heap game) or :data:`PAIR` (a game on pairs)."""

    @property
    def law(self) -> str:
        """The claim as one rule: ``G(n) = n % 3`` or ``P iff n % 3 == 0``."""
        return (f"G({', '.join(self.variables)}) = {self.formula}" if self.describes == Describes.VALUES
                else f"P iff {self.formula}")

    def claimed(self, *position: int) -> int:
        """The claim's value at heap ``n`` (or pair ``a, b``; of a claim of the P-positions: 1
        where it says P)."""
        return int(compiled(self.formula, self.variables)(dict(zip(self.variables, position, strict=True))))


def parse_claim(text: str) -> Claim:
    """The claim ``text`` (``G(n) = FORMULA`` or ``P iff CONDITION``), its formula checked against
    the grammar; a one-line :class:`~grundy.errors.InvalidInputError` quoting it otherwise."""
    if not isinstance(text, str):
        raise InvalidInputError(f"a claim is a string, got {text!r}")
    shapes = ((Describes.VALUES, _VALUES, ("n",)), (Describes.VALUES, _PAIR_VALUES, PAIR),
              (Describes.P_POSITIONS, _P_POSITIONS, None))
    for describes, shape, names in shapes:
        found = shape.fullmatch(text)
        if found is None:
            continue
        formula = " ".join(found.group("formula").split())
        if not formula:
            raise InvalidInputError(f"claim {text!r} has no formula after "
                                    f"{'=' if describes == Describes.VALUES else 'iff'}")
        if names is None:  # (P iff ...: over a and b where it names them, else over n)
            names = PAIR if re.search(r"\b[ab]\b", formula) and not re.search(r"\bn\b", formula) else ("n",)
        try:
            tree = parse(formula, names)
        except InvalidInputError as exc:
            raise InvalidInputError(f"claim {text!r}: {exc}") from None
        return Claim(describes, ast.unparse(tree), names)
    raise InvalidInputError(f"claim {text!r} is not 'G(n) = FORMULA' (the values of a heap; "
                            f"'G(a, b) = FORMULA' of a pair) nor 'P iff CONDITION' (the P-positions)")


def first_pair_disagreement(claim: Claim, grid: Sequence[Sequence[int | None]]) -> tuple[int, int] | None:
    """The first pair ``(a, b)`` of ``grid`` (``G(a, b)``, ``None``: not a position), by ``max(a,
    b)`` then ``a`` then ``b``, where the claim is false (or undefined), or ``None``.

    >>> first_pair_disagreement(parse_claim("G(a, b) = a ^ b"), [[0, 1], [1, 2]])
    (1, 1)
    >>> parse_claim("P iff a == b").variables
    ('a', 'b')
    """
    side = len(grid)
    for k in range(side):
        for a, b in [(a, k) for a in range(k)] + [(k, b) for b in range(k + 1)]:
            if b >= len(grid[a]) or grid[a][b] is None:
                continue
            want = grid[a][b]
            try:
                value = claim.claimed(a, b)
            except (InvalidInputError, ArithmeticError, ValueError, RecursionError):
                return a, b
            if (value != want) if claim.describes == Describes.VALUES else (bool(value) != (want == 0)):
                return a, b
    return None


def first_disagreement(claim: Claim, values: Sequence[int], start: int = 0) -> int | None:
    """The least heap ``n >= start`` of ``values`` (``G(0..)``) where the claim is false, or
    ``None``. A recursive claim (``G(x)``) is read against the table below the heap, which is
    its own value there up to the first disagreement (so that one is exact)."""
    import numpy as np

    table = np.asarray(values, dtype=np.int64)
    node = parse(claim.formula, ("n",))
    for low in range(start, len(table), CHUNK):
        high = min(len(table), low + CHUNK)
        try:
            got = vec_eval(node, {"n": np.arange(low, high, dtype=np.int64), "G": table}, high - low)
        except Unsafe:
            got = None
        if got is not None:  # (exact in int64: compared at once)
            want_all = table[low:high]
            bad = ((got != want_all) if claim.describes == Describes.VALUES
                   else ((got != 0) != (want_all == 0)))
            hits = np.flatnonzero(bad)
            if len(hits):
                return low + int(hits[0])
            continue
        for i in range(high - low):
            n = low + i
            want = int(table[n])
            try:
                value = _exact(claim, n, table)
            except (InvalidInputError, ArithmeticError, ValueError, RecursionError):
                return n  # (undefined at n: the claim gives no value there)
            if (value != want) if claim.describes == Describes.VALUES else (bool(value) != (want == 0)):
                return n
    return None


def _exact(claim: Claim, n: int, table: Any) -> int:
    """The claim at ``n``, exactly (Python integers), its recursion read from ``table``."""
    from grundy.patterns.formulas import _compile

    func = _compile(parse(claim.formula, ("n",)), [lambda x: int(table[x])])
    return int(func({"n": n}))


def residue_period(formula: str) -> int | None:
    """The period ``L`` of a formula in which ``n`` occurs only as ``n % m`` (``m`` a positive
    constant): ``L = lcm`` of the ``m``; ``None`` when ``n`` occurs otherwise.

    >>> residue_period("(n % 4 == 1) + n % 6"), residue_period("n % 4 + (n > 2)")
    (12, None)
    """
    tree = parse(formula, ("n",))
    period, inside = 1, set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)
                and isinstance(node.left, ast.Name) and isinstance(node.right, ast.Constant)
                and type(node.right.value) is int and node.right.value > 0):
            period = math.lcm(period, node.right.value)
            inside.add(id(node.left))
    names = [node for node in ast.walk(tree) if isinstance(node, ast.Name)]
    return period if all(id(node) in inside for node in names) else None
