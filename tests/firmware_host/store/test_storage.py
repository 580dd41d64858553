from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from firmware_host.store.storage import GameStatus, GameStore, RecordKind, StorageError
from tests.firmware_host.store.storekit import first_schema_store


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "state" / "games.sqlite3")


def test_a_game_keeps_its_moves_in_order(store: GameStore) -> None:
    game_id = store.new_game("dobutsu", {"promotion": "mandatory"}, None, at=1.0)
    store.add_move(game_id, 1, "2c2b", at=2.0)
    store.add_move(game_id, 2, "2a3b", at=3.0)
    stored = store.load(game_id)
    assert stored.game == "dobutsu"
    assert dict(stored.options) == {"promotion": "mandatory"}
    assert stored.status is GameStatus.PLAYING
    assert stored.moves() == ["2c2b", "2a3b"]
    assert [r.kind for r in stored.records] == [RecordKind.MOVE, RecordKind.MOVE]


def test_takebacks_are_records_and_nothing_is_deleted(store: GameStore) -> None:
    game_id = store.new_game("dobutsu", {}, None, at=0.0)
    for ply, move in enumerate(["2c2b", "2a3b", "3d2c"], start=1):
        store.add_move(game_id, ply, move, at=float(ply))
    store.add_takeback(game_id, 3, 2, at=4.0)
    store.add_move(game_id, 2, "1a1b", at=5.0)
    stored = store.load(game_id)
    assert stored.moves() == ["2c2b", "1a1b"]
    assert len(stored.records) == 5  # every move ever committed is still there


def test_the_last_unfinished_game_resumes(store: GameStore) -> None:
    first = store.new_game("dobutsu", {}, None, at=0.0)
    store.finish(first, Outcome.win(Termination.TRY, 0), at=1.0)
    second = store.new_game("dobutsu", {}, "gle/1c1/1C1/ELG b - 1", at=2.0)
    resumed = store.unfinished("dobutsu")
    assert resumed is not None
    assert resumed.id == second
    assert store.unfinished("shogi") is None
    finished = store.load(first)
    assert finished.status is GameStatus.OVER
    assert finished.outcome == Outcome.win(Termination.TRY, 0)
    store.abandon(second, at=3.0)
    assert store.unfinished() is None


def test_a_takeback_after_the_end_reopens_the_game(store: GameStore) -> None:
    game_id = store.new_game("dobutsu", {}, None, at=0.0)
    store.finish(game_id, Outcome.draw(Termination.REPETITION), at=1.0)
    store.reopen(game_id)
    stored = store.load(game_id)
    assert stored.status is GameStatus.PLAYING
    assert stored.outcome is None


def test_writes_are_durable_wal_and_synchronous(store: GameStore, tmp_path: Path) -> None:
    store.new_game("dobutsu", {}, None, at=0.0)
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # synchronous is per connection: check the store's own connection
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_second_reader_sees_every_committed_move(store: GameStore) -> None:
    game_id = store.new_game("dobutsu", {}, None, at=0.0)
    store.add_move(game_id, 1, "2c2b", at=1.0)
    other = GameStore(store.path)
    assert other.load(game_id).moves() == ["2c2b"]


def test_unknown_game_and_unwritable_places_are_named(tmp_path: Path, store: GameStore) -> None:
    with pytest.raises(StorageError, match="no game 99"):
        store.load(99)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError, match="cannot open the game store"):
        GameStore(blocker / "games.sqlite3")


def test_clock_times_are_kept_with_the_game(store: GameStore) -> None:
    game_id = store.new_game("abalone", {}, None, at=0.0, settings={"clock": "10m"})
    assert store.load(game_id).clock is None
    store.save_clock(game_id, (598.25, 600.0))
    stored = store.load(game_id)
    assert stored.clock == (598.25, 600.0)
    assert stored.settings == {"clock": "10m"}


def test_a_file_from_the_first_schema_is_migrated_without_losing_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    first_schema_store(path)
    store = GameStore(path)
    stored = store.unfinished("dobutsu")
    assert stored is not None and stored.moves() == ["2c2b"] and stored.clock is None
    store.save_clock(stored.id, (1.0, 2.0))
    assert store.load(stored.id).clock == (1.0, 2.0)
