"""Tables for notebooks: :func:`table` computes what ``grundy table GAME --upto N --json`` prints
(``--misere`` too), by the same :func:`grundy.reports.table_query.build_table`, and shows it in
Jupyter as HTML — the values coloured (a pair table as its heat map), the period (proved or
observed), the patterns with their status, the genus of misère play, and the command line's plot
as an image when matplotlib is installed.

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
from typing import TYPE_CHECKING, Any

from grundy.model.game import Game
from grundy.model.html import badge, escape, facts_html, grid_html, image_html, values_html

if TYPE_CHECKING:
    from grundy.reports.table_query import Table as BuiltTable

MAX_MISERE_UPTO = 2_000
"""Largest misère table computed here (brute force within the usual budget)."""


@dataclass(frozen=True)
class Table:
    """A table and its analysis: :attr:`data` is the command line's JSON object, :attr:`built`
    the library's table (:func:`grundy.reports.table_query.build_table`) it renders."""

    game: Game | None
    data: dict[str, Any]
    plot: bool = True
    built: BuiltTable | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``grundy table --json`` object."""
        return self.data

    def _repr_html_(self) -> str:
        data = self.data
        title = self.game.spec if self.game is not None else data.get("family", "")
        parts = [f"<b>{escape(title)}</b>"]
        if data.get("misere"):
            parts.append(self._misere_html())
        elif "members" in data:
            parts.append(f"<p>{len(data['members'])} members over {escape(data['parameter'])}</p>")
        elif data.get("values") and isinstance(data["values"][0], list):
            parts.append(f"<p>G(a, b) for 0 ≤ a, b ≤ {data['upto']} (rows a, columns b; dark: "
                         f"P-positions)</p>{grid_html(data['values'])}")
        elif "max" in data:
            parts.append(f"<p>G(0..{data['upto']:,}): {escape(_period(data, data['upto']))}; largest "
                         f"value {data['max']}</p>{values_html(data.get('values', []))}")
            if data.get("octal_note"):
                parts.append(f"<p>{escape(data['octal_note'])}</p>")
        else:
            parts.append(f"<p>G(0..{data['upto']:,})</p>{values_html(data.get('values', []))}")
        patterns = data.get("patterns", [])
        if patterns:
            parts.append("<p>patterns:</p><ul>" + "".join(
                f"<li>{badge(p['status'])} {escape(p['text'])}</li>" for p in patterns) + "</ul>")
        elif not data.get("misere") and "patterns" in data:
            parts.append("<p>patterns: none found</p>")
        picture = self.png() if self.plot else None
        if picture is not None:
            title = self.game.spec if self.game is not None else "the family"
            parts.append(image_html(picture, f"plot of the table of {title}"))
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
        tables that have no picture: misère tables, families, grids with blank cells)."""
        return None if self.built is None else self.built.png()


def _period(found: dict[str, Any], upto: int) -> str:
    if not found.get("period"):
        return f"no period found in G(0..{upto})"
    text = f"period {found['period']} from heap {found['preperiod']}"
    if found.get("saltus"):
        text += f", saltus {found['saltus']}"
    return text + (f" (proved: {found['reason']})" if found.get("proved") else
                   f" (observed up to {upto}, not proved)")


def table(game: str | Game, upto: int = 100, *, misere: bool = False, plot: bool = True) -> Table:
    """The table of ``game`` (a spec such as ``"kayles"``, a family ``"subtraction(k=1..5)"``,
    or a :class:`Game`) up to ``upto``, as ``grundy table GAME --upto N --json`` has it: heap
    values, ``G(a, b)`` for games on pairs, a game of your own's positions (blank outside its
    domain); ``misere=True``: misère values and genus (up to :data:`MAX_MISERE_UPTO` here).

    >>> table("wythoff", 3, plot=False).data["values"][1]
    [1, 2, 0, 4]
    """
    from grundy.reports.table_query import TableRequest, build_table

    if misere and not 0 <= upto <= MAX_MISERE_UPTO:
        from grundy.errors import InvalidInputError

        raise InvalidInputError(f"misère tables here go up to {MAX_MISERE_UPTO:,}, got {upto!r}")
    built = build_table(TableRequest(game, upto, misere=misere))
    return Table(built.game, built.to_json(), plot, built)
