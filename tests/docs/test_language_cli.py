"""``grundy --lang zh`` (and a Chinese locale) prints solve, --explain and play in Chinese; the
English output is unchanged; JSON keys and rule ids stay, the ``reason`` text follows the language."""

from __future__ import annotations

import json

import pytest

from grundy import load_game, solve
from tests.helpers import run

ENGLISH_NIM = """\
nim  3 4 5
  outcome:  N-position, first player (to move) wins
  grundy:   2
  winning moves (1):
    heap 1: take 2: 3 → 1   ⇒  1 4 5
  why:      Bouton's theorem: the nim-sum 3 ⊕ 4 ⊕ 5 = 2 ≠ 0
  moves:    11 to the end (remoteness: the winner hurries, the loser delays)
"""


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def test_solve_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "zh", "solve", "nim", "3", "4", "5")
    assert code == 0, err
    assert out.splitlines() == [
        "nim  3 4 5",
        "  结果：    N 态（必胜态），先手（轮到走的一方）必胜",
        "  SG 值：   2",
        "  必胜走法（1 种）：",
        "    第 1 堆：取 2：3 → 1   ⇒  1 4 5",
        "  原因：    Bouton 定理：异或和 3 ⊕ 4 ⊕ 5 = 2 ≠ 0",
        "  步数：    到终局还有 11 步（remoteness：赢家求快，输家拖延）"]


def test_english_is_unchanged_and_the_locale_decides(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(capsys, "solve", "nim", "3", "4", "5")[1] == ENGLISH_NIM
    assert run(capsys, "--lang", "en", "solve", "nim", "3", "4", "5")[1] == ENGLISH_NIM
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert "原因" in run(capsys, "solve", "nim", "3", "4", "5")[1]
    assert run(capsys, "--lang", "en", "solve", "nim", "3", "4", "5")[1] == ENGLISH_NIM
    monkeypatch.setenv("LC_ALL", "C")
    assert run(capsys, "solve", "nim", "3", "4", "5")[1] == ENGLISH_NIM


def test_json_keeps_its_keys_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    en = json.loads(run(capsys, "solve", "wythoff", "3", "5", "--json")[1])
    zh = json.loads(run(capsys, "--lang", "zh", "solve", "wythoff", "3", "5", "--json")[1])
    assert list(en) == list(zh) and en["why"] == zh["why"]
    assert zh["reason"] == solve(load_game("wythoff"), (3, 5)).why.render("zh") != en["reason"]


def test_explain_and_misere_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "zh", "solve", "subtraction(1,3,4)", "6", "--explain")
    assert code == 0
    assert "  逐步推导：" in out and "G(6) = mex{0, 1, 3} = 2" in out and "取 4：6 → 2" in out
    code, out, _ = run(capsys, "--lang", "zh", "solve", "nim", "1", "2", "--misere", "--explain")
    assert code == 0 and "反常规则" in out


def test_play_in_chinese_accepts_the_shown_moves(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\n第 3 堆：取 3：4 → 1\nwhy\nquit\n"))
    code, out, err = run(capsys, "--lang", "zh", "play", "nim", "2", "3", "4")
    assert code == 0, err
    assert "你：第 3 堆：取 3：4 → 1   ⇒  2 3 1" in out
    assert "电脑：第 2 堆：取 1：3 → 2" in out and "坚持最久（还有 5 步）" in out
    assert "原因：Bouton 定理" in out and "你结束了对局" in out


def test_a_bad_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "fr", "solve", "nim", "1")
    assert code == 2 and err == "grundy: error: unknown language 'fr': choose en or zh\n"


def test_export_keeps_its_own_lang(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "zh", "export", "nim", "--lang", "python")
    assert code == 0 and "def grundy_value" in out


