"""Small HTML pieces for notebooks (``_repr_html_``): every text escaped, inline styles only (a
notebook strips ``<style>`` blocks in some viewers), no scripts.

>>> print(values_html([0, 1, 0, 2], per_row=2))  # doctest: +ELLIPSIS
<table ...><tr><th>n</th><th>+0</th><th>+1</th></tr><tr><th>0</th><td ...>0</td><td ...>1</td></tr>...
>>> escape("<b> & 'x'")
'&lt;b&gt; &amp; &#x27;x&#x27;'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from grundy.model.laws import Status

TABLE = 'style="border-collapse:collapse;font-family:monospace;font-size:12px"'
SHOWN_VALUES = 2_000
"""Values drawn in a notebook table (the rest is counted, not drawn)."""
SHOWN_SIDE = 64
"""Rows and columns of a pair table drawn as a heat map."""


def escape(text: object) -> str:
    """``str(text)`` safe inside HTML."""
    return html.escape(str(text), quote=True)


def colour(value: int, largest: int) -> tuple[str, str]:
    """Background and text colour of a value in a heat map (0, the P-positions, dark)."""
    if value == 0:
        return "#1d2330", "#ffffff"
    share = value / max(largest, 1)
    return f"hsl({210 - round(190 * share)},70%,{72 - round(20 * share)}%)", "#111111"


def cell(value: int | None, largest: int) -> str:
    """One heat-map cell (blank for ``None``: not a position of the game)."""
    if value is None:
        return "<td></td>"
    background, text = colour(value, largest)
    return (f'<td style="background:{background};color:{text};text-align:center;min-width:1.6em;'
            f'padding:0 2px">{value}</td>')


def values_html(values: Sequence[int | None], per_row: int = 20) -> str:
    """``G(0), G(1), …`` as rows of ``per_row`` coloured cells, the first heap of each row in front
    (``None``: a blank cell)."""
    shown = list(values[:SHOWN_VALUES])
    largest = max((v for v in shown if v is not None), default=0)
    head = "<tr><th>n</th>" + "".join(f"<th>+{i}</th>" for i in range(per_row)) + "</tr>"
    rows = [f"<tr><th>{start}</th>" + "".join(cell(v, largest) for v in shown[start:start + per_row])
            + "</tr>" for start in range(0, len(shown), per_row)]
    more = (f"<p>… {len(values) - SHOWN_VALUES:,} more values</p>" if len(values) > SHOWN_VALUES else "")
    return f"<table {TABLE}>{head}{''.join(rows)}</table>{more}"


def grid_html(grid: Sequence[Sequence[int | None]]) -> str:
    """The heat map of ``G(a, b)``: rows ``a``, columns ``b``, P-positions dark (``None``: a
    blank cell, outside the game's domain)."""
    rows = [list(r[:SHOWN_SIDE]) for r in grid[:SHOWN_SIDE]]
    largest = max((v for r in rows for v in r if v is not None), default=0)
    columns = len(rows[0]) if rows else 0
    head = "<tr><th>a\\b</th>" + "".join(f"<th>{b}</th>" for b in range(columns)) + "</tr>"
    body = "".join(f"<tr><th>{a}</th>" + "".join(cell(v, largest) for v in r) + "</tr>"
                   for a, r in enumerate(rows))
    cut = f"<p>(the first {SHOWN_SIDE} rows and columns)</p>" if len(grid) > SHOWN_SIDE else ""
    return f"<table {TABLE}>{head}{body}</table>{cut}"


def facts_html(rows: Iterable[tuple[str, Any]]) -> str:
    """Name–value rows, escaped."""
    body = "".join(f'<tr><th style="text-align:left;padding-right:1em">{escape(k)}</th>'
                   f'<td style="text-align:left">{escape(v)}</td></tr>' for k, v in rows)
    return f"<table>{body}</table>"


def badge(status: Status | str) -> str:
    """A coloured ``proved`` / ``conjecture`` label (a :class:`~grundy.model.laws.Status`, or
    its value read back from JSON)."""
    background = "#136c2e" if status == Status.PROVED else "#b06f00"
    return (f'<span style="background:{background};color:#fff;border-radius:4px;padding:0 4px;'
            f'font-size:11px;font-weight:bold">{escape(status)}</span>')


def image_html(png: bytes, alt: str) -> str:
    """A PNG inline (base64)."""
    import base64

    return f'<img alt="{escape(alt)}" src="data:image/png;base64,{base64.b64encode(png).decode()}">'


def solution_html(summary: Any) -> str:
    """An answer as a compact table and its winning moves, rendered from the
    :class:`~grundy.solving.writers.Summary` the text writer renders too (the same facts, the same
    words: :meth:`~grundy.solving.solve.Solution._repr_html_`)."""
    s = summary
    rows: list[tuple[str, Any]] = [("outcome", f"{s.outcome}-position, {s.verdict}"), ("grundy", s.grundy)]
    if s.note:
        rows.append(("note", s.note))
    rows.append(("why", s.why.text))
    if s.remoteness is not None:
        rows.append(("moves", f"{s.remoteness} to the end (remoteness: the winner hurries, the loser "
                              f"delays)"))
    items = "".join(f"<li>{escape(label)}</li>" if to is None else
                    f"<li>{escape(label)}   ⇒  {escape(to)}</li>" for label, to in s.moves)
    if s.more > 0:
        items += f"<li>… and {s.more} more</li>"
    heading = (f"winning moves ({s.count}):" if s.listed else
               f"winning moves ({s.count} listed, not all: see the note):")
    listed = (f"<p>{escape(heading)}</p><ul>{items}</ul>" if s.count
              else "<p>winning moves: none</p>" if s.listed
              else "<p>winning moves: not listed (too many; see the note)</p>")
    title = f"<b>{escape(s.spec)}</b> {escape(s.position)}" + (" (misère)" if s.misere else "")
    return f"<div>{title}{facts_html(rows)}{listed}</div>"
