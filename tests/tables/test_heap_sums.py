"""A sum of many heaps of a take-away game answered in bulk (grundy.solving.bulk, chosen inside
grundy.solve): the same answer, text and JSON as the general path, checked against an independent
brute force, and the bulk text and number readers against plain Python."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import numpy as np
import pytest

import grundy.solving.bulk as bulk
from grundy import Game, Solution, load_game, solve
from grundy.cli.solve import print_answer, write_json
from grundy.games.takeaway.nim import parse_heaps_text
from grundy.games.takeaway.subtraction import Subtraction
from grundy.model.game import HeapResult
from grundy.model.textio import decimal_numbers
from grundy.solving.text_rows import rows
from tests.helpers import run

# a plain period, a preperiod (14) with four takes, Bash (its moves listed by take descending),
# bounded Nim (its own reason for the whole position)
GAMES = {"subtraction(1,3,4)": (1, 3, 4), "subtraction(3,4,6,10)": (3, 4, 6, 10),
         "bash(2,5)": (2, 3, 4, 5), "bounded-nim(3)": (1, 2, 3)}


def _mex_table(takes: tuple[int, ...], upto: int) -> list[int]:
    values: list[int] = []
    for n in range(upto + 1):
        seen = {values[n - s] for s in takes if s <= n}
        values.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return values


def heap_sum_solution(game: Game, heaps: object) -> Solution | None:
    """The bulk answer of ``grundy.solve`` for ``heaps`` however few they are, or ``None`` when
    it answers them in general."""
    saved = bulk.BULK_SUM
    bulk.BULK_SUM = 1
    try:
        answer = solve(game, heaps)
    finally:
        bulk.BULK_SUM = saved
    return answer if answer.heaps is not None else None


def _printed(answer: object) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_answer(answer)
    return out.getvalue()


def _heaps(rng: random.Random, count: int, large: bool) -> tuple[int, ...]:
    """Small heaps (brute force in the general path), with a few beyond its period threshold."""
    return tuple(rng.randrange(20_000, 40_000) if large and rng.random() < 0.2 else rng.randrange(60)
                 for _ in range(count))


@pytest.mark.parametrize("spec", sorted(GAMES))
def test_bulk_answer_is_the_general_answer_and_the_brute_force_one(spec: str) -> None:
    game, takes = load_game(spec), GAMES[spec]
    table = _mex_table(takes, 40_000)
    rng = random.Random(spec)
    seen_totals = set()
    for trial in range(6):
        heaps = _heaps(rng, rng.choice([70, 130]), large=trial % 2 == 1)
        bulk = heap_sum_solution(game, heaps)
        assert bulk is not None
        general = solve(game, heaps)  # 64 parts or more: the general large-sum path
        assert (bulk.grundy, bulk.outcome, bulk.reason) == (general.grundy, general.outcome, general.reason)
        assert bulk.winning_moves == general.winning_moves
        assert len(bulk.winning_moves) == len(general.winning_moves)
        assert "".join(bulk.json_chunks(chunk=7)) == "".join(general.json_chunks())
        assert b"".join(bulk.json_bytes(chunk=5)) == "".join(general.json_chunks()).encode()
        assert _printed(bulk) == _printed(general)
        # the brute force of the test's own: values by mex, moves by the Sprague-Grundy theorem
        total = 0
        for h in heaps:
            total ^= table[h]
        assert bulk.grundy == total
        seen_totals.add(total != 0)
        moves = [(i, s) for i, h in enumerate(heaps) for s in takes
                 if s <= h and table[h - s] == table[h] ^ total]
        if spec.startswith("bash"):  # Bash lists a heap's moves by take descending
            moves.sort(key=lambda move: (move[0], -move[1]))
        got = [(m.part, int(str(m.label).split("take ")[1].split(":")[0])) for m in bulk.winning_moves]
        assert got == moves
    assert seen_totals == {True, False} or spec != "subtraction(1,3,4)"


def test_the_residue_path_for_huge_heaps_agrees_with_the_full_table(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("subtraction(3,4,6,10)")
    rng = random.Random(5)
    heaps = tuple(rng.choice([rng.randrange(40), rng.randrange(10**17, 10**18)]) for _ in range(300))
    full = heap_sum_solution(game, heaps)
    monkeypatch.setattr(bulk, "FULL_TABLE", 0)
    by_residue = heap_sum_solution(game, heaps)
    assert full is not None and by_residue is not None and full == by_residue
    assert b"".join(full.json_bytes()) == b"".join(by_residue.json_bytes())
    assert "".join(full.json_chunks()) == "".join(solve(game, heaps).json_chunks())


class _Renamed(Subtraction):
    """A subtraction game that labels its moves its own way, and so declares no take-away set
    (the set declares the moves' labels too: ``take s: n → n - s``)."""

    def heap_moves(self, n: int):  # type: ignore[no-untyped-def,override]
        for s in self.subtraction_set:
            if s <= n:
                yield f"remove {s}", (n - s,)

    def heap_options(self, n: int) -> list[HeapResult]:
        return [(n - s,) for s in self.subtraction_set if s <= n]

    @property
    def laws(self):  # type: ignore[no-untyped-def,override]
        return super().laws.replace(take_away=None)


class _Commas(Subtraction):
    """A subtraction game that writes its heaps with commas: the bulk text follows the game's."""

    def format_position(self, position):  # type: ignore[no-untyped-def,override]
        return ",  ".join(f"<{h}>" for h in position)


def test_only_a_declared_take_away_set_is_answered_in_bulk() -> None:
    game = _Renamed((1, 3, 4))
    heaps = tuple(range(1, 202))
    answer = solve(game, heaps)
    assert answer.grundy and answer.winning_moves[0].label.endswith("remove 1")
    assert heap_sum_solution(game, heaps) is None  # no take-away set declared: the general path
    assert heap_sum_solution(load_game("subtraction(1,3,4)"), heaps) is not None
    p_position = tuple(range(1, 200))
    assert heap_sum_solution(load_game("subtraction(1,3,4)"), p_position) is not None
    assert heap_sum_solution(load_game("nim"), heaps) is not None  # take any number: Nim heaps
    for other in ("kayles", "octal(0.07)", "allbut(1,2)"):
        assert heap_sum_solution(load_game(other), heaps) is None  # no finite take set, not Nim


def test_the_bulk_text_is_the_games_own_text() -> None:
    game = _Commas((1, 3, 4))
    heaps = tuple(range(1, 1_500, 7))
    answer = heap_sum_solution(game, heaps)
    assert answer is not None and answer.heaps is not None
    general = solve(game, heaps)
    assert answer.position_text == game.format_position(heaps) == general.position_text
    text = "".join(answer.json_chunks(chunk=3))
    assert text == "".join(general.json_chunks()) == json.dumps(general.to_json(), ensure_ascii=False)
    assert json.loads(text)["winning_moves"][0]["part_from"].startswith("<")


def test_cli_heap_file_text_and_json_are_the_general_answer(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(11)
    heaps = [rng.randrange(10**6) if rng.random() < 0.7 else rng.randrange(50) for _ in range(1_200)]
    path = tmp_path / "heaps.txt"
    path.write_text("\n".join(map(str, heaps)) + "\n")
    game = load_game("subtraction(3,4,6,10)")
    general = solve(game, tuple(heaps))
    code, text, err = run(capsys, "solve", "subtraction(3,4,6,10)", "--file", str(path))
    assert code == 0, err
    assert text == _printed(general)
    code, out, err = run(capsys, "solve", "subtraction(3,4,6,10)", "--file", str(path), "--json")
    assert code == 0, err
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        write_json(general)  # (a StringIO: the text writer)
    assert out == buffer.getvalue() and json.loads(out)["grundy"] == general.grundy


def test_rows_writes_what_python_formatting_writes() -> None:
    rng = np.random.default_rng(3)
    for top in (1, 9, 10, 99_999_999, 100_000_000, 2**31, 2**63 - 1):
        a = rng.integers(0, top, 50, dtype=np.int64, endpoint=True)
        b = rng.integers(0, 12, 50)
        a[:3] = (0, top, top // 10)
        got = rows([b"<", 0, b"|", 1, " → ".encode(), 0, b">"], [a, b]).tobytes().decode()
        assert got == "".join(f"<{x}|{y} → {x}>" for x, y in zip(a.tolist(), b.tolist(), strict=True))
    assert rows([b"x", 0], [np.zeros(0, dtype=np.int64)]).tobytes() == b""


def test_decimal_numbers_reads_what_int_reads() -> None:
    rng = random.Random(2)
    for _ in range(200):
        numbers = [rng.randrange(10 ** rng.randrange(1, 19)) for _ in range(rng.randrange(1, 30))]
        tokens = [str(x).zfill(rng.choice([0, 0, 3])) for x in numbers]
        seps = [rng.choice([" ", ",", "\n", "\t", ", ", "\r\n", " ,\n"]) for _ in tokens]
        text = rng.choice(["", " ", "\n"]) + "".join(t + s for t, s in zip(tokens, seps, strict=True))
        got = decimal_numbers(text)
        assert got is not None and got.tolist() == numbers
        assert parse_heaps_text(text).tolist() == numbers
    for other in ("", " \n", "1 -2", "+3", "1 x", "1234567890123456789", "1\u00a02", "٣"):
        assert decimal_numbers(other) is None  # read the slow way, with its own errors


def test_library_answers_and_misere_files_keep_the_general_shape(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.reports.answers import solution_json, solve_answer

    game = load_game("subtraction(1,3,4)")
    heaps = tuple((7 * i * i + 3) % 50 for i in range(bulk.BULK_SUM))
    answer, _ = solve_answer(game, heaps, remoteness=False)
    assert answer.heaps is not None  # a tuple of many heaps: in bulk too
    assert solution_json(game, heaps) == solve(game, heaps).to_json()
    path = tmp_path / "heaps.txt"
    path.write_text(" ".join(map(str, heaps[:40])))
    code, out, err = run(capsys, "solve", "subtraction(1,3,4)", "--file", str(path), "--misere", "--json")
    assert code == 0, err  # misère play: the general path, from the same file
    assert json.loads(out)["misere"] is True
