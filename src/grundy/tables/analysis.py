"""A game's table analysed: build ``G(0..N)`` with the fastest exact route, find and (where a
theorem allows) prove its period, locate the rare values, and answer any heap size from a cached
table and its proved period.

>>> from grundy import load_game
>>> result = analyze(load_game("kayles"), 200)
>>> result.period, result.preperiod, result.proved
(12, 71, True)
>>> value_at(load_game("kayles"), 10**18)  # = G(76), as 10**18 - 76 is a multiple of 12
1
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.bounded import BoundedCache, kept
from grundy.model.game import Game, HeapGame
from grundy.model.laws import TableMethod
from grundy.model.periodic import Periodicity, Progress
from grundy.tables.periodicity import RareInfo, find_period, least_preperiod, prove_period

if TYPE_CHECKING:
    import numpy as np

METHODS = tuple(m.value for m in TableMethod)
"""``--method`` choices: ``auto`` picks the fastest exact route (and, once a period is proved,
fills the rest of the table from it); ``plain`` and ``sparse`` force a kernel for every value."""

MAX_TABLE = 2 * 10**8
"""Largest table kept in memory (200 MB as uint8 values; larger tables risk the machine's memory)."""

MAX_STORED_TABLE = 1 << 33
"""Largest table kept on disk (``store``): 2³³ heaps, 8 GiB as bytes or 16 GiB as 16-bit values."""


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
    """With ``table=None``: the first values, which a proved period extends to the whole table
    (or the whole table, for a short one computed in plain Python: :attr:`whole`)."""
    whole: bool = False
    """The table is :attr:`head`, computed whole in plain Python (no period proved within it),
    and no numpy array is needed for its values."""
    plain_heaps: int = 0
    """Heaps computed by the plain O(N²) kernel (an octal game with splitting moves: see
    :attr:`~grundy.model.period_rules.TableBuild.plain_heaps`)."""

    @property
    def lean(self) -> bool:
        """Whether the table was not built but follows from a period proved on a head of it
        (a summary then says no more than the period: no patterns, no value frequencies)."""
        return self.table is None and not self.whole

    @property
    def values(self) -> np.ndarray:
        """``G(0..upto)`` as a numpy array (built on first use when a period was proved early)."""
        if self.table is None:
            import numpy as np

            from grundy.tables.periodicity import tile

            assert self.head is not None and (self.whole or self.periodicity is not None)
            from grundy.tables.builders import narrowest

            table: np.ndarray = np.zeros(self.upto + 1, dtype=narrowest(max(self.head)))
            start = min(len(self.head), self.upto + 1)
            table[:start] = self.head[:start]
            if not self.whole:
                assert self.periodicity is not None
                tile(table, self.periodicity, start)
            self.table = table
        return self.table

    def first(self, count: int) -> list[int]:
        """``G(0..count-1)`` (or fewer, for a shorter table)."""
        if self.table is None and self.head is not None and (count <= len(self.head) or self.whole):
            return self.head[:min(count, self.upto + 1)]
        head: list[int] = self.values[:count].tolist()  # (Python ints, at C speed)
        return head

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
            from grundy.tables.proved_period import checksum

            return checksum(self.head, self.periodicity, self.upto)
        return int(self.values.sum(dtype="uint64")) if len(self.values) else 0

    def frequencies(self, *, powers_of_two: bool = True) -> dict[int, list[int]]:
        """How often each value occurs in ``G(0..k-1)``, for each power of two ``k`` and the
        whole table (:func:`grundy.tables.store.value_frequencies`)."""
        if self.whole:
            return _list_frequencies(self.first(self.upto + 1), powers_of_two)
        from grundy.tables.store import value_frequencies

        return value_frequencies(self.values, powers_of_two=powers_of_two)

    @property
    def seconds(self) -> float:
        """Total compute time."""
        return sum(self.timings.values())

    def _repr_html_(self) -> str:
        """A notebook shows the period (proved or observed) and the values, coloured."""
        from grundy.model.html import escape, values_html

        found = self.periodicity
        period = (f"no period found in G(0..{self.upto})" if found is None else
                  f"period {found.period} from heap {found.preperiod}"
                  + (f", saltus {found.saltus}" if found.saltus else "")
                  + (f" (proved: {found.reason})" if found.proved else
                     f" (observed in G(0..{self.upto}), not proved)"))
        return (f"<div><b>{escape(self.game.spec)}</b> G(0..{self.upto:,})<br>{escape(period)}"
                f"<br>largest value {self.max_value}{values_html(self.first(2_000))}</div>")

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


def _list_frequencies(values: list[int], powers_of_two: bool) -> dict[int, list[int]]:
    """:func:`grundy.tables.store.value_frequencies` of a short list, in plain Python."""
    n = len(values)
    if n == 0:
        return {}
    stops = [1 << k for k in range(n.bit_length()) if 1 << k <= n] if powers_of_two else []
    if not stops or stops[-1] != n:
        stops.append(n)
    counts = [0] * (max(values) + 1)
    out: dict[int, list[int]] = {}
    lo = 0
    for stop in stops:
        for v in values[lo:stop]:
            counts[v] += 1
        lo = stop
        out[stop] = counts.copy()
    return out


def _rare_info(values: np.ndarray, sparse: tuple[int, int, int]) -> RareInfo:
    from grundy.tables.sparse import rare_summary

    count, first, last = rare_summary(values, *sparse)
    return RareInfo(*sparse, count, tuple(first), last)


def analyze(game: Game, upto: int, method: TableMethod | str = TableMethod.AUTO, *,
            progress: Progress | None = None, saltus_allowed: bool = True, store: str | None = None,
            rebuild: bool = False) -> TableAnalysis:
    """Build the table ``G(0..upto)`` of a heap game and find (and if possible prove) its period.

    ``method``: ``auto`` (fastest exact route), ``plain`` or ``sparse`` (force a kernel).
    ``store``: keep the table in this file (memory-mapped, resumable; octal games, up to
    :data:`MAX_STORED_TABLE` heaps) instead of in memory; the file is verified first, and with
    ``rebuild`` a file that does not verify (damaged, truncated, another game's) is started again.

    >>> from grundy import load_game
    >>> a = analyze(load_game("subtraction(1,3,4)"), 1000)
    >>> a.period, a.preperiod, a.proved, a.values[:8].tolist()
    (7, 0, True, [0, 1, 0, 1, 2, 3, 2, 0])
    """
    from grundy.tables.builders import build

    if not isinstance(game, HeapGame):
        raise NotSupportedError(f"{game.spec} is not played on heaps, so it has no table of heap values")
    if method not in METHODS:
        raise InvalidInputError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    method = TableMethod(method)
    most = MAX_TABLE if store is None else MAX_STORED_TABLE
    if not 0 <= upto <= most:
        hint = "" if store is not None else " in memory (a table kept on disk with a store goes further)"
        raise InvalidInputError(f"upto must be between 0 and {most:,}{hint}, got {upto:,}")
    t0 = time.perf_counter()
    if store is not None:
        if method != "auto":
            raise InvalidInputError(f"a stored table picks its kernel itself; method '{method}' "
                                    "does not apply")
        from grundy.model.period_rules import octal_code
        from grundy.tables.store import build_stored

        code = octal_code(game)
        stored = None if code is None else build_stored(code, upto, store, progress, rebuild=rebuild)
        if stored is None:
            raise NotSupportedError(f"tables kept on disk are built for octal games, not {game.spec}")
        built = stored
    elif method == "auto":
        proved = _proved_period_analysis(game, upto, t0, saltus_allowed)
        if proved is not None:
            if progress:
                progress(upto + 1, upto + 1)
            return proved
    if store is None:
        try:
            built = build(game, upto, method, progress)
        except OverflowError as exc:
            raise NotSupportedError(f"{game.spec}: {exc} (grundy's tables stop there)") from None
    t1 = time.perf_counter()
    found = built.periodicity
    if found is None:
        found = prove_or_observe(game, built.values, saltus_allowed)
    sparse = None  # the classes shown are chosen the same way whatever kernel built the table
    splits = game.has_splits if built.splits is None else built.splits
    if splits and len(built.values) > 1:
        from grundy.tables.sparse import table_classes

        sparse = table_classes(built.values)
    rare = _rare_info(built.values, sparse) if sparse and upto >= 1 else None
    t2 = time.perf_counter()
    return TableAnalysis(game, upto, built.values, found, built.method, built.computed, rare,
                         {"compute": t1 - t0, "analyse": t2 - t1}, plain_heaps=built.plain_heaps)


def _proved_period_analysis(game: HeapGame, upto: int, t0: float,
                            saltus_allowed: bool = True) -> TableAnalysis | None:
    """The analysis without numpy, when plain Python proves the period in a short head, or
    computes the whole of a short table (at most :data:`~grundy.tables.proved_period.HEAD_SIZES`
    values: then its period is proved or observed as :func:`prove_or_observe` does, on the list)."""
    from grundy.tables.proved_period import proved_head, rare_info, value

    head, found = proved_head(game, upto)
    whole = found is None and len(head) > upto
    if whole:
        found = _prove_or_observe_list(game, head, saltus_allowed)
    elif found is None:
        return None
    t1 = time.perf_counter()
    rare = None
    if game.has_splits and upto >= 1:
        from grundy.tables.sparse import MASK_PREFIX, table_classes

        prefix = [value(head, found, n) for n in range(min(upto + 1, MASK_PREFIX))]
        rare = rare_info(head, None if whole else found, upto, *table_classes(prefix))
    t2 = time.perf_counter()
    method = "python" if whole else "python + proved period"
    return TableAnalysis(game, upto, None, found, method, min(len(head), upto + 1),
                         rare, {"compute": t1 - t0, "analyse": t2 - t1}, head, whole)


def _prove_or_observe_list(game: HeapGame, values: list[int], saltus_allowed: bool) -> Periodicity | None:
    """:func:`prove_or_observe` of a whole short table held as a list (no numpy)."""
    from grundy.tables.proved_period import prove_list

    known = game.known_periodicity()
    if known is not None and len(values) > known.preperiod + known.period:
        return known
    found = prove_list(game, values) if game.period_rule() is not None else None
    return found if found is not None else find_period(values, saltus_allowed=saltus_allowed)


OBSERVED_WINDOW = 1 << 21
"""A period is observed in (at most) the last this many values (then followed back through the
whole table): 8 MB of work space, whatever the table's length."""


def prove_or_observe(game: HeapGame, values: np.ndarray, saltus_allowed: bool) -> Periodicity | None:
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
    window = values if n <= OBSERVED_WINDOW else values[n - OBSERVED_WINDOW:]
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
        self.cycle: tuple[int, int, list[int]] | None = None
        """(preperiod, period, G(0..preperiod + period - 1)) once a saltus-free period is proved."""

    def grow(self, size: int) -> None:
        built = analyze(self.game, size - 1, "auto")
        values: Any = built.head if built.table is None else built.table  # no numpy if proved early
        self.values, self.size = values, len(values)
        if built.proved:
            self.periodicity = found = built.periodicity
            assert found is not None
            if found.saltus == 0:  # the fast path of value_at: one period of values, as ints
                e, p = found.preperiod, found.period
                self.cycle = (e, p, [int(v) for v in values[:e + p]])
        if self.game.has_splits and "plain" in built.method and not _plain_early(built):
            self.limit = ON_DEMAND_PLAIN_LIMIT
        _trim(self)

    def value(self, n: int) -> int:
        if self.values is None:
            self.grow(1024)
        while True:
            found = self.periodicity
            if found is not None:
                return found.value(self.values, n)
            if n < self.size:
                return int(self.values[n])  # type: ignore[index]
            if self.size >= self.limit:  # (a heap beyond any table waits for a proved period)
                raise NotSupportedError(
                    f"{self.game.spec}: no period proved within {self.size:,} heaps, so G({n:,}) "
                    f"needs a table that large (analyze computes tables up to {MAX_TABLE:,})"
                    if n < MAX_TABLE else
                    f"{self.game.spec}: no period proved within {self.size:,} heaps (grundy builds "
                    f"tables up to {self.limit:,} heaps on demand); G({n:,}) needs a proved period",
                    parameters=("analyze",))
            # at most 4× per step: the kernel chosen on the way decides how far it may go
            self.grow(min(self.limit, 4 * max(self.size, 1024), max(2 * self.size, n + 1)))


def _plain_early(built: TableAnalysis) -> bool:
    """Whether the plain O(N²) kernel computed only a small share of the table (at most a quarter
    of its heaps), as where the rare-value scan takes it for the first heaps of 0.14 or 0.6 only
    (about 4,000 heaps): then the rest grows as the scan's work does, and tables up to
    :data:`ON_DEMAND_LIMIT` are built on demand. A table named by the plain kernel alone (or one
    stored) counts as all plain."""
    plain = built.plain_heaps if "rare-value scan" in built.method and "stored" not in built.method \
        else built.computed
    return 4 * plain <= built.upto + 1


ORACLES_KEPT = 4096
"""Games whose oracles (tables and proved periods) are kept at most; one forgotten is built again."""

VALUES_KEPT = 64 * ON_DEMAND_LIMIT
"""The most values the kept oracles' tables hold together (64 of the largest tables built on
demand): past it the least recently used oracles are forgotten (:func:`_trim`), so that the small
tables of many games stay (a judge's sum of games of 125 parameters, each asked again and again)
in no more memory than 64 large ones."""

_ORACLES: BoundedCache[HeapGame, _Oracle] = kept(__name__ + "._ORACLES", BoundedCache(ORACLES_KEPT))
_BY_IDENTITY: BoundedCache[int, tuple[HeapGame, _Oracle]] = kept(__name__ + "._BY_IDENTITY",
                                                                BoundedCache(ORACLES_KEPT))


def _oracle(game: HeapGame) -> _Oracle:
    """The game's oracle: shared by equal games, and found by the game object's identity first,
    so the hot path of a million look-ups does not hash the game each time (the entry holds the
    game, so its identity is not reused while the entry lives)."""
    found = _BY_IDENTITY.get(id(game), lambda: (game, _ORACLES.get(game, lambda: _Oracle(game))))
    if found[0] is not game:  # (cannot happen while the entry holds the game; kept as a guard)
        return _ORACLES.get(game, lambda: _Oracle(game))
    return found[1]


def _trim(keep: _Oracle) -> None:
    """Forget the least recently used oracles, ``keep`` aside, while the kept ones' tables hold
    more than :data:`VALUES_KEPT` values together."""
    order = [o for _, o in _ORACLES.items()] + [o for _, (_, o) in _BY_IDENTITY.items()]
    total = sum({id(o): o.size for o in order}.values())
    gone: set[int] = set()
    for oracle in order:
        if total <= VALUES_KEPT:
            break
        if oracle is not keep and id(oracle) not in gone:
            gone.add(id(oracle))
            total -= oracle.size
    if not gone:
        return
    for game, oracle in _ORACLES.items():
        if id(oracle) in gone:
            _ORACLES.forget(game)
    for key, (_, oracle) in _BY_IDENTITY.items():
        if id(oracle) in gone:
            _BY_IDENTITY.forget(key)


def value_at(game: HeapGame, n: int) -> int:
    """``G(n)`` of one heap of ``game``, from a cached table and, once proved, its period.

    >>> from grundy import load_game
    >>> value_at(load_game("dawson-kayles"), 10**18)
    3
    """
    oracle = _oracle(game)
    cycle = oracle.cycle
    if cycle is not None:  # the hot path (a million heaps of a sum): no calls, no numpy
        e, p, head = cycle
        return head[n] if n < e + p else head[e + (n - e) % p]
    return oracle.value(n)


def value_table(game: HeapGame, upto: int) -> tuple[list[int] | Any, int, int] | None:
    """``(head, e, p)`` giving ``G(n)`` for every ``n <= upto``: ``head[n]`` for ``n < e + p`` and
    ``head[e + (n - e) % p]`` beyond, from the proved saltus-free period :func:`value_at` finds
    (``p == 0``: no such period, and ``head`` is a table of at least ``upto + 1`` values);
    ``None`` when neither is at hand within the on-demand table limit.

    >>> from grundy import load_game
    >>> value_table(load_game("subtraction(1,3,4)"), 10**6)
    ([0, 1, 0, 1, 2, 3, 2], 0, 7)
    """
    try:
        value_at(game, upto)
    except NotSupportedError:
        return None
    oracle = _oracle(game)
    if oracle.cycle is not None:
        return oracle.cycle[2], oracle.cycle[0], oracle.cycle[1]
    if oracle.periodicity is None and oracle.values is not None and oracle.size > upto:
        return oracle.values, 0, 0
    return None


def known_periodicity(game: HeapGame) -> Periodicity | None:
    """The proved periodicity of ``game`` found so far by :func:`value_at`, if any."""
    return _oracle(game).periodicity
