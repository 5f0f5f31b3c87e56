"""``grundy solve 'bash(m)' --input LAYOUT --params WHERE FILE``: a judge's whole input for a family
whose parameters the input gives, read as ``grundy export 'bash(m)' --main`` reads it, each case
answered by grundy itself for the game its parameters name (one game per distinct parameters;
a heap of a ``formula`` family valued by the formula the family declares, :func:`declared_value`,
with no game built). The input is read in pieces as the cases are answered
(:class:`~grundy.cli.judge_graph.StreamWords`; a sum one game at a time, :func:`sum_answers`), as
the exported program reads it: an input that cannot be read stops after the cases before it.

The layouts are the exported program's: ``lines`` (one position per line), ``cases`` (``T``, then
``T`` cases, each ``n`` then ``n`` heaps), ``counted`` (one case) and ``single`` (``T`` cases of
one heap each); the parameters stand ``first`` (once, before everything), at the start of each
line or case (``each``), at its end (``last``), or at the start of each block of cases
(``block``: blocks to the end of the input, or to a block whose parameters are all 0; with the
layout ``repeated``, each block's cases run up to one whose count is 0); ``sum`` (a case is
``k``, then ``k`` games, each its parameters, then its heap: their sum) or ``sum-last`` (each
game its heap, then its parameters: HDU 1851's piles ``M L``) or ``size-first`` (a case is the
set's size, then one heap, then the set's members: EDPC K's ``N K``, then ``a_1 .. a_N``) or
``counts-first`` (a case is ``n m``, then ``n`` heaps, then the ``m`` members of the one set or list
of pairs: ABC 255 G's ``N M``, ``A_1 .. A_N``, then ``M`` pairs ``X Y``). A set parameter (``S``) is
its size, then its members; a list of pairs (``P``), its size, then its pairs. Families on graphs
(``digraph(E)``, ``green-hackenbush(E)``, ``vertex-geography(E)``) are read a graph at a time by
:mod:`grundy.cli.judge_graph`; a board (``vertex-geography(B)``) by its exported program only.

>>> from grundy.catalog import load_family
>>> family = load_family("bash(m)")[1]
>>> list(family_cases(family, "single", "last", "2  23 2  4 3"))  # Brave Game: n m
[((2,), [23]), ((3,), [4])]
>>> list(family_cases(load_family("subtraction(S)")[1], "lines", "first", "3 1 3 4\\n5 6\\n7"))
[(((1, 3, 4),), [5, 6]), (((1, 3, 4),), [7])]
>>> list(family_cases(family, "cases", "sum-last", "1  2  5 2  6 3"))  # HDU 1851: k, then k piles M L
[(((2,), [5]), ((3,), [6]))]
>>> list(family_cases(load_family("subtraction(S)")[1], "counted", "size-first", "3 9\\n1 2 3"))  # EDPC K
[(((1, 2, 3),), [9])]
>>> list(family_cases(load_family("forbidden-nim(P)")[1], "counted", "counts-first", "2 1\\n5 6\\n4 2"))
[((((4, 2),),), [5, 6])]
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from grundy.cli.common import read_number
from grundy.cli.judge_graph import StreamWords
from grundy.errors import GrundyError, InvalidInputError
from grundy.model.game import Outcome
from grundy.model.laws import BOARD_PARAMETERS, PAIR_PARAMETERS, SET_PARAMETERS, Family

Case = tuple[tuple[Any, ...], list[int]]
"""One case: its parameters' values (a set as a tuple) and its numbers (heaps)."""

SumCase = tuple[Case, ...]
"""One case of ``--params sum`` or ``sum-last``: its games, each its parameters and its heap."""

HeapsValue = Callable[[tuple[Any, ...], list[int]], "int | None"]
"""The value of heaps (their XOR) in the game that parameters name, or ``None`` where the game
itself must answer (:func:`declared_value`)."""


