"""The C++17 program of ``grundy export matrix`` (:mod:`grundy.export.matrix`): a simplex method
in ``long double`` that checks its own certificate, read by the main of the chosen input layout.

>>> "Solution solve(const Matrix &a)" in CPP_SOLVER
True
"""

from __future__ import annotations

CPP_SOLVER = r"""#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

// m, n <= MAX_SIDE and m * n <= MAX_CELLS, else an error line for that game
const long long MAX_SIDE = %(side)d;
const long long MAX_CELLS = %(cells)d;
const bool STRATEGIES = %(strategies)s;  // false: print the value alone
const int DIGITS = %(digits)d;  // decimals printed of every number
const long double EPS = 1e-15L;  // a reduced cost or pivot entry this small is 0 (payoffs scaled to [1, 2])
const long double TOL = 1e-12L;  // the certificate may miss by TOL * max(1, max |a_ij|), else an error line

typedef std::vector<std::vector<long double>> Matrix;

struct Solution {
    long double value = 0, lower = 0, upper = 0;  // lower = min_j (pA)_j, upper = max_i (Aq)_i
    std::vector<long double> p, q;
    std::string error;  // not empty: no answer (the reason)
};

static long long pivot_cap(long long m, long long n) { return 100 * (m + n) + 1000; }

// Maximise y_1 + ... + y_n subject to B y <= 1, y >= 0, where B = 1 + (A - min A) / (max A - min A)
// lies in [1, 2] (so the value of B is positive and the origin is a feasible basis). Pivots by
// Dantzig's rule, and by Bland's rule after a degenerate pivot until the objective grows again.
// Pivot on row r, column c: column c becomes the unit vector e_r (exactly).
static void pivot(std::vector<long double> &t, int m, int w, int r, int c) {
    long double *row = &t[(size_t)r * w];
    const long double p = row[c];
    for (int j = 0; j < w; ++j) row[j] /= p;
    row[c] = 1;
    for (int i = 0; i <= m; ++i) {
        long double *other = &t[(size_t)i * w];
        const long double f = other[c];
        if (i == r || f == 0) continue;
        for (int j = 0; j < w; ++j) other[j] -= f * row[j];
        other[c] = 0;
    }
}

static void simplex(std::vector<long double> &t, std::vector<int> &basis, int m, int n, Solution &s) {
    const int w = n + m + 1;
    bool bland = false;
    for (long long k = 0;; ++k) {
        if (k == pivot_cap(m, n)) {
            s.error = "no answer within " + std::to_string(pivot_cap(m, n)) + " pivots";
            return;
        }
        long double *z = &t[(size_t)m * w];
        int c = -1;
        for (int j = 0; j < n + m; ++j) {
            if (z[j] < -EPS && (c < 0 || (!bland && z[j] < z[c]))) c = j;
            if (bland && c >= 0) break;
        }
        if (c < 0) return;
        int r = -1;
        long double best = 0;
        for (int i = 0; i < m; ++i) {
            const long double a = t[(size_t)i * w + c];
            if (a <= EPS) continue;
            const long double ratio = t[(size_t)i * w + w - 1] / a;
            if (r < 0 || ratio < best - EPS || (ratio <= best + EPS && basis[i] < basis[r])) {
                r = i;
                best = ratio;
            }
        }
        if (r < 0) {
            s.error = "the simplex method lost its bound (rounding)";
            return;
        }
        bland = t[(size_t)r * w + w - 1] <= EPS;
        pivot(t, m, w, r, c);
        basis[r] = c;
    }
}

// Two rounds of iterative refinement of the final basis' primal values x and dual values pi, with
// residuals on the matrix span * B = A - min A + span (exact for integer payoffs below 2^62) and
// the basis inverse the tableau holds in its slack columns: it undoes the error the pivots piled up.
static void refine(const std::vector<long double> &t, const std::vector<int> &basis, const Matrix &a,
                   long double lo, long double span, std::vector<long double> &x,
                   std::vector<long double> &pi) {
    const int m = (int)a.size(), n = (int)a[0].size(), w = n + m + 1;
    auto column = [&](int b, int k) -> long double {  // span * B's column of basic variable b, row k
        return b < n ? a[k][b] - lo + span : (b - n == k ? span : 0);
    };
    std::vector<long double> r(m), e(m);
    for (int round = 0; round < 2; ++round) {
        for (int k = 0; k < m; ++k) {
            r[k] = span;
            for (int i = 0; i < m; ++i) r[k] -= x[i] * column(basis[i], k);
        }
        for (int i = 0; i < m; ++i) {
            e[i] = basis[i] < n ? 1 : 0;
            for (int k = 0; k < m; ++k) e[i] -= pi[k] * column(basis[i], k) / span;
        }
        for (int i = 0; i < m; ++i)
            for (int k = 0; k < m; ++k) {
                x[i] += t[(size_t)i * w + n + k] * r[k] / span;
                pi[k] += e[i] * t[(size_t)i * w + n + k];
            }
    }
}

static void normalise(std::vector<long double> &x) {
    long double sum = 0;
    for (long double &v : x) {
        v = v < 0 ? 0 : v;
        sum += v;
    }
    for (long double &v : x) v /= sum;
}

// The game a with at most as many rows as columns (see solve).
static Solution solve_wide(const Matrix &a) {
    const int m = (int)a.size(), n = (int)a[0].size(), w = n + m + 1;
    long double lo = a[0][0], hi = a[0][0], most = 1;
    for (const std::vector<long double> &row : a) {
        for (long double x : row) {
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
            most = std::fabs(x) > most ? std::fabs(x) : most;
        }
    }
    const long double span = hi > lo ? hi - lo : 1;
    std::vector<long double> t((size_t)(m + 1) * w, 0);
    std::vector<int> basis(m);
    for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) t[(size_t)i * w + j] = 1 + (a[i][j] - lo) / span;
        t[(size_t)i * w + n + i] = 1;
        t[(size_t)i * w + w - 1] = 1;
        basis[i] = n + i;
    }
    for (int j = 0; j < n; ++j) t[(size_t)m * w + j] = -1;
    Solution s;
    simplex(t, basis, m, n, s);
    if (!s.error.empty()) return s;
    std::vector<long double> x(m), pi(m);
    for (int i = 0; i < m; ++i) {
        x[i] = t[(size_t)i * w + w - 1];
        pi[i] = t[(size_t)m * w + n + i];  // the dual: the slacks' reduced costs
    }
    refine(t, basis, a, lo, span, x, pi);
    s.p.assign(m, 0);
    s.q.assign(n, 0);
    for (int i = 0; i < m; ++i) {
        if (basis[i] < n) s.q[basis[i]] = x[i];
        s.p[i] = pi[i];
    }
    normalise(s.p);
    normalise(s.q);
    s.lower = INFINITY;
    s.upper = -INFINITY;
    for (int j = 0; j < n; ++j) {
        long double sum = 0;
        for (int i = 0; i < m; ++i) sum += s.p[i] * a[i][j];
        s.lower = sum < s.lower ? sum : s.lower;
    }
    for (int i = 0; i < m; ++i) {
        long double sum = 0;
        for (int j = 0; j < n; ++j) sum += a[i][j] * s.q[j];
        s.upper = sum > s.upper ? sum : s.upper;
    }
    s.value = (s.lower + s.upper) / 2;
    if (s.upper - s.lower > TOL * most)
        s.error = "the certificate failed by rounding (max (Aq)_i - min (pA)_j too large)";
    return s;
}

// The game a solved as the column player's game, -A transposed (value -v, strategies q, p).
static Solution solve_transposed(const Matrix &a) {
    const size_t m = a.size(), n = a[0].size();
    Matrix b(n, std::vector<long double>(m));
    for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < n; ++j) b[j][i] = -a[i][j];
    Solution s = solve_wide(b), t;
    t.error = s.error;
    t.value = -s.value;
    t.lower = -s.upper;
    t.upper = -s.lower;
    t.p = s.q;
    t.q = s.p;
    return t;
}

// The value and optimal strategies of the game a (payoffs to the row player, who maximises), and
// the certificate min_j (pA)_j = lower <= value <= upper = max_i (Aq)_i, checked. A game with more
// rows than columns is solved as the column player's game (the tableau has min(m, n) + 1 rows);
// where rounding fails the certificate, the other player's game is tried (other roundings).
Solution solve(const Matrix &a) {
    const bool wide = a.size() <= a[0].size();
    const Solution s = wide ? solve_wide(a) : solve_transposed(a);
    if (s.error.empty()) return s;
    const Solution other = wide ? solve_transposed(a) : solve_wide(a);
    return other.error.empty() ? other : s;
}

static std::string text(long double x) {
    if (std::fabs(x) < 0.5L * std::pow(10.0L, -DIGITS)) x = 0;  // (no "-0.000")
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%%.*Lf", DIGITS, x);
    return buffer;
}

static std::string beyond(long long m, long long n) {
    return "a " + std::to_string(m) + " x " + std::to_string(n) + " game is beyond this program's bound " +
           "(m, n <= " + std::to_string(MAX_SIDE) + ", m * n <= " + std::to_string(MAX_CELLS) + ")";
}

// One output line: the value, then (with STRATEGIES) p and q, each after a bar.
std::string answer(const Matrix &a) {
    const long long m = (long long)a.size(), n = (long long)a[0].size();
    if (m > MAX_SIDE || n > MAX_SIDE || m * n > MAX_CELLS) return "error: " + beyond(m, n);
    const Solution s = solve(a);
    if (!s.error.empty()) return "error: " + s.error;
    std::string line = text(s.value);
    if (!STRATEGIES) return line;
    line += " |";
    for (long double x : s.p) line += " " + text(x);
    line += " |";
    for (long double x : s.q) line += " " + text(x);
    return line;
}
"""
"""The solver, its bounds and the line printed per game (``%`` fills the bounds and options)."""

