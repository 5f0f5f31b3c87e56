"""The C++17 side of :func:`grundy.export.code.export_code`: a formula of the grammar translated to
``__int128`` arithmetic with Python's semantics, a packed table with a range check, or Moore's rule;
only the helpers the program uses are written out.

>>> import ast
>>> translate(ast.parse("n % 3 == 0", mode="eval").body)
'i128(py_mod(n, i128(3LL)) == i128(0LL))'
"""

from __future__ import annotations

import ast

from grundy.export import kfold
from grundy.export.cpp_helpers import BASE, OVERFLOW, helpers_for
from grundy.export.main import cpp_main
from grundy.export.misere import CPP_GENUS, CPP_PAIR, CPP_QUOTIENT, MisereRule
from grundy.export.model import (
    ALPHABET,
    HOLE,
    OCTAL_STEPS,
    Program,
    header,
    minimum_words,
    pack,
    table_status,
    text_lines,
)
from grundy.export.rules import (
    CPP_ANSWER_BY_VALUE,
    CPP_SPLIT,
    CPP_SPLIT_MOVES,
    CPP_STAIRCASE,
    CPP_STRIP,
    CPP_TREE_STAIRCASE,
    CPP_WYTHOFF_MOVES,
)
from grundy.export.splits import CPP_SPARSE, MAX_HEAP

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
    if isinstance(node, ast.IfExp):
        return f"({translate(node.test)} != 0 ? {translate(node.body)} : {translate(node.orelse)})"
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [translate(a) for a in node.args]
    if node.func.id in ("min", "max"):
        result = args[0]
        for arg in args[1:]:
            result = f"py_{node.func.id}({result}, {arg})"
        return result
    if node.func.id == "G":  # the recursion: told its n, to check that it descends
        args.append("n")
    return f"py_{node.func.id}({', '.join(args)})"




_INCLUDES = ["climits", "cstdio", "cstdlib", "iostream", "sstream", "stdexcept", "string", "vector"]


def _unpack_cpp() -> str:
    return rf"""static std::vector<unsigned long long> unpack(const char *text, bool runs) {{
    static const char ALPHABET[] = "{ALPHABET}";
    int digit[128];
    for (int i = 0; i < 128; ++i) digit[i] = 0;
    for (int i = 0; i < 64; ++i) digit[(int)ALPHABET[i]] = i;
    std::vector<unsigned long long> numbers, out;
    unsigned long long x = 0;
    for (const char *p = text; *p; ++p) {{
        const int d = digit[(int)(unsigned char)*p & 127];
        if (d >= 32) {{
            x = x * 32 + (unsigned long long)(d - 32);
        }} else {{
            numbers.push_back(x * 32 + (unsigned long long)d);
            x = 0;
        }}
    }}
    if (!runs) return numbers;
    for (size_t i = 0; i + 1 < numbers.size(); i += 2) out.insert(out.end(), numbers[i + 1], numbers[i]);
    return out;
}}"""


def _packed(name: str, values: tuple[int, ...]) -> list[str]:
    text, runs = pack(values)
    return [f"static const std::vector<unsigned long long> {name} = unpack(",
            *(f'    "{piece}"' for piece in text_lines(text)), f"    , {'true' if runs else 'false'});"]


_ZECKENDORF = r"""// Whinihan: P iff n = 0 or the smallest term of n's Zeckendorf form exceeds the limit
static bool p_position(unsigned long long n, unsigned long long limit) {
    if (n == 0) return true;
    unsigned long long fib[100];
    int m = 2;
    fib[0] = 1;
    fib[1] = 2;
    while (fib[m - 1] <= n - fib[m - 2]) {
        fib[m] = fib[m - 1] + fib[m - 2];
        ++m;
    }
    unsigned long long smallest = n;
    for (int i = m - 1; i >= 0; --i) {
        if (fib[i] <= n) {
            n -= fib[i];
            smallest = fib[i];
        }
    }
    return smallest > limit;
}"""

