"""``grundy solve GAME --input lines|cases|counted|repeated FILE``: a contest judge's whole input, in one of
the layouts an exported program reads (``grundy export --main``), answered in one process with
one line per case, as the exported program prints it: ``VALUE OUTCOME`` (``- N`` where only the
outcome is known), or ``error: MESSAGE`` for a case nothing answers.

- ``lines``: one position per line — a heap game's heap sizes (several heaps are a sum), a pair
  game's ``a b`` (several pairs are a sum), a game on one number ``n`` (several numbers, the sum
  of their positions, when the game declares ``arity=1``);
- ``cases``: the number of cases ``T``, then ``T`` cases; ``counted``: one case; ``repeated``:
  cases to the end of the input, or to a case whose count is 0 (of a pair game: ``0 0``; of a
  family of one's own: parameters all 0), which ends it. A case of a heap
  game (or of a game on one number) is a count ``n`` and ``n`` numbers, of a pair game ``a b``;
  line breaks do not matter.

Games whose export rule says how a position is written read as their exported programs do: the
split game (:class:`~grundy.model.laws.ExportRule` ``split-stones``) a line of the stone counts of
piles ``1..n`` (a case: ``n``, then the counts), staircase (``staircase``) the counters on steps
``1..n`` alike; staircase Nim on a tree (``tree-staircase``, HDU 5996) a case as ``n``, the
parents of nodes ``1..n-1``, then the stones on nodes ``0..n-1`` (a line: those ``2n-1``
numbers); coin-slide (``strip``) the strip's length ``L``,
then the cells ``1..L`` of its coins (a case: ``L k``, then the ``k`` cells), which is the position
``#``/``.`` of ``--batch``. A game of one's own whose positions are not numbers (``parse=str``)
reads a case as one line, its own text (:func:`text_cases`), as Treblecross (``treblecross``,
UVa 10561) reads a board of ``.`` and ``X``. A coin-turning game on a row (export rule ``heads``)
reads rows of coins ``HHTHT`` with ``--params coins``, each after its length ``N`` with ``--params
size-first`` (HihoCoder 1172; :func:`coin_cases`).

A layout that cannot be read (a word that is not a number, the input ending inside a case, words
after the last case) stops with one line on stderr: after it no case can be told from the next.
The input is read in pieces as its cases are answered (:class:`~grundy.cli.judge_graph.StreamWords`),
as the exported program reads it: the cases before such a stop are answered.

>>> list(_case_numbers("heap", "cases", _words("2  1 3  2 1 1")))
[[3], [1, 1]]
>>> list(_case_numbers("heap", "repeated", _words("1 3  2 1 1  0")))
[[3], [1, 1]]
>>> list(_case_numbers("pair", "repeated", _words("5 3  0 4  0 0")))
[[5, 3], [0, 4]]
"""

from __future__ import annotations

import argparse
import io
import itertools
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from grundy.cli.common import read_number
from grundy.cli.judge_graph import StreamWords
from grundy.errors import GrundyError, InvalidInputError, SearchLimitError
from grundy.model.laws import GRAPH_PARAMETERS
from grundy.model.textio import coin_row

FORMATS = ("lines", "cases", "counted", "repeated")
"""The layouts (the same as ``grundy.export.main.INPUT_FORMATS``)."""


def input_kind(game: Any) -> str:
    """How a case of ``game`` is written: ``"heap"`` (heap sizes), ``"pair"`` (``a b``),
    ``"start"`` (a pair game whose start position one number ``n`` gives, ``(n, n - 1)``, as its
    exported program reads it: a case is ``n``, a line ``n`` or ``a b``),
    ``"sum"`` (numbers of a game on one number declared ``arity=1``: their sum), ``"number"``
    (one number), ``"tuple"`` (a game of one's own whose positions are none of these, e.g. a row
    of piles that a move may merge: a case is ``n`` and the ``n`` numbers of one position, a line
    the numbers of one position) or ``"text"`` (a game of one's own on other positions, strings
    say: a case is one line, the position as ``solve`` reads it); refused for any other game, in
    one line."""
    from grundy.model.game import HeapGame, laws_of

    if isinstance(game, HeapGame):
        return "heap"
    laws = laws_of(game)
    if laws.input_layout is not None:  # (a game of one's own: its positions, or its own text)
        return laws.input_layout() or "text"
    if laws.export is not None and laws.export.kind == "grid" and laws.export.more:
        return f"grid:{2 + len(laws.export.more)}"  # (heads of three or more coordinates)
    if laws.export is not None and laws.export.kind in _RULE_LAYOUTS:
        return _RULE_LAYOUTS[laws.export.kind]
    if laws.pair_table is not None:
        return "start" if laws.export is not None and laws.export.start is not None else "pair"
    raise InvalidInputError(f"--input reads heap games, games on pairs and games on one number (as "
                            f"an exported program does), not {game.spec!r}: use --batch FILE")


_RULE_LAYOUTS = {"split-stones": "piles", "staircase": "piles", "tree-staircase": "tree", "strip": "strip",
                 "grid": "grid", "treblecross": "text"}
"""The case layouts of the games whose export rule says how a position is written, by the rule."""


def _words(text: str) -> StreamWords:
    """The words of a text given whole, read as an input's (doctests)."""
    return StreamWords(io.BytesIO(text.encode()), "input")


def _case_numbers(kind: str, layout: str, words: StreamWords) -> Iterator[list[int]]:
    """The numbers of each case of a ``cases``, ``counted`` or ``repeated`` input (read as the
    exported program reads it), each read when the one before has been taken."""
    take = words.take
    cases = take() if layout in ("cases", "single") else 1 if layout == "counted" else None
    width = _zero_case_width(kind)
    for _ in range(cases) if cases is not None else itertools.count():
        if layout == "repeated":  # (the end of the input, or a case of zeros, ends the cases)
            ahead = words.ahead(width)
            if not ahead or _zeros(ahead, width):
                words.numbers(len(ahead))
                break
        if kind.startswith("rows:"):  # (n m, then n positions of m numbers each)
            yield _rows_numbers(take)
        elif layout == "single":  # (T, then T cases of one heap each)
            yield [take()]
        elif kind == "strip":  # (the length, then the count of coins and their cells)
            yield [take()] + [take() for _ in range(take())]
        elif kind.startswith("grid"):  # (the count of heads, then x y (z ...) of each)
            yield [take() for _ in range(_grid_dim(kind) * take())]
        elif kind == "tree":  # (n, the parents of nodes 1..n-1, then the counts of nodes 0..n-1)
            count = take()
            yield words.numbers(max(2 * count - 1, 0))
        elif kind.startswith("positions:"):  # (one position: its declared number of numbers)
            yield words.numbers(_arity(kind))
        elif kind == "sums:tuple":  # (k, then k positions, each its count m and its m numbers)
            yield [x for _ in range(take()) for x in _counted(take)]
        elif kind.startswith("sums:"):  # (k, then k games of N numbers each)
            yield words.numbers(take() * _arity(kind))
        elif kind.startswith("after:"):  # (k, the parameters, then k positions of N numbers each)
            count, (_, params, arity) = take(), kind.split(":")
            yield words.numbers(int(params) + count * int(arity))
        else:
            yield ([take(), take()] if kind == "pair" else [take()] if kind == "start"
                   else [take() for _ in range(take())])
    if words.more():
        raise InvalidInputError(f"{words.left():,} more words after the last case")


