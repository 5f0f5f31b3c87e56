"""The C++17 side of :func:`grundy.export.family.export_family`: the same functions as the Python
program (``answer(heaps, params, value, known)``, a family's ``grundy_value``; tokens on a digraph,
whose value may be infinite and outcome a draw: ``answer_line``), and a main reading the parameters
and the positions in the layout asked.
"""

from __future__ import annotations

from grundy.export.cpp import translate
from grundy.export.cpp_helpers import BASE, OVERFLOW, helpers_for
from grundy.export.family import MAX_STRIPE, MOST, RUNS_TRIAL, STEPS, SUMS, header
from grundy.export.geography import CPP_GEOGRAPHY_MOVES_LINE, MOVES_HEADER, cpp_graph_body
from grundy.export.main import CPP_PARSE_NUMBER
from grundy.export.model import CPP_SUBTRACTION_SET
from grundy.model.laws import GRAPH_PARAMETERS, PAIR_PARAMETERS, SET_PARAMETERS, Family

_INCLUDES = ["cctype", "climits", "cstdio", "cstdlib", "iostream", "map", "memory", "sstream", "stdexcept",
             "string", "vector"]

_PARAMS = r"""// each parameter: its numbers (one number, or the members of a set)
typedef std::vector<std::vector<unsigned long long>> Params;"""

CPP_SUBTRACTION = r"""// steps (a heap's options, a window compared), all inputs together
static const unsigned long long SUB_STEPS = @STEPS@ull;
static const unsigned long long SUB_MOST = @MOST@ull;  // the longest table kept for one set
static const unsigned long long RUNS_TRIAL = @TRIAL@ull;  // the runs' steps on a set a table could prove
static unsigned long long runs_limit = SUB_STEPS;
static unsigned long long sub_spent = 0;

@RUNS@

// G(0..) of one subtraction set S, extended as asked, and its period once proved: a window of
// max S values ending at heap t >= max S that equals the one ending at t + p proves
// G(n + p) = G(n) for every n >= t - max S (Brent's cycle search over the windows, each match of
// their rolling hashes compared value by value)
struct Sub {
    std::vector<unsigned long long> s;
    std::vector<unsigned> g, stamp;
    unsigned long long w = 0, hash = 0, saved = 0, saved_hash = 0, power = 1, lam = 0, top = 1;
    unsigned long long e = 0, p = 0;  // the period, once proved (p > 0)
    std::shared_ptr<RunsPeriod> runs;  // a set with a member beyond RUNS_SMALL_MAX: its runs
    bool tried = false;

    void step() {
        const unsigned long long n = g.size();
        if (stamp.size() < s.size() + 2) stamp.assign(s.size() + 2, 0);
        for (unsigned long long x : s) {
            if (x > n) break;
            const unsigned v = g[n - x];
            if (v < stamp.size()) stamp[v] = (unsigned)(n + 1);
        }
        unsigned v = 0;
        while (stamp[v] == (unsigned)(n + 1)) ++v;
        g.push_back(v);
        sub_spent += s.size() + 1;
        const unsigned long long t = n + 1, B = 1000003ull;  // the window g[t - w .. t - 1] ends here
        if (t > w) hash = (hash - (g[t - 1 - w] + 1ull) * top) * B + v + 1;
        else hash = hash * B + v + 1;
        if (t < w) return;
        if (t == w) {
            saved = t;
            saved_hash = hash;
            return;
        }
        ++lam;
        if (hash == saved_hash) {
            sub_spent += w;
            bool same = true;
            for (unsigned long long i = 0; i < w && same; ++i) same = g[t - w + i] == g[saved - w + i];
            if (same) {
                p = t - saved;
                e = saved - w;
                while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
                return;
            }
        }
        if (lam == power) {
            saved = t;
            saved_hash = hash;
            power *= 2;
            lam = 0;
        }
    }

    unsigned long long value(unsigned long long n) {
        if (w > (unsigned long long)RUNS_SMALL_MAX && !tried) {  // a large member: runs of values
            tried = true;
            if (w > (unsigned long long)2e18)  // (the runs count heaps in 63 bits)
                fail("max S = " + std::to_string(w) + ": members above 2*10^18 are beyond this program");
            if (2 * w >= SUB_MOST) {
                try {
                    runs = std::make_shared<RunsPeriod>(runs_period(s));
                } catch (const std::runtime_error &why) {
                    tried = false;
                    fail("max S = " + std::to_string(w) + ": " + why.what() +
                         " on runs of values (the steps this program allows itself for all inputs)");
                }
            } else if (runs_first(s)) {  // a table could prove it too: runs within RUNS_TRIAL steps
                runs_limit = std::min(SUB_STEPS, sub_spent + RUNS_TRIAL);
                try {
                    runs = std::make_shared<RunsPeriod>(runs_period(s));
                } catch (const std::runtime_error &) {
                }
                runs_limit = SUB_STEPS;
            }
        }
        if (runs) return runs->value(n);
        while (p == 0 && g.size() <= n) {
            if (sub_spent > SUB_STEPS || g.size() >= SUB_MOST)
                fail("heap " + std::to_string(n) + ": the table holds " +
                     std::to_string(g.size()) + " heaps (max S = " + std::to_string(w) +
                     ") without a proved period, within the " +
                     std::to_string(SUB_STEPS) + " steps and " + std::to_string(SUB_MOST) +
                     " heaps this program allows itself");
            step();
        }
        if (n < g.size()) return g[n];
        return g[e + (n - e) % p];
    }
};
static std::map<std::vector<unsigned long long>, Sub> sub_sets;

@SUBTRACTION_SET@
// G(n) of the subtraction game with the set s
unsigned long long grundy_value(unsigned long long n, const std::vector<unsigned long long> &s) {
    const std::vector<unsigned long long> key = subtraction_set(s);
    auto found = sub_sets.find(key);
    if (found == sub_sets.end()) {
        Sub fresh;
        fresh.s = key;
        fresh.w = key.back();
        const bool table = fresh.w <= (unsigned long long)RUNS_SMALL_MAX;  // (else runs first)
        for (unsigned long long i = 1; table && i < fresh.w && i < SUB_MOST; ++i) fresh.top *= 1000003ull;
        found = sub_sets.emplace(key, fresh).first;
    }
    return found->second.value(n);
}

@SET_ANSWER@"""

CPP_SET_ANSWER = r"""bool answer(const std::vector<unsigned long long> &heaps, const Params &params,
            unsigned long long &value, bool &known) {
    known = true;
    value = 0;
    static const std::vector<unsigned long long> none{0};  // (no heap: heap 0, checks the parameters)
    for (unsigned long long h : heaps.empty() ? none : heaps) value ^= grundy_value(h, params[0]);
    return value != 0;
}"""
"""The answer of a family of one set parameter: the XOR of the heaps' values (``grundy_value(h, S)``)."""

