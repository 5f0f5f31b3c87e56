"""The move function of a game made with :mod:`grundy.define` as stand-alone source (its
parameters set to the game's), for an exported program to call beyond its table."""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap

from grundy.define import UserGame, UserHeapGame
from grundy.model.game import Game, HeapGame


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
            node.args.kw_defaults[i] = ast.Constant(game_obj.params[arg.arg])
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
