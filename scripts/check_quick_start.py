"""Check that a file holds exactly the output the README's quick start says ``grundy solve nim 3 4 5``
prints (the ```text block after "The first prints"); exit 1 with a diff otherwise.

Run: ``python scripts/check_quick_start.py OUTPUT.txt`` (scripts/test.sh runs it on the wheel's output).
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path


def expected() -> str:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    found = re.search(r"The first prints\s*```text\n(.*?)```", readme, re.DOTALL)
    if found is None:
        raise SystemExit("README.md: no ```text block after 'The first prints'")
    return found.group(1)


def main() -> int:
    got = Path(sys.argv[1]).read_text(encoding="utf-8")
    want = expected()
    if got == want:
        return 0
    diff = difflib.unified_diff(want.splitlines(True), got.splitlines(True), "README.md", sys.argv[1])
    sys.stderr.writelines(diff)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
