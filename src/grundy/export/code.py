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

from grundy.errors import InvalidInputError
from grundy.export import kfold
from grundy.export.main import INPUT_FORMATS
from grundy.export.model import (
    ALPHABET,
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
from grundy.model.periodic import Periodicity
from grundy.patterns.formulas import parse
from grundy.patterns.record import Pattern

__all__ = ["ALPHABET", "KINDS", "LANGS", "SIZE_WARNING", "OutcomeRule", "Program", "export_code", "header",
           "pack", "table_status", "unpack"]

KINDS = ("heap", "pair", "moore", "number", "staircase", "split", "strip")
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
                moore_k: int | None = None, origin: Sequence[int] | None = None,
                domain: str | None = None, sums: bool = True, checked: int | None = None,
                conjecture: bool = False, octal: Sequence[int] | None = None,
                start: str | None = None, what: str | None = None) -> str:
    """A self-contained program answering positions of a game.

    ``kind="heap"``: a game on heaps whose positions are sums of heaps (the values of the heaps
    are XORed). Each heap by the pattern's formula when given (a ``"values"`` pattern), else by
    the ``period`` (``G(n) = G(e + (n - e) mod p) + q·s`` beyond the preperiod ``e``, proved or
    only observed in the whole table, which the code says), else by the table (and in Python,
    when ``move_source`` holds a move function ``def f(n): return [options...]``, by a memoised
    mex over it beyond the table).

    ``kind="pair"``: a game on one pair ``(a, b)``, by the formula or the table; beyond the
    table, ``outcome_rule`` (the P-positions) gives who wins, when there is one.

    ``kind="number"``: a game on one number ``n`` (a ``@grundy.game`` with positions ``(n,)``),
    by the formula or the table; several numbers of one input are a disjunctive sum of such
    positions (values XORed) when ``sums``, otherwise an error for that input.

    A game with a declared domain: ``origin`` is its least position (``(n0,)`` or ``(a0, b0)``),
    where the table starts, and ``domain`` says in words which positions exist (for the header);
    an input below the origin, or a blank cell (``None``) of the table, is an error for that
    input alone ("not a position of the game").

    ``kind="moore"``: Moore's Nim_k (``moore_k``), whose heaps are not a sum: who wins by Moore's
    theorem, the value only of a position with at most one non-empty heap (a Nim heap).

    ``checked``: the last heap (of a pair game: the last ``a`` and ``b``) up to which an unproved
    formula or period was compared with computed values. Beyond it the program answers by it only
    with ``conjecture``, and then only after a local check where it can make one (the Python
    program, with ``move_source``: the value must be the mex of the values the formula gives the
    options); every other input beyond it gets an error line saying why.

    ``octal``: the digits ``d0 d1 …`` of an octal game exported as a table; beyond it the program
    computes the values itself, by the plain mex over the code's moves (up to the heap asked).

    ``kind="staircase"``: staircase Nim (the counters on steps 1..n), by the odd-steps theorem.
    ``kind="split"``: the split game (the stone counts of piles 1..n), by its odious-stones theorem.
    ``kind="strip"``: coin-slide (a strip's length, then the cells of its coins), by the plain mex
    over its moves, on strips of at most 16 cells (as ``grundy solve`` searches).

    ``start`` (a pair game): one number ``n`` alone is the start position ``(n, n - 1)``, said in
    these words (Fibonacci Nim: the first move may not take all). A line of several pairs of a
    pair game is their sum (values XORed; an error line where a value is unknown).

    ``what``: the header's words for what the program answers, where the kind's do not fit.

    ``main=True`` adds a program reading positions from stdin (``input_format``: ``lines``,
    ``cases`` or ``counted``, see :mod:`grundy.export.main`) and printing ``VALUE
    OUTCOME`` per position.
    """
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if lang not in LANGS:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    if input_format not in INPUT_FORMATS:
        raise InvalidInputError(
            f"the input format must be one of {', '.join(INPUT_FORMATS)}, got {input_format!r}")
    title = " ".join(name.split())
    if kind == "moore":
        if moore_k is None or not 1 <= moore_k < 1 << 62:
            raise InvalidInputError(f"Moore's Nim_k needs 1 <= k < 2**62, got {moore_k!r}")
        program = Program(title, kind, main, input_format, moore_k=moore_k,
                          status="proved (Moore's theorem, 1910)")
        return _emit(program, lang)
    if kind == "staircase":
        program = Program(title, kind, main, input_format,
                          status="proved (the odd-steps theorem: a move between an even and an odd "
                                 "step is a Nim move on the odd steps, or is reversed)")
        return _emit(program, lang)
    if kind in _RULE_STATUS:
        return _emit(Program(title, kind, main, input_format, status=_RULE_STATUS[kind]), lang)
    if start is not None and kind != "pair":
        raise InvalidInputError("a start position from one number is exported for pair games only")
    if pattern is not None and (pattern.describes != "values" or pattern.formula is None):
        raise InvalidInputError(
            f"only a pattern of the values with a formula can be exported, got {pattern.text!r}")
    variables = ("a", "b") if kind == "pair" else ("n",)
    holes = any(v is None for row in table for v in (row if isinstance(row, Sequence) else [row]))
    if holes and domain is None:
        raise InvalidInputError("a table with blank cells needs the domain it comes from")
    values = _table(kind, table, holes)
    corner = tuple(int(x) for x in origin) if origin is not None else (0,) * len(variables)
    if len(corner) != len(variables) or any(x < 0 for x in corner):
        raise InvalidInputError(f"the origin of a {kind} game is {len(variables)} numbers >= 0, "
                                f"got {tuple(origin or ())!r}")
    if holes and (pattern is not None or period is not None):
        raise InvalidInputError("a table with blank cells is exported as a table, not by a formula")
    if kind == "number" and (period is not None or move_source is not None):
        raise InvalidInputError("a game on one number is exported by its formula or its table")
    rule_node = None
    if outcome_rule is not None:
        if kind != "pair":
            raise InvalidInputError("a rule for the P-positions is exported for pair games only")
        if outcome_rule.formula is not None:
            rule_node = parse(outcome_rule.formula, variables)
        elif outcome_rule.code != "zeckendorf":
            kfold.rule_k(outcome_rule.code or "")  # "kfold K", or refused
    base = {"title": title, "kind": kind, "main": main, "input_format": input_format,
            "rule": outcome_rule, "rule_node": rule_node, "origin": corner if any(corner) else (),
            "domain": domain, "holes": holes, "sums": sums, "checked": checked,
            "conjecture": conjecture, "start": start, "what": what}
    if checked is not None and (pattern is not None or period is not None) and move_source is not None:
        move_function(move_source, kind)
        base["move_source"] = move_source if lang == "python" and conjecture else None
    if pattern is not None:
        assert pattern.formula is not None
        program = Program(**base, node=parse(pattern.formula, variables),  # type: ignore[arg-type]
                          status=pattern_status(pattern))
    elif period is not None and kind == "heap":
        e, p = period.preperiod, period.period
        if len(values) < e + p:
            raise InvalidInputError(f"the table holds {len(values)} values, fewer than the preperiod "
                                    f"{e} plus the period {p}")
        program = Program(**base, period=period, values=tuple(values[:e + p]),  # type: ignore[arg-type]
                          status=period_status(period, len(values) - 1 if checked is None else checked))
    else:
        if move_source is not None:
            move_function(move_source, kind)
        flat = [v for row in values for v in (row if isinstance(row, list) else [row])]
        rows = len(values)
        first = values[0] if values else []
        cols = len(first) if isinstance(first, list) else 1
        rule_checked = outcome_rule is not None and not outcome_rule.status.startswith("proved")
        base.update(checked=checked if rule_checked else None,  # (a table needs no check; a rule may)
                    move_source=move_source if lang == "python" else None)
        if octal and kind == "heap" and not holes:
            if not all(isinstance(d, int) and 0 <= d <= 7 for d in octal):
                raise InvalidInputError(f"octal digits are 0..7, got {tuple(octal)!r}")
            base.update(octal=tuple(octal), move_source=None)
        program = Program(**base, values=tuple(flat), rows=rows, cols=cols)  # type: ignore[arg-type]
    return _emit(program, lang)


_RULE_STATUS = {
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
