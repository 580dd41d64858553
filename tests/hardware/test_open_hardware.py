"""Opening real hardware from a profile: the LED backend it names, and failures that say
which device and what to check (on a machine without the Pi's libraries)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from drivers.errors import HardwareError
from drivers.led_pio import PioLedDevice
from drivers.spi import DEFAULT_BUFSIZ, open_spi, spidev_bufsiz
from engine.registry import find_game
from hardware.board import open_board, open_led_device
from hardware.led_backends import BACKEND_NAMES, led_backend
from hardware.profile import parse_profile

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
