"""The ``main`` of an exported program (:func:`grundy.export.code.export_code` with
``main=True``), in Python and in C++, for each input layout.

Every program defines ``answer(numbers)`` (the numbers of one position) giving the Grundy value,
or none where only the outcome is known, and whether the player to move wins; the main prints one
line ``VALUE OUTCOME`` per position (``- P`` / ``- N`` where only the outcome is known), or
``error: ...`` for a position nothing in the program can answer, and goes on with the next one
(the exit status is then 1). A layout that cannot be read (a word that is not a number, the input
ending inside a case) stops the program: after it, no position could be told from the next.

Layouts (``INPUT_FORMATS``):

- ``lines``: one position per line (a heap game: its heap sizes; a pair game: ``a b``; a game
  on one number: ``n``, or several numbers, their sum, when the game declares ``arity=1``;
  staircase and the split game: the counts of steps or piles 1..n; coin-slide: the strip's
  length ``L``, then the cells ``1..L`` of its coins);
- ``cases``: the number of cases ``T``, then ``T`` cases;
- ``counted``: one case;
- ``single`` (a heap game): the number of cases ``T``, then ``T`` cases of one heap each (Luogu
  P4018's ``T`` and ``T`` heaps ``n``);
- ``repeated``: cases one after another to the end of the input, or to a case of zeros, which
  ends the input: where a case starts with a count, a count of 0 (as HDU 1850 "Being a Good Boy in
  Spring Festival" ends its cases); a pair game's ``0 0`` (HDU 2147 "kiki's game"); the numbers
  of a position, or the parameters of a family of one's own, all 0 (POJ 2484 "A Funny Game").

A case of a heap game is ``n`` followed by ``n`` heap sizes; of a pair game, ``a b``; of
coin-slide, ``L k`` followed by the cells of its ``k`` coins; of a grid of coins, ``k`` followed
by the ``x y`` of its ``k`` heads. Line breaks
do not matter in ``cases``, ``counted`` and ``repeated``. A coin-turning game on a row may read
rows of coins instead of its heads' positions (:data:`COIN_FORMATS`): ``HHTHT``, or its length
``N`` first.

>>> "def main" in python_main("heap", "cases")
True
"""

from __future__ import annotations

INPUT_FORMATS = ("lines", "cases", "counted", "repeated")

SUM_FORMATS = ("cases+sum", "counted+sum", "repeated+sum")
"""The layouts whose case is a count ``k`` and ``k`` positions of a game on pairs or on ``N``
numbers (their sum: ``--params sum``): ``LAYOUT+sum``, as :func:`layout_parts` reads it."""


def layout_parts(input_format: str) -> tuple[str, bool]:
    """The layout of ``input_format`` and whether a case is ``k``, then ``k`` positions (their sum).

    >>> layout_parts("repeated+sum"), layout_parts("cases")
    (('repeated', True), ('cases', False))
    """
    layout, _, parts = input_format.partition("+")
    return layout, parts in ("sum", "rows")


COIN_FORMATS = tuple(f"{layout}+{coins}" for layout in INPUT_FORMATS for coins in ("coins", "size-first"))
"""The layouts whose case is a row of coins of a coin-turning game, ``HHTHT`` (``+coins``), or its
length ``N``, then the row (``+size-first``): the row is read as the positions of its heads."""

HEAP_FORMATS = (*INPUT_FORMATS, "single")
"""The layouts of a heap game's main: also ``single``, ``T`` cases of one heap each."""


