"""``grundy solve 'digraph(E)' --input LAYOUT --params WHERE FILE``: a judge's whole input for a
family on graphs (``digraph``, ``green-hackenbush``, ``vertex-geography``: each case its graph and
its position), read as ``grundy export FAMILY --main`` reads it, each case answered by grundy's
own games (:meth:`Digraph.from_graph <grundy.games.graphs.digraph.Digraph.from_graph>` and its
kin) and engine, printing what the exported program prints.

The input is read in pieces as it is answered (:class:`StreamWords`): only the current graph and
the case being read are held, never the input's text or words, and each case is answered before
the next is read (``--params last``: once its graph, after its position, is read). A graph is
read as :data:`~grundy.model.laws.GRAPH_READS` says (``E``: ``m``, then ``m`` edges ``u v``;
``G``: ``n m``, then the edges; ``T``: ``n``, then ``n - 1`` edges; ``L``: ``n``, then each
vertex's successors, their count first); its vertices are named by their numbers, in the order
first written. A position is, by the family's kind: tokens on vertices (``digraph``: several
tokens are a sum; a token on a vertex no edge names has no move: a game of one vertex, which adds
nothing to a sum), a ground vertex (``green-hackenbush``; a ground no edge names: an empty floor;
``ground=V`` fixes it for every case) or a start vertex (``vertex-geography``: its outcome by the
matching theorem, no value: ``- N``/``- P``). ``--params sum`` (green-hackenbush): a case is
``k`` games, its value the XOR of theirs.

>>> words = StreamWords(io.BytesIO(b"\\xef\\xbb\\xbf2 1 2\\r\\n 1 1 7"), "input")
>>> graph = read_graph(words, "E")
>>> graph.edges, graph.empty, words.take(), words.more()
([1, 2, 1, 1], False, 7, False)
"""

from __future__ import annotations

import argparse
import codecs
import io
import sys
from collections.abc import Iterator
from typing import IO, Any

from grundy.cli.common import PLAIN_DIGITS, read_number
from grundy.errors import GrundyError, InvalidInputError
from grundy.model.game import Outcome


