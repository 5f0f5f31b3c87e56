"""Capabilities only by declaration: generic code never probes a game.

A game says what it is in its :class:`~grundy.model.laws.Laws` (theorems, board, octal digits,
export rule, ...); code outside ``games/`` (the rules) and ``model/`` (the game model) reads that
declaration and never asks a game by ``getattr``/``hasattr``, by its class or class name, by its
spec compared with a literal, or by ``isinstance`` against a concrete game class. This test reads
``src/grundy`` with :mod:`ast` and fails on any such probe that is not listed below with a reason.

A probe is one of:

- ``getattr(X, ...)`` or ``hasattr(X, ...)``;
- ``X.__class__``, ``type(X).__name__``, ``type(X).__qualname__``;
- ``X.spec == "..."`` (or ``!=``, ``in``; a string literal or an f-string on the other side);
- ``isinstance(X, C)`` with ``C`` imported from ``grundy.games``.

``X`` is the probe's receiver. A receiver whose root name is in :data:`NOT_GAMES` is no game (an
argparse namespace, a module, an exception, ...); any other probe must be listed in
:data:`ALLOWED` under its file and its source text, with the reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "grundy"
EXEMPT = ("games/", "model/")
"""Where games are written (the rules, the game model): they may read their own classes."""

NOT_GAMES = {
    "args": "an argparse namespace (the options a subcommand defines)",
    "module": "a module of the command line or the catalogue (its EPILOG, a class by name)",
    "importlib": "a module imported by name (the lazy facade, the catalogue)",
    "math": "the math module (the names a rules file may use)",
    "builtins": "the builtins module (the names a rules file may use)",
    "arith": "grundy.patterns.arith (the functions a formula may call)",
    "stream": "an output stream (isatty, reconfigure, encoding)",
    "out": "an output stream (its binary buffer)",
    "exc": "an exception, named in an error message",
    "error": "an exception (its parameters and spec, for the command line's message)",
    "fn": "a user's function (its name and module, for the game it defines)",
    "target": "a user's function already registered (the same origin?)",
    "known": "a stored misère quotient (its compiled raw table, if any)",
    "node": "a node of a formula's syntax tree (named in a refusal)",
    "op": "an operator of a formula's syntax tree (named in a refusal)",
    "rows": "a payoff matrix given as data (a numpy array?)",
    "A": "a payoff matrix given as data (named in a refusal)",
    "v": "a value stored in a survey database (a damaged cell named by its type)",
}
"""Receivers that are no game, by their root name, with the reason."""

ALLOWED = {
    # ---- no games: the object's own class, or a position's type ----------------------------------
    ("define/base.py", "getattr(self, k)"):
        "a user's game class reading its own parameters by the names it declares (define builds it)",
    ("tables/kernels/octal_rare.py", "getattr(self, name)"): "a kernel workspace reading its own buffers",
    ("tables/kernels/__init__.py", "hasattr(Cache, name)"):
        "numba's cache class: the lean loader is used only where numba has the private methods it calls",
    ("survey/run.py", 'getattr(self.stream, "isatty", lambda: False)'): "the progress printer's stream",
    ("engine/search.py", "other.__class__"): "a cache key's equality (two keys of one class)",
    ("engine/search.py", "self.__class__"): "a cache key's equality (two keys of one class)",
    ("engine/search.py", "type(self).__qualname__"): "a cache key's repr",
    ("define/user_games.py", "option.__class__"): "a position's type (an int heap, or a tuple of them)",
    ("define/user_games.py", "h.__class__"): "a position's type (an int heap)",
    ("define/user_games.py", "o.__class__"): "a position's type (an int heap)",
    ("define/user_games.py", "got.__class__"): "the type of what a move function returned (list, tuple)",
    ("define/domain.py", "position.__class__"): "a position's type (a tuple of ints)",
    ("define/domain.py", "x.__class__"): "a position's type (a tuple of ints)",
    ("define/sums.py", "part.__class__"): "a part of a Sum: a position's type (a tuple of ints)",
    ("define/sums.py", "x.__class__"): "a part of a Sum: a position's type (a tuple of ints)",
    ("define/sums.py", "a.__class__"): "a part of a Sum: a position's type (a tuple of ints)",
    ("define/sums.py", "b.__class__"): "a part of a Sum: a position's type (a tuple of ints)",
}
"""Probes outside ``games/`` and ``model/`` that are allowed, by (file, source text): the reason."""


def _root(node: ast.expr) -> str | None:
    """The name a receiver starts from: ``self`` for ``self.stream``, ``game`` for
    ``type(game)``, ``importlib`` for ``importlib.import_module(m)``."""
    while True:
        if isinstance(node, ast.Name):
            return node.id
        if _calls(node, "type") and node.args:  # type(game): the game
            assert isinstance(node, ast.Call)
            node = node.args[0]
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute | ast.Subscript):
            node = node.value
        else:
            return None


def _calls(node: ast.AST, name: str) -> bool:
    """Whether ``node`` is a call of the builtin ``name``."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _game_classes(tree: ast.Module) -> set[str]:
    """The names a module imports from ``grundy.games`` (concrete games, their helpers)."""
    return {alias.asname or alias.name for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("grundy.games")
            for alias in node.names}


