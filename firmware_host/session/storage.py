"""Games and their moves in one SQLite file, written so that a power cut loses nothing.

Every record is its own transaction with a WAL journal and ``synchronous=FULL``:
when ``add_move`` returns, the move is on disk. Takebacks are records too, so the
history of a game is never rewritten and nothing committed is ever lost. A write
that fails (a full disk) raises ``StorageError`` and leaves the file as it was;
``journal.py`` keeps such records until they can be written.

Opening a file reads before it writes: a file from a newer Kiban is refused
untouched (``NewerStoreError``), a damaged one is named (``DamagedStoreError``);
``open_store`` keeps a damaged file aside and starts a fresh one.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from engine.outcome import Outcome, Termination

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3

_SCHEMA = """
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


class StorageError(KibanError, OSError):
    """The game store cannot be opened or written."""


class NewerStoreError(StorageError):
    """The file was written by a newer Kiban: this one would misread it, so it is left
    as it is."""


class DamagedStoreError(StorageError):
    """The file is not a readable SQLite database (random bytes, a truncated file)."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(f"the game store {path} is damaged: {detail}")
        self.path = path
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Replaced:
    """A damaged store that was kept aside (as ``kept``) for a fresh one at ``path``."""

    path: Path
    kept: Path
    detail: str

    def describe(self) -> str:
        return (
            f"the game store {self.path} was damaged ({self.detail}): it is kept as"
            f" {self.kept.name} and a new, empty store was started"
        )


_DAMAGE = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_HEADER = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    """An existing, non-empty file that does not begin as every SQLite database does."""
    try:
        with path.open("rb") as file:
            head = file.read(len(_HEADER))
    except OSError:
        return  # missing, or unreadable: opening it says what is wrong
    if head and head != _HEADER:
        raise DamagedStoreError(path, "not an SQLite database (its first bytes are wrong)")


class GameStatus(Enum):
    PLAYING = "playing"
    OVER = "over"
    ABANDONED = "abandoned"


class RecordKind(Enum):
    MOVE = "move"
    TAKEBACK = "takeback"


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of a game's history: a move, or a takeback of ``plies`` moves."""

    seq: int
    kind: RecordKind
    ply: int
    move: str | None
    plies: int
    at: float
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: int
    game: str
    options: Mapping[str, str]
    start: str | None
    settings: Mapping[str, Any]
    status: GameStatus
    outcome: Outcome | None
    started_at: float
    ended_at: float | None
    records: tuple[Record, ...]
    clock: tuple[float, ...] | None = None
    created_wall: float | None = None  # when the game began, by the calendar (epoch s)

    def moves(self) -> list[str]:
        """The moves on the board now: the records with takebacks applied."""
        line: list[str] = []
        for record in self.records:
            if record.kind is RecordKind.MOVE and record.move is not None:
                line.append(record.move)
            elif record.kind is RecordKind.TAKEBACK:
                del line[len(line) - record.plies :]
        return line