CPP_MAIN = r"""
// 0: games up to the end of the input (a game 0 0 ends it too), 1: T games, 2: one game
const int LAYOUT = %(layout)d;

struct BadInput {
    std::string why;
};

static bool digits(const std::string &s) {
    if (s.empty()) return false;
    for (char ch : s)
        if (ch < '0' || ch > '9') return false;
    return true;
}

// An integer, a decimal (-2.5) or a fraction (3/4).
static long double payoff(const std::string &word) {
    const std::string body = !word.empty() && (word[0] == '+' || word[0] == '-') ? word.substr(1) : word;
    const size_t slash = body.find('/'), dot = body.find('.');
    const std::string top = body.substr(0, slash);
    const std::string bottom = slash == std::string::npos ? "1" : body.substr(slash + 1);
    const bool ok = dot == std::string::npos ? digits(top) :
                    slash == std::string::npos && digits(top.substr(0, dot)) && digits(top.substr(dot + 1));
    if (!ok || !digits(bottom) || std::strtold(bottom.c_str(), nullptr) == 0)
        throw BadInput{"not a payoff (an integer, a decimal or a fraction p/q): " + word};
    const long double x = std::strtold(top.c_str(), nullptr) / std::strtold(bottom.c_str(), nullptr);
    if (!std::isfinite(x)) throw BadInput{"a payoff too large for long double: " + word};
    return word[0] == '-' ? -x : x;
}

static long long count(const std::string &word, bool positive) {
    if (!digits(word) || word.size() > 9 || (positive && std::stoll(word) == 0))
        throw BadInput{std::string(positive ? "not a positive integer (at most 9 digits): "
                                            : "not a number of cases (at most 9 digits): ") + word};
    return std::stoll(word);
}

static std::string next(bool inside) {
    std::string word;
    if (!(std::cin >> word)) throw BadInput{inside ? "the input ended inside a case" : ""};
    return word;
}

int main() {
    std::ios::sync_with_stdio(false);
    bool failed = false;
    try {
        const long long cases = LAYOUT == 1 ? count(next(true), false) : 1;
        for (long long c = 0; LAYOUT == 0 || c < cases; ++c) {
            std::string first;
            if (LAYOUT == 0 && !(std::cin >> first)) break;
            if (LAYOUT != 0) first = next(true);
            const std::string second = next(true);
            if (LAYOUT == 0 && first == "0" && second == "0") break;  // (a case 0 0 ends the input)
            const long long m = count(first, true), n = count(second, true);
            const bool fits = m <= MAX_SIDE && n <= MAX_SIDE && m * n <= MAX_CELLS;
            Matrix a(fits ? m : 0, std::vector<long double>(fits ? n : 0));
            for (long long k = 0; k < m * n; ++k) {
                const std::string word = next(true);
                if (fits) a[k / n][k %% n] = payoff(word);
            }
            const std::string line = fits ? answer(a) : "error: " + beyond(m, n);
            if (line.compare(0, 6, "error:") == 0) failed = true;
            std::printf("%%s\n", line.c_str());
        }
        std::string extra;
        if (LAYOUT != 0 && std::cin >> extra) throw BadInput{"more words after the last case"};
    } catch (const BadInput &e) {
        std::fflush(stdout);
        std::fprintf(stderr, "error: %%s\n", e.why.c_str());
        return 1;
    }
    return failed ? 1 : 0;
}
"""
"""The main: read the games of the chosen layout and print one line per game."""
