"""Packaging and the public facade: every imported package is declared, Dask is an extra with an
install hint, the version is written once, and the lazy public names are visible and typed."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]

IMPORT_TO_DIST = {"flint": "python-flint", "distributed": "dask"}
"""Import names that differ from their distribution's (``dask[distributed]`` brings ``distributed``)."""


def _dist(requirement: str) -> str:
    return re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower()


def _third_party_imports(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top not in ("grundy", "tests", "__future__"):
                    found.add(IMPORT_TO_DIST.get(top, top).lower())
    return found


def test_every_imported_package_is_declared() -> None:
    core = {_dist(r) for r in PROJECT["dependencies"]}
    extras = {name: {_dist(r) for r in reqs} for name, reqs in PROJECT["optional-dependencies"].items()}
    declared = core | extras["survey"] | extras["plot"] | extras["web"]
    assert _third_party_imports(ROOT / "src" / "grundy") - declared == set()
    assert _third_party_imports(ROOT / "tests") - declared - extras["test"] == set()


def test_dask_is_an_extra_and_the_test_extra_has_every_extra() -> None:
    core = {_dist(r) for r in PROJECT["dependencies"]}
    assert "dask" not in core and "distributed" not in core
    assert PROJECT["optional-dependencies"]["survey"] == ["dask[distributed]>=2024.1"]
    assert "grundy[survey,plot,web,docs]" in PROJECT["optional-dependencies"]["test"]


def test_package_data_names_files_that_exist() -> None:
    for pattern in PYPROJECT["tool"]["setuptools"]["package-data"]["grundy"]:
        assert list((ROOT / "src" / "grundy").glob(pattern)), pattern


def test_survey_without_dask_prints_the_install_hint(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    code = ("import sys; sys.modules['distributed'] = None  # as if the extra were not installed\n"
            "from grundy.cli.app import main; main(sys.argv[1:])")
    out = subprocess.run([sys.executable, "-c", code, "survey", "0.1", "--upto", "10", "--db", str(db)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("grundy: error: grundy survey needs Dask: pip install ") and \
        "pip install '.[survey]'" in out.stderr and out.stderr.count("\n") == 1
    assert out.stdout == "" and not db.exists()


def test_version_is_written_once() -> None:
    assert grundy.__version__ == importlib.metadata.version("grundy") == PROJECT["version"]
    facade = (ROOT / "src" / "grundy" / "__init__.py").read_text(encoding="utf-8")
    assert not re.search(r"^__version__\s*=", facade, re.MULTILINE)


def test_lazy_public_names_are_listed_and_resolve() -> None:
    names = dir(grundy)
    assert set(grundy.__all__) <= set(names)
    for name in grundy.__all__:
        assert getattr(grundy, name) is not None
    assert grundy.heap_game.__module__ == "grundy.define"
    assert grundy.Nimber(3) * grundy.Nimber(3) == 2  # the nim product, not the integer one


def test_the_facade_is_typed() -> None:
    """Under ``if TYPE_CHECKING:`` every lazy name is imported, so type checkers see its real type."""
    tree = ast.parse((ROOT / "src" / "grundy" / "__init__.py").read_text(encoding="utf-8"))
    typed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            typed |= {a.asname or a.name for n in node.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert set(grundy._LAZY) <= typed


def test_import_grundy_stays_lean() -> None:
    """The facade imports no heavy package, nor importlib.metadata (``__version__`` is read on use)."""
    heavy = ("numpy", "numba", "scipy", "networkx", "flint", "rich", "distributed", "importlib.metadata",
             "grundy.define", "grundy.tables", "grundy.patterns")
    code = f"import sys, grundy\nprint(sorted(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout == "[]\n"


def test_a_text_answer_loads_no_json() -> None:
    """``grundy solve nim 3 4 5`` (text) writes no JSON, so it does not import json (start-up)."""
    code = ("import sys\nfrom grundy.cli import main\nsys.argv = ['grundy', 'solve', 'nim', '3', '4', '5']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('json' in sys.modules, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert "grundy:   2" in out.stdout
    assert out.stderr.strip() == "False"


def test_a_small_table_loads_no_numpy(tmp_path: Path) -> None:
    """``grundy table 'octal(0.6)' --upto 100`` is computed and analysed in plain Python: with
    ``--no-patterns`` it imports no numpy, nor with its patterns on a first run (no space kept on
    disk: the formula search, fitted on 64 heaps, replays the space shipped with the package),
    and prints the same every time. A table of 50 heaps (fitted on all 50: no space shipped)
    searches with numpy on its first run, keeps its spaces, and replays them after."""
    code = ("import atexit, sys\nfrom grundy.cli import main\nsys.argv = ['grundy', *sys.argv[1:]]\n"
            "atexit.register(lambda: print(sorted(m for m in ('numpy', 'numba') if m in sys.modules),"
            " file=sys.stderr))\nmain()")  # (the command ends the process: its exit handlers run)
    env = {**os.environ, "GRUNDY_SEARCH_CACHE": str(tmp_path)}

    def run(*args: str, upto: int = 100) -> tuple[str, str]:
        out = subprocess.run([sys.executable, "-c", code, "table", "octal(0.6)", "--upto", str(upto), *args],
                             capture_output=True, text=True, check=True, timeout=120, env=env)
        timeless = "".join(line for line in out.stdout.splitlines(keepends=True) if "computed in" not in line)
        return timeless, out.stderr.strip()  # (the line of seconds differs from run to run)

    assert run("--no-patterns")[1] == "[]"
    first, loaded = run()
    assert loaded == "[]" and not list(tmp_path.iterdir())
    assert run() == (first, "[]")
    assert "no period found in G(0..100)" in first
    searched, loaded = run(upto=49)
    assert loaded == "['numpy']" and len(list(tmp_path.iterdir())) == 2
    assert run(upto=49) == (searched, "[]")
