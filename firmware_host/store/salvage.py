"""A damaged game store kept aside, and every game that can still be read of it saved.

``open_store`` is how ``kiban run`` and ``kiban sim`` open their store: every game
that can still be read from a damaged file is written under its own number into a
new file beside it (``<name>.salvaging``), which is made durable (fsync) and renamed
``<name>.salvaged`` once whole; then the damaged file is renamed
``<name>.damaged-<time>`` (with its WAL files, which may hold the latest moves) and
the salvaged one takes its place by an atomic rename, and the store says how many
games it holds (``GameStore.replaced``). The damaged file is never written: it is
read from copies. A kill at any moment loses nothing: killed while salvaging, the
damaged file is still in its place and is salvaged again at the next start (the
half-written ``.salvaging`` is thrown away); killed after, the ``.salvaged`` file
found at the next start is put in the store's place then. The copies the damaged file
is read from (a folder ``kiban-salvage-<pid>-*`` beside it) are removed when the salvage
ends; the ones a kill left are removed at the next start, once the store is open: they
are copies of the damaged file, which is still in place or kept aside by then (a
folder whose process still runs is left to it).

Python's sqlite3 has no recovery extension (the ``.recover`` of SQLite's shell, or
``sqlite_dbpage``, which Debian's SQLite leaves out), so the copies are read as they
are, then with their first page (the file header and the schema text) replaced by
a new store's: every Kiban store keeps its tables on the same pages, so this reads
a file whose header or schema is what was damaged. Each table is read by ranges of
row ids, halved around whatever SQLite cannot read, so a damaged page loses only
its own rows. A game keeps its records up to the first that is missing or cannot
be played (each is replayed through the rules); one cut short is no longer over.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from engine.registry import find_game
from firmware_host.store.replacing import another_runs, sync_directory
from firmware_host.store.storage import (
    GameStatus,
    GameStore,
    Record,
    RecordKind,
    Replaced,
    StorageError,
    StoredGame,
)
from firmware_host.store.store_file import (
    HEADER_SIZE,
    SCHEMA,
    SCHEMA_VERSION,
    TABLES,
    DamagedStoreError,
    header_problem,
    page_size,
)
from firmware_host.store.stored import game_from_row, record_from_row

log = logging.getLogger(__name__)

MAX_QUERIES = 20_000
"""Range reads one table of one copy may take: a file that is all damage is given
up on in a second or so, not halved row by row for ever."""

DEFAULT_PAGE_SIZE = 4096
"""The page size of a file whose header no longer says it (SQLite's default)."""

MAX_GAMES = 1_000_000
"""More games than any store holds: a finished salvage's games are all counted."""

WAL = ("-wal", "-shm")


SALVAGING = ".salvaging"
"""A salvage being written: thrown away when found, since the damaged file is still there."""
SALVAGED = ".salvaged"
"""A salvage written whole: put in the store's place when found."""
FINISHED = "a salvage stopped half way was finished at this start"
COPIES = "kiban-salvage-"
"""The folder of the copies a salvage reads, then ``<pid>-`` and tempfile's 8 letters."""
_COPIES = re.compile(rf"{COPIES}(?:([0-9]{{1,10}})-)?[a-z0-9_]{{8}}")
"""The folders of copies: the pid left out by earlier versions."""


def open_store(path: Path | str) -> GameStore:
    """The game store at ``path``; a damaged file is kept aside, a fresh store started
    in its place with every game that can be read from it, and the store says so
    (``GameStore.replaced``). A newer file is refused as it is. A salvage a kill left
    half done is finished first."""
    path = Path(path)
    finished = _finish(path)
    try:
        store = GameStore(path)
    except DamagedStoreError as damage:
        store = _replace(path, damage.detail)
    else:
        if finished is not None:
            saved = len(store.list_games(MAX_GAMES))
            store.replaced = Replaced(path, finished, FINISHED, saved, 0)
    if store.replaced is not None:
        log.error("%s", store.replaced.describe())
    _remove_old_copies(path.parent)
    return store


def _replace(path: Path, detail: str) -> GameStore:
    """Salvage the damaged store at ``path`` into a new file, then put that file in its
    place (the damaged one kept aside); the new store."""
    partial, whole = _beside(path, SALVAGING), _beside(path, SALVAGED)
    _remove_with_wal(partial)
    fresh = GameStore(partial)
    saved, cut = salvage(path, fresh)
    fresh.close_self_contained()
    _make_durable(partial)
    partial.replace(whole)
    _make_durable(path.parent)
    kept = keep_aside(path)
    _put_in_place(whole, path)
    store = GameStore(path)
    store.replaced = Replaced(path, kept, detail, saved, cut)
    return store


def _finish(path: Path) -> Path | None:
    """Put a salvage written whole by an earlier run in the store's place (the file
    there, the damaged one, kept aside if the run was stopped before it); the damaged
    file kept, or None when there was nothing to finish. A half-written one is thrown
    away: the damaged file it was read from is still in place."""
    _remove_with_wal(_beside(path, SALVAGING))
    whole = _beside(path, SALVAGED)
    if not whole.is_file():
        return None
    kept = keep_aside(path) if path.exists() else _latest_kept(path)
    _put_in_place(whole, path)
    return kept


def _remove_old_copies(folder: Path) -> None:
    """Remove the folders of copies that salvages killed before their end left in
    ``folder`` (not one whose process still runs); one that cannot be removed is said
    in the log, and the store is used all the same."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        found = _COPIES.fullmatch(name)
        copies = folder / name
        if found is None or copies.is_symlink() or not copies.is_dir():
            continue
        if found.group(1) is not None and another_runs(int(found.group(1))):
            continue
        try:
            shutil.rmtree(copies)
        except FileNotFoundError:
            continue
        except OSError as error:
            log.error("the copies of an old salvage, %s, cannot be removed: %s", copies, error)
        else:
            log.info("removed the copies of a salvage a kill left: %s", copies)


def _beside(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _remove_with_wal(path: Path) -> None:
    for name in (path, _beside(path, "-wal"), _beside(path, "-shm")):
        try:
            name.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise StorageError(f"cannot remove the unfinished salvage {name}: {error}") from None


def _make_durable(path: Path) -> None:
    """fsync a file, or a directory (so that a rename in it survives a power cut)."""
    try:
        sync_directory(path)  # (an fsync of whatever ``path`` is)
    except OSError as error:
        raise StorageError(f"cannot make {path} durable: {error}") from None


def _put_in_place(whole: Path, path: Path) -> None:
    try:
        whole.replace(path)
    except OSError as error:
        raise StorageError(f"cannot put the salvaged store {whole} in place: {error}") from None
    _make_durable(path.parent)


def _latest_kept(path: Path) -> Path:
    """The damaged file most recently kept aside for ``path`` (the salvage's source)."""
    kept = sorted(
        (p for p in path.parent.glob(f"{path.name}.damaged-*") if not p.name.endswith(WAL)),
        key=lambda p: p.stat().st_mtime,
    )
    return kept[-1] if kept else _beside(path, ".damaged")


def keep_aside(path: Path) -> Path:
    """Rename a damaged store (a file, or whatever stands in its place) and its WAL
    files out of the way; the name it is kept under."""
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


@dataclass(frozen=True, slots=True)
class Salvaged:
    """A game read from a damaged store; ``whole`` unless records had to be left out."""

    game: StoredGame
    whole: bool


def salvage(kept: Path, store: GameStore) -> tuple[int, int]:
    """Write every game that can be read from ``kept`` into ``store``: how many were
    saved, and how many of those were cut short."""
    saved = cut = 0
    for found in read_damaged(kept):
        try:
            store.restore(found.game)
        except StorageError as error:
            log.error("game %d read from %s cannot be saved: %s", found.game.id, kept, error)
            continue
        saved += 1
        cut += not found.whole
    return saved, cut


def read_damaged(path: Path) -> list[Salvaged]:
    """Every game that can be read from the damaged store at ``path``, by number; of
    the readings, each game's with the most records."""
    if not path.is_file():
        return []
    best: dict[int, Salvaged] = {}
    try:
        with tempfile.TemporaryDirectory(
            prefix=f"{COPIES}{os.getpid()}-", dir=path.parent
        ) as folder:
            for name, prepare in (("as-is", _as_is), ("new-first-page", _new_first_page)):
                copy = Path(folder) / f"{name}.sqlite3"
                try:
                    prepare(path, copy)
                except (OSError, sqlite3.Error) as error:
                    log.info("salvage of %s (%s): cannot prepare a copy: %s", path, name, error)
                    continue
                found = _games_of(copy)
                log.info("salvage of %s (%s): %d games read", path, name, len(found))
                for item in found:
                    held = best.get(item.game.id)
                    if held is None or len(item.game.records) > len(held.game.records):
                        best[item.game.id] = item
    except OSError as error:  # no room for the copies: what was read is still saved
        log.error("salvage of %s stopped: %s", path, error)
    return [best[number] for number in sorted(best)]


# --- the copies ------------------------------------------------------------------------


def _copy_with_wal(path: Path, copy: Path) -> bytes:
    """Copy the file and its WAL (the latest moves may be only there); its bytes."""
    shutil.copyfile(path, copy)
    wal = path.with_name(path.name + "-wal")
    if wal.is_file():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    return copy.read_bytes()


def _as_is(path: Path, copy: Path) -> None:
    _copy_with_wal(path, copy)


def _new_first_page(path: Path, copy: Path) -> None:
    """The copy with its first page (header and schema) from a new store of the same
    page size; a copy cut short is filled out with empty pages to whole pages, and at
    least to the pages a new store's tables start on."""
    data = _copy_with_wal(path, copy)
    head = data[:HEADER_SIZE]
    size = page_size(head) if header_problem(head) is None else DEFAULT_PAGE_SIZE
    template = _new_store(size, copy.with_name(copy.name + ".template"))
    pages = max(-(-len(data) // size), len(template) // size)
    first = bytearray(template[:size])
    first[28:32] = pages.to_bytes(4, "big")  # the page count ...
    first[92:96] = first[24:28]  # ... which SQLite trusts when these agree
    if copy.with_name(copy.name + "-wal").exists():
        first[18:20] = b"\x02\x02"  # a WAL file: read it
    copy.write_bytes(bytes(first) + data[size:].ljust((pages - 1) * size, b"\x00"))


def _new_store(size: int, scratch: Path) -> bytes:
    """The bytes of a new, empty store: its tables on the pages every store has them."""
    db = sqlite3.connect(scratch)
    try:
        db.execute(f"PRAGMA page_size={size}")
        db.executescript(SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.commit()
    finally:
        db.close()
    return scratch.read_bytes()


# --- reading a copy --------------------------------------------------------------------


def _games_of(copy: Path) -> list[Salvaged]:
    try:
        db = sqlite3.connect(copy)
    except sqlite3.Error:
        return []
    try:
        db.execute("PRAGMA cell_size_check=ON")  # a damaged cell is an error, not garbage
        columns = _columns(db)
        if columns is None:
            return []
        records: dict[int, list[Record]] = {}
        for row in _rows(db, "records", columns["records"]):
            try:
                records.setdefault(int(row[0]), []).append(record_from_row(row))
            except (ValueError, TypeError, KeyError):
                continue
        found = []
        for row in _rows(db, "games", columns["games"]):
            try:
                stored = game_from_row(row, ())
            except (ValueError, TypeError, KeyError):
                continue
            playable = _playable(stored, records.get(stored.id, []))
            if playable is not None:
                found.append(playable)
        return found
    finally:
        db.close()


def _columns(db: sqlite3.Connection) -> dict[str, set[str]] | None:
    """The columns of Kiban's tables in the copy, or None if it has not both."""
    try:
        found = {
            table: {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
            for table in TABLES
        }
    except (sqlite3.Error, ValueError):
        return None
    return found if all(found.values()) else None


def _rows(db: sqlite3.Connection, table: str, have: set[str]) -> Iterator[tuple[Any, ...]]:
    """Every row of ``table`` that can be read (its columns in Kiban's order), by
    ranges of row ids: a range that fails is read on from where it failed, and a
    range that fails at its start is read again in halves."""
    select = ", ".join(c.name if c.name in have else "NULL" for c in TABLES[table])
    sql = f"SELECT rowid, {select} FROM {table} WHERE rowid BETWEEN ? AND ? ORDER BY rowid"
    pending = [(1, _highest(db, table))]
    queries = 0
    while pending and queries < MAX_QUERIES:
        low, high = pending.pop()
        queries += 1
        read: list[tuple[Any, ...]] = []
        try:
            for row in db.execute(sql, (low, high)):
                # a damaged tree may hand out rows out of order, or the same ones again
                if not isinstance(row[0], int) or not (read[-1][0] if read else low - 1) < row[0]:
                    raise sqlite3.DatabaseError("the table's tree hands out rows out of order")
                read.append(row)
        except (sqlite3.Error, ValueError):
            yield from (row[1:] for row in read)
            start = int(read[-1][0]) + 1 if read else low
            if read and start <= high:
                pending.append((start, high))
            elif not read and low < high:
                middle = (low + high) // 2
                pending += [(middle + 1, high), (low, middle)]
            continue
        yield from (row[1:] for row in read)


def _highest(db: sqlite3.Connection, table: str) -> int:
    """The highest row id to look for: the table's own, else a bound from the size."""
    try:
        row = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()
        if row and isinstance(row[0], int):
            return int(row[0])
    except (sqlite3.Error, ValueError):
        pass
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    return int(pages) * DEFAULT_PAGE_SIZE // 8 + 1


def _playable(stored: StoredGame, records: list[Record]) -> Salvaged | None:
    """The game with its records up to the first missing or unplayable one (replayed
    through its rules); None if the game itself cannot be set up."""
    try:
        position = find_game(stored.game).position(stored.start, stored.options)
    except (KibanError, ValueError):
        return None
    kept: list[Record] = []
    for seq, record in enumerate(sorted(records, key=lambda r: r.seq), start=1):
        if record.seq != seq or not _replay(position, record):
            break
        kept.append(record)
    whole = len(kept) == len(records)
    game = dataclasses.replace(stored, records=tuple(kept))
    if not whole and game.status is GameStatus.OVER:
        game = dataclasses.replace(game, status=GameStatus.ABANDONED, outcome=None)
    return Salvaged(game, whole)


def _replay(position: Any, record: Record) -> bool:
    """Play one record on ``position``; False when it cannot be played there."""
    try:
        if record.kind is RecordKind.MOVE:
            if record.move is None:
                return False
            position.push_text(record.move)
            return True
        if not 0 <= record.plies <= len(position.move_stack):
            return False
        for _ in range(record.plies):
            position.pop()
    except (KibanError, ValueError):
        return False
    return True
