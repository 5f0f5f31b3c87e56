#!/usr/bin/env bash
# The whole test suite: install (editable, with test extras), lint, type-check, the import contracts,
# the wheel's quick start in a fresh virtualenv, then every test and doctest on both cores (the slow
# ones included; `python -m pytest -m "not slow" -n 2 --dist loadfile` is the day-to-day subset).
# Outside a virtualenv it makes and uses ./.venv.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${VIRTUAL_ENV:-}" ]]; then
    [[ -x .venv/bin/python ]] || python3 -m venv .venv
    . .venv/bin/activate
fi
python -m pip install -q -e '.[test]'
ruff check .
mypy
lint-imports --no-cache --no-logo

# The wheel as a user gets it: built from this checkout, installed with the core dependencies only
# (no test or survey extra) in a fresh virtualenv, running the README's quick start.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/tree" && cp -r pyproject.toml README.md src "$scratch/tree"  # no stale build/ in the wheel
python -m pip wheel -q --no-deps -w "$scratch/dist" "$scratch/tree"
python -m venv --without-pip "$scratch/venv"
python -m pip --python "$scratch/venv/bin/python" install -q --no-compile "$scratch"/dist/grundy-*.whl
"$scratch/venv/bin/grundy" solve nim 3 4 5 >"$scratch/out.txt"
python scripts/check_quick_start.py "$scratch/out.txt"
if "$scratch/venv/bin/grundy" survey 0.1 --upto 10 --db "$scratch/s.sqlite" 2>"$scratch/err.txt"; then
    echo "grundy survey ran without the survey extra" >&2; exit 1
fi
grep -qx "grundy: error: grundy survey needs Dask: pip install 'dask\[distributed\]' (or pip install 'grundy\[survey\]'; from a checkout of grundy: pip install '.\[survey\]')" "$scratch/err.txt"
echo "wheel: quick start output matches the README; grundy survey without Dask prints the install hint"

# The docs site, English and Chinese: every page, link and nav entry must resolve (--strict).
NO_MKDOCS_2_WARNING=1 mkdocs build --strict -q -d "$scratch/site"
echo "docs site: built (mkdocs build --strict)"

python -m pytest -p no:cacheprovider -n 2 --dist loadfile  # a module stays in one process (some tests count over a module)