def _rows_numbers(take: Any) -> list[int]:
    """A case ``n m`` and its ``n`` positions of ``m`` numbers each, read by ``take``: ``m``, then
    each position's numbers, one after another."""
    n, m = take(), take()
    return [m] + [take() for _ in range(n * m)]


def _counted(take: Any) -> list[int]:
    """A count ``m`` and the ``m`` numbers after it, read by ``take`` (the count kept first)."""
    count = take()
    return [count] + [take() for _ in range(count)]


def _zero_case_width(kind: str) -> int:
    """How many words of zeros end a ``repeated`` input: a count of 0 where a case starts with a
    count, else a whole case of zeros (a pair game's ``0 0``, the parameters of a family)."""
    if kind == "pair" or kind.startswith("rows:"):  # (rows: a case n m of zeros, 0 0)
        return 2
    return _arity(kind) if kind.startswith("positions:") else 1


def _zeros(words: list[str], width: int) -> bool:
    """Whether ``words`` are ``width`` words, each the number 0 (written with any zeros)."""
    return len(words) == width and all(w.isascii() and w != "" and w.strip("0") == "" for w in words)


def _position(game: Any, kind: str, numbers: list[int]) -> Any:
    """The position of one case's numbers (checked by the game)."""
    if kind in ("heap", "piles", "tuple", "tree"):
        return game.validate(tuple(numbers))
    if kind == "strip":
        return game.validate(_strip(numbers))
    if kind == "grid":  # (heads x y: a board of a coin product, as its exported program reads it)
        if len(numbers) % 2:
            raise InvalidInputError(f"a position of {game.spec} is heads x y, so an even count of "
                                    f"numbers: got {len(numbers)}")
        return game.validate([(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)])
    if kind.startswith("grid:"):  # (heads of three or more coordinates each)
        dim = _grid_dim(kind)
        if len(numbers) % dim:
            raise InvalidInputError(f"a position of {game.spec} is heads of {dim} numbers each, so a "
                                    f"multiple of {dim} numbers: got {len(numbers)}")
        return game.validate([tuple(numbers[i:i + dim]) for i in range(0, len(numbers), dim)])
    if kind.startswith("positions:"):
        return _positions(game, _arity(kind), numbers)
    if kind == "start" and len(numbers) == 1:  # (the start position (n, n - 1))
        numbers = [numbers[0], max(numbers[0] - 1, 0)]
    if kind in ("pair", "start"):
        if len(numbers) != 2:
            raise InvalidInputError(f"a position of {game.spec} is two numbers a b, got "
                                    f"{len(numbers)}")
        return game.validate(tuple(numbers))
    if kind == "number" and len(numbers) != 1:
        raise InvalidInputError(f"{game.spec} does not declare arity=1, so several numbers are not "
                                f"a sum: give one number")
    if len(numbers) == 1:
        return game.validate((numbers[0],))
    from grundy.define.sums import Sum

    return game.validate(Sum(*((n,) for n in numbers)))


def _pairs_sum(game: Any, kind: str, numbers: list[int]) -> tuple[Any, Any] | None:
    """A line of several pairs of a pair game (``a1 b1 a2 b2 ...``): the sum of those positions,
    as its exported program reads the line (``None`` for anything else).

    >>> from grundy.catalog import load_game
    >>> _pairs_sum(load_game("wythoff"), "pair", [1, 2, 3, 5])
    (SumGame(parts=(Wythoff(), Wythoff())), ((1, 2), (3, 5)))
    """
    if kind not in ("pair", "start") or len(numbers) <= 2 or len(numbers) % 2:
        return None
    from grundy.engine.sums import SumGame

    pairs = [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]
    whole = SumGame((game,) * len(pairs))
    return whole, whole.validate(pairs)


def _grid_dim(kind: str) -> int:
    """The coordinates of a head of the layout ``grid`` (2) or ``grid:N``."""
    return int(kind.partition(":")[2] or 2)


def _arity(kind: str) -> int:
    """The numbers of one position of the layout ``positions:N``."""
    return int(kind.partition(":")[2])


def _positions(game: Any, arity: int, numbers: list[int]) -> Any:
    """The position (or the sum of positions) of ``arity`` numbers each that ``numbers`` holds."""
    if not numbers or len(numbers) % arity:
        raise InvalidInputError(f"a position of {game.spec} is {arity} numbers, and a line several "
                                f"positions (their sum): got {len(numbers)} numbers")
    parts = [tuple(numbers[i:i + arity]) for i in range(0, len(numbers), arity)]
    if len(parts) == 1:
        return game.validate(parts[0])
    from grundy.define.sums import Sum

    return game.validate(Sum(*parts))


def _strip(numbers: list[int]) -> str:
    """Coin-slide's position (``#`` a coin, ``.`` an empty cell) of a strip's length ``L`` and the
    cells ``1..L`` of its coins, as the exported program reads them.

    >>> _strip([6, 1, 2, 4])
    '##.#..'
    """
    length, cells = numbers[0], numbers[1:]
    bad = next((c for c in cells if not 1 <= c <= length), None)
    if length < 1 or bad is not None:
        raise InvalidInputError(f"a coin-slide case is the strip's length L >= 1, then the cells "
                                f"1..L of its coins, got L = {length} and a coin at {bad}")
    if len(set(cells)) != len(cells):
        raise InvalidInputError(f"a cell holds one coin at most, got the cells {cells}")
    return "".join("#" if i in set(cells) else "." for i in range(1, length + 1))


