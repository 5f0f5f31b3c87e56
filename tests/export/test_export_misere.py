"""``export --misere``: who wins a sum of heaps in misère play, by Conway's genus theory (take-away
games whose heaps are tame) or by the misère quotient (wild games: Kayles, octal games), in Python
and C++ (compiled once), against brute forces of misère sums written here (the player who cannot
move wins), and ``grundy solve --misere`` for heaps too large for them.
"""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy.errors import NotSupportedError
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")

GAMES = {"nim": None, "subtraction(1,2)": (1, 2), "bash(3)": (1, 2, 3), "subtraction(1,3,4)": (1, 3, 4),
         "subtraction(2,5,7)": (2, 5, 7), "subtraction(3,5)": (3, 5), "subtraction(1,4)": (1, 4)}
"""Each game and its take-away set (``None``: any number, Nim)."""


@cache
def misere_wins(takes: tuple[int, ...] | None, heaps: tuple[int, ...]) -> bool:
    """Brute force: whether the player to move wins the misère sum (no move: the mover wins)."""
    moves = [tuple(sorted((*heaps[:i], h - t, *heaps[i + 1:])))
             for i, h in enumerate(heaps) for t in (range(1, h + 1) if takes is None else takes) if t <= h]
    return not moves or any(not misere_wins(takes, after) for after in moves)


def sums(upto: int, most: int) -> list[tuple[int, ...]]:
    return [h for k in range(1, most + 1)
            for h in itertools.combinations_with_replacement(range(upto + 1), k)]


def program(name: str, lang: str, layout: str = "lines", main: bool = True) -> str:
    return export_game(grundy.load_game(name), lang=lang, main=main, input_format=layout, misere=True).source


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_small_sum_against_the_brute_force(name: str, tmp_path: Path) -> None:
    takes = GAMES[name]
    cases = sums(9, 3) + [(n,) for n in range(10, 40)] + [(0,), (1, 1, 1, 1), (2, 2, 1, 1)]
    want = ["- " + ("N" if misere_wins(takes, tuple(sorted(c))) else "P") for c in cases]
    stdin = "".join(" ".join(map(str, c)) + "\n" for c in cases)
    done = subprocess.run([sys.executable, "-S", "-c", program(name, "python")], input=stdin,
                          capture_output=True, text=True)
    assert done.stdout.splitlines() == want, done.stderr
    if GXX is not None:
        exe = compile_cpp_together([program(name, "cpp")], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_huge_heaps_agree_with_solve_in_every_layout(tmp_path: Path) -> None:
    """Heaps of 10**18 and more, answered by the period of the pairs; ``grundy solve --misere``
    is the reference (the brute force cannot reach them)."""
    rng = random.Random(7)
    sources, inputs, wants = [], [], []
    for name in ("subtraction(2,5,7)", "bash(3)", "nim"):
        game = grundy.load_game(name)
        cases = [[rng.randrange(10**18, 2**63) for _ in range(rng.randrange(1, 5))] for _ in range(40)]
        cases += [[1, 1, 1], [rng.randrange(10**18, 2**63), 1]]
        outcome = [grundy.solve(game, tuple(c), misere=True).outcome.value for c in cases]
        for layout in ("lines", "cases", "counted"):
            shown = cases if layout != "counted" else cases[:1]
            inputs.append({"lines": "".join(" ".join(map(str, c)) + "\n" for c in cases),
                           "cases": f"{len(cases)}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n"
                                                                for c in cases),
                           "counted": f"{len(cases[0])}\n{' '.join(map(str, cases[0]))}\n"}[layout])
            wants.append([f"- {o}" for o in outcome[:len(shown)]])
            sources.append(program(name, "cpp", layout))
            done = subprocess.run([sys.executable, "-S", "-c", program(name, "python", layout)],
                                  input=inputs[-1], capture_output=True, text=True)
            assert done.stdout.splitlines() == wants[-1], (name, layout, done.stderr)
    if GXX is None:
        return
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, (stdin, want) in enumerate(zip(inputs, wants, strict=True)):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want, i


def test_the_header_says_what_the_answers_rest_on() -> None:
    source = program("subtraction(1,3,4)", "python", main=False)
    head = source.splitlines()[:3]
    assert "misère play" in head[0]
    assert "proved (Conway's genus theory" in head[1] and "period 7 from heap 0" in head[1]
    assert "'-'" in head[2]
    namespace: dict[str, object] = {}
    exec(source, namespace)
    assert namespace["answer"]([1, 1]) == (None, True)  # type: ignore[operator]


