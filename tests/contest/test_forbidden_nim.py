"""Nim with forbidden moves, ``forbidden-nim(P)``, and AtCoder ABC 255 G "Constrained Nim" through the
public workflow, against a brute force written here from the statement.

ABC 255 G: ``N M``, then ``A_1 .. A_N`` (piles, up to 10^18), then ``M`` lines ``X Y``: from a pile
of exactly ``X`` one may not take exactly ``Y`` (1 <= Y <= X <= 10^18; N, M <= 2*10^5). Print
Takahashi if the first player wins, else Aoki. Route: ``grundy solve 'forbidden-nim(P)' --input
counted --params counts-first FILE``, or ``grundy export 'forbidden-nim(P)' --lang cpp|python --main
--input counted --params counts-first``. The judge's words are the user's part (N: Takahashi).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy import load_game, solve
from tests.helpers import cli_output as cli
from tests.helpers import compile_cpp_together, python_lines
from tests.helpers import exported as export

HAS_GXX = shutil.which("g++") is not None
ROUTE = ("forbidden-nim(P)", "--input", "counted", "--params", "counts-first")
WORDS = {"N": "Takahashi", "P": "Aoki"}


def brute_values(pairs: list[tuple[int, int]], upto: int) -> list[int]:
    """G(0..upto) by the plain mex over every allowed take, from the statement."""
    banned: dict[int, set[int]] = {}
    for x, y in pairs:
        banned.setdefault(x, set()).add(y)
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[n - k] for k in range(1, n + 1) if k not in banned.get(n, ())}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def brute_judge(text: str) -> str:
    """The judge's answer to an ABC 255 G input, by the brute force."""
    words = list(map(int, text.split()))
    n, m = words[:2]
    piles, flat = words[2:2 + n], words[2 + n:]
    assert len(flat) == 2 * m
    g = brute_values(list(zip(flat[::2], flat[1::2], strict=True)), max(piles))
    total = 0
    for a in piles:
        total ^= g[a]
    return "Takahashi" if total else "Aoki"


def random_pairs(rng: random.Random, top: int, count: int) -> list[tuple[int, int]]:
    """Pairs of heaps up to ``top``: repeated heaps and pairs, takes of the whole heap, many from one
    heap, and chains (a heap whose forbidden targets are heaps themselves lowered)."""
    pairs = []
    for _ in range(count):
        kind = rng.random()
        x = rng.randint(1, top)
        if kind < 0.2:
            pairs.append((x, x))  # take all
        elif kind < 0.4 and pairs:
            px, _ = rng.choice(pairs)  # a chain: forbid moving to a listed (maybe lowered) heap
            x = px + rng.randint(1, 4)
            pairs.append((x, x - px))
        elif kind < 0.55:
            pairs.extend((x, y) for y in range(1, x + 1) if rng.random() < 0.6)  # many from one heap
        else:
            pairs.append((x, rng.randint(1, x)))
    if pairs and rng.random() < 0.3:
        pairs.append(rng.choice(pairs))  # a repeated pair
    return pairs


def spec(pairs: list[tuple[int, int]]) -> str:
    return f"forbidden-nim({','.join(f'{x}:{y}' for x, y in pairs)})"


def test_values_against_the_brute_force() -> None:
    rng = random.Random(255)
    for _ in range(400):
        top = rng.randint(1, 30)
        pairs = random_pairs(rng, top, rng.randint(0, 14))
        game = load_game(spec(pairs)) if pairs else load_game("forbidden-nim()")
        want = brute_values(pairs, top + 6)
        assert [game.heap_value(n) for n in range(top + 7)] == want, pairs


def test_every_value_lowered_in_a_chain() -> None:
    """Heap k may move to no smaller heap, for k = 1..40: every value is 0 (a chain of lowered
    heaps), and heap n >= 41 is worth n - 40."""
    pairs = [(k, k - z) for k in range(1, 41) for z in range(k)]
    game = load_game(spec(pairs))
    assert [game.heap_value(n) for n in range(45)] == brute_values(pairs, 44)
    assert game.heap_value(10**18) == 10**18 - 40


def test_winning_moves_against_the_brute_force() -> None:
    rng = random.Random(2550)
    for _ in range(120):
        top = rng.randint(1, 16)
        pairs = random_pairs(rng, top, rng.randint(1, 10))
        game = load_game(spec(pairs))
        g = brute_values(pairs, top + 4)
        heaps = tuple(rng.randint(0, top + 4) for _ in range(rng.randint(1, 3)))
        found = solve(game, heaps)
        banned = set(pairs)
        want = set()
        total = 0
        for h in heaps:
            total ^= g[h]
        for i, h in enumerate(heaps):
            for k in range(1, h + 1):
                if (h, k) not in banned and g[h - k] == total ^ g[h]:
                    want.add(tuple(sorted((*heaps[:i], h - k, *heaps[i + 1:]))))
        assert found.grundy == total
        assert {tuple(sorted(m.to)) for m in found.winning_moves} == want, (pairs, heaps)