class HeapLines:
    """Answers of many short lines of one heap game whose moves change one heap
    (:attr:`HeapGame.heapwise`: a line is the sum of its heaps), as the XOR of each heap's value,
    each heap solved once for all lines (``value(game, (n,), cache)``) and each word read once.

    A line is answered here only when the general path would give the same answer: the game
    accepts the whole line (``game.validate``, once a line) and every heap has an integer value.
    Otherwise :meth:`line` gives ``None`` and the caller answers the line as before (its error,
    its outcome without a value). ``solved`` counts the heaps solved, for the tests.

    >>> from grundy.catalog import load_game
    >>> from grundy.engine.search import Cache
    >>> from grundy.solving.solve import solve_value
    >>> lines = HeapLines.of(load_game("kayles"), lambda g, p, c: solve_value(g, p, cache=c), Cache())
    >>> lines.line("3 4"), lines.line("4 3 0"), lines.solved
    ((<Outcome.N: 'N'>, 2), (<Outcome.N: 'N'>, 2), 3)
    """

    def __init__(self, game: Any, value: Any, cache: Any) -> None:
        self.game, self.value, self.cache = game, value, cache
        self.words: dict[str, int | None] = {}  # word -> heap (None: not a number)
        self.values: dict[int, int | None] = {}  # heap -> value (None: the general path says)
        self.solved = 0
        # the closed form the engine answers a heap by first (grundy_value's first step), read once
        # and asked directly: a line of 10^6 distinct heaps then costs no query per heap. A game of
        # one's own (its rules need a query) and a loopy game go by the general path.
        _, _, closed, canonical = cache.declared(game)
        loopy = game.laws.loopy_value is not None
        self._closed = None if game.own_rules or loopy else closed
        self._canonical = canonical

    @classmethod
    def of(cls, game: Any, value: Any, cache: Any) -> HeapLines | None:
        """The fast path for ``game``, or ``None`` when its lines are not sums of heaps."""
        from grundy.model.game import HeapGame

        return cls(game, value, cache) if isinstance(game, HeapGame) and game.heapwise else None

    def _word(self, word: str) -> int | None:
        try:
            heap: int | None = read_number(word)
        except GrundyError:
            heap = None
        self.words[word] = heap
        return heap

    def _heap(self, heap: int) -> int | None:
        closed = self._closed
        if closed is not None:
            position = (heap,) if self._canonical is None else self._canonical((heap,))
            try:
                found = closed(position)
            except GrundyError:  # (the general path says what is wrong, in its words)
                found = None
            if type(found) is int:
                self.solved += 1
                self.values[heap] = found
                return found
        try:
            _, grundy = self.value(self.game, self.game.validate((heap,)), self.cache)
        except GrundyError:  # (the general path says what is wrong, in its words)
            found = None
        else:
            self.solved += 1
            found = grundy if type(grundy) is int else None
        self.values[heap] = found
        return found

    def line(self, text: str, words: list[str] | None = None) -> tuple[Any, int] | None:
        """The outcome and Grundy value of the heaps of ``text`` (``words``: its words, when
        split already), or ``None`` when the general path must answer it."""
        known = self.words
        heaps = []
        for word in text.split() if words is None else words:
            heap = known[word] if word in known else self._word(word)
            if heap is None:
                return None
            heaps.append(heap)
        if not heaps:
            return None
        position = tuple(heaps)
        try:
            self.game.validate(position)
        except GrundyError:
            return None
        return self.heaps(position)

    def heaps(self, position: tuple[int, ...]) -> tuple[Any, int] | None:
        """The outcome and Grundy value of a valid position (its heaps), or ``None``."""
        from grundy.model.game import Outcome

        known = self.values
        total = 0
        for heap in position:
            value = known[heap] if heap in known else self._heap(heap)
            if value is None:
                return None
            total ^= value
        return (Outcome.N if total else Outcome.P), total


def _cases(kind: str, layout: str, words: StreamWords,
           fast: HeapLines | None = None) -> Iterator[list[int] | GrundyError | tuple[Any, int]]:
    """Each case's numbers (or why its line cannot be read), or its answer when ``fast`` gives
    it (lines of a heap game whose heaps are a sum), read in pieces as the cases are taken."""
    if layout != "lines":
        yield from _case_numbers(kind, layout, words)
        return
    for line in words.lines():
        if line:
            found = None if fast is None else fast.line("", line)
            if found is not None:
                yield found
                continue
            try:
                yield [read_number(w) for w in line]
            except GrundyError as exc:
                yield exc


COIN_PLACES = ("coins", "size-first")
"""The ``--params`` of a coin-turning game (its export rule ``heads``) whose case is a row of
coins: ``coins`` (the row, ``HHTHT``: ``H`` heads up, ``T`` tails) or ``size-first`` (the row's
length ``N``, then the row: HihoCoder 1172)."""

def coin_cases(layout: str, words: StreamWords,
               sized: bool) -> Iterator[tuple[str, int | None] | GrundyError]:
    """The rows of coins of an input (``--params coins``; ``sized``: ``size-first``, each row after
    its length ``N``), each with the length the input says (or the error reading its line raised),
    read in pieces as they are taken, as the exported program reads them: ``lines`` one row a line
    (its words joined: ``H T H`` is ``HTH``; sized: ``N`` first), ``cases`` ``T`` then ``T`` rows,
    ``counted`` one row, ``repeated`` rows to the end of the input or to a word ``0`` (sized: a
    length 0), which ends it. A length 0 is the empty row, no word after it.

    >>> list(coin_cases("cases", _words("2 3 HTH 1 T"), True))
    [('HTH', 3), ('T', 1)]
    """
    if layout == "lines":
        for line in words.lines():
            if line:
                try:
                    yield ("".join(line[1:]), read_number(line[0])) if sized else ("".join(line), None)
                except GrundyError as exc:
                    yield exc
        return
    cases = words.take() if layout == "cases" else 1 if layout == "counted" else None
    for _ in range(cases) if cases is not None else itertools.count():
        if layout == "repeated":  # (the end of the input, or a word 0, ends the cases)
            ahead = words.ahead(1)
            if not ahead or _zeros(ahead, 1):
                words.numbers(len(ahead))
                break
        count = words.take() if sized else None
        yield (words.word() if count != 0 else ""), count
    if words.more():
        raise InvalidInputError(f"{words.left():,} more words after the last case")


