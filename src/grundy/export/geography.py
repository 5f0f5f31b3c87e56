"""The exported programs of undirected vertex geography (the "bipartite-graph game", 二分图博弈):
``grundy export 'vertex-geography(E)'`` (a graph given at run time as its edges, a case one start
vertex) and ``grundy export 'vertex-geography(B)'`` (a board of ``.`` and ``#`` cells, then the
start cells asked, or every free cell).

Both rest on one theorem (Fraenkel, Scheinerman and Ullman, "Undirected edge geography", 1993;
for every undirected graph, bipartite or not): the player to move from the start ``v`` wins iff
every maximum matching covers ``v``. The program finds one maximum matching of the whole graph
(Hopcroft–Karp on its bipartite components, Edmonds' blossom algorithm on the others, both without
recursion), then the vertices some maximum matching misses (the set ``D`` of the Gallai–Edmonds
decomposition) by one alternating-forest search from every exposed vertex, as
:mod:`grundy.games.graphs.geography` does: every start is then answered by one look-up.

The graph family uses the family mains of :mod:`grundy.export.family` (the parameters first, each
or last; cases, one case, or single cases); the board family has a main of its own.

>>> namespace: dict[str, object] = {"__name__": "doc"}
>>> exec(PY_CORE, namespace)
>>> namespace["first_player_wins"]([[1, 2], [0, 2], [0, 1, 3], [2, 4], [3]])  # triangle, tail 2-3-4
[False, False, False, True, False]
"""

from __future__ import annotations

from grundy.errors import InvalidInputError
from grundy.export.cpp_helpers import BASE
from grundy.export.main import CPP_PARSE_NUMBER, PY_NUMBER

THEOREM = ("Fraenkel, Scheinerman and Ullman, 'Undirected edge geography', Theoret. Comput. Sci. "
           "1993; it holds for every undirected graph, bipartite or not")
"""Where the theorem is proved, as the programs' headers cite it."""

COSTS = ("costs: V vertices, E edges: reading and building O(V + E) (a graph's program in C++: "
         "O(E log E), sorting the vertex numbers); the maximum matching: bipartite components by "
         "Hopcroft-Karp, O(E sqrt V); "
         "the other components by a greedy matching, then one Edmonds search (blossoms merged by "
         "union-find) from each exposed vertex, a search that finds no augmenting path removing "
         "its tree for good (Edmonds' Hungarian-tree lemma): O(V E + V^3) at worst, as each of at "
         "most V/2 augmenting searches scans every edge once and forms at most V/2 blossoms, each "
         "walked in O(V); then D by one alternating-forest search, O((V + E) a(V)); then each "
         "start is one look-up; memory O(V + E)")
"""What a program costs, for its header."""


def theorem_lines() -> list[str]:
    """The header's lines on what the answers rest on (shared by both families)."""
    return [f"outcome: the player to move from the start v wins iff EVERY maximum matching of the "
            f"graph covers v, i.e. nu(G - v) < nu(G), nu the size of a maximum matching: proved "
            f"({THEOREM}). If a maximum matching M misses v, every move reaches a vertex M covers "
            f"(else the path so far would enlarge M) and the opponent answers along M; if every "
            f"maximum matching covers v, the first player moves along one.",
            "the vertices some maximum matching misses are the outer vertices of Edmonds' "
            "alternating forest grown from every vertex one maximum matching leaves exposed (the set "
            "D of the Gallai-Edmonds decomposition); a start is lost iff it is in D.",
            "values: the theorem gives the outcome, not the Grundy value of a start in a sum of "
            "games, so the value is printed as '-'.", COSTS]


def graph_header(title: str, given: str) -> list[str]:
    """The first lines of the header of ``vertex-geography(E)``."""
    return [f"{title}: who wins vertex geography on an undirected graph, {given}: a token starts "
            f"on a vertex v; a move slides it to an adjacent vertex not visited yet (the start is "
            f"visited); whoever cannot move loses. Loops and repeated edges change nothing (a loop "
            f"never leads to an unvisited vertex); a start no edge names has no move (P).",
            *theorem_lines()]


# ---- Python ------------------------------------------------------------------------------------