def test_table_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "zh", "table", "subtraction(1,3,4)", "--upto", "30")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "subtraction(1,3,4)  SG 值 G(0..30)"
    assert "  从第 0 堆起周期为 7（已证明：长为 max S = 4 的一段值重复出现）" in lines
    assert "  最大值 3" in lines and any(line.startswith("  规律：P 态（必败态）当且仅当 n % 7 ∈ {0, 2}")
                                        for line in lines)
    english = run(capsys, "table", "subtraction(1,3,4)", "--upto", "30")[1].splitlines()
    assert len(english) == len(lines) and english[1:3] == lines[1:3]  # the values themselves
    code, out, _ = run(capsys, "--lang", "zh", "table", "kayles", "--upto", "100")
    assert "  在 G(0..100) 中未发现周期" in out
    assert "  稀有值（掩码 0xf，按值分类）：9 个位置：在 3 6 11" in out


def test_the_chinese_readme_quick_start_is_what_grundy_prints(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = (root / "README.zh.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n(.*?)```", page, re.S)
    assert shown is not None and "(README.md)" in page
    assert "(README.zh.md)" in (root / "README.md").read_text(encoding="utf-8")
    assert run(capsys, "--lang", "zh", "solve", "nim", "3", "4", "5")[1] == shown.group(1)


def test_every_sg_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    english = run(capsys, "solve", "--every", "nim", "3", "+", "subtraction(1,2)", "5")[1].splitlines()
    code, out, _ = run(capsys, "--lang", "zh", "solve", "--every", "nim", "3", "+", "subtraction(1,2)", "5")
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(english) and lines[0] == english[0]
    assert lines[1] == "  结果：    N 态（必胜态），先手（轮到走的一方）必胜"
    assert "    取 1：3 → 2 | 取 2：5 → 3   ⇒  nim 2 + subtraction(1,2) 3" in lines
    assert lines[-1].startswith("  原因：    Every-SG（Smith 的 suspense 数")
    assert "最大的是 3，奇数" in lines[-1]
    data = json.loads(run(capsys, "--lang", "zh", "solve", "--every", "nim", "3", "--json")[1])
    assert data["why"]["rule"] == "every-sg" and "奇数" in data["reason"]


def test_misere_quotient_and_family_tables_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["table", "subtraction(2,5)", "--misere", "--upto", "20"],
                 ["table", "kayles", "--misere", "--quotient", "--upto", "12"],
                 ["table", "bash(m=2..5)", "--upto", "40"]):
        english = run(capsys, *argv)[1].splitlines()
        code, out, _ = run(capsys, "--lang", "zh", *argv)
        assert code == 0 and len(out.splitlines()) == len(english), argv
        assert "period" not in out and "proved" not in out, out  # every fixed word translated
    out = run(capsys, "--lang", "zh", "table", "subtraction(2,5)", "--misere", "--upto", "20")[1]
    assert "  最大值 2；21 个堆中 P 态（m = 0）有 9 个" in out and "反常 SG 值 m(0..20)" in out
    out = run(capsys, "--lang", "zh", "table", "kayles", "--misere", "--quotient", "--upto", "12")[1]
    assert "  阶 24，由 a, b, c, d, e 生成（堆 1, 2, 5, 9, 12）" in out
    assert "  状态：对堆 ≤ 12 精确（已在所有堆 ≤ 12 的和上验证）；未见周期" in out
    out = run(capsys, "--lang", "zh", "table", "bash(m=2..5)", "--upto", "40")[1]
    assert "  随 m 变化：m = 2..5 时周期 m + 1（猜想：由这 4 个游戏拟合；每个游戏的周期都已证明）" in out


def test_play_json_keeps_its_keys_and_says_why_in_chinese(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    script = "heap 2: take 1\nwhy\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    english = [json.loads(line) for line in run(capsys, "play", "nim", "2", "2", "--first", "computer",
                                                 "--json")[1].splitlines()]
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    chinese = [json.loads(line) for line in run(capsys, "--lang", "zh", "play", "nim", "2", "2", "--first",
                                                 "computer", "--json")[1].splitlines()]
    assert [list(d) for d in english] == [list(d) for d in chinese]
    assert english[0]["moves"] == chinese[0]["moves"]  # labels stay: they are what a script types
    assert chinese[0]["computer_move"]["why"] == "面对完美应对已输，所以拖延：这一步坚持最久（还有 3 步）"
    assert chinese[2]["explanation"][0].startswith("原因：Bouton 定理")