def _run_coins(args: argparse.Namespace, value: Any, game: Any) -> int:
    """The rows of coins of a coin-turning game's input (:func:`coin_cases`), each answered as
    ``solve`` answers the row (the empty row: no head, ``0 P``); a row that is not one (a letter
    other than ``H``, ``T``; a length other than its ``N``) is an error line quoting it."""
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache
    from grundy.model.game import Outcome

    if args.input == "single":
        raise InvalidInputError(f"--input single reads heaps; a row of coins of {game.spec} is read "
                                f"with --input lines, cases, counted or repeated")
    cache, words = Cache(), input_words(args.position[0])

    def answer(case: tuple[str, int | None]) -> tuple[Any, ...]:
        row = coin_row(*case)
        if row:
            return tuple(value(game, row, cache))
        if args.misere:  # (no head: no move, a win in misère play)
            return Outcome.N, None
        return (Outcome.P, 0, 0, MoveLines()) if args.winning_moves else (Outcome.P, 0)

    return answer_all(closing(coin_cases(args.input, words, args.params == "size-first"), words), answer)


def _run_heads(args: argparse.Namespace, game: Any) -> int:
    """The cases of a coin-turning game as its exported program reads them without ``--params``:
    each the positions of its heads, from 1 (a case: ``k``, then ``k`` heads; a line: the heads),
    their values XOR, each head valued by the rule the game declares for its export (the
    coin-turning theorem), as the program values it: a head may be at coin 10^18."""
    from grundy.cli.judge_graph import closing, input_words
    from grundy.model.game import Outcome, laws_of
    from grundy.patterns.formulas import compiled

    if args.misere or args.winning_moves or args.input == "single":
        given = "--misere" if args.misere else "--winning-moves" if args.winning_moves else "--input single"
        raise InvalidInputError(f"{game.spec}: a case of heads' positions is valued by the coin-turning "
                                f"theorem, {given} has no use there; a row of coins (--params coins or "
                                f"size-first) is solved as solve solves it")
    declared = laws_of(game).export
    assert declared is not None and declared.formula is not None  # (the rule 'heads' has one)
    rule, words = compiled(declared.formula), input_words(args.position[0])

    def answer(heads: list[int]) -> tuple[Any, int]:
        total = 0
        for n in heads:
            if n < 1:
                raise InvalidInputError(f"{n} is not a position of the game (n >= 1)")
            total ^= int(rule({"n": n}))
        return (Outcome.N if total else Outcome.P), total

    return answer_all(closing(_cases("heap", args.input, words), words), answer)


def text_cases(game: Any, layout: str, words: StreamWords) -> Iterator[Any]:
    """The positions of a game read from its own text (:func:`input_kind` ``"text"``), one a
    line as ``solve`` reads it (or the error that reading it raised, in its place), read in pieces
    as they are taken: ``lines`` and ``repeated`` every non-blank line, ``cases`` the count ``T``
    on the first line and then ``T`` lines, ``counted`` one line. A position may be a word such
    as ``0123``, so no line of zeros ends a ``repeated`` input: it ends with the input.
    """
    lines: Iterator[str] = (line for line in map(str.strip, words.text_lines()) if line)
    count = None
    if layout == "cases":
        first = next(lines, None)
        count = read_number(first) if first is not None else 0
    elif layout == "counted":
        ahead = list(itertools.islice(lines, 2))
        if len(ahead) != 1:
            raise InvalidInputError(f"--input counted reads one position, one line; got "
                                    f"{len(ahead) + sum(1 for _ in lines):,}")
        lines = iter(ahead)
    given = 0
    for line in lines:
        if count is not None and given == count:
            raise InvalidInputError(f"{1 + sum(1 for _ in lines):,} more lines after the last case")
        given += 1
        try:
            yield game.validate(game.parse_position(line))
        except GrundyError as exc:
            yield exc
    if count is not None and given < count:
        raise InvalidInputError(f"the input ended inside a case: {count:,} cases announced, "
                                f"{given:,} lines follow")


def run_input(args: argparse.Namespace, value: Any) -> int:
    """Answer every case of the input (``value(game, position, cache)`` gives the outcome and
    the Grundy value); exit status 2 when a case failed (each marked in its place). A family
    written with its parameters' names (``bash(m)``) reads them from the input, where
    ``--params`` says (:mod:`grundy.cli.judge_family`)."""
    from grundy.catalog import load_family, load_game
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache

    if args.input not in (*FORMATS, "single"):
        raise InvalidInputError(f"--input is one of {', '.join(FORMATS)}, single, got {args.input!r}")
    if args.game is None or len(args.position) != 1 or args.batch or args.heap_file or args.json:
        raise InvalidInputError("give the game and one input file ('-': stdin), e.g. "
                                "grundy solve nim --input cases -  (text answers only)")
    from grundy.reports.export_policy import own_family
    from grundy.reports.own_heap_export import own_heap_family

    named = load_family(args.game)
    heaps = None if named is not None else own_heap_family(args.game)
    own = None if named is not None or heaps is not None else own_family(args.game)
    _family_options(args, own, (named, heaps, own) != (None, None, None))
    if named is not None:
        return _run_family(args, value, *named)
    if heaps is not None:
        return _run_own_heap_family(args, value, *heaps)
    if own is not None:
        return _run_own_family(args, value, *own)
    game = load_game(args.game)
    coins = _export_kind(game) == "heads"  # (a coin-turning game: a case may be a row of coins)
    if args.params not in (None, "sum", "rows") and not (coins and args.params in COIN_PLACES):
        raise InvalidInputError(f"--params is for a family, its parameters written as names (e.g. "
                                f"'bash(m)'), not {args.game!r} (--params sum: a game on pairs or on N "
                                f"numbers, a case k positions; --params rows: n m, then n positions of "
                                f"m numbers; --params coins or size-first: a coin-turning game's row "
                                f"of coins HHTHT, size-first after its length N)")
    if coins and args.params in COIN_PLACES:
        return _run_coins(args, value, game)
    if coins:  # (the positions of the heads, as the exported program reads them by default)
        return _run_heads(args, game)
    kind = input_kind(game)
    if args.input == "single" and (kind != "heap" or args.params is not None):
        raise InvalidInputError(f"--input single (T, then T cases of one heap each) reads heap games "
                                f"and families, not {args.game!r}")
    if args.params == "sum":
        kind = _parts_kind(game, kind, args.input)
    if args.params == "rows":
        kind = _rows_kind(game, kind, args.input)
    cache = Cache()
    fast = HeapLines.of(game, value, cache) if kind == "heap" and not args.misere \
        and not args.conjecture and not args.winning_moves and not vars(args).get("outcome") else None
    none_is_zero = kind == "heap" or _export_kind(game) == "staircase"  # (a case of no heap, no step)
    words = input_words(args.position[0])  # (read in pieces as the cases are answered)
    if kind == "text":
        return answer_all(closing(text_cases(game, args.input, words), words),
                          lambda case: value(game, case, cache))

    def answer(case: list[int] | tuple[Any, int]) -> tuple[Any, Any]:
        if isinstance(case, tuple):  # (answered already, by the fast path)
            return case
        empty = (kind.startswith("sums:") and not case) or (kind.startswith("rows:") and len(case) == 1)
        if empty and args.misere:  # (the empty sum (rows: of no numbers, as the program): no move, a
            from grundy.model.game import Outcome  # win in misère play, and no Grundy value)

            return Outcome.N, None
        if not case and none_is_zero and not args.misere and not args.winning_moves:
            from grundy.model.game import Outcome  # (no heap, no step: no move, as the program says)

            return Outcome.P, 0
        if kind.startswith("rows:"):  # (n positions of m numbers each: their sum)
            return _rows_answer(game, kind, case, value, cache)
        if kind == "sums:tuple":  # (k positions of their own lengths: their sum)
            return _tuples_answer(game, case, value, cache)
        if kind.startswith("sums:"):  # (k positions: their sum; none, the empty sum)
            return _parts_answer(game, _arity(kind), case, value, cache)
        found = None if fast is None else fast.line("", [str(n) for n in case])
        return found or value(*_pairs_sum(game, kind, case) or (game, _position(game, kind, case)),
                              cache)

    return answer_all(closing(_cases(kind, args.input, words, fast), words), answer)