PY_CORE = '''def _find(link, x):
    root = x
    while link[root] != root:
        root = link[root]
    while link[x] != root:
        link[x], x = root, link[x]
    return root


def _sides(adj):
    """Each vertex's side (0 or 1) in a breadth-first 2-colouring, and whether its component is
    bipartite."""
    n = len(adj)
    side, comp, bipartite = [-1] * n, [-1] * n, []
    for s in range(n):
        if comp[s] >= 0:
            continue
        c = len(bipartite)
        bipartite.append(True)
        comp[s], side[s], order = c, 0, [s]
        for x in order:  # (the list grows while we walk it)
            for y in adj[x]:
                if comp[y] < 0:
                    comp[y], side[y] = c, 1 - side[x]
                    order.append(y)
                elif side[y] == side[x]:
                    bipartite[c] = False
    return side, [bipartite[comp[x]] for x in range(n)]


def _hopcroft_karp(adj, mate, left):
    """Augment mate to a maximum matching of the bipartite graph whose left side is left:
    shortest augmenting paths in phases (a breadth-first layering, then depth-first paths along
    it, without recursion)."""
    far = len(adj) + 1
    dist, pos = [far] * len(adj), [0] * len(adj)
    while True:
        queue = [u for u in left if mate[u] < 0]
        for u in left:
            dist[u], pos[u] = far, 0
        for u in queue:
            dist[u] = 0
        limit = far  # (the layer of the first exposed right vertex)
        for u in queue:
            if dist[u] + 1 > limit:
                break
            for w in adj[u]:
                m = mate[w]
                if m < 0:
                    limit = dist[u] + 1
                elif dist[m] == far:
                    dist[m] = dist[u] + 1
                    queue.append(m)
        if limit == far:
            return
        for r in left:
            if mate[r] < 0 and dist[r] == 0:
                _hk_path(adj, mate, dist, pos, r, limit, far)


def _hk_path(adj, mate, dist, pos, r, limit, far):
    """One augmenting path from r along the layers (a dead end leaves the layering)."""
    stack, rights = [r], []
    while stack:
        u = stack[-1]
        step, edges = -1, adj[u]
        while pos[u] < len(edges):
            w = edges[pos[u]]
            pos[u] += 1
            m = mate[w]
            if (dist[u] + 1 == limit) if m < 0 else (dist[m] == dist[u] + 1):
                step = w
                break
        if step < 0:
            dist[u] = far
            stack.pop()
            if rights:
                rights.pop()
            continue
        rights.append(step)
        if mate[step] < 0:
            for a, b in zip(stack, rights):
                mate[a], mate[b] = b, a
            return
        stack.append(mate[step])


def _edmonds(adj, mate, roots):
    """Augment mate to a maximum matching of the (non-bipartite) components of roots: from each
    exposed root, one breadth-first Edmonds search (blossoms merged by union-find); a search that
    finds no augmenting path leaves a Hungarian tree, whose vertices no later augmenting path
    can use (Edmonds), so they are removed for good."""
    n = len(adj)
    label, pre, link, dead, stamp = [0] * n, [-1] * n, list(range(n)), [False] * n, [0] * n
    clock = 0
    for r in roots:
        if mate[r] >= 0 or dead[r]:
            continue
        label[r], touched, queue, at, grown = 1, [r], [r], 0, False  # (label 1 outer, 2 inner)
        while at < len(queue) and not grown:
            x = queue[at]
            at += 1
            for y in adj[x]:
                if dead[y] or label[y] == 2:
                    continue
                bx, by = _find(link, x), _find(link, y)
                if bx == by:
                    continue
                if label[y] == 0:
                    label[y], pre[y] = 2, x
                    touched.append(y)
                    if mate[y] < 0:
                        _augment(mate, pre, y)
                        grown = True
                        break
                    label[mate[y]] = 1
                    touched.append(mate[y])
                    queue.append(mate[y])
                    continue
                clock += 1
                z = _lca(link, mate, pre, stamp, clock, bx, by)
                _blossom(link, mate, pre, label, queue, x, y, z)
                _blossom(link, mate, pre, label, queue, y, x, z)
        for v in touched:
            dead[v] = dead[v] or not grown
            label[v], pre[v], link[v] = 0, -1, v


def _lca(link, mate, pre, stamp, clock, a, b):
    """The base where the paths of the outer bases a and b to their root meet."""
    while True:
        if a >= 0:
            if stamp[a] == clock:
                return a
            stamp[a] = clock
            a = _find(link, pre[mate[a]]) if mate[a] >= 0 else -1
        a, b = b, a


def _blossom(link, mate, pre, label, queue, x, y, z):
    """Merge the blossom closed by the edge x-y into the base z, from x's side: the inner
    vertices on the way become outer, each with a way round the blossom (pre) to the root."""
    while _find(link, x) != z:
        pre[x] = y
        y = mate[x]
        if label[y] == 2:
            label[y] = 1
            queue.append(y)
        if link[x] == x:
            link[x] = z
        if link[y] == y:
            link[y] = z
        x = pre[y]


def _augment(mate, pre, y):
    while y >= 0:
        x = pre[y]
        after = mate[x]
        mate[x], mate[y] = y, x
        y = after


def _missed(adj, mate, skip=-1):
    """Which vertices some maximum matching misses (the set D), given a maximum matching: the
    outer vertices of Edmonds' alternating forest grown from every exposed vertex at once
    (blossoms merged by union-find, each walked base to base); ``skip``: a vertex taken out of
    the graph (G - v, ``mate`` a maximum matching of it)."""
    n = len(adj)
    label, parent, root, link, stamp = [0] * n, [-1] * n, [-1] * n, list(range(n)), [0] * n
    queue = [x for x in range(n) if mate[x] < 0 and x != skip]
    for x in queue:
        label[x], root[x] = 1, x
    at = clock = 0
    while at < len(queue):
        x = queue[at]
        at += 1
        for w in adj[x]:
            if w == skip:
                continue
            if label[w] == 0:  # (w is matched: exposed vertices are roots)
                m = mate[w]
                label[w], parent[w], root[w], label[m], root[m] = 2, x, root[x], 1, root[x]
                queue.append(m)
            elif label[w] == 1:
                bx, bw = _find(link, x), _find(link, w)
                if bx == bw:
                    continue
                if root[x] != root[w]:
                    raise ValueError("internal check: an augmenting path is left, the matching was "
                                     "not maximum")
                clock += 1
                lca = _lca(link, mate, parent, stamp, clock, bx, bw)
                for b in (bx, bw):
                    while b != lca:
                        m = mate[b]
                        up = _find(link, parent[m])
                        if label[m] == 2:
                            label[m] = 1
                            queue.append(m)
                        link[b] = link[m] = lca
                        b = up
    return [lab == 1 for lab in label]


def first_player_wins(adj):
    """For each vertex of the graph adj (neighbour lists, no loops), whether the player to move
    wins vertex geography started there: iff every maximum matching covers it."""
    return [not d for d in _missed(adj, maximum_matching(adj))]


def maximum_matching(adj):
    """A maximum matching of the graph adj: each vertex's mate, -1 for none."""
    n = len(adj)
    mate = [-1] * n
    for x in range(n):  # (a greedy matching first: the searches only finish it)
        if mate[x] < 0:
            for y in adj[x]:
                if mate[y] < 0:
                    mate[x], mate[y] = y, x
                    break
    side, bipartite = _sides(adj)
    _hopcroft_karp(adj, mate, [x for x in range(n) if bipartite[x] and side[x] == 0])
    _edmonds(adj, mate, [x for x in range(n) if not bipartite[x]])
    return mate


def winning_targets(adj, mate, v):
    """The neighbours of v to which a move wins (v a won start, mate a maximum matching of adj):
    those some maximum matching of G - v misses; mate without v's edge is one."""
    rest = list(mate)
    if rest[v] >= 0:
        rest[rest[v]] = -1
        rest[v] = -1
    missed = _missed(adj, rest, v)
    return [u for u in adj[v] if missed[u]]'''
