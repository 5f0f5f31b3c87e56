"""The exported rule of k-fold dynamic subtraction (Schwenk's theorem; see
:mod:`grundy.games.takeaway.dynamic`): a pair ``(n, limit)`` is a P-position iff ``n = 0`` or the
smallest term of ``n``'s greedy form over ``H(1) = 1, H(j+1) = H(j) + H(m)`` (``m`` least with
``k·H(m) ≥ H(j)``) exceeds the limit. An :class:`~grundy.export.model.OutcomeRule` names it by
the code ``"kfold K"``.

>>> namespace = {}
>>> exec(python_rule("kfold 3"), namespace)
>>> [n for n in range(1, 30) if namespace["p_position"](n, n - 1)]
[1, 2, 3, 4, 6, 8, 11, 15, 21, 29]
"""

from __future__ import annotations

from grundy.errors import InvalidInputError

_PYTHON = '''def p_position(n, limit):
    """Schwenk: P iff n = 0 or the smallest term of n's greedy form over H exceeds the limit;
    H(1) = 1, H(j+1) = H(j) + H(m) with m least such that K * H(m) >= H(j) (K = %(k)d)."""
    if n == 0:
        return True
    h, m = [1], 0
    while h[-1] <= n:
        while %(k)d * h[m] < h[-1]:
            m += 1
        h.append(h[-1] + h[m])
    smallest = n
    for term in reversed(h):
        if term <= n:
            n -= term
            smallest = term
    return smallest > limit'''

_CPP = r"""// Schwenk: P iff n = 0 or the smallest term of n's greedy form over H exceeds the limit;
// H(1) = 1, H(j+1) = H(j) + H(m) with m least such that K * H(m) >= H(j) (K = %(k)d)
static bool p_position(unsigned long long n, unsigned long long limit) {
    if (n == 0) return true;
    static std::vector<unsigned long long> h{1};  // grown once to the largest n asked
    static size_t m = 0;
    static bool full = false;  // the next term would pass 2^64 - 1
    const unsigned long long k = %(k)dull;
    while (!full && h.back() <= n) {
        const unsigned long long last = h.back();
        while (h[m] < last / k + (last %% k != 0)) ++m;  // k * h[m] < last, without overflow
        if (h[m] > ULLONG_MAX - last) full = true;
        else h.push_back(last + h[m]);
    }
    unsigned long long smallest = n;
    for (size_t i = h.size(); i-- > 0;) {
        if (h[i] <= n) {
            n -= h[i];
            smallest = h[i];
        }
    }
    return smallest > limit;
}"""


def rule_k(code: str) -> int:
    """The ``k`` of a rule code ``"kfold K"`` (an error for any other code)."""
    name, _, k = code.partition(" ")
    if name != "kfold" or not k.isdigit() or int(k) < 1:
        raise InvalidInputError(f"unknown rule for the P-positions: {code!r}")
    return int(k)


def python_rule(code: str) -> str:
    """The Python ``p_position(n, limit)`` of the rule ``code``."""
    return _PYTHON % {"k": rule_k(code)}


def cpp_rule(code: str) -> str:
    """The C++17 ``p_position(n, limit)`` of the rule ``code`` (needs ``<vector>``, ``<climits>``)."""
    return _CPP % {"k": rule_k(code)}


# ---- the family dynamic-subtraction(k): k read at run time --------------------------------------

FAMILY_MOST = {"python": 500_000, "cpp": 2_000_000}
"""The most runs of the sequence a family program keeps (for the last ``k`` asked); a heap that
needs more gets an error line.

How many runs the terms up to ``n`` take: run ``i`` is built only when its start, above
``k·H(i-1)``, is at most ``n``, so the runs number at most ``T(n / k) + 1``, ``T(x)`` the number of
terms up to ``x``. The terms are ``1, 2, ..., k + 1``, then each is at least ``1 + 1/k`` times the
one before (``k·H(m) >= H(j)``), so ``T(x) <= x``, and ``T(x) <= (k + 1) (1 + ln(x / (k + 1))) + 1``
for ``x >= k + 1``. Hence at most ``n / k + 1`` runs (``sqrt(n) + 3`` when ``n / k < k + 1``), and
else at most ``2 + (k + 1) (1 + ln(n / k²))``, where ``k (1 + ln(n / k²))`` is largest at
``k = sqrt(n / e)``, ``2 sqrt(n / e)``: at most ``1.22·sqrt(n) + ln n + 3`` runs for every ``k`` (12,153 for
``n = 10^8``; the most measured, over 289 values of ``k``, is 10,575: ``python
bench/kfold_family.py``). So every heap up to ``1.6·10^11`` (Python) and ``2.7·10^12`` (C++) is
answered whatever ``k``, and larger ones for smaller ``k`` (``2^64 - 1``: 265,184 runs for
``k = 10^4``, 64 for ``k = 1``). A case costs the runs it adds (none while ``k`` repeats and the
heaps do not grow) and a binary search over the runs for each term of ``n``'s greedy form (at most
64 terms: each is more than ``k`` times the next)."""

