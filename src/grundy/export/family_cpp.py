"""The C++17 side of :func:`grundy.export.family.export_family`: the same functions as the Python
program (``answer(heaps, params, value, known)``, a family's ``grundy_value``), and a main reading
the parameters and the positions in the layout asked.
"""

from __future__ import annotations

from grundy.export.cpp import translate
from grundy.export.cpp_helpers import BASE, OVERFLOW, helpers_for
from grundy.export.family import MOST, STEPS, header
from grundy.export.geography import cpp_graph_body
from grundy.export.main import CPP_PARSE_NUMBER
from grundy.model.laws import GRAPH_PARAMETERS, SET_PARAMETERS, Family

_INCLUDES = ["climits", "cstdio", "cstdlib", "iostream", "map", "memory", "sstream", "stdexcept", "string",
             "vector"]

_PARAMS = r"""// each parameter: its numbers (one number, or the members of a set)
typedef std::vector<std::vector<unsigned long long>> Params;"""

CPP_SUBTRACTION = r"""// steps (a heap's options, a window compared), all inputs together
static const unsigned long long SUB_STEPS = @STEPS@ull;
static const unsigned long long SUB_MOST = @MOST@ull;  // the longest table kept for one set
static unsigned long long sub_spent = 0;

// G(0..) of one subtraction set S, extended as asked, and its period once proved: a window of
// max S values ending at heap t >= max S that equals the one ending at t + p proves
// G(n + p) = G(n) for every n >= t - max S (Brent's cycle search over the windows, each match of
// their rolling hashes compared value by value)
struct Sub {
    std::vector<unsigned long long> s;
    std::vector<unsigned> g, stamp;
    unsigned long long w = 0, hash = 0, saved = 0, saved_hash = 0, power = 1, lam = 0, top = 1;
    unsigned long long e = 0, p = 0;  // the period, once proved (p > 0)

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

// S checked: one or more positive integers (sorted, repeats dropped)
static std::vector<unsigned long long> subtraction_set(std::vector<unsigned long long> s) {
    if (s.empty()) fail("the subtraction set S is empty");
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    if (s[0] < 1) fail("the members of S must be positive integers, got 0");
    return s;
}

// G(n) of the subtraction game with the set s
unsigned long long grundy_value(unsigned long long n, const std::vector<unsigned long long> &s) {
    const std::vector<unsigned long long> key = subtraction_set(s);
    auto found = sub_sets.find(key);
    if (found == sub_sets.end()) {
        Sub fresh;
        fresh.s = key;
        fresh.w = key.back();
        for (unsigned long long i = 1; i < fresh.w && i < SUB_MOST; ++i) fresh.top *= 1000003ull;
        found = sub_sets.emplace(key, fresh).first;
    }
    return found->second.value(n);
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    known = true;
    value = 0;
    for (unsigned long long h : heaps) value ^= grundy_value(h, params[0]);
    return value != 0;
}"""

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
    std::vector<char> seen;
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

    void step() {
        const unsigned long long x = g.size();
        row_spent += x + 1;
        seen.assign(2 * x + 4, 0);
        for (unsigned long long s : lengths)
            if (s <= x)
                for (unsigned long long i = 0; 2 * i <= x - s; ++i) {
                    const unsigned v = g[i] ^ g[x - s - i];
                    if (v < seen.size()) seen[v] = 1;
                }
        unsigned v = 0;
        while (seen[v]) ++v;
        g.push_back(v);
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

// G(row): the mex over removing c, z or n consecutive stones (0, 1 or 2 rows remain)
unsigned long long grundy_value(unsigned long long row, unsigned long long c, unsigned long long z,
                                unsigned long long n) {
    check(c, z, n);
    std::vector<unsigned long long> lengths = {c, z, n};
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    Rows &rows = row_tables[lengths];
    if (rows.lengths.empty()) {
        rows.lengths = lengths;
        rows.t = lengths.back();
    }
    return rows.value(row);
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    known = true;
    value = 0;
    for (unsigned long long h : heaps) value ^= grundy_value(h, params[0][0], params[1][0], params[2][0]);
    return value != 0;
}"""

CPP_DIGRAPH = r"""// the vertices of a graph (edges u1 v1 u2 v2 ...: a move from u to v), sorted, and the
// Grundy value of each from which no cycle can be reached (-1: a cycle can be), the mex of
// its successors', from the sinks back (a vertex is done once all its successors are)
typedef std::pair<std::vector<unsigned long long>, std::vector<long long>> GraphValues;
static std::map<std::vector<unsigned long long>, GraphValues> GRAPHS;

static const GraphValues &graph_values(const std::vector<unsigned long long> &edges) {
    const auto found = GRAPHS.find(edges);
    if (found != GRAPHS.end()) return found->second;
    std::vector<unsigned long long> labels(edges);
    std::sort(labels.begin(), labels.end());
    labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
    const size_t n = labels.size();
    std::vector<std::vector<size_t>> succ(n), pred(n);
    const auto index = [&labels](unsigned long long x) {
        return (size_t)(std::lower_bound(labels.begin(), labels.end(), x) - labels.begin());
    };
    for (size_t i = 0; i + 1 < edges.size(); i += 2) {
        const size_t u = index(edges[i]), v = index(edges[i + 1]);
        succ[u].push_back(v);
        pred[v].push_back(u);
    }
    std::vector<size_t> left(n), ready;
    std::vector<long long> value(n, -1);
    for (size_t u = 0; u < n; ++u) {
        left[u] = succ[u].size();
        if (left[u] == 0) ready.push_back(u);
    }
    std::vector<char> mark;
    while (!ready.empty()) {
        const size_t u = ready.back();
        ready.pop_back();
        mark.assign(succ[u].size() + 1, 0);
        for (size_t v : succ[u])
            if ((size_t)value[v] < mark.size()) mark[(size_t)value[v]] = 1;
        long long g = 0;
        while (mark[(size_t)g]) ++g;
        value[u] = g;
        for (size_t w : pred[u])
            if (--left[w] == 0) ready.push_back(w);
    }
    return GRAPHS.emplace(edges, GraphValues(labels, value)).first->second;
}

static unsigned long long vertex_value(unsigned long long vertex, const GraphValues &graph) {
    const auto at = std::lower_bound(graph.first.begin(), graph.first.end(), vertex);
    if (at == graph.first.end() || *at != vertex) return 0;  // (no edge leaves it: no move)
    const long long g = graph.second[(size_t)(at - graph.first.begin())];
    if (g < 0)
        fail("vertex " + std::to_string(vertex) + ": a cycle can be reached from it, so a play may never "
             "end (grundy solve digraph answers such graphs, with draws)");
    return (unsigned long long)g;
}

unsigned long long grundy_value(unsigned long long vertex, const std::vector<unsigned long long> &edges) {
    return vertex_value(vertex, graph_values(edges));
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    // (the main keeps every case's parameters until it ends, and cases share the parameters read
    // once: the same object again is the same graph, found without comparing its edges)
    static const Params *last_params = nullptr;
    static const GraphValues *last = nullptr;
    if (&params != last_params) {
        last = &graph_values(params[0]);
        last_params = &params;
    }
    known = true;
    value = 0;
    for (unsigned long long token : heaps) value ^= vertex_value(token, *last);
    return value != 0;
}"""

CPP_HACKENBUSH = r"""// Green Hackenbush on the multigraph of the edges u1 v1 u2 v2 ... (a loop: u u),
// grounded at `ground`. Fusion principle: the vertices of each 2-edge-connected block are fused, its
// edges becoming loops (k loops count k mod 2); colon principle: on the tree of bridges left, a
// branch hanging by a bridge counts 1 + its value, and branches at a vertex XOR.
static std::map<std::pair<unsigned long long, std::vector<unsigned long long>>, unsigned long long> GROUNDED;

unsigned long long hackenbush_value(unsigned long long ground, const std::vector<unsigned long long> &edges) {
    const auto key = std::make_pair(ground, edges);
    const auto found = GROUNDED.find(key);
    if (found != GROUNDED.end()) return found->second;
    std::vector<unsigned long long> labels(edges);
    std::sort(labels.begin(), labels.end());
    labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
    const auto index = [&labels](unsigned long long x) {
        return (size_t)(std::lower_bound(labels.begin(), labels.end(), x) - labels.begin());
    };
    const size_t n = labels.size(), m = edges.size() / 2;
    const size_t root = index(ground);
    if (root == n || labels[root] != ground) return GROUNDED[key] = 0;
    std::vector<std::vector<std::pair<size_t, size_t>>> adj(n);  // (neighbour, edge id)
    for (size_t i = 0; i < m; ++i) {
        const size_t u = index(edges[2 * i]), v = index(edges[2 * i + 1]);
        adj[u].push_back({v, i});
        adj[v].push_back({u, i});
    }
    // depth first from the ground, no recursion: the order of each vertex reached, and the bridges
    const size_t none = (size_t)-1;
    std::vector<size_t> order(n, none), low(n, 0), through(n, none), next(n, 0), seen;
    std::vector<char> bridge(m, 0);
    std::vector<size_t> stack{root};
    order[root] = low[root] = 0;
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
    // the blocks (reached without crossing a bridge), their loops, then the colon principle
    std::vector<size_t> block(n, none);
    std::vector<unsigned long long> value(n, 0);
    for (size_t start : seen) {
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
    for (size_t i = 0; i < m; ++i) {
        const size_t u = index(edges[2 * i]);
        if (block[u] != none && !bridge[i]) value[block[u]] ^= 1;
    }
    for (size_t k = seen.size(); k-- > 0;) {  // (children before parents)
        const size_t u = seen[k];
        for (const auto &edge : adj[u])
            if (bridge[edge.second] && order[edge.first] > order[u])
                value[block[u]] ^= value[block[edge.first]] + 1;
    }
    return GROUNDED[key] = value[block[root]];
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    if (heaps.size() != 1)
        fail("a position is one ground vertex, got " + std::to_string(heaps.size()) + " numbers");
    known = true;
    value = hackenbush_value(heaps[0], params[0]);
    return value != 0;
}"""

CPP_MAIN = r"""
static const int PARAMS[] = {@KINDS@};  // each parameter: 0 one number, 1 a set (its size, then its
                                       // members), 2 a graph (m, then m edges u v)
static const char WHERE = '@WHERE@';  // the parameters: f first (once), e each (start of a case), l last
static const char LAYOUT = '@LAYOUT@';  // l lines, c cases, o counted (one case), s single (T heaps)

struct InputEnd {
    std::string why;
};

@PARSE_NUMBER@

// the words of the input (or of one line), read in order
struct Words {
    std::vector<std::string> words;
    size_t at = 0;

    unsigned long long take() {
        if (at >= words.size()) throw InputEnd{"the input ended inside a case"};
        return parse_number(words[at++]);
    }
    Params params() {
        Params out;
        for (int kind : PARAMS) {
            std::vector<unsigned long long> numbers;
            unsigned long long count = kind ? take() : 1;
            if (kind == 2) {  // (a graph: m edges, two numbers each)
                if (count > ULLONG_MAX / 2) throw InputEnd{"a graph of " + std::to_string(count) + " edges"};
                count *= 2;
            }
            for (unsigned long long i = 0; i < count; ++i) numbers.push_back(take());
            out.push_back(numbers);
        }
        return out;
    }
    std::vector<unsigned long long> heaps() {
        std::vector<unsigned long long> out;
        const unsigned long long count = LAYOUT == 's' ? 1 : LAYOUT == 'l' ? words.size() - at : take();
        for (unsigned long long i = 0; i < count; ++i) out.push_back(take());
        return out;
    }
};

struct Case {
    std::vector<unsigned long long> heaps;
    std::shared_ptr<const Params> params;  // (parameters read once are shared, not copied per case)
    std::string error;  // why its line cannot be read
};

static std::vector<std::string> split(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    std::string word;
    while (in >> word) out.push_back(word);
    return out;
}

static void read_lines(std::vector<Case> &cases) {
    const size_t count = sizeof(PARAMS) / sizeof(PARAMS[0]);
    std::string line;
    bool have = false;
    std::shared_ptr<const Params> fixed;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> words = split(line);
        if (words.empty()) continue;
        if (WHERE == 'f' && !have) {
            Words in{words};
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
        if (WHERE == 'l' && words.size() >= count)
            std::rotate(words.begin(), words.end() - count, words.end());
        Case c;
        try {
            Words in{words};
            c.params = WHERE == 'f' ? fixed : std::make_shared<const Params>(in.params());
            c.heaps = in.heaps();
        } catch (const std::runtime_error &e) {
            c.error = e.what();
        } catch (const InputEnd &e) {
            c.error = e.why;
        }
        cases.push_back(c);
    }
}

static void read_stream(std::vector<Case> &cases) {
    std::ostringstream all;
    all << std::cin.rdbuf();
    Words in{split(all.str())};
    try {
        const auto fixed = std::make_shared<const Params>(WHERE == 'f' ? in.params() : Params());
        const unsigned long long count = LAYOUT == 'o' ? 1 : in.take();
        for (unsigned long long i = 0; i < count; ++i) {
            Case c;
            c.params = WHERE == 'e' ? std::make_shared<const Params>(in.params()) : fixed;
            c.heaps = in.heaps();
            if (WHERE == 'l') c.params = std::make_shared<const Params>(in.params());
            cases.push_back(c);
        }
    } catch (const std::runtime_error &e) {
        throw InputEnd{e.what()};
    }
    if (in.at < in.words.size())
        throw InputEnd{std::to_string(in.words.size() - in.at) + " more words after the last case"};
}

int main() {
    std::ios::sync_with_stdio(false);
    std::vector<Case> cases;
    std::string stop;  // why reading stopped early: every case after it is lost
    try {
        if (LAYOUT == 'l') read_lines(cases);
        else read_stream(cases);
    } catch (const InputEnd &e) {
        stop = e.why;
    }
    bool failed = false;
    for (const Case &c : cases) {
        std::string text = "error: " + c.error;
        if (c.error.empty()) {
            try {
                unsigned long long value = 0;
                bool known = true;
                const bool wins = answer(c.heaps, *c.params, value, known);
                text = (known ? std::to_string(value) : std::string("-")) + (wins ? " N" : " P");
            } catch (const std::runtime_error &e) {
                text = std::string("error: ") + e.what();
            }
        }
        if (text.compare(0, 6, "error:") == 0) failed = true;
        std::printf("%s\n", text.c_str());
    }
    if (!stop.empty()) {
        std::fprintf(stderr, "error: %s\n", stop.c_str());
        return 1;
    }
    return failed ? 1 : 0;
}"""


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


def _formula(family: Family) -> list[str]:
    """``grundy_value(n, params...)`` and ``answer`` of a formula family."""
    from grundy.patterns.formulas import parse

    assert family.formula is not None
    names = family.params
    plain = ", ".join(f"unsigned long long {p}_" for p in names)
    casts = [f"    const i128 {p} = (i128){p}_;" for p in names] + [f"    (void){p};" for p in names]
    value = translate(parse(family.formula, ("n", *names)))
    call = ", ".join(f"params[{i}][0]" for i in range(len(names)))
    return [
        f"// G(n) = {family.formula}: proved ({family.theorem})",
        f"unsigned long long grundy_value(unsigned long long n_, {plain}) {{",
        f"    check({', '.join(p + '_' for p in names)});", "    const i128 n = (i128)n_;", *casts,
        f"    const i128 g = {value};",
        '    if (g < 0 || g > (i128)ULLONG_MAX) fail("the formula gives a value out of range");',
        "    return (unsigned long long)g;", "}", "",
        "bool answer(const std::vector<unsigned long long> &heaps, const Params &params, "
        "unsigned long long &value,", "            bool &known) {",
        "    known = true;", "    value = 0;",
        f"    for (unsigned long long h : heaps) value ^= grundy_value(h, {call});",
        "    return value != 0;", "}"]


def _body(title: str, family: Family) -> str:
    check = _check(title, family)
    if family.kind == "formula":
        return "\n".join(check + _formula(family))
    if family.kind == "moore":
        return "\n".join([*check, CPP_MOORE])
    if family.kind == "digraph":
        return CPP_DIGRAPH
    if family.kind == "hackenbush":
        return CPP_HACKENBUSH
    if family.kind == "geography":
        return cpp_graph_body()
    if family.kind == "subtraction":
        return CPP_SUBTRACTION.replace("@STEPS@", str(STEPS["cpp"])).replace("@MOST@", str(MOST["cpp"]))
    return "\n".join([*check, CPP_STRIPES.replace("@STEPS@", str(STEPS["cpp"]))
                       .replace("@MOST@", str(MOST["cpp"] // 100))])


def cpp_family(title: str, family: Family, main: bool, layout: str, where: str) -> str:
    """The C++ source of a family's program."""
    body = _body(title, family)
    helpers = helpers_for(body)
    includes = sorted({*_INCLUDES, "algorithm", "initializer_list"})
    out = [f"// {line}" for line in header(title, family, main, layout, where)]
    out += ["// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", ""]
    out += [f"#include <{name}>" for name in includes] + ["", BASE, ""]
    if any("fail(FORMULA_OVERFLOW)" in h for h in helpers):
        out += [OVERFLOW, ""]
    out += [h + "\n" for h in helpers]
    out += [_PARAMS, "", body]
    if main:
        kinds = ", ".join("1" if p in SET_PARAMETERS else "2" if p in GRAPH_PARAMETERS else "0"
                          for p in family.params)
        out.append(CPP_MAIN.replace("@PARSE_NUMBER@", CPP_PARSE_NUMBER).replace("@KINDS@", kinds)
                   .replace("@WHERE@", where[0])
                   .replace("@LAYOUT@", {"lines": "l", "cases": "c", "counted": "o", "single": "s"}[layout]))
    else:
        out += ["", "// (add your own main, or export with --main)"]
    return "\n".join(out).rstrip("\n") + "\n"