class Reader(Protocol):
    """Words read in order as numbers: those of one line (:class:`_Words`) or of the whole input,
    read in pieces (:class:`~grundy.cli.judge_graph.StreamWords`)."""

    def take(self) -> int: ...
    def numbers(self, count: int) -> list[int]: ...
    def more(self) -> bool: ...
    def left(self) -> int: ...


class _Words:
    """The words of one line, read in order as numbers."""

    def __init__(self, words: list[str]) -> None:
        self.words, self.at = words, 0

    def take(self) -> int:
        if self.at >= len(self.words):
            raise InvalidInputError("the input ended inside a case")
        self.at += 1
        return read_number(self.words[self.at - 1])

    def numbers(self, count: int) -> list[int]:
        return [self.take() for _ in range(count)]

    def more(self) -> bool:
        return self.at < len(self.words)

    def left(self) -> int:
        count, self.at = len(self.words) - self.at, len(self.words)
        return count


def _params(reader: Reader, family: Family) -> tuple[Any, ...]:
    """The parameters, in order (a set: its size, then its members; a list of pairs: its size,
    then its pairs)."""
    return tuple(_members(reader, p, reader.take()) if p in SET_PARAMETERS or p in PAIR_PARAMETERS
                 else reader.take() for p in family.params)


def _members(reader: Reader, name: str, count: int) -> tuple[Any, ...]:
    """The ``count`` members of the set or list of pairs ``name``."""
    if name in PAIR_PARAMETERS:
        return tuple(tuple(reader.numbers(2)) for _ in range(count))
    return tuple(reader.take() for _ in range(count))


def _heaps(reader: Reader, layout: str) -> list[int]:
    """One case's heaps: one (``single``), or ``n``, then ``n`` heaps."""
    if layout == "single":
        return [reader.take()]
    return [reader.take() for _ in range(reader.take())]


def _words(source: str | StreamWords) -> StreamWords:
    """The input's words, read in pieces (a text given whole: read from it)."""
    return StreamWords(io.BytesIO(source.encode()), "input") if isinstance(source, str) else source


def family_cases(family: Family, layout: str, where: str,
                 source: str | StreamWords) -> Iterator[Case | SumCase | GrundyError]:
    """Each case's parameters and numbers, in the order of the input (its text, or its words read
    in pieces: each case is read when the one before has been taken); in ``lines``, a line that
    cannot be read is its error (the others are still answered); in the other layouts an input
    that cannot be read stops with one error (no case can then be told from the next)."""
    reader = _words(source)
    if layout == "lines":
        yield from _lines(family, where, reader)
        return
    if where == "block":
        yield from _blocks(family, layout, reader)
        return
    if where in ("sum", "sum-last"):
        yield from _sums(family, layout, where == "sum-last", reader)
        return
    if where == "size-first":
        yield from _size_first(reader, 1 if layout == "counted" else reader.take())
        return
    if where == "counts-first":
        yield from _counts_first(family, reader, 1 if layout == "counted" else reader.take())
        return
    first = reader.take() if where == "after" else None  # (T, or n of counted, then the parameters)
    once = _params(reader, family) if where in ("first", "after") else ()
    for _ in range(1 if layout == "counted" else first if first is not None else reader.take()):
        params = _params(reader, family) if where == "each" else once
        heaps = ([reader.take() for _ in range(first)] if first is not None and layout == "counted"
                 else _heaps(reader, layout))
        yield (_params(reader, family) if where == "last" else params), heaps
    if reader.more():
        raise InvalidInputError(f"{reader.left():,} more words after the last case")


def _size_first(reader: Reader, count: int) -> Iterator[Case]:
    """``count`` cases, each the set's size, then its one heap, then the set's members (the
    family's one parameter: :func:`~grundy.export.family.check_layout`)."""
    for _ in range(count):
        size = reader.take()
        heap = reader.take()
        yield (tuple(reader.take() for _ in range(size)),), [heap]
    if reader.more():
        raise InvalidInputError(f"{reader.left():,} more words after the last case")


