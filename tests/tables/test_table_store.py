"""``grundy table --store``: a stored table is verified on every open (game, length, checksum);
damaged, truncated, extended or foreign files are refused in one line (or rebuilt on request),
and a run killed at any write leaves a file that resumes to the right values or is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grundy import load_game
from grundy.errors import InvalidInputError
from grundy.tables import store, table_file
from grundy.tables.store import build_stored
from grundy.tables.table_file import HEADER, SLOT, StoredTableError, read_head
from tests.helpers import run


def octal_truth(digits: tuple[int, ...], upto: int) -> list[int]:
    """G(0..upto) of an octal game by plain mex (digit k's bit 1: take the whole heap, bit 2:
    leave one heap, bit 4: leave two non-empty heaps; digit 0 only splits)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for k, d in enumerate(digits):
            if k > n:
                continue
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                seen.add(0)
            if d & 2 and rest > 0 and k > 0:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


SIX = octal_truth((0, 6), 3000)


def table(capsys: pytest.CaptureFixture[str], path: Path, upto: int, *extra: str) -> tuple[int, Any, str]:
    code, out, err = run(capsys, "table", "octal(0.6)", "--upto", str(upto), "--store", str(path),
                         "--json", "--no-patterns", *extra)
    return code, (json.loads(out) if code == 0 else out), err


def refused(code: int, out: Any, err: str, words: str) -> None:
    assert code == 2 and out == "", err
    assert err.startswith("grundy: error: ") and err.count("\n") == 1, err
    assert words in err.split("' ", 1)[-1], err  # (after the file's path, which holds the test's name)


def test_removed_data_file_is_computed_again(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.bin"
    code, data, _ = table(capsys, path, 1000)
    assert code == 0 and data["values"] == SIX[:1001] and data["max"] == max(SIX[:1001])
    path.unlink()
    (tmp_path / "t.bin.json").write_text('{"version": 1, "computed": 1001}')  # a stale old sidecar
    code, data, _ = table(capsys, path, 1000)
    assert code == 0 and data["values"] == SIX[:1001] and data["proved"] is not True


@pytest.mark.parametrize("damage, words", [
    (lambda p: p.write_bytes(p.read_bytes()[:1000]), "shorter than its header"),
    (lambda p: p.write_bytes(p.read_bytes()[:SLOT + 100]), "shorter than its header"),  # slot 2 cut
    (lambda p: (flip(p, 20), flip(p, SLOT + 20)), "damaged: no readable header"),
    (lambda p: p.write_bytes(p.read_bytes()[:HEADER + 2000]), "truncated"),
    (lambda p: p.write_bytes(p.read_bytes() + b"\0\1\2"), "3 bytes after"),
    (lambda p: flip(p, HEADER + 1234), "checksum"),
    (lambda p: flip(p, HEADER + 3000), "checksum"),  # the last value
], ids=["cut-in-slot-1", "cut-in-slot-2", "slots", "cut-values", "appended", "flipped", "flipped-last"])
def test_broken_file_is_refused_then_rebuilt(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              damage: Any, words: str) -> None:
    path = tmp_path / "t.bin"
    assert table(capsys, path, 3000)[0] == 0
    damage(path)
    refused(*table(capsys, path, 3000), words)
    refused(*table(capsys, path, 10), words)  # also when fewer values are asked for
    code, data, _ = table(capsys, path, 3000, "--rebuild")
    assert code == 0 and data["values"] == SIX and data["max"] == 91
    assert table(capsys, path, 3000)[1]["values"] == SIX


def flip(path: Path, offset: int) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset] ^= 1
    path.write_bytes(bytes(raw))


def test_another_games_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.bin"
    assert run(capsys, "table", "kayles", "--upto", "500", "--store", str(path))[0] == 0
    refused(*table(capsys, path, 500), "holds the table of 'kayles', not of 'octal(0.6)'")
    code, data, _ = table(capsys, path, 500, "--rebuild")
    assert code == 0 and data["values"] == SIX[:501]


def test_header_of_another_game_over_these_values_is_refused(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "a.bin", tmp_path / "b.bin"
    build_stored(load_game("octal(0.6)"), 300, ours)
    build_stored(load_game("kayles"), 300, theirs)
    raw = theirs.read_bytes()
    ours.write_bytes(raw[:HEADER] + ours.read_bytes()[HEADER:])  # kayles' header, 0.6's values
    with pytest.raises(StoredTableError, match="checksum"):
        build_stored(load_game("kayles"), 300, ours)


def test_a_header_whose_name_and_digits_disagree_says_so(tmp_path: Path) -> None:
    path = tmp_path / "t.bin"
    build_stored(load_game("octal(0.6)"), 300, path)
    head = read_head(path)
    head = {**head, "digits": [0, 7], "seq": head["seq"] + 1}  # an edit with a valid CRC
    with open(path, "r+b") as handle:
        table_file.write_head(handle, head)
    with pytest.raises(StoredTableError, match=r"names 'octal\(0.6\)' but gives the octal digits \[0, 7\]"):
        build_stored(load_game("octal(0.6)"), 300, path)
    assert build_stored(load_game("octal(0.6)"), 300, path, rebuild=True).values.tolist() == SIX[:301]


@pytest.mark.parametrize("argv, words", [
    (["--store", "/nonexistent/dir/x.bin"], "no directory '/nonexistent/dir'"),
    (["--store", "."], "is a directory"),
    (["--rebuild"], "--rebuild applies to a table kept with --store"),
])
def test_bad_store_paths_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                      words: str) -> None:
    refused(*run(capsys, "table", "kayles", "--upto", "10", *argv), words)


