"""What every command shares: the argument parser that reports errors in one line, plain-text
and JSON output, and the live progress shown on a terminal.

Output is plain text: nothing a user or the catalogue wrote is ever read as markup, and piped
output is never wrapped. Bold headings are ANSI escapes, and only on a terminal.

>>> p = parser("grundy demo", "A demo.")
>>> _ = p.add_argument("n", type=non_negative_int)
>>> p.parse_args(["7"]).n
7
>>> p.parse_args(["7", "-x"])
Traceback (most recent call last):
...
grundy.cli.common.UsageError: unrecognized arguments: -x (see 'grundy demo --help')
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from grundy.errors import InvalidInputError
from grundy.model.bounded import kept

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any, NoReturn, TypeVar

    from grundy.engine.limits import Budget

    T = TypeVar("T")

OWN_PROCESS = False
"""True when the ``grundy`` console script runs in its own process (not called by a library or a
test), where one-shot start-up tricks are allowed (``lean_start`` of :func:`grundy.heap_table`):
set by :func:`own_process`."""


QUICK_EXIT = False
"""Set by a command whose process may end without the interpreter's teardown (``grundy
table`` when it keeps nothing on disk): in its own process, :func:`grundy.cli.app.main` then
runs the exit handlers, flushes the output and ends the process (``os._exit``), skipping the
deallocation of every module's objects, which with numba and LLVM loaded costs several
hundredths of a CPU second."""


def own_process() -> None:
    """What the ``grundy`` console script does to its own process (and the library never does):
    marks it :data:`OWN_PROCESS`, keeps the formula search's spaces on disk in
    ``~/.cache/grundy-search`` (:mod:`grundy.patterns.space`; unless ``GRUNDY_SEARCH_CACHE`` is
    set already: empty, none are kept), and where the package directory is read-only, points
    numba's on-disk cache at ``~/.cache/grundy-numba`` (unless ``NUMBA_CACHE_DIR`` is set already)."""
    global OWN_PROCESS
    OWN_PROCESS = True
    home_cache = os.path.join(os.path.expanduser("~"), ".cache")
    os.environ.setdefault("GRUNDY_SEARCH_CACHE", os.path.join(home_cache, "grundy-search"))
    if "NUMBA_CACHE_DIR" not in os.environ and not os.access(os.path.dirname(__file__), os.W_OK):
        os.environ["NUMBA_CACHE_DIR"] = os.path.join(os.path.expanduser("~"), ".cache", "grundy-numba")


class UsageError(InvalidInputError):
    """A command line that does not parse (unknown option, missing argument, bad value)."""


