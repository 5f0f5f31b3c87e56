"""Exports of games as contests state them: staircase Nim by the odd-steps theorem, Fibonacci Nim
read from ``n`` alone (the start position), and a line of several pairs of a pair game as their
sum; in the three input layouts, Python and C++ (compiled once), against brute forces written
here and ``grundy solve``.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy.reports.export_policy import export_game
from tests.helpers import compile_cpp_together

GXX = shutil.which("g++")


@cache
def staircase_value(steps: tuple[int, ...]) -> int:
    """Brute force: move any number of counters from step i (1-based) down to step i - 1."""
    seen = set()
    for i, c in enumerate(steps):
        for k in range(1, c + 1):
            after = list(steps)
            after[i] -= k
            if i > 0:
                after[i - 1] += k
            seen.add(staircase_value(tuple(after)))
    m = 0
    while m in seen:
        m += 1
    return m


@cache
def fib_value(n: int, limit: int) -> int:
    """Brute force: take 1..limit (at most n); the next limit is twice the take."""
    seen = {fib_value(n - t, 2 * t) for t in range(1, min(n, limit) + 1)}
    m = 0
    while m in seen:
        m += 1
    return m


@cache
def wythoff_value(a: int, b: int) -> int:
    seen = {wythoff_value(a - k, b) for k in range(1, a + 1)}
    seen |= {wythoff_value(a, b - k) for k in range(1, b + 1)}
    seen |= {wythoff_value(a - k, b - k) for k in range(1, min(a, b) + 1)}
    m = 0
    while m in seen:
        m += 1
    return m


def layouts(cases: list[list[int]]) -> dict[str, str]:
    """The same positions in each layout (a case of several numbers: its count first)."""
    return {"lines": "".join(" ".join(map(str, c)) + "\n" for c in cases),
            "cases": f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases),
            "counted": f"{len(cases[0])}\n{' '.join(map(str, cases[0]))}\n"}


def check_all(name: str, inputs: dict[str, str], expected: dict[str, list[str]], tmp_path: Path) -> None:
    game = grundy.load_game(name)
    cpp_sources = []
    for layout, stdin in inputs.items():
        result = export_game(game, lang="python", main=True, input_format=layout)
        done = subprocess.run([sys.executable, "-S", "-c", result.source], input=stdin,
                              capture_output=True, text=True)
        assert done.stdout.splitlines() == expected[layout], (name, layout, done.stderr)
        cpp_sources.append(export_game(game, lang="cpp", main=True, input_format=layout).source)
    if GXX is None:
        return
    exe = compile_cpp_together(cpp_sources, tmp_path, "-O2")
    for i, (layout, stdin) in enumerate(inputs.items()):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True)
        assert done.stdout.splitlines() == expected[layout], (name, layout)


def line(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


def test_staircase_by_the_odd_steps_theorem(tmp_path: Path) -> None:
    rng = random.Random(7)
    small = [[rng.randint(0, 3) for _ in range(rng.randint(1, 4))] for _ in range(25)]
    for steps in small:  # the theorem against the brute force, and grundy solve
        want = grundy.solve(grundy.load_game("staircase"), tuple(steps)).grundy
        assert staircase_value(tuple(steps)) == want
    big = [[10**18, 5, 3, 10**17 + 1], [2**63, 0, 7]]
    cases = small + big
    want = [line(staircase_value(tuple(c))) for c in small] + [
        line(grundy.solve(grundy.load_game("staircase"), tuple(c)).grundy) for c in big]
    expected = {"lines": want, "cases": want, "counted": want[:1]}
    check_all("staircase", layouts(cases), expected, tmp_path)
    result = export_game(grundy.load_game("staircase"), lang="python")
    assert "the XOR of the counters on the odd steps 1, 3, 5, ...: proved (the odd-steps" in result.source


def test_fibonacci_nim_from_n_alone(tmp_path: Path) -> None:
    """One number n is the start position (n, n - 1); inside the table its value, beyond it who
    wins by Whinihan's theorem (P iff n is a Fibonacci number; a P-position's value 0)."""
    ns = [0, 1, 2, 3, 4, 5, 7, 8, 12, 13, 20, 21, 30, 31, 89, 100, 10**6, 832040, 10**18]
    fibs = {1, 2}
    while max(fibs) < 10**19:
        a, b = sorted(fibs)[-2:]
        fibs.add(a + b)
    want = []
    for n in ns:
        if n <= 30:
            value = fib_value(n, max(n - 1, 0))
            want.append(line(value))
            assert (value == 0) == (n == 0 or n in fibs)
        else:
            want.append("0 P" if n in fibs else "- N")  # (a P-position's value is 0)
    stdin = {"lines": "".join(f"{n}\n" for n in ns),
             "cases": f"{len(ns)}\n" + "".join(f"{n}\n" for n in ns),
             "counted": f"{ns[4]}\n"}
    check_all("fibonacci-nim", stdin, {"lines": want, "cases": want, "counted": [want[4]]}, tmp_path)


def test_a_line_of_several_pairs_is_their_sum(tmp_path: Path) -> None:
    """Wythoff: several pairs on a line are a sum (values XORed); a pair whose value the program
    does not know (beyond the table) makes the line an error line, never a guess."""
    rng = random.Random(3)
    cases = [[rng.randint(0, 12) for _ in range(2 * rng.randint(1, 4))] for _ in range(20)]
    want = []
    for c in cases:
        total = 0
        for i in range(0, len(c), 2):
            total ^= wythoff_value(c[i], c[i + 1])
        want.append(line(total))
    game = grundy.load_game("wythoff")
    result = export_game(game, lang="python", main=True, upto=12)
    stdin = "".join(" ".join(map(str, c)) + "\n" for c in cases) + "1 2 100 200\n"
    done = subprocess.run([sys.executable, "-S", "-c", result.source], input=stdin, capture_output=True,
                          text=True)
    lines = done.stdout.splitlines()
    assert lines[:-1] == want and lines[-1].startswith("error:") and "beyond the table" in lines[-1]
    if GXX is None:
        return
    exe = compile_cpp_together([export_game(game, lang="cpp", main=True, upto=12).source], tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == lines


def coin_moves(name: str, row: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The rules (coins 0-based here): turn a head at x to tails, and with it ..."""
    out = []
    for x, coin in enumerate(row):
        if not coin:
            continue
        if name == "turning-turtles":  # ... optionally one coin to its left
            turns = [()] + [(y,) for y in range(x)]
        elif name == "mock-turtles":  # ... optionally one or two coins to its left
            turns = [()] + [(y,) for y in range(x)] + [(y, z) for y in range(x) for z in range(y + 1, x)]
        else:  # ruler: ... any run of coins ending just left of it
            turns = [tuple(range(x - k, x)) for k in range(x + 1)]
        for extra in turns:
            after = list(row)
            for y in (x, *extra):
                after[y] ^= 1
            out.append(tuple(after))
    return out


