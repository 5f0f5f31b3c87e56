"""The move function of a game made with :mod:`grundy.define` as stand-alone source (its
parameters set to the game's), for an exported program to call beyond its table."""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types
from typing import Any

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


PROVIDED = frozenset({"grundy", "Sum"})
"""The names an exported program of a game on positions provides to the move function it carries:
``grundy.Sum`` and ``Sum``, a move that splits a position into a sum (nothing else of grundy)."""


def position_move_source(game_obj: Game) -> tuple[str | None, set[str]]:
    """The move function of a ``@grundy.game`` as stand-alone source ``moves(position)``, its
    parameters set to this game's, for an exported program that carries it; or ``None`` and the
    names it reads from outside the function (``grundy`` and ``Sum`` are provided: see
    :data:`PROVIDED`), or ``None`` and no names when its source cannot be read.

    >>> import grundy
    >>> @grundy.game("doc-src", arity=3)
    ... def steps(p, *, k=2):
    ...     return [(p[0] - 1, p[1], p[2])] if p[0] else []
    >>> print(position_move_source(grundy.load_game("doc-src(k=5)"))[0], end="")
    def moves(p, *, k=5):
        return [(p[0] - 1, p[1], p[2])] if p[0] else []
    >>> grundy.catalog.unregister("doc-src")
    """
    if not isinstance(game_obj, UserGame):
        return None, set()
    fn = type(game_obj).move_function
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None, set()
    node = next((n for n in tree.body if isinstance(n, ast.FunctionDef)), None)
    if node is None:
        return None, set()
    node.decorator_list = []
    outside = _free_names(node) - PROVIDED
    if outside:
        return None, outside
    for i, arg in enumerate(node.args.kwonlyargs):
        if arg.arg in game_obj.defaults:
            node.args.kw_defaults[i] = ast.Constant(game_obj.params[arg.arg])
    node.name = "moves"
    return ast.unparse(node) + "\n", set()


def start_source(game_obj: Game) -> tuple[str | None, set[str]]:
    """The declared start function of a ``@grundy.game`` (``start=``) as stand-alone source
    ``def start(...)`` (a lambda is found in its source by the byte code it compiles to), or
    ``None`` and the names it reads from outside (or no names: no start, or its source cannot be
    read).

    >>> import grundy
    >>> @grundy.game("doc-start", arity=2, start=lambda n, k: (n, 1))
    ... def ring(p, *, n=3, k=1):
    ...     return []
    >>> print(start_source(grundy.load_game("doc-start"))[0], end="")
    def start(n, k):
        return (n, 1)
    >>> grundy.catalog.unregister("doc-start")
    """
    fn = type(game_obj).start_function if isinstance(game_obj, UserGame) else None
    if fn is None:
        return None, set()
    try:
        text = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return None, set()
    node = _function_node(text, fn)
    if node is None:
        return None, set()
    outside = _free_names(node) - PROVIDED
    if outside:
        return None, outside
    node.name = "start"
    return ast.unparse(node) + "\n", set()


def _function_node(text: str, fn: Any) -> ast.FunctionDef | None:
    """The definition of ``fn`` in its source ``text``, a lambda turned into a ``def``: the one
    node whose compiled byte code is ``fn``'s (a lambda in a decorator's arguments is cut out of
    the lines around it)."""
    trees: list[ast.AST] = []
    for attempt in (text, text.lstrip().lstrip("@")):
        try:
            trees.append(ast.parse(attempt))
            break
        except SyntaxError:
            continue
    if not trees and "lambda" in text:  # (a lambda among a call's arguments, over several lines)
        rest = text[text.index("lambda"):].rstrip()
        while rest and not trees:
            try:
                trees.append(ast.parse(rest, mode="eval"))
            except SyntaxError:
                rest = rest[:-1].rstrip()
    for tree in trees:
        for sub in ast.walk(tree):
            if isinstance(sub, ast.FunctionDef) and sub.name == fn.__name__ and _same_code(sub, fn):
                sub.decorator_list = []
                return sub
            if isinstance(sub, ast.Lambda) and _same_code(sub, fn):
                body: list[ast.stmt] = [ast.Return(sub.body)]
                made = ast.FunctionDef(name="start", args=sub.args, body=body, decorator_list=[],
                                       returns=None, type_comment=None)
                return ast.fix_missing_locations(made)
    return None


def _same_code(node: ast.FunctionDef | ast.Lambda, fn: Any) -> bool:
    """Whether ``node`` compiles to the byte code of ``fn`` (its arguments' names too)."""
    if not isinstance(fn, types.FunctionType):
        return False
    code = fn.__code__
    try:
        if isinstance(node, ast.Lambda):
            compiled = compile(ast.Expression(node), "<start>", "eval")
        else:
            compiled = compile(ast.Module([node], []), "<start>", "exec")
    except (SyntaxError, ValueError, TypeError):
        return False
    made = next((c for c in compiled.co_consts if isinstance(c, types.CodeType)), None)
    return made is not None and made.co_code == code.co_code and made.co_varnames == code.co_varnames


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
            if isinstance(sub, ast.FunctionDef):
                bound.add(sub.name)
        elif isinstance(sub, ast.Import | ast.ImportFrom):  # (a module imported inside the function)
            bound.update((a.asname or a.name).split(".")[0] for a in sub.names)
    return loads - bound - set(dir(builtins))