def describe(kind: str, input_format: str, sums: bool = True, start: str | None = None,
             arity: int | None = 2, names: str = "", dim: int = 2) -> str:
    """One line saying what the main reads, for the program's header comment (``sums``: whether
    several numbers of a game on one number are a sum; ``arity``: the numbers of a position of a
    game on positions).

    >>> describe("heap", "counted")
    'one case: n, then n heap sizes'
    >>> describe("pair", "counted+sum")
    'one case: k, then k positions a b (their sum)'
    """
    rows = input_format.endswith("+rows")  # (n m, then n positions of m numbers each)
    if input_format in COIN_FORMATS:
        return _describe_coins(*input_format.split("+"))
    input_format, parts = layout_parts(input_format)
    if kind == "number":
        case = "k, then k numbers (the sum of k positions)" if sums else "1, then one number n"
        line = ("one position per line: n, or several numbers (their sum)" if sums
                else "one position per line: one number n")
    elif kind == "staircase":
        case = "n, then the counters on steps 1..n"
        line = "one position per line: the counters on steps 1..n"
    elif kind == "tree":
        case = "n, then the parents of nodes 1..n-1, then the counts of nodes 0..n-1"
        line = "one position per line: the parents of nodes 1..n-1, then the counts of nodes 0..n-1"
    elif kind == "split":
        case = "n, then the stone counts of piles 1..n"
        line = "one position per line: the stone counts of piles 1..n"
    elif kind == "strip":
        case = "the strip's length L, k, then the cells (1..L) of its k coins"
        line = "one position per line: the strip's length L, then the cells (1..L) of its coins"
    elif kind == "grid" and dim > 2:
        case = f"k, then k heads of {dim} numbers (the coordinates x y z ... of each)"
        line = f"one position per line: its heads, {dim} numbers each (a board is the sum of its heads)"
    elif kind == "grid":
        case = "k, then k heads x y"
        line = "one position per line: its heads x1 y1 x2 y2 ... (a board is the sum of its heads)"
    elif kind == "params":
        case = f"the parameters {names} of one game (its start position is answered)"
        line = f"one game per line: its parameters {names} (its start position is answered)"
    elif kind == "param-sums":
        case = f"k, then k games, each its parameters {names} (a sum: their start positions' values XOR)"
        line = (f"one sum per line: the parameters {names} of each of its games (their start positions' "
                f"values XOR)")
    elif kind == "param-positions":
        case = (f"k, then the parameters {names}, then k positions of {arity} numbers (their sum)")
        line = f"one case per line: the parameters {names}, then positions of {arity} numbers (their sum)"
    elif kind == "positions" and arity is None:  # (a game on tuples of numbers of any length)
        case = "n, then the n numbers of one position"
        line = "one position per line: its numbers"
    elif kind == "positions":
        case = f"one position: {arity} numbers"
        line = f"one position per line: {arity} numbers, or several positions (their sum)"
    elif kind == "pair" and start is not None:
        case = f"one number n ({start})"
        line = f"one position per line: n alone ({start}), or a b, or several pairs (their sum)"
    else:
        case = "n, then n heap sizes" if kind != "pair" else "two numbers a b"
        line = ("one position per line: its heap sizes" if kind != "pair"
                else "one position per line: a b, or several pairs a b (their sum)")
    if parts:  # (k, then k positions of a game on pairs or on several numbers: their sum)
        case = f"k, then k positions {'a b' if kind == 'pair' else f'of {arity} numbers'} (their sum)"
        if arity is None:
            case = "k, then k positions, each its count m and its m numbers (their sum)"
        if rows:
            must = "" if arity is None else f"; m must be {arity}"
            case = f"n m, then n positions of m numbers each (their sum{must})"
    if input_format == "lines":
        return line
    zeros = not parts and ((kind == "positions" and arity is not None) or kind == "params"
                           or (kind == "pair" and start is None))
    return _cases_words(input_format, case, rows, zeros)


def _cases_words(input_format: str, case: str, rows: bool, zeros: bool) -> str:
    """What a main reads of cases (``cases``, ``single``, ``repeated``, ``counted``), each ``case``;
    a ``repeated`` input ends at a case ``0 0`` (``rows``), a case of zeros (``zeros``), or a case
    whose first number is 0."""
    if input_format == "cases":
        return f"the number of cases T, then T cases, each {case}"
    if input_format == "single":
        return "the number of cases T, then T cases, each one heap size n"
    if input_format == "repeated" and rows:
        return f"cases to the end of the input, or to a case 0 0 (it ends the input), each {case}"
    if input_format == "repeated":
        end = (", or to a case whose numbers are all 0 (it ends the input)" if zeros
               else ", or to a case whose first number is 0 (it ends the input)")
        return f"cases to the end of the input{end}, each {case}"
    return f"one case: {case}"


