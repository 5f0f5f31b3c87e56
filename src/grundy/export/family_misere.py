"""Misère play (whoever takes the last counter loses) in the programs of families whose parameters
the judge's input gives: ``grundy export 'bash(m)' --main --misere``.

A family has a misère program where its game class declares why one rule decides every position
(:attr:`grundy.model.laws.Family.misere`, the proof, printed in the header):

- ``formula`` (``bash(m)``, ``bounded-nim(m)``, ``bash(a,b)``): every heap meets the *SJ
  condition* (a heap of value 0 that has a move can move to a heap of value 1), so the **SJ
  theorem** (Jia Zhihao 2009, the rule :mod:`grundy.theory.misere` applies to such sums) decides
  every sum of heaps from their normal values: the player to move wins exactly when the XOR ``s``
  of the values is not 0 and some value is above 1, or ``s = 0`` and none is;
- ``moore`` (``moore(k)``): **Moore's misère rule** (proved in the declaration, by induction):
  as in normal play when some heap is at least 2, else P exactly when the number of 1s is
  ``1 (mod k + 1)``.

Every other family is refused in one line that names why (:func:`check_misere`). A case of
several games of their own parameters (``--params sum``) is refused too: its main adds values.

>>> from grundy.catalog import load_family
>>> title, family = load_family("bash(m)")
>>> namespace: dict[str, object] = {}
>>> exec(check_source(title, family) + python_misere(family), namespace)
>>> [namespace["answer"]([n], [3])[1] for n in range(7)]  # (P iff n % 4 == 1)
[True, False, True, True, True, False, True]
>>> namespace["answer"]([1, 1], [3]), namespace["answer"]([10**18, 5], [3])  # (s = 0 ^ 1, all <= 1)
((None, True), (None, False))
"""

from __future__ import annotations

from grundy.errors import InvalidInputError, NotSupportedError
from grundy.model.laws import Family

__all__ = ["MISERE_REFUSED", "check_misere", "cpp_misere", "misere_header", "python_misere"]

MISERE_REFUSED = {
    "subtraction": "a set read at run time may make wild heaps (neither firm nor fickle), where no "
                   "theorem in grundy decides a misère sum; export a fixed set, "
                   "'subtraction(1,3,4)' --misere (genus theory or the misère quotient)",
    "stripes": "an octal game: a misère sum needs the game's misère quotient, which is built for "
               "fixed lengths only ('stripes(1,2,3)' --misere), not at run time",
    "kfold": "grundy has no misère rule for k-fold dynamic subtraction (solve --misere searches)",
    "forbidden": "no theorem in grundy makes the heaps of a run-time list of forbidden pairs tame "
                 "(solve --misere searches a given list)",
    "digraph": "tokens on a graph with cycles: grundy has no rule for loopy games in misère play",
    "hackenbush": "the program's fusion and colon principles are of normal play; grundy decides "
                  "misère Green Hackenbush only on forests, in solve --input --misere",
    "geography": "the program's maximum-matching theorem is of normal play; grundy has no misère "
                 "rule for vertex geography",
    "geography-grid": "the program's maximum-matching theorem is of normal play; grundy has no "
                      "misère rule for vertex geography",
    "own-heap": "a heap game of your own in misère play is exported with its parameters fixed",
}
"""Why a family kind without a misère declaration has no misère program (its refusal)."""


def check_misere(title: str, family: Family, where: str) -> None:
    """Refuse, in one line, a misère program the family does not have, or a sum of games of
    their own parameters (``--params sum``) in misère play.

    >>> from grundy.catalog import load_family
    >>> check_misere(*load_family("stripes(c,z,n)"), "each")
    Traceback (most recent call last):
    ...
    grundy.errors.NotSupportedError: stripes(c,z,n): no misère program: an octal game: a misère \
sum needs the game's misère quotient, which is built for fixed lengths only ('stripes(1,2,3)' \
--misere), not at run time
    """
    if family.kind == "misere":  # (a family of misère play only: its own program)
        return
    if not family.misere:
        why = MISERE_REFUSED.get(family.kind, "no theorem in grundy decides its misère sums")
        raise NotSupportedError(f"{title}: no misère program: {why}")
    if where in ("sum", "sum-last"):
        raise InvalidInputError(f"{title}: --params {where} with --misere: the main adds the games' "
                                f"values (normal play); in misère play a case is one game's heaps "
                                f"(--params first, each, last, block, after)")


