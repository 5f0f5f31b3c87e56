"""MkDocs hooks of the grundy docs site (``mkdocs.yml``: ``hooks:``).

* The notebook tour, ``docs/tour.ipynb``, becomes the page ``tour.md``: its Markdown cells as they
  are, each code cell as a Python block, and the value of the cell's last expression shown as
  Jupyter shows it (its ``_repr_html_``; else its ``repr``). The cells are run here, in order, in
  one namespace, when the site is built, so the page shows what grundy computes today (the test
  suite runs the same notebook with a kernel: ``tests/play/test_notebook.py``).
* A page's link to its twin in the other language (``[中文](nim.zh.md)``, which GitHub follows)
  points to that page of the other language's site (``zh/nim/``); the theme's language switch does
  the same from the header.
* Each page that runs ``grundy`` commands (in a shell block) ends with a list of them, each linked
  to its command's section of the command reference (``commands.md``), in the page's language.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

DOCS = Path(__file__).resolve().parents[1] / "docs"

COMMANDS = ("solve", "table", "play", "export", "matrix", "serve", "survey", "list")
"""The commands of the reference page, each a section with the anchor ``grundy-COMMAND``."""


def notebook_markdown(path: Path) -> str:
    """The notebook as Markdown, its code run in order and each cell's last value shown."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__tour__"}
    out: list[str] = []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            out.append(source)
            continue
        out.append(f"```python\n{source}\n```")
        shown = _run(source, namespace)
        if shown:
            out.append(f'<div class="grundy-output" markdown="0">\n{shown}\n</div>')
    return "\n\n".join(out) + "\n"


def _run(source: str, namespace: dict[str, Any]) -> str:
    """Run a code cell; the HTML of its last expression's value (``""`` for none)."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    body = tree.body[:-1] if last is not None else tree.body
    exec(compile(ast.Module(body, type_ignores=[]), "<tour>", "exec"), namespace)
    if last is None:
        return ""
    value = eval(compile(ast.Expression(last.value), "<tour>", "eval"), namespace)
    if value is None:
        return ""
    rich = getattr(value, "_repr_html_", None)
    return rich() if callable(rich) else f"<pre>{html.escape(repr(value))}</pre>"


@event_priority(-100)  # after the i18n plugin has sorted the files by language (it reads only files on disk)
def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, "tour.md", content=notebook_markdown(DOCS / "tour.ipynb")))
    return files


_SHELL = re.compile(r"```(?:sh|console)\n(.*?)```", re.S)
_COMMAND = re.compile(r"\bgrundy (?:--lang \w+ )?(" + "|".join(COMMANDS) + r")\b")


def commands_used(markdown: str) -> list[str]:
    """The grundy commands run in the page's shell blocks, in the order of :data:`COMMANDS`."""
    found = {m.group(1) for block in _SHELL.findall(markdown) for m in _COMMAND.finditer(block)}
    return [c for c in COMMANDS if c in found]


_TO_CHINESE = re.compile(r"\]\(([\w-]+)\.zh\.md(#[\w-]+)?\)")
_TO_ENGLISH = re.compile(r"^\[English\]\(([\w-]+)\.md\)", re.M)


def twin_links(markdown: str, src_uri: str, url: str) -> str:
    """Links to the twin page of the other language as links into that language's site.

    >>> twin_links("[中文](nim.zh.md) and [x](tables.zh.md#a)", "nim.md", "nim/")
    '[中文](../zh/nim/) and [x](../zh/tables/#a)'
    >>> twin_links("[English](nim.md)", "nim.zh.md", "zh/nim/")
    '[English](../../nim/)'
    >>> twin_links("[English](index.md)", "index.zh.md", "zh/")
    '[English](../)'
    """
    up = "../" * url.count("/")
    if src_uri.endswith(".zh.md"):
        return _TO_ENGLISH.sub(lambda m: f"[English]({up}{_path(m.group(1))})", markdown)
    return _TO_CHINESE.sub(lambda m: f"]({up}zh/{_path(m.group(1))}{m.group(2) or ''})", markdown)


def _path(name: str) -> str:
    return "" if name == "index" else f"{name}/"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    name = page.file.src_uri
    markdown = twin_links(markdown, name, page.url)
    if name.startswith("commands."):
        return markdown
    used = commands_used(markdown)
    if not used:
        return markdown
    chinese = name.endswith(".zh.md")
    target = "commands.zh.md" if chinese else "commands.md"
    links = ", ".join(f"[`grundy {c}`]({target}#grundy-{c})" for c in used)
    title = "本页用到的命令" if chinese else "Commands on this page"
    return markdown + f"\n\n---\n\n**{title}:** {links}\n"
