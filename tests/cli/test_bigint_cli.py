"""Heaps of thousands of digits: the output written through python-flint is byte for byte the
output of plain ``str``/``int`` (the conversions forced down that path by raising the threshold)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from grundy.model import reason, textio
from tests.helpers import run

BIG = "10**5000"
ODD = str(3**9000 + 7)  # a literal of 4,294 digits (under the interpreter's default limit, too)


def _both(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          *argv: str) -> tuple[str, str]:
    code, fast, err = run(capsys, *argv)
    assert code == 0, err
    with monkeypatch.context() as patch:  # every number "small": plain str() and int()
        patch.setattr(textio, "BIG_BITS", 10**9)
        patch.setattr(textio, "BIG_DIGITS", 10**9)
        patch.setattr(reason, "BIG_BITS", 10**9)
        code, plain, err = run(capsys, *argv)
    assert code == 0, err
    return fast, plain


@pytest.mark.parametrize(("argv", "shown"), [
    (("solve", "nim", BIG, "3", ODD), lambda: str(10**5000 ^ 3 ^ int(ODD))),
    (("solve", "nim", BIG, "3", ODD, "--json"), lambda: f'"grundy": {10**5000 ^ 3 ^ int(ODD)},'),
    (("solve", "nim", BIG, BIG, "7", "--explain"), lambda: str(10**5000)),
    (("solve", "kayles", BIG, "--json"), lambda: str(10**5000)),
    (("solve", "wythoff", BIG, "10**4999"), lambda: str(10**5000 - 10**4999)),
    (("solve", "moore(2)", "10**3100", "10**3100", "5", "--json"), lambda: str(10**3100)),
    (("solve", "nim", ODD, "+", "kayles", BIG), lambda: ODD),
])
def test_big_heaps_print_exactly_as_plain_str(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              argv: tuple[str, ...], shown: Callable[[], str]) -> None:
    fast, plain = _both(capsys, monkeypatch, *argv)
    assert fast == plain
    assert shown() in fast  # (made after the command lifted the interpreter's digit limit)


def test_big_literals_in_batch_and_heap_files(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{ODD} 12 {ODD[:3500]}\n5 6\n", encoding="utf-8")
    heaps = tmp_path / "heaps.txt"
    heaps.write_text(f"{ODD}, 3\n", encoding="utf-8")
    for argv in (("solve", "nim", "--batch", str(batch)), ("solve", "nim", "--batch", str(batch), "--json"),
                 ("solve", "nim", "--file", str(heaps)), ("solve", "kayles", "--file", str(heaps))):
        fast, plain = _both(capsys, monkeypatch, *argv)
        assert fast == plain, argv
    code, out, _ = run(capsys, "solve", "nim", "--batch", str(batch))
    assert code == 0
    assert out.splitlines()[0] == f"N {int(ODD) ^ 12 ^ int(ODD[:3500])}"
