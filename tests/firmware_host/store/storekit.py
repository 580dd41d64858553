"""Game stores for the storage tests: whole ones with real games, and damaged ones made
in every way a file can go wrong (bytes, header, pages, schema text, tables, rows)."""

from __future__ import annotations

import io
import random
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from firmware_host.loops.simulator import Simulation
from firmware_host.store.storage import GameStore, StoredGame
from firmware_host.telling.language import Language
from firmware_host.terminal import app

DOBUTSU_MOVES = ("2c2b", "1a2b", "1d1c", "3a3b")
SHOGI_MOVES = ("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e")
PAGE = 4096
TERMINAL = app.run_terminal  # as the program has it: run_cli types into it
WALL = 1_700_000_000.0  # a fixed calendar time: stores made alike are equal


def whole_store(path: Path, *, fillers: int = 0) -> list[StoredGame]:
    """A store with a finished shogi game, a dobutsu game with a takeback still being
    played (with clock times), and ``fillers`` more dobutsu games; closed, so all of it
    is in the file. The games as stored (the same games whatever ``fillers`` is)."""
    store = GameStore(path)
    shogi = store.new_game("shogi", {}, None, 0.0, {"opponent": "w=level:3"}, wall=WALL)
    for ply, move in enumerate(SHOGI_MOVES, start=1):
        store.add_move(shogi, ply, move, float(ply), {"clock": [1.5, 2.0]}, wall=WALL + ply)
    store.finish(shogi, Outcome.win(Termination.RESIGNATION, 0), 9.0)
    dobutsu = store.new_game(
        "dobutsu", {"promotion": "mandatory"}, None, 0.0, {"clock": "5m"}, wall=WALL
    )
    for ply, move in enumerate(DOBUTSU_MOVES[:3], start=1):
        store.add_move(dobutsu, ply, move, float(ply), wall=WALL + ply)
    store.add_takeback(dobutsu, 3, 1, 4.0, wall=WALL + 4)
    store.save_clock(dobutsu, (290.5, 299.0))
    for number in range(fillers):
        filler = store.new_game("dobutsu", {}, None, float(number), wall=WALL)
        for ply, move in enumerate(DOBUTSU_MOVES, start=1):
            store.add_move(filler, ply, move, float(ply), wall=WALL + ply)
    games = [store.load(number) for number in range(1, 3 + fillers)]
    store.close()
    return games


def first_schema_store(path: Path) -> None:
    """A store as the first Kiban wrote it (schema version 1: no clock times, no
    calendar times): one dobutsu game with one move."""
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,"
        " options TEXT NOT NULL, start TEXT, settings TEXT NOT NULL DEFAULT '{}',"
        " status TEXT NOT NULL, termination TEXT, winners TEXT, started_at REAL NOT NULL,"
        " ended_at REAL);"
        "CREATE TABLE records (game_id INTEGER NOT NULL, seq INTEGER NOT NULL,"
        " kind TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT, plies INTEGER,"
        " at REAL NOT NULL, data TEXT, PRIMARY KEY (game_id, seq));"
        "INSERT INTO games (game, options, status, started_at) VALUES ('dobutsu', '{}',"
        " 'playing', 0);"
        "INSERT INTO records VALUES (1, 1, 'move', 1, '2c2b', 0, 1.0, NULL);"
        "PRAGMA user_version=1;"
    )
    db.close()


def _edit(path: Path, *statements: tuple[str, tuple[object, ...]], schema: bool = False) -> None:
    db = sqlite3.connect(path)
    if schema:
        db.execute("PRAGMA writable_schema=ON")
    for sql, parameters in statements:
        db.execute(sql, parameters)
    db.commit()
    db.execute("PRAGMA journal_mode=DELETE")  # one file: what is compared is all there is
    db.close()


def _schema(path: Path, table: str, sql: bytes | str) -> None:
    whole_store(path)
    _edit(
        path,
        ("UPDATE sqlite_master SET sql = CAST(? AS TEXT) WHERE name = ?", (sql, table)),
        schema=True,
    )


def _overwrite(path: Path, at: int, data: bytes) -> None:
    with path.open("r+b") as file:
        file.seek(at)
        file.write(data)


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(5000))


