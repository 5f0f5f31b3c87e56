"""``grundy export 'digraph(E)'``: tokens on a directed graph that the judge's input gives as its
edges, in Python and C++ (compiled once), against a brute force of the token game written here:
random acyclic graphs with any vertex numbers and repeated edges, sums of tokens, and a path of
200,000 vertices. Graphs with cycles (Smith's generalised values, draws): random small graphs
against the engine's values and, for the outcomes, a retrograde analysis of the sum game itself
written here; and a path of 200,000 vertices into a cycle, under a memory cap.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from grundy.reports.export_policy import export_family
from tests.helpers import compile_cpp_together

pytestmark = pytest.mark.slow  # (every test here compiles or runs whole programs: 0.3 s or more)

GXX = shutil.which("g++")

Edges = tuple[tuple[int, int], ...]


def brute_value(edges: Edges, vertex: int) -> int | None:
    """The mex recursion over the moves from ``vertex``; ``None`` where a cycle can be reached."""
    succ: dict[int, list[int]] = {}
    for u, v in edges:
        succ.setdefault(u, []).append(v)

    @cache
    def value(x: int, depth: int) -> int | None:
        if depth > len(edges) + 1:
            return None  # (a path longer than the edges: a cycle)
        values = [value(y, depth + 1) for y in succ.get(x, [])]
        if any(w is None for w in values):
            return None
        return next(m for m in range(len(values) + 1) if m not in values)

    return value(vertex, 0)


def brute_line(edges: Edges, tokens: list[int]) -> str:
    values = [brute_value(edges, t) for t in tokens]
    if any(v is None for v in values):
        return "error"
    total = 0
    for v in values:
        total ^= v  # type: ignore[operator]
    return f"{total} {'N' if total else 'P'}"


def random_dag(rng: random.Random) -> tuple[Edges, list[int]]:
    names = rng.sample(range(10**12), rng.randint(2, 25))  # (a random order is a topological one)
    edges = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))
             if rng.random() < 0.3]
    edges += rng.sample(edges, min(len(edges), 2))  # (an edge twice: a move listed twice)
    return tuple(edges), names


def graph_text(edges: Edges) -> str:
    return f"{len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


_BUILT: dict[tuple[str, str], Path] = {}


def run_both(layout: str, where: str, stdin: str, tmp_path: Path) -> list[list[str]]:
    """What the Python and (if g++ is here) the C++ program print (each compiled once)."""
    outs = []
    python = export_family("digraph(E)", lang="python", main=True, input_format=layout, where=where)
    outs.append(subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True,
                               text=True).stdout.splitlines())
    if GXX is not None:
        if (layout, where) not in _BUILT:
            cpp = export_family("digraph(E)", lang="cpp", main=True, input_format=layout, where=where)
            _BUILT[layout, where] = compile_cpp_together([cpp], tmp_path, "-O2")
        outs.append(subprocess.run([str(_BUILT[layout, where]), "0"], input=stdin, capture_output=True,
                                   text=True).stdout.splitlines())
    return outs


def simple(lines: list[str]) -> list[str]:
    return ["error" if line.startswith("error:") else line for line in lines]


def test_random_acyclic_graphs_one_graph_first_then_cases(tmp_path: Path) -> None:
    rng = random.Random(3)
    for _ in range(12):  # (twelve inputs, each one graph, then its cases)
        edges, names = random_dag(rng)
        cases = [[rng.choice([*names, 7]) for _ in range(rng.randint(1, 4))] for _ in range(15)]
        stdin = graph_text(edges) + f"{len(cases)}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n"
                                                                  for c in cases)
        want = [brute_line(edges, c) for c in cases]
        for out in run_both("cases", "first", stdin, tmp_path):
            assert out == want


def test_a_graph_with_each_case_and_tokens_that_reach_a_cycle(tmp_path: Path) -> None:
    """Each case its own graph (``single``, parameters ``each``). From 1, 2, 3 and 6 the cycle
    2 -> 3 -> 2 can be reached, yet their values are finite: 3 moves to the sink 4 and wins, so 2,
    whose one move goes to 3, is lost (0), 1 -> 2 wins (1), and 6 moves only to the N-positions 5
    and 1 (0). A self-loop at 2 (a pass) makes 2 a draw, inf(); 3 is inf(0) (N: to the sink), 1
    inf() and 6 inf(1) (draws). The acyclic answers are those of the brute force, as before."""
    cycle: Edges = ((1, 2), (2, 3), (3, 2), (3, 4), (5, 4), (6, 5), (6, 1))
    rng = random.Random(8)
    cases: list[tuple[Edges, int]] = [(cycle, t) for t in (1, 2, 4, 5, 6, 9)]
    cases += [((*cycle, (2, 2)), t) for t in (1, 2, 3, 6)]
    for _ in range(20):
        edges, names = random_dag(rng)
        cases.append((edges, rng.choice(names)))
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{t}\n" for e, t in cases)
    want = [brute_line(e, [t]) for e, t in cases]
    assert want[:10] == ["error", "error", "0 P", "1 N", "error", "0 P"] + ["error"] * 4
    want[:10] = ["1 N", "0 P", "0 P", "1 N", "0 P", "0 P", "inf() D", "inf() D", "inf(0) N", "inf(1) D"]
    for out in run_both("single", "each", stdin, tmp_path):
        assert out == want


def test_a_path_of_200000_vertices(tmp_path: Path) -> None:
    """No recursion: a token d moves from the sink has the value d mod 2."""
    n = 200_000
    edges: Edges = tuple((i + 1, i) for i in range(n))
    tokens = [n, n - 1, 12345, 0]
    stdin = graph_text(edges) + f"{len(tokens)} {' '.join(map(str, tokens))}\n"
    total = 0
    for t in tokens:
        total ^= t % 2
    for out in run_both("counted", "first", stdin, tmp_path):
        assert out == [f"{total} {'N' if total else 'P'}"]


def test_lines_cannot_hold_a_graph() -> None:
    from grundy.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="spans several lines"):
        export_family("digraph(E)", lang="python", main=True, input_format="lines", where="first")


@pytest.mark.skipif(GXX is None, reason="g++ is not installed")
def test_an_edge_count_of_2_to_the_63_is_refused_not_wrapped(tmp_path: Path) -> None:
    """2 · 2**63 wraps to 0 in 64 bits: read so, the words after it would be taken for positions."""
    cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
    exe = compile_cpp_together([cpp], tmp_path, "-O2")
    done = subprocess.run([str(exe), "0"], input=f"{2**63}\n1 2\n1\n1 1\n", capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    assert "a graph of 9223372036854775808 edges" in done.stderr


def test_one_graph_read_first_is_shared_by_every_case(tmp_path: Path) -> None:
    """A graph of 50,000 edges read once, then 20,000 cases: the C++ main keeps one copy of it
    (a copy a case was 8 GB), under a 512 MB cap; the values are those of the brute force's
    recursion on a tree whose vertex i moves to its parent."""
    import resource

    rng = random.Random(4)
    m, count = 50_000, 20_000
    parent = [0] + [rng.randrange(i) for i in range(1, m + 1)]
    edges = [(i, parent[i]) for i in range(1, m + 1)]
    depth = [0] * (m + 1)
    for i in range(1, m + 1):
        depth[i] = depth[parent[i]] + 1  # (one move: a path, so G = depth mod 2)
    tokens = [rng.randrange(m + 1) for _ in range(count)]
    stdin = f"{m}\n" + "".join(f"{u} {v}\n" for u, v in edges) + f"{count}\n" + "".join(
        f"1 {t}\n" for t in tokens)
    want = [f"{depth[t] % 2} {'N' if depth[t] % 2 else 'P'}" for t in tokens]
    python = export_family("digraph(E)", lang="python", main=True, input_format="cases", where="first")
    done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True, text=True)
    assert done.stdout.splitlines() == want
    if GXX is None:
        return
    cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
    exe = compile_cpp_together([cpp], tmp_path, "-O2")

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True, preexec_fn=capped)
    assert done.returncode == 0 and done.stdout.splitlines() == want


# ---- graphs with cycles -------------------------------------------------------------------------
def brute_outcome(edges: Edges, tokens: list[int]) -> str:
    """N, P or D of the sum of tokens by a retrograde analysis of the sum game itself (its
    positions: the sorted tuples of token vertices): a position with no move is P, one with a move
    to a P-position N, one whose every move goes to an N-position P, until nothing changes; the
    rest are draws."""
    succ: dict[int, set[int]] = {}
    for u, v in edges:
        succ.setdefault(u, set()).add(v)
    start = tuple(sorted(tokens))
    moves: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        if here not in moves:
            moves[here] = {tuple(sorted((*here[:i], w, *here[i + 1:])))
                           for i, u in enumerate(here) for w in succ.get(u, ())}
            todo.extend(moves[here])
    found: dict[tuple[int, ...], str] = {}
    changed = True
    while changed:
        changed = False
        for here, nexts in moves.items():
            if here not in found and any(found.get(q) == "P" for q in nexts):
                found[here], changed = "N", True
            elif here not in found and all(found.get(q) == "N" for q in nexts):
                found[here], changed = "P", True
    return found.get(start, "D")


def engine_line(names: list[int], edges: Edges, tokens: list[int]) -> str:
    """'VALUE OUTCOME' of the tokens by grundy's engine (what ``grundy solve digraph`` prints)."""
    from grundy.engine.loopy import sum_value, value_outcome
    from grundy.games.graphs.digraph import Digraph

    index = {name: i for i, name in enumerate(names)}
    game = Digraph.from_edges(len(names), [(index[u], index[v]) for u, v in edges])
    value = sum_value(game.token_values([index[t] for t in tokens]))
    return f"{value} {value_outcome(value).value}"


