"""``grundy solve GAME --input LAYOUT FILE --winning-moves``: after each case's ``VALUE OUTCOME K``,
its ``K`` winning moves one a line, the same moves ``grundy solve GAME POSITION --json`` lists, in
its order: ``PART FROM TO`` for a move in one heap or part (``part``, ``part_from``, ``part_to``;
one heap: ``1 FROM TO``), else the whole position after the move (``to``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run


def expected_lines(capsys: pytest.CaptureFixture[str], game: str, position: list[str],
                   misere: bool = False) -> list[str]:
    """The case's lines as ``solve --json`` of its position gives them."""
    code, out, err = run(capsys, "solve", game, *position, "--json", *(["--misere"] if misere else []))
    assert code == 0, err
    data = json.loads(out)
    value = "-" if data["grundy"] is None else str(data["grundy"])
    lines = [f"{value} {data['outcome']} {len(data['winning_moves'])}"]
    for move in data["winning_moves"]:
        if "part" in move:
            lines.append(f"{move['part']} {move['part_from']} {move['part_to']}")
        elif len(position) == 1 and game not in ("wythoff",):  # (one heap)
            lines.append(f"1 {position[0]} {move['to']}")
        else:
            lines.append(move["to"])
    return lines


@pytest.mark.parametrize(("game", "positions", "misere"), [
    ("nim", [["3", "4", "5"], ["4"], ["1", "2", "3"], ["7", "7", "7", "7", "1"]], False),
    ("kayles", [["5", "1"], ["7"], ["2", "2"]], False),
    ("subtraction(1,3,4)", [["10", "7"], ["9"]], False),
    ("nim", [["4", "1", "2", "3"], ["1", "1"], ["1", "1", "1"]], True),
])
def test_each_case_lists_the_moves_solve_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               game: str, positions: list[list[str]],
                                               misere: bool) -> None:
    path = tmp_path / "in.txt"
    path.write_text("".join(" ".join(p) + "\n" for p in positions))
    flags = ["--misere"] if misere else []
    code, out, err = run(capsys, "solve", game, "--input", "lines", "--winning-moves", str(path), *flags)
    assert code == 0, err
    expected = [line for p in positions for line in expected_lines(capsys, game, p, misere)]
    assert out.splitlines() == expected
    # a split is the part's heap, then the heaps it leaves
    if game == "kayles":
        assert "1 7 3 3" in out.splitlines()


def test_a_pair_game_lists_the_position_after_each_move(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.txt"
    path.write_text("2\n4 7\n3 5\n")
    code, out, err = run(capsys, "solve", "wythoff", "--input", "cases", "--winning-moves", str(path))
    assert code == 0, err
    assert out.splitlines() == [*expected_lines(capsys, "wythoff", ["4", "7"]), "0 P 0"]


def test_many_heaps_listed_from_the_bulk_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    heaps = [str(3 * i % 1001 + 1) for i in range(2500)]
    path = tmp_path / "in.txt"
    path.write_text(f"{len(heaps)}\n{' '.join(heaps)}\n")
    code, out, err = run(capsys, "solve", "nim", "--input", "counted", "--winning-moves", str(path))
    assert code == 0, err
    assert out.splitlines() == expected_lines(capsys, "nim", heaps)


def test_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "nim", "3", "4", "--winning-moves")
    assert code == 2 and "goes with --input" in err and len(err.strip().splitlines()) == 1
    path = tmp_path / "in.txt"
    path.write_text("1\n5 2\n")
    code, _, err = run(capsys, "solve", "dynamic-subtraction(k)", "--input", "single", "--params", "last",
                       "--winning-moves", str(path))
    assert code == 2 and "--winning-moves" in err and len(err.strip().splitlines()) == 1


def test_a_line_of_several_pairs_is_their_sum_as_the_exported_program_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run_python_program

    text = "1 2 3 5\n3 5 4 7\n1 2 3 5 4 7\n2 2 0 0 6 1\n4 4\n"
    path = tmp_path / "in.txt"
    path.write_text(text)
    code, out, err = run(capsys, "solve", "wythoff", "--input", "lines", str(path))
    assert code == 0, err
    code, source, err = run(capsys, "export", "wythoff", "--lang", "python", "--main")
    assert code == 0, err
    status, lines = run_python_program(source, text)
    assert status == 0 and out.splitlines() == lines
    for line, answer in zip(text.splitlines(), lines, strict=True):  # (the XOR of the pairs alone)
        numbers = line.split()
        total = 0
        for i in range(0, len(numbers), 2):
            total ^= json.loads(run(capsys, "solve", "wythoff", *numbers[i:i + 2], "--json")[1])["grundy"]
        assert answer == f"{total} {'N' if total else 'P'}"


def test_staircase_input_is_read_as_its_exported_program_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run_python_program

    text = "3\n4\n3 1 2 5\n2 1 1\n5 0 4 0 4 1\n"
    path = tmp_path / "in.txt"
    path.write_text(text)
    code, out, err = run(capsys, "solve", "staircase", "--input", "cases", str(path))
    assert code == 0, err
    code, source, err = run(capsys, "export", "staircase", "--lang", "python", "--main", "--input", "cases")
    assert code == 0, err
    status, lines = run_python_program(source, text)
    assert status == 0 and out.splitlines() == lines == ["1 N", "1 N", "1 N"]
    code, out, err = run(capsys, "solve", "staircase", "--input", "cases", "--winning-moves", str(path))
    assert code == 0, err
    assert out.splitlines()[:3] == expected_lines(capsys, "staircase", ["3", "1", "2", "5"])
