"""The move function of a game made with :mod:`grundy.define` as stand-alone source (its
parameters set to the game's), for an exported program to call beyond its table."""

from __future__ import annotations

import ast
import builtins
import inspect
import sys
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
    if _carry(node, fn, _free_names(node)):
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


def uncarried_names(game_obj: Game) -> set[str]:
    """The names the move function of a user game reads from outside itself that a program cannot
    carry (a list or a dict built at the top of the rules file, say): why :func:`move_source` is
    ``None``; empty when it is not (or its source cannot be read at all)."""
    if not isinstance(game_obj, UserGame | UserHeapGame):
        return set()
    fn = type(game_obj).move_function
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return set()
    node = next((n for n in tree.body if isinstance(n, ast.FunctionDef)), None)
    if node is None:
        return set()
    node.decorator_list = []
    return _carry(node, fn, _free_names(node))


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
    outside = _carry(node, fn, _free_names(node) - PROVIDED)
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


def _carry(node: ast.FunctionDef, fn: Any, names: set[str]) -> set[str]:
    """Write at the top of the body of ``node`` (the source of ``fn``) the names it reads from its
    module that a program can carry: a module of Python's standard library (``import itertools``),
    a function or class imported from one (``from math import isqrt``), a constant (a number, a
    string, a tuple of them: ``BAN = 1000000``), each as it is in ``fn``'s module now; local to the
    function, so no name of the program around it is shadowed. The names left, which it cannot
    carry (nothing is written then).

    >>> from itertools import product
    >>> STEP = 2
    >>> def moves(p):
    ...     return [tuple(x - STEP for x in q) for q in product(p, repeat=2)]
    >>> node = ast.parse(textwrap.dedent(inspect.getsource(moves))).body[0]
    >>> _carry(node, moves, _free_names(node)), ast.unparse(node).split("\\n")[1:3]
    (set(), ['    STEP = 2', '    from itertools import product'])
    """
    scope = fn.__globals__ if isinstance(fn, types.FunctionType) else {}
    head: list[ast.stmt] = []
    for name in sorted(names):
        line = _carried(name, scope[name]) if name in scope else None
        if line is not None:
            head.append(ast.parse(line).body[0])
    if len(head) < len(names):
        return names - {_bound_name(h) for h in head}
    first = node.body[0]
    at = 1 if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
        and isinstance(first.value.value, str) else 0  # (after the docstring)
    node.body[at:at] = head
    ast.fix_missing_locations(node)
    return set()


def _bound_name(statement: ast.stmt) -> str:
    """The name a carried statement binds (an import's, an assignment's)."""
    if isinstance(statement, ast.Import | ast.ImportFrom):
        alias = statement.names[0]
        return alias.asname or alias.name
    assert isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name)
    return statement.targets[0].id


def _carried(name: str, value: Any) -> str | None:
    """The statement that binds ``name`` to ``value`` in a program of its own, or ``None``."""
    if isinstance(value, types.ModuleType):
        module = value
        if module.__name__.split(".")[0] not in sys.stdlib_module_names:
            return None
        return f"import {module.__name__}" + ("" if name == module.__name__ else f" as {name}")
    if isinstance(value, types.FunctionType | types.BuiltinFunctionType | type):
        home, label = inspect.getmodule(value), str(value.__name__)
        if home is None or home.__name__.split(".")[0] not in sys.stdlib_module_names \
                or home.__name__ == "builtins" or vars(home).get(label) is not value:
            return None
        return f"from {home.__name__} import {label}" + ("" if name == label else f" as {name}")
    if _constant(value):
        try:
            same = ast.literal_eval(repr(value)) == value  # (not inf, nan, a frozenset's repr)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            same = False
        return f"{name} = {value!r}" if same else None
    return None


def _constant(value: Any) -> bool:
    """Whether ``value`` is a constant a program can write as it is: a number, a string, bytes,
    ``None`` or a boolean, or a tuple or frozenset of them."""
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return True
    return isinstance(value, tuple | frozenset) and all(_constant(v) for v in value)
