"""The Chinese of the fixed words that ``solve``, ``table``, ``play`` and ``--explain`` print
(:class:`grundy.model.language.Language` looks phrases up here; an English phrase missing here
is printed in English). Terms as the Chinese literature writes them: 必胜态 (N-position), 必败态
(P-position), SG 值 (Grundy value), mex, 异或和 (nim-sum); ``docs/glossary.md`` maps them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

PHRASES: dict[str, str] = {
    # grundy solve
    "first player (to move) wins": "先手（轮到走的一方）必胜",
    "second player wins": "后手必胜",
    "a draw: neither player can force a win": "平局：双方都无法强制获胜",
    "N-position": "N 态（必胜态）",
    "P-position": "P 态（必败态）",
    "D-position": "D（平局）",
    "  (misère)": "  （反常规则）",
    "  outcome:  {o}, {verdict}": "  结果：    {o}，{verdict}",
    "  grundy:   {value}": "  SG 值：   {value}",
    "  winning moves ({n}):": "  必胜走法（{n} 种）：",
    "  winning moves ({n} listed, not all: see the note above):":
        "  必胜走法（列出 {n} 种，并非全部：见上面的说明）：",
    "    … and {n} more (--json lists them)": "    ……另有 {n} 种（--json 列出它们）",
    "    … and {n} more (--json lists all)": "    ……另有 {n} 种（--json 全部列出）",
    "  winning moves: not listed (too many; see the note above)": "  必胜走法：未列出（太多；见上面的说明）",
    "  winning moves: none": "  必胜走法：无",
    "  why:      {why}": "  原因：    {why}",
    "  moves:    {n} to the end (remoteness: the winner hurries, the loser delays)":
        "  步数：    到终局还有 {n} 步（remoteness：赢家求快，输家拖延）",
    "  status:   conjecture: {text}": "  状态：    猜想：{text}",
    "  step by step:": "  逐步推导：",
    "  ({note})": "  （{note}）",
    # --explain (grundy.solving.explain)
    "{name} = {value} by a rule: {rule}": "{name} = {value}，由规则：{rule}",
    "{name} = {value} by the game's formula": "{name} = {value}，由该游戏的公式",
    "{name}: the options of {position}": "{name}：{position} 的后继局面",
    "  … and {n} more options": "  ……另有 {n} 个后继",
    "  {name} = mex{{{shown}}} = {value}: {kind}": "  {name} = mex{{{shown}}} = {value}：{kind}",
    "a P-position (the player to move loses)": "P 态（必败态，当前玩家必败）",
    "an N-position (the player to move wins)": "N 态（必胜态，当前玩家必胜）",
    "{name}: no move": "{name}：无路可走",
    "{name}: the XOR of its {n} parts' values": "{name}：其 {n} 个部分 SG 值的异或和",
    "  … and {n} more parts": "  ……另有 {n} 个部分",
    "… and {n} more parts": "……另有 {n} 个部分",
    "a sum of {n} parts: its value is the XOR of the parts' values (Sprague-Grundy theorem)":
        "{n} 个部分的游戏和：其 SG 值是各部分 SG 值的异或和（Sprague-Grundy 定理）",
    "part {i}, {game} {position}:": "第 {i} 部分，{game} {position}：",
    "a P-position: every move leaves a non-zero XOR": "P 态（必败态）：每一步都留下非零的异或和",
    "an N-position: a move that makes the XOR 0 wins": "N 态（必胜态）：使异或和为 0 的一步必胜",
    "XOR of the values: {shown} = {total}: {verdict}": "各值的异或和：{shown} = {total}：{verdict}",
    "misère play at {position}: the player who cannot move wins":
        "反常规则，局面 {position}：无路可走的一方获胜",
    "  no move: the player to move has made no last move and wins (N-position)":
        "  无路可走：当前玩家没有走最后一步，获胜（N 态）",
    "  {move}   then the opponent to move: wins": "  {move}   之后对手走：对手胜",
    "  {move}   then the opponent to move: loses": "  {move}   之后对手走：对手负",
    "  some move leaves the opponent lost: an N-position": "  有一步让对手必败：N 态（必胜态）",
    "  every move leaves the opponent winning: a P-position": "  每一步都让对手必胜：P 态（必败态）",
    "misère play at {position}: too large to search move by move; a law of sums decides it:":
        "反常规则，局面 {position}：太大，无法逐步搜索；由游戏和的定律判定：",
    # grundy play
    "your move (or hint, why, undo, quit): ": "你的走法（或 hint 提示、why 原因、undo 悔棋、quit 退出）：",
    "you stopped the match": "你结束了对局",
    "  nothing to undo": "  没有可以悔的步",
    "  the match is over: 'undo' takes back a move, 'quit' leaves":
        "  对局已结束：'undo' 悔一步，'quit' 退出",
    "you: {move}   ⇒  {position}": "你：{move}   ⇒  {position}",
    "computer: {move}   ⇒  {position}": "电脑：{move}   ⇒  {position}",
    "  why: {why}": "  原因：{why}",
    "(no more input: the match is left unfinished)": "（没有更多输入：对局未结束）",
    "  (misère: whoever moves last loses)": "  （反常规则：走最后一步的人输）",
    "a draw": "平局",
    ": the position repeated; neither side can force a win": "：局面重复；双方都无法强制获胜",
    "whoever moves last loses": "走最后一步的人输",
    "whoever moves last wins": "走最后一步的人赢",
    "you win": "你赢了",
    "the computer wins": "电脑赢了",
    ": no move is left ({rule})": "：无路可走（{rule}）",
    "  (this position has too many moves to list: write the position after your move)":
        "  （此局面的走法太多，无法列出：请写出你走后的局面）",
    "  here: {what} for the player to move": "  此处（对当前玩家而言）：{what}",
    "  too many moves to list them all": "  走法太多，无法全部列出",
    "    … and {n} more (--json lists them all)": "    ……另有 {n} 种（--json 全部列出）",
    "  … and {n} more (--json lists them all)": "  ……另有 {n} 种（--json 全部列出）",
    "wins": "必胜",
    "draw": "平局",
}
"""English phrase (``{name}`` fields filled after lookup) → Chinese."""

MOVE_WORDS: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in [
    (r"^heap (\d+): ", r"第 \1 堆："),
    (r"\bpart (\d+): ", r"第 \1 部分："),
    (r"^take ([\d,]+) from heap (\d+)$", r"从第 \2 堆取 \1"),
    (r"^take ([\d,]+) from both$", r"两堆各取 \1"),
    (r"\btake ([\d,]+), split ", r"取 \1 并分开 "),
    (r"\btake ([\d,]+): ", r"取 \1："),
    (r"\bsplit ", "分开 "),
]]
"""The common shapes of move labels, in Chinese (other labels stay as the game writes them)."""

def _phrase(match: re.Match[str], group: int | str) -> str:
    """A phrase a sentence quotes (a proof, a pattern's status) in Chinese where its shape is known."""
    from grundy.model.reason_zh import zh

    return zh(match.group(group) or "")


def _period(m: re.Match[str]) -> str:
    saltus = f"，跃度 {m['saltus']}" if m["saltus"] else ""
    status = (f"已证明：{_phrase(m, 'proof')}" if m["proof"] is not None else
              f"在 G(0..{m['upto']}) 中观察到，未证明")
    return f"  从第 {m['from']} 堆起周期为 {m['period']}{saltus}（{status}）"


def _pattern(m: re.Match[str]) -> str:
    status = m["status"]
    status = re.sub(r"^conjecture, checked for (.*)$", r"猜想，已检验 \1", status)
    status = re.sub(r"^proved: (.*)$", lambda s: "已证明：" + _pattern_proof(s.group(1)), status)
    status = re.sub(r"^proved by (.*)$", lambda s: "已证明，由 " + _pattern_proof(s.group(1)), status)
    return f"  规律：{_pattern_formula(m['formula'])}（{status}）"


def _pattern_formula(text: str) -> str:
    text = re.sub(r"^P iff not n$", "P 态（必败态）当且仅当 n = 0", text)
    text = re.sub(r"^P iff ", "P 态（必败态）当且仅当 ", text)
    return re.sub(r" for n >= (\d+): ", r"（n >= \1）：", text.replace(" in {", " ∈ {"))


def _pattern_proof(text: str) -> str:
    from grundy.model.reason_zh import zh

    text = re.sub(r"^implied by the proved period (\d+) from heap (\d+)(?:, saltus (\d+))?",
                  lambda m: f"由已证明的周期 {m[1]}（从第 {m[2]} 堆起" + (f"，跃度 {m[3]}" if m[3] else "")
                  + "）推出", text)
    text = re.sub(r"^period (\d+), preperiod (\d+), by (.*?)(, saltus (\d+))?$",
                  lambda m: f"周期 {m[1]}，前周期 {m[2]}，由 {zh(m[3])}" + (f"，跃度 {m[5]}" if m[5] else ""),
                  text)
    return zh(text)


_FAMILY = {"period": "周期", "preperiod": "前周期", "saltus": "跃度"}


def _rare(m: re.Match[str]) -> str:
    kind = "值与堆的奇偶" if m["kind"] == "value and heap parity" else "值"
    where = f"：在 {m['at']}；最后在 {m['last']}" if m["at"] else ""
    return f"  稀有值（掩码 {m['mask']}，按{kind}分类）：{m['count']} 个位置{where}"


Replacement = str | Callable[[re.Match[str]], str]

_SENTENCES: list[tuple[str, Replacement]] = [
    (r"^wins: to a P-position( \(Grundy value 0\))?; you lose in (\d+) more moves? whatever you do$",
     r"必胜：走到 P 态（必败态）；无论你怎么走，\2 步之内你必输"),
    (r"^wins: to a P-position( \(Grundy value 0\))?; you have no move left$",
     r"必胜：走到 P 态（必败态）；你已无路可走"),
    (r"^lost against perfect play, so it delays: this one holds out longest \((\d+) more moves?\)$",
     r"面对完美应对已输，所以拖延：这一步坚持最久（还有 \1 步）"),
    (r"^lost against perfect play, so it delays$", "面对完美应对已输，所以拖延"),
    (r"^no winning move found within the budget; it moves on$", "预算内没有找到必胜走法；随便走一步"),
    (r"^no winning move: it takes one of its many moves$", "没有必胜走法：从众多走法中任取一步"),
    (r"^wins: to a P-position \(its theorem gives the move; too many moves to list them all\)$",
     "必胜：走到 P 态（由定理给出这一步；走法太多无法全部列出）"),
    (r"^no move wins, so it keeps the draw: to a position neither player can win$",
     "没有必胜的走法，所以保持平局：走到双方都赢不了的局面"),
    (r"^why: ", "原因："),
    (r"^Grundy value not computed: ", "SG 值未计算："),
    (r"^heap (\d+)  ", r"第 \1 堆  "),  # (the board of grundy play)
    (r"^not explained within the budget: ", "预算内无法解释："),
    (r"^N, Grundy value (\d+)", r"N 态（必胜态），SG 值 \1"),
    (r"^P, Grundy value 0", "P 态（必败态），SG 值 0"),
    (r"^([NPD?])-position$", r"\1 态"),
    (r"^([NPD?])-position \((.*)\)$", r"\1 态（\2）"),
    (r"(?<=[（(])value (\d+)", r"SG 值 \1"),
    # grundy solve --every (the lines grundy.solving.writers.text_lines writes for an EveryAnswer)
    (r"^  outcome:  N-position, first player \(to move\) wins$",
     "  结果：    N 态（必胜态），先手（轮到走的一方）必胜"),
    (r"^  outcome:  P-position, second player wins$", "  结果：    P 态（必败态），后手必胜"),
    (r"^  suspense: ", "  suspense 数："),
    (r"^  winning moves \((\d+|one shown); one move in every component that has one\):$",
     lambda m: f"  必胜走法（{'列出一种' if m[1] == 'one shown' else m[1] + ' 种'}；"
               "每个还能走的部分各走一步）："),
    (r"^  winning moves: none$", "  必胜走法：无"),
    (r"^  note:     ", "  说明：    "),
    # grundy table --misere, --misere --quotient, and families 'GAME(k=A..B)'
    (r"  misère Grundy values m\(0\.\.(\d+)\) \(a heap with no move has m = 1\)$",
     r"  反常 SG 值 m(0..\1)（无路可走的堆 m = 1）"),
    (r"^  largest value (\d+); P-positions \(m = 0\) at (\d+) of the (\d+) heaps$",
     r"  最大值 \1；\3 个堆中 P 态（m = 0）有 \2 个"),
    (r"^  genus v\^γ1γ2… of heaps 0\.\.(\d+):$", r"  堆 0..\1 的 genus v^γ1γ2…："),
    (r"  misère quotient of heaps 0\.\.(\d+)$", r"  堆 0..\1 的反常商"),
    (r"^  order (\d+), generated by (.*) \(heaps (.*)\)$", r"  阶 \1，由 \2 生成（堆 \3）"),
    (r"^  relations: ", "  关系："),
    (r"^  P-portion \((\d+)\): ", r"  P 部分（\1 个）："),
    (r"^  status: (.*)$", lambda m: "  状态：" + _phrase(m, 1)),
    (r"^  heap → element$", "  堆 → 元素"),
    (r"^  heap → element \(\* marks the periodic part: period (\d+) from heap (\d+)\)$",
     r"  堆 → 元素（* 标出周期部分：从第 \2 堆起周期 \1）"),
    (r"  (\d+) games, G\(0\.\.(\d+)\) each$", r"  \1 个游戏，各 G(0..\2)"),
    (r"^(  \w+ = \d+: )period (\d+) from heap (\d+)(, saltus (\d+))? \((proved|observed)\)",
     lambda m: f"{m[1]}从第 {m[3]} 堆起周期为 {m[2]}" + (f"，跃度 {m[5]}" if m[5] else "")
               + ("（已证明）" if m[6] == "proved" else "（观察到）")),
    (r" \(proved: (implied by the proved period .*)\)$", lambda m: f"（已证明：{_pattern_proof(m[1])}）"),
    (r"^  depends on (\w+): (period|preperiod|saltus) (.*) for (\w+ = [\d.]+) \(conjecture: fitted on "
     r"these (\d+) games; (each one's period is proved|.*)\)$",
     lambda m: f"  随 {m[1]} 变化：{m[4]} 时{_FAMILY[m[2]]} {m[3]}（猜想：由这 {m[5]} 个游戏拟合"
               + ("；每个游戏的周期都已证明）" if m[6] == "each one's period is proved" else f"；{m[6]}）")),
    # grundy table (the lines of grundy.reports.heap_tables.HeapTable.text_lines)
    (r"  Grundy values G\(0\.\.(\d+)\)$", r"  SG 值 G(0..\1)"),
    (r"  Grundy values G\(a, b\), 0 ≤ a, b ≤ (\d+) \(rows a, columns b\)$",
     r"  SG 值 G(a, b)，0 ≤ a, b ≤ \1（行 a，列 b）"),
    (r"^  no period found in G\(0\.\.(\d+)\)$", r"  在 G(0..\1) 中未发现周期"),
    (r"^  period (?P<period>\d+) from heap (?P<from>\d+)(?:, saltus (?P<saltus>\d+))? "
     r"\((?:proved: (?P<proof>.*)|observed in G\(0\.\.(?P<upto>[\d,]+)\), not proved)\)$", _period),
    (r"^  largest value (\d+)$", r"  最大值 \1"),
    (r"^  rare values \(mask (?P<mask>0x[0-9a-f]+), class by (?P<kind>value and heap parity|value)\): "
     r"(?P<count>[\d,]+) positions?(?:: at (?P<at>.*?); last at (?P<last>\d+))?$", _rare),
    (r"^  pattern: (?P<formula>.*) \((?P<status>conjecture, checked for .*|proved: .*|proved by .*)\)$",
     _pattern),
    (r"^  computed in ([\d.]+) s \((.*)\)$", r"  用时 \1 秒（\2）"),
    (r"^  … ([\d,]+) more values \(--json prints them all\)$", r"  ……另有 \1 个值（--json 全部列出）"),
]

SENTENCES: list[tuple[re.Pattern[str], Replacement]] = [(re.compile(p), r) for p, r in _SENTENCES]
"""Sentences whose numbers vary (the computer's reasons in ``play``, the lines of ``table``), in
Chinese: a replacement string, or a function of the match."""
