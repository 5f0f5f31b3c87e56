"""The program of a take-away game in misère play (the player who moves last loses), written from
the law that makes every heap tame (:func:`grundy.theory.misere_laws.heap_law`): Conway's genus
theory then decides every sum of heaps from each heap's pair ``(v, m)`` of normal and misère values.

A heap is *firm* when ``m = v``, *fickle* when ``(v, m)`` is ``(0, 1)`` or ``(1, 0)``; a sum of
tame heaps is won by the player to move exactly when some heap is firm and the XOR ``s`` of the
``v`` is not 0, or every heap is fickle and ``s = 0`` (misère Nim is the case ``v = n``). The pairs
come from the law: Nim's (``m(n) = n`` but ``m(0) = 1``, ``m(1) = 0``), or a finite take-away set's,
periodic from a proved point. Where tameness is not known (``limit``), a heap at or above it is an
error line for that input.

>>> from grundy.catalog import load_game
>>> rule = misere_rule(load_game("subtraction(1,2)"))
>>> rule.law, rule.start, rule.period, rule.limit
('periodic', 0, 3, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.errors import NotSupportedError
from grundy.model.laws import Status

if TYPE_CHECKING:
    from grundy.model.game import Game

__all__ = ["CPP_GENUS", "CPP_PAIR", "PY_GENUS", "PY_PAIR", "MisereRule", "misere_rule"]


@dataclass(frozen=True)
class MisereRule:
    """What a misère program stores of its heaps: ``law`` ``"nim"`` (the pairs ``(v, m)`` by the
    formula), ``"periodic"`` (``values`` and ``misere`` for heaps ``0..len - 1``, then period
    ``period`` from heap ``start``) or ``"quotient"`` (the misère quotient, see ``products``);
    ``limit``: the least heap the program cannot answer (tameness, or the quotient, not known
    there; ``None``: every heap); ``status``: what it rests on, for the header."""

    law: str
    status: str
    start: int = 0
    period: int = 1
    values: tuple[int, ...] = ()
    misere: tuple[int, ...] = ()
    limit: int | None = None
    products: tuple[int, ...] = ()
    """Of law ``"quotient"``: the misère quotient's multiplication table, row by row (``values``:
    each heap's image, periodic from ``start`` when ``limit`` is ``None``; ``misere``: 1 for the
    elements of the P-portion, else 0)."""


def misere_rule(game: Game) -> MisereRule:
    """The :class:`MisereRule` of ``game``, or :class:`~grundy.errors.NotSupportedError` when no
    law makes its heaps tame (a game that is not a take-away game, an all-but game, a heap 0 that
    is not tame)."""
    from grundy.theory.misere_laws import LawKind, heap_law  # (the export of normal play needs none)

    law = heap_law(game)
    if law is None or law.kind in (LawKind.ALL_BUT, LawKind.SJ) or law.tame_fail == 0:
        raise NotSupportedError(
            f"{game.spec}: export in misère play needs a law that makes its heaps tame (Nim, or a "
            f"finite take-away set); this game has none (grundy solve --misere still answers it)")
    tame = ("every heap is tame" if law.tame_fail is None else
            f"every heap below {law.tame_fail} is tame (heap {law.tame_fail} is not, or not known)")
    status = (f"proved (Conway's genus theory, a sum of tame heaps; {tame}: {law.reason})")
    if law.kind is LawKind.NIM:
        return MisereRule("nim", status, limit=law.tame_fail)
    pairs = law.pairs
    return MisereRule("periodic", status, law.start, law.period, tuple(v for v, _ in pairs),
                      tuple(m for _, m in pairs), law.tame_fail)


NO_THEOREM_UPTO = 1000
"""Heaps a quotient is settled up to, when neither ``upto`` nor ``limit`` is given and no
periodicity theorem applies to the game (a heap game of your own): the default table of a heap
game's export. Without it the heaps were settled on to the default budget, which a game of cheap
heaps (``take 1 or 2`` as a ``@grundy.heap_game``) spends over millions of heaps, for minutes."""


def quotient_rule(game: Game, upto: int | None, limit: int | None) -> MisereRule:
    """The :class:`MisereRule` of ``game`` by its misère quotient (of every heap where the
    periodicity theorem proves it, else of the heaps settled up to ``upto`` or within ``limit``
    steps: :func:`grundy.theory.quotient.misere_quotient` with ``partial``)."""
    from grundy.model.game import HeapGame
    from grundy.theory.quotient import misere_quotient
    from grundy.theory.quotient.build import DEFAULT_QUOTIENT_LIMIT
    from grundy.theory.quotient.periods import period_rule

    if upto is None and limit is None and isinstance(game, HeapGame) and period_rule(game) is None:
        upto = NO_THEOREM_UPTO
    q = misere_quotient(game, upto, limit=limit or DEFAULT_QUOTIENT_LIMIT, partial=True)
    proved = q.status == Status.PROVED and q.period is not None and q.preperiod is not None
    words = (f"the misère quotient of order {q.order}, {len(q.p_portion)} of its elements P-positions; "
             f"{q.reason}")
    status = (f"proved ({words})" if proved else
              f"exact for heaps up to {q.checked_upto} ({words}; no period proved, so a larger heap "
              f"is an error line)")
    products = tuple(x for row in q.table for x in row)
    return MisereRule("quotient", status, q.preperiod or 0, q.period or 1, tuple(q.heaps),
                      tuple(int(b) for b in q.p), None if proved else q.checked_upto + 1, products)


PY_PAIR = {
    "nim": '''def pair(n):
    """(v, m): the normal and misère values of one heap of n (Nim: m(0) = 1, m(1) = 0)."""
    return n, (n if n >= 2 else 1 - n)''',
    "periodic": '''def pair(n):
    """(v, m): the normal and misère values of one heap of n, periodic from heap START."""
    if n >= len(V):
        n = START + (n - START) % PERIOD
    return V[n], M[n]'''}

PY_QUOTIENT = '''def element(n):
    """The image of a heap of n in the misère quotient (beyond the table, periodic from START)."""
    if n >= len(IMAGES):
        n = START + (n - START) % PERIOD
    return IMAGES[n]


def first_player_wins(heaps):
    """The product of the heaps' images in the misère quotient: the player to move loses exactly
    when it lies in the P-portion."""
    order, x = len(P), 0
    for n in heaps:
        if LIMIT is not None and n >= LIMIT:
            raise ValueError(f"heap {n}: the misère quotient is known only for heaps below {LIMIT}")
        x = PRODUCTS[x * order + element(n)]
    return P[x] == 0


def answer(heaps):
    """No Grundy value decides misère play: the value is '-' and the outcome is the quotient's."""
    return None, first_player_wins(heaps)'''

PY_GENUS = '''def first_player_wins(heaps):
    """Conway's genus theory: with every heap tame, the player to move wins exactly when some heap
    is firm (m = v) and the XOR of the v is not 0, or every heap is fickle and the XOR is 0."""
    s, firm = 0, False
    for n in heaps:
        if LIMIT is not None and n >= LIMIT:
            raise ValueError(f"heap {n}: tameness is known only below heap {LIMIT}")
        v, m = pair(n)
        s ^= v
        firm = firm or m == v
    return s != 0 if firm else s == 0


