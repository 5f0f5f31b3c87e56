"""The program ``grundy export treblecross`` writes (Python or C++): who wins each Treblecross board
(UVa 10561: a strip of ``.`` and ``X``; three ``X`` in a row wins) and, with ``winning_moves``,
every winning move as a cell number from 1, by the reduction to the octal game 0.007 proved in
:mod:`grundy.games.takebreak.treblecross`; the 0.007 values by the plain mex, grown as boards
need them.

The main reads boards as ``grundy solve treblecross --input LAYOUT`` does, one a line (blank
lines skipped, spaces inside a line dropped): ``lines`` and ``repeated`` every line, ``cases``
the count ``T`` on the first line and then ``T`` boards (UVa 10561), ``counted`` one board. It
prints ``VALUE OUTCOME`` for each board (``VALUE`` 0 for a lost board, by definition; for a won
board the plain mex over its moves where it has at most ``search`` empty cells, else ``-``), with
``winning_moves`` ``VALUE OUTCOME K`` and then the ``K`` winning cells, one a line, increasing;
``error: MESSAGE`` for a board that is not one (another character, fewer than 3 cells, three in a
row already). The judge's words (``WINNING``/``LOSING``, the cells on one line) are the user's
part: ``answer(board)`` returns them as data.
"""

from __future__ import annotations

__all__ = ["treblecross_program"]

LAYOUTS = ("lines", "cases", "counted", "repeated")

_PY_RULE = '''MAX_CELLS = %(cells)d
MAX_SEARCH_EMPTY = %(search)d
_G = [0, 0, 0]  # G(0..) of the octal game 0.007, grown as boards need it


def octal_values(upto):
    """G(0..upto) of 0.007 (take three adjacent from a row, leaving 0, 1 or 2 rows): the mex."""
    for h in range(len(_G), upto + 1):
        seen = {_G[a] ^ _G[h - 3 - a] for a in range((h - 3) // 2 + 1)}
        g = 0
        while g in seen:
            g += 1
        _G.append(g)
    return _G


def check_board(board):
    """The board without spaces; ValueError unless it is a Treblecross board to play on."""
    board = "".join(board.split())
    for ch in board:
        if ch not in ".X":
            raise ValueError(f"a board is written with '.' (empty) and 'X' only, got {ch!r}")
    if len(board) < 3:
        raise ValueError(f"a board has at least 3 cells, got {len(board)}")
    if len(board) > MAX_CELLS:
        raise ValueError(f"boards of at most {MAX_CELLS} cells, got {len(board)}")
    if "XXX" in board:
        raise ValueError(f"the board already has three X in a row at cell {board.index('XXX') + 1}")
    return board


def winning_cells(board):
    """(wins, cells): whether the player to move wins, and every winning move (cells from 1)."""
    n = len(board)
    now = [c + 1 for c in range(n) if board[c] == "." and any(
        0 <= s and s + 3 <= n and board[s:s + 3].count("X") == 2 for s in range(c - 2, c + 1))]
    if now:  # (an X there makes three in a row; any other move lets the opponent do it)
        return True, now
    # the safe cells (no X within 2): an X elsewhere gives the opponent three in a row
    safe = [board[c] == "." and "X" not in board[max(0, c - 2):c + 3] for c in range(n)]
    runs, c = [], 0
    while c < n:
        if safe[c]:
            start = c
            while c < n and safe[c]:
                c += 1
            runs.append((start, c - start))
        else:
            c += 1
    g = octal_values(n + 2)
    total = 0
    for _, length in runs:  # (a run of L safe cells is the 0.007 heap L + 2)
        total ^= g[length + 2]
    if total == 0:
        return False, []
    return True, [start + j + 1 for start, length in runs for j in range(length)
                  if total ^ g[length + 2] ^ g[j] ^ g[length - 1 - j] == 0]


def board_value(board, memo):
    """The Grundy value of a board (three in a row: 0, no move) by the plain mex over its moves."""
    if "XXX" in board:
        return 0
    value = memo.get(board)
    if value is None:
        seen = {board_value(board[:c] + "X" + board[c + 1:], memo)
                for c in range(len(board)) if board[c] == "."}
        value = 0
        while value in seen:
            value += 1
        memo[board] = value
    return value


def answer(board):
    """(value, wins, cells) of a board: value None where it is not computed."""
    board = check_board(board)
    wins, cells = winning_cells(board)
    if not wins:
        return 0, False, []
    return (board_value(board, {}) if board.count(".") <= MAX_SEARCH_EMPTY else None), True, cells
'''

