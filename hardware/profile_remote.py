"""The ``[remote]`` table of a profile: a board that plays another board over an MQTT
broker whenever the service starts (``kiban run`` options override it).

    [remote]
    broker = "mqtts://kiban:secret@broker.example"
    host = true            # or: join = "K7QM2-XRDP9"
    seats = ["b"]          # the seats played at this board (default: the first/a free one)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hardware.profile_base import ReaderBase
from hardware.toml_lines import KeyPath

_CODE = re.compile(r"^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$")
_SEAT = re.compile(r"^[A-Za-z0-9]{1,16}$")


@dataclass(frozen=True, slots=True)
class RemoteSpec:
    broker: str
    host: bool = False
    join: str | None = None
    seats: tuple[str, ...] = ()


class RemoteReader(ReaderBase):
    def _remote(self) -> RemoteSpec | None:
        """The optional ``[remote]`` table: ``broker``, ``host`` or ``join``, ``seats``."""
        if "remote" not in self.data:
            return None
        path: KeyPath = ("remote",)
        table = self._get(self.data, (), "remote", dict)
        self._only(table, path, ("broker", "host", "join", "seats"))
        broker = self._get(table, path, "broker", str)
        if not broker.startswith(("mqtt://", "mqtts://")):
            raise self.fail((*path, "broker"), f"broker {broker!r} must be mqtt:// or mqtts://")
        host = self._get(table, path, "host", bool, False)
        join = self._get(table, path, "join", str, "") or None
        if host == (join is not None):
            raise self.fail(path, "a remote board either hosts (host = true) or joins a code")
        if join is not None and not _CODE.match(join):
            raise self.fail((*path, "join"), f"{join!r} is not a game code like K7QM2-XRDP9")
        seats = self._get(table, path, "seats", list, [])
        for index, seat in enumerate(seats):
            if not isinstance(seat, str) or not _SEAT.match(seat):
                raise self.fail((*path, "seats", index), f"{seat!r} is not a seat's name")
        return RemoteSpec(broker, host, join, tuple(seats))