class StreamWords:
    """The words of a binary stream, read in pieces of 64 KiB (UTF-8, a leading BOM dropped): only
    a piece and the words not taken yet from it are held; ``own``: the stream is a file opened
    for it, closed by :meth:`close`."""

    def __init__(self, stream: IO[bytes], source: str, own: bool = False) -> None:
        self.stream, self.source, self.own = stream, source, own
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.words: list[str] = []
        self.values: list[int] | None = []  # (the piece's words as numbers, when all are plain)
        self.at, self.tail, self.open, self.offset = 0, "", True, 0

    def _piece(self) -> str:
        """The next piece of the input's text, decoded (at its end: ``""``, and the stream closed)."""
        held = len(self.decoder.getstate()[0])  # (the bytes of a character cut by the last piece)
        piece = self.stream.read(1 << 16)
        try:
            text = self.decoder.decode(piece, final=not piece)
        except UnicodeDecodeError as exc:
            raise InvalidInputError(f"{self.source}: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} "
                                    f"at offset {self.offset - held + exc.start})") from None
        self.offset += len(piece)
        self.open = bool(piece)
        return text

    def more(self) -> bool:
        """Whether a word is left (the next piece read if needed)."""
        while self.at >= len(self.words) and self.open:
            text = self.tail + self._piece()
            self.words, self.at, self.tail = text.split(), 0, ""
            if self.open and text and not text[-1].isspace() and self.words:  # (its last word may go on)
                self.tail = self.words.pop()
            self.values = plain_numbers(self.words)
        return self.at < len(self.words)

    def lines(self) -> Iterator[list[str]]:
        """The words of each line (ended by ``\\n``, ``\\r\\n`` or ``\\r``; a line with no word may
        be given for a line end), read in pieces: only a piece and the line being read are held."""
        for line in self.text_lines():
            yield line.split()

    def text_lines(self) -> Iterator[str]:
        """The text of each line, as :meth:`lines` reads them (a blank line may be given for a line
        end)."""
        held: list[str] = []  # (the pieces of the line not ended yet)
        while self.open:
            *ended, rest = self._piece().replace("\r", "\n").split("\n")
            if ended:
                ended[0], held = "".join(held) + ended[0], []
            held.append(rest)
            yield from ended
        yield "".join(held)

    def ahead(self, count: int) -> list[str]:
        """The next ``count`` words as written, not taken (fewer where the input ends)."""
        self.more()
        while len(self.words) - self.at < count and self.open:
            rest = self.words[self.at:]
            self.words, self.at = [], 0
            self.more()  # (the next piece's words)
            self.words = rest + self.words
            self.values = plain_numbers(self.words)
        return self.words[self.at:self.at + count]

    def take(self) -> int:
        """The next word, as a number."""
        if self.at >= len(self.words) and not self.more():
            raise InvalidInputError("the input ended inside a case")
        self.at += 1
        if self.values is not None:
            return self.values[self.at - 1]
        return read_number(self.words[self.at - 1])

    def word(self) -> str:
        """The next word as written (a row of coins ``HHTHT``)."""
        if self.at >= len(self.words) and not self.more():
            raise InvalidInputError("the input ended inside a case")
        self.at += 1
        return self.words[self.at - 1]

    def numbers(self, count: int) -> list[int]:
        """The next ``count`` words, as numbers (taken at once where the piece holds them all)."""
        at = self.at
        if at + count > len(self.words):
            return [self.take() for _ in range(count)]
        self.at = at + count
        if self.values is not None:
            return self.values[at:at + count]
        return [read_number(word) for word in self.words[at:at + count]]

    def left(self) -> int:
        """How many words are not taken yet (all of them read)."""
        count = 0
        while self.more():
            count += len(self.words) - self.at
            self.at = len(self.words)
        return count

    def close(self) -> None:
        """Close the stream if it was opened for this reader (standard input is left open)."""
        if self.own:
            self.stream.close()


def plain_numbers(words: list[str]) -> list[int] | None:
    """The words as numbers when every one is plain decimal digits (and not too long for ``int``
    to read quickly), all at once; ``None`` otherwise (each is read by
    :func:`~grundy.cli.common.read_number`, which reads other notations and says what is wrong).

    >>> plain_numbers(["12", "0", "7"]), plain_numbers(["12", "x"]), plain_numbers(["-3"])
    ([12, 0, 7], None, None)
    """
    joined = "".join(words)
    if joined.isascii() and joined.isdigit() and max(map(len, words)) < PLAIN_DIGITS:
        return list(map(int, words))
    return None


class Graph:
    """One graph as the input gives it: its edges ``u1 v1 u2 v2 ...`` (vertices any numbers), and
    whether it is empty as written (no edge; successor lists of no vertex), which ends a block."""

    def __init__(self, edges: list[int], empty: bool) -> None:
        self.edges, self.empty = edges, empty


def read_graph(words: StreamWords, reads: str) -> Graph:
    """One graph, read as :data:`~grundy.model.laws.GRAPH_READS` says for the parameter ``reads``."""
    if reads == "L":  # (n, then each vertex's x and its x successors: the edges u v)
        count = words.take()
        edges: list[int] = []
        for u in range(count):
            for _ in range(words.take()):
                edges += (u, words.take())
        return Graph(edges, count == 0)
    vertices = words.take() if reads == "G" else 0  # (n, the number of vertices, is not used)
    count = words.take()
    written = vertices == 0 and count == 0  # (empty as written: n m both 0, not n alone; a tree's n 0)
    if reads == "T":
        count = max(count - 1, 0)
    edges = [words.take() for _ in range(2 * count)]
    return Graph(edges, written)


