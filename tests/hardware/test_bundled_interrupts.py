"""Every bundled board whose chips can say that an input changed has them say it.

A board rests until a chip signals; one chip left off its line makes the whole board
polled (``Board.interrupt_driven`` wants every source to signal), and a touch then waits
for the idle scan: 112 ms instead of 11 on a Zero 2 W's budget, as sim-dobutsu-polarity
and sim-dobutsu-stands did with their second MCP23017's INTA unwired. Nothing else
catches it: the board still plays, only slower to answer.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.registry import find_game
from hardware.frontends.analog_specs import AnalogSpec
from hardware.frontends.expanders import ExpandersSpec
from hardware.frontends.i2c_muxes import I2CMuxesSpec
from hardware.frontends.serial_scanner import SerialScannerSpec
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, bundled_profiles, load_profile

PROFILES = bundled_profiles()


def unwired(part: Any) -> list[str]:
    """The chips of ``part`` that have an interrupt output and no GPIO for it."""
    if isinstance(part, ExpandersSpec):
        return [
            f"MCP23017 0x{chip.address:02x} ({chip.place.describe()}): no interrupt_gpio"
            for chip in part.chips
            if chip.interrupt_gpio is None
        ]
    if isinstance(part, AnalogSpec):
        return [
            f"ADS7138 0x{adc.address:02x} ({adc.place.describe()}): no alert_gpio"
            for adc in part.adcs
            if adc.chip == "ADS7138" and adc.alert_gpio is None
        ]
    return []


def can_signal(part: Any) -> bool:
    """Whether every chip of ``part`` can tell of a change without being read (a
    74HC165, an ADS7830 or an ADS1115 cannot: their boards are polled)."""
    if isinstance(part, AnalogSpec):
        return all(adc.chip == "ADS7138" for adc in part.adcs)
    return isinstance(part, ExpandersSpec | I2CMuxesSpec | SerialScannerSpec)


def profile_of(name: str) -> Profile:
    return load_profile(name, find_game(load_profile(name).games[0]))


@pytest.mark.parametrize("name", PROFILES)
def test_every_chip_that_can_interrupt_has_its_output_wired(name: str) -> None:
    profile = profile_of(name)
    assert [line for part in profile.parts for line in unwired(part)] == []


@pytest.mark.parametrize("name", PROFILES)
def test_a_board_that_can_signal_opens_resting_until_it_does(name: str) -> None:
    """The driver and the simulated chips honour the wiring: the board opened waits for
    a line (or a scanner's message) instead of polling."""
    profile = profile_of(name)
    game = find_game(profile.games[0])
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    board = SimulatedBoard(profile, world).open(lambda role: None)
    try:
        assert board.interrupt_driven == all(can_signal(part) for part in profile.parts)
    finally:
        board.close()


def test_the_polled_boards_are_the_ones_whose_chips_cannot_signal() -> None:
    """A board added polled is a choice made knowingly (docs/speed.md states why each
    of these cannot show a touch within 20 ms, or what it costs at rest)."""
    polled = [
        name for name in PROFILES if not all(can_signal(part) for part in profile_of(name).parts)
    ]
    assert polled == ["sim-dobutsu-165", "sim-dobutsu-ads1115", "sim-shogi-ads7830"]
