"""Each front end's scan on each I2C adapter: every bundled simulated board opens and
scans on a Raspberry Pi 1-4's adapter, a Pi 5's, another host's and the strictest,
with its transactions planned for that adapter once (never a refused ioctl, from the
first configuration write on) and the board read right."""

from __future__ import annotations

import dataclasses

import pytest

from engine.registry import find_game
from hardware.board import Board
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, bundled_profiles, load_profile

HOSTS = ("pi4", "pi5", "other", "any")
I2C_BOARDS = tuple(
    name
    for name in bundled_profiles()
    if name.startswith("sim-") and load_profile(name).bus_numbers
)


def _profile(name: str, host: str) -> Profile:
    profile = load_profile(name)
    return dataclasses.replace(load_profile(name, find_game(profile.games[0])), host=host)


def _board(profile: Profile, physical: Profile | None = None) -> tuple[SimulatedBoard, Board]:
    game = find_game(profile.games[0])
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    hardware = SimulatedBoard(profile, world, physical=physical)
    return hardware, hardware.open(lambda role: None)


def test_every_simulated_i2c_board_is_here() -> None:
    assert {"sim-shogi", "sim-shogi-mux", "sim-shogi-ads7830", "sim-dobutsu-ads1115"} <= set(
        I2C_BOARDS
    )


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("name", I2C_BOARDS)
def test_a_board_opens_and_scans_on_every_adapter_without_a_refusal(name: str, host: str) -> None:
    profile = _profile(name, host)
    hardware, board = _board(profile)
    scanner = board.scanner
    raw = scanner.read_raw()
    world = hardware.world
    assert raw == {spot: world.reading(spot) for spot in raw}
    for _ in range(3):
        scanner.scan()
    assert all(bus.refusals == 0 for bus in hardware.buses.values())
    assert all(bus.adapter is profile.adapter for bus in hardware.buses.values())
    board.close()


# Transactions a scan at rest (after the first, which re-points the expanders).
PER_SCAN = {
    "sim-shogi": {"pi4": 6, "pi5": 6, "other": 1},
    # 12 chips and a select: every other scan reads the segments the other way round,
    # starting on the one still selected
    "sim-shogi-mux": {"pi4": 13, "pi5": 13, "other": 3},
    "sim-shogi-ads7830": {"pi4": 81, "pi5": 16, "other": 16},  # 1 ADS7830, 16 settings
    "sim-dobutsu-ads1115": {"pi4": 24, "pi5": 24, "other": 24},  # 12 starts, 12 reads
}


@pytest.mark.parametrize(
    ("name", "host", "count"),
    [(name, host, count) for name, counts in PER_SCAN.items() for host, count in counts.items()],
)
def test_a_scan_takes_the_transactions_planned_for_its_adapter(
    name: str, host: str, count: int
) -> None:
    hardware, board = _board(_profile(name, host))
    scanner = board.scanner
    scanner.scan()
    for bus in hardware.buses.values():
        bus.reset_counters()
    for _ in range(10):
        scanner.scan()
    (bus,) = hardware.buses.values()
    assert bus.transactions == bus.ioctls == 10 * count
    assert bus.refusals == 0


@pytest.mark.parametrize(
    ("name", "ioctls", "refused"),
    [("sim-shogi", 7, 1), ("sim-shogi-mux", 18, 2), ("sim-shogi-ads7830", 97, 16)],
)
def test_a_scan_planned_for_another_host_pays_a_refusal_on_a_pi(
    name: str, ioctls: int, refused: int
) -> None:
    """What Kiban did before it planned for the adapter: every combined transaction is
    refused on a Pi 1-4 and falls back to one chip or conversion at a time (with the
    multiplexer selected again after each refusal). The readings stay right."""
    hardware, board = _board(_profile(name, "other"), physical=_profile(name, "pi4"))
    scanner = board.scanner
    scanner.scan()
    for bus in hardware.buses.values():
        bus.reset_counters()
    raw = scanner.read_raw()
    assert raw == {spot: hardware.world.reading(spot) for spot in raw}
    (bus,) = hardware.buses.values()
    assert (bus.ioctls, bus.refusals) == (ioctls, refused)