"""The Python core of both programs: ``first_player_wins(adj)`` for every vertex at once, and
``winning_targets(adj, mate, v)``: the winning moves from one."""

PY_GRAPH = '''

def graph_wins(edges):
    """The vertices of the graph (edges u1 v1 u2 v2 ...; vertices any numbers) and, for each,
    whether the player to move from it wins: a dict vertex -> bool."""
    index, adj = _graph(edges)
    wins = first_player_wins(adj)
    return {u: wins[i] for u, i in index.items()}


def _graph(edges):
    """The vertices' indices (in order of first appearance) and the neighbour lists."""
    index = {}
    for u in edges:
        if u not in index:
            index[u] = len(index)
    adj = [[] for _ in index]
    for u, v in zip(edges[0::2], edges[1::2]):
        if u != v:  # (a loop never leads to an unvisited vertex)
            adj[index[u]].append(index[v])
            adj[index[v]].append(index[u])
    return index, adj


def winning_moves(vertex, edges):
    """The vertices a first move from vertex may go to and win, increasing (none: a lost start,
    or a vertex no edge names)."""
    return first_moves(vertex, edges)[1]


def first_moves(vertex, edges):
    """Whether the player to move from vertex wins, and the vertices a first move may go to and
    win, increasing (the graph, its matching and D kept for the next start of the same graph)."""
    if _MOVES[0] is not edges:
        index, adj = _graph(edges)
        mate = maximum_matching(adj)
        missed = _missed(adj, mate)
        _MOVES[:] = edges, (index, adj, mate, missed, list(index))
    index, adj, mate, missed, names = _MOVES[1]
    v = index.get(vertex)
    if v is None or missed[v]:
        return False, []
    return True, sorted(names[u] for u in set(winning_targets(adj, mate, v)))


_MOVES = [None, None]  # the last graph whose moves were asked, and what they are found from


def grundy_wins(vertex, edges):
    """Whether the player to move wins from vertex (a vertex no edge names: no move, False)."""
    return graph_wins(edges).get(vertex, False)


_LAST = [None, None]  # the last graph asked and its answers (the same list again is the same graph)


def answer(heaps, params):
    if len(heaps) != 1:
        raise ValueError(f"a position is one start vertex, got {len(heaps)} numbers")
    if _LAST[0] is not params[0]:
        _LAST[:] = params[0], graph_wins(params[0])
    return None, _LAST[1].get(heaps[0], False)'''
"""``answer(heaps, params)`` of ``vertex-geography(E)``, for the family main."""


PY_GEOGRAPHY_MOVES = '''def _answer_line(heaps, params):
    try:
        if len(heaps) != 1:
            raise ValueError(f"a position is one start vertex, got {len(heaps)} numbers")
        wins, moves = first_moves(heaps[0], params[0])  # (one matching for both)
        return "\\n".join([f"- {'N' if wins else 'P'} {len(moves)}", *map(str, moves)])
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"'''
"""The line of one start of vertex geography with its winning moves: ``- N K``, then the ``K``
vertices a first move may go to and win, increasing (``- P 0``: none)."""

CPP_GEOGRAPHY_MOVES_LINE = r"""
// one start's line '- OUTCOME K' (N: the player to move wins), then its K winning moves, one a
// line: the vertex a first move goes to, increasing
static std::string answer_line(const std::vector<unsigned long long> &heaps, const Params &params) {
    unsigned long long value = 0;
    bool known = false;
    graph_of(params, true);  // (the graph with its matching, built once for the answer and the moves)
    const bool wins = answer(heaps, params, value, known);
    const std::vector<unsigned long long> moves =
        wins ? winning_moves(heaps[0], params) : std::vector<unsigned long long>();
    std::string out = std::string(wins ? "- N " : "- P ") + std::to_string(moves.size());
    for (unsigned long long u : moves) out += "\n" + std::to_string(u);
    return out;
}"""

