"""WS2812 strips on plain SPI: the LED waveform as a bit pattern on MOSI.

A WS2812 reads each data bit from one pulse of 1.25 us: a 0 is high for about
0.4 us, a 1 for about 0.8 us (datasheet: T0H 0.4, T1H 0.8, each +-150 ns; the
whole bit 1.25 +-0.6 us), and a low line for more than 50 us (280 us for the
WS2812B-V5 and most clones) latches the colours. Clocked at the right rate,
SPI draws those pulses, each LED bit becoming a few SPI bits:

* 3 SPI bits at 2.4 MHz (0.417 us each): a 0 is ``100`` (high 0.417 us), a 1 is
  ``110`` (high 0.833 us); 9 bytes per LED;
* 4 SPI bits at 3.2 MHz (0.3125 us each): a 0 is ``1000`` (high 0.3125 us), a 1
  is ``1110`` (high 0.9375 us); 12 bytes per LED. Its pulses lie farther from the
  middle of the bit, where a 0's high ends and a 1's goes on, so a clock a little
  off its rate still reads right: that is its only gain. Against the datasheet's
  windows it has less room, not more: a 1's 0.9375 us is 12.5 ns under T1H's
  0.95 us maximum (the 3-bit pattern's 0.833 us keeps 117 ns), and held to every
  window (T0H, T0L, T1H, T1L) it works from 3.16 to 3.33 MHz, where the 3-bit
  pattern works from 2.11 to 2.86 MHz.

The frame starts with one zero byte (MOSI low before the first bit, whatever
it idled at) and ends with 300 us of zeros, the reset. The whole frame must go
in one transfer, since a pause longer than the reset inside it would latch
half a strip: spidev's buffer (/sys/module/spidev/parameters/bufsiz, 4096
bytes unless raised with spidev.bufsiz=65536 on the kernel command line) must
hold it. Only MOSI is used; this works on any Pi, the Pi 5 included.
"""

from __future__ import annotations

from drivers.errors import LedStripError
from drivers.pixel_buffer import PixelBuffer
from drivers.spi import DEFAULT_BUFSIZ, SpiDevice

RESET_SECONDS = 300e-6
CLOCKS = {3: 2_400_000, 4: 3_200_000}
PATTERNS = {3: (0b100, 0b110), 4: (0b1000, 0b1110)}
ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")


def encode_table(bits: int) -> tuple[bytes, ...]:
    """For every byte value, its ``bits`` SPI bits per data bit, most significant first."""
    zero, one = PATTERNS[bits]
    table = []
    for value in range(256):
        word = 0
        for bit in range(7, -1, -1):
            word = word << bits | (one if value >> bit & 1 else zero)
        table.append(word.to_bytes(bits, "big"))  # 8 data bits x bits SPI bits = bits bytes
    return tuple(table)


class SpiLedDevice(PixelBuffer):
    """The PixelDevice interface, written as one SPI transfer per frame."""

    def __init__(
        self,
        spi: SpiDevice,
        count: int,
        *,
        name: str = "spi0.0",
        order: str = "GRB",
        bits: int = 3,
        bufsiz: int = DEFAULT_BUFSIZ,
    ) -> None:
        super().__init__(count)
        if bits not in PATTERNS:
            raise ValueError(f"a WS2812 bit is 3 or 4 SPI bits, not {bits}")
        if order.upper() not in ORDERS:
            raise ValueError(f"colour order {order!r} is not one of {', '.join(ORDERS)}")
        self.spi = spi
        self.name = name
        self.order = order.upper()
        self.bits = bits
        self.speed_hz = CLOCKS[bits]
        self._table = encode_table(bits)
        self._reset = bytes(int(RESET_SECONDS * self.speed_hz / 8) + 1)
        length = len(self.frame())
        if length > bufsiz:
            raise LedStripError(
                f"{count} LEDs need one SPI transfer of {length} bytes on {name}, more than "
                f"spidev's buffer of {bufsiz}: add spidev.bufsiz=65536 to "
                "/boot/firmware/cmdline.txt"
            )

    def begin(self) -> None:
        try:
            self.spi.mode = 0
            self.spi.bits_per_word = 8
            self.spi.max_speed_hz = self.speed_hz
        except OSError as error:
            raise LedStripError(f"SPI device {self.name} could not be set up ({error})") from error

    def frame(self) -> bytes:
        """The whole transfer: a zero byte, each LED's three colours encoded, the reset."""
        table = self._table
        shifts = {"R": 16, "G": 8, "B": 0}
        order = [shifts[channel] for channel in self.order]
        out = bytearray(1)
        for value in self._pixels:
            for shift in order:
                out += table[self._channel(value, shift)]
        out += self._reset
        return bytes(out)

    def show(self) -> None:
        try:
            self.spi.writebytes2(self.frame())
        except OSError as error:
            raise LedStripError(
                f"LED strip on {self.name} could not be written ({error})"
            ) from error

    def close(self) -> None:
        """Every LED off, then the SPI device closed; safe to call twice."""
        try:
            self._clear()
            self.show()
        except LedStripError:
            pass
        finally:
            self.spi.close()