_PY_MAIN = '''

def _answer_lines(board):
    try:
        value, wins, cells = answer(board)
    except (ValueError, RecursionError) as exc:
        return [f"error: {exc}"]
    head = f"{'-' if value is None else value} {'N' if wins else 'P'}"
    return [f"{head} {len(cells)}", *map(str, cells)] if MOVES else [head]


def main():
    write = sys.stdout.write
    lines = [line.strip() for line in sys.stdin.read().splitlines()]
    lines = [line for line in lines if line]
    if LAYOUT == "cases":
        first = lines.pop(0) if lines else "0"
        if not (first.isascii() and first.isdigit()):
            sys.exit(f"error: not a non-negative integer: {first}")
        count = int(first)
    elif LAYOUT == "counted":
        count = 1
        if len(lines) != 1:
            sys.exit(f"error: --input counted reads one board, one line; got {len(lines)}")
    else:
        count = len(lines)
    failed = False
    for board in lines[:count]:
        out = _answer_lines(board)
        failed = failed or out[0].startswith("error")
        write("\\n".join(out) + "\\n")
    if len(lines) < count:
        sys.exit(f"error: the input ended inside a case: {count} cases announced, {len(lines)} lines follow")
    if len(lines) > count:
        sys.exit(f"error: {len(lines) - count} more lines after the last case")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
'''

