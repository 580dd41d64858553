"""The real-board runtime when the game store fails, and when its own loops do."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from drivers.led_strip import Colour
from engine.physical import Sensing, Spot
from engine.registry import find_game
from firmware_host.loops.notify import SystemdNotifier
from firmware_host.loops.runtime import BoardStoppedError, Runtime
from firmware_host.notices.declared import (
    FaultCleared,
    FaultShown,
    FaultSource,
    Notice,
    StoreReplaced,
)
from firmware_host.session.state import Phase
from firmware_host.store.salvage import open_store
from firmware_host.store.storage import GameStore, RecordKind, StorageError
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.telling.view import build_view, status_line
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until

GAME = find_game("dobutsu")
FAULT = DEFAULT_PALETTE.colours[Meaning.FAULT]


class Pings(SystemdNotifier):
    """A notifier that keeps the times of its watchdog pings."""

    def __init__(self, interval: float | None = None) -> None:
        super().__init__({})
        self.watchdog_interval = interval
        self.pings: list[float] = []

    def watchdog(self) -> bool:
        self.pings.append(asyncio.get_running_loop().time())
        return True


def _runtime(
    store: GameStore, notifier: SystemdNotifier | None = None
) -> tuple[Runtime, SimulatedBoard]:
    profile = load_profile("sim", GAME)
    options = {} if notifier is None else {"notifier": notifier}
    runtime, simulated, _ = runtime_on(profile, store, GAME, **options)
    return runtime, simulated


def _quiet_move(runtime: Runtime) -> Any:
    """A move of the game in progress that a hand shows by lifting and placing one piece
    (no capture, no end, no earlier board), so the world can be simply rearranged."""
    position = runtime.controller.position
    for move in sorted(position.legal_moves(), key=position.move_text):
        footprint = position.footprint(move, Sensing.OCCUPANCY)
        if footprint.must_touch or footprint.hidden:
            continue
        after = position.copy()
        after.push(move)
        if after.outcome() is None:
            return move
    raise AssertionError("no quiet move")


async def _play(runtime: Runtime, world: SimulatedWorld) -> str:
    """Play one quiet move on the board and wait for the runtime to commit it."""
    position = runtime.controller.position
    move = _quiet_move(runtime)
    text = position.move_text(move)
    after = position.copy()
    after.push(move)
    plies = len(position.move_stack)
    world.arrange(after.layout())
    await until(lambda: len(runtime.controller.position.move_stack) == plies + 1)
    return text


def _status_led(runtime: Runtime) -> Colour:
    board = runtime.board
    assert board is not None  # open while the runtime runs
    painter = board.painter
    return painter.pixels[painter.indicator_leds("status")[0]]


def test_a_full_disk_shows_a_fault_keeps_playing_and_writes_everything_once_it_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    runtime, simulated = _runtime(store)
    runtime.journal.retry_every = 0.1
    heard: list[Notice] = []
    runtime.observers.append(heard.extend)
    real_write = store._write

    def full_disk(sql: str, parameters: tuple[Any, ...]) -> int:
        # what the store raises when SQLite says SQLITE_FULL (test_journal.py shows it)
        raise StorageError(f"cannot write to the game store {store.path}: database or disk is full")

    played: list[str] = []

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        played.append(await _play(runtime, simulated.world))  # stored at once
        monkeypatch.setattr(store, "_write", full_disk)
        for _ in range(3):  # the game goes on: moves are recognised and kept in memory
            played.append(await _play(runtime, simulated.world))
        view = build_view(runtime.controller)
        assert view.fault is not None and "database or disk is full" in str(view.fault)
        assert "not saved yet" in status_line(runtime.controller)
        await until(lambda: _status_led(runtime) == FAULT)
        assert runtime.journal.pending > 0
        await asyncio.sleep(0.3)  # retries fail while the disk stays full
        assert runtime.journal.pending > 0
        monkeypatch.setattr(store, "_write", real_write)  # room again
        await until(lambda: runtime.journal.pending == 0)  # no move needed: it retries
        await until(lambda: _status_led(runtime) != FAULT)
        assert build_view(runtime.controller).fault is None
        played.append(await _play(runtime, simulated.world))
        runtime.stopping.set()
        await task

    with caplog.at_level(logging.INFO):
        asyncio.run(play())
    stored = store.unfinished("dobutsu")
    assert stored is not None and stored.id == runtime.controller.game_id
    assert stored.moves() == played  # every move, in order
    moves = [r for r in stored.records if r.kind is RecordKind.MOVE]
    assert [r.ply for r in moves] == [1, 2, 3, 4, 5]  # once each
    assert [r.seq for r in stored.records] == list(range(1, len(stored.records) + 1))
    assert stored.clock is None
    faults = [n for n in heard if isinstance(n, FaultShown)]
    cleared = [n for n in heard if isinstance(n, FaultCleared)]
    assert [n.source for n in faults] == [FaultSource.STORE]
    assert [n.source for n in cleared] == [FaultSource.STORE]
    assert "database or disk is full" in str(faults[0].message)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("database or disk is full" in message for message in errors)
    assert any("takes records again" in r.getMessage() for r in caplog.records)


def test_a_store_fault_and_a_bus_fault_do_not_clear_each_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    runtime, simulated = _runtime(store)
    runtime.journal.retry_every = 0.05
    bus = simulated.buses[1]

    def full_disk(sql: str, parameters: tuple[Any, ...]) -> int:
        raise StorageError("cannot write to the game store: database or disk is full")

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        real_write = store._write
        monkeypatch.setattr(store, "_write", full_disk)
        await _play(runtime, simulated.world)
        bus.vanish(0x20)
        await until(lambda: runtime.controller.fault is not None)
        bus.restore(0x20)
        await until(lambda: runtime.controller.fault is None)
        await asyncio.sleep(0.1)
        # the chip answers again, but the store still cannot take the game
        assert "database or disk is full" in str(build_view(runtime.controller).fault or "")
        await until(lambda: _status_led(runtime) == FAULT)  # it blinks: lit within a blink
        bus.vanish(0x20)
        await until(lambda: runtime.controller.fault is not None)
        monkeypatch.setattr(store, "_write", real_write)
        await until(lambda: runtime.journal.pending == 0)
        await asyncio.sleep(0.1)
        # the store is well again, but the chip is still silent: the game waits
        assert "0x20" in str(build_view(runtime.controller).fault or "")
        await until(lambda: _status_led(runtime) == FAULT)
        bus.restore(0x20)
        await until(lambda: build_view(runtime.controller).fault is None)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    stored = store.unfinished("dobutsu")
    assert stored is not None and len(stored.moves()) == 1


def test_a_damaged_store_is_replaced_and_the_board_says_so(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not a database, only some text")
    runtime, _ = _runtime(open_store(path))
    heard: list[Notice] = []
    runtime.observers.append(heard.extend)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    said = [n for n in heard if isinstance(n, StoreReplaced)]
    assert len(said) == 1 and "damaged" in str(said[0].message)
    assert list(tmp_path.glob("games.sqlite3.damaged-*"))


def test_the_watchdog_is_pinged_only_while_the_decision_loop_comes_round(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    notifier = Pings(interval=0.1)
    runtime, simulated = _runtime(GameStore(tmp_path / "games.sqlite3"), notifier)
    stuck = threading.Event()
    release = threading.Event()

    async def play() -> None:
        loop = asyncio.get_running_loop()
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        idle = loop.time()  # nothing happens on the board: the loop still comes round
        await until(lambda: len([t for t in notifier.pings if t > idle]) >= 3)
        board = runtime.board
        assert board is not None  # open while the runtime runs
        painter = board.painter
        paint = painter.paint

        def hang(spots: Mapping[Spot, Colour], indicators: Mapping[str, Colour]) -> bool:
            stuck.set()
            release.wait(10)  # a bus write that never returns
            return paint(spots, indicators)

        painter.paint = hang  # type: ignore[method-assign]
        simulated.world.lift("1d")  # the decision loop paints the lifted piece, and hangs
        await until(stuck.is_set)
        hung = loop.time()
        await asyncio.sleep(0.6)
        # the last heartbeat came before the hang: no ping more than an interval after it
        late = [t for t in notifier.pings if t > hung + 0.11]
        painter.paint = paint  # type: ignore[method-assign]
        released = loop.time()
        release.set()
        assert late == [], "a hung decision loop must not be reported alive"
        await until(lambda: any(t > released for t in notifier.pings))  # alive again
        runtime.stopping.set()
        await task

    with caplog.at_level(logging.ERROR):
        asyncio.run(play())
    assert any("has not come round" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("task", ["decide", "poll"])
def test_a_failing_task_is_logged_and_stops_the_board_and_its_pings(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, task: str
) -> None:
    notifier = Pings(interval=0.05)
    runtime, simulated = _runtime(GameStore(tmp_path / "games.sqlite3"), notifier)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("a bug")

    async def play() -> None:
        runner = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        if task == "decide":
            runtime.controller.handle = broken  # type: ignore[method-assign]
            simulated.world.lift("1d")
        else:
            board = runtime.board
            assert board is not None  # open while the runtime runs
            board.scanner.scan = broken  # type: ignore[method-assign]
        with pytest.raises(BoardStoppedError, match=task):
            await asyncio.wait_for(runner, 5)
        stopped = asyncio.get_running_loop().time()
        await asyncio.sleep(0.2)
        assert not [t for t in notifier.pings if t > stopped]

    with caplog.at_level(logging.ERROR):
        asyncio.run(play())
    failures = [r for r in caplog.records if f"the {task} task failed" in r.getMessage()]
    assert failures and failures[0].exc_info is not None  # with its traceback


def test_the_journal_tells_the_game_started_the_board_set_up_and_each_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """What the service's journal says (the README's `journalctl -u kiban -f`, "what
    the board sees and decides"): the game started, the board matching its position,
    then each move. The first two were left out as a replay leaves them out, so a
    board set up and waiting said nothing at all (issue 80)."""
    store = GameStore(tmp_path / "games.sqlite3")
    runtime, simulated = _runtime(store)

    async def play() -> str:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        move = await _play(runtime, simulated.world)
        runtime.stopping.set()
        await task
        return move

    with caplog.at_level(logging.INFO, logger="firmware_host.loops.runtime"):
        move = asyncio.run(play())
    told = [r.getMessage() for r in caplog.records if r.name == "firmware_host.loops.runtime"]
    events = [line.split("'event': '")[1].split("'")[0] for line in told if "'event'" in line]
    assert events[:3] == ["game_started", "board_ready", "move"]
    assert f"'move': '{move}'" in told[2]