def _family_options(args: argparse.Namespace, own: Any, family: bool) -> None:
    """The options of ``solve --input`` that a family (``family``; ``own``: one of one's own)
    refuses, or a game does: each refused in one line."""
    if args.upto is not None and (own is None or own[0].laws.start is None):
        raise InvalidInputError(f"--upto is the games whose start values a conjecture is found on, for a "
                                f"family of your own with start= written with its parameter's name "
                                f"('NAME(n)'), not {args.game!r}")
    if args.params == "rows" and family:
        raise InvalidInputError(f"--params rows (n m, then n positions of m numbers each) is for a game "
                                f"of your own on tuples or on N numbers, not for a family ({args.game})")
    if vars(args).get("outcome") and family:
        raise InvalidInputError(f"--outcome reads a game's cases one position each, not a family's "
                                f"({args.game}): a family's lines give its values as fast")


def _export_kind(game: Any) -> str | None:
    """The kind of the game's export rule (``staircase``, ...), if it declares one."""
    from grundy.model.game import laws_of

    export = laws_of(game).export
    return None if export is None else str(export.kind)


def _parts_kind(game: Any, kind: str, layout: str) -> str:
    """The layout ``sums:N`` of a case of ``k`` positions of ``N`` numbers each (``--params sum``),
    for a game on pairs or on positions of several numbers; refused in one line otherwise."""
    if layout == "lines":
        raise InvalidInputError("a case of k positions (their sum) is read with --input cases, counted "
                                "or repeated; --input lines reads several positions on a line as their "
                                "sum already")
    if kind == "pair":
        return "sums:2"
    if kind.startswith("positions:"):
        return f"sums:{_arity(kind)}"
    if kind in ("tuple", "number"):  # (a game of one's own on tuples: each its count m, then m numbers)
        return "sums:tuple"
    raise InvalidInputError(f"{game.spec}: a case of k positions (their sum) is for a game on pairs, on "
                            f"positions of several numbers or on tuples of numbers; a case of this game "
                            f"is {'one number n' if kind == 'start' else 'n, then n numbers'} already")


def _rows_kind(game: Any, kind: str, layout: str) -> str:
    """The layout ``rows:N`` (``rows:tuple``) of a case ``n m``, then ``n`` positions of ``m``
    numbers each (``--params rows``, SPOJ MATGAME's matrix), for a game of one's own on positions
    of ``N`` numbers (on tuples of numbers); refused in one line otherwise."""
    if layout in ("lines", "single"):
        raise InvalidInputError(f"--params rows (a case: n m, then n positions of m numbers each, their "
                                f"sum) is read with --input cases, counted or repeated, not {layout}")
    if kind.startswith("positions:"):
        return f"rows:{_arity(kind)}"
    if kind in ("tuple", "number"):
        return "rows:tuple"
    raise InvalidInputError(f"{game.spec}: --params rows (a case: n m, then n positions of m numbers "
                            f"each, their sum) is for a game of your own on tuples of numbers or on "
                            f"N numbers" + ("; a game on pairs: --params sum (k, then k pairs)"
                                            if kind == "pair" else ""))


def _rows_answer(game: Any, kind: str, numbers: list[int], value: Any, cache: Any) -> tuple[Any, Any]:
    """The outcome and value of a case read by :func:`_rows_numbers` (``m``, then the numbers of
    its positions, ``m`` each): their sum; of a game on positions of ``N`` numbers, ``m`` must
    be ``N``."""
    from grundy.model.game import Outcome

    m, rest = numbers[0], numbers[1:]
    if not rest:  # (no row, or rows of no numbers: the empty sum, as the program reads it)
        return Outcome.P, 0
    if kind == "rows:tuple":
        return _tuples_answer(game, [x for i in range(0, len(rest), m or 1)
                                     for x in (m, *rest[i:i + m])], value, cache)
    if m != _arity(kind):
        raise InvalidInputError(f"a position of {game.spec} is {_arity(kind)} numbers; this case's "
                                f"rows have {m}")
    return _parts_answer(game, m, rest, value, cache)


def _tuples_answer(game: Any, numbers: list[int], value: Any, cache: Any) -> tuple[Any, Any]:
    """The outcome and value of a case of ``k`` positions of a game on tuples of numbers, each
    written as its count ``m`` and its ``m`` numbers: their sum (none: the empty sum, 0)."""
    from grundy.define.sums import Sum
    from grundy.model.game import Outcome

    parts, at = [], 0
    while at < len(numbers):
        parts.append(tuple(numbers[at + 1:at + 1 + numbers[at]]))
        at += 1 + numbers[at]
    if not parts:
        return Outcome.P, 0
    whole = parts[0] if len(parts) == 1 else Sum(*parts)
    return tuple(value(game, game.validate(whole), cache))


