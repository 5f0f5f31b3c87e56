"""The misère quotient of a heap game as an answer (:class:`MisereQuotient`): its monoid, P-portion,
heap images and presentation, how it answers a sum, and why it is right.

>>> from grundy.catalog import load_game
>>> from grundy.theory.quotient import misere_quotient
>>> q = misere_quotient(load_game("octal(0.75)"), upto=30)
>>> q.order, q.status
(8, 'proved')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.game import HeapGame, Outcome
from grundy.model.reason import Facts, Reason, template


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of a heap game on heaps ``≤ checked_upto`` (or of every heap when
    ``status == "proved"``): elements ``0 .. order-1`` (``0`` the identity), multiplication,
    P-portion, each heap's image, a presentation, and the reason it is right.

    >>> from grundy.catalog import load_game
    >>> from grundy.theory.quotient import misere_quotient
    >>> q = misere_quotient(load_game("kayles"), upto=40)
    >>> q.order, q.name(q.heap(1)), q.is_p(q.heap(1))
    (40, 'a', True)
    >>> x = q.product([q.heap(1), q.heap(1)])
    >>> q.name(x), q.is_p(x)  # two pins: two moves, the second player is forced to make the last
    ('1', False)
    """

    game: HeapGame
    table: tuple[tuple[int, ...], ...]
    p: tuple[bool, ...]
    heaps: tuple[int, ...]
    """Image of heaps ``0 .. checked_upto``."""
    options: tuple[frozenset[int], ...]
    """The images of each heap's options, heaps ``0 .. checked_upto``."""
    generators: tuple[int, ...]
    """Elements that generate the monoid, in order of the first heap mapping to each."""
    names: tuple[str, ...]
    """Each element as a word in the generators (``"1"`` the identity), e.g. ``"ab²"``."""
    normal_forms: tuple[tuple[int, ...], ...]
    relations: tuple[tuple[str, str], ...]
    """A complete presentation: ``(left, right)`` pairs; rewriting with them brings any word to
    its element's normal form (:attr:`names`)."""
    period: int | None
    preperiod: int | None
    status: str
    """``"proved"`` (periodicity theorem: every heap), ``"observed"`` (the heap images look
    periodic on heaps ``≤ checked_upto`` only) or ``"exact"`` (no period found; heaps
    ``≤ checked_upto``)."""
    checked_upto: int
    verified_states: int
    reason: str

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.p)

    @property
    def p_portion(self) -> tuple[int, ...]:
        """The elements of P-positions."""
        return tuple(x for x, isp in enumerate(self.p) if isp)

    def mul(self, x: int, y: int) -> int:
        """The product of two elements."""
        return self.table[x][y]

    def product(self, elements: Iterable[int]) -> int:
        """The product of several elements (``0``, the identity, for none)."""
        x = 0
        table = self.table
        for y in elements:
            x = table[x][y]
        return x

    def is_p(self, x: int) -> bool:
        """Whether ``x`` is in the P-portion (its positions are misère P-positions)."""
        return self.p[x]

    def name(self, x: int) -> str:
        """The element as a word in the generators."""
        return self.names[x]

    def covers(self, n: int) -> bool:
        """Whether a heap of ``n`` has a known image (checked, or by a proved period)."""
        return n <= self.checked_upto or self.status == "proved"

    def heap(self, n: int) -> int:
        """The image of a heap of ``n``; beyond :attr:`checked_upto` only with a proved period."""
        if n < 0:
            raise InvalidInputError(f"a heap must be non-negative, got {n!r}")
        if n < len(self.heaps):
            return self.heaps[n]
        if self.status != "proved" or self.period is None or self.preperiod is None:
            raise NotSupportedError(f"{self.game.spec}: the misère quotient is known for heaps ≤ "
                                    f"{self.checked_upto:,} only, not {n:,}")
        return self.heaps[self.preperiod + (n - self.preperiod) % self.period]

    def option_images(self, n: int) -> frozenset[int]:
        """The images of the options of a heap of ``n`` (beyond :attr:`checked_upto`: those of
        the heap a whole number of periods smaller, as the periodicity theorem's proof shows)."""
        if n < len(self.options):
            return self.options[n]
        self.heap(n)  # refuses unless proved
        assert self.period is not None
        top = self.checked_upto
        return self.options[n - self.period * -(-(n - top) // self.period)]

    def outcome(self, heaps: Iterable[int]) -> Outcome:
        """The misère outcome of the sum of these heaps."""
        return Outcome.P if self.p[self.product(self.heap(n) for n in heaps)] else Outcome.N

    def explain(self, heaps: Sequence[int]) -> Reason:
        """The heaps' images, their product and its P-portion membership (rule
        ``"misere-quotient"``; :func:`~grundy.theory.quotient.play.quotient_solution` adds ``"then"``,
        what the moves leave)."""
        x = self.product(self.heap(n) for n in heaps)
        return Reason("misere-quotient", {
            "game": self.game.spec, "order": self.order, "status": self.status,
            "checked_upto": self.checked_upto, "period": self.period, "preperiod": self.preperiod,
            "verified": self.reason, "heaps": tuple(heaps[:8]), "count": len(heaps),
            "images": tuple(self.names[self.heap(n)] for n in heaps[:8]), "product": self.names[x],
            "p_portion": bool(self.p[x])})

    def to_json(self) -> dict[str, Any]:
        """The ``quotient`` object of ``grundy table GAME --misere --quotient --json``."""
        return {
            "order": self.order,
            "generators": [self.names[g] for g in self.generators],
            "generator_heaps": [self.heaps.index(g) for g in self.generators],
            "relations": [f"{a} = {b}" for a, b in self.relations],
            "elements": list(self.names),
            "p_portion": [self.names[x] for x in self.p_portion],
            "heaps": [self.names[h] for h in self.heaps],
            "period": self.period,
            "preperiod": self.preperiod,
            "status": self.status,
            "checked_upto": self.checked_upto,
            "reason": self.reason,
        }



_THEN = {"none": "; no move is left, and in misère play the player who cannot move wins",
         "wins": "; every listed move leaves a product in the P-portion",
         "loses": "; every move leaves a product outside it"}


@template("misere-quotient")
def _quotient_text(f: Facts) -> str:
    shown = " · ".join(f["images"]) + (" · …" if f["count"] > 8 else "")
    inside = "in" if f["p_portion"] else "not in"
    return (f"misère quotient of {f['game']} (order {f['order']}, {f['verified']}): "
            f"{shown} = {f['product']}, {inside} the P-portion") + _THEN.get(f.get("then", ""), "")
