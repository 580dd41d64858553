"""The command line's and the profile's word for a remote game: ``--remote URL`` with
``--host-game`` or ``--join CODE`` (and ``--seat``), or a profile's ``[remote]`` table,
a board that plays another board over an MQTT broker whenever the service starts (the
options override it). The table is registered with the profile loader by the feature
(``REMOTE``, collected in firmware_host/loops/profiles.py); hardware/ knows nothing of it.

    [remote]
    broker = "mqtts://kiban:secret@broker.example"
    host = true            # or: join = "K7QM2-XRDP9"
    seats = ["b"]          # the seats played at this board (default: the first/a free one)
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hardware.profile_features import FeatureReader, FeatureSection

if TYPE_CHECKING:  # imported where a remote game is asked for: a board playing here
    # never loads them (remote.terms signs with cryptography; issue 80)
    from firmware_host.remote.code import GameCode
    from firmware_host.remote.terms import Request

_CODE = re.compile(r"^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$")
_SEAT = re.compile(r"^[A-Za-z0-9]{1,16}$")


@dataclass(frozen=True, slots=True)
class RemoteSpec:
    """The ``[remote]`` table as read: the broker, whether this board hosts or which
    code it joins, and the seats it plays."""

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


def add_remote_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("play across boards (an MQTT broker)")
    group.add_argument(
        "--remote",
        metavar="URL",
        help="the broker: mqtt://HOST[:PORT], mqtts:// for TLS, USER:PASSWORD@ when it asks",
    )
    group.add_argument(
        "--host-game", action="store_true", help="host a game: prints the code others join"
    )
    group.add_argument("--join", metavar="CODE", help="join the game with this code")
    group.add_argument(
        "--watch", metavar="CODE", help="follow the game with this code on the page, read-only"
    )
    group.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="SEAT",
        help="a seat played at this board, repeatable (default: the first, or a free one)",
    )


def remote_request(
    args: argparse.Namespace, spec: RemoteSpec | None = None, *, resume: bool = True
) -> Request | None:
    """What the options (else the profile's ``[remote]``) ask for; None for a game here."""
    watch = getattr(args, "watch", None)
    if args.remote is None:
        if args.host_game or args.join or args.seat or watch:
            raise SystemExit(
                "kiban: --host-game, --join, --watch and --seat need --remote URL (a broker)"
            )
        return None if spec is None else _profile_request(spec, resume)
    from firmware_host.remote.address import BrokerAddress
    from firmware_host.remote.code import GameCode
    from firmware_host.remote.terms import Request

    address = BrokerAddress.parse(args.remote)
    if watch is not None:
        if args.host_game or args.join or not getattr(args, "web", False):
            raise SystemExit("kiban: --watch CODE follows a game on the page: with --web only")
        return Request(address, False, GameCode.parse(watch), (), resume=False, watch=True)
    if args.host_game == (args.join is not None):
        raise SystemExit("kiban: with --remote, give --host-game, --join CODE or --watch CODE")
    code = None if args.join is None else GameCode.parse(args.join)
    return Request(address, args.host_game, code, tuple(args.seat), resume)


def _profile_request(spec: RemoteSpec, resume: bool) -> Request:
    """The profile's ``[remote]`` table as a request."""
    from firmware_host.remote.address import BrokerAddress
    from firmware_host.remote.code import GameCode
    from firmware_host.remote.terms import Request

    code = None if spec.join is None else GameCode.parse(spec.join)
    return Request(BrokerAddress.parse(spec.broker), spec.host, code, spec.seats, resume)


def invitation(code: GameCode, watch: GameCode, request: Request, game: str) -> str:
    """What the host tells the other players (and the code it gives spectators)."""
    from firmware_host.remote.address import LOGIN

    address = request.address.shared()  # never the host's own login
    told = (
        f"game code {code}: on the other board, "
        f"kiban sim {game} --remote {address} --join {code} "
        f"(or kiban run ... --remote {address} --join {code}); "
        f"spectators follow it read-only with the watch code {watch}: "
        f"kiban sim {game} --web --remote {address} --watch {watch}"
    )
    if request.address.username is not None:
        told += f" ({LOGIN}: a login of each board's own, such as a line of kiban broker's logins)"
    return told
