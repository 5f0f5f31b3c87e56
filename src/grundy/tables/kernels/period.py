"""The prefix (failure) function in O(N), used to find the minimal periods of a table's tails.

For a sequence ``y``, ``pi[L-1]`` is the length of the longest proper prefix of ``y[:L]`` that
is also its suffix, so ``L - pi[L-1]`` is the minimal period of ``y[:L]``. Applied to the
reversed table, it gives the minimal period of every tail at once.

>>> import numpy as np
>>> prefix_function(np.array([1, 2, 1, 2, 1, 3])).tolist()
[0, 0, 1, 2, 3, 0]
"""

from __future__ import annotations

import numpy as np

from grundy.tables.kernels import prepare

prepare()
from numba import njit  # noqa: E402  (after prepare)


@njit(cache=True, nogil=True)
def _prefix_function(y: np.ndarray, pi: np.ndarray) -> None:  # pragma: no cover - compiled
    n = y.shape[0]
    k = 0
    for i in range(1, n):
        while k > 0 and y[i] != y[k]:
            k = pi[k - 1]
        if y[i] == y[k]:
            k += 1
        pi[i] = k


def prefix_function(y: np.ndarray) -> np.ndarray:
    """The prefix function of ``y`` (``int64``)."""
    pi = np.zeros(len(y), dtype=np.int64)
    if len(y):
        _prefix_function(np.ascontiguousarray(y), pi)
    return pi
