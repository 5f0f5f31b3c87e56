"""The programs written from a rule a game declares (:class:`grundy.model.laws.ExportRule`) with
no table: staircase Nim by the odd-steps theorem, the split game by its odious-stones theorem,
coin-slide by the memoised mex over its moves; in Python (``PY_*``) and C++ (``CPP_*``), each
defining ``grundy_value``, ``first_player_wins`` and the ``answer`` the main calls
(:mod:`grundy.export.main`).

>>> split: dict[str, object] = {}
>>> slide: dict[str, object] = {}
>>> exec(PY_SPLIT, split)
>>> exec(PY_STRIP, slide)
>>> split["answer"]([1, 1, 0]), slide["answer"]([6, 1, 2, 4])
((3, True), (0, False))
"""

from __future__ import annotations


def py_wins_and_answer(arg: str) -> str:
    """``first_player_wins`` and ``answer`` of a program whose ``grundy_value`` takes ``arg``
    (the tail every such Python program shares)."""
    return (f"\n\ndef first_player_wins({arg}):\n    return grundy_value({arg}) != 0\n\n\n"
            f"def answer({arg}):\n    value = grundy_value({arg})\n    return value, value != 0")


PY_STAIRCASE = '''def grundy_value(steps):
    """The odd-steps theorem: the XOR of the counters on steps 1, 3, 5, ... (steps[0] is step 1)."""
    value = 0
    for c in steps[0::2]:
        value ^= c
    return value
''' + py_wins_and_answer("steps")

PY_TREE_STAIRCASE = '''def grundy_value(numbers):
    """Staircase Nim on a tree rooted at node 0: numbers are the parents of nodes 1..n-1, then the
    counts of nodes 0..n-1; the odd-depth theorem: the XOR of the counts at odd depth."""
    if len(numbers) % 2 == 0:
        raise ValueError("a position is the n - 1 parents of nodes 1..n-1, then the n counts")
    n = (len(numbers) + 1) // 2
    parent, count = [0] + list(numbers[:n - 1]), numbers[n - 1:]
    depth = [0] + [-1] * (n - 1)
    for start in range(1, n):
        path, v = [], start
        while depth[v] < 0:
            if parent[v] >= n:
                raise ValueError(f"node {v}'s parent {parent[v]} is not a node 0..{n - 1}")
            if depth[v] == -2:
                raise ValueError(f"the parents make a cycle through node {v}, not a tree rooted at 0")
            depth[v] = -2
            path.append(v)
            v = parent[v]
        for u in reversed(path):
            depth[u] = depth[parent[u]] + 1
    value = 0
    for v in range(n):
        if depth[v] % 2:
            value ^= count[v]
    return value
''' + py_wins_and_answer("numbers")

PY_SPLIT = '''def stone_value(d):
    """A stone d piles before the last: g(0) = 0, g(d) the d-th odious number (1, 2, 4, 7, ...)."""
    if d <= 0:
        return 0
    return 2 * (d - 1) + 1 - bin(d - 1).count("1") % 2


def grundy_value(piles):
    """The XOR of stone_value(n - i) over the piles i = 1..n with an odd count."""
    if not piles:
        raise ValueError("a position needs at least one pile")
    n = len(piles)
    value = 0
    for i, c in enumerate(piles):
        if c & 1:
            value ^= stone_value(n - 1 - i)
    return value
''' + py_wins_and_answer("piles")

PY_SPLIT_MOVES = '''def winning_positions(piles):
    """The piles after each winning move, i, then j, then k increasing (a stone from pile i to
    piles j <= k after it): the move flips the parity of piles i, j and k (of i alone when j = k),
    so it wins exactly when their stone values XOR to the value of the position."""
    total, n = grundy_value(piles), len(piles)
    found = []
    for i in range(n if total else 0):
        if not piles[i]:
            continue
        for j in range(i + 1, n):
            for k in range(j, n):
                change = stone_value(n - 1 - i)
                if j != k:
                    change ^= stone_value(n - 1 - j) ^ stone_value(n - 1 - k)
                if change == total:
                    after = list(piles)
                    after[i] -= 1
                    after[j] += 1
                    after[k] += 1
                    found.append(after)
    return found'''
"""The split game's winning moves, as the piles after each (``export --winning-moves``)."""

