"""What a game store file must be, and how a damaged one is told from a whole one.

Opening a store only reads until the file has passed every check here, so a file
refused is left as it was. The checks go from cheap to thorough: the file itself
(a regular, non-empty file whose header is an SQLite header), SQLite's own
``integrity_check``, the tables and columns (as this Kiban or an older one wrote
them), then the rows, one pass in SQL over each table: every value of a game of
the type and form Kiban writes (statuses and endings it knows, JSON of the right
shape, numbers where numbers go), and what is cheap to check of the many records
(number, kind, data). Kiban writes printable ASCII only (its JSON escapes the
rest), so a game or a move with any other byte is read again in Python, and is
damaged if it is not UTF-8. A 25 MB store (5,000 games of 80 moves) takes about
0.5 s to open here, integrity_check 0.3 s of it.
"""

from __future__ import annotations

import sqlite3
import stat
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from engine.errors import KibanError
from engine.outcome import Termination

SCHEMA_VERSION = 3


class StorageError(KibanError, OSError):
    """The game store cannot be opened or written."""


class NewerStoreError(StorageError):
    """The file was written by a newer Kiban: this one would misread it, so it is left
    as it is."""


class DamagedStoreError(StorageError):
    """The file is not a whole game store (random bytes, a truncated file, damaged
    schema or rows): the message names it and says what is wrong."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"the game store {path} is damaged: {detail}")
        self.path = path
        self.detail = detail


class GameStatus(Enum):
    PLAYING = "playing"
    OVER = "over"
    ABANDONED = "abandoned"


class RecordKind(Enum):
    MOVE = "move"
    TAKEBACK = "takeback"


@dataclass(frozen=True, slots=True)
class Column:
    """A column as Kiban creates it (``required``: NOT NULL; ``key``: its place in the
    primary key), and the schema version that added it (older files are migrated by
    adding the later columns at the end)."""

    name: str
    type: str
    since: int = 1
    required: bool = False
    key: int = 0
    default: str | None = None

    def described(self) -> tuple[str, str, bool, str | None, int]:
        """As ``PRAGMA table_info`` describes it."""
        return (self.name, self.type, self.required, self.default, self.key)


GAMES = (
    Column("id", "INTEGER", key=1),
    Column("game", "TEXT", required=True),
    Column("options", "TEXT", required=True),
    Column("start", "TEXT"),
    Column("settings", "TEXT", required=True, default="'{}'"),
    Column("status", "TEXT", required=True),
    Column("termination", "TEXT"),
    Column("winners", "TEXT"),
    Column("started_at", "REAL", required=True),
    Column("ended_at", "REAL"),
    Column("clock", "TEXT", since=2),
    Column("created_wall", "REAL", since=3),
)
RECORDS = (
    Column("game_id", "INTEGER", required=True, key=1),
    Column("seq", "INTEGER", required=True, key=2),
    Column("kind", "TEXT", required=True),
    Column("ply", "INTEGER", required=True),
    Column("move", "TEXT"),
    Column("plies", "INTEGER"),
    Column("at", "REAL", required=True),
    Column("data", "TEXT"),
    Column("wall", "REAL", since=3),
)
TABLES = {"games": GAMES, "records": RECORDS}

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    start TEXT,
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,
    termination TEXT,
    winners TEXT,
    started_at REAL NOT NULL,
    ended_at REAL,
    clock TEXT,
    created_wall REAL
);
CREATE TABLE IF NOT EXISTS records (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    ply INTEGER NOT NULL,
    move TEXT,
    plies INTEGER,
    at REAL NOT NULL,
    data TEXT,
    wall REAL,
    PRIMARY KEY (game_id, seq)
);
"""

HEADER = b"SQLite format 3\x00"
HEADER_SIZE = 100
_FIXED = {21: 64, 22: 32, 23: 32}
"""Header bytes every SQLite file has (the payload fractions)."""

DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
NOT_DAMAGE_CODES = frozenset(
    {
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_AUTH,
    }
)
"""What says nothing about the file's bytes: it is busy, or cannot be reached."""


