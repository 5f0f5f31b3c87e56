"""Notebook output: the ``_repr_html_`` of answers, games, tables and patterns shows the computed
numbers (checked here against an independent brute force), and ``docs/tour.ipynb`` runs from top
to bottom in a real kernel (skipped, with the reason, only when no kernel can start)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grundy.catalog import load_game
from grundy.engine.search import mex
from grundy.notebook import table
from grundy.solving.solve import solve
from grundy.tables.analysis import analyze
from tests.helpers import brute_value

TOUR = Path(__file__).resolve().parents[2] / "docs" / "tour.ipynb"


def _cells(html: str) -> list[int]:
    return [int(v) for v in re.findall(r"<td style=\"background:[^\"]*\">(\d+)</td>", html)]


def test_solution_html() -> None:
    nim = load_game("nim")
    html = solve(nim, (3, 4, 5), remoteness=True)._repr_html_()
    assert "N-position" in html and "heap 1: take 2: 3 → 1" in html and ">2<" in html
    assert "<script" not in html
    game = load_game("subtraction(1,2)")
    lost = solve(game, (3,))._repr_html_()
    assert "P-position" in lost and "winning moves: none" in lost


@pytest.mark.parametrize(("spec", "position", "misere"), [
    ("nim", (3, 4, 5), False), ("subtraction(1,2)", (3,), False), ("nim", tuple(range(1, 200)), False),
    pytest.param("kayles", (10**18,), True, marks=pytest.mark.slow),
    ("subtraction(1,3,4)", (9, 4), True), ("grundy-game", (9, 7), False)])
def test_solution_html_says_what_the_text_says(spec: str, position: tuple[int, ...], misere: bool) -> None:
    """The notebook's HTML is rendered from the structure the text writer renders: every line of
    the text (but its labels and layout) is in the page, the same words."""
    import html

    from grundy.solving.writers import text_lines

    answer = solve(load_game(spec), position, misere=misere, remoteness=not misere)
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer._repr_html_())).split())
    lines = text_lines(answer)
    said = [lines[0].split("  ", 1)[1].replace("  (misère)", "")]  # the position
    for line in lines[1:]:
        head, _, rest = line.strip().partition(": ")
        if line.startswith("    "):  # a winning move (its label, and where it leads)
            said.append(line.strip())
        elif head in ("outcome", "why", "moves"):
            said.append(rest.strip())
        elif head == "grundy":
            value, _, note = rest.strip().partition("  (")
            said += [value] + ([note[:-1]] if note else [])
    for text in said:
        assert " ".join(text.split()) in page, text
    assert ("(misère)" in page) is misere and "<script" not in answer._repr_html_()


def test_heap_table_html_is_the_brute_force_table() -> None:
    game = load_game("subtraction(1,3,4)")
    t = table(game, 45, plot=False)
    html = t._repr_html_()
    assert _cells(html) == [brute_value(game, (n,)) for n in range(46)]
    assert "period 7 from heap 0 (proved" in html and html.count(">proved<") == 2
    assert _cells(analyze(game, 45)._repr_html_()) == _cells(html)


def test_pair_table_heat_map_and_conjectures() -> None:
    game = load_game("wythoff")
    html = table(game, 15, plot=False)._repr_html_()
    grid: dict[tuple[int, int], int] = {}  # Wythoff by hand: take from one heap, or equally from both
    for a in range(16):
        for b in range(16):
            options = {grid[a - k, b] for k in range(1, a + 1)} | {grid[a, b - k] for k in range(1, b + 1)}
            options |= {grid[a - k, b - k] for k in range(1, min(a, b) + 1)}
            grid[a, b] = mex(options)
    assert _cells(html) == [grid[a, b] for a in range(16) for b in range(16)]
    assert ">conjecture<" in html and ">proved<" not in html
    assert html.count("background:#1d2330") == sum(v == 0 for v in grid.values())
    assert brute_value(game, (3, 5)) == grid[3, 5] == 0


def test_misere_table_html_and_its_plot() -> None:
    game = load_game("subtraction(1,2)")
    html = table(game, 14, misere=True)._repr_html_()
    misere: list[int] = []  # misère values: 1 at the end, then the mex of the options' values
    for n in range(15):
        misere.append(mex(misere[n - k] for k in (1, 2) if k <= n) if n else 1)
    assert _cells(html) == misere and "genus of 0" in html
    pytest.importorskip("matplotlib")
    assert "data:image/png;base64," in table(game, 30)._repr_html_()


def test_escaping() -> None:
    from grundy.model.html import facts_html

    assert "<x>" not in facts_html([("a<x>", "<x>")])


def test_the_tour_notebook_runs() -> None:
    nbformat = pytest.importorskip("nbformat", reason="needs nbformat (test extras)")
    nbclient = pytest.importorskip("nbclient", reason="needs nbclient (test extras)")
    notebook = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(TOUR.parent)}})
    try:
        client.execute()
    except (nbclient.exceptions.CellExecutionError, nbclient.exceptions.CellTimeoutError):
        raise
    except Exception as exc:  # no kernel could start (none installed, no ports): not this test's subject
        if client.kc is None or "kernel" in str(exc).lower():
            pytest.skip(f"a Jupyter kernel could not start: {exc}")
        raise
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if o.output_type == "execute_result"]
    assert len(html) == 7 and any("period 7" in h for h in html)
