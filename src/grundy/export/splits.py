"""The algorithm an exported octal game (or Grundy's game) carries beyond its table: the
sparse-space computation of Winning Ways ch. 4 ("Sparse Space Spells Speed"; Gangolli-Plambeck,
Flammenkamp), exact whatever the classes, in C++ (:data:`CPP_SPARSE`) and Python
(:data:`PY_SPARSE`).

A move removes ``k`` tokens and leaves nothing (digit bit 1), one heap (bit 2) or two heaps (bit
4) of the ``r = n - k`` left; Grundy's game is the code ``4`` with the two heaps unequal. Fix a
bit mask ``m``, a bit ``delta`` and a bit ``sigma`` and label heap ``x`` by
``parity(G(x) & m) ^ (delta & x)``: it is *rare* when its label is ``sigma``, *common*
otherwise. Two common heaps ``a + b = r`` have the same label, so
``parity((G(a) ^ G(b)) & m) = delta & r``: a pair of common heaps never makes a value of the
other class. For each heap the program therefore

1. marks the options without a split and every split with a rare part (one pass over the rare
   heaps, which a good mask makes few);
2. takes the least unmarked value ``c`` that no pair of common heaps can make (a value above
   every XOR counts as one): the mex is at most ``c``;
3. checks each unmarked value below ``c`` the plain way, scanning the pairs until every one of
   them is found (usually after a few pairs): the least one not found is the mex, else ``c``.

Step 3 is the plain mex restricted to the candidates, so the answer is exact for any mask; the
mask, ``delta`` and ``sigma`` only decide the speed. They are chosen again at every power of two
and whenever a value needs a new bit, as the ones that make the fewest rare heaps in the later
half of the table (from the counts of the values by the parity of their heap).

>>> namespace: dict[str, object] = {"TABLE": [0, 0, 0]}
>>> exec(PY_SPARSE % {"digits": (4,), "unequal": True, "steps": 10**6, "most": 10**6}, namespace)
>>> [namespace["_by_octal"](n) for n in range(3, 12)]  # Grundy's game: G(3..11)
[1, 0, 2, 1, 0, 2, 1, 0, 2]
"""

from __future__ import annotations

MAX_HEAP = {"cpp": 50_000_000, "python": 2_000_000}
"""The largest heap an exported program computes (its table is kept in memory)."""