PY_WYTHOFF_MOVES = '''def golden_floor(k):
    return (k + isqrt(5 * k * k)) // 2


def partner(x):
    """The y with {x, y} a P-position: x = floor(k phi) pairs with x + k, x = floor(k phi) + k with
    floor(k phi) (each number is in exactly one pair: complementary Beatty sequences)."""
    if x == 0:
        return 0
    base = (isqrt(5 * x * x) - x) // 2
    for k in (base, base + 1):
        if k > 0 and golden_floor(k) == x:
            return x + k
    base = (3 * x - isqrt(5 * x * x)) // 2
    for k in (base - 1, base, base + 1, base + 2):
        if k > 0 and golden_floor(k) + k == x:
            return x - k
    raise ValueError(f"no Wythoff pair holds {x}")


def winning_positions(numbers):
    """The pairs after each winning move of one pair a b: heap 2 to a's partner, heap 1 to b's
    partner, then both heaps down to the P-pair of their difference (where each is smaller)."""
    if len(numbers) != 2:
        raise ValueError("the winning moves are listed for one pair a b")
    x, y = numbers
    if x < 0 or y < 0:
        raise ValueError(f"({x}, {y}) is not a position (heaps >= 0)")
    if min(x, y) == golden_floor(abs(x - y)):
        return []
    found = []
    if partner(x) < y:
        found.append((x, partner(x)))
    if partner(y) < x:
        found.append((partner(y), y))
    t = min(x, y) - golden_floor(abs(x - y))
    if t > 0:
        found.append((x - t, y - t))
    return found'''
"""Wythoff's winning moves of one pair (``export --winning-moves``), as the engine finds them."""

PY_STRIP = '''MAX_CELLS = 16
_MEMO = {"": 0}


def grundy_value(strip):
    """The mex over the moves of a strip such as "##.#." (leading empty cells do not matter)."""
    strip = strip.lstrip(".")
    if strip not in _MEMO:
        seen = set()
        for i, ch in enumerate(strip):
            if ch == "#":
                j = strip.find(".", i + 1)
                cells = list(strip)
                cells[i] = "."
                if j >= 0:
                    cells[j] = "#"
                seen.add(grundy_value("".join(cells)))
        g = 0
        while g in seen:
            g += 1
        _MEMO[strip] = g
    return _MEMO[strip]


def first_player_wins(strip):
    return grundy_value(strip) != 0


def strip_of(numbers):
    """The strip of numbers L, then the cells (1..L) of its coins."""
    if not numbers:
        raise ValueError("a position is the strip's length L, then the cells of its coins")
    length, coins = numbers[0], numbers[1:]
    if not 1 <= length <= MAX_CELLS:
        raise ValueError(f"the strip's length must be 1..{MAX_CELLS} (the strips this program "
                         f"searches), got {length}")
    cells = ["."] * length
    for c in coins:
        if not 1 <= c <= length:
            raise ValueError(f"a coin's cell must be 1..{length}, got {c}")
        if cells[c - 1] == "#":
            raise ValueError(f"two coins on cell {c}")
        cells[c - 1] = "#"
    return "".join(cells)


def answer(numbers):
    value = grundy_value(strip_of(numbers))
    return value, value != 0'''

CPP_ANSWER_BY_VALUE = r"""

bool first_player_wins(const std::vector<unsigned long long> &numbers) { return grundy_value(numbers) != 0; }

bool answer(const std::vector<unsigned long long> &numbers, unsigned long long &value, bool &known) {
    value = grundy_value(numbers);
    known = true;
    return value != 0;
}"""
"""The end of a C++ program whose ``grundy_value(numbers)`` is exact: who wins, and ``answer``
(the value always known)."""

CPP_STAIRCASE = r"""
// the odd-steps theorem: the XOR of the counters on steps 1, 3, 5, ... (steps[0] is step 1)
unsigned long long grundy_value(const std::vector<unsigned long long> &steps) {
    unsigned long long value = 0;
    for (size_t i = 0; i < steps.size(); i += 2) value ^= steps[i];
    return value;
}

bool first_player_wins(const std::vector<unsigned long long> &steps) { return grundy_value(steps) != 0; }

bool answer(const std::vector<unsigned long long> &steps, unsigned long long &value, bool &known) {
    value = grundy_value(steps);
    known = true;
    return value != 0;
}"""[1:]

