"""A misère-quotient candidate and its pieces: the monoid under construction (:class:`State`),
its multiplication table built a row at a time (:class:`LazyMul`), the step budget
(:class:`Steps`), and what the guess, the verification and the store read off a candidate — the
images of a heap's options, the generators, each element's least word.

A candidate is a finite commutative monoid (elements ``0..m-1``, ``0`` the identity, a full
multiplication table), its P-portion, the image of each heap ``0..n`` and the set of images of
each heap's options. :func:`grundy.theory.quotient.settling.settle` turns the verified ``Q_n``
into the verified ``Q_{n+1}`` with these pieces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.errors import NotSupportedError, SearchLimitError
from grundy.model.game import HeapGame

if TYPE_CHECKING:
    pass

MAX_ORDER = 1_500
"""The largest quotient built (its multiplication table has ``order²`` entries)."""

MAX_POWERS = 64
"""How many copies of a new heap the guess follows before refusing."""

class Steps:
    """A budget of ``limit`` steps (table entries, options, verification states); :meth:`spend`
    raises :class:`~grundy.errors.SearchLimitError` past it."""

    def __init__(self, limit: int, spec: str) -> None:
        self.limit, self.spent, self.spec = limit, 0, spec
        self.walked = 0
        """Steps of the walks over pairs done in Python so far, and of large recalibrated products
        done on lists (weighted: :data:`~grundy.theory.quotient.recalibration.LISTED_STEP`): they
        decide when the compiled code is worth loading
        (:func:`~grundy.theory.quotient.verification.compiled_loaded`)."""

    def spend(self, units: int, what: str) -> None:
        self.spent += units
        if self.spent > self.limit:
            raise SearchLimitError(f"{self.spec}: the misère quotient needs more than {self.limit:,} "
                                   f"steps ({what}); raise limit=", parameters=("limit",))

    def spend_times(self, units: int, times: int, what: str) -> None:
        """``times`` calls of ``spend(units, what)`` (the same steps spent when one refuses)."""
        if self.spent + units * times <= self.limit:
            self.spent += units * times
            return
        for _ in range(times):
            self.spend(units, what)


class LazyMul(dict[int, list[int]]):
    """A candidate's multiplication table, each row built when first read (``m`` steps a row).

    Element ``d > 0`` is ``parent[d] · letter[d]`` with ``parent[d] < d``, and ``step[c][l]`` is
    ``c`` times letter ``l``, so row ``c`` is ``c, …`` with ``row[d] = step[row[parent[d]]][letter[d]]``.
    Most candidates are replaced after a few of their rows are read (the walks multiply by heap
    and option images only), so the ``m²`` table is built for the verified one alone.

    >>> t = LazyMul([[1], [0]], [-1, 0], [0, 0], Steps(10, "x"), "example")
    >>> t[1], t.full()
    ([1, 0], [[0, 1], [1, 0]])
    """

    def __init__(self, step: list[list[int]], parent: list[int], letter: list[int], steps: Steps,
                 what: str) -> None:
        super().__init__()
        self.step, self.parent, self.letter, self.steps, self.what = step, parent, letter, steps, what
        self.paid: set[int] = set()
        """Rows whose steps are spent but that are not built yet (:meth:`pay`)."""
        self.recipe: list[tuple[int, int, int]] | None = None
        """``(d, parent[d], letter[d])`` for ``d ≥ 1`` (listed when the first row is built)."""

    def __missing__(self, c: int) -> list[int]:
        step = self.step
        m = len(step)
        if c in self.paid:
            self.paid.discard(c)
        else:
            self.steps.spend(m, self.what)
        recipe = self.recipe
        if recipe is None:
            recipe = self.recipe = list(zip(range(1, m), self.parent[1:], self.letter[1:], strict=True))
        row = [c] * m
        for d, pd, ld in recipe:
            row[d] = step[row[pd]][ld]
        self[c] = row
        return row

    def pay(self, c: int) -> None:
        """Spend row ``c``'s steps as reading it would, and build it only when it is read."""
        if c not in self and c not in self.paid:
            self.steps.spend(len(self.step), self.what)
            self.paid.add(c)

    def full(self) -> list[list[int]]:
        """Every row, as lists."""
        return [self[c] for c in range(len(self.step))]


def full_table(mul: list[list[int]] | LazyMul) -> list[list[int]]:
    """``mul`` with every row built."""
    return mul.full() if isinstance(mul, LazyMul) else mul


@dataclass
class Images:
    """What extending a verification heap by heap over one table remembers
    (:func:`~grundy.theory.quotient.verification.grow_verified`), sets of elements written as bit
    masks: for a heap image ``h``, the image ``Oh`` of each ``O`` met and of each byte of a mask;
    for a letter ``(h, T)``, ``xT`` for every ``x``; and a walk's images (:attr:`of_walks`)."""

    of_sets: dict[int, dict[int, int]] = field(default_factory=dict)
    of_letters: dict[tuple[int, frozenset[int]], list[int]] = field(default_factory=dict)
    of_bytes: dict[int, list[list[int]]] = field(default_factory=dict)
    of_walks: dict[tuple[int, ...], Any] = field(default_factory=dict)
    """The images ``Oh`` a walk met under its letters' distinct ``h`` (those ``h`` the key:
    :class:`~grundy.theory.quotient.verification.HeapImages`)."""


