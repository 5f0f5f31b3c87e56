"""The ``grundy`` command line: ``list``, ``solve`` and ``table``.

Every error caused by the input prints one line on stderr and exits with status 2.
Heavy libraries (numpy, numba, scipy) are never imported on the ``solve`` path of a game that
does not need them, so ``grundy solve nim 3 4 5`` starts instantly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from grundy.cli.matrix import matrix_command
from grundy.errors import GrundyError, InvalidInputError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode="rich",
    help="Solve impartial combinatorial games: who wins, the Grundy value, every winning move, and why.",
)

_out = Console(highlight=False, soft_wrap=True)
T = TypeVar("T")

JsonFlag = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


@app.command("list")
def list_command(json_out: JsonFlag = False) -> None:
    """List every registered game with its parameters and a one-line description."""
    from grundy.catalog import registered_games

    entries = registered_games()
    if json_out:
        _print_json([{"name": e.name, "params": e.params, "summary": e.summary,
                      "aliases": list(e.aliases)} for e in entries])
        return
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("game")
    table.add_column("parameters")
    table.add_column("description")
    for e in entries:
        name = e.name + (f" ({', '.join(e.aliases)})" if e.aliases else "")
        table.add_row(name, e.params or "-", e.summary)
    _out.print(table)


def _searching(work: Callable[[], T]) -> T:
    """Run ``work``; if a brute-force search runs long, show a live counter on a terminal."""
    if not sys.stderr.isatty():
        return work()
    from rich.status import Status

    from grundy.core.engine import reporting_progress

    status: Status | None = None

    def hook(steps: int) -> None:
        nonlocal status
        if status is None:
            status = Status("searching…", console=Console(stderr=True))
            status.start()
        status.update(f"brute force: {steps:,} steps (Ctrl-C stops)")

    try:
        with reporting_progress(hook):
            return work()
    finally:
        if status is not None:
            status.stop()


@app.command("solve", context_settings={"ignore_unknown_options": True})
def solve_command(
    game: Annotated[str, typer.Argument(
        help="Game name, with parameters if any: nim, 'subtraction(1,3,4)'.")],
    position: Annotated[list[str] | None, typer.Argument(
        help="The position: for heap games one number per heap. '+' starts another game of a sum.")] = None,
    misere: Annotated[bool, typer.Option("--misere", help="Misère play: whoever moves last loses.")] = False,
    json_out: JsonFlag = False,
    graph: Annotated[str | None, typer.Option(
        "--graph", help="Graph file (edge list 'u v' per line, or JSON): digraph, green-hackenbush.")] = None,
    ground: Annotated[str | None, typer.Option("--ground", help="Ground vertex of green-hackenbush.")] = None,
    plot: Annotated[str | None, typer.Option(
        "--plot", help="Draw the graph, winning moves highlighted, into this PNG (matplotlib).")] = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", min=1, help="Brute-force budget in steps (positions + options); default 2,000,000.")
    ] = None,
    heap_file: Annotated[str | None, typer.Option(
        "--file", help="Read the heaps from this file ('-': stdin), separated by spaces/commas/newlines.")
    ] = None,
) -> None:
    """Who wins, the Grundy value, every winning move, and the rule that decided it.

    [bold]Examples[/bold]

      grundy solve nim 3 4 5

      grundy solve 'subtraction(1,3,4)' 10 7 --json

      grundy solve nim 3 4 --misere

    [bold]Sums of different games[/bold]: separate the components with a lone [bold]+[/bold],
    each component written GAME POSITION:

      grundy solve nim 3 + 'subtraction(1,2,3)' 7 + nim 5

    [bold]Games on graphs[/bold]: the graph comes from a file (edge list 'u v' per line, or JSON):

      grundy solve digraph --graph edges.txt a b b      (tokens; cycles give draws)

      grundy solve green-hackenbush --graph g.txt --ground 0 --plot cut.png
    """
    from grundy.core.solve import solve
    from grundy.core.sums import parse_sum
    from grundy.games.takeaway.nim import LARGE_NIM_HEAPS, large_nim_report

    tokens = [game, *(position or [])]
    for token in tokens:
        if token.startswith("--"):
            raise InvalidInputError(f"no such option: {token!r} (see 'grundy solve --help')")
    if heap_file is not None:
        the_game, heaps = _game_with_heap_file(game, position or [], heap_file)
        if the_game.spec == "nim" and len(heaps) >= LARGE_NIM_HEAPS:
            _print_large_nim(large_nim_report(heaps, misere), json_out)
            return
        the_position = the_game.validate(heaps if isinstance(heaps, tuple) else tuple(heaps.tolist()))
    elif graph is not None or ground is not None:
        from grundy.graphs.graphio import game_on_graph

        the_game, the_position = game_on_graph(game, graph, ground, position or [])
    else:
        the_game, the_position = parse_sum(tokens)
    from grundy.core.engine import DEFAULT_LIMIT

    budget = DEFAULT_LIMIT if limit is None else limit
    answer = _searching(lambda: solve(the_game, the_position, misere=misere, limit=budget))
    if plot is not None:
        from grundy.graphs.drawing import plot_solution

        plot_solution(answer, plot)
    if json_out:
        _print_json(answer.to_json())
        return
    fmt = the_game.format_position
    verdict = {"N": "first player (to move) wins", "P": "second player wins",
               "D": "a draw: neither player can force a win"}[answer.outcome.value]
    kind = f"{answer.outcome.value}-position"
    _out.print(f"[bold]{the_game.spec}[/bold]  {fmt(the_position)}" + ("  (misère)" if misere else ""))
    _out.print(f"  outcome:  [bold]{kind}[/bold], {verdict}")
    value = "—" if answer.grundy is None else str(answer.grundy)
    _out.print(f"  grundy:   {value}" + (f"  ({answer.note})" if answer.note and not misere else ""))
    if answer.winning_moves:
        _out.print(f"  winning moves ({len(answer.winning_moves)}):")
        shown = answer.winning_moves[:50]
        for move in shown:
            _out.print(f"    {move.label}   ⇒  {fmt(move.to)}", markup=False)
        if len(answer.winning_moves) > len(shown):
            _out.print(f"    … and {len(answer.winning_moves) - len(shown)} more (--json lists all)")
    elif not answer.moves_listed:
        _out.print("  winning moves: not listed (too many; see the note above)")
    else:
        _out.print("  winning moves: none")
    _out.print(f"  why:      {answer.reason}", markup=False)


@app.command("table")
def table_command(
    game: Annotated[str, typer.Argument(help="A heap game, e.g. 'subtraction(1,3,4)'.")],
    upto: Annotated[int, typer.Option("--upto", "-n", help="Largest heap size.", min=0)] = 50,
    json_out: JsonFlag = False,
    summary: Annotated[bool, typer.Option(
        "--summary", help="Only the periodicity, largest value, rare values and compute time.")] = False,
    plot: Annotated[str | None, typer.Option(
        "--plot", help="Draw the sequence (scatter plot) into this PNG file (matplotlib).")] = None,
    method: Annotated[str, typer.Option(
        "--method", help="auto (fastest exact route), plain or sparse (force a kernel).")] = "auto",
) -> None:
    """The Grundy values of single heaps 0..N, the period (proved or observed) and the rare values.

    [bold]Examples[/bold]

      grundy table kayles --upto 200

      grundy table 'octal(0.16)' --upto 1000000 --summary

      grundy table 'subtraction(1,3,4)' --upto 100000 --json --summary
    """
    from grundy.catalog import load_game
    from grundy.cli.table import run_table

    the_game = load_game(game)
    grid = the_game.table_2d(upto)
    if grid is not None:
        _print_grid(the_game.spec, grid, json_out)
        return
    run_table(the_game, upto, method=method, summary=summary, json_out=json_out, plot=plot,
              out=_out, print_json=_print_json)


def _game_with_heap_file(spec: str, extra: list[str], path: str) -> tuple[Any, Any]:
    """``solve GAME --file PATH``: a heap game whose heaps are read from a file or stdin."""
    from pathlib import Path

    from grundy.catalog import load_game
    from grundy.core.game import HeapGame
    from grundy.games.takeaway.nim import parse_heaps_text

    the_game = load_game(spec)
    if not isinstance(the_game, HeapGame):
        raise InvalidInputError(f"--file reads heaps, but {the_game.spec!r} is not a heap game")
    if extra:
        raise InvalidInputError(f"give the heaps either on the command line or in --file, not both: "
                                f"{' '.join(extra)!r}")
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInputError(f"cannot read heap file {path!r}: {exc}") from None
    return the_game, parse_heaps_text(text)


def _print_large_nim(report: dict[str, Any], json_out: bool) -> None:
    """Print :func:`grundy.games.takeaway.nim.large_nim_report` (Nim with very many heaps)."""
    if json_out:
        _print_json(report)
        return
    verdict = "first player (to move) wins" if report["outcome"] == "N" else "second player wins"
    _out.print(f"[bold]nim[/bold]  {report['position']}" + ("  (misère)" if report["misere"] else ""))
    _out.print(f"  outcome:  [bold]{report['outcome']}-position[/bold], {verdict}")
    _out.print(f"  grundy:   {'—' if report['grundy'] is None else report['grundy']}")
    moves = report["winning_moves"]
    _out.print(f"  winning moves ({len(moves)}):" if moves else "  winning moves: none")
    for move in moves[:50]:
        _out.print(f"    {move['move']}", markup=False)
    if len(moves) > 50:
        _out.print(f"    … and {len(moves) - 50} more (--json lists all)")
    _out.print(f"  why:      {report['reason']}", markup=False)


def _print_grid(spec: str, grid: list[list[int]], json_out: bool) -> None:
    """Print a 2-D table ``G(a, b)`` (rows a, columns b) of a two-heap game."""
    if json_out:
        _print_json({"game": spec, "values": grid})
        return
    upto = len(grid) - 1
    width = max(len(str(upto)), *(len(str(v)) for row in grid for v in row))
    _out.print(f"[bold]{spec}[/bold]  Grundy values G(a, b), 0 ≤ a, b ≤ {upto} (rows a, columns b)")
    _out.print("  " + " " * width + " │ " + " ".join(str(b).rjust(width) for b in range(len(grid[0]))),
               markup=False)
    _out.print("  " + "─" * width + "─┼" + "─" * ((width + 1) * len(grid[0])), markup=False)
    for a, row in enumerate(grid):
        _out.print(f"  {str(a).rjust(width)} │ " + " ".join(str(v).rjust(width) for v in row), markup=False)


app.command("matrix")(matrix_command)


def fail(message: str, code: int = 2) -> None:
    """Print ``grundy: error: message`` as one line on stderr and exit with ``code``."""
    line = " ".join(str(message).split())
    sys.stderr.write(f"grundy: error: {line}\n")
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``grundy`` console script."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="grundy", standalone_mode=False)
        if code == 130:  # typer turns Ctrl-C inside a command into a silent exit code 130
            fail("interrupted", 130)
    except typer.Abort:
        fail("interrupted", 130)
    except typer.TyperException as exc:  # usage errors: bad option, missing argument, bad value
        if type(exc).__name__ == "NoArgsIsHelpError":  # help was already printed
            code = 0
        else:
            fail(exc.format_message() if hasattr(exc, "format_message") else str(exc))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    except GrundyError as exc:
        fail(str(exc))
    except MemoryError:
        fail("out of memory: try a smaller input")
    except RecursionError:  # pragma: no cover - the engine is iterative; a bug if reached
        fail("internal recursion limit reached (please report this input)", 1)
    except BrokenPipeError:
        sys.stderr.close()
        code = 0
    raise SystemExit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
