"""One answer, one writer: the command line (one position, ``--file``, ``--batch``, ``--every``),
the web API and the library give the same JSON for the same positions — 2, 100, 5,000 and 10**6
heaps, normal and misère play, sums answered in bulk or in general — because all of them print
through :mod:`grundy.solving.writers`; and the bulk answer agrees with a brute force of the test's own."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from grundy import load_game, solve, solve_every
from grundy.catalog import parse_sum
from grundy.solving.writers import answer_json, json_chunks, text_lines
from tests.helpers import run
from tests.marks import slow_params


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)  # (run() validates the JSON against the published schema)
    assert code == 0, err
    return out


def _heaps(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(1, 1000) for _ in range(count)]


def _mex_values(takes: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) of a subtraction game by a plain mex, written here."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = {g[n - s] for s in takes if s <= n}
        g.append(next(v for v in range(len(takes) + 1) if v not in seen))
    return g


@pytest.mark.parametrize("count", slow_params([2, 100, 5_000, 10**6], {100, 5_000, 10**6}))
@pytest.mark.parametrize("spec", ["nim", "subtraction(1,3,4)", "kayles"])
@pytest.mark.parametrize("misere", [False, True])
def test_cli_file_and_library_write_the_same_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    count: int, spec: str, misere: bool) -> None:
    if count == 10**6 and (spec == "kayles" or (misere and spec != "nim")):
        pytest.skip("a million heaps: the bulk paths (a general sum of a million is the schema test's)")
    heaps = _heaps(count, count)
    path = tmp_path / "heaps.txt"
    path.write_text(" ".join(map(str, heaps)))
    flags = ["--misere"] if misere else []
    out = _cli(capsys, "solve", spec, "--file", str(path), "--json", *flags)
    answer = solve(load_game(spec), tuple(heaps), misere=misere, remoteness=True)
    assert out == "".join(json_chunks(answer)) + "\n"
    data = json.loads(out)
    if count <= 5_000:
        assert data == answer_json(answer)
    text = _cli(capsys, "solve", spec, "--file", str(path), *flags)
    assert text.splitlines() == text_lines(answer)
    if spec == "subtraction(1,3,4)" and not misere:  # the test's own brute force
        g = _mex_values((1, 3, 4), 1000)
        total = 0
        for h in heaps:
            total ^= g[h]
        wins = [(i + 1, s) for i, h in enumerate(heaps) for s in (1, 3, 4)
                if s <= h and g[h - s] == g[h] ^ total]
        assert data["grundy"] == total
        assert [(m["part"], int(m["part_from"]) - int(m["part_to"])) for m in data["winning_moves"]] == wins


@pytest.mark.parametrize("count", slow_params([2, 100, 5_000], {5_000}))
def test_typed_heaps_are_the_file_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         count: int) -> None:
    heaps = _heaps(count, 7)
    path = tmp_path / "heaps.txt"
    path.write_text("\n".join(map(str, heaps)))
    for spec in ("nim", "subtraction(1,3,4)"):
        typed = _cli(capsys, "solve", spec, *map(str, heaps), "--json")
        assert typed == _cli(capsys, "solve", spec, "--file", str(path), "--json")


def test_web_api_writes_the_command_lines_answer(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("flask", reason="grundy serve needs Flask")
    from grundy.web.app import create_app
    from tests.schemas import checked_client

    client = checked_client(create_app())
    cases: list[tuple[str, list[str], bool]] = [
        ("nim", ["3", "4", "5"], False), ("nim", ["1", "1", "4"], True),
        ("kayles", list(map(str, _heaps(100, 3))), False), ("kayles", ["10"], True),
        ("subtraction(1,3,4)", list(map(str, _heaps(400, 4))), False),  # (the page takes 2,000 characters)
        ("nim", ["3", "+", "subtraction(1,2,3)", "7"], False),
    ]
    for spec, position, misere in cases:
        query: dict[str, Any] = {"game": spec, "position": " ".join(position)}
        if misere:
            query["misere"] = "1"
        web = client.get("/api/solve", query_string=query)
        assert web.status_code == 200, web.get_json()
        cli = json.loads(_cli(capsys, "solve", spec, *position, "--json", *(["--misere"] if misere else [])))
        assert web.get_json() == cli, (spec, position)
        game, parsed = parse_sum([spec, *position])
        assert cli == answer_json(solve(game, parsed, misere=misere, remoteness=True))


def test_every_and_batch_lines_are_the_librarys_answers(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    argv = ["nim", "3", "+", "subtraction(1,2)", "4", "+", "kayles", "5"]
    out = _cli(capsys, "solve", "--every", *argv, "--json")
    answer = solve_every(*parse_sum(argv))
    assert json.loads(out) == answer_json(answer)
    assert _cli(capsys, "solve", "--every", *argv).splitlines() == text_lines(answer)
    lines = ["3 4 5", "1 1", " ".join(map(str, _heaps(5_000, 9))), "7"]
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    game = load_game("subtraction(1,3,4)")
    printed = _cli(capsys, "solve", "subtraction(1,3,4)", "--batch", str(path), "--json").splitlines()
    assert len(printed) == len(lines)
    for line, text in zip(lines, printed, strict=True):
        position = game.parse_position(line)
        assert text == "".join(json_chunks(solve(game, position)))
    values = _cli(capsys, "solve", "subtraction(1,3,4)", "--batch", str(path)).splitlines()
    answers = [solve(game, game.parse_position(x)) for x in lines]
    assert values == [f"{a.outcome.value} {a.grundy}" for a in answers]


def test_a_declared_take_away_set_is_the_games_moves_and_labels() -> None:
    """What lets a sum of many heaps be written in bulk: a game that declares its take-away set
    moves and labels its heaps as the set says (``take s: n → n - s``), checked on every catalogue
    game that declares one (the bulk writer no longer compares with the general path at run time)."""
    from grundy.catalog import registered_games
    from grundy.model.game import HeapGame, laws_of
    from grundy.model.laws import TakeKind

    seen = set()
    for entry in registered_games():
        for example in entry.examples[:1]:
            game = load_game(example.split()[0])
            rule = laws_of(game).take_away if isinstance(game, HeapGame) else None
            if rule is None:
                continue
            seen.add(entry.name)
            for n in range(40):
                moves = [(label, result) for label, result in game.heap_moves(n)]
                takes = [n - result[0] for _, result in moves]
                assert all(len(result) == 1 for _, result in moves), game.spec
                assert [label for label, _ in moves] == [f"take {s}: {n} → {n - s}" for s in takes], game.spec
                allowed = set(rule.values)
                expected = {s for s in range(1, n + 1)
                            if (s in allowed) == (rule.kind is TakeKind.ONLY)}
                assert set(takes) == expected, (game.spec, n)
    assert {"nim", "subtraction", "bash"} <= seen