def random_loopy(rng: random.Random) -> tuple[Edges, list[int]]:
    """A random small graph on numbers of any size: self-loops, repeated edges, vertices no edge
    names (the last names) and vertices nothing reaches."""
    names = rng.sample([*range(12), *rng.sample(range(10**18), 12)], rng.randint(1, 9))
    named = names[:rng.randint(1, len(names))]
    edges = [(rng.choice(named), rng.choice(named)) for _ in range(rng.randint(0, 3 * len(named)))]
    return tuple(edges), names


def test_random_graphs_with_cycles_against_the_engine_and_the_sum_game(tmp_path: Path) -> None:
    """400 random graphs, each with sums of 1 to 4 tokens (each case its own graph: ``cases``,
    parameters ``each``); every value against the engine's, every outcome against the retrograde
    analysis of the sum game; the draws, infinite values and finite ones all occur."""
    rng = random.Random(11)
    cases = []
    for _ in range(400):
        edges, names = random_loopy(rng)
        for count in (1, 1, 2, 3, 4):
            cases.append((edges, names, [rng.choice(names) for _ in range(count)]))
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{len(t)} {' '.join(map(str, t))}\n"
                                         for e, _, t in cases)
    want = [engine_line(names, e, t) for e, names, t in cases]
    assert [line.split()[1] for line in want] == [brute_outcome(e, t) for e, _, t in cases]
    assert {"D", "N", "P"} <= {line.split()[1] for line in want}
    assert sum(line.startswith("inf(") and line.endswith(" N") for line in want) > 20
    assert sum(line.startswith("inf() ") for line in want) > 20
    for out in run_both("cases", "each", stdin, tmp_path):
        assert out == want


