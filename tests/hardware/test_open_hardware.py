"""Opening real hardware from a profile: the LED backend it names, and failures that say
which device and what to check (on a machine without the Pi's libraries)."""

from __future__ import annotations

import errno
import importlib.util
from pathlib import Path
from typing import Any

import pytest

from drivers.errors import DeviceMissingError, HardwareError
from drivers.led_pio import PioLedDevice
from drivers.spi import DEFAULT_BUFSIZ, open_spi, spidev_bufsiz
from engine.registry import find_game
from hardware.board import (
    device_nodes,
    open_board,
    open_buses,
    open_led_device,
    unavailable_devices,
)
from hardware.frontends.base import SerialNode, SpiNode
from hardware.led_backends import BACKEND_NAMES, led_backend
from hardware.mock.bus import SimulatedI2CBus
from hardware.profile import load_profile, parse_profile

DOBUTSU = find_game("dobutsu")
HEAD = 'name = "x"\ngames = ["dobutsu"]\n'


def test_the_pio_backend_opens_the_device_the_profile_names() -> None:
    profile = parse_profile(
        HEAD + '[leds]\nbackend = "pio"\ncount = 15\ndevice = "/dev/leds2"\nrgbw = true\n',
        "x.toml",
        DOBUTSU,
    )
    device = open_led_device(profile)
    assert isinstance(device, PioLedDevice)
    assert (device.path, device.rgbw, device.numPixels()) == ("/dev/leds2", True, 15)


@pytest.mark.skipif(importlib.util.find_spec("spidev") is not None, reason="spidev is here")
def test_without_spidev_the_spi_backend_says_what_to_install() -> None:
    profile = parse_profile(
        HEAD + '[leds]\nbackend = "spi"\ncount = 15\nspi_bus = 1\nspi_device = 2\n',
        "x.toml",
        DOBUTSU,
    )
    with pytest.raises(
        HardwareError, match=r"^/dev/spidev1\.2: the spidev module is not installed"
    ):
        open_led_device(profile)
    with pytest.raises(HardwareError, match="pip install spidev"):
        open_spi(0, 0)


def test_the_spidev_buffer_size_is_read_or_assumed(tmp_path: Path) -> None:
    size = tmp_path / "bufsiz"
    size.write_text("65536\n")
    assert spidev_bufsiz(str(size)) == 65536
    assert spidev_bufsiz(str(tmp_path / "missing")) == DEFAULT_BUFSIZ == 4096


@pytest.mark.parametrize("backend", BACKEND_NAMES)
def test_every_led_backend_is_a_profile_choice(backend: str) -> None:
    profile = parse_profile(
        HEAD + f'[leds]\nbackend = "{backend}"\ncount = 15\n', "x.toml", DOBUTSU
    )
    assert led_backend(profile.leds.backend).name == backend


def test_the_simulated_backend_opens_only_in_the_simulator() -> None:
    profile = parse_profile(HEAD + '[leds]\nbackend = "simulated"\ncount = 15\n', "x.toml", DOBUTSU)
    with pytest.raises(ValueError, match=r"^x\.toml: LED backend 'simulated' needs the simulator"):
        open_led_device(profile)
    with pytest.raises(ValueError, match="needs the simulator"):
        open_board(profile, lambda role: None)
    with pytest.raises(KeyError, match="not one of ws281x, simulated, pio, spi"):
        led_backend("apa102")


def test_the_devices_a_board_opens_besides_its_buses() -> None:
    assert device_nodes(load_profile("sim-dobutsu-165")) == [SpiNode(0, 0)]
    assert device_nodes(load_profile("sim-dobutsu-serial")) == [SerialNode("/dev/ttyACM0", 115_200)]
    assert device_nodes(load_profile("sim-dobutsu")) == []
    strip = parse_profile(
        HEAD + '[leds]\nbackend = "spi"\ncount = 15\nspi_bus = 1\nspi_device = 1\n', "x", DOBUTSU
    )
    assert device_nodes(strip) == [SpiNode(1, 1)]


def test_unavailable_devices_are_tried_once_and_closed() -> None:
    closed: list[str] = []
    missing = DeviceMissingError("/dev/spidev0.0", FileNotFoundError(errno.ENOENT, "x"), "gone")

    class Port:
        def close(self) -> None:
            closed.append("serial")

    def spi(bus: int, device: int) -> Any:
        raise missing

    def serial(url: str, baudrate: int) -> Any:
        return Port()

    chain = load_profile("sim-dobutsu-165")
    assert unavailable_devices(chain, spi=spi, serial=serial) == [missing]
    assert unavailable_devices(load_profile("sim-dobutsu-serial"), spi=spi, serial=serial) == []
    assert closed == ["serial"]

    def glitching(bus: int, device: int) -> Any:
        raise HardwareError("a fault the walk test names")

    assert unavailable_devices(chain, spi=glitching, serial=serial) == []


def test_buses_that_open_are_kept_and_the_others_explained() -> None:
    def opener(number: int) -> Any:
        if number == 3:
            raise DeviceMissingError("/dev/i2c-3", FileNotFoundError(errno.ENOENT, "x"), "gone")
        return SimulatedI2CBus(f"i2c-{number}")

    buses, unavailable = open_buses((1, 3), opener)
    assert list(buses) == [1]
    assert [error.device for error in unavailable] == ["/dev/i2c-3"]
