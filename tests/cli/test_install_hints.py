"""Every install hint grundy prints works from a checkout as well as from an index: each names an
extra that pyproject.toml declares, and gives the checkout's form ``pip install '.[EXTRA]'``."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])


def _hints() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "src" / "grundy").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += [(path.name, m.group(0)) for m in re.finditer(r"pip install[^\"`\n]*", text)]
    return found


def test_every_extra_named_exists() -> None:
    for where, hint in _hints():
        for extra in re.findall(r"\[(\w+)\]", hint):
            assert extra in EXTRAS or extra == "distributed", (where, hint)


def test_every_hint_of_an_extra_gives_the_checkout_form() -> None:
    from grundy.cli.serve import WEB_MISSING
    from grundy.survey.run import DASK_MISSING

    for message, extra in ((WEB_MISSING, "web"), (DASK_MISSING, "survey")):
        assert f"pip install '.[{extra}]'" in message and f"'grundy[{extra}]'" in message


def test_readme_and_docs_give_the_checkout_form() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "play.md"):
        text = page.read_text(encoding="utf-8")
        assert "pip install '.[web]'" in text, page
