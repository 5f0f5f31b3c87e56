"""Reading graphs for the games on graphs: edge-list text, JSON, and networkx objects.

* **Edge list** (any file not ending in ``.json``): one edge ``u v`` per line, ``#`` starts a
  comment, blank lines are ignored.
* **JSON**: ``{"edges": [[u, v], ...], "ground": g, "vertices": [...]}`` (``ground`` and
  ``vertices`` — extra, possibly isolated, vertices — are optional).
* **networkx**: any ``Graph``/``DiGraph``/``MultiGraph``; ``G.graph["ground"]`` is the ground.

Vertex names are text (``3`` and ``03`` are different vertices) without commas. Errors are
:class:`~grundy.errors.InvalidInputError` with one line quoting ``file:line``.

>>> data = parse_edge_list("# a path\\n0 1\\n1 2   # and a branch\\n1 3\\n", "g.txt")
>>> data.vertices, data.edges.tolist()
(('0', '1', '2', '3'), [[0, 1], [1, 2], [1, 3]])
>>> parse_edge_list("0 1\\n2\\n", "g.txt")
Traceback (most recent call last):
...
grundy.errors.InvalidInputError: g.txt:2: expected an edge 'u v' (two vertices), got '2'
"""

from __future__ import annotations

import json
import os
import re
from array import array
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.errors import InvalidGameError, InvalidInputError
from grundy.model.bounded import Derived
from grundy.model.textio import clean_text, read_text_file


@dataclass(frozen=True, eq=False)
class GraphData:
    """A graph as read from a file: vertex names, edges as an ``(m, 2)`` array of vertex
    indices (in file order), the ground vertex if one was given, and where it came from."""

    vertices: tuple[str, ...]
    edges: np.ndarray
    ground: str | None
    source: str
    _derived: Derived = field(default_factory=Derived, init=False, repr=False, compare=False)

    def index_of(self, name: str, what: str = "vertex") -> int:
        """The index of vertex ``name``, or an error quoting it and the source.

        >>> parse_edge_list("a b", "g.txt").index_of("c")
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidInputError: unknown vertex 'c': not in g.txt
        """
        found = self._index().get(name)
        if found is None:
            raise InvalidInputError(f"unknown {what} {name!r}: not in {self.source}")
        return found

    def _index(self) -> dict[str, int]:
        return self._derived.get("index", lambda: {v: i for i, v in enumerate(self.vertices)})


def _shorten(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width] + "…"


def check_name(name: str, where: str) -> str:
    """A legal vertex name: non-empty text without whitespace or commas, not ``+``."""
    if not name or any(c.isspace() for c in name) or "," in name or name == "+":
        raise InvalidInputError(f"{where}: bad vertex name {name!r} (no spaces or commas)")
    return name


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source
        self.index: dict[str, int] = {}
        self.names: list[str] = []
        self.pairs: list[int] = []

    def vertex(self, name: str, where: str) -> int:
        found = self.index.get(name)
        if found is None:
            check_name(name, where)
            found = self.index[name] = len(self.names)
            self.names.append(name)
        return found

    def done(self, ground: str | None, edges: np.ndarray | None = None) -> GraphData:
        if edges is None:
            edges = np.array(self.pairs, dtype=np.int64).reshape(-1, 2)
        data = GraphData(tuple(self.names), edges, ground, self.source)
        data._derived.seed("index", self.index)
        if ground is not None:
            check_name(ground, f"{self.source}: ground")
        return data


