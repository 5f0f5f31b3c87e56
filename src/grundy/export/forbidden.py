"""The run-time code of the family ``forbidden-nim(P)`` (Nim with a finite list of forbidden moves,
AtCoder ABC 255 G) in the programs of :mod:`grundy.export.family` and
:mod:`grundy.export.family_cpp`: the rule of :mod:`grundy.games.takeaway.forbidden`, the listed
heaps valued in increasing order, every other heap by ``G(n) = H(x) + (n - x)`` from the last
listed heap ``x <= n``.

>>> from grundy.catalog import load_family
>>> from grundy.export.family import python_family
>>> title, family = load_family("forbidden-nim(P)")
>>> namespace: dict[str, object] = {"__name__": "doc"}
>>> exec(python_family(title, family, False, "lines", "each"), namespace)
>>> [namespace["grundy_value"](n, [1, 1, 3, 3, 3, 2, 4, 3, 4, 4]) for n in range(8)]
[0, 0, 1, 0, 2, 3, 4, 5]
"""

from __future__ import annotations

PY_FORBIDDEN = '''from bisect import bisect_right

_LAST = [None, None, None]  # the last list of pairs asked, its values, and the pairs as a tuple


class _Forbidden:
    """The values of the heaps a pair names (in increasing order): G(x), and H(x) = max G(0..x)."""

    def __init__(self, flat):
        targets = {}
        for i in range(0, len(flat), 2):
            x, y = flat[i], flat[i + 1]
            if not 1 <= y <= x:
                raise ValueError(f"a forbidden move x y needs 1 <= y <= x, got {x} {y}")
            targets.setdefault(x, set()).add(x - y)
        self.heaps, self.values, self.tops = [], [], []
        extra = {}  # value -> the lowered heaps worth it so far (its occurrences after the first)
        last, top = -1, -1  # the last listed heap, and H there
        for x in sorted(targets):
            before = top + (x - 1 - last)  # H(x - 1): each heap not lowered adds 1
            counts = {}
            for m in targets[x]:
                v = self.value(m)
                counts[v] = counts.get(v, 0) + 1
            # v is missing from x's options iff every heap below x worth v is a forbidden target
            missing = [v for v, c in counts.items() if c == 1 + extra.get(v, 0)]
            value = min(missing) if missing else before + 1
            if missing:
                extra[value] = extra.get(value, 0) + 1
            last, top = x, max(before, value)
            self.heaps.append(x)
            self.values.append(value)
            self.tops.append(top)

    def value(self, n):
        j = bisect_right(self.heaps, n) - 1
        if j < 0:
            return n
        if self.heaps[j] == n:
            return self.values[j]
        return self.tops[j] + (n - self.heaps[j])


def forbidden(P):
    """The values of the flat list of pairs P (kept: the same list again is not read again)."""
    if _LAST[0] is not P:
        key = tuple(P)
        if _LAST[2] != key:
            _LAST[1], _LAST[2] = _Forbidden(key), key
        _LAST[0] = P
    return _LAST[1]


def grundy_value(n, P):
    """G(n) of Nim where, for each pair x y of the flat list P, a heap of x may not lose exactly y."""
    return forbidden(P).value(n)


def answer(heaps, params):
    found, value = forbidden(params[0]), 0  # (the pairs looked up once per case, not per heap)
    for h in heaps:
        value ^= found.value(h)
    return value, value != 0'''
"""``grundy_value(n, P)`` and ``answer`` of the Python program (``P``: the pairs, flat)."""

CPP_FORBIDDEN = r"""// Nim with forbidden moves: the heaps a pair names, in increasing order, their G(x) and
// H(x) = max G(0..x); any other heap n: G(n) = H(x) + (n - x), x the last listed heap <= n (or n)
struct Forbidden {
    std::vector<unsigned long long> heaps, values, tops;
    unsigned long long value(unsigned long long n) const {
        const size_t j = std::upper_bound(heaps.begin(), heaps.end(), n) - heaps.begin();
        if (j == 0) return n;
        if (heaps[j - 1] == n) return values[j - 1];
        return tops[j - 1] + (n - heaps[j - 1]);
    }
};

static Forbidden forbidden_of(const std::vector<unsigned long long> &flat) {
    std::vector<std::pair<unsigned long long, unsigned long long>> moves;  // (x, x - y), each once
    moves.reserve(flat.size() / 2);
    for (size_t i = 0; i + 1 < flat.size(); i += 2) {
        const unsigned long long x = flat[i], y = flat[i + 1];
        if (y < 1 || y > x)
            fail("a forbidden move x y needs 1 <= y <= x, got " + std::to_string(x) + " " +
                 std::to_string(y));
        moves.push_back({x, x - y});
    }
    std::sort(moves.begin(), moves.end());
    moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
    Forbidden f;
    std::map<unsigned long long, unsigned long long> extra;  // value -> its lowered heaps so far
    std::vector<unsigned long long> got;
    long long last = -1, top = -1;  // the last listed heap, and H there (heaps below 2^63)
    for (size_t i = 0; i < moves.size();) {
        const unsigned long long x = moves[i].first;
        if (x >= (1ull << 63)) fail("a heap of a forbidden move is at most 2^63 - 1");
        const long long before = top + ((long long)x - 1 - last);  // H(x - 1)
        got.clear();
        for (; i < moves.size() && moves[i].first == x; ++i) got.push_back(f.value(moves[i].second));
        std::sort(got.begin(), got.end());
        long long value = before + 1;  // (none missing: a new value)
        for (size_t a = 0, b; a < got.size(); a = b) {  // the least v all of whose heaps are forbidden
            for (b = a; b < got.size() && got[b] == got[a]; ++b) {}
            const auto e = extra.find(got[a]);
            if (b - a == 1 + (e == extra.end() ? 0 : e->second)) {
                value = (long long)got[a];
                ++extra[got[a]];
                break;
            }
        }
        last = (long long)x;
        top = std::max(before, value);
        f.heaps.push_back(x);
        f.values.push_back((unsigned long long)value);
        f.tops.push_back((unsigned long long)top);
    }
    return f;
}

// the values of the pairs P, kept: the same pairs again (compared once per call) are not read again
static const Forbidden &forbidden(const std::vector<unsigned long long> &P) {
    static std::vector<unsigned long long> key;
    static Forbidden last;
    static bool have = false;
    if (!have || key != P) {
        last = forbidden_of(P);
        key = P;
        have = true;
    }
    return last;
}

unsigned long long grundy_value(unsigned long long n, const std::vector<unsigned long long> &P) {
    return forbidden(P).value(n);
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params,
            unsigned long long &value, bool &known) {
    const Forbidden &found = forbidden(params[0]);  // (the pairs looked up once per case, not per heap)
    known = true;
    value = 0;
    for (unsigned long long h : heaps) value ^= found.value(h);
    return value != 0;
}"""
"""``grundy_value(n, P)`` and ``answer`` of the C++ program."""
