"""A sum of two parts that carry data along (a game's positions holding, say, the intervals of
AtCoder ABC 206 F) is put in its one form by the parts' first difference, not by the ``repr`` of
each whole part: that cost as much as the parts are long, on every split the game lists."""

from __future__ import annotations

import itertools

import grundy
from grundy import Sum


class _Counted:
    """A hashable, comparable leaf that counts how often it is written out."""

    calls = 0

    def __init__(self, key: int) -> None:
        self.key = key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Counted) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        _Counted.calls += 1
        return f"_Counted({self.key})"


def test_two_long_parts_are_ordered_without_their_repr() -> None:
    data = tuple(_Counted(k) for k in range(50))
    _Counted.calls = 0
    left, right = (1, 5, data), (7, 9, data)
    assert Sum(right, left).parts == (left, right)
    assert Sum(left, right) == Sum(right, left)
    assert _Counted.calls == 0


def test_two_parts_have_one_form_in_either_order() -> None:
    parts = [(1, "a"), (1, "b"), ("x",), (2, (3, "c")), (2, (3, 4)), (2, 3), ("y", 1),
             (1, (2,)), (1, 2), ((1, 2), "z")]
    for a, b in itertools.permutations(parts, 2):
        assert Sum(a, b).parts == Sum(b, a).parts
        assert Sum(a, b) == Sum(b, a) and hash(Sum(a, b)) == hash(Sum(b, a))
    assert Sum(("b",), ("a",)).parts == (("a",), ("b",))
    assert Sum("b", "a").parts == ("a", "b")


def test_two_parts_have_one_form_however_the_sum_is_written() -> None:
    """The quick way (two parts given) and the general one (a sum within a sum, an empty part
    left out) put two parts of one kind in the same order, so the sum is one position."""
    for a, b in [((10, "a"), (9, "a")), ((9, "a"), (10, "a")), (("b", 10), ("b", 9)), ("ab", "b")]:
        ways = [Sum(a, b), Sum(b, a), Sum(Sum(a, b), ()), Sum(b, Sum(a)), Sum((), a, Sum(), b)]
        assert all(w == ways[0] and hash(w) == hash(ways[0]) and w.parts == ways[0].parts for w in ways)


def test_a_game_whose_positions_carry_its_data() -> None:
    @grundy.game("sum-long-parts-intervals")
    def intervals(p):  # type: ignore[no-untyped-def]
        lo, hi, ivs = p
        return [Sum((lo, a, ivs), (b, hi, ivs)) for a, b in ivs if lo <= a and b <= hi]

    game = grundy.load_game("sum-long-parts-intervals")
    ivs = ((1, 2), (2, 3), (3, 4), (1, 3))
    # the intervals [1,2) [2,3) [3,4) [1,3) on [1,4), against a plain mex over (l, r)
    memo: dict[tuple[int, int], int] = {}

    def value(lo: int, hi: int) -> int:
        if (lo, hi) not in memo:
            seen = {value(lo, a) ^ value(b, hi) for a, b in ivs if lo <= a and b <= hi}
            memo[lo, hi] = next(v for v in itertools.count() if v not in seen)
        return memo[lo, hi]

    assert grundy.grundy_value(game, (1, 4, ivs)) == value(1, 4)
