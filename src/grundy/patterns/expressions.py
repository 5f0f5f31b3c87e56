"""The operations of the formula search (:mod:`grundy.patterns.synthesis`) and how its
expressions are written out: shared by the search and by :mod:`grundy.patterns.space`, which
replays it.

>>> binary_text("^", ("n // 2", PREC["//"]), ("n % 3", PREC["%"]))
('(n // 2) ^ (n % 3)', 6)
"""

from __future__ import annotations

PREC = {"or": 1, "and": 2, "not": 3, "cmp": 4, "|": 5, "^": 6, "&": 7, "<<": 8, ">>": 8, "+": 9,
         "-": 9, "*": 10, "//": 10, "%": 10, "neg": 11, "atom": 12}
COMMUTATIVE = {"+", "*", "^", "&", "|", "min", "max", "==", "!=", "and", "or"}
COMPARISONS = ("<", "<=", "==", "!=")
UNARY = ("neg", "not", "abs", "popcount", "ctz", "cto", "bit_length", "isqrt")
BINARY = ("+", "-", "*", "//", "%", "^", "&", "|", "<<", ">>", "min", "max", *COMPARISONS)
LEAF_CONSTANTS = (0, 1, 2, 3, 4, 5)
"""The constants every search has among its leaves (beside the ones a table gives it)."""
NATURAL = frozenset({"popcount", "ctz", "cto", "bit_length", "isqrt"})
"""The functions of :func:`~grundy.patterns.formulas.vec_unary` undefined below 0."""
Text = tuple[str, int]
"""An expression written out, and the precedence of its outermost operation."""


def wrap(e: Text, need: int) -> str:
    return e[0] if e[1] >= need else f"({e[0]})"


def binary_text(op: str, x: Text, y: Text) -> Text:
    if op in ("min", "max"):
        return f"{op}({x[0]}, {y[0]})", PREC["atom"]
    if op in ("and", "or"):
        prec = PREC[op]
        return f"{wrap(x, prec)} {op} {wrap(y, prec + 1)}", prec
    if op in COMPARISONS:
        prec = PREC["cmp"]
        return f"{wrap(x, prec + 1)} {op} {wrap(y, prec + 1)}", prec
    prec = PREC[op]
    need = max(prec, PREC["neg"]) if op in ("^", "&", "|", "<<", ">>") else prec  # clarity
    return f"{wrap(x, need)} {op} {wrap(y, max(need, prec + 1))}", prec


def unary_text(fn: str, e: Text) -> Text:
    if fn == "neg":
        return f"-{wrap(e, PREC['neg'])}", PREC["neg"]
    if fn == "not":
        return f"not {wrap(e, PREC['not'])}", PREC["not"]
    return f"{fn}({e[0]})", PREC["atom"]


def constant_text(c: int) -> Text:
    return str(c), PREC["atom"] if c >= 0 else PREC["neg"]


MEET = (("+", True), ("-", True), ("-", False), ("^", True))
"""The ways of the search's meet-in-the-middle step: ``x + y``, ``x - y``, ``y - x``, ``x ^ y``
(``y`` is ``goal - x``, ``x - goal``, ``goal + x``, ``goal ^ x``)."""
