"""The C++17 side of :func:`grundy.sequences.export.export_code`: a formula of the grammar translated to
``__int128`` arithmetic with Python's semantics, or a table with a range check.

>>> import ast
>>> translate(ast.parse("n % 3 == 0", mode="eval").body)
'i128(py_mod(n, i128(3LL)) == i128(0LL))'
"""

from __future__ import annotations

import ast

_HELPERS = r"""typedef __int128 i128;
typedef unsigned __int128 u128;

[[noreturn]] static inline void fail(const char *why) {
    std::fprintf(stderr, "error: %s\n", why);
    std::exit(1);
}

static inline i128 py_add(i128 x, i128 y) {
    i128 r;
    if (__builtin_add_overflow(x, y, &r)) fail("overflow");
    return r;
}
static inline i128 py_sub(i128 x, i128 y) {
    i128 r;
    if (__builtin_sub_overflow(x, y, &r)) fail("overflow");
    return r;
}
static inline i128 py_mul(i128 x, i128 y) {
    i128 r;
    if (__builtin_mul_overflow(x, y, &r)) fail("overflow");
    return r;
}
static inline i128 py_neg(i128 x) { return py_sub(0, x); }
static inline i128 py_abs(i128 x) { return x < 0 ? py_neg(x) : x; }
static inline i128 py_min(i128 x, i128 y) { return y < x ? y : x; }
static inline i128 py_max(i128 x, i128 y) { return x < y ? y : x; }

// floor division and modulo, as in Python
static inline i128 py_floordiv(i128 x, i128 y) {
    if (y == 0) fail("division by zero");
    if (y == -1) return py_neg(x);
    i128 q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) --q;
    return q;
}
static inline i128 py_mod(i128 x, i128 y) {
    if (y == 0) fail("modulo by zero");
    if (y == -1) return 0;
    i128 r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
}
static inline i128 py_shl(i128 x, i128 s) {
    if (s < 0) fail("negative shift count");
    if (x == 0) return 0;
    if (s > 125) fail("overflow");
    i128 limit = (i128)1 << (126 - (int)s);
    if (x >= limit || x < -limit) fail("overflow");
    return x * ((i128)1 << (int)s);
}
static inline i128 py_shr(i128 x, i128 s) {
    if (s < 0) fail("negative shift count");
    if (s > 125) return x < 0 ? -1 : 0;
    return py_floordiv(x, (i128)1 << (int)s);
}

static inline u128 nonneg(i128 x, const char *what) {
    if (x < 0) fail(what);
    return (u128)x;
}
static inline i128 py_popcount(i128 x) {
    u128 u = nonneg(x, "popcount of a negative number");
    return __builtin_popcountll((unsigned long long)u) + __builtin_popcountll((unsigned long long)(u >> 64));
}
static inline i128 py_ctz(i128 x) {  // trailing zero bits; ctz(0) = -1
    u128 u = nonneg(x, "ctz of a negative number");
    if (u == 0) return -1;
    int c = 0;
    while ((u & 1) == 0) { u >>= 1; ++c; }
    return c;
}
static inline i128 py_cto(i128 x) {  // trailing one bits
    nonneg(x, "cto of a negative number");
    return py_ctz(py_add(x, 1));
}
static inline i128 py_bit_length(i128 x) {
    u128 u = nonneg(x, "bit_length of a negative number");
    int c = 0;
    while (u) { u >>= 1; ++c; }
    return c;
}
static inline i128 py_isqrt(i128 x) {  // exact: the largest r with r * r <= x
    u128 v = nonneg(x, "isqrt of a negative number");
    u128 r = 0;
    for (int bit = 63; bit >= 0; --bit) {
        u128 t = r | ((u128)1 << bit);
        if (t * t <= v) r = t;
    }
    return (i128)r;
}
static inline bool in_set(i128 x, std::initializer_list<i128> s) {
    for (i128 v : s) if (v == x) return true;
    return false;
}
"""

_BIN = {ast.Add: "py_add", ast.Sub: "py_sub", ast.Mult: "py_mul", ast.FloorDiv: "py_floordiv",
        ast.Mod: "py_mod", ast.LShift: "py_shl", ast.RShift: "py_shr"}
_BITS = {ast.BitXor: "^", ast.BitAnd: "&", ast.BitOr: "|"}
_CMP = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


