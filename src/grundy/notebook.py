"""Tables for notebooks: :func:`table` computes what ``grundy table GAME --upto N --json`` prints
(``--misere`` too) and shows it in Jupyter as HTML — the values coloured (a pair table as its
heat map), the period (proved or observed), the patterns with their status, the genus of misère
play, and the command line's plot as an image when matplotlib is installed.

:class:`~grundy.solving.solve.Solution`, games, :class:`~grundy.tables.analysis.TableAnalysis`
and patterns have their own ``_repr_html_``; ``docs/tour.ipynb`` shows them all.

>>> t = table("subtraction(1,3,4)", 30)
>>> t.data["period"], [p["status"] for p in t.data["patterns"]]
(7, ['proved', 'proved'])
>>> "period 7" in t._repr_html_()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.model.game import Game
from grundy.model.html import badge, escape, facts_html, grid_html, image_html, values_html

MAX_MISERE_UPTO = 2_000
"""Largest misère table computed here (brute force within the usual budget)."""


@dataclass(frozen=True)
class Table:
    """A table and its analysis: :attr:`data` is the command line's JSON object."""

    game: Game
    data: dict[str, Any]
    plot: bool = True

    def to_json(self) -> dict[str, Any]:
        """The ``grundy table --json`` object."""
        return self.data

    def _repr_html_(self) -> str:
        data = self.data
        parts = [f"<b>{escape(self.game.spec)}</b>"]
        if data.get("misere"):
            parts.append(self._misere_html())
        elif data["values"] and isinstance(data["values"][0], list):
            parts.append(f"<p>G(a, b) for 0 ≤ a, b ≤ {data['upto']} (rows a, columns b; dark: "
                         f"P-positions)</p>{grid_html(data['values'])}")
        else:
            parts.append(f"<p>G(0..{data['upto']:,}): {escape(_period(data, data['upto']))}; largest "
                         f"value {data['max']}</p>{values_html(data['values'])}")
        patterns = data.get("patterns", [])
        if patterns:
            parts.append("<p>patterns:</p><ul>" + "".join(
                f"<li>{badge(p['status'])} {escape(p['text'])}</li>" for p in patterns) + "</ul>")
        elif not data.get("misere"):
            parts.append("<p>patterns: none found</p>")
        picture = self.png() if self.plot else None
        if picture is not None:
            parts.append(image_html(picture, f"plot of the table of {self.game.spec}"))
        return "<div>" + "".join(parts) + "</div>"

    def _misere_html(self) -> str:
        data = self.data
        found = data["periodicity"]
        period = _period(found, data["upto"]) if found else f"no period found in m(0..{data['upto']})"
        genus = [(f"genus of {n}", "".join(map(str, g[:1])) + "^" + "".join(map(str, g[1:])))
                 for n, g in enumerate(data["genus"][:12])]
        return (f"<p>misère values m(0..{data['upto']:,}): {escape(period)}</p>"
                f"{values_html(data['misere_values'])}{facts_html(genus)}")

    def png(self) -> bytes | None:
        """The command line's ``--plot`` picture of the table (``None`` without matplotlib, and for
        misère tables, which have no plot)."""
        if self.data.get("misere"):
            return None
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return None
        import os
        import tempfile

        from grundy.cli.table import plot_grid, plot_table
        from grundy.tables.analysis import analyze

        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "table.png")
            values = self.data["values"]
            if values and isinstance(values[0], list):
                plot_grid(self.game.spec, values, path)
            else:
                plot_table(analyze(self.game, self.data["upto"]), path)
            with open(path, "rb") as handle:
                return handle.read()


def _period(found: dict[str, Any], upto: int) -> str:
    if not found.get("period"):
        return f"no period found in G(0..{upto})"
    text = f"period {found['period']} from heap {found['preperiod']}"
    if found.get("saltus"):
        text += f", saltus {found['saltus']}"
    return text + (f" (proved: {found['reason']})" if found.get("proved") else
                   f" (observed up to {upto}, not proved)")


def table(game: str | Game, upto: int = 100, *, misere: bool = False, plot: bool = True) -> Table:
    """The table of ``game`` (a spec such as ``"kayles"`` or a :class:`Game`) up to ``upto``:
    heap values, or ``G(a, b)`` for games on pairs; ``misere=True``: misère values and genus.

    >>> table("wythoff", 3, plot=False).data["values"][1]
    [1, 2, 0, 4]
    """
    from grundy.catalog import load_game

    if isinstance(game, str):
        game = load_game(game)
    if misere:
        from grundy.engine.search import DEFAULT_LIMIT
        from grundy.errors import InvalidInputError
        from grundy.model.game import HeapGame

        if not isinstance(game, HeapGame):
            raise InvalidInputError(f"misère tables are of heap games, and {game.spec!r} is not one")
        if not 0 <= upto <= MAX_MISERE_UPTO:
            raise InvalidInputError(f"misère tables here go up to {MAX_MISERE_UPTO:,}, got {upto!r}")
        from grundy.tables.misere_table import analyze_misere

        return Table(game, analyze_misere(game, upto, limit=DEFAULT_LIMIT).to_json(), plot)
    from grundy.reports.tables import table_json

    return Table(game, table_json(game, upto), plot)