MOVES_HEADER = {"subtraction": "its K winning moves, one a line 'PART FROM TO' (the heap's number from 1, "
                               "its size before and after)",
                "geography": "its K winning moves, one a line: the vertex a first move goes to (increasing)"}
"""What follows each line ``VALUE OUTCOME K`` of a family's program with winning moves, by kind."""


def python_graph_body() -> str:
    """The functions of ``vertex-geography(E)`` (the family main is added by the caller)."""
    return PY_CORE + PY_GRAPH


# ---- C++ ---------------------------------------------------------------------------------------

CPP_CORE = r"""// a graph of n vertices 0..n-1 as adjacency arrays: the neighbours of x are
// to[start[x] .. start[x + 1] - 1]
struct Graph {
    int n = 0;
    std::vector<int> start, to;
};

static int find_base(std::vector<int> &link, int x) {
    int root = x;
    while (link[root] != root) root = link[root];
    while (link[x] != root) {
        const int next = link[x];
        link[x] = root;
        x = next;
    }
    return root;
}

// each vertex's side (0 or 1) in a breadth-first 2-colouring, and whether its component is bipartite
static void sides(const Graph &g, std::vector<int> &side, std::vector<char> &bipartite) {
    std::vector<int> comp(g.n, -1), order;
    std::vector<char> flags;
    side.assign(g.n, -1);
    for (int s = 0; s < g.n; ++s) {
        if (comp[s] >= 0) continue;
        const int c = (int)flags.size();
        flags.push_back(1);
        comp[s] = c;
        side[s] = 0;
        order.assign(1, s);
        for (size_t k = 0; k < order.size(); ++k) {
            const int x = order[k];
            for (int e = g.start[x]; e < g.start[x + 1]; ++e) {
                const int y = g.to[e];
                if (comp[y] < 0) {
                    comp[y] = c;
                    side[y] = 1 - side[x];
                    order.push_back(y);
                } else if (side[y] == side[x]) {
                    flags[c] = 0;
                }
            }
        }
    }
    bipartite.assign(g.n, 0);
    for (int x = 0; x < g.n; ++x) bipartite[x] = flags[comp[x]];
}

// one augmenting path from r along the layers of a Hopcroft-Karp phase (a dead end leaves them)
static void hk_path(const Graph &g, std::vector<int> &mate, std::vector<int> &dist, std::vector<int> &pos,
                    int r, int limit, int far) {
    std::vector<int> stack{r}, rights;
    while (!stack.empty()) {
        const int u = stack.back();
        int step = -1;
        while (pos[u] < g.start[u + 1]) {
            const int w = g.to[pos[u]++], m = mate[w];
            if (m < 0 ? dist[u] + 1 == limit : dist[m] == dist[u] + 1) {
                step = w;
                break;
            }
        }
        if (step < 0) {
            dist[u] = far;
            stack.pop_back();
            if (!rights.empty()) rights.pop_back();
            continue;
        }
        rights.push_back(step);
        if (mate[step] < 0) {
            for (size_t i = 0; i < stack.size(); ++i) {
                mate[stack[i]] = rights[i];
                mate[rights[i]] = stack[i];
            }
            return;
        }
        stack.push_back(mate[step]);
    }
}

// mate made a maximum matching of the bipartite graph whose left side is `left`: shortest
// augmenting paths in phases (a breadth-first layering, then depth-first paths along it)
static void hopcroft_karp(const Graph &g, std::vector<int> &mate, const std::vector<int> &left) {
    const int far = g.n + 1;
    std::vector<int> dist(g.n, far), pos(g.n, 0), queue;
    while (true) {
        queue.clear();
        for (int u : left) {
            dist[u] = far;
            pos[u] = g.start[u];
            if (mate[u] < 0) {
                dist[u] = 0;
                queue.push_back(u);
            }
        }
        int limit = far;  // (the layer of the first exposed right vertex)
        for (size_t k = 0; k < queue.size(); ++k) {
            const int u = queue[k];
            if (dist[u] + 1 > limit) break;
            for (int e = g.start[u]; e < g.start[u + 1]; ++e) {
                const int m = mate[g.to[e]];
                if (m < 0) {
                    limit = dist[u] + 1;
                } else if (dist[m] == far) {
                    dist[m] = dist[u] + 1;
                    queue.push_back(m);
                }
            }
        }
        if (limit == far) return;
        for (int r : left)
            if (mate[r] < 0 && dist[r] == 0) hk_path(g, mate, dist, pos, r, limit, far);
    }
}

// the base where the paths of the outer bases a and b to their root meet
static int meet(std::vector<int> &link, const std::vector<int> &mate, const std::vector<int> &pre,
                std::vector<int> &stamp, int clock, int a, int b) {
    while (true) {
        if (a >= 0) {
            if (stamp[a] == clock) return a;
            stamp[a] = clock;
            a = mate[a] >= 0 ? find_base(link, pre[mate[a]]) : -1;
        }
        std::swap(a, b);
    }
}

struct Search {
    std::vector<int> label, pre, link, stamp, queue, touched;  // label: 0 none, 1 outer, 2 inner
    std::vector<char> dead;
    int clock = 0;

    // merge the blossom closed by the edge x-y into the base z, from x's side: the inner vertices
    // on the way become outer, each with a way round the blossom (pre) to the root
    void blossom(std::vector<int> &mate, int x, int y, int z) {
        while (find_base(link, x) != z) {
            pre[x] = y;
            y = mate[x];
            if (label[y] == 2) {
                label[y] = 1;
                queue.push_back(y);
            }
            if (link[x] == x) link[x] = z;
            if (link[y] == y) link[y] = z;
            x = pre[y];
        }
    }

    // one breadth-first Edmonds search from the exposed root r: whether it augmented mate
    bool grow(const Graph &g, std::vector<int> &mate, int r) {
        label[r] = 1;
        touched.assign(1, r);
        queue.assign(1, r);
        for (size_t k = 0; k < queue.size(); ++k) {
            const int x = queue[k];
            for (int e = g.start[x]; e < g.start[x + 1]; ++e) {
                const int y = g.to[e];
                if (dead[y] || label[y] == 2) continue;
                const int bx = find_base(link, x), by = find_base(link, y);
                if (bx == by) continue;
                if (label[y] == 0) {
                    label[y] = 2;
                    pre[y] = x;
                    touched.push_back(y);
                    if (mate[y] < 0) {
                        for (int v = y; v >= 0;) {
                            const int u = pre[v], after = mate[u];
                            mate[u] = v;
                            mate[v] = u;
                            v = after;
                        }
                        return true;
                    }
                    label[mate[y]] = 1;
                    touched.push_back(mate[y]);
                    queue.push_back(mate[y]);
                    continue;
                }
                const int z = meet(link, mate, pre, stamp, ++clock, bx, by);
                blossom(mate, x, y, z);
                blossom(mate, y, x, z);
            }
        }
        return false;
    }
};

// mate made a maximum matching of the (non-bipartite) components of `roots`: from each exposed
// root one Edmonds search; a search that finds no augmenting path leaves a Hungarian tree, whose
// vertices no later augmenting path can use (Edmonds), so they are removed for good
static void edmonds(const Graph &g, std::vector<int> &mate, const std::vector<int> &roots) {
    Search s;
    s.label.assign(g.n, 0);
    s.pre.assign(g.n, -1);
    s.stamp.assign(g.n, 0);
    s.dead.assign(g.n, 0);
    s.link.resize(g.n);
    for (int x = 0; x < g.n; ++x) s.link[x] = x;
    for (int r : roots) {
        if (mate[r] >= 0 || s.dead[r]) continue;
        const bool grown = s.grow(g, mate, r);
        for (int v : s.touched) {
            if (!grown) s.dead[v] = 1;
            s.label[v] = 0;
            s.pre[v] = -1;
            s.link[v] = v;
        }
    }
}

// which vertices some maximum matching misses (the set D), given a maximum matching: the outer
// vertices of Edmonds' alternating forest grown from every exposed vertex at once (blossoms
// merged by union-find, each walked base to base); skip: a vertex taken out of the graph (G - v,
// mate a maximum matching of it)
static std::vector<char> missed(const Graph &g, const std::vector<int> &mate, int skip = -1) {
    std::vector<int> label(g.n, 0), parent(g.n, -1), root(g.n, -1), link(g.n), stamp(g.n, 0), queue;
    for (int x = 0; x < g.n; ++x) {
        link[x] = x;
        if (mate[x] < 0 && x != skip) {
            label[x] = 1;
            root[x] = x;
            queue.push_back(x);
        }
    }
    int clock = 0;
    for (size_t k = 0; k < queue.size(); ++k) {
        const int x = queue[k];
        for (int e = g.start[x]; e < g.start[x + 1]; ++e) {
            const int w = g.to[e];
            if (w == skip) continue;
            if (label[w] == 0) {  // (w is matched: exposed vertices are roots)
                const int m = mate[w];
                label[w] = 2;
                parent[w] = x;
                root[w] = root[m] = root[x];
                label[m] = 1;
                queue.push_back(m);
            } else if (label[w] == 1) {
                const int bx = find_base(link, x), bw = find_base(link, w);
                if (bx == bw) continue;
                if (root[x] != root[w])
                    fail("internal check: an augmenting path is left, the matching was not maximum");
                const int lca = meet(link, mate, parent, stamp, ++clock, bx, bw);
                for (int b : {bx, bw}) {
                    while (b != lca) {
                        const int m = mate[b], up = find_base(link, parent[m]);
                        if (label[m] == 2) {
                            label[m] = 1;
                            queue.push_back(m);
                        }
                        link[b] = link[m] = lca;
                        b = up;
                    }
                }
            }
        }
    }
    std::vector<char> out(g.n);
    for (int x = 0; x < g.n; ++x) out[x] = label[x] == 1;
    return out;
}

// a maximum matching of g: each vertex's mate, -1 for none
static std::vector<int> maximum_matching(const Graph &g) {
    std::vector<int> mate(g.n, -1), side, left, roots;
    for (int x = 0; x < g.n; ++x)  // (a greedy matching first: the searches only finish it)
        for (int e = g.start[x]; e < g.start[x + 1] && mate[x] < 0; ++e)
            if (mate[g.to[e]] < 0) {
                mate[x] = g.to[e];
                mate[g.to[e]] = x;
            }
    std::vector<char> bipartite;
    sides(g, side, bipartite);
    for (int x = 0; x < g.n; ++x) {
        if (bipartite[x] && side[x] == 0) left.push_back(x);
        if (!bipartite[x]) roots.push_back(x);
    }
    hopcroft_karp(g, mate, left);
    edmonds(g, mate, roots);
    return mate;
}

// for each vertex of g (no loops), whether the player to move wins vertex geography started
// there: iff every maximum matching covers it
std::vector<char> first_player_wins(const Graph &g) {
    std::vector<char> out = missed(g, maximum_matching(g));
    for (int x = 0; x < g.n; ++x) out[x] = !out[x];
    return out;
}

// the neighbours of v to which a move wins (v a won start, mate a maximum matching of g): those
// some maximum matching of G - v misses; mate without v's edge is one
std::vector<int> winning_targets(const Graph &g, std::vector<int> mate, int v) {
    if (mate[v] >= 0) {
        mate[mate[v]] = -1;
        mate[v] = -1;
    }
    const std::vector<char> out = missed(g, mate, v);
    std::vector<int> targets;
    for (int e = g.start[v]; e < g.start[v + 1]; ++e)
        if (out[g.to[e]]) targets.push_back(g.to[e]);
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    return targets;
}"""
"""The C++ core of both programs: ``first_player_wins(graph)`` for every vertex at once, and
``winning_targets(graph, mate, v)``: the winning moves from one."""