_MOORE = r"""// Moore's theorem: P iff every binary column sum of the heaps is 0 mod K + 1
bool first_player_wins(const std::vector<unsigned long long> &heaps) {
    for (int bit = 0; bit < 64; ++bit) {
        unsigned long long ones = 0;
        for (unsigned long long h : heaps) ones += (h >> bit) & 1;
        if (ones %% %(k1)dull != 0) return true;
    }
    return false;
}

// a lone non-empty heap is a Nim heap; several: no theorem gives the value
bool answer(const std::vector<unsigned long long> &heaps, unsigned long long &value, bool &known) {
    unsigned long long live = 0;
    value = 0;
    for (unsigned long long h : heaps) {
        if (h) {
            ++live;
            value = h;
        }
    }
    known = live <= 1;
    return first_player_wins(heaps);
}"""


def _formula(name: str, params: list[str], node: ast.expr, comment: str, result: str) -> list[str]:
    signature = ", ".join(f"unsigned long long {p}_" for p in params)
    body = translate(node)
    out = [f"// {' '.join(comment.split())}", f"{result} {name}({signature}) {{"]
    out += [f"    const i128 {p} = (i128){p}_;" for p in params]
    out += [f"    (void){p};" for p in params]
    out.append(f"    const i128 g = {body};")
    if result == "bool":
        out += ["    return g != 0;", "}"]
    else:
        out += ["    if (g < 0 || g > (i128)ULLONG_MAX) fail(\"the formula gives a value out of range\");",
                "    return (unsigned long long)g;", "}"]
    return out


def cpp_program(program: Program) -> str:
    """The whole C++ source of ``program`` (see :func:`grundy.export.code.export_code`)."""
    kind = program.kind
    if kind == "moore":
        return _assemble(program, [
            "unsigned long long grundy_value(unsigned long long n) { return n; }  // one heap", "",
            _MOORE % {"k1": program.moore_k + 1}])
    if kind == "misere":
        assert program.misere is not None
        return _assemble(program, _cpp_misere(program.misere))
    if kind == "grid":
        assert program.node is not None and program.second is not None
        origin = program.corner[0]
        return _assemble(program, [
            *_formula("coin_x", ["n"], program.node, "v1(x), the first factor", "unsigned long long"), "",
            *_formula("coin_y", ["n"], program.second, "v2(y), the second factor", "unsigned long long"),
            *_cpp_more_coins(program), "", CPP_NIM_MUL,
            (CPP_GRID_MORE % {"dim": program.dim, "origin": origin, "coins": _cpp_coin_list(program)}
             if program.more else CPP_GRID % {"check": _origin_check(origin)})])
    if kind in ("staircase", "tree", "split", "strip"):
        rule = {"staircase": CPP_STAIRCASE, "tree": CPP_TREE_STAIRCASE, "split": CPP_SPLIT,
                "strip": CPP_STRIP}[kind]
        return _assemble(program, [rule])
    params = ["a", "b"] if kind == "pair" else ["n"]
    plain = ", ".join(f"unsigned long long {p}" for p in params)
    code = _cpp_values(program, params, plain)
    uses_rule = program.rule is not None and program.node is None
    code.append("")
    if uses_rule:
        code += _cpp_rule(program, plain)
    else:
        code += [f"bool first_player_wins({plain}) {{",
                 f"    return grundy_value({', '.join(params)}) != 0;", "}"]
    code += ["", *_cpp_answer(program, uses_rule)]
    return _assemble(program, code)