def test_solve_of_a_huge_heap_lists_its_winning_moves() -> None:
    code, out, err = cli("solve", "forbidden-nim(3:2,5:5,10**18:1)", "10**18", "7", "--json")
    assert code == 0, err
    data = json.loads(out)
    game = load_game("forbidden-nim(3:2,5:5,1000000000000000000:1)")
    assert data["grundy"] == game.heap_value(10**18) ^ game.heap_value(7)
    assert data["winning_moves"]
    for move in data["winning_moves"]:
        after = [int(w) for w in move["to"].split()]
        assert game.heap_value(after[0]) ^ game.heap_value(after[1]) == 0
    code, out, err = cli("--lang", "zh", "solve", "forbidden-nim(3:2,5:5)", "5", "4")
    assert code == 0 and "禁手 Nim" in out, err


def test_bad_pairs_are_one_line_errors() -> None:
    for bad in ("forbidden-nim(3:4)", "forbidden-nim(3:0)", "forbidden-nim(3)", "forbidden-nim(a:b)"):
        code, _out, err = cli("solve", bad, "3")
        assert code != 0 and len(err.strip().splitlines()) == 1 and "forbidden-nim" in err, (bad, err)


def judge_inputs(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    inputs = []
    for _ in range(count):
        top = rng.randint(1, 24)
        pairs = random_pairs(rng, top, rng.randint(1, 12))
        piles = [rng.randint(1, top + 3) for _ in range(rng.randint(1, 5))]
        lines = [f"{len(piles)} {len(pairs)}", " ".join(map(str, piles)), *(f"{x} {y}" for x, y in pairs)]
        inputs.append("\n".join(lines) + "\n")
    return inputs


def test_abc255g_judge_layout_end_to_end(tmp_path: Path) -> None:
    inputs = judge_inputs(25507, 80)
    programs = [export(ROUTE[0], "--lang", lang, "--main", *ROUTE[1:]) for lang in ("python", "cpp")]
    exe = compile_cpp_together([programs[1]], tmp_path) if HAS_GXX else None
    path = tmp_path / "judge.in"
    for text in inputs:
        want = brute_judge(text)
        path.write_text(text)
        code, out, err = cli("solve", ROUTE[0], *ROUTE[1:3], str(path), *ROUTE[3:])
        assert code == 0, err
        assert WORDS[out.split()[1]] == want, text
        (line,) = python_lines(programs[0], text)
        assert WORDS[line.split()[1]] == want, text
        if exe is not None:
            done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True)
            assert WORDS[done.stdout.split()[1]] == want, text


def test_judge_layout_lists_every_winning_move(tmp_path: Path) -> None:
    """``solve --input ... --winning-moves``: each case's ``VALUE OUTCOME K``, then its ``K`` moves
    ``PART FROM TO``, exactly the brute force's."""
    path = tmp_path / "judge.in"
    for text in judge_inputs(4242, 25):
        words = list(map(int, text.split()))
        n = words[0]
        piles, flat = words[2:2 + n], words[2 + n:]
        pairs = list(zip(flat[::2], flat[1::2], strict=True))
        g, banned = brute_values(pairs, max(piles)), set(pairs)
        total = 0
        for a in piles:
            total ^= g[a]
        want = {(i + 1, a, a - k) for i, a in enumerate(piles) for k in range(1, a + 1)
                if (a, k) not in banned and g[a - k] == total ^ g[a]}
        path.write_text(text)
        code, out, err = cli("solve", ROUTE[0], *ROUTE[1:3], str(path), *ROUTE[3:], "--winning-moves")
        assert code == 0, err
        head, *moves = out.split("\n")[:-1]
        assert head.split() == [str(total), "N" if total else "P", str(len(want))]
        assert {tuple(map(int, line.split())) for line in moves} == want, text