CPP_TREE_STAIRCASE = r"""
// staircase Nim on a tree rooted at node 0: numbers are the parents of nodes 1..n-1, then the
// counts of nodes 0..n-1; the odd-depth theorem: the XOR of the counts at odd depth
unsigned long long grundy_value(const std::vector<unsigned long long> &numbers) {
    if (numbers.size() % 2 == 0) fail("a position is the n - 1 parents of nodes 1..n-1, then the n counts");
    const size_t n = (numbers.size() + 1) / 2;
    std::vector<long long> depth(n, -1);
    std::vector<size_t> path;
    depth[0] = 0;
    for (size_t start = 1; start < n; ++start) {
        path.clear();
        size_t v = start;
        while (depth[v] < 0) {
            const unsigned long long p = numbers[v - 1];
            if (p >= n) fail("node " + std::to_string(v) + "'s parent is not a node: " + std::to_string(p));
            if (depth[v] == -2) fail("the parents make a cycle through node " + std::to_string(v));
            depth[v] = -2;
            path.push_back(v);
            v = (size_t)p;
        }
        for (size_t i = path.size(); i-- > 0;) depth[path[i]] = depth[(size_t)numbers[path[i] - 1]] + 1;
    }
    unsigned long long value = 0;
    for (size_t v = 0; v < n; ++v)
        if (depth[v] % 2) value ^= numbers[n - 1 + v];
    return value;
}"""[1:] + CPP_ANSWER_BY_VALUE

CPP_SPLIT = r"""// a stone d piles before the last: g(0) = 0, g(d) the d-th odious number (1, 2, 4, 7, ...)
unsigned long long stone_value(unsigned long long d) {
    if (d == 0) return 0;
    return 2 * (d - 1) + 1 - (unsigned long long)(__builtin_popcountll(d - 1) % 2);
}

// the XOR of stone_value(n - i) over the piles i = 1..n with an odd count
unsigned long long grundy_value(const std::vector<unsigned long long> &piles) {
    if (piles.empty()) fail("a position needs at least one pile");
    const unsigned long long n = piles.size();
    unsigned long long value = 0;
    for (unsigned long long i = 0; i < n; ++i)
        if (piles[i] & 1) value ^= stone_value(n - 1 - i);
    return value;
}

bool first_player_wins(const std::vector<unsigned long long> &piles) { return grundy_value(piles) != 0; }

bool answer(const std::vector<unsigned long long> &piles, unsigned long long &value, bool &known) {
    value = grundy_value(piles);
    known = true;
    return value != 0;
}"""

CPP_SPLIT_MOVES = r"""
// the piles after each winning move, i, then j, then k increasing (a stone from pile i to piles
// j <= k after it): the move flips the parity of piles i, j and k (of i alone when j = k), so it
// wins exactly when their stone values XOR to the value of the position
static void winning_positions(const std::vector<unsigned long long> &piles,
                              std::vector<std::vector<unsigned long long>> &found) {
    const unsigned long long total = grundy_value(piles), n = piles.size();
    for (unsigned long long i = 0; total != 0 && i < n; ++i) {
        if (!piles[i]) continue;
        for (unsigned long long j = i + 1; j < n; ++j) {
            for (unsigned long long k = j; k < n; ++k) {
                unsigned long long change = stone_value(n - 1 - i);
                if (j != k) change ^= stone_value(n - 1 - j) ^ stone_value(n - 1 - k);
                if (change != total) continue;
                if (piles[j] > ULLONG_MAX - 2 || piles[k] > ULLONG_MAX - 2)
                    fail("a pile is too large for this program to add stones to (above 2^64 - 3)");
                std::vector<unsigned long long> after(piles);
                after[i] -= 1;
                after[j] += 1;
                after[k] += 1;
                found.push_back(after);
            }
        }
    }
}"""[1:]
"""The split game's winning moves in C++ (``export --winning-moves``)."""

