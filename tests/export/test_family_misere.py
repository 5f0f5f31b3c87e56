"""Misère play in the programs of families whose parameters the input gives
(``grundy export 'bash(m)' --main --misere``, :mod:`grundy.export.family_misere`): each program
against an independent brute force over the whole sum, written here from the rules; heaps of a
judge's size against the engine; the families without a misère rule refused in one line."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache
from math import prod
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.errors import GrundyError
from grundy.reports.export_policy import export_family
from tests.helpers import cli_output, compile_cpp_together, python_lines

GXX = shutil.which("g++")
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


@cache
def take_loses(a: int, b: int, heaps: tuple[int, ...]) -> bool:
    """Misère play of heaps where a move takes a..b counters from one heap: whether the player to
    move loses (no move at all: the other player made the last move, so the player to move wins)."""
    moved = False
    for i, h in enumerate(heaps):
        for t in range(a, min(b, h) + 1):
            moved = True
            after = tuple(sorted((*heaps[:i], h - t, *heaps[i + 1:])))
            if take_loses(a, b, after):
                return False
    return moved


@cache
def set_loses(takes: tuple[int, ...], heaps: tuple[int, ...]) -> bool:
    """Misère play of heaps where a move takes s counters from one heap, s in ``takes``."""
    moved = False
    for i, h in enumerate(heaps):
        for t in takes:
            if t <= h:
                moved = True
                if set_loses(takes, tuple(sorted((*heaps[:i], h - t, *heaps[i + 1:])))):
                    return False
    return moved


@cache
def moore_loses(k: int, heaps: tuple[int, ...]) -> bool:
    """Misère Moore's Nim_k: a move lowers 1..k heaps (each by at least 1); who moves last loses."""
    live = [i for i, h in enumerate(heaps) if h]
    if not live:
        return False
    for mask in range(1, 1 << len(live)):
        chosen = [live[j] for j in range(len(live)) if mask >> j & 1]
        if len(chosen) > k:
            continue
        for new in _lowered([heaps[i] for i in chosen]):
            after = list(heaps)
            for i, v in zip(chosen, new, strict=True):
                after[i] = v
            if moore_loses(k, tuple(sorted(after))):
                return False
    return True


def _lowered(sizes: list[int]) -> list[tuple[int, ...]]:
    """Every way to lower each of ``sizes`` to a smaller value."""
    found: list[tuple[int, ...]] = [()]
    for h in sizes:
        found = [(*f, v) for f in found for v in range(h)]
    return found


def _line(loses: bool) -> str:
    return f"- {'P' if loses else 'N'}"


def _edge_heaps(rng: random.Random, top: int, edges: list[int]) -> tuple[int, ...]:
    """Up to four heaps, each an edge (0, 1, m, m + 1...) or a random size up to ``top``."""
    return tuple(rng.choice(edges) if rng.random() < 0.5 else rng.randint(0, top)
                 for _ in range(rng.randint(1, 4)))


