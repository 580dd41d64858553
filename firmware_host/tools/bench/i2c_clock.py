"""The I2C clock a board's scans need, and the clock a Raspberry Pi really runs.

A scan keeps its buses busy for the bits it puts on the wire at the bus clock, plus
the waits its drivers make (an ADS1115 converting): ``kiban bench --boards`` counts
both on the mock layer. A plan fits its board when one scan keeps the bus at most
``BUS_SHARE`` of its scan period: the rest is the time the decision, the LEDs and a
late scan have before the next one. The rate a board needs is the lowest standard
rate (100 kHz, the Pi's default, or 400 kHz, fast mode: every chip Kiban drives
takes it) at which its plan fits and its scan takes at most ``CONFIRM_BUS`` (the
scans that confirm a change come 2 ms apart: a slower scan delays every touch's
lights); the setup writes it as ``dtparam=i2c_arm_baudrate`` and ``kiban doctor``
checks it.

What the Pi runs is not always what ``config.txt`` asks. The device tree carries the
rate asked (``clock-frequency`` of the adapter's node, 100 kHz without it), and
Linux's i2c-bcm2835 (the Pi 1-4's adapter) divides the core clock by the even
divider nearest above ``core / asked`` (``clk_bcm2835_i2c_calc_divider``) once, at
probe (``clk_set_rate_exclusive``), from the rate the firmware's clock driver
reports: the top one (raspberrypi/linux#2060). The core clock of a Zero, Zero W, Pi
3, Zero 2 W or 4 changes with load unless ``config.txt`` pins it, and the bus clock
follows it: a Pi 3 asked for 100 kHz runs 62.5 kHz with its core at 250 MHz
(raspberrypi/firmware#1281; the same on a Zero W and a Pi 4, raspberrypi/linux#3257
and #4884). So the real rate is worked out at the core clock's floor, the divider set
at its top (the doctor's models of each Pi: firmware_host/tools/desk/pi_models.py). A
Pi 5's adapter (i2c-designware, in the RP1) has a clock of its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

STANDARD_RATES = (100_000, 400_000)
"""The bus clocks the setup chooses from: standard and fast mode."""

DEFAULT_RATE = 100_000
"""What a Pi's I2C runs without ``i2c_arm_baudrate`` (i2c-bcm2835 without a
``clock-frequency``)."""

BUS_SHARE = 0.5
"""The most of a scan period one scan may keep the bus busy."""

CONFIRM_BUS = 0.001
"""The bus time a scan may take for the scans that confirm a change to come at their
own pace (firmware_host.loops.scanning: 2 ms apart, the bus kept half the time)."""

CDIV_MIN, CDIV_MAX = 2, 0xFFFE
"""The divider register's range (i2c-bcm2835's BCM2835_I2C_CDIV_MIN and _MAX)."""


def bcm2835_divider(asked: int, core_hz: int) -> int:
    """The divider i2c-bcm2835 sets for a bus clock of ``asked`` from a core clock of
    ``core_hz``: rounded up, then up to even (the register ignores its low bit)."""
    divider = -(-core_hz // asked)
    divider += divider & 1
    return max(CDIV_MIN, min(CDIV_MAX, divider))


def bcm2835_rate(asked: int, core_at_start: int, core_now: int | None = None) -> int:
    """The bus clock of i2c-bcm2835 asked for ``asked``: the divider set with the core
    clock at ``core_at_start``, the core clock now ``core_now`` (the same by default)."""
    divider = bcm2835_divider(asked, core_at_start)
    return math.ceil((core_at_start if core_now is None else core_now) / divider)


@dataclass(frozen=True, slots=True)
class BusPlan:
    """What one scan of a board costs its I2C buses: ``bits`` on the wire, ``waits``
    seconds of its drivers' own, at a scan rate of ``scan_hz``."""

    bits: float
    waits: float
    scan_hz: float

    def seconds(self, rate: float) -> float:
        """The bus time of one scan at a bus clock of ``rate`` Hz."""
        return self.bits / rate + self.waits

    def share(self, rate: float) -> float:
        """The part of a scan period one scan keeps the bus busy."""
        return self.seconds(rate) * self.scan_hz

    def fits(self, rate: float) -> bool:
        return self.share(rate) <= BUS_SHARE

    def needed_rate(self) -> int | None:
        """The lowest standard rate at which the plan fits and a scan is quick enough
        for the confirming scans' pace (``CONFIRM_BUS``); where none is, the lowest at
        which it fits (None: none does; the board must scan more slowly, or spread its
        chips over more buses)."""
        fitting = [rate for rate in STANDARD_RATES if self.fits(rate)]
        quick = [rate for rate in fitting if self.seconds(rate) <= CONFIRM_BUS]
        chosen = quick or fitting
        return chosen[0] if chosen else None

    def keeps_up(self, rate: float) -> bool:
        """Whether a bus really running ``rate`` serves this plan as the rate the setup
        sets for it would: the scan fits its period, and is quick enough for the
        confirming scans' pace or runs at that rate anyway (0.99: i2c-bcm2835's even
        divider rounds a rate asked of it down a little, 399.4 kHz for 400 kHz at a
        250 MHz core clock). Where no standard rate is quick, fitting is enough."""
        if not self.fits(rate):
            return False
        needed = self.needed_rate()
        return self.seconds(rate) <= CONFIRM_BUS or needed is None or rate >= 0.99 * needed


def device_tree_rate(node: Path) -> int | None:
    """The ``clock-frequency`` of an adapter's device-tree node (a big-endian 32-bit
    cell), None where the node has none or cannot be read."""
    try:
        data = (node / "clock-frequency").read_bytes()
    except OSError:
        return None
    return int.from_bytes(data[:4], "big") if len(data) >= 4 else None


def adapter_node(adapters: Path, bus: int) -> Path:
    """Where sysfs shows the device-tree node of ``/dev/i2c-N``'s adapter."""
    return adapters / f"i2c-{bus}" / "of_node"
