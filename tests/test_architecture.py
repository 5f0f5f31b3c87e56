"""The package's shape: layers that import in one direction only, no import cycle (imports inside
functions count too), small modules, and a short top level.

The layers, lowest first (a module may import its own layer and the ones below, never above):

    errors → model → engine → theory → solving → tables → patterns → export → games → catalog
    → define → survey | play | reports → cli | web | notebook

``matrix`` stands apart (it needs only ``errors`` and the model's text reader, and only ``cli``
imports it); ``grundy/__init__.py`` and ``__main__.py`` are the public facade over everything,
which only the layers above the catalogue may import. The import rules are import-linter
contracts (``[tool.importlinter]`` in pyproject.toml), checked here and by ``lint-imports`` in
``scripts/test.sh``. This file adds the shape rules: functions short enough to name their parts
(at most ``MAX_FUNCTION_LINES``; a compiled hot kernel may stay whole), and a short top level.
There is no cap on a module's length: a module holds one topic, however long.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "grundy"

MAX_FUNCTION_LINES = 80
HOT_KERNELS = {
    # compiled inner loops, kept whole so the compiler sees one loop nest
    ("engine/loopy.py", "_smith_kernel"),  # compiled by numba through engine.loopy._kernel
}
MAX_TOP_LEVEL_MODULES = 8


def test_import_contracts_are_kept() -> None:
    code = ("import sys\nfrom importlinter.cli import lint_imports\n"
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    kept = done.stdout.count(" KEPT")
    assert kept == len(contracts["contracts"]) >= 5, done.stdout


def _compiled(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a function is decorated for numba (``@njit``, ``@jit(...)``, ``@numba.njit``)."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in {"njit", "jit"}:
            return True
    return False


def long_functions(root: Path = SRC) -> dict[str, int]:
    """``"module.py:function" → lines`` for every function longer than the rule allows."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        module = str(path.relative_to(root))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_FUNCTION_LINES and not _compiled(node) and (module, node.name) not in HOT_KERNELS:
                found[f"{module}:{node.name}"] = lines
    return found


def test_functions_are_short() -> None:
    assert long_functions() == {}


def test_the_length_rule_can_fail(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def long():\n{body}\n", encoding="utf-8")
    (tmp_path / "hot.py").write_text(f"@njit(cache=True)\ndef hot():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path) == {"long.py:long": MAX_FUNCTION_LINES + 1}


def test_top_level_is_short() -> None:
    top = [p.name for p in SRC.iterdir() if p.suffix == ".py"]
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top