CPP_WYTHOFF_MOVES = r"""
// floor(k phi), exactly: (k + isqrt(5 k^2)) / 2 in 128-bit integers
static unsigned long long golden_floor(unsigned long long k) {
    const unsigned __int128 five = (unsigned __int128)5 * k * k;
    unsigned __int128 r = (unsigned __int128)std::sqrt((long double)five);
    while (r * r > five) --r;
    while ((r + 1) * (r + 1) <= five) ++r;
    return (unsigned long long)((k + r) / 2);
}

// the y with {x, y} a P-position: x = floor(k phi) pairs with x + k, x = floor(k phi) + k with
// floor(k phi) (each number is in exactly one pair: complementary Beatty sequences)
static unsigned long long partner(unsigned long long x) {
    if (x == 0) return 0;
    const long double phi = (1 + std::sqrt((long double)5)) / 2;
    const unsigned long long base = (unsigned long long)((long double)x / phi);
    for (unsigned long long k = base > 2 ? base - 2 : 1; k <= base + 2; ++k)
        if (golden_floor(k) == x) return x + k;
    const unsigned long long low = (unsigned long long)((long double)x / (phi * phi));
    for (unsigned long long k = low > 2 ? low - 2 : 1; k <= low + 2; ++k)
        if (golden_floor(k) + k == x) return x - k;
    fail("no Wythoff pair holds this number");
}

// the pairs after each winning move of one pair a b: heap 2 to a's partner, heap 1 to b's
// partner, then both heaps down to the P-pair of their difference (where each is smaller)
static void winning_positions(const std::vector<unsigned long long> &numbers,
                              std::vector<std::vector<unsigned long long>> &found) {
    if (numbers.size() != 2) fail("the winning moves are listed for one pair a b");
    const unsigned long long x = numbers[0], y = numbers[1];
    if (x > (1ULL << 62) || y > (1ULL << 62)) fail("a heap is too large for this program (above 2^62)");
    const unsigned long long low = golden_floor(x > y ? x - y : y - x);
    if (std::min(x, y) == low) return;
    if (partner(x) < y) found.push_back({x, partner(x)});
    if (partner(y) < x) found.push_back({partner(y), y});
    if (std::min(x, y) > low) found.push_back({x - (std::min(x, y) - low), y - (std::min(x, y) - low)});
}"""[1:]
"""Wythoff's winning moves of one pair in C++ (``export --winning-moves``)."""

CPP_STRIP = r"""static const unsigned long long MAX_CELLS = 16;
static std::map<std::string, unsigned long long> memo;

// the mex over the moves of a strip such as "##.#." (leading empty cells do not matter)
unsigned long long grundy_value(std::string strip) {
    strip.erase(0, strip.find_first_not_of('.') == std::string::npos ? strip.size()
                                                                      : strip.find_first_not_of('.'));
    if (strip.empty()) return 0;
    const auto found = memo.find(strip);
    if (found != memo.end()) return found->second;
    std::vector<bool> seen(strip.size() + 2, false);
    for (size_t i = 0; i < strip.size(); ++i) {
        if (strip[i] != '#') continue;
        std::string next = strip;
        const size_t j = strip.find('.', i + 1);
        next[i] = '.';
        if (j != std::string::npos) next[j] = '#';
        const unsigned long long g = grundy_value(next);
        if (g < seen.size()) seen[g] = true;
    }
    unsigned long long g = 0;
    while (seen[g]) ++g;
    memo[strip] = g;
    return g;
}

bool first_player_wins(const std::string &strip) { return grundy_value(strip) != 0; }

// the strip of numbers L, then the cells (1..L) of its coins
std::string strip_of(const std::vector<unsigned long long> &numbers) {
    if (numbers.empty()) fail("a position is the strip's length L, then the cells of its coins");
    const unsigned long long length = numbers[0];
    if (length < 1 || length > MAX_CELLS)
        fail("the strip's length must be 1.." + std::to_string(MAX_CELLS) +
             " (the strips this program searches), got " + std::to_string(length));
    std::string cells(length, '.');
    for (size_t k = 1; k < numbers.size(); ++k) {
        const unsigned long long c = numbers[k];
        if (c < 1 || c > length)
            fail("a coin's cell must be 1.." + std::to_string(length) + ", got " + std::to_string(c));
        if (cells[c - 1] == '#') fail("two coins on cell " + std::to_string(c));
        cells[c - 1] = '#';
    }
    return cells;
}

bool answer(const std::vector<unsigned long long> &numbers, unsigned long long &value, bool &known) {
    value = grundy_value(strip_of(numbers));
    known = true;
    return value != 0;
}"""