CPP_NIM_MUL = r"""// the nim-product (Conway): with a, b < 2^(2h) and F = 2^h a Fermat 2-power,
// (a1 F + a0)(b1 F + b0) = (a1 b1 + a1 b0 + a0 b1) F + a0 b0 + a1 b1 (F / 2), as F F = F + F / 2
unsigned long long nim_mul(unsigned long long a, unsigned long long b) {
    if (a < 2 || b < 2) return a * b;
    unsigned long long h = 1;
    const unsigned long long most = a > b ? a : b;
    while (h < 32 && (most >> (2 * h)) != 0) h *= 2;
    const unsigned long long low = (1ull << h) - 1;
    const unsigned long long a1 = a >> h, a0 = a & low, b1 = b >> h, b0 = b & low;
    const unsigned long long c = nim_mul(a0, b0), top = nim_mul(a1, b1);
    const unsigned long long middle = nim_mul(a1 ^ a0, b1 ^ b0) ^ c;
    return (middle << h) ^ c ^ nim_mul(top, 1ull << (h - 1));
}"""

CPP_GRID = r"""
// a board of heads x1 y1 x2 y2 ...: the XOR over its heads of coin_x(x) (nim-product) coin_y(y)
// (the Tartan theorem); a head listed twice cancels, as a sum of positions
unsigned long long grundy_value(const std::vector<unsigned long long> &numbers) {
    if (numbers.size() %% 2) fail("a head is two numbers x y: got an odd count");
    unsigned long long value = 0;
    for (size_t i = 0; i + 1 < numbers.size(); i += 2) {
        const unsigned long long x = numbers[i], y = numbers[i + 1];
%(check)s        value ^= nim_mul(coin_x(x), coin_y(y));
    }
    return value;
}""" + CPP_ANSWER_BY_VALUE


def _cpp_coin_names(program: Program) -> list[str]:
    """The coin functions of a grid's later factors: coin_z, or coin_3, coin_4, ..."""
    return ["coin_z"] if len(program.more) == 1 else [f"coin_{i}" for i in range(3, program.dim + 1)]


def _cpp_more_coins(program: Program) -> list[str]:
    """The coin functions of the third and later factors of a grid."""
    out: list[str] = []
    for i, (name, node) in enumerate(zip(_cpp_coin_names(program), program.more, strict=True), 3):
        out += ["", *_formula(name, ["n"], node, f"v{i}, factor {i}", "unsigned long long")]
    return out


def _cpp_coin_list(program: Program) -> str:
    return ", ".join(["coin_x", "coin_y", *_cpp_coin_names(program)])


CPP_GRID_MORE = r"""
// a board of heads, %(dim)d numbers each: the XOR over its heads of the nim-product of the
// factors' values (the Tartan theorem); a head listed twice cancels, as a sum of positions
typedef unsigned long long (*coin_value)(unsigned long long);
static const coin_value COINS[%(dim)d] = {%(coins)s};

unsigned long long grundy_value(const std::vector<unsigned long long> &numbers) {
    if (numbers.size() %% %(dim)d)
        fail("a head is %(dim)d numbers: got a count of " + std::to_string(numbers.size()));
    unsigned long long value = 0;
    for (size_t i = 0; i + %(dim)d <= numbers.size(); i += %(dim)d) {
        unsigned long long product = 1;
        for (size_t j = 0; j < %(dim)d; ++j) {
            if (numbers[i + j] < %(origin)dull) {
                std::string head = "(";
                for (size_t k = 0; k < %(dim)d; ++k) head += (k ? ", " : "") + std::to_string(numbers[i + k]);
                fail(head + ") is not a coin (coordinates from %(origin)d)");
            }
            product = nim_mul(product, COINS[j](numbers[i + j]));
        }
        value ^= product;
    }
    return value;
}""" + CPP_ANSWER_BY_VALUE


def _origin_check(origin: int) -> str:
    """The check that a head's coordinates are at least ``origin`` (none for 0: unsigned)."""
    if origin == 0:
        return ""
    return (f"        if (x < {origin}ull || y < {origin}ull)\n"
            f"            fail(\"(\" + std::to_string(x) + \", \" + std::to_string(y) +\n"
            f"                 \") is not a coin (coordinates from {origin})\");\n")


