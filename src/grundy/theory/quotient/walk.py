"""The walk over the pairs ``(x, O)`` of a misère-quotient candidate, compiled (numba).

:func:`grundy.theory.quotient.settling.first_failure` walks, breadth first, every pair ``(x, O)``
reachable from the newest heap's pair by adding letters (``x`` the element of a position, ``O``
the set of its options' elements) and stops at the first pairs whose element is in the P-portion
exactly when ``O`` is empty or meets it. For the large candidates of Dawson's Kayles that walk
is most of the time; :func:`walk` does the same in compiled code, in the same order, spending the
same steps, and finds the same pairs. A pair's set ``O`` is kept as a sorted run of a pool
array and found again through an open-addressing hash table.

Imported only when :func:`~grundy.theory.quotient.verification.compiled_walk` says so (a
candidate of at least :data:`~grundy.theory.quotient.verification.COMPILED_FROM_M` elements, and
walks in Python of about a CPU second before, or a large candidate), so numba is
never loaded for a small quotient (Kayles, 0.15, 0.44: at most 42 elements) nor where the walks
are few and short.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit  # (where this directory is read-only, numba caches in the user's cache directory)


@njit(cache=True)
def _hash(x: int, pool: np.ndarray, start: int, length: int) -> int:  # pragma: no cover - compiled
    h = np.uint64(x + 1) * np.uint64(0x9E3779B97F4A7C15)
    for k in range(length):
        h = (h ^ np.uint64(pool[start + k] + 1)) * np.uint64(0x100000001B3)
    return int(h >> np.uint64(1))


@njit(cache=True)
def _known(nx: int, pool: np.ndarray, at: int, k: int, kxs: np.ndarray, kostart: np.ndarray,
           kolen: np.ndarray, kpool: np.ndarray, ktable: np.ndarray) -> bool:  # pragma: no cover
    size = ktable.shape[0]
    slot = _hash(nx, pool, at, k) & (size - 1)
    while ktable[slot] >= 0:
        j = ktable[slot]
        if kxs[j] == nx and kolen[j] == k:
            sj = kostart[j]
            same = True
            for q in range(k):
                if kpool[sj + q] != pool[at + q]:
                    same = False
                    break
            if same:
                return True
        slot = (slot + 1) & (size - 1)
    return False


@njit(cache=True)
def _walk(rows: np.ndarray, trows: np.ndarray, toff: np.ndarray, p: np.ndarray, x0: int,
          o0: np.ndarray, stop_after: int, max_states: int, budget: int, kxs: np.ndarray,
          kostart: np.ndarray, kolen: np.ndarray, kpool: np.ndarray,
          ktable: np.ndarray) -> tuple[Any, ...]:  # pragma: no cover - compiled
    """The breadth-first walk; returns (status, states, spent, xs, ostart, olen, pool, parent,
    via, fails, table): status 0 the walk ended, 1 ``stop_after`` failing pairs found, 2 too many
    states, 3 the budget exceeded. Pairs of the known walk ``k…`` (with its hash ``ktable``) are
    not walked again."""
    letters, m = rows.shape
    cap = 1024
    xs = np.empty(cap, np.int32)
    ostart = np.empty(cap, np.int64)
    olen = np.empty(cap, np.int32)
    parent = np.empty(cap, np.int32)
    via = np.empty(cap, np.int32)
    pool = np.empty(max(16 * cap, o0.shape[0] + m + 16), np.int32)
    used = 0
    tsize = 4096
    table = -np.ones(tsize, np.int64)
    mark = np.zeros(m, np.int64)
    stamp = 0
    buf = np.empty(m, np.int32)
    fails = np.empty(max(stop_after, 1), np.int64)
    nfail = 0
    # the start pair
    xs[0] = x0
    ostart[0] = 0
    olen[0] = o0.shape[0]
    parent[0] = -1
    via[0] = -1
    for k in range(o0.shape[0]):
        pool[k] = o0[k]
    used = o0.shape[0]
    table[_hash(x0, pool, 0, olen[0]) & (tsize - 1)] = 0
    count = 1
    spent = 0
    i = 0
    while i < count:
        x, s0, ln = xs[i], ostart[i], olen[i]
        out = ln > 0
        for k in range(ln):
            if p[pool[s0 + k]]:
                out = False
                break
        if p[x] != out:
            fails[nfail] = i
            nfail += 1
            if nfail >= stop_after:
                return 1, count, spent, xs, ostart, olen, pool, parent, via, fails[:nfail], table
            i += 1
            continue
        spent += letters * (ln + 1)
        if spent > budget:
            return 3, count, spent, xs, ostart, olen, pool, parent, via, fails[:nfail], table
        for li in range(letters):
            stamp += 1
            k = 0
            for q in range(ln):
                y = rows[li, pool[s0 + q]]
                if mark[y] != stamp:
                    mark[y] = stamp
                    buf[k] = y
                    k += 1
            for t in range(toff[li], toff[li + 1]):
                y = trows[t, x]
                if mark[y] != stamp:
                    mark[y] = stamp
                    buf[k] = y
                    k += 1
            run = buf[:k]
            run.sort()
            nx = rows[li, x]
            if used + k > pool.shape[0]:
                bigger = np.empty(2 * pool.shape[0] + k, np.int32)
                bigger[:used] = pool[:used]
                pool = bigger
            pool[used:used + k] = run
            slot = _hash(nx, pool, used, k) & (tsize - 1)
            found = False
            while table[slot] >= 0:
                j = table[slot]
                if xs[j] == nx and olen[j] == k:
                    same = True
                    sj = ostart[j]
                    for q in range(k):
                        if pool[sj + q] != pool[used + q]:
                            same = False
                            break
                    if same:
                        found = True
                        break
                slot = (slot + 1) & (tsize - 1)
            if found:
                continue
            if _known(nx, pool, used, k, kxs, kostart, kolen, kpool, ktable):
                continue
            if count == xs.shape[0]:
                xs = np.concatenate((xs, np.empty(count, np.int32)))
                ostart = np.concatenate((ostart, np.empty(count, np.int64)))
                olen = np.concatenate((olen, np.empty(count, np.int32)))
                parent = np.concatenate((parent, np.empty(count, np.int32)))
                via = np.concatenate((via, np.empty(count, np.int32)))
            xs[count] = nx
            ostart[count] = used
            olen[count] = k
            parent[count] = i
            via[count] = li
            table[slot] = count
            used += k
            count += 1
            if 2 * count > tsize:  # grow the hash table
                tsize *= 2
                table = -np.ones(tsize, np.int64)
                for j in range(count):
                    slot = _hash(xs[j], pool, ostart[j], olen[j]) & (tsize - 1)
                    while table[slot] >= 0:
                        slot = (slot + 1) & (tsize - 1)
                    table[slot] = j
        i += 1
        if count > max_states:
            return 2, count, spent, xs, ostart, olen, pool, parent, via, fails[:nfail], table
    return 0, count, spent, xs, ostart, olen, pool, parent, via, fails[:nfail], table


NO_KNOWN = (np.zeros(0, np.int32), np.zeros(0, np.int64), np.zeros(0, np.int32), np.zeros(0, np.int32),
            -np.ones(1, np.int64))


def walk(rows: list[list[int]], trows: list[list[int]], toff: list[int], p: list[bool],
         start: tuple[int, int], stop_after: int, max_states: int, budget: int,
         known: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
    """:func:`_walk` on lists: ``rows[l]`` the row of letter ``l``'s heap image, ``trows`` the
    rows of the elements of each letter's option set (letter ``l``'s from ``toff[l]`` to
    ``toff[l + 1]``), ``start`` the first pair (its set a bit mask); ``known`` an earlier walk's
    result whose pairs are skipped."""
    m = len(p)
    r = np.asarray(rows, dtype=np.int32).reshape(len(rows), m)
    t = np.asarray(trows, dtype=np.int32).reshape(len(trows), m) if trows else np.zeros((0, m), np.int32)
    k = NO_KNOWN if known is None else (known[3], known[4], known[5], known[6], known[10])
    return _walk(r, t, np.asarray(toff, dtype=np.int64), np.asarray(p, dtype=np.bool_), start[0],
                 np.asarray([y for y in range(start[1].bit_length()) if start[1] >> y & 1], dtype=np.int32),
                 stop_after, max_states, budget, *k)


class Walked(set[tuple[int, int]]):
    """The pairs of a finished walk, with the walk's arrays (``raw``) for a later compiled walk
    that skips them."""

    raw: tuple[Any, ...]


def walked_pairs(result: tuple[Any, ...]) -> Walked:
    """Every pair of a finished walk, as a set that keeps the walk's arrays."""
    out = Walked(pairs(result))
    out.raw = result
    return out


