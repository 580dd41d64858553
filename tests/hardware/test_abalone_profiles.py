"""The bundled Abalone profiles: wiring, LED chains, and the board page that documents them."""

from __future__ import annotations

import itertools
import math

import pytest

from drivers.buttons import ButtonRole
from engine.physical import NORTH, SOUTH, Sensing
from engine.registry import find_game
from hardware.profile import Profile, bundled_profiles, load_profile
from tests.hardware.board_pages import (
    DOCS,
    documented_leds,
    documented_wiring,
    expander_wiring,
)
from tests.hardware.parts import expanders

ABALONE = find_game("abalone")
HOLES = frozenset(ABALONE.cells)
GUTTERS = frozenset(ABALONE.off_board_spots)
PROFILES = ("abalone-reference", "sim-abalone", "sim-abalone-gutters", "sim-abalone-polarity")
DOC = DOCS / "abalone-board.md"


def profile(name: str) -> Profile:
    return load_profile(name, ABALONE)


def test_the_abalone_profiles_are_bundled() -> None:
    assert set(PROFILES) <= set(bundled_profiles())
    assert load_profile("sim", ABALONE).source == "profiles/sim-abalone.toml"


@pytest.mark.parametrize("name", PROFILES)
def test_every_profile_loads_with_an_led_for_each_sensed_spot(name: str) -> None:
    loaded = profile(name)
    assert loaded.games == ("abalone",)
    assert loaded.sensed_spots >= HOLES
    lit = dict(loaded.leds.spots)
    assert loaded.sensed_spots == set(lit)
    assert all(len(leds) == 1 for leds in lit.values())
    indicators = dict(loaded.leds.indicators)
    assert set(indicators) == {"turn:0", "turn:1", "status"}
    used = [led for leds in (*lit.values(), *indicators.values()) for led in leds]
    assert sorted(used) == list(range(loaded.leds.count))  # every LED used once
    assert dict(loaded.buttons) == {
        ButtonRole.OK: 5,
        ButtonRole.NEXT: 6,
        ButtonRole.BACK: 13,
        ButtonRole.CLOCK: 19,  # pressed at the end of a move, as on a chess clock
    }


@pytest.mark.parametrize("name", PROFILES)
def test_the_led_chain_is_a_serpentine_along_the_rows(name: str) -> None:
    leds = {leds[0]: spot for spot, leds in profile(name).leds.spots if spot in HOLES}
    chain = [leds[i] for i in range(61)]
    assert chain[0] == "I5" and chain[-1] == "A5"
    for a, b in itertools.pairwise(chain):
        pa, pb = ABALONE.geometry.place(a), ABALONE.geometry.place(b)
        assert math.dist((pa.x, pa.y), (pb.x, pb.y)) < 1.01, (a, b)  # next to each other
    rows = [spot[0] for spot in chain]
    assert rows == sorted(rows, reverse=True)  # row I first, A last, each row in one run


def test_reference_and_simulated_boards_are_wired_alike() -> None:
    reference, simulated = profile("abalone-reference"), profile("sim-abalone")
    assert reference.sensing is simulated.sensing is Sensing.OCCUPANCY
    assert expander_wiring(reference) == expander_wiring(simulated)
    assert reference.leds.spots == simulated.leds.spots
    assert reference.leds.indicators == simulated.leds.indicators
    assert (reference.leds.backend, reference.leds.spi_bus, reference.leds.spi_device) == (
        "spi",
        0,
        0,
    )
    assert simulated.leds.backend == "simulated"
    assert [(c.bus, c.address, len(c.channels)) for c in expanders(reference)] == [
        (1, 0x20, 14), (1, 0x21, 14), (1, 0x22, 14), (1, 0x23, 14), (1, 0x24, 5)
    ]  # fmt: skip
    assert reference.sensed_spots == HOLES


def test_the_gutter_board_senses_twelve_slots_on_a_sixth_chip() -> None:
    loaded = profile("sim-abalone-gutters")
    assert loaded.sensed_spots == HOLES | GUTTERS
    wiring = expander_wiring(loaded)
    assert {spot: wiring[spot] for spot in GUTTERS} == {
        **{f"gutter:b:{k}": (1, 0x25, f"A{k - 1}") for k in range(1, 7)},
        **{f"gutter:w:{k}": (1, 0x25, f"B{k - 1}") for k in range(1, 7)},
    }
    assert {s: w for s, w in wiring.items() if s in HOLES} == expander_wiring(
        profile("sim-abalone")
    )


def test_the_polarity_board_needs_a_second_bus() -> None:
    loaded = profile("sim-abalone-polarity")
    assert loaded.sensing is Sensing.POLARITY
    assert loaded.bus_numbers == (1, 3)
    chips = [(c.bus, c.address) for c in expanders(loaded)]
    assert chips == [(1, address) for address in range(0x20, 0x28)] + [(3, 0x20)]
    poles = {(ch.spot, ch.pole) for chip in expanders(loaded) for ch in chip.channels}
    assert len(poles) == 122
    assert poles == {(hole, pole) for hole in HOLES for pole in (NORTH, SOUTH)}


def test_the_board_page_shows_the_reference_wiring() -> None:
    assert documented_wiring(DOC) == expander_wiring(profile("abalone-reference"))


def test_the_board_page_shows_the_led_numbers() -> None:
    assert documented_leds(DOC) == dict(profile("abalone-reference").leds.spots)
    indicators = dict(profile("abalone-reference").leds.indicators)
    assert indicators == {"turn:1": (61,), "turn:0": (62,), "status": (63,)}
