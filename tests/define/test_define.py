"""Games defined in a few lines (grundy.heap_game, grundy.game): values against an independent
brute force, parameters, splits, one-line errors, cycles, patterns beyond the table, rules files."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy import catalog
from grundy.cli.rules import load_rules, move_source
from grundy.define import answering
from grundy.errors import InvalidGameError, InvalidInputError, SearchLimitError
from grundy.tables.analysis import analyze

# ---- an independent brute force (mex over options, nothing of grundy) -----------------------------


def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def heap_brute(upto: int, options: Callable[[int], list[Any]]) -> list[int]:
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for o in options(n):
            parts = o if isinstance(o, tuple) else (o,)
            x = 0
            for h in parts:
                x ^= g[h]
            seen.add(x)
        g.append(mex(seen))
    return g


def retrograde(positions: list[Any], options: Callable[[Any], list[Any]]) -> dict[Any, str]:
    """Win/lose/draw of every position by retrograde analysis (a finite closed set of positions)."""
    result: dict[Any, str] = {}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if p in result:
                continue
            outs = [result.get(q) for q in options(p)]
            if "P" in outs:
                result[p], changed = "N", True
            elif all(o == "N" for o in outs):
                result[p], changed = "P", True
    return {p: result.get(p, "D") for p in positions}


NAMES = ["t-bare-heap", "t-bare-pair", "t-digit", "t-split", "t-take", "t-pairs", "t-loop", "t-bad",
         "t-raise", "t-none",
         "t-entry", "t-cyc-pair"]


@pytest.fixture(autouse=True)
def _forget_games() -> Iterator[None]:
    yield
    for name in NAMES:
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def digit_moves(n: int) -> list[int]:
    return [n - int(d) for d in str(n) if d != "0"]


def split_moves(n: int) -> list[Any]:
    # take one, split into two unequal heaps, or remove an even heap entirely
    out: list[Any] = [n - 1] if n else []
    out += [(a, n - a) for a in range(1, (n + 1) // 2)]
    if n and n % 2 == 0:
        out.append(())
    return out


def test_digit_game_matches_brute_force() -> None:
    fn = grundy.heap_game("t-digit")(digit_moves)
    assert fn is digit_moves and fn(25) == [23, 20]
    game = grundy.load_game("t-digit")
    want = heap_brute(400, digit_moves)
    assert [grundy.grundy_value(game, n) for n in range(401)] == want
    assert analyze(game, 400).values.tolist() == want
    assert grundy.grundy_value(game, (37, 123, 400)) == want[37] ^ want[123] ^ want[400]
    answer = grundy.solve(game, (57,))
    assert {m.to for m in answer.winning_moves} == {(57 - d,) for d in (5, 7) if want[57 - d] == 0}
    assert all(m.label.startswith("57 → ") for m in game.moves((57,)))


def test_bare_decorators_register_under_the_function_name() -> None:
    # ``@grundy.heap_game`` written without parentheses used to return a decorator and register
    # nothing (the game was then "unknown"); it now registers the function under its own name.
    def t_bare_heap(n: int) -> list[int]:
        """Take away one of the heap's nonzero digits."""
        return digit_moves(n)

    def t_bare_pair(p: tuple[int, int]) -> list[tuple[int, int]]:
        a, b = p
        return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    assert grundy.heap_game(t_bare_heap) is t_bare_heap
    assert grundy.game(t_bare_pair) is t_bare_pair
    heap = grundy.load_game("t-bare-heap")
    assert [grundy.grundy_value(heap, n) for n in range(120)] == heap_brute(119, digit_moves)
    assert catalog.find_entry("t-bare-heap").summary == "Take away one of the heap's nonzero digits."
    pair = grundy.load_game("t-bare-pair")
    assert grundy.grundy_value(pair, (3, 5)) == (3 + 5) % 2
    with pytest.raises(InvalidGameError, match="must be a string, got 5"):
        grundy.heap_game(5)  # type: ignore[call-overload]


