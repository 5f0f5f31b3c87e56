"""Programs that answer who wins from one heap, from the P-positions grundy computed
(``grundy export GAME --main --outcome``), in Python and in C++17.

What a judge asks is often only the outcome of a single heap, and the P-positions of many heap
games are few (Grundy's game has 42 up to 10^6; all of them below 1223 there). Such a program
carries the sorted P-positions of the heaps ``0..upto`` of the engine's table, written compactly
as blocks of gaps (:func:`encode`: ``first``, then blocks ``L R g_1 .. g_L``, the ``L`` gaps
repeated ``R`` times, so an arithmetic run is one block and a periodic set a few), and answers
each single heap ``n <= upto`` by looking it up. Past ``upto`` it answers only by a proved
period (``beyond``: ``(e, p, residues)``: ``n`` is a P-position iff ``n >= e`` and ``(n - e) % p``
is one of ``residues``), else with an error line. A position of several heaps cannot be told
from the P-positions of single heaps: its line is an error line. The main prints ``0 P`` (a
P-position's value is 0) or ``- N`` (only the outcome known) per case, as other programs print
what they know (:mod:`grundy.export.main`).

>>> numbers = encode([0, 1, 2, 4, 7, 10, 13, 16, 19, 23])[0]
>>> decode(numbers)
[0, 1, 2, 4, 7, 10, 13, 16, 19, 23]
>>> numbers
[0, 1, 2, 1, 1, 1, 2, 1, 5, 3, 1, 1, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from grundy.export.main import cpp_main, describe, python_main
from grundy.export.model import ALPHABET, text_lines, varints

BLOCK = 12
"""The longest block of gaps :func:`encode` looks for a repeat of."""


@dataclass(frozen=True)
class PSet:
    """What an outcome program holds: the P-positions of heaps ``0..upto`` (``numbers``, as
    :func:`encode` writes them), and the rule past ``upto`` (``beyond``; ``None``: an error line)
    with the words of its proof (``law``; with no rule: why not, if a proved period is too long)."""

    title: str
    upto: int
    numbers: tuple[int, ...]
    count: int
    beyond: tuple[int, int, tuple[int, ...]] | None = None
    law: str = ""
    misere: bool = False
    """Misère play (who moves last loses): the P-positions are those of the misère values, and
    no value is printed (``- P``); no heap at all is a win for the player to move."""


def _repeats(gaps: Sequence[int], at: int, length: int) -> int:
    """How many times ``gaps[at:at + length]`` occurs in a row from ``at``."""
    times, j = 1, at + length
    while j + length <= len(gaps) and all(gaps[j + k] == gaps[at + k] for k in range(length)):
        times, j = times + 1, j + length
    return times


def encode(positions: Sequence[int], budget: int | None = None) -> tuple[list[int], int]:
    """The numbers of the sorted ``positions``: the first, then blocks ``L R g_1 .. g_L`` (the
    gaps ``g`` repeated ``R`` times; ``R = 1``: literal gaps), greedy, the block covering the most
    gaps first. With ``budget`` (digits of :data:`ALPHABET`), only the longest prefix whose
    numbers fit; also how many positions the numbers hold.

    >>> encode(list(range(0, 30, 3)))
    ([0, 1, 9, 3], 10)
    >>> encode(list(range(0, 3000, 3)), budget=6)
    ([0, 1, 999, 3], 1000)
    """
    if not positions:
        return [], 0
    gaps = [b - a for a, b in pairwise(positions)]
    numbers, used, covered = [positions[0]], _digits(positions[0]), 1
    literal: list[int] = []
    at = 0

    def flush() -> bool:
        nonlocal used, covered
        if not literal:
            return True
        cost = _digits(len(literal)) + 1 + sum(map(_digits, literal))
        if budget is not None and used + cost > budget:
            return False
        numbers.extend([len(literal), 1, *literal])
        used, covered = used + cost, covered + len(literal)
        literal.clear()
        return True

    while at < len(gaps):
        best, times = 1, 1
        for length in range(1, min(BLOCK, len(gaps) - at) + 1):
            r = _repeats(gaps, at, length)
            if r >= 2 and r * length > best * times:
                best, times = length, r
        if times == 1:
            literal.append(gaps[at])
            at += 1
            continue
        if not flush():
            return numbers, covered
        block = gaps[at:at + best]
        cost = _digits(best) + _digits(times) + sum(map(_digits, block))
        if budget is not None and used + cost > budget:
            return numbers, covered
        numbers.extend([best, times, *block])
        used, covered, at = used + cost, covered + best * times, at + best * times
    flush()
    return numbers, covered


def decode(numbers: Sequence[int]) -> list[int]:
    """The positions :func:`encode` wrote (what the programs do at start-up)."""
    if not numbers:
        return []
    x, out, i = numbers[0], [numbers[0]], 1
    while i < len(numbers):
        length, times = numbers[i], numbers[i + 1]
        block = numbers[i + 2:i + 2 + length]
        for _ in range(times):
            for gap in block:
                x += gap
                out.append(x)
        i += 2 + length
    return out


def _digits(v: int) -> int:
    return max(1, (v.bit_length() + 4) // 5)


def header(pset: PSet, lang: str, main: bool, input_format: str) -> list[str]:
    """The header comment: what the answers rest on, and what the main reads and prints."""
    mark = "# " if lang == "python" else "// "
    beyond = (f"beyond it, by {pset.law}" if pset.beyond is not None else
              f"beyond it, an error line ({pset.law or 'no proved pattern of the P-positions beyond it'})")
    play = " in misère play (the player who moves last loses)" if pset.misere else ""
    lines = [f"{pset.title}: who wins from one heap n{play} (the outcome only, from the P-positions: "
             f"the player to move loses there); a position of several heaps is an error",
             f"outcome: exact for heaps 0..{pset.upto}: the {pset.count} "
             f"P-position{'s' * (pset.count != 1)} of grundy's table"
             f"{f' (the largest: {decode(pset.numbers)[-1]})' if pset.numbers else ''}, checked against it; "
             f"{beyond}"]
    if main:
        lost = "- P" if pset.misere else "0 P"
        lines.append(f"input ({input_format}): {describe('heap', input_format)}; output: one line per "
                     f"case, '{lost}' (a P-position: the player to move loses) or '- N' (the player to "
                     f"move wins); a case of several heaps: an error line")
    return [mark + line for line in lines]


_PY_BODY = '''

def _p_positions():
    """The P-positions of heaps 0..UPTO, from P_DATA (the first, then blocks L R g_1 .. g_L: the
    gaps g repeated R times)."""
    numbers, x = [], 0
    for ch in P_DATA:
        d = ALPHABET.index(ch)
        if d >= 32:
            x = x * 32 + d - 32
        else:
            numbers.append(x * 32 + d)
            x = 0
    if not numbers:
        return []
    at, out, i = numbers[0], [numbers[0]], 1
    while i < len(numbers):
        length, times = numbers[i], numbers[i + 1]
        block = numbers[i + 2:i + 2 + length]
        for _ in range(times):
            for gap in block:
                at += gap
                out.append(at)
        i += 2 + length
    return out


P_POSITIONS = frozenset(_p_positions())


def _beyond(n):
    """Whether a heap n past UPTO is a P-position, by BEYOND."""
    if BEYOND is None:
        raise ValueError(f"heap {n} is beyond {UPTO}, the last heap whose outcome this program knows "
                         f"(no proved pattern beyond it: export with a larger --upto)")
    start, period, residues = BEYOND
    return n >= start and (n - start) % period in residues


def p_position(n):
    """Whether one heap n is a P-position (the player to move loses)."""
    if n < 0:
        raise ValueError(f"a heap is at least 0, got {n}")
    return n in P_POSITIONS if n <= UPTO else _beyond(n)


def first_player_wins(n):
    return not p_position(n)


def answer(heaps):
    if not heaps:  # (no heap: no move, lost in normal play, won in misère play)
        return (None, True) if MISERE else (0, False)
    if len(heaps) != 1:
        raise ValueError(f"a position of {len(heaps)} heaps: this program knows who wins from one heap "
                         f"only (its P-positions); export without --outcome for the Grundy values")
    wins = first_player_wins(heaps[0])
    return (None if wins or MISERE else 0), wins
'''


def python_source(pset: PSet, main: bool = False, input_format: str = "lines") -> str:
    """The Python program of ``pset`` (``main``: reading ``input_format``)."""
    data = varints(pset.numbers)
    out = [*header(pset, "python", main, input_format), "# Generated by grundy; needs only Python 3.8+.", ""]
    if main:
        out += ["import sys", ""]
    out += [f'ALPHABET = "{ALPHABET}"', f"UPTO = {pset.upto}", "P_DATA = ("]
    out += [f'    "{piece}"' for piece in text_lines(data)]
    out += [")", f"BEYOND = {_py_beyond(pset.beyond)}", f"MISERE = {pset.misere}"]
    source = "\n".join(out) + "\n" + _PY_BODY
    if main:
        source += python_main("heap", input_format)
    return source


def _py_beyond(beyond: tuple[int, int, tuple[int, ...]] | None) -> str:
    if beyond is None:
        return "None"
    start, period, residues = beyond
    return f"({start}, {period}, frozenset({list(residues)!r}))"


_CPP_BODY = r"""
static std::vector<unsigned long long> p_positions() {  // heaps 0..UPTO, from P_DATA
    static const char ALPHABET[] = "%(alphabet)s";
    int digit[128];
    for (int i = 0; i < 128; ++i) digit[i] = 0;
    for (int i = 0; i < 64; ++i) digit[(int)ALPHABET[i]] = i;
    std::vector<unsigned long long> numbers, out;
    unsigned long long x = 0;
    for (const char *p = P_DATA; *p; ++p) {
        const int d = digit[(int)(unsigned char)*p & 127];
        if (d >= 32) {
            x = x * 32 + (unsigned long long)(d - 32);
        } else {
            numbers.push_back(x * 32 + (unsigned long long)d);
            x = 0;
        }
    }
    if (numbers.empty()) return out;
    unsigned long long at = numbers[0];
    out.push_back(at);
    for (size_t i = 1; i + 1 < numbers.size(); i += 2 + numbers[i]) {  // blocks L R g_1 .. g_L
        const size_t length = (size_t)numbers[i];
        for (unsigned long long r = 0; r < numbers[i + 1]; ++r) {
            for (size_t k = 0; k < length; ++k) {
                at += numbers[i + 2 + k];
                out.push_back(at);
            }
        }
    }
    return out;
}