def _cpp_misere(rule: MisereRule) -> list[str]:
    """A misère program: the pairs of its heaps, then the genus rule; or its quotient."""
    code = [f"static const bool HAS_LIMIT = {'false' if rule.limit is None else 'true'};",
            f"static const unsigned long long LIMIT = {rule.limit or 0}ull;"]
    if rule.law == "quotient":
        code += [_unpack_cpp(), "", f"static const unsigned long long START = {rule.start}ull, "
                 f"PERIOD = {rule.period}ull;", f"// the image of each heap 0..{len(rule.values) - 1}",
                 *_packed("IMAGES", rule.values), "// 1: an element of the P-portion",
                 *_packed("P", rule.misere),
                 f"// the product of elements x and y: PRODUCTS[x * {len(rule.misere)} + y]",
                 *_packed("PRODUCTS", rule.products)]
        return [*code, "", CPP_QUOTIENT]
    if rule.law == "periodic":
        code += [_unpack_cpp(), "", f"static const unsigned long long START = {rule.start}ull, "
                 f"PERIOD = {rule.period}ull;", f"// v(0..{len(rule.values) - 1})",
                 *_packed("V", rule.values), f"// m(0..{len(rule.misere) - 1})", *_packed("M", rule.misere)]
    return [*code, "", CPP_PAIR[rule.law], CPP_GENUS]


def _cpp_values(program: Program, params: list[str], plain: str) -> list[str]:
    """``grundy_value``: by the formula, the period (gated by ``CHECKED`` where unproved) or the
    table (and beyond it an octal game's algorithm)."""
    gated = program.checked is not None and (program.node is not None or program.period is not None)
    name = "by_pattern" if gated else "grundy_value"
    code: list[str] = []
    if program.node is not None:
        formula = _formula(name, params, program.node, program.status,
                           "static unsigned long long" if gated else "unsigned long long")
        code += formula[:2] + _cpp_guard(program, "_") + formula[2:]
    elif program.period is not None and program.runs is not None:
        code += _cpp_runs(program)
    elif program.period is not None:
        e, p, s = program.period.preperiod, program.period.period, program.period.saltus
        code += [_unpack_cpp(), "", f"// G(0..{e + p - 1})", *_packed("HEAD", program.values),
                 f"static const unsigned long long PREPERIOD = {e}ull, PERIOD = {p}ull, SALTUS = {s}ull;", "",
                 f"{'static ' if gated else ''}unsigned long long {name}(unsigned long long n) {{",
                 "    if (n < PREPERIOD + PERIOD) return HEAD[n];",
                 "    const unsigned long long q = (n - PREPERIOD) / PERIOD, r = (n - PREPERIOD) % PERIOD;",
                 "    const u128 g = (u128)HEAD[PREPERIOD + r] + (u128)q * SALTUS;",
                 "    if (g > (u128)ULLONG_MAX) fail(\"the value is out of range\");",
                 "    return (unsigned long long)g;", "}"]
    if gated:
        code += _cpp_gate(program, params, plain)
    elif program.node is None and program.period is None:
        code += _cpp_table(program, plain)
    return code


U64 = 1 << 64


