"""Classic judge problems about take-away games, through grundy's public workflow: the program
``grundy export GAME --main`` writes (Python, and C++ compiled once with g++ where present) and
``grundy solve --input``, each checked against a brute force written here from the rules as the
problem states them (plain recursion and mex), on small inputs in the judge's own layout. The
output words of each judge (``first``/``second``, ``Yes``/``No``) are the user's part: the
programs print ``VALUE OUTCOME`` (``N``: the player to move wins).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from grundy.cli.app import main as grundy_main
from tests.helpers import compile_cpp_together
from tests.helpers import python_lines as run_python

GXX = shutil.which("g++")


def grundy_cli(*argv: str, stdin: str | None = None) -> str:
    """What ``grundy ARGV`` prints on stdout (in this process; stdin from a string)."""
    out = io.StringIO()
    old = sys.stdin
    try:
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            grundy_main(list(argv))
    finally:
        sys.stdin = old
    return out.getvalue()


def outcomes(lines: list[str]) -> list[bool]:
    """Whether the player to move wins, per ``VALUE OUTCOME`` line (an error line fails)."""
    assert all(line.split()[-1] in ("N", "P") and not line.startswith("error") for line in lines), lines
    return [line.split()[-1] == "N" for line in lines]


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


# ---- the problems: (export arguments, a judge input, the brute force's answers) ----------------

def brave_game(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 1846 "Brave Game" (HDU 2188 alike): ``C``, then ``C`` lines ``n m``; take 1..m, who
    takes the last stone wins."""
    @cache
    def wins(n: int, m: int) -> bool:
        return any(not wins(n - k, m) for k in range(1, min(m, n) + 1))
    cases = [(rng.randint(1, 60), rng.randint(1, 12)) for _ in range(40)] + [(23, 2), (4, 3)]
    text = f"{len(cases)}\n" + "".join(f"{n} {m}\n" for n, m in cases)
    return (["bash(m)", "--input", "single", "--params", "last"], text,
            [wins(n, m) for n, m in cases])


FIBONACCI_TAKES = (1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987)


@cache
def fibonacci_takes_sg(n: int) -> int:
    return mex({fibonacci_takes_sg(n - f) for f in FIBONACCI_TAKES if f <= n})


