"""The formula search's space, kept: what :func:`grundy.patterns.synthesis.candidates` builds
does not depend on the table it fits.

The bottom-up search over ``n = 0..L-1`` builds the same expressions, keeps the same ones (the
first of each list of values on the prefix) and runs out of steps at the same place whatever its
target: the target only decides which of them are *emitted* (an expression whose values are the
target's, or truth values that are, and the ``x + y``, ``x - y``, ``y - x``, ``x ^ y`` of the
meet-in-the-middle step). So a search that ran to its end leaves a :class:`Space`: the log of
what it did, how each kept expression was built, and for each one a hash of its values that is
*linear* (a sum of the values times fixed 64-bit weights, modulo 2^32; for ``^``, an XOR of
fixed rotations of each value, linear over GF(2)), so that ``goal - x`` is looked up from the
hashes of the goal and of ``x`` alone. :meth:`Space.candidates` replays the log for a new target in plain
Python (no numpy) and yields what the search would yield, in the same order:

- a hash lookup that hits is confirmed by evaluating the expressions on the prefix (a collision
  is skipped, never emitted), and no expression is missed: two kept expressions with one hash
  are marked ambiguous when the space is built, and a target that meets an ambiguous hash is
  refused (``None``: the caller runs the search itself);
- ``tests/patterns/test_space.py`` compares the replay with the search on real and random
  tables, truth values, every budget and the ends of the ranges.

A command in its own process keeps the spaces on disk (``GRUNDY_SEARCH_CACHE``, which
``grundy`` points at ``~/.cache/grundy-search`` unless it is set; at most :data:`MAX_FILES`
files, the oldest removed), keyed by the prefix length, the constants, the budget and this
code's fingerprint; a search that stopped early (it found its formula) leaves none. Within a
process the last few spaces are kept in memory.

The package ships the spaces a table of any length from 64 heaps on reads first
(:func:`shipped_keys`, in :data:`SHIPPED`: the prefix lengths of
:data:`grundy.patterns.record.PREFIX_LENGTHS`, values and truth values, no constant beyond the
usual leaves, the default budgets; ``zlib``, 80 kB for values and 20 kB for truth values, 305
kB in all), so that even a first table of its kind is analysed without running the search (and
without numpy). A shipped space is used only where its key, the code's fingerprint included,
is the one asked for: after a change to the search they are written again by
``python scripts/ship_spaces.py`` (``tests/patterns/test_space.py`` rebuilds and compares them).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from grundy.model.bounded import BoundedCache, kept

VERSION = 3
MAX_FILES = 32
"""Spaces kept on disk at most (a space of 30,000 steps on 256 values is about 290 kB)."""
CACHE_VARIABLE = "GRUNDY_SEARCH_CACHE"
_MASK = (1 << 64) - 1
_LINEAR = (1 << 32) - 1
"""The bits of the linear hash kept: 32 (every hit is confirmed by evaluating the expressions,
so a short hash costs only a rare refusal, and it halves the size of a space)."""
_BOUND = 1 << 31
_WORD_BITS = 32
"""Bits of each value the XOR hash reads: every kept value (and every ``x ^ goal`` that can be
kept) lies in ``(-2^31, 2^31)``, so its low 32 bits, sign-extended, are the value."""

Key = tuple[Any, ...]


def _u32_code() -> str:
    """The ``array`` type code of an unsigned 32-bit word (the linear hashes)."""
    from array import array

    return next(code for code in "IL" if array(code).itemsize == 4)


_U32 = _u32_code()


def _random_words(count: int, salt: int) -> list[int]:
    """``count`` fixed pseudo-random 64-bit words (the same in every process)."""
    import random

    rng = random.Random(0x6772756E6479 + salt)
    return [rng.getrandbits(64) for _ in range(count)]


def _rotations(length: int) -> list[tuple[int, int, int]]:
    """Three distinct left rotations (1..63) for each position: the XOR hash of a value ``v`` at
    that position is ``rotl(v, r1) ^ rotl(v, r2) ^ rotl(v, r3)`` (linear over GF(2))."""
    import random

    rng = random.Random(0x6772756E6479)
    out: list[tuple[int, int, int]] = []
    for _ in range(length):
        a, b, c = rng.sample(range(1, 64), 3)
        out.append((a, b, c))
    return out


def _rotl(v: int, r: int) -> int:
    return ((v << r) | (v >> (64 - r))) & _MASK


def _signed(word: int) -> int:
    return word - (1 << 64) if word >> 63 else word


class _Hashes:
    """The weights of the linear hash and the words of the XOR hash, for ``length`` values."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.weights = [_signed(w) for w in _random_words(length, 1)]
        self.total = sum(self.weights) & _LINEAR
        self._rotations: list[tuple[int, int, int]] | None = None
        self._constant_words: list[int] = []

    @property
    def rotations(self) -> list[tuple[int, int, int]]:
        """The XOR hash's rotations for each position (made when first asked)."""
        if self._rotations is None:
            self._rotations = _rotations(self.length)
            odd: set[int] = set()  # (a rotation used an even number of times cancels)
            for turns in self._rotations:
                odd ^= set(turns)
            self._constant_words = [0] * _WORD_BITS  # the XOR hash of a constant row, bit by bit
            for b in range(_WORD_BITS):
                for r in odd:
                    self._constant_words[b] ^= _rotl(1 << b, r)
        return self._rotations

    def linear(self, values: Sequence[int]) -> int:
        return sum(w * v for w, v in zip(self.weights, values, strict=True)) & _LINEAR

    def xor(self, values: Sequence[int]) -> int:
        out = 0
        for (r1, r2, r3), v in zip(self.rotations, values, strict=True):
            v &= 0xFFFFFFFF
            out ^= _rotl(v, r1) ^ _rotl(v, r2) ^ _rotl(v, r3)
        return out

    def xor_constant(self, c: int) -> int:
        out, v = 0, c & 0xFFFFFFFF
        _ = self.rotations
        while v:
            low = v & -v
            out ^= self._constant_words[low.bit_length() - 1]
            v ^= low
        return out


