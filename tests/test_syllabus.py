"""Every ``grundy …`` example of docs/syllabus.md (and its Chinese twin) runs and succeeds."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.helpers import run

DOCS = Path(__file__).resolve().parents[1] / "docs"


def examples(name: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return [c.replace("\\|", "|") for c in re.findall(r"`(grundy [^`]+)`", text)
            if not c.startswith("grundy.")]


def test_both_pages_give_the_same_examples() -> None:
    assert examples("syllabus.md") == examples("syllabus.zh.md")
    assert len(examples("syllabus.md")) >= 35


@pytest.mark.slow
@pytest.mark.parametrize("command", examples("syllabus.md"))
def test_example_runs(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, *shlex.split(command)[1:])
    assert code == 0, err
    assert out.strip()