CPP_MOORE = r"""// Moore's theorem: P iff every binary column sum of the heaps is 0 mod k + 1
bool first_player_wins(const std::vector<unsigned long long> &heaps, unsigned long long k) {
    check(k);
    for (int bit = 0; bit < 64; ++bit) {
        unsigned long long ones = 0;
        for (unsigned long long h : heaps) ones += (h >> bit) & 1;
        if ((ones <= k ? ones : ones % (k + 1)) != 0) return true;
    }
    return false;
}

// a lone non-empty heap is a Nim heap; several: no theorem gives the value
bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    unsigned long long live = 0;
    value = 0;
    for (unsigned long long h : heaps) {
        if (h) {
            ++live;
            value = h;
        }
    }
    const bool wins = first_player_wins(heaps, params[0][0]);
    known = live <= 1;
    return wins;
}"""

CPP_STRIPES = r"""// steps (pairs of rows looked at, values compared), all inputs together
static const unsigned long long ROW_STEPS = @STEPS@ull;
static const unsigned long long ROW_MOST = @MOST@ull;  // the longest table kept for one set of lengths
static unsigned long long row_spent = 0;

// G(0..) of one set of lengths, extended as asked, and its period once proved by the Guy-Smith
// theorem: G(n + p) = G(n) for e <= n < 2e + p + t (t the longest removal) implies it for every
// n >= e; tried each time the table's length reaches a power of two
struct Rows {
    std::vector<unsigned long long> lengths;
    std::vector<unsigned> g;
    unsigned long long t = 0, e = 0, p = 0;  // the period, once proved (p > 0)

    void prove() {
        const unsigned long long size = g.size();
        for (unsigned long long q = 1; 2 * q <= size; ++q) {
            unsigned long long n = size - q;  // every index from n up agrees
            while (n > 0 && g[n - 1] == g[n - 1 + q]) --n;
            row_spent += size - q - n + 1;
            if (2 * n + 2 * q + t <= size) {
                e = n;
                p = q;
                return;
            }
        }
    }

    // left[r]: a bit for each value of the rows r stones leave (i and r - i stones), found once
    std::vector<std::vector<unsigned long long>> left;
    unsigned top = 0;  // the largest value so far

    void step() {
        const unsigned long long x = g.size();
        std::vector<unsigned long long> seen;  // removing s leaves x - s stones: their values
        for (unsigned long long s : lengths) {
            if (s > x) break;
            const std::vector<unsigned long long> &bits = left[x - s];
            if (seen.size() < bits.size()) seen.resize(bits.size(), 0);
            for (size_t w = 0; w < bits.size(); ++w) seen[w] |= bits[w];
            row_spent += bits.size();
        }
        unsigned v = 0;
        while (v / 64 < seen.size() && (seen[v / 64] >> (v % 64) & 1)) ++v;
        g.push_back(v);
        if (v > top) top = v;
        unsigned long long width = 1;  // a XOR of two values below 2^k is below 2^k
        while (width <= top) width <<= 1;
        std::vector<unsigned long long> bits((width + 63) / 64, 0);
        for (unsigned long long i = 0; 2 * i <= x; ++i) {
            const unsigned w = g[i] ^ g[x - i];
            bits[w / 64] |= 1ull << (w % 64);
        }
        row_spent += x / 2 + 1;
        while (bits.size() > 1 && bits.back() == 0) bits.pop_back();
        left.push_back(std::move(bits));
        if ((g.size() & (g.size() - 1)) == 0) prove();
    }

    unsigned long long value(unsigned long long row) {
        while (p == 0 && g.size() <= row) {
            if (g.size() >= ROW_MOST || row_spent > ROW_STEPS)
                fail("row " + std::to_string(row) + ": the table holds " +
                     std::to_string(g.size()) + " rows" +
                     " without a period proved by the Guy-Smith theorem, within the " +
                     std::to_string(ROW_STEPS) + " steps and " + std::to_string(ROW_MOST) +
                     " rows this program allows itself");
            step();
        }
        if (row < g.size()) return g[row];
        return g[e + (row - e) % p];
    }
};
static std::map<std::vector<unsigned long long>, Rows> row_tables;

// the table of one set of lengths (sorted, repeats dropped)
static Rows &rows_of(std::vector<unsigned long long> lengths) {
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    Rows &rows = row_tables[lengths];
    if (rows.lengths.empty()) {
        rows.lengths = lengths;
        rows.t = lengths.back();
    }
    return rows;
}
@FRONT@"""

CPP_STRIPES_CZN = r"""
// G(row): the mex over removing c, z or n consecutive stones (0, 1 or 2 rows remain)
unsigned long long grundy_value(unsigned long long row, unsigned long long c, unsigned long long z,
                                unsigned long long n) {
    check(c, z, n);
    return rows_of({c, z, n}).value(row);
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    known = true;
    value = 0;
    static const std::vector<unsigned long long> none{0};  // (no heap: heap 0, checks the parameters)
    for (unsigned long long h : heaps.empty() ? none : heaps)
        value ^= grundy_value(h, params[0][0], params[1][0], params[2][0]);
    return value != 0;
}"""

CPP_STRIPES_SET = r"""
// G(row): the mex over removing exactly s consecutive stones, s in S (0, 1 or 2 rows remain)
unsigned long long grundy_value(unsigned long long row, const std::vector<unsigned long long> &S) {
    if (S.empty()) fail("the set S of lengths is empty");
    for (unsigned long long s : S)
        if (s < 1 || s > @MAX@) fail("a length of S must be from 1 to @MAX@, got " + std::to_string(s));
    return rows_of(S).value(row);
}

@SET_ANSWER@"""

