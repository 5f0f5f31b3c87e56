"""Graph input files and the command line of the games on graphs (--graph, --ground, --plot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy.errors import InvalidInputError
from grundy.games.graphs.fileio import parse_edge_list, parse_json_graph, read_graph
from tests.cli.test_cli import run, solve_json


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    texts = {
        "loop.txt": "# x and y chase each other; y may escape to z\nx y\ny x\ny z\n",
        "dag.txt": "a b\na c\nb c\n",
        "tree.json": json.dumps({"edges": [["g", "a"], ["a", "b"], ["a", "c"], ["c", "c"]], "ground": "g"}),
        "square.txt": "0 1\n1 2\n2 3\n3 0\n0 4\n",
        "bad_line.txt": "a b\n\nc d e\n",
        "bad.json": '{"edges": [[1, 2],\n [3]]}',
        "broken.json": '{"edges": [[1, 2],\n ',
    }
    out = {}
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
        out[name] = str(tmp_path / name)
    return out


def test_loopy_json_contract(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    data = solve_json(capsys, "digraph", "--graph", files["loop.txt"], "x")
    assert data["outcome"] == "P" and data["grundy"] == 0  # x must move to y, then y → z wins
    data = solve_json(capsys, "digraph", "--graph", files["loop.txt"], "y")
    assert data["outcome"] == "N" and data["grundy"] == 1
    data = solve_json(capsys, "digraph", "--graph", files["loop.txt"], "x", "x")
    assert data["grundy"] == 0 and data["outcome"] == "P"
    (Path(files["loop.txt"]).parent / "cycle.txt").write_text("p q\nq p\nq r\nr r\n")
    cycle = str(Path(files["loop.txt"]).parent / "cycle.txt")
    data = solve_json(capsys, "digraph", "--graph", cycle, "p")
    assert data["outcome"] == "D" and data["winner"] == "neither" and data["grundy"] == "inf()"
    data = solve_json(capsys, "digraph", "--graph", cycle, "q")
    assert data["outcome"] == "D" and data["grundy"] == "inf()"
    code, out, _ = run(capsys, "solve", "digraph", "--graph", cycle, "p")
    assert code == 0 and "D-position, a draw" in out


def test_dag_and_every_winning_move_is_valid_input(capsys: pytest.CaptureFixture[str],
                                                   files: dict[str, str]) -> None:
    data = solve_json(capsys, "digraph", "--graph", files["dag.txt"], "a", "a", "b")
    assert data["grundy"] == 2 ^ 2 ^ 1
    for move in data["winning_moves"]:  # type: ignore[union-attr]
        after = solve_json(capsys, "digraph", "--graph", files["dag.txt"], *move["to"].split())
        assert after["outcome"] == "P"


def test_hackenbush_cli(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    data = solve_json(capsys, "green-hackenbush", "--graph", files["tree.json"])
    assert data["position"] == "all" and data["grundy"] == 1 + (1 ^ 2)
    data = solve_json(capsys, "green-hackenbush", "--graph", files["square.txt"], "--ground", "0")
    assert data["grundy"] == 0 ^ 1 and data["outcome"] == "N"
    for move in data["winning_moves"]:  # type: ignore[union-attr]
        after = solve_json(capsys, "hackenbush", "--graph", files["square.txt"], "--ground", "0",
                           *move["to"].split())
        assert after["outcome"] == "P"
    data = solve_json(capsys, f"green-hackenbush(graph={files['square.txt']},ground=0)", "all", "-4")
    assert data["outcome"] == "P"


@pytest.mark.slow
def test_plot(capsys: pytest.CaptureFixture[str], files: dict[str, str], tmp_path: Path) -> None:
    for argv in (["digraph", "--graph", files["loop.txt"], "x", "y"],
                 ["green-hackenbush", "--graph", files["square.txt"], "--ground", "0"]):
        png = tmp_path / "out.png"
        code, _, err = run(capsys, "solve", *argv, "--plot", str(png))
        assert code == 0, err
        assert png.read_bytes()[:4] == b"\x89PNG"
        png.unlink()


@pytest.mark.parametrize(("argv", "needle"), [
    (["digraph", "--graph", "{bad_line.txt}", "a"], "bad_line.txt:3: expected an edge 'u v'"),
    (["digraph", "--graph", "{bad.json}", "1"], "edges[1] must be a pair"),
    (["digraph", "--graph", "{broken.json}", "1"], "broken.json:2: invalid JSON"),
    (["digraph", "--graph", "{dag.txt}", "q"], "unknown token vertex 'q'"),
    (["digraph", "--graph", "{dag.txt}"], "at least one token"),
    (["digraph", "--graph", "{dag.txt}", "--ground", "a", "a"], "--ground applies to green-hackenbush"),
    (["green-hackenbush", "--graph", "{square.txt}"], "needs a ground vertex"),
    (["green-hackenbush", "--graph", "{square.txt}", "--ground", "0", "17"], "'17' is not an edge id"),
    (["green-hackenbush", "--graph", "/no/such/file.txt", "--ground", "0"], "cannot read graph file"),
    (["nim", "--graph", "{dag.txt}", "3"], "apply to games on graphs"),
    (["digraph", "--graph", "{dag.txt}", "a", "+", "nim", "3"], "write the graph game as a spec"),
    (["digraph", "a"], "digraph needs a graph"),
    (["digraph(example=7)", "a"], "no such example"),
    (["nim", "3", "--plot", "/tmp/x.png"], "--plot draws games on graphs"),
    (["digraph", "--graph", "{dag.txt}", "a", "--plot", "/no/such/dir/x.png"], "cannot write"),
])
def test_bad_graph_input_is_one_line(capsys: pytest.CaptureFixture[str], files: dict[str, str],
                                     argv: list[str], needle: str) -> None:
    argv = [files[a[1:-1]] if a.startswith("{") else a for a in argv]
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("grundy: error: ") and needle in err, err


def test_readers_directly(files: dict[str, str]) -> None:
    assert read_graph(files["tree.json"]).ground == "g"
    assert parse_edge_list("a b # c d\n").edges.tolist() == [[0, 1]]
    with pytest.raises(InvalidInputError, match="bad vertex name"):
        parse_edge_list("a,b c\n")
    with pytest.raises(InvalidInputError, match="unknown key"):
        parse_json_graph('{"edges": [], "grund": 1}')
    assert parse_json_graph('{"edges": [[1, 2]], "ground": 3}').ground == "3"  # a floor on no edge
    with pytest.raises(InvalidInputError, match="string or an integer"):
        parse_json_graph('{"edges": [[1, true]]}')


def test_big_numeric_edge_lists_read_fast_and_the_same() -> None:
    import random

    rng = random.Random(2)
    lines = [f"{rng.randrange(50_000)} {rng.randrange(50_000)}" for _ in range(20_000)]
    text = "\n".join(lines) + "\n"
    fast = parse_edge_list(text)
    slow = parse_edge_list("# comment: the line-by-line reader\n" + text)
    assert len(fast.vertices) == len(slow.vertices)
    assert [(fast.vertices[u], fast.vertices[v]) for u, v in fast.edges.tolist()] == \
        [(slow.vertices[u], slow.vertices[v]) for u, v in slow.edges.tolist()]
    for bad, lineno in (("7\n", 20_001), ("1 2 3\n", 20_001), ("4 5\n\n6\n", 20_003)):
        with pytest.raises(InvalidInputError, match=f"<text>:{lineno}: expected an edge"):
            parse_edge_list(text + bad)
    assert "07" in parse_edge_list(text + "07 7\n").vertices  # '07' and '7' are different names
