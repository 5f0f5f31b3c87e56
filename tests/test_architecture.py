"""The package's shape: layers that import in one direction only, no import cycle (imports inside
functions count too), small modules, and a short top level.

The layers, lowest first (a module may import its own layer and the ones below, never above):

    errors → core → sequences | graphs → games → catalog | define → survey | play → cli | web | notebook

``matrix`` stands apart (it needs only ``errors`` and ``core``'s text reader);
``grundy/__init__.py`` and ``__main__.py`` are the public facade over everything, which only the
layers above the catalogue may import.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "grundy"

LAYERS: list[set[str]] = [
    {"errors"},
    {"core"},
    {"sequences", "graphs"},
    {"games"},
    {"catalog", "define"},
    {"survey", "play"},
    {"cli", "web", "notebook"},
]
"""Top-level parts of the package by layer; ``matrix`` is handled apart."""

INDEPENDENT = {("sequences", "graphs"), ("graphs", "sequences"), ("catalog", "define")}
"""Parts of one layer that must not import each other (``define`` may use ``catalog``)."""

FACADE_USERS = 5
"""The first layer that may import the public facade ``grundy``."""

MAX_LINES = 600
MAX_TOP_LEVEL_MODULES = 8


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in SRC.rglob("*.py")}


def _imports(path: Path, name: str) -> set[str]:
    """Every grundy module ``path`` imports, at any depth (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("grundy"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.startswith("grundy"):
                found.add(module)
                found.update(f"{module}.{a.name}" for a in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        for target in _imports(path, name):
            while target not in modules and "." in target:
                target = target.rpartition(".")[0]  # `from pkg import name`: the module is pkg
            if target in modules and target != name:
                graph[name].add(target)
    return graph


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _layer(part: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        if part in layer:
            return i
    return None


def test_every_part_has_a_layer() -> None:
    parts = {_part(m) for m in _modules()} - {"", "__main__", "matrix"}
    assert {p for p in parts if _layer(p) is None} == set()


def test_layers_import_downwards_only() -> None:
    wrong = []
    for source, targets in _graph().items():
        src_part = _part(source)
        if src_part in ("", "__main__"):
            continue  # the public facade
        for target in targets:
            dst_part = _part(target)
            if dst_part in ("", src_part):
                if dst_part == "" and target == "grundy" and (_layer(src_part) or 0) < FACADE_USERS:
                    wrong.append(f"{source} imports the facade 'grundy' (import the module itself)")
                continue
            if src_part == "matrix" or dst_part == "matrix":
                if not (dst_part in ("errors", "core", "matrix") or src_part == "cli"):
                    wrong.append(f"{source} → {target}")
                continue
            lo, hi = _layer(src_part), _layer(dst_part)
            assert lo is not None and hi is not None
            if hi > lo or (src_part, dst_part) in INDEPENDENT:
                wrong.append(f"{source} → {target}")
    assert wrong == []


def test_no_import_cycles() -> None:
    graph = _graph()
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []
    counter = 0
    for root in list(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    # a package's __init__ re-exporting its own modules is not a cycle between modules
    real = [c for c in cycles if not all(m == c[0] or m.startswith(c[0] + ".") for m in c)]
    assert real == []


def test_modules_are_small() -> None:
    big = {name: n for name, path in _modules().items()
           if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


def test_top_level_is_short() -> None:
    top = [p.name for p in SRC.iterdir() if p.suffix == ".py"]
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


@pytest.mark.parametrize("part", ["core", "sequences", "graphs"])
def test_generic_code_knows_no_concrete_game(part: str) -> None:
    offenders = sorted(f"{s} → {t}" for s, ts in _graph().items() if _part(s) == part
                       for t in ts if _part(t) == "games")
    assert offenders == []
