"""``grundy export GAME --outcome``: programs that answer who wins from one heap, from the
P-positions grundy computed (CSES 2207 "Grundy's Game": ``t``, then ``t`` heaps; first or second).

Each program is run, in Python and in C++ (``g++ -std=c++17``), on judge-layout inputs and
compared with a brute force written here from the rules (plain recursion and mex): Grundy's game,
Kayles and Dawson's Kayles (octal games, answered past their tables by their proved periods, which
a table to 80 does not hold) and ``subtraction(1,3,4)``;
heaps past the table with no proved period get an error line, and so does a case of several
heaps. A wrong embedded set or a wrong rule refuses the export.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import pytest

from grundy.errors import GrundyError
from grundy.reports import outcome_export
from tests.helpers import cli_output, compile_cpp_together, heap_table, python_lines

HAS_GXX = shutil.which("g++") is not None


def grundy_options(n: int) -> Iterable[tuple[int, ...]]:
    """Split a heap into two non-empty heaps of different sizes."""
    return ((a, n - a) for a in range(1, n) if a < n - a)


def kayles_options(n: int) -> Iterable[tuple[int, ...]]:
    """Knock down one pin or two adjacent pins: what is left is two rows (either may be empty)."""
    return ((a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1))


def dawson_options(n: int) -> Iterable[tuple[int, ...]]:
    """octal(0.07), Dawson's Kayles: knock down two adjacent pins, leaving two rows (either may be empty)."""
    return ((a, n - 2 - a) for a in range(n - 1))


def subtraction_options(n: int) -> Iterable[tuple[int, ...]]:
    """Take 1, 3 or 4."""
    return ((n - k,) for k in (1, 3, 4) if k <= n)


@cache
def brute(name: str, upto: int) -> tuple[int, ...]:
    """G(0..upto) by plain mex over the options (the XOR of an option's heaps)."""
    options: Callable[[int], Iterable[tuple[int, ...]]] = {
        "grundy-game": grundy_options, "kayles": kayles_options, "octal(0.07)": dawson_options,
        "subtraction(1,3,4)": subtraction_options}[name]
    return tuple(heap_table(upto, options))


# (game, --upto, the largest heap asked, whether heaps past --upto are answered: a proved period)
GAMES = [("grundy-game", 1300, 1400, False), ("kayles", 200, 700, True), ("octal(0.07)", 200, 700, True),
         ("octal(0.07)", 80, 300, False), ("subtraction(1,3,4)", 50, 600, True)]


def judge_input(upto: int, top: int, values: tuple[int, ...], seed: int) -> list[int]:
    """CSES's heaps: every P-position up to ``upto`` and its neighbours, ``upto`` and ``upto + 1``,
    and random heaps up to ``top``."""
    rng = random.Random(seed)
    heaps = {n + d for n in range(upto + 1) if values[n] == 0 for d in (-1, 0, 1) if n + d >= 0}
    heaps |= {upto, upto + 1, top} | {rng.randint(0, top) for _ in range(150)}
    order = sorted(heaps)
    rng.shuffle(order)
    return order


def expected(heaps: list[int], upto: int, past: bool, values: tuple[int, ...]) -> list[str]:
    """The lines a correct outcome program prints."""
    out = []
    for n in heaps:
        if n > upto and not past:
            out.append("error")
        else:
            out.append("0 P" if values[n] == 0 else "- N")
    return out


def export(*argv: str) -> str:
    code, out, err = cli_output("export", *argv)
    assert code == 0, err
    return out


def shown(lines: list[str]) -> list[str]:
    return ["error" if line.startswith("error: ") else line for line in lines]