def is_damage(error: sqlite3.Error) -> bool:
    """Whether an SQLite error says the file's contents are wrong. Errors Python's
    sqlite3 raises itself (text that is not UTF-8) have no ``sqlite_errorcode``:
    those are about the contents too. A read-only file reads as damaged only when
    its header says so (``check_header``)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return isinstance(error, sqlite3.OperationalError | sqlite3.DataError)
    primary = code & 0xFF
    if primary in DAMAGE_CODES:
        return True
    return primary not in NOT_DAMAGE_CODES and primary != sqlite3.SQLITE_READONLY


def check_file(path: Path) -> None:
    """Refuse what is not a file SQLite can open as a store: a directory or device,
    an empty file, or one whose header is not an SQLite header. A missing file is
    fine (a new store); one that cannot be read is left for opening to name."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError:
        return  # unreachable: opening it says what is wrong
    if not stat.S_ISREG(info.st_mode):
        what = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise DamagedStoreError(path, f"it is {what}, not a game store")
    if info.st_size == 0:
        raise DamagedStoreError(path, "it is empty (0 bytes)")
    try:
        with path.open("rb") as file:
            head = file.read(HEADER_SIZE)
    except OSError:
        return
    problem = header_problem(head)
    if problem is not None:
        raise DamagedStoreError(path, problem)


def header_problem(head: bytes) -> str | None:
    """What is wrong with the first 100 bytes of a file, as a store's; None if nothing."""
    if not head.startswith(HEADER):
        return "not an SQLite database (its first bytes are wrong)"
    if len(head) < HEADER_SIZE:
        return f"it is cut short ({len(head)} bytes)"
    size = int.from_bytes(head[16:18], "big")
    if not (size == 1 or (512 <= size <= 32768 and size & (size - 1) == 0)):
        return f"its header is damaged (page size {size})"
    wrong = [at for at, value in _FIXED.items() if head[at] != value]
    if head[18] not in (1, 2) or head[19] not in (1, 2):
        wrong.insert(0, 18)
    if wrong:
        return f"its header is damaged (byte {wrong[0]})"
    return None


