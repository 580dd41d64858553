"""The journal: records the store cannot take yet wait in memory and are written in order."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.said import verbatim
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    FaultCleared,
    FaultShown,
    FaultSource,
    GameStarted,
    MoveCommitted,
    Notice,
    StoreReplaced,
)
from firmware_host.store.journal import Journal
from firmware_host.store.storage import GameStatus, GameStore, RecordKind, StorageError
from firmware_host.telling.language import Language
from firmware_host.telling.legend import BLINK_PERIOD, DEFAULT_PALETTE, Meaning
from firmware_host.telling.rendering import told
from firmware_host.terminal.screen import describe_notice
from firmware_host.wire.notice_records import notice_record
from hardware.profile import load_profile
from tests.firmware_host.web.helpers import opened, said_from_record, sim_session

GAME = find_game("dobutsu")


class FullDisk:
    """Makes a store's writes fail as a full disk does, until ``free``."""

    def __init__(self, store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.store = store
        self.monkeypatch = monkeypatch
        self.real = store._write
        monkeypatch.setattr(store, "_write", self._refuse)

    def _refuse(self, sql: str, parameters: tuple[Any, ...]) -> int:
        raise StorageError(
            f"cannot write to the game store {self.store.path}: database or disk is full"
        )

    def free(self) -> None:
        self.monkeypatch.setattr(self.store, "_write", self.real)


def test_sqlite_full_is_a_storage_error_and_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game_id = store.new_game("dobutsu", {}, None, at=0.0)
    store.add_move(game_id, 1, "2c2b", at=1.0)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages}")  # the disk is full
    with pytest.raises(sqlite3.OperationalError) as full:
        store._db.execute(
            "INSERT INTO records VALUES (1, 99, 'move', 9, ?, 0, 0, NULL, 0)", ("x" * 9000,)
        )
    assert full.value.sqlite_errorname == "SQLITE_FULL"  # what SQLite says of a full disk
    with pytest.raises(StorageError, match="database or disk is full"):
        store.add_move(game_id, 2, "x" * 9000, at=2.0)  # ... and what the store says
    assert store.load(game_id).moves() == ["2c2b"]  # nothing half written
    store._db.execute("PRAGMA max_page_count=1000000")  # room again
    store.add_move(game_id, 2, "2a2b", at=3.0)
    assert store.load(game_id).moves() == ["2c2b", "2a2b"]


def test_records_wait_in_order_and_are_written_once_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    store.new_game("dobutsu", {}, None, at=0.0)  # an earlier game: numbers go on from it
    journal = Journal(store, retry_every=5.0)
    disk = FullDisk(store, monkeypatch)
    with caplog.at_level(logging.INFO):
        game_id = journal.new_game("dobutsu", {"promotion": "mandatory"}, None, 1.0)
        assert game_id < 0  # provisional while it waits
        journal.add_move(game_id, 1, "2c2b", 2.0, {"clock": [60.0, 59.0]})
        journal.add_move(game_id, 2, "2a3b", 3.0)
        journal.add_takeback(game_id, 2, 1, 4.0)
        journal.add_move(game_id, 2, "1a1b", 5.0)
        journal.save_clock(game_id, (50.0, 40.0))
        journal.finish(game_id, Outcome.win(Termination.RESIGNATION, 0), 6.0)
    assert journal.pending == 7
    assert "7 records not saved yet" in str(journal.fault or "")
    assert "database or disk is full" in str(journal.fault or "")
    shown = journal.tick(6.0)
    assert [type(n) for n in shown] == [FaultShown]
    assert isinstance(shown[0], FaultShown) and shown[0].source is FaultSource.STORE
    assert journal.tick(6.5) == []  # said once
    assert journal.next_retry() == 11.0
    disk.free()
    assert journal.tick(10.9) == [] and journal.pending == 7  # not yet time to try
    cleared = journal.tick(11.0)
    assert [type(n) for n in cleared] == [FaultCleared]
    assert isinstance(cleared[0], FaultCleared) and cleared[0].source is FaultSource.STORE
    assert journal.pending == 0 and journal.fault is None and journal.next_retry() is None
    stored_id = journal.resolve(game_id)
    assert stored_id == 2
    stored = store.load(stored_id)
    assert dict(stored.options) == {"promotion": "mandatory"}
    assert [(r.kind, r.move) for r in stored.records] == [
        (RecordKind.MOVE, "2c2b"),
        (RecordKind.MOVE, "2a3b"),
        (RecordKind.TAKEBACK, None),
        (RecordKind.MOVE, "1a1b"),
    ]
    assert stored.records[0].data == {"clock": [60.0, 59.0]}
    assert stored.moves() == ["2c2b", "1a1b"]
    assert stored.clock == (50.0, 40.0)
    assert stored.status is GameStatus.OVER
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1  # the fault is logged once, not at every try
    journal.add_move(stored_id, 3, "late", 7.0)  # written at once again
    assert store.load(stored_id).moves()[-1] == "late"


