"""The survey database: one SQLite file, written by the survey's client process only.

Schema (``PRAGMA user_version = 2``)::

    CREATE TABLE games (
        spec          TEXT PRIMARY KEY,  -- as `grundy table` accepts it: octal(0.137), kayles
        equivalent_to TEXT,              -- the spec computed instead (NULL: computed itself)
        rule          TEXT,              -- why the two are the same game
        upto          INTEGER,           -- the table covers heaps 0..upto (NULL: not computed)
        computed      INTEGER,           -- values computed by mex in the last run
        resumed_from  INTEGER,           -- first heap computed in the last run (0 = from scratch)
        period        INTEGER,           -- proved, or observed in the table when proved = 0
        preperiod     INTEGER,
        saltus        INTEGER,
        proved        INTEGER,           -- 1 when a theorem proves the period, else 0
        reason        TEXT,              -- the theorem, or 'observed'
        max_value     INTEGER,           -- largest value in G(0..upto)
        rare_count    INTEGER,           -- rare values in G(1..upto) (games with splitting moves)
        rare_classes  TEXT,              -- JSON [mask, delta, sigma] of the rare classes
        frequencies   TEXT,              -- JSON {"value": count} over G(0..upto)
        seconds       REAL,              -- compute time of the last run, in seconds
        method        TEXT,              -- how the table was computed
        version       TEXT,              -- grundy version that computed it
        stored_at     TEXT               -- UTC time of the write
        sha256        TEXT               -- checksum of the row's other columns (row_digest)
    );
    CREATE TABLE tables (                -- tables of unproved octal games, to continue them
        spec   TEXT PRIMARY KEY REFERENCES games(spec),
        length INTEGER NOT NULL,         -- G(0..length-1)
        dtype  TEXT NOT NULL,            -- numpy dtype of the values
        data   BLOB NOT NULL             -- checksum, then zlib-compressed values (work.pack_table)
    );

Each computed game is written in one transaction (its row and its table together); the primary
key on ``spec`` means a game is never stored twice, and a run that is interrupted keeps every
game already committed. Every row read is checked against its checksum (SQLite checks its pages,
not the values in them): a damaged or edited row, or a file SQLite finds malformed, is refused
in one line (:class:`~grundy.errors.InvalidInputError`), never reported. A file of schema
version 1 (no checksums) gets them when it is first opened.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     store = Store(pathlib.Path(tmp) / "s.sqlite")
...     _ = store.add_equivalences([("octal(0.770)", "octal(0.77)", "trailing zeros")])
...     (store.row("octal(0.770)")["equivalent_to"], store.row("octal(0.77)"))
...     store.close()
('octal(0.77)', None)
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.errors import InvalidInputError

if TYPE_CHECKING:
    from grundy.survey.work import GameResult

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    spec TEXT PRIMARY KEY, equivalent_to TEXT, rule TEXT, upto INTEGER, computed INTEGER,
    resumed_from INTEGER, period INTEGER, preperiod INTEGER, saltus INTEGER, proved INTEGER,
    reason TEXT, max_value INTEGER, rare_count INTEGER, rare_classes TEXT, frequencies TEXT,
    seconds REAL, method TEXT, version TEXT, stored_at TEXT, sha256 TEXT);
CREATE TABLE IF NOT EXISTS tables (
    spec TEXT PRIMARY KEY REFERENCES games(spec), length INTEGER NOT NULL, dtype TEXT NOT NULL,
    data BLOB NOT NULL);
"""

RESULT_COLUMNS = ("upto", "computed", "resumed_from", "period", "preperiod", "saltus", "proved", "reason",
                  "max_value", "rare_count", "rare_classes", "frequencies", "seconds", "method", "version",
                  "stored_at")


SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class Store:
    """A survey database (created if missing)."""

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise InvalidInputError(f"no survey database {str(self.path)!r} (a database to extend or "
                                    f"report on must exist; a survey of games creates one)")
        if self.path.is_file():  # never turn another file into a database
            with open(self.path, "rb") as existing:
                head = existing.read(len(SQLITE_HEADER))
            if head != SQLITE_HEADER and (head or not create):
                raise InvalidInputError(f"{str(self.path)!r} is not a survey database (not an SQLite "
                                        f"file{'; it is empty' if not head else ''}); give another db=",
                                        parameters=("db",))
        try:
            self.conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            self.conn.row_factory = sqlite3.Row
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise InvalidInputError(f"{str(self.path)!r} is not a survey database: {exc}") from None
        if tables and ("games" not in tables or version not in (1, SCHEMA_VERSION)):
            self.conn.close()
            raise InvalidInputError(f"{str(self.path)!r} is not a grundy survey database "
                                    f"(schema version {version}, expected {SCHEMA_VERSION})")
        if not tables and not create:
            self.conn.close()
            raise InvalidInputError(f"{str(self.path)!r} is an SQLite file without survey tables")
        with self._damage():
            if not tables:
                self.conn.executescript(_SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION};")
            elif version == 1:
                self._add_checksums()

    def _damage(self) -> _Damage:
        return _Damage(self)

    def _add_checksums(self) -> None:
        """Schema 1 to 2: a checksum column, filled for every row (one transaction)."""
        with self._transaction():
            if self.conn.execute("PRAGMA user_version").fetchone()[0] != 1:
                return  # (another process did it first)
            self.conn.execute("ALTER TABLE games ADD COLUMN sha256 TEXT")
            for spec in [r[0] for r in self.conn.execute("SELECT spec FROM games")]:
                self._seal(spec)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _seal(self, spec: str) -> None:
        """Write the checksum of ``spec``'s row (inside the transaction that wrote the row)."""
        found = self.conn.execute("SELECT * FROM games WHERE spec = ?", (spec,)).fetchone()
        self.conn.execute("UPDATE games SET sha256 = ? WHERE spec = ?", (row_digest(dict(found)), spec))

    def _checked(self, found: sqlite3.Row) -> dict[str, Any]:
        row = dict(found)
        if set(row) != COLUMNS:
            raise InvalidInputError(f"{str(self.path)!r} is damaged: its games have the columns "
                                    f"{', '.join(sorted(set(row) ^ COLUMNS))} added or missing")
        if row["sha256"] != row_digest(row):
            raise InvalidInputError(f"{str(self.path)!r} is damaged: the row of {row.get('spec')!r} does "
                                    f"not match its checksum (damaged or edited); delete that row "
                                    f"(a survey computes it again) or give another db=", parameters=("db",))
        del row["sha256"]
        return row

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def row(self, spec: str) -> dict[str, Any] | None:
        """The stored row of ``spec`` (checked against its checksum), or ``None``."""
        with self._damage():
            found = self.conn.execute("SELECT * FROM games WHERE spec = ?", (spec,)).fetchone()
            return self._checked(found) if found else None

    def rows(self) -> dict[str, dict[str, Any]]:
        """Every stored row, by spec (each checked against its checksum)."""
        with self._damage():
            checked = [self._checked(r) for r in self.conn.execute("SELECT * FROM games")]
            return {row["spec"]: row for row in checked}

    def table(self, spec: str) -> tuple[bytes, str, int] | None:
        """The stored table of an unproved game: ``(stored bytes, dtype, length)`` (checked when
        it is unpacked: :func:`grundy.survey.work.unpack_table`)."""
        with self._damage():
            found = self.conn.execute("SELECT data, dtype, length FROM tables WHERE spec = ?",
                                      (spec,)).fetchone()
            return (bytes(found[0]), str(found[1]), int(found[2])) if found else None

    def add_equivalences(self, entries: list[tuple[str, str, str]]) -> int:
        """Record ``(spec, equivalent_to, rule)`` rows not stored yet; return how many were added."""
        with self._damage(), self._transaction():
            added = 0
            for entry in entries:
                cursor = self.conn.execute("INSERT INTO games (spec, equivalent_to, rule) VALUES (?, ?, ?) "
                                           "ON CONFLICT(spec) DO NOTHING", entry)
                if cursor.rowcount == 1:
                    self._seal(entry[0])
                    added += 1
            return added

    def save(self, result: GameResult, previous_upto: int | None) -> bool:
        """Store a computed game in one transaction; return False if it was stored already.

        ``previous_upto`` is the stored ``upto`` the result continues (``None`` for a new game):
        the row is replaced only if it still holds that table and is unproved.
        """
        now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")
        values = (result.upto, result.computed, result.resumed_from, result.period, result.preperiod,
                  result.saltus, int(result.proved), result.reason, result.max_value, result.rare_count,
                  json.dumps(list(result.rare_classes)) if result.rare_classes else None,
                  result.frequencies_json(), round(result.seconds, 6), result.method, result.version, now)
        with self._damage(), self._transaction():
            if previous_upto is None:
                cursor = self.conn.execute(
                    f"INSERT INTO games (spec, {', '.join(RESULT_COLUMNS)}) "
                    f"VALUES (?{', ?' * len(RESULT_COLUMNS)}) ON CONFLICT(spec) DO NOTHING",
                    (result.spec, *values))
            else:
                cursor = self.conn.execute(
                    f"UPDATE games SET {', '.join(c + ' = ?' for c in RESULT_COLUMNS)} "
                    "WHERE spec = ? AND upto = ? AND proved = 0", (*values, result.spec, previous_upto))
            if cursor.rowcount != 1:
                return False
            self._seal(result.spec)
            self.conn.execute("DELETE FROM tables WHERE spec = ?", (result.spec,))
            if result.table is not None:
                self.conn.execute("INSERT INTO tables (spec, length, dtype, data) VALUES (?, ?, ?, ?)",
                                  (result.spec, result.upto + 1, result.table_dtype, result.table))
        return True

    def _transaction(self) -> _Transaction:
        return _Transaction(self.conn)


COLUMNS = frozenset(("spec", "equivalent_to", "rule", *RESULT_COLUMNS, "sha256"))


def row_digest(row: dict[str, Any]) -> str:
    """The checksum of a row: SHA-256 of its columns but ``sha256``, as sorted JSON.

    >>> a, b = {"spec": "kayles", "upto": 10, "sha256": "x"}, {"upto": 10, "spec": "kayles"}
    >>> row_digest(a) == row_digest(b)
    True
    """
    text = json.dumps({k: v for k, v in row.items() if k != "sha256"}, sort_keys=True,
                      default=lambda v: f"{type(v).__name__}:{v!r}")  # (a damaged cell: a blob)
    return hashlib.sha256(text.encode()).hexdigest()


class _Damage:
    """Turns SQLite's errors (a file found malformed while reading it, a damaged schema, a file
    locked by another process for longer than the timeout) into one line."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, _: object) -> None:
        if isinstance(exc, sqlite3.DatabaseError):
            raise InvalidInputError(f"{str(self.store.path)!r} cannot be used: {exc} "
                                    f"(give another db=)", parameters=("db",)) from None


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception, Ctrl-C included)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")