def _parts_answer(game: Any, arity: int, numbers: list[int], value: Any, cache: Any) -> tuple[Any, Any]:
    """The outcome and value of a case of ``k`` positions of ``arity`` numbers each: their sum
    (one position: itself; none: the empty sum, 0)."""
    from grundy.model.game import Outcome

    if not numbers:
        return Outcome.P, 0
    if arity == 2:
        whole = _pairs_sum(game, "pair", numbers)
        if whole is not None:
            return tuple(value(*whole, cache))
    return tuple(value(game, _positions(game, arity, numbers), cache))


GAMES_KEPT = 4096
"""How many games of a family (one per distinct parameters) ``solve --input`` keeps, with their
values, at a time: past it they are let go (an input of 10^6 games of distinct parameters, HDU
1851's piles, would otherwise hold them all)."""


def _run_family(args: argparse.Namespace, value: Any, title: str, family: Any) -> int:
    """The cases of a family's input, each answered for the game its parameters name."""
    from grundy.catalog import find_entry
    from grundy.cli.judge_family import check_family_input, declared_value, family_cases, game_of, sum_answers
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache
    from grundy.model.game import Outcome

    graph = any(p in GRAPH_PARAMETERS for p in family.params)
    if args.winning_moves and (family.kind == "kfold" or (graph and family.kind != "geography")):
        raise InvalidInputError(f"--winning-moves lists the moves of games on numbers and the first "
                                f"moves of vertex geography; {title} prints its own answer per case")
    if graph:  # (read in pieces, a graph at a time)
        from grundy.cli.judge_graph import graph_answers

        def listed(found: Any) -> Any:  # (vertex geography's first moves: their lines)
            return found if len(found) < 4 else (*found[:3], MoveLines(found[3]))

        return answer_all(graph_answers(args, value, title, family), listed)
    where = args.params or "each"
    check_family_input(title, family, args.input, where)
    if family.kind == "misere" and not args.misere:
        raise InvalidInputError(f"{title}: the family is of misère play (whoever takes the last "
                                f"counter loses), as its exported program: add --misere")
    sums = where in ("sum", "sum-last")
    if sums and (args.misere or args.winning_moves):
        raise InvalidInputError(f"--params {where}: a case's value is the XOR of its games' values "
                                f"(normal play), as its exported program prints; "
                                f"{'--misere' if args.misere else '--winning-moves'} has no use there")
    entry = find_entry(title.partition("(")[0])
    assert entry is not None  # (load_family found it)
    cls, caches = entry.load_class(), [Cache()]
    games: dict[tuple[Any, ...], Any] = {}
    # (a formula family's heaps valued by its declared formula, no game built: normal play only)
    declared = None if args.misere or args.conjecture or args.winning_moves else declared_value(family)

    def one(params: tuple[Any, ...], numbers: list[int]) -> tuple[Any, ...]:
        found = None if declared is None else declared(params, numbers)
        return built(params, numbers) if found is None else ((Outcome.N if found else Outcome.P), found)

    def game_value(params: tuple[Any, ...], heap: int) -> int:
        found = None if declared is None else declared(params, [heap])
        return built(params, [heap])[1] if found is None else found

    def built(params: tuple[Any, ...], numbers: list[int]) -> tuple[Any, ...]:
        """The answer of the game the parameters name (kept, up to :data:`GAMES_KEPT` of them)."""
        if params not in games:
            if len(games) >= GAMES_KEPT:  # (an input of many parameters: their games are let go)
                games.clear()
                caches[0] = Cache()
            games[params] = game_of(cls, params, family.keywords)
        game = games[params]
        if not numbers and family.kind != "kfold" and not args.misere and not args.winning_moves:
            return Outcome.P, 0  # (no heap: no move, as the program says)
        position = _position(game, input_kind(game), numbers)
        if family.kind == "kfold":
            return _smallest_take(game, position)
        return value(game, position, caches[0])

    words = input_words(args.position[0])  # (read in pieces as the cases are answered)
    if sums:  # (k games, each its parameters and its heap: the XOR of their values)
        answers = sum_answers(family, args.input, where, words, game_value)
        return answer_all(closing(answers, words), lambda found: found)
    cases = family_cases(family, args.input, where, words)
    if args.input == "lines" and where in ("each", "last"):
        cases = _to_end_mark(cases, one)
    return answer_all(closing(cases, words), lambda case: one(*case))


def _to_end_mark(cases: Iterator[Any], one: Any) -> Iterator[Any]:
    """The cases of ``lines`` up to a line of zeros that is no game (its answer an error): the
    judge's end mark (HDU 4764's ``0 0``), where the exported program stops reading too."""
    for case in cases:
        if not isinstance(case, GrundyError) and not any(case[1]) and all(
                p in (0, ()) for p in case[0]):
            try:
                one(*case)
            except GrundyError:
                rest = sum(1 for _ in cases)
                if rest:
                    lines = f"{rest:,} more line{'s' if rest > 1 else ''}"
                    raise InvalidInputError(f"{lines} after a line of zeros, which ends the input (the "
                                            f"judge's end mark)") from None
                return
        yield case


def _run_own_heap_family(args: argparse.Namespace, value: Any, game: Any, names: tuple[str, ...]) -> int:
    """The cases of a family of a heap game of one's own (``mcoins(k,l)``): each case's heaps in the
    game its parameters name, read where ``--params`` says, as the exported program
    (:mod:`grundy.export.own_heap_family`) reads them."""
    from grundy.cli.judge_family import check_family_input, family_cases, sum_answers
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache
    from grundy.export.own_heap_family import family_of
    from grundy.reports.own_heap_export import member

    family, where = family_of(names), args.params or "each"
    check_family_input(f"{game.name}({','.join(names)})", family, args.input, where)
    if where in ("sum", "sum-last") and (args.misere or args.winning_moves):
        raise InvalidInputError(f"--params {where}: a case's value is the XOR of its games' values "
                                f"(normal play), as its exported program prints; "
                                f"{'--misere' if args.misere else '--winning-moves'} has no use there")
    games: dict[tuple[Any, ...], Any] = {}
    cache = Cache()
    words = input_words(args.position[0])  # (read in pieces as the cases are answered)

    def answer(case: tuple[tuple[Any, ...], list[int]]) -> tuple[Any, ...]:
        params, numbers = case
        if params not in games:
            if len(games) >= GAMES_KEPT:  # (an input of many parameters: their games are let go)
                games.clear()
            games[params] = member(game, names, params)
        return value(games[params], _position(games[params], "heap", numbers), cache)

    if where in ("sum", "sum-last"):  # (k games, each its parameters and its heap: their values XOR)
        answers = sum_answers(family, args.input, where, words,
                              lambda params, heap: answer((params, [heap]))[1])
        return answer_all(closing(answers, words), lambda found: found)
    return answer_all(closing(family_cases(family, args.input, where, words), words), answer)


