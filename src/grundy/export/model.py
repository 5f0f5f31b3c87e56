"""What an export holds (:class:`Program`), the labels its header carries, and its packed tables;
shared by the Python and C++ writers of :mod:`grundy.export.code`.

>>> unpack(*pack([3, 3, 3, 40])) == [3, 3, 3, 40]
True
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from grundy.export.main import describe
from grundy.export.misere import MisereRule
from grundy.model.laws import Status
from grundy.model.periodic import Periodicity
from grundy.patterns.record import Pattern


@dataclass(frozen=True)
class OutcomeRule:
    """Which positions of a pair game are P-positions, where the values are not known.

    ``formula`` (the grammar of :mod:`grundy.patterns.formulas`, over ``a`` and ``b``) is true
    exactly at P-positions; ``code = "zeckendorf"`` is Whinihan's rule of Fibonacci Nim instead,
    ``code = "kfold K"`` Schwenk's rule of k-fold dynamic subtraction (:mod:`grundy.export.kfold`).
    ``status`` is ``"proved (THEOREM)"`` or ``"conjecture, checked ..."``.
    """

    text: str
    status: str
    formula: str | None = None
    code: str | None = None


def pattern_law(text: str) -> str:
    """A pattern's text without its closing status, ``(proved ...)`` or ``(conjecture ...)``; a
    parenthesis inside the law stays.

    >>> pattern_law("P iff a < φ·b, φ = (1 + √5)/2 (conjecture, checked for a <= 9, b <= 9)")
    'P iff a < φ·b, φ = (1 + √5)/2'
    """
    cut = max(text.rfind(" (proved"), text.rfind(" (conjecture"), text.rfind(" (your claim"))
    return text[:cut] if cut > 0 else text


def pattern_status(pattern: Pattern) -> str:
    """The pattern's law, then ``proved (THEOREM)`` or ``conjecture, checked on all positions up to N``.

    >>> pattern_status(Pattern("values", "G(n) = (n % 3) (conjecture, checked for n <= 9)", "n % 3",
    ...                        "conjecture", 9))
    'G(n) = (n % 3): conjecture, checked on all positions up to 9'
    """
    law = pattern_law(pattern.text)
    if pattern.status == Status.PROVED:
        return f"{law}: proved ({pattern.proof or pattern.text})"
    if pattern.text.endswith(")") and " (your claim, checked for " in pattern.text:
        return f"{law}: your claim, checked on all positions up to {pattern.checked_upto}, not proved"
    return f"{law}: conjecture, checked on all positions up to {pattern.checked_upto}"


def period_status(period: Periodicity, upto: int) -> str:
    """The period's law with ``proved (THEOREM)`` or how far it was observed (``upto``: the last
    heap checked)."""
    law = f"G(n + {period.period}) = G(n){f' + {period.saltus}' if period.saltus else ''}"
    if period.proved:
        return f"{law} for every n >= {period.preperiod}: proved ({period.reason})"
    return (f"{law} for n >= {period.preperiod}: conjecture, observed on every heap up to {upto}, "
            f"not proved")


# ---- tables, packed ---------------------------------------------------------------------------

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-+"
"""64 digits: the first 32 end a number, the last 32 continue it (base 32, most significant first)."""


def varints(numbers: Sequence[int]) -> str:
    """``numbers`` as digits of :data:`ALPHABET` (base 32, the last digit of each below 32)."""
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
    plain, coded = varints(values), varints(runs)
    return (coded, True) if len(coded) < len(plain) else (plain, False)


def packed_sizes(values: Sequence[int]) -> list[int]:
    """The length of :func:`pack` of each prefix of ``values`` (``[len of pack(values[:1]), ...]``),
    in one pass.

    >>> values = [0] * 10 + [1, 33, 33]
    >>> packed_sizes(values) == [len(pack(values[:c])[0]) for c in range(1, len(values) + 1)]
    True
    """
    def digits(v: int) -> int:
        return max(1, (v.bit_length() + 4) // 5)

    out: list[int] = []
    plain = done = 0  # done: the coded length of the runs before the current one
    run_value, run_length = None, 0
    for v in values:
        plain += digits(v)
        if v == run_value:
            run_length += 1
        else:
            if run_value is not None:
                done += digits(run_value) + digits(run_length)
            run_value, run_length = v, 1
        coded = done + digits(v) + digits(run_length)
        out.append(coded if coded < plain else plain)
    return out


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



MOVE_STEPS = 2_000_000
"""How many options the move function of an exported Python program may list for one input
beyond the table (a count, not seconds); past it the input gets an error line of its own."""


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
    runs: tuple[tuple[int, tuple[int, ...]], ...] | None = None
    """With a proved ``period`` too long for ``values``: one period as runs ``(start, word)``."""
    rows: int = 0
    cols: int = 0
    rule: OutcomeRule | None = None
    rule_node: ast.expr | None = None
    moore_k: int = 0
    move_source: str | None = None
    steps: int = MOVE_STEPS
    """With ``move_source`` (Python): the options the move function may list for one input beyond
    the table (``limit=``), past which that input gets an error line."""
    origin: tuple[int, ...] = ()
    """The least position of a game with a declared minimum (the table starts there); ``()``: 0."""
    domain: str | None = None
    """Which positions exist, in words, when the game declares it."""
    holes: bool = False
    """Whether the table has cells that are not positions (stored as 0, a value ``v`` as ``v + 1``)."""
    sums: bool = True
    """Of a game on one number: whether several numbers are a sum of positions."""
    what: str | None = None
    """What a line's numbers mean, for the header's first line, where the kind's words do not say it
    (a coin-turning game's heads)."""
    start: str | None = None
    """Of a pair game: one number ``n`` alone is the start position ``(n, n - 1)`` (Fibonacci Nim:
    the first move may not take all), in these words; ``None``: two numbers are needed."""
    octal: tuple[int, ...] = ()
    """The digits ``d0 d1 …`` of an octal game exported as a table: beyond it the program computes
    the values by the sparse-space method over the code's moves (the algorithm, not the data;
    :mod:`grundy.export.splits`), within :data:`OCTAL_STEPS` steps."""
    unequal: bool = False
    """With ``octal``: the two heaps a move leaves must differ (Grundy's game is the code ``4.``
    with unequal heaps)."""
    checked: int | None = None
    """The last heap (of a pair game: the last ``a`` and ``b``) up to which an unproved formula,
    period or P-rule was checked against computed values; beyond it the program answers only
    with ``conjecture`` and a local check, else with an error line. ``None``: nothing unproved."""
    conjecture: bool = False
    """Whether positions beyond ``checked`` are answered by the conjecture, each checked locally
    (the mex of the values it gives the options, by the move function) where the program can."""
    unchecked: bool = False
    """With ``conjecture``: beyond ``checked`` the formula or period answers without any check
    (the user asked for it; the header says so)."""
    misere: MisereRule | None = None
    moves: tuple[int, ...] | None = None
    """Of a heap game: the main lists each position's winning moves, found by the take-away set,
    these takes (``()``: Nim, take any number, by Bouton's rule); of the split game and of a pair
    game (Wythoff's, the only one whose rule the export writes) ``()``: the positions after the
    winning moves, by the game's rule; ``None``: the value line alone."""
    move_digits: tuple[int, ...] = ()
    """With ``moves`` (then ``()``): the winning moves are found by the moves of this octal code
    instead (take ``i``, leaving nothing, one heap or two), a split written as its two heaps."""
    move_options: bool = False
    """With ``moves`` (then ``()``), of a heap game of one's own whose Python program carries its
    move function: the winning moves are the options it lists that leave the right value."""
    second: ast.expr | None = None
    """Of a grid (kind ``grid``): the value of a head in row ``y`` (:attr:`node`: in column
    ``x``), the coordinates from :attr:`origin`."""
    more: tuple[ast.expr, ...] = ()
    """Of a product of three or more factors (kind ``grid``): the values of a head's later
    coordinates ``z``, ..."""
    """Of a misère program (kind ``misere``): the :class:`grundy.export.misere.MisereRule` of
    its heaps."""

    @property
    def reads(self) -> str:
        return describe(self.kind, self.input_format, self.sums, self.start, dim=self.dim)

    @property
    def dim(self) -> int:
        """Of a grid: the coordinates of a head (its factors)."""
        return 2 + len(self.more)

    @property
    def corner(self) -> tuple[int, ...]:
        """The least position (zeros when none is declared)."""
        return self.origin or ((0, 0) if self.kind in ("pair", "grid") else (0,))


def octal_text(digits: Sequence[int]) -> str:
    """An octal code's usual text.

    >>> octal_text((0, 7, 7)), octal_text((4, 0, 7))
    ('0.77', '4.07')
    """
    return f"{digits[0]}." + "".join(map(str, digits[1:]))


def minimum_words(program: Program) -> str:
    """The declared minimum in words (``a >= 1, b >= 1``), said by the error of an input below it."""
    names = ("a", "b") if program.kind == "pair" else ("n",)
    return ", ".join(f"{v} >= {m}" for v, m in zip(names, program.corner, strict=True))


OCTAL_STEPS = {"python": 50_000_000, "cpp": 16_000_000_000}
"""How many steps (options and pairs visited) an exported octal program may spend to extend its
table (all inputs together); past it the input gets an error line of its own."""

MEMO_KEPT = 500_000
"""The values (in misère play, the outcomes of sums) a Python program over a move function keeps
from one input to the next (a program of positions, a heap or pair game beyond its table); past
it, its memo is let go before the next input. Written once: the programs' constants (``MEMO_KEPT``,
``WINS_KEPT``) and their headers' words."""

PY_SUBTRACTION_SET = '''def subtraction_set(s):
    """S checked: one or more positive integers (sorted, repeats dropped)."""
    if not s:
        raise ValueError("the subtraction set S is empty")
    if min(s) < 1:
        raise ValueError(f"the members of S must be positive integers, got {min(s)}")
    return tuple(sorted(set(s)))
'''
"""``subtraction_set(S)`` of a program reading the set at run time (normal and misère play)."""

CPP_SUBTRACTION_SET = r"""// S checked: one or more positive integers (sorted, repeats dropped)
static std::vector<unsigned long long> subtraction_set(std::vector<unsigned long long> s) {
    if (s.empty()) fail("the subtraction set S is empty");
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    if (s[0] < 1) fail("the members of S must be positive integers, got 0");
    return s;
}
"""
"""The same in C++ (``fail`` is the program's error line)."""

PY_MEMO_MEX = '''
def _memo_mex(position, options, unsettled, loopy):
    """The value of ``position``: the mex over its options (``options(x)``: each a tuple of the
    positions it is the sum of, XORed), memoised in _MEMO and computed without recursion; at most
    MOVE_STEPS options listed for one input, else ValueError(unsettled()); a position reached again
    while it is being expanded: ValueError(loopy(p))."""
    if position in _MEMO:
        return _MEMO[position]
    stack = [position]
    expanding = {}
    steps = 0
    while stack:
        x = stack[-1]
        if x in _MEMO:
            stack.pop()
            continue
        if x not in expanding:
            expanding[x] = options(x)
            steps += len(expanding[x]) + 1
            if steps > MOVE_STEPS:
                raise ValueError(unsettled())
            todo = [p for option in expanding[x] for p in option if p not in _MEMO]
            for p in todo:
                if p in expanding:
                    raise ValueError(loopy(p))
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
"""The memoised mex of every exported Python program that carries a move function (a heap or pair
game beyond its table, a game on positions, a family of one's own): ``_memo_mex``, over the
program's own ``_MEMO`` and ``MOVE_STEPS``."""

HOLE = "is not a position of the game (outside its declared domain)"
"""The error of an input at a blank cell of the table."""


def outside(program: Program) -> str:
    """The error text of an input below the origin, as a Python f-string body over ``n`` or
    ``a, b`` (the C++ writer builds the same words)."""
    shown = "({a}, {b})" if program.kind == "pair" else "{n}"
    return f"{shown} is not a position of the game ({minimum_words(program)})"


def can_check(program: Program) -> bool:
    """Whether the program checks a conjecture locally beyond the checked range (it carries the
    move function: the Python export of a heap or pair game that has one)."""
    return program.conjecture and not program.unchecked and program.move_source is not None


def beyond_checked(program: Program) -> str:
    """What the program answers beyond the range where its conjecture was checked (a header line)."""
    where = {"pair": f"a, b <= {program.checked}", "heap": f"heap {program.checked}",
             "number": f"n = {program.checked}"}[program.kind]
    if can_check(program) and program.node is None and program.period is None:
        return (f"beyond {where}, each outcome by the rule is checked locally: a P-position by it must "
                f"have no option that is one, an N-position one (listed by the move function), else an "
                f"error line for that input")
    noun = "your claim" if ": your claim, checked" in (program.status or "") else "the conjecture"
    if program.unchecked:
        return (f"beyond {where} this program answers by {noun} WITHOUT any check (exported with "
                f"unchecked): such answers may be wrong")
    if can_check(program):
        return (f"beyond {where}, each answer by {noun} is checked locally: its value must be "
                f"the mex of the values it gives the options (listed by the move function), else an "
                f"error line for that input")
    if program.move_source is not None and not program.conjecture:  # (Python, no conjecture asked)
        return (f"beyond {where} {noun} is not used (it is not proved): each value there is computed by "
                f"the move function (a memoised mex; at most {program.steps:,} options listed for one "
                f"input, else an error line for it)")
    if program.conjecture:
        return (f"beyond {where} this program cannot check {noun} (it does not carry the "
                f"move function; the Python export does): an error line for each such input")
    return (f"beyond {where} {noun} is not used (it is not proved): an error line for each "
            f"such input; export with conjecture to answer them with a local check")


def table_status(program: Program) -> str:
    """The range of an exact table, for the header."""
    if program.kind == "heap":
        return f"exact values computed by grundy for heaps 0..{program.rows - 1}"
    if program.kind == "number":
        n0 = program.corner[0]
        return f"exact values computed by grundy for n = {n0}..{n0 + program.rows - 1}"
    a0, b0 = program.corner
    if program.origin:
        return (f"exact values computed by grundy for {a0} <= a <= {a0 + program.rows - 1}, "
                f"{b0} <= b <= {b0 + program.cols - 1}")
    return (f"exact values computed by grundy for a <= {program.rows - 1}, "
            f"b <= {program.cols - 1}")


def runs_words(program: Program) -> list[str]:
    """The header's line saying a period is held as runs (none when it is not)."""
    if program.runs is None or program.period is None:
        return []
    last = program.period.preperiod + program.period.period - 1
    return [f"heaps 0..{last} (the preperiod and one period) are held as {len(program.runs)} runs of "
            f"short words: from a run's start to the next, its word repeated"]


def _grid_names(dim: int) -> list[str]:
    """The coordinates of a head of a grid of ``dim`` factors: x, y (z), else x1, ..., xk."""
    return ["x", "y", "z"][:dim] if dim <= 3 else [f"x{i}" for i in range(1, dim + 1)]


def header(program: Program) -> list[str]:
    """The header comment's lines (without the comment marks)."""
    what = {"heap": "the Grundy value of one heap n; several heaps are a sum, whose value is the XOR "
                    "of theirs (Sprague-Grundy theorem)",
            "pair": "the Grundy value of one pair (a, b)",
            "number": "the Grundy value of one position (n,)" + (
                "; several numbers are the disjunctive sum of their positions (the game declares "
                "arity=1), whose value is the XOR of theirs (Sprague-Grundy theorem)" if program.sums
                else "; the game does not declare arity=1, so several numbers are not read as a sum"),
            "staircase": "the Grundy value of staircase Nim (counters slide from step i to step i - 1; "
                         "step 0 is the floor)",
            "tree": "the Grundy value of staircase Nim on a tree rooted at node 0 (a move takes stones "
                    "from a node other than the root to its parent)",
            "split": "the Grundy value of the split game (piles 1..n in a row; a move takes a stone from "
                     "pile i and adds one to piles j and k, i < j <= k <= n)",
            "strip": "the Grundy value of coin-slide (a strip of cells numbered 1..L from the left; a "
                     "move takes a coin to the nearest empty cell on its right, or off the strip)",
            "misere": "who wins a sum of heaps in misère play (the player who moves last loses)",
            "grid": "the Grundy value of a board of heads (x, y) of a product of coin-turning games, "
                    "the XOR of the values of its heads",
            "moore": f"who wins Moore's Nim_{program.moore_k} (reduce 1 to {program.moore_k} heaps "
                     f"in one move; several heaps are NOT a sum)"}[program.kind]
    if program.kind == "grid" and program.dim > 2:
        what = what.replace("(x, y)", f"({', '.join(_grid_names(program.dim))})")
    lines = [f"{program.title}: {program.what or what}."]
    if program.domain is not None:
        lines.append(f"positions: {program.domain}; any other input is an error line for that input")
    if program.kind == "moore":
        lines += [f"outcome: P iff every binary column sum of the heaps is 0 mod {program.moore_k + 1}, "
                  f"{program.status}",
                  "values: only of a position with at most one non-empty heap (a lone heap n is a "
                  "Nim heap: n); otherwise no theorem gives the value, and the main prints '-'"]
    elif program.kind == "misere":
        how = ("the product of the heaps' images in the misère quotient, P iff it lies in the P-portion"
               if program.misere is not None and program.misere.law == "quotient" else
               "each heap's pair (v, m) of normal and misère values")
        lines += [f"outcome: by {how}: {program.status}",
                  "values: no Grundy value decides misère play, so the main prints '-'"]
    elif program.kind == "grid":
        o = program.corner[0]
        names = _grid_names(program.dim)
        worth = " ⊗ ".join(f"v{i}({c})" for i, c in enumerate(names, 1))
        lines.append(f"values: a head at ({', '.join(names)}) is worth {worth}, the nim-product of the "
                     f"factors' values, coordinates from {o}: {program.status}")
    elif program.kind == "staircase":
        lines.append(f"values: the XOR of the counters on the odd steps 1, 3, 5, ...: {program.status}")
    elif program.kind == "tree":
        lines.append(f"values: the XOR of the counts on the nodes at odd depth: {program.status}")
    elif program.kind == "split":
        lines.append(f"values: the XOR of g(n - i) over the piles i with an odd count, g(0) = 0 and g(d) "
                     f"the d-th odious number (1, 2, 4, 7, 8, ...): {program.status}")
    elif program.kind == "strip":
        lines.append(f"values: {program.status}")
    elif program.node is not None or program.period is not None:
        lines += [f"values: {program.status}", *runs_words(program)]
    else:
        lines.append(f"values: {table_status(program)}"
                     + (f"; beyond it, by the move function (a memoised mex, past {MEMO_KEPT:,} values kept, "
                        f"the memo is let go before the next position it searches; at most {program.steps:,} "
                        "options listed for one input, else an error line for it)"
                        if program.move_source else "")
                     + ("; beyond it, computed by the program up to the largest heap asked, by the "
                        "sparse-space method over the moves of "
                        + (f"the octal code {octal_text(program.octal)}" if not program.unequal else
                           "Grundy's game (split a heap into two unequal heaps)")
                        + " (exact: every candidate value is checked; at most the steps its OCTAL_STEPS "
                        "says, else an error line)" if program.octal else ""))
    if program.checked is not None:
        lines.append(beyond_checked(program))
    if program.rule is not None and program.node is None:
        lines.append(f"beyond the table, who wins: {program.rule.text}: {program.rule.status}; "
                     + (f"the main then prints an N-position's value as '-' (grundy_value("
                        f"{'a, b' if program.kind == 'pair' else 'n'}) computes it by the move function), "
                        f"a P-position's as 0" if program.move_source else
                        "an N-position's value is then unknown ('-'), a P-position's is 0"))
    lines += _moves_lines(program)
    if program.main and program.moves is None:
        lines.append(f"input ({program.input_format.partition('+')[0]}): {program.reads}; "
                     f"output: one line 'VALUE OUTCOME' (N: the player to move wins) per position")
    return lines


def _moves_lines(program: Program) -> list[str]:
    """The header's lines on the winning moves the main lists, and what it reads and prints."""
    if program.moves is None:
        return []
    if program.kind == "pair":
        found = ("winning moves (of one pair): each number is in exactly one P-pair (floor(k phi), "
                 "floor(k phi) + k): a heap to the other's partner, or both down to the P-pair of "
                 "their difference")
    elif program.kind != "heap":
        found = ("winning moves: each move of a stone from pile i to piles j <= k after it whose "
                 "stones' values (of i alone when j = k) XOR to the value of the position")
    elif program.move_options:
        found = ("winning moves: each option the move function lists that leaves the value G(h) XOR the "
                 "value of the sum (one heap whose value is unknown: each option that is a P-position)")
    elif program.move_digits:
        found = (f"winning moves: each move of the octal code {octal_text(program.move_digits)} (take i, "
                 f"leave nothing, one heap or two) that leaves the value G(h) XOR the value of the sum")
    elif not program.moves:
        found = ("winning moves: Bouton's rule: a heap h goes to h XOR the value of the sum, where that "
                 "is smaller")
    else:
        found = (f"winning moves: each take s of {{{', '.join(map(str, program.moves))}}} that leaves the "
                 f"heap the value G(h) XOR the value of the sum")
    if not program.main:
        return [found]
    split = "; a split: the two heaps it leaves" if program.move_digits or program.move_options else ""
    listed = ("the pair after each of its K winning moves, one a line (heap 2 moved, heap 1 moved, "
              "both moved)" if program.kind == "pair" else
              "the position after each of its K winning moves, one a line (i, then j, then k "
              "increasing)" if program.kind != "heap" else
              f"its K winning moves, one a line 'PART FROM TO' (the heap's number from 1, its size "
              f"before and after{split})")
    return [found, f"input ({program.input_format.partition('+')[0]}): {program.reads}; output per "
                   f"position: a line 'VALUE OUTCOME K' (N: the player to move wins), then {listed}"]


# ---- Python ------------------------------------------------------------------------------------
