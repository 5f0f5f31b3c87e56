"""The table builder of a user's heap game without a budget (grundy.define.fill): values against
a brute force written here, across chunk boundaries, the switch to splits and the switch between
the loops with bits (small values) and with sets, and the clear error of the first bad heap, in
each of the four loops."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import grundy
from grundy import catalog
from grundy.define import fill
from grundy.errors import InvalidGameError

NAME = "t-fill"


@pytest.fixture(autouse=True, params=[len(fill.BIT), 3])
def _small_chunks(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[None]:
    monkeypatch.setattr(fill, "CHUNK", 16)  # many chunk boundaries in a short table
    # the loops with bits take values below len(BIT): with 3, most chunks switch to the sets
    monkeypatch.setattr(fill, "BIT", fill.BIT[:request.param])
    yield
    if catalog.find_entry(NAME) is not None:
        catalog.unregister(NAME)


def brute(moves: Callable[[int], Any], stop: int) -> list[int]:
    """G(0..stop-1) by the definition: mex over options of the XOR of their heaps."""
    g: list[int] = []
    for n in range(stop):
        values = set()
        for option in moves(n):
            parts = (option,) if isinstance(option, int) else option
            total = 0
            for h in parts:
                total ^= g[h]
            values.add(total)
        g.append(min(set(range(len(values) + 1)) - values))
    return g


def table(moves: Callable[[int], Any], stop: int) -> list[int]:
    grundy.heap_game(NAME)(moves)
    return grundy.load_game(NAME).build_table(stop - 1, "auto", None).values.tolist()


GAMES: list[Callable[[int], Any]] = [
    lambda n: [n - int(d) for d in str(n) if d != "0"],  # ints only
    lambda n: [n - k for k in (1, 3, 4) if k <= n],  # ints only
    lambda n: list(range(n)),  # long option lists (nim)
    lambda n: [n - 1] if n else [],
    # ints only, then a split first at heap 37 (mid-chunk), then splits of 2 and 3 parts and ()
    lambda n: [n - k for k in (1, 2) if k <= n] + ([(1, n - 3)] if n >= 37 else []),
    lambda n: [n - 1] * (n > 0) + [(a, n - 1 - a) for a in range(1, n // 2)] + [(1, 1, n - 3)] * (n > 40)
    + [()] * (n % 5 == 0),
    lambda n: (n - k for k in (1, 2) if k <= n),  # a generator, not a list
    lambda n: [n - 1, n - 1, n - 2] if n >= 2 else [],  # repeated options
    lambda n: list(range(max(0, n - 20), n)),  # values 0..20 and back: bits, sets, bits again
    lambda n: [(h,) for h in range(max(0, n - 20), n)] + [[1, 1]] * (n > 1),  # 1-tuples, a list
    lambda n: [(n - 1, n - 1, n - 1)] * (n > 0) + [()] + [(a, n - 1 - a) for a in range(n // 2)],
]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_values_match_the_brute_force(index: int) -> None:
    moves = GAMES[index]
    assert table(moves, 130) == brute(moves, 130)


@pytest.mark.parametrize(("bad_at", "long"), [(0, False), (5, False), (16, False), (31, False),
                                              (40, True), (47, True)])
def test_a_negative_option_is_refused_at_its_heap(bad_at: int, long: bool) -> None:
    def moves(n: int) -> list[int]:
        out = [n - k for k in (1, 2) if k <= n]
        if long and n:
            out += [n - 1] * 6
        if n == bad_at:
            out.append(-1)  # reads heap n - 1 if it is not checked
        return out

    with pytest.raises(InvalidGameError) as info:
        table(moves, 60)
    text = str(info.value)
    assert f"heap {bad_at}" in text and "-1" in text, text


def test_the_first_error_wins_over_a_later_failure_in_the_same_chunk() -> None:
    def moves(n: int) -> list[int]:
        if n == 20:
            return [n - 1, -3]  # first fault (chunk 16..31)
        if n == 22:
            raise ZeroDivisionError("later")
        return [n - 1] if n else []

    with pytest.raises(InvalidGameError) as info:
        table(moves, 40)
    assert "heap 20" in str(info.value) and "-3" in str(info.value)


@pytest.mark.parametrize(("moves", "words"), [
    (lambda n: [n - 1.0] if n else [], ["heap 1", "0.0"]),
    (lambda n: [n] if n == 19 else [n - 1] if n else [], ["heap 19"]),
    (lambda n: [n - 1, "x"] if n == 18 else [n - 1] if n else [], ["heap 18", "x"]),
    (lambda n: [(n - 1, -2)] if n == 25 else [n - 1] if n else [], ["heap 25", "-2"]),
    (lambda n: [(1, n - 2, -1)] if n == 26 else [n - 1] if n else [], ["heap 26", "-1"]),
    (lambda n: [n - 1, [n - 2, -5]] if n == 27 else [n - 1] if n else [], ["heap 27", "-5"]),
    (lambda n: [(1, n)] if n == 21 else [n - 1] if n else [], ["heap 21", "smaller than 21"]),
    (lambda n: [(1, 2.0)] if n == 22 else [n - 1] if n else [], ["heap 22", "2.0"]),
    (lambda n: [n - 1, {1, 2}] if n == 23 else [n - 1] if n else [], ["heap 23", "{1, 2}"]),
    (lambda n: [n - 1, -1] if n == 24 else list(range(n)), ["heap 24", "-1"]),  # large values
    (lambda n: [(1, 1)] * (n > 1) + ([n - 1, -1] if n == 28 else list(range(n))), ["heap 28", "-1"]),
    (lambda n: 5 if n == 17 else [n - 1] if n else [], ["heap 17", "5"]),
    (lambda n: [n - 1, grundy.Sum(1, n - 2)] if n == 29 else [n - 1] if n else [],
     ["heap 29", "Sum(1, 27)", "a tuple of the heaps it leaves"]),  # (Sum is for @grundy.game)
])
def test_bad_options_are_clear_errors(moves: Callable[[int], Any], words: list[str]) -> None:
    with pytest.raises(InvalidGameError) as info:
        table(moves, 40)
    text = str(info.value)
    assert "\n" not in text and all(w in text for w in words), text


@pytest.mark.parametrize("big", [False, True])
@pytest.mark.parametrize("at", [32, 37])  # (with chunks of 16: a chunk's first heap, or in its middle)
@pytest.mark.parametrize("split", [(1, "m"), (1, 1, "m"), [1, "m"]])
def test_splits_are_recorded(split: Any, at: int, big: bool) -> None:
    def moves(n: int) -> list[Any]:  # (big: values past any BIT, the loops with sets)
        out: list[Any] = list(range(n)) if big else [n - k for k in (1, 2) if k <= n]
        out += [(), (n - 1,)] if n else [()]  # neither splits a heap
        if n == at:  # the only split
            out.append(type(split)(n - 3 if h == "m" else h for h in split))
        return out

    grundy.heap_game(NAME)(moves)
    game = grundy.load_game(NAME)
    first, more = game.build_table(30, "auto", None), game.build_table(60, "auto", None)
    assert first is not None and more is not None
    assert not first.splits and more.splits  # the splits each table saw (the game's are fixed)
    assert more.values.tolist() == brute(moves, 61)


@pytest.mark.parametrize("budget", [None, 10**9])
@pytest.mark.parametrize(("big", "split"), [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("bad", [True, False, (True, "m"), ("m", False), (1, False, "m"), [True, "m"],
                                 [False]])
def test_a_bool_option_is_refused_on_every_path(bad: Any, big: bool, split: bool,
                                                budget: int | None) -> None:
    """True and False are ints to Python but not heaps: every loop (bits or sets, ints only or
    with splits, with or without a budget) refuses one at its heap, with the checked error."""
    at = 21

    def moves(n: int) -> list[Any]:  # (big: values past any BIT, the loops with sets)
        out: list[Any] = list(range(n)) if big else [n - k for k in (1, 2) if k <= n]
        if split and n >= 4:  # splits from heap 4 on: the loops that check each split's parts
            out.append((1, n - 2))
        if n == at:
            out.append(bad if type(bad) is bool else type(bad)(n - 3 if h == "m" else h for h in bad))
        return out

    grundy.heap_game(NAME)(moves)
    game = grundy.load_game(NAME)
    g: list[int] = []
    with pytest.raises(InvalidGameError) as info:
        game.fill_table(g, 40, limit=budget)
    text = str(info.value)
    assert "\n" not in text and f"heap {at}" in text and "must be an int" in text, text
    assert len(g) == at and g == brute(moves, at)  # the heaps before it, right


@pytest.mark.parametrize(("tick", "reports"), [(1.0, [16, 32, 48, 64, 80, 96, 100]),  # slow chunks
                                               (0.0, [16, 48, 100])])  # fast: they double
def test_progress_is_reported_after_the_first_chunk_and_chunks_grow_while_fast(
        monkeypatch: pytest.MonkeyPatch, tick: float, reports: list[int]) -> None:
    monkeypatch.setattr(fill, "CHUNK", 64)
    clock = iter(range(10**6))
    monkeypatch.setattr(fill.time, "monotonic", lambda: next(clock) * tick)  # each reading `tick` on
    grundy.heap_game(NAME)(GAMES[0])
    seen: list[int] = []
    g: list[int] = []
    fill.fill_all(grundy.load_game(NAME), g, 100, lambda done, stop: seen.append(done))
    assert seen == reports and g == brute(GAMES[0], 100)


@pytest.mark.parametrize("split_at", [None, 20, 70])
@pytest.mark.parametrize("budgeted", [False, True])
def test_numpy_integers_are_heaps_in_every_loop(split_at: int | None, budgeted: bool) -> None:
    import numpy as np

    def moves(n: int) -> list[Any]:
        out: list[Any] = [np.int64(n - k) for k in (1, 2, 3) if k <= n]
        if split_at is not None and n >= split_at:
            out.append((np.int32(1), n - 2))  # a split, one part numpy's
        return out

    def plain(n: int) -> list[Any]:
        return [int(o) if not isinstance(o, tuple) else tuple(map(int, o)) for o in moves(n)]

    grundy.heap_game(NAME)(moves)
    game = grundy.load_game(NAME)
    g: list[int] = []
    if budgeted:
        game.fill_table(g, 100, limit=10**6)
    else:
        fill.fill_all(game, g, 100, None)
    assert g == brute(plain, 100)
    assert grundy.grundy_value(game, (90, 7)) == g[90] ^ g[7]