def _cpp_runs(program: Program) -> list[str]:
    """``grundy_value`` by a proved period held as runs of words (:attr:`Program.runs`); a heap
    is below 2**64, so runs starting there are left out, and so is the period's law when the
    preperiod or the period is 2**64 or more (no heap reaches past them)."""
    assert program.period is not None and program.runs is not None
    e, p = program.period.preperiod, program.period.period
    runs = [(a, w) for a, w in program.runs if a < U64]
    offsets, letters = [0], [v for _, word in runs for v in word]
    for _, word in runs:
        offsets.append(offsets[-1] + len(word))
    law = ([f"static const unsigned long long PREPERIOD = {e}ull, PERIOD = {p}ull;"] if e < U64 and p < U64
           else [f"// the preperiod {e} and period {p}: no heap below 2**64 lies beyond them"])
    reduce = (["    if (n >= PREPERIOD && n - PREPERIOD >= PERIOD) n = PREPERIOD + (n - PREPERIOD) % PERIOD;"]
              if e < U64 and p < U64 else [])
    return [f"// G(0..{e + p - 1}) as runs: from RUN_STARTS[i] to the next start, the word "
            f"RUN_WORDS[RUN_FROM[i]..RUN_FROM[i + 1]) repeated",
            f"static const unsigned long long RUN_STARTS[] = {{{', '.join(f'{a}ull' for a, _ in runs)}}};",
            f"static const unsigned long long RUN_FROM[] = {{{', '.join(map(str, offsets))}}};",
            f"static const unsigned long long RUN_WORDS[] = {{{', '.join(map(str, letters))}}};",
            f"static const size_t RUNS = {len(runs)};", *law, "",
            "unsigned long long grundy_value(unsigned long long n) {", *reduce,
            "    size_t low = 0, high = RUNS - 1;  // the last run starting at n or before",
            "    while (low < high) {", "        const size_t middle = (low + high + 1) / 2;",
            "        if (RUN_STARTS[middle] <= n) low = middle; else high = middle - 1;", "    }",
            "    const unsigned long long length = RUN_FROM[low + 1] - RUN_FROM[low];",
            "    return RUN_WORDS[RUN_FROM[low] + (n - RUN_STARTS[low]) % length];", "}"]


def _cpp_table(program: Program, plain: str) -> list[str]:
    """``grundy_value`` by the packed table (beyond it: an octal game's algorithm, or an error)."""
    kind, r, c = program.kind, program.rows, program.cols
    a0, b0 = (program.corner * 2)[:2]
    size = f"static const unsigned long long ROWS = {r}ull, COLS = {c}ull;"
    if program.origin:
        size += "\nstatic const unsigned long long " + (
            f"N0 = {a0}ull;" if kind != "pair" else f"A0 = {a0}ull, B0 = {b0}ull;")
    code = [_unpack_cpp(), "", f"// {table_status(program)}" + (
        " (0: not a position, v + 1: the value v)" if program.holes else ""),
        *_packed("TABLE", program.values), size, ""]
    shown = _cpp_shown(kind)
    outside_table, where = _cpp_inside(program)
    if kind == "heap":
        limits = f"0..{r - 1}"
    elif kind == "number":
        limits = f"{a0}..{a0 + r - 1}"
    else:
        limits = (f"a <= {r - 1}, b <= {c - 1}" if not program.origin
                  else f"{a0} <= a <= {a0 + r - 1}, {b0} <= b <= {b0 + c - 1}")
    past = [f'        fail({shown} is beyond the table ({limits})");']
    if program.octal:
        code += [*_cpp_octal(program).split("\n"), ""]
        past = ["        return by_octal(n);"]
    code += [f"unsigned long long grundy_value({plain}) {{", *_cpp_guard(program),
             f"    if ({outside_table})", *past]
    if program.holes:
        return [*code, f"    const unsigned long long value = TABLE[{where}];",
                f'    if (value == 0) fail({shown} {HOLE}");', "    return value - 1;", "}"]
    return [*code, f"    return TABLE[{where}];", "}"]


def _cpp_octal(program: Program) -> str:
    """The sparse-space algorithm of an octal game's program, filled in."""
    return (CPP_SPARSE.replace("@DIGITS@", ", ".join(map(str, program.octal)))
            .replace("@UNEQUAL@", "true" if program.unequal else "false")
            .replace("@STEPS@", f"{OCTAL_STEPS['cpp']}ull").replace("@MOST@", f"{MAX_HEAP['cpp']}ull"))


def _cpp_shown(kind: str) -> str:
    """The start of a C++ string expression naming the position (closed by the caller's text)."""
    return ('"(" + std::to_string(a) + ", " + std::to_string(b) + ")' if kind == "pair"
            else ('"heap " + std::to_string(n) + "' if kind == "heap" else 'std::to_string(n) + "'))


