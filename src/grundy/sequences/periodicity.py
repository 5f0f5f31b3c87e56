"""Periods of Grundy-value tables: find them, prove them, and answer any heap size from them.

A table is *(arithmetically) periodic* with period ``p``, preperiod ``e`` and saltus ``s`` when
``G(n + p) = G(n) + s`` for every ``n >= e``; the preperiod is the *least* such ``e`` and the
period the *least* such ``p`` (Kayles, 0.77: period 12, preperiod 71). :func:`find_period`
reports what a finite table shows; :func:`analyze` builds a game's table with the fastest kernel
and says whether a theorem **proves** the period:

- finite subtraction sets (and octal codes without splitting moves): once ``max S`` consecutive
  values repeat at distance ``p``, every later value repeats (each value is the mex of the
  ``max S`` values before it);
- octal games with a finite code ``d0.d1…dk`` (Guy and Smith; Winning Ways, ch. 4): if
  ``G(n + p) = G(n)`` for all ``e <= n < 2e + p + k``, then for all ``n >= e``. A table of
  ``2e + 2p + k`` values therefore settles it.

>>> find_period([0, 5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])
Periodicity(period=3, preperiod=2, saltus=0, proved=False, reason='observed')
>>> from grundy import load_game
>>> result = analyze(load_game("kayles"), 200)
>>> result.period, result.preperiod, result.proved
(12, 71, True)
>>> value_at(load_game("kayles"), 10**18)  # = G(76), as 10**18 - 76 is a multiple of 12
1
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.core.game import Game, HeapGame
from grundy.core.periodic import HasPeriodRule, Periodicity, Progress
from grundy.errors import InvalidInputError, NotSupportedError

if TYPE_CHECKING:
    import numpy as np

METHODS = ("auto", "plain", "sparse")
"""``--method`` choices: ``auto`` picks the fastest exact route (and, once a period is proved,
fills the rest of the table from it); ``plain`` and ``sparse`` force a kernel for every value."""

MAX_TABLE = 2 * 10**8
"""Largest ``--upto`` accepted (200 MB as uint8 values; larger tables risk the machine's memory)."""

def _as_array(values: Sequence[int] | np.ndarray) -> np.ndarray:
    import numpy as np

    return np.asarray(values, dtype=np.int64) if not isinstance(values, np.ndarray) else values


def _prefix_function(y: np.ndarray) -> np.ndarray:
    import numpy as np

    if len(y) > 20_000:
        from grundy.sequences.kernels.period import prefix_function

        return prefix_function(y)
    seq = y.tolist()
    pi = [0] * len(seq)
    k = 0
    for i in range(1, len(seq)):
        while k and seq[i] != seq[k]:
            k = pi[k - 1]
        if seq[i] == seq[k]:
            k += 1
        pi[i] = k
    return np.array(pi, dtype=np.int64)


def tail_periods(values: Sequence[int] | np.ndarray) -> list[tuple[int, int]]:
    """Every ``(p, L)``: ``L`` is the length of the longest tail of ``values`` with period ``p``.

    Only minimal periods of tails are listed, in increasing ``p`` (a tail of length ``L >= 2p``
    has no other period below ``p``, by the Fine-Wilf theorem).

    >>> tail_periods([9, 1, 2, 1, 2])
    [(1, 1), (2, 4), (5, 5)]
    """

    periods, lengths = _tail_arrays(values)
    return list(zip(periods.tolist(), lengths.tolist(), strict=True))


def _tail_arrays(values: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`tail_periods` as two arrays (periods, lengths)."""
    import numpy as np

    y = _as_array(values)[::-1]
    if len(y) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    pi = _prefix_function(y)
    lengths = np.arange(1, len(y) + 1, dtype=np.int64)
    per = lengths - pi
    last = np.flatnonzero(np.append(per[1:] != per[:-1], True))
    return per[last], last + 1


def least_preperiod(values: Sequence[int] | np.ndarray, period: int, saltus: int = 0) -> int:
    """The least ``e`` with ``values[n + period] = values[n] + saltus`` for all ``n >= e`` in the table.

    >>> least_preperiod([3, 0, 1, 0, 1], 2)
    1
    """
    import numpy as np

    v = _as_array(values)
    n = len(v)
    chunk = 1 << 22
    stop = n - period
    while stop > 0:
        start = max(0, stop - chunk)
        a = v[start:stop].astype(np.int64)
        b = v[start + period:stop + period].astype(np.int64)
        bad = np.flatnonzero(b - a != saltus)
        if len(bad):
            return int(start + bad[-1] + 1)
        stop = start
    return 0


def find_period(values: Sequence[int] | np.ndarray, *, saltus_allowed: bool = True,
                min_repeats: int = 3) -> Periodicity | None:
    """The minimal period (and least preperiod, and saltus) that a finite table shows, if any.

    A period counts as observed when its periodic tail holds at least ``min_repeats`` periods,
    at least 16 values and at least an eighth of the table; the smallest such period is
    reported. With ``saltus_allowed``, arithmetic periodicity ``G(n + p) = G(n) + s`` is found too
    (from the periodicity of the differences ``G(n + 1) - G(n)``). The result is never
    ``proved``: only :func:`analyze`, which knows the game, proves periods.

    >>> find_period([n // 2 * 2 + (n % 2) * 3 for n in range(40)])  # 0 3 2 5 4 7 ...
    Periodicity(period=2, preperiod=0, saltus=2, proved=False, reason='observed')
    >>> find_period([0, 1, 2, 3, 4, 5]) is None
    True
    """
    import numpy as np

    v = _as_array(values)
    n = len(v)
    seq = np.diff(v.astype(np.int64)) if saltus_allowed else v
    periods, lengths = _tail_arrays(seq)
    ok = (lengths >= min_repeats * periods) & (lengths >= 16) & (lengths >= n // 8)
    if not ok.any():
        return None
    p = int(periods[ok][0])
    saltus = int(v[-1]) - int(v[-1 - p]) if saltus_allowed else 0
    return Periodicity(p, least_preperiod(v, p, saltus), saltus)


# ---- proofs ------------------------------------------------------------------------------------

def proof_length(game: HasPeriodRule, period: int, preperiod: int) -> tuple[int, str] | None:
    """How many table values prove ``(period, preperiod)`` for ``game``, and by which theorem.

    ``None`` when the game declares no such theorem (:meth:`HeapGame.period_rule`).

    >>> from grundy import load_game
    >>> proof_length(load_game("kayles"), 12, 71)
    (168, 'Guy-Smith periodicity theorem (octal code of length 2)')
    """
    rule = game.period_rule()
    if rule is None:
        return None
    return rule.values_needed(period, preperiod), rule.theorem


def prove_period(game: HasPeriodRule, values: Sequence[int] | np.ndarray) -> Periodicity | None:
    """The minimal period a theorem proves from ``values`` (a table ``G(0..N-1)``), if any.

    Candidates are tried in increasing period; the first one the table is long enough to prove
    is minimal (a proved period is a true period, so its divisors are candidates too).
    """
    v = _as_array(values)
    n = len(v)
    rule = game.period_rule()
    if rule is None:
        return None
    periods, lengths = _tail_arrays(v)
    keep = lengths > periods  # a proof needs the period to repeat at least once
    periods, lengths = periods[keep], lengths[keep]
    # vectorised: the first candidate the table is long enough for
    ok = rule.preperiod_factor * (n - lengths) + rule.period_factor * periods + rule.extra <= n
    if not ok.any():
        return None
    i = int(ok.argmax())
    return Periodicity(int(periods[i]), int(n - lengths[i]), 0, True, rule.theorem)


# ---- analysed tables ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RareInfo:
    """Where the rare values sit (sparse-space classes of an octal game with splitting moves)."""

    mask: int
    delta: int
    """1 when the class also depends on the parity of the heap (Flammenkamp's domain type)."""
    sigma: int
    count: int
    positions: tuple[int, ...]
    """The first rare positions (at most 20)."""
    last: int | None
    """The largest rare position in the table."""

    def to_json(self) -> dict[str, Any]:
        """The ``rare`` object of ``grundy table --json``."""
        return {"mask": self.mask, "domain": bool(self.delta), "sigma": self.sigma,
                "count": self.count, "first": list(self.positions), "last": self.last}


@dataclass
class TableAnalysis:
    """A game's table ``G(0..upto)``, its periodicity and where its rare values sit."""

    game: Game
    upto: int
    table: np.ndarray | None
    """The values, or ``None`` until :attr:`values` builds them from :attr:`head` and the period."""
    periodicity: Periodicity | None
    method: str
    computed: int
    """Values computed by mex; the others follow from the proved period."""
    rare: RareInfo | None = None
    timings: dict[str, float] = field(default_factory=dict)
    head: list[int] | None = None
    """With ``table=None``: the first values, which a proved period extends to the whole table."""

    @property
    def values(self) -> np.ndarray:
        """``G(0..upto)`` as a numpy array (built on first use when a period was proved early)."""
        if self.table is None:
            import numpy as np

            from grundy.sequences.builders import _tile

            assert self.head is not None and self.periodicity is not None
            dtype = np.uint8 if max(self.head) < 256 else np.uint32
            table = np.zeros(self.upto + 1, dtype=dtype)
            start = min(len(self.head), self.upto + 1)
            table[:start] = self.head[:start]
            _tile(table, self.periodicity, start)
            self.table = table
        return self.table

    def first(self, count: int) -> list[int]:
        """``G(0..count-1)`` (or fewer, for a shorter table)."""
        if self.table is None and self.head is not None and count <= len(self.head):
            return self.head[:min(count, self.upto + 1)]
        return [int(v) for v in self.values[:count]]

    @property
    def period(self) -> int | None:
        """The minimal period, if one was found."""
        return self.periodicity.period if self.periodicity else None

    @property
    def preperiod(self) -> int | None:
        """The least preperiod, if a period was found."""
        return self.periodicity.preperiod if self.periodicity else None

    @property
    def saltus(self) -> int | None:
        """The saltus (0 for ordinary periodicity), if a period was found."""
        return self.periodicity.saltus if self.periodicity else None

    @property
    def proved(self) -> bool:
        """Whether a theorem proves the period (False when only observed or none found)."""
        return bool(self.periodicity and self.periodicity.proved)

    @property
    def max_value(self) -> int:
        """The largest value in the table."""
        if self.table is None and self.head is not None:  # the head holds a whole period
            return max(self.head[:self.upto + 1])
        return int(self.values.max()) if len(self.values) else 0

    @property
    def checksum(self) -> int:
        """The sum of the values (what the C reference prints, to compare tables)."""
        if self.table is None and self.head is not None:
            from grundy.sequences.light import checksum

            return checksum(self.head, self.periodicity, self.upto)
        return int(self.values.sum(dtype="uint64")) if len(self.values) else 0

    @property
    def seconds(self) -> float:
        """Total compute time."""
        return sum(self.timings.values())

    def summary_json(self) -> dict[str, Any]:
        """Everything but the values (``grundy table --summary --json``)."""
        found = self.periodicity
        return {
            "game": self.game.spec, "upto": self.upto,
            "period": found.period if found else None,
            "preperiod": found.preperiod if found else None,
            "saltus": found.saltus if found else None,
            "proved": found.proved if found else None,
            "reason": found.reason if found else None,
            "max": self.max_value, "checksum": self.checksum,
            "first": self.first(20), "method": self.method, "computed": self.computed,
            "rare": self.rare.to_json() if self.rare else None,
            "seconds": round(self.seconds, 6),
        }


def _rare_info(values: np.ndarray, sparse: tuple[int, int, int]) -> RareInfo:
    from grundy.sequences.builders import rare_positions

    hits = rare_positions(values, *sparse)
    last = int(hits[-1]) if len(hits) else None
    return RareInfo(*sparse, len(hits), tuple(int(h) for h in hits[:20]), last)


def analyze(game: Game, upto: int, method: str = "auto", *, progress: Progress | None = None,
            saltus_allowed: bool = True) -> TableAnalysis:
    """Build the table ``G(0..upto)`` of a heap game and find (and if possible prove) its period.

    ``method``: ``auto`` (fastest exact route), ``plain`` or ``sparse`` (force a kernel).

    >>> from grundy import load_game
    >>> a = analyze(load_game("subtraction(1,3,4)"), 1000)
    >>> a.period, a.preperiod, a.proved, a.values[:8].tolist()
    (7, 0, True, [0, 1, 0, 1, 2, 3, 2, 0])
    """
    from grundy.sequences.builders import build

    if not isinstance(game, HeapGame):
        raise NotSupportedError(f"{game.spec} is not played on heaps, so it has no table of heap values")
    if method not in METHODS:
        raise InvalidInputError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    if not 0 <= upto <= MAX_TABLE:
        raise InvalidInputError(f"upto must be between 0 and {MAX_TABLE:,}, got {upto:,}")
    t0 = time.perf_counter()
    if method == "auto":
        light = _light_analysis(game, upto, t0)
        if light is not None:
            if progress:
                progress(upto + 1, upto + 1)
            return light
    try:
        built = build(game, upto, method, progress)
    except OverflowError as exc:
        raise NotSupportedError(f"{game.spec}: {exc} (grundy's tables stop there)") from None
    t1 = time.perf_counter()
    found = built.periodicity
    if found is None:
        found = _prove_or_observe(game, built.values, saltus_allowed)
    sparse = built.sparse
    if sparse is None and game.has_splits and len(built.values) > 1:
        from grundy.sequences.builders import MASK_PREFIX, choose_sparse

        sparse = choose_sparse(built.values[:MASK_PREFIX])[:3]
    rare = _rare_info(built.values, sparse) if sparse and upto >= 1 else None
    t2 = time.perf_counter()
    return TableAnalysis(game, upto, built.values, found, built.method, built.computed, rare,
                         {"compute": t1 - t0, "analyse": t2 - t1})


def _light_analysis(game: HeapGame, upto: int, t0: float) -> TableAnalysis | None:
    """The analysis without numpy, when plain Python proves the period in a short head."""
    from grundy.sequences.light import choose_classes, proved_head, rare_info, value

    head, found = proved_head(game, upto)
    if found is None:
        return None
    t1 = time.perf_counter()
    rare = None
    if game.has_splits and upto >= 1:
        from grundy.sequences.builders import MASK_PREFIX

        prefix = [value(head, found, n) for n in range(min(upto + 1, MASK_PREFIX))]
        mask, delta, sigma, _ = choose_classes(prefix)
        rare = rare_info(head, found, upto, mask, delta, sigma)
    t2 = time.perf_counter()
    return TableAnalysis(game, upto, None, found, "python + proved period", min(len(head), upto + 1),
                         rare, {"compute": t1 - t0, "analyse": t2 - t1}, head)


def _prove_or_observe(game: HeapGame, values: np.ndarray, saltus_allowed: bool) -> Periodicity | None:
    """Prove on growing prefixes (a proof on a prefix holds for the whole table), else observe."""
    n = len(values)
    known = game.known_periodicity()  # a game's own theorem, if any
    if known is not None and n > known.preperiod + known.period:
        return known
    if game.period_rule() is not None:  # a theorem applies: try prefixes of 4^k·4096 values
        size = 4096
        while True:
            found = prove_period(game, values[:min(size, n)])
            if found is not None:
                return found
            if size >= n or size >= 1 << 23:
                break
            size *= 4
    window = values if n <= 1 << 23 else values[n - (1 << 23):]
    found = find_period(window, saltus_allowed=saltus_allowed)
    if found is not None and len(window) < n:
        found = Periodicity(found.period, least_preperiod(values, found.period, found.saltus),
                            found.saltus)
    return found


# ---- values of any heap, from a cached table ------------------------------------------------------

ON_DEMAND_LIMIT = 1 << 20
"""Largest table built on demand to answer a heap size (when no period is proved sooner)."""

ON_DEMAND_PLAIN_LIMIT = 1 << 17
"""The same limit when only the plain O(N²) kernel applies (about 10 s of work at most)."""


class _Oracle:
    """A growing table of one game, and its period once proved."""

    def __init__(self, game: HeapGame) -> None:
        self.game = game
        self.values: np.ndarray | None = None
        self.periodicity: Periodicity | None = None
        self.size = 0
        self.limit = ON_DEMAND_LIMIT

    def grow(self, size: int) -> None:
        built = analyze(self.game, size - 1, "auto")
        values: Any = built.head if built.table is None else built.table  # no numpy if proved early
        self.values, self.size = values, len(values)
        if built.proved:
            self.periodicity = built.periodicity
        if "plain" in built.method and self.game.has_splits:
            self.limit = ON_DEMAND_PLAIN_LIMIT

    def value(self, n: int) -> int:
        if self.values is None:
            self.grow(1024)
        while True:
            found = self.periodicity
            if found is not None:
                return found.value(self.values, n)
            if n < self.size:
                return int(self.values[n])  # type: ignore[index]
            if self.size >= self.limit or n >= MAX_TABLE:
                raise NotSupportedError(
                    f"{self.game.spec}: no period proved within {self.size:,} heaps, so G({n:,}) "
                    f"needs a table that large ('grundy table' computes tables up to {MAX_TABLE:,})")
            # at most 4× per step: the kernel chosen on the way decides how far it may go
            self.grow(min(self.limit, 4 * max(self.size, 1024), max(2 * self.size, n + 1)))


@functools.lru_cache(maxsize=64)
def _oracle(game: HeapGame) -> _Oracle:
    return _Oracle(game)


def value_at(game: HeapGame, n: int) -> int:
    """``G(n)`` of one heap of ``game``, from a cached table and, once proved, its period.

    >>> from grundy import load_game
    >>> value_at(load_game("dawson-kayles"), 10**18)
    3
    """
    return _oracle(game).value(n)


def known_periodicity(game: HeapGame) -> Periodicity | None:
    """The proved periodicity of ``game`` found so far by :func:`value_at`, if any."""
    return _oracle(game).periodicity