def test_a_file_that_is_not_a_table_is_never_overwritten(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    refused(*table(capsys, path, 10, "--rebuild"), "not a stored table")
    assert path.read_text() == "my notes\n"


class Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs (no cleanup that a real kill would skip)."""


def test_kill_before_a_header_write_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "CHUNK", 700)
    path, game = tmp_path / "t.bin", load_game("octal(0.6)")
    real, calls = table_file.write_head, [0]

    def dies_on_third(handle: Any, head: dict[str, Any]) -> None:
        calls[0] += 1
        if calls[0] == 3:
            raise Killed  # the chunk's values are written, its header is not
        real(handle, head)

    monkeypatch.setattr(store, "write_head", dies_on_third)
    with pytest.raises(Killed):
        build_stored(game, 3000, path)
    monkeypatch.setattr(store, "write_head", real)
    assert read_head(path)["computed"] == 1400  # two chunks counted, the third one's header lost
    assert build_stored(game, 3000, path).values.tolist() == SIX


def test_torn_header_falls_back_to_the_previous_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "CHUNK", 700)
    path, game = tmp_path / "t.bin", load_game("octal(0.6)")
    real, calls = table_file.write_head, [0]

    def torn_on_third(handle: Any, head: dict[str, Any]) -> None:
        calls[0] += 1
        if calls[0] == 3:
            handle.seek((head["seq"] % 2) * SLOT)
            handle.write(table_file.pack_slot(head)[:40])  # half a header, then the kill
            handle.flush()
            raise Killed
        real(handle, head)

    monkeypatch.setattr(store, "write_head", torn_on_third)
    with pytest.raises(Killed):
        build_stored(game, 3000, path)
    monkeypatch.setattr(store, "write_head", real)
    assert read_head(path)["computed"] == 1400
    assert build_stored(game, 3000, path).values.tolist() == SIX
    flip(path, 20)  # one damaged slot: the other one (the state before, verified) is used
    assert build_stored(game, 3000, path).values.tolist() == SIX
    flip(path, 30)
    flip(path, SLOT + 30)  # both: refused
    with pytest.raises(StoredTableError, match="no readable header"):
        build_stored(game, 3000, path)


def test_kill_while_widening_keeps_the_narrow_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "CHUNK", 1000)
    path, game = tmp_path / "w.bin", load_game("octal(4.007)")
    truth = octal_truth((4, 0, 0, 7), 3000)
    assert max(truth[:1001]) <= 255 < max(truth)
    build_stored(game, 1000, path)
    real = table_file.os.replace

    def killed(*args: Any) -> None:
        raise Killed  # the wide copy is written beside the file, not yet renamed over it

    monkeypatch.setattr(table_file.os, "replace", killed)
    with pytest.raises(Killed):
        build_stored(game, 3000, path)
    monkeypatch.setattr(table_file.os, "replace", real)
    assert read_head(path)["dtype"] == "uint8"
    built = build_stored(game, 3000, path)
    assert built.values.tolist() == truth and read_head(path)["dtype"] == "uint16"


def test_an_empty_file_is_started_as_a_new_table(tmp_path: Path) -> None:
    path = tmp_path / "empty.bin"
    path.touch()
    assert build_stored(load_game("octal(0.6)"), 500, path).values.tolist() == SIX[:501]


def test_a_copy_renamed_over_the_file_meanwhile_does_not_change_the_values_returned(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes building one table: the other one renames its copy (counting fewer values)
    over the path just as this one ends. The values returned are this one's, all of them."""
    monkeypatch.setattr(store, "CHUNK", 700)
    path, game = tmp_path / "t.bin", load_game("octal(0.6)")
    other = tmp_path / "other.bin"
    build_stored(game, 3000, other)
    head = read_head(other)  # the other process, just started: room for 3001 values, none counted
    with open(other, "r+b") as handle:
        empty = table_file.hashlib.sha256().hexdigest()
        table_file.write_head(handle, {**head, "computed": 0, "sha256": empty, "seq": head["seq"] + 1})
        handle.seek(HEADER)
        handle.write(bytes(3001))
    real, calls = table_file.write_head, [0]

    def other_renames_at_the_end(handle: Any, head: dict[str, Any]) -> None:
        real(handle, head)
        if head["computed"] == 3001 and not calls[0]:
            calls[0] = 1
            table_file.os.replace(other, path)

    monkeypatch.setattr(store, "write_head", other_renames_at_the_end)
    assert build_stored(game, 3000, path).values.tolist() == SIX
    assert calls[0] == 1 and read_head(path)["computed"] == 0  # (the file: the other's, consistent)


def test_a_second_writer_of_a_new_file_is_refused_in_one_line(tmp_path: Path) -> None:
    import fcntl

    path = tmp_path / "t.bin"
    with open(tmp_path / "t.bin.tmp", "wb") as held:  # another process creating the same table
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        held.write(b"its copy")
        held.flush()
        with pytest.raises(InvalidInputError, match="being written by another process") as info:
            build_stored(load_game("octal(0.6)"), 300, path)
        assert "\n" not in str(info.value) and not path.exists()
        assert (tmp_path / "t.bin.tmp").read_bytes() == b"its copy"  # (left as the other one wrote it)
    assert build_stored(load_game("octal(0.6)"), 300, path).values.tolist() == SIX[:301]


def test_a_file_of_a_newer_format_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.bin"
    build_stored(load_game("octal(0.6)"), 100, path)
    head = read_head(path)
    with open(path, "r+b") as handle:  # what a newer grundy would write (valid CRC)
        table_file.write_head(handle, {**head, "seq": head["seq"] + 1, "format": table_file.FORMAT + 1})
    with pytest.raises(StoredTableError, match="written by a newer grundy: upgrade grundy"):
        read_head(path)
    refused(*table(capsys, path, 100), "upgrade grundy to read it, or rebuild it with --rebuild")
