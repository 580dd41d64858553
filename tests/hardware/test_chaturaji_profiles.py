"""The bundled Chaturaji profiles: every cell sensed once, the LED chain, dice and buttons."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.chaturaji import CHATURAJI
from engine.physical import Sensing
from hardware.profile import bundled_profiles, load_profile
from tests.hardware.parts import expanders


@pytest.mark.parametrize("name", ["sim-chaturaji", "chaturaji-reference"])
def test_chaturaji_profile(name: str) -> None:
    assert name in bundled_profiles()
    profile = load_profile(name, CHATURAJI)
    assert profile.games == ("chaturaji",)
    assert profile.sensing is Sensing.OCCUPANCY
    assert profile.sensed_spots == frozenset(CHATURAJI.cells)
    assert len(expanders(profile)) == 5
    assert [chip.address for chip in expanders(profile)] == [0x20, 0x21, 0x22, 0x23, 0x24]
    channels = [channel for chip in expanders(profile) for channel in chip.channels]
    assert len(channels) == 64
    assert all(channel.pin not in (7, 15) for channel in channels)
    assert sum(len(chip.channels) for chip in expanders(profile)[:4]) == 56  # 14 each
    leds = profile.leds
    assert leds.count == 85
    spots = dict(leds.spots)
    assert spots["a8"] == (0,) and spots["h8"] == (7,)
    assert spots["h7"] == (8,) and spots["a7"] == (15,)  # serpentine
    assert spots["h1"] == (56,) and spots["a1"] == (63,)
    indicators = dict(leds.indicators)
    for seat in range(4):
        assert [indicators[f"dice:{seat}:{pip}"] for pip in range(1, 6)] == [
            (64 + 5 * seat + pip - 1,) for pip in range(1, 6)
        ]
    assert indicators["status"] == (84,)
    assert dict(profile.buttons) == {
        ButtonRole.OK: 5,
        ButtonRole.NEXT: 6,
        ButtonRole.BACK: 13,
        ButtonRole.ROLL: 19,
    }


def test_the_simulated_board_is_the_default_for_chaturaji() -> None:
    sim = load_profile("sim", CHATURAJI)
    reference = load_profile("chaturaji-reference", CHATURAJI)
    assert sim.leds.backend == "simulated"
    assert (reference.leds.backend, reference.leds.spi_bus, reference.leds.spi_device) == (
        "spi",
        0,
        0,
    )
    assert expanders(sim) == expanders(reference)
    assert sim.leds.spots == reference.leds.spots
    assert sim.leds.indicators == reference.leds.indicators
