"""``grundy solve FAMILY --input LAYOUT --params WHERE`` for the families on graphs (``digraph``,
``green-hackenbush``, ``vertex-geography``): the same random inputs answered by grundy's own games
and engine and by the exported Python program (which tests/contest/test_graph_layouts.py and
tests/export check against brute forces), line for line, in every layout and place of the
parameters the exported main reads; and what cannot be read refused in one line (exit 2).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli.app import main


def cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """The command line in this process (standard input ``stdin``): exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(argv))
            except SystemExit as done:
                code = int(done.code or 0)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def program(title: str, layout: str, where: str, stdin: str) -> str:
    """The exported Python program's output for ``stdin``."""
    code, source, err = cli("export", title, "--main", "--input", layout, "--params", where, "--lang",
                            "python")
    assert code == 0, err
    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                          text=True, timeout=120)
    assert done.stderr == "", done.stderr[-300:]
    return done.stdout


def graph_words(rng: random.Random, reads: str) -> list[int]:
    """A small random graph as the input writes it (vertices 1..6; ``L``: 0..n-1), with loops,
    repeated edges and cycles where the layout allows them; sometimes no edge at all."""
    n = rng.randint(1, 6)
    if reads == "L":
        lists = [[rng.randrange(n) for _ in range(rng.randint(0, 3))] for _ in range(n)]
        return [n, *(x for succ in lists for x in (len(succ), *succ))]
    if reads == "T":
        edges = [(rng.randint(1, v - 1), v) for v in range(2, n + 1)]
        return [n, *(x for e in edges for x in e)]
    edges = [(rng.randint(1, n), rng.randint(1, n)) for _ in range(rng.randint(0, 7))]
    return [*([n] if reads == "G" else []), len(edges), *(x for e in edges for x in e)]


def empty(reads: str, words: list[int]) -> bool:
    """Whether a graph is written 0 (no edge, successor lists of no vertex, a tree of no vertex;
    ``n m``: both 0, as ``2 0`` is a graph of two vertices and no edge, UVa 11927)."""
    return words[0] == 0 if reads in "LET" else words[0] == words[1] == 0


def position_words(rng: random.Random, kind: str, layout: str, where: str, fixed: bool) -> list[int]:
    """One case's position as written (a vertex may be one no edge names, 7)."""
    if fixed:
        return []
    if layout == "single" or where == "sum":
        return [rng.randint(0, 7)]
    count = rng.randint(0, 3) if kind == "digraph" else rng.choice((1, 1, 1, 1, 2))
    if layout == "repeated":
        count = max(count, 1)
    return [count, *(rng.randint(0, 7) for _ in range(count))]


def random_input(rng: random.Random, kind: str, reads: str, layout: str, where: str, fixed: bool) -> str:
    """A random input of a few cases, as the exported main reads it."""
    cases = rng.randint(1, 5)
    lines: list[list[int]] = []
    if where == "sum":
        lines.append([] if layout in ("counted", "repeated") else [cases])
        for _ in range(1 if layout == "counted" else cases):
            parts = rng.randint(1, 3)
            lines.append([parts])
            for _ in range(parts):
                lines += [graph_words(rng, reads), position_words(rng, kind, layout, where, fixed)]
        if layout == "repeated" and rng.random() < 0.5:
            lines.append([0])
    elif where == "block":
        for _ in range(rng.randint(1, 3)):
            lines.append(graph_words(rng, reads))
            if empty(reads, lines[-1]):  # (a graph written 0 ends the input)
                return "\n".join(" ".join(map(str, line)) for line in lines) + "\n"
            count = 1 if layout == "counted" else cases
            lines.append([] if layout in ("counted", "repeated") else [count])
            lines += [position_words(rng, kind, layout, where, fixed) for _ in range(count)]
            if layout == "repeated":
                lines.append([0])
    elif where == "after":  # (the first number, then the graph: T, or the count of counted's case)
        graph = graph_words(rng, reads)
        if layout == "counted":
            position = position_words(rng, kind, "cases", where, fixed)
            lines += [position[:1], graph, position[1:]]
        else:
            lines += [[cases], graph]
            lines += [position_words(rng, kind, layout, where, fixed) for _ in range(cases)]
    else:
        lines.append(graph_words(rng, reads) if where == "first" else [])
        lines.append([] if layout == "counted" else [cases])
        for _ in range(1 if layout == "counted" else cases):
            graph = graph_words(rng, reads)
            position = position_words(rng, kind, layout, where, fixed)
            lines += [graph if where == "each" else [], position, graph if where == "last" else []]
    return "\n".join(" ".join(map(str, line)) for line in lines if line) + "\n"


FAMILIES = {"digraph": ("digraph", "ELGT"), "hackenbush": ("green-hackenbush", "EGT"),
            "geography": ("vertex-geography", "EGT")}


