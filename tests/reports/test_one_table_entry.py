"""One table entry point: the command line (``grundy table --json``), the web page's
``/api/table`` and the notebook's :func:`grundy.notebook.table` give the same object for the same
table, because all three call :func:`grundy.reports.table_query.build_table` — heap games, octal
games, a ``@grundy.heap_game`` (with its octal note), a ``@grundy.game`` on pairs with
``minimum=(1, 1)``, misère tables, games on pairs, a family. The values are checked against a
plain mex written here, and every JSON object against the published schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

import grundy
from grundy.engine.search import mex
from grundy.notebook import table as notebook_table
from grundy.reports.table_query import TableKind, TableRequest, build_table, plan_table
from tests.helpers import heap_table, run
from tests.schemas import check

flask = pytest.importorskip("flask", reason="the web page needs Flask: pip install 'grundy[web]'")

from grundy.web.app import create_app  # noqa: E402
from tests.schemas import checked_client  # noqa: E402


def _octal_rules(n: int) -> list[Any]:
    """Take 1, 2 or 4; taking 1 may also split the rest (the rules of octal 4.3303, undeclared)."""
    return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


def _domain_rules(position: tuple[int, int]) -> list[tuple[int, int]]:
    """Take 1 or 2 from one of two piles, each pile keeping at least 1."""
    a, b = position
    return [(a - k, b) for k in (1, 2) if a - k >= 1] + [(a, b - k) for k in (1, 2) if b - k >= 1]


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Any:
    """Two games of our own, registered while this module runs, and unregistered after it (the
    catalogue's conformance test asks every registered game for examples)."""
    from grundy import catalog

    grundy.heap_game("t-one-octal")(_octal_rules)
    grundy.game("t-one-domain", minimum=(1, 1))(_domain_rules)
    yield
    for name in ("t-one-octal", "t-one-domain"):
        catalog.unregister(name)


@pytest.fixture(scope="module")
def client() -> Any:
    return checked_client(create_app())


def _without_time(data: dict[str, Any]) -> dict[str, Any]:
    """The object without how long it took (the one field that may differ between two runs)."""
    data = dict(data)
    data.pop("seconds", None)
    for member in data.get("members", []):
        member.pop("seconds", None)
    return data


def _cli(capsys: pytest.CaptureFixture[str], spec: str, upto: int, *extra: str) -> dict[str, Any]:
    code, out, err = run(capsys, "table", spec, "--upto", str(upto), "--json", *extra)
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return _without_time(data)


def _web(client: Any, spec: str, upto: int) -> dict[str, Any]:
    answer = client.get("/api/table", query_string={"game": spec, "upto": upto})
    assert answer.status_code == 200, answer.get_json()
    return _without_time(answer.get_json())


def _notebook(spec: str, upto: int, misere: bool = False) -> dict[str, Any]:
    data = notebook_table(spec, upto, misere=misere, plot=False).data
    check("table", data, f"notebook table({spec!r}, {upto})")
    return _without_time(data)


def _octal_options(n: int) -> list[tuple[int, ...]]:
    return [(n - k,) for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


def _kayles_options(n: int) -> list[tuple[int, ...]]:
    return [(a, n - k - a) for k in (1, 2) if k <= n for a in range((n - k) // 2 + 1)]


@pytest.mark.parametrize(("spec", "upto", "kind", "options"), [
    ("kayles", 80, TableKind.HEAPS, _kayles_options),
    ("octal(0.6)", 60, TableKind.HEAPS, None),
    ("subtraction(1,3,4)", 40, TableKind.HEAPS, lambda n: [(n - k,) for k in (1, 3, 4) if k <= n]),
    ("t-one-octal", 60, TableKind.HEAPS, _octal_options),
    ("wythoff", 12, TableKind.PAIRS, None),
    ("fibonacci-nim", 8, TableKind.PAIRS, None),
    ("t-one-domain", 7, TableKind.POSITIONS, None),
    ("bash(m=2..5)", 30, TableKind.FAMILY, None),
])
def test_cli_web_and_notebook_give_one_table(client: Any, capsys: pytest.CaptureFixture[str], spec: str,
                                             upto: int, kind: TableKind, options: Any) -> None:
    assert plan_table(TableRequest(spec, upto)).kind is kind
    cli = _cli(capsys, spec, upto)
    assert _web(client, spec, upto) == cli
    assert _notebook(spec, upto) == cli
    if options is not None:  # the values themselves, by a plain mex written here
        assert cli["values"] == heap_table(upto, options)


def test_a_heap_game_of_your_own_has_its_octal_note_everywhere(client: Any,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    cli = _cli(capsys, "t-one-octal", 60)
    assert "agree with octal 4.3303 on heaps ≤ 60" in cli["octal_note"]
    assert _web(client, "t-one-octal", 60)["octal_note"] == cli["octal_note"]
    assert _notebook("t-one-octal", 60)["octal_note"] == cli["octal_note"]
    assert "agree with octal 4.3303" in notebook_table("t-one-octal", 60, plot=False)._repr_html_()


def test_a_game_on_pairs_with_a_domain_is_tabulated_everywhere(client: Any,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    upto = 7
    g: dict[tuple[int, int], int] = {}  # plain mex on the domain a, b >= 1
    for a in range(1, upto + 1):
        for b in range(1, upto + 1):
            g[a, b] = mex({g[o] for o in _domain_rules((a, b))})
    want = [[g.get((a, b)) for b in range(upto + 1)] for a in range(upto + 1)]
    assert _cli(capsys, "t-one-domain", upto)["values"] == want
    assert _web(client, "t-one-domain", upto)["values"] == want
    html = notebook_table("t-one-domain", upto)._repr_html_()  # blank cells; no picture of a blank grid
    assert "<td></td>" in html and "data:image/png" not in html


def test_misere_tables_agree(capsys: pytest.CaptureFixture[str]) -> None:
    for spec, upto in (("subtraction(1,2)", 30), ("kayles", 12), ("t-one-octal", 10)):
        cli = _cli(capsys, spec, upto, "--misere")
        assert _notebook(spec, upto, misere=True) == cli
        misere: list[int] = []  # subtraction(1,2): 1 at the end, then the mex of the options
        if spec == "subtraction(1,2)":
            for n in range(upto + 1):
                misere.append(mex(misere[n - k] for k in (1, 2) if k <= n) if n else 1)
            assert cli["misere_values"] == misere


def test_refusals_are_the_same_everywhere(client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "table", "ruler", "--upto", "10", "--json")
    assert code == 2 and "not played on heaps" in err
    answer = client.get("/api/table", query_string={"game": "ruler", "upto": 10})
    assert answer.status_code == 422 and "not played on heaps" in answer.get_json()["error"]
    with pytest.raises(grundy.GrundyError, match="not played on heaps"):
        notebook_table("ruler", 10)


def test_the_library_refuses_options_in_its_own_words(capsys: pytest.CaptureFixture[str]) -> None:
    refusal = r"^plot='x.png' does not apply to misere=True tables$"
    with pytest.raises(grundy.InvalidInputError, match=refusal):
        build_table(TableRequest("nim", 10, misere=True, plot="x.png"))
    code, _, err = run(capsys, "table", "nim", "--misere", "--plot", "x.png")
    assert code == 2 and "--plot 'x.png' does not apply to --misere tables" in err
    with pytest.raises(grundy.InvalidInputError, match="a family of games takes upto=, summary= and "):
        build_table(TableRequest("bash(m=2..5)", 10, limit=5))


def test_the_text_is_the_command_lines(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["kayles", "--upto", "40"], ["wythoff", "--upto", "6"], ["t-one-domain", "--upto", "5"],
                 ["nim", "--misere", "--upto", "12"]):
        code, out, _ = run(capsys, "table", *argv)
        request = TableRequest(argv[0], int(argv[argv.index("--upto") + 1]), misere="--misere" in argv)
        lines = build_table(request).text_lines()
        strip = [line for line in out.splitlines() if not line.startswith("  computed in")]
        assert code == 0 and strip == [line for line in lines if not line.startswith("  computed in")]


def test_pictures_come_from_the_library(tmp_path: Any) -> None:
    pytest.importorskip("matplotlib")
    for spec in ("kayles", "wythoff"):
        built = build_table(TableRequest(spec, 20))
        picture = built.png()
        assert picture is not None and picture.startswith(b"\x89PNG")
        built.draw(str(tmp_path / f"{spec}.png"))
        assert (tmp_path / f"{spec}.png").read_bytes().startswith(b"\x89PNG")
    assert build_table(TableRequest("nim", 10, misere=True)).png() is None


def test_the_notebook_and_the_web_page_do_not_import_the_command_line() -> None:
    import ast
    from pathlib import Path

    root = Path(grundy.__file__).parent
    for path in [root / "notebook.py", *sorted((root / "web").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not [n for n in names if n == "grundy.cli" or n.startswith("grundy.cli.")], path