def misere_header(title: str, family: Family, given: str) -> list[str]:
    """The header's first lines of a misère program: the game, the rule and its proof."""
    if family.kind == "moore":
        return [f"{title}: who wins Moore's Nim_k in misere play (whoever takes the last counter "
                f"loses), {given} (reduce 1 to k heaps in one move; several heaps are NOT a sum).",
                f"outcome: proved ({family.misere})",
                "values: no Grundy value decides misere play, so the main prints '-'"]
    return [f"{title}: who wins a sum of heaps in misere play (whoever takes the last counter "
            f"loses), {given}.",
            f"outcome: by the SJ theorem (Jia Zhihao, 2009): the player to move wins iff the XOR s "
            f"of the heaps' values is not 0 and some value is > 1, or s = 0 and every value is <= 1; "
            f"it applies as {family.misere} (proved)",
            f"values (normal play, used by the rule): G(n) = {family.formula}: proved "
            f"({family.theorem}); no Grundy value decides misere play, so the main prints '-'"]


def check_source(title: str, family: Family) -> str:
    """The Python ``check`` of the parameters (as the family's normal program has it)."""
    from grundy.export.python import python_expression
    from grundy.patterns.formulas import parse

    if family.check is None:
        return ""
    names = ", ".join(family.params)
    shown = ", ".join(f"{p} = {{{p}}}" for p in family.params)
    test = python_expression(parse(family.check, family.params))
    return (f"def check({names}):\n    if not ({test}):\n"
            f"        raise ValueError(f\"{title} needs {family.words}, got {shown}\")\n\n\n")


_PY_SJ = '''def first_player_wins(heaps, *params):
    """Misere play by the SJ theorem (every heap meets the SJ condition): the player to move wins
    iff the XOR s of the values is not 0 and some value is > 1, or s = 0 and none is (no heap at
    all: no move, a win)."""
    s, big = 0, False
    for h in heaps:
        v = grundy_value(h, *params)
        s ^= v
        big = big or v > 1
    return s != 0 if big else s == 0


def answer(heaps, params):
    return None, first_player_wins(heaps, *params)'''

_PY_MOORE = '''def first_player_wins(heaps, k):
    """Moore's misere rule: with a heap >= 2, P iff every binary column sum is 0 mod k + 1 (as in
    normal play); with every heap <= 1, P iff the number of 1s is 1 mod k + 1."""
    check(k)
    if all(h <= 1 for h in heaps):
        return sum(heaps) % (k + 1) != 1
    width = max(h.bit_length() for h in heaps)
    return any(sum(h >> b & 1 for h in heaps) % (k + 1) for b in range(width))


def answer(heaps, params):
    return None, first_player_wins(heaps, params[0])'''


def python_misere(family: Family) -> str:
    """``first_player_wins`` and ``answer`` (and a formula's ``grundy_value``) of the misère
    program, after ``check``."""
    if family.kind == "moore":
        return _PY_MOORE
    from grundy.export.python import python_expression
    from grundy.patterns.formulas import parse

    assert family.formula is not None
    names = ", ".join(family.params)
    value = python_expression(parse(family.formula, ("n", *family.params)))
    return (f"def grundy_value(n, {names}):\n    # G(n) = {family.formula}: proved ({family.theorem})\n"
            f"    check({names})\n    return int({value})\n\n\n" + _PY_SJ)


_CPP_SJ = r"""
// misere play by the SJ theorem (every heap meets the SJ condition): the player to move wins iff
// the XOR s of the values is not 0 and some value is > 1, or s = 0 and none is (no heap: a win)
bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    unsigned long long s = 0;
    bool big = false;
    for (unsigned long long h : heaps) {
        const unsigned long long v = grundy_value(h, @CALL@);
        s ^= v;
        big = big || v > 1;
    }
    known = false;
    value = 0;
    return big ? s != 0 : s == 0;
}"""

_CPP_MOORE = r"""// Moore's misere rule: with a heap >= 2, P iff every binary column sum is 0 mod k + 1 (as in
// normal play); with every heap <= 1, P iff the number of 1s is 1 mod k + 1
bool first_player_wins(const std::vector<unsigned long long> &heaps, unsigned long long k) {
    check(k);
    bool small = true;
    unsigned long long ones = 0;
    for (unsigned long long h : heaps) {
        small = small && h <= 1;
        ones += h == 1;
    }
    if (small) return (ones <= k ? ones : ones % (k + 1)) != 1;
    for (int bit = 0; bit < 64; ++bit) {
        unsigned long long count = 0;
        for (unsigned long long h : heaps) count += (h >> bit) & 1;
        if ((count <= k ? count : count % (k + 1)) != 0) return true;
    }
    return false;
}

// no Grundy value decides misere play: the main prints '-'
bool answer(const std::vector<unsigned long long> &heaps, const Params &params, unsigned long long &value,
            bool &known) {
    known = false;
    value = 0;
    return first_player_wins(heaps, params[0][0]);
}"""


def cpp_misere(family: Family, value_lines: list[str]) -> list[str]:
    """The C++ ``answer`` of the misère program, after ``check`` and (a formula's)
    ``value_lines``, its ``grundy_value``."""
    if family.kind == "moore":
        return [_CPP_MOORE]
    call = ", ".join(f"params[{i}][0]" for i in range(len(family.params)))
    return [*value_lines, _CPP_SJ.replace("@CALL@", call)]
