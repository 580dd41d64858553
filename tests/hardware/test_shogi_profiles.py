"""The Shogi profiles: the reference board, its simulation and the better-sensing boards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drivers.buttons import ButtonRole
from engine.physical import NORTH, SOUTH, Sensing
from engine.registry import find_game
from hardware.profile import bundled_profiles, load_profile
from tests.hardware.parts import expanders

SHOGI = find_game("shogi")
CELLS = frozenset(SHOGI.cells)
STANDS = frozenset(SHOGI.off_board_spots)
NAMES = ("shogi-reference", "sim-shogi", "sim-shogi-polarity", "sim-shogi-stands")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "shogi-board.md"


def test_the_shogi_profiles_are_bundled() -> None:
    assert set(NAMES) <= set(bundled_profiles())
    assert load_profile("sim", SHOGI).source == "profiles/sim-shogi.toml"


@pytest.mark.parametrize("name", NAMES)
def test_every_shogi_profile_loads_with_corner_leds_and_the_indicators(name: str) -> None:
    profile = load_profile(name, SHOGI)
    assert profile.games == ("shogi",)
    assert profile.sensed_spots >= CELLS
    lit = dict(profile.leds.spots)
    assert all(len(lit[cell]) == 4 for cell in CELLS)  # four corners each
    corner_leds = {led for cell in CELLS for led in lit[cell]}
    assert corner_leds == set(range(100))  # the 10x10 grid
    indicators = dict(profile.leds.indicators)
    assert set(indicators) == {"turn:0", "turn:1", "status"} | {
        f"furigoma:{n}" for n in range(1, 6)
    }
    assert sorted(led for leds in indicators.values() for led in leds) == list(range(100, 108))
    assert dict(profile.buttons) == {ButtonRole.OK: 5, ButtonRole.NEXT: 6, ButtonRole.BACK: 13}
    for chip in expanders(profile):
        assert chip.input_mask & 0x8080 == 0  # never GPA7 or GPB7


def test_neighbouring_cells_share_their_corners() -> None:
    lit = dict(load_profile("sim", SHOGI).leds.spots)
    assert lit["9a"] == (0, 1, 19, 18)
    assert set(lit["9a"]) & set(lit["8a"]) == {1, 18}
    assert set(lit["5e"]) == {44, 45, 54, 55}
    assert set(lit["5e"]) & set(lit["4f"]) == {54}  # row 5, column 5, counted back


def test_the_reference_board() -> None:
    profile = load_profile("shogi-reference", SHOGI)
    assert (profile.leds.backend, profile.leds.spi_bus, profile.leds.spi_device) == ("spi", 0, 0)
    assert profile.leds.count == 108
    assert [(chip.bus, chip.address) for chip in expanders(profile)] == [
        (1, 0x20 + n) for n in range(6)
    ]
    assert sum(len(chip.channels) for chip in expanders(profile)) == 81
    assert profile.sensed_spots == CELLS
    assert expanders(load_profile("sim", SHOGI)) == expanders(profile)


def test_polarity_needs_twelve_chips_on_two_buses() -> None:
    profile = load_profile("sim-shogi-polarity", SHOGI)
    assert profile.sensing is Sensing.POLARITY
    assert len(expanders(profile)) == 12 and profile.bus_numbers == (1, 3)
    poles = {(ch.spot, ch.pole) for chip in expanders(profile) for ch in chip.channels}
    assert poles == {(cell, pole) for cell in CELLS for pole in (NORTH, SOUTH)}


def test_sensed_stands_have_their_own_leds() -> None:
    profile = load_profile("sim-shogi-stands", SHOGI)
    assert profile.sensed_spots == CELLS | STANDS
    lit = dict(profile.leds.spots)
    assert sorted(led for spot in STANDS for led in lit[spot]) == list(range(108, 122))


def test_the_wiring_table_in_the_docs_matches_the_reference_profile() -> None:
    profile = load_profile("shogi-reference", SHOGI)
    rows = re.findall(r"^\| 0x(2[0-7]) \|(.*)\|$", DOCS.read_text(encoding="utf-8"), re.M)
    pins = [f"A{n}" for n in range(7)] + [f"B{n}" for n in range(7)]
    documented = {
        (int(address, 16), pin): cell.strip()
        for address, cells in rows
        for pin, cell in zip(pins, cells.split("|"), strict=True)
        if cell.strip() != "–"
    }
    wired = {
        (chip.address, channel.pin_name): channel.spot
        for chip in expanders(profile)
        for channel in chip.channels
    }
    assert documented == wired