static const std::vector<unsigned long long> &known() {
    static const std::vector<unsigned long long> positions = p_positions();
    return positions;
}

bool p_position(unsigned long long n) {  // one heap n: the player to move loses
    if (n <= UPTO) return std::binary_search(known().begin(), known().end(), n);
%(beyond)s}

bool first_player_wins(unsigned long long n) { return !p_position(n); }

bool answer(const std::vector<unsigned long long> &numbers, unsigned long long &value, bool &known) {
    value = 0;
    known = !MISERE;
    if (numbers.empty()) return MISERE;  // (no heap: no move, lost in normal play, won in misère play)
    if (numbers.size() != 1)
        throw std::runtime_error("a position of " + std::to_string(numbers.size()) + " heaps: this program "
                                 "knows who wins from one heap only (its P-positions); export without "
                                 "--outcome for the Grundy values");
    const bool wins = first_player_wins(numbers[0]);
    known = !wins && !MISERE;
    return wins;
}
"""


def cpp_source(pset: PSet, main: bool = False, input_format: str = "lines") -> str:
    """The C++17 program of ``pset`` (``main``: reading ``input_format``)."""
    includes = ["algorithm", "climits", "cstdio", "iostream", "sstream", "stdexcept", "string", "vector"]
    out = [*header(pset, "cpp", main, input_format),
           "// Generated by grundy. Compile: g++ -std=c++17 -O2 -Wall", "",
           *(f"#include <{name}>" for name in includes), "",
           f"static const unsigned long long UPTO = {pset.upto}ull;",
           f"static const bool MISERE = {'true' if pset.misere else 'false'};", "static const char *P_DATA ="]
    out += [f'    "{piece}"' for piece in text_lines(varints(pset.numbers))]
    out[-1] += ";"
    if pset.beyond is None:
        indent = " " * 29
        beyond = ('    throw std::runtime_error("heap " + std::to_string(n) + " is beyond " +\n'
                  f'{indent}std::to_string(UPTO) + ", the last heap whose outcome this "\n'
                  f'{indent}"program knows (no proved pattern beyond it: export with a "\n'
                  f'{indent}"larger --upto)");\n')
    else:
        start, period, residues = pset.beyond
        tests = " || ".join(f"r == {r}ull" for r in residues)
        beyond = "    return false;  // (no P-position beyond)\n"
        if tests:
            beyond = ((f"    if (n < {start}ull) return false;\n" if start else "")
                      + f"    const unsigned long long r = (n - {start}ull) % {period}ull;\n"
                      + f"    return {tests};\n")
    source = "\n".join(out) + "\n" + _CPP_BODY % {"alphabet": ALPHABET, "beyond": beyond}
    if main:
        source += cpp_main("heap", input_format)
    return source


def outcome_source(pset: PSet, lang: str, main: bool = False, input_format: str = "lines") -> str:
    """The program of ``pset`` in ``lang`` (``python`` or ``cpp``)."""
    return (python_source if lang == "python" else cpp_source)(pset, main, input_format)