@dataclass
class State:
    """``Q_n`` under construction: elements ``0..m-1`` (0 the identity), ``rep`` a word (heaps,
    largest first) of each element."""

    mul: list[list[int]] | LazyMul
    p: list[bool]
    rep: list[tuple[int, ...]]
    heap: list[int] = field(default_factory=lambda: [0])
    opts: list[frozenset[int]] = field(default_factory=lambda: [frozenset()])
    gens: list[int] = field(default_factory=list)
    seen: set[tuple[int, int]] | None = None
    """The pairs ``(x, O)`` its verification visited (once verified; ``O`` a bit mask)."""
    images: Images | None = None
    """What :func:`~grundy.theory.quotient.verification.grow_verified` remembered (this table's)."""
    grown: tuple[dict[int, int], ...] | None = None
    """How much the index of each heap's image grew (heap ``j ↦`` a positive growth) at each of
    the last two heaps whose settling grew one, the later last: the recalibrations' hint for the
    next heaps (:func:`~grundy.theory.quotient.settling.settle`; a guess only, ``None`` before
    any such heap and in a stored quotient read back)."""

    @property
    def m(self) -> int:
        """The number of elements."""
        return len(self.p)


def option_images(game: HeapGame, n: int, heap: list[int], mul: list[list[int]] | LazyMul,
                  steps: Steps) -> frozenset[int]:
    """The images of the options of heap ``n`` (a split's: the product of its parts' images)."""
    found: set[int] = set()
    count = 0
    for result in game.heap_options(n):
        x = 0
        for h in result:
            if not 0 <= h < n:
                raise NotSupportedError(f"{game.spec}: a move from heap {n} leaves {tuple(result)}, "
                                        f"not heaps smaller than {n}")
            x = mul[heap[h]][x]
        found.add(x)
        count += 1
    steps.spend(count + 1, f"options of heap {n}")
    return frozenset(found)


def option_set_of_word(st: State, word: Iterable[int]) -> set[int]:
    """The images of the options of the sum of the heaps ``word``."""
    x, o = 0, set[int]()
    mul = st.mul
    for j in word:
        row = mul[st.heap[j]]
        o = {row[y] for y in o} | {mul[t][x] for t in st.opts[j]}
        x = row[x]
    return o


def letter_rows(mul: list[list[int]] | LazyMul, letters: list[tuple[int, frozenset[int]]]
                ) -> list[tuple[list[int], list[list[int]]]]:
    """For each letter ``(h, T)`` of a walk, the rows of ``h`` and of each element of ``T`` (the
    table is commutative: ``x·h`` is ``mul[h][x]``)."""
    return [(mul[h], [mul[t] for t in ts]) for h, ts in letters]


def generators(mul: list[list[int]] | LazyMul, heap: list[int]) -> list[int]:
    """Greedy generators: each heap image not yet generated by the earlier ones."""
    gens: list[int] = []
    reach = {0}
    for h in heap[1:]:
        if h not in reach:
            gens.append(h)
            frontier = list(reach)
            while frontier:
                nxt = {mul[h][y] for y in frontier}
                frontier = [z for z in nxt if z not in reach]
                reach.update(frontier)
    return gens


def least_words(mul: list[list[int]] | LazyMul, heap: list[int], m: int) -> list[tuple[int, ...]]:
    """The least word (multiset order: largest heap first) of each element.

    The elements found before heap ``j`` form the submonoid ``B`` its smaller heaps generate, and
    power ``k`` of its image ``h`` finds those of ``h^k·B`` not found before. Once a power finds
    none, no later one does (``h^k = h^i·b`` with ``i < k``, ``b`` in ``B``: the table is
    commutative), so the later powers' rows are only paid for (:meth:`LazyMul.pay`), not read."""
    word: dict[int, tuple[int, ...]] = {0: ()}
    for j in range(1, len(heap)):
        if len(word) == m:
            break
        h = heap[j]
        before = sorted(word, key=lambda y: word[y])
        power, k = 0, 0
        seen_powers = {0}
        while True:
            k += 1
            nxt = mul[h][power]
            row = mul[nxt]
            fresh = [y for y in before if row[y] not in word]
            for y in fresh:  # least remainder first
                z = row[y]
                if z not in word:
                    word[z] = (j,) * k + word[y]
            if nxt in seen_powers:
                break
            seen_powers.add(nxt)
            power = nxt
            if not fresh:  # (and none at a later power: their rows paid for)
                _pay_powers(mul, mul[h], power, seen_powers)
                break
    return [word[x] for x in range(m)]


def _pay_powers(mul: list[list[int]] | LazyMul, row_h: list[int], power: int,
                seen_powers: set[int]) -> None:
    """:func:`least_words`' later powers of ``h`` (its row ``row_h``) after ``power``, up to the
    first repeated one: their rows paid for as reading them would."""
    while True:
        power = row_h[power]
        if isinstance(mul, LazyMul):
            mul.pay(power)
        if power in seen_powers:
            break
        seen_powers.add(power)