def _cpp_rule(program: Program, plain: str) -> list[str]:
    """``first_player_wins`` of a pair (or heap) game with a rule for its P-positions beyond the
    table."""
    assert program.rule is not None
    pair = program.kind == "pair"
    params = ["a", "b"] if pair else ["n"]
    args = ", ".join(params)
    code: list[str] = []
    beyond = f"    return !p_position({args});"
    if program.checked is not None:  # a conjectured rule: a C++ program cannot check it
        beyond = (f'    fail({_cpp_shown(program.kind)} is beyond the '
                  f'table ({"a, b" if pair else "n"} <= {program.checked}), where the rule for the '
                  f'P-positions was checked; this C++ program cannot check it there (the Python export '
                  f'with the move function can)");')
    elif program.rule_node is not None:
        code += _formula("p_position", params, program.rule_node,
                         f"{program.rule.text}: {program.rule.status}", "static bool")
    else:
        code.append(_ZECKENDORF if program.rule.code == "zeckendorf"
                    else kfold.cpp_rule(program.rule.code or ""))
    inside = (f"    if (!({_cpp_inside(program)[0]})) return grundy_value({args}) != 0;" if program.origin
              else "    if (a < ROWS && b < COLS) return grundy_value(a, b) != 0;" if pair
              else "    if (n < ROWS) return grundy_value(n) != 0;")
    return [*code, "", f"bool first_player_wins({plain}) {{", *_cpp_guard(program), inside, beyond, "}"]


def _cpp_answer(program: Program, uses_rule: bool) -> list[str]:
    """``answer``, which the main calls with the numbers of one position (a sum where they are)."""
    answer = ["bool answer(const std::vector<unsigned long long> &numbers, unsigned long long &value, "
              "bool &known) {", "    known = true;"]
    if program.kind == "heap":
        if uses_rule:  # (one heap beyond the table: who wins by the rule; a P-position's value is 0)
            answer += ["    if (numbers.size() == 1 && numbers[0] >= ROWS) {",
                       "        const bool wins = first_player_wins(numbers[0]);",
                       "        known = !wins;", "        value = 0;", "        return wins;", "    }"]
        answer += ["    value = 0;", "    for (unsigned long long h : numbers) value ^= grundy_value(h);"]
    elif program.kind == "number":
        if not program.sums:
            answer += ["    if (numbers.size() != 1)",
                       '        fail("a position is one number n, got " + std::to_string(numbers.size()) + '
                       '" (the game does not declare arity=1, so several numbers are not a sum)");']
        else:
            answer.append("    // several numbers: a sum, whose value is the XOR of theirs")
        answer += ["    value = 0;", "    for (unsigned long long n : numbers) value ^= grundy_value(n);"]
    else:
        answer[0] = answer[0].replace("&numbers", "&given")
        answer.append("    std::vector<unsigned long long> numbers = given;")
        if program.start is not None:
            answer += [f"    if (numbers.size() == 1)  // {program.start}",
                       "        numbers.push_back(numbers[0] ? numbers[0] - 1 : 0);"]
        answer += ["    if (numbers.size() > 2 && numbers.size() % 2 == 0) {  // several pairs: their sum",
                   "        value = 0;",
                   "        for (size_t i = 0; i < numbers.size(); i += 2) value ^= grundy_value(numbers[i], "
                   "numbers[i + 1]);",
                   "        return value != 0;", "    }",
                   "    if (numbers.size() != 2)",
                   '        fail("expected two numbers a b, got " + std::to_string(numbers.size()));']
        if uses_rule:
            test = ("numbers[0] >= ROWS || numbers[1] >= COLS" if not program.origin else
                    "numbers[0] < A0 || numbers[1] < B0 || numbers[0] - A0 >= ROWS "
                    "|| numbers[1] - B0 >= COLS")
            answer += [f"    if ({test}) {{",  # (a P-position's value is 0: known; an N-position's not)
                       "        const bool wins = first_player_wins(numbers[0], numbers[1]);",
                       "        known = !wins;", "        value = 0;", "        return wins;", "    }"]
        answer.append("    value = grundy_value(numbers[0], numbers[1]);")
    return [*answer, "    return value != 0;", "}"]