def test_splitting_game_with_removal() -> None:
    grundy.heap_game("t-split")(split_moves)
    game = grundy.load_game("t-split")
    want = heap_brute(120, split_moves)
    assert analyze(game, 120).values.tolist() == want
    assert [grundy.grundy_value(game, n) for n in range(60)] == want[:60]
    labels = [m.label for m in game.moves((6,))]
    assert "6 → 5" in labels and "6 → 1 + 5" in labels and "6 → nothing" in labels
    assert game.has_splits
    for move in grundy.winning_moves(game, (9, 14)):
        rest = move.to
        assert grundy.grundy_value(game, rest) == 0


def test_parameters() -> None:
    @grundy.heap_game("t-take")
    def take(n: int, *, k: int = 2) -> list[int]:
        return [n - j for j in range(1, k + 1) if j <= n]

    five = grundy.load_game("t-take(k=5)")
    assert five.spec == "t-take(k=5)" and grundy.load_game("t-take").spec == "t-take"
    assert five == grundy.load_game("t-take( k = 5 )") and hash(five) == hash(grundy.load_game("t-take(k=5)"))
    assert grundy.load_game("t-take(k=2)") == grundy.load_game("t-take")
    assert [grundy.grundy_value(five, n) for n in range(30)] == heap_brute(29, lambda n: take(n, k=5))
    cache = grundy.Cache()
    grundy.grundy_value(grundy.load_game("t-take(k=5)"), 20, cache=cache)
    grundy.grundy_value(grundy.load_game("t-take(k=5)"), 21, cache=cache)
    assert len(cache.games) == 1
    for bad in ("t-take(5)", "t-take(j=1)", "t-take(k=x)"):
        with pytest.raises(InvalidGameError) as info:
            grundy.load_game(bad)
        assert "\n" not in str(info.value) and "t-take" in str(info.value)
    source = move_source(grundy.load_game("t-take(k=3)"))
    assert source is not None and source.startswith("def moves(n: int, *, k: int=3)"), source


def test_parameters_must_be_keyword_only() -> None:
    with pytest.raises(InvalidGameError, match="keyword-only"):
        grundy.heap_game("t-bad")(lambda n, k=3: [])
    with pytest.raises(InvalidGameError, match="first argument"):
        grundy.heap_game("t-bad")(lambda *, k=3: [])