class Solver:
    """The games of the current graph, built once for all its cases; each case answered by the
    engine (``value(game, position, cache)``) or, for vertex geography, by the game's outcome (the
    matching theorem, no value)."""

    def __init__(self, cls: Any, kind: str, graph: Graph, value: Any, moves: bool = False) -> None:
        from grundy.engine.search import Cache

        self.kind, self.value, self.cache, self.cls, self.moves = kind, value, Cache(), cls, moves
        self.index: dict[int, int] = {}
        number = self.index.setdefault
        pairs = [number(x, len(self.index)) for x in graph.edges]
        self.game: Any = _game(cls, kind, [str(x) for x in self.index], pairs) if self.index else None
        self.grounds: dict[int, tuple[Any, ...]] = {}

    def close(self) -> None:
        """Let the graph's game go (the engine keeps the declarations of the games it saw)."""
        from grundy.model.game import forget_laws

        if self.game is not None:
            forget_laws(self.game)

    def answer(self, position: list[int]) -> tuple[Any, ...]:
        """The outcome and value (``None``: the outcome alone) of one case's position; with
        ``moves`` (vertex geography), then the number of winning first moves and their targets."""
        if self.kind == "digraph":
            return self._tokens(position)
        what = "ground vertex" if self.kind == "hackenbush" else "start vertex"
        if len(position) != 1:
            raise InvalidInputError(f"a position is one {what}, got {len(position)} numbers")
        vertex = position[0]
        if vertex not in self.grounds:
            if len(self.grounds) > 4096:  # (the answers of a graph's vertices, bounded)
                self.grounds.clear()
            self.grounds[vertex] = self._vertex(vertex)
        return self.grounds[vertex]

    def _tokens(self, tokens: list[int]) -> tuple[Outcome, Any]:
        """Tokens on vertices, a sum; those on a vertex no edge names (no move) are left out."""
        on = tuple(self.index[t] for t in tokens if t in self.index)
        if not on:  # (no token can move: a game of one vertex and no edge)
            alone = self.cls.from_edges(1, [])
            return self.value(alone, alone.validate((0,)), self.cache)
        return self.value(self.game, self.game.validate(on), self.cache)

    def branches(self, position: list[int]) -> list[int]:
        """Misère play of a sum (``--params sum``): the values of the branches at the ground of
        one part, a forest (:meth:`GreenHackenbush.ground_branches
        <grundy.games.graphs.hackenbush.GreenHackenbush.ground_branches>`)."""
        from grundy.errors import NotSupportedError
        from grundy.model.game import forget_laws

        if len(position) != 1:
            raise InvalidInputError(f"a position is one ground vertex, got {len(position)} numbers")
        game = self._grounded(position[0])
        try:
            found = game.ground_branches(game.full)
        finally:
            forget_laws(game)
        if found is None:
            raise NotSupportedError(f"{game.spec}: a misère sum of graphs is decided here when each "
                                    f"is a forest (the SJ theorem over the branches at the grounds); "
                                    f"this one has a cycle or a loop")
        return list(found)

    def _grounded(self, vertex: int) -> Any:
        """Green Hackenbush on the graph grounded at ``vertex`` (a graph of no edge: its ground
        alone)."""
        if self.game is None:
            return _game(self.cls, self.kind, [str(vertex)], [])
        return self.game.grounded_at(str(vertex))

    def _vertex(self, vertex: int) -> tuple[Any, ...]:
        """Green Hackenbush grounded at ``vertex``, or vertex geography started there."""
        if self.kind == "hackenbush":
            from grundy.model.game import forget_laws

            game = self._grounded(vertex)
            try:
                return self.value(game, game.full, self.cache)
            finally:
                forget_laws(game)  # (its declaration kept would keep the game and its decomposition)
        known = vertex in self.index
        game = self.game if known else self.cls.from_edges(1, [])  # (a start no edge names: alone)
        start = game.validate(self.index[vertex] if known else 0)
        outcome = game.closed_outcome(start)
        if outcome is None:
            raise InvalidInputError(f"{game.spec}: no rule gives the outcome of vertex {vertex}")
        if not self.moves:
            return outcome, None
        # (each winning move's target: the token's vertex after it, named by its number)
        targets = sorted(int(game.format_position(move.to).split(" | ")[0])
                         for move in (game.winning_moves_rule(start) if outcome is Outcome.N else ()))
        return outcome, None, len(targets), [str(t) for t in targets]


