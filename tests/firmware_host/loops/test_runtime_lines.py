"""The runtime when the kernel takes the board's GPIO lines away (the Pi's header chip,
a stand-in kernel: tests/drivers/gpio_kernel.py): the person at the board is told what
it cannot do and which chip and lines, the game goes on, the sensors are polled, and
the lines come back by themselves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from drivers.buttons import ButtonRole
from drivers.gpio_lines import Edge, find_header_chip
from engine.registry import find_game
from firmware_host.loops.notify import SystemdNotifier
from firmware_host.loops.runtime import Runtime
from firmware_host.notices.declared import FaultCleared, FaultShown, FaultSource, Notice
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.legend import DEFAULT_PALETTE
from firmware_host.telling.rendering import told
from firmware_host.telling.status import status_said
from firmware_host.telling.view import build_view
from hardware.board import Board, assemble
from hardware.mock.board import SimulatedBoard
from hardware.mock.clock import SimClock
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile
from tests.drivers.gpio_kernel import FakeKernel
from tests.firmware_host.loops.runtimekit import until


def test_lost_lines_are_told_the_game_goes_on_and_they_come_back(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    profile = load_profile("dobutsu-reference", game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    simulated = SimulatedBoard(profile, world, clock=SimClock.real())
    kernel = FakeKernel()
    chip = find_header_chip(calls=kernel.calls())

    pressed: list[ButtonRole] = []

    def on_chip(_profile: object, on_button: Callable[[ButtonRole], None]) -> Board:
        def heard_press(role: ButtonRole) -> None:
            pressed.append(role)
            on_button(role)

        simulated.sync()
        return assemble(
            profile, dict(simulated.buses), simulated.strip, heard_press, gpio_chip=chip
        )

    store = GameStore(tmp_path / "games.sqlite3")
    runtime = Runtime(
        game,
        profile,
        store,
        DEFAULT_PALETTE,
        board_factory=on_chip,
        notifier=SystemdNotifier({}),
    )
    heard: list[Notice] = []
    runtime.observers.append(heard.extend)

    def lines_faults() -> list[Notice]:
        return [
            notice
            for notice in heard
            if isinstance(notice, FaultShown | FaultCleared) and notice.source is FaultSource.LINES
        ]

    async def play() -> None:
        task = asyncio.create_task(runtime.run(handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        kernel.unplug()  # the header chip goes away: the buttons and the INT line with it
        await until(lambda: runtime.controller.lines_lost is not None)
        fault = build_view(runtime.controller).fault
        assert fault is not None
        assert told(fault, Language.ENGLISH).startswith(
            "the buttons are not heard (GPIO 5, 6, 13 on /dev/gpiochip0 lost)"
        )
        status = told(status_said(runtime.controller), Language.ENGLISH, game)
        assert "the buttons are not heard" in status
        assert runtime.controller.fault is None  # the game does not wait for the lines
        # it goes on: a move is seen though no interrupt line wakes the runtime
        world.lift("2c")
        await asyncio.sleep(0.15)
        captured = world.lift("2b")
        world.place_as("hand:b:C", captured, captured.__class__("C", 0))
        await asyncio.sleep(0.1)
        world.place("2b")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        kernel.plug()
        # the notice is told once the lights are painted: waited for, not the state
        # alone (the test stopped the runtime during that paint on a loaded machine)
        await until(lambda: FaultCleared in [type(notice) for notice in lines_faults()])
        assert runtime.controller.lines_lost is None
        assert build_view(runtime.controller).fault is None
        kernel.edge(6, Edge.FALLING)  # next, pressed: heard again
        await until(lambda: pressed == [ButtonRole.NEXT])
        runtime.stopping.set()
        await task

    asyncio.run(play())
    shown = [type(notice) for notice in lines_faults()]
    assert shown == [FaultShown, FaultCleared]  # told once each, though two lines went
    stored = store.unfinished("dobutsu")
    assert stored is not None and stored.moves() == ["2c2b"]