CPP_GRAPH = r"""
// the graph of the edges u1 v1 u2 v2 ... (vertices any numbers, sorted in `labels`; a loop is
// dropped: it never leads to an unvisited vertex) and whether the player to move wins from each
struct GraphWins {
    std::vector<unsigned long long> labels;
    std::vector<char> wins;
    Graph g;  // (kept for the winning moves, with a maximum matching of it)
    std::vector<int> mate;
};

// keep: the graph and its matching are kept too (for the winning moves)
GraphWins graph_wins(const std::vector<unsigned long long> &edges, bool keep = false) {
    GraphWins out;
    out.labels = edges;
    std::sort(out.labels.begin(), out.labels.end());
    out.labels.erase(std::unique(out.labels.begin(), out.labels.end()), out.labels.end());
    if (out.labels.size() >= (1u << 30) || edges.size() / 2 >= (1u << 30))
        fail("a graph of 2^30 vertices or edges or more is too large for this program");
    const auto index = [&out](unsigned long long x) {
        return (int)(std::lower_bound(out.labels.begin(), out.labels.end(), x) - out.labels.begin());
    };
    Graph g;
    g.n = (int)out.labels.size();
    g.start.assign(g.n + 1, 0);
    std::vector<int> ends(edges.size());
    for (size_t i = 0; i < edges.size(); ++i) ends[i] = index(edges[i]);
    for (size_t i = 0; i + 1 < ends.size(); i += 2)
        if (ends[i] != ends[i + 1]) {
            ++g.start[ends[i] + 1];
            ++g.start[ends[i + 1] + 1];
        }
    for (int x = 0; x < g.n; ++x) g.start[x + 1] += g.start[x];
    g.to.resize(g.start[g.n]);
    std::vector<int> fill(g.start.begin(), g.start.end() - 1);
    for (size_t i = 0; i + 1 < ends.size(); i += 2)
        if (ends[i] != ends[i + 1]) {
            g.to[fill[ends[i]]++] = ends[i + 1];
            g.to[fill[ends[i + 1]]++] = ends[i];
        }
    if (!keep) {
        out.wins = first_player_wins(g);
        return out;
    }
    out.mate = maximum_matching(g);
    out.wins = missed(g, out.mate);
    for (int x = 0; x < g.n; ++x) out.wins[x] = !out.wins[x];
    out.g = std::move(g);
    return out;
}

// whether the player to move wins from `vertex` (a vertex no edge names: no move, false)
static bool wins_from(unsigned long long vertex, const GraphWins &graph) {
    const auto at = std::lower_bound(graph.labels.begin(), graph.labels.end(), vertex);
    return at != graph.labels.end() && *at == vertex && graph.wins[(size_t)(at - graph.labels.begin())];
}

// the graph of the parameters and its answers (keep: with its matching, for the winning moves);
// the main keeps the last case's parameters alive while it answers the next, and cases share the
// parameters read once: the same object again is the same graph, answered without building it again
static const GraphWins &graph_of(const Params &params, bool keep) {
    static const Params *last_params = nullptr;
    static bool kept = false;
    static GraphWins last;
    if (&params != last_params || (keep && !kept)) {
        last = graph_wins(params[0], keep);
        last_params = &params;
        kept = keep;
    }
    return last;
}

bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    if (heaps.size() != 1)
        fail("a position is one start vertex, got " + std::to_string(heaps.size()) + " numbers");
    known = false;
    value = 0;
    return wins_from(heaps[0], graph_of(params, false));
}

// the vertices a first move from `vertex` may go to and win, increasing (none: a lost start, or a
// vertex no edge names)
std::vector<unsigned long long> winning_moves(unsigned long long vertex, const Params &params) {
    const GraphWins &graph = graph_of(params, true);
    std::vector<unsigned long long> out;
    if (!wins_from(vertex, graph)) return out;
    const auto at = std::lower_bound(graph.labels.begin(), graph.labels.end(), vertex);
    const int v = (int)(at - graph.labels.begin());
    for (int u : winning_targets(graph.g, graph.mate, v)) out.push_back(graph.labels[u]);
    return out;
}"""
"""``answer`` of ``vertex-geography(E)`` in C++, for the family main."""