CPP_DIGRAPH = r"""// a vertex's value: finite (>= 0), INF (infinite) or UNSET (unknown yet)
static const long long INF = -1, UNSET = -2;

// one graph (edges u1 v1 u2 v2 ...: a move from u to v): its vertices (the numbers its edges name,
// sorted), the successors of vertex u (ends[first[u] .. first[u + 1] - 1]) and the generalised
// Sprague-Grundy value of each
struct Graph {
    std::vector<unsigned long long> labels;
    std::vector<size_t> first, ends;
    std::vector<long long> value;
};
static std::map<std::vector<unsigned long long>, Graph> GRAPHS;

// the heads of the edges leaving each vertex u: ends[first[u] .. first[u + 1] - 1] (counting
// sort, a repeated edge kept as often as given)
static void csr(size_t n, const std::vector<size_t> &tails, const std::vector<size_t> &heads,
                std::vector<size_t> &first, std::vector<size_t> &ends) {
    first.assign(n + 1, 0);
    for (size_t u : tails) ++first[u + 1];
    for (size_t u = 0; u < n; ++u) first[u + 1] += first[u];
    std::vector<size_t> fill(first.begin(), first.end() - 1);
    ends.assign(tails.size(), 0);
    for (size_t k = 0; k < tails.size(); ++k) ends[fill[tails[k]]++] = heads[k];
}

// the Grundy value of each vertex from which no cycle can be reached: the mex of its successors',
// from the sinks back (a vertex is done once all its successors are); UNSET elsewhere. O(V + E)
static void from_the_sinks(Graph &g, const std::vector<size_t> &rfirst, const std::vector<size_t> &rends) {
    const size_t n = g.labels.size();
    std::vector<size_t> left(n), ready;
    g.value.assign(n, UNSET);
    for (size_t u = 0; u < n; ++u) {
        left[u] = g.first[u + 1] - g.first[u];
        if (left[u] == 0) ready.push_back(u);
    }
    std::vector<size_t> mark;  // mark[x] == u + 1: a successor of u has the value x
    while (!ready.empty()) {
        const size_t u = ready.back();
        ready.pop_back();
        const size_t degree = g.first[u + 1] - g.first[u];
        if (mark.size() < degree + 1) mark.resize(degree + 1, 0);
        for (size_t k = g.first[u]; k < g.first[u + 1]; ++k)
            if ((size_t)g.value[g.ends[k]] <= degree) mark[(size_t)g.value[g.ends[k]]] = u + 1;
        long long x = 0;
        while (mark[(size_t)x] == u + 1) ++x;
        g.value[u] = x;
        for (size_t k = rfirst[u]; k < rfirst[u + 1]; ++k)
            if (--left[rends[k]] == 0) ready.push_back(rends[k]);
    }
}

// Smith's generalised Sprague-Grundy values of the vertices still UNSET (those from which a cycle
// can be reached), by the Fraenkel-Yesha labelling in stages i = 0, 1, ...: label i every
// unlabelled u that has no successor labelled i and whose every successor that is unlabelled or
// INF has a successor labelled i (until no more can be); then label INF every unlabelled vertex
// with no successor labelled i. A vertex valued from the sinks back with value i takes part in
// stage i as labelled at its start (first in the queue: a vertex is labelled only after them).
// base[u] counts u's edges to unlabelled or INF successors (kept from stage to stage), cnt[u] those
// of them without a successor labelled i. A stage costs O(V + E) at most (the unlabelled vertices,
// and the predecessors of those that get a successor labelled i), and a vertex unlabelled after
// stage i has successors of every value 0..i, so there are at most G + 2 stages, G the largest
// finite value (G (G + 1) / 2 <= E): O((V + E) (G + 2)) time, O(V + E) memory, no recursion.
static void smith(Graph &g, const std::vector<size_t> &rfirst, const std::vector<size_t> &rends) {
    const size_t n = g.labels.size();
    std::vector<size_t> todo, ranked, start, queue, marked, kept;
    long long top = -1;
    for (size_t u = 0; u < n; ++u) {
        if (g.value[u] == UNSET) todo.push_back(u);
        top = std::max(top, g.value[u]);
    }
    if (todo.empty()) return;
    start.assign((size_t)(top + 2), 0);  // the vertices of value x: ranked[start[x] .. start[x + 1] - 1]
    for (size_t u = 0; u < n; ++u)
        if (g.value[u] >= 0) ++start[(size_t)g.value[u] + 1];
    for (size_t x = 0; x + 1 < start.size(); ++x) start[x + 1] += start[x];
    ranked.resize(start.back());
    std::vector<size_t> fill(start.begin(), start.end() - 1);
    for (size_t u = 0; u < n; ++u)
        if (g.value[u] >= 0) ranked[fill[(size_t)g.value[u]]++] = u;
    std::vector<size_t> base(n, 0), cnt(n, 0);
    for (size_t u : todo)
        for (size_t k = g.first[u]; k < g.first[u + 1]; ++k) base[u] += g.value[g.ends[k]] < 0;
    std::vector<char> has(n, 0);  // has[u]: u has a successor labelled i (this stage)
    for (long long i = 0; !todo.empty(); ++i) {
        queue.clear();
        if (i <= top) queue.assign(ranked.begin() + start[(size_t)i], ranked.begin() + start[(size_t)i + 1]);
        for (size_t u : todo) {
            cnt[u] = base[u];
            if (cnt[u] == 0) queue.push_back(u);
        }
        marked.clear();
        for (size_t head = 0; head < queue.size(); ++head) {
            const size_t x = queue[head];
            if (g.value[x] == UNSET) {
                if (has[x] || cnt[x]) continue;
                g.value[x] = i;
                for (size_t k = rfirst[x]; k < rfirst[x + 1]; ++k)
                    if (g.value[rends[k]] == UNSET) --base[rends[k]];
            }
            for (size_t k = rfirst[x]; k < rfirst[x + 1]; ++k) {
                const size_t p = rends[k];
                if (has[p]) continue;
                has[p] = 1;
                marked.push_back(p);
                if (g.value[p] >= 0) continue;  // (else p no longer holds its predecessors back)
                for (size_t k2 = rfirst[p]; k2 < rfirst[p + 1]; ++k2) {
                    const size_t q = rends[k2];
                    if (--cnt[q] == 0 && g.value[q] == UNSET && !has[q]) queue.push_back(q);
                }
            }
        }
        kept.clear();
        for (size_t u : todo) {
            if (g.value[u] != UNSET) continue;
            if (has[u]) kept.push_back(u);
            else g.value[u] = INF;
        }
        todo.swap(kept);
        for (size_t p : marked) has[p] = 0;
    }
}

// the graph of the edges, solved (kept: the same edges again are the same graph); its vertices
// numbered by sorting the numbers the edges name, O(E log E)
static const Graph &graph_values(const std::vector<unsigned long long> &edges) {
    const auto found = GRAPHS.find(edges);
    if (found != GRAPHS.end()) return found->second;
    Graph g;
    g.labels = edges;
    std::sort(g.labels.begin(), g.labels.end());
    g.labels.erase(std::unique(g.labels.begin(), g.labels.end()), g.labels.end());
    const size_t n = g.labels.size(), m = edges.size() / 2;
    std::vector<size_t> tails(m), heads(m), rfirst, rends;
    const auto index = [&g](unsigned long long x) {
        return (size_t)(std::lower_bound(g.labels.begin(), g.labels.end(), x) - g.labels.begin());
    };
    for (size_t k = 0; k < m; ++k) {
        tails[k] = index(edges[2 * k]);
        heads[k] = index(edges[2 * k + 1]);
    }
    csr(n, tails, heads, g.first, g.ends);
    csr(n, heads, tails, rfirst, rends);
    from_the_sinks(g, rfirst, rends);
    smith(g, rfirst, rends);
    GRAPHS.clear();  // (only the last graph is kept: many large graphs in one input hold one at a time)
    return GRAPHS.emplace(edges, std::move(g)).first->second;
}

// the value of a token on `vertex` (0 on a vertex no edge names: no move) and, if it is INF, K: the
// finite values of its successors (sorted)
static long long vertex_value(unsigned long long vertex, const Graph &g, std::vector<long long> &options) {
    options.clear();
    const auto at = std::lower_bound(g.labels.begin(), g.labels.end(), vertex);
    if (at == g.labels.end() || *at != vertex) return 0;
    const size_t u = (size_t)(at - g.labels.begin());
    if (g.value[u] != INF) return g.value[u];
    for (size_t k = g.first[u]; k < g.first[u + 1]; ++k)
        if (g.value[g.ends[k]] >= 0) options.push_back(g.value[g.ends[k]]);
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    return INF;
}

static std::string infinite_text(const std::vector<long long> &options) {
    std::string out = "inf(";
    for (size_t k = 0; k < options.size(); ++k) out += (k ? "," : "") + std::to_string(options[k]);
    return out + ")";
}

// the generalised value of a token on `vertex`: "3", or "inf(0,2)" (infinite, K = {0, 2})
std::string value_text(unsigned long long vertex, const std::vector<unsigned long long> &edges) {
    std::vector<long long> options;
    const long long g = vertex_value(vertex, graph_values(edges), options);
    return g == INF ? infinite_text(options) : std::to_string(g);
}

// the finite value of a token on `vertex` (an error if it is infinite)
unsigned long long grundy_value(unsigned long long vertex, const std::vector<unsigned long long> &edges) {
    std::vector<long long> options;
    const long long g = vertex_value(vertex, graph_values(edges), options);
    if (g == INF)
        fail("vertex " + std::to_string(vertex) + " has the infinite value " + infinite_text(options) +
             ": a play from it may never end");
    return (unsigned long long)g;
}

// the sum of tokens on the vertices `heaps` by Smith's rule: 'VALUE OUTCOME', the value a number or
// inf(K), the outcome N (the player to move wins), P or D (a draw: neither can force a win)
std::string answer_line(const std::vector<unsigned long long> &heaps, const Params &params) {
    // (the main keeps the last case's parameters alive while it answers the next, and cases share
    // the parameters read once: the same object again is the same graph, found without comparing its edges)
    static const Params *last_params = nullptr;
    static const Graph *last = nullptr;
    if (&params != last_params) {
        last = &graph_values(params[0]);
        last_params = &params;
    }
    unsigned long long total = 0;
    size_t infinite = 0;
    std::vector<long long> options, kept;
    for (unsigned long long token : heaps) {
        const long long g = vertex_value(token, *last, options);
        if (g == INF) {
            ++infinite;
            kept.swap(options);
        } else {
            total ^= (unsigned long long)g;
        }
    }
    if (infinite == 0) return std::to_string(total) + (total ? " N" : " P");
    if (infinite > 1) return "inf() D";  // (neither player can force a win)
    bool wins = false;
    for (long long &k : kept) {
        wins = wins || (unsigned long long)k == total;
        k = (long long)((unsigned long long)k ^ total);
    }
    std::sort(kept.begin(), kept.end());
    return infinite_text(kept) + (wins ? " N" : " D");
}"""

