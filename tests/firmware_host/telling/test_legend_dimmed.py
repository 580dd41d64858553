"""The palettes on a dimmed strip: the painter scales every colour by the profile's
brightness (0.35 in the reference profiles, lower in a dark room), which brings
colours together; the meanings that show side by side in one move must stay apart."""

from __future__ import annotations

import pytest

from drivers.led_strip import Colour
from firmware_host.telling.legend import PALETTES, Meaning, Palette
from tests.firmware_host.telling.test_legend import perceived_distance

DIMMED = 0.25
"""A strip turned down to a quarter, below the reference profiles' 0.35."""

APART = 50.0
"""The least redmean distance, at that brightness, between two meanings a player must
tell apart at a glance: about a quarter of the dimmed strip's black-to-white distance
(191), where a hue or a channel differs by some 25 of its 64 remaining levels."""

NEIGHBOURS = (
    (Meaning.LIFTED, Meaning.SELECTED),  # a lifted piece beside a prompt's selected choice
    (Meaning.ILLEGAL, Meaning.REMOVE),  # an illegal move beside a piece to take off
    (Meaning.THREAT, Meaning.CAPTURE),  # a threatened piece beside a capture destination
)


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
@pytest.mark.parametrize("pair", NEIGHBOURS, ids=lambda pair: f"{pair[0].name}-{pair[1].name}")
def test_neighbouring_meanings_stay_apart_on_a_dimmed_strip(
    palette: Palette, pair: tuple[Meaning, Meaning]
) -> None:
    first, second = (palette.colours[meaning].scaled(DIMMED) for meaning in pair)
    assert perceived_distance(first, second) >= APART, (first, second)


def test_dimming_brings_colours_together_so_the_full_strip_check_is_not_enough() -> None:
    """The old lifted colour (a near white) passed the full-brightness check (75 from
    white) and fails here: the dimmed check is the stricter one."""
    white = PALETTES["default"].colours[Meaning.SELECTED]
    near_white = Colour(230, 230, 230)
    assert perceived_distance(near_white, white) >= 70
    assert perceived_distance(near_white.scaled(DIMMED), white.scaled(DIMMED)) < APART