def answer(heaps):
    """No Grundy value decides misère play: the value is '-' and the outcome is the rule's."""
    return None, first_player_wins(heaps)'''


CPP_PAIR = {
    "nim": r"""// (v, m): the normal and misère values of one heap of n (Nim: m(0) = 1, m(1) = 0)
static void pair(unsigned long long n, unsigned long long &v, unsigned long long &m) {
    v = n;
    m = n >= 2 ? n : 1 - n;
}""",
    "periodic": r"""// (v, m): the normal and misère values of one heap of n, periodic from heap START
static void pair(unsigned long long n, unsigned long long &v, unsigned long long &m) {
    if (n >= V.size()) n = START + (n - START) % PERIOD;
    v = V[n];
    m = M[n];
}"""}

CPP_QUOTIENT = r"""// the image of a heap of n in the misère quotient (beyond the table, periodic from START)
static unsigned long long element(unsigned long long n) {
    if (n >= IMAGES.size()) n = START + (n - START) % PERIOD;
    return IMAGES[n];
}

// the product of the heaps' images in the misère quotient: the player to move loses exactly when
// it lies in the P-portion
bool first_player_wins(const std::vector<unsigned long long> &heaps) {
    const unsigned long long order = P.size();
    unsigned long long x = 0;
    for (unsigned long long n : heaps) {
        if (HAS_LIMIT && n >= LIMIT)
            fail("heap " + std::to_string(n) + ": the misère quotient is known only for heaps below " +
                 std::to_string(LIMIT));
        x = PRODUCTS[x * order + element(n)];
    }
    return P[x] == 0;
}

// no Grundy value decides misère play: the value is '-' and the outcome is the quotient's
bool answer(const std::vector<unsigned long long> &heaps, unsigned long long &value, bool &known) {
    value = 0;
    known = false;
    return first_player_wins(heaps);
}"""

CPP_GENUS = r"""
// Conway's genus theory: with every heap tame, the player to move wins exactly when some heap is
// firm (m = v) and the XOR of the v is not 0, or every heap is fickle and the XOR is 0
bool first_player_wins(const std::vector<unsigned long long> &heaps) {
    unsigned long long s = 0;
    bool firm = false;
    for (unsigned long long n : heaps) {
        if (HAS_LIMIT && n >= LIMIT)
            fail("heap " + std::to_string(n) + ": tameness is known only below heap " +
                 std::to_string(LIMIT));
        unsigned long long v = 0, m = 0;
        pair(n, v, m);
        s ^= v;
        firm = firm || m == v;
    }
    return firm ? s != 0 : s == 0;
}

// no Grundy value decides misère play: the value is '-' and the outcome is the rule's
bool answer(const std::vector<unsigned long long> &heaps, unsigned long long &value, bool &known) {
    value = 0;
    known = false;
    return first_player_wins(heaps);
}"""
