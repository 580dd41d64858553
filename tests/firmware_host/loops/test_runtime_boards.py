"""The real-time runtime on the new boards: scans driven by the MCP23017 interrupt line
with slow polling behind it, faults handled exactly as the simulation handles them, and
a board set up the other way round."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.loops.runtime import IDLE_POLL
from firmware_host.loops.scanning import CONFIRM_PERIOD, REST_AFTER, Cadence
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BoardReady,
    BoardTurned,
    FaultCleared,
    FaultShown,
    MoveCommitted,
    Notice,
)
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.mock.frontends.expanders import ExpanderModels
from hardware.mock.frontends.i2c_muxes import I2CMuxModels
from hardware.orientation import half_turn
from hardware.profile import Profile, load_profile
from tests.firmware_host.loops.runtimekit import polled, runtime_on, until
from tests.firmware_host.simkit import track
from tests.hardware.parts import expanders

DOBUTSU = find_game("dobutsu")
PROFILES = Path(__file__).resolve().parents[3] / "hardware" / "profiles"


def interrupt_profile() -> Profile:
    """The bundled simulated board, its chip's INT wired to GPIO 4 as on every bundled
    expander board."""
    profile = load_profile("sim-dobutsu", DOBUTSU)
    assert all(chip.interrupt_gpio == 4 for chip in expanders(profile))
    return profile


def test_an_interrupt_driven_board_rests_between_moves_and_wakes_for_them(
    tmp_path: Path,
) -> None:
    runtime, simulated, _ = runtime_on(interrupt_profile(), tmp_path, DOBUTSU)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        board = runtime.board
        assert board is not None and board.interrupt_driven
        await asyncio.sleep(0.3)
        scans = runtime.scans
        await asyncio.sleep(1.0)
        idle = runtime.scans - scans
        assert idle <= 2 / IDLE_POLL  # about four a second, not a hundred
        wakes: list[int] = []
        board.wake.append(lambda: wakes.append(1))
        loop = asyncio.get_running_loop()
        start = loop.time()
        simulated.world.lift("1d")
        simulated.world.place("1c")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        assert wakes  # the chip pulled its line, and the scanner heard it
        assert loop.time() - start < 1.0  # the settle time (0.4 s) and a few scans
        runtime.stopping.set()
        await task

    asyncio.run(play())


def test_a_polled_board_at_rest_scans_at_its_idle_rate_and_wakes_for_a_move(
    tmp_path: Path,
) -> None:
    profile = polled("sim-dobutsu", DOBUTSU)
    assert profile.idle_hz == profile.scan_hz / 10
    runtime, simulated, _ = runtime_on(profile, tmp_path, DOBUTSU)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        board = runtime.board
        assert board is not None and not board.interrupt_driven
        await asyncio.sleep(REST_AFTER + 0.2)
        scans = runtime.scans
        await asyncio.sleep(1.0)
        idle = runtime.scans - scans
        assert idle <= 1.5 * profile.idle_hz  # about ten a second, not a hundred
        simulated.world.lift("1d")
        simulated.world.place("1c")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        runtime.stopping.set()
        await task

    asyncio.run(play())


def test_a_missed_interrupt_is_caught_by_the_slow_poll(tmp_path: Path) -> None:
    runtime, simulated, _ = runtime_on(interrupt_profile(), tmp_path, DOBUTSU)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        (chip,) = simulated.model(ExpanderModels).expanders.values()
        chip.on_interrupt = None  # the INT wire is broken: no interrupt reaches the Pi
        simulated.world.lift("1d")
        simulated.world.place("1c")
        await until(lambda: len(runtime.controller.position.move_stack) == 1, timeout=5.0)
        assert (
            runtime.controller.position.move_text(runtime.controller.position.move_stack[0])
            == "1d1c"
        )
        runtime.stopping.set()
        await task

    asyncio.run(play())


def summary(notices: list[Notice]) -> list[str]:
    wanted = (FaultShown, FaultCleared, MoveCommitted)
    return [type(n).__name__ for n in notices if isinstance(n, wanted)]


def test_the_runtime_and_the_simulation_meet_a_fault_the_same_way(tmp_path: Path) -> None:
    profile = load_profile("sim-shogi-mux", find_game("shogi"))
    shogi = find_game("shogi")
    sim = track(Simulation(shogi, profile, GameStore(":memory:"), resume=False))
    sim.settle()
    start = len(sim.notices)
    segment = sim.hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(1)
    segment.vanish(0x20)
    sim.world.lift("7g")
    sim.advance(0.2)
    sim.world.place("7f")
    sim.advance(2.0)
    segment.restore(0x20)
    sim.settle()
    simulated_story = summary(sim.notices[start:])

    runtime, simulated, heard = runtime_on(profile, tmp_path, shogi)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        heard.clear()
        segment = simulated.model(I2CMuxModels).muxes[(1, 0x70)].segment(1)
        segment.vanish(0x20)
        simulated.world.lift("7g")
        await asyncio.sleep(0.2)
        simulated.world.place("7f")
        await until(lambda: runtime.controller.fault is not None)
        await asyncio.sleep(1.0)
        assert runtime.controller.position.move_stack == []
        segment.restore(0x20)
        # observers hear of an event once it is painted: wait for them, not the controller
        await until(lambda: any(isinstance(n, MoveCommitted) for n in heard))
        runtime.stopping.set()
        await task

    asyncio.run(play())
    assert simulated_story == summary(heard) == ["FaultShown", "FaultCleared", "MoveCommitted"]


def test_the_runtime_turns_a_board_set_up_the_other_way_round(tmp_path: Path) -> None:
    abalone = find_game("abalone")
    profile = load_profile("sim-abalone-polarity", abalone)
    mapping = half_turn(abalone.geometry) or {}
    start = abalone.position().layout()
    turned = {mapping.get(spot, spot): stones for spot, stones in start.items()}
    runtime, _, heard = runtime_on(profile, tmp_path, abalone, turned)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: any(isinstance(n, BoardReady) for n in heard))
        runtime.stopping.set()
        await task

    asyncio.run(play())
    kinds = [type(n) for n in heard]
    assert kinds.index(BoardTurned) < kinds.index(BoardReady)
    board = runtime.board
    assert board is not None and board.orientation is not None and board.orientation.turned


def test_a_change_is_confirmed_by_quick_scans_not_full_periods(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    confirmed: list[float] = []
    confirm = Cadence.confirm

    def recorded(self: Cadence, took: float) -> float:
        delay = confirm(self, took)
        confirmed.append(delay)
        return delay

    monkeypatch.setattr(Cadence, "confirm", recorded)
    runtime, simulated, _ = runtime_on(interrupt_profile(), tmp_path, DOBUTSU)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        confirmed.clear()
        simulated.world.lift("1d")
        simulated.world.place("1c")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    # the change (the piece moved before the next scan) is read twice more, each time soon
    assert len(confirmed) >= 2
    assert all(CONFIRM_PERIOD <= delay < 1 / 100 for delay in confirmed)


def test_the_confirming_scans_read_only_the_chips_of_the_change_while_the_line_is_up(
    tmp_path: Path,
) -> None:
    """sim-shogi-mux: twelve chips on two segments of a multiplexer. A move is seen by a
    scan of every chip, confirmed by scans of its segment's chips, and played."""
    shogi = find_game("shogi")
    runtime, simulated, _ = runtime_on(load_profile("sim-shogi-mux", shogi), tmp_path, shogi)
    kinds: list[bool] = []

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        board = runtime.board
        assert board is not None and board.interrupt_driven
        scan = board.scanner.scan

        def recorded(*, partial: bool = False) -> Any:
            kinds.append(partial and not board.scanner.debouncer.settled)
            return scan(partial=partial)

        board.scanner.scan = recorded  # type: ignore[method-assign]
        simulated.world.place("7f", simulated.world.lift("7g"))
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        runtime.stopping.set()
        await task

    asyncio.run(play())
    assert kinds.count(True) >= 2  # each change confirmed partly (two a move, or more)


def test_a_serial_scanner_board_rests_and_its_own_messages_wake_it(tmp_path: Path) -> None:
    profile = load_profile("sim-dobutsu-serial", DOBUTSU)
    runtime, simulated, _ = runtime_on(profile, tmp_path, DOBUTSU)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.phase is Phase.PLAY)
        board = runtime.board
        assert board is not None and board.interrupt_driven  # the scanner speaks on change
        await asyncio.sleep(0.3)
        scans = runtime.scans
        await asyncio.sleep(1.0)
        assert runtime.scans - scans <= 2 / IDLE_POLL  # about four a second, not ten
        wakes: list[int] = []
        board.wake.append(lambda: wakes.append(1))
        simulated.world.lift("1d")
        simulated.world.place("1c")
        await until(lambda: len(runtime.controller.position.move_stack) == 1)
        assert wakes  # the device's change frame woke the scanning thread
        runtime.stopping.set()
        await task

    asyncio.run(play())