def _counts_first(family: Family, reader: Reader, count: int) -> Iterator[Case]:
    """``count`` cases, each ``n m`` (its number of heaps, the size of the family's one set or list
    of pairs), then the ``n`` heaps, then the ``m`` members (AtCoder ABC 255 G: ``N M``, then
    ``A_1 .. A_N``, then ``M`` pairs ``X Y``)."""
    for _ in range(count):
        heaps, size = reader.take(), reader.take()
        numbers = reader.numbers(heaps)
        yield (_members(reader, family.params[0], size),), numbers
    if reader.more():
        raise InvalidInputError(f"{reader.left():,} more words after the last case")


def _lines(family: Family, where: str, reader: StreamWords) -> Iterator[Case | GrundyError]:
    """The cases of ``lines``: one per line that has a word (``first``: the first such line is
    the parameters)."""
    fixed: tuple[Any, ...] | None = None
    for words in reader.lines():
        if not words:
            continue
        if where == "first" and fixed is None:
            line = _Words(words)
            fixed = _params(line, family)
            if line.more():
                raise InvalidInputError(f"{line.left()} more words on the parameters' line")
            continue
        try:
            yield _line(family, where, words, fixed)
        except GrundyError as exc:
            yield exc


def _blocks(family: Family, layout: str, reader: Reader) -> Iterator[Case]:
    """The cases of each block (its parameters, then its cases; ``repeated``: cases up to one whose
    count is 0), up to the end of the input or a block whose parameters are all 0 (a number 0, an
    empty set)."""
    while reader.more():
        params = _params(reader, family)
        if all(p in (0, ()) for p in params):
            break
        while layout == "repeated" and reader.more():
            heaps = _heaps(reader, layout)
            if not heaps:
                break
            yield params, heaps
        if layout == "repeated":
            continue
        for _ in range(1 if layout == "counted" else reader.take()):
            yield params, _heaps(reader, layout)
    if reader.more():
        raise InvalidInputError(f"{reader.left():,} more words after the block that ends the input")


def _sum_games(family: Family, layout: str, heap_first: bool,
               reader: Reader) -> Iterator[tuple[tuple[Any, ...], int] | None]:
    """Each game of each case, as read (its parameters and its heap), and ``None`` after each
    case's last: ``k``, then ``k`` games, each its parameters, then its heap (``heap_first``: its
    heap, then its parameters); ``repeated``: cases up to one whose ``k`` is 0, or the end of the
    input."""
    left = 1 if layout == "counted" else -1 if layout == "repeated" else reader.take()
    width = len(family.params) + 1  # (a game's words, its parameters all numbers)
    whole = not any(p in SET_PARAMETERS for p in family.params)
    while left > 0 or (left < 0 and reader.more()):
        left -= left > 0
        parts = reader.take()
        if parts == 0 and layout == "repeated":
            break
        for _ in range(parts):
            if whole:
                row = reader.numbers(width)
                yield (tuple(row[1:]), row[0]) if heap_first else (tuple(row[:-1]), row[-1])
            elif heap_first:
                heap = reader.take()
                yield _params(reader, family), heap
            else:
                params = _params(reader, family)
                yield params, reader.take()
        yield None
    if reader.more():
        raise InvalidInputError(f"{reader.left():,} more words after the last case")


def _sums(family: Family, layout: str, heap_first: bool, reader: Reader) -> Iterator[SumCase]:
    """Each case's games, each its parameters and its heap (:func:`_sum_games`)."""
    games: list[Case] = []
    for game in _sum_games(family, layout, heap_first, reader):
        if game is None:
            yield tuple(games)
            games = []
        else:
            games.append((game[0], [game[1]]))


