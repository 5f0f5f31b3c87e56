"""Slow tests are marked where they are written, so that a rename cannot unmark them.

A whole test: ``@pytest.mark.slow``. Some values of a parametrized test: ``slow_params`` (or
``pytest.param(value, marks=pytest.mark.slow)`` in a literal list). ``python -m pytest -m "not slow"``
leaves them out; CI runs everything. Doctests and Markdown files: ``SLOW_DOCTESTS`` in
``tests/conftest.py``. Mark a test slow when it takes 0.3 s or more on the 2-core machine
(``python -m pytest -m "not slow" -n 2 --durations=20`` lists the candidates).

>>> values = slow_params([1, 2, 3], {2})
>>> values[0], values[1].values, values[1].marks[0].name
(1, (2,), 'slow')
>>> slow_params([1, 2], {5})
Traceback (most recent call last):
...
ValueError: slow_params: no value has the key 5 (renamed?); keys: [1, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

import pytest


def slow_params(values: Iterable[Any], slow: Collection[Any], *, key: Callable[[Any], Any] = lambda v: v,
                unpack: bool = False) -> list[Any]:
    """``values`` for ``pytest.mark.parametrize``, those whose ``key(value)`` is in ``slow`` marked slow.

    ``unpack``: each value is a tuple of several arguments. Every key in ``slow`` must match a value,
    so that a renamed case fails loudly instead of silently running in the fast subset.
    """
    values = list(values)
    keys = [key(v) for v in values]
    for k in slow:
        if k not in keys:
            raise ValueError(f"slow_params: no value has the key {k!r} (renamed?); keys: {keys!r}")
    return [pytest.param(*(v if unpack else (v,)), marks=pytest.mark.slow) if k in slow else v
            for v, k in zip(values, keys, strict=True)]