_CPP_RULE = r"""
static const size_t MAX_CELLS = %(cells)d;
static const size_t MAX_SEARCH_EMPTY = %(search)d;
static std::vector<int> G = {0, 0, 0};  // G(0..) of the octal game 0.007, grown as boards need it

// G(0..upto) of 0.007 (take three adjacent from a row, leaving 0, 1 or 2 rows): the mex
static const std::vector<int> &octal_values(size_t upto) {
    for (size_t h = G.size(); h <= upto; ++h) {
        std::vector<bool> seen(h + 2, false);
        for (size_t a = 0; a <= (h - 3) / 2; ++a) {
            const int v = G[a] ^ G[h - 3 - a];
            if ((size_t)v < seen.size()) seen[v] = true;
        }
        int g = 0;
        while (seen[g]) ++g;
        G.push_back(g);
    }
    return G;
}

// the board without spaces; fails unless it is a Treblecross board to play on
static std::string check_board(const std::string &text) {
    std::string board;
    for (char ch : text)
        if (!std::isspace((unsigned char)ch)) board += ch;
    for (char ch : board)
        if (ch != '.' && ch != 'X')
            fail(std::string("a board is written with '.' (empty) and 'X' only, got '") + ch + "'");
    if (board.size() < 3) fail("a board has at least 3 cells, got " + std::to_string(board.size()));
    if (board.size() > MAX_CELLS)
        fail("boards of at most " + std::to_string(MAX_CELLS) + " cells, got "
             + std::to_string(board.size()));
    const size_t three = board.find("XXX");
    if (three != std::string::npos)
        fail("the board already has three X in a row at cell " + std::to_string(three + 1));
    return board;
}

// whether the player to move wins, and every winning move (cells from 1, increasing)
static bool winning_cells(const std::string &board, std::vector<size_t> &cells) {
    const size_t n = board.size();
    cells.clear();
    for (size_t c = 0; c < n; ++c) {  // an X that makes three in a row: any other move lets the opponent
        if (board[c] != '.') continue;
        for (size_t s = c >= 2 ? c - 2 : 0; s <= c; ++s)
            if (s + 3 <= n && (board[s] == 'X') + (board[s + 1] == 'X') + (board[s + 2] == 'X') == 2) {
                cells.push_back(c + 1);
                break;
            }
    }
    if (!cells.empty()) return true;
    // the safe cells (no X within 2): an X elsewhere gives the opponent three in a row
    std::vector<bool> safe(n, false);
    for (size_t c = 0; c < n; ++c) {
        bool near = board[c] != '.';
        for (size_t d = c >= 2 ? c - 2 : 0; d <= c + 2 && d < n; ++d) near = near || board[d] == 'X';
        safe[c] = !near;
    }
    std::vector<std::pair<size_t, size_t>> runs;  // (first cell, length), from 0
    for (size_t c = 0; c < n;) {
        if (!safe[c]) { ++c; continue; }
        const size_t start = c;
        while (c < n && safe[c]) ++c;
        runs.push_back({start, c - start});
    }
    const std::vector<int> &g = octal_values(n + 2);
    int total = 0;
    for (const auto &run : runs) total ^= g[run.second + 2];  // (a run of L safe cells: the heap L + 2)
    if (total == 0) return false;
    for (const auto &run : runs)
        for (size_t j = 0; j < run.second; ++j)
            if ((total ^ g[run.second + 2] ^ g[j] ^ g[run.second - 1 - j]) == 0)
                cells.push_back(run.first + j + 1);
    return true;
}

// the Grundy value of a board (three in a row: 0, no move) by the plain mex over its moves
static unsigned long long board_value(const std::string &board,
                                      std::map<std::string, unsigned long long> &memo) {
    if (board.find("XXX") != std::string::npos) return 0;
    const auto found = memo.find(board);
    if (found != memo.end()) return found->second;
    std::vector<bool> seen(board.size() + 2, false);
    for (size_t c = 0; c < board.size(); ++c) {
        if (board[c] != '.') continue;
        std::string next = board;
        next[c] = 'X';
        const unsigned long long v = board_value(next, memo);
        if (v < seen.size()) seen[v] = true;
    }
    unsigned long long value = 0;
    while (seen[value]) ++value;
    memo[board] = value;
    return value;
}

// the value (known: false where it is not computed), who wins, and the winning cells of a board
bool answer(const std::string &text, unsigned long long &value, bool &known, std::vector<size_t> &cells) {
    const std::string board = check_board(text);
    const bool wins = winning_cells(board, cells);
    value = 0;
    known = !wins || (size_t)std::count(board.begin(), board.end(), '.') <= MAX_SEARCH_EMPTY;
    if (wins && known) {
        std::map<std::string, unsigned long long> memo;
        value = board_value(board, memo);
    }
    return wins;
}"""[1:]

_CPP_MAIN = r"""

static std::string answer_lines(const std::string &board) {
    try {
        unsigned long long value = 0;
        bool known = true;
        std::vector<size_t> cells;
        const bool wins = answer(board, value, known, cells);
        std::string out = (known ? std::to_string(value) : std::string("-")) + (wins ? " N" : " P");
        if (MOVES) {
            out += " " + std::to_string(cells.size());
            for (size_t c : cells) out += "\n" + std::to_string(c);
        }
        return out;
    } catch (const std::runtime_error &e) {
        return std::string("error: ") + e.what();
    }
}

static std::string trimmed(const std::string &line) {
    size_t a = 0, b = line.size();
    while (a < b && std::isspace((unsigned char)line[a])) ++a;
    while (b > a && std::isspace((unsigned char)line[b - 1])) --b;
    return line.substr(a, b - a);
}

int main() {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(std::cin, line)) {
        line = trimmed(line);
        if (!line.empty()) lines.push_back(line);
    }
    size_t start = 0, count = lines.size();
    if (std::string(LAYOUT) == "cases") {
        const std::string first = lines.empty() ? std::string("0") : lines[0];
        start = lines.empty() ? 0 : 1;
        if (first.empty() || first.size() > 18
            || first.find_first_not_of("0123456789") != std::string::npos) {
            std::fprintf(stderr, "error: not a non-negative integer: %s\n", first.c_str());
            return 1;
        }
        count = (size_t)std::stoull(first);
    } else if (std::string(LAYOUT) == "counted" && lines.size() != 1) {
        std::fprintf(stderr, "error: --input counted reads one board, one line; got %zu\n", lines.size());
        return 1;
    }
    const size_t given = lines.size() - start;
    bool failed = false;
    for (size_t i = 0; i < count && i < given; ++i) {
        const std::string text = answer_lines(lines[start + i]);
        if (text.compare(0, 6, "error:") == 0) failed = true;
        std::printf("%s\n", text.c_str());
    }
    if (given < count) {
        std::fprintf(stderr, "error: the input ended inside a case: %zu cases announced, %zu lines follow\n",
                     count, given);
        return 1;
    }
    if (given > count) {
        std::fprintf(stderr, "error: %zu more lines after the last case\n", given - count);
        return 1;
    }
    return failed ? 1 : 0;
}
"""

