"""Code a user can submit: ``grundy_value`` and ``first_player_wins`` for one component of a game,
from a pattern's formula or from the computed table, in C++17 or in plain Python.

The C++ evaluates the formula exactly as Python would (``__int128`` arithmetic, floor division,
exact ``isqrt``; an overflow or a value outside the table stops the program with a message rather
than print a wrong number). It compiles with ``g++ -std=c++17 -O2 -Wall`` without warnings. The
Python needs nothing but Python.

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

from grundy.core.periodic import Periodicity
from grundy.errors import InvalidInputError
from grundy.sequences.formulas import parse
from grundy.sequences.pattern import Pattern

KINDS = ("heap", "pair")
LANGS = ("cpp", "python")


def _variables(kind: str) -> tuple[str, ...]:
    return ("n",) if kind == "heap" else ("a", "b")


def _why(pattern: Pattern) -> str:
    if pattern.status == "proved":
        return f"proved by {pattern.proof or pattern.text}"
    return f"conjecture, checked on all positions up to {pattern.checked_upto}"


def _table(kind: str, table: Sequence[int] | Sequence[Sequence[int]]) -> list[int] | list[list[int]]:
    try:
        if kind == "heap":
            flat = [int(v) for v in table]  # type: ignore[arg-type]
            if any(v < 0 for v in flat):
                raise ValueError
            return flat
        rows = [[int(v) for v in row] for row in table]  # type: ignore[union-attr]
        if any(len(r) != len(rows[0]) for r in rows) or any(v < 0 for r in rows for v in r):
            raise ValueError
        return rows
    except (TypeError, ValueError):
        what = ("a list of non-negative values" if kind == "heap"
                else "a rectangular grid of non-negative values")
        raise InvalidInputError(f"the table of a {kind} game must be {what}") from None


def export_code(*, name: str, kind: str, lang: str, pattern: Pattern | None,
                table: Sequence[int] | Sequence[Sequence[int]], main: bool = False,
                move_source: str | None = None, period: Periodicity | None = None) -> str:
    """A self-contained program computing the Grundy value of one component (a heap ``n``, or a pair ``a b``).

    By the pattern's formula when given (a ``"values"`` pattern), else by the table (and in
    Python, when ``move_source`` holds a move function ``def f(n): return [options...]``, by a
    memoised mex over it beyond the table). A heap game with a ``period`` (proved, or observed in
    the whole table) is answered for every heap by the period: ``G(n) = G(e + (n - e) mod p) +
    q·s`` beyond the preperiod ``e``, with the first ``e + p`` values as a table; the code says
    whether the period is proved and by which theorem, or only observed up to the table's end.
    ``main=True`` adds a program reading one position per line of stdin (a heap game: several
    heaps, whose values are XORed; a pair game: ``a b``) and
    printing the Grundy value and ``N`` or ``P``.
    """
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if lang not in LANGS:
        raise InvalidInputError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    if pattern is not None and (pattern.describes != "values" or pattern.formula is None):
        raise InvalidInputError(
            f"only a pattern of the values with a formula can be exported, got {pattern.text!r}")
    node = parse(pattern.formula, _variables(kind)) if pattern is not None and pattern.formula else None
    values = _table(kind, table)
    if node is None and period is not None and kind == "heap":
        return _periodic(name, lang, period, values, main)  # type: ignore[arg-type]
    if lang == "cpp":
        from grundy.sequences.export_cpp import cpp_program

        return cpp_program(name=name, kind=kind, node=node, why=_why(pattern) if pattern else None,
                           table=values, main=main)
    return _python(name, kind, pattern, node, values, main, move_source)


# ---- a proved (or observed) period -------------------------------------------------------------

def _periodic(name: str, lang: str, period: Periodicity, values: list[int], main: bool) -> str:
    e, p, s = period.preperiod, period.period, period.saltus
    head = values[:e + p]
    if len(head) < e + p:
        raise InvalidInputError(f"the table holds {len(values)} values, fewer than the preperiod {e} "
                                f"plus the period {p}")
    why = (f"proved: G(n + {p}) = G(n){f' + {s}' if s else ''} for every n >= {e}, by {period.reason}"
           if period.proved else
           f"conjecture: G(n + {p}) = G(n){f' + {s}' if s else ''} for n >= {e} was observed on every "
           f"heap up to {len(values) - 1}, not proved")
    title = " ".join(name.split())
    if lang == "python":
        text = "\n".join([
            f"# {title}: the Grundy value of one heap.", "# Generated by grundy; needs only Python 3.8+.",
            "", "import sys", "", f"# {why}", f"HEAD = {head!r}  # G(0..{e + p - 1})",
            f"PREPERIOD, PERIOD, SALTUS = {e}, {p}, {s}", "", "",
            "def grundy_value(n):", "    if n < 0:", '        raise ValueError(f"a heap is >= 0, got {n}")',
            "    if n < len(HEAD):", "        return HEAD[n]", "    q, r = divmod(n - PREPERIOD, PERIOD)",
            "    return HEAD[PREPERIOD + r] + q * SALTUS", "", "",
            "def first_player_wins(n):", "    return grundy_value(n) != 0"]) + "\n"
        return text + (_PY_MAIN_HEAP if main else "")
    from grundy.sequences.export_cpp import cpp_periodic

    return cpp_periodic(title=title, why=why, head=head, preperiod=e, period=p, saltus=s, main=main)


# ---- Python ------------------------------------------------------------------------------------

_PY_HELPERS = '''

def _nonneg(name, x):
    if x < 0:
        raise ValueError(f"{name}({x}) is undefined (negative argument)")
    return x


def popcount(x):
    return bin(_nonneg("popcount", x)).count("1")


def ctz(x):  # trailing zero bits; ctz(0) = -1
    x = _nonneg("ctz", x)
    return (x & -x).bit_length() - 1


def cto(x):  # trailing one bits
    return ctz(_nonneg("cto", x) + 1)


def bit_length(x):
    return _nonneg("bit_length", x).bit_length()


def isqrt(x):
    return math.isqrt(_nonneg("isqrt", x))
'''

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

_PY_MAIN_HEAP = '''

def main():
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            heaps = [int(w) for w in words]
        except ValueError:
            sys.exit(f"error: not a list of heap sizes: {line.strip()!r}")
        if any(h < 0 for h in heaps):
            sys.exit(f"error: a heap size is negative: {line.strip()!r}")
        value = 0
        for h in heaps:
            value ^= grundy_value(h)
        print(value, "N" if value else "P")


if __name__ == "__main__":
    main()
'''

_PY_MAIN_PAIR = '''

def main():
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            a, b = (int(w) for w in words)
        except ValueError:
            sys.exit(f"error: expected two numbers a b, got {line.strip()!r}")
        if a < 0 or b < 0:
            sys.exit(f"error: a number is negative: {line.strip()!r}")
        value = grundy_value(a, b)
        print(value, "N" if value else "P")


if __name__ == "__main__":
    main()
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


def _python(name: str, kind: str, pattern: Pattern | None, node: ast.expr | None,
            values: list[int] | list[list[int]], main: bool, move_source: str | None) -> str:
    params = "n" if kind == "heap" else "a, b"
    pos = "n" if kind == "heap" else "(a, b)"
    title = " ".join(name.split())
    lines = [f"# {title}: the Grundy value of one {'heap' if kind == 'heap' else 'pair (a, b)'}.",
             "# Generated by grundy; needs only Python 3.8+.", "", "import math", "import sys"]
    body: list[str] = []
    if pattern is not None and node is not None:
        lines.append(_PY_HELPERS.rstrip("\n"))
        body += ["", "", f"def grundy_value({params}):", f"    # {_why(pattern)}",
                 f"    # {pattern.text}"[:200], f"    return int({ast.unparse(node)})"]
    else:
        first = values[0] if values else []
        cols = len(first) if isinstance(first, list) else 0
        size_note = (f"G(0..{len(values) - 1})" if kind == "heap"
                     else f"G(a, b) for a <= {len(values) - 1}, b <= {cols - 1}")
        lines += ["", "", f"# exact values computed by grundy: {size_note}", f"TABLE = {values!r}"]
        if move_source is not None:
            fname = _move_function(move_source, kind)
            lines += ["", "", "# the move function, as given", move_source.strip("\n"), "", "",
                      f"MOVES = {fname}", f"KIND = {kind!r}", _PY_MEX.rstrip("\n")]
        check = ("0 <= n < len(TABLE)" if kind == "heap"
                 else "0 <= a < len(TABLE) and 0 <= b < len(TABLE[0])")
        lookup = "TABLE[n]" if kind == "heap" else "TABLE[a][b]"
        body += ["", "", f"def grundy_value({params}):", f"    if {check}:", f"        return {lookup}"]
        if move_source is not None:
            body.append(f"    return _by_moves({pos})")
        else:
            body.append(f'    raise ValueError(f"position {{{pos}!r}} is beyond the table ({size_note})")')
    body += ["", "", f"def first_player_wins({params}):", f"    return grundy_value({params}) != 0"]
    text = "\n".join(lines + body) + "\n"
    if main:
        text += _PY_MAIN_HEAP if kind == "heap" else _PY_MAIN_PAIR
    return text
