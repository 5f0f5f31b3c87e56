"""A heap game of one's own as a family whose parameters the input gives (``grundy export
'mcoins(k,l)' --params first``, ``grundy solve 'mcoins(k,l)' --input single --params first``): the
spec's names, its program (:mod:`grundy.export.own_heap_family`), checked against the engine
before it is returned, and the game each case's parameters name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.errors import GrundyError, InvalidInputError, NotSupportedError, SearchLimitError
from grundy.model.game import Game

if TYPE_CHECKING:
    from grundy.define import UserGame, UserHeapGame

    UserGameBase = UserGame | UserHeapGame

CHECK_HEAPS = 40
"""The heaps ``0..CHECK_HEAPS`` of each small game compared with the engine before a program is
returned."""
CHECK_STEPS = 2_000_000
"""The engine's steps for that comparison, all the games together (the smallest parameters first)."""


def own_heap_family(spec: str) -> tuple[UserHeapGame, tuple[str, ...]] | None:
    """A heap game of one's own, its parameters written as names (``mcoins(k,l)``, or with others
    set: ``mcoins(k,l=3)``): the game (the named parameters at their defaults) and the names;
    ``None`` when ``spec`` names no such family."""
    from grundy.define import UserHeapGame

    found = named_own_family(spec, heap=True)
    if found is None:
        return None
    assert isinstance(found[0], UserHeapGame)
    return found[0], found[1]


def named_own_family(spec: str, *, heap: bool) -> tuple[UserGameBase, tuple[str, ...]] | None:
    """A game of one's own (``heap``: a heap game; else any other), its parameters written as names
    (``NAME(k,l)``, others set as ``NAME(k,l=3)``): the game, the named parameters at their
    defaults, and the names; ``None`` when ``spec`` names no such family; refused in one line for a
    name that is not a whole-number parameter of the game."""
    import re

    from grundy.catalog import find_entry, load_game, parse_spec
    from grundy.define import UserGame, UserHeapGame

    if not isinstance(spec, str) or "(" not in spec:
        return None
    name, args, kwargs = parse_spec(spec)
    names = tuple(a for a in args if isinstance(a, str) and re.fullmatch(r"[A-Za-z_]\w*", a))
    entry = find_entry(name) if names and len(names) == len(args) else None
    cls = entry.load_class() if entry is not None else None
    if cls is None or issubclass(cls, UserHeapGame) != heap or not issubclass(cls, (UserGame, UserHeapGame)):
        return None  # (a built-in game's words, e.g. subtraction(fibonacci), are its own)
    fixed = ",".join(f"{k}={v}" for k, v in kwargs.items())
    game = load_game(f"{name}({fixed})" if fixed else name)
    assert isinstance(game, (UserGame, UserHeapGame))
    defaults = game.defaults
    unknown = [n for n in names if n not in defaults]
    if unknown or len(set(names)) != len(names):
        shown = ", ".join(defaults) or "none"
        raise InvalidInputError(f"{spec!r}: {unknown[0] if unknown else 'a name given twice'} is not "
                                f"a parameter of {name} (its parameters: {shown})")
    text = [n for n in names if type(defaults[n]) is not int]
    if text:
        raise InvalidInputError(f"{spec!r}: parameter {text[0]} is not a whole number (its default is "
                                f"{defaults[text[0]]!r}); only whole-number parameters are read "
                                f"from the input")
    return game, names


def member(game: UserHeapGame, names: tuple[str, ...], values: tuple[int, ...]) -> Game:
    """The game of the family whose named parameters take ``values``."""
    from grundy.catalog import load_game

    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    given = [f"{k}={v}" for k, v in zip(names, values, strict=True)]
    return load_game(f"{game.name}({','.join(fixed + given)})")


def export_own_heap_family(game: UserHeapGame, names: tuple[str, ...], *, lang: str = "python",
                           main: bool = False, input_format: str = "lines", where: str = "each") -> str:
    """The Python program of the heap game family (:mod:`grundy.export.own_heap_family`), checked
    against the engine on the games whose named parameters are 0..5 (:func:`_check`)."""
    from grundy.define.source import move_source
    from grundy.export.own_heap_family import own_heap_family_program

    title = f"{game.name}({','.join(names)})"
    if lang != "python":
        raise InvalidInputError(f"{title}: a family of a heap game of your own is exported in Python "
                                f"only (the program carries your move function): use lang python")
    source = move_source(game)
    if source is None:
        raise NotSupportedError(f"{title}: export carries the move function into the program, and its "
                                f"source cannot be read or reads names from outside the function "
                                f"(define, or import, them inside it)")
    fixed = {k: v for k, v in game.params.items() if k not in names}
    code = own_heap_family_program(title, names, fixed, source, main=main, layout=input_format,
                                   where=where)
    _check(code, game, names)
    return code


def _check(code: str, game: UserHeapGame, names: tuple[str, ...]) -> None:
    """Run the program on heaps 0..:data:`CHECK_HEAPS` of the games whose named parameters are
    0..5 (at most 216 games) and compare with the engine where both answer (the program tabulates
    every smaller heap, the engine looks at the heaps reachable, and at the options of the small
    heaps to tell whether the game splits: a failure of the move function is an error of either
    at different heaps). The check ends where :data:`CHECK_STEPS` run out."""
    from itertools import islice, product

    from grundy.engine.limits import Budget
    from grundy.engine.search import grundy_value

    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    value = namespace["grundy_value"]
    budget = Budget(CHECK_STEPS)
    for values in islice(product(range(6), repeat=len(names)), 216):
        try:
            one = member(game, names, values)
        except GrundyError:
            continue  # (parameters the game refuses: the program's error lines say so too)
        for n in range(CHECK_HEAPS + 1):
            try:
                want: int | None = grundy_value(one, n, budget=budget)
            except SearchLimitError:
                return
            except GrundyError:
                want = None
            try:
                got = value(n, *values)
            except ValueError:
                got = None
            if got is not None and want is not None and got != want:
                raise GrundyError(f"internal error: the exported program gives {got} for heap {n} of "
                                  f"{one.spec}, the engine {want}; please report it")
