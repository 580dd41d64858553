"""A device file that cannot be opened (I2C or SPI not enabled, a scanner unplugged, a
group missing) is an error naming the device and the exact fix, on any machine: the
openers are monkeypatched to fail as a Pi without the interface fails."""

from __future__ import annotations

import errno
import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest
import serial

from drivers.device_files import NOT_A_PI, pi_model
from drivers.errors import DeviceAccessError, DeviceMissingError, HardwareError
from drivers.i2c import open_i2c_bus
from drivers.serial_scanner import open_serial
from drivers.spi import open_spi
from engine.errors import KibanError

PI_4 = "Raspberry Pi 4 Model B Rev 1.4"


@pytest.fixture(autouse=True)
def on_a_pi(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests fail as a Pi fails: the device tree names a Raspberry Pi."""
    monkeypatch.setattr("drivers.device_files.pi_model", lambda: PI_4)


def failing(code: int, path: str) -> Any:
    """An opener that fails as ``os.open(path)`` does with errno ``code``."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(code, os.strerror(code), path)  # FileNotFoundError, PermissionError...

    return fail


def fake_spidev(monkeypatch: pytest.MonkeyPatch, code: int, path: str) -> None:
    module = types.ModuleType("spidev")

    class SpiDev:
        def open(self, bus: int, device: int) -> None:
            failing(code, path)()

    module.SpiDev = SpiDev  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spidev", module)


def test_a_missing_i2c_bus_says_how_to_enable_i2c(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("smbus2.SMBus", failing(errno.ENOENT, "/dev/i2c-1"))
    with pytest.raises(DeviceMissingError) as caught:
        open_i2c_bus(1)
    error = caught.value
    assert isinstance(error, FileNotFoundError) and isinstance(error, KibanError)
    assert (error.device, error.errno) == ("/dev/i2c-1", errno.ENOENT)
    assert str(error) == (
        "/dev/i2c-1 does not exist: I2C is not enabled on this Raspberry Pi: "
        "enable it with `sudo raspi-config nonint do_i2c 0`, then reboot"
    )


def test_a_missing_second_i2c_bus_names_its_overlay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("smbus2.SMBus", failing(errno.ENOENT, "/dev/i2c-3"))
    with pytest.raises(
        DeviceMissingError, match=r"^/dev/i2c-3 does not exist: I2C bus 3"
    ) as caught:
        open_i2c_bus(3)
    assert "do_i2c 0" in str(caught.value) and "dtoverlay=i2c-gpio,bus=3" in str(caught.value)


def test_an_i2c_bus_of_another_group_says_which_to_join(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("smbus2.SMBus", failing(errno.EACCES, "/dev/i2c-1"))
    with pytest.raises(DeviceAccessError) as caught:
        open_i2c_bus(1)
    error = caught.value
    assert isinstance(error, PermissionError) and isinstance(error, KibanError)
    assert str(error) == (
        "/dev/i2c-1: permission denied: add your user to the i2c group with "
        "`sudo usermod -aG i2c $USER`, then log out and log in again"
    )


def test_other_i2c_failures_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("smbus2.SMBus", failing(errno.EBUSY, "/dev/i2c-1"))
    with pytest.raises(OSError) as caught:
        open_i2c_bus(1)
    assert type(caught.value) is OSError and caught.value.errno == errno.EBUSY


@pytest.mark.parametrize(
    ("bus", "device", "fix"),
    [(0, 0, "`sudo raspi-config nonint do_spi 0`, then reboot"), (1, 2, "dtoverlay=spi1-3cs")],
)
def test_a_missing_spi_device_says_how_to_enable_spi(
    monkeypatch: pytest.MonkeyPatch, bus: int, device: int, fix: str
) -> None:
    path = f"/dev/spidev{bus}.{device}"
    fake_spidev(monkeypatch, errno.ENOENT, path)
    with pytest.raises(DeviceMissingError, match=rf"^{path} does not exist: SPI") as caught:
        open_spi(bus, device)
    assert fix in str(caught.value) and isinstance(caught.value, FileNotFoundError)


def test_an_spi_device_of_another_group(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_spidev(monkeypatch, errno.EACCES, "/dev/spidev0.0")
    with pytest.raises(DeviceAccessError, match=r"sudo usermod -aG spi \$USER") as caught:
        open_spi(0, 0)
    assert str(caught.value).startswith("/dev/spidev0.0: permission denied")


def test_other_spi_failures_keep_their_message(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_spidev(monkeypatch, errno.EBUSY, "/dev/spidev0.0")
    with pytest.raises(HardwareError, match="could not be opened") as caught:
        open_spi(0, 0)
    assert not isinstance(caught.value, DeviceMissingError | DeviceAccessError)


def serial_failing(code: int, port: str) -> Any:
    def fail(*args: Any, **kwargs: Any) -> Any:
        # what pyserial raises when os.open of the port fails
        raise serial.SerialException(code, f"could not open port {port}: [Errno {code}]")

    return fail


@pytest.mark.parametrize(
    ("port", "hint"),
    [
        ("/dev/ttyACM0", "is the scanner plugged in?"),
        ("/dev/serial0", "sudo raspi-config nonint do_serial_hw 0"),
    ],
)
def test_a_missing_serial_port(monkeypatch: pytest.MonkeyPatch, port: str, hint: str) -> None:
    monkeypatch.setattr("serial.serial_for_url", serial_failing(errno.ENOENT, port))
    with pytest.raises(DeviceMissingError, match=rf"^{port} does not exist: ") as caught:
        open_serial(port)
    assert hint in str(caught.value)


def test_a_serial_port_of_another_group(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("serial.serial_for_url", serial_failing(errno.EACCES, "/dev/ttyACM0"))
    with pytest.raises(DeviceAccessError, match=r"sudo usermod -aG dialout \$USER"):
        open_serial("/dev/ttyACM0")


def test_a_serial_url_is_not_a_device_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("serial.serial_for_url", serial_failing(errno.ENOENT, "socket://x:1"))
    with pytest.raises(HardwareError, match="could not be opened") as caught:
        open_serial("socket://x:1")
    assert not isinstance(caught.value, DeviceMissingError)


def test_the_device_tree_names_the_pi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.undo()  # the real pi_model, reading the file it is pointed at
    model = tmp_path / "model"
    monkeypatch.setattr("drivers.device_files.MODEL", model)
    assert pi_model() is None  # no device tree: a laptop
    model.write_bytes(PI_4.encode() + b"\0")
    assert pi_model() == PI_4
    model.write_bytes(b"Pine64 RockPro64 v2.1\0")
    assert pi_model() is None


@pytest.mark.parametrize(
    ("opener", "patch", "path"),
    [
        (lambda: open_i2c_bus(1), "smbus2.SMBus", "/dev/i2c-1"),
        (lambda: open_i2c_bus(3), "smbus2.SMBus", "/dev/i2c-3"),
        (lambda: open_spi(0, 0), "", "/dev/spidev0.0"),
        (lambda: open_serial("/dev/ttyAMA0"), "serial.serial_for_url", "/dev/ttyAMA0"),
    ],
)
def test_on_a_machine_that_is_no_pi_the_error_says_so_not_how_to_set_up_a_pi(
    monkeypatch: pytest.MonkeyPatch, opener: Any, patch: str, path: str
) -> None:
    monkeypatch.setattr("drivers.device_files.pi_model", lambda: None)
    if patch == "serial.serial_for_url":
        monkeypatch.setattr(patch, serial_failing(errno.ENOENT, path))
    elif patch:
        monkeypatch.setattr(patch, failing(errno.ENOENT, path))
    else:
        fake_spidev(monkeypatch, errno.ENOENT, path)
    with pytest.raises(DeviceMissingError) as caught:
        opener()
    told = str(caught.value)
    assert told == f"{path} does not exist: {NOT_A_PI}"
    assert "this Raspberry Pi" not in told and "raspi-config" not in told
