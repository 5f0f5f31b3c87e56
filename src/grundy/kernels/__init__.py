"""Compiled table kernels (numba ``@njit(cache=True)``), imported lazily by :mod:`grundy.periodicity`.

Importing :mod:`grundy` never imports this package; only building a large table does, so
``grundy solve nim 3 4 5`` stays free of numba. The kernels fill a preallocated numpy array of
Grundy values in place, continuing from an index ``start`` (so a table can be extended):

- :mod:`grundy.kernels.subtraction`: finite subtraction sets, O(N·|S|);
- :mod:`grundy.kernels.octal`: octal (take-and-break) games, the plain O(N²) mex loop and the
  sparse-space method of Winning Ways ("Sparse Space Spells Speed");
- :mod:`grundy.kernels.period`: the prefix function used to find minimal periods in O(N).

Each kernel is checked in the tests against the pure-Python reference
:func:`grundy.tables.grundy_table`.

>>> import numpy as np
>>> from grundy.kernels.subtraction import subtraction_table
>>> subtraction_table(np.array([1, 3, 4]), 10).tolist()
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
"""

from __future__ import annotations

import os
from pathlib import Path


def _cache_dir() -> None:
    """Point numba's on-disk cache at a per-user directory if the package directory is read-only."""
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    here = Path(__file__).parent
    if not os.access(here, os.W_OK):
        os.environ["NUMBA_CACHE_DIR"] = str(Path.home() / ".cache" / "grundy-numba")


_cache_dir()
