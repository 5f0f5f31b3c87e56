"""Reports of a survey database: a text table, Markdown, JSON rows and a period/preperiod plot.

A game recorded as equivalent to another is reported with the other's results (and says so).
Periods of unproved games are the periods *observed* in their table: the status says
"conjecture, checked up to N".

>>> row = {"game": "octal(0.07)", "upto": 300, "period": 34, "preperiod": 53, "saltus": 0,
...        "proved": True, "max_value": 9, "rare_count": 17, "equivalent_to": None}
>>> status(row)
'proved'
>>> print(format_text([row]))  # doctest: +NORMALIZE_WHITESPACE
game         period  preperiod  max  rare  status
octal(0.07)      34         53    9    17  proved
1 game: 1 proved, 0 conjectures, 0 not computed
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grundy.errors import NotSupportedError
from grundy.survey.codes import sort_key
from grundy.survey.database import Store

JSON_KEYS = ("game", "upto", "period", "preperiod", "saltus", "proved", "max_value", "rare_count",
             "reason", "equivalent_to", "rule", "computed", "resumed_from", "seconds", "method",
             "version", "frequencies")
"""The keys of every row of ``grundy survey report --json`` (``None`` where unknown)."""


def load_rows(db: str | Path) -> list[dict[str, Any]]:
    """Every game of the database ``db`` in report order, equivalents resolved to their results."""
    store = Store(db, create=False)
    try:
        stored = store.rows()
    finally:
        store.close()
    rows = []
    for spec in sorted(stored, key=sort_key):
        own = stored[spec]
        source = stored.get(own["equivalent_to"]) if own["equivalent_to"] else own
        computed = source is not None and source["upto"] is not None
        row: dict[str, Any] = {key: (source or {}).get(key) if computed else None for key in JSON_KEYS}
        row.update(game=spec, equivalent_to=own["equivalent_to"], rule=own["rule"])
        if computed:
            assert source is not None
            row["proved"] = bool(source["proved"])
            row["frequencies"] = json.loads(source["frequencies"]) if source["frequencies"] else None
        rows.append(row)
    return rows


def status(row: dict[str, Any]) -> str:
    """``proved``, ``conjecture, checked up to N`` or ``not computed``."""
    if row["upto"] is None:
        return "not computed"
    if row["proved"]:
        return "proved"
    return f"conjecture, checked up to {row['upto']:,}"


def _cells(row: dict[str, Any], saltus: bool) -> list[str]:
    def show(value: Any) -> str:
        return "-" if value is None else str(value)

    cells = [row["game"], show(row["period"]), show(row["preperiod"])]
    if saltus:
        cells.append(show(row["saltus"]))
    cells += [show(row["max_value"]), show(row["rare_count"]), status(row)]
    if row["equivalent_to"]:
        cells.append(f"= {row['equivalent_to']}")
    return cells


def _headers(rows: list[dict[str, Any]]) -> tuple[list[str], bool]:
    saltus = any(r["saltus"] for r in rows)
    headers = ["game", "period", "preperiod", *(["saltus"] if saltus else []), "max", "rare", "status"]
    if any(r["equivalent_to"] for r in rows):
        headers.append("same game as")
    return headers, saltus


def _counts(rows: list[dict[str, Any]]) -> str:
    proved = sum(1 for r in rows if r["proved"])
    missing = sum(1 for r in rows if r["upto"] is None)
    return f"{proved:,} proved, {len(rows) - proved - missing:,} conjectures, {missing:,} not computed"


def counts_line(rows: list[dict[str, Any]]) -> str:
    """``N games: a proved, b conjectures, c not computed``, and the same over distinct games."""
    line = f"{len(rows):,} game{'s' if len(rows) != 1 else ''}: {_counts(rows)}"
    distinct = [r for r in rows if not r["equivalent_to"]]
    if len(distinct) < len(rows):
        line += (f"; {len(distinct):,} distinct games ({_counts(distinct)}), the other "
                 f"{len(rows) - len(distinct):,} recorded as the same game as one of them")
    return line


def format_text(rows: list[dict[str, Any]]) -> str:
    """An aligned text table and a line of counts."""
    headers, saltus = _headers(rows)
    body = [_cells(r, saltus) for r in rows]
    widths = [max(len(line[i]) for line in [headers, *body] if i < len(line)) for i in range(len(headers))]
    numeric = {h for h in headers if h in ("period", "preperiod", "saltus", "max", "rare")}

    def line(cells: list[str]) -> str:
        out = [c.rjust(w) if h in numeric else c.ljust(w)
               for c, w, h in zip(cells, widths, headers, strict=False)]
        return "  ".join(out).rstrip()

    return "\n".join([line(headers), *(line(c) for c in body), counts_line(rows)])


def format_markdown(rows: list[dict[str, Any]]) -> str:
    """A Markdown table and a line of counts."""
    headers, saltus = _headers(rows)
    lines = ["| " + " | ".join(headers) + " |",
             "|" + "|".join("---:" if h in ("period", "preperiod", "saltus", "max", "rare") else "---"
                            for h in headers) + "|"]
    for r in rows:
        cells = _cells(r, saltus)
        cells += [""] * (len(headers) - len(cells))
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join([*lines, "", counts_line(rows)])


def format_json(rows: list[dict[str, Any]]) -> str:
    """The rows as a JSON list (keys :data:`JSON_KEYS`)."""
    return json.dumps(rows, ensure_ascii=False)


def plot(rows: list[dict[str, Any]], path: str | Path) -> int:
    """Draw preperiod against period (log scales) for every computed game with a period; return how many.

    Games recorded as equivalent to another are drawn once (as their representative).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NotSupportedError("drawing the plot needs matplotlib: pip install matplotlib (or, from "
                                "a checkout of grundy, pip install '.[plot]')") from None
    shown = [r for r in rows if r["period"] is not None and not r["equivalent_to"]]
    fig, ax = plt.subplots(figsize=(7, 5))
    styles: tuple[tuple[bool, dict[str, Any], str], ...] = (
        (True, {"color": "tab:blue"}, "proved"),
        (False, {"facecolors": "none", "edgecolors": "tab:red"}, "conjecture (observed in the table)"))
    for proved, style, label in styles:
        points = [r for r in shown if bool(r["proved"]) == proved]
        if points:
            ax.scatter([r["period"] for r in points], [r["preperiod"] for r in points], s=14,
                       label=f"{label}: {len(points)}", **style)
    ax.set_xscale("log")
    ax.set_yscale("symlog", linthresh=1)  # preperiods may be 0
    if shown:
        ax.set_xlim(0.7, 1.5 * max(r["period"] for r in shown))
        ax.set_ylim(0, 2 * max(r["preperiod"] for r in shown) + 1)
        ax.legend(loc="lower right")
    ax.set_xlabel("period")
    ax.set_ylabel("preperiod (0, then logarithmic)")
    ax.set_title(f"{len(shown)} games with a period")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return len(shown)