def _run_own_family(args: argparse.Namespace, value: Any, game: Any, names: tuple[str, ...]) -> int:
    """The cases of a family of a game of one's own (``circle(n,k)``): each case the named
    parameters of one game, answered at its declared start position (``--params sum``: a case is
    ``k`` games, their values XORed), as the exported program (:mod:`grundy.export.own_family`)
    answers it."""
    from grundy.catalog import load_game
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache

    title = f"{game.name}({','.join(names)})"
    if args.params == "after" and game.laws.start is None:
        return _run_own_positions(args, value, game, names)
    if args.params not in (None, "sum") or args.input == "single":
        raise InvalidInputError(f"{title}: each case is the parameters of one game (--params sum: k "
                                f"games); {'--params ' + args.params if args.params else '--input single'}"
                                f" has no use there")
    if game.laws.start is None:
        raise InvalidInputError(f"{title}: each case is answered at its start position, and "
                                f"{game.name} declares none (start=)")
    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    sums = args.params == "sum"
    kind, cache = f"{'sums' if sums else 'positions'}:{len(names)}", Cache()
    words = input_words(args.position[0])  # (read in pieces as the cases are answered)
    answered: dict[tuple[int, ...], tuple[Any, ...]] = {}
    read, movers = _moves_read(game, names), {}
    upto = args.upto
    try:
        if upto is not None and sums:
            raise InvalidInputError(f"{title}: --upto is the games a conjecture of the start values is "
                                    f"found on, for a case of one game; a sum (--params sum) is searched")
        beyond = _start_conjecture(game, names, upto) if args.conjecture and not sums else None
    except BaseException:
        words.close()  # (the input is not read)
        raise

    def one(numbers: tuple[int, ...]) -> tuple[Any, ...]:
        if beyond is not None and numbers[0] > beyond[0]:
            return beyond[1](numbers[0])
        if numbers not in answered:
            given = [f"{k}={v}" for k, v in zip(names, numbers, strict=True)]
            start = load_game(f"{game.name}({','.join(fixed + given)})").laws.start
            assert start is not None  # (declared by the game, whatever its parameters)
            # (the positions are answered in the game of the parameters the moves read, the others
            # at their defaults: the same moves, so one search serves every game that shares them)
            moving = tuple(g for g, name in zip(given, names, strict=True) if name in read)
            if moving not in movers:
                movers[moving] = load_game(f"{game.name}({','.join(fixed + list(moving))})")
            try:
                answered[numbers] = tuple(value(movers[moving], start(), cache))
            except SearchLimitError as exc:  # (a game too big to search: the pattern may answer it)
                if args.conjecture or sums or len(names) != 1:
                    raise
                raise type(exc)(f"{exc}; conjecture=True answers a game past those searched by the "
                                f"pattern of their start values", parameters=(*exc.parameters, "conjecture"),
                                spec=exc.spec) from None
        return answered[numbers]

    def answer(numbers: list[int]) -> tuple[Any, ...]:
        if not numbers or len(numbers) % len(names) or (not sums and len(numbers) != len(names)):
            raise InvalidInputError(f"a game of {title} is its {len(names)} parameters, got "
                                    f"{len(numbers)} numbers")
        if not sums:
            return one(tuple(numbers))
        return _xor_of(title, [one(tuple(numbers[i:i + len(names)]))
                               for i in range(0, len(numbers), len(names))])

    return answer_all(closing(_cases(kind, args.input, words, None), words), answer)


def _start_conjecture(game: Any, names: tuple[str, ...],
                      upto: int | None) -> tuple[int, Callable[[int], tuple[Any, Any]]]:
    """The exported program's ``--conjecture`` for a family of one parameter (the pattern of the
    start values of its games ``1..upto``, by default ``START_UPTO``; none found: refused in one
    line, as export refuses it): the last game searched, and the answer past it (the outcome and the
    value, or no value where the pattern is of the P-positions), said on stderr to be a conjecture."""
    from grundy.model.game import Outcome
    from grundy.patterns.formulas import compiled
    from grundy.reports.export_policy import start_conjecture

    found = start_conjecture(game, names, upto)
    rule = compiled(found.formula)
    sys.stderr.write(f"grundy: warning: past {names[0]} = {found.checked:,}, answered by the conjecture "
                     f"{found.text} (the pattern of the start values of the games searched), not proved\n")

    def answer(n: int) -> tuple[Any, Any]:
        try:
            got = rule({"n": n})
        except (ArithmeticError, ValueError) as exc:  # (an error line for this case alone)
            raise GrundyError(f"the conjecture {found.text} is undefined at {names[0]} = {n:,}: "
                              f"{exc}") from None
        if found.kind == "values":
            return (Outcome.N if got else Outcome.P), int(got)
        return (Outcome.P if got else Outcome.N), None

    return found.checked, answer


def _run_own_positions(args: argparse.Namespace, value: Any, game: Any, names: tuple[str, ...]) -> int:
    """The cases of a family of a game of one's own on positions of a declared arity, with no start
    (``--params after``): each case ``k``, the parameters, then ``k`` positions, answered as their
    sum in the game the parameters name, as the exported program reads them."""
    from grundy.catalog import load_game
    from grundy.cli.judge_graph import closing, input_words
    from grundy.engine.search import Cache

    arity, title = type(game).domain.arity, f"{game.name}({','.join(names)})"
    if arity is None or args.input == "single":
        raise InvalidInputError(f"{title}: --params after reads a case as k, the parameters, then k "
                                f"positions{'' if arity else ', so the game must declare arity='} "
                                f"(--input lines, cases, counted or repeated)")
    words = input_words(args.position[0])  # (read in pieces as the cases are answered)
    fixed = [f"{k}={v}" for k, v in game.params.items() if k not in names]
    read, movers, cache = _moves_read(game, names), {}, Cache()

    def answer(numbers: list[int]) -> tuple[Any, ...]:
        params, rest = numbers[:len(names)], numbers[len(names):]
        if len(params) != len(names) or len(rest) % arity:
            raise InvalidInputError(f"a case of {title} is its {len(names)} parameters, then positions "
                                    f"of {arity} numbers each, got {len(numbers)} numbers")
        given = tuple(f"{k}={v}" for k, v in zip(names, params, strict=True) if k in read)
        if given not in movers:  # (the game of the parameters the moves read: the same moves)
            movers[given] = load_game(f"{game.name}({','.join(fixed + list(given))})")
        return _parts_answer(movers[given], arity, rest, value, cache)

    return answer_all(closing(_cases(f"after:{len(names)}:{arity}", args.input, words, None), words),
                      answer)


