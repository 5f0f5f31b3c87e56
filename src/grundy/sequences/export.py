"""Code a user can submit: ``grundy_value`` and ``first_player_wins`` for a game, from a pattern's
formula, a period, or the computed table, in C++17 or in plain Python.

The C++ evaluates a formula exactly as Python would (``__int128`` arithmetic, floor division,
exact ``isqrt``; an overflow or a position outside the table is an error for that position rather
than a wrong number). It compiles with ``g++ -std=c++17 -O2 -Wall`` without warnings. The Python
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

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from grundy.core.periodic import Periodicity
from grundy.errors import InvalidInputError
from grundy.sequences.export_main import INPUT_FORMATS, describe, python_main
from grundy.sequences.formulas import parse
from grundy.sequences.pattern import Pattern

KINDS = ("heap", "pair", "moore")
LANGS = ("cpp", "python")
SIZE_WARNING = 64 * 1024
"""Source size (bytes) above which ``grundy export`` warns: many judges refuse larger submissions."""


@dataclass(frozen=True)
class OutcomeRule:
    """Which positions of a pair game are P-positions, where the values are not known.

    ``formula`` (the grammar of :mod:`grundy.sequences.formulas`, over ``a`` and ``b``) is true
    exactly at P-positions; ``code = "zeckendorf"`` is Whinihan's rule of Fibonacci Nim instead.
    ``status`` is ``"proved (THEOREM)"`` or ``"conjecture, checked ..."``.
    """

    text: str
    status: str
    formula: str | None = None
    code: str | None = None


def pattern_status(pattern: Pattern) -> str:
    """The pattern's law, then ``proved (THEOREM)`` or ``conjecture, checked on all positions up to N``.

    >>> pattern_status(Pattern("values", "G(n) = (n % 3) (conjecture, checked for n <= 9)", "n % 3",
    ...                        "conjecture", 9))
    'G(n) = (n % 3): conjecture, checked on all positions up to 9'
    """
    law = pattern.text
    cut = max(law.rfind(" (proved"), law.rfind(" (conjecture"))
    law = law[:cut] if cut > 0 else law
    if pattern.status == "proved":
        return f"{law}: proved ({pattern.proof or pattern.text})"
    return f"{law}: conjecture, checked on all positions up to {pattern.checked_upto}"


def period_status(period: Periodicity, upto: int) -> str:
    """The period's law with ``proved (THEOREM)`` or how far it was observed."""
    law = f"G(n + {period.period}) = G(n){f' + {period.saltus}' if period.saltus else ''}"
    if period.proved:
        return f"{law} for every n >= {period.preperiod}: proved ({period.reason})"
    return (f"{law} for n >= {period.preperiod}: conjecture, observed on every heap up to {upto}, "
            f"not proved")


# ---- tables, packed ---------------------------------------------------------------------------

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-+"
"""64 digits: the first 32 end a number, the last 32 continue it (base 32, most significant first)."""


def _varints(numbers: Sequence[int]) -> str:
    out = []
    for v in numbers:
        digits = []
        while True:
            digits.append(v & 31)
            v >>= 5
            if not v:
                break
        out.append("".join(ALPHABET[32 + d] for d in reversed(digits[1:])) + ALPHABET[digits[0]])
    return "".join(out)


def pack(values: Sequence[int]) -> tuple[str, bool]:
    """``values`` as text of :data:`ALPHABET` digits, and whether it is run-length coded (pairs
    value, count), whichever is shorter; :func:`unpack` reads it back.

    >>> pack([0, 0, 0, 1, 33])
    ('0001X1', False)
    >>> pack([0] * 10 + [1, 33])
    ('0A11X11', True)
    >>> unpack(*pack([0] * 10 + [1, 33])) == [0] * 10 + [1, 33]
    True
    """
    runs: list[int] = []
    for v in values:
        if runs and runs[-2] == v:
            runs[-1] += 1
        else:
            runs += [v, 1]
    plain, coded = _varints(values), _varints(runs)
    return (coded, True) if len(coded) < len(plain) else (plain, False)