def layouts(kind: str, fixed: bool) -> list[tuple[str, str]]:
    """Every layout and place of the parameters the family's exported main reads."""
    if fixed:
        return [("cases", "each"), ("counted", "each"), ("single", "each"), ("cases", "sum"),
                ("counted", "sum"), ("repeated", "sum")]
    out = [(layout, where) for layout in ("cases", "counted", "single")
           for where in ("first", "each", "last", "block", "after")]
    out.append(("repeated", "block"))
    if kind == "hackenbush":
        out += [("cases", "sum"), ("counted", "sum"), ("repeated", "sum")]
    return out


@pytest.mark.parametrize("kind", [*FAMILIES, "hackenbush-ground"])
def test_solve_input_answers_as_the_exported_program(kind: str) -> None:
    fixed = kind == "hackenbush-ground"
    kind = kind.removesuffix("-ground")
    name, reads_all = FAMILIES[kind]
    rng = random.Random(f"{kind}-{fixed}")
    checked = 0
    for reads in reads_all:
        title = f"{name}({reads}{',ground=1' if fixed else ''})"
        for (layout, where), _ in itertools.product(layouts(kind, fixed), range(3)):
            stdin = random_input(rng, kind, reads, layout, where, fixed)
            want = program(title, layout, where, stdin)
            code, got, err = cli("solve", title, "--input", layout, "--params", where, "-", stdin=stdin)
            assert got == want, (title, layout, where, stdin, err)
            assert code == (2 if "error" in want else 0), err
            checked += len(want.splitlines())
    assert checked >= 100


def test_digraph_draws_and_infinite_values() -> None:
    """Cycles give draws (D) and values inf(K), printed as the exported program prints them."""
    stdin = "4\n2 1 1 1 2\n1 1\n2 1 1 1 2\n2 1 1\n2 1 1 1 2\n2 1 2\n1 1 2\n2 1 2\n"
    want = program("digraph(E)", "cases", "each", stdin)
    assert want == "inf(0) N\ninf() D\ninf(0) N\n1 N\n"
    assert cli("solve", "digraph(E)", "--input", "cases", "-", stdin=stdin)[1] == want


@pytest.mark.parametrize("argv, stdin, words", [
    (["digraph(E)", "--input", "cases"], "1 1 1 x 1 1", "non-negative integer, got 'x'"),
    (["digraph(E)", "--input", "cases"], "2 1 1 2 1 1", "the input ended inside a case"),
    (["green-hackenbush(T)", "--input", "cases"], "1 2 1 2 1 1 5", "1 more words after the last case"),
    (["vertex-geography(E)", "--input", "cases", "--params", "block"], "1 1 2 1 1 1 0 7",
     "more words after the block that ends the input"),
    (["digraph(E)", "--input", "lines"], "1 1 2 1", "read cases, counted or single"),
    (["digraph(E)", "--input", "cases", "--params", "sum"], "1", "is for green-hackenbush"),
    (["digraph(E)", "--misere", "--input", "cases"], "1", "normal play"),
])
def test_what_cannot_be_read_is_one_line(argv: list[str], stdin: str, words: str) -> None:
    code, _, err = cli("solve", *argv, "-", stdin=stdin)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_a_file_not_utf8_or_missing_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"1 1 1 2 \xff")
    code, _, err = cli("solve", "digraph(E)", "--input", "cases", str(bad))
    assert code == 2 and "not UTF-8" in err and len(err.strip().splitlines()) == 1, err
    code, _, err = cli("solve", "digraph(E)", "--input", "cases", str(bad) + ".missing")
    assert code == 2 and "cannot read input" in err, err


def test_words_split_across_pieces_are_read_whole() -> None:
    """The reader takes 64 KiB at a time: a number cut by a piece's end is still one number."""
    from grundy.cli.judge_graph import StreamWords

    numbers = [random.Random(5).randrange(10 ** 12) for _ in range(60_000)]
    text = ("\ufeff" + " \r\n".join(map(str, numbers)) + "\n").encode()
    words = StreamWords(io.BytesIO(text), "input")
    assert len(text) > 5 << 16 and [words.take() for _ in numbers] == numbers and not words.more()
    words = StreamWords(io.BytesIO(text), "input")
    assert words.left() == len(numbers)


def test_one_graph_is_held_at_a_time() -> None:
    """After 30 graphs (each case its own), no game of an answered graph is still alive: the
    engine keeps the declarations of the games it saw (``laws_of``), which kept every graph of
    the input until solve --input let each go as the next came."""
    import gc

    from grundy.games.graphs.hackenbush import GreenHackenbush

    base = 9_100_000
    cases = [f"3 {base + i} {base + i + 1} {base + i + 1} {base + i + 2} {base + i} {base + i + 2} "
             f"{base + i}" for i in range(0, 90, 3)]
    code, out, err = cli("solve", "green-hackenbush(E)", "--input", "counted", "--params", "sum", "-",
                         stdin=f"30 {' '.join(cases)}\n")
    assert code == 0 and out == "0 P\n", err  # (30 triangles grounded at a corner: each 1; 30 XOR 0)
    gc.collect()
    alive = [g for g in gc.get_objects() if issubclass(type(g), GreenHackenbush)  # (not isinstance:
             # a dead weak proxy among the objects raises on it)
             and any(name.startswith("91") and len(name) == 7 for name in g.names)]
    assert len(alive) <= 1, len(alive)