def _moves_read(game: Any, names: tuple[str, ...]) -> tuple[str, ...]:
    """The parameters among ``names`` that the game's move function reads (all of them when its
    source cannot be read), as its exported program finds them."""
    from grundy.define.source import position_move_source
    from grundy.export.own_family import moves_read

    source, _ = position_move_source(game)
    return names if source is None else moves_read(source, names)


def _xor_of(title: str, answers: list[tuple[Any, ...]]) -> tuple[Any, int]:
    """The outcome and value of a sum of games from each one's (outcome, value)."""
    from grundy.model.game import Outcome

    total = 0
    for _, grundy, *_ in answers:
        if not isinstance(grundy, int):
            raise InvalidInputError(f"a game of {title} in a sum has no finite Grundy value "
                                    f"({grundy}): the XOR rule does not apply")
        total ^= grundy
    return (Outcome.N if total else Outcome.P), total


def _smallest_take(game: Any, position: Any) -> tuple[Any, None, str]:
    """The outcome of a position ``(n, limit)`` of a take-away game on one heap, no value (as the
    exported program of its family prints it: '-') and its smallest winning take ('-' if none),
    from every winning move its rule gives."""
    from grundy.model.game import Outcome, laws_of

    rule = laws_of(game).winning_moves
    moves = None if rule is None else rule(position)
    if moves is None:  # (the family's game declares the rule: never)
        raise InvalidInputError(f"{game.spec}: no rule gives its winning moves")
    takes = [position[0] - move.to[0] for move in moves]
    return (Outcome.N if takes else Outcome.P), None, str(min(takes)) if takes else "-"


class MoveLines(list[str]):
    """The lines of a case's winning moves, printed after its line (``--winning-moves``)."""


def move_lines(answer: Any) -> Iterator[str]:
    """Each winning move of a :class:`~grundy.solving.solve.Solution` as one line of numbers: a
    move in one part of a sum (a heap of several) ``PART FROM TO``: the part's number from 1, the
    part before and after it, as the game writes them (one heap: ``1 FROM TO``); a move on a board
    of cells (:attr:`~grundy.model.laws.Laws.export_moves` ``"cell"``: Treblecross) the cell it marks,
    from 1; any other move the whole position after it. The moves of many heaps answered in bulk are
    read from their columns, not built one by one.

    >>> from grundy import load_game, solve
    >>> list(move_lines(solve(load_game("nim"), (3, 4, 5)))), list(move_lines(solve(load_game("nim"), (4,))))
    (['1 3 1'], ['1 4 0'])
    >>> list(move_lines(solve(load_game("staircase"), (3, 1, 2, 5))))
    ['2 1 2 5', '3 1 3 4']
    """
    from grundy.model.game import HeapGame, laws_of
    from grundy.solving.bulk import HeapMoves

    moves, parts, game = answer.winning_moves, answer.parts, answer.game
    if isinstance(moves, HeapMoves):  # (part, take, heap, left: columns of numbers)
        for start in range(0, len(moves), 10_000):
            number, _, heap, left = (c.tolist() for c in moves.columns(start, start + 10_000))
            yield from (f"{i} {h} {a}" for i, h, a in zip(number, heap, left, strict=True))
        return
    for move in moves:
        if move.part is not None and move.part_move is not None and parts is not None:
            part_game, before = parts[move.part]
            words = [str(move.part + 1), part_game.format_position(before),
                     part_game.format_position(move.part_move.to)]
        elif isinstance(game, HeapGame) and parts is None:  # (one heap)
            words = ["1", game.format_position(answer.position), game.format_position(move.to)]
        elif laws_of(game).export_moves == "cell":  # (a board of cells: the cell marked, from 1)
            words = [str(_cell(game.format_position(answer.position), game.format_position(move.to)))]
        elif laws_of(game).export_moves == "coins":  # (a row of coins: the coins turned, from 1)
            words = [str(i) for i in _turned(game.format_position(answer.position),
                                             game.format_position(move.to))]
        else:
            words = [game.format_position(move.to)]
        yield " ".join(w for w in words if w)


def _turned(before: str, after: str) -> list[int]:
    """The coins (from 1, increasing) where a row written as text changed.

    >>> _turned("HTHH", "HHHT")
    [2, 4]
    """
    return [i for i, (a, b) in enumerate(zip(before, after, strict=True), 1) if a != b]


def _cell(before: str, after: str) -> int:
    """The first cell (from 1) where a board written as text changed."""
    return next(i for i, (a, b) in enumerate(zip(before, after, strict=True), 1) if a != b)


def answer_all(cases: Iterable[Any], answer: Any) -> int:
    """Print one line per case: ``VALUE OUTCOME`` (``answer(case)`` gives the outcome and the
    value; a case may be the error that reading it raised), else ``error: MESSAGE``;
    exit status 2 when a case failed, with the first failure on stderr."""
    from grundy.cli.common import flag_message
    from grundy.model.textio import int_text

    out = sys.stdout
    failed = 0
    first = ""
    count = 0
    for number, case in enumerate(cases, 1):  # (a case read as the one before is answered)
        count = number
        try:
            if isinstance(case, GrundyError):
                raise case
            outcome, grundy, *more = answer(case)  # (more: a family's third column)
        except GrundyError as exc:
            message = " ".join(flag_message(exc).split())
            failed += 1
            first = first or f"case {number}: {message}"
            out.write(f"error: {message}\n")
            continue
        lines = more.pop() if more and isinstance(more[-1], MoveLines) else ()
        out.write(f"{'-' if grundy is None else int_text(grundy)} {outcome.value}"
                  f"{''.join(' ' + str(x) for x in more)}\n")
        for line in lines:
            out.write(line + "\n")
    if failed:
        out.flush()
        sys.stderr.write(f"grundy: error: {failed:,} of {count:,} cases failed (each marked "
                         f"in the output); first: {first}\n")
        return 2
    return 0
