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
