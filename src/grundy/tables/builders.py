"""Table builders: compute ``G(0..N)`` of a heap game with the fastest exact route.

Used by :func:`grundy.tables.analysis.analyze`; numpy and numba are imported only here, lazily.

- finite subtraction sets: the subtraction kernel (and with ``auto``, once a window of ``max S``
  values repeats, the rest of the table follows from the period);
- octal games: small tables with numpy alone, large ones with the plain or the sparse-space
  kernel (``auto`` picks sparse when a mask makes the rare positions few in a prefix, and fills
  the rest from the period as soon as the Guy-Smith theorem proves it);
- any heap game chooses its builder through :meth:`HeapGame.build_table` (the octal and
  subtraction games call the builders here; Grundy's game its own kernel,
  :mod:`grundy.tables.kernels.grundy_game`); a game without one gets the pure-Python
  reference :func:`grundy.tables.reference.grundy_table`.

>>> from grundy import load_game
>>> build(load_game("octal(0.07)"), 20, "auto").values.tolist()[:10]
[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from grundy.errors import InvalidInputError
from grundy.model.game import HeapGame
from grundy.model.laws import TableMethod
from grundy.model.period_rules import HasPeriodRule, PeriodRule, TableBuild, octal_code
from grundy.model.periodic import Periodicity, Progress
from grundy.tables.periodicity import prove_period, tile
from grundy.tables.sparse import rare_positions as rare_positions  # for cli/table.py (moved)

if TYPE_CHECKING:
    import numpy as np


class OctalRules(Protocol):
    """What the octal builder needs of a game: its code digits ``d0 d1 … dk`` and its theorem."""

    def period_rule(self) -> PeriodRule | None: ...
    @property
    def digits(self) -> tuple[int, ...]: ...
    @property
    def has_splits(self) -> bool: ...
    @property
    def spec(self) -> str: ...


SMALL_OCTAL = 1024
"""``auto`` computes this many octal values with numpy first, to try to prove a period."""

NUMPY_OCTAL = 8192
"""``auto`` builds octal tables up to this size with numpy alone: O(N²), but faster than loading
the compiled kernels (numba and LLVM, about a second) up to about twice this size."""

SMALL_SUBTRACTION = 4096
"""``auto`` computes this many subtraction-game values in plain Python before using the kernel."""

Built = TableBuild
"""A computed table and how it was obtained (:class:`grundy.model.period_rules.TableBuild`)."""


def checkpoints(start: int, total: int) -> list[int]:
    """Where ``auto`` tries to prove a period: powers of 2 from 4096 above ``start``, and the end.

    >>> checkpoints(5000, 40000)
    [8192, 16384, 32768, 40000]
    """
    points, p = [], 4096
    while p < total:
        if p > start:
            points.append(p)
        p *= 2
    return [*points, total]


def _chunks(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, stop)) for a in range(start, stop, size)]


def _complete(values: np.ndarray, found: Periodicity | None, start: int, progress: Progress | None) -> None:
    """Fill ``values[start:]`` from the proved period ``found`` if any; report the table done."""
    if found is not None:
        tile(values, found, start)
    if progress:
        progress(len(values), len(values))


def fill_proving(values: np.ndarray, done: int, method: TableMethod | str, game: HasPeriodRule, step: int,
                  fill: Callable[[np.ndarray, int, int], np.ndarray], progress: Progress | None
                  ) -> tuple[np.ndarray, int, Periodicity | None]:
    """Fill ``values[done:]`` in chunks of ``step`` by ``fill(values, a, b)`` (which returns the
    array, widened if need be); with ``auto``, try to prove a period at each checkpoint below the
    end and tile the rest from it. Returns the table, how many values were computed, and the
    period if proved. (The survey continues stored tables with it too.)
    """

    total = len(values)
    stops = checkpoints(done, total) if method == "auto" else [total]
    for stop in stops:
        for a, b in _chunks(done, stop, step):
            values = fill(values, a, b)
            done = b
            if progress:
                progress(done, total)
        if method == "auto" and stop < total:
            found = prove_period(game, values[:stop])
            if found is not None:
                _complete(values, found, stop, progress)
                return values, stop, found
    return values, total, None


def build_subtraction(moves: tuple[int, ...], upto: int, method: TableMethod | str, progress: Progress | None,
                      game: HasPeriodRule) -> Built:
    """The table of the subtraction game with finite set ``moves``."""
    if method == "sparse":
        raise InvalidInputError(f"method 'sparse' applies to octal games with splitting moves, "
                                f"not subtraction({','.join(map(str, moves))})")
    import numpy as np

    from grundy.tables.kernels.subtraction import value_dtype
    from grundy.tables.proved_period import subtraction_head

    total = upto + 1
    values = np.zeros(total, dtype=value_dtype(len(moves)))
    done = 0
    if method == "auto":  # a first stretch in plain Python: most periods are proved there
        head = subtraction_head(moves, min(total, SMALL_SUBTRACTION))
        values[:len(head)] = head
        done = len(head)
        found = prove_period(game, values[:done])
        if found is not None or done == total:
            _complete(values, found, done, progress)
            return Built(values, "python" + (" + proved period" if found else ""), done, found)

    from grundy.tables.kernels.subtraction import fill_subtraction

    arr = np.array(sorted(moves), dtype=np.int64)

    def fill(values: np.ndarray, a: int, b: int) -> np.ndarray:
        fill_subtraction(values, a, b, arr)
        return values

    values, computed, found = fill_proving(values, done, method, game, 1 << 23, fill, progress)
    return Built(values, "subtraction kernel" + (" + proved period" if found else ""), computed, found)


def _numpy_octal(digits: tuple[int, ...], upto: int, head: np.ndarray | None = None) -> np.ndarray:
    """A small octal table with numpy only (O(N²) but vectorised per heap), continuing ``head``.

    The values that splitting ``r`` counters into two non-empty heaps reaches are found once
    for each ``r``, as bits of an int, so that a heap's options cost one OR for each digit that
    splits, not a pass over the heaps (a game with many such digits, ``stripes(1..2000)``).

    >>> _numpy_octal((0, 7, 7), 12).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """
    import numpy as np

    values = np.zeros(upto + 1, dtype=np.int64)
    start = 1 if head is None else len(head)
    if head is not None:
        values[:start] = head
    size = 1 << (upto + 4).bit_length() + 1
    splits: list[int] = []  # splits[r]: a bit for each value of heaps a + (r - a), 1 <= a <= r / 2

    def split_bits(r: int) -> int:
        if r < 2:
            return 0
        h = r // 2
        seen = np.zeros(size, dtype=bool)
        seen[values[1:h + 1] ^ values[r - 1:r - h - 1:-1]] = True
        bits = 0
        for w in np.flatnonzero(seen).tolist():
            bits |= 1 << w
        return bits

    for r in range(start):
        splits.append(split_bits(r))
    for n in range(start, upto + 1):
        splits.append(split_bits(n))  # (heaps below n only: ready before G(n))
        seen = 0
        for i, d in enumerate(digits):
            if i > n:
                break
            r = n - i
            if i and d & 1 and r == 0:
                seen |= 1
            if i and d & 2 and r > 0:
                seen |= 1 << int(values[r])
            if d & 4:
                seen |= splits[r]
        values[n] = (~seen & (seen + 1)).bit_length() - 1  # the least value not seen
    return values.astype(narrowest(int(values.max())))


def narrowest(largest: int) -> type:
    """The narrowest unsigned numpy dtype that holds the values ``0..largest``.

    >>> narrowest(255).__name__, narrowest(256).__name__, narrowest(70000).__name__
    ('uint8', 'uint16', 'uint32')
    """
    import numpy as np

    for dtype in (np.uint8, np.uint16, np.uint32):
        if largest <= np.iinfo(dtype).max:
            return dtype
    return np.uint64


def build_octal(game: OctalRules, upto: int, method: TableMethod | str, progress: Progress | None) -> Built:
    """The table of an octal game (see the module docstring for the routes)."""
    import numpy as np

    total = upto + 1
    if method == "sparse" and not game.has_splits:
        raise InvalidInputError(f"method '{method}' needs splitting moves; {game.spec} has none")
    if method == "auto":  # a head with numpy (a period is most often proved there)
        head = _numpy_octal(game.digits, min(total, SMALL_OCTAL) - 1)
        found = prove_period(game, head)
        if total > SMALL_OCTAL and found is not None:
            values = np.zeros(total, dtype=head.dtype)
            values[:SMALL_OCTAL] = head
            _complete(values, found, SMALL_OCTAL, progress)
            return Built(values, "numpy + proved period", SMALL_OCTAL, found)
        if total <= NUMPY_OCTAL:  # the rest with numpy too: no compiled kernel loaded
            values = head if total <= SMALL_OCTAL else _numpy_octal(game.digits, upto, head)
            found = found if total <= SMALL_OCTAL else prove_period(game, values)
            if progress:
                progress(total, total)
            return Built(values, "numpy", total, found)

    from grundy.tables.kernels.octal import table_buffer

    values = table_buffer(total)  # uint8, widened in place by the kernel if a value needs it
    values, computed, found, kernel, sparse, plain = fill_octal_table(game, game.digits, values, 0, method,
                                                                      progress)
    return Built(values, kernel, computed, found, sparse, plain_heaps=plain)


def fill_octal_table(game: OctalRules | HeapGame, digits: tuple[int, ...], values: np.ndarray, start: int,
                     method: TableMethod | str, progress: Progress | None
                     ) -> tuple[np.ndarray, int, Periodicity | None, str, tuple[int, int, int] | None, int]:
    """Fill ``values[start:]`` of the octal game ``digits`` with the compiled kernels (``values[:start]``
    given): the rare-value scan for a game with splitting moves (with ``auto``, plain stretches
    where most heaps are rare), else the plain kernel, proving a period at the checkpoints with
    ``auto`` (:func:`fill_proving`). Returns the table (widened if need be), the heap where
    filling stopped, the period if proved, the kernels' name (``+ proved period`` when proved)
    the rare-value classes ``(mask, delta, sigma)`` of the scan, and how many heaps with splitting
    moves the plain O(N²) kernel computed (:attr:`~grundy.model.period_rules.TableBuild.plain_heaps`).
    A fresh table
    (:func:`build_octal`) and a survey's stored one continued fill the same way."""
    from grundy.tables.kernels.octal import Workspace, fill_octal, octal_arrays

    arrays = octal_arrays(digits)
    work = Workspace()
    total = len(values)
    scan = game.has_splits and method != "plain"
    if scan:  # the rare-value scan (with auto: plain stretches where most heaps are rare)
        from grundy.tables.kernels.octal_rare import fill_rare

        def fill(values: np.ndarray, a: int, b: int) -> np.ndarray:
            return fill_rare(values, a, b, arrays, work, auto=method == "auto")
    else:
        def fill(values: np.ndarray, a: int, b: int) -> np.ndarray:
            return fill_octal(values, a, b, arrays, None, work)

    step = max(1 << 16, total // 100) if scan or not game.has_splits else max(1024, total // 400)
    values, stop, found = fill_proving(values, start, method, game, step, fill, progress)
    kernel, sparse = "plain kernel", None
    plain = stop - start if game.has_splits and not scan else 0
    state = work.rare
    if scan and state is not None:
        kernel = "rare-value scan" if state.plain_stretch == 0 else "rare-value scan + plain kernel"
        sparse = (state.mask, state.delta, state.sigma)
        plain = state.plain_stretch
    elif scan:  # (nothing left to fill)
        kernel = "rare-value scan"
    return values, stop, found, kernel + (" + proved period" if found else ""), sparse, plain


def build(game: HeapGame, upto: int, method: TableMethod | str = TableMethod.AUTO,
          progress: Progress | None = None) -> Built:
    """The table ``G(0..upto)`` of a heap game, chosen by what the game declares: the octal
    kernels for a declared octal code, else the game's own builder
    (:attr:`~grundy.model.laws.Laws.table_builder`) where it has one, else the generic
    pure-Python table."""
    import numpy as np

    from grundy.tables.reference import grundy_table

    code = octal_code(game)
    built = build_octal(code, upto, method, progress) if code is not None else \
        game.build_table(upto, method, progress)
    if built is not None:
        return built
    if method == "sparse":
        raise InvalidInputError(f"method 'sparse' applies to octal games only, not {game.spec}")
    values = np.array(grundy_table(game, upto), dtype=np.int64)
    if progress:
        progress(upto + 1, upto + 1)
    return Built(values, "reference (pure Python)", upto + 1)
