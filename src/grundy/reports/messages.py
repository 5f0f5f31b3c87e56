"""Library error messages in the words of the command line and of the web page.

A library message that tells how to get further names the call's parameters (``raise limit=``,
listed in the error's ``parameters``); the command line writes its flags instead (``--limit``), and
the web page, which has no such parameters, says which command-line flag or command goes further.
"""

from __future__ import annotations

FLAGS = {"limit": "--limit", "upto": "--upto", "conjecture": "--conjecture"}
"""The command line's flag for each library parameter an error message may name."""


def command_line_message(error: BaseException) -> str:
    """The message of a library error with the parameters it names (listed in its
    ``parameters``) written as the command line's flags and commands: ``limit=`` as ``--limit``,
    ``conjecture=True`` as ``--conjecture``, ``analyze(game, upto=N)`` as ``grundy table GAME
    --upto N`` and ``grundy.solve`` as ``'grundy solve'``.

    >>> from grundy.errors import SearchLimitError
    >>> error = SearchLimitError("nim: lower upto= or raise limit=", parameters=("upto", "limit"))
    >>> command_line_message(error)
    'nim: lower --upto or raise --limit'
    >>> command_line_message(SearchLimitError("x; 'analyze(game, upto=N)' finds it, conjecture=True uses it",
    ...                               parameters=("table", "conjecture"), spec="take(k=3)"))
    "x; 'grundy table take(k=3) --upto N' finds it, --conjecture uses it"
    """
    import re

    text = str(error)
    for name in getattr(error, "parameters", ()):
        if name == "table":
            import shlex

            spec = str(getattr(error, "spec", None) or "GAME")
            text = text.replace("'analyze(game, upto=N)'", f"'grundy table {spec} --upto N'")
            text = text.replace("analyze(game, upto=N)", f"grundy table {shlex.quote(spec)} --upto N")
        elif name == "quotient":
            spec = str(getattr(error, "spec", None) or "GAME")
            text = text.replace("'quotient_table(game, upto=N)'",
                                f"'grundy table {spec} --misere --quotient'")
        elif name == "graph":
            text = text.replace("solve it as the game 'digraph(graph=FILE)'",
                                "run 'grundy solve digraph --graph FILE POSITION'")
        elif name == "solve":
            text = text.replace("grundy.solve", "'grundy solve'")
        elif name == "store":  # a file: store='x.bin' is --store 'x.bin'
            text = re.sub(r"(?<![\w-])store=(?=['\"])", "--store ", text)
        elif name == "conjecture":
            text = text.replace("conjecture=True", FLAGS["conjecture"])
        elif name == "rebuild":
            text = text.replace("rebuild=True", "--rebuild")
        elif name == "list":
            text = text.replace("registered_games() lists every game", "'grundy list' shows every game")
        elif name == "analyze":
            text = text.replace("(analyze computes tables", "('grundy table' computes tables")
        elif name == "plot":
            text = text.replace("pictures are drawn of games on graphs", "--plot draws games on graphs")
            text = text.replace("plot_solution:", "--plot:")
            text = text.replace("drawing a table needs matplotlib", "--plot needs matplotlib")
        else:
            flag = FLAGS.get(name, "--" + name.replace("_", "-"))
            text = re.sub(rf"(?<![\w-]){re.escape(name)}=(?![\w'\"])", flag, text)
    return text


WEB_FIELDS = ("game", "position", "misere", "first", "upto", "command")
"""The parameters the web API takes itself (query parameters and JSON fields)."""

WEB_NOTE = "the flags and commands named are the command line's, 'grundy …'"
"""What the web page adds to a message that names flags or commands: they are the command line's."""


def web_message(error: BaseException) -> str:
    """The message of a library error as the web page's JSON API gives it: never a Python
    parameter (``limit=``), but the command line's flag or command that goes further, said to be
    the command line's.

    >>> from grundy.errors import SearchLimitError
    >>> web_message(SearchLimitError("nim: more than 10 steps; raise limit=", parameters=("limit",)))
    "nim: more than 10 steps; raise --limit (the flags and commands named are the command line's, 'grundy …')"
    >>> web_message(SearchLimitError("first= is 'you' or 'computer'", parameters=("first",)))
    "'first' is 'you' or 'computer'"
    >>> web_message(ValueError("bad heap '-1'"))
    "bad heap '-1'"
    """
    import re

    from grundy.errors import GrundyError

    text = " ".join(str(error).split())
    names = tuple(getattr(error, "parameters", ()))
    for name in names:
        if name in WEB_FIELDS:  # a field the page sends itself: named as the JSON field
            text = re.sub(rf"(?<![\w-]){re.escape(name)}=(?![\w'\"])", f"'{name}'", text)
    rest = tuple(n for n in names if n not in WEB_FIELDS)
    if not rest:
        return text
    mapped = command_line_message(GrundyError(text, parameters=rest, spec=getattr(error, "spec", None)))
    return f"{' '.join(mapped.split())} ({WEB_NOTE})"