def sum_answers(family: Family, layout: str, where: str, words: StreamWords,
                value: Callable[[tuple[Any, ...], int], int]) -> Iterator[tuple[Outcome, int] | GrundyError]:
    """Each case of ``--params sum`` or ``sum-last`` answered as it is read, one game at a time
    (``value(params, heap)``: the game's value; none of a case's games is held): the XOR of its
    games' values (Sprague-Grundy theorem; none, the empty sum: 0), or the first error of its
    games (the games after it are read, not answered)."""
    total, error = 0, None
    for game in _sum_games(family, layout, where == "sum-last", words):
        if game is None:
            yield error if error is not None else ((Outcome.N if total else Outcome.P), total)
            total, error = 0, None
        elif error is None:
            try:
                total ^= value(*game)
            except GrundyError as exc:
                error = exc


def declared_value(family: Family) -> HeapsValue | None:
    """The value of heaps (their XOR) of a ``formula`` family by the formula it declares for a
    heap (:attr:`Family.formula <grundy.model.laws.Family>`, proved, the one its exported program
    computes), with no game built; ``None`` for a family of another kind. The value is ``None``
    where the game must answer itself, so that its answer or its error is the game's own: no heap,
    a negative one, parameters the family's check refuses, a formula undefined there.

    >>> from grundy.catalog import load_family
    >>> value = declared_value(load_family("bash(a,b)")[1])
    >>> value((2, 3), [7, 9]), value((3, 2), [7])
    (3, None)
    """
    if family.kind != "formula" or family.formula is None:
        return None
    from grundy.patterns.formulas import compiled

    names = family.params
    formula = compiled(family.formula, ("n", *names))
    check = None if family.check is None else compiled(family.check, names)

    def heaps_value(params: tuple[Any, ...], heaps: list[int]) -> int | None:
        env = dict(zip(names, params))  # noqa: B905  (as many as the names: read by them)
        total = 0  # (an int: a boolean value XORs into it as 0 or 1)
        try:
            if not heaps or (check is not None and not check(env)):
                return None
            for n in heaps:
                if n < 0:
                    return None
                env["n"] = n
                total ^= formula(env)
        except (ArithmeticError, ValueError, RecursionError, GrundyError):
            return None
        return total

    return heaps_value


def _line(family: Family, where: str, words: list[str], fixed: tuple[Any, ...] | None) -> Case:
    """The parameters and heaps of one line."""
    if where == "size-first":
        cases = list(_size_first(_Words(words), 1))  # (to its end: a word more is an error)
        return cases[0]
    if where == "last" and any(p in SET_PARAMETERS for p in family.params):
        reader = _Words(words[1:] + words[:1])  # (one heap, then the set: its size, its members)
        params = _params(reader, family)
        if reader.at + 1 != len(words):
            raise InvalidInputError(f"a line is one heap, then the set (its size, then its members): "
                                    f"{len(words)} words, not {reader.at + 1}")
        return params, [reader.take()]
    if where == "last":
        count = len(family.params)
        words = words[len(words) - count:] + words[:len(words) - count]
    reader = _Words(words)
    params = fixed if fixed is not None else _params(reader, family)
    return params, [reader.take() for _ in range(len(words) - reader.at)]


def check_family_input(title: str, family: Family, layout: str, where: str) -> None:
    """Refuse, in one line, what this reader does not read: a family on a board (a graph family
    is read by :mod:`grundy.cli.judge_graph`), or a layout the family's exported main would
    refuse too."""
    from grundy.export.family import check_layout

    if any(p in BOARD_PARAMETERS for p in family.params):
        raise InvalidInputError(f"solve --input reads families of numbers, sets and graphs; {title} "
                                f"takes a board: grundy export '{title}' --main writes the program "
                                f"that reads it")
    check_layout(family, layout, where, True)


def game_of(cls: Any, params: tuple[Any, ...], keywords: tuple[tuple[str, str], ...] = ()) -> Any:
    """The game of ``cls`` that the parameters' values name (a set's members in order), with the
    keywords the family's spelling fixes (``rest=all``)."""
    flat = [x for v in params for x in (v if isinstance(v, tuple) else (v,))]
    return cls.from_params(*flat, **dict(keywords))
