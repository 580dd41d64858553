"""The SPI device as drivers use it: the subset of py-spidev's ``SpiDev`` they call.

``spidev`` is imported only by ``open_spi``, so the drivers import and run on
any machine; tests pass the mock of ``hardware.mock.spi``.
"""

from __future__ import annotations

from typing import Protocol

from drivers.device_files import spi_unavailable
from drivers.errors import HardwareError

# GPIO numbers of the Raspberry Pi's SPI buses (BCM numbering), for profile checks.
SPI_PINS: dict[int, dict[str, int]] = {
    0: {"MISO": 9, "MOSI": 10, "SCLK": 11, "CE0": 8, "CE1": 7},
    1: {"MISO": 19, "MOSI": 20, "SCLK": 21, "CE0": 18, "CE1": 17, "CE2": 16},
}
SPIDEV_BUFSIZ = "/sys/module/spidev/parameters/bufsiz"
DEFAULT_BUFSIZ = 4096


class SpiDevice(Protocol):
    max_speed_hz: int
    mode: int
    bits_per_word: int

    def xfer2(self, values: list[int]) -> list[int]: ...

    def readbytes(self, length: int) -> list[int]: ...

    def writebytes2(self, values: bytes) -> None: ...

    def close(self) -> None: ...


def spi_name(bus: int, device: int) -> str:
    return f"spi{bus}.{device}"


def open_spi(bus: int, device: int) -> SpiDevice:
    """Open ``/dev/spidev<bus>.<device>`` on a real machine; failures name the device."""
    path = f"/dev/spidev{bus}.{device}"
    try:
        import spidev
    except ImportError as exc:
        raise HardwareError(
            f"{path}: the spidev module is not installed; on a Raspberry Pi: pip install spidev"
        ) from exc
    spi = spidev.SpiDev()
    try:
        spi.open(bus, device)
    except OSError as exc:
        unavailable = spi_unavailable(bus, device, exc)
        if unavailable is not None:
            raise unavailable from exc
        raise HardwareError(
            f"{path} could not be opened ({exc.strerror}): enable SPI (dtparam=spi=on in "
            "/boot/firmware/config.txt, or raspi-config), and run as a member of the spi group"
        ) from exc
    opened: SpiDevice = spi
    return opened


def spidev_bufsiz(path: str = SPIDEV_BUFSIZ) -> int:
    """The largest single SPI transfer the kernel's spidev driver accepts."""
    try:
        with open(path, encoding="ascii") as file:
            return int(file.read().strip())
    except (OSError, ValueError):
        return DEFAULT_BUFSIZ
