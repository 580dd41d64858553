"""The real board's runtime in a remote game: it hosts, a simulated board joins, and
each board's move reaches the other's LEDs as the move to play, on real time."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.remote.terms import Request
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until
from tests.firmware_host.remote.loopkit import ADDRESS
from tests.firmware_host.simkit import track

GAME = find_game("dobutsu")


def test_a_hosting_board_and_a_joining_simulator_play_each_other(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    profile = load_profile("sim", GAME)
    remote = RemoteGame(Request(ADDRESS, host=True), link_factory=broker.link_factory)
    runtime, simulated, _ = runtime_on(profile, tmp_path, GAME, remote=remote)
    world = simulated.world

    def join() -> Simulation:
        joining = RemoteGame(
            Request(ADDRESS, host=False, code=remote.code), link_factory=broker.link_factory
        )
        return track(Simulation(GAME, profile, GameStore(tmp_path / "sim.sqlite3"), remote=joining))

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(
            lambda: runtime.controller.phase is Phase.PLAY and remote.setting is not None,
            timeout=10.0,
        )
        joiner = await asyncio.to_thread(join)  # its join waits while the runtime seats it
        # the person at the real board plays the chick forward, capturing
        world.lift("2c")
        await asyncio.sleep(0.1)
        captured = world.lift("2b")
        world.place_as("hand:b:C", captured, captured.__class__("C", 0))
        await asyncio.sleep(0.1)
        world.place("2b")
        await until(lambda: len(runtime.controller.position.move_stack) == 1, timeout=10.0)

        def guided() -> bool:
            joiner.advance(0.1)
            return joiner.controller.guide is not None

        await until(guided, timeout=10.0)
        # the other board's move is awaited without polling: its news wakes the loop
        assert remote.wakes and not runtime.thinker.busy
        joiner.perform("2c2b")
        assert len(joiner.controller.position.move_stack) == 1
        # the simulator's player answers; the real board lights it as the move to play
        joiner.perform("2a2b")
        await until(lambda: runtime.controller.guide is not None, timeout=10.0)
        guide = runtime.controller.guide
        assert guide is not None
        shown = runtime.controller.position.move_text(guide.move)
        assert shown == "2a2b"
        assert runtime.controller.remote_wait is None
        runtime.stopping.set()
        await task

    asyncio.run(play())