PY_FAMILY = '''KFOLD_MOST = %(most)d  # the most runs of the sequence kept (of the last k asked)
_TERMS = {}


class _Terms:
    """The terms H(1) = 1, H(j+1) = H(j) + H(m) (m least with k * H(m) >= H(j)) of one k, kept as
    runs: the terms H(j) in (k * H(i-1), k * H(i)] all step by H(i) (H(0) = 0), since H(i) is then
    the least term >= H(j) / k; so run i starts at the first term above k * H(i-1), steps by H(i),
    the i-th term (from the runs before, or the next term itself when k = 1), and holds
    k - ceil(start / H(i)) + 1 terms (at least 1: start <= (k + 1) * H(i-1) <= k * H(i)). The
    steps are the terms up to n / k, so the runs of the terms up to n number at most
    2 + min(n / k, (k + 1) (1 + ln(n / k^2))) <= 1.22 sqrt(n) + ln(n) + 3."""

    def __init__(self, k):
        self.k, self.first, self.step, self.count = k, [], [], []
        self.next = 1  # the least term not in a run yet
        self.at, self.off = 0, 0  # the run and place of the next run's step (the i-th term)

    def grow(self, n):
        first, step, count = self.first, self.step, self.count
        while self.next <= n:
            if len(first) >= KFOLD_MOST:
                raise ValueError(f"heap {n}: the sequence of k = {self.k} needs more than "
                                 f"{KFOLD_MOST} runs, the most this program keeps")
            h = self.next
            d = first[self.at] + self.off * step[self.at] if self.at < len(first) else h
            c = self.k - (h + d - 1) // d + 1
            first.append(h)
            step.append(d)
            count.append(c)
            self.next = h + c * d
            self.off += 1
            if self.off == count[self.at]:
                self.at, self.off = self.at + 1, 0

    def smallest(self, n):
        """q(n): the smallest term of n's greedy form (n >= 1), walking down the runs."""
        self.grow(n)
        first, step, count = self.first, self.step, self.count
        while True:
            lo, hi = 0, len(first) - 1  # the last run starting at or below n
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if first[mid] <= n else (lo, mid - 1)
            term = first[lo] + min((n - first[lo]) // step[lo], count[lo] - 1) * step[lo]
            if term == n:
                return term
            n -= term


def smallest_winning_take(n, limit, k):
    """The smallest winning take from (n, limit) (at most limit may be taken now), or None when
    the player to move loses: Schwenk, the smallest term q(n) of n's greedy form if q(n) <= limit."""
    check(k)
    if n == 0 or limit == 0:
        return None
    if k not in _TERMS:
        _TERMS.clear()  # (the runs of the last k only)
        _TERMS[k] = _Terms(k)
    q = _TERMS[k].smallest(n)
    return q if q <= limit else None


def answer(heaps, params):
    """A position n (the start (n, n - 1): the first move may not take all) or n limit: the
    value (None: not computed), whether the player to move wins, and the smallest winning take."""
    if len(heaps) == 1:
        n, limit = heaps[0], max(heaps[0] - 1, 0)
    elif len(heaps) == 2:
        n, limit = heaps[0], min(heaps[1], heaps[0])
    else:
        raise ValueError(f"a position is n (the start) or n limit, got {len(heaps)} numbers")
    take = smallest_winning_take(n, limit, params[0])
    return None, take is not None, take'''

PY_FAMILY_LINE = '''def _answer_line(heaps, params):
    try:
        _, wins, take = answer(heaps, params)  # (the value is not computed)
        return f"- {'N' if wins else 'P'} {'-' if take is None else take}"
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"'''
"""The line of one position of the family program: ``VALUE OUTCOME TAKE``."""

