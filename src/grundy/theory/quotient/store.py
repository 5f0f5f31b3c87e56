"""Misère quotients kept in a file, so that a process need not compute one again.

The file is JSON: the game, the multiplication table, the P-portion, each heap's image and a
SHA-256 checksum of all of it. Loading trusts none of it: after the checksum, the quotient's
defining properties are checked again against the game's own rules —

* the table is a commutative monoid with identity ``0`` (associativity by Light's test on the
  heap images, which must generate it),
* the verification of :mod:`grundy.theory.quotient` (every reachable pair ``(Φ(X), O(X))`` is
  consistent, the options' images recomputed from the game), so the P-portion is right on every
  sum of heaps up to the range stored,
* the quotient is reduced (no two elements indistinguishable), so it *is* the quotient,

and the status (proved by the periodicity theorem or not) is derived again, not read. A damaged,
edited or foreign file is refused with one line (:class:`QuotientFileError`); it never gives an
answer.

>>> import os, tempfile
>>> from grundy.catalog import load_game
>>> from grundy.theory.quotient import misere_quotient
>>> game = load_game("octal(0.75)")
>>> path = os.path.join(tempfile.mkdtemp(), "q.json")
>>> save_quotient(misere_quotient(game, upto=24), path)
>>> q = load_quotient(game, path)
>>> q.order, q.status, q.outcome((5, 9, 1000)).value
(8, 'proved', 'N')
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from grundy.errors import InvalidInputError
from grundy.model.game import Game, HeapGame
from grundy.theory.quotient import settling
from grundy.theory.quotient.build import DEFAULT_QUOTIENT_LIMIT, finish_quotient, misere_quotient
from grundy.theory.quotient.candidate import (
    MAX_ORDER,
    State,
    Steps,
    full_table,
    generators,
    least_words,
    option_images,
)
from grundy.theory.quotient.result import MisereQuotient

FORMAT = "grundy-misere-quotient"
VERSION = 1


class QuotientFileError(InvalidInputError):
    """A stored quotient that cannot be used (unreadable, damaged, for another game, or wrong)."""


def _digest(payload: dict[str, Any]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def save_quotient(q: MisereQuotient, path: str | Path) -> None:
    """Write ``q`` to ``path`` (JSON with a checksum), beside it first and then renamed over it:
    a run killed while writing leaves the previous file (or none), never half a file. Raises
    :class:`~grundy.errors.InvalidInputError` (one line) when the file cannot be written."""
    _save(q.game.spec, q.table, q.p, q.heaps, path)


def _save(spec: str, table: Any, p: Any, heaps: Any, path: str | Path) -> None:
    payload = {"format": FORMAT, "version": VERSION, "game": spec, "checked_upto": len(heaps) - 1,
               "table": [list(row) for row in table], "p": [int(b) for b in p], "heaps": list(heaps)}
    text = json.dumps({**payload, "sha256": _digest(payload)}) + "\n"
    target = Path(path)
    _writable(target)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")  # (one per process: two writers)
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise InvalidInputError(f"{path}: cannot write the misère quotient: "
                                f"{exc.strerror or type(exc).__name__}") from None
    finally:
        tmp.unlink(missing_ok=True)


def _writable(path: Path) -> None:
    """Refuse a path a quotient cannot be written to, before anything is computed for it."""
    if path.is_dir():
        raise InvalidInputError(f"{path}: is a directory, not a file for the misère quotient")
    if not path.parent.is_dir():
        raise InvalidInputError(f"{path}: no directory {str(path.parent)!r} for the misère quotient")


def load_quotient(game: Game, path: str | Path, limit: int = DEFAULT_QUOTIENT_LIMIT) -> MisereQuotient:
    """The quotient stored in ``path`` for ``game``, checked again (see the module doc); raises
    :class:`QuotientFileError` (one line, quoting the file) when it cannot be used."""
    st, checked, steps = _load_state(game, path, limit)
    assert isinstance(game, HeapGame)  # _load_state refuses others
    return finish_quotient(game, st, checked, steps)


def stored_quotient(game: Game, upto: int, path: str | Path, *, limit: int = DEFAULT_QUOTIENT_LIMIT,
                    rebuild: bool = False) -> MisereQuotient:
    """The quotient of heaps ``0..upto`` kept in ``path`` (``grundy table GAME --misere --quotient
    --store FILE``): read and checked again when the file holds that range; built on from the
    file when it holds fewer heaps, and computed when there is no file — the result then written
    to ``path``. A file for more heaps is left as it is (the quotient of fewer heaps is another
    monoid, computed afresh). A file that does not verify raises :class:`QuotientFileError`, or
    with ``rebuild`` is computed again and overwritten. The file is written again after each heap
    settled, so a run that is killed keeps the heaps it settled (the next run builds on them).

    >>> import os, tempfile
    >>> from grundy.catalog import load_game
    >>> path = os.path.join(tempfile.mkdtemp(), "q.json")
    >>> stored_quotient(load_game("kayles"), 12, path).order   # computed, written
    24
    >>> stored_quotient(load_game("kayles"), 27, path).order   # heaps 13..27 added to it
    40
    """
    if not isinstance(game, HeapGame) or not game.heapwise:
        raise QuotientFileError(f"{path}: misère quotients are of heap games whose moves change one "
                                f"heap, not {game.spec}")
    _writable(Path(path))
    found: tuple[State, int, Steps] | None = None
    if Path(path).exists():
        try:
            found = _load_state(game, path, limit)
        except QuotientFileError:
            if not rebuild:
                raise
    if found is not None:
        st, checked, steps = found
        top = len(st.heap) - 1
        if top == upto:
            return finish_quotient(game, st, checked, steps)
        if top > upto:
            return misere_quotient(game, upto=upto, limit=limit)
    elif upto == 0:
        q = misere_quotient(game, upto=0, limit=limit)
        save_quotient(q, path)
        return q
    else:
        st, steps = State([[0]], [False], [()]), Steps(limit, game.spec)  # (misere_quotient's start)
    while len(st.heap) - 1 < upto:  # heap by heap, each settled heap written (what continue_quotient does)
        st, checked = settling.settle(st, game, steps)
        _save(game.spec, full_table(st.mul), st.p, st.heap, path)
    return finish_quotient(game, st, checked, steps)


def _load_state(game: Game, path: str | Path, limit: int) -> tuple[State, int, Steps]:
    """The verified state of :func:`load_quotient`, the pairs checked and the steps spent."""
    where = str(path)

    def bad(why: str) -> QuotientFileError:
        return QuotientFileError(f"{where}: not a usable misère quotient of {game.spec} ({why})")

    if not isinstance(game, HeapGame) or not game.heapwise:
        raise bad("misère quotients are of heap games whose moves change one heap")
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise bad(f"cannot read it: {type(exc).__name__}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise bad(f"not a {FORMAT} file of version {VERSION}")
    payload = {k: v for k, v in data.items() if k != "sha256"}
    if data.get("sha256") != _digest(payload):
        raise bad("checksum mismatch: the file was damaged or edited")
    if data.get("game") != game.spec:
        raise bad(f"it is stored for {data.get('game')!r}")
    table, top = data.get("table"), data.get("checked_upto")
    p, heaps = data.get("p") or [], data.get("heaps") or []
    m = len(p) if isinstance(p, list) else 0
    if not (1 <= m <= MAX_ORDER and isinstance(table, list) and len(table) == m
            and all(isinstance(r, list) and len(r) == m and all(type(v) is int and 0 <= v < m for v in r)
                    for r in table)
            and all(v in (0, 1) for v in p)
            and type(top) is int and isinstance(heaps, list) and len(heaps) == top + 1 >= 1
            and all(type(v) is int and 0 <= v < m for v in heaps) and heaps[0] == 0):
        raise bad("malformed table, P-portion or heap images")
    steps = Steps(limit, game.spec)
    steps.spend(m * m, "checking a stored quotient")
    mul: list[list[int]] = table
    if (any(mul[0][x] != x for x in range(m))
            or any(mul[x][y] != mul[y][x] for x in range(m) for y in range(x))):
        raise bad("the table is not a commutative monoid with identity 0")
    gens = generators(mul, heaps)  # greedy: each heap image not generated by the earlier ones
    steps.spend(m * m * len(gens), "checking a stored quotient")
    reach, frontier = {0}, [0]
    while frontier:
        frontier = [z for z in {mul[y][g] for y in frontier for g in gens} if z not in reach]
        reach.update(frontier)
    if len(reach) != m:
        raise bad("the heaps' images do not generate the table")
    for g in gens:  # Light's test: (x·g)·y = x·(g·y) for generators g suffices
        row_g = mul[g]
        if any(mul[mul[x][g]][y] != mul[x][row_g[y]] for x in range(m) for y in range(m)):
            raise bad("the table is not associative")
    isp = [bool(v) for v in p]
    heaps = [int(v) for v in heaps]
    opts = [frozenset[int]()] + [option_images(game, j, heaps, mul, steps) for j in range(1, top + 1)]
    checked = _verify(mul, isp, heaps, opts, steps)
    if checked is None:
        raise bad("its P-portion is wrong for some sum of heaps (verification failed)")
    if not _reduced(mul, isp, gens, steps):
        raise bad("two of its elements are indistinguishable (not reduced)")
    st = State(mul, isp, least_words(mul, heaps, m), list(heaps), opts, gens)
    return st, checked, steps


def _verify(mul: list[list[int]], p: list[bool], heaps: list[int], opts: list[frozenset[int]],
            steps: Steps) -> int | None:
    """Step 2 of :mod:`grundy.theory.quotient`: every pair ``(Φ(X), O(X))`` reachable by adding heaps
    is consistent (``Φ(X) ∈ P`` iff ``O(X)`` is non-empty and misses ``P``); the number of pairs,
    or ``None`` at the first inconsistent one."""
    letters = sorted({(heaps[j], opts[j]) for j in range(1, len(heaps))},
                     key=lambda hl: (hl[0], sorted(hl[1])))
    start: tuple[int, frozenset[int]] = (0, frozenset())
    seen = {start}
    todo = [start]
    while todo:
        x, o = todo.pop()
        if p[x] != (bool(o) and not any(p[y] for y in o)):
            return None
        steps.spend(len(letters) * (len(o) + 1), "verification")
        for h, ts in letters:
            nxt = (mul[x][h], frozenset([mul[y][h] for y in o] + [mul[x][t] for t in ts]))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen)


def _reduced(mul: list[list[int]], p: list[bool], gens: list[int], steps: Steps) -> bool:
    """Whether no two elements are indistinguishable (Moore refinement from the P-portion)."""
    m = len(p)
    cls = [int(b) for b in p]
    count = len(set(cls))
    while True:
        steps.spend(m * (len(gens) + 1), "checking a stored quotient")
        sig: dict[tuple[int, ...], int] = {}
        new = [sig.setdefault((cls[x], *(cls[mul[x][g]] for g in gens)), len(sig)) for x in range(m)]
        if len(sig) == count:
            return count == m
        cls, count = new, len(sig)
