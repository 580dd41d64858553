"""A Pi where I2C or SPI is not enabled, or the user is not in its group: ``kiban run``,
``kiban doctor`` and ``kiban calibrate`` end with the fix, never a traceback. The real
openers are monkeypatched to fail as they do on such a Pi."""

from __future__ import annotations

import errno
import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from drivers.device_files import NOT_A_PI
from firmware_host.cli import main
from firmware_host.store.storage import GameStore
from tests.drivers.test_device_files import on_a_pi  # noqa: F401 - these fail as a Pi does

I2C_MISSING = (
    "/dev/i2c-1 does not exist: I2C is not enabled on this Raspberry Pi: "
    "enable it with `sudo raspi-config nonint do_i2c 0`, then reboot"
)
I2C_DENIED = (
    "/dev/i2c-1: permission denied: add your user to the i2c group with "
    "`sudo usermod -aG i2c $USER`, then log out and log in again"
)


def no_i2c(monkeypatch: pytest.MonkeyPatch, code: int = errno.ENOENT) -> list[int]:
    """smbus2 fails to open any bus as it does without I2C (or without the group)."""
    tried: list[int] = []

    def smbus(number: int) -> Any:
        tried.append(number)
        raise OSError(code, os.strerror(code), f"/dev/i2c-{number}")

    monkeypatch.setattr("smbus2.SMBus", smbus)
    return tried


def no_spi(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("spidev")

    class SpiDev:
        def open(self, bus: int, device: int) -> None:
            raise FileNotFoundError(errno.ENOENT, "No such file", f"/dev/spidev{bus}.{device}")

    module.SpiDev = SpiDev  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spidev", module)


def kiban(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("code", "message"), [(errno.ENOENT, I2C_MISSING), (errno.EACCES, I2C_DENIED)]
)
def test_kiban_run_says_how_to_fix_i2c_and_exits(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    code: int,
    message: str,
) -> None:
    tried = no_i2c(monkeypatch, code)
    status, out, err = kiban(
        capsys, "run", "--profile", "dobutsu-reference", "--state-dir", str(tmp_path)
    )
    assert tried == [1]
    assert status != 0
    assert err == f"kiban: {message}\n"
    assert "Traceback" not in out + err


def test_kiban_run_says_how_to_fix_spi(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    no_spi(monkeypatch)
    board = tmp_path / "board.toml"
    text = (Path(__file__).parents[4] / "hardware/profiles/sim-dobutsu-165.toml").read_text()
    board.write_text(text.replace('backend = "simulated"', 'backend = "pio"'))
    status, _, err = kiban(capsys, "run", "--profile", str(board), "--state-dir", str(tmp_path))
    assert status != 0
    assert err.startswith("kiban: /dev/spidev0.0 does not exist: SPI is not enabled")
    assert "`sudo raspi-config nonint do_spi 0`, then reboot" in err


@pytest.mark.parametrize(
    ("code", "message"), [(errno.ENOENT, I2C_MISSING), (errno.EACCES, I2C_DENIED)]
)
def test_the_doctor_names_the_fix_first_and_ends_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], code: int, message: str
) -> None:
    no_i2c(monkeypatch, code)
    status, out, err = kiban(capsys, "doctor", "--profile", "dobutsu-reference", "--timeout", "1")
    assert status == 1
    assert out.splitlines() == [
        message,
        "i2c-1: not scanned (it could not be opened, see above)",
        "walk, leds, buttons: skipped until the board's devices above can be opened",
        "doctor: 1 problem found",
    ]
    assert err == ""


def test_the_doctor_tries_the_spi_devices_before_the_bus_scan(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    no_spi(monkeypatch)
    status, out, _ = kiban(capsys, "doctor", "--profile", "sim-dobutsu-165", "--only", "bus,walk")
    lines = out.splitlines()
    assert status == 1
    assert lines[0].startswith("/dev/spidev0.0 does not exist: SPI is not enabled")
    assert lines[1:] == [
        "spi0.0: a chain of 2 74HC165 expected (read in the walk test)",
        "walk: skipped until the board's devices above can be opened",
        "doctor: 1 problem found",
    ]


def test_calibrate_says_how_to_fix_i2c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    no_i2c(monkeypatch)
    board = tmp_path / "board.toml"
    text = (Path(__file__).parents[4] / "hardware/profiles/sim-dobutsu-ads1115.toml").read_text()
    board.write_text(text)
    status, out, err = kiban(capsys, "calibrate", "--profile", str(board), "--timeout", "1")
    assert status != 0
    assert err == f"kiban: {I2C_MISSING}\n"
    assert "Traceback" not in out + err


def test_kiban_run_on_a_laptop_says_it_is_no_pi_and_leaves_no_store(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("drivers.device_files.pi_model", lambda: None)  # a laptop
    no_i2c(monkeypatch)
    simulator = GameStore(tmp_path / "sim.sqlite3")  # a game played with kiban sim
    simulator.new_game("dobutsu", {}, None, 0.0)
    simulator.close()
    before = sorted(path.name for path in tmp_path.iterdir())
    state = ["--state-dir", str(tmp_path)]
    status, out, err = kiban(capsys, "run", "--profile", "dobutsu-reference", *state)
    assert status != 0
    assert err == f"kiban: /dev/i2c-1 does not exist: {NOT_A_PI}\n"
    assert "this Raspberry Pi" not in err and "Traceback" not in out + err
    assert sorted(path.name for path in tmp_path.iterdir()) == before  # nothing made
    # so the games played on the simulator are still the ones listed and exported
    status, out, err = kiban(capsys, "list", *state)
    assert status == 0 and "dobutsu" in out
    assert "reading the simulator's games" in err
    status, out, err = kiban(capsys, "export", "1", *state)
    assert status == 0 and out


def test_kiban_run_makes_no_state_folder_when_the_board_cannot_be_opened(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    no_i2c(monkeypatch)
    state = tmp_path / "state"
    status, _, _ = kiban(capsys, "run", "--profile", "dobutsu-reference", "--state-dir", str(state))
    assert status != 0 and not state.exists()
