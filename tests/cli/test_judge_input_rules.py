"""``grundy solve GAME --input lines|cases|counted`` reads the split game and coin-slide as their
exported programs do (the stone counts of piles 1..n; the strip's length, then its coins' cells),
answering as a brute force written here does and as the exported program does.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import coin_slide_value, run, split_game_value


def answer(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


def solve_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, layout: str,
                text: str) -> list[str]:
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = run(capsys, "solve", game, "--input", layout, str(path))
    assert code == 0, err
    return out.splitlines()


def exported(capsys: pytest.CaptureFixture[str], game: str, layout: str, text: str) -> list[str]:
    code, source, err = run(capsys, "export", game, "--lang", "python", "--main", "--input", layout)
    assert code == 0, err
    done = subprocess.run([sys.executable, "-S", "-c", source], input=text, capture_output=True, text=True)
    return done.stdout.splitlines()


def test_the_split_game_reads_its_piles_in_every_layout(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    rng = random.Random(26)
    cases = [tuple(rng.randrange(3) for _ in range(rng.randrange(1, 5))) for _ in range(12)]
    want = [answer(split_game_value(c)) for c in cases]
    texts = {"lines": "".join(" ".join(map(str, c)) + "\n" for c in cases),
             "cases": f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases),
             "counted": f"{len(cases[0])} {' '.join(map(str, cases[0]))}\n"}
    for layout, text in texts.items():
        expected = want if layout != "counted" else want[:1]
        assert solve_input(capsys, tmp_path, "split-game", layout, text) == expected, layout
        assert exported(capsys, "split-game", layout, text) == expected, layout


def test_coin_slide_reads_a_strip_and_its_coins_in_every_layout(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    rng = random.Random(29)
    strips = []
    for _ in range(12):
        length = rng.randrange(1, 9)
        strips.append((length, sorted(rng.sample(range(1, length + 1), rng.randrange(length + 1)))))
    want = [answer(coin_slide_value("".join("#" if i in cells else "." for i in range(1, n + 1))))
            for n, cells in strips]
    texts = {"lines": "".join(" ".join(map(str, [n, *cells])) + "\n" for n, cells in strips),
             "cases": f"{len(strips)}\n" + "".join(f"{n} {len(c)}\n{' '.join(map(str, c))}\n"
                                                   for n, c in strips),
             "counted": f"{strips[0][0]} {len(strips[0][1])} {' '.join(map(str, strips[0][1]))}\n"}
    for layout, text in texts.items():
        expected = want if layout != "counted" else want[:1]
        assert solve_input(capsys, tmp_path, "coin-slide", layout, text) == expected, layout
        assert exported(capsys, "coin-slide", layout, text) == expected, layout


def test_a_coin_outside_the_strip_is_an_error_line_for_its_case(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    path = tmp_path / "judge.in"
    path.write_text("2\n3 1\n5\n3 2\n1 3\n")
    code, out, err = run(capsys, "solve", "coin-slide", "--input", "cases", str(path))
    lines = out.splitlines()
    assert code == 2 and lines[0].startswith("error: a coin-slide case is the strip's length L >= 1")
    assert lines[1] == answer(coin_slide_value("#.#")) and "1 of 2 cases failed" in err