def _const(value: int) -> str:
    if abs(value) < 1 << 62:
        return f"i128({value}LL)"
    v = abs(value)
    if v >= 1 << 124:
        raise ValueError(f"the constant {value} does not fit in 124 bits")
    hi, lo = v >> 62, v & ((1 << 62) - 1)
    built = f"py_add(py_mul(i128({hi}LL), (i128)1 << 62), i128({lo}LL))"
    return f"py_neg({built})" if value < 0 else built


def translate(node: ast.expr) -> str:
    """A C++ expression of type ``i128`` with the value Python gives the (checked) formula."""
    if isinstance(node, ast.Constant):
        assert type(node.value) is int
        return _const(node.value)
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.BinOp):
        x, y = translate(node.left), translate(node.right)
        if type(node.op) in _BITS:
            return f"({x} {_BITS[type(node.op)]} {y})"
        return f"{_BIN[type(node.op)]}({x}, {y})"
    if isinstance(node, ast.UnaryOp):
        inner = translate(node.operand)
        return f"i128({inner} == 0)" if isinstance(node.op, ast.Not) else f"py_neg({inner})"
    if isinstance(node, ast.BoolOp):  # Python's value semantics: the deciding operand
        result = translate(node.values[-1])
        for value in reversed(node.values[:-1]):
            test = "t == 0" if isinstance(node.op, ast.And) else "t != 0"
            result = f"[&]() -> i128 {{ i128 t = {translate(value)}; return {test} ? t : {result}; }}()"
        return result
    if isinstance(node, ast.Compare):
        parts = []
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                assert isinstance(right, ast.Set | ast.Tuple)
                members = ", ".join(translate(e) for e in right.elts)
                test = f"in_set({translate(left)}, {{{members}}})"
                parts.append(test if isinstance(op, ast.In) else f"!{test}")
            else:
                parts.append(f"{translate(left)} {_CMP[type(op)]} {translate(right)}")
            left = right
        if len(parts) == 1:
            return f"i128({parts[0]})"
        return "i128(" + " && ".join(f"({p})" for p in parts) + ")"
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [translate(a) for a in node.args]
    if node.func.id in ("min", "max"):
        result = args[0]
        for arg in args[1:]:
            result = f"py_{node.func.id}({result}, {arg})"
        return result
    return f"py_{node.func.id}({args[0]})"


_MAIN = r"""
static unsigned long long parse_number(const std::string &word, const std::string &line) {
    if (word.empty() || word.size() > 20) fail(("not a non-negative integer: " + line).c_str());
    unsigned long long v = 0;
    for (char ch : word) {
        if (ch < '0' || ch > '9') fail(("not a non-negative integer: " + line).c_str());
        unsigned long long d = (unsigned long long)(ch - '0');
        if (v > (ULLONG_MAX - d) / 10) fail(("a number is too large: " + line).c_str());
        v = v * 10 + d;
    }
    return v;
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string word;
        std::vector<unsigned long long> numbers;
        while (in >> word) numbers.push_back(parse_number(word, line));
        if (numbers.empty()) continue;
%(body)s
        std::printf("%%llu %%c\n", value, value ? 'N' : 'P');
    }
    return 0;
}
"""

_BODY_HEAP = """        unsigned long long value = 0;
        for (unsigned long long h : numbers) value ^= grundy_value(h);"""
_BODY_PAIR = """        if (numbers.size() != 2) fail(("expected two numbers a b: " + line).c_str());
        unsigned long long value = grundy_value(numbers[0], numbers[1]);"""


def _table_cpp(kind: str, table: list[int] | list[list[int]]) -> list[str]:
    flat: list[int] = [v for row in table for v in (row if isinstance(row, list) else [row])]
    vtype = "unsigned int" if max(flat, default=0) < 1 << 32 else "unsigned long long"
    suffix = "u" if vtype == "unsigned int" else "ull"
    rows = [", ".join(f"{v}{suffix}" for v in flat[i:i + 20]) for i in range(0, len(flat), 20)]
    lines = [f"static const {vtype} TABLE[] = {{", *(f"    {r}," for r in rows), "};"]
    if not flat:
        lines = [f"static const {vtype} TABLE[1] = {{0}};"]
    if kind == "heap":
        n = len(flat)
        lines += [f"static const unsigned long long TABLE_SIZE = {n}ull;", "",
                  "unsigned long long grundy_value(unsigned long long n) {",
                  "    if (n >= TABLE_SIZE) {",
                  f'        std::fprintf(stderr, "error: heap %llu is beyond the table (0..{n - 1})\\n", n);',
                  "        std::exit(1);", "    }", "    return TABLE[n];", "}"]
    else:
        r = len(table)
        first = table[0] if table else []
        c = len(first) if isinstance(first, list) else 0
        lines += [f"static const unsigned long long ROWS = {r}ull, COLS = {c}ull;", "",
                  "unsigned long long grundy_value(unsigned long long a, unsigned long long b) {",
                  "    if (a >= ROWS || b >= COLS) {",
                  f'        std::fprintf(stderr, "error: (%llu, %llu) is beyond the table '
                  f'(a <= {r - 1}, b <= {c - 1})\\n", a, b);',
                  "        std::exit(1);", "    }", "    return TABLE[a * COLS + b];", "}"]
    return lines


