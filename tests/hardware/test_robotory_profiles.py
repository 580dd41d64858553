"""The bundled Robotory profiles: wiring, LED chain, indicators, buttons, the mirrored
board, and the board page that documents them."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from drivers.buttons import ButtonRole
from engine.physical import NORTH, SOUTH, Sensing
from engine.robotory import ROBOTORY
from hardware.profile import Profile, bundled_profiles, load_profile
from tests.hardware.board_pages import (
    DOCS,
    documented_leds,
    documented_wiring,
    expander_wiring,
    markdown_table,
)
from tests.hardware.parts import expanders

CELLS = frozenset(ROBOTORY.cells)
STOCKS = frozenset(ROBOTORY.off_board_spots)
PROFILES = (
    "robotory-reference",
    "robotory-reference-mirrored",
    "sim-robotory",
    "sim-robotory-polarity",
    "sim-robotory-stock",
)
DOC = DOCS / "robotory-board.md"
INDICATORS = {
    "turn:0": (24,),
    "turn:1": (25,),
    "status": (26,),
    **{f"lid:w:{k}": (26 + k,) for k in range(1, 6)},
    **{f"lid:b:{k}": (31 + k,) for k in range(1, 6)},
}
MIRROR = {"A": "E", "B": "D", "C": "C", "D": "B", "E": "A"}


def profile(name: str) -> Profile:
    return load_profile(name, ROBOTORY)


def test_the_robotory_profiles_are_bundled() -> None:
    assert set(PROFILES) <= set(bundled_profiles())
    assert load_profile("sim", ROBOTORY).source == "profiles/sim-robotory.toml"


@pytest.mark.parametrize("name", PROFILES)
def test_every_profile_loads_with_an_led_for_each_sensed_spot(name: str) -> None:
    loaded = profile(name)
    assert loaded.games == ("robotory",)
    assert loaded.sensed_spots >= CELLS
    lit = dict(loaded.leds.spots)
    assert loaded.sensed_spots == set(lit)
    assert all(len(leds) == 1 for leds in lit.values())
    indicators = dict(loaded.leds.indicators)
    if name.startswith("sim"):  # the ok button's own LED, last on the strip
        assert indicators.pop("ok") == (loaded.leds.count - 1,)
    assert indicators == INDICATORS
    used = [led for leds in (*lit.values(), *dict(loaded.leds.indicators).values()) for led in leds]
    assert sorted(used) == list(range(loaded.leds.count))  # every LED used once
    assert dict(loaded.buttons) == {
        ButtonRole.OK: 5,
        ButtonRole.NEXT: 6,
        ButtonRole.BACK: 13,
        ButtonRole.REFILL: 19,
    }
    for chip in expanders(loaded):
        assert chip.input_mask & 0x8080 == 0  # never GPA7 or GPB7


@pytest.mark.parametrize("name", PROFILES)
def test_the_led_chain_is_a_serpentine_along_the_columns(name: str) -> None:
    leds = {leds[0]: spot for spot, leds in profile(name).leds.spots if spot in CELLS}
    chain = [leds[i] for i in range(24)]
    for a, b in itertools.pairwise(chain):
        pa, pb = ROBOTORY.geometry.place(a), ROBOTORY.geometry.place(b)
        assert math.dist((pa.x, pa.y), (pb.x, pb.y)) < 1.01, (a, b)  # next to each other


def test_the_simulated_board_is_the_reference_board() -> None:
    reference, simulated = profile("robotory-reference"), profile("sim-robotory")
    assert reference.sensing is simulated.sensing is Sensing.OCCUPANCY
    assert expander_wiring(reference) == expander_wiring(simulated)
    assert reference.leds.spots == simulated.leds.spots
    assert (reference.leds.backend, reference.leds.spi_bus, reference.leds.spi_device) == (
        "spi",
        0,
        0,
    )
    assert simulated.leds.backend == "simulated"
    assert [(c.bus, c.address, len(c.channels)) for c in expanders(reference)] == [
        (1, 0x20, 14),
        (1, 0x21, 10),
    ]
    assert reference.sensed_spots == CELLS


def mirror(cell: str) -> str:
    return MIRROR[cell[0]] + cell[1:]


def test_the_mirrored_board_reads_each_place_as_its_mirror_cell() -> None:
    reference, mirrored = profile("robotory-reference"), profile("robotory-reference-mirrored")
    assert {
        mirror(cell): where for cell, where in expander_wiring(reference).items()
    } == expander_wiring(mirrored)
    reference_leds = dict(reference.leds.spots)
    assert {mirror(c): leds for c, leds in reference_leds.items()} == dict(mirrored.leds.spots)
    assert mirrored.leds.indicators == reference.leds.indicators
    assert mirrored.buttons == reference.buttons
    # the mirror of a place is the place reflected left to right: same row, column 4 - x
    geometry = ROBOTORY.geometry
    centre = geometry.place("C1").x
    for cell in CELLS:
        a, b = geometry.place(cell), geometry.place(mirror(cell))
        assert math.isclose(a.y, b.y) and math.isclose(a.x - centre, centre - b.x, abs_tol=1e-5)


def test_the_stock_board_senses_eight_slots_on_a_third_chip() -> None:
    loaded = profile("sim-robotory-stock")
    assert loaded.sensed_spots == CELLS | STOCKS
    found = expander_wiring(loaded)
    assert {spot: found[spot] for spot in STOCKS} == {
        **{f"stock:l:{k}": (1, 0x22, f"A{k - 1}") for k in range(1, 5)},
        **{f"stock:d:{k}": (1, 0x22, f"B{k - 1}") for k in range(1, 5)},
    }
    assert {s: w for s, w in found.items() if s in CELLS} == expander_wiring(
        profile("sim-robotory")
    )
    lit = dict(loaded.leds.spots)
    assert [lit[f"stock:l:{k}"] for k in range(1, 5)] == [(37,), (38,), (39,), (40,)]
    assert [lit[f"stock:d:{k}"] for k in range(1, 5)] == [(41,), (42,), (43,), (44,)]


def test_the_polarity_board_has_two_sensors_per_cell() -> None:
    loaded = profile("sim-robotory-polarity")
    assert loaded.sensing is Sensing.POLARITY
    assert [(c.bus, c.address) for c in expanders(loaded)] == [
        (1, 0x20),
        (1, 0x21),
        (1, 0x22),
        (1, 0x23),
    ]
    poles = {(ch.spot, ch.pole) for chip in expanders(loaded) for ch in chip.channels}
    assert poles == {(cell, pole) for cell in CELLS for pole in (NORTH, SOUTH)}
    first = expanders(loaded)[0].channels
    assert [(c.pin_name, c.spot, c.pole) for c in first[:3]] == [
        ("A0", "A1", NORTH),
        ("A1", "A1", SOUTH),
        ("A2", "A2", NORTH),
    ]


def test_the_board_page_shows_the_reference_wiring() -> None:
    assert documented_wiring(DOC) == expander_wiring(profile("robotory-reference"))


def test_the_board_page_shows_the_led_numbers_and_indicators() -> None:
    assert documented_leds(DOC) == dict(profile("robotory-reference").leds.spots)
    _, _, *indicator_rows = markdown_table(DOC, "Thirteen indicator LEDs")
    named = {}
    for leds, names, _ in indicator_rows:
        first, _, last = leds.partition("-")
        numbers = range(int(first), int(last or first) + 1)
        if ".." in names:
            prefix = names.split("`")[1].rsplit(":", 1)[0]
            labels = [f"{prefix}:{k}" for k in range(1, len(numbers) + 1)]
        else:
            labels = [names.strip("`")]
        named.update({label: (n,) for label, n in zip(labels, numbers, strict=True)})
    assert named == INDICATORS


def test_the_board_page_shows_the_mirror_examples() -> None:
    _, _, *rows = markdown_table(DOC, "## A mirrored board")
    reference = expander_wiring(profile("robotory-reference"))
    reference_leds = dict(profile("robotory-reference").leds.spots)
    mirrored = expander_wiring(profile("robotory-reference-mirrored"))
    for place, wired, reads in rows:
        found = re.match(r"(0x2\d) GP(\w\d), LED (\d+)", wired)
        assert found is not None, wired
        chip, pin, led = found.groups()
        assert reference[place] == (1, int(chip, 16), pin)
        assert reference_leds[place] == (int(led),)
        assert mirrored[reads] == reference[place]