@pytest.mark.parametrize("name", ["wythoff", "moore(2)", "staircase"])
def test_a_game_that_is_not_a_sum_of_heaps_is_refused(name: str) -> None:
    with pytest.raises(NotSupportedError, match="misère"):
        export_game(grundy.load_game(name), lang="python", misere=True)


def test_the_command_line(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "grundy", "export", "nim", "--misere", "--main", "--input", "cases",
           "--lang", "python"]
    done = subprocess.run(run, capture_output=True, text=True)
    assert done.returncode == 0 and "misère" in done.stdout.splitlines()[0]
    answer = subprocess.run([sys.executable, "-S", "-c", done.stdout], input="2\n3\n3 5 1\n1\n1\n",
                            capture_output=True, text=True)
    assert answer.stdout.splitlines() == ["- N", "- P"]  # (HDU 1907's sample: John, then Brother)
    refused = subprocess.run([sys.executable, "-m", "grundy", "export", "wythoff", "--misere"],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "misère" in refused.stderr


OCTAL = {"kayles": (0, 7, 7), "octal(0.75)": (0, 7, 5), "dawson-kayles": (0, 0, 7), "octal(0.15)": (0, 1, 5)}
"""Wild games exported by their misère quotient, and their octal digits."""


def octal_moves(digits: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Brute force: what a heap of ``n`` leaves (digit ``i``: bit 1 nothing, 2 one heap, 4 two)."""
    out: list[tuple[int, ...]] = []
    for i, d in enumerate(digits[1:], 1):
        r = n - i
        if r < 0:
            continue
        if d & 1 and r == 0:
            out.append(())
        if d & 2 and r > 0:
            out.append((r,))
        if d & 4:
            out += [(a, r - a) for a in range(1, r // 2 + 1) if r - a > 0]
    return out


@cache
def octal_misere_wins(digits: tuple[int, ...], heaps: tuple[int, ...]) -> bool:
    """Brute force: whether the player to move wins the misère sum of octal heaps."""
    moves = [tuple(sorted((*heaps[:i], *left, *heaps[i + 1:]))) for i, h in enumerate(heaps)
             for left in octal_moves(digits, h)]
    return not moves or any(not octal_misere_wins(digits, after) for after in moves)


@pytest.mark.parametrize("name", sorted(OCTAL))
def test_wild_games_by_their_quotient_against_the_brute_force(name: str, tmp_path: Path) -> None:
    digits = OCTAL[name]
    cases = sums(8, 3) + [(n,) for n in range(9, 26)] + [(11, 12), (13, 7, 1)]
    want = ["- " + ("N" if octal_misere_wins(digits, tuple(sorted(c))) else "P") for c in cases]
    stdin = "".join(" ".join(map(str, c)) + "\n" for c in cases)
    source = program(name, "python")
    assert "misère quotient" in source.splitlines()[1]
    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want, done.stderr
    if GXX is not None:
        exe = compile_cpp_together([program(name, "cpp")], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == want


def test_a_quotient_without_a_proved_period_answers_only_its_heaps() -> None:
    """Dawson's Kayles to heap 12 only: the quotient is exact there, and a larger heap is an error
    line of its own (not a guess); a proved quotient (Kayles) answers 10**18 as ``solve`` does."""
    game = grundy.load_game("dawson-kayles")
    source = export_game(game, lang="python", main=True, upto=12, misere=True).source
    assert "exact for heaps up to 12" in source.splitlines()[1]
    done = subprocess.run([sys.executable, "-S", "-c", source], input="12 3\n13\n5 5\n",
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "- " + ("N" if octal_misere_wins((0, 0, 7), (3, 12)) else "P")
    assert lines[1].startswith("error: heap 13") and done.returncode == 1
    assert lines[2] == "- " + ("N" if octal_misere_wins((0, 0, 7), (5, 5)) else "P")
    kayles = grundy.load_game("kayles")
    namespace: dict[str, object] = {}
    exec(export_game(kayles, lang="python", misere=True).source, namespace)
    for heaps in ([10**18], [10**18 + 1, 7], [2**63 - 1, 5, 5]):
        want = grundy.solve(kayles, tuple(heaps), misere=True).outcome == grundy.Outcome.N
        assert namespace["first_player_wins"](heaps) == want  # type: ignore[operator]


@pytest.mark.parametrize(("argv", "words"), [
    (["nim", "--misere", "--upto", "50"], "so --upto has no use"),
    (["bash(3)", "--misere", "--limit", "100"], "so --limit has no use"),
    (["kayles", "--misere", "--conjecture"], "--conjecture has no use"),
])
def test_an_option_that_would_change_nothing_is_refused(argv: list[str], words: str) -> None:
    done = subprocess.run([sys.executable, "-m", "grundy", "export", *argv], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
