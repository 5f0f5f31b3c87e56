#!/usr/bin/env bash
# The whole test suite: install (editable, with test extras), lint, type-check, test + doctests.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q -e '.[test]'
ruff check .
mypy
python -m pytest -p no:cacheprovider