_CPP_INCLUDES = """#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

[[noreturn]] static inline void fail(const std::string &why) { throw std::runtime_error(why); }
"""


def _header(lang: str, main: bool, layout: str, moves: bool, search: int) -> list[str]:
    """The header comment's lines (what the answers rest on, what the main reads and prints)."""
    lines = [
        "treblecross: who wins a Treblecross board (UVa 10561: a strip of '.' and 'X'; a move puts an X "
        "in an empty cell; whoever makes three X in a row wins) and every winning move.",
        "outcome: proved (an X that makes three in a row wins; else an X within 2 of an X lets the "
        "opponent make three, and the runs of the other empty cells are independent heaps of the octal "
        "game 0.007, a run of L cells the heap L + 2; grundy.games.takebreak.treblecross)",
        f"values: 0 for a lost board (by definition); a won board's value as a part of a sum (not "
        f"the XOR of its runs' values) by the plain mex over its moves when it has at most {search} "
        f"empty cells, else '-'",
    ]
    if main:
        read = {"lines": "one board a line", "repeated": "one board a line, to the end of the input",
                "cases": "the number of cases T, then T boards, one a line",
                "counted": "one board, one line"}[layout]
        out = ("'VALUE OUTCOME K', then the K winning cells (from 1, increasing), one a line"
               if moves else "one line 'VALUE OUTCOME' (N: the player to move wins, P: loses)")
        lines.append(f"input ({layout}): {read}; output: {out}; a bad board: a line 'error: MESSAGE'")
    need = "needs only Python 3.8+." if lang == "python" else "C++17."
    lines.append(f"Generated by grundy; {need}")
    mark = "# " if lang == "python" else "// "
    return [mark + line for line in lines]


def treblecross_program(lang: str, main: bool, layout: str, moves: bool, cells: int, search: int) -> str:
    """The program's source: ``cells`` the longest board, ``search`` the most empty cells of a won
    board whose value it searches (the game's own bounds, so that it answers as ``grundy solve``).

    >>> code = treblecross_program("python", True, "cases", True, 5000, 10)
    >>> namespace = {}
    >>> exec(code.replace('if __name__ == "__main__"', "if False"), namespace)
    >>> namespace["answer"]("..X....")
    (3, True, [6, 7])
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout {layout!r}")
    head = "\n".join(_header(lang, main, layout, moves, search))
    if lang == "python":
        source = head + "\n\nimport sys\n\n" + _PY_RULE % {"cells": cells, "search": search}
        if main:
            source += f"\nLAYOUT = {layout!r}\nMOVES = {moves}\n" + _PY_MAIN
        return source
    source = head + "\n\n" + _CPP_INCLUDES + "\n" + _CPP_RULE % {"cells": cells, "search": search} + "\n"
    if main:
        source += (f'\nstatic const char *LAYOUT = "{layout}";\n'
                   f'static const bool MOVES = {str(moves).lower()};\n')
        source += _CPP_MAIN
    return source
