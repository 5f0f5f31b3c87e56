"""``grundy export`` of a ``@grundy.game`` whose positions are words (``parse=str``): a Python
program carrying the move function, reading a line as its word as ``solve --input`` reads it
(stripped, blank lines skipped, ``\\r\\n`` or ``\\r`` ends), checked here against brute forces
written in this file from the rules (delete one letter; delete two equal adjacent letters, in
normal and misère play; delete a letter, the word falling apart into two words, a sum), on random
words up to length 10, in every layout, with its refusals (C++, layouts and options it does not
read, a move function reading a list of the rules file, ``valid=``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import grundy
from grundy import catalog
from tests.helpers import cli_output as cli
from tests.helpers import python_lines
from tests.helpers import run_python_program as run

LETTERS = ["a", "b"]  # (a list of the module: a move function reading it is not carried)
NAMES = ("sw-drop", "sw-pairs", "sw-cut", "sw-global", "sw-valid", "sw-loop", "sw-digits", "sw-tail",
         "sw-never")


def drop(word: str) -> list[str]:
    """delete one letter"""
    return [word[:i] + word[i + 1:] for i in range(len(word))]


def pairs(word: str) -> list[str]:
    """delete two equal adjacent letters"""
    return [word[:i] + word[i + 2:] for i in range(len(word) - 1) if word[i] == word[i + 1]]


def cut(word: str) -> list[object]:
    """delete a letter other than '.', the word falling apart there into two words (a sum)"""
    return [grundy.Sum(word[:i], word[i + 1:]) for i in range(len(word)) if word[i] != "."]


def uses_global(word: str) -> list[str]:
    return [word[:i] + word[i + 1:] for i in range(len(word)) if word[i] in LETTERS]


def loop(word: str) -> list[str]:
    """reverse a word that is no palindrome (a cycle), or drop its first letter"""
    return ([word[::-1]] if word != word[::-1] else []) + ([word[1:]] if word else [])


def digits(word: str) -> list[str]:
    """lower the last digit (int() fails on a letter: an error for that line)"""
    return [word[:-1] + str(int(word) % 10 - 1)] if word and int(word) % 10 else []


def never(word: str) -> list[str]:
    """fails on every word (no answer to check the program by)"""
    raise ValueError(f"no moves from {word!r}")


def tail(word: str, *, k: int = 2) -> list[str]:
    """drop 1..k letters from the end"""
    return [word[:-j] for j in range(1, k + 1) if j <= len(word)]


@pytest.fixture(autouse=True, scope="module")
def games() -> Iterator[None]:
    grundy.game("sw-drop", parse=str)(drop)
    grundy.game("sw-pairs", parse=str, format=str)(pairs)
    grundy.game("sw-cut", parse=str)(cut)
    grundy.game("sw-global", parse=str)(uses_global)
    grundy.game("sw-valid", parse=str, valid=lambda w: "z" not in w)(pairs)
    grundy.game("sw-loop", parse=str)(loop)
    grundy.game("sw-digits", parse=str)(digits)
    grundy.game("sw-never", parse=str)(never)
    grundy.game("sw-tail", parse=str, start=lambda k: "x" * (3 * k))(tail)
    yield
    for name in NAMES:
        catalog.unregister(name)


# ---- brute forces, from the rules ----------------------------------------------------------------

def mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


@cache
def drop_value(word: str) -> int:
    return mex({drop_value(word[:i] + word[i + 1:]) for i in range(len(word))})


@cache
def pairs_value(word: str) -> int:
    return mex({pairs_value(word[:i] + word[i + 2:]) for i in range(len(word) - 1) if word[i] == word[i + 1]})


@cache
def pairs_misere_wins(word: str) -> bool:
    after = [word[:i] + word[i + 2:] for i in range(len(word) - 1) if word[i] == word[i + 1]]
    return not after or any(not pairs_misere_wins(w) for w in after)


@cache
def cut_value(word: str) -> int:
    return mex({cut_value(word[:i]) ^ cut_value(word[i + 1:]) for i in range(len(word)) if word[i] != "."})


def line(value: int) -> str:
    return f"{value} {'N' if value else 'P'}"


def random_words(seed: int, letters: str, count: int, longest: int = 10) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(letters) for _ in range(rng.randint(1, longest))) for _ in range(count)]


def program(*argv: str) -> str:
    code, out, err = cli("export", *argv)
    assert code == 0, err
    return out


# ---- the answers -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "brute", "letters"), [
    ("sw-drop", drop_value, "abc"), ("sw-pairs", pairs_value, "ab"), ("sw-cut", cut_value, "ab."),
])
def test_random_words_against_a_brute_force(name: str, brute: object, letters: str) -> None:
    """Random words up to length 10, one a line: the program's lines are the brute force's."""
    assert callable(brute)
    words = random_words(len(name), letters, 150)
    source = program(name, "--lang", "python", "--main", "--input", "lines")
    assert python_lines(source, "\n".join(words) + "\n") == [line(brute(w)) for w in words]
    assert {brute(w) for w in words} != {0}  # (the test can tell values apart)


def test_parameters_and_a_declared_start() -> None:
    """A game of parameters (``'sw-tail(k=3)'``: its parameter set in the carried function) that
    declares its start (the check starts there): a word of n letters is worth n % (k + 1)."""
    source = program("sw-tail(k=3)", "--lang", "python", "--main")
    header = next(x for x in source.split("\n") if x.startswith("def moves("))
    assert header.replace(" ", "").endswith("k:int=3)->list[str]:"), header
    words = random_words(3, "xyz", 40, longest=30)
    assert python_lines(source, "\n".join(words) + "\n") == [line(len(w) % 4) for w in words]


def test_the_library_answers_the_empty_word_and_sums() -> None:
    """Without --main: grundy_value(word), answer(word), answer((w1, w2)) (a sum: the XOR)."""
    namespace: dict[str, object] = {"__name__": "library"}
    exec(compile(program("sw-cut", "--lang", "python"), "<program>", "exec"), namespace)
    value, answer = namespace["grundy_value"], namespace["answer"]
    assert callable(value) and callable(answer)
    assert value("") == 0 and value("a.b.aa") == cut_value("a.b.aa")
    both = cut_value("aba") ^ cut_value("ab")
    assert answer(("aba", "ab")) == (both, both != 0)


def test_misere_play_against_a_brute_force() -> None:
    words = random_words(7, "ab", 150)
    source = program("sw-pairs", "--lang", "python", "--main", "--misere")
    assert python_lines(source, "\n".join(words) + "\n") == \
        [f"- {'N' if pairs_misere_wins(w) else 'P'}" for w in words]


def test_lines_are_read_as_solve_reads_them(tmp_path: Path) -> None:
    """Stripped, blank lines skipped, ``\\r\\n`` and ``\\r`` ends, UTF-8 letters, inner spaces kept:
    the program prints what ``solve --input lines`` prints (an error line in its place)."""
    text = "  abba \r\n\r\n\tab\rbba a\n\n\u00e9\u00e9a\nab\u00e9 "
    words = ["abba", "ab", "bba a", "\u00e9\u00e9a", "ab\u00e9"]
    assert [pairs_value(w) for w in words] == [0, 0, 1, 1, 0]
    source = program("sw-pairs", "--lang", "python", "--main")
    assert python_lines(source, text) == [line(pairs_value(w)) for w in words]
    path = tmp_path / "judge.in"
    path.write_bytes(text.encode())
    code, out, _ = cli("solve", "sw-pairs", "--input", "lines", str(path))
    assert code == 0 and out.split("\n")[:-1] == [line(pairs_value(w)) for w in words]
    status, lines = run(program("sw-digits", "--lang", "python", "--main"), "21\n2a\n03\n")
    assert status == 1 and lines[0] == line(1) and lines[2] == line(1)
    assert lines[1].startswith("error: the move function at position '2a' failed: ValueError")
    path.write_text("21\n2a\n03\n")
    code, out, _ = cli("solve", "sw-digits", "--input", "lines", str(path))
    assert code == 2 and out.split("\n")[:-1][::2] == lines[::2] and out.split("\n")[1].startswith("error:")


@pytest.mark.parametrize(("layout", "text", "want"), [
    ("cases", "3\nab\n\naab\n abb \n", ["ab", "aab", "abb"]),
    ("counted", "\n aabb\n", ["aabb"]),
    ("repeated", "aa\n0\nbb\n", ["aa", "0", "bb"]),  # (a line 0 is a word, no end mark)
])
def test_layouts(layout: str, text: str, want: list[str], tmp_path: Path) -> None:
    source = program("sw-pairs", "--lang", "python", "--main", "--input", layout)
    assert python_lines(source, text) == [line(pairs_value(w)) for w in want]
    path = tmp_path / "judge.in"
    path.write_text(text)
    code, out, _ = cli("solve", "sw-pairs", "--input", layout, str(path))
    assert code == 0 and out.split("\n")[:-1] == [line(pairs_value(w)) for w in want]


@pytest.mark.parametrize(("layout", "text", "answered", "message"), [
    ("cases", "2\nab\n", 1, "the input ended inside a case: 2 cases announced, 1 lines follow"),
    ("cases", "1\nab\nba\n", 1, "1 more lines after the last case"),
    ("cases", "x\nab\n", 0, "not a non-negative integer: x"),
    ("counted", "ab\nba\n", 0, "one position, one line; got 2 lines"),
])
def test_layout_errors_stop_the_program(layout: str, text: str, answered: int, message: str) -> None:
    import subprocess
    import sys

    source = program("sw-pairs", "--lang", "python", "--main", "--input", layout)
    done = subprocess.run([sys.executable, "-S", "-c", source], input=text, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and message in done.stderr
    assert len(done.stdout.split("\n")[:-1]) == answered


def test_bounded_memo_and_options() -> None:
    """The memo let go past MEMO_KEPT (set to 3 here: answers unchanged); --limit bounds the options
    listed for one input (an error line past it, the next line answered)."""
    words = random_words(11, "ab.", 60)
    source = program("sw-cut", "--lang", "python", "--main")
    assert "\nMEMO_KEPT = 500000 " in source
    small = source.replace("\nMEMO_KEPT = 500000 ", "\nMEMO_KEPT = 3 ")
    assert python_lines(small, "\n".join(words) + "\n") == [line(cut_value(w)) for w in words]
    bounded = program("sw-cut", "--lang", "python", "--main", "--limit", "200")
    status, lines = run(bounded, "aababbbaababba\nab\n")
    assert status == 1
    assert lines[0].startswith("error: position 'aababbbaababba' was not settled within 200 options")
    assert lines[1] == line(cut_value("ab"))


def test_a_loopy_word_is_an_error_line() -> None:
    status, lines = run(program("sw-loop", "--lang", "python", "--main"), "aa\nab\n")
    assert status == 1 and lines[0] == line(0) and "can be reached from itself" in lines[1]


@pytest.mark.parametrize(("argv", "message"), [
    (("sw-drop", "--lang", "cpp", "--main"), "exported in Python only"),
    (("sw-drop", "--lang", "python", "--main", "--input", "single"),
     "--input lines, cases, counted, repeated"),
    (("sw-drop", "--lang", "python", "--main", "--input", "cases", "--params", "sum"), "one line, its word"),
    (("sw-drop", "--lang", "python", "--main", "--winning-moves"), "prints no winning moves"),
    (("sw-drop", "--lang", "python", "--upto", "5"), "upto has no use there"),
    (("sw-global", "--lang", "python", "--main"), "reads LETTERS from outside the function"),
    (("sw-valid", "--lang", "python", "--main"), "declares valid="),
])
def test_refusals(argv: tuple[str, ...], message: str) -> None:
    code, out, err = cli("export", *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().split("\n")) == 1
    assert "Traceback" not in err


def test_the_check_catches_a_wrong_program() -> None:
    """The check before printing compares with the engine: a program whose mex is wrong is an
    internal error, and a game the engine answers on no word cannot be checked (one line)."""
    from grundy.errors import GrundyError
    from grundy.reports.words_check import check_words_program

    source = program("sw-pairs", "--lang", "python")
    assert check_words_program(source, catalog.load_game("sw-pairs")) > 100
    wrong = source.replace("            value += 1\n", "            value += 2\n")
    assert wrong != source
    with pytest.raises(GrundyError, match="internal error: the exported program gives"):
        check_words_program(wrong, catalog.load_game("sw-pairs"))
    code, out, err = cli("export", "sw-never", "--lang", "python", "--main")
    assert code == 2 and out == "" and "the engine answers none of the words" in err