def unpack(text: str, runs: bool) -> list[int]:
    """The values :func:`pack` wrote (what the generated programs do at start-up)."""
    digit = {ch: i for i, ch in enumerate(ALPHABET)}
    numbers, x = [], 0
    for ch in text:
        d = digit[ch]
        if d >= 32:
            x = x * 32 + d - 32
        else:
            numbers.append(x * 32 + d)
            x = 0
    if not runs:
        return numbers
    return [v for i in range(0, len(numbers), 2) for v in [numbers[i]] * numbers[i + 1]]


def text_lines(text: str, width: int = 96) -> list[str]:
    """``text`` cut into pieces of ``width`` characters (at least one piece)."""
    return [text[i:i + width] for i in range(0, len(text), width)] or [""]


def _table(kind: str, table: Sequence[int] | Sequence[Sequence[int]]) -> list[int] | list[list[int]]:
    try:
        if kind != "pair":
            flat = [int(v) for v in table]  # type: ignore[arg-type]
            if any(v < 0 for v in flat):
                raise ValueError
            return flat
        rows = [[int(v) for v in row] for row in table]  # type: ignore[union-attr]
        if any(len(r) != len(rows[0]) for r in rows) or any(v < 0 for r in rows for v in r):
            raise ValueError
        return rows
    except (TypeError, ValueError):
        what = ("a list of non-negative values" if kind != "pair"
                else "a rectangular grid of non-negative values")
        raise InvalidInputError(f"the table of a {kind} game must be {what}") from None


@dataclass(frozen=True)
class Program:
    """What an export holds, checked; the language back-ends write it out."""

    title: str
    kind: str
    main: bool
    input_format: str
    node: ast.expr | None = None
    """The values' formula (with ``status``)."""
    status: str = ""
    period: Periodicity | None = None
    """The period (``values`` then holds its first ``preperiod + period`` values)."""
    values: tuple[int, ...] = ()
    rows: int = 0
    cols: int = 0
    rule: OutcomeRule | None = None
    rule_node: ast.expr | None = None
    moore_k: int = 0
    move_source: str | None = None

    @property
    def reads(self) -> str:
        return describe(self.kind, self.input_format)