def space_key(length: int, boolean: bool, constants: Iterable[int], max_size: int, steps: int) -> Key:
    """What a space depends on (with ``n = 0..length-1`` the one variable). The constants are
    those the search adds to its leaves: not the ones it always has, nor one out of range (the
    search drops it), so that ``constants=(0,)`` asks for the space of ``constants=()``.

    >>> space_key(64, False, (4, 0, 7, 2**40), 9, 100)[4]
    (7,)
    """
    from grundy.patterns.expressions import LEAF_CONSTANTS

    extra = {c for c in constants if abs(c) < _BOUND} - set(LEAF_CONSTANTS)
    return (VERSION, _fingerprint(), length, boolean, tuple(sorted(extra)), max_size, steps)


def shipped_keys() -> list[Key]:
    """The keys of the spaces the package ships: each prefix length, values and truth values
    (half the steps: :func:`grundy.patterns.search.find_patterns` gives the P-positions' search
    half its budget), no constant beyond the usual leaves."""
    from grundy.patterns.record import MAX_SIZE, PREFIX_LENGTHS, SEARCH_STEPS

    return [space_key(length, boolean, (), MAX_SIZE, SEARCH_STEPS // 2 if boolean else SEARCH_STEPS)
            for length in PREFIX_LENGTHS for boolean in (False, True)]


def _fingerprint() -> int:
    """A checksum of the code a space depends on (a changed search makes new spaces)."""
    got = _FINGERPRINT.get("code", _code_checksum)
    return got


SOURCES = os.path.dirname(__file__)
"""The folder of the search's source files (their checksum is part of a kept space's key)."""
SHIPPED = os.path.join(SOURCES, "spaces")
"""The folder of the spaces shipped with the package (written by ``scripts/ship_spaces.py``)."""


def _code_checksum() -> int:
    """A CRC-32 of the search's source files, or ``-1`` where they cannot be read (an install
    without its sources): then no space is kept on disk, since a changed search could not be told."""
    import zlib

    total = 0
    try:
        for name in ("synthesis.py", "expressions.py", "formulas.py", "arith.py", "space.py"):
            with open(os.path.join(SOURCES, name), "rb") as f:
                total = zlib.crc32(f.read(), total)
    except OSError:
        return -1
    return total


def _folder(key: Key) -> str | None:
    """Where spaces are kept on disk (``GRUNDY_SEARCH_CACHE``), if anywhere, for ``key``."""
    folder = os.environ.get(CACHE_VARIABLE)
    return folder if folder and key[1] >= 0 else None


_FINGERPRINT: BoundedCache[str, int] = kept(__name__ + "._FINGERPRINT", BoundedCache(1))
_SPACES: BoundedCache[Key, Any] = kept(__name__ + "._SPACES", BoundedCache(4))


class Space:
    """A finished search, as :meth:`candidates` replays it (see the module)."""

    def __init__(self, data: dict[str, Any]) -> None:
        from array import array

        self.length: int = data["length"]
        self.boolean: bool = data["boolean"]
        self.log: list[tuple[Any, ...]] = data["log"]
        self.leaves: dict[tuple[int, int], tuple[str, int]] = {(1, k): (t, p) for k, t, p in data["leaves"]}
        self.constant: set[tuple[int, int]] = {(1, k) for k in data["constants"]}
        self.hashes = _Hashes(self.length)
        self.data = data
        self.linear: dict[int, array[int]] = {s: _unpacked(_U32, b) for s, b in data["linear"].items()}
        self._nodes: dict[int, array[int]] = {}
        self._by_hash: dict[int, tuple[int, int] | None] | None = None
        self._texts: dict[tuple[int, int], tuple[str, int]] = {}
        self._rows: dict[tuple[int, int], list[int] | None] = {}

    @property
    def by_hash(self) -> dict[int, tuple[int, int] | None]:
        """Each linear hash's expression (made when first asked: a space kept is not always read)."""
        if self._by_hash is None:
            self._by_hash = self._index(self.linear) if not self.boolean else {}
        return self._by_hash

    @functools.cached_property
    def by_xor(self) -> dict[int, tuple[int, int] | None]:
        """Each XOR hash's expression (of the sizes the meet-in-the-middle step reads)."""
        return self._index(self.data["xor"])

    def _index(self, hashes: Mapping[int, Sequence[int]]) -> dict[int, tuple[int, int] | None]:
        """Each hash's expression (``None``: two expressions share it, ambiguous), but the constants'."""
        out: dict[int, tuple[int, int] | None] = {}
        for s in sorted(hashes):
            level = hashes[s]
            if s == 1:
                pairs = [(h, (1, k)) for k, h in enumerate(level) if (1, k) not in self.constant]
            else:
                pairs = list(zip(level, zip([s] * len(level), range(len(level)), strict=True), strict=True))
            before = len(out)
            out.update(pairs)
            if len(out) != before + len(pairs):  # (a shared hash: rare) mark it
                seen: dict[int, int] = {}
                for h, _ in pairs:
                    seen[h] = seen.get(h, 0) + 1
                out.update({h: None for h, c in seen.items() if c > 1})
        return out

    def node(self, ref: tuple[int, int]) -> tuple[Any, ...]:
        """How the expression at ``ref`` was built (as :meth:`_Level.node` gives it)."""
        from grundy.patterns.expressions import BINARY, UNARY

        if ref in self.leaves:
            return ("leaf", *self.leaves[ref])
        s, k = ref
        if s not in self._nodes:
            self._nodes[s] = _unpacked("i", self.data["nodes"][s])
        code, i, x, j, y = self._nodes[s][5 * k:5 * k + 5]
        if code < 0:
            return "unary", UNARY[-code - 1], (i, x)
        return "binary", (*BINARY, "and", "or")[code], (i, x), (j, y)

    # ---- the expressions ---------------------------------------------------------------------

    def text(self, ref: tuple[int, int]) -> tuple[str, int]:
        """The expression at ``ref`` written out (as the search writes it)."""
        from grundy.patterns.expressions import binary_text, unary_text

        got = self._texts.get(ref)
        if got is None:
            node = self.node(ref)
            if node[0] == "leaf":
                got = node[1], node[2]
            elif node[0] == "unary":
                got = unary_text(node[1], self.text(node[2]))
            else:
                got = binary_text(node[1], self.text(node[2]), self.text(node[3]))
            self._texts[ref] = got
        return got

    def row(self, ref: tuple[int, int]) -> list[int] | None:
        """The values of the expression at ``ref`` on ``n = 0..L-1``, exactly (``None`` where one
        is undefined: then it is not the expression kept, and a hash hit on it is a collision)."""
        if ref not in self._rows:
            from grundy.patterns.formulas import FormulaError, compiled

            func = compiled(self.text(ref)[0])
            try:
                self._rows[ref] = [int(func({"n": n})) for n in range(self.length)]
            except (FormulaError, ArithmeticError, ValueError, RecursionError):
                self._rows[ref] = None
        return self._rows[ref]

    # ---- a new target ------------------------------------------------------------------------

    def candidates(self, target: Sequence[int]) -> Iterator[tuple[str | None, int]] | None:
        """What ``candidates`` yields for ``target`` (a list of ints), or ``None`` where the space
        cannot say (a value out of range, a length below 2, an ambiguous hash met)."""
        goal = [int(v) for v in target]
        if len(goal) != self.length or self.length < 2:
            return None
        if self.boolean:
            return self._replay([1 if v else 0 for v in goal], None, {})
        if min(goal) < 0 or max(goal) >= _BOUND:
            return None
        hashes = self.hashes
        hit = self.by_hash.get(hashes.linear(goal), ())
        if hit is None:
            return None
        direct = hit if hit and self.row(hit) == goal else None
        meets = self._meets(goal)
        if meets is None:
            return None
        return self._replay(goal, direct, meets)

    def _meets(self, goal: list[int]) -> dict[int, list[tuple[tuple[int, int], int, Any, int]]] | None:
        """The hits of each meet-in-the-middle step, in the search's order, confirmed; ``None``
        on an ambiguous hash."""
        hashes = self.hashes
        hg, xg, g0 = hashes.linear(goal), hashes.xor(goal), goal[0]
        out: dict[int, list[tuple[tuple[int, int], int, Any, int]]] = {}
        for event in self.log:
            if event[0] != "meet":
                continue
            s = event[1]
            hits = out.setdefault(s, [])
            firsts, linear, words = self.data["first"][s], self.linear[s], self.data["xor"][s]
            for k, (x0, hx, wx) in enumerate(zip(firsts, linear, words, strict=True)):
                if (s, k) in self.constant:
                    continue
                ways = (((hg - hx) & _LINEAR, g0 - x0), ((hx - hg) & _LINEAR, x0 - g0),
                        ((hg + hx) & _LINEAR, g0 + x0), (xg ^ wx, g0 ^ x0))
                for way, (h, c) in enumerate(ways):
                    flat = -_BOUND < c < _BOUND and (
                        h == hashes.xor_constant(c) if way == 3 else h == (c * hashes.total) & _LINEAR)
                    y = (self.by_xor if way == 3 else self.by_hash).get(h, ())
                    if y is None:
                        return None  # an ambiguous hash
                    if flat or y:
                        hits.append(((s, k), way, y or None, c))
        confirmed = {s: [self._confirmed(goal, *h) for h in hits] for s, hits in out.items()}
        return {s: [h for h in hits if h is not None] for s, hits in confirmed.items()}

    def _confirmed(self, goal: list[int], x: tuple[int, int], way: int, y: tuple[int, int] | None,
                   c: int) -> tuple[tuple[int, int], int, Any, int] | None:
        """The hit as the search makes it, ``(x, way, y, c)`` (``y`` ``None`` for the constant
        ``c``), or ``None`` for a collision: ``need`` (``goal - x`` …) computed exactly is a
        constant in range, else ``y``'s values."""
        xs = self.row(x)
        if xs is None:
            return None
        need = [(g - v, v - g, g + v, g ^ v)[way] for g, v in zip(goal, xs, strict=True)]
        if need == [c] * self.length and -_BOUND < c < _BOUND:
            return x, way, None, c
        if y is not None and need == self.row(y):
            return x, way, y, 0
        return None

    def _replay(self, goal: list[int], direct: tuple[int, int] | None,
                meets: dict[int, list[tuple[tuple[int, int], int, Any, int]]]
                ) -> Iterator[tuple[str | None, int]]:
        from grundy.patterns.expressions import MEET, binary_text, constant_text

        found: list[tuple[str, int]] = []
        emitted: set[str] = set()

        def emit(text: str, s: int) -> None:
            if text not in emitted:
                emitted.add(text)
                found.append((text, s))

        truth = self._truth_refs(self.hashes.linear(goal)) if self.boolean else []
        for event in self.log:
            kind = event[0]
            if kind == "keep":
                _, s, a, b = event
                if self.boolean:
                    for ref in truth:
                        if ref[0] == s and a <= ref[1] < b and self._truth_hit(ref, goal):
                            emit(self.text(ref)[0], s)
                elif direct is not None and direct[0] == s and a <= direct[1] < b:
                    emit(self.text(direct)[0], s)
            elif kind == "const":
                c = event[1]
                if all((c != 0) == bool(g) for g in goal) if self.boolean else all(g == c for g in goal):
                    emit(str(c), 1)
            elif kind == "drain":
                yield from (sorted(found, key=lambda t: t[1]) if event[1] else list(found))
                found.clear()
            elif kind == "meet":
                for x, way, y, c in meets.get(event[1], []):
                    op, x_left = MEET[way]
                    if y is None:
                        if op == "^" and c == 0:
                            continue
                        y_text, y_size = constant_text(c), 1
                    else:
                        y_text, y_size = self.text(y), y[0]
                    if y_size > x[0]:
                        continue
                    x_text = self.text(x)
                    text, _ = binary_text(op, x_text, y_text) if x_left else binary_text(op, y_text, x_text)
                    emit(text, x[0] + y_size + 1)
            else:
                yield None, event[1]

    def _truth_refs(self, h: int) -> list[tuple[int, int]]:
        """The expressions whose truth values have the hash ``h``, in order (constants aside)."""
        return [(s, k) for s in sorted(self.linear) for k, v in enumerate(self.linear[s])
                if v == h and (s, k) not in self.constant]

    def _truth_hit(self, ref: tuple[int, int], goal: list[int]) -> bool:
        row = self.row(ref)
        return row is not None and [1 if v else 0 for v in row] == goal


# ---- building and keeping spaces ------------------------------------------------------------------

def build(search: Any, boolean: bool) -> dict[str, Any]:
    """The data of a :class:`Space` from a search (a ``synthesis._Search`` that kept its log)
    that ran to its end (numpy: it is there)."""
    import numpy as np

    hashes = _Hashes(search.length)
    weights = np.array(hashes.weights, dtype=np.int64)
    turns = np.array(hashes.rotations, dtype=np.uint64).T[:, None, :]  # [which, 1, position]
    meet_sizes = {event[1] for event in search.log or () if event[0] == "meet"}
    nodes, linear, firsts, xor, constants, leaves = {}, {}, {}, {}, [], []
    for s, level in sorted(search.levels.items()):
        values, _, _, _, _, const = level.rows()
        nodes[s] = _packed_nodes(level.nodes())
        if s == 1:
            constants = np.flatnonzero(const).tolist()
            leaves = [(k, node[1], node[2]) for k, node in enumerate(level.nodes())]
        rows = (values != 0).astype(np.int64) if boolean else values
        sums = (rows * weights[None, :]).sum(axis=1).astype(np.uint64)  # (modulo 2**64)
        linear[s] = (sums & np.uint64(_LINEAR)).astype(np.uint32).tobytes()
        if s in meet_sizes:
            firsts[s] = values[:, 0].tolist()
            low = (values & 0xFFFFFFFF).astype(np.uint64)
            mixed = np.zeros_like(low)
            for r in turns:
                mixed ^= (low << r) | (low >> (np.uint64(64) - r))
            xor[s] = np.bitwise_xor.reduce(mixed, axis=1).tolist()
    return {"length": search.length, "boolean": boolean, "log": list(search.log or ()), "nodes": nodes,
            "constants": constants, "leaves": leaves, "linear": linear, "first": firsts, "xor": xor}


def _packed_nodes(nodes: list[tuple[Any, ...]]) -> bytes:
    """Nodes as five int32 each: ``(op, i, x, j, y)`` for ``x op y`` (``op`` its place in the
    binary operations), ``(-1 - f, s, x, 0, 0)`` for the function ``f`` of ``x``, zeros for a leaf."""
    from array import array

    from grundy.patterns.expressions import BINARY, UNARY

    binary = (*BINARY, "and", "or")
    flat: list[int] = []
    for node in nodes:
        if node[0] == "binary":
            flat += [binary.index(node[1]), *node[2], *node[3]]
        elif node[0] == "unary":
            flat += [-1 - UNARY.index(node[1]), *node[2], 0, 0]
        else:
            flat += [0, 0, 0, 0, 0]
    return array("i", flat).tobytes()


def _unpacked(code: str, data: bytes) -> Any:
    from array import array

    out = array(code)
    out.frombytes(data)
    return out


def cached(key: Key) -> Space | None:
    """The space of ``key``, from memory, the disk cache or the package, if kept."""
    if key in _SPACES:
        return _SPACES.get(key, lambda: None)
    folder = _folder(key)
    data = None if folder is None else _read(os.path.join(folder, _file_name(key)), key, packed=False)
    if data is None and key[1] >= 0 and sys.byteorder == "little":  # (shipped: little-endian arrays)
        data = _read(os.path.join(SHIPPED, _shipped_name(key)), key, packed=True)
    if data is None:
        return None
    try:
        return _SPACES.get(key, lambda: Space(data))
    except (KeyError, TypeError, ValueError, IndexError):  # (a damaged file: no space)
        return None


def _read(path: str, key: Key, *, packed: bool) -> dict[str, Any] | None:
    """The space kept in the file at ``path`` (``packed``: compressed, as shipped), if it is
    there, whole, and the space of ``key``."""
    import zlib

    try:
        with open(path, "rb") as f:
            blob = f.read()
        data = _unsealed(zlib.decompress(blob) if packed else blob)
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return None
    return data if isinstance(data, dict) and data.get("key") == list(key) else None


def ship(key: Key, data: dict[str, Any]) -> str:
    """Write a built space into :data:`SHIPPED`, for the package (``scripts/ship_spaces.py``);
    its path. Its arrays are in this machine's byte order: a little-endian one writes them."""
    import zlib

    if sys.byteorder != "little":
        raise RuntimeError("the shipped spaces are written on a little-endian machine")

    path = os.path.join(SHIPPED, _shipped_name(key))
    with open(path, "wb") as f:
        f.write(zlib.compress(_sealed({**data, "key": list(key)}), 9))
    return path


def keep(key: Key, data: dict[str, Any]) -> Space:
    """Keep a space built now (in memory, and on disk when a cache folder is set)."""
    folder = _folder(key)
    if folder is not None:
        data = {**data, "key": list(key)}
        try:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, _file_name(key))
            temporary = f"{path}.{os.getpid()}.tmp"
            with open(temporary, "wb") as f:
                f.write(_sealed(data))
            os.replace(temporary, path)
            _prune(folder)
        except OSError:
            pass  # (a cache that cannot be written is no cache)
    return _SPACES.get(key, lambda: Space(data))