def pair(result: tuple[Any, ...], i: int) -> tuple[int, int]:
    """State ``i`` of a walk's result as a pair ``(x, O)`` (``O`` a bit mask)."""
    xs, ostart, olen, pool = result[3], result[4], result[5], result[6]
    s = int(ostart[i])
    mask = 0
    for y in pool[s:s + int(olen[i])].tolist():
        mask |= 1 << y
    return int(xs[i]), mask


def pairs(result: tuple[Any, ...]) -> list[tuple[int, int]]:
    """Every state of a walk's result as a pair ``(x, O)`` (``O`` a bit mask)."""
    count = int(result[1])
    xs, ostart, olen = (a[:count].tolist() for a in result[3:6])
    pool = result[6][:max((s + k for s, k in zip(ostart, olen, strict=True)), default=0)].tolist()
    out = []
    for x, s, k in zip(xs, ostart, olen, strict=True):
        mask = 0
        for y in pool[s:s + k]:
            mask |= 1 << y
        out.append((x, mask))
    return out


@njit(cache=True)
def _portion(order: np.ndarray, sj: np.ndarray, sk: np.ndarray, sy: np.ndarray, hcols: np.ndarray,
             tlist: np.ndarray, toff: np.ndarray, tcols: np.ndarray) -> tuple[Any, ...]:  # pragma: no cover
    """The P-portion of a recalibrated candidate along its elements' least words (``order``):
    element ``x``'s least word is ``sk[x]`` copies of heap ``sj[x]`` then the least word of
    ``sy[x]``, so the images of its options are those of ``sy[x]``'s times the heap, with the
    heap's options times ``sy[x]``, ``sk[x]`` times over. Returns ``(p, spent, late)``: ``late``
    counts options met before their own element was marked (none when the order is right)."""
    size = hcols.shape[1]
    ostart = np.full(size, -1, np.int64)
    olen = np.zeros(size, np.int32)
    pool = np.empty(max(1024, 8 * size), np.int32)
    used = 0
    p = np.zeros(size, np.bool_)
    done = np.zeros(size, np.bool_)
    mark = np.zeros(size, np.int64)
    stamp = 0
    buf = np.empty(size, np.int32)
    nxt = np.empty(size, np.int32)
    spent = 0
    late = 0
    for idx in range(order.shape[0]):
        x = order[idx]
        if idx == 0:  # the identity: no options
            ostart[x] = 0
            done[x] = True
            continue
        j, y = sj[x], sy[x]
        if ostart[y] < 0:
            return p, spent, -1
        n0 = olen[y]
        s0 = ostart[y]
        for q in range(n0):
            buf[q] = pool[s0 + q]
        for _ in range(sk[x]):
            stamp += 1
            cnt = 0
            for q in range(n0):
                z = hcols[j, buf[q]]
                if mark[z] != stamp:
                    mark[z] = stamp
                    nxt[cnt] = z
                    cnt += 1
            for t in range(toff[j], toff[j + 1]):
                z = tcols[tlist[t], y]
                if mark[z] != stamp:
                    mark[z] = stamp
                    nxt[cnt] = z
                    cnt += 1
            for q in range(cnt):
                buf[q] = nxt[q]
            n0 = cnt
            y = hcols[j, y]
        spent += sk[x] * (n0 + 1) + 1
        if used + n0 > pool.shape[0]:
            bigger = np.empty(2 * pool.shape[0] + n0, np.int32)
            bigger[:used] = pool[:used]
            pool = bigger
        ostart[x] = used
        olen[x] = n0
        lost = n0 > 0
        for q in range(n0):
            z = buf[q]
            pool[used + q] = z
            if not done[z]:
                late += 1
            if p[z]:
                lost = False
        used += n0
        p[x] = lost
        done[x] = True
    return p, spent, late


def portion(order: np.ndarray, sj: np.ndarray, sk: np.ndarray, sy: np.ndarray, hcols: np.ndarray,
            tlist: list[int], toff: list[int], tcols: np.ndarray) -> tuple[np.ndarray, int, int]:
    """:func:`_portion` on the arrays of
    :func:`grundy.theory.quotient.recalibration.recalibrate`: ``hcols[j]`` the products with heap
    ``j``'s element, ``tcols`` the products with each option element, heap ``j``'s rows
    ``tlist[toff[j]:toff[j + 1]]``."""
    p, spent, late = _portion(order, sj, sk, sy, hcols, np.asarray(tlist, dtype=np.int64),
                              np.asarray(toff, dtype=np.int64), tcols)
    return p, int(spent), int(late)
