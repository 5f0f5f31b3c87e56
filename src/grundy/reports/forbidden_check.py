"""The check of a ``forbidden-nim(P)`` program (Nim with forbidden moves, its pairs read at run time)
before it is printed: its Python functions (for a C++ program, the Python program of the same
family) value the heaps ``0..SAMPLE_HEAPS`` of :data:`SAMPLE_LISTS` lists of pairs, built here with
repeated heaps, takes of the whole heap and chains of lowered values, and each value must be the
plain mex over the game's own moves (the rule of :mod:`grundy.games.takeaway.forbidden` is not
used); its ``answer`` of positions of several heaps must be the XOR of those values.

>>> from grundy.catalog import load_family
>>> from grundy.export.family import python_family
>>> title, family = load_family("forbidden-nim(P)")
>>> check_forbidden_program(title, python_family(title, family, False, "lines", "each"))
"""

from __future__ import annotations

import random
from typing import Any

from grundy.errors import GrundyError

SAMPLE_LISTS = 60
"""How many lists of pairs the check builds (0 to 24 pairs each)."""

SAMPLE_HEAPS = 24
"""The largest heap valued in each list."""

SUMS_PER_LIST = 5
"""Positions of several heaps (0 to 4) the program's ``answer`` is asked for, in each list."""


def _mex_values(game: Any, upto: int) -> list[int]:
    """``G(0..upto)`` by the plain mex over the game's moves."""
    from grundy.engine.search import mex

    values: list[int] = []
    for n in range(upto + 1):
        values.append(mex(values[m] for (m,) in game.heap_options(n)))
    return values


def check_forbidden_program(title: str, code: str) -> None:
    """Raise :class:`~grundy.errors.GrundyError` unless the program's ``grundy_value`` agrees with
    the plain mex on every sample list (fixed seed: the same lists every time)."""
    from grundy.catalog import find_entry

    entry = find_entry(title.partition("(")[0])
    assert entry is not None  # (the family was found by its name)
    cls = entry.load_class()
    namespace: dict[str, Any] = {"__name__": "grundy_export_check"}
    exec(compile(code, "<export>", "exec"), namespace)
    rng = random.Random(255)
    for _ in range(SAMPLE_LISTS):
        top = rng.randint(1, SAMPLE_HEAPS)
        pairs = [(x, rng.randint(1, x)) for x in (rng.randint(1, top) for _ in range(rng.randint(0, 24)))]
        expected = _mex_values(cls.from_params(*(f"{x}:{y}" for x, y in pairs)), SAMPLE_HEAPS)
        flat = [v for pair in pairs for v in pair]
        got = [namespace["grundy_value"](n, flat) for n in range(SAMPLE_HEAPS + 1)]
        if got != expected:
            raise GrundyError(f"{title}: the program's values {got} differ from the mex {expected} "
                              f"for the pairs {pairs}: not printed")
        _check_sums(title, namespace["answer"], rng, flat, expected)


def _check_sums(title: str, answer: Any, rng: random.Random, flat: list[int], expected: list[int]) -> None:
    """The program's ``answer`` of a few positions of several heaps (a case as its main reads it:
    the heaps, then the parameters) against the XOR of the mex values."""
    for _ in range(SUMS_PER_LIST):
        heaps = [rng.randint(0, SAMPLE_HEAPS) for _ in range(rng.randint(0, 4))]
        value = 0
        for h in heaps:
            value ^= expected[h]
        if tuple(answer(heaps, [flat])) != (value, value != 0):
            raise GrundyError(f"{title}: the program's answer for the heaps {heaps} differs from the "
                              f"XOR of their mex values, {value}: not printed")