def test_one_loopy_graph_first_then_many_cases(tmp_path: Path) -> None:
    """One graph of 60 vertices read first, then 600 sums of tokens on it (``cases``, ``first``:
    the graph solved once), against the engine; outcomes of one and two tokens against the sum
    game."""
    rng = random.Random(5)
    names = rng.sample(range(10**6), 60)
    edges: Edges = tuple((rng.choice(names), rng.choice(names)) for _ in range(110))
    cases = [[rng.choice(names) for _ in range(rng.randint(1, 4))] for _ in range(600)]
    stdin = graph_text(edges) + f"{len(cases)}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n"
                                                            for c in cases)
    want = [engine_line(names, edges, c) for c in cases]
    small = [i for i, c in enumerate(cases) if len(c) <= 2][:150]
    assert [want[i].split()[1] for i in small] == [brute_outcome(edges, cases[i]) for i in small]
    assert len({line.split()[1] for line in want}) == 3
    for out in run_both("cases", "first", stdin, tmp_path):
        assert out == want


def test_a_path_of_200000_vertices_into_a_cycle_under_a_memory_cap(tmp_path: Path) -> None:
    """Vertex k + 1 moves to k (k >= 1), 1 moves to a, a and b move to each other, b to the sink
    s: every vertex reaches the cycle, yet a is 0 (its one move goes to b, which moves to s), b is
    1 and vertex k is k mod 2 (the even ones labelled 0 in stage 0, one after the other along the
    path; no recursion). The
    top vertex also has a self-loop: inf(0) when its other move leads to a 0 (N), inf(1) else.
    Both programs under a 512 MB cap."""
    import resource

    n, a, b, s = 200_000, 10**12, 10**12 + 1, 10**12 + 2
    edges: Edges = ((1, a), (a, b), (b, a), (b, s), (n, n), *((k + 1, k) for k in range(1, n)))
    tokens = [[n], [n - 1], [12345], [a], [b], [n, n - 1], [n, 2, 4], [s, 7, 9]]
    stdin = graph_text(edges) + f"{len(tokens)}\n" + "".join(f"{len(t)} {' '.join(map(str, t))}\n"
                                                            for t in tokens)
    top = f"inf({(n - 1) % 2})"
    want = [f"{top} {'N' if n % 2 else 'D'}", "1 N", "1 N", "0 P", "1 N",
            f"inf({(n - 1) % 2 ^ 1}) {'D' if n % 2 else 'N'}", f"{top} {'N' if n % 2 else 'D'}", "0 P"]

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20))

    python = export_family("digraph(E)", lang="python", main=True, input_format="cases", where="first")
    done = subprocess.run([sys.executable, "-S", "-c", python], input=stdin, capture_output=True, text=True,
                          preexec_fn=capped)
    assert done.stderr == "" and done.stdout.splitlines() == want
    if GXX is not None:
        cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
        exe = compile_cpp_together([cpp], tmp_path, "-O2")
        done = subprocess.run([str(exe), "0"], input=stdin, capture_output=True, text=True, preexec_fn=capped)
        assert done.returncode == 0 and done.stdout.splitlines() == want