@pytest.mark.parametrize(("moves", "words"), [
    (lambda n: [n + 1], ["t-bad", "heap 0", "1"]),
    (lambda n: [n - 2] if n >= 1 else [], ["t-bad", "heap 1", "-1"]),
    (lambda n: [n / 2] if n else [], ["t-bad", "heap 1", "0.5"]),
    (lambda n: [(n - 1, n)] if n else [], ["t-bad", "split", "heap 1"]),
    (lambda n: [] if n == 0 else [n - 1] if n < 3 else [1 // (n - 3)],
     ["t-bad", "heap 3", "ZeroDivisionError"]),
    (lambda n: None, ["t-bad", "heap 0", "None"]),
    (lambda n: 7, ["t-bad", "heap 0", "7"]),
])
def test_bad_move_functions_are_one_line_errors(moves: Callable[[int], Any], words: list[str]) -> None:
    grundy.heap_game("t-bad")(moves)
    game = grundy.load_game("t-bad")
    for attempt in (lambda: analyze(game, 10), lambda: grundy.solve(game, (5,))):
        with pytest.raises(InvalidGameError) as info:
            attempt()
        text = str(info.value)
        assert "\n" not in text and all(w in text for w in words), text


def pair_moves(position: tuple[int, int]) -> list[tuple[int, int]]:
    a, b = position
    return [(a - k, b) for k in (1, 3) if k <= a] + [(a - 1, b - 1)] * (a > 0 and b > 0) + \
        [(a, b - k) for k in (2,) if k <= b]


def test_game_on_pairs() -> None:
    grundy.game("t-pairs")(pair_moves)
    game = grundy.load_game("t-pairs")
    assert game.parse_position("3 4") == (3, 4) and game.format_position((3, 4)) == "3 4"
    grid = game.table_2d(12)
    want = [[0] * 13 for _ in range(13)]
    for a in range(13):
        for b in range(13):
            want[a][b] = mex({want[x][y] for x, y in pair_moves((a, b))})
    assert grid == want
    answer = grundy.solve(game, (9, 11))
    assert answer.grundy == want[9][11]
    assert {m.to for m in answer.winning_moves} == {q for q in pair_moves((9, 11)) if want[q[0]][q[1]] == 0}


LOOP = {0: [1], 1: [2, 3], 2: [0], 3: [], 4: [5], 5: [4, 6], 6: [5], 7: [4, 3], 8: [7, 8], 9: [8]}


def test_loopy_game_is_answered_by_the_loopy_solver() -> None:
    grundy.game("t-loop")(lambda p: LOOP[p])
    game = grundy.load_game("t-loop")
    want = retrograde(list(LOOP), lambda p: LOOP[p])
    for p in LOOP:
        answer = grundy.solve(game, p)
        assert answer.outcome.value == want[p], p
        assert {m.to for m in answer.winning_moves} == {q for q in LOOP[p] if want[q] == "P"}
        if want[p] == "D":
            assert isinstance(answer.grundy, str) and answer.grundy.startswith("inf")
            assert "Smith" in answer.reason


def test_cyclic_pairs_are_refused_by_the_grid() -> None:
    grundy.game("t-cyc-pair")(lambda p: [(p[1], p[0])] if p[0] != p[1] else [])
    with pytest.raises(grundy.NotSupportedError, match="can reach itself"):
        grundy.load_game("t-cyc-pair").table_2d(3)


def test_patterns_beyond_the_table() -> None:
    @grundy.heap_game("t-take")
    def take(n: int, *, k: int = 2) -> list[int]:
        return [n - j for j in range(1, k + 1) if j <= n]

    game = grundy.load_game("t-take(k=4)")
    with pytest.raises(SearchLimitError) as info:
        grundy.solve(game, (10**15,))
    error = info.value  # the library names its parameters; the command line writes its flags
    assert "conjecture=True" in str(error) and "limit=" in str(error) and "--" not in str(error)
    assert error.parameters == ("table", "limit", "conjecture") and error.spec == "t-take(k=4)"
    from grundy.cli.common import flag_message

    cli = flag_message(error)
    assert "--conjecture" in cli and "'grundy table t-take(k=4) --upto N'" in cli and "--limit" in cli
    with answering(conjecture=True) as context:
        answer = grundy.solve(game, (10**15 + 3, 7))
    assert answer.grundy == ((10**15 + 3) % 5) ^ 2
    assert [p.formula for p in context.used] == ["n % 5"]
    assert "conjectured pattern G(n) = n % 5" in answer.reason
    with answering(conjecture=True):
        assert grundy.solve(game, (10**15 + 3,)).reason.startswith("by the conjectured pattern")
    # within the budget the table answers, no pattern needed
    assert grundy.grundy_value(game, 123_456) == 123_456 % 5


def test_rules_files(tmp_path: Path) -> None:
    good = tmp_path / "rules.py"
    good.write_text("import grundy\n\n@grundy.heap_game('t-digit')\n"
                    "def moves(n):\n    return [n - int(d) for d in str(n) if d != '0']\n")
    load_rules(str(good))
    load_rules(str(good))  # executed once
    assert grundy.grundy_value(grundy.load_game("t-digit"), 57) == heap_brute(57, digit_moves)[57]
    broken = tmp_path / "broken.py"
    broken.write_text("import grundy\nraise RuntimeError('oops')\n")
    with pytest.raises(InvalidInputError, match=r"broken\.py.*RuntimeError: oops"):
        load_rules(str(broken))
    syntax = tmp_path / "syntax.py"
    syntax.write_text("def f(:\n")
    with pytest.raises(InvalidInputError, match=r"syntax\.py.*line 1"):
        load_rules(str(syntax))
    with pytest.raises(InvalidInputError, match="not found"):
        load_rules(str(tmp_path / "missing.py"))


def test_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    def entry_moves(n: int) -> list[int]:
        return [n - 1] if n else []

    cls = grundy.heap_game("t-entry")(entry_moves).game_class  # type: ignore[attr-defined]
    catalog.unregister("t-entry")

    class Point:
        name, value = "t-entry", "somewhere:cls"

        def load(self) -> Any:
            return cls

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [Point()])
    monkeypatch.setattr(catalog, "_entry_points_loaded", False)
    assert grundy.grundy_value(grundy.load_game("t-entry"), 9) == 1
