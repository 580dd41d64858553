"""Games and their moves in one SQLite file, written so that a power cut loses nothing.

Every record is its own transaction with a WAL journal and ``synchronous=FULL``:
when ``add_move`` returns, the move is on disk. Takebacks are records too, so the
history of a game is never rewritten and nothing committed is ever lost. A write
that fails (a full disk) raises ``StorageError`` and leaves the file as it was;
``journal.py`` keeps such records until they can be written.

Opening a file reads before it writes (``store_file.py`` checks it whole): a file
from a newer Kiban is refused untouched (``NewerStoreError``), a damaged one is
named (``DamagedStoreError``); ``salvage.open_store`` keeps a damaged file aside,
starts a fresh one and saves into it what can still be read. A store opened only
to read (``kiban list``, ``kiban export``) is opened read-only, so a folder the
user may not write to is no obstacle.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.outcome import Outcome
from engine.said import N_, NP_, Said, Term, Value, plural_said, said
from firmware_host.store.store_file import (
    SCHEMA,
    SCHEMA_VERSION,
    TABLES,
    DamagedStoreError,
    GameStatus,
    NewerStoreError,
    RecordKind,
    StorageError,
    check_file,
    check_rows,
    check_schema,
    check_whole,
    is_damage,
    table_columns,
)
from firmware_host.store.stored import (
    Record,
    StoredGame,
    game_from_row,
    json_field,
    record_from_row,
)

__all__ = [
    "SCHEMA_VERSION",
    "DamagedStoreError",
    "GameStatus",
    "GameStore",
    "NewerStoreError",
    "Record",
    "RecordKind",
    "Replaced",
    "StorageError",
    "StoredGame",
    "default_state_dir",
]

log = logging.getLogger(__name__)


DISK_FULL = N_("database or disk is full")
"""SQLite's words for a full disk, the one detail a player meets: told in the language."""
OPEN = N_("cannot open the game store {path}: {detail}")
WRITE = N_("cannot write to the game store {path}: {detail}")


def cannot(msgid: str, path: Path, error: BaseException) -> Said:
    """Why the store cannot be opened or written; SQLite's own words are a ``Term``:
    the catalogue knows the one a player meets (a full disk)."""
    return said(msgid, path=str(path), detail=Term(str(error)))


WHOLE = NP_(
    "the game store {path} was damaged ({detail}): it is kept as {kept};"
    " {count} game read from it is in the new store",
    "the game store {path} was damaged ({detail}): it is kept as {kept};"
    " {count} games read from it are in the new store",
)
CUT = NP_(
    "the game store {path} was damaged ({detail}): it is kept as {kept};"
    " {count} game read from it is in the new store ({cut} up to the first"
    " damaged move only)",
    "the game store {path} was damaged ({detail}): it is kept as {kept};"
    " {count} games read from it are in the new store ({cut} up to the first"
    " damaged move only)",
)
"""A damaged store's games read back, by their count (the plural forms of its
language: Polish and Czech say 2 and 5 games differently)."""


@dataclass(frozen=True, slots=True)
class Replaced:
    """A damaged store that was kept aside (as ``kept``) for a fresh one at ``path``,
    with ``saved`` of its games read back into the fresh one (``cut``: of those, the
    games whose later records could not be read)."""

    path: Path
    kept: Path
    detail: str
    saved: int = 0
    cut: int = 0

    def describe(self) -> Said:
        where: dict[str, Value] = {
            "path": str(self.path),
            "detail": Term(self.detail),
            "kept": self.kept.name,
        }
        if not self.saved:
            return said(
                N_(
                    "the game store {path} was damaged ({detail}): it is kept as {kept} and a"
                    " new, empty store was started; no game in it could be read"
                ),
                **where,
            )
        if self.cut:
            return plural_said(CUT, self.saved, **where, cut=self.cut)
        return plural_said(WHOLE, self.saved, **where)