def _game(cls: Any, kind: str, names: list[str], pairs: list[int]) -> Any:
    """The family's game on the vertices ``names`` and the edges ``pairs`` (indices ``u1 v1 ...``);
    Green Hackenbush grounded at its first vertex (each case grounds it anew)."""
    import numpy as np

    from grundy.games.graphs.fileio import GraphData

    ground = names[0] if kind == "hackenbush" else None
    edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    return cls.from_graph(GraphData(tuple(names), edges, ground, "the input"))


class GraphInput:
    """A graph family's input, read as its exported main reads it (``layout``, ``where``), each
    case answered as read: :meth:`answers` gives each case's outcome and value, or its error."""

    def __init__(self, family: Any, cls: Any, layout: str, where: str, words: StreamWords,
                 value: Any, misere: bool = False, moves: bool = False) -> None:
        self.family, self.cls, self.layout, self.where, self.words = family, cls, layout, where, words
        self.value, self.misere, self.moves = value, misere, moves
        self.solver: Solver | None = None
        self.graph: Graph | None = None

    def params(self) -> Graph:
        return read_graph(self.words, self.family.params[0])

    def heaps(self) -> list[int]:
        """One case's position as written (a count, then its numbers; ``single`` and ``sum``:
        one number; nothing when ``ground=`` fixes it)."""
        if self.family.position is not None:
            return [self.family.position]
        if self.layout == "single" or self.where == "sum":
            return [self.words.take()]
        return [self.words.take() for _ in range(self.words.take())]

    def answer(self, graph: Graph, position: list[int]) -> tuple[Any, ...] | GrundyError:
        """The case's answer (its error, when the engine refuses it); the graph's games are kept
        until another graph comes."""
        try:
            return self._solver(graph).answer(position)
        except GrundyError as exc:
            return exc

    def branches(self, graph: Graph, position: list[int]) -> list[int] | GrundyError:
        """The values of the branches at the ground of a part of a misère sum (its error)."""
        try:
            return self._solver(graph).branches(position)
        except GrundyError as exc:
            return exc

    def _solver(self, graph: Graph) -> Solver:
        """The solver of ``graph``, made when another graph comes (the last one let go first)."""
        if graph is not self.graph or self.solver is None:
            if self.solver is not None:
                self.solver.close()
            self.graph, self.solver = None, None
            self.solver = Solver(self.cls, self.family.kind, graph, self.value, self.moves)
            self.graph = graph
        return self.solver

    def answers(self) -> Iterator[tuple[Outcome, Any] | GrundyError]:
        """Each case's answer, in the order of the input; an input that cannot be read stops
        with one error (no case can then be told from the next)."""
        words = self.words
        if self.where == "block":
            yield from self._blocks()
        elif self.where == "sum":
            yield from self._sums()
        elif self.where in ("size-first", "counts-first"):
            yield from self._counts_first()
        else:
            first = words.take() if self.where == "after" else None  # (T, or n of counted)
            fixed = self.params() if self.where in ("first", "after") else None
            cases = 1 if self.layout == "counted" else first if first is not None else words.take()
            for _ in range(cases):
                graph = self.params() if self.where == "each" else fixed
                position = (self.heaps() if first is None or self.layout != "counted"
                            else [words.take() for _ in range(first)])
                if self.where == "last":
                    graph = self.params()
                assert graph is not None
                yield self.answer(graph, position)
        if words.more():
            after = "the block that ends the input" if self.where == "block" else "the last case"
            raise InvalidInputError(f"{words.left():,} more words after {after}")

    def _counts_first(self) -> Iterator[tuple[Outcome, Any] | GrundyError]:
        """Each case: the graph's counts (``m``; ``n m``; a tree's ``n``), then one vertex
        (``size-first``: POJ 2599's ``n k``) or ``k`` (``counts-first``: LibreOJ 10243's ``N M K``),
        then the graph's edges, then (``counts-first``) the ``k`` numbers of the position."""
        words = self.words
        reads = self.family.params[0]
        for _ in range(1 if self.layout == "counted" else words.take()):
            vertices = words.take() if reads == "G" else 0
            count = words.take()
            if reads == "T":
                count = max(count - 1, 0)
            head = words.take()
            graph = Graph(words.numbers(2 * count), vertices == 0 and count == 0)
            position = [head] if self.where == "size-first" else words.numbers(head)
            yield self.answer(graph, position)

    def _blocks(self) -> Iterator[tuple[Outcome, Any] | GrundyError]:
        """The cases of each block (its graph, then its cases; ``repeated``: cases up to one whose
        count is 0), up to the end of the input or a block whose graph is empty."""
        words = self.words
        while words.more():
            graph = self.params()
            if graph.empty:
                break
            if self.layout == "repeated":
                while words.more():
                    position = self.heaps()
                    if not position:
                        break
                    yield self.answer(graph, position)
                continue
            for _ in range(1 if self.layout == "counted" else words.take()):
                yield self.answer(graph, self.heaps())

    def _sums(self) -> Iterator[tuple[Outcome, Any] | GrundyError]:
        """Each case: ``k``, then ``k`` games (each its graph, then its ground), answered one by
        one as read; its value the XOR of theirs (Sprague-Grundy theorem), or its first error."""
        words = self.words
        left = 1 if self.layout == "counted" else -1 if self.layout == "repeated" else words.take()
        while left > 0 or (left < 0 and words.more()):
            left -= left > 0
            parts = words.take()
            if parts == 0 and self.layout == "repeated":
                break
            total, error, branches = 0, None, []
            for _ in range(parts):
                graph = self.params()
                found = (self.branches(graph, self.heaps()) if self.misere
                         else self.answer(graph, self.heaps()))
                if isinstance(found, GrundyError):
                    error = error or found
                elif isinstance(found, list):
                    branches += found
                else:
                    total ^= found[1]
            if error is None and self.misere:  # (the SJ theorem over every branch of the case)
                from grundy.games.graphs.hackenbush import misere_forest_wins

                yield (Outcome.N if misere_forest_wins(branches) else Outcome.P), None
                continue
            yield error if error is not None else ((Outcome.N if total else Outcome.P), total)