def _describe_coins(layout: str, coins: str) -> str:
    """What a main reading rows of coins reads (:data:`COIN_FORMATS`).

    >>> _describe_coins("counted", "size-first")
    'one case: the length N of a row, then the row of N coins, H heads up and T tails (HHTHT)'
    """
    row = "a row of coins, H heads up and T tails (HHTHT)"
    if coins == "size-first":
        row = "the length N of a row, then the row of N coins, H heads up and T tails (HHTHT)"
    if layout == "lines":
        return (f"one case per line: {row} (its words joined)" if coins == "size-first"
                else "one row of coins per line, H heads up and T tails (its words joined: HHTHT)")
    if layout == "cases":
        return f"the number of cases T, then T cases, each {row}"
    if layout == "repeated":
        end = "a length 0" if coins == "size-first" else "a word 0"
        return f"cases to the end of the input, or to {end} (it ends the input), each {row}"
    return f"one case: {row}"


# ---- Python ------------------------------------------------------------------------------------

PY_NUMBER = '''def _number(word):
    if not (word.isascii() and word.isdigit()):
        raise ValueError(f"not a non-negative integer: {word}")
    return int(word)'''
"""One word of the input as a number, or a ``ValueError`` that says why (every Python main)."""

_PY_COMMON = "\n\n" + PY_NUMBER + '''


def _answer_line(numbers):
    try:
        value, wins = answer(numbers)
        return f"{'-' if value is None else value} {'N' if wins else 'P'}"
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"
'''

_PY_MOVES = '''


def winning_moves(numbers, total):
    """Every winning move of the sum of heaps ``numbers`` of value ``total`` (None: one heap, an
    N-position by a rule): (heap from 1, its size, its size after), heap by heap (heap_moves: the
    sizes a heap may be left with)."""
    if total is None and len(numbers) != 1:
        raise ValueError("the winning moves need the Grundy value")
    if total == 0:
        return []
    return [(i, h, left) for i, h in enumerate(numbers, 1) for left in heap_moves(h, total)]


def _answer_line(numbers):
    try:
        value, wins = answer(numbers)
        moves = winning_moves(numbers, value)
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"
    return "\\n".join([f"{'-' if value is None else value} {'N' if wins else 'P'} {len(moves)}"]
                     + [f"{i} {h} {' '.join(map(str, left)) if isinstance(left, tuple) else left}"
                        for i, h, left in moves])
'''
"""With winning moves (``moves=True``): ``_answer_line`` writes ``VALUE OUTCOME K`` and the ``K``
moves ``PART FROM TO``, from the program's ``heap_moves(h, total)``."""

_PY_POSITION_MOVES = '''


def _answer_line(numbers):
    try:
        value, wins = answer(numbers)
        moves = winning_positions(numbers)
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"error: {exc}"
    return "\\n".join([f"{'-' if value is None else value} {'N' if wins else 'P'} {len(moves)}"]
                     + [" ".join(map(str, after)) for after in moves])
'''
"""With winning moves of a game that is not a sum of heaps (the split game): ``_answer_line``
writes ``VALUE OUTCOME K`` and the ``K`` positions after the moves, from the program's
``winning_positions(numbers)``, as ``solve --input --winning-moves`` writes them."""

_PY_LINES = '''

def main():
    write = sys.stdout.write  # (a print per line costs more than the answer)
    failed = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            text = _answer_line([_number(w) for w in words])
        except ValueError as exc:
            text = f"error: {exc}"
        failed = failed or text.startswith("error")
        write(text + "\\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''

_PY_STREAM = '''

