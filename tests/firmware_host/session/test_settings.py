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
    ],
)
def test_a_setting_out_of_its_range_is_refused_by_name(given: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.parse(given)


def test_seed_zero_is_a_seed() -> None:
    assert Settings.parse({"seed": "0"}).seed == 0