CPP_SPARSE = r"""// the take-and-break code d0 d1 ...: digit k says what may remain after removing k tokens
// (bit 1: nothing, bit 2: one heap, bit 4: two heaps); UNEQUAL: the two heaps must differ
static const int OCTAL[] = {@DIGITS@};
static const bool UNEQUAL = @UNEQUAL@;
static const unsigned long long OCTAL_STEPS = @STEPS@;  // steps to extend the table, all inputs
static const unsigned long long OCTAL_MOST = @MOST@;  // the largest heap this program computes

// The sparse-space method (Winning Ways ch. 4; Flammenkamp): heap x is rare when
// parity(G(x) & MASK) ^ (DELTA & x) == SIGMA. Two common heaps a + b = r have equal labels, so
// their XOR v has parity(v & MASK) == (DELTA & r): the values of the other class need only the
// pairs with a rare heap. Every other candidate is checked the plain way (exact for any mask).
struct Octal {
    std::vector<unsigned> g;  // G(0..size-1)
    std::vector<unsigned> rare;  // the rare heaps >= 1, increasing
    std::vector<int> nothing, single, split;  // the k of each kind of move
    std::vector<unsigned long long> seen, missing, cls[2];
    unsigned long long mask = 1, delta = 0, sigma = 0, cap = 1, spent = 0, next = 128;
    bool ready = false;
};
static Octal OC;

static int label(unsigned long long x) {
    return __builtin_parityll((unsigned long long)OC.g[x] & OC.mask) ^ (int)(OC.delta & x & 1);
}

// the classes with the fewest rare heaps in the later half of the table, then its rare heaps
static void choose_classes() {
    const size_t n = OC.g.size(), lo = n / 2 > 1 ? n / 2 : 1;
    int bits = 1;
    while ((1ull << bits) < OC.cap) ++bits;
    if (bits > 10) bits = 10;
    std::vector<unsigned long long> count[2];
    count[0].assign(1ull << bits, 0);
    count[1].assign(1ull << bits, 0);
    for (size_t x = lo; x < n; ++x) ++count[x & 1][OC.g[x] & ((1u << bits) - 1)];
    unsigned long long best = ~0ull;
    for (unsigned long long m = 1; m < (1ull << bits); ++m) {
        unsigned long long ones[2] = {0, 0};  // heaps labelled 1, with delta 0 and 1
        for (int par = 0; par < 2; ++par)
            for (unsigned long long v = 0; v < (1ull << bits); ++v) {
                if (!count[par][v]) continue;
                const int p = __builtin_parityll(v & m);
                ones[0] += p ? count[par][v] : 0;
                ones[1] += (p ^ par) ? count[par][v] : 0;
            }
        for (unsigned long long d = 0; d < 2; ++d)
            for (unsigned long long s = 0; s < 2; ++s) {
                const unsigned long long rare = s ? ones[d] : (n - lo) - ones[d];
                if (rare < best) {
                    best = rare;
                    OC.mask = m;
                    OC.delta = d;
                    OC.sigma = s;
                }
            }
    }
    OC.rare.clear();
    for (size_t x = 1; x < n; ++x)
        if ((unsigned long long)label(x) == OC.sigma) OC.rare.push_back((unsigned)x);
    const size_t words = OC.cap / 64 + 1;
    OC.seen.assign(words, 0);
    OC.missing.assign(words, 0);
    for (int p = 0; p < 2; ++p) OC.cls[p].assign(words, 0);
    for (unsigned long long v = 0; v < OC.cap; ++v)  // values from cap up: no pair makes them
        OC.cls[__builtin_parityll(v & OC.mask)][v / 64] |= 1ull << (v % 64);
    OC.spent += n + (1ull << bits) * 64;
}

static void octal_setup() {
    OC.ready = true;
    for (unsigned long long v : TABLE) OC.g.push_back((unsigned)v);
    const int digits = (int)(sizeof(OCTAL) / sizeof(OCTAL[0]));
    for (int k = 0; k < digits; ++k) {
        if (k && (OCTAL[k] & 1)) OC.nothing.push_back(k);
        if (k && (OCTAL[k] & 2)) OC.single.push_back(k);
        if (OCTAL[k] & 4) OC.split.push_back(k);
    }
    for (unsigned v : OC.g)
        while (OC.cap <= v) OC.cap *= 2;
    while (OC.next <= OC.g.size()) OC.next *= 2;
    choose_classes();
}

static inline void mark(std::vector<unsigned long long> &bits, unsigned long long v) {
    bits[v / 64] |= 1ull << (v % 64);
}

// marks the options of heap n but the splits into two common heaps; returns which classes
// (bit p: parity p) those splits can make
static int mark_options(unsigned long long n) {
    std::fill(OC.seen.begin(), OC.seen.end(), 0ull);
    for (int k : OC.nothing)
        if ((unsigned long long)k == n) mark(OC.seen, 0);
    for (int k : OC.single)
        if ((unsigned long long)k < n) mark(OC.seen, OC.g[n - k]);
    int kinds = 0;
    for (int k : OC.split) {
        if ((unsigned long long)k + 2 > n) continue;
        const unsigned long long r = n - k;
        kinds |= 1 << (int)(OC.delta & r & 1);
        if (!UNEQUAL && r % 2 == 0) mark(OC.seen, 0);  // two equal heaps
        size_t j = 0;
        for (; j < OC.rare.size() && OC.rare[j] < r; ++j) {
            const unsigned long long x = OC.rare[j];
            if (!UNEQUAL || 2 * x != r) mark(OC.seen, OC.g[x] ^ OC.g[r - x]);
        }
        OC.spent += j;
    }
    OC.spent += OC.seen.size() + OC.nothing.size() + OC.single.size();
    return kinds;
}

// scans the pairs of every split, clearing the candidates they make, until none is left (values
// below 256: 64 pairs at a time into four words, without a branch); returns how many are left
static unsigned long long scan_pairs(unsigned long long n, unsigned long long c, unsigned long long left) {
    unsigned long long *miss = OC.missing.data();
    for (size_t i = 0; i < OC.split.size() && left; ++i) {
        const unsigned long long k = (unsigned long long)OC.split[i];
        if (k + 2 > n) continue;
        const unsigned long long r = n - k, top = r / 2 + 1;
        const unsigned *g = OC.g.data();
        unsigned long long a = 1;
        while (a < top && left) {
            const unsigned long long end = a + 64 < top ? a + 64 : top;
            if (OC.cap <= 256) {
                unsigned long long acc[4] = {0, 0, 0, 0};
                for (unsigned long long b = a; b < end; ++b) {
                    const unsigned x = g[b] ^ g[r - b];
                    acc[x >> 6] |= (unsigned long long)!(UNEQUAL && 2 * b == r) << (x & 63);
                }
                left = 0;
                for (size_t w = 0; w < OC.missing.size() && w < 4; ++w) {
                    miss[w] &= ~acc[w];
                    left += (unsigned long long)__builtin_popcountll(miss[w]);
                }
            } else {
                for (unsigned long long b = a; b < end; ++b) {
                    const unsigned long long x = g[b] ^ g[r - b];
                    if ((UNEQUAL && 2 * b == r) || x >= c || !(miss[x / 64] >> (x % 64) & 1)) continue;
                    miss[x / 64] &= ~(1ull << (x % 64));
                    --left;
                }
            }
            OC.spent += end - a;
            a = end;
        }
    }
    return left;
}

// the least candidate below c (an unmarked value) that no split makes, else c: every pair is
// scanned until all the candidates are found (exact)
static unsigned long long check_candidates(unsigned long long n, unsigned long long c) {
    unsigned long long left = 0;
    for (size_t w = 0; w < OC.missing.size(); ++w) {
        unsigned long long bits = ~OC.seen[w];
        if (64 * w >= c) bits = 0;
        else if (64 * w + 64 > c) bits &= (1ull << (c - 64 * w)) - 1;
        OC.missing[w] = bits;
        left += (unsigned long long)__builtin_popcountll(bits);
    }
    if (left) left = scan_pairs(n, c, left);
    for (size_t w = 0; w < OC.missing.size() && left; ++w)
        if (OC.missing[w]) return 64 * w + (unsigned long long)__builtin_ctzll(OC.missing[w]);
    return c;
}

// G(n), extending the table up to n (an error line past the steps or the heaps it may use)
static unsigned long long by_octal(unsigned long long n) {
    if (!OC.ready) octal_setup();
    if (n < OC.g.size()) return OC.g[n];
    const std::string where = "heap " + std::to_string(n) + " is beyond the table (0.." +
                              std::to_string(TABLE.size() - 1) + "), and ";
    if (n > OCTAL_MOST) fail(where + "this program computes heaps up to " + std::to_string(OCTAL_MOST));
    while (OC.g.size() <= n) {
        if (OC.spent > OCTAL_STEPS)
            fail(where + "computing it needs more than the " + std::to_string(OCTAL_STEPS) +
                 " steps this program allows itself");
        const unsigned long long m = OC.g.size();
        const int kinds = mark_options(m);
        unsigned long long c = OC.cap;  // the least unmarked value no common pair makes
        for (size_t w = 0; w < OC.seen.size(); ++w) {
            unsigned long long avail = ~OC.seen[w];  // (no class holds a value from cap up)
            for (int p = 0; p < 2; ++p)
                if (kinds >> p & 1) avail &= ~OC.cls[p][w];
            if (avail) {
                c = 64 * w + (unsigned long long)__builtin_ctzll(avail);
                break;
            }
        }
        const unsigned long long v = check_candidates(m, c);
        OC.g.push_back((unsigned)v);
        const bool wider = v >= OC.cap;
        while (OC.cap <= v) OC.cap *= 2;
        if ((unsigned long long)label(m) == OC.sigma) OC.rare.push_back((unsigned)m);
        if (wider || OC.g.size() == OC.next) {  // a new bit, or a power of two: choose again
            while (OC.next <= OC.g.size()) OC.next *= 2;
            choose_classes();
        }
    }
    return OC.g[n];
}

// computes the table up to the largest heap of the input at once (within the program's bounds)
static void prepare(unsigned long long most) {
    try {
        if (most <= OCTAL_MOST) by_octal(most);
    } catch (const std::runtime_error &) {  // (each heap beyond says so on its own line)
    }
}"""