def default_state_dir() -> Path:
    """Where the service keeps its state: systemd's StateDirectory, else XDG."""
    for variable in ("KIBAN_STATE_DIR", "STATE_DIRECTORY"):
        value = os.environ.get(variable)
        if value:
            return Path(value.split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "kiban"


class GameStore:
    """The SQLite file of games; one writer (the controller)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.replaced: Replaced | None = None
        """The damaged file this store took the place of (``open_store``), to be said."""
        if str(path) != ":memory:":
            _check_header(self.path)  # before SQLite, which drops the WAL of a non-database
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"cannot open the game store {self.path}: {error}") from None
        try:
            version = self._inspect()  # reads only: nothing is written to a file refused
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._migrate(version)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except StorageError:
            self._db.close()
            raise
        except sqlite3.Error as error:
            self._db.close()
            if error.sqlite_errorcode & 0xFF in _DAMAGE:
                raise DamagedStoreError(self.path, str(error)) from None
            raise StorageError(f"cannot open the game store {self.path}: {error}") from None

    def _inspect(self) -> int:
        """The file's schema version, after checking that it is whole and not newer than
        this Kiban's; only reads."""
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        problems = [row[0] for row in self._db.execute("PRAGMA quick_check(1)")]
        if problems != ["ok"]:
            raise DamagedStoreError(self.path, " ".join(problems).replace("\n", " "))
        if version > SCHEMA_VERSION:
            raise NewerStoreError(
                f"the game store {self.path} was written by a newer Kiban (schema version"
                f" {version}; this one knows up to {SCHEMA_VERSION}): it is left untouched;"
                " update Kiban, or use another --state-dir"
            )
        return version

    def _migrate(self, version: int) -> None:
        """Bring a file written by an older Kiban up to date, keeping every game."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if version < 2 and "clock" not in columns:
            self._db.execute("ALTER TABLE games ADD COLUMN clock TEXT")
        if version < 3 and "created_wall" not in columns:
            self._db.execute("ALTER TABLE games ADD COLUMN created_wall REAL")
            self._db.execute("ALTER TABLE records ADD COLUMN wall REAL")

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, parameters: tuple[Any, ...]) -> int:
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                cursor = self._db.execute(sql, parameters)
                return int(cursor.lastrowid or 0)
        except sqlite3.Error as error:
            raise StorageError(f"cannot write to the game store {self.path}: {error}") from None

    # --- games ---------------------------------------------------------------------

    def new_game(
        self,
        game: str,
        options: Mapping[str, str],
        start: str | None,
        at: float,
        settings: Mapping[str, Any] | None = None,
        *,
        wall: float | None = None,
    ) -> int:
        """A new game's number; ``wall``: when it began by the calendar (default: now)."""
        return self._write(
            "INSERT INTO games (game, options, start, settings, status, started_at, created_wall)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                game,
                json.dumps(dict(options), sort_keys=True),
                start,
                json.dumps(dict(settings or {}), sort_keys=True),
                GameStatus.PLAYING.value,
                at,
                time.time() if wall is None else wall,
            ),
        )

    def finish(self, game_id: int, outcome: Outcome, at: float) -> None:
        self._write(
            "UPDATE games SET status = ?, termination = ?, winners = ?, ended_at = ? WHERE id = ?",
            (
                GameStatus.OVER.value,
                outcome.termination.name,
                json.dumps(sorted(outcome.winners)),
                at,
                game_id,
            ),
        )

    def save_clock(self, game_id: int, remaining: tuple[float, ...]) -> None:
        """The clock times as they stand, so that a resumed game keeps them."""
        self._write(
            "UPDATE games SET clock = ? WHERE id = ?",
            (json.dumps([round(t, 3) for t in remaining]), game_id),
        )

    def reopen(self, game_id: int) -> None:
        """A takeback after the end: the game goes on."""
        self._write(
            "UPDATE games SET status = ?, termination = NULL, winners = NULL, ended_at = NULL"
            " WHERE id = ?",
            (GameStatus.PLAYING.value, game_id),
        )

    def abandon(self, game_id: int, at: float) -> None:
        self._write(
            "UPDATE games SET status = ?, ended_at = ? WHERE id = ? AND status = ?",
            (GameStatus.ABANDONED.value, at, game_id, GameStatus.PLAYING.value),
        )

    # --- records -------------------------------------------------------------------

    def _next_seq(self, game_id: int) -> int:
        row = self._db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM records WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(row[0]) + 1

    def add_move(
        self,
        game_id: int,
        ply: int,
        move: str,
        at: float,
        data: Mapping[str, Any] | None = None,
        *,
        wall: float | None = None,
    ) -> None:
        """Store a move; when this returns it survives a power cut."""
        self._write(
            "INSERT INTO records (game_id, seq, kind, ply, move, plies, at, data, wall)"
            " VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)",
            (
                game_id,
                self._next_seq(game_id),
                RecordKind.MOVE.value,
                ply,
                move,
                at,
                json.dumps(dict(data)) if data else None,
                time.time() if wall is None else wall,
            ),
        )

    def add_takeback(
        self, game_id: int, ply: int, plies: int, at: float, *, wall: float | None = None
    ) -> None:
        self._write(
            "INSERT INTO records (game_id, seq, kind, ply, move, plies, at, data, wall)"
            " VALUES (?, ?, ?, ?, NULL, ?, ?, NULL, ?)",
            (
                game_id,
                self._next_seq(game_id),
                RecordKind.TAKEBACK.value,
                ply,
                plies,
                at,
                time.time() if wall is None else wall,
            ),
        )

    # --- reading -------------------------------------------------------------------

    def load(self, game_id: int) -> StoredGame:
        row = self._db.execute(
            "SELECT id, game, options, start, settings, status, termination, winners,"
            " started_at, ended_at, clock, created_wall FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise StorageError(f"no game {game_id} in {self.path}")
        records = tuple(
            Record(
                seq=r[0],
                kind=RecordKind(r[1]),
                ply=r[2],
                move=r[3],
                plies=r[4] or 0,
                at=r[5],
                data=json.loads(r[6]) if r[6] else {},
            )
            for r in self._db.execute(
                "SELECT seq, kind, ply, move, plies, at, data FROM records"
                " WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        )
        outcome = None
        if row[6] is not None:
            outcome = Outcome(Termination[row[6]], frozenset(json.loads(row[7] or "[]")))
        return StoredGame(
            id=row[0],
            game=row[1],
            options=json.loads(row[2]),
            start=row[3],
            settings=json.loads(row[4]),
            status=GameStatus(row[5]),
            outcome=outcome,
            started_at=row[8],
            ended_at=row[9],
            records=records,
            clock=tuple(json.loads(row[10])) if row[10] else None,
            created_wall=row[11],
        )

    def unfinished(self, game: str | None = None) -> StoredGame | None:
        """The most recent game still being played (of ``game``, when given)."""
        sql = "SELECT id FROM games WHERE status = ?"
        parameters: tuple[Any, ...] = (GameStatus.PLAYING.value,)
        if game is not None:
            sql += " AND game = ?"
            parameters += (game,)
        row = self._db.execute(sql + " ORDER BY id DESC LIMIT 1", parameters).fetchone()
        return self.load(row[0]) if row else None

    def list_games(self, limit: int = 50) -> list[StoredGame]:
        rows = self._db.execute("SELECT id FROM games ORDER BY id DESC LIMIT ?", (limit,))
        return [self.load(row[0]) for row in rows.fetchall()]


def open_store(path: Path) -> GameStore:
    """The game store at ``path``; a damaged file is kept aside (renamed
    ``<name>.damaged-<time>``, with its WAL files) and a fresh store started in its
    place, which says so (``GameStore.replaced``). A newer file is refused as it is."""
    try:
        return GameStore(path)
    except DamagedStoreError as damage:
        kept = _keep_aside(path)
        store = GameStore(path)
        store.replaced = Replaced(path, kept, damage.detail)
        log.error("%s", store.replaced.describe())
        return store


def _keep_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    serial = 1
    while kept.exists():
        serial += 1
        kept = path.with_name(f"{path.name}.damaged-{stamp}-{serial}")
    try:
        for suffix in ("-wal", "-shm"):  # they belong to the damaged file, not the new one
            side = path.with_name(path.name + suffix)
            if side.exists():
                side.rename(kept.with_name(kept.name + suffix))
        path.rename(kept)
    except OSError as error:
        raise StorageError(f"cannot keep the damaged game store {path} aside: {error}") from None
    return kept