def cpp_graph_body() -> str:
    """The functions of ``vertex-geography(E)`` in C++ (the family main is added by the caller)."""
    return CPP_CORE + "\n" + CPP_GRAPH


# ---- the board family ----------------------------------------------------------------------------

BOARD_INPUT = ("input: n m, then the n rows of the board, each one word of m cells: '.' free, '#' "
               "blocked; then either nothing, or the number q of starts asked, then q cells r c (1-based: "
               "row 1..n, column 1..m)")
BOARD_OUTPUT = ("output: with no starts asked, the board again, each free cell written N (the player to "
                "move from a token placed there wins) or P (the other player wins), '#' kept; else one "
                "line per start: '- N' or '- P' (the value '-': see above), or 'error: ...' for a cell "
                "off the board or blocked")


def board_header(title: str, main: bool) -> list[str]:
    """The header's lines of ``vertex-geography(B)``."""
    lines = [f"{title}: who wins vertex geography on a board of free and blocked cells, the board "
             f"given at run time: a token starts on a free cell; a move slides it to a free cell "
             f"beside it (up, down, left, right) not visited yet (the start is visited); whoever "
             f"cannot move loses. The board is a bipartite graph (the chessboard colouring), so "
             f"Hopcroft-Karp alone finds its maximum matching.", *theorem_lines()]
    if main:
        lines += [BOARD_INPUT, BOARD_OUTPUT]
    return lines


