"""The ``grundy`` command caps its own address space: a runaway allocation (here a user's move
function listing options without end) is a one-line error, not a crash or the OOM killer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.engine.address_space import DEFAULT_BYTES, ENVIRONMENT, parse_gib
from grundy.errors import InvalidInputError

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")

RUNAWAY = '''import grundy

@grundy.game("runaway-pairs")
def runaway(position):
    a, b = position  # a small position whose move function lists options without end
    return [(x, y) for x in range(10**12) for y in range(b + 1)]
'''


def grundy_cli(*argv: str, gib: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != ENVIRONMENT}
    if gib is not None:
        env[ENVIRONMENT] = gib
    return subprocess.run([sys.executable, "-m", "grundy", *argv], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def test_runaway_move_function_is_one_line(tmp_path: Path) -> None:
    rules = tmp_path / "runaway.py"
    rules.write_text(RUNAWAY)
    done = grundy_cli("--rules", str(rules), "solve", "runaway-pairs", "1", "1",
                      gib="0.25")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and done.stderr.count("\n") == 1, done.stderr
    assert "MemoryError" in done.stderr or "out of memory" in done.stderr


CHECK = '''import resource, sys
import numpy as np
from grundy.engine.address_space import cap, make_room
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
print(soft == resource.RLIM_INFINITY)
resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, hard))
print(cap(8 * 2**30) == 3 * 2**30)          # a stricter limit stays
print(cap(2 * 2**30) == 2 * 2**30)          # a looser one is lowered
try:
    np.memmap(sys.argv[1], dtype=np.uint8, mode="w+", shape=(3 * 2**30,))
    print(False)
except (MemoryError, OSError, ValueError):
    print(True)                              # a 3 GiB mapping does not fit the 2 GiB cap ...
make_room(3 * 2**30 + 4096)
m = np.memmap(sys.argv[1], dtype=np.uint8, mode="w+", shape=(3 * 2**30,))
m[-1] = 7
print(int(m[-1]) == 7)                       # ... until room is made for it
'''


def test_cap_keeps_stricter_limits_and_makes_room_for_mappings(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path / "map.bin")], capture_output=True,
                          text=True, timeout=120, check=False)
    lines = done.stdout.split()
    assert done.returncode == 0, done.stderr
    assert lines[1:] == ["True"] * 4, (lines, done.stderr)


def test_the_command_runs_under_its_cap() -> None:
    done = grundy_cli("solve", "kayles", "20", "30")
    assert done.returncode == 0 and "N-position" in done.stdout, done.stderr
    done = grundy_cli("solve", "nim", "3", "4", "5", gib="x")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and ENVIRONMENT in done.stderr


def test_parse_gib() -> None:
    assert parse_gib(None) == parse_gib(" ") == DEFAULT_BYTES == 8 * 2**30
    assert parse_gib("0") is None and parse_gib("2") == 2 * 2**30
    with pytest.raises(InvalidInputError, match="'-1'"):
        parse_gib("-1")
