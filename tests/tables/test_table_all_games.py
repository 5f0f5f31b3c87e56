"""``grundy table`` on every game of the catalogue (each of its examples), at a small and a large
size: a table, or the clean one-line refusal of a game that has none, never a traceback."""

from __future__ import annotations

import pytest

import grundy.reports.tables
from grundy.catalog import registered_games
from tests.helpers import run

SPECS = sorted({spec for entry in registered_games() for spec in (entry.examples or (entry.name,))})

LARGE = {"grundy-game": 1600, "fibonacci-nim": 1000, "wythoff": 300, "octal(4.007)": 4000,
         "subtraction(fibonacci)": 4000, "stripes(2,3,5)": 6000, "stripes(1,2,3)": 6000,
         "octal(0.16)": 8000, "octal(0.6)": 8000,
         **{f"dynamic-subtraction({k})": 300 for k in (1, 2, 3, 5)}}
"""The large size per game (default 20,000), so that the whole test takes a few seconds."""


def test_every_catalogue_game_is_covered() -> None:
    names = {entry.name for entry in registered_games()}
    assert {"nim", "kayles", "grundy-game", "moore", "wythoff", "staircase"} <= names
    assert len(SPECS) >= len(names)


@pytest.mark.parametrize("spec", SPECS)
def test_table_of_every_game_small_and_large(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    monkeypatch.setattr(grundy.reports.tables, "PATTERN_STEPS", 2_000)
    for argv in (["--upto", "12"], ["--upto", str(LARGE.get(spec, 20_000)), "--summary", "--no-patterns"]):
        code, out, err = run(capsys, "table", spec, *argv)
        assert "Traceback" not in err
        if code == 0:
            assert out.startswith(spec.split("(")[0]) and "largest value" in out, out
        else:  # a game with no table of single heaps (nor of pairs) says so in one line
            assert code == 2 and out == "" and err.startswith("grundy: error: ") and err.count("\n") == 1, err
            assert "not played on heaps" in err, err