def cpp_program(*, name: str, kind: str, node: ast.expr | None, why: str | None,
                table: list[int] | list[list[int]], main: bool) -> str:
    """The whole C++ source (see :func:`grundy.sequences.export.export_code`)."""
    title = " ".join(name.split())
    out = [f"// {title}: the Grundy value of one {'heap n' if kind == 'heap' else 'pair (a, b)'}.",
           "// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", "",
           "#include <climits>", "#include <cstdio>", "#include <cstdlib>", "#include <initializer_list>",
           "#include <iostream>", "#include <sstream>", "#include <string>", "#include <vector>", ""]
    out.append(_HELPERS)
    params = ["n"] if kind == "heap" else ["a", "b"]
    signature = ", ".join(f"unsigned long long {p}_" for p in params)
    if node is not None:
        assert why is not None
        out += [f"// {' '.join(why.split())}", f"unsigned long long grundy_value({signature}) {{"]
        out += [f"    const i128 {p} = (i128){p}_;" for p in params]
        out += [f"    (void){p};" for p in params]
        out += [f"    const i128 g = {translate(node)};",
                "    if (g < 0 || g > (i128)ULLONG_MAX) fail(\"the formula gives a value out of range\");",
                "    return (unsigned long long)g;", "}"]
    else:
        out += ["// exact values computed by grundy"]
        out += _table_cpp(kind, table)
    plain = ", ".join(f"unsigned long long {p}" for p in params)
    out += ["", f"bool first_player_wins({plain}) {{",
            f"    return grundy_value({', '.join(params)}) != 0;", "}"]
    if main:
        out.append(_MAIN % {"body": _BODY_HEAP if kind == "heap" else _BODY_PAIR})
    else:
        out += ["", "// (add your own main, or export with main=True)"]
    return "\n".join(out) + "\n"


def cpp_periodic(*, title: str, why: str, head: list[int], preperiod: int, period: int, saltus: int,
                 main: bool) -> str:
    """The C++ source answering every heap by a period (see
    :func:`grundy.sequences.export.export_code`)."""
    rows = [", ".join(f"{v}ull" for v in head[i:i + 20]) for i in range(0, len(head), 20)]
    out = [f"// {title}: the Grundy value of one heap n.",
           "// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", "",
           "#include <climits>", "#include <cstdio>", "#include <cstdlib>", "#include <initializer_list>",
           "#include <iostream>", "#include <sstream>", "#include <string>", "#include <vector>", "",
           _HELPERS, f"// {' '.join(why.split())}",
           "static const unsigned long long HEAD[] = {", *(f"    {r}," for r in rows), "};",
           f"static const unsigned long long PREPERIOD = {preperiod}ull, PERIOD = {period}ull, "
           f"SALTUS = {saltus}ull;", "",
           "unsigned long long grundy_value(unsigned long long n) {",
           "    if (n < PREPERIOD + PERIOD) return HEAD[n];",
           "    const unsigned long long q = (n - PREPERIOD) / PERIOD, r = (n - PREPERIOD) % PERIOD;",
           "    const u128 g = (u128)HEAD[PREPERIOD + r] + (u128)q * SALTUS;",
           "    if (g > (u128)ULLONG_MAX) fail(\"the value is out of range\");",
           "    return (unsigned long long)g;", "}", "",
           "bool first_player_wins(unsigned long long n) {", "    return grundy_value(n) != 0;", "}"]
    if main:
        out.append(_MAIN % {"body": _BODY_HEAP})
    else:
        out += ["", "// (add your own main, or export with main=True)"]
    return "\n".join(out) + "\n"
