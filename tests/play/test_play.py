"""``grundy play``: the perfect opponent, checked against an outcome-and-remoteness search written
here (independent of grundy's engine and of the retrograde analysis it uses), and the command
loop over a non-terminal stdin, text and ``--json``."""

from __future__ import annotations

import io
import json
import random
from functools import cache
from typing import Any

import pytest

from grundy.catalog import load_game, parse_sum
from grundy.model.game import Game, Outcome
from grundy.play.analysis import Oracle, retrograde
from grundy.play.session import Match, MoveError
from tests.helpers import Cycle, brute_outcome, run


def _brute(game: Game, misere: bool) -> Any:
    """(won, remoteness) by plain recursion over the moves: the winner takes the quickest win,
    the loser the longest loss (acyclic games only)."""

    @cache
    def solve(position: Any) -> tuple[bool, int]:
        options = [solve(o) for o in game.options(position)]
        if not options:
            return misere, 0
        lost = [r for won, r in options if not won]
        if lost:
            return True, 1 + min(lost)
        return False, 1 + max(r for _, r in options)

    return solve


def _fixpoint(game: Game, start: Any) -> dict[Any, str]:
    """W/L/D of every reachable position by naive iteration to a fixed point (loopy games)."""
    seen, todo = {start}, [start]
    while todo:
        for o in game.options(todo.pop()):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    label = dict.fromkeys(seen, "D")
    changed = True
    while changed:
        changed = False
        for p in seen:
            if label[p] != "D":
                continue
            opts = [label[o] for o in game.options(p)]
            new = "W" if "L" in opts else "L" if all(x == "W" for x in opts) else "D"
            if new != "D":
                label[p], changed = new, True
    return label


SMALL = [("subtraction(1,3,4)", "9"), ("kayles", "3 4"), ("nim", "2 3 3"), ("wythoff", "3 4"),
         ("turning-turtles", "HTHHT"), ("nim", "1 + kayles 4 + subtraction(2,3) 6"), ("staircase", "2 1 2")]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize(("spec", "text"), SMALL)
def test_retrograde_matches_an_independent_search(spec: str, text: str, misere: bool) -> None:
    game, start = parse_sum(f"{spec} {text}")
    brute = _brute(game, misere)
    table = retrograde(game, start, misere=misere)
    oracle = Oracle(game, start, misere=misere)
    checked = 0
    todo, seen = [start], {start}
    while todo:
        p = todo.pop()
        won, far = brute(p)
        facts = oracle.facts(p)
        assert (facts.outcome, facts.remoteness) == (Outcome.N if won else Outcome.P, far), p
        if game.canonical(p) in table:
            assert table[game.canonical(p)] == (facts.outcome, far)
        checked += 1
        for o in game.options(p):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    assert checked > 5
    if not misere:  # the outcome also agrees with grundy's own brute-force oracle
        assert table[game.canonical(start)][0] is brute_outcome(game, start)


def test_draws_on_a_loopy_game() -> None:
    for game, start in [(Cycle(3), 1), (load_game("digraph(example=2)"), None)]:
        if start is None:
            start = game.parse_position("s u")
        expected = _fixpoint(game, start)
        table = retrograde(game, start)
        kinds = {"W": Outcome.N, "L": Outcome.P, "D": Outcome.D}
        found = {p: table[game.canonical(p)][0] for p in expected}
        assert found == {p: kinds[x] for p, x in expected.items()}
        assert Outcome.D in {table[game.canonical(p)][0] for p in expected} or game.spec.startswith("cycle")


@pytest.mark.parametrize("seed", range(6))
def test_retrograde_agrees_with_the_loopy_solver_on_random_graphs(seed: int) -> None:
    from grundy.games.graphs.digraph import Digraph

    rng = random.Random(seed)
    n = 14
    edges = {(rng.randrange(n), rng.randrange(n)) for _ in range(22)}
    if seed % 2:  # acyclic: edges go from larger to smaller vertices only
        edges = {(max(u, w), min(u, w)) for u, w in edges if u != w}
    game = Digraph.from_edges(n, sorted(edges))
    kinds = {1: Outcome.N, -1: Outcome.P, 0: Outcome.D}
    for misere in (False, True):
        expected = [kinds[int(x)] for x in game.vertex_outcomes(misere=misere)]
        table: dict[Any, Any] = {}
        for v in range(n):
            table.update(retrograde(game, (v,), misere=misere))
        assert [table[(v,)][0] for v in range(n)] == expected
        if seed % 2:  # and the remoteness agrees with the plain recursion
            brute = _brute(game, misere)
            assert [table[(v,)][1] for v in range(n)] == [brute((v,))[1] for v in range(n)]


