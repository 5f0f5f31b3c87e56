"""Exports a game declares in its laws (:class:`grundy.model.laws.ExportRule`): the split game by
its odious-stones theorem, coin-slide by the plain mex over its moves on strips of at most 16
cells; in the three input layouts, Python and C++ (compiled once, ``-O2 -Wall -Wextra``), on
multi-part inputs, against brute forces written here and ``grundy solve``. And the export code
picks a rule by the declaration alone, never by the game's name.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.errors import NotSupportedError
from grundy.model.laws import ExportRule, Laws
from grundy.reports.export_policy import export_game
from tests.helpers import coin_slide_value, compile_cpp_together, split_game_value

GXX = shutil.which("g++")


def line(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


def run_all(name: str, inputs: dict[str, str], tmp_path: Path) -> dict[str, list[tuple[str, list[str], int]]]:
    """Each layout's input run by the Python export and (with g++) by the C++ export: (language,
    output lines, exit status)."""
    game = grundy.load_game(name)
    out: dict[str, list[tuple[str, list[str], int]]] = {layout: [] for layout in inputs}
    cpp = []
    for layout, stdin in inputs.items():
        result = export_game(game, lang="python", main=True, input_format=layout)
        assert result.size < 64 * 1024 and result.warnings == ()
        done = subprocess.run([sys.executable, "-S", "-c", result.source], input=stdin,
                              capture_output=True, text=True, timeout=300)
        out[layout].append(("python", done.stdout.splitlines(), done.returncode))
        source = export_game(game, lang="cpp", main=True, input_format=layout).source
        assert len(source.encode()) < 64 * 1024
        cpp.append(source)
    if GXX is not None:
        exe = compile_cpp_together(cpp, tmp_path, "-O2")
        for i, (layout, stdin) in enumerate(inputs.items()):
            done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True,
                                  timeout=300)
            out[layout].append(("cpp", done.stdout.splitlines(), done.returncode))
    return out


def test_split_game_by_its_theorem_in_every_layout(tmp_path: Path) -> None:
    rng = random.Random(11)
    small = [[rng.randint(0, 2) for _ in range(rng.randint(1, 5))] for _ in range(30)]
    small += [[1], [0], [1, 0], [1, 1, 0], [0, 0, 0, 1], [3, 0, 0, 0]]
    for piles in small:  # the brute force, and grundy solve, agree first
        want = grundy.solve(grundy.load_game("split-game"), tuple(piles)).grundy
        assert split_game_value(tuple(piles)) == want
    big = [[rng.randint(0, 10**18) for _ in range(40)], [2**64 - 1] * 30 + [0, 1]]
    long = [rng.randint(0, 3) for _ in range(5000)]  # (grundy's value alone: solve lists every winning move)
    cases = small + big + [long]
    game = grundy.load_game("split-game")
    want = ([line(split_game_value(tuple(c))) for c in small]
            + [line(grundy.solve(game, tuple(c)).grundy) for c in big]
            + [line(grundy.grundy_value(game, tuple(long)))])
    inputs = {"lines": "".join(" ".join(map(str, c)) + "\n" for c in cases),
              "cases": f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases),
              "counted": f"{len(cases[-1])} {' '.join(map(str, cases[-1]))}\n"}
    expected = {"lines": want, "cases": want, "counted": want[-1:]}
    for layout, runs in run_all("split-game", inputs, tmp_path).items():
        for lang, lines, code in runs:
            assert (lines, code) == (expected[layout], 0), (lang, layout)
    source = export_game(grundy.load_game("split-game"), lang="cpp").source
    assert "the d-th odious number (1, 2, 4, 7, 8, ...): proved" in source


def strip_numbers(strip: str) -> list[int]:
    return [len(strip)] + [i + 1 for i, ch in enumerate(strip) if ch == "#"]


def test_coin_slide_by_the_mex_in_every_layout(tmp_path: Path) -> None:
    rng = random.Random(5)
    strips = ["#", ".", "#.", ".#", "##.#..", "#.#.#.#", "." * 16, "#" * 16]
    strips += ["".join(rng.choice("#.") for _ in range(rng.randint(1, 12))) for _ in range(40)]
    strips += ["".join(rng.choice("#.") for _ in range(16)) for _ in range(3)]
    want = []
    for strip in strips:  # the brute force, and grundy solve, agree
        value = coin_slide_value(strip)
        assert value == grundy.solve(grundy.load_game("coin-slide"), strip).grundy, strip
        want.append(line(value))
    cases = [strip_numbers(s) for s in strips]
    errors = [[17, 1], [0], [5, 6], [5, 2, 2]]  # too long, empty, off the strip, two coins on a cell
    inputs = {"lines": "".join(" ".join(map(str, c)) + "\n" for c in cases + errors),
              "cases": f"{len(cases)}\n" + "".join(f"{c[0]} {len(c) - 1}\n{' '.join(map(str, c[1:]))}\n"
                                                    for c in cases),
              "counted": "16 3\n1 2 16\n"}
    counted = line(coin_slide_value("##" + "." * 13 + "#"))
    for layout, runs in run_all("coin-slide", inputs, tmp_path).items():
        for lang, lines, code in runs:
            if layout == "lines":
                assert lines[:len(want)] == want and code == 1, (lang, lines[len(want):])
                tail = lines[len(want):]
                assert len(tail) == 4 and all(t.startswith("error: ") for t in tail), (lang, tail)
                assert "1..16" in tail[0] and "two coins on cell 2" in tail[3], (lang, tail)
            else:
                assert (lines, code) == ((want if layout == "cases" else [counted]), 0), (lang, layout)
    result = export_game(grundy.load_game("coin-slide"), lang="python")
    assert "values: exact (the plain mex over the moves" in result.source


@dataclass(frozen=True)
class _Declared(grundy.Game):
    """A game with another name that declares the staircase's export rule (or none)."""

    declares: bool = True
    name = "not-staircase"

    @property
    def spec(self) -> str:
        return "declared"

    def moves(self, position: Any) -> Any:
        return iter(())

    def parse_position(self, text: str) -> Any:
        return ()

    def format_position(self, position: Any) -> str:
        return ""

    @property
    def laws(self) -> Laws:
        return Laws(export=ExportRule("staircase") if self.declares else None)


def test_the_rule_is_the_declaration_not_the_name() -> None:
    result = export_game(_Declared(), lang="python")
    assert result.plan.kind == "staircase" and "odd steps" in result.source
    with pytest.raises(NotSupportedError):
        export_game(_Declared(declares=False), lang="python")
    policy = Path(grundy.__file__).parent / "reports" / "export_policy.py"
    text = policy.read_text()
    assert '"staircase":' not in text.split("_RULE_KINDS")[0] and "COIN_HEADS" not in text
    assert 'getattr(game, "name"' not in text and "PROVED_P_POSITIONS" not in text


def test_a_sum_of_different_games_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run

    code, out, err = run(capsys, "export", "wythoff", "+", "fibonacci-nim", "--lang", "python")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "a sum of different games (wythoff + fibonacci-nim) is not exported" in err
    code, out, _ = run(capsys, "export", "wythoff", "--lang", "python", "--upto", "3")
    assert code == 0 and out.startswith("# wythoff: the Grundy value of one pair (a, b).")
