"""``grundy export 'vertex-geography(E)'`` and ``'vertex-geography(B)'``: who wins undirected vertex
geography on a graph (or a board of ``.``/``#`` cells) that the judge's input gives, in Python and
C++ (compiled once), against a brute force of the game written here (depth first over the token
and the visited set, on tiny graphs) and against grundy's engine (the matching theorem, by
networkx): random graphs bipartite or not, odd cycles, loops, repeated edges, vertices no edge
names, every start; the Edmonds and Hopcroft-Karp searches alone (no greedy start); boards with
blocked cells; large inputs (100,000 vertices, a 300 x 300 board) under a memory cap; bad input.
"""

from __future__ import annotations

import random
import resource
import shutil
import subprocess
import sys
from functools import cache
from itertools import pairwise

import pytest

from grundy.errors import InvalidInputError
from grundy.games.graphs.geography import VertexGeography
from grundy.reports.export_policy import export_family
from tests.helpers import compile_cpp_together

pytestmark = pytest.mark.slow  # (every test here compiles or runs whole programs: 0.3 s or more)

GXX = shutil.which("g++")

Edges = list[tuple[int, int]]


def brute_wins(edges: Edges, start: int) -> bool:
    """The game itself: the player to move wins iff some move to an unvisited neighbour leaves the
    opponent lost (loops and repeated edges are just edges here)."""
    near: dict[int, set[int]] = {}
    for u, v in edges:
        near.setdefault(u, set()).add(v)
        near.setdefault(v, set()).add(u)

    @cache
    def wins(x: int, visited: frozenset[int]) -> bool:
        return any(not wins(y, visited | {y}) for y in near.get(x, ()) if y not in visited)

    return wins(start, frozenset((start,)))


def engine_wins(edges: Edges, starts: list[int]) -> list[bool]:
    """grundy's engine on the same graph (loops and repeats dropped, as its reader does); a start
    no edge names has no move."""
    names = sorted({x for e in edges for x in e})
    index = {x: i for i, x in enumerate(names)}
    game = VertexGeography.from_edges(len(names), [(index[u], index[v]) for u, v in edges])
    return [x in index and game.closed_outcome(game.validate(index[x])).value == "N" for x in starts]