def parse_edge_list(text: str, source: str = "<text>") -> GraphData:
    """Read ``u v`` lines (``#`` comments) into a :class:`GraphData`.

    The loop is kept lean (about a second per million lines): names get numbers in order of first
    appearance through one ``dict.setdefault``, and are checked once at the end.
    """
    text = clean_text(text)
    fast = _numeric_edge_list(text, source)
    if fast is not None:
        return fast
    index: dict[str, int] = {}
    number = index.setdefault
    pairs = array("q")
    append = pairs.append
    for lineno, raw in enumerate(text.splitlines(), 1):
        tokens = (raw.split("#", 1)[0] if "#" in raw else raw).split()
        if len(tokens) != 2:
            if not tokens:
                continue
            raise InvalidInputError(
                f"{source}:{lineno}: expected an edge 'u v' (two vertices), got {_shorten(raw.strip())!r}")
        append(number(tokens[0], len(index)))
        append(number(tokens[1], len(index)))
    for name in index:
        if "," in name or name == "+":
            lineno = next(k for k, raw in enumerate(text.splitlines(), 1)
                          if name in (raw.split("#", 1)[0]).split())
            check_name(name, f"{source}:{lineno}")
    builder = _Builder(source)
    builder.index = index
    builder.names = list(index)
    edges = np.frombuffer(pairs, dtype=np.int64).reshape(-1, 2) if len(pairs) else None
    return builder.done(None, edges)


_ONLY_NUMBERS = re.compile(r"[0-9 \t\n]*")


def _numeric_edge_list(text: str, source: str) -> GraphData | None:
    """Vectorised reading of the common big case: every vertex a number without leading zeros,
    every line two of them (no comments); ``None`` when the text is anything else."""
    if len(text) < 100_000 or not _ONLY_NUMBERS.fullmatch(text):
        return None
    raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    digit = (raw >= 48) & (raw <= 57)
    start = digit.copy()
    start[1:] &= ~digit[:-1]
    starts = np.flatnonzero(start)
    if len(starts) == 0:
        return None
    nxt = np.minimum(starts + 1, len(raw) - 1)
    if ((raw[starts] == 48) & digit[nxt] & (starts + 1 < len(raw))).any():
        return None  # a leading zero: '07' is not '7'
    line_starts = np.concatenate(([0], np.flatnonzero(raw[:-1] == 10) + 1))
    per_line = np.add.reduceat(start.view(np.uint8), line_starts)  # tokens per line (mod 256)
    if ((per_line != 0) & (per_line != 2)).any() or int(per_line.sum(dtype=np.int64)) != len(starts):
        return None  # the line-by-line reader reports the bad line
    ends = np.flatnonzero(digit[:-1] & ~digit[1:]) + 1
    if digit[-1]:
        ends = np.append(ends, len(raw))
    if len(ends) != len(starts) or (ends - starts).max() > 18:
        return None  # numbers beyond 64 bits stay names
    numbers = np.fromstring(text, dtype=np.int64, sep=" ")  # C parser; the layout is checked above
    if len(numbers) != len(starts):
        return None
    if not len(numbers):
        return None
    ordered = np.sort(numbers)
    fresh = np.ones(len(ordered), dtype=bool)
    fresh[1:] = ordered[1:] != ordered[:-1]
    distinct = ordered[fresh]
    if distinct[-1] < 4 * len(numbers):  # dense numbers: a lookup table beats a binary search
        table = np.zeros(int(distinct[-1]) + 1, dtype=np.int64)
        table[distinct] = np.arange(len(distinct))
        edges = table[numbers].reshape(-1, 2)
    else:
        edges = np.searchsorted(distinct, numbers).reshape(-1, 2)
    builder = _Builder(source)
    builder.names = [str(v) for v in distinct.tolist()]
    builder.index = {name: i for i, name in enumerate(builder.names)}
    return builder.done(None, edges)


