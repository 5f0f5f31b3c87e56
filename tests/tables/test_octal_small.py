"""Small octal tables are computed without the compiler: ``grundy table 'octal(0.6)' --upto 300``
loads neither numba nor LLVM (numpy alone, or plain Python where a period is proved), and its
values equal a brute force written here."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import brute_octal

CHILD = r"""
import json, sys
from grundy.cli.app import main
try:
    main(['table', sys.argv[1], '--upto', sys.argv[2], '--json'])
except SystemExit:
    pass
print()
print(json.dumps(sorted(m for m in ('numba', 'llvmlite') if m in sys.modules)))
"""


@pytest.mark.parametrize(("spec", "digits", "upto"), [
    ("octal(0.6)", (0, 6), 100),
    ("octal(0.6)", (0, 6), 300),
    ("octal(0.16)", (0, 1, 6), 400),
    ("kayles", (0, 7, 7), 500),
])
def test_a_small_table_loads_no_compiler(spec: str, digits: tuple[int, ...], upto: int) -> None:
    import json

    out = subprocess.run([sys.executable, "-c", CHILD, spec, str(upto)], capture_output=True, text=True,
                         check=True).stdout
    table, loaded = out.strip().rsplit("\n", 1)
    assert json.loads(loaded) == [], f"{spec} to {upto} loaded {loaded}"
    assert json.loads(table)["values"] == brute_octal(digits, upto)