def main():
    write = sys.stdout.write  # (a print per line costs more than the answer)
    words = sys.stdin.read().split()
    at = 0

    def take():
        nonlocal at
        if at >= len(words):
            sys.exit("error: the input ended inside a case")
        at += 1
        try:
            return _number(words[at - 1])
        except ValueError as exc:
            sys.exit(f"error: {exc}")

    def repeated(width):  # (cases up to one of width zeros: a count of 0, or a case all 0)
        while at < len(words):
            ahead = words[at:at + width]
            if len(ahead) == width and all(w.isascii() and w.strip("0") == "" for w in ahead):
                for _ in range(width):
                    take()
                return
            yield None

    failed = False
    for _ in %(cases)s:
        numbers = %(case)s
        text = _answer_line(numbers)%(empty)s
        failed = failed or text.startswith("error")
        write(text + "\\n")
    if at < len(words):
        sys.exit(f"error: {len(words) - at} more words after the last case")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''


_PY_ROWS = '''


def _quoted(row):
    if len(row) <= 40:
        return f"'{row}'"
    return f"'{row[:30]}...' ({len(row)} characters)"


def _row_line(row, count=None):
    # a row of coins (H heads up, T tails; count: the length the input says): the positions of its
    # heads, from 1 at the left, answered as one position (the coin-turning theorem)
    if row.strip("HT"):
        bad = next(i for i, ch in enumerate(row) if ch not in "HT")
        return f"error: not a row of H and T coins: '{row[bad]}' at coin {bad + 1} of {_quoted(row)}"
    if count is not None and count != len(row):
        return f"error: a row of {count} coins expected, got {len(row)}: {_quoted(row)}"
    return _answer_line([i for i, ch in enumerate(row, 1) if ch == "H"])
'''
"""Rows of coins read as the positions of their heads (:data:`COIN_FORMATS`): ``_row_line(row,
count)`` answers one row, or says in one line why it is none."""

_PY_RAW = '''    def raw():  # (one word as written: a row of coins)
        nonlocal at
        if at >= len(words):
            sys.exit("error: the input ended inside a case")
        at += 1
        return words[at - 1]

'''


def _py_coins(common: str, input_format: str) -> str:
    """The Python main of a coin-turning game reading rows of coins (:data:`COIN_FORMATS`)."""
    layout, coins = input_format.split("+")
    sized = coins == "size-first"
    if layout == "lines":
        line = '_row_line("".join(words[1:]), _number(words[0]))' if sized else '_row_line("".join(words))'
        return common + _PY_ROWS + _PY_LINES.replace("_answer_line([_number(w) for w in words])", line)
    case = '(lambda n: (raw() if n else "", n))(take())' if sized else "(raw(), None)"
    cases = {"cases": "range(take())", "counted": "range(1)", "repeated": "repeated(1)"}[layout]
    stream = (_PY_STREAM.replace("    def repeated(width):", _PY_RAW + "    def repeated(width):")
              .replace("_answer_line(numbers)%(empty)s", "_row_line(*numbers)"))
    return common + _PY_ROWS + stream % {"case": case, "cases": cases}


def zero_case_width(kind: str, one: bool = False, parts: bool = False) -> int | str:
    """How many words of zeros end a ``repeated`` input (in the program's terms): a count of 0
    where a case starts with a count (``parts``: k positions), else a whole case of zeros (a pair
    game's ``0 0``, the numbers of a position, the parameters of a family)."""
    if parts:
        return 1
    if kind == "pair" and not one:
        return 2
    return {"positions": "ZERO_WIDTH", "params": "len(PARAMS)"}.get(kind, 1)


