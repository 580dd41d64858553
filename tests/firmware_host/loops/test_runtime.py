"""The real-time runtime (what the service runs), on the simulated board."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from engine.registry import find_game
from firmware_host.loops.notify import SystemdNotifier
from firmware_host.loops.runtime import Runtime
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.view import build_view
from hardware.mock.board import SimulatedBoard
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import polled, runtime_on, until

ROOT = Path(__file__).resolve().parents[3]


def _runtime(tmp_path: Path) -> tuple[Runtime, SimulatedBoard, GameStore]:
    game = find_game("dobutsu")
    store = GameStore(tmp_path / "games.sqlite3")
    runtime, simulated, _ = runtime_on(load_profile("sim", game), store, game)
    return runtime, simulated, store


def test_a_move_is_recognised_stored_and_lit_in_real_time(tmp_path: Path) -> None:
    runtime, simulated, store = _runtime(tmp_path)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        world = simulated.world
        world.lift("2c")
        await asyncio.sleep(0.15)
        # the lifted chick's capture on 2b is lit while it is in the air
        board = runtime.board
        assert board is not None  # open while the runtime runs
        leds = board.painter.leds_of("2b")
        assert board.painter.pixels[leds[0]] != (0, 0, 0)
        captured = world.lift("2b")
        world.place_as("hand:b:C", captured, captured.__class__("C", 0))
        await asyncio.sleep(0.1)
        world.place("2b")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    stored = store.unfinished("dobutsu")
    assert stored is not None and stored.moves() == ["2c2b"]
    assert not any(simulated.strip.frames[-1]), "the LEDs are off after stopping"


def test_a_silent_chip_pauses_the_game_and_play_resumes(tmp_path: Path) -> None:
    runtime, simulated, _ = _runtime(tmp_path)
    bus = simulated.buses[1]

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        bus.vanish(0x20)
        simulated.world.lift("2c")
        simulated.world.place("2b")  # onto the chick: not a legal board, but unseen anyway
        await until(lambda: build_view(runtime.controller).fault is not None)
        assert "0x20" in str(build_view(runtime.controller).fault or "")
        assert runtime.controller.position.move_stack == []
        simulated.world.lift("2b")
        simulated.world.place("2c")
        bus.restore(0x20)
        await until(lambda: build_view(runtime.controller).fault is None)
        assert runtime.controller.position.move_stack == []
        runtime.stopping.set()
        await task

    asyncio.run(play())


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_sigterm_notifies_systemd_and_turns_the_leds_off(tmp_path: Path) -> None:
    address = str(tmp_path / "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(20)
    env = dict(os.environ, NOTIFY_SOCKET=address, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/firmware_host/loops/runtime_child.py"), str(tmp_path)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert b"READY=1" in listener.recv(4096)
        child.send_signal(signal.SIGTERM)
        assert b"STOPPING=1" in listener.recv(4096)
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
        listener.close()
    assert child.returncode == 0, err
    assert json.loads(out.strip().splitlines()[-1]) == [0] * 15


def test_notifier_speaks_the_protocol(tmp_path: Path) -> None:
    address = str(tmp_path / "n.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    notifier = SystemdNotifier({"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "10000000"})
    assert notifier.enabled and notifier.watchdog_interval == 5.0
    assert notifier.ready("playing")
    assert listener.recv(100) == b"READY=1\nSTATUS=playing"
    assert notifier.watchdog()
    assert listener.recv(100) == b"WATCHDOG=1"
    listener.close()
    assert not SystemdNotifier({}).ready()
    other_pid = SystemdNotifier({"WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"})
    assert other_pid.watchdog_interval is None


def test_an_idle_board_is_scanned_on_the_bus_thread_and_hands_the_loop_nothing(
    tmp_path: Path,
) -> None:
    game = find_game("dobutsu")
    store = GameStore(tmp_path / "games.sqlite3")
    runtime, _, _ = runtime_on(polled("sim-dobutsu", game), store, game)
    handed: list[object] = []
    scanned = runtime._scanned

    def scanned_too(*args: Any) -> None:
        handed.append(args)
        scanned(*args)

    cast(Any, runtime)._scanned = scanned_too  # the loop's hook, watched

    async def idle() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.scans > 20 and not runtime.queue.qsize())
        before, scans = len(handed), runtime.scans
        await until(lambda: runtime.scans >= scans + 20)
        assert len(handed) == before  # twenty scans, nothing changed: no hand-off
        runtime.stopping.set()
        await task

    asyncio.run(idle())


def test_between_frames_the_runtime_indexes_the_next_lifts_ahead(tmp_path: Path) -> None:
    """After the start and after every move, with nothing else to do, the decision loop
    indexes the moves of every piece a hand may lift first, so the first lift after a
    move does not pay for it."""
    runtime, simulated, _ = _runtime(tmp_path)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        recognizer = runtime.controller.recognizer
        await until(lambda: not recognizer.warm() and recognizer.index.footprints_built > 0)
        world = simulated.world
        world.lift("2c")
        await asyncio.sleep(0.15)
        captured = world.lift("2b")
        world.place_as("hand:b:C", captured, captured.__class__("C", 0))
        await asyncio.sleep(0.1)
        world.place("2b")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        index = runtime.controller.recognizer.index  # the new position's
        await until(lambda: index.footprints_built > 0)  # before any hand moves
        runtime.stopping.set()
        await task

    asyncio.run(play())
