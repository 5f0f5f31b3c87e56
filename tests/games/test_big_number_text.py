"""Catalogue games write numbers past 3,000 digits by int_text (python-flint, near-linear), not by
``str`` (quadratic: seconds at 10^200000), in the labels, positions and messages where a huge heap
made ``grundy solve`` slow, and the text is the one ``str`` writes."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from grundy import load_game
from grundy.errors import NotSupportedError, SearchLimitError, TooManyMovesError
from grundy.games.takeaway import infinite_subtraction
from grundy.games.takebreak import grundy_game, lasker
from grundy.model import textio

N = 10**4000 + 12_345  # (13,288 bits: past textio.BIG_BITS)


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[int]]:
    """The numbers written by python-flint from now on (a stand-in module that records each one
    and writes it with ``int.__str__``, the reference text), nothing remembered from before."""
    seen: set[int] = set()

    class Fmpz:
        def __init__(self, value: int) -> None:
            seen.add(value)
            self.value = value

        def __str__(self) -> str:
            return int.__str__(self.value)

    monkeypatch.setitem(sys.modules, "flint", types.SimpleNamespace(fmpz=Fmpz))
    monkeypatch.setattr(textio, "_RECENT", {})
    yield seen


def fresh(written: set[int]) -> None:
    """Forget the numbers recorded, and those int_text remembers (it would not write them again)."""
    written.clear()
    textio._RECENT.clear()


def test_split_labels(written: set[int]) -> None:
    a = 10**3500 + 1
    for describe in (lasker.describe_split, grundy_game.describe_split):
        fresh(written)
        assert describe(N, a, N - a) == "split " + str(N) + " → " + str(a) + " + " + str(N - a)
        assert {N, a, N - a} <= written, describe.__module__
    answer = load_game("lasker-nim").heap_moves(N)
    assert next(iter(answer))[0] == f"take 1: {N!s} → {N - 1!s}"


def test_split_game_position(written: set[int]) -> None:
    game = load_game("split-game")
    assert game.format_position((N, 3, N + 1)) == f"{N!s} 3 {N + 1!s}"
    assert {N, N + 1} <= written


def test_messages_about_a_huge_heap(written: set[int]) -> None:
    grouped = f"{N:,}"
    with pytest.raises(NotSupportedError) as info:
        grundy_game.heap_value(N)
    assert f"a heap of {grouped} is above" in str(info.value) and N in written

    fresh(written)
    with pytest.raises(SearchLimitError) as limit:
        infinite_subtraction._table("fibonacci", N)
    assert f"heap {grouped} needs a larger table" in str(limit.value)
    assert str(limit.value).endswith(f"to at least {N!s}") and N in written

    odd = load_game("subtraction(odd)")
    fresh(written)
    with pytest.raises(TooManyMovesError) as many:
        odd._heap_moves_to_value(N, (N + 1) % 2)
    assert str(many.value).startswith(f"subtraction(odd): every odd take from {N!s} reaches value 0: "
                                      f"{(N + 1) // 2:,} moves") and {N, (N + 1) // 2} <= written
    even = N + 1
    fresh(written)
    with pytest.raises(TooManyMovesError) as misere:
        odd._misere_winning_moves((even,))
    assert f"every odd take from {even!s} wins: {even // 2:,} moves" in str(misere.value)
    assert {even, even // 2} <= written


def test_take_labels_of_fibonacci_nim_and_wythoff(written: set[int]) -> None:
    """Their moves are listed while the remoteness is searched (each big option charged as
    int_text writes it) and their winning moves are printed."""
    fibonacci = load_game("fibonacci-nim")
    assert [m.label for m in fibonacci.moves((N, 2))] == [f"take {k}: {N!s} → {N - k!s}" for k in (1, 2)]
    assert {N, N - 1, N - 2} <= written
    wythoff = load_game("wythoff")
    fresh(written)
    moves = wythoff._winning_moves((N, 7))
    takes = [N - m.to[0] if m.to[1] == 7 else 7 - m.to[1] for m in moves]
    assert [m.label for m in moves] == [f"take {t!s} from heap 1" if t > 7 else f"take {t} from heap 2"
                                        for t in takes]
    assert any(t > 7 for t in takes) and {t for t in takes if t > 7} <= written
