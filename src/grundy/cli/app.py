"""The ``grundy`` command: dispatch to a command module, and turn every error into one line.

Each command lives in its own module (``grundy.cli.solve``, ``.table``, ``.matrix``, ...) with
``add_arguments(parser)`` and ``run(args) -> exit code``; only the chosen one is imported, so
``grundy solve nim 3 4 5`` imports neither numpy nor any other command's dependencies.

Every error caused by the input prints ``grundy: error: …`` as one line on stderr and exits
with status 2; Ctrl-C exits with 130; a failed write of the output (``> /dev/full``) is one line
and status 1, a reader that went away (``| head -1``) ends it quietly. A console that cannot encode
a character gets its ASCII spelling (JSON: an escape), :mod:`grundy.cli.console`. The command
caps its own address space (:mod:`grundy.engine.address_space`), so that running out of memory
is such an error too.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from grundy.cli.common import UsageError, emit, parser
from grundy.errors import GrundyError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any, NoReturn

COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("grundy.cli.listing", "every registered game, its parameters and a description"),
    "solve": ("grundy.cli.solve", "who wins, the Grundy value, every winning move, and why"),
    "table": ("grundy.cli.table", "Grundy values of heaps 0..N (or pairs), their period and pattern"),
    "export": ("grundy.cli.export", "a self-contained solution (C++ or Python) for a game"),
    "matrix": ("grundy.cli.matrix", "two-player zero-sum matrix game: value and optimal strategies"),
    "survey": ("grundy.cli.survey", "tables of many octal games on Dask, stored in SQLite"),
    "play": ("grundy.cli.play", "play a game against a perfect opponent in the terminal"),
    "serve": ("grundy.cli.serve", "a local web page: pick a game, solve, tables, play"),
}
"""Command name → (module, one-line description)."""

USAGE = """usage: grundy [--version] [--lang en|zh] [--rules FILE.py] COMMAND [ARGS...]
       grundy solve|table|export --moves 'n: [n - 1, n - 2]' [ARGS...]   (a game from one line)

Solve impartial combinatorial games: who wins, the Grundy value, every winning move, and why.

commands:
{commands}

'grundy COMMAND --help' shows a command's options; '--lang zh' (or a zh_CN locale) prints
the answers and their reasons in Chinese. Examples:
  grundy solve nim 3 4 5
  grundy solve 'subtraction(1,3,4)' 10 + nim 5 --json
  grundy table kayles --upto 200
  grundy matrix --matrix '3,-1;-2,4'
"""


def _usage() -> str:
    width = max(map(len, COMMANDS))
    return USAGE.format(commands="\n".join(f"  {name.ljust(width)}  {text}"
                                           for name, (_, text) in COMMANDS.items()))


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``grundy: error: message`` as one line on stderr and exit with ``code``."""
    line = " ".join(str(message).split())
    sys.stderr.write(f"grundy: error: {line}\n")
    raise SystemExit(code)


def _take_option(argv: list[str], option: str, needs: str) -> tuple[list[str], list[str]]:
    """The values of every ``OPTION VALUE`` (or ``OPTION=VALUE``) in ``argv``, and ``argv``
    without them; ``needs`` is the error when the option ends ``argv`` with no value."""
    rest: list[str] = []
    given: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == option:
            value = next(args, None)
            if value is None:
                raise UsageError(needs)
            given.append(value)
        elif arg.startswith(option + "="):
            given.append(arg.partition("=")[2])
        else:
            rest.append(arg)
    return given, rest


def _load_rules(argv: list[str]) -> list[str]:
    """Take every ``--rules FILE.py`` (or ``--rules=FILE.py``) out of ``argv`` and execute each
    file once, so that the games it defines are known to the command."""
    files, rest = _take_option(argv, "--rules", "--rules needs a file: --rules FILE.py")
    if files:
        from grundy.cli.rules import load_rules

        for path in files:
            load_rules(path)
    return rest


def _inline_moves(argv: list[str]) -> list[str]:
    """Take ``--moves 'ARGS: EXPRESSION'`` out of ``argv``, define its game
    (:func:`grundy.cli.rules.define_moves`) and put the game's name where the command reads GAME
    (right after the command's name): ``table --moves 'n: [n - 1]' --upto 9`` runs as
    ``table moves --upto 9``."""
    given, rest = _take_option(argv, "--moves", "--moves needs a move function: --moves 'n: [n - 1, n - 2]'")
    if not given:
        return argv
    from grundy.cli.rules import MOVES_COMMANDS, define_moves

    if len(given) > 1:
        raise UsageError("--moves is given once (it defines the one game of the command)")
    if not rest or rest[0] not in MOVES_COMMANDS:
        raise UsageError(f"--moves works with the commands {', '.join(MOVES_COMMANDS)}")
    first = next((a for a in rest[1:] if not a.startswith("-")), None)
    if first is not None and not first.lstrip("+-").isdigit():
        from grundy.catalog import find_entry

        if find_entry(first.split("(")[0].strip().lower()) is not None:
            raise UsageError(f"--moves defines the game: give no game name ({first!r}) with it")
    return [rest[0], define_moves(given[0]), *rest[1:]]


