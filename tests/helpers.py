"""Test helpers: tiny games, and a brute-force oracle written here, independent of the engine."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from grundy import Game, HeapGame, Move, Outcome, winning_moves
from grundy.cli.app import main
from grundy.errors import InvalidPositionError, LoopyGameError
from tests.schemas import check_cli_json


@dataclass(frozen=True)
class Chain(Game):
    """Position n has the single option n-1: a path as deep as you like (values alternate 0/1)."""

    name = "chain"

    @property
    def spec(self) -> str:
        return "chain"

    def moves(self, position: Any) -> Iterator[Move]:
        if position > 0:
            yield Move("step", position - 1)

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: Any) -> str:
        return str(position)


@dataclass(frozen=True)
class Cycle(Game):
    """Positions 0..k-1 on a cycle, plus an exit from 0 to the terminal position -1."""

    k: int = 3
    name = "cycle"

    @property
    def spec(self) -> str:
        return f"cycle({self.k})"

    def moves(self, position: Any) -> Iterator[Move]:
        if position >= 0:
            yield Move("around", (position + 1) % self.k)
        if position == 0:
            yield Move("exit", -1)

    def parse_position(self, text: str) -> int:
        value = int(text)
        if value < -1:
            raise InvalidPositionError(text)
        return value

    def format_position(self, position: Any) -> str:
        return str(position)


def brute_value(game: Game, position: Any) -> int:
    """The Grundy value by plain mex over the option graph, written here and independent of the
    engine: no cache, no canonical forms, no hooks, no sums — only the game's moves."""
    return _brute(game, position, misere=None)


def brute_outcome(game: Game, position: Any, misere: bool = False) -> Outcome:
    """The outcome by plain search of the option graph (independent of the engine)."""
    if misere:
        return Outcome.N if _brute(game, position, misere=True) else Outcome.P
    return Outcome.N if _brute(game, position, misere=None) else Outcome.P


def brute_winning_targets(game: Game, position: Any, misere: bool = False) -> set[Any]:
    """The positions one move away that the player to move wins by reaching (independent)."""
    position = game.validate(position)
    return {o for o in game.options(position) if not _brute(game, o, misere=True if misere else None)}


def _key(game: Game, position: Any) -> Any:
    """The oracle's own memo key: heaps in any order (and empty heaps) are the same position of
    a heap game; other positions are their own key."""
    if isinstance(game, HeapGame) and isinstance(position, tuple):
        return tuple(sorted(h for h in position if h))
    return position


def _brute(game: Game, position: Any, misere: bool | None) -> int:
    """Normal play (``misere=None``): the Grundy value; misère: 1 if the player to move wins.

    Iterative post-order over the options with an explicit stack; a position met again while it
    is still being expanded is a cycle (:class:`LoopyGameError`).
    """
    position = game.validate(position)
    done: dict[Any, int] = {}
    open_: set[Any] = set()
    stack: list[tuple[Any, list[Any] | None]] = [(position, None)]
    while stack:
        p, options = stack.pop()
        key = _key(game, p)
        if key in done:
            continue
        if options is None:
            options = list(game.options(p))
            open_.add(key)
            stack.append((p, options))
            for o in options:
                if _key(game, o) in open_:
                    raise LoopyGameError(f"{game.spec}: a cycle through {o!r}", o)
                if _key(game, o) not in done:
                    stack.append((o, None))
            continue
        open_.discard(key)
        values = [done[_key(game, o)] for o in options]
        if misere is None:
            done[key] = mex(values)
        else:
            done[key] = 1 if not options else int(any(v == 0 for v in values))
    return done[_key(game, position)]


def winning_targets(game: Game, position: Any, misere: bool = False) -> set[Any]:
    return {m.to for m in winning_moves(game, position, misere=misere)}


def brute_octal(digits: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) of the octal game with these digits, by the definition (mex over every move of
    the code), independent of the package's kernels."""
    g: list[int] = []
    for n in range(upto + 1):
        options = set()
        for i, d in enumerate(digits):
            if i > n:
                break
            rest = n - i
            if i > 0 and d & 1 and rest == 0:
                options.add(0)
            if i > 0 and d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        m = 0
        while m in options:
            m += 1
        g.append(m)
    return g


@cache
def split_game_value(piles: tuple[int, ...]) -> int:
    """The split game by its moves, independent of the package: a stone leaves pile i and one
    stone goes to each of piles j and k, i < j <= k <= n (two to pile j when j = k)."""
    n, seen = len(piles), set()
    for i in range(n):
        if piles[i]:
            for j in range(i + 1, n):
                for k in range(j, n):
                    after = list(piles)
                    after[i] -= 1
                    after[j] += 1
                    after[k] += 1
                    seen.add(split_game_value(tuple(after)))
    return mex(seen)


@cache
def coin_slide_value(strip: str) -> int:
    """Coin-slide by its moves, independent of the package: a coin goes to the nearest empty
    cell on its right, or off the strip when there is none."""
    seen = set()
    for i, cell in enumerate(strip):
        if cell == "#":
            j = strip.find(".", i + 1)
            after = list(strip)
            after[i] = "."
            if j >= 0:
                after[j] = "#"
            seen.add(coin_slide_value("".join(after)))
    return mex(seen)


