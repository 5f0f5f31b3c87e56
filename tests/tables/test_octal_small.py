"""Small octal tables are computed without the compiler: ``grundy table 'octal(0.6)' --upto 300``
loads neither numba nor LLVM (numpy alone, or plain Python where a period is proved), and its
values equal a brute force written here."""

from __future__ import annotations

import subprocess
import sys

import pytest

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


def brute_octal(digits: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) by the definition (mex over every move of the code)."""
    g: list[int] = []
    for n in range(upto + 1):
        options = set()
        for i, d in enumerate(digits):
            if i > n:
                break
            rest = n - i
            if i > 0 and d & 1 and rest == 0:
                options.add(0)
            if i > 0 and d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        m = 0
        while m in options:
            m += 1
        g.append(m)
    return g


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