def python_main(kind: str, input_format: str, one: bool = False, moves: bool = False, dim: int = 2) -> str:
    """The Python ``main`` reading ``input_format`` (after a program defining ``answer``); ``one``:
    a case of a pair game is one number (its start position); ``moves``: each answer followed by
    its winning moves (:data:`_PY_MOVES`)."""
    listing = _PY_MOVES if kind == "heap" else _PY_POSITION_MOVES
    common = _PY_COMMON if not moves else _PY_COMMON.split("\n\n\ndef _answer_line")[0] + listing
    if input_format in COIN_FORMATS:  # (rows of coins: the positions of their heads)
        return _py_coins(common, input_format)
    rows = input_format.endswith("+rows")  # (n m, then n positions: a case of zeros is 0 0)
    input_format, parts = layout_parts(input_format)
    if input_format == "lines":
        return common + _PY_LINES
    pair_case = "[take()]" if one else "[take(), take()]"
    case = pair_case if kind == "pair" else "[take() for _ in range(take())]"
    if kind == "strip":  # (the length, then the count of coins and their cells)
        case = "[take()] + [take() for _ in range(take())]"
    if kind == "grid":  # (the count of heads, then x y of each)
        case = f"[take() for _ in range({dim} * take())]"
    if kind == "tree":  # (n, the n - 1 parents, then the n counts)
        case = "[take() for _ in range(max(2 * take() - 1, 0))]"
    if kind == "params":  # (one game: its parameters)
        case = "[take() for _ in range(len(PARAMS))]"
    if kind == "param-sums":  # (k, then k games: the parameters of each)
        case = "[take() for _ in range(take() * len(PARAMS))]"
    if kind == "param-positions":  # (k, the parameters, then k positions of ARITY numbers)
        case = ("(lambda k: [take() for _ in range(len(PARAMS))] + [take() for _ in range(k * ARITY)])"
                "(take())")
    if parts:  # (k, then k positions: of a pair game two numbers each, else ARITY numbers)
        case = f"[take() for _ in range(take() * {2 if kind == 'pair' else 'ARITY'})]"
    if kind == "positions":  # (the program's own reader: one position, or k positions)
        case = "_case(take)"
    if input_format == "single":  # (T, then T cases of one heap each)
        case = "[take()]"
    cases = {"cases": "range(take())", "single": "range(take())", "counted": "range(1)",
             "repeated": f"repeated({2 if rows else zero_case_width(kind, one, parts)})"}[input_format]
    empty = ' if numbers else "0 P"' if parts and kind != "positions" else ""  # (the empty sum)
    return common + _PY_STREAM % {"case": case, "cases": cases, "empty": empty}


# ---- C++ ---------------------------------------------------------------------------------------

CPP_PARSE_NUMBER = r"""static unsigned long long parse_number(const std::string &word) {
    if (word.empty()) throw std::runtime_error("not a non-negative integer: " + word);
    unsigned long long v = 0;
    for (char ch : word) {
        if (ch < '0' || ch > '9') throw std::runtime_error("not a non-negative integer: " + word);
    }
    for (char ch : word) {  // digits only: a number past 2^64 - 1 is too large, not malformed
        unsigned long long d = (unsigned long long)(ch - '0');
        if (v > (ULLONG_MAX - d) / 10)
            throw std::runtime_error("a number is too large for this program (above 2^64 - 1): " + word);
        v = v * 10 + d;
    }
    return v;
}"""
"""One word of the input as a number, or a ``std::runtime_error`` that says why (every C++ main)."""

_CPP_COMMON = "\n" + CPP_PARSE_NUMBER + r"""

static std::string answer_line(const std::vector<unsigned long long> &numbers) {
    try {
        unsigned long long value = 0;
        bool known = true;
        const bool wins = answer(numbers, value, known);
        return (known ? std::to_string(value) : std::string("-")) + (wins ? " N" : " P");
    } catch (const std::runtime_error &e) {
        return std::string("error: ") + e.what();
    }
}
"""

_CPP_MOVES = r"""
static std::string answer_line(const std::vector<unsigned long long> &numbers) {
    try {  // the value, the outcome, the number K of winning moves, then the K moves PART FROM TO
        unsigned long long value = 0;
        bool known = true;
        const bool wins = answer(numbers, value, known);
        if (!known) throw std::runtime_error("the winning moves need the Grundy value");
        std::string lines;
        unsigned long long count = 0;
        std::vector<std::string> left;  // (what the heap is left with: one heap, or a split's two)
        for (size_t i = 0; value != 0 && i < numbers.size(); ++i) {
            left.clear();
            heap_moves(numbers[i], value, left);
            for (const std::string &to : left) {
                lines += "\n" + std::to_string(i + 1) + " " + std::to_string(numbers[i]) + " " + to;
                ++count;
            }
        }
        return std::to_string(value) + (wins ? " N " : " P ") + std::to_string(count) + lines;
    } catch (const std::runtime_error &e) {
        return std::string("error: ") + e.what();
    }
}
"""
"""With winning moves: ``answer_line`` writes ``VALUE OUTCOME K`` and the ``K`` moves
``PART FROM TO``, from the program's ``heap_moves(h, total, left)`` (``TO`` as text: one heap, or
a split's two)."""