def mex_table_subtraction(subtraction_set: list[int], upto: int) -> list[int]:
    """A hand-written subtraction-game table, the way users write it."""
    values: list[int] = []
    for n in range(upto + 1):
        values.append(mex(values[n - s] for s in subtraction_set if s <= n))
    return values


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process: its exit status (it must exit), stdout and stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out, err = capsys.readouterr()
    code = int(info.value.code or 0)
    check_cli_json(argv, code, out)
    return code, out, err


def cli_output(*argv: str) -> tuple[int, str, str]:
    """The command line in this process, without pytest's capture (a module-scoped fixture may
    call it): its exit status, stdout and stderr."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as done:
            code = int(done.code or 0)
    return code, out.getvalue(), err.getvalue()


def exported(*argv: str) -> str:
    """The program ``grundy export ARGV`` prints, which must succeed."""
    code, out, err = cli_output("export", *argv)
    assert code == 0, err
    return out


def python_lines(source: str, stdin: str, *, error_lines: bool = False, timeout: float = 300) -> list[str]:
    """The lines an exported Python program prints on ``stdin`` (no site packages). It must end
    well; with ``error_lines``, it may also end with status 1 (some lines were error lines), and
    only then write on stderr."""
    import sys

    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                          text=True, timeout=timeout)
    if error_lines:
        assert done.stderr == "" or done.returncode == 1, done.stderr
    else:
        assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split("\n")[:-1]


def run_python_program(source: str, stdin: str) -> tuple[int, list[str]]:
    """An exported Python program run on ``stdin`` (no site packages): its exit status and lines."""
    import sys

    done = subprocess.run([sys.executable, "-S", "-c", source], input=stdin, capture_output=True,
                          text=True, timeout=300)
    return done.returncode, done.stdout.split("\n")[:-1]


def solve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    """``grundy solve ARGV --json``, which must succeed, as a dict."""
    code, out, err = run(capsys, "solve", *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def heap_table(upto: int, options: Any) -> list[int]:
    """G(0..upto) of a heap game given by ``options(n)`` (tuples of heaps), by plain mex (written
    here, independent of grundy)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for option in options(n):
            v = 0
            for h in option:
                v ^= g[h]
            seen.add(v)
        g.append(mex(seen))
    return g


def compile_cpp_together(sources: list[str], tmp_path: Path, optimise: str = "-O0") -> Path:
    """One executable, compiled once with ``g++ -std=c++17 -Wall -Wextra`` (which must not warn), running
    program ``argv[1]`` of ``sources`` (each in its own namespace; those without a ``main`` are
    only compiled)."""
    includes: set[str] = set()
    parts, cases = [], []
    for i, source in enumerate(sources):
        body = []
        for line in source.splitlines():
            if line.startswith("#include"):
                includes.add(line)
            else:
                body.append(line.replace("int main()", "int run()"))
        if "int main()" in source:
            cases.append(f"        case {i}: return g{i}::run();")
        parts.append(f"namespace g{i} {{\n" + "\n".join(body) + f"\n}}  // namespace g{i}\n")
    dispatch = ("int main(int argc, char **argv) {\n    if (argc < 2) return 2;\n"
                "    switch (std::atoi(argv[1])) {\n" + "\n".join(cases) + "\n        default: return 2;\n"
                "    }\n}\n")
    src = tmp_path / "all.cpp"
    src.write_text("\n".join(sorted(includes)) + "\n\n" + "\n".join(parts) + dispatch)
    exe = tmp_path / "all"
    build = subprocess.run([shutil.which("g++") or "g++", "-std=c++17", optimise, "-Wall", "-Wextra", "-o",
                            str(exe), str(src)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0 and build.stderr == "", build.stderr[:3000]
    return exe


def mex(values: object) -> int:
    """The least natural number not among ``values`` (the contest tests' brute forces; written
    here, not taken from grundy)."""
    seen = set(values)  # type: ignore[call-overload]
    m = 0
    while m in seen:
        m += 1
    return m


def xor_all(values: object) -> int:
    """The XOR of ``values`` (the contest tests' brute forces)."""
    total = 0
    for v in values:  # type: ignore[attr-defined]
        total ^= v
    return total


def deleting_wins(upto: int) -> list[bool]:
    """CF 1537D "Deleting Divisors" (subtract a divisor d of n, 1 < d < n): who wins from each
    n <= upto, every divisor move tried (the options by a sieve)."""
    options: list[list[int]] = [[] for _ in range(upto + 1)]
    for d in range(2, upto // 2 + 1):
        for m in range(2 * d, upto + 1, d):
            options[m].append(m - d)
    wins = [False] * (upto + 1)
    for n in range(upto + 1):
        wins[n] = any(not wins[m] for m in options[n])
    return wins


def registered_rules(tmp_path_factory: pytest.TempPathFactory, stem: str, rules: str,
                     names: tuple[str, ...]) -> Iterator[Path]:
    """For a module-scoped fixture (``yield from``): the rules file ``rules`` written as
    ``STEM_rules.py`` (for ``grundy --rules`` in a subprocess), its games registered in this
    process while the fixture lasts, and ``names`` unregistered after it."""
    from grundy import catalog

    path = tmp_path_factory.mktemp(stem) / f"{stem}_rules.py"
    path.write_text(rules)
    namespace: dict[str, object] = {}
    exec(compile(rules, str(path), "exec"), namespace)
    try:
        yield path
    finally:
        for name in names:
            catalog.unregister(name)
