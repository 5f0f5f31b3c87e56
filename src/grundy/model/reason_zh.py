"""The Chinese templates of the reasons: each rule's sentence in Chinese, from the same facts.

Registered under the rule identifiers of the English templates (:func:`grundy.model.reason.template`
with ``lang="zh"``) and imported the first time a reason is rendered in Chinese
(:meth:`grundy.model.reason.Reason.render`). The terms are those of the Chinese literature
(必胜态/必败态, SG 函数, mex, 异或和, 威佐夫博弈, 阶梯博弈, Anti-SG, SJ 定理; see
``docs/glossary.md``). Numbers are written exactly as the English templates write them, so the
same facts give the same numbers in both languages (``tests/docs/test_reasons_zh.py``).

>>> from grundy import load_game, solve
>>> print(solve(load_game("bash(3)"), (10,)).why.render("zh"))
巴什博弈：4 ∤ 10，SG 值 10 mod 4 = 2
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grundy.model.reason import Facts, Reason, template, xor_text
from grundy.model.textio import int_text

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any


def zh(value: Any) -> str:
    """A nested reason in Chinese; a phrase a fact holds (a proof, a rule) in Chinese where its
    shape is known (:data:`PHRASES`), else as it is."""
    if isinstance(value, Reason):
        return value.render("zh")
    text = str(value)
    for pattern, replacement in PHRASES:
        text = pattern.sub(replacement, text)
    return text


PHRASES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in [
    (r"Guy-Smith periodicity theorem \(octal code of length (\d+)\)",
     r"Guy–Smith 周期性定理（八进制编码长度 \1）"),
    (r"a window of (\d+) = max removal values repeats", r"长为 \1（= 最大取数）的一段值重复出现"),
    (r"a window of max S = (\d+) values repeats", r"长为 max S = \1 的一段值重复出现"),
    (r"each pair \(v\(n\), m\(n\)\) is the mex of the max S pairs before it, and a window of max S "
     r"pairs repeats with period (\d+) from heap (\d+)",
     r"每个数对 (v(n), m(n)) 是它前面 max S 个数对的 mex，而 max S 个数对的窗口从第 \2 堆起以周期 \1 重复"),
    (r"misère Nim: m\(0\) = 1, m\(1\) = 0 and m\(n\) = n for n ≥ 2 \(induction on n\)",
     "反常 Nim：m(0) = 1，m(1) = 0，n ≥ 2 时 m(n) = n（对 n 归纳）"),
    (r"^proved for every heap: ", "对所有堆已证明："),
    (r"exact for heaps ≤ ([\d,]+) \((.*)\)(?=;)", r"对堆 ≤ \1 精确（\2）"),
    (r"; no period seen", "；未见周期"),
    (r"; a larger (.*) may reach the periodicity theorem", r"；更大的 \1 可能达到周期性定理"),
    (r"a repeated state of the window recurrence", "窗口递推的状态重复出现"),
    (r"theorem: G\(n\) = n mod 2 for odd takes", "定理：只取奇数个时 G(n) = n mod 2"),
    (r"theorem: G\(n\) = n mod 3 for power-of-2 takes", "定理：只取 2 的幂个时 G(n) = n mod 3"),
    (r"Bouton's theorem: G\(n\) = n", "Bouton 定理：G(n) = n"),
    (r"Lasker's theorem \(arithmetic period 4, saltus 4\)", "Lasker 定理（算术周期 4，跃度 4）"),
    (r"verified on every sum of heaps ≤ (\d+)", r"已在所有堆 ≤ \1 的和上验证"),
    (r"; periodicity theorem: the heap images repeat with period (\d+) from heap (\d+) through "
     r"heap (\d+) ≥ 2·(\d+) \+ 2·(\d+) \+ (\d+), so every heap is covered",
     r"；周期性定理：各堆的像从第 \2 堆起以周期 \1 重复，直到第 \3 堆 ≥ 2·\4 + 2·\5 + \6，"
     r"故覆盖所有堆"),
    (r"; the heap images repeat with period (\d+) from heap (\d+) up to (\d+), not proved for "
     r"larger heaps", r"；各堆的像从第 \2 堆起以周期 \1 重复（检查到 \3），更大的堆未证明"),
    (r"v\(p\) = the largest power of 2 dividing p", "v(p) = 整除 p 的最大 2 的幂"),
    (r"v\(p\) = the p-th odious number", "v(p) = 第 p 个 odious 数（二进制中 1 的个数为奇数）"),
    (r"(\S+) is the product of (\S+) \((.*?)\) and (\S+) \((.*?)\), so a head at \(x,y\) is "
     r"worth v1\(x\) ⊗ v2\(y\)",
     r"\1 是 \2（\3）与 \4（\5）的乘积，故 (x,y) 处的正面价值 v1(x) ⊗ v2(y)"),
    (r"(\S+) is the product of (\S+) \((.*?)\), (\S+) \((.*?)\) and (\S+) \((.*?)\), so a head at "
     r"\(x,y,z\) is worth v1\(x\) ⊗ v2\(y\) ⊗ v3\(z\)",
     r"\1 是 \2（\3）、\4（\5）与 \6（\7）的乘积，故 (x,y,z) 处的正面价值 v1(x) ⊗ v2(y) ⊗ v3(z)"),
    (r"(\S+) is the product of two copies of Twins \(turn a coin and one coin to its left, coins "
     r"from 0, v\(x\) = x\), so a head at \(x,y\) is worth x ⊗ y",
     r"\1 是两个 Twins（翻一枚硬币及其左边一枚，硬币从 0 编号，v(x) = x）的乘积，"
     r"故 (x,y) 处的正面价值 x ⊗ y"),
    (r" \(did you mean (.*)\?\)", r"（是否想写 \1？）"),
]]
"""English phrases found inside facts (a periodicity proof, a quotient's verification, a coin
rule), with their Chinese; a phrase of another shape stays English."""


def _player(first: bool) -> str:
    return "先手（轮到走的一方）必胜" if first else "后手必胜"


# ---- general rules -----------------------------------------------------------------------------
@template("text", "zh")
def _text(f: Facts) -> str:
    return str(f["text"])


@template("periodic", "zh")
def _periodic(f: Facts) -> str:
    return (f"{f['game']} 从第 {f['preperiod']:,} 堆起以周期 {f['period']:,} 循环"
            f"（{zh(f['proof'])}），故 G({f['n']}) = G({f['same_as']})")


@template("mex", "zh")
def _mex(f: Facts) -> str:
    return "其后继局面 SG 值的 mex（暴力搜索）"


@template("brute-force", "zh")
def _brute(f: Facts) -> str:
    return "暴力搜索：SG 值是所有后继局面 SG 值的 mex"


@template("misere-brute-force", "zh")
def _misere_brute(f: Facts) -> str:
    return "反常（misère）博弈树上的暴力搜索：某一步能走到必败态的局面是必胜态，无路可走的一方获胜"


@template("smith", "zh")
def _smith(f: Facts) -> str:
    return "Smith 的广义 SG 值"


@template("sprague-grundy-large-sum", "zh")
def _large_sum(f: Facts) -> str:
    shown = " ⊕ ".join(map(str, f["values"])) + " ⊕ …"
    rules = "；".join("其后继局面的 mex" if r.rule == "mex" else zh(r) for r in f["part_rules"])
    return (f"Sprague-Grundy 定理：{f['count']:,} 个子游戏之和的 SG 值是各部分 SG 值的异或和，"
            f"{shown} = {f['total']}；每部分按各自的规则求值，例如 {rules}")


@template("sprague-grundy-sum", "zh")
def _sum(f: Facts) -> str:
    expr = ""
    if "total" in f:
        shown = " ⊕ ".join(map(str, f["values"])) + (" ⊕ …" if "count" in f else "")
        expr = f"：{shown} = {f['total']}"
    rules = "；".join("后继局面的 mex（暴力搜索）" if r.rule == "mex" else zh(r)
                     for r in f["part_rules"])
    return f"Sprague-Grundy 定理：游戏和的 SG 值是各部分 SG 值的异或和{expr}；各部分的值由 {rules}"


@template("xor-of-heaps", "zh")
def _heaps(f: Facts) -> str:
    return "其各堆 SG 值的异或和，" + "；".join(zh(r) for r in f["part_rules"]) + (
        "；…" if f["count"] > 3 else "")


def _explored(count: int) -> str:
    return f"搜索了 {count:,} 个局面"


@template("smith-positions", "zh")
def _smith_positions(f: Facts) -> str:
    return (f"局面图上 Smith 的广义 SG 值，图中有环（{_explored(f['explored'])}）："
            f"值为 0 即 P 态（必败态），值为无穷且没有值为 0 的后继即平局")


@template("mex-explored", "zh")
def _mex_explored(f: Facts) -> str:
    return f"所有可达局面上后继 SG 值的 mex（{_explored(f['explored'])}）"


@template("mex-reachable", "zh")
def _mex_reachable(f: Facts) -> str:
    return (f"后继 SG 值的 mex：只对从这一堆可到达的 {f['heaps']:,} 个堆做带记忆的搜索"
            f"（可到达的堆很少，因此不建下方每一堆的表）")


@template("proved-pattern", "zh")
def _proved_pattern(f: Facts) -> str:
    return f"由已证明的规律 {f['pattern']}（{zh(f['proof'])}）"


@template("conjectured-pattern", "zh")
def _conjectured_pattern(f: Facts) -> str:
    return f"由猜想的规律 {f['pattern']}，已在所有 ≤ {f['checked_upto']} 的局面上及此处局部检验"


@template("conjectured-pair-pattern", "zh")
def _pair_pattern(f: Facts) -> str:
    return f"由猜想的规律 {f['pattern']}，已对 a, b <= {f['checked_upto']} 及此处局部检验"


# ---- Nim and take-away games -------------------------------------------------------------------
def _xor_expr(heaps: Sequence[int], total: int, count: int) -> str:
    shown = " ⊕ ".join(map(int_text, heaps[:8]))
    return shown + (f" ⊕ …（共 {count:,} 堆）" if count > 8 else "") + f" = {int_text(total)}"


def _xor_facts(f: Facts) -> str:
    return _xor_expr(f["heaps"], f["total"], f.get("count", len(f["heaps"])))


@template("bouton", "zh")
def _bouton(f: Facts) -> str:
    return f"Bouton 定理：异或和 {_xor_facts(f)}" + (" ≠ 0" if f["total"] else "")


@template("anti-nim-ones", "zh")
def _anti_nim_ones(f: Facts) -> str:
    ones = f["ones"]
    return (f"反常 Nim（Anti-Nim）规则：每堆都是 0 或 1，大小为 1 的堆有 {ones} 个，是"
            f"{'奇数：当前玩家必败' if ones % 2 else '偶数：当前玩家必胜'}")


@template("anti-nim", "zh")
def _anti_nim(f: Facts) -> str:
    return (f"反常 Nim（Anti-Nim）规则：有一堆大于 1，按普通 Nim 判断："
            f"{_xor_facts(f)}{' ≠ 0' if f['total'] else ''}")


@template("bash", "zh")
def _bash(f: Facts) -> str:
    n, p, r, g = f["n"], f["period"], f["remainder"], f["value"]
    if f["a"] == 1 and not f["rest_all"]:
        return f"巴什博弈：{p} {'∤' if r else '|'} {n}，SG 值 {n} mod {p} = {g}"
    if f["rest_all"]:
        if not n:
            return "巴什博弈（rest=all）：堆为空"
        where = "在 [1, b] 中" if 1 <= r <= f["b"] else "不在 [1, b] 中"
        return (f"巴什博弈（rest=all）：n mod (a+b) = {n} mod {p} = {r} {where}；"
                f"SG 值 ⌊((n−b−1) mod (a+b))/a⌋ = {g}")
    where = "≥ a" if r >= f["a"] else "< a"
    return f"巴什博弈：n mod (a+b) = {n} mod {p} = {r} {where}；SG 值 ⌊(n mod (a+b))/a⌋ = {g}"


@template("misere-bash", "zh")
def _misere_bash(f: Facts) -> str:
    n, p, r = f["n"], f["period"], f["remainder"]
    if f["rest_all"]:
        return f"反常巴什博弈（rest=all）：当前玩家必败当且仅当 n mod (a+b) ∈ [1, a]；{n} mod {p} = {r}"
    return f"反常巴什博弈：当前玩家必败当且仅当 (n−a) mod (a+b) < a；({n}−{f['a']}) mod {p} = {r}"


@template("bash-sj", "zh")
def _bash_sj(f: Facts) -> str:
    a, b = f["a"], f["b"]
    return (f"{f['game']}：每一堆都满足 SJ 条件（已证明：值为 0 且 n >= {a} 的堆有 n mod {a + b} < {a}，"
            f"故 n >= {a + b}，取走 {b} 后余数落在 {a}..{2 * a - 1}，值为 1）")


@template("bounded-nim", "zh")
def _bounded_nim(f: Facts) -> str:
    return (f"有上限的 Nim：SG 值是各堆 mod {f['period']} 的异或和："
            f"{xor_text(f['residues'], f['count'])} = {f['value']}")


@template("staircase-nim", "zh")
def _staircase(f: Facts) -> str:
    total = f["total"]
    return (f"阶梯博弈 = 奇数级台阶 1, 3, 5, … 上的 Nim："
            f"{xor_text(f['odd_steps'], f['count'])} = {total}{' ≠ 0' if total else ''}")


@template("tree-staircase-nim", "zh")
def _tree_staircase(f: Facts) -> str:
    total = f["total"]
    odd = xor_text(f["odd_nodes"], f["count"]) if f["count"] else "0"
    return f"树上阶梯博弈 = 奇数深度结点上的 Nim：{odd} = {total}{' ≠ 0' if total else ''}"


@template("treblecross-three", "zh")
def _treblecross_three(f: Facts) -> str:
    cells = "、".join(map(str, f["cells"])) + ("、…" if f["count"] > len(f["cells"]) else "")
    last = "这就是制胜的一步" if f["count"] == 1 else "这些都是制胜的走法"
    return f"三连棋：有 {f['count']} 格放 X 即成三连：{cells}；{last}"


@template("treblecross-0.007", "zh")
def _treblecross_octal(f: Facts) -> str:
    total, count = f["total"], f["count"]
    if not count:
        return ("三连棋：没有一格能直接成三连，而每个空格都在某个 X 的 2 格之内"
                "（在那里放 X 会让对手成三连）：安全格共 0 段，每一步都输")
    runs = "、".join(f"{s}..{s + n - 1}（L = {n}）" for s, n in zip(f["starts"], f["lengths"], strict=True))
    more = "、…" if count > len(f["starts"]) else ""
    return (f"三连棋：没有一格能直接成三连；在 X 的 2 格之内放 X 会让对手成三连，"
            f"所以只在 {count} 段安全格 {runs}{more} 上走，每段是八进制游戏 0.007 的一堆 L + 2："
            f"{xor_text(f['values'], count)} = {total}{' ≠ 0' if total else ''}")


@template("moore-misere-heap", "zh")
def _moore_misere_heap(f: Facts) -> str:
    n = f["n"]
    return (f"反常规则，至多一堆非空（n = {int_text(n)}）：当前玩家必败当且仅当 n = 1"
            f"（0 无路可走，n ≥ 2 时走到 1 即胜）：{'n = 1' if n == 1 else 'n ≠ 1'}")


@template("moore-heap", "zh")
def _moore_heap(f: Facts) -> str:
    return f"单独一堆 Moore 堆就是 Nim 堆（一步从中取 1..n 个），故 G(n) = n：G({f['n']}) = {f['value']}"


@template("moore", "zh")
def _moore(f: Facts) -> str:
    shown = " ".join(map(str, f["heaps"])) + (" …" if f["count"] > 8 else "")
    sums = list(f["column_sums"])
    verdict = "全为 0：P 态（必败态）" if f["all_zero"] else "不全为 0"
    cols = sums if f["columns"] <= 16 else [*sums, "…"]
    return (f"Moore 定理：{shown} 写成二进制，各位列和 mod {f['k'] + 1}："
            f"{cols}（高位在前），{verdict}")


@template("fibonacci-nim", "zh")
def _fibonacci(f: Facts) -> str:
    n, limit, terms = f["n"], f["limit"], f["terms"]
    if n == 0:
        return "没有石子了：当前玩家已输"
    q = terms[-1]
    opening = limit == n - 1
    if n == 1 and limit == 0:
        return "n = 1：第一步不能取完全部石子，故当前玩家无路可走，必败"
    if f["term_count"] == 1 and opening:
        return f"n = {int_text(n)} 是斐波那契数：当前玩家必败（Whinihan 定理）"
    lead = f"n = {int_text(n)} 不是斐波那契数；" if opening else ""
    shown = _short(terms, f["term_count"])
    if q <= limit:
        takes, count = f["takes"], f["take_count"]
        listed = ", ".join(map(int_text, takes)) + (
            f", …（共 {count:,} 种）" if count > len(takes) else "")
        more = f"（所有必胜的取法：{listed}）" if count > 1 else ""
        return f"{lead}Zeckendorf 分解：n = {shown}，取 {int_text(q)}{more}"
    return (f"Zeckendorf 分解：n = {shown}；最小项 {int_text(q)} 超过上限 {int_text(limit)}，"
            f"故当前玩家必败")


@template("dynamic-subtraction", "zh")
def _dynamic(f: Facts) -> str:
    n, limit, k = f["n"], f["limit"], f["k"]
    if n == 0:
        return "没有石子了：当前玩家已输"
    if n == 1 and limit == 0:
        return "n = 1：第一步不能取完全部石子，故当前玩家无路可走，必败"
    start = ", ".join(map(int_text, f["start"]))
    rule = f"H = {start}, …（H(j+1) = H(j) + H(m)，m 为满足 {k}·H(m) ≥ H(j) 的最小下标）"
    shown = _short(f["terms"], f["term_count"])
    if f["term_count"] == 1 and limit == n - 1:
        return f"n = {int_text(n)} 是 {rule} 中的一项：当前玩家必败（Schwenk 定理）"
    q = f["smallest"]
    if "takes" in f:
        takes, count = f["takes"], f["take_count"]
        listed = ", ".join(map(int_text, takes)) + (
            f", …（共 {count:,} 种）" if count > len(takes) else "")
        more = f"（所有必胜的取法：{listed}）" if count > 1 else ""
        return (f"在 {rule} 上的贪心分解：n = {shown}；最小项 {int_text(q)} 不超过上限 "
                f"{int_text(limit)}：取 {int_text(q)}{more}")
    return (f"在 {rule} 上的贪心分解：n = {shown}；最小项 {int_text(q)} 超过上限 {int_text(limit)}，"
            f"故当前玩家必败（Schwenk 定理）")


@template("p-rule-move", "zh")
def _p_rule_move(f: Facts) -> str:
    return (f"按猜想的必败态规则（{f['rule']}，已在不超过 {f['checked']} 的所有局面上检验）："
            f"此局面为 N 态（必胜态），走到 {f['target']} 按该规则是 P 态（必败态）；该规则不给出 SG 值")


def _short(terms: Sequence[int], count: int) -> str:
    if count <= 6:
        return "+".join(map(int_text, terms))
    return ("+".join(map(int_text, terms[:3])) + f"+…（另 {count - 5:,} 项）…+"
            + "+".join(map(int_text, terms[-2:])))


def _wythoff_rest(play: str, f: Facts) -> str:
    a, b, d, low = f["a"], f["b"], f["difference"], f["floor"]
    named = f"{play}较小堆 a = {a}，较大堆 b = {b}"
    if low == a:
        return f"{named}，a = ⌊(b−a)·φ⌋ = ⌊{d}·φ⌋ = {low}：P 态（必败态）"
    return f"{named}，⌊(b−a)·φ⌋ = ⌊{d}·φ⌋ = {low} ≠ a：N 态（必胜态）"


@template("wythoff", "zh")
def _wythoff(f: Facts) -> str:
    return _wythoff_rest("威佐夫博弈（Wythoff 定理）：", f)


@template("misere-wythoff", "zh")
def _misere_wythoff(f: Facts) -> str:
    play = "反常威佐夫博弈：P 态与正常规则相同，只是 (0,0) 和 (1,2) 换成 (0,1) 和 (2,2)；"
    if "lower" not in f:
        return _wythoff_rest(play, f)
    a, b, d, low = f["a"], f["b"], f["difference"], f["lower"]
    verdict = f"a = {low}，P 态（必败态）" if a == low else f"a ≠ {low}，N 态（必胜态）"
    return (f"{play}较小堆 a = {a}，较大堆 b = {b}，b−a = {d}，而 b−a = {d} 的反常 P 态只有 "
            f"({low},{low + d})：{verdict}")


@template("all-but", "zh")
def _all_but(f: Facts) -> str:
    return (f"all-but 游戏：n ≥ {f['preperiod']} 时 G(n + {f['period']}) = G(n) + {f['saltus']}"
            f"（由窗口递推的状态重复证明）；G({f['n']}) = {f['value']}")


@template("forbidden-nim", "zh")
def _forbidden_nim(f: Facts) -> str:
    if f["cut"]:
        return (f"禁手 Nim：堆 {f['n']} 有 {f['forbidden']} 种禁止的取法，它之下值为 {f['value']} 的堆"
                f"全是禁止的目标：G({f['n']}) = {f['value']}，即允许的走法到不了的最小值")
    return (f"禁手 Nim：堆 {f['n']} 有 {f['forbidden']} 种禁止的取法，不妨碍到达之前的每个值；"
            f"G({f['n']}) = {f['n']} - {f['lowered']} = {f['value']}"
            f"（到它为止有 {f['lowered']} 个堆的值小于它们之前的最大值）")


@template("infinite-subtraction", "zh")
def _infinite_subtraction(f: Facts) -> str:
    kind, n = f["set"], f["n"]
    if kind == "odd":
        return f"S = 奇数：SG 值为 n mod 2 = {n} mod 2 = {f['value']}"
    if kind == "powers-of-2":
        return f"S = 2 的幂：SG 值为 n mod 3 = {n} mod 3 = {f['value']}"
    match = re.fullmatch(r"powers-of-([1-9][0-9]*)", kind)
    base = int(match.group(1)) if match and kind != "powers-of-2" else None
    if base is not None and base % 2:
        return f"S = {base} 的幂：每次取奇数个且可取 1，故 SG 值为 n mod 2 = {n} mod 2 = {f['value']}"
    if base is not None:
        return (f"S = {base} 的幂：每个都是模 {base + 1} 余 1 或 -1，"
                f"故 n mod {base + 1} = {base} 时 SG 值为 2，否则为 n mod {base + 1} mod 2；"
                f"{n} mod {base + 1} = {n % (base + 1)}，G = {f['value']}")
    residue = {"prime-powers": 6, "primes-and-1": 4}.get(kind)
    if residue is not None:
        return (f"S = {kind}：S 含 1..{residue - 1} 且不含 {residue} 的倍数，故 SG 值为 "
                f"n mod {residue} = {n} mod {residue} = {f['value']}")
    return (f"S = {kind}：没有已知的闭式；G({n}) = {f['value']} 来自 "
            f"G(m) = mex{{G(m − s) : s ∈ S, s ≤ m}} 的表，精确值")


@template("infinite-subtraction-misere", "zh")
def _infinite_subtraction_misere(f: Facts) -> str:
    n = f["n"]
    if f["set"] == "odd":
        return f"反常规则，S = 奇数：当前玩家必败当且仅当 n 为奇数；{int_text(n)} mod 2 = {n % 2}"
    return f"反常规则，S = 2 的幂：当前玩家必败当且仅当 n mod 3 = 1；{int_text(n)} mod 3 = {n % 3}"


# ---- take-and-break games ----------------------------------------------------------------------
@template("grundy-game-table", "zh")
def _grundy_game(f: Facts) -> str:
    return (f"Grundy 游戏没有已知公式：G({f['n']}) = {f['value']} 是其 {f['splits']} 种分法的 SG 值"
            f"的 mex，取自 G(0..{f['table_upto']}) 的表")


@template("split-stones", "zh")
def _split(f: Facts) -> str:
    more = ["…"] if f["count"] > 6 else []
    names = [f"g({d})" for d in f["distances"]] + more
    values = [str(v) for v in f["values"]] + more
    shown = f"{' ⊕ '.join(names)} = {' ⊕ '.join(values)}" if f["count"] else "0"
    return (f"每颗石子是一个独立的游戏，其值 g(d) 取决于它到最后一堆的距离 d（g(0) = 0，"
            f"g(1), g(2), … 依次是 odious 数 1, 2, 4, 7, …）；SG 值是石子数为奇数的各堆的异或和："
            f"{shown} = {f['total']}")


@template("lasker-nim", "zh")
def _lasker(f: Facts) -> str:
    rule = {1: "n ≡ 1 (mod 4)：G(n) = n", 2: "n ≡ 2 (mod 4)：G(n) = n",
            3: "n ≡ 3 (mod 4)：G(n) = n + 1", 0: "n ≡ 0 (mod 4)：G(n) = n − 1"}[f["residue"]]
    if f["n"] == 0:
        return "Lasker Nim：空堆无路可走，故 G(0) = 0"
    return f"Lasker Nim 公式：{rule}，故 G({f['n']}) = {f['value']}"


# ---- coins -------------------------------------------------------------------------------------
@template("coins", "zh")
def _coins(f: Facts) -> str:
    return (f"{f['game']}（翻硬币游戏）：SG 值是各正面硬币的值的异或和，{zh(f['rule'])}："
            f"{xor_text(f['values'], f['count']) or '0'} = {f['total']}")


@template("tartan", "zh")
def _tartan(f: Facts) -> str:
    terms = " ⊕ ".join("⊗".join(map(str, t)) for t in f["factor_values"])
    values = " ⊕ ".join(map(str, f["values"]))
    more = " ⊕ …" if f["count"] > 8 else ""
    total = f["total"]
    if not f["count"]:
        worked = "没有正面：0"
    elif f["count"] == 1:
        worked = f"{terms} = {total}"
    else:
        worked = f"{terms}{more} = {values}{more} = {total}"
    return f"Tartan 定理：{zh(f['factors'])}；{worked}"


# ---- graphs ------------------------------------------------------------------------------------
@template("hackenbush-floating", "zh")
def _floating(f: Facts) -> str:
    return (f"地面顶点 {f['ground']!r} 不接触任何边{zh(f['close'])}，故没有边立在地面上："
            f"没有边，值为 0，当前玩家必败")


@template("hackenbush-empty", "zh")
def _empty(f: Facts) -> str:
    return "没有剩下的边：当前玩家必败"


@template("hackenbush", "zh")
def _hackenbush(f: Facts) -> str:
    cycles, value = f["cycle_edges"], f["value"]
    if not cycles:
        return f"树上的冒号原理（删边游戏）：一根分支计为 1 + 其上部分的值，同一顶点的分支取异或；值 {value}"
    return (f"融合原理（删边游戏）：{f['blocks']} 个块中环上的 {cycles} 条边融合为自环（k 个自环计为 "
            f"k mod 2），再对 {f['edges'] - cycles} 条桥用冒号原理；值 {value}")


@template("hackenbush-misere", "zh")
def _hackenbush_misere(f: Facts) -> str:
    values = "、".join(map(str, f["values"])) + ("……" if f["branches"] > len(f["values"]) else "")
    why = (f"有 {f['big']} 根分支的值 > 1 且 s ≠ 0" if f["wins"] and f["big"] else
           "没有分支的值 > 1 且 s = 0" if f["wins"] else
           f"有 {f['big']} 根分支的值 > 1 且 s = 0" if f["big"] else
           "没有分支的值 > 1 且 s ≠ 0")
    return (f"森林上的反常规则（删边游戏）：对地面上的 {f['branches']} 根分支用 SJ 定理"
            f"（值 {values or '无'}；分支能到达的局面要么为空，要么值 >= 1，故满足 SJ 条件），"
            f"s = {f['total']}：{why}，"
            f"故{'先手' if f['wins'] else '后手'}必胜")


@template("vertex-geography", "zh")
def _geography(f: Facts) -> str:
    v, size, nu = f["vertex"], f["size"], f["matching"]
    where = (f"棋子所在的未访问顶点连通分量（{size} 个顶点）"
             if f["visited"] > 1 else f"{v} 所在的连通分量（{size} 个顶点）")
    how = "Hopcroft–Karp 算法" if f["bipartite"] else "Edmonds 带花树算法"
    if f["wins"]:
        verdict = (f"ν(G − {v}) = {f['matching_without']} < ν(G) = {nu}：每个最大匹配都覆盖 {v}，"
                   f"故当前玩家必胜（走到 G − {v} 的某个最大匹配未覆盖的顶点）")
    else:
        verdict = (f"ν(G − {v}) = ν(G) = {nu}：有最大匹配不覆盖 {v}，故当前玩家必败"
                   f"（对手沿该匹配应对）")
    return (f"顶点地理游戏定理（先手必胜当且仅当每个最大匹配都覆盖起点）：在 {where} 中，"
            f"用 {how}，{verdict}")


def _shown(f: Facts) -> str:
    return ", ".join(f"{v}: {g}" for v, g in zip(f["tokens"], f["values"], strict=True)) + (
        ", …" if f["count"] > 8 else "")


def _options(options: Sequence[int]) -> str:
    if not options:
        return "没有有限值的后继"
    return "有限值的后继为 {" + ", ".join(str(k) for k in options) + "}"


@template("misere-retrograde-token", "zh")
def _misere_token(f: Facts) -> str:
    return ("单个棋子的反常逆向分析：无路可走的顶点为胜，某步能到负顶点的为胜，"
            "每步都到胜顶点的为负")


@template("digraph-vertex", "zh")
def _vertex(f: Facts) -> str:
    return f"顶点 {_shown(f)} 的 SG 值：其后继 SG 值的 mex（按逆拓扑序给每个顶点求值）"


@template("digraph-sum", "zh")
def _digraph_sum(f: Facts) -> str:
    return (f"Sprague-Grundy 定理：各棋子的 SG 值（{_shown(f)}）异或和为 {f['total']}；"
            f"每个值是其后继 SG 值的 mex")


@template("smith-graph", "zh")
def _smith_graph(f: Facts) -> str:
    head = f"有环图上 Smith 的广义 SG 值（{_shown(f)}）："
    total = f["total"]
    if f["infinite"] == 0:
        return head + f"全部有限，故像 Nim 一样取异或：{total}" + (" ≠ 0" if total else "")
    if f["infinite"] > 1:
        return head + "两个或更多棋子的值为无穷：双方都无法强制获胜（平局）"
    options, rest = f["options"], f["rest"]
    if f["count"] == 1:
        why = ("走到值为 0 的后继即胜" if 0 in options
               else "没有值为 0 的后继，故双方都无法强制获胜（平局）")
        return head + f"无穷，{_options(options)}：{why}"
    verdict = ("在其中：把值为无穷的棋子走到该值的顶点" if rest in options else "不在其中：平局")
    return head + f"一个棋子的值为无穷，{_options(options)}；其余异或为 {rest}，{verdict}"


# ---- misère play and Every-SG ------------------------------------------------------------------
@template("misere-heap-period", "zh")
def _heap_period(f: Facts) -> str:
    return (f"{f['game']}：单堆的正常值与反常值从第 {f['preperiod']} 堆起以周期 {f['period']} 重复"
            f"（已证明：长为 max S = {f['window']} 的一段值重复出现）")


@template("misere-nim-heaps", "zh")
def _nim_heaps(f: Facts) -> str:
    return f"{f['game']}：只有空堆的值为 0，单堆的反常值就是其大小（堆 0 和 1 分别为 1 和 0）"


@template("misere-all-but", "zh")
def _misere_all_but(f: Facts) -> str:
    t = f["largest_excluded"]
    return f"{f['game']}：大于 {t} 的堆可以一次取空，故只有不超过 {t} 的堆可能值为 0（已检验）"


_THEN = {"none": "；没有可走的步，而反常规则下无路可走的一方获胜",
         "wins": "；列出的每一步都走到 P 部分中的乘积",
         "loses": "；每一步都走到其外的乘积"}


@template("misere-quotient", "zh")
def _quotient(f: Facts) -> str:
    shown = " · ".join(f["images"]) + (" · …" if f["count"] > 8 else "")
    inside = "在" if f["p_portion"] else "不在"
    return (f"{f['game']} 的反常商（阶 {f['order']}，{zh(f['verified'])}）："
            f"{shown} = {f['product']}，{inside} P 部分中") + _THEN.get(f.get("then", ""), "")


def _expr(f: Facts) -> str:
    shown = " ⊕ ".join(str(v) for v in f["values"]) + (" ⊕ …" if f["count"] > 8 else "")
    return f"{shown} = {f['total']}"


def _how(f: Facts) -> str:
    brute = f["brute_force"]
    parts = [zh(law) for law in f["laws"]] + ([f"{brute} 个部分由暴力搜索检验"] if brute else [])
    return f"（{'；'.join(parts)}）"


@template("sj-theorem", "zh")
def _sj(f: Facts) -> str:
    big, total = f["big"], f["total"]
    wins = (total != 0 and big > 0) or (total == 0 and big == 0)
    why = (f"有 {big} 个部分的值 > 1 且 s ≠ 0" if wins and big else
           "没有部分的值 > 1 且 s = 0" if wins else
           f"有 {big} 个部分的值 > 1 且 s = 0" if big else
           "没有部分的值 > 1 且 s ≠ 0")
    return (f"SJ 定理（Anti-SG）：每个部分都满足 SJ 条件（有路可走的 SG 值为 0 的局面能走到值为 1 的局面）"
            f"{_how(f)}；s = {_expr(f)}：{why}，故{_player(wins)}")


@template("genus-theory", "zh")
def _genus(f: Facts) -> str:
    firm, total = f["firm"], f["total"]
    wins = (firm > 0 and total != 0) or (firm == 0 and total == 0)
    s = "≠" if total else "="
    why = f"{firm} 个部分为 firm 且 s {s} 0" if firm else f"每个部分都是 fickle 且 s {s} 0"
    return (f"genus 理论（Conway）：每个部分都是 tame 的（每个局面的反常值等于其 SG 值，或在值 0/1 处为"
            f" 1/0）{_how(f)}；s = {_expr(f)}：{why}，故{_player(wins)}")


@template("every-sg", "zh")
def _every_sg(f: Facts) -> str:
    shown = ", ".join(str(s) for s in f["suspense"]) + (", …" if f["count"] > 12 else "")
    top = f["largest"]
    return (f"Every-SG（Smith 的 suspense 数；子游戏的赢家拖延，输家求快）：suspense 数 {shown}；"
            f"最大的是 {top}，" + ("奇数，故当前玩家必胜" if top % 2 else
                                   "偶数，故当前玩家必败" if top else
                                   "0：没有部分有路可走，故当前玩家必败"))