_CPP_POSITION_MOVES = r"""
static std::string answer_line(const std::vector<unsigned long long> &numbers) {
    try {  // the value, the outcome, the number K of winning moves, then the K positions after them
        unsigned long long value = 0;
        bool known = true;
        const bool wins = answer(numbers, value, known);
        std::vector<std::vector<unsigned long long>> found;
        winning_positions(numbers, found);
        std::string lines;
        for (const std::vector<unsigned long long> &after : found) {
            lines += "\n";
            for (size_t i = 0; i < after.size(); ++i) lines += (i ? " " : "") + std::to_string(after[i]);
        }
        return (known ? std::to_string(value) : std::string("-")) + (wins ? " N " : " P ")
               + std::to_string(found.size()) + lines;
    } catch (const std::runtime_error &e) {
        return std::string("error: ") + e.what();
    }
}
"""
"""With winning moves of a game that is not a sum of heaps: ``answer_line`` writes ``VALUE
OUTCOME K`` and the ``K`` positions after the moves, from ``winning_positions(numbers, found)``."""

_CPP_LINES = r"""
int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    std::vector<std::vector<unsigned long long>> positions;
    std::vector<std::string> texts;  // a line that cannot be read: its error
    unsigned long long most = 0;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string word, text;
        std::vector<unsigned long long> numbers;
        try {
            while (in >> word) numbers.push_back(parse_number(word));
        } catch (const std::runtime_error &e) {
            text = std::string("error: ") + e.what();
        }
        if (text.empty() && numbers.empty()) continue;
        for (unsigned long long x : numbers) most = text.empty() && x > most ? x : most;
        positions.push_back(numbers);
        texts.push_back(text);
    }
%(prepare)s    bool failed = false;
    for (size_t i = 0; i < positions.size(); ++i) {
        const std::string text = texts[i].empty() ? answer_line(positions[i]) : texts[i];
        if (text.compare(0, 6, "error:") == 0) failed = true;
        std::printf("%%s\n", text.c_str());
    }
    return failed ? 1 : 0;
}
"""

_CPP_STREAM = r"""
struct InputEnd {
    std::string why;
};

%(ahead)sstatic unsigned long long take() {
    std::string word;
    if (!(%(read)s)) throw InputEnd{"the input ended inside a case"};
    try {
        return parse_number(word);
    } catch (const std::runtime_error &e) {
        throw InputEnd{e.what()};
    }
}

int main() {
    std::ios::sync_with_stdio(false);
    std::vector<std::vector<unsigned long long>> positions;
    std::string stop;  // why reading stopped early: every case after it is lost
    unsigned long long most = 0;
    try {
%(count)s        for (unsigned long long c = 0; %(more)s; ++c) {
            std::vector<unsigned long long> numbers;
%(case)s
            for (unsigned long long x : numbers) most = x > most ? x : most;
            positions.push_back(numbers);
        }
        std::string extra;
        if (std::cin >> extra) stop = "more words after the last case";
    } catch (const InputEnd &e) {
        stop = e.why;
    }
%(prepare)s    bool failed = false;
    for (const std::vector<unsigned long long> &numbers : positions) {
        const std::string text = %(answer)s;
        if (text.compare(0, 6, "error:") == 0) failed = true;
        std::printf("%%s\n", text.c_str());
    }
    if (!stop.empty()) {
        std::fprintf(stderr, "error: %%s\n", stop.c_str());
        return 1;
    }
    return failed ? 1 : 0;
}
"""

