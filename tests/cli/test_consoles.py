"""Every console: an ASCII-only stream gets ASCII spellings (text) or escapes (JSON, still valid and
decoding to the same strings); a failed write (``> /dev/full``) is one line on stderr and a
non-zero exit; a reader that goes away (``| head -1``) ends the command quietly."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli.console import ascii_spelling, json_escaped

pytestmark = pytest.mark.slow  # (subprocesses, searches of seconds: not in the fast subset)

SRC = str(Path(__file__).resolve().parents[2] / "src")

COMMANDS = [
    ["solve", "nim", "3", "4", "5"], ["solve", "nim", "3", "4", "5", "--explain"],
    ["solve", "kayles", "10**18", "--misere"], ["solve", "kayles", "40", "--misere"],
    ["table", "kayles", "--upto", "40"], ["list"], ["play", "nim", "3", "4"],
    ["matrix", "--matrix", "3,-1;-2,4"],
]
JSON_COMMANDS = [
    ["solve", "nim", "3", "4", "5", "--json"], ["solve", "kayles", "10**18", "--json"],
    ["table", "kayles", "--upto", "40", "--json"], ["play", "nim", "3", "4", "--json"],
]


def grundy(argv: list[str], *, encoding: str | None = None, stdin: str = "hint\n",
           stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("PYTHONUTF8", None)
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "-m", "grundy", *argv], input=stdin.encode(), env=env,
                          stdout=stdout, stderr=subprocess.PIPE, timeout=120, check=False)


def untimed(found: object) -> object:
    """Text or a JSON object without the seconds it took (they differ from run to run)."""
    if isinstance(found, dict):
        return {k: v for k, v in found.items() if k != "seconds"}
    return re.sub(r"[\d.]+ s\b", "S", str(found))


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_ascii_console_gets_ascii_spellings(argv: list[str]) -> None:
    done = grundy(argv, encoding="ascii")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert done.stdout.isascii() and done.stdout.strip()
    utf8 = grundy(argv, encoding="utf-8")
    # the same text, each character the console cannot write in its spelling
    assert untimed(done.stdout.decode()) == untimed(ascii_spelling(utf8.stdout.decode()))


@pytest.mark.parametrize("argv", JSON_COMMANDS, ids=" ".join)
def test_json_is_valid_and_the_same_in_any_encoding(argv: list[str]) -> None:
    ascii_out = grundy(argv, encoding="ascii")
    utf8_out = grundy(argv, encoding="utf-8")
    assert ascii_out.returncode == 0 and ascii_out.stdout.isascii(), ascii_out.stderr
    for a, b in zip(ascii_out.stdout.splitlines(), utf8_out.stdout.splitlines(), strict=True):
        assert untimed(json.loads(a)) == untimed(json.loads(b))


def test_error_messages_on_an_ascii_console() -> None:
    done = grundy(["solve", "nim", "−3"], encoding="ascii")  # (a minus sign the console cannot write)
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1 and b"Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", COMMANDS[:3] + JSON_COMMANDS[:2] + [["play", "nim", "3", "4"]], ids=" ".join)
def test_a_failed_write_is_one_line(argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = grundy(argv, stdout=full)
    assert done.returncode == 1
    assert done.stderr.decode().startswith("grundy: error: cannot write the output")
    assert done.stderr.count(b"\n") == 1


@pytest.mark.parametrize("argv", [["table", "kayles", "--upto", "200000"], ["solve", "kayles", "3000"],
                                  ["list"], ["solve", "kayles", "3000", "--json"]], ids=" ".join)
def test_a_closed_pipe_is_quiet(argv: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    process = subprocess.Popen([sys.executable, "-m", "grundy", *argv], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as 'head -1' does
    err = process.stderr.read()
    assert process.wait(timeout=120) == 0 and err == b""


def test_spellings() -> None:
    assert ascii_spelling("G(10¹⁸) = G(76) ⊕ 3; 中") == "G(10^18) = G(76) (+) 3; \\u4e2d"
    text = json.dumps({"m": "3 → 1 中 𝄞"}, ensure_ascii=False)
    assert json.loads(json_escaped(text)) == json.loads(text) and json_escaped(text).isascii()
