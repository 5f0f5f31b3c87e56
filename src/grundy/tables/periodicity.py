"""Periods of Grundy-value tables: find them, prove them, and answer any heap size from them.

A table is *(arithmetically) periodic* with period ``p``, preperiod ``e`` and saltus ``s`` when
``G(n + p) = G(n) + s`` for every ``n >= e``; the preperiod is the *least* such ``e`` and the
period the *least* such ``p`` (Kayles, 0.77: period 12, preperiod 71). :func:`find_period`
reports what a finite table shows; :func:`prove_period` says whether a theorem **proves** a period
from a table (:mod:`grundy.tables.analysis` builds the tables):

- finite subtraction sets (and octal codes without splitting moves): once ``max S`` consecutive
  values repeat at distance ``p``, every later value repeats (each value is the mex of the
  ``max S`` values before it);
- octal games with a finite code ``d0.d1…dk`` (Guy and Smith; Winning Ways, ch. 4): if
  ``G(n + p) = G(n)`` for all ``e <= n < 2e + p + k``, then for all ``n >= e``. A table of
  ``2e + 2p + k`` values therefore settles it.

>>> find_period([0, 5, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])
Periodicity(period=3, preperiod=2, saltus=0, proved=False, reason='observed')
>>> from grundy import load_game
>>> prove_period(load_game("kayles"), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]) is None  # too short to prove
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from grundy.model.period_rules import HasPeriodRule
from grundy.model.periodic import Periodicity

if TYPE_CHECKING:
    import numpy as np

def _as_array(values: Sequence[int] | np.ndarray) -> np.ndarray:
    import numpy as np

    return np.asarray(values, dtype=np.int64) if not isinstance(values, np.ndarray) else values


def prefix_function(seq: Sequence[int]) -> list[int]:
    """The prefix (failure) function in plain Python: ``pi[i]`` is the length of the longest
    proper prefix of ``seq[:i + 1]`` that is also its suffix (so ``i + 1 - pi[i]`` is the least
    period of ``seq[:i + 1]``). Long arrays use the compiled
    :func:`grundy.tables.kernels.period.prefix_function`.

    >>> prefix_function([1, 2, 1, 2, 1, 3])
    [0, 0, 1, 2, 3, 0]
    """
    pi = [0] * len(seq)
    k = 0
    for i in range(1, len(seq)):
        while k and seq[i] != seq[k]:
            k = pi[k - 1]
        if seq[i] == seq[k]:
            k += 1
        pi[i] = k
    return pi


COMPILED_FROM = 20_000
"""Tables longer than this are searched for periods by the compiled kernel
(:mod:`grundy.tables.kernels.period`); shorter ones without loading it."""


def _prefix_function(y: np.ndarray) -> np.ndarray:
    import numpy as np

    if len(y) > COMPILED_FROM:
        from grundy.tables.kernels.period import prefix_function as compiled

        return compiled(y)
    return np.array(prefix_function(y.tolist()), dtype=np.int64)


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
    if isinstance(values, list):  # (plain Python: no numpy for a short table)
        return next((k + 1 for k in range(len(values) - period - 1, -1, -1)
                     if values[k + period] - values[k] != saltus), 0)
    import numpy as np

    v = _as_array(values)
    n = len(v)
    chunk = 1 << 20
    stop = n - period
    while stop > 0:
        start = max(0, stop - chunk)
        a, b = v[start:stop], v[start + period:stop + period]
        if saltus:
            bad = np.flatnonzero(b.astype(np.int64) - a.astype(np.int64) != saltus)
        else:
            bad = np.flatnonzero(a != b)
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
    ``proved``: only :func:`analyze`, which knows the game, proves periods. A long table is
    searched by a compiled kernel that reads it in place (4 bytes a value, no copy).

    >>> find_period([n // 2 * 2 + (n % 2) * 3 for n in range(40)])  # 0 3 2 5 4 7 ...
    Periodicity(period=2, preperiod=0, saltus=2, proved=False, reason='observed')
    >>> find_period([0, 1, 2, 3, 4, 5]) is None
    True
    """
    if isinstance(values, list) and len(values) <= COMPILED_FROM:
        return _find_period_list(values, saltus_allowed, min_repeats)
    v = _as_array(values)
    n = len(v)
    shortest = max(16, n // 8)
    if n > COMPILED_FROM:
        from grundy.tables.kernels.period import TailTest, first_tail

        p, _, _ = first_tail(v, TailTest(repeats=min_repeats, shortest=shortest), diff=saltus_allowed)
        if p < 0:
            return None
    else:
        import numpy as np

        seq = np.diff(v.astype(np.int64)) if saltus_allowed else v
        periods, lengths = _tail_arrays(seq)
        ok = (lengths >= min_repeats * periods) & (lengths >= shortest)
        if not ok.any():
            return None
        p = int(periods[ok][0])
    saltus = int(v[-1]) - int(v[-1 - p]) if saltus_allowed else 0
    return Periodicity(p, least_preperiod(v, p, saltus), saltus)


def _find_period_list(values: list[int], saltus_allowed: bool, min_repeats: int) -> Periodicity | None:
    """:func:`find_period` of a short list in plain Python (no numpy): the same tails, the same
    answer (the tests compare the two)."""
    n = len(values)
    shortest = max(16, n // 8)
    seq = [b - a for a, b in pairwise(values)] if saltus_allowed else values
    p = next((q for q, length in _tail_list(seq) if length >= min_repeats * q and length >= shortest), None)
    if p is None:
        return None
    saltus = values[-1] - values[-1 - p] if saltus_allowed else 0
    return Periodicity(p, least_preperiod(values, p, saltus), saltus)


def _tail_list(values: list[int]) -> list[tuple[int, int]]:
    """:func:`tail_periods` of a list, in plain Python."""
    pi = prefix_function(values[::-1])
    per = [i + 1 - k for i, k in enumerate(pi)]
    return [(q, i + 1) for i, q in enumerate(per) if i + 1 == len(per) or per[i + 1] != q]


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


PROOF_WINDOW = 1 << 21
"""A table longer than this is searched for proved periods up to half of it only (see
:func:`prove_period`): the search then reads its last ``PROOF_WINDOW`` values (8 MB of
work space, whatever the table's length)."""


def prove_period(game: HasPeriodRule, values: Sequence[int] | np.ndarray) -> Periodicity | None:
    """The minimal period a theorem proves from ``values`` (a table ``G(0..N-1)``), if any.

    Candidates are the minimal periods of the table's tails, tried in increasing period (and
    tail length); the first one the table is long enough to prove is minimal (a proved period is
    a true period, so its divisors are candidates too). A table longer than
    :data:`PROOF_WINDOW` ``= W`` is searched within its last ``W`` values, which answers exactly
    as the whole search for every period up to ``W / 2`` (periods above are not looked for):
    tails shorter than ``W`` are tried as they are; the window's own minimal period ``q`` is
    followed back through the table (:func:`least_preperiod`); and no longer tail has a period
    ``q2 <= W / 2``: the tail of period ``q`` is at least ``W >= q + q2`` long, so ``q`` would
    divide ``q2`` (Fine and Wilf) and the value just before that tail would repeat at
    distance ``q``.

    >>> from grundy import load_game
    >>> prove_period(load_game("subtraction(1,2)"), [0, 1, 2, 0, 1, 2])
    Periodicity(period=3, preperiod=0, saltus=0, proved=True, reason='a window of max S = 2 values repeats')
    """
    v = _as_array(values)
    n = len(v)
    rule = game.period_rule()
    if rule is None or n == 0:
        return None
    pf, qf, extra = rule.preperiod_factor, rule.period_factor, rule.extra
    if n <= COMPILED_FROM:
        periods, lengths = _tail_arrays(v)
        keep = lengths > periods  # a proof needs the period to repeat at least once
        periods, lengths = periods[keep], lengths[keep]
        ok = pf * (n - lengths) + qf * periods + extra <= n  # the first one the table proves
        if not ok.any():
            return None
        i = int(ok.argmax())
        return Periodicity(int(periods[i]), int(n - lengths[i]), 0, True, rule.theorem)
    from grundy.tables.kernels.period import TailTest, first_tail

    p, length, _ = first_tail(v, TailTest(repeats=1, more=1, pf=pf, qf=qf, extra=extra),
                              window=PROOF_WINDOW)
    if p < 0 and 0 < length <= PROOF_WINDOW // 2:  # the window's period, followed back
        p = length
        length = n - least_preperiod(v, p)
        if not (length > p and pf * (n - length) + qf * p + extra <= n):
            return None
    if p < 0:
        return None
    return Periodicity(p, n - length, 0, True, rule.theorem)


def tile(values: np.ndarray, found: Periodicity, start: int) -> None:
    """Fill ``values[start:]`` from the saltus-free period ``found`` (``values[:start]`` must hold
    at least ``G(0..preperiod + period - 1)``): ``G(n) = G(e + (n - e) mod p)``.

    The first period is gathered, then the filled stretch is copied forward, doubling it: no
    index array as long as the table.

    >>> import numpy as np
    >>> v = np.array([5, 0, 1, 2, 0, 0, 0, 0, 0, 0])
    >>> tile(v, Periodicity(3, 1), 4); v.tolist()
    [5, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    """
    import numpy as np

    e, p = found.preperiod, found.period
    n = len(values)
    if n <= start:
        return
    head = min(n, start + p)
    values[start:head] = values[e + (np.arange(start, head) - e) % p]
    filled = head - start  # values[start:start + filled] is a whole number of periods (or the end)
    while start + filled < n:
        size = min(filled, n - start - filled)
        values[start + filled:start + filled + size] = values[start:start + size]
        filled += size


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
