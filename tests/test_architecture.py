"""The package's shape: layers that import in one direction only, no import cycle (imports inside
functions count too), small modules, and a short top level.

The layers, lowest first (a module may import its own layer and the ones below, never above):

    errors → model → engine → theory → solving → tables → patterns → export → games → catalog
    → define → survey | play | reports → cli | web | notebook

``matrix`` stands apart (it needs only ``errors`` and the model's text reader, and only ``cli``
imports it); ``grundy/__init__.py`` and ``__main__.py`` are the public facade over everything,
which only the layers above the catalogue may import. The import rules are import-linter
contracts (``[tool.importlinter]`` in pyproject.toml), checked here and by ``lint-imports`` in
``scripts/test.sh``; this file adds the size limits.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "grundy"

MAX_LINES = 600
MAX_TOP_LEVEL_MODULES = 8


def test_import_contracts_are_kept() -> None:
    code = ("import sys\nfrom importlinter.cli import lint_imports\n"
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    kept = done.stdout.count(" KEPT")
    assert kept == len(contracts["contracts"]) >= 5, done.stdout


def test_modules_are_small() -> None:
    big = {str(path.relative_to(SRC)): n for path in SRC.rglob("*.py")
           if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


def test_top_level_is_short() -> None:
    top = [p.name for p in SRC.iterdir() if p.suffix == ".py"]
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top