CPP_HACKENBUSH = r"""// Green Hackenbush on the multigraph of the edges u1 v1 u2 v2 ... (a loop: u u),
// grounded at each of its vertices, all at once in O(V + E) (after sorting the vertex numbers, O(E log E)).
// Fusion principle: the vertices of each 2-edge-connected block are fused, its edges becoming loops
// (k loops count k mod 2); colon principle: on the tree of bridges left, a branch hanging by a
// bridge counts 1 + its value, and branches at a vertex XOR. Each tree of blocks is valued from one
// root (down), then rerooted (the branch towards the root, seen from a block, is its parent's whole
// value with the block's own branch XORed out).
struct Grounds {
    std::vector<unsigned long long> labels, value;  // the vertices (sorted) and each one's value
};
static std::map<std::vector<unsigned long long>, Grounds> GROUNDS;

typedef std::vector<std::vector<std::pair<size_t, size_t>>> Adjacency;  // (neighbour, edge id)

// depth first from `root` (no recursion): the order of each vertex of its component (after those
// of the components before, listed in `seen`) and its bridges; low, through and next are scratch
// of one entry a vertex, set when the vertex is reached (so each component costs its own size)
static void find_bridges(size_t root, const Adjacency &adj, std::vector<size_t> &order,
                         std::vector<size_t> &seen, std::vector<char> &bridge, std::vector<size_t> &low,
                         std::vector<size_t> &through, std::vector<size_t> &next) {
    const size_t none = (size_t)-1;
    std::vector<size_t> stack{root};
    order[root] = low[root] = seen.size();
    through[root] = none;
    next[root] = 0;
    seen.push_back(root);
    while (!stack.empty()) {
        const size_t u = stack.back();
        if (next[u] < adj[u].size()) {
            const size_t v = adj[u][next[u]].first, i = adj[u][next[u]].second;
            ++next[u];
            if (i == through[u]) continue;
            if (order[v] != none) {
                low[u] = std::min(low[u], order[v]);
            } else {
                order[v] = low[v] = seen.size();
                seen.push_back(v);
                through[v] = i;
                next[v] = 0;
                stack.push_back(v);
            }
            continue;
        }
        stack.pop_back();
        if (!stack.empty()) {
            const size_t parent = stack.back();
            low[parent] = std::min(low[parent], low[u]);
            if (low[u] > order[parent]) bridge[through[u]] = 1;
        }
    }
}

static const Grounds &ground_values(const std::vector<unsigned long long> &edges) {
    const auto found = GROUNDS.find(edges);
    if (found != GROUNDS.end()) return found->second;
    Grounds g;
    g.labels = edges;
    std::sort(g.labels.begin(), g.labels.end());
    g.labels.erase(std::unique(g.labels.begin(), g.labels.end()), g.labels.end());
    const auto index = [&g](unsigned long long x) {
        return (size_t)(std::lower_bound(g.labels.begin(), g.labels.end(), x) - g.labels.begin());
    };
    const size_t n = g.labels.size(), m = edges.size() / 2, none = (size_t)-1;
    Adjacency adj(n);
    std::vector<size_t> ends(2 * m);
    for (size_t i = 0; i < m; ++i) {
        ends[2 * i] = index(edges[2 * i]);
        ends[2 * i + 1] = index(edges[2 * i + 1]);
        adj[ends[2 * i]].push_back({ends[2 * i + 1], i});
        adj[ends[2 * i + 1]].push_back({ends[2 * i], i});
    }
    std::vector<size_t> order(n, none), seen, roots, block(n, none), low(n), through(n), next(n);
    std::vector<char> bridge(m, 0);
    for (size_t r = 0; r < n; ++r)
        if (order[r] == none) {
            roots.push_back(r);
            find_bridges(r, adj, order, seen, bridge, low, through, next);
        }
    for (size_t start : seen) {  // the blocks (reached without crossing a bridge)
        if (block[start] != none) continue;
        block[start] = start;
        std::vector<size_t> todo{start};
        while (!todo.empty()) {
            const size_t u = todo.back();
            todo.pop_back();
            for (const auto &edge : adj[u])
                if (!bridge[edge.second] && block[edge.first] == none) {
                    block[edge.first] = start;
                    todo.push_back(edge.first);
                }
        }
    }
    std::vector<unsigned long long> down(n, 0), whole(n, 0);
    for (size_t i = 0; i < m; ++i)
        if (!bridge[i]) down[block[ends[2 * i]]] ^= 1;  // (its loops)
    for (size_t k = seen.size(); k-- > 0;) {  // (children before parents)
        const size_t u = seen[k];
        for (const auto &edge : adj[u])
            if (bridge[edge.second] && order[edge.first] > order[u])
                down[block[u]] ^= down[block[edge.first]] + 1;
    }
    for (size_t r : roots) whole[block[r]] = down[block[r]];
    for (size_t u : seen)  // (parents before children)
        for (const auto &edge : adj[u])
            if (bridge[edge.second] && order[edge.first] > order[u]) {
                const size_t b = block[u], c = block[edge.first];
                const unsigned long long towards_root = whole[b] ^ (down[c] + 1);
                whole[c] = down[c] ^ (towards_root + 1);
            }
    g.value.resize(n);
    for (size_t u = 0; u < n; ++u) g.value[u] = whole[block[u]];
    GROUNDS.clear();  // (only the last graph is kept: many large graphs in one input hold one at a time)
    return GROUNDS.emplace(edges, std::move(g)).first->second;
}

static unsigned long long value_at(const Grounds &g, unsigned long long ground) {
    const auto at = std::lower_bound(g.labels.begin(), g.labels.end(), ground);
    return at == g.labels.end() || *at != ground ? 0 : g.value[(size_t)(at - g.labels.begin())];
}

// Green Hackenbush on the multigraph of the edges grounded at `ground` (0 if no edge names it); for
// many grounds of one graph, ground_values(edges) gives them all at once
unsigned long long hackenbush_value(unsigned long long ground, const std::vector<unsigned long long> &edges) {
    return value_at(ground_values(edges), ground);
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    // (the main keeps the last case's parameters alive while it answers the next, and cases share
    // the parameters read once: the same object again is the same graph, found without comparing its edges)
    static const Params *last_params = nullptr;
    static const Grounds *last = nullptr;
    if (heaps.size() != 1)
        fail("a position is one ground vertex, got " + std::to_string(heaps.size()) + " numbers");
    if (&params != last_params) {
        last = &ground_values(params[0]);
        last_params = &params;
    }
    known = true;
    value = value_at(*last, heaps[0]);
    return value != 0;
}"""


