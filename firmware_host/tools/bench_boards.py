"""``kiban bench --boards``: what one scan of each simulated board costs on its buses.

Counted on the mock layer, which logs every transaction, every bit a transaction
puts on the I2C wire (start, address and data bytes with their acknowledge bits,
stop) and every wait a driver makes (an ADS1115 converting). From those, the time
a scan keeps the bus busy at 100 kHz (the Pi's default) and 400 kHz
(``dtparam=i2c_arm_baudrate=400000``) and so the fastest scan rate the wiring
allows. The CPU time is the laptop's, mocks included: a ratio, not a promise.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.registry import find_game
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import bundled_profiles, load_profile


@dataclass(frozen=True, slots=True)
class ScanCost:
    profile: str
    transactions: float
    bits: float
    waits: float  # seconds a driver sleeps per scan
    spi_transfers: float
    spi_bytes: float
    spi_seconds: float  # the SPI transfers at their clock rates
    cpu: float  # seconds per scan on this machine, mocks included

    def seconds(self, clock_hz: float) -> float:
        """Bus time per scan with the I2C clock at ``clock_hz`` (waits and SPI included)."""
        return self.bits / clock_hz + self.waits + self.spi_seconds

    def line(self) -> str:
        slow, fast = self.seconds(100_000), self.seconds(400_000)
        rate = f"{min(1 / fast, 99999):7.0f} Hz" if fast else "    any   "
        return (
            f"{self.profile:24} {self.transactions:5.0f} {self.bits:7.0f} "
            f"{slow * 1e3:8.2f} ms {fast * 1e3:7.2f} ms {rate} "
            f"{self.spi_transfers:3.0f}x{self.spi_bytes:<4.0f} {self.cpu * 1e6:8.0f} µs"
        )


def scan_cost(name: str, scans: int = 100) -> ScanCost:
    profile = load_profile(name)
    game = find_game(profile.games[0])
    profile = load_profile(name, game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    try:
        scanner = board.scanner
        scanner.scan()
        for bus in hardware.buses.values():
            bus.reset_counters()
        for spi in hardware.spi.values():
            spi.transfers.clear()
        before = hardware.clock.now()
        start = time.perf_counter()
        for _ in range(scans):
            scanner.scan()
        cpu = (time.perf_counter() - start) / scans
        return ScanCost(
            name,
            sum(bus.transactions for bus in hardware.buses.values()) / scans,
            sum(bus.bits for bus in hardware.buses.values()) / scans,
            (hardware.clock.now() - before) / scans,
            sum(len(spi.transfers) for spi in hardware.spi.values()) / scans,
            sum(len(t.mosi) for spi in hardware.spi.values() for t in spi.transfers) / scans,
            sum(
                len(t.mosi) * 8 / t.speed_hz for spi in hardware.spi.values() for t in spi.transfers
            )
            / scans,
            cpu,
        )
    finally:
        board.close()


def board_lines(names: Sequence[str] = ()) -> list[str]:
    chosen = list(names) or [name for name in bundled_profiles() if name.startswith("sim-")]
    lines = [
        f"{'profile':24} {'i2c':>5} {'bits':>7} {'@100 kHz':>11} {'@400 kHz':>10} "
        f"{'max rate':>10} {'spi':>8} {'cpu/scan':>11}"
    ]
    lines += [scan_cost(name).line() for name in chosen]
    return lines
