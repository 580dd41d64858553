"""The ``[remote]`` table the remote feature reads from a board's profile: a service
that plays another board, every mistake named with its line."""

from __future__ import annotations

from firmware_host.loops.profiles import FEATURES
from firmware_host.remote.options import REMOTE, RemoteSpec
from hardware.profile import Profile
from hardware.profile_base import ProfileError
from tests.hardware import test_profile
from tests.hardware.test_profile import HEAD, LEDS


def parse(text: str) -> Profile:
    return test_profile.parse(text, features=FEATURES)


def refused(text: str, needle: str, reason: str) -> ProfileError:
    return test_profile.refused(text, needle, reason, features=FEATURES)


def test_no_table_no_remote_game() -> None:
    assert parse(HEAD + LEDS).feature(REMOTE) is None


def test_a_host_and_a_joining_board_are_read() -> None:
    host = parse(HEAD + LEDS + '[remote]\nbroker = "mqtt://b.example"\nhost = true\n').feature(
        REMOTE
    )
    assert host == RemoteSpec("mqtt://b.example", True, None, ())
    text = '[remote]\nbroker = "mqtts://u:p@b.example"\njoin = "K7QM2-XRDP9"\nseats = ["w"]\n'
    joining = parse(HEAD + LEDS + text).feature(REMOTE)
    assert joining == RemoteSpec("mqtts://u:p@b.example", False, "K7QM2-XRDP9", ("w",))


def test_mistakes_name_their_line() -> None:
    refused(
        HEAD + LEDS + '[remote]\nbroker = "http://b"\nhost = true\n',
        "broker",
        r"must be mqtt:// or mqtts://",
    )
    refused(
        HEAD + LEDS + '[remote]\nbroker = "mqtt://b"\njoin = "nope"\n',
        "join",
        r"'nope' is not a game code",
    )
    refused(
        HEAD + LEDS + '[remote]\nbroker = "mqtt://b"\n',
        "[remote]",
        r"either hosts \(host = true\) or joins a code",
    )
    refused(
        HEAD + LEDS + '[remote]\nbroker = "mqtt://b"\nhost = true\nport = 3\n',
        "port",
        r"unknown key 'port'",
    )
