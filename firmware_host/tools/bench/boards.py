"""``kiban bench --boards``: what one scan of each simulated board costs on its buses,
on each Raspberry Pi's I2C adapter.

Counted on the mock layer, which keeps the rules of the adapter it stands for
(drivers/i2c_adapters.py) and logs every transaction, every ioctl (a call into the
kernel: a refused one puts nothing or part of a transaction on the wire), every bit
a transaction puts on the I2C wire (start, address and data bytes with their
acknowledge bits, stop) and every wait a driver makes (an ADS1115 converting).
Each board is scanned as planned for a Pi 1-4 (``pi4``: i2c-bcm2835), a Pi 5
(``pi5``: i2c-designware) and another host (``other``: any transaction runs), and,
where that differs, as Kiban scanned before it planned for the adapter: combined
transactions sent to a Pi 1-4, refused, and done again a chip at a time
(``pi4, unplanned``). From those, the time
a scan keeps the bus busy at 100 kHz (the Pi's default) and 400 kHz
(``dtparam=i2c_arm_baudrate=400000``) and so the fastest scan rate the wiring
allows, and the rate the setup sets for the board (the lowest standard rate at which a
scan keeps the bus at most half its scan period, firmware_host/tools/bench/i2c_clock.py)
with one scan's bus time and share of its period there. A board that wakes on change
reads at rest only what checks its chips in turn; the scan that sees a change reads
more (an ADS7138's results, its windows moved and its flags cleared): the rate and the
share are that scan's. The scans that confirm a change on such a board read only the
sources that hold it (a multiplexer's segment, a bus), priced apart too, for the worst
of the board's sources. The CPU time is the
laptop's, mocks included: a ratio, not a promise.

For a board of MCP23017s the least a scan can put on the wire is, per chip, a
START, the address byte and the two data bytes (GPIOA, GPIOB) with their
acknowledge bits (1 + 9 + 2 x 9 = 28 bits), one STOP per transaction (one per
bus or multiplexer segment where the adapter joins chips, one per chip on a
Raspberry Pi), and, where several segments of one bus are read, each segment's
selection (START, address, control byte, STOP: 20 bits) but the first one's: the
scan before ended on it (every other scan reads the segments the other way round).
``min`` is that figure and ``x min`` the measured bits over it; other families show -.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Game
from engine.registry import find_game
from firmware_host.tools.bench.i2c_clock import STANDARD_RATES, BusPlan
from hardware.board import Board
from hardware.frontends.expanders import ExpandersSpec
from hardware.frontends.i2c_muxes import I2CMuxesSpec
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, bundled_profiles, load_profile

HOSTS = ("pi4", "pi5", "other")
"""The adapters each board is scanned on (a profile's ``host`` names)."""


@dataclass(frozen=True, slots=True)
class ScanCost:
    profile: str
    host: str  # the adapter it ran on, and what its scan was planned for
    transactions: float  # on the wire
    ioctls: float  # calls into the adapter, refused ones included
    refusals: float
    bits: float
    waits: float  # seconds a driver sleeps per scan
    spi_transfers: float
    spi_bytes: float
    spi_seconds: float  # the SPI transfers at their clock rates
    cpu: float  # seconds per scan on this machine, mocks included
    minimum: int | None = None  # the fewest bits a scan of these chips can take
    scan_hz: float = 100.0  # the profile's scan rate
    sleeps: float = 0.0  # times a driver sleeps per scan (a conversion's wait)
    wakes_on_change: bool = False  # every source signals its changes (INT lines, messages)
    touch_bits: float | None = None  # a board that wakes on change: the scan that sees a lift
    touch_ioctls: float | None = None  # (None: any scan, as on a polled board)
    confirm_bits: float | None = None  # and each scan that confirms it (the worst source's)
    confirm_ioctls: float | None = None

    def touch_seconds(self, clock_hz: float) -> float:
        """Bus time of the scan that sees a change: a board that reads only what signalled
        reads more then (an ADS7138's flags cleared, its windows moved) than at rest."""
        if self.touch_bits is None:
            return self.seconds(clock_hz)
        return self.touch_bits / clock_hz + self.waits + self.spi_seconds

    def confirm_seconds(self, clock_hz: float) -> float:
        """Bus time of a scan that confirms a change: on a board whose every source
        signals, only the sources holding it are read again."""
        if self.confirm_bits is None:
            return self.seconds(clock_hz)
        return self.confirm_bits / clock_hz + self.waits + self.spi_seconds

    def seconds(self, clock_hz: float) -> float:
        """Bus time per scan with the I2C clock at ``clock_hz`` (waits and SPI included)."""
        return self.bits / clock_hz + self.waits + self.spi_seconds

    @property
    def plan(self) -> BusPlan:
        """The I2C part of the scan, against its period (i2c_clock.BusPlan); on a board
        that wakes on change, the longer of a scan at rest and the scan that sees a
        change (one that reads only what signalled reads more then)."""
        return BusPlan(max(self.bits, self.touch_bits or 0.0), self.waits, self.scan_hz)

    def at_set_rate(self) -> str:
        """The rate the setup sets for this plan, and one scan's bus time and share of
        its period there (on a board that wakes on change, the scan that sees one)."""
        if not self.bits:
            return f"{'-':>6} {'-':>9} {'-':>5}"
        rate = self.plan.needed_rate()
        if rate is None:
            return f"{'none':>6} {self.seconds(STANDARD_RATES[-1]) * 1e3:6.2f} ms {'>50':>4}%"
        return (
            f"{rate // 1000:4d}k {self.plan.seconds(rate) * 1e3:6.2f} ms "
            f"{self.plan.share(rate) * 100:4.0f}%"
        )

    def line(self) -> str:
        slow, fast = self.seconds(100_000), self.seconds(400_000)
        rate = f"{min(1 / fast, 99999):7.0f} Hz" if fast else "    any   "
        least = (
            f"{self.minimum:5d} {self.bits / self.minimum:5.2f}x"
            if self.minimum
            else f"{'-':>5} {'-':>6}"
        )
        return (
            f"{self.profile:21} {self.host:15} {self.transactions:5.0f} "
            f"{self.ioctls:5.0f} {self.refusals:4.0f} {self.bits:7.0f} {least} "
            f"{slow * 1e3:8.2f} ms {fast * 1e3:7.2f} ms {rate} {self.at_set_rate()} "
            f"{self.spi_transfers:3.0f}x{self.spi_bytes:<4.0f} {self.cpu * 1e6:8.0f} µs"
        )


def minimum_bits(profile: Profile) -> int | None:
    """The fewest bits one scan of the profile's MCP23017s can take on its host's
    adapter (see the module docstring); None when the profile senses with other chips
    too."""
    expanders = profile.part(ExpandersSpec)
    others = [p for p in profile.parts if not isinstance(p, ExpandersSpec | I2CMuxesSpec)]
    if expanders is None or others:
        return None
    places = {spec.place for spec in expanders.chips}
    segments_per_bus = Counter(place.bus for place in places if place.mux is not None)
    adapter = profile.adapter
    joins_chips = not (adapter.one_address or adapter.reads_last_only)
    stops = len(places) if joins_chips else len(expanders.chips)
    bits = 28 * len(expanders.chips) + stops
    bits += sum(20 * (count - 1) for count in segments_per_bus.values())
    return bits


def scan_cost(
    name: str | Profile, host: str = "any", scans: int = 256, *, planned_for: str | None = None
) -> ScanCost:  # 256 scans: two re-pointings (REPOINT_EVERY)
    """One scan of the bundled profile ``name`` (or of a profile read already) on
    ``host``'s adapter, planned for ``planned_for``'s (by default the same)."""
    loaded = load_profile(name) if isinstance(name, str) else name
    game = find_game(loaded.games[0])
    if isinstance(name, str):
        loaded = load_profile(name, game)
    else:
        name = loaded.name
    physical = dataclasses.replace(loaded, host=host)
    profile = dataclasses.replace(physical, host=planned_for or host)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    hardware = SimulatedBoard(profile, world, physical=physical)
    board = hardware.open(lambda role: None)
    try:
        scanner = board.scanner
        scanner.scan()
        for bus in hardware.buses.values():
            bus.reset_counters()
        for spi in hardware.spi.values():
            spi.transfers.clear()
        before, sleeps = hardware.clock.now(), hardware.clock.sleeps
        start = time.perf_counter()
        for _ in range(scans):
            scanner.scan()
        cpu = (time.perf_counter() - start) / scans
        buses = hardware.buses.values()
        cost = ScanCost(
            name,
            host if planned_for in (None, host) else f"{host}, unplanned",
            sum(bus.transactions for bus in buses) / scans,
            sum(bus.ioctls for bus in buses) / scans,
            sum(bus.refusals for bus in buses) / scans,
            sum(bus.bits for bus in hardware.buses.values()) / scans,
            (hardware.clock.now() - before) / scans,
            sum(len(spi.transfers) for spi in hardware.spi.values()) / scans,
            sum(len(t.mosi) for spi in hardware.spi.values() for t in spi.transfers) / scans,
            sum(
                len(t.mosi) * 8 / t.speed_hz for spi in hardware.spi.values() for t in spi.transfers
            )
            / scans,
            cpu,
            minimum_bits(physical),
            profile.scan_hz,
            (hardware.clock.sleeps - sleeps) / scans,
            board.interrupt_driven,
        )
        if not board.interrupt_driven:
            return cost  # a polled board's every scan reads everything
        touch = _touch_scan(hardware, board, game)  # counted after
        return dataclasses.replace(
            cost,
            touch_bits=touch["touch_bits"],
            touch_ioctls=touch["touch_ioctls"],
            confirm_bits=touch.get("confirm_bits"),  # none with debounce = 1
            confirm_ioctls=touch.get("confirm_ioctls"),
        )
    finally:
        board.close()


def _touch_scan(hardware: SimulatedBoard, board: Board, game: Game[Any]) -> dict[str, float]:
    """The bits and ioctls of the scan that first sees a piece lifted (the game's first
    piece), and the most of a scan that confirms it, over a lift on each source that
    senses a piece (each put back and seen again after), each lift made after an even
    and an odd number of scans (every other scan reads the sources the other way round);
    the confirming scans read partly, as the runtime's do while no line is down."""
    scanner, world, buses = board.scanner, hardware.world, hardware.buses.values()
    layout = game.position().layout()
    first = next(spot for spot, stones in layout.items() if stones)
    spots = [first]
    for source in scanner.sources:  # a piece of each source's, the first one it senses
        spot = next((ch.spot for ch in source.channels if layout.get(ch.spot)), None)
        if spot is not None and spot not in spots:
            spots.append(spot)
    counts: dict[str, float] = {}

    def count(scan: str) -> None:
        bits, ioctls = sum(bus.bits for bus in buses), sum(bus.ioctls for bus in buses)
        counts[f"{scan}_bits"] = max(counts.get(f"{scan}_bits", 0.0), float(bits))
        counts[f"{scan}_ioctls"] = max(counts.get(f"{scan}_ioctls", 0.0), float(ioctls))

    for spot in spots:
        for settle in (scanner.debouncer.scans + 1, scanner.debouncer.scans + 2):
            stone = world.lift(spot)
            for bus in buses:
                bus.reset_counters()
            scanner.scan(partial=not board.interrupt_pending())
            if spot == first:
                count("touch")
            for _ in range(scanner.debouncer.scans - 1):
                for bus in buses:
                    bus.reset_counters()
                scanner.scan(partial=not board.interrupt_pending())
                count("confirm")
            world.place(spot, stone)
            for _ in range(settle):
                scanner.scan()
    return counts


def board_lines(names: Sequence[str] = (), hosts: Sequence[str] = HOSTS) -> list[str]:
    """A line for each board on each host's adapter (one for a board without I2C), and
    one for the scan as planned before, where a Pi 1-4 refuses it."""
    chosen = list(names) or [name for name in bundled_profiles() if name.startswith("sim-")]
    lines = [
        f"{'profile':21} {'adapter':15} {'i2c':>5} {'ioctl':>5} {'refd':>4} {'bits':>7} "
        f"{'min':>5} {'x min':>6} {'@100 kHz':>11} {'@400 kHz':>10} {'max rate':>10} "
        f"{'set at  bus/scan of period':>27} {'spi':>8} {'cpu/scan':>11}"
    ]
    for name in chosen:
        if not load_profile(name).bus_numbers:
            lines.append(dataclasses.replace(scan_cost(name), host="-").line())
            continue
        lines += [scan_cost(name, host).line() for host in hosts]
        before = scan_cost(name, "pi4", planned_for="other")
        if before.refusals:
            lines.append(before.line())
    return lines