def graph_answers(args: argparse.Namespace, value: Any, title: str,
                  family: Any) -> Iterator[tuple[Outcome, Any] | GrundyError]:
    """Each case of a graph family's input answered as read (``value(game, position, cache)`` gives
    an outcome and a value), as its exported program answers it; refused in one line before
    anything is read when the exported main would not read the layout."""
    from grundy.catalog import find_entry
    from grundy.export.family import check_layout

    where = args.params or "each"
    check_layout(family, args.input, where, True)
    if args.misere and family.kind != "hackenbush":
        raise InvalidInputError(f"{title}: the exported program answers normal play (whoever cannot "
                                f"move loses); --misere has no family program here")
    entry = find_entry(title.partition("(")[0])
    assert entry is not None  # (load_family found it)
    cls, words = entry.load_class(), input_words(args.position[0])
    return closing(GraphInput(family, cls, args.input, where, words, value, args.misere,
                              bool(args.winning_moves)).answers(), words)


def input_words(path: str) -> StreamWords:
    """The words of the input file at ``path`` (``-``: standard input), to be read in pieces."""
    try:
        stream = _stdin() if path == "-" else open(path, "rb")
    except OSError as exc:
        raise InvalidInputError(f"cannot read input {path!r}: {exc.strerror or exc}") from None
    return StreamWords(stream, "input on standard input" if path == "-" else f"input {path!r}", path != "-")


def closing(answers: Iterator[Any], words: StreamWords) -> Iterator[Any]:
    """The answers, the input's file closed once they are done (or stopped; standard input is
    left open)."""
    try:
        yield from answers
    finally:
        words.close()


def _stdin() -> IO[bytes]:
    """Standard input as bytes (a stdin replaced by text, as in tests, read as its UTF-8)."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        return sys.stdin.buffer
    return io.BytesIO(sys.stdin.read().encode())