CPP_MAIN = r"""
static const int PARAMS[] = {@KINDS@};  // each parameter: 0 one number, 1 a set (its size, then its
                                       // members), a graph: 2 m, then m edges u v; 3 n m, then m
                                       // edges; 4 a tree, n, then n - 1 edges; 5 successor lists, n,
                                       // then each vertex's count x and its x successors; 6
                                       // pairs, m, then m pairs x y
static const char WHERE = '@WHERE@';  // the parameters: f first (once), e each (start of a case), l last,
                                      // b block (start of a block of cases), s sum (k games a case,
                                      // each its parameters, then its position), S sum-last (each
                                      // game its position, then its parameters),
                                      // a after (once, after the first number: T, or n of counted),
                                      // z size-first (a case: the set's size, then one heap, then
                                      // the set's members: EDPC K's N K, then a_1 .. a_N),
                                      // c counts-first (a case: n m, then n heaps, then the m
                                      // members: ABC 255 G's N M, A_1 .. A_N, then M pairs X Y;
                                      // a graph: its counts and k, its edges, then k tokens)
static const char LAYOUT = '@LAYOUT@';  // l lines, c cases, o counted (one case), s single (T heaps),
                                        // r repeated (up to a case whose count is 0)
static const bool HAS_FIXED = @HAS_FIXED@;  // every case's position fixed (not in the input): FIXED
static const unsigned long long FIXED = @FIXED@ull;

struct InputEnd {
    std::string why;
};

@PARSE_NUMBER@

// the words of the input, read in order: of one line (a list), or of standard input, read in pieces
// of 64 KiB as the words are taken (only a piece and the word being read are held: a judge's input of
// many large graphs costs one graph's numbers, not the input's text)
static char PIECE[1 << 16];

struct Case;

struct Words {
    std::vector<std::string> list;  // the words of one line (lines layout)
    bool stream = false;  // else standard input, from the piece's position on
    size_t at = 0;  // words taken
    bool empty = true;  // the last parameters read were all 0 as written (a block of them ends the input)
    size_t pos = 0, got = 0;  // the piece read: PIECE[pos:got] not looked at yet
    bool ended = false;  // standard input is at its end
    std::string word;  // the word being read (kept: no allocation per word)

    int peek() {  // the next character of standard input (EOF at its end), not taken
        if (pos == got) {
            if (ended) return EOF;
            got = std::fread(PIECE, 1, sizeof PIECE, stdin);
            pos = 0;
            if (got == 0) {
                ended = true;
                return EOF;
            }
        }
        return (unsigned char)PIECE[pos];
    }
    bool more() {
        if (!stream) return at < list.size();
        for (int c; (c = peek()) != EOF; ++pos)
            if (!std::isspace(c)) return true;
        return false;
    }
    size_t left() {  // the words not taken yet (all of them read)
        if (!stream) return list.size() - at;
        size_t count = 0;
        while (more()) {
            ++count;
            for (int c; (c = peek()) != EOF && !std::isspace(c);) ++pos;
        }
        return count;
    }
    unsigned long long take() {
        if (!more()) throw InputEnd{"the input ended inside a case"};
        ++at;
        if (!stream) return parse_number(list[at - 1]);
        word.clear();
        for (int c; (c = peek()) != EOF && !std::isspace(c); ++pos) word.push_back((char)c);
        return parse_number(word);
    }
    Params params() {
        Params out;
        empty = true;
        for (int kind : PARAMS) {
            std::vector<unsigned long long> numbers;
            if (kind == 5) {  // (successor lists: the edges u v, u = 0, 1, ..., n - 1 in turn)
                const unsigned long long n = take();
                for (unsigned long long u = 0; u < n; ++u)
                    for (unsigned long long x = take(), i = 0; i < x; ++i) {
                        numbers.push_back(u);
                        numbers.push_back(take());
                    }
                empty = empty && n == 0;
                out.push_back(std::move(numbers));
                continue;
            }
            // (n m: n, the number of vertices, is not used; a graph is empty as written when its n
            // and m are 0, not n alone, and a tree when its n is 0)
            const bool none = kind != 3 || take() == 0;
            unsigned long long count = kind ? take() : 1;
            const bool written_empty = none && count == 0;
            if (kind == 4) count = count ? count - 1 : 0;  // (a tree of n vertices: n - 1 edges)
            if (kind >= 2) {  // (a graph: its edges, two numbers each)
                if (count > ULLONG_MAX / 2) throw InputEnd{"a graph of " + std::to_string(count) + " edges"};
                count *= 2;
            }
            // (room for them at once, up to 2^20 (8 MB): a count the input does not hold never costs
            // more; a larger graph's numbers grow as they are read)
            const unsigned long long room = stream ? 1ull << 20 : list.size() - at;
            numbers.reserve((size_t)std::min(count, room));
            for (unsigned long long i = 0; i < count; ++i) numbers.push_back(take());
            empty = empty && (kind ? written_empty : numbers[0] == 0);
            out.push_back(std::move(numbers));
        }
        return out;
    }
    Case size_first();
    unsigned long long edge_numbers(int kind);
    std::vector<unsigned long long> heaps() {
        std::vector<unsigned long long> out;
        if (HAS_FIXED) return {FIXED};  // (the position is not in the input)
        const unsigned long long count = LAYOUT == 's' || WHERE == 's' || WHERE == 'S' ? 1
                                         : LAYOUT == 'l' ? left() : take();
        for (unsigned long long i = 0; i < count; ++i) out.push_back(take());
        return out;
    }
};

struct Case {
    std::vector<unsigned long long> heaps;
    std::shared_ptr<const Params> params;  // (parameters read once are shared, not copied per case)
    std::string error;  // why its line cannot be read
};

// how many numbers a graph's edges are, its counts read (2 m, then m edges; 3 n m (n not used); 4 a
// tree's n: n - 1 edges), two each
unsigned long long Words::edge_numbers(int kind) {
    if (kind == 3) take();
    unsigned long long count = take();
    if (kind == 4) count = count ? count - 1 : 0;
    if (count > ULLONG_MAX / 2) throw InputEnd{"a graph of " + std::to_string(count) + " edges"};
    return 2 * count;
}

// z: one case, the set's size, then its one heap, then the set's members (the family's one parameter;
// a graph: its counts, then one vertex, then its edges)
Case Words::size_first() {
    const unsigned long long size = PARAMS[0] == 1 ? take() : edge_numbers(PARAMS[0]);
    Case c;
    c.heaps.push_back(take());
    Params params(1);
    params[0].reserve((size_t)std::min(size, stream ? 1ull << 20 : (unsigned long long)(list.size() - at)));
    for (unsigned long long i = 0; i < size; ++i) params[0].push_back(take());
    c.params = std::make_shared<const Params>(std::move(params));
    return c;
}

static std::vector<std::string> split(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    std::string word;
    while (in >> word) out.push_back(word);
    return out;
}

// answers one case as soon as it is read (no case is kept: a judge's input of many large graphs
// holds one at a time); the parameters of the case before stay alive while the next is read and
// answered, so a new graph is never allocated where the last one answered stood (answer() knows the
// graph it answered last by its address)
static bool FAILED = false;

static void emit(const Case &c) {
    static std::shared_ptr<const Params> held;
    std::string text = "error: " + c.error;
    if (c.error.empty()) {
        try {
            text = answer_line(c.heaps, *c.params);
        } catch (const std::runtime_error &e) {
            text = std::string("error: ") + e.what();
        }
    }
    if (text.compare(0, 6, "error:") == 0) FAILED = true;
    std::printf("%s\n", text.c_str());
    held = c.params;
}

static bool zeros(const std::vector<std::string> &words) {  // every word a 0 as written
    for (const std::string &word : words)
        if (word.find_first_not_of('0') != std::string::npos) return false;
    return true;
}

static void read_lines() {
    const size_t count = sizeof(PARAMS) / sizeof(PARAMS[0]);
    std::string line;
    bool have = false;
    std::shared_ptr<const Params> fixed;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> words = split(line);
        if (words.empty()) continue;
        if (WHERE == 'f' && !have) {
            Words in;
            in.list = words;
            try {
                fixed = std::make_shared<const Params>(in.params());
            } catch (const std::runtime_error &e) {
                throw InputEnd{e.what()};
            }
            if (in.at < words.size())
                throw InputEnd{std::to_string(words.size() - in.at) + " more words on the parameters' line"};
            have = true;
            continue;
        }
        const bool set_last = WHERE == 'l' && std::count(PARAMS, PARAMS + count, 1) > 0;
        if (set_last)  // (one heap, then the set: its size, then its members)
            std::rotate(words.begin(), words.begin() + 1, words.end());
        else if (WHERE == 'l' && words.size() >= count)
            std::rotate(words.begin(), words.end() - count, words.end());
        Case c;
        try {
            Words in;
            in.list = words;
            if (WHERE == 'z') {
                c = in.size_first();
                if (in.at < words.size())
                    throw InputEnd{std::to_string(words.size() - in.at) + " more words after the last case"};
            } else {
                c.params = WHERE == 'f' ? fixed : std::make_shared<const Params>(in.params());
                if (set_last && in.at + 1 != words.size())
                    throw InputEnd{"a line is one heap, then the set (its size, then its members): " +
                                   std::to_string(words.size()) + " words, not " + std::to_string(in.at + 1)};
                c.heaps = in.heaps();
            }
        } catch (const std::runtime_error &e) {
            c.error = e.what();
        } catch (const InputEnd &e) {
            c.error = e.why;
        }
        if (c.error.empty() && (WHERE == 'e' || WHERE == 'l') && zeros(words)) {
            try {  // (a line of zeros that is no game: the judge's end mark, HDU 4764's 0 0)
                answer_line(c.heaps, *c.params);
            } catch (const std::runtime_error &) {
                return;
            }
        }
        emit(c);
    }
}

// the cases of each block (its parameters, then its cases; r: cases up to one whose count is 0), up
// to the end of the input or a block whose parameters are all 0 (an empty set, a graph written 0)
static void read_blocks(Words &in) {
    try {
        while (in.more()) {
            const auto params = std::make_shared<const Params>(in.params());
            if (in.empty) break;  // (a number 0, or a set or graph with nothing in it)
            while (LAYOUT == 'r' && in.more()) {
                Case c;
                c.params = params;
                c.heaps = in.heaps();
                if (c.heaps.empty()) break;
                emit(c);
            }
            const unsigned long long count = LAYOUT == 'o' ? 1 : LAYOUT == 'r' ? 0 : in.take();
            for (unsigned long long i = 0; i < count; ++i) {
                Case c;
                c.params = params;
                c.heaps = in.heaps();
                emit(c);
            }
        }
    } catch (const std::runtime_error &e) {
        throw InputEnd{e.what()};
    }
    if (in.more())
        throw InputEnd{std::to_string(in.left()) + " more words after the block that ends the input"};
}

@SUMS@static void read_stream() {
    Words in;
    in.stream = true;
    if (WHERE == 'b') {
        read_blocks(in);
        return;
    }
@SUM_CALL@    try {
        if (WHERE == 'z') {
            for (unsigned long long i = 0, count = LAYOUT == 'o' ? 1 : in.take(); i < count; ++i)
                emit(in.size_first());
            if (in.more()) throw InputEnd{std::to_string(in.left()) + " more words after the last case"};
            return;
        }
        if (WHERE == 'c') {
            for (unsigned long long i = 0, count = LAYOUT == 'o' ? 1 : in.take(); i < count; ++i) {
                Case c;
                Params params(1);
                if (PARAMS[0] >= 2 && PARAMS[0] <= 4) {  // (a graph's counts and k, its edges, k tokens)
                    const unsigned long long size = in.edge_numbers(PARAMS[0]), k = in.take();
                    params[0].reserve((size_t)std::min(size, 1ull << 20));
                    for (unsigned long long j = 0; j < size; ++j) params[0].push_back(in.take());
                    for (unsigned long long j = 0; j < k; ++j) c.heaps.push_back(in.take());
                    c.params = std::make_shared<const Params>(std::move(params));
                    emit(c);
                    continue;
                }
                const unsigned long long n = in.take(), m = in.take();
                for (unsigned long long j = 0; j < n; ++j) c.heaps.push_back(in.take());
                const unsigned long long size = PARAMS[0] == 1 ? m : 2 * m;
                params[0].reserve((size_t)std::min(size, 1ull << 20));
                for (unsigned long long j = 0; j < size; ++j) params[0].push_back(in.take());
                c.params = std::make_shared<const Params>(std::move(params));
                emit(c);
            }
            if (in.more()) throw InputEnd{std::to_string(in.left()) + " more words after the last case"};
            return;
        }
        const unsigned long long first = WHERE == 'a' ? in.take() : 0;  // (T, or n of counted)
        const bool once = WHERE == 'f' || WHERE == 'a';  // (the parameters read once, for every case)
        const auto fixed = std::make_shared<const Params>(once ? in.params() : Params());
        const unsigned long long count = LAYOUT == 'o' ? 1 : WHERE == 'a' ? first : in.take();
        for (unsigned long long i = 0; i < count; ++i) {
            Case c;
            c.params = WHERE == 'e' ? std::make_shared<const Params>(in.params()) : fixed;
            if (WHERE == 'a' && LAYOUT == 'o')
                for (unsigned long long j = 0; j < first; ++j) c.heaps.push_back(in.take());
            else
                c.heaps = in.heaps();
            if (WHERE == 'l') c.params = std::make_shared<const Params>(in.params());
            emit(c);
        }
    } catch (const std::runtime_error &e) {
        throw InputEnd{e.what()};
    }
    if (in.more()) throw InputEnd{std::to_string(in.left()) + " more words after the last case"};
}

int main() {
    std::ios::sync_with_stdio(false);
    std::string stop;  // why reading stopped early: every case after it is lost
    try {
        if (LAYOUT == 'l') read_lines();
        else read_stream();
    } catch (const InputEnd &e) {
        stop = e.why;
    }
    if (!stop.empty()) {
        std::fprintf(stderr, "error: %s\n", stop.c_str());
        return 1;
    }
    return FAILED ? 1 : 0;
}"""