def test_cases_layout_and_bad_input(tmp_path: Path) -> None:
    """``--input cases``: T, then T cases of the same layout; a pair with y > x is that case's error."""
    inputs = judge_inputs(99, 6)
    text = f"{len(inputs)}\n" + "".join(inputs)
    program = export(ROUTE[0], "--lang", "python", "--main", "--input", "cases", "--params", "counts-first")
    lines = python_lines(program, text)
    assert [WORDS[line.split()[1]] for line in lines] == [brute_judge(t) for t in inputs]
    bad = "1 1\n3\n2 3\n"
    lines = python_lines(program.replace("'cases'", "'counted'"), bad, error_lines=True)
    assert lines[0].startswith("error:"), lines
    code, _out, err = cli("export", ROUTE[0], "--main", "--input", "single", "--params", "counts-first")
    assert code != 0 and "counts-first" in err


def test_the_export_check_refuses_a_wrong_program() -> None:
    """The check run before a program is printed fails on a program whose rule is off by one."""
    from grundy.errors import GrundyError
    from grundy.reports.forbidden_check import check_forbidden_program

    source = export(ROUTE[0], "--lang", "python")
    check_forbidden_program(ROUTE[0], source)
    wrong = source.replace("value = min(missing) if missing else before + 1",
                           "value = max(missing) if missing else before + 1")
    assert wrong != source
    with pytest.raises(GrundyError, match="differ from the mex"):
        check_forbidden_program(ROUTE[0], wrong)
    summed = source.replace("value ^= found.value(h)", "value += found.value(h)")
    assert summed != source  # (single heaps still right: only a sum of several is wrong)
    with pytest.raises(GrundyError, match="XOR of their mex values"):
        check_forbidden_program(ROUTE[0], summed)


@pytest.mark.skipif(not HAS_GXX, reason="needs g++")
def test_cpp_bad_pair_is_an_error_line(tmp_path: Path) -> None:
    exe = compile_cpp_together([export(ROUTE[0], "--lang", "cpp", "--main", *ROUTE[1:])], tmp_path)
    done = subprocess.run([str(exe), "0"], input="1 1\n3\n2 3\n", capture_output=True, text=True)
    assert done.stdout.startswith("error:") and "1 <= y <= x" in done.stdout, done


@pytest.mark.skipif(not HAS_GXX, reason="needs g++")
def test_huge_values_in_cpp_and_python(tmp_path: Path) -> None:
    """Heaps near 10^18 (a chain of takes of all, and lowered heaps near the top), the same line from
    the engine, the Python program and the C++ program."""
    big = 10**18
    pairs = [(big - k, big - k) for k in range(5)] + [(big, 1), (big, 2), (big - 7, 3)]
    piles = [big, big - 1, big - 2, 12345678901234567, 3]
    text = (f"{len(piles)} {len(pairs)}\n{' '.join(map(str, piles))}\n"
            + "".join(f"{x} {y}\n" for x, y in pairs))
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", ROUTE[0], *ROUTE[1:3], str(path), *ROUTE[3:])
    assert code == 0, err
    program = export(ROUTE[0], "--lang", "cpp", "--main", *ROUTE[1:])
    exe = compile_cpp_together([program], tmp_path)
    done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True)
    python = python_lines(export(ROUTE[0], "--lang", "python", "--main", *ROUTE[1:]), text)
    assert out.split("\n")[:-1] == python == done.stdout.split("\n")[:-1]


def test_counts_first_reads_a_set_too(tmp_path: Path) -> None:
    """``--params counts-first`` is general: ``subtraction(S)`` read as ``n |S|``, the heaps, then S."""
    rng = random.Random(7)
    cases = []
    for _ in range(12):
        s = sorted(rng.sample(range(1, 8), rng.randint(1, 3)))
        heaps = [rng.randint(0, 40) for _ in range(rng.randint(1, 4))]
        cases.append((s, heaps))
    text = f"{len(cases)}\n" + "".join(
        f"{len(h)} {len(s)}\n{' '.join(map(str, h))}\n{' '.join(map(str, s))}\n" for s, h in cases)
    want = []
    for s, heaps in cases:
        g: list[int] = []
        for n in range(41):
            seen = {g[n - k] for k in s if k <= n}
            g.append(next(v for v in range(len(seen) + 1) if v not in seen))
        total = 0
        for h in heaps:
            total ^= g[h]
        want.append(f"{total} {'N' if total else 'P'}")
    route = ("subtraction(S)", "--input", "cases", "--params", "counts-first")
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, err = cli("solve", route[0], *route[1:3], str(path), *route[3:])
    assert code == 0 and out.split("\n")[:-1] == want, err
    assert python_lines(export(route[0], "--lang", "python", "--main", *route[1:]), text) == want
    if HAS_GXX:
        exe = compile_cpp_together([export(route[0], "--lang", "cpp", "--main", *route[1:])], tmp_path)
        done = subprocess.run([str(exe), "0"], input=text, capture_output=True, text=True)
        assert done.stdout.split("\n")[:-1] == want
