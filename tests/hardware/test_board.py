"""assemble() builds a configured board over given buses and LED device; close() cleans up."""

from __future__ import annotations

import logging

import pytest
from gpiozero.pins.mock import MockFactory

from drivers.buttons import ButtonRole
from drivers.led_strip import Colour
from drivers.mcp23017 import Register
from engine.physical import EMPTY, PRESENT
from engine.registry import find_game
from hardware.board import Board, assemble, open_board
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.strip import SimulatedPixelStrip
from hardware.profile import Profile, load_profile, parse_profile
from tests.hardware.parts import expanders

DOBUTSU = find_game("dobutsu")


class Parts:
    """The mock buses, chips, strip and pins a profile's board is assembled from."""

    def __init__(self, profile: Profile) -> None:
        self.buses = {n: SimulatedI2CBus(f"i2c-{n}") for n in profile.bus_numbers}
        self.models = {}
        for spec in expanders(profile):
            self.models[spec.address] = MCP23017Model()
            self.buses[spec.bus].attach(spec.address, self.models[spec.address])
        self.strip = SimulatedPixelStrip(profile.leds.count)
        self.factory = MockFactory()
        self.pressed: list[ButtonRole] = []

    def assemble(self, profile: Profile) -> Board:
        return assemble(
            profile,
            dict(self.buses),
            self.strip,
            self.pressed.append,
            pin_factory=self.factory,
            bounce_time=None,
        )

    def press(self, gpio: int) -> None:
        pin = self.factory.pin(gpio)
        pin.drive_low()
        pin.drive_high()


@pytest.fixture
def sim_profile() -> Profile:
    return load_profile("sim", DOBUTSU)


def test_assemble_configures_the_chips_and_starts_the_strip(sim_profile: Profile) -> None:
    parts = Parts(sim_profile)
    board = parts.assemble(sim_profile)
    model = parts.models[0x20]
    assert model.port_value(Register.IODIRA) == 0x3F3F
    assert model.port_value(Register.GPPUA) == 0x3F3F
    assert model.erratum_violations == 0
    assert parts.strip.begun
    assert parts.strip.frames == []  # nothing shown until the first paint
    assert board.profile is sim_profile
    assert board.painter.strip.count == 15
    assert board.buttons is not None
    assert board.buttons.roles == (ButtonRole.OK, ButtonRole.NEXT, ButtonRole.BACK)
    # the scanner reads the chips it configured
    model.drive_low(4)  # A4 is 2b
    change = board.scanner.scan()
    assert change is not None
    assert change.frame["2b"] == PRESENT
    assert change.frame["3a"] == EMPTY


def test_buttons_reach_the_callback_by_role(sim_profile: Profile) -> None:
    parts = Parts(sim_profile)
    parts.assemble(sim_profile)
    parts.press(6)
    parts.press(5)
    parts.press(13)
    assert parts.pressed == [ButtonRole.NEXT, ButtonRole.OK, ButtonRole.BACK]


def test_a_board_without_buttons_has_no_panel() -> None:
    text = 'name = "x"\ngames = ["dobutsu"]\n[leds]\nbackend = "simulated"\ncount = 3\n'
    profile = parse_profile(text, "x.toml", DOBUTSU)
    parts = Parts(profile)
    board = parts.assemble(profile)
    assert board.buttons is None
    assert board.scanner.scan() is None  # no sensors: no frame ever changes
    board.close()
    assert parts.strip.last_frame == (0, 0, 0)


def test_close_turns_the_leds_off_releases_everything_and_is_safe_twice(
    sim_profile: Profile,
) -> None:
    parts = Parts(sim_profile)
    board = parts.assemble(sim_profile)
    board.painter.paint({"3a": Colour(255, 0, 0)}, {"status": Colour(0, 0, 255)})
    board.close()
    assert parts.strip.last_frame == (0,) * 15
    assert all(bus.closed for bus in parts.buses.values())
    assert board.buttons is None
    parts.press(5)
    assert parts.pressed == []  # the pins were released
    frames = len(parts.strip.frames)
    board.close()
    assert len(parts.strip.frames) == frames
    assert parts.strip.last_frame == (0,) * 15


def test_close_releases_the_buses_even_when_the_strip_fails(
    sim_profile: Profile, caplog: pytest.LogCaptureFixture
) -> None:
    parts = Parts(sim_profile)
    board = parts.assemble(sim_profile)
    board.painter.paint({"3a": Colour(255, 0, 0)}, {})

    def broken() -> None:
        raise OSError(5, "Input/output error")

    parts.strip.show = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="hardware.board"):
        board.close()
    assert "could not turn the LEDs off" in caplog.text
    assert all(bus.closed for bus in parts.buses.values())
    assert board.buttons is None


def test_open_board_refuses_a_simulated_strip_before_touching_hardware(
    sim_profile: Profile,
) -> None:
    with pytest.raises(ValueError, match=r"^profiles/sim-dobutsu\.toml: LED backend 'simulated'"):
        open_board(sim_profile, lambda role: None)
