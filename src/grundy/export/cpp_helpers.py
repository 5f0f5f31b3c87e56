"""The C++ helpers an exported formula calls: Python's integer semantics (floor division and
modulo, shifts, powers, overflow checks) in ``__int128``, and the number-theoretic functions of the
formula grammar; :func:`helpers_for` writes out only those a program uses (and those they call).
"""

from __future__ import annotations

import re

BASE = r"""typedef __int128 i128;
typedef unsigned __int128 u128;

[[noreturn]] static inline void fail(const std::string &why) { throw std::runtime_error(why); }"""

OVERFLOW = ('static const char FORMULA_OVERFLOW[] = "overflow: the formula needs more than 128 bits '
             'at this input (the Python export has no such limit)";')

# name -> (the helpers it calls, its code)
HELPERS: dict[str, tuple[tuple[str, ...], str]] = {
    "py_add": ((), r"""static inline i128 py_add(i128 x, i128 y) {
    i128 r;
    if (__builtin_add_overflow(x, y, &r)) fail(FORMULA_OVERFLOW);
    return r;
}"""),
    "py_sub": ((), r"""static inline i128 py_sub(i128 x, i128 y) {
    i128 r;
    if (__builtin_sub_overflow(x, y, &r)) fail(FORMULA_OVERFLOW);
    return r;
}"""),
    "py_mul": ((), r"""static inline i128 py_mul(i128 x, i128 y) {
    i128 r;
    if (__builtin_mul_overflow(x, y, &r)) fail(FORMULA_OVERFLOW);
    return r;
}"""),
    "py_neg": (("py_sub",), "static inline i128 py_neg(i128 x) { return py_sub(0, x); }"),
    "py_abs": (("py_neg",), "static inline i128 py_abs(i128 x) { return x < 0 ? py_neg(x) : x; }"),
    "py_min": ((), "static inline i128 py_min(i128 x, i128 y) { return y < x ? y : x; }"),
    "py_max": ((), "static inline i128 py_max(i128 x, i128 y) { return x < y ? y : x; }"),
    "py_floordiv": (("py_neg",), r"""// floor division, as in Python
static inline i128 py_floordiv(i128 x, i128 y) {
    if (y == 0) fail("division by zero");
    if (y == -1) return py_neg(x);
    i128 q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) --q;
    return q;
}"""),
    "py_mod": ((), r"""// modulo, as in Python
static inline i128 py_mod(i128 x, i128 y) {
    if (y == 0) fail("modulo by zero");
    if (y == -1) return 0;
    i128 r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
}"""),
    "py_shl": ((), r"""static inline i128 py_shl(i128 x, i128 s) {
    if (s < 0) fail("negative shift count");
    if (x == 0) return 0;
    if (s > 125) fail(FORMULA_OVERFLOW);
    i128 limit = (i128)1 << (126 - (int)s);
    if (x >= limit || x < -limit) fail(FORMULA_OVERFLOW);
    return x * ((i128)1 << (int)s);
}"""),
    "py_shr": (("py_floordiv",), r"""static inline i128 py_shr(i128 x, i128 s) {
    if (s < 0) fail("negative shift count");
    if (s > 125) return x < 0 ? -1 : 0;
    return py_floordiv(x, (i128)1 << (int)s);
}"""),
    "nonneg": ((), r"""static inline u128 nonneg(i128 x, const char *what) {
    if (x < 0) fail(what);
    return (u128)x;
}"""),
    "py_popcount": (("nonneg",), r"""static inline i128 py_popcount(i128 x) {
    u128 u = nonneg(x, "popcount of a negative number");
    return __builtin_popcountll((unsigned long long)u) + __builtin_popcountll((unsigned long long)(u >> 64));
}"""),
    "py_ctz": (("nonneg",), r"""static inline i128 py_ctz(i128 x) {  // trailing zero bits; ctz(0) = -1
    u128 u = nonneg(x, "ctz of a negative number");
    if (u == 0) return -1;
    int c = 0;
    while ((u & 1) == 0) { u >>= 1; ++c; }
    return c;
}"""),
    "py_cto": (("nonneg", "py_ctz", "py_add"), r"""static inline i128 py_cto(i128 x) {  // trailing one bits
    nonneg(x, "cto of a negative number");
    return py_ctz(py_add(x, 1));
}"""),
    "py_bit_length": (("nonneg",), r"""static inline i128 py_bit_length(i128 x) {
    u128 u = nonneg(x, "bit_length of a negative number");
    int c = 0;
    while (u) { u >>= 1; ++c; }
    return c;
}"""),
    "py_isqrt": (("nonneg",), r"""// exact: the largest r with r * r <= x
static inline i128 py_isqrt(i128 x) {
    u128 v = nonneg(x, "isqrt of a negative number");
    u128 r = 0;
    for (int bit = 63; bit >= 0; --bit) {
        u128 t = r | ((u128)1 << bit);
        if (t * t <= v) r = t;
    }
    return (i128)r;
}"""),
    "prime_u64": ((), r"""// primality and a factor of 1 <= n < 2**64 (Miller-Rabin, Pollard's rho)
static inline unsigned long long mulmod(unsigned long long a, unsigned long long b, unsigned long long m) {
    return (unsigned long long)((u128)a * b % m);
}
static unsigned long long powmod(unsigned long long a, unsigned long long e, unsigned long long m) {
    unsigned long long r = 1 % m;
    for (a %= m; e; e >>= 1, a = mulmod(a, a, m)) if (e & 1) r = mulmod(r, a, m);
    return r;
}
static bool is_prime_u64(unsigned long long n) {
    if (n < 2) return false;
    static const unsigned long long bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (unsigned long long p : bases) if (n % p == 0) return n == p;
    unsigned long long d = n - 1;
    int s = 0;
    while ((d & 1) == 0) { d >>= 1; ++s; }
    for (unsigned long long a : bases) {
        unsigned long long x = powmod(a, d, n);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int i = 1; i < s && composite; ++i) {
            x = mulmod(x, x, n);
            if (x == n - 1) composite = false;
        }
        if (composite) return false;
    }
    return true;
}
static unsigned long long gcd_u64(unsigned long long a, unsigned long long b) {
    while (b) { unsigned long long t = a % b; a = b; b = t; }
    return a;
}
static unsigned long long rho(unsigned long long n) {
    for (unsigned long long c = 1;; ++c) {
        unsigned long long x = 2, y = 2, d = 1;
        while (d == 1) {
            x = (mulmod(x, x, n) + c) % n;
            y = (mulmod(y, y, n) + c) % n;
            y = (mulmod(y, y, n) + c) % n;
            d = gcd_u64(x > y ? x - y : y - x, n);
        }
        if (d != n) return d;
    }
}"""),
    "factor_u64": (("prime_u64",), r"""// the exponents of the distinct primes of x (x >= 1, below 2**64)
static std::vector<int> exponents(i128 x, const char *what) {
    if (x < 1 || x > (i128)ULLONG_MAX) fail(what);
    unsigned long long n = (unsigned long long)x;
    std::vector<unsigned long long> primes, todo;
    for (unsigned long long p : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull})
        while (n % p == 0) { primes.push_back(p); n /= p; }
    if (n > 1) todo.push_back(n);
    while (!todo.empty()) {
        unsigned long long m = todo.back();
        todo.pop_back();
        if (is_prime_u64(m)) { primes.push_back(m); continue; }
        unsigned long long d = rho(m);
        todo.push_back(d);
        todo.push_back(m / d);
    }
    std::vector<int> out;
    std::sort(primes.begin(), primes.end());
    for (size_t i = 0; i < primes.size(); ++i) {
        if (i == 0 || primes[i] != primes[i - 1]) out.push_back(0);
        ++out.back();
    }
    return out;
}"""),
    "py_bigomega": (("factor_u64",), r"""// prime factors, with multiplicity
static inline i128 py_bigomega(i128 x) {
    i128 s = 0;
    for (int e : exponents(x, "bigomega needs 1 <= x < 2**64")) s += e;
    return s;
}"""),
    "py_omega": (("factor_u64",), r"""static inline i128 py_omega(i128 x) {  // distinct prime factors
    return (i128)exponents(x, "omega needs 1 <= x < 2**64").size();
}"""),
    "py_numdiv": (("factor_u64",), r"""static inline i128 py_numdiv(i128 x) {  // the number of divisors
    i128 d = 1;
    for (int e : exponents(x, "numdiv needs 1 <= x < 2**64")) d *= e + 1;
    return d;
}"""),
    "py_val": ((), r"""// the exponent of p in x; val(0, p) = -1
static inline i128 py_val(i128 x, i128 p) {
    if (x < 0 || p < 2) fail("val(x, p) needs x >= 0 and p >= 2");
    if (x == 0) return -1;
    i128 e = 0;
    while (x % p == 0) { x /= p; ++e; }
    return e;
}"""),
    "py_digitsum": ((), r"""static inline i128 py_digitsum(i128 x, i128 b) {  // base-b digit sum
    if (x < 0 || b < 2) fail("digitsum(x, b) needs x >= 0 and b >= 2");
    i128 s = 0;
    while (x) { s += x % b; x /= b; }
    return s;
}"""),
    "py_nimmul": ((), r"""// the nim product (Conway): D = 2^half, D * D = D ^ D/2
static unsigned long long nim_mul_u64(unsigned long long x, unsigned long long y, int half) {
    if (x < 2 || y < 2) return x * y;
    const unsigned long long mask = (1ull << half) - 1;
    const unsigned long long x1 = x >> half, x0 = x & mask, y1 = y >> half, y0 = y & mask;
    const int h = half > 1 ? half / 2 : 1;
    const unsigned long long c = nim_mul_u64(x0, y0, h), d = nim_mul_u64(x1, y1, h);
    const unsigned long long e = nim_mul_u64(x0 ^ x1, y0 ^ y1, h);
    return ((e ^ c) << half) ^ c ^ nim_mul_u64(d, 1ull << (half - 1), h);
}
static inline i128 py_nimmul(i128 x, i128 y) {
    if (x < 0 || y < 0 || x > (i128)ULLONG_MAX || y > (i128)ULLONG_MAX)
        fail("nimmul(x, y) needs 0 <= x, y < 2**64");
    return (i128)nim_mul_u64((unsigned long long)x, (unsigned long long)y, 32);
}"""),
    "prime_sieve": ((), r"""// the least prime factor of each number below the sieve's size (a linear sieve),
// and the primes there; grown on demand to cover x (by half its size at least: at most 1.5
// times the largest x asked)
static const unsigned long long SIEVE_LIMIT = 1ull << 25;
static std::vector<unsigned> sieve_least, sieve_primes;
static void sieve_cover(unsigned long long x) {
    if (x < sieve_least.size()) return;
    if (x >= SIEVE_LIMIT) fail("beyond the prime sieve of this program (2**25)");
    const unsigned long long top = std::min<unsigned long long>(
        std::max<unsigned long long>({x + 1, sieve_least.size() * 3ull / 2, 4096}), SIEVE_LIMIT);
    sieve_least.assign(top, 0);
    sieve_primes.clear();
    for (unsigned long long i = 2; i < top; ++i) {
        if (sieve_least[i] == 0) { sieve_least[i] = (unsigned)i; sieve_primes.push_back((unsigned)i); }
        for (unsigned p : sieve_primes) {
            if (p > sieve_least[i] || i * p >= top) break;
            sieve_least[i * p] = p;
        }
    }
}"""),
    "py_lpf": (("prime_sieve", "prime_u64"), r"""// the least prime factor; lpf(0) = 0, lpf(1) = 1
static inline i128 py_lpf(i128 x) {
    if (x < 0) fail("lpf of a negative number");
    if (x < 2) return x;
    if (x < (i128)SIEVE_LIMIT) {
        sieve_cover((unsigned long long)x);
        return sieve_least[(size_t)x];
    }
    if (x > (i128)ULLONG_MAX) fail("lpf needs x < 2**64");
    unsigned long long n = (unsigned long long)x;
    for (unsigned long long p = 2; p < 1000; ++p) if (n % p == 0) return p;
    unsigned long long least = n;  // (the least of its prime factors, by Pollard's rho)
    std::vector<unsigned long long> todo = {n};
    while (!todo.empty()) {
        unsigned long long m = todo.back();
        todo.pop_back();
        if (is_prime_u64(m)) { least = std::min(least, m); continue; }
        unsigned long long d = rho(m);
        todo.push_back(d);
        todo.push_back(m / d);
    }
    return least;
}"""),
    "py_primepi": (("prime_sieve",), r"""// the number of primes <= x (the index of a prime)
static inline i128 py_primepi(i128 x) {
    if (x < 0) fail("primepi of a negative number");
    if (x >= (i128)SIEVE_LIMIT) fail("primepi needs x < 2**25 (the prime sieve of this program)");
    sieve_cover((unsigned long long)x);
    const auto end = std::upper_bound(sieve_primes.begin(), sieve_primes.end(), (unsigned)x);
    return (i128)(end - sieve_primes.begin());
}"""),
    "py_G": ((), r"""unsigned long long grundy_value(unsigned long long n_);
// the formula's own value at x (a memoised recursion; 0 <= x < n)
static i128 py_G(i128 x, i128 n) {
    if (x < 0 || x >= n) fail("the recursion G(x) needs 0 <= x < n");
    static std::unordered_map<unsigned long long, unsigned long long> memo;
    const unsigned long long key = (unsigned long long)x;
    auto it = memo.find(key);
    if (it != memo.end()) return (i128)it->second;
    if (memo.size() > (1u << 20)) memo.clear();
    const unsigned long long v = grundy_value(key);
    memo[key] = v;
    return (i128)v;
}"""),
    "in_set": ((), r"""static inline bool in_set(i128 x, std::initializer_list<i128> s) {
    for (i128 v : s) if (v == x) return true;
    return false;
}"""),
}


def helpers_for(*expressions: str) -> list[str]:
    """The helpers the C++ ``expressions`` call (and the helpers those call), in a fixed order.

    >>> [h.split("(")[0].split()[-1] for h in helpers_for("py_neg(n)")]
    ['py_sub', 'py_neg']
    """
    wanted: set[str] = set()
    todo = [name for text in expressions for name in re.findall(r"\b(py_\w+|in_set|nonneg)\(", text)
            if name in HELPERS]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += HELPERS[name][0]
    return [code for name, (_, code) in HELPERS.items() if name in wanted]