def test_the_loopy_answer_agrees_with_smith_values() -> None:
    game = load_game("digraph(example=2)")
    oracle = Oracle(game, game.parse_position("x"))
    assert oracle.exact
    for v in ["x", "y", "z", "w", "t"]:
        pos = game.parse_position(v)
        assert oracle.facts(pos).outcome is game.closed_outcome(pos), v


def _play_out(match: Match, rng: random.Random, brute: Any) -> None:
    """Random moves for 'you'; every computer move is checked against the independent search."""
    while not match.over:
        if match.to_move == "you":
            moves = match.moves()
            assert moves
            match.play(match.game.format_position(rng.choice(moves).to))
            continue
        here_won, _here_far = brute(match.position)
        options = {match.game.canonical(m.to): brute(m.to) for m in match.moves() or []}
        reply = match.computer_turn()
        won, far = brute(reply.to)
        if here_won:  # it wins, as fast as it can
            assert not won and far == min(r for w, r in options.values() if not w), reply
            assert "wins" in reply.why
        else:         # it delays as long as it can
            assert far == max(r for _, r in options.values()), reply
            assert "delays" in reply.why


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize(("spec", "text"), SMALL[:6])
def test_the_computer_plays_perfectly(spec: str, text: str, misere: bool) -> None:
    rng = random.Random(f"{spec}{text}{misere}")
    for first in ("you", "computer"):
        game, start = parse_sum(f"{spec} {text}")
        match = Match(game, start, misere=misere, first=first)
        brute = _brute(game, misere)
        winner_first = brute(start)[0]
        _play_out(match, rng, brute)
        if first == "computer" and winner_first:  # a won start stays won
            assert match.winner == "computer"
        if first == "you" and not winner_first:
            assert match.winner == "computer"


def test_move_input_labels_prefixes_and_positions() -> None:
    match = Match(load_game("nim"), (3, 12))
    with pytest.raises(MoveError, match="ambiguous"):
        match.find_move("heap 2: take")
    assert match.find_move("heap 2: take 1").label == "heap 2: take 1: 12 → 11"  # not take 10, 11, 12
    assert match.find_move("heap 2: take 11").label == "heap 2: take 11: 12 → 1"
    assert match.find_move("HEAP 1:   take 3").to == (0, 12)
    assert match.find_move("3 3").to == (3, 3)
    assert match.find_move("12 2").to == (2, 12)  # heaps in any order
    with pytest.raises(MoveError, match="not a legal move"):
        match.find_move("5 5")
    with pytest.raises(MoveError, match="'bogus'"):
        match.find_move("bogus")


def test_undo_and_draw_by_repetition() -> None:
    match = Match(load_game("nim"), (2, 2))
    match.play("heap 1: take 2")
    match.computer_turn()
    assert match.over and match.winner == "computer"
    assert match.undo() and match.position == (2, 2) and match.to_move == "you"
    assert not match.undo()
    loop = Match(Cycle(3), 1)  # 1 → 2 → 0, and 0 exits to the end: no draw, the computer wins
    while not loop.over:
        if loop.to_move == "you":
            loop.play("around")
        else:
            loop.computer_turn()
    assert loop.winner == "computer"
    game = load_game("digraph(example=2)")  # x ⇄ y, and y → z wins for the player who moves there
    drawn = Match(game, game.parse_position("x"))
    assert drawn.facts().outcome is Outcome.D
    while not drawn.over:
        drawn.play("x → y")
        reply = drawn.computer_turn()
        assert reply.to == game.parse_position("x") and "draw" in reply.why
    assert drawn.winner == "draw" and drawn.turn_json()["winner"] == "draw"


def test_huge_positions_say_the_moves_are_too_many() -> None:
    match = Match(load_game("nim"), (10**18, 3), first="computer", limit=20_000)
    assert not match.oracle.exact and match.facts().remoteness is None
    reply = match.computer_turn()
    assert match.position == (3, 3) and "wins" in reply.why
    assert match.oracle.exact and match.facts().remoteness == 6  # analysed again, now exactly
    match.play("2 3")
    assert match.computer_turn().to == (2, 2)
    assert match.undo() and match.position == (3, 3)
    big = Match(load_game("nim"), (10**18,), limit=20_000)
    data = big.turn_json()
    assert data["moves"] == [] and data["moves_complete"] is False and "too many" in data["note"]
    big.play(str(10**18 - 7))
    assert big.position == (10**18 - 7,)


