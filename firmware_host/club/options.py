"""The command line's and the profile's word for a board in a club room:
``--room ROOM --broker HOST[:PORT]`` on ``kiban run`` or ``kiban sim``, or a profile's
``[club]`` table (the options override it):

    [club]
    room = "3f9a0c..."              # the room ``kiban room open`` printed
    broker = "hall.local"           # HOST[:PORT], or mqtt:// / mqtts:// as --remote takes it
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from hardware.profile_features import FeatureReader, FeatureSection

_BROKER = re.compile(r"^(mqtts?://\S+|[A-Za-z0-9.-]+(:[0-9]{1,5})?)$")


@dataclass(frozen=True, slots=True)
class ClubSpec:
    """The room a board joins, on which broker (an address as ``--remote`` takes it)."""

    room: str
    broker: str


def _not_a_room(room: str) -> str | None:
    """Why ``room`` is not a room's name, or None when it is one. The room's messages
    (which sign with ``cryptography``) are imported only once a room is asked for: a
    board in no room never loads them (``kiban run``'s memory, issue 80)."""
    from firmware_host.club.messages import ROOM_ID

    if re.fullmatch(rf"[0-9a-f]{{{ROOM_ID}}}", room):
        return None
    return f"{room!r} is not a room's name ({ROOM_ID} hex digits)"


def broker_url(text: str) -> str:
    """``HOST[:PORT]`` as a board's broker address (one with its scheme as it is)."""
    return text if "://" in text else f"mqtt://{text}"


def read_club(reader: FeatureReader) -> ClubSpec | None:
    """The ``[club]`` table: ``room`` and ``broker``."""
    reader.only(("room", "broker"))
    room = reader.get("room", str)
    wrong = _not_a_room(room)
    if wrong is not None:
        raise reader.fail(reader.key("room"), f"room {wrong}")
    broker = reader.get("broker", str)
    if not _BROKER.match(broker):
        raise reader.fail(reader.key("broker"), f"broker {broker!r} is not HOST[:PORT]")
    return ClubSpec(room, broker_url(broker))


CLUB: FeatureSection[ClubSpec | None] = FeatureSection("club", read_club, None)
"""The ``[club]`` table, as the profile loader is given it (None: in no club room)."""


def add_club_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("a board in a club room (docs/club.md)")
    group.add_argument("--room", metavar="ROOM", help="the club room to join (kiban room open)")
    group.add_argument("--broker", metavar="HOST[:PORT]", help="the club room's broker")


def club_spec(args: argparse.Namespace, spec: ClubSpec | None = None) -> ClubSpec | None:
    """What the options (else the profile's ``[club]``) ask for; None outside a room."""
    room, broker = getattr(args, "room", None), getattr(args, "broker", None)
    if room is None and broker is None:
        return spec
    if room is None or broker is None:
        raise SystemExit("kiban: a club board needs both --room ROOM and --broker HOST[:PORT]")
    wrong = _not_a_room(room)
    if wrong is not None:
        raise SystemExit(f"kiban: --room {wrong}")
    if not _BROKER.match(broker):
        raise SystemExit(f"kiban: --broker {broker!r} is not HOST[:PORT]")
    if getattr(args, "remote", None) is not None:
        raise SystemExit("kiban: a club board broadcasts its own game: no --remote with --room")
    return ClubSpec(room, broker_url(broker))


def club_side(spec: ClubSpec, state_dir: Path, *, resume: bool) -> object:
    """The board's side of the room, its key kept in ``state_dir``."""
    from firmware_host.club.board_side import ClubSide
    from firmware_host.club.keeping import board_key
    from firmware_host.remote.address import BrokerAddress

    key, floor = board_key(state_dir)
    return ClubSide(
        spec.room, BrokerAddress.parse(spec.broker), key=key, sequence=floor, resume=resume
    )