def _take_language(argv: list[str]) -> tuple[Any, list[str]]:
    """The language of the output: ``--lang en|zh`` (or ``--lang=…``) before the command, else
    the locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); and ``argv`` without it. (After the
    command, ``--lang`` is the command's own option: ``grundy export --lang cpp``.)"""
    import os

    from grundy.model.language import language, language_from_environment

    code: str | None = None
    rest: list[str] = []
    args = iter(argv)
    for arg in args:
        if rest and rest[-1] == "--rules":
            rest.append(arg)  # (the rules file)
        elif not arg.startswith("-"):  # the command: the rest is its own
            rest.append(arg)
            rest.extend(args)
            break
        elif arg == "--lang":
            code = next(args, None)
            if code is None:
                raise UsageError("--lang needs a language: --lang en or --lang zh")
        elif arg.startswith("--lang="):
            code = arg.partition("=")[2]
        else:
            rest.append(arg)
    chosen = language_from_environment(os.environ) if code is None else language(code)
    return chosen, rest


def _dispatch(argv: list[str]) -> int:
    lang, argv = _take_language(argv)
    argv = _inline_moves(_load_rules(argv))
    if not argv or argv[0] in ("-h", "--help", "help"):
        emit(_usage().rstrip())
        return 0 if argv else 2
    if argv[0] == "--version":
        from grundy import __version__

        emit(f"grundy {__version__}")
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        import difflib

        close = difflib.get_close_matches(name, list(COMMANDS), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UsageError(f"unknown command {name!r}{hint}; 'grundy --help' lists the commands")
    module = importlib.import_module(COMMANDS[name][0])
    command = parser(f"grundy {name}", module.__doc__.split("\n\n")[0] if module.__doc__ else "",
                     getattr(module, "EPILOG", None))
    module.add_arguments(command)
    command.set_defaults(language=lang)
    args = command.parse_intermixed_args(rest) if getattr(module, "INTERMIXED", True) else \
        command.parse_args(rest)
    code: int = module.run(args)
    return code


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point of the ``grundy`` console script; always exits."""
    if argv is None:
        from grundy.cli.common import own_process

        own_process()  # (a flag of this process, and numba's cache directory where needed)
    args = list(sys.argv[1:] if argv is None else argv)
    sys.set_int_max_str_digits(0)  # exact answers for heaps of any size are printed in full
    from grundy.cli.console import prepare_console

    prepare_console(json="--json" in args)  # ASCII spellings (or JSON escapes) where the console needs them
    try:
        if argv is None and args[:1] != ["survey"]:  # (survey's workers manage their own memory)
            from grundy.engine.address_space import cap_from_environment

            cap_from_environment()  # a runaway allocation becomes a MemoryError, not the OOM killer
        code = _dispatch(args)
    except KeyboardInterrupt as exc:  # (a stored table says what it keeps)
        fail("interrupted" + (f": {exc}" if str(exc) else ""), 130)
    except GrundyError as exc:
        from grundy.cli.common import flag_message

        fail(flag_message(exc))
    except OverflowError as exc:  # a number past what a computation can hold (a heap of 10**30)
        fail(f"a number in the input is too large for this computation ({exc})")
    except MemoryError:
        fail("out of memory: try a smaller input (grundy caps its memory at 8 GiB; "
             "GRUNDY_ADDRESS_SPACE_GIB sets another cap, 0 none)")
    except RecursionError:  # pragma: no cover - the engine is iterative; a bug if reached
        fail("internal recursion limit reached (please report this input)", 1)
    except BrokenPipeError:  # the reader went away (| head -1): quiet
        _quiet_exit(0)
    except OSError as exc:  # a failed write of the output (> /dev/full), or the system refused
        _output_failed(exc)
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away
        _quiet_exit(code)
    except OSError as exc:
        _output_failed(exc)
    if argv is None:
        from grundy.cli import common

        if common.QUICK_EXIT:
            _quick_exit(code)
    raise SystemExit(code)


def _quick_exit(code: int) -> NoReturn:
    """End the process now (:data:`grundy.cli.common.QUICK_EXIT`): the exit handlers run (the
    logging's flush, the finalizers, numba's and LLVM's), the output is flushed, and the
    interpreter's teardown of every module is skipped; an output that fails now is reported as
    at the end of :func:`main`."""
    import atexit
    import os

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        _quiet_exit(code)
    except OSError as exc:
        _output_failed(exc)
    os._exit(code)


def _quiet_exit(code: int) -> NoReturn:
    from grundy.cli.console import silence_stdout

    silence_stdout()
    raise SystemExit(code)


def _output_failed(exc: OSError) -> NoReturn:
    """One line on stderr and exit status 1 for an :class:`OSError` that reached the top."""
    from grundy.cli.console import is_write_failure, silence_stdout

    if is_write_failure(exc):
        silence_stdout()
        fail(f"cannot write the output: {exc.strerror or exc}", 1)
    fail(f"{exc.strerror or exc}" + (f": {exc.filename!r}" if exc.filename else ""), 1)


if __name__ == "__main__":  # pragma: no cover
    main()