@pytest.mark.parametrize(("game", "upto", "top", "past"), GAMES)
def test_single_heaps_in_judge_layout_python_and_cpp(game: str, upto: int, top: int, past: bool,
                                                      tmp_path: Path) -> None:
    values = brute(game, top)
    heaps = judge_input(upto, top, values, seed=upto)
    text = f"{len(heaps)}\n" + "\n".join(map(str, heaps)) + "\n"
    want = expected(heaps, upto, past, values)
    args = (game, "--main", "--input", "single", "--outcome", "--upto", str(upto))
    python = export(*args, "--lang", "python")
    assert f"exact for heaps 0..{upto}" in python and ("proved (" in python) == past
    assert shown(python_lines(python, text, error_lines=True)) == want
    if HAS_GXX:
        exe = compile_cpp_together([export(*args)], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert shown(done.stdout.split("\n")[:-1]) == want
        assert done.returncode == (0 if "error" not in want else 1)


def test_several_heaps_are_an_error_line_and_no_heap_is_p(tmp_path: Path) -> None:
    """A P-set answers single heaps only: ``n`` then ``n`` heaps with ``n >= 2`` is an error line."""
    values = brute("grundy-game", 60)
    text = "4\n1 7\n2 7 8\n0\n1 8\n"
    want = ["0 P", "error", "0 P", "- N"]
    assert values[7] == 0 and values[8] != 0
    args = ("grundy-game", "--main", "--input", "cases", "--outcome", "--upto", "60")
    lines = python_lines(export(*args, "--lang", "python"), text, error_lines=True)
    assert shown(lines) == want and "a position of 2 heaps" in lines[1]
    if HAS_GXX:
        exe = compile_cpp_together([export(*args), export(*args[:3], "lines", *args[4:])], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True, timeout=60)
        assert shown(done.stdout.split("\n")[:-1]) == want and "a position of 2 heaps" in done.stdout
        done = subprocess.run([str(exe), "1"], input="7\n7 8\n20\n", capture_output=True, text=True)
        assert shown(done.stdout.split("\n")[:-1]) == ["0 P", "error", "0 P" if values[20] == 0 else "- N"]


def test_cut_by_max_size_knows_fewer_heaps(tmp_path: Path) -> None:
    """A P-set longer than --max-size allows is cut: the program knows the heaps up to the first
    P-position it does not hold, less one, and says so; past it, an error line."""
    args = ("grundy-game", "--outcome", "--upto", "1300", "--lang", "python", "--main")
    full = export(*args)
    code, out, err = cli_output("export", *args, "--max-size", str(len(full.encode()) - 20))
    assert code == 0 and "warning" in err and "--max-size raises" in err
    upto = int(out.split("exact for heaps 0..")[1].split(":")[0])
    values = brute("grundy-game", 1300)
    assert upto < 1300 and values[upto + 1] == 0
    heaps = [*range(upto - 5, upto + 6), 1222]
    lines = python_lines(out, "\n".join(map(str, heaps)) + "\n", error_lines=True)
    assert shown(lines) == expected(heaps, upto, False, values)


def test_a_wrong_set_refuses_the_export(monkeypatch: pytest.MonkeyPatch) -> None:
    """The program is checked against the engine's table before it is printed."""
    real = outcome_export.encode

    def dropping(positions: list[int], budget: int | None = None) -> tuple[list[int], int]:
        return real([p for p in positions if p != 20], budget)

    monkeypatch.setattr(outcome_export, "encode", dropping)
    code, _, err = cli_output("export", "grundy-game", "--outcome", "--upto", "1300")
    assert code != 0 and "internal error" in err
    with pytest.raises(GrundyError, match="internal error"):
        outcome_export.export_outcomes(__import__("grundy").load_game("grundy-game"), upto=1300)


def test_a_wrong_rule_refuses_the_export(monkeypatch: pytest.MonkeyPatch) -> None:
    real = outcome_export._rule

    def shifted(period: object, values: list[int], upto: int) -> tuple[object, str]:
        found, law = real(period, values, upto)
        assert found is not None
        start, p, residues = found  # type: ignore[misc]
        return (start, p, tuple((r + 1) % p for r in residues)), law

    monkeypatch.setattr(outcome_export, "_rule", shifted)
    import grundy

    with pytest.raises(GrundyError, match="internal error"):  # (past heap 50 the table holds 7..)
        outcome_export.export_outcomes(grundy.load_game("subtraction(1,3,4)"), upto=50)


def test_refusals_are_one_line() -> None:
    for argv, words in [(("nim", "--outcome", "--conjecture"), "no local check"),
                        (("nim", "--outcome", "--main", "--winning-moves"), "--winning-moves has no use"),
                        (("bash(m)", "--outcome", "--main"), "not bash(m)"),
                        (("wythoff", "--outcome"), "heap game")]:
        code, out, err = cli_output("export", *argv)
        assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1, err


def test_help_documents_the_main_output() -> None:
    code, out, _ = cli_output("export", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "--outcome" in flat and "'0 P' or '- N'" in flat


def test_grundy_game_table_is_continued_not_recomputed() -> None:
    """``grundy solve grundy-game --input`` grows its table as larger heaps come: the kernel
    continues the table it has (the same values as one table computed at once)."""
    import numpy as np

    from grundy.games.takebreak import grundy_game
    from grundy.tables.kernels.grundy_game import grundy_game_table

    whole = grundy_game_table(30_000)
    for held in (4097, 9000, 29_999, 30_001):
        assert np.array_equal(grundy_game_table(30_000, start=grundy_game_table(held))[:30_001], whole)
    grundy_game._forget_table()
    try:
        for n in (5000, 5001, 12_000, 30_000, 7):
            assert grundy_game.heap_value(n) == whole[n]
        assert np.array_equal(np.asarray(grundy_game._table)[:30_001], whole)
        assert len(grundy_game._table) <= 30_001 + 30_001 // 16 + 1
    finally:
        grundy_game._forget_table()


def test_encode_decode_and_the_budget_keep_a_prefix() -> None:
    from grundy.export.model import varints as text
    from grundy.export.outcomes import decode, encode

    rng = random.Random(5)
    for _ in range(200):
        positions = sorted(rng.sample(range(3000), rng.randint(0, 60)))
        if rng.random() < 0.5:  # (a periodic tail: blocks)
            top = positions[-1] if positions else 0
            positions += [top + 7 * k + d for k in range(1, 50) for d in (1, 3)]
        numbers, count = encode(positions)
        assert decode(numbers) == positions and count == len(positions)
        budget = rng.randint(1, len(text(numbers)) + 1)
        cut, held = encode(positions, budget)
        assert len(text(cut)) <= budget or held == 1
        assert decode(cut) == positions[:held]


def test_a_proved_period_longer_than_the_table_is_named() -> None:
    from grundy.model.periodic import Periodicity

    period = Periodicity(period=12, preperiod=71, saltus=0, proved=True, reason="a theorem")
    found, why = outcome_export._rule(period, [1] * 60, 59)
    assert found is None and "heaps 0..82" in why
    found, law = outcome_export._rule(period, [0] + [1] * 99, 99)
    assert found == (71, 12, ()) and "no P-position past heap 82" in law
