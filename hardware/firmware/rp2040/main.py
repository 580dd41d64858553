"""Kiban scanner firmware for an RP2040 board (Raspberry Pi Pico) under MicroPython.

Copy this file and kiban_link.py to the board (``mpremote cp main.py
kiban_link.py :``). It scans the sensors a thousand times a second and speaks
the scanner link (docs/scanner-protocol.md) over the USB serial port: hello,
full frames, change frames, a full frame every second as a heartbeat, and
answers to the host's requests; while its sensors fail, FAULT instead, at once,
every heartbeat and in answer to every request. Edit MODE, PINS, PAIRS, LOAD and
CHIPS for the wiring:

* ``"gpio"``: reed switches (or digital Hall sensors) from GPIO pins to
  ground, one channel per pin, in the order listed; pull-ups inside the RP2040.
  With PAIRS, the pins come in pairs, a north and a south sensor per channel
  (digital Hall sensors of either pole): the channel reads 1 for north, 2 for
  south, and the hello says polarity;
* ``"hc165"``: a chain of 74HC165 on SPI0 (SCK GP18, MISO GP16), SH/LD on
  ``load``, ``chips`` chips, channel n is bit n (chip n // 8, input A..H); the
  last chip's SER tied to 3.3 V so a ninth byte checks the chain.

A channel reads 1 while its input is low (a magnet closes the switch). The
profile's ``[serial_scanner.channels]`` maps channel numbers to spots.

The loop is ``Firmware.step``, one scan and its frames a call; ``main`` calls it
every millisecond. The simulated scanner (hardware/mock/serial_device.py) runs the
same class on stand-ins for ``machine``, ``time``, ``select`` and ``sys``, and the
tests run it under MicroPython itself.
"""

import select
import sys
import time

import machine  # type: ignore[import-not-found]
import micropython  # type: ignore[import-not-found, unused-ignore]  # (Blinka has one)
from kiban_link import Link  # type: ignore[import-not-found]

FIRMWARE = "kiban-rp2040 1.1"
# The wiring: MODE "gpio" reads PINS (in north/south pairs with PAIRS); MODE "hc165"
# reads CHIPS chips latched by LOAD.
MODE = "gpio"
PINS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
PAIRS = False
LOAD = 17
CHIPS = 2
SCAN_PERIOD_MS = 1
HEARTBEAT_MS = 1000


class GpioSensors:
    def __init__(self, pins: list[int], pairs: bool = False) -> None:
        self.pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins]
        self.pairs = pairs

    @property
    def channels(self) -> int:
        return len(self.pins) // 2 if self.pairs else len(self.pins)

    @property
    def polarity(self) -> bool:
        return self.pairs

    def read(self) -> list[int]:
        closed = [0 if pin.value() else 1 for pin in self.pins]
        if not self.pairs:
            return closed
        # north closed: 1, south closed: 2 (both at once cannot be: read north)
        return [1 if closed[n] else 2 if closed[n + 1] else 0 for n in range(0, len(closed), 2)]


class ShiftSensors:
    def __init__(self, chips: int, load: int) -> None:
        self.chips = chips
        self.load = machine.Pin(load, machine.Pin.OUT, value=1)
        self.spi = machine.SPI(
            0, baudrate=1_000_000, polarity=0, phase=0, sck=machine.Pin(18), miso=machine.Pin(16)
        )
        self.buffer = bytearray(chips + 1)

    @property
    def channels(self) -> int:
        return self.chips * 8

    @property
    def polarity(self) -> bool:
        return False

    def read(self) -> list[int]:
        self.load.value(0)
        self.load.value(1)
        self.spi.readinto(self.buffer)
        if self.buffer[self.chips] != 0xFF:
            raise OSError("74HC165 check byte read " + hex(self.buffer[self.chips]))
        return [0 if self.buffer[n >> 3] >> (n & 7) & 1 else 1 for n in range(self.chips * 8)]


class Firmware:
    """The scanner: its sensors, the link on the USB serial port, its uptime.

    The uptime is a Python int of milliseconds, grown by ``ticks_diff`` between two
    passes: ``ticks_diff`` of now and the start turns negative after 2**29 ms (6.2
    days), and the heartbeats would stop with it."""

    def __init__(
        self, sensors: "GpioSensors | ShiftSensors", heartbeat_ms: int = HEARTBEAT_MS
    ) -> None:
        self.sensors = sensors
        self.link = Link(
            sys.stdout.buffer.write, sensors.channels, sensors.polarity, FIRMWARE, heartbeat_ms
        )
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.readings = [0] * sensors.channels
        self.uptime_ms = 0
        self.ticks = time.ticks_ms()  # type: ignore[attr-defined]

    def clock(self) -> int:
        """Milliseconds since the start, never wrapping."""
        now = time.ticks_ms()  # type: ignore[attr-defined]
        self.uptime_ms += time.ticks_diff(now, self.ticks)  # type: ignore[attr-defined]
        self.ticks = now
        return self.uptime_ms

    def scan(self, now_ms: int) -> None:
        """Read the sensors; send what changed, a heartbeat, or the fault."""
        try:
            readings = self.sensors.read()
        except OSError as error:
            self.link.fault(str(error), now_ms)
            return
        self.readings = readings
        self.link.update(readings, now_ms)

    def start(self) -> None:
        """Hello, then the first full frame (or the fault, if the sensors fail at once)."""
        self.link.hello()
        self.scan(self.clock())

    def step(self) -> None:
        """One pass of the loop: scan, then answer whatever the host sent."""
        now_ms = self.clock()
        self.scan(now_ms)
        while self.poll.poll(0):
            self.link.receive(sys.stdin.buffer.read(1), self.readings, now_ms)


def sensors() -> "GpioSensors | ShiftSensors":
    """The sensors MODE and its settings name."""
    if MODE == "hc165":
        return ShiftSensors(CHIPS, LOAD)
    return GpioSensors(PINS, PAIRS)


def main() -> None:
    # frames may hold 0x03: Ctrl-C must not stop the scanner
    micropython.kbd_intr(-1)  # type: ignore[attr-defined, unused-ignore]
    firmware = Firmware(sensors())
    firmware.start()
    while True:
        firmware.step()
        time.sleep_ms(SCAN_PERIOD_MS)  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
