"""The terms of a remote game, which every side that starts or carries one shares: what
it is asked to be (the request from the command line or the page), what it keeps (the
setting the store keeps so a restarted board takes its game up again as itself), the
start plan it hands the controller, and the broker connection it needs.

Apart from ``starting.py`` and ``game.py``, which sign and link, so that the page, the
club's side and the command line can name these without loading either."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from engine.errors import KibanError
from engine.said import Said
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.room import Role

JOIN_WAIT = 20.0  # seconds a joining board waits for the host's game and its seat
SPEC_GRACE = 1.5  # seconds a restarted host listens for its own game before re-seating


class RemoteGameError(KibanError, RuntimeError):
    """A remote game that cannot start: no such game, no free seat, no broker."""


@dataclass(frozen=True, slots=True)
class RemoteSetting:
    """What the game store keeps of a remote game (setting ``remote``), so a board
    that restarts takes it up again as itself: its role, the code, its board id, the
    game's id, its own signing key, the host's key as it first knew it, and the
    message numbers it may have used (``sequence``: every number it sent is below it,
    so a restarted board numbers on from there, whatever its clock says)."""

    role: Role
    code: GameCode
    board: str
    uid: str
    identity: BoardKey | None = field(default=None, compare=False)  # None: a spectator
    host_key: str | None = None
    sequence: int | None = None  # None: kept by an older Kiban, which numbered by the clock

    def text(self) -> str:
        key = "-" if self.identity is None else self.identity.text()
        parts = (self.role.value, self.code.letters, self.board, self.uid, key)
        numbers = () if self.sequence is None else (str(self.sequence),)
        return ":".join((*parts, self.host_key or "-", *numbers))

    @classmethod
    def parse(cls, text: str) -> RemoteSetting:
        parts = text.split(":")
        if len(parts) == 4:
            raise RemoteGameError(
                "the stored remote game was made by an earlier Kiban (protocol 1, where "
                "boards shared one key): it cannot be taken up; start a new one with --new"
            )
        try:
            role, code, board, uid, key, host_key, *numbers = parts
            identity = None if key == "-" else BoardKey.from_text(key)
            if len(numbers) > 1 or (numbers and not numbers[0].isdigit()):
                raise ValueError("the message numbers reserved are not a number")
            sequence = int(numbers[0]) if numbers else None
            return cls(
                Role(role),
                GameCode.parse(code),
                board,
                uid,
                identity,
                _or_none(host_key),
                sequence,
            )
        except (ValueError, KibanError) as error:
            raise RemoteGameError(
                f"the stored remote game {text[:40]!r}... cannot be read"
            ) from error


def _or_none(text: str) -> str | None:
    return None if text == "-" else text


@dataclass(frozen=True, slots=True)
class Plan:
    """How the controller starts: what ``Controller.start`` is given."""

    resume: bool
    options: Mapping[str, str] | None
    position: str | None
    moves: tuple[str, ...]
    settings: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Request:
    """What the person at this board asked for on the command line or the page."""

    address: BrokerAddress
    host: bool
    code: GameCode | None = None  # the game to join
    seats: tuple[str, ...] = ()  # the seats this board plays (by name); () for the default
    resume: bool = True
    watch: bool = False  # follow the game ``code`` read-only (a spectator's page)
    alone: bool = False  # host with every seat here: the game is broadcast to spectators only


class Connection(Protocol):
    """What a board needs of its broker connection (``Link``, or ``LoopbackLink``)."""

    connects: int
    error: str | None
    trouble: Said | None  # the broker's certificate refused, with what to do

    @property
    def connected(self) -> bool: ...

    def start(self) -> None: ...

    def publish(self, topic: str, payload: bytes, *, retain: bool = True) -> None: ...

    def received(self) -> list[tuple[str, bytes]]: ...

    def resubscribe(self) -> None: ...

    def close(self, goodbye: tuple[str, bytes] | None = None) -> None: ...


LinkFactory = Callable[
    [BrokerAddress, str, Callable[[], tuple[str, bytes]] | None, Callable[[], None]],
    Connection,
]
"""Makes a connection: the broker, the topics to hear, the last will, and what to call
when news comes (each connection picks a random client id of its own)."""
