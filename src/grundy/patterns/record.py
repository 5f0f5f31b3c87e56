"""The :class:`Pattern` record that the pattern finders return, and the rules they share."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from grundy.model.laws import Describes, Status
from grundy.patterns.formulas import MAX_FORMULA_CHARS, parse, size

PREFIX = 256
"""Heap values the formula search fits on at most (then every candidate is confirmed on the whole
table); see :func:`search_prefix`."""
PREFIX_LENGTHS = (64, 128, PREFIX)
"""The lengths a table of at least 64 heaps is fitted on (:func:`search_prefix`)."""
PAIR_PREFIX = 16
"""Side of the square of pair values the search fits on."""
SEARCH_STEPS = 30_000
"""Steps (expressions built) of one formula search: about a second on one core, and the same
result however loaded the machine is (a budget in seconds would print fewer patterns under load).
The one budget of a pattern search: the finders, the synthesis and the tables all default to it."""
MAX_SIZE = 9
"""Largest formula (in nodes) the search tries."""


def search_prefix(total: int) -> int:
    """How many of a table's ``total`` values the formula search fits on: all of them below 64,
    else the largest of :data:`PREFIX_LENGTHS` that the table holds (every candidate is then
    confirmed on the whole table). A few lengths, not one per table, so that the search's space
    (:mod:`grundy.patterns.space`) of each is shipped with the package and a first table of any
    length from 64 heaps on replays it instead of running the search.

    >>> search_prefix(20), search_prefix(101), search_prefix(255), search_prefix(10**6)
    (20, 64, 128, 256)
    """
    fitted = [p for p in PREFIX_LENGTHS if p <= total]
    return fitted[-1] if fitted else total


@dataclass(frozen=True)
class Pattern:
    """One pattern in a table: of the values, or of the P-positions (``G = 0``).

    The finders build it by :meth:`stated`, from the rule and the note on its status, so that the
    rule alone (:attr:`rule`) is read back without parsing the line written for a person:

    >>> p = Pattern.stated("values", "G(n) = n % 3", "conjecture, checked for n <= 9", "n % 3",
    ...                    "conjecture", 9)
    >>> p.text, p.rule, p.describes is Describes.VALUES, p.status is Status.CONJECTURE
    ('G(n) = n % 3 (conjecture, checked for n <= 9)', 'G(n) = n % 3', True, True)
    """

    describes: Describes
    """The values or the P-positions (a str enum: JSON writes ``"values"`` or ``"p-positions"``)."""
    text: str
    """One line for a person: the rule, then its status in parentheses."""
    formula: str | None
    """A formula of the grammar over ``n`` (or ``a`` and ``b``): the value, or true exactly at P-positions."""
    status: Status
    """Proved or a conjecture (a str enum: JSON writes ``"proved"`` or ``"conjecture"``)."""
    checked_upto: int
    """Largest ``n`` (or bound on ``a`` and ``b``) checked against the table."""
    proof: str | None = None
    """The theorem, for a proved pattern."""
    law: str | None = field(default=None, compare=False, repr=False)
    """The rule alone, without its status, as the finder stated it (:meth:`stated`); ``None``
    for a pattern built from one line, whose :attr:`text` is then its rule."""

    @classmethod
    def stated(cls, describes: Describes | str, law: str, note: str, formula: str | None,
               status: Status | str, checked_upto: int, proof: str | None = None) -> Pattern:
        """The pattern whose text is ``law (note)``; ``law`` is kept as its :attr:`rule`."""
        return cls(Describes(describes), f"{law} ({note})", formula, Status(status), checked_upto,
                   proof, law)

    @property
    def rule(self) -> str:
        """The rule alone, without its status: ``G(n) = n % 3``."""
        return self.text if self.law is None else self.law

    def _repr_html_(self) -> str:
        """A notebook shows the pattern with its status (proved or conjecture)."""
        from grundy.model.html import badge, escape

        return f"<div>{badge(self.status)} {escape(self.text)}</div>"

    def to_json(self) -> dict[str, object]:
        """The pattern as JSON (keys describes, text, formula, status, checked_upto)."""
        return {"describes": str(self.describes), "text": self.text, "formula": self.formula,
                "status": str(self.status), "checked_upto": self.checked_upto}


def fits(formula: str | None) -> bool:
    """Whether a candidate formula is short enough for the grammar (``MAX_FORMULA_CHARS``): a
    longer one (a long list of exceptions, say) is dropped, never an error.

    >>> fits("n % 3"), fits("n in {" + ", ".join(map(str, range(1000))) + "}")
    (True, False)
    """
    return formula is None or len(formula) <= MAX_FORMULA_CHARS


def cost(p: Pattern) -> tuple[int, int, int]:
    """Sort key, simplest first: proved before conjectures, then by the formula's size."""
    return (0 if p.status == Status.PROVED else 1,
            size(p.formula) if p.formula and fits(p.formula) else len(p.text) // 4,
            0 if p.describes == Describes.VALUES else 1)


def too_long(formula: str, table_text_length: int, points: int) -> bool:
    """A formula longer than the data it explains (or than the grammar allows) is not a pattern."""
    return not fits(formula) or len(formula) > table_text_length or 2 * size(formula) > points


def zero_tests(values_formula: str) -> list[str]:
    """Formulas true exactly where ``values_formula`` is 0 (``X == Y`` for ``X ^ Y`` or ``X - Y``).

    >>> zero_tests("(a % 3) ^ (b % 3)"), zero_tests("n")
    (['a % 3 == b % 3', '(a % 3) ^ (b % 3) == 0'], ['n == 0'])
    """
    tree = parse(values_formula)
    out = []
    if isinstance(tree, ast.BinOp) and isinstance(tree.op, ast.BitXor | ast.Sub):
        out.append(f"{ast.unparse(tree.left)} == {ast.unparse(tree.right)}")
    loose = isinstance(tree, ast.Compare | ast.BoolOp) or (
        isinstance(tree, ast.UnaryOp) and isinstance(tree.op, ast.Not))
    out.append(f"({values_formula}) == 0" if loose else f"{values_formula} == 0")
    return out