CPP_ANSWER_LINE = r"""
// one position's line 'VALUE OUTCOME' (N: the player to move wins)
static std::string answer_line(const std::vector<unsigned long long> &heaps, const Params &params) {
    unsigned long long value = 0;
    bool known = true;
    const bool wins = answer(heaps, params, value, known);
    return (known ? std::to_string(value) : std::string("-")) + (wins ? " N" : " P");
}"""

CPP_SUBTRACTION_MOVES_LINE = r"""
// one position's line 'VALUE OUTCOME K' (N: the player to move wins), then its K winning moves,
// one a line 'PART FROM TO' (the heap's number from 1, its size before and after), in solve's
// order: the heap's number, then the take, each increasing
static std::string answer_line(const std::vector<unsigned long long> &heaps, const Params &params) {
    unsigned long long value = 0;
    bool known = true;
    answer(heaps, params, value, known);
    std::string moves;
    unsigned long long count = 0;
    const std::vector<unsigned long long> s = value ? subtraction_set(params[0]) : params[0];
    for (size_t i = 0; value && i < heaps.size(); ++i) {
        const unsigned long long h = heaps[i], target = value ^ grundy_value(h, params[0]);
        for (unsigned long long take : s) {
            if (take > h) break;
            if (grundy_value(h - take, params[0]) != target) continue;
            moves += "\n" + std::to_string(i + 1) + " " + std::to_string(h) + " " + std::to_string(h - take);
            ++count;
        }
    }
    return std::to_string(value) + (value ? " N " : " P ") + std::to_string(count) + moves;
}"""
"""``answer_line`` of subtraction(S) with the winning moves (``export --winning-moves``)."""