def test_bad_input_is_one_line_and_the_functions_alone(tmp_path: Path) -> None:
    """A word that is no number, or an input that ends inside a case: one line on stderr. Without
    a main: value_text gives inf(K), grundy_value refuses an infinite value in one line (and the
    C++ functions alone compile without a warning)."""
    python = export_family("digraph(E)", lang="python", main=True, input_format="cases", where="first")
    runs = [[sys.executable, "-S", "-c", python]]
    if GXX is not None:
        cpp = export_family("digraph(E)", lang="cpp", main=True, input_format="cases", where="first")
        alone = export_family("digraph(E)", lang="cpp")
        runs.append([str(compile_cpp_together([cpp, alone], tmp_path, "-O0")), "0"])
    for stdin, why in (("2\n1 2\n2 x\n1\n1 1\n", "not a non-negative integer: x"),
                       ("2\n1 1\n1 2\n3\n2 1\n", "the input ended inside a case")):
        for run in runs:
            done = subprocess.run(run, input=stdin, capture_output=True, text=True)
            assert done.returncode == 1 and done.stdout == "" and done.stderr == f"error: {why}\n"
    namespace: dict[str, object] = {"__name__": "library"}
    exec(export_family("digraph(E)", lang="python"), namespace)
    edges = [1, 1, 1, 2, 3, 1, 3, 2]  # (1 passes or moves to the sink 2; 3 moves to 1 or 2)
    value_text, grundy_value = namespace["value_text"], namespace["grundy_value"]
    assert [value_text(v, edges) for v in (1, 2, 3, 4)] == ["inf(0)", "0", "inf(0)", "0"]  # type: ignore[operator]
    with pytest.raises(ValueError, match="vertex 1 has the infinite value inf"):
        grundy_value(1, edges)  # type: ignore[operator]
