"""The catalogue of named games, loadable by short name with parameters.

Every entry names the class that implements it by import path, so that loading ``nim`` imports
only the Nim module (the command line stays fast) and registration happens in one place: this
table, :data:`ENTRIES`. Games written elsewhere join the catalogue through :func:`register` (or
the decorators of :mod:`grundy.define`), or from an installed package through the
``grundy.games`` entry-point group, and are then loadable by name like the built-in ones.

>>> load_game("subtraction(1,3,4)")
Subtraction(subtraction_set=(1, 3, 4))
>>> load_game("nim").spec
'nim'
>>> load_game("nmi")
Traceback (most recent call last):
...
grundy.errors.UnknownGameError: unknown game 'nmi' (did you mean 'nim'?); registered_games() lists every game
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence

from grundy.errors import InvalidGameError, InvalidInputError, InvalidPositionError, UnknownGameError
from grundy.model.game import Game, Position
from grundy.model.laws import Family
from grundy.model.record import FrozenRecord
from grundy.model.textio import split_segments, tokenize


class GameEntry(FrozenRecord):
    """One catalogue entry: the short name, where its class lives, and how to use it."""

    name: str
    target: str | Callable[..., Game]
    """``"module:Class"`` (imported on first use), or the class itself; its ``from_params``
    builds the game."""
    summary: str
    """One-line description for ``grundy list``."""
    params: str
    """How the parameters are written, e.g. ``"(S)  S: finite set of positive integers"``."""
    examples: tuple[str, ...]
    """Specs the conformance tests load and check against brute force."""
    aliases: tuple[str, ...]
    families: tuple[str, ...]
    """The families ``grundy export`` writes with parameters read from the judge's input, as
    written (``bash(m)``): the class's :attr:`~grundy.model.game.Game.families`, repeated here so
    that ``grundy list`` imports no game module (tests/test_conformance.py keeps the two in step)."""

    _fields = ("name", "target", "summary", "params", "examples", "aliases", "families")

    def __init__(self, name: str, target: str | Callable[..., Game], summary: str, params: str = "",
                 examples: tuple[str, ...] = (), aliases: tuple[str, ...] = (), *,
                 families: tuple[str, ...] = ()) -> None:
        self._init(name, target, summary, params, examples, aliases, families)

    def as_json(self) -> dict[str, object]:
        """This entry as ``grundy list --json`` prints it and the web API's ``/api/games`` serves
        it (``schemas/games.schema.json``).

        >>> find_entry("moore").as_json()["families"]
        ['moore(k)']
        """
        return {"name": self.name, "params": self.params, "summary": self.summary,
                "aliases": list(self.aliases), "examples": list(self.examples),
                "families": list(self.families)}

    def load_class(self) -> type[Game]:
        """Import and return the game class."""
        if not isinstance(self.target, str):
            return self.target  # type: ignore[return-value]
        module_name, _, class_name = self.target.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        assert issubclass(cls, Game)
        return cls


# Each name is also its class's ``name``: the catalogue repeats it so that a look-up or ``grundy
# list`` imports no game module (tests/test_conformance.py keeps the two in step).
ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("nim", "grundy.games.takeaway.nim:Nim",
              "Nim: take any positive number from one heap; several heaps are a sum",
              "", ("nim",)),
    GameEntry("subtraction", "grundy.games.takeaway.subtraction:Subtraction",
              "take s counters from one heap, s in a finite set S of positive integers",
              "(S)  e.g. subtraction(1,3,4); also "
              "subtraction(odd|powers-of-2|fibonacci|squares|prime-powers|primes-and-1)",
              ("subtraction(1,3,4)", "subtraction(2,5)", "subtraction(1)", "subtraction(odd)",
               "subtraction(powers-of-2)", "subtraction(fibonacci)", "subtraction(squares)",
               "subtraction(prime-powers)", "subtraction(primes-and-1)"),
              families=("subtraction(S)",)),
    # ---- the take-away and Nim family ----
    GameEntry("bash", "grundy.games.takeaway.bash:Bash",
              "Bash game: take a..b from one heap (bash(m): 1..m); rest=all: fewer than a must all go",
              "(m) | (a,b) | (a,b,rest=all)",
              ("bash(3)", "bash(1)", "bash(2,5)", "bash(3,4)", "bash(2,3,rest=all)",
               "bash(3,7,rest=all)"), families=("bash(m)", "bash(a,b)", "bash(a,b,rest=all)")),
    GameEntry("bounded-nim", "grundy.games.takeaway.bash:BoundedNim",
              "Nim taking 1..m from one heap: XOR of heap mod (m+1)",
              "(m)", ("bounded-nim(2)", "bounded-nim(3)"), families=("bounded-nim(m)",)),
    GameEntry("wythoff", "grundy.games.takeaway.wythoff:Wythoff",
              "two heaps: take any number from one, or the same number from both (position 'a b')",
              "", ("wythoff",)),
    GameEntry("fibonacci-nim", "grundy.games.takeaway.fibonacci:FibonacciNim",
              "one heap; first move not all, then at most twice the last take (position 'n [limit]')",
              "", ("fibonacci-nim",), ("fibonacci",)),
    GameEntry("dynamic-subtraction", "grundy.games.takeaway.dynamic:DynamicSubtraction",
              "k-fold dynamic subtraction: first move not all, then at most k times the last take "
              "(position 'n [limit]')",
              "(k)  k = 2: Fibonacci Nim", ("dynamic-subtraction(1)", "dynamic-subtraction(2)",
                                            "dynamic-subtraction(3)", "dynamic-subtraction(5)"),
              ("k-fold-nim",), families=("dynamic-subtraction(k)",)),
    GameEntry("allbut", "grundy.games.takeaway.allbut:AllBut",
              "take any positive number except the members of a finite set S",
              "(S)  e.g. allbut(1,3,4)", ("allbut(1)", "allbut(2)", "allbut(1,3,4)", "allbut(2,3,7)")),
    GameEntry("forbidden-nim", "grundy.games.takeaway.forbidden:ForbiddenNim",
              "Nim where from a heap of exactly x one may not take exactly y, for listed pairs x:y",
              "(P)  P: pairs x:y, 1 <= y <= x, e.g. forbidden-nim(3:2,5:5)",
              ("forbidden-nim(1:1)", "forbidden-nim(3:2,5:5)", "forbidden-nim(2:1,2:2,4:1,6:3)"),
              families=("forbidden-nim(P)",)),
    GameEntry("staircase", "grundy.games.takeaway.staircase:Staircase",
              "staircase Nim: slide counters from step i to step i-1 (position: counts of steps 1..n)",
              "", ("staircase",)),
    GameEntry("tree-staircase", "grundy.games.takeaway.tree_staircase:TreeStaircase",
              "staircase Nim on a rooted tree: move stones from a node to its parent "
              "(position: parents of nodes 1..n-1 | stones on nodes 0..n-1)",
              "", ("tree-staircase",)),
    GameEntry("moore", "grundy.games.takeaway.moore:Moore",
              "Moore's Nim_k: reduce between 1 and k heaps in one move",
              "(k)", ("moore(1)", "moore(2)", "moore(3)"), families=("moore(k)",)),
    GameEntry("turning-turtles", "grundy.games.coins:TurningTurtles",
              "coin turning: turn a head to tails, optionally one coin to its left (position e.g. THHTH)",
              "", ("turning-turtles",)),
    GameEntry("mock-turtles", "grundy.games.coins:MockTurtles",
              "coin turning: turn a head to tails, optionally one or two coins to its left",
              "", ("mock-turtles",)),
    GameEntry("ruler", "grundy.games.coins:Ruler",
              "coin turning: turn a head to tails with any run of coins ending just left of it",
              "", ("ruler",)),
    GameEntry("coin-slide", "grundy.games.coins:CoinSlide",
              "move a coin to the nearest empty cell on its right, or off the strip (position e.g. ##.#..)",
              "", ("coin-slide",)),
    # ---- take-and-break (octal) games ----
    GameEntry("octal", "grundy.games.takebreak.octal:Octal",
              "take-and-break game d0.d1d2...: digit i says what may remain after taking i "
              "(1: nothing, 2: one heap, 4: two heaps); periods proved (Guy-Smith)",
              "(CODE)  e.g. octal(0.07), octal(4.007)",
              ("octal(0.07)", "octal(0.77)", "octal(0.137)", "octal(0.16)", "octal(4.007)",
               "octal(0.6)", "octal(0.51)", "octal(0.3)")),
    GameEntry("kayles", "grundy.games.takebreak.octal:Kayles",
              "Kayles, octal 0.77: knock down one pin or two adjacent pins from a row",
              "", ("kayles",)),
    GameEntry("dawson-kayles", "grundy.games.takebreak.octal:DawsonKayles",
              "Dawson's Kayles, octal 0.07: take two adjacent stones from a row",
              "", ("dawson-kayles",), ("dawsons-kayles", "dawson")),
    GameEntry("dawsons-chess", "grundy.games.takebreak.octal:DawsonsChess",
              "Dawson's Chess, octal 0.137 (= Dawson's Kayles with one stone fewer)",
              "", ("dawsons-chess",), ("dawson-chess",)),
    GameEntry("stripes", "grundy.games.takebreak.stripes:Stripes",
              "POI 2000 Stripes: remove exactly c, z or n consecutive stones from a row "
              "(the octal game with digit 7 at c, z, n)",
              "(c,z,n)  stripe lengths, e.g. stripes(1,5,1); any number of lengths, e.g. stripes(2,3)",
              ("stripes(1,5,1)", "stripes(2,3,5)", "stripes(1,2,3)", "stripes(2,3)", "stripes(4)"),
              families=("stripes(c,z,n)", "stripes(S)")),
    GameEntry("treblecross", "grundy.games.takebreak.treblecross:Treblecross",
              "Treblecross (UVa 10561): put an X in an empty cell of a strip; three X in a row wins "
              "(position e.g. ..X....; by the octal game 0.007 on its safe stretches)",
              "", ("treblecross",), ("treble-cross",)),
    GameEntry("grundy-game", "grundy.games.takebreak.grundy_game:GrundyGame",
              "Grundy's game: split one heap into two unequal non-empty heaps (sparse-space tables)",
              "", ("grundy-game",), ("grundy", "grundys-game")),
    GameEntry("lasker-nim", "grundy.games.takebreak.lasker:LaskerNim",
              "Lasker's Nim: take any number from one heap, or split a heap into two non-empty heaps",
              "", ("lasker-nim",), ("lasker", "laskers-nim")),
    GameEntry("split-game", "grundy.games.takebreak.split_game:SplitGame",
              "piles 1..n in a row: take a stone from pile i, add one to piles j and k (i < j <= k <= n)",
              "position: the stone counts of piles 1..n", ("split-game",)),
    # ---- games on graphs (the graph comes from --graph FILE or graph=FILE) ----
    GameEntry("digraph", "grundy.games.graphs.digraph:Digraph",
              "tokens on a directed graph (cycles allowed: draws, Smith's values); a move slides one token",
              "--graph FILE | (graph=FILE) | (example=1|2)", ("digraph(example=1)", "digraph(example=2)"),
              families=("digraph(E)", "digraph(G)", "digraph(T)", "digraph(L)")),
    GameEntry("green-hackenbush", "grundy.games.graphs.hackenbush:GreenHackenbush",
              "delete an edge of an undirected multigraph; what loses contact with the ground falls off",
              "--graph FILE --ground V | (graph=FILE,ground=V) | (example=1|2|3)",
              ("green-hackenbush(example=1)", "green-hackenbush(example=2)",
               "green-hackenbush(example=3)"), ("hackenbush",),
              families=("green-hackenbush(E)", "green-hackenbush(G)", "green-hackenbush(T)")),
    GameEntry("vertex-geography", "grundy.games.graphs.geography:VertexGeography",
              "undirected vertex geography: move a token to an unvisited neighbour; the first player "
              "wins iff every maximum matching covers the start",
              "--graph FILE | (graph=FILE) | (grid=NxM) | (example=1|2)",
              ("vertex-geography(grid=3x3)", "vertex-geography(grid=2x4)", "vertex-geography(example=1)",
               "vertex-geography(example=2)"), ("bipartite-game",),
              families=("vertex-geography(E)", "vertex-geography(G)", "vertex-geography(T)",
                        "vertex-geography(B)")),
    # ---- products of coin-turning games (Tartan theorem) ----
    GameEntry("turning-corners", "grundy.games.coins2d:TurningCorners",
              "turn the 4 corners of a rectangle whose far corner is a head; value x ⊗ y per head "
              "(position: heads x,y from 0, e.g. '1,2 3,3')",
              "", ("turning-corners",), ("corners",)),
    GameEntry("product", "grundy.games.coins2d:CoinProduct",
              "product of two (or up to six) coin-turning games on a grid: turn A × B (× C ...) for moves "
              "A, B, ... of the factors (heads x,y or x,y,z from 1); value v1(x) ⊗ v2(y) (⊗ v3(z)) per head",
              "(G1,G2[,G3...])  each among turning-turtles, mock-turtles, ruler",
              ("product(turning-turtles,turning-turtles)", "product(ruler,mock-turtles)",
               "product(mock-turtles,turning-turtles)"), ("coin-product",)),
)


_REGISTERED: dict[str, GameEntry] = {}
"""Games added at run time by :func:`register` (and by entry points), by name."""

ENTRY_POINT_GROUP = "grundy.games"
"""Installed packages list their games here: each entry point names a :class:`Game` subclass
(registered under its ``name``) or a module whose import registers its games."""

_entry_points_loaded = False

_NAME = re.compile(r"[a-z][a-z0-9\-]*")


def register(game: type[Game] | GameEntry, *, name: str | None = None, summary: str = "",
             params: str = "", examples: tuple[str, ...] = (), aliases: tuple[str, ...] = (),
             replace: bool = False) -> GameEntry:
    """Add a game to the catalogue, so that :func:`load_game`, sums and every command know it.

    ``game`` is a :class:`Game` subclass (its ``from_params`` reads the parameters; ``name``
    defaults to its ``name``) or a ready :class:`GameEntry`. A name already taken is an error
    unless ``replace`` is true (a built-in game is never replaced).

    >>> from dataclasses import dataclass
    >>> from grundy import HeapGame
    >>> @dataclass(frozen=True)
    ... class TakeTwo(HeapGame):
    ...     name = "take-two-doc"
    ...     @property
    ...     def spec(self) -> str:
    ...         return self.name
    ...     def heap_moves(self, n):
    ...         return [(f"take {k}", (n - k,)) for k in (1, 2) if k <= n]
    >>> entry = register(TakeTwo, summary="take 1 or 2", replace=True)
    >>> from grundy import grundy_value
    >>> grundy_value(load_game("take-two-doc"), 10)
    1
    """
    if isinstance(game, GameEntry):
        entry = game
    else:
        key = (name or game.name or "").strip().lower()
        entry = GameEntry(key, game, summary or (game.__doc__ or "").strip().split("\n")[0],
                          params, examples, tuple(a.lower() for a in aliases))
    for key in (entry.name, *entry.aliases):
        if not _NAME.fullmatch(key):
            raise InvalidInputError(f"a game name is lower-case letters, digits and '-', "
                                    f"starting with a letter; got {key!r}")
        if key in _BUILTIN:
            raise InvalidInputError(f"{key!r} is a built-in game; choose another name")
        taken = _REGISTERED.get(key)
        if taken is not None and not replace and taken.target is not entry.target:
            raise InvalidInputError(f"a game named {key!r} is already registered "
                                    f"(pass replace=True to redefine it)")
    for key in (entry.name, *entry.aliases):
        _REGISTERED[key] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (with its aliases)."""
    entry = _REGISTERED.get(name.lower())
    if entry is None:
        raise UnknownGameError(f"no registered game {name!r} to remove")
    for key in (entry.name, *entry.aliases):
        _REGISTERED.pop(key, None)


