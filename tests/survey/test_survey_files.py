"""The survey database read back: every row is checked against its checksum, so a damaged or
edited file is refused in one line (exit 2) and never reported; a file of schema version 1 (no
checksums) gets them when it is opened. No Dask: the rows are computed in this process."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from grundy.survey.database import Store
from grundy.survey.work import compute_game
from tests.helpers import run

V1_SCHEMA = """
CREATE TABLE games (
    spec TEXT PRIMARY KEY, equivalent_to TEXT, rule TEXT, upto INTEGER, computed INTEGER,
    resumed_from INTEGER, period INTEGER, preperiod INTEGER, saltus INTEGER, proved INTEGER,
    reason TEXT, max_value INTEGER, rare_count INTEGER, rare_classes TEXT, frequencies TEXT,
    seconds REAL, method TEXT, version TEXT, stored_at TEXT);
CREATE TABLE tables (
    spec TEXT PRIMARY KEY REFERENCES games(spec), length INTEGER NOT NULL, dtype TEXT NOT NULL,
    data BLOB NOT NULL);
PRAGMA user_version = 1;
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("survey") / "s.sqlite"
    store = Store(path)
    store.add_equivalences([("octal(0.70)", "octal(0.7)", "trailing zeros")])
    for spec in ("octal(0.7)", "octal(0.16)", "octal(0.07)", "octal(0.14)"):
        assert store.save(compute_game(spec, 600), None)
    store.close()
    return path


def report(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    return run(capsys, "survey", "report", "--db", str(path), "--json")


def test_every_flipped_byte_is_refused_in_one_line_or_changes_nothing(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, good, _ = report(capsys, db)
    assert code == 0 and {r["game"] for r in json.loads(good)} >= {"octal(0.16)", "octal(0.70)"}
    data = db.read_bytes()
    copy = tmp_path / "c.sqlite"
    refused = 0
    for at in range(0, len(data), 37):
        damaged = bytearray(data)
        damaged[at] ^= 0x04
        copy.write_bytes(damaged)
        code, out, err = report(capsys, copy)
        if code == 0:
            assert out == good, at  # (a byte SQLite does not read, or free space)
        else:
            assert code == 2 and out == "" and len(err.splitlines()) == 1, (at, err)
            refused += 1
    assert refused > 10


def test_an_edited_value_is_refused(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "e.sqlite"
    for edit in ("UPDATE games SET period = period + 1 WHERE spec = 'octal(0.07)'",
                 "UPDATE games SET proved = 1 WHERE spec = 'octal(0.16)'",
                 "UPDATE games SET equivalent_to = 'octal(0.16)' WHERE spec = 'octal(0.70)'",
                 "INSERT INTO games (spec, upto, period, proved) VALUES ('octal(0.6)', 10, 3, 1)"):
        copy.unlink(missing_ok=True)
        shutil.copy(db, copy)
        with closing(sqlite3.connect(copy)) as conn, conn:
            conn.execute(edit)
        code, out, err = report(capsys, copy)
        assert code == 2 and out == "" and "does not match its checksum" in err, edit
        assert len(err.splitlines()) == 1


def test_a_version_1_file_gets_checksums(db: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "v1.sqlite"
    with closing(sqlite3.connect(db)) as conn:
        conn.row_factory = sqlite3.Row
        rows = [dict(r) for r in conn.execute("SELECT * FROM games")]
    with closing(sqlite3.connect(old)) as conn, conn:
        conn.executescript(V1_SCHEMA)
        for row in rows:
            row.pop("sha256")
            conn.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                         list(row.values()))
    assert report(capsys, old)[1] == report(capsys, db)[1]
    with closing(sqlite3.connect(old)) as conn, conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        conn.execute("UPDATE games SET max_value = 99 WHERE spec = 'octal(0.14)'")
    assert "does not match its checksum" in report(capsys, old)[2]
