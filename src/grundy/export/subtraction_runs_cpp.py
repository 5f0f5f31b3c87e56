"""The runs of values of :mod:`grundy.tables.subtraction_runs` in C++17, for the program of the
family ``subtraction(S)`` (:data:`grundy.export.family_cpp.CPP_SUBTRACTION`): a set with a member
beyond ``RUNS_SMALL_MAX`` has its period proved on runs of values at run time, the same algorithm
step for step (the same cut of the set, chunks, folds, candidates and window theorem), its steps
counted in the program's budget (``sub_spent``, ``SUB_STEPS``). Positions are signed 64-bit
(members up to about 2·10^18); the tests compare it with the Python engine."""

from __future__ import annotations

CPP_RUNS_INCLUDES = ("functional", "numeric", "queue", "set", "tuple", "unordered_map")
"""The headers the C++ runs need beyond the family program's."""

CPP_RUNS = r"""// ---- runs of values: a set with a huge member (1-2-K), its period proved, no table ----
// G kept as runs (a word repeated over an interval); the small members (<= RUNS_SMALL_MAX) drive a
// transducer whose state (the last max(small) values) cycles within a chunk whose large members'
// inputs each lie in one run; a period p from n0 is proved when G(n + p) = G(n) on
// [n0, n0 + max S) (the window theorem), compared run by run (Fine and Wilf: periodic runs that
// agree on q1 + q2 places agree on the whole interval)
typedef long long i64;
typedef std::vector<unsigned> Word;
static const i64 RUNS_SMALL_MAX = 4096, RUNS_CANDIDATES = 48, RUNS_FOLD = 4096, RUNS_FEW_LARGE = 2;

static void runs_charge(unsigned long long count) {
    sub_spent += count;
    if (sub_spent > runs_limit) fail("no period proved within " + std::to_string(SUB_STEPS) + " steps");
}

static i64 pmod(i64 x, i64 q) {
    i64 r = x % q;
    return r < 0 ? r + q : r;
}

static i64 prefix_period(const Word &w) {
    const i64 n = (i64)w.size();
    if (n == 0) return 0;
    std::vector<i64> pi(n, 0);
    for (i64 i = 1; i < n; ++i) {
        i64 k = pi[i - 1];
        while (k && w[i] != w[k]) k = pi[k - 1];
        if (w[i] == w[k]) ++k;
        pi[i] = k;
    }
    return n - pi[n - 1];
}

// the first (last: the last) k < length with w1[(o1 + k) % |w1|] != w2[(o2 + k) % |w2|], or -1
static i64 runs_mismatch(const Word &w1, i64 o1, const Word &w2, i64 o2, i64 length, bool last) {
    const i64 n1 = (i64)w1.size(), n2 = (i64)w2.size();
    const i64 look = std::min(length, n1 + n2);
    for (i64 j = 0; j < look; ++j) {
        const i64 k = last ? length - 1 - j : j;
        if (w1[pmod(o1 + k, n1)] != w2[pmod(o2 + k, n2)]) return k;
    }
    return -1;
}

struct Runs {
    std::vector<i64> starts, ends;
    std::vector<Word> words;

    i64 find(i64 x) const {
        return (i64)(std::upper_bound(starts.begin(), starts.end(), x) - starts.begin()) - 1;
    }
    unsigned at(i64 x) const {
        const i64 i = find(x);
        return words[i][pmod(x - starts[i], (i64)words[i].size())];
    }
    bool add(i64 start, i64 end, Word word) {
        if (end <= start) return false;
        const i64 q = prefix_period(word);
        if ((i64)word.size() % q == 0 || end - start <= (i64)word.size()) word.resize(q);
        runs_charge(2 * word.size());
        if (!starts.empty() &&
            runs_mismatch(words.back(), start - starts.back(), word, 0, end - start, false) < 0) {
            ends.back() = end;
            return false;
        }
        const i64 origin = start;
        while (!starts.empty()) {
            const i64 s0 = starts.back();
            const i64 k = runs_mismatch(words.back(), 0, word, s0 - origin, start - s0, true);
            runs_charge(std::min(start - s0, (i64)(words.back().size() + word.size())) + 1);
            if (k >= 0) {
                ends.back() = start = s0 + k + 1;
                break;
            }
            starts.pop_back(), ends.pop_back(), words.pop_back();
            start = s0;
        }
        const i64 shift = pmod(start - origin, (i64)word.size());
        Word rotated(word.begin() + shift, word.end());
        rotated.insert(rotated.end(), word.begin(), word.begin() + shift);
        starts.push_back(start), ends.push_back(end), words.push_back(rotated);
        return true;
    }
    // the least y in [x, x + length) with G(y) != G(y + d), or -1
    i64 first_difference(i64 x, i64 d, i64 length) const {
        const i64 end = x + length;
        while (x < end) {
            const i64 i = find(x), j = find(x + d);
            const i64 run = std::min(std::min(ends[i] - x, ends[j] - x - d), end - x);
            runs_charge(std::min(run, (i64)(words[i].size() + words[j].size())) + 1);
            const i64 k = runs_mismatch(words[i], x - starts[i], words[j], x + d - starts[j], run, false);
            if (k >= 0) return x + k;
            x += run;
        }
        return -1;
    }
    // the greatest y < x with G(y) != G(y + d), or -1
    i64 last_difference(i64 x, i64 d) const {
        while (x > 0) {
            const i64 i = find(x - 1), j = find(x - 1 + d);
            const i64 run = std::min(x - starts[i], x + d - starts[j]);
            const i64 lo = x - run;
            runs_charge(std::min(run, (i64)(words[i].size() + words[j].size())) + 1);
            const i64 k = runs_mismatch(words[i], lo - starts[i], words[j], lo + d - starts[j], run, true);
            if (k >= 0) return lo + k;
            x = lo;
        }
        return -1;
    }
};

// a chunk of length heaps (-1: until they cycle) after state: literal, then word repeated (cycled)
static void runs_chunk(const std::vector<i64> &small, const Word &state, const std::vector<Word> &inputs,
                       i64 length, i64 block, Word &literal, Word &word, bool &cycled) {
    const i64 a = (i64)state.size();
    const i64 size = length < 0 ? block : std::min(block, length);
    Word buf(state);
    std::vector<unsigned> stamp(small.size() + inputs.size() + 2, 0);
    unsigned long long top = 1, h = 0;
    const unsigned long long B = 1000003ull;
    for (i64 i = 1; i < a; ++i) top *= B;
    for (unsigned v : buf) h = h * B + v + 1;
    std::unordered_map<unsigned long long, std::vector<i64>> seen;
    i64 done = 0, count = 0;
    unsigned mark = 0;
    cycled = false;
    while (length < 0 || done < length) {
        auto hit = seen.find(h);
        if (hit != seen.end()) {
            for (i64 b : hit->second) {
                runs_charge(a + 1);
                if (std::equal(buf.begin() + b * block, buf.begin() + b * block + a, buf.begin() + done)) {
                    literal.assign(buf.begin() + a, buf.begin() + a + b * block);
                    word.assign(buf.begin() + a + b * block, buf.end());
                    cycled = true;
                    return;
                }
            }
        }
        seen[h].push_back(count);
        const i64 todo = length < 0 ? size : std::min(size, length - done);
        runs_charge((unsigned long long)todo * (small.size() + inputs.size() + 2));
        for (i64 t = 0; t < todo; ++t) {
            const i64 n = (i64)buf.size();
            if (++mark == 0) {
                std::fill(stamp.begin(), stamp.end(), 0);
                mark = 1;
            }
            for (i64 x : small) {
                const unsigned v = buf[n - x];
                if (v < stamp.size()) stamp[v] = mark;
            }
            for (const Word &w : inputs) {
                const unsigned v = w[t % (i64)w.size()];
                if (v < stamp.size()) stamp[v] = mark;
            }
            unsigned v = 0;
            while (stamp[v] == mark) ++v;
            buf.push_back(v);
            if (a) h = (h - (buf[n - a] + 1ull) * top) * B + v + 1;
        }
        done += todo;
        ++count;
    }
    literal.assign(buf.begin() + a, buf.end());
    word.clear();
}

typedef std::priority_queue<std::tuple<i64, i64, i64>, std::vector<std::tuple<i64, i64, i64>>,
                            std::greater<std::tuple<i64, i64, i64>>> Pending;

// fold the newest run with the runs before it when the stretch repeats; then queue its candidates
static void runs_candidates(Runs &runs, i64 top, Pending &pending) {
    i64 j = (i64)runs.starts.size() - 1;
    i64 sj = runs.starts[j];
    const i64 end = runs.ends[j];
    for (i64 i = j - 1; i > std::max((i64)-1, j - 1 - RUNS_CANDIDATES); --i) {
        const i64 si = runs.starts[i], d = sj - si;
        if (d <= RUNS_FOLD && runs.words[i] == runs.words[j] &&
            runs.first_difference(si, d, end - d - si) < 0) {
            Word word;
            for (i64 x = si; x < sj; ++x) word.push_back(runs.at(x));
            runs_charge(2 * d);
            runs.starts.resize(i), runs.ends.resize(i), runs.words.resize(i);
            if (!runs.add(si, end, word)) return;
            j = (i64)runs.starts.size() - 1;
            sj = runs.starts[j];
            break;
        }
    }
    const Word &wj = runs.words[j];
    pending.push(std::make_tuple(sj + (i64)wj.size() + top, (i64)wj.size(), sj));
    for (i64 i = std::max((i64)0, j - RUNS_CANDIDATES); i < j; ++i)
        if (runs.words[i] == wj) pending.push(std::make_tuple(sj + top, sj - runs.starts[i], runs.starts[i]));
}

static unsigned long long runs_mulmod(unsigned long long a, unsigned long long b, unsigned long long m) {
    return (unsigned long long)((unsigned __int128)a * b % m);
}

static unsigned long long runs_powmod(unsigned long long b, unsigned long long e, unsigned long long m) {
    unsigned long long r = 1 % m;
    for (b %= m; e; e >>= 1, b = runs_mulmod(b, b, m))
        if (e & 1) r = runs_mulmod(r, b, m);
    return r;
}

static bool runs_prime(unsigned long long n) {  // Miller-Rabin, exact below 2^64
    if (n < 2) return false;
    static const unsigned long long bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (unsigned long long b : bases)
        if (n % b == 0) return n == b;
    unsigned long long d = n - 1;
    int r = 0;
    while (d % 2 == 0) d /= 2, ++r;
    for (unsigned long long b : bases) {
        unsigned long long x = runs_powmod(b, d, n);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int i = 1; i < r && composite; ++i) {
            x = runs_mulmod(x, x, n);
            if (x == n - 1) composite = false;
        }
        if (composite) return false;
    }
    return true;
}

static std::vector<unsigned long long> runs_factor(unsigned long long n) {  // primes of n, Pollard's rho
    std::vector<unsigned long long> out;
    for (unsigned long long r = 2; r < 1000; ++r)
        while (n % r == 0) out.push_back(r), n /= r;
    std::vector<unsigned long long> todo;
    if (n > 1) todo.push_back(n);
    while (!todo.empty()) {
        const unsigned long long x = todo.back();
        todo.pop_back();
        if (runs_prime(x)) {
            out.push_back(x);
            continue;
        }
        for (unsigned long long c = 1;; ++c) {
            unsigned long long u = 2, v = 2, d = 1;
            while (d == 1) {
                u = (runs_mulmod(u, u, x) + c) % x;
                v = (runs_mulmod(v, v, x) + c) % x;
                v = (runs_mulmod(v, v, x) + c) % x;
                d = std::gcd(u > v ? u - v : v - u, x);
                runs_charge(1);
            }
            if (d != x) {
                todo.push_back(d), todo.push_back(x / d);
                break;
            }
        }
    }
    return out;
}

struct RunsPeriod {
    Runs runs;
    i64 end = 0, period = 0, preperiod = 0;
    unsigned long long value(unsigned long long n) const {
        const unsigned long long e = (unsigned long long)preperiod, p = (unsigned long long)period;
        if (n >= (unsigned long long)end) n = e + (n - e) % p;
        return runs.at((i64)n);
    }
};

static std::pair<std::vector<i64>, std::vector<i64>> runs_split(const std::vector<i64> &s) {
    if (s.back() <= RUNS_SMALL_MAX) return {s, {}};
    unsigned __int128 best_top = 0, best_below = 1;
    size_t cut = 0;
    for (size_t j = 0; j < s.size(); ++j) {
        const i64 below = j ? s[j - 1] : 1;
        if (below > RUNS_SMALL_MAX) break;
        if ((unsigned __int128)s[j] * best_below >= best_top * (unsigned __int128)below)
            best_top = s[j], best_below = below, cut = j;
    }
    return {std::vector<i64>(s.begin(), s.begin() + cut), std::vector<i64>(s.begin() + cut, s.end())};
}

// whether the runs go first where a table could prove the period too: few large members
static bool runs_first(const std::vector<unsigned long long> &set) {
    const std::vector<i64> s(set.begin(), set.end());
    const size_t large = runs_split(s).second.size();
    return 0 < large && large <= (size_t)RUNS_FEW_LARGE;
}

// one chunk from heap m: the state and m move on, the new runs' candidates are queued
static void runs_grow(const std::vector<i64> &small, const std::vector<i64> &large, i64 top, Runs &runs,
                      Word &state, i64 &m, Pending &pending) {
    i64 length = -1, block = 1;
    for (i64 big : large)
        if (big > m) {
            length = big - m;
            break;
        }
    std::vector<Word> inputs;
    for (i64 big : large) {
        if (big > m) break;
        const i64 x = m - big, i = runs.find(x);
        const Word &w = runs.words[i];
        const i64 q = (i64)w.size(), phase = pmod(x - runs.starts[i], q);
        const i64 reach = std::min(big, runs.ends[i] - x);
        length = length < 0 ? reach : std::min(length, reach);
        Word rotated(w.begin() + phase, w.end());
        rotated.insert(rotated.end(), w.begin(), w.begin() + phase);
        inputs.push_back(rotated);
        const i64 g = std::gcd(block, q);
        // (capped: only min(block, length) counts)
        block = block / g > (i64)4e18 / q ? (i64)4e18 : block / g * q;
    }
    Word literal, word;
    bool cycled;
    runs_chunk(small, state, inputs, length, block, literal, word, cycled);
    if (length < 0) length = (i64)(literal.size() + 2 * word.size()) + top;
    const i64 lit = (i64)literal.size();
    if (runs.add(m, m + lit, literal)) runs_candidates(runs, top, pending);
    if (cycled && runs.add(m + lit, m + length, word)) runs_candidates(runs, top, pending);
    const i64 a = (i64)state.size();
    Word next;
    for (i64 t = std::max((i64)0, length - a); t < length; ++t)
        next.push_back(t < lit ? literal[t] : word[(t - lit) % (i64)word.size()]);
    Word joined(state);
    joined.insert(joined.end(), next.begin(), next.end());
    state.assign(joined.end() - a, joined.end());
    m += length;
}

static RunsPeriod runs_period(const std::vector<unsigned long long> &set) {
    std::vector<i64> s(set.begin(), set.end());
    const auto parts = runs_split(s);
    const std::vector<i64> &small = parts.first, &large = parts.second;
    const i64 a = small.empty() ? 0 : small.back(), top = s.back();
    RunsPeriod out;
    Runs &runs = out.runs;
    Word state;
    std::vector<unsigned> stamp(small.size() + 2, 0);
    for (i64 n = 0; n < a; ++n) {
        for (i64 x : small)
            if (x <= n && state[n - x] < stamp.size()) stamp[state[n - x]] = (unsigned)(n + 1);
        unsigned v = 0;
        while (stamp[v] == (unsigned)(n + 1)) ++v;
        state.push_back(v);
    }
    runs_charge((unsigned long long)a * (small.size() + 1));
    Pending pending;
    if (runs.add(0, a, state)) runs_candidates(runs, top, pending);
    i64 m = a;
    std::set<std::pair<i64, i64>> tried;
    while (true) {
        runs_grow(small, large, top, runs, state, m, pending);
        while (!pending.empty() && std::get<0>(pending.top()) <= m) {
            const i64 p = std::get<1>(pending.top()), n0 = std::get<2>(pending.top());
            pending.pop();
            if (p <= 0 || !tried.insert({p, n0}).second) continue;
            if (runs.first_difference(n0, p, top) < 0) {
                i64 least = p;
                std::vector<unsigned long long> primes = runs_factor((unsigned long long)p);
                std::sort(primes.begin(), primes.end());
                primes.erase(std::unique(primes.begin(), primes.end()), primes.end());
                for (unsigned long long r : primes)
                    while (least % (i64)r == 0 && runs.first_difference(n0, least / (i64)r, top) < 0)
                        least /= (i64)r;
                out.end = m;
                out.period = least;
                out.preperiod = runs.last_difference(n0, least) + 1;
                return out;
            }
        }
    }
}
"""
