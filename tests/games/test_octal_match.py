"""A user's heap game that is an octal game: recognised (and said to be checked only up to N), and
proved by the octal game's theorem only when the rules declare the code.

The octal rules are written out here from their definition (digit ``di``: removing ``i`` may leave
nothing (1), one heap (2) or two non-empty heaps (4)), independent of grundy's octal module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from grundy.errors import InvalidGameError
from grundy.games.takebreak.octal_match import infer_octal
from grundy.tables.analysis import analyze, value_at
from tests.helpers import heap_table, run

RULES = '''
import grundy


@grundy.heap_game("om-split")
def split(n):
    """the tutorial's game: take 1, 2 or 4, or split a heap into two non-empty heaps"""
    return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


@grundy.heap_game("om-split-declared", octal="4.3303")
def split_declared(n):
    return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


@grundy.heap_game("om-split-wrong", octal="4.3303")
def split_wrong(n):  # no split of a heap of 37
    return [n - k for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1) if n != 37]
'''
NAMES = ("om-split", "om-split-declared", "om-split-wrong")


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "om_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def octal_rule(code: str):  # type: ignore[no-untyped-def]
    head, _, tail = code.partition(".")
    digits = [int(head or 0), *map(int, tail)]

    def options(n: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for i, d in enumerate(digits):
            r = n - i
            if r < 0:
                break
            if d & 1 and r == 0 and i > 0:
                out.append(())
            if d & 2 and r > 0 and i > 0:
                out.append((r,))
            if d & 4:
                out += [(a, r - a) for a in range(1, r // 2 + 1)]
        return out
    return options


def tutorial(n: int) -> list[tuple[int, ...]]:
    return [(n - k,) for k in (1, 2, 4) if k <= n] + [(a, n - a) for a in range(1, n // 2 + 1)]


def test_the_tutorial_game_is_octal_4_3303() -> None:
    def normal(options: list[tuple[int, ...]]) -> list[tuple[int, ...]]:  # a heap of 0 is no heap
        return sorted(tuple(sorted(h for h in o if h)) for o in options)

    for n in range(80):  # the same options, heap by heap
        assert normal(tutorial(n)) == normal(octal_rule("4.3303")(n)), n
    values = heap_table(150, tutorial)
    assert values == heap_table(150, octal_rule("4.3303"))
    octal = grundy.load_game("octal(4.3303)")
    assert [grundy.grundy_value(octal, n) for n in range(151)] == values


@pytest.mark.parametrize(("code", "moves"), [
    ("4.3303", tutorial),
    ("0.3303", lambda n: [(n - k,) for k in (1, 2, 4) if k <= n]),
    ("0.77", lambda n: [(a, n - k - a) for k in (1, 2) for a in range(0, (n - k) // 2 + 1) if n >= k]),
    ("0.07", lambda n: [(a, n - 2 - a) for a in range(0, (n - 2) // 2 + 1)] if n >= 2 else []),
    (None, lambda n: [(m,) for m in range(n)]),  # nim: removals without bound
    (None, lambda n: [(1, 1, n - 3)] * (n >= 4) + [(n - 1,)] * (n >= 1)),  # three heaps
    (None, lambda n: [(n - 2,)] * (n >= 2 and n % 5 != 0)),  # depends on n beyond a code
])
def test_infer_octal(code: str | None, moves) -> None:  # type: ignore[no-untyped-def]
    found = infer_octal(moves, 120)
    assert (found.code if found else None) == code
    if found is not None:
        assert found.checked_upto == 120
        assert heap_table(120, moves) == heap_table(120, octal_rule(code))  # type: ignore[arg-type]


def test_undeclared_rules_say_how_far_they_were_checked(capsys: pytest.CaptureFixture[str],
                                                        rules: str) -> None:
    code, out, _ = run(capsys, "table", "om-split", "--rules", rules, "--upto", "120")
    assert code == 0
    assert "these rules agree with octal 4.3303 on heaps ≤ 120" in out
    assert "(observed in G(0..120), not proved)" in out
    assert "proved:" not in out.split("agree with octal")[0] and "(proved" not in out
    found = analyze(grundy.load_game("om-split"), 300).periodicity
    assert found is not None and not found.proved  # no theorem for an undeclared game
    code, out, _ = run(capsys, "table", "om-split", "--rules", rules, "--upto", "120", "--json",
                       "--no-patterns")
    import json

    note = json.loads(out)["octal_note"]  # the JSON carries the note the text prints
    assert code == 0 and note.startswith("these rules agree with octal 4.3303 on heaps ≤ 120")
    code, out, _ = run(capsys, "table", "om-split-declared", "--rules", rules, "--upto", "30", "--json",
                       "--no-patterns")
    assert code == 0 and "octal_note" not in json.loads(out)  # a declared code needs no note


def test_declared_rules_use_the_octal_proof(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, out, _ = run(capsys, "table", "om-split-declared", "--rules", rules, "--upto", "120", "--json",
                       "--no-patterns")
    assert code == 0
    import json

    data = json.loads(out)
    assert data["proved"] is True and (data["period"], data["preperiod"]) == (6, 1)
    assert "for octal 4.3303, the game the rules declare" in data["reason"]
    assert "agrees with it on heaps ≤" in data["reason"]
    assert data["values"] == heap_table(120, octal_rule("4.3303"))
    game = grundy.load_game("om-split-declared")
    n = 10**12 + 3
    assert value_at(game, n) == data["values"][1 + (n - 1) % 6]


def test_a_wrong_declaration_is_an_error(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    code, _, err = run(capsys, "table", "om-split-wrong", "--rules", rules, "--upto", "50")
    assert code == 2 and "declared to be octal 4.3303, but the options of heap 37 differ" in err
    assert "Traceback" not in err
    with pytest.raises(InvalidGameError, match="bad octal code"):
        grundy.heap_game("om-bad", octal="0.8")(tutorial)
