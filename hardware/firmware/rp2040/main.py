"""Kiban scanner firmware for an RP2040 board (Raspberry Pi Pico) under MicroPython.

Copy this file and kiban_link.py to the board (``mpremote cp main.py
kiban_link.py :``). It scans the sensors a thousand times a second and speaks
the scanner link (docs/scanner-protocol.md) over the USB serial port: hello,
full frames, change frames, a full frame every second as a heartbeat, and
answers to the host's requests. Edit MODE, PINS, LOAD and CHIPS for the wiring:

* ``"gpio"``: reed switches (or digital Hall sensors) from GPIO pins to
  ground, one channel per pin, in the order listed; pull-ups inside the RP2040;
* ``"hc165"``: a chain of 74HC165 on SPI0 (SCK GP18, MISO GP16), SH/LD on
  ``load``, ``chips`` chips, channel n is bit n (chip n // 8, input A..H); the
  last chip's SER tied to 3.3 V so a ninth byte checks the chain.

A channel reads 1 while its input is low (a magnet closes the switch). The
profile's ``[serial_scanner.channels]`` maps channel numbers to spots.
"""

import select
import sys
import time

import machine  # type: ignore[import-not-found]
import micropython  # type: ignore[import-not-found]
from kiban_link import Link  # type: ignore[import-not-found]

FIRMWARE = "kiban-rp2040 1.0"
# The wiring: MODE "gpio" reads PINS; MODE "hc165" reads CHIPS chips latched by LOAD.
MODE = "gpio"
PINS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
LOAD = 17
CHIPS = 2
SCAN_PERIOD_MS = 1


class GpioSensors:
    def __init__(self, pins: list[int]) -> None:
        self.pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins]

    @property
    def channels(self) -> int:
        return len(self.pins)

    def read(self) -> list[int]:
        return [0 if pin.value() else 1 for pin in self.pins]


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

    def read(self) -> list[int]:
        self.load.value(0)
        self.load.value(1)
        self.spi.readinto(self.buffer)
        if self.buffer[self.chips] != 0xFF:
            raise OSError("74HC165 check byte read " + hex(self.buffer[self.chips]))
        return [0 if self.buffer[n >> 3] >> (n & 7) & 1 else 1 for n in range(self.chips * 8)]


def main() -> None:
    micropython.kbd_intr(-1)  # frames may hold 0x03: Ctrl-C must not stop the scanner
    sensors: GpioSensors | ShiftSensors = (
        ShiftSensors(CHIPS, LOAD) if MODE == "hc165" else GpioSensors(PINS)
    )
    out = sys.stdout.buffer
    link = Link(out.write, sensors.channels, False, FIRMWARE)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    start = time.ticks_ms()  # type: ignore[attr-defined]
    readings = sensors.read()
    link.hello()
    link.full(readings, 0)
    faulty = False
    while True:
        now = time.ticks_diff(time.ticks_ms(), start)  # type: ignore[attr-defined]
        try:
            readings = sensors.read()
        except OSError as error:
            if not faulty:
                link.fault(str(error))
            faulty = True
        else:
            if faulty:
                link.full(readings, now)
                faulty = False
            else:
                link.update(readings, now)
        while poll.poll(0):
            link.receive(sys.stdin.buffer.read(1), readings, now)
        time.sleep_ms(SCAN_PERIOD_MS)  # type: ignore[attr-defined]


main()
