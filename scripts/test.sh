#!/usr/bin/env bash
# The whole test suite: install (editable, with test extras), lint, type-check, every test and
# doctest on both cores (the slow ones included; `python -m pytest -m "not slow" -n 2 --dist loadfile` is the
# day-to-day subset).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q -e '.[test]'
ruff check .
mypy
python -m pytest -p no:cacheprovider -n 2 --dist loadfile  # a module stays in one process (some tests count over a module)
