"""A ceiling on the process's memory, so that a runaway allocation fails cleanly.

The searches check their memory between steps (:data:`grundy.engine.limits.MEMORY_LIMIT`, 4 GiB
resident), but one step can allocate without limit: a user's move function that returns 4·10⁹
options fills the machine before the next check, and the kernel's OOM killer ends the process.
The ``grundy`` command therefore caps its own virtual address space (``RLIMIT_AS``, where the
platform has it) at :data:`DEFAULT_BYTES`, twice the memory budget. The commands need far less:
measured peaks of the virtual size (``VmPeak`` in ``/proc/self/status``) are below 0.6 GiB for
``grundy table grundy-game --upto 200000``, ``table 'octal(0.6)' --upto 3000000`` (numba and LLVM
loaded) and ``table wythoff --upto 999``. An allocation past the cap raises :class:`MemoryError`,
which the command prints as one line (exit 2).

The cap only ever lowers the soft limit (a stricter limit set by the user stays, and the hard
limit is untouched); a stored table, whose file is memory-mapped, raises the soft limit by the
size of its mappings while it builds them (:class:`room_for`) and by the size of the table it
returns while that lives (:func:`room_while`), and lowers it back as much: a call leaves the limit
as it found it. ``GRUNDY_ADDRESS_SPACE_GIB`` sets another cap in GiB (``0``: none).

>>> parse_gib("1.5"), parse_gib("0"), parse_gib(None) == DEFAULT_BYTES
(1610612736, None, True)
"""

from __future__ import annotations

import os

from grundy.engine.limits import MEMORY_LIMIT
from grundy.errors import InvalidInputError

DEFAULT_BYTES = 2 * MEMORY_LIMIT
"""The default cap on the address space: 8 GiB."""

ENVIRONMENT = "GRUNDY_ADDRESS_SPACE_GIB"
"""The environment variable that overrides :data:`DEFAULT_BYTES` (in GiB; 0 for no cap)."""


def parse_gib(text: str | None) -> int | None:
    """The cap in bytes from the environment variable's text (``None``: the default; ``0``: no cap)."""
    if text is None or not text.strip():
        return DEFAULT_BYTES
    try:
        gib = float(text)
    except ValueError:
        gib = -1.0
    if not gib >= 0:
        raise InvalidInputError(f"{ENVIRONMENT} must be a number of GiB (0 for no cap), got {text!r}")
    return int(gib * 2**30) or None


def cap(limit: int | None) -> int | None:
    """Lower the soft ``RLIMIT_AS`` to ``limit`` bytes (never raising it); return the soft limit
    now in force, or ``None`` where there is none or the platform has no such limit."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if limit is not None and (soft == resource.RLIM_INFINITY or soft > limit):
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
            soft = limit
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not allowed here
        return None
    return None if soft == resource.RLIM_INFINITY else int(soft)


def cap_from_environment() -> int | None:
    """:func:`cap` at the limit of :data:`ENVIRONMENT` (or the default)."""
    return cap(parse_gib(os.environ.get(ENVIRONMENT)))


def make_room(nbytes: int) -> int:
    """Raise a finite soft ``RLIMIT_AS`` by ``nbytes`` (up to the hard limit): room for a file
    mapped into memory, which takes address space but not the memory the cap protects. Returns
    the bytes added (``0``: no finite limit, or none could be added), which :func:`give_back`
    takes away again: use :class:`room_for` or :func:`room_while`, which do, so that the limit is
    left as it was found."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return 0
        new = soft + nbytes if hard == resource.RLIM_INFINITY else min(soft + nbytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (new, hard))
        return int(new - soft)
    except (ImportError, ValueError, OSError, AttributeError):  # pragma: no cover
        return 0


def give_back(nbytes: int) -> None:
    """Lower a finite soft ``RLIMIT_AS`` by ``nbytes`` (what :func:`make_room` added)."""
    if nbytes <= 0:
        return
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            resource.setrlimit(resource.RLIMIT_AS, (max(0, soft - nbytes), hard))
    except (ImportError, ValueError, OSError, AttributeError):  # pragma: no cover
        return


class room_for:  # (lower case: a context manager used as a function)
    """Room for ``nbytes`` of mappings while the block runs (:func:`make_room`), given back when it
    ends, however it ends: the limit is left as it was found
    (``tests/engine/test_process_state.py``)."""

    def __init__(self, nbytes: int) -> None:
        self._nbytes = nbytes
        self._added = 0

    def __enter__(self) -> room_for:
        self._added = make_room(self._nbytes)
        return self

    def __exit__(self, *exc: object) -> None:
        give_back(self._added)
        self._added = 0


def room_while(mapping: object, nbytes: int) -> None:
    """Room for ``nbytes`` of address space while ``mapping`` (a memory-mapped array that outlives
    the call that made it) is alive, given back when it is freed."""
    import weakref

    weakref.finalize(mapping, give_back, make_room(nbytes))
