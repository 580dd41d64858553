"""A feature's table of a profile: read by the feature that declares it, its default
without it, and any table no one declared refused with its file and line."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from hardware.profile_features import FeatureReader, FeatureSection
from tests.hardware.test_profile import HEAD, LEDS, parse, refused


@dataclass(frozen=True, slots=True)
class Chime:
    volume: int = 5
    tune: str = "westminster"


def read_chime(reader: FeatureReader) -> Chime:
    reader.only(("volume", "tune"))
    tune = reader.get("tune", str, "westminster")
    if tune not in ("westminster", "whittington"):
        raise reader.fail(reader.key("tune"), f"no tune called {tune!r}")
    return Chime(reader.in_range("volume", range(11), 5), tune)


CHIME = FeatureSection("chime", read_chime, Chime())


def test_a_declared_table_is_read_by_its_feature() -> None:
    text = HEAD + LEDS + '[chime]\nvolume = 8\ntune = "whittington"\n'
    assert parse(text, features=(CHIME,)).feature(CHIME) == Chime(8, "whittington")


def test_without_its_table_a_feature_has_its_default() -> None:
    assert parse(HEAD + LEDS, features=(CHIME,)).feature(CHIME) == Chime()
    assert parse(HEAD + LEDS).feature(CHIME) == Chime()


def test_a_features_mistakes_name_the_file_and_line() -> None:
    chime = (CHIME,)
    refused(HEAD + LEDS + '[chime]\ntune = "big ben"\n', "tune", r"^no tune called", features=chime)
    refused(HEAD + LEDS + "[chime]\nvolume = 12\n", "volume", r"outside 0\.\.10", features=chime)
    refused(HEAD + LEDS + "[chime]\nloud = true\n", "loud", r"unknown key 'loud'", features=chime)
    refused(HEAD + 'chime = "on"\n' + LEDS, "chime", r"chime must be a table", features=chime)


def test_a_table_no_feature_declared_is_refused_with_its_file_and_line() -> None:
    refused(HEAD + LEDS + "[chime]\nvolume = 8\n", "[chime]", r"unknown key 'chime'")
    # the board alone knows no speech: the speech feature declares [speech]
    refused(HEAD + '[speech]\nmode = "on"\n' + LEDS, "[speech]", r"unknown key 'speech'")
    error = refused(
        HEAD + LEDS + "[chimes]\n", "[chimes]", r"unknown key 'chimes'", features=(CHIME,)
    )
    assert error.reason.endswith(", serial_scanner, chime)")


def test_a_feature_may_not_read_the_boards_own_table() -> None:
    with pytest.raises(ValueError, match=r"the board's own table \[leds\]"):
        parse(HEAD + LEDS, features=(FeatureSection("leds", read_chime, Chime()),))