def text_file(path: Path) -> None:
    path.write_text("a shopping list, not a game store\neggs\n")


def zero_length(path: Path) -> None:
    path.write_bytes(b"")


def directory(path: Path) -> None:
    path.mkdir()


def truncated(path: Path) -> None:
    whole_store(path, fillers=40)
    path.write_bytes(path.read_bytes()[: 3 * PAGE + 100])


def magic_damaged(path: Path) -> None:
    whole_store(path, fillers=20)
    _overwrite(path, 0, b"SQLite formXt 3\x00")


def header_fields_damaged(path: Path) -> None:
    whole_store(path, fillers=20)
    _overwrite(path, 16, b"\x13\x37\x07\x09\x00\x40\x20\x20")  # page size, versions


def garbage_page(path: Path) -> None:
    whole_store(path, fillers=20)
    _overwrite(path, path.stat().st_size - PAGE, random.Random(2).randbytes(PAGE))


def schema_unparseable(path: Path) -> None:
    _schema(path, "games", "CREATE TABLE games (id INTEGER PRIMARY KEY, garbage")


def schema_other_columns(path: Path) -> None:
    _schema(
        path,
        "games",
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, gamx TEXT NOT NULL,"
        " options TEXT NOT NULL, start TEXT, settings TEXT NOT NULL DEFAULT '{}',"
        " status TEXT NOT NULL, termination TEXT, winners TEXT, started_qt REAL NOT NULL,"
        " ended_at REAL, clock TEXT, created_wall REAL)",
    )


def schema_not_utf8(path: Path) -> None:
    _schema(
        path,
        "records",
        b"CREATE TABLE records (game_id INTEGER NOT NULL REFERENCES g\xc1mes(id),"
        b" seq INTEGER NOT NULL, kind TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT,"
        b" plies INTEGER, at REAL NOT NULL, data TEXT, wall REAL, PRIMARY KEY (game_id, seq))",
    )


def numbering_damaged(path: Path) -> None:
    _schema(path, "sqlite_sequence", "CREATE TABLE sqlite_sequence(nameseq)")


def other_program(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    db.execute("INSERT INTO photos (name) VALUES ('cat.jpg')")
    db.commit()
    db.close()


def table_missing(path: Path) -> None:
    whole_store(path)
    _edit(path, ("DROP TABLE records", ()))


def status_damaged(path: Path) -> None:
    whole_store(path)
    _edit(path, ("UPDATE games SET status = 'plaXing' WHERE id = 2", ()))


def move_not_utf8(path: Path) -> None:
    whole_store(path)
    _edit(path, ("UPDATE records SET move = CAST(X'32C3' AS TEXT) WHERE seq = 2", ()))


def json_damaged(path: Path) -> None:
    whole_store(path)
    _edit(path, ("UPDATE games SET options = '{\"promotion\": ' WHERE id = 2", ()))


DAMAGES: dict[str, Callable[[Path], None]] = {
    "random bytes": random_bytes,
    "a text file": text_file,
    "zero length": zero_length,
    "a directory": directory,
    "truncated": truncated,
    "magic damaged": magic_damaged,
    "header fields damaged": header_fields_damaged,
    "a page of garbage": garbage_page,
    "schema unparseable": schema_unparseable,
    "schema with other columns": schema_other_columns,
    "schema text not UTF-8": schema_not_utf8,
    "numbering table damaged": numbering_damaged,
    "another program's database": other_program,
    "a table missing": table_missing,
    "a status damaged": status_damaged,
    "a move not UTF-8": move_not_utf8,
    "JSON damaged": json_damaged,
}


def snapshot(path: Path) -> bytes | str:
    """What a damaged store is, to check it is left as it was."""
    return "a directory" if path.is_dir() else path.read_bytes()


def run_cli(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    typed: str = "quit\n",
) -> tuple[int, str, str]:
    """``kiban ARGS`` in this process; the terminal of ``kiban sim`` reads ``typed``."""
    from firmware_host.cli import main

    def type_in(sim: Simulation, *, language: Language = Language.ENGLISH) -> int:
        return TERMINAL(sim, io.StringIO(typed), sys.stdout, language=language)

    monkeypatch.setattr(app, "run_terminal", type_in)
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err