def default_state_dir() -> Path:
    """Where the service keeps its state: systemd's StateDirectory, else XDG."""
    for variable in ("KIBAN_STATE_DIR", "STATE_DIRECTORY"):
        value = os.environ.get(variable)
        if value:
            return Path(value.split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "kiban"


class GameStore:
    """The SQLite file of games; one writer (the controller). ``read_only``: opened
    only to read (``mode=ro``, or ``immutable`` where a folder the user may not write
    to would stop SQLite from opening its WAL index); nothing is ever written then."""

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self.replaced: Replaced | None = None
        """The damaged file this store took the place of (``open_store``), to be said."""
        memory = str(path) == ":memory:"
        if not memory:
            check_file(self.path)  # before SQLite, which drops the WAL of a non-database
        self._db = self._connect(memory)
        try:
            whole = self._inspect()  # reads only: nothing is written to a file refused
            if not read_only:
                if whole:
                    self._try_writing()
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute("PRAGMA foreign_keys=ON")
                self._db.executescript(SCHEMA)
                self._migrate()
                self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            self._columns = table_columns(self._db)
        except StorageError:
            self._db.close()
            raise
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._db.close()
            if not isinstance(error, sqlite3.Error) or is_damage(error):
                raise DamagedStoreError(self.path, str(error)) from None
            raise StorageError(cannot(OPEN, self.path, error)) from None

    def _connect(self, memory: bool) -> sqlite3.Connection:
        """The connection; read-only, it shares the WAL of a program writing the store
        (``mode=ro``), and with no WAL beside the file, no program has it open and the
        file is all there is (``immutable``: SQLite then makes no WAL files of its own,
        which a folder the user may not write to would refuse)."""
        try:
            if memory or not self.read_only:
                if not memory:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                target = str(self.path)
            else:
                shared = self.path.with_name(self.path.name + "-wal").exists()
                target = self.path.absolute().as_uri() + (
                    "?mode=ro" if shared else "?mode=ro&immutable=1"
                )
            return sqlite3.connect(
                target, isolation_level=None, check_same_thread=False, uri=self.read_only
            )
        except (sqlite3.Error, OSError, ValueError) as error:
            raise StorageError(cannot(OPEN, self.path, error)) from None

    def _inspect(self) -> bool:
        """Check that the file is whole, not newer than this Kiban's, and holds Kiban's
        tables (False: none yet, a new file); only reads."""
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        check_whole(self._db, self.path)
        if version > SCHEMA_VERSION:
            raise NewerStoreError(
                f"the game store {self.path} was written by a newer Kiban (schema version"
                f" {version}; this one knows up to {SCHEMA_VERSION}): it is left untouched;"
                " update Kiban, or use another --state-dir"
            )
        if not check_schema(self._db, self.path, version):
            return False
        check_rows(self._db, self.path, table_columns(self._db))
        return True

    def _try_writing(self) -> None:
        """Write a game and a move and take them back at once: schema text that reads
        well but cannot be written to (a damaged reference, or table of game numbers)
        is found before the file is used. Nothing of it reaches the file."""
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            cursor = self._db.execute(
                "INSERT INTO games (game, options, settings, status, started_at)"
                " VALUES ('-', '{}', '{}', ?, 0)",
                (GameStatus.ABANDONED.value,),
            )
            self._db.execute(
                "INSERT INTO records (game_id, seq, kind, ply, at) VALUES (?, 1, ?, 1, 0)",
                (cursor.lastrowid, RecordKind.MOVE.value),
            )
        finally:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    def _migrate(self) -> None:
        """Bring a file written by an older Kiban up to date, keeping every game: the
        columns later versions added, at the end of their tables."""
        for table, columns in TABLES.items():
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            for column in columns:
                if column.name not in have:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column.name} {column.type}")

    def close(self) -> None:
        self._db.close()

    def close_self_contained(self) -> None:
        """Close with everything in the file itself (no WAL beside it), to be renamed."""
        try:
            self._db.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.Error as error:
            raise StorageError(f"cannot finish the game store {self.path}: {error}") from None
        finally:
            self._db.close()

    def _write(self, sql: str, parameters: tuple[Any, ...]) -> int:
        return self._write_all([(sql, parameters)])

    def _write_all(self, statements: list[tuple[str, tuple[Any, ...]]]) -> int:
        """Run ``statements`` in one transaction: all are written, or none; the row id
        the last one made."""
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                row_id = 0
                for sql, parameters in statements:
                    row_id = int(self._db.execute(sql, parameters).lastrowid or 0)
                return row_id
        except sqlite3.Error as error:
            raise StorageError(cannot(WRITE, self.path, error)) from None

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

    def save_review(self, game_id: int, notes: list[dict[str, Any]]) -> None:
        """A finished game's review (``review_notes.py``), kept in its settings so an
        export made later has the engine's comments."""
        rows = self._read("SELECT settings FROM games WHERE id = ?", (game_id,), "the settings")
        if not rows:
            raise StorageError(f"no game {game_id} in {self.path}")
        settings = json_field(rows[0][0], dict)
        settings["review"] = notes
        self._write(
            "UPDATE games SET settings = ? WHERE id = ?",
            (json.dumps(settings, sort_keys=True), game_id),
        )

    def save_setting(self, game_id: int, key: str, value: str) -> None:
        """One of a game's settings changed while it is played (a remote game's message
        numbers reserved ahead, ``remote/game.py``)."""
        rows = self._read("SELECT settings FROM games WHERE id = ?", (game_id,), "the settings")
        if not rows:
            raise StorageError(f"no game {game_id} in {self.path}")
        settings = json_field(rows[0][0], dict)
        settings[key] = value
        self._write(
            "UPDATE games SET settings = ? WHERE id = ?",
            (json.dumps(settings, sort_keys=True), game_id),
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

    def _select(self, table: str) -> str:
        """Every column of ``table`` in Kiban's order (NULL for one an older file lacks)."""
        have = self._columns.get(table, set())
        return ", ".join(c.name if c.name in have else "NULL" for c in TABLES[table])

    def _read(self, sql: str, parameters: tuple[Any, ...], what: str) -> list[Any]:
        """Rows of a query; a file damaged since it was opened is named, not a traceback."""
        if not self._columns.get("games"):
            return []  # a new file opened read-only: no tables, no games
        try:
            return self._db.execute(sql, parameters).fetchall()
        except (sqlite3.Error, ValueError) as error:
            raise DamagedStoreError(self.path, f"{what} cannot be read ({error})") from None

    def load(self, game_id: int) -> StoredGame:
        what = f"game {game_id}"
        rows = self._read(
            f"SELECT {self._select('games')} FROM games WHERE id = ?",
            (game_id,),
            what,
        )
        if not rows:
            raise StorageError(f"no game {game_id} in {self.path}")
        records = self._read(
            f"SELECT {self._select('records')} FROM records WHERE game_id = ? ORDER BY seq",
            (game_id,),
            what,
        )
        try:
            return game_from_row(rows[0], tuple(record_from_row(r) for r in records))
        except (ValueError, TypeError, KeyError) as error:
            raise DamagedStoreError(self.path, f"{what} cannot be read ({error})") from None

    def unfinished(self, game: str | None = None) -> StoredGame | None:
        """The most recent game still being played (of ``game``, when given)."""
        sql = "SELECT id FROM games WHERE status = ?"
        parameters: tuple[Any, ...] = (GameStatus.PLAYING.value,)
        if game is not None:
            sql += " AND game = ?"
            parameters += (game,)
        rows = self._read(sql + " ORDER BY id DESC LIMIT 1", parameters, "the unfinished game")
        return self.load(rows[0][0]) if rows else None

    def list_games(self, limit: int = 50) -> list[StoredGame]:
        rows = self._read("SELECT id FROM games ORDER BY id DESC LIMIT ?", (limit,), "the games")
        return [self.load(row[0]) for row in rows]

    def restore(self, stored: StoredGame) -> None:
        """Write a game read from another store (one kept aside as damaged) under its
        own number, with its records, in one transaction."""
        outcome = stored.outcome
        game = (
            f"INSERT INTO games ({', '.join(c.name for c in TABLES['games'])})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                stored.id,
                stored.game,
                json.dumps(dict(stored.options), sort_keys=True),
                stored.start,
                json.dumps(dict(stored.settings), sort_keys=True),
                stored.status.value,
                None if outcome is None else outcome.termination.name,
                None if outcome is None else json.dumps(sorted(outcome.winners)),
                stored.started_at,
                stored.ended_at,
                None if stored.clock is None else json.dumps(list(stored.clock)),
                stored.created_wall,
            ),
        )
        records = [
            (
                f"INSERT INTO records ({', '.join(c.name for c in TABLES['records'])})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    stored.id,
                    record.seq,
                    record.kind.value,
                    record.ply,
                    record.move,
                    record.plies,
                    record.at,
                    json.dumps(dict(record.data)) if record.data else None,
                    record.wall,
                ),
            )
            for record in stored.records
        ]
        self._write_all([game, *records])
