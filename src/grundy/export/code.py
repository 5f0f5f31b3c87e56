"""Code a user can submit: ``grundy_value`` and ``first_player_wins`` for a game, from a pattern's
formula, a period, or the computed table, in C++17 or in plain Python.

The C++ evaluates a formula exactly as Python would (``__int128`` arithmetic, floor division,
exact ``isqrt``; an overflow or a position outside the table is an error for that position rather
than a wrong number). It compiles with ``g++ -std=c++17 -O2 -Wall -Wextra`` without warnings. The Python
needs nothing but Python. The header comment of every program says what its answers rest on:
``proved (THEOREM)``, or ``conjecture, checked ...``, or the exact table and its range.

>>> code = export_code(name="subtraction(1,2)", kind="heap", lang="python", pattern=None,
...                    table=[0, 1, 2, 0, 1, 2])
>>> namespace: dict[str, object] = {}
>>> exec(code, namespace)
>>> namespace["grundy_value"](5), namespace["first_player_wins"](3)
(2, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from grundy.errors import InvalidInputError
from grundy.export import kfold
from grundy.export.main import COIN_FORMATS, HEAP_FORMATS, INPUT_FORMATS, SUM_FORMATS
from grundy.export.misere import MisereRule
from grundy.export.model import (
    ALPHABET,
    MOVE_STEPS,
    OutcomeRule,
    Program,
    header,
    pack,
    pattern_status,
    period_status,
    table_status,
    unpack,
)
from grundy.export.python import move_function, python_program
from grundy.model.laws import Describes
from grundy.model.periodic import Periodicity
from grundy.patterns.formulas import parse
from grundy.patterns.record import Pattern

__all__ = ["ALPHABET", "KINDS", "LANGS", "SIZE_WARNING", "OutcomeRule", "Program", "export_code", "header",
           "pack", "table_status", "unpack"]

KINDS = ("heap", "pair", "moore", "number", "staircase", "tree", "split", "strip", "misere", "grid")
"""What an exported program reads: a sum of heaps, a pair, one number (see :func:`export_code`),
or a game written from a theorem's algorithm alone: ``moore`` (Moore's Nim_k, whose heaps are not a
sum: who wins by Moore's theorem, the value only of a position with at most one non-empty heap),
``staircase`` (the counters on steps 1..n, by the odd-steps theorem), ``tree`` (staircase Nim
on a rooted tree: ``n - 1`` parents, then ``n`` counts, by the odd-depth theorem), ``split`` (the split game:
the stone counts of piles 1..n, by its odious-stones theorem), ``strip`` (coin-slide: a strip's
length, then the cells of its coins, by the plain mex over its moves on strips of at most 16
cells, as ``grundy solve`` searches), ``misere`` (a sum of heaps in misère play, by Conway's genus
theory over the pairs of normal and misère values of a take-away game's heaps,
:mod:`grundy.export.misere`), ``grid`` (heads ``x y`` on a grid, a product of two coin-turning
games: by the Tartan theorem, the nim-product of the factors' values, XORed over the heads)."""
LANGS = ("cpp", "python")
SIZE_WARNING = 64 * 1024
"""Source size (bytes) above which ``grundy export`` warns: many judges refuse larger submissions."""


def _table(kind: str, table: Sequence[int | None] | Sequence[Sequence[int | None]],
           holes: bool) -> list[int] | list[list[int]]:
    """The table checked; with ``holes``, a cell ``None`` (not a position) is stored as 0 and a
    value ``v`` as ``v + 1``."""
    def cell(v: int | None) -> int:
        if v is None and holes:
            return 0
        x = int(v)  # type: ignore[arg-type]
        if x < 0:
            raise ValueError
        return x + 1 if holes else x

    try:
        if kind != "pair":
            return [cell(v) for v in table]  # type: ignore[arg-type]
        rows = [[cell(v) for v in row] for row in table]  # type: ignore[union-attr]
        if any(len(r) != len(rows[0]) for r in rows):
            raise ValueError
        return rows
    except (TypeError, ValueError):
        what = ("a list of non-negative values" if kind != "pair"
                else "a rectangular grid of non-negative values")
        raise InvalidInputError(f"the table of a {kind} game must be {what}") from None


def export_code(*, name: str, kind: str, lang: str, pattern: Pattern | None,
                table: Sequence[int | None] | Sequence[Sequence[int | None]], main: bool = False,
                move_source: str | None = None, period: Periodicity | None = None,
                input_format: str = "lines", outcome_rule: OutcomeRule | None = None,
                moore_k: int | None = None, origin: Sequence[int] | None = None, move_options: bool = False,
                domain: str | None = None, sums: bool = True, checked: int | None = None,
                conjecture: bool = False, octal: Sequence[int] | None = None, unequal: bool = False,
                start: str | None = None, what: str | None = None, misere: MisereRule | None = None,
                grid: tuple[str, str, int] | None = None, moves: tuple[int, ...] | None = None,
                move_digits: tuple[int, ...] = (), grid_more: tuple[str, ...] = (),
                runs: tuple[tuple[int, tuple[int, ...]], ...] | None = None, steps: int = MOVE_STEPS,
                unchecked: bool = False) -> str:
    """A self-contained program answering positions of a game.

    ``kind="heap"``: a sum of heaps (their values XORed), each heap by the pattern's formula (a
    ``"values"`` pattern), else by the ``period`` (``G(n) = G(e + (n - e) mod p) + q·s`` beyond
    the preperiod ``e``, proved or only observed, which the code says), else by the table (beyond
    it, in Python, by a memoised mex over ``move_source``, a move function ``def f(n): return
    [options...]``). ``kind="pair"``: one pair ``(a, b)``, by the formula or the table; beyond
    the table, ``outcome_rule`` (the P-positions) gives who wins (of a heap game too: one heap beyond
    the table, a formula over ``n``; a sum is valued as before). ``kind="number"``: one number
    ``n`` (a ``@grundy.game`` on ``(n,)``), by the formula or the table; several numbers are a
    sum when ``sums``, otherwise an error for that input. The other kinds (``moore`` with
    ``moore_k``, ``staircase``, ``split``, ``strip``) are written from a theorem's algorithm alone:
    see :data:`KINDS`; ``misere`` with ``misere``, a :class:`~grundy.export.misere.MisereRule`;
    ``grid`` with ``grid``, the formulas (over ``n``) of a head's value in column ``x`` and in row
    ``y``, and the least coordinate (``grid_more``: of three or more factors, those of ``z``, ...).

    A declared domain: ``origin``, the least position (``(n0,)``, ``(a0, b0)``), where the table
    starts; ``domain``, in words; an input below it or a blank cell (``None``) is an error line.

    ``checked``: the last heap (pair: ``a`` and ``b``) up to which an unproved formula or period
    was compared with computed values; beyond it the program uses it only with ``conjecture``,
    after a local check where it can (Python, with ``move_source``), or with ``unchecked`` too,
    with none; without, a Python program computes there by ``move_source``, any other errs.

    ``octal``: an octal game's digits; beyond the table the program computes the values up to the
    largest heap asked, by the sparse-space method (:mod:`grundy.export.splits`, exact);
    ``unequal``: a move's two heaps differ (Grundy's game). ``steps``: :attr:`Program.steps`.

    ``start`` (a pair game): one number ``n`` alone is the start position ``(n, n - 1)``, said in
    these words (Fibonacci Nim). Several pairs on a line are their sum. ``what``: the header's
    words for what the program answers, where the kind's do not fit. ``main=True`` adds a program
    reading positions from stdin (``input_format``: :mod:`grundy.export.main`) and printing
    ``VALUE OUTCOME`` per position; ``moves`` (a heap game
    whose every move takes from one heap: the takes allowed, ``()`` for any number, Nim) makes
    it ``VALUE OUTCOME K`` and the ``K`` winning moves ``PART FROM TO`` (``move_digits``, with ``moves=()``:
    by that octal code's moves, ``TO`` a split's two heaps; ``move_options``: by ``move_source``'s
    options, in Python). ``runs``: a proved period's runs (:class:`~grundy.model.periodic.PeriodRuns`).
    """
    _check_choices(kind, lang, input_format)
    _check_moves(kind, moves)
    title = " ".join(name.split())
    rule_program = _rule_program(title, kind, main, input_format, moore_k, misere, (grid, grid_more), what)
    if rule_program is not None:
        return _emit(replace(rule_program, moves=moves), lang)
    variables = ("a", "b") if kind == "pair" else ("n",)
    holes = any(v is None for row in table for v in (row if isinstance(row, Sequence) else [row]))
    _check_sources(kind, pattern, period, move_source, start, holes, domain)
    values = _table(kind, table, holes)
    corner = _corner(kind, origin, variables)
    base: dict[str, Any] = {
        "title": title, "kind": kind, "main": main, "input_format": input_format,
        "rule": outcome_rule, "rule_node": _rule_node(kind, outcome_rule, variables),
        "origin": corner if any(corner) else (), "domain": domain, "holes": holes, "sums": sums,
        "checked": checked, "conjecture": conjecture, "start": start, "what": what, "moves": moves,
        "unchecked": unchecked and conjecture, "move_digits": tuple(move_digits),
        "move_options": move_options, "steps": steps}
    if checked is not None and (pattern is not None or period is not None) and move_source is not None:
        move_function(move_source, kind)  # (carried by a Python program: local check, or the mex)
        carried = lang == "python" and not unchecked and (conjecture or kind != "number")
        base["move_source"] = move_source if carried else None
    if pattern is not None:
        assert pattern.formula is not None
        program = Program(**base, node=parse(pattern.formula, variables), status=pattern_status(pattern))
    elif period is not None and kind == "heap":
        program = _period_program(base, values, period, runs)  # type: ignore[arg-type]
    else:
        program = _table_program(base, values, lang, move_source, octal, unequal)
    return _emit(program, lang)


def _check_moves(kind: str, moves: tuple[int, ...] | None) -> None:
    """Refuse winning moves the program cannot list: only of a sum of heaps (by its takes), the
    split game and one pair of Wythoff's game (by their rules, ``moves=()``)."""
    if moves is not None and kind not in ("heap", "split", "pair"):
        raise InvalidInputError("the winning moves are listed for a sum of heaps, the split game and "
                                "Wythoff's game only")
    if moves is not None and kind != "heap" and moves:
        raise InvalidInputError("the winning moves of the split game and of Wythoff's game are found "
                                "by their rules (moves=())")


def _check_sources(kind: str, pattern: Pattern | None, period: Periodicity | None,
                   move_source: str | None, start: str | None, holes: bool, domain: str | None) -> None:
    """Refuse what cannot answer together: a start position of a game not on pairs, a pattern
    without a formula of the values, a table with blank cells but no domain (or with a formula),
    a game on one number by a period or a move function."""
    if start is not None and kind != "pair":
        raise InvalidInputError("a start position from one number is exported for pair games only")
    if pattern is not None and (pattern.describes != Describes.VALUES or pattern.formula is None):
        raise InvalidInputError(
            f"only a pattern of the values with a formula can be exported, got {pattern.text!r}")
    if holes and domain is None:
        raise InvalidInputError("a table with blank cells needs the domain it comes from")
    if holes and (pattern is not None or period is not None):
        raise InvalidInputError("a table with blank cells is exported as a table, not by a formula")
    if kind == "number" and (period is not None or (move_source is not None and pattern is not None)):
        raise InvalidInputError("a game on one number is exported by its formula, or its table "
                                "(beyond it, in Python, by its move function)")


def _period_program(base: dict[str, Any], values: list[int], period: Periodicity,
                    runs: tuple[tuple[int, tuple[int, ...]], ...] | None = None) -> Program:
    """The program of a heap game answering by its period (its first values, or one period's
    ``runs``, then the law)."""
    e, p, checked = period.preperiod, period.period, base["checked"]
    if runs is not None:
        ends = [a for a, _ in runs[1:]] + [e + p]
        if not period.proved or period.saltus or not runs or runs[0][0] != 0 or any(
                not word or a >= b for (a, word), b in zip(runs, ends, strict=True)):
            raise InvalidInputError("runs are exported with a proved period without saltus: words, "
                                    "from heap 0, each run starting before the next and the period's end")
        return Program(**base, period=period, runs=tuple((a, tuple(w)) for a, w in runs),
                       status=period_status(period, 0))
    if len(values) < e + p:
        raise InvalidInputError(f"the table holds {len(values)} values, fewer than the preperiod "
                                f"{e} plus the period {p}")
    return Program(**base, period=period, values=tuple(values[:e + p]),
                   status=period_status(period, len(values) - 1 if checked is None else checked))


def _corner(kind: str, origin: Sequence[int] | None, variables: tuple[str, ...]) -> tuple[int, ...]:
    """The least position (zeros when none is declared), checked."""
    corner = tuple(int(x) for x in origin) if origin is not None else (0,) * len(variables)
    if len(corner) != len(variables) or any(x < 0 for x in corner):
        raise InvalidInputError(f"the origin of a {kind} game is {len(variables)} numbers >= 0, "
                                f"got {tuple(origin or ())!r}")
    return corner


def _check_choices(kind: str, lang: str, input_format: str) -> None:
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if lang not in LANGS:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    if input_format == "single" and kind not in ("heap", "misere"):
        what = {"pair": "a game on pairs"}.get(kind, f"a {kind} game")
        raise InvalidInputError(f"--input single (T, then T cases of one heap each) reads a heap game, "
                                f"not {what}")
    if input_format not in HEAP_FORMATS and not (kind == "pair" and input_format in SUM_FORMATS) \
            and not (kind == "number" and input_format in COIN_FORMATS):
        raise InvalidInputError(
            f"the input format must be one of {', '.join(INPUT_FORMATS)}, got {input_format!r}")


def _rule_program(title: str, kind: str, main: bool, input_format: str, moore_k: int | None,
                  misere: MisereRule | None = None,
                  grids: tuple[tuple[str, str, int] | None, tuple[str, ...]] = (None, ()),
                  what: str | None = None) -> Program | None:
    """The program of a kind written from a theorem's algorithm alone (no table), else ``None``
    (``grids``: of a grid, its first two factors and origin, and the formulas of later factors)."""
    if kind == "grid":
        program = _grid_program(title, main, input_format, grids[0], what)
        return replace(program, more=tuple(parse(f, ("n",)) for f in grids[1]))
    if kind == "misere":
        if misere is None:
            raise InvalidInputError("a misère program needs the rule of its heaps (misere=)")
        return Program(title, kind, main, input_format, misere=misere, status=misere.status)
    if kind == "moore":
        if moore_k is None or not 1 <= moore_k < 1 << 62:
            raise InvalidInputError(f"Moore's Nim_k needs 1 <= k < 2**62, got {moore_k!r}")
        return Program(title, kind, main, input_format, moore_k=moore_k,
                       status="proved (Moore's theorem, 1910)")
    if kind == "staircase":
        return Program(title, kind, main, input_format,
                       status="proved (the odd-steps theorem: a move between an even and an odd "
                              "step is a Nim move on the odd steps, or is reversed)")
    if kind in _RULE_STATUS:
        return Program(title, kind, main, input_format, status=_RULE_STATUS[kind])
    return None


def _grid_program(title: str, main: bool, input_format: str, grid: tuple[str, str, int] | None,
                  what: str | None) -> Program:
    """The program of a product of coin-turning games (the Tartan theorem)."""
    if grid is None or grid[2] not in (0, 1):
        raise InvalidInputError(f"a grid game needs its factors' formulas and origin 0 or 1, got {grid!r}")
    first, second, origin = grid
    return Program(title, "grid", main, input_format, node=parse(first, ("n",)),
                   second=parse(second, ("n",)), origin=(origin, origin),
                   status=f"proved ({what or 'the Tartan theorem'})")


def _rule_node(kind: str, rule: OutcomeRule | None, variables: tuple[str, ...]) -> Any:
    """The parsed formula of a pair or heap game's rule for its P-positions (``None`` for a rule
    in code of its own: Zeckendorf's, or k-fold's, checked here)."""
    if rule is None:
        return None
    if kind not in ("pair", "heap"):
        raise InvalidInputError("a rule for the P-positions is exported for pair and heap games only")
    if rule.formula is not None:
        return parse(rule.formula, variables)
    if kind != "pair":
        raise InvalidInputError("a heap game's rule for the P-positions is exported as a formula only")
    if rule.code != "zeckendorf":
        kfold.rule_k(rule.code or "")  # "kfold K", or refused
    return None


def _table_program(base: dict[str, Any], values: list[int] | list[list[int]], lang: str,
                   move_source: str | None, octal: Sequence[int] | None, unequal: bool) -> Program:
    """The program answering by the table (beyond it by the move function in Python, or by an
    octal game's algorithm)."""
    kind, outcome_rule, checked = base["kind"], base["rule"], base["checked"]
    if move_source is not None:
        move_function(move_source, kind)
    flat = [v for row in values for v in (row if isinstance(row, list) else [row])]
    rows = len(values)
    first = values[0] if values else []
    cols = len(first) if isinstance(first, list) else 1
    rule_checked = outcome_rule is not None and not outcome_rule.status.startswith("proved")
    base.update(checked=checked if rule_checked else None,  # (a table needs no check; a rule may)
                move_source=move_source if lang == "python" else None)
    if octal and kind == "heap" and not base["holes"]:
        if not all(isinstance(d, int) and 0 <= d <= 7 for d in octal):
            raise InvalidInputError(f"octal digits are 0..7, got {tuple(octal)!r}")
        base.update(octal=tuple(octal), unequal=bool(unequal), move_source=None)
    return Program(**base, values=tuple(flat), rows=rows, cols=cols)


_RULE_STATUS = {
    "tree": "proved (the odd-depth theorem: no move keeps the XOR over the odd-depth nodes, and a Nim "
            "move on them reaches every smaller value; grundy.games.takeaway.tree_staircase)",
    "split": "proved (a stone is a game of its own whose value is the d-th odious number, by "
             "induction on d; docs/splitting.md)",
    "strip": "exact (the plain mex over the moves, memoised; strips of at most 16 cells, as grundy "
             "solve searches; a longer strip is an error line)"}
"""The status line of the kinds written from an algorithm alone (besides Moore's and staircase)."""


def _emit(program: Program, lang: str) -> str:
    if lang == "cpp":
        from grundy.export.cpp import cpp_program  # the C++ writer, loaded only for C++

        return cpp_program(program)
    return python_program(program)
