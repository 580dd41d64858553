"""A chain of 74HC165 parallel-in, serial-out shift registers, read over SPI.

From the datasheet (TI SCLS372, Nexperia 74HC165): while SH/LD is low the chip
copies inputs A-H into its register; with SH/LD high each rising CLK edge
shifts it on, H first out of QH, and the SER input fills in behind. Chained,
each chip's QH feeds the next chip's SER, and the chip nearest the Pi drives
MISO. So one pulse on SH/LD (a GPIO) latches every input at the same instant,
and one SPI read of ``chips`` bytes (mode 0, most significant bit first)
returns them all: byte k is chip k counted from MISO, bit 7 its input H, bit 0
its input A. CLK INH must be tied low.

SPI cannot tell a missing chain from an empty board, so one extra byte is
read: the SER input of the last chip is tied high, and that byte must read
0xFF. A cable off, a chip unpowered or MISO stuck low all break it.
"""

from __future__ import annotations

from typing import Any

from gpiozero import DigitalOutputDevice
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from drivers.errors import BusError, GpioError
from drivers.retry import RetryPolicy, once
from drivers.spi import SpiDevice

CHIP = "74HC165"
INPUTS = "ABCDEFGH"
CHECK_BYTE = 0xFF
MAX_CHIPS = 64


def input_index(chip: int, name: str) -> int:
    """The bit number of input ``name`` (A-H) of chip ``chip`` in the chain's value."""
    return chip * 8 + INPUTS.index(name)


class ShiftRegisterChain:
    """``chips`` 74HC165 in a chain on one SPI device, latched by a GPIO on SH/LD."""

    def __init__(
        self,
        spi: SpiDevice,
        chips: int,
        load_gpio: int,
        *,
        name: str = "spi0.0",
        speed_hz: int = 1_000_000,
        check_byte: bool = True,
        pin_factory: Factory | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        if not 1 <= chips <= MAX_CHIPS:
            raise ValueError(f"a chain of {chips} 74HC165 is outside 1..{MAX_CHIPS}")
        self.spi = spi
        self.chips = chips
        self.name = name
        self.speed_hz = speed_hz
        self.check_byte = check_byte
        self.retry = retry or once()
        try:
            # SH/LD idles high (shift); a low pulse loads the inputs.
            self._load: Any = DigitalOutputDevice(
                load_gpio, initial_value=True, pin_factory=pin_factory
            )
        except GPIOZeroError as exc:
            raise GpioError(
                f"74HC165 SH/LD line on GPIO {load_gpio} could not be claimed: {exc}"
            ) from exc
        self.load_gpio = load_gpio
        self.transfers = 0

    def configure(self) -> None:
        """SPI mode 0, 8-bit words, the chain's clock rate."""
        try:
            self.spi.mode = 0
            self.spi.bits_per_word = 8
            self.spi.max_speed_hz = self.speed_hz
        except OSError as error:
            raise BusError(f"{CHIP} chain", self.name, None, error) from error

    def read(self) -> int:
        """Every input as one integer: bit ``8 * chip + n`` is input n (A=0) of chip ``chip``.

        One latch pulse and one SPI transfer; a high bit is a high input (an open
        reed switch against its pull-up).
        """
        count = self.chips + (1 if self.check_byte else 0)

        def transfer() -> list[int]:
            self._load.off()
            self._load.on()
            return self.spi.readbytes(count)

        try:
            data = self.retry.run(transfer)
        except OSError as error:
            raise BusError(f"{CHIP} chain", self.name, None, error) from error
        self.transfers += 1
        if len(data) != count:
            raise BusError(
                f"{CHIP} chain",
                self.name,
                None,
                OSError(None, f"read {len(data)} of {count} bytes"),
            )
        if self.check_byte and data[-1] != CHECK_BYTE:
            raise BusError(
                f"{CHIP} chain",
                self.name,
                None,
                OSError(
                    None,
                    f"the check byte read 0x{data[-1]:02x}, not 0xff: check the chain's cable, "
                    "its power, and that SER of the last chip is tied to 3.3 V",
                ),
            )
        value = 0
        for chip, byte in enumerate(data[: self.chips]):
            # H leaves first, so it lands in bit 7 and A in bit 0: bit n is input n.
            value |= byte << (8 * chip)
        return value

    def close(self) -> None:
        self._load.close()
