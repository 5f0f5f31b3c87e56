"""Subtraction games with huge members (1-2-K, ``{a, b, K}``, take ``1..m`` or exactly ``k``):
the period PROVED, and ``G(n)`` for any ``n``, without a table of ``max S`` values.

``G(n) = mex{G(n - s) : s in S, s <= n}``. The values are kept as *runs*: intervals on which
``G(start + i) = word[i % len(word)]`` for a short word. ``S`` splits into small members (the
state of a finite transducer: the last ``max(small)`` values) and large ones. A chunk
``[m, m + D)`` with ``D`` at most the smallest active large member reads the large members'
values from runs already known; where each such input lies in one run, the input is periodic,
so the transducer's state at block boundaries cycles and the chunk's output is a preperiod plus
a repeated word (found by a rolling hash, each hit compared value by value). A period ``p`` from
``n0`` is proved by the classical theorem: if ``G(n + p) = G(n)`` for every ``n`` in
``[n0, n0 + max S)``, then for every ``n >= n0`` (by induction: from ``n0 + max S`` on, every
option of ``n + p`` is an option of ``n`` shifted by ``p``). The two windows are compared run by
run: two periodic sequences (periods ``q1``, ``q2``) that agree on ``q1 + q2`` consecutive places
agree on the whole interval where both are periodic (Fine and Wilf). The candidates ``p`` are
distances between runs with equal words and each run's own word length; the least period divides
any period, so it is found among the divisors of the proved one, each divisor proved the same way.

>>> found = runs_period((1, 2, 10**18))  # 10**18 % 3 == 1: period 3
>>> found.period, found.preperiod, found.value(10**18 + 4)
(3, 0, 2)
>>> found = runs_period((1, 2, 999_999_999))  # k % 3 == 0: period k + 1
>>> found.period, found.value(999_999_999), found.value(3 * 10**9 - 1)
(1000000000, 3, 3)

Everything below the marker is plain Python 3.8 with no import of grundy: ``grundy export
'subtraction(S)'`` copies it whole into the programs it writes (:data:`EMBED_IMPORTS` first).
"""

from __future__ import annotations

from bisect import bisect_right
from heapq import heappop, heappush
from math import gcd

EMBED_IMPORTS = "from bisect import bisect_right\nfrom heapq import heappop, heappush\nfrom math import gcd\n"
"""The imports the embedded engine needs (an exported program writes them first)."""

MARKER = "# ---- the engine (copied whole into exported programs: Python 3.8, no grundy) ----"


def engine_source() -> str:
    """The engine's source as an exported program holds it (its imports first; the program
    starts ``from __future__ import annotations``, so the annotations are never evaluated)."""
    from pathlib import Path

    text = Path(__file__).read_text(encoding="utf-8")
    return EMBED_IMPORTS + "\n\n" + text[text.index("\n" + MARKER + "\n") + 1:].rstrip("\n") + "\n"


# ---- the engine (copied whole into exported programs: Python 3.8, no grundy) ----

RUNS_SMALL_MAX = 4096  # the largest member the transducer keeps in its state
RUNS_CANDIDATES = 48  # how many earlier runs a new run is compared with (candidate periods)
RUNS_FOLD = 4096  # the longest stretch folded into one run of that period
RUNS_FEW_LARGE = 2  # where a table could prove the period too, runs first with at most this many large
_HASH_MOD, _HASH_BASE = (1 << 61) - 1, 1000003


class RunsOutOfSteps(ValueError):
    """The step budget ran out before a period was proved."""


class RunSteps:
    """A step budget shared by several computations (a judge's whole input)."""

    def __init__(self, budget: int) -> None:
        self.budget, self.spent = budget, 0

    def charge(self, count: int) -> None:
        self.spent += count
        if self.spent > self.budget:
            raise RunsOutOfSteps(f"no period proved within {self.budget} steps")