def _bash_cases(family: str, rng: random.Random, count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(parameters, heaps) of random games of the family and sums of up to four heaps."""
    cases = []
    for _ in range(count):
        if family == "bash(a,b)":
            a = rng.randint(1, 4)
            params: tuple[int, ...] = (a, rng.randint(a, 6))
            edges = [0, 1, a - 1, a, params[1], params[1] + 1, a + params[1], a + params[1] + 1]
        else:
            params = (rng.randint(1, 6),)
            edges = [0, 1, params[0], params[0] + 1, 2 * params[0] + 2]
        heaps = _edge_heaps(rng, 14, [e for e in edges if e >= 0])
        while prod(h + 1 for h in heaps) > 3000:
            heaps = heaps[:-1]
        cases.append((params, heaps))
    return cases


def _set_cases(rng: random.Random, count: int) -> list[tuple[tuple[tuple[int, ...]], tuple[int, ...]]]:
    """Random sets of 1..4 members up to 9, and sums of up to four heaps near their members."""
    cases = []
    for _ in range(count):
        takes = tuple(sorted(rng.sample(range(1, 10), rng.randint(1, 4))))
        edges = [0, 1, takes[0], takes[-1], takes[-1] + 1, takes[0] + takes[-1]]
        heaps = _edge_heaps(rng, 16, edges)
        while prod(h + 1 for h in heaps) > 3000:
            heaps = heaps[:-1]
        cases.append(((takes,), heaps))
    return cases


def _brute_line(family: str, params: tuple[Any, ...], heaps: tuple[int, ...]) -> str:
    if family == "subtraction(S)":
        return _line(set_loses(params[0], tuple(sorted(heaps))))
    if family == "moore(k)":
        return _line(moore_loses(params[0], tuple(sorted(heaps))))
    a, b = params if family == "bash(a,b)" else (1, params[0])
    return _line(take_loses(a, b, tuple(sorted(heaps))))


def _moore_cases(rng: random.Random, count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    cases = []
    for _ in range(count):
        k = rng.randint(1, 4)
        heaps = _edge_heaps(rng, 5, [0, 1, 1, 2])
        while prod(h + 1 for h in heaps) > 400:
            heaps = heaps[:-1]
        cases.append(((k,), heaps))
    return cases


def _stdin(cases: list[Any]) -> str:
    """``--input cases --params each``: T, then each case its parameters (a set: its size, then
    its members), n, the n heaps."""
    def words(params: tuple[Any, ...]) -> str:
        return " ".join(f"{len(p)} {' '.join(map(str, p))}" if isinstance(p, tuple) else str(p)
                        for p in params)

    return f"{len(cases)}\n" + "".join(f"{words(p)} {len(h)} {' '.join(map(str, h))}\n" for p, h in cases)


FAMILIES = ("bash(m)", "bounded-nim(m)", "bash(a,b)", "moore(k)", "subtraction(S)")


@cache
def _plan() -> list[tuple[str, str, list[str]]]:
    """Each family's random cases (the edges of its heaps, sums of up to four) and their lines by
    the brute force."""
    rng = random.Random(20261207)
    found = []
    for family in FAMILIES:
        cases: list[Any] = (_moore_cases(rng, 150) if family == "moore(k)" else
                            _set_cases(rng, 150) if family == "subtraction(S)" else
                            _bash_cases(family, rng, 150))
        cases += [(cases[0][0], ())]  # (no heap: no move, a win)
        found.append((family, _stdin(cases), [_brute_line(family, p, h) for p, h in cases]))
    return found


def hackenbush_wins(edges: tuple[tuple[int, int], ...], ground: int) -> bool:
    """Misère Green Hackenbush by plain search: a move deletes one edge, and what loses contact
    with the ground falls off; the player who cannot move wins."""
    @cache
    def wins(standing: frozenset[int]) -> bool:
        if not standing:
            return True
        return any(not wins(_touching(edges, standing - {i}, ground)) for i in standing)

    return wins(_touching(edges, frozenset(range(len(edges))), ground))


def _touching(edges: tuple[tuple[int, int], ...], standing: frozenset[int], ground: int) -> frozenset[int]:
    """The edges of ``standing`` still connected to the ground."""
    reached, kept, grown = {ground}, set(), True
    while grown:
        grown = False
        for i in standing - kept:
            u, v = edges[i]
            if u in reached or v in reached:
                reached |= {u, v}
                kept.add(i)
                grown = True
    return frozenset(kept)


def _hackenbush_cases(rng: random.Random, count: int) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Random forests of up to 8 edges on vertices 1..9 (a tree or several), some with a cycle, a
    loop or an edge twice; grounds on a tree, off the graph, or on the cyclic part."""
    cases = []
    for _ in range(count):
        size = rng.randint(1, 8)
        edges = [(rng.randint(1, i), i + 1) for i in range(1, size + 1)]  # (a tree on 1..size + 1)
        edges = [e for e in edges if rng.random() < 0.85]  # (a forest)
        if rng.random() < 0.25:
            u, v = rng.randint(1, size + 1), rng.randint(1, size + 1)
            edges.append((u, v))  # (a cycle, a loop or an edge twice, or none if it joins trees)
        rng.shuffle(edges)
        if not edges:
            edges = [(1, 2)]
        cases.append((tuple(edges), rng.randint(1, size + 2)))
    return cases


@cache
def _hackenbush_plan() -> tuple[str, tuple[str, ...]]:
    """``--input cases``: T, then each case m, its m edges, 1, its ground; each line by the plain
    search where what stands is a forest, else an error line."""
    cases = _hackenbush_cases(random.Random(3094), 250)
    text = f"{len(cases)}\n" + "".join(
        f"{len(e)} {' '.join(f'{u} {v}' for u, v in e)} 1 {g}\n" for e, g in cases)
    want = []
    for edges, ground in cases:
        standing = _touching(edges, frozenset(range(len(edges))), ground)
        vertices = {x for i in standing for x in edges[i]}
        forest = len(standing) < len(vertices) or not standing
        want.append(_line(not hackenbush_wins(edges, ground)) if forest else "error")
    return text, tuple(want)


def _matches(got: list[str], want: tuple[str, ...]) -> bool:
    return len(got) == len(want) and all(g == w or (w == "error" and g.startswith("error"))
                                         for g, w in zip(got, want, strict=True))


def test_green_hackenbush_against_a_brute_force() -> None:
    """Forests (branches at the ground by the SJ theorem), and a cycle, a loop or an edge twice
    standing on the ground: an error line, never a guess."""
    text, want = _hackenbush_plan()
    assert "error" in want and "- P" in want and "- N" in want
    source = export_family("green-hackenbush(E)", lang="python", main=True, input_format="cases", misere=True)
    assert _matches(python_lines(source, text, error_lines=True), want)


@pytest.mark.parametrize("family", FAMILIES)
def test_python_programs_against_a_brute_force(family: str) -> None:
    """Python: random parameters, single heaps and sums of up to four near the edges."""
    source = export_family(family, lang="python", main=True, input_format="cases", misere=True)
    for name, stdin, want in _plan():
        if name == family:
            assert python_lines(source, stdin) == want


@pytest.mark.slow
@pytest.mark.skipif(GXX is None, reason="needs g++")
def test_cpp_programs_against_a_brute_force(tmp_path: Path) -> None:
    """C++ (one build): the same cases as the Python programs."""
    sources = [export_family(f, lang="cpp", main=True, input_format="cases", misere=True)
               for f in (*FAMILIES, "green-hackenbush(E)")]
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, (_, stdin, want) in enumerate(_plan()):
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.splitlines() == want, done.stderr
    text, lines = _hackenbush_plan()
    done = subprocess.run([str(exe), str(len(FAMILIES))], input=text, capture_output=True, text=True,
                          timeout=60)
    assert _matches(done.stdout.splitlines(), lines)


def test_the_sj_condition_holds_at_every_heap() -> None:
    """What the SJ rule rests on, checked by brute force: every heap of value 0 that has a move
    (take a..b) has a move to value 1 (values by the plain mex, here)."""
    for a in range(1, 6):
        for b in range(a, 9):
            g: list[int] = []
            for n in range(120):
                options = [g[n - t] for t in range(a, min(b, n) + 1)]
                g.append(min(set(range(len(options) + 1)) - set(options)))
                assert g[n] == n % (a + b) // a  # (the formula the program uses)
                assert g[n] != 0 or not options or 1 in options, (a, b, n)


def test_moore_misere_rule_exhaustively() -> None:
    """Moore's misère rule (the program's) against the brute force on every position of up to
    four heaps of at most 5 (k = 1..4)."""
    namespace: dict[str, object] = {}
    exec(export_family("moore(k)", lang="python", misere=True), namespace)  # (its functions alone)
    answer = namespace["answer"]
    for k in range(1, 5):
        for count in range(1, 5):
            for code in range(6 ** count):
                heaps = tuple(code // 6 ** i % 6 for i in range(count))
                if list(heaps) != sorted(heaps):
                    continue
                assert answer(list(heaps), [k])[1] == (not moore_loses(k, heaps)), (k, heaps)  # type: ignore[operator]


JUDGE = ("bash(m)", "bounded-nim(m)", "bash(a,b)", "subtraction(S)")


@cache
def _judge_plan(family: str) -> tuple[str, tuple[str, ...]]:
    """Heaps of 10^9 and 10^18 (and near them) in sums of up to four, and the engine's lines: it
    answers them by the SJ theorem or genus theory over the game's proved heap law."""
    rng = random.Random(len(family))
    cases = []
    for _ in range(40):
        params: tuple[Any, ...] = (
            (rng.randint(1, 3), rng.randint(3, 6)) if family == "bash(a,b)" else
            (tuple(sorted(rng.sample(range(1, 30), rng.randint(1, 5)))),) if family == "subtraction(S)"
            else (rng.randint(1, 7),))
        heaps = tuple(rng.choice([10**9, 10**18, 10**18 + 1, 10**9 + 7, rng.randint(0, 5)])
                      for _ in range(rng.randint(1, 4)))
        cases.append((params, heaps))
    spec = family.partition("(")[0]
    want = []
    for params, heaps in cases:
        flat = params[0] if isinstance(params[0], tuple) else params
        game = grundy.load_game(f"{spec}({','.join(map(str, flat))})")
        want.append(_line(grundy.solve(game, heaps, misere=True).outcome.value == "P"))
    return _stdin(cases), tuple(want)


@pytest.mark.parametrize("family", JUDGE)
def test_judge_sized_heaps_against_the_engine(family: str) -> None:
    stdin, want = _judge_plan(family)
    source = export_family(family, lang="python", main=True, input_format="cases", misere=True)
    assert python_lines(source, stdin) == list(want)


@pytest.mark.slow
@pytest.mark.skipif(GXX is None, reason="needs g++")
def test_cpp_judge_sized_heaps_against_the_engine(tmp_path: Path) -> None:
    sources = [export_family(f, lang="cpp", main=True, input_format="cases", misere=True) for f in JUDGE]
    exe = compile_cpp_together(sources, tmp_path, "-O2")
    for i, family in enumerate(JUDGE):
        stdin, want = _judge_plan(family)
        done = subprocess.run([str(exe), str(i)], input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.splitlines() == list(want), (family, done.stderr)
    done = subprocess.run([str(exe), str(JUDGE.index("subtraction(S)"))], input=LONG_SET[0],
                          capture_output=True, text=True, timeout=60)
    assert _bounded(done.stdout.splitlines()), done.stdout


LONG_SET = ("3\n2 1 1000000000000 1 10\n2 1 1000000000000 2 9 4\n2 1 1000000000000 1 1000000000000000000\n",)
"""S = {1, 10^12}: heaps below 10^12 are those of S = {1} (one heap of 10: N; 9 and 4: s = 1, all
fickle: P); heap 10^18 needs a window of 10^12 pairs, past any table."""


def _bounded(lines: list[str]) -> bool:
    return (lines[:2] == ["- N", "- P"] and lines[2].startswith("error")
            and "without a proved period" in lines[2])


def test_a_table_past_its_bound_is_an_error_line() -> None:
    source = export_family("subtraction(S)", lang="python", main=True, input_format="cases", misere=True)
    assert _bounded(python_lines(source, LONG_SET[0], error_lines=True))


def test_moore_judge_sized_heaps() -> None:
    """Moore's Nim with heaps of 10^18: one non-empty heap by the engine (misère Nim), several by
    the normal-play outcome the engine gives (Moore's theorem), which the misère rule keeps where
    a heap is at least 2 (the rule itself is checked exhaustively above)."""
    rng = random.Random(3)
    cases = []
    for _ in range(60):
        k = rng.randint(1, 4)
        sizes = [10**18, 10**18 - 1, 2**60, 1, 0]
        cases.append(((k,), tuple(rng.choice(sizes) for _ in range(rng.randint(1, 6)))))
    want = []
    for (k,), heaps in cases:
        game = grundy.load_game(f"moore({k})")
        if sum(1 for h in heaps if h) <= 1:
            want.append(_line(grundy.solve(game, heaps, misere=True).outcome.value == "P"))
        elif max(heaps) >= 2:
            want.append(_line(grundy.outcome(game, heaps).value == "P"))
        else:
            want.append(_line(sum(heaps) % (k + 1) == 1))
    source = export_family("moore(k)", lang="python", main=True, input_format="cases", misere=True)
    assert python_lines(source, _stdin(cases)) == want


def test_parameters_outside_the_family_are_error_lines() -> None:
    source = export_family("bash(a,b)", lang="python", main=True, misere=True)
    lines = python_lines(source, "3 2 5\n0 0 1\n1 2 1 1\n", error_lines=True)
    assert lines[0].startswith("error") and lines[1].startswith("error") and lines[2] == "- N"


def test_the_check_refuses_a_wrong_program() -> None:
    """The check before printing compares the program with the engine in misère play: a program
    that answers normal play is refused (the check can fail)."""
    from grundy.catalog import load_family
    from grundy.reports.family_check import check_family_program

    title, family = load_family("bash(m)")
    normal = export_family(title, lang="python", main=True)  # (normal play: wrong in misère)
    with pytest.raises(GrundyError, match="internal error"):
        check_family_program(title, family, normal, "lines", "each", misere=True)


def test_the_header_names_the_rule() -> None:
    assert "SJ theorem" in export_family("bash(m)", lang="cpp", misere=True)
    assert "Moore's misere rule" in export_family("moore(k)", lang="python", misere=True)


@pytest.mark.parametrize("spec", ["stripes(c,z,n)", "stripes(S)", "dynamic-subtraction(k)",
                                  "forbidden-nim(P)", "digraph(E)", "vertex-geography(E)",
                                  "vertex-geography(B)"])
def test_families_without_a_misere_rule_are_refused_in_one_line(spec: str) -> None:
    code, out, err = cli_output("export", spec, "--main", "--misere", "--input", "cases")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no misère program" in err, err


def test_a_misere_sum_of_games_of_their_own_parameters_is_refused() -> None:
    code, _, err = cli_output("export", "bash(m)", "--main", "--misere", "--input", "cases",
                              "--params", "sum")
    assert code == 2 and err.count("\n") == 1 and "--params sum with --misere" in err, err


def test_the_program_reads_what_solve_reads(tmp_path: Path) -> None:
    """The program's lines are ``solve --input --misere``'s on the same input (HDU 2188-like lines
    ``m n``: the parameters last)."""
    rng = random.Random(2188)
    text = "".join(f"{rng.randint(0, 40)} {rng.randint(1, 9)}\n" for _ in range(100))
    path = tmp_path / "in.txt"
    path.write_text(text)
    code, out, err = cli_output("solve", "bash(m)", "--input", "lines", "--params", "last", "--misere",
                                str(path))
    assert code == 0, err
    source = export_family("bash(m)", lang="python", main=True, where="last", misere=True)
    assert python_lines(source, text) == out.splitlines()


def test_a_wild_heap_makes_a_sum_an_error_line() -> None:
    """No set found so far has a wild heap (random sets of up to 6 members below 40 were tried),
    so the program's refusal is driven here: a heap marked wild makes every sum that reaches it
    an error, never a guess; a lone heap is still answered by its misère value."""
    namespace: dict[str, Any] = {}
    exec(export_family("subtraction(S)", lang="python", misere=True), namespace)
    assert namespace["answer"]([5, 3], [[1, 2]]) == (None, True)  # (v = 2, 0: s = 2, a firm heap)
    namespace["_PAIRS"][(1, 2)].wild = 4
    assert namespace["answer"]([3, 1], [[1, 2]]) == (None, False)  # (below the wild heap)
    with pytest.raises(ValueError, match="heap 4 is not tame"):
        namespace["answer"]([5, 3], [[1, 2]])
    assert namespace["answer"]([5, 0], [[1, 2]]) == (None, True)  # (one heap: m(5) = 2)


def test_winning_moves_with_misere_are_refused() -> None:
    for spec in ("subtraction(S)", "bash(m)"):
        code, out, err = cli_output("export", spec, "--main", "--misere", "--winning-moves")
        assert code == 2 and out == "" and "--winning-moves with --misere" in err, err
