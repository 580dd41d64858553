"""Each session setting is checked over its whole range when it is read."""

from __future__ import annotations

import pytest

from firmware_host.session.settings import Settings, SettingsError


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"seed": "-1"}, "seed must be 0 or more, not -1"),
        ({"seed": "x"}, "seed must be a whole number, not 'x'"),
        ({"hints": "-2"}, "hints must be 0 or more, not -2"),
        ({"roll": "maybe"}, "roll must be auto or button"),
        ({"clock": "5m", "clocks": "300,x"}, "clocks must be seconds left"),
        ({"clock": "5m", "clocks": "300,-1"}, "clocks must be seconds left"),
        ({"clocks": "300,280"}, "it needs a clock="),
    ],
)
def test_a_setting_out_of_its_range_is_refused_by_name(given: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.parse(given)


def test_seed_zero_is_a_seed() -> None:
    assert Settings.parse({"seed": "0"}).seed == 0


def test_a_game_taken_up_keeps_its_clocks_and_says_them_again() -> None:
    """A club table's game taken up from the room's record starts on the clocks it had."""
    settings = Settings.parse({"clock": "5m", "clocks": "281.5,290"})
    assert settings.clocks == (281.5, 290.0)
    assert Settings.parse(settings.stored()) == settings
