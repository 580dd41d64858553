"""The Pi's device files a board opens, and what to do when one cannot be opened.

``/dev/i2c-1`` is missing until I2C is enabled, ``/dev/spidev0.0`` until SPI is;
a user outside the ``i2c``, ``spi`` or ``dialout`` group may not open them. The
libraries say only "No such file or directory" or "Permission denied"; these
functions turn that into an error that names the device and gives the exact fix.
They return None for any other failure, which the caller reports its own way.

On a machine that is not a Raspberry Pi (a laptop, where ``kiban run`` is tried by
mistake) a missing interface of the Pi is not a Pi to set up: the error says so,
and where the board is played instead.
"""

from __future__ import annotations

import errno
from pathlib import Path

from drivers.errors import DeviceAccessError, DeviceMissingError, DeviceUnavailableError

ENABLE_I2C = "sudo raspi-config nonint do_i2c 0"
ENABLE_SPI = "sudo raspi-config nonint do_spi 0"
ENABLE_UART = "sudo raspi-config nonint do_serial_hw 0"
CONFIG = "/boot/firmware/config.txt"
# Serial ports that are the Pi's own UART (enabled in raspi-config), not a USB device.
UART_PORTS = ("/dev/serial", "/dev/ttyAMA", "/dev/ttyS")
MODEL = Path("/proc/device-tree/model")
"""Where the kernel names the board it runs on ("Raspberry Pi 4 Model B Rev 1.4")."""
NOT_A_PI = (
    "this machine is not a Raspberry Pi, which the real board runs on "
    "(here `kiban sim` plays on a simulated board)"
)


def pi_model() -> str | None:
    """The Raspberry Pi this runs on, by the device tree's name of the board; None on
    any other machine."""
    try:
        name = MODEL.read_bytes().rstrip(b"\0").decode("utf-8", errors="replace").strip()
    except OSError:
        return None
    return name if name.startswith("Raspberry Pi") else None


def _on_a_pi(fix: str) -> str:
    """``fix`` (how to set up the Pi's interface) on a Raspberry Pi; elsewhere, that
    this machine is not one."""
    return fix if pi_model() is not None else NOT_A_PI


def _unavailable(
    device: str, cause: OSError, *, missing: str, group: str
) -> DeviceUnavailableError | None:
    if cause.errno == errno.ENOENT:
        return DeviceMissingError(device, cause, f"{device} does not exist: {missing}")
    if cause.errno in (errno.EACCES, errno.EPERM):
        return DeviceAccessError(
            device,
            cause,
            f"{device}: permission denied: add your user to the {group} group with "
            f"`sudo usermod -aG {group} $USER`, then log out and log in again",
        )
    return None


def i2c_unavailable(bus: int, cause: OSError) -> DeviceUnavailableError | None:
    """I2C bus ``bus`` could not be opened because of ``cause``."""
    if bus == 1:
        missing = (
            f"I2C is not enabled on this Raspberry Pi: enable it with `{ENABLE_I2C}`, then reboot"
        )
    else:
        missing = (
            f"I2C bus {bus} is not set up: enable I2C with `{ENABLE_I2C}` and add the overlay "
            f"that makes bus {bus} to {CONFIG} (e.g. "
            f"`dtoverlay=i2c-gpio,bus={bus},i2c_gpio_sda=23,i2c_gpio_scl=24`), then reboot"
        )
    return _unavailable(f"/dev/i2c-{bus}", cause, missing=_on_a_pi(missing), group="i2c")


def spi_unavailable(bus: int, device: int, cause: OSError) -> DeviceUnavailableError | None:
    """SPI device ``device`` of bus ``bus`` could not be opened because of ``cause``."""
    if bus == 0:
        missing = (
            f"SPI is not enabled on this Raspberry Pi: enable it with `{ENABLE_SPI}`, then reboot"
        )
    else:
        missing = (
            f"SPI{bus} is not set up: enable SPI with `{ENABLE_SPI}` and add "
            f"`dtoverlay=spi{bus}-{device + 1}cs` to {CONFIG}, then reboot"
        )
    device_file = f"/dev/spidev{bus}.{device}"
    return _unavailable(device_file, cause, missing=_on_a_pi(missing), group="spi")


def serial_unavailable(port: str, cause: OSError) -> DeviceUnavailableError | None:
    """Serial port ``port`` (a device path; URLs are not device files) could not be opened."""
    if not port.startswith("/dev/"):
        return None
    if port.startswith(UART_PORTS):
        missing = (
            f"the serial port is not enabled on this Raspberry Pi: enable it with "
            f"`{ENABLE_UART}` (and keep the login console off it with "
            "`sudo raspi-config nonint do_serial_cons 1`), then reboot"
        )
        missing = _on_a_pi(missing)
    else:
        missing = "is the scanner plugged in? `ls /dev/ttyACM* /dev/serial/by-id/` lists the ports"
    return _unavailable(port, cause, missing=missing, group="dialout")