def _json_name(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidInputError(f"{where}: a vertex must be a string or an integer, got {value!r}")
    return str(value)


def parse_json_graph(text: str, source: str = "<json>") -> GraphData:
    """Read ``{"edges": [[u, v], ...], "ground": g, "vertices": [...]}``.

    >>> parse_json_graph('{"edges": [[0, 1], [1, 1]], "ground": 0}').ground
    '0'
    >>> parse_json_graph('{"edges": [[0, 1, 2]]}', "g.json")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidInputError: g.json: edges[0] must be a pair [u, v], got [0, 1, 2]
    """
    try:
        doc = json.loads(clean_text(text))
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("edges"), list):
        raise InvalidInputError(f'{source}: expected an object {{"edges": [[u, v], ...]}}')
    unknown = set(doc) - {"edges", "ground", "vertices"}
    if unknown:
        raise InvalidInputError(
            f"{source}: unknown key(s) {sorted(unknown)!r} (known: edges, ground, vertices)")
    builder = _Builder(source)
    for i, item in enumerate(doc.get("vertices") or []):
        builder.vertex(_json_name(item, f"{source}: vertices[{i}]"), f"{source}: vertices[{i}]")
    for i, item in enumerate(doc["edges"]):
        where = f"{source}: edges[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise InvalidInputError(f"{where} must be a pair [u, v], got {json.dumps(item)}")
        builder.pairs.append(builder.vertex(_json_name(item[0], where), where))
        builder.pairs.append(builder.vertex(_json_name(item[1], where), where))
    ground = doc.get("ground")
    return builder.done(None if ground is None else _json_name(ground, f"{source}: ground"))


def read_graph(path: str | os.PathLike[str]) -> GraphData:
    """Read a graph file: JSON if it ends in ``.json`` or starts with ``{``, else an edge list."""
    name = os.fspath(path)
    text = read_text_file(name, what="graph file")  # a BOM and CRLF line ends read like plain text
    if name.lower().endswith(".json") or text.lstrip().startswith("{"):
        return parse_json_graph(text, name)
    return parse_edge_list(text, name)


def from_networkx(graph: Any, source: str = "<networkx graph>") -> GraphData:
    """Convert a networkx graph (vertex names become text; multi-edges and loops are kept).

    >>> import networkx as nx
    >>> from_networkx(nx.path_graph(3)).edges.tolist()
    [[0, 1], [1, 2]]
    """
    builder = _Builder(source)
    for node in graph.nodes:
        name = str(node)
        if name in builder.index:
            raise InvalidInputError(f"{source}: two vertices are both named {name!r}")
        builder.vertex(name, source)
    for u, v in graph.edges():
        builder.pairs.append(builder.index[str(u)])
        builder.pairs.append(builder.index[str(v)])
    ground = graph.graph.get("ground")
    return builder.done(None if ground is None else str(ground))


def with_ground(data: GraphData, ground: str | None, *, add_missing: bool = False) -> GraphData:
    """``data`` with its ground replaced by ``ground`` (checked), when ``ground`` is given.

    A ground that is not a vertex is an error, unless ``add_missing``: then it becomes a vertex
    that touches no edge (in Green Hackenbush, a floor with nothing standing on it).

    >>> with_ground(parse_edge_list("a b"), "g", add_missing=True).vertices
    ('a', 'b', 'g')
    """
    if ground is None:
        return data
    index = data._index()
    if ground not in index:
        if not add_missing:
            data.index_of(ground, "ground vertex")  # raises, quoting the name and the source
        check_name(ground, f"{data.source}: ground")
        index = {**index, ground: len(data.vertices)}
        data = GraphData((*data.vertices, ground), data.edges, None, data.source)
    out = GraphData(data.vertices, data.edges, ground, data.source)
    out._derived.seed("index", index)
    return out


def graph_param(name: str, kwargs: dict[str, int | str], examples: dict[int, Any]) -> tuple[GraphData, str]:
    r"""The graph a spec names with ``example=K`` (a built-in edge list of ``examples``) or
    ``graph=FILE``, and the spec text for it.

    >>> data, spec = graph_param("digraph", {"example": 1}, {1: ("a path", "a b\nb c\n")})
    >>> spec, data.vertices
    ('digraph(example=1)', ('a', 'b', 'c'))
    """
    if "example" in kwargs:
        key = kwargs["example"]
        if key not in examples:
            raise InvalidGameError(f"{name}(example={key}): no such example (known: {sorted(examples)})")
        return parse_edge_list(examples[int(key)][1], f"example {key}"), f"{name}(example={key})"
    path = str(kwargs["graph"])
    return read_graph(path), f"{name}(graph={path})"