def probes(tree: ast.Module) -> Iterator[tuple[int, str, ast.expr | None]]:
    """``(line, source text, receiver)`` of every probe in ``tree`` (see the module)."""
    concrete = _game_classes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (_calls(node, "getattr") or _calls(node, "hasattr")) and node.args:
            yield node.lineno, ast.unparse(node), node.args[0]
        elif isinstance(node, ast.Attribute) and node.attr == "__class__":
            yield node.lineno, ast.unparse(node), node.value
        elif (isinstance(node, ast.Attribute) and node.attr in ("__name__", "__qualname__")
              and _calls(node.value, "type")):
            yield node.lineno, ast.unparse(node), node.value
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if (any(isinstance(s, ast.Attribute) and s.attr == "spec" for s in sides)
                    and any(_is_text(s) for s in sides)):
                yield node.lineno, ast.unparse(node), None
        elif (isinstance(node, ast.Call) and _calls(node, "isinstance") and len(node.args) == 2
              and {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)} & concrete):
            yield node.lineno, ast.unparse(node), None


def _normal(text: str) -> str:
    """Source text as :func:`ast.unparse` writes it (quotes, spaces)."""
    return ast.unparse(ast.parse(text, mode="eval").body)


def found_probes(root: Path = SRC) -> list[str]:
    """``file:line: text`` of every probe outside ``games/`` and ``model/`` that is neither on a
    receiver in :data:`NOT_GAMES` nor listed in :data:`ALLOWED`."""
    allowed = {(file, _normal(text)) for file, text in ALLOWED}
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(EXEMPT):
            continue
        found = sorted(probes(ast.parse(path.read_text(encoding="utf-8"))), key=lambda t: (t[0], t[1]))
        for line, text, receiver in found:
            if receiver is not None and _root(receiver) in NOT_GAMES:
                continue
            if (rel, text) not in allowed:
                out.append(f"{rel}:{line}: {text}")
    return out


def test_generic_code_never_probes_a_game() -> None:
    found = found_probes()
    assert not found, ("generic code probes a game; declare what it needs in the game's Laws "
                       "(grundy.model.laws) and read that instead:\n" + "\n".join(found))


def test_every_allowed_entry_has_a_reason() -> None:
    assert all(reason.strip() for reason in [*NOT_GAMES.values(), *ALLOWED.values()])


def test_the_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rules.py").write_text('def f(game):\n    return getattr(game, "digits", None)\n')
    (tmp_path / "generic.py").write_text(
        "from grundy.games.takeaway.wythoff import Wythoff\n"
        "def f(game, args, exc):\n"
        '    a = getattr(game, "digits", None)\n'
        '    b = hasattr(game, "pattern_theorems")\n'
        '    c = type(game).__name__ == "Wythoff"\n'
        "    d = game.__class__\n"
        '    e = game.spec == "moore"\n'
        '    f = game.spec != f"octal({a})"\n'
        "    g = isinstance(game, Wythoff)\n"
        '    h = getattr(args, "limit", None), type(exc).__name__\n'  # (no games: not found)
        "    return game.spec == other.spec\n")  # (two games compared: no probe)
    found = found_probes(tmp_path)
    assert [f.split(":")[1] for f in found] == ["3", "4", "5", "6", "7", "8", "9"], found
    assert all(f.startswith("generic.py:") for f in found)


# ---- the words of a pattern are typed: Describes and Status, one home (grundy.model.laws) -------

PATTERN_WORDS = {"values", "p-positions", "proved", "conjecture"}
"""The values of :class:`~grundy.model.laws.Describes` and :class:`~grundy.model.laws.Status`."""

LITERAL_WORDS_ALLOWED = {
    "theory/quotient": "a misère quotient's own status (proved, observed, ...), no pattern's",
    "tables/misere_table.py": "a misère quotient's own status (proved, observed, ...), no pattern's",
}
"""Files (by prefix) that may still compare ``.describes``/``.status`` with a literal, and why."""


def literal_words(root: Path = SRC) -> list[str]:
    """``file:line: text`` of every ``X.describes``/``X.status`` compared with one of
    :data:`PATTERN_WORDS` written as a literal, outside the allowed files."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(tuple(LITERAL_WORDS_ALLOWED)):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            words = {s.value for side in sides for s in ast.walk(side)
                     if isinstance(s, ast.Constant) and isinstance(s.value, str)}
            typed = any(isinstance(s, ast.Attribute) and s.attr in ("describes", "status") for s in sides)
            if typed and words & PATTERN_WORDS:
                out.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    return sorted(out)


def test_the_words_of_a_pattern_are_compared_typed() -> None:
    found = literal_words()
    assert not found, "compare with grundy.model.laws.Describes / Status, not a literal:\n" + "\n".join(found)


def test_the_words_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('def f(p):\n'
                                   '    return p.status == "proved" or p.describes in ("values",)\n'
                                   "def g(p, Status):\n"
                                   "    return p.status == Status.PROVED\n")
    assert literal_words(tmp_path) == ["a.py:2: p.describes in ('values',)", "a.py:2: p.status == 'proved'"]