PY_BOARD = '''

def board_wins(rows):
    """The board (rows of '.' free and '#' blocked cells) with each free cell written N (the player
    to move from a token placed there wins) or P."""
    n, m = len(rows), len(rows[0]) if rows else 0
    index, cells = [-1] * (n * m), []
    for r in range(n):
        for c in range(m):
            if rows[r][c] == ".":
                index[r * m + c] = len(cells)
                cells.append(r * m + c)
    adj = [[] for _ in cells]
    for i, p in enumerate(cells):
        r, c = divmod(p, m)
        for q in (p - m if r > 0 else -1, p - 1 if c > 0 else -1, p + 1 if c + 1 < m else -1,
                  p + m if r + 1 < n else -1):
            if q >= 0 and index[q] >= 0:
                adj[i].append(index[q])
    wins = first_player_wins(adj)
    out = [list(row) for row in rows]
    for i, p in enumerate(cells):
        out[p // m][p % m] = "N" if wins[i] else "P"
    return ["".join(row) for row in out]'''
"""``board_wins(rows)`` in Python."""

PY_BOARD_MAIN = "\n\n" + PY_NUMBER + '''


def _read(words):
    """The board's rows and the starts asked (None: every cell), or a ValueError that says why."""
    if len(words) < 2:
        raise ValueError("the input must start with the board's size n m")
    n, m = _number(words[0]), _number(words[1])
    if n < 1 or m < 1:
        raise ValueError(f"a board of {n} x {m} cells: n and m must be at least 1")
    rows = words[2:2 + n]
    if len(rows) < n:
        raise ValueError(f"the input ended after {len(rows)} of the board's {n} rows")
    for r, row in enumerate(rows, 1):
        if len(row) != m or row.strip(".#"):
            raise ValueError(f"row {r} must be {m} cells '.' or '#', got {row[:40]!r}")
    rest = words[2 + n:]
    if not rest:
        return rows, None
    q = _number(rest[0])
    if len(rest) != 1 + 2 * q:
        raise ValueError(f"{q} starts asked: expected {q} cells r c after q, got {len(rest) - 1} "
                         f"numbers")
    starts = [(_number(r), _number(c)) for r, c in zip(rest[1::2], rest[2::2])]
    return rows, starts


def main():
    try:
        rows, starts = _read(sys.stdin.read().split())
    except ValueError as exc:
        sys.exit(f"error: {exc}")
    table = board_wins(rows)
    if starts is None:
        print("\\n".join(table))
        return
    failed, out = False, []
    for r, c in starts:
        if not (1 <= r <= len(rows) and 1 <= c <= len(rows[0])):
            out.append(f"error: cell {r} {c} is off the {len(rows)} x {len(rows[0])} board")
        elif rows[r - 1][c - 1] == "#":
            out.append(f"error: cell {r} {c} is blocked")
        else:
            out.append(f"- {table[r - 1][c - 1]}")
        failed = failed or out[-1].startswith("error")
    print("\\n".join(out))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''
"""The board program's main in Python."""

CPP_BOARD = r"""
// the board (rows of '.' free and '#' blocked cells) with each free cell written N (the player to
// move from a token placed there wins) or P
std::vector<std::string> board_wins(const std::vector<std::string> &rows) {
    const size_t n = rows.size(), m = rows.empty() ? 0 : rows[0].size();
    std::vector<int> index(n * m, -1), cells;
    for (size_t p = 0; p < n * m; ++p)
        if (rows[p / m][p % m] == '.') {
            index[p] = (int)cells.size();
            cells.push_back((int)p);
        }
    Graph g;
    g.n = (int)cells.size();
    g.start.assign(g.n + 1, 0);
    for (int i = 0; i < g.n; ++i) {
        const size_t p = (size_t)cells[i], r = p / m, c = p % m;
        const size_t near[4] = {r > 0 ? p - m : SIZE_MAX, c > 0 ? p - 1 : SIZE_MAX,
                                c + 1 < m ? p + 1 : SIZE_MAX, r + 1 < n ? p + m : SIZE_MAX};
        for (size_t q : near)
            if (q != SIZE_MAX && index[q] >= 0) g.to.push_back(index[q]);
        g.start[i + 1] = (int)g.to.size();
    }
    const std::vector<char> wins = first_player_wins(g);
    std::vector<std::string> out(rows);
    for (int i = 0; i < g.n; ++i) out[(size_t)cells[i] / m][(size_t)cells[i] % m] = wins[i] ? 'N' : 'P';
    return out;
}"""
"""``board_wins(rows)`` in C++."""

CPP_BOARD_MAIN = "\n" + CPP_PARSE_NUMBER + r"""

int main() {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> words;
    {
        std::ostringstream all;
        all << std::cin.rdbuf();
        std::istringstream in(all.str());
        std::string word;
        while (in >> word) words.push_back(word);
    }
    std::vector<std::string> rows;
    std::vector<std::pair<unsigned long long, unsigned long long>> starts;
    bool every = true;
    try {
        if (words.size() < 2) fail("the input must start with the board's size n m");
        const unsigned long long n = parse_number(words[0]), m = parse_number(words[1]);
        if (n < 1 || m < 1)
            fail("a board of " + std::to_string(n) + " x " + std::to_string(m) +
                 " cells: n and m must be at least 1");
        if (n > (1ull << 30) / m) fail("a board of 2^30 cells or more is too large for this program");
        if (n > words.size() - 2)
            fail("the input ended after " + std::to_string(words.size() - 2) + " of the board's " +
                 std::to_string(n) + " rows");
        for (size_t r = 0; r < n; ++r) {
            const std::string &row = words[2 + r];
            if (row.size() != m || row.find_first_not_of(".#") != std::string::npos)
                fail("row " + std::to_string(r + 1) + " must be " + std::to_string(m) +
                     " cells '.' or '#', got '" + row.substr(0, 40) + "'");
            rows.push_back(row);
        }
        const size_t rest = 2 + (size_t)n;
        if (rest < words.size()) {
            every = false;
            const unsigned long long q = parse_number(words[rest]);
            if (q > (words.size() - rest - 1) / 2 || words.size() - rest - 1 != 2 * q)
                fail(std::to_string(q) + " starts asked: expected " + std::to_string(q) +
                     " cells r c after q, got " + std::to_string(words.size() - rest - 1) + " numbers");
            for (size_t i = rest + 1; i < words.size(); i += 2)
                starts.push_back({parse_number(words[i]), parse_number(words[i + 1])});
        }
    } catch (const std::runtime_error &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    const std::vector<std::string> table = board_wins(rows);
    if (every) {
        for (const std::string &row : table) std::printf("%s\n", row.c_str());
        return 0;
    }
    bool failed = false;
    for (const auto &cell : starts) {
        const unsigned long long r = cell.first, c = cell.second;
        std::string text;
        if (r < 1 || r > rows.size() || c < 1 || c > rows[0].size())
            text = "error: cell " + std::to_string(r) + " " + std::to_string(c) + " is off the " +
                   std::to_string(rows.size()) + " x " + std::to_string(rows[0].size()) + " board";
        else if (rows[r - 1][c - 1] == '#')
            text = "error: cell " + std::to_string(r) + " " + std::to_string(c) + " is blocked";
        else
            text = std::string("- ") + table[r - 1][c - 1];
        failed = failed || text.compare(0, 6, "error:") == 0;
        std::printf("%s\n", text.c_str());
    }
    return failed ? 1 : 0;
}"""
"""The board program's main in C++."""

_CPP_INCLUDES = ("algorithm", "climits", "cstdint", "cstdio", "cstdlib", "iostream", "sstream", "stdexcept",
                 "string", "utility", "vector")


def board_code(title: str, lang: str, main: bool, layout: str, where: str) -> str:
    """The program of ``vertex-geography(B)``: ``board_wins(rows)``, and with ``main`` a main
    reading one board and the starts asked (see :data:`BOARD_INPUT`). Other layouts are refused."""
    unused = ([f"--input {layout}"] if layout not in ("lines", "counted") else []) + (
        [f"--params {where}"] if where != "each" else [])
    if unused:
        raise InvalidInputError(f"{title} reads one board, then the starts asked (see the program's "
                                f"header): {' and '.join(unused)} has no use there")
    head = board_header(title, main)
    if lang == "python":
        out = [f"# {line}" for line in head]
        out += ["# Generated by grundy; needs only Python 3.8+.", "", "import sys", "", "",
                PY_CORE + PY_BOARD]
        out.append(PY_BOARD_MAIN if main else "\n\n# (add your own main, or export with --main)")
        return "\n".join(out).rstrip("\n") + "\n"
    if lang != "cpp":
        raise InvalidInputError(f"lang must be cpp or python, got {lang!r}")
    out = [f"// {line}" for line in head]
    out += ["// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", ""]
    out += [f"#include <{name}>" for name in _CPP_INCLUDES]
    out += ["", BASE, "", CPP_CORE, CPP_BOARD]
    out.append(CPP_BOARD_MAIN if main else "\n// (add your own main, or export with --main)")
    return "\n".join(out).rstrip("\n") + "\n"
