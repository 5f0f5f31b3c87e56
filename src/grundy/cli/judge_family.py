"""``grundy solve 'bash(m)' --input LAYOUT --params WHERE FILE``: a judge's whole input for a family
whose parameters the input gives, read as ``grundy export 'bash(m)' --main`` reads it, each case
answered by grundy itself for the game its parameters name (one game per distinct parameters).

The layouts are the exported program's: ``lines`` (one position per line), ``cases`` (``T``, then
``T`` cases, each ``n`` then ``n`` heaps), ``counted`` (one case) and ``single`` (``T`` cases of
one heap each); the parameters stand ``first`` (once, before everything), at the start of each
line or case (``each``), at its end (``last``), or at the start of each block of cases
(``block``: blocks to the end of the input, or to a block whose parameters are all 0; with the
layout ``repeated``, each block's cases run up to one whose count is 0); ``sum`` (a case is
``k``, then ``k`` games, each its parameters, then its heap: their sum) or ``sum-last`` (each
game its heap, then its parameters: HDU 1851's piles ``M L``). A set
parameter (``S``) is its size, then its members. Families on graphs (``digraph(E)``,
``green-hackenbush(E)``, ``vertex-geography(E)``) are read a graph at a time by
:mod:`grundy.cli.judge_graph`; a board (``vertex-geography(B)``) by its exported program only.

>>> from grundy.catalog import load_family
>>> family = load_family("bash(m)")[1]
>>> list(family_cases(family, "single", "last", "2  23 2  4 3"))  # Brave Game: n m
[((2,), [23]), ((3,), [4])]
>>> list(family_cases(load_family("subtraction(S)")[1], "lines", "first", "3 1 3 4\\n5 6\\n7"))
[(((1, 3, 4),), [5, 6]), (((1, 3, 4),), [7])]
>>> list(family_cases(family, "cases", "sum-last", "1  2  5 2  6 3"))  # HDU 1851: k, then k piles M L
[(((2,), [5]), ((3,), [6]))]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.cli.common import read_number
from grundy.errors import GrundyError, InvalidInputError
from grundy.model.laws import BOARD_PARAMETERS, SET_PARAMETERS, Family

Case = tuple[tuple[Any, ...], list[int]]
"""One case: its parameters' values (a set as a tuple) and its numbers (heaps)."""

SumCase = tuple[Case, ...]
"""One case of ``--params sum`` or ``sum-last``: its games, each its parameters and its heap."""


class _Words:
    """The words of the input (or of one line), read in order as numbers."""

    def __init__(self, words: list[str]) -> None:
        self.words, self.at = words, 0

    def take(self) -> int:
        if self.at >= len(self.words):
            raise InvalidInputError("the input ended inside a case")
        self.at += 1
        return read_number(self.words[self.at - 1])

    def params(self, family: Family) -> tuple[Any, ...]:
        return tuple(tuple(self.take() for _ in range(self.take())) if p in SET_PARAMETERS
                     else self.take() for p in family.params)

    def heaps(self, layout: str) -> list[int]:
        if layout == "single":
            return [self.take()]
        if layout == "lines":
            return [self.take() for _ in range(len(self.words) - self.at)]
        return [self.take() for _ in range(self.take())]


def family_cases(family: Family, layout: str, where: str,
                 text: str) -> Iterator[Case | SumCase | GrundyError]:
    """Each case's parameters and numbers, in the order of the input; in ``lines``, a line that
    cannot be read is its error (the others are still answered); in the other layouts an input
    that cannot be read stops with one error (no case can then be told from the next)."""
    if layout != "lines":
        reader = _Words(text.split())
        if where == "block":
            yield from _blocks(family, layout, reader)
            return
        if where in ("sum", "sum-last"):
            yield from _sums(family, layout, where == "sum-last", reader)
            return
        first = reader.take() if where == "after" else None  # (T, or n of counted, then the parameters)
        once = reader.params(family) if where in ("first", "after") else ()
        for _ in range(1 if layout == "counted" else first if first is not None else reader.take()):
            params = reader.params(family) if where == "each" else once
            heaps = ([reader.take() for _ in range(first)] if first is not None and layout == "counted"
                     else reader.heaps(layout))
            yield (reader.params(family) if where == "last" else params), heaps
        if reader.at < len(reader.words):
            raise InvalidInputError(f"{len(reader.words) - reader.at:,} more words after the last case")
        return
    fixed: tuple[Any, ...] | None = None
    for line in text.split("\n"):
        words = line.split()
        if not words:
            continue
        if where == "first" and fixed is None:
            reader = _Words(words)
            fixed = reader.params(family)
            if reader.at < len(words):
                raise InvalidInputError(f"{len(words) - reader.at} more words on the parameters' line")
            continue
        try:
            yield _line(family, where, words, fixed)
        except GrundyError as exc:
            yield exc


def _blocks(family: Family, layout: str, reader: _Words) -> Iterator[Case]:
    """The cases of each block (its parameters, then its cases; ``repeated``: cases up to one whose
    count is 0), up to the end of the input or a block whose parameters are all 0 (a number 0, an
    empty set)."""
    while reader.at < len(reader.words):
        params = reader.params(family)
        if all(p in (0, ()) for p in params):
            break
        while layout == "repeated" and reader.at < len(reader.words):
            heaps = reader.heaps(layout)
            if not heaps:
                break
            yield params, heaps
        if layout == "repeated":
            continue
        for _ in range(1 if layout == "counted" else reader.take()):
            yield params, reader.heaps(layout)
    if reader.at < len(reader.words):
        raise InvalidInputError(f"{len(reader.words) - reader.at:,} more words after the block that "
                                f"ends the input")


def _sums(family: Family, layout: str, heap_first: bool, reader: _Words) -> Iterator[SumCase]:
    """Each case's games: ``k``, then ``k`` games, each its parameters, then its heap
    (``heap_first``: its heap, then its parameters); ``repeated``: cases up to one whose ``k`` is
    0, or the end of the input."""
    left = 1 if layout == "counted" else -1 if layout == "repeated" else reader.take()
    while left > 0 or (left < 0 and reader.at < len(reader.words)):
        left -= left > 0
        parts = reader.take()
        if parts == 0 and layout == "repeated":
            break
        games = []
        for _ in range(parts):
            heap = reader.take() if heap_first else None
            params = reader.params(family)
            games.append((params, [reader.take() if heap is None else heap]))
        yield tuple(games)
    if reader.at < len(reader.words):
        raise InvalidInputError(f"{len(reader.words) - reader.at:,} more words after the last case")


def _line(family: Family, where: str, words: list[str], fixed: tuple[Any, ...] | None) -> Case:
    """The parameters and heaps of one line."""
    if where == "last":
        count = len(family.params)
        words = words[len(words) - count:] + words[:len(words) - count]
    reader = _Words(words)
    params = fixed if fixed is not None else reader.params(family)
    return params, reader.heaps("lines")


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