def fibonacci_again(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 1848 "Fibonacci again and again": lines ``m n p`` (three heaps, at most 1000), ended by
    ``0 0 0``; a move takes a Fibonacci number of stones from one heap. (The last line's answer,
    ``0 P``, is the user's to drop.)"""
    for n in range(1001):  # (bottom up: no deep recursion)
        fibonacci_takes_sg(n)
    rows = [[rng.randint(1, 1000) for _ in range(3)] for _ in range(30)] + [[1, 1, 1], [1, 4, 1]]
    rows.append([0, 0, 0])
    text = "".join(" ".join(map(str, r)) + "\n" for r in rows)
    expected = []
    for r in rows:
        x = 0
        for h in r:
            x ^= fibonacci_takes_sg(h)
        expected.append(x != 0)
    return ["subtraction(fibonacci)", "--input", "lines"], text, expected


@cache
def misere_nim_wins(heaps: tuple[int, ...]) -> bool:
    """Brute force of misère Nim: whoever takes the last stone loses (no move: the mover wins)."""
    if not any(heaps):
        return True
    for i, h in enumerate(heaps):
        for k in range(1, h + 1):
            after = tuple(sorted((*heaps[:i], h - k, *heaps[i + 1:])))
            if not misere_nim_wins(after):
                return True
    return False


def be_the_winner(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 2509 "Be the Winner" (misère Nim): cases to the end of the input, each ``n``, then ``n``
    heaps; who takes the last apple loses."""
    cases = [tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4))) for _ in range(30)]
    cases += [(1,), (1, 1), (2, 2), (1, 1, 1)]
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    return (["nim", "--misere", "--input", "repeated"], text,
            [misere_nim_wins(tuple(sorted(c))) for c in cases])


@cache
def nim_wins(heaps: tuple[int, ...]) -> bool:
    return any(not nim_wins(tuple(sorted((*heaps[:i], h - k, *heaps[i + 1:]))))
               for i, h in enumerate(heaps) for k in range(1, h + 1))


def matches_game(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """POJ 2234 "Matches Game": lines ``M a1 .. aM`` to the end of the input (the count first, on
    the same line): read as cases one after another."""
    cases = [tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 3))) for _ in range(30)] + [(1, 1)]
    text = "".join(f"{len(c)} {' '.join(map(str, c))}\n" for c in cases)
    return ["nim", "--input", "repeated"], text, [nim_wins(tuple(sorted(c))) for c in cases]


@cache
def wythoff_wins(a: int, b: int) -> bool:
    return (any(not wythoff_wins(a - k, b) for k in range(1, a + 1))
            or any(not wythoff_wins(a, b - k) for k in range(1, b + 1))
            or any(not wythoff_wins(a - k, b - k) for k in range(1, min(a, b) + 1)))


def wythoff_game(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 1527 / POJ 1067 "取石子游戏" (Wythoff): lines ``a b``; beyond the program's table
    (a, b <= 30) the P-positions come from Wythoff's theorem."""
    pairs = [(rng.randint(0, 60), rng.randint(0, 60)) for _ in range(60)]
    pairs += [(2, 1), (8, 4), (4, 7), (39, 63), (40, 65), (0, 0)]
    text = "".join(f"{a} {b}\n" for a, b in pairs)
    return ["wythoff", "--input", "lines"], text, [wythoff_wins(a, b) for a, b in pairs]


@cache
def fibonacci_nim_wins(n: int, limit: int) -> bool:
    """Take 1..limit; the next player may take at most twice what was taken."""
    return any(not fibonacci_nim_wins(n - k, 2 * k) for k in range(1, min(limit, n) + 1))


def stone_game_2516(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 2516 "取石子游戏" (Fibonacci Nim): lines ``n`` (2 <= n < 2^31), ended by ``0``; the
    first move takes 1..n-1, then at most twice the last take."""
    ns = list(range(2, 90)) + [rng.randint(2, 89) for _ in range(10)]
    text = "".join(f"{n}\n" for n in ns) + "0\n"
    return (["fibonacci-nim", "--input", "repeated"], text,
            [fibonacci_nim_wins(n, n - 1) for n in ns])


def meet_2897(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 2897 "邂逅明下" with p = 2, q = 5 (the program is of one game: p, q fixed; p, q read
    per line: tests/contest/test_takeaway_families.py): lines ``n``;
    take p..q, fewer than p left must all go, whoever takes the last stone loses."""
    p, q = 2, 5

    @cache
    def wins(n: int) -> bool:  # (n = 0: the other player took the last stone and lost)
        if n == 0:
            return True
        takes = [n] if n < p else range(p, min(q, n) + 1)
        return any(not wins(n - k) for k in takes)
    ns = list(range(1, 80)) + [rng.randint(1, 10**4) for _ in range(5)]
    for n in range(max(ns) + 1):  # (bottom up: no deep recursion)
        wins(n)
    text = "".join(f"{n}\n" for n in ns)
    return (["bash(2,5,rest=all)", "--misere", "--input", "lines"], text, [wins(n) for n in ns])


def nim_cases(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """Luogu P2197 "nim 游戏" (HDU 1907 "John" is the same layout in misère play): ``T``, then
    ``T`` cases ``n`` and ``n`` heaps."""
    cases = [tuple(rng.randint(0, 6) for _ in range(rng.randint(1, 3))) for _ in range(25)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    return ["nim", "--input", "cases"], text, [nim_wins(tuple(sorted(c))) for c in cases]


def john_1907(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 1907 "John" (misère Nim): ``T``, then ``T`` cases ``n`` and ``n`` heaps."""
    cases = [tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4))) for _ in range(25)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    return (["nim", "--misere", "--input", "cases"], text,
            [misere_nim_wins(tuple(sorted(c))) for c in cases])


def good_luck_cet4(rng: random.Random) -> tuple[list[str], str, list[bool]]:
    """HDU 1847 "Good Luck in CET-4 Everybody!": lines ``n`` (n <= 1000); a move takes a power of
    2 cards."""
    @cache
    def wins(n: int) -> bool:
        return any(not wins(n - (1 << i)) for i in range(11) if (1 << i) <= n)
    ns = [rng.randint(1, 1000) for _ in range(40)] + [1, 3, 6]
    for n in range(1001):  # (bottom up: no deep recursion)
        wins(n)
    return (["subtraction(powers-of-2)", "--input", "lines"], "".join(f"{n}\n" for n in ns),
            [wins(n) for n in ns])


PROBLEMS = {"hdu1846": brave_game, "hdu1848": fibonacci_again, "hdu2509": be_the_winner,
            "poj2234": matches_game, "hdu1527": wythoff_game, "hdu2516": stone_game_2516,
            "hdu2897": meet_2897, "p2197": nim_cases, "hdu1907": john_1907, "hdu1847": good_luck_cet4}


@pytest.fixture(scope="module")
def problems() -> dict[str, tuple[list[str], str, list[bool]]]:
    return {name: make(random.Random(name)) for name, make in PROBLEMS.items()}


@pytest.fixture(scope="module")
def cpp_programs(problems: dict, tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """Every problem's C++ program, compiled once (``None`` without g++)."""
    if GXX is None:
        return None
    sources = [grundy_cli("export", args[0], "--main", "--lang", "cpp", *args[1:])
               for args, _, _ in problems.values()]
    return compile_cpp_together(sources, tmp_path_factory.mktemp("cpp"), "-O1")


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_python_program(problems: dict, name: str) -> None:
    args, text, expected = problems[name]
    source = grundy_cli("export", args[0], "--main", "--lang", "python", *args[1:])
    assert outcomes(run_python(source, text)) == expected


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_cpp_program(problems: dict, cpp_programs: Path | None, name: str) -> None:
    if cpp_programs is None:
        pytest.skip("g++ is not installed")
    _args, text, expected = problems[name]
    index = list(PROBLEMS).index(name)
    done = subprocess.run([str(cpp_programs), str(index)], input=text, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert outcomes(done.stdout.split("\n")[:-1]) == expected


@pytest.mark.parametrize("name", ["hdu1846", "hdu2509", "poj2234", "hdu2516", "p2197", "hdu1907"])
def test_grundy_solve_reads_the_same_input(problems: dict, name: str) -> None:
    """``grundy solve GAME --input ...`` answers the judge's input as the program does."""
    args, text, expected = problems[name]
    assert outcomes(grundy_cli("solve", *args, "-", stdin=text).split("\n")[:-1]) == expected


def test_public_sale_every_winning_first_bid() -> None:
    """HDU 2149 "Public Sale": bids of 1..N, whoever brings the total to M or more wins; print
    every winning first bid. The user's loop over the exported ``grundy_value(n, m)`` of
    ``bash(m)``: a bid ``b`` wins iff ``b >= M`` or it leaves a P-position ``M - b``."""
    namespace: dict = {}
    exec(grundy_cli("export", "bash(m)", "--lang", "python"), namespace)

    @cache
    def wins(left: int, most: int) -> bool:
        return any(b >= left or not wins(left - b, most) for b in range(1, most + 1))
    for total in range(1, 40):
        for most in range(1, 12):
            brute = [b for b in range(1, most + 1) if b >= total or not wins(total - b, most)]
            by_grundy = [b for b in range(1, most + 1)
                         if b >= total or namespace["grundy_value"](total - b, most) == 0]
            assert by_grundy == brute, (total, most)


def test_good_boy_count_of_winning_moves() -> None:
    """HDU 1850 "Being a Good Boy in Spring Festival": the number of winning first moves of Nim
    (cases to the end of the input, ended by 0): ``grundy solve nim HEAPS --json`` lists them,
    and the exported program reads the layout."""
    rng = random.Random(1850)
    cases = [tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 3))) for _ in range(12)]
    for heaps in cases:
        brute = sum(1 for i, h in enumerate(heaps) for k in range(1, h + 1)
                    if not nim_wins(tuple(sorted((*heaps[:i], h - k, *heaps[i + 1:])))))
        answer = json.loads(grundy_cli("solve", "nim", *map(str, heaps), "--json"))
        assert len(answer["winning_moves"]) == brute, heaps
    text = "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases) + "0\n"
    source = grundy_cli("export", "nim", "--main", "--lang", "python", "--input", "repeated")
    assert outcomes(run_python(source, text)) == [nim_wins(tuple(sorted(c))) for c in cases]


def test_k_fold_stone_game_fixed_k() -> None:
    """POJ 3922 / HDU 2486 "A simple stone game" (k-fold dynamic subtraction): the first move
    takes 1..n-1, then at most k times the last take. A program exported per fixed k, each
    against the brute force (the family with k read per case, and the smallest winning take:
    tests/contest/test_takeaway_families.py)."""
    @cache
    def wins(n: int, limit: int, k: int) -> bool:
        return any(not wins(n - t, k * t, k) for t in range(1, min(limit, n) + 1))
    for k in (1, 2, 3, 5):
        source = grundy_cli("export", f"dynamic-subtraction({k})", "--main", "--lang", "python",
                            "--input", "repeated")
        ns = list(range(2, 70))
        expected = [wins(n, n - 1, k) for n in ns]
        assert outcomes(run_python(source, "".join(f"{n}\n" for n in ns) + "0\n")) == expected, k


def test_repeated_layout_stops_at_a_zero_count_and_refuses_words_after_it() -> None:
    source = grundy_cli("export", "nim", "--main", "--lang", "python", "--input", "repeated")
    done = subprocess.run([sys.executable, "-S", "-c", source], input="1 3\n0\n2 1 1\n",
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "3 N\n" and done.returncode == 1 and "more words" in done.stderr


def test_georgia_and_bob_as_staircase() -> None:
    """POJ 1704 "Georgia and Bob": pieces on cells 1, 2, ...; a move slides one piece left, not
    onto or past the piece before it (or cell 0). The user's reduction: the gaps before the
    pieces, last piece first, are the counters on steps 1..n of staircase Nim (moving piece i
    moves counters from its gap to the next one), read by ``grundy export staircase --main``."""
    @cache
    def wins(cells: tuple[int, ...]) -> bool:
        for i, c in enumerate(cells):
            before = cells[i - 1] if i else 0
            for to in range(before + 1, c):
                if not wins((*cells[:i], to, *cells[i + 1:])):
                    return True
        return False
    rng = random.Random(1704)
    boards = [tuple(sorted(rng.sample(range(1, 11), rng.randint(1, 4)))) for _ in range(40)]
    lines = []
    for cells in boards:
        gaps = [c - (cells[i - 1] if i else 0) - 1 for i, c in enumerate(cells)]
        lines.append(" ".join(map(str, reversed(gaps))) + "\n")
    source = grundy_cli("export", "staircase", "--main", "--lang", "python")
    assert outcomes(run_python(source, "".join(lines))) == [wins(c) for c in boards]


def test_moore_nim_k_read_first() -> None:
    """Moore's Nim_k as judges give it (``k`` first, then one position per line): a move reduces
    1..k heaps; ``grundy export 'moore(k)' --main --params first`` against the brute force."""
    @cache
    def wins(heaps: tuple[int, ...], k: int) -> bool:
        n = len(heaps)
        for mask in range(1, 1 << n):
            chosen = [i for i in range(n) if mask >> i & 1]
            if len(chosen) > k or any(heaps[i] == 0 for i in chosen):
                continue
            for cuts in itertools.product(*(range(1, heaps[i] + 1) for i in chosen)):
                after = list(heaps)
                for i, cut in zip(chosen, cuts, strict=True):
                    after[i] -= cut
                if not wins(tuple(sorted(after)), k):
                    return True
        return False
    rng = random.Random(2)
    source = grundy_cli("export", "moore(k)", "--main", "--lang", "python", "--params", "first")
    for k in (1, 2, 3):
        positions = [tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 4))) for _ in range(15)]
        text = f"{k}\n" + "".join(" ".join(map(str, h)) + "\n" for h in positions)
        expected = [wins(tuple(sorted(h)), k) for h in positions]
        assert outcomes(run_python(source, text)) == expected, k


EUCLID_RULES = '''import grundy


@grundy.game("judge-euclid")
def euclid(position):
    """two piles: take a positive multiple of the smaller pile from the larger"""
    x, y = position
    if x == 0 or y == 0:
        return []
    lo, hi = min(x, y), max(x, y)
    return [(lo, hi - k * lo) for k in range(1, hi // lo + 1)]
'''


def test_gg_and_mm_every_sg(tmp_path: Path) -> None:
    """HDU 3595 "GG and MM" (Every-SG): several Euclid games (take a multiple of the smaller pile
    from the larger); each turn moves in every game that can move; the last to move wins. The
    game in a rules file, ``grundy solve --every``, against a brute force of the whole sum."""
    rules = tmp_path / "euclid.py"
    rules.write_text(EUCLID_RULES)

    def options(p: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = p
        if x == 0 or y == 0:
            return []
        lo, hi = min(x, y), max(x, y)
        return [(lo, hi - k * lo) for k in range(1, hi // lo + 1)]

    @cache
    def wins(parts: tuple[tuple[int, int], ...]) -> bool:
        choices = [options(p) or [p] for p in parts]
        if all(not options(p) for p in parts):
            return False
        return any(not wins(tuple(after)) for after in itertools.product(*choices))
    rng = random.Random(3595)
    for _ in range(12):
        parts = tuple((rng.randint(1, 12), rng.randint(1, 12)) for _ in range(rng.randint(1, 3)))
        words = []
        for x, y in parts:
            words += ["+", "judge-euclid", str(x), str(y)]
        answer = json.loads(grundy_cli("--rules", str(rules), "solve", "--every", *words[1:], "--json"))
        assert (answer["outcome"] == "N") == wins(parts), parts


TAKE12_RULES = '''import grundy


@grundy.heap_game("judge-take12")
def take12(n):
    """take one or two"""
    return [n - k for k in (1, 2) if k <= n]
'''


def test_own_take_away_game_in_misere_play(tmp_path: Path) -> None:
    """A take-away game of one's own (a ``@grundy.heap_game``: take 1 or 2) exported in misère
    play: no theorem knows its heaps, so its quotient is settled up to heap 1,000, the export's
    default table (it ran for minutes before, settling heaps up to the step budget); a sum of
    heaps against the brute force, a larger heap an error line."""
    rules = tmp_path / "take12.py"
    rules.write_text(TAKE12_RULES)

    @cache
    def wins(heaps: tuple[int, ...]) -> bool:  # (misère: no move left, the player to move wins)
        if not any(heaps):
            return True
        return any(not wins(tuple(sorted((*heaps[:i], h - k, *heaps[i + 1:]))))
                   for i, h in enumerate(heaps) for k in (1, 2) if k <= h)
    source = grundy_cli("--rules", str(rules), "export", "judge-take12", "--misere", "--main",
                        "--lang", "python")
    assert "exact for heaps up to 1000" in source
    rng = random.Random(12)
    sums = [tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 3))) for _ in range(40)]
    out = run_python(source + "\n", "".join(" ".join(map(str, s)) + "\n" for s in sums))
    assert outcomes(out) == [wins(tuple(sorted(s))) for s in sums]
    done = subprocess.run([sys.executable, "-S", "-c", source], input="1001\n", capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.startswith("error: heap 1001")