def random_graph(rng: random.Random, most: int) -> tuple[Edges, list[int]]:
    """A random graph on vertices named by any numbers: dense, sparse, glued odd cycles, or
    bipartite; sometimes loops and repeated edges."""
    n = rng.randint(1, most)
    names = rng.sample(range(10**12), n)
    kind = rng.randrange(4)
    pairs: set[tuple[int, int]] = set()
    if kind == 3:  # (sparse: between n/2 and 2n edges)
        for _ in range(rng.randint(n // 2, 2 * n) if n > 1 else 0):
            a, b = sorted(rng.sample(range(n), 2))
            pairs.add((a, b))
    elif kind == 0:
        p = rng.random() * 0.6
        pairs = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
    elif kind == 1:
        for _ in range(rng.randint(1, 4)):
            ring = rng.sample(range(n), min(n, rng.choice((3, 5, 7))))
            pairs |= {(ring[i - 1], ring[i]) for i in range(len(ring)) if len(ring) > 1}
    else:
        side = [rng.randrange(2) for _ in range(n)]
        pairs = {(a, b) for a in range(n) for b in range(a + 1, n)
                 if side[a] != side[b] and rng.random() < 0.4}
    edges = [(names[a], names[b]) for a, b in pairs]
    if edges and rng.random() < 0.3:
        edges += [*rng.sample(edges, min(2, len(edges))), (names[0], names[0])]  # (repeats, a loop)
    rng.shuffle(edges)
    return edges, names


def graph_text(edges: Edges) -> str:
    return f"{len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def line(wins: bool) -> str:
    return f"- {'N' if wins else 'P'}"


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each layout's programs, as commands: the Python one, and the C++ one if g++ is here (all
    C++ programs compiled once, together)."""
    layouts = [("cases", "first"), ("single", "each"), ("counted", "last")]
    commands: dict[str, list[str]] = {}
    sources = []
    for layout, where in layouts:
        python = export_family("vertex-geography(E)", lang="python", main=True, input_format=layout,
                               where=where)
        commands[f"python {layout}"] = [sys.executable, "-S", "-c", python]
        sources.append(export_family("vertex-geography(E)", lang="cpp", main=True, input_format=layout,
                                     where=where))
    commands["python board"] = [sys.executable, "-S", "-c", export_family("vertex-geography(B)",
                                                                           lang="python", main=True)]
    sources.append(export_family("vertex-geography(B)", lang="cpp", main=True))
    commands["python searches"] = [sys.executable, "-S", "-c", without_greedy(
        export_family("vertex-geography(E)", lang="python", main=True, input_format="single", where="each"))]
    sources.append(without_greedy(export_family("vertex-geography(E)", lang="cpp", main=True,
                                                input_format="single", where="each")))
    sources.append(export_family("vertex-geography(E)", lang="cpp"))  # (no main: only compiled)
    if GXX is not None:
        exe = compile_cpp_together(sources, tmp_path_factory.mktemp("geo"), "-O2")
        for i, name in enumerate([*(layout for layout, _ in layouts), "board", "searches"]):
            commands[f"cpp {name}"] = [str(exe), str(i)]
    return commands


def without_greedy(source: str) -> str:
    """The program with its greedy start taken out: Hopcroft-Karp and Edmonds' searches then
    find the whole matching, augmenting through blossoms far more often."""
    for greedy in ("    for x in range(n):  # (a greedy", "    for (int x = 0; x < g.n; ++x)  // (a greedy"):
        if greedy in source:
            return source.replace(greedy, greedy.replace("n)", "0)").replace("g.n;", "0;"))
    raise AssertionError("no greedy start found")


def run(programs: dict[str, list[str]], name: str, stdin: str,
        cap: int | None = None) -> list[subprocess.CompletedProcess[str]]:
    """What the Python and C++ programs of ``name`` print for ``stdin`` (under ``cap`` bytes of
    address space, when given)."""
    def capped() -> None:
        if cap is not None:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    return [subprocess.run(programs[f"{lang} {name}"], input=stdin, capture_output=True, text=True,
                           preexec_fn=capped, timeout=600)
            for lang in ("python", "cpp") if f"{lang} {name}" in programs]


def test_tiny_graphs_every_start_against_the_brute_force(programs: dict[str, list[str]]) -> None:
    """One graph first, then every vertex and one no edge names, on 150 random graphs."""
    rng = random.Random(11)
    both = 0
    for _ in range(150):
        edges, names = random_graph(rng, 9)
        starts = [*names, 7]
        stdin = graph_text(edges) + f"{len(starts)}\n" + "".join(f"1 {x}\n" for x in starts)
        want = [line(brute_wins(edges, x)) for x in starts]
        both += "- N" in want and "- P" in want
        for done in run(programs, "cases", stdin):
            assert done.returncode == 0 and done.stdout.splitlines() == want, (edges, done.stderr)
    assert both > 50  # (graphs with winning and losing starts both)


def test_graphs_each_case_against_the_engine(programs: dict[str, list[str]]) -> None:
    """Each case its own graph (``single``, parameters each) of up to 40 vertices, every start,
    against the engine's matching theorem; and ``counted`` with the graph last."""
    rng = random.Random(12)
    cases: list[tuple[Edges, int]] = []
    graphs = [random_graph(rng, 40) for _ in range(25)]
    for edges, names in graphs:
        cases += [(edges, x) for x in names]
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{x}\n" for e, x in cases)
    want = [line(w) for edges, names in graphs for w in engine_wins(edges, names)]
    assert 0.2 < want.count("- N") / len(want) < 0.9
    for done in run(programs, "single", stdin):
        assert done.returncode == 0 and done.stdout.splitlines() == want
    edges, names = graphs[0]
    stdin = f"1 {names[-1]}\n" + graph_text(edges)
    for done in run(programs, "counted", stdin):
        assert done.stdout.splitlines() == want[len(names) - 1:len(names)]


def test_the_searches_alone_without_the_greedy_start(programs: dict[str, list[str]]) -> None:
    """The programs with no greedy start on 2,500 random graphs of up to 30 vertices: an Edmonds
    search that missed an augmenting path would leave a matching that is not maximum, which the
    final forest search reports as an error line; and on the first 300 graphs every start against
    the brute force."""
    rng = random.Random(13)
    cases: list[tuple[Edges, int]] = []
    want: list[str] = []
    for i in range(2500):
        edges, names = random_graph(rng, 10 if i < 300 else 30)
        if i < 300:
            cases += [(edges, x) for x in names]
            want += [line(brute_wins(edges, x)) for x in names]
        else:
            cases.append((edges, names[0]))
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{x}\n" for e, x in cases)
    for done in run(programs, "searches", stdin):
        out = done.stdout.splitlines()
        assert done.returncode == 0 and out[:len(want)] == want and set(out) == {"- N", "- P"}


def badly_started(rng: random.Random, most: int) -> tuple[Edges, list[int]]:
    """A graph whose programs start from a poor maximal matching: the edges of a random maximal
    matching come first, between the vertices with the smallest numbers, so that the greedy start
    of both programs takes exactly it and the searches must augment it (through blossoms)."""
    edges, _ = random_graph(rng, most)
    edges = [(u, v) for u, v in edges if u != v]
    taken: dict[int, int] = {}
    for u, v in edges:
        if u not in taken and v not in taken:
            taken[u], taken[v] = v, u
    first = sorted(taken, key=lambda x: rng.random())
    rename = {x: i for i, x in enumerate(first)}
    for x in {x for e in edges for x in e} - set(taken):
        rename[x] = len(rename)
    matched = [(rename[u], rename[v]) for u, v in taken.items() if rename[u] < rename[v]]
    rest = [(rename[u], rename[v]) for u, v in edges if taken.get(u) != v]
    return matched + rest, sorted(rename.values())


def test_a_poor_greedy_start_is_augmented_through_blossoms(programs: dict[str, list[str]]) -> None:
    """Sparse graphs with glued odd cycles and dense ones, up to 60 vertices, each started from
    a random maximal matching: every start against the engine."""
    rng = random.Random(17)
    cases: list[tuple[Edges, int]] = []
    want: list[str] = []
    for _ in range(60):
        edges, names = badly_started(rng, 60)
        cases += [(edges, x) for x in names]
        want += [line(w) for w in engine_wins(edges, names)]
    stdin = f"{len(cases)}\n" + "".join(graph_text(e) + f"{x}\n" for e, x in cases)
    for done in run(programs, "single", stdin):
        assert done.returncode == 0 and done.stdout.splitlines() == want


def board_edges(rows: list[str]) -> Edges:
    n, m = len(rows), len(rows[0])
    return [(r * m + c, r2 * m + c2) for r in range(n) for c in range(m)
            for r2, c2 in ((r + 1, c), (r, c + 1))
            if r2 < n and c2 < m and rows[r][c] == "." and rows[r2][c2] == "."]


def brute_board(rows: list[str]) -> list[str]:
    m = len(rows[0])
    edges = board_edges(rows)
    return ["".join(ch if ch == "#" else "N" if brute_wins(edges, r * m + c) else "P"
                    for c, ch in enumerate(row))
            for r, row in enumerate(rows)]


def test_boards_against_the_brute_force(programs: dict[str, list[str]]) -> None:
    """Every free cell of 60 random boards up to 4 x 5, then the same boards' cells asked one by
    one (1-based), a blocked cell and a cell off the board among them."""
    rng = random.Random(14)
    for _ in range(60):
        n, m = rng.randint(1, 4), rng.randint(1, 5)
        rows = ["".join(rng.choice("..#") for _ in range(m)) for _ in range(n)]
        want = brute_board(rows)
        board = f"{n} {m}\n" + "\n".join(rows) + "\n"
        for done in run(programs, "board", board):
            assert done.returncode == 0 and done.stdout.splitlines() == want
        asked = [(r, c) for r in range(1, n + 1) for c in range(1, m + 1)] + [(n + 1, 1)]
        stdin = board + f"{len(asked)}\n" + "".join(f"{r} {c}\n" for r, c in asked)
        lines = [f"- {want[r - 1][c - 1]}" if want[r - 1][c - 1] != "#" else f"error: cell {r} {c} is blocked"
                 for r, c in asked[:-1]] + [f"error: cell {n + 1} 1 is off the {n} x {m} board"]
        for done in run(programs, "board", stdin):
            assert done.returncode == 1 and done.stdout.splitlines() == lines


def test_a_board_of_300_by_300_under_a_memory_cap(programs: dict[str, list[str]]) -> None:
    """A full 300 x 300 board has a perfect matching (N everywhere), a full 299 x 299 board loses
    from the corners' colour; a 300 x 300 board with blocked cells agrees with the engine at
    sampled cells; all under 256 MB."""
    full = "300 300\n" + "\n".join(["." * 300] * 300) + "\n"
    for done in run(programs, "board", full, cap=256 << 20):
        assert done.stdout.splitlines() == ["N" * 300] * 300, done.stderr
    odd = "299 299\n" + "\n".join(["." * 299] * 299) + "\n"
    want = ["".join("P" if (r + c) % 2 == 0 else "N" for c in range(299)) for r in range(299)]
    for done in run(programs, "board", odd, cap=256 << 20):
        assert done.stdout.splitlines() == want
    rng = random.Random(15)
    rows = ["".join(rng.choice("...#") for _ in range(300)) for _ in range(300)]
    outs = [done.stdout.splitlines() for done in run(programs, "board", "300 300\n" + "\n".join(rows) + "\n",
                                                      cap=256 << 20)]
    assert all(out == outs[0] for out in outs) and len(outs[0]) == 300
    game = VertexGeography.from_edges(300 * 300, board_edges(rows))
    cells = [(r, c) for r, c in ((rng.randrange(300), rng.randrange(300)) for _ in range(40))
             if rows[r][c] == "."]
    got = [outs[0][r][c] for r, c in cells[:4]]
    assert got == [game.closed_outcome(game.validate(r * 300 + c)).value for r, c in cells[:4]]
    assert 0.2 < sum(row.count("P") for row in outs[0]) / sum(row.count(".") for row in rows) < 0.8


def test_100000_vertices_and_20000_starts_under_a_memory_cap(programs: dict[str, list[str]]) -> None:
    """One graph read first: 3,000 small random graphs (brute-forced one by one) under random
    names, an odd cycle of 30,001 vertices (P everywhere) and a path of 40,000 (N everywhere),
    shuffled; 20,000 starts; under 512 MB."""
    rng = random.Random(16)
    edges: Edges = []
    want: dict[int, bool] = {}
    names = rng.sample(range(10**15), 110_000)
    while len(want) < 30_000:
        small, vertices = random_graph(rng, 9)
        rename = {x: names[len(want) + i] for i, x in enumerate(vertices)}
        edges += [(rename[u], rename[v]) for u, v in small]
        want.update({rename[x]: brute_wins(small, x) for x in vertices})
    ring = names[len(want):len(want) + 30_001]
    path = names[len(want) + 30_001:len(want) + 70_001]
    edges += [(ring[i - 1], ring[i]) for i in range(len(ring))] + list(pairwise(path))
    want.update({x: False for x in ring} | {x: True for x in path})
    rng.shuffle(edges)
    starts = rng.sample(sorted(want), 20_000)
    stdin = graph_text(edges) + f"{len(starts)}\n" + "".join(f"1 {x}\n" for x in starts)
    for done in run(programs, "cases", stdin, cap=512 << 20):
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines() == [line(want[x]) for x in starts]


def test_bad_input_is_one_line(programs: dict[str, list[str]]) -> None:
    for done in run(programs, "cases", "2\n1 2\n2\n1\n1 1\n"):  # (the input ends inside an edge)
        assert done.returncode == 1 and done.stderr.strip().count("\n") == 0
        assert "error: the input ended inside a case" in done.stderr
    for done in run(programs, "cases", "1\n1 x\n1\n1 1\n"):
        assert done.returncode == 1 and "not a non-negative integer: x" in done.stderr
    for stdin, why in (("2 3\n..#\n.x.\n", "row 2 must be 3 cells '.' or '#', got '.x.'"),
                       ("2 3\n..#\n", "the input ended after 1 of the board's 2 rows"),
                       ("2 3\n..#\n...\n2\n1 1\n",
                        "2 starts asked: expected 2 cells r c after q, got 2 numbers"),
                       ("0 3\n", "a board of 0 x 3 cells: n and m must be at least 1")):
        for done in run(programs, "board", stdin):
            assert done.returncode == 1 and done.stdout == "" and done.stderr == f"error: {why}\n"


def test_layouts_the_programs_cannot_read_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="spans several lines"):
        export_family("vertex-geography(E)", lang="python", main=True, input_format="lines", where="first")
    with pytest.raises(InvalidInputError, match="reads one board"):
        export_family("vertex-geography(B)", lang="cpp", main=True, input_format="cases")
    source = export_family("vertex-geography(B)", lang="cpp")
    assert "int main" not in source and "board_wins" in source
    assert "Fraenkel, Scheinerman and Ullman" in source


def test_the_functions_alone() -> None:
    """Without a main (the C++ one is compiled by the fixture): ``graph_wins(edges)`` answers
    every vertex of a path 1-2-3 at once."""
    namespace: dict[str, object] = {}
    exec(export_family("vertex-geography(E)", lang="python"), namespace)
    assert namespace["graph_wins"]([1, 2, 2, 3]) == {1: False, 2: True, 3: False}  # type: ignore[operator]


def test_the_game_itself_points_to_its_families() -> None:
    from grundy.catalog import load_game
    from grundy.errors import NotSupportedError
    from grundy.reports.export_policy import export_game

    with pytest.raises(NotSupportedError, match=r"export its family 'vertex-geography\(E\)' or "
                                                r"'vertex-geography\(G\)' or 'vertex-geography\(T\)' or "
                                                r"'vertex-geography\(B\)' instead"):
        export_game(load_game("vertex-geography(example=1)"))