class Parser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` whose errors are one line (raised, not printed), and
    whose options take values that begin with ``-`` as users write them
    (``--matrix '-6,-2;2,7'``, ``--limit -1``), not only as ``--matrix=-6,-2;2,7``.

    >>> p = parser("grundy demo", "A demo.")
    >>> _ = p.add_argument("--matrix", "-m")
    >>> p.parse_args(["--matrix", "-6,-2;2,7"]).matrix, p.parse_args(["-m", "-1"]).matrix
    ('-6,-2;2,7', '-1')
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if args is not None:
            args = self._joined_dash_values(list(args))
        return super().parse_known_args(args, namespace)

    def _joined_dash_values(self, args: list[str]) -> list[str]:
        """``OPTION VALUE`` written ``OPTION=VALUE`` where the option takes one value and the value
        begins with ``-`` but is not itself an option of this command (argparse would otherwise
        read it as an option and report "expected one argument")."""
        known = {s for action in self._actions for s in action.option_strings}
        takes_value = {s for action in self._actions if action.nargs is None
                       for s in action.option_strings}
        out: list[str] = []
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "--":
                out.extend(args[i:])
                break
            following = args[i + 1] if i + 1 < len(args) else None
            if (arg in takes_value and following is not None and following.startswith("-")
                    and following != "-" and following not in known
                    and following.partition("=")[0] not in known):
                out.append(f"{arg}={following}")
                i += 2
                continue
            out.append(arg)
            i += 1
        return out


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help laid out as written, its width found without importing :mod:`shutil` (which
    argparse would import at start-up for every command, help or not)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         max(_help_width() if width is None else width, 40))


_WIDTH: list[int] = kept(__name__ + "._WIDTH", [])


def _help_width() -> int:
    """The width of help text: ``$COLUMNS`` or the terminal's, less 2 (else 78); found once (argparse
    makes a formatter for every option it adds)."""
    if not _WIDTH:
        try:
            width = int(os.environ.get("COLUMNS", "")) - 2
        except ValueError:
            try:
                width = os.get_terminal_size(sys.stdout.fileno()).columns - 2
            except (OSError, ValueError):
                width = 78
        _WIDTH.append(width)
    return _WIDTH[0]


def parser(prog: str, description: str, epilog: str | None = None) -> Parser:
    """A command's parser, its help laid out as written."""
    return Parser(prog=prog, description=description, epilog=epilog, allow_abbrev=False,
                  formatter_class=_Formatter)


def non_negative_int(text: str) -> int:
    """An ``argparse`` type: a whole number ≥ 0 (``10**6`` and ``1_000`` are accepted)."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """An ``argparse`` type: a whole number ≥ 1."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def whole_number(text: str) -> int:
    """An ``argparse`` type: any whole number (``10**6`` and ``1_000`` are accepted); a type that
    checks a range of its own builds on it."""
    return _int(text)


def _int(text: str) -> int:
    cleaned = text.strip().replace("_", "")
    base, sep, exp = cleaned.partition("**")
    try:
        if sep:
            b, e = int(base), int(exp)
            if not 0 <= e <= 10_000:
                raise ValueError
            return int(b**e)
        return int(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def emit(line: str = "") -> None:
    """Print one line of text as it is."""
    sys.stdout.write(line + "\n")


def flag_message(error: BaseException) -> str:
    """The message of a library error with the parameters it names written as the command line's
    flags and commands (:func:`grundy.reports.messages.command_line_message`).

    >>> from grundy.errors import SearchLimitError
    >>> flag_message(SearchLimitError("nim: lower upto= or raise limit=", parameters=("upto", "limit")))
    'nim: lower --upto or raise --limit'
    """
    from grundy.reports.messages import command_line_message

    return command_line_message(error)


def heading(text: str) -> str:
    """``text`` in bold on a terminal, plain otherwise."""
    return f"\033[1m{text}\033[0m" if sys.stdout.isatty() else text


def print_json(data: Any, big_ints: bool = False) -> None:
    """Print one JSON document on a line (``big_ints``: the data may hold ints of thousands of
    digits, written in near-linear time by :func:`~grundy.model.textio.json_text`)."""
    if big_ints:
        from grundy.model.textio import json_text

        sys.stdout.write(json_text(data, ensure_ascii=False) + "\n")
        return
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def columns(rows: list[list[str]], indent: str = "") -> list[str]:
    """Rows of cells aligned in columns (the last column is never padded, nor wrapped)."""
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return [indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) +
            ("  " if len(row) > 1 else "") + row[-1] for row in rows]


def searching(work: Callable[[Budget | None], T], limit: int | None = None) -> T:
    """Run ``work(budget)`` with the budget of ``--limit`` (``limit``; ``None``: the default
    budget); if a brute-force search runs long on a terminal, the budget's progress hook shows a
    live counter."""
    from grundy.engine.limits import Budget, one_budget

    if not sys.stderr.isatty():
        return work(one_budget(limit, None))
    shown = [False]

    def hook(steps: int) -> None:
        shown[0] = True
        sys.stderr.write(f"\rbrute force: {steps:,} steps (Ctrl-C stops)")
        sys.stderr.flush()

    try:
        return work(Budget.default(progress=hook) if limit is None else Budget(limit, progress=hook))
    finally:
        if shown[0]:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


class progress_bar:  # (lower case: a context manager used as a function)
    """A progress bar on stderr (only on a terminal), shown once work takes over 0.5 s:
    ``with progress_bar(enabled) as update:`` gives ``update(done, total)``, or ``None`` when no
    bar is shown. (A class, not a :func:`contextlib.contextmanager`: :mod:`contextlib` is not
    imported at start-up.)"""

    def __init__(self, enabled: bool, what: str = "computing") -> None:
        self._enabled = enabled
        self._what = what
        self._bar: list[Any] = []

    def __enter__(self) -> Callable[[int, int], None] | None:
        if not self._enabled or not sys.stderr.isatty():
            return None
        import time

        start = time.perf_counter()
        bar, what = self._bar, self._what

        def update(done: int, total: int) -> None:
            if not bar:
                if time.perf_counter() - start < 0.5:
                    return
                from rich.console import Console
                from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

                progress = Progress(what, BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                                    console=Console(stderr=True), transient=True)
                progress.start()
                bar.extend([progress, progress.add_task(what, total=total)])
            bar[0].update(bar[1], completed=done, total=total)

        return update

    def __exit__(self, *exc: object) -> None:
        if self._bar:
            self._bar[0].stop()


def heap_file(spec: str, positions: list[str], path: str) -> tuple[Any, Any]:
    """``GAME --file PATH``: the heap game and the heaps read from a file (``-``: stdin) — a numpy
    array when every heap fits in 64 bits, else a tuple."""
    from grundy.catalog import load_game
    from grundy.games.takeaway.nim import parse_heaps_text
    from grundy.model.game import HeapGame
    from grundy.model.textio import read_text_file

    game = load_game(spec)
    if not isinstance(game, HeapGame):
        raise InvalidInputError(f"--file reads heaps, but {game.spec!r} is not a heap game")
    if positions:
        raise InvalidInputError(f"give the heaps either on the command line or in --file, not both: "
                                f"{' '.join(positions)!r}")
    return game, parse_heaps_text(read_text_file(path, what="heap file"))


PLAIN_DIGITS = 4000
"""Words of plain decimal digits shorter than this are read by ``int`` at once (longer ones by
:func:`~grundy.model.textio.parse_heap`, in near-linear time)."""


def read_number(word: str) -> int:
    """A number of the input (a big one in any notation grundy reads), or one clear error."""
    if word.isascii() and word.isdigit() and len(word) < PLAIN_DIGITS:  # (the common case, quickly)
        return int(word)
    from grundy.model.textio import parse_heap

    return parse_heap(word, "a number of the input")


FAMILY_PLACES = ("first", "each", "last", "block", "sum", "sum-last", "after", "size-first",
                 "counts-first")
"""Where a judge's input gives a family's parameters (the same as ``grundy.export.family.WHERE``,
which a test keeps equal)."""
PARAMS_PLACES = (*FAMILY_PLACES, "rows", "coins")
"""The choices of ``--params`` (of ``export`` and of ``solve --input``): :data:`FAMILY_PLACES`,
``rows`` (not a family's: a case ``n m``, then ``n`` positions of ``m`` numbers, their sum) and
``coins`` (a coin-turning game: a case is a row of coins ``HHTHT``; with ``size-first``, its
length ``N`` first)."""

PARAMS_HELP = ("first (once, before everything), each (default: every line or case starts with "
               "them), last (every line or case ends with them), block (blocks of cases, each "
               "starting with them, to the end of the input or a block whose parameters are all 0), "
               "sum (a case is k, then k games, each its parameters and its position: their "
               "values XOR; green-hackenbush, the families of one heap with whole-number "
               "parameters (bash(m), bash(a,b), bounded-nim(m), stripes(c,z,n), a heap game of "
               "your own with keyword parameters), and a family of "
               "your own that declares start=: "
               "each game its parameters alone; a game on pairs or on N numbers, not a family: "
               "k, then k positions, their sum, HDU 1729's boxes; with solve --input, a game of your own "
               "on tuples of numbers: k, then k positions, each its count m and its m numbers, "
               "HDU 5724's rows), sum-last (the same for a family of one heap, each game its heap, "
               "then its parameters: HDU 1851's piles M L), after (once, right after the "
               "input's first number: 'T F', then T cases; with --input counted, 'n k', then the n heaps; "
               "a family of your own that declares no start=: each case k, the parameters, then k "
               "positions) or size-first (a family whose one parameter is a set: a case is the "
               "set's size, then one heap, then the set's members, AtCoder EDPC K's 'N K', then "
               "a_1..a_N; counted, single or lines) or counts-first (a family whose one parameter "
               "is a set or a list of pairs: a case is n m, then n heaps, then the m members, "
               "AtCoder ABC 255 G's 'N M', A_1..A_N, then M pairs X Y; counted or cases); rows, "
               "not a family: a game of your own on tuples or on N numbers, a case is n m, then n "
               "positions of m numbers each, their sum, SPOJ MATGAME's matrix; cases, counted or "
               "repeated (to a case 0 0); coins, a coin-turning game (turning-turtles, mock-turtles, "
               "ruler): a case is a row of coins, H heads up and T tails, HHTHT (size-first: its "
               "length N, then the row, HihoCoder 1172)")
"""What each place of ``--params`` means, for the help of both commands."""