_CPP_AHEAD = r"""static std::string pending;  // a word read ahead, to see whether another case follows
static bool has_pending = false;

static std::vector<std::string> ahead;  // further words read ahead (after pending), last first

static bool next_word(std::string &word) {
    if (has_pending) {
        word = pending;
        has_pending = false;
        return true;
    }
    if (!ahead.empty()) {
        word = ahead.back();
        ahead.pop_back();
        return true;
    }
    return static_cast<bool>(std::cin >> word);
}

static bool more_cases(size_t width) {  // another case follows (not the end, nor a case of zeros)
    std::vector<std::string> words;
    std::string word;
    while (words.size() < width && next_word(word)) words.push_back(word);
    bool zeros = words.size() == width;
    for (const std::string &w : words) zeros = zeros && w.find_first_not_of('0') == std::string::npos;
    if (words.empty() || zeros) return false;
    for (size_t i = words.size(); i-- > 1;) ahead.push_back(words[i]);
    pending = words[0];
    has_pending = true;
    return true;
}

"""

_CPP_CASE_HEAP = """            const unsigned long long count = take();
            for (unsigned long long i = 0; i < count; ++i) numbers.push_back(take());"""
_CPP_CASE_ONE = """            numbers.push_back(take());"""
_CPP_CASE_PAIR = """            numbers.push_back(take());
            numbers.push_back(take());"""


_CPP_ROWS = r"""
static std::string quoted(const std::string &row) {
    if (row.size() <= 40) return "'" + row + "'";
    return "'" + row.substr(0, 30) + "...' (" + std::to_string(row.size()) + " characters)";
}

// a row of coins (H heads up, T tails; sized: count is the length the input says): the positions
// of its heads, from 1 at the left, or why it is no row (the coin-turning theorem: one position)
static std::string row_heads(const std::string &row, bool sized, unsigned long long count,
                             std::vector<unsigned long long> &heads) {
    for (size_t i = 0; i < row.size(); ++i) {
        if (row[i] == 'H') heads.push_back(i + 1);
        else if (row[i] != 'T')
            return std::string("not a row of H and T coins: '") + row[i] + "' at coin "
                   + std::to_string(i + 1) + " of " + quoted(row);
    }
    if (sized && count != row.size())
        return "a row of " + std::to_string(count) + " coins expected, got " + std::to_string(row.size())
               + ": " + quoted(row);
    return "";
}
"""
"""Rows of coins read as the positions of their heads (:data:`COIN_FORMATS`)."""

_CPP_LINES_READ = """        try {
            while (in >> word) numbers.push_back(parse_number(word));
        } catch (const std::runtime_error &e) {
            text = std::string("error: ") + e.what();
        }
        if (text.empty() && numbers.empty()) continue;"""

_CPP_LINES_ROW = """        std::string row;  // (the line's words joined: one row of coins%(first)s)
        unsigned long long count = 0;
        bool given = false;
        try {
%(count)s            while (in >> word) {
                row += word;
                given = true;
            }
        } catch (const std::runtime_error &e) {
            text = std::string("error: ") + e.what();
        }
        if (!given) continue;
        if (text.empty()) {
            const std::string why = row_heads(row, %(sized)s, count, numbers);
            if (!why.empty()) text = "error: " + why;
        }"""

_CPP_RAW = r"""static std::string raw() {  // (one word as written: a row of coins)
    std::string word;
    if (!(%(read)s)) throw InputEnd{"the input ended inside a case"};
    return word;
}

static std::vector<std::string> row_errors;  // each case's: why its row is none ("" if it is one)

static std::string answer_row(const std::vector<unsigned long long> &heads) {
    static size_t next = 0;  // (the cases are answered in the order they were read)
    const std::string &why = row_errors[next++];
    return why.empty() ? answer_line(heads) : "error: " + why;
}

int main() {"""