CPP_SUMS = r"""// each case's line: k, then k games (each its parameters, then its position; S: its position,
// then its parameters), answered one by one as read; its value the XOR of theirs (Sprague-Grundy
// theorem); r: cases up to one whose k is 0, or the end of the input. The game answered last stays
// alive while the next is read (as emit's does: answer() knows it by its address)
static void read_sums(Words &in) {
    static std::shared_ptr<const Params> held;
    try {
        const unsigned long long cases = LAYOUT == 'o' ? 1 : LAYOUT == 'r' ? ULLONG_MAX : in.take();
        for (unsigned long long i = 0; i < cases && (LAYOUT != 'r' || in.more()); ++i) {
            const unsigned long long parts = in.take();
            if (parts == 0 && LAYOUT == 'r') break;
            unsigned long long total = 0;
            std::string error;
            for (unsigned long long k = 0; k < parts; ++k) {
                std::vector<unsigned long long> heaps;
                if (WHERE == 'S') heaps = in.heaps();
                const auto params = std::make_shared<const Params>(in.params());
                if (WHERE != 'S') heaps = in.heaps();
                try {
                    unsigned long long value = 0;
                    bool known = true;
                    answer(heaps, *params, value, known);
                    total ^= value;
                } catch (const std::runtime_error &e) {
                    if (error.empty()) error = e.what();
                }
                held = params;
            }
            if (!error.empty()) FAILED = true;
            const std::string text = error.empty() ? std::to_string(total) + (total ? " N" : " P")
                                                   : "error: " + error;
            std::printf("%s\n", text.c_str());
        }
    } catch (const std::runtime_error &e) {
        throw InputEnd{e.what()};
    }
    if (in.more()) throw InputEnd{std::to_string(in.left()) + " more words after the last case"};
}

"""
"""The main's reader of sums of games (``--params sum``), in a program that reads them only."""

CPP_SUM_CALL = """    if (WHERE == 's' || WHERE == 'S') {
        read_sums(in);
        return;
    }
"""

_WHERE_CHARS = {"sum-last": "S", "size-first": "z", "counts-first": "c"}
"""The main's letter of a place of the parameters whose first letter is another's."""

OWN_LINE = ("digraph", "kfold")
"""The family kinds whose body writes its own ``answer_line`` (a value may be infinite, an outcome
a draw); the others' main writes it from their ``answer``."""


def _check(title: str, family: Family) -> list[str]:
    """``check``: the parameters name a game of the family (its declared test), else an error."""
    from grundy.patterns.formulas import parse

    if family.check is None:
        return []
    names = family.params
    plain = ", ".join(f"unsigned long long {p}_" for p in names)
    shown = ' + ", " + '.join(f'"{p} = " + std::to_string({p}_)' for p in names)
    casts = [f"    const i128 {p} = (i128){p}_;" for p in names] + [f"    (void){p};" for p in names]
    test = translate(parse(family.check, names))
    return [f"static void check({plain}) {{", *casts,
            f'    if ({test} == 0) fail(std::string("{title} needs {family.words}, got ") + {shown});',
            "}", ""]