def test_each_write_first_writes_what_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    journal = Journal(store)
    game_id = journal.new_game("dobutsu", {}, None, 0.0)
    assert game_id == 1
    disk = FullDisk(store, monkeypatch)
    journal.add_move(game_id, 1, "2c2b", 1.0)
    journal.add_move(game_id, 2, "2a3b", 2.0)
    disk.free()
    journal.add_move(game_id, 3, "3d2c", 3.0)  # no tick: the write itself catches up
    assert journal.pending == 0
    assert store.load(game_id).moves() == ["2c2b", "2a3b", "3d2c"]


def test_what_cannot_be_saved_by_the_end_goes_to_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    journal = Journal(store)
    FullDisk(store, monkeypatch)
    game_id = journal.new_game("dobutsu", {}, None, 0.0)
    journal.add_move(game_id, 1, "2c2b", 1.0)
    with caplog.at_level(logging.ERROR):
        journal.shutdown()
    assert any(
        "could not be saved" in r.getMessage() and "2c2b" in r.getMessage() for r in caplog.records
    )


def test_the_store_notices_read_apart_from_the_boards() -> None:
    store_fault = FaultShown(
        verbatim("cannot write: database or disk is full"), 1.0, FaultSource.STORE
    )
    assert notice_record(store_fault) == {
        "t": 1.0,
        "event": "fault",
        "message": "cannot write: database or disk is full",
        "message_said": {
            "msgid": "{text}",
            "values": {"text": "cannot write: database or disk is full"},
        },
        "source": "store",
    }
    record = notice_record(FaultCleared(2.0))
    assert record is not None and record["source"] == "board"
    assert "not saved" in (describe_notice(store_fault) or "")
    assert "game store" in (describe_notice(FaultCleared(2.0, FaultSource.STORE)) or "")
    assert describe_notice(FaultCleared(2.0)) == "the board answers again"
    replaced = StoreReplaced(verbatim("the game store x was damaged"), 0.0)
    assert notice_record(replaced) == {
        "t": 0.0,
        "event": "store_replaced",
        "message": "the game store x was damaged",
        "message_said": {"msgid": "{text}", "values": {"text": "the game store x was damaged"}},
    }
    assert describe_notice(replaced) == "the game store x was damaged"


def test_a_simulation_on_a_full_disk_plays_on_and_stores_the_game_when_it_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path / "sim.sqlite3")
    disk = FullDisk(store, monkeypatch)
    sim = Simulation(GAME, load_profile("sim", GAME), Journal(store, retry_every=1.0), resume=False)
    started = [n for n in sim.notices if isinstance(n, GameStarted)]
    assert started and started[0].game_id < 0  # the store could not take it yet
    assert any(isinstance(n, FaultShown) for n in sim.notices)
    notices: list[Notice] = []
    for move in ("2c2b", "2a2b", "3d2c"):
        notices += sim.perform(move)
    assert [n.move for n in notices if isinstance(n, MoveCommitted)] == ["2c2b", "2a2b", "3d2c"]
    assert sim.lights is not None
    shown = {sim.lights.indicators.get("status")}  # the fault blinks: lit in one half
    notices += sim.advance(BLINK_PERIOD)
    shown.add(sim.lights.indicators.get("status"))
    assert shown == {DEFAULT_PALETTE.colours[Meaning.FAULT], None}
    assert store.unfinished("dobutsu") is None
    disk.free()
    notices = sim.advance(2.0)  # the board rests; the journal tries again
    assert any(isinstance(n, FaultCleared) for n in notices)
    assert "status" not in sim.lights.indicators
    stored = store.unfinished("dobutsu")
    assert stored is not None and stored.id == sim.controller.game_id == 1
    assert stored.moves() == ["2c2b", "2a2b", "3d2c"]


def test_a_new_game_from_the_page_on_a_full_disk_does_not_stop_the_simulator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = sim_session()
    store = session.store
    disk = FullDisk(store, monkeypatch)

    async def play() -> None:
        async with opened(session) as (_, page):
            answer = await page.send(type="new_game", game="shogi")
            assert answer["type"] == "ok"
            state = await page.state_where(lambda s: s["game"] == "shogi")
            assert "not saved yet" in state["message"]
            assert state["faults"]["store"] is not None and state["faults"]["board"] is None
            # the fault is a value, told in a page's language as the status line is
            fault = said_from_record(session.state()["faults_said"]["store"])
            assert told(fault, Language.ENGLISH) == state["faults"]["store"]
            assert told(fault, Language.POLISH) != state["faults"]["store"]
            disk.free()
            session.journal.retry_every = 0.0
            answer = await page.send(type="new_game", game="dobutsu")
            assert answer["type"] == "ok"
            await page.state_where(lambda s: s["game"] == "dobutsu" and s["fault"] is None)

    asyncio.run(play())
    games = store.list_games()
    assert [(g.game, g.status) for g in reversed(games)] == [
        ("dobutsu", GameStatus.ABANDONED),
        ("shogi", GameStatus.ABANDONED),
        ("dobutsu", GameStatus.PLAYING),
    ]