def _cpp_gate(program: Program, params: list[str], plain: str) -> list[str]:
    """``grundy_value`` of a program whose formula or period is a conjecture: by it up to
    ``CHECKED``, an error line beyond (a C++ program does not carry the move function, so it
    cannot check the conjecture there)."""
    if program.unchecked:  # (the user asked: beyond CHECKED, the conjecture unchecked)
        return ["", "// the conjecture agrees with the computed values up to here; beyond, it answers "
                    "unchecked (exported with unchecked)",
                f"static const unsigned long long CHECKED = {program.checked}ull;", "",
                f"unsigned long long grundy_value({plain}) {{",
                f"    return by_pattern({', '.join(params)});", "}"]
    beyond = "a > CHECKED || b > CHECKED" if program.kind == "pair" else "n > CHECKED"
    shown = _cpp_shown(program.kind)
    where = {"pair": f"a, b <= {program.checked}", "heap": f"heap {program.checked}",
             "number": f"n = {program.checked}"}[program.kind]
    why = ("this C++ program cannot check the conjecture there (the Python export carries the move "
           "function and checks it)" if program.conjecture else
           "the conjecture is not proved; export with conjecture to answer it after a local check")
    return ["", "// the conjecture agrees with the computed values up to here",
            f"static const unsigned long long CHECKED = {program.checked}ull;", "",
            f"unsigned long long grundy_value({plain}) {{",
            f"    if ({beyond})",
            f'        fail({shown} is beyond {where}, where the conjectured pattern was checked; {why}");',
            f"    return by_pattern({', '.join(params)});", "}"]


def _cpp_guard(program: Program, suffix: str = "") -> list[str]:
    """The first lines of a function of a game with a declared minimum (its arguments named with
    ``suffix``): an input below it is not a position."""
    if not program.origin:
        return []
    if program.kind != "pair":
        n = "n" + suffix
        return [f"    if ({n} < {program.origin[0]}ull)",
                f'        fail(std::to_string({n}) + " is not a position of the game '
                f'({minimum_words(program)})");']
    a0, b0 = program.origin
    a, b = "a" + suffix, "b" + suffix
    return [f"    if ({a} < {a0}ull || {b} < {b0}ull)",
            f'        fail("(" + std::to_string({a}) + ", " + std::to_string({b}) + ") is not a position of '
            f'the game ({minimum_words(program)})");']


def _cpp_inside(program: Program) -> tuple[str, str]:
    """The test that a position is outside the table (after the guard), and its index there."""
    if program.kind != "pair":
        if program.origin:
            return "n - N0 >= ROWS", "n - N0"
        return "n >= ROWS", "n"
    if program.origin:
        return "a - A0 >= ROWS || b - B0 >= COLS", "(a - A0) * COLS + (b - B0)"
    return "a >= ROWS || b >= COLS", "a * COLS + b"


def _assemble(program: Program, code: list[str]) -> str:
    body = "\n".join(code)
    helpers = helpers_for(body)
    includes = (_INCLUDES + (["initializer_list"] if "in_set(" in body else [])
                + (["unordered_map"] if "py_G(" in body else [])
                + (["map"] if "std::map<" in body else [])
                + (["algorithm"] if "exponents(" in "".join(helpers) or "std::fill(" in body else [])
                + (["algorithm", "cmath"] if program.moves is not None and program.kind == "pair" else []))
    out = [f"// {line}" for line in header(program)]
    out += ["// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", ""]
    out += [f"#include <{name}>" for name in sorted(set(includes))] + ["", BASE, ""]
    if any("fail(FORMULA_OVERFLOW)" in h for h in helpers):
        out += [OVERFLOW, ""]
    out += [h + "\n" for h in helpers]
    out.append(body)
    if program.moves is not None:
        out.append(_cpp_octal_moves(program.move_digits) if program.move_digits
                   else _cpp_heap_moves(program.moves) if program.kind == "heap"
                   else CPP_WYTHOFF_MOVES if program.kind == "pair" else CPP_SPLIT_MOVES)
    if program.main:
        out.append(cpp_main(program.kind, program.input_format, program.start is not None,
                            prepare=bool(program.octal), moves=program.moves is not None, dim=program.dim))
    else:
        out += ["", "// (add your own main, or export with main=True)"]
    return "\n".join(out).rstrip("\n") + "\n"


