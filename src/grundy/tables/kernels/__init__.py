"""Compiled table kernels (numba ``@njit(cache=True)``), imported lazily by the table builders.

Importing :mod:`grundy` never imports this package; only building a large table does, so
``grundy solve nim 3 4 5`` stays free of numba. Importing a kernel changes no environment
variable: where the package directory is read-only, numba keeps its on-disk cache in the user's
cache directory by itself (the ``grundy`` command points it at ``~/.cache/grundy-numba`` in its
own process). The kernels fill a preallocated numpy array of Grundy values in place, continuing
from an index ``start`` (so a table can be extended):

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

import sys
from typing import Any

_lean = [False]
"""Whether a :class:`lean_numba` block is open (the kernel modules read it as they are imported)."""


def prepare() -> None:
    """Called by each kernel module before it imports numba: within a :class:`lean_numba` block,
    numba is loaded without scipy."""
    if _lean[-1]:
        start_without_scipy()


class lean_numba:  # (lower case: a context manager used as a function)
    """Within this block, a kernel imported for the first time loads numba without scipy
    (:func:`start_without_scipy`); the state before the block is restored at its end. What
    :func:`grundy.heap_table` does with ``lean_start=True``, which the command line passes in its
    own process, where nothing else will want BLAS in compiled code.

    >>> with lean_numba():
    ...     _lean[-1]
    True
    >>> _lean
    [False]
    """

    def __enter__(self) -> None:
        _lean.append(True)

    def __exit__(self, *exc: object) -> None:
        _lean.pop()
        if not _lean[-1]:
            _restore_cache_loads()


def start_without_scipy() -> None:
    """Import numba without scipy, to start a one-shot command faster.

    numba imports ``scipy.linalg`` at start-up only to enable ``np.dot`` and ``np.linalg`` inside
    compiled code, which these kernels never use; that import is most of numba's start-up time.
    Only within a :class:`lean_numba` block, which the command line opens around a table in its
    own process; the library never does on its own (another module in the same process may want
    BLAS in its own compiled code). A no-op if numba or scipy.linalg is already imported.
    """
    if "numba" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules["scipy.linalg.cython_blas"] = None  # type: ignore[assignment]
    try:
        import numba.np.arraymath  # noqa: F401  (its BLAS check now fails fast)
    finally:
        del sys.modules["scipy.linalg.cython_blas"]
    _load_cached_kernels_lean()


_LEAN_LOADS: list[tuple[Any, Any]] = []
"""``(numba's Cache class, its own load_overload)`` while :func:`_load_cached_kernels_lean` is in force."""


def _load_cached_kernels_lean() -> None:
    """Within a :class:`lean_numba` block that imported numba: a kernel found in numba's on-disk
    cache is loaded without first loading every implementation numba has (its target context's
    ``refresh``: ~0.1 s of CPU, the registries of numpy, random numbers, typed containers...,
    which only compiling needs, and numba's compiler loads them itself when it compiles). The
    runtime the compiled code links to (NRT) is still initialised. Numba's own loader is put back
    at the end of the block; nothing changes where numba's cache class lacks the methods this
    relies on (another numba version): then numba loads as it always does."""
    try:
        from numba.core.caching import Cache
        from numba.core.runtime import rtsys
    except ImportError:  # pragma: no cover (a numba without these modules: its own way)
        return
    if _LEAN_LOADS or not all(hasattr(Cache, name) for name in (
            "load_overload", "_load_overload", "_guard_against_spurious_io_errors")):
        return
    own = Cache.load_overload

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)
        return None  # (the block swallowed an I/O error: compile instead)

    _LEAN_LOADS.append((Cache, own))
    setattr(Cache, "load_overload", load_overload)  # noqa: B010  (a method of numba's class, for the block)


def _restore_cache_loads() -> None:
    """Numba's own loader again (:func:`_load_cached_kernels_lean`)."""
    while _LEAN_LOADS:
        cache, own = _LEAN_LOADS.pop()
        cache.load_overload = own
