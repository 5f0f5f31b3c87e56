"""Test-suite configuration: the tests listed in ``tests/slow_tests.txt`` are marked ``slow``.

``python -m pytest -m "not slow" -n 2 --dist loadfile`` is the fast path for day-to-day work; CI runs
every test.
The list holds the tests measured at 0.3 s or more each on the 2-core development machine;
regenerate it with

    python -m pytest -m "not slow" -n 2 --durations=0 --durations-min=0.3 -q \\
        | grep -E '^[0-9.]+s call' | awk '{print $3}' | sort -u >> tests/slow_tests.txt
"""

from __future__ import annotations

from pathlib import Path

import pytest

SLOW = {line.strip() for line in (Path(__file__).parent / "slow_tests.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid in SLOW:
            item.add_marker(pytest.mark.slow)