def page_size(head: bytes) -> int:
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def check_whole(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's own check of every page and index."""
    problems = [str(row[0]) for row in db.execute("PRAGMA integrity_check(3)")]
    if problems != ["ok"]:
        raise DamagedStoreError(path, " ".join(problems).replace("\n", " "))


def check_schema(db: sqlite3.Connection, path: Path, version: int) -> bool:
    """Whether the file holds Kiban's tables (False: none yet, a new store); their
    columns must be this version's, or an older one's to be migrated. Every line of
    the schema is read, so schema text that is not UTF-8 is found here too."""
    schema = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    tables = {str(name) for kind, name, _ in schema if kind == "table"}
    others = {name for name in tables if not name.startswith("sqlite_")} - TABLES.keys()
    ours = tables & TABLES.keys()
    if not ours:
        if others:
            listed = ", ".join(sorted(others))
            raise DamagedStoreError(path, f"it holds no games, but other tables ({listed})")
        if version:
            raise DamagedStoreError(path, "its tables are missing")
        return False
    for name, expected in TABLES.items():
        if name not in ours:
            raise DamagedStoreError(path, f"its {name} table is missing")
        found = [
            (str(row[1]), str(row[2]).upper(), bool(row[3]), row[4], int(row[5]))
            for row in db.execute(f"PRAGMA table_info({name})")
        ]
        wanted = [column.described() for column in expected]
        needed = sum(1 for c in expected if c.since <= max(version, 1))
        if found != wanted[: len(found)] or len(found) < needed:
            raise DamagedStoreError(path, f"its {name} table does not have Kiban's columns")
    sequence = [str(row[1]) for row in db.execute("PRAGMA table_info(sqlite_sequence)")]
    if sequence != ["name", "seq"]:
        raise DamagedStoreError(path, "its table of game numbers (sqlite_sequence) is damaged")
    for row in db.execute("PRAGMA foreign_key_list(records)"):
        if (row[2], row[3], row[4]) not in (("games", "game_id", "id"), ("games", "game_id", None)):
            raise DamagedStoreError(path, "its records table does not point at its games")
    return True


def _numeric(column: str, *, null: bool = True) -> str:
    test = f"typeof({column}) IN ('integer', 'real')"
    return f"({column} IS NULL OR {test})" if null else test


def _integer(column: str, *, null: bool = False) -> str:
    test = f"typeof({column}) = 'integer'"
    return f"({column} IS NULL OR {test})" if null else test


def _json(column: str, shape: str, *, null: bool = False, items: str | None = None) -> str:
    """``column`` holds JSON of ``shape`` (object, array), each item of type ``items``."""
    test = (
        f"(typeof({column}) = 'text' AND CASE WHEN json_valid({column}) THEN"
        f" json_type({column}) = '{shape}'"
    )
    if items is not None:
        test += f" AND NOT EXISTS (SELECT 1 FROM json_each({column}) WHERE type NOT IN ({items}))"
    test += " ELSE 0 END)"
    return f"({column} IS NULL OR {test})" if null else test


def _text(column: str, *, null: bool = False) -> str:
    test = f"typeof({column}) = 'text'"
    return f"({column} IS NULL OR {test})" if null else test


def _among(column: str, values: list[str], *, null: bool = False) -> str:
    listed = ", ".join(f"'{value}'" for value in values)
    test = f"{column} IN ({listed})"
    return f"({column} IS NULL OR {test})" if null else test


_NUMBERS = "'integer', 'real'"


@dataclass(frozen=True, slots=True)
class RowCheck:
    """What every row of a table must be, in SQL (by column), and the columns whose
    text is read again in Python when it holds other bytes than printable ASCII."""

    table: str
    key: str
    what: str
    rules: dict[str, str]
    texts: tuple[str, ...]


ROW_CHECKS = (
    RowCheck(
        "games",
        "id",
        "game {}",
        {
            "id": _integer("id"),
            "game": _text("game"),
            "options": _json("options", "object", items="'text'"),
            "start": _text("start", null=True),
            "settings": _json("settings", "object"),
            "status": _among("status", [status.value for status in GameStatus]),
            "termination": _among("termination", [t.name for t in Termination], null=True),
            "winners": _json("winners", "array", null=True, items="'integer'"),
            "started_at": _numeric("started_at", null=False),
            "ended_at": _numeric("ended_at"),
            "clock": _json("clock", "array", null=True, items=_NUMBERS),
            "created_wall": _numeric("created_wall"),
        },
        tuple(c.name for c in GAMES if c.type == "TEXT"),
    ),
    # a store holds some hundred records a game: only what is cheap to check in SQL
    # (a record read later that is wrong in another way is named then, as damaged)
    RowCheck(
        "records",
        "game_id",
        "a record of game {}",
        {
            "seq": _integer("seq"),
            "kind": _among("kind", [kind.value for kind in RecordKind]),
            "data": "(data IS NULL OR (json_valid(data) AND substr(data, 1, 1) = '{'))",
        },
        ("move",),
    ),
)


def check_rows(db: sqlite3.Connection, path: Path, columns: dict[str, set[str]]) -> None:
    """Every row as Kiban writes it, one pass over each table; ``columns``: each
    table's columns (an older file lacks the later ones, read as NULL)."""
    for check in ROW_CHECKS:
        have = columns[check.table]
        rules = " AND ".join(rule for name, rule in check.rules.items() if name in have)
        texts = [name for name in check.texts if name in have]
        blobs = "".join(f", CAST({name} AS BLOB)" for name in texts)
        other = "".join(f" OR {name} GLOB '*[^ -~]*'" for name in texts)
        for found in db.execute(
            f"SELECT {check.key}, {rules}{blobs} FROM {check.table} WHERE NOT ({rules}){other}"
        ):
            damaged = DamagedStoreError(path, f"{check.what.format(found[0])} is damaged")
            if not found[1]:
                raise damaged
            try:
                for value in found[2:]:
                    if value is not None:
                        bytes(value).decode("utf-8")
            except UnicodeDecodeError:
                raise damaged from None


def table_columns(db: sqlite3.Connection) -> dict[str, set[str]]:
    """The columns each of Kiban's tables has in this file."""
    return {
        name: {str(row[1]) for row in db.execute(f"PRAGMA table_info({name})")} for name in TABLES
    }