def export_code(*, name: str, kind: str, lang: str, pattern: Pattern | None,
                table: Sequence[int] | Sequence[Sequence[int]], main: bool = False,
                move_source: str | None = None, period: Periodicity | None = None,
                input_format: str = "lines", outcome_rule: OutcomeRule | None = None,
                moore_k: int | None = None) -> str:
    """A self-contained program answering positions of a game.

    ``kind="heap"``: a game on heaps whose positions are sums of heaps (the values of the heaps
    are XORed). Each heap by the pattern's formula when given (a ``"values"`` pattern), else by
    the ``period`` (``G(n) = G(e + (n - e) mod p) + q·s`` beyond the preperiod ``e``, proved or
    only observed in the whole table, which the code says), else by the table (and in Python,
    when ``move_source`` holds a move function ``def f(n): return [options...]``, by a memoised
    mex over it beyond the table).

    ``kind="pair"``: a game on one pair ``(a, b)``, by the formula or the table; beyond the
    table, ``outcome_rule`` (the P-positions) gives who wins, when there is one.

    ``kind="moore"``: Moore's Nim_k (``moore_k``), whose heaps are not a sum: who wins by Moore's
    theorem, the value only of a position with at most one non-empty heap (a Nim heap).

    ``main=True`` adds a program reading positions from stdin (``input_format``: ``lines``,
    ``cases`` or ``counted``, see :mod:`grundy.sequences.export_main`) and printing ``VALUE
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
    if pattern is not None and (pattern.describes != "values" or pattern.formula is None):
        raise InvalidInputError(
            f"only a pattern of the values with a formula can be exported, got {pattern.text!r}")
    variables = ("n",) if kind == "heap" else ("a", "b")
    values = _table(kind, table)
    rule_node = None
    if outcome_rule is not None:
        if kind != "pair":
            raise InvalidInputError("a rule for the P-positions is exported for pair games only")
        if outcome_rule.formula is not None:
            rule_node = parse(outcome_rule.formula, variables)
        elif outcome_rule.code != "zeckendorf":
            raise InvalidInputError(f"unknown rule for the P-positions: {outcome_rule.code!r}")
    base = {"title": title, "kind": kind, "main": main, "input_format": input_format,
            "rule": outcome_rule, "rule_node": rule_node}
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
                          status=period_status(period, len(values) - 1))
    else:
        if move_source is not None:
            _move_function(move_source, kind)
        flat = [v for row in values for v in (row if isinstance(row, list) else [row])]
        rows = len(values)
        first = values[0] if values else []
        cols = len(first) if isinstance(first, list) else 1
        program = Program(**base, values=tuple(flat), rows=rows, cols=cols,  # type: ignore[arg-type]
                          move_source=move_source if lang == "python" else None)
    return _emit(program, lang)


def _emit(program: Program, lang: str) -> str:
    if lang == "cpp":
        from grundy.sequences.export_cpp import cpp_program

        return cpp_program(program)
    return python_program(program)


def table_status(program: Program) -> str:
    """The range of an exact table, for the header."""
    if program.kind == "heap":
        return f"exact values computed by grundy for heaps 0..{program.rows - 1}"
    return (f"exact values computed by grundy for a <= {program.rows - 1}, "
            f"b <= {program.cols - 1}")


def header(program: Program) -> list[str]:
    """The header comment's lines (without the comment marks)."""
    what = {"heap": "the Grundy value of one heap n; several heaps are a sum (XOR of their values)",
            "pair": "the Grundy value of one pair (a, b)",
            "moore": f"who wins Moore's Nim_{program.moore_k} (reduce 1 to {program.moore_k} heaps "
                     f"in one move; several heaps are NOT a sum)"}[program.kind]
    lines = [f"{program.title}: {what}."]
    if program.kind == "moore":
        lines += [f"outcome: P iff every binary column sum of the heaps is 0 mod {program.moore_k + 1}, "
                  f"{program.status}",
                  "values: only of a position with at most one non-empty heap (a lone heap n is a "
                  "Nim heap: n); otherwise no theorem gives the value, and the main prints '-'"]
    elif program.node is not None or program.period is not None:
        lines.append(f"values: {program.status}")
    else:
        lines.append(f"values: {table_status(program)}"
                     + ("; beyond it, by the move function (a memoised mex)" if program.move_source else ""))
    if program.rule is not None and program.move_source is None and program.node is None:
        lines.append(f"beyond the table, who wins: {program.rule.text}, {program.rule.status}; "
                     f"the value is then unknown ('-')")
    if program.main:
        lines.append(f"input ({program.input_format}): {program.reads}; "
                     f"output: one line 'VALUE OUTCOME' (N: the player to move wins) per position")
    return lines


# ---- Python ------------------------------------------------------------------------------------

_PY_HELPERS = {
    "_nonneg": ((), '''def _nonneg(name, x):
    if x < 0:
        raise ValueError(f"{name}({x}) is undefined (negative argument)")
    return x'''),
    "popcount": (("_nonneg",), '''def popcount(x):
    return bin(_nonneg("popcount", x)).count("1")'''),
    "ctz": (("_nonneg",), '''def ctz(x):  # trailing zero bits; ctz(0) = -1
    x = _nonneg("ctz", x)
    return (x & -x).bit_length() - 1'''),
    "cto": (("_nonneg", "ctz"), '''def cto(x):  # trailing one bits
    return ctz(_nonneg("cto", x) + 1)'''),
    "bit_length": (("_nonneg",), '''def bit_length(x):
    return _nonneg("bit_length", x).bit_length()'''),
    "isqrt": (("_nonneg",), '''def isqrt(x):
    return math.isqrt(_nonneg("isqrt", x))'''),
}


