"""Large Nim: numpy array API, heap files (--file, stdin), and misère via the anti-Nim rule."""

from __future__ import annotations

import io
import json
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from grundy import load_game, outcome, solve
from grundy.errors import InvalidInputError, InvalidPositionError
from grundy.games.takeaway.nim import nim_sum_array, nim_winning_moves_array, parse_heaps_text
from grundy.solving.bulk import BULK_SUM
from tests.helpers import brute_outcome, brute_winning_targets, run

NIM = load_game("nim")


def test_array_api_matches_the_tuple_rules() -> None:
    rng = np.random.default_rng(7)
    for _ in range(50):
        arr = rng.integers(0, 64, rng.integers(1, 9))
        position = tuple(arr.tolist())
        assert nim_sum_array(arr) == solve(NIM, position).grundy
        idx, new = nim_winning_moves_array(arr)
        moved = {(*position[:i], v, *position[i + 1:])
                 for i, v in zip(idx.tolist(), new.tolist(), strict=True)}
        assert moved == {m.to for m in solve(NIM, position).winning_moves}
    assert nim_sum_array(np.array([5, 9], dtype=np.uint8)) == 12
    assert solve(NIM, np.array([3, 4, 5])).grundy == 2


@pytest.mark.parametrize("bad", [np.array([1, -2]), np.array([1.5]), np.zeros((2, 2), dtype=int)])
def test_array_api_rejects_bad_arrays(bad: np.ndarray) -> None:
    with pytest.raises(InvalidPositionError):
        nim_sum_array(bad)


@pytest.mark.slow
def test_bulk_nim_matches_the_brute_force_normal_and_misere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("grundy.solving.bulk.BULK_SUM", 1)  # every position in bulk
    monkeypatch.setattr("grundy.solving.solve.LARGE_SUM", 1)
    for heaps in product(range(4), repeat=4):
        for misere in (False, True):
            answer = solve(NIM, np.array(heaps), misere=misere)
            assert answer.heaps is not None
            report = answer.to_json()
            assert report["outcome"] == brute_outcome(NIM, heaps, misere).value, (heaps, misere)
            targets = {(*heaps[:m["part"] - 1], int(m["part_to"]), *heaps[m["part"]:])
                       for m in report["winning_moves"]}
            assert targets == brute_winning_targets(NIM, heaps, misere), (heaps, misere)


def test_parse_heaps_text() -> None:
    assert parse_heaps_text("1,2 , 3\n4\t5").tolist() == [1, 2, 3, 4, 5]
    assert parse_heaps_text("1 " + "9" * 30) == (1, int("9" * 30))
    for bad in ["", "1 -2", "1 2.5", "x"]:
        with pytest.raises(InvalidInputError):
            parse_heaps_text(bad)


def test_cli_file_and_stdin(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "heaps.txt"
    path.write_text("3, 4\n5\n")
    code, out, _ = run(capsys, "solve", "nim", "--file", str(path), "--json")
    expected = [{"move": "heap 1: take 2: 3 → 1", "to": "1 4 5", "part": 1, "part_from": "3", "part_to": "1"}]
    assert code == 0 and json.loads(out)["winning_moves"] == expected
    monkeypatch.setattr("sys.stdin", io.StringIO("1 1 1"))
    code, out, _ = run(capsys, "solve", "nim", "--file", "-", "--misere", "--json")
    assert code == 0 and json.loads(out)["outcome"] == "P"
    big = np.arange(1, 5001)
    path.write_text(" ".join(map(str, big.tolist())))
    code, out, _ = run(capsys, "solve", "nim", "--file", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["grundy"] == int(np.bitwise_xor.reduce(big)) and "note" not in data
    assert len(data["winning_moves"]) == nim_winning_moves_array(big)[0].size


def test_cli_file_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("3 -4")
    for argv in (["solve", "nim", "--file", str(path)], ["solve", "nim", "--file", str(tmp_path / "no")],
                 ["solve", "wythoff", "--file", str(path)], ["solve", "nim", "1", "--file", str(path)]):
        code, _out, err = run(capsys, *argv)
        assert code == 2 and err.startswith("grundy: error:") and err.count("\n") == 1, err


def test_misere_nim_is_decided_by_rule_not_search() -> None:
    position = (10**50, 10**40, 1, 1)
    assert outcome(NIM, position, misere=True).value == "N"
    assert solve(NIM, position, misere=True).winning_moves


@pytest.mark.parametrize("misere", [False, True])
def test_one_json_shape_whatever_the_heap_count(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                misere: bool) -> None:
    """``--file`` (numpy from 1,000 heaps on) and the command line (the engine) print the same JSON
    object, for few heaps, for many, and past the numpy threshold; a reason of one clause."""
    rng = np.random.default_rng(7)
    path = tmp_path / "heaps.txt"
    flag = ["--misere"] if misere else []
    cases = [rng.integers(0, 50, size).tolist() for size in (5, 80, 1200)]
    cases += [[1] * 1100 + [9], [1] * 1001 + [0] * 10]  # misère: one heap above 1; all 0 or 1
    cases += [[*range(1, 1001), 10**30]]  # a heap beyond 64 bits: not numpy, the same answer
    for heaps in cases:
        path.write_text(" ".join(map(str, heaps)))
        code, from_file, err = run(capsys, "solve", "nim", "--file", str(path), "--json", *flag)
        assert code == 0, err
        code, typed, err = run(capsys, "solve", "nim", *map(str, heaps), "--json", *flag)
        data = json.loads(from_file)
        if len(heaps) < BULK_SUM:  # (the engine's answer adds the remoteness when it finds it)
            data.pop("remoteness", None)
            assert data == {k: v for k, v in json.loads(typed).items() if k != "remoteness"}
        else:
            assert from_file == typed
        assert data["winning_moves_complete"] is True and data["reason"].count("theorem") <= 1
        assert data["outcome"] == brute_nim_outcome(heaps, misere)
        for move in data["winning_moves"]:
            assert {"move", "part", "part_from", "part_to"} <= set(move)
            assert ("to" in move) == (len(heaps) <= 100)
            after = [*heaps[:move["part"] - 1], int(move["part_to"]), *heaps[move["part"]:]]
            assert brute_nim_outcome(after, misere) == "P"
            assert int(move["part_from"]) == heaps[move["part"] - 1]


def brute_nim_outcome(heaps: list[int], misere: bool) -> str:
    """Bouton / anti-Nim written out here (the winning-move checks need only the outcome)."""
    total = 0
    for h in heaps:
        total ^= h
    if misere and all(h <= 1 for h in heaps):
        return "P" if total == 1 else "N"
    return "N" if total else "P"
