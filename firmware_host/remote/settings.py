"""The ``[remote]`` table of a board's profile: a board that plays another board over
an MQTT broker whenever the service starts (``kiban run`` options override it).
Registered with the profile loader by the feature (``REMOTE``, collected in
firmware_host/loops/profiles.py); hardware/ knows nothing of it.

    [remote]
    broker = "mqtts://kiban:secret@broker.example"
    host = true            # or: join = "K7QM2-XRDP9"
    seats = ["b"]          # the seats played at this board (default: the first/a free one)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hardware.profile_features import FeatureReader, FeatureSection

_CODE = re.compile(r"^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$")
_SEAT = re.compile(r"^[A-Za-z0-9]{1,16}$")


@dataclass(frozen=True, slots=True)
class RemoteSpec:
    broker: str
    host: bool = False
    join: str | None = None
    seats: tuple[str, ...] = ()


def read_remote(reader: FeatureReader) -> RemoteSpec | None:
    """The ``[remote]`` table: ``broker``, ``host`` or ``join``, ``seats``."""
    reader.only(("broker", "host", "join", "seats"))
    broker = reader.get("broker", str)
    if not broker.startswith(("mqtt://", "mqtts://")):
        raise reader.fail(reader.key("broker"), f"broker {broker!r} must be mqtt:// or mqtts://")
    host = reader.get("host", bool, False)
    join = reader.get("join", str, "") or None
    if host == (join is not None):
        raise reader.fail(reader.path, "a remote board either hosts (host = true) or joins a code")
    if join is not None and not _CODE.match(join):
        raise reader.fail(reader.key("join"), f"{join!r} is not a game code like K7QM2-XRDP9")
    seats = reader.get("seats", list, [])
    for index, seat in enumerate(seats):
        if not isinstance(seat, str) or not _SEAT.match(seat):
            raise reader.fail((*reader.path, "seats", index), f"{seat!r} is not a seat's name")
    return RemoteSpec(broker, host, join, tuple(seats))


REMOTE: FeatureSection[RemoteSpec | None] = FeatureSection("remote", read_remote, None)
"""The ``[remote]`` table, as the profile loader is given it (None: no remote game)."""