def called(*nodes: ast.expr | None) -> set[str]:
    """The functions a formula calls."""
    return {n.func.id for node in nodes if node is not None for n in ast.walk(node)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _py_helpers(names: set[str]) -> list[str]:
    wanted = set()
    todo = [n for n in names if n in _PY_HELPERS]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += _PY_HELPERS[name][0]
    return [code for name, (_, code) in _PY_HELPERS.items() if name in wanted]


_PY_UNPACK = f'''def _unpack(text, runs):
    digit = {{ch: i for i, ch in enumerate("{ALPHABET}")}}
    numbers, x = [], 0
    for ch in text:
        d = digit[ch]
        if d >= 32:
            x = x * 32 + d - 32
        else:
            numbers.append(x * 32 + d)
            x = 0
    if not runs:
        return numbers
    return [v for i in range(0, len(numbers), 2) for v in [numbers[i]] * numbers[i + 1]]'''

_PY_ZECKENDORF = '''def p_position(n, limit):
    """Whinihan: P iff n = 0 or the smallest term of n's Zeckendorf form exceeds the limit."""
    if n == 0:
        return True
    fib = [1, 2]
    while fib[-1] + fib[-2] <= n:
        fib.append(fib[-1] + fib[-2])
    smallest = n
    for f in reversed(fib):
        if f <= n:
            n -= f
            smallest = f
    return smallest > limit'''

_PY_MOORE = '''def first_player_wins(heaps):
    """Moore's theorem: P iff every binary column sum of the heaps is 0 mod K + 1."""
    width = max((h.bit_length() for h in heaps), default=0)
    return any(sum(h >> b & 1 for h in heaps) % (K + 1) for b in range(width))


def grundy_value(heaps):
    live = [h for h in heaps if h]
    if len(live) > 1:
        raise ValueError("no theorem gives the Grundy value of several non-empty heaps of Moore's Nim_k")
    return live[0] if live else 0


def answer(heaps):
    live = [h for h in heaps if h]
    return (grundy_value(heaps) if len(live) <= 1 else None), first_player_wins(heaps)'''


def _packed(name: str, values: Sequence[int]) -> list[str]:
    text, runs = pack(values)
    body = [f'    "{piece}"' for piece in text_lines(text)]
    return [f"{name} = _unpack(", *body, f"    , {runs})"]


def python_program(program: Program) -> str:
    """The Python source of ``program``."""
    kind = program.kind
    out = [f"# {line}" for line in header(program)]
    out += ["# Generated by grundy; needs only Python 3.8+.", ""]
    helpers = _py_helpers(called(program.node, program.rule_node))
    imports = (["import math"] if any("math." in h for h in helpers) else []) + ["import sys"]
    out += imports
    blocks: list[str] = list(helpers)
    if kind == "moore":
        blocks += [f"K = {program.moore_k}", _PY_MOORE]
        return _py_join(out, blocks, program)
    params = "n" if kind == "heap" else "a, b"
    if program.node is None:
        blocks.append(_PY_UNPACK)
    if program.node is not None:
        blocks.append(f"def grundy_value({params}):\n    # {program.status}\n"
                      f"    return int({ast.unparse(program.node)})")
    elif program.period is not None:
        e, p, s = program.period.preperiod, program.period.period, program.period.saltus
        blocks.append("\n".join([f"# G(0..{e + p - 1})", *_packed("HEAD", program.values),
                                 f"PREPERIOD, PERIOD, SALTUS = {e}, {p}, {s}"]))
        blocks.append("def grundy_value(n):\n    if n < 0:\n"
                      '        raise ValueError(f"a heap is >= 0, got {n}")\n'
                      "    if n < len(HEAD):\n        return HEAD[n]\n"
                      "    q, r = divmod(n - PREPERIOD, PERIOD)\n"
                      "    return HEAD[PREPERIOD + r] + q * SALTUS")
    else:
        blocks.append("\n".join([f"# {table_status(program)}", *_packed("TABLE", program.values),
                                 f"ROWS, COLS = {program.rows}, {program.cols}"]))
        if program.move_source is not None:
            fname = _move_function(program.move_source, kind)
            blocks += ["# the move function, as given\n" + program.move_source.strip("\n"),
                       f"MOVES = {fname}\nKIND = {kind!r}", _PY_MEX.strip("\n")]
        inside = "0 <= n < ROWS" if kind == "heap" else "0 <= a < ROWS and 0 <= b < COLS"
        where = "n" if kind == "heap" else "a * COLS + b"
        what = "heap {n}" if kind == "heap" else "({a}, {b})"
        limits = "0..{ROWS - 1}" if kind == "heap" else "a <= {ROWS - 1}, b <= {COLS - 1}"
        beyond = ("    return _by_moves(" + ("n" if kind == "heap" else "(a, b)") + ")"
                  if program.move_source is not None else
                  f'    raise ValueError(f"{what} is beyond the table ({limits})")')
        blocks.append(f"def grundy_value({params}):\n    if {inside}:\n        return TABLE[{where}]\n"
                      + beyond)
    uses_rule = program.rule is not None and program.node is None and program.move_source is None
    if uses_rule:
        assert program.rule is not None
        if program.rule_node is not None:
            blocks.append(f"def p_position(a, b):\n    # {program.rule.text}, {program.rule.status}\n"
                          f"    return bool({ast.unparse(program.rule_node)})")
        else:
            blocks.append(_PY_ZECKENDORF)
        blocks.append(f"def first_player_wins({params}):\n"
                      "    if 0 <= a < ROWS and 0 <= b < COLS:\n"
                      "        return grundy_value(a, b) != 0\n    return not p_position(a, b)")
    else:
        blocks.append(f"def first_player_wins({params}):\n    return grundy_value({params}) != 0")
    if kind == "heap":
        blocks.append("def answer(heaps):\n    value = 0\n    for h in heaps:\n"
                      "        value ^= grundy_value(h)\n    return value, value != 0")
    else:
        check = ('    if len(numbers) != 2:\n        raise ValueError(f"expected two numbers a b, '
                 'got {len(numbers)}")\n    a, b = numbers\n')
        if uses_rule:
            check += ("    if not (0 <= a < ROWS and 0 <= b < COLS):\n"
                      "        return None, first_player_wins(a, b)\n")
        blocks.append("def answer(numbers):\n" + check + "    value = grundy_value(a, b)\n"
                      "    return value, value != 0")
    return _py_join(out, blocks, program)


def _py_join(out: list[str], blocks: list[str], program: Program) -> str:
    text = "\n".join(out) + "".join("\n\n\n" + b for b in blocks) + "\n"
    if program.main:
        text += python_main(program.kind, program.input_format)
    return text


_PY_MEX = '''
_MEMO = {}


def _components(option):
    """An option as a tuple of positions (a heap game's option may be several heaps)."""
    if KIND == "pair":
        return (tuple(option),)
    if isinstance(option, int):
        return (option,)
    return tuple(option)


def _options(position):
    return [_components(o) for o in (MOVES(*position) if KIND == "pair" else MOVES(position))]


def _by_moves(position):
    """Memoised mex over the move function, iteratively (no recursion limit to hit)."""
    if position in _MEMO:
        return _MEMO[position]
    stack = [position]
    expanding = {}
    while stack:
        x = stack[-1]
        if x in _MEMO:
            stack.pop()
            continue
        if x not in expanding:
            expanding[x] = _options(x)
            todo = [p for option in expanding[x] for p in option if p not in _MEMO]
            for p in todo:
                if p in expanding:
                    raise ValueError(f"position {p!r} can be reached from itself: the game is loopy")
            if todo:
                stack.extend(todo)
                continue
        seen = set()
        for option in expanding.pop(x):
            total = 0
            for p in option:
                total ^= _MEMO[p]
            seen.add(total)
        value = 0
        while value in seen:
            value += 1
        _MEMO[x] = value
        stack.pop()
    return _MEMO[position]
'''


def _move_function(source: str, kind: str) -> str:
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise InvalidInputError(f"the move function does not parse: {exc.msg} (line {exc.lineno})") from None
    defs = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    chosen = [d for d in defs if d.name == "moves"] or (defs if len(defs) == 1 else [])
    if not chosen:
        names = ", ".join(d.name for d in defs) or "none"
        raise InvalidInputError(
            f"the move source must define one function (or one named 'moves'); found {names}")
    want = 1 if kind == "heap" else 2
    got = len(chosen[0].args.args)
    if got != want:
        raise InvalidInputError(f"the move function {chosen[0].name!r} of a {kind} game takes {want} "
                                f"argument{'s' if want > 1 else ''}, not {got}")
    return chosen[0].name
