"""From a touch to the LEDs on a Pi core: every part of the path, counted or estimated.

A hand lifts a piece; the LEDs answer once the board has seen it, confirmed it, decided
and painted. On a Pi that is, in order:

1. the wait for the scan that sees it: a wake-up when the board signals its changes
   (an MCP23017's INT line through the kernel and gpiozero's callback; a serial
   scanner's change frame after its own 1 ms scan and a 1 ms USB frame), else up to
   an idle period of a polled board at rest;
2. that scan: its bus time at the rate the setup sets (bench_boards) and its Python;
3. the confirming scans: ``debounce - 1`` more, each ``Cadence.confirm`` of the scan
   before it apart (a board whose every source signals reads only the sources holding
   the change then);
4. the decision: the session loop's work, counted (bench_decision), with the six
   hand-offs between the bus thread and the decision loop each a wake-up;
5. contention: the bus thread scanning meanwhile (the GIL) and a scan under way when
   the paint is queued behind it;
6. the LED write itself: WS2812 data at 800 kbit/s, 24 bits an LED (30 us), up to
   the strip's last LED, and the 280 us latch of newer WS2812B (their datasheets).

Counted: the Python (instructions and cache misses, read on the core as pi_cores.py
says), the bits on the bus, the LEDs. Estimated, no published figure being found for
a Zero 2 W: the kernel's work for a thread woken (``WAKE``) and for one I2C or SPI
ioctl (``BUS_CALL``), taken at tens of microseconds (timer wake-ups measured by
cyclictest on a Pi 3 run in the tens of microseconds; an ioctl of i2c-bcm2835 is a
system call, the adapter's setup, an interrupt and a completion that wakes the
caller), a third of that on a Pi 4. The p99 is read as the worst of the path (the
wait at its longest): the counted decisions' p99, the waits at their ends.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from firmware_host.loops.runtime import IDLE_POLL
from firmware_host.loops.scanning import Cadence

WAKE = {"zero2w": 20e-6, "pi4": 7e-6}
"""Seconds of the kernel's for a thread woken (estimated)."""

BUS_CALL = {"zero2w": 25e-6, "pi4": 8e-6}
"""Seconds of the kernel's for one I2C or SPI ioctl, the wire aside (estimated)."""

HANDOFFS = 6
"""Wake-ups between a frame change's scan and its paint (measured, docs/speed.md)."""

INTERRUPT_PYTHON = 73_000
"""Instructions of gpiozero's dispatch of one INT edge pair to the bus thread's wake,
counted on the simulated pin (an upper bound: a real pin's edge runs less of it)."""

SERIAL_DEVICE = 0.001 + 0.001
"""A scanner microcontroller's own scan period (hardware/firmware/rp2040: 1 ms) and
one USB full-speed frame before its change frame reaches the Pi."""

LED_BIT = 1.25e-6
LED_BITS = 24
LED_LATCH = 280e-6
"""WS2812: 800 kbit/s, 24 bits an LED, and the reset low time newer WS2812B need."""


@dataclass(frozen=True, slots=True)
class Board:
    """What the path needs of one board, from its profile and bench_boards."""

    wakes_on_change: bool
    serial: bool
    scan_hz: float
    idle_hz: float
    debounce: int
    bus_time: float
    """One scan's bus time at the rate the setup sets (waits and SPI included)."""
    bus_calls: float
    """ioctls a scan (I2C transactions, SPI transfers)."""
    sleeps: float
    """Extra wake-ups a scan makes (an ADS1115's conversion waits)."""
    leds: int
    touch_bus_time: float | None = None
    """The bus time of the scan that sees the touch, where it differs from any scan's
    (a board that reads only the chips that signalled: an ADS7138's flags cleared and
    windows moved as well)."""
    touch_bus_calls: float | None = None
    confirm_bus_time: float | None = None
    """The bus time of a scan that confirms the touch, where it differs from any scan's
    (a board whose every source signals reads only the sources holding the change)."""
    confirm_bus_calls: float | None = None

    @property
    def touched(self) -> Board:
        """The board as its scan that sees a touch costs."""
        return dataclasses.replace(
            self,
            bus_time=self.bus_time if self.touch_bus_time is None else self.touch_bus_time,
            bus_calls=self.bus_calls if self.touch_bus_calls is None else self.touch_bus_calls,
        )

    @property
    def confirming(self) -> Board:
        """The board as a scan that confirms a touch costs."""
        return dataclasses.replace(
            self,
            bus_time=self.bus_time if self.confirm_bus_time is None else self.confirm_bus_time,
            bus_calls=self.bus_calls if self.confirm_bus_calls is None else self.confirm_bus_calls,
        )


@dataclass(frozen=True, slots=True)
class Path:
    """Seconds from a touch to the LEDs, by part (p99: each part at its worst)."""

    wait: float
    first_scan: float
    confirm: float
    decision: float
    handoffs: float
    contention: float
    paint: float

    @property
    def touch_to_led(self) -> float:
        return (
            self.wait
            + self.first_scan
            + self.confirm
            + self.decision
            + self.handoffs
            + self.contention
            + self.paint
        )

    @property
    def frame_to_led(self) -> float:
        """From the scan that confirms the change: what the bench reported before."""
        return self.decision + self.handoffs + self.contention + self.paint


