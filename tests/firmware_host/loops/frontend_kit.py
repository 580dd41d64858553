"""Playing random games through the simulator on each bundled front end, with chips made
silent and buses made to glitch: shared by the front-end tests and the fault soak."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.game import Position
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import NewGame
from firmware_host.session.state import Phase
from hardware.mock.board import SimulatedBoard
from hardware.mock.frontends.i2c_muxes import I2CMuxModels
from hardware.mock.frontends.serial_scanner import SerialScannerModel
from hardware.mock.frontends.shift_registers import ShiftRegisterModels
from tests.firmware_host.simkit import answer_as_played, commits

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")

FRONT_ENDS = [
    ("sim-dobutsu", DOBUTSU),
    ("sim-dobutsu-165", DOBUTSU),
    ("sim-dobutsu-serial", DOBUTSU),
    ("sim-dobutsu-ads1115", DOBUTSU),
    ("sim-dobutsu-analog", DOBUTSU),
    ("sim-shogi-mux", SHOGI),
    ("sim-shogi-ads7830", SHOGI),
    ("sim-shogi-analog", SHOGI),
]
IDS = [name for name, _ in FRONT_ENDS]


def silence(hardware: SimulatedBoard, name: str) -> tuple[Callable[[], None], str]:
    """Make the profile's front end go silent; returns how to bring it back, and the name
    the fault must carry."""
    if name == "sim-dobutsu":
        bus = hardware.buses[1]
        bus.vanish(0x20)
        return lambda: bus.restore(0x20), "MCP23017 at 0x20 on i2c-1"
    if name == "sim-shogi-mux":
        segment = hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(1)
        segment.vanish(0x21)
        return lambda: segment.restore(0x21), "MCP23017 at 0x21 on i2c-1/0x70.1"
    if name == "sim-shogi-analog":
        segment = hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(0)
        segment.vanish(0x13)
        return lambda: segment.restore(0x13), "ADS7138 at 0x13 on i2c-1/0x70.0"
    if name == "sim-dobutsu-analog":
        bus = hardware.buses[1]
        bus.vanish(0x11)
        return lambda: bus.restore(0x11), "ADS7138 at 0x11 on i2c-1"
    if name in ("sim-shogi-ads7830", "sim-dobutsu-ads1115"):
        address = 0x48 if name == "sim-shogi-ads7830" else 0x4A
        bus = hardware.buses[1]
        bus.vanish(address)
        chip = "ADS7830" if name == "sim-shogi-ads7830" else "ADS1115"
        return lambda: bus.restore(address), f"{chip} at 0x{address:02x} on i2c-1"
    if name == "sim-dobutsu-165":
        chain = hardware.model(ShiftRegisterModels).chains["spi0.0"]
        chain.powered = False
        return lambda: setattr(chain, "powered", True), "74HC165 chain on spi0.0"
    device = hardware.model(SerialScannerModel).device
    device.silent = True
    return lambda: setattr(device, "silent", False), "serial scanner on /dev/ttyACM0"


def wait_for_decision(sim: Simulation, before: int) -> None:
    for _ in range(20):  # a glitching bus may delay the decision: wait as a player would
        if commits(sim.notices[before:]) or sim.controller.phase is Phase.PROMPT:
            return
        sim.advance(0.5)


def replay_if_asked(sim: Simulation, before: int, position: Position[Any], text: str) -> int:
    """When glitches hid the moment a capture's cell was empty, the board asks for the
    pieces back: the players put them as the LEDs say and play the move again, up to
    three times (each time the glitches may hide it again). Returns the replays."""
    replays = 0
    while replays < 3:
        if commits(sim.notices[before:]) or sim.controller.phase is not Phase.CORRECTION:
            break
        sim.world.arrange(sim.physical(position.layout()))
        sim.settle()
        sim.perform(text)
        wait_for_decision(sim, before)
        replays += 1
    return replays


def play_random(sim: Simulation, rng: random.Random, plies: int) -> int:
    """Random legal moves by the hands; each must be committed as played. Returns plies.

    When glitches hid the brief moment a capture's cell was empty, no sensor saw the
    capture and the board asks for a correction: the player puts the pieces back as the
    LEDs say and plays the move again. A wrong move is never committed either way.
    """
    played = 0
    for _ in range(plies):
        position = sim.controller.position
        if position.outcome() is not None:
            break
        moves = sorted(position.legal_moves(), key=position.move_text)
        text = position.move_text(rng.choice(moves))
        truth = [*sim.controller.record().moves, text]
        before = len(sim.notices)
        sim.perform(text)
        wait_for_decision(sim, before)
        replay_if_asked(sim, before, position, text)
        answer_as_played(sim, truth, before)
        played += 1
    return played


@dataclass
class Tally:
    """What a run of moves met: every move is committed as played, after a replay when
    a glitch hid a capture and the board asked for the pieces back."""

    moves: int = 0
    replayed: int = 0
    silences: int = 0
    games: int = 0


def play_through_faults(
    sim: Simulation, rng: random.Random, plies: int, name: str, silent: float
) -> Tally:
    """Random legal moves by noisy hands; before a share ``silent`` of them the front end
    goes quiet for 0.5-3 s somewhere in the middle of the move. Each move must be
    committed as played (never another), at most after the players replay it."""
    tally = Tally()
    while tally.moves < plies:
        position = sim.controller.position
        if position.outcome() is not None:
            sim.send(NewGame())
            sim.world.arrange(sim.physical(sim.controller.position.layout()))
            sim.settle()
            for _ in range(20):  # the players wait for the board to say it is ready
                if sim.controller.phase is not Phase.SETUP:
                    break
                sim.advance(0.5)
            assert sim.controller.phase is Phase.PLAY, sim.notices[-5:]
            tally.games += 1
            continue
        moves = sorted(position.legal_moves(), key=position.move_text)
        text = position.move_text(rng.choice(moves))
        truth = [*sim.controller.record().moves, text]
        before = len(sim.notices)
        target = position.copy()
        target.push(target.parse_move(text))
        steps = sim.hands.perform(sim.world, sim.physical(target.layout()), sim.now)
        if steps and rng.random() < silent:
            cut = rng.randrange(len(steps))
            sim.run(steps[:cut])
            restore, _ = silence(sim.hardware, name)
            quiet_until = sim.now + rng.uniform(0.5, 3.0)
            sim.run(steps[cut:])
            sim.advance_to(max(quiet_until, sim.now))
            restore()
            tally.silences += 1
        else:
            sim.run(steps)
        sim.settle()
        wait_for_decision(sim, before)
        tally.replayed += replay_if_asked(sim, before, position, text)
        answer_as_played(sim, truth, before)
        tally.moves += 1
    return tally