def _cpp_coins(common: str, input_format: str, call: str) -> str:
    """The C++ main of a coin-turning game reading rows of coins (:data:`COIN_FORMATS`)."""
    layout, coins = input_format.split("+")
    sized = coins == "size-first"
    if layout == "lines":
        first = ("            if (in >> word) {\n                count = parse_number(word);\n"
                 "                given = true;\n            }\n") if sized else ""
        read = _CPP_LINES_ROW % {"first": ", after its length N" if sized else "", "count": first,
                                 "sized": "true" if sized else "false"}
        if not sized:  # (no number is read: -Wall must not warn)
            common = common.replace("static unsigned long long parse_number(",
                                    "[[maybe_unused]] static unsigned long long parse_number(")
        return common + _CPP_ROWS + (_CPP_LINES % {"prepare": call}).replace(_CPP_LINES_READ, read)
    case = ("            const unsigned long long count = take();\n"
            "            const std::string row = count ? raw() : std::string();\n" if sized
            else "            const unsigned long long count = 0;\n"
                 "            const std::string row = raw();\n")
    case += (f"            row_errors.push_back(row_heads(row, {'true' if sized else 'false'}, count, "
             f"numbers));")
    count = "        const unsigned long long cases = take();\n" if layout == "cases" else ""
    more = {"cases": "c < cases", "counted": "c < 1", "repeated": "more_cases(1)"}[layout]
    ahead, read = ((_CPP_AHEAD, "next_word(word)") if layout == "repeated" else ("", "std::cin >> word"))
    stream = _CPP_STREAM.replace("int main() {", _CPP_RAW.replace("%(read)s", read.replace("%", "%%")))
    if not sized and layout != "cases":  # (no number is read: -Wall must not warn)
        stream = stream.replace("static unsigned long long take() {",
                                "[[maybe_unused]] static unsigned long long take() {")
    return common + _CPP_ROWS + stream % {"case": case, "count": count, "more": more, "prepare": call,
                                          "ahead": ahead, "read": read, "answer": "answer_row(numbers)"}


def cpp_main(kind: str, input_format: str, one: bool = False, prepare: bool = False,
             moves: bool = False, dim: int = 2) -> str:
    """The C++ ``main`` reading ``input_format`` (after a program defining ``answer``); ``one``: a
    case of a pair game is one number (its start position). It reads the whole input first; with
    ``prepare``, it then calls the program's ``prepare(most)`` with the largest number read (an
    octal game's program computes its table that far at once) before it answers."""
    call = "    prepare(most);\n" if prepare else "    (void)most;\n"
    listing = _CPP_MOVES if kind == "heap" else _CPP_POSITION_MOVES
    common = (_CPP_COMMON if not moves
              else _CPP_COMMON.split("\nstatic std::string answer_line")[0] + listing)
    if input_format in COIN_FORMATS:  # (rows of coins: the positions of their heads)
        return _cpp_coins(common, input_format, call)
    input_format, parts = layout_parts(input_format)
    if input_format == "lines":
        return common + _CPP_LINES % {"prepare": call}
    case = (_CPP_CASE_ONE if one else _CPP_CASE_PAIR) if kind == "pair" else _CPP_CASE_HEAP
    if kind == "strip":  # (the length, then the count of coins and their cells)
        case = "            numbers.push_back(take());\n" + _CPP_CASE_HEAP
    if kind == "tree":  # (n, the n - 1 parents, then the n counts)
        case = _CPP_CASE_HEAP.replace("i < count", "i + 1 < 2 * count")
    if kind == "grid" or (parts and kind == "pair"):  # (a count, then x y or a b of each)
        case = _CPP_CASE_HEAP.replace("i < count", f"i < {dim if kind == 'grid' else 2} * count")
    if input_format == "single":  # (T, then T cases of one heap each)
        case = _CPP_CASE_ONE
    count = ("        const unsigned long long cases = take();\n"
             if input_format in ("cases", "single") else "")
    width = zero_case_width(kind, one, parts)
    assert isinstance(width, int), kind  # (positions and families of one's own: Python programs only)
    more = {"cases": "c < cases", "single": "c < cases", "counted": "c < 1",
            "repeated": f"more_cases({width})"}[input_format]
    ahead, read = ((_CPP_AHEAD, "next_word(word)") if input_format == "repeated"
                   else ("", "std::cin >> word"))
    answer = ('numbers.empty() ? std::string("0 P") : answer_line(numbers)' if parts
              else "answer_line(numbers)")  # (no positions: the empty sum, value 0)
    return common + _CPP_STREAM % {"case": case, "count": count, "more": more, "prepare": call,
                                   "ahead": ahead, "read": read, "answer": answer}
