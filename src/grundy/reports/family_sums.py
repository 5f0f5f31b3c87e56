"""The check of a family's program whose cases are sums of games (``--params sum`` or
``sum-last``: a case is ``k``, then ``k`` games, each its parameters and its heap) before it is
printed: its Python main (for a C++ program, the Python program of the same input) is run on cases
of small games, built here, and each case's line must be the engine's, the XOR of its games'
values found by the plain mex over their moves (no closed form of the family is used).

>>> from grundy.catalog import load_family
>>> from grundy.export.family import python_family
>>> title, family = load_family("bash(m)")
>>> check_sums_program(title, family, python_family(title, family, True, "cases", "sum-last"),
...                    "cases", "sum-last")
"""

from __future__ import annotations

import io
import random
import sys
from itertools import product
from typing import Any

from grundy.errors import GrundyError
from grundy.model.laws import Family

SAMPLE_CASES = 40
"""How many cases of sums the check builds (each 0 to 4 games)."""

SAMPLE_HEAPS = 24
"""The largest heap of a game in the check's cases."""


def _games(title: str, family: Family) -> list[tuple[tuple[int, ...], Any]]:
    """The family's games whose whole-number parameters are 1..4 (those the game accepts)."""
    from grundy.catalog import find_entry

    entry = find_entry(title.partition("(")[0])
    assert entry is not None  # (the family was found by its name)
    cls = entry.load_class()
    games = []
    for params in product(range(1, 5), repeat=len(family.params)):
        try:
            games.append((params, cls.from_params(*params, **dict(family.keywords))))
        except GrundyError:
            continue
    return games


def _program_lines(code: str, text: str) -> list[str]:
    """The lines the program's reader of sums answers ``text`` with (its standard input)."""
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    old = sys.stdin
    try:
        sys.stdin = io.StringIO(text)
        return list(namespace["_sums"](namespace["_Words"]()))
    finally:
        sys.stdin = old


def check_sums_program(title: str, family: Family, code: str, layout: str, where: str) -> None:
    """Run the Python program ``code`` (its main reads ``layout``, the parameters ``where``: sum
    or sum-last) on :data:`SAMPLE_CASES` cases of the family's small games and compare each line
    with the engine's value of the case (the XOR of its games' plain mex values); else an
    internal error."""
    from grundy.engine.search import Cache, grundy_value

    cache, games = Cache(), _games(title, family)
    pick = random.Random(1851)
    cases = [[(pick.choice(games), pick.randrange(SAMPLE_HEAPS + 1))
              for _ in range(pick.randrange(0 if layout != "repeated" else 1, 5))]
             for _ in range(SAMPLE_CASES)]
    texts = []
    for case in cases:
        words = [str(len(case))]
        for (params, _), heap in case:
            numbers = [*map(str, params)]
            words += [str(heap), *numbers] if where == "sum-last" else [*numbers, str(heap)]
        texts.append(" ".join(words))
    if layout == "counted":
        got = [line for text in texts for line in _program_lines(code, text)]
    else:
        got = _program_lines(code, "\n".join([str(len(texts))] * (layout == "cases") + texts))
    for case, line in zip(cases, got, strict=True):
        total = 0
        for (_, game), heap in case:
            total ^= grundy_value(game, game.validate((heap,)), cache=cache, use_rules=False)
        if line != f"{total} {'N' if total else 'P'}":
            shown = "; ".join(f"{title} {params} heap {heap}" for (params, _), heap in case)
            raise GrundyError(f"internal error: the exported program answers {line!r} for the sum "
                              f"{shown or '(no game)'}, the engine {total}; please report it")
