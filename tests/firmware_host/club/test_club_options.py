"""How a board is told to join a club room: ``--room ROOM --broker HOST[:PORT]``, or a
profile's ``[club]`` table, every mistake in it named with its file and line."""

from __future__ import annotations

import argparse

import pytest

from firmware_host.club.options import CLUB, ClubSpec, club_spec
from firmware_host.loops.profiles import FEATURES
from hardware.profile import Profile
from tests.hardware import test_profile
from tests.hardware.test_profile import HEAD, LEDS

ROOM = "0123456789abcdef01234567"


def parse(text: str) -> Profile:
    return test_profile.parse(text, features=FEATURES)


def test_the_profiles_club_table_is_read() -> None:
    assert parse(HEAD + LEDS).feature(CLUB) is None
    text = f'[club]\nroom = "{ROOM}"\nbroker = "hall.local:1884"\n'
    assert parse(HEAD + LEDS + text).feature(CLUB) == ClubSpec(ROOM, "mqtt://hall.local:1884")


def test_a_bad_club_table_names_its_line() -> None:
    test_profile.refused(
        HEAD + LEDS + '[club]\nroom = "room 1"\nbroker = "hall.local"\n',
        "room =",
        "is not a room's name",
        features=FEATURES,
    )
    test_profile.refused(
        HEAD + LEDS + f'[club]\nroom = "{ROOM}"\nbroker = "hall local"\n',
        "broker =",
        "is not HOST",
        features=FEATURES,
    )


def args(**given: str | None) -> argparse.Namespace:
    return argparse.Namespace(**{"room": None, "broker": None, "remote": None, **given})


def test_the_options_override_the_profile_and_need_each_other() -> None:
    kept = ClubSpec(ROOM, "mqtt://a")
    assert club_spec(args(), kept) == kept
    assert club_spec(args(room=ROOM, broker="b"), kept) == ClubSpec(ROOM, "mqtt://b")
    with pytest.raises(SystemExit, match="both --room ROOM and --broker"):
        club_spec(args(room=ROOM))
    with pytest.raises(SystemExit, match="is not a room's name"):
        club_spec(args(room="ROOM", broker="b"))
    with pytest.raises(SystemExit, match="no --remote with --room"):
        club_spec(args(room=ROOM, broker="b", remote="mqtt://c"))
