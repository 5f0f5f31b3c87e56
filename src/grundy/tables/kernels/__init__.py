"""Compiled table kernels (numba ``@njit(cache=True)``), imported lazily by the table builders.

Importing :mod:`grundy` never imports this package; only building a large table does, so
``grundy solve nim 3 4 5`` stays free of numba. The kernels fill a preallocated numpy array of
Grundy values in place, continuing from an index ``start`` (so a table can be extended):

- :mod:`grundy.tables.kernels.subtraction`: finite subtraction sets, O(N·|S|);
- :mod:`grundy.tables.kernels.octal`: octal (take-and-break) games, the plain O(N²) mex loop and the
  sparse-space method of Winning Ways ("Sparse Space Spells Speed");
- :mod:`grundy.tables.kernels.period`: the prefix function used to find minimal periods in O(N).

Each kernel is checked in the tests against the pure-Python reference
:func:`grundy.tables.reference.grundy_table`.

>>> import numpy as np
>>> from grundy.tables.kernels.subtraction import subtraction_table
>>> subtraction_table(np.array([1, 3, 4]), 10).tolist()
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _cache_dir() -> None:
    """Point numba's on-disk cache at a per-user directory if the package directory is read-only."""
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    here = Path(__file__).parent
    if not os.access(here, os.W_OK):
        os.environ["NUMBA_CACHE_DIR"] = str(Path.home() / ".cache" / "grundy-numba")


_cache_dir()


LEAN_START = False
"""Set by the command line in its own process: load numba without scipy (see below)."""


def prepare() -> None:
    """Called by each kernel module before it imports numba."""
    if LEAN_START:
        start_without_scipy()


def start_without_scipy() -> None:
    """Import numba without scipy, to start a one-shot command faster.

    numba imports ``scipy.linalg`` at start-up only to enable ``np.dot`` and ``np.linalg`` inside
    compiled code, which these kernels never use; that import is most of numba's start-up time.
    The command line calls this before building a table in its own process; the library never
    does (another module in the same process may want BLAS in its own compiled code). A no-op if
    numba or scipy.linalg is already imported.
    """
    if "numba" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg.cython_blas"] = None  # type: ignore[assignment]
    try:
        import numba.np.arraymath  # noqa: F401  (its BLAS check now fails fast)
    finally:
        del sys.modules["scipy.linalg.cython_blas"]