def _sealed(data: dict[str, Any]) -> bytes:
    """A space as the bytes of its file: a CRC-32 of the rest, then the space (``marshal``)."""
    import marshal
    import zlib

    body = marshal.dumps(data)
    return zlib.crc32(body).to_bytes(4, "little") + body


def _unsealed(blob: bytes) -> Any:
    """The space in a file's bytes; ``ValueError`` when its checksum does not match (a damaged
    file that would still load could miss expressions, so it is not trusted)."""
    import marshal
    import zlib

    if len(blob) < 4 or zlib.crc32(blob[4:]) != int.from_bytes(blob[:4], "little"):
        raise ValueError("a damaged search space")
    return marshal.loads(blob[4:])


def _file_name(key: Key) -> str:
    version, fingerprint, length, boolean, constants, max_size, steps = key
    kind = "truth" if boolean else "values"
    extra = "-".join(map(str, constants)) or "none"
    return f"space-v{version}-{fingerprint:08x}-{kind}-{length}-{max_size}-{steps}-{extra}.marshal"


def _shipped_name(key: Key) -> str:
    """The name of a shipped space's file (its fingerprint inside, not in the name: the file of
    a changed search is read, found to be another key's, and not used)."""
    version, _, length, boolean, constants, max_size, steps = key
    extra = "-".join(map(str, constants)) or "none"
    return f"v{version}-{'truth' if boolean else 'values'}-{length}-{max_size}-{steps}-{extra}.zlib"


def _prune(folder: str) -> None:
    """At most :data:`MAX_FILES` spaces on disk: the oldest go."""
    names = [n for n in os.listdir(folder) if n.startswith("space-") and n.endswith(".marshal")]
    if len(names) <= MAX_FILES:
        return
    paths = sorted((os.path.join(folder, n) for n in names), key=os.path.getmtime)
    for path in paths[:len(paths) - MAX_FILES]:
        try:
            os.remove(path)
        except OSError:
            pass