def split_set(s: tuple[int, ...], small_max: int = RUNS_SMALL_MAX) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(small, large)``: the cut of the sorted set at its widest ratio gap with
    ``max(small) <= small_max`` (the whole set is small when ``max S <= small_max``)."""
    if s[-1] <= small_max:
        return s, ()
    best_top, best_below, cut = 0, 1, 0
    for j in range(len(s)):
        below = s[j - 1] if j else 1
        if below > small_max:
            break
        if s[j] * best_below >= best_top * below:
            best_top, best_below, cut = s[j], below, j
    return s[:cut], s[cut:]


def runs_first(s: tuple[int, ...]) -> bool:
    """Whether the runs go first where a table could prove the period too: a set of at most
    :data:`RUNS_FEW_LARGE` large members (1-2-K, ``{a, b, K}``); sets of more large members are
    mostly values with little structure (S-Nim's random sets), which a table proves sooner."""
    return 0 < len(split_set(s)[1]) <= RUNS_FEW_LARGE


def _prefix_period(w: list[int]) -> int:
    """The least ``q`` with ``w[i] == w[i + q]`` wherever both exist (prefix function)."""
    n = len(w)
    pi = [0] * n
    for i in range(1, n):
        k = pi[i - 1]
        while k and w[i] != w[k]:
            k = pi[k - 1]
        if w[i] == w[k]:
            k += 1
        pi[i] = k
    return n - pi[-1] if n else 0


def _mismatch(w1: list[int], o1: int, w2: list[int], o2: int, length: int, last: bool) -> int:
    """The first (``last``: the last) ``k < length`` with ``w1[(o1 + k) % |w1|] != w2[(o2 + k) %
    |w2|]``, or -1. Only ``|w1| + |w2|`` places from that end are looked at: two sequences of
    periods ``q1``, ``q2`` that agree on ``q1 + q2`` consecutive places of an interval (at one of
    its ends) both have period ``gcd(q1, q2)`` there (Fine and Wilf), so agree on all of it."""
    n1, n2 = len(w1), len(w2)
    look = min(length, n1 + n2)
    places = range(length - 1, length - 1 - look, -1) if last else range(look)
    for k in places:
        if w1[(o1 + k) % n1] != w2[(o2 + k) % n2]:
            return k
    return -1


class Runs:
    """``G`` on ``[0, end)`` as runs: ``G(x) = words[i][(x - starts[i]) % len(words[i])]`` for
    ``starts[i] <= x < ends[i]``."""

    def __init__(self, steps: RunSteps) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.words: list[list[int]] = []
        self.steps = steps

    def find(self, x: int) -> int:
        return bisect_right(self.starts, x) - 1

    def at(self, x: int) -> int:
        i = self.find(x)
        w = self.words[i]
        return w[(x - self.starts[i]) % len(w)]

    def add(self, start: int, end: int, word: list[int]) -> bool:
        """Append ``G`` on ``[start, end)`` (``word`` repeated); True when a new run begins (the
        last run does not simply go on), which may take over the end of the runs before it."""
        if end <= start:
            return False
        q = _prefix_period(word)
        if len(word) % q == 0 or end - start <= len(word):
            word = word[:q]  # its root, or (a literal) its least period
        self.steps.charge(2 * len(word))
        if self.starts:
            s0, w0 = self.starts[-1], self.words[-1]
            if _mismatch(w0, start - s0, word, 0, end - start, False) < 0:
                self.ends[-1] = end
                return False
        origin = start
        while self.starts:
            s0, w0 = self.starts[-1], self.words[-1]
            k = _mismatch(w0, 0, word, s0 - origin, start - s0, True)
            self.steps.charge(min(start - s0, len(w0) + len(word)) + 1)
            if k >= 0:
                self.ends[-1] = start = s0 + k + 1
                break
            self.starts.pop(), self.ends.pop(), self.words.pop()
            start = s0
        shift = (start - origin) % len(word)
        self.starts.append(start)
        self.ends.append(end)
        self.words.append(word[shift:] + word[:shift])
        return True

    def first_difference(self, x: int, d: int, length: int) -> int:
        """The least ``y`` in ``[x, x + length)`` with ``G(y) != G(y + d)``, or -1."""
        end = x + length
        while x < end:
            i, j = self.find(x), self.find(x + d)
            run = min(self.ends[i] - x, self.ends[j] - x - d, end - x)
            wi, wj = self.words[i], self.words[j]
            self.steps.charge(min(run, len(wi) + len(wj)) + 1)
            k = _mismatch(wi, x - self.starts[i], wj, x + d - self.starts[j], run, False)
            if k >= 0:
                return x + k
            x += run
        return -1

    def last_difference(self, x: int, d: int) -> int:
        """The greatest ``y < x`` with ``G(y) != G(y + d)``, or -1."""
        while x > 0:
            i, j = self.find(x - 1), self.find(x - 1 + d)
            run = min(x - self.starts[i], x + d - self.starts[j])
            lo = x - run
            wi, wj = self.words[i], self.words[j]
            self.steps.charge(min(run, len(wi) + len(wj)) + 1)
            k = _mismatch(wi, lo - self.starts[i], wj, lo + d - self.starts[j], run, True)
            if k >= 0:
                return lo + k
            x = lo
        return -1


def _chunk(small: tuple[int, ...], state: list[int], inputs: list[list[int]], length: int | None,
           block: int, steps: RunSteps) -> tuple[list[int], list[int] | None]:
    """The values of a chunk of ``length`` heaps (``None``: until they cycle) after ``state``
    (the last ``max(small)`` values), each large member's values read from ``inputs`` (periodic,
    ``block`` a common period): ``(literal, word)``, the chunk being ``literal`` then ``word``
    repeated (``word`` is None when the chunk is ``literal`` whole)."""
    a = len(state)
    size = block if length is None else min(block, length)
    masks = [0] * size
    for w in inputs:
        q = len(w)
        for t in range(size):
            masks[t] |= 1 << w[t % q]
    steps.charge(size * (len(inputs) + 1))
    buf = list(state)
    top = pow(_HASH_BASE, a - 1, _HASH_MOD) if a else 0
    h = 0
    for v in buf:
        h = (h * _HASH_BASE + v + 1) % _HASH_MOD
    seen: dict[int, list[int]] = {}
    done = count = 0
    while length is None or done < length:
        for b in seen.get(h, ()):
            steps.charge(a + 1)
            if buf[b * block:b * block + a] == buf[done:done + a]:
                return buf[a:a + b * block], buf[a + b * block:]
        seen.setdefault(h, []).append(count)
        todo = size if length is None else min(size, length - done)
        steps.charge(todo * (len(small) + 2))
        for t in range(todo):
            n = len(buf)
            mask = masks[t]
            for x in small:
                mask |= 1 << buf[n - x]
            v = (~mask & (mask + 1)).bit_length() - 1
            buf.append(v)
            if a:
                h = ((h - (buf[n - a] + 1) * top) * _HASH_BASE + v + 1) % _HASH_MOD
        done += todo
        count += 1
    return buf[a:], None


class RunsPeriod:
    """A proved period of a subtraction game: ``G(n + period) = G(n)`` for ``n >= preperiod``
    (both least), proved by the window of ``max S`` values from ``start`` repeating ``proved``
    heaps later (``proved`` a multiple of ``period``), and the runs ``G(0..end-1)``."""

    def __init__(self, s: tuple[int, ...], runs: Runs, end: int, start: int, proved: int,
                 period: int, preperiod: int) -> None:
        self.s, self.runs, self.end, self.start, self.proved = s, runs, end, start, proved
        self.period, self.preperiod = period, preperiod

    def value(self, n: int) -> int:
        if n >= self.end:
            n = self.preperiod + (n - self.preperiod) % self.period
        return self.runs.at(n)


def _grow(s: tuple[int, ...], small: tuple[int, ...], large: tuple[int, ...], runs: Runs,
          state: list[int], m: int, pending: list[tuple[int, int, int]]) -> tuple[list[int], int]:
    """One chunk from heap ``m`` (its new runs' candidate periods go to ``pending``):
    ``(new state, new end)``."""
    length = None
    later = [x for x in large if x > m]
    if later:
        length = later[0] - m
    inputs = []
    block = 1
    for big in large:
        if big > m:
            break
        x = m - big
        i = runs.find(x)
        w = runs.words[i]
        phase = (x - runs.starts[i]) % len(w)
        reach = min(big, runs.ends[i] - x)
        length = reach if length is None else min(length, reach)
        inputs.append(w[phase:] + w[:phase])
        block = block * len(w) // gcd(block, len(w))
    literal, word = _chunk(small, state, inputs, length, block, runs.steps)
    if length is None:  # no large member: the cycle goes on for ever
        assert word is not None
        length = len(literal) + 2 * len(word) + s[-1]
    if runs.add(m, m + len(literal), literal):
        _candidates(runs, s[-1], pending)
    if word is not None and runs.add(m + len(literal), m + length, word):
        _candidates(runs, s[-1], pending)
    a = len(state)
    cycle = word or [0]
    tail = [literal[t] if t < len(literal) else cycle[(t - len(literal)) % len(cycle)]
            for t in range(max(0, length - a), length)]
    state = (state + tail)[len(state) + len(tail) - a:]
    return state, m + length


def _candidates(runs: Runs, top: int, pending: list[tuple[int, int, int]]) -> None:
    """Fold the newest run with the runs before it into one when the stretch from an earlier run
    with the same word repeats with that distance ``d <= RUNS_FOLD`` (checked run by run); then
    queue candidate periods for the newest run: its word's length, and its distance to each of the
    :data:`RUNS_CANDIDATES` runs before it with the same word (``(ready, p, n0)``: testable once
    the runs reach ``ready``)."""
    j = len(runs.starts) - 1
    sj, wj, end = runs.starts[j], runs.words[j], runs.ends[j]
    for i in range(j - 1, max(-1, j - 1 - RUNS_CANDIDATES), -1):
        si = runs.starts[i]
        d = sj - si
        if d <= RUNS_FOLD and runs.words[i] == wj and runs.first_difference(si, d, end - d - si) < 0:
            word = [runs.at(x) for x in range(si, sj)]
            runs.steps.charge(2 * d)
            del runs.starts[i:], runs.ends[i:], runs.words[i:]
            if i and runs.ends[i - 1] != si:  # (cannot happen: runs tile the line)
                raise AssertionError("runs do not tile")
            if not runs.add(si, end, word):
                return
            j = len(runs.starts) - 1
            sj, wj = runs.starts[j], runs.words[j]
            break
    heappush(pending, (sj + len(wj) + top, len(wj), sj))
    for i in range(max(0, j - RUNS_CANDIDATES), j):
        if runs.words[i] == wj:
            heappush(pending, (sj + top, sj - runs.starts[i], runs.starts[i]))


def runs_period(s: tuple[int, ...], steps: RunSteps | None = None,
                small_max: int = RUNS_SMALL_MAX) -> RunsPeriod:
    """The proved least period and preperiod of ``subtraction(s)`` (members up to 10**18 and
    beyond), within ``steps`` (default: 20 million); :class:`RunsOutOfSteps` past it."""
    s = tuple(sorted(set(s)))
    if not s or s[0] < 1:
        raise ValueError("a subtraction set is one or more positive integers")
    steps = RunSteps(20_000_000) if steps is None else steps
    small, large = split_set(s, small_max)
    a = small[-1] if small else 0
    top = s[-1]
    runs = Runs(steps)
    state: list[int] = []
    for n in range(a):  # no large member is active yet
        seen = {state[n - x] for x in small if x <= n}
        v = 0
        while v in seen:
            v += 1
        state.append(v)
    steps.charge(a * (len(small) + 1))
    pending: list[tuple[int, int, int]] = []
    if runs.add(0, a, state):
        _candidates(runs, top, pending)
    m, tried = a, set()
    while True:
        state, m = _grow(s, small, large, runs, state, m, pending)
        while pending and pending[0][0] <= m:
            _, p, n0 = heappop(pending)
            if (p, n0) in tried or p <= 0:
                continue
            tried.add((p, n0))
            if runs.first_difference(n0, p, top) < 0:
                return _least(s, runs, m, n0, p)


def _least(s: tuple[int, ...], runs: Runs, end: int, n0: int, proved: int) -> RunsPeriod:
    """The least period (a divisor of ``proved``, each proved by the same window theorem) and the
    least preperiod, from the period ``proved`` from ``n0``."""
    p = proved
    for r in sorted(set(_factor(proved, runs.steps))):
        while p % r == 0 and runs.first_difference(n0, p // r, s[-1]) < 0:
            p //= r
    e = runs.last_difference(n0, p) + 1
    return RunsPeriod(s, runs, end, n0, proved, p, e)


def _probable_prime(n: int) -> bool:
    """Miller-Rabin with the first 12 primes as bases: exact below 3.3 * 10**24."""
    if n < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    for b in bases:
        if n % b == 0:
            return n == b
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for b in bases:
        x = pow(b, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _factor(n: int, steps: RunSteps) -> list[int]:
    """The prime factors of ``n`` (with repeats): small primes by division, then Pollard's rho."""
    out = []
    for r in range(2, 1000):
        while n % r == 0:
            out.append(r)
            n //= r
    todo = [n] if n > 1 else []
    while todo:
        x = todo.pop()
        if _probable_prime(x):
            out.append(x)
            continue
        c = 1
        while True:
            u = v = 2
            d = 1
            while d == 1:
                u = (u * u + c) % x
                v = (v * v + c) % x
                v = (v * v + c) % x
                d = gcd(abs(u - v), x)
                steps.charge(1)
            if d != x:
                todo += [d, x // d]
                break
            c += 1
    return out
