"""``--rules FILE.py``: run a file of game definitions once; ``--moves 'n: EXPRESSION'``: define
a game from one line (:func:`define_moves`). (The move function of a game as
stand-alone source, for ``grundy export``, is :func:`grundy.define.source.move_source`.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from grundy.define.source import move_source
from grundy.errors import InvalidInputError

__all__ = ["MOVES_COMMANDS", "define_moves", "load_rules", "move_source", "moves_namespace"]

_LOADED: dict[Path, Any] = {}


def load_rules(path: str) -> None:
    """Execute a Python file once (``--rules FILE.py``), so that its decorators register games;
    any failure is one :class:`InvalidInputError` naming the file and the exception."""
    resolved = Path(path).expanduser().resolve()
    if resolved in _LOADED:
        return
    if not resolved.is_file():
        raise InvalidInputError(f"rules file {path!r} not found")
    module_name = f"grundy_rules_{abs(hash(str(resolved))):x}"
    spec = importlib.util.spec_from_file_location(module_name, resolved)
    if spec is None or spec.loader is None:
        raise InvalidInputError(f"rules file {path!r} cannot be loaded as Python (name it .py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except SystemExit as exc:  # a rules file is not a program: its exit is an error of the file
        sys.modules.pop(module_name, None)
        raise InvalidInputError(f"rules file {path!r} failed: it called sys.exit({exc.code!r}) "
                                "while being loaded") from None
    except Exception as exc:
        sys.modules.pop(module_name, None)
        where = f" (line {exc.lineno})" if isinstance(exc, SyntaxError) and exc.lineno else ""
        text = " ".join(str(exc.msg if isinstance(exc, SyntaxError) else exc).split())
        raise InvalidInputError(f"rules file {path!r} failed{where}: {type(exc).__name__}: {text}") from None
    _LOADED[resolved] = module


# ---- --moves 'n: EXPRESSION': a game from one line --------------------------------------------

MOVES_NAME = "moves"
"""The name the game of ``--moves`` is registered under (it takes the place of GAME)."""

MOVES_COMMANDS = ("solve", "table", "export")
"""The commands that take ``--moves`` instead of a game."""

_MOVES_FILE = "<grundy --moves>"


def moves_namespace() -> dict[str, Any]:
    """The names a ``--moves`` expression may use beyond Python's builtins: every public name
    of :mod:`math` that is not a builtin (``isqrt``, ``gcd``, ``comb``, …) and ``Sum``
    (``Sum()``: no position left)."""
    import builtins
    import math

    from grundy.define import Sum

    names: dict[str, Any] = {k: getattr(math, k) for k in dir(math)
                             if not k.startswith("_") and not hasattr(builtins, k)}  # (pow: the builtin)
    names["Sum"] = Sum
    return names


def define_moves(text: str) -> str:
    """Register the game of ``--moves 'ARGS: EXPRESSION'`` and return its name.

    One argument (``'n: [n - 1, n - 2]'``) is a heap game: the expression lists the options of
    a heap of ``n`` (ints, tuples of ints for a split, ``()`` for nothing left), several heaps
    being a sum. Several arguments (``'a, b: [(a - 1, b), (a, b - 1)]'``) are a game on tuples
    of that many numbers: the options are such tuples, ``grundy.Sum(...)`` of them, or ``()``.
    The expression is the user's own code, run as a rules file is (with :func:`moves_namespace`);
    any error in it is one :class:`InvalidInputError`.

    >>> import grundy
    >>> name = define_moves("n: [n - d*d for d in range(1, isqrt(n) + 1)]")
    >>> [grundy.grundy_value(grundy.load_game(name), n) for n in range(8)]
    [0, 1, 0, 1, 2, 0, 1, 0]
    """
    import ast
    import linecache

    from grundy.define import game, heap_game

    spec = " ".join(text.split())
    if spec.startswith("lambda "):
        spec = spec[len("lambda "):]
    shown = _short_text(text)
    try:
        tree = ast.parse(f"lambda {spec}", _MOVES_FILE, mode="eval")
    except SyntaxError as exc:
        where = f" near column {exc.offset - 7}" if exc.offset and exc.offset > 7 else ""
        raise InvalidInputError(f"--moves {shown}: not a Python lambda{where} ({exc.msg}); write "
                                f"'n: [n - 1, n - 2]' or 'a, b: [(a - 1, b)]'") from None
    fn = tree.body
    if not isinstance(fn, ast.Lambda):
        raise InvalidInputError(f"--moves {shown}: write one lambda 'ARGS: EXPRESSION', e.g. "
                                f"'n: [n - 1, n - 2]' (to list several options, put them in [ ])")
    args = fn.args
    names = [a.arg for a in args.args]
    if args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg or args.defaults or not names:
        raise InvalidInputError(f"--moves {shown}: the arguments are the numbers of a position, "
                                f"plain names such as 'n' or 'a, b'")
    body = ast.unparse(_math_by_import(fn))
    if len(names) == 1:
        source = f"def moves({names[0]}):\n    return {body}\n"
    else:
        source = f"def moves(position):\n    {', '.join(names)} = position\n    return {body}\n"
    linecache.cache[_MOVES_FILE] = (len(source), None, source.splitlines(True), _MOVES_FILE)
    namespace = {"__name__": "grundy_moves", **moves_namespace()}
    exec(compile(source, _MOVES_FILE, "exec"), namespace)
    summary = f"--moves '{spec}'"
    if len(names) == 1:
        heap_game(MOVES_NAME, summary=summary)(namespace["moves"])
    else:
        game(MOVES_NAME, summary=summary, arity=len(names))(namespace["moves"])
    return MOVES_NAME


def _math_by_import(fn: Any) -> Any:
    """The lambda's body with each name of :mod:`math` it reads (and does not bind) written
    ``__import__('math').NAME``: the move function then needs only the builtins, so that
    ``export`` can carry it into its program (beyond the table)."""
    import ast

    math_names = set(moves_namespace()) - {"Sum"}
    bound = {a.arg for sub in ast.walk(fn) if isinstance(sub, ast.Lambda) for a in sub.args.args}
    bound |= {sub.id for sub in ast.walk(fn) if isinstance(sub, ast.Name)
              and not isinstance(sub.ctx, ast.Load)}

    class Rewrite(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> Any:
            if isinstance(node.ctx, ast.Load) and node.id not in bound and node.id in math_names:
                module = ast.Call(ast.Name("__import__", ast.Load()), [ast.Constant("math")], [])
                return ast.copy_location(ast.Attribute(module, node.id, ast.Load()), node)
            return node

    return ast.fix_missing_locations(Rewrite().visit(fn.body))


def _short_text(text: str) -> str:
    one = " ".join(text.split())
    return repr(one if len(one) <= 80 else one[:77] + "...")