CPP_FAMILY = r"""static const size_t KFOLD_MOST = @MOST@;  // the most runs kept (of the last k asked)

// the terms H(1) = 1, H(j+1) = H(j) + H(m) (m least with k * H(m) >= H(j)) of one k, kept as runs:
// the terms H(j) in (k * H(i-1), k * H(i)] all step by H(i) (H(0) = 0), since H(i) is then the least
// term >= H(j) / k; so run i starts at the first term above k * H(i-1), steps by H(i), the i-th term
// (from the runs before, or the next term itself when k = 1), and holds k - ceil(start / H(i)) + 1
// terms (at least 1). The runs of the terms up to n number at most 1.22 sqrt(n) + ln(n) + 3; a run's
// last term may pass 2^64 - 1 (its count is kept, its terms computed in 128 bits)
struct Terms {
    unsigned long long k = 0;
    std::vector<unsigned long long> first, step, count;
    u128 next = 1;  // the least term not in a run yet (past 2^64 - 1: every 64-bit heap is covered)
    size_t at = 0;  // the run and place of the next run's step (the i-th term)
    unsigned long long off = 0;

    void grow(unsigned long long n) {
        while (next <= n) {
            if (first.size() >= KFOLD_MOST)
                fail("heap " + std::to_string(n) + ": the sequence of k = " + std::to_string(k) +
                     " needs more than " + std::to_string(KFOLD_MOST) + " runs, the most this program keeps");
            const unsigned long long h = (unsigned long long)next;
            // the i-th term: at most h, so below 2^64
            const unsigned long long d =
                at < first.size() ? (unsigned long long)((u128)first[at] + (u128)off * step[at]) : h;
            const unsigned long long above = h / d + (h % d != 0);  // ceil(h / d) <= k
            if (above > k)  // (never: h <= (k + 1) * H(i-1) <= k * d; kept against an unsigned wrap)
                fail("the sequence of k = " + std::to_string(k) + " breaks at " + std::to_string(h));
            first.push_back(h);
            step.push_back(d);
            count.push_back(k - above + 1);
            next = (u128)h + (u128)(k - above + 1) * d;
            if (++off == count[at]) {
                ++at;
                off = 0;
            }
        }
    }

    // q(n): the smallest term of n's greedy form (n >= 1), walking down the runs
    unsigned long long smallest(unsigned long long n) {
        grow(n);
        while (true) {
            size_t lo = 0, hi = first.size() - 1;  // the last run starting at or below n
            while (lo < hi) {
                const size_t mid = (lo + hi + 1) / 2;
                if (first[mid] <= n) lo = mid;
                else hi = mid - 1;
            }
            const unsigned long long j = std::min((n - first[lo]) / step[lo], count[lo] - 1);
            const unsigned long long term = first[lo] + j * step[lo];  // (at most n)
            if (term == n) return term;
            n -= term;
        }
    }
};
static std::unique_ptr<Terms> kfold_terms;  // of the last k asked

// the smallest winning take from (n, limit) (at most limit may be taken now), or 0 when the player
// to move loses: Schwenk, the smallest term q(n) of n's greedy form if q(n) <= limit
unsigned long long smallest_winning_take(unsigned long long n, unsigned long long limit,
                                         unsigned long long k) {
    check(k);
    if (n == 0 || limit == 0) return 0;
    if (!kfold_terms || kfold_terms->k != k) {
        kfold_terms.reset(new Terms());
        kfold_terms->k = k;
    }
    const unsigned long long q = kfold_terms->smallest(n);
    return q <= limit ? q : 0;
}

// a position n (the start (n, n - 1): the first move may not take all) or n limit: the line
// 'VALUE OUTCOME TAKE' (the value not computed: '-'; TAKE the smallest winning take, '-' if none)
static std::string answer_line(const std::vector<unsigned long long> &heaps, const Params &params) {
    if (heaps.size() != 1 && heaps.size() != 2)
        fail("a position is n (the start) or n limit, got " + std::to_string(heaps.size()) + " numbers");
    const unsigned long long n = heaps[0];
    const unsigned long long limit = heaps.size() == 1 ? (n ? n - 1 : 0) : std::min(heaps[1], n);
    const unsigned long long take = smallest_winning_take(n, limit, params[0][0]);
    return take ? "- N " + std::to_string(take) : std::string("- P -");
}"""


def python_family_body(check: str) -> str:
    """The functions of ``dynamic-subtraction(k)`` in Python (``check``: of ``k``)."""
    return check + PY_FAMILY % {"most": FAMILY_MOST["python"]}


def cpp_family_body(check: str) -> str:
    """The functions of ``dynamic-subtraction(k)`` in C++ (``check``: of ``k``), with its own
    ``answer_line``."""
    return check + CPP_FAMILY.replace("@MOST@", str(FAMILY_MOST["cpp"]))
