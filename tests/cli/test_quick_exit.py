"""``grundy table`` in its own process ends without the interpreter's teardown
(:data:`grundy.cli.common.QUICK_EXIT`): its whole output still arrives (a long JSON object
through a pipe), the exit handlers still run, a failed write is still an error, and a table kept
on disk (``--store``) ends as usual, its file whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import brute_octal

CHILD = r"""
import atexit, sys
atexit.register(lambda: print("handlers ran", file=sys.stderr))
from grundy.cli.app import main
sys.argv = ["grundy", *sys.argv[1:]]
main()
"""


def grundy(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True,
                          timeout=300, **options)  # type: ignore[call-overload, no-any-return]


def test_the_whole_output_arrives() -> None:
    done = grundy("table", "octal(0.6)", "--upto", "3000", "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["values"] == brute_octal((0, 6), 3000)
    assert "handlers ran" in done.stderr
    text = grundy("table", "kayles", "--upto", "200")
    assert text.returncode == 0 and "period 12 from heap 71" in text.stdout
    assert text.stdout.rstrip().endswith(")")  # (the last line whole)


def test_a_failed_write_is_an_error() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", CHILD, "table", "octal(0.6)", "--upto", "100"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 1 and "cannot write the output" in done.stderr


def test_a_stored_table_ends_as_usual(tmp_path: Path) -> None:
    store = tmp_path / "six.g"
    first = grundy("table", "octal(0.6)", "--upto", "20000", "--store", str(store), "--summary", "--json")
    assert first.returncode == 0
    again = grundy("table", "octal(0.6)", "--upto", "20000", "--store", str(store), "--summary", "--json")
    assert again.returncode == 0
    assert json.loads(again.stdout)["checksum"] == json.loads(first.stdout)["checksum"]