def scan_seconds(board: Board, scan_python: float, core: str) -> float:
    """One scan on the Pi: its bus time, its Python and the kernel's ioctls and waits."""
    kernel = board.bus_calls * BUS_CALL[core] + board.sleeps * WAKE[core]
    return board.bus_time + scan_python + kernel


def wait_for_scan(board: Board, interrupt_python: float, core: str, *, resting: bool) -> float:
    """The longest wait from a touch to the scan that sees it."""
    if board.wakes_on_change:  # a watching thread wakes, then the bus thread
        if board.serial:
            return SERIAL_DEVICE + 2 * WAKE[core]
        return 2 * WAKE[core] + interrupt_python
    return 1 / (board.idle_hz if resting else board.scan_hz)


def path(
    board: Board,
    *,
    decision: float,
    scan_python: float,
    interrupt_python: float,
    core: str,
    resting: bool = True,
) -> Path:
    """The worst path from a touch on ``board`` to its LEDs, ``decision`` the p99 of the
    counted decisions on that core (seconds), ``scan_python`` one scan's Python."""
    scan = scan_seconds(board, scan_python, core)
    first = scan_seconds(board.touched, scan_python, core)
    again = scan_seconds(board.confirming, scan_python, core)
    cadence = Cadence(1 / board.scan_hz, 1 / board.idle_hz)
    # From the first scan's end to the last confirming scan's: each scan starts a
    # ``Cadence.confirm`` of the one before it after that one started (the runtime's
    # deadline), or when it ends if that is later.
    confirm = 0.0
    if board.debounce > 1:
        confirm = max(cadence.confirm(first), first) - first
        confirm += (board.debounce - 2) * max(cadence.confirm(again), again) + again
    handoffs = HANDOFFS * WAKE[core]
    scans_meanwhile = math.ceil((decision + handoffs) * board.scan_hz)
    contention = scans_meanwhile * (scan_python + board.bus_calls * BUS_CALL[core]) + scan
    return Path(
        wait=wait_for_scan(board, interrupt_python, core, resting=resting),
        first_scan=first,
        confirm=confirm,
        decision=decision,
        handoffs=handoffs,
        contention=contention,
        paint=board.leds * LED_BITS * LED_BIT + LED_LATCH,
    )


PI_BUSES = 2
"""The I2C buses a Zero 2 W's BCM2710A1 (as every Pi 1-3's) gives a board: i2c-1 (GPIO 2
and 3) and i2c-0 (``dtparam=i2c_vc=on``: GPIO 0 and 1, the pins a HAT's ID EEPROM
uses), each its own BSC controller with its own FIFO and interrupt, so transfers on
both run at once. Its third controller drives the HDMI port's DDC; the Pi 4's extra
i2c3-i2c6 are BCM2711's alone; i2c-gpio bit-bangs in the kernel, slower than either
and keeping a core busy all the while."""


def floor(board: Board, *, decision: float, scan_python: float, core: str, buses: int = 1) -> float:
    """The least a polled board's touch can take to its LEDs whatever order or pace its
    scans keep: the whole scan that comes round to the touched sensor again (touched
    just after it was read), the decision, its hand-offs and the strip; no confirming
    scan, nothing running meanwhile. Above the target, no plan of the same scans
    (reading a part at a time, what changed first) reaches it: the scan must be
    shorter, or the board must signal its changes.

    With ``buses`` over 1, the same chips spread evenly over that many buses scanned
    side by side, a thread each (the ioctl lets the GIL go): each bus keeps its share
    of the transactions on the wire and in the kernel, and the Python is taken as
    hidden behind the other buses' waits, so this too is a least."""
    handoffs = HANDOFFS * WAKE[core]
    paint = board.leds * LED_BITS * LED_BIT + LED_LATCH
    return spread_scan(board, scan_python, core, buses) + decision + handoffs + paint


def spread_scan(board: Board, scan_python: float, core: str, buses: int = 1) -> float:
    """One scan's least time with its transactions spread over ``buses`` buses (the
    largest share of them, at a bus each: its wire and kernel time, or the whole
    scan's Python where that is longer)."""
    if buses <= 1 or board.bus_calls <= 1:
        return scan_seconds(board, scan_python, core)
    share = math.ceil(board.bus_calls / buses) / board.bus_calls
    kernel = board.bus_calls * BUS_CALL[core] + board.sleeps * WAKE[core]
    return max((board.bus_time + kernel) * share, scan_python)


def rest_rate(board: Board) -> float:
    """Scans a second while the board rests: the slow poll behind the signals, else
    the idle rate (a serial board's watch also wakes once a second, and its device
    sends a heartbeat frame every second)."""
    if board.wakes_on_change:
        return 1 / IDLE_POLL + (2.0 if board.serial else 0.0)
    return board.idle_hz


def idle_share(board: Board, scan_python: float, core: str, *, rate: float | None = None) -> float:
    """The share of the core the board at rest takes: each scan's Python, its ioctls
    and waits, and the wake-up itself."""
    per_scan = scan_python + board.bus_calls * BUS_CALL[core] + (1 + board.sleeps) * WAKE[core]
    return per_scan * (rest_rate(board) if rate is None else rate)