def _cpp_heap_moves(takes: tuple[int, ...]) -> str:
    """``heap_moves(h, total, left)``: the sizes heap ``h`` may be left with by a winning move of a
    sum of value ``total`` (Nim, ``takes == ()``: Bouton's rule; else each take of the set)."""
    if not takes:
        return ("static void heap_moves(unsigned long long h, unsigned long long total,\n"
                "                       std::vector<std::string> &left) {\n"
                "    // Nim (Bouton): the heap goes to h XOR the value of the sum, where that is smaller\n"
                "    if ((h ^ total) < h) left.push_back(std::to_string(h ^ total));\n}\n")
    return ("static void heap_moves(unsigned long long h, unsigned long long total,\n"
            "                       std::vector<std::string> &left) {\n"
            f"    static const unsigned long long TAKES[] = {{{', '.join(map(str, takes))}}};\n"
            "    // each take that leaves the heap the value G(h) XOR the value of the sum\n"
            "    const unsigned long long target = grundy_value(h) ^ total;\n"
            "    for (unsigned long long s : TAKES)\n"
            "        if (s <= h && grundy_value(h - s) == target)\n"
            "            left.push_back(std::to_string(h - s));\n}\n")


def _cpp_octal_moves(digits: tuple[int, ...]) -> str:
    """``heap_moves(h, total, left)``: what heap ``h`` may be left with by a winning move of a sum
    of value ``total``, by the moves of the octal code ``digits``, in the order of the Python
    program's (:func:`grundy.export.python._py_octal_moves`), a split written ``a b``."""
    from grundy.export.python import MOVE_LIST_LIMIT

    guard = _CPP_SPLIT_GUARD.replace("LIMIT", str(MOVE_LIST_LIMIT)) if any(d & 4 for d in digits) else ""
    return (_CPP_OCTAL_MOVES.replace("DIGIT_LIST", ", ".join(map(str, digits)))
            .replace("COUNT", str(len(digits))).replace("GUARD\n", guard))


_CPP_SPLIT_GUARD = """    if (h > LIMITull)
        throw std::runtime_error("a heap of " + std::to_string(h) + " has about " + std::to_string(h / 2)
                                 + " ways to split, too many to list its winning moves (heaps up to LIMIT)");
"""

_CPP_OCTAL_MOVES = """static void heap_moves(unsigned long long h, unsigned long long total,
                       std::vector<std::string> &left) {
    static const int DIGITS[] = {DIGIT_LIST};
    // each move of the octal code (take i: leave nothing, one heap, or split the rest in two)
    // that leaves the value G(h) XOR the value of the sum; a split is written as its two heaps
GUARD
    const unsigned long long target = grundy_value(h) ^ total;
    for (unsigned long long i = 0; i < COUNTull && i <= h; ++i) {
        const int d = DIGITS[i];
        const unsigned long long r = h - i;
        if (i > 0 && (d & 1) && r == 0 && target == 0) left.push_back("0");
        if (i > 0 && (d & 2) && r > 0 && grundy_value(r) == target) left.push_back(std::to_string(r));
        if ((d & 4) && r >= 2)
            for (unsigned long long a = 1; a <= r / 2; ++a)
                if ((grundy_value(a) ^ grundy_value(r - a)) == target)
                    left.push_back(std::to_string(a) + " " + std::to_string(r - a));
    }
}
"""
