"""Test-suite configuration: slow doctests and Markdown files are marked ``slow`` here.

Tests are marked slow where they are written (``@pytest.mark.slow``, or ``tests/marks.py``'s
``slow_params`` for some values of a parametrized test). Doctests have no place for a marker, so
the slow ones are named here by path; each name must exist and, when its file is collected, match
an item, so that a rename fails loudly instead of quietly moving a slow test into the fast subset.

``python -m pytest -m "not slow" -n 2 --dist loadfile`` is the fast path for day-to-day work; CI
runs every test.

Hypothesis runs without its per-example deadline everywhere: a deadline is a wall-clock
assertion, and tests assert no times (speed is measured in ``bench/``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("grundy", deadline=None)
settings.load_profile("grundy")

ROOT = Path(__file__).resolve().parents[1]

SLOW_DOCTESTS = {
    "docs/geography.md::geography.md",
    "docs/geography.zh.md::geography.zh.md",
    "docs/reading-output.md::reading-output.md",
    "docs/reading-output.zh.md::reading-output.zh.md",
    "docs/own-games.md::own-games.md",
    "docs/own-games.zh.md::own-games.zh.md",
    "src/grundy/patterns/pairs.py::grundy.patterns.pairs.find_pair_patterns",
}
"""Doctest items (node ids) that take 0.3 s or more."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    collected_files = {item.nodeid.partition("::")[0] for item in items}
    matched: set[str] = set()
    for item in items:
        if item.nodeid in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
            matched.add(item.nodeid)
    for nodeid in sorted(SLOW_DOCTESTS - matched):
        path = nodeid.partition("::")[0]
        if not (ROOT / path).is_file() or path in collected_files:
            raise pytest.UsageError(f"tests/conftest.py: SLOW_DOCTESTS names {nodeid!r}, which matches no "
                                    "test (renamed?)")


@pytest.fixture(autouse=True, scope="module")
def _catalogue_restored() -> Iterator[None]:
    """Games a test module registers while it runs are unregistered after it, so no test sees
    another module's games (the catalogue is one registry per process, shared by the modules a
    worker runs)."""
    from grundy import catalog

    saved = dict(catalog._REGISTERED)
    yield
    catalog._REGISTERED.clear()
    catalog._REGISTERED.update(saved)