def _load_entry_points() -> None:
    """Register the games of installed packages (once, on the first look-up that needs them)."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = point.load()
        except Exception as exc:  # a broken plug-in must not break grundy
            raise InvalidGameError(f"entry point {point.name!r} ({point.value}) of group "
                                   f"{ENTRY_POINT_GROUP!r} failed to load: {exc}") from None
        if isinstance(loaded, type) and issubclass(loaded, Game):
            register(loaded, name=loaded.name or point.name, replace=True)


def registered_games() -> list[GameEntry]:
    """Every catalogue entry (built-in and registered), sorted by name.

    >>> "nim" in [entry.name for entry in registered_games()]
    True
    """
    _load_entry_points()
    extra = {id(e): e for e in _REGISTERED.values()}
    return sorted([*ENTRIES, *extra.values()], key=lambda e: e.name)


def _table(entries: tuple[GameEntry, ...]) -> dict[str, GameEntry]:
    table: dict[str, GameEntry] = {}
    for entry in entries:
        for name in (entry.name, *entry.aliases):
            table[name] = entry
    return table


def find_entry(name: str) -> GameEntry | None:
    """The catalogue entry of a game name or alias (built-in, registered, or from a package)."""
    key = name.strip().lower()
    found = _BUILTIN.get(key) or _REGISTERED.get(key)
    if found is None and not _entry_points_loaded:
        _load_entry_points()
        found = _REGISTERED.get(key)
    return found


_SPEC = re.compile(r"^\s*([A-Za-z][\w\-]*)\s*(?:\((.*)\))?\s*$", re.S)


def is_family(spec: str) -> bool:
    """Whether ``spec`` names a family of games: a parameter given as a range ``A..B``.

    >>> is_family("take(k=2..9)"), is_family("take(k=2)")
    (True, False)
    """
    return ".." in spec


def parse_spec(spec: str) -> tuple[str, list[int | str], dict[str, int | str]]:
    """Split ``name(arg, key=value, ...)`` into name, positional and keyword parameters.

    Parameters that are whole numbers (``10**2`` too) become ``int``; anything else stays text.

    >>> parse_spec("bash(a=2, b=5, rest=all)"), parse_spec("bash(m=10**2)")
    (('bash', [], {'a': 2, 'b': 5, 'rest': 'all'}), ('bash', [], {'m': 100}))
    """
    match = _SPEC.match(spec)
    if not match:
        raise InvalidGameError(f"malformed game {spec!r}: expected NAME or NAME(PARAMS)")
    name, inner = match.group(1).lower(), match.group(2)
    args: list[int | str] = []
    kwargs: dict[str, int | str] = {}
    if inner is not None and inner.strip():
        for raw in inner.split(","):
            item = raw.strip()
            if not item:
                raise InvalidGameError(f"malformed parameters in {spec!r}: empty item")
            key, eq, value = item.partition("=")
            if eq:
                key = key.strip()
                if not re.fullmatch(r"[A-Za-z_]\w*", key):
                    raise InvalidGameError(f"malformed parameter name {key!r} in {spec!r}")
                if key in kwargs:
                    raise InvalidGameError(f"parameter {key!r} given twice in {spec!r}")
                kwargs[key] = _value(value.strip(), spec)
            else:
                if kwargs:
                    raise InvalidGameError(f"positional parameter after keyword in {spec!r}")
                args.append(_value(item, spec))
    return name, args, kwargs


def _value(text: str, spec: str) -> int | str:
    if not text:
        raise InvalidGameError(f"malformed parameters in {spec!r}: empty value")
    from grundy.model.textio import is_number_token, parse_number

    if is_number_token(text):  # digits, or a power: bash(m=10**2)
        try:
            return parse_number(text, "parameter")
        except InvalidPositionError as exc:
            raise InvalidGameError(f"{spec!r}: {exc}") from None
    return text


def load_game(spec: str) -> Game:
    """The game named by ``spec``: a short name, with parameters in parentheses if it has any."""
    if not isinstance(spec, str):
        raise InvalidGameError(f"a game is named by a string, got {spec!r}")
    name, args, kwargs = parse_spec(spec)
    entry = find_entry(name)
    if entry is None:
        import difflib

        close = difflib.get_close_matches(name, [*_BUILTIN, *_REGISTERED], n=3, cutoff=0.6)
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        raise UnknownGameError(f"unknown game {name!r}{hint}; registered_games() lists every game",
                               parameters=("list",))
    try:
        return entry.load_class().from_params(*args, **kwargs)
    except TypeError as exc:  # wrong parameter names or count
        raise InvalidGameError(f"bad parameters for {entry.name!r} in {spec!r}: {exc}") from None



def load_family(spec: str) -> tuple[str, Family] | None:
    """The family a spec names when its parameters are written as names (``bash(m)``,
    ``subtraction(S)``): its title and its :class:`~grundy.model.laws.Family`, as the game's
    class declares it; ``None`` when a parameter is a number or a keyword, or the class declares
    no family of those names (the spec is then a game, for :func:`load_game`).

    >>> load_family("bash(m)")[1].formula, load_family("bash(3)"), load_family("subtraction(odd)")
    ('n % (m + 1)', None, None)
    >>> load_family("bash(a,b,rest=all)")[0], load_family("bash(2,b,rest=all)")
    ('bash(a,b,rest=all)', None)

    A keyword the family declares fixes every case's position, which the input then does not give:

    >>> title, family = load_family("green-hackenbush(T, ground=1)")
    >>> title, family.position
    ('green-hackenbush(T,ground=1)', 1)
    """
    if not isinstance(spec, str) or "(" not in spec:
        return None
    name, args, kwargs = parse_spec(spec)
    entry = find_entry(name)
    names = tuple(a for a in args if isinstance(a, str) and re.fullmatch(r"[A-Za-z]\w*", a))
    if entry is None or not names or len(names) != len(args):
        return None
    cls = entry.load_class()
    keywords = tuple((k, v) for k, v in kwargs.items() if isinstance(v, str))
    family = cls.family(names, keywords)  # (words that name a family: bash(a,b,rest=all))
    rest: dict[str, int | str] = {k: v for k, v in kwargs.items() if not isinstance(v, str)}
    if family is None:  # (else a keyword may fix every case's position: ground=1)
        family = cls.family(names)
        if family is None or family.fixed is None:
            return None
        rest = dict(kwargs)
    if rest:
        family = _fixed(family.spelling(entry.name), family, rest)
    return family.spelling(entry.name), family


def _fixed(title: str, family: Family, kwargs: dict[str, int | str]) -> Family:
    """The family with every case's position fixed by its keyword (``green-hackenbush(T,ground=1)``),
    or one line saying why not."""
    if family.fixed is None or set(kwargs) != {family.fixed}:
        allowed = (f"only {family.fixed}=V (every case's {family.fixed}, not in the input)"
                   if family.fixed else "no keyword")
        raise InvalidGameError(f"{title} takes {allowed}, got {', '.join(f'{k}=' for k in kwargs)}")
    value = kwargs[family.fixed]
    if not isinstance(value, int) or value < 0:
        raise InvalidGameError(f"{title}: {family.fixed} must be a vertex, a number >= 0, got {value!r}")
    return family.replace(position=value)


def parse_sum(text: str | Sequence[str]) -> tuple[Game, Position]:
    """Read ``'GAME POSITION [+ GAME POSITION ...]'``; one component gives that game itself.

    >>> parse_sum("nim 1 2 3")
    (Nim(), (1, 2, 3))
    """
    tokens = tokenize(text) if isinstance(text, str) else list(text)
    if not tokens:
        raise InvalidPositionError("nothing to solve: give GAME POSITION")
    games: list[Game] = []
    positions: list[Position] = []
    for segment in split_segments(tokens):
        game = load_game(segment[0])
        games.append(game)
        positions.append(game.parse_position(" ".join(segment[1:])))
    if len(games) == 1:
        return games[0], positions[0]
    from grundy.engine.sums import SumGame  # (only sums need it: not imported at start-up)

    return SumGame(tuple(games)), tuple(positions)


_BUILTIN = _table(ENTRIES)