PY_SPARSE = '''# the take-and-break code d0 d1 ...: digit k says what may remain after removing k tokens
# (bit 1: nothing, bit 2: one heap, bit 4: two heaps); UNEQUAL: the two heaps must differ
OCTAL = %(digits)r
UNEQUAL = %(unequal)r
OCTAL_STEPS = %(steps)d  # steps to extend the table, all inputs together
OCTAL_MOST = %(most)d  # the largest heap this program computes
_G = list(TABLE)
_OC = {"ready": False, "rare": [], "mask": 1, "delta": 0, "sigma": 0, "cap": 1, "spent": 0, "next": 128}
_NOTHING = [k for k, d in enumerate(OCTAL) if k and d & 1]
_SINGLE = [k for k, d in enumerate(OCTAL) if k and d & 2]
_SPLIT = [k for k, d in enumerate(OCTAL) if d & 4]


def _label(x):
    return (bin(_G[x] & _OC["mask"]).count("1") ^ (_OC["delta"] & x)) & 1


def _choose_classes():
    """The sparse-space classes (Winning Ways ch. 4): heap x is rare when
    parity(G(x) & mask) ^ (delta & x) == sigma; those with the fewest rare heaps in the later half
    of the table, then the rare heaps."""
    n = len(_G)
    lo = max(1, n // 2)
    bits = min(10, max(1, (_OC["cap"] - 1).bit_length()))
    counts = {}
    for x in range(lo, n):
        key = (x & 1, _G[x] & ((1 << bits) - 1))
        counts[key] = counts.get(key, 0) + 1
    best = None
    for m in range(1, 1 << bits):
        ones = [0, 0]
        for (par, v), c in counts.items():
            p = bin(v & m).count("1") & 1
            ones[0] += c if p else 0
            ones[1] += c if p ^ par else 0
        for d in (0, 1):
            for s in (0, 1):
                rare = ones[d] if s else (n - lo) - ones[d]
                if best is None or rare < best[0]:
                    best = (rare, m, d, s)
    _OC["mask"], _OC["delta"], _OC["sigma"] = best[1:]
    _OC["rare"] = [x for x in range(1, n) if _label(x) == _OC["sigma"]]
    _OC["spent"] += n + (len(counts) << bits)


def _mex_of(n):
    """G(n) from G(0..n-1): the options without a split and the splits with a rare heap marked,
    then every unmarked value below the least one no pair of common heaps can make checked by
    scanning the pairs (exact for any classes)."""
    g, rare, delta = _G, _OC["rare"], _OC["delta"]
    seen = set()
    kinds = set()
    for k in _NOTHING:
        if k == n:
            seen.add(0)
    for k in _SINGLE:
        if k < n:
            seen.add(g[n - k])
    for k in _SPLIT:
        r = n - k
        if r < 2:
            continue
        kinds.add(delta & r & 1)
        if not UNEQUAL and r %% 2 == 0:
            seen.add(0)
        for x in rare:
            if x >= r:
                break
            if not UNEQUAL or 2 * x != r:
                seen.add(g[x] ^ g[r - x])
        _OC["spent"] += len(rare)
    mask, cap = _OC["mask"], _OC["cap"]
    c = 0
    while c < cap and (c in seen or (bin(c & mask).count("1") & 1) in kinds):
        c += 1
    missing = {v for v in range(c) if v not in seen}
    for k in _SPLIT:
        r = n - k
        a = 1
        while a <= r // 2 and missing:
            if not UNEQUAL or 2 * a != r:
                missing.discard(g[a] ^ g[r - a])
            a += 1
        _OC["spent"] += a
    return min(missing) if missing else c


def _by_octal(n):
    """G(n), extending the table up to n by the sparse-space method (an error past the steps or
    the heaps this program may use)."""
    g = _G
    if n < len(g):
        return g[n]
    where = f"heap {n} is beyond the table (0..{len(TABLE) - 1}), and "
    if n > OCTAL_MOST:
        raise ValueError(where + f"this program computes heaps up to {OCTAL_MOST:,}")
    if not _OC["ready"]:
        _OC["ready"] = True
        while _OC["cap"] <= max(g, default=0):
            _OC["cap"] *= 2
        while _OC["next"] <= len(g):
            _OC["next"] *= 2
        _choose_classes()
    while len(g) <= n:
        if _OC["spent"] > OCTAL_STEPS:
            raise ValueError(where + f"computing it needs more than the {OCTAL_STEPS:,} steps this "
                             f"program allows itself")
        m = len(g)
        v = _mex_of(m)
        g.append(v)
        if _label(m) == _OC["sigma"]:
            _OC["rare"].append(m)
        if v >= _OC["cap"] or len(g) == _OC["next"]:
            while _OC["cap"] <= v:
                _OC["cap"] *= 2
            while _OC["next"] <= len(g):
                _OC["next"] *= 2
            _choose_classes()
    return g[n]'''
