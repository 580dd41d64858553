"""Games on every new front end through the simulator, with clumsy hands, with a chip
that goes silent for a while and with random glitches: no wrong move is ever committed,
and play resumes by itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.game import Game
from engine.registry import find_game
from firmware_host.boards.simulator import Simulation
from firmware_host.session.actions import Select
from firmware_host.session.events import FaultCleared, FaultShown, MoveCommitted
from firmware_host.session.legend import Meaning
from firmware_host.session.state import Phase
from hardware.frontends.i2c_muxes import I2CMuxModels
from hardware.frontends.serial_scanner import SerialScannerModel
from hardware.frontends.shift_registers import ShiftRegisterModels
from hardware.mock.board import SimulatedBoard
from hardware.mock.hands import Noise
from tests.firmware_host.simkit import commits, indicator, make_sim, of, rgb

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")

FRONT_ENDS = [
    ("sim-dobutsu-165", DOBUTSU),
    ("sim-dobutsu-serial", DOBUTSU),
    ("sim-dobutsu-ads1115", DOBUTSU),
    ("sim-shogi-mux", SHOGI),
    ("sim-shogi-analog", SHOGI),
]
IDS = [name for name, _ in FRONT_ENDS]


def silence(hardware: SimulatedBoard, name: str) -> tuple[Callable[[], None], str]:
    """Make the profile's front end go silent; returns how to bring it back, and the name
    the fault must carry."""
    if name == "sim-shogi-mux":
        segment = hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(1)
        segment.vanish(0x21)
        return lambda: segment.restore(0x21), "MCP23017 at 0x21 on i2c-1/0x70.1"
    if name in ("sim-shogi-analog", "sim-dobutsu-ads1115"):
        address = 0x48 if name == "sim-shogi-analog" else 0x4A
        bus = hardware.buses[1]
        bus.vanish(address)
        chip = "ADS7830" if name == "sim-shogi-analog" else "ADS1115"
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
        before = len(sim.notices)
        sim.perform(text)
        wait_for_decision(sim, before)
        if not commits(sim.notices[before:]) and sim.controller.phase is Phase.CORRECTION:
            sim.world.arrange(sim.physical(position.layout()))
            sim.settle()
            sim.perform(text)
            wait_for_decision(sim, before)
        if sim.controller.phase is Phase.PROMPT and not commits(sim.notices[before:]):
            assert text in sim.controller.prompt_choices
            sim.send(Select(text))
        committed = of(MoveCommitted, sim.notices[before:])
        assert [n.move for n in committed] == [text], (text, sim.notices[before:])
        played += 1
    return played


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_noisy_hands_never_get_a_wrong_move_committed(name: str, game: Game[Any]) -> None:
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=3)
    assert play_random(sim, random.Random(11), 6 if game is SHOGI else 12) >= 3


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_a_front_end_silent_mid_move_pauses_the_game_and_play_resumes(
    name: str, game: Game[Any]
) -> None:
    sim = make_sim(name, game=game)
    position = sim.controller.position
    move = sorted(position.legal_moves(), key=position.move_text)[0]
    text = position.move_text(move)
    target = position.copy()
    target.push(move)
    steps = sim.hands.perform(sim.world, target.layout(), sim.now + 0.2)
    restore, named = silence(sim.hardware, name)
    notices = sim.run(steps) + sim.advance(4.0)  # the move is made while it is silent
    faults = of(FaultShown, notices)
    assert len(faults) == 1 and faults[0].message.startswith(named)
    assert not commits(notices)
    assert indicator(sim, "status") == rgb(sim, Meaning.FAULT)
    restore()
    notices = sim.settle(2.0)
    assert of(FaultCleared, notices)
    assert commits(notices) == [text]
    assert indicator(sim, "status") != rgb(sim, Meaning.FAULT)


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_random_glitches_never_commit_a_wrong_move(name: str, game: Game[Any]) -> None:
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=5)
    sim.hardware.set_error_rate(0.25, seed=9)
    played = play_random(sim, random.Random(21), 5 if game is SHOGI else 10)
    assert played >= 3
    buses = sim.hardware.buses.values()
    glitches = sum(1 for bus in buses for call in bus.log if call.errno is not None)
    glitches += sum(spi.failures for spi in sim.hardware.spi.values())
    serial = sim.hardware.models.get(SerialScannerModel)
    if isinstance(serial, SerialScannerModel):
        glitches += serial.device.frames_corrupted
    assert glitches > 10  # it did glitch


@pytest.mark.slow
@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_soak_glitching_front_ends(name: str, game: Game[Any]) -> None:
    for seed in range(4):
        sim = make_sim(name, game=game, noise=Noise.realistic(), seed=seed)
        sim.hardware.set_error_rate(0.3, seed=seed)
        play_random(sim, random.Random(seed), 20 if game is SHOGI else 40)
        sim.board.close()