@cache
def coin_value(name: str, row: tuple[int, ...]) -> int:
    seen = {coin_value(name, r) for r in coin_moves(name, row)}
    m = 0
    while m in seen:
        m += 1
    return m


@pytest.mark.parametrize("name", ["turning-turtles", "ruler", "mock-turtles"])
def test_coin_turning_games_read_the_positions_of_their_heads(name: str, tmp_path: Path) -> None:
    rng = random.Random(name)
    rows = [tuple(rng.randint(0, 1) for _ in range(rng.randint(1, 8))) for _ in range(30)]
    cases = [[i + 1 for i, c in enumerate(row) if c] or [] for row in rows]
    rows, cases = zip(*[(r, c) for r, c in zip(rows, cases, strict=True) if c], strict=True)
    want = [line(coin_value(name, row)) for row in rows]
    for row, text in zip(rows[:8], want, strict=False):  # grundy solve agrees
        position = grundy.load_game(name).parse_position("".join("H" if c else "T" for c in row))
        assert line(grundy.solve(grundy.load_game(name), position).grundy) == text
    big = [[10**18], [2**63, 5, 7]]
    want_big = []
    for heads in big:
        total = 0
        for x in heads:
            total ^= {"turning-turtles": x, "ruler": x & -x,
                      "mock-turtles": 2 * (x - 1) + (bin(x - 1).count("1") + 1) % 2}[name]
        want_big.append(line(total))
    all_cases = [*cases, *big]
    expected = {"lines": want + want_big, "cases": want + want_big, "counted": want[:1]}
    check_all(name, layouts(all_cases), expected, tmp_path)
