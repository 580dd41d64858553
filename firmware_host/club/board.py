"""A board's side of the club room: what it says of itself, and what it lights when
the organiser asks which board it is.

A board in a club room publishes its birth (retained) whenever what it says changes,
and leaves a last will with the broker; both are numbered by one ``Sequencer``, so
that whoever reads them can tell a replay from news. A request to light up is
believed only from the organiser's key (``roster.organiser_signed``).
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.physical import Spot
from firmware_host.club.messages import (
    Birth,
    ClubMessage,
    ClubTopic,
    Light,
    Offline,
    club_topic,
    encode,
)
from firmware_host.club.roster import organiser_signed
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.room import Sequencer


class ClubBoard:
    """One board in the room ``room``, speaking as ``board`` with ``key``."""

    def __init__(self, room: str, board: str, key: BoardKey, sequence: int = 0) -> None:
        """``sequence``: the last number this board used (kept by its store)."""
        self.room = room
        self.board = board
        self.key = key
        self.sequence = Sequencer(sequence)
        self.topic = club_topic(room, ClubTopic.BOARD, board)
        self._asked = -1  # the seq of the organiser's last request believed

    def birth(self, birth: Birth) -> tuple[str, bytes]:
        """The retained birth to publish: on connecting, and on every change of it."""
        return self.topic, encode(self.topic, self.board, self.sequence.next(), birth, self.key)

    def will(self) -> tuple[str, bytes]:
        """The last will to leave with the broker (``remote.link.Will``): made anew for
        each connection, each newer than the last."""
        body = Offline()
        return self.topic, encode(self.topic, self.board, self.sequence.next(), body, self.key)

    def light_asked(self, message: ClubMessage) -> Light | None:
        """The organiser's request to this board to light up, None for any other
        message (another board's, one not signed by the organiser, or one heard
        before or older)."""
        if not isinstance(message.body, Light) or message.board != self.board:
            return None
        if message.seq <= self._asked or not organiser_signed(message, self.room):
            return None  # a replay (a bridge's), an older request, or a forgery
        self._asked = message.seq
        return message.body


def lights_for(game: Game[Any], light: Light | None) -> frozenset[Spot]:
    """The spots a board lights when the organiser asks which board it is: every cell,
    so that it is seen across the hall; none once the request is withdrawn."""
    if light is None or light.table is None:
        return frozenset()
    return frozenset(game.cells)
