"""Grid coin-turning games (turning-corners, products) against brute force written here."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations

import pytest

from grundy import InvalidGameError, InvalidPositionError, Outcome, load_game, moves_to_value, solve
from grundy.games.coins2d import CoinProduct, TurningCorners
from grundy.theory.nimber import nim_mul

Heads = frozenset[tuple[int, int]]
SetsOf = Callable[[int], Iterator[frozenset[int]]]


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


# ---- turning corners: the 4 corners of a rectangle whose far corner is a head ----
def corner_options(heads: Heads) -> Iterator[Heads]:
    for x, y in heads:
        for x2 in range(x):
            for y2 in range(y):
                yield heads ^ {(x, y), (x2, y), (x, y2), (x2, y2)}


@cache
def corners_value(heads: Heads) -> int:
    return _mex({corners_value(o) for o in corner_options(heads)})


# ---- 1-D move sets (largest coin first), coins numbered from 1 ----
def turtles_sets(p: int) -> Iterator[frozenset[int]]:
    yield frozenset({p})
    for q in range(1, p):
        yield frozenset({p, q})


def mock_sets(p: int) -> Iterator[frozenset[int]]:
    for k in range(3):
        for rest in combinations(range(1, p), k):
            yield frozenset({p, *rest})


def ruler_sets(p: int) -> Iterator[frozenset[int]]:
    for q in range(1, p + 1):
        yield frozenset(range(q, p + 1))


SETS: dict[str, SetsOf] = {"turning-turtles": turtles_sets, "mock-turtles": mock_sets, "ruler": ruler_sets}


def product_options(sets1: SetsOf, sets2: SetsOf, heads: Heads) -> Iterator[Heads]:
    for x, y in heads:
        for a in sets1(x):
            for b in sets2(y):
                yield heads ^ {(i, j) for i in a for j in b}


def product_brute(first: str, second: str) -> Callable[[Heads], int]:
    @cache
    def value(heads: Heads) -> int:
        return _mex({value(o) for o in product_options(SETS[first], SETS[second], heads)})

    return value


def boards(width: int, height: int, origin: int) -> list[Heads]:
    cells = [(x, y) for x in range(origin, origin + width) for y in range(origin, origin + height)]
    return [frozenset(c) for k in range(len(cells) + 1) for c in combinations(cells, k)]


def _check(game: TurningCorners | CoinProduct, heads: Heads, value: int,
           options: list[Heads], value_of: Callable[[Heads], int]) -> None:
    position = game.validate(sorted(heads))
    answer = solve(game, position)
    assert answer.grundy == value, (game.spec, sorted(heads))
    assert answer.outcome is (Outcome.N if value else Outcome.P)
    expected = {o for o in options if value_of(o) == 0}
    got = [frozenset(m.to) for m in answer.winning_moves]
    assert len(got) == len(set(got)) and set(got) == expected, (game.spec, sorted(heads))


@pytest.mark.slow
def test_turning_corners_on_every_4x3_board() -> None:
    game = load_game("turning-corners")
    assert isinstance(game, TurningCorners)
    for heads in boards(4, 3, 0):
        options = list(corner_options(heads))
        _check(game, heads, corners_value(heads), options, corners_value)
    for heads in boards(3, 3, 0)[::7]:  # moves to every value, not only 0
        options = list(corner_options(heads))
        for target in range(6):
            got = {frozenset(m.to) for m in moves_to_value(game, sorted(heads), target)}
            assert got == {o for o in options if corners_value(o) == target}, (sorted(heads), target)


@pytest.mark.parametrize("first", sorted(SETS))
@pytest.mark.parametrize("second", sorted(SETS))
def test_products_on_every_3x3_board(first: str, second: str) -> None:
    game = load_game(f"product({first},{second})")
    brute = product_brute(first, second)
    for heads in boards(3, 3, 1):
        options = list(product_options(SETS[first], SETS[second], heads))
        _check(game, heads, brute(heads), options, brute)


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("ruler", "mock-turtles"), ("mock-turtles", "turning-turtles")])
def test_products_on_every_4x3_board(pair: tuple[str, str]) -> None:
    first, second = pair
    game = load_game(f"product({first},{second})")
    brute = product_brute(first, second)
    for heads in boards(4, 3, 1):
        options = list(product_options(SETS[first], SETS[second], heads))
        _check(game, heads, brute(heads), options, brute)


# ---- larger boards: the mex recursion, with nim products from their mex definition ----
N = 16


def _mex_products(n: int) -> list[list[int]]:
    table = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            table[a][b] = _mex({table[i][b] ^ table[a][j] ^ table[i][j] for i in range(a) for j in range(b)})
    return table


TIMES = _mex_products(N)


def _coin_values(sets: SetsOf, n: int) -> list[int]:
    values = [0]
    for p in range(1, n):  # a lone head at p: the options are the other coins of a move set
        options = set()
        for s in sets(p):
            total = 0
            for q in s - {p}:
                total ^= values[q]
            options.add(total)
        values.append(_mex(options))
    return values


def test_larger_boards_satisfy_the_mex_recursion() -> None:
    rng = random.Random(11)
    cases: list[tuple[object, SetsOf, SetsOf, int, list[int], list[int]]] = [
        (load_game("turning-corners"), lambda p: (frozenset({p, q}) for q in range(p)),
         lambda p: (frozenset({p, q}) for q in range(p)), 0, list(range(N)), list(range(N)))]
    for first, second in [("ruler", "mock-turtles"), ("turning-turtles", "ruler"),
                          ("mock-turtles", "mock-turtles")]:
        v1, v2 = _coin_values(SETS[first], 9), _coin_values(SETS[second], 9)
        cases.append((load_game(f"product({first},{second})"), SETS[first], SETS[second], 1, v1, v2))
    for game, sets1, sets2, origin, v1, v2 in cases:
        assert isinstance(game, TurningCorners | CoinProduct)
        size = N if origin == 0 else 9  # mock-turtle values of coins below 9 stay below 16

        def value(heads: Heads, v1: list[int] = v1, v2: list[int] = v2) -> int:
            total = 0
            for x, y in heads:
                total ^= TIMES[v1[x]][v2[y]]
            return total

        cells = [(x, y) for x in range(origin, size) for y in range(origin, size)]
        for _ in range(25):
            heads = frozenset(rng.sample(cells, rng.randint(1, 6)))
            options = list(product_options(sets1, sets2, heads))
            g = value(heads)
            assert g == _mex({value(o) for o in options}), (game.spec, sorted(heads))
            _check(game, heads, g, options, value)


# ---- interface ----
def test_the_command_line_form() -> None:
    game = load_game("turning-corners")
    answer = solve(game, game.parse_position("1,2 3,3"))
    assert (answer.grundy, answer.winning_moves) == (0, [])
    assert "Tartan theorem" in answer.reason and "1⊗2 ⊕ 3⊗3 = 2 ⊕ 2 = 0" in answer.reason
    assert game.format_position(game.parse_position(" 3,3  1,2 ")) == "1,2 3,3"
    assert game.parse_position("-") == game.parse_position("") == ()
    assert game.format_position(()) == "-"
    assert solve(game, "2,2 3,3").winning_moves[-1].label == "turn {2,3} × {2,3} (head 3,3 → tails)"


def test_big_coordinates() -> None:
    game = load_game("turning-corners")
    d = 2**64
    assert solve(game, f"{d},{d}").grundy == 3 * d // 2  # a Fermat 2-power squared
    answer = solve(game, "3000000,2000000 5,7")
    assert answer.grundy is not None and answer.grundy > 0
    assert not answer.moves_listed and answer.note and "not listed" in answer.note
    product = load_game("product(ruler,turning-turtles)")
    answer = solve(product, "1024,3 6,6")
    # ruler v(1024) = 1024 = 256·4 and turtles v(3) = 3: 1024 ⊗ 3 = 256·(4 ⊗ 3); ruler v(6) = 2
    assert answer.grundy == (256 * TIMES[4][3]) ^ TIMES[2][6]
    assert all(solve(product, m.to).grundy == 0 for m in answer.winning_moves)


@pytest.mark.parametrize("spec", ["product(turning-turtles,ruler)", "product(mock-turtles,ruler)",
                                  "product(ruler,mock-turtles)", "product(mock-turtles,mock-turtles)"])
def test_a_coordinate_of_10_to_the_11_is_answered_without_its_coins_in_memory(spec: str) -> None:
    """The value by the Tartan theorem; the moves are not listed, refused by counting the move sets
    and the 1-D searches they need (a factor that scans the coins left of its head), before any is
    tried, and the remoteness's options are made one at a time (a pool of 10**11 coins was built
    at once before: a MemoryError)."""
    game = load_game(spec)
    f1, f2 = game.factors  # type: ignore[attr-defined]
    x, y = 123456789012, 98765432109
    answer = solve(game, f"{x},{y} 5,7")
    assert answer.grundy == nim_mul(f1.coin_value(x), f2.coin_value(y)) ^ nim_mul(f1.coin_value(5),
                                                                                  f2.coin_value(7))
    assert not answer.moves_listed and answer.note and "not listed" in answer.note
    assert solve(game, f"3,{y}").grundy == nim_mul(f1.coin_value(3), f2.coin_value(y))


@pytest.mark.parametrize(("spec", "text", "quoted"), [
    ("turning-corners", "1;2", "'1;2'"), ("turning-corners", "-1,2", "'-1,2'"),
    ("turning-corners", "1,2 1,2", "1,2"), ("product(ruler,ruler)", "0,1", "0,1"),
    ("turning-corners", "1,2,3", "'1,2,3'"),
])
def test_bad_positions(spec: str, text: str, quoted: str) -> None:
    with pytest.raises(InvalidPositionError, match=quoted):
        load_game(spec).parse_position(text)


def test_bad_products() -> None:
    with pytest.raises(InvalidGameError, match="'nim'"):
        load_game("product(nim,ruler)")
    with pytest.raises(InvalidGameError, match="two coin-turning games"):
        load_game("product(ruler)")
    game = load_game("product( Ruler , mock-turtles )")
    assert game.spec == "product(ruler,mock-turtles)" and load_game(game.spec) == game
    with pytest.raises(InvalidPositionError):
        game.validate([(1, 2, 3)])
