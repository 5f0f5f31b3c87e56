"""``--rules FILE.py``: run a file of game definitions once; and the move function of a game made
with :mod:`grundy.define` as stand-alone source, for ``grundy export``."""

from __future__ import annotations

import ast
import builtins
import importlib.util
import inspect
import sys
import textwrap
from pathlib import Path
from typing import Any

from grundy.core.game import Game, HeapGame
from grundy.define import UserGame, UserHeapGame
from grundy.errors import InvalidInputError

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


def move_source(game_obj: Game) -> str | None:
    """The move function of a user game as stand-alone source (``moves(n)`` of a heap game,
    ``moves(a, b)`` of a game on pairs), its parameters set to this game's; ``None`` when the
    source is not available or needs names defined outside the function."""
    if not isinstance(game_obj, UserGame | UserHeapGame):
        return None
    fn = type(game_obj).move_function
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    node = next((n for n in tree.body if isinstance(n, ast.FunctionDef)), None)
    if node is None:
        return None
    node.decorator_list = []
    if _free_names(node):
        return None
    for i, arg in enumerate(node.args.kwonlyargs):
        if arg.arg in game_obj.defaults:
            node.args.kw_defaults[i] = ast.Constant(getattr(game_obj, arg.arg))
    if isinstance(game_obj, HeapGame):
        node.name = "moves"
        return ast.unparse(node) + "\n"
    node.name = "_moves_of_position"
    wrapper = ("def moves(a, b):\n"
               "    return [tuple(o) for o in _moves_of_position((a, b))]\n")
    return ast.unparse(node) + "\n\n\n" + wrapper


def _free_names(node: ast.FunctionDef) -> set[str]:
    """Names the function reads that it neither binds nor finds among the builtins."""
    bound = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    if node.args.vararg:
        bound.add(node.args.vararg.arg)
    if node.args.kwarg:
        bound.add(node.args.kwarg.arg)
    loads: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            (loads if isinstance(sub.ctx, ast.Load) else bound).add(sub.id)
        elif isinstance(sub, ast.FunctionDef | ast.Lambda) and sub is not node:
            args = sub.args
            bound.update(a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))
    return loads - bound - set(dir(builtins))
