"""The surface a game author writes: at most 12 overridable members of Game and HeapGame, and
every game of the catalogue (and every class the decorators build) overrides only those; the
rest of what a game knows is declared as data in one ``Laws``."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator

import pytest

import grundy
from grundy import catalog
from grundy.engine.sums import SumGame
from grundy.model.game import ContentHashedGame, Game, HeapGame
from grundy.model.laws import Laws

FRAMEWORK = (Game, HeapGame, ContentHashedGame)


def public_members(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


def overridden(cls: type) -> set[str]:
    """Public names ``cls`` or one of its non-framework ancestors defines that Game / HeapGame /
    ContentHashedGame also define (what the class overrides), besides dataclass fields."""
    names: set[str] = set()
    base_names = set().union(*(public_members(b) for b in FRAMEWORK))
    for klass in cls.__mro__:
        if klass in FRAMEWORK or klass is object or klass.__module__.startswith(("abc", "typing")):
            continue
        fields = {f.name for f in dataclasses.fields(klass)} if dataclasses.is_dataclass(klass) else set()
        names |= (public_members(klass) & base_names) - fields
    return names


def allowed(cls: type) -> set[str]:
    extra = {"from_graph"} if issubclass(cls, ContentHashedGame) else set()
    return set(Game.AUTHOR_MEMBERS) | set(Game.TRAITS) | extra


def catalogue_classes() -> Iterator[type[Game]]:
    for entry in catalog.registered_games():
        yield entry.load_class()


def test_at_most_twelve_author_members_all_defined() -> None:
    members = Game.AUTHOR_MEMBERS
    assert len(members) <= 12
    assert len(set(members)) == len(members)
    for name in members:
        owner = HeapGame if name.startswith("heap_") else Game
        assert hasattr(owner, name), name
        doc = inspect.getdoc(getattr(owner, name)) or ""
        assert doc, f"{name} has no docstring"


def test_framework_services_are_not_author_members() -> None:
    # the old hooks are read from the declaration now, not overridden
    for name in ("closed_value", "closed_outcome", "winning_moves_rule", "take_away_rule",
                 "heap_value", "period_rule", "build_table", "table_2d", "draw", "has_splits"):
        assert name not in Game.AUTHOR_MEMBERS


def test_every_catalogue_game_overrides_only_author_members() -> None:
    classes = list(catalogue_classes())
    assert len(classes) >= 20
    bad = {cls.__name__: sorted(overridden(cls) - allowed(cls)) for cls in classes}
    assert {k: v for k, v in bad.items() if v} == {}


def test_sum_game_overrides_only_author_members_and_lifting() -> None:
    assert overridden(SumGame) - allowed(SumGame) == {"lift_label", "lift_position"}


@pytest.fixture
def own_classes() -> Iterator[list[type[Game]]]:
    made: list[type[Game]] = []

    @grundy.heap_game("t-surface-heap")
    def take(n: int, *, k: int = 2) -> list[int]:
        return [n - j for j in range(1, k + 1) if j <= n]

    @grundy.game("t-surface-any")
    def step(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(p[0] - 1,)] if p[0] > 0 else []

    made += [take.game_class, step.game_class]  # type: ignore[attr-defined]
    yield made
    for name in ("t-surface-heap", "t-surface-any"):
        catalog.unregister(name)


def test_decorator_built_games_override_only_author_members(own_classes: list[type[Game]]) -> None:
    for cls in own_classes:
        assert overridden(cls) <= allowed(cls), cls.__name__


def test_the_check_can_fail() -> None:
    class Cheat(HeapGame):  # a game that overrides a library service instead of declaring laws
        def heap_moves(self, n: int) -> list[tuple[str, tuple[int, ...]]]:
            return []

        def heap_value(self, n: int) -> int:  # type: ignore[misc]
            return 0

    assert overridden(Cheat) - allowed(Cheat) == {"heap_value"}


def test_declarations_are_laws_and_read_back() -> None:
    nim = grundy.load_game("nim")
    assert isinstance(nim.laws, Laws)
    assert nim.laws.value is not None and nim.laws.value((3, 4, 5)) == 2
    kayles = grundy.load_game("kayles")
    assert isinstance(kayles, HeapGame)
    assert kayles.laws.splits and kayles.has_splits
    assert kayles.laws.octal_digits == kayles.octal_digits == (0, 7, 7)
    assert grundy.load_game("subtraction(1,2)").laws.splits is False


# ---- no hidden mutable state: explicit, bounded caches ------------------------------------------

def test_no_attribute_is_set_on_a_frozen_object_after_construction() -> None:
    from pathlib import Path

    root = Path(grundy.__file__).parent
    found = [f"{p.relative_to(root)}:{i}" for p in sorted(root.rglob("*.py"))
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if "object.__setattr__(" in line or "__dict__.get(" in line]
    # (the one exception: a hand-written frozen record sets its fields once, in its constructor)
    record = _line_of("model/record.py", "object.__setattr__(self, name, value)")
    assert found == [f"model/record.py:{record}"]


def _line_of(path: str, text: str) -> int:
    from pathlib import Path

    lines = (Path(grundy.__file__).parent / path).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_bounded_cache_forgets_the_least_recently_used() -> None:
    from grundy.model.bounded import BoundedCache

    cache: BoundedCache[int, int] = BoundedCache(2)
    made: list[int] = []

    def make(k: int) -> int:
        made.append(k)
        return k * k

    assert [cache.get(k, lambda k=k: make(k)) for k in (1, 2, 1, 3, 1, 2)] == [1, 4, 1, 9, 1, 4]
    assert made == [1, 2, 3, 2]  # 2 was the least recently used when 3 came; 1 stayed
    with pytest.raises(ValueError, match="maxsize"):
        BoundedCache(0)


def test_splits_of_an_own_heap_game_are_a_fact_fixed_once() -> None:
    @grundy.heap_game("t-surface-late-split")
    def late(n: int) -> list[object]:  # splits only from heap 5 on
        return [n - 1] + ([(1, n - 3)] if n >= 5 else []) if n else []

    @grundy.heap_game("t-surface-declared", splits=True)
    def declared(n: int) -> list[object]:
        return [n - 1] if n else []

    try:
        game = grundy.load_game("t-surface-late-split")
        assert isinstance(game, HeapGame)
        assert game.has_splits  # before any table or search: read once from the small heaps
        assert grundy.grundy_value(game, (30,)) == _mex_table(late, 30)[30]
        assert game.has_splits and game.laws.splits
        plain = grundy.load_game("t-surface-declared")
        assert isinstance(plain, HeapGame) and plain.has_splits  # as declared
    finally:
        catalog.unregister("t-surface-late-split")
        catalog.unregister("t-surface-declared")


def _mex_table(moves: object, upto: int) -> list[int]:
    """Independent brute force of a heap game given by its move function."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for o in moves(n):  # type: ignore[operator]
            parts = o if isinstance(o, tuple) else (o,)
            x = 0
            for h in parts:
                x ^= g[h]
            seen.add(x)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


def test_own_game_states_forgotten_between_queries_are_rebuilt_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.define import query
    from grundy.model.bounded import BoundedCache

    monkeypatch.setattr(query, "_STATES", BoundedCache(1))  # keep one game's state only

    @grundy.heap_game("t-surface-a")
    def a(n: int, *, k: int = 2) -> list[int]:
        return [n - j for j in range(1, k + 1) if j <= n]

    try:
        games = [grundy.load_game(f"t-surface-a(k={k})") for k in (2, 3, 4)]
        first = [[grundy.grundy_value(g, (n,)) for n in (10, 200)] for g in games]
        again = [[grundy.grundy_value(g, (n,)) for n in (10, 200)] for g in games]
        assert first == again == [[n % (k + 1) for n in (10, 200)] for k in (2, 3, 4)]
        # a sum of three games answered in one query keeps all three states to its end
        total = grundy.solve(grundy.catalog.parse_sum(
            "t-surface-a(k=2) 10 + t-surface-a(k=3) 11 + t-surface-a(k=4) 12")[0], (
            (10,), (11,), (12,)))
        assert total.grundy == (10 % 3) ^ (11 % 4) ^ (12 % 5)
    finally:
        catalog.unregister("t-surface-a")