def _formula(family: Family, misere: bool = False) -> list[str]:
    """``grundy_value(n, params...)`` and ``answer`` of a formula family (``misere``: the answer
    of misère play, :func:`grundy.export.family_misere.cpp_misere`)."""
    from grundy.patterns.formulas import parse

    assert family.formula is not None
    names = family.params
    plain = ", ".join(f"unsigned long long {p}_" for p in names)
    casts = [f"    const i128 {p} = (i128){p}_;" for p in names] + [f"    (void){p};" for p in names]
    value = translate(parse(family.formula, ("n", *names)))
    call = ", ".join(f"params[{i}][0]" for i in range(len(names)))
    lines = [
        f"// G(n) = {family.formula}: proved ({family.theorem})",
        f"unsigned long long grundy_value(unsigned long long n_, {plain}) {{",
        f"    check({', '.join(p + '_' for p in names)});", "    const i128 n = (i128)n_;", *casts,
        f"    const i128 g = {value};",
        '    if (g < 0 || g > (i128)ULLONG_MAX) fail("the formula gives a value out of range");',
        "    return (unsigned long long)g;", "}", ""]
    if misere:
        from grundy.export.family_misere import cpp_misere

        return cpp_misere(family, lines)
    return [*lines,
            "bool answer(const std::vector<unsigned long long> &heaps, const Params &params, "
            "unsigned long long &value,", "            bool &known) {",
            "    known = true;", "    value = 0;",
            "    static const std::vector<unsigned long long> none{0};  // (no heap: heap 0)",
            "    for (unsigned long long h : heaps.empty() ? none : heaps)",
            f"        value ^= grundy_value(h, {call});",
            "    return value != 0;", "}"]


def _misere(family: Family) -> list[str]:
    """``first_player_wins(n, params...)`` and ``answer`` of a ``misere`` family (one heap)."""
    from grundy.patterns.formulas import parse

    assert family.formula is not None
    names = family.params
    plain = ", ".join(f"unsigned long long {p}_" for p in names)
    casts = [f"    const i128 {p} = (i128){p}_;" for p in names] + [f"    (void){p};" for p in names]
    lost = translate(parse(family.formula, ("n", *names)))
    call = ", ".join(f"params[{i}][0]" for i in range(len(names)))
    return [
        f"// misere play (whoever takes the last counter loses): P iff {family.formula}: proved "
        f"({family.theorem})",
        f"bool first_player_wins(unsigned long long n_, {plain}) {{",
        f"    check({', '.join(p + '_' for p in names)});", "    const i128 n = (i128)n_;", *casts,
        f"    return {lost} == 0;", "}", "",
        "bool answer(const std::vector<unsigned long long> &heaps, const Params &params, "
        "unsigned long long &value,", "            bool &known) {",
        "    if (heaps.size() != 1)",
        '        fail("misere play: a position is one heap here, got " + std::to_string(heaps.size()) +',
        '             " heaps (a sum has no rule in this program)");',
        "    known = false;", "    value = 0;",
        f"    return first_player_wins(heaps[0], {call});", "}"]


def _body(title: str, family: Family, misere: bool = False) -> str:
    check = _check(title, family)
    if misere and family.kind in ("moore", "subtraction", "hackenbush"):  # (export.family_misere)
        from grundy.export.family_misere import cpp_misere

        return "\n".join(check + cpp_misere(family, []))
    if family.kind == "formula":
        return "\n".join(check + _formula(family, misere))
    if family.kind == "misere":
        return "\n".join(check + _misere(family))
    if family.kind == "kfold":
        from grundy.export.kfold import cpp_family_body

        return cpp_family_body("\n".join(check) + "\n")
    if family.kind == "moore":
        return "\n".join([*check, CPP_MOORE])
    if family.kind == "digraph":
        return CPP_DIGRAPH
    if family.kind == "hackenbush":
        return CPP_HACKENBUSH
    if family.kind == "geography":
        return cpp_graph_body()
    if family.kind == "forbidden":
        from grundy.export.forbidden import CPP_FORBIDDEN

        return CPP_FORBIDDEN
    if family.kind == "subtraction":
        from grundy.export.subtraction_runs_cpp import CPP_RUNS

        return (CPP_SUBTRACTION.replace("@SUBTRACTION_SET@", CPP_SUBTRACTION_SET)
                .replace("@STEPS@", str(STEPS["cpp"])).replace("@MOST@", str(MOST["cpp"]))
                .replace("@TRIAL@", str(RUNS_TRIAL["cpp"]))
                .replace("@SET_ANSWER@", CPP_SET_ANSWER).replace("@RUNS@", CPP_RUNS.strip("\n")))
    front = (CPP_STRIPES_SET.replace("@MAX@", str(MAX_STRIPE)).replace("@SET_ANSWER@", CPP_SET_ANSWER)
             if family.params == ("S",)
             else CPP_STRIPES_CZN)
    return "\n".join([*check, CPP_STRIPES.replace("@STEPS@", str(STEPS["cpp"]))
                       .replace("@MOST@", str(MOST["cpp"] // 100)).replace("@FRONT@", front)])


def cpp_family(title: str, family: Family, main: bool, layout: str, where: str,
               moves: bool = False, misere: bool = False) -> str:
    """The C++ source of a family's program; ``moves``: each position's line is followed by its
    winning moves (subtraction(S): :data:`CPP_SUBTRACTION_MOVES_LINE`); ``misere``: who wins in
    misère play (:mod:`grundy.export.family_misere`)."""
    body = _body(title, family, misere)
    helpers = helpers_for(body)
    includes = sorted({*_INCLUDES, "algorithm", "initializer_list"})
    if family.kind == "subtraction" and misere:  # (the pairs' windows by their hash)
        includes = sorted({*includes, "unordered_map"})
    elif family.kind == "subtraction":
        from grundy.export.subtraction_runs_cpp import CPP_RUNS_INCLUDES

        includes = sorted({*includes, *CPP_RUNS_INCLUDES})
    out = [f"// {line}" for line in header(title, family, main, layout, where, misere)]
    if moves:
        out.append(f"// then, after each line 'VALUE OUTCOME K', {MOVES_HEADER[family.kind]}")
    out += ["// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", ""]
    out += [f"#include <{name}>" for name in includes] + ["", BASE, ""]
    if any("fail(FORMULA_OVERFLOW)" in h for h in helpers):
        out += [OVERFLOW, ""]
    out += [h + "\n" for h in helpers]
    out += [_PARAMS, "", body]
    if main:
        kinds = ", ".join("1" if p in SET_PARAMETERS else "6" if p in PAIR_PARAMETERS
                          else str(2 + GRAPH_PARAMETERS.index(p)) if p in GRAPH_PARAMETERS else "0"
                          for p in family.params)
        if family.kind not in OWN_LINE:
            out.append(CPP_ANSWER_LINE if not moves else CPP_GEOGRAPHY_MOVES_LINE
                       if family.kind == "geography" else CPP_SUBTRACTION_MOVES_LINE)
        sums = where in SUMS
        out.append(CPP_MAIN.replace("@PARSE_NUMBER@", CPP_PARSE_NUMBER).replace("@KINDS@", kinds)
                   .replace("@WHERE@", _WHERE_CHARS.get(where, where[0]))
                   .replace("@SUMS@", CPP_SUMS if sums else "")
                   .replace("@SUM_CALL@", CPP_SUM_CALL if sums else "")
                   .replace("@HAS_FIXED@", "false" if family.position is None else "true")
                   .replace("@FIXED@", str(family.position or 0))
                   .replace("@LAYOUT@", {"lines": "l", "cases": "c", "counted": "o", "single": "s",
                                         "repeated": "r"}[layout]))
    else:
        out += ["", "// (add your own main, or export with --main)"]
    return "\n".join(out).rstrip("\n") + "\n"