def _session(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str,
             *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return run(capsys, "play", *argv)


def test_cli_json_protocol(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _session(capsys, monkeypatch, "nonsense\nheap 2: take 1\nwhy\n0 0\n",
                              "nim", "1", "2", "--json")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    first = lines[0]
    assert first["position"] == "1 2" and first["to_move"] == "you" and first["outcome"] == "N"
    assert {m["to"]: m["outcome"] for m in first["moves"]} == {"0 2": "N", "1 1": "P", "1 0": "N"}
    assert all(set(m) >= {"move", "to", "outcome", "remoteness"} for m in first["moves"])
    assert "error" in lines[1] and "nonsense" in lines[1]["error"]
    assert lines[2]["computer_move"]["to"] == lines[2]["position"] and lines[2]["to_move"] == "you"
    assert lines[2]["computer_move"]["why"]
    assert lines[3]["explanation"]
    assert lines[-1]["winner"] == "you" and lines[-1]["moves"] == []


def test_cli_text_session_and_computer_first(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _session(capsys, monkeypatch, "hint\nquit\n", "kayles", "4", "--first", "computer")
    assert code == 0
    assert "computer: " in out and "why: wins" in out and "heap 1" in out
    assert "P-position" in out and "you stopped the match" in out
    code, out, _ = _session(capsys, monkeypatch, "undo\nquit\nheap 1: take 1\n", "nim", "3", "--misere",
                            "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["misere"] is True and lines[0]["outcome"] == "N"  # misère: take 2, leave the last
    assert lines[1:] == [{"error": "nothing to undo"}, {"quit": True}]  # and nothing after quit


def test_cli_bad_input_is_one_line(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["nimm", "3"], ["nim"], ["nim", "-3"], ["nim", "3", "--first", "me"]):
        code, _out, err = _session(capsys, monkeypatch, "", *argv)
        assert code == 2 and err.count("\n") == 1 and err.startswith("grundy: error:"), (argv, err)


RULES = '''
import grundy


@grundy.heap_game("play-digit")
def digit_take(n):
    """take one of the heap's non-zero digits"""
    return [n - int(d) for d in str(n) if d != "0"]


@grundy.game("play-loop")
def loop(p):
    (n,) = p  # a one-number position is the 1-tuple (n,)
    return [(m,) for m in {0: [1], 1: [0, 2], 2: [], 3: [3, 2]}[n]]
'''


@pytest.fixture
def rules(tmp_path: Any) -> Any:
    from grundy import catalog

    path = tmp_path / "play_rules.py"
    path.write_text(RULES)
    yield str(path)
    for name in ("play-digit", "play-loop"):
        if catalog.find_entry(name) is not None:
            catalog.unregister(name)


def test_games_of_a_rules_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                               rules: str) -> None:
    code, out, err = _session(capsys, monkeypatch, "", "--rules", rules, "play-digit", "23", "--json")
    assert code == 0, err
    turn = json.loads(out)
    assert {m["to"] for m in turn["moves"]} == {"21", "20"}
    digits = _brute(load_game("play-digit"), misere=False)
    assert turn["outcome"] == ("N" if digits((23,))[0] else "P")
    # a loopy game of your own: 1 ⇄ 0, 1 → 2 (the end); 3 loops on itself or ends at 2
    code, out, err = _session(capsys, monkeypatch, "", "--rules", rules, "play-loop", "0", "--json")
    assert code == 0, err
    assert json.loads(out)["outcome"] == "P"  # from 0 the only move is to 1, which moves to 2 and wins
    code, out, err = _session(capsys, monkeypatch, "", "--rules", rules, "play-loop", "3", "--first",
                              "computer", "--json")
    assert json.loads(out)["to_move"] == "you" and json.loads(out)["winner"] == "computer"


def test_serve_without_flask_is_one_line(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "flask", None)
    monkeypatch.delitem(sys.modules, "grundy.web.app", raising=False)
    code, _, err = run(capsys, "serve", "--port", "0")
    assert code == 2 and "pip install 'grundy[web]'" in err and err.count("\n") == 1


def test_board_views() -> None:
    from grundy.play.board import board

    game, position = parse_sum("wythoff 3 5 + turning-turtles THH + staircase 0 2")
    lines = board(game, position)
    assert lines == ["wythoff:", "  heap 1  ●●● 3", "  heap 2  ●●●●● 5", "turning-turtles:",
                     "  coin  1 2 3", "        T H H", "staircase:", "  step 1  · 0", "  step 2  ●● 2"]
    assert board(load_game("nim"), (100,)) == ["heap 1  " + "●" * 40 + "… 100"]
    graph = load_game("digraph(example=2)")
    assert board(graph, graph.parse_position("z")) == ["token 1 at z: may move to w, t"]
    tree = load_game("green-hackenbush(example=1)")
    assert board(tree, tree.parse_position("all"))[0].startswith("edges standing (7): 0 (g–a)")
